"""The native playout of the plain family (``bots/_playout.c``): the same moves,
hands and random draws as the Python playout of :class:`Policy`, its board's
leap taken back whole, and its errors."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import oh_hell_family, seeds

from counter_rules import (
    Blackout,
    Counter,
    OhHell,
    Phase,
    UpAndDown,
    apply_move,
    legal_moves,
    new_game,
    view,
)
from counter_rules.analysis._plain import plain_play
from counter_rules.board import Board
from counter_rules.bots import ISMCTSBot
from counter_rules.bots.policy import Policy, native_playout
from counter_rules.bots.policy import use_native_playout as use_native
from counter_rules.rulesets.base import Ruleset
from counter_rules.state import GameState

try:
    from counter_rules.bots import _playout
except ImportError:  # the pure-Python build
    _playout = None  # type: ignore[assignment]

needs_native = pytest.mark.skipif(
    _playout is None, reason="the native playout comes with the compiled build"
)


def _position(rules: Ruleset, seed: int, plays: int) -> GameState | None:
    """A state of a hand of ``rules`` in its play, after random bids and up to
    ``plays`` random plays; ``None`` when the hand ended first."""
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    while state.phase is Phase.BIDDING:
        moves = legal_moves(state, min(state.to_act))
        state = apply_move(state, moves[rng.randrange(len(moves))])
    for _ in range(plays):
        if state.phase is not Phase.PLAYING:
            return None
        moves = legal_moves(state)
        state = apply_move(state, moves[rng.randrange(len(moves))])
    return state if state.phase is Phase.PLAYING else None


def _played_out(
    state: GameState, greedy: bool, stop: int, seed: int, native: bool
) -> tuple[Board, random.Random]:
    previous = use_native(native)
    try:
        policy = Policy(state.rules, greedy)
        board = policy.board(state)
        rng = random.Random(seed)
        policy.play_out(board, rng, stop)
    finally:
        use_native(previous)
    return board, rng


def _leapt(board: Board) -> bool:
    return any(kind == 4 for kind, *_ in board._undo)


@needs_native
@settings(max_examples=60)
@given(
    oh_hell_family(),
    seeds,
    st.integers(0, 12),
    st.booleans(),
    st.integers(0, 4),
)
def test_the_native_playout_plays_as_the_python_playout(
    rules: Ruleset, seed: int, plays: int, greedy: bool, stop: int
) -> None:
    """From any position of the play, greedy or random, with or without a
    stop: the same hands, tricks won, leader and end, and the generator left
    in the same state."""
    state = _position(rules, seed, plays)
    if state is None:
        return
    native, native_rng = _played_out(state, greedy, stop, seed, True)
    python, python_rng = _played_out(state, greedy, stop, seed, False)
    assert not _leapt(python)
    assert _leapt(native) == (
        native_playout(rules, state.trump, state.cards_dealt, greedy) is not None
    )
    assert native.masks == python.masks
    assert native.won == python.won
    assert (native.leader, native.to_move, native.over) == (
        python.leader,
        python.to_move,
        python.over,
    )
    assert native.trick_size() == python.trick_size()
    assert native_rng.getstate() == python_rng.getstate()


@needs_native
@pytest.mark.parametrize(
    "rules",
    [
        OhHell(players=4, schedule=(10,), hook=True),
        OhHell(players=3, schedule=(7,), trump="none"),
        Blackout(),
        UpAndDown(up_to_ten=True),
    ],
    ids=repr,
)
def test_the_plain_family_plays_out_natively(rules: Ruleset) -> None:
    state = _position(rules, 5, 2)
    assert state is not None and plain_play(rules, state.trump)
    board, _ = _played_out(state, True, 0, 1, True)
    assert _leapt(board) and board.over
    assert sum(board.won) == state.cards_dealt


@pytest.mark.parametrize(
    "rules", [Counter(), OhHell.office(), OhHell.north_east_blackout()], ids=repr
)
def test_games_off_the_plain_path_have_no_native_playout(rules: Ruleset) -> None:
    assert native_playout(rules, None, 5, True) is None
    state = _position(rules, 5, 1)
    assert state is not None
    board, _ = _played_out(state, True, 0, 1, True)
    assert not _leapt(board)


@needs_native
def test_no_native_playout_while_native_code_is_switched_off() -> None:
    rules = OhHell(players=4, schedule=(10,))
    previous = use_native(False)
    try:
        assert native_playout(rules, None, 10, True) is None
    finally:
        use_native(previous)
    assert native_playout(rules, None, 10, True) is not None


class _OwnRandom(random.Random):
    """A generator of the user's own: the native playout cannot read it."""

    def random(self) -> float:
        return super().random()


