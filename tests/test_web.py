"""The table in the browser, through its HTTP and WebSocket interface
(Starlette's test client): seats and their links, views that show a seat
only what it may know, moves and refused moves, bots for empty and abandoned
seats, reconnecting, spectators, garbage on the socket, several tables at
once, saving and resuming, and the hint key."""

from __future__ import annotations

import asyncio
import json
import os
import random
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from strategies import random_playout, rulesets, seeds

# .ci/run sets COUNTER_RULES_WEB_TESTS=1 where every extra and the browser are
# installed: there a missing one fails the run instead of skipping.
if os.environ.get("COUNTER_RULES_WEB_TESTS") != "1":
    pytest.importorskip("starlette", reason="the web extra is not installed")
    pytest.importorskip("httpx2", reason="the browser extra is not installed")

from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from counter_rules import (
    Bid,
    Counter,
    InvalidArgumentError,
    OhHell,
    Phase,
    sample_world,
    state_from_json,
    view,
)
from counter_rules.cli import main
from counter_rules.rulesets.base import Ruleset
from counter_rules.web import app as web_app
from counter_rules.web.app import SEND_QUEUE, create_app
from counter_rules.web.tables import MESSAGE_LIMIT, Table, Tables, public_view

SHORT = OhHell(players=3, schedule=(3,), trump="rotation", rotation=(None,))
_CLIENTS: list[TestClient] = []


@pytest.fixture(autouse=True)
def _stop_the_servers() -> Iterator[None]:
    """Every test client runs one event loop for all its sockets (entered
    here, as ``with TestClient(...)`` does) and is stopped after the test."""
    yield
    while _CLIENTS:
        _CLIENTS.pop().__exit__(None, None, None)


def _client(tables: Tables, **options: Any) -> TestClient:
    client = TestClient(create_app(tables, bot_delay=0, bot_workers=0, **options))
    client.__enter__()
    _CLIENTS.append(client)
    return client


def _server(rules: Ruleset = SHORT, seed: int = 5, **options: Any) -> tuple[TestClient, Table]:
    tables = Tables(**options)
    table = tables.open(rules, seed)
    return _client(tables), table


def _until(socket: Any, test: Any, limit: int = 500) -> dict[str, Any]:
    """Messages until one passes ``test``."""
    for _ in range(limit):
        message: dict[str, Any] = socket.receive_json()
        if test(message):
            return message
    raise AssertionError("no such message came")


def _my_turn(seat: int) -> Any:
    return lambda m: m["type"] == "state" and (m["over"] or seat in m["view"]["to_act"])


def _ws(client: TestClient, table: Table, seat: int | None) -> Any:
    token = "" if seat is None else f"?seat={table.tokens[seat]}"
    return client.websocket_connect(f"/ws/{table.table_id}{token}")


def test_the_lobby_and_the_table_page_are_served() -> None:
    """``/`` is the lobby, ``/t/<table>`` the table page and its script and
    style; an unknown table is a 404."""
    client, table = _server()
    assert "Open a table" in client.get("/").text
    assert client.get(f"/t/{table.table_id}").status_code == 200
    assert "WebSocket" in client.get("/static/table.js").text
    assert client.get("/static/table.css").status_code == 200
    assert client.get("/t/nosuchtable").status_code == 404


def test_a_table_opens_through_the_api_with_a_link_for_every_seat() -> None:
    """POST /api/tables opens a table of any registered ruleset and options;
    a bad ruleset or option is a 400 with the library's message."""
    client, _ = _server()
    answer = client.post(
        "/api/tables", json={"rules": "oh-hell", "players": 5, "options": {"hook": "true"}}
    ).json()
    assert len(answer["seats"]) == 5
    assert all(link.startswith(f"/t/{answer['table']}?seat=") for link in answer["seats"])
    assert answer["table"] in {t["table"] for t in client.get("/api/tables").json()}
    bad = client.post("/api/tables", json={"rules": "poker"})
    assert bad.status_code == 400 and "ruleset must be one of" in bad.json()["error"]
    bad = client.post("/api/tables", json={"rules": "counter", "players": 9})
    assert bad.status_code == 400 and "players" in bad.json()["error"]
    assert client.post("/api/tables", content=b"not json").status_code == 400


