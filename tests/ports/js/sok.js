// .sok and .xsb files (grammars/sok.lark).  Step 1, the lexer, types each
// line by the grammar's line classes; step 2, the postlex, retypes lines by
// the lines around them (rules 1 to 4); step 3, the generated parser, reads
// the tokens, and each step it reduces (an alias of its rules) goes to the
// reading's builder, which does what the step's name says and applies the
// header's semantic rules.  The parser is made once with `steps` as its
// transformer (`parser(module)`).
"use strict";

const rle = require("./rle.js");
const moves = require("./moves.js");
const board = require("./board.js");

const { PortError } = rle;
// Step 1: the line classes after the mail quotes (PROPERTY_LINE is matched
// before, on the line as it stands) and the tokens they give.
const CLASSES = [
  ["BLANK_LINE", "BLANK"],
  ["WALL_ROW_LINE", "WALL_ROW"],
  ["EDGE_ROW_LINE", "EDGE_ROW"],
  ["FLOOR_ROW_LINE", "FLOOR_ROW"],
  ["OPEN_ROW_LINE", "OPEN_ROW"],
  ["RLE_LINE", "RLE"],
  ["MOVES_LINE", "MOVES"],
  ["SEMICOLON_LINE", "SEMICOLON"],
];
const ROW_TOKENS = new Set(["WALL_ROW", "EDGE_ROW", "PAIR_ROWS", "ROWS", "OPEN_ROW", "FLOOR_ROW"]);
const CLOSED = new Set(["WALL_ROW", "EDGE_ROW", "PAIR_ROWS", "ROWS"]);
const TEXTS = new Set(["TEXT", "SEMICOLON", "PROPERTY"]);
const OF_MOVES = new Set(["MOVES", "MOVES_LINES"]);
// The tokens that are no row, the end among them: what "settles" the rows before them.
const LINES = ["BLANK", "TEXT", "SEMICOLON", "PROPERTY", "ALMOST", "MOVES", "MOVES_LINES", "$END"];
// Rule 1 draws a line up to this many squares for each of its characters.
const DENSEST = 10000;
const SPACE = "[\\t-\\r\\x1c-\\x1f\\x85\\p{Z}]";
const strip = (text) => text.replace(new RegExp(`^${SPACE}+|${SPACE}+$`, "gu"), "");
const unquoted = (line) => line.replace(/^>*/, "");
const quotesOf = (line) => line.length - unquoted(line).length;
// Recognised keys and their fields, per kind of notes.
const FILE_KEYS = {
  collection: "title",
  set: "title",
  title: "title",
  author: "author",
  "date created": "created_at",
  "date of last change": "updated_at",
  email: "email",
  url: "url",
};
const PUZZLE_KEYS = { title: "title", author: "author", game: "game", boxorder: "boxorder", goalorder: "goalorder" };
const GAME_KEYS = { title: "title", solver: "solved_by", author: "solved_by" };

const tessellationNamed = (name) => Object.keys(moves.LETTERS).find((t) => t.toLowerCase() === name.toLowerCase());

