"""Worlds and decisions in worker processes (``jobs`` of solve_worlds,
hint and analyse): the same worlds, in the same order, with the same answers
as in one process; the workers stop with the iteration; a worker that dies
costs only its item; what cannot travel is refused by name."""

from __future__ import annotations

import functools
import multiprocessing
import os
import pickle
import random
import time as time_module
from collections.abc import Iterator
from pathlib import Path
from time import time

import pytest
from analysis_helpers import trick_start

from counter_rules import (
    Counter,
    GameState,
    OhHell,
    apply_move,
    legal_moves,
    new_game,
    sample_world,
    view,
)
from counter_rules.analysis import SearchLimitReached, Solver, analyse, hint, solve_worlds
from counter_rules.analysis import _worlds as worlds_module
from counter_rules.errors import InvalidArgumentError, WorkerLostError
from counter_rules.rulesets.base import Ruleset
from counter_rules.runner import MISSED, RemoteTraceback, Task, hand_out, time_left

POSITIONS = [
    pytest.param(OhHell(players=4, schedule=(5,)), 8, 5, id="oh-hell"),
    pytest.param(Counter(players=4), 27, 4, id="counter-4"),
]


def _leader_alone(solver: Solver, world: GameState) -> int:
    """The question the tests send to the workers (a function of a module,
    which pickle can send)."""
    return solver.solve(world, (world.leader,))


def _drawn(state: GameState, seed: int, count: int) -> list[GameState]:
    seen = view(state, state.leader)
    rng = random.Random(seed)
    return [sample_world(seen, rng, recordable=False) for _ in range(count)]


@pytest.mark.parametrize(("rules", "seed", "cards"), POSITIONS)
def test_worlds_solved_by_workers_are_answered_as_in_one_process(
    rules: Ruleset, seed: int, cards: int
) -> None:
    """Three workers give each world the answer one process gives it, in the
    order of the worlds, and take from the generator only the worlds asked."""
    state = trick_start(rules, seed, cards)
    worlds = _drawn(state, 1, 5)
    alone = list(solve_worlds(iter(worlds), _leader_alone, count=5))
    taken: list[GameState] = []

    def given() -> Iterator[GameState]:
        for world in worlds:
            taken.append(world)
            yield world

    apart = list(solve_worlds(given(), _leader_alone, count=4, jobs=3))
    assert apart == alone[:4]
    assert taken == worlds[:4]


@pytest.mark.parametrize(("rules", "seed", "cards"), POSITIONS)
def test_a_hint_from_workers_is_the_hint_of_one_process(
    rules: Ruleset, seed: int, cards: int
) -> None:
    """Without a time limit the hint is the same however many workers solve
    its worlds."""
    state = trick_start(rules, seed, cards)
    seen = view(state, min(state.to_act))
    alone = hint(seen, rng=random.Random(4), worlds=4)
    apart = hint(seen, rng=random.Random(4), worlds=4, jobs=2)
    assert apart == alone and apart.worlds == 4


def test_the_workers_stop_when_the_iteration_does() -> None:
    """A caller that stops after the first answer leaves no worker running."""
    state = trick_start(OhHell(players=4, schedule=(5,)), 8, 5)
    answers = solve_worlds(iter(_drawn(state, 2, 6)), _leader_alone, count=6, jobs=2)
    first = next(answers)
    assert isinstance(first, int)
    answers.close()
    assert multiprocessing.active_children() == []


def test_worlds_out_of_time_in_workers_answer_none() -> None:
    """Out of time, the worlds handed out give up (None) and no other is
    taken: here the two first, at the first lead of a whole Counter hand."""
    state = trick_start(Counter(players=4), 3, 10)
    answers = list(
        solve_worlds(iter(_drawn(state, 3, 6)), _leader_alone, count=6, seconds=0.05, jobs=2)
    )
    assert answers and len(answers) <= 2 and all(answer is None for answer in answers)
    assert multiprocessing.active_children() == []


def test_a_budget_is_shared_out_among_the_workers_beforehand() -> None:
    """With a budget of positions, each world gets its share before any
    starts, so the answers do not hang on which worker ends first."""
    state = trick_start(Counter(players=4), 27, 4)
    worlds = _drawn(state, 5, 4)
    runs = [
        list(solve_worlds(iter(worlds), _leader_alone, count=4, budget=4_000, jobs=2))
        for _ in range(2)
    ]
    assert runs[0] == runs[1]
    assert runs[0] == [_within(world, 1_000) for world in worlds]
    assert None in runs[0] and any(answer is not None for answer in runs[0])


