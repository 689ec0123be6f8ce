"""The table in a real browser: Playwright for Python drives the system's
Chromium (``/usr/bin/chromium``; browsers are not downloaded) through a whole
hand played by clicking the page, against bots, on a server run by uvicorn.

Set ``COUNTER_RULES_SCREENSHOT=FILE`` to save a picture of the table (the
docs' picture is made so)."""

from __future__ import annotations

import contextlib
import os
import random
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = os.environ.get("COUNTER_RULES_CHROMIUM", "/usr/bin/chromium")

# .ci/run sets COUNTER_RULES_WEB_TESTS=1 where every extra and the browser are
# installed: there a missing one fails the run instead of skipping.
if os.environ.get("COUNTER_RULES_WEB_TESTS") != "1":
    pytest.importorskip("playwright", reason="the browser extra is not installed")
    pytest.importorskip("uvicorn", reason="the web extra is not installed")
    if shutil.which(CHROMIUM) is None:
        pytest.skip("no Chromium at " + CHROMIUM, allow_module_level=True)

import uvicorn  # noqa: E402
from playwright.sync_api import Page, expect, sync_playwright  # noqa: E402

from counter_rules import (  # noqa: E402
    Counter,
    OhHell,
    Ruleset,
    apply_move,
    legal_moves,
    new_game,
    state_to_json,
)
from counter_rules.web.app import create_app  # noqa: E402
from counter_rules.web.tables import Table, Tables  # noqa: E402

# The flags that keep Chromium off the network it cannot reach here.
_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextlib.contextmanager
def _serving(tables: Tables) -> Iterator[str]:
    """A server of ``tables`` on a free port, in a thread; its address."""
    port = _free_port()
    app = create_app(tables, bot_delay=0.05, bot_workers=0)
    server = uvicorn.Server(uvicorn.Config(app, port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)


@pytest.fixture
def served() -> Iterator[tuple[str, Table]]:
    tables = Tables()
    table = tables.open(OhHell(players=3, schedule=(4,)), seed=11)
    with _serving(tables) as base:
        yield base, table


def _reached(rules: Ruleset, seed: int, moves: int) -> tuple[str, Table, Iterator[str]]:
    """A table resumed at the state ``moves`` random legal moves into the
    game of ``seed`` (the moves drawn from ``random.Random(seed)``)."""
    state, rng = new_game(rules, seed=seed), random.Random(seed)
    for _ in range(moves):
        state = apply_move(state, rng.choice(legal_moves(state)))
    tables = Tables()
    table = tables.resume(state_to_json(state))
    serving = _serving(tables)
    return serving.__enter__(), table, serving  # type: ignore[return-value]


@pytest.fixture
def page() -> Iterator[Page]:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=_FLAGS)
        try:
            yield browser.new_page(viewport={"width": 1200, "height": 760})
        finally:
            browser.close()


def test_a_whole_hand_is_played_by_clicking_the_page(served: tuple[str, Table], page: Page) -> None:
    """Seat 0 bids and plays every card by clicking the offered moves; the
    bots play the other seats; the page shows the score sheet at the end."""
    base, table = served
    page.goto(base + table.link(0))
    expect(page.locator("#title")).to_contain_text("Oh Hell")
    clicks = 0
    while not table.state.is_over:
        button = page.locator(".move").first
        try:
            button.wait_for(timeout=10_000)
            button.click(timeout=2_000)
        except Exception:  # the page changed under the click: try again
            if table.state.is_over:
                break
            continue
        clicks += 1
        assert clicks < 40, "the hand did not end"
    expect(page.locator("#status")).to_contain_text("Game over")
    expect(page.locator("#sheet tr")).to_have_count(2)  # the header and the hand
    assert clicks >= 5  # a bid and four cards
    picture = os.environ.get("COUNTER_RULES_SCREENSHOT")
    if picture:
        page.screenshot(path=Path(picture))


