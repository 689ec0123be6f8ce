"""The scoring part of the Oh Hell family: which scheme scores a hand.

Each scheme lives in its own module of :mod:`counter_rules.scoring` with a
pure ``score`` function; :class:`ScoringRule` names one and calls it for
every seat.

Example:
    >>> from counter_rules.rulesets.parts.scoring_scheme import ScoringRule
    >>> ScoringRule(scheme="ten_times_bid").points(bids=(2, 0, 1), won=(2, 0, 3), cards=5)
    (20, 25, 3)
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from counter_rules.scoring import (
    blackout,
    office,
    openspiel,
    ten_plus_bid,
    ten_times_bid,
    up_and_down,
)

__all__ = ["SCHEMES", "ScoringRule"]


def _office(rule: ScoringRule, bid: int, won: int, cards: int, blind: bool) -> int:
    return office.score(bid, won, cards=cards)


def _english(rule: ScoringRule, bid: int, won: int, cards: int, blind: bool) -> int:
    return office.score(bid, won, cards=cards, english=True)


def _openspiel(rule: ScoringRule, bid: int, won: int, cards: int, blind: bool) -> int:
    return openspiel.points(bid, won, rule.points_per_trick, rule.off_bid_penalty)


_Scorer = Callable[["ScoringRule", int, int, int, bool], int]
_SCORERS: dict[str, _Scorer] = {
    "tricks_plus_ten": lambda rule, bid, won, cards, blind: up_and_down.points(bid, won, blind),
    "blackout": lambda rule, bid, won, cards, blind: blackout.score(bid, won, cards=cards),
    "ten_plus_bid": lambda rule, bid, won, cards, blind: ten_plus_bid.score(bid, won),
    "ten_times_bid": lambda rule, bid, won, cards, blind: ten_times_bid.score(
        bid, won, cards=cards
    ),
    "office": _office,
    "english": _english,
    "openspiel": _openspiel,
}

SCHEMES = tuple(_SCORERS)
"""The scheme names, as :attr:`counter_rules.OhHell.scoring` takes them."""


@attrs.frozen(kw_only=True)
class ScoringRule:
    """A scoring scheme and its parameters."""

    scheme: str
    """The scheme's name, one of :data:`SCHEMES`."""
    points_per_trick: int = 1
    """Points per trick under ``"openspiel"``."""
    off_bid_penalty: bool = False
    """Under ``"openspiel"``, a missed bid loses the points of the tricks it is off by."""

    def seat_points(self, bid: int, won: int, cards: int, blind: bool = False) -> int:
        """One seat's points for a hand of ``cards`` cards each."""
        return _SCORERS[self.scheme](self, bid, won, cards, blind)

    def more_tricks_pay(self, bid: int, won: int, left: int) -> bool:
        """Whether a seat that bid ``bid`` and cannot win exactly that many
        tricks whatever happens (it has won ``won`` and holds ``left`` cards)
        scores more with one more trick (a missed bid's points do not depend on
        the cards dealt, at least ``bid`` and ``won + left``).

        Example:
            >>> from counter_rules.rulesets.parts.scoring_scheme import ScoringRule
            >>> [ScoringRule(scheme=s).more_tricks_pay(5, 1, 2) for s in ("english", "office")]
            [True, False]
        """
        if left < 1:
            return False
        cards = max(bid, won + left)
        return self.seat_points(bid, won + 1, cards) > self.seat_points(bid, won, cards)

    def good_hand_points(self, cards: int) -> float:
        """About what a good hand of ``cards`` cards each scores, for bots to
        scale their rewards by: ten points per card under ``"ten_times_bid"``,
        else ten plus the cards."""
        if self.scheme == "ten_times_bid":
            return 10.0 * max(cards, 1)
        return 10.0 + cards

    def points(
        self,
        *,
        bids: tuple[int, ...],
        won: tuple[int, ...],
        cards: int,
        blind: tuple[bool, ...] = (),
    ) -> tuple[int, ...]:
        """Every seat's points for a hand of ``cards`` cards each."""
        if self.scheme == "tricks_plus_ten":
            # The engine's common case: the bids are known to be valid.
            return tuple(map(up_and_down.points, bids, won, blind or (False,) * len(bids)))
        scorer = _SCORERS[self.scheme]
        blinds = blind or (False,) * len(bids)
        return tuple(
            scorer(self, bid, tricks, cards, is_blind)
            for bid, tricks, is_blind in zip(bids, won, blinds, strict=True)
        )
