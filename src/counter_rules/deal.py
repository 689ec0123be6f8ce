"""The cards of a deal: :class:`Deal`, as a caller fixes them, and
:class:`DealtHand`, as a ruleset deals them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import attrs

from counter_rules.argument_checks import shown
from counter_rules.cards import Card, Suit
from counter_rules.errors import InvalidArgumentError

__all__ = ["Deal", "DealtHand"]


def _card_tuple(value: Iterable[Card | str]) -> tuple[Card, ...]:
    if type(value) is tuple and all(type(item) is Card for item in value):
        return value  # already cards: the common case of the library's own deals
    if isinstance(value, str):
        value = value.split()
    elif not isinstance(value, Iterable) or isinstance(value, (Card, bytes, Mapping)):
        raise InvalidArgumentError(
            f"expected a sequence of cards or a text like 'AS 2S', got {value!r:.80}"
        )
    out = []
    for item in value:
        if isinstance(item, str):
            item = Card.parse(item)
        elif not isinstance(item, Card):
            raise InvalidArgumentError(f"expected a Card or card text, got {shown(item)}")
        out.append(item)
    return tuple(out)


def _hands_converter(value: Iterable[Iterable[Card | str] | str]) -> tuple[tuple[Card, ...], ...]:
    if not isinstance(value, Iterable) or isinstance(value, (str, bytes, Mapping)):
        raise InvalidArgumentError(
            f"hands must be a sequence with one hand per seat, got {value!r:.80}"
        )
    return tuple(_card_tuple(hand) for hand in value)


@attrs.frozen(kw_only=True)
class Deal:
    """The exact cards of one deal: a hand per seat, and the undealt stock.

    ``stock[0]`` is the top card: the trump indicator where the ruleset turns
    one up. Cards may be given as :class:`~counter_rules.Card` values or card
    text. :func:`counter_rules.new_game` checks the deal against the ruleset
    (hand sizes, the exact deck).

    Raises:
        InvalidArgumentError: A card appears twice, an item is not a card, or
            ``hands`` (or one hand, or ``stock``) is not a sequence of cards.

    Example:
        >>> from counter_rules import Deal
        >>> deal = Deal(hands=["AS 2S", "3S 4S"], stock="5S")
        >>> [len(h) for h in deal.hands], str(deal.stock[0])
        ([2, 2], '5♠')
    """

    hands: tuple[tuple[Card, ...], ...] = attrs.field(converter=_hands_converter)
    """The cards of each seat, seat 0 first."""
    stock: tuple[Card, ...] = attrs.field(default=(), converter=_card_tuple)
    """The undealt cards, top card first."""

    @classmethod
    def of_cards(cls, hands: tuple[tuple[Card, ...], ...], stock: tuple[Card, ...]) -> Deal:
        """A deal the library made from cards it holds, each once (internal: the
        world sampler's first deals), without the checks of the constructor."""
        deal = object.__new__(cls)
        object.__setattr__(deal, "hands", hands)
        object.__setattr__(deal, "stock", stock)
        return deal

    def __attrs_post_init__(self) -> None:
        # By key, which a card's hash would compute in Python.
        seen: set[int] = set()
        for card in (*(c for hand in self.hands for c in hand), *self.stock):
            key = card._key
            if key in seen:
                raise InvalidArgumentError(f"card {card} is dealt twice")
            seen.add(key)


@attrs.frozen
class DealtHand:
    """The result of dealing one hand."""

    hands: tuple[tuple[Card, ...], ...]
    """Each seat's cards, sorted."""
    stock: tuple[Card, ...]
    """The undealt cards, top first."""
    trump: Suit | None
    """The trump suit of the hand (``None``: no trump)."""
    trump_card: Card | None
    """The face-up card that shows trump (and, in some games, the hand size)."""
