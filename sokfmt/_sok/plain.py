"""The fast path of grammars/sok.lark for collections in the common layout.

Most collections are laid out alike: file notes, then puzzles, each a title
line above its board (a line of text, or a ";" line as .xsb files write
them) or a board alone after a blank line, then paragraphs of notes, and
saved games, each a title line above its lines of moves (right above, or
with one blank line between); blank lines between them all.
For such a text the grammar's steps are known in advance: a block's title
is the line above it (`titled_board`, `titled_moves`), a board after a
blank line has none (`untitled_board`) unless the paragraph above that
blank line gives it one (then the text leaves the layout), and every
other line, blank or not, is a note of the block above it (of the file
before the first board).  So the reader finds the blocks with the grammar's
own terminals (WALL_ROW_LINE, MOVES_LINE), types every other line with step
1 and the postlex's rules 1 to 4 (`line_class`, `almost`, `stray_row`), and
hands the blocks to the builder, which applies every semantic rule as on the
full path.

A text that leaves the layout goes down the full path, before anything is
handed on: from its first line that leaves the layout, the full path taking
the tokens of the lines before from this path (so a text that leaves late
costs about what the full path alone does), or from the start, when a line
break, mail quote or byte order mark keeps the whole text from this path.
Each exit says why in a comment "# exit: ..." (tests/test_sok_plain.py
counts the exits its texts reach, and holds the two paths to each other).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache

from ..tessellation import Tessellation
from . import postlex
from .postlex import ROW_TOKENS, Games
from .tokens import BLANK, COMMENT, MOVES, MOVES_LINES, PROPERTY, ROWS, SEMICOLON, TEXT, Line

#: The lines that title a block: a line of text, or a ";" line as .xsb files
#: write titles ("; 17").
_TITLES = (TEXT, SEMICOLON)
#: The lines of notes: those and key/value lines.
_NOTES = (TEXT, SEMICOLON, PROPERTY)
#: A blank line of notes: what the builder asks of one is its type and text
#: alone (no problem is ever placed at a blank line), so every blank line of
#: a text in the common layout is this token (a third of the lines of most
#: collections, and of the tokens this path made).
_BLANK = Line(BLANK, "", -1, 0)


@dataclass
class Block:
    """A board (`token` a ROWS) or a saved game (`token` a MOVES or
    MOVES_LINES), its title line, and the lines of notes after it."""

    title: Line | None  # (None: a board after a blank line, or first in the text)
    token: Line
    notes: list[Line] = field(default_factory=list)


@dataclass
class Layout:
    """What the grammar's steps make of a text in the common layout, or of
    its lines before `rest`, where it leaves the layout."""

    file_notes: list[Line] = field(default_factory=list)
    comments: list[tuple[int, str]] = field(default_factory=list)  # (line number, text)
    blocks: list[Block] = field(default_factory=list)  # a board first
    rest: tuple[int, int] | None = None  # (offset, line number) of the first line left out

    def up_to(self, pos: int, number: int) -> Layout:
        """This layout, of the lines before line `number` (at `pos`) alone."""
        self.rest = pos, number
        return self

    def tokens(self) -> Iterator[Line]:
        """The tokens of its lines as step 1 makes them, in order (the
        full path reads them on to the lines after)."""
        yield from self.file_notes
        for block in self.blocks:
            if block.title is not None:
                yield block.title
                if block.token.line > block.title.line + 1:
                    yield _BLANK  # (the blank line between a title and its block)
            yield block.token
            yield from block.notes


@cache
def _note_pattern(tessellation: Tessellation) -> re.Pattern[str]:
    """A line that step 1 types TEXT or PROPERTY and that rule 3 leaves
    alone in `tessellation`: no mail quote (step 1 reads past them), no
    line class but text, and two characters that no line of its moves
    holds (rule 3 needs one at most)."""
    terminals = postlex.line_terminals()
    classes = "|".join(terminals[name] for name in (*postlex._CLASSES, "COMMENT_LINE"))
    not_move = postlex.patterns().not_move[tessellation].pattern
    assert not_move.startswith("[^"), "a class of the characters left out"
    stray, other = "[^\\n" + not_move[2:], "[^\\n]"
    return re.compile(
        f"(?!>)(?={other}*?{stray}{other}*?{stray})"
        f"(?:(?P<PROPERTY>{terminals['PROPERTY_LINE']})"
        f"|(?!(?:{classes})\\n)(?P<TEXT>{other}*))\\n"
    )


def layout(text: str, tessellation: Tessellation) -> Layout | None:
    """The blocks and notes of `text` if it is in the common layout; else
    those of its lines before the first line that leaves it (`Layout.rest`),
    or None when a line break, mail quote or byte order mark keeps the
    whole text from this path.  The tessellation in effect is that of
    `Games`, told of each "Game:" line and each board as the full path
    tells it."""
    if "\r" in text:
        return None  # exit: a line break other than LF
    # Rule 3 right after moves reads past a mail quote, this path does not
    # (the first line never stands after moves).
    if "\n>" in text:
        return None  # exit: a mail quote
    if text.startswith("\ufeff"):
        return None  # exit: a byte order mark
    if not text.endswith("\n"):
        text += "\n"  # (offsets stay where they were)
    games = Games(tessellation)
    notes_pattern = _note_pattern(tessellation)
    laid = Layout()
    notes = laid.file_notes
    pos, number, size = 0, 1, len(text)
    fresh = True  # the line before is blank, or there is none: a line here may title a block
    after = ""  # the block right before the line: "rows", "moves" or none
    # The paragraph above the blank line before this line titles a board
    # here: one line that may title a block (title_blank), or, after the
    # first board, a ";" line and lines of text (semicolon_titles).
    titling = semicolons = False
    while pos < size:
        if text[pos] == "\n":
            notes.append(_BLANK)
            titling = titling and not fresh
            pos, number, fresh, after = pos + 1, number + 1, True, ""
            continue
        match = notes_pattern.match(text, pos)
        end = match.end() - 1 if match else text.index("\n", pos)
        line = text[pos:end]
        kind = match.lastgroup or TEXT if match else postlex.line_class(line)
        titled = fresh and kind in _TITLES
        found = titled and _block_at(text, end + 1, number + 1, tessellation)
        if fresh and kind in ROW_TOKENS and not titling:
            found = _block_at(text, pos, number, tessellation)  # a board without a title, or None
        if found:
            if titled and match is None and postlex.almost(line, tessellation):
                return laid.up_to(pos, number)  # exit: rule 3 (a title one character from moves)
            if found.type == ROWS:
                if found.line == number + 1 and postlex.stray_row(line):
                    return laid.up_to(pos, number)  # exit: rule 4 (a stray row right above a board)
                games.new_board()
            elif not laid.blocks:
                return laid.up_to(pos, number)  # exit: moves before the first board (text there)
            else:
                games.moves()
            if games.tessellation is not tessellation:  # (a new board's, or back to the file's)
                tessellation = games.tessellation
                notes_pattern = _note_pattern(tessellation)
            laid.blocks.append(Block(Line(kind, line, pos, number) if titled else None, found))
            notes = laid.blocks[-1].notes
            pos, number = found.pos + len(found.text) + 1, found.line + found.rows
            fresh, after, titling = False, "rows" if found.type == ROWS else "moves", False
            continue
        if kind == COMMENT and not laid.blocks:
            laid.comments.append((number, line))
            pos, number = end + 1, number + 1
            continue
        token = Line(kind, line, pos, number)
        if match is None and kind != BLANK:
            if kind not in _NOTES:
                return laid.up_to(pos, number)  # exit: a line of another class where a note stands
            if kind != PROPERTY or not games.recognised(token):
                if after == "moves" and postlex._ends_moves(line, tessellation):
                    return laid.up_to(pos, number)  # exit: rule 3 (goes on with the moves above)
                if postlex.almost(line, tessellation):
                    return laid.up_to(pos, number)  # exit: rule 3 (a note one character from moves)
        if after == "rows" and postlex.stray_row(line):
            return laid.up_to(pos, number)  # exit: rule 4 (a stray row right under a board)
        # (The token found the key of a key/value line as it was made.)
        if kind == PROPERTY and token.keyed is not None and token.keyed[0] == "game":
            games.read(token)
            tessellation = games.tessellation
            notes_pattern = _note_pattern(tessellation)
        notes.append(token)
        pos, number = end + 1, number + 1
        if kind == BLANK:
            titling = titling and not fresh
        elif fresh or after:  # (the first line of a paragraph)
            titling, semicolons = kind in _TITLES, kind == SEMICOLON and bool(laid.blocks)
        else:
            titling = semicolons and kind == TEXT
        fresh, after = kind == BLANK, ""
    return laid  # (without a board, the file notes alone, as the full path reads them)


@cache
def _runs() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """Runs of 3 or more WALL_ROW_LINE and of MOVES_LINE, each line ending
    in LF (the only line break this path takes; step 1's run patterns take
    every line break and mail quotes, and cost 5% more instructions here)."""
    terminals, most = postlex.line_terminals(), postlex.RUN_LINES - 1
    return (
        re.compile(f"(?:{terminals['WALL_ROW_LINE']}\\n){{3,{most}}}"),
        re.compile(f"(?:{terminals['MOVES_LINE']}\\n){{1,{most}}}"),
    )


def _block_at(text: str, start: int, number: int, tessellation: Tessellation) -> Line | None:
    """The token of the board or saved game that a title line above would
    title, if one begins at `start` (line `number`) or after one blank line
    there (`title_blank`): a run of lines, or one line of moves, made a
    token as step 1 makes it (the full path reads on from these tokens, as
    if step 1 had made them)."""
    gap = text.startswith("\n", start)
    start, number = start + gap, number + gap
    rows, moves = _runs()
    found = rows.match(text, start)
    if found is not None:
        return postlex._run(ROWS, found[0], start, number)
    found = moves.match(text, start)
    if found is None:
        return None
    if postlex._refused(found[0], tessellation):
        return None  # exit: rule 2 (moves with a letter the tessellation refuses)
    if found[0].count("\n") == 1:
        return Line(MOVES, found[0][:-1], start, number)
    return postlex._run(MOVES_LINES, found[0], start, number)
