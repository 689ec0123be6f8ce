"""Properties over random legal play, for every ruleset.

At every reachable state: the cards are conserved; exactly the moves of
``legal_moves`` are accepted; an illegal move raises and leaves an equal state;
``why_illegal`` agrees with ``legal_moves``. Over whole games: the same seeds
give the same game, and the winners are the seats tied at the top.
"""

from __future__ import annotations

import copy
import pickle
from collections import Counter as Multiset

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import random_playout, rulesets, seeds

from counter_rules import (
    Bid,
    Card,
    GameOverError,
    GameState,
    IllegalMoveError,
    Move,
    Pass,
    Phase,
    Play,
    Rank,
    apply_move,
    is_legal,
    legal_moves,
    new_game,
)
from counter_rules.engine.transitions import why_illegal
from counter_rules.rulesets.base import Ruleset


def _cards_in_play(state: GameState) -> Multiset[Card]:
    """Hands + current trick + cards taken in tricks (Jacks moved to the stock
    are counted there) + stock."""
    found: Multiset[Card] = Multiset()
    for hand in state.hands:
        found.update(hand)
    found.update(p.card for p in state.trick)
    for trick in state.tricks:
        found.update(p.card for p in trick.plays if p.card not in trick.jacks)
    found.update(state.stock)
    return found


def _snapshot(state: GameState) -> tuple[object, ...]:
    return (
        state.phase, state.hand_number, state.dealer, state.hands, state.bids,
        state.tricks_won, state.trick, state.leader, state.trump, state.stock,
        state.scores, state.tricks, state.to_act, state.doubled_lead, state.pending,
        state.seed, state.history,
    )  # fmt: skip


def _candidate_moves(state: GameState) -> list[Move]:
    """A universe of moves, legal and illegal, of every type and seat."""
    deck = state.rules.deck()
    out: list[Move] = []
    jokers = [c for c in deck if c.rank is Rank.JOKER]
    for seat in range(-1, state.players + 1):
        out.extend(Bid(seat, n) for n in (-1, 0, 1, 5, 10, 11, state.cards_dealt))
        out.extend(Bid(seat, n, blind=True) for n in (0, 1))
        for card in deck:
            out.append(Play(seat, card))
            out.append(Pass(seat, card))
        out.extend(Play(seat, j, None, call) for j in jokers for call in ("high", "low", "x"))
        fours = [c for c in deck if c.rank is Rank.FOUR]
        out.extend(Play(seat, a, b) for a in fours for b in fours)
        out.append(Play(seat, deck[0], fours[0]))
    return out


def _check_state(state: GameState, full: bool) -> None:
    deck = Multiset(state.rules.deck())
    assert _cards_in_play(state) == deck
    legal = legal_moves(state)
    assert len(set(legal)) == len(legal), "legal moves are distinct"
    if state.is_over:
        assert legal == ()
        assert state.to_act == frozenset()
        return
    assert legal, "a game that is not over always has a legal move"
    assert {m.seat for m in legal} == set(state.to_act)
    simultaneous = state.phase is Phase.PASSING or (
        state.phase is Phase.BIDDING and state.rules.simultaneous_bidding
    )
    if not simultaneous:
        assert state.current_player is not None and len(state.to_act) == 1
    for move in legal:
        assert why_illegal(state, move) is None
        assert is_legal(state, move)
    if not full:
        return
    before = _snapshot(state)
    legal_set = set(legal)
    for move in _candidate_moves(state):
        if move in legal_set:
            continue
        reason = why_illegal(state, move)
        assert reason, f"{move} is not legal but has no reason"
        assert not is_legal(state, move)
        with pytest.raises(IllegalMoveError) as info:
            apply_move(state, move)
        assert info.value.move == move
        assert reason in str(info.value)
    assert _snapshot(state) == before


@given(rules=rulesets(), seed=seeds, choice_seed=seeds)
@pytest.mark.slow
def test_random_play_keeps_every_invariant(rules: Ruleset, seed: int, choice_seed: int) -> None:
    """At every state: cards conserved, legal moves accepted and explained."""
    final = None
    for i, (state, move) in enumerate(random_playout(rules, seed, choice_seed)):
        _check_state(state, full=i % 29 == 0)
        if move is not None:
            after = apply_move(state, move)
            assert after is not state
        final = state
    assert final is not None and final.is_over


