// Every call is a reading of its own: a reading started from inside another
// (in one of its transformer's steps, or in a warning hook) leaves the other's
// state alone, and both give what each gives alone.
import { test } from "node:test";
import assert from "node:assert/strict";
import { parsers } from "../grammars.js";
import { rleDecode, parseMoves, parseBoard, parseSok, parseLev } from "../index.js";

const SOK = "Title\n#####\n#@$.#\n#####\n\nSolution\nrR\n";
const OTHER = "Game: Octoban\nOther\n#####\n#@$.#\n#####\n\nlL\n#x##\n";

// While `parser` reads, the first time its step `name` runs, `inner` runs
// first: another reading started from inside this one.
function nested(parser, name, inner) {
  const builder = parser._parse_tree_builder;
  const original = builder.create_callback;
  let armed = true;
  builder.create_callback = function (steps) {
    const step = steps[name];
    const wrapped = {
      ...steps,
      [name](...args) {
        if (armed) {
          armed = false;
          inner();
        }
        return step(...args);
      },
    };
    return original.call(this, step ? wrapped : steps);
  };
  return () => (builder.create_callback = original);
}

const cases = [
  // The inner decoding uses up its limit: were its budget the outer one's, the outer would go over.
  ["rle", "run", () => rleDecode("3#2(a-)|"), () => rleDecode("2(3b)|9c", { limit: 16 })],
  ["moves", "run", () => parseMoves("rR3u*[d]"), () => parseMoves("ll{u}D", { tessellation: "Hexoban" })],
  ["board", "run", () => parseBoard("5#|#@$.#|5#"), () => parseBoard("3#|#@#|3#")],
  ["sok", "titled_moves", () => parseSok(SOK), () => parseSok(OTHER)],
  ["lev", "initial", () => parseLev("size 2 1\ninitial\nAB\nend\n"), () => parseLev("size 1 2\ninitial\nA\n.\n")],
];

for (const [language, step, outer, inner] of cases) {
  test(`a ${language} reading inside another's step "${step}"`, () => {
    const [alone, innerAlone] = [outer(), inner()];
    let innerResult;
    const restore = nested(parsers[language], step, () => (innerResult = inner()));
    let outerResult;
    try {
      outerResult = outer();
    } finally {
      restore();
    }
    assert.notEqual(innerResult, undefined, "the step never ran: the test tests nothing");
    assert.deepStrictEqual(innerResult, innerAlone);
    assert.deepStrictEqual(outerResult, alone);
  });
}

test("a reading inside another's warning hook", () => {
  const text = "#####\n#@$.#\n#####\n\n#@$.#\n#$.@#\n";
  const warnings = [];
  const alone = parseSok(text, { onWarning: (w) => warnings.push(w) });
  const inner = [];
  const found = [];
  const outer = parseSok(text, {
    onWarning(warning) {
      found.push(warning);
      inner.push(parseSok(OTHER, { onWarning: () => {} }), parseLev("size 1 1\ninitial\nA\n"));
    },
  });
  assert.deepStrictEqual(outer, alone);
  assert.deepStrictEqual(found, warnings);
  assert.equal(found.length, 1);
  assert.deepStrictEqual(inner, [parseSok(OTHER), parseLev("size 1 1\ninitial\nA\n")]);
});
