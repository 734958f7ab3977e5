"""Fuzzing in the suite: every reader on generated and mutated input.

`tests/fuzzing.py` holds the generators and the checks.  The default run is
small; set SOKFMT_FUZZ_ROUNDS (and SOKFMT_FUZZ_SEED) for a long one, or run
`python tests/fuzzing.py ROUNDS [SEED]` to see the outcome counts.
"""

from __future__ import annotations

import os
from typing import Any

import fuzzing
import pytest

import sokfmt

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


# "Uwl: 12" is almost-moves in Octoban ("Uwl 12" would be moves), a key/value
# line in Sokoban; read in Octoban above a board that a Title property names,
# it is the puzzle's kept title line.  No Game: line in the file's notes tells
# a reader of the written text to read it in Octoban.
TITLE_LINE_ONLY_OCTOBAN_READS = "Uwl: 12\n#####\n#@$.#\n#####\nTitle: X\n"
_READERS = {reader.name: reader for reader in fuzzing.readers()}


def test_the_refusal_of_a_title_line_only_the_callers_tessellation_reads() -> None:
    with pytest.raises(sokfmt.ValidationError, match="Sokoban in effect"):
        sokfmt.dumps_sok(
            sokfmt.loads_sok(
                TITLE_LINE_ONLY_OCTOBAN_READS, tessellation=sokfmt.Tessellation.OCTOBAN
            )
        )
    assert fuzzing.check(_READERS["loads_sok/Octoban"], TITLE_LINE_ONLY_OCTOBAN_READS) == "read"


_TITLE_LINE_REFUSAL = (
    "puzzle 1 'X': its title line 'Uwl: 12' reads otherwise above its board: "
    "a key/value line there (before the first board, Sokoban in effect)"
)


def _refuse_what_was_read(
    monkeypatch: pytest.MonkeyPatch,
    reader: str,
    text: str,
    message: str,
    written: str | None = None,
) -> None:
    """`dumps_sok` refuses with `message` the collection `reader` reads in
    `text`, and writes the others as it does (or as `written`)."""
    _, _, game = reader.partition("/")
    tessellation = sokfmt.Tessellation.from_name(game) if game else None
    refused = sokfmt.loads_sok(text, tessellation=tessellation)
    dumps_sok = sokfmt.dumps_sok

    def refuse(collection: sokfmt.Collection, **style: Any) -> str:
        if collection == refused:
            raise sokfmt.ValidationError(message)
        return dumps_sok(collection, **style) if written is None else written

    monkeypatch.setattr(sokfmt, "dumps_sok", refuse)


@pytest.mark.parametrize(
    ("reader", "message"),
    [
        ("loads_sok/Octoban", _TITLE_LINE_REFUSAL),
        ("loads_sok/Octoban", "puzzle 1 'X': its notes cannot be written in the .sok format"),
        ("loads_sok/Octoban", _TITLE_LINE_REFUSAL.replace("'Uwl: 12'", "'Uwl: 13'")),
        ("loads_sok/Octoban", _TITLE_LINE_REFUSAL.replace("before the first", "after a")),
        ("loads_sok/Octoban", _TITLE_LINE_REFUSAL.replace("Sokoban in", "Octoban in")),
        ("loads_sok/Octoban", _TITLE_LINE_REFUSAL.replace("puzzle 1", "puzzle 2")),
        ("loads_sok/Sokoban", _TITLE_LINE_REFUSAL),
        ("loads_sok", _TITLE_LINE_REFUSAL),
    ],
)
def test_the_harness_accepts_that_refusal_alone(
    monkeypatch: pytest.MonkeyPatch, reader: str, message: str
) -> None:
    _refuse_what_was_read(monkeypatch, reader, TITLE_LINE_ONLY_OCTOBAN_READS, message)
    if reader == "loads_sok/Octoban" and message == _TITLE_LINE_REFUSAL:
        assert fuzzing.check(_READERS[reader], TITLE_LINE_ONLY_OCTOBAN_READS) == "read"
        return
    with pytest.raises(fuzzing.Failure, match="writing what was read: ValidationError"):
        fuzzing.check(_READERS[reader], TITLE_LINE_ONLY_OCTOBAN_READS)


def test_the_refusal_is_a_failure_when_the_file_names_its_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    named = "Game: Octoban\n\n" + TITLE_LINE_ONLY_OCTOBAN_READS
    _refuse_what_was_read(monkeypatch, "loads_sok/Octoban", named, _TITLE_LINE_REFUSAL)
    with pytest.raises(fuzzing.Failure, match="writing what was read: ValidationError"):
        fuzzing.check(_READERS["loads_sok/Octoban"], named)


def test_the_refusal_is_a_failure_when_a_game_line_does_not_mend_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # With a Game: line, the collection written reads back as no puzzle.
    _refuse_what_was_read(
        monkeypatch, "loads_sok/Octoban", TITLE_LINE_ONLY_OCTOBAN_READS, _TITLE_LINE_REFUSAL, ""
    )
    with pytest.raises(fuzzing.Failure, match="with a Game: line in its notes"):
        fuzzing.check(_READERS["loads_sok/Octoban"], TITLE_LINE_ONLY_OCTOBAN_READS)


@pytest.mark.parametrize("reader", ["loads_sok/Sokoban", "loads_sok/Octoban"])
def test_the_refusal_is_a_failure_for_a_line_sokoban_reads_as_a_title(
    monkeypatch: pytest.MonkeyPatch, reader: str
) -> None:
    # "Tiny" is a title line in every tessellation: nothing refuses it.
    text = TITLE_LINE_ONLY_OCTOBAN_READS.replace("Uwl: 12", "Tiny")
    message = _TITLE_LINE_REFUSAL.replace("'Uwl: 12'", "'Tiny'")
    _refuse_what_was_read(monkeypatch, reader, text, message)
    with pytest.raises(fuzzing.Failure, match="writing what was read: ValidationError"):
        fuzzing.check(_READERS[reader], text)


def test_the_refusal_is_a_failure_for_a_collection_read_as_sokoban(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # What the Octoban reader reads, as if the Sokoban reader had read it: a
    # refusal of what a reader of Sokoban read cannot be by design, and is
    # passed on with nothing else written.
    collection = sokfmt.loads_sok(
        TITLE_LINE_ONLY_OCTOBAN_READS, tessellation=sokfmt.Tessellation.OCTOBAN
    )
    refused: list[sokfmt.Collection] = []

    def refuse(collection: sokfmt.Collection, **style: Any) -> str:
        refused.append(collection)
        raise sokfmt.ValidationError(_TITLE_LINE_REFUSAL)

    monkeypatch.setattr(sokfmt, "dumps_sok", refuse)
    with pytest.raises(sokfmt.ValidationError):
        fuzzing._sok_writes_read_in(sokfmt.Tessellation.SOKOBAN)(collection)
    assert refused == [collection]