def test_a_refused_answer_shows_the_engines_reason(served: tuple[str, Table], page: Page) -> None:
    """A typed answer the seat may not make shows the engine's reason."""
    base, table = served
    page.goto(base + table.link(0))
    page.locator(".move").first.wait_for(timeout=10_000)
    page.fill("#answer", "bid 9")
    page.click("#typed button")
    expect(page.locator("#error")).to_contain_text("a bid must be from 0 to 4, got 9")


@pytest.fixture
def reach() -> Iterator[Any]:
    """``reach(rules, seed, moves)``: the address of a table resumed
    ``moves`` random moves into a game (see :func:`_reached`), and the table."""
    opened: list[Any] = []

    def open_table(rules: Ruleset, seed: int, moves: int) -> tuple[str, Table]:
        base, table, serving = _reached(rules, seed, moves)
        opened.append(serving)
        return base, table

    yield open_table
    for serving in opened:
        serving.__exit__(None, None, None)


def test_the_turn_line_of_counters_pass_says_to_pass_and_to_whom(page: Page, reach: Any) -> None:
    """In the pass after a Five the turn line says the seat passes, and to
    whom (the seat on its left), not that it plays."""
    base, table = reach(Counter(), 0, 12)
    page.goto(base + table.link(0))
    expect(page.locator("#turn")).to_have_text("You to pass a card to Seat 1 (bot)")
    expect(page.locator(".card.playable").first).to_be_visible()


def test_the_trump_line_names_a_jack_on_the_stock_and_a_trick_stays_a_moment(
    page: Page, reach: Any
) -> None:
    """Once a Jack went to the stock the trump line says so, not that the
    Jack was turned; the trick just finished stays on the table a moment,
    with its winner, then clears."""
    base, table = reach(Counter(), 0, 16)
    jack = table.state.trump_card
    assert jack is not None
    page.goto(base + table.link(0))
    expect(page.locator("#trump")).to_contain_text(f"{jack} on the stock")
    expect(page.locator("#trump")).not_to_contain_text("turned")
    expect(page.locator("#trick.done .taken")).to_contain_text("took the trick")
    expect(page.locator("#trick .played")).to_have_count(0, timeout=5_000)


def test_a_single_legal_card_is_played_for_the_seat(page: Page, reach: Any) -> None:
    """With one card left the page says it is the only legal move and plays
    it, as ``counter-rules play`` does; a seat with one card reads "1 card"."""
    base, table = reach(OhHell(players=3, schedule=(4,)), 4, 12)
    before = len(table.state.hands[0])
    assert before == 1
    page.goto(base + table.link(0))
    expect(page.locator("#seats")).to_contain_text("1 card ·")
    expect(page.locator("#seats")).not_to_contain_text("1 cards")
    expect(page.locator("#only")).to_contain_text("Your only legal move")
    deadline = time.monotonic() + 10
    while len(table.state.hands[0]) == before and not table.state.is_over:
        assert time.monotonic() < deadline, "the only card was not played"
        time.sleep(0.05)
    expect(page.locator("#legend")).to_contain_text("bid/tricks won → score")


def test_the_hint_has_a_button_and_the_key_of_play(page: Page, reach: Any) -> None:
    """The hint comes from a button (touch screens have no keys) and from
    the key ``a`` of ``counter-rules play``; ``h`` works too."""
    base, table = reach(OhHell(players=3, schedule=(4,)), 4, 8)
    assert 0 in table.state.to_act and table.state.phase.value == "playing"
    page.goto(base + table.link(0))
    page.locator(".card.playable").first.wait_for(timeout=10_000)
    page.click("#hint-button")
    expect(page.locator("#hint")).to_contain_text("world", timeout=15_000)
    for key in ("a", "h"):
        page.evaluate("document.getElementById('hint').textContent = ''")
        page.keyboard.press(key)
        expect(page.locator("#hint")).to_contain_text("world", timeout=15_000)
