"""Engine behaviour not tied to one rule sentence: arguments, errors, deals."""

from __future__ import annotations

import json

import pytest

from counter_rules import (
    Bid,
    Card,
    Counter,
    Deal,
    IllegalMoveError,
    InvalidArgumentError,
    Pass,
    Phase,
    Play,
    Suit,
    apply_move,
    cards,
    legal_moves,
    new_game,
    resolve_trick,
    standard_deck,
)


def _deal() -> Deal:
    deck = standard_deck()
    return Deal(hands=[deck[i * 10 : i * 10 + 10] for i in range(4)], stock=deck[40:])


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": 2}, "Counter.players must be 3, 4 or 5, got 2"),
        ({"players": "4"}, "Counter.players must be 3, 4 or 5, got '4'"),
        ({"target": 0}, "Counter.target must be 1..1000, got 0"),
        ({"hook": 1}, "Counter.hook must be True or False, got 1"),
    ],
)
def test_bad_ruleset_options_name_the_field(kwargs: dict[str, object], message: str) -> None:
    """A bad option raises InvalidArgumentError naming the field, value and what is allowed."""
    with pytest.raises(InvalidArgumentError) as info:
        Counter(**kwargs)  # type: ignore[arg-type]
    assert str(info.value) == message


def test_new_game_rejects_bad_arguments() -> None:
    """new_game checks its ruleset, seed and deal."""
    with pytest.raises(InvalidArgumentError, match="rules must be a ruleset"):
        new_game("counter")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="seed must be an integer"):
        new_game(Counter(), seed="1")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="deal must be a Deal"):
        new_game(Counter(), deal=[[]])  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("deal", "message"),
    [
        (lambda d: Deal(hands=d.hands[:3], stock=d.stock), "one hand per seat"),
        (
            lambda d: Deal(hands=(d.hands[0][:9], *d.hands[1:]), stock=d.stock + d.hands[0][9:]),
            r"deal.hands\[0\] must hold 10 cards, got 9",
        ),
        (lambda d: Deal(hands=d.hands, stock=d.stock[1:]), "missing 2♠"),
        (
            lambda d: Deal(hands=d.hands, stock=(*d.stock, Card.parse("Jo"))),
            "card Jo is not in the deck of Counter",
        ),
    ],
)
def test_new_game_rejects_deals_that_do_not_fit(deal: object, message: str) -> None:
    """A deal with wrong sizes or cards is rejected with what is wrong."""
    with pytest.raises(InvalidArgumentError, match=message):
        new_game(Counter(), deal=deal(_deal()))  # type: ignore[operator]


def test_deal_rejects_duplicates_and_non_cards() -> None:
    """Deal itself refuses a card dealt twice or a non-card."""
    with pytest.raises(InvalidArgumentError, match="dealt twice"):
        Deal(hands=["AS 2S", "AS 3S"])
    with pytest.raises(InvalidArgumentError, match="expected a Card"):
        Deal(hands=[[1, 2]])  # type: ignore[list-item]


def test_explicit_deal_is_used_exactly() -> None:
    """Deal fixes the first hand; stock[0] shows trump."""
    state = new_game(Counter(), seed=1, deal=_deal())
    assert state.hands[0] == standard_deck()[:10]
    assert state.trump_indicator == standard_deck()[40] and state.trump is Suit.SPADES


def test_illegal_move_messages_are_in_players_words() -> None:
    """Errors say why: wrong turn, wrong phase, card not held, must follow."""
    state = new_game(Counter(), seed=1, deal=_deal())
    with pytest.raises(IllegalMoveError, match="it is seat 1's turn, not seat 2's"):
        apply_move(state, Bid(2, 1))
    with pytest.raises(IllegalMoveError, match="expected a Bid, not a Play"):
        apply_move(state, Play(1, state.hands[1][0]))
    with pytest.raises(IllegalMoveError, match="a bid must be from 0 to 10, got 11"):
        apply_move(state, Bid(1, 11))
    with pytest.raises(IllegalMoveError, match="seat must be a whole number from 0 to 3, got 7"):
        apply_move(state, Bid(7, 1))
    for seat in (1, 2, 3, 0):
        state = apply_move(state, Bid(seat, 2))
    assert state.phase is Phase.PLAYING
    with pytest.raises(IllegalMoveError, match="seat 1 does not hold A♣"):
        apply_move(state, Play(1, Card.parse("AC")))
    state = apply_move(state, Play(1, Card.parse("7D")))  # seat 1 holds J♣..7♦
    with pytest.raises(IllegalMoveError, match="seat 2 must follow ♦: holds") as info:
        apply_move(state, Play(2, Card.parse("AH")))
    assert info.value.reason.startswith("seat 2 must follow ♦")


def test_user_built_moves_equal_to_legal_ones_are_accepted() -> None:
    """A move built by hand (not the shared instance) is accepted when equal."""
    state = new_game(Counter(), seed=9)
    move = Bid(1, 3)
    assert move in legal_moves(state)
    assert apply_move(state, move).bids[1] == 3


