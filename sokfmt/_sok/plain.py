"""The fast path of grammars/sok.lark for collections in the common layout.

Most collections are laid out alike: file notes, then puzzles, each a title
line above its board, then paragraphs of notes, and saved games, each a
title line above its lines of moves (right above, or with one blank line
between); blank lines between them all.
For such a text the grammar's steps are known in advance: a block's title
is the line above it (`titled_board`, `titled_moves`), and every other line,
blank or not, is a note of the block above it (of the file before the first
board).  So the reader finds the blocks with the grammar's own terminals
(WALL_ROW_LINE, MOVES_LINE), types every other line with step 1 and the
postlex's rules 1 to 4 (`line_class`, `almost`, `stray_row`), and hands
the blocks to the builder, which applies every semantic rule as on the full
path.

Anything else goes down the full path, before anything is handed on: line
breaks other than LF, mail quotes, a comment after the first board, a
line that a rule would retype or doubt, a
block without a title, any other layout.  tests/test_sok_plain.py holds
the two paths to each other.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache

from .._grammar import lalr
from ..tessellation import Tessellation
from .postlex import (
    _CLASSES,
    BLANK,
    COMMENT,
    MOVES,
    MOVES_LINES,
    PROPERTY,
    ROWS,
    RUN_LINES,
    TEXT,
    Games,
    Line,
    _ends_moves,
    _refused,
    _run,
    almost,
    line_class,
    patterns,
    stray_row,
)


@dataclass
class Block:
    """A board (`token` a ROWS) or a saved game (`token` a MOVES or
    MOVES_LINES), its title line, and the lines of notes after it."""

    title: Line
    token: Line
    notes: list[Line] = field(default_factory=list)


@dataclass
class Layout:
    """What the grammar's steps make of a text in the common layout."""

    file_notes: list[Line] = field(default_factory=list)
    comments: list[tuple[int, str]] = field(default_factory=list)  # (line number, text)
    blocks: list[Block] = field(default_factory=list)  # a board first


@cache
def _note_pattern(tessellation: Tessellation) -> re.Pattern[str]:
    """A line that step 1 types TEXT or PROPERTY and that rule 3 leaves
    alone in `tessellation`: no mail quote (step 1 reads past them), no
    line class but text, and two characters that no line of its moves
    holds (rule 3 needs one at most)."""
    terminals = lalr.terminals("sok")
    classes = "|".join(terminals[name] for name in (*_CLASSES, "COMMENT_LINE"))
    not_move = patterns().not_move[tessellation].pattern
    assert not_move.startswith("[^"), "a class of the characters left out"
    stray, other = "[^\\n" + not_move[2:], "[^\\n]"
    return re.compile(
        f"(?!>)(?={other}*?{stray}{other}*?{stray})"
        f"(?:(?P<PROPERTY>{terminals['PROPERTY_LINE']})"
        f"|(?!(?:{classes})\\n)(?P<TEXT>{other}*))\\n"
    )


