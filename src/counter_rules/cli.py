"""The command line: ``counter-rules`` (also ``python -m counter_rules``).

Commands:

- ``demo``: random players play a whole game of Counter; every trick is shown
  with the effects that decided it.
- ``explain``: resolve one trick given on the command line and print every
  effect step by step, the final values and the winner.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from typing import TextIO

from counter_rules.cards import Suit, cards
from counter_rules.effects.base import fmt_half
from counter_rules.engine import apply_move, explain_trick, legal_moves, new_game, resolve_trick
from counter_rules.errors import CounterRulesError
from counter_rules.moves import Bid
from counter_rules.rulesets.counter import Counter
from counter_rules.state import GameState, Phase
from counter_rules.trick import PlayedCard, TrickResult

__all__ = ["main"]


def _hand_text(state: GameState, seat: int) -> str:
    return " ".join(str(c) for c in state.hands[seat])


def _trick_text(result: TrickResult) -> str:
    played = "  ".join(str(p) for p in result.plays)
    values = " ".join(fmt_half(v) for v in result.half_values)
    who = "nobody" if result.winner is None else f"seat {result.winner}"
    return f"{played}   values [{values}] -> {who} wins"


def _demo(args: argparse.Namespace, out: TextIO) -> int:
    rules = Counter(players=args.players, target=args.target)
    rng = random.Random(args.seed)
    state = new_game(rules, seed=args.seed)
    out.write(f"Counter, {rules.players} players, first to {rules.effective_target} points "
              f"(seed {args.seed})\n")  # fmt: skip
    _show_deal(state, out)
    while not state.is_over:
        before = state
        move = rng.choice(legal_moves(state))
        state = apply_move(state, move)
        if isinstance(move, Bid) and state.phase is not Phase.BIDDING:
            out.write("  bids: " + ", ".join(f"seat {s}: {b}" for s, b in enumerate(state.bids)))
            out.write("\n")
        if len(state.history) > len(before.history):
            last = state.history[-1]
            _print_trick(explain_trick(last.tricks[-1], rules=rules), args.explain, out)
            out.write("  tricks won: " + ", ".join(map(str, last.tricks_won)) + "\n")
            out.write("  points:     " + ", ".join(map(str, last.points)) + "\n")
            out.write("  scores:     " + ", ".join(map(str, last.scores)) + "\n")
            if not state.is_over:
                _show_deal(state, out)
        elif len(state.tricks) > len(before.tricks):
            _print_trick(explain_trick(state.tricks[-1], rules=rules), args.explain, out)
        elif state.phase is Phase.PLAYING and before.phase is Phase.PASSING:
            out.write("  every player passed a card to the left\n")
    winners = ", ".join(f"seat {s}" for s in state.winners)
    out.write(f"\nGame over after {state.hand_number} hand(s). Winner(s): {winners}\n")
    return 0


def _show_deal(state: GameState, out: TextIO) -> None:
    out.write(f"\n== Hand {state.hand_number}: dealer seat {state.dealer}, trump indicator "
              f"{state.trump_indicator} ==\n")  # fmt: skip
    for seat in range(state.players):
        out.write(f"  seat {seat}: {_hand_text(state, seat)}\n")


def _print_trick(result: TrickResult, explain: bool, out: TextIO) -> None:
    out.write(f"  trick: {_trick_text(result)}\n")
    if explain:
        for effect in result.effects:
            out.write(f"      - {effect}\n")


def _explain(args: argparse.Namespace, out: TextIO) -> int:
    played = cards(args.cards)
    rules = Counter(players=len(played)) if args.players is None else Counter(players=args.players)
    trump = Suit.parse(args.trump) if args.trump.lower() not in ("none", "-") else None
    plays = [PlayedCard((args.leader + i) % rules.players, c) for i, c in enumerate(played)]
    if args.reveal:
        for text in args.reveal:
            index_text, _, card_text = text.partition("=")
            index = int(index_text)
            plays[index] = PlayedCard(plays[index].seat, plays[index].card, cards(card_text)[0])
    result = resolve_trick(
        plays, trump=trump, rules=rules, doubled_lead=args.doubled, last_trick=args.last
    )
    out.write(f"trick: {'  '.join(str(p) for p in result.plays)}   (trump {trump or 'none'})\n")
    for i, effect in enumerate(result.effects, 1):
        out.write(f"{i:2}. {effect}\n")
    out.write("final values: " + "  ".join(
        f"{p.card}={fmt_half(v)}" for p, v in zip(result.plays, result.half_values, strict=True)
    ) + "\n")  # fmt: skip
    out.write("winner: " + ("nobody" if result.winner is None else f"seat {result.winner}") + "\n")
    out.write(f"next leader: seat {result.next_leader}; next trump: {result.next_trump}\n")
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="counter-rules", description="The rules of Counter, played and explained."
    )
    sub = parser.add_subparsers(dest="command", required=True)
    demo = sub.add_parser("demo", help="watch random players play a whole game of Counter")
    demo.add_argument("--players", type=int, default=4, help="3, 4 or 5 (default 4)")
    demo.add_argument("--seed", type=int, default=1, help="the game's seed (default 1)")
    demo.add_argument("--target", type=int, default=None, help="points that end the game")
    demo.add_argument("--quiet", dest="explain", action="store_false",
                      help="do not list the effects of every trick")  # fmt: skip
    explain = sub.add_parser("explain", help="resolve one trick and explain every effect")
    explain.add_argument("cards", nargs="+", help="the trick, leader first, e.g. 4S 4D 3S QS")
    explain.add_argument("--trump", required=True, help="trump suit: C D H S or none")
    explain.add_argument("--players", type=int, default=None, help="defaults to the card count")
    explain.add_argument("--leader", type=int, default=0, help="the seat that led (default 0)")
    explain.add_argument("--reveal", action="append", metavar="I=CARD",
                         help="card I (0 = led) is a Four shown with CARD, e.g. 1=4H")  # fmt: skip
    explain.add_argument("--doubled", action="store_true", help="the led card is doubled (Six)")
    explain.add_argument("--last", action="store_true", help="this is the last trick of the hand")
    return parser


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command line; returns the exit status.

    Example:
        >>> from counter_rules.cli import main
        >>> main(["explain", "4S", "4D", "3S", "QS", "--trump", "H"])  # doctest: +ELLIPSIS
        trick: P0:4♠  P1:4♦  P2:3♠  P3:Q♠   (trump ♥)
        ...
        final values: 4♠=0  4♦=0  3♠=23  Q♠=0
        winner: seat 2
        next leader: seat 2; next trump: ♥
        0
    """
    stream = sys.stdout if out is None else out
    args = _parser().parse_args(argv)
    try:
        if args.command == "demo":
            return _demo(args, stream)
        return _explain(args, stream)
    except CounterRulesError as exc:
        sys.stderr.write(f"counter-rules: error: {exc}\n")
        return 2
