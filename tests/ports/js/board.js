// Boards (grammars/board.lark): its generated parser reads the squares and
// their run-length encoding (decoded as rle.js decodes), then the semantic
// rules of its header: a final "|", trailing spaces, rows of nothing, the
// Hexoban layout.
"use strict";

const rle = require("./rle.js");

const { PortError } = rle;
const CODES = { syntax: "SOK301", zero: "SOK302", limit: "SOK303" };
// The canonical square of each terminal of the legend.
const SQUARES = { WALL: "#", PUSHER: "@", PUSHER_ON_GOAL: "+", BOX: "$", BOX_ON_GOAL: "*", GOAL: ".", FLOOR: "-" };
// The legend's characters to canonical squares, and the characters of
// run-length encoding.  The legend's terminals are parts of RUN in
// board.lark, which its parser does not keep: they are read from sok.lark,
// whose line classes are made of the same legend (and RLE_SYNTAX).
function legend(parsers) {
  if (parsers.legend) return parsers.legend;
  const table = {};
  let syntax = null;
  for (const terminal of parsers.sok.terminals) {
    const pattern = new RegExp(`^(?:${terminal.pattern.to_regexp()})$`);
    if (terminal.name === "RLE_SYNTAX") syntax = new RegExp(terminal.pattern.to_regexp());
    if (!(terminal.name in SQUARES)) continue;
    for (let code = 0; code < 128; code++) {
      if (pattern.test(String.fromCharCode(code))) table[String.fromCharCode(code)] = SQUARES[terminal.name];
    }
  }
  return (parsers.legend = { table, syntax });
}

// A "|" that ends a line (uncounted) adds no row: the offsets of those dropped.
function finalBars(text) {
  const dropped = [];
  for (const found of text.matchAll(/(^|[^0-9])\|$/gm)) dropped.push(found.index + found[1].length);
  return dropped;
}

// The squares `text` draws, rows apart by line breaks; an error at its offset in `text`.
function drawn(parsers, text, limit = rle.DEFAULT_LIMIT) {
  const dropped = finalBars(text);
  const skip = new Set(dropped);
  const kept = skip.size ? text.split("").filter((c, i) => !skip.has(i)).join("") : text;
  try {
    return rle.decodeWith(parsers.board, CODES, kept, limit);
  } catch (error) {
    if (!(error instanceof PortError)) throw error;
    throw new PortError(error.message, dropped.reduce((at, d) => (d <= at ? at + 1 : at), error.pos), error.code);
  }
}

function parse(parsers, text, tessellation, limit = rle.DEFAULT_LIMIT) {
  const { table, syntax } = legend(parsers);
  text = text.replace(/\r\n?/g, "\n");
  const rows = drawn(parsers, text, limit)
    .split("\n")
    .map((row) => row.replace(/[ \t]+$/, ""));
  const first = rows.findIndex((row) => row);
  if (first < 0) throw new PortError("no rows", 0, "SOK306");
  while (!rows.at(-1)) rows.pop();
  let cells = rows.slice(first).map((row) => [...row].map((c) => table[c]).join(""));
  const filler = (row, column) => layoutError(text, row, column, syntax);
  if (tessellation === "Hexoban") cells = hexobanCells(cells, first, filler);
  cells = padded(cells);
  if (!cells[0]) throw new PortError("no cells", 0, "SOK306");
  return { tessellation, cells, rows: tessellation === "Hexoban" ? hexobanText(cells) : cells };
}

const padded = (rows) => {
  const width = rows.reduce((most, row) => Math.max(most, row.length), 0);
  return rows.map((row) => row.padEnd(width, "-"));
};

// Two text columns per cell, odd rows half a cell to the right.
function hexobanCells(lines, first, layoutError) {
  lines = padded(lines);
  const shift = lines.some((line, r) => r % 2 && line[0] !== "-") ? 1 : 0;
  if (shift) lines = lines.map((line) => `-${line}`);
  const r0 = lines.findIndex((line) => /[^-]/.test(line));
  const even = r0 < 0 ? 1 : (r0 + lines[r0].search(/[^-]/)) % 2;
  return padded(
    lines.map((line, r) => {
      const parity = r % 2 ? 1 - even : even;
      return [...line]
        .map((square, c) => {
          if (c % 2 === parity && (r % 2 === 0 || c > 0)) return square;
          if (square !== "-") throw layoutError(first + r, c - shift);
          return "";
        })
        .join("");
    })
  );
}

// At the square in plain text; at the start of the board in RLE text.
function layoutError(text, row, column, syntax) {
  const lines = text.split("\n");
  const plain = !syntax.test(text) && row < lines.length;
  const pos = plain ? lines.slice(0, row).reduce((s, line) => s + line.length + 1, 0) + column : 0;
  return new PortError("a square in a filler column", pos, "SOK305");
}

// The printed layout: a filler before each cell, one more before odd rows; the
// last column goes when the rightmost square stands in an even row.
function hexobanText(cells) {
  const lines = padded(cells.map((row, r) => (r % 2 ? "-" : "") + [...row].map((c) => `-${c}`).join("")));
  const rightmost = [-1, -1];
  lines.forEach((line, r) => (rightmost[r % 2] = Math.max(rightmost[r % 2], line.replace(/-+$/, "").length - 1)));
  return lines.length > 1 && rightmost[0] > rightmost[1] ? lines.map((line) => line.slice(0, -1)) : lines;
}

module.exports = { parse, drawn };
