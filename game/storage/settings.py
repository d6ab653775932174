"""The player's settings: every option of the rules engine and of the table, in plain words.

`Settings` is what the title and new-match screens change and what is saved between
sessions. `Settings.options()` describes each option for drawing it: a label, the value
in plain words, the choices, a one-line explanation, and whether it applies to the chosen
variant and format (with the reason when it does not). `Settings.ruleset()` builds the
engine's `RuleSet`; an option that does not apply is left out of it and reported by
`Settings.ignored_options()`, never dropped in silence.

>>> settings = Settings(variant="oklahoma", eleven_card_deal=True)
>>> settings.ruleset().eleven_card_deal
False
>>> [(o.label, o.reason) for o in settings.ignored_options()]
[('Eleven-card deal', 'Oklahoma needs the upcard to set the knock limit.')]
>>> settings.option("bonuses").value_label
'Gin 20, undercut 10, box 20'
"""

from __future__ import annotations

import inspect
import random
from collections.abc import Callable
from dataclasses import dataclass, field, fields, replace
from typing import Any

from game.flags import MAX_SEED
from game.rules import BONUS_PRESETS as RULE_BONUS_PRESETS
from game.rules import Match, RuleSet
from game.storage.store import DamagedRecordError, schema_of

__all__ = [
    "AI_LEVELS",
    "AUTO_SORTS",
    "BONUS_PRESETS",
    "CARD_BACKS",
    "CARD_SIZES",
    "FIRST_DEALERS",
    "NAME_LENGTH",
    "NEXT_DEALERS",
    "PLAYER_COUNTS",
    "PLAYER_LABELS",
    "SCHEMA",
    "SEAT_KINDS",
    "SPEEDS",
    "TABLE_COLOURS",
    "TARGETS",
    "VARIANTS",
    "MatchSetup",
    "OptionInfo",
    "Settings",
    "clean_name",
    "seat_names",
]

SCHEMA = 2
"""Settings schema: 1 = the flat object written before schemas (no ``schema`` key), 2 = now."""

SPEEDS: dict[str, float] = {"slow": 0.6, "normal": 1.0, "fast": 2.0, "instant": 0.0}
"""Animation speed names and the time multiplier each gives (0 = instant)."""

VARIANTS = ("standard", "oklahoma", "simple")
BONUS_PRESETS = ("classic", "classic_25_20", "association")
AI_LEVELS = ("random", "simple", "easy", "medium", "hard", "expert")
NEXT_DEALERS = ("loser", "winner", "alternate")
PLAYER_COUNTS = ("2", "3", "4")
"""Match formats: two players, three (the dealer sits out), four in two partnerships."""
PLAYER_LABELS = {"2": "2", "3": "3 (dealer sits out)", "4": "4 (partners)"}
TARGETS: tuple[int | None, ...] = (None, 50, 100, 150, 200, 250, 300, 500)
"""Match targets offered; None is the usual one (100, Oklahoma 150, partners 125)."""
FIRST_DEALERS: tuple[int | None, ...] = (None, 0, 1, 2, 3)
"""Who deals first: None cuts for it, otherwise a player number (0 is you)."""
SEAT_KINDS = ("person", "ai")
"""Who plays a seat: a person at this device (pass and play) or the computer."""

VARIANT_NAMES = {"standard": "Standard Gin", "oklahoma": "Oklahoma Gin", "simple": "Simple Gin (gin only)"}
LEVEL_NAMES = {
    "random": "Random",
    "simple": "Simple",
    "easy": "Easy",
    "medium": "Medium",
    "hard": "Hard",
    "expert": "Expert",
}
LEVEL_NOTES = {
    "random": "Plays any legal move at random: a way to learn the moves without being beaten.",
    "simple": "Takes a card only to finish a meld, throws its highest deadwood, knocks the moment it may.",
    "easy": "Counts its deadwood and little else; takes discards only for a meld and slips often.",
    "medium": "Keeps pairs and near-runs, knocks as soon as it may, and slips now and then.",
    "hard": "Reads your hand from your discards, throws safe cards and weighs each knock.",
    "expert": "The strongest: weighs every card the stock may give, reads your hand closely, never slips.",
}
"""What each level of the computer does, in a line (`game.ai.levels` describes the configs)."""
FORMAT_NAMES = {"2": "Two players", "3": "Three (the dealer sits out)", "4": "Four, in partnerships"}
SPEED_NAMES = {"slow": "Slow", "normal": "Normal", "fast": "Fast", "instant": "Instant"}
NEXT_DEALER_NAMES = {"loser": "The loser", "winner": "The winner", "alternate": "Take turns"}
SEAT_KIND_NAMES = {"person": "A person", "ai": "The computer"}

