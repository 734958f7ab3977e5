"""A static HTML page of every puzzle of a collection: inline SVG pictures
(one path per kind of shape, so that a page of 1,600 puzzles stays light),
each with its title, size, boxes and best solution.  No scripts."""

from __future__ import annotations

from collections.abc import Sequence

from ..geometry import picture_size
from ..puzzle import Collection, Puzzle
from ..replaying import best_solution_index, replay
from .svg import compact_svg
from .text import escape

#: The pixels a picture of the page is wide or high, at most, unless its
#: cells would be smaller than `SMALLEST_CELL` pixels across: a larger
#: board gets a wider card, so that its goals and pushers stay in sight.
PICTURE = 220.0
SMALLEST_CELL = 8.0
#: The page's colors: behind the cards, and the cards (the pixel test finds
#: one region of the card color per puzzle).
PAGE, CARD = "#d9d3c3", "#ffffff"

_STYLE = f"""
body {{ margin: 0; padding: 16px; background: {PAGE}; font: 14px/1.4 sans-serif; color: #222; }}
h1 {{ font-size: 20px; margin: 0 0 12px; }}
main {{ display: flex; flex-wrap: wrap; gap: 12px; align-items: flex-start; }}
section {{ background: {CARD}; padding: 10px; border-radius: 6px; width: {PICTURE:.0f}px; }}
section h2 {{ font-size: 15px; margin: 0 0 6px; overflow-wrap: anywhere; }}
section p {{ margin: 6px 0 0; font-size: 12px; color: #555; }}
svg {{ display: block; max-width: 100%; height: auto; }}
"""


def gallery_html(collection: Collection, name: str, numbers: Sequence[int] = ()) -> str:
    """The page of `collection` (called `name` where it has no title), its
    puzzles numbered by `numbers` (their positions in the file they were
    chosen from), or from 1."""
    title = collection.title or name
    numbered = zip(numbers or range(1, len(collection) + 1), collection, strict=True)
    cards = "\n".join(_card(number, puzzle) for number, puzzle in numbered)
    count = len(collection)
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{escape(title)}</title>\n<style>{_STYLE}</style>\n</head>\n<body>\n"
        f"<h1>{escape(title)}: {count} puzzle{'s' * (count != 1)}</h1>\n"
        f"<main>\n{cards}\n</main>\n</body>\n</html>\n"
    )


def _card(number: int, puzzle: Puzzle) -> str:
    board = puzzle.board
    size = PICTURE * min(1.0, max(board.width, board.height) / 12)  # small boards stay small
    size = max(size, SMALLEST_CELL * max(picture_size(board, 1.0)))
    wide = f' style="width: {size:.0f}px"' if size > PICTURE else ""
    heading = f"{number}. {puzzle.title}" if puzzle.title else f"{number}."
    boxes = len(board.boxes)
    facts = [f"{board.width}x{board.height}", f"{boxes} box{'es' * (boxes != 1)}"]
    replays = [replay(puzzle, game) for game in puzzle.saved_games]
    best = best_solution_index(replays)
    if best is not None:
        facts.append(f"best {replays[best].moves}/{replays[best].pushes} (moves/pushes)")
    elif puzzle.saved_games:
        facts.append("not solved")
    return (
        f"<section{wide}>\n<h2>{escape(heading)}</h2>\n{compact_svg(board, size)}\n"
        f"<p>{escape(', '.join(facts))}</p>\n</section>"
    )
