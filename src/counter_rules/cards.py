"""Playing cards: :class:`Suit`, :class:`Rank`, :class:`Card` and :func:`cards`.

Cards are immutable values. Two cards are equal when rank, suit and ``copy``
(which physical deck the card comes from) are equal. Cards sort by suit
(♣ < ♦ < ♥ < ♠), then rank (A low, K high, as printed), then copy, which is the
order hands are shown in; the *trick-taking* strength of a card is a matter for
the ruleset, not for this ordering.

Example:
    >>> from counter_rules import Card, Rank, Suit, cards
    >>> Card.parse("QS")
    Card(rank=Rank.QUEEN, suit=Suit.SPADES, copy=0)
    >>> str(Card(Rank.TEN, Suit.HEARTS))
    '10♥'
    >>> [str(c) for c in sorted(cards("KS 2C 10H AS"))]
    ['2♣', '10♥', 'A♠', 'K♠']
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Any, ClassVar, Final

import attrs

from counter_rules.argument_checks import shown
from counter_rules.errors import InvalidNotationError

__all__ = ["SUITS", "Card", "Rank", "Suit", "cards", "standard_deck"]


class Suit(enum.Enum):
    """The four suits. ``str()`` gives the symbol, :attr:`letter` the ASCII letter.

    Example:
        >>> from counter_rules import Suit
        >>> str(Suit.SPADES), Suit.SPADES.letter
        ('♠', 'S')
    """

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def symbol(self) -> str:
        """The suit symbol, one of ``♣ ♦ ♥ ♠``."""
        return _SUIT_SYMBOLS[self.value]

    @property
    def letter(self) -> str:
        """The ASCII letter, one of ``C D H S``."""
        return "CDHS"[self.value]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit from a letter (``"S"``, ``"s"``) or a symbol (``"♠"``, ``"♤"``).

        Raises:
            InvalidNotationError: The text names no suit.

        Example:
            >>> from counter_rules import Suit
            >>> Suit.parse("h"), Suit.parse("♦")
            (<Suit.HEARTS: 2>, <Suit.DIAMONDS: 1>)
        """
        if not isinstance(text, str):
            raise InvalidNotationError(
                f"expected a suit: one of C D H S or ♣ ♦ ♥ ♠, got {shown(text)}"
            )
        suit = _SUIT_TEXT.get(text.strip().upper())
        if suit is None:
            raise InvalidNotationError(
                f"expected a suit: one of C D H S or ♣ ♦ ♥ ♠, got {shown(text)}"
            )
        return suit

    def __str__(self) -> str:
        return _SUIT_SYMBOLS[self.value]


_SUIT_SYMBOLS = ("♣", "♦", "♥", "♠")
SUITS: tuple[Suit, ...] = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
"""The four suits in sorting order (♣ ♦ ♥ ♠)."""

_SUIT_TEXT: dict[str, Suit] = {}
for _s in SUITS:
    _SUIT_TEXT[_s.letter] = _s
    _SUIT_TEXT[_s.symbol] = _s
_SUIT_TEXT.update({"♧": Suit.CLUBS, "♢": Suit.DIAMONDS, "♡": Suit.HEARTS, "♤": Suit.SPADES})


class Rank(enum.IntEnum):
    """Card ranks, valued as printed: ``ACE=1`` ... ``KING=13``.

    ``JOKER=14`` exists only for the rulesets that add Jokers; a Joker has no suit.

    Example:
        >>> from counter_rules import Rank
        >>> int(Rank.QUEEN), str(Rank.TEN), str(Rank.ACE)
        (12, '10', 'A')
    """

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    JOKER = 14

    def __str__(self) -> str:
        return _RANK_TEXT[self.value]


_RANK_TEXT = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "Jo")
_RANK_PARSE: dict[str, Rank] = {_RANK_TEXT[r]: Rank(r) for r in range(1, 14)}
_RANK_PARSE["T"] = Rank.TEN


def _card_key(rank: Rank, suit: Suit | None, copy: int) -> int:
    suit_value = 4 if suit is None else suit.value
    return (suit_value * 16 + int(rank)) * 16 + copy


