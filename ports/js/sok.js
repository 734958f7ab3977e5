// .sok and .xsb files (grammars/sok.lark).  Steps 1 and 2 of its header type
// each line (`tokens`); the parser lark-js generated from its rules reads them
// and calls its steps and units (`steps`, the parser's transformer), which lay
// out the file; then the header's semantic rules build the collection.
import { parsers, PortError, ASCII, first, terminals, union, settle, reading, fileLines, attempt } from "./rle.js";
import * as moves from "./moves.js";
import * as board from "./board.js";

// Step 1's classes (a line of class NAME_LINE is a NAME token, an RLE one is
// retyped by rule 1), the row tokens, and the tokens of lines that are no row.
const CLASSES = ["BLANK", "WALL_ROW", "EDGE_ROW", "FLOOR_ROW", "OPEN_ROW", "RLE", "MOVES", "SEMICOLON"];
const ROWS = ["WALL_ROW", "EDGE_ROW", "PAIR_ROWS", "ROWS", "OPEN_ROW", "FLOOR_ROW"];
const TEXTS = ["TEXT", "SEMICOLON", "PROPERTY"]; // the lines rule 4 may doubt
// Recognised keys and their fields, per kind of notes.
const FILE = { collection: "title", set: "title", title: "title", author: "author", email: "email", url: "url" };
Object.assign(FILE, { "date created": "created_at", "date of last change": "updated_at" });
const PUZZLE = { title: "title", author: "author", game: "game", boxorder: "boxorder", goalorder: "goalorder" };
const GAME = { title: "title", solver: "solved_by", author: "solved_by" };
// The keys of Python's `to_dict`, in its order (so that the JSON texts are the same too).
const KEYS = {
  collection: "title author created_at updated_at notes puzzles comments email url".split(" "),
  puzzle: "board title author notes saved_games boxorder goalorder comments title_line".split(" "),
  game: "tessellation moves title solved_by notes current_move_idx".split(" "),
};
const ordered = (kind, object) => Object.fromEntries(KEYS[kind].map((key) => [key, object[key]]));
const SPACE = "[\\t-\\r\\x1c-\\x1f\\x85\\p{Z}]"; // the header's white space
const strip = (text) => text.replace(new RegExp(`^${SPACE}+|${SPACE}+$`, "gu"), "");
const unquoted = (line) => (line[0] === ">" ? line.replace(/^>*/, "") : line);
const isRow = (token) => ROWS.includes(token?.type);
// The lines from the first to the last that `ink` takes.
const inked = (lines, ink) => lines.slice(lines.findIndex(ink), lines.findLastIndex(ink) + 1);
// The characters of `text` (code points, each a match with its `index`) that `test` refuses.
// (The first `most` of them: a caller that needs to know whether there are 0, 1 or more asks for 2.)
// A test may know the lines it takes whole (`test.line`): they have none.
function strays(text, test, most = Infinity) {
  const found = [];
  if (test.line?.test(text)) return found;
  for (const stray of text.matchAll(/./gsu)) if (!test(stray[0]) && found.push(stray) >= most) break;
  return found;
}
// Whether a line reads as moves by moves.lark, whatever its letters ("L12" does not).
const readsAsMoves = (text) => Boolean(attempt(() => moves.decode(text, "Octoban")));
// [key (lower case, words one space apart), value] of a PROPERTY (its key holds no ":" or "=").
function property(line) {
  const [, key, value] = /^[ \t]*(.*?)[ \t]*[:=](.*)$/s.exec(line);
  return [key.toLowerCase().split(/[ \t]+/).join(" "), strip(value)];
}

