"""Print sokfmt/reference ratios of median times from a pytest-benchmark JSON file.

python -m pytest benchmarks --benchmark-json=bench.json
python benchmarks/ratios.py bench.json
"""

from __future__ import annotations

import json
import sys
from collections import defaultdict


def ratios(path: str) -> list[tuple[str, float, float, float]]:
    """(group, sokfmt median, reference median, ratio) per benchmark group."""
    with open(path, encoding="utf-8") as file:
        document = json.load(file)
    medians: dict[str, dict[str, float]] = defaultdict(dict)
    for bench in document["benchmarks"]:
        medians[bench["group"]][bench["extra_info"]["implementation"]] = bench["stats"]["median"]
    return [
        (group, pair["sokfmt"], pair["reference"], pair["sokfmt"] / pair["reference"])
        for group, pair in medians.items()
        if {"sokfmt", "reference"} <= pair.keys()
    ]


def main() -> None:
    print(f"{'group':<26} {'sokfmt':>11} {'reference':>11} {'ratio':>6}")
    for group, mine, reference, ratio in ratios(sys.argv[1]):
        print(f"{group:<26} {mine * 1e6:>9.1f}us {reference * 1e6:>9.1f}us {ratio:>6.2f}")


if __name__ == "__main__":
    main()
