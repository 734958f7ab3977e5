// The examples of README.md: each ```js block, run as a module that imports
// this package, writes what the ```console block right after it shows.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const README = readFileSync(new URL("../README.md", import.meta.url), "utf8");
const INDEX = new URL("../index.js", import.meta.url).href;
const EXAMPLES = [...README.matchAll(/```js\n(.*?)```\n\n```console\n(.*?)```/gs)];
const folder = mkdtempSync(join(tmpdir(), "sokfmt-readme-"));

test("the README has examples", () => assert.ok(EXAMPLES.length >= 4, `${EXAMPLES.length} examples`));

EXAMPLES.forEach(([, code, expected], i) => {
  test(`README example ${i + 1}`, () => {
    const file = join(folder, `example${i + 1}.mjs`);
    writeFileSync(file, code.replaceAll('from "sokfmt"', `from "${INDEX}"`));
    assert.equal(execFileSync(process.execPath, [file], { encoding: "utf8" }), expected);
  });
});
