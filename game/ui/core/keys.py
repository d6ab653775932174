"""The game's key bindings, declared once: they drive the keys, the keys shown on buttons and
in status lines, and the help screen's list of keys.

Each :class:`Binding` names a command of the table ("knock", "draw_stock", ...) and the keys
that give it, by name ("K", "Enter", "F1"). The table's input turns a key press into its
command with :func:`command_for`; a button shows its binding's first key (:func:`key_label`);
the help screen writes its "Keys" lines from :data:`HELP_KEYS`, phrases made of bindings.
Change a key here and the key, its button, the hints and the help all follow.

>>> import pygame
>>> command_for(pygame.K_k), command_for(pygame.K_F1), command_for(pygame.K_QUESTION)
('knock', 'help', 'help')
>>> key_label("knock"), key_label("sheet"), button_key("next"), button_key("lay")
('K', 'C', 'Right', 'Enter')
>>> help_lines()[0]
'S stock, D take discard, T/P take or pass, arrows select, Enter/Space discard.'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

KEY_CODES: dict[str, int] = {
    "C": pygame.K_c,
    "D": pygame.K_d,
    "G": pygame.K_g,
    "H": pygame.K_h,
    "K": pygame.K_k,
    "L": pygame.K_l,
    "M": pygame.K_m,
    "P": pygame.K_p,
    "R": pygame.K_r,
    "S": pygame.K_s,
    "T": pygame.K_t,
    "U": pygame.K_u,
    "Y": pygame.K_y,
    "F1": pygame.K_F1,
    "?": pygame.K_QUESTION,
    "/": pygame.K_SLASH,
    "Esc": pygame.K_ESCAPE,
    "Enter": pygame.K_RETURN,
    "Keypad Enter": pygame.K_KP_ENTER,
    "Space": pygame.K_SPACE,
    "Left": pygame.K_LEFT,
    "Right": pygame.K_RIGHT,
}
"""Key names as the game writes them, and their pygame codes."""


@dataclass(frozen=True)
class Binding:
    """A command and the keys that give it; `shown` is how hints write the keys (the first
    key's name unless given)."""

    command: str
    keys: tuple[str, ...]
    shown: str = ""

    @property
    def label(self) -> str:
        """The keys as a hint writes them: "K", "arrows", "Enter/Space"."""
        return self.shown or self.keys[0]

    @property
    def codes(self) -> tuple[int, ...]:
        """The pygame key codes of the keys."""
        return tuple(KEY_CODES[key] for key in self.keys)


TABLE_BINDINGS: tuple[Binding, ...] = (
    Binding("draw_stock", ("S",)),
    Binding("take_discard", ("D",)),
    Binding("take", ("T",)),
    Binding("pass", ("P",)),
    Binding("select", ("Left", "Right"), shown="arrows"),
    Binding("confirm", ("Enter", "Space", "Keypad Enter"), shown="Enter/Space"),
    Binding("knock", ("K",)),
    Binding("gin", ("G",)),
    Binding("rank", ("R",)),
    Binding("suit", ("U",)),
    Binding("melds", ("M",)),
    Binding("lay_off_best", ("L",)),
    Binding("hint", ("H",)),
    Binding("sheet", ("C",)),
    Binding("read_hand", ("Y",)),
    Binding("move_card", ("Left", "Right"), shown="Shift+arrows"),
    Binding("menu", ("Esc",)),
    Binding("help", ("F1", "?", "/")),
)
"""Every command of the table and its keys. "move_card" is "select" with Shift held, and
"take" is the Take button's own key (D and T both take the discard)."""

BINDINGS: dict[str, Binding] = {binding.command: binding for binding in TABLE_BINDINGS}

BUTTON_COMMANDS: dict[str, tuple[str, int]] = {
    "prev": ("select", 0),
    "next": ("select", 1),
    "lay": ("confirm", 0),
    "done": ("confirm", 0),
    "cancel": ("menu", 0),
    "suggest": ("lay_off_best", 0),
}
"""Table buttons named otherwise than their command: (command, which of its keys they show)."""

HELP_KEYS: tuple[tuple[str, tuple[tuple[tuple[str, ...], str], ...]], ...] = (
    (
        ", ",
        (
            (("draw_stock",), "stock"),
            (("take_discard",), "take discard"),
            (("take", "pass"), "take or pass"),
            (("select",), "select"),
            (("confirm",), "discard"),
        ),
    ),
    (
        ", ",
        (
            (("knock",), "knock"),
            (("gin",), "gin"),
            (("rank", "suit", "melds"), "sort by rank, suit or melds"),
            (("lay_off_best",), "lay off best"),
            (("hint",), "hint"),
            (("sheet",), "score sheet"),
            (("read_hand",), "read your hand aloud"),
        ),
    ),
    ("; ", ((("move_card",), "move the selected card"), (("menu",), "pause menu"), (("help",), "this help"))),
)
"""The help screen's lines of keys: (separator, phrases); a phrase is (commands, words) and
reads "<their keys, joined by /> <words>"."""

SHIFTED = {"move_card"}
"""Commands given by their keys with Shift held."""


def command_for(key: int, shift: bool = False) -> str | None:
    """The table command a key press gives (None: the key does nothing at the table)."""
    for binding in TABLE_BINDINGS:
        if key in binding.codes and (binding.command in SHIFTED) == shift:
            return binding.command
    if shift:
        return command_for(key)  # Shift with any other key is the key alone
    return None


def codes(command: str) -> tuple[int, ...]:
    """The key codes of a command."""
    return BINDINGS[command].codes


def key_label(command: str) -> str:
    """How the command's key is written on its button or in a hint: "K", "Enter", "F1"."""
    return BINDINGS[command].keys[0]


def button_key(button: str) -> str:
    """The key shown on the table's button `button` ("knock" -> "K", "next" -> "Right")."""
    command, index = BUTTON_COMMANDS.get(button, (button, 0))
    return BINDINGS[command].keys[index]


def help_lines() -> list[str]:
    """The help screen's key lines, written from the bindings."""
    lines = []
    for separator, phrases in HELP_KEYS:
        parts = ["/".join(BINDINGS[c].label for c in commands) + " " + words for commands, words in phrases]
        lines.append(separator.join(parts) + ".")
    return lines


def key_map(actions: dict[str, Callable[[], None]]) -> dict[int, Callable[[], None]]:
    """Each command's keys to what it does on a screen: ``key_map({"help": open_help})``."""
    return {code: action for command, action in actions.items() for code in codes(command)}
