"""A game server: a person types the moves of one seat over a TCP connection,
bots play the other seats.

Each connection plays one game, line by line. At each of the person's turns
the server shows the table (trump, bids, tricks, the cards on the table, the
hand) and the legal moves, numbered, then a prompt line that starts with
``>>``. The answer is read as ``counter-rules play`` reads it
(:func:`counter_rules.text_seat.read_move`): a move's number, or the move
itself (``QS``, ``4S+4D``, ``bid 2``, ``pass KH``); a move the seat may not
make is answered with the engine's reason. Counter's
simultaneous pass after a Five is one more turn: every seat chooses a card
without seeing the others' choices, and the server says what came back.
``save`` writes the game (its record, :func:`counter_rules.state_to_json`) to
the save file (``--save``; by default ``counter-rules-{seed}.json``, a file of
each game's own); ``quit``, or a dropped connection, saves and closes; the end
of the game saves the finished record. ``--resume FILE`` goes on with a saved
game.

The bots are random only through generators drawn from the game's seed and the
number of moves made, so a resumed game goes on exactly as the unbroken one.

Run the server, then connect with any line client::

    python examples/game_server.py --port 8765 --option target=4
    nc localhost 8765
    python examples/game_server.py --port 8765 --resume counter-rules-SEED.json

``--stdio`` plays one game on standard input and output instead (for a
terminal, or for a socket wrapper such as ``socat`` or ``inetd``).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from counter_rules import (
    Bid,
    Card,
    CounterRulesError,
    GameState,
    IllegalMoveError,
    InvalidArgumentError,
    InvalidNotationError,
    Move,
    Pass,
    Phase,
    Play,
    PlayedCard,
    apply_move,
    legal_moves,
    new_game,
    record_of,
    ruleset_entry,
    state_from_json,
    state_to_json,
    view,
)
from counter_rules.bots import Bot, bot_from_name, bot_name
from counter_rules.text_seat import move_text, read_move

PROMPT = ">>"
"""The start of the line with which the server waits for an answer."""

HELP = (
    "Answer with a move's number in the list, or the move (QS, 4S+4D, bid 2, pass KH;",
    "while bidding a number is the bid), or: help (this text), save (write the game to",
    "the save file), quit (save and leave).",
)


def _who(seat: int, me: int) -> str:
    return "you" if seat == me else f"seat {seat}"


def _per_seat(values: Sequence[object], me: int) -> str:
    return ", ".join(f"{_who(s, me)} {'-' if v is None else v}" for s, v in enumerate(values))


def _card(played: PlayedCard) -> str:
    shown = "" if played.reveal is None else f" showing {played.reveal.letters}"
    call = "" if played.call is None else f" ({played.call})"
    return f"{played.card.letters}{shown}{call}"


def _plays(plays: Sequence[PlayedCard], me: int) -> str:
    return ", ".join(f"{_who(played.seat, me)} {_card(played)}" for played in plays)


class Session:
    """One game between a person at ``seat`` and bots at the other seats.

    The session is the whole game, without input or output of its own:
    :meth:`start`, :meth:`answer` and :meth:`hang_up` return the lines to
    send, so that the TCP server, the ``--stdio`` loop and a test all drive it
    the same way.
    """

    def __init__(self, state: GameState, seat: int, bots: Sequence[Bot], save: Path) -> None:
        others = [s for s in range(state.players) if s != seat]
        self.state = state
        self.seat = seat
        self.bots = dict(zip(others, bots, strict=True))
        self.save_path = save
        self.moves = len(record_of(state).moves)
        self.over = False
        """Whether the session has ended: the game is over or the person left."""
        self.out: list[str] = []

    # -- what the person says --------------------------------------------------------
    def start(self) -> list[str]:
        """The greeting, the bots' moves up to the person's first turn, the prompt."""
        state = self.state
        bots = ", ".join(f"seat {s} {bot_name(bot)}" for s, bot in self.bots.items())
        self.out.append(
            f"{state.rules.name}, {state.players} players, seed {state.seed}. "
            f"You are seat {self.seat}; the bots: {bots}. Type help for help."
        )
        if self.moves:
            self.out.append(f"Resumed after {self.moves} moves, in hand {state.hand_number}.")
        self._go_on()
        return self._flush()

    def answer(self, line: str) -> list[str]:
        """The lines that answer one line from the person."""
        text = line.strip()
        if text.lower() in ("help", "?"):
            self.out += HELP
            self._prompt(table=False)
        elif text.lower() == "save":
            self.out.append(self._save())
            self._prompt(table=False)
        elif text.lower() in ("quit", "q"):
            return self.hang_up()
        else:
            try:
                move = read_move(text, legal_moves(view(self.state, self.seat)), self.state)
            except IllegalMoveError as refused:
                self.out.append(f"{text!r} is not allowed: {refused.reason}")
                self._prompt(table=False)
            except InvalidNotationError as unreadable:
                self.out.append(f"{unreadable}; type help for help")
                self._prompt(table=False)
            else:
                self._apply(move)
                self._go_on()
        return self._flush()

    def hang_up(self) -> list[str]:
        """The person leaves (or the connection drops): save the game, end the session."""
        self.out.append(f"Goodbye. {self._save()}")
        self.over = True
        return self._flush()

    def _flush(self) -> list[str]:
        out, self.out = self.out, []
        return out

    def _save(self) -> str:
        self.save_path.write_text(state_to_json(self.state, indent=1) + "\n", encoding="utf-8")
        return f"Saved to {self.save_path}; --resume {self.save_path} goes on from here."

    # -- the game ----------------------------------------------------------------------
    def _go_on(self) -> None:
        """Play the bots' moves, and the person's only legal moves, until the
        person has a choice to make or the game ends."""
        while not self.state.is_over:
            # In a simultaneous phase (the pass, simultaneous bids) the person
            # goes first; the bots do not see the person's choice.
            if self.seat in self.state.to_act:
                moves = legal_moves(self.state, self.seat)
                if len(moves) > 1:
                    self._prompt(table=True)
                    return
                self._apply(moves[0])
                continue
            seat = min(self.state.to_act)
            rng = random.Random(f"game-server/{self.state.seed}/{self.moves}/{seat}")
            self._apply(self.bots[seat].choose(view(self.state, seat), rng))
        winners = " and ".join(_who(s, self.seat) for s in self.state.winners) or "nobody"
        self.out.append(f"Game over. Winners: {winners}.")
        self.out.append(self._save())
        self.over = True

    def _apply(self, move: Move) -> None:
        """Make the move and say what happened."""
        before = self.state
        self.state = state = apply_move(before, move)
        self.moves += 1
        me = self.seat
        who = _who(move.seat, me)
        if isinstance(move, Play):
            played = PlayedCard(move.seat, move.card, move.reveal, move.call)
            self.out.append(f"{who} {'play' if who == 'you' else 'plays'} {_card(played)}")
        elif isinstance(move, Bid) and not state.rules.simultaneous_bidding:
            self.out.append(f"{who} {'bid' if who == 'you' else 'bids'} {move.tricks}")
        if before.phase is Phase.BIDDING and state.phase is not Phase.BIDDING:
            bids = (
                state.history[-1].bids if len(state.history) > len(before.history) else state.bids
            )
            self.out.append(f"The bids: {_per_seat(bids, me)}.")
        hand_over = len(state.history) > len(before.history)
        tricks = state.history[-1].tricks if hand_over else state.tricks
        for number in range(len(before.tricks) + 1, len(tricks) + 1):
            result = tricks[number - 1]
            winner = "nobody" if result.winner is None else _who(result.winner, me)
            self.out.append(f"Trick {number}: {_plays(result.plays, me)}; won by {winner}.")
        if state.phase is Phase.PASSING and before.phase is not Phase.PASSING:
            self.out.append("A Five was played: everyone passes a card face down to the left.")
        if before.phase is Phase.PASSING and state.phase is not Phase.PASSING and not hand_over:
            passed, received = view(state, me).my_exchanges[-1]
            self.out.append(f"You passed {_letters(passed)} and received {_letters(received)}.")
        if hand_over:
            hand = state.history[-1]
            self.out.append(
                f"Hand {hand.hand_number} over. Tricks: {_per_seat(hand.tricks_won, me)}; "
                f"points: {_per_seat(hand.points, me)}; scores: {_per_seat(hand.scores, me)}."
            )

    def _prompt(self, *, table: bool) -> None:
        """The person's legal moves and the prompt; with ``table``, what they see first."""
        pv = view(self.state, self.seat)
        me = self.seat
        if table:
            trump = "no trump" if pv.trump is None else f"trump {pv.trump.letter}"
            self.out.append(
                f"Hand {pv.hand_number}, {pv.cards_dealt} cards each, {trump}. "
                f"Bids: {_per_seat(pv.bids, me)}. Tricks: {_per_seat(pv.tricks_won, me)}."
            )
            if pv.trick:
                self.out.append(f"On the table: {_plays(pv.trick, me)}.")
            hand = "hidden" if pv.hand is None else " ".join(card.letters for card in pv.hand)
            self.out.append(f"Your hand: {hand}.")
        moves = legal_moves(pv)
        kind = {Bid: "your bid", Play: "your card", Pass: "the card you pass to your left"}
        if isinstance(moves[0], Bid):  # a bid is answered with its number
            listed = [move_text(m) for m in moves]
        else:
            listed = [f"{number}) {move_text(m)}" for number, m in enumerate(moves, 1)]
        self.out.append(f"Your moves: {', '.join(listed)}.")
        self.out.append(f"{PROMPT} {kind[type(moves[0])]}?")


