"""How the command stops: Ctrl-C at any -j and any moment, a reader of its
output that goes away, and files that are never left half-written."""

from __future__ import annotations

import json
import os
import re
import select
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from sokfmt.cli import output

posix_only = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="process groups, ptys and /proc"
)

FILES = 16
# Per file: enough work that a Ctrl-C comes while there is more to do, however
# busy the machine (these bare boards take the reader's fast path).
PUZZLES = 1_200


def _corridor(width: int) -> str:
    """A corridor `width` squares long with two boxes and one goal (a
    warning for `check`)."""
    return "#" * (width + 2) + "\n#@$$" + "-" * (width - 4) + ".#\n" + "#" * (width + 2)


def _puzzles(count: int, width: int) -> str:
    """`count` corridors, each titled by its number."""
    return "".join(f"Puzzle {n}\n{_corridor(width)}\n\n" for n in range(1, count + 1))


@pytest.fixture
def archive(tmp_path: Path) -> Path:
    folder = tmp_path / "in"
    folder.mkdir()
    for number in range(FILES):
        (folder / f"f{number:02}.sok").write_text(_puzzles(PUZZLES, 12), encoding="utf-8")
    return folder


# ------------------------------------------------------------------ Ctrl-C


def _in_group(group: int) -> list[int]:
    """The processes of the process group `group`, from /proc."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat_line = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue  # ended meanwhile
            # pid (name) state ppid pgrp ...: the name may hold spaces.
            if int(stat_line.rsplit(")", 1)[1].split()[2]) == group:
                found.append(int(entry))
    return found


def _default_ctrl_c() -> None:
    """Give the child SIGINT's default handling, as a shell gives a job in
    the foreground.  A test run started in the background (`cmd &` in a
    script, nohup) ignores SIGINT, every child inherits that across exec,
    and Python keeps an ignored SIGINT ignored: the command would never see
    the Ctrl-C this test sends."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _interrupted(arguments: list[str], cue: bytes, whole_group: bool) -> tuple[int, bytes]:
    """Run the command with its standard error on a terminal (so that it
    draws its progress bar), send SIGINT once the bar shows `cue` (to the
    whole process group as a terminal's Ctrl-C does, or to the command
    alone), and return its exit status and what it wrote there.  Once it
    has ended, no process of its group may be left (checked at once: it
    waits for its workers before it ends)."""
    import pty

    leader, follower = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "sokfmt", *arguments],
        stdout=subprocess.DEVNULL,
        stderr=follower,
        start_new_session=True,  # its own process group, as a shell's job
        preexec_fn=_default_ctrl_c,
    )
    os.close(follower)
    seen = b""
    deadline = time.monotonic() + 300  # a stop for a hang only
    try:
        while cue not in seen:
            assert time.monotonic() < deadline, seen
            if select.select([leader], [], [], 1)[0]:
                seen += os.read(leader, 1 << 16)
        if whole_group:
            os.killpg(process.pid, signal.SIGINT)
        else:
            process.send_signal(signal.SIGINT)
        status = process.wait(timeout=60)  # a stop for a hang only
        assert _in_group(process.pid) == [], "processes left behind"
        while select.select([leader], [], [], 0)[0]:
            try:
                part = os.read(leader, 1 << 16)
            except OSError:  # the terminal's other end is closed
                break
            if not part:
                break
            seen += part
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        os.close(leader)
    return status, seen


@posix_only
@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize("moment", ["start", "middle"])
@pytest.mark.parametrize("command", ["check", "convert"])
def test_ctrl_c_ends_every_process(
    archive: Path, tmp_path: Path, command: str, jobs: str, moment: str
) -> None:
    out = tmp_path / "out"
    arguments = ["check", str(archive)] if command == "check" else ["convert", str(archive)]
    if command == "convert":
        arguments += [str(out), "--to", "json"]
    # The bar shows files done of all: 0 as soon as the work starts.
    cue = f"] {0 if moment == 'start' else FILES // 2}/{FILES} ".encode()
    status, shown = _interrupted([*arguments, "-j", jobs], cue, whole_group=True)
    assert status == 130
    assert shown.endswith(b"sokfmt: interrupted\r\n"), shown[-300:]
    assert b"Traceback" not in shown
    if command == "convert":
        _no_partial_output(out)


@posix_only
def test_ctrl_c_to_the_parent_alone_ends_its_workers(archive: Path, tmp_path: Path) -> None:
    # `kill -INT PID`: the workers get no signal; the parent ends them.
    arguments = ["convert", str(archive), str(tmp_path / "out"), "--to", "json", "-j", "2"]
    status, shown = _interrupted(arguments, f"] {FILES // 4}/{FILES} ".encode(), False)
    assert status == 130
    assert shown.endswith(b"sokfmt: interrupted\r\n")
    _no_partial_output(tmp_path / "out")


