"""``counter-rules analyse``: judge every play of a saved or recorded game with
every hand open, and report which cards gave tricks away and where a bid
became impossible to make for sure."""

from __future__ import annotations

import argparse
import os
import random
from collections.abc import Callable
from typing import BinaryIO, TextIO

from counter_rules.analysis import Analysis, AnalysisStopped, analyse, fast_search, hint
from counter_rules.argument_checks import shown
from counter_rules.cli._arguments import UsageError, whole_number
from counter_rules.cli._failures import CommandError
from counter_rules.cli._output import Streams
from counter_rules.cli._progress import Progress, duration
from counter_rules.cli._record_args import add_record_arguments, read_record
from counter_rules.cli._records_file import write_whole
from counter_rules.errors import CounterRulesError, InvalidArgumentError
from counter_rules.input_limits import JSON_LIMIT, read_bounded
from counter_rules.phase import Phase
from counter_rules.records import GameRecord
from counter_rules.views import PlayerView

__all__ = [
    "BUDGET",
    "DESCRIPTION",
    "EXAMPLES",
    "HINT_SECONDS",
    "HINT_WORLDS",
    "JOBS",
    "MEMORY_PER_JOB",
    "MOST_JOBS",
    "SECONDS",
    "SUMMARY",
    "add_arguments",
    "default_jobs",
    "hint_text",
    "run",
]

_COMMAND = "counter-rules analyse"

HINT_WORLDS = 20
"""How many worlds the ``a`` key of ``play`` solves."""
HINT_SECONDS = 4.0
"""How long the ``a`` key of ``play`` may take."""
MEMORY_PER_JOB = 3 << 29
"""The memory (1.5 GB) a process of ``analyse`` may take at Counter: the
analysis of a whole game in one process peaks at about 1.1 GB (its
searches' tables, one for each seat)."""


def default_jobs(cores: int | None, memory: int | None) -> int:
    """How many processes ``analyse`` judges its decisions in, and the ``a``
    key of ``play`` solves its worlds in, at once by default: the machine's
    ``cores``, at most 4, and one for each :data:`MEMORY_PER_JOB` bytes of
    its ``memory`` (``None`` where it is not known).

    Example:
        >>> from counter_rules.cli.analyse import default_jobs
        >>> default_jobs(8, 16 << 30), default_jobs(8, 4 << 30), default_jobs(None, None)
        (4, 2, 1)
    """
    jobs = min(4, cores or 1)
    if memory is not None:
        jobs = min(jobs, memory // MEMORY_PER_JOB)
    return max(1, jobs)


def _memory() -> int | None:
    """The machine's physical memory in bytes, where the system says."""
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, ValueError, OSError):
        return None


JOBS = default_jobs(os.cpu_count(), _memory())
"""The default of ``analyse --jobs`` and ``play --hint-jobs`` on this
machine (see :func:`default_jobs`)."""
MOST_JOBS = 64
"""The most processes ``analyse --jobs`` and ``play --hint-jobs`` take."""
SECONDS = 5.0
"""The most time ``analyse`` gives one decision by default."""
BUDGET = 40.0
"""The most time ``analyse`` takes in all by default."""

