"""Level files as text: where the bytes come from, and the one way sokfmt decodes them.

Every reader of files (`load_sok`, `iter_sok`, `load_lev`, the command) goes
through here, so that the same bytes always give the same text.  Without an
encoding from the caller, each line is UTF-8 when it is valid UTF-8, and
cp1252 otherwise (Latin-1 for the five bytes cp1252 leaves undefined): old
files are cp1252, new ones UTF-8, and collections pasted together hold both.
Deciding per line, not per file, is what lets a stream be decoded as it is
read, with the same result as the whole file at once.
"""

from __future__ import annotations

import codecs
import io
import json
import os
import re
from collections.abc import Callable, Iterator
from typing import IO, Any, Union

from .errors import DecodeError, Excerpt, ValidationError, line_and_column

#: What the load_* functions accept: a path, or a file object (binary, or
#: text already decoded by its opener).
FileLike = Union[str, "os.PathLike[str]", IO[bytes], IO[str]]

_BOM = "\ufeff"
_LINE_BREAK = re.compile(rb"(\r\n|\r|\n)")
_TEXT_BREAK = re.compile(r"(\r\n|\r|\n)")
_BLOCK_SIZE = 1 << 16
# The bytes cp1252 leaves undefined; Latin-1 gives them a character each.
_CP1252_HOLES = b"\x81\x8d\x8f\x90\x9d"


def read_text(file: FileLike, encoding: str | None = None, *, xml: bool = False) -> str:
    """The whole text of `file` (a path, a binary or a text file object).

    A path is opened and closed; a file object is read from where it stands
    and left open.  With `xml` and no `encoding`, the encoding is the one
    the document declares (`xml_encoding`).

    Raises:
        DecodeError: bytes that are not text in `encoding`, at their line.
        ValidationError: `encoding` names no codec, or `file` is neither a
            path nor a file object.
        OSError: the file cannot be read.
    """
    codec = codec_name(encoding)
    data = read_bytes(file)
    if isinstance(data, str):
        return data.removeprefix(_BOM)
    if xml and codec is None:
        codec = xml_encoding(data)
    return decode(data, codec)


def read_bytes(file: FileLike) -> bytes | str:
    """The whole content of `file`: its bytes, or its text when it is a
    file object opened in text mode (decoded by its opener).

    Raises:
        ValidationError: `file` is neither a path nor a file object.
        OSError: the file cannot be read.
    """
    if isinstance(file, (str, os.PathLike)):
        with _opened(file) as opened:
            return opened.read()
    data: bytes | str = _reader(file).read()
    return data


def write_text(file: FileLike, text: str) -> None:
    """Write `text` to `file`: a path (created or replaced, UTF-8, line breaks
    as they are in `text`), or a file object, at where it stands and left
    open (a binary one gets UTF-8 bytes, a text one the text itself).

    Raises:
        ValidationError: `file` is neither a path nor a file object.
        OSError: the file cannot be written.
    """
    if isinstance(file, (str, os.PathLike)):
        with open(file, "w", encoding="utf-8", newline="") as opened:
            opened.write(text)
        return
    write = getattr(file, "write", None)
    if not callable(write):
        raise ValidationError(f"file must be a path or a file object, not {type(file).__name__}")
    text_mode = isinstance(file, io.TextIOBase) or getattr(file, "encoding", None) is not None
    write(text if text_mode else text.encode("utf-8"))


def text_lines(
    file: FileLike, encoding: str | None = None, *, xml: bool = False, ends: bool = False
) -> Iterator[str]:
    """The lines of `file` without their line breaks (CR, LF or CRLF; with
    `ends`, with them), read as they are needed: memory is bounded by the
    longest line.  `xml` as for `read_text`.

    Raises:
        as `read_text`, when the generator reaches the bad bytes.
    """
    codec = codec_name(encoding)
    if isinstance(file, (str, os.PathLike)):
        with _opened(file) as opened:
            yield from _decoded_lines(opened, codec, xml, ends)
    else:
        yield from _decoded_lines(_reader(file), codec, xml, ends)


#: An XML declaration's encoding; XML 1.0, section 4.3.3.
_XML_DECLARATION = re.compile(
    rb"<\?xml[ \t\r\n]+version[ \t\r\n]*=[ \t\r\n]*[\"'][^\"']*[\"']"
    rb"[ \t\r\n]+encoding[ \t\r\n]*=[ \t\r\n]*[\"']([A-Za-z][A-Za-z0-9._-]*)[\"']"
)
_XML_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)


#: How much of an XML document its encoding is looked for in (the byte
#: order mark and the XML declaration come first).
XML_HEAD = 1024


