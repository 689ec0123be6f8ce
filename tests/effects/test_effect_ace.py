"""Ace: worth 14 instead of 1 when a Jack, Queen or King of its own suit is in the trick."""

from __future__ import annotations

from counter_tricks import effects, trick, values

from counter_rules import Suit


def test_ace_is_14_with_a_jack_of_its_suit() -> None:
    result = trick("AS JS 5H 8D", Suit.CLUBS)
    assert values(result) == [14, 11, 5, 8]
    assert result.winner == 0
    (effect,) = effects(result, "ace")
    assert effect.index == 0
    assert "A♠" in str(effect) and "14" in str(effect) and "J♠" in str(effect)


def test_ace_is_14_with_a_queen_of_its_suit() -> None:
    result = trick("AS QS 5H 8D", Suit.CLUBS)
    assert values(result) == [14, 12, 5, 8]
    assert result.winner == 0


def test_ace_is_14_with_a_king_of_its_suit() -> None:
    result = trick("AS KS 5H 8D", Suit.CLUBS)
    assert values(result) == [14, 13, 5, 8]
    assert result.winner == 0


def test_ace_stays_1_with_court_cards_of_other_suits_only() -> None:
    result = trick("AS KH 5S 8D", Suit.CLUBS)
    assert values(result) == [1, 13, 5, 8]
    assert result.winner == 3  # 8♦ counts as a spade worth 8
    assert effects(result, "ace") == []


def test_ace_off_the_led_suit_is_14_with_a_court_card_of_its_own_suit() -> None:
    result = trick("5S AH KH 8S", Suit.CLUBS)
    assert values(result) == [5, 14, 13, 8]
    assert result.winner == 3  # neither heart is of the led suit or a trump


def test_ace_compares_printed_suits_and_a_ten_is_no_court_card() -> None:
    assert values(trick("AH 10H KH 3H", Suit.SPADES)) == [14, 10, 13, 3]
    assert values(trick("AH 10S 5H 3H", Suit.SPADES)) == [1, 15, 5, 3]


def test_ace_of_trumps_at_14_beats_the_king_of_trumps() -> None:
    result = trick("QS AH KH 5S", Suit.HEARTS)
    assert values(result) == [12, 14, 13, 5]
    assert result.winner == 1


def test_two_aces_both_become_14() -> None:
    result = trick("AS AH KS QH", Suit.CLUBS)
    assert values(result)[:2] == [14, 14]
    assert len(effects(result, "ace")) == 2


def test_ace_at_14_loses_to_the_lowest_card_under_an_odd_seven() -> None:
    result = trick("AS KS 7S 5S", Suit.CLUBS)
    assert values(result) == [14, 13, 7, 5]
    assert result.winner == 3


def test_a_nine_counts_the_ace_at_14() -> None:
    result = trick("9S AS KS 5D", Suit.CLUBS)
    assert values(result) == [15, 14, 13, 5]
