// .sok and .xsb files (grammars/sok.lark): the lexer of its header (steps 1
// and 2) feeds line tokens to the generated LALR parser, and the units the
// parser finds become puzzles (the header's semantic rules).
"use strict";

const rle = require("./rle.js");
const moves = require("./moves.js");
const board = require("./board.js");

const { PortError } = rle;
const STEP_1 = ["BLANK_LINE", "BOARD_ROW", "EMPTY_ROW", "OPEN_ROW", "RLE_LINE", "MOVES_LINE"];
const ROWS = ["BLANK_LINE", "BOARD_ROW", "EMPTY_ROW", "OPEN_ROW"];
const CLOSED = ["BOARD_ROW", "ROWS_LINE"];
const BOARD_LINES = [...CLOSED, "EMPTY_ROW", "OPEN_ROW"];
const SPACE = "[\\t-\\r\\x1c-\\x1f\\x85\\p{Z}]";
const strip = (text) => text.replace(new RegExp(`^${SPACE}+|${SPACE}+$`, "gu"), "");
const unquoted = (line) => line.replace(/^>*/, "");
const lineOf = (token) => token.starts[0][1];
const PROPERTY = /^[ \t]*(date[ \t]+created|date[ \t]+of[ \t]+last[ \t]+change|[a-z][a-z0-9_./-]*)[ \t]*[:=](.*)$/is;
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

// [key (lower case, words apart by one space), value] of a key/value line, else null.
function property(line) {
  const found = PROPERTY.exec(line);
  return found && [found[1].toLowerCase().split(/[ \t]+/).join(" "), strip(found[2])];
}

const tessellationNamed = (name) => Object.keys(moves.LETTERS).find((t) => t.toLowerCase() === name.toLowerCase());

