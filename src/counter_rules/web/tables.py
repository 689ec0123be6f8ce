"""The games a web server holds: :class:`Table` and :class:`Tables` (no web
framework here, so that the rules of a table are tested on their own).

A table holds one game. Each seat has a secret token; its link
(``/t/<table>?seat=<token>``) is how a person takes the seat and how a
browser comes back to it after a reload. A seat nobody has taken, and a
taken seat whose person has been gone longer than
:attr:`Table.takeover_after` seconds, is played by a bot; the person takes
the seat back by opening its link again. Every message a browser gets is
built from that seat's :func:`~counter_rules.view`, through the wire form
(:func:`~counter_rules.view_to_dict`); spectators get
:func:`public_view`, which holds what every seat knows and nothing more.

A server meets hostile clients, so :class:`Tables` is bounded: at most
:attr:`Tables.max_tables` tables at once, at most
:attr:`Tables.per_minute` opened by one client in a minute, and a table
that no browser has watched for :attr:`Tables.idle_after` seconds is closed.
A bot's decision is made apart from the table (:meth:`Table.bot_turn` gives
what it needs, :func:`decide` makes it, :meth:`Table.play_for_bot` applies
it), so that the server can make it off its event loop.
"""

from __future__ import annotations

import os
import random
import secrets
import tempfile
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs

from counter_rules.argument_checks import check_int, check_real, shown
from counter_rules.bots import bot_from_name
from counter_rules.bots.base import Bot
from counter_rules.engine import apply_move, explain_trick, legal_moves, new_game
from counter_rules.errors import InvalidArgumentError
from counter_rules.moves import Move
from counter_rules.notation import format_move, parse_move
from counter_rules.phase import Phase
from counter_rules.recording import state_from_json, state_to_json
from counter_rules.rulesets.base import Ruleset
from counter_rules.rulesets.registry import ruleset_entry_for
from counter_rules.state import GameState
from counter_rules.trick import TrickResult
from counter_rules.views import PlayerView, view
from counter_rules.wire import view_to_dict

__all__ = [
    "MESSAGE_LIMIT",
    "BotTurn",
    "Table",
    "Tables",
    "decide",
    "public_view",
]

MESSAGE_LIMIT = 4096
"""The longest message (in characters) a browser may send; a longer one is
refused and the socket closed."""


def public_view(state: GameState) -> dict[str, Any]:
    """What every seat of ``state`` knows, in the wire form of a view, for a
    spectator: no hand, no pass chosen or exchanged, no bid hidden by
    simultaneous bidding, no legal moves (``"seat"`` is ``None``)."""
    data = view_to_dict(view(state, 0))
    players = state.players
    data["seat"] = None
    data["hand"] = None
    data["others"] = [None] * players
    data["my_pass"] = None
    data["my_exchanges"] = []
    data["legal_moves"] = []
    if state.phase is Phase.BIDDING and state.rules.simultaneous_bidding:
        data["bids"] = [None] * players
        data["blind"] = [False] * players
    for hand in data["history"]:
        hand["exchanges"] = [[None] * players for _ in hand["exchanges"]]
    return data


def _answer(move: Move) -> dict[str, str]:
    """A legal move as the page offers it: the text to send back (read by
    :func:`~counter_rules.parse_move`) and a label for a person."""
    return {
        "text": format_move(move, ascii=True).partition(":")[2],
        "label": format_move(move).partition(":")[2],
    }


def _explained(result: TrickResult, rules: Ruleset) -> list[str]:
    return [str(effect) for effect in explain_trick(result, rules=rules).effects]


_WAIT = 10**7  # seconds: about four months


@attrs.frozen
class BotTurn:
    """What a bot needs to decide one move of a table, apart from it."""

    seat: int
    """The seat the bot plays."""
    bot: Bot
    """The bot."""
    view: PlayerView
    """What the seat knows."""
    rng: random.Random
    """The bot's generator for this move, drawn from the table's."""
    state: GameState
    """The game the move is for: a move decided for another is dropped."""