ADDED_SINCE_SCHEMA_2 = ("auto_gin", "confirm_knock")
"""Options added after schema 2 was first written: a save without them is not damaged, they
take their defaults (an older version ignores them and keeps working)."""
LOOKS_ADDED = (
    "auto_sort",
    "card_back",
    "table_colour",
    "left_handed",
    "card_size",
    "high_contrast",
    "reduced_motion",
    "narrate",
    "names",
)
"""The table's looks, comfort and access options, also added after schema 2 (same rule)."""

AUTO_SORTS = ("off", "melds", "rank", "suit")
"""How the hand is put in order after each draw ("off": where the drawn card was put)."""
AUTO_SORT_NAMES = {"off": "Off", "melds": "By melds", "rank": "By rank", "suit": "By suit"}
CARD_BACKS = ("red", "blue", "green", "night")
"""The card backs, drawn by `game.ui.core.art`."""
CARD_BACK_NAMES = {
    "red": "Red lattice",
    "blue": "Blue lattice",
    "green": "Green check",
    "night": "Night and gold",
}
TABLE_COLOURS = ("green", "blue", "red", "grey")
"""The colours of the table's felt (`game.ui.core.theme`)."""
TABLE_COLOUR_NAMES = {"green": "Green felt", "blue": "Blue felt", "red": "Red felt", "grey": "Grey felt"}
CARD_SIZES = (100, 120, 140, 160)
"""Card and text size, in per cent of the usual size."""
CARD_SIZE_NAMES = {100: "Normal", 120: "Large (120 %)", 140: "Larger (140 %)", 160: "Largest (160 %)"}
NAME_LENGTH = 12
"""The most characters a player's name may have (it must fit a phone's score strip)."""
RESERVED_NAMES = frozenset({"you", "ai", "the ai", "the computer", "south", "west", "north", "east"})
"""Names the game gives seats and the computer already: a person taking one would be
mistaken for another seat in the log and the scores."""
NAME_EXPLANATION = (
    "The name of the person at this seat when people share the device; empty: the seat's place."
)

RULES = "rules"
TABLE = "table"
DISPLAY = "display"
OKLAHOMA_ONLY = "Only in Oklahoma Gin."


def seat_names(players: int) -> tuple[str, ...]:
    """What each seat is called at a table of `players` (player 0 is always "You").

    >>> seat_names(2), seat_names(4)[2]
    (('You', 'Your opponent'), 'North, your partner')
    """
    if players == 2:
        return ("You", "Your opponent")
    if players == 3:
        return ("You", "West", "East")  # as the table names them
    return ("You", "West", "North, your partner", "East")


def _match_accepts_first_dealer() -> bool:
    # The engine gains `Match(..., first_dealer=player)`; until then the option is reported
    # as unavailable rather than passed to a constructor that would refuse it.
    try:
        return "first_dealer" in inspect.signature(Match.__init__).parameters
    except (TypeError, ValueError):
        return False


@dataclass(frozen=True)
class OptionInfo:
    """One option as a screen draws it; every text is plain words for the player.

    `choices` pairs each value with its label, in the order a menu cycles them.
    `applies` is False when the option has no effect with the chosen variant or format,
    and `reason` then says why (the stored value is kept for when it applies again).
    """

    name: str
    label: str
    value: Any
    value_label: str
    choices: tuple[tuple[Any, str], ...]
    explanation: str
    applies: bool = True
    reason: str = ""
    group: str = RULES
    choice_notes: tuple[str, ...] = ()
    """For options whose choices need saying (the computer's levels): one line per choice,
    in the order of `choices`; empty otherwise."""


