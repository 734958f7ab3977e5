// Boards (grammars/board.lark): its parser reads the squares and their
// run-length encoding (decoded as rle.js decodes, with board.lark's codes),
// then the semantic rules of its header: rows, the legend, the Hexoban layout.
import * as rle from "./rle.js";
import { bareBoard } from "./fast.js";

const { PortError, parsers } = rle;
const CODES = { syntax: "SOK301", zero: "SOK302", limit: "SOK303" };
// The printed square of each terminal of the legend.
const SQUARES = { WALL: "#", PUSHER: "@", PUSHER_ON_GOAL: "+", BOX: "$", BOX_ON_GOAL: "*", GOAL: ".", FLOOR: "-" };
// What is read as nothing: a "|" that ends a line, without a count (it adds
// no row), and the LF of a CRLF (a CRLF is one line break, as a CR is, and as
// sokfmt reads boards, one square of the limit).
const DROPPED = /(?<![0-9])\|(?=[\r\n]|$)|(?<=\r)\n/g;

// The squares `text` draws, rows apart by "\n": the text is decoded without
// what DROPPED matches, its line breaks at LF, and an error placed back in it.
export function drawn(text, limit) {
  const bare = bareBoard(text, limit);
  if (bare !== null) return bare;
  const dropped = [...text.matchAll(DROPPED)].map((found) => found.index);
  const kept = text.replace(DROPPED, "").replace(/\r/g, "\n");
  return rle.attempt(() => rle.decode(parsers.board, kept, limit, CODES), (error) => {
    throw Object.assign(error, { pos: dropped.reduce((at, bar) => (bar <= at ? at + 1 : at), error.pos) });
  });
}

// The characters of the legend (all ASCII) that print as another square, by
// their terminals, each with its printed square; made once.
function legend() {
  const T = rle.terminals(parsers.board);
  const square = (c) => SQUARES[Object.keys(SQUARES).find((name) => T[name].test(c))];
  return (parsers.board.legend ||= rle.ASCII.filter((c) => square(c) && square(c) !== c).map((c) => [c, square(c)]));
}
// The printed squares of rows of the legend.
const squares = (rows) => legend().reduce((text, [c, square]) => text.replaceAll(c, square), rows);

// The board of `text` as the vectors' JSON: its printed rows, its cells, its size.
export function parse(text, tessellation, limit = rle.DEFAULT_LIMIT) {
  const lines = drawn(text, limit).split("\n").map((line) => line.replace(/[ \t]+$/, ""));
  const first = lines.findIndex(Boolean);
  if (first < 0) throw new PortError("no rows", 0, "SOK306");
  let cells = squares(lines.slice(first, lines.findLastIndex(Boolean) + 1).join("\n")).split("\n");
  if (tessellation === "Hexoban") cells = hexobanCells(cells, (r, c) => layoutError(text, first + r, c));
  cells = padded(cells);
  if (!cells[0]) throw new PortError("no cells", 0, "SOK306");
  const rows = tessellation === "Hexoban" ? hexobanText(cells) : cells;
  return { rows, cells, width: cells[0].length, height: cells.length };
}

function padded(rows) {
  const width = rows.reduce((most, row) => Math.max(most, row.length), 0);
  return rows.map((row) => row.padEnd(width, "-"));
}

// Two text columns per cell, odd rows half a cell to the right.
function hexobanCells(lines, layoutError) {
  lines = padded(lines);
  const shift = lines.some((line, r) => r % 2 && line[0] !== "-") ? 1 : 0;
  if (shift) lines = lines.map((line) => `-${line}`);
  const r0 = lines.findIndex((line) => /[^-]/.test(line));
  const even = r0 < 0 ? 1 : (r0 + lines[r0].search(/[^-]/)) % 2;
  const cell = (r) => (square, c) => {
    if ((c + r) % 2 === even && (r % 2 === 0 || c > 0)) return square;
    if (square !== "-") throw layoutError(r, c - shift);
    return "";
  };
  return padded(lines.map((line, r) => [...line].map(cell(r)).join("")));
}

// At the square in plain text; at the start of the board in RLE text.
function layoutError(text, row, column) {
  const pos = /[0-9()|]/.test(text) ? 0 : rle.linesOf(text)[row][1] + column;
  return new PortError("a square in a filler column", pos, "SOK305");
}

// The printed layout: a filler before each cell, one more before odd rows; the
// last column goes when the rightmost square stands in an even row.
function hexobanText(cells) {
  const lines = padded(cells.map((row, r) => (r % 2 ? "-" : "") + row.replace(/./g, "-$&")));
  const ends = lines.map((line) => line.replace(/-+$/, "").length);
  const rightmost = (odd) => Math.max(...ends.filter((_, r) => r % 2 === odd));
  return lines.length > 1 && rightmost(0) > rightmost(1) ? lines.map((line) => line.slice(0, -1)) : lines;
}
