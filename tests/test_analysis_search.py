"""The searches' own behaviour, beyond their answers, with each
implementation of the plain search (the fixture ``plain_search``): what a
search keeps answers the same question again without searching, the
positions it counts and where it looks at its limit, and the order in which
the general search tries moves (the table's move, then the cards that win
the trick for the seat's side, then the cards of the most cut-offs)."""

from __future__ import annotations

import importlib
import random

import pytest
from analysis_helpers import pure_only

from counter_rules import (
    Card,
    Counter,
    GameState,
    OhHell,
    Pass,
    Phase,
    Play,
    Suit,
    apply_move,
    legal_moves,
    new_game,
)
from counter_rules.analysis import SearchLimitReached, Solver, move_values
from counter_rules.analysis._general import GeneralSearch, gallop, search_order
from counter_rules.analysis._plain import (
    _TABLES,
    PlainSearch,
    PlainTables,
    native_kernel,
    plain_applies,
    plain_tables,
    use_native,
)
from counter_rules.analysis._plain_search import WEIGHTS, PythonSearch
from counter_rules.fast_values import played_card
from counter_rules.rulesets import plain_tricks
from counter_rules.rulesets.base import Ruleset

pytestmark = pytest.mark.usefixtures("plain_search")


def _played(rules: Ruleset, seed: int, until: object) -> GameState:
    """Random legal play of ``rules`` from a new game until ``until(state)``."""
    for attempt in range(seed, seed + 200):
        rng = random.Random(attempt)
        state = new_game(rules, seed=attempt)
        while not state.is_over and state.hand_number == 1:
            if until(state):  # type: ignore[operator]
                return state
            state = apply_move(state, rng.choice(legal_moves(state)))
    raise AssertionError("no such position reached")


def _cards_left(state: GameState) -> int:
    return len(state.hands[min(state.to_act)])


def _trick_start(rules: Ruleset, seed: int, cards: int) -> GameState:
    return _played(
        rules,
        seed,
        lambda s: s.phase is Phase.PLAYING and not s.trick and _cards_left(s) == cards,
    )


SEARCHES = [
    pytest.param(Counter(players=3), 4, id="general"),
    pytest.param(OhHell(players=4, schedule=(7,)), 6, id="plain"),
]


def _search(state: GameState, side: int) -> GeneralSearch | PlainSearch:
    if plain_applies(state):
        return PlainSearch(state.rules, state.trump, side)
    return GeneralSearch(state.rules, side)


# -- the table ------------------------------------------------------------------------
@pytest.mark.parametrize(("rules", "cards"), SEARCHES)
def test_a_question_asked_again_is_answered_from_the_table(rules: Ruleset, cards: int) -> None:
    """Once a search has answered a question about a position at the start
    of a trick, the same question costs at most one position a probe: the
    table holds the bounds on the side's tricks and the exact targets found
    makeable and not."""
    for seed in range(3):
        state = _trick_start(rules, seed, cards)
        for side in (1, 2, 3):
            search = _search(state, side)
            value = search.value(state)
            first = search.nodes
            assert first > cards
            assert search.value(state) == value
            assert search.nodes - first <= cards + 1
            for target in range(cards + 1):
                before = search.nodes
                assert search.at_least(state, target) == (target <= value)
                assert search.nodes - before <= 1
        seat = seed % state.players
        alone = _search(state, 1 << seat)
        makes = [alone.exactly(state, need) for need in range(cards + 1)]
        before = alone.nodes
        assert [alone.exactly(state, need) for need in range(cards + 1)] == makes
        assert alone.nodes - before <= cards + 1