@dataclass(frozen=True)
class MatchSetup:
    """Who sits where and how strong the computer is, kept with a saved match.

    `seats` has one entry per player ("person" or "ai"), player 0 first. `ai_seed` is the
    seed the computer players' seeds are made from (None until a table has set it): kept
    with the match, so that a hand continued after a restart is played, and verified, with
    the same AI as before.

    >>> setup = MatchSetup(("person", "ai"), "hard")
    >>> setup.people, setup.has_ai, setup.opponent_level
    ((0,), True, 'hard')
    >>> setup.with_ai_seed(41).ai_seed, setup.with_ai_seed(41).with_ai_seed(7).ai_seed
    (41, 41)
    """

    seats: tuple[str, ...]
    ai_level: str
    ai_seed: int | None = None

    def __post_init__(self) -> None:
        if len(self.seats) not in (2, 3, 4) or any(kind not in SEAT_KINDS for kind in self.seats):
            raise ValueError(f"seats must be 2 to 4 of {SEAT_KINDS}, not {self.seats!r:.80}")
        if self.ai_level not in AI_LEVELS:
            raise ValueError(f"unknown AI level {self.ai_level!r:.40}")
        seed = self.ai_seed
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or abs(seed) > MAX_SEED):
            raise ValueError(
                f"the AI seed must be a whole number from -{MAX_SEED} to {MAX_SEED}, not {seed!r:.40}"
            )

    @property
    def people(self) -> tuple[int, ...]:
        """The players a person plays."""
        return tuple(i for i, kind in enumerate(self.seats) if kind == "person")

    @property
    def has_ai(self) -> bool:
        """Whether the computer plays any seat."""
        return "ai" in self.seats

    @property
    def opponent_level(self) -> str:
        """What statistics file this under: the AI level, or "people" when no AI plays."""
        return self.ai_level if self.has_ai else "people"

    def with_ai_seed(self, seed: int) -> MatchSetup:
        """This setup with `seed` as its AI seed, unless it has one already (a saved match's)."""
        return self if self.ai_seed is not None else replace(self, ai_seed=seed)

    def to_dict(self) -> dict[str, Any]:
        """JSON-compatible form."""
        return {"seats": list(self.seats), "ai_level": self.ai_level, "ai_seed": self.ai_seed}

    @classmethod
    def from_dict(cls, data: object) -> MatchSetup:
        """Read :meth:`to_dict` output (or the older one without `ai_seed`); DamagedRecordError
        on any defect."""
        if not isinstance(data, dict) or set(data) not in (
            {"seats", "ai_level"},
            {"seats", "ai_level", "ai_seed"},
        ):
            raise DamagedRecordError("a match setup must be an object with seats, ai_level and ai_seed")
        seats = data["seats"]
        if not isinstance(seats, list):
            raise DamagedRecordError("a match setup's seats must be a list")
        try:
            return cls(tuple(seats), data["ai_level"], data.get("ai_seed"))
        except (ValueError, TypeError) as error:
            raise DamagedRecordError(f"bad match setup: {error}") from None


def _default_seats() -> list[str]:
    return ["person", "ai", "ai", "ai"]


def _default_names() -> list[str]:
    return ["", "", "", ""]


def clean_name(text: str) -> str:
    r"""`text` as a player's name: letters, digits, spaces, ' - and . only (what the game's
    font draws), spaces closed up, at most :data:`NAME_LENGTH` characters.

    >>> clean_name("  Ann\tMarie  "), clean_name("Bob<script>"), clean_name("Éléonore-Marguerite")
    ('Ann Marie', 'Bobscript', 'Éléonore-Mar')
    >>> clean_name("♠♥\x00")
    ''
    """
    kept = []
    for char in text:
        if char.isspace():
            kept.append(" ")
        elif _name_character(char):
            kept.append(char)
    return " ".join("".join(kept).split())[:NAME_LENGTH].rstrip()


def _name_character(char: str) -> bool:
    # The shipped font has ASCII and Latin-1 (tools/make_font.py): anything else would draw
    # as a box. "&" is left out: team names are "South & North".
    code = ord(char)
    if not (0x20 < code < 0x7F or 0xC0 <= code <= 0xFF) or char in "×÷":
        return False
    return char.isalnum() or char in "'-."


