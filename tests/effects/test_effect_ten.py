"""Ten: a Ten of another suit than the led suit takes the led suit and the value 15."""

from __future__ import annotations

from counter_tricks import effects, trick, values

from counter_rules import Suit


def test_an_off_suit_ten_takes_the_led_suit_and_15() -> None:
    result = trick("QS 10D 5S 8C", Suit.HEARTS)
    assert values(result) == [12, 15, 5, 8]
    assert result.winner == 1
    (effect,) = effects(result, "ten")
    assert effect.index == 1
    assert "10♦" in str(effect) and "15" in str(effect) and "♠" in str(effect)


def test_a_ten_of_the_led_suit_stays_10() -> None:
    result = trick("QS 10S 5S 8C", Suit.HEARTS)
    assert values(result) == [12, 10, 5, 8]
    assert result.winner == 0
    assert effects(result, "ten") == []


def test_a_led_ten_stays_10() -> None:
    assert values(trick("10S QS 5D 8C", Suit.HEARTS)) == [10, 12, 5, 8]


def test_the_ten_of_trumps_on_another_lead_is_beaten_by_the_smallest_trump() -> None:
    result = trick("QS 10H 5D AH", Suit.HEARTS)
    assert values(result) == [12, 15, 5, 1]
    assert result.winner == 3
    assert trick("QS 10H 5D 8S", Suit.HEARTS).winner == 1


def test_the_ten_of_trumps_on_a_trump_lead_is_a_trump_worth_10() -> None:
    result = trick("5H 10H KS 3D", Suit.HEARTS)
    assert values(result) == [5, 10, 13, 3]
    assert result.winner == 1


def test_an_off_suit_ten_on_a_trump_lead_becomes_a_trump_worth_15() -> None:
    result = trick("5H 10S KH 3D", Suit.HEARTS)
    assert values(result) == [5, 15, 13, 3]
    assert result.winner == 1


def test_an_off_suit_ten_on_a_led_two_becomes_a_trump() -> None:
    result = trick("2C 10D 5H 3H", Suit.HEARTS)
    assert values(result) == [2, 15, 5, 3]
    assert result.winner == 1


def test_an_off_suit_ten_on_a_king_lead_does_not_set_the_trick_trump() -> None:
    result = trick("KH 10D 3C 9H", Suit.SPADES)
    assert result.trick_trump is Suit.CLUBS
    assert result.winner == 2


def test_tied_off_suit_tens_go_to_the_earliest() -> None:
    result = trick("QS 10H 10D 5S", Suit.CLUBS)
    assert values(result) == [12, 15, 15, 5]
    assert result.winner == 1


def test_an_off_suit_ten_worth_15_loses_under_an_odd_seven() -> None:
    assert trick("QS 10H 7S 5S", Suit.CLUBS).winner == 3
