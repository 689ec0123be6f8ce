"""The one progress reporter of long commands (``counter_rules.cli._progress``):
a bar on a terminal, a line at most every few seconds elsewhere, nothing when
quiet, and a note once the pace shows the work is long."""

from __future__ import annotations

import io

from counter_rules.cli._progress import Progress


class _Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_on_a_terminal_a_bar_is_redrawn_in_place_and_its_line_ended() -> None:
    err, clock = _Terminal(), _Clock()
    progress = Progress(err, "games", clock=clock)
    assert progress.mode == "bar"
    for done in range(3):
        clock.now = done
        progress(done, 2)
    text = err.getvalue()
    assert text.count("\r[") == 3 and text.endswith("\n")
    # The last line is padded to wipe out the longer one before it.
    assert text.rstrip().endswith("] 2/2 games, 2 s")
    assert "[###############...............] 1/2 games, 1 s, about 1 s left" in text


def test_elsewhere_a_line_at_the_first_unit_then_at_most_every_few_seconds() -> None:
    err, clock = io.StringIO(), _Clock()
    progress = Progress(err, "decisions", every=5, clock=clock)
    assert progress.mode == "lines"
    for done in range(11):
        clock.now = done
        progress(done, 10)
    assert [line.split(",")[0] for line in err.getvalue().splitlines()] == [
        "0/10 decisions", "5/10 decisions", "10/10 decisions",
    ]  # fmt: skip


def test_quiet_writes_nothing_not_even_a_note() -> None:
    err = io.StringIO()
    progress = Progress(err, "games", mode="off")
    progress.note("a long match")
    progress(0, 3)
    progress(3, 3)
    progress.end()
    assert err.getvalue() == ""


def test_a_pace_that_shows_long_work_is_said_once_with_the_advice() -> None:
    err, clock = io.StringIO(), _Clock()
    progress = Progress(err, "games", long_after=60, advice="--games N plays fewer", clock=clock)
    progress(0, 100)
    clock.now = 10
    progress(1, 100)
    clock.now = 20
    progress(2, 100)
    notes = [line for line in err.getvalue().splitlines() if line.startswith("at this pace")]
    assert notes == ["at this pace the 100 games take about 16 min 40 s; --games N plays fewer"]


def test_the_estimate_never_passes_the_budget_nor_counts_resumed_units() -> None:
    err, clock = io.StringIO(), _Clock()
    progress = Progress(err, "decisions", budget=40, every=0, clock=clock)
    progress(0, 200)
    clock.now = 10
    progress(10, 200)
    assert err.getvalue().splitlines()[-1] == "10/200 decisions, 10 s, about 30 s left"
    err, clock = io.StringIO(), _Clock()
    resumed = Progress(err, "games", every=0, clock=clock)
    resumed(90, 100)  # 90 games finished before: they say nothing of the pace
    clock.now = 5
    resumed(91, 100)
    assert err.getvalue().splitlines()[-1] == "91/100 games, 5 s, about 45 s left"
