"""Hypothesis strategies for rulesets and for states reached by random legal play."""

from __future__ import annotations

import random
from collections.abc import Iterator

from hypothesis import strategies as st

from counter_rules import Counter, GameState, Move, apply_move, legal_moves, new_game
from counter_rules.rulesets.base import Ruleset


@st.composite
def counter_rules(draw: st.DrawFn) -> Counter:
    """Any valid Counter ruleset; low targets keep the games short."""
    players = draw(st.integers(3, 5))
    target = draw(st.one_of(st.none(), st.integers(1, 12)))
    hook = draw(st.booleans())
    return Counter(players=players, target=target, hook=hook)


def rulesets() -> st.SearchStrategy[Ruleset]:
    """Every ruleset family the library has, with drawn options."""
    return counter_rules()


seeds = st.integers(min_value=0, max_value=2**32)


def random_playout(
    rules: Ruleset, seed: int, choice_seed: int, max_moves: int = 100_000
) -> Iterator[tuple[GameState, Move | None]]:
    """Yield ``(state, move chosen from it)`` along a random legal game; the final
    state is yielded with ``None``."""
    rng = random.Random(choice_seed)
    state = new_game(rules, seed)
    for _ in range(max_moves):
        if state.is_over:
            break
        move = rng.choice(legal_moves(state))
        yield state, move
        state = apply_move(state, move)
    yield state, None
