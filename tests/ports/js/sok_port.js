// The .sok part of the JavaScript port: steps 1 and 2 of grammars/sok.lark's
// header (line classes, blocks, titles) feeding the generated LALR parser, and
// from its tree the puzzles: titles, boards (board port) and saved games
// (moves port), compared with the vectors' JSON.  Notes and properties other
// than Title and Game are not ported.
"use strict";

const CLASSES = ["COMMENT_LINE", "BLANK_LINE", "BOARD_ROW", "EMPTY_ROW", "RLE_ROW", "MOVES_LINE"];
const MIN_BOARD_ROWS = 3;
// A key/value line (the header's definition of a key).
const PROPERTY = /^[ \t]*((?:date[ \t]+created|date[ \t]+of[ \t]+last[ \t]+change)|[A-Za-z][A-Za-z0-9_./-]*)[ \t]*[:=](.*)$/i;

function property(line) {
  const found = PROPERTY.exec(line);
  return found ? [found[1].toLowerCase().split(/[ \t]+/).join(" "), found[2].trim()] : null;
}

const unquoted = (line) => line.replace(/^>+/, "");

function makeLexer(patterns, board, parseBoard, LETTERS, PortError) {
  // Step 1: the class of one line.
  function classify(line) {
    const content = line.startsWith("::") ? line : unquoted(line);
    for (const name of CLASSES) {
      if (!patterns[name].test(content)) continue;
      if (name !== "RLE_ROW") return [name, 1];
      const rows = rleRows(content);
      return rows ? [name, rows] : ["TEXT", 1];
    }
    return ["TEXT", 1];
  }

  // How many board rows an RLE row stands for, if it decodes to board rows.
  function rleRows(content) {
    let rows;
    try {
      rows = parseBoard(board, content, "Sokoban").rows;
    } catch (error) {
      if (error instanceof PortError || error.pos_in_stream !== undefined || error.token) return 0;
      throw error;
    }
    const kinds = rows.map((row) => (patterns.BOARD_ROW.test(row) ? "board" : patterns.EMPTY_ROW.test(row) ? "empty" : "other"));
    return kinds.includes("board") && !kinds.includes("other") ? rows.length : 0;
  }

  // Steps 1 and 2: the blocks of a text, each {kind, lines, pos, line, blank}.
  return function blocks(text, tessellation) {
    const lines = text.split("\n");
    if (lines[lines.length - 1] === "") lines.pop();
    const classed = [];
    let pos = 0;
    lines.forEach((line, index) => {
      const [kind, rows] = classify(line);
      classed.push({ kind, rows, text: line, pos, number: index + 1 });
      pos += line.length + 1;
    });
    settleBoards(classed);
    const result = [];
    for (const line of classed) {
      const kind = { BOARD: "BOARD", MOVES_LINE: "MOVES", COMMENT_LINE: "COMMENT", BLANK_LINE: "BLANK" }[line.kind] || "TEXT";
      const last = result[result.length - 1];
      if (kind === "BLANK" && last && last.kind !== "BLANK") last.blank.push(line.text);
      else if (last && last.kind === kind && !last.blank.length) last.lines.push(line.text);
      else result.push({ kind, lines: [line.text], pos: line.pos, line: line.number, blank: [] });
    }
    return settleMoves(result, tessellation);
  };

  // Boards: runs of board and RLE rows, empty rows only inside, 3 rows at least.
  function settleBoards(classed) {
    let start = 0;
    while (start < classed.length) {
      if (!["BOARD_ROW", "RLE_ROW"].includes(classed[start].kind)) {
        start += 1;
        continue;
      }
      let end = start;
      let probe = start + 1;
      while (probe < classed.length && ["BOARD_ROW", "RLE_ROW", "EMPTY_ROW"].includes(classed[probe].kind)) {
        if (classed[probe].kind !== "EMPTY_ROW") end = probe;
        probe += 1;
      }
      const rows = classed.slice(start, end + 1).filter((l) => l.kind !== "EMPTY_ROW").reduce((s, l) => s + l.rows, 0);
      for (let i = start; i < probe; i++) {
        classed[i].kind = rows >= MIN_BOARD_ROWS && i <= end ? "BOARD" : "TEXT";
      }
      start = probe;
    }
    for (const line of classed) if (["BOARD_ROW", "RLE_ROW", "EMPTY_ROW"].includes(line.kind)) line.kind = "TEXT";
  }

  // Moves only after a board, with letters the region's tessellation allows.
  function settleMoves(result, fallback) {
    let fileGame = null;
    let region = [];
    const regions = [region];
    for (const block of result) {
      if (block.kind === "BOARD") regions.push((region = []));
      region.push(block);
    }
    const settled = [];
    regions.forEach((blocksOfRegion, index) => {
      const game = gameOf(blocksOfRegion);
      if (index === 0) fileGame = game;
      const letters = LETTERS[game || fileGame || fallback];
      for (const block of blocksOfRegion) {
        if (block.kind === "MOVES") {
          const legal = (line) => [...unquoted(line)].every((c) => !/[a-z]/i.test(c) || c.toLowerCase() in letters);
          if (index === 0 || !block.lines.every(legal)) {
            splitMoves(block, index === 0 ? () => false : legal).forEach((part) => append(settled, part));
            continue;
          }
        }
        append(settled, block);
      }
      if (index > 0) blocksOfRegion[0].tessellation = game || fileGame || fallback;
    });
    return settled;
  }

  function splitMoves(block, legal) {
    const parts = [];
    let pos = block.pos;
    block.lines.forEach((line, i) => {
      const kind = legal(line) ? "MOVES" : "TEXT";
      const last = parts[parts.length - 1];
      if (last && last.kind === kind) last.lines.push(line);
      else parts.push({ kind, lines: [line], pos, line: block.line + i, blank: [] });
      pos += line.length + 1;
    });
    parts[parts.length - 1].blank = block.blank;
    return parts;
  }

  function append(list, block) {
    const last = list[list.length - 1];
    if (last && last.kind === "TEXT" && block.kind === "TEXT" && !last.blank.length) {
      last.lines.push(...block.lines);
      last.blank = block.blank;
    } else list.push(block);
  }

  function gameOf(blocks) {
    for (const block of blocks) {
      if (block.kind !== "TEXT") continue;
      for (let i = 0; i < block.lines.length; i++) {
        const found = property(block.lines[i]);
        if (!found || found[0] !== "game") continue;
        const name = Object.keys(LETTERS).find((t) => t.toLowerCase() === found[1].toLowerCase());
        if (!name) {
          const line = block.lines[i];
          const column = found[1] ? line.indexOf(found[1]) : line.length;
          throw { line: block.line + i, column: column + 1 };
        }
        return name;
      }
    }
    return null;
  }
}

