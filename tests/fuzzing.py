"""Fuzzing every reader: generated and mutated inputs, and what each must do.

Generation is structure-aware (pieces of each language put together by its
rules, real and broken) and mutation starts from the test vectors.  For each
input, `check` runs the reader and requires that:

- only sokfmt errors escape, and an error's line, column, offset and source
  line agree with each other in the caller's text;
- what reads can be written, reads back equal, and the writer's output is a
  fixed point (write, read, write gives the same text).

`run(count, seed)` feeds `count` inputs to every reader and returns the
outcome counts and the failures; `python tests/fuzzing.py COUNT [SEED]` prints
them (the long runs).  The suite runs it with a small count.
"""

from __future__ import annotations

import ast
import copy
import dataclasses
import functools
import io
import json
import pickle
import random
import re
import sys
import warnings
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import sokfmt
from sokfmt import (
    Board,
    Collection,
    LevPuzzle,
    ParseError,
    Puzzle,
    SavedGame,
    SokfmtError,
    Tessellation,
    from_dict,
    loads_moves,
)
from sokfmt._slc import read as _slc
from sokfmt._slc import tree
from sokfmt._sok import plain
from sokfmt._sok import read as _sok_read
from sokfmt._sok.holds import valued_keys
from sokfmt.errors import quoted

VECTORS = Path(__file__).parent / "vectors"

# ------------------------------------------------------------- generation

_ODD = ["\u2028", "\x0b", "\x85", "\x0c", "\xa0", "\ufeff", "\x00", "é", "€", "\U0001f600", "\r"]


def _vector_inputs(name: str) -> list[str]:
    document = json.loads((VECTORS / name).read_text("utf-8"))
    return [case["input"] for case in document["cases"]]


def _vector_files(folder: str, suffixes: tuple[str, ...]) -> list[str]:
    return [
        path.read_bytes().decode("utf-8", "replace")
        for path in sorted((VECTORS / folder).iterdir())
        if path.suffix in suffixes
    ]


SEEDS: dict[str, list[str]] = {
    "rle": _vector_inputs("rle.json"),
    "moves": _vector_inputs("moves.json"),
    "board": _vector_inputs("board/boards.json"),
    "sok": _vector_files("sok", (".sok", ".xsb")) + _vector_inputs("sok/invalid.json"),
    "lev": _vector_files("lev", (".lev",)) + _vector_inputs("lev/invalid.json"),
    "slc": _vector_files("slc", (".slc",)) + _vector_inputs("slc/invalid.json"),
}

