"""The hint's benchmark builds its positions and counts the worlds of each hint."""

from __future__ import annotations

import random

import pytest
from bench_helpers import benchmark

from counter_rules import Phase, sample_world, view
from counter_rules.analysis import solve


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


def test_the_worlds_alone_are_the_hints_worlds_each_solved_for_the_leader(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--alone`` solves the first worlds the hint draws, for the leader
    alone: each line gives the answer the solver gives that world, or says
    the world was not solved within its positions."""
    bench = benchmark("bench_hint")
    rules = bench.GAMES["oh-hell"]
    state = bench.position(rules, 2, 3)
    seen = view(state, state.leader)
    rng = random.Random(bench.WORLD_SEED)
    expected = [solve(sample_world(seen, rng, recordable=False), (state.leader,)) for _ in range(2)]
    bench.worlds_alone(state, 2, 0)
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[1].split(",")[0].strip() for line in lines] == [
        str(value) for value in expected
    ]
    bench.worlds_alone(bench.position(bench.GAMES["counter"], 2, 5), 1, 10)
    assert "world 0: not solved, " in capsys.readouterr().out
