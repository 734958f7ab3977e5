"""Headless Chromium (Debian's package) for the tests that look at a page: where it
is, when a test skips without it, and how it is started on this closed network."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

needs_chromium = pytest.mark.skipif(
    CHROMIUM is None and not os.environ.get("SOKFMT_REQUIRE_CHROMIUM"),
    reason="no Chromium to look at a page with: install Debian's chromium package",
)


def headless(profile: Path) -> list[str]:
    """The command that starts Chromium headless with an empty profile in
    `profile`, before the options of what it is to do.  Without the
    background-networking options it tries to reach Google's hosts at every
    start, which this machine's closed network refuses."""
    assert CHROMIUM is not None, "SOKFMT_REQUIRE_CHROMIUM is set, and there is no Chromium"
    return [
        CHROMIUM,
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        f"--user-data-dir={profile}",
    ]
