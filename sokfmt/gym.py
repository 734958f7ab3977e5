"""A Gymnasium environment of Sokoban-family levels: `SokobanEnv`.

Needs the optional extra ``gym`` (``pip install 'sokfmt[gym]'``: gymnasium
and numpy); ``import sokfmt`` does not import this module.

An episode plays one level, drawn from `levels` by the environment's random
generator (`reset(seed=...)` makes the draws reproducible; ``options={"level":
i}`` picks level i).  An action is a direction, by its index in the
tessellation's directions, in its order (`SokobanEnv.directions`: Sokoban's are
left, right, up, down), and plays what a player's key plays: a move, or a push when a
box is in the way; a move into a wall, or a push of a box that cannot move,
changes nothing (and costs its step).  An observation is the board's
`sokfmt.to_array` codes (0 outside, 1 floor, 2 wall, 3 goal, 4 box, 5 box on
goal, 6 pusher, 7 pusher on goal), a ``uint8`` array of `shape`, each level
at the top left and the rest outside.

The rewards are gym-sokoban's (its ``SokobanEnv`` figures):

=======================  ======
each step                 -0.1
a box pushed onto a goal  +1
a box pushed off a goal   -1
the level solved          +10
=======================  ======

An episode ends (``terminated``) when the level is solved, and is cut short
(``truncated``) after `max_steps` steps, 120 by default as in gym-sokoban.
``render_mode="rgb_array"`` draws the observation as an RGB image, one
square tile of `tile_size` pixels a cell, in the colours of the pictures of
``sokfmt show`` (the outside white, as a picture leaves it out).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from .arrays import BOX_ON_GOAL
from .board import Board
from .errors import IllegalMoveError, ValidationError
from .files import FILE_FORMATS, file_format, load
from .game import Game
from .lev import LevPuzzle
from .moves import StepKind
from .puzzle import Collection, Puzzle
from .tessellation import Direction, Tessellation

__all__ = (
    "BOX_OFF_GOAL_PENALTY",
    "BOX_ON_GOAL_REWARD",
    "ENV_ID",
    "SOLVED_REWARD",
    "STEP_PENALTY",
    "SokobanEnv",
    "picture",
)

#: gym-sokoban's rewards: each step, a box onto a goal, off one, the level solved.
STEP_PENALTY = -0.1
BOX_ON_GOAL_REWARD = 1.0
BOX_OFF_GOAL_PENALTY = -1.0
SOLVED_REWARD = 10.0

#: The extensions of the files that a folder of levels is read from.
_LEVEL_EXTENSIONS = tuple(
    extension
    for format in FILE_FORMATS
    if "collection" in format.holds and format.name != "json"
    for extension in format.extensions
)

Levels = str | os.PathLike[str] | Collection | Iterable[Puzzle | Board]
Observation = npt.NDArray[np.uint8]


class SokobanEnv(gymnasium.Env[Observation, np.int64]):
    """Levels to learn on, played one an episode (see the module's
    docstring for the actions, observations and rewards).

    `levels` is a file or folder that sokfmt reads (a folder's .sok, .xsb,
    .txt, .hsb, .tsb and .slc files, in the order of their paths), a
    `Collection`, or puzzles or boards; all of one tessellation, each with a
    pusher.  `shape` is (height, width) of an observation, by default that of
    the tallest and the widest level.

    Raises:
        ValidationError: `levels` of none of these kinds (the message
            names it) or a file of a sliding-block puzzle, no level, levels
            of two tessellations, a level without a pusher or larger than
            `shape`, an unknown `render_mode`, or `max_steps` or
            `tile_size` not above 0.
        ParseError: a file of `levels` is not valid.
    """

    metadata: dict[str, Any] = {"render_modes": ["rgb_array"], "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        levels: Levels,
        *,
        max_steps: int = 120,
        shape: tuple[int, int] | None = None,
        render_mode: str | None = None,
        tile_size: int = 16,
    ) -> None:
        self.puzzles = _puzzles(levels)
        tessellations = {puzzle.board.tessellation for puzzle in self.puzzles}
        if len(tessellations) > 1:
            names = ", ".join(sorted(t.value for t in tessellations))
            raise ValidationError(f"The levels must be of one tessellation, not {names}")
        for index, puzzle in enumerate(self.puzzles):
            if not puzzle.board.pushers:
                raise ValidationError(f"Level {index} ({puzzle.title!r}) has no pusher")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValidationError(f"Unknown render_mode {render_mode!r}; there is 'rgb_array'")
        for name, value in (("max_steps", max_steps), ("tile_size", tile_size)):
            if not (isinstance(value, int) and value > 0):
                raise ValidationError(f"{name} is a whole number above 0, not {value!r}")
        height = max(puzzle.board.height for puzzle in self.puzzles)
        width = max(puzzle.board.width for puzzle in self.puzzles)
        if shape is None:
            shape = (height, width)
        elif not (
            isinstance(shape, tuple)
            and len(shape) == 2
            and all(isinstance(n, int) for n in shape)
            and height <= shape[0]
            and width <= shape[1]
        ):
            raise ValidationError(
                f"The levels need a shape of at least {(height, width)} (height, width), "
                f"not {shape!r}"
            )
        self.shape = shape
        self.tessellation: Tessellation = tessellations.pop()
        #: The direction of each action.
        self.directions: tuple[Direction, ...] = self.tessellation.directions
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.tile_size = tile_size
        self.action_space = spaces.Discrete(len(self.directions))
        self.observation_space = spaces.Box(0, 7, shape=self.shape, dtype=np.uint8)
        self._blank: Observation = np.zeros(self.shape, dtype=np.uint8)
        self._game: Game | None = None
        self._codes: Observation = self._blank  # the level's codes, written by Game.to_array
        self._level = -1
        self._steps = 0
        self._on_goals = 0  # boxes on goals

    @property
    def game(self) -> Game:
        """The game of the episode, as far as it is played.

        Raises:
            ValidationError: no episode began (`reset` was not called).
        """
        if self._game is None:
            raise ValidationError("No episode yet: call reset() first")
        return self._game

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Begin an episode on a level drawn at random, or on
        ``options["level"]`` (an index of `puzzles`).  The info holds the
        level's index ("level")."""
        super().reset(seed=seed)
        if options and "level" in options:
            index = options["level"]
            if not (isinstance(index, int) and 0 <= index < len(self.puzzles)):
                raise ValidationError(
                    f"options['level'] is an index of the {len(self.puzzles)} levels, not {index!r}"
                )
        else:
            index = int(self.np_random.integers(len(self.puzzles)))
        board = self.puzzles[index].board
        self._game = game = Game(self.puzzles[index])
        self._codes = np.zeros((board.height, board.width), dtype=np.uint8)
        game.to_array(out=self._codes)
        self._level, self._steps = index, 0
        self._on_goals = int(np.count_nonzero(self._codes == BOX_ON_GOAL))
        return self._observation(), {"level": index}

    def step(
        self, action: np.int64 | int
    ) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        """Play `action` (an index of `directions`).  The info says whether
        the pusher moved ("moved") and pushed a box ("pushed").

        Raises:
            ValidationError: no episode began, or `action` is not one of
                the action space's.
        """
        game = self._game
        if game is None:
            raise ValidationError("No episode yet: call reset() first")
        try:
            direction = self.directions[action]
            if action < 0:
                raise IndexError
        except (IndexError, TypeError):
            raise ValidationError(
                f"An action is a whole number from 0 to {len(self.directions) - 1}, not {action!r}"
            ) from None
        self._steps += 1
        reward = STEP_PENALTY
        moved = pushed = solved = False
        try:
            step = game.move(direction)
        except IllegalMoveError:
            pass
        else:
            moved = True
            game.to_array(out=self._codes)
            if step.kind is StepKind.PUSH_OR_PULL:
                pushed = True
                on_goals = int(np.count_nonzero(self._codes == BOX_ON_GOAL))
                if on_goals > self._on_goals:
                    reward += BOX_ON_GOAL_REWARD
                elif on_goals < self._on_goals:
                    reward += BOX_OFF_GOAL_PENALTY
                self._on_goals = on_goals
                if game.solved:
                    solved = True
                    reward += SOLVED_REWARD
        truncated = not solved and self._steps >= self.max_steps
        return self._observation(), reward, solved, truncated, {"moved": moved, "pushed": pushed}

    def render(self) -> Observation | None:
        """The observation as an RGB image (``render_mode="rgb_array"``):
        one tile of `tile_size` pixels a cell; None in other modes.

        Raises:
            ValidationError: no episode began.
        """
        if self.render_mode != "rgb_array":
            return None
        _ = self.game
        return picture(self._observation(), self.tile_size)

    def _observation(self) -> Observation:
        """The codes in a new array (returned observations are not reused)."""
        codes = self._codes
        if codes.shape == self.shape:
            fresh: Observation = codes.copy()
            return fresh
        observation: Observation = self._blank.copy()
        observation[: codes.shape[0], : codes.shape[1]] = codes
        return observation


