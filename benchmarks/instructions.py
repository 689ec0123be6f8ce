"""Random hands for an instruction count: run under Valgrind's callgrind.

Plays ``--hands`` random hands of one ruleset through the public API (the
same loop as ``bench_counter.py``) and nothing else, so that
``valgrind --tool=callgrind python benchmarks/instructions.py counter``
counts the instructions of those hands plus a fixed start-up cost. Run it
twice, with ``--hands 0`` and with ``--hands N``, and divide the difference
by N for the instructions per hand: a figure that does not depend on the
machine's load, for comparing two builds or two commits. Set
``PYTHONHASHSEED=0`` for every run: string hashes follow the hash seed, and
with a random one the same build's count moves by about 0.2 % a hand.

Run: ``python benchmarks/instructions.py {counter,oh-hell} [--hands 300]``.
"""

from __future__ import annotations

import argparse
import random

from counter_rules import Counter, OhHell, apply_move, legal_moves, new_game
from counter_rules.rulesets.base import Ruleset

RULESETS: dict[str, Ruleset] = {
    "counter": Counter(players=4),
    "oh-hell": OhHell(players=4, schedule=(10,), hook=True),
}


def play(rules: Ruleset, hands: int) -> int:
    """Play ``hands`` random first hands; return the decisions made."""
    rng = random.Random(0)
    decisions = 0
    for seed in range(hands):
        state = new_game(rules, seed)
        while state.hand_number == 1 and not state.is_over:
            state = apply_move(state, rng.choice(legal_moves(state)))
            decisions += 1
    return decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("ruleset", choices=sorted(RULESETS))
    parser.add_argument("--hands", type=int, default=300)
    args = parser.parse_args()
    # One hand first, so that both runs pay the same one-off costs (tables,
    # caches); the counted hands come after it.
    play(RULESETS[args.ruleset], 1)
    play(RULESETS[args.ruleset], args.hands)


if __name__ == "__main__":
    main()
