"""The search board against the engine: every move the engine applies, made on a
board, leaves the board where the engine's new state is, and taking it back
leaves the board as it was; the board lists exactly the engine's legal moves.

Held over random legal play of every ruleset (Hypothesis draws the rulesets),
Counter's passes, Fours shown and Jokers' calls included.
"""

from __future__ import annotations

import random

from analysis_helpers import RULESETS
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import rulesets

from counter_rules import Counter, GameState, Phase, apply_move, legal_moves, new_game
from counter_rules.board import Board
from counter_rules.rulesets.base import Ruleset


def _snapshot(board: Board) -> tuple[object, ...]:
    """Everything a board holds that the play changes."""
    return (
        tuple(board.masks),
        board.trick,
        board.leader,
        board.to_move,
        board.passing,
        board.to_pass,
        tuple(board.pending),
        board.trump,
        board.trump_card,
        board.stock,
        board.doubled_lead,
        tuple(board.won),
        board.tricks,
        board.exchanges,
        board.over,
    )


def _agrees(board: Board, state: GameState) -> None:
    """The board shows the position of ``state`` (a state of the same hand in play)."""
    assert board.hands == state.hands
    assert board.trick == state.trick
    assert board.trump is state.trump and board.trump_card == state.trump_card
    assert board.stock == state.stock and board.doubled_lead is state.doubled_lead
    assert board.tricks_won == state.tricks_won and board.tricks == state.tricks
    assert board.exchanges == state.exchanges and board.leader == state.leader
    if state.phase is Phase.PASSING:
        assert board.passing
        assert {s for s in range(state.players) if board.to_pass >> s & 1} == state.to_act
        assert tuple(board.pending) == state.pending
    else:
        assert not board.passing and {board.to_move} == state.to_act


def _board_moves(board: Board, state: GameState) -> tuple[object, ...]:
    if board.passing:
        return tuple(m for s in sorted(state.to_act) for m in board.passes(s))
    return board.moves()


def _play_hand(rules: Ruleset, seed: int) -> int:
    """Play the first hand of a game of ``rules`` on the engine and on a board
    side by side; return the moves compared."""
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    while state.phase is Phase.BIDDING:
        state = apply_move(state, rng.choice(legal_moves(state)))
    board = Board(state, rules.play_rules())
    hand = state.hand_number
    compared = 0
    while True:
        _agrees(board, state)
        legal = legal_moves(state)
        assert _board_moves(board, state) == legal
        move = rng.choice(legal)
        before = _snapshot(board)
        board.make(move)
        board.unmake()
        assert _snapshot(board) == before, move
        board.make(move)
        after = apply_move(state, move)
        compared += 1
        if after.hand_number != hand or after.is_over:
            assert board.over
            finished = after.history[hand - 1]
            assert board.tricks_won == finished.tricks_won
            assert board.tricks == finished.tricks
            assert rules.score_hand(board) == finished.points
            return compared
        assert not board.over
        state = after


@given(rules=rulesets(), seed=st.integers(0, 10**6))
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_the_board_plays_every_ruleset_as_the_engine_does(rules: Ruleset, seed: int) -> None:
    """Move for move, a board shows the engine's position, lists its legal
    moves, takes each move back exactly and scores the hand as the engine."""
    assert _play_hand(rules, seed) > 0


def test_the_board_plays_every_preset_and_option_as_the_engine_does() -> None:
    """The same on every ruleset the solver's tests know: Counter with its
    passes and Fours, Jokers of every style, bowers, must-trump, unbroken
    trumps, two decks, the presets and a user's ruleset."""
    for rules in RULESETS:
        for seed in range(3):
            assert _play_hand(rules, seed) > 0, (rules, seed)


def test_a_whole_unmade_hand_leaves_the_board_as_it_began() -> None:
    """Every move of a Counter hand (passes included) made, then every one
    taken back in turn: the board is where it began."""
    rules = Counter(players=4)
    rng = random.Random(3)
    state = new_game(rules, seed=3)
    while state.phase is Phase.BIDDING:
        state = apply_move(state, rng.choice(legal_moves(state)))
    board = Board(state, rules.play_rules())
    start = _snapshot(board)
    made = 0
    while not board.over:
        if board.passing:
            seat = min(s for s in range(4) if board.to_pass >> s & 1)
            board.make(rng.choice(board.passes(seat)))
        else:
            board.make(rng.choice(board.moves()))
        made += 1
    assert board.results and made >= 40
    for _ in range(made):
        board.unmake()
    assert _snapshot(board) == start


def test_a_board_key_tells_apart_what_the_rules_read() -> None:
    """Two positions with the same cards, leader and trump have one key; the
    same with another leader, another trump or the Six's doubled lead do not."""
    import attrs

    rules = Counter(players=4)
    rng = random.Random(8)
    state = new_game(rules, seed=8)
    while state.phase is not Phase.PLAYING or state.trick:
        state = apply_move(state, rng.choice(legal_moves(state)))
    play = rules.play_rules()
    key = Board(state, play).key()
    assert Board(attrs.evolve(state), play).key() == key
    others = [
        attrs.evolve(state, leader=(state.leader + 1) % 4),
        attrs.evolve(state, doubled_lead=not state.doubled_lead),
        attrs.evolve(state, trump=next(s for s in type(state.trump) if s is not state.trump))
        if state.trump is not None
        else attrs.evolve(state, doubled_lead=True),
    ]
    assert all(Board(other, play).key() != key for other in others)
