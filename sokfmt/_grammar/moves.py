"""Move strings: the decoder of grammars/moves.lark.

Decoding yields *segments*, stretches of letters with the bracket they stand
in, which `_assemble` turns into steps with the tessellation's table.  Text
without groups or brackets, which is what real files hold, takes fast paths
that match the grammar's own terminals against the whole input; the rest is
decoded token by token while the LALR parser checks the syntax, each token's
rules checked once the parser has taken it (the header's "first error").
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from operator import itemgetter
from typing import NamedTuple

from ..errors import SavedGameSyntaxError
from ..moves import SavedGame, SolvingMode, Step, _trusted, decoding_table
from ..tessellation import Tessellation
from . import lalr
from . import language as _language
from .lalr import Token
from .language import Budget, Language, SemanticError
from .rle import expand_counts

MOVES = Language(
    name="moves",
    error=SavedGameSyntaxError,
    terminals={"RUN": "a move", "COUNT": "a count"},
    countable="a letter or '('",
    codes={"syntax": "SOK204", "zero": "SOK205", "limit": "SOK206"},
)
# The codes of the rules of the header that depend on the tessellation.
LETTER_CODE, PUSH_IN_BRACKETS_CODE, SECOND_STAR_CODE = "SOK201", "SOK202", "SOK203"

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
    letters: str | None  # the letter of each step, when no bracket holds one


@dataclass(frozen=True)
class _Compiled:
    #: RUN_CHARACTER+: a whole text it matches (letters, "*" and white space,
    #: no counts) needs neither the parser nor count expansion
    plain: re.Pattern[str]
    #: RUN_CHARACTER or DIGIT, as one character class: a whole text it matches
    #: is one RUN when each count stands before a letter (checked after it)
    counted: re.Pattern[str]
    #: splits white-space-free RUN text at its counts (the split keeps them)
    counts: re.Pattern[str]
    #: in white-space-free text: a count that no letter follows (no COUNTED_LETTER)
    dangling_count: re.Pattern[str]


@cache
def _compiled() -> _Compiled:
    terminals = lalr.terminals(MOVES.name)
    run_character, digit = terminals["RUN_CHARACTER"], terminals["DIGIT"]
    return _Compiled(
        plain=re.compile(f"{run_character}*"),
        counted=re.compile(f"{_union(run_character, digit)}*"),
        counts=re.compile(f"({digit}+)"),
        dangling_count=re.compile(f"{digit}(?!{_union(digit, terminals['LETTER'])})"),
    )


def _union(*classes: str) -> str:
    """One character class of several (each "[...]"): one class matches faster."""
    assert all(c.startswith("[") and c.endswith("]") and not c.startswith("[^") for c in classes)
    return "[" + "".join(c[1:-1] for c in classes) + "]"


@cache
def letters(tessellation: Tessellation) -> str:
    """The letters `tessellation` allows, from its terminal in moves.lark."""
    return lalr.characters(lalr.terminals(MOVES.name)[f"{tessellation.name}_LETTER"])


@cache
def every_letter() -> str:
    """The letters of moves.lark, of every tessellation."""
    return "".join(sorted(set().union(*map(letters, Tessellation))))


@cache
def refused_letters(tessellation: Tessellation) -> str:
    """The letters of moves.lark that `tessellation` refuses."""
    return "".join(c for c in every_letter() if c not in letters(tessellation))


@cache
def _push_codes() -> bytes:
    """The letters that push or pull (upper case), as bytes."""
    return "".join(filter(str.isupper, every_letter())).encode("ascii")


def read_moves(
    text: str,
    tessellation: Tessellation,
    *,
    limit: int,
    title: str = "",
    solved_by: str = "",
    notes: str = "",
) -> SavedGame:
    """See `sokfmt.loads_moves`; a reader gives the game's metadata too."""
    decoded = decode_moves(text, tessellation, limit)
    return _trusted(
        decoded.steps,
        tessellation,
        SolvingMode.REVERSE if decoded.has_jump else SolvingMode.FORWARD,
        len(decoded.steps) if decoded.current_move_idx is None else decoded.current_move_idx,
        decoded.moves_count,
        decoded.pushes_count,
        title,
        solved_by,
        notes,
        letters=decoded.letters,
    )


