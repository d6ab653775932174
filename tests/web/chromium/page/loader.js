// The browser test's loader: does what pygbag's loader does, with Pyodide as the runtime.
//
// 1. starts CPython for WebAssembly (npm `pyodide`, served from 127.0.0.1);
// 2. adds `emscripten_compute_dom_pk_code`, which pygbag's runtime has and Pyodide's lacks
//    (keycodes.js), then loads pygbag's own pygame-ce wasm wheel and gives SDL the canvas;
// 3. unpacks the built gin-rummy.apk into /data/data/gin-rummy as pygbag does, sets
//    `platform.window` to this page's window (what game/ui/core/browser.py and game/storage/store.py
//    read), makes `asyncio.run(main())` schedule the game on the page's event loop instead
//    of blocking it, and runs assets/main.py from assets/ as `__main__`.
//
// Query string: `wheel=` is the pygame-ce wheel's address (its file name must stay a wheel's
// name); `arg=` (repeatable) passes command-line options to the game through the test
// probe (`?arg=--seed&arg=7`); `probe=0` leaves the probe switched off, as on the published
// page. Python's stdout goes to console.log; its stderr, and any failure, to console.error,
// which the test treats as a failure.

const GIN_QUERY = new URLSearchParams(location.search)
const GIN_WHEEL = GIN_QUERY.get("wheel")

if (GIN_QUERY.get("probe") !== "0") {
    // The flag game/ui/probe.py looks for: only this page sets it, before main.py runs.
    window.gin_test_probe = { argv: GIN_QUERY.getAll("arg") }
}

window.gin_marks = {}
function gin_mark(name) {
    window.gin_marks[name] = performance.now()
}

// SDL presents each frame with putImageData on the canvas: note the first one (the
// benchmark's "first drawn frame"), and count them.
window.gin_frames_presented = 0
{
    const present = CanvasRenderingContext2D.prototype.putImageData
    CanvasRenderingContext2D.prototype.putImageData = function (...args) {
        if (window.gin_frames_presented++ === 0) gin_mark("first_frame")
        return present.apply(this, args)
    }
}

const GIN_BOOT = `
import asyncio
import os
import runpy
import sys
import traceback
import zipfile

import js
import platform

APP_DIR = "/data/data/gin-rummy"


def _report(task):
    if task.cancelled():
        return
    error = task.exception()
    if error is not None:
        traceback.print_exception(error)
        js.window.gin_runtime_failed(f"{type(error).__name__}: {error}")


def _schedule(coroutine, **_options):
    # The page's event loop is already running (it is the browser's): schedule, never block.
    task = asyncio.ensure_future(coroutine)
    task.add_done_callback(_report)
    return task


def boot(archive):
    os.makedirs(APP_DIR, exist_ok=True)
    with zipfile.ZipFile(archive) as packed:
        packed.extractall(APP_DIR)
    home = os.path.join(APP_DIR, "assets")
    os.chdir(home)
    sys.path.insert(0, home)
    platform.window = js.window
    asyncio.run = _schedule
    runpy.run_path(os.path.join(home, "main.py"), run_name="__main__")
`

async function gin_boot() {
    gin_mark("boot")
    gin_loading_step("Starting Python…")
    const pyodide = await loadPyodide({
        indexURL: "/pyodide/",
        stdout: (line) => console.log(line),
        stderr: (line) => console.error("python: " + line),
    })
    window.gin_pyodide = pyodide
    gin_mark("python")

    pyodide._module.mergeLibSymbols(
        {
            emscripten_compute_dom_pk_code: (pointer) =>
                gin_dom_pk_code(pointer ? pyodide._module.UTF8ToString(pointer) : ""),
        },
        "gin-rummy-loader",
    )
    gin_loading_step("Fetching pygame…")
    await pyodide.loadPackage(new URL(GIN_WHEEL, location.href).href, { messageCallback: () => {} })
    pyodide.canvas.setCanvas2D(document.getElementById("canvas"))
    gin_mark("pygame")

    gin_loading_step("Shuffling the deck…")
    const response = await fetch("/site/gin-rummy.apk")
    if (!response.ok) throw new Error(`gin-rummy.apk: HTTP ${response.status}`)
    pyodide.FS.writeFile("/tmp/gin-rummy.apk", new Uint8Array(await response.arrayBuffer()))
    gin_mark("archive")

    gin_loading_step("Dealing…")
    pyodide.runPython(GIN_BOOT)
    pyodide.globals.get("boot")("/tmp/gin-rummy.apk")
    gin_mark("main")
    gin_loading_done()
}

// The test reads the game through its probe (game/ui/probe.py): a JSON snapshot.
function gin_probe() {
    return JSON.parse(window.gin_pyodide.runPython("import game.ui.probe\ngame.ui.probe.snapshot()"))
}

gin_boot().catch((error) => {
    console.error("loader: " + (error && error.stack ? error.stack : error))
    gin_runtime_failed(String(error))
})
