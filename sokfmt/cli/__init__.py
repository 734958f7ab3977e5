"""The sokfmt command: check, info, convert and show level files.

Built on the public API only; `import sokfmt` never imports this package.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from .. import __version__
from . import check, convert, info, show


def parser() -> argparse.ArgumentParser:
    """The command line: one subcommand per job."""
    main = argparse.ArgumentParser(
        prog="sokfmt",
        description="Read, check, convert and draw Sokoban-family (.sok, .xsb) and "
        "sliding-block (.lev) puzzle files.",
        epilog="Without a command, sokfmt shows the info table of its bundled sample.",
    )
    main.add_argument("--version", action="version", version=f"sokfmt {__version__}")
    commands = main.add_subparsers(dest="command", metavar="COMMAND")
    for module in (check, info, convert, show):
        module.register(commands)
    return main


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; the exit status is 0 when all is well, 1 when a file
    has errors or cannot be written, 2 on usage errors."""
    arguments = parser().parse_args(sys.argv[1:] if argv is None else argv)
    if arguments.command is None:
        arguments = parser().parse_args(["info"])
    status: int = arguments.run(arguments)
    return status
