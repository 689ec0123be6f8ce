"""The web server of ``counter-rules serve``: an ASGI app (Starlette) that
holds :class:`~counter_rules.web.tables.Tables` and talks to browsers over
WebSockets.

Routes:

- ``GET /``: the lobby (open a table, see the tables); ``GET /t/<table>``:
  the table page (``?seat=<token>`` takes a seat; without it, a spectator).
- ``POST /api/tables``: open a table, JSON ``{"rules": "counter", "players":
  4, "options": {"hook": "true"}, "seed": 7}`` or resume one, ``{"record":
  <a saved record>}``; the answer gives the table's name and every seat's
  link. ``GET /api/tables``: the tables.
- ``WS /ws/<table>?seat=<token>``: the game. The server sends ``{"type":
  "state", ...}`` (see :meth:`~counter_rules.web.tables.Table.message`)
  after every move, ``{"type": "error", "message": ...}`` for a refused
  message and ``{"type": "hint", ...}`` for a hint; the browser sends
  ``{"type": "move", "text": "QS"}`` (any answer
  :func:`~counter_rules.parse_move` reads) and ``{"type": "hint"}``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from counter_rules.checks import shorten
from counter_rules.errors import CounterRulesError
from counter_rules.rulesets.registry import ruleset_entry
from counter_rules.views import view
from counter_rules.web import hints
from counter_rules.web.tables import MESSAGE_LIMIT, Table, Tables

__all__ = ["create_app"]

_STATIC = resources.files("counter_rules.web") / "static"


class _Hub:
    """The tables and the browsers connected to each."""

    def __init__(self, tables: Tables, bot_delay: float) -> None:
        self.tables = tables
        self.bot_delay = bot_delay
        self.sockets: dict[str, dict[WebSocket, int | None]] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        self.tasks: set[asyncio.Task[None]] = set()

    def lock(self, table: Table) -> asyncio.Lock:
        return self.locks.setdefault(table.table_id, asyncio.Lock())

    async def send(self, socket: WebSocket, message: dict[str, Any]) -> None:
        with contextlib.suppress(Exception):  # a socket that went away meanwhile
            await socket.send_text(json.dumps(message))

    async def broadcast(self, table: Table) -> None:
        for socket, seat in list(self.sockets.get(table.table_id, {}).items()):
            await self.send(socket, table.message(seat))

    def wake(self, table: Table) -> None:
        """Let the bots play their seats to act, one move at a time, each
        after :attr:`bot_delay` seconds; and come back when a gone person's
        seat passes to a bot."""
        task = asyncio.get_running_loop().create_task(self._bots(table))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _bots(self, table: Table) -> None:
        while True:
            await asyncio.sleep(self.bot_delay)
            async with self.lock(table):
                moved = table.bot_move() is not None
                if moved:
                    await self.broadcast(table)
                wait = None if moved else table.waiting_for_the_gone()
            if moved:
                continue
            if wait is None:
                return
            await asyncio.sleep(wait)


def create_app(
    tables: Tables | None = None,
    *,
    bot_delay: float = 0.6,
) -> Starlette:
    """The ASGI app of a game server.

    Args:
        tables: The tables it holds (default: none yet, bots ``"heuristic"``).
        bot_delay: Seconds a bot waits before its move, so that people can
            follow the play.
    """
    hub = _Hub(tables if tables is not None else Tables(), bot_delay)

    async def page(name: str) -> Response:
        return HTMLResponse((_STATIC / name).read_text(encoding="utf-8"))

    async def lobby(request: Request) -> Response:
        return await page("index.html")

    async def table_page(request: Request) -> Response:
        if request.path_params["table"] not in hub.tables.by_id:
            return HTMLResponse("no such table", status_code=404)
        return await page("table.html")

    async def list_tables(request: Request) -> Response:
        return JSONResponse(
            [
                {"table": t.table_id, "name": t.state.rules.name, "over": t.state.is_over}
                for t in hub.tables.by_id.values()
            ]
        )

    async def open_table(request: Request) -> Response:
        body = await request.body()
        if len(body) > 1_000_000:
            return JSONResponse({"error": "the request is too long"}, status_code=413)
        try:
            data = json.loads(body)
            if not isinstance(data, dict):
                raise ValueError("expected a JSON object")
            if "record" in data:
                record = data["record"]
                table = hub.tables.resume(record if isinstance(record, str) else json.dumps(record))
            else:
                options = data.get("options") or {}
                if not isinstance(options, dict):
                    raise ValueError("options must be an object of NAME: VALUE")
                texts = {str(k): str(v) for k, v in options.items()}
                if data.get("players") is not None:
                    texts["players"] = str(data["players"])
                rules = ruleset_entry(str(data.get("rules", "counter"))).build_from_text(texts)
                seed = data.get("seed")
                table = hub.tables.open(rules, None if seed is None else int(seed))
        except (CounterRulesError, ValueError, TypeError) as exc:
            return JSONResponse({"error": shorten(str(exc))}, status_code=400)
        hub.wake(table)
        return JSONResponse(
            {"table": table.table_id, "seats": [table.link(s) for s in range(table.players)]}
        )

    async def game(socket: WebSocket) -> None:
        await socket.accept()
        try:
            table = hub.tables.get(socket.path_params["table"])
            seat = table.seat_of(socket.query_params.get("seat"))
        except CounterRulesError as exc:
            await hub.send(socket, {"type": "error", "message": str(exc)})
            await socket.close(code=4404)
            return
        hub.sockets.setdefault(table.table_id, {})[socket] = seat
        async with hub.lock(table):
            if seat is not None:
                table.arrive(seat)
            await hub.broadcast(table)
        hub.wake(table)
        try:
            while True:
                text = await socket.receive_text()
                await _answer(hub, table, socket, seat, text)
        except WebSocketDisconnect:
            pass
        finally:
            hub.sockets[table.table_id].pop(socket, None)
            if seat is not None:
                async with hub.lock(table):
                    table.leave(seat)
                    await hub.broadcast(table)
                hub.wake(table)

    return Starlette(
        routes=[
            Route("/", lobby),
            Route("/t/{table}", table_page),
            Route("/api/tables", list_tables, methods=["GET"]),
            Route("/api/tables", open_table, methods=["POST"]),
            WebSocketRoute("/ws/{table}", game),
            Mount("/static", StaticFiles(directory=str(_STATIC)), name="static"),
        ]
    )


async def _answer(hub: _Hub, table: Table, socket: WebSocket, seat: int | None, text: str) -> None:
    """Answer one message of a browser."""
    if len(text) > MESSAGE_LIMIT:
        await hub.send(socket, {"type": "error", "message": "the message is too long"})
        await socket.close(code=1009)
        raise WebSocketDisconnect(1009)
    try:
        data = json.loads(text)
    except ValueError:
        await hub.send(socket, {"type": "error", "message": "expected a JSON message"})
        return
    kind = data.get("type") if isinstance(data, dict) else None
    if seat is None and kind in ("move", "hint"):
        await hub.send(socket, {"type": "error", "message": "a spectator has no moves"})
        return
    assert seat is None or isinstance(seat, int)
    if kind == "move" and isinstance(data.get("text"), str) and seat is not None:
        async with hub.lock(table):
            try:
                table.play(seat, data["text"])
            except CounterRulesError as exc:
                await hub.send(socket, {"type": "error", "message": str(exc)})
                return
            await hub.broadcast(table)
        hub.wake(table)
    elif kind == "hint" and seat is not None:
        async with hub.lock(table):
            seen = view(table.state, seat)
        await hub.send(socket, await asyncio.to_thread(hints.hint_for, seen))
    else:
        await hub.send(
            socket,
            {
                "type": "error",
                "message": 'expected {"type": "move", "text": "QS"} or {"type": "hint"}',
            },
        )
