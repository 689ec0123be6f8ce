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

The server is built for clients that do not play fair:

- every input (a request's body, a socket's message) is read by one guarded
  reader (:func:`~counter_rules.input_limits.read_json`) that bounds its size,
  nesting and numbers; what it refuses is answered with a 4xx status or an
  ``error`` message, never a traceback. A body is counted while it arrives and
  refused past :data:`BODY_LIMIT` bytes; a binary frame closes its socket with
  code 1003, a message over
  :data:`~counter_rules.web.tables.MESSAGE_LIMIT` characters with 1009;
- everything sent to a browser goes through a queue of its own, at most
  :data:`SEND_QUEUE` messages long and written by a task of its own, so a
  browser that does not read never holds up the table: when its queue is
  full, it is closed (code 1008). Nothing waits on a send while holding the
  table;
- bots decide in a pool of worker processes, off the event loop: one bot loop
  per table, one move at a time, each within its time budget (a bot that
  overruns it plays a random legal move instead, and the game goes on);
- tables are bounded (see :class:`~counter_rules.web.tables.Tables`), and
  requests that change something (opening a table, a socket) from a page of
  another site are refused (403): the ``Origin`` must be the server's own or
  one of ``allowed_origins``, and the ``Host`` one of ``allowed_hosts``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import multiprocessing
import random
from collections.abc import AsyncIterator, Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from importlib import resources
from typing import Any, TypeVar
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocket

from counter_rules.argument_checks import check_real, seed_problem, shorten, shown
from counter_rules.bots import RandomBot
from counter_rules.errors import CounterRulesError, InvalidNotationError
from counter_rules.input_limits import read_json
from counter_rules.moves import Move
from counter_rules.rulesets.registry import ruleset_entry
from counter_rules.views import view
from counter_rules.web import hints
from counter_rules.web.tables import (
    _WAIT,
    MESSAGE_LIMIT,
    BotTurn,
    Table,
    Tables,
    decide,
)

__all__ = ["BODY_LIMIT", "LOOPBACK_HOSTS", "SEND_QUEUE", "create_app"]

BODY_LIMIT = 1_000_000
"""The longest request body, in bytes (a saved record of a long game fits)."""
SEND_QUEUE = 64
"""The most messages waiting to be sent to one browser; one more closes it."""
LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "::1")
"""The host names a server bound to this machine answers to."""

_STATIC = resources.files("counter_rules.web") / "static"
_CLOSE_WAIT = 5.0  # seconds a close frame may take to go out
_HINT_WAIT = 10.0  # seconds a hint may take in all (its search stops after 2)
_MESSAGE_DEPTH = 4  # a browser's message nests two deep at most
_OPEN_FIELDS = ("rules", "players", "options", "seed", "record")
_log = logging.getLogger("counter_rules.web")
_T = TypeVar("_T")


def _text(message: dict[str, Any]) -> str:
    return json.dumps(message, ensure_ascii=False)


def _error(message: str) -> str:
    return _text({"type": "error", "message": message})


class _Client:
    """One browser's socket. What is sent to it waits in a bounded queue that
    a task of its own writes; a browser that falls behind is closed."""

    def __init__(self, socket: WebSocket, seat: int | None = None) -> None:
        self.socket = socket
        self.seat = seat
        self.closing = False
        self.hinting = False
        self.queue: asyncio.Queue[str | int] = asyncio.Queue(SEND_QUEUE)
        self.writer = asyncio.get_running_loop().create_task(self._write())

    def post(self, text: str) -> None:
        """Queue ``text`` to be sent, at once; a full queue closes the socket."""
        if self.closing:
            return
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.close(1008)

    def close(self, code: int) -> None:
        """Close the socket with ``code`` once what is queued is sent; at once
        when the queue is full (the browser does not read)."""
        if self.closing:
            return
        self.closing = True
        try:
            self.queue.put_nowait(code)
        except asyncio.QueueFull:
            self.writer.cancel()
            self.writer = asyncio.get_running_loop().create_task(self._close(code))

    async def _write(self) -> None:
        while True:
            item = await self.queue.get()
            if isinstance(item, int):
                await self._close(item)
                return
            try:
                await self.socket.send_text(item)
            except Exception:  # the browser went away meanwhile
                self.closing = True
                return

    async def _close(self, code: int) -> None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.socket.close(code), _CLOSE_WAIT)

    async def finish(self) -> None:
        """Let the writer send what it was given before the socket ends (at
        most a few seconds), or stop it when nothing more is to be sent."""
        if not self.closing:
            self.writer.cancel()
        with contextlib.suppress(Exception, asyncio.CancelledError):
            await asyncio.wait_for(self.writer, _CLOSE_WAIT)


