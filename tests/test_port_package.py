"""The JavaScript package (ports/js) as its users get it: the parsers it ships
are what the grammars give (its messages what README's table of codes says),
its metadata is sokfmt's, and the tarball that `npm pack` makes installs and
reads the bundled sample.

Needs Node.js (and npm, and SOKFMT_LARKJS_PYTHON for the rebuild); where one
is missing the test that needs it skips, unless SOKFMT_REQUIRE_PORT_CHECK=1
(CI) makes that a failure.
"""

from __future__ import annotations

import html
import json
import re
import shutil
import subprocess
import sys
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from threading import Thread

from chromium import headless, needs_chromium
from jsport import PORT, ROOT, JsPort, larkjs_python, unavailable

import sokfmt

PACKAGE = json.loads((PORT / "package.json").read_text("utf-8"))
SAMPLE = ROOT / "sokfmt" / "samples" / "sample.sok"


def _npm() -> str:
    npm = shutil.which("npm")
    if npm is None:
        unavailable("npm is not installed (no 'npm' on PATH)")
    assert npm is not None
    return npm


def test_the_shipped_parsers_are_what_the_grammars_give(tmp_path: Path) -> None:
    # And parsers/codes.json, the messages, what README's table of codes gives.
    subprocess.run(
        [larkjs_python(), str(PORT / "generate.py"), str(ROOT / "grammars"), str(tmp_path)],
        check=True,
        capture_output=True,
    )
    rebuilt = {path.name: path.read_bytes() for path in tmp_path.iterdir()}
    shipped = {path.name: path.read_bytes() for path in (PORT / "parsers").iterdir()}
    assert sorted(shipped) == sorted(rebuilt)
    stale = [name for name in shipped if shipped[name] != rebuilt[name]]
    assert stale == [], "run: python ports/js/generate.py grammars ports/js/parsers"


def test_the_package_is_sokfmts_version_and_licence() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text("utf-8")
    assert PACKAGE["name"] == "sokfmt"
    assert PACKAGE["version"] == sokfmt.__version__
    assert re.search(rf'^license = "{PACKAGE["license"]}"$', pyproject, re.M)
    assert (PORT / "LICENSE").read_bytes() == (ROOT / "LICENSE").read_bytes()


def test_the_package_bundles_sokfmts_sample() -> None:
    sample = ROOT / "sokfmt" / "samples" / "sample.sok"
    assert (PORT / "samples" / "sample.sok").read_bytes() == sample.read_bytes()


def test_the_package_is_modules_without_dependencies() -> None:
    assert PACKAGE["type"] == "module"
    assert "dependencies" not in PACKAGE
    # The messages are a JSON module (import attributes: Node.js 20.10 and later).
    assert PACKAGE["engines"] == {"node": ">=20.10"}
    assert PACKAGE["exports"]["."] == {"types": "./index.d.ts", "default": "./index.js"}
    # Every module the entry point imports, at any depth, is among the files shipped.
    shipped = {name.rstrip("/") for name in PACKAGE["files"]}
    for module in PORT.glob("*.js"):
        assert module.name in shipped, module.name


# A user's script: the package imported by its name, the bundled sample read.
USER_SCRIPT = """
import { readFileSync } from "node:fs";
import { parseSok, ParseError } from "sokfmt";

const sample = new URL("samples/sample.sok", import.meta.resolve("sokfmt"));
const collection = parseSok(readFileSync(sample, "utf8"));
let error = null;
try {
  parseSok("#####\\n#@$.#\\n#####\\nGame: Squareoban\\n");
} catch (found) {
  error = found instanceof ParseError && [found.name, found.code, found.line, found.column];
}
const text = JSON.stringify(collection, null, 2);
console.log(JSON.stringify({ collection, error, text }));
"""