def decode_moves(
    text: str, tessellation: Tessellation, limit: int, *, fast: bool = True
) -> DecodedMoves:
    """Decode a move string; see `loads_moves`.  `fast=False` always runs the
    parser (the fast paths are tested against it)."""
    budget = Budget(limit, MOVES.codes)
    compiled = _compiled()
    source = (Source(text, 0),)
    # A pattern matches the whole text: match() and a length check, as in
    # `rle.matches_whole` (written out: a call less for each game a file holds).
    size = len(text)
    try:
        if fast and (found := compiled.plain.match(text)) and found.end() == size:
            plain = _without_whitespace(text)
            budget.take(len(plain))
            _check_run(Segment("", plain, source), tessellation, 0)
            return _assemble([Segment("", plain, source)], tessellation)
        if fast and (found := compiled.counted.match(text)) and found.end() == size:
            counted = _run_letters(text, budget)
            if counted is not None:  # bracket-free and group-free: one RUN
                _check_run(Segment("", counted, source), tessellation, 0)
                return _assemble([Segment("", counted, source)], tessellation)
        return _assemble(_Decoder(text, tessellation, budget).pieces(), tessellation)
    except SemanticError as exc:
        _language.fail(MOVES, text, exc)


def step_offsets(text: str, tessellation: Tessellation) -> list[int]:
    """The offset in `text` of the letter that wrote each step, for problems
    found after decoding (a replay's illegal step).  `text` must decode (see
    `decode_moves`): the tokens are the grammar's, the expansion the
    decoder's (a count repeats a letter or a group; brackets add no step)."""
    return _Offsets(text, Budget(len(text), MOVES.codes)).pieces()  # counts only: no size taken


class _Offsets(_language.Groups[int]):
    """The offset of the letter of each step."""

    language = MOVES

    def piece(self, token: Token) -> list[int]:
        offsets: list[int] = []
        digits = ""
        for offset, char in enumerate(token.value):
            if char.isdigit():
                digits += char
            elif char.isalpha():
                offsets += [token.pos + offset] * int(digits or 1)
                digits = ""
        return offsets

    def repeated(self, pieces: list[int], count: int) -> list[int]:
        return pieces * count


def _without_whitespace(run: str) -> str:
    words = run.split()  # a RUN holds only the grammar's white-space characters
    return words[0] if len(words) == 1 else "".join(words)


def _run_letters(text: str, budget: Budget) -> str | None:
    """The letters of a text of RUN characters and digits, if it is one RUN:
    each count stands before a letter (COUNTED_LETTER), and there is a
    letter or ``*``.  None when it is not: the parser will tell why."""
    stripped = _without_whitespace(text)
    compiled = _compiled()
    if not stripped or compiled.dangling_count.search(stripped):
        return None
    return expand_counts(stripped, compiled.counts, budget, _locator(text, 0))


def _locator(run: str, pos: int) -> Callable[[int], int]:
    """index in `run` without white space -> offset in the input."""

    def locate(index: int) -> int:
        """The offset in the input of `stripped[index]`."""
        seen = -1
        for offset, char in enumerate(run):
            seen += not char.isspace()
            if seen == index:
                return pos + offset
        return pos + len(run)  # pragma: no cover - index is always inside

    return locate


class _Decoder(_language.Groups[Segment]):
    """Segments of a text, token by token, with each token's rules."""

    language = MOVES

    def __init__(self, text: str, tessellation: Tessellation, budget: Budget) -> None:
        super().__init__(text, budget)
        self.tessellation = tessellation
        self.stars = 0

    def piece(self, token: Token) -> list[Segment]:
        locate = _locator(token.value, token.pos)
        letters = _without_whitespace(token.value)
        expanded = expand_counts(letters, _compiled().counts, self.budget, locate)
        segment = Segment(self.opening, expanded, (Source(token.value, token.pos),))
        self.stars += _check_run(segment, self.tessellation, self.stars)
        return [segment]

    def repeated(self, pieces: list[Segment], count: int) -> list[Segment]:
        segments = _merged(pieces)
        stars = sum(segment.letters.count("*") for segment in segments)
        if stars and count > 1:  # rule 4: each copy of the group holds it
            sources = tuple(source for segment in segments for source in segment.sources)
            raise _second_star(sources, 0)
        # The inner text is already paid for; pay for the copies before making them.
        self.budget.take(sum(map(_size, segments)) * (count - 1))
        if len(segments) == 1:
            (segment,) = segments
            return [segment._replace(letters=segment.letters * count)]
        return segments * count

    def bracketed(self, pieces: list[Segment]) -> list[Segment]:
        self.budget.take(2)  # the brackets: repeating "[]" is not free
        letters = "".join(segment.letters for segment in pieces)
        sources = tuple(source for segment in pieces for source in segment.sources)
        # Kept even when empty: "[]" is what marks a reverse game.
        return [Segment(self.opening, letters, sources)]


