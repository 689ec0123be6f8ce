"""What the game's own question costs: :func:`counter_rules.analysis.outcome`
(every seat for its own points) on hands of plain Oh Hell and of Counter with
a given number of cards left, beside :func:`~counter_rules.analysis.solve`
for the seat to act on the same positions.

Each position comes from random legal play from a seeded deal, at the start
of a trick. Every question has a time limit (``--limit`` seconds); one past
it counts as unsolved. Prints, for each game and number of cards left, the
median and worst time of each question and the median positions searched::

    python benchmarks/bench_outcome.py --cards 4 5 6 --positions 10
    python benchmarks/bench_outcome.py --games oh-hell --cards 3 4 5 6 7
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from counter_rules import Counter, GameState, OhHell, Phase, apply_move, legal_moves, new_game
from counter_rules.analysis import SearchLimitReached, Solver
from counter_rules.rulesets.base import Ruleset

GAMES: dict[str, Ruleset] = {
    "oh-hell": OhHell(players=4, schedule=(10,), hook=True),
    "counter": Counter(players=4),
}


def position(rules: Ruleset, seed: int, cards: int) -> GameState:
    """A position at the start of a trick with ``cards`` cards in each hand,
    reached by random legal moves (passes included) from a seeded deal."""
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    while (
        state.phase is Phase.BIDDING
        or state.phase is Phase.PASSING
        or state.trick
        or (len(state.hands[min(state.to_act)]) > cards)
    ):
        state = apply_move(state, rng.choice(legal_moves(state)))
    return state


def timed(ask: Callable[[Solver], object], limit: float) -> tuple[float | None, int]:
    """The time a question takes (``None`` past ``limit``) and its positions."""
    solver = Solver(deadline=time.perf_counter() + limit)
    start = time.perf_counter()
    try:
        ask(solver)
    except SearchLimitReached:
        return None, solver.positions
    return time.perf_counter() - start, solver.positions


def main() -> None:
    """Time both questions and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, nargs="+", default=[4, 5, 6])
    parser.add_argument("--positions", type=int, default=10)
    parser.add_argument("--limit", type=float, default=30.0)
    parser.add_argument("--games", nargs="+", choices=sorted(GAMES), default=sorted(GAMES))
    args = parser.parse_args()
    for name, rules in GAMES.items():
        if name not in args.games:
            continue
        for cards in args.cards:
            rows: dict[str, list[tuple[float | None, int]]] = {"outcome": [], "solve": []}
            for seed in range(args.positions):
                state = position(rules, seed, cards)
                seat = state.current_player
                assert seat is not None
                rows["outcome"].append(timed(lambda s, st=state: s.outcome(st), args.limit))
                rows["solve"].append(
                    timed(lambda s, st=state, me=seat: s.solve(st, (me,)), args.limit)
                )
            for question, found in rows.items():
                times = [t for t, _ in found if t is not None]
                text = (
                    f"median {statistics.median(times):.3f} s, worst {max(times):.3f} s"
                    if times
                    else "none solved"
                )
                nodes = statistics.median(n for t, n in found if t is not None) if times else 0
                print(
                    f"{name:>8} {cards:2} cards  {question:>7}: {len(times)}/{len(found)} "
                    f"within {args.limit:g} s, {text}, {nodes:,.0f} positions (median)"
                )


if __name__ == "__main__":
    main()
