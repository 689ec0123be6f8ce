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
from counter_rules.effects.base import TrickWork

__all__ = ["after_trick", "apply"]

_FIVE = Rank.FIVE
_SIXES = (Rank.SIX,)


def apply(work: TrickWork) -> None:
    """The first Five takes the values of all Sixes."""
    ranks = work.ranks
    if _FIVE not in ranks or _SIXES[0] not in ranks:
        return
    work.steal(ranks.index(_FIVE), _SIXES, "five", ", the Six 0")


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
