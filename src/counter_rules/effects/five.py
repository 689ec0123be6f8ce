"""Five: the first Five steals the value of every Six, and a Five makes everyone pass.

The pass is simultaneous and hidden (:ref:`choice-pass-simultaneous`).

- Values: the first Five played adds the values of all Sixes in the trick to its
  own; the Sixes become 0. Later Fives steal nothing.
- After the trick, unless it was the last of the hand, every player passes one
  card face down to the left. The choices are simultaneous: nobody sees the
  card they receive before choosing their own.
"""

from __future__ import annotations

from typing import Final

from counter_rules.cards import Rank
from counter_rules.effects.base import TrickWork, rank_bit

__all__ = ["after_trick", "apply"]

_FIVE: Final = Rank.FIVE
_SIXES: Final[tuple[Rank, ...]] = (Rank.SIX,)
_FIVE_BIT: Final = rank_bit(Rank.FIVE)
_SIX_BIT: Final = rank_bit(Rank.SIX)


def apply(work: TrickWork) -> None:
    """The first Five takes the values of all Sixes."""
    if not work.present & _FIVE_BIT or not work.present & _SIX_BIT:
        return
    work.steal(work.first(_FIVE), _SIXES, "five", ", the Six 0")


def after_trick(work: TrickWork) -> None:
    """Order the pass to the left when the trick held a Five and was not the last."""
    if not work.present & _FIVE_BIT:
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
            work.first(_FIVE),
        )
