"""Exact, uniform sampling of a deal under per-place limits (internal).

The problem :func:`counter_rules.sample_world` leaves here, once it has read a
view: distinct cards, each either of one *class* (the cards that count toward
a suit's limit) or of none; *places* (the hidden seats and the stock), each
taking an exact number of cards; and limits "place p holds at most L cards of
class k". :class:`DealPlan` draws one of the deals that keep every limit, each
with the same probability.

How it stays fast. A deal is summed up by a *table*: how many cards of each
class go to each group of places. Places whose limits are all "none of this
class" (a void) and that forbid the same classes are one group, since only the
group's total matters to them; places with no limit at all join one group too.
The number of deals behind a table is a product of binomial coefficients, so
the deals can be counted by dynamic programming over the table's rows, one
cell at a time, keeping as state only the column totals still needed (a
column no later row limits is merged with the other free columns). The table
is symmetric (rows and columns swap roles), and the plan walks whichever
orientation has fewer states. A table is then drawn top-down from the counts,
and the cards of each class are dealt uniformly within it. The cost depends
on the limits and hand sizes, never on luck: no retries.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Sequence
from typing import TypeVar

__all__ = ["DealPlan"]

_T = TypeVar("_T")
_Limit = int | None
# A dynamic-programming state: (row step, cell step, column totals left, row room left).
_Key = tuple[int, int, tuple[int, ...], int]


class _Table:
    """Tables with given row and column sums and upper limits on some cells,
    each weighted by the number of ways to fill it with distinct items.

    Row r and column c meet in a cell that holds at most ``limits[r][c]``
    (``None``: no limit). Rows without any limit form one *free* row group and
    columns without any limit one free column group: they take whatever is left.
    """

    def __init__(
        self, rows: Sequence[int], cols: Sequence[int], limits: Sequence[Sequence[_Limit]]
    ) -> None:
        self.rows = tuple(rows)
        self.cols = tuple(cols)
        self.limits = limits
        limited_rows = [r for r in range(len(rows)) if any(x is not None for x in limits[r])]
        self.free_rows = tuple(r for r in range(len(rows)) if r not in limited_rows)
        self.order = _row_order(limited_rows, limits)
        self.tracked = _tracked(self.order, len(cols), limits)
        self.free_cols0 = tuple(
            c for c in range(len(cols)) if not self.tracked or c not in self.tracked[0]
        )
        # left[i]: the items still to place at the start of step i.
        self.left = tuple(
            sum(rows[r] for r in self.order[i:]) + sum(rows[r] for r in self.free_rows)
            for i in range(len(self.order) + 1)
        )
        self.binom = _binomials(sum(cols))
        self.memo: dict[_Key, int] = {}
        self.total = self._start_count()

    # -- counting --------------------------------------------------------------
    def _start_count(self) -> int:
        if not self.order:
            return 1
        cols = self.cols
        return self._count(0, 0, tuple(cols[c] for c in self.tracked[0]), self.rows[self.order[0]])

    def _count(self, i: int, j: int, rem: tuple[int, ...], room: int) -> int:
        key = (i, j, rem, room)
        found = self.memo.get(key)
        if found is not None:
            return found
        total = 0
        for weight, nxt in self._options(i, j, rem, room):
            if nxt is None:
                total += weight
            else:
                total += weight * self._count(*nxt)
        self.memo[key] = total
        return total

    def _options(
        self, i: int, j: int, rem: tuple[int, ...], room: int
    ) -> list[tuple[int, _Key | None]]:
        """The choices for the next cell: (ways, the state after it); a state
        of ``None`` is the end (the free row group takes what is left)."""
        tracked = self.tracked[i]
        row = self.order[i]
        # The free columns' items left: everything not in a tracked column
        # (the room this row has already filled came out of tracked columns).
        free = self.left[i] - sum(rem) - (self.rows[row] - room)
        if j == len(tracked):
            if room > free:
                return []
            weight = self.binom[free][room]
            if i + 1 == len(self.order):
                return [(weight, None)]
            after = self.tracked[i + 1]
            nxt_rem = tuple(rem[tracked.index(c)] for c in after)
            return [(weight, (i + 1, 0, nxt_rem, self.rows[self.order[i + 1]]))]
        limits = self.limits[row]
        have = rem[j]
        cap = limits[tracked[j]]
        high = min(room, have) if cap is None else min(room, have, cap)
        # What the later cells of this row can still take at most.
        later = free
        for k in range(j + 1, len(tracked)):
            bound = limits[tracked[k]]
            later += rem[k] if bound is None else min(rem[k], bound)
        low = max(0, room - later)
        binom = self.binom[have]
        head, tail = rem[:j], rem[j + 1 :]
        return [
            (binom[x], (i, j + 1, (*head, have - x, *tail), room - x)) for x in range(low, high + 1)
        ]

    # -- drawing ---------------------------------------------------------------
    def draw(self, rng: random.Random) -> list[list[int]]:
        """One table, drawn with probability proportional to its weight:
        ``table[r][c]`` items of column c go to row r."""
        rows, cols = self.rows, self.cols
        table = [[0] * len(cols) for _ in rows]
        col_left = list(cols)
        free_cols = set(self.free_cols0)
        state: _Key | None = None
        if self.order:
            state = (0, 0, tuple(cols[c] for c in self.tracked[0]), rows[self.order[0]])
        while state is not None:
            i, j, rem, room = state
            options = self._options(i, j, rem, room)
            pick = rng.randrange(self.memo[state])
            chosen: _Key | None = None
            for weight, nxt in options:
                ways = weight if nxt is None else weight * self.memo.get(nxt, 0)
                if pick < ways:
                    chosen = nxt
                    break
                pick -= ways
            tracked = self.tracked[i]
            row = self.order[i]
            if j < len(tracked):
                assert chosen is not None
                c = tracked[j]
                taken = rem[j] - chosen[2][j]
                table[row][c] += taken
                col_left[c] -= taken
            else:
                # The row's room left is filled from the free columns, drawn
                # without replacement from their items.
                _spread(table[row], col_left, sorted(free_cols), room, rng)
                if chosen is not None:
                    free_cols.update(set(tracked) - set(self.tracked[i + 1]))
            state = chosen
        # The free rows share out what is left, uniformly.
        leftover = [c for c in range(len(cols)) for _ in range(col_left[c])]
        rng.shuffle(leftover)
        at = 0
        for r in self.free_rows:
            for c in leftover[at : at + rows[r]]:
                table[r][c] += 1
            at += rows[r]
        return table


def _tracked(
    order: Sequence[int], width: int, limits: Sequence[Sequence[_Limit]]
) -> tuple[tuple[int, ...], ...]:
    """For each step, the columns a row from that step on limits (the others
    have joined the free columns by then)."""
    return tuple(
        tuple(c for c in range(width) if any(limits[r][c] is not None for r in order[i:]))
        for i in range(len(order))
    )


def _estimate(rows: Sequence[int], cols: Sequence[int], limits: Sequence[Sequence[_Limit]]) -> int:
    """About how many states counting the table this way round visits."""
    limited = [r for r in range(len(rows)) if any(x is not None for x in limits[r])]
    order = _row_order(limited, limits)
    estimate = 0
    for i, tracked in enumerate(_tracked(order, len(cols), limits)):
        width = rows[order[i]] + 1
        for c in tracked:
            width *= cols[c] + 1
        estimate += width * (len(tracked) + 1)
    return estimate


@functools.lru_cache(maxsize=8)
def _binomials(top: int) -> tuple[tuple[int, ...], ...]:
    """Pascal's triangle up to row ``top``."""
    rows: list[tuple[int, ...]] = [(1,)]
    for _ in range(top):
        last = rows[-1]
        rows.append((1, *(a + b for a, b in itertools.pairwise(last)), 1))
    return tuple(rows)


