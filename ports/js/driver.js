// The JavaScript port of sokfmt's languages, one module per language over the
// parsers that lark-js generated from grammars/*.lark (generate.py):
//
//   node driver.js PARSERS_DIR vectors VECTORS_DIR   a JSON report of tests/vectors
//   node driver.js PARSERS_DIR batch INPUTS.json      what the port makes of each input
//
// An input is {language, input, tessellation?, limit?, strict?}; its outcome is
// {result, warnings} or {error: {code, line, column}}, columns in code points.
"use strict";

const fs = require("fs");
const path = require("path");
const { isDeepStrictEqual } = require("util");
const rle = require("./rle.js");
const moves = require("./moves.js");
const board = require("./board.js");
const sok = require("./sok.js");
const lev = require("./lev.js");

const [parsersDir, mode, where] = process.argv.slice(2);
// The generated parsers, each with its module's steps as the transformer.
const STEPS = { rle: rle.steps, board: rle.steps, moves: moves.steps, sok: sok.steps, lev: lev.steps };
const generated = (name) => require(path.resolve(parsersDir, `${name}.js`)).get_parser({ transformer: STEPS[name] });
const parsers = Object.fromEntries(Object.keys(STEPS).map((name) => [name, generated(name)]));

// What a module makes of an input's text; a warning's place in the caller's text.
function read(c, text, placed) {
  if (c.language === "rle") return { result: rle.decode(parsers.rle, text, c.limit) };
  if (c.language === "moves") return { result: moves.vector(moves.decode(parsers, text, c.tessellation, c.limit)) };
  if (c.language === "board") return { result: board.parse(parsers, text, c.tessellation, c.limit) };
  const found = c.language === "sok" ? sok.parse(parsers, text, c.tessellation) : lev.parse(parsers, text, c.strict);
  const warnings = found.warnings.map(([code, line, column]) => [code, ...placed(line, column, code === "SOK102")]);
  return { result: found.result, warnings };
}

// One input through the port.  A reader reads a file's text with its lines
// at LF and no byte order mark; a line and column (UTF-16) of it is placed
// in the caller's text in code points, the byte order mark counted on line
// 1 (not for what is about the whole file).
function outcome(c) {
  const files = ["board", "sok", "lev"].includes(c.language);
  const lf = files ? c.input.replace(/\r\n?/g, "\n") : c.input;
  const bom = files && c.language !== "board" && lf.startsWith("\ufeff");
  const text = bom ? lf.slice(1) : lf;
  const starts = [0, ...Array.from(text.matchAll(/\r\n|\r|\n/g), (found) => found.index + found[0].length)];
  const placed = (line, column, wholeFile = false) => {
    const start = starts[line - 1] ?? text.length;
    const mark = bom && line === 1 && !wholeFile ? 1 : 0;
    return [line, [...text.slice(start, start + column - 1)].length + 1 + mark];
  };
  try {
    return read(c, text, placed);
  } catch (error) {
    if (!error.code) throw error;
    // An offset is on the line of the last line start at or before it: a line break is on the line it ends.
    const line = error.line || starts.findLastIndex((start) => start <= error.pos) + 1;
    const [, column] = placed(line, error.line ? error.column : error.pos - starts[line - 1] + 1);
    return { error: { code: error.code, line, column } };
  }
}

const KINDS = { SOK1: "SokSyntaxError", SOK2: "SavedGameSyntaxError", SOK3: "BoardSyntaxError" };

// Files are bytes: UTF-8 (a byte order mark dropped), else cp1252.
function readFile(file) {
  const bytes = fs.readFileSync(file);
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

// Every case of the vectors: the case tables, and each file beside its expected JSON.
function cases(dir) {
  const json = (...parts) => JSON.parse(fs.readFileSync(path.join(dir, ...parts), "utf8"));
  const table = (file) => {
    const { language, cases } = json(file);
    return cases.map((c) => ({ language, ...c }));
  };
  const files = (language) => {
    const names = fs.readdirSync(path.join(dir, language)).sort().filter((f) => /\.(sok|xsb|lev)$/.test(f));
    const expected = (name) => json(language, name.replace(/\.\w+$/, ".json"));
    return names.map((name) => {
      const input = readFile(path.join(dir, language, name));
      return { language, name, input, expected: expected(name) };
    });
  };
  const tables = ["rle.json", "moves.json", "board/boards.json", "sok/invalid.json", "lev/invalid.json"];
  return [...tables.flatMap(table), ...files("sok"), ...files("lev")];
}

function vectors(dir) {
  const report = {};
  for (const c of cases(dir)) {
    const found = outcome(c);
    const entry = (report[c.language] ||= { passed: 0, failed: 0, failures: [] });
    const got = found.error ? { line: found.error.line, column: found.error.column } : found.result;
    const code = (found.error || {}).code || "";
    const kind = (!c.kind || c.kind === KINDS[code.slice(0, 4)]) && (!c.code || c.code === code);
    const ok = isDeepStrictEqual(got, c.error || c.expected) && kind;
    entry[ok ? "passed" : "failed"] += 1;
    if (!ok) entry.failures.push({ name: c.name, got: found });
  }
  return report;
}

if (mode === "vectors") process.stdout.write(`${JSON.stringify(vectors(where), null, 1)}\n`);
else process.stdout.write(`${JSON.stringify(JSON.parse(fs.readFileSync(where, "utf8")).map(outcome))}\n`);
