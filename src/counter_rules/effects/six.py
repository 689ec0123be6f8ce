"""Six: the lowest card of the trick takes the next lead, which counts double.

See :ref:`choice-doubled-lead-last`, :ref:`choice-six-last-trick` and
:ref:`choice-six-next-hand` for the choices this module makes.

If a Six has the strictly lowest final value of all cards in the trick, its
player leads the next trick (whoever wins this one), and the card they lead is
worth twice its final value (doubling comes last, after the Nine). A tie for
the lowest value means no effect. The Six's lead also overrides the rule that a
trick nobody wins is led again by its leader.
"""

from __future__ import annotations

from typing import Final

from counter_rules.cards import Rank
from counter_rules.effects.base import TrickWork, fmt_half, rank_bit

__all__ = ["after_trick", "double_lead"]

_SIX: Final = Rank.SIX
_SIX_BIT: Final = rank_bit(Rank.SIX)


def double_lead(work: TrickWork) -> None:
    """Double the led card's final value when a Six gave its player this lead."""
    if not work.doubled_lead:
        return
    work.half[0] *= 2
    if work.explain:
        work.note(
            "six",
            f"{work.label(0)} was led after a Six took effect: its value doubles "
            f"to {fmt_half(work.half[0])}",
            _SIX,
            0,
        )


def after_trick(work: TrickWork) -> None:
    """Give the next lead to the player of a Six with the strictly lowest value."""
    ranks = work.ranks
    if not work.present & _SIX_BIT:
        return
    half = work.half
    lowest = half[0]
    i = 0
    tied = 1
    for j in range(1, work.n):
        if half[j] < lowest:
            lowest, i, tied = half[j], j, 1
        elif half[j] == lowest:
            tied += 1
    if tied != 1:
        if work.explain:
            for i in range(work.n):
                if ranks[i] is _SIX and half[i] == lowest:
                    work.note(
                        "six",
                        f"{work.label(i)} ties for the lowest value ({fmt_half(lowest)}): "
                        "no effect",
                        _SIX,
                        i,
                    )
        return
    if ranks[i] is not _SIX:
        return
    work.next_leader = work.seat(i)
    work.double_next = True
    if work.explain:
        work.note(
            "six",
            f"{work.label(i)} has the lowest value ({fmt_half(lowest)}): seat {work.seat(i)} "
            "leads the next trick and that card counts double",
            _SIX,
            i,
        )
