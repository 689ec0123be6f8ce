"""``counter-rules show``: replay a game record (a game saved by ``play``, or a
line of ``simulate --records``) deal by deal."""

from __future__ import annotations

import argparse

from counter_rules.argument_checks import counted
from counter_rules.cli._colour import card_text
from counter_rules.cli._output import Streams
from counter_rules.cli._record_args import add_record_arguments, read_record
from counter_rules.cli.play import TerminalGame
from counter_rules.engine import explain_trick
from counter_rules.rulesets.registry import ruleset_entry_for
from counter_rules.state import GameState
from counter_rules.trick import TrickResult
from counter_rules.views import view

__all__ = ["DESCRIPTION", "EXAMPLES", "SUMMARY", "add_arguments", "run"]

SUMMARY = "replay a saved or recorded game, deal by deal"
# Alike on purpose: every command module states its help and options so.
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
    add_record_arguments(parser)
    parser.add_argument(
        "--explain", action="store_true", help="explain every trick effect by effect"
    )
    parser.add_argument("--no-color", action="store_true", help="no colours in the output")


class _Narrator(TerminalGame):
    explain_all = False

    def after_deal(self) -> None:
        for seat, hand in enumerate(self.state.hands):
            cards = " ".join(card_text(c, self.color) for c in hand)
            self.write(f"  seat {seat}: {cards}\n")

    def after_pass(self, state: GameState) -> None:
        # Each seat's exchange as its own view tells it: who received a card
        # is the seat whose received card it is, whatever way the cards went.
        exchanges = [view(state, seat).my_exchanges[-1] for seat in range(state.players)]
        parts = []
        for seat, (given, _) in enumerate(exchanges):
            if given is None:
                parts.append(f"seat {seat} nothing")
                continue
            to = next(other for other, (_, got) in enumerate(exchanges) if got == given)
            parts.append(f"seat {seat} {card_text(given, self.color)} to seat {to}")
        self.write(f"  the passes: {', '.join(parts)}\n")

    def after_trick(self, result: TrickResult) -> None:
        if self.explain_all:
            for effect in explain_trick(result, rules=self.rules).effects:
                self.write(f"      - {effect}\n")


def run(args: argparse.Namespace, streams: Streams) -> int:
    """Print the recorded game."""
    record = read_record(args, streams, "counter-rules show")
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
