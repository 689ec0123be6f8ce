"""What PIMC sees in its solved worlds, against what then happens in play.

PIMC (``--pimc``, named as in ``bench_vs_openspiel.py``) plays seats 0 and 2
of the first hand of each game, another bot (``--against``) seats 1 and 3.
At each of PIMC's play decisions the script asks the same bot, with a
generator of its own, what it finds (:meth:`counter_rules.bots.PIMCBot.evaluate`)
and keeps, per decision: whether any world was solved within the bot's
``nodes``, whether the seat's bid could still be reached, and whether any
play left the seat sure of ending exactly on its bid in any world. At the end
of the hand it notes whether the seat made its bid.

Printed: how often no world is solved (the heuristic bot decides); of the
decisions with the bid in reach, how often no play is sure of the bid in any
world, and how often the seat made its bid all the same; how often every
play scores the same total, and how often two plays or more share the best
(``ties`` breaks those):

    python benchmarks/bench_pimc_worlds.py --game oh-hell --hands 40
    python benchmarks/bench_pimc_worlds.py --game counter --pimc pimc:4:nodes=20000 --hands 30
"""

from __future__ import annotations

import argparse
import random
import sys
from typing import Any

from bench_vs_openspiel import GAMES, _LibraryBot

from counter_rules import apply_move, legal_moves, new_game, view
from counter_rules.bots import PIMCBot
from counter_rules.moves import Play


def play_hand(game: str, pimc: str, against: str, seed: int) -> list[dict[str, Any]]:
    """One hand; a record per PIMC play decision with more than one play."""
    rules = GAMES[game]
    rng = random.Random(seed)
    names = [pimc, against] * 2
    sides = [_LibraryBot(name, random.Random(rng.random())) for name in names]
    probe = sides[0].bot
    assert isinstance(probe, PIMCBot), f"--pimc must name a PIMC bot, got {pimc!r}"
    state = new_game(rules, seed=seed)
    records = []
    while state.hand_number == 1 and not state.is_over:
        seat = min(state.to_act)
        seen = view(state, seat)
        moves = legal_moves(state, seat)
        if seat % 2 == 0 and len(moves) > 1 and isinstance(moves[0], Play):
            found = probe.evaluate(seen, random.Random(rng.random()))
            bid, won = seen.bids[seat], seen.tricks_won[seat]
            totals = found.totals
            records.append(
                {
                    "seat": seat,
                    "solved": len(found.scores),
                    "reachable": bid is not None and won <= bid <= won + len(seen.hand or ()),
                    "sure": any(any(world) for world in found.sure_of_bid),
                    "flat": len(set(totals)) == 1,
                    "tied": totals.count(max(totals)) > 1,
                }
            )
        state = apply_move(state, sides[seat].move(state, seat))
    first = state.history[0]
    for record in records:
        record["made"] = first.bids[record["seat"]] == first.tricks_won[record["seat"]]
    return records


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.partition("\n")[0])
    parser.add_argument("--game", choices=sorted(GAMES), default="oh-hell")
    parser.add_argument("--pimc", default="pimc:4")
    parser.add_argument("--against", default="ismcts:150")
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args(argv)
    records: list[dict[str, Any]] = []
    for hand in range(args.hands):
        records += play_hand(args.game, args.pimc, args.against, args.seed + hand)
        print(f"{hand + 1}/{args.hands} hands", file=sys.stderr)
    unsolved = [r for r in records if not r["solved"]]
    solved = [r for r in records if r["solved"]]
    reach = [r for r in solved if r["reachable"]]
    blind = [r for r in reach if not r["sure"]]
    made = [r for r in blind if r["made"]]
    flat = [r for r in solved if r["flat"]]
    tied = [r for r in solved if r["tied"]]

    def share(part: list[Any], whole: list[Any]) -> str:
        return f"{len(part)} of {len(whole)} ({len(part) / max(len(whole), 1):.0%})"

    print(
        f"{GAMES[args.game]!r}: {args.pimc} at seats 0 and 2, {args.against} at 1 and 3, "
        f"{args.hands} hands, seeds from {args.seed}"
    )
    lines = [
        ("play decisions with no world solved (the heuristic decides)", unsolved, records),
        ("with the bid in reach, no play sure of it in any world", blind, reach),
        ("  of those, the seat made its bid all the same", made, blind),
        ("the best total shared by two plays or more", tied, solved),
        ("  every play with the same total", flat, solved),
    ]
    for text, part, whole in lines:
        print(f"  {text + ':':<62} {share(part, whole)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
