"""Four: victor or void.

Playing a Four, a player may show (not play) another Four from their hand: the
played Four is then a *victor* Four and wins the trick outright, whatever the
values and suits. Played without showing one it is a *void* Four and cannot win
the trick. Either way its value stays 4. A Queen in the trick removes both buffs
(see :mod:`~counter_rules.effects.queen`); if the buffs survive, the first victor
Four wins.
"""

from __future__ import annotations

from counter_rules.cards import Rank
from counter_rules.effects.base import VICTOR, VOID, TrickWork

__all__ = ["apply", "victor_index"]

# Enum members bound once: attribute access on an Enum class is slow.
_FOUR = Rank.FOUR


def apply(work: TrickWork) -> None:
    """Give each Four its buff: victor with a revealed Four, void without."""
    plays = work.plays
    for i in range(work.n):
        if work.ranks[i] is _FOUR:
            work.buffs[i] = VICTOR if plays[i].reveal is not None else VOID


def victor_index(work: TrickWork) -> int | None:
    """The index of the first Four still holding the victor buff, or ``None``."""
    buffs = work.buffs
    if VICTOR in buffs:
        i = buffs.index(VICTOR)
        if work.explain:
            reveal = work.plays[i].reveal
            work.note(
                "four",
                f"{work.label(i)} was played showing {reveal}: a victor Four wins outright",
                _FOUR,
                i,
            )
        return i
    if work.explain:
        for i in range(work.n):
            if buffs[i] == VOID:
                work.note("four", f"{work.label(i)} is a void Four: it cannot win", _FOUR, i)
    return None
