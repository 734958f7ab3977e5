"""The main job: a collection summary, of the bundled sample by default."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from replay import solves

from sokfmt.__main__ import sample

ROOT = Path(__file__).parent.parent


def _run(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sokfmt", *arguments],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT.parent,
    )


def test_summary_of_the_bundled_sample() -> None:
    result = _run()
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert lines[0].endswith("sokfmt sample: 4 puzzles, 6 saved games")
    assert lines[2].split()[:6] == ["#", "title", "game", "size", "boxes", "saved"]
    assert "4  Step Aside  Sokoban  6x6       2      1  23/7 Solution" in lines


def test_summary_of_a_file(tmp_path: Path) -> None:
    path = tmp_path / "one.sok"
    path.write_text("Only\n#####\n#@$.#\n#####\n\nSolution\nR\n", encoding="utf-8")
    result = _run(str(path))
    assert result.returncode == 0
    assert "1  Only   Sokoban  5x3       1      1  1/1 Solution" in result.stdout


def test_errors_and_usage(tmp_path: Path) -> None:
    bad = tmp_path / "bad.sok"
    bad.write_text("#####\n#@$.#\n#####\nGame: Squares\n", encoding="utf-8")
    result = _run(str(bad))
    assert result.returncode == 1
    assert "Unknown tessellation 'Squares'" in result.stderr
    assert "line 4, column 7" in result.stderr
    assert _run("a", "b").returncode == 2
    assert _run(str(tmp_path / "missing.sok")).returncode == 1


def test_every_sample_solution_solves_its_puzzle() -> None:
    collection = sample()
    checked = 0
    for puzzle in collection.puzzles:
        for game in puzzle.saved_games:
            finished = game.current_move_idx == len(game)
            assert solves(game, puzzle.board) is finished, (puzzle.title, game.title)
            checked += finished
    assert checked == 5
