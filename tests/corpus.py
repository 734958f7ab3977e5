"""Where the corpus of real level files is: SOKFMT_CORPUS, else ../shared/corpus
beside the project.  It is no part of the project (a fresh clone has none),
so the tests that read it skip, saying so, where it is absent."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

CORPUS = Path(
    os.environ.get("SOKFMT_CORPUS") or Path(__file__).resolve().parents[2] / "shared" / "corpus"
)
needs_corpus = pytest.mark.skipif(
    not CORPUS.is_dir(),
    reason=f"no corpus of real level files at {CORPUS} (set SOKFMT_CORPUS to its folder)",
)