def _within(world: GameState, positions: int) -> int | None:
    """The leader-alone answer of ``world`` within a budget of ``positions``
    positions, or None."""
    try:
        return Solver(budget=positions).solve(world, (world.leader,))
    except SearchLimitReached:
        return None


def test_a_worker_keeps_one_ruleset_object_for_equal_rulesets() -> None:
    """Each world reaches a worker with its own copy of the ruleset; the
    worker asks every question of one ruleset object, so that the native
    search hands its resolved tricks on from world to world."""
    state = trick_start(Counter(players=4), 27, 4)
    for world in _drawn(state, 6, 2):
        copy = pickle.loads(pickle.dumps(world))
        assert copy.rules is not world.rules and copy.rules == world.rules
        task = (0, copy, None, time())
        assert worlds_module._ask_task((_rules_id, 0, 0), task) == id(worlds_module.met(copy.rules))
    first, second = (pickle.loads(pickle.dumps(state)) for _ in range(2))
    assert worlds_module.with_met_rules(first).rules is worlds_module.with_met_rules(second).rules
    assert worlds_module.with_met_rules(first) == first


def _rules_id(solver: Solver, world: GameState) -> int:
    return id(world.rules)


def test_a_question_pickle_cannot_send_is_refused_by_name() -> None:
    """A lambda cannot reach another process: the error says what to pass."""
    with pytest.raises(InvalidArgumentError, match=r"cannot be pickled.*functools\.partial"):
        solve_worlds(iter([]), lambda solver, world: 0, count=1, jobs=2)


@pytest.mark.parametrize("jobs", [0, -1, "2", 2.0, True])
def test_a_bad_count_of_jobs_is_named(jobs: object) -> None:
    """solve_worlds and hint both name the value and what is allowed."""
    with pytest.raises(InvalidArgumentError, match="jobs must be a positive integer or None"):
        solve_worlds(iter([]), _leader_alone, count=1, jobs=jobs)  # type: ignore[arg-type]
    state = trick_start(OhHell(players=4, schedule=(5,)), 8, 5)
    with pytest.raises(InvalidArgumentError, match="jobs must be a positive integer or None"):
        hint(view(state, state.leader), rng=random.Random(1), jobs=jobs)  # type: ignore[arg-type]


def _dies_once(marks: Path, solver: Solver, world: GameState) -> int:
    """The leader-alone answer, from the second worker that tries: the first
    one dies (as if killed for its memory)."""
    mark = marks / f"{abs(hash(world.hands))}"
    if not mark.exists():
        mark.touch()
        os._exit(1)
    return _leader_alone(solver, world)


def _always_dies(solver: Solver, world: GameState) -> int:
    os._exit(1)


def _raises(solver: Solver, world: GameState) -> int:
    raise ValueError(f"no answer for a world of {len(world.hands)} hands")


def test_a_world_whose_worker_dies_is_asked_of_another(tmp_path: Path) -> None:
    """Each world's first worker dies; a new worker answers it, as one process would."""
    state = trick_start(OhHell(players=4, schedule=(5,)), 8, 5)
    worlds = _drawn(state, 7, 4)
    alone = list(solve_worlds(iter(worlds), _leader_alone, count=4))
    question = functools.partial(_dies_once, tmp_path)
    assert list(solve_worlds(iter(worlds), question, count=4, jobs=2)) == alone
    assert len(list(tmp_path.iterdir())) == len({world.hands for world in worlds})
    assert multiprocessing.active_children() == []


def test_a_world_that_keeps_killing_its_workers_stops_the_run() -> None:
    """After three workers lost on one world, WorkerLostError names it."""
    state = trick_start(OhHell(players=4, schedule=(5,)), 8, 5)
    answers = solve_worlds(iter(_drawn(state, 8, 2)), _always_dies, count=2, jobs=2)
    with pytest.raises(
        WorkerLostError, match=r"world [01] lost its worker process 3 times \(last: exit status 1\)"
    ):
        list(answers)
    assert multiprocessing.active_children() == []


