"""Tessellations and the directions a pusher can move in each of them."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from types import MappingProxyType

__all__ = ("Direction", "Tessellation")


class Direction(enum.Enum):
    """A direction of movement; which ones exist depends on the tessellation.

    >>> Tessellation.SOKOBAN.letters["u"]
    <Direction.UP: 'up'>
    >>> Direction.NORTH_WEST in Tessellation.HEXOBAN.directions
    True
    >>> Direction.NORTH_WEST in Tessellation.SOKOBAN.directions
    False
    """

    LEFT = "left"
    RIGHT = "right"
    UP = "up"
    DOWN = "down"
    NORTH_WEST = "north west"
    NORTH_EAST = "north east"
    SOUTH_WEST = "south west"
    SOUTH_EAST = "south east"


class Tessellation(enum.Enum):
    """The shape of a board's cells.  The value is the name used in files and JSON.

    >>> Tessellation.from_name("hexoban")
    <Tessellation.HEXOBAN: 'Hexoban'>
    >>> loads_board("#####\\n#@$.#\\n#####").tessellation
    <Tessellation.SOKOBAN: 'Sokoban'>
    """

    SOKOBAN = "Sokoban"
    HEXOBAN = "Hexoban"
    TRIOBAN = "Trioban"
    OCTOBAN = "Octoban"

    # Members are equal only to themselves: hashing by identity is as right as
    # Enum's hash of the name, and costs no Python call (readers look tables
    # up by tessellation for every block they decode).
    __hash__ = object.__hash__

    @classmethod
    def from_name(cls, name: str) -> Tessellation:
        """The tessellation called `name` in any letter case (as in ``Game: hexoban``).

        Raises:
            ValueError: `name` names no tessellation.
        """
        wanted = name.strip().casefold()
        for tessellation in cls:
            if tessellation.value.casefold() == wanted:
                return tessellation
        known = ", ".join(t.value for t in cls)
        raise ValueError(f"Unknown tessellation {name!r}, expected one of {known}")

    @property
    def letters(self) -> Mapping[str, Direction]:
        """The lower-case move letters of this tessellation and their directions."""
        return _LETTERS[self]

    @property
    def directions(self) -> tuple[Direction, ...]:
        """The directions a pusher can move in, in the order of `letters`."""
        return tuple(self.letters.values())


_D = Direction
_SQUARE = {"l": _D.LEFT, "r": _D.RIGHT, "u": _D.UP, "d": _D.DOWN}
# Hexagonal and triangular boards reuse u/d for the north-west/south-east
# diagonals; Octoban keeps u/d and adds w/e for them.
_SIX_WAYS = {
    "l": _D.LEFT,
    "r": _D.RIGHT,
    "u": _D.NORTH_WEST,
    "n": _D.NORTH_EAST,
    "s": _D.SOUTH_WEST,
    "d": _D.SOUTH_EAST,
}
_EIGHT_WAYS = _SQUARE | {
    "w": _D.NORTH_WEST,
    "e": _D.SOUTH_EAST,
    "n": _D.NORTH_EAST,
    "s": _D.SOUTH_WEST,
}
_LETTERS: Mapping[Tessellation, Mapping[str, Direction]] = MappingProxyType(
    {
        Tessellation.SOKOBAN: MappingProxyType(_SQUARE),
        Tessellation.HEXOBAN: MappingProxyType(_SIX_WAYS),
        Tessellation.TRIOBAN: MappingProxyType(_SIX_WAYS),
        Tessellation.OCTOBAN: MappingProxyType(_EIGHT_WAYS),
    }
)
