"""Ten plus the bid (seed 003's alternative Blackout scoring, and a scheme of the
Oh Hell variants there): an exact bid scores 10 plus the bid; a miss scores 0."""

from __future__ import annotations

from counter_rules.scoring._check import check_counts

__all__ = ["score"]


def score(bid: int, won: int) -> int:
    """Points for one player for one deal.

    Example:
        >>> from counter_rules.scoring.ten_plus_bid import score
        >>> score(4, 4), score(0, 0), score(4, 5)
        (14, 10, 0)
    """
    check_counts(bid, won)
    return 10 + bid if won == bid else 0
