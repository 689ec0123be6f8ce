"""Two: every Two is a trump; a led Two makes trumps the suit to follow and the led suit."""

from __future__ import annotations

from counter_tricks import effects, trick, values

from counter_rules import Suit


def test_a_two_played_to_another_suit_is_a_trump() -> None:
    result = trick("QS 2D KS 5S", Suit.HEARTS)
    assert values(result) == [12, 2, 13, 5]
    assert result.winner == 1
    (effect,) = effects(result, "two")
    assert effect.index == 1
    assert "2♦" in str(effect) and "trump" in str(effect)


def test_a_led_two_makes_the_trump_suit_the_led_suit() -> None:
    result = trick("2D 5H KS 3H", Suit.HEARTS)
    assert result.led_suit is Suit.HEARTS
    assert result.winner == 1  # the highest trump: 5♥ beats 3♥ and the led 2♦
    assert any(e.index == 0 and "led" in str(e) for e in effects(result, "two"))


def test_a_two_is_worth_2_among_the_trumps() -> None:
    assert trick("QS 2H 3H 5S", Suit.HEARTS).winner == 2
    assert trick("QS 2C 3H 5S", Suit.HEARTS).winner == 2


def test_tied_twos_go_to_the_earliest() -> None:
    result = trick("QS 2D 2C 5S", Suit.HEARTS)
    assert result.winner == 1


def test_a_two_is_the_lowest_trump_under_an_odd_seven() -> None:
    result = trick("7S 2D 3H KS", Suit.HEARTS)
    assert result.winner == 1


def test_a_two_is_the_only_trump_after_a_king_lead_without_a_third_suit() -> None:
    result = trick("KH QS 5H 2H", Suit.SPADES)
    assert result.trick_trump is None
    assert result.winner == 3


def test_an_off_suit_ten_on_a_led_two_becomes_a_trump_worth_15() -> None:
    result = trick("2C 10D 5H 3H", Suit.HEARTS)
    assert values(result) == [2, 15, 5, 3]
    assert result.winner == 1


def test_an_eight_on_a_led_two_counts_as_a_trump() -> None:
    assert trick("2C 8D 5H 3H", Suit.HEARTS).winner == 1


def test_a_led_two_without_a_trump_suit_keeps_its_printed_suit() -> None:
    result = trick("2C 5C 9H KC", None)
    assert result.led_suit is Suit.CLUBS
    assert result.winner == 0  # the only trump is the Two