@dataclass
class Settings:
    """What the player chose; every field is checked by :meth:`from_dict` and `set_option`.

    `seats` always holds four entries (player 0 to 3) so that switching between 2, 3 and
    4 players keeps each seat's choice; only the first `players` are used.

    >>> Settings.from_dict({"speed": "fast", "bogus": 1}).speed
    'fast'
    >>> Settings.from_dict({"speed": "warp"})
    Traceback (most recent call last):
    ...
    game.storage.store.DamagedRecordError: settings: speed must be one of slow, normal, fast, instant, not 'warp'
    """

    speed: str = "normal"
    four_colour: bool = False
    sound: bool = True
    auto_gin: bool = False
    confirm_knock: bool = False
    auto_sort: str = "off"
    card_back: str = "red"
    table_colour: str = "green"
    left_handed: bool = False
    card_size: int = 100
    high_contrast: bool = False
    reduced_motion: bool = False
    narrate: bool = True
    variant: str = "standard"
    ai_level: str = "medium"
    bonuses: str = "classic"
    eleven_card_deal: bool = False
    last_discard_chance: bool = False
    big_gin: bool = False
    allow_rediscard: bool = False
    next_dealer: str = "loser"
    players: str = "2"
    target: int | None = None
    shutout_doubles: bool = False
    oklahoma_ace_gin_only: bool = False
    oklahoma_extra_boxes: bool = False
    oklahoma_spade_double: bool = True
    first_dealer: int | None = None
    seats: list[str] = field(default_factory=_default_seats)
    names: list[str] = field(default_factory=_default_names)
    """A name for each player (0 to 3) when people share the device; "" for none."""

    # --- values ----------------------------------------------------------------------

    @property
    def speed_factor(self) -> float:
        """Multiplier for the animator."""
        return SPEEDS[self.speed]

    @property
    def player_count(self) -> int:
        """`players` as a number."""
        return int(self.players)

    def match_setup(self) -> MatchSetup:
        """The seats in play and the AI level, as kept with a saved match."""
        return MatchSetup(tuple(self.seats[: self.player_count]), self.ai_level)

    def choices(self, name: str) -> tuple[Any, ...]:
        """The values option `name` may take (seats are ``seat0`` to ``seat3``)."""
        if name.startswith("seat") and name[4:] in ("0", "1", "2", "3"):
            return SEAT_KINDS
        spec = _CHOICES.get(name)
        if spec is None:
            raise KeyError(f"no option {name!r}")
        return spec

    def value(self, name: str) -> Any:
        """The current value of option `name`."""
        if name.startswith("seat") and name[4:] in ("0", "1", "2", "3"):
            return self.seats[int(name[4:])]
        self.choices(name)
        return getattr(self, name)

    def set_option(self, name: str, value: Any) -> None:
        """Change option `name`; ValueError (and nothing changed) for a value it cannot take."""
        allowed = self.choices(name)
        if not _is_choice(value, allowed):
            raise ValueError(f"{name} cannot be {value!r:.40}: choose one of {_listing(allowed)}")
        if name.startswith("seat"):
            self.seats[int(name[4:])] = value
            return
        setattr(self, name, value)
        if name == "players" and not _seat_fits(self.first_dealer, self):
            self.first_dealer = None  # shown at once as "Cut for it" by the screen

    def cycle(self, name: str, step: int = 1) -> Any:
        """Move option `name` to the next (or previous, step -1) choice; return the new value.

        Choices that do not fit the table (a first dealer who is not playing) are skipped.
        """
        allowed = [v for v in self.choices(name) if name != "first_dealer" or _seat_fits(v, self)]
        current = self.value(name)
        index = next((i for i, v in enumerate(allowed) if _same(v, current)), -1)
        new = allowed[(index + step) % len(allowed)]
        self.set_option(name, new)
        return new

    @property
    def zoom(self) -> float:
        """The card and text size as a factor (1.0 to 1.6)."""
        return self.card_size / 100

    def name_of(self, player: int) -> str:
        """The name given to `player` (0 to 3), or "" when none was."""
        return self.names[player]

    def set_name(self, player: int, text: str) -> str:
        """Name `player` (0 to 3) from what was typed; returns the name kept ("" clears it).

        ValueError, and nothing changed, for a seat that does not exist or a name another
        player already has (the log and the scores would not tell them apart).
        """
        if player not in range(4):
            raise ValueError(f"there is no player {player!r:.20} (players are 0 to 3)")
        name = clean_name(text)
        if text.strip() and not name:
            raise ValueError("A name needs letters or digits.")
        folded = name.casefold()
        if folded in RESERVED_NAMES or folded.startswith("ai "):
            raise ValueError(f"{name} is what the game calls a seat or the computer: choose another name.")
        for other, taken in enumerate(self.names):
            if name and other != player and taken.casefold() == name.casefold():
                raise ValueError(f"Another seat is already called {taken}.")
        self.names[player] = name
        return name

    # --- the rules engine --------------------------------------------------------------

    def rule_options(self) -> dict[str, Any]:
        """Overrides for ``RuleSet.preset(variant, bonuses=...)``: every option that applies.

        >>> Settings(players="3", big_gin=True).rule_options()["big_gin"]
        True
        """
        oklahoma = self.variant == "oklahoma"
        options: dict[str, Any] = {
            "players": self.player_count,
            "next_dealer": self.next_dealer,
            "big_gin": self.big_gin,
            "allow_rediscard": self.allow_rediscard,
            "last_discard_chance": self.last_discard_chance,
            "shutout_doubles": self.shutout_doubles,
            "eleven_card_deal": self.eleven_card_deal and not oklahoma,
        }
        if oklahoma:
            options["oklahoma_ace_gin_only"] = self.oklahoma_ace_gin_only
            options["oklahoma_extra_boxes"] = self.oklahoma_extra_boxes
            options["oklahoma_spade_double"] = self.oklahoma_spade_double
        if self.target is not None:
            options["target"] = self.target
        return options

    def ruleset(self) -> RuleSet:
        """The engine's rule set for these settings (valid for every combination)."""
        return RuleSet.preset(self.variant, bonuses=self.bonuses, **self.rule_options())

    def match_options(self) -> dict[str, Any]:
        """Keyword arguments for ``Match(rules, rng, ...)``: the first dealer when one is chosen."""
        if self.first_dealer is None or not _seat_fits(self.first_dealer, self):
            return {}
        if not _match_accepts_first_dealer():
            return {}
        return {"first_dealer": self.first_dealer}

    def new_match(self, rng: random.Random) -> Match:
        """A match with these settings' rules and first dealer."""
        return Match(self.ruleset(), rng, **self.match_options())

    # --- what a screen draws -------------------------------------------------------------

    def options(self, group: str | None = None) -> list[OptionInfo]:
        """Every option, in menu order; `group` is "rules", "table" or "display" to filter."""
        infos = [_describe(name, self) for name in _ORDER if group in (None, _SPECS[name].group)]
        if group in (None, TABLE):
            infos += [_seat_info(self, seat) for seat in range(4)]
        return infos

    def option(self, name: str) -> OptionInfo:
        """One option's description (``seat0`` to ``seat3`` for the seats)."""
        if name.startswith("seat") and name[4:] in ("0", "1", "2", "3"):
            return _seat_info(self, int(name[4:]))
        if name not in _CHOICES:
            raise KeyError(f"no option {name!r}")
        return _describe(name, self)

    def ignored_options(self) -> list[OptionInfo]:
        """Options set away from their default that the chosen variant or format ignores.

        The new-match screen shows these with their reasons so nothing is dropped unseen.
        """
        defaults = Settings()
        return [
            info
            for info in self.options()
            if info.group != DISPLAY and not info.applies and not _same(info.value, defaults.value(info.name))
        ]

    # --- records ---------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """JSON-compatible form, schema included."""
        data: dict[str, Any] = {"schema": SCHEMA}
        for f in fields(self):
            value = getattr(self, f.name)
            data[f.name] = list(value) if isinstance(value, list) else value
        return data

    @classmethod
    def from_dict(cls, data: object) -> Settings:
        """Read saved settings strictly: any bad value raises DamagedRecordError.

        None (nothing saved) gives the defaults. A newer schema raises NewerRecordError.
        Schema 1 (no ``schema`` key) is migrated: its missing fields take their defaults, as
        do the options in :data:`ADDED_SINCE_SCHEMA_2` when a schema 2 save lacks them.
        Unknown keys are ignored (and dropped at the next save): a version adding a field
        that older ones must not drop bumps the schema instead.
        """
        if data is None:
            return cls()
        schema = schema_of(data, SCHEMA, "settings")
        assert isinstance(data, dict)
        names = {f.name for f in fields(cls)}
        if schema == 1 and set(data) - {"schema"} and not names & set(data):
            # Not settings of any version: something else, or settings moved inside something.
            raise DamagedRecordError(f"settings hold none of their fields, only {sorted(data)[:3]!r:.80}")
        settings = cls()
        for f in fields(cls):
            if f.name not in data:
                if schema == 1 or f.name in ADDED_SINCE_SCHEMA_2 + LOOKS_ADDED:
                    continue  # older saves lack the newer options: they take defaults
                raise DamagedRecordError(f"settings: {f.name} is missing")
            _read_field(settings, f.name, data[f.name])
        return settings


