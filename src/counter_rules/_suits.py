"""The suits and ranks of cards (internal): :class:`Suit` and :class:`Rank`
live here, outside the compiled module ``counter_rules.cards`` that defines
:class:`~counter_rules.Card`, so that their methods keep their docstrings in
the compiled build; ``counter_rules.cards`` is their public home (it exports
them, and they name it as their module, so reprs and pickles read the same).
"""

from __future__ import annotations

import enum

from counter_rules.argument_checks import shown
from counter_rules.errors import InvalidNotationError

__all__ = ["SUITS", "Rank", "Suit"]


class Suit(enum.Enum):
    """The four suits. ``str()`` gives the symbol, :attr:`letter` the ASCII letter.

    Example:
        >>> from counter_rules import Suit
        >>> str(Suit.SPADES), Suit.SPADES.letter
        ('♠', 'S')
    """

    __module__ = "counter_rules.cards"

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

    __module__ = "counter_rules.cards"

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
