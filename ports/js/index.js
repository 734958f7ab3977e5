// sokfmt for JavaScript: the readers of sokfmt's languages, from the parsers
// lark-js generated from its grammars (grammars.js) and one module per
// language.  Each function returns what Python's `to_dict` makes of what
// sokfmt reads (the JSON of `sokfmt convert --to json`); errors are thrown as
// ParseError subclasses, placed in the caller's text as sokfmt places them.
import MESSAGES from "./parsers/codes.json" with { type: "json" };
import { parsers, DEFAULT_LIMIT, TESSELLATIONS, decode, attempt } from "./rle.js";
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

// Where the readers' offsets (UTF-16 units of the caller's `input`) stand:
// line, column and offset, counted in characters (code points, as Python
// counts them).
function placing(input) {
  if (typeof input !== "string") throw new ValidationError(`The text must be a string, not ${typeof input}`);
  const points = /[\ud800-\udfff]/.test(input) ? (s) => [...s].length : (s) => s.length;
  // The line starts (found when a position is first placed); the line of the
  // last position placed and the characters before it: each is placed from
  // the one before (in input order, a text's many cost one walk), or from the
  // start when it goes back.
  let [starts, line, before] = [null, 0, 0];
  // An offset is on the line of the last line start at or before it: a line break is on the line it ends.
  const place = (code, pos) => {
    starts ||= [0, ...Array.from(input.matchAll(BREAKS), (found) => found.index + found[0].length)];
    if (pos < starts[line]) [line, before] = [0, 0];
    for (; starts[line + 1] <= pos; line += 1) before += points(input.slice(starts[line], starts[line + 1]));
    const column = points(input.slice(starts[line], pos)) + 1;
    return { code, line: line + 1, column, offset: before + column - 1, message: MESSAGES[code] };
  };
  // The error of a reader (a PortError): its class by its code, placed.
  const error = (found) => {
    const where = place(found.code, found.pos);
    const sourceLine = input.slice(starts[where.line - 1]).split(BREAKS)[0];
    const kind = KINDS[found.code.slice(0, 3)] || KINDS[found.code.slice(0, 4)] || LevSyntaxError;
    const [atEnd, char] = [found.pos >= input.length, [...sourceLine][where.column - 1]];
    const what = atEnd ? "the end of input" : char === undefined ? "a line break" : `'${char}'`;
    const reason = AT_A_CHARACTER.includes(found.code) ? `${where.message}, found ${what}` : where.message;
    return new kind(reason, { ...where, sourceLine, atEnd });
  };
  const read = (reader) => attempt(() => reader(input), (found) => {
    throw error(found);
  });
  return { read, place };
}

function tessellationOf(name = "Sokoban") {
  const found = moves.named(name);
  if (!found) {
    const known = TESSELLATIONS.join(", ");
    throw new ValidationError(`Unknown tessellation ${JSON.stringify(name)}; expected one of ${known}`);
  }
  return found;
}

// A file's reading and its warnings, each handed to `onWarning` in input order, "no puzzle"
// last, as sokfmt reports them (by default written to the console, as Python's warnings are
// to standard error).
const warn = (w) => console.warn(`${w.line}:${w.column}: warning: ${w.code} ${w.message}`);
function withWarnings(reading, places, onWarning = warn) {
  const { result, warnings } = reading;
  const last = ([code]) => code === "SOK102";
  const sorted = warnings.sort((a, b) => last(a) - last(b) || a[1] - b[1]);
  for (const [code, pos] of sorted) onWarning(places.place(code, pos));
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
  const found = placing(text).read((read) => board.parse(read, t, limit));
  return { tessellation: t, board: found.rows.join("\n") };
}

// A .sok or .xsb file's collection as its JSON (Python: sokfmt.loads_sok(...).to_dict()).
export function parseSok(text, { tessellation, onWarning } = {}) {
  const [places, t] = [placing(text), tessellationOf(tessellation)];
  return withWarnings(places.read((read) => sok.parse(read, t)), places, onWarning);
}

// A .lev file's puzzle as its JSON (Python: sokfmt.loads_lev(...).to_dict()).
export function parseLev(text, { strict = false, onWarning } = {}) {
  const places = placing(text);
  return withWarnings(places.read((read) => lev.parse(read, strict)), places, onWarning);
}
