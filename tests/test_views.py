"""Player views: what each seat may know, and legal moves from a view."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings
from strategies import random_playout, rulesets, seeds

from counter_rules import (
    Blackout,
    Counter,
    InvalidArgumentError,
    Phase,
    UpAndDown,
    apply_move,
    legal_moves,
    new_game,
    sample_world,
    view,
)
from counter_rules.rulesets.base import Ruleset


@settings(max_examples=15)
@given(rules=rulesets(), seed=seeds)
def test_legal_moves_of_a_view_are_the_seats_legal_moves(rules: Ruleset, seed: int) -> None:
    """legal_moves(view) == legal_moves(state, seat) at every state of a game."""
    for i, (state, _) in enumerate(random_playout(rules, seed, seed ^ 1)):
        for seat in range(state.players):
            assert legal_moves(view(state, seat)) == legal_moves(state, seat)
        if i > 300:
            break


@settings(max_examples=15)
@given(rules=rulesets(), seed=seeds)
def test_a_view_does_not_change_with_what_the_seat_cannot_see(rules: Ruleset, seed: int) -> None:
    """A sampled world differs from the real state only in hidden cards and
    choices, and gives the seat exactly the same view."""
    rng = random.Random(seed)
    for i, (state, _) in enumerate(random_playout(rules, seed, seed ^ 2)):
        if i % 5:
            continue
        seat = rng.randrange(state.players)
        mine = view(state, seat)
        world = sample_world(mine, rng)
        assert view(world, seat) == mine
        if i > 200:
            break


def test_a_view_shows_the_own_hand_and_only_sizes_of_others() -> None:
    """The view holds the seat's cards, other hands' sizes, public facts."""
    state = new_game(Counter(), seed=3)
    mine = view(state, 2)
    assert mine.hand == state.hands[2]
    assert mine.others == (None, None, None, None)
    assert mine.hand_sizes == (10, 10, 10, 10)
    assert mine.face_up == (state.trump_card,) and mine.stock_size == 12
    assert not hasattr(mine, "seed") and not hasattr(mine, "stock")


def _play_to(state, phase):  # type: ignore[no-untyped-def]
    rng = random.Random(0)
    while state.phase is not phase:
        state = apply_move(state, rng.choice(legal_moves(state)))
    return state


def test_counter_pass_is_hidden_until_the_exchange() -> None:
    """During the pass a seat sees its own choice, not the others'; afterwards it
    knows what it passed and what it received."""
    rules = Counter()
    for seed in range(50):
        state = _play_to(new_game(rules, seed), Phase.PASSING)
        first = min(state.to_act)
        after = apply_move(state, legal_moves(state, first)[0])
        passed = after.pending[first]
        assert view(after, first).my_pass == passed
        for other in range(4):
            if other != first:
                assert view(after, other).my_pass is None
                # Who has chosen is public (to_act); what was chosen is not.
                assert attrs.evolve(view(after, other), to_act=state.to_act) == view(state, other)
        while after.phase is Phase.PASSING:
            after = apply_move(after, legal_moves(after)[0])
        mine = view(after, first)
        (given, received) = mine.my_exchanges[-1]
        assert given == passed and received in after.hands[first]
        break


def test_simultaneous_bids_are_hidden_until_all_are_in() -> None:
    """In simultaneous bidding no seat sees another's bid before all are in."""
    state = new_game(Blackout(4, simultaneous_bidding=True), seed=1)
    state = apply_move(state, legal_moves(state, 2)[0])
    assert view(state, 2).bids[2] == 0
    assert all(view(state, s).bids == (None, None, None, None) for s in (0, 1, 3))
    for seat in (0, 1, 3):
        state = apply_move(state, legal_moves(state, seat)[0])
    assert view(state, 0).bids == (0, 0, 0, 0)


def test_devils_bridge_shows_the_others_but_not_ones_own_card() -> None:
    """In a one-card round with Devil's bridge, a bidder sees every other card
    but not their own; once play starts they see their own again."""
    state = new_game(UpAndDown(4, devils_bridge=True), seed=5)
    mine = view(state, 1)
    assert mine.hand is None
    assert mine.others == tuple(None if s == 1 else state.hands[s] for s in range(4))
    assert legal_moves(mine) == legal_moves(state, 1)
    world = sample_world(mine, random.Random(0))
    assert view(world, 1) == mine
    state = _play_to(state, Phase.PLAYING)
    assert view(state, 1).hand == state.hands[1] and view(state, 1).others == (None,) * 4


def test_blind_bids_are_marked() -> None:
    """A blind bid is public and marked in the view."""
    rules = UpAndDown(3, blind_bidding=True)
    rng = random.Random(2)
    for seed in range(200):
        state = new_game(rules, seed)
        while not state.is_over:
            blind = [m for m in legal_moves(state) if getattr(m, "blind", False)]
            state = apply_move(state, blind[0] if blind else rng.choice(legal_moves(state)))
            if any(state.blind):
                seat = state.blind.index(True)
                assert all(view(state, s).blind[seat] for s in range(3))
                return
    pytest.fail("no blind bid arose")


def test_view_rejects_bad_seats() -> None:
    """view() names the bad seat."""
    state = new_game(Counter(), seed=1)
    with pytest.raises(
        InvalidArgumentError, match="seat must be a whole number from 0 to 3, got 4"
    ):
        view(state, 4)
    with pytest.raises(InvalidArgumentError, match="state must be a GameState"):
        view("state", 0)  # type: ignore[arg-type]
