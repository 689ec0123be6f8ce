"""Seven: an odd number of Sevens makes the lowest card win.

Count the Sevens in the trick: with an odd number, the lowest-valued trump
wins (or, with no trump, the lowest card of the led suit); with an even number
they cancel out. After a led King the Sevens count as none.
"""

from __future__ import annotations

from typing import Final

from counter_rules.cards import Rank
from counter_rules.effects import king
from counter_rules.effects.base import TrickWork

__all__ = ["apply"]

_KING: Final = Rank.KING
_SEVEN: Final = Rank.SEVEN


def apply(work: TrickWork) -> None:
    """Decide whether the lowest or the highest value wins this trick."""
    sevens = work.count(_SEVEN)
    if not sevens:
        return
    if king.cancels_sevens(work):
        if work.explain:
            work.note("king", "a King was led: the Sevens have no effect", _KING, 0)
        return
    work.lowest_wins = sevens % 2 == 1
    if work.explain:
        if work.lowest_wins:
            count = "one Seven" if sevens == 1 else f"{sevens} Sevens"
            text = f"{count}, an odd number: the lowest value wins"
        else:
            text = f"{sevens} Sevens, an even number: they cancel out"
        work.note("seven", text, _SEVEN, work.first(_SEVEN))
