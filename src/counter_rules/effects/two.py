"""Two: it turns into a trump the moment it is played.

- For following suit a Two counts as its printed suit: it may be played only
  when that suit is led (or when the player cannot follow), and must be played
  when it is the holder's only card of that suit.
- A led Two is a trump: the suit to follow is the current trump suit, and the
  suit that counts as led for winning is the trump suit too.
- Every Two counts as a trump when the winner is decided.

See :ref:`choice-two-no-trump` and :ref:`choice-two-led-tens-eights` on the docs
page "Rules interpretations" for the reading of a Two led into a
trick with no trump suit.
"""

from __future__ import annotations

from typing import Final

from counter_rules.cards import RANK_OF_KEY, SUIT_OF_KEY, Card, Rank, Suit
from counter_rules.effects.base import TrickWork

__all__ = ["apply", "suit_to_follow"]

_TWO: Final = Rank.TWO
_RANK_OF: Final[tuple[Rank | None, ...]] = RANK_OF_KEY
_SUIT_OF: Final[tuple[Suit | None, ...]] = SUIT_OF_KEY


def suit_to_follow(led: Card, trump: Suit | None) -> Suit | None:
    """The suit followers must play: the trump suit after a led Two, else the printed suit.

    Example:
        >>> from counter_rules import Card, Suit
        >>> from counter_rules.effects import two
        >>> two.suit_to_follow(Card.parse("2C"), Suit.HEARTS)
        <Suit.HEARTS: 2>
    """
    # Rank and suit by the card's key: one attribute read instead of two.
    key = led._key
    if _RANK_OF[key] is _TWO and trump is not None:
        return trump
    return _SUIT_OF[key]


def apply(work: TrickWork) -> None:
    """A led Two makes the trump suit the led suit; every Two is a trump."""
    if work.ranks[0] is _TWO and work.trump is not None:
        work.led_suit = work.trump
        if work.explain:
            work.note(
                "two",
                f"{work.label(0)} was led: it is a trump, so {work.trump} counts as the led suit",
                _TWO,
                0,
            )


def mark_trumps(work: TrickWork) -> None:
    """Twos are trumps; otherwise a card is a trump when its suit is the trick's trump."""
    tt = work.trick_trump
    ranks = work.ranks
    suits = work.suits
    trumps = 0
    for i in range(work.n):
        if ranks[i] is _TWO:
            trumps |= 1 << i
            if work.explain and i:
                work.note("two", f"{work.label(i)} counts as a trump", _TWO, i)
        elif tt is not None and suits[i] is tt:
            trumps |= 1 << i
    work.trumps = trumps
