"""Test settings shared by every module."""

from __future__ import annotations

from hypothesis import settings

# Machines here are shared and busy: a slow example is not a failure.  (The
# first example of a run may also build a parser, which takes a while.)
settings.register_profile("sokfmt", deadline=None)
settings.load_profile("sokfmt")
