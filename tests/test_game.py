"""sokfmt.Game: played key by key against the replay vectors (worked out by
hand), against `replay` on every saved game of the corpus, and against a
simple model of the game written here (positions in sets, snapshots for
undo, metrics counted from the steps) under random moves, undos and redos."""

from __future__ import annotations

import copy
import json
import pickle
import sys
import tracemalloc
from collections import deque
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from corpus import CORPUS, needs_corpus
from hypothesis import event, given
from hypothesis import strategies as st
from replay import OPPOSITE

import sokfmt
from sokfmt import (
    Board,
    Collection,
    Direction,
    Game,
    IllegalMoveError,
    Puzzle,
    ReplayFailure,
    SavedGame,
    SokfmtError,
    SolvingMode,
    Step,
    StepKind,
    Tessellation,
    ValidationError,
    dumps_sok,
    loads_moves,
    loads_sok,
    replay,
)
from sokfmt._engine.replay import OTHER_BOX, START, tally
from sokfmt.geometry import neighbour, outside

ROOT = Path(__file__).resolve().parent.parent
VECTORS = ROOT / "tests" / "vectors" / "replay"

D = Direction
MOVE, PUSH, JUMP, CHANGE = (
    StepKind.MOVE,
    StepKind.PUSH_OR_PULL,
    StepKind.JUMP,
    StepKind.PUSHER_CHANGE,
)
HALLWAY = Board(Tessellation.SOKOBAN, ("########", "#.-$-@-#", "########"))
Cell = tuple[int, int]


def _inside(board: Board, cell: Cell | None) -> bool:
    return cell is not None and 0 <= cell[0] < board.height and 0 <= cell[1] < board.width


def _follow(board: Board, start: Cell, steps: Sequence[Step]) -> Cell | str:
    """Where the letters of a jump or pusher change lead from `start`, or
    the failure code of a letter that leaves the board or has no side."""
    here = start
    for step in steps:
        near = neighbour(board.tessellation, here, step.direction)
        if near is None:
            return "direction-unavailable"
        if not _inside(board, near):
            return "off-board"
        here = near
    return here


def _groups(steps: Sequence[Step]) -> Iterator[tuple[int, list[Step]]]:
    """(index of the first step, steps) of each step or whole group."""
    index = 0
    while index < len(steps):
        kind = steps[index].kind
        end = index + 1
        if kind in (JUMP, CHANGE):
            while end < len(steps) and steps[end].kind is kind:
                end += 1
        yield index, list(steps[index:end])
        index = end


def state(game: Game) -> tuple[Any, ...]:
    return (game.board, game.pushers, game.pusher, game.boxes, game.metrics, game.solved)


def play_by_keys(game: Game, steps: Sequence[Step], upto: int) -> tuple[int, str | None]:
    """Play `steps` as a player would (`move`, `jump`, `select`) up to
    `upto`; returns the steps played and the failure that stopped them.  A
    group that `upto` cuts is not played.  A forward key pushes whatever the
    case of the letter: a lower-case letter into a box, or an upper-case one
    with nothing to push, stops the play with the code a replay of the
    letter gives ("move-into-box", "push-without-box"), the key's step taken
    back (undo restores the position before it)."""
    board = game.board
    for index, group in _groups(steps):
        if index + len(group) > upto:
            return index, None
        step = group[0]
        before = state(game)
        try:
            if step.kind in (MOVE, PUSH):
                pull = game.reverse and step.kind is PUSH
                played = game.move(step.direction, pull=pull)
                if played != step:  # the key pushed, or moved, unlike the letter
                    assert not game.reverse
                    assert game.undo() == (played,)
                    assert state(game) == before
                    return index, "move-into-box" if step.kind is MOVE else "push-without-box"
            else:
                assert game.pusher is not None
                end = _follow(board, game.pusher, group)
                if isinstance(end, str):
                    return index, end
                (game.jump if step.kind is JUMP else game.select)(end)
        except IllegalMoveError as error:
            assert error.index == game.played
            assert state(game) == before  # an illegal step changes nothing
            return index, error.failure.value
    return len(steps), None


# ------------------------------------------------------------------ the vectors


def _vector_cases() -> list[Any]:
    params = []
    for path in sorted(VECTORS.glob("*.json")):
        document = json.loads(path.read_text(encoding="utf-8"))
        for case in document["cases"]:
            case = {**case, "tessellation": document["tessellation"]}
            params.append(pytest.param(case, id=f"{path.stem}: {case['name']}"))
    return params


def _target(case: dict[str, Any]) -> Puzzle | Board:
    board = Board(Tessellation.from_name(case["tessellation"]), tuple(case["cells"]))
    plus = case.get("sokoban_plus")
    if plus is None:
        return board
    return Puzzle(board, boxorder=plus["boxorder"], goalorder=plus["goalorder"])


def _expected_state(game: Game, expected: dict[str, Any]) -> None:
    assert game.board.cells == tuple(expected["cells"])
    assert game.pusher == (None if expected["pusher"] is None else tuple(expected["pusher"]))
    assert game.metrics == tuple(
        expected[name]
        for name in (
            "moves",
            "pushes",
            "box_lines",
            "box_changes",
            "pushing_sessions",
            "pusher_lines",
        )
    )