@pytest.mark.parametrize("native", [True, False])
@pytest.mark.parametrize(("rules", "cards"), SEARCHES)
def test_each_question_reads_what_the_other_found(rules: Ruleset, cards: int, native: bool) -> None:
    """A seat's search reads one question's answers for the other: once it
    has found the most tricks the seat can be sure of, whether it can be
    sure of exactly more is answered from the table (at most the position
    asked about); once it has found exactly ``n`` possible, at least ``n``
    is."""
    previous = use_native(native)
    made = 0
    try:
        for seed in range(3):
            state = _trick_start(rules, seed, cards)
            seat = seed % state.players
            search = _search(state, 1 << seat)
            value = search.value(state)
            for need in range(value + 1, cards + 1):
                before = search.nodes
                assert not search.exactly(state, need)
                assert search.nodes - before <= 1
            # Exact numbers a seat alone can be sure of are found late in a
            # hand (three cards left), for any seat.
            late = _trick_start(rules, seed, 3)
            for alone in range(late.players):
                fresh = _search(late, 1 << alone)
                makes = [need for need in range(4) if fresh.exactly(late, need)]
                for need in makes:
                    before = fresh.nodes
                    assert fresh.at_least(late, need)
                    assert fresh.nodes - before <= 1
                made += len(makes)
    finally:
        use_native(previous)
    assert made > 0


@pytest.mark.parametrize(("rules", "cards"), SEARCHES)
def test_a_target_outside_the_tricks_left_is_answered_without_a_search(
    rules: Ruleset, cards: int
) -> None:
    """No tricks are always sure, more than the tricks left never, and an
    exact number below none or past the tricks left is never made: each is
    answered without visiting a position."""
    state = _trick_start(rules, 0, cards)
    search = _search(state, 1)
    assert search.at_least(state, 0) and not search.at_least(state, cards + 1)
    assert not search.exactly(state, cards + 1) and not search.exactly(state, -1)
    assert search.nodes == 0


def test_a_value_is_found_asking_small_targets_first_then_by_bisection() -> None:
    """gallop asks 1, then twice the last target that held (1, 2, 4, 8 ...)
    while the answer is yes, then bisects between the last yes and the first
    no: a value of 1, the commonest above 0 for one seat, takes one "no"."""
    for value, most, expected in [
        (1, 13, [1, 2]),
        (3, 13, [1, 2, 4, 3]),
        (0, 13, [1]),
        (13, 13, [1, 2, 4, 8, 13]),
        (9, 13, [1, 2, 4, 8, 13, 10, 9]),
        (5, 5, [1, 2, 4, 5]),
        (0, 0, []),
    ]:
        asked: list[int] = []

        def holds(target: int, value: int = value, asked: list[int] = asked) -> bool:
            asked.append(target)
            return target <= value

        assert gallop(holds, most) == value
        assert asked == expected, (value, most)


# -- positions counted, and limits ---------------------------------------------------
@pytest.mark.parametrize(("rules", "cards"), SEARCHES)
def test_the_hand_s_last_card_is_one_position(rules: Ruleset, cards: int) -> None:
    """A position with one card left to play in the hand is one position
    searched, for each question and each side."""
    state = _played(rules, 0, lambda s: s.phase is Phase.PLAYING and len(s.trick) == s.players - 1)
    while _cards_left(state) > 1 or len(state.trick) < state.players - 1:
        state = apply_move(state, legal_moves(state)[0])
    for side in ((0,), (1, 2)):
        solver = Solver()
        solver.solve(state, side)
        assert solver.positions == 1


def _dearest(rules: Ruleset, cards: int = 5) -> tuple[GameState, int]:
    """A position whose solve for seat 0 visits more than 512 positions, not a
    multiple of 256, and how many."""
    for seed in range(40):
        state = _trick_start(rules, seed, cards)
        solver = Solver()
        solver.solve(state, (0,))
        if solver.positions > 512 and solver.positions % 256:
            return state, solver.positions
    raise AssertionError("no position dear enough")


def test_the_general_search_looks_at_its_limit_every_256_positions() -> None:
    """The general search compares its positions with its limit when their
    count is a multiple of 256 (as the Python plain search does): a question
    of a little more than 256·k positions finishes under a limit of 256·k,
    and gives up under a limit of 256·k - 1."""
    state, dearest = _dearest(Counter(players=3))
    boundary = dearest // 256 * 256
    assert Solver(nodes=boundary).solve(state, (0,)) == Solver().solve(state, (0,))
    with pytest.raises(SearchLimitReached):
        Solver(nodes=boundary - 1).solve(state, (0,))


