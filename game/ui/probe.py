"""The browser test's window into the game: a JSON snapshot of what is on screen.

The browser test (tests/web/test_browser.py) plays the built game in Chromium with real
clicks, taps and keys, and reads the outcome here rather than guessing pixels: the scene
stack, the hit targets of the scene on top (what a pointer can press, with its rect in
canvas pixels), the text each visible scene drew, and the table's state (the hand in
screen order, the selection, the phase, the piles, moving cards).

It is switched on only by the test's loader page, which sets `window.gin_test_probe`
before main.py runs (tests/web/chromium/page/loader.js); the published page
(tools/web/gin-rummy.tmpl) never does, and on the desktop there is no page at all. Off,
`attach` keeps nothing, `page_options` gives no options and `snapshot` refuses. On, the
flag may also carry command-line options for the game (`{"argv": ["--seed", "7"]}`): a
page has no command line, and the test needs reproducible deals.

>>> enabled(), page_options()
(False, [])
"""

from __future__ import annotations

import json
from typing import Any

from game.ui.core import browser

FLAG = "gin_test_probe"
"""The page's `window` property that switches the probe on."""

_app: Any = None


def _flag() -> Any | None:
    window = browser._window()
    if window is None:
        return None
    try:
        flag = getattr(window, FLAG, None)
    except Exception:
        return None
    return flag or None


def enabled() -> bool:
    """True when the test page asked for the probe."""
    return _flag() is not None


def page_options() -> list[str]:
    """The command-line options the test page passes to the game ([] when not asked)."""
    flag = _flag()
    if flag is None:
        return []
    try:
        return [str(option) for option in flag.argv]
    except Exception:
        return []


def attach(app: Any) -> None:
    """Remember the running app for `snapshot`, when (and only when) the probe is on."""
    global _app
    _app = app if enabled() else None


def snapshot() -> str:
    """What is on screen now, as a JSON object (see the module docstring)."""
    app = _app
    if app is None:
        raise RuntimeError("the test probe is off: only the browser test's page switches it on")
    stack = app.stack
    visible = stack.visible()
    top = stack.top
    state: dict[str, Any] = {
        "frames_drawn": app.frames_drawn,
        "loop": {  # how the loop rests: its passes, the one that took the last press, the last rest
            "passes": app.passes,
            "input_pass": app.input_pass,
            "rest_s": app.rest_s,
            "input_wakes": app.rest.page_calls,
        },
        "viewport": {
            "size": list(app.viewport.size),
            "density": app.viewport.density,
            "portrait": app.viewport.portrait,
        },
        "seed": app.seed,
        "scenes": [
            {"name": scene.name, "modal": scene.modal, "visible": scene in visible} for scene in stack.scenes
        ],
        "top": top.name if top is not None else None,
        "targets": [
            {"name": name, "rect": _rect(rect)}
            for name, rect in (top.hit_targets() if top is not None else [])
        ],
        "drawn": [_drawn(scene) for scene in visible],
        "animating": stack.animating(),
        "working": stack.working(),
        "sound": {
            "unlocked": app.sounds.unlocked,
            "played": app.sounds.played,
            "awake": app.sounds.awake,
            "on": app.settings.sound,
        },
    }
    table = next((scene for scene in reversed(stack.scenes) if _is_table(scene)), None)
    if table is not None:
        state["table"] = _table(table)
        state["table"]["on_top"] = table is top
    return json.dumps(state)


def _is_table(scene: Any) -> bool:
    """A table of any kind (a match, the daily deal, a lesson): it deals cards to sprites."""
    return hasattr(scene, "sprites") and hasattr(scene, "row_cards")


def _drawn(scene: Any) -> list[list[Any]]:
    """The [kind, text] (and [x, y, w, h] where the scene kept it) of what a scene drew last:
    its draw list, or its page of text lines."""
    drawn: list[list[Any]] = []
    for entry in getattr(scene, "draw_list", []):
        item: list[Any] = [str(entry[0]), str(entry[1])]
        if len(entry) > 2 and hasattr(entry[2], "width"):
            item.append(_rect(entry[2]))
        drawn.append(item)
    page = getattr(scene, "page", None)
    drawn += [[str(piece.kind), str(piece.text)] for piece in getattr(page, "pieces", [])]
    return drawn


def _table(table: Any) -> dict[str, Any]:
    """The table's state that a player sees."""
    hand = table.hand
    state: dict[str, Any] = {
        "hand_number": table.hand_number,
        "selected": str(table.selected) if table.selected is not None else None,
        "armed": str(table.armed) if getattr(table, "armed", None) is not None else None,
        "knock_mode": table.knock_mode,
        "dealing": table.dealing,
        "moving": table.animator.busy,
        "toast": table.toast.text if table.toast.remaining > 0 else None,
        "scores": list(table.match.scores) if table.match is not None else [],
        # The person may move now (online: the table has caught up with the server too).
        "ready": bool(table.human_turn()),
        "watching": bool(getattr(table, "watching", False)),
    }
    if hand is None:
        return state
    me, opp = table.me, table.opp
    sprites = table.sprites
    state.update(
        phase=hand.phase.name,
        to_act=hand.to_act,
        me=me,
        knock_limit=hand.knock_limit,
        mine=[str(card) for card in table.row_cards(me)],
        opponent_count=len(hand.hands[opp]),
        opponent_known=[str(card) for card in hand.known[opp]],
        stock=len(hand.stock),
        discard=[str(card) for card in hand.discard_pile],
        knocker=hand.knocker,
        melds=[[str(card) for card in meld] for meld in hand.knocker_melds] if table.laid_out else [],
        layoffs=[[str(card), meld] for card, meld in hand.layoffs],
        result=hand.result.kind.name if hand.result is not None else None,
        piles={"stock": _rect(table.layout.stock), "discard": _rect(table.layout.discard)},
        # Every card on the table as drawn: where, and whether its face shows.
        cards={
            str(card): {"rect": _rect(sprite.rect()), "face": sprite.showing_face()}
            for card, sprite in sprites.items()
        },
    )
    return state


def _rect(rect: Any) -> list[int]:
    return [rect.x, rect.y, rect.w, rect.h]