def xml_encoding(data: bytes) -> str | None:
    """The encoding of an XML document that begins with `data` (its first
    `XML_HEAD` bytes are read): that of its byte order mark, else the one it
    declares, else None (this module's policy, which reads UTF-8 and, line by
    line, cp1252).  A declared UTF-8 or ASCII follows the policy too, so that
    a cp1252 line written into a "utf-8" document is read, as `load_sok`
    reads it.

    Raises:
        DecodeError: the document declares an encoding Python does not know
            as one of text, or one its declaration is not written in.
    """
    head = data[:XML_HEAD]
    for bom, codec in _XML_BOMS:
        if head.startswith(bom):
            return codec
    found = _XML_DECLARATION.match(head)
    if found is None:
        return None
    name = found[1].decode("ascii")
    try:
        info = codecs.lookup(name)
        readable = found[0].decode(info.name) == found[0].decode("ascii")
    except (LookupError, UnicodeError, ValueError, TypeError):
        readable = False
    if not readable or not getattr(info, "_is_text_encoding", True):
        raise DecodeError.at(
            f"The document declares the encoding {name!r}, which sokfmt does not know as an "
            "encoding of text that its declaration is written in; name the file's encoding",
            text=head.decode("ascii", "replace"),  # a character a byte: offsets are alike
            pos=found.start(1),
        ) from None
    return None if info.name in ("utf-8", "ascii") else info.name


def decode_json(data: bytes) -> str:
    """The text of a JSON document's bytes: UTF-8, UTF-16 or UTF-32, as
    `json.loads` finds them (RFC 8259 allows no other).

    Raises:
        DecodeError: bytes that are not text in that encoding, at their line.
    """
    encoding = json.detect_encoding(data)
    try:
        return data.decode(encoding, "surrogatepass")
    except UnicodeDecodeError as error:
        advice = "a JSON text is UTF-8 (or UTF-16, UTF-32)"
        raise _decode_error(data, error, encoding, 0, 1, advice) from None


def decode_xml(data: bytes) -> str:
    """The text of an XML document's bytes, in the encoding `xml_encoding` finds."""
    return decode(data, xml_encoding(data))


class _Prefixed:
    """A binary file whose first bytes were read already."""

    def __init__(self, head: bytes, file: IO[bytes]) -> None:
        self.head, self.file = head, file

    def read(self, size: int = -1) -> bytes:
        if self.head:
            head, self.head = self.head, b""
            return head + (self.file.read(size - len(head)) if size > len(head) else b"")
        return self.file.read(size)


def decode(data: bytes, encoding: str | None = None) -> str:
    """The text of a file's bytes, by the policy of this module (`encoding`
    when the caller gives one).  A UTF-8 byte order mark is dropped.

    Raises:
        DecodeError: bytes that are not text in `encoding`, at their line.
    """
    if encoding is None:
        data = data.removeprefix(codecs.BOM_UTF8)
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            # Line by line, as a stream is decoded: a cp1252 line does not
            # make the UTF-8 lines around it cp1252.
            return "".join(map(_decode_line, data.splitlines(keepends=True)))
    return _strictly_decoded(data, encoding).removeprefix(_BOM)


def _strictly_decoded(data: bytes, encoding: str, *, offset: int = 0, line: int = 1) -> str:
    """`data` decoded by the codec `encoding`, whatever way the codec fails;
    `data` stands at byte `offset` of the file, on line `line`.

    Raises:
        DecodeError: bytes that are not text in `encoding`, at their line
            (the first line of `data` for a codec that fails without saying
            where).
    """
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as error:
        raise _decode_error(data, error, encoding, offset, line) from None
    except UnicodeError as error:  # a codec that fails without saying where
        unknown = Excerpt("", offset, line)  # the place: the start of `data`
        message = f"The bytes are not {encoding} text ({error})"
        raise DecodeError.at(message, text=unknown, pos=offset) from None


def codec_name(encoding: str | None) -> str | None:
    """`encoding`'s canonical name, so that aliases ("utf8") follow one path."""
    if encoding is None:
        return None
    if not isinstance(encoding, str):
        raise ValidationError(f"encoding must be a codec name, not {encoding!r}")
    try:
        info = codecs.lookup(encoding)
    except LookupError:
        raise ValidationError(f"Unknown encoding {encoding!r}") from None
    if not getattr(info, "_is_text_encoding", True):
        raise ValidationError(f"{encoding!r} is not an encoding of text")
    return info.name


def _opened(path: str | os.PathLike[str]) -> IO[bytes]:
    """The file at `path`, opened to read bytes.

    Raises:
        ValidationError: `path` is a folder (which `open` would refuse with
            an error that differs between systems).
        OSError: the file cannot be opened.
    """
    if os.path.isdir(path):
        raise ValidationError(f"{os.fspath(path)} is a folder: name one file in it")
    return open(path, "rb")


def _reader(file: object) -> IO[bytes] | IO[str]:
    if not callable(getattr(file, "read", None)):
        raise ValidationError(
            f"file must be a path or a file object, not {type(file).__name__}: "
            "open files in binary mode ('rb') to let sokfmt decode them"
        )
    return file  # type: ignore[return-value]


def _decode_line(line: bytes) -> str:
    """One line (with its line break) by the default policy."""
    try:
        return line.decode("utf-8")
    except UnicodeDecodeError:
        pass
    try:
        return line.decode("cp1252")
    except UnicodeDecodeError:
        # cp1252 has no character for a few bytes: give those Latin-1's.
        return "".join(
            chr(byte) if byte in _CP1252_HOLES else bytes([byte]).decode("cp1252") for byte in line
        )


