// Types of sokfmt for JavaScript: the JSON documents of Python's `to_dict`, keys in its order.

export type TessellationName = "Sokoban" | "Hexoban" | "Trioban" | "Octoban";

/** A board: its canonical rows, joined by "\n". */
export interface BoardJson {
  tessellation: TessellationName;
  board: string;
}

/** A saved game (a solution or a snapshot): its canonical moves, without "*". */
export interface SavedGameJson {
  tessellation: TessellationName;
  moves: string;
  title: string;
  solved_by: string;
  notes: string;
  current_move_idx: number;
}

export interface PuzzleJson {
  board: BoardJson;
  title: string;
  author: string;
  notes: string;
  saved_games: SavedGameJson[];
  boxorder: string;
  goalorder: string;
  comments: string[];
  title_line: string;
}

export interface CollectionJson {
  title: string;
  author: string;
  created_at: string;
  updated_at: string;
  notes: string;
  puzzles: PuzzleJson[];
  comments: string[];
  email: string;
  url: string;
  /** Where the file notes' lines of fields stood: [field, lines of the notes above it]. */
  fields_at?: [string, number][];
}

/** A .lev puzzle (bloksi, glotski): colors and images by label. */
export interface LevPuzzleJson {
  width: number;
  height: number;
  initial: string[];
  target: string[];
  colors: Record<string, number[]>;
  images: Record<string, string>;
  foreground: string;
  background: string;
  end: boolean;
  comments: string[];
  unknown: string[];
  layout: string[];
}

/** A doubt about the reading (SOK102 to SOK108, LEV113), placed in the caller's text. */
export interface Warning {
  code: string;
  line: number;
  column: number;
  offset: number;
  message: string;
}

export interface LimitOptions {
  /** The most characters (or steps) a decoding may produce: 5,000,000 by default. */
  limit?: number;
}
export interface TessellationOptions extends LimitOptions {
  /** The tessellation, by name (any case): Sokoban by default. */
  tessellation?: TessellationName | string;
}
export interface SokOptions {
  tessellation?: TessellationName | string;
  /** Called with each warning, in input order (SOK102 last), once the file is read (default: console.warn). */
  onWarning?: (warning: Warning) => void;
}
export interface LevOptions {
  /** Sections the format does not document are errors, not warnings. */
  strict?: boolean;
  onWarning?: (warning: Warning) => void;
}

export class SokfmtError extends Error {}
/** An option that names no tessellation, or a text that is no string. */
export class ValidationError extends SokfmtError {}
/** The text is not valid in its language. */
export class ParseError extends SokfmtError {
  /** The stable code of the rule broken, such as "SOK201". */
  readonly code: string;
  /** 1-based, in the caller's whole text; the column counts code points. */
  readonly line: number;
  readonly column: number;
  /** 0-based, in code points of the caller's whole text. */
  readonly offset: number;
  /** The message without its position. */
  readonly reason: string;
  /** The text of the line the error is on. */
  readonly sourceLine: string;
  /** Whether the text ended where more was expected. */
  readonly atEnd: boolean;
  /** The line with a caret under the column. */
  context(): string;
}
export class RleSyntaxError extends ParseError {}
export class SavedGameSyntaxError extends ParseError {}
export class BoardSyntaxError extends ParseError {}
export class SokSyntaxError extends ParseError {}
export class LevSyntaxError extends ParseError {}

/** The text of run-length encoded `text` (Python: decode_rle). */
export function rleDecode(text: string, options?: LimitOptions): string;
/** A move string as a saved game (Python: loads_moves(...).to_dict()). */
export function parseMoves(text: string, options?: TessellationOptions): SavedGameJson;
/** A board (Python: loads_board(...).to_dict()). */
export function parseBoard(text: string, options?: TessellationOptions): BoardJson;
/** A .sok or .xsb file (Python: loads_sok(...).to_dict()). */
export function parseSok(text: string, options?: SokOptions): CollectionJson;
/** A .lev file (Python: loads_lev(...).to_dict()). */
export function parseLev(text: string, options?: LevOptions): LevPuzzleJson;
