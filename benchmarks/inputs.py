"""Benchmark inputs, built once from a seeded generator: boards and solutions
shaped like real ones (long runs of walls and floor; moves in short runs);
and the saved games of a real collection, where the corpus is."""

from __future__ import annotations

import os
import random
from functools import cache
from pathlib import Path

from sokfmt import Board, SavedGame, encode_rle, load_sok, loads_board, loads_moves

SEED = 20261129

CORPUS = Path(
    os.environ.get("SOKFMT_CORPUS") or Path(__file__).resolve().parents[2] / "shared" / "corpus"
)
COLLECTION = CORPUS / "tadams42__sokoenginepy" / "Original_and_Extra.sok"

Games = tuple[tuple[Board, SavedGame], ...]


@cache
def saved_games() -> Games:
    """The saved games of Original_and_Extra.sok, each with its board, or
    without the corpus the games of `replay_games`."""
    if COLLECTION.is_file():
        collection = load_sok(COLLECTION)
        return tuple((p.board, g) for p in collection.puzzles for g in p.saved_games)
    return tuple((loads_board(board), loads_moves(moves)) for board, moves in replay_games())


@cache
def board(width: int = 20, height: int = 20) -> str:
    """A walled board carved by a random walk, with boxes, goals and a pusher."""
    rng = random.Random(SEED)
    cells = [["#"] * width for _ in range(height)]
    y, x = height // 2, width // 2
    for _ in range(width * height):
        cells[y][x] = "-"
        dy, dx = rng.choice(((0, 1), (0, -1), (1, 0), (-1, 0)))
        y = min(max(y + dy, 1), height - 2)
        x = min(max(x + dx, 1), width - 2)
    floor = [(r, c) for r in range(height) for c in range(width) if cells[r][c] == "-"]
    rng.shuffle(floor)
    for r, c in floor[:6]:
        cells[r][c] = "$"
    for r, c in floor[6:12]:
        cells[r][c] = "."
    cells[floor[12][0]][floor[12][1]] = "@"
    return "\n".join("".join(row) for row in cells)


@cache
def board_rle() -> str:
    """`board()` run-length encoded on one line, as the .sok format allows."""
    return encode_rle(board())


@cache
def board_rle_groups() -> str:
    """A board whose rows are written with nested groups (``2(3(#-)#)``)."""
    row = "#" + "(-$)" * 4 + "2(3(-.)-)" + "#"
    return "|".join(["20#", *([row] * 18), "20#"])


@cache
def solution(moves: int) -> str:
    """A forward solution of `moves` steps: runs of one to six of a letter,
    about a third of them pushes."""
    rng = random.Random(SEED + moves)
    pieces: list[str] = []
    size = 0
    while size < moves:
        letter = rng.choice("lurd")
        if rng.random() < 0.33:
            letter = letter.upper()
        run = min(rng.randint(1, 6), moves - size)
        pieces.append(letter * run)
        size += run
    return "".join(pieces)


@cache
def solution_rle(moves: int) -> str:
    return encode_rle(solution(moves))


@cache
def collection_text(puzzles: int, games_per_puzzle: int, moves_per_game: int) -> str:
    """A .sok file of generated puzzles, each with solutions and notes, as
    sokfmt writes it (moves wrapped at 70 columns, as real files are)."""
    from sokfmt import Collection, Puzzle, dumps_sok

    rng = random.Random(SEED + puzzles)
    items = []
    for number in range(puzzles):
        board = loads_board(_small_board(rng))
        games = tuple(
            loads_moves(solution(moves_per_game + rng.randint(0, 40))).with_metadata(
                title=f"Solution {number}.{index}", solved_by="generator", notes="Time: 00:00:01"
            )
            for index in range(games_per_puzzle)
        )
        items.append(
            Puzzle(board, title=f"Level {number + 1}", notes="Difficulty: 3", saved_games=games)
        )
    collection = Collection(title="Generated", author="benchmarks", puzzles=tuple(items))
    return dumps_sok(collection)


