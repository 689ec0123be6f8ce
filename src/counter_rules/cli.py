"""The command line: ``counter-rules`` (also ``python -m counter_rules``).

Commands:

- ``play``: play a whole game in the terminal against bots, every trick
  explained.
- ``simulate``: a match between bots, with a progress bar and a summary table
  (or JSON).
- ``rules``: a ruleset's rules in brief and its options, with their defaults
  and allowed values.
- ``demo``: random players play a whole game of Counter; every trick is shown
  with the effects that decided it.
- ``explain``: resolve one trick given on the command line and print every
  effect step by step, the final values and the winner.

:func:`main` takes its output and input streams as arguments, so a whole
interactive game can be driven from a test.
"""

from __future__ import annotations

import argparse
import inspect
import random
import re
import sys
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from counter_rules.bots import Bot, bot_from_name, bot_name
from counter_rules.cards import Suit, cards
from counter_rules.effects.base import fmt_half
from counter_rules.engine import apply_move, explain_trick, legal_moves, new_game, resolve_trick
from counter_rules.errors import CounterRulesError, InvalidArgumentError
from counter_rules.match import play_match
from counter_rules.moves import Bid, Move, Pass, Play
from counter_rules.notation import format_move
from counter_rules.rulesets import Blackout, Counter, OhHell, Ruleset, UpAndDown
from counter_rules.rulesets.blackout import BLACKOUT_SCHEDULES, BLACKOUT_SCORINGS
from counter_rules.rulesets.oh_hell import (
    FOLLOW_RULES,
    LEADERS,
    SCHEDULES,
    SCORINGS,
    TRUMP_SOURCES,
)
from counter_rules.rulesets.plain_tricks import JOKER_STYLES
from counter_rules.state import GameState, Phase
from counter_rules.trick import PlayedCard, TrickResult
from counter_rules.views import PlayerView, view

__all__ = ["main", "make_rules"]


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


# -- rulesets by name -----------------------------------------------------------
_RULESETS: dict[str, Callable[..., Ruleset]] = {
    "counter": Counter,
    "up-and-down": UpAndDown,
    "blackout": Blackout,
    "oh-hell": OhHell,
    "office": OhHell.office,
    "north-east": OhHell.north_east_blackout,
}
_TITLES = {
    "counter": "Counter: Oh Hell where every rank has a power",
    "up-and-down": "Up to Ten and Down Again",
    "blackout": "Blackout (and Cooperative Blackout)",
    "oh-hell": "Oh Hell, every variant an option",
    "office": "Oh Hell, the office rules",
    "north-east": "North-East England Blackout (Dick Atkinson)",
}
_PLAYERS = {
    "counter": "3..5", "up-and-down": "3..10", "blackout": "3..7 (2..7 when cooperative)",
    "oh-hell": "2..10", "office": "2..10", "north-east": "5 or 6",
}  # fmt: skip


def _names(values: Sequence[str]) -> str:
    return " | ".join(values)


_ALLOWED: dict[str, str] = {
    "target": "a whole number >= 1, or none (9/8/7 points for 3/4/5 players)",
    "rounds": "1..100",
    "decks": "1 or 2",
    "jokers": _names(JOKER_STYLES),
    "trump": _names(TRUMP_SOURCES),
    "rotation": "suits separated by commas, e.g. S,H,D,C,none",
    "follow": _names(FOLLOW_RULES),
    "leader": _names(LEADERS),
    "playoff_sizes": "from_one | last",
}


def _allowed(name: str, option: str, default: object) -> str:
    if option == "players":
        return _PLAYERS[name]
    if option == "schedule":
        if name == "blackout":
            return _names(BLACKOUT_SCHEDULES)
        return _names(SCHEDULES) + ", or hand sizes such as 10,9,8"
    if option == "scoring":
        return _names(BLACKOUT_SCORINGS if name == "blackout" else SCORINGS)
    if isinstance(default, bool):
        return "true | false"
    return _ALLOWED.get(option, "")


def _options(name: str) -> dict[str, object]:
    """The ruleset's options and their defaults."""
    parameters = inspect.signature(_RULESETS[name]).parameters
    return {p.name: p.default for p in parameters.values()}


def _show_default(value: object) -> str:
    if isinstance(value, bool) or value is None:
        return str(value).lower()
    if isinstance(value, tuple):
        return ",".join("none" if v is None else getattr(v, "letter", str(v)) for v in value)
    return str(value)


