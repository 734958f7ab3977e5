"""SavedGame and Step: construction, queries, printing, JSON and the fast path."""

from __future__ import annotations

import dataclasses
import pickle
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sokfmt import (
    Direction,
    SavedGame,
    SavedGameSyntaxError,
    SolvingMode,
    Step,
    StepKind,
    Tessellation,
    ValidationError,
    from_dict,
    loads_moves,
)
from sokfmt._grammar import language
from sokfmt._grammar.moves import decode_moves, step_offsets

PUSH = StepKind.PUSH_OR_PULL


def test_indexing_as_in_the_crate_documentation() -> None:
    game = loads_moves("nlLNrr", tessellation=Tessellation.TRIOBAN)
    assert game[3] == Step(PUSH, Direction.NORTH_EAST)
    assert game[3].direction is Direction.NORTH_EAST
    assert len(game) == 6
    assert list(game)[:2] == [
        Step(StepKind.MOVE, Direction.NORTH_EAST),
        Step(StepKind.MOVE, Direction.LEFT),
    ]
    assert game[-1] == Step(StepKind.MOVE, Direction.RIGHT)
    assert game[1:3] == game.steps[1:3]


def test_counts_and_metadata_defaults() -> None:
    game = loads_moves("llRRddsssSSSnNN", tessellation=Tessellation.HEXOBAN)
    assert (game.non_push_moves, game.pushes_count) == (8, 7)
    assert (game.title, game.solved_by, game.notes) == ("", "", "")
    assert game.current_move_idx == len(game) == 15
    assert game.tessellation is Tessellation.HEXOBAN
    assert game.solving_mode is SolvingMode.FORWARD


def test_from_steps_marks_games_with_jumps_as_reverse() -> None:
    down = Direction.DOWN
    steps = [
        Step(StepKind.MOVE, down),
        Step(PUSH, down),
        Step(PUSH, down),
        Step(StepKind.JUMP, down),
        Step(StepKind.JUMP, down),
        Step(StepKind.MOVE, down),
    ]
    game = SavedGame.from_steps(steps, Tessellation.SOKOBAN, SolvingMode.FORWARD)
    assert game.solving_mode is SolvingMode.REVERSE
    assert game.printed_steps() == "[]dDD[dd]d"
    assert SavedGame.from_steps(steps[:3], Tessellation.SOKOBAN).solving_mode is SolvingMode.FORWARD
    reverse = SavedGame.from_steps(steps[:3], Tessellation.SOKOBAN, SolvingMode.REVERSE)
    assert reverse.printed_steps() == "[]dDD"


@pytest.mark.parametrize(
    ("steps", "tessellation", "message"),
    [
        ([Step(StepKind.MOVE, Direction.NORTH_WEST)], Tessellation.SOKOBAN, "NORTH_WEST"),
        ([Step(PUSH, Direction.UP)], Tessellation.HEXOBAN, "Hexoban does not have"),
        (["l"], Tessellation.SOKOBAN, "not a Step"),
    ],
)
def test_from_steps_validates_each_step(
    steps: Any, tessellation: Tessellation, message: str
) -> None:
    with pytest.raises(ValidationError, match=message):
        SavedGame.from_steps(steps, tessellation)


def test_constructor_checks_fields() -> None:
    with pytest.raises(ValidationError, match="current_move_idx"):
        SavedGame([Step(StepKind.MOVE, Direction.UP)], current_move_idx=2)
    with pytest.raises(ValidationError, match="title"):
        SavedGame(title=3)  # type: ignore[arg-type]
    with pytest.raises(ValidationError, match="tessellation"):
        SavedGame(tessellation="Sokoban")  # type: ignore[arg-type]


def test_games_are_immutable_values() -> None:
    game = loads_moves("lurD", tessellation=Tessellation.SOKOBAN)
    with pytest.raises(dataclasses.FrozenInstanceError):
        game.title = "x"  # type: ignore[misc]
    same = loads_moves("l u r D")
    assert game == same
    assert hash(game) == hash(same)
    assert {game, same} == {game}
    assert game != same.with_metadata(title="Solution")
    assert game != loads_moves("lurD", tessellation=Tessellation.OCTOBAN)
    assert game != loads_moves("lu*rD")
    assert pickle.loads(pickle.dumps(game)) == game


