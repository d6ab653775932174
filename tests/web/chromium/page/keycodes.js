// KeyboardEvent.code -> the number emscripten calls a "DOM_PK" code, which the pygame-ce
// wasm wheel's SDL turns into a scancode.
//
// pygbag's runtime provides `emscripten_compute_dom_pk_code` to the wheel; Pyodide's does
// not, so the test page adds it (loader.js). The numbers are the ones emscripten assigns
// (system/include/emscripten/dom_pk_codes.h in Debian's `emscripten` package): mostly the
// PC keyboard's "set 1" scan codes, those sent with an 0xE0 prefix there get 0xE000 added,
// and the digits run Digit0..Digit9 from 0x02 (not in keyboard order).

const GIN_PLAIN_KEYS = [
    // 0x00..0x0F
    "Unidentified", "Escape", "Digit0", "Digit1", "Digit2", "Digit3", "Digit4", "Digit5",
    "Digit6", "Digit7", "Digit8", "Digit9", "Minus", "Equal", "Backspace", "Tab",
    // 0x10..0x1F
    "KeyQ", "KeyW", "KeyE", "KeyR", "KeyT", "KeyY", "KeyU", "KeyI",
    "KeyO", "KeyP", "BracketLeft", "BracketRight", "Enter", "ControlLeft", "KeyA", "KeyS",
    // 0x20..0x2F
    "KeyD", "KeyF", "KeyG", "KeyH", "KeyJ", "KeyK", "KeyL", "Semicolon",
    "Quote", "Backquote", "ShiftLeft", "Backslash", "KeyZ", "KeyX", "KeyC", "KeyV",
    // 0x30..0x3F
    "KeyB", "KeyN", "KeyM", "Comma", "Period", "Slash", "ShiftRight", "NumpadMultiply",
    "AltLeft", "Space", "CapsLock", "F1", "F2", "F3", "F4", "F5",
    // 0x40..0x4F
    "F6", "F7", "F8", "F9", "F10", "Pause", "ScrollLock", "Numpad7",
    "Numpad8", "Numpad9", "NumpadSubtract", "Numpad4", "Numpad5", "Numpad6", "NumpadAdd", "Numpad1",
    // 0x50..0x59 (0x55 has no key)
    "Numpad2", "Numpad3", "Numpad0", "NumpadDecimal", "PrintScreen", null, "IntlBackslash", "F11",
    "F12", "NumpadEqual",
]

// Keys with gaps between them: [number, code names].
const GIN_SCATTERED_KEYS = [
    [0x64, ["F13", "F14", "F15", "F16", "F17", "F18", "F19", "F20", "F21", "F22", "F23"]],
    [0x70, ["KanaMode", "Lang2", "Lang1", "IntlRo"]],
    [0x76, ["F24"]],
    [0x79, ["Convert"]],
    [0x7b, ["NonConvert"]],
    [0x7d, ["IntlYen", "NumpadComma"]],
]

// Keys behind the 0xE0 prefix: [low byte, code names sharing it].
const GIN_EXTENDED_KEYS = [
    [0x0a, ["Paste"]], [0x10, ["MediaTrackPrevious"]], [0x17, ["Cut"]], [0x18, ["Copy"]],
    [0x19, ["MediaTrackNext"]], [0x1c, ["NumpadEnter"]], [0x1d, ["ControlRight"]],
    [0x20, ["AudioVolumeMute", "VolumeMute"]], [0x21, ["LaunchApp2"]], [0x22, ["MediaPlayPause"]],
    [0x24, ["MediaStop"]], [0x2c, ["Eject"]], [0x2e, ["AudioVolumeDown", "VolumeDown"]],
    [0x30, ["AudioVolumeUp", "VolumeUp"]], [0x32, ["BrowserHome"]], [0x35, ["NumpadDivide"]],
    [0x38, ["AltRight"]], [0x3b, ["Help"]], [0x45, ["NumLock"]], [0x47, ["Home"]],
    [0x48, ["ArrowUp"]], [0x49, ["PageUp"]], [0x4b, ["ArrowLeft"]], [0x4d, ["ArrowRight"]],
    [0x4f, ["End"]], [0x50, ["ArrowDown"]], [0x51, ["PageDown"]], [0x52, ["Insert"]],
    [0x53, ["Delete"]], [0x5b, ["MetaLeft", "OSLeft"]], [0x5c, ["MetaRight", "OSRight"]],
    [0x5d, ["ContextMenu"]], [0x5e, ["Power"]], [0x65, ["BrowserSearch"]],
    [0x66, ["BrowserFavorites"]], [0x67, ["BrowserRefresh"]], [0x68, ["BrowserStop"]],
    [0x69, ["BrowserForward"]], [0x6a, ["BrowserBack"]], [0x6b, ["LaunchApp1"]],
    [0x6c, ["LaunchMail"]], [0x6d, ["LaunchMediaPlayer", "MediaSelect"]],
]

const GIN_KEY_NUMBERS = (() => {
    const numbers = new Map()
    GIN_PLAIN_KEYS.forEach((code, number) => code && numbers.set(code, number))
    for (const [first, codes] of GIN_SCATTERED_KEYS) {
        codes.forEach((code, offset) => numbers.set(code, first + offset))
    }
    for (const [low, codes] of GIN_EXTENDED_KEYS) {
        for (const code of codes) numbers.set(code, 0xe000 | low)
    }
    return numbers
})()

// The DOM_PK number of a KeyboardEvent.code; 0 ("Unidentified") for anything else.
function gin_dom_pk_code(code) {
    return GIN_KEY_NUMBERS.get(code) || 0
}