def test_a_seat_sees_its_own_hand_and_no_other() -> None:
    """Each browser receives its seat's view: its cards, and no other hand."""
    client, table = _server()
    with _ws(client, table, 1) as socket:
        message = _until(socket, lambda m: m["type"] == "state")
    assert message["seat"] == 1
    held = {c.letters for c in table.state.hands[1]}
    assert set(message["view"]["hand"]) == held
    assert message["view"]["others"] == [None, None, None]
    text = json.dumps(message)
    for seat in (0, 2):
        for card in table.state.hands[seat]:
            assert f'"{card.letters}"' not in text


def test_a_person_plays_a_whole_hand_against_bots() -> None:
    """Seat 0 clicks a legal move whenever it is its turn; bots play the
    other seats; the hand ends and the score sheet has it."""
    client, table = _server()
    with _ws(client, table, 0) as socket:
        message = _until(socket, _my_turn(0))
        while not message["over"]:
            socket.send_json({"type": "move", "text": message["moves"][0]["text"]})
            message = _until(socket, _my_turn(0))
    assert table.state.is_over
    assert len(message["view"]["history"]) == 1
    assert message["last_trick"]  # the last trick, explained


def test_an_illegal_move_gets_the_engines_reason() -> None:
    """A move the seat may not make is refused with the engine's reason, and
    the game is unchanged."""
    client, table = _server(Counter(), seed=3)
    with _ws(client, table, 0) as socket:
        _until(socket, _my_turn(0))
        before = table.state
        socket.send_json({"type": "move", "text": "bid 11"})
        error = _until(socket, lambda m: m["type"] == "error")
        assert "a bid must be from 0 to 10, got 11" in error["message"]
        socket.send_json({"type": "move", "text": "QX"})
        error = _until(socket, lambda m: m["type"] == "error")
        assert "QX" in error["message"]
        assert table.state is before


def test_garbage_on_the_socket_is_answered_and_the_game_goes_on() -> None:
    """Text that is not JSON, JSON of the wrong shape and moves of the wrong
    type get an error each; a message over the size limit closes the socket;
    the seat can connect again and play."""
    client, table = _server()
    with _ws(client, table, 0) as socket:
        _until(socket, _my_turn(0))
        for garbage in ("not json", "[1, 2]", '{"type": "move", "text": 7}', '{"type": 3}'):
            socket.send_text(garbage)
            assert _until(socket, lambda m: m["type"] == "error")["message"]
        socket.send_text("x" * (MESSAGE_LIMIT + 1))
        assert "too long" in _until(socket, lambda m: m["type"] == "error")["message"]
        with pytest.raises(WebSocketDisconnect):
            _until(socket, lambda m: False)
    with _ws(client, table, 0) as socket:
        message = _until(socket, _my_turn(0))
        socket.send_json({"type": "move", "text": message["moves"][0]["text"]})
        _until(socket, lambda m: m["type"] == "state" and m["view"] != message["view"])


def test_a_wrong_token_or_table_is_refused_on_the_socket() -> None:
    """A socket to an unknown table, or with a token that is no seat's, gets
    an error and is closed."""
    client, table = _server()
    with client.websocket_connect(f"/ws/{table.table_id}?seat=forged") as socket:
        assert "no seat" in socket.receive_json()["message"]
    with client.websocket_connect("/ws/nosuchtable") as socket:
        assert "no table" in socket.receive_json()["message"]


def test_a_client_that_vanishes_mid_trick_is_played_by_a_bot_and_resumes() -> None:
    """A person who leaves while a trick is under way is replaced by a bot
    after ``takeover_after`` seconds, so the game goes on; opening the seat's
    link again gives the seat back."""
    client, table = _server(takeover_after=0.05)
    with _ws(client, table, 0) as socket:
        message = _until(socket, _my_turn(0))
        while message["view"]["phase"] != "playing" or not message["view"]["trick"]:
            socket.send_json({"type": "move", "text": message["moves"][0]["text"]})
            message = _until(socket, _my_turn(0))
    # Gone while seat 0 is to play to a trick under way.
    assert 0 in table.state.to_act and table.state.trick
    with _ws(client, table, None) as watcher:
        _until(watcher, lambda m: m["type"] == "state" and m["over"])
    assert table.state.is_over  # the bot played seat 0's cards
    with _ws(client, table, 0) as socket:
        message = _until(socket, lambda m: m["type"] == "state")
        assert message["seats"][0] == {"person": True, "here": True, "bot": False}


