"""The names `sokfmt convert` gives the files of a folder it converts: the
usual one (the extension replaced), and, where several files would share
one, a name that keeps the file's own extension (README, convert)."""

from __future__ import annotations

import re
from pathlib import PurePosixPath
from random import Random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sokfmt.cli.naming import Renamed, output_names, settled


def _names(paths: list[str], extension: str) -> tuple[list[str], dict[int, Renamed]]:
    names, renamed = output_names([PurePosixPath(path) for path in paths], extension)
    return [str(name) for name in names], renamed


@pytest.mark.parametrize(
    ("paths", "extension", "expected"),
    [
        # No two alike: the usual names.
        (["a.sok", "b.json", "c/a.slc"], ".xsb", ["a.xsb", "b.xsb", "c/a.xsb"]),
        # x.sok is x.sok already: it keeps its name, x.json keeps its extension.
        (["x.json", "x.sok"], ".sok", ["x.json.sok", "x.sok"]),
        # Neither has the name: both keep their extension.
        (["a.txt", "a.xsb"], ".sok", ["a.txt.sok", "a.xsb.sok"]),
        (["a.sok", "a.txt", "a.xsb"], ".sok", ["a.sok", "a.txt.sok", "a.xsb.sok"]),
        # .txt and .xsb are one format: a.xsb keeps its name as an .xsb file.
        (["a.txt", "a.xsb"], ".xsb", ["a.txt.xsb", "a.xsb"]),
        # x.json's new name is the file x.json.sok's: that one keeps its
        # extension in turn.
        (
            ["x.json", "x.json.sok", "x.sok"],
            ".sok",
            ["x.json.sok", "x.json.sok.sok", "x.sok"],
        ),
        # In other folders, no clash.
        (["a/x.json", "b/x.sok"], ".sok", ["a/x.sok", "b/x.sok"]),
        # y.sok is a folder of the tree: y.xsb keeps its extension.
        (["y.sok/inner.sok", "y.xsb"], ".sok", ["y.sok/inner.sok", "y.xsb.sok"]),
        (["y.xsb/inner.xsb", "y.sok"], ".xsb", ["y.xsb/inner.xsb", "y.sok.xsb"]),
        (["d/y.sok/e/a.sok", "d/y.txt"], ".sok", ["d/y.sok/e/a.sok", "d/y.txt.sok"]),
        # A file without an extension has kept its own already.
        (["y", "y.sok/a.sok"], ".sok", ["y.sok.sok", "y.sok/a.sok"]),
        # y.json keeps its extension for y.sok, and y.json.sok is a folder
        # too: the new extension is added again.
        (
            ["y.json", "y.sok", "y.json.sok/a.sok"],
            ".sok",
            ["y.json.sok.sok", "y.sok", "y.json.sok/a.sok"],
        ),
        # Names that differ in letter case alone are one name where the file
        # system ignores case (Windows, macOS): X.sok keeps its name, x.json
        # keeps its extension.
        (["X.sok", "x.json"], ".sok", ["X.sok", "x.json.sok"]),
        (["levels.TXT", "Levels.xsb"], ".sok", ["levels.TXT.sok", "Levels.xsb.sok"]),
        # x.SOK is x.sok but for case: it is not renamed by the conversion.
        (["x.SOK", "x.json"], ".sok", ["x.sok", "x.json.sok"]),
        # Y.SOK is a folder: y.xsb keeps its extension.
        (["Y.SOK/a.sok", "y.xsb"], ".sok", ["Y.SOK/a.sok", "y.xsb.sok"]),
        # Only names read under names that differ in case alone may be so
        # written (no file system that ignores case holds both).
        (["a.sok", "A.sok"], ".json", ["a.sok.json", "A.sok.json"]),
    ],
)
def test_names_by_the_rule(paths: list[str], extension: str, expected: list[str]) -> None:
    names, renamed = _names(paths, extension)
    assert names == expected
    usual = [str(PurePosixPath(path).with_suffix(extension)) for path in paths]
    assert sorted(renamed) == [i for i, name in enumerate(names) if name != usual[i]]


def test_a_renamed_file_says_which_files_would_have_its_usual_name() -> None:
    _, renamed = _names(["x.json", "x.json.sok", "x.slc", "x.sok"], ".sok")
    assert renamed == {
        0: Renamed("x.json", "x.json.sok", "x.sok", ("x.slc", "x.sok")),
        1: Renamed("x.json.sok", "x.json.sok.sok", "x.json.sok", ("x.json",)),
        2: Renamed("x.slc", "x.slc.sok", "x.sok", ("x.json", "x.sok")),
    }


def test_a_file_renamed_for_a_folder_names_the_folder() -> None:
    _, renamed = _names(["y.json", "y.sok", "y.json.sok/a.sok", "z.sok/a.sok", "z.xsb"], ".sok")
    assert renamed == {
        0: Renamed("y.json", "y.json.sok.sok", "y.sok", ("y.sok",)),
        4: Renamed("z.xsb", "z.xsb.sok", "z.sok", ("z.sok",), folder=True),
    }


def test_a_file_renamed_for_a_folder_in_other_letter_case_names_the_folder_as_it_is() -> None:
    _, renamed = _names(["Z.Sok/a.sok", "z.xsb"], ".sok")
    assert renamed == {1: Renamed("z.xsb", "z.xsb.sok", "z.sok", ("Z.Sok",), folder=True)}


