"""OpenSpiel's ``oh_hell`` scoring, with both of its parameters.

``points_per_trick`` (P) and ``off_bid_penalty`` decide it:

- without the penalty, a player scores P points per trick won, plus a bonus
  of 10 for an exact bid;
- with the penalty, an exact bid scores P per trick plus the bonus, and a
  missed bid loses P points for each trick the player is over or under.

With P = 1 and no penalty this is :mod:`counter_rules.scoring.up_and_down`.
"""

from __future__ import annotations

from counter_rules.argument_checks import shown
from counter_rules.errors import InvalidArgumentError
from counter_rules.scoring._check import check_counts, check_flag

__all__ = ["MADE_BID_BONUS", "score"]

MADE_BID_BONUS = 10
"""The bonus for an exact bid."""


def score(bid: int, won: int, *, points_per_trick: int = 1, off_bid_penalty: bool = False) -> int:
    """Points for one player for one hand.

    Raises:
        InvalidArgumentError: An argument is out of range; the message names it.

    Example:
        >>> from counter_rules.scoring.openspiel import score
        >>> score(3, 3), score(3, 2), score(3, 3, points_per_trick=2)
        (13, 2, 16)
        >>> score(3, 1, off_bid_penalty=True), score(1, 3, points_per_trick=5, off_bid_penalty=True)
        (-2, -10)
    """
    check_points_per_trick(points_per_trick)
    check_flag("off_bid_penalty", off_bid_penalty)
    check_counts(bid, won)
    return points(bid, won, points_per_trick, off_bid_penalty)


def check_points_per_trick(value: object) -> None:
    """Check a ``points_per_trick``: a whole number >= 0."""
    if type(value) is not int or value < 0:
        raise InvalidArgumentError(
            f"points_per_trick must be a whole number >= 0, got {shown(value)}"
        )


def points(bid: int, won: int, points_per_trick: int, off_bid_penalty: bool) -> int:
    """:func:`score` without checking its arguments (the engine's call, with
    values it has already validated)."""
    if won == bid:
        return points_per_trick * won + MADE_BID_BONUS
    if off_bid_penalty:
        return -points_per_trick * abs(won - bid)
    return points_per_trick * won
