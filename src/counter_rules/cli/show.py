"""``counter-rules show``: replay a game record (a game saved by ``play``, or a
line of ``simulate --records``) deal by deal."""

from __future__ import annotations

import argparse

from counter_rules.checks import counted
from counter_rules.cli._common import Streams, UsageError, card_text, record_text, whole_number
from counter_rules.cli.play import Table
from counter_rules.engine import explain_trick
from counter_rules.errors import CounterRulesError
from counter_rules.records import GameRecord
from counter_rules.rulesets.registry import import_plugin, ruleset_entry_for
from counter_rules.trick import TrickResult

__all__ = ["DESCRIPTION", "EXAMPLES", "SUMMARY", "add_arguments", "run"]

SUMMARY = "replay a saved or recorded game, deal by deal"
DESCRIPTION = (
    "Replay a game record: a game saved with s in play, or one game of a file\n"
    "written by simulate --records (one record a line; --game picks it). Every\n"
    "deal with all the hands, the bids, every trick and the score sheet."
)
EXAMPLES = (
    "counter-rules show counter-rules-game.json",
    "counter-rules show games.jsonl --game 3 --explain",
    "counter-rules show - < counter-rules-game.json",
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``show``."""
    parser.add_argument(
        "file", metavar="FILE", help="a record, or records one a line; - reads standard input"
    )
    parser.add_argument(
        "--game", type=whole_number("--game"), default=1, metavar="N",
        help="the N-th record of a file of records, from 1 (default 1)",
    )  # fmt: skip
    parser.add_argument(
        "--explain", action="store_true", help="explain every trick effect by effect"
    )
    parser.add_argument(
        "--plugin", action="append", default=[], metavar="MODULE",
        help="import MODULE first: a module of yours that registers the game's ruleset",
    )  # fmt: skip
    parser.add_argument("--no-color", action="store_true", help="no colours in the output")


class _Narrator(Table):
    explain_all = False

    def after_deal(self) -> None:
        for seat, hand in enumerate(self.state.hands):
            cards = " ".join(card_text(c, self.color) for c in hand)
            self.write(f"  seat {seat}: {cards}\n")

    def after_trick(self, result: TrickResult) -> None:
        if self.explain_all:
            for effect in explain_trick(result, rules=self.rules).effects:
                self.write(f"      - {effect}\n")


def _record(path: str, number: int | None, streams: Streams) -> GameRecord:
    label = "standard input" if path == "-" else f"FILE {path!r}"
    text = record_text(path, number, label, "counter-rules show", streams.inp)
    try:
        return GameRecord.from_json(text)
    except CounterRulesError as exc:
        raise UsageError(f"{label} is not a game record: {exc}", "counter-rules show") from None


def run(args: argparse.Namespace, streams: Streams) -> int:
    """Print the recorded game."""
    for module in args.plugin:
        import_plugin(module)
    record = _record(args.file, args.game, streams)
    states = list(record.replay())
    rules = record.rules
    table = _Narrator(rules, states[0], -1, {}, 0, "", streams)
    table.explain_all = args.explain
    table.write(
        f"{ruleset_entry_for(rules).title}, {rules.players} players, seed {record.seed}, "
        f"{counted(len(record.moves), 'move')}\n"
    )
    table.deal_header()
    for move, before, after in zip(record.moves, states, states[1:], strict=False):
        table.state = after
        table.report(before, move, move.seat)
    if table.state.is_over:
        table.game_over()
    else:
        table.write(f"\nThe record ends here, in hand {table.state.hand_number}.\n")
    return 0
