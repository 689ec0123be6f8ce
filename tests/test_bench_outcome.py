"""The outcome question's benchmark builds its positions and times both questions."""

from __future__ import annotations

import importlib.util
import pathlib
import sys

from counter_rules import Phase

_PATH = pathlib.Path(__file__).resolve().parent.parent / "benchmarks" / "bench_outcome.py"


def test_the_benchmark_times_both_questions_on_its_positions() -> None:
    """A position starts a trick with the cards asked for; both questions are
    answered within the limit, with their positions counted."""
    spec = importlib.util.spec_from_file_location("bench_outcome", _PATH)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = bench
    spec.loader.exec_module(bench)
    for rules in bench.GAMES.values():
        state = bench.position(rules, 1, 2)
        assert state.phase is Phase.PLAYING and not state.trick
        assert {len(hand) for hand in state.hands} == {2}
        spent, positions = bench.timed(lambda solver, s=state: solver.outcome(s), 30.0)
        assert spent is not None and positions > 0
