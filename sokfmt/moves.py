"""Steps and saved games: what a move string records, independent of its text.

A port of the saved game model of the ``sokoban_elements`` crate.  A
`SavedGame` is an archival value: parsers produce it, writers print it, and
nothing edits it in place.
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any, overload

from ._notes import trimmed
from .errors import ValidationError
from .rle import encode_rle
from .tessellation import Direction, Tessellation

__all__ = ("SavedGame", "SolvingMode", "Step", "StepKind")


class SolvingMode(enum.Enum):
    """Forward games push boxes; reverse games pull them, starting from the solved position.

    >>> loads_moves("R").solving_mode
    <SolvingMode.FORWARD: 'forward'>
    >>> SolvingMode("reverse")
    <SolvingMode.REVERSE: 'reverse'>
    """

    FORWARD = "forward"
    REVERSE = "reverse"


class StepKind(enum.Enum):
    """What one step of a saved game does.

    >>> [step.kind.name for step in loads_moves("rR").steps]
    ['MOVE', 'PUSH_OR_PULL']
    """

    MOVE = "move"
    PUSH_OR_PULL = "push or pull"
    JUMP = "jump"
    PUSHER_CHANGE = "pusher change"


@dataclass(frozen=True, slots=True)
class Step:
    """One step: its kind and direction.

    >>> loads_moves("rR").steps[1] == Step(StepKind.PUSH_OR_PULL, Direction.RIGHT)
    True
    """

    kind: StepKind
    direction: Direction

    def __post_init__(self) -> None:
        # A step of anything else would fail later, in a game, as a KeyError.
        if not isinstance(self.kind, StepKind):
            raise ValidationError(f"kind must be a StepKind, not {self.kind!r:.60}")
        if not isinstance(self.direction, Direction):
            raise ValidationError(f"direction must be a Direction, not {self.direction!r:.60}")

    def __reduce__(self) -> tuple[object, ...]:
        # A copy or an unpickled step is the canonical instance, which games
        # share and the printer looks up.
        return (_canonical_step, (self.kind, self.direction))


# Every step a game can hold, built once: games share these instances, which
# keeps parsing allocation-free and lets the printer look steps up by identity.
_CANONICAL: dict[tuple[StepKind, Direction], Step] = {
    (kind, direction): Step(kind, direction) for kind in StepKind for direction in Direction
}


def _canonical_step(kind: StepKind, direction: Direction) -> Step:
    """The shared instance of a step (how a copied or unpickled step is rebuilt)."""
    return _CANONICAL[kind, direction]


# Where a letter stands decides the kind of its step.
_IN_BRACKETS = {"[": StepKind.JUMP, "{": StepKind.PUSHER_CHANGE}
_BRACKETS = {StepKind.JUMP: "[]", StepKind.PUSHER_CHANGE: "{}"}


@cache
def decoding_table(tessellation: Tessellation, opening: str = "") -> Mapping[str, Step]:
    """Letter -> step, for letters outside brackets or inside `opening` ("[" or "{")."""
    letters = tessellation.letters
    if opening:
        kind = _IN_BRACKETS[opening]
        return {letter: _CANONICAL[kind, d] for letter, d in letters.items()}
    return {letter: _CANONICAL[StepKind.MOVE, d] for letter, d in letters.items()} | {
        letter.upper(): _CANONICAL[StepKind.PUSH_OR_PULL, d] for letter, d in letters.items()
    }


@cache
def _printing_table(tessellation: Tessellation) -> Mapping[int, str]:
    """id(step) -> letter for every canonical step legal in `tessellation`."""
    table: dict[int, str] = {}
    for opening in ("", "[", "{"):
        for letter, step in decoding_table(tessellation, opening).items():
            table[id(step)] = letter
    return table


@dataclass(frozen=True, slots=True, init=False, repr=False)
class SavedGame:
    """A recorded sequence of steps with its metadata: a snapshot or a solution.

    Build one with `sokfmt.loads_moves` (from text), the constructor or
    `SavedGame.from_steps` (from steps), or `sokfmt.from_dict` (from JSON).
    Cheap fields come first so that comparing two games looks at them before
    the steps.  Blank lines at either end of `notes` are dropped, as for
    `Puzzle`.

    >>> game = loads_moves("rRl")
    >>> len(game.steps), game.non_push_moves, game.pushes_count
    (3, 2, 1)
    >>> game.solving_mode, game.titled_as_solution
    (<SolvingMode.FORWARD: 'forward'>, False)
    """

    tessellation: Tessellation
    solving_mode: SolvingMode
    current_move_idx: int
    title: str
    solved_by: str
    notes: str
    steps: tuple[Step, ...]
    _moves_count: int = field(compare=False, init=False)
    _pushes_count: int = field(compare=False, init=False)
    # The letters of the steps when a reader had them at hand (no brackets):
    # printing them again is then a copy.
    _letters: str | None = field(compare=False, init=False)

    def __init__(
        self,
        steps: Iterable[Step] = (),
        tessellation: Tessellation = Tessellation.SOKOBAN,
        solving_mode: SolvingMode | None = None,
        *,
        title: str = "",
        solved_by: str = "",
        notes: str = "",
        current_move_idx: int | None = None,
    ) -> None:
        """Validate `steps` for `tessellation` and build the game.

        Any jump makes the game a reverse one; otherwise `solving_mode`
        applies (forward by default).  `current_move_idx` defaults to the
        position after the last step.

        Raises:
            ValidationError: a step is not legal in `tessellation`, or a
                field has the wrong type or range.
        """
        if not isinstance(tessellation, Tessellation):
            raise ValidationError(f"tessellation must be a Tessellation, not {tessellation!r}")
        if isinstance(steps, (str, bytes)) or not isinstance(steps, Iterable):
            raise ValidationError(f"steps must be an iterable of Step, not {steps!r:.60}")
        legal = _printing_table(tessellation)
        canonical = []
        moves = pushes = 0
        has_jump = False
        for index, step in enumerate(steps):
            if not isinstance(step, Step):
                raise ValidationError(f"Step {index} is {step!r}, not a Step")
            step = _CANONICAL[step.kind, step.direction]
            if id(step) not in legal:
                raise ValidationError(
                    f"Step {index} moves {step.direction.name}, "
                    f"which {tessellation.value} does not have"
                )
            moves += step.kind is StepKind.MOVE
            pushes += step.kind is StepKind.PUSH_OR_PULL
            has_jump = has_jump or step.kind is StepKind.JUMP
            canonical.append(step)
        if has_jump:
            solving_mode = SolvingMode.REVERSE
        elif solving_mode is None:
            solving_mode = SolvingMode.FORWARD
        elif not isinstance(solving_mode, SolvingMode):
            raise ValidationError(f"solving_mode must be a SolvingMode, not {solving_mode!r}")
        _fill(
            self,
            tuple(canonical),
            tessellation,
            solving_mode,
            len(canonical) if current_move_idx is None else current_move_idx,
            moves,
            pushes,
            title,
            solved_by,
            notes,
        )

    # ------------------------------------------------------------ constructors

    @classmethod
    def from_steps(
        cls,
        steps: Iterable[Step],
        tessellation: Tessellation,
        solving_mode: SolvingMode | None = None,
    ) -> SavedGame:
        """The game of `steps`, each validated for `tessellation`.

        Raises:
            ValidationError: a step is not legal in `tessellation`.
        """
        return cls(steps, tessellation, solving_mode)

    def with_metadata(
        self,
        *,
        title: str | None = None,
        solved_by: str | None = None,
        notes: str | None = None,
        current_move_idx: int | None = None,
    ) -> SavedGame:
        """A copy with the given metadata replaced (the steps stay shared).

        Raises:
            ValidationError: a value has the wrong type or range.
        """
        return _trusted(
            self.steps,
            self.tessellation,
            self.solving_mode,
            self.current_move_idx if current_move_idx is None else current_move_idx,
            self._moves_count,
            self._pushes_count,
            self.title if title is None else title,
            self.solved_by if solved_by is None else solved_by,
            self.notes if notes is None else notes,
            self._letters,
        )

    # ----------------------------------------------------------------- queries

    @property
    def titled_as_solution(self) -> bool:
        """Whether the title says the game is a solution ("Solution", "Best
        Solution 230/97"...), the convention of YASC and JSoko; whether it
        solves its board, `sokfmt.replay` tells."""
        return "solution" in self.title.casefold()

    @property
    def non_push_moves(self) -> int:
        """How many steps are moves that push nothing (not pushes, pulls,
        jumps or pusher changes).

        This is the ``sokoban_elements`` crate's ``moves_count``; the moves of
        a solution title ("230/97"), pushes included, are `sokfmt.Replay.moves`.
        """
        return self._moves_count

    @property
    def moves_count(self) -> int:
        """Deprecated since 0.3.0: `non_push_moves` (the name said "all moves")."""
        from ._deprecated import warn_renamed

        warn_renamed("SavedGame.moves_count", "SavedGame.non_push_moves")
        return self._moves_count

    @property
    def pushes_count(self) -> int:
        """How many steps push (forward game) or pull (reverse game) a box."""
        return self._pushes_count

    def __len__(self) -> int:
        return len(self.steps)

    @overload
    def __getitem__(self, index: int) -> Step: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Step, ...]: ...

    def __getitem__(self, index: int | slice) -> Step | tuple[Step, ...]:
        return self.steps[index]

    def __iter__(self) -> Iterator[Step]:
        return iter(self.steps)

    # ---------------------------------------------------------------- printing

    def printed_steps(self, *, rle: bool = False) -> str:
        """The canonical move string: ``*`` where the current position is not
        the end, and a reverse game always opens with a jump (``[]`` if its
        first step is not one).  With `rle`, runs of a letter are counted.
        """
        text = _print_steps(self)
        return encode_rle(text) if rle else text

    def __str__(self) -> str:
        return self.printed_steps()

    def __repr__(self) -> str:
        extras = "".join(
            f", {name}={value!r}"
            for name, value in (
                ("title", self.title),
                ("solved_by", self.solved_by),
                ("notes", self.notes),
            )
            if value
        )
        return (
            f"loads_moves({self.printed_steps(rle=True)!r}, "
            f"tessellation=Tessellation.{self.tessellation.name})"
            f"{extras and f' with {extras[2:]}'}"
        )

    def to_dict(self) -> dict[str, Any]:
        """A JSON object: the moves without ``*``, the position as its own key."""
        return {
            "tessellation": self.tessellation.value,
            "moves": _print_steps(self, mark_position=False),
            "title": self.title,
            "solved_by": self.solved_by,
            "notes": self.notes,
            "current_move_idx": self.current_move_idx,
        }


def _fill(
    game: SavedGame,
    steps: tuple[Step, ...],
    tessellation: Tessellation,
    solving_mode: SolvingMode,
    current_move_idx: int,
    moves_count: int,
    pushes_count: int,
    title: str,
    solved_by: str,
    notes: str,
    letters: str | None = None,
) -> None:
    """Check the cheap invariants and set every field of a new frozen game."""
    for name, value in (("title", title), ("solved_by", solved_by), ("notes", notes)):
        if not isinstance(value, str):
            raise ValidationError(f"{name} must be a string, not {value!r}")
        if name != "notes" and ("\n" in value or "\r" in value):
            raise ValidationError(f"A saved game's {name} must be one line, not {value!r}")
    if (
        not isinstance(current_move_idx, int)
        or isinstance(current_move_idx, bool)
        or not 0 <= current_move_idx <= len(steps)
    ):
        raise ValidationError(
            f"current_move_idx must be a whole number from 0 to {len(steps)}, "
            f"not {current_move_idx!r}"
        )
    setter = object.__setattr__
    setter(game, "steps", steps)
    setter(game, "tessellation", tessellation)
    setter(game, "solving_mode", solving_mode)
    setter(game, "current_move_idx", current_move_idx)
    setter(game, "title", title)
    setter(game, "solved_by", solved_by)
    setter(game, "notes", trimmed(notes))
    setter(game, "_moves_count", moves_count)
    setter(game, "_pushes_count", pushes_count)
    setter(game, "_letters", letters)


def _trusted(
    steps: tuple[Step, ...],
    tessellation: Tessellation,
    solving_mode: SolvingMode,
    current_move_idx: int,
    moves_count: int,
    pushes_count: int,
    title: str = "",
    solved_by: str = "",
    notes: str = "",
    letters: str | None = None,
) -> SavedGame:
    """A game from parts already known to be valid (canonical, legal steps;
    `letters`, if given, the letter of each step)."""
    game = object.__new__(SavedGame)
    _fill(
        game,
        steps,
        tessellation,
        solving_mode,
        current_move_idx,
        moves_count,
        pushes_count,
        title,
        solved_by,
        notes,
        letters,
    )
    return game


def _print_steps(game: SavedGame, *, mark_position: bool = True) -> str:
    letters = _printing_table(game.tessellation)
    steps = game.steps
    position = game.current_move_idx if mark_position else len(steps)
    if game._moves_count + game._pushes_count == len(steps):
        # No jumps and no pusher changes: no brackets to place.
        groups: Iterable[tuple[str, Iterable[Step]]] = [("", steps)]
    else:
        groups = itertools.groupby(steps, key=_brackets_of)
    pieces: list[str] = []
    if game.solving_mode is SolvingMode.REVERSE and not (steps and steps[0].kind is StepKind.JUMP):
        pieces.append("[]")  # a reverse game opens with a jump, even an empty one
    start = 0
    for brackets, run in groups:
        text = game._letters if game._letters is not None else _letters_of(run, letters)
        end = start + len(text)
        if start <= position < end:
            offset = position - start
            text = f"{text[:offset]}*{text[offset:]}"
        pieces.append(f"{brackets[0]}{text}{brackets[1]}" if brackets else text)
        start = end
    return "".join(pieces)


def _letters_of(steps: Iterable[Step], letters: Mapping[int, str]) -> str:
    return "".join(map(letters.__getitem__, map(id, steps)))


def _brackets_of(step: Step) -> str:
    return _BRACKETS.get(step.kind, "")