class _Workers:
    """The bounded pool where bots and hints think: ``workers`` processes, or
    with 0 one thread of this process (for tests and small machines)."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self.pool: Executor | None = None

    def executor(self) -> Executor:
        if self.pool is None:
            if self.workers == 0:
                self.pool = ThreadPoolExecutor(1, thread_name_prefix="counter-rules-bots")
            else:
                context = multiprocessing.get_context("spawn")
                self.pool = ProcessPoolExecutor(self.workers, mp_context=context)
        return self.pool

    async def run(self, work: Callable[[Any], _T], argument: Any, seconds: float) -> _T:
        """``work(argument)`` in the pool, given at most ``seconds``.

        Raises:
            TimeoutError: It took longer (it goes on, its answer unused).
        """
        loop = asyncio.get_running_loop()
        try:
            future = loop.run_in_executor(self.executor(), work, argument)
            return await asyncio.wait_for(asyncio.shield(future), seconds)
        except (BrokenProcessPool, RuntimeError):
            self.stop()  # a worker died: the next question starts a new pool
            raise

    def stop(self) -> None:
        """Stop the pool at once, its workers too."""
        pool, self.pool = self.pool, None
        if pool is None:
            return
        processes = list((getattr(pool, "_processes", None) or {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            with contextlib.suppress(Exception):
                process.terminate()


class _Hub:
    """The tables, the browsers connected to each and the bot loops."""

    def __init__(
        self, tables: Tables, bot_delay: float, bot_seconds: float, workers: _Workers
    ) -> None:
        self.tables = tables
        self.bot_delay = bot_delay
        self.bot_seconds = bot_seconds
        self.workers = workers
        self.clients: dict[str, set[_Client]] = {}
        self.loops: dict[str, asyncio.Task[None]] = {}
        self.wakes: dict[str, asyncio.Event] = {}
        self.tasks: set[asyncio.Task[None]] = set()

    def broadcast(self, table: Table) -> None:
        """Queue the new state for every browser of the table (never waits)."""
        texts: dict[int | None, str] = {}
        for client in self.clients.get(table.table_id, ()):
            if client.closing:
                continue
            text = texts.get(client.seat)
            if text is None:
                text = texts[client.seat] = _text(table.message(client.seat))
            client.post(text)

    def join(self, table: Table, client: _Client) -> None:
        """A browser came: it gets the state; when it takes a seat, everyone
        gets the news (a spectator changes nothing anyone sees)."""
        self.clients.setdefault(table.table_id, set()).add(client)
        table.arrive(client.seat)
        if client.seat is None:
            client.post(_text(table.message(None)))
        else:
            self.broadcast(table)
        self.wake(table)

    def part(self, table: Table, client: _Client) -> None:
        self.clients.get(table.table_id, set()).discard(client)
        table.leave(client.seat)
        if client.seat is not None:
            self.broadcast(table)
        self.wake(table)

    def close_idle(self) -> None:
        for name in self.tables.close_idle():
            self.clients.pop(name, None)
            self.loops.pop(name, None)
            wake = self.wakes.pop(name, None)
            if wake is not None:
                wake.set()  # its bot loop sees the table gone and ends

    def wake(self, table: Table) -> None:
        """Tell the table's bot loop that something changed (starting it if
        it does not run): one loop per table, whoever wakes it."""
        loop = asyncio.get_running_loop()
        name = table.table_id
        task = self.loops.get(name)
        if task is None or task.done() or task.get_loop() is not loop:
            self.wakes[name] = asyncio.Event()
            self.loops[name] = loop.create_task(self._bots(table, self.wakes[name]))
        self.wakes[name].set()

    async def _bots(self, table: Table, wake: asyncio.Event) -> None:
        """Let the bots play their seats to act, one move at a time, each
        after :attr:`bot_delay` seconds, while a browser is at the table; and
        come back when a gone person's seat passes to a bot."""
        while self.tables.by_id.get(table.table_id) is table:
            wake.clear()
            turn = table.bot_turn() if table.watched() else None
            if turn is None:
                wait = table.waiting_for_the_gone() if table.watched() else None
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(wake.wait(), wait)
                continue
            await asyncio.sleep(self.bot_delay)
            if table.state is not turn.state:
                continue  # someone moved meanwhile
            move = await self._decide(turn)
            try:
                played = table.play_for_bot(turn, move)
            except CounterRulesError as exc:  # a bot of a plugin that broke the rules
                _log.warning("the bot of seat %d: %s; a random legal move instead", turn.seat, exc)
                played = table.play_for_bot(turn, self._random(turn))
            if played:
                self.broadcast(table)

    async def _decide(self, turn: BotTurn) -> Move:
        try:
            return await self.workers.run(decide, turn, self.bot_seconds)
        except Exception as exc:  # over its time, or a worker lost: the game goes on
            reason = "ran out of time" if isinstance(exc, TimeoutError) else repr(exc)
            _log.warning("the bot of seat %d %s; a random legal move instead", turn.seat, reason)
            return self._random(turn)

    @staticmethod
    def _random(turn: BotTurn) -> Move:
        return RandomBot().choose(turn.view, random.Random(turn.rng.random()))

    def hint(self, table: Table, client: _Client) -> None:
        """Work out a hint for the client's seat in the pool, one at a time."""
        if client.hinting:
            client.post(_error("a hint is already being worked out"))
            return
        assert client.seat is not None
        client.hinting = True
        task = asyncio.get_running_loop().create_task(
            self._hint(client, view(table.state, client.seat))
        )
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _hint(self, client: _Client, seen: Any) -> None:
        try:
            message = _text(await self.workers.run(hints.hint_for, seen, _HINT_WAIT))
        except Exception:
            message = _error("no hint now: it could not be worked out in time")
        finally:
            client.hinting = False
        client.post(message)

    def answer(self, table: Table, client: _Client, text: str) -> None:
        """Answer one message of a browser (never waits)."""
        if len(text) > MESSAGE_LIMIT:
            client.post(_error("the message is too long"))
            client.close(1009)
            return
        try:
            data = read_json(text, "message", limit=MESSAGE_LIMIT, depth=_MESSAGE_DEPTH)
        except InvalidNotationError as exc:
            client.post(_error(f"expected a JSON message ({exc})"))
            return
        kind = data.get("type") if isinstance(data, dict) else None
        seat = client.seat
        if seat is None and kind in ("move", "hint"):
            client.post(_error("a spectator has no moves"))
        elif kind == "move" and seat is not None and isinstance(data, dict):
            move = data.get("text")
            if not isinstance(move, str):
                client.post(_error('expected {"type": "move", "text": "QS"}'))
                return
            try:
                table.play(seat, move)
            except CounterRulesError as exc:
                client.post(_error(str(exc)))
                return
            self.broadcast(table)
            self.wake(table)
        elif kind == "hint":
            self.hint(table, client)
        else:
            client.post(_error('expected {"type": "move", "text": "QS"} or {"type": "hint"}'))

    def stop(self) -> None:
        for task in [*self.loops.values(), *self.tasks]:
            task.cancel()
        self.workers.stop()


