"""`python -m sokfmt._grammar [PATH]`: compile grammars/*.lark into the tables
the readers run (`tables.py` beside this module, or PATH).  Needs lark;
reading never does."""

import os
import sys
from pathlib import Path

from .build import write_tables

if os.environ.get("PYTHONHASHSEED") != "0":
    # lark numbers the states in the order of its sets, which follows the
    # hash seed: a fixed seed writes the same file for the same grammars.
    os.execve(
        sys.executable,
        [sys.executable, "-m", "sokfmt._grammar", *sys.argv[1:]],
        {**os.environ, "PYTHONHASHSEED": "0"},
    )
print(write_tables(Path(sys.argv[1]) if len(sys.argv) > 1 else None))
