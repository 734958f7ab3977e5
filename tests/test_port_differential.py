"""The JavaScript package against sokfmt on random input and real files.

For each reader (RLE, moves and boards in each tessellation, .sok, .lev),
`fuzzing.generate` makes and mutates inputs with a fixed seed (for boards and
.lev files, half of them are made valid first, then perhaps mutated); sokfmt
and the package (ports/js's public API, all inputs of a reader in one Node.js
process, ports/js/test/batch.js) read each one, and must give the same
outcome: the same JSON text (of `to_dict`, or of RLE's decoded text), with
the same reading warnings for .sok and .lev (code, line, column, offset), or
the same first error (its class, code, line, column and offset).  Columns and
offsets count code points on both sides (the package converts JavaScript's
UTF-16 positions).

Where the two disagree, the grammars' headers decide which one is wrong.

SOKFMT_DIFF_ROUNDS sets the inputs per reader (10,000 by default; each .lev
input is read twice, leniently and strictly) and
SOKFMT_DIFF_SEED the seed.  The tests skip or fail as tests/test_port_js.py does.
"""

from __future__ import annotations

import json
import os
import random
import warnings
from pathlib import Path
from typing import Any

import fuzzing
import pytest
from corpus import CORPUS, needs_corpus
from jsport import JsPort

import sokfmt
from sokfmt import ParseError, Tessellation

ROUNDS = int(os.environ.get("SOKFMT_DIFF_ROUNDS", "10000"))
SEED = int(os.environ.get("SOKFMT_DIFF_SEED", "20261214"))
READERS = [
    ("rle", ""),
    *(("moves", t.value) for t in Tessellation),
    *(("board", t.value) for t in Tessellation),
    ("sok", ""),
    ("lev", ""),
]
# What a reader makes of an input: {"result", "warnings"} or {"error"}.
Outcome = dict[str, Any]
# The warnings of reading (the content checks SOK401 to SOK404 are no part of the languages).
READING_WARNINGS = {"SOK102", "SOK103", "SOK104", "SOK105", "SOK107", "SOK108", "LEV113"}


def _board(rng: random.Random, tessellation: str) -> str:
    """A board's text: walls around squares, printed plain or run-length encoded."""
    width, height = rng.randint(1, 7), rng.randint(1, 5)
    inner = [rng.choice("#@+$*.-----") for _ in range(width * height)]
    rows = ["#" * (width + 2)] + [
        f"#{''.join(inner[r * width : (r + 1) * width])}#" for r in range(height)
    ]
    board = sokfmt.Board(Tessellation.from_name(tessellation), (*rows, rows[0]))
    return board.printed(rle=rng.random() < 0.3)


def _lev(rng: random.Random) -> str:
    """A .lev file that is often valid: size, initial, perhaps a target that
    keeps or moves a piece, colors, an image and other sections, in a random order."""
    width, height = rng.randint(1, 4), rng.randint(1, 4)
    initial = ["".join(rng.choice("AB12...") for _ in range(width)) for _ in range(height)]
    initial[0] = "x" + initial[0][1:]
    labels = sorted(set("".join(initial)) - {"."})
    target = ["".join(c if c == "x" else "." for c in row) for row in initial]
    if not initial[-1].strip(".") and rng.random() < 0.5:
        target = ["." * width, *target[:-1]]  # the piece "x" one row down
    colored = rng.sample(labels, min(2, len(labels)))
    items = [
        *(f"color {label} {rng.randint(0, 300)} 0 9" for label in colored),
        f"img {rng.choice(labels)} piece {rng.randint(1, 9)}.png",
        *rng.sample(["end", "fgimg f.png", "bgimg b.png", "; a comment", "history 1", ""], 3),
        *(["\n".join(["target", *target])] if rng.random() < 0.5 else []),
    ]
    rng.shuffle(items)
    size = rng.randint(0, 2)
    items.insert(size, f"size {width} {height}")
    items.insert(rng.randint(size + 1, len(items)), "\n".join(["initial", *initial]))
    return "\n".join(items) + "\n"


def _generated(rng: random.Random, language: str, tessellation: str) -> str:
    """fuzzing's inputs, and for boards and .lev files as many that are made
    valid first (and perhaps mutated), since few of fuzzing's are."""
    if language not in ("board", "lev") or rng.random() < 0.5:
        return fuzzing.generate(rng, language)
    text = _board(rng, tessellation) if language == "board" else _lev(rng)
    return (
        fuzzing.mutate(rng, text, [*"#@$.-|0123456789()\n", *"sizecolr AB.\t;"])
        if rng.random() < 0.5
        else text
    )


