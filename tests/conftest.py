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
def js_port() -> jsport.JsPort:
    """The JavaScript package (ports/js), run by Node.js."""
    return jsport.js_port()
