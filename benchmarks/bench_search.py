"""Speed of the search core: the general search and IS-MCTS on the search board.

Measures, on fixed positions so that two builds or two commits can be compared:

1. the general search (``solve(state, (leader,))``, the leader alone) on
   four-player Counter hands from the start of a trick with ``--cards`` cards
   left in each hand: positions visited, seconds, and microseconds a position,
   each capped at ``--cap`` seconds (a position not solved in time is counted);
2. IS-MCTS: iterations a second of ``ISMCTSBot`` at a decision of four-player
   Counter and of ``OhHell(players=4, schedule=(10,), hook=True)``, with the
   bot's default settings.

It prints which build of counter_rules it measured: the compiled one (what a
wheel install gives, with the general search at Counter in the native
kernel) or the pure-Python package. Instruction counts, which do
not depend on the machine's load, come from running one part under Valgrind:
``valgrind --tool=callgrind python benchmarks/bench_search.py --only ismcts``.

The general search's positions move a great deal with small changes of its
move order (a hand can take twice or half as many), so compare two builds
on many hands, with a cap of positions rather than seconds so that the
counts do not depend on the machine, and read the two runs side by side::

    python benchmarks/bench_search.py --only search --cards 8 --positions 30 \
        --nodes 20000000 --json > before.json
    python benchmarks/bench_search.py --only search --cards 8 --positions 30 \
        --nodes 20000000 --json > after.json
    python benchmarks/bench_search.py --compare before.json after.json

Run: ``python benchmarks/bench_search.py [--cards 7] [--positions 8] [--first 0]
[--cap 20] [--nodes N] [--json]``.
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import random
import statistics
import sys
import time
from typing import Any

import counter_rules
from counter_rules import Counter, OhHell, Phase, apply_move, legal_moves, new_game, view
from counter_rules.analysis import SearchLimitReached, Solver
from counter_rules.analysis._general import GeneralSearch
from counter_rules.bots import ISMCTSBot
from counter_rules.bots.policy import native_playout
from counter_rules.rulesets.base import Ruleset
from counter_rules.state import GameState


def _trick_start(rules: Ruleset, seed: int, cards: int) -> GameState:
    """The first trick start of hand 1 with at most ``cards`` cards a hand,
    reached by random legal moves of ``seed``."""
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    while state.phase is not Phase.PLAYING or state.trick or len(state.hands[0]) > cards:
        state = apply_move(state, rng.choice(legal_moves(state)))
    return state


def general_search(
    cards: int, positions: int, cap: float, first: int = 0, nodes: int = 0
) -> dict[str, Any]:
    """The leader alone on Counter positions with ``cards`` cards a hand,
    seeds ``first`` on, each within ``cap`` seconds and (unless 0) ``nodes``
    positions."""
    rules = Counter(players=4)
    rows: list[dict[str, Any]] = []
    for seed in range(first, first + positions):
        state = _trick_start(rules, seed, cards)
        solver = Solver(deadline=time.perf_counter() + cap, budget=nodes)
        start = time.perf_counter()
        try:
            value: int | None = solver.solve(state, (state.leader,))
        except SearchLimitReached:
            value = None
        elapsed = time.perf_counter() - start
        rows.append({"seed": seed, "value": value, "seconds": elapsed, "nodes": solver.positions})
        shown = "unsolved" if value is None else f"value {value}"
        print(
            f"  Counter, {cards} cards, seed {seed}: {shown}, {solver.positions:,} positions, "
            f"{elapsed:.2f} s",
            file=sys.stderr,
            flush=True,
        )
    solved = [r for r in rows if r["value"] is not None]
    per_node = [r["seconds"] / r["nodes"] * 1e6 for r in rows if r["nodes"]]
    return {
        "cards": cards,
        "cap": cap,
        "nodes cap": nodes,
        "first seed": first,
        "positions": positions,
        "unsolved": positions - len(solved),
        "median seconds (solved)": statistics.median(r["seconds"] for r in solved)
        if solved
        else None,
        "median positions": statistics.median(r["nodes"] for r in rows),
        "median µs a position": statistics.median(per_node) if per_node else None,
        "rows": rows,
    }


def compare(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """Lines comparing the general search's positions in two ``--json``
    runs, hand by hand on the seeds both ran: the totals, the geometric mean
    of the ratios after / before, and the hands with fewer, more and the
    same positions (an unsolved hand counts the positions it visited)."""
    rows = [run.get("general search", {}).get("rows", []) for run in (before, after)]
    old, new = ({row["seed"]: row for row in runs} for runs in rows)
    seeds = sorted(set(old) & set(new))
    if not seeds:
        raise SystemExit("bench_search.py: the two runs share no seed of the general search")
    pairs = [(old[seed]["nodes"], new[seed]["nodes"]) for seed in seeds]
    logs = [math.log(b / a) for a, b in pairs if a and b]
    unsolved = [sum(1 for seed in seeds if side[seed]["value"] is None) for side in (old, new)]
    return [
        f"{len(seeds)} hands (seeds {seeds[0]} to {seeds[-1]}): "
        f"{sum(a for a, _ in pairs):,} positions before, {sum(b for _, b in pairs):,} after",
        f"geometric mean of after / before: {math.exp(statistics.fmean(logs)) if logs else 1:.3f}",
        f"fewer on {sum(1 for a, b in pairs if b < a)}, more on "
        f"{sum(1 for a, b in pairs if b > a)}, the same on {sum(1 for a, b in pairs if a == b)}",
        f"unsolved within the caps: {unsolved[0]} before, {unsolved[1]} after",
    ]


def general_search_native() -> bool:
    """Whether this build runs the general search at Counter in the native
    kernel (the compiled build) or in Python."""
    return GeneralSearch(Counter(players=4), 1).native is not None


def _decision(rules: Ruleset, seed: int) -> GameState:
    """A play decision with at least four legal moves, early in hand 1."""
    state = new_game(rules, seed=seed)
    while state.phase is Phase.BIDDING:
        state = apply_move(state, legal_moves(state)[1])
    while len(legal_moves(state)) < 4:
        state = apply_move(state, legal_moves(state)[0])
    return state


def ismcts(iterations: int) -> dict[str, Any]:
    """IS-MCTS iterations a second at one decision of each game."""
    result: dict[str, Any] = {}
    games: dict[str, Ruleset] = {
        "Counter(players=4)": Counter(players=4),
        "OhHell(players=4, schedule=(10,), hook=True)": OhHell(
            players=4, schedule=(10,), hook=True
        ),
    }
    for name, rules in games.items():
        state = _decision(rules, 5)
        seat = min(state.to_act)
        bot = ISMCTSBot(iterations=iterations)
        start = time.perf_counter()
        bot.choose(view(state, seat), random.Random(1))
        elapsed = time.perf_counter() - start
        result[name] = {"iterations": iterations, "iterations a second": iterations / elapsed}
        print(f"  IS-MCTS, {name}: {iterations / elapsed:,.0f} iterations/s", file=sys.stderr)
    return result


def main() -> None:
    """Run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=7, help="cards a hand (default 7)")
    parser.add_argument("--positions", type=int, default=8, help="Counter positions (default 8)")
    parser.add_argument("--cap", type=float, default=20.0, help="seconds a position (default 20)")
    parser.add_argument(
        "--nodes", type=int, default=0, help="the most positions a hand may visit (default 0: any)"
    )
    parser.add_argument("--first", type=int, default=0, help="the first seed (default 0)")
    parser.add_argument(
        "--compare",
        nargs=2,
        metavar=("BEFORE", "AFTER"),
        help="compare the general search of two runs saved with --json, and run nothing",
    )
    parser.add_argument("--iterations", type=int, default=400, help="IS-MCTS iterations")
    parser.add_argument("--only", choices=("search", "ismcts"), help="run one part")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args()
    if args.compare:
        runs = []
        for path in args.compare:
            try:
                with open(path, encoding="utf-8") as file:
                    runs.append(json.load(file))
            except (OSError, ValueError) as error:
                raise SystemExit(f"bench_search.py: cannot read {path}: {error}") from None
        try:
            lines = compare(runs[0], runs[1])
        except (AttributeError, KeyError, TypeError, ValueError) as error:
            raise SystemExit(
                f"bench_search.py: {' and '.join(args.compare)} are not both runs saved with "
                f"--json (rows of seed, value and nodes): {error!r}"
            ) from None
        print("\n".join(lines))
        return
    if args.positions < 1 or args.first < 0 or args.nodes < 0 or not args.cap > 0:
        parser.error("--positions takes 1 or more, --first and --nodes 0 or more, --cap above 0")
    build = "compiled" if counter_rules.COMPILED else "pure Python"
    native = native_playout(OhHell(players=4, schedule=(10,), hook=True), None, 10, True)
    searched = general_search_native()
    figures: dict[str, Any] = {
        "build": build,
        "native playout": native is not None,
        "native general search": searched,
        "python": platform.python_version(),
        "machine": platform.machine(),
    }
    print(
        f"counter_rules {counter_rules.__version__}, {build} build "
        f"({'with' if native is not None else 'without'} the native playout, "
        f"the general search at Counter {'in the native kernel' if searched else 'in Python'})",
        file=sys.stderr,
    )
    if args.only != "ismcts":
        figures["general search"] = general_search(
            args.cards, args.positions, args.cap, args.first, args.nodes
        )
    if args.only != "search":
        figures["IS-MCTS"] = ismcts(args.iterations)
    if args.json:
        print(json.dumps(figures, indent=2))
        return
    search = figures.get("general search")
    if search is not None:
        print(
            f"general search, Counter, {search['cards']} cards: {search['unsolved']} of "
            f"{search['positions']} unsolved within {search['cap']} s; median "
            f"{search['median positions']:,.0f} positions, "
            f"{search['median µs a position'] or 0:.1f} µs a position"
        )
    for name, row in figures.get("IS-MCTS", {}).items():
        print(f"IS-MCTS, {name}: {row['iterations a second']:,.0f} iterations a second")


if __name__ == "__main__":
    main()
