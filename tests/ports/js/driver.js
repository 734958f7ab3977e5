// A JavaScript port of sokfmt's languages, run against tests/vectors.
//
//   node driver.js PARSERS_DIR VECTORS_DIR
//
// PARSERS_DIR holds the parsers that lark-js generated from grammars/*.lark
// (tests/ports/js/generate.py).  Everything below is the port's own code: what
// each grammar's header says a port must write -- the semantic rules, and for
// sok.lark and lev.lark the lexer -- written from those headers, not from the
// Python code.  It prints a JSON report: per grammar, the cases that passed,
// failed, or were left out because code the port does not have decides them.
"use strict";

const fs = require("fs");
const path = require("path");

const [parsersDir, vectorsDir] = process.argv.slice(2);
const generated = (name) => require(path.resolve(parsersDir, `${name}.js`));
const readJson = (file) => JSON.parse(fs.readFileSync(file, "utf8"));
const DEFAULT_LIMIT = 5000000;

// ------------------------------------------------------------------ errors

// An error of the port, at an offset of the text it read.
class PortError extends Error {
  constructor(message, pos) {
    super(message);
    this.pos = pos;
  }
}

// 1-based line and column of an offset ("\n" ends a line).
function lineColumn(text, pos) {
  const before = text.slice(0, pos);
  const line = before.split("\n").length;
  return { line, column: pos - (before.lastIndexOf("\n") + 1) + 1 };
}

// The offset a lark-js exception points at; a premature end is the end of the text.
function errorPos(error, text) {
  if (error instanceof PortError) return error.pos;
  if (error.token && error.token.type === "$END") return text.length;
  // lark-js keeps a token's offset 0 as null ("start_pos || null"): ask the token.
  if (error.token && typeof error.token.start_pos === "number") return error.token.start_pos;
  if (typeof error.pos_in_stream === "number") return error.pos_in_stream;
  throw error; // not an error about the text: a bug of the port
}

// --------------------------------------------------------------------- RLE

// The decoded size of a group-free run (a count repeats the next character).
function runPieces(run, pos) {
  const pieces = []; // [count, text]
  const counted = /([0-9]+)([^0-9])|([^0-9]+)/gsu;
  let found;
  while ((found = counted.exec(run)) !== null) {
    if (found[3] !== undefined) {
      pieces.push([1, found[3]]);
    } else {
      const count = Number(found[1]);
      if (count === 0) throw new PortError("a count of 0", pos + found.index);
      pieces.push([count, found[2]]);
    }
  }
  return pieces;
}

// A parse tree of rle.lark or board.lark to its size, then (within the limit) its text.
function rleSize(node) {
  if (node.type === "LINE_BREAK") return 1;
  if (node.data === "run") {
    const token = node.children[0];
    return runPieces(token.value, token.start_pos).reduce((s, [n, t]) => s + n * t.length, 0);
  }
  const [count, items] = countAndItems(node);
  return count * items.reduce((s, child) => s + rleSize(child), 0);
}

function countAndItems(node) {
  const first = node.children[0];
  if (first && first.type === "COUNT") {
    const count = Number(first.value);
    if (count === 0) throw new PortError("a count of 0", first.start_pos);
    return [count, node.children.slice(1)];
  }
  return [1, node.children];
}

function rleText(node) {
  if (node.type === "LINE_BREAK") return "\n";
  if (node.data === "run") {
    const token = node.children[0];
    return runPieces(token.value, token.start_pos).map(([n, t]) => t.repeat(n)).join("");
  }
  const [count, items] = countAndItems(node);
  return items.map(rleText).join("").repeat(count);
}

function rleDecode(parser, text, limit) {
  const tree = parser.parse(text);
  if (rleSize(tree) > limit) throw new PortError("over the limit", 0);
  return rleText(tree).replace(/\|/g, "\n");
}

// ------------------------------------------------------------------- moves

// Letters and their directions per tessellation (moves.lark's header).
const LETTERS = {
  Sokoban: { l: "left", r: "right", u: "up", d: "down" },
  Hexoban: { l: "left", r: "right", u: "north west", n: "north east", s: "south west", d: "south east" },
  Octoban: {
    l: "left", r: "right", u: "up", d: "down",
    w: "north west", e: "south east", n: "north east", s: "south west",
  },
};
LETTERS.Trioban = LETTERS.Hexoban;
const KIND = { "": null, "[": "jump", "{": "pusher change" };

// The segments of a moves tree: [bracket, letters with "*", [tokens]], counts expanded.
function segments(node, bracket) {
  if (node.data === "run") {
    const token = node.children[0];
    const text = token.value.replace(/[ \t\r\n]+/g, "");
    return [[bracket, runPieces(text, token.start_pos).map(([n, t]) => t.repeat(n)).join(""), [token]]];
  }
  if (node.data === "jump" || node.data === "pusher_change") {
    const inner = node.data === "jump" ? "[" : "{";
    const parts = node.children.flatMap((child) => segments(child, inner));
    return [[inner, parts.map((p) => p[1]).join(""), parts.flatMap((p) => p[2])]];
  }
  if (node.data === "start") return node.children.flatMap((child) => segments(child, bracket));
  // group and bracketed_group
  const [count, items] = countAndItems(node);
  const parts = items.flatMap((child) => segments(child, bracket));
  return Array.from({ length: count }, () => parts).flat();
}

