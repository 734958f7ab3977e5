"""Print sokfmt/reference ratios of median times from a pytest-benchmark JSON file.

python -m pytest benchmarks --benchmark-json=bench.json
python benchmarks/ratios.py bench.json

Groups whose benchmarks record ``steps`` (replay, games, agents) also get
steps per second, and the time of a step against sokfmt's ("x sokfmt": how
many times as long; the implementations of a group may play different
numbers of steps), with a line per further reference (sokoenginepy's
Mover) when it ran.
"""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from typing import Any


def _medians(path: str) -> tuple[dict[str, dict[str, float]], dict[str, dict[str, Any]]]:
    with open(path, encoding="utf-8") as file:
        document = json.load(file)
    medians: dict[str, dict[str, float]] = defaultdict(dict)
    extras: dict[str, dict[str, Any]] = defaultdict(dict)
    for bench in document["benchmarks"]:
        implementation = bench["extra_info"]["implementation"]
        medians[bench["group"]][implementation] = bench["stats"]["median"]
        extras[bench["group"]][implementation] = bench["extra_info"]
    return medians, extras


def ratios(path: str) -> list[tuple[str, float, float, float]]:
    """(group, sokfmt median, reference median, ratio) per benchmark group."""
    medians, _ = _medians(path)
    return [
        (group, pair["sokfmt"], pair["reference"], pair["sokfmt"] / pair["reference"])
        for group, pair in medians.items()
        if {"sokfmt", "reference"} <= pair.keys()
    ]


def throughputs(path: str) -> list[tuple[str, str, float, float]]:
    """(group, implementation, median, steps per second) for benchmarks that
    record how many steps they play."""
    medians, extras = _medians(path)
    return [
        (group, name, median, extras[group][name]["steps"] / median)
        for group, by_name in medians.items()
        for name, median in by_name.items()
        if "steps" in extras[group][name]
    ]


def main() -> None:
    print(f"{'group':<26} {'sokfmt':>11} {'reference':>11} {'ratio':>6}")
    for group, mine, reference, ratio in ratios(sys.argv[1]):
        print(f"{group:<26} {mine * 1e6:>9.1f}us {reference * 1e6:>9.1f}us {ratio:>6.2f}")
    rows = throughputs(sys.argv[1])
    if rows:
        print(
            f"\n{'group':<12} {'implementation':<14} {'median':>10} {'steps/s':>12} {'x sokfmt':>9}"
        )
    # Times a step, against sokfmt's (the same when they play the same steps).
    ours = {group: rate for group, name, _, rate in rows if name == "sokfmt"}
    for group, name, median, rate in rows:
        faster = ours[group] / rate if group in ours else float("nan")
        print(f"{group:<12} {name:<14} {median * 1e3:>8.1f}ms {rate:>12,.0f} {faster:>9.2f}")


if __name__ == "__main__":
    main()
