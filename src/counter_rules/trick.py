"""What happened in a trick: :class:`PlayedCard`, :class:`Effect`, :class:`TrickResult`.

:func:`counter_rules.resolve_trick` returns a :class:`TrickResult`. Values are
exact: Counter's Nine can be worth ½, so :attr:`TrickResult.values` holds
:class:`fractions.Fraction` values.
"""

from __future__ import annotations

from fractions import Fraction

import attrs

from counter_rules._fields import FrozenFields
from counter_rules._played import PlayedCard
from counter_rules.cards import Card, Rank, Suit

__all__ = ["Effect", "PlayedCard", "TrickResult"]


@attrs.frozen
class Effect:
    """One rule that applied while a trick was resolved, in the order it applied.

    ``str(effect)`` is a sentence for a person; ``kind`` is a stable machine tag
    (``"ace"``, ``"five"``, ``"winner"``, ...), ``rank`` the card power behind it
    (``None`` for general rules such as the winner), ``index`` the position in
    the trick of the card it concerns.
    """

    kind: str
    """A stable tag, a card power (``"ace"`` ... ``"king"``) or a general rule
    (``"trump"``, ``"winner"``, ``"no-winner"``)."""
    text: str
    """The explanation for a person."""
    rank: Rank | None = None
    """The rank whose power applied, or ``None`` for a general rule."""
    index: int | None = None
    """The index in the trick of the card concerned, or ``None``."""

    def __str__(self) -> str:
        return self.text


def _half_to_fraction(half: int) -> Fraction:
    return Fraction(half, 2)


@attrs.frozen(slots=False)  # faster construction, see GameState
class TrickResult(FrozenFields):
    """The outcome of a complete trick.

    Example:
        >>> from counter_rules import Counter, Suit, cards, resolve_trick
        >>> result = resolve_trick(
        ...     list(enumerate(cards("4S 4D 3S QS"))), trump=Suit.HEARTS, rules=Counter()
        ... )
        >>> [str(v) for v in result.values]
        ['0', '0', '23', '0']
        >>> result.winner
        2
    """

    plays: tuple[PlayedCard, ...]
    """The trick, leader first."""
    winner: int | None
    """The seat that wins the trick, or ``None`` when no card can win it."""
    winning_index: int | None
    """The index in :attr:`plays` of the winning card, or ``None``."""
    half_values: tuple[int, ...]
    """The final values in half points (exact integers), aligned with :attr:`plays`."""
    trick_trump: Suit | None
    """The trump suit of this trick (a led King can change it), or ``None``."""
    led_suit: Suit | None
    """The suit that counts as led for winning the trick (``None`` when a Joker
    lead left no suit)."""
    next_leader: int
    """The seat that leads the next trick."""
    next_trump: Suit | None
    """The trump suit from the next trick on (Counter's Jacks change it)."""
    pass_cards: bool = False
    """Whether every player now passes a card to the left (Counter's Five)."""
    double_next_lead: bool = False
    """Whether the next led card's value is doubled (Counter's Six took effect)."""
    jacks: tuple[Card, ...] = ()
    """Jacks that go face up onto the stock, in the order played (Counter)."""
    effects: tuple[Effect, ...] = ()
    """Every rule that applied, in order; each has a readable ``str()``."""
    trump: Suit | None = None
    """The trump suit the trick was played under (before any Jack changed it)."""
    doubled_lead: bool = False
    """Whether the led card was doubled (a Six took effect in the previous trick)."""
    last_trick: bool = False
    """Whether this was the last trick of the hand."""
    trump_card: Card | None = None
    """The card that showed trump when the trick was played (matters for Mark
    Brader's Jokers, where a turned Joker makes the other Joker trump)."""

    @property
    def values(self) -> tuple[Fraction, ...]:
        """The exact final values, aligned with :attr:`plays`."""
        return tuple(map(_half_to_fraction, self.half_values))

    def explain(self) -> str:
        """All effects as numbered lines, for a person.

        Example:
            >>> from counter_rules import Counter, Suit, cards, resolve_trick
            >>> r = resolve_trick(list(enumerate(cards("5S 6S 3S QS"))),
            ...                   trump=Suit.HEARTS, rules=Counter())
            >>> print(r.explain())  # doctest: +ELLIPSIS
            1. ...
        """
        return "\n".join(f"{i}. {effect}" for i, effect in enumerate(self.effects, 1))