// The grammar's terminals, and per tessellation the letters of MOVE it refuses.
function terminals(parsers) {
  if (parsers.sokTerminals) return parsers.sokTerminals;
  const found = {};
  for (const t of parsers.sok.terminals) found[t.name] = new RegExp(`^(?:${t.pattern.to_regexp()})$`);
  const letters = [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"].filter((c) => found.MOVE.test(c));
  found.refused = {};
  for (const t in moves.LETTERS) {
    found.refused[t] = new Set(letters.filter((c) => !(c.toLowerCase() in moves.LETTERS[t])));
  }
  return (parsers.sokTerminals = found);
}

// Step 1, and rule 1 for an RLE_LINE: {type, rows}.
function classify(parsers, T, line) {
  if (line.startsWith("::")) return { type: "COMMENT_LINE" };
  const bare = unquoted(line);
  const type = STEP_1.find((name) => T[name].test(bare)) || "TEXT_LINE";
  if (type !== "RLE_LINE") return { type, rows: 1 };
  let rows;
  try {
    rows = rle.decode(parsers, bare).split("\n");
  } catch (error) {
    if (error instanceof PortError) return { type: "TEXT_LINE" };
    throw error;
  }
  while (rows.length && !/[^ \t]/.test(rows.at(-1))) rows.pop();
  while (rows.length && !/[^ \t]/.test(rows[0])) rows.shift();
  const kinds = rows.map((row) => ROWS.find((name) => T[name].test(row)));
  if (!rows.length || kinds.includes(undefined)) return { type: "TEXT_LINE" };
  if (rows.length === 1) return { type: kinds[0], rows: 1 };
  const walled = (row) => [...row].some((c) => T.WALL.test(c));
  const closed = kinds[0] === "BOARD_ROW" && kinds.at(-1) === "BOARD_ROW" && walled(rows[0]) && walled(rows.at(-1));
  return closed ? { type: "ROWS_LINE", rows: rows.length } : { type: "TEXT_LINE" };
}

// Rule 4 for a run of board lines: a BOARD (its ROWS and GAP tokens), text around it.
function boardRun(T, run) {
  const closed = run.flatMap((item, i) => (CLOSED.includes(item.type) ? [i] : []));
  const walled = closed.filter((i) => [...run[i].lines[0]].some((c) => T.WALL.test(c)));
  const [first, last] = walled.length ? [walled[0], walled.at(-1)] : [run.length, -1];
  const text = (doubt) => (item) => ({ ...item, type: item.type === "EMPTY_ROW" ? "FLOOR_LINE" : "TEXT_LINE", doubt });
  if (run.slice(first, last + 1).reduce((rows, item) => rows + item.rows, 0) < 3) {
    const inner = (item) => /[@pm+PM$b*B.o]/.test(item.lines[0]);
    const doubt = closed.length > 0 && run.length > 1 && run.some(inner) && "board";
    return run.map((item, i) => text(i === 0 && doubt)(item));
  }
  const parts = [];
  for (const item of run.slice(first, last + 1)) {
    const type = CLOSED.includes(item.type) ? "ROWS" : "GAP";
    if (parts.length && parts.at(-1).type === type) join(parts.at(-1), item);
    else parts.push({ type, lines: [...item.lines], starts: [...item.starts] });
  }
  return [...run.slice(0, first).map(text(false)), { type: "BOARD", parts }, ...run.slice(last + 1).map(text(false))];
}

// Rule 10's shape: a BOARD_ROW if its characters outside the legend were
// floor, with no more of them than walls, boxes, goals and pushers.
function strayRow(T, line) {
  const bare = [...unquoted(line)];
  const strays = bare.filter((c) => !T.SQUARE.test(c)).length;
  const solid = bare.filter((c) => T.EDGE.test(c) || T.INNER.test(c)).length;
  const floored = bare.map((c) => (T.SQUARE.test(c) ? c : " ")).join("");
  return strays > 0 && strays <= solid && T.BOARD_ROW.test(floored);
}

// Rule 3 after a moves line: one character replaced by a move letter makes a MOVES_LINE.
function endsMoves(T, bare, strays) {
  if (!strays.length) return bare.length > 0;
  if (strays.length > 1) return false;
  return T.MOVES_LINE.test(bare.map((c, i) => (i === strays[0] ? "r" : c)).join(""));
}

function join(token, item) {
  token.lines.push(...item.lines);
  token.starts.push(...item.starts);
}

// Steps 1 and 2: the tokens of the lines, and the comment lines set aside (rule 8).
function lex(parsers, lines, caller) {
  const T = terminals(parsers);
  const items = [];
  const comments = [];
  lines.reduce((pos, line, index) => {
    const item = { ...classify(parsers, T, line), lines: [line], starts: [[pos, index + 1]] };
    (item.type === "COMMENT_LINE" ? comments : items).push(item);
    return pos + line.length + 1;
  }, 0);
  // Rule 10: text shaped like a board row between board lines is one; beside one, a doubt.
  items.forEach((item, i) => {
    if (item.type !== "TEXT_LINE" || !strayRow(T, item.lines[0])) return;
    const before = i > 0 && BOARD_LINES.includes(items[i - 1].type);
    const after = i + 1 < items.length && BOARD_LINES.includes(items[i + 1].type);
    if (before && after) Object.assign(item, { type: "BOARD_ROW", rows: 1 });
    else if (before || after) item.doubt = "row";
  });
  // Rules 1 and 4: runs of board lines.
  const units = [];
  let run = [];
  for (const item of [...items, null]) {
    if (item && BOARD_LINES.includes(item.type)) {
      run.push(item);
      continue;
    }
    units.push(...boardRun(T, run), ...(item ? [item] : []));
    run = [];
  }
  // Rules 2, 3, 5, 6, 7 and 9, in file order.
  const tokens = [];
  let movesRun = [];
  const endRun = () => {
    if (!movesRun.some((item) => item.type === "MOVES_LINE")) tokens.push(...movesRun);
    else tokens.push({ type: "MOVES", lines: movesRun.flatMap((i) => i.lines), starts: movesRun.flatMap((i) => i.starts) });
    movesRun = [];
  };
  let [seenBoard, fileGame, puzzleGame, movesSinceBoard] = [false, null, null, false];
  units.forEach((item, index) => {
    if (item.type === "BOARD" || item.type === "BLANK_LINE") endRun();
    if (item.type === "BOARD") {
      [seenBoard, puzzleGame, movesSinceBoard] = [true, null, false];
      tokens.push(...item.parts);
      return;
    }
    if (item.type === "BLANK_LINE") {
      if (tokens.length && tokens.at(-1).type === "BLANKS") join(tokens.at(-1), item);
      else tokens.push({ ...item, type: "BLANKS" });
      return;
    }
    const line = item.lines[0];
    const bare = [...unquoted(line)];
    const refused = T.refused[puzzleGame || fileGame || caller];
    const strays = bare.flatMap((c, i) => (T.MOVE.test(c) && !refused.has(c) ? [] : [i]));
    const afterMoves = item.type !== "MOVES_LINE" && movesRun.some((i) => i.type === "MOVES_LINE");
    if (afterMoves && endsMoves(T, bare, strays)) {
      item.type = "ALMOST_MOVES";  // rule 3, after moves
    } else if (item.type === "MOVES_LINE") {
      item.type = ["MOVES_LINE", "ALMOST_MOVES"][bare.filter((c) => refused.has(c)).length] || "TEXT_LINE";
    } else if (item.type === "TEXT_LINE") {
      const without = bare.filter((c, i) => i !== strays[0]).join("");
      if (strays.length === 1 && T.MOVES_LINE.test(without)) item.type = "ALMOST_MOVES";
    }
    if (!seenBoard && (item.type === "MOVES_LINE" || item.type === "ALMOST_MOVES")) item.type = "TEXT_LINE";
    // Rule 11: a moves line alone between a blank line (or the start) and a board is its title.
    const alone = (index === 0 || units[index - 1].type === "BLANK_LINE") && units[index + 1]?.type === "BOARD";
    if (item.type === "MOVES_LINE" && alone) Object.assign(item, { type: "TEXT_LINE", doubt: "moves" });
    if (item.type === "TEXT_LINE" && property(line)) {
      item.type = "PROPERTY_LINE";
      const [key, value] = property(line);
      const game = key === "game" && tessellationNamed(value);
      if (game && !seenBoard) fileGame = fileGame || game;
      else if (game && !puzzleGame && !movesSinceBoard) puzzleGame = game;
    }
    if (item.type === "MOVES_LINE") movesSinceBoard = true;
    if (item.type === "MOVES_LINE" || item.type === "ALMOST_MOVES") {
      movesRun.push(item);
    } else {
      endRun();
      tokens.push(item);
    }
  });
  endRun();
  for (const token of tokens) if (token.type === "BLANKS" && token.lines.length === 1) token.type = "BLANK";
  return { tokens, comments };
}

// ------------------------------------------------------------------ builder

// The recognised properties of some notes (the first line of each field
// with a value) and the rest of their lines, without blank lines at either end.
function notes(tokens, keys) {
  const fields = {};
  const lines = [];
  for (const token of tokens) {
    const [key, value] = token.type === "PROPERTY_LINE" ? property(token.lines[0]) : [];
    const field = Object.hasOwn(keys, key) && keys[key];
    if (field && value && !(field in fields)) fields[field] = value;
    else lines.push(...token.lines);
  }
  const blank = (line) => !/[^ \t>]/.test(line);
  while (lines.length && blank(lines[0])) lines.shift();
  while (lines.length && blank(lines.at(-1))) lines.pop();
  return [fields, lines.join("\n")];
}

// The tessellation of the first "Game:" line with a value; an error when it names none.
function gameOf(tokens, errors) {
  for (const token of tokens) {
    const [key, value] = token.type === "PROPERTY_LINE" ? property(token.lines[0]) : [];
    if (key !== "game" || !value) continue;
    if (!tessellationNamed(value)) {
      const column = token.lines[0].lastIndexOf(value) + 1;
      errors.push(Object.assign(new PortError("no such tessellation", null, "SOK101"), { line: lineOf(token), column }));
    }
    return tessellationNamed(value);
  }
  return undefined;
}

// A block's lines parsed without their mail quotes, an error moved to its place in the file.
// Its lines carry the same mail quotes: a line quoted unlike most (the first, on a tie) is SOK106.
function decoded(tokens, parse, errors) {
  const lines = tokens.flatMap((t) => t.lines);
  const starts = tokens.flatMap((t) => t.starts);
  const quotes = lines.map((line) => line.length - unquoted(line).length);
  const text = lines.map((line, i) => line.slice(quotes[i])).join("\n");
  const counts = new Map();
  for (const q of quotes) counts.set(q, (counts.get(q) || 0) + 1);
  const usual = quotes.reduce((best, q) => (counts.get(q) > counts.get(best) ? q : best));
  const requoted = quotes.findIndex((q) => q !== usual);
  const quoteError = () =>
    Object.assign(new PortError("mail quotes", null, "SOK106"), { line: starts[requoted][1], column: 1 });
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
    else errors.push(Object.assign(error, { line: starts[index][1], column: before.at(-1).length + 1 + quotes[index] }));
    return null;
  }
}