_RLE_PIECES = ["#", "-", "3", "12", "0", "(", ")", "2(", "|", "\n", "ab", "9999999999", " "]
_MOVE_PIECES = [*"lurdneswLURDNESW", "[", "]", "{", "}", "(", ")", "*", "3", "10", " ", "\n", "2("]
_BOARD_PIECES = [*"#@+$*.- _pPbBWmMo", "|", "3", "(", ")", "\n", "\t", "2(", "\r\n"]
_SOK_LINES = [
    "#####",
    "#@$.#",
    "# * #",
    "#   #",
    "-----",
    "  #### ",
    "5#|#@$.#|5#",
    "3#|#-#|",
    "2-|",
    "#@ $.#",
    "#-#",
    "lurd",
    "LURD",
    "rRxRR",
    "[lu]dR",
    "{r}L",
    "3(dr)R*",
    "lLL",
    "Title",
    "Solution",
    "Solution 12/3",
    "Key: v",
    "Title: Named",
    "Author: Me",
    "Collection: C",
    "Game: Hexoban",
    "Game: Trioban",
    "Game: Octoban",
    "Game: Nope",
    "boxorder: 1 2",
    "goalorder: 2 1",
    "Solver: x",
    ":: comment",
    ";level 1",
    ">#@$.#",
    "> lurd",
    "bomb",
    "used",
    "30-8-55",
    "#50 (3)",
    "12",
    "",
    "",
    "",
    " ",
    "\t#\t#",
    "W@bW",
    "x y",
    ">:: x",
    " >2",
    "Collection:",
    # The shapes of issue 18: rows of boxes on goals above or under a board
    # ("candle flames"), a ';' label and a name above a board, date lines.
    "  * *",
    "*****",
    "; 101",
    "'Lockdown'",
    "Date Created: 2001-02-03",
    "Date of Last Change: 2004",
    # Issue 30: keys of move letters, stray characters at a row's ends.
    "Url: 99",
    "URL=dd",
    "#-$-?",
    "?-$-#",
    # Almost-moves in Octoban, a key/value line in Sokoban: above a board, a
    # title line that only a caller's Octoban reads (see _title_line_needs_game).
    "Uwl: 12",
    "nesw: 3",
]
_SLC_LINES = [
    '<?xml version="1.0" encoding="utf-8"?>',
    "<SokobanLevels>",
    '<SokobanLevels xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">',
    "</SokobanLevels>",
    "<Title>A &amp; B</Title>",
    "<Title>",
    "</Title>",
    "<Description>",
    "Some text: with a colon",
    "</Description>",
    "<Description>\n\nBlank lines around\n\n</Description>",
    "Date Created: 2001-02-03",
    "Date of Last Change: 2004",
    "<L>  * *</L>",
    "<L>*****</L>",
    "<Email>e@x</Email>",
    "<Url>http://x/?a=1&amp;b=2</Url>",
    '<LevelCollection Copyright="C" MaxWidth="5" MaxHeight="3">',
    "<LevelCollection>",
    "</LevelCollection>",
    '<Level Id="1" Width="5" Height="3">',
    '<Level Id=" spaced " Width="9" Height="2" Copyright="&quot;q&quot;">',
    '<Level Id="x">',
    "</Level>",
    "<L>#####</L>",
    "<L>#@$.#</L>",
    "<L>  #*+ #</L>",
    "<L></L>",
    "<L>   </L>",
    "<L>#X#</L>",
    "<L>5#</L>",
    "<L/>",
    "<!-- note -->",
    "<?pi x?>",
    "<!DOCTYPE r>",
    "&amp;",
    "",
]
_LEV_LINES = [
    "size 4 3",
    "size 2 2",
    "size 0 1",
    "initial",
    "target",
    "AA11",
    "AA..",
    "..22",
    "B.",
    "..",
    "color A 127 0 0",
    "color B 300 1 1",
    "img A a.png",
    "fgimg f.png",
    "bgimg b.png",
    "end",
    "; comment",
    "history",
    "3 4 5",
    "",
    " ",
    "\t",
]


def _pick(rng: random.Random, pieces: list[str], low: int, high: int) -> str:
    return "".join(rng.choice(pieces) for _ in range(rng.randint(low, high)))


def _structured(rng: random.Random, language: str) -> str:
    if language == "rle":
        return _pick(rng, _RLE_PIECES, 0, 20)
    if language == "moves":
        return _pick(rng, _MOVE_PIECES, 0, 30)
    if language == "board":
        return _pick(rng, _BOARD_PIECES, 0, 30)
    if language == "slc" and rng.random() < 0.6:
        return _slc_document(rng)
    lines = {"sok": _SOK_LINES, "lev": _LEV_LINES, "slc": _SLC_LINES}[language]
    chosen = [rng.choice(lines) for _ in range(rng.randint(0, 30))]
    if language == "lev" and chosen and rng.random() < 0.2:
        # A line given again and again (found by fuzzing: quadratic time in
        # the problems reported).
        at = rng.randrange(len(chosen))
        chosen[at:at] = [chosen[at]] * rng.randint(2, 300)
    return rng.choice(["\n", "\n", "\r\n", "\r"]).join(chosen) + rng.choice(["", "\n"])


