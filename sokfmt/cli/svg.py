"""SVG pictures of boards and sliding-block puzzles."""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from ..board import BOX, BOX_ON_GOAL, GOAL, PUSHER, PUSHER_ON_GOAL, WALL, Board
from ..geometry import Point, cell_polygon, outside, picture_size
from ..lev import LevPuzzle

CELL = 32.0
_FILL = {
    "wall": "#5d5d6b",
    "floor": "#ece6d8",
    "goal": "#d8403a",
    "box": "#c8892a",
    "pusher": "#2f6fd0",
}


def board_svg(board: Board, title: str = "") -> str:
    """A picture of `board`: one shape per cell inside the walls (the outside
    is left out), a dot per goal, a smaller cell shape per box, a disc per pusher."""
    width, height = picture_size(board, CELL)
    shapes = []
    hidden = outside(board)
    for row in range(board.height):
        for column in range(board.width):
            if (row, column) in hidden:
                continue
            square = board[row, column]
            corners = cell_polygon(board.tessellation, (row, column), CELL)
            kind = "wall" if square == WALL else "floor"
            shapes.append(_polygon(corners, kind))
            x, y = _centre(corners)
            if square in (GOAL, BOX_ON_GOAL, PUSHER_ON_GOAL):
                shapes.append(_circle(x, y, CELL * 0.12, "goal"))
            if square in (BOX, BOX_ON_GOAL):
                shapes.append(_polygon(_shrunk(corners, 0.7), "box"))
            if square in (PUSHER, PUSHER_ON_GOAL):
                shapes.append(_circle(x, y, CELL * 0.28, "pusher"))
    return _document(width, height, title or f"{board.tessellation.value} board", shapes)


def lev_svg(puzzle: LevPuzzle) -> str:
    """A picture of a sliding-block puzzle's initial position: a square per cell,
    filled with its piece's color, empty cells in the floor color."""
    pieces = puzzle.pieces
    shapes = []
    for row, line in enumerate(puzzle.initial):
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
    size = (puzzle.width * CELL, puzzle.height * CELL)
    return _document(*size, f"sliding-block puzzle {puzzle.width}x{puzzle.height}", shapes)


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
