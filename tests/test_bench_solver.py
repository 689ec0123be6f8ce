"""The solver's benchmark reports the Counter hands as the issue measures
them: the median of every hand, an unsolved one counted as longer than the
cap, and the hands solved within 10 s."""

from __future__ import annotations

import math
import statistics

import pytest
from bench_helpers import benchmark

from counter_rules import GameState


def test_the_counter_part_summarises_each_number_of_cards() -> None:
    """A short run gives a summary for each number of cards. How many hands
    the cap leaves unsolved depends on the machine and its load, so the
    figures are checked in test_the_median_counts_every_hand_..., from times
    given."""
    bench = benchmark("bench_solver")
    figures = bench.counter_hands(count=2, seconds=0.3)
    assert set(figures) == {"10 cards", "7 cards", "5 cards"}
    for summary in figures.values():
        assert summary["positions"] == 2 and summary["cap"] == 0.3
        solved = 2 - summary["unsolved"]
        assert 0 <= solved <= 2 and 0 <= summary["within_10s"] <= solved
        assert ("median" in summary) == (solved > 0)


def test_the_counter_hands_are_numbered_from_the_start_given(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``start`` picks the first hand: the hands measured from 1 are those
    measured from 0 but the first, so a run can measure hands the solver was
    never tuned on."""
    bench = benchmark("bench_solver")
    asked: list[GameState] = []

    def capped(state: GameState, seats: tuple[int, ...], seconds: float) -> tuple[int, float]:
        asked.append(state)
        return 0, 0.0

    monkeypatch.setattr(bench, "_capped", capped)
    bench.counter_hands(count=2, seconds=1.0, start=0)
    from_zero = asked[:]
    asked.clear()
    bench.counter_hands(count=1, seconds=1.0, start=1)
    # Each run asks about 10, 7 and 5 cards left, its hands in turn.
    assert [s.hands for s in asked] == [s.hands for s in from_zero[1::2]]
    assert from_zero[0].hands != from_zero[1].hands


@pytest.mark.parametrize(
    ("times", "unsolved", "median_all", "within"),
    [
        ([0.5, 12.0], 0, 6.25, 1),  # every hand solved: the median of the times
        ([0.5], 1, math.inf, 1),  # one of two: between the solved hand and the cap
        ([0.5, 2.0, 11.0], 2, 11.0, 2),  # the unsolved hands count as the longest
        ([], 2, math.inf, 0),
        ([], 0, None, 0),
    ],
)
def test_the_median_counts_every_hand_an_unsolved_one_past_the_cap(
    times: list[float], unsolved: int, median_all: float | None, within: int
) -> None:
    summary = benchmark("bench_solver").hands_summary(times, unsolved, 30.0)
    assert summary["positions"] == len(times) + unsolved
    assert summary["unsolved"] == unsolved and summary["cap"] == 30.0
    assert summary["median_all"] == median_all
    assert summary["within_10s"] == within
    if times:
        assert summary["median"] == statistics.median(times)
        assert summary["worst"] == max(times) and summary["count"] == len(times)
    else:
        assert "median" not in summary
