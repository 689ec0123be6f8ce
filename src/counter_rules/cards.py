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

import inspect
from collections.abc import Iterable
from typing import Any, ClassVar, Final, overload

from counter_rules._suits import (
    _RANK_PARSE,
    _RANK_TEXT,
    _SUIT_TEXT,
    SUITS,
    Rank,
    Suit,
)
from counter_rules.argument_checks import shown
from counter_rules.errors import InvalidNotationError

__all__ = ["SUITS", "Card", "Rank", "Suit", "cards", "standard_deck"]

# The compiled build compiles this module with mypyc, and a compiled function
# checks its arguments' declared types itself (a bare TypeError). The public
# entry points that refuse bad input in words therefore take ``object``; a
# single ``@overload`` above each gives type checkers the typed form.


def _card_key(rank: Rank, suit: Suit | None, copy: int) -> int:
    suit_value = 4 if suit is None else suit.value
    return (suit_value * 16 + int(rank)) * 16 + copy


KEY_COUNT: Final = 5 * 16 * 16
"""How many card keys there are (internal): every card has a small integer key
below this, from its suit (or Joker), rank and copy, so tables indexed by key
stand in for lookups by card on the engine's hot paths."""


_CARD_DOC: Final = """One playing card.

    ``Card(rank, suit, copy=0)``: ``copy`` tells apart identical cards of a
    two-deck game (``0`` for the first deck, ``1`` for the second); it prints as
    a suffix ``/1``. Jokers are ``Card(Rank.JOKER, None, copy)`` and print as
    ``Jo`` (``Jo/1`` for the second one). A card is immutable: writing an
    attribute raises :exc:`AttributeError`.

    Raises:
        InvalidNotationError: ``rank`` is not a :class:`Rank`, ``suit`` not a
            :class:`Suit` (``None`` for a Joker, and only for a Joker), or
            ``copy`` not an integer from 0 to 15.

    Example:
        >>> from counter_rules import Card, Rank, Suit
        >>> card = Card(Rank.QUEEN, Suit.SPADES)
        >>> card == Card.parse("Q♠") == Card.parse("qs")
        True
        >>> str(Card(Rank.ACE, Suit.DIAMONDS, copy=1))
        'A♦/1'
    """


def _check_card(rank: object, suit: object, copy: object) -> None:
    """Refuse the parts of a card that make none, naming the part."""
    if not isinstance(rank, Rank):
        raise InvalidNotationError(f"expected a Rank for rank, got {shown(rank)}")
    if rank is Rank.JOKER:
        if suit is not None:
            raise InvalidNotationError(f"a Joker has no suit, got {shown(suit)}")
    elif not isinstance(suit, Suit):
        raise InvalidNotationError(f"expected a Suit for suit, got {shown(suit)}")
    _check_copy(copy)


def _check_copy(copy: object) -> int:
    """``copy``, refused unless it is an integer from 0 to 15."""
    if type(copy) is not int or not 0 <= copy < 16:
        raise InvalidNotationError(
            f"expected copy to be an integer from 0 to 15, got {shown(copy)}"
        )
    return copy