def test_a_reconnect_resumes_the_seat_where_it_was() -> None:
    """A reload (a new socket with the same token) shows the same seat, hand
    and moves."""
    client, table = _server()
    with _ws(client, table, 2) as socket:
        first = _until(socket, _my_turn(2))
    with _ws(client, table, 2) as socket:
        again = _until(socket, lambda m: m["type"] == "state")
    assert again["seat"] == 2
    assert again["view"] == first["view"] and again["moves"] == first["moves"]


def test_a_spectator_sees_what_everyone_sees_and_has_no_moves() -> None:
    """A socket without a seat token is a spectator: no hand, no moves, and a
    move it sends is refused."""
    client, table = _server()
    with _ws(client, table, None) as socket:
        message = _until(socket, lambda m: m["type"] == "state")
        assert message["seat"] is None and message["moves"] == []
        assert message["view"]["hand"] is None
        socket.send_json({"type": "move", "text": "bid 0"})
        assert "spectator" in _until(socket, lambda m: m["type"] == "error")["message"]


@settings(max_examples=25, deadline=None)
@given(rules=rulesets(), seed=seeds, choice_seed=seeds)
def test_the_public_view_does_not_depend_on_any_hidden_card(
    rules: Ruleset, seed: int, choice_seed: int
) -> None:
    """Worlds that seat 0 or seat 1 cannot tell from the real one give the
    same spectator's view: it holds nothing any seat keeps hidden."""
    rng = random.Random(seed)
    for step, (state, _) in enumerate(random_playout(rules, seed, choice_seed)):
        if step % 9:
            continue
        shown = public_view(state)
        for seat in (0, 1):
            world = sample_world(view(state, seat), rng)
            assert public_view(world) == shown
        if step > 80:
            break


def test_tables_are_independent() -> None:
    """Moves at one table leave another as it was."""
    tables = Tables()
    one, two = tables.open(SHORT, 1), tables.open(SHORT, 2)
    client = _client(tables)
    untouched = two.state
    with _ws(client, one, 0) as socket:
        message = _until(socket, _my_turn(0))
        socket.send_json({"type": "move", "text": message["moves"][0]["text"]})
        _until(socket, lambda m: m["type"] == "state" and m["view"] != message["view"])
    assert two.state is not one.state
    assert two.state.bids == untouched.bids or two.state.phase is not Phase.BIDDING


def test_the_game_is_saved_after_every_move_and_resumes(tmp_path: Path) -> None:
    """With a save directory, the table's record is written after every move
    (all at once); a record opens a table that goes on from there, through
    the API too."""
    client, table = _server(save_dir=tmp_path)
    with _ws(client, table, 0) as socket:
        message = _until(socket, _my_turn(0))
        socket.send_json({"type": "move", "text": message["moves"][0]["text"]})
        # The bots have moved until seat 0's turn again: the table rests.
        _until(socket, lambda m: _my_turn(0)(m) and m["view"] != message["view"])
    saved = (tmp_path / f"{table.table_id}.json").read_text(encoding="utf-8")
    assert state_from_json(saved) == table.state
    assert [p.name for p in tmp_path.iterdir()] == [f"{table.table_id}.json"]
    answer = client.post("/api/tables", json={"record": json.loads(saved)}).json()
    resumed = Tables().resume(saved)
    assert resumed.state == table.state
    assert len(answer["seats"]) == 3


