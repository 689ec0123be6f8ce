"""The solver's batch questions, those users of DDS ask most: a deal's whole
table of tricks (:func:`dd_table`, DDS's ``calc_dd_table``), many deals'
tables (:func:`dd_tables`) and many positions (:func:`solve_many`), on
worker processes when asked."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

import attrs

from counter_rules.analysis._plain import PlainSearch, plain_applies
from counter_rules.analysis._solving import Searches, check_position, side_of
from counter_rules.analysis._worlds import job_count, run_apart
from counter_rules.argument_checks import shown
from counter_rules.cards import Suit
from counter_rules.errors import InvalidArgumentError
from counter_rules.runner import Task
from counter_rules.state import GameState

__all__ = ["TrickTable", "dd_table", "dd_tables", "solve_many"]

_TRUMPS: tuple[Suit | None, ...] = (*Suit, None)


@attrs.frozen(kw_only=True)
class TrickTable:
    """What :func:`dd_table` answers for one deal: for each trump and each
    seat leading the first trick, the tricks each side can be sure of.

    Example:
        >>> from counter_rules import Suit
        >>> from counter_rules.analysis import dd_table
        >>> from counter_rules.analysis.bridge import bridge_play
        >>> from counter_rules.analysis.pbn import from_pbn
        >>> deal = from_pbn("N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 765.876.876.7654 432.5432.5432.32")
        >>> table = dd_table(bridge_play(deal, None, 0), sides=[(0, 2), (1, 3)])
        >>> table.tricks(None, leader=1, seats=(0, 2)), table.tricks(Suit.SPADES, 0, (1, 3))
        (13, 0)
    """

    trumps: tuple[Suit | None, ...]
    """The trumps asked about (``None``: no trump), in the order of :attr:`values`."""
    sides: tuple[tuple[int, ...], ...]
    """The sides asked about, each a sorted tuple of seats."""
    values: tuple[tuple[tuple[int, ...], ...], ...]
    """``values[t][leader][s]``: the tricks the side ``sides[s]`` can be sure
    of with trump ``trumps[t]`` when seat ``leader`` leads the first trick."""

    def tricks(self, trump: Suit | None, leader: int, seats: Iterable[int]) -> int:
        """The tricks the side ``seats`` can be sure of with ``trump`` when
        ``leader`` leads.

        Raises:
            InvalidArgumentError: The table holds no such trump, leader or side.
        """
        if trump not in self.trumps:
            raise InvalidArgumentError(
                f"trump must be one of the table's trumps {list(self.trumps)}, got {shown(trump)}"
            )
        row = self.values[self.trumps.index(trump)]
        if type(leader) is not int or not 0 <= leader < len(row):
            raise InvalidArgumentError(
                f"leader must be a seat 0..{len(row) - 1}, got {shown(leader)}"
            )
        side = tuple(sorted(seats))
        if side not in self.sides:
            raise InvalidArgumentError(
                f"seats must be one of the table's sides {list(self.sides)}, got {shown(seats)}"
            )
        return row[leader][self.sides.index(side)]


def _sides(state: GameState, sides: Iterable[Iterable[int]] | None) -> tuple[tuple[int, ...], ...]:
    players = state.players
    if sides is None:
        return tuple((seat,) for seat in range(players))
    if isinstance(sides, str | bytes) or not isinstance(sides, Iterable):
        raise InvalidArgumentError(
            f"sides must be a collection of sides such as [(0, 2), (1, 3)], got {shown(sides)}"
        )
    found: list[tuple[int, ...]] = []
    for seats in sides:
        side = side_of(seats, players)
        if not side:
            raise InvalidArgumentError(
                "each of sides must hold at least one seat, got an empty one"
            )
        found.append(tuple(s for s in range(players) if side >> s & 1))
    if not found:
        raise InvalidArgumentError("sides must hold at least one side, got none")
    return tuple(found)


def _trumps(trumps: Iterable[Suit | None] | None) -> tuple[Suit | None, ...]:
    if trumps is None:
        return _TRUMPS
    if isinstance(trumps, str | bytes) or not isinstance(trumps, Iterable):
        raise InvalidArgumentError(
            f"trumps must be a collection of suits and None (no trump), got {shown(trumps)}"
        )
    found = tuple(trumps)
    for trump in found:
        if trump is not None and not isinstance(trump, Suit):
            raise InvalidArgumentError(
                f"each of trumps must be a Suit or None (no trump), got {shown(trump)}"
            )
    if not found:
        raise InvalidArgumentError("trumps must hold at least one trump, got none")
    return found


def _check_deal(state: object, function: str) -> GameState:
    state = check_position(state, function)
    if not plain_applies(state):
        raise InvalidArgumentError(
            f"{function} needs the play of a ruleset whose tricks are plain Oh Hell's "
            f"(a plain following rule, no Jokers or bowers), got {state.rules.name}"
        )
    if state.trick:
        raise InvalidArgumentError(
            f"{function} needs a deal at the start of a trick, got a trick with "
            f"{len(state.trick)} card(s) played: ask solve for that position"
        )
    return state


def _table(
    state: GameState, sides: tuple[tuple[int, ...], ...], trumps: tuple[Suit | None, ...]
) -> TrickTable:
    """The table of one checked deal. A side's complement is read off the
    side's own answers (every trick has a winner); each side's search keeps
    its table across the leaders, and each answer starts from the last."""
    players = state.players
    everyone = (1 << players) - 1
    masks = [sum(1 << s for s in side) for side in sides]
    rows: list[tuple[tuple[int, ...], ...]] = []
    for trump in trumps:
        found: dict[int, list[int]] = {}
        for mask in masks:
            if mask in found or (everyone ^ mask) in found:
                continue
            search = PlainSearch(state.rules, trump, mask)
            values: list[int] = []
            guess = -1
            for leader in range(players):
                search.load(state.hands, leader, ())
                guess = search.value_loaded(guess)
                values.append(guess)
            found[mask] = values
        left = len(state.hands[0])
        by_leader: list[tuple[int, ...]] = []
        for leader in range(players):
            row = []
            for mask in masks:
                if mask in found:
                    row.append(found[mask][leader])
                else:
                    row.append(left - found[everyone ^ mask][leader])
            by_leader.append(tuple(row))
        rows.append(tuple(by_leader))
    return TrickTable(trumps=trumps, sides=sides, values=tuple(rows))


def dd_table(
    state: GameState,
    sides: Iterable[Iterable[int]] | None = None,
    *,
    trumps: Iterable[Suit | None] | None = None,
) -> TrickTable:
    """Every side's tricks with each trump for one deal, each seat leading in
    turn: DDS's double-dummy table (``calc_dd_table``), for every ruleset of
    the plain family and any number of seats.

    The deal is the hands of ``state``, at the start of a trick; only the
    tricks still to play count, as in :func:`solve`. A bridge deal's table by
    declarer is read with the declarer's left leading:
    ``table.tricks(strain, (declarer + 1) % 4, (declarer, (declarer + 2) % 4))``.

    Args:
        state: A position of the play at the start of a trick, every hand
            known, in a ruleset whose tricks are plain Oh Hell's (a plain
            following rule, no Jokers or bowers).
        sides: The sides asked about (default: each seat alone), e.g.
            ``[(0, 2), (1, 3)]`` for bridge's partnerships.
        trumps: The trumps (default: each suit, then no trump as ``None``).

    Raises:
        InvalidArgumentError: ``state`` is not such a position, or ``sides``
            or ``trumps`` hold something else.

    Example:
        >>> from counter_rules import OhHell, Phase, apply_move, legal_moves, new_game
        >>> from counter_rules.analysis import dd_table
        >>> state = new_game(OhHell(players=3, schedule=(3,), trump="none"), seed=4)
        >>> while state.phase is Phase.BIDDING:
        ...     state = apply_move(state, legal_moves(state)[0])
        >>> table = dd_table(state, trumps=[None])
        >>> table.values[0]  # no trump: by leader, each seat's tricks
        ((2, 1, 0), (1, 2, 0), (0, 0, 3))
    """
    state = _check_deal(state, "dd_table")
    return _table(state, _sides(state, sides), _trumps(trumps))


_Item = TypeVar("_Item")
_Out = TypeVar("_Out")


def _chunks(items: Sequence[_Item], jobs: int) -> list[Sequence[_Item]]:
    """Consecutive chunks (a few for each worker), so that positions of one
    deal, given one after another, mostly share a worker and its tables."""
    size = max(1, -(-len(items) // (4 * jobs)))
    return [items[i : i + size] for i in range(0, len(items), size)]


def _chunk_task(work: Callable[[Sequence[_Item]], list[_Out]], task: Task) -> list[_Out]:
    """A chunk's answers in a worker of :func:`~counter_rules.runner.hand_out`."""
    return work(task[1])


