"""Duplicate matches between two bots, two seats each: points per hand and CPU time.

Each *deal* is played twice with the same cards: once with side A at seats 0
and 2 and side B at seats 1 and 3, once with the sides swapped. Swapping the
seats on the same cards cancels most of the luck of the deal, so a difference
shows up in far fewer hands than with fresh deals. A *hand* is the first hand
of a new game; every deal's seed and every bot's generator derive from
``--seed`` and the deal's number.

Sides are named like the command line's bots, plus OpenSpiel's search:

- the library's bots by the names of ``counter_rules.bots.bot_from_name``,
  which see only their seat's view: ``random``, ``heuristic``, ``ismcts:N``
  (N iterations per decision), ``pimc:N`` (N worlds per decision),
  ``level:1`` to ``level:5``, and their other options after the number
  (``ismcts:100:bidding=paired``, ``ismcts:100:exploration=0.4``,
  ``pimc:8:inference=false``, ``pimc:6:nodes=5000``);
- ``openspiel:N``: OpenSpiel's Python ``ISMCTSBot`` with N simulations per
  decision, one random rollout per leaf, determinized by the OpenSpiel
  adapter's ``resample_from_infostate`` (the library's exact sampler); its
  UCT constant is ``--uct-c``. Needs the ``openspiel`` extra; without it the
  matches that use it are skipped.

Printed per match: each side's mean points per hand, the difference A - B,
all with 95% Student-t intervals over deals (a deal's two hands are one
sample), and each side's CPU time (``time.process_time``, which does not
count the time other processes take) per decision, over the decisions with
more than one legal move.

The default runs the two headline matches: plain four-player Oh Hell
(``OhHell(players=4, schedule=(10,), hook=True)``, OpenSpiel's ``oh_hell``)
with ``ismcts:120`` against ``openspiel:35`` (which spends more CPU time per
decision), and Counter with ``ismcts:100`` against ``heuristic``, 400 hands
each (the measured figures are on the bots page of the docs):

    python benchmarks/bench_vs_openspiel.py [--hands 400] [--jobs 2]
    python benchmarks/bench_vs_openspiel.py --game oh-hell --a heuristic --b random
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Protocol, TextIO

from counter_rules import (
    Counter,
    GameState,
    Move,
    OhHell,
    apply_move,
    legal_moves,
    new_game,
    view,
)
from counter_rules.bots import Bot, bot_from_name
from counter_rules.rulesets.base import Ruleset
from counter_rules.stats import Estimate, mean_interval, points_interval

GAMES: dict[str, Ruleset] = {
    "oh-hell": OhHell(players=4, schedule=(10,), hook=True),
    "counter": Counter(players=4),
}
DEFAULT_MATCHES = [
    ("oh-hell", "ismcts:120", "openspiel:35"),
    ("counter", "ismcts:100", "heuristic"),
]


class _Player(Protocol):
    def move(self, state: GameState, seat: int) -> Move: ...


class _LibraryBot:
    """A bot of the library by its name (``bot_from_name``), handed its seat's
    view and a seeded generator."""

    def __init__(self, name: str, rng: random.Random) -> None:
        self.bot: Bot = bot_from_name(name)
        self.rng = rng

    def move(self, state: GameState, seat: int) -> Move:
        return self.bot.choose(view(state, seat), self.rng)


class _OpenSpielBot:
    """OpenSpiel's Python IS-MCTS on the adapter's game (imported on demand)."""

    def __init__(self, rules: Ruleset, simulations: int, uct_c: float, seed: int) -> None:
        import numpy as np
        from open_spiel.python.algorithms.ismcts import ISMCTSBot
        from open_spiel.python.algorithms.mcts import RandomRolloutEvaluator

        from counter_rules.adapters.openspiel import load_game

        self.game = load_game(rules, max_hands=1)
        random_state = np.random.RandomState(seed % 2**32)
        evaluator = RandomRolloutEvaluator(1, random_state)
        self.bot = ISMCTSBot(self.game, evaluator, uct_c, simulations, random_state=random_state)

    def move(self, state: GameState, seat: int) -> Move:
        action = self.bot.step(self.game.state_from(state))
        return self.game.actions.move_of(int(action), seat)


def _player(name: str, rules: Ruleset, uct_c: float, seed: int) -> _Player:
    if name.startswith("openspiel:"):
        return _OpenSpielBot(rules, int(name.partition(":")[2]), uct_c, seed)
    return _LibraryBot(name, random.Random(seed))


def _seed(seed: int, deal: int, what: str) -> int:
    return random.Random(f"bench-vs-openspiel/{seed}/{deal}/{what}").getrandbits(63)


def play_deal(game: str, a: str, b: str, seed: int, deal: int, uct_c: float) -> dict[str, Any]:
    """Both hands of one deal: points per side and CPU time per decision."""
    rules = GAMES[game]
    deal_seed = _seed(seed, deal, "deal")
    points = {"a": [0.0, 0.0], "b": [0.0, 0.0]}
    cpu = {"a": 0.0, "b": 0.0}
    decisions = {"a": 0, "b": 0}
    made = {"a": 0, "b": 0}
    finals: list[GameState] = []
    for hand, a_seats in enumerate(((0, 2), (1, 3))):
        side = ["a" if s in a_seats else "b" for s in range(rules.players)]
        players = [
            _player(a if side[s] == "a" else b, rules, uct_c, _seed(seed, deal, f"{hand}/{s}"))
            for s in range(rules.players)
        ]
        state = new_game(rules, seed=deal_seed)
        while not state.is_over and state.hand_number == 1:
            seat = min(state.to_act)
            forced = len(legal_moves(state, seat)) == 1
            start = time.process_time()
            move = players[seat].move(state, seat)
            spent = time.process_time() - start
            if not forced:
                cpu[side[seat]] += spent
                decisions[side[seat]] += 1
            state = apply_move(state, move)
        finals.append(state)
        first = state.history[0]
        for s, scored in enumerate(first.points):
            points[side[s]][hand] += scored / 2
            made[side[s]] += first.bids[s] == first.tricks_won[s]
    lowest = min(min(state.history[0].points) for state in finals)
    return {
        "points": points,
        "lowest": lowest,
        "cpu": cpu,
        "decisions": decisions,
        "made": made,
    }


def _fmt(e: Estimate, digits: int = 2) -> str:
    return f"{e.value:.{digits}f} [{e.low:.{digits}f}, {e.high:.{digits}f}]"


def run_match(
    game: str,
    a: str,
    b: str,
    hands: int,
    seed: int,
    jobs: int,
    uct_c: float,
    progress: Callable[[int, int], None] | None = None,
    log: str | None = None,
) -> dict[str, Any]:
    """Play ``hands // 2`` deals and summarise them; with ``log``, append each
    deal's result to that file as a line of JSON as soon as it is played."""
    deals = hands // 2
    args = [(game, a, b, seed, d, uct_c) for d in range(deals)]
    results: list[dict[str, Any]] = []
    start = time.perf_counter()

    def done(result: dict[str, Any]) -> None:
        results.append(result)
        if log:
            with open(log, "a", encoding="utf-8") as out:
                out.write(json.dumps(result) + "\n")
        if progress:
            progress(len(results), deals)

    if jobs == 1:
        for arg in args:
            done(play_deal(*arg))
    else:
        with ProcessPoolExecutor(jobs) as pool:
            for result in pool.map(play_deal, *zip(*args, strict=True)):
                done(result)
    return summarise(game, a, b, seed, uct_c, results, time.perf_counter() - start)


