"""``counter-rules play``: a game against bots in the terminal.

You see your hand sorted and coloured by suit, the trump, the bids and the
tricks won, the cards on the table; every trick is announced as it ends and
explained on request; the score sheet follows every hand. Besides a move you
may answer ``?`` (help), ``e`` (explain the last trick), ``a`` (double-dummy
advice from worlds drawn from what you see), ``p`` (the score
sheet), ``u`` (undo to your last decision), ``s [FILE]`` (save the game as a
record) and ``q`` (quit). ``--resume FILE`` goes on with a saved game. When
only one move is legal it is played for you.

The bots are random only through generators drawn from the seed and the
number of moves made, so an undone stretch of the game replays the same way.
"""

from __future__ import annotations

import argparse
import random
import typing
from collections.abc import Sequence

from counter_rules.bots import Bot, bot_name
from counter_rules.cards import Card
from counter_rules.cli._arguments import UsageError, seed_number, whole_number
from counter_rules.cli._bot_args import bots_for, bots_help
from counter_rules.cli._colour import card_text, suit_text
from counter_rules.cli._output import Streams
from counter_rules.cli._record_args import record_text
from counter_rules.cli._ruleset_args import add_ruleset_arguments, rules_from_args
from counter_rules.cli.analyse import JOBS, MOST_JOBS, hint_text
from counter_rules.deprecation import moved_names
from counter_rules.engine import apply_move, explain_trick, legal_moves, new_game
from counter_rules.errors import CounterRulesError, IllegalMoveError, InvalidNotationError
from counter_rules.hand_result import HandResult
from counter_rules.moves import Bid, Move, Pass, Play
from counter_rules.notation import format_move
from counter_rules.phase import Phase
from counter_rules.recording import record_of, state_from_json, state_to_json
from counter_rules.rulesets.base import Ruleset
from counter_rules.rulesets.registry import import_plugin
from counter_rules.state import GameState
from counter_rules.text_seat import read_move
from counter_rules.trick import PlayedCard, TrickResult
from counter_rules.views import PlayerView, view

__all__ = ["DESCRIPTION", "EXAMPLES", "SUMMARY", "TerminalGame", "add_arguments", "run"]

if not typing.TYPE_CHECKING:  # the old name of TerminalGame (deprecated)
    __getattr__ = moved_names(__name__, {"Table": f"{__name__}:TerminalGame"})

SUMMARY = "play a game in the terminal against bots"
DESCRIPTION = (
    "Play a whole game against bots. At each of your turns you see your hand,\n"
    "the trump, the bids, the tricks won and the cards on the table, and answer\n"
    "with your bid (2), the number of a move or the move itself (QS, pass KH). Other\n"
    "answers: ? help, e explain the last trick, p the score sheet, u undo to your\n"
    "last decision, s [FILE] save the game, q quit. --resume goes on with a saved game."
)
EXAMPLES = (
    "counter-rules play",
    "counter-rules play --rules up-and-down --players 6 --bots ismcts:200",
    "counter-rules play --resume counter-rules-game.json",
)
_HELP = """\
Answers:
  a number       while bidding, the bid (2 bids two tricks); else the move with
                 that number in the list
  a move         QS, Q♠ or 10h for a card, 4S+4H or 4S show 4H for a Four showing
                 another, Jo high for a Joker's call, bid 2, blind bid 2, pass KH
  e              explain the last trick, effect by effect (e N: trick N of this hand)
  a              double-dummy advice: each move's value over worlds drawn from what you see
  p              the score sheet
  u              undo to your last decision
  s [FILE]       save the game as a record (resume with --resume FILE)
  q              quit
"""


