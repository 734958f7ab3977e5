"""What agents and solvers ask of a `Game`: copies that play apart from
their original, `to_array` observations, and `state` keys.

Every expectation comes from a second method: a copy is compared with a
game that never was copied and played the same calls; `to_array` with
`sokfmt.to_array(game.board)`; `state` with the pushers and boxes that the
game's properties give.
"""

from __future__ import annotations

import copy
import pickle
import random
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_game import boards, state

import sokfmt
from sokfmt import (
    Board,
    Direction,
    Game,
    IllegalMoveError,
    Puzzle,
    Tessellation,
    ValidationError,
    loads_board,
)
from sokfmt._engine.replay import Engine

np = pytest.importorskip("numpy", reason="numpy (the numpy extra) is not installed")

D = Direction
Call = tuple[Any, ...]


# ------------------------------------------------------------------ random play


def _random_call(game: Game, rng: random.Random, cells: list[tuple[int, int]]) -> Call:
    """A call a player or a search might make next (pushes helped along)."""
    tessellation = game.tessellation
    operation = rng.choices(
        ["move", "undo", "redo", "restart", "jump", "select"], [12, 4, 3, 0.3, 1, 1]
    )[0]
    if operation == "move":
        pushes = [s for s in game.legal_moves() if s.kind is sokfmt.StepKind.PUSH_OR_PULL]
        if pushes and rng.random() < 0.5:
            return ("move", rng.choice(pushes).direction, game.reverse)
        return ("move", rng.choice(tessellation.directions), game.reverse and rng.random() < 0.5)
    if operation in ("jump", "select"):
        return (operation, rng.choice([*game.pushers, *cells]))
    return (operation,)


def _play(game: Game, call: Call) -> object:
    """Make `call` on `game`; what it returns or the error it raises."""
    name, *arguments = call
    try:
        if name == "move":
            return game.move(arguments[0], pull=arguments[1])
        return getattr(game, name)(*arguments)
    except (IllegalMoveError, ValidationError) as error:
        return type(error), str(error)


def _exposed(game: Game) -> tuple[Any, ...]:
    """Everything a game tells of itself."""
    return (
        *state(game),
        game.played,
        game.saved_game(),
        game.legal_moves(),
        repr(game),
        game.reverse,
        game.tessellation,
        game.state,
        game.to_array().tolist(),
    )


@st.composite
def games(draw: st.DrawFn) -> tuple[Puzzle, bool, bool, random.Random]:
    """A puzzle of any tessellation (perhaps with Sokoban+ ids and several
    pushers, perhaps open to the outside), a mode, and a random source."""
    tessellation = draw(st.sampled_from(list(Tessellation)))
    board = draw(boards(tessellation, draw(st.sampled_from([0, 1, 1, 1, 2, 3]))))
    ids = draw(st.lists(st.integers(1, 2), max_size=len(board.boxes)))
    goal_ids = draw(st.permutations(ids))
    puzzle = Puzzle(board, boxorder=" ".join(map(str, ids)), goalorder=" ".join(map(str, goal_ids)))
    return puzzle, draw(st.booleans()), draw(st.booleans()), draw(st.randoms(use_true_random=True))


def _cells(board: Board) -> list[tuple[int, int]]:
    return [(r, c) for r in range(-1, board.height + 1) for c in range(-1, board.width + 1)]


# ------------------------------------------------------------------ copies

COPIES: dict[str, Callable[[Game], Game]] = {
    "Game.copy": Game.copy,
    "copy.copy": copy.copy,
    "copy.deepcopy": copy.deepcopy,
    "pickle": lambda game: pickle.loads(pickle.dumps(game)),
}