function titleOf(token) {
  const text = token ? strip(unquoted(token.lines[0])) : "";
  return text.startsWith(";") ? strip(text.slice(1)) : text;
}

// A block's title: its Title property (the title line then stays), else its title line.
function titled(block, fields) {
  return { title: fields.title || titleOf(block.title), line: fields.title && block.title ? block.title.lines[0] : "" };
}

// The collection of a text as the vectors' JSON, and the warnings; throws the first error.
function parse(parsers, text, caller = "Sokoban") {
  text = text.replace(/^\ufeff/, "").replace(/\r\n?/g, "\n");
  const lines = (text.endsWith("\n") ? text : `${text}\n`).split("\n").slice(0, -1);
  const { tokens, comments } = lex(parsers, lines, caller);
  const interactive = parsers.sok.parse_interactive("");
  tokens.forEach((token) => interactive.feed_token(token));
  // The units in file order: a title waits for its block, notes go to the last block.
  const file = { notes: [] };
  const puzzles = [];
  let [title, owner] = [null, file];
  for (const unit of interactive.feed_eof().children) {
    if (unit.data === "title") title = unit.children[0];
    else if (unit.data === "board") puzzles.push((owner = { board: unit.children, title, notes: [], games: [] }));
    else if (unit.data === "moves") puzzles.at(-1).games.push((owner = { moves: unit.children, title, notes: [] }));
    else owner.notes.push(...unit.children);
    if (unit.data === "board" || unit.data === "moves") title = null;
  }
  const errors = [];
  const fileGame = gameOf(file.notes, errors);
  const starts = [...puzzles.map((p) => lineOf(p.board[0])), Infinity];
  const tessellations = [];
  const built = puzzles.map((puzzle, index) => {
    const tessellation = gameOf(puzzle.notes, errors) || fileGame || caller;
    tessellations.push(tessellation);
    const found = decoded(puzzle.board, (t) => board.parse(parsers, t, tessellation), errors);
    const games = puzzle.games.map((game) => {
      const steps = decoded(game.moves, (t) => moves.decode(parsers, t, tessellation), errors);
      const [fields, rest] = notes(game.notes, GAME_KEYS);
      const { title, line } = titled(game, fields);
      return steps && {
        tessellation,
        moves: moves.printed(steps, false),
        title,
        solved_by: fields.solved_by || "",
        notes: [line, rest].filter((l) => l).join("\n"),
        current_move_idx: steps.position,
      };
    });
    const [fields, rest] = notes(puzzle.notes, PUZZLE_KEYS);
    const { title, line } = titled(puzzle, fields);
    const own = comments.filter((c) => lineOf(c) > starts[index] && lineOf(c) < starts[index + 1]);
    return found && {
      board: { tessellation, board: found.rows.join("\n") },
      title,
      author: fields.author || "",
      notes: rest,
      saved_games: games,
      boxorder: fields.boxorder || "",
      goalorder: fields.goalorder || "",
      comments: own.map((c) => c.lines[0]),
      title_line: line,
    };
  });
  if (errors.length) throw errors.reduce((a, b) => (b.line < a.line || (b.line === a.line && b.column < a.column) ? b : a));
  const warnings = puzzles.length ? [] : [["SOK102", 1, 1]];
  const T = terminals(parsers);
  const owners = [[file, caller], ...puzzles.flatMap((p, i) => [p, ...p.games].map((o) => [o, tessellations[i]]))];
  for (const [owner, tessellation] of owners) {
    const refused = T.refused[tessellation];
    const doubtful = owner.title && ["row", "moves"].includes(owner.title.doubt);
    for (const token of [...owner.notes, ...(doubtful ? [owner.title] : [])]) {
      const line = token.lines[0];
      const quotes = line.length - unquoted(line).length;
      const bare = [...unquoted(line)];
      const first = (test) => quotes + Math.max(0, bare.findIndex(test)) + 1;
      if (token.type === "ALMOST_MOVES") {
        warnings.push(["SOK104", lineOf(token), first((c) => !T.MOVE.test(c) || refused.has(c))]);
      }
      if (token.type === "TEXT_LINE" && token.doubt === "board") warnings.push(["SOK103", lineOf(token), 1]);
      if (token.type === "TEXT_LINE" && token.doubt === "moves") warnings.push(["SOK107", lineOf(token), 1]);
      if (token.type === "TEXT_LINE" && token.doubt === "row") {
        warnings.push(["SOK105", lineOf(token), first((c) => !T.SQUARE.test(c))]);
      }
    }
  }
  const [fields, rest] = notes(file.notes, FILE_KEYS);
  return {
    collection: {
      title: fields.title || "",
      author: fields.author || "",
      created_at: fields.created_at || "",
      updated_at: fields.updated_at || "",
      notes: rest,
      puzzles: built,
      comments: comments.filter((c) => lineOf(c) < starts[0]).map((c) => c.lines[0]),
      email: fields.email || "",
      url: fields.url || "",
    },
    warnings,
  };
}

module.exports = { parse };
