"""Worlds solved within shared limits, one after another or several at once
in worker processes: :func:`solve_worlds`, the loop of
:func:`~counter_rules.analysis.hint` and of :class:`~counter_rules.bots.PIMCBot`."""

from __future__ import annotations

import math
import multiprocessing
import pickle
from collections.abc import Callable, Generator, Iterable, Iterator
from multiprocessing.pool import AsyncResult
from time import perf_counter, time
from typing import TypeVar

import attrs

from counter_rules.analysis._solving import LATEST, Solver
from counter_rules.argument_checks import check_int, check_real
from counter_rules.errors import InvalidArgumentError, SearchLimitReached
from counter_rules.rulesets.base import Ruleset
from counter_rules.state import GameState

__all__ = ["MOST_WORKERS", "solve_worlds"]

_POLL = 0.01
"""How often (seconds) the parallel loop looks for a free worker."""

MOST_WORKERS = 256
"""The most worker processes :func:`solve_worlds` starts."""

_Answer = TypeVar("_Answer")


def solve_worlds(
    worlds: Iterable[GameState],
    question: Callable[[Solver, GameState], _Answer],
    *,
    count: int,
    seconds: float | None = None,
    nodes: int = 0,
    budget: int = 0,
    workers: int = 1,
) -> Generator[_Answer | None, None, None]:
    """Ask ``question`` of each world, each with a fresh
    :class:`~counter_rules.analysis.Solver`, and yield its answer, or
    ``None`` for a world whose question ran past the solver's limits
    (:class:`~counter_rules.analysis.SearchLimitReached`), in the order of
    the worlds.

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
        workers: How many worlds are solved at once, each in its own
            process (1, the default: one after another, in this process).

    Raises:
        InvalidArgumentError: A limit out of range, or, with ``workers``
            above 1, a ``question`` that :mod:`pickle` cannot send.

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
    check_int("solve_worlds", "workers", workers, 1, MOST_WORKERS)
    if seconds is not None:
        check_real("solve_worlds", "seconds", seconds, 0, math.inf)
    if workers > 1:
        try:
            pickle.dumps(question)
        except (pickle.PicklingError, AttributeError, TypeError) as exc:
            raise InvalidArgumentError(
                f"solve_worlds with workers={workers} sends the question to other "
                f"processes, and {question!r:.60} cannot be pickled ({exc}): pass a "
                "function of a module, or a functools.partial of one"
            ) from None
        return _solve_apart(iter(worlds), question, count, seconds, nodes, budget, workers)
    return _solve_each(iter(worlds), question, count, seconds, nodes, budget)


def _solve_each(
    worlds: Iterator[GameState],
    question: Callable[[Solver, GameState], _Answer],
    count: int,
    seconds: float | None,
    nodes: int,
    budget: int,
) -> Generator[_Answer | None, None, None]:
    deadline = _deadline(seconds)
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


def _deadline(seconds: float | None) -> float:
    """The :func:`~time.perf_counter` reading ``seconds`` from now (0.0 for none)."""
    return 0.0 if seconds is None else min(perf_counter() + seconds, LATEST)


# A worker's rulesets, one object for each ruleset it has met: the worlds
# sent to a worker arrive each with its own copy of the ruleset, and the
# native searches hand their tables of resolved tricks on only to a search
# of the same ruleset object.
_met: dict[Ruleset, Ruleset] = {}


def _ask_apart(
    question: Callable[[Solver, GameState], _Answer],
    world: GameState,
    seconds: float | None,
    sent: float,
    nodes: int,
    budget: int,
) -> _Answer | None:
    """One world's answer in a worker process: ``seconds`` were left when it
    was handed out, at the wall-clock time ``sent`` (the clocks of
    :func:`~time.perf_counter` are not comparable between processes; a
    worker that starts late, or the world that waits for it, spends part of
    that time)."""
    start = perf_counter()
    late = min(max(time() - sent, 0.0), seconds or 0.0)
    rules = _met.setdefault(world.rules, world.rules)
    if rules is not world.rules:
        world = attrs.evolve(world, rules=rules)
    deadline = 0.0 if seconds is None else start + max(seconds - late, 1e-9)
    solver = Solver(deadline=deadline, nodes=nodes, budget=budget)
    try:
        return question(solver, world)
    except SearchLimitReached:
        return None


def _solve_apart(
    worlds: Iterator[GameState],
    question: Callable[[Solver, GameState], _Answer],
    count: int,
    seconds: float | None,
    nodes: int,
    budget: int,
    workers: int,
) -> Generator[_Answer | None, None, None]:
    deadline = _deadline(seconds)
    share = max(1, budget // count) if budget and count else 0
    asked: list[AsyncResult[_Answer | None]] = []
    # Leaving the loop, at its end or when the caller stops iterating,
    # terminates the workers at once: a question still running is not waited for.
    pool = multiprocessing.get_context("spawn").Pool(min(workers, max(count, 1)))
    try:
        taken = 0  # the answers yielded
        while True:
            # Every free worker takes the next world while time is left.
            while len(asked) < count and sum(not a.ready() for a in asked[taken:]) < workers:
                if asked and deadline and perf_counter() > deadline:
                    count = len(asked)
                    break
                world = next(worlds, None)
                if world is None:
                    count = len(asked)
                    break
                left = None if not deadline else deadline - perf_counter()
                asked.append(
                    pool.apply_async(_ask_apart, (question, world, left, time(), nodes, share))
                )
            if taken == len(asked):
                return
            head = asked[taken]
            # The answers go out in the order of the worlds; while the next
            # one is awaited, a worker that finishes takes a new world. Past
            # the time, a world not answered yet has given up.
            head.wait(_POLL if len(asked) < count or deadline else None)
            if head.ready():
                taken += 1
                yield head.get()
            elif deadline and perf_counter() > deadline + _POLL:
                taken += 1
                yield None
    finally:
        pool.terminate()
        pool.join()
