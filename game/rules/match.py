"""A match: hands until the target, dealers, boxes and bonuses, in 2-, 3- and 4-player formats.

Two players play each other. With three, the dealer sits out and the other two play; the
loser of each hand deals the next, played between that hand's winner and the player who sat
out. With four, players 0 and 2 partner against 1 and 3; each round is two separate games
(0 v 1 and 2 v 3, then 0 v 3 and 2 v 1, alternating) and the team results combine.

>>> import random
>>> match = Match(RuleSet.preset("standard"), random.Random(3))
>>> hand = match.new_hand()
>>> match.seats, hand.dealer in (0, 1)
((0, 1), True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.rules.cards import FULL_DECK, Card
from game.rules.errors import IllegalAction, RecordError, RuleSetError
from game.rules.fairness import COMMITMENT_VERSION
from game.rules.hand import MAX_SCORE, Hand
from game.rules.records import open_record, seal, show, whole_number, whole_numbers
from game.rules.ruleset import NextDealer, RuleSet
from game.rules.scoring import HandResult

#: Version 2 added the first dealer (and its hands carry a commitment); version 3 holds hand
#: records of version 3 (their commitment binds every term of the deal), as well as older
#: hands of a match begun before.
RECORD_VERSION = 3
_V1_FIELDS = {"rules", "rng_state", "hands", "recorded", "scores", "boxes"}
MATCH_LAYOUTS: dict[int, set[str]] = {
    1: _V1_FIELDS,
    2: _V1_FIELDS | {"first_dealer"},
    3: _V1_FIELDS | {"first_dealer"},
}


@dataclass(frozen=True, slots=True)
class PlayedHand:
    """One finished hand of a match, in match terms (players, not seats)."""

    number: int
    players: tuple[int, int]  # the players in seats 0 and 1
    dealer: int  # the player who dealt (with three players, the one sitting out)
    result: HandResult

    @property
    def winner(self) -> int | None:
        """The winning player (not seat), or None for a void hand."""
        return None if self.result.winner is None else self.players[self.result.winner]

    @property
    def loser(self) -> int | None:
        """The losing player, or None for a void hand."""
        return None if self.result.winner is None else self.players[1 - self.result.winner]


class Match:
    """Hands until somebody reaches the target, with boxes and the game bonus at the end."""

    def __init__(self, rules: RuleSet, rng: random.Random, first_dealer: int | None = None) -> None:
        """A match under ``rules``, dealt from ``rng``.

        The first dealer is cut for (each player cuts, the lowest card deals) unless
        ``first_dealer`` names a player (0 to players - 1), as the new-match screen allows.
        """
        if first_dealer is not None and (
            not isinstance(first_dealer, int)
            or isinstance(first_dealer, bool)
            or not 0 <= first_dealer < rules.players
        ):
            raise ValueError(
                f"the first dealer must be a player number from 0 to {rules.players - 1}, "
                f"not {first_dealer!r}"
            )
        self.rules = rules
        self.rng = rng
        self.first_dealer = first_dealer
        self._initial_rng_state = rng.getstate()
        self.sides = 2 if rules.players in (2, 4) else 3  # who keeps score: players or teams
        self.scores = [0] * self.sides
        self.boxes = [0] * self.sides
        self.played: list[PlayedHand] = []
        self.current: Hand | None = None
        self.seats: tuple[int, int] = (0, 1)
        self._records: list[Hand] = []
        self._dealt_from_given_deck = False
        # With a chosen first dealer nobody cuts, and the generator is not drawn from.
        self.first_cut = self._cut_for_deal() if first_dealer is None else (first_dealer, [])
        self.dealer = self.first_cut[0]
        self.sitting_out: int | None = self.dealer if rules.players == 3 else None
        self._round_results: list[PlayedHand] = []
        self._table = 0  # four players: which of the round's two games is next
        # Four players: the lowest cutter deals first at their table, their partner at the other.
        cutter = self.dealer
        self._table_dealers = [cutter, (cutter + 2) % 4] if cutter in (0, 1) else [(cutter + 2) % 4, cutter]

    # --- dealing --------------------------------------------------------------------------

    def _cut_for_deal(self) -> tuple[int, list[str]]:
        """Each player cuts; the lowest card deals (ties cut again)."""
        while True:
            cut = self.rng.sample(FULL_DECK, self.rules.players)
            low = min(c.rank for c in cut)
            if sum(1 for c in cut if c.rank == low) == 1:
                dealer = next(i for i, c in enumerate(cut) if c.rank == low)
                return dealer, [str(c) for c in cut]

    def side_of(self, player: int) -> int:
        """The score column of a player: their own, or their team's with four players."""
        return player % 2 if self.rules.players == 4 else player

    def _next_pairing(self) -> tuple[tuple[int, int], int]:
        """(players in seats 0 and 1, the dealer's seat) for the next hand."""
        players = self.rules.players
        if players == 2:
            return (0, 1), self.dealer
        if players == 3:
            dealer = self.dealer
            return ((dealer + 1) % 3, (dealer + 2) % 3), 1
        round_number = len(self._round_history())
        pairs = ((0, 1), (2, 3)) if round_number % 2 == 0 else ((0, 3), (2, 1))
        pair = pairs[self._table]
        dealer = self._table_dealers[self._table]
        if dealer not in pair:
            dealer = pair[round_number % 2]
        return pair, pair.index(dealer)

    def _round_history(self) -> list[list[PlayedHand]]:
        rounds: list[list[PlayedHand]] = []
        current: list[PlayedHand] = []
        for played in self.played:
            if played.result.winner is None:
                continue
            current.append(played)
            if len(current) == 2:
                rounds.append(current)
                current = []
        return rounds

    def new_hand(self) -> Hand:
        """Deal the next hand (shuffled, and salted, with the match's random generator); its
        commitment binds the players of the match who sit in its seats."""
        return self._deal(salted=True)

    def deal_from(self, deck: Sequence[Card], *, dealer: int | None = None, salt: str | None = None) -> Hand:
        """Deal the next hand from `deck`, in that order, instead of shuffling: a prepared
        lesson, the daily deal, a replay of a finished hand.

        Everything else is as for :meth:`new_hand`: the match decides who plays, the hand
        carries the players' scores, and it is recorded and scored the same way. In a
        two-player match `dealer` (player 0 or 1) deals this hand and the next dealer follows
        from them; None leaves the match's own choice. The hand commits to the deck with
        `salt` (without one, the public salt of a prepared deal: see :meth:`Hand.from_deck`).
        The random generator is not drawn from. A bad deck, dealer or salt is refused with
        :class:`IllegalAction` and changes nothing.

        Such a match is not saved: its record replays every hand from the random generator,
        so :meth:`to_dict` refuses it.

        >>> import random
        >>> from game.rules.daily import daily_deck
        >>> match = Match(RuleSet.preset("standard"), random.Random(1))
        >>> hand = match.deal_from(daily_deck("2024-03-01"), dealer=1)
        >>> hand.deck == daily_deck("2024-03-01"), hand.dealer, hand.to_act, match.current is hand
        (True, 1, 0, True)
        >>> match.deal_from(daily_deck("2024-03-01"))
        Traceback (most recent call last):
        ...
        game.rules.errors.IllegalAction: Finish the hand in progress before dealing another.
        """
        if dealer is not None:
            if self.rules.players != 2:
                raise IllegalAction("Only a two-player match can be told who deals a given deck.")
            if not isinstance(dealer, int) or isinstance(dealer, bool) or dealer not in (0, 1):
                raise IllegalAction(f"The dealer must be player 0 or 1, not {dealer!r}.")
        return self._deal(salted=True, deck=tuple(deck), salt=salt, dealer=dealer)

    def _deal(
        self,
        salted: bool,
        commitment_version: int = COMMITMENT_VERSION,
        deck: tuple[Card, ...] | None = None,
        salt: str | None = None,
        dealer: int | None = None,
    ) -> Hand:
        if self.finished:
            raise IllegalAction("The match is over: no more hands are dealt.")
        if self.current is not None and not self.current.is_over:
            raise IllegalAction("Finish the hand in progress before dealing another.")
        if self.current is not None:
            raise IllegalAction("Record the finished hand before dealing another.")
        seats, dealer_seat = self._next_pairing()
        if dealer is not None:
            dealer_seat = dealer  # two players: the players are the seats
        seat_scores = (self.scores[self.side_of(seats[0])], self.scores[self.side_of(seats[1])])
        if deck is None:
            hand = Hand.deal(
                self.rules, dealer_seat, self.rng, seat_scores, players=seats, salted=salted,
                commitment_version=commitment_version,
            )  # fmt: skip
        else:
            hand = Hand.from_deck(
                self.rules, dealer_seat, deck, seat_scores, salt=salt, players=seats,
                commitment_version=commitment_version,
            )  # fmt: skip
            self._dealt_from_given_deck = True
        # Only now that the deal stands does the match change.
        self.seats = seats
        if dealer is not None:
            self.dealer = dealer
        self.current = hand
        self._records.append(hand)
        return hand

    # --- recording results ----------------------------------------------------------------

    @property
    def hand_records(self) -> tuple[Hand, ...]:
        """Every hand dealt in this match, in order (``played[i]`` is ``hand_records[i]``).

        >>> import random
        >>> match = Match(RuleSet.preset("standard"), random.Random(4))
        >>> first = match.new_hand()
        >>> match.hand_records == (first,)
        True
        """
        return tuple(self._records)

    def record_hand(self, hand: Hand) -> PlayedHand:
        """Score a finished hand and choose the next dealer."""
        if hand is not self.current:
            raise IllegalAction("That is not the hand in progress in this match.")
        if not hand.is_over or hand.result is None:
            raise IllegalAction("The hand is not over yet.")
        result = hand.result
        # With three players the dealer deals to the other two and sits out.
        dealer = self.dealer if self.rules.players == 3 else self.seats[hand.dealer]
        played = PlayedHand(len(self.played) + 1, self.seats, dealer, result)
        self.played.append(played)
        self.current = None
        if self.rules.players == 4:
            self._record_partnership(played)
        else:
            self._record_individual(played)
        return played

    def _record_individual(self, played: PlayedHand) -> None:
        winner, loser = played.winner, played.loser
        if winner is None or loser is None:
            return  # void: the same dealer deals again
        self.scores[winner] += played.result.points
        self.boxes[winner] += played.result.boxes
        if self.rules.players == 3:
            self.sitting_out = loser
            self.dealer = loser
            return
        rule = self.rules.next_dealer
        if rule is NextDealer.LOSER:
            self.dealer = loser
        elif rule is NextDealer.WINNER:
            self.dealer = winner
        else:
            self.dealer = 1 - self.dealer

    def _record_partnership(self, played: PlayedHand) -> None:
        if played.winner is None or played.loser is None:
            return  # a void game is redealt at the same table by the same dealer
        table = self._table
        if self.rules.next_dealer is NextDealer.WINNER:
            self._table_dealers[table] = played.winner
        elif self.rules.next_dealer is NextDealer.LOSER:
            self._table_dealers[table] = played.loser
        else:
            self._table_dealers[table] = (
                played.players[0] if played.dealer != played.players[0] else played.players[1]
            )
        self._round_results.append(played)
        self._table = 1 - table
        if len(self._round_results) < 2:
            return
        first, second = self._round_results
        self._round_results = []
        team_a, team_b = self.side_of(first.winner or 0), self.side_of(second.winner or 0)
        for game in (first, second):
            self.boxes[self.side_of(game.winner or 0)] += game.result.boxes
        if team_a == team_b:
            self.scores[team_a] += first.result.points + second.result.points
        elif first.result.points != second.result.points:
            best = first if first.result.points > second.result.points else second
            self.scores[self.side_of(best.winner or 0)] += abs(first.result.points - second.result.points)

    # --- the end of the match -------------------------------------------------------------

    @property
    def target(self) -> int:
        """Points that win the match."""
        return self.rules.match_target

    @property
    def finished(self) -> bool:
        """Whether a side has reached the target."""
        return max(self.scores) >= self.target

    @property
    def winner(self) -> int | None:
        """The side (player, or team with four players) that reached the target."""
        if not self.finished:
            return None
        return max(range(self.sides), key=lambda s: self.scores[s])

    @property
    def shutout(self) -> bool:
        """Whether every other side finished without a point."""
        winner = self.winner
        return winner is not None and all(self.scores[s] == 0 for s in range(self.sides) if s != winner)

    @property
    def final_totals(self) -> list[int]:
        """Each side's total: points, box bonuses, and the winner's game or shutout bonus."""
        totals = [self.scores[s] + self.boxes[s] * self.rules.box_bonus for s in range(self.sides)]
        winner = self.winner
        if winner is None:
            return totals
        if self.shutout and self.rules.shutout_doubles:
            totals[winner] = (totals[winner] + self.rules.game_bonus) * 2
        elif self.shutout:
            totals[winner] += self.rules.shutout_bonus
        else:
            totals[winner] += self.rules.game_bonus
        return totals

    @property
    def margins(self) -> list[int]:
        """What each side pays the winner (0 for the winner); empty until the match ends."""
        winner = self.winner
        if winner is None:
            return []
        totals = self.final_totals
        return [0 if s == winner else totals[winner] - totals[s] for s in range(self.sides)]

    @property
    def margin(self) -> int:
        """The final margin: the winner's total minus the best loser's total."""
        winner = self.winner
        if winner is None:
            return 0
        return min(m for s, m in enumerate(self.margins) if s != winner)

    # --- records --------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """JSON-compatible record: rules, the random generator's start state, the first dealer
        if one was chosen, and every hand.

        A match that dealt a hand from a given deck (:meth:`deal_from`) is refused with
        :class:`IllegalAction`: loading replays every hand from the generator.
        """
        if self._dealt_from_given_deck:
            raise IllegalAction(
                "This match dealt a hand from a given deck: its record could not be replayed, so it is not saved."
            )
        version, state, gauss = self._initial_rng_state
        return seal(
            {
                "version": RECORD_VERSION,
                "rules": self.rules.to_dict(),
                "rng_state": [version, list(state), gauss],
                "first_dealer": self.first_dealer,
                "hands": [hand.to_dict() for hand in self._records],
                "recorded": len(self.played),
                "scores": list(self.scores),
                "boxes": list(self.boxes),
            }
        )

    @classmethod
    def from_dict(cls, data: object) -> Match:
        """Rebuild a match by replaying every hand; refuse anything corrupt or tampered.

        Every problem raises :class:`RecordError`; a record written by a newer game raises its
        subclass :class:`FutureRecordError`. Version 1 records (no first dealer, hands without
        a commitment) load and carry on: the hands dealt after loading are committed.
        """
        version, record = open_record(data, "match", MATCH_LAYOUTS, RECORD_VERSION)
        try:
            rules = RuleSet.from_dict(record["rules"])
        except RuleSetError as error:
            raise RecordError(f"bad rules in match record: {error}") from None
        first_dealer = None if version == 1 else record["first_dealer"]
        if first_dealer is not None:
            whole_number(first_dealer, "the first dealer", 0, rules.players - 1)
        hands = record["hands"]
        if not isinstance(hands, list):
            raise RecordError("hands must be a list")
        recorded = whole_number(record["recorded"], "the number of recorded hands", 0, len(hands))
        match = cls(rules, _rng_from_record(record["rng_state"]), first_dealer)
        formats: list[int | None] = []
        for number, hand_record in enumerate(hands, 1):
            match._replay_hand(number, hand_record, last=number == len(hands), score=number <= recorded)
            formats.append(match._records[-1].commitment_version)
            if version < 3 and formats[-1] == COMMITMENT_VERSION:
                raise RecordError(f"hand {number} is of a later record version than the match that holds it")
            if formats[-1] != COMMITMENT_VERSION and COMMITMENT_VERSION in formats:
                # A match continued after an update deals in the new format from then on.
                raise RecordError(f"hand {number} is committed in an older format than a hand before it")
        if len(match.played) != recorded:
            raise RecordError("the number of recorded hands does not match the hands")
        scores = whole_numbers(record["scores"], "the scores", match.sides, 0, MAX_SCORE)
        boxes = whole_numbers(record["boxes"], "the boxes", match.sides, 0, MAX_SCORE)
        if match.scores != scores or match.boxes != boxes:
            raise RecordError("the recorded scores do not match the replayed hands: record tampered")
        return match

    def _replay_hand(self, number: int, record: object, last: bool, score: bool) -> None:
        try:
            replayed = Hand.from_dict(record)
        except RecordError as error:
            raise RecordError(f"hand {number}: {error}") from None
        try:
            # A hand saved without a commitment was dealt before deals were salted; one saved
            # in format 1 keeps that commitment (the fingerprint the table showed).
            hand = self._deal(
                salted=replayed.salt is not None,
                commitment_version=replayed.commitment_version or COMMITMENT_VERSION,
            )
        except IllegalAction as error:
            raise RecordError(f"hand {number} cannot follow the previous ones: {error}") from None
        if (
            replayed.deck != hand.deck
            or replayed.salt != hand.salt
            or replayed.dealer != hand.dealer
            or replayed.rules != self.rules
            or replayed.scores != hand.scores
            or replayed.commitment != hand.commitment
            or (replayed.commitment_version == COMMITMENT_VERSION and replayed.players != hand.players)
        ):
            raise RecordError(f"hand {number} was not dealt by this match: record tampered")
        for _, action in replayed.actions:
            hand.apply(action)  # legal: the same deal replayed the same actions
        if hand.is_over and score:
            self.record_hand(hand)
        elif not last:
            raise RecordError(f"hand {number} is not finished but more hands follow")


def _rng_from_record(data: object) -> random.Random:
    """The generator from a saved ``random.Random.getstate()``, checked number by number."""
    if not isinstance(data, list) or len(data) != 3:
        raise RecordError("the random generator state must be [version, state, gauss]")
    version, state, gauss = data
    whole_number(version, "the random generator's version", 3, 3)
    words = whole_numbers(state, "the random generator's state", 625, 0, 2**32 - 1)
    whole_number(words[-1], "the random generator's position", 0, 624)
    if words[0] & 0x80000000 == 0 and not any(words[1:624]):
        # Mersenne Twister ignores the low 31 bits of its first word: this state would give
        # zeros for ever, and drawing distinct cards from it would never end.
        raise RecordError("the random generator state is degenerate (it would only give zeros)")
    if gauss is not None and not isinstance(gauss, float):
        raise RecordError(f"the random generator's gauss value must be a number or null, not {show(gauss)}")
    rng = random.Random()
    try:
        rng.setstate((version, tuple(words), gauss))
    except (TypeError, ValueError, OverflowError) as error:
        raise RecordError(f"bad random generator state: {error}") from None
    return rng
