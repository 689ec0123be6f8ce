"""Seven: an odd number of Sevens makes the lowest card win; an even number cancels out."""

from __future__ import annotations

from fractions import Fraction

from counter_tricks import effects, trick, values

from counter_rules import Suit


def test_one_seven_makes_the_lowest_trump_win() -> None:
    result = trick("QS 7S 8H KH", Suit.HEARTS)
    assert result.winner == 2
    (effect,) = effects(result, "seven")
    assert "odd" in str(effect) and "lowest" in str(effect)


def test_one_seven_without_trumps_makes_the_lowest_of_the_led_suit_win() -> None:
    assert trick("QS 7S KS 5S", Suit.HEARTS).winner == 3


def test_an_off_suit_seven_still_counts() -> None:
    assert trick("QS 7H KS AD", Suit.CLUBS).winner == 0


def test_two_sevens_cancel_out() -> None:
    result = trick("7S 7H QS 5S", Suit.DIAMONDS)
    assert result.winner == 2
    (effect,) = effects(result, "seven")
    assert "even" in str(effect) or "cancel" in str(effect)


def test_three_sevens_make_the_lowest_win() -> None:
    assert trick("7S 7H 7D 5S", Suit.CLUBS).winner == 3
    assert trick("7S 7H 7D KS", Suit.HEARTS).winner == 1


def test_four_sevens_make_the_highest_win() -> None:
    assert trick("7S 7H 7D 7C", Suit.HEARTS).winner == 1
    assert trick("7S 7H 7D 7C 5S", Suit.DIAMONDS).winner == 2
    assert trick("7S 7H 7D 7C 8S", Suit.SPADES).winner == 4


def test_under_one_seven_a_nine_worth_half_wins() -> None:
    result = trick("QS 7S 9S 5S", Suit.CLUBS)
    assert values(result) == [12, 7, Fraction(1, 2), 5]
    assert result.winner == 2


def test_under_one_seven_the_earliest_of_tied_lowest_cards_wins() -> None:
    result = trick("9S 7S 3S QS 4S", Suit.DIAMONDS)
    assert values(result) == [Fraction(1, 2), 7, 19, 0, 0]
    assert result.winner == 3


def test_a_led_king_cancels_the_sevens() -> None:
    result = trick("KS 7S 5S QS", Suit.HEARTS)
    assert result.winner == 0
    assert effects(result, "seven") == []
    assert any("Seven" in str(e) for e in effects(result, "king"))


def test_the_note_of_one_seven_says_one_seven_an_odd_number() -> None:
    """One Seven is an odd number: the note says so in words."""
    (effect,) = effects(trick("QS 7S 8H KH", Suit.HEARTS), "seven")
    assert str(effect) == "one Seven, an odd number: the lowest value wins"


def test_the_note_of_three_sevens_counts_them() -> None:
    """Three Sevens are an odd number: the note counts them."""
    (effect,) = effects(trick("7S 7H 7D 5S", Suit.CLUBS), "seven")
    assert str(effect) == "3 Sevens, an odd number: the lowest value wins"


def test_the_note_of_two_sevens_says_they_cancel_out() -> None:
    """Two Sevens are an even number: they cancel out."""
    (effect,) = effects(trick("7S 7H QS 5S", Suit.DIAMONDS), "seven")
    assert str(effect) == "2 Sevens, an even number: they cancel out"
