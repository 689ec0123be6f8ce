"""Bridge deals as bridge programs write them (DDS, endplay): the PBN deal
notation, :func:`to_pbn` and :func:`from_pbn`, and a card's letters,
:func:`pbn_card`. Seats 0, 1, 2 and 3 are North, East, South and West: both
go clockwise.

Example:
    >>> from counter_rules.analysis.pbn import from_pbn, to_pbn
    >>> deal = "N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 765.876.876.7654 432.5432.5432.32"
    >>> to_pbn(from_pbn(deal)) == deal
    True
"""

from __future__ import annotations

from collections.abc import Sequence

from counter_rules.argument_checks import shown
from counter_rules.cards import Card, Rank, Suit
from counter_rules.errors import InvalidArgumentError

__all__ = ["from_pbn", "pbn_card", "to_pbn"]

_SEATS = "NESW"
# PBN lists each hand's suits in this order, each suit's cards high to low.
_PBN_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_PBN_RANKS = "AKQJT98765432"
_RANK_OF = {letter: Rank(14 - i if i else 1) for i, letter in enumerate(_PBN_RANKS)}


def _rank_letter(card: Card) -> str:
    return "A23456789TJQK"[int(card.rank) - 1]


def pbn_card(card: Card) -> str:
    """A card as bridge programs write it, suit letter first: ``"SA"``,
    ``"HT"`` for the ten of hearts.

    Raises:
        InvalidArgumentError: A Joker, or a second pack's card.

    Example:
        >>> from counter_rules import Card
        >>> from counter_rules.analysis.pbn import pbn_card
        >>> pbn_card(Card.parse("10H")), pbn_card(Card.parse("AS"))
        ('HT', 'SA')
    """
    if not isinstance(card, Card) or card.suit is None or card.copy:
        raise InvalidArgumentError(f"expected a card of one standard pack, got {shown(card)}")
    return card.suit.letter + _rank_letter(card)


def _hand_text(hand: Sequence[Card], seat: int) -> str:
    for card in hand:
        if not isinstance(card, Card) or card.suit is None or card.copy:
            raise InvalidArgumentError(
                f"seat {seat}'s hand holds {shown(card)}: a bridge hand holds only the 52 "
                "cards of one standard pack"
            )
    return ".".join(
        "".join(sorted((_rank_letter(c) for c in hand if c.suit is suit), key=_PBN_RANKS.index))
        for suit in _PBN_SUITS
    )


def to_pbn(hands: Sequence[Sequence[Card]]) -> str:
    """The PBN deal of four hands, seat 0 (North) first: ``"N:"`` and each
    hand's spades, hearts, diamonds and clubs, high to low, ``T`` for a ten.

    Raises:
        InvalidArgumentError: Not four hands, or a hand holds a Joker or a
            second pack's card.

    Example:
        >>> from counter_rules import Card
        >>> from counter_rules.analysis.pbn import to_pbn
        >>> to_pbn([[Card.parse("AS"), Card.parse("10H")], [Card.parse("2C")], [], []])
        'N:A.T.. ...2 ... ...'
    """
    if isinstance(hands, str) or not isinstance(hands, Sequence) or len(hands) != 4:
        raise InvalidArgumentError(
            f"to_pbn needs four hands (North, East, South, West), got {shown(hands)}"
        )
    return "N:" + " ".join(_hand_text(hand, seat) for seat, hand in enumerate(hands))


def from_pbn(text: str) -> tuple[tuple[Card, ...], ...]:
    """The four hands of a PBN deal, each sorted as the engine sorts cards,
    North's first whichever seat the text
    starts with (``"E:..."`` lists East, South, West, North).

    Raises:
        InvalidArgumentError: The text is not a PBN deal of four hands, or a
            card appears twice.

    Example:
        >>> from counter_rules.analysis.pbn import from_pbn
        >>> hands = from_pbn("S:AK... .QJ.. ..T9. ...87")
        >>> [" ".join(str(c) for c in hand) for hand in hands]
        ['9♦ 10♦', '7♣ 8♣', 'A♠ K♠', 'J♥ Q♥']
    """
    if not isinstance(text, str) or len(text) > 200:
        raise InvalidArgumentError(
            f"expected a PBN deal like 'N:AKQ.JT9.876.5432 ...', got {shown(text)}"
        )
    first, colon, body = text.strip().partition(":")
    parts = body.split()
    if not colon or first.upper() not in _SEATS or len(first) != 1 or len(parts) != 4:
        raise InvalidArgumentError(
            "expected a PBN deal: a seat letter N, E, S or W, a colon and four hands "
            f"of four suits each, got {shown(text)}"
        )
    start = _SEATS.index(first.upper())
    hands: list[tuple[Card, ...]] = [()] * 4
    seen: set[Card] = set()
    for offset, part in enumerate(parts):
        suits = part.split(".")
        if len(suits) != 4:
            raise InvalidArgumentError(
                f"a PBN hand has four suits separated by dots (spades first), got {shown(part)}"
            )
        cards = []
        for suit, letters in zip(_PBN_SUITS, suits, strict=True):
            for letter in letters.upper():
                rank = _RANK_OF.get(letter)
                if rank is None:
                    raise InvalidArgumentError(
                        f"{letter!r} in {shown(part)} is not a rank: expected one of {_PBN_RANKS}"
                    )
                card = Card(rank, suit)
                if card in seen:
                    raise InvalidArgumentError(f"card {card} is dealt twice in {shown(text)}")
                seen.add(card)
                cards.append(card)
        hands[(start + offset) % 4] = tuple(sorted(cards))
    return tuple(hands)