// Titles: a single text line before a board or moves (comments aside), not a
// key/value line, before a block whose notes have no Title property.
function titled(blocks) {
  for (const block of blocks) if (block.kind === "TEXT") block.kind = block.lines.length === 1 ? "LINE" : "PARAGRAPH";
  blocks.forEach((block, index) => {
    if (block.kind !== "LINE" || property(unquoted(block.lines[0]))) return;
    let after = index + 1;
    while (after < blocks.length && blocks[after].kind === "COMMENT") after += 1;
    const next = blocks[after];
    if (!next || !["BOARD", "MOVES"].includes(next.kind)) return;
    if (hasTitleProperty(blocks, after + 1)) return;
    block.kind = next.kind === "BOARD" ? "PUZZLE_TITLE" : "GAME_TITLE";
  });
  return blocks;
}

function hasTitleProperty(blocks, start) {
  for (const block of blocks.slice(start)) {
    if (["BOARD", "MOVES"].includes(block.kind)) return false;
    if (["LINE", "PARAGRAPH"].includes(block.kind) && block.lines.some((l) => (property(l) || [])[0] === "title")) return true;
  }
  return false;
}

function run(generated, vectorsDir, tools) {
  const fs = require("fs");
  const path = require("path");
  const { record, PortError, lineColumn, errorPos, parseBoard, decodeMoves, LETTERS } = tools;
  const sok = generated("sok");
  const parser = sok.get_parser();
  const board = generated("board").get_parser();
  const moves = generated("moves").get_parser();
  // The line classes are the grammar's own terminals (the generator keeps them).
  const patterns = {};
  for (const terminal of parser.terminals) {
    if (CLASSES.includes(terminal.name)) patterns[terminal.name] = new RegExp(`^(?:${terminal.pattern.to_regexp()})$`);
  }
  const blocksOf = makeLexer(patterns, board, parseBoard, LETTERS, PortError);

  // A block parsed by a port, errors moved to their place in the file.
  function inFile(block, parse) {
    const quotes = block.lines.map((line) => line.length - unquoted(line).length);
    const content = block.lines.map(unquoted).join("\n");
    try {
      return parse(content);
    } catch (error) {
      const where = lineColumn(content, errorPos(error, content));
      throw { line: block.line + where.line - 1, column: where.column + quotes[where.line - 1] };
    }
  }

  function title(block) {
    if (!block || !["PUZZLE_TITLE", "GAME_TITLE"].includes(block.kind)) return "";
    const text = unquoted(block.lines[0]).trim();
    return text.startsWith(";") ? text.slice(1).trim() : text;
  }

  function titleProperty(notes) {
    for (const block of notes) {
      for (const line of block.lines) {
        const found = ["LINE", "PARAGRAPH"].includes(block.kind) && property(line);
        if (found && found[0] === "title") return found[1];
      }
    }
    return null;
  }

  function read(text) {
    text = text.replace(/^\ufeff/, "").replace(/\r\n?/g, "\n");
    const blocks = titled(blocksOf(text, "Sokoban"));
    const interactive = parser.parse_interactive("");
    for (const block of blocks) {
      const value = [...block.lines, ...(["LINE", "PARAGRAPH", "COMMENT"].includes(block.kind) ? block.blank : [])].join("\n");
      const token = new sok.Token(block.kind, value, block.pos, block.line, 1);
      token.block = block;
      interactive.feed_token(token);
    }
    const tree = interactive.feed_eof();
    return tree.children.filter((child) => child.data === "puzzle").map((puzzle) => {
      const parts = puzzle.children.filter((c) => c.type).map((t) => t.block);
      const at = parts.findIndex((b) => b.kind === "BOARD");
      const boardBlock = parts[at];
      const tessellation = boardBlock.tessellation;
      const games = puzzle.children.filter((c) => c.data === "saved_game").map((game) => {
        const gameParts = game.children.map((t) => t.block);
        const movesAt = gameParts.findIndex((b) => b.kind === "MOVES");
        const decoded = inFile(gameParts[movesAt], (content) => decodeMoves(moves, content, tessellation, 5000000));
        const own = titleProperty(gameParts.slice(movesAt + 1));
        return { title: own === null ? title(gameParts[0]) : own, decoded };
      });
      const own = titleProperty(parts.slice(at + 1));
      return {
        title: own === null ? title(parts[0]) : own,
        board: { tessellation, board: inFile(boardBlock, (content) => parseBoard(board, content, tessellation)).rows.join("\n") },
        games,
      };
    });
  }

  // What the vectors' JSON says of the same things.
  const summary = (puzzles) =>
    puzzles.map((p) => ({ title: p.title, board: p.board, games: p.games.map((g) => g.title) }));

  const dir = path.join(vectorsDir, "sok");
  for (const file of fs.readdirSync(dir).filter((f) => /\.(sok|xsb)$/.test(f)).sort()) {
    const bytes = fs.readFileSync(path.join(dir, file));
    let text = bytes.toString("utf8");
    if (text.includes("\ufffd")) text = bytes.toString("latin1"); // cp1252 and Latin-1 agree on these
    const expected = JSON.parse(fs.readFileSync(path.join(dir, file.replace(/\.(sok|xsb)$/, ".json")), "utf8"));
    let outcome;
    try {
      const got = summary(read(text));
      const want = expected.puzzles.map((p) => ({ title: p.title, board: p.board, games: p.saved_games.map((g) => g.title) }));
      outcome = JSON.stringify(got) === JSON.stringify(want) ? ["passed"] : ["failed", { got, want }];
    } catch (error) {
      outcome = ["failed", `rejected: ${error.message || JSON.stringify(error)}`];
    }
    record("sok", outcome[0], file, outcome[1]);
  }
  for (const testCase of JSON.parse(fs.readFileSync(path.join(dir, "invalid.json"), "utf8")).cases) {
    let outcome;
    try {
      read(testCase.input);
      outcome = ["failed", "accepted an invalid input"];
    } catch (error) {
      const where = "line" in error && !("message" in error) ? error : null;
      outcome = where && where.line === testCase.error.line && where.column === testCase.error.column
        ? ["passed"]
        : ["failed", where || String(error)];
    }
    record("sok", outcome[0], testCase.name, outcome[1]);
  }
}

module.exports = { run };
