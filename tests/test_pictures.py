"""The pictures as a person sees them: rendered by headless Chromium to PNG,
and their pixels checked.  Chromium is Debian's `chromium` package; without
it these tests skip (CI installs it and sets SOKFMT_REQUIRE_CHROMIUM=1, so
that it never skips).  The terminal's drawing is checked as text.

Where a test expects a place or a size, it is worked out here from the
layout of the cells (as `sokfmt.geometry` describes it) and from what the
picture promises (a goal's mark a third of a square across; a pusher 0.7 of
the largest circle inside its cell; a .lev target's band 0.16 of a cell
inside the cells it outlines), not read from the drawing code."""

from __future__ import annotations

import math
import os
import subprocess
import sys
from collections.abc import Sequence
from html.parser import HTMLParser
from pathlib import Path

import pytest
from chromium import headless, needs_chromium
from png import Image, Pixel

from sokfmt import Board, Collection, Puzzle, Tessellation, loads_lev, loads_sok
from sokfmt.cli.gallery import CARD, TARGET, gallery_html
from sokfmt.cli.show import draw
from sokfmt.cli.svg import _FILL, board_svg, compact_svg, lev_svg

README = Path(__file__).parent.parent / "README.md"


def _colour(kind: str) -> Pixel:
    return _rgb(_FILL[kind])


def _rgb(code: str) -> Pixel:
    red, green, blue = (int(code.lstrip("#")[i : i + 2], 16) for i in (0, 2, 4))
    return red, green, blue


def render(page: Path, size: tuple[int, int], fragment: str = "") -> Image:
    """`page` (an SVG picture or an HTML page) as Chromium draws it, at
    its address's `fragment` ("#id") when one is given."""
    shot = page.with_suffix(".png")
    subprocess.run(
        [
            *headless(page.parent / "chromium-profile"),
            "--hide-scrollbars",
            "--force-device-scale-factor=1",
            f"--window-size={size[0]},{size[1]}",
            f"--screenshot={shot}",
            page.as_uri() + fragment,
        ],
        capture_output=True,
        timeout=120,
        check=True,
    )
    return Image(shot)


def render_enlarged(folder: Path, svg: str, width: float, size: tuple[int, int]) -> Image:
    """The SVG picture `svg` drawn `width` pixels wide (the whole picture
    scaled alike), at the top left of the page: enlarged, so that lines
    a pixel or two wide at the picture's own size cover whole pixels."""
    (folder / "picture.svg").write_text(svg, encoding="utf-8")
    page = folder / "enlarged.html"
    page.write_text(
        f'<!DOCTYPE html><body style="margin: 0"><img src="picture.svg" '
        f'style="display: block; width: {width}px"></body>',
        encoding="utf-8",
    )
    return render(page, size)


def _near(pixel: Pixel, colour: Pixel, tolerance: int = 12) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(pixel, colour, strict=True))


def _luminance(colour: Sequence[int]) -> float:
    """WCAG 2's relative luminance (its definition, written out here)."""
    channels = []
    for value in colour:
        c = value / 255
        channels.append(c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4)
    return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]


