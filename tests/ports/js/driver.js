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
const rle = require("./rle.js");
const moves = require("./moves.js");
const board = require("./board.js");
const sok = require("./sok.js");
const lev = require("./lev.js");

const [parsersDir, mode, where] = process.argv.slice(2);
const generatedModule = (name) => require(path.resolve(parsersDir, `${name}.js`));
const generated = (name, options) => generatedModule(name).get_parser(options);
const transformers = { rle: rle.steps, board: rle.steps, moves: moves.steps, sok: sok.steps };
const parsers = Object.fromEntries(Object.entries(transformers).map(([name, transformer]) => [name, generated(name, { transformer })]));
parsers.lev = lev.parser(generatedModule("lev"));

function read(c) {
  const [text] = readText(c);
  const limit = c.limit || rle.DEFAULT_LIMIT;
  if (c.language === "rle") return { result: rle.decode(parsers.rle, text, limit) };
  if (c.language === "moves") return { result: moves.vector(moves.decode(parsers, text, c.tessellation, limit)) };
  if (c.language === "board") {
    const { rows, cells } = board.parse(parsers, text, c.tessellation, limit);
    return { result: { rows, cells, width: cells[0].length, height: cells.length } };
  }
  const found = c.language === "sok" ? sok.parse(parsers, text, c.tessellation || "Sokoban") : lev.parse(parsers, text, Boolean(c.strict));
  if (found.errors?.length) throw found.errors[0];
  const warnings = found.warnings.map(([code, line, column]) => [code, ...placed(c, line, column, code === "SOK102")]);
  return { result: found.collection || found.puzzle, warnings };
}

// The text a reader reads (files: lines end at LF, no byte order mark), and whether it had one.
function readText(c) {
  const files = ["board", "sok", "lev"].includes(c.language);
  const text = files ? c.input.replace(/\r\n?/g, "\n") : c.input;
  const bom = files && c.language !== "board" && text.startsWith("\ufeff");
  return [bom ? text.slice(1) : text, bom];
}

// A line and column (UTF-16) of the text read, in the caller's text in code
// points: the byte order mark counts on line 1 (not for what is about the file).
function placed(c, line, column, wholeFile = false) {
  const [text, bom] = readText(c);
  const source = text.split("\n")[line - 1] || "";
  return [line, [...source.slice(0, column - 1)].length + 1 + (bom && line === 1 && !wholeFile ? 1 : 0)];
}

// One input through the port; an error's position in the caller's text, in code points.
function outcome(c) {
  try {
    return read(c);
  } catch (error) {
    if (!error.code) throw error;
    let { line, column } = error;
    if (line === undefined) {
      const before = readText(c)[0].slice(0, error.pos).split("\n");
      [line, column] = [before.length, before.at(-1).length + 1];
    }
    [line, column] = placed(c, line, column);
    return { error: { code: error.code, line, column } };
  }
}

// JSON with object keys sorted, to compare objects whatever their key order.
const sorted = (key, v) => (v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort()) : v);
const canonical = (value) => JSON.stringify(value, sorted);
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

function vectors(dir) {
  const report = {};
  const check = (language, name, c, expected) => {
    const found = outcome({ language, ...c });
    const entry = (report[language] ||= { passed: 0, failed: 0, failures: [] });
    const wanted = "error" in c ? { line: c.error.line, column: c.error.column } : expected;
    const got = found.error ? { line: found.error.line, column: found.error.column } : found.result;
    const ok = canonical(got) === canonical(wanted) && (!c.kind || c.kind === KINDS[found.error.code.slice(0, 4)]);
    entry[ok ? "passed" : "failed"] += 1;
    if (!ok) entry.failures.push({ name, got: found });
  };
  const table = (file) => JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")).cases;
  for (const [language, file] of [["rle", "rle.json"], ["moves", "moves.json"], ["board", "board/boards.json"]]) {
    for (const c of table(file)) check(language, c.name, c, c.expected);
  }
  for (const language of ["sok", "lev"]) {
    for (const file of fs.readdirSync(path.join(dir, language)).sort().filter((f) => /\.(sok|xsb|lev)$/.test(f))) {
      const expected = JSON.parse(fs.readFileSync(path.join(dir, language, file.replace(/\.\w+$/, ".json")), "utf8"));
      check(language, file, { input: readFile(path.join(dir, language, file)) }, expected);
    }
    for (const c of table(`${language}/invalid.json`)) check(language, c.name, c, null);
  }
  return report;
}

if (mode === "vectors") process.stdout.write(`${JSON.stringify(vectors(where), null, 1)}\n`);
else process.stdout.write(`${JSON.stringify(JSON.parse(fs.readFileSync(where, "utf8")).map(outcome))}\n`);
