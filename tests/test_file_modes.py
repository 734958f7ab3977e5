"""Every command that writes a file, and `sokfmt.dump`, gives it the same
mode: a new file the mode that the umask leaves of 0o666, as every program's
new files have; a file replaced keeps its own, as editors keep it."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import sokfmt
from sokfmt import Collection, load
from sokfmt.cli.play import Session, _store
from sokfmt.cli.saving import GameFile

UMASK = 0o027  # a new file: rw for its owner, r for its group, nothing for others
NEW = 0o640
KEPT = 0o604  # a mode that neither the umask nor a temporary file gives

ONE = "One\n######\n#@$-.#\n######\n"
TWO = "Two\n#######\n#@$--.#\n#######\n"


@pytest.fixture(autouse=True)
def umask() -> Iterator[None]:
    """The umask of this process, and so of the commands it starts."""
    before = os.umask(UMASK)
    try:
        yield
    finally:
        os.umask(before)


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def _sokfmt(folder: Path, *arguments: str) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "sokfmt", *arguments],
        cwd=folder,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        check=False,
    )
    assert result.returncode == 0, result.stderr


def _play(folder: Path, path: str | None, target: str, key: str) -> Path:
    """`sokfmt play PATH` (the bundled sample for None) in `folder`, without
    a terminal: `key` once and `s`, or, when `target` is there, twice (a
    game it does not hold yet); the file that `s` wrote."""
    before = Path.cwd()
    os.chdir(folder)
    try:
        again = (folder / target).exists() and target != path
        if path is None:
            played = Session("bundled sample", _store(None, None, None), 0)
        else:
            collection = load(path)
            assert isinstance(collection, Collection)
            again = again or bool(collection.puzzles[0].saved_games)
            format = "xsb" if path.endswith(".xsb") else "sok"
            played = Session(path, GameFile(path, format, None, collection), 0)
        for name in [key, key, "s"] if again else [key, "s"]:
            assert played.handle(name)
        assert played.message.startswith("Saved"), played.message
    finally:
        os.chdir(before)
    return folder / target


def _convert(folder: Path) -> Path:
    _sokfmt(folder, "convert", "one.sok", "out.json")
    return folder / "out.json"


def _convert_a_folder(folder: Path) -> Path:
    _sokfmt(folder, "convert", "levels", "converted", "--to", "sok")
    return folder / "converted" / "two.sok"


def _dedup(folder: Path) -> Path:
    _sokfmt(folder, "dedup", "one.sok", "levels", "--keep", "first", "-o", "merged.sok")
    return folder / "merged.sok"


def _svg(folder: Path) -> Path:
    _sokfmt(folder, "show", "one.sok", "--svg", "one.svg")
    return folder / "one.svg"


def _html(folder: Path) -> Path:
    _sokfmt(folder, "show", "one.sok", "--html", "one.html")
    return folder / "one.html"


def _dump(folder: Path) -> Path:
    sokfmt.dump(sokfmt.loads_sok(TWO), folder / "dumped.sok")
    return folder / "dumped.sok"


def _play_into_the_file(folder: Path) -> Path:
    return _play(folder, "one.sok", "one.sok", "right")


def _play_beside(folder: Path) -> Path:
    return _play(folder, "one.xsb", "one.xsb.sok", "right")


def _play_the_sample(folder: Path) -> Path:
    return _play(folder, None, "sample.sok", "left")  # Hallway: #. $ @ #


#: Each way to write a file, and the file it writes.
WRITERS: list[Callable[[Path], Path]] = [
    _convert,
    _convert_a_folder,
    _dedup,
    _svg,
    _html,
    _dump,
    _play_into_the_file,
    _play_beside,
    _play_the_sample,
]
_NAMES = [write.__name__.strip("_") for write in WRITERS]


def _folder(tmp_path: Path) -> Path:
    (tmp_path / "one.sok").write_text(ONE, "utf-8")
    (tmp_path / "one.xsb").write_text(ONE, "utf-8")
    (tmp_path / "levels").mkdir()
    (tmp_path / "levels" / "two.sok").write_text(TWO, "utf-8")
    return tmp_path


# play writes into the file it plays, which is there before: not a new file.
NEW_FILES = [write for write in WRITERS if write is not _play_into_the_file]


@pytest.mark.parametrize("write", NEW_FILES, ids=[w.__name__.strip("_") for w in NEW_FILES])
def test_a_new_file_has_the_mode_the_umask_gives(
    write: Callable[[Path], Path], tmp_path: Path
) -> None:
    assert _mode(write(_folder(tmp_path))) == NEW


@pytest.mark.parametrize("write", WRITERS, ids=_NAMES)
def test_a_file_replaced_keeps_its_mode(write: Callable[[Path], Path], tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    written = write(folder)
    written.chmod(KEPT)
    if write not in (_play_into_the_file, _play_beside, _play_the_sample):
        written.write_text("to be replaced\n", "utf-8")  # play reads it: not for play
    before = written.read_bytes()
    assert write(folder) == written
    assert written.read_bytes() != before
    assert _mode(written) == KEPT
