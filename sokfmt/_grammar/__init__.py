"""The grammar runtime: the LALR tables compiled from grammars/*.lark, the
driver that runs them, and the readers of the small languages (RLE, moves,
boards, .lev)."""
