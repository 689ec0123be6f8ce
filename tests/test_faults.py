"""The fault suite: matches that lose a worker, a simulation killed while it
writes its records, output to a full disk, and plugins that fail. Every test
here ends within a deadline (a watchdog ends the whole run with a traceback
rather than let a test hang); ``pytest -m faults`` runs the suite alone (the
record fuzzer, tests/test_fuzz_records.py, belongs to it too)."""

from __future__ import annotations

import faulthandler
import io
import multiprocessing
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

from counter_rules import Counter, GameRecord, WorkerLostError
from counter_rules.bots import RandomBot
from counter_rules.cli import main
from counter_rules.match import MatchResult, play_match

pytestmark = pytest.mark.faults

RULES = Counter(target=3)
BOTS = [RandomBot()] * 4
GAMES = 12
DEADLINE = 120  # seconds: a test past it has hung
WAIT = 60  # seconds: a command past it has hung (the test fails, and stops it)


_SPAWNED: list[subprocess.Popen[bytes]] = []


@pytest.fixture(autouse=True)
def watchdog() -> Iterator[None]:
    """Ends the test run with every thread's traceback if a test hangs, and
    stops the commands a test started that still run."""
    faulthandler.dump_traceback_later(DEADLINE, exit=True)
    try:
        yield
    finally:
        faulthandler.cancel_dump_traceback_later()
        while _SPAWNED:
            process = _SPAWNED.pop()
            if process.poll() is None:
                process.kill()
                process.communicate()


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


# -- the command line: a killed run, a full disk, a plugin that fails ------------------
def _simulate(args: list[str], **kwargs: object) -> subprocess.Popen[bytes]:
    process = subprocess.Popen(
        [sys.executable, "-m", "counter_rules", "simulate", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        **kwargs,  # type: ignore[call-overload]
    )
    _SPAWNED.append(process)
    return process


SIMULATE = ["--games", "30", "--bots", "random", "--option", "target=2", "--seed", "4"]


def _wait_for_games(process: subprocess.Popen[bytes], games: int) -> None:
    """Read the progress bar until ``games`` games are done."""
    assert process.stderr is not None
    text = b""
    while f"] {games}/".encode() not in text:
        byte = process.stderr.read(1)
        assert byte, f"the run ended early: {text!r}"
        text += byte


@pytest.mark.slow
def test_a_killed_simulation_keeps_every_finished_game_and_resumes_to_the_same_results(
    tmp_path: Path,
) -> None:
    """simulate --records, killed (SIGKILL) after some games: the file given
    keeps its old contents (it is replaced only by a complete one), FILE.partial
    holds every finished game as a valid line, and --resume FILE.partial plays
    the rest, to the summary and the records of an undisturbed run."""
    records = tmp_path / "games.jsonl"
    records.write_text("the old contents\n", encoding="utf-8")
    process = _simulate([*SIMULATE, "--records", str(records), "--progress"])
    _wait_for_games(process, 5)
    process.kill()
    process.communicate(timeout=WAIT)
    assert records.read_text(encoding="utf-8") == "the old contents\n"
    partial = tmp_path / "games.jsonl.partial"
    lines = partial.read_bytes().splitlines(keepends=True)
    finished = [line for line in lines if line.endswith(b"\n")]
    assert 5 <= len(finished) < 30
    for line in finished:
        assert GameRecord.from_json(line).final_state().is_over
    resumed = _simulate([*SIMULATE, "--records", str(records), "--resume", str(partial)])
    out, err = resumed.communicate(timeout=WAIT)
    assert resumed.returncode == 0, err
    assert not partial.exists()
    undisturbed = tmp_path / "undisturbed.jsonl"
    whole = _simulate([*SIMULATE, "--records", str(undisturbed)])
    whole_out, _ = whole.communicate(timeout=WAIT)
    assert out == whole_out
    assert records.read_bytes() == undisturbed.read_bytes()


def test_an_interrupted_run_says_what_it_kept(tmp_path: Path) -> None:
    """Ctrl-C during simulate --records: status 130, one line naming the
    partial file and the way to continue."""
    records = tmp_path / "games.jsonl"
    process = _simulate(
        [*SIMULATE, "--records", str(records), "--progress"],
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    _wait_for_games(process, 3)
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=WAIT)
    assert process.returncode == 130
    assert b"Traceback" not in err
    assert f"kept in {records}.partial: continue with --resume {records}.partial".encode() in err


def _children(pid: int) -> list[int]:
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(p) for p in path.read_text().split()] if path.exists() else []


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads /proc for the workers")
@pytest.mark.slow
def test_a_simulation_with_a_killed_worker_gives_the_undisturbed_results() -> None:
    """simulate --jobs 2 with a worker killed (SIGKILL): the run goes on to
    the summary of an undisturbed run (it used to hang, printing nothing)."""
    process = _simulate([*SIMULATE, "--jobs", "2", "--progress"])
    _wait_for_games(process, 2)
    workers = _children(process.pid)
    assert workers
    os.kill(workers[0], signal.SIGKILL)
    out, err = process.communicate(timeout=WAIT)
    assert process.returncode == 0, err
    whole_out, _ = _simulate(SIMULATE).communicate(timeout=WAIT)
    assert out == whole_out


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize(
    "args",
    [
        ["demo"],
        ["rules", "counter"],
        ["simulate", "--games", "2", "--option", "target=2", "--quiet"],
        ["explain", "4S", "4D", "3S", "QS", "--trump", "H"],
    ],
)
def test_output_to_a_full_disk_ends_with_one_line_and_status_1(args: list[str]) -> None:
    """Standard output on a full disk (/dev/full): one line naming the
    problem, status 1, no traceback (simulate without its progress lines)."""
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "counter_rules", *args],
            stdout=full, stderr=subprocess.PIPE, timeout=WAIT, check=False,
        )  # fmt: skip
    err = done.stderr.decode()
    assert done.returncode in (1, 120) and "Traceback" not in err, err
    assert done.returncode == 1, err
    assert err.count("\n") == 1 and "cannot write the output: No space left on device" in err


