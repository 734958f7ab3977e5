"""A user's program: every public name of sokfmt, used as its docstring says.

tests/test_package.py checks it with `mypy --strict` (no cast, no ignore: a
type a user cannot use as documented is a wrong annotation in sokfmt) and
runs it, so that what it does is also true.
"""

from __future__ import annotations

import io
import tempfile
import warnings
from collections.abc import Callable
from importlib.resources import as_file, files
from pathlib import Path

import numpy as np
import numpy.typing as npt

import sokfmt
from sokfmt import (
    DEFAULT_LIMIT,
    FILE_FORMATS,
    Board,
    BoardSyntaxError,
    Collection,
    DecodeError,
    Diagnostic,
    Direction,
    FileFormat,
    Game,
    IllegalMoveError,
    IllegalStepError,
    JsonSyntaxError,
    JsonValueError,
    LevPuzzle,
    LevSyntaxError,
    Loss,
    ParseError,
    Piece,
    Puzzle,
    Replay,
    ReplayFailure,
    RleSyntaxError,
    SavedGame,
    SavedGameSyntaxError,
    SlcSyntaxError,
    SokfmtError,
    SokfmtWarning,
    SokSyntaxError,
    SolvingMode,
    Statistics,
    Step,
    StepKind,
    Tessellation,
    UnknownSection,
    ValidationError,
    best_solution_index,
    decode_rle,
    dump,
    dump_lev,
    dump_slc,
    dump_sok,
    dumps,
    dumps_board,
    dumps_lev,
    dumps_moves,
    dumps_slc,
    dumps_sok,
    encode_rle,
    file_format,
    from_array,
    from_dict,
    iter_slc,
    iter_sok,
    load,
    load_arrays,
    load_lev,
    load_slc,
    load_sok,
    loads,
    loads_board,
    loads_lev,
    loads_moves,
    loads_slc,
    loads_sok,
    losses,
    replay,
    statistics,
    to_array,
    to_arrays,
)

TINY = "Tiny\n#####\n#@$.#\n#####\n\nSolution\nR\n"
# What .slc holds: boards without saved games.
TINY_BOARD = TINY.split("\n\n")[0] + "\n"
BLOCKS = "size 3 1\ninitial\nA.B\ntarget\n.A.\ncolor A 127 0 0\nfrob 1 2\nend\n"


def texts() -> Collection:
    """Text in and out, per format."""
    collection: Collection = loads_sok(TINY, tessellation=Tessellation.SOKOBAN)
    puzzle: Puzzle = collection.puzzles[0]
    assert dumps_sok(collection) == TINY
    board: Board = loads_board(dumps_board(puzzle.board, rle=True))
    assert board == puzzle.board
    game: SavedGame = loads_moves(dumps_moves(puzzle.saved_games[0]), limit=DEFAULT_LIMIT)
    assert puzzle.saved_games[0].titled_as_solution
    assert game.non_push_moves == 0
    assert decode_rle(encode_rle("####-"), limit=DEFAULT_LIMIT) == "####-"
    boards_only = loads_sok(TINY_BOARD)
    assert loads_slc(dumps_slc(boards_only)) == boards_only
    assert from_dict(Collection, collection.to_dict()) == collection
    assert loads(dumps(collection, "json"), "json") == collection
    return collection


def sliding_blocks() -> LevPuzzle:
    found: list[Diagnostic] = []
    puzzle: LevPuzzle = loads_lev(BLOCKS, diagnostics=found)
    piece: Piece = puzzle.pieces["A"]
    unknown: tuple[UnknownSection, ...] = puzzle.unknown
    assert piece.color == (127, 0, 0)
    assert unknown[0].keyword == "frob"
    assert [problem.code for problem in found] == ["LEV113"]
    with warnings.catch_warnings(record=True) as caught:  # without a list, LEV113 warns
        warnings.simplefilter("always")
        assert loads_lev(dumps_lev(puzzle)).initial == ("A.B",)
    assert [warning.category for warning in caught] == [SokfmtWarning]
    return puzzle


def play(collection: Collection) -> None:
    puzzle = collection.puzzles[0]
    steps: tuple[Step, ...] = puzzle.saved_games[0].steps
    assert steps == (Step(StepKind.PUSH_OR_PULL, Direction.RIGHT),)
    assert puzzle.saved_games[0].solving_mode is SolvingMode.FORWARD
    results: list[Replay] = [replay(puzzle, loads_moves(moves)) for moves in ("l", "R")]
    failure: ReplayFailure | None = results[0].failure
    assert failure is ReplayFailure.WALL
    best: int | None = best_solution_index(results, by="pushes")
    assert best == 1
    counts: Statistics = statistics(puzzle)
    assert (counts.boxes, counts.dead) == (1, 1)
    game = Game(puzzle.board)
    assert game.move(Direction.RIGHT).kind is StepKind.PUSH_OR_PULL
    assert game.solved
    try:
        game.move(Direction.RIGHT)
    except IllegalMoveError as error:
        print("refused:", error)
    else:
        raise AssertionError("the box cannot go into the wall")


