"""Worlds solved within shared limits, one after another or several at once
in worker processes: :func:`solve_worlds`, the loop of
:func:`~counter_rules.analysis.hint` and of :class:`~counter_rules.bots.PIMCBot`."""

from __future__ import annotations

import contextlib
import itertools
import math
import os
import pickle
from collections.abc import Callable, Generator, Iterable, Iterator
from time import perf_counter
from typing import Any, NamedTuple, TypeVar, cast

import attrs

from counter_rules.analysis._solving import LATEST, Solver
from counter_rules.argument_checks import check_int, check_real, shown
from counter_rules.errors import InvalidArgumentError, SearchLimitReached, WorkerLostError
from counter_rules.rulesets.base import Ruleset
from counter_rules.runner import MISSED, RunLost, Task, hand_out, time_left
from counter_rules.state import GameState

__all__ = ["job_count", "met", "run_apart", "solve_worlds", "with_met_rules"]


_Answer = TypeVar("_Answer")


def job_count(jobs: object) -> int:
    """The worker processes ``jobs`` asks for: ``None`` is one per CPU."""
    if jobs is None:
        return os.cpu_count() or 1
    if type(jobs) is not int or jobs < 1:
        raise InvalidArgumentError(f"jobs must be a positive integer or None, got {shown(jobs)}")
    return jobs


def run_apart(
    items: Iterator[Any],
    work: Callable[[Any, Task], Any],
    payload: Any,
    workers: int,
    name: Callable[[int], str],
    deadline: float = 0.0,
    prefer: Callable[[Any], Any] | None = None,
) -> Generator[tuple[int, Any], None, None]:
    """:func:`~counter_rules.runner.hand_out` for the analysis: an item that
    lost its worker three times stops the run with
    :class:`~counter_rules.WorkerLostError`, which names it by ``name(number)``."""
    try:
        yield from hand_out(items, work, payload, workers, deadline, prefer)
    except RunLost as lost:
        raise WorkerLostError(f"{name(lost.lost[0])} {lost.reason}") from None