def _parse_value(name: str, option: str, text: str, default: object) -> object:
    low = text.strip().lower()

    def bad() -> InvalidArgumentError:
        allowed = _allowed(name, option, default)
        return InvalidArgumentError(f"option {option} must be {allowed}, got {text!r}")

    if isinstance(default, bool):
        if low in ("true", "yes", "on", "1"):
            return True
        if low in ("false", "no", "off", "0"):
            return False
        raise bad()
    if option == "rotation":
        return tuple(None if t.strip().lower() in ("none", "nt") else t for t in low.split(","))
    if option == "schedule" and low[:1].isdigit():
        try:
            return tuple(int(t) for t in low.split(","))
        except ValueError:
            raise bad() from None
    if isinstance(default, int) or (default is None and option == "target"):
        if default is None and low in ("none", "null"):
            return None
        try:
            return int(low)
        except ValueError:
            raise bad() from None
    return text.strip()


def make_rules(name: str, players: int | None = None, options: Sequence[str] = ()) -> Ruleset:
    """A ruleset from its command-line name, ``--players`` and ``--option`` texts.

    Raises:
        InvalidArgumentError: An unknown ruleset or option, or a bad value.

    Example:
        >>> from counter_rules.cli import make_rules
        >>> make_rules("counter", 3, ["target=5"])
        Counter(players=3, target=5, hook=False)
        >>> make_rules("oh-hell", options=["schedule=10", "hook=true"])
        OhHell(players=4, schedule=(10,), hook=True)
    """
    if name not in _RULESETS:
        raise InvalidArgumentError(f"rules must be one of {', '.join(_RULESETS)}, got {name!r}")
    known = _options(name)
    kwargs: dict[str, Any] = {}
    if players is not None:
        kwargs["players"] = players
    for item in options:
        key, sep, value = item.partition("=")
        key = key.strip().replace("-", "_")
        if not sep or key not in known or key == "players":
            allowed = ", ".join(k for k in known if k != "players") or "none"
            raise InvalidArgumentError(
                f"--option must be NAME=VALUE with a NAME of {name}'s options ({allowed}), "
                f"got {item!r}"
            )
        kwargs[key] = _parse_value(name, key, value, known[key])
    return _RULESETS[name](**kwargs)


def _summary(name: str) -> str:
    factory = _RULESETS[name]
    if name in ("counter", "up-and-down", "blackout"):
        doc = inspect.getdoc(sys.modules[factory.__module__]) or ""
    else:
        doc = inspect.getdoc(factory) or ""
    lines = []
    for line in doc.splitlines():
        if line.strip() in ("Args:", "Example:", "Raises:"):
            break
        lines.append(line)
    text = "\n".join(lines).strip()
    # Sphinx markup reads badly in a terminal: :role:`~a.b.name` -> name, ``x`` -> x.
    text = re.sub(r":\w+:`~?(?:[\w.]+\.)?([^`]+)`", r"\1", text)
    return text.replace("``", "")


def _rules(args: argparse.Namespace, out: TextIO) -> int:
    if args.name is None:
        out.write("Rulesets (counter-rules rules NAME for the rules and options):\n")
        for name, title in _TITLES.items():
            out.write(f"  {name:<12} {title}\n")
        return 0
    out.write(f"{_TITLES[args.name]} (--rules {args.name})\n\n{_summary(args.name)}\n\n")
    out.write("Options (--players N, --option NAME=VALUE):\n")
    for option, default in _options(args.name).items():
        allowed = _allowed(args.name, option, default)
        out.write(f"  {option:<20} default {_show_default(default):<10} {allowed}\n")
    return 0


# -- playing in the terminal --------------------------------------------------
class _Quit(Exception):
    """The player quit, or the input ended."""


def _move_text(move: Move) -> str:
    return format_move(move).partition(":")[2]


def _bots_for(spec: str, seats: Sequence[int]) -> dict[int, Bot]:
    names = [n for n in spec.split(",") if n.strip()]
    if len(names) == 1:
        names *= len(seats)
    if len(names) != len(seats):
        raise InvalidArgumentError(
            f"--bots must name one bot or one per seat ({len(seats)}), got {spec!r}"
        )
    return {seat: bot_from_name(n) for seat, n in zip(seats, names, strict=True)}


def _line(values: Sequence[object], me: int) -> str:
    return ", ".join(
        f"{'you' if s == me else f'seat {s}'}: {'-' if v is None else v}"
        for s, v in enumerate(values)
    )