def _in_workers(
    work: Callable[[Sequence[_Item]], list[_Out]],
    chunks: list[Sequence[_Item]],
    count: int,
    what: str,
) -> list[_Out]:
    """``work`` done on each chunk by ``count`` worker processes (the runner's,
    so that a chunk whose worker dies goes to another), the answers in the
    chunks' order."""
    runs = run_apart(iter(chunks), _chunk_task, work, count, lambda n: f"a chunk of the {what}")
    done = dict(runs)
    return [answer for number in range(len(chunks)) for answer in done[number]]


def _solve_chunk(chunk: Sequence[tuple[GameState, int]]) -> list[int]:
    searches = Searches()
    return [searches.value(state, side) for state, side in chunk]


def _table_chunk(
    chunk: Sequence[tuple[GameState, tuple[tuple[int, ...], ...], tuple[Suit | None, ...]]],
) -> list[TrickTable]:
    return [_table(state, sides, trumps) for state, sides, trumps in chunk]


# Alike on purpose: the examples of dd_table and solve_many start from the same
# hand, each on its own as a reader meets it.
def solve_many(
    positions: Iterable[tuple[GameState, Iterable[int]]], *, jobs: int | None = 1
) -> tuple[int, ...]:
    """What :func:`solve` answers for each ``(state, seats)`` of
    ``positions``, in order; positions of one game share what their searches
    found, as a :class:`Solver`'s do.

    Args:
        positions: Pairs of a position and the seats playing together.
        jobs: Worker processes (``None``: one per CPU); with 1, the
            positions are solved in this process. The workers take the
            positions in chunks of consecutive ones; a chunk whose worker
            dies goes to another (see :func:`solve_worlds`).

    Raises:
        InvalidArgumentError: As :func:`solve` does for a pair, or ``jobs``
            is not a positive integer or ``None``.
        WorkerLostError: A chunk lost its worker three times.

    Example:
        >>> from counter_rules import OhHell, Phase, apply_move, legal_moves, new_game
        >>> from counter_rules.analysis import solve_many
        >>> state = new_game(OhHell(players=3, schedule=(3,), trump="none"), seed=4)
        >>> while state.phase is Phase.BIDDING:
        ...     state = apply_move(state, legal_moves(state)[0])
        >>> solve_many([(state, (1,)), (state, (0, 2))])
        (2, 1)
    """
    count = job_count(jobs)
    if isinstance(positions, str | bytes) or not isinstance(positions, Iterable):
        raise InvalidArgumentError(
            f"positions must be a collection of (state, seats) pairs, got {shown(positions)}"
        )
    checked: list[tuple[GameState, int]] = []
    for item in positions:
        if not isinstance(item, tuple) or len(item) != 2:
            raise InvalidArgumentError(
                f"each of positions must be a (state, seats) pair, got {shown(item)}"
            )
        state = check_position(item[0], "solve_many")
        checked.append((state, side_of(item[1], state.players)))
    if count == 1 or len(checked) < 2:
        return tuple(_solve_chunk(checked))
    return tuple(_in_workers(_solve_chunk, _chunks(checked, count), count, "positions"))


