"""SVG pictures of boards and sliding-block puzzles."""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..board import BOX, BOX_ON_GOAL, GOAL, PUSHER, PUSHER_ON_GOAL, WALL, Board
from ..geometry import Point, cell_polygon, outside, picture_size
from ..lev import LevPuzzle
from ..tessellation import Tessellation
from .text import escape, quoteattr

CELL = 32.0
# In drawing order: a goal's mark comes after the box or pusher on it.
_FILL = {
    "wall": "#5d5d6b",
    "floor": "#ece6d8",
    "box": "#c8892a",
    "box-on-goal": "#3c9a4e",
    "pusher": "#2f6fd0",
    "goal": "#d8403a",
}
# A box is its cell shrunk to 0.7 about the centre; discs are parts of the
# largest circle inside their cell, so that they fit every shape of cell
# (a Trioban triangle too): a pusher's disc is 0.7 of it (as wide as a box
# on a Sokoban square), a goal's mark a third (a third of a square across:
# drawn over a box or a pusher, whose rim stays in sight around it).
_BOX_SIZE = 0.7
_PUSHER_RADIUS = 0.7
_GOAL_RADIUS = 1 / 3


@dataclass(frozen=True, slots=True)
class Mark:
    """One shape of a picture: a polygon (`corners`) or a disc (`radius`)."""

    kind: str
    corners: list[Point]
    centre: Point
    radius: float = 0.0


def marks(board: Board, cell: float) -> list[Mark]:
    """What a picture of `board` draws, bottom to top: each cell inside the
    walls (the outside is left out), and each box, pusher and goal on it.
    A goal comes after the box or pusher on it."""
    found = []
    hidden = outside(board)
    for row in range(board.height):
        for column in range(board.width):
            if (row, column) in hidden:
                continue
            square = board[row, column]
            corners = cell_polygon(board.tessellation, (row, column), cell)
            centre = _centre(corners)
            found.append(Mark("wall" if square == WALL else "floor", corners, centre))
            if square in (BOX, BOX_ON_GOAL):
                kind = "box-on-goal" if square == BOX_ON_GOAL else "box"
                found.append(Mark(kind, _shrunk(corners, _BOX_SIZE), centre))
            inside = _inradius(corners, centre)
            if square in (PUSHER, PUSHER_ON_GOAL):
                found.append(Mark("pusher", [], centre, inside * _PUSHER_RADIUS))
            if square in (GOAL, BOX_ON_GOAL, PUSHER_ON_GOAL):
                found.append(Mark("goal", [], centre, inside * _GOAL_RADIUS))
    return found


def board_svg(board: Board, title: str = "") -> str:
    """A picture of `board`: one shape per cell inside the walls, a smaller
    cell shape per box (green on a goal), a disc per pusher, and a dot per
    goal, over the box or pusher that stands on it."""
    width, height = picture_size(board, CELL)
    shapes = []
    for mark in marks(board, CELL):
        if mark.radius:
            shapes.append(_circle(*mark.centre, mark.radius, mark.kind))
        else:
            shapes.append(_polygon(mark.corners, mark.kind))
    return _document(width, height, title or f"{board.tessellation.value} board", shapes)


def compact_svg(board: Board, size: float) -> str:
    """`board_svg` for pages of many boards, at most `size` pixels wide or
    high: one path per kind of shape, in small numbers (a unit per Sokoban
    cell, whose rows of walls and of floor are one rectangle each)."""
    square = board.tessellation is Tessellation.SOKOBAN
    cell = 1.0 if square else 10.0
    width, height = picture_size(board, cell)
    paths: dict[str, list[str]] = {kind: [] for kind in _FILL}
    for mark in marks(board, cell):
        if mark.radius:
            # Rounded first, so that the two half circles meet end to end
            # (a chord shorter than the diameter makes an oval).
            (x, y), r = mark.centre, round(mark.radius, 2)
            paths[mark.kind].append(
                f"M{_n(x - r)},{_n(y)}a{_n(r)},{_n(r)} 0 1,0 {_n(2 * r)},0"
                f"a{_n(r)},{_n(r)} 0 1,0 {_n(-2 * r)},0"
            )
        elif not (square and mark.kind in ("wall", "floor")):
            corners = "L".join(f"{_n(px)},{_n(py)}" for px, py in mark.corners)
            paths[mark.kind].append(f"M{corners}z")
    if square:
        paths["wall"], paths["floor"] = _runs(board)
    scale = size / max(width, height, 1)
    body = "".join(
        f'<path class="{kind}" fill="{_FILL[kind]}" d="{"".join(d)}"/>'
        for kind, d in paths.items()
        if d
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width * scale:.0f}" '
        f'height="{height * scale:.0f}" viewBox="0 0 {_n(width)} {_n(height)}">{body}</svg>'
    )