def _read_field(settings: Settings, name: str, value: object) -> None:
    if name == "names":
        if not isinstance(value, list) or len(value) != 4:
            raise DamagedRecordError(f"settings: names must be a list of four, not {value!r:.60}")
        for player, text in enumerate(value):
            if not isinstance(text, str) or clean_name(text) != text or text.casefold() in RESERVED_NAMES:
                raise DamagedRecordError(f"settings: name {player} is not a name: {text!r:.40}")
        if len({t.casefold() for t in value if t}) != len([t for t in value if t]):
            raise DamagedRecordError("settings: two players have the same name")
        settings.names = list(value)
        return
    if name == "seats":
        if not isinstance(value, list) or len(value) != 4:
            raise DamagedRecordError(f"settings: seats must be a list of four, not {value!r:.60}")
        for seat, kind in enumerate(value):
            if not _is_choice(kind, SEAT_KINDS):
                raise DamagedRecordError(f"settings: seat {seat} must be person or ai, not {kind!r:.40}")
        settings.seats = list(value)
        return
    allowed = _CHOICES[name]
    if not _is_choice(value, allowed):
        raise DamagedRecordError(f"settings: {name} must be one of {_listing(allowed)}, not {value!r:.40}")
    setattr(settings, name, value)


def _is_choice(value: object, allowed: tuple[Any, ...]) -> bool:
    # True == 1 in Python: a bool must not pass for a number, nor a number for a bool.
    return any(_same(value, choice) for choice in allowed)


