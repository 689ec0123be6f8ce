"""The hint's benchmark builds its positions and counts the worlds of each hint."""

from __future__ import annotations

from bench_helpers import benchmark

from counter_rules import Phase


def test_the_benchmark_asks_the_hint_of_the_leader_at_a_trick_start() -> None:
    """A position starts a trick with the cards asked for and every bid 1
    where it may be; the hint of its leader is timed and answers from the
    worlds asked."""
    bench = benchmark("bench_hint")
    for rules in bench.GAMES.values():
        state = bench.position(rules, 2, 2)
        assert state.phase is Phase.PLAYING and not state.trick
        assert {len(hand) for hand in state.hands} == {2}
        assert 1 in state.bids
        advice, spent = bench.timed_hint(state, 2, 30.0)
        assert advice.seat == state.leader and advice.worlds == 2 and spent > 0
