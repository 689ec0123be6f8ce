"""The solver's benchmark reports the Counter hands as the issue measures
them: the median of every hand, an unsolved one counted as longer than the
cap, and the hands solved within 10 s."""

from __future__ import annotations

import math
import statistics

import pytest
from bench_helpers import benchmark


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