@cache
def bare_boards_text(levels: int = 1_000) -> str:
    """A file in the shape of the largest public Sokoban data set (1.5
    million levels for learning agents): a `; N` title line, a walled 10x10
    board with spaces for floor, a blank line between levels, nothing else."""
    rng = random.Random(SEED + levels)
    blocks = []
    for number in range(levels):
        rows = [
            list("#" + "".join(rng.choice("    #$.") for _ in range(8)) + "#") for _ in range(8)
        ]
        rows[rng.randrange(8)][rng.randint(1, 8)] = "@"
        walls = "#" * 10
        blocks.append("\n".join([f"; {number}", walls, *map("".join, rows), walls]))
    return "\n\n".join(blocks) + "\n"


def _small_board(rng: random.Random) -> str:
    width, height = rng.randint(8, 20), rng.randint(7, 14)
    rows = ["#" * width]
    for _ in range(height - 2):
        inside = "".join(rng.choice("   $.#") for _ in range(width - 2))
        rows.append(f"#{inside}#")
    rows.append("#" * width)
    rows[1] = "#@" + rows[1][2:]
    return "\n".join(rows)


@cache
def lev_texts(count: int = 200) -> tuple[str, ...]:
    """.lev files of sliding-block puzzles of realistic size (4x5 to 8x8),
    with targets, colors, comments and bloksi images."""
    from sokfmt import LevPuzzle, dumps_lev

    rng = random.Random(SEED + 7)
    texts = []
    for number in range(count):
        width, height = rng.randint(4, 8), rng.randint(5, 8)
        cells = [["." for _ in range(width)] for _ in range(height)]
        labels = iter("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789abcdefghijklmnopqrstuvwxyz")
        for r in range(height):
            for c in range(width):
                if cells[r][c] == "." and rng.random() < 0.6:
                    label = next(labels, None)
                    if label is None:
                        break
                    cells[r][c] = label
                    if c + 1 < width and cells[r][c + 1] == "." and rng.random() < 0.5:
                        cells[r][c + 1] = label
        initial = tuple("".join(row) for row in cells)
        first = initial[0][0] if initial[0][0] != "." else None
        target = tuple("".join(ch if ch == first else "." for ch in row) for row in initial)
        present = sorted({ch for row in initial for ch in row} - {"."})
        puzzle = LevPuzzle(
            width,
            height,
            initial,
            target=target,
            colors=tuple((label, (rng.randint(0, 255), 0, 127)) for label in present[:4]),
            images=tuple((label, f"img/{label}.png") for label in present[:2]),
            end=True,
            comments=(f"; puzzle {number}", "; generated for the benchmarks"),
        )
        texts.append(dumps_lev(puzzle))
    return tuple(texts)


@cache
def replay_games(games: int = 200, steps: int = 900) -> tuple[tuple[str, str], ...]:
    """Forward Sokoban games that stay legal: (board text, move text) pairs,
    about 180,000 steps in all, walked on `board()` by a seeded random
    pusher that pushes whenever it walks into a box it can move."""
    rng = random.Random(SEED + 11)
    rows = board().split("\n")
    width = len(rows[0])
    offsets = {"l": -1, "r": 1, "u": -width, "d": width}
    pairs = []
    for _ in range(games):
        cells = list("".join(rows))
        here = cells.index("@")
        letters: list[str] = []
        letter = "l"
        while len(letters) < steps:
            if rng.random() < 0.4:
                letter = rng.choice("lrud")
            there = here + offsets[letter]
            beyond = there + offsets[letter]
            if cells[there] in "-.":
                letters.append(letter)
            elif cells[there] in "$*" and cells[beyond] in "-.":
                cells[beyond] = "*" if cells[beyond] == "." else "$"
                cells[there] = "." if cells[there] == "*" else "-"
                letters.append(letter.upper())
            else:
                continue
            here = there
        pairs.append((board(), "".join(letters)))
    return tuple(pairs)


@cache
def slc_document(levels: int) -> bytes:
    """An .slc document of `levels` generated levels, as sokfmt writes it."""
    from sokfmt import Collection, Puzzle, dumps_slc

    rng = random.Random(SEED + levels)
    puzzles = tuple(
        Puzzle(loads_board(_small_board(rng)), title=f"Level {number + 1}")
        for number in range(levels)
    )
    collection = Collection(title="Generated", author="benchmarks", puzzles=puzzles)
    return dumps_slc(collection).encode("utf-8")