def inputs(language: str, tessellation: str, rounds: int, seed: int) -> list[dict[str, Any]]:
    """The inputs of one reader: a .sok file is read in a random caller's
    tessellation (or none), a .lev file both leniently and strictly."""
    rng = random.Random(f"{seed}/{language}/{tessellation}")
    cases = []
    for _ in range(rounds):
        case: dict[str, Any] = {
            "language": language,
            "input": _generated(rng, language, tessellation),
        }
        if language == "sok":  # the caller's tessellation, or none
            tessellation = rng.choice(["", *(t.value for t in Tessellation)])
        if tessellation:
            case["tessellation"] = tessellation
        if language == "lev":
            cases.append({**case, "strict": False})
            case["strict"] = True
        cases.append(case)
    return cases


def _read(case: dict[str, Any]) -> Outcome:
    text = case["input"]
    tessellation = Tessellation.from_name(case.get("tessellation") or "Sokoban")
    language = case["language"]
    limit: dict[str, int] = {"limit": case["limit"]} if "limit" in case else {}
    if language == "rle":
        return {"result": _json(sokfmt.decode_rle(text, **limit))}
    if language == "moves":
        game = sokfmt.loads_moves(text, tessellation=tessellation, **limit)
        return {"result": _json(game.to_dict())}
    if language == "board":
        board = sokfmt.loads_board(text, tessellation=tessellation, **limit)
        return {"result": _json(board.to_dict())}
    # The first error is the one raised; the warnings, when there is none, are diagnostics.
    found: list[sokfmt.Diagnostic] = []
    if language == "sok":
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", sokfmt.SokfmtWarning)
            sokfmt.loads_sok(text, tessellation=tessellation)
        read: Any = sokfmt.loads_sok(text, tessellation=tessellation, diagnostics=found)
    else:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", sokfmt.SokfmtWarning)
            sokfmt.loads_lev(text, strict=case["strict"])
        read = sokfmt.loads_lev(text, strict=case["strict"], diagnostics=found)
    warned = [[d.code, d.line, d.column, d.pos] for d in found if d.code in READING_WARNINGS]
    return {"result": _json(read.to_dict()), "warnings": sorted(warned)}


def _json(document: Any) -> str:
    """A document's JSON text, as JavaScript's JSON.stringify writes it."""
    return json.dumps(document, ensure_ascii=False, separators=(",", ":"))


def _error(error: ParseError) -> Outcome:
    kind = type(error).__name__
    return {
        "error": {
            "kind": kind,
            "code": error.code,
            "line": error.line,
            "column": error.column,
            "offset": error.pos,
        }
    }


def python_outcome(case: dict[str, Any]) -> Outcome:
    """What sokfmt makes of `case`, in batch.js's JSON."""
    try:
        outcome = _read(case)
    except ParseError as error:
        return _error(error)
    except sokfmt.SokfmtError as error:  # not a reader's error: a disagreement
        return {"raised": repr(error)}
    return json.loads(json.dumps(outcome))


# ------------------------------------------------------------------ runs


def disagreements(port: JsPort, cases: list[dict[str, Any]], folder: Path) -> list[str]:
    """The inputs on which sokfmt and the port disagree, described."""
    batch = folder / "inputs.json"
    batch.write_text(json.dumps(cases), encoding="utf-8")
    # Node.js reads the inputs while sokfmt does: the two sides take about as long.
    batch_run = port.start_batch(batch)
    try:
        ours = [python_outcome(case) for case in cases]
    except BaseException:
        batch_run.kill()
        batch_run.communicate()
        raise
    found = json.loads(port.output(batch_run))
    different = []
    for case, mine, theirs in zip(cases, ours, found, strict=True):
        if "warnings" in theirs:
            theirs["warnings"].sort()
        if case["language"] == "lev" and "result" in mine and "result" in theirs:
            # JavaScript objects list keys that are integers first: a .lev
            # label that is a digit ("1") comes first in `colors` and `images`.
            mine, theirs = [{**o, "result": json.loads(o["result"])} for o in (mine, theirs)]
        if mine != theirs:
            different.append(f"{case!r}\n  sokfmt: {mine}\n  port:   {theirs}")
    return different