@pytest.mark.skipif(os.name != "posix", reason="closes a file descriptor")
def test_a_closed_standard_output_ends_with_one_line_and_status_1() -> None:
    """``counter-rules demo >&-``: one line, status 1."""
    done = subprocess.run(
        [sys.executable, "-m", "counter_rules", "demo"],
        stderr=subprocess.PIPE, preexec_fn=lambda: os.close(1), timeout=WAIT, check=False,
    )  # fmt: skip
    err = done.stderr.decode()
    assert done.returncode == 1 and "Traceback" not in err, err
    assert err.count("\n") == 1 and "standard output is closed" in err


@pytest.mark.skipif(os.name != "posix", reason="sets a file size limit")
def test_records_that_fill_the_disk_end_with_one_line_and_keep_what_was_written(
    tmp_path: Path,
) -> None:
    """A records file that cannot grow (here a file size limit, as a full
    disk): one line naming the file, status 1, and the partial file keeps
    the games written whole."""
    import resource

    def limit() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (6000, 6000))

    records = tmp_path / "games.jsonl"
    process = _simulate([*SIMULATE, "--records", str(records), "--quiet"], preexec_fn=limit)
    _, err = process.communicate(timeout=WAIT)
    text = err.decode()
    assert process.returncode == 1 and "Traceback" not in text, text
    assert text.count("\n") == 1 and "cannot write --records" in text and "File too large" in text
    lines = (tmp_path / "games.jsonl.partial").read_bytes().splitlines(keepends=True)
    assert lines and all(GameRecord.from_json(line) for line in lines if line.endswith(b"\n"))


PLUGIN = '''
import attrs
from counter_rules import Counter, register_ruleset


@attrs.frozen
class BrokenCounter(Counter):
    """Counter whose deal of hand ``broken_from`` and later raises."""

    broken_from: int = 1

    def deal(self, seed, hand_number):
        if hand_number >= self.broken_from:
            raise RuntimeError(f"the deal of hand {hand_number} broke")
        return super().deal(seed, hand_number)


register_ruleset("broken-counter", BrokenCounter, title="Counter that breaks", replace=True)
'''


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "--games", "2", "--quiet"],
        ["simulate", "--games", "4", "--jobs", "2", "--quiet"],
        ["simulate", "--games", "2", "--option", "broken_from=2", "--quiet"],
        ["play", "--bots", "random"],
        ["play", "--option", "broken_from=2", "--bots", "random"],
    ],
)
def test_a_plugins_error_at_any_point_is_one_line_naming_the_plugin(
    args: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A plugin ruleset whose deal raises, at the first hand or a later one,
    in this process or a worker: one line naming the plugin, the place and
    the error, status 1."""
    (tmp_path / "broken_plugin.py").write_text(PLUGIN, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    from counter_rules.rulesets.registry import unregister_ruleset

    out, err = io.StringIO(), io.StringIO()
    try:
        code = main(
            [*args, "--plugin", "broken_plugin", "--rules", "broken-counter"],
            out=out, inp=io.StringIO("1\n" * 500), err=err,
        )  # fmt: skip
    finally:
        unregister_ruleset("broken-counter")
        sys.modules.pop("broken_plugin", None)
    assert code == 1
    message = err.getvalue()
    assert message.count("\n") == 1
    assert "error: the plugin broken_plugin failed: RuntimeError: the deal of hand" in message
    assert "(broken_plugin.py, line 14, in deal)" in message
