"""What the solver's searches share about asking: the check of a budget, and
the largest number of tricks for which a yes-or-no question holds, found by
galloping and bisecting.

The module is plain typed Python, compiled with mypyc in the compiled build.
"""

from __future__ import annotations

from collections.abc import Callable
from time import perf_counter

__all__ = ["bisect", "gallop", "over_budget"]


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
