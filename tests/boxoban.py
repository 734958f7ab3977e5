"""Files in the shape of DeepMind's Boxoban levels, from a seeded generator,
and the ten-line ``split`` reader that people write for them (the second
method the tests and benchmarks hold `sokfmt.load_arrays` to).

A Boxoban file holds about 1,000 levels, each a ``; N`` title line and ten
rows of ten squares (walls all round, a room of floor carved inside, four
boxes, four goals, one pusher, blanks for floor), a blank line after each.
"""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

SIZE = 10
BOXES = 4
# Boxoban's own legend: what the split reader knows (blanks are floor).
SPLIT_CODES = {"#": 2, " ": 1, ".": 3, "$": 4, "*": 5, "@": 6, "+": 7}


def level(rng: random.Random) -> list[str]:
    """One level: a room carved by a random walk inside the walls, then
    goals, boxes (some on goals) and the pusher on distinct floor squares."""
    rows = [["#"] * SIZE for _ in range(SIZE)]
    y, x = rng.randint(1, SIZE - 2), rng.randint(1, SIZE - 2)
    carved, room = 0, rng.randint(12, 40)  # squares of floor, enough for the pieces
    while carved < room:
        carved += rows[y][x] == "#"
        rows[y][x] = " "
        dy, dx = rng.choice(((0, 1), (0, -1), (1, 0), (-1, 0)))
        y, x = min(max(y + dy, 1), SIZE - 2), min(max(x + dx, 1), SIZE - 2)
    floor = [(r, c) for r in range(SIZE) for c in range(SIZE) if rows[r][c] == " "]
    rng.shuffle(floor)
    goals, boxes = floor[:BOXES], floor[BOXES // 2 : BOXES // 2 + BOXES]  # two boxes on goals
    for r, c in goals:
        rows[r][c] = "."
    for r, c in boxes:
        rows[r][c] = "*" if rows[r][c] == "." else "$"
    r, c = floor[BOXES // 2 + BOXES]
    rows[r][c] = "+" if rows[r][c] == "." else "@"
    return ["".join(row) for row in rows]


def text(levels: int = 1000, seed: int = 0, first: int = 0) -> str:
    """A Boxoban file of `levels` levels numbered from `first`."""
    rng = random.Random(seed)
    return "".join(
        f"; {number}\n" + "".join(f"{row}\n" for row in level(rng)) + "\n"
        for number in range(first, first + levels)
    )


def write(folder: Path, files: int, levels: int = 1000, seed: int = 0) -> list[Path]:
    """`files` Boxoban files (000.txt, 001.txt, ...) in `folder`, numbered on."""
    paths = []
    for index in range(files):
        path = folder / f"{index:03}.txt"
        path.write_text(text(levels, seed + index, index * levels), encoding="ascii")
        paths.append(path)
    return paths


def split_reader(paths: list[str | os.PathLike[str]]) -> tuple[Any, list[str]]:
    """The ten-line reader: levels by blank line, rows by line, squares by a table."""
    import numpy

    levels, titles = [], []
    for path in paths:
        for block in Path(path).read_text().strip("\n").split("\n\n"):
            title, *rows = block.split("\n")
            titles.append(title.lstrip(";").strip())
            levels.append([[SPLIT_CODES[square] for square in row] for row in rows])
    return numpy.array(levels, dtype=numpy.uint8), titles