@pytest.mark.parametrize("case", _vector_cases())
def test_vector_played_key_by_key(case: dict[str, Any]) -> None:
    tessellation = Tessellation.from_name(case["tessellation"])
    saved = loads_moves(case["moves"], tessellation=tessellation)
    expected = case["expected"]
    plus = "sokoban_plus" in case
    game = Game(_target(case), reverse=saved.solving_mode is SolvingMode.REVERSE, sokoban_plus=plus)
    upto = len(saved) if case.get("upto") is None else case["upto"]
    played, failure = play_by_keys(game, saved.steps, upto)
    assert failure == expected["failure"]
    assert played == (expected["played"] if failure is None else expected["failed_at"])
    _expected_state(game, expected)
    assert game.solved is expected["solved"]


@pytest.mark.parametrize("case", _vector_cases())
def test_vector_resumed(case: dict[str, Any]) -> None:
    tessellation = Tessellation.from_name(case["tessellation"])
    upto = case.get("upto")
    saved = loads_moves(case["moves"], tessellation=tessellation).with_metadata(
        current_move_idx=upto
    )
    expected = case["expected"]
    target = _target(case)
    plus = "sokoban_plus" in case
    if expected["failed_at"] is not None:
        with pytest.raises(IllegalMoveError) as caught:
            Game.resume(target, saved, sokoban_plus=plus)
        assert caught.value.failure.value == expected["failure"]
        assert caught.value.index == expected["failed_at"]
        return
    game = Game.resume(target, saved, sokoban_plus=plus)
    _expected_state(game, expected)
    assert game.solved is expected["solved"]
    assert game.played == expected["played"]


# ------------------------------------------------------------------ the corpus


def _corpus_games() -> Iterator[tuple[Puzzle, SavedGame]]:
    for path in sorted(CORPUS.rglob("*")):
        if path.suffix in (".sok", ".xsb", ".slc"):
            for puzzle in sokfmt.load(path, diagnostics=[]).puzzles:  # type: ignore[union-attr]
                for game in puzzle.saved_games:
                    yield puzzle, game


@needs_corpus
def test_every_corpus_game_played_key_by_key_ends_as_its_replay() -> None:
    played_games = 0
    for puzzle, saved in _corpus_games():
        result = replay(puzzle, saved)
        game = Game(puzzle, reverse=saved.solving_mode is SolvingMode.REVERSE)
        start = state(game)
        played, failure = play_by_keys(game, saved.steps, len(saved))
        assert (played, failure) == (
            result.played,
            None if result.failure is None else result.failure.value,
        ), saved.title
        if not result.legal:  # the position before the failing step, which may be solved
            result = replay(puzzle, saved, upto=result.played)
        assert (game.board, game.pusher, game.solved, game.metrics) == (
            result.board,
            result.pusher,
            result.solved,
            result.metrics,
        ), saved.title
        # Taken back to the start, step by step, it is the start again.
        while game.undo():
            pass
        assert (state(game), game.played) == (start, 0)
        played_games += 1
    assert played_games >= 300  # 319 games in the corpus; three stop at an illegal step


@needs_corpus
def test_every_corpus_game_resumes_and_saves_as_it_was() -> None:
    for puzzle, saved in _corpus_games():
        if not replay(puzzle, saved, upto=saved.current_move_idx).legal:
            continue
        game = Game.resume(puzzle, saved)
        assert game.saved_game(title=saved.title, solved_by=saved.solved_by, notes=saved.notes) == (
            saved
        )
        game.restart()
        assert state(game) == state(Game(puzzle, reverse=game.reverse))
        result = replay(puzzle, saved)
        try:
            while game.redo():
                pass
        except IllegalMoveError as error:
            assert (error.index, error.failure) == (result.failed_at, result.failure)
        assert (game.played, game.board, game.metrics) == (
            result.played,
            result.board,
            result.metrics,
        )


# ------------------------------------------------------------------ examples


def test_a_key_moves_or_pushes_and_undo_takes_it_back() -> None:
    game = Game(HALLWAY)
    assert game.move(D.LEFT) == Step(MOVE, D.LEFT)
    assert game.move(D.LEFT) == Step(PUSH, D.LEFT)
    assert (game.pusher, game.boxes, game.solved) == ((1, 3), ((1, 2),), False)
    assert game.move(D.LEFT) == Step(PUSH, D.LEFT)
    assert game.solved
    assert game.metrics == (3, 2, 1, 1, 1, 1)
    assert str(game.saved_game()) == "lLL"
    assert game.undo() == (Step(PUSH, D.LEFT),)
    assert str(game.saved_game()) == "lL*L"
    assert (game.pusher, game.metrics, game.solved) == ((1, 3), (2, 1, 1, 1, 1, 1), False)
    assert game.redo() == (Step(PUSH, D.LEFT),)
    assert game.redo() == ()
    game.restart()
    assert (game.board, game.metrics, str(game.saved_game())) == (HALLWAY, (0,) * 6, "*lLL")
    assert game.undo() == ()


def test_playing_the_next_undone_step_keeps_the_rest_and_another_drops_it() -> None:
    game = Game(HALLWAY)
    for _ in range(3):
        game.move(D.LEFT)
    game.undo()
    game.undo()
    game.move(D.LEFT)  # the step undone next: the rest stays
    assert str(game.saved_game()) == "lL*L"
    game.undo()
    game.move(D.RIGHT)
    assert str(game.saved_game()) == "lr"


def test_an_illegal_move_raises_its_replay_code_and_changes_nothing() -> None:
    game = Game(Board(Tessellation.SOKOBAN, ("######", "#.$$@#", "######")))
    with pytest.raises(IllegalMoveError, match="has another box behind it") as caught:
        game.move(D.LEFT)
    assert (caught.value.failure, caught.value.index) == (ReplayFailure.BOX_INTO_BOX, 0)
    assert isinstance(caught.value, SokfmtError)
    with pytest.raises(IllegalMoveError) as caught:
        game.move(D.RIGHT)
    assert caught.value.failure is ReplayFailure.WALL
    assert game.played == 0
    assert game.board.cells == ("######", "#.$$@#", "######")
    assert game.legal_moves() == ()
    copied = pickle.loads(pickle.dumps(caught.value))
    assert (copied.message, copied.failure, copied.index) == (
        caught.value.message,
        ReplayFailure.WALL,
        0,
    )


