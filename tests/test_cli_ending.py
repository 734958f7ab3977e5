"""How the command ends when a signal or an exit cuts it short: the line
of its progress bar is cleared first, and its worker processes are ended
before it (SIGTERM, SIGHUP); Ctrl-C is tests/test_cli_stops.py's."""

from __future__ import annotations

import contextlib
import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

posix_only = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="pseudo-terminals, signals and /proc"
)

# A child whose standard error is a terminal (a pseudo-terminal here) draws
# a bar, then ends as `END` says, without closing the bar.
_ENDING = """
import os, signal, sys
from sokfmt.cli.text import Progress
bar = Progress(3)
bar.update(1, "levels.sok")
sys.stderr.write("|")  # the bar is drawn
sys.stderr.flush()
end = sys.argv[1]
if end == "exit":
    sys.exit(0)
os.kill(os.getpid(), getattr(signal, end))
"""


def _on_a_terminal(program: str, *arguments: str, columns: int = 80) -> tuple[int, str]:
    """Run `program` with its standard error on a pseudo-terminal `columns`
    wide (standard output elsewhere, no COLUMNS to go by) and SIGINT as a
    shell gives it to a command in the foreground; its exit status, and
    what it wrote there."""
    import fcntl
    import pty
    import struct
    import termios

    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
    environment = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    child = subprocess.Popen(
        [sys.executable, "-c", program, *arguments],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=follower,
        env=environment,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    os.close(follower)
    written = b""
    while True:
        try:
            part = os.read(leader, 4096)
        except OSError:  # the child has gone: the terminal's end is closed
            break
        if not part:
            break
        written += part
    os.close(leader)
    return child.wait(timeout=60), written.decode()


@posix_only
@pytest.mark.parametrize(
    ("end", "status"), [("SIGTERM", -15), ("SIGINT", -2), ("SIGHUP", -1), ("exit", 0)]
)
def test_progress_bar_clears_its_line_when_the_command_ends(end: str, status: int) -> None:
    ended, text = _on_a_terminal(_ENDING, end)
    assert ended == status
    drawn = "[" + "#" * 10 + "-" * 20 + "] 1/3 levels.sok"
    assert text.startswith("\r" + drawn + "|")
    # The line cleared, before anything else (Python's KeyboardInterrupt).
    after = text[len("\r" + drawn + "|") :]
    assert after.startswith("\r" + " " * (len(drawn) + 2) + "\r"), after


_LONG_NAME = """
from sokfmt.cli.text import Progress
bar = Progress(3)
bar.update(1, "folder/" * 5 + "a_long_level_file_name.sok")
bar.close()
"""


@posix_only
def test_progress_bar_is_as_wide_as_the_terminal_of_standard_error() -> None:
    status, text = _on_a_terminal(_LONG_NAME, columns=60)
    assert status == 0
    drawn = text.split("\r")[1]
    # 60 columns less the last and two for an echoed "^C": the bar and
    # "1/3 " take 37, which leaves 20 for the name: without its folders it
    # is 26 long, and loses its middle.
    assert drawn == "[" + "#" * 10 + "-" * 20 + "] 1/3 a_long_le...name.sok"
    assert len(drawn) == 57


FILES = 8
PUZZLES = 2_000  # a file: enough work for the signal to come in the middle


def _in_group(group: int) -> list[int]:
    """The live processes of the process group `group`, from /proc (a
    zombie, ended and waiting to be reaped, is not counted)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue  # ended meanwhile
            if int(fields[2]) == group and fields[0] != "Z":
                found.append(int(entry))
    return found


@posix_only
@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGHUP], ids=["SIGTERM", "SIGHUP"])
def test_a_signal_that_ends_the_command_ends_its_workers_first(
    tmp_path: Path, number: signal.Signals
) -> None:
    import pty

    folder = tmp_path / "in"
    folder.mkdir()
    text = "".join(f"P{n}\n#####\n#@$.#\n#####\n\n" for n in range(PUZZLES))
    for file in range(FILES):
        (folder / f"f{file}.sok").write_text(text, encoding="utf-8")
    leader, follower = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "sokfmt", "check", "-j", "2", str(folder)],
        stdout=subprocess.DEVNULL,
        stderr=follower,
        start_new_session=True,  # its own process group, as a shell's job
    )
    os.close(follower)
    seen = b""
    try:
        deadline = time.monotonic() + 300  # a stop for a hang only
        while f"] 1/{FILES} ".encode() not in seen:
            assert time.monotonic() < deadline, seen
            if select.select([leader], [], [], 1)[0]:
                seen += os.read(leader, 1 << 16)
        workers = [pid for pid in _in_group(process.pid) if pid != process.pid]
        assert len(workers) == 2
        process.send_signal(number)  # to the command alone, as `kill PID`
        # Ended by the signal, as it would be without workers.
        assert process.wait(timeout=60) == -number
        # It waited for its workers: none is left, at once.
        assert _in_group(process.pid) == []
        while select.select([leader], [], [], 0)[0]:
            try:
                part = os.read(leader, 1 << 16)
            except OSError:
                break
            if not part:
                break
            seen += part
    finally:
        # Whatever is left of its group (the test failed) is ended here.
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        os.close(leader)
    # The bar's line cleared last, and nothing else said (no traceback).
    last = seen.rsplit(b"\r", 2)
    assert last[1].strip() == b""
    assert last[2] == b""
    assert b"Traceback" not in seen