def _runs(board: Board) -> tuple[list[str], list[str]]:
    """Sokoban walls and floor inside them as one unit-high rectangle per run."""
    hidden = outside(board)
    walls: list[str] = []
    floor: list[str] = []
    for row, line in enumerate(board.cells):
        column = 0
        while column < len(line):
            kind = "wall" if line[column] == WALL else "floor"
            end = column + 1
            while (
                end < len(line)
                and ("wall" if line[end] == WALL else "floor") == kind
                and ((row, end) in hidden) == ((row, column) in hidden)
            ):
                end += 1
            if (row, column) not in hidden:
                (walls if kind == "wall" else floor).append(
                    f"M{column},{row}h{end - column}v1H{column}z"
                )
            column = end
    return walls, floor


def _n(value: float) -> str:
    """A number as short as it can be written, to a hundredth."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def lev_svg(puzzle: LevPuzzle) -> str:
    """A picture of a sliding-block puzzle's initial position: a square per
    cell, filled with its piece's color (empty cells in the floor color), a
    dark outline around each piece, its label on its first cell in black or
    white, whichever stands out more on the piece's color, so that pieces of
    one color can be told apart; and the target: a band in each target
    piece's color, edged in black or white, inside the cells it must cover."""
    pieces = puzzle.pieces
    rows = puzzle.initial
    shapes = []
    for row, line in enumerate(rows):
        for column, label in enumerate(line):
            corners = [
                (column * CELL, row * CELL),
                ((column + 1) * CELL, row * CELL),
                ((column + 1) * CELL, (row + 1) * CELL),
                (column * CELL, (row + 1) * CELL),
            ]
            if label == ".":
                shapes.append(_polygon(corners, "floor"))
            else:
                shapes.append(_polygon(corners, "piece", _hex(pieces[label].color)))
    shapes.append(_outlines(rows))
    for label, piece in pieces.items():
        row, column = min(piece.cells)
        shapes.append(
            f'<text class="label" x="{(column + 0.5) * CELL:.1f}" y="{(row + 0.5) * CELL:.1f}" '
            f'text-anchor="middle" dominant-baseline="central" font-family="sans-serif" '
            f'font-size="{CELL * 0.5:.0f}" fill="{label_colour(piece.color)}">'
            f"{escape(label)}</text>"
        )
    for label in sorted({label for line in puzzle.target for label in line} - {"."}):
        shapes.extend(_target(puzzle.target, label, pieces[label].color))
    size = (puzzle.width * CELL, puzzle.height * CELL)
    return _document(*size, f"sliding-block puzzle {puzzle.width}x{puzzle.height}", shapes)


def label_colour(color: tuple[int, int, int]) -> str:
    """Black or white, whichever has the higher contrast ratio with `color`
    (WCAG 2: (L1 + 0.05) / (L2 + 0.05) of their relative luminances)."""
    luminance = relative_luminance(color)
    on_black = (luminance + 0.05) / 0.05
    on_white = 1.05 / (luminance + 0.05)
    return "#000000" if on_black >= on_white else "#ffffff"


def relative_luminance(color: tuple[int, int, int]) -> float:
    """WCAG 2's relative luminance of an sRGB color: 0 for black, 1 for white."""

    def linear(channel: int) -> float:
        value = channel / 255
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4

    red, green, blue = color
    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)


# The target's band: this far inside the cells it outlines (clear of the
# pieces' outlines and labels), this wide, on an edge this wide.
_TARGET_INSET = 0.16
_TARGET_BAND = 0.08
_TARGET_EDGE = 0.16


def _target(rows: tuple[str, ...], label: str, color: tuple[int, int, int]) -> list[str]:
    """The outline of the cells that `label` must cover in the target, drawn
    `_TARGET_INSET` inside them: twice, wide in black or white (as the label
    on that piece) and narrow in the piece's color."""
    region = {(r, c) for r, line in enumerate(rows) for c, here in enumerate(line) if here == label}
    path = "".join(_inset_edges(region, _TARGET_INSET))
    return [
        f'<path class="target-edge" fill="none" stroke="{label_colour(color)}" '
        f'stroke-width="{CELL * _TARGET_EDGE:.2f}" stroke-linecap="square" d="{path}"/>',
        f'<path class="target" fill="none" stroke="{_hex(color)}" '
        f'stroke-width="{CELL * _TARGET_BAND:.2f}" stroke-linecap="square" d="{path}"/>',
    ]


