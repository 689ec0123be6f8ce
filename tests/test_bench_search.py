"""The search core's benchmark runs and reports what it measured."""

from __future__ import annotations

from types import ModuleType

import pytest
from bench_helpers import benchmark


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    return benchmark("bench_search")


def test_the_general_search_part_counts_positions_and_values(bench: ModuleType) -> None:
    """Small Counter endings are solved within the cap, each with its
    positions counted and a time a position."""
    figures = bench.general_search(cards=2, positions=2, cap=30.0)
    assert figures["unsolved"] == 0
    assert [row["seed"] for row in figures["rows"]] == [0, 1]
    for row in figures["rows"]:
        assert 0 <= row["value"] <= 2 and row["nodes"] > 0
    assert figures["median µs a position"] > 0


def test_the_ismcts_part_times_both_games(bench: ModuleType) -> None:
    """IS-MCTS is timed at a decision of Counter and of plain Oh Hell."""
    figures = bench.ismcts(iterations=5)
    assert set(figures) == {"Counter(players=4)", "OhHell(players=4, schedule=(10,), hook=True)"}
    assert all(row["iterations a second"] > 0 for row in figures.values())


def test_the_benchmark_says_where_the_general_search_runs(bench: ModuleType) -> None:
    """The native kernel runs the general search at Counter exactly where the
    build has the kernel."""
    from counter_rules.analysis._plain import native_kernel

    assert bench.general_search_native() == native_kernel()
