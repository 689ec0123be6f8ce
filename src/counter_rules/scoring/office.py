"""The office rules (seed 004): two ways to score, chosen by the table.

Both give a made non-zero bid 10 points plus the bid. They differ on the rest:

- ``english=False`` (the rules as first taught): a made zero bid scores 5 plus
  the cards dealt; a missed bid scores nothing.
- ``english=True`` ("English consolation points"): a made zero bid scores a
  flat 10; a missed bid scores 1 point per trick taken.
"""

from __future__ import annotations

from counter_rules.scoring._check import check_counts, check_flag

__all__ = ["score"]


def score(bid: int, won: int, *, cards: int, english: bool = False) -> int:
    """Points for one player for one round of ``cards`` cards each.

    Example:
        >>> from counter_rules.scoring.office import score
        >>> score(4, 4, cards=7), score(0, 0, cards=7), score(0, 0, cards=7, english=True)
        (14, 12, 10)
        >>> score(4, 2, cards=7), score(4, 2, cards=7, english=True)
        (0, 2)
    """
    check_flag("english", english)
    check_counts(bid, won, cards)
    if won == bid:
        if bid:
            return 10 + bid
        return 10 if english else 5 + cards
    return won if english else 0