KEY_COUNT: Final = 5 * 16 * 16
"""How many card keys there are (internal): every card has a small integer key
below this, from its suit (or Joker), rank and copy, so tables indexed by key
stand in for lookups by card on the engine's hot paths."""


@attrs.frozen(eq=False, order=False, repr=False)
class Card:
    """One playing card.

    ``Card(rank, suit, copy=0)``: ``copy`` tells apart identical cards of a
    two-deck game (``0`` for the first deck, ``1`` for the second); it prints as
    a suffix ``/1``. Jokers are ``Card(Rank.JOKER, None, copy)`` and print as
    ``Jo`` (``Jo/1`` for the second one).

    Example:
        >>> from counter_rules import Card, Rank, Suit
        >>> card = Card(Rank.QUEEN, Suit.SPADES)
        >>> card == Card.parse("Q♠") == Card.parse("qs")
        True
        >>> str(Card(Rank.ACE, Suit.DIAMONDS, copy=1))
        'A♦/1'
    """

    rank: Rank
    """The rank; ``Rank.JOKER`` for a Joker."""
    suit: Suit | None
    """The printed suit; ``None`` only for a Joker."""
    copy: int = 0
    """Which physical deck the card comes from (0 or 1 in a two-deck game)."""
    _key: int = attrs.field(init=False, repr=False)

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.rank, Rank):
            raise InvalidNotationError(f"expected a Rank for rank, got {shown(self.rank)}")
        if self.rank is Rank.JOKER:
            if self.suit is not None:
                raise InvalidNotationError(f"a Joker has no suit, got {shown(self.suit)}")
        elif not isinstance(self.suit, Suit):
            raise InvalidNotationError(f"expected a Suit for suit, got {shown(self.suit)}")
        if type(self.copy) is not int or not 0 <= self.copy < 16:
            raise InvalidNotationError(
                f"expected copy to be an integer from 0 to 15, got {shown(self.copy)}"
            )
        object.__setattr__(self, "_key", _card_key(self.rank, self.suit, self.copy))

    _interned: ClassVar[dict[int, Card]] = {}

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card: ``"QS"``, ``"Q♠"``, ``"qs"``, ``"10H"``, ``"TH"``, ``"AD"``,
        ``"2♣"``, ``"Q♠/1"`` (second deck) or ``"Jo"`` (a Joker).

        Raises:
            InvalidNotationError: The text is not a card.

        Example:
            >>> from counter_rules import Card
            >>> print(Card.parse("TH"), Card.parse("2♣"), Card.parse("jo/1"))
            10♥ 2♣ Jo/1
        """
        if not isinstance(text, str) or len(text) > 12:
            raise InvalidNotationError(f"expected a card like 'Q♠' or 'QS', got {text!r:.40}")
        raw = text.strip()
        body, _, copy_text = raw.partition("/")
        copy = 0
        if copy_text:
            if not (copy_text.isascii() and copy_text.isdigit()) or int(copy_text) > 15:
                raise InvalidNotationError(
                    f"expected a card like 'Q♠' or 'QS' (a copy suffix like '/1'),"
                    f" got {shown(text)}"
                )
            copy = int(copy_text)
        upper = body.upper()
        if upper in ("JO", "JOKER", "🃏"):
            return _intern(Rank.JOKER, None, copy)
        if len(upper) >= 2:
            rank = _RANK_PARSE.get(upper[:-1])
            suit = _SUIT_TEXT.get(upper[-1])
            if rank is not None and suit is not None:
                return _intern(rank, suit, copy)
        raise InvalidNotationError(f"expected a card like 'Q♠' or 'QS', got {shown(text)}")

    @property
    def is_joker(self) -> bool:
        """Whether this card is a Joker."""
        return self.rank is Rank.JOKER

    @property
    def letters(self) -> str:
        """The ASCII form, e.g. ``"QS"``, ``"10H"``, ``"Jo"``, ``"QS/1"``."""
        base = "Jo" if self.suit is None else f"{_RANK_TEXT[self.rank]}{self.suit.letter}"
        return f"{base}/{self.copy}" if self.copy else base

    def __repr__(self) -> str:
        suit = "None" if self.suit is None else f"Suit.{self.suit.name}"
        return f"Card(rank=Rank.{self.rank.name}, suit={suit}, copy={self.copy})"

    def __str__(self) -> str:
        base = "Jo" if self.suit is None else f"{_RANK_TEXT[self.rank]}{self.suit.symbol}"
        return f"{base}/{self.copy}" if self.copy else base

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if isinstance(other, Card):
            return self._key == other._key
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self._key != other._key
        return NotImplemented

    def __hash__(self) -> int:
        return self._key

    def __lt__(self, other: Card) -> bool:
        if isinstance(other, Card):
            return self._key < other._key
        return NotImplemented

    def __le__(self, other: Card) -> bool:
        if isinstance(other, Card):
            return self._key <= other._key
        return NotImplemented

    def __gt__(self, other: Card) -> bool:
        if isinstance(other, Card):
            return self._key > other._key
        return NotImplemented

    def __ge__(self, other: Card) -> bool:
        if isinstance(other, Card):
            return self._key >= other._key
        return NotImplemented

    def __reduce__(self) -> tuple[Any, ...]:
        # Unpickle and deepcopy to the shared instance, so identity checks on
        # the engine's fast paths keep working for restored states.
        return (_intern, (self.rank, self.suit, self.copy))


def _intern(rank: Rank, suit: Suit | None, copy: int = 0) -> Card:
    key = _card_key(rank, suit, copy)
    card = Card._interned.get(key)
    if card is None:
        card = Card(rank, suit, copy)
        Card._interned[key] = card
    return card


def intern_card(card: Card) -> Card:
    """Return the library's shared instance equal to ``card`` (internal fast path)."""
    found = Card._interned.get(card._key)
    if found is None:
        Card._interned[card._key] = card
        return card
    return found


