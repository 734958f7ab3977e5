"""sokfmt.gym.SokobanEnv (the gym extra): Gymnasium's own checker, levels
from files, folders, collections and lists, rewards worked out by hand from
gym-sokoban's figures, observations against `sokfmt.to_array(game.board)`,
and pictures in the colours of ``sokfmt show``."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

gymnasium = pytest.importorskip("gymnasium", reason="gymnasium (the gym extra) is not installed")
np = pytest.importorskip("numpy", reason="numpy (the gym extra) is not installed")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import sokfmt  # noqa: E402
from sokfmt import (  # noqa: E402
    Board,
    Collection,
    Direction,
    Puzzle,
    Tessellation,
    ValidationError,
    loads_board,
)
from sokfmt.gym import ENV_ID, SokobanEnv  # noqa: E402

ROOM = "#######\n#@$-.-#\n#######"
# Pushed right: a box onto a goal, off it, then against the second box.
TWO_BOXES = "#########\n#@$.-$.-#\n#########"
HEXOBAN = "  # # # #\n # - - - #\n# @ $ . #\n # # # #"


def _rooms() -> list[Board]:
    return [
        loads_board(ROOM),
        loads_board(TWO_BOXES),
        loads_board("#####\n#@--#\n#-$-#\n#-.-#\n#####"),
        loads_board("  ####\n###--#\n#@$.*#\n######"),
    ]


@pytest.mark.parametrize("render_mode", [None, "rgb_array"])
@pytest.mark.parametrize(
    "levels",
    [_rooms(), [loads_board(HEXOBAN, tessellation=Tessellation.HEXOBAN)]],
    ids=["sokoban", "hexoban"],
)
def test_gymnasium_checks_the_environment(levels: list[Board], render_mode: str | None) -> None:
    # Made by gymnasium.make, so that the checker also makes it in each render mode.
    env = gymnasium.make(ENV_ID, levels=levels, render_mode=render_mode)
    check_env(env.unwrapped)


def test_the_spaces() -> None:
    env = SokobanEnv(_rooms())
    assert env.action_space == gymnasium.spaces.Discrete(4)
    assert env.directions == (Direction.LEFT, Direction.RIGHT, Direction.UP, Direction.DOWN)
    assert env.observation_space == gymnasium.spaces.Box(0, 7, (5, 9), np.uint8)
    hexoban = SokobanEnv([loads_board(HEXOBAN, tessellation=Tessellation.HEXOBAN)])
    assert hexoban.action_space == gymnasium.spaces.Discrete(6)
    assert hexoban.directions == Tessellation.HEXOBAN.directions
    assert SokobanEnv(_rooms(), shape=(10, 10)).observation_space.shape == (10, 10)


def _played(env: SokobanEnv, action: int) -> tuple[Any, ...]:
    """What a step gives but the observation, the reward to a thousandth."""
    _, reward, terminated, truncated, info = env.step(action)
    return round(float(reward), 3), terminated, truncated, info


def test_rewards_are_gym_sokobans() -> None:
    env = SokobanEnv([loads_board(TWO_BOXES), loads_board(ROOM)])
    env.reset(options={"level": 0})
    assert [_played(env, 1) for _ in range(3)] == [  # right, right, right
        (0.9, False, False, {"moved": True, "pushed": True}),  # -0.1 + 1
        (-1.1, False, False, {"moved": True, "pushed": True}),  # -0.1 - 1
        (-0.1, False, False, {"moved": False, "pushed": False}),  # a box into a box
    ]
    assert _played(env, 0) == (-0.1, False, False, {"moved": True, "pushed": False})
    env.reset(options={"level": 1})
    assert _played(env, 1)[:2] == (-0.1, False)  # a push onto floor
    assert _played(env, 1)[:2] == (10.9, True)  # onto the goal: -0.1 + 1 + 10, solved
    assert env.game.solved


def test_an_episode_is_cut_short_after_max_steps() -> None:
    env = SokobanEnv([loads_board(ROOM)], max_steps=3)
    env.reset(seed=0)
    assert [env.step(0)[2:4] for _ in range(3)] == [(False, False), (False, False), (False, True)]


def test_reset_with_a_seed_draws_the_same_levels() -> None:
    levels = _rooms()

    def draws(seed: int) -> list[int]:
        env = SokobanEnv(levels)
        first = env.reset(seed=seed)[1]["level"]
        return [first, *(env.reset()[1]["level"] for _ in range(19))]

    assert draws(7) == draws(7)
    assert len(set(draws(7))) > 1
    env = SokobanEnv(levels)
    observation, info = env.reset(options={"level": 2})
    assert info == {"level": 2}
    assert observation[:5, :5].tolist() == sokfmt.to_array(levels[2]).tolist()


def test_observations_are_the_arrays_of_the_boards() -> None:
    levels = _rooms()
    env = SokobanEnv(levels, shape=(6, 10))
    rng = np.random.default_rng(3)
    observation, _ = env.reset(seed=3)
    for action in rng.integers(0, 4, 400):
        board = env.game.board
        expected = np.zeros((6, 10), dtype=np.uint8)
        expected[: board.height, : board.width] = sokfmt.to_array(board)
        assert observation.tolist() == expected.tolist()
        observation, _, terminated, truncated, _ = env.step(int(action))
        if terminated or truncated:
            observation, _ = env.reset()


def _colour(hex_colour: str) -> list[int]:
    return [int(hex_colour[i : i + 2], 16) for i in (1, 3, 5)]


def test_a_picture_has_the_colours_of_sokfmt_show() -> None:
    from sokfmt.cli.svg import _FILL

    env = SokobanEnv([loads_board("  ####\n###--#\n#@$.*#\n######")], render_mode="rgb_array")
    env.reset(seed=0)
    image = env.render()
    assert image is not None
    assert (image.shape, image.dtype) == ((4 * 16, 6 * 16, 3), np.uint8)

    def at(row: int, column: int, y: int = 8, x: int = 8) -> list[int]:
        return image[row * 16 + y, column * 16 + x].tolist()  # type: ignore[no-any-return]

    assert at(0, 0) == [255, 255, 255]  # outside
    assert at(0, 2) == _colour(_FILL["wall"])
    assert at(1, 3) == _colour(_FILL["floor"])
    assert (at(2, 1), at(2, 1, 0, 0)) == (_colour(_FILL["pusher"]), _colour(_FILL["floor"]))
    assert (at(2, 2), at(2, 2, 0, 0)) == (_colour(_FILL["box"]), _colour(_FILL["floor"]))
    assert (at(2, 3), at(2, 3, 4, 4)) == (_colour(_FILL["goal"]), _colour(_FILL["floor"]))
    # A box on a goal: the goal's dot over the box, the box's colour round it.
    assert (at(2, 4), at(2, 4, 4, 4)) == (_colour(_FILL["goal"]), _colour(_FILL["box-on-goal"]))
    assert SokobanEnv([loads_board(ROOM)]).render() is None


def test_levels_from_a_file_a_folder_and_a_collection(tmp_path: Path) -> None:
    (tmp_path / "a.xsb").write_text(f"; 1\n{ROOM}\n\n; 2\n{TWO_BOXES}\n", encoding="utf-8")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "b.txt").write_text("#####\n#@$.#\n#####\n", encoding="utf-8")
    (tmp_path / "notes.md").write_text("not levels", encoding="utf-8")
    by_file = SokobanEnv(tmp_path / "a.xsb")
    assert [p.board for p in by_file.puzzles] == [loads_board(ROOM), loads_board(TWO_BOXES)]
    by_folder = SokobanEnv(str(tmp_path))
    assert len(by_folder.puzzles) == 3
    assert by_folder.puzzles[2].board == loads_board("#####\n#@$.#\n#####")
    collection = Collection(puzzles=(Puzzle(loads_board(ROOM)),))
    assert SokobanEnv(collection).puzzles == collection.puzzles


@pytest.mark.parametrize(
    ("levels", "options", "message"),
    [
        ([], {}, "No level in []"),
        (
            [loads_board(ROOM), loads_board(HEXOBAN, tessellation=Tessellation.HEXOBAN)],
            {},
            "The levels must be of one tessellation, not Hexoban, Sokoban",
        ),
        ([loads_board("####\n#$.#\n####")], {}, "Level 0 ('') has no pusher"),
        (
            [loads_board(ROOM), "#@#"],
            {},
            "levels must hold Puzzle or Board objects; its item 1 is '#@#'",
        ),
        (
            [loads_board(ROOM)],
            {"shape": (3, 5)},
            "The levels need a shape of at least (3, 7) (height, width), not (3, 5)",
        ),
        (
            [loads_board(ROOM)],
            {"render_mode": "human"},
            "Unknown render_mode 'human'; there is 'rgb_array'",
        ),
        ([loads_board(ROOM)], {"max_steps": 0}, "max_steps is a whole number above 0, not 0"),
        ([loads_board(ROOM)], {"tile_size": 1.5}, "tile_size is a whole number above 0, not 1.5"),
    ],
    ids=[
        "none",
        "tessellations",
        "no-pusher",
        "not-a-level",
        "shape",
        "render-mode",
        "steps",
        "tile-size",
    ],
)
def test_bad_levels_and_options(levels: Any, options: dict[str, Any], message: str) -> None:
    with pytest.raises(ValidationError) as caught:
        SokobanEnv(levels, **options)
    assert str(caught.value) == message


_TAKES = "a file or folder (a str or os.PathLike), a Collection, or an iterable of Puzzle or Board"


@pytest.mark.parametrize(
    ("levels", "message"),
    [
        (None, f"levels must be {_TAKES}, not None"),
        (5, f"levels must be {_TAKES}, not 5"),
        (2.5, f"levels must be {_TAKES}, not 2.5"),
        # A path as bytes: its items are numbers, not levels.
        (b"levels.sok", f"levels must be {_TAKES}, not b'levels.sok'"),
        (bytearray(b"a.sok"), f"levels must be {_TAKES}, not bytearray(b'a.sok')"),
        ({"a": 1}, f"levels must be {_TAKES}, not {{'a': 1}}"),
        # A board is iterable too, of its rows.
        (
            loads_board(ROOM),
            f"levels must be {_TAKES}, not one Board: put a single level in a list, [level]",
        ),
        (
            Puzzle(loads_board(ROOM)),
            f"levels must be {_TAKES}, not one Puzzle: put a single level in a list, [level]",
        ),
        (
            sokfmt.loads_lev("size 2 1\ninitial\nA.\ntarget\n.A\n"),
            # The value's repr, cut at 60 characters as the API's messages cut it.
            f"levels must be {_TAKES}, not "
            "LevPuzzle(width=2, height=1, initial=('A.',), target=('.A',)",
        ),
    ],
    ids=["None", "int", "float", "bytes", "bytearray", "dict", "board", "puzzle", "lev"],
)
def test_levels_of_a_wrong_type_are_refused_naming_the_argument(levels: Any, message: str) -> None:
    with pytest.raises(ValidationError) as caught:
        SokobanEnv(levels)
    assert str(caught.value) == message


@pytest.mark.parametrize("name", ["c19.lev", "c19.json"])
def test_a_file_of_a_sliding_block_puzzle_is_refused_as_levels(tmp_path: Path, name: str) -> None:
    # load's own advice, to name the format, is none for the environment:
    # it cannot play a .lev puzzle, however read.
    lev = "size 2 1\ninitial\nA.\ntarget\n.A\n"
    path = tmp_path / name
    path.write_text(lev if name.endswith(".lev") else sokfmt.dumps(sokfmt.loads_lev(lev), "json"))
    with pytest.raises(ValidationError) as caught:
        SokobanEnv(path)
    assert str(caught.value) == (
        f"levels: {path} holds a sliding-block puzzle, which SokobanEnv cannot play: it plays "
        "Sokoban-family levels (.sok, .xsb, .txt, .hsb, .tsb, .slc, or JSON of a collection)"
    )
    assert "format=" not in str(caught.value)


def test_a_file_of_no_known_extension_is_refused_naming_levels(tmp_path: Path) -> None:
    with pytest.raises(ValidationError) as caught:
        SokobanEnv(tmp_path / "levels")
    assert str(caught.value) == (
        f"levels: Cannot tell the format of {str(tmp_path / 'levels')!r} by its extension; "
        "sokfmt knows .sok, .xsb, .txt, .hsb, .tsb, .slc, .lev, .json"
    )


@pytest.mark.parametrize("wrong", [None, object(), "no"], ids=["None", "object", "str"])
@pytest.mark.parametrize("name", ["levels", "max_steps", "shape", "render_mode", "tile_size"])
def test_every_argument_of_a_wrong_type_is_refused_naming_it(name: str, wrong: Any) -> None:
    # As tests/test_argument_types.py does for the rest of the API.
    if wrong is None and name in ("shape", "render_mode"):
        return  # None is one of their values
    valid: dict[str, Any] = {"levels": [loads_board(ROOM)]}
    with pytest.raises(ValidationError) as caught:
        SokobanEnv(**{**valid, name: wrong})
    message = str(caught.value)
    assert "not iterable" not in message
    assert re.search(rf"\b{name}\b", message), message


def test_bad_actions_and_calls() -> None:
    env = SokobanEnv([loads_board(ROOM)])
    with pytest.raises(ValidationError, match=r"No episode yet: call reset\(\) first"):
        env.step(0)
    env.reset(seed=0)
    for action in (4, -1, "0", None):
        with pytest.raises(ValidationError) as caught:
            env.step(action)  # type: ignore[arg-type]
        assert str(caught.value) == f"An action is a whole number from 0 to 3, not {action!r}"
    with pytest.raises(ValidationError, match="options"):
        env.reset(options={"level": 1})
    assert env.step(np.int64(1))[3:] == (False, {"moved": True, "pushed": True})


def test_import_sokfmt_imports_no_gymnasium() -> None:
    code = (
        "import sys, sokfmt\n"
        "sokfmt.Game, sokfmt.to_array\n"
        "print('gymnasium' in sys.modules, 'sokfmt.gym' in sys.modules)\n"
        "import sokfmt.gym\n"
        "print('gymnasium' in sys.modules)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.split() == ["False", "False", "True"]


def test_the_module_says_the_actions_in_their_order() -> None:
    # Found by trying it: the docstring said "up, down, left, right"; an
    # agent written from it would map every action wrongly.
    import re

    import sokfmt.gym

    board = sokfmt.loads_board("#####\n#@$.#\n#####")
    env = sokfmt.gym.SokobanEnv([sokfmt.Puzzle(board)])
    said = re.search(r"Sokoban's are\s+(\w+), (\w+), (\w+), (\w+)", sokfmt.gym.__doc__ or "")
    assert said is not None
    assert tuple(d.name.lower() for d in env.directions) == said.groups()
