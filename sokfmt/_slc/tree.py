"""The fast path of the .slc reader: a document that the full reader
(`_slc.read`) would read without a single diagnostic, read by the standard
library's tree builder, which builds its elements in C.

It accepts exactly what reads cleanly and gives the same collection (the
tests run both on the corpus, the vectors and the fuzz inputs); for
anything else (a problem, a doubt, content that .sok cannot hold, a
document type declaration, a comment) it gives None, and the full reader
reads the document again to say where and what.  A document type
declaration is refused before the tree builder sees the document, so that
it never expands an entity.
"""

from __future__ import annotations

import xml.parsers.expat
from xml.etree import ElementTree

from ..errors import ParseError
from ..puzzle import Collection, Puzzle
from .schema import (
    ATTRIBUTES,
    CHILDREN,
    MAX_TEXT,
    ROOT,
    ROOT_ATTRIBUTE,
    XML_SPACE,
    description,
    document_collection,
    level_board,
    one_line,
    sok_copyright_doubt,
    sok_description_doubt,
    sok_level_doubts,
)

# How much of the document may come before its root element.
_PROLOG = 4096
_SPACE_BYTES = XML_SPACE.encode()
# The tree builder takes some 300 bytes an element: the fast path is for
# documents of real levels (tens of bytes a tag) of up to a few megabytes.
_LARGEST = 4 << 20
_BYTES_PER_TAG = 6
_END_TAG = f"</{ROOT}>".encode()


class _Unusual(Exception):
    """The document reads with diagnostics, or not at all."""


def read(document: str | bytes) -> Collection | None:
    """The collection of `document`, or None when the full reader must read
    it.  Bytes must be UTF-8 (or ASCII) by the policy of `_files`: then they
    decode as expat decodes them, and invalid UTF-8 is unusual."""
    data = document.encode("utf-8", "surrogatepass") if isinstance(document, str) else document
    if len(data) > _LARGEST or data.count(b"<") * _BYTES_PER_TAG > len(data):
        return None  # a tree would take too much memory: the full reader streams
    try:
        declarations = _plain_prolog(data[:_PROLOG])
        # The tree builder takes namespace declarations away; the full
        # reader allows them on the root only.
        if data.count(b"xmlns") != declarations:
            return None
        root = _tree(data)
        collection = _collection(root)
        # Every element has been checked but the rows, of which there are
        # many: no row holds an element (one more element than the
        # structure counts), and none has attributes (each is written
        # "<L>" or "<L/>").
        levels = root.find("LevelCollection")
        assert levels is not None
        rows = sum(map(len, levels))
        if len(list(root.iter())) != 1 + len(root) + len(levels) + rows:
            return None
        if data.count(b"<L>") + data.count(b"<L/>") != rows:
            return None
        return collection
    except (_Unusual, ParseError):
        return None


def _plain_prolog(head: bytes) -> int:
    """Check that the document begins with its root element after nothing
    but an XML declaration and white space, and that the root's attributes
    are those the full reader allows, as expat sees them without namespace
    processing (the tree builder's way would hide their prefixes).

    Returns:
        How many namespace declarations the root has.
    """
    parser = xml.parsers.expat.ParserCreate(encoding="UTF-8")
    found: list[int] = []

    def root(name: str, attributes: dict[str, str]) -> None:
        if all(map(ROOT_ATTRIBUTE.fullmatch, attributes)):
            found.append(sum(name.startswith("xmlns") for name in attributes))
        raise _Unusual  # stops expat here: the prolog is read

    def unusual(*_: object) -> None:
        raise _Unusual

    parser.StartElementHandler = root
    parser.StartDoctypeDeclHandler = unusual
    parser.CommentHandler = unusual
    parser.ProcessingInstructionHandler = unusual
    try:
        parser.Parse(head, False)
    except _Unusual:
        if found:
            return found[0]
    except xml.parsers.expat.ExpatError:
        pass
    raise _Unusual


def _tree(data: bytes) -> ElementTree.Element:
    """The document's root, built in C.  Comments and processing
    instructions inside it become elements of their own, which no check
    lets pass; after it, the document must end with the root's end tag."""
    builder = ElementTree.TreeBuilder(insert_comments=True, insert_pis=True)
    parser = ElementTree.XMLParser(target=builder, encoding="UTF-8")
    try:
        parser.feed(data)
        root = parser.close()
    except ElementTree.ParseError:
        raise _Unusual from None
    if not data.rstrip(_SPACE_BYTES).endswith(_END_TAG):
        raise _Unusual  # something after the root, or a root without an end tag
    assert isinstance(root, ElementTree.Element)
    return root


def _collection(root: ElementTree.Element) -> Collection:
    if root.tag != ROOT:
        raise _Unusual
    _only_space(root)
    # The root's children: each at most once, in the schema's order.
    allowed = CHILDREN[ROOT]
    places = [allowed.index(child.tag) if child.tag in allowed else -1 for child in root]
    if -1 in places or places != sorted(set(places)):
        raise _Unusual
    fields = {child.tag: _text(child) for child in root if child.tag != "LevelCollection"}
    levels = root.find("LevelCollection")
    if levels is None:
        raise _Unusual  # no level: a warning
    _attributes_of(levels)
    _only_space(levels)
    puzzles = tuple(map(_puzzle, levels))
    if not puzzles:
        raise _Unusual
    elements = {
        "title": _one_line(fields.get("Title", "")),
        "author": _one_line(levels.get("Copyright", ""), strip=False),
        "email": _one_line(fields.get("Email", "")),
        "url": _one_line(fields.get("Url", "")),
    }
    notes = description(fields.get("Description", ""))
    collection = document_collection(elements, notes, puzzles)
    if sok_copyright_doubt(collection.author) or sok_description_doubt(collection):
        raise _Unusual  # a content warning
    return collection


def _puzzle(level: ElementTree.Element) -> Puzzle:
    if level.tag != "Level":
        raise _Unusual
    _attributes_of(level)
    _only_space(level)
    rows = [row.text or "" for row in level if row.tag == "L"]  # the rest: see `read`
    if not rows or len(rows) != len(level) or max(map(len, rows)) > MAX_TEXT:
        raise _Unusual
    board, doubts = level_board(rows, level.attrib)
    if doubts:
        raise _Unusual
    puzzle = Puzzle(
        board,
        title=_one_line(level.get("Id", ""), strip=False),
        author=_one_line(level.get("Copyright", ""), strip=False),
    )
    if sok_level_doubts(puzzle):
        raise _Unusual  # a content warning
    return puzzle


def _text(element: ElementTree.Element) -> str:
    """The text of an element that holds text only."""
    if len(element) or element.attrib:
        raise _Unusual
    text = element.text or ""
    if len(text) > MAX_TEXT:
        raise _Unusual
    return text


def _attributes_of(element: ElementTree.Element) -> None:
    allowed = ATTRIBUTES.get(element.tag, ())
    if any(name not in allowed for name in element.attrib):
        raise _Unusual


def _only_space(element: ElementTree.Element) -> None:
    """Nothing but XML's white space between the children of `element`."""
    between = "".join([element.text or "", *[child.tail or "" for child in element]])
    if between.strip(XML_SPACE):
        raise _Unusual


def _one_line(text: str, *, strip: bool = True) -> str:
    value, joined = one_line(text, strip=strip)
    if joined:
        raise _Unusual
    return value
