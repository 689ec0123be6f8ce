"""Up to Ten and Down Again (seed 002): 10 points for an exact bid (20 for a made
blind bid), plus 1 point per trick won whether or not the bid was made.

This is also the scoring of OpenSpiel's ``oh_hell``.
"""

from __future__ import annotations

from counter_rules.scoring._check import check_counts, check_flag

__all__ = ["score"]


def score(bid: int, won: int, *, blind: bool = False) -> int:
    """Points for one player for one round.

    Example:
        >>> from counter_rules.scoring.up_and_down import score
        >>> score(3, 3), score(3, 2), score(0, 0), score(2, 2, blind=True)
        (13, 2, 10, 22)
    """
    check_flag("blind", blind)
    check_counts(bid, won)
    return points(bid, won, blind)


def points(bid: int, won: int, blind: bool) -> int:
    """:func:`score` without checking its arguments (the engine's call, with
    values it has already validated)."""
    return won + ((20 if blind else 10) if won == bid else 0)
