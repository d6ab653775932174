// The page's own JavaScript: the loading screen, and what the game asks of the page
// through its bridge to `window` (game/ui/core/browser.py): full screen, copy, download,
// the sentences for a screen reader, a line of text typed by the player.
//
// One file, two pages: tools/build_web.py inlines it into index.html (the template has a
// `gin-include` marker where it goes), and the browser test's loader page
// (tests/web/chromium/page/) loads this same file, so the test exercises the code that
// ships. It must therefore not depend on pygbag's runtime, and holds no template fields.

// How long the table may stay on the loading screen before the player is told why.
const GIN_PATIENCE_MS = 45000

function gin_loading_step(text) {
    const line = document.getElementById("gin-step")
    if (line) line.textContent = text
}

function gin_loading_done() {
    clearTimeout(window.gin_watchdog)
    document.getElementById("gin-loader").hidden = true
    const canvas = document.getElementById("canvas")
    canvas.style.visibility = "visible"
    canvas.focus()  // the keys go to the game at once, also for a screen reader's user
}

function gin_runtime_failed(detail) {
    // Errors can fire before the body is parsed: remember them until it is.
    window.gin_failure = detail || window.gin_failure || ""
    if (document.readyState === "loading") return
    clearTimeout(window.gin_watchdog)
    document.getElementById("gin-loader").hidden = false
    for (const id of ["gin-dealing", "gin-progress", "gin-step", "gin-slow"]) {
        document.getElementById(id).hidden = true
    }
    document.getElementById("gin-failed").hidden = false
    document.getElementById("gin-detail").textContent = window.gin_failure
}

// Called by the game (game/ui/core/browser.py) through pygbag's bridge to the page.
function gin_fullscreen() {
    const page = document.documentElement
    if (document.fullscreenElement) {
        document.exitFullscreen()
        return true
    }
    if (!page.requestFullscreen) return false
    page.requestFullscreen({ navigationUI: "hide" }).catch(() => {})
    return true
}

// The game's sentences for a screen reader (game/ui/core/speech.py): each one a new line
// of the visually hidden live region, which screen readers read out as it arrives.
const GIN_SAID_KEPT = 40
let gin_said_count = 0

function gin_say(text) {
    let region = document.getElementById("gin-said")
    if (!region) {  // a page without it (the browser test's loader) gets one
        region = document.createElement("div")
        region.id = "gin-said"
        region.className = "gin-unseen"
        region.setAttribute("role", "log")
        region.setAttribute("aria-live", "polite")
        document.body.appendChild(region)
    }
    const line = document.createElement("p")
    line.textContent = String(text)
    line.dataset.n = String(++gin_said_count)  // its place in everything said, kept or not
    region.appendChild(line)
    while (region.childElementCount > GIN_SAID_KEPT) region.firstElementChild.remove()
    return true
}

// A line of text typed by the player (a name): the browser's own prompt brings up a
// phone's keyboard and is read by screen readers. null when they cancel.
function gin_ask(question, value) {
    const answer = window.prompt(String(question), value ? String(value) : "")
    return answer === null ? null : String(answer)
}

function gin_copy(text) {
    if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(text).catch(() => gin_copy_fallback(text))
        return true
    }
    return gin_copy_fallback(text)
}

function gin_copy_fallback(text) {
    const area = document.createElement("textarea")
    area.value = text
    area.setAttribute("readonly", "")
    area.style.position = "fixed"
    area.style.opacity = "0"
    document.body.appendChild(area)
    area.select()
    let done = false
    try { done = document.execCommand("copy") } catch (error) { done = false }
    area.remove()
    return done
}

function gin_download(name, text) {
    const blob = new Blob([text], { type: "application/json" })
    const link = document.createElement("a")
    link.href = URL.createObjectURL(blob)
    link.download = name
    document.body.appendChild(link)
    link.click()
    link.remove()
    setTimeout(() => URL.revokeObjectURL(link.href), 10000)
    return true
}

// The page's audio. The runtime's SDL makes an AudioContext; this keeps every one made, so
// that the game can let them rest while it is silent (a running context calls the game's
// audio code on the main thread dozens of times a second, silence included) and wake them
// before the next sound. Browsers only start a context after a user gesture: until then
// resume() is refused and the context stays suspended, which is what they must do.
const gin_audio_contexts = []
let gin_audio_wanted = false
let gin_audio_rested = false

if (window.AudioContext) {
    const PageAudioContext = window.AudioContext
    window.AudioContext = class extends PageAudioContext {
        constructor(...options) {
            super(...options)
            gin_audio_contexts.push(this)
        }

        // The runtime resumes on the first key or tap it sees: not while the game lets it rest.
        resume() {
            return gin_audio_rested && !gin_audio_wanted ? Promise.resolve() : super.resume()
        }
    }
}

function gin_audio(awake) {
    gin_audio_wanted = Boolean(awake)
    gin_audio_rested ||= !gin_audio_wanted
    for (const context of gin_audio_contexts) {
        if (gin_audio_wanted && context.state === "suspended") context.resume().catch(() => {})
        else if (!gin_audio_wanted && context.state === "running") context.suspend().catch(() => {})
    }
    return true
}

// Some browsers (iOS Safari) only resume audio inside a gesture's own handler.
for (const gesture of ["pointerdown", "keydown", "touchend"]) {
    window.addEventListener(gesture, () => gin_audio_wanted && gin_audio(true), { capture: true })
}

// The game's resting loop looks at the input once a second; the player's input calls it
// back at once (browser.py, wake_on_input). It then stays attentive a while: one call per
// GIN_WAKE_GAP_MS will do. The first, unasked call shows the game that the calls arrive.
const GIN_WAKE_GAP_MS = 200
let gin_waker = null
let gin_woken = -Infinity

function gin_wake_on_input(callback) {
    gin_waker = callback
    setTimeout(() => gin_wake(true), 0)
    return true
}

function gin_wake(always) {
    const now = performance.now()
    if (!gin_waker || (always !== true && now - gin_woken < GIN_WAKE_GAP_MS)) return
    gin_woken = now
    try { gin_waker() } catch (error) { gin_waker = null }  // broken: the game looks once a second
}

for (const kind of ["pointerdown", "pointermove", "pointerup", "touchstart", "touchmove", "touchend",
    "wheel", "keydown", "keyup", "resize", "focus", "fullscreenchange"]) {
    window.addEventListener(kind, gin_wake, { capture: true, passive: true })
}
document.addEventListener("visibilitychange", gin_wake)

function gin_slow_warning() {
    document.getElementById("gin-slow").hidden = false
}

// pythons.js writes its download progress into #status and #progress; mirror it.
function gin_follow_progress() {
    const bar = document.getElementById("progress")
    const fill = document.getElementById("gin-fill")
    const status = document.getElementById("status")
    const update = () => {
        const max = Number(bar.max) || 100
        fill.style.width = Math.min(100, (100 * (Number(bar.value) || 0)) / max) + "%"
        if (status.textContent.trim()) gin_loading_step(status.textContent.trim())
    }
    new MutationObserver(update).observe(bar, { attributes: true })
    new MutationObserver(update).observe(status, { childList: true, characterData: true, subtree: true })
}

window.addEventListener("DOMContentLoaded", () => {
    gin_follow_progress()
    window.gin_watchdog = setTimeout(gin_slow_warning, GIN_PATIENCE_MS)
    if (window.gin_failure !== undefined) gin_runtime_failed(window.gin_failure)
    else if (!navigator.onLine) gin_runtime_failed("The browser reports that it is offline.")
})
