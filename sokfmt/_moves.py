"""Move strings: the transformer of grammars/moves.lark and the decoder built on it.

The transformer is independent of the tessellation: it yields *segments*,
stretches of letters with the bracket they stand in, and `decode_moves`
turns those into steps with the tessellation's table.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import NamedTuple

from lark import Lark, Token, Transformer

from . import _grammar
from ._grammar import Language, SemanticError
from .errors import SavedGameSyntaxError
from .moves import Step, decoding_table
from .tessellation import Tessellation

MOVES = Language(
    name="moves",
    error=SavedGameSyntaxError,
    terminals={"RUN": "a move", "COUNT": "a count"},
    countable="a letter or '('",
)

_PUSH_LETTERS = "LURDNESW"
_WHAT = {"[": "a jump", "{": "a pusher change"}


class Source(NamedTuple):
    """Where a stretch of letters was written: the token's text and offset."""

    text: str
    pos: int


class Segment(NamedTuple):
    """Decoded letters (and ``*``) standing outside brackets or in one."""

    opening: str  # "", "[" or "{"
    letters: str
    sources: tuple[Source, ...]


@dataclass(frozen=True)
class DecodedMoves:
    """What `decode_moves` found: canonical steps and their counts."""

    steps: tuple[Step, ...]
    has_jump: bool
    current_move_idx: int | None
    moves_count: int
    pushes_count: int


@dataclass(frozen=True)
class _Compiled:
    parser: Lark
    #: the RUN terminal: a whole text it matches needs no parser
    run: re.Pattern[str]
    #: a count, the white space after it and the letter it repeats
    counted: re.Pattern[str]
    #: white space inside a RUN
    whitespace: re.Pattern[str]


@cache
def _compiled() -> _Compiled:
    parser = _grammar.build(MOVES, _MovesTransformer())
    terminals = _grammar.terminal_patterns(parser)
    return _Compiled(
        parser,
        run=terminals["RUN"],
        counted=re.compile(
            f"({terminals['COUNT'].pattern}){terminals['WHITESPACE'].pattern}*"
            f"({terminals['LETTER'].pattern})"
        ),
        whitespace=re.compile(f"{terminals['WHITESPACE'].pattern}+"),
    )


def decode_moves(text: str, tessellation: Tessellation, limit: int) -> DecodedMoves:
    """Decode a move string; see `SavedGame.parsed`."""
    compiled = _compiled()
    try:
        with _grammar.budgeted(limit) as budget:
            whole = compiled.run.match(text)
            if whole and whole.end() == len(text):
                # A bracket-free, group-free text, the common case.
                segments = [Segment("", _letters(text, 0, budget), (Source(text, 0),))]
            else:
                segments = _grammar.parse(MOVES, compiled.parser, text)
            return _assemble(segments, tessellation)
    except SemanticError as exc:
        _grammar.fail(MOVES, text, exc)


def _letters(run: str, pos: int, budget: _grammar.Budget) -> str:
    """The letters (and ``*``) of one RUN token at offset `pos`, counts expanded."""
    if any(digit in run for digit in "0123456789"):
        compiled = _compiled()
        counted = list(compiled.counted.finditer(run))
        counts = [
            _grammar.count_value(compiled.whitespace.sub("", found[1]), pos + found.start())
            for found in counted
        ]
        budget.take(len(run) + sum(counts) - sum(len(found[0]) for found in counted), pos)
        pieces = []
        last = 0
        for found, count in zip(counted, counts):
            pieces.append(run[last : found.start()])
            pieces.append(found[2] * count)
            last = found.end()
        pieces.append(run[last:])
        run = "".join(pieces)
    else:
        budget.take(len(run), pos)
    words = run.split()
    letters = words[0] if len(words) == 1 else "".join(words)
    budget.give_back(len(run) - len(letters))  # white space is not kept
    return letters


