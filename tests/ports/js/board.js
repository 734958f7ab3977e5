// Boards ("Boards" in grammars/sok.lark's header): rle.lark decodes the
// text, the legend's terminals of sok.lark give the squares, then the
// Hexoban layout.
"use strict";

const rle = require("./rle.js");

const { PortError } = rle;
// The canonical square of each terminal of the legend.
const SQUARES = { WALL: "#", PUSHER: "@", PUSHER_ON_GOAL: "+", BOX: "$", BOX_ON_GOAL: "*", GOAL: ".", FLOOR: "-" };

// The legend's characters to canonical squares; what may not stand in a
// board's text; RLE syntax.
function legend(parsers) {
  if (parsers.legend) return parsers.legend;
  const table = {};
  let allowed = "";
  let syntax = null;
  for (const terminal of parsers.sok.terminals) {
    const pattern = new RegExp(`^(?:${terminal.pattern.to_regexp()})$`);
    if (terminal.name === "RLE_SYNTAX") syntax = new RegExp(terminal.pattern.to_regexp());
    for (let code = 0; code < 128; code++) {
      const c = String.fromCharCode(code);
      if (!pattern.test(c) || !(terminal.name in SQUARES || terminal.name === "RLE_SYNTAX")) continue;
      if (terminal.name in SQUARES) table[c] = SQUARES[terminal.name];
      allowed += `\\x${code.toString(16).padStart(2, "0")}`;
    }
  }
  return (parsers.legend = { table, stray: new RegExp(`[^${allowed}\\n]`), syntax });
}

// A "|" that ends a line (uncounted) adds no row: the offsets of those dropped.
function finalBars(text) {
  const dropped = [];
  for (const found of text.matchAll(/(^|[^0-9])\|$/gm)) dropped.push(found.index + found[1].length);
  return dropped;
}

function parse(parsers, text, tessellation, limit = rle.DEFAULT_LIMIT) {
  const { table, stray, syntax } = legend(parsers);
  text = text.replace(/\r\n?/g, "\n");
  const strayPos = text.search(stray);
  const dropped = finalBars(text);
  const skip = new Set(dropped);
  const kept = skip.size ? text.split("").filter((c, i) => !skip.has(i)).join("") : text;
  let decoded = "";
  try {
    decoded = rle.decode(parsers, kept, limit);
  } catch (error) {
    if (!(error instanceof PortError)) throw error;
    const pos = dropped.reduce((at, d) => (d <= at ? at + 1 : at), error.pos);
    if (strayPos < 0 || pos < strayPos) throw new PortError(error.message, pos, `SOK3${error.code.slice(-2)}`);
  }
  if (strayPos >= 0) throw new PortError("not a square of the legend", strayPos, "SOK301");
  const rows = decoded.split("\n").map((row) => row.replace(/[ \t]+$/, ""));
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

module.exports = { parse };