def _normal(limit: _Limit, cap: int, size: int) -> _Limit:
    """A limit, or ``None`` where it cannot bind (the place or class is smaller)."""
    return None if limit is None or limit >= min(cap, size) else limit


def _spread(
    row: list[int], col_left: list[int], among: Sequence[int], count: int, rng: random.Random
) -> None:
    """Take ``count`` items at random from the columns ``among`` into ``row``."""
    pool = [c for c in among for _ in range(col_left[c])]
    for c in rng.sample(pool, count):
        row[c] += 1
        col_left[c] -= 1


def _row_order(rows: list[int], limits: Sequence[Sequence[_Limit]]) -> tuple[int, ...]:
    """The limited rows in an order that lets columns leave the state early:
    each step takes the row whose departure leaves the fewest limited columns."""
    left = list(rows)
    order: list[int] = []
    while left:

        def still_limited(gone: int) -> int:
            return sum(
                1
                for c in range(len(limits[gone]))
                if any(limits[r][c] is not None for r in left if r != gone)
            )

        best = min(left, key=lambda r: (still_limited(r), r))
        order.append(best)
        left.remove(best)
    return tuple(order)


class DealPlan:
    """Every deal of distinct cards into places that keeps the places' limits,
    counted once; :meth:`draw` then picks one uniformly, as often as wanted.

    Args:
        class_sizes: How many cards each class has (the cards of no class are
            one more class, with no limits).
        places: For each place, its number of cards and its limit per class
            (``None``: no limit).
        orientation: Which way to walk the table: ``"rows"`` (groups of places
            are the rows), ``"columns"`` (classes are), or ``"auto"`` (the one
            with fewer states; the draws are the same in law either way).
    """

    def __init__(
        self,
        class_sizes: Sequence[int],
        places: Sequence[tuple[int, Sequence[_Limit]]],
        orientation: str = "auto",
    ) -> None:
        self.class_sizes = tuple(class_sizes)
        self.caps = tuple(cap for cap, _ in places)
        self.possible = sum(self.caps) == sum(self.class_sizes)
        groups: dict[object, list[int]] = {}
        normal: list[list[_Limit]] = []
        for p, (cap, raw) in enumerate(places):
            if any(limit is not None and limit < 0 for limit in raw):
                self.possible = False
            limits = [
                _normal(limit, cap, size) for limit, size in zip(raw, class_sizes, strict=True)
            ]
            normal.append(limits)
            # Places that only forbid classes, the same ones, form one group.
            key: object = tuple(limits) if all(x in (0, None) for x in limits) else p
            groups.setdefault(key, []).append(p)
        self.groups = tuple(tuple(members) for members in groups.values())
        group_caps = [sum(self.caps[p] for p in g) for g in self.groups]
        group_limits = [
            [
                _normal(limit, cap, size)
                for limit, size in zip(normal[g[0]], class_sizes, strict=True)
            ]
            for g, cap in zip(self.groups, group_caps, strict=True)
        ]
        self.transposed = False
        self.table: _Table | None = None
        if not self.possible:
            self.total = 0
            return
        flipped_limits = [[limits[k] for limits in group_limits] for k in range(len(class_sizes))]
        if orientation == "auto":
            straight = _estimate(group_caps, class_sizes, group_limits)
            orientation = "rows"
            if straight > 2_000 and _estimate(class_sizes, group_caps, flipped_limits) < straight:
                orientation = "columns"
        if orientation == "rows":
            self.table = _Table(group_caps, class_sizes, group_limits)
        else:
            self.table, self.transposed = _Table(class_sizes, group_caps, flipped_limits), True
        self.total = self.table.total

    def draw(self, classes: Sequence[Sequence[_T]], rng: random.Random) -> list[list[_T]]:
        """The cards of each place in one uniformly drawn deal; ``classes``
        holds each class's cards, in the order of ``class_sizes``."""
        assert self.table is not None and self.total
        drawn = self.table.draw(rng)
        if self.transposed:
            drawn = [list(column) for column in zip(*drawn, strict=True)]
        hands: list[list[_T]] = [[] for _ in self.caps]
        pools: list[list[_T]] = [[] for _ in self.groups]
        for k, cards in enumerate(classes):
            order = list(cards)
            rng.shuffle(order)
            at = 0
            for g in range(len(self.groups)):
                n = drawn[g][k]
                pools[g] += order[at : at + n]
                at += n
        for g, members in enumerate(self.groups):
            pool = pools[g]
            rng.shuffle(pool)
            at = 0
            for p in members:
                hands[p] = pool[at : at + self.caps[p]]
                at += self.caps[p]
        return hands