def _letters(card: Card | None) -> str:
    return "nothing" if card is None else card.letters


# -- starting a session: a new game or a saved one ---------------------------------
def session_maker(args: argparse.Namespace) -> Callable[[], Session]:
    """What makes each connection's session, from the command line's arguments.

    Raises:
        CounterRulesError: A bad ruleset, option, seat, bot or saved game;
            the message names it.
    """
    resumed: GameState | None = None
    if args.resume is not None:
        try:
            text = Path(args.resume).read_text(encoding="utf-8")
        except OSError as error:
            raise InvalidArgumentError(
                f"cannot read --resume {args.resume!r}: {error.strerror}"
            ) from None
        resumed = state_from_json(text)
    options: dict[str, object] = {}
    for option in args.option:
        name, equals, value = option.partition("=")
        if not equals:
            raise InvalidArgumentError(f"--option must be NAME=VALUE, got {option!r}")
        options[name] = value
    if args.players is not None:
        options["players"] = args.players
    rules = (
        resumed.rules if resumed is not None else ruleset_entry(args.rules).build_from_text(options)
    )
    if not 0 <= args.seat < rules.players:
        raise InvalidArgumentError(
            f"--seat must be a seat from 0 to {rules.players - 1}, got {args.seat}"
        )
    names = args.bots.split(",")
    if len(names) == 1:
        names *= rules.players - 1
    if len(names) != rules.players - 1:
        raise InvalidArgumentError(
            f"--bots must name one bot, or one for each of the {rules.players - 1} other "
            f"seats, got {args.bots!r}"
        )
    bots = [bot_from_name(name) for name in names]
    games = random.Random(args.seed)

    def make() -> Session:
        state = resumed if resumed is not None else new_game(rules, games.randrange(2**32))
        return Session(state, args.seat, bots, Path(args.save.replace("{seed}", str(state.seed))))

    return make