@given(games(), st.sampled_from(list(COPIES)), st.data())
def test_a_copy_and_its_original_play_apart(
    drawn: tuple[Puzzle, bool, bool, random.Random], how: str, data: st.DataObject
) -> None:
    puzzle, reverse, plus, rng = drawn
    cells = _cells(puzzle.board)
    game = Game(puzzle, reverse=reverse, sokoban_plus=plus)
    before: list[Call] = []
    for _ in range(data.draw(st.integers(0, 30))):
        before.append(call := _random_call(game, rng, cells))
        _play(game, call)
        if rng.random() < 0.3:  # a view to copy along, or none
            game.to_array()
    twin = COPIES[how](game)
    assert type(twin) is Game
    assert _exposed(twin) == _exposed(game)
    # Each plays its own calls, in turns; each ends as a game that played
    # the same calls and never was copied.
    calls: dict[str, list[Call]] = {"game": [], "twin": []}
    buffer = np.zeros((puzzle.board.height, puzzle.board.width), dtype=np.uint8)
    for _ in range(data.draw(st.integers(1, 30))):
        name = rng.choice(["game", "twin"])
        player = game if name == "game" else twin
        calls[name].append(call := _random_call(player, rng, cells))
        _play(player, call)
        if rng.random() < 0.5:  # both write into one array, in turns
            player.to_array(out=buffer)
    for player, name in ((game, "game"), (twin, "twin")):
        witness = Game(puzzle, reverse=reverse, sokoban_plus=plus)
        for call in before + calls[name]:
            _play(witness, call)
        assert _exposed(player) == _exposed(witness)


# What a copy may share with its original: what never changes once made.
# Every other attribute holding a container must be a copy; an attribute
# in neither list fails the test until it is put in one.
SHARED_BY_GAMES = {
    "_board": "a frozen Board",
    "_ids": "tuples",
    "_move_codes": "a dict per tessellation, never changed",
}
COPIED_BY_GAMES = {"_codes", "_engine", "_view", "_played", "_totals", "_counted"}
SHARED_BY_ENGINES = {
    "board": "a frozen Board",
    "reverse": "a bool",
    "layout": "a NamedTuple of tables, cached per size",
    "tables": "the layout's tables",
    "text": "a str",
    "targets": "a list read only, made once",
    "box_count": "an int",
    "_outside": "a set read only, made once, on first use",
    "lasts": "a stack of tuples: pushing or popping makes another",
    "under": "a dict that a pusher change replaces rather than changes",
}
COPIED_BY_ENGINES = {
    "cells",
    "pushers",
    "pulls",
    "active",
    "last",
    "moves",
    "pushes",
    "box_lines",
    "box_changes",
    "pushing_sessions",
    "pusher_lines",
}
SHARED_BY_VIEWS = {
    "frame": "a NamedTuple made once per board",
    "reverse": "a bool",
    **dict.fromkeys(("tables", "backs", "plain", "empty", "boxed", "manned"), "the frame's"),
}
COPIED_BY_VIEWS = {"cells", "seen", "pusher", "target", "written"}
IMMUTABLE = (int, str, bool, tuple, type(None), frozenset, Board)


def _check_attributes(
    original: object, twin: object, names: list[str], shared: dict[str, str], copied: set[str]
) -> None:
    for name in names:
        assert name in shared or name in copied, f"{name}: add it to a list"
        mine, theirs = getattr(original, name), getattr(twin, name)
        if name in copied and not isinstance(mine, IMMUTABLE):
            assert mine is not theirs, name


def test_a_copy_shares_nothing_that_changes() -> None:
    board = loads_board("#######\n#@$.-@#\n#-*+--#\n#######")
    game = Game(board, reverse=True)
    game.jump((1, 4))
    game.to_array(out=np.zeros((4, 7), dtype=np.uint8))
    twin = game.copy()
    _check_attributes(game, twin, list(Game.__slots__), SHARED_BY_GAMES, COPIED_BY_GAMES)
    engine, other = game._engine, twin._engine
    _check_attributes(engine, other, list(vars(engine)), SHARED_BY_ENGINES, COPIED_BY_ENGINES)
    assert set(vars(engine)) == set(vars(Engine(board, False, (), ())))
    view, seen = game._view, twin._view
    assert view is not None
    _check_attributes(view, seen, list(type(view).__slots__), SHARED_BY_VIEWS, COPIED_BY_VIEWS)


