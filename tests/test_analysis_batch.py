"""The solver's batch questions: a deal's table of tricks (dd_table), many
deals' tables and many positions at once, on worker processes too, with each
implementation of the plain search (the fixture ``plain_search``)."""

from __future__ import annotations

import functools
import multiprocessing
import os
import random
from collections.abc import Sequence
from pathlib import Path

import pytest

from counter_rules import (
    Counter,
    Deal,
    GameState,
    InvalidArgumentError,
    OhHell,
    Phase,
    Suit,
    apply_move,
    legal_moves,
    new_game,
    standard_deck,
    view,
)
from counter_rules.analysis import TrickTable, _batch, dd_table, dd_tables, solve, solve_many

_SOLVE_CHUNK = _batch._solve_chunk

pytestmark = pytest.mark.usefixtures("plain_search")

TRUMPS: tuple[Suit | None, ...] = (*Suit, None)


def _deal(seed: int, players: int = 3, cards: int = 4) -> list[list[str]]:
    deck = list(standard_deck())
    random.Random(seed).shuffle(deck)
    return [[str(c) for c in deck[cards * s : cards * s + cards]] for s in range(players)]


def _played(hands: list[list[str]], trump: Suit | None, leader: int) -> GameState:
    """The hands in a plain Oh Hell hand with ``trump``, ``leader`` to lead
    (the dealer's left leads), every seat bidding its first bid."""
    players = len(hands)
    schedule = (len(hands[0]),)
    if trump is None:
        rules = OhHell(players=players, schedule=schedule, trump="none")
    else:
        rules = OhHell(players=players, schedule=schedule, trump="rotation", rotation=(trump,))
    dealt = {c for hand in hands for c in hand}
    deal = Deal(hands=hands, stock=[c for c in standard_deck() if str(c) not in dealt])
    state = new_game(rules, deal=deal, dealer=(leader - 1) % players)
    while state.phase is Phase.BIDDING:
        state = apply_move(state, legal_moves(state)[0])
    return state


@pytest.mark.parametrize("seed", range(4))
def test_the_table_is_what_solve_gives_for_each_trump_leader_and_side(seed: int) -> None:
    """Each value of the table is what solve gives for the side, the same
    hands being played with that trump and that seat leading."""
    hands = _deal(seed)
    sides = [(0,), (1,), (2,), (0, 2)]
    table = dd_table(_played(hands, None, 0), sides)
    assert table.trumps == TRUMPS and table.sides == tuple(sides)
    for trump in TRUMPS:
        for leader in range(3):
            state = _played(hands, trump, leader)
            for side in sides:
                assert table.tricks(trump, leader, side) == solve(state, side), (trump, leader)


def test_a_side_and_the_others_share_each_trick() -> None:
    """A side's complement takes every trick the side does not."""
    table = dd_table(_played(_deal(7, players=4, cards=5), Suit.SPADES, 1), [(0, 2), (1, 3)])
    for row in table.values:
        for ours, theirs in row:
            assert ours + theirs == 5


def test_only_the_trumps_and_sides_asked_are_in_the_table() -> None:
    table = dd_table(_played(_deal(3), None, 0), trumps=[Suit.HEARTS, None])
    assert table.trumps == (Suit.HEARTS, None)
    assert table.sides == ((0,), (1,), (2,))
    assert len(table.values) == 2 and all(len(row) == 3 for row in table.values)


@pytest.mark.parametrize("jobs", [1, 2])
def test_many_tables_are_the_tables_one_by_one(jobs: int) -> None:
    states = [_played(_deal(seed), None, seed % 3) for seed in range(5)]
    expected = tuple(dd_table(state, trumps=[Suit.CLUBS, None]) for state in states)
    assert dd_tables(states, trumps=[Suit.CLUBS, None], jobs=jobs) == expected


@pytest.mark.parametrize("jobs", [1, 2])
def test_many_positions_are_solved_as_solve_solves_them(jobs: int) -> None:
    states = [_played(_deal(seed, cards=5), Suit.DIAMONDS, seed % 3) for seed in range(6)]
    positions = [(state, (seat,)) for state in states for seat in range(3)]
    expected = tuple(solve(state, seats) for state, seats in positions)
    assert solve_many(positions, jobs=jobs) == expected


def _dies_first(marks: Path, chunk: Sequence[tuple[GameState, int]]) -> list[int]:
    """The chunk solved, by the second worker that tries: the first one dies."""
    mark = marks / f"{abs(hash(tuple(side for _, side in chunk)))}-{len(chunk)}"
    if not mark.exists():
        mark.touch()
        os._exit(1)
    return _SOLVE_CHUNK(chunk)


