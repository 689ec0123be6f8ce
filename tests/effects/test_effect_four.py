"""Four: shown with another Four it is a victor and wins outright; otherwise void and cannot win."""

from __future__ import annotations

from fractions import Fraction

import pytest
from counter_tricks import effects, trick, values

from counter_rules import (
    Card,
    InvalidArgumentError,
    Suit,
)
from counter_rules.effects import four


def test_a_victor_four_wins_outright() -> None:
    result = trick("9S 4H+4C AS 2S", Suit.SPADES)
    assert result.winner == 1
    assert result.next_leader == 1
    (effect,) = effects(result, "four")
    assert effect.index == 1
    assert "victor" in str(effect) and "4♣" in str(effect)


def test_a_void_four_cannot_win() -> None:
    result = trick("JS 4S 7S 8S", Suit.CLUBS)
    assert result.winner == 2  # the lowest under the Seven, leaving out the void 4♠
    (effect,) = effects(result, "four")
    assert effect.index == 1
    assert "void" in str(effect)


def test_a_void_four_of_trumps_loses_to_a_lower_trump() -> None:
    result = trick("AS 4S 2C 5H", Suit.SPADES)
    assert result.winner == 2


def test_victor_and_void_fours_are_worth_4() -> None:
    result = trick("4S+4D 4H 9S 5S", Suit.CLUBS)
    assert values(result) == [4, 4, Fraction(1, 2), 5]
    assert result.winner == 0


def test_the_first_of_two_victor_fours_wins() -> None:
    result = trick("9S 4S+4D KS 4H+4C", Suit.SPADES)
    assert result.winner == 1


def test_a_victor_four_wins_under_an_odd_seven() -> None:
    assert trick("4D+4C 7S KS 2S", Suit.SPADES).winner == 0


def test_a_queen_strips_the_victor_buff() -> None:
    result = trick("4S+4D QH KS 5S", Suit.CLUBS)
    assert result.winner == 2
    assert effects(result, "four") == []
    assert any("loses its buff" in str(e) for e in effects(result, "queen"))


def test_a_queen_strips_the_void_buff() -> None:
    result = trick("JS 4S QH 7S", Suit.CLUBS)
    assert result.winner == 1


def test_a_trick_of_void_fours_has_no_winner_and_the_leader_leads_again() -> None:
    result = trick("4S 4H 4D 4C", Suit.CLUBS, leader=3)
    assert result.winner is None
    assert result.next_leader == 3
    assert len(effects(result, "four")) == 4
    assert [e.kind for e in result.effects][-1] == "no-winner"


def test_only_a_four_may_show_a_four() -> None:
    with pytest.raises(InvalidArgumentError):
        trick("5S+4D KS 3S 2S", Suit.CLUBS)
    with pytest.raises(InvalidArgumentError):
        trick("4S+5D KS 3S 2S", Suit.CLUBS)
    with pytest.raises(InvalidArgumentError):
        trick("4S+4D KS 4D 2S", Suit.CLUBS)  # the shown Four is in the trick


def test_a_four_shown_with_itself_is_refused_because_it_shows_itself() -> None:
    """A Four cannot show itself: resolving the trick gives the Four's own
    reason (``four.why_not_shown``), the one ``apply_move`` gives."""
    with pytest.raises(InvalidArgumentError) as caught:
        trick("4S+4S 2S 3S 5S", Suit.HEARTS)
    assert str(caught.value) == "the card shown with 4♠ must be another Four, got 4♠"
    assert str(caught.value) == four.why_not_shown(Card.parse("4S"), Card.parse("4S"))


def test_a_shown_card_that_is_not_a_four_is_named() -> None:
    """A Four shown with a card of another rank: the shown card is named."""
    with pytest.raises(InvalidArgumentError, match="must be another Four, got 5♦"):
        trick("4S+5D KS 3S 2S", Suit.CLUBS)
    with pytest.raises(InvalidArgumentError, match="only a Four may be played showing"):
        trick("5S+4D KS 3S 2S", Suit.CLUBS)