def _host_name(value: str) -> str:
    """The host of a ``Host`` header or an origin's address, without its port."""
    value = value.strip().lower()
    if value.startswith("["):
        return value[1 : value.find("]")] if "]" in value else value
    return value.rpartition(":")[0] if value.count(":") == 1 else value


class _Doors:
    """The check every request and socket passes first: a ``Host`` the server
    answers to (against DNS rebinding), and for what changes something (a
    request other than GET or HEAD, a socket) an ``Origin`` that is the
    server's own or an allowed one (against other sites' pages)."""

    def __init__(self, app: ASGIApp, hosts: Sequence[str] | None, origins: Sequence[str]) -> None:
        self.app = app
        self.hosts = None if hosts is None else {_host_name(h) for h in hosts}
        self.origins = {o.rstrip("/").lower() for o in origins}

    def problem(self, scope: Scope) -> str | None:
        headers = Headers(scope=scope)
        host = headers.get("host", "")
        if self.hosts is not None and _host_name(host) not in self.hosts:
            return f"this server does not answer to the host {shown(host, 60)}"
        origin = headers.get("origin")
        if origin is None or (scope["type"] == "http" and scope["method"] in ("GET", "HEAD")):
            return None
        origin = origin.rstrip("/").lower()
        if origin in self.origins or urlsplit(origin).netloc == host.lower():
            return None
        return f"requests from pages of {shown(origin, 60)} are not accepted here"

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            problem = self.problem(scope)
            if problem is not None:
                if scope["type"] == "http":
                    await JSONResponse({"error": problem}, status_code=403)(scope, receive, send)
                else:
                    await receive()  # the connect; closing now refuses the handshake (403)
                    await send({"type": "websocket.close", "code": 4403})
                return
        await self.app(scope, receive, send)


