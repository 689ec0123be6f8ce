"""A bot tournament on duplicate deals: every deal is played with the bots in
every seating, and each bot's mean score and win share come with 95% intervals.

:func:`counter_rules.match.play_match` deals game ``g`` of a match from the
match's seed and ``g`` alone, and seats bot ``i`` at seat ``(i + g) % P``. So
``P`` matches with the same seed, the list of bots rotated by ``0 .. P - 1``,
play every deal once in each of ``P`` seatings: every bot holds every hand of
every deal. A bot's result on a deal is its average over the seatings, which
takes most of the luck of the cards out; the means over the deals carry
Student-t 95% intervals (:mod:`counter_rules.stats`), and each bot is compared
with the first by the per-deal differences of their scores (a paired
comparison, narrower than the two intervals side by side).

The defaults are small enough to finish in seconds (4 deals of a short game of
Oh Hell). A real run plays more deals on more cores, for instance::

    python examples/tournament.py
    python examples/tournament.py --rules counter --bots ismcts:200,heuristic,random,random \\
        --deals 250 --jobs 4
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

import attrs

from counter_rules import CounterRulesError, Ruleset, ruleset_entry
from counter_rules.bots import Bot, bot_from_name, bot_name
from counter_rules.match import MatchResult, play_match
from counter_rules.stats import Estimate, mean_interval, points_interval


@attrs.frozen
class Standing:
    """One bot's results over the tournament."""

    name: str
    """The bot's name."""
    mean_score: Estimate
    """The mean final score over the deals (each deal averaged over the seatings)."""
    win_share: Estimate
    """The mean share of the win (a tie at the top shares it)."""
    versus_first: Estimate | None
    """The mean per-deal difference of its score and the first bot's (none for the first)."""


@attrs.frozen
class Tournament:
    """The results: the matches played and every bot's standing."""

    rules: Ruleset
    """The ruleset played."""
    deals: int
    """How many deals; each was played once in every seating."""
    seed: int
    """The seed every match was played with."""
    matches: tuple[MatchResult, ...]
    """The match of each rotation of the bots: ``matches[r]`` seats bot ``(i + r) % P``
    where ``play_match`` seats bot ``i``."""
    standings: tuple[Standing, ...]
    """Every bot's results, in the order the bots were given."""

    def table(self) -> str:
        """The standings as a table for a person."""
        players = self.rules.players
        width = max(len(s.name) for s in self.standings)
        rows = [
            f"{self.rules.name}: {self.deals} deals, each in {players} seatings "
            f"({self.deals * players} games, seed {self.seed}); 95% intervals over the deals",
            f"  {'bot':<{width}}  {'mean score':<22}  {'win share':<22}  score - bot 0's",
        ]
        for i, s in enumerate(self.standings):
            versus = "" if s.versus_first is None else _interval(s.versus_first, signed=True)
            row = (
                f"{i} {s.name:<{width}}  {_interval(s.mean_score):<22}  "
                f"{_interval(s.win_share, digits=3):<22}  {versus}"
            )
            rows.append(row.rstrip())
        return "\n".join(rows)


def _interval(e: Estimate, *, digits: int = 2, signed: bool = False) -> str:
    sign = "+" if signed else ""
    if e.low != e.low:  # one deal: no interval
        return f"{e.value:{sign}.{digits}f}"
    return f"{e.value:{sign}.{digits}f} [{e.low:.{digits}f}, {e.high:.{digits}f}]"


def run_tournament(
    rules: Ruleset, bots: Sequence[Bot], deals: int, seed: int, jobs: int = 1
) -> Tournament:
    """Play ``deals`` deals, each once in every rotation of ``bots``, and rank them."""
    players = rules.players
    matches = tuple(
        play_match(rules, [*bots[r:], *bots[:r]], games=deals, seed=seed, jobs=jobs)
        for r in range(players)
    )
    # Bot j is at place (j - r) % P of the list rotated by r.
    scores = [
        [sum(m.outcomes[g].scores[(j - r) % players] for r, m in enumerate(matches)) / players
         for g in range(deals)]
        for j in range(players)
    ]  # fmt: skip
    shares = [
        [sum(m.outcomes[g].win_shares[(j - r) % players] for r, m in enumerate(matches)) / players
         for g in range(deals)]
        for j in range(players)
    ]  # fmt: skip
    lowest = min(o.lowest_hand for m in matches for o in m.outcomes)
    standings = tuple(
        Standing(
            bot_name(bot),
            points_interval(scores[j], lowest),
            mean_interval(shares[j], low=0.0, high=1.0),
            None
            if j == 0
            else mean_interval([a - b for a, b in zip(scores[j], scores[0], strict=True)]),
        )
        for j, bot in enumerate(bots)
    )
    return Tournament(rules, deals, seed, matches, standings)


def main(argv: Sequence[str] | None = None) -> Tournament:
    """Run the tournament the command line asks for and print the standings."""
    cli = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    add = cli.add_argument
    add("--rules", default="oh-hell", help="the ruleset's name (default oh-hell)")
    add("--players", type=int, default=None, help="the number of players")
    add("--option", action="append", default=None, metavar="NAME=VALUE",
        help="a ruleset option (default for oh-hell: schedule=5,4,3,2,1)")  # fmt: skip
    add("--bots", default="heuristic,ismcts:25,random,random",
        help="one bot per seat, by commas (default heuristic,ismcts:25,random,random)")  # fmt: skip
    add("--deals", type=int, default=4, help="how many deals (default 4)")
    add("--seed", type=int, default=1, help="the tournament's seed (default 1)")
    add("--jobs", type=int, default=1, help="worker processes (default 1)")
    args = cli.parse_args(argv)
    for name in ("deals", "jobs"):
        if getattr(args, name) < 1:
            cli.error(f"--{name} must be a positive whole number, got {getattr(args, name)}")
    if args.option is None:
        args.option = ["schedule=5,4,3,2,1"] if args.rules == "oh-hell" else []
    try:
        options: dict[str, object] = dict(o.split("=", 1) for o in args.option if "=" in o)
        if len(options) != len(args.option):
            cli.error(f"--option must be NAME=VALUE, got {args.option!r}")
        if args.players is not None:
            options["players"] = args.players
        rules = ruleset_entry(args.rules).build_from_text(options)
        bots = [bot_from_name(name) for name in args.bots.split(",")]
        if len(bots) != rules.players:
            cli.error(f"--bots must name {rules.players} bots, one per seat, got {args.bots!r}")
        tournament = run_tournament(rules, bots, args.deals, args.seed, args.jobs)
    except CounterRulesError as error:
        cli.error(str(error))
    print(tournament.table())
    return tournament


if __name__ == "__main__":
    main(sys.argv[1:])