def test_the_packed_tarball_installs_and_reads_the_sample(js_port: JsPort, tmp_path: Path) -> None:
    npm = _npm()
    packed = subprocess.run(
        [npm, "pack", "--json", "--pack-destination", str(tmp_path)],
        cwd=PORT,
        capture_output=True,
        text=True,
        check=True,
    )
    [tarball] = json.loads(packed.stdout)
    contents = {entry["path"] for entry in tarball["files"]}
    assert "index.js" in contents
    assert "parsers/sok.js" in contents
    assert not any(name.startswith("test/") or name.endswith(".py") for name in contents)
    user = tmp_path / "user"
    user.mkdir()
    (user / "package.json").write_text('{"name": "user", "private": true, "type": "module"}')
    subprocess.run(
        [
            npm,
            "install",
            "--no-audit",
            "--no-fund",
            "--offline",
            str(tmp_path / tarball["filename"]),
        ],
        cwd=user,
        capture_output=True,
        check=True,
    )
    (user / "read.js").write_text(USER_SCRIPT, encoding="utf-8")
    ran = subprocess.run(
        [js_port.node, "read.js"], cwd=user, capture_output=True, text=True, check=True
    )
    found = json.loads(ran.stdout)
    collection = found["collection"]
    # The sample's own words: its title, author, four puzzles, the first "Hallway" solved by "lLL".
    assert (collection["title"], collection["author"]) == ("sokfmt sample", "The sokfmt developers")
    assert [len(collection["puzzles"]), collection["puzzles"][0]["title"]] == [4, "Hallway"]
    assert collection["puzzles"][0]["saved_games"][0]["moves"] == "lLL"
    sample = sokfmt.loads_sok(SAMPLE.read_text("utf-8"))
    assert collection == json.loads(json.dumps(sample.to_dict()))
    # The document's text is the one `sokfmt convert --to json` writes, keys in their order.
    converted = subprocess.run(
        [sys.executable, "-m", "sokfmt", "convert", str(SAMPLE), "-", "--to", "json"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=True,
    )
    assert found["text"] + "\n" == converted.stdout
    assert found["error"] == ["SokSyntaxError", "SOK101", 4, 7]


def _tsc(npm: str) -> Path:
    """TypeScript's compiler, the package's one devDependency, installed by
    npm into ports/js/node_modules when it is not there yet."""
    tsc = PORT / "node_modules" / ".bin" / "tsc"
    if not tsc.exists():
        install = [npm, "install", "--no-audit", "--no-fund", "--no-save"]
        if subprocess.run(install, cwd=PORT, capture_output=True, check=False).returncode:
            unavailable("npm could not install TypeScript (the package's devDependency)")
    return tsc


def test_the_types_check_a_users_program() -> None:
    """index.d.ts against test/types: user.ts compiles, and each line of
    misuse.ts that the types must refuse is refused (`@ts-expect-error`)."""
    tsc = _tsc(_npm())
    checked = subprocess.run(
        [str(tsc), "-p", "test/types"], cwd=PORT, capture_output=True, text=True, check=False
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_the_types_declare_every_export(js_port: JsPort) -> None:
    listed = subprocess.run(
        [
            js_port.node,
            "-e",
            'import("./index.js").then((m) => console.log(Object.keys(m).join(" ")))',
        ],
        cwd=PORT,
        capture_output=True,
        text=True,
        check=True,
    )
    declared = re.findall(
        r"^export (?:class|function) (\w+)", (PORT / "index.d.ts").read_text(), re.M
    )
    assert sorted(declared) == sorted(listed.stdout.split())


# A web page that imports the package as an ES module and reads a collection.
PAGE = """<!DOCTYPE html>
<meta charset="utf-8">
<pre id="read">not read</pre>
<script type="module">
  import { parseSok, SokSyntaxError } from "./sokfmt/index.js";
  const text = await (await fetch("./sokfmt/samples/sample.sok")).text();
  let error = null;
  try {
    parseSok("Game: Squareoban\\n#####\\n#@$.#\\n#####\\n");
  } catch (found) {
    error = found instanceof SokSyntaxError && [found.code, found.line, found.column];
  }
  const collection = parseSok(text);
  document.getElementById("read").textContent = JSON.stringify({ collection, error });
</script>
"""


@needs_chromium
def test_a_web_page_reads_a_collection_with_the_package(tmp_path: Path) -> None:
    """Headless Chromium loads a page served over HTTP that imports the
    package (no Node-only API may be used) and writes what it read."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "sokfmt").symlink_to(PORT, target_is_directory=True)
    (site / "page.html").write_text(PAGE, encoding="utf-8")
    handler = partial(_QuietHandler, directory=str(site))
    with ThreadingHTTPServer(("127.0.0.1", 0), handler) as server:
        Thread(target=server.serve_forever, daemon=True).start()
        try:
            dumped = subprocess.run(
                [
                    *headless(tmp_path / "chromium-profile"),
                    "--virtual-time-budget=20000",
                    "--dump-dom",
                    f"http://127.0.0.1:{server.server_address[1]}/page.html",
                ],
                capture_output=True,
                text=True,
                timeout=120,
                check=True,
            ).stdout
        finally:
            server.shutdown()
    found = re.search(r'<pre id="read">(.*?)</pre>', dumped, re.S)
    assert found is not None, dumped[-2000:]
    assert found[1] != "not read", "the page's module did not run: see Chromium's console"
    read = json.loads(html.unescape(found[1]))
    sample = sokfmt.loads_sok((ROOT / "sokfmt" / "samples" / "sample.sok").read_text("utf-8"))
    assert read["collection"] == json.loads(json.dumps(sample.to_dict()))
    assert read["error"] == ["SOK101", 1, 7]


class _QuietHandler(SimpleHTTPRequestHandler):
    """Serves files without a line on standard error per request."""

    def log_message(self, format: str, *args: object) -> None:
        pass