// The collection of a text (to_dict's JSON) and the warnings (each [code, offset]); throws the
// first error.  The reading's state (`r`: its tokens, layout, errors and
// warnings) and the steps that use it are made for each call.
export function parse(text, caller = "Sokoban") {
  // `r.tessellation`: the file notes' (a puzzle has its own, `decide`), else the caller's.
  const r = { tessellation: caller, T: terminals(parsers.sok), errors: [], warnings: [], moves: {} };
  Object.assign(r, { fileNotes: [], puzzles: [], pending: [] });
  r.notes = r.fileNotes;

  // Of MOVE, what a tessellation allows: characters that are no letter, and its letters
  // (MOVE's characters are ASCII: a table of them, made once per reading and tessellation).
  const allows = (t) => (c) => r.T.MOVE.test(c) && (!/[a-z]/i.test(c) || moves.letters(t).test(c));
  const moveOf = (t) => (r.moves[t] ||= ((allowed) => {
    const escaped = allowed.map((c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`).join("");
    return Object.assign((c) => allowed.includes(c), { line: new RegExp(`^[${escaped}]*$`) });
  })(ASCII.filter(allows(t))));
  const lineClasses = CLASSES.map((name) => [name, r.T[`${name}_LINE`]]);
  const classOf = (bare) => lineClasses.find(([, line]) => line.test(bare))?.[0] || "TEXT";
  // A square of INNER or BOX_ON_GOAL anywhere in a line.
  const marked = new RegExp(union(r.T.INNER, r.T.BOX_ON_GOAL));

  // ------------------------------------------------------------ steps 1 and 2

  // Step 1: a key/value line is matched as it stands, mail quotes and all; the
  // other classes without them.
  function step1(text) {
    const bare = unquoted(text);
    // Most lines of real files are moves: MOVES_LINE has a MOVE_LETTER, which no
    // class before it allows, and no ":" or "=", which PROPERTY_LINE needs.
    if (r.T.MOVES_LINE.test(bare)) return "MOVES";
    if (r.T.PROPERTY_LINE.test(text)) return "PROPERTY";
    if (r.T.COMMENT_LINE.test(text)) return "COMMENT";
    const type = classOf(bare);
    return type === "RLE" ? rule1(bare) : type;
  }

  // Rule 1: what an RLE line draws (board.lark), by the classes of its rows:
  // one row, its class; rows closed at both ends, one with a wall, PAIR_ROWS or
  // ROWS; anything else (a line that would draw more than 100 squares a
  // character, or 20,000 in all, among them), TEXT.
  function rule1(bare) {
    const rows = attempt(() => board.drawn(bare, Math.min(100 * bare.length, 20000)).split("\n"), () => []);
    const kinds = inked(rows, (row) => /[^ \t]/.test(row)).map(classOf);
    const closed = kinds.length > 1 && [kinds[0], kinds.at(-1)].every((k) => k === "WALL_ROW" || k === "EDGE_ROW");
    if (closed && kinds.includes("WALL_ROW")) return kinds.length === 2 ? "PAIR_ROWS" : "ROWS";
    return kinds.length === 1 ? kinds[0] : "TEXT";
  }

  // The tokens of the lines (comments aside), each typed once the parser has
  // read those before it, then fed to it.  Rule 4: right after a row, a line of its shape is a
  // STRAY_* (before rule 3), which the rules read as a row before a row and else
  // as the text it is; a line of its shape before a row is a doubt.
  function tokens(lines, feed) {
    let previous = null; // the last token handed on
    for (const [i, token] of lines.entries()) {
      const stray = TEXTS.includes(token.type) && isRow(previous) && strayRow(token.text);
      if (stray) Object.assign(token, { type: `STRAY_${token.type}`, run: previous.run });
      feed((previous = stray ? token : typed(token, previous)));
      if (!stray && isRow(lines[i + 1]) && TEXTS.includes(token.type)) token.stray = strayRow(token.text);
    }
    return previous;
  }

  // Rules 2 and 3 in the tessellation in effect (`decide`), and the run of
  // rows a row stands in (SOK103).
  function typed(token, previous) {
    // A line of rule 4 right before: a row of the rows' run before a row, else text after them.
    const stray = previous?.type.startsWith("STRAY_") ? previous : null;
    const afterRows = isRow(previous) || stray;
    // The rows before: perhaps a board, settled by the reductions of any line that is no row (nor of rule 4).
    if (!isRow(token) && afterRows) settle(r.state, (type) => !ROWS.includes(type) && !type.startsWith("STRAY_"));
    // A key/value line of rule 4 that stays text comes after the board it may follow.
    if (stray && !isRow(token) && r.T.PROPERTY_LINE.test(stray.text)) decide(stray);
    const puzzle = r.puzzles.at(-1);
    const [bare, move] = [unquoted(token.text), moveOf((puzzle || r).tessellation)];
    // Rule 3: with its one character that no moves line has replaced by `letter`, a moves line.
    const oneAway = (letter) => {
      const [stray, ...more] = strays(bare, move, 2);
      if (!stray || more.length) return Boolean(letter && bare && !stray);
      return r.T.MOVES_LINE.test(bare.slice(0, stray.index) + letter + bare.slice(stray.index + stray[0].length));
    };
    let kind = token.type;
    // A key/value line whose key is recognised where it stands is that property.
    const keys = !puzzle ? FILE : puzzle.moved ? GAME : PUZZLE;
    if (kind === "PROPERTY" && Object.hasOwn(keys, property(bare)[0])) kind = "PROPERTY";
    else if ((isRow(token) || TEXTS.includes(kind)) && r.inMoves && oneAway("r")) kind = "ALMOST";
    else if (TEXTS.includes(kind) && oneAway("")) kind = "ALMOST";
    else if (kind === "MOVES") kind = !strays(bare, move, 1).length ? "MOVES" : oneAway("") ? "ALMOST" : "TEXT";
    if (ROWS.includes(kind)) {
      const run = (token.run = afterRows ? previous.run : { first: token, lines: 0 });
      for (const [row, type] of stray ? [[stray, "WALL_ROW"], [token, kind]] : [[token, kind]]) {
        if (run.first.type === "FLOOR_ROW" && type !== "FLOOR_ROW") run.first = row;
        run.lines += 1;
        run.squares ||= marked.test(unquoted(row.text));
      }
    }
    if (kind === "PROPERTY") decide(token);
    if (puzzle && kind === "MOVES") puzzle.moved = true;
    r.inMoves = Boolean(puzzle) && (kind === "MOVES" || (kind === "ALMOST" && r.inMoves));
    return Object.assign(token, { type: kind });
  }

  // The tessellation in effect, decided here alone: in the file notes and in
  // each puzzle's before its moves, the first "Game:" line with a value names
  // it for them (a puzzle's board and games are read in it); one that names
  // none is SOK101 and leaves the file's (or the caller's).
  function decide(token) {
    const [key, value] = property(token.text);
    const scope = r.puzzles.at(-1) || r;
    if (key !== "game" || !value || scope.decided || scope.moved) return;
    const named = moves.named(value);
    if (!named) r.errors.push(new PortError("no such tessellation", token.start + token.text.lastIndexOf(value), "SOK101"));
    Object.assign(scope, { tessellation: named || r.tessellation, decided: true });
  }

  // Rule 4's shape: the line would be a closed row if its characters outside
  // the legend were walls, they are no more than its squares of EDGE and INNER,
  // and it has a square of EDGE of its own.
  function strayRow(line) {
    const { SQUARE, EDGE, INNER, WALL_ROW_LINE } = r.T;
    const bare = unquoted(line);
    const walled = bare.replace(/./gsu, (c) => (SQUARE.test(c) ? c : "#"));
    const outside = strays(bare, (c) => SQUARE.test(c)).length;
    const solid = [...bare].filter((c) => EDGE.test(c) || INNER.test(c)).length;
    const edge = [...bare].some((c) => EDGE.test(c));
    // An RLE_LINE is rule 1's alone: a board would read its digits as counts.
    return outside > 0 && outside <= solid && edge && WALL_ROW_LINE.test(walled) && !r.T.RLE_LINE.test(bare);
  }

  // ------------------------------------------------------------ step 3

  // A pending title that no block followed is notes (`flush`, which holds
  // `next` instead); a block takes its title (`take`).
  const flush = (next = []) => r.notes.push(...r.pending.splice(0, Infinity, ...next));
  const take = () => r.pending.splice(0)[0];
  const unit = (kind) => (children) => Object.assign(children, { kind });

  // Lines of notes; rows that make no board, of two lines or more with a pusher,
  // box or goal, are a doubt (SOK103).
  function addNotes(children) {
    flush();
    for (const rows of children.filter(({ kind }) => kind === "rows" || kind === "row")) {
      const { run } = rows.findLast((row) => !Array.isArray(row));
      if (run.lines > 1 && run.squares) r.warnings.push(["SOK103", run.first.start]);
    }
    r.notes.push(...children.flat(Infinity));
  }

  // A board or a block of moves: the rows after it are notes, or a line that may title what follows.
  function begin(block, blocks, after) {
    flush();
    blocks.push(block);
    r.notes = block.notes;
    if (after?.kind === "title" || after?.kind === "row") r.pending = [...after];
    else if (after) addNotes([after]);
  }

  function newBoard(lines, title = null, notes = []) {
    const after = Array.isArray(lines.at(-1)) ? lines.pop() : null;
    begin({ lines, title, notes, games: [], tessellation: r.tessellation }, r.puzzles, after);
  }

  function newMoves([lines, after], title = null) {
    begin({ lines: [lines].flat(), title, notes: [] }, r.puzzles.at(-1).games, after);
  }

  // A line of rule 4 after rows and before no row: the text it is, a doubt
  // (SOK105); after a board, a line that may title what follows.
  function strayText([token]) {
    Object.assign(token, { type: token.type.replace(/^STRAY_/, ""), stray: true });
    return unit(token.type === "PROPERTY" ? "lines" : "title")([token]);
  }

  // The steps of the rules (the names of their alternatives) and their units:
  // the transformer of this reading of the generated parser (`reading`, rle.js;
  // a rule without a step, such as `board` or `moves`, gives its children).
  const steps = {
    line: ([, ...children]) => addNotes(children),
    blank: ([, ...children]) => addNotes(children),
    title: ([, ...children]) => flush(children.flat()),
    title_blank: ([, line]) => r.pending.push(line),
    held: ([, line]) => r.pending.push(line),
    untitled_board: (children) => newBoard(children.at(-1)),
    titled_board: (children) => newBoard(children.at(-1), take()),
    semicolon_board(children) {
      const [title, ...held] = r.pending.splice(0);
      const lines = held.filter(({ type }) => type !== "BLANK");
      newBoard(children.at(-1), title, lines);
      r.warnings.push(["SOK108", lines[0].start]);
    },
    moves_title([, title, rows]) {
      newBoard(rows, title);
      if (readsAsMoves(unquoted(title.text))) r.warnings.push(["SOK107", title.start]);
    },
    untitled_moves: ([, ...children]) => newMoves(children),
    titled_moves: ([, ...children]) => newMoves(children, take()),
    ...{ rows: unit("rows"), row: unit("row"), note: unit("title"), almost: unit("title") },
    ...{ stray_title: strayText, stray_semicolon: strayText, stray_line: strayText },
  };

  // ------------------------------------------------------------ the semantic rules

  // The collection as to_dict's JSON, and the warnings; throws the first error.
  function collection() {
    flush();
    // Each comment to the file (0) or to the puzzle whose board is the last before it, in one walk.
    const [starts, comments] = [[0, ...r.puzzles.map(({ lines }) => lines[0].start)], [[], ...r.puzzles.map(() => [])]];
    let at = 0;
    for (const { start, text } of r.comments) {
      while (starts[at + 1] < start) at += 1;
      comments[at].push(text);
    }
    const fields = noted({ notes: r.fileNotes }, FILE);
    const puzzles = r.puzzles.map((puzzle, i) => {
      const { tessellation } = puzzle;
      const { game: _, ...fields } = noted(puzzle, PUZZLE, tessellation);
      const found = decoded(puzzle.lines, (text) => board.parse(text, tessellation));
      const saved_games = puzzle.games.map((block) => savedGame(block, tessellation));
      const drawn = found && { tessellation, board: found.rows.join("\n") };
      return ordered("puzzle", { ...fields, board: drawn, saved_games, comments: comments[i + 1] });
    });
    if (r.errors.length) throw first(r.errors);
    if (!puzzles.length) r.warnings.push(["SOK102", 0]);
    const collection = ordered("collection", { ...fields, puzzles, comments: comments[0] });
    // Where the file notes' lines of fields stood, when they had such lines.
    if (fields.fields_at) collection.fields_at = fields.fields_at;
    return { result: collection, warnings: r.warnings };
  }

  function savedGame(block, tessellation) {
    const read = decoded(block.lines, (text) => moves.game(text, tessellation));
    const { title_line: line, notes, ...fields } = noted(block, GAME, tessellation);
    const played = read && { moves: read.moves, current_move_idx: read.position };
    return ordered("game", { tessellation, ...played, ...fields, notes: [line, notes].filter(Boolean).join("\n") });
  }

  // A block's recognised properties (the first line of each field with a value,
  // taken out of its notes), the rest of its notes without the blank lines at
  // either end, its title (its Title property, the title line then kept, else its
  // title line); its doubts pushed (`doubts`, in `tessellation`).  (The file
  // notes have no title line: their `title_line` is no key of the collection's JSON.)
  function noted({ notes, title }, keys, tessellation = null) {
    doubts({ notes, title }, tessellation);
    const fields = Object.fromEntries(Object.values(keys).map((name) => [name, ""]));
    const [lines, taken] = [[], []];
    for (const token of notes) {
      const [key, value] = token.type === "PROPERTY" ? property(token.text) : [];
      if (Object.hasOwn(keys, key) && value && !fields[keys[key]]) {
        fields[keys[key]] = value;
        taken.push([keys[key], lines.flatMap((text) => text.split("\n")).length]);
      } else lines.push(token.text);
    }
    const ink = (line) => /[^ \t>]/.test(line);
    fields.notes = inked(lines, ink).join("\n");
    // Where the lines of the fields stood among the notes' lines, kept (fields_at).
    const all = lines.flatMap((text) => text.split("\n"));
    const [start, end] = all.some(ink) ? [all.findIndex(ink), all.findLastIndex(ink) + 1] : [0, 0];
    const at = ([name, above]) => [name, Math.min(Math.max(above - start, 0), end - start)];
    if (taken.length) fields.fields_at = taken.map(at);
    // A title line that is the title itself is no title line.
    fields.title_line = fields.title && title && title.text !== fields.title ? title.text : "";
    fields.title ||= title ? strip(strip(unquoted(title.text)).replace(/^;/, "")) : "";
    return fields;
  }

  // A block's lines read without their mail quotes, an error placed in the
  // file; a line quoted unlike most of them (the first, on a tie) is SOK106.
  // Both are collected: the first in the file is the block's.
  function decoded(tokens, read) {
    const quotes = tokens.map(({ text }) => text.length - unquoted(text).length);
    const counts = quotes.reduce((found, q) => found.set(q, (found.get(q) || 0) + 1), new Map());
    const most = quotes.reduce((a, b) => (counts.get(b) > counts.get(a) ? b : a));
    const requoted = quotes.findIndex((q) => q !== most);
    const text = tokens.map(({ text }, i) => text.slice(quotes[i])).join("\n");
    if (requoted >= 0) r.errors.push(new PortError("mail quotes", tokens[requoted].start, "SOK106"));
    return attempt(() => read(text), (error) => {
      const lines = text.slice(0, error.pos).split("\n");
      const i = lines.length - 1;
      r.errors.push(Object.assign(error, { pos: tokens[i].start + quotes[i] + lines[i].length }));
    });
  }

  // SOK104 at the first character that is no move of each ALMOST of a block
  // (read in its tessellation; the file notes have none); SOK105 at the first
  // character outside the legend of each TEXT that rule 4 doubts, in the notes
  // or as the title.
  function doubts({ notes, title }, tessellation) {
    for (const { type, text, start, stray } of [...notes, ...(title?.stray ? [title] : [])]) {
      const bare = unquoted(text);
      const at = (test) => start + text.length - bare.length + (strays(bare, test, 1)[0]?.index || 0);
      if (type === "ALMOST" && tessellation) r.warnings.push(["SOK104", at(moveOf(tessellation))]);
      else if (stray) r.warnings.push(["SOK105", at((c) => r.T.SQUARE.test(c))]);
    }
  }

  const interactive = reading(parsers.sok, steps);
  r.state = interactive.parser_state;
  const all = fileLines(text).map(([text, start]) => ({ type: step1(text), text, start }));
  r.comments = all.filter(({ type }) => type === "COMMENT");
  const last = tokens(all.filter(({ type }) => type !== "COMMENT"), (token) => interactive.feed_token(token));
  interactive.feed_eof();
  // A key/value line of rule 4 that ends the file: its board read, it may decide.
  if (last?.stray && r.T.PROPERTY_LINE.test(last.text)) decide(last);
  return collection();
}
