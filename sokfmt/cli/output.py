"""Where the command's text goes: files, written whole or not at all, and
standard output, whose reader may go away and whose encoding may not hold
every character."""

from __future__ import annotations

import contextlib
import io
import os
import stat
import sys
from collections.abc import Iterator


class OutputClosed(Exception):
    """The reader of the output went away (`sokfmt ... | head`): the
    command stops quietly, with exit status 141."""


def write_text(path: str, text: str, *, durable: bool = False) -> None:
    """Write `text` to a file, in UTF-8, or to standard output for "-" (in
    UTF-8 too, whatever the terminal's encoding: the bytes a file would get).

    A file is written under a temporary name beside it and renamed at the
    end, so that an interruption, a full disk or an error never leaves half
    a file, and a file it replaces stays whole until then (`durable`: and
    its bytes are on the disk before the rename, for a file that holds a
    player's games).  A new file gets the mode that the umask leaves of
    0o666, as every program's new files do; a file replaced keeps its mode,
    as editors keep it.  A path that is not a regular file (a named pipe,
    /dev/stdout) is written as it is.

    Raises:
        OSError: the file cannot be written (its `filename` is `path`).
        OutputClosed: the reader of standard output, or of a named pipe,
            went away.
    """
    try:
        if path == "-":
            _write_standard_output(text)
        else:
            _write_file(path, text, durable)
    except BrokenPipeError:
        raise OutputClosed(path) from None


def _write_standard_output(text: str) -> None:
    sys.stdout.flush()
    binary = getattr(sys.stdout, "buffer", None)
    if binary is None:  # a stream of text only
        sys.stdout.write(text)
    else:
        data = memoryview(text.encode("utf-8"))
        while data:  # unbuffered (see `whole_writes`), a write may take only a part
            data = data[binary.write(data) :]
    sys.stdout.flush()


def say(text: str) -> None:
    """`text` as a line on standard error, in one write: worker processes
    print their files' warnings side by side, and print()'s two writes (the
    text, then the line break) interleave with another process's when
    standard error is unbuffered (python -u, PYTHONUNBUFFERED)."""
    sys.stderr.write(text + "\n")
    sys.stderr.flush()


@contextlib.contextmanager
def whole_writes() -> Iterator[None]:
    """Standard output that writes every byte or fails, while in the block.

    Unbuffered (python -u, PYTHONUNBUFFERED), standard output writes
    straight to its file descriptor and ignores a write that the system
    cuts short, as it does when the reader of a pipe goes away: the rest is
    lost without an error, and the command would end with status 0 instead
    of 141.  A buffer in between writes the rest, and so fails then.  Lines
    are still written as they come.
    """
    if not isinstance(getattr(sys.stdout, "buffer", None), io.RawIOBase):
        yield
        return
    unbuffered = sys.stdout
    sys.stdout = io.TextIOWrapper(
        io.BufferedWriter(io.FileIO(unbuffered.fileno(), "w", closefd=False)),
        encoding=unbuffered.encoding,
        errors=unbuffered.errors,
        line_buffering=True,
    )
    try:
        yield
    finally:
        buffered, sys.stdout = sys.stdout, unbuffered
        with contextlib.suppress(OSError, ValueError):
            buffered.close()  # flushed by the command already; a closed pipe fails


def _write_file(path: str, text: str, durable: bool) -> None:
    target = os.path.realpath(path)  # through a symbolic link, as writing in place would go
    try:
        mode: int | None = os.stat(target).st_mode
    except FileNotFoundError:
        mode = None
    if mode is not None and not stat.S_ISREG(mode):
        with open(path, "w", encoding="utf-8") as stream:
            stream.write(text)
        return
    folder, name = os.path.split(target)
    temporary = os.path.join(folder, f".{name}.{os.urandom(4).hex()}.part")
    try:
        # 0o666 less the umask, as for a new file; a replaced file keeps its mode.
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        with open(descriptor, "w", encoding="utf-8") as stream:
            stream.write(text)
            if durable:
                stream.flush()
                os.fsync(stream.fileno())
        if mode is not None:
            os.chmod(temporary, stat.S_IMODE(mode))
        os.replace(temporary, target)
    except BaseException as error:  # Ctrl-C too: no half-written file is left behind
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        if isinstance(error, OSError) and error.filename in (temporary, target):
            error.filename = path  # the name the user knows
            error.filename2 = None
        raise


def display_name(text: str) -> str:
    """`text` (a file name, or text that holds one) as UTF-8 can write it:
    each byte of a name that is not UTF-8, which Python holds as a lone
    surrogate, as a \\x escape (the file b"\\xff.sok" is shown as "\\xff.sok")."""
    try:
        return os.fsencode(text).decode("utf-8", "backslashreplace")
    except UnicodeError:  # a surrogate that stands for no byte
        return text.encode("utf-8", "backslashreplace").decode("utf-8")


def unwritable(text: str) -> str | None:
    """The first character of `text` that standard output's encoding cannot
    write, or None when it can write them all."""
    try:
        text.encode(_encoding(), "strict")
    except UnicodeEncodeError as error:
        return error.object[error.start]
    return None


def escaped(text: str) -> str:
    """`text` with each character that standard output's encoding cannot
    write as a backslash escape ("Caf\\xe9"), as Python writes to standard
    error, and the bytes of file names as `display_name` shows them: for
    reports, where every other character stays readable."""
    encoding = _encoding()
    return display_name(text).encode(encoding, "backslashreplace").decode(encoding)


def cannot_write(character: str) -> str:
    """Why standard output cannot take `character`, and what to do."""
    return (
        f"standard output's encoding ({_encoding()}) cannot write {character!r}; "
        "set PYTHONIOENCODING=utf-8 (or a UTF-8 locale)"
    )


def _encoding() -> str:
    return getattr(sys.stdout, "encoding", None) or "utf-8"
