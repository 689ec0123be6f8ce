"""``counter-rules analyse``: judge every play of a saved or recorded game with
every hand open, and report which cards gave tricks away and where a bid
became impossible to make for sure."""

from __future__ import annotations

import argparse
import random

from counter_rules.analysis import analyse, hint
from counter_rules.cli._common import Streams, add_record_arguments, read_record
from counter_rules.state import Phase
from counter_rules.views import PlayerView

__all__ = [
    "DESCRIPTION",
    "EXAMPLES",
    "HINT_SECONDS",
    "HINT_WORLDS",
    "SUMMARY",
    "add_arguments",
    "hint_text",
    "run",
]

HINT_WORLDS = 20
"""How many worlds the ``a`` key of ``play`` solves."""
HINT_SECONDS = 10.0
"""How long the ``a`` key of ``play`` may take."""

SUMMARY = "judge every play of a saved or recorded game with every hand open"
DESCRIPTION = (
    "Analyse a game record (a game saved with s in play, or one game of a file\n"
    "written by simulate --records; --game picks it) double dummy: for every play\n"
    "and pass with a choice, the tricks the player could be sure of alone against\n"
    "the others with every hand open, after the card chosen and after the best\n"
    "card, and whether the player's bid could still be made for sure. The report\n"
    "lists the cards that gave tricks away and the plays after which a bid could\n"
    "no longer be made; --json prints every decision."
)
EXAMPLES = (
    "counter-rules analyse counter-rules-game.json",
    "counter-rules analyse games.jsonl --game 3 --json",
    "counter-rules analyse counter-game.json --seconds 30",
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``analyse``."""
    add_record_arguments(parser)
    parser.add_argument("--json", action="store_true", help="print the analysis as JSON")
    parser.add_argument(
        "--seconds", type=_seconds, default=None, metavar="S",
        help="give each decision at most S seconds and list those not solved in time "
        "(default: no limit; the first tricks of a Counter hand can take very long)",
    )  # fmt: skip
    parser.add_argument("--quiet", action="store_true", help="no progress on standard error")


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"--seconds must be a positive number, got {text!r}")
    return value


def hint_text(player_view: PlayerView, seed: int, ply: int) -> str:
    """The ``a`` key of ``play``: double-dummy advice for the view's seat from
    :data:`HINT_WORLDS` worlds sampled from its view (at most
    :data:`HINT_SECONDS`), drawn from the game's seed and the moves made."""
    if player_view.phase not in (Phase.PLAYING, Phase.PASSING):
        return "The double-dummy advice is for the play: bid first."
    rng = random.Random(f"counter-rules/hint/{seed}/{ply}")
    return str(hint(player_view, rng=rng, worlds=HINT_WORLDS, seconds=HINT_SECONDS))


def run(args: argparse.Namespace, streams: Streams) -> int:
    """Analyse the recorded game and print the report."""
    record = read_record(args, streams, "counter-rules analyse")

    err = streams.err
    terminal = bool(getattr(err, "isatty", None) and err.isatty())

    def progress(done: int, total: int) -> None:
        # On a terminal one line rewritten; in a log a line at every tenth.
        if args.quiet or not (
            terminal or done == total or done * 10 // total != (done - 1) * 10 // total
        ):
            return
        start = "\r" if terminal else ""
        err.write(f"{start}analysed {done} of {total} decisions")
        if not terminal or done == total:
            err.write("\n")
        err.flush()

    analysis = analyse(record, seconds=args.seconds, progress=progress)
    streams.out.write((analysis.to_json(indent=1) if args.json else analysis.report()) + "\n")
    return 0
