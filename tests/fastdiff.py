"""A differential of the .sok reader's fast path against its full path.

`python tests/fastdiff.py COUNT SEED` generates COUNT texts from SEED (each
in a tessellation the caller passes), reads each with `fast=True` and with
`fast=False` (and once more with the bare-boards path turned off, so that the
fast path of sokfmt/_sok/plain.py reads what the bare path would take), and
prints every text on which the readings differ (or on which the tokens
that the fast path hands to the full path are not step 1's), then the counts: texts read,
texts the fast path took whole (`plain.layout(text, t)` not None and its
`rest` None), texts it took in part, and disagreements.  The texts are
paragraphs of 1 to 3 lines of every kind a .sok file holds (text, ";" lines,
key/value lines recognised or not, lines one character from moves (rule 3),
lines of rule 4's shape, comments, blank and white lines), boards (Sokoban
and Hexoban shapes, some opening with a row of floor or of boxes on goals),
runs of rows that make no board, and saved games (one line or several, RLE
and groups), with blank lines between them or not, and with or without a
final line break.  `python tests/fastdiff.py --every SIZE [SET]` reads
instead every text of up to SIZE units of set SET (0 or 1: a line of each
kind the fast path tells apart, a board, a saved game) put together, the
shortest first, so that a disagreement it finds is as short as it can be.  Not collected by pytest
(its name has no "test_").
"""

from __future__ import annotations

import itertools
import random
import sys
import time
from collections.abc import Iterable, Iterator
from unittest import mock

# (Run as a script, tests/ is the first entry of the import path.)
from test_sok_plain import handed_over, read, step_1

from sokfmt import Tessellation
from sokfmt._sok import bare as _sok_bare
from sokfmt._sok import plain as _sok_plain