async def _body(request: Request) -> bytes | None:
    """The request's body, counted as it arrives; ``None`` past :data:`BODY_LIMIT`."""
    length = request.headers.get("content-length", "")
    if length and (not length.isdigit() or len(length) > 12 or int(length) > BODY_LIMIT):
        return None
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > BODY_LIMIT:
            return None
        chunks.append(chunk)
    return b"".join(chunks)


def _open_request(tables: Tables, data: object, client: str) -> Table:
    """Open the table a request's JSON asks for.

    Raises:
        CounterRulesError: The request is not one of a table; the message says why.
    """
    if not isinstance(data, dict):
        raise InvalidNotationError("request: expected a JSON object")
    extra = sorted(str(k) for k in data if k not in _OPEN_FIELDS)
    if extra:
        raise InvalidNotationError(
            f"request: unknown field {shown(extra[0], 40)} (allowed: {', '.join(_OPEN_FIELDS)})"
        )
    if "record" in data:
        record = data["record"]
        if len(data) > 1 or not isinstance(record, dict | str):
            raise InvalidNotationError('request: expected {"record": <a saved record>} alone')
        return tables.resume(
            record if isinstance(record, str) else json.dumps(record), client=client
        )
    rules, players, seed = data.get("rules", "counter"), data.get("players"), data.get("seed")
    options = data.get("options") or {}
    if not isinstance(rules, str):
        raise InvalidNotationError(f"request rules: expected a ruleset's name, got {shown(rules)}")
    if not isinstance(options, dict) or not all(
        isinstance(v, str | int) and not isinstance(v, float) for v in options.values()
    ):
        raise InvalidNotationError("request options: expected an object of NAME: text or number")
    texts = {str(k): str(v).lower() if isinstance(v, bool) else str(v) for k, v in options.items()}
    if players is not None:
        if type(players) is not int:
            raise InvalidNotationError(
                f"request players: expected a whole number, got {shown(players)}"
            )
        texts["players"] = str(players)
    if seed is not None and seed_problem(seed) is not None:
        raise InvalidNotationError(f"request seed: expected {seed_problem(seed)}")
    built = ruleset_entry(rules).build_from_text(texts)
    return tables.open(built, seed, client=client)


