"""Many files at once: folders walked for level files (through symbolic
links, each folder and file once), and a job run on each file in parallel
processes, with a progress bar that moves per puzzle.

The worker processes are the parent's alone to stop: they ignore Ctrl-C,
and the parent, when it is interrupted (Ctrl-C, SIGTERM, SIGHUP) or
anything else goes wrong, ends them at once and waits for them, so that
no process is left behind.
Each worker has a pipe of its own to the parent, which hands it one task
at a time; a worker whose parent is gone (its pipe closed, or its parent's
pid changed) ends too."""

from __future__ import annotations

import argparse
import contextlib
import errno
import os
import pickle
import signal
import stat
import time
from collections.abc import Callable, Generator, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

if TYPE_CHECKING:  # multiprocessing is imported when workers start (command start-up time)
    from multiprocessing.connection import Connection
    from multiprocessing.process import BaseProcess

from ..files import FILE_FORMATS
from .files import Ended
from .text import Progress

_Result = TypeVar("_Result")


class _Ticks(Protocol):
    def put(self, item: str) -> None: ...


# Where `tick` reports: in a worker process, the pipe to the parent; in
# the parent's own process, the progress bar itself.
_ticks: _Ticks | None = None


def tick(path: str) -> None:
    """One more puzzle of `path` is read (for the progress bar)."""
    if _ticks is not None:
        _ticks.put(path)


@dataclass
class Found:
    """What the paths of a command line stand for: `files`, each once, in
    order (a folder's in name order); which of them were found in a folder
    (`in_folder`: a command skips those that are clearly not level files);
    the `folders` named, with the files found in each; the `extensions`
    looked for; and what a folder holds that could not be reached
    (`unreachable`: a broken symbolic link, a folder that cannot be read),
    with why, for the command to name."""

    files: list[str] = field(default_factory=list)
    in_folder: set[str] = field(default_factory=set)
    folders: dict[str, list[str]] = field(default_factory=dict)
    extensions: tuple[str, ...] = ()
    unreachable: dict[str, str] = field(default_factory=dict)

    def without_level_files(self, skipped: set[str]) -> list[str]:
        """The folders in which no level file was found: none had an
        extension of one, or every one was `skipped` as not a level file."""
        return [
            folder
            for folder, files in self.folders.items()
            if all(file in skipped for file in files)
        ]

    def nothing_in(self, folder: str, skipped: set[str]) -> str:
        """What to say of a folder without level files, and of what in it
        was skipped or could not be reached."""
        others = sum(file in skipped for file in self.folders[folder])
        top = str(Path(folder))
        inside = os.path.join(top, "")
        unreachable = sum(path == top or path.startswith(inside) for path in self.unreachable)
        return (
            f"no level file in this folder ({', '.join(self.extensions)}, at any depth)"
            + (f"; {others} skipped as not level files" if others else "")
            + (f"; {unreachable} could not be reached (see the warnings)" if unreachable else "")
        )


def level_files(paths: Sequence[str], formats: Sequence[str]) -> Found:
    """`paths`, each folder replaced by the files under it (at any depth, in
    name order) whose extension is that of one of `formats`; each file once.
    Symbolic links are followed, and what a folder holds is read once
    however many links lead to it: a link back up the tree is not followed
    round, and a file is named by its own folder rather than by a link to
    it where the folder holds both."""
    extensions = tuple(e for f in FILE_FORMATS if f.name in formats for e in f.extensions)
    found = Found(extensions=extensions)
    named: list[str] = []
    for path in paths:
        if path != "-" and os.path.isdir(path):
            files = sorted(_files_under(str(Path(path)), extensions, found.unreachable))
            found.folders.setdefault(path, files)
            found.in_folder.update(files)
            named += files
        else:
            named.append(path)
    found.files = list(dict.fromkeys(named))  # a file named twice is read once
    # A file named on the command line is meant, whatever it holds.
    found.in_folder -= {path for path in paths if path not in found.folders}
    return found


def _files_under(top: str, extensions: tuple[str, ...], unreachable: dict[str, str]) -> list[str]:
    """The files under the folder `top` whose extension is one of
    `extensions`, through symbolic links too, each once (by its device
    and inode, as each folder); what cannot be reached goes into
    `unreachable`, with why.  The tree's own folders and files are taken
    before those that links lead to, whose names come second."""
    read: set[tuple[int, int]] = set()  # folders and files, by device and inode
    files: list[str] = []
    folders, links = [top], list[str]()
    while folders or links:
        path = folders.pop() if folders else links.pop(0)
        try:
            status = os.stat(path)
        except OSError as error:
            # A link that leads nowhere is named if it may have led to a
            # level file or a folder (its name has no other extension).
            if _extension(path) in (*extensions, ""):
                unreachable[path] = _why_unreachable(path, error)
            continue
        if (status.st_dev, status.st_ino) in read:
            continue
        read.add((status.st_dev, status.st_ino))
        if not stat.S_ISDIR(status.st_mode):
            if stat.S_ISREG(status.st_mode) and _extension(path) in extensions:
                files.append(path)  # a link to a level file
            continue
        try:
            with os.scandir(path) as scan:
                entries = sorted(scan, key=lambda entry: entry.name)
        except OSError as error:
            unreachable[path] = f"folder skipped: it cannot be read: {error.strerror}"
            continue
        for entry in entries:
            try:
                if entry.is_symlink():
                    links.append(entry.path)  # followed once the tree's own are read
                elif entry.is_dir():
                    folders.append(entry.path)
                elif entry.is_file() and _extension(entry.name) in extensions:
                    status = entry.stat()
                    read.add((status.st_dev, status.st_ino))
                    files.append(entry.path)
            except OSError as error:  # gone meanwhile, or not to be looked at
                unreachable[entry.path] = f"skipped: {error.strerror}"
    return files