def test_copy_copy_no_longer_moves_the_original() -> None:
    # The fault that copy.copy had: the pusher moved, the counters did not.
    game = Game(loads_board("#####\n#@$.#\n#####"))
    twin = copy.copy(game)
    twin.move(D.RIGHT)
    assert (game.pusher, game.played, game.solved) == ((1, 1), 0, False)
    assert (twin.pusher, twin.played, twin.solved) == ((1, 2), 1, True)
    assert game.undo() == ()


def test_deepcopy_keeps_what_else_it_copies_together() -> None:
    game = Game(loads_board("####\n#@-#\n####"))
    pair = copy.deepcopy([game, game])
    assert pair[0] is pair[1]
    assert pair[0] is not game


def test_a_copy_of_a_game_of_many_sokoban_plus_ids() -> None:
    # Some 250 ids are more than a byte a cell holds: the cells stay a list.
    count = 300
    board = Board(Tessellation.SOKOBAN, ("#" * (count + 3), "#@-" + "$" * count, "#" * (count + 3)))
    ids = " ".join(str(i) for i in range(1, count + 1))
    rows = (*board.cells[:2], "#--" + "." * count, board.cells[2])
    puzzle = Puzzle(Board(Tessellation.SOKOBAN, rows), boxorder=ids, goalorder=ids)
    game = Game(puzzle, sokoban_plus=True)
    assert isinstance(game._engine.cells, list)
    twin = game.copy()
    twin.move(D.DOWN)
    assert (game.pusher, twin.pusher) == ((1, 1), (2, 1))
    assert game.state != twin.state
    twin.undo()
    assert game.state == twin.state
    assert (twin.to_array() == sokfmt.to_array(twin.board)).all()


# ------------------------------------------------------------------ to_array


@given(games(), st.data())
def test_to_array_is_the_array_of_the_board(
    drawn: tuple[Puzzle, bool, bool, random.Random], data: st.DataObject
) -> None:
    puzzle, reverse, plus, rng = drawn
    board = puzzle.board
    cells = _cells(board)
    game = Game(puzzle, reverse=reverse, sokoban_plus=plus)
    buffer = np.zeros((board.height, board.width), dtype=np.uint8)
    for _ in range(data.draw(st.integers(1, 80))):
        _play(game, _random_call(game, rng, cells))
        # Asked after some calls only, so that the codes catch up with
        # several steps, forward or back.
        if rng.random() < 0.6:
            expected = sokfmt.to_array(game.board)
            if rng.random() < 0.2:
                buffer.fill(9)  # the caller wrote into it: written again whole
            if rng.random() < 0.8:
                assert game.to_array(out=buffer) is buffer
                assert buffer.tolist() == expected.tolist()
            else:
                fresh = game.to_array()
                assert fresh.dtype == np.uint8
                assert fresh.tolist() == expected.tolist()


def test_a_pusher_that_walks_out_of_an_open_board() -> None:
    # The goal touches the outside: the pusher walks out, and the outside
    # beyond it is no longer what it was without pieces.
    game = Game(loads_board("#####\n#@-.-\n#####"))
    buffer = np.zeros((3, 5), dtype=np.uint8)
    for direction in (D.RIGHT, D.RIGHT, D.RIGHT, D.LEFT):
        game.move(direction)
        game.to_array(out=buffer)
        assert buffer.tolist() == sokfmt.to_array(game.board).tolist()
    assert buffer[1].tolist() == [2, 1, 1, 7, 0]


def test_a_box_outside_hides_the_outside_behind_it() -> None:
    game = Game(loads_board("#####\n#@$--\n#####"))
    assert game.to_array()[1].tolist() == [2, 6, 4, 0, 0]
    game.move(D.RIGHT)
    assert game.to_array()[1].tolist() == [2, 1, 6, 4, 0]


