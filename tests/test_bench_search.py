"""The search core's benchmark runs and reports what it measured."""

from __future__ import annotations

import importlib.util
import pathlib
import sys
from types import ModuleType

import pytest

_PATH = pathlib.Path(__file__).resolve().parent.parent / "benchmarks" / "bench_search.py"


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_search", _PATH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


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