def _show_table(pv: PlayerView, out: TextIO) -> None:
    me = pv.seat
    trump = "none" if pv.trump is None else str(pv.trump)
    shown = f" (card {pv.trump_card})" if pv.trump_card is not None else ""
    out.write(f"\nHand {pv.hand_number}, trump {trump}{shown}; scores {_line(pv.scores, me)}\n")
    out.write(f"  bids: {_line(pv.bids, me)}\n  tricks won: {_line(pv.tricks_won, me)}\n")
    if pv.trick:
        out.write(f"  trick so far: {'  '.join(str(p) for p in pv.trick)}\n")
    if pv.hand is None:
        seen = "  ".join(f"seat {s}: {h[0]}" for s, h in enumerate(pv.others) if h)
        out.write(f"  your card is hidden while you bid (Devil's bridge); you see {seen}\n")
    else:
        out.write(f"  your hand: {' '.join(str(c) for c in pv.hand)}\n")


def _ask(pv: PlayerView, out: TextIO, inp: TextIO) -> Move:
    moves = legal_moves(pv)
    _show_table(pv, out)
    what = {Bid: "bid", Play: "play", Pass: "pass a card to your left"}[type(moves[0])]
    out.write(f"Your moves ({what}):\n")
    items = [f"{i:>2}) {_move_text(move):<8}" for i, move in enumerate(moves, 1)]
    for start in range(0, len(items), 6):
        out.write("  " + "  ".join(items[start : start + 6]).rstrip() + "\n")
    texts = {}
    for move in moves:
        ascii_text = format_move(move, ascii=True).partition(":")[2]
        for text in (ascii_text, _move_text(move)):
            texts[text.lower().replace(" ", "")] = move
            texts[text.lower().replace(" ", "").removeprefix("pass")] = move
            texts[text.lower().replace(" ", "").removeprefix("bid")] = move
    while True:
        out.write(f"Your move [1-{len(moves)}, or q to quit]: ")
        out.flush()
        line = inp.readline()
        if not line:
            raise _Quit("input ended")
        answer = line.strip()
        if not inp.isatty():
            out.write(answer + "\n")  # echo piped input, so a transcript reads well
        if answer.lower() in ("q", "quit"):
            raise _Quit("you quit")
        if answer.isdigit() and 1 <= int(answer) <= len(moves):
            return moves[int(answer) - 1]
        found = texts.get(answer.lower().replace(" ", ""))
        if found is not None and not answer.isdigit():
            return found
        example = _move_text(moves[0])
        out.write(
            f"{answer!r} is not one of your moves: type its number (1 to {len(moves)}) "
            f"or the move as listed, e.g. {example!r}\n"
        )


def _report(before: GameState, state: GameState, me: int, out: TextIO) -> None:
    """Say what happened between two states, as the human may know it."""
    rules = state.rules
    if before.phase is Phase.BIDDING and state.phase is not Phase.BIDDING:
        bids = state.bids if state.hand_number == before.hand_number else state.history[-1].bids
        out.write(f"  bids: {_line(bids, me)}\n")
    finished = len(state.history) > len(before.history)
    tricks = state.history[-1].tricks if finished else state.tricks
    for result in tricks[len(before.tricks) :]:
        explained = explain_trick(result, rules=rules)
        out.write(f"  trick: {_trick_text(explained)}\n")
        for effect in explained.effects:
            out.write(f"      - {effect}\n")
    if state.phase is Phase.PASSING and before.phase is not Phase.PASSING:
        out.write("  a Five was played: every player passes a card face down to the left\n")
    if before.phase is Phase.PASSING and state.phase is not Phase.PASSING:
        passed, received = view(state, me).my_exchanges[-1]
        out.write(f"  you passed {passed} and received {received}\n")
    if finished:
        last = state.history[-1]
        out.write(f"Hand {last.hand_number} over. tricks won: {_line(last.tricks_won, me)}\n")
        out.write(f"  points: {_line(last.points, me)}\n  scores: {_line(last.scores, me)}\n")


