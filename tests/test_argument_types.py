"""A wrong type for any argument of any public function is a clear error.

Every public function (those of `sokfmt.__all__`, of the public modules
`sokfmt.transform`, `sokfmt.carry` and `sokfmt.arrays`, the classes a caller
builds, and `Game`'s methods) is called with valid arguments, then with each
argument in turn replaced by None (where None is not one of its values), by
an `object()`, and by a value of a plausible wrong type ("no" for a flag, a
list holding a collection for a collection...).  Each must be refused at the
entry with a `ValidationError` (or a TypeError/ValueError) whose message
names the argument: never an AttributeError, AssertionError or KeyError from
inside, an "unhashable type" or "not iterable", nor an option that takes
anything truthy for True.
"""

from __future__ import annotations

import inspect
import io
import re
import types
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import sokfmt
from sokfmt import (
    Board,
    Collection,
    Game,
    LevPuzzle,
    Puzzle,
    SavedGame,
    SokfmtError,
    Step,
    Tessellation,
    ValidationError,
    carry,
    transform,
)

SOK = "Tiny\n#####\n#@$.#\n#####\n\nSolution\nR\n"
LEV = "size 2 1\ninitial\nA.\ntarget\n.A\n"
COLLECTION = sokfmt.loads_sok(SOK)
PUZZLE = COLLECTION.puzzles[0]
BOARD = PUZZLE.board
GAME = PUZZLE.saved_games[0]
LEV_PUZZLE = sokfmt.loads_lev(LEV)
BARE = Collection(puzzles=(Puzzle(BOARD, title="Tiny"),))  # what .slc holds
SLC = sokfmt.dumps_slc(BARE)
REPLAY = sokfmt.replay(PUZZLE, GAME)
# The game the reproducer's player plays: a pusher that can walk and jump.
HALL = sokfmt.loads_board("#######\n#@$-.-#\n#######")


class Call:
    """A public callable, the function whose signature names its arguments,
    and valid values for them (those left out take their defaults)."""

    def __init__(
        self, signature_of: Callable[..., Any], valid: dict[str, Any], run: Any = None
    ) -> None:
        self.parameters = {
            name: parameter
            for name, parameter in inspect.signature(signature_of).parameters.items()
            if name not in ("self", "cls")
            and parameter.kind not in (parameter.VAR_POSITIONAL, parameter.VAR_KEYWORD)
        }
        self.valid = valid
        self.run = run or signature_of

    def __call__(self, **arguments: Any) -> Any:
        result = self.run(**arguments)
        if isinstance(result, Iterator):  # a generator does its work when read
            result = list(result)
        return result


