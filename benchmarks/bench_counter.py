"""Speed of random full hands through the public API.

Plays random hands of Counter (4 players) and of
``OhHell(players=4, schedule=(10,), hook=True)`` with ``legal_moves``/``apply_move``
for a fixed time and prints hands/s and decisions/s. When the optional
``bench`` extra is installed (``pip install -e '.[bench]'``, which brings
OpenSpiel), the same run plays OpenSpiel's ``oh_hell`` (4 players, 10 tricks,
52 cards, chance deal included, driven from Python with ``apply_action``) and
prints the ratio. The engines run in interleaved slices (round-robin), so a
machine whose speed drifts during the run treats them alike; the best slice of
each engine gives hands/s, and the ratio is given both from the best slices
and as the median over the rounds. It prints which build of counter_rules it
measured: the compiled one (what a wheel install gives) or the pure-Python
package (an editable install, ``COUNTER_RULES_COMPILE=0``, or the fallback
without a C compiler); see the docs' performance page.

Run: ``python benchmarks/bench_counter.py [--seconds 6] [--rounds N] [--json]``.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import time
from collections.abc import Callable

import counter_rules
from counter_rules import Counter, OhHell, apply_move, legal_moves, new_game
from counter_rules.rulesets.base import Ruleset

COUNTER = "counter (4 players)"
OH_HELL = "OhHell(players=4, schedule=(10,), hook=True)"
SPIEL = "openspiel oh_hell (4 players, 10 tricks)"


def _engine_hands(rules: Ruleset) -> Callable[[int, random.Random], int]:
    def play(seed: int, rng: random.Random) -> int:
        state = new_game(rules, seed)
        decisions = 0
        while state.hand_number == 1 and not state.is_over:
            state = apply_move(state, rng.choice(legal_moves(state)))
            decisions += 1
        return decisions

    return play


def _openspiel_hands() -> Callable[[int, random.Random], int] | None:
    try:
        import pyspiel  # type: ignore[import-not-found, unused-ignore]  # optional extra
    except ImportError:
        return None
    game = pyspiel.load_game(
        "oh_hell",
        {"players": 4, "num_tricks_fixed": 10, "num_suits": 4, "num_cards_per_suit": 13},
    )

    def play(seed: int, rng: random.Random) -> int:
        state = game.new_initial_state()
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                action = rng.choice(state.chance_outcomes())[0]
            else:
                action = rng.choice(state.legal_actions())
                decisions += 1
            state.apply_action(action)
        return decisions

    return play


def measure(
    engines: dict[str, Callable[[int, random.Random], int]], seconds: float, rounds: int
) -> tuple[dict[str, tuple[float, float]], list[dict[str, float]]]:
    """Play every engine for ``seconds`` in all, in ``rounds`` interleaved slices.

    A virtual or shared machine changes speed by tens of percent from one
    second to the next; slicing the runs round-robin exposes every engine to
    the same conditions. Returns each engine's best slice as (hands/s,
    decisions/s) and the hands/s of every round.
    """
    best = {name: (0.0, 0.0) for name in engines}
    per_round: list[dict[str, float]] = []
    for run in range(rounds):
        figures: dict[str, float] = {}
        for name, play in engines.items():
            rng = random.Random(run)
            hands = decisions = 0
            start = time.perf_counter()
            deadline = start + seconds / rounds
            while True:
                decisions += play(hands + 100_000 * run, rng)
                hands += 1
                now = time.perf_counter()
                if now >= deadline:
                    break
            elapsed = now - start
            figures[name] = hands / elapsed
            if hands / elapsed > best[name][0]:
                best[name] = (hands / elapsed, decisions / elapsed)
        per_round.append(figures)
    return best, per_round


def main() -> None:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=6.0, help="time per engine")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--rounds", type=int, default=0, help="slices per engine (default: 1/s)")
    args = parser.parse_args()
    rounds = args.rounds or max(3, round(args.seconds))
    candidates: dict[str, Callable[[int, random.Random], int] | None] = {
        COUNTER: _engine_hands(Counter(players=4)),
        OH_HELL: _engine_hands(OhHell(players=4, schedule=(10,), hook=True)),
        SPIEL: _openspiel_hands(),
    }
    engines = {name: play for name, play in candidates.items() if play is not None}
    best, per_round = measure(engines, args.seconds, rounds)
    results: dict[str, dict[str, float]] = {
        name: {"hands_per_s": hands, "decisions_per_s": decisions}
        for name, (hands, decisions) in best.items()
    }
    if SPIEL in results:
        for name, figures in results.items():
            figures["ratio_best"] = figures["hands_per_s"] / results[SPIEL]["hands_per_s"]
            figures["ratio_median"] = statistics.median(r[name] / r[SPIEL] for r in per_round)
    if args.json:
        report = {
            "python": platform.python_version(),
            "machine": platform.machine(),
            "compiled": counter_rules.COMPILED,
            "seconds_per_engine": args.seconds,
            "rounds": rounds,
            "results": results,
        }
        print(json.dumps(report, indent=2))
        return
    build = "compiled" if counter_rules.COMPILED else "pure Python"
    print(f"Python {platform.python_version()} on {platform.machine()}, {build} build")
    print(f"{rounds} interleaved rounds of {args.seconds / rounds:.1f} s per engine")
    for name, figures in results.items():
        line = f"{name:46} {figures['hands_per_s']:8.0f} hands/s {figures['decisions_per_s']:9.0f}"
        line += " decisions/s"
        if "ratio_best" in figures and name != SPIEL:
            line += f"   {figures['ratio_best']:.2f}x OpenSpiel"
            line += f" (median of rounds {figures['ratio_median']:.2f}x)"
        print(line)
    if SPIEL not in results:
        print("OpenSpiel is not installed (pip install -e '.[bench]'): no ratio printed")


if __name__ == "__main__":
    main()