def _inset_edges(region: set[tuple[int, int]], inset: float) -> list[str]:
    """The border of `region` (cells by row and column) moved `inset` cells
    inward, as one line per side of a cell on the border.  A line stops
    `inset` short of a corner that sticks out of the region, and runs on
    `inset` past its cell at a corner that cuts into it, so that the lines
    meet."""
    edges = []
    for row, column in sorted(region):
        for normal in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            if (row + normal[0], column + normal[1]) in region:
                continue
            middle = (
                row + 0.5 + (0.5 - inset) * normal[0],
                column + 0.5 + (0.5 - inset) * normal[1],
            )
            ends = []
            for along in ((normal[1], normal[0]), (-normal[1], -normal[0])):
                beside = (row + along[0], column + along[1])
                if beside not in region:
                    reach = 0.5 - inset  # a corner sticking out
                elif (beside[0] + normal[0], beside[1] + normal[1]) in region:
                    reach = 0.5 + inset  # a corner cutting in
                else:
                    reach = 0.5  # the border runs on along the next cell
                ends.append((middle[0] + reach * along[0], middle[1] + reach * along[1]))
            (r1, c1), (r2, c2) = ends
            edges.append(f"M{c1 * CELL:.2f},{r1 * CELL:.2f}L{c2 * CELL:.2f},{r2 * CELL:.2f}")
    return edges


def _outlines(rows: tuple[str, ...]) -> str:
    """One path along every edge between two cells of different pieces (or
    a piece and the edge of the board): the pieces' outlines."""

    def label(r: int, c: int) -> str:
        return rows[r][c] if 0 <= r < len(rows) and 0 <= c < len(rows[r]) else "."

    edges = []
    for r, line in enumerate(rows):
        for c, here in enumerate(line):
            if here == ".":
                continue
            x, y = c * CELL, r * CELL
            if label(r - 1, c) != here:
                edges.append(f"M{x:.1f},{y:.1f}h{CELL:.1f}")
            if label(r + 1, c) != here:
                edges.append(f"M{x:.1f},{y + CELL:.1f}h{CELL:.1f}")
            if label(r, c - 1) != here:
                edges.append(f"M{x:.1f},{y:.1f}v{CELL:.1f}")
            if label(r, c + 1) != here:
                edges.append(f"M{x + CELL:.1f},{y:.1f}v{CELL:.1f}")
    return (
        f'<path class="outline" fill="none" stroke="#111" stroke-width="{CELL * 0.08:.1f}" '
        f'stroke-linecap="square" d="{"".join(edges)}"/>'
    )


def _hex(color: tuple[int, int, int]) -> str:
    red, green, blue = color
    return f"#{red:02x}{green:02x}{blue:02x}"


def _document(width: float, height: float, title: str, shapes: list[str]) -> str:
    body = "\n".join(f"  {shape}" for shape in shapes)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.1f} {height:.1f}">\n'
        f"  <title>{escape(title)}</title>\n{body}\n</svg>\n"
    )


def _polygon(corners: list[Point], kind: str, fill: str | None = None) -> str:
    points = " ".join(f"{x:.1f},{y:.1f}" for x, y in corners)
    colour = fill or _FILL[kind]
    return (
        f"<polygon class={quoteattr(kind)} points={quoteattr(points)} "
        f'fill={quoteattr(colour)} stroke="#333" stroke-width="0.5"/>'
    )


def _circle(x: float, y: float, radius: float, kind: str) -> str:
    return (
        f'<circle class="{kind}" cx="{x:.2f}" cy="{y:.2f}" r="{radius:.2f}" fill="{_FILL[kind]}"/>'
    )


def _centre(corners: list[Point]) -> Point:
    return (sum(x for x, _ in corners) / len(corners), sum(y for _, y in corners) / len(corners))


def _inradius(corners: list[Point], centre: Point) -> float:
    """How far `centre` is from the nearest side of the polygon `corners`:
    the radius of the largest disc about it that stays inside."""
    x, y = centre
    distances = []
    for (ax, ay), (bx, by) in zip(corners, corners[1:] + corners[:1], strict=True):
        length = math.hypot(bx - ax, by - ay)
        distances.append(abs((bx - ax) * (ay - y) - (ax - x) * (by - ay)) / length)
    return min(distances)


def _shrunk(corners: list[Point], factor: float) -> list[Point]:
    x, y = _centre(corners)
    return [(x + (cx - x) * factor, y + (cy - y) * factor) for cx, cy in corners]