def test_the_python_plain_search_looks_at_its_limit_every_256_positions() -> None:
    """The same in the Python plain search (the kernel stops at its limit
    exactly)."""
    previous = use_native(False)
    try:
        state, dearest = _dearest(OhHell(players=4, schedule=(8,)), 7)
        boundary = dearest // 256 * 256
        assert Solver(nodes=boundary).solve(state, (0,)) == Solver().solve(state, (0,))
        with pytest.raises(SearchLimitReached):
            Solver(nodes=boundary - 1).solve(state, (0,))
    finally:
        use_native(previous)


# The positions the plain search visits for seat 0 alone and for a side of
# two (move_values), at trick starts with 7 cards of three deals: its order of
# moves and its shortcuts pinned down. A change that makes the search visit
# fewer positions updates these figures, in both implementations at once.
PLAIN_POSITIONS = [
    (OhHell(players=4, schedule=(8,)), [(257, 781), (478, 1997), (233, 1917)]),
    (OhHell(players=3, schedule=(8,), decks=2), [(43, 1570), (1058, 2284), (524, 1272)]),
    (OhHell(players=4, schedule=(8,), trump="none"), [(125, 1435), (449, 2326), (8, 1126)]),
]


@pytest.mark.parametrize(("rules", "counts"), PLAIN_POSITIONS, ids=repr)
def test_the_plain_search_visits_the_positions_it_is_known_to(
    rules: Ruleset, counts: list[tuple[int, int]]
) -> None:
    """Each implementation of the plain search visits the recorded number of
    positions on the recorded questions."""
    for seed, (alone, pair) in enumerate(counts):
        state = _trick_start(rules, seed, 7)
        solver = Solver()
        solver.solve(state, (0,))
        assert solver.positions == alone, seed
        solver = Solver()
        solver.move_values(state, (0, 2) if rules.players == 4 else (0, 1))
        assert solver.positions == pair, seed


def test_a_search_made_alone_starts_with_no_position_and_no_limit() -> None:
    """A search made directly (as the bots make them) has visited nothing and
    has neither deadline nor limit of positions: a question of more than a
    thousand positions finishes."""
    state, dearest = _dearest(Counter(players=3))
    search = GeneralSearch(state.rules, 1)
    assert search.nodes == 0 and search.deadline == 0 and search.node_limit == 0
    search.value(state)
    assert search.nodes == dearest


# -- passes ---------------------------------------------------------------------------
def test_move_values_in_a_pass_list_the_passes_of_the_side_s_first_seat_still_to_choose() -> None:
    """With two seats still to choose a pass, move_values lists the passes of
    the side's seat, whichever of the two it is."""
    passing = _played(
        Counter(players=3), 0, lambda s: s.phase is Phase.PASSING and _cards_left(s) <= 3
    )
    first = min(passing.to_act)
    state = apply_move(passing, legal_moves(passing, first)[0])
    assert len(state.to_act) == 2
    for seat in state.to_act:
        values = move_values(state, (seat,))
        assert {move.seat for move in values} == {seat}
        assert all(isinstance(move, Pass) for move in values)


# -- the general search's order of moves ---------------------------------------------
def _completing(seed: int) -> GameState:
    """A Counter position whose seat to play completes the trick, with a card
    that wins it for the seat and one that does not."""

    def wanted(state: GameState) -> bool:
        if state.phase is not Phase.PLAYING or len(state.trick) != state.players - 1:
            return False
        search = GeneralSearch(state.rules, 1 << state.current_player)  # type: ignore[operator]
        board = search.board(state)
        winners = {board.winner_if(play) == state.current_player for play in board.moves()}
        return winners == {True, False}

    return _played(Counter(players=3), seed, wanted)


def _replies_by_the_engine(state: GameState, lead: Play) -> int:
    """The legal plays of the leader's two neighbours after ``lead``, as
    ``legal_moves`` lists them when each is to play (Counter's follow rule
    reads only the led card, so the cards played between do not matter)."""
    after = apply_move(state, lead)
    count = len(legal_moves(after))
    for _ in range(2):
        after = apply_move(after, legal_moves(after)[0])
    return count + len(legal_moves(after))


