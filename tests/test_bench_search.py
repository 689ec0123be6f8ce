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


def test_the_general_search_part_takes_a_first_seed_and_a_cap_of_positions(
    bench: ModuleType,
) -> None:
    """``first`` picks the seeds and ``nodes`` caps each hand's positions: a
    hand that needs more is counted unsolved, with what it visited."""
    figures = bench.general_search(cards=7, positions=2, cap=30.0, first=5, nodes=1_000)
    assert [row["seed"] for row in figures["rows"]] == [5, 6]
    assert figures["unsolved"] == 2  # each takes tens of thousands
    assert all(row["value"] is None and row["nodes"] >= 1_000 for row in figures["rows"])


def test_two_runs_are_compared_hand_by_hand(bench: ModuleType) -> None:
    """The comparison reads the seeds both runs have: totals, the geometric
    mean of the ratios, and the hands with fewer, more and the same positions."""

    def run(*rows: tuple[int, int | None, int]) -> dict[str, object]:
        return {
            "general search": {
                "rows": [{"seed": s, "value": v, "nodes": n, "seconds": 0.1} for s, v, n in rows]
            }
        }

    before = run((0, 0, 100), (1, 1, 400), (2, None, 1000), (9, 0, 5))
    after = run((0, 0, 200), (1, 1, 100), (2, 0, 1000))
    assert bench.compare(before, after) == [
        "3 hands (seeds 0 to 2): 1,500 positions before, 1,300 after",
        "geometric mean of after / before: 0.794",
        "fewer on 1, more on 1, the same on 1",
        "unsolved within the caps: 1 before, 0 after",
    ]
    with pytest.raises(SystemExit, match="share no seed"):
        bench.compare(before, run((5, 0, 1)))


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