def test_to_array_after_each_step_of_a_push_and_its_undo() -> None:
    # Worked out by hand: a room, a box pushed onto the goal and back.
    game = Game(loads_board("######\n#@$-.#\n######"))
    buffer = np.zeros((3, 6), dtype=np.uint8)
    rows = []
    for call in (("move", D.RIGHT), ("move", D.RIGHT), ("undo",), ("redo",), ("restart",)):
        getattr(game, call[0])(*call[1:])
        rows.append(game.to_array(out=buffer)[1].tolist())
    assert rows == [
        [2, 1, 6, 4, 3, 2],
        [2, 1, 1, 6, 5, 2],
        [2, 1, 6, 4, 3, 2],
        [2, 1, 1, 6, 5, 2],
        [2, 6, 4, 1, 3, 2],
    ]


def test_to_array_after_a_new_branch_taken_back() -> None:
    # The steps it saw are gone, and the game is back at step 0: it finds
    # the codes again rather than play a step from where it last looked.
    game = Game(loads_board("#####\n#---#\n#-@-#\n#---#\n#####"))
    buffer = np.zeros((5, 5), dtype=np.uint8)
    game.move(D.RIGHT)
    game.to_array(out=buffer)
    game.restart()
    game.move(D.UP)  # another first step: the one it saw is dropped
    game.undo()
    assert game.to_array(out=buffer)[1:4].tolist() == [
        [2, 1, 1, 1, 2],
        [2, 1, 6, 1, 2],
        [2, 1, 1, 1, 2],
    ]


def test_to_array_writes_into_an_array_that_is_not_one_block() -> None:
    game = Game(loads_board("####\n#@.#\n####"))
    wide = np.zeros((3, 8), dtype=np.uint8)
    window = wide[:, ::2]
    assert game.to_array(out=window) is window
    assert wide[1].tolist() == [2, 0, 6, 0, 3, 0, 2, 0]
    game.move(D.RIGHT)
    game.to_array(out=window)
    assert wide[1].tolist() == [2, 0, 1, 0, 7, 0, 2, 0]


@pytest.mark.parametrize(
    ("out", "message"),
    [
        ([[0] * 4] * 3, "to_array writes into a numpy array of shape (3, 4), not list"),
        (
            np.zeros((4, 3), dtype=np.uint8),
            "to_array writes into a uint8 array of shape (3, 4), not a uint8 array of shape (4, 3)",
        ),
        (
            np.zeros((3, 4), dtype=np.int64),
            "to_array writes into a uint8 array of shape (3, 4), not a int64 array of shape (3, 4)",
        ),
        (
            np.zeros((12,), dtype=np.uint8),
            "to_array writes into a uint8 array of shape (3, 4), not a uint8 array of shape (12,)",
        ),
        (np.broadcast_to(np.uint8(0), (3, 4)), "to_array cannot write into a read-only array"),
    ],
    ids=["list", "shape", "dtype", "flat", "read-only"],
)
@pytest.mark.parametrize("board", ["####\n#@.#\n####", "####\n#@.-\n####"], ids=["closed", "open"])
def test_to_array_refuses_an_array_it_cannot_write_into(out: Any, message: str, board: str) -> None:
    game = Game(loads_board(board))
    with pytest.raises(ValidationError) as caught:
        game.to_array(out=out)
    assert str(caught.value) == message


