"""Hang checks: a reader given huge inputs in a child process, which a
timeout stops if it hangs (tests/test_robustness.py, tests/test_slc.py).

README's test command measures coverage in child processes too, and a
traced read of a megabyte takes several times as long as an untraced one,
for no line that a small read of the same shape does not reach.  So a
check reads each shape small first, traced, and then calls `untraced()`
(defined by `PRELUDE`) before its large reads.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

PRELUDE = textwrap.dedent(
    '''
    def untraced():
        """Stop coverage's tracing in this process, if it traces; what it
        measured so far is still saved when the process ends."""
        try:
            import coverage
        except ImportError:
            return
        current = coverage.Coverage.current()
        if current is not None:
            current.stop()
    '''
)


def run(script: str, timeout: float, *arguments: str) -> subprocess.CompletedProcess[str]:
    """Run `script` (after `PRELUDE`) in a new Python, with `arguments` as
    its sys.argv[1:]; `timeout` stops a hang."""
    return subprocess.run(
        [sys.executable, "-c", PRELUDE + script, *arguments],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
