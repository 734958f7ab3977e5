"""The measures of issue 26 in the summary of every run that collects the
benchmarks: code lines by group (benchmarks/code_lines.py) and the module
crossings of a reading of the bundled sample (benchmarks/module_crossings.py)."""

from __future__ import annotations

from typing import Any

import code_lines
import module_crossings


def pytest_terminal_summary(terminalreporter: Any) -> None:
    write = terminalreporter.write_line
    terminalreporter.section("code lines and module crossings")
    root = code_lines.ROOT
    for group, files in code_lines.GROUPS.items():
        present = [root / name for name in files if (root / name).is_file()]
        write(f"{group}: {sum(code_lines.count(path) for path in present)} code lines")
    text = module_crossings.sample_text()
    calls, crossings, _ = module_crossings.count(lambda: module_crossings.sokfmt.loads_sok(text))
    write(f"loads_sok of the sample: {calls} calls, {crossings} module crossings")
