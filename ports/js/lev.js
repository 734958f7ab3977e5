// .lev files (grammars/lev.lark): the lexer (step 1) and the postlex (step 2,
// rules 1 and 2) make one token per line; the generated LALR parser (step 3)
// makes the sections, each handed to the reading by the rule that reduces it;
// rules 3 to 6 while the puzzle is built.  Every error is collected; the first
// in input order wins.
import { parsers, PortError, first, terminals, reading, fileLines } from "./rle.js";

const ONCE = ["end", "fgimg", "bgimg"]; // rule 3
const SECTIONS = ["size", "initial", "target", "color", "end", "img", "fgimg", "bgimg", "comment", "unknown"];
const words = (line) => [...line.matchAll(/[^ \t]+/g)];
// The offset of a line's first word (a line is a token: its text is its `value`).
const indent = ({ value, start }) => start + value.search(/[^ \t]|$/);
const strip = (line) => line.replace(/^[ \t]+|[ \t]+$/g, "");

// The puzzle of a text as to_dict's JSON, and the warnings ([code, offset]); throws the
// first error.  The reading's state (`r`: its terminals, lines (each [its
// text, its offset]), size, sections, errors and warnings) and the steps that
// use it are made for each call.
export function parse(text, strict = false) {
  const r = { T: terminals(parsers.lev), lines: fileLines(text), strict, end: text.length, width: 0, height: 0 };
  Object.assign(r, { sections: [], firsts: {}, errors: [], warnings: [] });

  // An error at an offset, collected; the line it is about reads as a BLANK.
  function error(code, pos) {
    r.errors.push(new PortError("not .lev", pos, code));
    return "BLANK";
  }

  // ------------------------------------------------------------ steps 1 and 2

  // Step 1: a line's class; a keyword line that matches no terminal is an
  // error at its first wrong argument.
  function lineClass(line, start) {
    if (r.T.COMMENT.test(line)) return "COMMENT";
    if (r.T.BLANK_LINE.test(line)) return "BLANK";
    const found = words(line);
    const keyword = found[0][0];
    if (!r.T.KEYWORD.test(keyword)) return "OTHER";
    if (r.T[keyword.toUpperCase()].test(line)) return keyword.toUpperCase();
    // The terminals of a keyword's arguments are named after it, in their order.
    const wanted = Object.keys(r.T).filter((name) => name.startsWith(`${keyword.toUpperCase()}_`));
    const bad = wanted.findIndex((kind, i) => !found[i + 1] || !r.T[kind].test(found[i + 1][0]));
    const word = found[bad < 0 ? wanted.length + 1 : bad + 1];
    return error("LEV101", start + (word ? word.index : line.replace(/[ \t]+$/, "").length));
  }

  // Rule 1's WIDTH and HEIGHT, from the first SIZE line.
  function size(line, start) {
    const found = words(line).slice(1, 3);
    const bad = found.find((w) => !(Number(w[0]) >= 1 && Number(w[0]) <= 999999999)); // digits: NUMBER
    if (bad) error("LEV115", start + bad.index);
    [r.width, r.height] = bad ? [0, 0] : found.map((w) => Number(w[0]));
    r.sized = true;
  }

  // Each line's token, its class (step 1) or what rules 1 and 2 make of it
  // (step 2), fed to the parser, whose rules take every line and every end.
  function read(interactive) {
    let [rowsLeft, previous] = [0, null];
    for (const [index, [line, start]] of r.lines.entries()) {
      // 1. rows_by_count (a comment ends them)
      let kind = rowsLeft && !line.startsWith(";") ? "ROW" : lineClass(line, start);
      rowsLeft = kind === "ROW" ? rowsLeft - 1 : 0;
      // 2. one_row_too_many
      const width = strip(line).length === r.width;
      if (kind === "OTHER" && previous === "ROW" && width && r.T.ROW_LINE.test(line)) kind = error("LEV114", start);
      if (kind === "SIZE" && !r.sized) size(line, start);
      if (kind === "INITIAL" || kind === "TARGET") rowsLeft = r.height;
      previous = kind;
      interactive.feed_token({ type: kind, value: line, start, index });
    }
    interactive.feed_eof();
  }

  // ------------------------------------------------------------------ step 3

  // A section the rules made, its lines (tokens) kept unless rule 3 leaves it
  // out; an unknown section's warning (an error in strict mode).
  function section(kind, lines) {
    const at = indent(lines[0]);
    if (ONCE.includes(kind) && r.firsts[kind]) return error("LEV104", at);
    if (kind === "unknown" && r.strict) error("LEV113", at);
    else if (kind === "unknown") r.warnings.push(["LEV113", at]);
    const found = { kind, lines };
    r.sections.push(found);
    r.firsts[kind] ||= found;
  }

  // The sections of lev.lark's rules, each handed to the reading in progress (a
  // blank one is none), and its rules named for an error of the order.
  const atWord = (code) => ([token]) => error(code, indent(token));
  const steps = {
    ...Object.fromEntries(SECTIONS.map((kind) => [kind, (children) => section(kind, children)])),
    needs_size: atWord("LEV102"),
    again: atWord("LEV104"),
    no_size: () => error("LEV102", r.end),
    no_initial: () => error("LEV103", r.end),
  };

  // ------------------------------------------------------------------ puzzle

  // Rules 4 to 6; null when "initial" or "target" break rule 4.
  function build() {
    const seen = r.firsts;
    const [initial, target] = [rows(seen.initial.lines), seen.target ? rows(seen.target.lines) : []];
    if (!initial || !target) return null;
    // Rule 5: each label of the target a translated copy of its piece, at its first cell.
    const pieces = cells(initial);
    const moved = Object.entries(cells(target)).filter(([label, found]) => shape(pieces[label]) !== shape(found));
    for (const [label, [[top, left]]] of moved) {
      error(pieces[label] ? "LEV109" : "LEV108", seen.target.lines[top + 1].start + left);
    }
    // Rule 6, line by line: a section with an error is left out.
    const given = { color: {}, img: {} };
    const kept = r.sections.filter(({ kind, lines: [{ value: text, start }] }) => {
      if (kind !== "color" && kind !== "img") return kind !== "target" || !moved.length;
      const [, label, ...numbers] = words(text);
      const bad = kind === "color" && numbers.find((w) => !(Number(w[0]) <= 255));
      const code = !pieces[label[0]] ? "LEV111" : label[0] in given[kind] ? "LEV112" : bad && "LEV110";
      if (code) error(code, start + (code === "LEV110" ? bad : label).index);
      else if (kind === "img") given.img[label[0]] = strip(text.slice(label.index + 1));
      else given.color[label[0]] = numbers.map((w) => Number(w[0]));
      return !code;
    });
    const file = (s) => (s ? strip(s.lines[0].value).replace(/^[^ \t]+[ \t]+/, "") : "");
    return {
      width: r.width,
      height: r.height,
      initial,
      target: moved.length ? [] : target,
      colors: given.color,
      images: given.img,
      foreground: file(seen.fgimg),
      background: file(seen.bgimg),
      end: Boolean(seen.end),
      comments: r.sections.filter((s) => s.kind === "comment").map((s) => s.lines[0].value),
      unknown: r.sections.filter((s) => s.kind === "unknown").map((s) => s.lines.map((t) => t.value).join("\n")),
      layout: kept.map((s) => s.kind),
    };
  }

  // Rule 4 for the rows of a section (its lines after the first): the rows, else null.
  function rows([heading, ...lines]) {
    const errors = r.errors.length;
    if (lines.length < r.height) error("LEV105", r.lines[heading.index + lines.length + 1]?.[1] ?? r.end);
    const found = lines.map(({ value, start }) => {
      const row = value.replace(/[ \t]+$/, "");
      const bad = [...row.slice(0, r.width)].findIndex((c) => !r.T.CELL.test(c));
      if (bad >= 0) error("LEV107", start + bad);
      else if (row.length !== r.width) error("LEV106", start + Math.min(row.length, r.width));
      return row;
    });
    return r.errors.length === errors ? found : null;
  }

  read(reading(parsers.lev, steps));
  const puzzle = r.firsts.initial && r.width ? build() : null;
  if (r.errors.length) throw first(r.errors);
  return { result: puzzle, warnings: r.warnings };
}

// Each label's cells, row by row, and a shape: cells relative to the first.
function cells(rows) {
  const found = {};
  rows.forEach((row, y) => [...row].forEach((c, x) => c !== "." && (found[c] ||= []).push([y, x])));
  return found;
}
const shape = (cells) => cells?.map(([y, x]) => [y - cells[0][0], x - cells[0][1]]).join(" ");

