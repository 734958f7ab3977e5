"""A static HTML page of every puzzle of a collection: inline SVG pictures
(one path per kind of shape, so that a page of 1,600 puzzles stays light),
each with its title, size, boxes and best solution.  No scripts.

Each puzzle's card is an anchor, ``#puzzle-N`` for the puzzle at position
N in its file (as --puzzle N names it), linked from the list of puzzles at
the top of the page and from its own heading, so that a link can point at
one puzzle."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import PurePath

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
#: The page's colors: behind the cards, the cards (the pixel test finds
#: one region of the card color per puzzle), and the card a link leads to
#: (the page's address ends in its ``#puzzle-N``).
PAGE, CARD, TARGET = "#d9d3c3", "#ffffff", "#fff2b3"

_STYLE = f"""
body {{ margin: 0; padding: 16px; background: {PAGE}; font: 14px/1.4 sans-serif; color: #222; }}
h1 {{ font-size: 20px; margin: 0 0 12px; }}
main {{ display: flex; flex-wrap: wrap; gap: 12px; align-items: flex-start; }}
section {{ background: {CARD}; padding: 10px; border-radius: 6px; width: {PICTURE:.0f}px; }}
section h2 {{ font-size: 15px; margin: 0 0 6px; overflow-wrap: anywhere; }}
section p {{ margin: 6px 0 0; font-size: 12px; color: #555; }}
svg {{ display: block; max-width: 100%; height: auto; }}
nav {{ margin: 0 0 12px; font-size: 12px; line-height: 1.8; }}
nav a {{ margin-right: 10px; white-space: nowrap; }}
a {{ color: inherit; }}
section h2 a {{ text-decoration: none; }}
section:target {{ background: {TARGET}; }}
"""


def gallery_html(collection: Collection, name: str, numbers: Sequence[int] = ()) -> str:
    """The page of `collection`, read from the file `name` (a path: the page
    is titled by the file's name where the collection has no title), its
    puzzles numbered by `numbers` (their positions in the file they were
    chosen from), or from 1."""
    title = collection.title or page_title(name)
    numbered = list(zip(numbers or range(1, len(collection) + 1), collection, strict=True))
    cards = "\n".join(_card(number, puzzle) for number, puzzle in numbered)
    links = "\n".join(
        f'<a href="#{anchor(number)}">{escape(_heading(number, puzzle))}</a>'
        for number, puzzle in numbered
    )
    count = len(collection)
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{escape(title)}</title>\n<style>{_STYLE}</style>\n</head>\n<body>\n"
        f"<h1>{escape(title)}: {count} puzzle{'s' * (count != 1)}</h1>\n"
        f'<nav aria-label="Puzzles">\n{links}\n</nav>\n'
        f"<main>\n{cards}\n</main>\n</body>\n</html>\n"
    )


def page_title(path: str) -> str:
    """The title of a page drawn from the file `path` without a title of
    its own: the file's name, without its folders; standard input's "-"
    says so."""
    if path == "-":
        return "standard input"
    return PurePath(path).name or path


def anchor(number: int) -> str:
    """The `id` of the card of the puzzle at position `number`."""
    return f"puzzle-{number}"


def _heading(number: int, puzzle: Puzzle) -> str:
    return f"{number}. {puzzle.title}" if puzzle.title else f"{number}."


def _card(number: int, puzzle: Puzzle) -> str:
    board = puzzle.board
    size = PICTURE * min(1.0, max(board.width, board.height) / 12)  # small boards stay small
    size = max(size, SMALLEST_CELL * max(picture_size(board, 1.0)))
    wide = f' style="width: {size:.0f}px"' if size > PICTURE else ""
    boxes = len(board.boxes)
    facts = [f"{board.width}x{board.height}", f"{boxes} box{'es' * (boxes != 1)}"]
    replays = [replay(puzzle, game) for game in puzzle.saved_games]
    best = best_solution_index(replays)
    if best is not None:
        facts.append(f"best {replays[best].moves}/{replays[best].pushes} (moves/pushes)")
    elif puzzle.saved_games:
        facts.append("not solved")
    return (
        f'<section id="{anchor(number)}"{wide}>\n'
        f'<h2><a href="#{anchor(number)}">{escape(_heading(number, puzzle))}</a></h2>\n'
        f"{compact_svg(board, size)}\n"
        f"<p>{escape(', '.join(facts))}</p>\n</section>"
    )