_SLC_ROWS = ["#####", "#@$.#", "# * #", "  ###", "#+ $#", "", "   ", "#", "# . $ @#", "#&amp;#"]
# Rows whose text is split by markup before a square (found by fuzzing:
# placed as if the markup were not there).
_SLC_ROWS += ["#<!--c-->X#", "<![CDATA[#]]>X#", "&#35;X", "#<?p?>$X", "<![CDATA[\r\n#]]>#"]
_SLC_VALUES = ["T", "A &amp; B", " spaced ", "é", "&quot;q&quot;", "", "&#9;tab", "x&#10;y"]


def _slc_document(rng: random.Random) -> str:
    """A well-formed .slc document of random levels, often valid."""
    out = ['<?xml version="1.0" encoding="utf-8"?>', "<SokobanLevels>"]
    for element in ("Title", "Description", "Email", "Url"):
        if rng.random() < 0.6:
            out.append(f"<{element}>{rng.choice(_SLC_VALUES)}</{element}>")
    out.append(f'<LevelCollection Copyright="{rng.choice(_SLC_VALUES)}">')
    # White space and comments between elements, and many levels (found by
    # fuzzing: quadratic time in both).  A couple of thousand give the shape;
    # how time grows with their number is test_robustness's doubling check
    # (to 64,000 comments and 16 MB of white space).
    if rng.random() < 0.1:
        out.append(rng.choice([" ", "\n", "<!--c-->"]) * rng.randint(1, 2_000))
    for _ in range(rng.randint(0, 3) if rng.random() < 0.9 else rng.randint(0, 300)):
        size = f' Width="{rng.randint(0, 9)}"' if rng.random() < 0.5 else ""
        author = f' Copyright="{rng.choice(_SLC_VALUES)}"' if rng.random() < 0.3 else ""
        out.append(f'<Level Id="{rng.choice(_SLC_VALUES)}"{size}{author}>')
        out += [f"<L>{rng.choice(_SLC_ROWS)}</L>" for _ in range(rng.randint(1, 5))]
        out.append("</Level>")
    out += ["</LevelCollection>", "</SokobanLevels>"]
    return rng.choice(["\n", "\r\n", ""]).join(out)


def mutate(rng: random.Random, text: str, alphabet: list[str]) -> str:
    """`text` with a few random edits: characters changed, inserted or
    removed, lines repeated, dropped or swapped."""
    for _ in range(rng.randint(1, 4)):
        edit = rng.randrange(6)
        at = rng.randint(0, len(text))
        char = rng.choice(alphabet) if rng.random() < 0.8 else rng.choice(_ODD)
        if edit == 0:
            text = text[:at] + char + text[at:]
        elif edit == 1:
            text = text[:at] + char + text[at + 1 :]
        elif edit == 2:
            text = text[:at] + text[at + rng.randint(1, 3) :]
        else:
            lines = text.split("\n")
            i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
            if edit == 3:
                lines.insert(i, lines[j])
            elif edit == 4:
                del lines[i]
            else:
                lines[i], lines[j] = lines[j], lines[i]
            text = "\n".join(lines)
    return text


_ALPHABETS = {
    "rle": _RLE_PIECES,
    "moves": _MOVE_PIECES,
    "board": _BOARD_PIECES,
    "sok": [*"#@$.*+- \n>:;lurdLURDnesw0123456789()|[]{}Tx", "\r"],
    "lev": [*"sizeinitalrgcolbmfAB12.0 \t\n;", "9"],
    "slc": [*'<>/="&; \n\r\t#@$.*+-LX!?', "Level", "&amp;", "&#10;", "é", "]]>"],
    "json": [*'"{}[],: \n\r\t#@$.X\\lu', "\\n", "\\u00e9", "\\ud83d\\ude00", "\\/", "é"],
}


def generate(rng: random.Random, language: str) -> str:
    """One input: generated from the language's pieces, or a mutated
    vector, or a mutated generated input."""
    roll = rng.random()
    if roll < 0.4:
        return _structured(rng, language)
    base = rng.choice(SEEDS[language]) if roll < 0.8 else _structured(rng, language)
    return mutate(rng, base, _ALPHABETS[language])