def test_an_error_in_a_worker_is_raised_here_with_its_traceback() -> None:
    """The question's own error reaches the caller, the worker's traceback as its cause."""
    state = trick_start(OhHell(players=4, schedule=(5,)), 8, 5)
    answers = solve_worlds(iter(_drawn(state, 9, 2)), _raises, count=2, jobs=2)
    with pytest.raises(ValueError, match="no answer for a world of 4 hands") as raised:
        list(answers)
    assert isinstance(raised.value.__cause__, RemoteTraceback)
    assert "_raises" in str(raised.value.__cause__)
    assert multiprocessing.active_children() == []


def _game(rules: Ruleset, seed: int, stop: int | None = None) -> GameState:
    """A game of random legal moves, to its end or for ``stop`` moves."""
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    while not state.is_over and stop != 0:
        state = apply_move(state, rng.choice(legal_moves(state)))
        stop = None if stop is None else stop - 1
    return state


def test_an_analysis_by_workers_is_the_analysis_of_one_process() -> None:
    """Without time limits the workers judge every decision as one process
    does, and the progress counts every decision once, from 0."""
    state = _game(OhHell(players=4, schedule=(5, 4)), 11)
    alone = analyse(state)
    counted: list[tuple[int, int]] = []
    apart = analyse(state, jobs=3, progress=lambda done, total: counted.append((done, total)))
    assert apart == alone and apart.decisions and not apart.unsolved
    total = len(alone.decisions)
    assert counted == [(done, total) for done in range(total + 1)]
    assert multiprocessing.active_children() == []


def test_an_analysis_by_workers_lists_every_decision_once_within_a_budget() -> None:
    """With a budget, each decision is judged or listed unsolved, whoever
    ran out of time: those not handed out as well as those under way."""
    state = _game(Counter(players=3), 5, stop=60)
    everything = analyse(state, seconds=0.01)
    analysis = analyse(state, budget=0.5, jobs=2)
    judged = [(d.hand, d.trick, d.move) for d in analysis.decisions]
    listed = judged + list(analysis.unsolved)
    assert sorted(listed, key=str) == sorted(
        [(d.hand, d.trick, d.move) for d in everything.decisions] + list(everything.unsolved),
        key=str,
    )
    assert analysis.unsolved
    assert multiprocessing.active_children() == []


@pytest.mark.parametrize("jobs", [0, "2", 1.0])
def test_a_bad_count_of_jobs_for_analyse_is_named(jobs: object) -> None:
    state = _game(OhHell(players=3, schedule=(2,)), 1)
    with pytest.raises(InvalidArgumentError, match="jobs must be a positive integer or None"):
        analyse(state, jobs=jobs)  # type: ignore[arg-type]


def _pid_after(payload: object, task: Task) -> int:
    """The worker's process id, after sleeping as long as the item says."""
    _, (_, seconds), _, _ = task
    time_module.sleep(seconds)
    return os.getpid()


def test_an_item_goes_to_the_free_worker_that_had_its_name() -> None:
    """The second item named "b" goes to the worker that had the first,
    which is free while the other still works on "a"."""
    items = iter([("a", 1.0), ("b", 0.05), ("b", 0.0)])
    ends = dict(hand_out(items, _pid_after, None, 2, prefer=lambda item: item[0]))
    assert sorted(ends) == [0, 1, 2]
    assert ends[2] == ends[1] != ends[0]
    assert multiprocessing.active_children() == []


def test_an_item_past_the_deadline_is_missed_and_no_other_is_taken() -> None:
    """The items under way when the time is up are missed, their workers
    stopped; the first item is taken even when the time is already up."""
    items = iter([("a", 5.0), ("b", 5.0), ("c", 0.0)])
    ends = list(hand_out(items, _pid_after, None, 2, time_module.perf_counter() + 0.2))
    assert sorted(ends) == [(0, MISSED), (1, MISSED)]
    late = list(hand_out(iter([("a", 0.0), ("b", 0.0)]), _pid_after, None, 2, 1.0))
    assert [number for number, _ in late] == [0]
    assert multiprocessing.active_children() == []


def test_a_worker_counts_the_time_its_item_waited() -> None:
    """time_left takes off the time an item waited on the wall clock, and
    gives no deadline for an item without a limit."""
    assert time_left((0, "a", None, time())) == 0.0
    before = time_module.perf_counter()
    left = time_left((0, "a", 5.0, time() - 2.0))
    assert before + 2.5 < left < time_module.perf_counter() + 3.5
    assert time_left((0, "a", 1.0, time() - 9.0)) <= time_module.perf_counter() + 1e-6