TEXT = ["Level 1", "Some notes", "Ab", "Caf\u00e9 2", "T", "Solution", "Good", "Snapshot 1", "17"]
TEXT += ["Level", "x y", "Duh!", "'Lockdown'", "A (b)", "Hello world", "#50 (3)", "30-8-55"]
SEMICOLON = ["; 17", ";", ";17", " ; x", "; lurdx", "; #X ###", "; Solution", ";; 2", "; rR"]
KEYS = ["Title: X", "Author: Me", "Game: Hexoban", "Game: Trioban", "Game: Octoban"]
KEYS += ["Game: Sokoban", "GAME = Trioban", "game=hexoban", "Game:", "Game: Squareban"]
KEYS += ["Url: 99", "URL=dd", "Foo: bar", "lurd: x", "Set: S", "Collection: C", "Solver: me"]
KEYS += ["boxorder: 1", "  Title: Mine", "Date Created: x", "Title:", "x: y", "Email: a@b"]
KEYS += ["Time: 00:01", "Difficulty: 3", "Rx: y", "nesw: 1", "Title: lurd"]
KEYS += [" Game : Trioban", "\tgame\t=\tOctoban", "Game: HEXOBAN ", "Game:  Hexoban\x0b", "Game=x"]
# One character from moves in some tessellation (rule 3), and moves of one
# tessellation that another refuses (rule 2).
ALMOST = ["lurdx", "Rx", "rRsR", "x", "-", "*", "nesw", "lurdn", "rRe", "rn", "uuLLx", "ew"]
ALMOST += ["NE", "lurd x", "R-", "Lurd.", "2(lu)x", "W", "dd", "S", "used", "rRw", "NEW"]
# Rule 4's shape, and lines like it that are rows or not.
STRAY = ["#X ###", "?-$-#", "#-$-?", "#x#", "#Good#", "*X*", "#.X#", "## A ##", "#a#"]
COMMENT = [":: c", "::", ":: lurd", "::#####", ":: Title: x"]
WHITE = ["  ", "\t", " \t ", ""]
QUOTED = ["> x", ">", "> #####", "> rR"]
# White space that strips but is no blank line, odd characters, and rows
# and titles padded with spaces and tabs.
ODD = ["\x0b", "\x0c", "\x85", "\u2028", "\u00a0", "Level  ", "\tT", "T\x0b", " \u3000 "]
ODD += ["#####  ", "\t#####", "; 17 ", "Title:\x85x", "Author:\u2028", "\x1c", "\u2029 9", "\x00"]
ROWS = ["#####", "#@$.#", "# $ #", "#   #", "  ####", "###  #", "#@$ .#", "######", "#.*#"]
ROWS += ["*****", "*$.*", "-----", "- -", "@$.", " # # #", "# @ $ . #", "3#", "#@$.#|#####"]
ROWS += ["#", "##", "*", "$", "@", "_#_", "#-#", "#  #  #", "W", "WWW", "Wm", "o", "17", "1"]
BOARDS = [
    "#####\n#@$.#\n#####",
    "  ####\n###  #\n#@$ .#\n######",
    "####\n#@*#\n#..#\n####",
    "#####\n#   #\n#####",
    " # # # #\n# @ $ . #\n # # # #",  # Hexoban
    "  # # #\n # @ $ #\n# . . # #\n # # # #",
    "-----\n#####\n#@$.#\n#####",  # a row of floor first
    "*****\n#@$.#\n#####",  # boxes on goals first (an edge)
    "*$.*\n#@$.#\n#####",
    "@$.\n#####\n#@$.#\n#####",  # an open row first
    "5#\n#@$.#\n5#",  # RLE
    "5#|#@$.#|5#",
    "#####\n#@$.#\n#x  #\n#####",  # a character outside the legend
    "#####\n#@$.#\n#X ###\n#####",
    "####\n#  #\n####\n#@$.#\n####",
    "#####\n#@$$#\n#####",  # two boxes, one goal (content)
    "###\n#@#\n###",
    "#####\n#@$.#\n#####\n#####\n#####\n#####\n#####\n#####\n#####\n#####",
    "####\n#@ #\n# $#\n#. #\n####\n",
    "WWWWW\nWm$oW\nWWWWW",  # the spellings of older programs
    "#####\t\n#@$.# \n#####",  # padded rows
    "#####\n#@\t$.#\n#####",
    " # # # # \n# @ $ . #\n # # # #\t",
    "  ####\n  #  #\n###$.#\n#@   #\n######",
]
NO_BOARDS = ["#####\n#####", "#@$.#", "-----\n-----\n-----", "*$.*\n*$.*", "#####\n#@$.#"]
NO_BOARDS += ["@$.\n@$.\n@$.", " #\n# #"]
MOVES = ["R", "rR", "lurd\nLURD", "uuLL\nrrDD\nlu", "r2R", "[lu]R", "3r", "2(lu)", "2(lu)R"]
MOVES += ["nR", "rn", "nesw", "NE", "rRw", "{lu}R", "R 3", "lurd " * 4, "l\nu\nr\nd", "rR\nxR"]
MOVES += ["ud\n3(lr)\nU", "rR*", "lurdLURD" * 12, "rR\n\nlu", "4l3u", "(((r)))", "1r", "0r"]
TITLES = ["Level", "T", "Puzzle 2", "Solution", "Snapshot 1", "; 1", ";17", "; Solution", "D"]
TITLES += ["Title: x", "lurd", "rRx", "#X ###", "  ", "Author: Me", "-----", "@$."]

SINGLE_LINES = {
    "text": TEXT,
    "semicolon": SEMICOLON,
    "key": KEYS,
    "almost": ALMOST,
    "stray": STRAY,
    "comment": COMMENT,
    "white": WHITE,
    "row": ROWS,
    "quoted": QUOTED,
    "odd": ODD,
}
LINE_WEIGHTS = {
    "text": 6,
    "semicolon": 4,
    "key": 5,
    "almost": 2,
    "stray": 1,
    "comment": 1,
    "white": 1,
    "row": 1,
    "quoted": 0.2,
    "odd": 1,
}


