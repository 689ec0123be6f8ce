"""How strong the bots are: matches with confidence intervals.

Plays, for Counter and each Oh Hell preset,

- one ``HeuristicBot`` against ``RandomBot`` in every other seat, and
- one ``ISMCTSBot`` against ``HeuristicBot`` in every other seat,

with :func:`counter_rules.match.play_match` (seats rotate every game), and
prints each match's table: win rates with ties shared (parity is
``1/players``), mean scores, points per hand and bids made, each with a 95%
confidence interval. The short forms of the games keep the run time modest:
Counter to its default targets, Up to Ten and Down Again with ``up_to_ten``.

Run: ``python benchmarks/bench_bots.py [--jobs 2] [--scale 1.0] [--json FILE]``;
``--scale`` multiplies every game count, ``--only counter,office`` runs some
rulesets only. The whole run takes about 40 minutes on two idle cores;
``--only counter --jobs 1`` about 50 minutes.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from collections.abc import Callable

from counter_rules import Blackout, Counter, OhHell, UpAndDown
from counter_rules.bots import HeuristicBot, ISMCTSBot, RandomBot
from counter_rules.bots.base import Bot
from counter_rules.match import MatchResult, play_match
from counter_rules.rulesets.base import Ruleset

# name, ruleset, games (heuristic vs random), games (IS-MCTS vs heuristic),
# IS-MCTS iterations per decision
MATCHES: list[tuple[str, Ruleset, int, int, int]] = [
    ("counter", Counter(), 100, 400, 200),
    ("up-and-down", UpAndDown(up_to_ten=True), 60, 60, 100),
    ("blackout", Blackout(), 40, 40, 100),
    ("office", OhHell.office(), 40, 100, 100),
    ("north-east", OhHell.north_east_blackout(), 40, 40, 100),
    ("oh-hell-10", OhHell(players=4, schedule=(10,), hook=True), 100, 300, 100),
]


def _progress(label: str) -> Callable[[int, int], None]:
    start = time.perf_counter()

    def show(done: int, total: int) -> None:
        elapsed = time.perf_counter() - start
        sys.stderr.write(f"\r{label}: {done}/{total} games, {elapsed:.0f} s")
        if done == total:
            sys.stderr.write("\n")
        sys.stderr.flush()

    return show


def _run(label: str, rules: Ruleset, bots: list[Bot], games: int, jobs: int) -> MatchResult:
    start = time.perf_counter()
    result = play_match(rules, bots, games, seed=2024, jobs=jobs, progress=_progress(label))
    elapsed = time.perf_counter() - start
    first = result.bots[0]
    verdict = (
        "above"
        if first.win_rate.low > result.parity
        else ("below" if first.win_rate.high < result.parity else "not separated from")
    )
    print(f"\n== {label}: {games} games, {elapsed:.0f} s ==")
    print(result.table())
    print(f"bot 0's win rate is {verdict} parity ({result.parity:.3f})")
    return result


def _brief(result: MatchResult) -> dict[str, object]:
    data = result.to_dict()
    del data["outcomes"]
    return data


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every game count")
    parser.add_argument("--only", default=None, help="run these rulesets, e.g. counter,office")
    parser.add_argument("--json", default=None, help="also write the results to this file")
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, {args.jobs} jobs")
    report: dict[str, object] = {}
    for name, rules, vs_random, vs_heuristic, iterations in MATCHES:
        if args.only and name not in args.only.split(","):
            continue
        others = rules.players - 1
        n1 = max(1, round(vs_random * args.scale))
        r1 = _run(
            f"{name}: heuristic vs random", rules, [HeuristicBot(), *[RandomBot()] * others], n1,
            args.jobs,
        )  # fmt: skip
        n2 = max(1, round(vs_heuristic * args.scale))
        ismcts = ISMCTSBot(iterations=iterations)
        r2 = _run(
            f"{name}: ismcts:{iterations} vs heuristic", rules,
            [ismcts, *[HeuristicBot()] * others], n2, args.jobs,
        )  # fmt: skip
        report[name] = {"heuristic_vs_random": _brief(r1), "ismcts_vs_heuristic": _brief(r2)}
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(report, f, indent=2)


if __name__ == "__main__":
    main()