def test_a_reverse_game_jumps_then_pulls() -> None:
    game = Game(HALLWAY, reverse=True)
    assert game.boxes == ((1, 1),)  # a box starts on every goal
    assert game.jump((1, 2)) == (Step(JUMP, D.LEFT),) * 3
    assert game.jump((1, 4)) == (Step(JUMP, D.LEFT),)  # in place of the first
    assert game.legal_moves() == (Step(MOVE, D.LEFT), Step(MOVE, D.RIGHT))
    with pytest.raises(IllegalMoveError) as caught:
        game.move(D.RIGHT, pull=True)
    assert caught.value.failure is ReplayFailure.PULL_WITHOUT_BOX
    game.jump((1, 2))
    assert game.move(D.RIGHT, pull=True) == Step(PUSH, D.RIGHT)
    assert str(game.saved_game()) == "[lll]R"
    with pytest.raises(IllegalMoveError) as caught:
        game.jump((1, 5))
    assert caught.value.failure is ReplayFailure.JUMP_AFTER_PULL
    game.move(D.RIGHT, pull=True)
    game.move(D.RIGHT)
    assert game.solved  # the box is home and the pusher can walk back
    assert game.undo() == (Step(MOVE, D.RIGHT),)
    game.undo()
    game.undo()
    assert game.undo() == (Step(JUMP, D.LEFT),) * 3  # the whole jump
    assert game.pusher == (1, 5)
    assert str(game.saved_game()) == "[*lll]RRr"  # the * before the jump's first letter
    assert loads_moves("[*lll]RRr") == game.saved_game()


def test_a_jump_takes_numpy_integers() -> None:
    # What an agent finds with numpy.argwhere: numpy integers, not ints.
    numpy = pytest.importorskip("numpy")
    room = sokfmt.loads_board("#######\n#@$-.-#\n#######")
    row, column = numpy.argwhere(sokfmt.to_array(room) == 1)[0]  # 1: floor
    assert (row, column) == (1, 3)
    assert not isinstance(row, int)
    game = Game(room, reverse=True)
    game.jump((row, column))
    assert game.pusher == (1, 3)
    assert all(type(n) is int for n in game.pusher)
    with pytest.raises(ValidationError, match="position must be"):
        game.jump((numpy.float64(1), 3))


def test_a_jump_back_to_where_the_jump_began_takes_it_back() -> None:
    game = Game(HALLWAY, reverse=True)
    game.jump((1, 2))
    assert game.jump((1, 5)) == ()
    assert (game.pusher, str(game.saved_game())) == ((1, 5), "[]")


def test_a_failed_jump_leaves_the_jump_before_it() -> None:
    game = Game(HALLWAY, reverse=True)
    game.jump((1, 2))
    with pytest.raises(IllegalMoveError) as caught:
        game.jump((1, 0))
    assert caught.value.failure is ReplayFailure.JUMP_BLOCKED
    assert (game.pusher, str(game.saved_game())) == ((1, 2), "[lll]")


TWO_PUSHERS = Board(Tessellation.SOKOBAN, ("#######", "#@-$-.#", "#@----#", "#######"))


def test_select_changes_the_active_pusher() -> None:
    game = Game(TWO_PUSHERS)
    assert game.select((2, 1)) == (Step(CHANGE, D.DOWN),)
    assert game.select((2, 1)) == ()  # already active
    assert game.pusher == (2, 1)
    game.move(D.RIGHT)
    game.move(D.RIGHT)
    # A shortest way, the directions tried in the order l, r, u, d: from
    # (2, 3) the first to reach (1, 1) goes left twice, then up.
    assert game.select((1, 1)) == (Step(CHANGE, D.LEFT),) * 2 + (Step(CHANGE, D.UP),)
    assert game.move(D.RIGHT) == Step(MOVE, D.RIGHT)
    assert game.move(D.RIGHT) == Step(PUSH, D.RIGHT)
    assert game.pushers == ((1, 3), (2, 3))
    assert str(game.saved_game()) == "{d}rr{llu}rR"
    with pytest.raises(IllegalMoveError) as caught:
        game.select((2, 2))
    assert caught.value.failure is ReplayFailure.NO_PUSHER_TO_CHANGE_TO
    with pytest.raises(IllegalMoveError) as caught:
        game.select((9, 9))
    assert caught.value.failure is ReplayFailure.OFF_BOARD
    assert game.undo() == (Step(PUSH, D.RIGHT),)
    assert game.undo() == (Step(MOVE, D.RIGHT),)
    assert game.undo() == (Step(CHANGE, D.LEFT),) * 2 + (Step(CHANGE, D.UP),)
    assert (game.pusher, game.pushers) == ((2, 3), ((1, 1), (2, 3)))


