"""Node.js's reading of a .sok file beside sokfmt's, in one run.

    python benchmarks/js_speed.py [FILE] [--rounds N]

FILE defaults to Original_and_Extra.sok of the corpus (SOKFMT_CORPUS, else
../shared/corpus beside the project).  The JavaScript package (ports/js)
reads it with `parseSok` in one Node.js process and sokfmt with `loads_sok`
in this one, a round of each in turn (so that both see the same load on a
shared machine); each side's time is the best of its rounds, after
WARMUP rounds that warm it up (Node.js compiles its hot functions in
background threads, which a busy machine starves; sokfmt builds its parsers).
Prints both times and their ratio, and the CPU times (which a machine
shared with other work disturbs less); asserts nothing about time.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WARMUP = 10
PORT = ROOT / "ports" / "js"
CORPUS = Path(os.environ.get("SOKFMT_CORPUS") or ROOT.parent / "shared" / "corpus")

# Reads the file once per line of standard input, answering each with its time and
# its CPU time (of every thread: the compiler's and collector's too) in ms.
NODE_READER = """
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { parseSok } from "./index.js";
const text = readFileSync(process.argv[1], "utf8");
for await (const _ of createInterface({ input: process.stdin })) {
  const [start, cpu] = [performance.now(), process.cpuUsage()];
  const puzzles = parseSok(text).puzzles.length;
  const { user, system } = process.cpuUsage(cpu);
  console.log(JSON.stringify([performance.now() - start, (user + system) / 1000, puzzles]));
}
"""


def default_file() -> Path:
    found = sorted(CORPUS.rglob("Original_and_Extra.sok"))
    if not found:
        sys.exit(f"no Original_and_Extra.sok in {CORPUS} (set SOKFMT_CORPUS, or name a file)")
    return found[0]


def measure(path: Path, rounds: int) -> tuple[list[float], list[float], int]:
    """The best time and CPU time of Node.js and of sokfmt, in ms, and the puzzles read."""
    import sokfmt

    node = shutil.which("node")
    if node is None:
        sys.exit("Node.js is not installed")
    text = path.read_bytes().decode("utf-8")
    reader = subprocess.Popen(
        [node, "--input-type=module", "-e", NODE_READER, str(path)],
        cwd=PORT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert reader.stdin is not None
    assert reader.stdout is not None
    node_times: list[tuple[float, float]] = []
    python_times: list[tuple[float, float]] = []
    try:
        for _ in range(WARMUP + rounds):
            reader.stdin.write("\n")
            reader.stdin.flush()
            elapsed, cpu, puzzles = json.loads(reader.stdout.readline())
            node_times.append((elapsed, cpu))
            start, cpu_start = time.perf_counter(), time.process_time()
            collection = sokfmt.loads_sok(text)
            cpu = (time.process_time() - cpu_start) * 1000
            python_times.append(((time.perf_counter() - start) * 1000, cpu))
            assert len(collection.puzzles) == puzzles
    finally:
        reader.stdin.close()
        reader.wait()
    best = [
        [min(kind) for kind in zip(*times[WARMUP:], strict=True)]
        for times in (node_times, python_times)
    ]
    return best[0], best[1], puzzles


def main() -> None:
    args = sys.argv[1:]
    rounds = 15
    if "--rounds" in args:
        at = args.index("--rounds")
        rounds = int(args[at + 1])
        del args[at : at + 2]
    path = Path(args[0]) if args else default_file()
    node, python, puzzles = measure(path, rounds)
    print(f"{path.name}: {puzzles} puzzles, best of {rounds} (time, CPU time)")
    print(f"  Node.js (ports/js parseSok): {node[0]:8.1f} ms {node[1]:8.1f} ms")
    print(f"  Python (sokfmt.loads_sok):   {python[0]:8.1f} ms {python[1]:8.1f} ms")
    print(f"  Node.js / Python: {node[0] / python[0]:.2f} {node[1] / python[1]:8.2f}")


if __name__ == "__main__":
    main()
