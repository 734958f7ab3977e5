// What the package makes of a batch of inputs, for the differential with
// sokfmt (tests/test_port_differential.py):
//
//   node test/batch.js INPUTS.json     a JSON list of outcomes, one per input
//
// An input is {language, input, tessellation?, limit?, strict?}; its outcome is
// {result, warnings?} (the JSON document's text, warnings as [code, line,
// column, offset]) or {error: {kind, code, line, column, offset}}, all from the public API.
import { readFileSync } from "node:fs";
import { rleDecode, parseMoves, parseBoard, parseSok, parseLev, ParseError } from "../index.js";

function outcome(c) {
  const warnings = [];
  const onWarning = (w) => warnings.push([w.code, w.line, w.column, w.offset]);
  const options = { tessellation: c.tessellation || undefined, limit: c.limit, strict: c.strict, onWarning };
  const read = { rle: rleDecode, moves: parseMoves, board: parseBoard, sok: parseSok, lev: parseLev }[c.language];
  try {
    const result = JSON.stringify(read(c.input, options));
    return c.language === "sok" || c.language === "lev" ? { result, warnings } : { result };
  } catch (error) {
    if (!(error instanceof ParseError)) throw error;
    const { name: kind, code, line, column, offset } = error;
    return { error: { kind, code, line, column, offset } };
  }
}

const inputs = JSON.parse(readFileSync(process.argv[2], "utf8"));
process.stdout.write(`${JSON.stringify(inputs.map(outcome))}\n`);