@needs_native
def test_a_generator_other_than_random_random_plays_out_in_python() -> None:
    rules = OhHell(players=4, schedule=(8,))
    state = _position(rules, 2, 3)
    assert state is not None
    policy = Policy(rules, True)
    board = policy.board(state)
    rng = _OwnRandom(4)
    policy.play_out(board, rng)
    assert board.over and not _leapt(board)
    previous = use_native(False)
    try:
        python = Policy(rules, True).board(state)
        python_rng = _OwnRandom(4)
        Policy(rules, True).play_out(python, python_rng)
    finally:
        use_native(previous)
    assert board.won == python.won and rng.getstate() == python_rng.getstate()


@needs_native
def test_unmake_takes_a_leap_back_whole() -> None:
    rules = OhHell(players=4, schedule=(9,), hook=True)
    state = _position(rules, 8, 5)
    assert state is not None
    policy = Policy(rules, True)
    board = policy.board(state)
    before = (list(board.masks), list(board.won), board.trick, board.leader, board.to_move)
    policy.play_out(board, random.Random(3), 2)
    assert _leapt(board) and board.trick_size() == 0
    board.unmake()
    after = (list(board.masks), list(board.won), board.trick, board.leader, board.to_move)
    assert after == before and not board.over
    assert board.moves() == legal_moves(state)


@needs_native
def test_ismcts_chooses_alike_with_and_without_the_native_playout() -> None:
    rules = OhHell(players=4, schedule=(10,), hook=True)
    state = _position(rules, 11, 5)
    assert state is not None
    seat = min(state.to_act)
    choices = []
    for native in (True, False):
        previous = use_native(native)
        try:
            bot = ISMCTSBot(iterations=60)
            choices.append(bot.choose(view(state, seat), random.Random(6)))
        finally:
            use_native(previous)
    assert choices[0] == choices[1]


@needs_native
def test_the_native_draws_are_pythons_own() -> None:
    bounds = bytes([0, 1, 2, 7, 13, 64] * 300)
    mine, theirs = random.Random(77), random.Random(77)
    expected = [theirs.random() if b == 0 else theirs.randrange(b) for b in bounds]
    assert _playout.draws(mine, bounds) == expected
    assert mine.getstate() == theirs.getstate()


@needs_native
def test_the_native_playout_names_what_it_refuses() -> None:
    playout = native_playout(OhHell(players=4, schedule=(5,)), None, 5, True)
    assert playout is not None
    run = playout.run  # type: ignore[attr-defined]
    with pytest.raises(TypeError, match=r"random\.Random"):
        run(object(), [1, 2, 4, 8], b"", 0, bytes(4), bytes(4), 0)
    rng = random.Random(1)
    with pytest.raises(ValueError, match="expected 4 masks, got 3"):
        run(rng, [1, 2, 4], b"", 0, bytes(4), bytes(4), 0)
    with pytest.raises(ValueError, match="leader: 7 is not a seat"):
        run(rng, [1, 2, 4, 8], b"", 7, bytes(4), bytes(4), 0)
    with pytest.raises(ValueError, match="does not fit the tables"):
        run(rng, [1, 1, 4, 8], b"", 0, bytes(4), bytes(4), 0)
    with pytest.raises(ValueError, match="exceed the cards dealt"):
        run(rng, [63, 2, 4, 8], b"", 0, bytes(4), bytes(4), 0)
    with pytest.raises(ValueError, match="won: expected 4 seats, got 2"):
        run(rng, [1, 2, 4, 8], b"", 0, bytes(2), bytes(4), 0)
    assert rng.getstate() == random.Random(1).getstate()
    with pytest.raises(ValueError, match="want: expected 8 entries, got 3"):
        _playout.Playout(
            bytes([1, 0]), bytes(4), [0] * 16, [0] * 4, [0.5] * 4, b"abc", 1, True, 0.1
        )
    with pytest.raises(ValueError, match="suits: 9 is not a suit"):
        _playout.Playout(bytes([1, 0]), bytes([9]), [0] * 4, [0] * 4, [0.5], bytes(8), 1, True, 0.1)
