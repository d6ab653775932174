"""The errors the rules engine raises; each message says what was wrong."""


class RulesError(Exception):
    """Base class of the engine's errors."""


class IllegalAction(RulesError):
    """An action that the rules do not allow now. The state is left unchanged."""


class RuleSetError(RulesError, ValueError):
    """A rule set with an unknown or contradictory option."""


class RecordError(RulesError, ValueError):
    """A saved hand or match that is corrupt, tampered with or of an unknown version."""


class FutureRecordError(RecordError):
    """A saved record written by a newer version of the game.

    It is not corrupt, only unreadable here: keep the file untouched so that the newer game
    can still open it.
    """