# ----------------------------------------------------------------- checks


class Failure(AssertionError):
    """A reader broke a promise on one input."""


def _lines(text: str) -> list[str]:
    """The lines of `text` as an editor shows them."""
    return re.split(r"\r\n|\r|\n", text)


def check_position(error: ParseError, text: str) -> None:
    """An error's line, column, offset and source line agree in `text`, the
    caller's text, with its lines as an editor shows them (LF, CRLF and CR
    end one, in every language)."""
    lines = _lines(text)
    if not 1 <= error.line <= len(lines):
        raise Failure(f"line {error.line} outside the {len(lines)} lines")
    line = lines[error.line - 1]
    breaks = [match.end() for match in re.finditer(r"\r\n|\r|\n", text)]
    line_start = ([0, *breaks])[error.line - 1]
    # A column may stand on the line break that ends the line (on the LF of a
    # CRLF too), or just past the last line: the end of the input.
    last = error.line > len(breaks)
    widest = len(text) - line_start + 1 if last else breaks[error.line - 1] - line_start
    if not 1 <= error.column <= widest:
        raise Failure(f"column {error.column} outside line {error.line} {line!r}")
    if error.source_line != line:
        raise Failure(f"source line {error.source_line!r}, expected {line!r}")
    if error.pos != line_start + error.column - 1:
        raise Failure(f"pos {error.pos}, expected {line_start + error.column - 1}")
    if pickle.loads(pickle.dumps(error)).args != error.args:
        raise Failure("the error does not survive pickling")


def _copies(value: object) -> Iterator[object]:
    yield pickle.loads(pickle.dumps(value))
    yield copy.copy(value)
    yield copy.deepcopy(value)


def _same_after_copies(value: Any, show: Callable[[Any], object]) -> None:
    for twin in _copies(value):
        if twin != value or show(twin) != show(value):
            raise Failure(f"a copy of {type(value).__name__} differs")


@dataclass
class Reader:
    """One reader, what it reads, and how its results are written back."""

    name: str
    language: str
    read: Callable[[str], Any]
    write: Callable[[Any], list[str]]  # every text the object may be written as
    # reads what the writer wrote (a writer writes for the reader's defaults)
    reread: Callable[[str], Any] | None = None


_Read = TypeVar("_Read", Collection, LevPuzzle)


def _with_diagnostics(read: Callable[..., _Read], text: str) -> _Read:
    """`read(text, diagnostics=...)`, its diagnostics checked: inside the
    text, and errors raised (the first) exactly when there are some, the
    same collection read either way."""
    found: list[sokfmt.Diagnostic] = []
    collection = read(text, diagnostics=found)
    lines = len(_lines(text))
    if any(not 1 <= d.line <= lines for d in found):
        raise Failure(f"a diagnostic outside the text: {found}")
    errors = [d for d in found if d.severity == "error"]
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", sokfmt.SokfmtWarning)
            strict = read(text, diagnostics=None)
    except ParseError as error:
        if not errors or error.diagnostic() != errors[0]:
            raise Failure(f"raised {error!r}, diagnostics {errors}") from error
        raise
    if errors:
        raise Failure(f"diagnostics hold errors {errors} but nothing was raised")
    if strict != collection:
        raise Failure("with and without diagnostics, different collections")
    return collection


def _parse_sok(text: str, tessellation: Tessellation | None = None) -> Collection:
    """loads_sok, its diagnostics checked, and with replay the same
    collection and diagnostics but those of replay; its fast path for the
    common layout against the full path."""
    _fast_as_full(text, tessellation or Tessellation.SOKOBAN)
    read = functools.partial(sokfmt.loads_sok, tessellation=tessellation)
    collection = _with_diagnostics(read, text)
    found: list[sokfmt.Diagnostic] = []
    read(text, diagnostics=found)
    replayed: list[sokfmt.Diagnostic] = []
    if read(text, diagnostics=replayed, check_games=True) != collection:
        raise Failure("with and without replay, different collections")
    if [d for d in replayed if not d.code.startswith("SOK5")] != found:
        raise Failure(f"replay changes the other diagnostics: {replayed} {found}")
    if any(not 1 <= d.line <= len(_lines(text)) for d in replayed):
        raise Failure(f"a replay diagnostic outside the text: {replayed}")
    return collection