def summarise(
    game: str,
    a: str,
    b: str,
    seed: int,
    uct_c: float,
    results: Sequence[dict[str, Any]],
    wall: float,
) -> dict[str, Any]:
    """The match's figures from the results of its deals."""
    deals = len(results)
    per_deal = {side: [sum(r["points"][side]) / 2 for r in results] for side in ("a", "b")}
    cpu = {side: sum(r["cpu"][side] for r in results) for side in ("a", "b")}
    count = {side: sum(r["decisions"][side] for r in results) for side in ("a", "b")}
    # The lowest seat score of any hand (a log from before "lowest" was kept
    # gives the lowest side's points instead).
    lowest = min(r.get("lowest", min(min(v) for v in r["points"].values())) for r in results)
    return {
        "game": game,
        "rules": repr(GAMES[game]),
        "a": a,
        "b": b,
        "hands": 2 * deals,
        "seed": seed,
        "uct_c": uct_c,
        "points_a": points_interval(per_deal["a"], lowest),
        "points_b": points_interval(per_deal["b"], lowest),
        "difference": mean_interval(
            [x - y for x, y in zip(per_deal["a"], per_deal["b"], strict=True)]
        ),
        "cpu_ms_a": 1000 * cpu["a"] / max(count["a"], 1),
        "cpu_ms_b": 1000 * cpu["b"] / max(count["b"], 1),
        "decisions_a": count["a"],
        "decisions_b": count["b"],
        # The share of its seats' bids each side made exactly (a log from
        # before "made" was kept has none).
        "made_a": sum(r.get("made", {}).get("a", 0) for r in results) / (4 * max(deals, 1)),
        "made_b": sum(r.get("made", {}).get("b", 0) for r in results) / (4 * max(deals, 1)),
        "wall_s": wall,
    }


