"""``counter-rules explain``: resolve one trick of Counter given on the command
line and print every effect step by step, the final values and the winner."""

from __future__ import annotations

import argparse

from counter_rules.argument_checks import counted, shown
from counter_rules.cards import Card, Suit
from counter_rules.cli._arguments import UsageError, whole_number
from counter_rules.cli._colour import card_text
from counter_rules.cli._output import Streams
from counter_rules.cli._ruleset_args import make_rules
from counter_rules.effects.base import fmt_half
from counter_rules.engine import resolve_trick
from counter_rules.errors import CounterRulesError
from counter_rules.rulesets.registry import ruleset_entry
from counter_rules.trick import PlayedCard

__all__ = ["DESCRIPTION", "EXAMPLES", "SUMMARY", "add_arguments", "run"]

SUMMARY = "resolve one trick of Counter and explain every effect"
DESCRIPTION = (
    "Resolve one trick of Counter: give its cards in the order they were played,\n"
    "the leader's first, and the trump suit. Every effect is printed in the order\n"
    "the rules apply them, then the final values, the winner and who leads next."
)
EXAMPLES = (
    "counter-rules explain 4S 4D 3S QS --trump H",
    "counter-rules explain 4S 9D 3S --trump none --reveal 0=4H",
)


def _card(text: str) -> Card:
    try:
        return Card.parse(text)
    except CounterRulesError:
        raise argparse.ArgumentTypeError(
            f"expected a card like QS, 10H or 4♠, got {shown(text)}"
        ) from None


def _trump(text: str) -> Suit | None:
    if text.strip().lower() in ("none", "-", "nt"):
        return None
    try:
        return Suit.parse(text)
    except CounterRulesError:
        raise argparse.ArgumentTypeError(
            f"--trump must be a suit (C, D, H, S) or none, got {shown(text)}"
        ) from None


def _suit_word(suit: Suit | None) -> str:
    """A trump suit as ``--trump`` spells it: its symbol, or ``none``."""
    return "none" if suit is None else str(suit)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``explain``."""
    parser.add_argument(
        "cards", nargs="+", type=_card, metavar="CARD",
        help="the trick's cards, the leader's first, e.g. 4S 4D 3S QS",
    )  # fmt: skip
    parser.add_argument(
        "--trump", required=True, type=_trump, metavar="SUIT", help="trump: C, D, H, S or none"
    )
    parser.add_argument(
        "--players", type=whole_number("--players"), default=None, metavar="N",
        help="3, 4 or 5 players (default: as many as there are cards)",
    )  # fmt: skip
    parser.add_argument(
        "--leader", type=whole_number("--leader", 0), default=0, metavar="SEAT",
        help="the seat that led, from 0 (default 0)",
    )  # fmt: skip
    parser.add_argument(
        "--reveal", action="append", default=[], metavar="I=CARD",
        help="the I-th card (0 = the led card) is a Four played showing the Four CARD "
        "from the hand, e.g. 1=4H (repeatable, once per card)",
    )  # fmt: skip
    parser.add_argument(
        "--doubled", action="store_true", help="the led card counts double (a Six took effect)"
    )
    parser.add_argument("--last", action="store_true", help="the last trick of the hand")
    parser.add_argument("--no-color", action="store_true", help="no colours in the output")


def _reveals(texts: list[str], played: list[Card]) -> dict[int, Card]:
    reveals: dict[int, Card] = {}
    for text in texts:
        index_text, sep, card_text_ = text.partition("=")
        index_text = index_text.strip()
        if not sep or not index_text.isascii() or not index_text.isdigit():
            raise UsageError(
                f"--reveal must be I=CARD with I the card's place from 0 (the led card), "
                f"e.g. 1=4H, got {shown(text)}",
                "counter-rules explain",
            )
        index = int(index_text)
        if index >= len(played):
            raise UsageError(
                f"--reveal {shown(text)}: the trick has {counted(len(played), 'card')}, "
                f"so I must be 0..{len(played) - 1}",
                "counter-rules explain",
            )
        if index in reveals:
            raise UsageError(
                f"--reveal gives card {index} twice ({shown(text)}); give one Four per card",
                "counter-rules explain",
            )
        try:
            reveals[index] = Card.parse(card_text_)
        except CounterRulesError:
            raise UsageError(
                f"--reveal {shown(text)}: expected a Four after '=', e.g. {index}=4H",
                "counter-rules explain",
            ) from None
    return reveals


def run(args: argparse.Namespace, streams: Streams) -> int:
    """Resolve the trick and print the explanation."""
    played: list[Card] = args.cards
    if args.players is None and len(played) not in ruleset_entry("counter").players:
        counts = ruleset_entry("counter").players
        raise UsageError(
            f"a trick of Counter has one card per player, {counts[0]} to {counts[-1]}: "
            f"got {counted(len(played), 'card')}",
            "counter-rules explain",
        )
    rules = make_rules("counter", len(played) if args.players is None else args.players)
    if args.leader >= rules.players:
        raise UsageError(
            f"--leader must be a seat from 0 to {rules.players - 1}, got {args.leader}",
            "counter-rules explain",
        )
    reveals = _reveals(args.reveal, played)
    plays = [
        PlayedCard((args.leader + i) % rules.players, card, reveals.get(i))
        for i, card in enumerate(played)
    ]
    result = resolve_trick(
        plays, trump=args.trump, rules=rules, doubled_lead=args.doubled, last_trick=args.last
    )
    color, out = streams.color, streams.out
    out.write(
        f"trick: {'  '.join(str(p) for p in result.plays)}   (trump {_suit_word(args.trump)})\n"
    )
    for i, effect in enumerate(result.effects, 1):
        out.write(f"{i:2}. {effect}\n")
    values = "  ".join(
        f"{card_text(p.card, color)}={fmt_half(v)}"
        for p, v in zip(result.plays, result.half_values, strict=True)
    )
    out.write(f"final values: {values}\n")
    out.write("winner: " + ("nobody" if result.winner is None else f"seat {result.winner}") + "\n")
    out.write(
        f"next leader: seat {result.next_leader}; next trump: {_suit_word(result.next_trump)}\n"
    )
    return 0