SUMMARY = "judge every play of a saved or recorded game with every hand open"
DESCRIPTION = (
    "Analyse a game record (a game saved with s in play, or one game of a file\n"
    "written by simulate --records; --game picks it) double dummy: for every play\n"
    "and pass with a choice, the tricks the player could be sure of alone against\n"
    "the others with every hand open, after the card chosen and after the best\n"
    "card, and whether the player's bid could still be made for sure. The report\n"
    "lists the cards that gave tricks away and the plays after which a bid could\n"
    "no longer be made; --json prints every decision. Exact analysis of the first\n"
    "tricks of a Counter hand can take very long: by default the analysis stops\n"
    f"after {BUDGET:g} seconds, and lists the decisions it did not solve in time;\n"
    "--save FILE keeps the analysis and --resume FILE takes it up again later."
)
EXAMPLES = (
    "counter-rules analyse counter-rules-game.json",
    "counter-rules analyse games.jsonl --game 3 --json",
    "counter-rules analyse counter-game.json --budget 600 --seconds 30",
    "counter-rules analyse counter-game.json --save analysis.json",
    "counter-rules analyse counter-game.json --resume analysis.json --save analysis.json "
    "--budget 600",
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``analyse``."""
    add_record_arguments(parser)
    parser.add_argument("--json", action="store_true", help="print the analysis as JSON")
    parser.add_argument(
        "--seconds", type=_limit("--seconds"), default=SECONDS, metavar="S",
        help=f"give each decision at most S seconds (default {SECONDS:g}; 0: no limit)",
    )  # fmt: skip
    parser.add_argument(
        "--budget", type=_limit("--budget"), default=BUDGET, metavar="S",
        help=f"stop after S seconds in all (default {BUDGET:g}; 0: no limit): the "
        "decisions are then analysed from the fewest cards left up, and those not "
        "solved in time are listed",
    )  # fmt: skip
    parser.add_argument(
        "--jobs", type=whole_number("--jobs", 1, MOST_JOBS), default=JOBS,
        metavar="N",
        help=f"judge N decisions at once, each in its own process (default {JOBS}: "
        "the machine's cores, at most 4 and one for each 1.5 GB of memory)",
    )  # fmt: skip
    parser.add_argument(
        "--save", metavar="FILE",
        help="also write the analysis as JSON to FILE (replaced only once it is written "
        "whole), decisions not solved in time included: --resume FILE takes it up",
    )  # fmt: skip
    parser.add_argument(
        "--resume", metavar="FILE",
        help="take up an analysis of the same game written by --save (or --json): its "
        "decisions are kept, and only those it did not solve are judged",
    )  # fmt: skip
    parser.add_argument(
        "--quiet", action="store_true", help="no progress and no notes on standard error"
    )


def _limit(name: str) -> Callable[[str], float | None]:
    """An argparse ``type`` for a number of seconds, 0 for no limit (``None``)."""

    def parse(text: str) -> float | None:
        try:
            value = float(text)
        except ValueError:
            value = -1.0
        if not value >= 0 or value == float("inf"):
            raise argparse.ArgumentTypeError(
                f"{name} must be a number of seconds, 0 for no limit, got {shown(text, 40)}"
            )
        return value or None

    return parse


def hint_text(
    player_view: PlayerView,
    seed: int,
    ply: int,
    err: TextIO | None = None,
    *,
    jobs: int = 1,
) -> str:
    """The ``a`` key of ``play``: double-dummy advice for the view's seat from
    :data:`HINT_WORLDS` worlds sampled from its view (at most
    :data:`HINT_SECONDS`), drawn from the game's seed and the moves made,
    solved by ``jobs`` processes at once; the worlds solved are counted
    on ``err`` as they are."""
    if player_view.phase not in (Phase.PLAYING, Phase.PASSING):
        return "The double-dummy advice is for the play: bid first."
    rng = random.Random(f"counter-rules/hint/{seed}/{ply}")
    progress = None if err is None else Progress(err, "worlds")
    try:
        advice = hint(
            player_view,
            rng=rng,
            worlds=HINT_WORLDS,
            seconds=HINT_SECONDS,
            progress=progress,
            jobs=jobs,
        )
    finally:
        if progress is not None:
            progress.end()
    return str(advice)


def _needs_general_search(record: GameRecord) -> bool:
    """Whether the game's play is searched by the general search (Counter's
    is), whose first tricks of a hand can take very long."""
    for state in record.replay():
        if state.phase is Phase.PLAYING:
            return not fast_search(state)
    return False


def run(args: argparse.Namespace, streams: Streams) -> int:
    """Analyse the recorded game and print the report."""
    record = read_record(args, streams, _COMMAND)
    resumed = None if args.resume is None else _read_analysis(args.resume)
    progress = Progress(
        streams.err, "decisions", mode="off" if args.quiet else None, budget=args.budget
    )
    if _needs_general_search(record):
        budget, seconds = args.budget, args.seconds
        limits = [
            f"stops after {duration(budget)} (--budget S)" if budget else "",
            f"gives a decision at most {duration(seconds)} (--seconds S)" if seconds else "",
        ]
        said = ", ".join(limit for limit in limits if limit)
        progress.note(
            f"{record.rules.name}: exact analysis of the first tricks of a hand can take "
            "very long, so "
            + (
                f"this analysis {said} and lists the decisions it does not solve"
                if said
                else "this analysis, without limits, may run for hours (--budget S stops "
                "it after S seconds)"
            )
        )
    try:
        analysis = analyse(
            record,
            seconds=args.seconds,
            budget=args.budget,
            progress=progress,
            jobs=args.jobs,
            resume=resumed,
        )
    except InvalidArgumentError as exc:
        if resumed is None:
            raise
        raise UsageError(f"--resume {args.resume!r:.200}: {exc}", _COMMAND) from None
    except AnalysisStopped as stopped:
        progress.end()
        if args.save is None:
            streams.err.write("\nStopped (Ctrl-C); --save FILE keeps what is judged.\n")
        else:
            _write_analysis(args.save, stopped.analysis)
            streams.err.write(
                f"\nStopped (Ctrl-C): {len(stopped.analysis.decisions)} decisions judged are "
                f"saved to {args.save}; --resume {args.save} takes the analysis up.\n"
            )
        raise
    finally:
        progress.end()
    if args.save is not None:
        _write_analysis(args.save, analysis)
    streams.out.write((analysis.to_json(indent=1) if args.json else analysis.report()) + "\n")
    if analysis.unsolved:  # the last line says how to go on
        streams.out.flush()
        count = len(analysis.unsolved)
        left = f"{count} {'decision was' if count == 1 else 'decisions were'} not solved in time"
        progress.note(
            f"{left}: --save FILE keeps the analysis, and --resume FILE takes it up"
            if args.save is None
            else f"{left}: --resume {args.save} takes the analysis up"
        )
    return 0


def _read_analysis(path: str) -> Analysis:
    """The analysis ``--resume`` names; a :class:`UsageError` when it cannot
    be read or is not an analysis."""
    try:
        with open(path, "rb") as file:
            return Analysis.from_json(read_bounded(file, JSON_LIMIT, "file"))
    except OSError as exc:
        problem = f"cannot be read: {exc.strerror or exc}"
    except CounterRulesError as exc:
        problem = f"is not an analysis: {exc}"
    raise UsageError(f"--resume {path!r:.200} {problem}", _COMMAND)


def _write_analysis(path: str, analysis: Analysis) -> None:
    """Write ``analysis`` to ``path`` (``--save``), replacing it only once
    written whole.

    Raises:
        CommandError: ``path`` cannot be written (an older file stays as it was).
    """
    text = (analysis.to_json(indent=1) + "\n").encode("utf-8")

    def write(out: BinaryIO) -> None:
        out.write(text)  # a buffered file writes it all

    try:
        write_whole(path, write)
    except OSError as exc:
        raise CommandError(f"cannot write --save {path!r:.200}: {exc.strerror or exc}") from None
