"""The fault suite: matches that lose a worker, a simulation killed while it
writes its records, output to a full disk, and plugins that fail. Every test
here ends within a deadline (a watchdog ends the whole run with a traceback
rather than let a test hang); ``pytest -m faults`` runs the suite alone (the
record fuzzer, tests/test_fuzz_records.py, belongs to it too)."""

from __future__ import annotations

import faulthandler
import multiprocessing
import os
import signal
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor

import pytest

from counter_rules import Counter, WorkerLostError
from counter_rules.bots import RandomBot
from counter_rules.match import MatchResult, play_match

pytestmark = pytest.mark.faults

RULES = Counter(target=3)
BOTS = [RandomBot()] * 4
GAMES = 12
DEADLINE = 120  # seconds: a test past it has hung


@pytest.fixture(autouse=True)
def watchdog() -> Iterator[None]:
    """Ends the test run with every thread's traceback if a test hangs."""
    faulthandler.dump_traceback_later(DEADLINE, exit=True)
    try:
        yield
    finally:
        faulthandler.cancel_dump_traceback_later()


@pytest.fixture(scope="module")
def serial() -> MatchResult:
    return play_match(RULES, BOTS, games=GAMES, seed=3, jobs=1, keep_records=True)


class _Killer:
    """A progress callback that kills one worker process (SIGKILL) once the
    first game is in, while the others are being played."""

    def __init__(self, pids: list[int] | None = None) -> None:
        self.pids = pids
        self.killed: list[int] = []

    def __call__(self, done: int, total: int) -> None:
        if self.killed or done == total:
            return
        pids = self.pids or [p.pid for p in multiprocessing.active_children() if p.pid]
        assert pids, "no worker process to kill"
        os.kill(pids[0], signal.SIGKILL)
        self.killed.append(pids[0])


def test_a_killed_worker_of_the_built_in_pool_costs_only_its_game(serial: MatchResult) -> None:
    """jobs=2 with one worker killed by SIGKILL: the game it was playing is
    played again on a new worker, and the match gives the undisturbed results."""
    killer = _Killer()
    result = play_match(
        RULES, BOTS, games=GAMES, seed=3, jobs=2, progress=killer, keep_records=True
    )
    assert killer.killed
    assert result == serial


def test_a_killed_worker_of_a_process_pool_executor_stops_with_every_finished_game(
    serial: MatchResult,
) -> None:
    """A ProcessPoolExecutor breaks when a worker dies: the match stops at once
    with the library's error, which names the games not played and keeps
    every finished one; finished= plays the rest, to the undisturbed results."""
    killer = _Killer()
    finished: list[int] = []
    with (
        ProcessPoolExecutor(2) as pool,
        pytest.raises(WorkerLostError, match=r"not played, \d+ finished games kept") as caught,
    ):
        play_match(
            RULES, BOTS, games=GAMES, seed=3, executor=pool, progress=killer,
            keep_records=True, on_outcome=lambda o: finished.append(o.index),
        )  # fmt: skip
    error = caught.value
    assert killer.killed and error.lost
    assert sorted(finished) == [o.index for o in error.outcomes]
    assert set(error.lost) | set(finished) == set(range(GAMES))
    assert "BrokenProcessPool" in str(error)
    for outcome in error.outcomes:
        assert outcome == serial.outcomes[outcome.index]
    rest = play_match(
        RULES, BOTS, games=GAMES, seed=3, jobs=1, finished=error.outcomes, keep_records=True
    )
    assert rest == serial


def test_a_killed_dask_worker_costs_only_its_games(serial: MatchResult) -> None:
    """A local Dask cluster of worker processes, one killed: its games are
    played again, and the match gives the undisturbed results."""
    distributed = pytest.importorskip(
        "dask.distributed", reason="dask[distributed] is not installed (optional extra)"
    )
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        pids = list(client.run(os.getpid).values())
        killer = _Killer(pids)
        result = play_match(
            RULES, BOTS, games=GAMES, seed=3, executor=client.get_executor(),
            progress=killer, keep_records=True,
        )  # fmt: skip
    assert killer.killed
    assert result == serial


class KillerBot(RandomBot):
    """A bot whose every move kills the process it runs in."""

    def choose(self, view: object, rng: object) -> object:  # type: ignore[override]
        os.kill(os.getpid(), signal.SIGKILL)
        raise AssertionError("unreachable")


def test_a_game_that_always_kills_its_worker_stops_the_match() -> None:
    """A game that loses its worker every time is tried three times, then the
    match stops with the library's error naming it: never a hang."""
    with pytest.raises(WorkerLostError, match="lost its worker process 3 times") as caught:
        play_match(RULES, [KillerBot()] * 4, games=3, seed=1, jobs=2)
    assert caught.value.lost == (0, 1, 2) and caught.value.outcomes == ()
    assert "killed by SIGKILL" in str(caught.value)


class FailingBot(RandomBot):
    """A bot that raises in the middle of the match."""

    def choose(self, view: object, rng: object) -> object:  # type: ignore[override]
        raise KeyError("a bot's own bug")


def test_an_error_in_a_worker_comes_back_as_itself_with_its_traceback() -> None:
    """A game's own error (a bot's bug) is not a lost worker: it is raised as
    itself, with the worker's traceback as its cause."""
    with pytest.raises(KeyError, match="a bot's own bug") as caught:
        play_match(RULES, [FailingBot()] * 4, games=4, seed=1, jobs=2)
    assert "test_faults.py" in str(caught.value.__cause__)
    assert "in choose" in str(caught.value.__cause__)
