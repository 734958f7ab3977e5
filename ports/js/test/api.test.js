// The public API's own promises, with values worked out by hand: positions
// in the caller's text (a byte order mark, CRLF line breaks, characters
// beyond UTF-16's first plane), the end of input, the default warning hook,
// and what is no text or no tessellation.
import { test } from "node:test";
import assert from "node:assert/strict";
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
  assert.equal(stray.reason, "Unexpected '😀' in a move string");
});

test("an error where more was expected is at the end of input", () => {
  const error = thrown(() => sokfmt.parseMoves("2(r"));
  assert.deepEqual(where(error), ["SavedGameSyntaxError", "SOK204", 1, 4, 3]);
  assert.ok(error.atEnd);
  assert.equal(error.message, "Unexpected end of input in a move string (at end of input)");
});

test("each language has its error class", () => {
  assert.equal(thrown(() => sokfmt.rleDecode("0#")).name, "RleSyntaxError");
  const board = thrown(() => sokfmt.parseBoard("#?#"));
  assert.equal(board.name, "BoardSyntaxError");
  assert.match(board.message, /^Unexpected '\?' in a board, expected a square of the legend .* \(at line 1, column 2\)$/);
  assert.equal(thrown(() => sokfmt.parseLev("size 1\n")).name, "LevSyntaxError");
  assert.equal(thrown(() => sokfmt.rleDecode("9#", { limit: 8 })).code, "RLE103");
});

test("without a hook, a warning is written to the console", (t) => {
  const written = [];
  t.mock.method(console, "warn", (line) => written.push(line));
  sokfmt.parseSok("#####\n#@$.#\n#####\n\n#@$.#\n#$.@#\n");
  assert.deepEqual(written, ["5:1: warning: SOK103 Text kept in the notes that looks like a board"]);
});

test("no text, or no tessellation, is a ValidationError", () => {
  assert.ok(thrown(() => sokfmt.parseSok(null)) instanceof sokfmt.ValidationError);
  assert.ok(thrown(() => sokfmt.parseMoves("r", { tessellation: "Squareoban" })) instanceof sokfmt.ValidationError);
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