class Card:
    # In the compiled build this is a native class: its attributes are
    # read-only slots that compiled code reads directly. ``__new__`` checks the
    # parts first, so that a bad one is refused in words in both builds (the
    # compiled ``__init__`` would raise a bare TypeError on a wrong type), and
    # type checkers still read the parts' types from ``__init__``.
    __slots__ = ("_key", "copy", "rank", "suit")

    rank: Final[Rank]
    """The rank; ``Rank.JOKER`` for a Joker."""
    suit: Final[Suit | None]
    """The printed suit; ``None`` only for a Joker."""
    copy: Final[int]
    """Which physical deck the card comes from (0 or 1 in a two-deck game)."""
    _key: Final[int]

    def __new__(cls, rank: object, suit: object, copy: object = 0) -> Card:
        _check_card(rank, suit, copy)
        return super().__new__(cls)

    def __init__(self, rank: Rank, suit: Suit | None, copy: int = 0) -> None:
        self.rank = rank
        self.suit = suit
        self.copy = copy
        self._key = _card_key(rank, suit, copy)  # written last: see __setattr__

    def __setattr__(self, name: str, value: object) -> None:
        # Compiled code writes the slots in __init__ directly; every other
        # write comes here. A card without its key is one being made.
        if hasattr(self, "_key"):
            raise AttributeError(f"attribute {name!r} of 'Card' objects is not writable")
        object.__setattr__(self, name, value)

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"attribute {name!r} of 'Card' objects is not writable")

    _interned: ClassVar[dict[int, Card]] = {}

    @overload  # type: ignore[misc]  # the typed form, for type checkers
    @classmethod
    def parse(cls, text: str) -> Card: ...

    @classmethod
    def parse(cls, text: object) -> Card:
        """Read a card: ``"QS"``, ``"Q♠"``, ``"qs"``, ``"10H"``, ``"TH"``, ``"AD"``,
        ``"2♣"``, ``"Q♠/1"`` (second deck) or ``"Jo"`` (a Joker).

        Raises:
            InvalidNotationError: The text is not a card.

        Example:
            >>> from counter_rules import Card
            >>> print(Card.parse("TH"), Card.parse("2♣"), Card.parse("jo/1"))
            10♥ 2♣ Jo/1
        """
        return _parse_card(text)

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


setattr(Card, "__doc__", _CARD_DOC)  # noqa: B010  # a native class keeps no docstring
# help() and the API reference show the parts as __init__ types them (not as
# __new__, which takes anything in order to refuse it in words).
_init_parameters = tuple(inspect.signature(Card.__init__).parameters.values())[1:]
setattr(  # noqa: B010  # read by inspect.signature
    Card, "__signature__", inspect.Signature(_init_parameters)
)


def _parse_card(text: object) -> Card:
    """The body of :meth:`Card.parse`, taking anything: compiled code calls
    ``Card.parse`` through its typed form, so :func:`cards` calls this."""
    if not isinstance(text, str) or len(text) > 12:
        raise InvalidNotationError(f"expected a card like 'Q♠' or 'QS', got {text!r:.40}")
    raw = text.strip()
    body, _, copy_text = raw.partition("/")
    copy = 0
    if copy_text:
        if not (copy_text.isascii() and copy_text.isdigit()) or int(copy_text) > 15:
            raise InvalidNotationError(
                f"expected a card like 'Q♠' or 'QS' (a copy suffix like '/1'), got {shown(text)}"
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


@overload  # type: ignore[misc]  # the typed form, for type checkers
def standard_deck(copy: int = 0) -> tuple[Card, ...]: ...


def standard_deck(copy: object = 0) -> tuple[Card, ...]:
    """The 52 cards of one deck in sorting order (♣A ... ♠K).

    Raises:
        InvalidNotationError: ``copy`` is not an integer from 0 to 15.

    Example:
        >>> from counter_rules import standard_deck
        >>> deck = standard_deck()
        >>> len(deck), str(deck[0]), str(deck[-1])
        (52, 'A♣', 'K♠')
    """
    number = _check_copy(copy)
    return tuple(_intern(Rank(r), s, number) for s in SUITS for r in range(1, 14))


@overload  # type: ignore[misc]  # the typed form, for type checkers
def cards(text: str | Iterable[str]) -> tuple[Card, ...]: ...


def cards(text: object) -> tuple[Card, ...]:
    """Parse a space-separated list of cards (or an iterable of card texts).

    Raises:
        InvalidNotationError: One of the items is not a card, or ``text`` is
            neither text nor an iterable of texts; the message names it.

    Example:
        >>> from counter_rules import cards
        >>> [str(c) for c in cards("4S 4D 3S QS")]
        ['4♠', '4♦', '3♠', 'Q♠']
    """
    items: list[object]  # each item is checked by _parse_card, whatever it is
    if isinstance(text, str):
        items = list(text.split())
    elif isinstance(text, Iterable) and not isinstance(text, (bytes, Card)):
        items = list(text)
    else:
        raise InvalidNotationError(f"expected card texts like 'QS 4D', got {text!r:.80}")
    return tuple(_parse_card(item) for item in items)


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