def test_steps_are_shared_canonical_instances() -> None:
    built = SavedGame.from_steps([Step(StepKind.MOVE, Direction.LEFT)], Tessellation.SOKOBAN)
    parsed = loads_moves("ll")
    assert built[0] is parsed[0] is parsed[1]


def test_with_metadata_keeps_steps() -> None:
    game = loads_moves("lurd").with_metadata(title="Solution", solved_by="me", notes="n\nn")
    assert (game.title, game.solved_by, game.notes) == ("Solution", "me", "n\nn")
    assert game.printed_steps() == "lurd"
    with pytest.raises(ValidationError):
        game.with_metadata(current_move_idx=9)


@pytest.mark.parametrize(
    ("text", "printed", "rle"),
    [
        ("lllUUU", "lllUUU", "3l3U"),
        ("[]LuR", "[]LuR", "[]LuR"),
        ("LuR[]", "[]LuR", "[]LuR"),
        ("[]U[]d", "[]Ud", "[]Ud"),
        ("[rr]U*d", "[rr]U*d", "[rr]U*d"),
        ("*[rr]U", "[*rr]U", "[*rr]U"),
        ("{}{rddd}U", "{rddd}U", "{r3d}U"),
        ("2(3(dr)R)", "drdrdrRdrdrdrR", "drdrdrRdrdrdrR"),
        ("lurd*", "lurd", "lurd"),
    ],
)
def test_printed_steps(text: str, printed: str, rle: str) -> None:
    game = loads_moves(text)
    assert game.printed_steps() == str(game) == printed
    assert game.printed_steps(rle=True) == rle


def test_repr_shows_the_moves() -> None:
    assert repr(loads_moves("lllU")) == "loads_moves('3lU', tessellation=Tessellation.SOKOBAN)"
    titled = loads_moves("l").with_metadata(title="Best")
    assert repr(titled) == "loads_moves('l', tessellation=Tessellation.SOKOBAN) with title='Best'"


# ------------------------------------------------------------------- JSON

CRATE_DOCUMENT = {
    "tessellation": "Sokoban",
    "moves": "[]LuR",
    "title": "",
    "solved_by": "",
    "notes": "",
    "current_move_idx": 0,
}


def test_crate_document_round_trips_unchanged() -> None:
    game = from_dict(SavedGame, CRATE_DOCUMENT)
    assert game.solving_mode is SolvingMode.REVERSE
    assert game.current_move_idx == 0
    assert game.to_dict() == CRATE_DOCUMENT


def test_from_dict_minimal_and_position_from_text() -> None:
    game = from_dict(SavedGame, {"tessellation": "Hexoban", "moves": "lu*N"})
    assert game.tessellation is Tessellation.HEXOBAN
    assert game.current_move_idx == 2
    assert game.to_dict()["moves"] == "luN"
    overridden = from_dict(
        SavedGame, {"tessellation": "hexoban", "moves": "lu*N", "current_move_idx": 3}
    )
    assert overridden.current_move_idx == 3
    empty = from_dict(SavedGame, {"tessellation": "Sokoban", "moves": ""})
    assert empty.solving_mode is SolvingMode.FORWARD
    assert len(empty) == 0


@pytest.mark.parametrize(
    ("document", "message"),
    [
        ({**CRATE_DOCUMENT, "solving_mode": "reverse"}, "'solving_mode'.*moves decide"),
        ({**CRATE_DOCUMENT, "pushes": 3}, "Unknown key 'pushes'"),
        ({"moves": "l"}, "needs the key 'tessellation'"),
        ({"tessellation": "Sokoban"}, "needs the key 'moves'"),
        ({"tessellation": "Squareban", "moves": "l"}, "Unknown tessellation 'Squareban'"),
        ({"tessellation": "Sokoban", "moves": 3}, "'moves' must be a string"),
        ({"tessellation": "Sokoban", "moves": "l", "current_move_idx": 2}, "current_move_idx"),
        ({"tessellation": "Sokoban", "moves": "l", "current_move_idx": True}, "current_move_idx"),
        (["l"], "JSON object"),
    ],
)
def test_from_dict_rejects(document: Any, message: str) -> None:
    with pytest.raises(ValidationError, match=message):
        from_dict(SavedGame, document)