#: The id that `gymnasium.make` knows the environment by, once this module
#: is imported: ``gymnasium.make("sokfmt/Sokoban-v0", levels=...)``.
ENV_ID = "sokfmt/Sokoban-v0"
if ENV_ID not in gymnasium.registry:
    gymnasium.register(ENV_ID, entry_point="sokfmt.gym:SokobanEnv")


def picture(codes: npt.NDArray[np.uint8], tile_size: int = 16) -> Observation:
    """An RGB image of `codes` (`to_array`'s): each cell a tile of
    `tile_size` pixels, of shape (height * tile_size, width * tile_size, 3)."""
    height, width = codes.shape
    tiles = _tiles(tile_size)[codes]  # height, width, tile rows, tile columns, 3
    image: Observation = tiles.transpose(0, 2, 1, 3, 4).reshape(
        height * tile_size, width * tile_size, 3
    )
    return image


@lru_cache(maxsize=8)
def _tiles(size: int) -> Observation:
    """The tile of each code, drawn as ``sokfmt show`` draws a Sokoban
    square: a box is the cell shrunk to 0.7, a pusher a disc 0.7 of the
    cell across, a goal a disc a third across, over the box or pusher."""
    from .cli.svg import _FILL  # the colours of `sokfmt show`'s pictures

    colour = {
        kind: np.frombuffer(bytes.fromhex(fill[1:]), dtype=np.uint8) for kind, fill in _FILL.items()
    }
    centres = (np.arange(size) + 0.5) / size - 0.5  # of the pixels, the cell's centre at 0
    y, x = np.meshgrid(centres, centres, indexing="ij")
    box = np.maximum(abs(y), abs(x)) <= 0.35
    pusher = np.hypot(y, x) <= 0.35
    goal = np.hypot(y, x) <= 0.5 / 3
    tiles = np.empty((8, size, size, 3), dtype=np.uint8)
    tiles[0] = 255  # outside: left out, as in a picture
    tiles[1:] = colour["floor"]
    tiles[2] = colour["wall"]
    tiles[4][box] = colour["box"]
    tiles[5][box] = colour["box-on-goal"]
    tiles[6][pusher] = tiles[7][pusher] = colour["pusher"]
    for code in (3, 5, 7):
        tiles[code][goal] = colour["goal"]
    return tiles


