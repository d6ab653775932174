"""The names the screens import for settings, statistics and saving.

They live in the data layer, which knows nothing of pygame: `game.settings` (every option
in plain words and its mapping to the rules engine), `game.stats` (statistics per variant,
format and AI level, and the daily deal) and `game.persistence` (loading and saving with
every record checked, and notices for the player). This module re-exports them so the
screens keep one import.
"""

from __future__ import annotations

from game.persistence import Notice, Persistence, SavedMatch
from game.settings import (
    AI_LEVELS,
    BONUS_PRESETS,
    FIRST_DEALERS,
    NEXT_DEALERS,
    PLAYER_COUNTS,
    PLAYER_LABELS,
    SEAT_KINDS,
    SPEEDS,
    TARGETS,
    VARIANTS,
    MatchSetup,
    OptionInfo,
    Settings,
    seat_names,
)
from game.stats import Bucket, DailySummary, Stats, Summary

__all__ = [
    "AI_LEVELS",
    "BONUS_PRESETS",
    "FIRST_DEALERS",
    "NEXT_DEALERS",
    "PLAYER_COUNTS",
    "PLAYER_LABELS",
    "SEAT_KINDS",
    "SPEEDS",
    "TARGETS",
    "VARIANTS",
    "Bucket",
    "DailySummary",
    "MatchSetup",
    "Notice",
    "OptionInfo",
    "Persistence",
    "SavedMatch",
    "Settings",
    "Stats",
    "Summary",
    "seat_names",
]