def _fast_as_full(text: str, tessellation: Tessellation) -> None:
    """Where the fast path takes `text`, it reads what the full path does:
    the same collection and diagnostics, or the same error."""
    if plain.layout(text, tessellation) is None:
        return
    readings: list[object] = []
    for fast in (True, False):
        diagnostics: list[sokfmt.Diagnostic] = []
        try:
            read = _sok_read.read_sok(text, tessellation, diagnostics, True, fast=fast)
            readings.append((read, diagnostics))
        except ParseError as error:
            readings.append((str(error), error.pos, error.source_line))
    if readings[0] != readings[1]:
        raise Failure(f"the fast path reads otherwise than the full path: {readings}")


def _parse_lev(text: str) -> LevPuzzle:
    """loads_lev, its diagnostics checked (its warnings, unknown sections,
    go to Python's warnings without a list)."""
    return _with_diagnostics(sokfmt.loads_lev, text)


def _parse_slc(text: str) -> Collection:
    """loads_slc, its diagnostics checked, and its fast path against the full
    reader; a square outside the legend placed where it is written."""
    fast = tree.read(text)  # the reading alone: content warnings are a pass of their own
    if fast is not None:
        doubts: list[sokfmt.Diagnostic] = []
        if _slc.parse_fully(text, doubts, content=False) != fast or doubts:
            raise Failure(f"the fast path reads what the full reader does not: {doubts}")
    try:
        return _with_diagnostics(sokfmt.loads_slc, text)
    except sokfmt.BoardSyntaxError as error:
        found = re.match(r"Unexpected ('.*?'|\".*?\") in a board", error.message)
        square = ast.literal_eval(found[1]) if found else ""
        # As itself, or by a character reference.
        if square and not text.startswith((square, "&#"), error.pos):
            raise Failure(f"{square!r} placed at {text[error.pos : error.pos + 10]!r}") from error
        raise


def _slc_writes(collection: Collection) -> list[str]:
    try:
        return [sokfmt.dumps_slc(collection)]
    except sokfmt.ValidationError:
        return []  # what .slc cannot hold


def _sok_writes(collection: Collection) -> list[str]:
    return [
        sokfmt.dumps_sok(collection),
        sokfmt.dumps_sok(collection, rle=True, wrap=7),
        sokfmt.dumps_sok(collection, floor=" ", outside="_", pad=False, semicolon_titles=True),
    ]


def _sok_writes_read_in(tessellation: Tessellation) -> Callable[[Collection], list[str]]:
    """`_sok_writes` for a collection read with `tessellation` given by the
    caller, where one refusal is by design: see `_title_line_needs_game`."""

    def writes(collection: Collection) -> list[str]:
        try:
            return _sok_writes(collection)
        except sokfmt.ValidationError as error:
            if not _title_line_needs_game(error, collection, tessellation):
                raise
        # The refusal's cause is the missing Game: line and nothing else: with
        # one in the notes, the same collection writes and reads back.
        game = f"Game: {tessellation.value}"
        told = dataclasses.replace(
            collection, notes="\n".join(filter(None, [game, collection.notes]))
        )
        if _parse_sok(sokfmt.dumps_sok(told)) != told:
            raise Failure("with a Game: line in its notes, the collection reads back differently")
        return []

    return writes


