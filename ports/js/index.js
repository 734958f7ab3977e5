// sokfmt for JavaScript: the readers of sokfmt's languages, from the parsers
// lark-js generated from its grammars (grammars.js) and one module per
// language.  Each function returns what Python's `to_dict` makes of what
// sokfmt reads (the JSON of `sokfmt convert --to json`); errors are thrown as
// ParseError subclasses, placed in the caller's text as sokfmt places them.
import MESSAGES from "./parsers/codes.json" with { type: "json" };
import { parsers, PortError, DEFAULT_LIMIT, TESSELLATIONS, decode, inputOrder } from "./rle.js";
import * as moves from "./moves.js";
import * as board from "./board.js";
import * as sok from "./sok.js";
import * as lev from "./lev.js";

export class SokfmtError extends Error {
  get name() {
    return this.constructor.name;
  }
}
// An option that names no tessellation, or text that is no string.
export class ValidationError extends SokfmtError {}

// The text is not valid in its language: `code`, 1-based `line` and `column`
// and 0-based `offset` in the caller's whole text (columns and offsets in
// code points, as Python counts characters), `reason` without the position.
export class ParseError extends SokfmtError {
  constructor(reason, { code, line, column, offset, sourceLine = "", atEnd = false }) {
    super(`${reason} (${atEnd ? "at end of input" : `at line ${line}, column ${column}`})`);
    Object.assign(this, { reason, code, line, column, offset, sourceLine, atEnd });
  }

  // The offending line with a caret under the column.
  context() {
    return `${this.sourceLine}\n${" ".repeat(this.column - 1)}^`;
  }
}
export class RleSyntaxError extends ParseError {}
export class SavedGameSyntaxError extends ParseError {}
export class BoardSyntaxError extends ParseError {}
export class SokSyntaxError extends ParseError {}
export class LevSyntaxError extends ParseError {}

const KINDS = { RLE: RleSyntaxError, SOK1: SokSyntaxError, SOK2: SavedGameSyntaxError, SOK3: BoardSyntaxError };
// The errors at a character the language refuses there: their reason says what was found.
const AT_A_CHARACTER = ["RLE101", "SOK201", "SOK202", "SOK204", "SOK301", "LEV101", "LEV107"];
const BREAKS = /\r\n|\r|\n/g;
const lineStarts = (text) => [0, ...Array.from(text.matchAll(BREAKS), (found) => found.index + found[0].length)];

// Where the reader's positions stand in the caller's `input`.  A file is read
// with its lines at LF and without its byte order mark (`text`); its lines
// are the caller's, the mark counted on line 1 (not for what is about the
// whole file).  Offsets and columns of the reader count UTF-16 units.
function placing(input, { file = false, bom = file } = {}) {
  if (typeof input !== "string") throw new ValidationError(`The text must be a string, not ${typeof input}`);
  const lf = file ? input.replace(/\r\n?/g, "\n") : input;
  const mark = bom && lf.startsWith("\ufeff");
  const text = mark ? lf.slice(1) : lf;
  const points = /[\ud800-\udfff]/.test(input) ? (s) => [...s].length : (s) => s.length;
  // The line starts of both, and the characters before each of the caller's
  // lines, counted once, when a position is first placed.
  let found;
  const lines = () => {
    if (found) return found;
    const [starts, callers] = [lineStarts(text), lineStarts(input)];
    const before = callers.map((start, i) => points(input.slice(callers[i - 1] ?? 0, start)));
    before.forEach((count, i) => (before[i] = count + (before[i - 1] ?? 0)));
    return (found = [starts, callers, [...before, points(input)]]);
  };
  const place = (code, line, column, wholeFile = false) => {
    const [starts, , before] = lines();
    const start = starts[line - 1] ?? text.length;
    column = points(text.slice(start, start + column - 1)) + 1 + (mark && line === 1 && !wholeFile ? 1 : 0);
    const offset = before[Math.min(line, before.length) - 1] + column - 1;
    return { code, line, column, offset, message: MESSAGES[code] };
  };
  // An offset is on the line of the last line start at or before it: a line break is on the line it ends.
  const at = (code, pos) => {
    const [starts] = lines();
    const line = starts.findLastIndex((start) => start <= pos) + 1;
    return place(code, line, pos - starts[line - 1] + 1);
  };
  // The error of a reader: its class by its code, placed.
  const error = (found) => {
    if (!(found instanceof PortError)) throw found;
    const where = found.line ? place(found.code, found.line, found.column) : at(found.code, found.pos);
    const sourceLine = input.slice(lines()[1][where.line - 1] ?? input.length).split(BREAKS)[0];
    const kind = KINDS[found.code.slice(0, 3)] || KINDS[found.code.slice(0, 4)] || LevSyntaxError;
    const [atEnd, char] = [where.offset >= points(input), [...sourceLine][where.column - 1]];
    const what = atEnd ? "the end of input" : char === undefined ? "a line break" : `'${char}'`;
    const reason = AT_A_CHARACTER.includes(found.code) ? `${where.message}, found ${what}` : where.message;
    return new kind(reason, { ...where, sourceLine, atEnd });
  };
  const read = (reader) => {
    try {
      return reader(text);
    } catch (found) {
      throw error(found);
    }
  };
  return { read, place };
}

