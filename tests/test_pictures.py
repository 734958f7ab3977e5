"""The pictures as a person sees them: rendered by headless Chromium to PNG,
and their pixels checked.  Chromium is Debian's `chromium` package; without
it these tests skip (CI installs it and sets SOKFMT_REQUIRE_CHROMIUM=1, so
that it never skips)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from png import Image, Pixel

from sokfmt import Board, Tessellation, parse_sok
from sokfmt.cli.gallery import CARD, gallery_html
from sokfmt.cli.svg import _FILL, CELL, board_svg
from sokfmt.geometry import cell_polygon

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None and not os.environ.get("SOKFMT_REQUIRE_CHROMIUM"),
    reason="no Chromium to render pictures with: install Debian's chromium package",
)


def _colour(kind: str) -> Pixel:
    code = _FILL[kind].lstrip("#")
    red, green, blue = (int(code[i : i + 2], 16) for i in (0, 2, 4))
    return red, green, blue


def render(page: Path, size: tuple[int, int]) -> Image:
    """`page` (an SVG picture or an HTML page) as Chromium draws it."""
    assert CHROMIUM is not None, "SOKFMT_REQUIRE_CHROMIUM is set, and there is no Chromium"
    shot = page.with_suffix(".png")
    subprocess.run(
        [
            CHROMIUM,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            "--force-device-scale-factor=1",
            f"--user-data-dir={page.parent / 'chromium-profile'}",
            f"--window-size={size[0]},{size[1]}",
            f"--screenshot={shot}",
            page.as_uri(),
        ],
        capture_output=True,
        timeout=120,
        check=True,
    )
    return Image(shot)


def _near(pixel: Pixel, colour: Pixel, tolerance: int = 12) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(pixel, colour, strict=True))


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
        corners = cell_polygon(tessellation, (row, column), CELL)
        x = sum(p[0] for p in corners) / len(corners)
        y = sum(p[1] for p in corners) / len(corners)
        centre = image[round(x), round(y)]
        beside = image[round(x + CELL * 0.15), round(y)]  # off the goal's dot, on the mark
        on_goal = square in "*+"
        assert _near(centre, _colour("goal")) == on_goal, (square, centre)
        assert _near(beside, _colour(around)), (square, beside)
    # A box on a goal looks unlike a box off one.
    assert _colour("box-on-goal") != _colour("box")


def test_the_gallery_shows_one_card_per_puzzle(tmp_path: Path) -> None:
    sample = Path(__file__).parent.parent / "sokfmt" / "samples" / "sample.sok"
    collection = parse_sok(sample.read_text("utf-8"))
    page = tmp_path / "gallery.html"
    page.write_text(gallery_html(collection, "sample"), encoding="utf-8")
    image = render(page, (1000, 500))
    card = tuple(int(CARD.lstrip("#")[i : i + 2], 16) for i in (0, 2, 4))
    assert image.regions(card, minimum=2000) == len(collection) == 4
    assert image.regions(_colour("wall"), minimum=50) == len(collection)  # one board each
