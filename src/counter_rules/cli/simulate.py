"""``counter-rules simulate``: a match between bots, with a progress bar and a
summary table (or JSON), and the games as records if asked."""

from __future__ import annotations

import argparse
from typing import TextIO

from counter_rules.cli._common import (
    Streams,
    UsageError,
    add_ruleset_arguments,
    bots_for,
    rules_from_args,
    seed_number,
    whole_number,
)
from counter_rules.match import play_match

__all__ = ["DESCRIPTION", "EXAMPLES", "SUMMARY", "add_arguments", "run"]

SUMMARY = "play a match between bots and summarise it"
DESCRIPTION = (
    "Play a match between bots: --games seeded games, the bots changing seats\n"
    "every game. Prints each bot's win rate, mean score, points per hand and share\n"
    "of bids made, each with its 95% confidence interval (a mean's interval stays\n"
    "inside the scores the game allows). --records writes every game as a record,\n"
    "one JSON object a line, for counter_rules.GameRecord.from_json."
)
EXAMPLES = (
    "counter-rules simulate --games 200 --jobs 2",
    "counter-rules simulate --rules up-and-down --players 6 --bots ismcts:100,random",
    "counter-rules simulate --games 50 --records games.jsonl --json > results.json",
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``simulate``."""
    add_ruleset_arguments(parser)
    parser.add_argument(
        "--bots", default=None, metavar="BOTS",
        help="one bot for every seat, or one per seat separated by commas, from random, "
        "heuristic, ismcts, ismcts:N (default: heuristic against random at every other seat)",
    )  # fmt: skip
    parser.add_argument(
        "--games", type=whole_number("--games"), default=100, metavar="N",
        help="how many games (default 100)",
    )  # fmt: skip
    parser.add_argument(
        "--seed", type=seed_number("--seed"), default=1, help="the match's seed (default 1)"
    )
    parser.add_argument(
        "--jobs", type=whole_number("--jobs"), default=1, metavar="N",
        help="worker processes (default 1: play in this process)",
    )  # fmt: skip
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument(
        "--records", default=None, metavar="FILE",
        help="write every game's record to FILE, one JSON object a line",
    )  # fmt: skip
    parser.add_argument(
        "--progress", action=argparse.BooleanOptionalAction, default=None,
        help="draw a progress bar on standard error (default: when it is a terminal)",
    )  # fmt: skip


class _Bar:
    def __init__(self, err: TextIO) -> None:
        self.err = err
        self.drawn = False

    def __call__(self, done: int, total: int) -> None:
        filled = round(30 * done / total)
        self.err.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {done}/{total} games")
        self.drawn = done < total
        if done == total:
            self.err.write("\n")
        self.err.flush()

    def end(self) -> None:
        if self.drawn:  # an interrupted bar: end its line
            self.err.write("\n")
            self.drawn = False


def run(args: argparse.Namespace, streams: Streams) -> int:
    """Play the match and print the summary."""
    _, rules = rules_from_args(args)
    bots = bots_for(args.bots, rules.players, ("heuristic", "random"))
    records_file = None
    if args.records is not None:
        try:
            records_file = open(args.records, "w", encoding="utf-8")  # noqa: SIM115
        except OSError as exc:
            raise UsageError(
                f"--records cannot write {args.records!r}: {exc.strerror}",
                "counter-rules simulate",
            ) from None
    progress = args.progress
    if progress is None:
        isatty = getattr(streams.err, "isatty", None)
        progress = bool(isatty and isatty())
    bar = _Bar(streams.err) if progress else None
    try:
        result = play_match(
            rules,
            bots,
            args.games,
            args.seed,
            jobs=args.jobs,
            progress=bar,
            keep_records=records_file is not None,
        )
    except BaseException:
        if records_file is not None:
            records_file.close()
        raise
    finally:
        if bar is not None:
            bar.end()
    if records_file is not None:
        with records_file:
            for outcome in result.outcomes:
                assert outcome.record is not None
                records_file.write(outcome.record.to_json() + "\n")
    streams.out.write((result.to_json(indent=2) if args.json else result.table()) + "\n")
    return 0
