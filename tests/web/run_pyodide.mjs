// Run a Python snippet against the game's pure-Python packages under WebAssembly CPython.
//
//   node tests/web/run_pyodide.mjs --root . --module tests/web/wasm_play.py \
//        --code "import wasm_play; RESULT = wasm_play.play_all([1, 2])"
//
// Pyodide is loaded from tests/web/node_modules (installed from npm, no network at run
// time). game/__init__.py, game/rules/ and game/ai/ are copied into Pyodide's in-memory
// file system, along with any --module files (importable by their base name). The
// snippet assigns RESULT; one line of JSON goes to stdout:
//   {"platform": "emscripten", "python": "3.14.x", "seconds": ..., "result": RESULT}
// Everything the snippet prints goes to stderr. Exit code 1 on any error.

import { readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const HERE = dirname(fileURLToPath(import.meta.url));
const PACKAGES = ["game/rules", "game/ai"];
const PROJECT = "/home/pyodide/project";

function parseArgs(argv) {
  const args = { root: resolve(HERE, "..", ".."), modules: [], code: null };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = argv[i + 1];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    if (flag === "--root") args.root = resolve(value);
    else if (flag === "--module") args.modules.push(resolve(value));
    else if (flag === "--code") args.code = value;
    else if (flag === "--code-file") args.code = readFileSync(value, "utf8");
    else throw new Error(`unknown option ${flag}`);
    i++;
  }
  if (args.code === null) throw new Error("give the Python to run with --code or --code-file");
  return args;
}

function* pythonFiles(folder) {
  for (const name of readdirSync(folder)) {
    if (name === "__pycache__") continue;
    const path = join(folder, name);
    if (statSync(path).isDirectory()) yield* pythonFiles(path);
    else if (name.endsWith(".py")) yield path;
  }
}

function copyInto(pyodide, source, target) {
  pyodide.FS.mkdirTree(dirname(target));
  pyodide.FS.writeFile(target, readFileSync(source, "utf8"));
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const { loadPyodide } = await import(join(HERE, "node_modules", "pyodide", "pyodide.mjs"));
  const started = performance.now();
  const pyodide = await loadPyodide({
    indexURL: join(HERE, "node_modules", "pyodide") + sep,
    stdout: (line) => process.stderr.write(line + "\n"),
    stderr: (line) => process.stderr.write(line + "\n"),
  });

  copyInto(pyodide, join(args.root, "game", "__init__.py"), `${PROJECT}/game/__init__.py`);
  for (const pkg of PACKAGES) {
    const folder = join(args.root, ...pkg.split("/"));
    for (const file of pythonFiles(folder)) {
      const inside = relative(args.root, file).split(sep).join("/");
      copyInto(pyodide, file, `${PROJECT}/${inside}`);
    }
  }
  for (const module of args.modules) {
    copyInto(pyodide, module, `${PROJECT}/${module.split(sep).pop()}`);
  }

  pyodide.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(PROJECT)})`);
  const namespace = pyodide.globals.get("dict")();
  await pyodide.runPythonAsync(args.code, { globals: namespace });
  namespace.set("__seconds__", (performance.now() - started) / 1000);
  const report = pyodide.runPython(
    `import json, sys, platform
json.dumps({
    "platform": sys.platform,
    "python": platform.python_version(),
    "seconds": __seconds__,
    "result": RESULT,
})`,
    { globals: namespace },
  );
  process.stdout.write(report + "\n");
}

main().catch((error) => {
  process.stderr.write(`run_pyodide: ${error && error.stack ? error.stack : error}\n`);
  process.exit(1);
});