# The kinds of lines of a text in the common layout (most texts are made
# of these alone, so that the fast path takes them whole or leaves late).
CLEAN_WEIGHTS = {"text": 6, "semicolon": 3, "key": 4, "white": 1, "odd": 0.5}
CLEAN_LINES = {
    "text": TEXT[:15],
    "semicolon": [*SEMICOLON[:4], "; Solution", ";; 2"],
    "key": [key for key in KEYS if key not in ("Url: 99", "URL=dd", "Rx: y", "nesw: 1")],
    "white": WHITE,
    "odd": ODD,
}
CLEAN_TITLES = ["Level", "T", "Puzzle 2", "Solution", "Snapshot 1", "; 1", ";17", "; Solution"]
CLEAN_MOVES = ["R", "rR", "lurd\nLURD", "uuLL\nrrDD\nlu", "r2R", "[lu]R", "3r", "2(lu)"]


class Draw:
    """The generator's choices, from everything or from the common layout."""

    def __init__(self, rng: random.Random, clean: bool) -> None:
        self.rng, self.clean = rng, clean
        self.weights = CLEAN_WEIGHTS if clean else LINE_WEIGHTS
        self.lines = CLEAN_LINES if clean else SINGLE_LINES

    def kind(self) -> str:
        return self.rng.choices(list(self.weights), list(self.weights.values()))[0]

    def line(self) -> str:
        return self.rng.choice(self.lines[self.kind()])

    def title(self) -> str:
        if self.clean:
            return self.rng.choice(CLEAN_TITLES + SEMICOLON[:3] + TEXT + ODD[:9])
        return self.rng.choice(TITLES) if self.rng.random() < 0.6 else self.line()

    def board(self) -> str:
        return self.rng.choice(BOARDS[:6] if self.clean else BOARDS)

    def moves(self) -> str:
        return self.rng.choice(CLEAN_MOVES if self.clean else MOVES)


def a_line(draw: Draw) -> str:
    return draw.line()


def a_paragraph(draw: Draw) -> list[str]:
    """One to three lines of notes, mostly of one kind."""
    rng = draw.rng
    if rng.random() < 0.5:
        kind = draw.kind()
        return [rng.choice(draw.lines[kind]) for _ in range(rng.randint(1, 3))]
    return [draw.line() for _ in range(rng.randint(1, 3))]


def a_gap(rng: random.Random) -> list[str]:
    return rng.choices([[], [""], [""], [""], ["", ""], [rng.choice(WHITE)]], k=1)[0]


def a_chunk(draw: Draw, first: bool) -> list[str]:
    """A block with or without a title, or a paragraph of notes."""
    rng = draw.rng
    kind = rng.choices(["board", "moves", "notes", "noboard"], [5, 4, 4, 0 if draw.clean else 1])[0]
    if first and rng.random() < 0.7:
        kind = "board"
    lines: list[str] = []
    if kind in ("board", "moves") and rng.random() < (0.9 if draw.clean else 0.75):
        lines.append(draw.title())
        if rng.random() < 0.25:
            lines.append(rng.choice(["", "", "", rng.choice(WHITE)]))
        if rng.random() < 0.1:  # a paragraph above the title
            lines[:0] = a_paragraph(draw)
    if kind == "board":
        lines += draw.board().split("\n")
    elif kind == "moves":
        lines += draw.moves().split("\n")
    elif kind == "noboard":
        lines += rng.choice(NO_BOARDS).split("\n")
    else:
        lines += a_paragraph(draw)
    # Notes right under the block, or after a gap.
    for _ in range(rng.choice([0, 0, 1, 1, 2])):
        if rng.random() < 0.5:
            lines += [""] if draw.clean else a_gap(rng)
        lines += a_paragraph(draw)
    return lines


