"""Blackout (seed 003): an exact bid scores 5 plus the number of cards dealt to
each player that deal; any other result scores nothing."""

from __future__ import annotations

from counter_rules.scoring._check import check_counts

# Alike on purpose: every scheme's module has this form (a score function).
__all__ = ["score"]


def score(bid: int, won: int, *, cards: int) -> int:
    """Points for one player for one deal of ``cards`` cards each.

    Example:
        >>> from counter_rules.scoring.blackout import score
        >>> score(4, 4, cards=7), score(0, 0, cards=7), score(4, 3, cards=7)
        (12, 12, 0)
    """
    check_counts(bid, won, cards)
    return 5 + cards if won == bid else 0