def test_no_pusher() -> None:
    game = Game(Board(Tessellation.SOKOBAN, ("####", "#$.#", "####")), reverse=True)
    for attempt in (lambda: game.move(D.LEFT), lambda: game.jump((1, 1))):
        with pytest.raises(IllegalMoveError) as caught:
            attempt()
        assert caught.value.failure is ReplayFailure.NO_PUSHER
    assert (game.pusher, game.pushers, game.legal_moves()) == (None, (), ())


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda g: g.move("l"), "direction must be a Direction, not 'l'"),
        (lambda g: g.move(D.NORTH_WEST), "Sokoban has no direction NORTH_WEST"),
        (lambda g: g.move(D.LEFT, pull=True), "Only a reverse game pulls"),
        (lambda g: g.jump((1, 1)), "Only a reverse game jumps"),
        (
            lambda g: g.select([1, 1]),
            r"position must be a \(row, column\) pair of whole numbers, not \[1, 1\]",
        ),
        (lambda g: g.select((1, True)), "position must be a"),
        (lambda g: g.saved_game(title="two\nlines"), "must be one line"),
    ],
)
def test_invalid_arguments(call: Any, message: str) -> None:
    game = Game(HALLWAY)
    with pytest.raises(ValidationError, match=message):
        call(game)
    assert game.played == 0


def test_invalid_boards_and_games() -> None:
    with pytest.raises(ValidationError, match="puzzle_or_board must be a Puzzle or a Board"):
        Game("#@$.#")  # type: ignore[arg-type]
    with pytest.raises(ValidationError, match="sokoban_plus needs a Puzzle"):
        Game(HALLWAY, sokoban_plus=True)
    with pytest.raises(ValidationError, match="A Hexoban game cannot be played on a Sokoban"):
        Game.resume(HALLWAY, loads_moves("r", tessellation=Tessellation.HEXOBAN))
    with pytest.raises(ValidationError, match="saved_game must be a SavedGame"):
        Game.resume(HALLWAY, "lLL")  # type: ignore[arg-type]


def test_resume_stops_at_the_cursor_and_before_a_group_it_cuts() -> None:
    game = Game.resume(HALLWAY, loads_moves("lL*L"))
    assert (game.played, game.pusher, str(game.saved_game())) == (2, (1, 3), "lL*L")
    cut = loads_moves("[lll]RRr").with_metadata(current_move_idx=2)
    game = Game.resume(HALLWAY, cut)
    assert (game.played, game.pusher, game.reverse) == (0, (1, 5), True)
    assert game.redo() == (Step(JUMP, D.LEFT),) * 3


def test_redo_of_an_illegal_step_after_the_cursor_raises_and_keeps_it() -> None:
    game = Game.resume(HALLWAY, loads_moves("l*ll"))
    with pytest.raises(IllegalMoveError) as caught:
        game.redo()
    assert (caught.value.failure, caught.value.index) == (ReplayFailure.MOVE_INTO_BOX, 1)
    assert str(game.saved_game()) == "l*ll"


def test_a_saved_game_written_into_a_file_reads_back_equal() -> None:
    game = Game(TWO_PUSHERS)
    game.select((2, 1))
    game.move(D.RIGHT)
    game.move(D.RIGHT)
    game.select((1, 1))
    game.move(D.RIGHT)
    game.move(D.RIGHT)
    game.undo()
    saved = game.saved_game(title="Snapshot", solved_by="Me")
    assert saved.printed_steps() == "{d}rr{llu}r*R"
    collection = Collection(puzzles=(Puzzle(TWO_PUSHERS, title="Two").with_games(saved),))
    assert loads_sok(dumps_sok(collection)) == collection
    assert loads_sok(dumps_sok(collection)).puzzles[0].saved_games[0].current_move_idx == 7


def test_sokoban_plus_needs_each_box_on_a_goal_of_its_own_id() -> None:
    board = Board(Tessellation.SOKOBAN, ("#######", "#.$@$.#", "#######"))
    own = Puzzle(board, boxorder="1 2", goalorder="1 2")
    swapped = Puzzle(board, boxorder="1 2", goalorder="2 1")
    for puzzle, solved in ((own, True), (swapped, False)):
        game = Game(puzzle, sokoban_plus=True)
        game.move(D.LEFT)
        game.move(D.RIGHT)
        game.move(D.RIGHT)
        assert game.solved is solved
        assert Game(puzzle).solved is False


def test_repr_and_copies() -> None:
    game = Game(HALLWAY)
    game.move(D.LEFT)
    game.move(D.LEFT)
    game.undo()
    assert repr(game) == "<Game: Sokoban, forward, 1 of 2 steps played>"
    twin = copy.deepcopy(game)
    twin.redo()
    assert (game.played, twin.played) == (1, 2)
    assert pickle.loads(pickle.dumps(twin)).saved_game() == twin.saved_game()


def test_memory_is_a_few_arrays_of_the_board_and_a_few_bytes_a_step() -> None:
    size = 50
    rows = ["#" * size] + ["#" + "-" * (size - 2) + "#" for _ in range(size - 2)] + ["#" * size]
    rows[1] = "#@" + "-" * (size - 3) + "#"
    board = Board(Tessellation.SOKOBAN, tuple(rows))
    Game(board)  # the neighbour tables of a size are built once and shared
    tracemalloc.start()
    try:
        before = tracemalloc.take_snapshot()
        game = Game(board)
        started = tracemalloc.take_snapshot()
        for _ in range(5_000):
            game.move(D.RIGHT)
            game.move(D.LEFT)
        ended = tracemalloc.take_snapshot()
    finally:
        tracemalloc.stop()

    def grown(after: tracemalloc.Snapshot, earlier: tracemalloc.Snapshot) -> int:
        return sum(stat.size_diff for stat in after.compare_to(earlier, "filename"))

    cells = size * size
    assert grown(started, before) < 20 * cells  # a list of cells, a string, a board
    assert grown(ended, started) < 16 * 10_000  # a byte and a number per step


