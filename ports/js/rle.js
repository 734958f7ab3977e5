// Run-length encoding (grammars/rle.lark), and what the other modules share:
// the port's errors, a grammar's terminals, a parser fed token by token, the
// rules of counts and of the limit.  The generated parser checks each token's
// syntax; then its transformer checks the token's own rules (the method named
// after its terminal), and a group's once the parser closes it (the step of
// its rule), so that the first error is the first met reading left to right.
// board.lark's tokens and rules are rle.lark's: boards are decoded here too.
// The generated parsers, which every module reads with, are shared from here.
export { parsers } from "./grammars.js";

export const DEFAULT_LIMIT = 5000000;
// moves.lark's tessellations, each with its *_LETTER terminal.
export const TESSELLATIONS = ["Sokoban", "Hexoban", "Trioban", "Octoban"];
const CODES = { syntax: "RLE101", zero: "RLE102", limit: "RLE103" };

// An error of the port: a code and an offset in the text it read.
export class PortError extends Error {
  constructor(message, pos, code) {
    super(message);
    Object.assign(this, { pos, code });
  }
}

// What `read` returns; when it finds its text invalid (it throws a PortError),
// what `invalid` makes of the error instead (null, unless it throws).
export function attempt(read, invalid = () => null) {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof PortError)) throw error;
    return invalid(error);
  }
}

// The first of errors in input order.
export const first = (errors) => errors.reduce((a, b) => (b.pos < a.pos ? b : a), errors[0]);

// The lines of a text, each [its text, the offset of its first character]: as
// the grammars say, a line ends at LF, CRLF or CR, and a line break at the end
// of the text ends its last line.  From `start`: a file's byte order mark is
// no part of its first line.  (A split is faster than a match per line.)
export function linesOf(text, start = 0) {
  const parts = text.slice(start).split(/(\r\n|\r|\n)/); // each line, then its line break
  const lines = [];
  for (let i = 0; i < parts.length; i += 2) {
    lines.push([parts[i], start]);
    start += parts[i].length + (parts[i + 1] ?? "").length;
  }
  if (parts.at(-1) === "") lines.pop();
  return lines;
}
export const fileLines = (text) => linesOf(text, text.startsWith("\ufeff") ? 1 : 0);

// The ASCII characters, which the legend and the moves are made of.
export const ASCII = Array.from({ length: 128 }, (_, code) => String.fromCharCode(code));

// A grammar's terminals (generate.py keeps them all), each a RegExp of a whole string.
export function terminals(parser) {
  const whole = (t) => [t.name, new RegExp(`^(?:${t.pattern.to_regexp()})$`)];
  return (parser.whole ||= Object.fromEntries(parser.terminals.map(whole)));
}
// Any one of a grammar's terminals (each a whole-string RegExp), as a source.
export const union = (...patterns) => `(?:${patterns.map((p) => p.source.slice(1, -1)).join("|")})`;

// A step for each rule of a parser that builds no lark Tree; made once per
// parser.  A rule without a step of its own gives its children, an array that
// is also its own `children`, which the parser reads when it inlines a `_rule`.
const plainStep = (children) => Object.assign(children, { children });
const plain = (parser) =>
  (parser.plain ||= Object.fromEntries(parser.rules.map(({ origin }) => [origin.name, plainStep])));

// A reading by `parser` of its own, whose transformer is `steps` (made for
// this reading alone, so that a reading started inside another's step or
// hook leaves the other's state alone): the steps of the rules, and of the
// tokens under their terminals' names.
export function reading(parser, steps) {
  const interactive = parser.parse_interactive("");
  const state = interactive.parser_state;
  const callbacks = parser._parse_tree_builder.create_callback({ ...plain(parser), ...steps });
  for (const [name, step] of Object.entries(steps)) if (name === name.toUpperCase()) callbacks.set(name, step);
  state.parse_conf = Object.assign(Object.create(state.parse_conf), { callbacks });
  return interactive;
}