function movesSize(node) {
  if (node.data === "run") {
    const text = node.children[0].value.replace(/[ \t\r\n]+/g, "");
    return runPieces(text, node.children[0].start_pos).reduce((s, [n, t]) => s + n * t.length, 0);
  }
  const brackets = node.data === "jump" || node.data === "pusher_change" ? 2 : 0;
  const [count, items] = node.data === "start" || brackets ? [1, node.children] : countAndItems(node);
  return brackets + count * items.reduce((s, child) => s + movesSize(child), 0);
}

function decodeMoves(parser, text, tessellation, limit) {
  const tree = parser.parse(text);
  if (movesSize(tree) > limit) throw new PortError("over the limit", 0);
  const letters = LETTERS[tessellation];
  const steps = [];
  let position = null;
  let reverse = false;
  for (const [bracket, written, tokens] of segments(tree, "")) {
    if (bracket === "[") reverse = true;
    for (const char of written) {
      if (char === "*") {
        if (position !== null) throw new PortError("* twice", nth(tokens, "*", 1));
        position = steps.length;
        continue;
      }
      const lower = char.toLowerCase();
      if (!(lower in letters)) throw new PortError("not a move of the tessellation", firstOf(tokens, char));
      const push = char !== lower;
      if (push && bracket) throw new PortError("upper case in brackets", firstOf(tokens, char));
      steps.push([KIND[bracket] || (push ? "push or pull" : "move"), letters[lower]]);
    }
  }
  return { steps, reverse, position };
}

// Offset of the first `char` in the tokens, and of the n-th (0-based) "*".
function firstOf(tokens, char) {
  for (const token of tokens) {
    const at = token.value.indexOf(char);
    if (at >= 0) return token.start_pos + at;
  }
  return 0;
}

function nth(tokens, char, n) {
  const found = [];
  for (const token of tokens) {
    for (let i = 0; i < token.value.length; i++) if (token.value[i] === char) found.push(token.start_pos + i);
  }
  return found[Math.min(n, found.length - 1)];
}

// The canonical text of a game (the vectors' "printed").
function printed(game, tessellation, rle) {
  const letterOf = Object.fromEntries(Object.entries(LETTERS[tessellation]).map(([l, d]) => [d, l]));
  const bracketOf = { jump: "[]", "pusher change": "{}" };
  let text = game.reverse && !(game.steps.length && game.steps[0][0] === "jump") ? "[]" : "";
  let open = null;
  game.steps.forEach(([kind, direction], index) => {
    const brackets = bracketOf[kind] || null;
    if (open !== brackets) {
      if (open) text += open[1];
      if (brackets) text += brackets[0];
      open = brackets;
    }
    if (index === game.position) text += "*";
    const letter = letterOf[direction];
    text += kind === "push or pull" ? letter.toUpperCase() : letter;
  });
  if (open) text += open[1];
  if (!rle) return text;
  return text.replace(/(.)\1\1+/g, (run, char) => `${run.length}${char}`);
}

function movesVector(game, tessellation) {
  const pushes = game.steps.filter(([kind]) => kind === "push or pull").length;
  const moves = game.steps.filter(([kind]) => kind === "move").length;
  const position = game.position === null ? game.steps.length : game.position;
  const shown = { ...game, position };
  return {
    steps: game.steps,
    solving_mode: game.reverse ? "reverse" : "forward",
    current_move_idx: position,
    moves_count: moves,
    pushes_count: pushes,
    printed: printed(shown, tessellation, false),
    printed_rle: printed(shown, tessellation, true),
  };
}

// ------------------------------------------------------------------ boards

const CANONICAL = { W: "#", p: "@", m: "@", P: "+", M: "+", b: "$", B: "*", o: ".", " ": "-", "\t": "-", _: "-" };

function parseBoard(parser, text, tessellation, limit = DEFAULT_LIMIT) {
  text = text.replace(/\r\n?/g, "\n");
  // A "|" that ends a line (without a count) ends its row, as the line break does.
  const lines = text.split("\n").map((line) => (/[^0-9]\|$|^\|$/.test(line) ? line.slice(0, -1) : line));
  const decoded = rleDecode(parser, lines.join("\n"), limit);
  let rows = decoded.split("\n").map((row) => row.replace(/[ \t]+$/, ""));
  let skipped = 0; // leading empty rows are not part of the board
  while (rows.length && !rows[0]) {
    rows.shift();
    skipped += 1;
  }
  while (rows.length && !rows[rows.length - 1]) rows.pop();
  if (!rows.length) throw new PortError("no rows", 0);
  rows = rows.map((row) => [...row].map((c) => CANONICAL[c] || c).join(""));
  if (tessellation === "Hexoban") rows = hexobanCells(rows, text, skipped);
  const width = Math.max(...rows.map((row) => row.length));
  const cells = rows.map((row) => row.padEnd(width, "-"));
  return { cells, rows: tessellation === "Hexoban" ? hexobanText(cells) : cells, width, height: cells.length };
}

