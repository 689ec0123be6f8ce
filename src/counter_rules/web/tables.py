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
"""

from __future__ import annotations

import os
import random
import secrets
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from counter_rules.bots import bot_from_name
from counter_rules.bots.base import Bot
from counter_rules.checks import shown
from counter_rules.engine import apply_move, explain_trick, legal_moves, new_game
from counter_rules.errors import InvalidArgumentError
from counter_rules.hands import Phase
from counter_rules.moves import Move
from counter_rules.notation import format_move, parse_move
from counter_rules.records import state_from_json, state_to_json
from counter_rules.rulesets.base import Ruleset
from counter_rules.rulesets.registry import ruleset_entry_for
from counter_rules.state import GameState
from counter_rules.trick import TrickResult
from counter_rules.views import view
from counter_rules.wire import view_to_dict

__all__ = ["MESSAGE_LIMIT", "Table", "Tables", "public_view"]

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
        self.gone_since: list[float | None] = [None] * players
        self.takeover_after = takeover_after
        """Seconds after its person's last browser left before a bot plays a seat."""
        self.save_dir = save_dir
        """Where the table's record is written after every move (``None``: not saved)."""
        self._rng = random.Random(f"counter-rules/web/{state.seed}")
        self.clock: Callable[[], float] = time.monotonic

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
        for seat, known in enumerate(self.tokens):
            if secrets.compare_digest(known, token):
                return seat
        raise InvalidArgumentError(
            f"no seat of table {self.table_id} has the token {shown(token, 20)}"
        )

    # -- who plays ------------------------------------------------------------
    def arrive(self, seat: int) -> None:
        """A person's browser opened the seat's link: the seat is theirs."""
        self.taken[seat] = True
        self.connected[seat] += 1
        self.gone_since[seat] = None

    def leave(self, seat: int) -> None:
        """A browser of the seat went away."""
        self.connected[seat] = max(0, self.connected[seat] - 1)
        if self.connected[seat] == 0:
            self.gone_since[seat] = self.clock()

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

    def bot_move(self) -> Move | None:
        """Let the bot of the first seat it plays make its move; ``None`` when
        no such seat is to act."""
        for seat in self.bot_seats():
            move = self.bots[seat].choose(view(self.state, seat), self._rng)
            self._apply(move)
            return move
        return None

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
    ) -> None:
        bot_from_name(bot)  # refuses an unknown bot now, not at the first table
        self.bot = bot
        self.takeover_after = takeover_after
        """Seconds after its person's last browser left before a bot plays a seat."""
        self.save_dir = save_dir
        """Where the table's record is written after every move (``None``: not saved)."""
        self.by_id: dict[str, Table] = {}

    def open(self, rules: Ruleset, seed: int | None = None) -> Table:
        """A new table with a new game of ``rules``."""
        return self._add(new_game(rules, seed))

    def resume(self, record_text: str | bytes) -> Table:
        """A table that goes on with the game of a saved record.

        Raises:
            InvalidNotationError: The text is not a record of a game.
        """
        return self._add(state_from_json(record_text))

    def _add(self, state: GameState) -> Table:
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
        self.by_id[table_id] = table
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