// `text` read by `parser` with the transformer `steps`: each token, once the
// parser has taken it, handed to the step named after its terminal (lark's
// convention; lark-js never calls it), then the reductions it settles made;
// what the transformer makes of the whole.
export function parsed(parser, text, code, steps) {
  const interactive = reading(parser, steps);
  const { callbacks } = interactive.parser_state.parse_conf;
  try {
    for (const token of parser.lex(text)) {
      interactive.feed_token(token);
      callbacks.get(token.type)?.(token);
      settle(interactive.parser_state);
    }
    return interactive.feed_eof();
  } catch (error) {
    if (error instanceof PortError) throw error;
    // A premature end is reported at the last token: it is at the end of the text.
    const { token } = error;
    const pos = token ? (token.type === "$END" ? text.length : token.start_pos) : error.pos_in_stream;
    if (pos === undefined) throw error; // not about the text: a bug of the port
    throw new PortError("syntax", pos, code);
  }
}

// The reductions that every token the state takes (of the types `wanted`)
// would make next, made now: a group closes at its ")", the rows before a
// .sok line are settled before the line is typed.  lark-js has no call for
// it: this is `feed_token`'s loop, before a token.
export function settle({ parse_conf: { states, callbacks }, state_stack: stack, value_stack: values }, wanted = () => true) {
  for (;;) {
    const state = states[stack.at(-1)];
    const types = Object.keys(state).filter((type) => type === type.toUpperCase() && wanted(type));
    const actions = types.map((type) => state[type]);
    const rule = actions[0]?.[1];
    if (!rule || actions.some(([action, arg]) => action.name !== "Reduce" || arg !== rule)) return;
    values.push(callbacks.get(rule)(values.splice(values.length - rule.expansion.length)));
    stack.splice(stack.length - rule.expansion.length);
    stack.push(states[stack.at(-1)][rule.origin.name][1]);
  }
}

// What a decoding may still produce (the limit), and the rule of counts.
export class Budget {
  constructor(limit, codes) {
    Object.assign(this, { limit, codes, used: 0 });
  }

  take(size) {
    if ((this.used += size) > this.limit) throw new PortError("over the limit", 0, this.codes.limit);
  }

  // A count's value (white space may stand in it, as in moves.lark).
  count(digits, pos) {
    const significant = digits.replace(/[ \t\r\n]/g, "").replace(/^0+/, "");
    if (!significant) throw new PortError("a count of 0", pos, this.codes.zero);
    if (significant.length > 18) this.take(Infinity);
    return Number(significant);
  }
}

// A group-free run: `pieces` matches a count (group 1) and what it repeats
// (group 2), or text that stands for itself (group 3).  The counts are
// checked left to right, then the run's size is paid for, in code points
// (the grammars count characters: an emoji is one).
export function expand(run, pos, budget, pieces) {
  const found = [...run.matchAll(pieces)].filter((m) => m[1] || m[3]);
  const counts = found.map((m) => (m[1] ? budget.count(m[1], pos + m.index) : 1));
  budget.take(found.reduce((size, m, i) => size + counts[i] * [...(m[2] || m[3])].length, 0));
  return found.map((m, i) => (m[2] || m[3]).repeat(counts[i])).join("");
}

// The steps of rle.lark's rules (and board.lark's), and a token's own rules,
// checked as the parser takes it: the transformer of a decoding that may
// produce `budget`.  A run is its own rule, closed as its RUN is taken
// (`settle`); a group's copies are paid for when it closes.
const stepsOf = (budget) => ({
  COUNT: (token) => (token.times = budget.count(token.value, token.start_pos)),
  LINE_BREAK: (token) => budget.take(token.value.length), // LF, CRLF or CR: itself
  run: ([token]) => expand(token.value, token.start_pos, budget, /([0-9]+)(.)|([^0-9]+)/gsu),
  group(children) {
    const [times, inner] = children[0].times ? [children[0].times, children.slice(1)] : [1, children];
    const text = inner.join("");
    budget.take([...text].length * (times - 1));
    return text.repeat(times);
  },
  start: (children) => children.map((child) => (typeof child === "string" ? child : child.value)).join(""),
});

// The text of rle.lark's (or board.lark's) tokens: groups repeated, "|" a line break.
export function decode(parser, text, limit = DEFAULT_LIMIT, codes = CODES) {
  return parsed(parser, text, codes.syntax, stepsOf(new Budget(limit, codes))).replace(/\|/g, "\n");
}
