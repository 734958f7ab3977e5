// Run-length encoding (grammars/rle.lark, and board.lark, which encodes a
// board's squares the same way).  The generated parser checks each token's
// syntax; then this module checks the token's own rules (counts, the limit),
// so that the first error is the first met reading left to right.
"use strict";

const DEFAULT_LIMIT = 5000000;
const CODES = { syntax: "RLE101", zero: "RLE102", limit: "RLE103" };

// An error of the port: a code and an offset in the text it read.
class PortError extends Error {
  constructor(message, pos, code) {
    super(message);
    Object.assign(this, { pos, code });
  }
}

// The tokens of `text`, each yielded once the parser has taken it.
function* tokens(parser, text, code) {
  const interactive = parser.parse_interactive("");
  try {
    for (const token of parser.lex(text)) {
      interactive.feed_token(token);
      yield token;
    }
    interactive.feed_eof();
  } catch (error) {
    // A premature end is reported at the last token: it is at the end of the text.
    const { token } = error;
    const pos = token ? (token.type === "$END" ? text.length : token.start_pos || 0) : error.pos_in_stream;
    if (pos === undefined) throw error; // not about the text: a bug of the port
    throw new PortError("syntax", pos, code);
  }
}

// What a decoding may still produce (rule: the limit), and the counts' rules.
class Budget {
  constructor(limit, codes) {
    Object.assign(this, { limit, codes, used: 0 });
  }

  take(size) {
    this.used += size;
    if (this.used > this.limit) this.over();
  }

  over() {
    throw new PortError("over the limit", 0, this.codes.limit);
  }

  count(digits, pos) {
    const significant = digits.replace(/^0+/, "");
    if (!significant) throw new PortError("a count of 0", pos, this.codes.zero);
    if (significant.length > 18) this.over();
    return Number(significant);
  }
}

// A group-free run: `pieces` matches a count (group 1) and what it repeats
// (group 2), or text that stands for itself (group 3).  The counts are
// checked left to right, then the run's size is paid for.
function expand(run, pos, budget, pieces) {
  const found = [...run.matchAll(pieces)].filter((m) => m[1] || m[3]);
  const counts = found.map((m) => (m[1] ? budget.count(m[1].replace(/[ \t\r\n]/g, ""), pos + m.index) : 1));
  // Sizes in code points, as the grammar counts characters (an emoji is one).
  budget.take(found.reduce((size, m, i) => size + counts[i] * [...(m[2] || m[3])].length, 0));
  return found.map((m, i) => (m[2] || m[3]).repeat(counts[i])).join("");
}

const PIECES = /([0-9]+)(.)|([^0-9]+)/gsu;

// The decoding of `text` by `parser`, rle.lark's or a grammar of the same
// tokens (RUN, COUNT, parentheses, LINE_BREAK); errors have `codes`' codes.
function decodeWith(parser, codes, text, limit) {
  const budget = new Budget(limit, codes);
  const groups = [[]];
  const counts = [];
  let count = 1;
  for (const token of tokens(parser, text, codes.syntax)) {
    const pos = token.start_pos || 0;
    if (token.type === "RUN") groups.at(-1).push(expand(token.value, pos, budget, PIECES));
    else if (token.type === "COUNT") count = budget.count(token.value, pos);
    else if (token.type === "LPAR") {
      groups.push([]);
      counts.push(count);
      count = 1;
    } else if (token.type === "RPAR") {
      const [inner, times] = [groups.pop().join(""), counts.pop()];
      budget.take([...inner].length * (times - 1));
      groups.at(-1).push(inner.repeat(times));
    } else {
      budget.take(1);
      groups.at(-1).push("\n");
    }
  }
  return groups[0].join("").replace(/\|/g, "\n");
}

const decode = (parsers, text, limit = DEFAULT_LIMIT) => decodeWith(parsers.rle, CODES, text, limit);

module.exports = { DEFAULT_LIMIT, PortError, tokens, Budget, expand, decode, decodeWith };