def _assemble(segments: list[Segment], tessellation: Tessellation) -> DecodedMoves:
    """Steps from segments, with the checks that depend on the tessellation."""
    steps: list[Step] = []
    position: int | None = None
    has_jump = False
    moves = pushes = 0
    for segment in segments:
        opening, letters = segment.opening, segment.letters
        has_jump = has_jump or opening == "["
        star = letters.find("*")
        if star >= 0:
            if position is not None or letters.find("*", star + 1) >= 0:
                raise SemanticError(
                    "The current position '*' is marked twice, expected one '*' at most",
                    _second_star(segment.sources),
                )
            position = len(steps) + star
            letters = letters.replace("*", "")
        table = decoding_table(tessellation, opening)
        try:
            if not steps and len(segments) == 1:
                steps = list(map(table.__getitem__, letters))  # skip a copy below
            else:
                steps.extend(map(table.__getitem__, letters))
        except KeyError:
            raise _illegal_letter(segment, tessellation) from None
        if opening:
            continue
        pushed = sum(map(letters.count, _PUSH_LETTERS))
        pushes += pushed
        moves += len(letters) - pushed
    return DecodedMoves(tuple(steps), has_jump, position, moves, pushes)


def _illegal_letter(segment: Segment, tessellation: Tessellation) -> SemanticError:
    table = decoding_table(tessellation, segment.opening)
    for source in segment.sources:
        for offset, char in enumerate(source.text):
            if char.isalpha() and char not in table:
                pos = source.pos + offset
                if segment.opening and char.isupper():
                    what = _WHAT[segment.opening]
                    return SemanticError(
                        f"Unexpected {char!r} in {what}, "
                        f"expected lower-case moves only (no pushes or pulls)",
                        pos,
                    )
                legal = " ".join(tessellation.letters)
                return SemanticError(
                    f"Unexpected {char!r}, which is not a {tessellation.value} move; "
                    f"expected one of {legal} (upper case to push or pull)",
                    pos,
                )
    raise AssertionError("a letter was refused but none is illegal")  # pragma: no cover


def _second_star(sources: tuple[Source, ...]) -> int:
    stars = [source.pos + i for source in sources for i, c in enumerate(source.text) if c == "*"]
    return stars[1] if len(stars) > 1 else stars[0]


class _MovesTransformer(Transformer[Token, object]):
    """Builds segments while the parser runs (one callback per rule)."""

    def start(self, items: list[list[Segment]]) -> list[Segment]:
        return [segment for item in items for segment in item]

    def run(self, children: list[Token]) -> list[Segment]:
        (token,) = children
        pos = token.start_pos or 0
        return [Segment("", _letters(token, pos, _grammar.budget()), (Source(str(token), pos),))]

    def group(self, children: list[Token | list[Segment]]) -> list[Segment]:
        count_token = children[0] if isinstance(children[0], Token) else None
        items = children[1:] if count_token is not None else children
        segments = _merged([segment for item in items if isinstance(item, list) for segment in item])
        if count_token is None:
            return segments
        pos = count_token.start_pos or 0
        count = _grammar.count_value("".join(count_token.split()), pos)
        _grammar.budget().take(sum(map(_size, segments)) * (count - 1), pos)
        if len(segments) == 1:
            (segment,) = segments
            return [segment._replace(letters=segment.letters * count)]
        return segments * count

    bracketed_group = group

    def jump(self, children: list[list[Segment]]) -> list[Segment]:
        return _bracketed("[", children)

    def pusher_change(self, children: list[list[Segment]]) -> list[Segment]:
        return _bracketed("{", children)


def _size(segment: Segment) -> int:
    """What a segment counts against the budget: its text, brackets included."""
    return len(segment.letters) + (2 if segment.opening else 0)


def _bracketed(opening: str, children: list[list[Segment]]) -> list[Segment]:
    _grammar.budget().take(2, 0)  # the brackets: repeating "[]" is not free
    segments = [segment for item in children for segment in item]
    letters = "".join(segment.letters for segment in segments)
    sources = tuple(source for segment in segments for source in segment.sources)
    # Kept even when empty: "[]" is what marks a reverse game.
    return [Segment(opening, letters, sources)]


def _merged(segments: list[Segment]) -> list[Segment]:
    """Neighbours in the same bracket joined into one segment."""
    merged: list[Segment] = []
    for segment in segments:
        if merged and merged[-1].opening == segment.opening and not segment.opening:
            last = merged[-1]
            merged[-1] = Segment("", last.letters + segment.letters, last.sources + segment.sources)
        else:
            merged.append(segment)
    return merged
