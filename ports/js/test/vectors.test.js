// Every case of sokfmt's language-neutral vectors (tests/vectors, beside this
// package in sokfmt's tree): the errors through the public API, which places
// them; the results in the vectors' shapes (the steps of a game, the cells of
// a board), which the modules under the API make.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import * as rle from "../rle.js";
import * as moves from "../moves.js";
import * as board from "../board.js";
import * as api from "../index.js";

const VECTORS = fileURLToPath(new URL("../../../tests/vectors/", import.meta.url));
const KINDS = { SOK1: "SokSyntaxError", SOK2: "SavedGameSyntaxError", SOK3: "BoardSyntaxError" };
// Runs of one letter, without a back reference (V8 runs out of stack on one of millions).
const RUNS = new RegExp([..."lurdneswLURDNESW"].map((c) => `${c}+`).join("|"), "g");

// The directions of the letters (moves.lark's header), for the steps of the vectors.
const SQUARE = { l: "left", r: "right", u: "up", d: "down" };
const HEX = { l: "left", r: "right", u: "north west", n: "north east", s: "south west", d: "south east" };
const OCTO = { ...SQUARE, w: "north west", e: "south east", n: "north east", s: "south west" };
const DIRECTIONS = { Sokoban: SQUARE, Hexoban: HEX, Trioban: HEX, Octoban: OCTO };
const OPENINGS = { "[": "jump", "{": "pusher change" };

// The JSON object of the moves vectors, from the canonical moves the package
// reads: a step for each letter (of the kind its brackets say, else its case
// does), "*" before the letter at the position.
function gameVector({ moves, position }, tessellation) {
  const [steps, letters] = [[], [...moves.matchAll(/[a-z]/gi)]];
  let opened = null;
  for (const c of moves) {
    if (c in OPENINGS || c === "]" || c === "}") opened = OPENINGS[c] || null;
    else {
      const kind = opened || (c === c.toLowerCase() ? "move" : "push or pull");
      steps.push([kind, DIRECTIONS[tessellation][c.toLowerCase()]]);
    }
  }
  const at = letters[position]?.index;
  const printed = at === undefined ? moves : `${moves.slice(0, at)}*${moves.slice(at)}`;
  return {
    steps,
    solving_mode: moves.startsWith("[") ? "reverse" : "forward",
    current_move_idx: position,
    moves_count: steps.filter((s) => s[0] === "move").length,
    pushes_count: steps.filter((s) => s[0] === "push or pull").length,
    printed,
    printed_rle: printed.replace(RUNS, (run) => (run.length > 2 ? `${run.length}${run[0]}` : run)),
  };
}

// What the package makes of a case: the vectors' result, or the error thrown.
function outcome(c) {
  const options = { tessellation: c.tessellation, limit: c.limit, strict: c.strict, onWarning: () => {} };
  switch (c.language) {
    case "rle":
      return api.rleDecode(c.input, options);
    case "moves":
      api.parseMoves(c.input, options);
      return gameVector(moves.decode(c.input, c.tessellation, c.limit), c.tessellation);
    case "board":
      api.parseBoard(c.input, options);
      return board.parse(c.input, c.tessellation, c.limit);
    case "sok":
      return api.parseSok(c.input, options);
    default:
      return api.parseLev(c.input, options);
  }
}

// Files are bytes: UTF-8 (a byte order mark dropped), else cp1252, as sokfmt decodes them.
function readText(file) {
  const bytes = readFileSync(file);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

const json = (path) => JSON.parse(readFileSync(VECTORS + path, "utf8"));
const table = (path) => {
  const { language, cases } = json(path);
  return cases.map((c) => ({ language, ...c }));
};
const files = (language) =>
  readdirSync(VECTORS + language)
    .filter((name) => /\.(sok|xsb|lev)$/.test(name))
    .sort()
    .map((name) => ({
      language,
      name,
      input: readText(`${VECTORS}${language}/${name}`),
      expected: json(`${language}/${name.replace(/\.\w+$/, ".json")}`),
    }));
const TABLES = ["rle.json", "moves.json", "board/boards.json", "sok/invalid.json", "lev/invalid.json"];
export const CASES = [...TABLES.flatMap(table), ...files("sok"), ...files("lev")];
// Every problem of a text, in the order sokfmt reports them; but the package
// checks no puzzle's content (SOK4xx) and throws the first error.
const DIAGNOSTICS = table("sok/diagnostics.json").map((c) => ({
  ...c,
  diagnostics: c.diagnostics.filter(([, code]) => !code.startsWith("SOK4")),
}));

for (const c of CASES) {
  test(`${c.language}: ${c.name}`, () => {
    if (c.expected !== undefined) {
      assert.deepStrictEqual(outcome(c), c.expected);
      return;
    }
    let thrown;
    try {
      outcome(c);
    } catch (found) {
      thrown = found;
    }
    assert.ok(thrown instanceof api.ParseError, `not a ParseError: ${thrown}`);
    assert.deepStrictEqual({ line: thrown.line, column: thrown.column }, c.error);
    if (c.code) assert.equal(thrown.code, c.code);
    if (c.kind) assert.equal(thrown.name, c.kind);
  });
}

for (const c of DIAGNOSTICS) {
  test(`sok diagnostics: ${c.name}`, () => {
    const found = [];
    const read = () => api.parseSok(c.input, { onWarning: (w) => found.push(["warning", w.code, w.line, w.column]) });
    const error = c.diagnostics.find(([severity]) => severity === "error");
    if (error) {
      const placed = (thrown) => ["error", thrown.code, thrown.line, thrown.column];
      assert.throws(read, (thrown) => assert.deepStrictEqual(placed(thrown), error) ?? true);
      return;
    }
    assert.equal(read().puzzles.length, c.puzzles);
    assert.deepStrictEqual(found, c.diagnostics);
  });
}
