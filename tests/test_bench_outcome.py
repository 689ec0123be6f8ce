"""The outcome question's benchmark builds its positions and times both questions."""

from __future__ import annotations

from bench_helpers import benchmark

from counter_rules import Phase


def test_the_benchmark_times_both_questions_on_its_positions() -> None:
    """A position starts a trick with the cards asked for; both questions are
    answered within the limit, with their positions counted."""
    bench = benchmark("bench_outcome")
    for rules in bench.GAMES.values():
        state = bench.position(rules, 1, 2)
        assert state.phase is Phase.PLAYING and not state.trick
        assert {len(hand) for hand in state.hands} == {2}
        spent, positions = bench.timed(lambda solver, s=state: solver.outcome(s), 30.0)
        assert spent is not None and positions > 0
