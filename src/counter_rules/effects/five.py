"""Five: the first Five steals the value of every Six, and a Five makes everyone pass.

The pass is simultaneous and hidden (:ref:`choice-pass-simultaneous`).

- Values: the first Five played adds the values of all Sixes in the trick to its
  own; the Sixes become 0. Later Fives steal nothing.
- After the trick, unless it was the last of the hand, every player passes one
  card face down to the left. The choices are simultaneous: nobody sees the
  card they receive before choosing their own.
"""

from __future__ import annotations

from counter_rules.cards import Rank
from counter_rules.effects.base import TrickWork, fmt_half

__all__ = ["after_trick", "apply"]

# Enum members bound once: attribute access on an Enum class is slow.
_FIVE = Rank.FIVE
_SIX = Rank.SIX


def apply(work: TrickWork) -> None:
    """The first Five takes the values of all Sixes."""
    ranks = work.ranks
    if _FIVE not in ranks or _SIX not in ranks:
        return
    five = ranks.index(_FIVE)
    half = work.half
    for i in range(work.n):
        if ranks[i] is _SIX:
            stolen = half[i]
            half[five] += stolen
            half[i] = 0
            if work.explain:
                work.note(
                    "five",
                    f"{work.label(five)} steals {fmt_half(stolen)} from {work.label(i)}: "
                    f"the Five is now {fmt_half(half[five])}, the Six 0",
                    _FIVE,
                    five,
                )


def after_trick(work: TrickWork) -> None:
    """Order the pass to the left when the trick held a Five and was not the last."""
    if _FIVE not in work.ranks:
        return
    if work.last_trick:
        if work.explain:
            work.note("five", "a Five was played, but this was the last trick: no pass", _FIVE)
        return
    work.pass_cards = True
    if work.explain:
        work.note(
            "five",
            "a Five was played: every player now passes one card face down to the left",
            _FIVE,
            work.ranks.index(_FIVE),
        )
