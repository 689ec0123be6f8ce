"""Eight: the Eight of the trick trump is a trump; any other Eight counts as the led suit."""

from __future__ import annotations

from fractions import Fraction

from counter_tricks import effects, trick, values

from counter_rules import Suit


def test_an_off_suit_eight_counts_as_a_card_of_the_led_suit() -> None:
    result = trick("9S 8H KD AS", Suit.CLUBS)
    assert values(result) == [Fraction(1, 2), 8, 13, 1]
    assert result.winner == 1
    (effect,) = effects(result, "eight")
    assert effect.index == 1
    assert "8♥" in str(effect) and "♠" in str(effect)


def test_the_eight_of_trumps_is_a_trump() -> None:
    result = trick("QS 8H KS 5S", Suit.HEARTS)
    assert result.winner == 1
    assert effects(result, "eight") == []


def test_an_off_suit_eight_is_not_a_trump() -> None:
    assert trick("QS 8D KS 5S", Suit.HEARTS).winner == 2


def test_an_eight_of_the_led_suit_is_an_ordinary_card() -> None:
    result = trick("8S QS 5S AD", Suit.CLUBS)
    assert result.winner == 1
    assert effects(result, "eight") == []


def test_an_off_suit_eight_can_be_the_lowest_of_the_led_suit() -> None:
    assert trick("QS 7H 8D KS", Suit.CLUBS).winner == 2
    assert trick("QS 9S 8D KS 7H", Suit.CLUBS).winner == 2


def test_after_a_king_lead_the_eight_of_the_old_trump_counts_as_the_led_suit() -> None:
    result = trick("KH 8S 3D QH", Suit.SPADES)
    assert result.trick_trump is Suit.DIAMONDS
    assert result.winner == 2


def test_after_a_king_lead_an_eight_of_a_third_suit_sets_the_trick_trump() -> None:
    result = trick("KH 8D 3C QH", Suit.SPADES)
    assert result.trick_trump is Suit.DIAMONDS
    assert result.winner == 1


def test_every_eight_counts_as_a_trump_after_a_led_two() -> None:
    assert trick("2C 8D 5H 3H", Suit.HEARTS).winner == 1
