"""Plain-text helpers for the command: tables and colours."""

from __future__ import annotations

import atexit
import contextlib
import os
import shutil
import signal
import sys
from collections.abc import Sequence
from types import FrameType
from typing import Any, TextIO


def table(rows: Sequence[Sequence[str]], right: frozenset[int] = frozenset()) -> str:
    """Columns padded to their widest cell; columns in `right` are right-aligned."""
    if not rows:
        return ""
    widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
    return "\n".join(
        "  ".join(
            cell.rjust(width) if column in right else cell.ljust(width)
            for column, (cell, width) in enumerate(zip(row, widths, strict=True))
        ).rstrip()
        for row in rows
    )


def wants_colour(stream: TextIO, choice: str) -> bool:
    """Colour for `choice` "always", never for "never"; for "auto", when the
    stream is a terminal and NO_COLOR is not set."""
    if choice != "auto":
        return choice == "always"
    return stream.isatty() and not os.environ.get("NO_COLOR") and os.environ.get("TERM") != "dumb"


# XML's escapes (xml.sax.saxutils's, without importing its urllib).
_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;"})
_ATTRIBUTE = str.maketrans(
    {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"}
    | {"\n": "&#10;", "\r": "&#13;", "\t": "&#9;"}
)


def escape(text: str) -> str:
    """`text` as XML character data."""
    return text.translate(_ESCAPES)


def quoteattr(text: str) -> str:
    """`text` as a double-quoted XML attribute value."""
    return f'"{text.translate(_ATTRIBUTE)}"'


#: The signals that end the command with a bar on the line: the bar is
#: cleared first, then the signal does what it did before.
_ENDING = tuple(
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)
)


#: The columns a terminal takes when it echoes Ctrl-C ("^C") after the
#: bar: left free, so that the echo does not wrap onto a line of its own
#: and the bar's line can be cleared with it.
_ECHO = 2


class Progress:
    """A one-line progress bar on standard error, shown only on a terminal,
    and narrower than the terminal (so that it never wraps, even with a
    "^C" that the terminal echoes after it).

    The line is cleared when the bar is closed, and also when the command
    ends otherwise while it is shown: on SIGINT, SIGTERM or SIGHUP (whose
    handling goes on as before, once the line is clear), and at exit."""

    def __init__(self, total: int) -> None:
        self.total = total
        self.shown = total > 1 and sys.stderr.isatty()
        self._drawn = 0  # the characters of the line drawn, at most
        self._previous: dict[int, Any] = {}
        if self.shown:
            self._hold_the_line()

    def update(self, done: int, name: str, detail: str = "") -> None:
        """`done` of the total, at `name`; `detail` goes before the name."""
        if not self.shown:
            return
        filled = 30 * done // self.total
        bar = "#" * filled + "-" * (30 - filled)
        head = f"[{bar}] {done}/{self.total} {detail}"
        width = max(_columns() - 1 - _ECHO, len(head) + 12)
        line = head + shortened(name, width - len(head))
        sys.stderr.write("\r" + line.ljust(self._drawn))
        sys.stderr.flush()
        self._drawn = max(self._drawn, len(line))

    def close(self) -> None:
        """Clear the line, and put back what the bar changed."""
        if not self.shown:
            return
        self.shown = False
        with contextlib.suppress(OSError, ValueError):  # standard error closed already
            sys.stderr.write("\r" + " " * (self._drawn + _ECHO) + "\r")
            sys.stderr.flush()
        atexit.unregister(self.close)
        for number, handler in self._previous.items():
            with contextlib.suppress(ValueError, OSError):
                signal.signal(number, handler)
        self._previous.clear()

    def _hold_the_line(self) -> None:
        """Clear the line at exit, and before an ending signal is handled.
        Signals can be caught in the main thread alone: elsewhere, at exit."""
        atexit.register(self.close)
        owner = os.getpid()

        def ending(number: int, frame: FrameType | None) -> None:
            previous = self._previous.get(number, signal.SIG_DFL)
            if os.getpid() == owner:  # not a worker process that inherited this
                self.close()
            if callable(previous):
                previous(number, frame)
            elif previous == signal.SIG_DFL:
                signal.signal(number, signal.SIG_DFL)
                os.kill(os.getpid(), number)

        for number in _ENDING:
            try:
                previous = signal.getsignal(number)
                if previous in (signal.SIG_IGN, None):
                    continue  # ignored (a background job), or not set from Python
                signal.signal(number, ending)
            except (ValueError, OSError):
                return  # not the main thread
            self._previous[number] = previous


def _columns() -> int:
    """The width of the terminal that standard error writes to (standard
    output may be a file meanwhile), else as `shutil` finds it."""
    try:
        return os.get_terminal_size(sys.stderr.fileno()).columns
    except (AttributeError, ValueError, OSError):  # not a file descriptor's, or no terminal
        return shutil.get_terminal_size().columns


#: What stands for the part of a name left out.
ELLIPSIS = "..."


def shortened(name: str, width: int) -> str:
    """`name` (a path) in at most `width` characters: whole when it fits;
    else without its first folders, cut where a folder's name ends
    (".../deeper/file.sok"); else its file's name alone; else that with
    the middle left out ("a_very_l...name.sok"): no word is cut at an end."""
    if len(name) <= width:
        return name
    separators = [i for i, c in enumerate(name) if c == os.sep or c == (os.altsep or os.sep)]
    for at in separators:
        if len(ELLIPSIS) + len(name) - at <= width:
            return ELLIPSIS + name[at:]
    base = name[separators[-1] + 1 :] if separators else name
    if len(base) <= width:
        return base
    kept = max(width - len(ELLIPSIS), 2)
    return base[: (kept + 1) // 2] + ELLIPSIS + base[len(base) - kept // 2 :]