def decide(turn: BotTurn) -> Move:
    """The bot's move for ``turn`` (a function of its own, so that a worker
    process can run it)."""
    return turn.bot.choose(turn.view, turn.rng)


class Table:
    """One game and its seats.

    Args:
        table_id: The table's name in links.
        state: The game (a new game or one resumed from a record).
        bot: The bot that plays a seat nobody plays (a name for
            :func:`~counter_rules.bots.bot_from_name`).
        takeover_after: Seconds after its person's last browser left before a
            bot plays a taken seat.
        save_dir: Where the table's record is written after every move
            (``<table_id>.json``), or ``None``.
    """

    def __init__(
        self,
        table_id: str,
        state: GameState,
        *,
        bot: str = "heuristic",
        takeover_after: float = 30.0,
        save_dir: Path | None = None,
    ) -> None:
        players = state.players
        self.table_id = table_id
        self.state = state
        self.tokens = tuple(secrets.token_urlsafe(12) for _ in range(players))
        self.bots: tuple[Bot, ...] = tuple(bot_from_name(bot) for _ in range(players))
        self.bot_name = bot
        self.taken = [False] * players
        self.connected = [0] * players
        self.watching = 0
        """Spectators' browsers at the table."""
        self.gone_since: list[float | None] = [None] * players
        self.takeover_after = check_real("Table", "takeover_after", takeover_after, 0, _WAIT)
        """Seconds after its person's last browser left before a bot plays a seat."""
        self.save_dir = save_dir
        """Where the table's record is written after every move (``None``: not saved)."""
        self._rng = random.Random(f"counter-rules/web/{state.seed}")
        self.clock: Callable[[], float] = time.monotonic
        self.idle_since: float | None = self.clock()
        """When the last browser left (``None`` while one is at the table)."""

    @property
    def players(self) -> int:
        """The number of seats."""
        return self.state.players

    def seat_of(self, token: str | None) -> int | None:
        """The seat whose token is ``token``; ``None`` for a spectator (no token).

        Raises:
            InvalidArgumentError: A token that is no seat's.
        """
        if token is None or token == "":
            return None
        # Bytes, so that a token of any text compares (compare_digest takes
        # ASCII text only) in a time that tells nothing of the real tokens.
        given = token.encode("utf-8", "surrogatepass")
        for seat, known in enumerate(self.tokens):
            if secrets.compare_digest(known.encode("ascii"), given):
                return seat
        raise InvalidArgumentError(
            f"no seat of table {self.table_id} has the token {shown(token, 20)}"
        )

    # -- who plays ------------------------------------------------------------
    def arrive(self, seat: int | None) -> None:
        """A person's browser opened the seat's link: the seat is theirs
        (``None``: a spectator's browser came)."""
        self.idle_since = None
        if seat is None:
            self.watching += 1
            return
        self.taken[seat] = True
        self.connected[seat] += 1
        self.gone_since[seat] = None

    def leave(self, seat: int | None) -> None:
        """A browser of the seat (``None``: of a spectator) went away."""
        if seat is None:
            self.watching = max(0, self.watching - 1)
        else:
            self.connected[seat] = max(0, self.connected[seat] - 1)
            if self.connected[seat] == 0:
                self.gone_since[seat] = self.clock()
        if not self.watched():
            self.idle_since = self.clock()

    def watched(self) -> bool:
        """Whether a browser (a seat's or a spectator's) is at the table: bots
        play only then, so a table nobody follows costs nothing."""
        return self.watching > 0 or any(self.connected)

    def played_by_bot(self, seat: int) -> bool:
        """Whether a bot plays the seat now: nobody took it, or its person has
        been gone for :attr:`takeover_after` seconds or more."""
        if not self.taken[seat]:
            return True
        gone = self.gone_since[seat]
        return gone is not None and self.clock() - gone >= self.takeover_after

    def bot_seats(self) -> list[int]:
        """The seats to act that a bot plays now, in seat order."""
        if self.state.is_over:
            return []
        return [seat for seat in sorted(self.state.to_act) if self.played_by_bot(seat)]

    def waiting_for_the_gone(self) -> float | None:
        """Seconds until a gone person's seat to act passes to a bot, or
        ``None`` when no seat to act waits for a person who has gone."""
        waits = [
            self.takeover_after - (self.clock() - gone)
            for seat in self.state.to_act
            if self.taken[seat] and (gone := self.gone_since[seat]) is not None
        ]
        return max(0.0, min(waits)) if waits else None

    # -- moves ----------------------------------------------------------------
    def play(self, seat: int, text: str) -> Move:
        """Apply what the person at ``seat`` typed or clicked.

        Raises:
            InvalidNotationError: The text is not a move.
            IllegalMoveError: The move is not one the seat may make now; the
                message says why.
        """
        move = parse_move(text, state=self.state, seat=seat)
        self._apply(move)
        return move

    def bot_turn(self) -> BotTurn | None:
        """What the bot of the first seat it plays needs to decide its move;
        ``None`` when no such seat is to act."""
        for seat in self.bot_seats():
            rng = random.Random(self._rng.getrandbits(64))
            return BotTurn(seat, self.bots[seat], view(self.state, seat), rng, self.state)
        return None

    def play_for_bot(self, turn: BotTurn, move: Move) -> bool:
        """Apply the move a bot decided for ``turn``, if the game is still the
        one it was decided for and a bot still plays the seat; whether it was."""
        if self.state is not turn.state or not self.played_by_bot(turn.seat):
            return False
        self._apply(move)
        return True

    def bot_move(self) -> Move | None:
        """Let the bot of the first seat it plays make its move here and now;
        ``None`` when no such seat is to act."""
        turn = self.bot_turn()
        if turn is None:
            return None
        move = decide(turn)
        self.play_for_bot(turn, move)
        return move

    def _apply(self, move: Move) -> None:
        self.state = apply_move(self.state, move)
        self.save()

    # -- messages -------------------------------------------------------------
    def message(self, seat: int | None) -> dict[str, Any]:
        """Everything a browser of ``seat`` (``None``: a spectator) shows:
        the view, the moves to offer, the last trick explained, who plays
        each seat, and for seat 0 (who opened the table) the links of the
        others."""
        state = self.state
        if seat is None:
            data = public_view(state)
            moves: list[dict[str, str]] = []
        else:
            data = view_to_dict(view(state, seat))
            moves = [_answer(m) for m in legal_moves(state, seat)]
        last = state.tricks[-1] if state.tricks else None
        if last is None and state.history and state.history[-1].tricks:
            last = state.history[-1].tricks[-1]
        message: dict[str, Any] = {
            "type": "state",
            "table": self.table_id,
            "title": ruleset_entry_for(state.rules).title,
            "name": state.rules.name,
            "seat": seat,
            "view": data,
            "moves": moves,
            "last_trick": [] if last is None else _explained(last, state.rules),
            "seats": [
                {
                    "person": self.taken[s],
                    "here": self.connected[s] > 0,
                    "bot": self.played_by_bot(s),
                }
                for s in range(self.players)
            ],
            "over": state.is_over,
            "winners": list(state.winners),
        }
        if seat == 0:
            message["invites"] = [self.link(s) for s in range(1, self.players)]
        return message

    def link(self, seat: int) -> str:
        """The path of the seat's link."""
        return f"/t/{self.table_id}?seat={self.tokens[seat]}"

    # -- saving ---------------------------------------------------------------
    def save(self) -> Path | None:
        """Write the game's record to :attr:`save_dir` (all at once: a
        temporary file renamed into place); the path, or ``None``."""
        if self.save_dir is None:
            return None
        path = self.save_dir / f"{self.table_id}.json"
        text = state_to_json(self.state, indent=1)
        fd, tmp = tempfile.mkstemp(prefix=f".{self.table_id}.", dir=self.save_dir)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                out.write(text)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        return path