def _play(args: argparse.Namespace, out: TextIO, inp: TextIO) -> int:
    rules = make_rules(args.rules, args.players, args.option or ())
    me = args.seat
    if not 0 <= me < rules.players:
        raise InvalidArgumentError(f"--seat must be 0..{rules.players - 1}, got {me}")
    others = [s for s in range(rules.players) if s != me]
    bots = _bots_for(args.bots, others)
    rngs = {s: random.Random(f"counter-rules/play/{args.seed}/{s}") for s in others}
    state = new_game(rules, seed=args.seed)
    playing = ", ".join(f"seat {s} {bot_name(bots[s])}" for s in others)
    out.write(f"{rules!r}, seed {args.seed}. You are seat {me}; the bots: {playing}\n")
    try:
        while not state.is_over:
            seat = me if me in state.to_act else min(state.to_act)
            before = state
            if seat == me:
                move = _ask(view(state, me), out, inp)
            else:
                move = bots[seat].choose(view(state, seat), rngs[seat])
                if isinstance(move, Play):
                    out.write(f"  seat {seat} plays {_move_text(move)}\n")
                elif isinstance(move, Bid) and not rules.simultaneous_bidding:
                    out.write(f"  seat {seat} bids {move.tricks}{' blind' if move.blind else ''}\n")
            state = apply_move(state, move)
            _report(before, state, me, out)
    except _Quit as stop:
        out.write(f"\nGame abandoned ({stop}).\n")
        return 1
    winners = ", ".join("you" if s == me else f"seat {s}" for s in state.winners) or "nobody"
    out.write(f"\nGame over after {state.hand_number} hand(s). Winner(s): {winners}\n")
    return 0


# -- simulating matches -----------------------------------------------------------
def _simulate(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    rules = make_rules(args.rules, args.players, args.option or ())
    names = [n for n in args.bots.split(",") if n.strip()]
    if len(names) == 1:
        names *= rules.players
    if len(names) != rules.players:
        raise InvalidArgumentError(
            f"--bots must name one bot or one per seat ({rules.players}), got {args.bots!r}"
        )
    bots = [bot_from_name(n) for n in names]

    def bar(done: int, total: int) -> None:
        filled = round(30 * done / total)
        err.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {done}/{total} games")
        if done == total:
            err.write("\n")
        err.flush()

    result = play_match(rules, bots, args.games, args.seed, jobs=args.jobs, progress=bar)
    out.write((result.to_json(indent=2) if args.json else result.table()) + "\n")
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="counter-rules", description="The rules of Counter, played and explained."
    )
    sub = parser.add_subparsers(dest="command", required=True)
    rule_names = list(_RULESETS)
    play = sub.add_parser("play", help="play a whole game in the terminal against bots")
    simulate = sub.add_parser("simulate", help="play a match between bots and summarise it")
    for p in (play, simulate):
        p.add_argument("--rules", choices=rule_names, default="counter", help="default counter")
        p.add_argument("--players", type=int, default=None, help="the ruleset's default if omitted")
        p.add_argument("--option", action="append", metavar="NAME=VALUE",
                       help="a ruleset option (repeatable): counter-rules rules NAME")  # fmt: skip
        p.add_argument("--seed", type=int, default=1, help="the seed (default 1)")
    play.add_argument("--bots", default="heuristic",
                      help="the other seats' bots: one name for all, or one per seat, from "
                           "random, heuristic, ismcts, ismcts:N (default heuristic)")  # fmt: skip
    play.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    simulate.add_argument("--bots", default="heuristic,random",
                          help="one bot per seat (or one for all), e.g. heuristic,random,random,"
                               "random")  # fmt: skip
    simulate.add_argument("--games", type=int, default=100, help="games to play (default 100)")
    simulate.add_argument("--jobs", type=int, default=1,
                          help="worker processes (default 1: play in this process)")  # fmt: skip
    simulate.add_argument("--json", action="store_true", help="print the results as JSON")
    rules = sub.add_parser("rules", help="a ruleset's rules in brief, and its options")
    rules.add_argument("name", nargs="?", choices=rule_names, help="the ruleset")
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


def main(
    argv: Sequence[str] | None = None,
    out: TextIO | None = None,
    inp: TextIO | None = None,
    err: TextIO | None = None,
) -> int:
    """Run the command line; returns the exit status.

    Args:
        argv: The arguments (default: ``sys.argv[1:]``).
        out: Where to write (default: standard output).
        inp: Where ``play`` reads the player's moves (default: standard input).
        err: Where errors and progress go (default: standard error).

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
    errors = sys.stderr if err is None else err
    args = _parser().parse_args(argv)
    try:
        if args.command == "demo":
            return _demo(args, stream)
        if args.command == "play":
            return _play(args, stream, sys.stdin if inp is None else inp)
        if args.command == "simulate":
            return _simulate(args, stream, errors)
        if args.command == "rules":
            return _rules(args, stream)
        return _explain(args, stream)
    except CounterRulesError as exc:
        errors.write(f"counter-rules: error: {exc}\n")
        return 2
