"""The solver's questions run with Python's cyclic garbage collector paused,
and leave it as they found it (``CollectorPaused``)."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import attrs
import pytest
from analysis_helpers import trick_start

from counter_rules import OhHell, Play
from counter_rules.analysis import SearchLimitReached, Solver, outcome, solve
from counter_rules.analysis._questions import CollectorPaused
from counter_rules.position import Position

# What the collector said each time the ruleset listed a seat's plays.
_SEEN: list[bool] = []


@attrs.frozen(repr=False)
class Watched(OhHell):
    """Oh Hell that notes, whenever it lists a seat's plays, whether Python's
    cyclic garbage collector runs (its own ``legal_plays`` makes the searches
    ask it)."""

    def legal_plays(self, state: Position, seat: int) -> tuple[Play, ...]:
        """Oh Hell's plays, noting whether the collector runs."""
        _SEEN.append(gc.isenabled())
        return super().legal_plays(state, seat)


@pytest.fixture
def collector() -> Iterator[None]:
    """The collector running when the test starts, and again after it."""
    was = gc.isenabled()
    gc.enable()
    try:
        yield
    finally:
        if was:
            gc.enable()
        else:
            gc.disable()


def test_a_question_runs_with_the_collector_paused_and_resumes_it(collector: None) -> None:
    state = trick_start(Watched(players=3, schedule=(4,)), 2, 4)
    _SEEN.clear()  # the plays listed to reach the position
    solve(state, (state.current_player,))
    assert _SEEN and not any(_SEEN)
    assert gc.isenabled()


def test_the_outcome_question_runs_with_the_collector_paused(collector: None) -> None:
    state = trick_start(Watched(players=3, schedule=(4,)), 3, 3)
    _SEEN.clear()
    outcome(state)
    assert _SEEN and not any(_SEEN)
    assert gc.isenabled()


def test_a_question_leaves_a_paused_collector_paused(collector: None) -> None:
    state = trick_start(Watched(players=3, schedule=(4,)), 2, 4)
    gc.disable()
    solve(state, (state.current_player,))
    assert not gc.isenabled()


def test_a_question_stopped_by_its_limit_resumes_the_collector(collector: None) -> None:
    state = trick_start(Watched(players=4, schedule=(8,)), 1, 8)
    with pytest.raises(SearchLimitReached):
        Solver(nodes=50).solve(state, (state.current_player,))
    assert gc.isenabled()


def test_questions_that_overlap_resume_the_collector_when_the_last_ends(
    collector: None,
) -> None:
    # Two questions at once (in two threads, say): the first to end leaves
    # the collector paused for the other.
    first, second = CollectorPaused(), CollectorPaused()
    first.__enter__()
    second.__enter__()
    first.__exit__(None, None, None)
    assert not gc.isenabled()
    second.__exit__(None, None, None)
    assert gc.isenabled()


def test_a_question_that_raises_resumes_the_collector(collector: None) -> None:
    with pytest.raises(KeyboardInterrupt), CollectorPaused():
        assert not gc.isenabled()
        raise KeyboardInterrupt
    assert gc.isenabled()
