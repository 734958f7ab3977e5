"""`python -m sokfmt._grammar [PATH]`: compile grammars/*.lark into the tables
the readers run (`tables.py` beside this module, or PATH).  Needs lark;
reading never does."""

import os
import sys
from pathlib import Path

try:
    from .build import write_tables
except ModuleNotFoundError as missing:  # lark: a tool of the project's, no need of sokfmt's
    sys.exit(f"python -m sokfmt._grammar needs lark (pip install 'lark>=1.2,<2'): {missing}")

if os.environ.get("PYTHONHASHSEED") != "0":
    # lark numbers the states in the order of its sets, which follows the
    # hash seed: a fixed seed writes the same file for the same grammars.
    os.execve(
        sys.executable,
        [sys.executable, "-m", "sokfmt._grammar", *sys.argv[1:]],
        {**os.environ, "PYTHONHASHSEED": "0"},
    )
print(write_tables(Path(sys.argv[1]) if len(sys.argv) > 1 else None))
