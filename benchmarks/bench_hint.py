"""How many worlds :func:`counter_rules.analysis.hint` answers from in a time.

Plays each hand from a seeded deal (every seat bids 1, then random legal
moves) to the start of a trick with a given number of cards in each hand,
and asks the hint for the seat to lead, with ``--worlds`` worlds and a time
limit of ``--seconds`` (20 and 5 by default; ``counter-rules play`` asks for
20 in 4 seconds, the web table for 12 in 2), solved by ``--jobs``
processes at once (1 by default: one after another).
Prints, for each game and number of cards left, the median and fewest
worlds solved, in how many hands the points with every seat for itself
came within their count of positions, and the median time::

    python benchmarks/bench_hint.py
    python benchmarks/bench_hint.py --games counter --cards 10 7 5 --hands 4
    python benchmarks/bench_hint.py --games counter --jobs 2

With ``--alone N`` it prints instead, for each hand, what the first
question of each of the hint's first ``N`` worlds costs alone: the tricks
the seat to lead can be sure of (``solve``), the positions and the time,
within ``--alone-positions`` positions a world (15 million by default)::

    python benchmarks/bench_hint.py --games counter --cards 10 --alone 2
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bench_outcome import GAMES

from counter_rules import GameState, Phase, apply_move, legal_moves, new_game, sample_world, view
from counter_rules.analysis import Hint, SearchLimitReached, Solver, hint
from counter_rules.rulesets.base import Ruleset


def position(rules: Ruleset, seed: int, cards: int) -> GameState:
    """The start of a trick with ``cards`` cards in each hand: every seat
    bids 1 (or the nearest bid it may make), then random legal moves
    (passes included) from a seeded deal."""
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    while state.phase is Phase.BIDDING:
        bids = legal_moves(state)
        state = apply_move(state, bids[min(1, len(bids) - 1)])
    while state.phase is Phase.PASSING or state.trick or len(state.hands[state.leader]) > cards:
        state = apply_move(state, rng.choice(legal_moves(state)))
    return state


# The seed of the hint's worlds: --alone draws the same worlds as the hint.
WORLD_SEED = 1


def timed_hint(state: GameState, worlds: int, seconds: float, jobs: int = 1) -> tuple[Hint, float]:
    """The hint for the seat to lead ``state`` and the time it took."""
    start = time.perf_counter()
    advice = hint(
        view(state, state.leader),
        rng=random.Random(WORLD_SEED),
        worlds=worlds,
        seconds=seconds,
        jobs=jobs,
    )
    return advice, time.perf_counter() - start


def worlds_alone(state: GameState, worlds: int, positions: int) -> None:
    """Print what the sure-of question costs in each of the first ``worlds``
    worlds the hint for the seat to lead ``state`` draws (the same draws)."""
    seat = state.leader
    seen = view(state, seat)
    rng = random.Random(WORLD_SEED)
    for number in range(worlds):
        world = sample_world(seen, rng, recordable=False)
        solver = Solver(nodes=positions)
        start = time.perf_counter()
        try:
            answer = str(solver.solve(world, (seat,)))
        except SearchLimitReached:
            answer = "not solved"
        print(
            f"    world {number}: {answer}, {solver.positions:,} positions, "
            f"{time.perf_counter() - start:.2f} s",
            flush=True,
        )


def main() -> None:
    """Ask the hints and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, nargs="+", default=[10, 7, 5])
    parser.add_argument("--hands", type=int, default=4)
    parser.add_argument("--worlds", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--games", nargs="+", choices=sorted(GAMES), default=sorted(GAMES))
    parser.add_argument("--alone", type=int, default=0)
    parser.add_argument("--alone-positions", type=int, default=15_000_000)
    args = parser.parse_args()
    for name, rules in GAMES.items():
        if name not in args.games:
            continue
        for cards in args.cards:
            if args.alone:
                for seed in range(args.hands):
                    print(f"{name} {cards} cards, hand {seed}:", flush=True)
                    worlds_alone(position(rules, seed, cards), args.alone, args.alone_positions)
                continue
            found = [
                timed_hint(position(rules, seed, cards), args.worlds, args.seconds, args.jobs)
                for seed in range(args.hands)
            ]
            solved = [advice.worlds for advice, _ in found]
            points = sum(1 for advice, _ in found if advice.outcome_worlds)
            spent = statistics.median(t for _, t in found)
            print(
                f"{name:>8} {cards:2} cards: worlds solved of {args.worlds} within "
                f"{args.seconds:g} s ({args.jobs} at once): median "
                f"{statistics.median(solved):g}, fewest {min(solved)}; "
                f"points in {points}/{len(found)} hands; "
                f"median {spent:.2f} s",
                flush=True,
            )


if __name__ == "__main__":
    main()
