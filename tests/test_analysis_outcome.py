"""The game's own question (every seat for its own points): outcome and
outcome_values against a plain search over the public engine, on small
endings of every built-in ruleset and preset (Counter's passes and Fours
included) and of a user's ruleset, in either build."""

from __future__ import annotations

import itertools

import pytest
from analysis_helpers import (
    RULESETS,
    ending,
    naive_outcome,
    naive_outcome_after,
    random_endings,
)

from counter_rules import (
    Blackout,
    Counter,
    Deal,
    GameState,
    OhHell,
    Phase,
    UpAndDown,
    apply_move,
    legal_moves,
    new_game,
)
from counter_rules.analysis import (
    Outcome,
    OutcomePoints,
    SearchLimitReached,
    Solver,
    outcome,
    outcome_values,
)
from counter_rules.analysis._maxn import (
    HandPoints,
    _alike,
    _distinct,
    _spread,
    scoring_context,
    shared_points,
)
from counter_rules.analysis._plain import (
    PlainTables,
    native_kernel,
    own_kernel,
    plain_tables,
    use_native,
)
from counter_rules.analysis._solving import Searches, outcomes_after
from counter_rules.board import Board
from counter_rules.errors import InvalidArgumentError
from counter_rules.position import Position
from counter_rules.rulesets.base import Ruleset

ENDINGS_PER_RULESET = 40


def _endings(rules: Ruleset, count: int = ENDINGS_PER_RULESET):  # type: ignore[no-untyped-def]
    for seed, state, rng in random_endings(rules, count):
        yield seed, state, rng.randrange(state.players)


@pytest.mark.slow
@pytest.mark.parametrize("rules", RULESETS, ids=repr)
def test_outcome_equals_a_plain_search_over_the_engine(rules: Ruleset, plain_search: str) -> None:
    """For a random asking seat, outcome gives the tricks and points a plain
    search over legal_moves and apply_move gives under the rule, scored by the
    engine's own end of the hand (the plain family's outcome search native
    and in Python)."""
    checked = 0
    for seed, state, asker in _endings(rules):
        tricks, points = naive_outcome(state, asker)
        assert outcome(state, asker) == Outcome(tricks=tricks, points=points), seed
        checked += 1
    assert checked >= ENDINGS_PER_RULESET // 2


