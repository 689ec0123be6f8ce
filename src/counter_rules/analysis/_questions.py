"""What the solver's searches share about asking: the check of a budget, the
largest number of tricks for which a yes-or-no question holds, found by
galloping and bisecting, and the pause of Python's cyclic garbage collector
while a question runs.

The module is plain typed Python, compiled with mypyc in the compiled build.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Callable
from time import perf_counter
from types import TracebackType
from typing import Final

__all__ = ["CollectorPaused", "bisect", "gallop", "over_budget"]


def over_budget(nodes: int, deadline: float, node_limit: int) -> bool:
    """Whether a search that has visited ``nodes`` positions is past its
    ``deadline`` (a :func:`time.perf_counter` time, 0 for none) or its
    ``node_limit`` (0 for none). Searches ask every 256 positions."""
    return bool(deadline and perf_counter() > deadline) or bool(node_limit and nodes > node_limit)


def gallop(holds: Callable[[int], bool], most: int) -> int:
    """The largest ``t`` from 0 to ``most`` for which ``holds(t)`` is true
    (``holds`` is true at 0 and, once false, stays false): asked at 1, then
    at twice the last ``t`` that held (1, 2, 4, 8 ...) until it fails, then
    by :func:`bisect`. The small questions come first because they are the
    cheap ones, and a side of one seat can seldom be sure of many tricks; a
    "no" costs most where the answer is near, so a value of 1 is found by
    asking 1 and 2, one "no"."""
    low = 0
    high = most
    while low < high:
        # 1, then twice the last number that held: the first number that
        # fails is at most twice the answer plus one.
        probe = min(max(1, 2 * low), high)
        if holds(probe):
            low = probe
        else:
            high = probe - 1
            break
    return bisect(holds, low, high)


def bisect(holds: Callable[[int], bool], low: int, high: int) -> int:
    """The largest ``t`` from ``low`` to ``high`` for which ``holds(t)`` is
    true (``holds`` is true at ``low`` and, once false, stays false), by
    bisection."""
    while low < high:
        middle = (low + high + 1) // 2
        if holds(middle):
            low = middle
        else:
            high = middle - 1
    return low


class _PauseState:
    """How many questions run now, and whether the collector ran before the
    first of them."""

    def __init__(self) -> None:
        self.running = 0
        self.was_enabled = False


_PAUSE: Final = _PauseState()
_PAUSE_LOCK: Final = threading.Lock()


class CollectorPaused:
    """``with CollectorPaused():`` runs a question with Python's cyclic
    garbage collector paused, and resumes it after the last question that
    runs at once (in any thread) ends, if it ran before the first began.

    A search keeps its tables in containers with millions of entries, and
    every full collection walks all of them again; the searches make no
    reference cycles, so nothing is left for the collector to find until the
    question ends. Paused, a collection that falls due waits for the end of
    the question, and one walk replaces the many a long question would
    trigger. The collector can still be run by hand (:func:`gc.collect`).

    Example:
        >>> import gc
        >>> from counter_rules.analysis._questions import CollectorPaused
        >>> before = gc.isenabled()
        >>> with CollectorPaused():
        ...     gc.isenabled()
        False
        >>> gc.isenabled() == before
        True
    """

    def __enter__(self) -> None:
        with _PAUSE_LOCK:
            if not _PAUSE.running:
                _PAUSE.was_enabled = gc.isenabled()
                gc.disable()
            _PAUSE.running += 1

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        with _PAUSE_LOCK:
            _PAUSE.running -= 1
            if not _PAUSE.running and _PAUSE.was_enabled:
                gc.enable()
