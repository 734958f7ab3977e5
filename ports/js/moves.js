// Move strings (grammars/moves.lark): rules 1 to 6 of its header, each
// token's rules checked once the generated parser has taken the token, each
// group's once the parser has closed it.
import { DEFAULT_LIMIT, PortError, parsed, Budget, expand } from "./rle.js";
import { plainMoves } from "./fast.js";

const CODES = { letter: "SOK201", bracket: "SOK202", star: "SOK203" };
Object.assign(CODES, { syntax: "SOK204", zero: "SOK205", limit: "SOK206" });
// Rule 1: the letters of each tessellation and their directions.
const SQUARE = { l: "left", r: "right", u: "up", d: "down" };
const HEX = { l: "left", r: "right", u: "north west", n: "north east", s: "south west", d: "south east" };
const OCTO = { ...SQUARE, w: "north west", e: "south east", n: "north east", s: "south west" };
export const LETTERS = { Sokoban: SQUARE, Hexoban: HEX, Trioban: HEX, Octoban: OCTO };
const BRACKETS = { jump: "[]", "pusher change": "{}" };
// A count (white space may stand in it and after it) with its letter, or a letter or "*".
const PIECES = /([0-9](?:[ \t\r\n]*[0-9])*)[ \t\r\n]*([^ \t\r\n])|([^ \t\r\n])/g;

// A segment: [the kind of its brackets or "", its letters and "*", the offset
// of its first "*"].  Each step of moves.lark's rules makes a list of them (the
// transformer of a decoding `m`: its budget, letters, open bracket's kind and
// "*" so far); a group's rules are checked when it closes.
const group = (m) => (children) => {
  const [times, inner] = children[0].times ? [children[0].times, children.slice(1).flat()] : [1, children.flat()];
  const star = inner.find((s) => s[1].includes("*"));
  if (times > 1 && star) throw new PortError("* twice", star[2], CODES.star);
  m.budget.take(inner.reduce((size, s) => size + s[1].length + (s[0] ? 2 : 0), 0) * (times - 1));
  return inner.length === 1 ? [[inner[0][0], inner[0][1].repeat(times), inner[0][2]]] : Array(times).fill(inner).flat();
};
// The one segment of a jump or a pusher change (it opens at its bracket),
// made as the parser closes it (`settle`): its brackets add 2 to the size.
const bracket = (m, kind) => (children) => {
  const inner = children.flat();
  m.budget.take(2);
  m.opening = "";
  return [[kind, inner.map((s) => s[1]).join(""), inner.find((s) => s[1].includes("*"))?.[2]]];
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
  LSQB: () => (m.opening = "jump"),
  LBRACE: () => (m.opening = "pusher change"),
  start: (children) => children.flat(),
  group: group(m),
  bracketed_group: group(m),
  jump: bracket(m, "jump"),
  pusher_change: bracket(m, "pusher change"),
});

// The game `text` writes: its tessellation, steps ([kind, direction]), whether reverse, position.
export function decode(parsers, text, tessellation, limit = DEFAULT_LIMIT) {
  const m = { budget: new Budget(limit, CODES), letters: LETTERS[tessellation], opening: "", stars: 0 };
  const segments = parsed(parsers.moves, text, CODES.syntax, stepsOf(m));
  const written = segments.flatMap(([kind, letters]) => [...letters].map((c) => [kind, c]));
  const position = written.findIndex(([, c]) => c === "*");
  const step = ([bracket, c]) => [bracket || (/[a-z]/.test(c) ? "move" : "push or pull"), m.letters[c.toLowerCase()]];
  const played = written.filter(([, c]) => c !== "*").map(step);
  const reverse = segments.some((s) => s[0] === "jump");
  return { tessellation, steps: played, reverse, position: position < 0 ? played.length : position };
}

// Rules 1, 2 and 4 for one RUN: the first of its characters that breaks rule
// 1 or 2, or that is the game's second "*" (a RUN's "*" has no count).
function checkRun(m, token) {
  for (const [i, c] of [...token.value].entries()) {
    const at = token.start_pos + i;
    if (c === "*" && ++m.stars > 1) throw new PortError("* twice", at, CODES.star);
    if (!/[a-z]/i.test(c)) continue;
    if (m.opening && c !== c.toLowerCase()) throw new PortError("upper case in brackets", at, CODES.bracket);
    if (!(c.toLowerCase() in m.letters)) throw new PortError("no such letter", at, CODES.letter);
  }
}

// The canonical text: "*" at the position when `mark`, "[]" first in a
// reverse game that does not open with a jump; each jump or pusher change in
// its brackets, then those of steps of one kind in a row joined.
export function printed(game, mark) {
  const letterOf = Object.fromEntries(Object.entries(LETTERS[game.tessellation]).map(([l, d]) => [d, l]));
  const text = game.steps.map(([kind, direction], index) => {
    const letter = (mark && index === game.position ? "*" : "") + letterOf[direction];
    const brackets = BRACKETS[kind];
    return brackets ? brackets[0] + letter + brackets[1] : kind === "move" ? letter : letter.toUpperCase();
  });
  const opening = game.reverse && game.steps[0]?.[0] !== "jump" ? "[]" : "";
  return (opening + text.join("")).replace(/\]\[|\}\{/g, "");
}

// A game's canonical moves (without "*") and position: by the fast path, else by the parser.
export function game(parsers, text, tessellation, limit = DEFAULT_LIMIT) {
  const found = plainMoves(parsers.moves, text, tessellation, limit);
  if (found) return found;
  const read = decode(parsers, text, tessellation, limit);
  return { moves: printed(read, false), position: read.position };
}