def _same(a: object, b: object) -> bool:
    return type(a) is type(b) and a == b


def _listing(allowed: tuple[Any, ...]) -> str:
    return ", ".join(
        "null" if v is None else str(v).lower() if isinstance(v, bool) else str(v) for v in allowed
    )


def _seat_fits(player: object, settings: Settings) -> bool:
    return player is None or (isinstance(player, int) and player < settings.player_count)


_BOOL = (False, True)
_CHOICES: dict[str, tuple[Any, ...]] = {
    "variant": VARIANTS,
    "bonuses": BONUS_PRESETS,
    "target": TARGETS,
    "oklahoma_ace_gin_only": _BOOL,
    "oklahoma_extra_boxes": _BOOL,
    "oklahoma_spade_double": _BOOL,
    "shutout_doubles": _BOOL,
    "big_gin": _BOOL,
    "allow_rediscard": _BOOL,
    "last_discard_chance": _BOOL,
    "eleven_card_deal": _BOOL,
    "next_dealer": NEXT_DEALERS,
    "first_dealer": FIRST_DEALERS,
    "players": PLAYER_COUNTS,
    "ai_level": AI_LEVELS,
    "speed": tuple(SPEEDS),
    "four_colour": _BOOL,
    "sound": _BOOL,
    "auto_gin": _BOOL,
    "confirm_knock": _BOOL,
    "auto_sort": AUTO_SORTS,
    "card_back": CARD_BACKS,
    "table_colour": TABLE_COLOURS,
    "left_handed": _BOOL,
    "card_size": CARD_SIZES,
    "high_contrast": _BOOL,
    "reduced_motion": _BOOL,
    "narrate": _BOOL,
}
_ORDER = tuple(_CHOICES)


@dataclass(frozen=True)
class _Spec:
    label: str
    explanation: str
    group: str
    names: Callable[[Any, Settings], str]
    applies: Callable[[Settings], str] = lambda settings: ""  # the reason it does not, or ""