# A room where the pusher pushes the box right, walks round it, pushes it
# back and walks home: ten steps that end where they began.
ROOM = Board(Tessellation.SOKOBAN, ("#######", "#-----#", "#-@$-.#", "#-----#", "#######"))
ROUND = (D.RIGHT, D.UP, D.RIGHT, D.RIGHT, D.DOWN, D.LEFT, D.UP, D.LEFT, D.LEFT, D.DOWN)


def _keys_undos_and_redos(game: Game) -> None:
    """Moves, pushes, undos, redos and a new branch at the end of `game`
    (which ends at home, after `ROUND`), the metrics asked after each as a
    player's screen asks; it leaves the game as it found it."""
    for _ in range(20):
        game.move(D.RIGHT)  # a push
        _ = game.metrics
        game.undo()
        game.undo()  # the last step of the rounds, the "d" home
        _ = game.metrics
        game.move(D.LEFT)  # another step than the one undone: a new branch
        game.undo()
        game.redo()
        game.undo()
        game.move(D.DOWN)  # home again
        _ = game.metrics


def _cost(game: Game) -> tuple[int, int]:
    """The lines of Python run, and the most memory held at once, by
    `_keys_undos_and_redos` on `game`.  Neither grows with the length of
    the game when each call costs the same whatever the length; a cost that
    does (a copy of the steps, a replay from the start) shows in one or the
    other, whatever the machine's speed."""
    _keys_undos_and_redos(game)  # the arrays have grown to their size
    tracemalloc.start()
    try:
        _keys_undos_and_redos(game)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    lines = 0

    def count(frame: Any, event: str, argument: Any) -> Any:
        nonlocal lines
        lines += event == "line"
        return count

    previous = sys.gettrace()  # a coverage tracer, when the suite runs under one
    sys.settrace(count)
    try:
        _keys_undos_and_redos(game)
    finally:
        sys.settrace(previous)
    return lines, peak


def test_move_and_undo_cost_the_same_whatever_the_length_of_the_game() -> None:
    costs = {}
    for rounds in (1, 10_000):
        game = Game(ROOM)
        for _ in range(rounds):
            for direction in ROUND:
                game.move(direction)
        _ = game.metrics
        before = state(game), game.saved_game()
        costs[rounds] = _cost(game)
        assert (state(game), game.saved_game()) == before
        assert game.metrics == (10 * rounds, 2 * rounds, 2 * rounds, 1, 2 * rounds, 8 * rounds)
    (short_lines, short_peak), (long_lines, long_peak) = costs[1], costs[10_000]
    assert long_lines == short_lines
    # Bigger numbers of steps take a few bytes more; a copy of 100,000
    # steps would take 100,000.
    assert long_peak < short_peak + 2_000


# ------------------------------------------------------------------ counting


def _by_definition(codes: bytes, previous: int) -> tuple[int, ...]:
    """The metrics of `codes` after `previous`, step by step from the
    definitions of `sokfmt.Replay`, in the engine's codes: 2d a move, 2d + 1
    a push, + OTHER_BOX for a push of another box than the push before it,
    16 + d and 24 + d the steps of jumps and pusher changes."""

    def plain(code: int) -> bool:
        return code != START and code & 31 < 16

    moves = pushes = lines = changes = sessions = pusher_lines = 0
    before = previous
    for code in codes:
        if plain(code):
            moves += 1
            if code & 1:
                after_push = plain(before) and bool(before & 1)
                other = bool(code & OTHER_BOX)
                pushes += 1
                changes += other
                sessions += not after_push
                lines += other or not after_push
            pusher_lines += not plain(before) or (before & 31) >> 1 != (code & 31) >> 1
        before = code
    return moves, pushes, lines, changes, sessions, pusher_lines


CODES = st.sampled_from([*range(32), *(push | OTHER_BOX for push in range(1, 16, 2))])


@given(st.lists(CODES, max_size=30), st.lists(CODES, max_size=30), CODES | st.just(START))
def test_the_metrics_of_steps_are_counted_from_their_bytes_for_any_stretch(
    first: list[int], second: list[int], previous: int
) -> None:
    whole = bytes(first + second)
    assert tally(whole, previous) == _by_definition(whole, previous)
    # Counted in two stretches, the second after the first's last step.
    between = first[-1] if first else previous
    parts = zip(tally(bytes(first), previous), tally(bytearray(second), between), strict=True)
    assert tuple(a + b for a, b in parts) == tally(whole, previous)


# ------------------------------------------------------------------ the model
#
# Written from the rules in sokfmt/replaying.py's docstring and Game's: sets of
# positions, sokfmt.geometry.neighbour, a snapshot of the position before
# every action for undo, and the metrics counted from the actions played.


@dataclass(frozen=True)
class Action:
    steps: tuple[Step, ...]
    box: int | None = None  # the box a push or pull moved (its number)


@dataclass
class Position:
    boxes: dict[Cell, tuple[int, int]]  # cell -> (box number, Sokoban+ id)
    pushers: list[Cell]
    active: int


