"""Three: the first Three steals the values of every Four and Queen."""

from __future__ import annotations

from fractions import Fraction

from counter_tricks import effects, trick, values

from counter_rules import Suit


def test_the_first_three_steals_all_fours_and_queens() -> None:
    result = trick("QS 3S 4H KS", Suit.DIAMONDS)
    assert values(result) == [0, 19, 0, 13]
    assert result.winner == 1
    found = effects(result, "three")
    assert len(found) == 2
    assert all(e.index == 1 and "steals" in str(e) for e in found)
    assert "3♠" in str(found[0]) and "Q♠" in str(found[0])


def test_a_three_steals_several_fours_and_queens() -> None:
    result = trick("3S 4H 4D QS QH", Suit.CLUBS)
    assert values(result) == [35, 0, 0, 0, 0]


def test_only_the_first_of_several_threes_steals() -> None:
    result = trick("QS 3H 3S 4D", Suit.CLUBS)
    assert values(result) == [0, 19, 3, 0]
    assert all(e.index == 1 for e in effects(result, "three"))


def test_later_threes_are_worth_3() -> None:
    result = trick("3S 3H 3D QS", Suit.CLUBS)
    assert values(result) == [15, 3, 3, 0]
    assert result.winner == 0


def test_a_three_with_nothing_to_steal_is_worth_3() -> None:
    result = trick("3S JS KS AS", Suit.CLUBS)
    assert values(result) == [3, 11, 13, 14]
    assert effects(result, "three") == []


def test_a_three_steals_a_queen_raised_to_15() -> None:
    result = trick("JS 3S QS 5S", Suit.CLUBS)
    assert values(result) == [11, 18, 0, 5]


def test_a_victor_four_robbed_by_a_three_still_wins() -> None:
    result = trick("4S+4D 3S KS 5S", Suit.CLUBS)
    assert values(result) == [0, 7, 13, 5]
    assert result.winner == 0


def test_a_nine_sees_the_three_after_its_steal() -> None:
    result = trick("9S 3S QS 4S", Suit.CLUBS)
    assert values(result) == [Fraction(1, 2), 19, 0, 0]
    assert result.winner == 1
