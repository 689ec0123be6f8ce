"""``counter-rules demo``: random players play a whole game of Counter, every
trick shown with the effects that decided it."""

from __future__ import annotations

import argparse
import random

from counter_rules.cli._arguments import seed_number, whole_number
from counter_rules.cli._colour import card_text
from counter_rules.cli._output import Streams
from counter_rules.cli._ruleset_args import make_rules
from counter_rules.effects.base import fmt_half
from counter_rules.engine import apply_move, explain_trick, legal_moves, new_game
from counter_rules.moves import Bid
from counter_rules.phase import Phase
from counter_rules.state import GameState
from counter_rules.trick import TrickResult

__all__ = ["DESCRIPTION", "EXAMPLES", "SUMMARY", "add_arguments", "run"]

SUMMARY = "watch random players play a whole game of Counter"
DESCRIPTION = (
    "Random players play a whole game of Counter. Each hand's deal is shown, then\n"
    "every trick with the effects of the cards that decided it, and each hand's points."
)
EXAMPLES = ("counter-rules demo --players 4 --seed 7", "counter-rules demo --quiet | less")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``demo``."""
    parser.add_argument(
        "--players", type=whole_number("--players"), default=4, metavar="N",
        help="3, 4 or 5 players (default 4)",
    )  # fmt: skip
    parser.add_argument(
        "--seed", type=seed_number("--seed"), default=1, help="the game's seed (default 1)"
    )
    parser.add_argument(
        "--target", type=whole_number("--target"), default=None, metavar="POINTS",
        help="the points that end the game (default 9, 8 or 7 for 3, 4 or 5 players)",
    )  # fmt: skip
    parser.add_argument(
        "--quiet", dest="explain", action="store_false",
        help="leave out the effects of every trick",
    )  # fmt: skip
    parser.add_argument("--no-color", action="store_true", help="no colours in the output")


def _trick(result: TrickResult, streams: Streams, explain: bool) -> None:
    played = "  ".join(f"P{p.seat}:{card_text(p.card, streams.color)}" for p in result.plays)
    values = " ".join(fmt_half(v) for v in result.half_values)
    who = "nobody" if result.winner is None else f"seat {result.winner}"
    streams.out.write(f"  trick: {played}   values [{values}] -> {who} wins\n")
    if explain:
        for effect in result.effects:
            streams.out.write(f"      - {effect}\n")


def _deal(state: GameState, streams: Streams) -> None:
    indicator = card_text(state.trump_indicator, streams.color) if state.trump_indicator else "-"
    streams.out.write(
        f"\n== Hand {state.hand_number}: dealer seat {state.dealer}, "
        f"trump indicator {indicator} ==\n"
    )
    for seat in range(state.players):
        hand = " ".join(card_text(c, streams.color) for c in state.hands[seat])
        streams.out.write(f"  seat {seat}: {hand}\n")


def run(args: argparse.Namespace, streams: Streams) -> int:
    """Play and print the game."""
    options = [] if args.target is None else [f"target={args.target}"]
    rules = make_rules("counter", args.players, options)
    out = streams.out
    rng = random.Random(args.seed)
    state = new_game(rules, seed=args.seed)
    target = rules.advice.target_score
    points = "point" if target == 1 else "points"
    out.write(f"Counter, {rules.players} players, first to {target} {points} (seed {args.seed})\n")
    _deal(state, streams)
    while not state.is_over:
        before = state
        move = rng.choice(legal_moves(state))
        state = apply_move(state, move)
        if isinstance(move, Bid) and state.phase is not Phase.BIDDING:
            bids = state.bids if state.hand_number == before.hand_number else ()
            out.write("  bids: " + ", ".join(f"seat {s}: {b}" for s, b in enumerate(bids)) + "\n")
        if len(state.history) > len(before.history):
            last = state.history[-1]
            _trick(explain_trick(last.tricks[-1], rules=rules), streams, args.explain)
            out.write("  tricks won: " + ", ".join(map(str, last.tricks_won)) + "\n")
            out.write("  points:     " + ", ".join(map(str, last.points)) + "\n")
            out.write("  scores:     " + ", ".join(map(str, last.scores)) + "\n")
            if not state.is_over:
                _deal(state, streams)
        elif len(state.tricks) > len(before.tricks):
            _trick(explain_trick(state.tricks[-1], rules=rules), streams, args.explain)
        elif state.phase is Phase.PLAYING and before.phase is Phase.PASSING:
            out.write("  every player passed a card to the left\n")
    hands = state.hand_number
    winners = " and ".join(f"seat {s}" for s in state.winners)
    out.write(
        f"\nGame over after {hands} {'hand' if hands == 1 else 'hands'}. "
        f"{'Winner' if len(state.winners) == 1 else 'Winners'}: {winners}\n"
    )
    return 0
