"""What the rules screen says for a rule set: sections of text, drawn card examples, a table.

Pure content, no pygame: :func:`rules_sections` reads every number and every option from
the :class:`~game.rules.RuleSet` (knock limit, bonuses, target, the variant's own rules, the
options that are on, the number of players), and the examples are real cards whose counts
come from the engine. :mod:`game.ui.screens.rules_screen` lays it out and draws it.

>>> from game.rules import RuleSet
>>> sections = rules_sections(RuleSet.preset("standard", bonuses="association"))
>>> [s.title for s in sections][:4]
['The aim', 'Melds', 'Card values', 'The deal']
>>> table = next(b for s in sections for b in s.blocks if isinstance(b, Table))
>>> table.rows[:2]
(('Gin bonus', '25'), ('Undercut bonus', '25'))
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules import (
    BONUS_PRESETS,
    Card,
    NextDealer,
    RuleSet,
    Variant,
    best_melds,
    can_lay_off,
    card_symbol,
    is_run,
    is_set,
    knock_limit_for,
    parse_cards,
)

VARIANT_TITLES = {
    Variant.STANDARD: "Standard Gin",
    Variant.OKLAHOMA: "Oklahoma Gin",
    Variant.SIMPLE: "Simple Gin",
}
PRESET_TITLES = {"classic": "classic", "classic_25_20": "classic 25/20", "association": "association"}


@dataclass(frozen=True)
class CardGroup:
    """Cards shown together (overlapping like a meld on the table), with a caption.

    `marked` cards are ringed: a card laid off, say.
    """

    cards: tuple[Card, ...]
    caption: str
    marked: tuple[Card, ...] = ()


@dataclass(frozen=True)
class Example:
    """Groups of cards side by side (wrapping on a narrow screen)."""

    groups: tuple[CardGroup, ...]


@dataclass(frozen=True)
class Table:
    """Two columns: a name and its value."""

    rows: tuple[tuple[str, str], ...]


Block = str | Example | Table


@dataclass(frozen=True)
class Section:
    """A heading and what goes under it."""

    title: str
    blocks: tuple[Block, ...]


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def _names(cards: tuple[Card, ...]) -> str:
    return " ".join(card_symbol(c) for c in cards)


def title(rules: RuleSet) -> str:
    """The screen's heading: the variant.

    >>> title(RuleSet.preset("oklahoma"))
    'Oklahoma Gin'
    """
    return VARIANT_TITLES[rules.variant]


def preset_name(rules: RuleSet) -> str:
    """Which bonus preset the rule set's bonuses are ("custom" when none matches).

    >>> preset_name(RuleSet.preset("simple", bonuses="classic_25_20"))
    'classic 25/20'
    >>> preset_name(RuleSet.preset("standard").with_options(gin_bonus=33))
    'custom'
    """
    for name, values in BONUS_PRESETS.items():
        if all(getattr(rules, key) == value for key, value in values.items() if key != "target"):
            return PRESET_TITLES.get(name, name)
    return "custom"


def subtitle(rules: RuleSet) -> str:
    """The players and the bonus preset, under the heading.

    >>> subtitle(RuleSet.preset("standard", players=4))
    'Four players in two partnerships, classic bonuses'
    """
    players = {2: "Two players", 3: "Three players", 4: "Four players in two partnerships"}[rules.players]
    return f"{players}, {preset_name(rules)} bonuses"


def rules_sections(rules: RuleSet) -> list[Section]:
    """Everything the rules screen shows for `rules`, in reading order."""
    sections = [_aim(rules), _melds(), _values(), _deal(rules), _turn(rules), _knocking(rules), _gin(rules)]
    if rules.variant is not Variant.SIMPLE:
        sections.append(_layoffs())
    sections += [_scoring(rules), _bonuses(rules), _match(rules), _stock(rules)]
    if rules.players == 3:
        sections.append(_three_players())
    if rules.players == 4:
        sections.append(_partnerships(rules))
    return sections


def _aim(rules: RuleSet) -> Section:
    end = "going gin" if rules.variant is Variant.SIMPLE else "knocking or going gin"
    return Section(
        "The aim",
        (
            "Turn your cards into melds and keep the rest, your deadwood, low. A hand ends by "
            f"{end}; the first to {rules.match_target} points wins the match.",
        ),
    )


RUN = _cards("5H 6H 7H 8H")
SET = _cards("9S 9D 9C")


def _melds() -> Section:
    assert is_run(RUN) and is_set(SET)
    return Section(
        "Melds",
        (
            "A run is three or more cards of one suit in a row. A set is three or four cards "
            "of one rank. The ace is low: A♣ 2♣ 3♣ is a run, Q♠ K♠ A♠ is not. A card counts "
            "in one meld at a time.",
            Example((CardGroup(RUN, "A run"), CardGroup(SET, "A set"))),
        ),
    )


VALUE_CARDS = _cards("AD 7C TH KS")


def _values() -> Section:
    groups = tuple(
        CardGroup((card,), f"{card.value} point{'s' if card.value != 1 else ''}") for card in VALUE_CARDS
    )
    return Section(
        "Card values",
        (
            "Deadwood counts against you: an ace 1, two to ten their number, a jack, queen or king 10.",
            Example(groups),
        ),
    )


def _deal(rules: RuleSet) -> Section:
    if rules.eleven_card_deal:
        text = (
            "Eleven-card deal: the non-dealer gets eleven cards and the dealer ten; no card is "
            "turned up. The non-dealer's first turn is only a discard. The rest is the stock."
        )
        return Section("The deal", (text,))
    return Section(
        "The deal",
        (
            "Each player gets ten cards. The next card is turned up to start the discard pile "
            "(the upcard); the rest, face down, is the stock.",
            "First turn: the non-dealer may take the upcard or pass, then the dealer may. If "
            "both pass, the non-dealer draws from the stock.",
        ),
    )


def _turn(rules: RuleSet) -> Section:
    if rules.allow_rediscard:
        taken = (
            "A card just taken from the discard pile may be thrown straight back, but whoever "
            "threw it first may then not take it again unless knocking with it."
        )
    else:
        taken = "A card just taken from the discard pile may not be thrown away on the same turn."
    return Section(
        "A turn",
        ("Draw the top card of the stock or of the discard pile, then discard one card face up.", taken),
    )


OKLAHOMA_UPCARDS = _cards("7C KD AH 5S")


def _knocking(rules: RuleSet) -> Section:
    blocks: list[Block] = []
    if rules.variant is Variant.SIMPLE:
        blocks.append(
            "Simple Gin: only gin may knock. Every card but the one thrown away must be in a "
            "meld, so there are no layoffs and no undercuts."
        )
        return Section("Knocking", tuple(blocks))
    rule = (
        "After drawing, a player whose deadwood (not counting the card thrown away) is "
        "{limit} or less may knock: throw a card face down and lay out melds and deadwood. "
        "Knocking is never compulsory."
    )
    if rules.variant is Variant.OKLAHOMA:
        blocks.append(rule.format(limit="the knock limit"))
        blocks.append(
            "Oklahoma: the first upcard sets the knock limit for the hand, its value: a picture "
            "card 10, a 7 means 7 or less."
            + (" An ace upcard means gin only." if rules.oklahoma_ace_gin_only else " An ace means 1.")
            + (" A spade upcard doubles the hand's score." if rules.oklahoma_spade_double else "")
        )
        groups = []
        for card in OKLAHOMA_UPCARDS:
            limit = knock_limit_for(rules, card)
            caption = "Gin only" if limit == 0 else f"Knock {limit}"
            if rules.oklahoma_spade_double and card.suit.char == "S":
                caption += ", x2"
            groups.append(CardGroup((card,), caption))
        blocks.append(Example(tuple(groups)))
    else:
        blocks.append(rule.format(limit=str(rules.knock_limit)))
    return Section("Knocking", tuple(blocks))


def _gin(rules: RuleSet) -> Section:
    blocks: list[Block] = [
        "Knocking with no deadwood at all is gin. It scores the gin bonus, "
        f"{rules.gin_bonus}, plus the other player's deadwood, and nothing may be laid off on it."
    ]
    if rules.big_gin:
        blocks.append(
            "Big gin: with all eleven cards melded after drawing, knock without throwing a card "
            f"away for {rules.big_gin_bonus} plus the other player's deadwood."
        )
    return Section("Gin", tuple(blocks))


LAYOFF_RUN = (_cards("4S 5S 6S"), Card.parse("7S"))
LAYOFF_SET = (_cards("8D 8C 8H"), Card.parse("8S"))


def _layoffs() -> Section:
    groups = []
    for meld, card in (LAYOFF_RUN, LAYOFF_SET):
        assert can_lay_off(card, meld)
        kind = "run" if is_run(meld) else "set"
        groups.append(CardGroup((*meld, card), f"{card_symbol(card)} laid off on the {kind}", (card,)))
    return Section(
        "Laying off",
        (
            "After a knock that is not gin, the defender lays out melds too and may lay off "
            "deadwood on the knocker's melds: a fourth card on a set, or cards at either end of "
            "a run. Layoffs chain: after 7♠, the 8♠ would fit the run too. The knocker never "
            "lays off.",
            Example(tuple(groups)),
        ),
    )


UNDERCUT_KNOCKER = _cards("AS 6D")
UNDERCUT_DEFENDER = _cards("2C 3D")


def _scoring(rules: RuleSet) -> Section:
    blocks: list[Block] = []
    if rules.variant is Variant.SIMPLE:
        blocks.append(
            f"A hand is won only by gin: the gin bonus, {rules.gin_bonus}, plus the other player's "
            "deadwood. There is no undercut."
        )
    else:
        knocker = best_melds(UNDERCUT_KNOCKER).deadwood_value
        defender = best_melds(UNDERCUT_DEFENDER).deadwood_value
        total = knocker - defender + rules.undercut_bonus
        blocks += [
            "Both players count their deadwood (the defender's after layoffs). If the knocker's "
            "count is lower, the knocker scores the difference.",
            "If it is not lower (a tie too), that is an undercut: the defender scores the "
            "difference plus the undercut bonus. Gin is never undercut.",
            Example(
                (
                    CardGroup(UNDERCUT_KNOCKER, f"Knocker's deadwood: {knocker}"),
                    CardGroup(UNDERCUT_DEFENDER, f"Defender's deadwood: {defender}"),
                )
            ),
            f"Undercut: the defender scores {knocker} - {defender} + {rules.undercut_bonus} = {total}.",
        ]
    if rules.variant is Variant.OKLAHOMA:
        if rules.oklahoma_spade_double:
            blocks.append("A spade upcard doubles the hand's score, bonuses included.")
        if rules.oklahoma_extra_boxes:
            blocks.append(
                "Extra boxes: an undercut earns 1 more box (2 with a spade upcard), gin 2 more "
                "(4 with a spade upcard)."
            )
    return Section("Scoring a hand", tuple(blocks))


def _bonuses(rules: RuleSet) -> Section:
    rows: list[tuple[str, str]] = [("Gin bonus", str(rules.gin_bonus))]
    if rules.variant is not Variant.SIMPLE:
        rows.append(("Undercut bonus", str(rules.undercut_bonus)))
    if rules.big_gin:
        rows.append(("Big gin bonus", str(rules.big_gin_bonus)))
    rows.append(("Box, each hand won", str(rules.box_bonus)))
    rows.append(("Game bonus", str(rules.game_bonus)))
    if rules.shutout_doubles:
        rows.append(("Shutout", "doubles the total"))
    else:
        rows.append(("Shutout bonus", str(rules.shutout_bonus)))
    rows.append(("Match target", str(rules.match_target)))
    return Section(f"Bonuses ({preset_name(rules)})", (Table(tuple(rows)),))


NEXT_DEALER_TEXT = {
    NextDealer.LOSER: "The loser of a hand deals the next.",
    NextDealer.WINNER: "The winner of a hand deals the next, so the loser plays first.",
    NextDealer.ALTERNATE: "The players take turns to deal.",
}


def _match(rules: RuleSet) -> Section:
    if rules.shutout_doubles:
        shutout = "if the loser scored nothing at all (a shutout), the winner's total is doubled instead"
    else:
        shutout = f"or {rules.shutout_bonus} if the loser scored nothing at all (a shutout)"
    blocks: list[Block] = [
        f"Hands are played until someone reaches {rules.match_target} points. The winner adds the "
        f"game bonus, {rules.game_bonus}, {shutout}. Every hand won also earns a box worth "
        f"{rules.box_bonus}, added at the end: boxes never count towards the target.",
        "The final difference between the totals is what the loser pays.",
    ]
    if rules.players == 2:
        blocks.append(NEXT_DEALER_TEXT[rules.next_dealer] + " A void hand is dealt again by the same dealer.")
    return Section("The match", tuple(blocks))


def _stock(rules: RuleSet) -> Section:
    blocks: list[Block] = [
        "When only two cards are left in the stock and the player who drew the third-last "
        "discards without knocking, the hand is void: nobody scores."
    ]
    if rules.last_discard_chance:
        blocks.append(
            "Last-discard chance: the other player may still take that last discard, but only "
            "to knock or go gin with it."
        )
    return Section("When the stock runs out", tuple(blocks))


def _three_players() -> Section:
    return Section(
        "Three players",
        (
            "The dealer deals to the other two and sits out. The loser of each hand deals the "
            "next, played between that hand's winner and the player who sat out. Everyone "
            "keeps their own score, with the same bonuses.",
        ),
    )


def _partnerships(rules: RuleSet) -> Section:
    return Section(
        "Partnerships",
        (
            "Two teams of two. Each player plays a separate game against one opponent, and "
            "partners switch opponents every hand. If both players of a team win, the team "
            "scores both; if each team wins one game, the team with the higher score gets the "
            f"difference. The first team to {rules.match_target} wins.",
        ),
    )


def all_text(sections: list[Section]) -> str:
    """Every word of the sections, captions and table included (tests search it).

    >>> "Knock 7" in all_text(rules_sections(RuleSet.preset("oklahoma")))
    True
    """
    parts: list[str] = []
    for section in sections:
        parts.append(section.title)
        for block in section.blocks:
            if isinstance(block, str):
                parts.append(block)
            elif isinstance(block, Example):
                parts += [group.caption for group in block.groups]
                parts += [_names(group.cards) for group in block.groups]
            else:
                parts += [f"{name}: {value}" for name, value in block.rows]
    return "\n".join(parts)
