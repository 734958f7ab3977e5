// The fast paths: what real files hold, read without the generated parser,
// matched as a whole by patterns made of the grammar's own terminals.  A
// path gives its answer only when the text is plainly valid; anything else
// (an error to place, a group, a bracket, the limit) returns null and goes
// down the full path, which decides.  The differential holds both to sokfmt.
import { parsers, terminals, union, TESSELLATIONS } from "./rle.js";

// Patterns of a parser's terminals, made once per parser.
const patterns = (parser, make) => (parser.fast ||= make(terminals(parser)));

// moves.lark: a text of RUN_CHARACTER alone (letters, "*", white space) is
// one RUN without counts; with DIGIT, one RUN when each count has its letter
// (COUNTED_LETTER); the letters of a tessellation are its *_LETTER terminal.
const movesPatterns = (T) => ({
  plain: new RegExp(`^${union(T.RUN_CHARACTER)}*$`),
  counted: new RegExp(`^${union(T.RUN_CHARACTER, T.DIGIT)}*$`),
  space: new RegExp(union(T.WHITESPACE), "g"),
  counts: new RegExp(`(${union(T.DIGIT)}+)(${union(T.LETTER)})`, "g"),
  digit: new RegExp(union(T.DIGIT)),
  // A count that no letter follows, or one that is 0 or too long to count here.
  doubtful: ((d) => new RegExp(`${d}+(?!${union(T.DIGIT, T.LETTER)})|(?<!${d})0|${d}{7}`))(union(T.DIGIT)),
  letters: Object.fromEntries(TESSELLATIONS.map((t) => [t, new RegExp(`^${union(T[`${t.toUpperCase()}_LETTER`])}*$`)])),
});

// A move string without group or bracket: its canonical moves (no "*") and
// position, or null.  Each letter is its direction's, so the letters
// written are the moves printed, and no step is built.
export function plainMoves(text, tessellation, limit) {
  const P = patterns(parsers.moves, movesPatterns);
  let written = P.plain.test(text) || P.counted.test(text) ? text.replace(P.space, "") : null;
  if (written === null || P.doubtful.test(written)) return null;
  if (P.digit.test(written)) {
    // The size (the "*" counts, as every character decoded) is known before anything
    // is repeated: over the limit, the full path says so.
    const counted = [...written.matchAll(P.counts)].reduce((size, [all, n]) => size + Number(n) - all.length, 0);
    if (written.length + counted > limit) return null;
    written = written.replace(P.counts, (_, count, letter) => letter.repeat(Number(count)));
  }
  const moves = written.replace("*", "");
  if (written.length > limit || !P.letters[tessellation].test(moves)) return null;
  const position = written.indexOf("*");
  return { moves, position: position < 0 ? moves.length : position };
}

// board.lark: a text of SQUARE and line breaks alone, within the limit, draws itself.
const boardPatterns = (T) => ({ bare: new RegExp(`^(?:${union(T.SQUARE)}|\\n)*$`) });

// The squares a board's text draws, when it has no run-length encoding; else null.
export const bareBoard = (text, limit) =>
  text.length <= limit && patterns(parsers.board, boardPatterns).bare.test(text) ? text : null;
