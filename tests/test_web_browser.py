"""The table in a real browser: Playwright for Python drives the system's
Chromium (``/usr/bin/chromium``; browsers are not downloaded) through a whole
hand played by clicking the page, against bots, on a server run by uvicorn.

Set ``COUNTER_RULES_SCREENSHOT=FILE`` to save a picture of the table (the
docs' picture is made so)."""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

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

from counter_rules import OhHell  # noqa: E402
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


@pytest.fixture
def served() -> Iterator[tuple[str, Table]]:
    tables = Tables()
    table = tables.open(OhHell(players=3, schedule=(4,)), seed=11)
    port = _free_port()
    server = uvicorn.Server(
        uvicorn.Config(create_app(tables, bot_delay=0.05), port=port, log_level="warning")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}", table
    finally:
        server.should_exit = True
        thread.join(10)


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
