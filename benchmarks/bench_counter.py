"""Speed of random full hands through the public API.

Plays random hands of Counter (4 players) and of
``OhHell(players=4, schedule=(10,), hook=True)`` with ``legal_moves``/``apply_move``
for a fixed time and prints hands/s and decisions/s. When the optional
``bench`` extra is installed (``pip install -e '.[bench]'``, which brings
OpenSpiel), the same run plays OpenSpiel's ``oh_hell`` (4 players, 10 tricks,
52 cards, chance deal included, driven from Python with ``apply_action``) and
prints the ratio. It says which build of counter_rules runs: the pure-Python
package or the compiled one (``COUNTER_RULES_COMPILE=1``, see the docs'
performance page).

Run: ``python benchmarks/bench_counter.py [--seconds 5] [--json]``.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import time
from collections.abc import Callable

import counter_rules
from counter_rules import Counter, OhHell, apply_move, legal_moves, new_game
from counter_rules.rulesets.base import Ruleset


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
        import pyspiel  # type: ignore[import-not-found]  # optional extra
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


def measure(play: Callable[[int, random.Random], int], seconds: float) -> tuple[float, float]:
    """Return (hands/s, decisions/s): the best of three runs of ``seconds / 3``."""
    best = (0.0, 0.0)
    for run in range(3):
        rng = random.Random(run)
        hands = decisions = 0
        start = time.perf_counter()
        deadline = start + seconds / 3
        while True:
            decisions += play(hands + 1000 * run, rng)
            hands += 1
            now = time.perf_counter()
            if now >= deadline:
                break
        elapsed = now - start
        if hands / elapsed > best[0]:
            best = (hands / elapsed, decisions / elapsed)
    return best


def main() -> None:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=6.0, help="time per engine")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args()
    results: dict[str, dict[str, float]] = {}
    engines: dict[str, Callable[[int, random.Random], int] | None] = {
        "counter (4 players)": _engine_hands(Counter(players=4)),
        "OhHell(players=4, schedule=(10,), hook=True)": _engine_hands(
            OhHell(players=4, schedule=(10,), hook=True)
        ),
        "openspiel oh_hell (4 players, 10 tricks)": _openspiel_hands(),
    }
    for name, play in engines.items():
        if play is None:
            continue
        hands, decisions = measure(play, args.seconds)
        results[name] = {"hands_per_s": hands, "decisions_per_s": decisions}
    spiel = results.get("openspiel oh_hell (4 players, 10 tricks)")
    if args.json:
        report = {
            "python": platform.python_version(),
            "compiled": counter_rules.COMPILED,
            "results": results,
        }
        print(json.dumps(report, indent=2))
        return
    build = "compiled" if counter_rules.COMPILED else "pure Python"
    print(f"Python {platform.python_version()} on {platform.machine()}, {build} build")
    for name, figures in results.items():
        line = f"{name:46} {figures['hands_per_s']:8.0f} hands/s {figures['decisions_per_s']:9.0f}"
        line += " decisions/s"
        if spiel is not None:
            line += f"   {figures['hands_per_s'] / spiel['hands_per_s']:.2f}x OpenSpiel"
        print(line)
    if spiel is None:
        print("OpenSpiel is not installed (pip install -e '.[bench]'): no ratio printed")


if __name__ == "__main__":
    main()
