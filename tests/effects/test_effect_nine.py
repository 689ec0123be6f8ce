"""Nine: worth 15 among more high cards, ½ among more low ones, else 9."""

from __future__ import annotations

from fractions import Fraction

from counter_tricks import effects, trick, values

from counter_rules import Suit


def test_a_nine_among_more_higher_cards_is_15() -> None:
    result = trick("9S KS QS 5S", Suit.CLUBS)
    assert values(result) == [15, 13, 12, 5]
    assert result.winner == 0
    (effect,) = effects(result, "nine")
    assert effect.index == 0
    assert "9♠" in str(effect) and "15" in str(effect)


def test_a_nine_among_more_lower_cards_is_half() -> None:
    result = trick("9S AH 5S KD", Suit.CLUBS)
    assert values(result) == [Fraction(1, 2), 1, 5, 13]
    assert result.winner == 2
    assert "½" in str(effects(result, "nine")[0])


def test_a_nine_with_as_many_higher_as_lower_cards_stays_9() -> None:
    result = trick("9S KS 5S 9H", Suit.CLUBS)
    assert values(result) == [9, 13, 5, 9]
    assert result.winner == 1


def test_a_nine_counts_values_after_the_five_and_the_three() -> None:
    assert values(trick("9S 5S 6S KS", Suit.CLUBS)) == [15, 11, 0, 13]
    assert values(trick("9S 3S QS 4S", Suit.CLUBS)) == [Fraction(1, 2), 19, 0, 0]


def test_a_nine_counts_an_off_suit_ten_as_15() -> None:
    result = trick("9S 10H 5S AD", Suit.CLUBS)
    assert values(result) == [Fraction(1, 2), 15, 5, 1]
    result = trick("9S 10H 5S KD", Suit.CLUBS)
    assert values(result) == [15, 15, 5, 13]
    assert result.winner == 0  # tied at 15 with the Ten: the earliest wins


def test_nines_are_judged_on_the_same_snapshot() -> None:
    assert values(trick("9S 9H KS QS", Suit.CLUBS)) == [15, 15, 13, 12]
    assert values(trick("9S 9H KS 3S", Suit.CLUBS)) == [9, 9, 13, 3]
    assert values(trick("9S 9H 3S QD 5C", Suit.CLUBS))[:2] == [Fraction(1, 2)] * 2
    assert values(trick("9S 9H 9D KS 2C", Suit.HEARTS))[:3] == [9, 9, 9]


def test_a_doubled_lead_is_applied_after_the_nine() -> None:
    result = trick("5H 9H KH 3H", Suit.SPADES, doubled_lead=True)
    assert values(result) == [10, Fraction(1, 2), 13, 3]
    led = trick("9H KH QH 3H", Suit.SPADES, doubled_lead=True)
    assert values(led) == [30, 13, 0, 15]
    assert led.winner == 0
    half = trick("9H AH 5H 3H", Suit.SPADES, doubled_lead=True)
    assert values(half)[0] == 1


def test_a_nine_worth_half_wins_under_an_odd_seven() -> None:
    assert trick("QS 7S 9S 5S", Suit.CLUBS).winner == 2
