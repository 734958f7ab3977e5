"""JSON objects to models: the inverse of each model's `to_dict`.

Boards and saved games are text in JSON (the objects of the
``sokoban_elements`` crate), so reading them parses: this is a reader, and
lives beside the other readers rather than in the models.
"""

from __future__ import annotations

from typing import Any

from .._grammar import board as _board
from .._grammar import moves as _moves
from ..board import Board
from ..lev import LevPuzzle, UnknownSection
from ..moves import SavedGame
from ..puzzle import Collection, Puzzle, check_fields_at
from ..rle import DEFAULT_LIMIT
from .objects import JsonObject
from .text import placed_errors, value_error

_GAME_KEYS = ("tessellation", "moves", "title", "solved_by", "notes", "current_move_idx")
_PUZZLE_KEYS = (
    "board",
    "title",
    "title_line",
    "author",
    "notes",
    "saved_games",
    "boxorder",
    "goalorder",
    "comments",
)
_COLLECTION_KEYS = (
    "title",
    "author",
    "created_at",
    "updated_at",
    "notes",
    "puzzles",
    "comments",
    "email",
    "url",
    "fields_at",
)
_LEV_KEYS = tuple(LevPuzzle.__dataclass_fields__)


def board(data: Any) -> Board:
    keys = ("tessellation", "board")
    fields = JsonObject("board", data, keys, required=keys)
    # Its tessellation read before the board: its error is placed in the
    # document already, not in the board's string.
    text, tessellation = fields.text("board"), fields.tessellation()
    with placed_errors(text):
        return _board.read_board(text, tessellation, limit=DEFAULT_LIMIT)


def saved_game(data: Any) -> SavedGame:
    if isinstance(data, dict) and "solving_mode" in data:
        raise value_error(
            "Unknown key 'solving_mode' in a saved game: the moves decide the solving "
            "mode (a reverse game begins with a jump)",
            data,
            "solving_mode",
            key=True,
        )
    fields = JsonObject("saved game", data, _GAME_KEYS, required=("tessellation", "moves"))
    moves, tessellation = fields.text("moves"), fields.tessellation()
    with placed_errors(moves):
        game = _moves.read_moves(moves, tessellation, limit=DEFAULT_LIMIT)
    position = game.current_move_idx
    if "current_move_idx" in fields.data:
        position = fields.whole("current_move_idx")
    return game.with_metadata(
        title=fields.text("title"),
        solved_by=fields.text("solved_by"),
        notes=fields.text("notes"),
        current_move_idx=position,
    )


def puzzle(data: Any) -> Puzzle:
    fields = JsonObject("puzzle", data, _PUZZLE_KEYS, required=("board",))
    return Puzzle(
        fields.read("board", board),
        title=fields.text("title"),
        title_line=fields.text("title_line"),
        author=fields.text("author"),
        notes=fields.text("notes"),
        saved_games=fields.read_items("saved_games", saved_game),
        boxorder=fields.text("boxorder"),
        goalorder=fields.text("goalorder"),
        comments=fields.texts("comments"),
    )


def collection(data: Any) -> Collection:
    fields = JsonObject("collection", data, _COLLECTION_KEYS)
    return Collection(
        title=fields.text("title"),
        author=fields.text("author"),
        created_at=fields.text("created_at"),
        updated_at=fields.text("updated_at"),
        notes=fields.text("notes"),
        puzzles=fields.read_items("puzzles", puzzle),
        comments=fields.texts("comments"),
        email=fields.text("email"),
        url=fields.text("url"),
        fields_at=fields.read("fields_at", _fields_at) if "fields_at" in fields.data else (),
    )


def _fields_at(data: Any) -> tuple[tuple[str, int], ...]:
    """`Collection.fields_at` of its JSON: [field, lines above it] pairs."""
    pairs = data
    if isinstance(data, list):  # (anything else is refused as it stands)
        pairs = tuple(tuple(pair) if isinstance(pair, list) else pair for pair in data)
    check_fields_at(pairs)
    return pairs  # type: ignore[no-any-return]


def lev_puzzle(data: Any) -> LevPuzzle:
    fields = JsonObject(".lev puzzle", data, _LEV_KEYS, required=("width", "height"))
    colors = fields.table("colors")
    for label, rgb in colors.items():
        if not isinstance(rgb, list) or not all(
            isinstance(value, int) and not isinstance(value, bool) for value in rgb
        ):
            raise value_error(
                f"The color of {label!r} must be [R, G, B], not {rgb!r}", colors, label
            )
    return LevPuzzle(
        width=fields.whole("width"),
        height=fields.whole("height"),
        initial=fields.texts("initial"),
        target=fields.texts("target"),
        colors=tuple((label, tuple(rgb)) for label, rgb in colors.items()),
        images=tuple(fields.table("images").items()),
        foreground=fields.text("foreground"),
        background=fields.text("background"),
        end=fields.flag("end"),
        comments=fields.texts("comments"),
        unknown=tuple(UnknownSection(text) for text in fields.texts("unknown")),
        layout=fields.texts("layout"),
    )


READERS: dict[type, Any] = {
    Board: board,
    SavedGame: saved_game,
    Puzzle: puzzle,
    Collection: collection,
    LevPuzzle: lev_puzzle,
}
