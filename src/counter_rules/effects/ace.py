"""Ace: worth 14 instead of 1 when a Jack, Queen or King of its own suit is in the trick.

"Its own suit" is the printed suit of each card.
"""

from __future__ import annotations

from typing import Final

from counter_rules.cards import Rank
from counter_rules.effects.base import TrickWork, is_one_of

__all__ = ["apply"]

_COURT: Final[tuple[Rank, ...]] = (Rank.JACK, Rank.QUEEN, Rank.KING)

_ACE: Final = Rank.ACE


def apply(work: TrickWork) -> None:
    """Raise each Ace to 14 (28 half points) when a court card of its suit was played."""
    ranks = work.ranks
    n = work.n
    for i in range(n):
        if ranks[i] is _ACE:
            suit = work.printed_suit(i)
            for j in range(n):
                if is_one_of(ranks[j], _COURT) and work.printed_suit(j) is suit:
                    work.half[i] = 28
                    if work.explain:
                        work.note(
                            "ace",
                            f"{work.label(i)} is worth 14: {work.card(j)} of its suit is in "
                            "the trick",
                            _ACE,
                            i,
                        )
                    break