def _calls(folder: Path) -> dict[str, Call]:
    """Each public callable with valid arguments; files under `folder`."""
    sok = folder / "tiny.sok"
    lev = folder / "tiny.lev"
    slc = folder / "tiny.slc"
    return {
        # Reading text.
        "loads_sok": Call(
            sokfmt.loads_sok,
            {
                "text": SOK,
                "tessellation": Tessellation.SOKOBAN,
                "diagnostics": [],
                "check_content": True,
                "check_games": True,
            },
        ),
        "loads_slc": Call(
            sokfmt.loads_slc, {"text": SLC, "diagnostics": [], "check_content": True}
        ),
        "loads_lev": Call(sokfmt.loads_lev, {"text": LEV, "strict": True, "diagnostics": []}),
        "loads_board": Call(
            sokfmt.loads_board,
            {"text": "5#|#@$.#|5#", "tessellation": Tessellation.SOKOBAN, "limit": 100},
        ),
        "loads_moves": Call(
            sokfmt.loads_moves, {"text": "3r", "tessellation": Tessellation.SOKOBAN, "limit": 9}
        ),
        "loads": Call(
            sokfmt.loads,
            {
                "text": SOK,
                "format": "sok",
                "tessellation": Tessellation.SOKOBAN,
                "diagnostics": [],
                "check_content": True,
                "check_games": True,
            },
        ),
        "decode_rle": Call(sokfmt.decode_rle, {"text": "3#", "limit": 9}),
        "encode_rle": Call(sokfmt.encode_rle, {"text": "###"}),
        "from_dict": Call(sokfmt.from_dict, {"kind": Board, "data": BOARD.to_dict()}),
        # Reading files.
        "load_sok": Call(
            sokfmt.load_sok,
            {
                "file": io.BytesIO(SOK.encode()),
                "encoding": "utf-8",
                "tessellation": Tessellation.SOKOBAN,
                "diagnostics": [],
                "check_content": True,
                "check_games": True,
            },
        ),
        "iter_sok": Call(
            sokfmt.iter_sok,
            {
                "file": io.BytesIO(SOK.encode()),
                "encoding": "utf-8",
                "tessellation": Tessellation.SOKOBAN,
                "diagnostics": [],
                "check_content": True,
                "check_games": True,
            },
        ),
        "load_slc": Call(
            sokfmt.load_slc,
            {
                "file": io.BytesIO(SLC.encode()),
                "encoding": "utf-8",
                "diagnostics": [],
                "check_content": True,
            },
        ),
        "iter_slc": Call(
            sokfmt.iter_slc,
            {
                "file": io.BytesIO(SLC.encode()),
                "encoding": "utf-8",
                "diagnostics": [],
                "check_content": True,
            },
        ),
        "load_lev": Call(
            sokfmt.load_lev,
            {
                "file": io.BytesIO(LEV.encode()),
                "encoding": "utf-8",
                "strict": True,
                "diagnostics": [],
            },
        ),
        "load": Call(
            sokfmt.load,
            {
                "file": _written(sok, SOK),
                "format": "sok",
                "tessellation": Tessellation.SOKOBAN,
                "diagnostics": [],
                "check_content": True,
                "check_games": True,
            },
        ),
        "file_format": Call(sokfmt.file_format, {"path": "levels.sok"}),
        "load_arrays": Call(
            sokfmt.load_arrays, {"files": [_written(sok, SOK)], "shape": (3, 5), "titles": True}
        ),
        # Writing.
        "dumps_sok": Call(
            sokfmt.dumps_sok,
            {
                "collection": COLLECTION,
                "rle": True,
                "wrap": 10,
                "floor": "-",
                "outside": "-",
                "pad": True,
                "semicolon_titles": True,
            },
        ),
        "dumps_slc": Call(sokfmt.dumps_slc, {"collection": BARE}),
        "dumps_lev": Call(sokfmt.dumps_lev, {"puzzle": LEV_PUZZLE}),
        "dumps_board": Call(sokfmt.dumps_board, {"board": BOARD, "rle": True}),
        "dumps_moves": Call(sokfmt.dumps_moves, {"game": GAME, "rle": True}),
        "dumps": Call(
            sokfmt.dumps,
            {"item": COLLECTION, "format": "xsb", "rle": True, "lossy": True, "classic": False},
        ),
        "dump_sok": Call(sokfmt.dump_sok, {"collection": COLLECTION, "file": sok}),
        "dump_slc": Call(sokfmt.dump_slc, {"collection": BARE, "file": slc}),
        "dump_lev": Call(sokfmt.dump_lev, {"puzzle": LEV_PUZZLE, "file": lev}),
        "dump": Call(
            sokfmt.dump,
            {
                "item": COLLECTION,
                "file": folder / "out.txt",
                "format": "xsb",
                "rle": True,
                "lossy": True,
                "classic": False,
            },
        ),
        "losses": Call(sokfmt.losses, {"item": COLLECTION, "format": "xsb"}),
        # Playing and measuring.
        "replay": Call(
            sokfmt.replay,
            {"puzzle_or_board": PUZZLE, "game": GAME, "sokoban_plus": True, "upto": 1},
        ),
        "best_solution_index": Call(
            sokfmt.best_solution_index, {"replays": [REPLAY], "by": "pushes"}
        ),
        "statistics": Call(sokfmt.statistics, {"board": BOARD}),
        "to_array": Call(sokfmt.to_array, {"board": BOARD}),
        "to_arrays": Call(sokfmt.to_arrays, {"puzzles": [PUZZLE, BOARD], "shape": (4, 6)}),
        "from_array": Call(
            sokfmt.from_array, {"array": [[2, 6, 2]], "tessellation": Tessellation.SOKOBAN}
        ),
        "transform.transformed": Call(
            transform.transformed, {"board": BOARD, "turns": 1, "mirror": True}
        ),
        "transform.rotated": Call(transform.rotated, {"board": BOARD, "turns": 1}),
        "transform.mirrored": Call(transform.mirrored, {"board": BOARD}),
        "transform.trimmed": Call(transform.trimmed, {"board": BOARD}),
        "transform.canonical": Call(transform.canonical, {"board": BOARD}),
        "transform.symmetries": Call(transform.symmetries, {"tessellation": Tessellation.HEXOBAN}),
        "carry.isometry": Call(
            carry.isometry, {"source": BOARD, "target": transform.rotated(BOARD)}
        ),
        "carry.carried": Call(
            carry.carried,
            {"game": GAME, "isometry": carry.isometry(BOARD, transform.rotated(BOARD))},
        ),
        # The classes a caller builds.
        "Board": Call(Board, {"tessellation": Tessellation.SOKOBAN, "cells": BOARD.cells}),
        "Puzzle": Call(
            Puzzle,
            {
                "board": BOARD,
                "title": "Tiny",
                "author": "A",
                "notes": "N",
                "saved_games": (GAME,),
                "boxorder": "1",
                "goalorder": "1",
                "comments": ("::c",),
                "title_line": "Tiny",
            },
        ),
        "Collection": Call(
            Collection,
            {
                "title": "T",
                "author": "A",
                "created_at": "2020-01-01",
                "updated_at": "2020-01-01",
                "notes": "N",
                "puzzles": (PUZZLE,),
                "comments": ("::c",),
                "email": "a@b.c",
                "url": "https://example.com",
                "fields_at": (("title", 1),),
            },
        ),
        "SavedGame": Call(
            SavedGame,
            {
                "steps": GAME.steps,
                "tessellation": Tessellation.SOKOBAN,
                "solving_mode": sokfmt.SolvingMode.FORWARD,
                "title": "Solution",
                "solved_by": "S",
                "notes": "N",
                "current_move_idx": 1,
            },
        ),
        "Step": Call(Step, {"kind": GAME.steps[0].kind, "direction": GAME.steps[0].direction}),
        "LevPuzzle": Call(
            LevPuzzle,
            {
                "width": 2,
                "height": 1,
                "initial": ("A.",),
                "target": (".A",),
                "colors": (("A", (1, 2, 3)),),
                "foreground": "fg.png",
                "background": "bg.png",
                "end": True,
                "comments": ("; c",),
            },
        ),
        "Game": Call(Game, {"puzzle_or_board": HALL, "reverse": True, "sokoban_plus": False}),
        "Game.resume": Call(
            Game.resume, {"puzzle_or_board": PUZZLE, "saved_game": GAME, "sokoban_plus": False}
        ),
        "Game.move": Call(
            Game.move,
            {"direction": sokfmt.Direction.RIGHT, "pull": False},
            lambda **arguments: Game(HALL).move(**arguments),
        ),
        "Game.jump": Call(
            Game.jump,
            {"position": (1, 3)},
            lambda **arguments: Game(HALL, reverse=True).jump(**arguments),
        ),
        "Game.select": Call(
            Game.select,
            {"position": (1, 1)},
            lambda **arguments: Game(HALL).select(**arguments),
        ),
    }


