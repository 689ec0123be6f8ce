"""Cards: parsing, printing, ordering, equality and bad input."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st
from source_helpers import documented_attributes

from counter_rules import SUITS, Card, InvalidNotationError, Rank, Suit, cards, standard_deck


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("QS", Rank.QUEEN, Suit.SPADES),
        ("Q♠", Rank.QUEEN, Suit.SPADES),
        ("qs", Rank.QUEEN, Suit.SPADES),
        ("10H", Rank.TEN, Suit.HEARTS),
        ("TH", Rank.TEN, Suit.HEARTS),
        ("AD", Rank.ACE, Suit.DIAMONDS),
        ("2♣", Rank.TWO, Suit.CLUBS),
        (" kc ", Rank.KING, Suit.CLUBS),
        ("J♡", Rank.JACK, Suit.HEARTS),
    ],
)
def test_parse_accepts_the_contract_forms(text: str, rank: Rank, suit: Suit) -> None:
    """Card.parse accepts letters, symbols, lower case and both forms of ten."""
    assert Card.parse(text) == Card(rank, suit)


@pytest.mark.parametrize("text", ["", "1x", "11S", "QX", "Q", "S", "ZS", "QS/x", "QS/99", "10"])
def test_parse_rejects_bad_text_naming_it(text: str) -> None:
    """Bad text raises InvalidNotationError (a ValueError) that quotes the text."""
    with pytest.raises(InvalidNotationError) as info:
        Card.parse(text)
    assert repr(text) in str(info.value)
    assert isinstance(info.value, ValueError)


def test_parse_rejects_non_strings() -> None:
    """A non-string is not card text."""
    with pytest.raises(InvalidNotationError):
        Card.parse(12)  # type: ignore[arg-type]


def test_str_uses_symbols_and_ten_as_10() -> None:
    """str(card) gives 'Q♠' and '10♥'; the second deck's copy prints '/1'."""
    assert str(Card.parse("QS")) == "Q♠"
    assert str(Card.parse("TH")) == "10♥"
    assert str(Card(Rank.ACE, Suit.CLUBS, 1)) == "A♣/1"
    assert str(Suit.SPADES) == "♠"


def test_positional_construction_and_bad_fields() -> None:
    """Card(rank, suit, copy) works positionally and rejects wrong types."""
    assert Card(Rank.QUEEN, Suit.SPADES, 0) == Card.parse("QS")
    with pytest.raises(InvalidNotationError):
        Card(12, Suit.SPADES)  # type: ignore[arg-type]
    with pytest.raises(InvalidNotationError):
        Card(Rank.QUEEN, "S")  # type: ignore[arg-type]
    with pytest.raises(InvalidNotationError):
        Card(Rank.QUEEN, Suit.SPADES, -1)
    with pytest.raises(InvalidNotationError):
        Card(Rank.JOKER, Suit.SPADES)


@pytest.mark.parametrize("name", ["rank", "suit", "copy", "_key", "colour"])
def test_a_card_refuses_every_write(name: str) -> None:
    """A card is immutable: writing or deleting any attribute raises
    AttributeError naming it, and the card (shared by every game) keeps its
    value."""
    card = Card.parse("QS")
    with pytest.raises(AttributeError, match=repr(name)):
        setattr(card, name, 1)
    with pytest.raises(AttributeError, match=repr(name)):
        delattr(card, name)
    assert card == Card(Rank.QUEEN, Suit.SPADES) and hash(card) == hash(Card.parse("Q♠"))
    assert not hasattr(card, "__dict__")


def test_keyword_construction_and_the_bad_part_named() -> None:
    """Card(rank=..., suit=..., copy=...) builds the same card, and a bad part
    is refused by the library's error naming it, in both builds (the
    compiled build's class checks the parts before its typed constructor)."""
    assert Card(rank=Rank.ACE, suit=Suit.HEARTS, copy=1) == Card.parse("AH/1")
    with pytest.raises(InvalidNotationError, match="expected a Rank for rank, got 'A'"):
        Card("A", Suit.HEARTS)  # type: ignore[arg-type]
    with pytest.raises(InvalidNotationError, match="copy to be an integer from 0 to 15, got 16"):
        Card(Rank.ACE, Suit.HEARTS, copy=16)
    with pytest.raises(InvalidNotationError, match="copy to be an integer"):
        Card(Rank.ACE, Suit.HEARTS, copy=True)  # a bool is no copy number


def test_every_public_card_attribute_has_a_docstring() -> None:
    """STYLE: an attribute docstring under rank, suit and copy (read from the
    checkout's source, which the compiled build does not keep with the class)."""
    documented = documented_attributes("cards.py", "Card")
    assert {"rank", "suit", "copy"} <= documented
    assert Card.__doc__ and "One playing card" in Card.__doc__


def test_jokers_have_no_suit() -> None:
    """A Joker prints as 'Jo' and parses back."""
    joker = Card.parse("Jo")
    assert joker.is_joker and joker.suit is None and str(joker) == "Jo"
    assert Card.parse("jo/1") == Card(Rank.JOKER, None, 1)


def test_deck_and_cards() -> None:
    """standard_deck has 52 distinct sorted cards; cards() parses a list."""
    deck = standard_deck()
    assert len(set(deck)) == 52 and list(deck) == sorted(deck)
    assert cards("4S 4D 3S QS") == (
        Card(Rank.FOUR, Suit.SPADES),
        Card(Rank.FOUR, Suit.DIAMONDS),
        Card(Rank.THREE, Suit.SPADES),
        Card(Rank.QUEEN, Suit.SPADES),
    )
    assert cards(["4S", "QS"]) == cards("4S QS")
    with pytest.raises(InvalidNotationError, match="'4X'"):
        cards("4S 4X")
    assert tuple(Suit) == SUITS


@given(st.sampled_from(standard_deck()), st.integers(0, 1))
def test_text_round_trips(card: Card, copy: int) -> None:
    """str() and .letters parse back to the same card; pickling keeps equality."""
    card = Card(card.rank, card.suit, copy)
    assert Card.parse(str(card)) == card
    assert Card.parse(card.letters) == card
    assert pickle.loads(pickle.dumps(card)) == card
    assert hash(Card.parse(str(card))) == hash(card)


def test_ordering_is_suit_then_rank() -> None:
    """Cards sort by suit (♣ ♦ ♥ ♠) then printed rank."""
    assert sorted(cards("AS 2C KH 10H")) == list(cards("2C 10H KH AS"))
    assert Card.parse("2C") < Card.parse("AD")
    assert Card.parse("KS") >= Card.parse("KS")
