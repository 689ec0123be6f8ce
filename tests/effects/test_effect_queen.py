"""Queen: strips the Fours of their buffs, and is worth 15 when a card of the trick is worth 11."""

from __future__ import annotations

from counter_tricks import effects, trick, values

from counter_rules import Suit


def test_a_queen_strips_a_victor_four() -> None:
    result = trick("4S+4D QH KS 5S", Suit.CLUBS)
    assert result.winner == 2
    (effect,) = [e for e in effects(result, "queen") if "buff" in str(e)]
    assert effect.index == 0
    assert "4♠" in str(effect)


def test_a_queen_strips_a_void_four() -> None:
    assert trick("JS 4S QH 7S", Suit.CLUBS).winner == 1


def test_a_queen_is_15_next_to_a_jack() -> None:
    result = trick("QS JH 5D KS", Suit.CLUBS)
    assert values(result) == [15, 11, 5, 13]
    assert result.winner == 0
    (effect,) = effects(result, "queen")
    assert "15" in str(effect) and "J♥" in str(effect)


def test_a_queen_is_15_next_to_a_five_that_stole_one_six() -> None:
    assert values(trick("QS 5S 6S KS", Suit.CLUBS)) == [15, 11, 0, 13]
    assert values(trick("QS 6H 5S KS", Suit.CLUBS)) == [15, 0, 11, 13]


def test_a_queen_stays_12_without_a_card_worth_11() -> None:
    result = trick("QS 5S 8H KS", Suit.CLUBS)
    assert values(result) == [12, 5, 8, 13]
    assert effects(result, "queen") == []
    assert values(trick("QS 5S 6S 6H", Suit.CLUBS))[0] == 12  # the Five is 17


def test_every_queen_becomes_15() -> None:
    assert values(trick("QS QH JS 5S", Suit.CLUBS)) == [15, 15, 11, 5]


def test_the_queen_acts_before_the_three() -> None:
    assert values(trick("JS 3S QS 5S", Suit.CLUBS)) == [11, 18, 0, 5]


def test_example_four_four_three_queen() -> None:
    result = trick("4S 4D 3S QS", Suit.HEARTS)
    assert values(result) == [0, 0, 23, 0]
    assert result.winner == 2


def test_example_five_six_three_queen() -> None:
    result = trick("5S 6S 3S QS", Suit.HEARTS)
    assert values(result) == [11, 0, 18, 0]
    assert result.winner == 2


def test_the_queen_sees_the_led_card_before_it_is_doubled() -> None:
    result = trick("JS QS 5S 8S", Suit.HEARTS, doubled_lead=True)
    assert values(result) == [22, 15, 5, 8]
    assert result.winner == 0