@dataclass
class Model:
    board: Board
    reverse: bool
    targets: dict[Cell, int]  # where boxes must end -> Sokoban+ id
    start: Position
    now: Position
    played: list[tuple[Action, Position]] = field(default_factory=list)
    undone: list[Action] = field(default_factory=list)  # the next to redo last

    @classmethod
    def of(cls, target: Puzzle | Board, reverse: bool, plus: bool) -> Model:
        board = target.board if isinstance(target, Puzzle) else target
        ids = target.sokoban_plus() if plus and isinstance(target, Puzzle) else None
        box_ids, goal_ids = ids or ((), ())

        def with_ids(cells: Sequence[Cell], given: Sequence[int]) -> dict[Cell, int]:
            return {cell: (given[i] if i < len(given) else 0) for i, cell in enumerate(cells)}

        pieces, targets = with_ids(board.boxes, box_ids), with_ids(board.goals, goal_ids)
        if reverse:
            pieces, targets = targets, pieces
        boxes = {cell: (number, id_) for number, (cell, id_) in enumerate(pieces.items())}
        start = Position(boxes, list(board.pushers), 0)
        return cls(board, reverse, targets, start, copy.deepcopy(start))

    # ---------------------------------------------------------- what is where

    def at(self, cell: Cell | None) -> str:
        now = self.now
        if cell is None:
            return "none"
        if not _inside(self.board, cell):
            return "off"
        if self.board[cell] == "#":
            return "wall"
        if cell in now.pushers[: now.active] + now.pushers[now.active + 1 :]:
            return "pusher"
        return "box" if cell in now.boxes else "free"

    # ---------------------------------------------------------- the rules

    def key(self, direction: Direction, pull: bool) -> Action | str:
        """The action a key plays, or the failure code."""
        now, tessellation = self.now, self.board.tessellation
        if not now.pushers:
            return "no-pusher"
        here = now.pushers[now.active]
        there = neighbour(tessellation, here, direction)
        what = self.at(there)
        blocked = {
            "none": "direction-unavailable",
            "off": "off-board",
            "wall": "wall",
            "pusher": "pusher-in-the-way",
        }
        if self.reverse:
            if here in now.boxes:
                return "pusher-on-box"
            if what == "box":
                return "push-in-reverse" if pull else "move-into-box"
            if what != "free":
                return blocked[what]
            if not pull:
                return Action((Step(MOVE, direction),))
            behind = neighbour(tessellation, here, OPPOSITE[direction])
            if self.at(behind) != "box":
                return "pull-without-box"
            assert behind is not None
            return Action((Step(PUSH, direction),), now.boxes[behind][0])
        if what == "box":
            beyond = self.at(neighbour(tessellation, there, direction))  # type: ignore[arg-type]
            if beyond != "free":
                return {**blocked, "wall": "box-into-wall", "pusher": "box-into-pusher"}.get(
                    beyond, "box-into-box"
                )
            assert there is not None
            return Action((Step(PUSH, direction),), now.boxes[there][0])
        if what != "free":
            return blocked[what]
        return Action((Step(MOVE, direction),))

    def apply(self, action: Action) -> None:
        """Play an action known to be legal."""
        now, tessellation = self.now, self.board.tessellation
        step = action.steps[0] if action.steps else None
        if step is None:
            return
        if step.kind in (JUMP, CHANGE):
            end = _follow(self.board, now.pushers[now.active], action.steps)
            assert not isinstance(end, str)
            if step.kind is JUMP:
                now.pushers[now.active] = end
            else:
                now.active = now.pushers.index(end)
            return
        here = now.pushers[now.active]
        there = neighbour(tessellation, here, step.direction)
        assert there is not None
        if step.kind is PUSH and self.reverse:
            behind = neighbour(tessellation, here, OPPOSITE[step.direction])
            now.boxes[here] = now.boxes.pop(behind)  # type: ignore[arg-type]
        elif step.kind is PUSH:
            beyond = neighbour(tessellation, there, step.direction)
            now.boxes[beyond] = now.boxes.pop(there)  # type: ignore[index]
        now.pushers[now.active] = there

    def play(self, action: Action) -> None:
        """Play a new action: the next undone one stays if it is this one."""
        if self.undone and self.undone[-1] == action and action.steps[0].kind in (MOVE, PUSH):
            self.undone.pop()
        else:
            self.undone.clear()
        self.played.append((action, copy.deepcopy(self.now)))
        self.apply(action)

    def undo(self) -> tuple[Step, ...]:
        if not self.played:
            return ()
        action, before = self.played.pop()
        self.now = before
        self.undone.append(action)
        return action.steps

    def redo(self) -> tuple[Step, ...]:
        if not self.undone:
            return ()
        action = self.undone.pop()
        self.played.append((action, copy.deepcopy(self.now)))
        self.apply(action)
        return action.steps

    def restart(self) -> None:
        self.undone.extend(action for action, _ in reversed(self.played))
        self.played.clear()
        self.now = copy.deepcopy(self.start)

    def jump_failure(self, cell: Cell) -> str | None:
        now = self.now
        if not now.pushers:
            return "no-pusher"
        if self.metrics()[1]:
            return "jump-after-pull"
        if not _inside(self.board, cell):
            return "off-board"
        if cell != now.pushers[now.active] and (
            self.at(cell) != "free" or cell in outside(self.board)
        ):
            return "jump-blocked"
        return None

    def select_failure(self, cell: Cell) -> str | None:
        if not self.now.pushers:
            return "no-pusher"
        if not _inside(self.board, cell):
            return "off-board"
        return None if cell in self.now.pushers else "no-pusher-to-change-to"

    # ---------------------------------------------------------- what it says

    def metrics(self) -> tuple[int, ...]:
        moves = pushes = lines = changes = sessions = pusher_lines = 0
        last_box: int | None = None
        previous: Step | None = None  # None at the start and after a group
        for action, _ in self.played:
            step = action.steps[0]
            if step.kind in (JUMP, CHANGE):
                previous = None
                continue
            moves += 1
            if step.kind is PUSH:
                pushes += 1
                session = previous is None or previous.kind is not PUSH
                change = action.box != last_box
                sessions += session
                changes += change
                lines += session or change
                last_box = action.box
            pusher_lines += previous is None or previous.direction is not step.direction
            previous = step
        return moves, pushes, lines, changes, sessions, pusher_lines

    def solved(self) -> bool:
        now, board = self.now, self.board
        if any(self.targets.get(cell) != id_ for cell, (_, id_) in now.boxes.items()):
            return False
        if not self.reverse:
            return True
        for cell, start in zip(now.pushers, board.pushers, strict=True):
            reach, queue = {start}, deque([start])
            while queue:
                here = queue.popleft()
                for direction in board.tessellation.directions:
                    near = neighbour(board.tessellation, here, direction)
                    if (
                        _inside(board, near)
                        and near not in reach
                        and board[near] != "#"  # type: ignore[index]
                        and near not in board.boxes
                    ):
                        reach.add(near)  # type: ignore[arg-type]
                        queue.append(near)  # type: ignore[arg-type]
            if cell not in reach:
                return False
        return True

    def legal(self) -> tuple[Step, ...]:
        found = []
        for direction in self.board.tessellation.directions:
            for pull in (False, True) if self.reverse else (False,):
                action = self.key(direction, pull)
                if isinstance(action, Action):
                    found.append(action.steps[0])
        return tuple(found)

    def saved_game(self) -> SavedGame:
        steps = [s for action, _ in self.played for s in action.steps]
        after = [s for action in reversed(self.undone) for s in action.steps]
        return SavedGame(
            steps + after,
            self.board.tessellation,
            SolvingMode.REVERSE if self.reverse else SolvingMode.FORWARD,
            current_move_idx=len(steps),
        )

    def rows(self) -> tuple[str, ...]:
        goals = set(self.board.goals)
        rows = []
        for r, row in enumerate(self.board.cells):
            squares = []
            for c, square in enumerate(row):
                goal = (r, c) in goals
                if square == "#":
                    squares.append("#")
                elif (r, c) in self.now.boxes:
                    squares.append("*" if goal else "$")
                elif (r, c) in self.now.pushers:
                    squares.append("+" if goal else "@")
                else:
                    squares.append("." if goal else "-")
            rows.append("".join(squares))
        return tuple(rows)


