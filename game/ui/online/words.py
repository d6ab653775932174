"""Online play in words: the rules of a table, its move timer, its seats."""

from __future__ import annotations

from game.online.session import TableState
from game.rules import RuleSet
from game.storage.settings import LEVEL_NAMES, VARIANT_NAMES, Settings

FORMAT_WORDS = {2: "two players", 3: "three players", 4: "four in partnerships"}


def timer_name(seconds: int | None) -> str:
    """A move timer in words.

    >>> timer_name(None), timer_name(30), timer_name(120)
    ('Off', '30 seconds a move', '2 minutes a move')
    """
    if seconds is None:
        return "Off"
    if seconds % 60 == 0:
        minutes = seconds // 60
        return f"{minutes} minute{'s' if minutes != 1 else ''} a move"
    return f"{seconds} seconds a move"


def rules_summary(settings: Settings) -> str:
    """The new-match screen's choices in a few words ("Standard Gin, two players, to 100")."""
    rules = settings.ruleset()
    game = VARIANT_NAMES[settings.variant].split(" (")[0]
    return f"{game}, {FORMAT_WORDS[rules.players]}, to {rules.match_target}"


def rule_lines(rules: RuleSet, move_seconds: int | None) -> list[str]:
    """The table's rules in a few lines.

    >>> rule_lines(RuleSet.preset("oklahoma"), 60)[0]
    'Oklahoma Gin, two players, to 150'
    """
    game = VARIANT_NAMES[rules.variant.value].split(" (")[0]
    lines = [f"{game}, {FORMAT_WORDS[rules.players]}, to {rules.match_target}"]
    lines.append(f"Gin {rules.gin_bonus}, undercut {rules.undercut_bonus}, box {rules.box_bonus}")
    extras = [
        name
        for name, on in (
            ("big gin", rules.big_gin),
            ("eleven-card deal", rules.eleven_card_deal),
            ("last-discard chance", rules.last_discard_chance),
            ("taken discards may go back", rules.allow_rediscard),
            ("shutout doubles", rules.shutout_doubles),
        )
        if on
    ]
    if extras:
        lines.append("With " + ", ".join(extras))
    lines.append(f"Move timer: {timer_name(move_seconds).lower()}")
    return lines


def seat_words(state: TableState, player: int) -> tuple[str, str]:
    """A seat's name and what it is now ("waiting for a friend", "here", "away"...)."""
    seat = state.seats[player]
    kind, status = seat.get("kind"), seat.get("status")
    you = player == state.player
    name = "You" if you else (f"AI {player + 1}" if kind == "ai" else f"Player {player + 1}")
    if kind == "ai":
        level = seat.get("level")
        return name, f"the computer ({LEVEL_NAMES.get(str(level), level)})"
    words = {
        "open": "empty: waiting for someone to join",
        "here": "here",
        "away": "away (the seat is kept)",
        "standing_in": "the computer plays for now",
    }.get(str(status), str(status))
    if player == state.host:
        words += ", host" if status != "open" else ""
    return name, words


def seats_summary(settings: Settings) -> str:
    """Who an online table made from the new-match screen's seats waits for.

    >>> seats_summary(Settings(seats=["person", "person", "ai", "ai"]))
    'a seat for a friend'
    >>> seats_summary(Settings(players="4", seats=["person", "person", "person", "ai"]))
    'seats for 2 friends, the computer in 1'
    >>> seats_summary(Settings())
    'against the computer (set a seat to A person for a friend)'
    """
    seats = settings.match_setup().seats[1:]
    friends, computers = seats.count("person"), seats.count("ai")
    if not friends:
        return "against the computer (set a seat to A person for a friend)"
    text = "a seat for a friend" if friends == 1 else f"seats for {friends} friends"
    return text + (f", the computer in {computers}" if computers else "")
