// .sok and .xsb files (grammars/sok.lark).  Steps 1 and 2 of its header type
// each line; the parser lark-js generated from its rules reads the tokens and
// calls its steps and units (`steps`, the parser's transformer), which build
// the puzzles by the header's semantic rules.
"use strict";

const rle = require("./rle.js");
const moves = require("./moves.js");
const board = require("./board.js");

const { PortError } = rle;
// Step 1's classes: a line of class NAME_LINE is a NAME token (RLE: rule 1 retypes it).
const CLASSES = ["BLANK", "WALL_ROW", "EDGE_ROW", "FLOOR_ROW", "OPEN_ROW", "RLE", "MOVES", "PROPERTY", "SEMICOLON"];
const ROWS = ["WALL_ROW", "EDGE_ROW", "PAIR_ROWS", "ROWS", "OPEN_ROW", "FLOOR_ROW"];
// The tokens a line right after a row may be: the parser settles what they all would.
const LINES = ["BLANK", "TEXT", "SEMICOLON", "PROPERTY", "ALMOST", "MOVES", "MOVES_LINES", "$END"];
const SPACE = "[\\t-\\r\\x1c-\\x1f\\x85\\p{Z}]";
const strip = (text) => text.replace(new RegExp(`^${SPACE}+|${SPACE}+$`, "gu"), "");
const unquoted = (line) => line.replace(/^>*/, "");
// Recognised keys and their fields, per kind of notes.
const FILE_KEYS = { collection: "title", set: "title", title: "title", author: "author", "date created": "created_at" };
Object.assign(FILE_KEYS, { "date of last change": "updated_at", email: "email", url: "url" });
const PUZZLE_KEYS = { title: "title", author: "author", game: "game", boxorder: "boxorder", goalorder: "goalorder" };
const GAME_KEYS = { title: "title", solver: "solved_by", author: "solved_by" };

const tessellationNamed = (name) => Object.keys(moves.LETTERS).find((t) => t.toLowerCase() === name.toLowerCase());
// [offset, character] of each character of `text` that `test` refuses.
function strays(text, test) {
  const found = [];
  let at = 0;
  for (const c of text) {
    if (!test(c)) found.push([at, c]);
    at += c.length;
  }
  return found;
}