@pytest.mark.slow
@pytest.mark.parametrize("rules", RULESETS, ids=repr)
def test_outcome_values_are_the_outcome_after_each_move(rules: Ruleset, plain_search: str) -> None:
    """outcome_values gives, for each legal move of the seat to act (in a pass
    the lowest seat still to pass), the plain search's outcome after it."""
    for seed, state, asker in _endings(rules, ENDINGS_PER_RULESET // 2):
        values = outcome_values(state, asker)
        mover = min(state.to_act)
        assert list(values) == list(legal_moves(state, mover)), seed
        for move, end in values.items():
            expected = naive_outcome_after(state, move, asker)
            assert (end.tricks, end.points) == expected, (seed, move)


def test_the_seat_to_act_takes_its_most_points_then_the_askers_fewest() -> None:
    """outcome is the outcome_values entry with the most points for the seat
    to act, then the fewest for the asking seat, then the first."""
    rules = OhHell(players=3, schedule=(4,))
    for seed in range(30):
        state = ending(rules, seed, 4)
        if state is None:
            continue
        for asker in range(3):
            values = outcome_values(state, asker)
            mover = min(state.to_act)
            best = max((e.points[mover], -e.points[asker]) for e in values.values())
            chosen = next(e for e in values.values() if (e.points[mover], -e.points[asker]) == best)
            assert outcome(state, asker) == chosen


def test_a_pass_is_chosen_from_the_lowest_seat_still_to_pass() -> None:
    """In Counter's pass after a Five, outcome_values lists the moves of the
    lowest seat still to pass."""
    rules = Counter(players=3)
    found = 0
    for seed in range(200):
        state = ending(rules, seed, 3)
        if state is None or state.phase is not Phase.PASSING:
            continue
        values = outcome_values(state)
        assert {move.seat for move in values} == {min(state.to_act)}
        found += 1
        if found >= 3:
            break
    assert found


def test_the_tricks_already_won_count_and_the_points_are_the_hands() -> None:
    """The tricks of an outcome include those already won; at the hand's
    last card the outcome is the hand's end as the engine scores it."""
    rules = OhHell(players=4, schedule=(3,))
    state = ending(rules, 5, 1)
    assert state is not None and state.phase is Phase.PLAYING
    end = outcome(state)
    assert sum(end.tricks) == state.cards_dealt
    assert all(t >= w for t, w in zip(end.tricks, state.tricks_won, strict=True))


def test_a_solver_answers_outcome_within_its_limits() -> None:
    """Solver.outcome answers as outcome does, and gives up past its limit of
    positions."""
    from counter_rules.analysis import SearchLimitReached

    rules = OhHell(players=4, schedule=(8,))
    state = new_game(rules, seed=2)
    while state.phase is Phase.BIDDING:
        state = apply_move(state, legal_moves(state)[0])
    with pytest.raises(SearchLimitReached):
        Solver(nodes=300).outcome(state)
    small = ending(rules, 3, 3)
    assert small is not None
    solver = Solver()
    assert solver.outcome(small) == outcome(small)
    assert solver.outcome_values(small, 1) == outcome_values(small, 1)


def test_a_solver_limits_the_outcome_question_alone_with_outcome_nodes() -> None:
    """``outcome_nodes`` caps the outcome questions, and only them: the
    sure-of questions of the same solver answer past that count."""
    from counter_rules.analysis import SearchLimitReached

    rules = OhHell(players=4, schedule=(8,))
    state = new_game(rules, seed=2)
    while state.phase is Phase.BIDDING:
        state = apply_move(state, legal_moves(state)[0])
    solver = Solver(outcome_nodes=300)
    with pytest.raises(SearchLimitReached):
        solver.outcome(state)
    with pytest.raises(SearchLimitReached):
        solver.outcomes_after(state, legal_moves(state), 1)
    assert solver.solve(state, (1,)) == Solver().solve(state, (1,))
    assert solver.positions > 300
    small = ending(rules, 3, 3)
    assert small is not None
    assert Solver(outcome_nodes=300).outcome(small) == outcome(small)
    with pytest.raises(InvalidArgumentError, match=r"Solver.outcome_nodes must be"):
        Solver(outcome_nodes=-1)


def test_a_solver_keeps_its_outcome_search_across_questions() -> None:
    """One solver keeps the outcome search of a ruleset and asking seat, with
    its table: the same question asked again visits only the position asked, and
    positions of other deals, sizes and rulesets asked in turn get a fresh
    search's answer."""
    rules = OhHell(players=4, schedule=(5,))
    state = ending(rules, 4, 4)
    assert state is not None
    solver = Solver()
    first = solver.outcome(state, 1)
    visited = solver.positions
    assert visited > 0
    assert solver.outcome(state, 1) == first
    # The position asked, found in the table.
    assert solver.positions == visited + 1
    for seed, other, rng in random_endings(Counter(players=3), 6):
        asker = rng.randrange(other.players)
        assert solver.outcome(other, asker) == outcome(other, asker), seed
        assert solver.outcome(state, 1) == first


def test_a_solver_asked_one_position_under_other_bids_answers_each_afresh() -> None:
    """The same cards at the first lead after other bids (a position the
    table has seen, with other points at stake), asked of one solver in
    turn, get a fresh search's answer each."""
    rules = OhHell(players=4, schedule=(4,))
    differed = 0
    for seed in range(8):
        solver = Solver()
        answers = []
        for pick in (0, -1):
            state = new_game(rules, seed=seed)
            while state.phase is Phase.BIDDING:
                state = apply_move(state, legal_moves(state)[pick])
            fresh = outcome(state, 0)
            assert solver.outcome(state, 0) == fresh, (seed, pick)
            answers.append(fresh)
        differed += answers[0].tricks != answers[1].tricks
    assert differed


# The positions the outcome search visits for seat 1 on endings of 5 cards of
# three deals: its cuts and the alike cards searched once, pinned down. A
# change that makes it visit fewer positions updates these figures.
OUTCOME_POSITIONS = [
    (OhHell(players=4, schedule=(6,)), [1372, 17998, 4759]),
    (OhHell(players=3, schedule=(6,), decks=2), [754, 1266, 870]),
]


@pytest.mark.parametrize(("rules", "counts"), OUTCOME_POSITIONS, ids=repr)
def test_the_outcome_search_visits_the_positions_it_is_known_to(
    rules: Ruleset, counts: list[int], plain_search: str
) -> None:
    """The outcome search visits the recorded number of positions, native or
    in Python: the two visit, count and keep the same positions, so a budget
    of positions stops both at the same place."""
    for seed, count in enumerate(counts):
        state = ending(rules, seed, 5)
        assert state is not None
        solver = Solver()
        solver.outcome(state, 1)
        assert solver.positions == count, seed


def _whole_suits() -> tuple[PlainTables, Board]:
    """The tables of no-trump Oh Hell and a board at the first lead, each
    seat holding a whole suit by the tables' places, the leader the suit of
    the lowest place."""
    rules = OhHell(players=4, schedule=(13,), trump="none")
    tables = plain_tables(rules, None)
    card_at = {tables.index[card._key]: card for card in rules.deck()}
    suits = [
        [card_at[p] for p in range(tables.n) if tables.suit_mask[s] >> p & 1] for s in range(4)
    ]
    state = new_game(rules, seed=0)
    leader = state.leader
    state = new_game(
        rules, seed=0, deal=Deal(hands=[suits[(seat - leader) % 4] for seat in range(4)])
    )
    while state.phase is Phase.BIDDING:
        state = apply_move(state, legal_moves(state)[0])
    assert state.current_player == leader and tables.suit_mask[0] & 1
    return tables, Board(state, rules.play_rules())


def test_cards_the_rules_cannot_tell_apart_are_searched_once() -> None:
    """A leader holding a whole suit, the deck's lowest card among it, has
    one play to search; two cards of a suit are alike when no card of another
    seat lies between them, and not when one does."""
    tables, board = _whole_suits()
    plays = board.moves()
    assert len(plays) == 13
    assert _distinct(tables, board, plays) == [plays[0]]
    by_place = tuple(sorted(plays, key=lambda play: tables.index[play.card._key]))
    assert _distinct(tables, board, by_place) == [by_place[0]]
    others = tables.suit_mask[1] | tables.suit_mask[2] | tables.suit_mask[3]
    assert _alike(tables, 0, 1, others)
    assert _alike(tables, 0, 2, others)
    assert not _alike(tables, 0, 2, others | 1 << 1)
    # Cards of two suits are never alike.
    assert not _alike(tables, 0, tables.suit_mask[1].bit_length() - 1, 0)


@pytest.mark.parametrize("bad", [-1, 4, "1", 1.0, True])
def test_a_bad_asking_seat_is_refused_with_its_value(bad: object) -> None:
    """An asking seat that is not a seat of the game is refused, naming it."""
    state = ending(OhHell(players=4, schedule=(3,)), 1, 2)
    assert state is not None
    with pytest.raises(InvalidArgumentError, match="seat"):
        outcome(state, bad)  # type: ignore[arg-type]


def test_a_view_or_a_bid_is_refused() -> None:
    """outcome needs every hand open, in the play of a hand."""
    from counter_rules import view

    state = new_game(OhHell(players=4, schedule=(3,)), seed=1)
    with pytest.raises(InvalidArgumentError, match="being bid"):
        outcome(state)
    while state.phase is Phase.BIDDING:
        state = apply_move(state, legal_moves(state)[0])
    with pytest.raises(InvalidArgumentError, match="every hand open"):
        outcome_values(view(state, 0))  # type: ignore[arg-type]


def test_the_ends_of_a_hand_are_every_way_to_share_the_tricks_left() -> None:
    """The ends the search bounds its points by: every way of giving at most
    the tricks left to the seats (a trick may go to nobody), each once, and
    no other."""
    for left in range(5):
        for players in range(1, 5):
            ends = _spread(left, players)
            expected = {
                end
                for end in itertools.product(range(left + 1), repeat=players)
                if sum(end) <= left
            }
            assert len(ends) == len(set(ends)) and set(ends) == expected, (left, players)


NATIVE_RULESETS = (
    OhHell(players=4, schedule=(10,), hook=True),
    OhHell(players=3, schedule=(7,), trump="none"),
    OhHell(players=5, schedule=(6,)),
    Blackout(players=4),
)


def _both(state: GameState, asker: int, node_limit: int = 0) -> list[tuple[object, int, bool]]:
    """The outcomes after each legal move of the seat to act, the positions
    visited and whether the native search answered, native and in Python
    (``None`` for outcomes where the search stopped at ``node_limit``)."""
    found = []
    for native in (True, False):
        previous = use_native(native)
        try:
            searches = Searches()
            searches.node_limit = node_limit
            search = searches.own_points(state, asker)
            search.board(state)
            took = search._native is not None
            try:
                answer: object = outcomes_after(
                    searches, state, legal_moves(state, min(state.to_act)), asker
                )
            except SearchLimitReached:
                answer = None
            found.append((answer, searches.positions, took))
        finally:
            use_native(previous)
    return found


@pytest.mark.skipif(not native_kernel(), reason="the native outcome search comes with the kernel")
@pytest.mark.parametrize("rules", NATIVE_RULESETS, ids=repr)
def test_the_native_outcome_search_answers_and_visits_as_the_python_one(rules: Ruleset) -> None:
    """On hands of the plain family of up to 5 cards, the native outcome
    search takes the hand and gives the Python search's outcomes after every
    move, visiting the same number of positions; under a budget of positions
    both stop at the same place."""
    for seed in range(10):
        state = ending(rules, seed, 2 + seed % 4)
        if state is None:
            continue
        asker = seed % rules.players
        native, python = _both(state, asker)
        assert native[2] and not python[2], seed
        assert native[:2] == python[:2], seed
        budget = max(1, native[1] // 2)
        assert _both(state, asker, budget)[0][:2] == _both(state, asker, budget)[1][:2], seed


@pytest.mark.skipif(not native_kernel(), reason="the native outcome search comes with the kernel")
def test_a_hand_too_large_for_the_native_outcome_search_is_searched_in_python() -> None:
    """Where the ends of a hand do not fit the native search's table (six
    seats holding six cards each: 7**6 ends), the Python search answers."""
    rules = OhHell(players=6, schedule=(6,))
    state = ending(rules, 3, 2)
    assert state is not None and state.cards_dealt == 6
    native, python = _both(state, 0)
    assert not native[2]
    assert native[:2] == python[:2]


def test_the_points_of_a_hand_are_shared_by_ruleset_and_context() -> None:
    """One memo of a hand's points for the searches of one ruleset (by
    identity: a user's ruleset need not hash) and one scoring context."""
    first, twin = OhHell(players=4, schedule=(4,)), OhHell(players=4, schedule=(4,))
    state = _bid(new_game(first, seed=2), (1, 0, 2, 1))
    board = Board(state, first.play_rules())
    context = scoring_context(state)
    assert shared_points(first, context, board) is shared_points(first, context, board)
    assert shared_points(twin, context, board) is not shared_points(first, context, board)
    other = (*context[:-1], (5, 0, 0, 0))
    assert shared_points(first, other, board) is not shared_points(first, context, board)


def _bid(state: GameState, bids: tuple[int, ...]) -> GameState:
    """``state`` with every seat's bid made, by seat."""
    while state.phase is Phase.BIDDING:
        seat = min(state.to_act)
        bid = next(m for m in legal_moves(state, seat) if m.tricks == bids[seat])
        state = apply_move(state, bid)
    return state


@pytest.mark.parametrize(
    "rules",
    [
        *RULESETS,
        OhHell(players=3, schedule=(5,), scoring="openspiel"),
        OhHell(players=4, schedule=(4,), scoring="ten_times_bid", blind_bidding=True),
        Blackout(),
        UpAndDown(up_to_ten=True),
    ],
    ids=repr,
)
def test_a_ruleset_that_scores_each_seat_alone_has_rows_that_score_every_end(
    rules: Ruleset,
) -> None:
    """The built-in rulesets declare that each seat scores by its own tricks
    (Shortcuts.seat_points); the rows the searches build from score_hand
    then give score_hand's points at every end of the hand."""
    assert rules.shortcuts().seat_points
    for seed in range(4):
        state = new_game(rules, seed=seed)
        while state.phase is Phase.BIDDING:
            moves = legal_moves(state, min(state.to_act))
            state = apply_move(state, moves[seed % len(moves)])
        board = Board(state, rules.play_rules())
        hand = HandPoints(rules, board)
        rows, width = hand.rows, hand.width
        assert rows is not None and width == state.cards_dealt + 1
        for won in _spread(state.cards_dealt, rules.players):
            board.won = list(won)
            assert rules.score_hand(board) == tuple(
                rows[seat * width + tricks] for seat, tricks in enumerate(won)
            ), (seed, won)


def test_a_subclass_that_scores_its_own_way_is_scored_end_by_end() -> None:
    """A ruleset that overrides score_hand does not claim seat_points, and
    the searches ask score_hand for each end of its hands."""

    class Doubled(OhHell):
        def score_hand(self, state: Position) -> tuple[int, ...]:
            return tuple(2 * p for p in super().score_hand(state))

    rules = Doubled(players=3, schedule=(3,))
    state = _bid(new_game(rules, seed=1), (0, 1, 0))
    assert not rules.shortcuts().seat_points
    assert OhHell(players=3, schedule=(3,)).shortcuts().seat_points
    assert HandPoints(rules, Board(state, rules.play_rules())).rows is None


@pytest.mark.slow
@pytest.mark.parametrize("rules", RULESETS, ids=repr)
def test_outcome_points_on_a_board_are_the_outcomes_points(
    rules: Ruleset, plain_search: str
) -> None:
    """OutcomePoints, asked of positions on a search board, gives the points
    of the plain search's outcome, before and after a move made on the board:
    one per asking seat across every ending, so its tables serve hands of
    many bids, trumps and scores."""
    asked: dict[int, OutcomePoints] = {}
    checked = 0
    for seed, state, asker in _endings(rules, ENDINGS_PER_RULESET // 2):
        ends = asked.setdefault(asker, OutcomePoints(rules, asker))
        board = Board(state, rules.play_rules())
        assert ends.points(board, state) == naive_outcome(state, asker)[1], seed
        mover = min(state.to_act)
        move = legal_moves(state, mover)[seed % len(legal_moves(state, mover))]
        if board.passing:
            continue
        board.make(move)
        if not board.over:
            expected = naive_outcome_after(state, move, asker)[1]
            assert ends.points(board, state) == expected, (seed, move)
        board.unmake()
        checked += 1
    assert checked > 0


def test_outcome_points_refuses_what_it_cannot_answer() -> None:
    """A value that is not a ruleset, a seat not of the game, a hand of
    another ruleset and a hand still being bid get the library's error."""
    rules = OhHell(players=3, schedule=(3,))
    with pytest.raises(InvalidArgumentError, match="needs a ruleset, got str"):
        OutcomePoints("Oh Hell", 0)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="the seat of OutcomePoints must be"):
        OutcomePoints(rules, 3)
    bidding = new_game(rules, seed=1)
    playing = bidding
    while playing.phase is Phase.BIDDING:
        playing = apply_move(playing, legal_moves(playing)[0])
    board = Board(playing, rules.play_rules())
    ends = OutcomePoints(rules, 0)
    with pytest.raises(InvalidArgumentError, match="phase 'bidding'"):
        ends.points(board, bidding)
    other = new_game(OhHell(players=3, schedule=(3,), trump="none"), seed=1)
    with pytest.raises(InvalidArgumentError, match="was asked about a hand of"):
        ends.points(board, other)
    assert ends.points(board, playing) == outcome(playing, 0).points


@pytest.mark.skipif(not native_kernel(), reason="the native outcome search comes with the kernel")
def test_the_native_outcome_search_names_what_it_refuses() -> None:
    """Its rows of points and its hands over the board's bits are checked
    before it searches."""
    previous = use_native(True)
    try:
        kernel = own_kernel(2, 0, bytes([1, 0]))
    finally:
        use_native(previous)
    assert kernel is not None
    kernel.set_cards(bytes(4), [0] * 16, [15, 0, 0, 0], bytes([2, 3, 0, 1]))  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="row ends before the tricks"):
        kernel.set_seat_points(bytes([0, 0]), 2, [0] * 4, 2)  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="one row of width numbers a seat"):
        kernel.set_seat_points(bytes([0, 0]), 2, [0] * 5, 3)  # type: ignore[attr-defined]
    kernel.set_seat_points(bytes([0, 0]), 2, [0, 1, 2, 5, 0, 0], 3)  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="a card is not in play"):
        kernel.value([1 << 9, 2], 0, b"", bytes(2), True)  # type: ignore[attr-defined]
    # Bits 0 and 1 stand for places 2 and 3, bits 2 and 3 for places 0 and 1.
    assert kernel.value([1 | 2, 4 | 8], 0, b"", bytes(2), True) == kernel.value(  # type: ignore[attr-defined]
        [4 | 8, 1 | 2], 0, b"", bytes(2)
    )


