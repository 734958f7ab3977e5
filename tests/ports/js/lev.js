// .lev files (grammars/lev.lark): the lexer (step 1) and the postlex (step 2,
// rules 1 and 2) make one token per line; the generated LALR parser (step 3)
// makes the sections, each handed to the reading by the rule that reduces it;
// rules 3 to 6 while the puzzle is built.  Every error is collected; the first
// in input order wins.
"use strict";

const ONCE = ["end", "fgimg", "bgimg"]; // rule 3
// The arguments of each keyword's terminal, to find the first wrong one.
const ARGUMENTS = {
  size: ["NUMBER", "NUMBER"],
  color: ["LABEL", "NUMBER", "NUMBER", "NUMBER"],
  img: ["LABEL", "FILE"],
  fgimg: ["FILE"],
  bgimg: ["FILE"],
};
const words = (line) => [...line.matchAll(/[^ \t]+/g)];
const indent = (line) => line.length - line.replace(/^[ \t]+/, "").length + 1;
const strip = (line) => line.replace(/^[ \t]+|[ \t]+$/g, "");
// A number's value, Infinity when it has more than `digits` digits (leading zeros aside).
const value = (word, digits) => (word.replace(/^0+/, "").length > digits ? Infinity : Number(word));

function terminals(parsers) {
  if (parsers.levTerminals) return parsers.levTerminals;
  const found = {};
  for (const t of parsers.lev.terminals) found[t.name] = new RegExp(`^(?:${t.pattern.to_regexp()})$`);
  return (parsers.levTerminals = found);
}

// ------------------------------------------------------------ steps 1 and 2

// Step 1: a line's class; null for a keyword line that matches no terminal.
function lineClass(T, line) {
  if (T.COMMENT.test(line)) return "COMMENT";
  if (T.BLANK_LINE.test(line)) return "BLANK";
  const word = words(line)[0][0];
  if (!T.KEYWORD.test(word)) return "OTHER";
  return T[word.toUpperCase()].test(line) ? word.toUpperCase() : null;
}

// Step 1's error for a keyword line that does not match its terminal, at its
// first wrong argument.
function malformed(T, line, number, error) {
  const found = words(line);
  const expected = ARGUMENTS[found[0][0]] || [];
  for (const [index, kind] of expected.entries()) {
    if (index + 1 >= found.length) return error("LEV101", number, line.replace(/[ \t]+$/, "").length + 1);
    if (kind === "FILE") return error("LEV101", number, 1);
    if (!T[kind].test(found[index + 1][0])) return error("LEV101", number, found[index + 1].index + 1);
  }
  return error("LEV101", number, found[expected.length + 1].index + 1);
}

// Each line's token: its class (step 1), or what rules 1 and 2 make of it
// (step 2).  A line with an error reads as a BLANK.
function* tokens(T, lines, reading) {
  let [rowsLeft, lastRow, sized] = [0, false, false];
  for (const [index, line] of lines.entries()) {
    const number = index + 1;
    if (rowsLeft && !line.startsWith(";")) {
      // 1. rows_by_count (a comment ends them)
      rowsLeft -= 1;
      lastRow = !rowsLeft;
      yield [number, "ROW"];
      continue;
    }
    rowsLeft = 0;
    let kind = lineClass(T, line);
    if (kind === null) kind = malformed(T, line, number, reading.error);
    else if (kind === "OTHER") {
      // 2. one_row_too_many
      if (lastRow && strip(line).length === reading.width && T.ROW_LINE.test(line)) kind = reading.error("LEV114", number, 1);
    } else if (kind === "SIZE" && !sized) {
      // 1. rows_by_count: WIDTH and HEIGHT
      const found = words(line).slice(1, 3);
      const bad = found.find((w) => !(value(w[0], 9) >= 1 && value(w[0], 9) < Infinity));
      if (bad) reading.error("LEV115", number, bad.index + 1);
      [reading.width, reading.height] = bad ? [0, 0] : found.map((w) => Number(w[0]));
      sized = true;
    } else if (kind === "INITIAL" || kind === "TARGET") rowsLeft = reading.height;
    lastRow = false;
    yield [number, kind];
  }
}

