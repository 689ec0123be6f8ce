"""Counter: Oh Hell where every rank has a power.

The ruleset deals, scores and ends the game; which cards may be played and how
a trick is resolved are in :mod:`counter_rules.rulesets.counter_tricks`, which
puts the powers of :mod:`counter_rules.effects` together in the order the rules
fix.

Example:
    >>> from counter_rules import Counter
    >>> Counter(players=3).effective_target, Counter(players=5, target=12).effective_target
    (9, 12)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Final, cast

import attrs

from counter_rules.argument_checks import check_bool, check_int
from counter_rules.cards import Card, Rank, Suit, standard_deck
from counter_rules.effects import eight, four
from counter_rules.errors import InvalidArgumentError
from counter_rules.hand_result import HandResult
from counter_rules.moves import Play, seat_plays
from counter_rules.per_ruleset import PerRuleset
from counter_rules.play_rules import PlayRules
from counter_rules.position import Position
from counter_rules.rulesets import counter_tricks
from counter_rules.rulesets.advice import Advice
from counter_rules.rulesets.base import (
    BIDS_FREE,
    BIDS_HOOK,
    SHORTCUT_COUNTER,
    SHORTCUT_NONE,
    Ruleset,
    Shortcuts,
    keeps,
)
from counter_rules.rulesets.bids_in_turn import turn_bids
from counter_rules.rulesets.information import Information
from counter_rules.rulesets.options import RulesetSpec
from counter_rules.rulesets.parts.bidding import BiddingRule
from counter_rules.scoring import counter as counter_scoring
from counter_rules.trick import PlayedCard, TrickResult

__all__ = ["DEFAULT_TARGETS", "MAX_TARGET", "Counter", "CounterAdvice", "CounterInformation"]

DEFAULT_TARGETS: Mapping[int, int] = MappingProxyType({3: 9, 4: 8, 5: 7})
"""The recommended target score for 3, 4 and 5 players (read-only)."""

_HAND_SIZE = 10
_DECK = standard_deck()

# How often a card of each rank won its trick in 3,000 random four-player
# Counter hands: (not of the trump suit, of the trump suit). A Two is a trump
# wherever it is played, which its first column shows.
_TRICK_POWER: Mapping[Rank, tuple[float, float]] = MappingProxyType({
    Rank.ACE: (0.21, 0.41), Rank.TWO: (0.67, 0.35), Rank.THREE: (0.20, 0.45),
    Rank.FOUR: (0.13, 0.15), Rank.FIVE: (0.13, 0.39), Rank.SIX: (0.11, 0.33),
    Rank.SEVEN: (0.15, 0.30), Rank.EIGHT: (0.15, 0.46), Rank.NINE: (0.27, 0.46),
    Rank.TEN: (0.23, 0.39), Rank.JACK: (0.13, 0.32), Rank.QUEEN: (0.19, 0.48),
    Rank.KING: (0.20, 0.46),
})  # fmt: skip


MAX_TARGET = 1000
"""The highest :attr:`Counter.target <counter_rules.Counter.target>`: a game to it lasts
hundreds of hands."""


@attrs.frozen
class Counter(Ruleset):
    """The rules of Counter (3-5 players, 10 cards each, every rank has a power).

    Args:
        players: 3, 4 or 5.
        target: The score that ends the game, 1 to 1,000
            (:data:`~counter_rules.rulesets.counter.MAX_TARGET`);
            ``None`` means the recommended 9, 8 or 7 for 3, 4 or 5 players.
        hook: If true, the last bidder may not make the bids total 10 (off by
            default: the rules put no limit on the total).

    Raises:
        InvalidArgumentError: An option is out of range; the message names it.

    Example:
        >>> from counter_rules import Counter
        >>> Counter(players=6)
        Traceback (most recent call last):
        ...
        counter_rules.errors.InvalidArgumentError: Counter.players must be 3, 4 or 5, got 6
    """

    players: int = 4
    """The number of seats, 3..5."""
    target: int | None = None
    """The score that ends the game, or ``None`` for the recommended one."""
    hook: bool = False
    """Whether the last bidder may not make the bids total the tricks."""

    def __attrs_post_init__(self) -> None:
        check_int("Counter", "players", self.players, 3, 5)
        if self.target is not None:
            check_int("Counter", "target", self.target, 1, MAX_TARGET)
        check_bool("Counter", "hook", self.hook)

    def shortcuts(self) -> Shortcuts:
        """Counter's plays, tricks and bids run on the engine's compiled paths
        (:mod:`~counter_rules.rulesets.counter_tricks` and the rule of bids in
        turn), and its table scores each seat by its own bid and tricks; each
        while the class keeps the methods that state it: a
        subclass that overrides one is asked through its override."""
        bids = BIDS_HOOK if self.hook else BIDS_FREE
        play = self.play_rules()
        return Shortcuts(
            SHORTCUT_COUNTER if play.local else SHORTCUT_NONE,
            SHORTCUT_COUNTER if play.fast_tricks else SHORTCUT_NONE,
            bids if keeps(self, Counter, *_BID_METHODS) else SHORTCUT_NONE,
            seat_points=keeps(self, Counter, "score_hand"),
        )

    def play_rules(self) -> PlayRules:
        """Counter's compiled play
        (:class:`~counter_rules.rulesets.counter_tricks.CounterPlayRules`),
        each part while the class keeps the method it stands for."""
        return counter_tricks.CounterPlayRules(
            self,
            plays=keeps(self, Counter, "legal_plays"),
            tricks=keeps(self, Counter, "resolve"),
        )

    @property
    def name(self) -> str:
        """``"Counter"``."""
        return "Counter"

    @property
    def effective_target(self) -> int:
        """The target in force, :attr:`target` or else 9/8/7 for 3/4/5 players."""
        return self.target if self.target is not None else DEFAULT_TARGETS[self.players]

    # -- dealing --------------------------------------------------------------
    def deck(self) -> tuple[Card, ...]:
        """The 52 cards, no Jokers."""
        return _DECK

    def hand_size(self, hand_number: int) -> int:
        """Always 10."""
        return _HAND_SIZE

    def trump_for(
        self, hand_number: int, stock: Sequence[Card], seed: int
    ) -> tuple[Suit | None, Card | None]:
        """The top card of the stock is turned face up: its suit is trump."""
        if not stock:
            raise InvalidArgumentError("deal.stock must not be empty: its top card shows trump")
        return stock[0].suit, stock[0]

    # -- bidding --------------------------------------------------------------
    def legal_bids(self, state: Position, seat: int) -> tuple[int, ...]:
        """0..10 (the cards dealt); with :attr:`hook`, the last bidder may not
        bring the total to 10."""
        return turn_bids(BIDS_HOOK if self.hook else BIDS_FREE, state.cards_dealt, state.bids)

    def why_illegal_bid(self, state: Position, seat: int, tricks: int, blind: bool) -> str:
        """Explain a bid out of range or against the hook (by the family's
        :class:`~counter_rules.rulesets.parts.bidding.BiddingRule`)."""
        if blind:
            return "Counter has no blind bids"
        reason = BiddingRule(hook=self.hook).why_illegal(
            cards=state.cards_dealt, bids=state.bids, seat=seat, tricks=tricks
        )
        return reason or "not a legal bid now"

    # -- playing --------------------------------------------------------------
    def legal_plays(self, state: Position, seat: int) -> tuple[Play, ...]:
        """Follow the suit to follow (a led Two asks for trumps) unless void or
        holding only its Eight; a Four may be played with or without showing
        another Four (see :mod:`~counter_rules.rulesets.counter_tricks`)."""
        table = seat_plays(self.players, _DECK)[seat]
        return counter_tricks.legal_plays(table, state.hands[seat], state.trick, state.trump, seat)

    def why_illegal_play(self, state: Position, play: Play) -> str:
        """Explain a play of a held card that breaks the follow or Four rules,
        or comes with a Joker's call."""
        problem = counter_tricks.play_problem(
            play.seat,
            state.hands[play.seat],
            state.trick,
            state.trump,
            play.card,
            play.reveal,
            play.call,
        )
        return "not a legal play now" if problem is None else problem

    def check_trick(self, plays: Sequence[PlayedCard]) -> None:
        """Reject a trick that cannot happen in Counter (size, seats, cards, reveals)."""
        if len(plays) != self.players:
            raise InvalidArgumentError(
                f"a Counter trick for {self.players} players has {self.players} cards, "
                f"got {len(plays)}"
            )
        leader = plays[0].seat
        seen: set[Card] = set()
        for i, played in enumerate(plays):
            if played.seat != (leader + i) % self.players:
                raise InvalidArgumentError(
                    f"card {i} of the trick should be played by seat "
                    f"{(leader + i) % self.players}, got seat {played.seat}"
                )
            if played.card.is_joker or played.card.copy:
                raise InvalidArgumentError(
                    f"Counter uses one deck without Jokers, got {played.card}"
                )
            if played.card in seen:
                raise InvalidArgumentError(f"card {played.card} is played twice")
            seen.add(played.card)
            reveal = played.reveal
            if reveal is not None:
                problem = four.why_not_shown(played.card, reveal)
                if problem is not None:
                    raise InvalidArgumentError(problem)
                if reveal.copy:
                    raise InvalidArgumentError(
                        f"Counter uses one deck without Jokers, got {reveal} shown"
                    )
        for played in plays:
            if played.reveal is not None and played.reveal in seen:
                raise InvalidArgumentError(
                    f"{played.reveal} is shown from a hand but also played to the trick"
                )

    # Alike on purpose: the signature of Ruleset.resolve, which every override repeats.
    def resolve(
        self,
        plays: Sequence[PlayedCard],
        trump: Suit | None,
        *,
        doubled_lead: bool = False,
        last_trick: bool = False,
        explain: bool = True,
        trump_card: Card | None = None,
    ) -> TrickResult:
        """Resolve a complete trick by Counter's powers (see
        :mod:`~counter_rules.rulesets.counter_tricks`)."""
        return counter_tricks.resolve(
            tuple(plays), trump, doubled_lead, last_trick, explain, trump_card
        )

    # -- scoring --------------------------------------------------------------
    def score_hand(self, state: Position) -> tuple[int, ...]:
        """Counter's table for every seat."""
        bids = cast("tuple[int, ...]", state.bids)  # every seat has bid
        counts = (self.players,) * self.players
        return tuple(map(counter_scoring.points, bids, state.tricks_won, counts))

    def is_game_over(self, history: Sequence[HandResult]) -> bool:
        """Over once anybody has reached the target."""
        return max(history[-1].scores) >= self.effective_target

    # -- the companions -----------------------------------------------------------
    @property
    def information(self) -> CounterInformation:
        """Counter's answers on what a seat may know (an Eight need not follow)."""
        return _INFORMATION

    @property
    def advice(self) -> CounterAdvice:
        """Counter's answers for bots (a target score, cautious bids, powers),
        built once per ruleset: bots ask on every move."""
        return _ADVICE(self)