def dd_tables(
    states: Iterable[GameState],
    sides: Iterable[Iterable[int]] | None = None,
    *,
    trumps: Iterable[Suit | None] | None = None,
    jobs: int | None = 1,
) -> tuple[TrickTable, ...]:
    """:func:`dd_table` for many deals (DDS's ``CalcAllTables``), in order,
    on ``jobs`` worker processes (``None``: one per CPU; with 1, in this
    process), as :func:`solve_many` runs them.

    Raises:
        InvalidArgumentError: As :func:`dd_table` does for a deal, or ``jobs``
            is not a positive integer or ``None``.
        WorkerLostError: A chunk lost its worker three times.

    Example:
        >>> from counter_rules.analysis import dd_tables
        >>> from counter_rules.analysis.bridge import bridge_play
        >>> from counter_rules.analysis.pbn import from_pbn
        >>> deal = from_pbn("N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 765.876.876.7654 432.5432.5432.32")
        >>> (table,) = dd_tables([bridge_play(deal, None, 0)], [(0, 2)], trumps=[None])
        >>> table.values
        (((13,), (13,), (13,), (13,)),)
    """
    count = job_count(jobs)
    if isinstance(states, str | bytes) or not isinstance(states, Iterable):
        raise InvalidArgumentError(f"states must be a collection of deals, got {shown(states)}")
    chosen = _trumps(trumps)
    items: list[tuple[GameState, tuple[tuple[int, ...], ...], tuple[Suit | None, ...]]] = []
    for state in states:
        checked = _check_deal(state, "dd_tables")
        items.append((checked, _sides(checked, sides), chosen))
    if count == 1 or len(items) < 2:
        return tuple(_table_chunk(items))
    return tuple(_in_workers(_table_chunk, _chunks(items, count), count, "deals"))
