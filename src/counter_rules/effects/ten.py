"""Ten: an off-suit Ten joins the led suit and is worth 15.

A Ten whose printed suit differs from the suit that counts as led takes the led
suit and the value 15 as it is played. The Ten of trumps played on another suit's
lead therefore stops being a trump. Since it is played only by a player who
cannot follow (the Eight exemption aside), following is unaffected.
"""

from __future__ import annotations

from typing import Final

from counter_rules.cards import Rank
from counter_rules.effects.base import TrickWork

# Alike on purpose: every power's module has the form of the others.
__all__ = ["apply"]

_TEN: Final = Rank.TEN


def apply(work: TrickWork) -> None:
    """Change every off-suit Ten to the led suit with value 15 (30 half points)."""
    led = work.led_suit
    if led is None:
        return
    ranks = work.ranks
    suits = work.suits
    for i in range(1, work.n):
        if ranks[i] is _TEN and suits[i] is not led:
            suits[i] = led
            work.half[i] = 30
            if work.explain:
                work.note(
                    "ten",
                    f"{work.label(i)} is off suit: it becomes a {led} worth 15",
                    _TEN,
                    i,
                )