def test_a_chunk_whose_worker_dies_is_solved_by_another(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each chunk's first worker dies; new workers solve it, and the answers
    are those of one process."""
    states = [_played(_deal(seed, cards=5), Suit.DIAMONDS, seed % 3) for seed in range(3)]
    positions = [(state, (seat,)) for state in states for seat in range(3)]
    expected = solve_many(positions)
    monkeypatch.setattr(_batch, "_solve_chunk", functools.partial(_dies_first, tmp_path))
    assert solve_many(positions, jobs=2) == expected
    assert list(tmp_path.iterdir())
    assert multiprocessing.active_children() == []


def test_a_table_is_a_frozen_value() -> None:
    table = dd_table(_played(_deal(1), None, 0), trumps=[None])
    assert isinstance(table, TrickTable)
    assert table == dd_table(_played(_deal(1), None, 0), trumps=[None])
    with pytest.raises(AttributeError):
        table.values = ()  # type: ignore[misc]


def _counter_in_play() -> GameState:
    state = new_game(Counter(players=4), seed=1)
    while state.phase is not Phase.PLAYING:
        state = apply_move(state, legal_moves(state)[0])
    return state


def _mid_trick() -> GameState:
    state = _played(_deal(2), None, 0)
    return apply_move(state, legal_moves(state)[0])


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (_counter_in_play, "needs the play of a ruleset whose tricks are plain"),
        (_mid_trick, "needs a deal at the start of a trick, got a trick with 1 card"),
        (lambda: view(_played(_deal(2), None, 0), 0), "needs every hand open"),
        (lambda: new_game(OhHell(players=3), seed=1), "is still being bid"),
        (lambda: "deal", "needs a GameState, got str"),
    ],
)
def test_a_position_dd_table_cannot_take_is_refused(make: object, message: str) -> None:
    with pytest.raises(InvalidArgumentError, match=message):
        dd_table(make())  # type: ignore[operator]
    with pytest.raises(InvalidArgumentError, match=message):
        dd_tables([make()])  # type: ignore[operator]


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"sides": "02"}, "sides must be a collection of sides"),
        ({"sides": [()]}, "each of sides must hold at least one seat"),
        ({"sides": []}, "sides must hold at least one side"),
        ({"sides": [(0, 3)]}, "each of seats must be"),
        ({"trumps": "S"}, "trumps must be a collection of suits and None"),
        ({"trumps": ["S"]}, r"each of trumps must be a Suit or None \(no trump\), got 'S'"),
        ({"trumps": []}, "trumps must hold at least one trump"),
    ],
)
def test_bad_sides_and_trumps_are_named(arguments: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidArgumentError, match=message):
        dd_table(_played(_deal(0), None, 0), **arguments)  # type: ignore[arg-type]


@pytest.mark.parametrize("jobs", [0, -1, 1.5, "2", True])
def test_bad_jobs_are_named(jobs: object) -> None:
    state = _played(_deal(0), None, 0)
    with pytest.raises(InvalidArgumentError, match="jobs must be a positive integer or None"):
        solve_many([(state, (0,))], jobs=jobs)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="jobs must be a positive integer or None"):
        dd_tables([state], jobs=jobs)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("positions", "message"),
    [
        (3, "positions must be a collection of"),
        ([(1, 2, 3)], r"each of positions must be a \(state, seats\) pair"),
        ([("state", (0,))], "solve_many needs a GameState"),
        ([(None, (0,))], "solve_many needs a GameState"),
    ],
)
def test_bad_positions_are_named(positions: object, message: str) -> None:
    with pytest.raises(InvalidArgumentError, match=message):
        solve_many(positions)  # type: ignore[arg-type]


def test_bad_seats_of_a_position_are_named() -> None:
    state = _played(_deal(0), None, 0)
    with pytest.raises(InvalidArgumentError, match="each of seats must be"):
        solve_many([(state, (5,))])


@pytest.mark.parametrize(
    ("trump", "leader", "seats", "message"),
    [
        (Suit.SPADES, 0, (0,), "trump must be one of the table's trumps"),
        (None, 3, (0,), r"leader must be a seat 0\.\.2, got 3"),
        (None, 0, (0, 1), "seats must be one of the table's sides"),
    ],
)
def test_a_question_the_table_cannot_answer_is_named(
    trump: Suit | None, leader: int, seats: tuple[int, ...], message: str
) -> None:
    table = dd_table(_played(_deal(0), None, 0), trumps=[None])
    with pytest.raises(InvalidArgumentError, match=message):
        table.tricks(trump, leader, seats)