def _title_line_needs_game(
    error: sokfmt.ValidationError, collection: Collection, tessellation: Tessellation
) -> bool:
    """Whether `error` is the refusal by design of a collection read with a
    caller's `tessellation`: its first puzzle's title line is one only that
    tessellation reads as a title ("Uwl: 12" is almost-moves in Octoban, a
    key/value line in Sokoban), and with no Game: line in the file's notes no
    text can hold it (a reader of the text reads it as Sokoban)."""
    if tessellation is Tessellation.SOKOBAN or "game" in valued_keys(collection.notes):
        return False
    line = collection.puzzles[0].title_line if collection.puzzles else ""
    message = str(error)
    said = f": its title line {quoted(line)} reads otherwise above its board: "
    if not (
        message.startswith("puzzle 1")
        and said in message
        and message.endswith(" there (before the first board, Sokoban in effect)")
    ):
        return False
    # What the refusal says, by a second method: a reader of Sokoban keeps
    # no such title line above a board.
    probe = f"{line}\n#####\n#@$.#\n#####\nTitle: {line} (probe)\n"
    puzzles = sokfmt.loads_sok(probe, diagnostics=[]).puzzles
    return not puzzles or puzzles[0].title_line != line


def readers() -> list[Reader]:
    found = [
        Reader("decode_rle", "rle", sokfmt.decode_rle, _rle_writes),
        Reader("loads_sok", "sok", _parse_sok, _sok_writes),
        Reader("loads_lev", "lev", _parse_lev, lambda p: [sokfmt.dumps_lev(p)]),
        Reader("loads_slc", "slc", _parse_slc, _slc_writes),
    ]
    for tessellation in Tessellation:
        found.append(
            Reader(
                f"loads_moves/{tessellation.value}",
                "moves",
                lambda text, t=tessellation: loads_moves(text, tessellation=t),
                lambda game: [game.printed_steps(), game.printed_steps(rle=True)],
            )
        )
        found.append(
            Reader(
                f"loads_board/{tessellation.value}",
                "board",
                lambda text, t=tessellation: sokfmt.loads_board(text, tessellation=t),
                lambda board: [str(board), board.printed(rle=True)],
            )
        )
        found.append(
            Reader(
                f"loads_sok/{tessellation.value}",
                "sok",
                lambda text, t=tessellation: _parse_sok(text, t),
                _sok_writes_read_in(tessellation),
                reread=_parse_sok,
            )
        )
    return found


def _rle_writes(decoded: str) -> list[str]:
    try:
        return [sokfmt.encode_rle(decoded)]
    except sokfmt.ValidationError:
        return []  # digits or parentheses: text that RLE cannot hold


def check(reader: Reader, text: str) -> str:
    """Run `reader` on `text`; the outcome's name, or `Failure`."""
    try:
        value = reader.read(text)
    except ParseError as error:
        check_position(error, text)
        return type(error).__name__
    except Exception as error:  # a ValidationError too: bad text is a ParseError
        raise Failure(f"{type(error).__name__}: {error}") from error
    try:
        check_written(reader, value)
    except Failure:
        raise
    except Exception as error:
        raise Failure(f"writing what was read: {type(error).__name__}: {error}") from error
    return "read"


def check_written(reader: Reader, value: Any) -> None:
    """`value` can be written, reads back equal, and the writing is a fixed point."""
    if not isinstance(value, str):
        _same_after_copies(value, lambda twin: reader.write(twin))
    for written in reader.write(value):
        try:
            again = (reader.reread or reader.read)(written)
        except SokfmtError as error:
            raise Failure(f"the writer's output does not read: {error}\n{written!r}") from error
        if again != value:
            raise Failure(f"the writer's output reads back differently\n{written!r}")
        if reader.write(again) != reader.write(value):
            raise Failure(f"the writer's output is not a fixed point\n{written!r}")


# ------------------------------------------------------ JSON and bytes