def test_the_hint_key_answers_the_seat_and_not_a_spectator(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``{"type": "hint"}`` gets the hint of the seat's own view (never the
    true hidden hands); a spectator gets none."""
    seen: list[Any] = []

    def fake_hint(player_view: Any) -> dict[str, Any]:
        seen.append(player_view)
        return {"type": "hint", "text": "play low", "moves": [], "worlds": 3}

    monkeypatch.setattr(web_app.hints, "hint_for", fake_hint)
    client, table = _server()
    with _ws(client, table, 1) as socket:
        _until(socket, _my_turn(1))
        socket.send_json({"type": "hint"})
        assert _until(socket, lambda m: m["type"] == "hint")["text"] == "play low"
    assert seen == [view(table.state, 1)]
    with _ws(client, table, None) as socket:
        socket.send_json({"type": "hint"})
        assert "spectator" in _until(socket, lambda m: m["type"] == "error")["message"]


def _no_serving(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Let ``serve`` do all but serve: what it would serve is kept."""
    import uvicorn

    started: list[Any] = []

    def run(server: Any, sockets: Any = None) -> None:
        started.append((server.config, [s.getsockname() for s in sockets]))

    # A real Config would point uvicorn's logging at this test's captured
    # standard error, closed once the test ends.
    monkeypatch.setattr(uvicorn, "Config", lambda app, **options: (app, options))
    monkeypatch.setattr(uvicorn.Server, "run", run)
    return started