def _puzzles(levels: Levels) -> tuple[Puzzle, ...]:
    """The puzzles of `levels` (see `SokobanEnv`).

    Raises:
        ValidationError: `levels` is none of the kinds `SokobanEnv` takes,
            or a file of it holds a sliding-block puzzle.
        ParseError: a file of `levels` is not valid.
    """
    if isinstance(levels, (str, os.PathLike)):
        path = Path(levels)
        if path.is_dir():
            files = sorted(
                p for p in path.rglob("*") if p.is_file() and p.suffix.lower() in _LEVEL_EXTENSIONS
            )
            puzzles = tuple(puzzle for file in files for puzzle in load(file).puzzles)
        else:
            puzzles = _collection(path).puzzles
    elif isinstance(levels, Collection):
        puzzles = levels.puzzles
    elif isinstance(levels, (Puzzle, Board)):
        raise ValidationError(
            f"levels must be {_LEVELS}, not one {type(levels).__name__}: "
            "put a single level in a list, [level]"
        )
    # Bytes (a path as bytes) and a mapping are iterable, of numbers or keys.
    elif isinstance(levels, (bytes, bytearray, dict)) or not isinstance(levels, Iterable):
        raise ValidationError(f"levels must be {_LEVELS}, not {levels!r:.60}")
    else:
        puzzles = tuple(_puzzle(index, item) for index, item in enumerate(levels))
    if not puzzles:
        raise ValidationError(f"No level in {levels!r}")
    return puzzles


#: What `SokobanEnv` takes for its levels, in its messages.
_LEVELS = "a file or folder (a str or os.PathLike), a Collection, or an iterable of Puzzle or Board"


def _collection(path: Path) -> Collection:
    """The collection in the file `path`, read in the format its extension
    names; `load`'s advice for a .lev puzzle (to name its format) is none
    for a user of the environment, which cannot play one."""
    try:
        format = file_format(path)
    except ValidationError as error:  # no extension of a format
        raise ValidationError(f"levels: {error}") from error
    item = load(path, format=format.name)
    if isinstance(item, LevPuzzle):
        raise ValidationError(
            f"levels: {path} holds a sliding-block puzzle, which SokobanEnv cannot play: it "
            f"plays Sokoban-family levels ({', '.join(_LEVEL_EXTENSIONS)}, or JSON of a "
            "collection)"
        )
    return item


def _puzzle(index: int, item: object) -> Puzzle:
    if isinstance(item, Puzzle):
        return item
    if isinstance(item, Board):
        return Puzzle(item)
    raise ValidationError(
        f"levels must hold Puzzle or Board objects; its item {index} is {item!r:.60}"
    )
