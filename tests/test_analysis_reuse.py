"""One solver asked about many positions, with each implementation of the
plain search (the fixture ``plain_search``): positions of many deals, trumps,
sizes and rulesets, asked in turn of one :class:`Solver`, get what a fresh
search gives each of them. A solver keeps a search for each ruleset, side and
trump, and each search keeps its table for every later position: the keys of
both must tell apart whatever changes between the positions asked."""

from __future__ import annotations

import random

import pytest
from analysis_helpers import ending
from conftest import PLAIN_SEARCHES

from counter_rules import (
    Counter,
    GameState,
    OhHell,
    Phase,
    Suit,
    apply_move,
    legal_moves,
    new_game,
)
from counter_rules.analysis import Solver, can_make, move_values, solve
from counter_rules.analysis._plain import PlainSearch, plain_applies, use_native
from counter_rules.rulesets.base import Ruleset

pytestmark = pytest.mark.usefixtures("plain_search")

# Rulesets asked in turn, with the most cards a hand holds in their positions.
MIXED: tuple[tuple[Ruleset, int], ...] = (
    # No trump, seven cards: the plain table keyed by every hand's suit lengths.
    (OhHell(players=4, schedule=(7,), trump="none"), 7),
    # The turned card's trump: one ruleset, a trump for each deal.
    (OhHell(players=4, schedule=(6,)), 6),
    # Two decks: identical cards in the hands.
    (OhHell(players=3, schedule=(8,), decks=2), 6),
    (OhHell(players=5, schedule=(5,), trump="rotation", rotation=(Suit.HEARTS,)), 5),
    # The general search, its passes included.
    (Counter(players=3), 3),
)


def _side(rng: random.Random, players: int) -> tuple[int, ...]:
    side = rng.randrange(1, (1 << players) - 1)
    return tuple(s for s in range(players) if side >> s & 1)


def _positions(count: int) -> list[GameState]:
    """Positions of the rulesets of MIXED in turn, each of a deal of its own
    and of a size drawn from 2 to the ruleset's largest."""
    found: list[GameState] = []
    seed = 0
    while len(found) < count:
        rules, largest = MIXED[seed % len(MIXED)]
        state = ending(rules, seed, random.Random(seed).randint(2, largest))
        if state is not None:
            found.append(state)
        seed += 1
    return found


def test_one_solver_across_deals_trumps_sizes_and_rulesets_answers_as_fresh_searches() -> None:
    """Every answer of a solver kept across all the positions (values for a
    random side, every exact target of a seat) is the answer of a fresh
    search of that position alone."""
    shared = Solver()
    trumps: set[tuple[int, Suit | None]] = set()
    for number, state in enumerate(_positions(60)):
        rng = random.Random(number)
        seats = _side(rng, state.players)
        assert shared.solve(state, seats) == solve(state, seats), number
        seat = rng.randrange(state.players)
        for tricks in range(state.cards_dealt + 1):
            assert shared.can_make(state, seat, tricks) == can_make(state, seat, tricks), (
                number,
                tricks,
            )
        if number % 3 == 0:
            assert shared.move_values(state, seats) == move_values(state, seats), number
        trumps.add((id(state.rules), state.trump))
    # One ruleset was asked about under several trumps.
    assert len(trumps) > len(MIXED) + 2


def test_one_solver_across_the_hands_of_a_game_answers_as_fresh_searches() -> None:
    """Positions of every hand of one game (another trump, another size and
    another leader each hand), asked of one solver, in the order played."""
    rules = OhHell(players=4, schedule=(7, 6, 5, 6, 7))
    shared = Solver()
    rng = random.Random(2)
    state = new_game(rules, seed=2)
    asked = 0
    while not state.is_over:
        if state.phase is Phase.PLAYING and rng.random() < 0.25:
            seats = _side(rng, 4)
            assert shared.solve(state, seats) == solve(state, seats), asked
            seat = rng.randrange(4)
            bid = rng.randrange(state.cards_dealt + 1)
            assert shared.can_make(state, seat, bid) == can_make(state, seat, bid), asked
            asked += 1
        state = apply_move(state, rng.choice(legal_moves(state)))
    assert asked > 20


@pytest.mark.skipif(len(PLAIN_SEARCHES) < 2, reason="the pure-Python build has no kernel")
def test_the_kernel_and_the_python_search_visit_the_same_positions_across_positions() -> None:
    """The kernel and the Python search run one algorithm (its tables, its
    shortcuts, its order of moves): a search of each kept across the
    positions of MIXED's plain rulesets gives the same answers after the same
    number of positions, question after question."""
    counts = []
    for native in (True, False):
        previous = use_native(native)
        try:
            searches: dict[tuple[int, int, object], PlainSearch] = {}
            seen = []
            for number, state in enumerate(_positions(30)):
                if not plain_applies(state):
                    continue
                side = 1 << number % state.players | 1
                key = (id(state.rules), side, state.trump)
                search = searches.setdefault(key, PlainSearch(state.rules, state.trump, side))
                seat = number % state.players
                alone_key = (id(state.rules), 1 << seat, state.trump)
                alone = searches.setdefault(
                    alone_key, PlainSearch(state.rules, state.trump, 1 << seat)
                )
                exact = [alone.exactly(state, need) for need in range(state.cards_dealt + 1)]
                seen.append((search.value(state), search.nodes, exact, alone.nodes))
            counts.append(seen)
        finally:
            use_native(previous)
    assert counts[0] == counts[1]
    assert len(counts[0]) >= 20


@pytest.mark.skipif(len(PLAIN_SEARCHES) < 2, reason="the pure-Python build has no kernel")
def test_the_kernel_keeps_what_orders_its_moves_across_deals_as_the_python_search_does() -> None:
    """One search of each kept over deals of one size, whose moves the cut-offs
    of the earlier deals order: the same positions, deal after deal."""
    rules = OhHell(players=4, schedule=(6,), trump="none")
    states = [ending(rules, seed, 6) for seed in range(12)]
    runs = []
    for native in (True, False):
        previous = use_native(native)
        try:
            search = PlainSearch(rules, None, 1)
            runs.append([(search.value(state), search.nodes) for state in states])  # type: ignore[arg-type]
        finally:
            use_native(previous)
    assert runs[0] == runs[1]