def _no_partial_output(out: Path) -> None:
    """Every file in `out` is a whole conversion, and none is left under
    a temporary name."""
    for path in out.rglob("*") if out.exists() else ():
        assert re.fullmatch(r"f\d\d\.json", path.name), path.name
        assert len(json.loads(path.read_text("utf-8"))["puzzles"]) == PUZZLES


# ------------------------------------------------------- closed output pipe


@pytest.fixture(scope="module")
def large(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Files whose output, for every command, is well over a pipe's 64 KiB:
    long titles (a row of info, a warning of check, a place of dedup), two
    of each board (dedup's lines), and a large board for show."""
    folder = tmp_path_factory.mktemp("large")
    title = "A title long enough to fill a pipe quickly " * 30
    widths = [*range(5, 45), *range(5, 45)]
    text = "".join(f"{title}{n}\n{_corridor(width)}\n\n" for n, width in enumerate(widths))
    (folder / "many.sok").write_text(text, encoding="utf-8")
    # 100 rows of 400 walls, 3 bytes each in the drawing.
    rows = ["#" * 400, "#@$." + " " * 395 + "#", *["#" * 400] * 98]
    (folder / "wide.sok").write_text("\n".join(rows) + "\n", encoding="utf-8")
    return folder


@posix_only
@pytest.mark.parametrize(
    "arguments",
    [
        ["info", "many.sok"],
        ["check", "many.sok"],
        ["show", "wide.sok"],
        ["convert", "many.sok", "-", "--to", "sok"],
        ["dedup", "many.sok"],
    ],
    ids=lambda arguments: arguments[0],
)
def test_a_closed_output_pipe_ends_every_command_quietly(large: Path, arguments: list[str]) -> None:
    for run in range(10):
        reader, writer = os.pipe()
        if run % 2 == 0:
            os.close(reader)  # gone before the command writes anything
        # Unbuffered, a write the system cuts short must not pass for done.
        environment = dict(os.environ, PYTHONUNBUFFERED="1" if run % 4 < 2 else "")
        process = subprocess.Popen(
            [sys.executable, "-m", "sokfmt", *arguments],
            cwd=large,
            stdout=writer,
            stderr=subprocess.PIPE,
            env=environment,
        )
        os.close(writer)
        if run % 2:
            first = b""
            while b"\n" not in first:  # the first line, then gone
                first += os.read(reader, 100)
            os.close(reader)
        _, errors = process.communicate(timeout=120)  # a stop for a hang only
        assert (process.returncode, errors) == (141, b""), (run, errors[-500:])


# ------------------------------------------------------- whole files only


def test_an_interrupted_write_leaves_the_old_file_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "out.sok"
    target.write_text("the old text\n", encoding="utf-8")

    def interrupted(source: str, destination: str) -> None:
        assert Path(source).read_text("utf-8") == "new text\n"  # written whole, aside
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        output.write_text(str(target), "new text\n")
    assert [path.name for path in tmp_path.iterdir()] == ["out.sok"]
    assert target.read_text("utf-8") == "the old text\n"


def test_a_written_file_has_the_modes_of_a_new_file_or_of_the_one_it_replaces(
    tmp_path: Path,
) -> None:
    mask = os.umask(0o022)
    try:
        output.write_text(str(tmp_path / "new.sok"), "x\n")
        old = tmp_path / "old.sok"
        old.write_text("y\n", encoding="utf-8")
        old.chmod(0o600)
        output.write_text(str(old), "z\n")
    finally:
        os.umask(mask)
    assert stat.S_IMODE((tmp_path / "new.sok").stat().st_mode) == 0o644
    assert stat.S_IMODE(old.stat().st_mode) == 0o600
    assert old.read_text("utf-8") == "z\n"


def test_a_write_error_names_the_file_and_leaves_nothing(tmp_path: Path) -> None:
    with pytest.raises(OSError, match="missing") as caught:
        output.write_text(str(tmp_path / "missing" / "out.sok"), "x\n")
    assert caught.value.filename == str(tmp_path / "missing" / "out.sok")
    assert list(tmp_path.iterdir()) == []


@posix_only
def test_a_named_pipe_is_written_as_it_is(tmp_path: Path) -> None:
    fifo = tmp_path / "out.sok"
    os.mkfifo(fifo)
    reader = subprocess.Popen(["cat", str(fifo)], stdout=subprocess.PIPE)
    output.write_text(str(fifo), "through the pipe\n")
    assert reader.communicate(timeout=60)[0] == b"through the pipe\n"
    assert stat.S_ISFIFO(fifo.stat().st_mode)