def arrays(collection: Collection, sample: Path) -> None:
    board = collection.puzzles[0].board
    codes: npt.NDArray[np.uint8] = to_array(board)
    assert from_array(codes) == board
    stack: npt.NDArray[np.uint8] = to_arrays(collection.puzzles, shape=(3, 5))
    boards, titles = load_arrays(sample, titles=True)
    assert stack.shape == (1, 3, 5)
    assert boards.shape == (2, 3, 5)
    assert titles == ["Tiny", "Open"]


def file_formats(collection: Collection, blocks: LevPuzzle, folder: Path) -> None:
    """Files in and out: a path or a file object."""
    dump_sok(collection, folder / "tiny.sok")
    boards_only = loads_sok(TINY_BOARD)
    dump_slc(boards_only, folder / "tiny.slc")
    dump_lev(blocks, folder / "blocks.lev")
    dump(collection, folder / "tiny.json")
    buffer = io.BytesIO()
    dump(collection, buffer, format="sok")
    assert buffer.getvalue() == TINY.encode()
    assert load_sok(folder / "tiny.sok", encoding="utf-8") == collection
    assert load_slc(folder / "tiny.slc") == boards_only
    doubts: list[Diagnostic] = []  # the unknown section: a warning, kept here
    assert load_lev(folder / "blocks.lev", diagnostics=doubts).pieces == blocks.pieces
    lev: LevPuzzle = load(folder / "blocks.lev", format="lev", diagnostics=doubts)
    assert [doubt.code for doubt in doubts] == ["LEV113", "LEV113"]
    refused: list[Diagnostic] = []  # strict=: the same section, an error
    assert load(folder / "blocks.lev", format="lev", strict=True, diagnostics=refused) == lev
    assert [(doubt.severity, doubt.code) for doubt in refused] == [("error", "LEV113")]
    either: Collection | LevPuzzle = load(folder / "tiny.json", format="json")
    assert lev == blocks
    assert either == collection
    found: list[Diagnostic] = []
    titles = [
        puzzle.title
        for puzzle in iter_sok(
            folder / "tiny.sok", diagnostics=found, check_content=True, check_games=True
        )
    ]
    titles += [
        puzzle.title
        for puzzle in iter_slc(folder / "tiny.slc", diagnostics=found, check_content=False)
    ]
    assert titles == ["Tiny", "Tiny"]
    assert found == []
    checked: Collection = load(folder / "tiny.sok", check_content=True, check_games=True)
    assert checked == loads(TINY, "sok", check_content=False, check_games=True) == collection
    xsb: FileFormat = file_format(folder / "tiny.xsb")
    assert xsb in FILE_FORMATS
    assert not xsb.saved_games
    lost: tuple[Loss, ...] = losses(collection, xsb.name)
    assert [loss.kind for loss in lost] == ["saved games"]


def errors() -> None:
    """Each error, caught as a user would: by its class."""
    unsolved = "Short\n######\n#@ $.#\n######\n\nSolution\nr\n"
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        loads_sok(unsolved, check_games=True)
    assert [warning.category for warning in caught] == [SokfmtWarning]
    reads: list[tuple[Callable[[], object], type[ParseError]]] = [
        (lambda: loads_board("#x#"), BoardSyntaxError),
        (lambda: loads_moves("rx"), SavedGameSyntaxError),
        (lambda: decode_rle("2(#-"), RleSyntaxError),
        (lambda: loads_sok("#####\n#@$.#\n#####\nGame: Chess\n"), SokSyntaxError),
        (lambda: loads_slc("<SokobanLevels>"), SlcSyntaxError),
        (lambda: loads_lev("size 2 1\ninitial\nA\n"), LevSyntaxError),
        (lambda: loads("{", "json"), JsonSyntaxError),
        (lambda: loads('{"titel": "T"}', "json"), JsonValueError),
        (lambda: load_sok(io.BytesIO(b"\xff#"), encoding="utf-8"), DecodeError),
        (lambda: loads_sok(TINY.replace("\nR\n", "\nL\n"), check_games=True), IllegalStepError),
    ]
    for read, expected in reads:
        try:
            read()
        except expected as error:
            print(f"{error.line}:{error.column}: {error}\n{error.context()}")
        else:
            raise AssertionError(f"no {expected.__name__}")
    try:
        encode_rle("a1")
    except ValidationError as error:
        print("refused:", error)
    try:
        loads_board("#?#")
    except SokfmtError as error:  # the base of every error sokfmt raises
        print(type(error).__name__, error)


def main() -> None:
    print("sokfmt", sokfmt.__version__)
    collection = texts()
    blocks = sliding_blocks()
    play(collection)
    errors()
    with as_file(files("sokfmt") / "samples" / "tiny.sok") as sample:
        arrays(collection, sample)
    with tempfile.TemporaryDirectory() as folder:
        file_formats(collection, blocks, Path(folder))


if __name__ == "__main__":
    main()