def _decoded_lines(
    file: IO[bytes] | IO[str], encoding: str | None, xml: bool = False, ends: bool = False
) -> Iterator[str]:
    if xml and encoding is None:
        head = file.read(XML_HEAD)
        if isinstance(head, bytes):
            encoding = xml_encoding(head)
            file = _Prefixed(head, file)  # type: ignore[arg-type, assignment]
        else:
            file = io.StringIO(head + file.read())  # type: ignore[operator]
    first = True
    for number, (line, end, offset) in enumerate(_raw_lines(file, encoding)):
        if ends:
            line += end  # type: ignore[operator]
        # One byte order mark is dropped, as `decode` drops it: a second is text.
        if isinstance(line, str):  # a text file object, decoded by its opener
            text = line.removeprefix(_BOM) if first else line
        elif encoding is None:
            text = _decode_line(line.removeprefix(codecs.BOM_UTF8) if first else line)
        else:
            text = _strictly_decoded(line, encoding, offset=offset, line=number + 1)
            text = text.removeprefix(_BOM) if first else text
        yield text
        first = False


def _raw_lines(
    file: IO[bytes] | IO[str], encoding: str | None
) -> Iterator[tuple[bytes | str, bytes | str, int]]:
    """Lines of a file object without their line breaks, as read (bytes, or
    text from a text file object), each with its line break and its offset
    in the file."""
    first = file.read(_BLOCK_SIZE)
    if isinstance(first, bytes) and encoding is not None and not _ascii_line_breaks(encoding):
        # Not ASCII-compatible (UTF-16, UTF-32): line breaks cannot be found
        # in the bytes, so the file is decoded whole (and `decode` says
        # what is wrong with it, as `read_text` does).
        whole = first + file.read()  # type: ignore[operator]
        yield from _split(decode(whole, encoding), lambda: "")
        return
    yield from _split(first, lambda: file.read(_BLOCK_SIZE))


def _ascii_line_breaks(encoding: str) -> bool:
    """Whether `encoding` writes a line break as ASCII does.  A codec that
    cannot write one ("undefined" refuses everything) does not."""
    try:
        return "\n".encode(encoding) == b"\n"
    except UnicodeError:
        return False


def _split(first: Any, read: Callable[[], Any]) -> Iterator[tuple[Any, Any, int]]:
    """The lines of `first` and of the blocks read after it from `file`, each
    with its line break (empty for the last, if none ends it) and offset.

    A line may span blocks, and a CR that ends a block may be the first half
    of a CRLF: both wait for the next block.  Blocks without a line break
    are kept apart until one comes, so that a long line costs linear time.
    """
    empty = first[:0]
    cr, lf = (b"\r", b"\n") if isinstance(first, bytes) else ("\r", "\n")
    pattern = _LINE_BREAK if isinstance(first, bytes) else _TEXT_BREAK
    parts: list[Any] = []
    offset = 0
    block = first
    while True:
        if block:
            end = len(block) - 1 if block.endswith(cr) else len(block)
            cut = max(block.rfind(lf, 0, end), block.rfind(cr, 0, end))
        else:
            cut = -1  # the end of the file: what is left is the last line
        if block and cut < 0:
            parts.append(block)
        elif parts or block:
            parts.append(block[: cut + 1])
            pieces = pattern.split(empty.join(parts))
            # line, break, line, break, ..., and what follows the last break
            for line, separator in zip(pieces[::2], pieces[1::2], strict=False):
                yield line, separator, offset
                offset += len(line) + len(separator)
            if pieces[-1]:
                yield pieces[-1], empty, offset
            parts = [block[cut + 1 :]]
        if not block:
            return
        block = read()


def _decode_error(
    data: bytes,
    error: UnicodeDecodeError,
    encoding: str,
    offset: int,
    first_line: int,
    advice: str = "name the file's encoding, or leave it out to read UTF-8 and cp1252",
) -> DecodeError:
    """The error for bytes of `data` that `encoding` refuses, at their line
    and column (characters of the line, read with replacements) and their
    offset in the file, where `data` begins at byte `offset`, on line
    `first_line`; the message ends with `advice`."""
    bad = data[error.start : error.end].hex(" ")
    try:
        before = data[: error.start].decode(encoding, errors="replace")
        rest = data[error.start :].decode(encoding, errors="replace")
    except UnicodeError:  # a codec without replacements: the place is unknown
        unknown = Excerpt("", offset, first_line)  # the place: the start of `data`
        return DecodeError.at(f"Bytes {bad} are not {encoding} text", text=unknown, pos=offset)
    # The line and column count characters, the offset bytes (`DecodeError`).
    lines = Excerpt(before + rest, 0, first_line)
    line, column, source_line = line_and_column(lines, len(before))
    return DecodeError(
        f"Bytes {bad} are not {encoding} text; {advice}",
        line=line,
        column=column,
        pos=offset + error.start,
        source_line=source_line,
    )