def test_a_lead_of_the_other_side_is_tried_by_how_few_replies_it_leaves_the_side() -> None:
    """When a seat of the other side leads, a fresh search (no cut-offs yet)
    tries its leads that keep the trick so far by how few legal plays each
    leaves the side's seats, fewest first; on these positions that order
    differs from the order the leads are listed in."""
    reordered = 0
    for seed in range(6):
        state = _trick_start(Counter(players=4), seed, 6)
        seat = state.leader
        side = 1 << (seat + 1) % 4 | 1 << (seat + 3) % 4
        search = GeneralSearch(state.rules, side)
        board = search.board(state)
        plays = board.moves()
        kept = [p for p in plays if board.winner_if(p) == seat]
        order = [move for move, _ in search.moves(board, seat, -1)][: len(kept)]
        assert sorted(order, key=plays.index) == kept
        replies = [board.replies(p, side) for p in order]
        assert replies == [_replies_by_the_engine(state, p) for p in order]
        assert replies == sorted(replies)
        reordered += order != kept
    assert reordered


def test_the_general_search_tries_the_table_s_move_then_the_tricks_won_then_the_cut_offs() -> None:
    """The moves of a node in the order searched: the card the table names
    first, then (for the card that completes the trick) the cards that win
    the trick for the seat's own side, whichever side is searched, then the
    cards that made the most cut-offs. Each card that completes the trick
    comes with the tricks it gives the searched side."""
    state = _completing(0)
    seat = state.current_player
    assert seat is not None
    search = GeneralSearch(state.rules, 1 << seat)
    board = search.board(state)
    plays = board.moves()
    wins = [p for p in plays if board.winner_if(p) == seat]
    loses = [p for p in plays if board.winner_if(p) != seat]
    listed = search.moves(board, seat, -1)
    order = [move for move, _ in listed]
    assert sorted(order[: len(wins)], key=plays.index) == wins
    assert [won for move, won in listed] == [1 if move in wins else 0 for move in order]
    # The cut-offs order the winners, then the losers.
    search.history[wins[-1].card._key] = 5
    search.history[loses[-1].card._key] = 7
    order = [move for move, _ in search.moves(board, seat, -1)]
    assert order[0] == wins[-1] and order[len(wins)] == loses[-1]
    # The table's card comes first, even a card that loses the trick.
    order = [move for move, _ in search.moves(board, seat, loses[0].card._key)]
    assert order[0] == loses[0] and order[1] == wins[-1]
    # Searched for the other side, the seat still tries its own tricks first.
    other = GeneralSearch(state.rules, ((1 << state.players) - 1) ^ (1 << seat))
    listed = other.moves(other.board(state), seat, -1)
    order = [move for move, _ in listed]
    assert sorted(order[: len(wins)], key=plays.index) == wins
    assert [won for move, won in listed] == [0 if move in wins else 1 for move in order]


@pure_only
@pytest.mark.parametrize("exact", [False, True])
def test_a_card_that_settles_the_question_with_its_trick_is_not_played(
    monkeypatch: pytest.MonkeyPatch, exact: bool
) -> None:
    """In the hand's last trick the general search plays the cards before the
    last on its board, and settles the last by the trick it completes."""
    from counter_rules.board import Board

    state = _trick_start(Counter(players=3), 2, 1)
    seat = state.current_player
    assert seat is not None
    search = GeneralSearch(state.rules, 1 << seat)
    search.native = None  # the Python search, which makes its moves on the board
    board = search.board(state)
    for _ in range(state.players):
        board.make(board.moves()[0])
    won = 1 if board.results[-1].winner == seat else 0
    made: list[object] = []
    make = Board.make

    def counting(board: Board, move: object) -> None:
        made.append(move)
        make(board, move)  # type: ignore[arg-type]

    monkeypatch.setattr(Board, "make", counting)
    answer = search.exactly(state, won) if exact else search.at_least(state, 1)
    assert answer == (True if exact else won == 1)
    assert len(made) == state.players - 1