def json_values(rng: random.Random, depth: int = 0) -> Any:
    """A random JSON value, often shaped like sokfmt's documents."""
    roll = rng.random()
    if depth > 3 or roll < 0.3:
        return rng.choice([None, True, False, 0, -1, 3, 1.5, "", "x", "Sokoban", "lurd", "#"])
    if roll < 0.5:
        return [json_values(rng, depth + 1) for _ in range(rng.randint(0, 3))]
    keys = [
        "title", "notes", "puzzles", "board", "tessellation", "moves", "saved_games",
        "comments", "width", "height", "initial", "colors", "end", "current_move_idx", "x",
    ]  # fmt: skip
    return {rng.choice(keys): json_values(rng, depth + 1) for _ in range(rng.randint(0, 4))}


_DOCUMENT_TYPES: list[Any] = [Board, SavedGame, Puzzle, Collection, LevPuzzle]


def check_json(document: Any) -> str:
    """Every model's `from_dict` on `document`: only sokfmt errors, and what
    reads goes back through `to_dict` unchanged."""
    outcomes = []
    for model in _DOCUMENT_TYPES:
        try:
            value = from_dict(model, document)
        except SokfmtError as error:
            outcomes.append(type(error).__name__)
            continue
        except Exception as error:
            raise Failure(f"{model.__name__}.from_dict: {type(error).__name__}: {error}") from error
        if from_dict(model, json.loads(json.dumps(value.to_dict()))) != value:
            raise Failure(f"{model.__name__}: to_dict does not read back")
        outcomes.append("read")
    return "/".join(sorted(set(outcomes)))


def json_text(rng: random.Random) -> str:
    """A JSON text: a random value, or a collection of the vectors written
    by `dumps`, often damaged (cut short, edited, given odd characters)."""
    if rng.random() < 0.5:
        value = json_values(rng)
        text = json.dumps(value, indent=rng.choice([None, 1]), ensure_ascii=rng.random() < 0.5)
    else:
        collection = sokfmt.loads_sok(rng.choice(_json_seeds()), diagnostics=[])
        text = sokfmt.dumps(collection, "json")
    roll = rng.random()
    strings = list(_BOARD_OR_MOVES.finditer(text))
    if roll < 0.4 and strings:  # a character more in a board or moves string
        inside = rng.choice(strings)
        at = rng.randint(inside.start(1), inside.end(1))
        return text[:at] + rng.choice(_ALPHABETS["json"] + _ODD) + text[at:]
    if roll < 0.6:
        return text[: rng.randint(0, len(text))]
    if roll < 0.9:
        return mutate(rng, text, _ALPHABETS["json"])
    return text


_BOARD_OR_MOVES = re.compile(r'"(?:board|moves)": "((?:[^"\\]|\\.)*)"')


@functools.cache
def _json_seeds() -> list[str]:
    """The .sok vectors that hold boards, to write as JSON."""
    return [text for text in SEEDS["sok"] if "#" in text][:40]


def check_json_text(text: str) -> str:
    """`from_json` on `text`: only sokfmt errors, a `ParseError` placed in
    `text`, and what reads, read again from what `dumps` writes."""
    try:
        value = sokfmt.loads(text, "json")
    except ParseError as error:
        check_position(error, text)
        return type(error).__name__
    except SokfmtError as error:
        return type(error).__name__
    except Exception as error:
        raise Failure(f"from_json: {type(error).__name__}: {error}") from error
    if sokfmt.loads(sokfmt.dumps(value, "json"), "json") != value:
        raise Failure("from_json does not read back what dumps writes")
    return "read"