# Inputs on which sokfmt once departed from its grammars' headers (the port
# follows the headers), or the port from sokfmt, kept as cases of their own.
DEPARTURES = [
    {"language": "rle", "input": "9999999999#\n0#"},
    # The port counted an emoji as two characters (UTF-16), and went over the limit.
    {"language": "rle", "input": "2999999\U0001f600999#)"},
    {"language": "rle", "input": "1249999(\U0001f600\U0001f600\U0001f600\U0001f600)"},
    # A line of moves alone above a board is its title (rule 11).
    {"language": "sok", "input": "A\n#####\n#@$.#\n#####\n\nD\n#####\n#@$.#\n#####\n"},
    {"language": "board", "input": "#|\n#)", "tessellation": "Sokoban"},
    {"language": "board", "input": "-", "tessellation": "Hexoban"},
    {"language": "sok", "input": "#####\n#@$.|#\n#####\n"},
    {"language": "sok", "input": "R=2\n#####\n#@$.#\n#####\n"},
    {"language": "lev", "input": "x\n", "strict": True},
    {"language": "lev", "input": "size 2 1\ninitial\nAB\nsize 3 1\n", "strict": False},
    # sokfmt's fast path of groups reported the limit before the ")" that rle.lark refuses first.
    {"language": "rle", "input": "#)( |-#9999999999|ab)"},
    # A quoted key/value line is text (sok.lark, step 1): the board stays Sokoban.
    {"language": "sok", "input": "#####\n#@$.#\n#####\n>Game: Hexoban\n"},
    # The port's key/value lines took U+2028 for a line break.
    {"language": "sok", "input": "#####\n#@$.#\n#####\ngoalorder=2\u20281\n"},
]


# Inputs at the edges of the package's fast paths (ports/js/fast.js), which
# random inputs seldom reach: each must leave the path for the parser's reading.
EDGES = [
    *(
        {"language": "moves", "input": text, "tessellation": "Sokoban"}
        for text in ("r*u*L", "*", "  ", "", "3r*2U", "03r", "0r", "3*r", "9999999r", "r\n\tU")
    ),
    {"language": "moves", "input": "rrrruuu", "limit": 6},
    # Longer than a JavaScript string may be, were the counts expanded before the limit is checked.
    {"language": "moves", "input": "999999r" * 600},
    {"language": "moves", "input": "4r3u", "limit": 6},
    {"language": "moves", "input": "4r3u", "limit": 7},
    {"language": "moves", "input": "nR", "tessellation": "Sokoban"},
    {"language": "moves", "input": "nR", "tessellation": "Hexoban"},
    {"language": "board", "input": "#####\n#@$.#\n#####", "limit": 16},
    {"language": "board", "input": "#####\n#@$.#\n#####", "limit": 17},
    {"language": "board", "input": "#####\r\n#@$.#\r\n#####", "limit": 17},
    {"language": "board", "input": "WWWW\nW_pB\nWWWW", "tessellation": "Octoban"},
]


def test_former_departures_agree(js_port: JsPort, tmp_path: Path) -> None:
    assert disagreements(js_port, DEPARTURES, tmp_path) == []


def test_the_fast_paths_edges_agree(js_port: JsPort, tmp_path: Path) -> None:
    assert disagreements(js_port, EDGES, tmp_path) == []


@pytest.mark.parametrize(("language", "tessellation"), READERS, ids=lambda x: x)
def test_the_port_reads_as_sokfmt_does(
    js_port: JsPort, tmp_path: Path, language: str, tessellation: str
) -> None:
    cases = inputs(language, tessellation, ROUNDS, SEED)
    found = disagreements(js_port, cases, tmp_path)
    print(f"{language} {tessellation}: {len(cases)} inputs, {len(found)} disagreements")
    assert not found, f"{len(found)} of {len(cases)} inputs:\n" + "\n".join(found[:10])


@needs_corpus
def test_the_port_reads_real_files_as_sokfmt_does(js_port: JsPort, tmp_path: Path) -> None:
    cases = []
    for path in sorted(CORPUS.rglob("*")):
        if path.suffix in (".sok", ".xsb"):
            data = path.read_bytes()
            try:
                text = data.decode("utf-8")
            except UnicodeDecodeError:
                text = data.decode("cp1252")
            cases.append({"language": "sok", "input": text})
    assert disagreements(js_port, cases, tmp_path) == []
