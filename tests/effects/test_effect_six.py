"""Six: a strictly lowest Six gives its player the next lead, and that led card counts double."""

from __future__ import annotations

from counter_tricks import effects, trick, values

from counter_rules import (
    Bid,
    Card,
    Counter,
    Deal,
    Pass,
    Phase,
    Play,
    Suit,
    apply_move,
    cards,
    new_game,
    standard_deck,
)


def test_a_lowest_six_gives_its_player_the_next_lead() -> None:
    result = trick("QS 6S KS 8S", Suit.CLUBS)
    assert values(result) == [12, 6, 13, 8]
    assert result.winner == 2
    assert result.next_leader == 1
    assert result.double_next_lead
    (effect,) = effects(result, "six")
    assert effect.index == 1
    assert "6♠" in str(effect) and "double" in str(effect)


def test_a_six_tied_with_another_six_has_no_effect() -> None:
    result = trick("QS 6S 6H KS", Suit.CLUBS)
    assert not result.double_next_lead
    assert result.next_leader == result.winner == 3
    assert all("ties" in str(e) for e in effects(result, "six"))
    assert effects(result, "six")


def test_a_six_tied_with_another_card_has_no_effect() -> None:
    result = trick("5S 6S 3S QS", Suit.HEARTS)
    assert values(result) == [11, 0, 18, 0]
    assert not result.double_next_lead
    assert result.next_leader == 2


def test_a_six_that_is_not_the_lowest_has_no_effect() -> None:
    result = trick("QS 6S 3S AD", Suit.CLUBS)
    assert not result.double_next_lead
    assert result.next_leader == result.winner
    assert effects(result, "six") == []


def test_a_six_robbed_to_0_by_a_five_is_the_lowest() -> None:
    result = trick("5S 6S KS QH", Suit.CLUBS)
    assert values(result) == [11, 0, 13, 15]
    assert result.winner == 2
    assert result.next_leader == 1
    assert result.double_next_lead


def test_the_six_lead_beats_the_no_winner_rule() -> None:
    result = trick("4S 6H 5D KH", Suit.CLUBS)
    assert values(result) == [4, 0, 11, 13]
    assert result.winner is None
    assert result.next_leader == 1
    assert result.double_next_lead


def test_a_doubled_lead_doubles_the_led_cards_final_value() -> None:
    result = trick("JS 5S 8S AD", Suit.CLUBS, doubled_lead=True)
    assert values(result) == [22, 5, 8, 1]
    assert result.doubled_lead
    (effect,) = effects(result, "six")
    assert effect.index == 0
    assert "22" in str(effect)


def test_a_doubled_lead_can_win_the_trick() -> None:
    assert trick("8S QS 5S AD", Suit.CLUBS).winner == 1
    assert trick("8S QS 5S AD", Suit.CLUBS, doubled_lead=True).winner == 0


def test_the_six_rule_compares_doubled_values() -> None:
    assert trick("6S QS KS 9S", Suit.CLUBS).double_next_lead
    doubled = trick("6S QS KS 9S", Suit.CLUBS, doubled_lead=True)
    assert values(doubled) == [12, 12, 13, 15]
    assert not doubled.double_next_lead


def test_the_sixs_lead_and_doubling_survive_the_fives_pass() -> None:
    hands = (
        "QH 2C 3C 4C 5C 6C 7C 8C 9C 10C",
        "5S JC QC KC AC 2D 3D 4D 5D 6D",
        "6S 7D 8D 9D 10D JD QD KD AD 2H",
        "KS 3H 4H 5H 6H 7H 8H 9H 10H JH",
    )
    dealt = {c for hand in hands for c in cards(hand)}
    indicator = Card.parse("AS")
    stock = (indicator, *(c for c in standard_deck() if c not in dealt and c != indicator))
    state = new_game(Counter(), seed=1, deal=Deal(hands=hands, stock=stock))
    for seat in (1, 2, 3, 0):
        state = apply_move(state, Bid(seat, 0))
    for seat, text in ((1, "5S"), (2, "6S"), (3, "KS"), (0, "QH")):
        state = apply_move(state, Play(seat, Card.parse(text)))
    assert state.tricks[0].winner == 3
    assert state.phase is Phase.PASSING
    for seat in range(4):
        state = apply_move(state, Pass(seat, state.hands[seat][-1]))
    assert state.phase is Phase.PLAYING
    assert state.current_player == 2
    assert state.doubled_lead