// ------------------------------------------------------------------ step 3

// Whether the parser, as it stands, takes a token of `type`: lark's tables
// walked on a copy of its stack, so that a refused token reduces nothing.
function takes(state, type) {
  const { states, end_state: endState } = state.parse_conf;
  const stack = [...state.state_stack];
  for (;;) {
    if (type === "$END" && stack.at(-1) === endState) return true;
    const step = states[stack.at(-1)][type];
    if (!step || (type === "$END" && step[0].name === "Shift")) return false;
    if (step[0].name === "Shift") return true;
    stack.splice(stack.length - step[1].expansion.length);
    stack.push(states[stack.at(-1)][step[1].origin.name][1]);
  }
}

// The sections of lev.lark's rules, each handed to the reading in progress.
const SECTIONS = ["size", "initial", "target", "color", "end", "img", "fgimg", "bgimg", "comment", "unknown", "blank"];
let reading = null;
const sections = Object.fromEntries(SECTIONS.map((kind) => [kind, (children) => reading.section(kind, children)]));

// The parser of lev.lark's generated module, with the sections as its transformer.
const parser = (module) => module.get_parser({ transformer: sections });

class Reading {
  constructor(lines, strict, error) {
    Object.assign(this, { lines, strict, error, width: 0, height: 0, sections: [], firsts: {}, warnings: [] });
  }

  // A section the rules made (its tokens carry their line numbers), kept
  // unless rule 3 leaves it out; an unknown section's warning (an error in
  // strict mode).
  section(kind, children) {
    if (kind === "blank") return;
    const first = children[0].value;
    const line = this.lines[first - 1];
    if (ONCE.includes(kind) && this.firsts[kind]) return this.error("LEV104", first, indent(line));
    if (kind === "unknown") {
      if (this.strict) this.error("LEV113", first, indent(line));
      else this.warnings.push(["LEV113", first, indent(line)]);
    }
    const text = (t) => this.lines[t.value - 1];
    const found = {
      kind,
      line: first,
      value: kind === "unknown" ? children.map(text).join("\n") : kind === "comment" ? line : strip(line),
      rows: children.slice(1).map((t) => ({ text: text(t), line: t.value })),
    };
    this.sections.push(found);
    this.firsts[kind] = this.firsts[kind] || found;
  }
}

// The puzzle of a text as the vectors' JSON (null when it cannot be built), its errors and warnings.
function parse(parsers, text, strict = false) {
  const T = terminals(parsers);
  text = text.replace(/^\ufeff/, "").replace(/\r\n?/g, "\n");
  const all = text.split("\n");
  const lines = all.at(-1) ? all : all.slice(0, -1);
  const errors = [];
  const error = (code, line, column) => {
    errors.push({ code, line, column });
    return "BLANK"; // a line with an error reads as a BLANK
  };
  const atEnd = (code) => error(code, all.length, all.at(-1).length + 1);
  const interactive = parsers.lev.parse_interactive("");
  const state = interactive.parser_state;
  const feed = (type, number) => interactive.feed_token({ type, value: number });
  const read = (reading = new Reading(lines, strict, error));
  try {
    for (const [number, kind] of tokens(T, lines, read)) {
      if (takes(state, kind)) feed(kind, number);
      else {
        // A token the rules refuse reads as a BLANK (a refused row is no error).
        if (kind !== "ROW") error(takes(state, "SIZE") ? "LEV102" : "LEV104", number, indent(lines[number - 1]));
        feed("BLANK", number);
      }
    }
    feed("BLANK", lines.length + 1); // closes the last section
    if (takes(state, "$END")) interactive.feed_eof();
    else atEnd(takes(state, "SIZE") ? "LEV102" : "LEV103");
  } finally {
    reading = null;
  }
  const { firsts, width, height } = read;
  const built = { width, height, lines, error, atEnd };
  const puzzle = firsts.initial && width ? build(T, read.sections, firsts, built) : null;
  errors.sort((a, b) => a.line - b.line || a.column - b.column);
  return { puzzle, errors, warnings: read.warnings };
}

