"""The sokfmt command: check, info, convert and show level files.

Built on the public API only; `import sokfmt` never imports this package.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

from .. import __version__
from . import files
from .output import OutputClosed, say, whole_writes

#: The subcommands, in the order the help lists them: each a module of this
#: package with a `register` function.
COMMANDS = ("check", "info", "convert", "show", "dedup", "play")


def parser(command: str | None = None) -> argparse.ArgumentParser:
    """The command line: one subcommand per job.  Given the `command` that
    the arguments begin with, only its module is imported: each pulls in
    the readers, writers and drawing it needs, and a command's start-up
    need not pay for the others'."""
    main = argparse.ArgumentParser(
        prog="sokfmt",
        description="Read, check, convert and draw Sokoban-family (.sok, .xsb, .hsb, .tsb, "
        ".slc) and sliding-block (.lev) puzzle files, and their JSON.",
        epilog="Without a command, sokfmt shows the info table of its bundled sample.",
    )
    main.add_argument("--version", action="version", version=f"sokfmt {__version__}")
    commands = main.add_subparsers(dest="command", metavar="COMMAND")
    # Imported here, where `main` catches a Ctrl-C, rather than at start-up.
    for name in [command] if command in COMMANDS else COMMANDS:
        importlib.import_module(f"{__name__}.{name}").register(commands)
    return main


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command and return its exit status (see `files` for what each
    means).  Nothing escapes as a traceback: a failure that sokfmt did not
    foresee is reported as an internal error, with exit status 3."""
    try:
        with whole_writes():
            return _run(argv)
    except files.Ended as ended:  # its workers ended, the command ends by the signal
        return ended.end()
    except KeyboardInterrupt:  # in the command, or between its end and this return
        try:
            sys.stdout.flush()
        except (OSError, ValueError):
            _drop_standard_output()
        say("sokfmt: interrupted")
        return files.INTERRUPTED


def _run(argv: Sequence[str] | None) -> int:
    """`main`, within `whole_writes`."""
    try:
        words = (sys.argv[1:] if argv is None else list(argv)) or ["info"]
        arguments = parser(words[0]).parse_args(words)
        status: int = arguments.run(arguments)
        sys.stdout.flush()
    except (BrokenPipeError, OutputClosed):
        # The reader of standard output went away (`sokfmt info | head -1`):
        # stop quietly.
        _drop_standard_output()
        return files.OUTPUT_CLOSED
    except Exception as error:
        print(
            f"sokfmt: internal error: {type(error).__name__}: {error}\n"
            "sokfmt: this is a bug in sokfmt; please report it with the command and its files",
            file=sys.stderr,
        )
        return files.INTERNAL_ERROR
    return status


def _drop_standard_output() -> None:
    """Keep Python from writing what standard output still holds when it
    exits (a closed pipe would fail again, with a complaint)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):  # no descriptor: a stream of the caller's
        pass
