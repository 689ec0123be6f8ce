"""The OpenSpiel comparison benchmark's output: progress fit for logs and
intervals in the range the points can take."""

from __future__ import annotations

import io
from types import ModuleType

import pytest
from bench_helpers import benchmark

from counter_rules.stats import mean_interval, points_interval


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    return benchmark("bench_vs_openspiel")


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_off_a_terminal_is_plain_lines(bench: ModuleType) -> None:
    """Written to a log (not a terminal), progress is whole lines without
    carriage returns, one at every tenth of the deals."""
    log = io.StringIO()
    show = bench._progress("a v b", log)
    for done in range(1, 21):
        show(done, 20)
    text = log.getvalue()
    assert "\r" not in text
    lines = text.splitlines()
    assert len(lines) == 10 and all(line.startswith("a v b: ") for line in lines)
    assert lines[-1].startswith("a v b: 20/20 deals")


def test_progress_on_a_terminal_rewrites_one_line(bench: ModuleType) -> None:
    """On a terminal progress rewrites one line and ends it at the last deal."""
    screen = _Terminal()
    show = bench._progress("a v b", screen)
    for done in range(1, 4):
        show(done, 3)
    assert screen.getvalue().count("\r") == 3 and screen.getvalue().count("\n") == 1


def test_points_intervals_stay_at_or_above_zero(bench: ModuleType) -> None:
    """Points per hand that cannot be negative get an interval that stays at
    or above 0 (the library's points_interval, as simulate's), where Student's
    t interval alone goes below 0; the difference A - B may be negative."""
    results = [
        {"points": {"a": [12.0, 10.5], "b": [0.0, 3.0]}, "lowest": 0,
         "cpu": {"a": 0.1, "b": 0.1}, "decisions": {"a": 10, "b": 10}},
        {"points": {"a": [0.0, 2.0], "b": [6.0, 0.0]}, "lowest": 0,
         "cpu": {"a": 0.1, "b": 0.1}, "decisions": {"a": 10, "b": 10}},
    ]  # fmt: skip
    summary = bench.summarise("oh-hell", "heuristic", "random", 1, 2.0, results, 0.0)
    per_deal_a = [11.25, 1.0]
    assert mean_interval(per_deal_a).low < 0
    assert summary["points_a"] == points_interval(per_deal_a, 0)
    assert summary["points_a"].low == 0.0 and summary["points_b"].low == 0.0
    assert summary["difference"].low < 0


def test_a_log_without_lowest_scores_is_summarised(bench: ModuleType) -> None:
    """A deal log from before the lowest score was kept still summarises,
    judging the floor by the sides' points."""
    results = [
        {"points": {"a": [-2.0, 1.0], "b": [3.0, 0.0]},
         "cpu": {"a": 0.1, "b": 0.1}, "decisions": {"a": 10, "b": 10}},
        {"points": {"a": [4.0, 1.0], "b": [0.0, 0.0]},
         "cpu": {"a": 0.1, "b": 0.1}, "decisions": {"a": 10, "b": 10}},
    ]  # fmt: skip
    summary = bench.summarise("oh-hell", "heuristic", "random", 1, 2.0, results, 0.0)
    assert summary["points_a"].low < 0
