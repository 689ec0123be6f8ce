"""The bidding rule of the Oh Hell family: which bids a player may make.

Bids go from 0 to the cards dealt. Options restrict them:

- ``hook``: the last bidder may not make the bids total the cards dealt;
- ``must_total``: the bids must total exactly the cards dealt (the last bid is
  forced), as in Cooperative Blackout;
- ``simultaneous``: everyone bids at once, so no bid depends on another;
- ``blind``: a player 20 or more points behind the leader when the hand starts
  may bid blind, before looking at the hand.

:meth:`BiddingRule.why_illegal` is the one decider; :meth:`BiddingRule.bids`
lists exactly the bids it accepts.

Example:
    >>> from counter_rules.rulesets.parts.bidding import BiddingRule
    >>> BiddingRule(hook=True).bids(cards=3, bids=(1, 1, None))  # 1 would total 3
    (0, 2, 3)
"""

from __future__ import annotations

import attrs

from counter_rules.rulesets.bids_in_turn import BIDS_FREE, BIDS_HOOK, BIDS_TOTAL, bid_bounds

__all__ = ["BLIND_DEFICIT", "BiddingRule"]

BLIND_DEFICIT = 20
"""How many points behind the leader a player must be to bid blind."""


def _tricks(n: int) -> str:
    return f"{n} trick" if n == 1 else f"{n} tricks"


@attrs.frozen(kw_only=True)
class BiddingRule:
    """The restrictions on bids."""

    hook: bool = False
    """The last bidder may not make the bids total the cards dealt."""
    must_total: bool = False
    """The bids must total exactly the cards dealt."""
    simultaneous: bool = False
    """Everyone bids at once."""
    blind: bool = False
    """A player far enough behind may bid blind."""

    @property
    def in_turn_rule(self) -> int:
        """The rule of bids made in turn, one of the ``BIDS_*`` constants of
        :mod:`counter_rules.rulesets.bids_in_turn`."""
        return BIDS_TOTAL if self.must_total else BIDS_HOOK if self.hook else BIDS_FREE

    def may_bid_blind(self, scores: tuple[int, ...], seat: int) -> bool:
        """Whether ``seat`` may bid blind with these scores at the start of the hand."""
        return self.blind and max(scores) - scores[seat] >= BLIND_DEFICIT

    def why_illegal(
        self,
        *,
        cards: int,
        bids: tuple[int | None, ...],
        seat: int,
        tricks: int,
        blind: bool = False,
        scores: tuple[int, ...] = (),
    ) -> str | None:
        """Why ``seat`` may not bid ``tricks`` now (``blind`` for a blind bid), or ``None``."""
        if blind and not self.may_bid_blind(scores, seat):
            if not self.blind:
                return "blind bids are not allowed in this game"
            return (
                f"seat {seat} may bid blind only when {BLIND_DEFICIT} or more points "
                "behind the leader"
            )
        if not 0 <= tricks <= cards:
            return f"a bid must be from 0 to {cards}, got {tricks}"
        if self.simultaneous:
            return None
        lowest, highest, excluded = bid_bounds(self.in_turn_rule, cards, bids)
        if tricks == excluded:
            return f"the last bidder may not bid {tricks}: the bids would total {_tricks(cards)}"
        if lowest <= tricks <= highest:
            return None
        if sum(b is None for b in bids) == 1:  # the last bid: the total forces it
            return f"the bids must total {cards}: seat {seat} must bid {lowest}"
        return f"the bids must total {cards}: at most {highest} is left to bid"

    def bids(
        self,
        *,
        cards: int,
        bids: tuple[int | None, ...],
        seat: int = 0,
        scores: tuple[int, ...] = (),
    ) -> tuple[int, ...]:
        """Every open bid :meth:`why_illegal` accepts, ascending."""
        return tuple(
            n
            for n in range(cards + 1)
            if self.why_illegal(cards=cards, bids=bids, seat=seat, tricks=n, scores=scores) is None
        )
