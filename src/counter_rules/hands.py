"""The value types of a game's hands, shared by the rulesets and the state.

- :class:`Phase`: what the game waits for;
- :class:`Deal`: the exact cards of a deal, as a caller fixes them;
- :class:`DealtHand`: the cards of a hand as a ruleset deals them;
- :class:`HandResult`: the scored result of a finished hand;
- :class:`Position`: what a ruleset reads of a game at one moment
  (:class:`~counter_rules.GameState` has every one of these fields).

They sit below both the rulesets (``counter_rules.rulesets``) and the state
(``counter_rules.state``): a ruleset answers questions about a position
without knowing the class of the state that holds it, and a state holds its
ruleset.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from typing import Protocol

import attrs

from counter_rules.cards import Card, Suit
from counter_rules.checks import shown
from counter_rules.errors import InvalidArgumentError
from counter_rules.trick import PlayedCard, TrickResult

__all__ = ["Deal", "DealtHand", "HandResult", "Phase", "Position"]


class Phase(enum.Enum):
    """What the game is waiting for."""

    BIDDING = "bidding"
    """Players bid, one after another from the dealer's left (or all at once)."""
    PLAYING = "playing"
    """Players play cards to the current trick."""
    PASSING = "passing"
    """Every player passes one card to the left, all at once (Counter's Five)."""
    GAME_OVER = "game over"
    """The game has ended; :attr:`GameState.winners` is known."""

    def __str__(self) -> str:
        return self.value


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


class Position(Protocol):
    """What a ruleset reads of a game at one moment.

    Every :class:`~counter_rules.GameState` is a position; the methods of
    :class:`~counter_rules.Ruleset` that judge bids, plays and hands take one.
    The fields mean what the state's fields of the same names mean.
    """

    @property
    def phase(self) -> Phase:
        """What the game waits for."""

    @property
    def hand_number(self) -> int:
        """The current hand, counting from 1."""

    @property
    def dealer(self) -> int:
        """The dealer of the current hand."""

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's cards, sorted."""

    @property
    def bids(self) -> tuple[int | None, ...]:
        """Each seat's bid this hand (``None`` until the seat has bid)."""

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """Tricks each seat has won this hand."""

    @property
    def trick(self) -> tuple[PlayedCard, ...]:
        """The cards played so far to the current trick, leader first."""

    @property
    def trump(self) -> Suit | None:
        """The current trump suit."""

    @property
    def scores(self) -> tuple[int, ...]:
        """Running totals before the current hand is scored."""

    @property
    def tricks(self) -> tuple[TrickResult, ...]:
        """The completed tricks of the current hand."""

    @property
    def cards_dealt(self) -> int:
        """How many cards each player was dealt this hand."""

    @property
    def blind(self) -> tuple[bool, ...]:
        """Which seats bid blind this hand."""

    @property
    def history(self) -> tuple[HandResult, ...]:
        """The results of the finished hands, oldest first."""


@attrs.frozen
class HandResult:
    """The scored result of one finished hand."""

    hand_number: int
    """Which hand (1 for the first)."""
    dealer: int
    """The dealer of that hand."""
    cards_dealt: int
    """How many cards each player was dealt."""
    trump: Suit | None
    """The trump suit the hand started with."""
    bids: tuple[int, ...]
    """Each seat's bid."""
    tricks_won: tuple[int, ...]
    """The tricks each seat won."""
    points: tuple[int, ...]
    """The points each seat scored for the hand."""
    scores: tuple[int, ...]
    """The running totals after the hand."""
    blind: tuple[bool, ...] = ()
    """Which seats bid blind."""
    exchanges: tuple[tuple[Card | None, ...], ...] = ()
    """The hand's passes (Counter): for each exchange, the card each seat passed
    (``None`` where a player's view does not know it)."""
    tricks: tuple[TrickResult, ...] = ()
    """The hand's tricks, in order (as the engine resolved them, without the
    effects list; see :func:`counter_rules.explain_trick`)."""