def test_resolve_trick_rejects_impossible_tricks() -> None:
    """resolve_trick checks sizes, seat order, duplicates and reveals."""
    rules = Counter()
    with pytest.raises(InvalidArgumentError, match="has 4 cards, got 3"):
        resolve_trick(list(enumerate(cards("2S 3S 4S"))), trump=Suit.HEARTS, rules=rules)
    with pytest.raises(InvalidArgumentError, match="should be played by seat 1, got seat 2"):
        resolve_trick(
            [(0, c) for c in cards("2S")] + [(2, Card.parse("3S")), (3, Card.parse("4S")),
                                             (0, Card.parse("5S"))],
            trump=Suit.HEARTS,
            rules=rules,
        )  # fmt: skip
    with pytest.raises(InvalidArgumentError, match="played twice"):
        resolve_trick(list(enumerate(cards("2S 2S 3S 4S"))), trump=Suit.HEARTS, rules=rules)
    with pytest.raises(InvalidArgumentError, match="a \\(seat, card\\) pair"):
        resolve_trick([1, 2, 3, 4], trump=Suit.HEARTS, rules=rules)  # type: ignore[list-item]
    with pytest.raises(InvalidArgumentError, match="trump must be a Suit"):
        resolve_trick(list(enumerate(cards("2S 3S 4S 5S"))), trump="H", rules=rules)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="at least one card"):
        resolve_trick([], trump=Suit.HEARTS, rules=rules)


def test_pass_moves_only_in_the_pass_phase() -> None:
    """A Pass during bidding is rejected with the phase named."""
    state = new_game(Counter(), seed=3)
    with pytest.raises(IllegalMoveError, match="the game is bidding: expected a Bid, not a Pass"):
        apply_move(state, Pass(1, state.hands[1][0]))


@pytest.mark.parametrize("dealer", [0, 1, 3])
def test_the_first_dealer_can_be_chosen_and_is_kept_in_views_and_records(dealer: int) -> None:
    """``new_game(..., dealer=k)``: seat k deals, its left bids and leads first,
    the deal passes left; views show the dealer and records replay the game."""
    import random

    from counter_rules import OhHell, state_from_json, state_to_json, view

    rules = OhHell(players=4, schedule=(2, 2, 1), hook=True)
    state = new_game(rules, seed=4, dealer=dealer)
    assert state.dealer == dealer
    assert state.current_player == (dealer + 1) % 4
    assert view(state, 2).dealer == dealer
    rng = random.Random(dealer)
    while state.hand_number == 1:
        state = apply_move(state, rng.choice(legal_moves(state)))
    assert state.dealer == (dealer + 1) % 4
    assert state_from_json(state_to_json(state)) == state
    assert json.loads(state_to_json(state))["dealer"] == dealer


@pytest.mark.parametrize("dealer", [-1, 4, "1", 1.0, True])
def test_a_first_dealer_that_is_not_a_seat_is_refused(dealer: object) -> None:
    """The error names the value and the seats allowed."""
    with pytest.raises(InvalidArgumentError, match=r"dealer must be a seat 0\.\.3"):
        new_game(Counter(), seed=1, dealer=dealer)  # type: ignore[arg-type]


def test_move_text_given_to_apply_move_is_an_argument_error() -> None:
    """apply_move(state, "P1:bid 2") is a wrong argument (InvalidArgumentError
    pointing at parse_move), not a move the rules refuse; the state is untouched."""
    from counter_rules import IllegalMoveError, InvalidArgumentError, parse_move

    state = new_game(Counter(), seed=2)
    with pytest.raises(InvalidArgumentError) as caught:
        apply_move(state, "P1:bid 2")  # type: ignore[arg-type]
    assert not isinstance(caught.value, IllegalMoveError)
    assert str(caught.value) == (
        "apply_move needs a Bid, Play or Pass, got str 'P1:bid 2' (parse_move reads move text)"
    )
    assert apply_move(state, parse_move("P1:bid 2")).bids[1] == 2


def test_a_wrong_seat_is_worded_one_way_everywhere() -> None:
    """view, legal_moves, parse_move and a move's seat say the same thing of seat 9."""
    from counter_rules import Bid, IllegalMoveError, InvalidArgumentError, parse_move, view

    state = new_game(Counter(), seed=2)
    wording = "seat must be a whole number from 0 to 3, got 9"
    for call in (
        lambda: view(state, 9),
        lambda: legal_moves(state, 9),
        lambda: parse_move("bid 2", state=state, seat=9),
    ):
        with pytest.raises(InvalidArgumentError) as caught:
            call()
        assert str(caught.value) == wording
    with pytest.raises(IllegalMoveError) as refused:
        apply_move(state, Bid(9, 2))
    assert refused.value.reason == wording