def _why_unreachable(link: str, error: OSError) -> str:
    """Why the symbolic link `link` leads nowhere: what it names, and what
    is wrong with that."""
    try:
        target = f"to {os.readlink(link)!r}"
    except OSError:
        target = ""
    why = "a loop of links" if error.errno == errno.ELOOP else error.strerror
    return f"symbolic link {target} skipped: {why}".replace("  ", " ")


def _extension(name: str) -> str:
    return os.path.splitext(name)[1].lower()


def add_jobs_option(command: argparse.ArgumentParser, what: str) -> None:
    """-j N: how many files at a time, in parallel processes."""
    command.add_argument(
        "-j",
        "--jobs",
        type=_jobs,
        default=os.cpu_count() or 1,
        metavar="N",
        help=f"{what} N files at a time, in parallel processes (default: the number of cores)",
    )


def _jobs(value: str) -> int:
    jobs = int(value)
    if jobs < 1:
        raise ValueError(value)
    return jobs


def run_each(
    work: Callable[..., _Result],
    tasks: Sequence[tuple[Any, ...]],
    arguments: tuple[Any, ...],
    jobs: int,
) -> Generator[_Result, None, None]:
    """``work(*task, *arguments)`` for each task (its first item the path it
    reads), in parallel processes when `jobs` > 1 and there are several
    tasks; results in the order of `tasks`.  `work` calls `tick` per
    puzzle, and the progress bar (on a terminal) shows files done and
    puzzles read.  Callers close it (`contextlib.closing`): an interrupt in
    their loop then ends the workers and clears the bar before anything
    else is printed."""
    progress = _PuzzleProgress(len(tasks))
    progress.start()
    try:
        if jobs == 1 or len(tasks) < 2:
            yield from _in_this_process(work, tasks, arguments, progress)
        else:
            yield from _in_processes(work, tasks, arguments, jobs, progress)
    finally:
        progress.close()


def _in_this_process(
    work: Callable[..., _Result],
    tasks: Sequence[tuple[Any, ...]],
    arguments: tuple[Any, ...],
    progress: _PuzzleProgress,
) -> Iterator[_Result]:
    global _ticks
    _ticks = progress
    try:
        for task in tasks:
            progress.started(task[0])
            yield work(*task, *arguments)
            progress.finished(task[0])
    finally:
        _ticks = None


def _in_processes(
    work: Callable[..., _Result],
    tasks: Sequence[tuple[Any, ...]],
    arguments: tuple[Any, ...],
    jobs: int,
    progress: _PuzzleProgress,
) -> Iterator[_Result]:
    workers: list[_Worker] = []
    finished = False
    handled = _ending_raised()
    try:
        with _ctrl_c_held():  # until the workers ignore it (see `_serve`)
            workers += (_Worker.start(work, arguments) for _ in range(min(jobs, len(tasks))))
        yield from _shared(workers, tasks, progress)
        finished = True
    finally:
        # Interrupted, failed, or abandoned by the caller: the workers end now.
        _stop(workers, at_once=not finished)
        for number, handler in handled.items():
            signal.signal(number, handler)


def _ending_raised() -> dict[int, Any]:
    """Have SIGTERM and SIGHUP raise `Ended` (where they would end the
    command), and return the handlers they had: a worker goes on when its
    parent is killed outright, as long as its task lasts or for ever (the
    workers hold copies of each other's pipes to the parent, which keep a
    full pipe open), so the parent ends them first.  In the main thread
    alone: signals cannot be handled elsewhere."""
    handled: dict[int, Any] = {}

    def ending(number: int, frame: FrameType | None) -> None:
        raise Ended(number)

    for name in ("SIGTERM", "SIGHUP"):
        number = getattr(signal, name, None)
        if number is None:
            continue
        try:
            handler = signal.getsignal(number)
            if handler in (signal.SIG_IGN, None):
                continue  # not ending the command, or not Python's to handle
            signal.signal(number, ending)
        except ValueError:
            break
        handled[number] = handler
    return handled


@dataclass(frozen=True)
class _Worker:
    """A worker process, and the parent's end of its pipe."""

    process: BaseProcess
    pipe: Connection

    @classmethod
    def start(cls, work: Callable[..., Any], arguments: tuple[Any, ...]) -> _Worker:
        import multiprocessing

        context = multiprocessing.get_context()
        ours, theirs = context.Pipe()
        process = context.Process(target=_serve, args=(theirs, work, arguments), daemon=True)
        process.start()
        theirs.close()  # so that the parent sees the end of the pipe when the worker ends
        return cls(process, ours)


