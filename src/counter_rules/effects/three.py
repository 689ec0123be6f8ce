"""Three: the first Three steals the values of every Four and Queen.

The first Three played adds the values of all Fours and Queens in the trick to
its own, and they become 0. Later Threes are worth 3. It happens after the Queen
(so it can steal a Queen's 15) and before the Nine.
"""

from __future__ import annotations

from typing import Final

from counter_rules.cards import Rank
from counter_rules.effects.base import TrickWork, rank_bit

__all__ = ["apply"]

_VICTIMS: Final[tuple[Rank, ...]] = (Rank.FOUR, Rank.QUEEN)

_THREE: Final = Rank.THREE
_THREE_BIT: Final = rank_bit(Rank.THREE)


def apply(work: TrickWork) -> None:
    """The first Three takes the values of all Fours and Queens."""
    if not work.present & _THREE_BIT:
        return
    work.steal(work.first(_THREE), _VICTIMS, "three")
