"""Helpers shared by the Oh Hell family's rule tests."""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence

from counter_rules import GameState, Phase, apply_move, legal_moves, new_game
from counter_rules.rulesets.base import Ruleset


@functools.cache
def random_game(rules: Ruleset, seed: int) -> tuple[GameState, ...]:
    """Every state of a whole game played with random legal moves."""
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    states = [state]
    while not state.is_over:
        state = apply_move(state, rng.choice(legal_moves(state)))
        states.append(state)
    return tuple(states)


def hand_starts(states: Sequence[GameState]) -> list[GameState]:
    return [s for s in states if s.phase is Phase.BIDDING and all(b is None for b in s.bids)]


def first_play_tricks(state: GameState) -> tuple[int, ...]:
    """The tricks each seat wins this hand when every card played is the first legal one."""
    done = len(state.history)
    while len(state.history) == done:
        state = apply_move(state, legal_moves(state)[0])
    return state.history[done].tricks_won
