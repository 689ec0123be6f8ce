"""The solver against a plain minimax over the public engine, on small endings
of every built-in ruleset and preset (Counter with its passes and Fours
included) and of a user's ruleset: the same values, the same exact targets.
The rulesets the plain search takes are checked with each of its two
implementations (the fixture ``plain_search``), which must also visit the
same positions."""

from __future__ import annotations

import random

import pytest
from analysis_helpers import RULESETS, ending, naive_exact, naive_value, random_endings
from conftest import PLAIN_SEARCHES

from counter_rules import Counter, OhHell, Phase, Suit, apply_move, legal_moves, new_game, view
from counter_rules.analysis import can_make, fast_search, solve
from counter_rules.analysis._general import GeneralSearch
from counter_rules.analysis._plain import PlainSearch, plain_applies, use_native
from counter_rules.errors import InvalidArgumentError
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
    for seed, state, rng in random_endings(rules, count):
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


@pytest.mark.parametrize("rules", RULESETS, ids=repr)
def test_fast_search_answers_alike_for_a_state_its_views_and_its_bidding(rules: Ruleset) -> None:
    """``fast_search`` says whether the plain search takes the play of a
    hand: the same for the hand while it is bid, for the state in play (which
    ``plain_applies`` decides) and for every seat's view of either."""
    state = new_game(rules, seed=3)
    bidding = state
    while state.phase is not Phase.PLAYING:
        state = apply_move(state, legal_moves(state)[0])
    expected = plain_applies(state)
    for position in (bidding, state):
        assert fast_search(position) is expected
        for seat in range(state.players):
            assert fast_search(view(position, seat)) is expected


def test_fast_search_refuses_what_is_not_a_hand_in_play() -> None:
    """A finished game and a value that is neither a state nor a view get the
    library's error, naming what was given."""
    state = new_game(OhHell(players=3, schedule=(1,)), seed=1)
    while state.phase is not Phase.GAME_OVER:
        state = apply_move(state, legal_moves(state)[0])
    with pytest.raises(InvalidArgumentError, match="the game is over"):
        fast_search(state)
    with pytest.raises(InvalidArgumentError, match="got str"):
        fast_search("a state")  # type: ignore[arg-type]


# Two-deck rulesets, with the most cards a hand holds in their endings here
# (the general search, the reference, grows slow past them).
TWO_DECKS = [
    pytest.param(
        OhHell(players=3, schedule=(9,), decks=2, trump="rotation", rotation=(Suit.DIAMONDS,)),
        7,
        id="3 players",
    ),
    pytest.param(OhHell(players=4, schedule=(8,), decks=2), 6, id="4 players"),
]


_GENERAL_ANSWERS: dict[tuple[int, int], list[tuple[int, bool]]] = {}


def _two_deck_endings(rules: Ruleset, largest: int):  # type: ignore[no-untyped-def]
    """Endings of 6 to ``largest`` cards a hand, each with two sides (a random
    one, a seat alone) and the general search's answers: the values of the
    sides, then whether the seat can make each exact target (computed once for
    both implementations of the fast search, one general search kept for each
    side across the endings)."""
    general: dict[int, GeneralSearch] = {}
    for seed in range(8):
        rng = random.Random(seed)
        state = ending(rules, seed, rng.randint(6, largest))
        assert state is not None and plain_applies(state)
        seat = rng.randrange(state.players)
        sides = (rng.randrange(1, (1 << state.players) - 1), 1 << seat)
        key = (id(rules), seed)
        if key not in _GENERAL_ANSWERS:
            searches = [general.setdefault(side, GeneralSearch(rules, side)) for side in sides]
            answers = [(search.value(state), False) for search in searches]
            answers += [
                (need, searches[1].exactly(state, need))
                for need in range(len(state.hands[seat]) + 1)
            ]
            _GENERAL_ANSWERS[key] = answers
        yield seed, state, sides, _GENERAL_ANSWERS[key]


@pytest.mark.usefixtures("plain_search")
@pytest.mark.parametrize(("rules", "largest"), TWO_DECKS)
def test_two_decks_endings_of_six_cards_and_more_agree_with_the_general_search(
    rules: Ruleset, largest: int
) -> None:
    """With two decks, identical cards in several hands (the first played of
    two wins): from 6 cards a hand up, the fast search gives the general
    search's values for random sides and its exact targets for a seat, each
    search kept across the endings as a solver keeps them."""
    fast: dict[tuple[int, object], PlainSearch] = {}
    tied = 0
    for seed, state, sides, answers in _two_deck_endings(rules, largest):
        held = [(card.rank, card.suit) for hand in state.hands for card in hand]
        tied += len(held) != len(set(held))
        searches = [
            fast.setdefault((side, state.trump), PlainSearch(rules, state.trump, side))
            for side in sides
        ]
        for search, (value, _) in zip(searches, answers[:2], strict=True):
            assert search.value(state) == value, (seed, search.side)
        for need, makes in answers[2:]:
            assert searches[1].exactly(state, need) == makes, (seed, need)
    assert tied >= 4


@pytest.mark.skipif(len(PLAIN_SEARCHES) < 2, reason="the pure-Python build has no kernel")
@pytest.mark.parametrize("rules", PLAIN_RULESETS, ids=repr)
def test_the_kernel_and_the_python_search_search_alike(rules: Ruleset) -> None:
    """The native kernel and the Python search run one algorithm: on every
    ending they answer alike and visit the same number of positions, a seat's
    exact questions reading its value's bounds from the table (a difference
    in a table built from the rules, or in the search, shows)."""
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
                # The seat's value first, so that the exact questions read
                # its bounds from the table as they go.
                mine = alone.value(state)
                exact = [alone.exactly(state, need) for need in range(len(state.hands[seat]) + 1)]
                answers.append((search.value(state), search.nodes, mine, exact, alone.nodes))
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
