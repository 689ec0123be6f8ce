"""Worlds solved one after another within shared limits: :func:`solve_worlds`,
the loop of :func:`~counter_rules.analysis.hint` and of
:class:`~counter_rules.bots.PIMCBot`."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator
from time import perf_counter
from typing import TypeVar

from counter_rules.analysis._solving import LATEST, Solver
from counter_rules.argument_checks import check_int, check_real
from counter_rules.errors import SearchLimitReached
from counter_rules.state import GameState

__all__ = ["solve_worlds"]

_Answer = TypeVar("_Answer")


def solve_worlds(
    worlds: Iterable[GameState],
    question: Callable[[Solver, GameState], _Answer],
    *,
    count: int,
    seconds: float | None = None,
    nodes: int = 0,
    budget: int = 0,
) -> Iterator[_Answer | None]:
    """Ask ``question`` of each world in turn, each with a fresh
    :class:`~counter_rules.analysis.Solver`, and yield its answer, or
    ``None`` for a world whose question ran past the solver's limits
    (:class:`~counter_rules.analysis.SearchLimitReached`).

    No new world is taken once ``seconds`` have passed since the first (the
    first is always asked, and a question still running then gives up), nor
    once the ``budget`` of positions is spent: each world may take an equal
    share of what is left among the worlds not yet asked. Worlds are taken
    from ``worlds`` only when they are asked, so a generator that samples
    them draws no more than are solved.

    Args:
        worlds: The worlds, every hand open (sampled with
            :func:`~counter_rules.sample_world`).
        question: Asked with the world's solver and the world.
        count: How many worlds ``worlds`` gives (at most that many are asked).
        seconds: The time for all the worlds, or ``None`` for no limit.
        nodes: The most positions one question of the solver may visit (0:
            no limit).
        budget: The most positions all the worlds may take together (0: no
            limit).

    Raises:
        InvalidArgumentError: A limit out of range.

    Example:
        >>> import random
        >>> from counter_rules import OhHell, Phase, apply_move, legal_moves, new_game
        >>> from counter_rules import sample_world, view
        >>> from counter_rules.analysis import solve_worlds
        >>> state = new_game(OhHell(players=3, schedule=(3,)), seed=2)
        >>> while state.phase is Phase.BIDDING:
        ...     state = apply_move(state, legal_moves(state)[0])
        >>> seen, rng = view(state, 0), random.Random(0)
        >>> worlds = (sample_world(seen, rng) for _ in range(5))
        >>> list(solve_worlds(worlds, lambda solver, w: solver.solve(w, (0,)), count=5))
        [0, 1, 2, 0, 1]
    """
    check_int("solve_worlds", "count", count, 0)
    check_int("solve_worlds", "nodes", nodes, 0, 10**15)
    check_int("solve_worlds", "budget", budget, 0, 10**15)
    if seconds is not None:
        check_real("solve_worlds", "seconds", seconds, 0, math.inf)
    return _solve_each(iter(worlds), question, count, seconds, nodes, budget)


def _solve_each(
    worlds: Iterator[GameState],
    question: Callable[[Solver, GameState], _Answer],
    count: int,
    seconds: float | None,
    nodes: int,
    budget: int,
) -> Iterator[_Answer | None]:
    deadline = 0.0 if seconds is None else min(perf_counter() + seconds, LATEST)
    spent = 0
    for i in range(count):
        if i and deadline and perf_counter() > deadline:
            return
        share = 0
        if budget:
            left = budget - spent
            if left <= 0:
                return
            share = max(1, left // (count - i))
        world = next(worlds, None)
        if world is None:
            return
        solver = Solver(deadline=deadline, nodes=nodes, budget=share)
        try:
            answer: _Answer | None = question(solver, world)
        except SearchLimitReached:
            answer = None
        spent += solver.positions
        yield answer
