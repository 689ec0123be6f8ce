"""King: a led King cancels the Sevens and can change the trick's trump suit.

When a King is led, Sevens in the trick have no effect, and the trump suit *of
this trick* is the suit of the first later card whose suit differs from both the
trump indicator's suit and the King's suit. If no such card is played the trick
has no trump suit: only Twos are trumps in it. An off-suit Ten has already taken
the led suit when this is looked at, so it never sets the trick trump. Both
points are choices on the docs page "Rules interpretations"
(:ref:`choice-king-trick-trump`, :ref:`choice-king-ten`).
"""

from __future__ import annotations

from typing import Final

from counter_rules.cards import Rank
from counter_rules.effects.base import TrickWork

__all__ = ["apply", "cancels_sevens"]

_KING: Final = Rank.KING


def cancels_sevens(work: TrickWork) -> bool:
    """Whether a led King makes the Sevens of this trick count as none."""
    return work.ranks[0] is _KING


def apply(work: TrickWork) -> None:
    """Set the trick trump after a King lead (run after the Ten, before the Eight)."""
    if work.ranks[0] is not _KING:
        return
    suits = work.suits
    king_suit = suits[0]
    trump = work.trump
    for i in range(1, work.n):
        suit = suits[i]
        if suit is not None and suit is not trump and suit is not king_suit:
            work.trick_trump = suit
            if work.explain:
                work.note(
                    "king",
                    f"{work.label(0)} was led: {work.label(i)} is the first card of a third "
                    f"suit, so {suit} is trump in this trick",
                    _KING,
                    i,
                )
            return
    work.trick_trump = None
    if work.explain:
        work.note(
            "king",
            f"{work.label(0)} was led and no card of a third suit followed: "
            "this trick has no trump suit (only Twos are trumps)",
            _KING,
            0,
        )