// The grammar's terminals, and of MOVE, per tessellation, the letters it refuses.
function grammar(parser) {
  const T = rle.terminals(parser);
  const letters = [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"].filter((c) => T.MOVE.test(c));
  const refusing = ([t, allowed]) => [t, new Set(letters.filter((c) => !(c.toLowerCase() in allowed)))];
  T.refused ||= Object.fromEntries(Object.entries(moves.LETTERS).map(refusing));
  return T;
}

// The reductions that every line (no row) would make next, without a token.
function settle(state) {
  const { states, callbacks } = state.parse_conf;
  for (;;) {
    const actions = LINES.map((type) => states[state.position][type]).filter(Boolean);
    const rule = actions.length && actions[0][1];
    if (!rule || !actions.every(([action, arg]) => action.name === "Reduce" && arg === rule)) return;
    const size = rule.expansion.length;
    const children = size ? state.value_stack.splice(-size) : [];
    if (size) state.state_stack.splice(-size);
    state.value_stack.push(callbacks.get(rule)(children));
    state.state_stack.push(states[state.position][rule.origin.name][1]);
  }
}

// One file: the postlex (steps 1 and 2) and the builder (the steps of step 3).
class Reading {
  constructor(parsers, caller) {
    Object.assign(this, { parsers, caller, T: grammar(parsers.sok), comments: [], errors: [], warnings: [] });
    Object.assign(this, { fileNotes: [], puzzles: [], pending: [], seenBoard: false, inMoves: false });
    this.notes = this.fileNotes; // where notes go now
  }

  // ------------------------------------------------------------ steps 1 and 2

  *postlex(lines) {
    let [previous, held] = [null, null]; // the last token handed on; a TEXT rule 4 looks at
    for (const [index, text] of lines.entries()) {
      if (text.startsWith("::")) {
        this.comments.push({ line: index + 1, text });
        continue;
      }
      const token = { type: this.classOf(unquoted(text)), text, line: index + 1 };
      if (token.type === "RLE") token.type = this.rleLines(unquoted(text));
      const isRow = ROWS.includes(token.type);
      if (held) {
        if (isRow) held.type = this.T.WALL_ROW_LINE.test(held.floored) ? "WALL_ROW" : "EDGE_ROW";
        else held.stray = true;
        yield (previous = this.typed(held, previous));
        held = null;
      } else if (isRow && previous?.type === "TEXT") previous.stray = Boolean(this.strayRow(previous.text));
      if (token.type === "TEXT" && ROWS.includes(previous?.type) && (token.floored = this.strayRow(text))) held = token;
      else yield (previous = this.typed(token, previous));
    }
    if (held) yield this.typed(Object.assign(held, { stray: true }), previous);
  }

  classOf(bare) {
    return CLASSES.find((name) => this.T[`${name}_LINE`].test(bare)) || "TEXT";
  }

  // Rule 1: one row drawn is of that row's class; rows closed at both ends, with a wall, are rows.
  rleLines(bare) {
    let rows;
    try {
      rows = board.drawn(this.parsers, bare, 10000 * bare.length).split("\n");
    } catch (error) {
      if (error instanceof PortError) return "TEXT";
      throw error;
    }
    const ink = rows.map((row) => /[^ \t]/.test(row));
    const kinds = rows.slice(ink.indexOf(true), ink.lastIndexOf(true) + 1).map((row) => this.classOf(row));
    if (kinds.length < 2) return kinds[0] || "TEXT";
    const closed = [kinds[0], kinds.at(-1)].every((kind) => kind === "WALL_ROW" || kind === "EDGE_ROW");
    if (!closed || !kinds.includes("WALL_ROW")) return "TEXT";
    return kinds.length === 2 ? "PAIR_ROWS" : "ROWS";
  }

  // Rules 2 and 3, in the tessellation in effect, and the run of rows a row stands in (SOK103).
  typed(token, previous) {
    const bare = unquoted(token.text);
    let kind = token.type;
    if (ROWS.includes(kind) && this.inMoves && this.oneAway(bare, "r")) kind = "ALMOST";
    if (ROWS.includes(kind)) {
      const run = (token.run = ROWS.includes(previous?.type) ? previous.run : { first: token, lines: 0 });
      if (run.first.type === "FLOOR_ROW" && kind !== "FLOOR_ROW") run.first = token;
      run.lines += 1;
      run.squares ||= [...bare].some((c) => this.T.INNER.test(c) || this.T.BOX_ON_GOAL.test(c));
    } else {
      if (ROWS.includes(previous?.type)) settle(this.state);
      const refusing = this.T.refused[this.tessellation()];
      if (kind === "MOVES") kind = ["MOVES", "ALMOST"][[...bare].filter((c) => refusing.has(c)).length] || "TEXT";
      else if (["TEXT", "SEMICOLON", "PROPERTY"].includes(kind)) {
        if ((this.inMoves && this.oneAway(bare, "r")) || this.oneAway(bare, "")) kind = "ALMOST";
      }
      if (kind === "PROPERTY") this.followGame(bare);
      if (kind === "MOVES") this.movesSinceBoard = true;
    }
    token.type = kind;
    this.inMoves = this.seenBoard && (kind === "MOVES" || (kind === "ALMOST" && this.inMoves));
    return token;
  }

  tessellation() {
    return this.puzzleGame || this.fileGame || this.caller;
  }

  moveCharacter(c) {
    return this.T.MOVE.test(c) && !this.T.refused[this.tessellation()].has(c);
  }

  // Rule 3: `bare` with its one character that no moves line has replaced by `letter` is a moves line.
  oneAway(bare, letter) {
    const found = strays(bare, (c) => this.moveCharacter(c));
    if (found.length !== 1) return Boolean(letter && bare && !found.length);
    const [[at, c]] = found;
    const text = bare.slice(0, at) + letter + bare.slice(at + c.length);
    return this.T.MOVES_LINE.test(text) && [...text].every((m) => this.moveCharacter(m));
  }

  // Rule 4's shape: the line with its characters outside the legend as floor,
  // if a closed row and they are no more than its squares of EDGE and INNER.
  strayRow(line) {
    const { SQUARE, EDGE, INNER, WALL_ROW_LINE, EDGE_ROW_LINE } = this.T;
    const characters = [...unquoted(line)];
    const strays = characters.filter((c) => !SQUARE.test(c)).length;
    const floored = characters.map((c) => (SQUARE.test(c) ? c : " ")).join("");
    const solid = characters.filter((c) => EDGE.test(c) || INNER.test(c)).length;
    return strays && strays <= solid && (WALL_ROW_LINE.test(floored) || EDGE_ROW_LINE.test(floored)) && floored;
  }

  // The tessellation in effect: the first "Game:" line naming one after the
  // last board and before its moves, or before the first board.
  followGame(bare) {
    const [key, value] = this.property(bare);
    const game = key === "game" && tessellationNamed(value);
    if (game && !this.seenBoard) this.fileGame ||= game;
    else if (game && !this.puzzleGame && !this.movesSinceBoard) this.puzzleGame = game;
  }

  // [key (lower case, words apart by one space), value] of a PROPERTY_LINE (its
  // key holds no separator), else [].
  property(bare) {
    if (!this.T.PROPERTY_LINE.test(bare)) return [];
    const [, key, value] = /^[ \t]*(.*?)[ \t]*[:=](.*)$/s.exec(bare);
    return [key.toLowerCase().split(/[ \t]+/).join(" "), strip(value)];
  }

  // ------------------------------------------------------------ the steps

  line(children) {
    this.flush();
    for (const unit of children.filter((child) => child.kind === "rows" || child.kind === "row")) {
      const { run } = unit.at(-1);
      if (run.lines > 1 && run.squares) this.warnings.push(["SOK103", run.first.line, 1]);
    }
    this.notes.push(...children.flat());
  }

  blank(children) {
    this.line(children);
  }

  title(children) {
    this.flush();
    this.pending = children.flat();
  }

  title_blank([line]) {
    this.pending.push(line);
  }

  held([line]) {
    this.pending.push(line);
  }

  untitled_board(children) {
    this.flush();
    this.board(children.at(-1), null);
  }

  titled_board(children) {
    this.board(children.at(-1), this.take());
  }

  semicolon_board(children) {
    const [title, ...held] = this.pending.splice(0);
    const lines = held.filter((token) => token.type !== "BLANK");
    this.board(children.at(-1), title, lines);
    this.warnings.push(["SOK108", lines[0].line, 1]);
  }

  moves_title([title, rows]) {
    this.flush();
    this.board(rows, title);
    this.warnings.push(["SOK107", title.line, 1]);
  }

  untitled_moves(children) {
    this.flush();
    this.moves(children, null);
  }

  titled_moves(children) {
    this.moves(children, this.take());
  }

  start_file() {}

  // A pending title that no block followed: notes.
  flush() {
    this.notes.push(...this.pending.splice(0));
  }

  take() {
    return this.pending.splice(0)[0];
  }

  // A board, with rows after it that are notes or may title what follows.
  board(rows, title, notes = []) {
    const after = Array.isArray(rows.at(-1)) && rows.pop();
    this.puzzles.push({ rows, title, notes, games: [] });
    this.notes = notes;
    Object.assign(this, { seenBoard: true, puzzleGame: null, movesSinceBoard: false });
    this.after(after);
  }

  moves([lines, after], title) {
    const game = { lines: [lines].flat(), title, notes: [] };
    this.puzzles.at(-1).games.push(game);
    this.notes = game.notes;
    this.after(after);
  }

  after(unit) {
    if (unit && (unit.kind === "title" || unit.kind === "row")) this.pending = [...unit];
    else if (unit) this.line([unit]);
  }

  // ------------------------------------------------------------ the semantic rules

  end() {
    this.flush();
    const fileGame = this.game(this.fileNotes);
    this.doubts(this.fileNotes, this.caller, true);
    const starts = [...this.puzzles.map((puzzle) => puzzle.rows[0].line), Infinity];
    const comments = (from, to) => this.comments.filter((c) => c.line > from && c.line < to).map((c) => c.text);
    const puzzles = this.puzzles.map((puzzle, i) => {
      const tessellation = this.game(puzzle.notes) || fileGame || this.caller;
      const found = this.decoded(puzzle.rows, (text) => board.parse(this.parsers, text, tessellation));
      const games = puzzle.games.map((game) => this.savedGame(game, tessellation));
      const [fields, notes] = this.fields(puzzle, PUZZLE_KEYS, tessellation);
      delete fields.game;
      const board_ = found && { tessellation, board: found.rows.join("\n") };
      return { board: board_, ...fields, notes, saved_games: games, comments: comments(starts[i], starts[i + 1]) };
    });
    if (this.errors.length) throw this.errors.reduce((a, b) => (b.line - a.line || b.column - a.column) < 0 ? b : a);
    if (!puzzles.length) this.warnings.push(["SOK102", 1, 1]);
    const [fields, notes] = this.fields({ notes: this.fileNotes }, FILE_KEYS);
    return { collection: { ...fields, notes, puzzles, comments: comments(0, starts[0]) }, warnings: this.warnings };
  }

  savedGame(game, tessellation) {
    const read = this.decoded(game.lines, (text) => moves.decode(this.parsers, text, tessellation));
    const [{ title_line: line, ...fields }, notes] = this.fields(game, GAME_KEYS, tessellation);
    const played = read && { moves: moves.printed(read, false), current_move_idx: read.position };
    return { tessellation, ...played, ...fields, notes: [line, notes].filter(Boolean).join("\n") };
  }

  // A block's recognised properties (the first line of each field with a value),
  // its title and title line, the rest of its notes; and the doubts about them.
  fields(block, keys, tessellation) {
    const fields = Object.fromEntries(Object.values(keys).map((name) => [name, ""]));
    const lines = [];
    for (const token of block.notes) {
      const [key, value] = token.type === "PROPERTY" ? this.property(unquoted(token.text)) : [];
      if (keys[key] && value && !fields[keys[key]]) fields[keys[key]] = value;
      else lines.push(token.text);
    }
    const ink = lines.map((line) => /[^ \t>]/.test(line));
    const notes = lines.slice(ink.indexOf(true), ink.lastIndexOf(true) + 1).join("\n");
    if (!tessellation) return [fields, notes];
    const { title } = block;
    fields.title_line = fields.title && title ? title.text : "";
    fields.title ||= title ? strip(strip(unquoted(title.text)).replace(/^;/, "")) : "";
    this.doubts([...block.notes, ...(title?.stray ? [title] : [])], tessellation);
    return [fields, notes];
  }

  // The tessellation of the first "Game:" line with a value; SOK101 when it names none.
  game(notes) {
    for (const token of notes.filter((t) => t.type === "PROPERTY")) {
      const [key, value] = this.property(unquoted(token.text));
      if (key !== "game" || !value) continue;
      const error = new PortError("no such tessellation", null, "SOK101");
      if (!tessellationNamed(value)) this.errors.push(Object.assign(error, { line: token.line, column: token.text.lastIndexOf(value) + 1 }));
      return tessellationNamed(value);
    }
    return undefined;
  }

  // A block's lines read without their mail quotes, an error placed in the file;
  // a line quoted unlike most of them (the first, on a tie) is SOK106.
  decoded(tokens, read) {
    const quotes = tokens.map((token) => token.text.length - unquoted(token.text).length);
    const text = tokens.map((token, i) => token.text.slice(quotes[i])).join("\n");
    const counts = new Map(quotes.map((q) => [q, 0]));
    quotes.forEach((q) => counts.set(q, counts.get(q) + 1));
    const usual = quotes.reduce((best, q) => (counts.get(q) > counts.get(best) ? q : best));
    const requoted = quotes.findIndex((q) => q !== usual);
    let error = requoted >= 0 && Object.assign(new PortError("mail quotes", null, "SOK106"), { line: tokens[requoted].line, column: 1 });
    try {
      const found = read(text);
      if (!error) return found;
    } catch (failed) {
      if (!(failed instanceof PortError)) throw failed;
      const before = text.slice(0, failed.pos).split("\n");
      const i = Math.min(before.length, tokens.length) - 1;
      if (!error || i < requoted) error = Object.assign(failed, { line: tokens[i].line, column: before.at(-1).length + 1 + quotes[i] });
    }
    this.errors.push(error);
    return null;
  }

  // SOK104 at the first character that is no move of an ALMOST (not in the
  // file notes); SOK105 at the first character outside the legend of a TEXT rule 4 doubts.
  doubts(tokens, tessellation, fileNotes = false) {
    const move = (c) => this.T.MOVE.test(c) && !this.T.refused[tessellation].has(c);
    for (const { type, text, line, stray } of tokens) {
      const [bare, quotes] = [unquoted(text), text.length - unquoted(text).length];
      if (type === "ALMOST" && !fileNotes) this.warnings.push(["SOK104", line, quotes + (strays(bare, move)[0] || [0])[0] + 1]);
      else if (stray) this.warnings.push(["SOK105", line, quotes + strays(bare, (c) => this.T.SQUARE.test(c))[0][0] + 1]);
    }
  }
}

// The steps and units of the grammar: the generated parser's transformer (driver.js), acting on the file being read.
let reading = null;
const STEPS = ["line", "blank", "title", "title_blank", "held", "untitled_board", "titled_board", "semicolon_board"];
STEPS.push("moves_title", "untitled_moves", "titled_moves", "start_file");
const UNITS = { board: "board", board_notes: "board", board_note: "board", moves: "moves", long_moves: "moves" };
Object.assign(UNITS, { notes: "lines", almosts: "lines", rows: "rows", row: "row", note: "title", almost: "title" });
const steps = Object.fromEntries([
  ...STEPS.map((name) => [name, (children) => reading[name](children.slice(1))]),
  ...Object.entries(UNITS).map(([name, kind]) => [name, (children) => Object.assign(children, { kind })]),
]);

// The collection of a text as the vectors' JSON, and the warnings; throws the first error.
function parse(parsers, text, caller = "Sokoban") {
  const lines = text.replace(/^\ufeff/, "").split(/\r\n|\r|\n/);
  if (lines.at(-1) === "") lines.pop();
  reading = new Reading(parsers, caller);
  const interactive = parsers.sok.parse_interactive("");
  reading.state = interactive.parser_state;
  for (const token of reading.postlex(lines)) interactive.feed_token(token);
  interactive.feed_eof();
  return reading.end();
}

module.exports = { steps, parse };