# Alike on purpose: the commands declare their options one call each.
def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``play``."""
    add_ruleset_arguments(parser)
    parser.add_argument(
        "--bots", default=None, metavar="BOTS",
        help="the other seats' bots: one name for all, or one per other seat in seat order, "
        + bots_help("heuristic"),
    )  # fmt: skip
    parser.add_argument(
        "--seat", type=whole_number("--seat", 0), default=0, metavar="SEAT",
        help="your seat, from 0 (default 0)",
    )  # fmt: skip
    parser.add_argument(
        "--seed", type=seed_number("--seed"), default=None,
        help="the game's seed (default: a fresh one, printed at the start)",
    )  # fmt: skip
    parser.add_argument(
        "--resume", default=None, metavar="FILE",
        help="go on with a game saved with s, or one of a file of records such as "
        "simulate --records writes (its ruleset and seed come from the file)",
    )  # fmt: skip
    parser.add_argument(
        "--game", type=whole_number("--game"), default=None, metavar="N",
        help="with --resume: the N-th record of a file of records, from 1",
    )  # fmt: skip
    # None stands for "not given", so that --resume can refuse what the saved
    # game decides (the defaults apply otherwise: _DEFAULTS).
    parser.set_defaults(rules=None)
    parser.add_argument(
        "--save", default="counter-rules-game.json", metavar="FILE",
        help="where s saves the game (default counter-rules-game.json)",
    )  # fmt: skip
    parser.add_argument(
        "--hint-jobs", type=whole_number("--hint-jobs", 1, MOST_JOBS),
        default=JOBS, metavar="N",
        help="how many processes the a key's worlds are solved in at once "
        f"(default {JOBS}: the machine's cores, at most 4 and one for each 1.5 GB of "
        "memory)",
    )  # fmt: skip
    parser.add_argument("--no-color", action="store_true", help="no colours in the output")


class _Quit(Exception):
    """The player quit, or the input ended."""


def _who(seat: int, me: int) -> str:
    return "you" if seat == me else f"seat {seat}"


def _line(values: Sequence[object], me: int) -> str:
    return ", ".join(f"{_who(s, me)} {'-' if v is None else v}" for s, v in enumerate(values))


def _hand_text(hand: Sequence[Card], color: bool) -> str:
    groups: list[list[str]] = []
    last = object()
    for card in hand:  # hands are kept sorted by suit, then rank
        if card.suit is not last:
            groups.append([])
            last = card.suit
        groups[-1].append(card_text(card, color))
    return "   ".join(" ".join(group) for group in groups)


def _move_text(move: Move) -> str:
    return format_move(move).partition(":")[2]


# Alike on purpose: the text seat (text_seat.py) says a trick in plain words;
# this says it in the terminal's colours.
def _played_text(plays: Sequence[PlayedCard], me: int, color: bool) -> str:
    parts = []
    for p in plays:
        text = card_text(p.card, color)
        if p.reveal is not None:
            text += f" showing {card_text(p.reveal, color)}"
        if p.call is not None:
            text += f" ({p.call})"
        parts.append(f"{_who(p.seat, me)} {text}")
    return ", ".join(parts)


class TerminalGame:
    """A game at the terminal: what the player at seat ``me`` sees and does.
    With ``me`` = -1 nobody plays: it narrates a recorded game."""

    def __init__(
        self,
        rules: Ruleset,
        state: GameState,
        me: int,
        bots: dict[int, Bot],
        ply: int,
        save: str,
        streams: Streams,
        hint_jobs: int = 1,
    ) -> None:
        # Alike on purpose: a field an argument, as any such __init__ reads.
        self.hint_jobs = hint_jobs
        self.rules = rules
        self.state = state
        self.me = me
        self.bots = bots
        self.ply = ply
        self.save_path = save
        self.streams = streams
        self.color = streams.color
        self.decisions: list[tuple[GameState, int]] = []

    def write(self, text: str) -> None:
        self.streams.out.write(text)

    # -- what the player sees ----------------------------------------------------
    def deal_header(self) -> None:
        state = self.state
        trump = suit_text(state.trump, self.color)
        shown = ""
        if state.trump_card is not None:
            shown = f" (turned {card_text(state.trump_card, self.color)})"
        self.write(
            f"\n== Hand {state.hand_number}: {state.cards_dealt} "
            f"{'card' if state.cards_dealt == 1 else 'cards'} each, "
            f"{_who(state.dealer, self.me)} dealt, trump {trump}{shown} ==\n"
        )
        self.after_deal()

    def after_deal(self) -> None:
        """Called after each deal is announced (the narrator shows the hands)."""

    def after_trick(self, result: TrickResult) -> None:
        """Called after each trick is announced (the narrator may explain it)."""

    def after_pass(self, state: GameState) -> None:
        """Called when a pass is over: the player hears what they passed and
        received."""
        passed, received = view(state, self.me).my_exchanges[-1]
        self.write(f"  you passed {passed} and received {received}\n")

    def table(self, pv: PlayerView) -> None:
        me = self.me
        self.write(f"  trump {suit_text(pv.trump, self.color)}")
        if pv.doubled_lead:
            self.write("; the card led to this trick counts double")
        self.write(f"\n  bids: {_line(pv.bids, me)}\n  tricks won: {_line(pv.tricks_won, me)}\n")
        if pv.history:
            self.write(f"  scores: {_line(pv.scores, me)}\n")
        if pv.trick:
            self.write(f"  on the table: {_played_text(pv.trick, me, self.color)}\n")
        if pv.hand is None:
            seen = ", ".join(
                f"{_who(s, me)} {card_text(h[0], self.color)}" for s, h in enumerate(pv.others) if h
            )
            self.write(f"  your card is hidden while you bid (Devil's bridge); you see {seen}\n")
        else:
            self.write(f"  your hand: {_hand_text(pv.hand, self.color)}\n")

    def score_sheet(self) -> None:
        history = self.state.history
        me, players = self.me, self.state.players
        names = [_who(s, me) for s in range(players)]
        width = max(6, *(len(n) for n in names))
        self.write("Score sheet:\n  hand  " + "".join(f"{n:>{width + 1}}" for n in names) + "\n")
        for hand in history:
            row = "".join(f"{p:>{width + 1}}" for p in hand.points)
            self.write(f"  {hand.hand_number:>4}  {row}\n")
        totals = self.state.scores
        self.write("  total " + "".join(f"{t:>{width + 1}}" for t in totals) + "\n")

    def explain(self, which: str) -> None:
        state = self.state
        tricks: tuple[TrickResult, ...] = state.tricks
        if not tricks and state.history:
            tricks = state.history[-1].tricks
        if not tricks:
            self.write("No trick has been played yet.\n")
            return
        number = len(tricks)
        if which:
            if not which.isdigit() or not 1 <= int(which) <= len(tricks):
                self.write(f"e N explains trick N of this hand, N from 1 to {len(tricks)}\n")
                return
            number = int(which)
        result = explain_trick(tricks[number - 1], rules=self.rules)
        self.write(f"Trick {number}: {_played_text(result.plays, self.me, self.color)}\n")
        self.write(result.explain() + "\n")

    # -- what happens ------------------------------------------------------------------
    def report(self, before: GameState, move: Move, seat: int) -> None:
        state, me = self.state, self.me
        if seat != me:
            if isinstance(move, Play):
                played = _played_text(
                    (PlayedCard(seat, move.card, move.reveal, move.call),), me, self.color
                )
                self.write(f"  {played.replace(f'seat {seat}', f'seat {seat} plays', 1)}\n")
            elif isinstance(move, Bid) and not self.rules.simultaneous_bidding:
                self.write(f"  seat {seat} bids {'blind ' if move.blind else ''}{move.tricks}\n")
        finished = len(state.history) > len(before.history)
        hand: HandResult | None = state.history[-1] if finished else None
        bidding_over = before.phase is Phase.BIDDING and state.phase is not Phase.BIDDING
        if bidding_over and (self.rules.simultaneous_bidding or hand is not None):
            bids = hand.bids if hand is not None else state.bids
            self.write(f"  the bids: {_line(bids, me)}\n")
        tricks = hand.tricks if hand is not None else state.tricks
        for number in range(len(before.tricks) + 1, len(tricks) + 1):
            result = tricks[number - 1]
            who = "nobody" if result.winner is None else _who(result.winner, me)
            verb = "win" if who == "you" else "wins"
            self.write(
                f"  trick {number}: {_played_text(result.plays, me, self.color)}"
                f" -> {who} {verb if who != 'nobody' else 'takes it'}\n"
            )
            self.after_trick(result)
        if state.phase is Phase.PASSING and before.phase is not Phase.PASSING:
            self.write("  a Five was played: everyone passes a card face down to the left\n")
        if before.phase is Phase.PASSING and state.phase is not Phase.PASSING and hand is None:
            self.after_pass(state)
        if hand is not None:
            self.write(
                f"Hand {hand.hand_number} over. Bids: {_line(hand.bids, me)}; "
                f"tricks won: {_line(hand.tricks_won, me)}\n"
            )
            self.score_sheet()
            if not state.is_over:
                self.deal_header()

    def bot_move(self, seat: int) -> Move:
        rng = random.Random(f"counter-rules/play/{self.state.seed}/{self.ply}/{seat}")
        return self.bots[seat].choose(view(self.state, seat), rng)

    def ask(self, pv: PlayerView) -> Move | None:
        """The player's move, or ``None`` after an undo."""
        moves = legal_moves(pv)
        if len(moves) == 1:
            self.write(
                f"  you {self.verb(moves[0])} {_move_text(moves[0])} (your only legal move)\n"
            )
            return moves[0]
        self.write("\n")
        self.table(pv)
        kind = {Bid: "bid", Play: "play", Pass: "pass a card to your left"}[type(moves[0])]
        self.write(f"Your moves ({kind}):\n")
        bidding = isinstance(moves[0], Bid)
        if bidding:
            # A bid is typed as its number: the list shows the numbers themselves.
            for blind in (False, True):
                bids = [str(m.tricks) for m in moves if isinstance(m, Bid) and m.blind is blind]
                if bids:
                    self.write(f"  {'blind bid ' if blind else ''}{' '.join(bids)}\n")
            prompt = "Your bid [the number; ? for help]: "
        else:
            items = [f"{i:>2}) {_move_text(move):<8}" for i, move in enumerate(moves, 1)]
            for start in range(0, len(items), 6):
                self.write("  " + "  ".join(items[start : start + 6]).rstrip() + "\n")
            prompt = f"Your move [1-{len(moves)}; ? for help]: "
        while True:
            self.write(prompt)
            self.streams.out.flush()
            line = self.streams.inp.readline()
            if not line:
                raise _Quit("the input ended")
            answer = line.strip()
            isatty = getattr(self.streams.inp, "isatty", None)
            if not (isatty and isatty()):
                self.write(answer + "\n")  # echo piped answers: the transcript reads well
            word, _, rest = answer.partition(" ")
            word = word.lower()
            if word in ("q", "quit"):
                raise _Quit("you quit")
            if word in ("?", "h", "help"):
                self.write(_HELP)
                continue
            if word == "e":
                self.explain(rest.strip())
                continue
            if word == "a":
                advice = hint_text(
                    pv, self.state.seed, self.ply, self.streams.err, jobs=self.hint_jobs
                )
                self.write(advice + "\n")
                continue
            if word == "p":
                self.score_sheet()
                continue
            if word == "s":
                self.save(rest.strip() or self.save_path)
                continue
            if word == "u":
                if self.undo():
                    return None
                continue
            try:
                return read_move(answer, moves, self.state)
            except IllegalMoveError as refused:
                self.write(f"{answer!r} is not allowed: {refused.reason}\n")
            except InvalidNotationError as unreadable:
                self.write(f"{unreadable}, or ? for help\n")

    @staticmethod
    def verb(move: Move) -> str:
        return {Bid: "bid", Play: "play", Pass: "pass"}[type(move)]

    def save(self, path: str) -> None:
        self.write(self.saved(path) + "\n")

    def saved(self, path: str) -> str:
        """Save the game to ``path``; what happened, in a sentence."""
        try:
            with open(path, "w", encoding="utf-8") as file:
                file.write(state_to_json(self.state, indent=1) + "\n")
        except OSError as exc:
            return f"Cannot save to {path!r}: {exc.strerror}."
        return f"Saved to {path}; counter-rules play --resume {path} goes on from here."

    def undo(self) -> bool:
        if not self.decisions:
            self.write("Nothing to undo: you have made no decision yet.\n")
            return False
        self.state, self.ply = self.decisions.pop()
        self.write("Back to your last decision.\n")
        return True

    def play(self) -> int:
        me = self.me
        while not self.state.is_over:
            state = self.state
            seat = me if me in state.to_act else min(state.to_act)
            if seat == me:
                move = self.ask(view(state, me))
                if move is None:
                    continue
                if len(legal_moves(state, me)) > 1:
                    self.decisions.append((state, self.ply))
            else:
                move = self.bot_move(seat)
            self.state = apply_move(state, move)
            self.ply += 1
            self.report(state, move, seat)
        self.game_over()
        return 0

    def game_over(self) -> None:
        """Announce the end of the game and the winners."""
        me = self.me
        winners = self.state.winners
        hands = self.state.hand_number
        if not winners:
            outcome = "Nobody wins."
        else:
            names = " and ".join(_who(s, me) for s in winners)
            outcome = f"{'Winner' if len(winners) == 1 else 'Winners'}: {names}"
        self.write(f"\nGame over after {hands} {'hand' if hands == 1 else 'hands'}. {outcome}\n")


