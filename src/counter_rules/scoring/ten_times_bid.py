"""Ten times the bid (seed 003): a made bid scores 10 times the bid, a made zero
bid 5 times the number of tricks played (the cards dealt to each player), and a
missed bid 1 point per trick won."""

from __future__ import annotations

from counter_rules.scoring._check import check_counts

__all__ = ["score"]


def score(bid: int, won: int, *, cards: int) -> int:
    """Points for one player for one deal of ``cards`` cards each.

    Example:
        >>> from counter_rules.scoring.ten_times_bid import score
        >>> score(3, 3, cards=8), score(0, 0, cards=8), score(3, 5, cards=8)
        (30, 40, 5)
    """
    check_counts(bid, won, cards)
    if won != bid:
        return won
    return 10 * bid if bid else 5 * cards
