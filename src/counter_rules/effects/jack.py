"""Jack: the Jacks played go onto the stock and the last one sets trump.

At the end of the trick every Jack played is put face up on top of the stock in
the order played; the last one is the new trump indicator and its suit is trump
from the next trick on. The trick itself still counts for its winner.
"""

from __future__ import annotations

from typing import Final

from counter_rules.cards import Card, Rank
from counter_rules.effects.base import TrickWork, rank_bit

__all__ = ["after_trick"]

_JACK: Final = Rank.JACK
_JACK_BIT: Final = rank_bit(Rank.JACK)


def after_trick(work: TrickWork) -> None:
    """Move the Jacks to the stock and make the last one's suit trump."""
    if not work.present & _JACK_BIT:
        return
    ranks = work.ranks
    places: list[int] = []
    found: list[Card] = []
    for i in range(work.n):
        if ranks[i] is _JACK:
            places.append(i)
            found.append(work.card(i))
    jacks = tuple(found)
    work.jacks = jacks
    work.next_trump = work.printed_suit(places[-1])
    if work.explain:
        listed = ", ".join(str(j) for j in jacks)
        work.note(
            "jack",
            f"{listed} {'goes' if len(jacks) == 1 else 'go'} face up onto the stock: "
            f"{work.next_trump} is trump from the next trick",
            _JACK,
            places[-1],
        )
