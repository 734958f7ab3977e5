// Move strings (grammars/moves.lark): rules 1 to 6 of its header, each
// token's rules checked once the generated parser has taken the token, each
// group's once the parser has closed it.
import { parsers, DEFAULT_LIMIT, TESSELLATIONS, PortError, parsed, Budget, expand, terminals } from "./rle.js";
import { plainMoves } from "./fast.js";

const CODES = { letter: "SOK201", bracket: "SOK202", star: "SOK203" };
Object.assign(CODES, { syntax: "SOK204", zero: "SOK205", limit: "SOK206" });
// The tessellation a name names (in any letter case), or undefined.
export const named = (name) => TESSELLATIONS.find((t) => t.toLowerCase() === String(name).toLowerCase());
// Rule 1: the letters a tessellation allows, its terminal (SOKOBAN_LETTER, ...).
export const letters = (tessellation) => terminals(parsers.moves)[`${tessellation.toUpperCase()}_LETTER`];
// A count (white space may stand in it and after it) with its letter, or a letter or "*".
const PIECES = /([0-9](?:[ \t\r\n]*[0-9])*)[ \t\r\n]*([^ \t\r\n])|([^ \t\r\n])/g;

// A segment: [its brackets ("[]" a jump's, "{}" a pusher change's) or "", its
// letters and "*", the offset of its first "*"].  Each step of moves.lark's
// rules makes a list of them (the transformer of a decoding `m`: its budget,
// letters, open brackets and "*" so far); a group's rules are checked when it
// closes.
const group = (m) => (children) => {
  const [times, inner] = children[0].times ? [children[0].times, children.slice(1).flat()] : [1, children.flat()];
  const star = inner.find((s) => s[1].includes("*"));
  if (times > 1 && star) throw new PortError("* twice", star[2], CODES.star);
  m.budget.take(inner.reduce((size, s) => size + s[1].length + (s[0] ? 2 : 0), 0) * (times - 1));
  return inner.length === 1 ? [[inner[0][0], inner[0][1].repeat(times), inner[0][2]]] : Array(times).fill(inner).flat();
};
// The one segment of a jump or a pusher change (it opens at its bracket),
// made as the parser closes it (`settle`): its brackets add 2 to the size.
const bracket = (m, brackets) => (children) => {
  const inner = children.flat();
  m.budget.take(2);
  m.opening = "";
  return [[brackets, inner.map((s) => s[1]).join(""), inner.find((s) => s[1].includes("*"))?.[2]]];
};
// The steps of moves.lark's rules, and a token's own rules, checked as the
// parser takes it: the transformer of the decoding `m`.  A run is its own
// rule, closed as its RUN is taken (`settle`).
const stepsOf = (m) => ({
  run([token]) {
    const written = expand(token.value, token.start_pos, m.budget, PIECES);
    checkRun(m, token);
    return [[m.opening, written, token.start_pos + token.value.indexOf("*")]];
  },
  COUNT: (token) => (token.times = m.budget.count(token.value, token.start_pos)),
  LSQB: () => (m.opening = "[]"),
  LBRACE: () => (m.opening = "{}"),
  start: (children) => children.flat(),
  group: group(m),
  bracketed_group: group(m),
  jump: bracket(m, "[]"),
  pusher_change: bracket(m, "{}"),
});

// The canonical moves `text` writes, without "*" (each letter is its
// direction's: each jump or pusher change in its brackets, those in a row
// joined, "[]" first in a reverse game that opens with no jump), and the
// position (the steps before the "*").
export function decode(text, tessellation, limit = DEFAULT_LIMIT) {
  const m = { budget: new Budget(limit, CODES), letters: letters(tessellation), opening: "", stars: 0 };
  const segments = parsed(parsers.moves, text, CODES.syntax, stepsOf(m));
  const written = segments.map(([brackets, run]) => (brackets ? brackets[0] + run + brackets[1] : run)).join("");
  const steps = written.replace(/[[\]{}]/g, ""); // a letter each, and the "*"
  const moves = written.replace("*", "").replace(/\[\]|\{\}/g, "").replace(/\]\[|\}\{/g, "");
  // Rule 3: a jump, even "[]", makes the game reverse.
  const opening = segments.some(([brackets]) => brackets === "[]") && moves[0] !== "[" ? "[]" : "";
  const position = steps.indexOf("*");
  return { moves: opening + moves, position: position < 0 ? steps.length : position };
}

// Rules 1, 2 and 4 for one RUN: the first of its characters that breaks rule
// 1 or 2, or that is the game's second "*" (a RUN's "*" has no count).
function checkRun(m, token) {
  for (const [i, c] of [...token.value].entries()) {
    const at = token.start_pos + i;
    if (c === "*" && ++m.stars > 1) throw new PortError("* twice", at, CODES.star);
    if (!/[a-z]/i.test(c)) continue;
    if (m.opening && c !== c.toLowerCase()) throw new PortError("upper case in brackets", at, CODES.bracket);
    if (!m.letters.test(c)) throw new PortError("no such letter", at, CODES.letter);
  }
}

// A game's canonical moves (without "*") and position: by the fast path, else by the parser.
export function game(text, tessellation, limit = DEFAULT_LIMIT) {
  return plainMoves(text, tessellation, limit) || decode(text, tessellation, limit);
}