// ------------------------------------------------------------------ puzzle

// Rules 4 to 6; null when "initial" or "target" break rule 4.
function build(T, kept, seen, reading) {
  const { error, lines } = reading;
  const initial = rows(T, reading, seen.initial);
  const target = seen.target ? rows(T, reading, seen.target) : [];
  if (!initial || !target) return null;
  // Rule 5: each label of the target, in the order of its first cell.
  const shapes = cells(initial);
  let targetOk = true;
  const byFirstCell = Object.entries(cells(target)).sort(([, a], [, b]) => a[0][0] - b[0][0] || a[0][1] - b[0][1]);
  for (const [label, found] of byFirstCell) {
    const [top, left] = found[0];
    const shape = shapes[label];
    const moved = shape && shape.map(([r, c]) => `${r - shape[0][0] + top},${c - shape[0][1] + left}`);
    if (!shape || moved.length !== found.length || !found.every(([r, c]) => moved.includes(`${r},${c}`))) {
      error(shape ? "LEV109" : "LEV108", seen.target.line + top + 1, left + 1);
      targetOk = false;
    }
  }
  // Rule 6, line by line.
  const labels = new Set(initial.join("").replace(/\./g, ""));
  const given = { color: {}, img: {} };
  const accepted = new Set();
  for (const section of kept.filter((s) => s.kind === "color" || s.kind === "img")) {
    const found = words(lines[section.line - 1]);
    const [label, at] = [found[1][0], found[1].index + 1];
    const bad = section.kind === "color" && found.slice(2, 5).find((w) => !(value(w[0], 3) <= 255));
    if (!labels.has(label)) error("LEV111", section.line, at);
    else if (label in given[section.kind]) error("LEV112", section.line, at);
    else if (bad) error("LEV110", section.line, bad.index + 1);
    else {
      const rest = section.value.replace(/^[^ \t]+[ \t]+[^ \t]+[ \t]+/, "");
      given[section.kind][label] = section.kind === "img" ? rest : rest.split(/[ \t]+/).map(Number);
      accepted.add(section);
    }
  }
  const file = (s) => (s ? s.value.replace(/^[^ \t]+[ \t]+/, "") : "");
  const items = kept.filter((s) => (s.kind !== "color" && s.kind !== "img") || accepted.has(s));
  return {
    width: reading.width,
    height: reading.height,
    initial,
    target: targetOk ? target : [],
    colors: given.color,
    images: given.img,
    foreground: file(seen.fgimg),
    background: file(seen.bgimg),
    end: Boolean(seen.end),
    comments: kept.filter((s) => s.kind === "comment").map((s) => s.value),
    unknown: kept.filter((s) => s.kind === "unknown").map((s) => s.value),
    layout: items.filter((s) => s.kind !== "target" || targetOk).map((s) => s.kind),
  };
}

// Rule 4 for the rows of a section: the rows, else null.
function rows(T, reading, section) {
  const { width, height, error, atEnd, lines } = reading;
  let ok = section.rows.length >= height;
  if (!ok) {
    const after = section.line + section.rows.length + 1;
    if (after > lines.length) atEnd("LEV105");
    else error("LEV105", after, 1);
  }
  const result = section.rows.map(({ text, line }) => {
    const row = text.replace(/[ \t]+$/, "");
    const bad = [...row.slice(0, width)].findIndex((c) => !T.CELL.test(c));
    if (bad >= 0) error("LEV107", line, bad + 1);
    else if (row.length !== width) error("LEV106", line, Math.min(row.length, width) + 1);
    ok = ok && bad < 0 && row.length === width;
    return row;
  });
  return ok ? result : null;
}

// Each label's cells, row by row.
function cells(rows) {
  const found = {};
  rows.forEach((row, r) => [...row].forEach((c, col) => c !== "." && (found[c] = found[c] || []).push([r, col])));
  return found;
}

module.exports = { parse, parser };
