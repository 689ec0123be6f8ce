"""King: a led King cancels the Sevens and takes the trick trump from a third suit."""

from __future__ import annotations

from counter_tricks import effects, trick, values

from counter_rules import Suit


def test_a_led_king_cancels_the_sevens() -> None:
    result = trick("KS 7S 5S QS", Suit.HEARTS)
    assert result.winner == 0
    assert any("Seven" in str(e) for e in effects(result, "king"))


def test_a_king_not_led_leaves_the_sevens_alone() -> None:
    result = trick("QS 7S 5S KS", Suit.HEARTS)
    assert result.winner == 2
    assert effects(result, "king") == []
    assert result.trick_trump is Suit.HEARTS


def test_a_led_king_makes_the_first_card_of_a_third_suit_trump() -> None:
    result = trick("KH 5S 3D QH", Suit.SPADES)
    assert result.trick_trump is Suit.DIAMONDS
    assert result.winner == 2  # 5♠ is of the indicator's suit: no trump here
    (effect,) = effects(result, "king")
    assert effect.index == 2
    assert "3♦" in str(effect) and "♦ is trump" in str(effect)


def test_a_led_king_of_trumps_takes_the_next_other_suit_as_trump() -> None:
    result = trick("KS 5H 3D 9S", Suit.SPADES)
    assert result.trick_trump is Suit.HEARTS
    assert result.winner == 1


def test_a_led_king_without_a_third_suit_leaves_no_trump_suit() -> None:
    result = trick("KH QS 9H 8H", Suit.SPADES)
    assert result.trick_trump is None
    assert result.winner == 2
    assert "only Twos" in str(effects(result, "king")[0])


def test_a_led_king_without_a_third_suit_leaves_only_the_twos_as_trumps() -> None:
    result = trick("KH QS 5H 2H", Suit.SPADES)
    assert result.trick_trump is None
    assert result.winner == 3


def test_a_two_of_a_third_suit_sets_the_trick_trump() -> None:
    result = trick("KH 2D 5D 3C", Suit.SPADES)
    assert result.trick_trump is Suit.DIAMONDS
    assert result.winner == 2


def test_a_seven_of_a_third_suit_sets_the_trump_but_has_no_effect() -> None:
    result = trick("KH 7D 5D QH", Suit.SPADES)
    assert result.trick_trump is Suit.DIAMONDS
    assert result.winner == 1


def test_an_off_suit_ten_on_a_led_king_does_not_set_the_trump() -> None:
    result = trick("KH 10D 3C 9H", Suit.SPADES)
    assert result.trick_trump is Suit.CLUBS
    assert values(result) == [13, 15, 3, 15]
    assert result.winner == 2


def test_a_led_king_does_not_change_the_trump_for_the_next_trick() -> None:
    result = trick("KH 5S 3D QH", Suit.SPADES)
    assert result.next_trump is Suit.SPADES
    assert result.trump is Suit.SPADES