def test_the_order_the_files_come_in_changes_no_name() -> None:
    paths = ["x.json", "x.json.sok", "x.sok", "a.txt", "a.xsb"]
    names = dict(zip(paths, _names(paths, ".sok")[0], strict=True))
    backwards = paths[::-1]
    assert dict(zip(backwards, _names(backwards, ".sok")[0], strict=True)) == names


_STEMS = st.sampled_from(["x", "x.json", "x.sok", "a.b", "y", "X", "x.JSON", "Y.Sok"])
_EXTENSIONS = st.sampled_from([".sok", ".xsb", ".txt", ".json", ".slc", ".hsb"])
# A file system that ignores letter case holds no two paths that differ in
# it alone.
_PATHS = st.lists(
    st.builds(
        lambda folder, stem, extension: f"{folder}{stem}{extension}",
        st.sampled_from(
            ["", "d/", "d/e/", "x.sok/", "x.json.sok/", "x.sok.sok/", "d/y.xsb/", "X.Sok/"]
        ),
        _STEMS,
        st.sampled_from([".sok", ".xsb", ".txt", ".json", ".slc", ".hsb", ".SOK", ".Json"]),
    ),
    unique_by=str.casefold,
    max_size=12,
).filter(lambda paths: not _folders(paths) & set(_folded(paths)))  # a file is no folder


def _folders(paths: list[str]) -> set[str]:
    """The folders of `paths`, as a file system that ignores letter case names them."""
    return {str(folder).casefold() for path in paths for folder in PurePosixPath(path).parents}


def _folded(names: list[str]) -> list[str]:
    return [name.casefold() for name in names]


@given(_PATHS, _EXTENSIONS)
def test_every_name_is_distinct_and_one_of_the_two_a_file_may_have(
    paths: list[str], extension: str
) -> None:
    names, renamed = _names(paths, extension)
    assert len(set(_folded(names))) == len(names)
    folders = _folders(names)
    assert not folders & set(_folded(names))
    for i, (path, name) in enumerate(zip(paths, names, strict=True)):
        usual = str(PurePosixPath(path).with_suffix(extension))
        # The usual name, or the file's own path with the new extension
        # once, or more where that is a folder.
        assert name == usual or re.fullmatch(f"{re.escape(path)}({re.escape(extension)})+", name)
        assert name in (usual, path + extension) or (path + extension).casefold() in folders
        assert (i in renamed) == (name != usual)
    # Without a clash of usual names, none is renamed.
    usual_names = _folded([str(PurePosixPath(path).with_suffix(extension)) for path in paths])
    if len(set(usual_names)) == len(usual_names) and not folders & set(usual_names):
        assert renamed == {}


@given(_PATHS, _EXTENSIONS, st.randoms())
def test_no_order_changes_a_name(paths: list[str], extension: str, random: Random) -> None:
    shuffled = random.sample(paths, len(paths))
    names = dict(zip(paths, _names(paths, extension)[0], strict=True))
    assert dict(zip(shuffled, _names(shuffled, extension)[0], strict=True)) == names


@pytest.mark.parametrize(
    ("paths", "extension", "expected"),
    [
        (["a.sok", "b.json", "c/a.slc"], ".xsb", {0, 1, 2}),
        # Both would be levels.xsb: which one is, depends on the other.
        (["levels.sok", "levels.txt"], ".xsb", set()),
        # x.json.sok is x.json's name should x.sok be converted too.
        (["x.json", "x.json.sok", "x.sok"], ".sok", set()),
        # No x.sok: x.json is x.sok whatever is converted.
        (["x.json", "x.json.sok", "y.xsb"], ".sok", {0, 2}),
        # x.json.sok.sok is x.json.sok's name should a x.json.sok.xsb be converted too.
        (["x.json.sok", "x.json.sok.sok", "y.sok"], ".sok", {0, 2}),
        # y.sok is a folder: y.xsb is not y.sok should y.sok/a.sok be converted.
        (["y.sok/a.sok", "y.xsb", "z.xsb"], ".sok", {0, 2}),
        # A file without an extension keeps its name whatever is converted.
        (["y", "z.xsb"], ".sok", {0, 1}),
        # In letter case alone, the same: both would be a.sok.
        (["A.json", "a.xsb"], ".sok", set()),
        (["Y.SOK/a.sok", "y.xsb", "z.xsb"], ".sok", {0, 2}),
        # x.json.sok is x.JSON's name should an x.sok be converted too.
        (["x.JSON", "x.json.sok"], ".sok", {0}),
    ],
)
def test_settled_names(paths: list[str], extension: str, expected: set[int]) -> None:
    assert settled([PurePosixPath(path) for path in paths], extension) == expected


@given(_PATHS, _EXTENSIONS, st.data())
def test_a_settled_name_is_the_usual_one_whichever_files_are_converted(
    paths: list[str], extension: str, data: st.DataObject
) -> None:
    relative = [PurePosixPath(path) for path in paths]
    converted = data.draw(st.sets(st.sampled_from(range(len(paths))))) if paths else set()
    chosen = sorted(converted | settled(relative, extension))
    names, _ = output_names([relative[i] for i in chosen], extension)
    for i, name in zip(chosen, names, strict=True):
        if i in settled(relative, extension):
            assert name == relative[i].with_suffix(extension)
