"""The command on odd inputs: empty, mistyped and mixed folders, a folder
where a file is wanted, two pictures at once, an output encoding that cannot
hold the text, a file name that is not UTF-8, and files without an end."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from sokfmt import loads_sok
from sokfmt.cli.files import MAX_BYTES

BOARD = "#####\n#@$.#\n#####"
LICENSE = (
    "MIT License\n\nCopyright (c) 2024 Someone\n\n"
    "Permission is hereby granted, free of charge, to any person obtaining a copy\n"
    'THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND.\n'
)


def sokfmt(
    *arguments: str,
    env: dict[str, str] | None = None,
    cwd: Path | None = None,
    timeout: float = 300,  # a stop for a hang only
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sokfmt", *arguments],
        capture_output=True,
        text=True,
        encoding="utf-8",
        errors="surrogateescape",
        env=None if env is None else dict(os.environ, **env),
        cwd=cwd,
        timeout=timeout,
        check=False,
    )


# ---------------------------------------------------------------- folders


def test_check_of_an_empty_folder_says_so(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    (tmp_path / "empty" / "notes.md").write_text("no levels here\n", encoding="utf-8")
    result = sokfmt("check", str(tmp_path / "empty"))
    assert result.returncode == 1
    assert result.stdout.splitlines() == [
        f"{tmp_path / 'empty'}: error: no level file in this folder "
        "(.sok, .xsb, .txt, .hsb, .tsb, .slc, .lev, .json, at any depth)",
        "0 files checked: 1 error, 0 warnings",
    ]


def test_a_path_that_does_not_exist_is_an_error_naming_it(tmp_path: Path) -> None:
    mistyped = str(tmp_path / "levles")  # no extension: not a format to guess
    for command in ("check", "info", "show", "dedup"):
        result = sokfmt(command, mistyped)
        assert result.returncode == 1, command
        assert f"{mistyped}: error: No such file or directory" in result.stdout + result.stderr
    convert = sokfmt("convert", mistyped, str(tmp_path / "out.sok"))
    assert (convert.returncode, convert.stderr) == (
        1,
        f"sokfmt: {mistyped}: error: No such file or directory\n",
    )


@pytest.fixture
def mixed(tmp_path: Path) -> Path:
    """A folder of two level files, and files with level extensions that
    are clearly not level files (a licence, a package.json, a JSON array)."""
    folder = tmp_path / "mixed"
    (folder / "docs").mkdir(parents=True)
    (folder / "one.sok").write_text(f"One\n{BOARD}\n", encoding="utf-8")
    (folder / "two.txt").write_text("Two\n######\n#@$ .#\n######\n", encoding="utf-8")
    (folder / "LICENSE.txt").write_text(LICENSE, encoding="utf-8")
    (folder / "docs" / "package.json").write_text('{"name": "levels"}', encoding="utf-8")
    (folder / "docs" / "list.json").write_text("[1, 2]", encoding="utf-8")
    return folder


def test_check_skips_what_is_clearly_not_a_level_file(mixed: Path) -> None:
    # LICENSE.txt has no board; package.json and list.json are JSON of
    # another kind.
    result = sokfmt("check", str(mixed))
    assert (result.returncode, result.stdout) == (
        0,
        "2 files checked: 0 errors, 0 warnings; 3 skipped as not level files\n",
    )
    # Named, a file is read whatever it holds: it has no puzzle (SOK102).
    named = sokfmt("check", str(mixed / "LICENSE.txt"))
    assert named.stdout.splitlines()[0] == (
        f"{mixed / 'LICENSE.txt'}:1:1: warning: SOK102 No puzzle found: no board of 3 rows or more"
    )


def test_a_txt_file_with_a_broken_board_is_a_level_file(mixed: Path) -> None:
    (mixed / "broken.txt").write_text("Broken\n#####\n#@X.#\n#####\n", encoding="utf-8")
    result = sokfmt("check", str(mixed))
    assert result.returncode == 1
    assert result.stdout.startswith(f"{mixed / 'broken.txt'}:3:3: error: SOK301 ")
    assert result.stdout.splitlines()[-1] == (
        "3 files checked: 1 error, 0 warnings; 3 skipped as not level files"
    )


def test_a_folder_of_files_that_are_not_level_files_has_none(mixed: Path) -> None:
    for name in ("one.sok", "two.txt"):
        (mixed / name).unlink()
    result = sokfmt("check", str(mixed))
    assert result.returncode == 1
    assert result.stdout.splitlines() == [
        f"{mixed}: error: no level file in this folder "
        "(.sok, .xsb, .txt, .hsb, .tsb, .slc, .lev, .json, at any depth); "
        "3 skipped as not level files",
        "0 files checked: 1 error, 0 warnings; 3 skipped as not level files",
    ]


def test_convert_and_dedup_skip_what_is_clearly_not_a_level_file(
    mixed: Path, tmp_path: Path
) -> None:
    collection = loads_sok(f"Again\n{BOARD}\n").to_dict()
    (mixed / "docs" / "levels.json").write_text(json.dumps(collection), encoding="utf-8")
    out = tmp_path / "out"
    result = sokfmt("convert", str(mixed), str(out), "--to", "sok")
    assert result.returncode == 0, result.stderr
    assert result.stdout == (
        f"3 of 3 files converted to .sok in {out}; 3 skipped as not level files\n"
    )
    written = sorted(str(path.relative_to(out)) for path in out.rglob("*.sok"))
    assert written == ["docs/levels.sok", "one.sok", "two.sok"]
    # The same board as docs/levels.json's: one repeat.
    dedup = sokfmt("dedup", str(mixed))
    assert dedup.returncode == 1
    assert dedup.stdout.splitlines()[-1] == (
        "3 files, 3 puzzles: 1 occur more than once (1 repeats); 3 skipped as not level files"
    )


def test_convert_and_dedup_of_a_folder_without_level_files(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    (tmp_path / "empty" / "LICENSE.txt").write_text(LICENSE, encoding="utf-8")
    convert = sokfmt("convert", str(tmp_path / "empty"), str(tmp_path / "out"), "--to", "sok")
    assert convert.returncode == 1
    assert convert.stderr == (
        f"sokfmt: {tmp_path / 'empty'}: error: no level file in this folder (.sok, .xsb, "
        ".txt, .hsb, .tsb, .slc, .lev, .json, at any depth); 1 skipped as not level files\n"
    )
    assert not (tmp_path / "out").exists()
    dedup = sokfmt("dedup", str(tmp_path / "empty"))
    assert dedup.returncode == 1
    assert "no level file in this folder" in dedup.stderr


# ------------------------------------------------------- symbolic links

needs_links = pytest.mark.skipif(not hasattr(os, "symlink"), reason="symbolic links")


@pytest.fixture
def linked(tmp_path: Path) -> Path:
    """tree/: a/x.sok with a link back up (a/up -> ..) and one to itself's
    folder (here -> .); b/z.sok, also reached as b/alias.sok and through
    0first -> b (names that come first); outer -> ../outside, a folder
    outside the tree with y.sok. Three files, each a puzzle of its own,
    each to be read once."""
    tree, outside = tmp_path / "tree", tmp_path / "outside"
    for folder in (tree / "a", tree / "b", outside):
        folder.mkdir(parents=True)
    (tree / "a" / "x.sok").write_text(f"X\n{BOARD}\n", encoding="utf-8")
    (tree / "b" / "z.sok").write_text("Z\n######\n#@$ .#\n######\n", encoding="utf-8")
    (outside / "y.sok").write_text("Y\n#######\n#@$  .#\n#######\n", encoding="utf-8")
    os.symlink("..", tree / "a" / "up")
    os.symlink(".", tree / "a" / "here")
    os.symlink("b", tree / "0first")
    os.symlink(os.path.join("..", "outside"), tree / "outer")
    os.symlink("z.sok", tree / "b" / "alias.sok")  # a name that comes before z.sok
    return tree


@needs_links
def test_folders_reached_through_links_are_read_once_each(linked: Path) -> None:
    expected = [linked / "a" / "x.sok", linked / "b" / "z.sok", linked / "outer" / "y.sok"]
    # Links followed round would take for ever (up to the system's 40 links
    # in a path): a minute is more than enough.
    result = sokfmt("check", "--format", "json", str(linked), timeout=60)
    assert result.returncode == 0, result.stdout
    document = json.loads(result.stdout)
    assert [each["file"] for each in document["files"]] == [str(path) for path in expected]
    assert document["diagnostics"] == []
    # Read twice, a file would be a repeat of itself.
    dedup = sokfmt("dedup", str(linked))
    assert (dedup.returncode, dedup.stderr) == (0, "")
    assert dedup.stdout == "3 files, 3 puzzles: 0 occur more than once (0 repeats)\n"


@needs_links
def test_a_broken_link_is_named_and_skipped(linked: Path, tmp_path: Path) -> None:
    os.symlink("nowhere.sok", linked / "broken.sok")
    os.symlink("gone", linked / "b" / "folder")
    os.symlink("loop2", linked / "loop1")
    os.symlink("loop1", linked / "loop2")
    said = {
        linked / "b" / "folder": "symbolic link to 'gone' skipped: No such file or directory",
        linked / "broken.sok": "symbolic link to 'nowhere.sok' skipped: No such file or directory",
        linked / "loop1": "symbolic link to 'loop2' skipped: a loop of links",
        linked / "loop2": "symbolic link to 'loop1' skipped: a loop of links",
    }
    check = sokfmt("check", str(linked))
    assert check.returncode == 0
    assert sorted(check.stdout.splitlines()) == sorted(
        [f"{path}: warning: {why}" for path, why in said.items()]
        + ["3 files checked: 0 errors, 4 warnings"]
    )
    out = str(tmp_path / "out")
    for command in (["dedup", str(linked)], ["convert", str(linked), out, "--to", "sok"]):
        result = sokfmt(*command)
        assert result.returncode == 0, result.stderr
        assert sorted(result.stderr.splitlines()) == sorted(
            f"sokfmt: {path}: warning: {why}" for path, why in said.items()
        )
        assert sokfmt(*command, "--quiet").stderr == ""


@needs_links
def test_a_folder_of_broken_links_says_why_it_has_no_level_file(tmp_path: Path) -> None:
    folder = tmp_path / "links"
    folder.mkdir()
    os.symlink("/nonexistent/levels.sok", folder / "levels.sok")
    result = sokfmt("check", str(folder))
    assert result.returncode == 1
    assert result.stdout.splitlines() == [
        f"{folder / 'levels.sok'}: warning: symbolic link to '/nonexistent/levels.sok' "
        "skipped: No such file or directory",
        f"{folder}: error: no level file in this folder "
        "(.sok, .xsb, .txt, .hsb, .tsb, .slc, .lev, .json, at any depth); "
        "1 could not be reached (see the warnings)",
        "0 files checked: 1 error, 1 warning",
    ]


@pytest.mark.parametrize("command", ["info", "show"])
def test_info_and_show_refuse_a_folder(tmp_path: Path, command: str) -> None:
    result = sokfmt(command, str(tmp_path))
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == (
        f"sokfmt: {command} reads one file, and {tmp_path} is a folder "
        "(check, convert and dedup read every level file of a folder)\n"
    )


# ------------------------------------------------------------------- show


def test_show_writes_both_svg_and_html(tmp_path: Path) -> None:
    level = tmp_path / "one.sok"
    level.write_text(f"One\n{BOARD}\n", encoding="utf-8")
    svg, html = tmp_path / "one.svg", tmp_path / "one.html"
    result = sokfmt("show", str(level), "--svg", str(svg), "--html", str(html))
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")
    assert svg.read_text("utf-8").startswith("<svg")
    assert html.read_text("utf-8").startswith("<!DOCTYPE html>")
    for same in (str(svg), "-"):
        refused = sokfmt("show", str(level), "--svg", same, "--html", same)
        assert refused.returncode == 2
        assert "--svg and --html would both write" in refused.stderr


# -------------------------------------------------------------- encodings


@pytest.fixture
def cafe(tmp_path: Path) -> Path:
    path = tmp_path / "cafe.sok"
    path.write_text(f"Caf\u00e9\n{BOARD}\n", encoding="utf-8")
    return path


def test_info_refuses_an_output_encoding_that_cannot_hold_a_title(cafe: Path) -> None:
    result = sokfmt("info", str(cafe), env={"PYTHONIOENCODING": "ascii"})
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == (
        f"sokfmt: {cafe}: error: standard output's encoding (ascii) cannot write '\\xe9'; "
        "set PYTHONIOENCODING=utf-8 (or a UTF-8 locale), or use --json, which escapes it\n"
    )
    # JSON says the same in ASCII with its own escapes.
    as_json = sokfmt("info", "--json", str(cafe), env={"PYTHONIOENCODING": "ascii"})
    assert as_json.returncode == 0
    assert "Caf\\u00e9" in as_json.stdout
    assert json.loads(as_json.stdout)["puzzles"][0]["title"] == "Caf\u00e9"


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_show_draws_in_ascii_where_the_output_has_no_block_characters(
    cafe: Path, encoding: str
) -> None:
    result = sokfmt("show", str(cafe), env={"PYTHONIOENCODING": encoding})
    assert result.returncode == 0
    # The board legend's own symbols, floor as a blank; the title in ASCII.
    assert result.stdout == "Caf\\xe9\n##########\n##@ $ . ##\n##########\n"


def test_check_escapes_what_the_output_cannot_write(cafe: Path) -> None:
    cafe.write_text("Caf\u00e9\n######\n#@$$.#\n######\n", encoding="utf-8")
    result = sokfmt("check", str(cafe), env={"PYTHONIOENCODING": "ascii"})
    assert result.returncode == 0
    assert result.stdout.splitlines()[0] == (
        f"{cafe}:2:1: warning: SOK401 puzzle 1 'Caf\\xe9': 2 boxes but 1 goal"
    )


def test_convert_to_standard_output_writes_utf8_whatever_the_encoding(cafe: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "sokfmt", "convert", str(cafe), "-", "--to", "sok"],
        capture_output=True,
        env=dict(os.environ, PYTHONIOENCODING="ascii"),
        timeout=300,
        check=False,
    )
    assert result.returncode == 0
    assert result.stdout.startswith("Caf\u00e9\n".encode())


@pytest.mark.skipif(sys.platform != "linux", reason="file names of any bytes")
def test_show_html_of_a_file_whose_name_is_not_utf8(tmp_path: Path) -> None:
    name = os.fsdecode(b"\xff-name.sok")
    (tmp_path / name).write_text(f"{BOARD}\n", encoding="utf-8")
    result = sokfmt("show", "--html", "page.html", name, cwd=tmp_path)
    assert (result.returncode, result.stderr) == (0, "")
    page = (tmp_path / "page.html").read_text("utf-8")
    assert "<title>\\xff-name.sok</title>" in page  # the name's byte, escaped
    info = sokfmt("info", name, cwd=tmp_path)
    assert info.returncode == 0
    assert info.stdout.startswith("sokfmt 0.3.0: \\xff-name.sok: 1 puzzle")


# ------------------------------------------------------- files too large


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_a_file_that_never_ends_is_refused_in_bounded_memory(tmp_path: Path) -> None:
    (tmp_path / "zero.sok").symlink_to("/dev/zero")

    def two_gigabytes() -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))

    result = subprocess.run(
        [sys.executable, "-m", "sokfmt", "check", str(tmp_path / "zero.sok")],
        capture_output=True,
        text=True,
        preexec_fn=two_gigabytes,
        timeout=300,
        check=False,
    )
    assert result.returncode == 1, result.stderr
    assert result.stdout.splitlines()[0] == (
        f"{tmp_path / 'zero.sok'}: error: too large for a level file: more than "
        f"{MAX_BYTES:,} bytes, the most sokfmt reads (is it a device that never ends, "
        "such as /dev/zero?)"
    )


def test_a_file_too_large_is_refused_before_it_is_read(tmp_path: Path) -> None:
    huge = tmp_path / "huge.sok"
    with huge.open("wb") as file:
        file.truncate(MAX_BYTES + 1)  # sparse: no disk, and nothing to read
    result = sokfmt("info", str(huge))
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == (
        f"sokfmt: {huge}: error: too large for a level file: {MAX_BYTES + 1:,} bytes "
        f"(sokfmt reads files of up to {MAX_BYTES:,} bytes)\n"
    )