def _written(path: Path, text: str) -> Path:
    """`path`, holding `text` once the test's folder exists."""
    if path.parent.exists():
        path.write_text(text, encoding="utf-8")
    return path


# Values of a plausible wrong type, by the name of the argument (options
# are spelled alike everywhere): each is what a caller might pass by
# mistake, and what a reader once took or choked on.
_FLAG = "no"  # truthy: it turned an option on
PLAUSIBLY_WRONG: dict[str, object] = {
    **dict.fromkeys(
        (
            "check_content",
            "check_games",
            "strict",
            "rle",
            "lossy",
            "classic",
            "pad",
            "semicolon_titles",
            "sokoban_plus",
            "reverse",
            "pull",
            "mirror",
            "titles",
            "end",
        ),
        _FLAG,
    ),
    **dict.fromkeys(("limit", "wrap", "turns", "upto", "width", "height"), 1.5),
    "format": ["sok"],
    "name": ["sok"],
    **dict.fromkeys(("file", "path"), b"levels.sok"),
    "files": [b"levels.sok"],
    "text": ["#####"],
    "encoding": 8,
    "tessellation": "Sokoban",
    "diagnostics": (),
    "collection": [COLLECTION],
    "item": [COLLECTION],
    "puzzle": [LEV_PUZZLE],
    "board": [BOARD],
    "puzzle_or_board": BOARD.cells,
    "game": [GAME],
    "saved_game": "R",
    "replays": [object()],
    "puzzles": [object()],
    "kind": [Board],
    "data": [BOARD.to_dict()],
    "position": ("1", "3"),
    "direction": "r",
    "source": [BOARD],
    "target": [BOARD],
    "isometry": (0, False),
    "array": "###",
    "cells": "#####",
    "steps": "R",
    "saved_games": [GAME],
    "comments": "::c",
    "title": 1,
}


