// The .lev part of the JavaScript port: the line lexer of grammars/lev.lark's
// header, feeding the generated LALR parser, and the file built from its tree.
// The semantic rules (row widths, target shapes, colors...) are not ported:
// the vectors they decide are counted as "semantic".
"use strict";

const KEYWORDS = ["size", "initial", "target", "color", "end", "img", "fgimg", "bgimg"];
// What each keyword's arguments are, to point at the first wrong or missing one.
const ARGUMENTS = {
  size: ["[0-9]+", "[0-9]+"],
  color: ["[0-9A-Za-z]", "[0-9]+", "[0-9]+", "[0-9]+"],
  img: ["[0-9A-Za-z]", null],
  fgimg: [null],
  bgimg: [null],
  initial: [],
  target: [],
  end: [],
};

function tokens(lev, text, patterns, PortError) {
  const result = [];
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  if (lines.length && lines[lines.length - 1] === "") lines.pop();
  let height = null;
  let rowsLeft = 0;
  let rows = null;
  let other = null;
  let pos = 0;
  const token = (type, value, at, line) => result.push(new lev.Token(type, value, at, line, 1));
  const flushOther = () => {
    if (other) token("OTHER", other.lines.join("\n"), other.pos, other.line);
    other = null;
  };
  const flushRows = () => {
    if (rows) token("ROWS", rows.lines.join("\n"), rows.pos, rows.line);
    rows = null;
  };
  lines.forEach((line, index) => {
    const number = index + 1;
    const here = pos;
    pos += line.length + 1;
    const stripped = line.replace(/^[ \t\r]+|[ \t\r]+$/g, "");
    if (!line.startsWith(";") && rowsLeft) {
      flushOther();
      if (!rows) rows = { lines: [], pos: here, line: number };
      rows.lines.push(line);
      rowsLeft -= 1;
      if (!rowsLeft) flushRows();
      return;
    }
    let kind = null;
    if (line.startsWith(";")) {
      kind = "COMMENT";
      rowsLeft = 0;
      flushRows();
    } else if (!stripped) {
      kind = "_BLANK";
    } else {
      const word = stripped.split(/[ \t]+/)[0];
      if (KEYWORDS.includes(word)) {
        if (!patterns[word].test(stripped)) throw malformed(word, line, here, PortError);
        kind = word.toUpperCase();
      }
    }
    if (kind === null) {
      if (!other) other = { lines: [], pos: here, line: number };
      other.lines.push(line);
      return;
    }
    flushOther();
    if (kind === "SIZE") height = Number(stripped.split(/[ \t]+/)[2]);
    if (kind === "INITIAL" || kind === "TARGET") {
      if (height === null) throw new PortError("no size before", here + line.indexOf(kind.toLowerCase()));
      rowsLeft = height;
    }
    if (kind !== "_BLANK") token(kind, kind === "COMMENT" ? line : stripped, here, number);
  });
  flushRows();
  flushOther();
  return result;
}

// A keyword line that does not match its terminal: the error at its first
// wrong or missing argument (at the line's start when a file name is missing).
function malformed(word, line, here, PortError) {
  const words = [...line.matchAll(/\S+/g)];
  const expected = ARGUMENTS[word];
  for (let i = 0; i < expected.length; i++) {
    const found = words[i + 1];
    if (!found) return new PortError("missing argument", here + line.replace(/\s+$/, "").length);
    if (expected[i] === null) return new PortError("malformed", here);
    if (!new RegExp(`^(?:${expected[i]})$`).test(found[0])) return new PortError("bad argument", here + found.index);
  }
  return new PortError("extra argument", here + words[expected.length + 1].index);
}

// The puzzle's JSON (the vectors' format) from the parse tree.
function build(tree) {
  const puzzle = {
    width: 0, height: 0, initial: [], target: [], colors: {}, images: {},
    foreground: "", background: "", end: false, comments: [], unknown: [], layout: [],
  };
  for (const section of tree.children) {
    const [first, rows] = section.children;
    const words = first.value.split(/[ \t]+/);
    puzzle.layout.push(section.data);
    if (section.data === "size") [puzzle.width, puzzle.height] = [Number(words[1]), Number(words[2])];
    else if (section.data === "initial" || section.data === "target") {
      puzzle[section.data] = rows ? rows.value.split("\n").map((r) => r.replace(/[ \t]+$/, "")) : [];
    } else if (section.data === "color") puzzle.colors[words[1]] = words.slice(2, 5).map(Number);
    else if (section.data === "img") puzzle.images[words[1]] = first.value.replace(/^\S+[ \t]+\S+[ \t]+/, "");
    else if (section.data === "fgimg") puzzle.foreground = first.value.replace(/^\S+[ \t]+/, "");
    else if (section.data === "bgimg") puzzle.background = first.value.replace(/^\S+[ \t]+/, "");
    else if (section.data === "end") puzzle.end = true;
    else if (section.data === "comment") puzzle.comments.push(first.value);
    else puzzle.unknown.push(first.value);
  }
  return puzzle;
}

function run(generated, vectorsDir, { record, runCase, PortError }) {
  const fs = require("fs");
  const path = require("path");
  const lev = generated("lev");
  const parser = lev.get_parser();
  // The keyword lines' patterns are the grammar's own terminals.
  const patterns = {};
  for (const terminal of parser.terminals) {
    const word = terminal.name.toLowerCase();
    if (KEYWORDS.includes(word)) patterns[word] = new RegExp(`^(?:${terminal.pattern.to_regexp()})$`);
  }
  const parse = (text) => {
    const interactive = parser.parse_interactive("");
    for (const token of tokens(lev, text, patterns, PortError)) interactive.feed_token(token);
    return build(interactive.feed_eof());
  };
  const dir = path.join(vectorsDir, "lev");
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".lev")).sort()) {
    const text = fs.readFileSync(path.join(dir, file), "latin1");
    const expected = JSON.parse(fs.readFileSync(path.join(dir, file.replace(/\.lev$/, ".json")), "utf8"));
    runCase("lev", text, { name: file, expected }, () => parse(text));
  }
  for (const testCase of JSON.parse(fs.readFileSync(path.join(dir, "invalid.json"), "utf8")).cases) {
    if (testCase.decided_by === "code") record("lev", "semantic", testCase.name);
    else runCase("lev", testCase.input, testCase, () => parse(testCase.input));
  }
}

module.exports = { run };