# The signals a worker handles otherwise than its parent (see `_serve`).
_HELD = tuple(
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)
)


@contextlib.contextmanager
def _ctrl_c_held() -> Iterator[None]:
    """SIGINT, SIGTERM and SIGHUP held back while workers start: one that
    comes meanwhile reaches the parent once they are started, and a worker
    only once it handles them as a worker (with its parent's handlers, a
    worker ended by its parent at once would print a traceback)."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, set(_HELD))
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def _shared(
    workers: list[_Worker], tasks: Sequence[tuple[Any, ...]], progress: _PuzzleProgress
) -> Iterator[Any]:
    """The results of `tasks`, in their order, each done by the next free worker."""
    from multiprocessing.connection import Connection, wait

    waiting = iter(range(len(tasks)))
    doing: dict[Connection, int] = {}  # the task each busy worker is on, by its pipe
    for worker in workers:
        index = next(waiting)
        worker.pipe.send(tasks[index])
        doing[worker.pipe] = index
    results: dict[int, Any] = {}
    for wanted in range(len(tasks)):
        while wanted not in results:
            for pipe in wait(list(doing)):
                assert isinstance(pipe, Connection)
                try:
                    kind, value = pipe.recv()
                except EOFError:
                    raise _died(workers, pipe, tasks[doing[pipe]][0]) from None
                if kind == "tick":
                    progress.put(value)
                    continue
                if kind == "error":
                    raise value
                index = doing.pop(pipe)
                results[index] = value
                progress.finished(tasks[index][0])
                following = next(waiting, None)
                if following is not None:
                    pipe.send(tasks[following])
                    doing[pipe] = following
        yield results.pop(wanted)


def _died(workers: list[_Worker], pipe: Connection, path: str) -> RuntimeError:
    """A worker ended in the middle of a task (killed, out of memory...)."""
    process = next(worker.process for worker in workers if worker.pipe is pipe)
    process.join(1)
    return RuntimeError(f"the process reading {path} ended (exit status {process.exitcode})")


def _stop(workers: list[_Worker], at_once: bool) -> None:
    """End the workers: idle ones are told to, busy ones (`at_once`) are
    terminated; none is left running or unwaited for."""
    for worker in workers:
        if at_once:
            worker.process.terminate()
        else:
            with contextlib.suppress(OSError):
                worker.pipe.send(None)
    deadline = time.monotonic() + (0.5 if at_once else 5.0)
    for worker in workers:
        worker.process.join(max(0.0, deadline - time.monotonic()))
        if worker.process.is_alive():
            worker.process.kill()
            worker.process.join()
        worker.pipe.close()


class _PipeTicks:
    """`tick` in a worker: each puzzle read, told to the parent."""

    def __init__(self, pipe: Connection) -> None:
        self.pipe = pipe

    def put(self, item: str) -> None:
        self.pipe.send(("tick", item))


def _serve(pipe: Connection, work: Callable[..., Any], arguments: tuple[Any, ...]) -> None:
    """A worker: ``work(*task, *arguments)`` for each task the parent sends,
    until it sends None or is gone; each result (or exception) sent back."""
    # Ctrl-C is for the parent to handle: it stops the workers itself; the
    # parent's handling of the signals that end it is its own too.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, set(_HELD))
    global _ticks
    _ticks = _PipeTicks(pipe)
    parent = os.getppid()
    try:
        while True:
            # A parent that dies without closing the pipe (killed: its other
            # workers hold copies of its end) is seen to be gone by its pid.
            if not pipe.poll(1.0):
                if os.getppid() != parent:
                    return
                continue
            task = pipe.recv()
            if task is None:
                return
            try:
                answer = ("done", work(*task, *arguments))
            except Exception as error:  # a bug: the parent reports it
                answer = ("error", _portable(error))
            pipe.send(answer)
    except (EOFError, OSError):
        pass  # the parent is gone, and so is the work


def _portable(error: Exception) -> Exception:
    """`error` if it survives the pipe, else a RuntimeError that says what it was."""
    try:
        pickle.loads(pickle.dumps(error))
    except Exception:
        return RuntimeError(f"{type(error).__name__}: {error}")
    return error


class _PuzzleProgress:
    """The bar: files done of all, and puzzles read so far."""

    def __init__(self, files: int) -> None:
        self.bar = Progress(files)
        self.files = 0
        self.puzzles = 0
        self.name = ""

    def start(self) -> None:
        """The bar at once, before any file is done."""
        self._show()

    def started(self, path: str) -> None:
        self.name = path
        self._show()

    def put(self, path: str) -> None:
        self.puzzles += 1
        self.name = path
        if self.puzzles % 50 == 0:
            self._show()

    def finished(self, path: str) -> None:
        self.files += 1
        self._show()

    def _show(self) -> None:
        self.bar.update(self.files, self.name, f"{self.puzzles:,} puzzles ")

    def close(self) -> None:
        self.bar.close()