def solve_worlds(
    worlds: Iterable[GameState],
    question: Callable[[Solver, GameState], _Answer],
    *,
    count: int,
    seconds: float | None = None,
    nodes: int = 0,
    budget: int = 0,
    jobs: int | None = 1,
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

    With ``jobs`` above 1 (``None``: one per CPU), that many worker
    processes (started afresh for the call, and stopped when the iteration
    ends or the generator is closed, or collected) each solve one world at
    a time, and a new world
    is handed out as soon as a worker is free, under the same rule of time:
    the worlds, their order and every answer are those of one process, and
    a time limit answers more worlds on a machine with the cores for them.
    A world whose worker dies (killed for its memory, say) is handed to a
    new worker, up to three times. The workers ignore Ctrl-C, which is the
    caller's to handle. The question and the worlds travel to the workers,
    and the answers back, by :mod:`pickle`: ``question`` must be a function
    of a module (or a :func:`functools.partial` of one), not a lambda or a
    nested function, and its answers values that pickle can send (an answer
    that cannot be sent ends its worker, as a worker that dies). A
    ``budget`` is then shared out evenly beforehand (each world may take
    ``budget // count`` positions), so that the answers do not depend on
    which worker finishes first. The workers are started by
    :mod:`multiprocessing`'s default method; where that is not ``fork``
    (Windows, macOS, and Linux from Python 3.14), each imports the
    program's main module again: a script that asks for workers keeps its
    own work under ``if __name__ == "__main__":``.

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
        jobs: How many worlds are solved at once, each in its own worker
            process (``None``: one per CPU; 1, the default: one after
            another, in this process).

    Raises:
        InvalidArgumentError: A limit out of range, ``jobs`` not a
            positive integer or ``None``, or, with ``jobs`` above 1, a
            ``question`` that :mod:`pickle` cannot send.
        WorkerLostError: With ``jobs`` above 1, a world lost its worker
            three times.
        BaseException: Whatever the question raised in a worker (its
            traceback there as the cause).

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
    workers = job_count(jobs)
    if seconds is not None:
        check_real("solve_worlds", "seconds", seconds, 0, math.inf)
    if workers > 1:
        try:
            pickle.dumps(question)
        except (pickle.PicklingError, AttributeError, TypeError) as exc:
            raise InvalidArgumentError(
                f"solve_worlds with jobs={workers} sends the question to other "
                f"processes, and {question!r:.60} cannot be pickled ({exc}): pass a "
                "function of a module, or a functools.partial of one"
            ) from None
        return _solve_apart(iter(worlds), question, _Limits(count, seconds, nodes, budget), workers)
    return _solve_each(iter(worlds), question, _Limits(count, seconds, nodes, budget))


class _Limits(NamedTuple):
    """The limits of :func:`solve_worlds`: how many worlds, their time, the
    positions of a question and of all the worlds."""

    worlds: int
    seconds: float | None
    nodes: int
    budget: int


def _solve_each(
    worlds: Iterator[GameState],
    question: Callable[[Solver, GameState], _Answer],
    limits: _Limits,
) -> Generator[_Answer | None, None, None]:
    count, seconds, nodes, budget = limits
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
        answer = _answer(question, solver, world)
        spent += solver.positions
        yield answer


def _answer(
    question: Callable[[Solver, GameState], _Answer], solver: Solver, world: GameState
) -> _Answer | None:
    """The question's answer, or ``None`` past the solver's limits."""
    try:
        return question(solver, world)
    except SearchLimitReached:
        return None


def _deadline(seconds: float | None) -> float:
    """The :func:`~time.perf_counter` reading ``seconds`` from now (0.0 for none)."""
    return 0.0 if seconds is None else min(perf_counter() + seconds, LATEST)


# A worker's rulesets, one object for each ruleset it has met: the worlds
# sent to a worker arrive each with its own copy of the ruleset, and the
# native searches hand their tables of resolved tricks on only to a search
# of the same ruleset object.
_met: dict[Ruleset, Ruleset] = {}


def met(rules: Ruleset) -> Ruleset:
    """The ruleset object this process keeps for rulesets equal to ``rules``:
    a state sent to a worker process arrives with its own copy of its
    ruleset, and the searches keep their tables (and the native search its
    resolved tricks) for one ruleset object."""
    return _met.setdefault(rules, rules)


def with_met_rules(state: GameState) -> GameState:
    """``state`` with the ruleset object this process keeps for its rules (see :func:`met`)."""
    rules = met(state.rules)
    if rules is state.rules:
        return state
    # A state is no attrs class to the type checker, but attrs.evolve reads it alike.
    evolved: GameState = attrs.evolve(cast(Any, state), rules=rules)
    return evolved


def _ask_task(
    payload: tuple[Callable[[Solver, GameState], _Answer], int, int], task: Task
) -> _Answer | None:
    """A world's answer in a worker of :func:`~counter_rules.runner.hand_out`:
    ``payload`` is the question and the limits of every world."""
    question, nodes, share = payload
    solver = Solver(deadline=time_left(task), nodes=nodes, budget=share)
    return _answer(question, solver, with_met_rules(task[1]))


def _solve_apart(
    worlds: Iterator[GameState],
    question: Callable[[Solver, GameState], _Answer],
    limits: _Limits,
    workers: int,
) -> Generator[_Answer | None, None, None]:
    count, seconds, nodes, budget = limits
    share = max(1, budget // count) if budget and count else 0
    asked = itertools.islice(worlds, count)
    answers: dict[int, _Answer | None] = {}
    taken = 0
    runs = run_apart(
        asked, _ask_task, (question, nodes, share), workers, "world {}".format, _deadline(seconds)
    )
    with contextlib.closing(runs):
        for number, answer in runs:
            answers[number] = None if answer is MISSED else answer
            # The answers go out in the order of the worlds.
            while taken in answers:
                taken += 1
                yield answers.pop(taken - 1)