def layout(text: str, tessellation: Tessellation) -> Layout | None:
    """The blocks and notes of `text` if it is in the common layout, else
    None.  The tessellation in effect is that of `Games`, told of each
    "Game:" line and each board as the full path tells it."""
    if "\r" in text or "\n>" in text or text.startswith((">", "\ufeff")):
        return None
    if not text.endswith("\n"):
        text += "\n"  # (offsets stay where they were)
    games = Games(tessellation)
    notes_pattern = _note_pattern(tessellation)
    laid = Layout()
    notes = laid.file_notes
    pos, number, size = 0, 1, len(text)
    fresh = True  # the line before is blank, or there is none: a line here may title a block
    after = ""  # the block right before the line: "rows", "moves" or none
    while pos < size:
        if text[pos] == "\n":
            notes.append(Line(BLANK, "", pos, number))
            pos, number, fresh, after = pos + 1, number + 1, True, ""
            continue
        match = notes_pattern.match(text, pos)
        end = match.end() - 1 if match else text.index("\n", pos)
        line = text[pos:end]
        # Only a line of text titles a block (a key/value line right above
        # one is a note, and the block's first line then sends the text down
        # the full path).
        titles = fresh and (match is None or match.lastgroup == TEXT)
        token = _block_at(text, end + 1, number + 1, tessellation) if titles else None
        if token is not None:
            if match is None and not _titles(line, tessellation):
                return None
            if token.type == ROWS:
                if token.line == number + 1 and stray_row(line):
                    return None  # rule 4 doubts it
                games.new_board()
                if games.tessellation is not tessellation:
                    tessellation, notes_pattern = (
                        games.tessellation,
                        _note_pattern(games.tessellation),
                    )
            elif not laid.blocks:
                return None  # moves before the first board are text
            else:
                games.moves()
            block = Block(Line(TEXT, line, pos, number), token)
            laid.blocks.append(block)
            notes = block.notes
            pos = token.pos + len(token.text) + 1
            number = token.line + token.rows
            fresh, after = False, "rows" if token.type == ROWS else "moves"
            continue
        kind = (match.lastgroup or TEXT) if match else line_class(line)
        if kind == COMMENT and not laid.blocks:
            laid.comments.append((number, line))
            pos, number = end + 1, number + 1
            continue
        token = Line(kind, line, pos, number)
        if kind != BLANK:
            if not match and not _note(token, after == "moves", games):
                return None
            if after == "rows" and stray_row(line):
                return None  # rule 4 doubts it
        if kind == PROPERTY and token.key_value()[0] == "game":
            games.read(token)
            tessellation, notes_pattern = games.tessellation, _note_pattern(games.tessellation)
        notes.append(token)
        pos, number = end + 1, number + 1
        fresh, after = kind == BLANK, ""
    return laid if laid.blocks else None


@cache
def _runs() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """Runs of 3 or more WALL_ROW_LINE and of MOVES_LINE, each line ending
    in LF (the only line break this path takes; step 1's run patterns take
    every line break and mail quotes, and cost 5% more instructions here)."""
    terminals, most = lalr.terminals("sok"), RUN_LINES - 1
    return (
        re.compile(f"(?:{terminals['WALL_ROW_LINE']}\\n){{3,{most}}}"),
        re.compile(f"(?:{terminals['MOVES_LINE']}\\n){{1,{most}}}"),
    )


def _block_at(text: str, start: int, number: int, tessellation: Tessellation) -> Line | None:
    """The token of the board or saved game that a title line above would
    title, if one begins at `start` (line `number`) or after one blank line
    there (`title_blank`)."""
    gap = text.startswith("\n", start)
    start, number = start + gap, number + gap
    rows, moves = _runs()
    found = rows.match(text, start)
    if found is not None:
        return _run(ROWS, found[0], start, number)
    found = moves.match(text, start)
    if found is None or _refused(found[0], tessellation):
        return None  # rule 2 retypes a line of moves with a letter it refuses
    if found[0].count("\n") == 1:
        return Line(MOVES, found[0][:-1], start, number)
    return _run(MOVES_LINES, found[0], start, number)


def _titles(line: str, tessellation: Tessellation) -> bool:
    """A line that the grammar reads as a title above a block: step 1's TEXT,
    and no line of moves but for one character (rule 3)."""
    return line_class(line) == TEXT and not almost(line, tessellation)


def _note(token: Line, after_moves: bool, games: Games) -> bool:
    """Whether `token` (right after moves: `after_moves`) is a note as it
    stands: text or a key/value line that rule 3 leaves
    alone.  (A line of text where it could title a block is one: a block
    right after it, or after a blank line, would have been found, and any
    other line of a block here sends the text down the full path.)"""
    kind, line = token.type, token.text
    if kind != TEXT and kind != PROPERTY:
        return False
    if kind == PROPERTY and games.recognised(token):
        return True
    if after_moves and _ends_moves(line, games.tessellation):
        return False
    return not almost(line, games.tessellation)