function tessellationOf(name = "Sokoban") {
  const found = moves.named(name);
  if (!found) throw new ValidationError(`Unknown tessellation ${JSON.stringify(name)}; expected ${TESSELLATIONS}`);
  return found;
}

// A file's reading and its warnings, each handed to `onWarning` in input order, "no puzzle"
// last, as sokfmt reports them (by default written to the console, as Python's warnings are
// to standard error).
const warn = (w) => console.warn(`${w.line}:${w.column}: warning: ${w.code} ${w.message}`);
function withWarnings(reading, places, onWarning = warn) {
  const { result, warnings } = reading;
  const placed = warnings.map(([code, line, column]) => places.place(code, line, column, code === "SOK102"));
  const sorted = placed.sort((a, b) => (a.code === "SOK102") - (b.code === "SOK102") || inputOrder(a, b));
  for (const warning of sorted) onWarning(warning);
  return result;
}

// The text of run-length encoded `text` (Python: sokfmt.decode_rle).
export function rleDecode(text, { limit = DEFAULT_LIMIT } = {}) {
  return placing(text).read((read) => decode(parsers.rle, read, limit));
}

// A move string as a saved game's JSON (Python: sokfmt.loads_moves(...).to_dict()).
export function parseMoves(text, { tessellation, limit = DEFAULT_LIMIT } = {}) {
  const t = tessellationOf(tessellation);
  const game = placing(text).read((read) => moves.game(read, t, limit));
  return { tessellation: t, moves: game.moves, title: "", solved_by: "", notes: "", current_move_idx: game.position };
}

// A board as its JSON, rows in canonical text (Python: sokfmt.loads_board(...).to_dict()).
export function parseBoard(text, { tessellation, limit = DEFAULT_LIMIT } = {}) {
  const t = tessellationOf(tessellation);
  const found = placing(text, { file: true, bom: false }).read((read) => board.parse(read, t, limit));
  return { tessellation: t, board: found.rows.join("\n") };
}

// A .sok or .xsb file's collection as its JSON (Python: sokfmt.loads_sok(...).to_dict()).
export function parseSok(text, { tessellation, onWarning } = {}) {
  const [places, t] = [placing(text, { file: true }), tessellationOf(tessellation)];
  return withWarnings(places.read((read) => sok.parse(read, t)), places, onWarning);
}

// A .lev file's puzzle as its JSON (Python: sokfmt.loads_lev(...).to_dict()).
export function parseLev(text, { strict = false, onWarning } = {}) {
  const places = placing(text, { file: true });
  return withWarnings(places.read((read) => lev.parse(read, strict)), places, onWarning);
}
