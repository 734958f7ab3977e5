// The public API's own promises, with values worked out by hand: positions
// in the caller's text (a byte order mark, CRLF line breaks, characters
// beyond UTF-16's first plane), the end of input, the default warning hook,
// what is no text or no tessellation, and the messages: the meanings of the
// codes in the table of sokfmt's README (Diagnostics).
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import * as sokfmt from "../index.js";

const thrown = (read) => {
  try {
    read();
  } catch (error) {
    return error;
  }
  assert.fail("nothing thrown");
};
const where = (error) => [error.name, error.code, error.line, error.column, error.offset];

test("an error is placed in the caller's text: its byte order mark and CRLF line breaks", () => {
  // "Foo" names no tessellation: line 4, column 7; offset 1 (the mark) + 3 * 7 ("#####\r\n") + 6.
  const error = thrown(() => sokfmt.parseSok("\ufeff#####\r\n#@$.#\r\n#####\r\nGame: Foo\r\n"));
  assert.deepEqual(where(error), ["SokSyntaxError", "SOK101", 4, 7, 28]);
  assert.ok(error instanceof sokfmt.ParseError && error instanceof sokfmt.SokfmtError);
  assert.equal(error.context(), "Game: Foo\n      ^");
});

test("columns and offsets count characters, an emoji one", () => {
  // Line 5 starts after "😀\n" (2 characters) and three rows of 6: offset 20, + 6.
  const error = thrown(() => sokfmt.parseSok("😀\n#####\n#@$.#\n#####\nGame: Foo\n"));
  assert.deepEqual(where(error), ["SokSyntaxError", "SOK101", 5, 7, 26]);
  const stray = thrown(() => sokfmt.parseMoves("r😀x"));
  assert.deepEqual(where(stray), ["SavedGameSyntaxError", "SOK204", 1, 2, 1]);
  assert.equal(stray.reason, "Moves: a syntax error (a stray character, an unclosed group), found '😀'");
});

test("an error where more was expected is at the end of input", () => {
  const error = thrown(() => sokfmt.parseMoves("2(r"));
  assert.deepEqual(where(error), ["SavedGameSyntaxError", "SOK204", 1, 4, 3]);
  assert.ok(error.atEnd);
  assert.equal(error.message, "Moves: a syntax error (a stray character, an unclosed group), found the end of input (at end of input)");
});

test("an error at a line break that is not the last says so", () => {
  // "3" must be followed by what it repeats on its own line (rle.lark): the break is the error.
  for (const text of ["3\nx", "3\r\nx"]) {
    const error = thrown(() => sokfmt.rleDecode(text));
    assert.deepEqual(where(error), ["RleSyntaxError", "RLE101", 1, 2, 1]);
    assert.equal(error.reason, "Run-length encoding ('decode_rle'): a syntax error (a stray character, an unclosed group), found a line break");
  }
});

test("each language has its error class", () => {
  assert.equal(thrown(() => sokfmt.rleDecode("0#")).name, "RleSyntaxError");
  const board = thrown(() => sokfmt.parseBoard("#?#"));
  assert.equal(board.name, "BoardSyntaxError");
  const expected = /^Board: what 'board\.lark' refuses \(.*\), found '\?' \(at line 1, column 2\)$/u;
  assert.match(board.message, expected);
  assert.equal(thrown(() => sokfmt.parseLev("size 1\n")).name, "LevSyntaxError");
  assert.equal(thrown(() => sokfmt.rleDecode("9#", { limit: 8 })).code, "RLE103");
});

test("without a hook, a warning is written to the console", (t) => {
  const written = [];
  t.mock.method(console, "warn", (line) => written.push(line));
  sokfmt.parseSok("#####\n#@$.#\n#####\n\n#@$.#\n#$.@#\n");
  assert.deepEqual(written, ["5:1: warning: SOK103 Text kept in the notes that looks like a board (fewer than 3 rows)"]);
});

test("no text, or no tessellation, is a ValidationError", () => {
  assert.ok(thrown(() => sokfmt.parseSok(null)) instanceof sokfmt.ValidationError);
  assert.ok(thrown(() => sokfmt.parseMoves("r", { tessellation: "Squareoban" })) instanceof sokfmt.ValidationError);
  // The tessellations listed as sokfmt lists them, a space after each comma.
  assert.equal(
    thrown(() => sokfmt.parseMoves("r", { tessellation: "Squareoban" })).message,
    'Unknown tessellation "Squareoban"; expected one of Sokoban, Hexoban, Trioban, Octoban',
  );
  assert.equal(sokfmt.parseMoves("r", { tessellation: "octoban" }).tessellation, "Octoban");
});

test("a byte order mark counts on line 1, not for what is about the whole file", () => {
  // "Foo" at column 8 of line 1 behind the mark (offset 7); a file without puzzles warns at 1:1.
  const error = thrown(() => sokfmt.parseSok("\ufeffGame: Foo\n#####\n#@$.#\n#####\n"));
  assert.deepEqual(where(error), ["SokSyntaxError", "SOK101", 1, 8, 7]);
  const warnings = [];
  sokfmt.parseSok("\ufeffhello\n", { onWarning: (w) => warnings.push([w.code, w.line, w.column, w.offset]) });
  assert.deepEqual(warnings, [["SOK102", 1, 1, 0]]);
});

// Bounded time: placing a warning costs its line, not the text before it (a
// character beyond the first plane makes counting characters cost a walk).
// 20,000 warnings in 260 kB: about a second; placed one walk each, minutes.
// A child process reads it, and is stopped if it hangs.
test("many warnings in a long text with an emoji are placed in linear time", () => {
  const script = `
    import { parseSok } from ${JSON.stringify(new URL("../index.js", import.meta.url).href)};
    const text = "😀\\n#####\\n#@$.#\\n#####\\n\\n" + "#@$.#\\n#$.@#\\n\\n".repeat(20000);
    const found = [];
    parseSok(text, { onWarning: (w) => found.push(w) });
    console.log(JSON.stringify([found.length, found.at(-1).line, found.at(-1).offset]));`;
  const options = { encoding: "utf8", timeout: 30000 };
  const read = JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", script], options));
  // The last: line 6 + 3 * 19999, after "😀\n" (2 characters) and 19 + 13 * 19999 more.
  assert.deepEqual(read, [20000, 6 + 3 * 19999, 2 + 19 + 13 * 19999]);
});

// A comment goes to the puzzle before it in one walk, not a walk of every
// comment for each puzzle: 60,000 puzzles, each with a comment, take seconds.
test("a file of many puzzles and comments is read in linear time", () => {
  const script = `
    import { parseSok } from ${JSON.stringify(new URL("../index.js", import.meta.url).href)};
    const read = parseSok("#####\\n#@$.#\\n#####\\n\\n:: a comment\\n".repeat(60000));
    console.log(JSON.stringify([read.puzzles.length, read.puzzles.at(-1).comments, read.comments]));`;
  const options = { encoding: "utf8", timeout: 30000 };
  const read = JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", script], options));
  assert.deepEqual(read, [60000, [":: a comment"], []]);
});
