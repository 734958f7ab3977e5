"""Files by name: the format table, `load`, `dump` and `dumps` for every format."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from corpus import CORPUS, needs_corpus

import sokfmt
from sokfmt import (
    FILE_FORMATS,
    Board,
    Collection,
    JsonSyntaxError,
    LevPuzzle,
    Puzzle,
    Tessellation,
    ValidationError,
    dump,
    dumps,
    file_format,
    load,
    parse_moves,
)

VECTORS = Path(__file__).parent / "vectors"
SQUARE = Board(Tessellation.SOKOBAN, ("#####", "#@$.#", "#####"))
HEXAGONS = Board(Tessellation.HEXOBAN, ("###", "#@#", "###"))
TRIANGLES = Board(Tessellation.TRIOBAN, ("####", "#@$.", "####"))


def _collection(*boards: Board, games: bool = False) -> Collection:
    return Collection(
        title="C",
        puzzles=tuple(
            Puzzle(
                board,
                title=f"P{number}",
                saved_games=(parse_moves("R", board.tessellation),) if games else (),
            )
            for number, board in enumerate(boards, start=1)
        ),
    )


def test_every_extension_names_one_format() -> None:
    extensions = [e for f in FILE_FORMATS for e in f.extensions]
    assert len(extensions) == len(set(extensions))
    assert {f.name for f in FILE_FORMATS} == {"sok", "xsb", "hsb", "tsb", "slc", "lev", "json"}
    assert file_format("A/B.SLC").name == "slc"
    assert file_format("levels.txt").name == "xsb"
    assert file_format(name="hsb").tessellation is Tessellation.HEXOBAN
    with pytest.raises(ValidationError, match=r"sokfmt knows \.sok, \.xsb"):
        file_format("levels.png")
    with pytest.raises(ValidationError, match="Unknown format 'xml'"):
        file_format(name="xml")


@pytest.mark.parametrize(
    ("name", "collection"),
    [
        ("x.sok", _collection(SQUARE, HEXAGONS, games=True)),
        ("x.xsb", _collection(SQUARE, TRIANGLES)),
        ("x.txt", _collection(SQUARE)),
        ("x.hsb", _collection(HEXAGONS)),
        ("x.tsb", _collection(TRIANGLES)),
        ("x.slc", _collection(SQUARE)),
        ("x.json", _collection(SQUARE, HEXAGONS, TRIANGLES, games=True)),
    ],
)
def test_dump_and_load_by_extension(tmp_path: Path, name: str, collection: Collection) -> None:
    path = tmp_path / name
    dump(collection, path)
    assert load(path) == collection
    with path.open("rb") as file:
        assert load(file, format=file_format(path).name) == collection


def test_hsb_and_tsb_read_as_their_tessellation_and_a_game_line_wins(tmp_path: Path) -> None:
    hexagons = "H\n#-#-#\n-#-@-#\n#-#-#\n"  # Hexoban text: two columns per cell
    (tmp_path / "h.hsb").write_text(hexagons, encoding="utf-8")
    assert load(tmp_path / "h.hsb").puzzles[0].tessellation is Tessellation.HEXOBAN  # type: ignore[union-attr]
    (tmp_path / "s.hsb").write_text("Game: Sokoban\n\nS\n#####\n#@$.#\n#####\n", encoding="utf-8")
    assert load(tmp_path / "s.hsb").puzzles[0].tessellation is Tessellation.SOKOBAN  # type: ignore[union-attr]
    (tmp_path / "t.tsb").write_text("T\n####\n#@$.\n####\n", encoding="utf-8")
    assert load(tmp_path / "t.tsb").puzzles[0].board == TRIANGLES  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("format", "collection", "message"),
    [
        ("hsb", _collection(SQUARE), "Puzzle 1 is Sokoban: .hsb files hold Hexoban puzzles only"),
        ("tsb", _collection(HEXAGONS), "Puzzle 1 is Hexoban: .tsb files hold Trioban puzzles"),
        ("xsb", _collection(SQUARE, games=True), "holds no saved games: writing would drop 1"),
        ("slc", _collection(SQUARE, games=True), "holds no saved games"),
        ("slc", _collection(HEXAGONS), "Sokoban boards only"),
        ("lev", _collection(SQUARE), "A collection cannot be written as .lev"),
    ],
)
def test_dumps_refuses_what_a_format_cannot_hold(
    format: str, collection: Collection, message: str
) -> None:
    with pytest.raises(ValidationError, match=message):
        dumps(collection, format)


def test_lossy_drops_saved_games_and_nothing_else() -> None:
    collection = _collection(SQUARE, games=True)
    written = dumps(collection, "xsb", lossy=True)
    assert sokfmt.parse_sok(written).puzzles[0] == Puzzle(SQUARE, title="P1")


def test_lossy_slc_keeps_the_boards_and_their_titles() -> None:
    noted = Collection(
        title="C",
        created_at="2026",
        puzzles=(Puzzle(SQUARE, title="P", notes="hard", boxorder="1", goalorder="1"),),
    )
    with pytest.raises(ValidationError, match="notes"):
        dumps(noted, "slc")
    assert sokfmt.parse_slc(dumps(noted, "slc", lossy=True)) == Collection(
        title="C", puzzles=(Puzzle(SQUARE, title="P"),)
    )


def test_lev_puzzles_by_name(tmp_path: Path) -> None:
    puzzle = sokfmt.load_lev(VECTORS / "lev" / "c19.lev")
    for name in ("c.lev", "c.json"):
        dump(puzzle, tmp_path / name)
        assert load(tmp_path / name) == puzzle
    with pytest.raises(ValidationError, match=r"A sliding-block puzzle cannot be written as \.sok"):
        dumps(puzzle, "sok")


def test_json_errors_are_sokfmt_errors_at_their_place(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_text('{"title": "C",\n "puzzles": [}', encoding="utf-8")
    with pytest.raises(JsonSyntaxError) as raised:
        load(path)
    assert (raised.value.line, raised.value.column, raised.value.code) == (2, 14, "JSON101")
    path.write_text('{"title": 3}', encoding="utf-8")
    with pytest.raises(ValidationError):
        load(path)
    path.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(sokfmt.SokfmtError):
        load(path)


def test_load_hands_each_puzzle_to_on_puzzle_as_it_is_read(tmp_path: Path) -> None:
    collection = _collection(SQUARE, SQUARE, SQUARE)
    for name in ("x.sok", "x.slc", "x.json"):
        seen: list[Puzzle] = []
        dump(collection, tmp_path / name)
        assert load(tmp_path / name, on_puzzle=seen.append) == collection
        assert seen == list(collection.puzzles)


def test_load_of_a_file_object_needs_its_format() -> None:
    with pytest.raises(ValidationError, match="name its format"):
        load(io.BytesIO(b""))


def test_load_keeps_diagnostics_for_every_format_with_lines(tmp_path: Path) -> None:
    for name, text in (
        ("x.sok", "T\n#####\n#@X.#\n#####\n"),
        ("x.slc", "<SokobanLevels><LevelCollection><Level><L>#X#</L></Level>"),
        ("x.lev", "size 2 1\ninitial\nA.\ncolor B 1 2 3\n"),
    ):
        (tmp_path / name).write_text(text, encoding="utf-8")
        found: list[sokfmt.Diagnostic] = []
        item = load(tmp_path / name, diagnostics=found)
        assert found, name
        assert found[0].severity == "error", name
        assert isinstance(item, (Collection, LevPuzzle))


@needs_corpus
def test_hexoban_parser_tests_read_as_hexoban_have_no_open_boards() -> None:
    path = CORPUS / "tadams42__sokoenginepy" / "hexoban_parser_tests.sok"
    if not path.is_file():
        pytest.skip(f"{path} is not in the corpus")
    as_sokoban: list[sokfmt.Diagnostic] = []
    as_hexoban: list[sokfmt.Diagnostic] = []
    load(path, diagnostics=as_sokoban)
    load(path, diagnostics=as_hexoban, tessellation=Tessellation.HEXOBAN)
    open_as_sokoban = sum(d.code == "SOK403" for d in as_sokoban)
    assert open_as_sokoban > 0
    assert sum(d.code == "SOK403" for d in as_hexoban) < open_as_sokoban
    assert json.loads(json.dumps([str(d) for d in as_hexoban]))  # diagnostics print


def test_dump_draws_classic_boards(tmp_path: Path) -> None:
    collection = _collection(Board(Tessellation.SOKOBAN, ("--###", "###.#", "#@$-#", "#####")))
    dump(collection, tmp_path / "x.xsb", classic=True)
    text = (tmp_path / "x.xsb").read_text("utf-8")
    assert "; P1\n  ###\n###.#\n#@$ #\n#####\n" in text
    assert load(tmp_path / "x.xsb") == collection