def test_a_pass_is_tried_the_table_s_card_first_then_by_cut_offs() -> None:
    passing = _played(Counter(players=3), 0, lambda s: s.phase is Phase.PASSING)
    seat = min(passing.to_act)
    search = GeneralSearch(passing.rules, 1 << seat)
    board = search.board(passing)
    passes = board.passes(seat)
    assert search.moves(board, seat, -1) == [(choice, -1) for choice in passes]
    search.history[passes[-1].card._key] = 3
    assert search.moves(board, seat, -1)[0] == (passes[-1], -1)
    assert search.moves(board, seat, passes[1].card._key)[:2] == [
        (passes[1], -1),
        (passes[-1], -1),
    ]


def test_a_search_keeps_the_move_that_settled_a_position_and_counts_cut_offs() -> None:
    """After a search, its table names for the position searched the card
    that settled it (a legal card of the seat to move), and every cut-off
    was counted for the card that made it."""
    state = _trick_start(Counter(players=3), 1, 4)
    search = GeneralSearch(state.rules, 1 << state.current_player)  # type: ignore[operator]
    search.native = None  # the Python search, whose tables are read here
    search.value(state)
    board = search.board(state)
    settled = search.best[board.key()]
    assert settled in {play.card._key for play in board.moves()}
    assert search.history[settled] >= 1
    assert sum(search.history) >= len(search.best)


@pure_only
def test_a_position_the_table_does_not_know_names_no_first_card() -> None:
    """A fresh search names no card first at its first position (-1), and
    every card it names first later is a move of the position it orders."""
    state = _trick_start(Counter(players=3), 1, 4)
    asked: list[tuple[int, tuple[int, ...]]] = []

    class Recording(GeneralSearch):
        def moves(self, board, seat, first, slot=-1, counter_key=None):  # type: ignore[no-untyped-def]
            found = super().moves(board, seat, first, slot, counter_key)
            asked.append((first, tuple(move.card._key for move, _ in found)))
            return found

    recording = Recording(state.rules, 1 << state.current_player)  # type: ignore[operator]
    recording.native = None  # the Python search, whose moves are recorded
    recording.value(state)
    assert asked[0][0] == -1
    assert all(first == -1 or first in keys for first, keys in asked)
    assert any(first != -1 for first, _ in asked)


def _mid_trick_search(cards: int) -> tuple[GeneralSearch, GameState]:
    """The Python search for the seat to play in the middle of a trick of
    four-player Counter, with at least three legal plays and at most
    ``cards`` cards in its hand."""
    state = _played(
        Counter(players=4),
        3,
        lambda s: (
            s.phase is Phase.PLAYING
            and len(s.trick) > 0
            and len(s.hands[s.current_player]) <= cards
            and len(legal_moves(s)) >= 3
        ),
    )
    search = GeneralSearch(state.rules, 1 << state.current_player)  # type: ignore[operator]
    search.native = None  # the Python search, whose tables are read here
    return search, state


def test_a_countermove_comes_after_the_cards_that_win_the_trick_and_before_the_rest() -> None:
    """The card that last made a cut-off after the same cards of a trick so
    far is tried right after the cards that give the trick so far to the
    seat's side, ahead of the other cards."""
    search, state = _mid_trick_search(10)
    board = search.board(state)
    seat = search.mover(board)
    counter_key = search.countermove_key(board, seat)
    assert counter_key is not None
    before = [move.card._key for move, _ in search.moves(board, seat, -1, -1, counter_key)]
    winning = [
        move.card._key
        for move in board.moves()
        if (winner := board.winner_if(move)) is not None and winner == seat
    ]
    rest = [key for key in before if key not in winning]
    assert before == winning + rest
    assert rest, "a position where some card does not take the trick"
    countered = rest[-1]
    search.countermoves[counter_key] = countered
    after = [move.card._key for move, _ in search.moves(board, seat, -1, -1, counter_key)]
    assert after == winning + [countered] + [key for key in rest if key != countered]


