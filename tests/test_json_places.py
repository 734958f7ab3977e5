"""Errors of a JSON document read from text are placed at the key or value
at fault in the caller's text; `from_dict` given a dict has no text, and
its errors no place."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import sokfmt
from sokfmt import Collection, JsonValueError, ParseError, Puzzle, ValidationError

# A collection as `to_dict` writes one, by hand: one puzzle, one saved game.
DOCUMENT = """{
  "title": "C",
  "puzzles": [
    {
      "title": "P",
      "board": {"tessellation": "Sokoban", "board": "#####\\n#@$.#\\n#####"},
      "saved_games": [
        {"tessellation": "Sokoban", "moves": "r", "title": "G"}
      ]
    }
  ]
}
"""

# Each case: a piece of DOCUMENT, what it becomes ("^" marks, and is not,
# the first character of the key or value at fault), and the message.
CASES = [
    # A wrong type at each level.
    ('"title": "C"', '"title": ^3', "'title' must be a string in a collection, not 3"),
    ('"title": "P"', '"title": ^["P"]', "'title' must be a string in a puzzle, not ['P']"),
    (
        '"board": "#####\\n#@$.#\\n#####"',
        '"board": ^5',
        "'board' must be a string in a board, not 5",
    ),
    ('"moves": "r"', '"moves": ^null', "'moves' must be a string in a saved game, not None"),
    (
        '"title": "C"',
        '"title": "C", "comments": ^"c"',
        "'comments' must be an array of strings in a collection, not 'c'",
    ),
    (
        '"tessellation": "Sokoban", "board"',
        '"tessellation": ^"Sokobahn", "board"',
        "Unknown tessellation 'Sokobahn', expected one of",
    ),
    (
        '"board": {"tessellation": "Sokoban", "board": "#####\\n#@$.#\\n#####"}',
        '"board": ^"#####"',
        "A board must be a JSON object, not str",
    ),
    (
        '"tessellation": "Sokoban", "moves"',
        '"tessellation": ^"Sokobahn", "moves"',
        "Unknown tessellation 'Sokobahn', expected one of",
    ),
    # Unknown keys: at the key.
    ('"title": "C"', '^"titel": "C"', "Unknown key 'titel' in a collection; expected title"),
    ('"title": "P"', '^"titel": "P"', "Unknown key 'titel' in a puzzle; expected board"),
    (
        '"moves": "r"',
        '^"solving_mode": "forward", "moves": "r"',
        "Unknown key 'solving_mode' in a saved game",
    ),
    # A missing required key: at its object's opening brace.
    (
        '{"tessellation": "Sokoban", "board": "#####\\n#@$.#\\n#####"}',
        '^{"tessellation": "Sokoban"}',
        "A board needs the key 'board'",
    ),
    (
        '{"tessellation": "Sokoban", "moves": "r", "title": "G"}',
        '^{"tessellation": "Sokoban", "title": "G"}',
        "A saved game needs the key 'moves'",
    ),
    # A bad value inside a list: at the item.
    (
        '{"tessellation": "Sokoban", "moves": "r", "title": "G"}',
        '^"r"',
        "A saved game must be a JSON object, not str",
    ),
    ("    }\n  ]", "    },\n    ^[]\n  ]", "A puzzle must be a JSON object, not list"),
    # An invariant of the model the object makes: at the object.
    (
        '{"tessellation": "Sokoban", "moves": "r", "title": "G"}',
        '^{"tessellation": "Sokoban", "moves": "r", "title": "G", "current_move_idx": 5}',
        "current_move_idx must be a whole number from 0 to 1, not 5",
    ),
]


def _document(piece: str, marked: str, newline: str) -> tuple[str, int]:
    """DOCUMENT with `piece` made `marked`, its lines ended by `newline`, and
    the offset of the mark (which the text does not keep)."""
    assert DOCUMENT.count(piece) == 1, piece
    text = DOCUMENT.replace(piece, marked).replace("\n", newline)
    return text.replace("^", "", 1), text.index("^")


def _line_and_column(text: str, pos: int) -> tuple[int, int]:
    """Counted by hand: every line of the test texts ends with "\\n"."""
    line_start = text.rfind("\n", 0, pos) + 1
    return text.count("\n", 0, pos) + 1, pos - line_start + 1


@pytest.mark.parametrize("newline", ["\n", "\r\n"])
@pytest.mark.parametrize(("piece", "marked", "message"), CASES)
def test_a_json_error_is_placed_at_the_key_or_value_at_fault(
    piece: str, marked: str, message: str, newline: str
) -> None:
    text, pos = _document(piece, marked, newline)
    with pytest.raises(JsonValueError) as raised:
        sokfmt.loads(text, "json")
    error = raised.value
    assert isinstance(error, ValidationError)
    assert error.message.startswith(message)
    assert (error.pos, (error.line, error.column)) == (pos, _line_and_column(text, pos))
    assert error.code == "JSON102"
    # The same message as from_dict's, for the same object given as a dict.
    with pytest.raises(ValidationError) as unplaced:
        sokfmt.from_dict(Collection, json.loads(text))
    assert str(unplaced.value) == error.message


def test_positions_by_hand() -> None:
    # Read off DOCUMENT: "board": 5 is on line 6, the 5 at column 53 (after
    # six spaces and the 46 characters of '"board": {"tessellation":
    # "Sokoban", "board": '); "titel" of the puzzle on line 5, column 7.
    text, _ = _document('"board": "#####\\n#@$.#\\n#####"', '"board": ^5', "\r\n")
    with pytest.raises(JsonValueError) as raised:
        sokfmt.loads(text, "json")
    assert (raised.value.line, raised.value.column) == (6, 53)
    assert raised.value.source_line.startswith('      "board": {"tessellation"')
    text, _ = _document('"title": "P"', '^"titel": "P"', "\n")
    with pytest.raises(JsonValueError) as raised:
        sokfmt.loads(text, "json")
    assert (raised.value.line, raised.value.column) == (5, 7)


@pytest.mark.parametrize(
    ("text", "pos", "message"),
    [
        ("\n  [1]\n", 3, "A collection must be a JSON object, not list"),
        ('  "C"', 2, "A collection must be a JSON object, not str"),
        ('{"initial": ["A"], "width": 1, "height": "1"}', 41, "'height' must be a whole"),
        (
            '{"initial": ["A"], "width": 1, "height": 1, "colors": {"A": [1, "2", 3]}}',
            60,
            "The color of 'A' must be [R, G, B], not [1, '2', 3]",
        ),
    ],
)
def test_an_error_of_the_whole_document_or_a_lev_puzzle_is_placed(
    text: str, pos: int, message: str
) -> None:
    # By hand: the first character that is not white space; the "1" after
    # '"height": ' (41 characters before it); the [ after '"A": ' (60).
    with pytest.raises(JsonValueError) as raised:
        sokfmt.loads(text, "json")
    assert raised.value.message.startswith(message)
    assert raised.value.pos == pos


def test_load_places_the_error_in_the_file(tmp_path: Path) -> None:
    text, pos = _document('"title": "P"', '"title": ^7', "\r\n")
    path = tmp_path / "x.json"
    path.write_bytes(text.encode("utf-16"))
    with pytest.raises(JsonValueError) as raised:
        sokfmt.load(path)
    assert (raised.value.line, raised.value.column) == (5, 16)
    assert raised.value.pos == pos


def test_from_dict_of_a_dict_has_no_place() -> None:
    with pytest.raises(ValidationError) as raised:
        sokfmt.from_dict(Puzzle, {"board": {"tessellation": "Sokoban", "board": 5}})
    assert not isinstance(raised.value, ParseError)
    assert str(raised.value) == "'board' must be a string in a board, not 5"


def test_bytes_that_are_not_text_in_their_json_encoding_are_placed(tmp_path: Path) -> None:
    # A JSON document's bytes are UTF-8 (RFC 8259): a cp1252 "é" (byte e9)
    # is DEC101 where it stands, as any file's undecodable byte is; it was
    # a ValidationError without a place.  Line 2, column 15: ' "title": "Caf'
    # is 14 characters; byte 30: the 16 of line 1 and 14 of line 2 before it.
    data = b'{"puzzles": [],\n "title": "Caf\xe9"}'
    path = tmp_path / "cafe.json"
    path.write_bytes(data)
    for read in (lambda: sokfmt.loads(data, "json"), lambda: sokfmt.load(path)):
        with pytest.raises(sokfmt.DecodeError) as caught:
            read()
        error = caught.value
        assert (error.code, error.line, error.column, error.pos) == ("DEC101", 2, 15, 30)
        assert "UTF-8" in str(error)


@pytest.mark.parametrize(
    "value", ['[["title", -1]]', '[["x", 1]]', "5", "[5]", '[["title", true]]']
)
def test_a_wrong_fields_at_is_placed_at_its_value(value: str) -> None:
    # '{"puzzles": [], "fields_at": ' is 29 characters: the value at column 30.
    text = '{"puzzles": [], "fields_at": ' + value + "}"
    with pytest.raises(JsonValueError) as caught:
        sokfmt.loads(text, "json")
    assert (caught.value.line, caught.value.column, caught.value.pos) == (1, 30, 29)
    assert "fields_at" in str(caught.value)