def _shortest(board: Board, start: Cell, end: Cell) -> int:
    """The fewest letters from `start` to `end` over anything on the board."""
    seen, queue = {start: 0}, deque([start])
    while queue:
        here = queue.popleft()
        for direction in board.tessellation.directions:
            near = neighbour(board.tessellation, here, direction)
            if _inside(board, near) and near not in seen:
                seen[near] = seen[here] + 1  # type: ignore[index]
                queue.append(near)  # type: ignore[arg-type]
    return seen[end]


def agree(game: Game, model: Model) -> None:
    now = model.now
    assert game.pushers == tuple(now.pushers)
    assert game.pusher == (now.pushers[now.active] if now.pushers else None)
    assert game.boxes == tuple(sorted(now.boxes))
    assert game.board.cells == model.rows()
    assert game.metrics == model.metrics()
    assert game.solved is model.solved()
    assert game.legal_moves() == model.legal()
    assert game.saved_game() == model.saved_game()


@st.composite
def boards(draw: st.DrawFn, tessellation: Tessellation, pushers: int) -> Board:
    """A walled board with floor, a few walls, boxes, as many goals, and
    pushers, some of them perhaps on goals (a reverse game's pusher then
    starts on a box)."""
    width, height = draw(st.integers(4, 8)), draw(st.integers(4, 7))
    rng = draw(st.randoms(use_true_random=True))
    inside = [(r, c) for r in range(1, height - 1) for c in range(1, width - 1)]
    rng.shuffle(inside)
    cells = [["#"] * width for _ in range(height)]
    free = [cell for cell in inside[pushers:] if rng.random() >= 0.15]
    count = min(draw(st.integers(1, 4)), len(free) // 2)
    for r, c in free:
        cells[r][c] = "-"
    for r, c in free[:count]:
        cells[r][c] = "$"
    for r, c in free[count : 2 * count]:
        cells[r][c] = "."
    for r, c in inside[:pushers]:
        cells[r][c] = "+" if rng.random() < 0.2 else "@"
    if draw(st.booleans()):  # an opening in the wall, so that jumps can meet the outside
        cells[0][1 + rng.randrange(width - 2)] = "-"
    return Board(tessellation, tuple("".join(row) for row in cells))


@given(st.data())
def test_random_moves_undos_and_redos_agree_with_the_model(data: st.DataObject) -> None:
    tessellation = data.draw(st.sampled_from(list(Tessellation)))
    board = data.draw(boards(tessellation, data.draw(st.sampled_from([0, 1, 1, 1, 2, 2, 3]))))
    reverse = data.draw(st.booleans())
    ids = data.draw(st.lists(st.integers(1, 2), max_size=len(board.boxes)))
    goal_ids = data.draw(st.permutations(ids))
    target = Puzzle(board, boxorder=" ".join(map(str, ids)), goalorder=" ".join(map(str, goal_ids)))
    plus = data.draw(st.booleans())
    game = Game(target, reverse=reverse, sokoban_plus=plus)
    model = Model.of(target, reverse, plus)
    rng = data.draw(st.randoms(use_true_random=True))
    cells = [(r, c) for r in range(-1, board.height + 1) for c in range(-1, board.width + 1)]
    agree(game, model)
    # Halfway, perhaps, the game is saved and resumed, steps undone after its
    # cursor and all: the resumed game goes on as the one it was saved from
    # (playing the next undone step keeps the rest; redo plays them).
    rounds = data.draw(st.integers(10, 60))
    resume_at = data.draw(st.sampled_from([None, rounds // 2]))
    for round_ in range(rounds):
        if round_ == resume_at:
            if model.played:  # a step after the cursor, at least
                assert game.undo() == model.undo()
            game = Game.resume(target, game.saved_game(), sokoban_plus=plus)
            agree(game, model)
            event(f"resumed with {'some' if model.undone else 'no'} steps after the cursor")
        before = state(game)
        operation = rng.choices(
            ["move", "undo", "redo", "restart", "jump", "select"], [12, 4, 3, 0.3, 1, 1]
        )[0]
        if operation == "move":
            direction = rng.choice(tessellation.directions)
            pull = reverse and rng.random() < 0.5
            pushes = [step for step in model.legal() if step.kind is PUSH]
            if pushes and rng.random() < 0.5:  # random keys seldom push: help them
                direction, pull = rng.choice(pushes).direction, reverse
            expected = model.key(direction, pull)
            if isinstance(expected, str):
                with pytest.raises(IllegalMoveError) as caught:
                    game.move(direction, pull=pull)
                assert caught.value.failure.value == expected
                assert state(game) == before
            else:
                assert game.move(direction, pull=pull) == expected.steps[0]
                model.play(expected)
        elif operation == "undo":
            assert game.undo() == model.undo()
        elif operation == "redo":
            assert game.redo() == model.redo()
        elif operation == "restart":
            game.restart()
            model.restart()
        elif operation == "jump" and reverse:
            floor = [cell for cell in board.positions("-.") if rng.random() < 0.7]
            _group(game, model, rng.choice(floor or cells), JUMP)
        elif operation == "select":
            cell = rng.choice([*model.now.pushers, *model.now.pushers, rng.choice(cells)])
            _group(game, model, cell, CHANGE)
        agree(game, model)
    # What was played reads back from a file, and resumes where it was.
    saved = game.saved_game()
    puzzle = target.with_games(saved)
    collection = Collection(puzzles=(puzzle,))
    assert sokfmt.from_dict(Collection, collection.to_dict()) == collection
    try:
        assert loads_sok(dumps_sok(collection)).puzzles[0] == puzzle
    except ValidationError as error:  # no step, or an Octoban "W" alone, which reads as a wall
        assert "cannot be written in the .sok format" in str(error)
    resumed = Game.resume(target, saved, sokoban_plus=plus)
    assert state(resumed) == state(game)
    assert resumed.saved_game() == saved


@given(st.data())
def test_single_steps_and_runs_agree(data: st.DataObject) -> None:
    # The engine's two ways of playing: `replay` by runs, `Game.resume` step
    # by step: a legal walk with a few random steps of any kind put in.
    tessellation = data.draw(st.sampled_from(list(Tessellation)))
    board = data.draw(boards(tessellation, data.draw(st.sampled_from([0, 1, 1, 2]))))
    mode = data.draw(st.sampled_from(list(SolvingMode)))
    model = Model.of(board, mode is SolvingMode.REVERSE, False)
    rng = data.draw(st.randoms(use_true_random=True))
    steps: list[Step] = []
    for _ in range(data.draw(st.integers(5, 60))):
        legal = model.legal()
        if not legal:
            break
        step = rng.choice(legal)
        action = model.key(step.direction, step.kind is PUSH)
        assert isinstance(action, Action)
        model.play(action)
        steps.append(step)
    kinds = st.sampled_from([MOVE, PUSH, JUMP, CHANGE])
    for _ in range(data.draw(st.integers(0, 2))):
        noise = Step(data.draw(kinds), data.draw(st.sampled_from(tessellation.directions)))
        steps.insert(data.draw(st.integers(0, len(steps))), noise)
    saved = SavedGame(steps, tessellation, mode)
    result = replay(board, saved)
    if result.legal:
        game = Game.resume(board, saved)
    else:
        with pytest.raises(IllegalMoveError) as caught:
            Game.resume(board, saved)
        assert (caught.value.index, caught.value.failure) == (result.failed_at, result.failure)
        game = Game.resume(board, saved.with_metadata(current_move_idx=result.played))
    assert (game.board, game.pusher, game.metrics, game.played) == (
        result.board,
        result.pusher,
        result.metrics,
        result.played,
    )
    assert game.solved is replay(board, saved, upto=result.played).solved


def _group(game: Game, model: Model, cell: Cell, kind: StepKind) -> None:
    """Jump or select `cell` on both, in place of a group of the kind just played."""
    play = game.jump if kind is JUMP else game.select
    before = state(game)
    replaced = bool(model.played) and model.played[-1][0].steps[0].kind is kind
    judge = model
    if replaced:  # judged from where the group it replaces began
        judge = copy.deepcopy(model)
        judge.undo()
    failure = judge.jump_failure(cell) if kind is JUMP else judge.select_failure(cell)
    if failure is not None:
        with pytest.raises(IllegalMoveError) as caught:
            play(cell)
        assert caught.value.failure.value == failure
        assert state(game) == before
        return
    if cell == model.now.pushers[model.now.active]:  # there already: nothing to play
        saved = game.saved_game()
        assert play(cell) == ()
        assert (state(game), game.saved_game()) == (before, saved)
        return
    if replaced:
        model.undo()
    start = model.now.pushers[model.now.active]
    steps = play(cell)
    if cell == start:
        assert steps == ()
        if replaced:
            model.undone.clear()
        return
    # Any shortest way will do: it must lead to the cell.
    assert _follow(model.board, start, steps) == cell
    assert len(steps) == _shortest(model.board, start, cell)
    assert {step.kind for step in steps} == {kind}
    model.play(Action(steps))
