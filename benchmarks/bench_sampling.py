"""How long :func:`counter_rules.sample_world` takes, on the hardest views found.

Plays random games of every built-in ruleset, at every player count it
allows, and times a ``sample_world`` call on many views taken along the way
(every ``--stride``-th state, each time from the next seat in turn): the first
call on the view, and a second call on the same view object, as a bot makes
when it draws many worlds from one view. Each is made ``--repeat`` times (on a
fresh copy of the view, with the same seeded generator) and the best time
counts, which keeps other processes' noise out of the worst case. The cost
of a call depends on what the view reveals (voids, shown cards, hand sizes),
so the search keeps the slowest views it meets and prints them with what it
takes to rebuild them (ruleset, seed, number of moves, seat). It reports, per
ruleset and over all, the number of calls, the median and the worst time, and
then times the view of the project's issue 13: ``UpAndDown(players=10)``,
seed 2, 605 random moves drawn with ``random.Random(2)``, seat 5.

A call that runs past ``--timeout`` seconds is stopped (by an interval timer,
on POSIX) and counted at that time with a ``>`` in front, so that the run ends
even where a sampler would hang.

Run: ``python benchmarks/bench_sampling.py [--games 4] [--stride 5]
[--repeat 3] [--max-tries N] [--timeout 20] [--only counter,office] [--json]``.
"""

from __future__ import annotations

import argparse
import copy
import json
import platform
import random
import signal
import statistics
import time
from collections.abc import Iterator

from counter_rules import (
    Blackout,
    Counter,
    GameState,
    OhHell,
    PlayerView,
    UpAndDown,
    apply_move,
    legal_moves,
    new_game,
    sample_world,
    view,
)
from counter_rules.rulesets.base import Ruleset


def rulesets() -> Iterator[tuple[str, Ruleset]]:
    """Every built-in ruleset family at every player count, and the Oh Hell
    options that change what a view reveals (decks, Jokers, follow rules)."""
    for players in (3, 4, 5):
        yield f"counter-{players}", Counter(players=players)
    for players in range(3, 11):
        yield f"up-and-down-{players}", UpAndDown(players=players)
    for players in range(3, 8):
        yield f"blackout-{players}", Blackout(players=players)
    for players in range(2, 8):
        yield f"office-{players}", OhHell.office(players)
    for players in (5, 6):
        yield f"north-east-{players}", OhHell.north_east_blackout(players)
    yield "oh-hell-4", OhHell(players=4, schedule=(10,), hook=True)
    for players in (6, 8):
        rules = OhHell(players=players, decks=2, schedule=(12, 6))
        yield f"oh-hell-2-decks-{players}", rules
    for style in ("loser", "brader", "atkinson"):
        yield f"oh-hell-jokers-{style}", OhHell(players=5, jokers=style, schedule=(10, 5))
    must = OhHell(players=6, decks=2, follow="must_trump", trumps_broken=True, schedule=(12,))
    yield "oh-hell-must-trump-2-decks-6", must
    yield "oh-hell-second-deck-7", OhHell(players=7, trump="second_deck", schedule=(7, 3))


class _TimedOut(Exception):
    pass


def _alarm(signum: int, frame: object) -> None:
    raise _TimedOut


def _time_call(
    player_view: PlayerView, seed: int, max_tries: int | None, limit: float, repeat: int = 1
) -> tuple[float, float]:
    """Seconds a first ``sample_world`` call on a view takes, and a second call
    on the same view object (as a bot makes, drawing many worlds from one
    view); each the best of ``repeat`` tries (``-limit`` if one was stopped)."""
    kwargs = {} if max_tries is None else {"max_tries": max_tries}
    best = [limit, limit]
    for _ in range(repeat):
        fresh = copy.copy(player_view)
        for call in range(2):
            rng = random.Random(seed + call)
            signal.setitimer(signal.ITIMER_REAL, limit)
            start = time.perf_counter()
            try:
                sample_world(fresh, rng, **kwargs)
            except _TimedOut:
                return -limit, -limit
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
            best[call] = min(best[call], time.perf_counter() - start)
    return best[0], best[1]