def create_app(
    tables: Tables | None = None,
    *,
    bot_delay: float = 0.6,
    bot_seconds: float = 10.0,
    bot_workers: int = 1,
    allowed_hosts: Sequence[str] | None = None,
    allowed_origins: Sequence[str] = (),
) -> Starlette:
    """The ASGI app of a game server.

    Args:
        tables: The tables it holds (default: none yet, bots ``"heuristic"``).
        bot_delay: Seconds a bot waits before its move, so that people can
            follow the play.
        bot_seconds: The most seconds a bot may think about one move; past
            them it plays a random legal move instead.
        bot_workers: The worker processes where bots and hints think (0: a
            thread of this process).
        allowed_hosts: The host names (``Host`` header, without the port) the
            server answers to; ``None``: any. A server bound to this machine
            should answer to :data:`LOOPBACK_HOSTS` only, so that no other
            site can reach it through a name of its own (DNS rebinding).
        allowed_origins: Origins (``https://cards.example.org``) whose pages
            may open tables and sockets besides the server's own: the public
            address of a reverse proxy in front of the server.

    Raises:
        InvalidArgumentError: A number out of range.
    """
    for name, value in (("bot_delay", bot_delay), ("bot_seconds", bot_seconds)):
        check_real("create_app", name, value, 0, _WAIT)
    workers = _Workers(bot_workers)
    hub = _Hub(tables if tables is not None else Tables(), bot_delay, bot_seconds, workers)

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
        body = await _body(request)
        if body is None:
            return JSONResponse(
                {"error": f"the request is too long (at most {BODY_LIMIT:,} bytes)"},
                status_code=413,
            )
        hub.close_idle()
        client = request.client.host if request.client is not None else ""
        refusal = hub.tables.refusal(client)
        if refusal is not None:
            return JSONResponse({"error": refusal}, status_code=429)
        try:
            table = _open_request(hub.tables, read_json(body, "request", limit=BODY_LIMIT), client)
        except CounterRulesError as exc:
            return JSONResponse({"error": shorten(str(exc))}, status_code=400)
        return JSONResponse(
            {"table": table.table_id, "seats": [table.link(s) for s in range(table.players)]}
        )

    async def game(socket: WebSocket) -> None:
        hub.close_idle()
        await socket.accept()
        client = _Client(socket)
        try:
            table = hub.tables.get(socket.path_params["table"])
            client.seat = table.seat_of(socket.query_params.get("seat"))
        except CounterRulesError as exc:
            client.post(_error(str(exc)))
            client.close(4404)
            await client.finish()
            return
        hub.join(table, client)
        try:
            while not client.closing:
                message = await socket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                if text is None:
                    client.post(_error("expected text messages (JSON), got a binary one"))
                    client.close(1003)
                    break
                hub.answer(table, client, text)
        except Exception as exc:  # a bug of ours: one line, and this socket ends
            _log.error("a socket of table %s failed: %r", table.table_id, exc)
            client.close(1011)
        finally:
            hub.part(table, client)
            await client.finish()

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        hub.stop()

    app = Starlette(
        routes=[
            Route("/", lobby),
            Route("/t/{table}", table_page),
            Route("/api/tables", list_tables, methods=["GET"]),
            Route("/api/tables", open_table, methods=["POST"]),
            WebSocketRoute("/ws/{table}", game),
            Mount("/static", StaticFiles(directory=str(_STATIC)), name="static"),
        ],
        lifespan=lifespan,
    )
    app.add_middleware(_Doors, hosts=allowed_hosts, origins=allowed_origins)
    return app
