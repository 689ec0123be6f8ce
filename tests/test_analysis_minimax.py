"""The solver against a plain minimax over the public engine, on small endings
of every built-in ruleset and preset (Counter with its passes and Fours
included) and of a user's ruleset: the same values, the same exact targets.
The rulesets the plain search takes are checked with each of its two
implementations (the fixture ``plain_search``), which must also visit the
same positions."""

from __future__ import annotations

import random

import pytest
from analysis_helpers import RULESETS, ending, ending_size, naive_exact, naive_value
from conftest import PLAIN_SEARCHES

from counter_rules import Counter, Phase
from counter_rules.analysis import can_make, solve
from counter_rules.analysis._general import GeneralSearch
from counter_rules.analysis._plain import PlainSearch, plain_applies, use_native
from counter_rules.rulesets.base import SHORTCUT_PLAIN, Ruleset

ENDINGS_PER_RULESET = 80

# Seconds per ruleset: among the slow tests that the quick subset leaves out.
pytestmark = pytest.mark.slow


def _plain(rules: Ruleset) -> bool:
    return rules.shortcuts().plays == rules.shortcuts().tricks == SHORTCUT_PLAIN


# Every ruleset, those of the plain search once with each of its implementations.
BY_SEARCH = [
    pytest.param(rules, search, id=f"{rules!r}-{search}")
    for rules in RULESETS
    for search in (PLAIN_SEARCHES if _plain(rules) else ("python",))
]
PLAIN_RULESETS = [r for r in RULESETS if _plain(r)]


def _endings(rules: Ruleset, count: int = ENDINGS_PER_RULESET):  # type: ignore[no-untyped-def]
    largest = ending_size(rules)
    for seed in range(count):
        rng = random.Random(seed)
        state = ending(rules, seed, rng.randint(1, largest))
        if state is not None:
            side = rng.randrange(1, 1 << state.players)
            yield seed, state, side, [s for s in range(state.players) if side >> s & 1]


@pytest.mark.parametrize(("rules", "plain_search"), BY_SEARCH, indirect=["plain_search"])
def test_solve_equals_a_plain_minimax_over_the_engine(rules: Ruleset, plain_search: str) -> None:
    """For random sides, solve gives what a minimax over legal_moves and
    apply_move gives, passes searched with the side first."""
    checked = 0
    for seed, state, side, seats in _endings(rules):
        assert solve(state, seats) == naive_value(state, side), (seed, seats)
        checked += 1
    assert checked >= ENDINGS_PER_RULESET // 2


@pytest.mark.parametrize(("rules", "plain_search"), BY_SEARCH, indirect=["plain_search"])
def test_can_make_equals_a_plain_minimax_over_the_engine(rules: Ruleset, plain_search: str) -> None:
    """For every number of tricks, can_make answers what an exact-target
    minimax over the engine answers."""
    for seed, state, _, _ in _endings(rules, ENDINGS_PER_RULESET // 2):
        seat = seed % state.players
        possible = naive_exact(state, seat)
        for tricks in range(state.cards_dealt + 1):
            expected = tricks - state.tricks_won[seat] in possible
            assert can_make(state, seat, tricks) == expected, (seed, seat, tricks)


def test_the_endings_include_passes_and_fours_shown() -> None:
    """The Counter endings reach the pass after a Five and Fours played
    showing another Four, so the comparison covers them."""
    passes = shown = 0
    for rules in RULESETS[:3]:
        for _, state, _, _ in _endings(rules):
            passes += state.phase is Phase.PASSING
            shown += any(p.reveal is not None for t in state.tricks for p in t.plays)
    assert passes > 0 and shown > 0


def test_passes_chosen_side_first_are_what_the_minimax_gives_where_the_order_matters() -> None:
    """Where the seats of a pass after Counter's Five would be sure of more
    choosing in seat order than choosing first, solve gives what the minimax
    choosing the side first gives."""
    rules = Counter(players=3)
    differ = 0
    for seed in (69, 112, *range(200, 260)):
        state = ending(rules, seed, 3)
        if state is None or state.phase is not Phase.PASSING:
            continue
        for side in (2, 4, 6):
            first = naive_value(state, side)
            if first != naive_value(state, side, side_first=False):
                assert solve(state, [s for s in range(3) if side >> s & 1]) == first, seed
                differ += 1
        if differ >= 2:
            return
    raise AssertionError("no pass whose order changes the value found")


@pytest.mark.usefixtures("plain_search")
@pytest.mark.parametrize("rules", PLAIN_RULESETS, ids=repr)
def test_the_fast_search_agrees_with_the_general_one(rules: Ruleset) -> None:
    """Where the fast search for plain tricks applies, it gives what the search
    over the engine's transitions gives, for values and exact targets."""
    compared = 0
    for seed, state, side, _ in _endings(rules, 30):
        if not plain_applies(state):
            continue
        general = GeneralSearch(rules, side)
        fast = PlainSearch(rules, state.trump, side)
        assert fast.value(state) == general.value(state), seed
        seat = seed % state.players
        alone = GeneralSearch(rules, 1 << seat)
        fast_alone = PlainSearch(rules, state.trump, 1 << seat)
        for need in range(len(state.hands[seat]) + 1):
            assert fast_alone.exactly(state, need) == alone.exactly(state, need), (seed, need)
        compared += 1
    assert compared > 0


@pytest.mark.skipif(len(PLAIN_SEARCHES) < 2, reason="the pure-Python build has no kernel")
@pytest.mark.parametrize("rules", PLAIN_RULESETS, ids=repr)
def test_the_kernel_and_the_python_search_search_alike(rules: Ruleset) -> None:
    """The native kernel and the Python search run one algorithm: on every
    ending they answer alike and visit the same number of positions (a
    difference in a table built from the rules, or in the search, shows)."""
    compared = 0
    for seed, state, side, _ in _endings(rules, 30):
        if not plain_applies(state):
            continue
        answers = []
        for native in (True, False):
            previous = use_native(native)
            try:
                search = PlainSearch(rules, state.trump, side)
                seat = seed % state.players
                alone = PlainSearch(rules, state.trump, 1 << seat)
                exact = [alone.exactly(state, need) for need in range(len(state.hands[seat]) + 1)]
                answers.append((search.value(state), search.nodes, exact, alone.nodes))
            finally:
                use_native(previous)
        assert answers[0] == answers[1], seed
        compared += 1
    assert compared > 0


@pytest.mark.parametrize("rules", RULESETS, ids=repr)
def test_the_answers_do_not_depend_on_the_order_moves_are_tried(rules: Ruleset) -> None:
    """The general search with its move ordering scrambled (a random cutoff
    history, several times over) answers what the minimax answers: its table
    holds only what the position alone decides."""
    for seed, state, side, _ in _endings(rules, ENDINGS_PER_RULESET // 2):
        seat = seed % state.players
        value = naive_value(state, side)
        possible = naive_exact(state, seat)
        for scramble in range(4):
            order = random.Random(seed * 10 + scramble)
            scrambled = GeneralSearch(rules, side)
            scrambled.history = [order.randrange(1_000) for _ in scrambled.history]
            assert scrambled.value(state) == value, (seed, scramble)
            alone = GeneralSearch(rules, 1 << seat)
            alone.history = [order.randrange(1_000) for _ in alone.history]
            for need in range(len(state.hands[seat]) + 1):
                assert alone.exactly(state, need) == (need in possible), (seed, scramble, need)
