"""Many files at once: folders walked for level files, and a job run on each
file in parallel processes, with a progress bar that moves per puzzle."""

from __future__ import annotations

import argparse
import multiprocessing
import os
import queue
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, Protocol, TypeVar

from ..files import FILE_FORMATS
from .text import Progress

_Result = TypeVar("_Result")


class _Ticks(Protocol):
    def put(self, item: str) -> None: ...


# Where `tick` reports: in a worker process, a queue the parent reads; in
# the parent's own process, the progress bar itself.
_ticks: _Ticks | None = None


def tick(path: str) -> None:
    """One more puzzle of `path` is read (for the progress bar)."""
    if _ticks is not None:
        _ticks.put(path)


def level_files(paths: Sequence[str], formats: Sequence[str]) -> list[str]:
    """`paths`, each folder replaced by the files under it (at any depth, in
    name order) whose extension is that of one of `formats`; each file once."""
    extensions = {e for f in FILE_FORMATS if f.name in formats for e in f.extensions}
    found: list[str] = []
    for path in paths:
        if path != "-" and os.path.isdir(path):
            found += sorted(
                str(file)
                for file in Path(path).rglob("*")
                if file.suffix.lower() in extensions and file.is_file()
            )
        else:
            found.append(path)
    return list(dict.fromkeys(found))  # a file named twice is read once


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
    tasks: Sequence[tuple[str, ...]],
    arguments: tuple[Any, ...],
    jobs: int,
) -> Iterator[_Result]:
    """``work(*task, *arguments)`` for each task (its first item the path it
    reads), in parallel processes when `jobs` > 1 and there are several
    tasks; results in the order of `tasks`.  `work` calls `tick` per
    puzzle, and the progress bar (on a terminal) shows files done and
    puzzles read."""
    progress = _PuzzleProgress(len(tasks))
    try:
        if jobs == 1 or len(tasks) < 2:
            yield from _in_this_process(work, tasks, arguments, progress)
        else:
            yield from _in_processes(work, tasks, arguments, jobs, progress)
    finally:
        progress.close()


def _in_this_process(
    work: Callable[..., _Result],
    tasks: Sequence[tuple[str, ...]],
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
    tasks: Sequence[tuple[str, ...]],
    arguments: tuple[Any, ...],
    jobs: int,
    progress: _PuzzleProgress,
) -> Iterator[_Result]:
    ticks: multiprocessing.Queue[str] = multiprocessing.Queue()
    with ProcessPoolExecutor(
        max_workers=min(jobs, len(tasks)), initializer=_worker, initargs=(ticks,)
    ) as pool:
        futures = [pool.submit(work, *task, *arguments) for task in tasks]
        done: set[int] = set()
        while len(done) < len(futures):
            _drain(ticks, progress, wait=0.05)
            for index, future in enumerate(futures):
                if index not in done and future.done():
                    done.add(index)
                    progress.finished(tasks[index][0])
        _drain(ticks, progress, wait=0)
        yield from (future.result() for future in futures)


def _worker(ticks: _Ticks) -> None:
    global _ticks
    _ticks = ticks


def _drain(ticks: multiprocessing.Queue[str], progress: _PuzzleProgress, wait: float) -> None:
    try:
        progress.put(ticks.get(timeout=wait) if wait else ticks.get_nowait())
        while True:
            progress.put(ticks.get_nowait())
    except queue.Empty:
        pass


class _PuzzleProgress:
    """The bar: files done of all, and puzzles read so far."""

    def __init__(self, files: int) -> None:
        self.bar = Progress(files)
        self.files = 0
        self.puzzles = 0
        self.name = ""

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
