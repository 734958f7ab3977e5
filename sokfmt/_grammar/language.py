"""What the readers of rle.lark and moves.lark share: their grammar run
token by token, budgets for what a decoding may produce, and the wording of
their errors.

Readers drive the parser token by token (`tokens`): the parser checks each
token's syntax, then the reader applies the token's own rules, so that the
first error reported is the first one reading left to right, whether the
grammar or the reader's code finds it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Generic, NoReturn, TypeVar

from ..errors import ParseError
from . import lalr
from .lalr import Token

# What the "expected ..." part of a message calls the anonymous terminals.
_PUNCTUATION = {
    "LPAR": "'('",
    "RPAR": "')'",
    "LSQB": "'['",
    "RSQB": "']'",
    "LBRACE": "'{'",
    "RBRACE": "'}'",
    "$END": "end of input",
}
_CLOSERS = {"RPAR": "group", "RSQB": "jump", "RBRACE": "pusher change"}


@dataclass(frozen=True)
class Language:
    """A grammar, how its errors are worded, and their codes."""

    name: str
    error: type[ParseError]
    #: terminal name -> what a message calls it ("a move", "a count", ...)
    terminals: Mapping[str, str]
    #: what a count may repeat, for "expected ... after a count"
    countable: str
    #: the codes of its errors: "syntax", "zero" (a count of 0), "limit"
    codes: Mapping[str, str]
    #: the message for a character no terminal matches, with "{found}"
    #: (else the usual "Unexpected ..., expected ...")
    stray: str = ""


# ------------------------------------------------------------------ budgets


class SemanticError(Exception):
    """Raised by a reader's rules with an offset and a code; the reader turns
    it into its language's error."""

    def __init__(self, message: str, pos: int, code: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.pos = pos
        self.code = code


#: The longest count that is converted; see `Budget.count`.
MAX_COUNT_DIGITS = 18


class Budget:
    """How many characters a decoding may still produce.

    Every piece a decoder materialises ends up in the output at least once
    (counts are at least 1), so the running total never exceeds the final
    size: refusing when it passes the limit refuses exactly the inputs that
    decode to too much, before the excess is allocated.
    """

    __slots__ = ("codes", "limit", "used")

    def __init__(self, limit: int, codes: Mapping[str, str]) -> None:
        self.limit = limit
        self.used = 0
        self.codes = codes

    def take(self, size: int) -> None:
        self.used += size
        if self.used > self.limit:
            raise self.over()

    def over(self) -> SemanticError:
        """The error for a text whose decoding is too long.  It is about the
        whole text, so it points at its start, wherever the excess is noticed."""
        return SemanticError(
            f"More than the limit of {self.limit:,} characters, counts expanded",
            0,
            self.codes["limit"],
        )

    def count(self, digits: str, pos: int) -> int:
        """The value of a count (white space inside already removed) at `pos`.

        A count of more than `MAX_COUNT_DIGITS` digits repeats something
        more often than any memory holds: it is refused as over the limit
        without being converted (Python refuses to convert over 4,300 digits).
        """
        significant = digits.lstrip("0")
        if not significant:
            raise SemanticError(
                "A count of 0 would drop what follows it, expected 1 or more",
                pos,
                self.codes["zero"],
            )
        if len(significant) > MAX_COUNT_DIGITS:
            raise self.over()
        return int(significant)


# -------------------------------------------------------- token by token


def tokens(language: Language, text: str) -> Iterator[Token]:
    """The tokens of `text` in `language`, each yielded once the parser has
    taken it; the end of the input is checked after the last.

    Raises:
        ParseError: `language.error` at the first token the grammar refuses.
    """
    table = lalr.table(language.name)
    parser = lalr.Recognizer(table)
    index = table.token_index
    token = None
    try:
        for token in lalr.lex(language.name, text):
            parser.feed(index[token.type])
            yield token
        token = None
        parser.end()
    except lalr.Unlexable as exc:
        _raise_syntax_error(language, text, exc.pos, "", parser.expected())
    except lalr.Refused as exc:
        if token is None:
            _raise_syntax_error(language, text, len(text), lalr.END, exc.expected)
        _raise_syntax_error(language, text, token.pos, token.type, exc.expected)


def fail(language: Language, text: str, exc: SemanticError) -> NoReturn:
    """Raise `exc` (a rule broken) as `language`'s error."""
    code = exc.code or language.codes["syntax"]
    raise language.error.at(exc.message, text=text, pos=exc.pos, code=code) from None


# ------------------------------------------------------------------- errors


def _raise_syntax_error(
    language: Language, text: str, pos: int, kind: str, accepts: frozenset[str]
) -> NoReturn:
    """The error for a token of type `kind` at `pos` that the grammar refuses
    (`kind` "": a character no terminal matches; `_grammar.lalr.END`: the end)."""
    found = "end of input" if kind == lalr.END else _describe_found(text, pos)
    if not kind and language.stray:
        message = language.stray.format(found=found)
    else:
        message = _message(language, text, pos, found, kind, accepts)
    raise language.error.at(message, text=text, pos=pos, code=language.codes["syntax"]) from None


def _message(
    language: Language, text: str, pos: int, found: str, kind: str, accepts: frozenset[str]
) -> str:
    expected = _describe_expected(language, accepts)
    if accepts == {"LPAR"}:
        return f"Unexpected {found} after a count, expected {language.countable}"
    if kind == "RPAR" and "RPAR" not in accepts:
        if text[:pos].rstrip().endswith("("):
            return f"Empty group '()', expected {expected} inside it"
        return "Unexpected ')' with no open group"
    if kind == "LINE_BREAK":
        return f"Unexpected line break: a group cannot span lines, expected {expected}"
    if kind in _CLOSERS:
        return f"Unexpected {found} with no open {_CLOSERS[kind]}, expected {expected}"
    if kind == "$END":
        for closer, what in _CLOSERS.items():
            if closer in accepts:
                return f"Unclosed {what}, expected {_PUNCTUATION[closer]}"
    return f"Unexpected {found}, expected {expected}"


def _describe_found(text: str, pos: int) -> str:
    """The character the parser stopped at, as a message shows it."""
    char = text[pos : pos + 1]
    return "line break" if char in ("\n", "\r") else repr(char)


def _describe_expected(language: Language, accepts: frozenset[str]) -> str:
    names = sorted(
        (_PUNCTUATION.get(name) or language.terminals.get(name, name) for name in accepts),
        key=lambda name: (name.startswith("'"), name == "end of input", name),
    )
    if not names:
        return "nothing more"
    if len(names) == 1:
        return names[0]
    return f"{', '.join(names[:-1])} or {names[-1]}"


# ---------------------------------------------------------- counted groups

Piece = TypeVar("Piece")


class Groups(Generic[Piece]):
    """The one walk of a text of counted groups (rle.lark, moves.lark), token
    by token: a subclass says what a token makes (`piece`), how a group's
    pieces repeat (`repeated`), and what a bracket makes of what it holds
    (`bracketed`).  Counts are checked by `budget` as they are read."""

    language: Language

    def __init__(self, text: str, budget: Budget) -> None:
        self.text = text
        self.budget = budget

    def pieces(self) -> list[Piece]:
        groups: list[list[Piece]] = [[]]  # the pieces of each open group
        counts: list[int] = []  # the count of each open group
        count = 1  # the count read before the next "("
        for token in tokens(self.language, self.text):
            kind = token.type
            if kind == "COUNT":
                count = self.budget.count("".join(token.value.split()), token.pos)
            elif kind == "LPAR":
                groups.append([])
                counts.append(count)
                count = 1
            elif kind == "RPAR":
                inner = self.repeated(groups.pop(), counts.pop())
                groups[-1] += inner
            elif kind in _OPENINGS:
                groups.append([])
                self.opening = _OPENINGS[kind]
            elif kind in _CLOSINGS:
                inner = self.bracketed(groups.pop())
                groups[-1] += inner
                self.opening = ""
            else:  # RUN, LINE_BREAK
                groups[-1] += self.piece(token)
        return groups[0]

    #: the bracket the tokens stand in: "", "[" or "{" (moves.lark)
    opening = ""

    def piece(self, token: Token) -> list[Piece]:
        raise NotImplementedError

    def repeated(self, pieces: list[Piece], count: int) -> list[Piece]:
        raise NotImplementedError

    def bracketed(self, pieces: list[Piece]) -> list[Piece]:
        return pieces


_OPENINGS = {"LSQB": "[", "LBRACE": "{"}
_CLOSINGS = ("RSQB", "RBRACE")
