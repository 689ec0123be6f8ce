"""Jack: the Jacks played go onto the stock; the last one sets trump from the next trick."""

from __future__ import annotations

from counter_tricks import effects, trick, values

from counter_rules import Card, Suit


def test_jacks_are_listed_in_the_order_played_and_the_last_sets_the_next_trump() -> None:
    result = trick("JS JH 5S QS", Suit.DIAMONDS)
    assert result.jacks == (Card.parse("JS"), Card.parse("JH"))
    assert result.next_trump is Suit.HEARTS
    (effect,) = effects(result, "jack")
    assert effect.index == 1
    assert "J♠" in str(effect) and "J♥" in str(effect) and "♥ is trump" in str(effect)


def test_the_trick_with_the_jack_is_played_under_the_old_trump() -> None:
    result = trick("5S JH KS 8S", Suit.DIAMONDS)
    assert result.trick_trump is Suit.DIAMONDS
    assert result.trump is Suit.DIAMONDS
    assert result.next_trump is Suit.HEARTS
    assert result.winner == 2


def test_a_jack_of_the_trump_suit_keeps_the_trump() -> None:
    result = trick("5S JD KS 8S", Suit.DIAMONDS)
    assert result.jacks == (Card.parse("JD"),)
    assert result.next_trump is Suit.DIAMONDS
    assert result.winner == 1


def test_without_a_jack_the_trump_stays() -> None:
    result = trick("5S QD KS 8S", Suit.DIAMONDS)
    assert result.jacks == ()
    assert result.next_trump is Suit.DIAMONDS
    assert effects(result, "jack") == []


def test_a_jack_is_worth_11_and_raises_a_queen_to_15() -> None:
    result = trick("JS QS 5S 8S", Suit.HEARTS)
    assert values(result) == [11, 15, 5, 8]
    assert result.winner == 1


def test_four_jacks_leave_the_last_ones_suit_as_trump() -> None:
    result = trick("JS JH JD JC", Suit.SPADES)
    assert result.jacks == tuple(Card.parse(c) for c in ("JS", "JH", "JD", "JC"))
    assert result.next_trump is Suit.CLUBS
    assert result.winner == 0