function hexobanCells(lines, text, skipped) {
  const width = Math.max(...lines.map((l) => l.length));
  lines = lines.map((l) => l.padEnd(width, "-"));
  const shift = lines.some((line, r) => r % 2 === 1 && line[0] !== "-") ? 1 : 0;
  if (shift) lines = lines.map((l) => "-" + l);
  let first = null;
  lines.some((line, r) => [...line].some((c, x) => c !== "-" && (first = [r, x])));
  const even = first === null ? 1 : (first[0] + first[1]) % 2;
  const cells = lines.map((line, r) => {
    const parity = r % 2 === 0 ? even : 1 - even;
    let row = "";
    [...line].forEach((square, c) => {
      if (c % 2 === parity && (r % 2 === 0 || c > 0)) row += square;
      else if (square !== "-") {
        const plain = !/[0-9()|]/.test(text);
        const sourceLines = text.split("\n");
        const row = r + skipped;
        const pos = plain ? sourceLines.slice(0, row).reduce((s, l) => s + l.length + 1, 0) + c - shift : 0;
        throw new PortError("hexoban filler", pos);
      }
    });
    return row;
  });
  const cellWidth = Math.max(...cells.map((c) => c.length));
  return cells.map((row) => row.padEnd(cellWidth, "-"));
}

function hexobanText(cells) {
  let lines = cells.map((row, r) => (r % 2 ? "-" : "") + [...row].map((c) => "-" + c).join(""));
  const width = Math.max(...lines.map((l) => l.length));
  lines = lines.map((l) => l.padEnd(width, "-"));
  const rightmost = [-1, -1];
  lines.forEach((line, r) => {
    rightmost[r % 2] = Math.max(rightmost[r % 2], line.replace(/-+$/, "").length - 1);
  });
  const narrow = rightmost[0] < 0 || rightmost[1] < 0 || rightmost[0] > rightmost[1];
  return narrow ? lines.map((l) => l.slice(0, -1)) : lines;
}

// ------------------------------------------------------------ the runner

const report = {};

function record(language, outcome, name, detail) {
  const entry = (report[language] = report[language] || { passed: 0, failed: 0, semantic: 0, failures: [] });
  entry[outcome] += 1;
  if (outcome === "failed") entry.failures.push({ name, detail });
}

function same(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

// Run one case: `attempt` returns what the port makes of the input or throws.
function runCase(language, text, testCase, attempt, compare = same) {
  let outcome;
  try {
    const result = attempt();
    if ("error" in testCase) outcome = ["failed", "accepted an invalid input"];
    else outcome = compare(result, testCase.expected) ? ["passed"] : ["failed", result];
  } catch (error) {
    if (!("error" in testCase)) {
      outcome = ["failed", `rejected: ${error.message}`];
    } else {
      const where = lineColumn(text, errorPos(error, text));
      outcome = same(where, testCase.error) ? ["passed"] : ["failed", where];
    }
  }
  record(language, outcome[0], testCase.name, outcome[1]);
}

function runVectors() {
  const rle = generated("rle").get_parser();
  for (const c of readJson(path.join(vectorsDir, "rle.json")).cases) {
    runCase("rle", c.input, c, () => rleDecode(rle, c.input, c.limit || DEFAULT_LIMIT));
  }
  const moves = generated("moves").get_parser();
  for (const c of readJson(path.join(vectorsDir, "moves.json")).cases) {
    runCase("moves", c.input, c, () =>
      movesVector(decodeMoves(moves, c.input, c.tessellation, c.limit || DEFAULT_LIMIT), c.tessellation)
    );
  }
  const board = generated("board").get_parser();
  for (const c of readJson(path.join(vectorsDir, "board", "boards.json")).cases) {
    runCase("board", c.input, c, () => parseBoard(board, c.input, c.tessellation), (result, expected) =>
      same(
        { rows: result.rows, cells: result.cells, width: result.width, height: result.height },
        { rows: expected.rows, cells: expected.cells, width: expected.width, height: expected.height }
      )
    );
  }
  require("./lev_port.js").run(generated, vectorsDir, { record, runCase, PortError, lineColumn });
  require("./sok_port.js").run(generated, vectorsDir, {
    record, runCase, PortError, lineColumn, errorPos, parseBoard, decodeMoves, LETTERS,
  });
}

runVectors();
process.stdout.write(JSON.stringify(report, null, 2) + "\n");