def test_from_dict_reports_bad_moves_with_position() -> None:
    with pytest.raises(SavedGameSyntaxError) as caught:
        from_dict(SavedGame, {"tessellation": "Sokoban", "moves": "lurdx"})
    assert (caught.value.line, caught.value.column) == (1, 5)


# ----------------------------------------------------- generated round trips


def _steps_for(tessellation: Tessellation) -> st.SearchStrategy[list[Step]]:
    directions = st.sampled_from(tessellation.directions)
    kinds = st.sampled_from(list(StepKind))
    return st.lists(st.builds(Step, kinds, directions), max_size=40)


@st.composite
def games(draw: st.DrawFn) -> SavedGame:
    tessellation = draw(st.sampled_from(list(Tessellation)))
    steps = draw(_steps_for(tessellation))
    mode = draw(st.sampled_from([None, *SolvingMode]))
    position = draw(st.integers(0, len(steps)))
    return SavedGame(steps, tessellation, mode, current_move_idx=position)


@given(games(), st.booleans())
def test_parsed_inverts_printed_steps(game: SavedGame, rle: bool) -> None:
    text = game.printed_steps(rle=rle)
    parsed = loads_moves(text, tessellation=game.tessellation)
    assert parsed == game
    # A parsed game prints from the letters it was read from: the same text.
    assert parsed.printed_steps() == game.printed_steps()
    assert parsed.to_dict() == game.to_dict()


@given(games())
def test_from_dict_inverts_to_dict(game: SavedGame) -> None:
    assert from_dict(SavedGame, game.to_dict()) == game


# ---------------------------------------------------------------- fast path

move_text = st.text(alphabet="lurdLURDnNwW *\n\t0123()[]{}", max_size=50)


def _decoded(text: str, tessellation: Tessellation, *, fast: bool) -> object:
    try:
        return decode_moves(text, tessellation, 10**9, fast=fast)
    except SavedGameSyntaxError as error:
        return (error.line, error.column)


@given(move_text, st.sampled_from(list(Tessellation)))
def test_fast_path_agrees_with_the_grammar(text: str, tessellation: Tessellation) -> None:
    assert _decoded(text, tessellation, fast=True) == _decoded(text, tessellation, fast=False)


def test_fast_path_is_taken_for_plain_text(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object) -> None:
        raise AssertionError("the parser ran")

    monkeypatch.setattr(language, "tokens", refuse)
    assert len(loads_moves("lurd\n 3L*2r")) == 9


@given(games(), st.booleans(), st.lists(st.sampled_from(["\n", " ", "\t"]), max_size=4), st.data())
def test_step_offsets_point_at_the_letter_of_each_step(
    game: SavedGame, rle: bool, spaces: list[str], data: st.DataObject
) -> None:
    # Every input is a valid text: the game printed, with counts and groups
    # or without, and white space put between its characters.
    text = game.printed_steps(rle=rle)
    for space in spaces:
        at = data.draw(st.integers(0, len(text)))
        text = text[:at] + space + text[at:]
    tessellation = game.tessellation
    assert loads_moves(text, tessellation=tessellation) == game
    offsets = step_offsets(text, tessellation)
    assert len(offsets) == len(game)
    for offset, step in zip(offsets, game.steps, strict=True):
        assert tessellation.letters[text[offset].lower()] == step.direction


def test_step_offsets_follow_counts_and_groups() -> None:
    #       0123456789012
    text = "2(3(dr)R)*lU"
    assert step_offsets(text, Tessellation.SOKOBAN) == [4, 5] * 3 + [7] + [4, 5] * 3 + [7, 10, 11]
    assert step_offsets("[]2r\nL", Tessellation.SOKOBAN) == [3, 3, 5]