# -- the transports: a TCP server, or standard input and output ---------------------
async def _play_connection(
    make: Callable[[], Session], reader: asyncio.StreamReader, writer: asyncio.StreamWriter
) -> None:
    session = make()

    async def send(lines: list[str]) -> None:
        writer.write("".join(line + "\n" for line in lines).encode())
        await writer.drain()

    try:
        await send(await asyncio.to_thread(session.start))
        while not session.over:
            line = await reader.readline()
            if not line:  # the connection dropped: keep the game
                session.hang_up()
                break
            # A bot may think for a while: the other connections go on meanwhile.
            await send(await asyncio.to_thread(session.answer, line.decode(errors="replace")))
    except ConnectionError:
        session.hang_up()
    finally:
        writer.close()


async def start_server(
    make: Callable[[], Session], host: str, port: int, *, once: bool = False
) -> asyncio.Server:
    """A TCP server that plays a game with each connection (one only with ``once``)."""
    server: asyncio.Server

    async def connected(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if once:
            server.close()  # no more connections
        await _play_connection(make, reader, writer)

    server = await asyncio.start_server(connected, host, port)
    return server


def play_stdio(make: Callable[[], Session]) -> None:
    """One game on standard input and output."""
    session = make()
    print("\n".join(session.start()), flush=True)
    while not session.over:
        line = sys.stdin.readline()
        lines = session.answer(line) if line else session.hang_up()
        print("\n".join(lines), flush=True)


async def _serve(make: Callable[[], Session], host: str, port: int, once: bool) -> None:
    server = await start_server(make, host, port, once=once)
    bound = server.sockets[0].getsockname()
    print(f"listening on {bound[0]}:{bound[1]}", flush=True)
    async with server:
        await server.wait_closed()


def parser() -> argparse.ArgumentParser:
    """The command line's arguments."""
    cli = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    add = cli.add_argument
    add("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1)")
    add("--port", type=int, default=8765, help="the port (default 8765; 0: any free port)")
    add("--once", action="store_true", help="serve one game, then stop")
    add("--stdio", action="store_true", help="play one game on standard input and output")
    add("--rules", default="counter", help="the ruleset's name (default counter)")
    add("--players", type=int, default=None, help="the number of players")
    add("--option", action="append", default=[], metavar="NAME=VALUE", help="a ruleset option")
    add("--seat", type=int, default=0, help="the person's seat (default 0)")
    add("--bots", default="heuristic", help="one bot for all, or one per other seat, by commas")
    add("--seed", type=int, default=None, help="the seed the games' seeds are drawn from")
    add(
        "--save",
        default="counter-rules-{seed}.json",
        help="the save file, {seed} the game's seed (default counter-rules-{seed}.json)",
    )
    add("--resume", default=None, metavar="FILE", help="go on with a saved game")
    return cli


def main(argv: Sequence[str] | None = None) -> int:
    """Serve games, or play one on standard input and output."""
    cli = parser()
    args = cli.parse_args(argv)
    try:
        make = session_maker(args)
    except CounterRulesError as error:
        cli.error(str(error))
    if args.stdio:
        play_stdio(make)
    else:
        asyncio.run(_serve(make, args.host, args.port, args.once))
    return 0


if __name__ == "__main__":
    sys.exit(main())
