"""sokfmt convert: between .sok, .xsb and .json, and .lev and .json."""

from __future__ import annotations

import argparse
import dataclasses
import json
from typing import Any

from ..errors import ValidationError
from ..formats import dump_lev, dump_sok
from ..lev import LevPuzzle
from ..puzzle import Collection
from .files import (
    FILE_ERRORS,
    FORMATS,
    UsageError,
    add_tessellation_option,
    failed,
    format_of,
    load,
    write_text,
)


def register(commands: Any) -> None:
    command = commands.add_parser(
        "convert",
        help="convert between .sok, .xsb, .json and .lev",
        description="Convert IN to OUT, each format chosen by its extension (or --from/--to); "
        "'-' is standard input or output. .sok, .xsb and .json hold collections; .lev and "
        ".json hold sliding-block puzzles. A conversion that would lose information (saved "
        "games into .xsb) is refused unless --lossy.",
    )
    command.add_argument("input", metavar="IN")
    command.add_argument("output", metavar="OUT")
    command.add_argument("--from", dest="source", choices=FORMATS, help="the format of IN")
    command.add_argument("--to", dest="target", choices=FORMATS, help="the format of OUT")
    command.add_argument("--rle", action="store_true", help="run-length encode boards")
    command.add_argument("--lossy", action="store_true", help="allow dropping saved games")
    add_tessellation_option(command)
    command.set_defaults(run=run)


def run(arguments: argparse.Namespace) -> int:
    # Each failure names the file it is about: IN, OUT, or neither.
    path = None
    try:
        source = format_of(arguments.input, arguments.source, "--from")
        target = format_of(arguments.output, arguments.target, "--to")
        path = arguments.input
        item = load(arguments.input, source, arguments.tessellation)
        path = None
        text = convert(item, target, rle=arguments.rle, lossy=arguments.lossy)
        path = arguments.output
        write_text(arguments.output, text)
    except (*FILE_ERRORS, UsageError) as error:
        return failed(path, error)
    return 0


def convert(item: Collection | LevPuzzle, target: str, *, rle: bool, lossy: bool) -> str:
    """The text of `item` in the `target` format.

    Raises:
        ValidationError: the target cannot hold `item`, or would lose part of it.
    """
    if target == "json":
        return json.dumps(item.to_dict(), ensure_ascii=False, indent=2) + "\n"
    if isinstance(item, LevPuzzle):
        if target != "lev":
            raise ValidationError(f"a sliding-block puzzle cannot be written as .{target}")
        return dump_lev(item)
    if target == "lev":
        raise ValidationError("a Sokoban collection cannot be written as .lev")
    if target == "xsb":
        games = sum(len(puzzle.saved_games) for puzzle in item.puzzles)
        if games and not lossy:
            raise ValidationError(
                f".xsb holds no saved games: converting would drop {games}; "
                "use --lossy to drop them, or write .sok"
            )
        item = dataclasses.replace(
            item,
            puzzles=tuple(dataclasses.replace(p, saved_games=()) for p in item.puzzles),
        )
    return dump_sok(item, rle=rle)
