// .lev files (grammars/lev.lark): the line lexer of rules 1 to 6 feeds the
// generated LALR parser, which orders the sections; rules 7 to 10 while the
// puzzle is built.  Every error is collected; the first in input order wins.
"use strict";

const { terminals } = require("./rle.js");

const KEYWORDS = ["size", "initial", "target", "color", "end", "img", "fgimg", "bgimg"];
const ONCE = ["target", "end", "fgimg", "bgimg"];
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
// A number's value, Infinity when it has more than `digits` digits (leading zeros aside).
const value = (word, digits) => (word.replace(/^0+/, "").length > digits ? Infinity : Number(word));

// The puzzle of a text as the vectors' JSON (null when it cannot be built), its errors and warnings.
function parse(parsers, text, strict = false) {
  const T = terminals(parsers.lev);
  text = text.replace(/^\ufeff/, "").replace(/\r\n?/g, "\n");
  const lines = text.split("\n");
  const errors = [];
  const warnings = [];
  const error = (code, line, column) => {
    errors.push({ code, line, column });
    return ""; // a line with an error gives no token
  };
  const atEnd = (code) => error(code, lines.length, lines.at(-1).length + 1);
  // The lexer (rules 1 to 6) and the parser, line by line; a refused token is left out.
  const interactive = parsers.lev.parse_interactive("");
  const sections = [];
  let [width, height, rowsLeft, rowsDone, refused, previous] = [0, 0, 0, false, false, null];
  const feed = (type, value, line) => {
    if (refused && type === "ROW") return false;
    try {
      interactive.feed_token({ type, value });
    } catch (e) {
      if (!e.token) throw e;
      const kind = type.toLowerCase();
      error(sections.some((s) => s.kind === kind) ? "LEV104" : "LEV102", line, indent(lines[line - 1]));
      refused = true;
      return false;
    }
    refused = false;
    if (type === "ROW") sections.at(-1).rows.push({ text: value, line });
    else if (type !== "BLANK") sections.push({ kind: type === "OTHER" ? "unknown" : type.toLowerCase(), value, line, rows: [] });
    return true;
  };
  (lines.at(-1) ? lines : lines.slice(0, -1)).forEach((line, index) => {
    const number = index + 1;
    const stripped = line.replace(/^[ \t]+|[ \t]+$/g, "");
    const word = stripped && words(stripped)[0][0];
    let kind = "OTHER";
    if (line.startsWith(";")) [kind, rowsLeft] = ["COMMENT", 0];
    else if (rowsLeft) [kind, rowsLeft] = ["ROW", rowsLeft - 1];
    else if (!stripped) kind = "BLANK";
    else if (KEYWORDS.includes(word)) {
      kind = T[word.toUpperCase()].test(stripped) ? word.toUpperCase() : malformed(T, word, line, number, error);
    } else if (rowsDone && stripped.length === width && T.ROW_TEXT.test(stripped)) kind = error("LEV114", number, 1);
    rowsDone = kind === "ROW" && rowsLeft === 0;
    // Rule 6: an OTHER line right after one goes on with its unknown section.
    const more = kind === "OTHER" && previous === "OTHER";
    if (more) sections.at(-1).value += `\n${line}`;
    const accepted = kind && !more && feed(kind, ["COMMENT", "ROW", "OTHER"].includes(kind) ? line : stripped, number);
    previous = kind;
    if (kind === "SIZE" && accepted) {
      const found = words(line).slice(1, 3);
      const bad = found.find((w) => !(value(w[0], 9) >= 1));
      if (bad) error("LEV115", number, bad.index + 1);
      [width, height] = bad ? [0, 0] : found.map((w) => Number(w[0]));
    } else if ((kind === "INITIAL" || kind === "TARGET") && height) rowsLeft = height;
  });
  try {
    interactive.feed_eof();
  } catch (e) {
    if (!e.token) throw e;
    atEnd(sections.some((s) => s.kind === "size") ? "LEV103" : "LEV102");
  }
  // Rules 7 and 6, then rules 8 to 10 when there is an initial position.
  const seen = {};
  const kept = sections.filter((s) => {
    if (ONCE.includes(s.kind) && seen[s.kind]) return error("LEV104", s.line, indent(lines[s.line - 1]));
    seen[s.kind] = seen[s.kind] || s;
    return true;
  });
  for (const section of kept.filter((s) => s.kind === "unknown")) {
    const where = [section.line, indent(section.value.split("\n")[0])];
    if (strict) error("LEV113", ...where);
    else warnings.push(["LEV113", ...where]);
  }
  const puzzle = seen.initial && width ? build(T, kept, seen, { width, height, lines, error, atEnd }) : null;
  errors.sort((a, b) => a.line - b.line || a.column - b.column);
  return { puzzle, errors, warnings };
}

// Rule 3: a keyword line that does not match its terminal, at its first wrong argument.
function malformed(T, word, line, number, error) {
  const found = words(line);
  const expected = ARGUMENTS[word] || [];
  for (const [index, kind] of expected.entries()) {
    if (index + 1 >= found.length) return error("LEV101", number, line.replace(/[ \t]+$/, "").length + 1);
    if (!T[kind].test(found[index + 1][0])) return error("LEV101", number, found[index + 1].index + 1);
  }
  return error("LEV101", number, found[expected.length + 1].index + 1);
}

// Rules 8 to 10; null when "initial" or "target" break rule 8.
function build(T, kept, seen, reading) {
  const { error, lines } = reading;
  const initial = rows(T, reading, seen.initial);
  const target = seen.target ? rows(T, reading, seen.target) : [];
  if (!initial || !target) return null;
  // Rule 9: each label of the target, in the order of its first cell.
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
  // Rule 10, line by line.
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

// Rule 8 for the rows of a section: the rows, else null.
function rows(T, reading, section) {
  const { width, height, error, atEnd, lines } = reading;
  let ok = section.rows.length >= height;
  if (!ok) {
    const after = section.line + section.rows.length + 1;
    if (after > lines.length - (lines.at(-1) ? 0 : 1)) atEnd("LEV105");
    else error("LEV105", after, 1);
  }
  const result = section.rows.map(({ text, line }) => {
    const row = text.replace(/[ \t]+$/, "");
    const bad = [...row.slice(0, width)].findIndex((c) => c !== "." && !T.LABEL.test(c));
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

module.exports = { parse };