def _contrast(one: Sequence[int], other: Sequence[int]) -> float:
    light, dark = sorted((_luminance(one), _luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def _share(pixel: Pixel, colour: Pixel, others: Sequence[Pixel]) -> float:
    """How much of `pixel` is `colour`, taking it as a blend of `colour` and
    `others` (one or two colours), as anti-aliasing blends the colours of
    shapes that share a pixel: the least-squares mixture, its shares adding
    up to one, clipped to 0..1."""
    base = others[0]
    axes = [[c - b for c, b in zip(colour, base, strict=True)]]
    axes += [[o - b for o, b in zip(other, base, strict=True)] for other in others[1:]]
    target = [p - b for p, b in zip(pixel, base, strict=True)]

    def dot(u: Sequence[float], v: Sequence[float]) -> float:
        return sum(a * b for a, b in zip(u, v, strict=True))

    if len(axes) == 1:
        weight = dot(target, axes[0]) / dot(axes[0], axes[0])
    else:  # the 2x2 normal equations, by Cramer's rule
        a, b, d = dot(axes[0], axes[0]), dot(axes[0], axes[1]), dot(axes[1], axes[1])
        weight = (dot(target, axes[0]) * d - dot(target, axes[1]) * b) / (a * d - b * b)
    return min(1.0, max(0.0, weight))


# ---------------------------------------------------------- goals in sight

# The centre of cell (row, column) and the radius of the largest circle
# inside it, on a picture whose cells are 32 pixels wide, worked out from
# the layouts that sokfmt.geometry describes.
SIDE = 32.0


def _centre_and_inradius(tessellation: Tessellation, row: int, column: int) -> tuple[float, ...]:
    if tessellation is Tessellation.HEXOBAN:
        # Pointy-top hexagons 32 across the flats: a corner 32/sqrt(3) from
        # the centre; rows 1.5 of that apart, odd rows half a cell right.
        corner = SIDE / math.sqrt(3)
        x = (column + 0.5 + 0.5 * (row % 2)) * SIDE
        return x, corner + 1.5 * corner * row, SIDE / 2
    if tessellation is Tessellation.TRIOBAN:
        # Equilateral triangles of side 32, 16 apart; the centre a third of
        # the height from the flat side (the top one when pointing down).
        height = SIDE * math.sqrt(3) / 2
        down = (row + column) % 2 == 0
        y = row * height + (height / 3 if down else 2 * height / 3)
        return (column + 1) * SIDE / 2, y, height / 3
    x, y = (column + 0.5) * SIDE, (row + 0.5) * SIDE
    if tessellation is Tessellation.OCTOBAN and (row + column) % 2:
        return x, y, SIDE / 2 / math.sqrt(2)  # a square on its corner, 32 across
    return x, y, SIDE / 2


@needs_chromium
@pytest.mark.parametrize(
    ("tessellation", "cells"),
    [
        (Tessellation.SOKOBAN, ("#####", "#@*.#", "#+$ #", "#####")),
        (Tessellation.HEXOBAN, ("#####", "#@*.#", "#+$-#", "#####")),
        (Tessellation.TRIOBAN, ("#######", "#@-*-.#", "#+-$--#", "#######")),
        (Tessellation.OCTOBAN, ("#####", "#@*.#", "#+$-#", "#####")),
    ],
)
def test_a_goal_stays_in_sight_under_a_box_and_a_pusher(
    tmp_path: Path, tessellation: Tessellation, cells: tuple[str, ...]
) -> None:
    board = Board(tessellation, tuple(row.replace(" ", "-") for row in cells))
    page = tmp_path / "board.svg"
    page.write_text(board_svg(board), encoding="utf-8")
    image = render(page, (400, 300))
    for square, around in (("*", "box-on-goal"), ("+", "pusher"), ("$", "box"), ("@", "pusher")):
        (row, column) = board.positions(square)[0]
        x, y, inside = _centre_and_inradius(tessellation, row, column)
        centre = image[round(x), round(y)]
        # Halfway between the goal's mark (a third of the inradius) and the
        # rim of the box or pusher (0.7 of it): on the box or pusher.
        beside = image[round(x + inside * (1 / 3 + 0.7) / 2), round(y)]
        on_goal = square in "*+"
        assert _near(centre, _colour("goal")) == on_goal, (square, centre)
        assert _near(beside, _colour(around)), (square, beside)
    # A box on a goal looks unlike a box off one.
    assert _colour("box-on-goal") != _colour("box")


@needs_chromium
def test_goal_marks_are_a_third_of_a_square_on_a_large_board_in_the_gallery(
    tmp_path: Path,
) -> None:
    """A board 64 squares wide: its card is wider than the usual 220 pixels
    (at 3.4 pixels a square, a goal was a dot 0.8 pixels across), and its
    goals show whole, on the floor, under a pusher and under a box."""
    rows = ["#" * 64] + ["#" + "-" * 62 + "#"] * 38 + ["#" * 64]
    rows[5] = "#" + "-" * 4 + "." + "-" * 4 + "+" + "-" * 4 + "*" + "-" * 47 + "#"
    assert [rows[5][c] for c in (5, 10, 15)] == [".", "+", "*"]
    board = Board(Tessellation.SOKOBAN, tuple(rows))
    page = tmp_path / "gallery.html"
    page.write_text(gallery_html(Collection(puzzles=(Puzzle(board),)), "big"), encoding="utf-8")
    image = render(page, (800, 600))
    walls = [
        (x, y)
        for y in range(image.height)
        for x in range(image.width)
        if _near(image[x, y], _colour("wall"), 8)
    ]
    left, right = min(x for x, _ in walls), max(x for x, _ in walls)
    top = min(y for _, y in walls)
    square = (right - left + 1) / 64
    assert square >= 7.5  # at least 8 pixels a square, not 220 / 64 = 3.4
    floor, goal = _colour("floor"), _colour("goal")
    areas = {}
    for column, under in ((5, []), (10, [_colour("pusher")]), (15, [_colour("box-on-goal")])):
        x, y = left + (column + 0.5) * square, top + 5.5 * square
        reach = int(square / 2) - 1  # the square, less a pixel at its edges
        areas[column] = sum(
            _share(image[px, py], goal, [floor, *under])
            for px in range(int(x) - reach, int(x) + reach + 1)
            for py in range(int(y) - reach, int(y) + reach + 1)
        )
    # A disc a third of a square across covers pi * (square / 6) ** 2
    # pixels: the width of a disc of that area must be a quarter of a
    # square at the least, and the mark no smaller under a pusher or a box.
    for column, area in areas.items():
        width = 2 * math.sqrt(area / math.pi)
        assert square / 4 <= width <= square / 2, (column, width, square)
        assert area >= 0.8 * math.pi * (square / 6) ** 2, (column, area)


@needs_chromium
def test_the_gallery_draws_round_marks_a_third_of_a_square_across(tmp_path: Path) -> None:
    """The gallery's compact picture, 640 pixels wide for 5 squares: a
    square 128 pixels wide, a goal's mark 128 / 3 = 42.7 pixels across
    both ways, a pusher's disc 0.7 * 128 = 89.6."""
    board = Board(Tessellation.SOKOBAN, ("#####", "#.+*#", "#####"))
    page = tmp_path / "compact.svg"
    page.write_text(compact_svg(board, 640), encoding="utf-8")
    image = render(page, (800, 600))

    def run(x: int, y: int, step: tuple[int, int], colour: Pixel) -> int:
        """How many pixels of about `colour` in a line through (x, y)."""
        count = 0
        for sign in (1, -1):
            at = (x, y) if sign == 1 else (x - step[0], y - step[1])
            while _near(image[at], colour, 40):
                count += 1
                at = (at[0] + sign * step[0], at[1] + sign * step[1])
        return count

    for column in (1, 2, 3):
        x, y = 128 * column + 64, 192
        for step in ((1, 0), (0, 1)):
            assert abs(run(x, y, step, _colour("goal")) - 128 / 3) <= 2, (column, step)
    assert abs(run(128 * 2 + 30, 192, (1, 0), _colour("pusher")) * 2 + 128 / 3 - 89.6) <= 3


@needs_chromium
def test_the_trioban_pusher_stays_inside_its_triangle(tmp_path: Path) -> None:
    board = Board(Tessellation.TRIOBAN, ("#######", "#-@+--#", "#######"))
    scale = 4  # the picture 4 times its size: a triangle's side is 128 pixels
    width = (board.width + 1) * SIDE / 2 * scale
    image = render_enlarged(tmp_path, board_svg(board), width, (800, 600))
    side, height = SIDE * scale, SIDE * scale * math.sqrt(3) / 2
    # (1, 2) points up and (1, 3) down: corners from the layout.
    triangles = [
        [(2 * side / 2, 2 * height), (4 * side / 2, 2 * height), (3 * side / 2, height)],
        [(3 * side / 2, height), (5 * side / 2, height), (4 * side / 2, 2 * height)],
    ]

    def clearance(x: float, y: float, corners: list[tuple[float, float]]) -> float:
        """How far (x, y) is inside the triangle: negative outside."""
        distances = []
        for (ax, ay), (bx, by) in zip(corners, corners[1:] + corners[:1], strict=True):
            cross = (bx - ax) * (y - ay) - (by - ay) * (x - ax)
            distances.append(cross / math.hypot(bx - ax, by - ay))
        # The corners go round one way or the other: inside, all signs agree.
        return min(distances) if min(distances) > 0 else min(-d for d in distances)

    pusher = _colour("pusher")
    blue = [
        (x + 0.5, y + 0.5)
        for y in range(image.height)
        for x in range(image.width)
        if _near(image[x, y], pusher, 60)
    ]
    incircle = math.pi * (height / 3) ** 2
    for corners in triangles:
        mine = [point for point in blue if clearance(*point, corners) > -2]
        # Drawn, large enough to see, and clear of the triangle's sides by
        # more than a pixel of the picture's own size (here 4).
        assert len(mine) >= incircle / 4
        assert min(clearance(*point, corners) for point in mine) >= 4
    assert len(blue) == sum(1 for point in blue if any(clearance(*point, c) > 0 for c in triangles))


# ---------------------------------------------------------- .lev pictures

# Labels: black or white, whichever contrasts more (WCAG 2).  Worked out by
# hand: (20, 20, 20) has relative luminance 0.0070, so white gives
# 1.05 / 0.057 = 18.4:1 and black 1.14:1; (250, 240, 0) 0.83, black 17.6:1;
# (127, 0, 0) 0.045, white 11:1 (black 1.9:1); (0, 0, 200) 0.043, white;
# (0, 128, 0) 0.154, white 5.1:1 against black 4.1:1; the default green
# (60, 179, 113) 0.344, black 7.9:1 against white 2.7:1.
DARK_LEV = """\
size 5 3
initial
AAB.C
A.BEE
DFF.G
target
.....
..AA.
..A..
color A 20 20 20
color B 250 240 0
color C 127 0 0
color D 0 0 200
color E 0 128 0
color F 60 179 113
"""
LABELS = {"A": "#ffffff", "B": "#000000", "C": "#ffffff", "D": "#ffffff", "E": "#ffffff"} | {
    "F": "#000000",
    "G": "#000000",  # no color section: the default green
}


@needs_chromium
def test_lev_labels_contrast_with_their_pieces(tmp_path: Path) -> None:
    puzzle = loads_lev(DARK_LEV)
    scale = 4  # a cell 128 pixels wide, a label 64 pixels high
    image = render_enlarged(tmp_path, lev_svg(puzzle), 5 * SIDE * scale, (800, 600))
    cell = SIDE * scale
    for label, piece in puzzle.pieces.items():
        row, column = min(piece.cells)
        colour = piece.color
        # The label's glyph: in the middle half of its first cell, the
        # pixels furthest from the piece's color.
        glyph = sorted(
            (
                image[x, y]
                for y in range(int((row + 0.25) * cell), int((row + 0.75) * cell))
                for x in range(int((column + 0.25) * cell), int((column + 0.75) * cell))
            ),
            key=lambda pixel: -sum(abs(a - b) for a, b in zip(pixel, colour, strict=True)),
        )[:20]
        assert all(_near(pixel, _rgb(LABELS[label]), 24) for pixel in glyph), (label, glyph)
        # Black or white: 4.5:1 at the least, WCAG's AA level for text.
        assert _contrast(glyph[0], colour) >= 4.5, (label, glyph[0], colour)


@needs_chromium
def test_lev_targets_are_outlined_inside_their_cells(tmp_path: Path) -> None:
    """c19's target puts A (dark red, (127, 0, 0): a white label and edge)
    over the 2x2 cells at the bottom left, where pieces 6 and 5 (the
    default green) stand: a band in A's color, 0.16 of a cell inside those
    cells, 0.08 of a cell wide, on a white edge 0.16 of a cell wide."""
    puzzle = loads_lev((Path(__file__).parent / "vectors" / "lev" / "c19.lev").read_text())
    scale = 4
    image = render_enlarged(tmp_path, lev_svg(puzzle), 4 * SIDE * scale, (800, 800))
    cell = 128  # SIDE * scale: the band 20.5 pixels inside, 10.2 wide, on an edge 20.5 wide
    red, white, green = (127, 0, 0), (255, 255, 255), (60, 179, 113)
    top, bottom, left, right = 3 * cell, 5 * cell, 0, 2 * cell
    across = {12: white, 20: red, 28: white, 40: green}  # from the target's border, inward
    middle_y, middle_x = top + 0.25 * cell, left + 100  # clear of the labels 6 and 5
    for inward, colour in across.items():
        for x, y in (
            (left + inward, middle_y),
            (right - inward, middle_y),
            (middle_x, top + inward),
            (middle_x, bottom - inward),
        ):
            assert _near(image[int(x), int(y)], colour, 16), (inward, x, y, image[int(x), int(y)])
    # The corners are closed: the band turns there.
    for x, y in ((left + 20, top + 20), (right - 21, bottom - 21)):
        assert _near(image[x, y], red, 16), (x, y)


@needs_chromium
def test_lev_target_outline_turns_into_a_notch(tmp_path: Path) -> None:
    """An L-shaped target ((1, 2), (1, 3), (2, 2) in DARK_LEV): where its
    border cuts in, at the corner that cells (1, 3) and (2, 2) share, the
    band's two lines run on past their own cells, 0.16 of a cell inside
    both sides, and meet in cell (1, 2)."""
    puzzle = loads_lev(DARK_LEV)
    scale = 4
    image = render_enlarged(tmp_path, lev_svg(puzzle), 5 * SIDE * scale, (800, 600))
    cell = SIDE * scale
    black = (20, 20, 20)
    corner_x, corner_y = 3 * cell - 0.16 * cell, 2 * cell - 0.16 * cell  # (363.5, 235.5)
    # The band is 10.2 pixels wide: along either line, and at the corner.
    for dx, dy in ((0, 0), (8, 0), (0, 8), (-3, -3)):
        pixel = image[int(corner_x + dx), int(corner_y + dy)]
        assert _near(pixel, black, 16), (dx, dy, pixel)
    # Between the band and the cells' corner (384, 256): B's yellow.
    assert _near(image[int(corner_x + 14), int(corner_y + 14)], (250, 240, 0), 16)


# ------------------------------------------------------------- the gallery


@needs_chromium
def test_the_gallery_shows_one_card_per_puzzle(tmp_path: Path) -> None:
    sample = Path(__file__).parent.parent / "sokfmt" / "samples" / "sample.sok"
    collection = loads_sok(sample.read_text("utf-8"))
    page = tmp_path / "gallery.html"
    page.write_text(gallery_html(collection, "sample"), encoding="utf-8")
    image = render(page, (1000, 500))
    assert image.regions(_rgb(CARD), minimum=2000) == len(collection) == 4
    assert image.regions(_colour("wall"), minimum=50) == len(collection)  # one board each


@needs_chromium
def test_a_link_to_a_puzzle_shows_its_card(tmp_path: Path) -> None:
    """Twelve puzzles on a page that shows them all: the card that the
    address's #puzzle-N names stands out, and no other; none without one."""
    sample = Path(__file__).parent.parent / "sokfmt" / "samples" / "sample.sok"
    collection = loads_sok(sample.read_text("utf-8"))
    twelve = collection[:0].with_puzzles(*collection.puzzles * 3)
    page = tmp_path / "gallery.html"
    page.write_text(gallery_html(twelve, "twelve.sok"), encoding="utf-8")
    for fragment, targets in (("#puzzle-12", 1), ("", 0)):
        image = render(page, (1000, 1600), fragment)
        assert image.regions(_rgb(TARGET), minimum=2000) == targets, fragment
        assert image.regions(_rgb(CARD), minimum=2000) == 12 - targets, fragment


class _Anchors(HTMLParser):
    """The ids of a page's elements and the targets of its links, in order,
    and its title."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: list[str] = []
        self.links: list[str] = []
        self.title = ""
        self._in_title = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if found.get("id"):
            self.ids.append(str(found["id"]))
        if tag == "a" and found.get("href"):
            self.links.append(str(found["href"]))
        self._in_title = tag == "title"

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.title += data

    def handle_endtag(self, tag: str) -> None:
        self._in_title = False


def _anchors(page: str) -> _Anchors:
    parsed = _Anchors()
    parsed.feed(page)
    return parsed


def test_the_gallery_links_each_puzzle_by_its_position() -> None:
    puzzles = [
        Puzzle(Board(Tessellation.SOKOBAN, ("#####", "#@$.#", "#####")), f"P{n}") for n in range(4)
    ]
    page = _anchors(gallery_html(Collection(puzzles=tuple(puzzles[:2])), "a.sok", [3, 7]))
    # The cards of the puzzles at positions 3 and 7 (as --puzzle chose
    # them), each linked from the list at the top and from its heading.
    assert page.ids == ["puzzle-3", "puzzle-7"]
    assert page.links == ["#puzzle-3", "#puzzle-7", "#puzzle-3", "#puzzle-7"]


@pytest.mark.parametrize(
    ("name", "title"),
    [
        ("levels.sok", "levels.sok"),
        (os.path.join("..", "some", "folder", "levels.sok"), "levels.sok"),
        ("-", "standard input"),
    ],
)
def test_the_gallery_is_titled_by_the_file_s_name(name: str, title: str) -> None:
    untitled = Collection(puzzles=(Puzzle(Board(Tessellation.SOKOBAN, ("###", "#@#", "###"))),))
    assert _anchors(gallery_html(untitled, name)).title == title
    titled = Collection(title="Mine", puzzles=untitled.puzzles)
    assert _anchors(gallery_html(titled, name)).title == "Mine"


def test_show_html_titles_the_page_by_the_file_s_name(tmp_path: Path) -> None:
    folder = tmp_path / "deep" / "er"
    folder.mkdir(parents=True)
    (folder / "levels.sok").write_text("One\n#####\n#@$.#\n#####\n", encoding="utf-8")
    page = tmp_path / "page.html"
    typed = os.path.join("deep", "er", "levels.sok")
    subprocess.run(
        [sys.executable, "-m", "sokfmt", "show", typed, "--html", str(page)],
        cwd=tmp_path,
        check=True,
    )
    assert _anchors(page.read_text("utf-8")).title == "levels.sok"


# ------------------------------------------------------------ the terminal

SQUARES = ("#####", "#@*.#", "#+$-#", "#####")


def test_the_terminal_draws_a_sokoban_square_two_characters_wide() -> None:
    board = Board(Tessellation.SOKOBAN, SQUARES)
    assert draw(board, colour=False) == "██████████\n██● ▣ · ██\n██◉ ■   ██\n██████████"
    assert draw(board, colour=False, in_ascii=True) == (
        "##########\n##@ * . ##\n##+ $   ##\n##########"
    )
    octoban = Board(Tessellation.OCTOBAN, SQUARES)
    assert draw(octoban, colour=False) == draw(board, colour=False)


def test_the_terminal_keeps_hexoban_and_trioban_cells_as_they_are_spaced() -> None:
    # Hexoban's text: even rows' cells in odd columns, odd rows' in even
    # ones from the third, a blank between two cells.
    hexoban = Board(Tessellation.HEXOBAN, ("####", "#@$#", "####"))
    assert draw(hexoban, colour=False) == " █ █ █ █\n  █ ● ■ █\n █ █ █ █"
    trioban = Board(Tessellation.TRIOBAN, ("#####", "#@$.#", "#####"))
    assert draw(trioban, colour=False) == "█████\n█●■·█\n█████"


def test_the_terminal_colours_a_goal_under_a_box_and_a_pusher() -> None:
    """In colour, every goal's square is dark red (256-colour 52) behind its
    character: a goal alone, a box on it, a pusher on it; nothing else."""
    board = Board(Tessellation.SOKOBAN, SQUARES)
    middle = draw(board, colour=True).split("\n")[1]
    squares = [part for part in middle.split("\x1b[0m") if part]
    assert squares == [
        "\x1b[38;5;244m██",
        "\x1b[38;5;33m● ",
        "\x1b[38;5;34;48;5;52m▣ ",
        "\x1b[38;5;196;48;5;52m· ",
        "\x1b[38;5;244m██",
    ]
    lower = draw(board, colour=True).split("\n")[2]
    assert "\x1b[38;5;33;48;5;52m◉ \x1b[0m\x1b[38;5;178m■ \x1b[0m" in lower
