// What index.d.ts must refuse: each line below is an error that tsc reports
// (`@ts-expect-error` makes tsc fail when the line below it is accepted).
import { parseSok, parseMoves, parseLev, type SavedGameJson } from "sokfmt";

// @ts-expect-error a text is a string
parseSok(42);
// @ts-expect-error parseSok takes no limit
parseSok("", { limit: 3 });
// @ts-expect-error onWarning gets a Warning, whose line is a number
parseLev("", { onWarning: (w: { line: string }) => w });
// @ts-expect-error a saved game has no "steps"
const steps = parseMoves("r").steps;
// @ts-expect-error current_move_idx is a number
const position: string = (parseMoves("r") as SavedGameJson).current_move_idx;
console.log(steps, position);
