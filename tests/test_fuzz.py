"""Fuzzing in the suite: every reader on generated and mutated input.

`tests/fuzzing.py` holds the generators and the checks.  The default run is
small; set SOKFMT_FUZZ_ROUNDS (and SOKFMT_FUZZ_SEED) for a long one, or run
`python tests/fuzzing.py ROUNDS [SEED]` to see the outcome counts.
"""

from __future__ import annotations

import os

import fuzzing
import pytest

ROUNDS = int(os.environ.get("SOKFMT_FUZZ_ROUNDS", "150"))
SEED = int(os.environ.get("SOKFMT_FUZZ_SEED", "20261201"))


@pytest.mark.parametrize("reader", fuzzing.readers(), ids=lambda reader: reader.name)
def test_reader_on_generated_and_mutated_input(reader: fuzzing.Reader) -> None:
    report = fuzzing.run_reader(reader, ROUNDS, SEED)
    assert not report.failures, "\n".join(report.failures)
    assert report.inputs == ROUNDS


def test_from_dict_on_random_json() -> None:
    report = fuzzing.run_json(ROUNDS * 4, SEED)
    assert not report.failures, "\n".join(report.failures)


def test_load_and_iter_agree_on_random_bytes() -> None:
    report = fuzzing.run_bytes(ROUNDS, SEED)
    assert not report.failures, "\n".join(report.failures)