def _check_run(segment: Segment, tessellation: Tessellation, stars_before: int) -> int:
    """Rules 1, 2 and 4 for the letters of one RUN: the first error in it, in
    input order; else how many "*" it holds."""
    errors = []
    refused = _lookup(tessellation, segment.opening)[1]
    if any(map(segment.letters.__contains__, refused)):
        errors.append(_illegal_letter(segment, tessellation))
    stars = segment.letters.count("*")
    if stars_before + stars > 1:
        errors.append(_second_star(segment.sources, 1 - stars_before))
    if errors:
        raise min(errors, key=lambda error: error.pos)
    return stars


@cache
def _lookup(tessellation: Tessellation, opening: str) -> tuple[list[Step | None], str]:
    """The steps of a bracket's letters indexed by character code, and the
    letters of the grammar that the tessellation refuses there."""
    table = decoding_table(tessellation, opening)
    by_code: list[Step | None] = [None] * 128
    for letter, step in table.items():
        by_code[ord(letter)] = step
    refused = "".join(sorted(c for c in every_letter() if c not in table))
    return by_code, refused


def _assemble(segments: list[Segment], tessellation: Tessellation) -> DecodedMoves:
    """Steps from checked segments."""
    decoded: list[tuple[Step, ...]] = []
    runs: list[str] = []  # the letters of each segment
    size = 0
    position: int | None = None
    moves = pushes = 0
    for segment in segments:
        opening, letters_ = segment.opening, segment.letters
        star = letters_.find("*")
        if star >= 0:  # one at most: each RUN and group was checked
            position = size + star
            letters_ = letters_.replace("*", "")
        runs.append(letters_)
        by_code = _lookup(tessellation, opening)[0]
        # The grammar lets only ASCII letters through, and looking their codes
        # up in a list is faster than looking the letters up in a dict.
        codes = letters_.encode("ascii")
        decoded.append(_steps_of(codes, by_code))
        size += len(codes)
        if not opening:
            pushed = len(codes) - len(codes.translate(None, _push_codes()))
            pushes += pushed
            moves += len(codes) - pushed
    steps = decoded[0] if len(decoded) == 1 else tuple(itertools.chain.from_iterable(decoded))
    has_jump = any(segment.opening == "[" for segment in segments)
    plain = not any(segment.opening for segment in segments)
    return DecodedMoves(steps, has_jump, position, moves, pushes, "".join(runs) if plain else None)


def _steps_of(codes: bytes, by_code: list[Step | None]) -> tuple[Step, ...]:
    """The step of each letter code: an `itemgetter` of them all looks the
    codes up in one call (it gives a tuple for two codes or more)."""
    if len(codes) > 1:
        return itemgetter(*codes)(by_code)  # type: ignore[no-any-return]
    return tuple(by_code[code] for code in codes)  # type: ignore[misc]


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
                        PUSH_IN_BRACKETS_CODE,
                    )
                legal = " ".join(tessellation.letters)
                return SemanticError(
                    f"Unexpected {char!r}, which is not a {tessellation.value} move; "
                    f"expected one of {legal} (upper case to push or pull)",
                    pos,
                    LETTER_CODE,
                )
    raise AssertionError("a letter was refused but none is illegal")  # pragma: no cover


def _second_star(sources: tuple[Source, ...], index: int) -> SemanticError:
    """The error for a "*" too many: the `index`-th of those in `sources`."""
    stars = [source.pos + i for source in sources for i, c in enumerate(source.text) if c == "*"]
    return SemanticError(
        "The current position '*' is marked twice, expected one '*' at most",
        stars[min(index, len(stars) - 1)],
        SECOND_STAR_CODE,
    )


def _size(segment: Segment) -> int:
    """What a segment counts against the budget: its text, brackets included."""
    return len(segment.letters) + (2 if segment.opening else 0)


def _merged(segments: list[Segment]) -> list[Segment]:
    """Neighbours outside brackets joined into one segment."""
    merged: list[Segment] = []
    for segment in segments:
        if merged and not merged[-1].opening and not segment.opening:
            last = merged[-1]
            merged[-1] = Segment("", last.letters + segment.letters, last.sources + segment.sources)
        else:
            merged.append(segment)
    return merged
