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
on the limits and hand sizes, never on luck: no retries. A step has at most
(room of its row + 1) times the product of (total + 1) over the columns still
tracked states, so with four suits the count is a polynomial of degree five in
the number of cards however the voids fall, and the other orientation bounds
it by the groups' sizes instead.
"""

from __future__ import annotations

import itertools
import random
import threading
from collections.abc import Sequence

from counter_rules.cards import Card
from counter_rules.dealing import shuffled

__all__ = ["DealPlan"]

_Limit = int | None
# A dynamic-programming state: (step, column totals left, room left in the row).
_Key = tuple[int, tuple[int, ...], int]


class _Step:
    """One step of the count: a cell of a row, or the row's end.

    A cell step decides how many items the row takes from one tracked column
    (``at`` is its place in the state's tuple); ``later`` lists the row's
    other cells still to come, to bound what they can take. The end step fills
    the rest of the row from the free columns and moves to the next row:
    ``keep`` picks the columns still tracked there, ``next_room`` is that
    row's total and ``left`` the items still to place when it starts.
    """

    __slots__ = ("at", "cap", "end", "keep", "later", "left", "next_room", "row")

    def __init__(self, row: int, at: int = -1, cap: _Limit = None) -> None:
        self.row = row
        self.at = at
        self.cap = cap
        self.end = at < 0
        self.later: tuple[tuple[int, _Limit], ...] = ()
        self.keep: tuple[int, ...] | None = None
        self.next_room = 0
        self.left = 0


class _Table:
    """Tables with given row and column sums and upper limits on some cells,
    each weighted by the number of ways to fill it with distinct items.

    Row r and column c meet in a cell that holds at most ``limits[r][c]``
    (``None``: no limit). Rows without any limit form one *free* row group and
    columns without any limit one free column group: they take whatever is left.
    """

    def __init__(
        self,
        rows: Sequence[int],
        cols: Sequence[int],
        limits: Sequence[Sequence[_Limit]],
        order: Sequence[int],
    ) -> None:
        self.rows = tuple(rows)
        self.cols = tuple(cols)
        self.order = tuple(order)
        self.free_rows = tuple(r for r in range(len(rows)) if r not in self.order)
        self.tracked = _tracked(self.order, len(cols), limits)
        self.free_cols0 = tuple(
            c for c in range(len(cols)) if not self.tracked or c not in self.tracked[0]
        )
        # left[i]: the items still to place at the start of row step i.
        self.left = tuple(
            sum(rows[r] for r in self.order[i:]) + sum(rows[r] for r in self.free_rows)
            for i in range(len(self.order) + 1)
        )
        steps: list[_Step] = []
        for i, row in enumerate(self.order):
            tracked = self.tracked[i]
            # A cell limited to 0 has one choice (nothing): no step for it.
            cells = [
                _Step(i, at, limits[row][c])
                for at, c in enumerate(tracked)
                if limits[row][c] is None or limits[row][c]
            ]
            for k, cell in enumerate(cells):
                cell.later = tuple((other.at, other.cap) for other in cells[k + 1 :])
            end = _Step(i)
            if i + 1 < len(self.order):
                end.keep = tuple(tracked.index(c) for c in self.tracked[i + 1])
                end.next_room = rows[self.order[i + 1]]
                end.left = self.left[i + 1]
            steps += [*cells, end]
        self.steps = tuple(steps)
        self.binom = _binomials(sum(cols))
        self.memo: dict[_Key, int] = {}
        self.start: _Key | None = None
        self.total = 1
        if self.order:
            rem = tuple(cols[c] for c in self.tracked[0])
            self.start = (0, rem, rows[self.order[0]])
            self.total = self._count(0, rem, rows[self.order[0]], self.left[0] - sum(rem))

    def _count(self, s: int, rem: tuple[int, ...], room: int, free: int) -> int:
        """The weighted number of ways to finish the table from this state;
        ``free`` is how many items the free columns hold at the row's start."""
        memo = self.memo
        key = (s, rem, room)
        found = memo.get(key)
        if found is not None:
            return found
        step = self.steps[s]
        total = 0
        if step.end:
            if room <= free:
                total = self.binom[free][room]
                if step.keep is not None:
                    after = tuple([rem[k] for k in step.keep])
                    total *= self._count(s + 1, after, step.next_room, step.left - sum(after))
        else:
            at = step.at
            have = rem[at]
            binom = self.binom[have]
            head, tail = rem[:at], rem[at + 1 :]
            count = self._count
            nxt = s + 1
            for x in _choices(step, rem, room, free):
                child = (nxt, (*head, have - x, *tail), room - x)
                ways = memo.get(child)
                if ways is None:
                    ways = count(nxt, child[1], room - x, free)
                if ways:
                    total += binom[x] * ways
        memo[key] = total
        return total

    def draw(self, rng: random.Random) -> list[list[int]]:
        """One table, drawn with probability proportional to its weight:
        ``table[r][c]`` items of column c go to row r."""
        rows, cols, memo = self.rows, self.cols, self.memo
        table = [[0] * len(cols) for _ in rows]
        col_left = list(cols)
        free_cols = set(self.free_cols0)
        state = self.start
        while state is not None:
            s, rem, room = state
            step = self.steps[s]
            row = self.order[step.row]
            tracked = self.tracked[step.row]
            if step.end:
                # The row's room left comes from the free columns, drawn
                # without replacement from their items.
                _spread(table[row], col_left, sorted(free_cols), room, rng)
                state = None
                if step.keep is not None:
                    after = tuple(rem[k] for k in step.keep)
                    free_cols.update(set(tracked) - set(self.tracked[step.row + 1]))
                    state = (s + 1, after, step.next_room)
                continue
            at = step.at
            have = rem[at]
            binom = self.binom[have]
            head, tail = rem[:at], rem[at + 1 :]
            free = self.left[step.row] - sum(rem) - (rows[row] - room)
            pick = rng.randrange(memo[state])
            taken = 0
            for x in _choices(step, rem, room, free):
                ways = binom[x] * memo.get((s + 1, (*head, have - x, *tail), room - x), 0)
                if pick < ways:
                    taken = x
                    break
                pick -= ways
            table[row][tracked[at]] += taken
            col_left[tracked[at]] -= taken
            state = (s + 1, (*head, have - taken, *tail), room - taken)
        # The free rows share out what is left, uniformly.
        if len(self.free_rows) == 1:
            table[self.free_rows[0]] = [
                a + b for a, b in zip(table[self.free_rows[0]], col_left, strict=True)
            ]
            return table
        leftover = [c for c in range(len(cols)) for _ in range(col_left[c])]
        rng.shuffle(leftover)
        at = 0
        for r in self.free_rows:
            for c in leftover[at : at + rows[r]]:
                table[r][c] += 1
            at += rows[r]
        return table


def _choices(step: _Step, rem: tuple[int, ...], room: int, free: int) -> range:
    """How many items a cell step may take: within its limit, and enough that
    the row's later cells and the free columns can fill what it leaves."""
    have = rem[step.at]
    high = min(room, have) if step.cap is None else min(room, have, step.cap)
    later = free
    for other, cap in step.later:
        later += rem[other] if cap is None else min(rem[other], cap)
    return range(max(0, room - later), high + 1)


def _tracked(
    order: Sequence[int], width: int, limits: Sequence[Sequence[_Limit]]
) -> tuple[tuple[int, ...], ...]:
    """For each step, the columns a row from that step on limits (the others
    have joined the free columns by then)."""
    return tuple(
        tuple(c for c in range(width) if any(limits[r][c] is not None for r in order[i:]))
        for i in range(len(order))
    )


def _plan(
    rows: Sequence[int], cols: Sequence[int], limits: Sequence[Sequence[_Limit]]
) -> tuple[tuple[int, ...], int]:
    """An order of the limited rows and about how many states counting the
    table in that order visits.

    A tracked column's total can have lost at most what the rows before
    could take from it, and all of them together at most those rows' sizes:
    the states are about the vectors within both bounds. The rows are ordered
    greedily, the cheapest next.
    """
    left = [r for r in range(len(rows)) if any(x is not None for x in limits[r])]
    taken = [0] * len(cols)
    order: list[int] = []
    estimate = 0
    placed = 0

    def reach(r: int) -> list[int]:
        return [
            min(cols[c], taken[c] + min(rows[r], rows[r] if x is None else x))
            for c, x in enumerate(limits[r])
        ]

    while left:
        tracked = [c for c in range(len(cols)) if any(limits[q][c] is not None for q in left)]
        costs = []
        for r in left:
            most = reach(r)
            width = (rows[r] + 1) * _vectors([most[c] for c in tracked], placed + rows[r])
            costs.append((width, r))
        width, best = min(costs)
        estimate += width
        taken = reach(best)
        placed += rows[best]
        order.append(best)
        left.remove(best)
    return tuple(order), estimate


def _vectors(bounds: Sequence[int], total: int) -> int:
    """How many vectors of whole numbers from 0 up to ``bounds`` sum to at
    most ``total``."""
    ways = [1] + [0] * total
    for bound in bounds:
        # Sums of this column and the ones before, by a sliding window.
        running, nxt = 0, []
        for t in range(total + 1):
            running += ways[t]
            if t > bound:
                running -= ways[t - bound - 1]
            nxt.append(running)
        ways = nxt
    return sum(ways)


_TRIANGLE: list[tuple[int, ...]] = [(1,)]
_TRIANGLE_GROWING = threading.Lock()


def _binomials(top: int) -> list[tuple[int, ...]]:
    """Pascal's triangle down to row ``top`` at least (shared; one thread at a
    time grows it, and rows once there never change)."""
    rows = _TRIANGLE
    if len(rows) <= top:
        with _TRIANGLE_GROWING:
            while len(rows) <= top:
                last = rows[-1]
                rows.append((1, *(a + b for a, b in itertools.pairwise(last)), 1))
    return rows


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
        self.transposed = False
        self.table: _Table | None = None
        self.total = int(sum(self.caps) == sum(self.class_sizes))
        if all(limit is None for _, limits in places for limit in limits):
            # Nothing limited: every place is in one free group.
            self.groups: tuple[tuple[int, ...], ...] = (tuple(range(len(places))),)
            return
        groups: dict[object, list[int]] = {}
        normal: list[list[_Limit]] = []
        for p, (cap, raw) in enumerate(places):
            if any(limit is not None and limit < 0 for limit in raw):
                self.total = 0
            limits = [
                _normal(limit, cap, size) for limit, size in zip(raw, class_sizes, strict=True)
            ]
            normal.append(limits)
            # Places that only forbid classes, the same ones, form one group.
            key: object = tuple(limits) if all(x in (0, None) for x in limits) else p
            groups.setdefault(key, []).append(p)
        self.groups = tuple(tuple(members) for members in groups.values())
        if not self.total:
            return
        group_caps = [sum(self.caps[p] for p in g) for g in self.groups]
        group_limits = [
            [
                _normal(limit, cap, size)
                for limit, size in zip(normal[g[0]], class_sizes, strict=True)
            ]
            for g, cap in zip(self.groups, group_caps, strict=True)
        ]
        flipped_limits = [[limits[k] for limits in group_limits] for k in range(len(class_sizes))]
        straight, straight_cost = _plan(group_caps, class_sizes, group_limits)
        if orientation == "auto":
            orientation = "rows"
            if straight_cost:
                flipped, flipped_cost = _plan(class_sizes, group_caps, flipped_limits)
                if flipped_cost < straight_cost:
                    orientation = "columns"
        if orientation == "rows":
            self.table = _Table(group_caps, class_sizes, group_limits, straight)
        else:
            flipped, _ = _plan(class_sizes, group_caps, flipped_limits)
            self.table = _Table(class_sizes, group_caps, flipped_limits, flipped)
            self.transposed = True
        self.total = self.table.total

    def draw(
        self, classes: Sequence[Sequence[Card]], rng: random.Random, ordered: int | None = None
    ) -> list[list[Card]]:
        """The cards of each place in one uniformly drawn deal; ``classes``
        holds each class's cards, in the order of ``class_sizes``. A place's
        cards come in no particular order, except those of place ``ordered``,
        which come in uniformly random order."""
        assert self.total
        if self.table is None:
            pool = shuffled([card for cards in classes for card in cards], rng)
            dealt, at = [], 0
            for cap in self.caps:
                dealt.append(pool[at : at + cap])
                at += cap
            return dealt
        drawn = self.table.draw(rng)
        if self.transposed:
            drawn = [list(column) for column in zip(*drawn, strict=True)]
        groups = range(len(self.groups))
        pools: list[list[Card]] = [[] for _ in groups]
        for k, cards in enumerate(classes):
            counts = [drawn[g][k] for g in groups]
            if max(counts, default=0) == len(cards):
                # One group takes the whole class: nothing to choose.
                pools[counts.index(len(cards))] += cards
                continue
            order = shuffled(cards, rng)
            at = 0
            for g, n in enumerate(counts):
                pools[g] += order[at : at + n]
                at += n
        hands: list[list[Card]] = [[] for _ in self.caps]
        for members, pool in zip(self.groups, pools, strict=True):
            if len(members) > 1 or ordered in members:
                pool = shuffled(pool, rng)
            at = 0
            for p in members:
                hands[p] = pool[at : at + self.caps[p]]
                at += self.caps[p]
        return hands
