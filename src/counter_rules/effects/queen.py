"""Queen: it strips the Fours of their buffs, and is worth 15 next to an 11.

If any Queen is in the trick, every Four loses its victor or void buff. Then, if
any card's value is exactly 11 at this point (a Jack, or a Five that stole one
Six), every Queen is worth 15. This happens before the Three steals.
"""

from __future__ import annotations

from typing import Final

from counter_rules.cards import Rank
from counter_rules.effects.base import TrickWork, rank_bit

__all__ = ["apply"]

_QUEEN: Final = Rank.QUEEN
_QUEEN_BIT: Final = rank_bit(Rank.QUEEN)


def apply(work: TrickWork) -> None:
    """Remove Four buffs and raise the Queens to 15 when a card is worth 11."""
    ranks = work.ranks
    if not work.present & _QUEEN_BIT:
        return
    buffed = work.victors | work.voids
    work.victors = work.voids = 0
    if work.explain:
        for i in range(work.n):
            if buffed >> i & 1:
                work.note(
                    "queen",
                    f"a Queen is in the trick: {work.label(i)} loses its buff",
                    _QUEEN,
                    i,
                )
    half = work.half
    eleven = -1
    for i in range(work.n):
        if half[i] == 22:
            eleven = i
            break
    if eleven >= 0:
        for i in range(work.n):
            if ranks[i] is _QUEEN:
                half[i] = 30
                if work.explain:
                    work.note(
                        "queen",
                        f"{work.label(i)} is worth 15: {work.label(eleven)} is worth 11",
                        _QUEEN,
                        i,
                    )
