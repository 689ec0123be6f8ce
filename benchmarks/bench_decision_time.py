"""How long one bot takes over each decision: the mean, the slowest tenth and
the slowest of all.

Plays ``--games`` games of a ruleset with the bot (``--bot``, a name of
``counter_rules.bots.bot_from_name``) at one seat and the heuristic bot at
the others, the bot's seat moving round the table from game to game, and
times (``time.perf_counter``, wall time) each of the bot's decisions that
has more than one legal move. Every game is seeded from ``--seed`` and its
number. The default, PIMC with its limits at Counter, is the figure behind
the bots page's "a decision of Counter under half a second"::

    python benchmarks/bench_decision_time.py
    python benchmarks/bench_decision_time.py --game oh-hell --bot pimc --games 4
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time
from collections.abc import Sequence

from counter_rules import COMPILED, Counter, OhHell, apply_move, legal_moves, new_game, view
from counter_rules.bots import HeuristicBot, bot_from_name
from counter_rules.rulesets.base import Ruleset

GAMES: dict[str, Ruleset] = {
    "counter": Counter(players=4),
    "oh-hell": OhHell(players=4, schedule=(10,), hook=True),
}


def decision_times(game: str, bot: str, games: int, seed: int) -> list[float]:
    """The seconds of each of the bot's decisions with a choice, in ``games`` games."""
    rules = GAMES[game]
    timed = bot_from_name(bot)
    other = HeuristicBot()
    times: list[float] = []
    for number in range(games):
        seat = number % rules.players
        state = new_game(rules, seed=seed + number)
        rng = random.Random(f"{seed}/{number}")
        while not state.is_over:
            mover = min(state.to_act)
            if mover == seat and len(legal_moves(state, mover)) > 1:
                start = time.perf_counter()
                move = timed.choose(view(state, mover), rng)
                times.append(time.perf_counter() - start)
            else:
                move = (timed if mover == seat else other).choose(view(state, mover), rng)
            state = apply_move(state, move)
    return times


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--game", choices=sorted(GAMES), default="counter")
    parser.add_argument("--bot", default="pimc")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    times = sorted(decision_times(args.game, args.bot, args.games, args.seed))
    tenth = times[int(len(times) * 0.9)]
    print(
        f"{args.bot} at {args.game}, {args.games} games, seed {args.seed} "
        f"({'compiled' if COMPILED else 'pure Python'} build, Python "
        f"{platform.python_version()}, {platform.machine()}): {len(times)} decisions, "
        f"mean {statistics.fmean(times) * 1000:.0f} ms, 90th percentile {tenth * 1000:.0f} ms, "
        f"slowest {times[-1] * 1000:.0f} ms"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