def _views(rules: Ruleset, seed: int, stride: int) -> Iterator[tuple[int, int, PlayerView]]:
    """(moves made, seat, view) every ``stride`` states along a random game."""
    rng = random.Random(seed)
    state: GameState = new_game(rules, seed)
    moves = 0
    while not state.is_over:
        if moves % stride == 0:
            seat = (moves // stride) % state.players
            yield moves, seat, view(state, seat)
        state = apply_move(state, rng.choice(legal_moves(state)))
        moves += 1


def _line(name: str, times: list[float], again: list[float]) -> dict[str, float]:
    """Print one row of the table; return its figures."""
    figures = {
        "views": len(times),
        "median": statistics.median(abs(t) for t in times),
        "worst": max(times, key=abs),
        "median_again": statistics.median(abs(t) for t in again),
        "worst_again": max(again, key=abs),
    }
    cells = [_fmt(figures[k]) for k in ("median", "worst", "median_again", "worst_again")]
    print(f"{name:32} {len(times):>6} {cells[0]:>10} {cells[1]:>12} {cells[2]:>10} {cells[3]:>12}")
    return figures


def _fmt(seconds: float) -> str:
    text = f"{abs(seconds) * 1000:.1f} ms"
    return f">{text}" if seconds < 0 else text


def issue_view() -> PlayerView:
    """The view of issue 13: 10 players, two decks, seed 2, 605 moves, seat 5."""
    state = new_game(UpAndDown(players=10), seed=2)
    rng = random.Random(2)
    for _ in range(605):
        state = apply_move(state, rng.choice(legal_moves(state)))
    return view(state, 5)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=4, help="random games per ruleset")
    parser.add_argument("--stride", type=int, default=5, help="take a view every N states")
    parser.add_argument("--max-tries", type=int, default=None, help="passed to sample_world")
    parser.add_argument("--timeout", type=float, default=20.0, help="seconds per call at most")
    parser.add_argument(
        "--repeat", type=int, default=3, help="time each call N times, keep the best"
    )
    parser.add_argument("--only", default="", help="comma-separated name prefixes to run")
    parser.add_argument("--json", action="store_true", help="also print the figures as JSON")
    args = parser.parse_args()
    signal.signal(signal.SIGALRM, _alarm)
    only = [p for p in args.only.split(",") if p]
    print(
        f"Python {platform.python_version()} on {platform.machine()}; max_tries={args.max_tries}, "
        f"{args.games} games per ruleset, a view every {args.stride} states, best of {args.repeat}"
    )
    report: dict[str, object] = {}
    every: list[float] = []
    every_again: list[float] = []
    slowest: list[tuple[float, str]] = []
    print(f"{'':32} {'':>6} {'first call on a view':>23} {'second call':>23}")
    print(f"{'ruleset':32} {'views':>6} {'median':>10} {'worst':>12} {'median':>10} {'worst':>12}")
    for name, rules in rulesets():
        if only and not any(name.startswith(p) for p in only):
            continue
        times: list[float] = []
        again: list[float] = []
        for game in range(args.games):
            seed = 1000 + game
            for moves, seat, player_view in _views(rules, seed, args.stride):
                spent, spent_again = _time_call(
                    player_view, moves, args.max_tries, args.timeout, args.repeat
                )
                times.append(spent)
                again.append(spent_again)
                where = f"{name} seed={seed} moves={moves} seat={seat}"
                slowest.append((spent, where))
        slowest = sorted(slowest, key=lambda item: -abs(item[0]))[:8]
        every += times
        every_again += again
        report[name] = _line(name, times, again)
    if every:
        report["all"] = _line("all", every, every_again)
        print("\nslowest views (rebuild: new_game(rules, seed), then random.Random(seed) moves):")
        for spent, where in slowest:
            print(f"  {_fmt(spent):>12}  {where}")
    hard = issue_view()
    issue = [_time_call(hard, k, args.max_tries, args.timeout, args.repeat)[0] for k in range(6)]
    print("\nissue 13 view (UpAndDown(players=10), seed 2, 605 moves, seat 5), rng seeds 0-5:")
    print("  " + ", ".join(_fmt(t) for t in issue))
    report["issue-13"] = issue
    if args.json:
        print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
