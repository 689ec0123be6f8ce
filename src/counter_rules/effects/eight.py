"""Eight: it takes the led suit as a second suit.

- Following: a player whose only card of the suit to follow is that suit's Eight
  need not play it and may play any card (in the last trick it is their only
  card, so it is played).
- Winning: the Eight of the trick's trump suit is a trump; any other Eight counts
  as a card of the led suit.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from counter_rules.cards import Card, Rank
from counter_rules.effects.base import TrickWork

__all__ = ["apply", "exempts"]

_EIGHT: Final = Rank.EIGHT


def exempts(cards_of_suit: Sequence[Card]) -> bool:
    """Whether holding exactly these cards of the suit to follow frees the player:
    true when the only one is the Eight.

    Example:
        >>> from counter_rules import cards
        >>> from counter_rules.effects import eight
        >>> eight.exempts(cards("8S")), eight.exempts(cards("8S 9S"))
        (True, False)
    """
    return len(cards_of_suit) == 1 and cards_of_suit[0].rank is _EIGHT


def apply(work: TrickWork) -> None:
    """Make every Eight not of the trick trump count as the led suit (after the King)."""
    tt = work.trick_trump
    led = work.led_suit
    ranks = work.ranks
    suits = work.suits
    for i in range(1, work.n):
        if ranks[i] is _EIGHT and suits[i] is not tt and suits[i] is not led:
            suits[i] = led
            if work.explain:
                work.note(
                    "eight",
                    f"{work.label(i)} counts as a card of the led suit {led}",
                    _EIGHT,
                    i,
                )
