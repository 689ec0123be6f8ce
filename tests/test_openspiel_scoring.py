"""``scoring="openspiel"`` reproduces OpenSpiel's ``oh_hell`` for every scoring parameter.

The same deal and the same moves are played in both engines: OpenSpiel's
chance nodes are fed the dealer (seat 0), then our deal card by card (card
``k`` of each hand goes to seat ``k % players`` in OpenSpiel's dealing order)
and our turned card; every bid and play chosen at random from our legal moves
is applied to both. The legal moves agree at every step, and so do the returns.
"""

from __future__ import annotations

import random

import pytest

from counter_rules import (
    Bid,
    Card,
    InvalidArgumentError,
    OhHell,
    Play,
    Rank,
    Suit,
    apply_move,
    legal_moves,
    new_game,
)
from counter_rules.scoring.openspiel import score

pyspiel = pytest.importorskip("pyspiel")

# OpenSpiel's card action: rank (Two = 0 ... Ace = 12) times 4 plus the suit in
# the order clubs, diamonds, spades, hearts.
_SUIT_INDEX = {Suit.CLUBS: 0, Suit.DIAMONDS: 1, Suit.SPADES: 2, Suit.HEARTS: 3}
_CARDS = 52


def _action(card: Card) -> int:
    assert card.suit is not None
    rank = 12 if card.rank is Rank.ACE else int(card.rank) - 2
    return rank * 4 + _SUIT_INDEX[card.suit]


def _ours(move: object) -> int:
    if isinstance(move, Bid):
        return _CARDS + move.tricks
    assert isinstance(move, Play)
    return _action(move.card)


def _play_both(players: int, tricks: int, penalty: bool, per_trick: int, seed: int) -> None:
    rules = OhHell(
        players=players,
        schedule=(tricks,),
        hook=True,
        scoring="openspiel",
        points_per_trick=per_trick,
        off_bid_penalty=penalty,
    )
    game = pyspiel.load_game(
        "oh_hell",
        {
            "players": players,
            "num_tricks_fixed": tricks,
            "off_bid_penalty": penalty,
            "points_per_trick": per_trick,
        },
    )
    state = new_game(rules, seed=seed)
    theirs = game.new_initial_state()
    theirs.apply_action(tricks)  # the number of tricks
    theirs.apply_action(state.dealer)
    for k in range(tricks):
        for seat in range(players):
            theirs.apply_action(_action(state.hands[seat][k]))
    assert state.trump_card is not None
    theirs.apply_action(_action(state.trump_card))
    rng = random.Random(seed)
    while not state.is_over:
        moves = legal_moves(state)
        assert theirs.current_player() == state.current_player
        assert sorted(theirs.legal_actions()) == sorted(_ours(m) for m in moves)
        move = rng.choice(moves)
        state = apply_move(state, move)
        theirs.apply_action(_ours(move))
    assert theirs.is_terminal()
    assert tuple(int(r) for r in theirs.returns()) == state.scores


@pytest.mark.parametrize("penalty", [False, True])
@pytest.mark.parametrize("per_trick", [0, 1, 2, 5])
@pytest.mark.parametrize(("players", "tricks"), [(3, 4), (4, 10), (5, 7), (7, 1)])
def test_openspiel_scoring_matches_oh_hell_returns(
    players: int, tricks: int, penalty: bool, per_trick: int
) -> None:
    """Same deal and moves, same legal moves at every step and the same returns
    as OpenSpiel's ``oh_hell`` with these ``off_bid_penalty`` and ``points_per_trick``."""
    for seed in range(6):
        _play_both(players, tricks, penalty, per_trick, seed)


def test_without_penalty_a_player_scores_per_trick_plus_ten_for_an_exact_bid() -> None:
    """Without the off-bid penalty a player scores ``points_per_trick`` a trick
    won, plus 10 when the bid is exact."""
    assert score(3, 3, points_per_trick=2) == 16
    assert score(3, 1, points_per_trick=2) == 2
    assert score(0, 0, points_per_trick=7) == 10


def test_with_penalty_a_miss_loses_points_per_trick_off() -> None:
    """With the off-bid penalty an exact bid scores as without it, and a miss
    loses ``points_per_trick`` for every trick it is over or under."""
    assert score(3, 3, points_per_trick=2, off_bid_penalty=True) == 16
    assert score(3, 1, points_per_trick=2, off_bid_penalty=True) == -4
    assert score(1, 4, points_per_trick=2, off_bid_penalty=True) == -6


def test_openspiel_options_need_openspiel_scoring() -> None:
    """``points_per_trick`` and ``off_bid_penalty`` are refused with another
    scoring, and checked for their type and range."""
    with pytest.raises(InvalidArgumentError, match=r"OhHell\.points_per_trick"):
        OhHell(points_per_trick=2)
    with pytest.raises(InvalidArgumentError, match=r"OhHell\.points_per_trick"):
        OhHell(off_bid_penalty=True)
    with pytest.raises(InvalidArgumentError, match=r"OhHell\.points_per_trick"):
        OhHell(scoring="openspiel", points_per_trick=-1)
    with pytest.raises(InvalidArgumentError, match=r"OhHell\.off_bid_penalty"):
        OhHell(scoring="openspiel", off_bid_penalty=1)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="points_per_trick"):
        score(1, 1, points_per_trick=1.5)  # type: ignore[arg-type]


def test_openspiel_options_round_trip_in_records() -> None:
    """A ruleset with OpenSpiel's scoring parameters saves and loads equal."""
    from counter_rules import rules_from_dict, rules_to_dict

    rules = OhHell(
        players=5, schedule=(6,), hook=True, scoring="openspiel", points_per_trick=3,
        off_bid_penalty=True,
    )  # fmt: skip
    data = rules_to_dict(rules)
    assert data["options"]["points_per_trick"] == 3
    assert rules_from_dict(data) == rules