def test_countermoves_are_kept_in_the_middle_of_tricks_only() -> None:
    """A search keeps countermoves for tricks so far, by the seat to play;
    a trick's start and a pass have none."""
    search, state = _mid_trick_search(4)
    search.value(state)
    assert search.countermoves
    for seat, (size, *_), _trump, _doubled in search.countermoves:
        assert 0 <= seat < 4
        assert 1 <= size <= 3
    start = search.board(_trick_start(Counter(players=4), 3, 5))
    assert search.countermove_key(start, start.to_move) is None


def test_a_single_legal_play_is_the_one_move() -> None:
    state = _played(
        Counter(players=3),
        0,
        lambda s: s.phase is Phase.PLAYING and len(legal_moves(s)) == 1,
    )
    seat = state.current_player
    assert seat is not None
    search = GeneralSearch(state.rules, 1)
    (only,) = legal_moves(state)
    assert isinstance(only, Play)
    board = search.board(state)
    won = -1 if len(board.trick) < state.players - 1 else (1 if board.winner_if(only) == 0 else 0)
    assert search.moves(board, seat, -1) == [(only, won)]


def test_the_python_plain_search_searches_a_run_of_cards_once() -> None:
    """A hand's cards of one suit with no card of another seat between them
    are one move (the run's lowest card), the deck's lowest card among them;
    a card of another seat between two cards splits the run."""
    rules = OhHell(players=4, schedule=(13,), trump="none")
    tables = PlainTables(rules, None)
    hands = list(tables.suit_mask[:4])
    search = PythonSearch(tables, 4, 1)
    search.load(hands, 0, [])
    places: list[int] = []
    runs: list[int] = []
    search._moves(0, hands[0], places, runs)
    assert tables.suit_mask[0] & 1
    assert (places, runs) == ([0], [hands[0]])
    # Place 1 given to seat 1: place 0 alone, then the rest of the suit.
    hands[0] ^= 1 << 1
    hands[1] |= 1 << 1
    search.load(hands, 0, [])
    places, runs = [], []
    search._moves(0, hands[0], places, runs)
    assert (places, runs) == ([0, 2], [1, hands[0] ^ 1])


@pytest.mark.skipif(not native_kernel(), reason="the pure-Python build has no kernel")
def test_the_kernel_orders_its_moves_by_the_python_search_s_weights() -> None:
    """The kernel reads the weights of move ordering that the Python search
    states (WEIGHTS, handed over as it loads) and refuses a list of another
    length or a weight out of range, keeping the weights it has."""
    kernel = importlib.import_module("counter_rules.analysis._plain_kernel")
    with pytest.raises(ValueError, match=r"^set_weights takes 18 weights, got 2$"):
        kernel.set_weights((1, 2))
    with pytest.raises(ValueError, match=r"^a weight must be from -1000 to 1000, got 5000$"):
        kernel.set_weights((5000,) * len(WEIGHTS))
    with pytest.raises(TypeError):
        kernel.set_weights(("a",) * len(WEIGHTS))
    kernel.set_weights(WEIGHTS)
    assert len(WEIGHTS) == 18


def test_a_pass_is_searched_with_the_side_s_seats_first_each_seat_once() -> None:
    """The order of the seats of a pass: every seat once, the side's seats
    first, each group in seat order."""
    assert search_order(0b0101, 4) == [0, 2, 1, 3]
    assert search_order(0b110, 3) == [1, 2, 0]
    for side in range(1, 31):
        order = search_order(side, 5)
        assert sorted(order) == list(range(5)), side
        assert order[: side.bit_count()] == [s for s in range(5) if side >> s & 1], side


def test_the_python_plain_search_knows_which_cards_can_ever_beat_a_card() -> None:
    """With no trump, every card of another suit beats an ace under the lead
    of its own suit, the last suit included (each led suit counts), and the
    ace beats nothing under every lead; with hearts trump, nothing ever beats
    the A♥ and it beats every other card whatever is led."""
    rules = OhHell(players=4, schedule=(13,), trump="none")
    tables = PlainTables(rules, None)
    search = PythonSearch(tables, 4, 1)
    everything = (1 << tables.n) - 1
    for card, suit in ((Card.parse("AH"), 2), (Card.parse("AS"), 3)):
        place = tables.index[card._key]
        assert search.beaten_ever[place] == everything & ~tables.suit_mask[suit], card
        assert search.beats_always[place] == 0, card
    tables = PlainTables(rules, Suit.HEARTS)
    search = PythonSearch(tables, 4, 1)
    place = tables.index[Card.parse("AH")._key]
    assert search.beaten_ever[place] == 0
    assert search.beats_always[place] == everything & ~(1 << place)