// The grammar's terminals (whole lines), KEY as the key of a key/value line,
// and per tessellation the letters of MOVE it refuses.
function terminals(parsers) {
  if (parsers.sokTerminals) return parsers.sokTerminals;
  const found = {};
  for (const t of parsers.sok.terminals) {
    found[t.name] = new RegExp(`^(?:${t.pattern.to_regexp()})$`);
    if (t.name === "KEY") found.property = new RegExp(`^[ \\t]*(${t.pattern.to_regexp()})[ \\t]*[:=](.*)$`, "s");
  }
  const letters = [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"].filter((c) => found.MOVE.test(c));
  found.refused = {};
  for (const t in moves.LETTERS) {
    found.refused[t] = new Set(letters.filter((c) => !(c.toLowerCase() in moves.LETTERS[t])));
  }
  return (parsers.sokTerminals = found);
}

// [key (lower case, words apart by one space), value stripped] of a key/value line, else null.
function property(T, line) {
  const found = T.property.exec(unquoted(line));
  return found && [found[1].toLowerCase().split(/[ \t]+/).join(" "), strip(found[2])];
}

// The index (UTF-16) of the first character of `text` that passes `test`, else -1.
function firstIndex(text, test) {
  let index = 0;
  for (const c of text) {
    if (test(c)) return index;
    index += c.length;
  }
  return -1;
}

// ------------------------------------------------------------------ step 1

// A token: its lines and their numbers; `stray` (a doubt of rule 4) and the
// `run` of rows a row stands in come with step 2.
const token = (type, lines, numbers) => ({ type, lines, numbers, stray: false, run: null });
const textOf = (t) => t.lines.join("\n");

// The tokens of the lines, and the comment lines set aside.  Three or more
// WALL_ROW lines in a row are one ROWS, two or more MOVES lines one MOVES_LINES.
function lex(T, lines) {
  const tokens = [];
  const comments = [];
  lines.forEach((line, index) => {
    if (T.COMMENT_LINE.test(line)) return comments.push({ number: index + 1, line });
    if (T.PROPERTY_LINE.test(line)) return tokens.push(token("PROPERTY", [line], [index + 1]));
    const bare = unquoted(line);
    const found = CLASSES.find(([name]) => T[name].test(bare));
    tokens.push(token(found ? found[1] : "TEXT", [line], [index + 1]));
  });
  const runs = [];
  for (const t of tokens) {
    const last = runs.at(-1);
    if (last && last[0].type === t.type && last.at(-1).numbers[0] + 1 === t.numbers[0]) last.push(t);
    else runs.push([t]);
  }
  return {
    tokens: runs.flatMap((run) => {
      const kind = { WALL_ROW: run.length >= 3 && "ROWS", MOVES: run.length >= 2 && "MOVES_LINES" }[run[0].type];
      return kind ? [token(kind, run.map((t) => t.lines[0]), run.map((t) => t.numbers[0]))] : run;
    }),
    comments,
  };
}

// ------------------------------------------------------------------ step 2

// The class of one drawn row (spaces alone are floor between rows).
function rowClass(T, row) {
  const found = CLASSES.find(([name]) => T[name].test(row));
  return !found ? "TEXT" : found[1] === "BLANK" ? "FLOOR_ROW" : found[1];
}

// Rule 1: the class of what an RLE_LINE draws, or TEXT.
function rleClass(parsers, T, text) {
  let drawn;
  try {
    drawn = board.drawn(parsers, text, DENSEST * [...text].length);
  } catch (error) {
    if (error instanceof PortError) return "TEXT";
    throw error;
  }
  const rows = drawn.split("\n");
  while (rows.length && !/[^ \t]/.test(rows.at(-1))) rows.pop();
  while (rows.length && !/[^ \t]/.test(rows[0])) rows.shift();
  const kinds = rows.map((row) => rowClass(T, row));
  if (kinds.length === 1) return kinds[0];
  const closed = kinds.length > 1 && CLOSED.has(kinds[0]) && CLOSED.has(kinds.at(-1));
  if (closed && kinds.includes("WALL_ROW")) return kinds.length === 2 ? "PAIR_ROWS" : "ROWS";
  return "TEXT";
}

// A moves line of tessellation `t`: MOVES_LINE without a letter it refuses.
const movesOf = (T, bare, t) => T.MOVES_LINE.test(bare) && ![...bare].some((c) => T.refused[t].has(c));
const notMove = (T, t) => (c) => !T.MOVE.test(c) || T.refused[t].has(c);

// The positions (code points) of the first two characters of `bare` that no moves line of `t` has.
function strays(T, bare, t) {
  return [...bare].flatMap((c, i) => (notMove(T, t)(c) ? [i] : [])).slice(0, 2);
}

// Rule 3: without one of its characters, `bare` is a moves line.
function almost(T, bare, t) {
  const found = strays(T, bare, t);
  return found.length === 1 && movesOf(T, [...bare].filter((c, i) => i !== found[0]).join(""), t);
}

// Rule 3 after moves: with one character replaced by a move letter, `bare` is a moves line.
function endsMoves(T, bare, t) {
  const found = strays(T, bare, t);
  if (!found.length) return bare.length > 0;
  return found.length === 1 && movesOf(T, [...bare].map((c, i) => (i === found[0] ? "r" : c)).join(""), t);
}

// Rule 4's shape: a closed row if its characters outside the legend were
// floor, with no more of them than walls, boxes, goals and pushers.
function strayRow(T, line) {
  const bare = [...unquoted(line)];
  const count = bare.filter((c) => !T.SQUARE.test(c)).length;
  if (!count || count > bare.filter((c) => T.EDGE.test(c) || T.INNER.test(c)).length) return false;
  const floored = bare.map((c) => (T.SQUARE.test(c) ? c : " ")).join("");
  return T.WALL_ROW_LINE.test(floored) || T.EDGE_ROW_LINE.test(floored);
}

// The postlex: rules 1 to 4.  The builder tells it of each board
// (`newBoard`); `settle` makes the parser finish what the lines before a
// line ended, so that a line right after a board is typed in its tessellation.
class PostLex {
  constructor(parsers, T, caller, settle) {
    Object.assign(this, { parsers, T, caller, settle });
    Object.assign(this, { fileGame: null, puzzleGame: null, seenBoard: false, movesSinceBoard: false });
    this.inMoves = false; // the line before is one of moves (a MOVES, or an ALMOST after one)
  }

  newBoard() {
    Object.assign(this, { seenBoard: true, puzzleGame: null, movesSinceBoard: false });
  }

  tessellation() {
    return this.puzzleGame || this.fileGame || this.caller;
  }

  // The tokens, retyped.  A line that rule 4 may make a row, after a row, waits for the next.
  *process(tokens) {
    const T = this.T;
    let previous = null; // the last token handed on
    let held = null;
    for (const t of tokens) {
      if (t.type === "RLE") t.type = rleClass(this.parsers, T, unquoted(t.lines[0]));
      const isRow = ROW_TOKENS.has(t.type);
      if (held) {
        held.type = this.strayRows(held, isRow);
        yield this.typed(held, previous);
        [previous, held] = [held, null];
      } else if (isRow && previous && TEXTS.has(previous.type)) {
        previous.stray = strayRow(T, previous.lines[0]); // a row after it: a doubt
      }
      if (this.apart(t, previous)) {
        const kind = t.type === "MOVES_LINES" ? "MOVES" : "WALL_ROW";
        for (const [i, line] of t.lines.entries()) {
          const single = token(kind, [line], [t.numbers[i]]);
          yield this.typed(single, previous);
          previous = single;
        }
        continue;
      }
      if (TEXTS.has(t.type) && previous && ROW_TOKENS.has(previous.type) && strayRow(T, t.lines[0])) {
        held = t;
        continue;
      }
      yield this.typed(t, previous);
      previous = t;
    }
    if (held) {
      held.type = this.strayRows(held, false);
      yield this.typed(held, previous);
    }
  }

  // A run read a line at a time: lines of moves of which one has a letter
  // the tessellation refuses (rule 2), lines of rows right after moves (rule 3).
  apart(t, previous) {
    if (t.type === "ROWS") return this.inMoves && t.lines.length > 1;
    if (t.type !== "MOVES_LINES") return false;
    if (previous && ROW_TOKENS.has(previous.type)) this.settle();
    return [...textOf(t)].some((c) => this.T.refused[this.tessellation()].has(c));
  }

  // `t` with the rules that depend on the tessellation applied.
  typed(t, previous) {
    let kind = t.type;
    const afterRows = previous !== null && ROW_TOKENS.has(previous.type);
    if (ROW_TOKENS.has(kind)) {
      if (this.inMoves) kind = this.almostMoves(t, kind);
    } else if (kind === "BLANK") {
      if (afterRows) this.settle();
      this.inMoves = false;
      return t;
    }
    if (ROW_TOKENS.has(kind)) {
      t.run = afterRows ? previous.run : { first: t, lines: 0, squares: false };
      if (t.run.first.type === "FLOOR_ROW" && kind !== "FLOOR_ROW") t.run.first = t;
      t.run.lines += t.lines.length;
      t.run.squares = t.run.squares || /[@pm+PM$b*B.o]/.test(textOf(t));
    } else {
      if (afterRows) this.settle();
      if (kind === "MOVES") kind = this.tessellationOfMoves(t);
      else if (TEXTS.has(kind)) kind = this.almostMoves(t, kind);
      if (kind === "PROPERTY") this.followGame(t);
      else if (OF_MOVES.has(kind)) this.movesSinceBoard = true;
    }
    t.type = kind;
    this.inMoves = this.seenBoard && (OF_MOVES.has(kind) || (kind === "ALMOST" && this.inMoves));
    return t;
  }

  // Rule 2: MOVES, ALMOST or TEXT by the letters the tessellation in effect refuses.
  tessellationOfMoves(t) {
    const refused = [...unquoted(t.lines[0])].filter((c) => this.T.refused[this.tessellation()].has(c)).length;
    return ["MOVES", "ALMOST"][refused] || "TEXT";
  }

  // Rule 3: a line one character away from a moves line is an ALMOST.
  almostMoves(t, kind) {
    const bare = unquoted(t.lines[0]);
    if (this.inMoves && endsMoves(this.T, bare, this.tessellation())) return "ALMOST";
    if (TEXTS.has(kind) && almost(this.T, bare, this.tessellation())) return "ALMOST";
    return kind;
  }

  // Rule 4 for a text after a row: between two lines of rows, a row; else a doubt.
  strayRows(t, rowAfter) {
    if (!rowAfter) {
      t.stray = true;
      return t.type;
    }
    const floored = [...unquoted(t.lines[0])].map((c) => (this.T.SQUARE.test(c) ? c : " ")).join("");
    return this.T.WALL_ROW_LINE.test(floored) ? "WALL_ROW" : "EDGE_ROW";
  }

  // The tessellation in effect: the first "Game:" line with a value after a
  // board and before its moves, or before the first board.
  followGame(t) {
    const [key, value] = property(this.T, t.lines[0]) || [];
    const game = key === "game" && value && tessellationNamed(value);
    if (!game) return;
    if (!this.seenBoard) this.fileGame = this.fileGame || game;
    else if (!this.puzzleGame && !this.movesSinceBoard) this.puzzleGame = game;
  }
}

// ------------------------------------------------------------------ step 3

// The reductions that every line that is no row would make next (rule 2:
// the parser settles what the rows before a line were), while they agree.
function settle(state) {
  const { states, callbacks } = state.parse_conf;
  const { state_stack: stack, value_stack: values } = state;
  for (;;) {
    const taken = LINES.map((t) => states[stack.at(-1)][t]).filter(Boolean);
    const steps = new Set(taken.map(([action, arg]) => (action.name === "Reduce" ? arg : `shift ${arg}`)));
    const [rule] = steps;
    if (steps.size !== 1 || typeof rule === "string") return;
    const size = rule.expansion.length;
    const children = size ? values.splice(-size) : [];
    if (size) stack.splice(-size);
    values.push(callbacks.get(rule)(children));
    stack.push(states[stack.at(-1)][rule.origin.name][1]);
  }
}

// The steps (aliases of sok.lark's rules), each handed to the reading in progress.
const STEPS = ["line", "blank", "title", "title_blank", "held", "untitled_board", "titled_board"];
STEPS.push("semicolon_board", "moves_title", "untitled_moves", "titled_moves", "start_file");
let reading = null;
const steps = Object.fromEntries(STEPS.map((name) => [name, (children) => reading[name](children)]));

// The parser of sok.lark's generated module, with the steps as its transformer.
const parser = (module) => module.get_parser({ transformer: steps });

// The lines of a step's children, rule nodes opened.
const linesOf = (children) => children.flatMap((c) => (c && c.children ? linesOf(c.children) : c ? [c] : []));
const warning = (code, t, index = 0) => [code, t.numbers[0], index + 1];

// A block's lines parsed without their mail quotes, an error moved to its place in the file.
// Its lines carry the same mail quotes: a line quoted unlike most (the first, on a tie) is SOK106.
function decoded(tokens, parse, errors) {
  const lines = tokens.flatMap((t) => t.lines);
  const numbers = tokens.flatMap((t) => t.numbers);
  const quotes = lines.map(quotesOf);
  const text = lines.map((line, i) => line.slice(quotes[i])).join("\n");
  const counts = new Map();
  for (const q of quotes) counts.set(q, (counts.get(q) || 0) + 1);
  const usual = quotes.reduce((best, q) => (counts.get(q) > counts.get(best) ? q : best));
  const requoted = quotes.findIndex((q) => q !== usual);
  const quoteError = () =>
    Object.assign(new PortError("mail quotes", null, "SOK106"), { line: numbers[requoted], column: 1 });
  try {
    const parsed = parse(text);
    if (requoted < 0) return parsed;
    errors.push(quoteError());
    return null;
  } catch (error) {
    if (!(error instanceof PortError)) throw error;
    const before = text.slice(0, error.pos).split("\n");
    const index = Math.min(before.length, lines.length) - 1;
    if (requoted >= 0 && index >= requoted) errors.push(quoteError());
    else errors.push(Object.assign(error, { line: numbers[index], column: before.at(-1).length + 1 + quotes[index] }));
    return null;
  }
}

function titleOf(t) {
  const text = t ? strip(unquoted(t.lines[0])) : "";
  return text.startsWith(";") ? strip(text.slice(1)) : text;
}

// What each step does with the lines it reads, and the puzzles they make.
class Builder {
  constructor(parsers, T, caller, comments) {
    Object.assign(this, { parsers, T, caller, comments, postlex: null });
    this.fileNotes = [];
    this.fileComments = [];
    this.fileGame = null;
    this.notes = this.fileNotes; // where lines of notes go now
    this.pending = []; // a title (and its blank line), or a ";" paragraph
    this.puzzle = null;
    this.boards = 0;
    this.doubts = []; // those of the puzzle being read
    this.warnings = [];
    this.puzzles = [];
  }

  // ------------------------------------------------------------- steps

  start_file() {
    return null;
  }

  line(children) {
    this.flush();
    this.addNotes(children.slice(1));
  }

  blank(children) {
    this.line(children);
  }

  title(children) {
    this.flush();
    this.pending = linesOf(children.slice(1));
  }

  title_blank(children) {
    this.pending.push(children[1]);
  }

  held(children) {
    this.title_blank(children);
  }

  untitled_board(children) {
    this.flush();
    this.board(children.at(-1), null);
  }

  titled_board(children) {
    const title = this.pending[0];
    this.pending = [];
    this.board(children.at(-1), title);
  }

  // A ";" line and text under it, right above a board: its title and notes (a doubt).
  semicolon_board(children) {
    const [title, ...rest] = this.pending;
    this.pending = [];
    const lines = rest.filter((t) => t.type !== "BLANK");
    this.board(children.at(-1), title, lines);
    this.doubts.push(warning("SOK108", lines[0]));
  }

  // A line of moves alone above a board, its title (a doubt).
  moves_title(children) {
    this.flush();
    this.board(children[2], children[1]);
    this.doubts.push(warning("SOK107", children[1]));
  }

  untitled_moves(children) {
    this.flush();
    this.moves(children.slice(1), null);
  }

  titled_moves(children) {
    const title = this.pending[0];
    this.pending = [];
    this.moves(children.slice(1), title);
  }

  // ------------------------------------------------------------ blocks

  // A pending title that no block followed: notes.
  flush() {
    this.notes.push(...this.pending);
    this.pending = [];
  }

  // Lines of notes; rows that make no board, of two lines or more with a pusher, box or goal: a doubt.
  addNotes(children) {
    for (const child of children) {
      const run = child && ["rows", "row"].includes(child.data) && child.children.at(-1).run;
      if (run && run.lines > 1 && run.squares) this.doubts.push(warning("SOK103", run.first));
    }
    this.notes.push(...linesOf(children));
  }

  // The rows after a board or a block of moves: notes, or a line that may title what comes next.
  after(unit) {
    if (!unit) return;
    if (["note", "row", "almost"].includes(unit.data)) this.pending = linesOf([unit]);
    else this.addNotes([unit]);
  }

  // A rule node of a block: its own tokens, and the node of the rows after it.
  static split(unit) {
    const last = unit.children.at(-1);
    return last.children ? [unit.children.slice(0, -1), last] : [unit.children, null];
  }

  board(unit, title, before = []) {
    const [tokens, after] = Builder.split(unit);
    this.giveComments(tokens[0].numbers[0]);
    this.finish();
    this.puzzle = { board: { tokens, title, notes: [...before] }, games: [], comments: [] };
    this.notes = this.puzzle.board.notes;
    this.boards += 1;
    this.postlex.newBoard();
    this.after(after);
  }

  moves(children, title) {
    const [first, after] = children;
    const block = { tokens: first.children ? first.children : [first], title, notes: [] };
    this.puzzle.games.push(block);
    this.notes = block.notes;
    this.after(after);
  }

  // Comment lines belong to the last board that begins before them.
  giveComments(before = Infinity) {
    const owner = this.puzzle ? this.puzzle.comments : this.fileComments;
    while (this.comments.length && this.comments[0].number <= before) owner.push(this.comments.shift().line);
  }

  // ----------------------------------------------------------- puzzles

  // The tessellation of the first "Game:" line with a value; an error when it names none.
  game(notes, errors) {
    for (const t of notes) {
      const [key, value] = t.type === "PROPERTY" ? property(this.T, t.lines[0]) : [];
      if (key !== "game" || !value) continue;
      if (tessellationNamed(value)) return tessellationNamed(value);
      const column = t.lines[0].lastIndexOf(value) + 1;
      errors.push(Object.assign(new PortError("no such tessellation", null, "SOK101"), { line: t.numbers[0], column }));
      return null;
    }
    return null;
  }

  // Doubts about notes: almost-moves (not in the file notes) and stray rows.
  notesDoubts(notes, tessellation, fileNotes = false) {
    const found = [];
    for (const t of notes) {
      const line = t.lines[0];
      const quotes = quotesOf(line);
      if (t.type === "ALMOST" && !fileNotes) {
        found.push(warning("SOK104", t, quotes + Math.max(0, firstIndex(unquoted(line), notMove(this.T, tessellation)))));
      } else if (t.stray) {
        found.push(warning("SOK105", t, quotes + firstIndex(unquoted(line), (c) => !this.T.SQUARE.test(c))));
      }
    }
    return found;
  }

  // Decode the puzzle read so far; its errors (the first is thrown) and doubts.
  finish() {
    const errors = [];
    const found = this.doubts;
    this.doubts = [];
    if (!this.puzzle) {
      if (this.boards === 0 && !this.fileGame) {
        this.fileGame = this.game(this.fileNotes, errors);
        found.push(...this.notesDoubts(this.fileNotes, this.caller, true));
        this.problems(errors, found);
      }
      return;
    }
    const puzzle = this.puzzle;
    this.puzzle = null;
    const tessellation = this.game(puzzle.board.notes, errors) || this.fileGame || this.caller;
    const { parsers } = this;
    const drawn = decoded(puzzle.board.tokens, (t) => board.parse(parsers, t, tessellation), errors);
    const games = [];
    for (const block of puzzle.games) {
      const steps = decoded(block.tokens, (t) => moves.decode(parsers, t, tessellation), errors);
      if (steps) games.push(this.savedGame(steps, block, tessellation));
    }
    for (const block of [puzzle.board, ...puzzle.games]) {
      found.push(...this.notesDoubts(block.notes, tessellation));
      if (block.title && block.title.stray) found.push(...this.notesDoubts([block.title], tessellation));
    }
    this.problems(errors, found);
    const [fields, notes] = this.fields(puzzle.board.notes, PUZZLE_KEYS);
    const { title } = puzzle.board;
    this.puzzles.push({
      board: { tessellation, board: drawn.rows.join("\n") },
      title: fields.title || titleOf(title),
      author: fields.author || "",
      notes,
      saved_games: games,
      boxorder: fields.boxorder || "",
      goalorder: fields.goalorder || "",
      comments: puzzle.comments,
      title_line: fields.title && title ? title.lines[0] : "",
    });
  }

  savedGame(steps, block, tessellation) {
    const [fields, notes] = this.fields(block.notes, GAME_KEYS);
    const line = fields.title && block.title ? block.title.lines[0] : "";
    return {
      tessellation,
      moves: moves.printed(steps, false),
      title: fields.title || titleOf(block.title),
      solved_by: fields.solved_by || "",
      notes: [line, notes].filter((l) => l).join("\n"),
      current_move_idx: steps.position,
    };
  }

  // The recognised properties of some notes (the first line of each field
  // with a value) and the rest of their lines, without blank lines at either end.
  fields(tokens, keys) {
    const fields = {};
    const lines = [];
    for (const t of tokens) {
      const [key, value] = t.type === "PROPERTY" ? property(this.T, t.lines[0]) : [];
      const field = Object.hasOwn(keys, key) && keys[key];
      if (field && value && !(field in fields)) fields[field] = value;
      else lines.push(...t.lines);
    }
    const blank = (line) => !/[^ \t>]/.test(line);
    while (lines.length && blank(lines[0])) lines.shift();
    while (lines.length && blank(lines.at(-1))) lines.pop();
    return [fields, lines.join("\n")];
  }

  problems(errors, found) {
    if (errors.length) throw errors.reduce((a, b) => (b.line < a.line || (b.line === a.line && b.column < a.column) ? b : a));
    this.warnings.push(...found);
  }

  // The collection, once every line is read.
  end() {
    this.flush();
    this.giveComments();
    this.finish();
    if (this.boards === 0) this.warnings.push(["SOK102", 1, 1]);
    const [fields, notes] = this.fields(this.fileNotes, FILE_KEYS);
    return {
      title: fields.title || "",
      author: fields.author || "",
      created_at: fields.created_at || "",
      updated_at: fields.updated_at || "",
      notes,
      puzzles: this.puzzles,
      comments: this.fileComments,
      email: fields.email || "",
      url: fields.url || "",
    };
  }
}

// The collection of a text as the vectors' JSON, and the warnings; throws the first error.
function parse(parsers, text, caller = "Sokoban") {
  const T = terminals(parsers);
  text = text.replace(/^\ufeff/, "").replace(/\r\n?/g, "\n");
  const lines = (text.endsWith("\n") ? text : `${text}\n`).split("\n").slice(0, -1);
  const { tokens, comments } = lex(T, lines);
  const interactive = parsers.sok.parse_interactive("");
  const builder = new Builder(parsers, T, caller, comments);
  builder.postlex = new PostLex(parsers, T, caller, () => settle(interactive.parser_state));
  reading = builder;
  try {
    for (const t of builder.postlex.process(tokens)) interactive.feed_token(t);
    interactive.feed_eof();
  } finally {
    reading = null;
  }
  return { collection: builder.end(), warnings: builder.warnings };
}

module.exports = { parse, parser };
