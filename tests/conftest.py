"""Test settings shared by every module."""

from __future__ import annotations

import jsport
import pytest
from hypothesis import settings

# Machines here are shared and busy: a slow example is not a failure.  (The
# first example of a run may also build a parser, which takes a while.)
settings.register_profile("sokfmt", deadline=None)
settings.load_profile("sokfmt")


@pytest.fixture(scope="session")
def js_port(tmp_path_factory: pytest.TempPathFactory) -> jsport.JsPort:
    """The JavaScript port, its parsers generated once per session.

    Under pytest-xdist each worker is a session with a temporary directory of
    its own, so each generates its own copy (under a second) and no two
    processes write the same files."""
    return jsport.js_port(tmp_path_factory)
