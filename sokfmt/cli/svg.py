"""SVG pictures of boards and sliding-block puzzles."""

from __future__ import annotations

from ..board import BOX, BOX_ON_GOAL, GOAL, PUSHER, PUSHER_ON_GOAL, WALL, Board
from ..geometry import Point, cell_polygon, outside, picture_size
from ..lev import LevPuzzle
from ..tessellation import Tessellation
from .text import escape, quoteattr

CELL = 32.0
_FILL = {
    "wall": "#5d5d6b",
    "floor": "#ece6d8",
    "goal": "#d8403a",
    "box": "#c8892a",
    "box-on-goal": "#3c9a4e",
    "pusher": "#2f6fd0",
}
# The goal's dot: drawn over a box or a pusher on it, so that it stays in sight.
_GOAL_RADIUS = 0.12
_PUSHER_RADIUS = 0.28
_BOX_SIZE = 0.7


def marks(board: Board, cell: float) -> list[tuple[str, list[Point], tuple[float, float]]]:
    """What a picture of `board` draws, bottom to top: (kind, corners, centre)
    for each cell inside the walls (the outside is left out) and each box,
    pusher and goal on it.  A goal comes after a box or pusher on it."""
    found = []
    hidden = outside(board)
    for row in range(board.height):
        for column in range(board.width):
            if (row, column) in hidden:
                continue
            square = board[row, column]
            corners = cell_polygon(board.tessellation, (row, column), cell)
            centre = _centre(corners)
            found.append(("wall" if square == WALL else "floor", corners, centre))
            if square in (BOX, BOX_ON_GOAL):
                kind = "box-on-goal" if square == BOX_ON_GOAL else "box"
                found.append((kind, _shrunk(corners, _BOX_SIZE), centre))
            if square in (PUSHER, PUSHER_ON_GOAL):
                found.append(("pusher", [], centre))
            if square in (GOAL, BOX_ON_GOAL, PUSHER_ON_GOAL):
                found.append(("goal", [], centre))
    return found


def board_svg(board: Board, title: str = "") -> str:
    """A picture of `board`: one shape per cell inside the walls, a smaller
    cell shape per box (green on a goal), a disc per pusher, and a dot per
    goal, over the box or pusher that stands on it."""
    width, height = picture_size(board, CELL)
    shapes = []
    for kind, corners, (x, y) in marks(board, CELL):
        if kind == "pusher":
            shapes.append(_circle(x, y, CELL * _PUSHER_RADIUS, kind))
        elif kind == "goal":
            shapes.append(_circle(x, y, CELL * _GOAL_RADIUS, kind))
        else:
            shapes.append(_polygon(corners, kind))
    return _document(width, height, title or f"{board.tessellation.value} board", shapes)


def compact_svg(board: Board, size: float) -> str:
    """`board_svg` for pages of many boards, at most `size` pixels wide or
    high: one path per kind of shape, in small numbers (a unit per Sokoban
    cell, whose rows of walls and of floor are one rectangle each)."""
    square = board.tessellation is Tessellation.SOKOBAN
    cell = 1.0 if square else 10.0
    width, height = picture_size(board, cell)
    paths: dict[str, list[str]] = {kind: [] for kind in _FILL}
    for kind, corners, (x, y) in marks(board, cell):
        if kind in ("pusher", "goal"):
            r = cell * (_PUSHER_RADIUS if kind == "pusher" else _GOAL_RADIUS)
            paths[kind].append(
                f"M{_n(x - r)},{_n(y)}a{_n(r)},{_n(r)} 0 1,0 {_n(2 * r)},0"
                f"a{_n(r)},{_n(r)} 0 1,0 {_n(-2 * r)},0"
            )
        elif not (square and kind in ("wall", "floor")):
            paths[kind].append("M" + "L".join(f"{_n(px)},{_n(py)}" for px, py in corners) + "z")
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
    dark outline around each piece, and its label on its first cell, so that
    pieces of one color can be told apart."""
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
                red, green, blue = pieces[label].color
                shapes.append(_polygon(corners, "piece", f"#{red:02x}{green:02x}{blue:02x}"))
    shapes.append(_outlines(rows))
    for label, piece in pieces.items():
        row, column = min(piece.cells)
        shapes.append(
            f'<text class="label" x="{(column + 0.5) * CELL:.1f}" y="{(row + 0.5) * CELL:.1f}" '
            f'text-anchor="middle" dominant-baseline="central" font-family="sans-serif" '
            f'font-size="{CELL * 0.5:.0f}" fill="#111">{escape(label)}</text>'
        )
    size = (puzzle.width * CELL, puzzle.height * CELL)
    return _document(*size, f"sliding-block puzzle {puzzle.width}x{puzzle.height}", shapes)


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
        f'<circle class="{kind}" cx="{x:.1f}" cy="{y:.1f}" r="{radius:.1f}" fill="{_FILL[kind]}"/>'
    )


def _centre(corners: list[Point]) -> Point:
    return (sum(x for x, _ in corners) / len(corners), sum(y for _, y in corners) / len(corners))


def _shrunk(corners: list[Point], factor: float) -> list[Point]:
    x, y = _centre(corners)
    return [(x + (cx - x) * factor, y + (cy - y) * factor) for cx, cy in corners]
