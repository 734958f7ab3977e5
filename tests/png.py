"""Just enough of PNG to read a screenshot: 8-bit RGB or RGBA, not interlaced."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

Pixel = tuple[int, int, int]


class Image:
    """The pixels of a PNG file, as rows of (red, green, blue)."""

    def __init__(self, path: Path) -> None:
        data = path.read_bytes()
        if data[:8] != b"\x89PNG\r\n\x1a\n":
            raise ValueError(f"{path} is not a PNG file")
        at, idat = 8, []
        while at < len(data):
            length, kind = struct.unpack(">I4s", data[at : at + 8])
            body = data[at + 8 : at + 8 + length]
            if kind == b"IHDR":
                self.width, self.height, depth, colour, _, _, interlace = struct.unpack(
                    ">IIBBBBB", body
                )
                if depth != 8 or colour not in (2, 6) or interlace:
                    raise ValueError(f"{path}: only 8-bit RGB(A), not interlaced")
                channels = 3 if colour == 2 else 4
            elif kind == b"IDAT":
                idat.append(body)
            at += 12 + length
        raw = zlib.decompress(b"".join(idat))
        stride = self.width * channels
        rows: list[bytearray] = []
        previous = bytearray(stride)
        for y in range(self.height):
            start = y * (stride + 1)
            kind, line = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
            for x in range(stride):
                left = line[x - channels] if x >= channels else 0
                up = previous[x]
                corner = previous[x - channels] if x >= channels else 0
                if kind == 1:
                    line[x] = (line[x] + left) & 0xFF
                elif kind == 2:
                    line[x] = (line[x] + up) & 0xFF
                elif kind == 3:
                    line[x] = (line[x] + (left + up) // 2) & 0xFF
                elif kind == 4:
                    estimate = left + up - corner
                    near = min(
                        (abs(estimate - left), 0, left),
                        (abs(estimate - up), 1, up),
                        (abs(estimate - corner), 2, corner),
                    )[2]
                    line[x] = (line[x] + near) & 0xFF
            rows.append(line)
            previous = line
        self.rows = [[tuple(line[x : x + 3]) for x in range(0, stride, channels)] for line in rows]

    def __getitem__(self, position: tuple[int, int]) -> Pixel:
        x, y = position
        red, green, blue = self.rows[y][x]
        return red, green, blue

    def regions(self, colour: Pixel, *, tolerance: int = 8, minimum: int = 1) -> int:
        """How many 4-connected regions of pixels of about `colour` there
        are, of at least `minimum` pixels each."""

        def near(pixel: tuple[int, ...]) -> bool:
            return all(abs(a - b) <= tolerance for a, b in zip(pixel, colour, strict=True))

        inside = [[near(pixel) for pixel in row] for row in self.rows]
        count = 0
        for y0 in range(self.height):
            for x0 in range(self.width):
                if not inside[y0][x0]:
                    continue
                size = 0
                stack = [(x0, y0)]
                inside[y0][x0] = False
                while stack:
                    x, y = stack.pop()
                    size += 1
                    for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                        if 0 <= nx < self.width and 0 <= ny < self.height and inside[ny][nx]:
                            inside[ny][nx] = False
                            stack.append((nx, ny))
                count += size >= minimum
        return count