def _on_off(value: Any, settings: Settings) -> str:
    return "On" if value else "Off"


def _bonus_name(value: Any, settings: Settings) -> str:
    preset = RULE_BONUS_PRESETS[value]
    return f"Gin {preset['gin_bonus']}, undercut {preset['undercut_bonus']}, box {preset['box_bonus']}"


def _target_name(value: Any, settings: Settings) -> str:
    players = settings.player_count
    if value is None:
        usual = RuleSet.preset(settings.variant, players=players).match_target
        return f"Usual ({usual})"
    actual = RuleSet.preset(settings.variant, players=players, target=value).match_target
    return str(value) if actual == value else f"{actual} (partners play a 100 target to {actual})"


def _first_dealer_name(value: Any, settings: Settings) -> str:
    if value is None:
        return "Cut for it"
    names = seat_names(settings.player_count)
    return names[value] if value < len(names) else f"Player {value} (not at this table)"


def _oklahoma_only(settings: Settings) -> str:
    return "" if settings.variant == "oklahoma" else OKLAHOMA_ONLY


def _eleven_applies(settings: Settings) -> str:
    return "Oklahoma needs the upcard to set the knock limit." if settings.variant == "oklahoma" else ""


def _next_dealer_applies(settings: Settings) -> str:
    if settings.players == "3":
        return "With three players the loser of each hand always deals the next."
    return ""


def _first_dealer_applies(settings: Settings) -> str:
    if settings.first_dealer is None:
        return ""
    if not _match_accepts_first_dealer():
        return "This version of the game always cuts for the first deal."
    if not _seat_fits(settings.first_dealer, settings):
        return f"Only {settings.players} players are at the table: the deal is cut for."
    return ""


def _ai_level_applies(settings: Settings) -> str:
    return "" if settings.match_setup().has_ai else "Every seat is played by a person."


