"""Running a match's games on worker processes or on an executor, so that a
worker that dies costs only the games it had not finished.

The games are numbered; ``work(payload, index)`` plays game ``index`` and is a
pure function of its arguments (every game is seeded), so a game lost with its
worker is played again with the same result.

- The built-in pool (:func:`run_on_pool`) owns its worker processes. Each
  worker plays the games it is given one after another and sends every
  outcome back as soon as it is played; a worker that dies is replaced, and
  only its game in progress is played again (with the games it had not
  started).
- An executor (:func:`run_on_executor`) is given chunks of games. A chunk
  whose worker was lost (the executor reports it as a broken executor, a
  cancelled future or Dask's ``KilledWorker``) is submitted again; an
  executor that refuses it (a broken process pool) ends the run.

Either way a game whose worker was lost :data:`MAX_LOSSES` times is not tried
again, and the run stops with :class:`RunLost`, which says which games were
not finished: the caller still holds every outcome it was given.

:func:`hand_out` gives items to the same workers one at a time, as each
worker is free, within a time: the worlds of
:func:`~counter_rules.analysis.solve_worlds` and the decisions of
:func:`~counter_rules.analysis.analyse` run on it.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import signal
import time
import traceback
from collections import deque
from collections.abc import Callable, Generator, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, BrokenExecutor, Executor, Future, wait
from multiprocessing.connection import Connection
from multiprocessing.connection import wait as wait_ready
from typing import Any

__all__ = [
    "GRACE",
    "MAX_LOSSES",
    "MISSED",
    "RemoteTraceback",
    "RunLost",
    "Task",
    "Worker",
    "chunks",
    "games_text",
    "hand_out",
    "receive",
    "run_on_executor",
    "run_on_pool",
    "time_left",
    "worker_was_lost",
]

MAX_LOSSES = 3
"""How many times a game may lose its worker before the run gives it up."""

Work = Callable[[Any, Any], Any]
"""Plays one game: ``work(payload, index)`` gives its outcome (picklable); the
game is its index, or whatever value the caller hands the worker."""


class RunLost(Exception):
    """The run stopped with games not finished, because workers were lost."""

    def __init__(self, reason: str, lost: Sequence[int]) -> None:
        super().__init__(reason, tuple(sorted(lost)))
        #: Why the run stopped: what was lost.
        self.reason = reason
        #: The games not finished, in order.
        self.lost: tuple[int, ...] = tuple(sorted(lost))


class RemoteTraceback(Exception):
    """The traceback of an error raised in a worker process, as text (set as
    the ``__cause__`` of the error re-raised here, as
    :mod:`concurrent.futures` does)."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text

    def __str__(self) -> str:
        return self.text