def report(result: dict[str, Any]) -> str:
    """The match as a few lines of text."""
    return "\n".join(
        [
            f"{result['rules']}: {result['a']} (A) against {result['b']} (B), "
            f"{result['hands']} hands ({result['hands'] // 2} deals, sides swapped), "
            f"seed {result['seed']}",
            f"  points per hand  A {_fmt(result['points_a'])}   B {_fmt(result['points_b'])}",
            f"  difference A - B {_fmt(result['difference'])}",
            f"  CPU per decision A {result['cpu_ms_a']:.1f} ms ({result['decisions_a']}),"
            f"  B {result['cpu_ms_b']:.1f} ms ({result['decisions_b']})",
            f"  exact bids made  A {result['made_a']:.0%}   B {result['made_b']:.0%}",
            f"  wall time {result['wall_s']:.0f} s",
        ]
    )


def _has_openspiel() -> bool:
    try:
        import open_spiel.python.algorithms.ismcts  # noqa: F401
    except ImportError:
        return False
    return True


def _progress(label: str, stream: TextIO | None = None) -> Callable[[int, int], None]:
    """Progress on ``stream`` (standard error): one line rewritten in place on
    a terminal; elsewhere (a log) a plain line at every tenth of the deals."""
    out = sys.stderr if stream is None else stream
    tty = out.isatty()
    start = time.perf_counter()

    def show(done: int, total: int) -> None:
        elapsed = time.perf_counter() - start
        text = f"{label}: {done}/{total} deals, {elapsed:.0f} s"
        if tty:
            out.write(f"\r{text}" + ("\n" if done == total else ""))
        elif done == total or done * 10 // total != (done - 1) * 10 // total:
            out.write(f"{text}\n")
        out.flush()

    return show


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(GAMES), help="one match: the game")
    parser.add_argument("--a", help="one match: side A (e.g. ismcts:200)")
    parser.add_argument("--b", help="one match: side B (e.g. openspiel:70)")
    parser.add_argument("--hands", type=int, default=400, help="hands per match (even)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--uct-c", type=float, default=2.0, help="OpenSpiel's UCT constant")
    parser.add_argument("--json", help="also write the results to this file")
    parser.add_argument("--log", help="append each deal's result to this file (JSON lines)")
    parser.add_argument(
        "--summarise", metavar="LOG", help="only summarise the deals of a --log file (one match)"
    )
    args = parser.parse_args(argv)
    if args.summarise:
        if not (args.game and args.a and args.b):
            parser.error("--summarise needs the match's --game, --a and --b")
        with open(args.summarise, encoding="utf-8") as lines:
            logged = [json.loads(line) for line in lines if line.strip()]
        print(report(summarise(args.game, args.a, args.b, args.seed, args.uct_c, logged, 0.0)))
        return 0
    if args.hands < 2 or args.hands % 2:
        parser.error(f"--hands must be an even number of at least 2, got {args.hands}")
    if args.game or args.a or args.b:
        if not (args.game and args.a and args.b):
            parser.error("--game, --a and --b go together")
        matches = [(args.game, args.a, args.b)]
    else:
        matches = DEFAULT_MATCHES
    print(f"Python {platform.python_version()} on {platform.machine()}, jobs {args.jobs}")
    results = []
    for game, a, b in matches:
        if "openspiel:" in a + b and not _has_openspiel():
            print(f"{game}: {a} against {b} skipped: OpenSpiel is not installed")
            continue
        result = run_match(
            game,
            a,
            b,
            args.hands,
            args.seed,
            args.jobs,
            args.uct_c,
            _progress(f"{a} v {b}"),
            args.log,
        )
        print(report(result), flush=True)
        results.append(result)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(
                [
                    {k: (v.to_dict() if isinstance(v, Estimate) else v) for k, v in r.items()}
                    for r in results
                ],
                out,
                indent=2,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