_BID_METHODS = ("legal_bids", "simultaneous_bidding", "may_bid_blind")


class CounterInformation(Information):
    """What a Counter seat may know: a follower who does not play the suit to
    follow holds none of it, but for its Eight."""

    # Alike on purpose: the signature of Information.voids_shown, which every override repeats.
    def voids_shown(
        self,
        before: Sequence[PlayedCard],
        played: PlayedCard,
        trump: Suit | None,
        trumps_played: int,
    ) -> tuple[Suit | None, ...]:
        """A follower who does not play the suit to follow holds none of it,
        but for its Eight (see :meth:`counts_toward_void`)."""
        if not before:
            return ()
        follow = counter_tricks.suit_to_follow(before, trump)
        return () if played.card.suit is follow else (follow,)

    def counts_toward_void(self, card: Card, suit: Suit | None, trump: Suit | None) -> bool:
        """A card of ``suit`` contradicts a void in it, unless it is the suit's
        Eight, which a player need not play (whatever the trump: Twos follow
        as their printed suit)."""
        return card.suit is suit and not eight.exempts((card,))


_INFORMATION = CounterInformation()


@attrs.frozen
class CounterAdvice(Advice):
    """Counter's answers for bots and the match runner."""

    rules: Counter
    """The ruleset it advises on."""

    @property
    def target_score(self) -> int:
        """:attr:`~counter_rules.Counter.effective_target`: reaching it ends the game."""
        return self.rules.effective_target

    @property
    def cautious_bidding(self) -> bool:
        """True: an exact bid scores only its size and a missed one next to
        nothing, so big bids seldom pay."""
        return True

    def trick_power(self, card: Card, trump: Suit | None) -> float:
        """How often a card of this rank won its trick in 3,000 random
        four-player hands, as a trump or not (the powers make the plain rank
        order meaningless).

        Example:
            >>> from counter_rules import Card, Counter, Suit
            >>> Counter().advice.trick_power(Card.parse("2H"), Suit.SPADES)
            0.67
        """
        plain, trumps = _TRICK_POWER[card.rank]
        return trumps if card.suit is trump and trump is not None else plain

    def more_tricks_pay(self, bid: int, won: int, left: int) -> bool:
        """Whether the tricks the seat can expect, those won and half of those
        left, score more than a hand without a trick (see
        :mod:`counter_rules.scoring.counter`: a missed bid scores by its tricks
        only when they are many)."""
        expected = won + left // 2
        players = self.rules.players
        return counter_scoring.points(bid, expected, players) > counter_scoring.points(
            bid, 0, players
        )

    # Alike on purpose: the signature of Advice.plays_from, which every override repeats.
    def plays_from(
        self,
        hand: tuple[Card, ...],
        trick: tuple[PlayedCard, ...],
        trump: Suit | None,
        seat: int,
    ) -> tuple[Play, ...] | None:
        """The legal plays from the hand, the trick so far and trump alone (by
        :func:`~counter_rules.rulesets.counter_tricks.legal_plays`), while the
        ruleset keeps Counter's own :meth:`~counter_rules.Counter.legal_plays`."""
        if not keeps(self.rules, Counter, "legal_plays"):
            return None
        table = seat_plays(self.rules.players, _DECK)[seat]
        return counter_tricks.legal_plays(table, hand, trick, trump, seat)


Counter.spec = RulesetSpec.from_fields(Counter, players=(3, 4, 5))


def _advise(rules: Counter) -> CounterAdvice:
    return CounterAdvice(rules)


_ADVICE: Final = PerRuleset(_advise)