def check_bytes(data: bytes, language: str = "sok") -> str:
    """`load_X` and `iter_X` (.sok or .slc) agree on the same bytes, and fail cleanly."""
    load: Callable[..., Collection] = sokfmt.load_slc
    stream: Callable[..., Iterator[Puzzle]] = sokfmt.iter_slc
    if language == "sok":
        load = functools.partial(sokfmt.load_sok, check_games=True)
        stream = functools.partial(sokfmt.iter_sok, check_games=True)
    loaded: list[sokfmt.Diagnostic] = []
    try:
        whole: list[Puzzle] | SokfmtError = list(load(io.BytesIO(data), diagnostics=loaded).puzzles)
    except SokfmtError as error:
        whole = error
    except Exception as error:
        raise Failure(f"load_{language}: {type(error).__name__}: {error}") from error
    streamed: list[Puzzle] = []
    found: list[sokfmt.Diagnostic] = []
    try:
        streamed.extend(stream(io.BytesIO(data), diagnostics=found))
    except SokfmtError as error:
        if not isinstance(whole, SokfmtError) or str(error) != str(whole):
            raise Failure(f"iter fails with {error}, load with {whole}") from error
        return type(error).__name__
    except Exception as error:
        raise Failure(f"iter_{language}: {type(error).__name__}: {error}") from error
    if streamed != whole:
        raise Failure(f"iter_{language} and load_{language} read different puzzles")
    if [d.code for d in found] != [d.code for d in loaded] or [
        (d.line, d.column) for d in found
    ] != [(d.line, d.column) for d in loaded]:
        raise Failure(f"iter and load find different problems: {found} {loaded}")
    return "read"


def encoded(rng: random.Random, text: str) -> bytes:
    encoding = rng.choice(["utf-8", "utf-8-sig", "cp1252", "latin-1", "utf-16"])
    data = text.encode(encoding, errors="replace")
    if rng.random() < 0.2:
        at = rng.randint(0, len(data))
        data = data[:at] + bytes([rng.randrange(256)]) + data[at:]
    return data


# -------------------------------------------------------------------- runs


@dataclass
class Report:
    inputs: int = 0
    outcomes: Counter[str] = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)

    def record(self, name: str, text: object, run: Callable[[], str]) -> None:
        self.inputs += 1
        try:
            self.outcomes[f"{name}: {run()}"] += 1
        except Failure as failure:
            self.outcomes[f"{name}: FAILURE"] += 1
            if len(self.failures) < 20:
                self.failures.append(f"{name} on {text!r}:\n  {failure}")


def run_reader(reader: Reader, count: int, seed: int) -> Report:
    """`count` inputs of `reader`'s language through `reader`."""
    rng = random.Random(f"{seed}/{reader.name}")
    report = Report()
    for _ in range(count):
        text = generate(rng, reader.language)
        report.record(reader.name, text, lambda t=text: check(reader, t))
    return report


def run_json(count: int, seed: int) -> Report:
    """`count` random JSON values through every model's `from_dict`, and
    `count` JSON texts through `from_json`."""
    rng = random.Random(f"{seed}/json")
    report = Report()
    for _ in range(count):
        document = json_values(rng)
        report.record("from_dict", document, lambda d=document: check_json(d))
        text = json_text(rng)
        report.record("from_json", text, lambda t=text: check_json_text(t))
    return report


def run_bytes(count: int, seed: int) -> Report:
    """`count` encoded (and damaged) files through `load_X` and `iter_X`,
    for .sok and .slc."""
    report = Report()
    for language in ("sok", "slc"):
        rng = random.Random(f"{seed}/bytes" + ("" if language == "sok" else "/slc"))
        for _ in range(count):
            data = encoded(rng, generate(rng, language))
            name = f"load_{language}/iter_{language} bytes"
            report.record(name, data, lambda d=data, lang=language: check_bytes(d, lang))
    return report


def run(count: int, seed: int = 0) -> Report:
    """`count` inputs for every reader, `from_dict` and the byte readers."""
    report = Report()
    for part in [
        *(run_reader(reader, count, seed) for reader in readers()),
        run_json(count, seed),
        run_bytes(count, seed),
    ]:
        report.inputs += part.inputs
        report.outcomes.update(part.outcomes)
        report.failures += part.failures
    return report


if __name__ == "__main__":
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    report = run(rounds, int(sys.argv[2]) if len(sys.argv) > 2 else 0)
    print(f"{report.inputs:,} inputs")
    for outcome, number in sorted(report.outcomes.items()):
        print(f"{number:>9,}  {outcome}")
    for failure in report.failures:
        print(failure)
    raise SystemExit(1 if report.failures else 0)
