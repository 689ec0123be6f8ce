"""Nine: worth 15 among high cards, ½ among low ones.

After the other value effects, for each Nine count the other cards of the trick
whose value is above 9 and those below 9. More above: the Nine is worth 15;
more below: ½; as many: it stays 9. All Nines look at the same snapshot of
values, so one Nine's change does not sway another (a choice listed on
"Rules interpretations", :ref:`choice-nine-snapshot`).
"""

from __future__ import annotations

from typing import Final

from counter_rules.cards import Rank
from counter_rules.effects.base import TrickWork, fmt_half, rank_bit

__all__ = ["apply"]

# Alike on purpose: every power's module has this form (a rank, and an apply
# that returns at once when the rank is not in the trick).
_NINE: Final = Rank.NINE
_NINE_BIT: Final = rank_bit(Rank.NINE)


def apply(work: TrickWork) -> None:
    """Set every Nine to 15, ½ or 9 from a snapshot of the other values."""
    ranks = work.ranks
    if not work.present & _NINE_BIT:
        return
    half = work.half
    snapshot = tuple(half)
    for i in range(work.n):
        if ranks[i] is not _NINE:
            continue
        above = below = 0
        for j in range(work.n):
            if j != i:
                value = snapshot[j]
                if value > 18:
                    above += 1
                elif value < 18:
                    below += 1
        if above > below:
            half[i] = 30
        elif below > above:
            half[i] = 1
        else:
            half[i] = 18
        if work.explain:
            work.note(
                "nine",
                f"{work.label(i)} sees {above} {'card' if above == 1 else 'cards'} above 9 "
                f"and {below} below: "
                f"it is worth {fmt_half(work.half[i])}",
                _NINE,
                i,
            )