_DEFAULTS = {"rules": "counter"}
"""The values of ``--rules`` when not given (it comes from the saved game
under ``--resume``); without ``--seed`` a fresh seed is drawn and printed."""


def _resume_conflicts(args: argparse.Namespace) -> list[str]:
    """The arguments given that the saved game decides."""
    given = {
        "--rules": args.rules is not None,
        "--players": args.players is not None,
        "--option": bool(args.option),
        "--seed": args.seed is not None,
    }
    return [name for name, present in given.items() if present]


def _start(args: argparse.Namespace, streams: Streams) -> tuple[str, GameState, int]:
    if args.resume is None:
        if args.game is not None:
            raise UsageError(
                "--game picks a record of the --resume file: give it with --resume",
                "counter-rules play",
            )
        chosen = {name: value for name, value in _DEFAULTS.items() if getattr(args, name) is None}
        args = argparse.Namespace(**{**vars(args), **chosen})
        entry, rules = rules_from_args(args)
        return entry.title, new_game(rules, seed=args.seed), 0
    conflicts = _resume_conflicts(args)
    if conflicts:
        names = ", ".join(conflicts)
        raise UsageError(
            f"--resume takes the ruleset and seed from the saved game, so {names} "
            f"cannot be given with it",
            "counter-rules play",
        )
    for module in args.plugin:
        import_plugin(module)
    text = record_text(args.resume, args.game, f"--resume {args.resume!r}", "counter-rules play")
    try:
        state = state_from_json(text)
    except CounterRulesError as exc:
        raise UsageError(
            f"--resume {args.resume!r} is not a saved game: {exc}", "counter-rules play"
        ) from None
    return state.rules.name, state, len(record_of(state).moves)