@settings(max_examples=10)
@given(rules=rulesets(), seed=seeds, choice_seed=seeds)
@pytest.mark.slow
def test_every_state_rejects_exactly_the_illegal_moves(
    rules: Ruleset, seed: int, choice_seed: int
) -> None:
    """At every state of one hand, every candidate move not in legal_moves raises
    IllegalMoveError with the reason why_illegal gives, and the state is unchanged."""
    for state, _ in random_playout(rules, seed, choice_seed):
        _check_state(state, full=True)
        if state.hand_number > 1:
            break


@given(rules=rulesets(), seed=seeds, choice_seed=seeds)
@pytest.mark.slow
def test_same_seed_same_game(rules: Ruleset, seed: int, choice_seed: int) -> None:
    """The same rules, seed and choices give the same game, state by state."""
    first = [s for s, _ in random_playout(rules, seed, choice_seed)]
    second = [s for s, _ in random_playout(rules, seed, choice_seed)]
    assert first == second
    assert [hash(s) for s in first] == [hash(s) for s in second]


@given(rules=rulesets(), seed=seeds, choice_seed=seeds)
def test_game_ends_with_top_scores_as_winners(rules: Ruleset, seed: int, choice_seed: int) -> None:
    """Every game ends; the winners are exactly the seats tied at the top."""
    *_, (final, _) = random_playout(rules, seed, choice_seed)
    assert final.is_over
    top = max(final.scores)
    if getattr(rules, "cooperative", False):
        made = all(h.bids == h.tricks_won for h in final.history)
        assert final.winners == (tuple(range(rules.players)) if made else ())
    else:
        assert final.winners == tuple(s for s, v in enumerate(final.scores) if v == top)
    if getattr(rules, "playoff", False):
        assert final.scores.count(top) == 1
    assert final.scores == final.history[-1].scores
    assert tuple(map(sum, zip(*(h.points for h in final.history), strict=True))) == final.scores
    with pytest.raises(GameOverError):
        apply_move(final, Bid(0, 0))


@given(rules=rulesets(), seed=seeds)
def test_new_game_is_reproducible_and_dealt_right(rules: Ruleset, seed: int) -> None:
    """new_game with the same seed gives equal states; hands have the schedule's size."""
    a, b = new_game(rules, seed), new_game(rules, seed)
    assert a == b and hash(a) == hash(b)
    assert all(len(h) == a.cards_dealt for h in a.hands)
    assert all(list(h) == sorted(h) for h in a.hands)
    assert a.phase is Phase.BIDDING and a.dealer == 0
    if rules.simultaneous_bidding:
        assert a.to_act == frozenset(range(rules.players)) and a.current_player is None
    else:
        assert a.current_player == 1


@given(rules=rulesets(), seed=seeds, choice_seed=seeds)
@pytest.mark.slow
def test_states_copy_and_pickle_equal(rules: Ruleset, seed: int, choice_seed: int) -> None:
    """A state survives copy and pickle unchanged, and plays on identically."""
    for i, (state, move) in enumerate(random_playout(rules, seed, choice_seed)):
        if i % 25:
            continue
        clone = pickle.loads(pickle.dumps(state))
        assert clone == state and copy.deepcopy(state) == state
        if move is not None:
            assert apply_move(clone, move) == apply_move(state, move)
        if i > 100:
            break


@given(st.data())
def test_legal_moves_of_one_seat_are_a_filter(data: st.DataObject) -> None:
    """legal_moves(state, seat) is legal_moves(state) restricted to that seat."""
    rules = data.draw(rulesets())
    seed = data.draw(seeds)
    for i, (state, _) in enumerate(random_playout(rules, seed, seed + 1)):
        for seat in range(state.players):
            mine = tuple(m for m in legal_moves(state) if m.seat == seat)
            assert legal_moves(state, seat) == mine
        if i > 60:
            break
