"""Five: the first Five steals every Six's value, and a Five makes everyone pass a card left."""

from __future__ import annotations

from counter_tricks import effects, trick, values

from counter_rules import Suit


def test_a_five_steals_the_value_of_a_six() -> None:
    result = trick("5S 6S KS 9D", Suit.CLUBS)
    assert values(result) == [11, 0, 13, 15]
    steal = [e for e in effects(result, "five") if "steals" in str(e)]
    assert len(steal) == 1
    assert steal[0].index == 0
    assert "5♠" in str(steal[0]) and "6♠" in str(steal[0])


def test_a_five_steals_every_six_of_any_suit() -> None:
    result = trick("5S 6S 6H KS", Suit.CLUBS)
    assert values(result) == [17, 0, 0, 13]
    assert result.winner == 0


def test_a_five_steals_a_six_played_before_it() -> None:
    result = trick("6S 5S KS 9D", Suit.CLUBS)
    assert values(result) == [0, 11, 13, 15]


def test_only_the_first_five_steals() -> None:
    assert values(trick("5S 6S 5H 6H", Suit.CLUBS)) == [17, 0, 5, 0]
    assert values(trick("5S 5H 6S KS", Suit.CLUBS)) == [11, 5, 0, 13]


def test_a_five_without_sixes_is_worth_5_and_still_makes_everyone_pass() -> None:
    result = trick("5S KS QS 8D", Suit.CLUBS)
    assert values(result) == [5, 13, 12, 8]
    assert result.pass_cards
    (effect,) = effects(result, "five")
    assert "pass" in str(effect) and "left" in str(effect)


def test_a_trick_with_a_five_orders_the_pass() -> None:
    assert trick("KD 5S QS 8D", Suit.CLUBS).pass_cards
    assert trick("5S 5H QS 8D", Suit.CLUBS).pass_cards


def test_no_pass_after_the_last_trick() -> None:
    result = trick("5S 6S KS 9D", Suit.CLUBS, last_trick=True)
    assert not result.pass_cards
    assert values(result) == [11, 0, 13, 15]
    assert any("last trick" in str(e) for e in effects(result, "five"))


def test_no_pass_without_a_five() -> None:
    assert not trick("QS 6S KS 9D", Suit.CLUBS).pass_cards