def standard_deck(copy: int = 0) -> tuple[Card, ...]:
    """The 52 cards of one deck in sorting order (♣A ... ♠K).

    Raises:
        InvalidNotationError: ``copy`` is not an integer from 0 to 15.

    Example:
        >>> from counter_rules import standard_deck
        >>> deck = standard_deck()
        >>> len(deck), str(deck[0]), str(deck[-1])
        (52, 'A♣', 'K♠')
    """
    if type(copy) is not int or not 0 <= copy < 16:
        raise InvalidNotationError(
            f"expected copy to be an integer from 0 to 15, got {shown(copy)}"
        )
    return tuple(_intern(Rank(r), s, copy) for s in SUITS for r in range(1, 14))


def cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Parse a space-separated list of cards (or an iterable of card texts).

    Raises:
        InvalidNotationError: One of the items is not a card, or ``text`` is
            neither text nor an iterable of texts; the message names it.

    Example:
        >>> from counter_rules import cards
        >>> [str(c) for c in cards("4S 4D 3S QS")]
        ['4♠', '4♦', '3♠', 'Q♠']
    """
    if isinstance(text, str):
        items = text.split()
    elif isinstance(text, Iterable) and not isinstance(text, (bytes, Card)):
        items = list(text)
    else:
        raise InvalidNotationError(f"expected card texts like 'QS 4D', got {text!r:.80}")
    return tuple(Card.parse(item) for item in items)


def _by_key(part: str) -> tuple[Any, ...]:
    table: list[Any] = [None] * KEY_COUNT
    for copy in range(16):
        for card in (*standard_deck(copy), _intern(Rank.JOKER, None, copy)):
            table[card._key] = getattr(card, part)
    return tuple(table)


RANK_OF_KEY: Final[tuple[Rank | None, ...]] = _by_key("rank")
"""The rank of every card, by card key (internal; ``None`` for unused keys):
indexing a tuple is cheaper than reading the card's attribute."""
SUIT_OF_KEY: Final[tuple[Suit | None, ...]] = _by_key("suit")
"""The suit of every card, by card key (internal; ``None`` for Jokers and unused keys)."""