@pytest.mark.skipif(not native_kernel(), reason="the native outcome search comes with the kernel")
def test_a_native_outcome_search_copies_the_tables_of_the_rules_from_another() -> None:
    """copy_cards gives a search what set_cards gave another: the same answers
    from the same positions; it refuses anything but a search given its
    cards."""
    previous = use_native(True)
    try:
        given = own_kernel(2, 0, bytes([1, 0]))
        copied = own_kernel(2, 1, bytes([1, 0]))
        empty = own_kernel(2, 0, bytes([1, 0]))
    finally:
        use_native(previous)
    assert given is not None and copied is not None and empty is not None
    # Four cards of one suit; each beats the ones of lower place.
    beaters = [sum(1 << q for q in range(p + 1, 4)) for p in range(4)] * 4
    given.set_cards(bytes(4), beaters, [15, 0, 0, 0], bytes([0, 1, 2, 3]))  # type: ignore[attr-defined]
    with pytest.raises(TypeError, match="another outcome search"):
        copied.copy_cards(object())  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="has no cards yet"):
        copied.copy_cards(empty)  # type: ignore[attr-defined]
    copied.copy_cards(given)  # type: ignore[attr-defined]
    rows = [0, 1, 2, 5, 0, 0]
    for kernel in (given, copied):
        kernel.set_seat_points(bytes([0, 0]), 2, rows, 3)  # type: ignore[attr-defined]
    for hands in ([1 | 2, 4 | 8], [4 | 8, 1 | 2], [1 | 8, 2 | 4]):
        assert given.value(hands, 0, b"", bytes(2)) == copied.value(hands, 0, b"", bytes(2))  # type: ignore[attr-defined]