def test_a_game_imports_numpy_only_for_to_array() -> None:
    code = (
        "import sys, sokfmt\n"
        "game = sokfmt.Game(sokfmt.loads_board('####\\n#@.#\\n####'))\n"
        "game.move(sokfmt.Direction.RIGHT); game.copy(); game.state\n"
        "print('numpy' in sys.modules)\n"
        "game.to_array()\n"
        "print('numpy' in sys.modules)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.split() == ["False", "True"]


# ------------------------------------------------------------------ state


@given(games(), st.data())
def test_state_is_equal_exactly_for_equal_positions(
    drawn: tuple[Puzzle, bool, bool, random.Random], data: st.DataObject
) -> None:
    puzzle, reverse, plus, rng = drawn
    cells = _cells(puzzle.board)
    game = Game(puzzle, reverse=reverse, sokoban_plus=plus)
    # The position as the properties give it; a box hides a pusher on it in
    # the board, so the pushers are named apart.
    seen: dict[bytes, tuple[Any, ...]] = {}
    positions: dict[tuple[Any, ...], bytes] = {}
    for _ in range(data.draw(st.integers(1, 60))):
        _play(game, _random_call(game, rng, cells))
        key = game.state
        assert isinstance(key, bytes)
        assert hash(key) == hash(bytes(key))
        position = (game.pushers, game.pusher, game.boxes, game.board)
        assert seen.setdefault(key, position) == position
        if not plus:  # Sokoban+ ids tell boxes apart that the properties do not
            assert positions.setdefault(position, key) == key


def test_state_of_a_position_reached_two_ways() -> None:
    board = loads_board("######\n#@---#\n#--$-#\n#----#\n######")
    one, two = Game(board), Game(board)
    for direction in (D.RIGHT, D.DOWN, D.LEFT):
        one.move(direction)
    two.move(D.DOWN)
    assert one.state == two.state
    assert len({one.state, two.state, Game(board).state}) == 2
    for direction in (D.RIGHT, D.RIGHT, D.LEFT):  # a push, and back
        two.move(direction)
    one.move(D.RIGHT)
    assert (one.pusher, two.pusher, one.boxes, two.boxes) == ((2, 2), (2, 2), ((2, 3),), ((2, 4),))
    assert one.state != two.state
    assert len(one.state) < 8 * 7 + 16  # a byte a cell of the framed grid, and the pusher


def test_state_tells_which_pusher_is_active() -> None:
    game = Game(loads_board("#####\n#@-@#\n#####"))
    first = game.state
    game.select((1, 3))
    assert game.state != first
    game.select((1, 1))
    assert game.state == first


def test_state_tells_which_parked_pusher_stands_on_a_box() -> None:
    # A reverse game of three pushers, two of them starting on boxes: in
    # each game one of those leaves its box, pulls it to (2, 3) and comes
    # back.  Pushers stand on the same squares, one box too, but the box
    # left under a pusher is under another one.
    board = loads_board("#######\n#+-@-+#\n#-----#\n#-----#\n#######")
    up, down, left, right = D.UP, D.DOWN, D.LEFT, D.RIGHT
    one = Game(board, reverse=True)
    one.select((1, 5))
    one.jump((2, 5))
    for direction, pull in [(down, True), (left, False), (up, False), (left, True), (left, True)]:
        one.move(direction, pull=pull)
    for direction in (down, right, right, up, right, up):
        one.move(direction)
    one.select((1, 3))
    two = Game(board, reverse=True)
    two.jump((2, 1))
    for direction, pull in [
        (down, True),
        (right, False),
        (up, False),
        (right, True),
        (right, True),
    ]:
        two.move(direction, pull=pull)
    for direction in (down, left, left, up, left, up):
        two.move(direction)
    two.select((1, 3))
    assert (
        (one.pushers, one.pusher) == (two.pushers, two.pusher) == (((1, 1), (1, 3), (1, 5)), (1, 3))
    )
    assert (one.boxes, two.boxes) == (((1, 1), (2, 3)), ((1, 5), (2, 3)))
    assert one.state != two.state


def test_a_pusher_change_on_a_copy_leaves_the_boxes_under_the_originals_pushers() -> None:
    # Pushers that start on boxes (a reverse game) wait on them: a pusher
    # change makes one active, or parks another on its box, on the copy alone.
    for rows, chosen in (("#######", "#@-+--#"), (1, 3)), (("#######", "#+-@-+#"), (1, 5)):
        board = loads_board("\n".join((*rows, "#-----#", "#######")))
        game = Game(board, reverse=True)
        twin = game.copy()
        twin.select(chosen)
        twin.jump((2, chosen[1]))
        assert _exposed(game) == _exposed(Game(board, reverse=True))
        game.select((1, 3 if chosen != (1, 3) else 1))
        witness = Game(board, reverse=True)
        witness.select((1, 3 if chosen != (1, 3) else 1))
        assert _exposed(game) == _exposed(witness)
