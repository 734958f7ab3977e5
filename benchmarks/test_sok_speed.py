"""Loading whole collections: sokfmt against its own hot path alone; and
writing one against reading it.

The reference decodes the same boards and move strings through
`loads_board` and `loads_moves` without the file layout, so the ratio
is the cost of reading the layout (lines, titles, notes) on top of them.
Writing is held to reading: `dumps_sok` of a collection against `loads_sok`
of its text.  A text that leaves the common layout at its last line is held
to the full path alone (issue 26: a fast path that leaves late may cost at
most 10% over it).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import inputs
import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from sokfmt import (
    Collection,
    Tessellation,
    dumps_sok,
    loads_board,
    loads_moves,
    loads_sok,
)

CORPUS_FILE = (
    Path(os.environ.get("SOKFMT_CORPUS") or Path(__file__).resolve().parents[2] / "shared/corpus")
    / "tadams42__sokoenginepy/Original_and_Extra.sok"
)


# The name ../shared/perf/sok_ratios.py calls (it predates the 0.3 names).
parse_sok = loads_sok  # the 0.2 name that sok_ratios.py calls


def _original_and_extra() -> str:
    if CORPUS_FILE.is_file():
        return CORPUS_FILE.read_text(encoding="utf-8")
    # Shaped like it: 90 puzzles, about 200 solutions, 180,000 moves.
    return inputs.collection_text(90, 2, 900)


COLLECTIONS: dict[str, Callable[[], str]] = {
    "original-and-extra": _original_and_extra,
    "5000-puzzles": lambda: inputs.collection_text(5_000, 1, 150),
    "1000-bare-boards": inputs.bare_boards_text,
}


def _pieces(text: str) -> tuple[list[tuple[str, Tessellation]], list[tuple[str, Tessellation]]]:
    """The board and move texts of a collection, as the file writes them."""
    collection = loads_sok(text)
    written = loads_sok(dumps_sok(collection))
    boards = [(str(p.board), p.tessellation) for p in written.puzzles]
    moves = [
        ("\n".join(m[i : i + 70] for i in range(0, len(m), 70)), g.tessellation)
        for p in written.puzzles
        for g in p.saved_games
        for m in [g.printed_steps()]
    ]
    return boards, moves


def _hot_path(pieces: tuple[list[tuple[str, Tessellation]], list[tuple[str, Tessellation]]]) -> int:
    boards, moves = pieces
    decoded = [loads_board(text, tessellation=tessellation) for text, tessellation in boards]
    games = [loads_moves(text, tessellation=tessellation) for text, tessellation in moves]
    return len(decoded) + len(games)


def _bare_pieces(
    text: str,
) -> tuple[list[tuple[str, Tessellation]], list[tuple[str, Tessellation]]]:
    """The boards of a file of bare boards as it holds them (floor written
    as spaces), each block without its title line."""
    blocks = text.strip("\n").split("\n\n")
    return [(block.split("\n", 1)[1], Tessellation.SOKOBAN) for block in blocks], []


@pytest.mark.parametrize("implementation", ["sokfmt", "reference"])
@pytest.mark.parametrize("case", COLLECTIONS)
def test_load_collection(benchmark: BenchmarkFixture, case: str, implementation: str) -> None:
    text = COLLECTIONS[case]()
    pieces = _bare_pieces(text) if case == "1000-bare-boards" else _pieces(text)
    benchmark.group = f"sok {case}"
    benchmark.extra_info["implementation"] = implementation
    benchmark.extra_info["megabytes"] = len(text.encode()) / 1e6
    if implementation == "sokfmt":
        collection: Collection = benchmark(loads_sok, text)
        games = sum(len(p.saved_games) for p in collection.puzzles)
        assert len(collection.puzzles) + games == _hot_path(pieces)
    else:
        assert benchmark(_hot_path, pieces) == len(pieces[0]) + len(pieces[1])


@pytest.mark.parametrize("implementation", ["sokfmt", "reference"])
def test_write_collection(benchmark: BenchmarkFixture, implementation: str) -> None:
    text = _original_and_extra()
    collection = loads_sok(text)
    benchmark.group = "sok dump/parse O&E"
    benchmark.extra_info["implementation"] = implementation
    if implementation == "sokfmt":
        assert loads_sok(benchmark(dumps_sok, collection)) == collection
    else:
        assert benchmark(loads_sok, text) == collection


@pytest.mark.parametrize("implementation", ["sokfmt", "reference"])
@pytest.mark.parametrize("case", ["original-and-extra", "5000-puzzles"])
def test_leave_the_layout_late(benchmark: BenchmarkFixture, case: str, implementation: str) -> None:
    # The last line, a note one character away from moves ("#r": rule 3), is
    # where the fast path leaves: sokfmt reads the text with its fast path, the
    # reference with the full path alone.
    from sokfmt._sok.read import read_sok

    text = COLLECTIONS[case]().rstrip("\n") + "\n\n#r\n"
    fast = implementation == "sokfmt"
    benchmark.group = f"sok {case} leaving late"
    benchmark.extra_info["implementation"] = implementation
    last = benchmark(read_sok, text, Tessellation.SOKOBAN, [], fast=fast).puzzles[-1]
    assert (last.saved_games[-1] if last.saved_games else last).notes.endswith("#r")
