// The parsers lark-js generated from grammars/*.lark (parsers/, made by
// generate.py), each built the first time a reading needs it: reading a move
// string does not pay for the .sok parser.  No reading state lives here.
import { Lark } from "./parsers/lark.js";
import * as rle from "./parsers/rle.js";
import * as moves from "./parsers/moves.js";
import * as board from "./parsers/board.js";
import * as sok from "./parsers/sok.js";
import * as lev from "./parsers/lev.js";

// {rle, moves, board, sok, lev}: the generated parsers, as the modules take them, each
// built on its first use.
export const parsers = {};
for (const [name, { DATA, MEMO }] of Object.entries({ rle, moves, board, sok, lev })) {
  let built = null;
  Object.defineProperty(parsers, name, { get: () => (built ||= Lark._load_from_dict({ data: DATA, memo: MEMO })) });
}