def _nullable(parameter: inspect.Parameter) -> bool:
    """Whether None is one of the values `parameter` takes."""
    annotation = parameter.annotation
    return parameter.default is None or (isinstance(annotation, str) and "None" in annotation)


def _cases() -> Iterator[tuple[str, str, str]]:
    for name, call in _calls(Path("unused")).items():
        for parameter in call.parameters.values():
            if not _nullable(parameter):
                yield name, parameter.name, "None"
            yield name, parameter.name, "object"
            if parameter.name in PLAUSIBLY_WRONG:
                yield name, parameter.name, "plausible"


CASES = list(_cases())


def _public_callables() -> set[str]:
    """The names of every public function, and of the classes a caller
    builds (the records sokfmt builds and hands out, and the exceptions,
    aside), as `_calls` names them."""
    handed_out = {
        "Diagnostic",
        "FileFormat",
        "Loss",
        "Piece",
        "Replay",
        "Statistics",
        "UnknownSection",
    }
    names = set()
    for module, prefix in ((sokfmt, ""), (transform, "transform."), (carry, "carry.")):
        for name in module.__all__:
            value = getattr(module, name)
            if isinstance(value, types.FunctionType):
                names.add(prefix + name)
            elif (
                prefix == ""
                and isinstance(value, type)
                and not issubclass(value, (BaseException, Warning))
                and not hasattr(value, "__members__")  # an enum: its members are all it takes
                and name not in handed_out
            ):
                names.add(name)
    names.update(f"Game.{name}" for name in ("resume", "move", "jump", "select"))
    return names


def test_every_public_callable_is_walked() -> None:
    assert set(_calls(Path("unused"))) == _public_callables()


@pytest.mark.parametrize("name", sorted(_calls(Path("unused"))))
def test_the_valid_arguments_are_taken(name: str, tmp_path: Path) -> None:
    # Without this, a refusal below could be of another argument.
    call = _calls(tmp_path)[name]
    assert set(call.valid) <= set(call.parameters)
    call(**call.valid)


@pytest.mark.parametrize(
    ("name", "parameter", "wrong"), CASES, ids=[f"{n}-{p}-{w}" for n, p, w in CASES]
)
def test_a_wrong_type_is_refused_naming_the_argument(
    name: str, parameter: str, wrong: str, tmp_path: Path
) -> None:
    call = _calls(tmp_path)[name]
    value = {"None": None, "object": object()}.get(wrong, PLAUSIBLY_WRONG.get(parameter))
    with pytest.raises(Exception) as caught:  # noqa: PT011 - every kind is looked at below
        call(**{**call.valid, parameter: value})
    error = caught.value
    assert isinstance(error, (SokfmtError, TypeError, ValueError)), repr(error)
    assert not isinstance(error, (AttributeError, AssertionError, KeyError, IndexError))
    message = str(error)
    assert "unhashable" not in message, message
    assert "not iterable" not in message, message
    assert re.search(rf"\b{parameter}\b", message), message


def test_a_flag_takes_true_and_false_only() -> None:
    # "no" is truthy: before the check it turned the replay of games on.
    with pytest.raises(ValidationError, match="check_games must be True or False, not 'no'"):
        sokfmt.loads_sok(SOK, check_games="no")  # type: ignore[arg-type]
    with pytest.raises(ValidationError, match="check_content must be True, False or None"):
        sokfmt.loads_sok(SOK, check_content=1)  # type: ignore[arg-type]


def test_diagnostics_must_be_a_list_before_anything_is_read() -> None:
    # The text has an error, which a tuple could not take: refused first.
    text = "A\n#####\n#X ###\n#@$.#\n#####\n"
    with pytest.raises(ValidationError, match=r"diagnostics must be a list .* not \(\)"):
        sokfmt.loads_sok(text, diagnostics=())  # type: ignore[arg-type]