class Tables:
    """Every table of a server, by name."""

    def __init__(
        self,
        *,
        bot: str = "heuristic",
        takeover_after: float = 30.0,
        save_dir: Path | None = None,
        max_tables: int = 100,
        per_minute: int = 10,
        idle_after: float = 1800.0,
    ) -> None:
        bot_from_name(bot)  # refuses an unknown bot now, not at the first table
        self.bot = bot
        self.takeover_after = check_real("Tables", "takeover_after", takeover_after, 0, _WAIT)
        """Seconds after its person's last browser left before a bot plays a seat."""
        self.save_dir = save_dir
        """Where the table's record is written after every move (``None``: not saved)."""
        self.max_tables = check_int("Tables", "max_tables", max_tables, 1, 100_000)
        """The most tables open at once."""
        self.per_minute = check_int("Tables", "per_minute", per_minute, 1, 100_000)
        """The most tables one client may open in a minute."""
        self.idle_after = check_real("Tables", "idle_after", idle_after, 0, _WAIT)
        """Seconds a table may stay with no browser before it is closed."""
        self.by_id: dict[str, Table] = {}
        self.clock: Callable[[], float] = time.monotonic
        self._opened: dict[str, deque[float]] = {}

    def refusal(self, client: str) -> str | None:
        """Why ``client`` (its address) may not open a table now, or ``None``
        when it may: the server holds :attr:`max_tables` tables, or the
        client opened :attr:`per_minute` tables in the last minute."""
        if len(self.by_id) >= self.max_tables:
            return f"the server holds {self.max_tables} tables, its most: try again later"
        times = self._opened.get(client)
        now = self.clock()
        while times and now - times[0] >= 60:
            times.popleft()
        if times is not None and len(times) >= self.per_minute:
            return f"at most {self.per_minute} tables a minute may be opened from one address"
        return None

    def open(self, rules: Ruleset, seed: int | None = None, *, client: str = "") -> Table:
        """A new table with a new game of ``rules``, opened by ``client``
        (see :meth:`refusal`, which the caller asks first)."""
        return self._add(new_game(rules, seed), client)

    def resume(self, record_text: str | bytes, *, client: str = "") -> Table:
        """A table that goes on with the game of a saved record.

        Raises:
            InvalidNotationError: The text is not a record of a game.
        """
        return self._add(state_from_json(record_text), client)

    def close_idle(self) -> list[str]:
        """Close every table that no browser has watched for
        :attr:`idle_after` seconds; the names of those closed."""
        now = self.clock()
        closed = [
            name
            for name, table in self.by_id.items()
            if table.idle_since is not None and now - table.idle_since >= self.idle_after
        ]
        for name in closed:
            del self.by_id[name]
        stale = [c for c, times in self._opened.items() if not times or now - times[-1] >= 60]
        for client in stale:
            del self._opened[client]
        return closed

    def _add(self, state: GameState, client: str = "") -> Table:
        table_id = secrets.token_hex(4)
        while table_id in self.by_id:
            table_id = secrets.token_hex(4)
        table = Table(
            table_id,
            state,
            bot=self.bot,
            takeover_after=self.takeover_after,
            save_dir=self.save_dir,
        )
        table.clock = self.clock
        table.idle_since = self.clock()
        self.by_id[table_id] = table
        self._opened.setdefault(client, deque()).append(self.clock())
        table.save()
        return table

    def get(self, table_id: str) -> Table:
        """The table called ``table_id``.

        Raises:
            InvalidArgumentError: No table has that name.
        """
        table = self.by_id.get(table_id)
        if table is None:
            raise InvalidArgumentError(f"no table is called {shown(table_id, 20)}")
        return table