def run(args: argparse.Namespace, streams: Streams) -> int:
    """Play the game; 0 when it ends, 1 when abandoned."""
    title, state, ply = _start(args, streams)
    rules = state.rules
    me = args.seat
    if me >= rules.players:
        raise UsageError(
            f"--seat must be a seat from 0 to {rules.players - 1}, got {me}", "counter-rules play"
        )
    others = [s for s in range(rules.players) if s != me]
    chosen = bots_for(args.bots, len(others), ("heuristic",), "other seat")
    bots = dict(zip(others, chosen, strict=True))
    game = TerminalGame(rules, state, me, bots, ply, args.save, streams, args.hint_jobs)
    playing = ", ".join(f"seat {s} {bot_name(bots[s])}" for s in others)
    game.write(
        f"{title}, {rules.players} players, seed {state.seed}. You are seat {me}; "
        f"the bots: {playing}. Answer ? for help.\n"
    )
    if state.is_over:
        game.write("This game is over.\n")
        game.score_sheet()
        return 0
    game.deal_header()
    try:
        return game.play()
    except _Quit as stop:
        game.write("\n")
        streams.err.write(f"Game abandoned ({stop}). {game.saved(args.save)}\n")
        return 1
    except KeyboardInterrupt:
        streams.err.write(f"\nGame abandoned (Ctrl-C). {game.saved(args.save)}\n")
        raise
