// A user's program, checked by `tsc --noEmit` against index.d.ts (tests/test_port_package.py).
import {
  parseSok, parseLev, parseBoard, parseMoves, rleDecode, ParseError, SokSyntaxError,
  type CollectionJson, type Warning,
} from "sokfmt";

const warnings: Warning[] = [];
const collection: CollectionJson = parseSok("#####\n#@$.#\n#####\n", { tessellation: "Sokoban", onWarning: (w) => warnings.push(w) });
const titles: string[] = collection.puzzles.map((puzzle) => puzzle.title);
const rows: string = collection.puzzles[0].board.board;
const position: number = parseMoves("rR*u", { tessellation: "Hexoban", limit: 100 }).current_move_idx;
const board: string = parseBoard("5#|#@$.#|5#").board;
const text: string = rleDecode("3#|#@#");
const strictly = parseLev("size 1 1\ninitial\nA\n", { strict: true });
const colors: Record<string, number[]> = strictly.colors;
try {
  parseSok("Game: Squareoban\n");
} catch (error) {
  if (error instanceof ParseError) {
    const where: [string, number, number, number] = [error.code, error.line, error.column, error.offset];
    const caret: string = error.context();
    console.log(where, caret, error instanceof SokSyntaxError, error.reason);
  }
}
console.log(titles, rows, position, board, text, colors, warnings.map((w) => w.message));