# -- the plain search's tables -------------------------------------------------------
PLAIN_RULES = [
    OhHell(players=3, schedule=(5,)),
    OhHell(players=3, schedule=(5,), decks=2),
    OhHell(players=3, schedule=(5,), remove_twos=True),
]


@pytest.mark.parametrize("rules", PLAIN_RULES, ids=repr)
def test_the_plain_tables_say_what_the_rules_say(rules: Ruleset) -> None:
    """The tables of every trump, each entry against the ruleset itself:
    every card of the deck has a place (by suit, then by its value in a
    trick), the suits' masks hold their cards, identical cards (two decks)
    share a group and no other cards do; a card beats the trick's winner so
    far exactly when the ruleset's resolution of the trick says so; the
    cards that follow a suit are those the rules of the play list for a hand
    that holds some; and play passes to the left."""
    play = rules.play_rules()
    deck = rules.deck()
    rng = random.Random(5)
    for trump in (*Suit, None):
        tables = plain_tables(rules, trump)
        assert tables.usable and tables.n == len(deck)
        assert sorted(tables.cards, key=lambda c: c._key) == sorted(deck, key=lambda c: c._key)
        for place, card in enumerate(tables.cards):
            assert tables.index[card._key] == place
            assert tables.suit[place] == card.suit.value  # type: ignore[union-attr]
        for suit in range(4):
            assert tables.suit_mask[suit] == sum(
                1 << p for p in range(tables.n) if tables.suit[p] == suit
            )
            assert tables.follows[suit] == tables.suit_mask[suit]
        for p in range(tables.n):
            for q in range(tables.n):
                same = (
                    tables.cards[p].rank is tables.cards[q].rank
                    and tables.suit[p] == tables.suit[q]
                )
                assert (tables.group[p] == tables.group[q]) == same
        assert tables.ties == (len({(c.rank, c.suit) for c in deck}) < len(deck))
        assert tables.next_seat == [(seat + 1) % rules.players for seat in range(rules.players)]
        for _ in range(300):
            lead, first, second = rng.sample(deck, 3)
            led = lead.suit.value  # type: ignore[union-attr]
            two = (played_card(0, lead), played_card(1, first))
            so_far = tables.index[two[rules.resolve(two, trump).winning_index].card._key]
            three = (*two, played_card(2, second))
            beats = rules.resolve(three, trump).winning_index == 2
            assert (
                tables.beaters[led * tables.n + so_far] >> tables.index[second._key] & 1
            ) == beats
            hand = tuple(sorted(rng.sample([c for c in deck if c != lead], 4)))
            legal = play.plays_from(hand, (played_card(0, lead),), trump, 1)
            assert legal is not None
            follow = [c for c in hand if tables.follows[led] >> tables.index[c._key] & 1]
            assert {p.card for p in legal} == set(follow or hand)


def test_a_deck_with_cards_of_no_suit_is_left_to_the_general_search() -> None:
    """Jokers have no suit: tables of a deck with them are not usable."""
    assert not PlainTables(OhHell(players=4, jokers="high"), Suit.SPADES).usable
    assert PlainTables(OhHell(players=4), Suit.SPADES).usable


