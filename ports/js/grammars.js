// The parsers lark-js generated from grammars/*.lark (parsers/, made by
// generate.py), each built the first time a reading needs it: reading a move
// string does not pay for the .sok parser.  No reading state lives here.
import { Lark } from "./parsers/lark.js";
import * as rle from "./parsers/rle.js";
import * as moves from "./parsers/moves.js";
import * as board from "./parsers/board.js";
import * as sok from "./parsers/sok.js";
import * as lev from "./parsers/lev.js";

const built = {};
const lazily = (name, { DATA, MEMO }) => ({
  get: () => (built[name] ||= Lark._load_from_dict({ data: DATA, memo: MEMO })),
});

// {rle, moves, board, sok, lev}: the generated parsers, as the modules take them.
export const parsers = Object.defineProperties(
  {},
  Object.fromEntries(Object.entries({ rle, moves, board, sok, lev }).map(([name, data]) => [name, lazily(name, data)])),
);
