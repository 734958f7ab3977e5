"""The .sok reader and writer: steps 1 and 2 of sok.lark (the postlex), the
builder of its steps, the fast paths, the checks a reading runs on request,
and what .sok can hold."""
