"""The rules of bids made in turn, each stated once.

Bids go from 0 to the cards dealt. :data:`BIDS_HOOK` (the hook): the last
bidder may not make the bids total the cards dealt. :data:`BIDS_TOTAL`: the
bids must total exactly the cards dealt, so no bid may exceed what is left
and the last bid is forced. :func:`bid_bounds` states all three;
:class:`~counter_rules.rulesets.parts.bidding.BiddingRule` explains a refused
bid from it, and the engine lists bids with it where a ruleset declares its
bids in turn (:class:`~counter_rules.rulesets.base.Shortcuts`). The compiled
build compiles this module with mypyc.
"""

from __future__ import annotations

from typing import Final

__all__ = ["BIDS_FREE", "BIDS_HOOK", "BIDS_TOTAL", "bid_bounds", "bids_between", "turn_bids"]

BIDS_FREE: Final = 1
"""Bids in turn, any number from 0 to the cards dealt."""
BIDS_HOOK: Final = 2
"""Bids in turn; the last bidder may not make the bids total the cards dealt."""
BIDS_TOTAL: Final = 3
"""Bids in turn that must total the cards dealt."""


def bid_bounds(rule: int, cards: int, bids: tuple[int | None, ...]) -> tuple[int, int, int]:
    """``(lowest, highest, excluded)``: the bids the next bidder may make under
    ``rule`` (one of the ``BIDS_*`` constants) are ``lowest..highest`` less
    ``excluded`` (``highest + 1`` when nothing is excluded).

    Example:
        >>> from counter_rules.rulesets.bids_in_turn import BIDS_TOTAL, bid_bounds
        >>> bid_bounds(BIDS_TOTAL, 5, (2, 1, None))  # the last bid is forced
        (2, 2, 3)
    """
    made = total = 0
    for bid in bids:
        if bid is not None:
            made += 1
            total += bid
    last = made == len(bids) - 1
    left = cards - total
    if rule == BIDS_TOTAL:
        return (left, left, left + 1) if last else (0, left, left + 1)
    if rule == BIDS_HOOK and last and 0 <= left <= cards:
        return 0, cards, left
    return 0, cards, cards + 1


def bids_between(lowest: int, highest: int, excluded: int) -> tuple[int, ...]:
    """``lowest..highest`` less ``excluded``, the bounds :func:`bid_bounds` gives."""
    return tuple([b for b in range(lowest, highest + 1) if b != excluded])


def turn_bids(rule: int, cards: int, bids: tuple[int | None, ...]) -> tuple[int, ...]:
    """The bids the next bidder may make under ``rule``, ascending.

    Example:
        >>> from counter_rules.rulesets.bids_in_turn import BIDS_HOOK, turn_bids
        >>> turn_bids(BIDS_HOOK, 3, (1, 1, None))  # a bid of 1 would total 3
        (0, 2, 3)
    """
    lowest, highest, excluded = bid_bounds(rule, cards, bids)
    return bids_between(lowest, highest, excluded)
