"""Reference implementations: the simplest correct `re`/`str` code for each job,
the practical speed limit of CPython that sokfmt is measured against."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree
from collections.abc import Sequence

from sokfmt import Board, Collection, Direction, LevPuzzle, Puzzle, Step, StepKind, Tessellation
from sokfmt.moves import decoding_table

_INNERMOST_GROUP = re.compile(r"(\d*)\(([^()]*)\)")
_COUNTED = re.compile(r"(\d+)(.)")


def _expand_counts(text: str) -> str:
    return _COUNTED.sub(lambda m: m[2] * int(m[1]), text)


def decode_rle(text: str) -> str:
    """Expand groups from the innermost out, then counts; ``|`` is a line break."""
    while "(" in text:
        text = _INNERMOST_GROUP.sub(lambda m: _expand_counts(m[2]) * int(m[1] or 1), text)
    return _expand_counts(text).replace("|", "\n")


_FORWARD = decoding_table(Tessellation.SOKOBAN)


def forward_steps(text: str) -> tuple[Step, ...]:
    """The steps of a forward Sokoban game: white space out, RLE expanded,
    each letter looked up."""
    return tuple(map(_FORWARD.__getitem__, decode_rle("".join(text.split()))))


def lev_parse(text: str) -> LevPuzzle:
    """A .lev file read with str methods alone: sections by keyword, rows by count."""
    fields: dict[str, object] = {}
    colors, images, comments, layout = [], [], [], []
    lines = text.split("\n")
    index = 0
    height = 0
    while index < len(lines):
        line = lines[index].strip()
        index += 1
        if not line:
            continue
        if line.startswith(";"):
            comments.append(line)
            layout.append("comment")
            continue
        word, *args = line.split()
        layout.append(word)
        if word == "size":
            fields["width"], fields["height"] = int(args[0]), int(args[1])
            height = int(args[1])
        elif word in ("initial", "target"):
            fields[word] = tuple(lines[index : index + height])
            index += height
        elif word == "color":
            colors.append((args[0], (int(args[1]), int(args[2]), int(args[3]))))
        elif word == "img":
            images.append((args[0], line.split(None, 2)[2]))
        elif word == "end":
            fields["end"] = True
        elif word in ("fgimg", "bgimg"):
            fields["foreground" if word == "fgimg" else "background"] = line.split(None, 1)[1]
    return LevPuzzle(
        colors=tuple(colors),
        images=tuple(images),
        comments=tuple(comments),
        layout=tuple(layout),
        **fields,  # type: ignore[arg-type]
    )


_OFFSET = {
    Direction.LEFT: (0, -1),
    Direction.RIGHT: (0, 1),
    Direction.UP: (-1, 0),
    Direction.DOWN: (1, 0),
}


def replay_sokoban(rows: Sequence[str], steps: Sequence[Step]) -> tuple[bool, int, ...]:
    """A forward Sokoban game played on a list of squares, one index per
    cell, checking what sokfmt checks (walls, boxes, the case of each letter)
    and counting the same metrics.  The board must be closed by walls.

    Returns (solved, moves, pushes, box lines, box changes, pushing sessions,
    pusher lines); an illegal step ends the game unsolved.
    """
    width = len(rows[0])
    cells = list("".join(rows))
    offsets = {d: dy * width + dx for d, (dy, dx) in _OFFSET.items()}
    here = next(i for i, square in enumerate(cells) if square in "@+")
    cells[here] = "." if cells[here] == "+" else "-"
    moves = pushes = lines = changes = sessions = pusher_lines = 0
    last_box, previous_push, last_direction = -1, False, None
    for step in steps:
        delta = offsets[step.direction]
        there = here + delta
        square = cells[there]
        push = step.kind is StepKind.PUSH_OR_PULL
        if square in "$*":
            beyond = there + delta
            if not push or cells[beyond] not in "-.":
                return (False, moves, pushes, lines, changes, sessions, pusher_lines)
            cells[there] = "." if square == "*" else "-"
            cells[beyond] = "*" if cells[beyond] == "." else "$"
            pushes += 1
            changes += there != last_box
            sessions += not previous_push
            lines += there != last_box or not previous_push
            last_box = beyond
        elif square == "#" or push:
            return (False, moves, pushes, lines, changes, sessions, pusher_lines)
        moves += 1
        pusher_lines += step.direction is not last_direction
        previous_push, last_direction = push, step.direction
        here = there
    solved = "$" not in cells
    return (solved, moves, pushes, lines, changes, sessions, pusher_lines)


class SokobanGame:
    """A forward Sokoban game played one key at a time on a list of squares,
    as `sokfmt.Game.move` plays it: a move, or a push when a box is in the
    way, the step recorded for undo and the six metrics counted as it goes.
    The board must be closed by walls."""

    def __init__(self, rows: Sequence[str]) -> None:
        width = len(rows[0])
        self.cells = cells = list("".join(rows))
        self.offsets = {d: dy * width + dx for d, (dy, dx) in _OFFSET.items()}
        self.here = next(i for i, square in enumerate(cells) if square in "@+")
        cells[self.here] = "." if cells[self.here] == "+" else "-"
        self.history: list[tuple[Step, int]] = []  # each step, and the last box before it
        self.moves = self.pushes = self.lines = self.changes = self.sessions = 0
        self.pusher_lines = 0
        self.last_box = -1

    def move(self, direction: Direction) -> Step:
        """Play the key; an illegal one raises ValueError and changes nothing."""
        cells, delta = self.cells, self.offsets[direction]
        there = self.here + delta
        square = cells[there]
        previous = self.history[-1][0] if self.history else None
        if square in "$*":
            beyond = there + delta
            if cells[beyond] not in "-.":
                raise ValueError("the box cannot move")
            cells[there] = "." if square == "*" else "-"
            cells[beyond] = "*" if cells[beyond] == "." else "$"
            step = _PUSHES[direction]
            session = previous is None or previous.kind is not StepKind.PUSH_OR_PULL
            self.pushes += 1
            self.changes += there != self.last_box
            self.sessions += session
            self.lines += there != self.last_box or session
            self.history.append((step, self.last_box))
            self.last_box = beyond
        elif square == "#":
            raise ValueError("a wall")
        else:
            step = _MOVES[direction]
            self.history.append((step, self.last_box))
        self.moves += 1
        self.pusher_lines += previous is None or previous.direction is not direction
        self.here = there
        return step

    def result(self) -> tuple[bool, int, ...]:
        """(solved, moves, pushes, box lines, box changes, pushing sessions,
        pusher lines), as `replay_sokoban` gives them."""
        return (
            "$" not in self.cells,
            self.moves,
            self.pushes,
            self.lines,
            self.changes,
            self.sessions,
            self.pusher_lines,
        )


_MOVES = {d: Step(StepKind.MOVE, d) for d in _OFFSET}
_PUSHES = {d: Step(StepKind.PUSH_OR_PULL, d) for d in _OFFSET}


_SLC_FLOOR = str.maketrans(" ", "-")


def slc_parse(data: bytes) -> Collection:
    """An .slc document read with `xml.etree`: each ``Level`` a puzzle whose
    rows are its ``L`` texts, blanks as floor, padded to the level's width.
    It trusts the document: no check of structure, legend or sizes."""
    root = ElementTree.fromstring(data)
    levels = root.find("LevelCollection")
    puzzles = []
    for level in levels.iter("Level") if levels is not None else ():
        rows = [row.text or "" for row in level.iter("L")]
        width = max(int(level.get("Width") or 0), *map(len, rows))
        cells = tuple(row.translate(_SLC_FLOOR).ljust(width, "-") for row in rows)
        puzzles.append(
            Puzzle(
                Board(Tessellation.SOKOBAN, cells),
                title=level.get("Id", ""),
                author=level.get("Copyright", ""),
            )
        )
    return Collection(
        title=(root.findtext("Title") or "").strip(),
        author=levels.get("Copyright", "") if levels is not None else "",
        notes=(root.findtext("Description") or "").strip(),
        email=(root.findtext("Email") or "").strip(),
        url=(root.findtext("Url") or "").strip(),
        puzzles=tuple(puzzles),
    )
