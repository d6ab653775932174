"""The Gin Rummy rules engine: pure Python, no pygame.

>>> from game.rules import Card, best_melds, parse_cards
>>> best_melds(parse_cards("AH 2H 3H 5S 5D 5C 9C TC JC KD")).deadwood_value
10
"""

from game.rules.actions import (
    Action,
    Arrange,
    Discard,
    DrawDiscard,
    DrawStock,
    EndLayoff,
    Knock,
    LayOff,
    Meld,
    Pass,
    action_from_data,
    action_to_data,
)
from game.rules.cards import (
    FULL_DECK,
    Card,
    CardParseError,
    Rank,
    Suit,
    card_symbol,
    cards_to_mask,
    format_cards,
    mask_to_cards,
    parse_cards,
)
from game.rules.daily import daily_deck, daily_hand, daily_salt
from game.rules.errors import FutureRecordError, IllegalAction, RecordError, RulesError, RuleSetError
from game.rules.fairness import COMMITMENT_VERSION, DealTerms, commitment_text, fingerprint, verify_commitment
from game.rules.hand import Event, Hand, Phase, PlayerView
from game.rules.match import Match, PlayedHand
from game.rules.melds import (
    Defence,
    MeldResult,
    best_defence,
    best_melds,
    can_lay_off,
    deadwood_value,
    default_arrangement,
    is_meld,
    is_run,
    is_set,
    knock_arrangements,
)
from game.rules.ruleset import BONUS_PRESETS, NextDealer, RuleSet, Variant
from game.rules.scoring import HandResult, ResultKind, knock_limit_for, score_hand

__all__ = [
    "BONUS_PRESETS",
    "COMMITMENT_VERSION",
    "FULL_DECK",
    "Action",
    "Arrange",
    "Card",
    "CardParseError",
    "DealTerms",
    "Defence",
    "Discard",
    "DrawDiscard",
    "DrawStock",
    "EndLayoff",
    "Event",
    "FutureRecordError",
    "Hand",
    "HandResult",
    "IllegalAction",
    "Knock",
    "LayOff",
    "Match",
    "Meld",
    "MeldResult",
    "NextDealer",
    "Pass",
    "Phase",
    "PlayedHand",
    "PlayerView",
    "Rank",
    "RecordError",
    "ResultKind",
    "RuleSet",
    "RuleSetError",
    "RulesError",
    "Suit",
    "Variant",
    "action_from_data",
    "action_to_data",
    "best_defence",
    "best_melds",
    "can_lay_off",
    "card_symbol",
    "cards_to_mask",
    "commitment_text",
    "daily_deck",
    "daily_hand",
    "daily_salt",
    "deadwood_value",
    "default_arrangement",
    "fingerprint",
    "format_cards",
    "is_meld",
    "is_run",
    "is_set",
    "knock_arrangements",
    "knock_limit_for",
    "mask_to_cards",
    "parse_cards",
    "score_hand",
    "verify_commitment",
]