_SPECS: dict[str, _Spec] = {
    "variant": _Spec(
        "Game",
        "Standard knocks with 10 or less, Oklahoma lets the first upcard set the limit, Simple needs gin.",
        RULES,
        lambda v, s: VARIANT_NAMES[v],
    ),
    "bonuses": _Spec(
        "Bonuses", "Points for going gin, for an undercut and for each hand won.", RULES, _bonus_name
    ),
    "target": _Spec("Match target", "The score that wins the match.", RULES, _target_name),
    "oklahoma_ace_gin_only": _Spec(
        "Ace upcard means gin",
        "When the first upcard is an ace, only gin ends the hand (otherwise you may knock with 1).",
        RULES,
        _on_off,
        _oklahoma_only,
    ),
    "oklahoma_extra_boxes": _Spec(
        "Extra boxes",
        "An undercut earns 1 extra box and gin 2 more, doubled when the upcard is a spade.",
        RULES,
        _on_off,
        _oklahoma_only,
    ),
    "oklahoma_spade_double": _Spec(
        "Spades double",
        "When the first upcard is a spade, the hand scores double.",
        RULES,
        _on_off,
        _oklahoma_only,
    ),
    "shutout_doubles": _Spec(
        "Shutout doubles",
        "A winner whose opponent scored nothing doubles the total instead of taking the shutout bonus.",
        RULES,
        _on_off,
    ),
    "big_gin": _Spec(
        "Big gin", "Melding all 11 cards after drawing ends the hand with a 31-point bonus.", RULES, _on_off
    ),
    "allow_rediscard": _Spec(
        "Throw back a taken discard",
        "A card just taken from the discard pile may go straight back (the Association rule).",
        RULES,
        _on_off,
    ),
    "last_discard_chance": _Spec(
        "Last-discard chance",
        "When the stock runs down, the last discard may still be taken to knock or go gin.",
        RULES,
        _on_off,
    ),
    "eleven_card_deal": _Spec(
        "Eleven-card deal",
        "The non-dealer gets 11 cards and starts by discarding; no upcard is turned.",
        RULES,
        _on_off,
        _eleven_applies,
    ),
    "next_dealer": _Spec(
        "Next dealer",
        "Who deals the next hand.",
        RULES,
        lambda v, s: NEXT_DEALER_NAMES[v],
        _next_dealer_applies,
    ),
    "first_dealer": _Spec(
        "First dealer", "Who deals the first hand.", TABLE, _first_dealer_name, _first_dealer_applies
    ),
    "players": _Spec(
        "Players",
        "Two players, three (the dealer sits out each hand) or four in two partnerships.",
        TABLE,
        lambda v, s: FORMAT_NAMES[v],
    ),
    "ai_level": _Spec(
        "Computer's level",
        "How well the computer plays.",
        TABLE,
        lambda v, s: LEVEL_NAMES[v],
        _ai_level_applies,
    ),
    "speed": _Spec("Speed", "How fast the cards move.", DISPLAY, lambda v, s: SPEED_NAMES[v]),
    "four_colour": _Spec(
        "Four-colour deck", "Each suit in its own colour, so they are easy to tell apart.", DISPLAY, _on_off
    ),
    "sound": _Spec("Sound", "Sound effects.", DISPLAY, _on_off),
    "auto_gin": _Spec(
        "Auto gin",
        "Discarding the card that leaves you with gin goes gin at once, without asking first.",
        DISPLAY,
        _on_off,
    ),
    "confirm_knock": _Spec(
        "Confirm knock",
        "Ask before knocking, so a slip of the finger never ends the hand.",
        DISPLAY,
        _on_off,
    ),
    "auto_sort": _Spec(
        "Sort after each draw",
        "Your hand goes back in order each time you draw, even after you moved cards yourself.",
        DISPLAY,
        lambda v, s: AUTO_SORT_NAMES[v],
    ),
    "card_back": _Spec(
        "Card backs", "The pattern on the back of the cards.", DISPLAY, lambda v, s: CARD_BACK_NAMES[v]
    ),
    "table_colour": _Spec(
        "Table colour",
        "The colour of the cloth the cards are played on.",
        DISPLAY,
        lambda v, s: TABLE_COLOUR_NAMES[v],
        lambda s: "High contrast plays on a black table." if s.high_contrast else "",
    ),
    "left_handed": _Spec(
        "Left-handed",
        "On a phone, the piles and the buttons you press most move to the left side of the table.",
        DISPLAY,
        _on_off,
    ),
    "card_size": _Spec(
        "Card and text size",
        "Bigger cards and words everywhere; your hand takes more rows if it has to.",
        DISPLAY,
        lambda v, s: CARD_SIZE_NAMES[v],
    ),
    "high_contrast": _Spec(
        "High contrast",
        "A black table, white writing and bold outlines, for the clearest view.",
        DISPLAY,
        _on_off,
    ),
    "reduced_motion": _Spec(
        "Reduce motion",
        "Cards jump to their places instead of flying, and wins are not celebrated with moving confetti.",
        DISPLAY,
        _on_off,
    ),
    "narrate": _Spec(
        "Moves in words",
        "Each move and result is also written as a sentence for a screen reader (Y reads your hand).",
        DISPLAY,
        _on_off,
    ),
}


def _describe(name: str, settings: Settings) -> OptionInfo:
    spec = _SPECS[name]
    value = settings.value(name)
    allowed = _CHOICES[name]
    if name == "first_dealer":
        allowed = tuple(v for v in allowed if _seat_fits(v, settings))
    reason = spec.applies(settings)
    return OptionInfo(
        name=name,
        label=spec.label,
        value=value,
        value_label=spec.names(value, settings),
        choices=tuple((v, spec.names(v, settings)) for v in allowed),
        explanation=spec.explanation,
        applies=not reason,
        reason=reason,
        group=spec.group,
        choice_notes=tuple(LEVEL_NOTES[v] for v in allowed) if name == "ai_level" else (),
    )


def _seat_info(settings: Settings, seat: int) -> OptionInfo:
    players = settings.player_count
    value = settings.seats[seat]
    reason = "" if seat < players else f"Only {players} players are at the table."
    return OptionInfo(
        name=f"seat{seat}",
        label=seat_names(players)[seat] if seat < players else f"Seat {seat + 1}",
        value=value,
        value_label=SEAT_KIND_NAMES[value],
        choices=tuple((kind, SEAT_KIND_NAMES[kind]) for kind in SEAT_KINDS),
        explanation="Who plays this seat: a person at this device (pass and play) or the computer.",
        applies=not reason,
        reason=reason,
        group=TABLE,
    )