def test_serve_prints_the_links_and_refuses_bad_arguments(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``counter-rules serve`` opens a table with the ruleset given and prints
    its links before it serves; a bad bot or port is a usage error."""
    started = _no_serving(monkeypatch)
    port = _free_port()
    assert main(["serve", "--rules", "oh-hell", "--players", "3", "--port", str(port)]) == 0
    out = capsys.readouterr().out
    assert f"http://127.0.0.1:{port}/t/" in out and out.count("invite seat") == 2
    assert started and started[0][1][0][1] == port
    assert main(["serve", "--bot", "nobody"]) == 2
    assert "--bot" in capsys.readouterr().err
    assert main(["serve", "--port", "70000"]) == 2


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@pytest.mark.parametrize(
    ("argv", "problem"),
    [
        (["--takeover", "nan"], "--takeover must be a number of seconds from 0"),
        (["--bot-delay", "nan"], "--bot-delay must be a number of seconds from 0"),
        (["--bot-delay", "inf"], "--bot-delay must be a number of seconds from 0"),
        (["--bot-seconds", "-1"], "--bot-seconds must be a number of seconds from 0"),
        (["--allow-origin", "cards.example.org"], "--allow-origin must be an address"),
    ],
)
def test_serve_refuses_seconds_that_never_end(
    argv: list[str], problem: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--takeover nan`` would never let a bot take a seat, ``--bot-delay
    inf`` never let one play: both are usage errors, as is an origin that is
    no address."""
    assert main(["serve", *argv]) == 2
    assert problem in capsys.readouterr().err


def test_serve_refuses_a_save_dir_that_is_a_file_and_a_busy_port(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A ``--save-dir`` that names a file is a usage error (no traceback);
    on a busy port ``serve`` prints no link, only why it cannot serve."""
    started = _no_serving(monkeypatch)
    afile = tmp_path / "games"
    afile.write_text("", encoding="utf-8")
    assert main(["serve", "--save-dir", str(afile)]) == 2
    assert "--save-dir" in capsys.readouterr().err
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        assert main(["serve", "--port", str(busy.getsockname()[1])]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and "cannot serve at 127.0.0.1 port" in captured.err
    assert not started


def test_serve_writes_an_ipv6_address_in_brackets(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--host ::1`` prints links a browser opens: ``http://[::1]:P/``."""
    _no_serving(monkeypatch)
    if not socket.has_ipv6:
        pytest.skip("no IPv6 on this machine")
    port = _free_port()
    code = main(["serve", "--host", "::1", "--port", str(port)])
    out = capsys.readouterr().out
    assert code in (0, 1)  # 1: the machine has no ::1 to bind
    if code == 0:
        assert out.startswith(f"counter-rules serve: http://[::1]:{port}/\n")


def test_serve_resume_refuses_deep_nesting_and_input_without_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``serve --resume`` of a record with an option nested 500 deep, or of a
    file without end, is a usage error, not a RecursionError or MemoryError."""
    started = _no_serving(monkeypatch)
    data = json.loads(_saved_record())
    nested: Any = 1
    for _ in range(500):
        nested = [nested]
    data["rules"]["options"]["schedule"] = nested
    path = tmp_path / "deep.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["serve", "--resume", str(path)]) == 2
    assert "nested deeper" in capsys.readouterr().err
    assert main(["serve", "--resume", "/dev/zero"]) == 2
    assert "too long" in capsys.readouterr().err
    assert not started


def _saved_record() -> str:
    from counter_rules import state_to_json

    return state_to_json(Tables().open(SHORT, 1).state)


def test_the_hint_message_is_the_analysis_hint_of_the_seat_s_view() -> None:
    """``hint_for`` on a view in play: one entry per legal move, in the order
    of the legal moves, averaged over worlds drawn from that view alone (the
    same view gives the same hint); in bidding, an error saying why not."""
    from counter_rules import apply_move, legal_moves, new_game
    from counter_rules.web.hints import hint_for

    state = new_game(SHORT, seed=5)
    seat = min(state.to_act)
    refused = hint_for(view(state, seat))
    assert refused["type"] == "error" and "no hint now" in refused["message"]
    while state.phase is Phase.BIDDING:
        state = apply_move(state, legal_moves(state)[0])
    seat = min(state.to_act)
    message = hint_for(view(state, seat), worlds=3)
    assert message["type"] == "hint" and message["worlds"] == 3
    labels = [m["label"] for m in message["moves"]]
    assert labels == [str(move).partition(":")[2] for move in legal_moves(state)]
    assert all(0 <= m["value"] <= len(state.hands[seat]) for m in message["moves"])
    assert hint_for(view(state, seat), worlds=3) == message
    json.dumps(message)  # it goes over the socket as it is


def test_tables_are_bounded_and_idle_ones_close() -> None:
    """At most ``max_tables`` tables, at most ``per_minute`` opened by one
    address a minute, and a table no browser has watched for ``idle_after``
    seconds is closed."""
    now = [0.0]
    tables = Tables(max_tables=3, per_minute=2, idle_after=60)
    tables.clock = lambda: now[0]
    first = tables.open(SHORT, 1, client="a")
    tables.open(SHORT, 2, client="a")
    assert tables.refusal("a") == "at most 2 tables a minute may be opened from one address"
    assert tables.refusal("b") is None
    tables.open(SHORT, 3, client="b")
    assert tables.refusal("b") == "the server holds 3 tables, its most: try again later"
    first.arrive(None)  # watched: it stays
    now[0] = 61.0
    assert len(tables.close_idle()) == 2 and list(tables.by_id) == [first.table_id]
    assert tables.refusal("a") is None  # a minute later
    first.leave(None)
    now[0] = 100.0
    assert tables.close_idle() == []
    now[0] = 121.0
    assert tables.close_idle() == [first.table_id]


@pytest.mark.parametrize(
    ("field", "value"), [("takeover_after", float("nan")), ("idle_after", float("inf"))]
)
def test_tables_refuse_seconds_that_never_end(field: str, value: float) -> None:
    """A wait of ``nan`` or ``inf`` seconds is refused at the door."""
    with pytest.raises(InvalidArgumentError, match=f"Tables.{field} must be a number from 0 to"):
        Tables(**{field: value})


def test_the_api_refuses_what_records_and_the_wire_refuse() -> None:
    """A seed of 1.5, "12", true, 1e400 or Infinity, a key twice, deep
    nesting and unknown fields are 400s; a body past the limit is a 413,
    counted while it streams in."""
    client, _ = _server()
    for body in (
        '{"seed": 1.5}',
        '{"seed": "12"}',
        '{"seed": true}',
        '{"seed": 1e400}',
        '{"seed": Infinity}',
        '{"rules": "counter", "rules": "oh-hell"}',
        "[" * 1500 + "]" * 1500,
        '{"rulez": "counter"}',
        '{"players": "4"}',
        '{"options": {"hook": {"deep": 1}}}',
    ):
        answer = client.post("/api/tables", content=body)
        assert answer.status_code == 400 and answer.json()["error"], body
    good = {"seed": 7, "options": {"hook": True}}
    assert client.post("/api/tables", json=good).status_code == 200

    def stream() -> Iterator[bytes]:
        for _ in range(40):
            yield b" " * 65536

    answer = client.post("/api/tables", content=stream())
    assert answer.status_code == 413 and "at most 1,000,000 bytes" in answer.json()["error"]


def test_the_socket_answers_binary_frames_odd_tokens_and_deep_nesting() -> None:
    """A binary frame closes the socket with 1003 after an error; a token
    that is not ASCII is no seat's (4404); a message nested 1,500 deep gets
    an error and the socket stays open."""
    client, table = _server()
    with _ws(client, table, 0) as socket:
        _until(socket, _my_turn(0))
        socket.send_text("[" * 1500 + "]" * 1500)
        assert "nested deeper" in _until(socket, lambda m: m["type"] == "error")["message"]
        socket.send_bytes(b"\x00binary")
        assert "binary" in _until(socket, lambda m: m["type"] == "error")["message"]
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == 1003
    with client.websocket_connect(f"/ws/{table.table_id}?seat=%C3%A9") as socket:
        assert "no seat" in socket.receive_json()["message"]
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == 4404


def test_other_sites_and_other_hosts_are_refused() -> None:
    """With allowed hosts, another Host is a 403; a POST or a socket from a
    page of another origin is refused, the server's own and an allowed
    origin are not."""
    tables = Tables()
    table = tables.open(SHORT, 1)
    client = _client(
        tables, allowed_hosts=["testserver"], allowed_origins=["https://cards.example.org"]
    )
    assert client.get("/", headers={"Host": "evil.example"}).status_code == 403
    evil = {"Origin": "https://evil.example"}
    assert client.post("/api/tables", json={}, headers=evil).status_code == 403
    with (
        pytest.raises(WebSocketDisconnect) as refused,
        client.websocket_connect(f"/ws/{table.table_id}", headers=evil),
    ):
        pass
    assert refused.value.code == 4403
    for origin in ("http://testserver", "https://cards.example.org"):
        answer = client.post("/api/tables", json={}, headers={"Origin": origin})
        assert answer.status_code == 200, origin


def test_bots_play_only_while_a_browser_is_at_the_table() -> None:
    """A table nobody watches costs nothing: its bots wait until a browser
    comes."""
    client, table = _server()
    start = table.state
    assert client.get(f"/t/{table.table_id}").status_code == 200
    assert table.state is start
    with _ws(client, table, None) as watcher:
        _until(watcher, lambda m: m["type"] == "state" and m["over"])
    assert table.state.is_over


def test_a_browser_that_does_not_read_is_closed_not_waited_for() -> None:
    """Sending never waits on a browser: what it is sent waits in its queue,
    and once :data:`SEND_QUEUE` messages wait, the browser is closed and
    nothing more is queued for it."""

    class Stuck:
        closed: int | None = None

        async def send_text(self, text: str) -> None:
            await asyncio.Event().wait()  # the browser never reads

        async def close(self, code: int) -> None:
            self.closed = code

    async def flood() -> tuple[Any, Stuck]:
        stuck = Stuck()
        browser = web_app._Client(stuck)  # type: ignore[arg-type]
        for i in range(SEND_QUEUE + 2):
            browser.post(f"message {i}")  # returns at once, every time
        await browser.finish()
        return browser, stuck

    browser, stuck = asyncio.run(flood())
    assert browser.closing and stuck.closed == 1008


class _SlowBot:
    """A bot that thinks far past its time, then answers an illegal move."""

    def choose(self, player_view: Any, rng: random.Random) -> Any:
        time.sleep(0.5)
        return Bid(player_view.seat, 99)


def test_a_bot_past_its_time_budget_or_the_rules_plays_a_random_move() -> None:
    """A bot that overruns ``bot_seconds`` (or answers an illegal move)
    plays a random legal move instead: the game goes on at the pace of the
    budget, not of the bot."""
    tables = Tables()
    table = tables.open(SHORT, 5)
    table.bots = (_SlowBot(),) * 3  # type: ignore[assignment]
    client = _client(tables, bot_seconds=0.05)
    start = time.monotonic()
    with _ws(client, table, None) as watcher:
        _until(watcher, lambda m: m["type"] == "state" and m["over"])
    assert table.state.is_over
    assert time.monotonic() - start < 12 * 0.5  # 12 moves, each far under the bot's time