def a_text(rng: random.Random) -> str:
    """A text: half of them in the common layout, but for a line or two
    changed, added or removed in a third of those."""
    draw = Draw(rng, clean=rng.random() < 0.5)
    lines: list[str] = []
    if rng.random() < 0.4:  # file notes
        for _ in range(rng.randint(1, 2)):
            lines += a_paragraph(draw) + a_gap(rng)
    for i in range(rng.choice([1, 1, 2, 2, 3, 3, 4, 5])):
        lines += a_chunk(draw, i == 0)
        lines += a_gap(rng) if rng.random() < 0.3 and not draw.clean else [""]
    # A line changed, added or removed here and there.
    draw = Draw(rng, clean=False)
    for _ in range(rng.choice([0, 0, 0, 1, 1, 2])):
        at = rng.randrange(len(lines) + 1)
        action = rng.random()
        if action < 0.4:
            lines.insert(at, a_line(draw))
        elif action < 0.6 and at < len(lines):
            del lines[at]
        elif action < 0.8 and at < len(lines):
            lines[at] = a_line(draw)
        else:
            lines.insert(at, rng.choice(COMMENT))
    while lines and rng.random() < 0.3 and lines[-1] == "":
        lines.pop()
    text = "\n".join(lines)
    if rng.random() < 0.05:  # a first line quoted (the only quote the fast path may take)
        text = rng.choice([">", "> ", ">> "]) + text
    return text + "\n" if rng.random() < 0.6 else text


# The lines (a board and a saved game as one) that `every_text` puts
# together: each kind that the fast path's layout tells apart.
_LINES_0 = ["", "  ", "T", "; 1", "Author: Me", "Game: Hexoban", ":: c", "x", "#X ###"]
_LINES_1 = ["", "\t", "Level", ";", "Title: X", "Game: Octoban", "Url: 99", "-", "#-$-?", "\x0b"]
UNITS = [
    [*_LINES_0, "#####\n#@$.#\n#####", "rR", "nR"],
    [*_LINES_1, " # # # #\n# @ $ . #\n # # # #", "*****\n#@$.#\n#####", "rR\nlu", "ew"],
]


def every_text(most: int, units: list[str]) -> Iterator[tuple[str, Tessellation]]:
    """Every text of up to `most` of `units`, with a final line break or
    not, in a tessellation that turns with them."""
    tessellations = list(Tessellation)
    n = 0
    for size in range(1, most + 1):
        for chosen in itertools.product(units, repeat=size):
            text = "\n".join(chosen)
            yield (text + "\n" if n % 2 else text), tessellations[n // 2 % len(tessellations)]
            n += 1


def random_texts(count: int, seed: int) -> Iterator[tuple[str, Tessellation]]:
    rng = random.Random(seed)
    for _ in range(count):
        text = a_text(rng)
        yield text, rng.choice(list(Tessellation))


def main(texts: Iterable[tuple[str, Tessellation]]) -> int:
    whole = part = none = differ = 0
    started = time.monotonic()
    for n, (text, tessellation) in enumerate(texts):
        laid = _sok_plain.layout(text, tessellation)
        if laid is None:
            none += 1
        elif laid.rest is None:
            whole += 1
        else:
            part += 1
            # The lines before `rest` handed over as step 1 makes them.
            if (handed_over(laid), laid.comments) != step_1(text, laid.rest[1]):
                differ += 1
                print(f"TOKENS DIFFER {tessellation.name} {text!r}", flush=True)
        full = read(text, tessellation, fast=False)
        fast = read(text, tessellation, fast=True)
        with mock.patch.object(_sok_bare, "read_bare", return_value=None):
            plain = read(text, tessellation, fast=True)
        if fast != full or plain != full:
            differ += 1
            which = "fast" if fast != full else "plain (bare off)"
            print(f"DIFFER ({which}) {tessellation.name} {text!r}", flush=True)
        if (n + 1) % 5000 == 0:
            print(
                f"{n + 1} texts, {whole} whole, {part} in part, {none} none, "
                f"{differ} differ, {time.monotonic() - started:.0f} s",
                flush=True,
            )
    print(f"texts {n + 1} whole {whole} part {part} none {none} differ {differ}")
    return 1 if differ else 0


if __name__ == "__main__":
    if sys.argv[1] == "--every":  # --every SIZE [SET]
        units = UNITS[int(sys.argv[3]) if len(sys.argv) > 3 else 0]
        sys.exit(main(every_text(int(sys.argv[2]), units)))
    sys.exit(main(random_texts(int(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 0)))
