"""``counter-rules simulate``: a match between bots, with its progress and a
summary table (or JSON), and the games as records if asked."""

from __future__ import annotations

import argparse
import contextlib
import re

from counter_rules.cli._arguments import UsageError, seed_number, whole_number
from counter_rules.cli._bot_args import bots_for, bots_help
from counter_rules.cli._failures import CommandError
from counter_rules.cli._output import Streams
from counter_rules.cli._progress import Progress
from counter_rules.cli._records_file import RecordsFile, Resumed, read_resumed
from counter_rules.cli._ruleset_args import add_ruleset_arguments, rules_from_args
from counter_rules.errors import InvalidArgumentError, WorkerLostError
from counter_rules.match import GameOutcome, play_match

__all__ = ["DESCRIPTION", "EXAMPLES", "MAX_GAMES", "MAX_JOBS", "SUMMARY", "add_arguments", "run"]

MAX_GAMES = 100_000_000
"""The most games ``--games`` takes."""
MAX_JOBS = 1024
"""The most worker processes ``--jobs`` takes."""

SUMMARY = "play a match between bots and summarise it"
DESCRIPTION = (
    "Play a match between bots: --games seeded games, the bots changing seats\n"
    "every game. Prints each bot's win rate, mean score, points per hand and share\n"
    "of bids made, each with its 95% confidence interval (a mean's interval stays\n"
    "inside the scores the game allows). --records writes every game as a record,\n"
    "one JSON object a line, for counter_rules.GameRecord.from_json: to FILE.partial\n"
    "as each game finishes, then to FILE once the match is over. --resume FILE goes\n"
    "on from the games a FILE.partial (or FILE) holds, to the same results as a\n"
    "match never interrupted. A worker process that dies costs only its game in\n"
    "progress, which is played again."
)
EXAMPLES = (
    "counter-rules simulate --games 200 --jobs 2",
    "counter-rules simulate --rules up-and-down --players 6 --bots ismcts:100,random",
    "counter-rules simulate --games 50 --records games.jsonl --json > results.json",
    "counter-rules simulate --games 50 --records games.jsonl --resume games.jsonl.partial",
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``simulate``."""
    add_ruleset_arguments(parser)
    parser.add_argument(
        "--bots", default=None, metavar="BOTS",
        help="one bot for every seat, or one per seat separated by commas, "
        + bots_help("heuristic against random at every other seat"),
    )  # fmt: skip
    parser.add_argument(
        "--games", type=whole_number("--games", 1, MAX_GAMES), default=100, metavar="N",
        help=f"how many games, 1 to {MAX_GAMES:,} (default 100)",
    )  # fmt: skip
    parser.add_argument(
        "--seed", type=seed_number("--seed"), default=1, help="the match's seed (default 1)"
    )
    parser.add_argument(
        "--jobs", type=whole_number("--jobs", 1, MAX_JOBS), default=1, metavar="N",
        help=f"worker processes, 1 to {MAX_JOBS} (default 1: play in this process)",
    )  # fmt: skip
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument(
        "--records", default=None, metavar="FILE",
        help="write every game's record to FILE, one JSON object a line (to FILE.partial "
        "as games finish, then to FILE at the end)",
    )  # fmt: skip
    parser.add_argument(
        "--resume", default=None, metavar="FILE",
        help="go on from the finished games of FILE, written by --records (FILE.partial "
        "after an interrupted run): only the other games are played",
    )  # fmt: skip
    parser.add_argument(
        "--progress", action=argparse.BooleanOptionalAction, default=None,
        help="draw a progress bar on standard error, or with --no-progress nothing "
        "(default: a bar on a terminal, else a line every few seconds)",
    )  # fmt: skip
    parser.add_argument(
        "--quiet", dest="progress", action="store_false",
        help="no progress on standard error (as --no-progress)",
    )  # fmt: skip


def _finished_problem(exc: InvalidArgumentError, resumed: Resumed) -> UsageError | None:
    """A record of ``--resume`` that is not a game of this match, as a usage
    error naming its line."""
    match = re.match(r"finished\[(\d+)\] (.*)", str(exc), re.S)
    if match is None:
        return None
    number = resumed.numbers[int(match[1])]
    return UsageError(
        f"--resume {resumed.path!r:.200} line {number} {match[2]} (give the match's "
        "--rules, --players, --option, --bots, --seed and --games)",
        "counter-rules simulate",
    )


def run(args: argparse.Namespace, streams: Streams) -> int:
    """Play the match and print the summary."""
    _, rules = rules_from_args(args)
    bots = bots_for(args.bots, rules.players, ("heuristic", "random"))
    resumed = read_resumed(args.resume) if args.resume is not None else None
    records = RecordsFile(args.records, resumed) if args.records is not None else None
    mode = {None: None, True: "bar", False: "off"}[args.progress]
    bar = Progress(
        streams.err,
        "games",
        mode=mode,
        advice="--games N plays fewer, --jobs N more at once",
    )
    bar(len(resumed.records) if resumed is not None else 0, args.games)

    def save(outcome: GameOutcome) -> None:
        assert records is not None and outcome.record is not None
        records.add(outcome.seed, outcome.record)

    try:
        result = play_match(
            rules,
            bots,
            args.games,
            args.seed,
            jobs=args.jobs,
            progress=bar,
            keep_records=records is not None,
            finished=resumed.records if resumed is not None else (),
            on_outcome=save if records is not None else None,
        )
    except BaseException as exc:
        bar.end()
        if isinstance(exc, InvalidArgumentError) and resumed is not None:
            problem = _finished_problem(exc, resumed)
            if problem is not None:
                if records is not None:
                    records.abandon()
                raise problem from None
        kept = records.kept() if records is not None else None
        if isinstance(exc, WorkerLostError | CommandError):
            what = str(exc).partition("; ")[0] if isinstance(exc, WorkerLostError) else exc
            raise CommandError(f"{what}; {kept or 'no game was finished'}") from None
        if kept is not None:
            with contextlib.suppress(OSError, ValueError):
                streams.err.write(f"counter-rules simulate: {kept}\n")
        raise
    bar.end()
    if records is not None:
        records.finish([o.seed for o in result.outcomes])
    streams.out.write((result.to_json(indent=2) if args.json else result.table()) + "\n")
    return 0