def chunks(todo: Sequence[int], count: int) -> list[tuple[int, ...]]:
    """``todo`` cut into about ``count`` chunks of consecutive items."""
    size = max(1, len(todo) // count)
    return [tuple(todo[start : start + size]) for start in range(0, len(todo), size)]


# -- the built-in pool -------------------------------------------------------------
def _worker_main(conn: Connection, work: Work, payload: Any) -> None:
    # Ctrl-C is the parent's to handle: it stops every worker at once.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = multiprocessing.parent_process()
    watched: list[Any] = [conn] if parent is None else [conn, parent.sentinel]
    while True:
        # A parent that died without stopping its workers (killed) ends them
        # here, between games.
        if conn not in wait_ready(watched):
            return
        try:
            games = conn.recv()
        except (EOFError, OSError):
            return
        if games is None:
            return
        for index in games:
            try:
                result = work(payload, index)
            except BaseException as exc:
                text = traceback.format_exc()
                try:
                    conn.send(("error", index, exc, text))
                except Exception:  # an error that does not pickle
                    conn.send(("error", index, RuntimeError(f"{type(exc).__name__}: {exc}"), text))
                return
            conn.send(("done", index, result, None))
            if parent is not None and wait_ready([parent.sentinel], 0):
                return


class Worker:
    """One worker process, the parent's end of its pipe, and the games it was
    given and has not sent back, in the order it plays them (a game is
    usually its index; any picklable value that ``work`` takes will do)."""

    def __init__(self, context: Any, work: Work, payload: Any) -> None:
        self.conn, child = multiprocessing.Pipe()
        self.process = context.Process(
            target=_worker_main, args=(child, work, payload), daemon=True
        )
        self.process.start()
        child.close()
        self.games: deque[Any] = deque()

    def give(self, games: tuple[Any, ...]) -> None:
        """Hand the worker more games, which it plays after those it holds."""
        self.games.extend(games)
        # A worker that died meanwhile is found by its sentinel, with the games.
        with contextlib.suppress(OSError):
            self.conn.send(games)

    def stop(self, kill: bool) -> None:
        """End the worker: at once with ``kill``, else once it has played the
        games it holds (killed if it has not within five seconds)."""
        if kill:
            self.process.terminate()
        else:
            try:
                self.conn.send(None)
            except OSError:
                self.process.terminate()
        self.process.join(5)
        if self.process.is_alive():
            self.process.kill()
            self.process.join()
        self.conn.close()


def _exit_text(code: int | None) -> str:
    if code is not None and code < 0:
        try:
            return f"killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"killed by signal {-code}"
    return f"exit status {code}"


def games_text(games: Sequence[int]) -> str:
    """``game 3`` or ``games 3, 4, 9, 10, 11 and 7 more``: a list of games, shortened."""
    shown = ", ".join(str(g) for g in games[:5])
    more = f" and {len(games) - 5} more" if len(games) > 5 else ""
    return f"game{'s' if len(games) != 1 else ''} {shown}{more}"


def run_on_pool(
    jobs: int | None,
    work: Work,
    payload: Any,
    todo: Sequence[int],
    done: Callable[[int, Any], None],
) -> None:
    """Play the games ``todo`` on ``jobs`` worker processes of this module's
    own (default: one per CPU), calling ``done(index, outcome)`` here as each
    one finishes.

    Raises:
        RunLost: A game lost its worker :data:`MAX_LOSSES` times.
        BaseException: Whatever a game raised (with the worker's traceback
            as its cause), or an interruption; the workers are stopped first.
    """
    context = multiprocessing.get_context()
    count = min(jobs or multiprocessing.cpu_count(), len(todo))
    queue: deque[tuple[int, ...]] = deque(chunks(todo, 8 * count))
    losses: dict[int, int] = {}
    workers: list[Worker] = []
    finished = False
    try:
        for _ in range(count):
            worker = Worker(context, work, payload)
            workers.append(worker)
            if queue:
                worker.give(queue.popleft())
        while any(w.games for w in workers):
            busy = [w for w in workers if w.games]
            ready = set(wait_ready([w.conn for w in busy] + [w.process.sentinel for w in busy]))
            for worker in busy:
                if worker.conn not in ready and worker.process.sentinel not in ready:
                    continue
                alive = receive(worker, done)
                if alive and not worker.games and queue:
                    worker.give(queue.popleft())
                if not alive:
                    workers.remove(worker)
                    given_up = _lost(worker, losses, queue)
                    if given_up is not None:
                        unfinished = [g for chunk in queue for g in chunk]
                        raise RunLost(given_up, unfinished + [g for w in workers for g in w.games])
                    if queue:
                        replacement = Worker(context, work, payload)
                        workers.append(replacement)
                        replacement.give(queue.popleft())
        finished = True
    finally:
        for worker in workers:
            worker.stop(kill=not finished)


def receive(worker: Worker, done: Callable[[Any, Any], None]) -> bool:
    """Take every message the worker has sent; whether it is still alive."""
    messages = []
    alive = True
    try:
        while worker.conn.poll():
            messages.append(worker.conn.recv())
    except (EOFError, OSError):
        alive = False
    if alive and not worker.process.is_alive():
        # The sentinel fired: read what the worker sent before it ended.
        alive = False
        try:
            while worker.conn.poll():
                messages.append(worker.conn.recv())
        except (EOFError, OSError):
            pass
    for kind, index, value, text in messages:
        if kind == "error":
            raise value from RemoteTraceback(text)
        worker.games.remove(index)
        done(index, value)
    return alive


def _lost(worker: Worker, losses: dict[int, int], queue: deque[tuple[int, ...]]) -> str | None:
    """A worker died: its game in progress counts one loss; it and the games
    the worker had not started go back to the front of the queue. Why the run
    must stop, once that game has lost :data:`MAX_LOSSES` workers."""
    worker.process.join()
    how = _exit_text(worker.process.exitcode)
    worker.conn.close()
    if not worker.games:
        return None
    games = tuple(worker.games)
    queue.appendleft(games)
    playing = games[0]
    losses[playing] = losses.get(playing, 0) + 1
    if losses[playing] >= MAX_LOSSES:
        return f"game {playing} lost its worker process {MAX_LOSSES} times (last: {how})"
    return None


# -- an executor ---------------------------------------------------------------
def _play_chunk(work: Work, payload: Any, games: tuple[int, ...]) -> list[tuple[int, Any]]:
    return [(index, work(payload, index)) for index in games]


def worker_was_lost(error: BaseException) -> bool:
    """Whether an executor's error means that a worker was lost, not that the
    game itself failed: a broken executor, or Dask's ``KilledWorker``."""
    if isinstance(error, BrokenExecutor):
        return True
    return any(
        cls.__name__ == "KilledWorker" and cls.__module__.startswith("distributed")
        for cls in type(error).__mro__
    )


def run_on_executor(
    executor: Executor,
    work: Work,
    payload: Any,
    todo: Sequence[int],
    done: Callable[[int, Any], None],
) -> None:
    """Play the games ``todo`` on ``executor``, calling ``done(index,
    outcome)`` here as each chunk of games finishes.

    Raises:
        RunLost: A worker was lost and the executor refused the games again
            (a broken process pool), or a chunk lost its worker
            :data:`MAX_LOSSES` times.
        BaseException: Whatever a game raised, or an interruption; the
            chunks not started are cancelled first.
    """
    # Up to 4096 chunks: a lost worker costs its chunk, one game in a match
    # of up to 4096 games.
    pending: dict[Future[list[tuple[int, Any]]], tuple[int, ...]] = {}
    losses: dict[tuple[int, ...], int] = {}
    try:
        for chunk in chunks(todo, 4096):
            pending[executor.submit(_play_chunk, work, payload, chunk)] = chunk
        while pending:
            ready, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in ready:
                chunk = pending.pop(future)
                error = None if future.cancelled() else future.exception()
                if not future.cancelled() and error is None:
                    for index, value in future.result():
                        done(index, value)
                    continue
                if error is not None and not worker_was_lost(error):
                    raise error
                why = "cancelled" if error is None else f"{type(error).__name__}: {error}"
                losses[chunk] = losses.get(chunk, 0) + 1
                if losses[chunk] >= MAX_LOSSES:
                    raise _run_lost(
                        f"{games_text(chunk)} lost {MAX_LOSSES} workers (last: {why:.200})",
                        chunk,
                        pending,
                        done,
                    )
                try:
                    pending[executor.submit(_play_chunk, work, payload, chunk)] = chunk
                except Exception as refused:
                    raise _run_lost(
                        f"a worker was lost ({why:.200}) and the executor cannot run its "
                        f"games again ({type(refused).__name__}: {refused!s:.200})",
                        chunk,
                        pending,
                        done,
                    ) from None
    except BaseException:
        for future in pending:  # an interruption: drop the games not yet started
            future.cancel()
        raise


def _run_lost(
    reason: str,
    chunk: tuple[int, ...],
    pending: dict[Future[list[tuple[int, Any]]], tuple[int, ...]],
    done: Callable[[int, Any], None],
) -> RunLost:
    """The run is over: hand on the chunks that finished meanwhile, and say
    which games were not finished."""
    lost = list(chunk)
    for future, games in list(pending.items()):
        if future.done() and not future.cancelled() and future.exception() is None:
            for index, value in future.result():
                done(index, value)
        else:
            lost += games
        del pending[future]
    return RunLost(reason, lost)


# -- items handed out as workers are free -----------------------------------------
MISSED = "missed"
"""What :func:`hand_out` gives for an item not done in time."""

_END = object()

GRACE = 0.05
"""How long (seconds) past its deadline :func:`hand_out` waits for the items
under way to end before it stops their workers."""

Task = tuple[int, Any, float | None, float]
"""What a worker of :func:`hand_out` is given: the item's number (from 0, in
the order taken), the item, the seconds left when it was handed out (``None``
for no limit) and the wall-clock time (:func:`time.time`) it was handed out."""


def time_left(task: Task) -> float:
    """The :func:`~time.perf_counter` reading by which a worker must be done
    with ``task`` (0.0 for no limit). The clocks of ``perf_counter`` cannot be
    compared between processes, so the time the task waited (for its worker
    to start, say) is measured on the wall clock and taken off."""
    _, _, left, sent = task
    if left is None:
        return 0.0
    waited = min(max(time.time() - sent, 0.0), left)
    return time.perf_counter() + max(left - waited, 1e-9)


def hand_out(
    items: Iterator[Any],
    work: Work,
    payload: Any,
    workers: int,
    deadline: float = 0.0,
    prefer: Callable[[Any], Any] | None = None,
) -> Generator[tuple[int, Any], None, None]:
    """Items of ``items`` handed to ``workers`` worker processes, one at a time
    as each worker is free: yields ``(number, outcome)`` as each item ends
    (numbered from 0 in the order taken), where the outcome is
    ``work(payload, task)`` (see :data:`Task`). With a ``deadline`` (a
    :func:`~time.perf_counter` reading), no item but the first is taken past
    it, and an item not done :data:`GRACE` seconds after it gives
    :data:`MISSED`, its worker stopped. ``prefer(item)`` names the worker an
    item would rather have: the one that last had an item of that name,
    when it is free (a worker keeps what it learnt from one item for the
    next). An item whose worker dies goes to a new worker, up to
    :data:`MAX_LOSSES` times. The workers stop when the last outcome is
    given or the generator is closed.

    Raises:
        RunLost: An item lost its worker :data:`MAX_LOSSES` times (its
            number is in :attr:`RunLost.lost`, and the reason reads "lost
            its worker process 3 times (last: ...)").
        BaseException: Whatever ``work`` raised (with the worker's traceback
            as its cause).
    """
    context = multiprocessing.get_context()
    again: deque[Task] = deque()
    losses: dict[int, int] = {}
    idle: list[Worker] = []
    busy: list[Worker] = []
    last: dict[int, Any] = {}  # by id of a worker, the name of its last item
    taken = 0
    more = True
    finished = False
    done: list[tuple[int, Any]] = []

    def collect(task: Task, outcome: Any) -> None:
        done.append((task[0], outcome))

    def pick(name: Any) -> Worker:
        for worker in idle:
            if name is not None and last.get(id(worker)) == name:
                idle.remove(worker)
                return worker
        return idle.pop() if idle else Worker(context, work, payload)

    try:
        while True:
            # Every free worker takes an item: one lost with its worker, or
            # the next while time is left.
            while len(busy) < workers:
                if again:
                    task = again.popleft()
                else:
                    late = taken and deadline and time.perf_counter() > deadline
                    item = _END if late or not more else next(items, _END)
                    if item is _END:
                        more = False
                        break
                    left = None if not deadline else deadline - time.perf_counter()
                    task = (taken, item, left, time.time())
                    taken += 1
                name = None if prefer is None else prefer(task[1])
                worker = pick(name)
                last[id(worker)] = name
                worker.give((task,))
                busy.append(worker)
            yield from done
            done.clear()
            if not busy:
                break
            wait = None if not deadline else max(0.0, deadline + GRACE - time.perf_counter())
            ready = set(
                wait_ready([w.conn for w in busy] + [w.process.sentinel for w in busy], wait)
            )
            if not ready and deadline and time.perf_counter() > deadline + GRACE:
                for worker in busy:
                    done.extend((task[0], MISSED) for task in worker.games)
                    worker.stop(kill=True)
                busy.clear()
                again.clear()
                more = False
                continue
            for worker in [w for w in busy if w.conn in ready or w.process.sentinel in ready]:
                alive = receive(worker, collect)
                if alive and worker.games:
                    continue
                busy.remove(worker)
                if alive:
                    idle.append(worker)
                    continue
                worker.stop(kill=True)
                for task in worker.games:
                    losses[task[0]] = losses.get(task[0], 0) + 1
                    if losses[task[0]] >= MAX_LOSSES:
                        how = _exit_text(worker.process.exitcode)
                        raise RunLost(
                            f"lost its worker process {MAX_LOSSES} times (last: {how})",
                            [task[0]],
                        )
                    again.append(task)
        finished = True
    finally:
        for worker in idle + busy:
            worker.stop(kill=not finished)