@pure_only
def test_a_winner_rule_of_another_shape_is_left_to_the_general_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The tables are read from the rules' functions, and only a rule of the
    shape the fast search reads is used: the last of two identical cards
    winning, a low card beating a high one of its suit, or cards of one suit
    beating some cards of another but not all, makes the tables unusable."""
    rules = OhHell(players=3, schedule=(5,), decks=2)
    assert PlainTables(rules, Suit.HEARTS).usable
    original = plain_tricks.best_card

    def later_identical_wins(levels: list[int], values: list[int]) -> int | None:
        if len(levels) == 2 and levels[0] and levels == [levels[0]] * 2 and values[0] == values[1]:
            return 1
        return original(levels, values)

    def low_wins(levels: list[int], values: list[int]) -> int | None:
        if len(levels) == 2 and levels[0] == levels[1] == 1:
            return 1 if values[1] < values[0] else 0
        return original(levels, values)

    def high_cards_of_the_led_suit_beat_low_trumps(
        levels: list[int], values: list[int]
    ) -> int | None:
        if levels == [2, 1] and values[1] > values[0]:
            return 1
        return original(levels, values)

    for shape in (later_identical_wins, low_wins, high_cards_of_the_led_suit_beat_low_trumps):
        monkeypatch.setattr(plain_tricks, "best_card", shape)
        assert not PlainTables(rules, Suit.HEARTS).usable, shape.__name__
    monkeypatch.setattr(plain_tricks, "best_card", original)
    assert PlainTables(rules, Suit.HEARTS).usable
    # Under a spade lead only, hearts rank with the spades: the shape breaks
    # under one led suit and holds under the others.
    level = plain_tricks.plain_level

    def hearts_follow_spades(card_suit: Suit | None, trump: Suit | None, led: Suit | None) -> int:
        if led is Suit.SPADES and card_suit is Suit.HEARTS:
            return 1
        return level(card_suit, trump, led)

    monkeypatch.setattr(plain_tricks, "plain_level", hearts_follow_spades)
    assert not PlainTables(rules, None).usable


@pure_only
def test_a_follow_rule_of_another_shape_is_left_to_the_general_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A follow rule the fast search cannot read (not every card to a leader,
    followers that depend on the card led, or not every card to a hand that
    cannot follow) makes the tables unusable."""
    rules = OhHell(players=3, schedule=(5,))
    original = plain_tricks.plain_plays

    def lead_low(table, hand, trick, *rest):  # type: ignore[no-untyped-def]
        plays = original(table, hand, trick, *rest)
        return plays if trick or len(plays) < 2 else plays[:-1]

    def follow_higher(table, hand, trick, *rest):  # type: ignore[no-untyped-def]
        plays = original(table, hand, trick, *rest)
        if trick:
            higher = tuple(p for p in plays if p.card > trick[0].card)
            return higher or plays
        return plays

    def void_plays_one(table, hand, trick, *rest):  # type: ignore[no-untyped-def]
        plays = original(table, hand, trick, *rest)
        led = trick[0].card.suit if trick else None
        if trick and all(p.card.suit is not led for p in plays):
            return plays[:1]
        return plays

    for shape in (lead_low, follow_higher, void_plays_one):
        monkeypatch.setattr(plain_tricks, "plain_plays", shape)
        tables = PlainTables(rules, None)
        assert not tables.usable, shape.__name__
        if shape is lead_low:
            # Refused at the lead: no suit's followers were read.
            assert tables.follows == [0, 0, 0, 0]
    monkeypatch.setattr(plain_tricks, "plain_plays", original)
    assert PlainTables(rules, None).usable


def test_the_tables_of_a_ruleset_and_trump_are_built_once_for_the_last_32() -> None:
    """plain_tables keeps the tables of 32 rulesets and trumps: the same ones
    come back until a 33rd is asked for, when it starts afresh."""
    _TABLES.clear()
    rulesets = [OhHell(players=3, schedule=(k,)) for k in range(1, 8)]
    asked = [(rules, trump) for rules in rulesets for trump in (*Suit, None)][:33]
    first = plain_tables(*asked[0])
    assert plain_tables(*asked[0]) is first
    for rules, trump in asked[1:32]:
        plain_tables(rules, trump)
    assert plain_tables(*asked[0]) is first
    assert plain_tables(*asked[1]).trump is asked[1][1]
    plain_tables(*asked[32])
    again = plain_tables(*asked[0])
    assert again is not first and again.rules is asked[0][0]
