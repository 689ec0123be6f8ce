"""The solver's properties at positions of random play of every ruleset, and
its answers to bad input, with each implementation of the plain search (the
fixture ``plain_search``)."""

from __future__ import annotations

import random

import pytest
from analysis_helpers import counted_calls, ending, ending_size, pass_order, trick_start
from hypothesis import given
from strategies import rulesets, seeds

from counter_rules import (
    Card,
    Counter,
    Deal,
    GameState,
    InvalidArgumentError,
    OhHell,
    Phase,
    Play,
    Rank,
    Suit,
    apply_move,
    cards,
    legal_moves,
    new_game,
    standard_deck,
    view,
)
from counter_rules.analysis import (
    SearchLimitReached,
    Solver,
    _solving,
    can_make,
    move_values,
    solve,
)
from counter_rules.analysis._general import GeneralSearch
from counter_rules.analysis._solving import Searches
from counter_rules.rulesets.base import Ruleset

pytestmark = pytest.mark.usefixtures("plain_search")


def _tricks_left(state: GameState) -> int:
    seat = min(state.to_act)
    return len(state.hands[seat])


def _every_trick_has_a_winner(rules: Ruleset) -> bool:
    """Plain Oh Hell without Jokers: a trick always has a winner and nobody passes."""
    return not isinstance(rules, Counter) and all(c.rank is not Rank.JOKER for c in rules.deck())


def _position(rules: Ruleset, seed: int) -> GameState | None:
    return ending(rules, seed, ending_size(rules))


@given(rules=rulesets(), seed=seeds, side_seed=seeds)
def test_a_side_and_the_others_share_the_tricks_left(
    rules: Ruleset, seed: int, side_seed: int
) -> None:
    """solve(A) + solve(the others) is the number of tricks left when every
    trick has a winner and nobody passes; with Counter's passes (each side
    choosing first in its own search) and tricks nobody wins it can fall short,
    never exceed."""
    state = _position(rules, seed)
    if state is None:
        return
    players = state.players
    side = random.Random(side_seed).randrange(1 << players)
    seats = [s for s in range(players) if side >> s & 1]
    others = [s for s in range(players) if not side >> s & 1]
    total = solve(state, seats) + solve(state, others)
    if _every_trick_has_a_winner(rules):
        assert total == _tricks_left(state)
    else:
        assert total <= _tricks_left(state)


@given(rules=rulesets(), seed=seeds, side_seed=seeds)
def test_the_best_move_value_is_the_solved_value(rules: Ruleset, seed: int, side_seed: int) -> None:
    """The largest of the values of the moves of a seat of the side is what
    solve gives; the smallest, for a seat of the other side."""
    state = _position(rules, seed)
    if state is None:
        return
    players = state.players
    side = random.Random(side_seed).randrange(1, 1 << players)
    seats = [s for s in range(players) if side >> s & 1]
    values = move_values(state, seats)
    mover = {move.seat for move in values}
    assert len(mover) == 1
    best = max if mover <= set(seats) else min
    assert best(values.values()) == solve(state, seats)
    if state.phase is Phase.PLAYING:
        assert max(move_values(state).values()) == solve(state, [state.current_player])


@given(rules=rulesets(), seed=seeds)
def test_values_stay_within_the_tricks_left(rules: Ruleset, seed: int) -> None:
    """Every value is between 0 and the tricks not yet finished, and a seat
    that can make exactly n tricks can be sure of at least the ones it lacks."""
    state = _position(rules, seed)
    if state is None:
        return
    left = _tricks_left(state)
    seat = seed % state.players
    for value in move_values(state, [seat]).values():
        assert 0 <= value <= left
    alone = solve(state, [seat])
    assert 0 <= alone <= left
    for tricks in range(state.cards_dealt + 1):
        if can_make(state, seat, tricks):
            assert tricks - state.tricks_won[seat] <= alone


def test_passes_chosen_side_first_can_leave_tricks_to_nobody() -> None:
    """With a pass to come, a side and the others can each be sure of less than
    the tricks left together: each is searched choosing its passes first."""
    for seed in range(200):
        state = ending(Counter(players=3), seed, 3)
        if state is None or state.phase is not Phase.PASSING:
            continue
        shares = [
            solve(state, [s]) + solve(state, [t for t in range(3) if t != s]) for s in range(3)
        ]
        if min(shares) < _tricks_left(state):
            return
    raise AssertionError("no pass position with a shortfall found")


# -- bad input -------------------------------------------------------------------
def _playing() -> GameState:
    state = new_game(OhHell(players=3, schedule=(3,)), seed=1)
    while state.phase is Phase.BIDDING:
        state = apply_move(state, legal_moves(state)[0])
    return state


@pytest.mark.parametrize("function", [solve, move_values, can_make])
def test_a_view_is_refused_with_the_advice_to_sample_a_world(function: object) -> None:
    """A player's view hides hands: the error says to sample a world first."""
    args = {solve: ((0,),), move_values: (), can_make: (0, 1)}[function]  # type: ignore[index]
    with pytest.raises(InvalidArgumentError, match="sample a world"):
        function(view(_playing(), 0), *args)  # type: ignore[operator]


@pytest.mark.parametrize("function", [solve, move_values, can_make])
def test_a_state_being_bid_is_refused_with_the_advice_to_wait(function: object) -> None:
    """Before the play the error says to wait until the bids are made."""
    args = {solve: ((0,),), move_values: (), can_make: (0, 1)}[function]  # type: ignore[index]
    with pytest.raises(InvalidArgumentError, match="wait until every bid is made"):
        function(new_game(Counter(), seed=1), *args)  # type: ignore[operator]


def test_a_finished_game_is_refused() -> None:
    """After the game there is nothing to analyse."""
    state = new_game(OhHell(players=3, schedule=(1,)), seed=2)
    while not state.is_over:
        state = apply_move(state, legal_moves(state)[0])
    with pytest.raises(InvalidArgumentError, match="the game is over"):
        solve(state, (0,))


def test_something_other_than_a_state_is_named() -> None:
    """A value of the wrong type is named in the error."""
    with pytest.raises(InvalidArgumentError, match="needs a GameState, got str"):
        solve("AS", (0,))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("seats", "message"),
    [
        (3, "seats must be a collection of seats from 0 to 2 such as \\(0, 2\\), got 3"),
        ("01", "seats must be a collection of seats from 0 to 2"),
        ((0, 3), "each of seats must be a whole number from 0 to 2, got 3"),
        ((True,), "each of seats must be a whole number from 0 to 2, got True"),
    ],
)
def test_bad_seats_are_named(seats: object, message: str) -> None:
    """Seats outside the game, or not a collection, are refused and named."""
    with pytest.raises(InvalidArgumentError, match=message):
        solve(_playing(), seats)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("seat", "tricks", "message"),
    [
        (3, 1, "seat must be a whole number from 0 to 2, got 3"),
        (0, 4, "tricks must be a whole number 0..3 \\(the cards dealt\\), got 4"),
        (0, -1, "got -1"),
        (0, 1.0, "got 1.0"),
    ],
)
def test_bad_can_make_arguments_are_named(seat: object, tricks: object, message: str) -> None:
    """A seat outside the game or a number of tricks past the cards dealt is refused."""
    with pytest.raises(InvalidArgumentError, match=message):
        can_make(_playing(), seat, tricks)  # type: ignore[arg-type]


# -- small worked positions -----------------------------------------------------
def _no_trump(hands: list[str]) -> GameState:
    """The play of a no-trump hand dealt ``hands`` (the rest of the deck in the
    stock), every seat bidding 0; the dealer is seat 0, so seat 1 leads."""
    dealt = {card for hand in hands for card in cards(hand)}
    deal = Deal(hands=hands, stock=[c for c in standard_deck() if c not in dealt])
    rules = OhHell(players=len(hands), schedule=(len(hands[0].split()),), trump="none")
    state = new_game(rules, deal=deal)
    while state.phase is Phase.BIDDING:
        state = apply_move(state, legal_moves(state)[0])
    return state


def test_a_seat_holding_the_two_top_cards_takes_both_tricks() -> None:
    """Seat 1 leads and holds the two top spades."""
    state = _no_trump(["2S 3S", "AS KS", "QS 2H"])
    assert solve(state, (1,)) == 2
    assert solve(state, (0, 2)) == 0
    assert [can_make(state, 1, n) for n in range(3)] == [False, False, True]


def test_can_make_is_not_read_off_the_most_tricks() -> None:
    """Seat 2 can be sure of one trick (the lead comes back to its Ace of
    hearts) but not of none, nor of two."""
    state = _no_trump(["2S 3S", "AS 3H", "KS AH"])
    assert solve(state, (2,)) == 1
    assert [can_make(state, 2, n) for n in range(3)] == [False, True, False]


def test_move_values_count_the_trick_the_move_completes() -> None:
    """The last card of a trick is worth the trick it wins, plus what follows:
    seat 0 must take the trick with its Ace and then wins the spade lead."""
    state = _no_trump(["AC 2S", "KC 3C", "QC 4C", "JC 5C"])
    for card in ("KC", "QC", "JC"):
        state = apply_move(state, Play(state.current_player, Card.parse(card)))
    assert {str(m): v for m, v in move_values(state).items()} == {"P0:A♣": 2}
    assert {str(m): v for m, v in move_values(state, (1, 2)).items()} == {"P0:A♣": 0}


@given(rules=rulesets(), seed=seeds)
def test_move_values_of_a_lone_seat_are_what_each_move_is_worth(rules: Ruleset, seed: int) -> None:
    """A seat alone gets for each move what a search after that move alone
    finds, whether the position is asked first (and shows the seat sure of
    no trick) or not."""
    state = _position(rules, seed)
    if state is None:
        return
    seat = min(state.to_act)
    searches = Searches()
    moves = [m for m in legal_moves(state) if m.seat == seat]
    apart = {m: searches.move_value(state, m, 1 << seat) for m in moves}
    assert move_values(state, (seat,)) == apart


# Counter, four players, the start of a trick with five cards a hand
# (trick_start's seeds), where the seat to lead alone cannot be sure of a trick.
SURE_OF_NOTHING = [0, 1, 4]


@pytest.mark.parametrize("seed", SURE_OF_NOTHING)
def test_a_lone_seat_sure_of_no_trick_has_its_moves_valued_by_one_question(seed: int) -> None:
    """Where a seat alone cannot be sure of a trick, no move of its own makes
    it sure: move_values asks the position that once and values every move
    0, visiting the positions that solve visits for the same question."""
    state = trick_start(Counter(players=4), seed, 5)
    seat = min(state.to_act)
    solver = Solver()
    assert solver.solve(state, (seat,)) == 0
    valued = Solver()
    moves = [m for m in legal_moves(state) if m.seat == seat]
    assert len(moves) > 1
    assert valued.move_values(state, (seat,)) == dict.fromkeys(moves, 0)
    assert valued.positions == solver.positions


@given(rules=rulesets(), seed=seeds)
def test_one_solver_answers_as_the_functions_do_question_after_question(
    rules: Ruleset, seed: int
) -> None:
    """A Solver kept across the questions of an ending gives what solve,
    move_values and can_make give, each asked afresh."""
    from counter_rules.analysis import Solver

    state = ending(rules, seed, 3)
    if state is None:
        return
    solver = Solver()
    seat = min(state.to_act)
    assert solver.solve(state, (seat,)) == solve(state, (seat,))
    assert solver.move_values(state) == move_values(state)
    for tricks in range(state.cards_dealt + 1):
        assert solver.can_make(state, seat, tricks) == can_make(state, seat, tricks)
    for move in legal_moves(state):
        if move.seat != seat:
            continue
        after = apply_move(state, move)
        if after.hand_number == state.hand_number and not after.is_over:
            bid = state.tricks_won[seat]
            assert solver.can_make_after(state, move, seat, bid) == can_make(after, seat, bid)


def test_a_solver_past_its_limit_of_positions_raises_and_names_its_own_methods() -> None:
    from counter_rules.analysis import SearchLimitReached, Solver
    from counter_rules.errors import CounterRulesError

    big = new_game(OhHell(players=4, schedule=(12,)), seed=1)
    while big.phase is Phase.BIDDING:
        big = apply_move(big, legal_moves(big)[0])
    with pytest.raises(SearchLimitReached):
        Solver(nodes=500).solve(big, (0,))
    assert issubclass(SearchLimitReached, CounterRulesError)
    with pytest.raises(SearchLimitReached):
        Solver(deadline=1e-9).move_values(big)  # a deadline long past
    fresh = new_game(OhHell(players=4, schedule=(12,)), seed=1)
    with pytest.raises(InvalidArgumentError, match=r"^Solver\.solve analyses the play"):
        Solver().solve(fresh, (0,))
    with pytest.raises(InvalidArgumentError, match=r"^solve analyses the play"):
        solve(fresh, (0,))
    for bad in ({"nodes": -1}, {"nodes": 1.5}, {"deadline": -1.0}, {"deadline": "soon"}):
        with pytest.raises(InvalidArgumentError, match="Solver"):
            Solver(**bad)  # type: ignore[arg-type]


def test_positions_of_a_pass_that_differ_in_the_next_leader_differ_in_the_table() -> None:
    """The general search's table keys a pass after Counter's Five by the seat
    that leads the next trick too: the same hands and passes with another
    winner of the Five's trick are another game (the key without the leader
    made can_make's answers depend on the order the search tried moves)."""
    import attrs

    from counter_rules.analysis._general import GeneralSearch

    rules = Counter(players=3)
    rng = random.Random(5)
    for seed in range(200):
        state = new_game(rules, seed=seed)
        while not state.is_over and state.phase is not Phase.PASSING:
            state = apply_move(state, rng.choice(legal_moves(state)))
        if state.phase is Phase.PASSING:
            break
    assert state.phase is Phase.PASSING
    search = GeneralSearch(rules, 1)
    other = attrs.evolve(state, leader=(state.leader + 1) % state.players)
    assert search.board(state).key() != search.board(other).key()


def test_a_solver_kept_across_deals_answers_as_fresh_searches_do() -> None:
    """A solver's tables hold for every position of hands of its ruleset,
    side and trump (an entry keeps only which seats hold the top cards that
    mattered): one solver asked about positions of many deals answers what
    a search made for each position answers."""
    rules = OhHell(players=4, schedule=(6,))
    shared = Solver()
    for seed in range(60):
        rng = random.Random(seed)
        state = new_game(rules, seed=seed)
        while state.phase is not Phase.PLAYING or rng.random() < 0.5:
            state = apply_move(state, rng.choice(legal_moves(state)))
        seat = rng.randrange(4)
        assert shared.solve(state, (seat,)) == solve(state, (seat,)), seed
        for tricks in range(7):
            assert shared.can_make(state, seat, tricks) == can_make(state, seat, tricks), seed


# -- a solver's limits ------------------------------------------------------------
# A question of the plain search and one of the general search (Counter's
# powers and passes), each visiting more than 512 positions.
LIMITED = [
    pytest.param(OhHell(players=4, schedule=(7,)), 7, 1, id="oh-hell"),
    pytest.param(Counter(players=3), 5, 1, id="counter"),
]


@pytest.mark.parametrize(("rules", "cards", "seed"), LIMITED)
def test_a_solver_counts_the_positions_its_questions_visit(
    rules: Ruleset, cards: int, seed: int
) -> None:
    """A solver's positions are those its searches visited: none before a
    question, some after each, and as many as a fresh solver counts for the
    same questions asked in the same order."""
    state = trick_start(rules, seed, cards)
    solver = Solver()
    assert solver.positions == 0
    counts = []
    for seat in range(state.players):
        before = solver.positions
        solver.solve(state, (seat,))
        counts.append(solver.positions - before)
    assert min(counts) > 0 and max(counts) > 512
    again = Solver()
    for seat in range(state.players):
        again.solve(state, (seat,))
    assert again.positions == solver.positions == sum(counts)


@pytest.mark.parametrize(("rules", "cards", "seed"), LIMITED)
def test_a_limit_of_positions_holds_for_each_question_and_a_large_enough_one_answers(
    rules: Ruleset, cards: int, seed: int
) -> None:
    """A solver limited to as many positions a question as the dearest of a
    series of questions visits answers each of them (the dearest visits
    exactly its limit), as an unlimited solver does, visiting the same
    positions; one limited to fewer than the dearest question needs (by 256,
    as often as the Python searches look) gives up on it; a budget for all
    the questions together is spent by each of them."""
    state = trick_start(rules, seed, cards)
    free = Solver()
    answers = []
    counts = []
    for seat in range(state.players):
        before = free.positions
        answers.append(free.solve(state, (seat,)))
        counts.append(free.positions - before)
    dearest = max(counts)
    limited = Solver(nodes=dearest)
    assert [limited.solve(state, (seat,)) for seat in range(state.players)] == answers
    assert limited.positions == free.positions
    budgeted = Solver(nodes=dearest, budget=free.positions)
    assert [budgeted.solve(state, (seat,)) for seat in range(state.players)] == answers
    first = counts.index(dearest)
    with pytest.raises(SearchLimitReached):
        Solver(nodes=dearest - 256).solve(state, (first,))
    short = Solver(budget=free.positions - counts[-1] - 256)
    with pytest.raises(SearchLimitReached):
        for seat in range(state.players):
            short.solve(state, (seat,))
    assert short.positions < free.positions


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (
            {"nodes": 10**15 + 1},
            r"^Solver\.nodes must be 0\.\.1000000000000000, got 1000000000000001$",
        ),
        (
            {"budget": 10**15 + 1},
            r"^Solver\.budget must be 0\.\.1000000000000000, got 1000000000000001$",
        ),
        ({"budget": -1}, r"^Solver\.budget must be 0\.\.1000000000000000, got -1$"),
        ({"budget": 2.0}, r"^Solver\.budget must be 0\.\.1000000000000000, got 2\.0$"),
        (
            {"deadline": 1.5e15},
            r"^Solver\.deadline must be a number from 0 to 1e\+15, got 1500000000000000\.0$",
        ),
    ],
)
def test_a_solver_s_limits_past_their_range_are_named(
    arguments: dict[str, object], message: str
) -> None:
    """The limits go up to 10**15 positions and a perf_counter time of 1e15."""
    with pytest.raises(InvalidArgumentError, match=message):
        Solver(**arguments)  # type: ignore[arg-type]


def test_a_solver_takes_its_limits_up_to_the_largest() -> None:
    state = _playing()
    solver = Solver(deadline=1e15, nodes=10**15, budget=10**15)
    assert solver.solve(state, (1,)) == solve(state, (1,))
    assert solver.can_make(state, 1, 1) == can_make(state, 1, 1)


def test_a_long_number_of_tricks_is_shown_cut_to_forty_characters() -> None:
    tricks = "x" * 60
    with pytest.raises(InvalidArgumentError) as raised:
        can_make(_playing(), 0, tricks)  # type: ignore[arg-type]
    shown = str(raised.value).partition(", got ")[2]
    assert shown == "'" + "x" * 36 + "..." and len(shown) == 40


# -- can_make_after ----------------------------------------------------------------
# Seeds of trick_start (four-player Counter, four cards a hand) whose seat to
# lead can make its bid (27), and can still reach it but cannot be sure of
# it (8).
@pytest.mark.parametrize(("seed", "sure"), [(27, True), (8, False)])
def test_can_make_after_each_asks_the_moves_only_where_the_position_allows_it(
    seed: int, sure: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No move of a seat's own makes sure a bid that the position does not:
    where the seat cannot be sure of its bid, no move is asked about; each
    answer is can_make_after's for that move."""
    state = trick_start(Counter(players=4), seed, 4)
    seat = min(state.to_act)
    bid = state.bids[seat]
    assert bid is not None and state.tricks_won[seat] <= bid <= state.tricks_won[seat] + 4
    assert can_make(state, seat, bid) is sure
    moves = legal_moves(state)
    apart = {m: Solver().can_make_after(state, m, seat, bid) for m in moves}
    asked = counted_calls(monkeypatch, _solving, "can_make_after")
    assert Solver().can_make_after_each(state, moves, seat, bid) == apart
    assert len(asked) == (len(moves) if sure else 0)
    assert any(apart.values()) is sure
    with pytest.raises(InvalidArgumentError, match=r"^tricks must be a whole number 0\.\.10"):
        Solver().can_make_after_each(state, moves, seat, 11)
    with pytest.raises(InvalidArgumentError, match="needs every hand open"):
        Solver().can_make_after_each(view(state, seat), moves, seat, bid)  # type: ignore[arg-type]


def test_can_make_after_refuses_a_view_a_bad_seat_and_a_bad_number_of_tricks() -> None:
    state = _playing()
    move = legal_moves(state)[0]
    solver = Solver()
    with pytest.raises(
        InvalidArgumentError, match=r"^Solver\.can_make_after needs every hand open"
    ):
        solver.can_make_after(view(state, 0), move, 0, 1)  # type: ignore[arg-type]
    with pytest.raises(
        InvalidArgumentError, match="seat must be a whole number from 0 to 2, got 3"
    ):
        solver.can_make_after(state, move, 3, 1)
    with pytest.raises(InvalidArgumentError, match=r"tricks must be a whole number 0\.\.3"):
        solver.can_make_after(state, move, 0, 4)


@pytest.mark.parametrize("schedule", [(2, 3), (2, 3, 2)], ids=["last hand", "next hand"])
def test_after_the_hand_s_last_card_the_solver_reads_the_finished_hand(
    schedule: tuple[int, ...],
) -> None:
    """The last card of the second hand ends it (and the game, or starts the
    next hand): can_make_after then says whether the seat ended that hand
    with exactly that many tricks, and the card's value is that hand's last
    trick, won or not; before it, can_make_after says whether the seat can
    still be sure of them."""
    rules = OhHell(players=3, schedule=schedule, trump="none")
    checked = 0
    for seed in range(4):
        rng = random.Random(seed)
        state = new_game(rules, seed=seed)
        while state.phase is not Phase.PLAYING or state.hand_number < 2:
            state = apply_move(state, rng.choice(legal_moves(state)))
        solver = Solver()
        while True:
            move = rng.choice(legal_moves(state))
            after = apply_move(state, move)
            ended = after.hand_number != state.hand_number or after.is_over
            for seat in {move.seat, rng.randrange(3)}:
                for tricks in range(4):
                    answer = solver.can_make_after(state, move, seat, tricks)
                    if ended:
                        assert answer == (after.history[-1].tricks_won[seat] == tricks)
                    else:
                        assert answer == can_make(after, seat, tricks)
            if ended:
                assert after.is_over == (len(schedule) == 2)
                winner = after.history[-1].tricks[-1].winner
                others = tuple(s for s in range(3) if s != winner)
                assert solver.move_values(state, (winner,)) == {move: 1}
                assert solver.move_values(state, others) == {move: 0}
                checked += 1
                break
            state = after
    assert checked == 4


def test_passes_are_searched_with_the_side_choosing_first() -> None:
    """In a pass after Counter's Five the side chooses first and the others
    answer knowing its choice: solve gives what a search with that order
    gives, also where choosing in seat order would give the side more (it
    would see the earlier seats' passes), and move_values lists the passes of
    the side's first seat."""
    rules = Counter(players=3)
    differ = 0
    for seed in range(60, 115):
        state = ending(rules, seed, 3)
        if state is None or state.phase is not Phase.PASSING:
            continue
        for side in range(1, 7):
            seats = [s for s in range(3) if side >> s & 1]
            values = []
            for order in (pass_order(side, 3), [0, 1, 2]):
                search = GeneralSearch(rules, side, order)
                values.append(search.value(state))
            assert solve(state, seats) == values[0], (seed, seats)
            if values[0] != values[1]:
                differ += 1
                assert {move.seat for move in move_values(state, seats)} == {seats[0]}
    assert differ >= 2


# -- two decks: the first of two identical cards wins -------------------------------
def _two_decks(hands: list[str], leader: int, trump: Suit | None) -> GameState:
    """The play of a hand of two-deck Oh Hell dealt ``hands`` (the rest of
    both decks in the stock), ``trump`` fixed, ``leader`` to lead."""
    players = len(hands)
    schedule = (len(hands[0].split()),)
    if trump is None:
        rules = OhHell(players=players, schedule=schedule, decks=2, trump="none")
    else:
        rules = OhHell(
            players=players, schedule=schedule, decks=2, trump="rotation", rotation=(trump,)
        )
    dealt = [card for hand in hands for card in cards(hand)]
    deal = Deal(hands=hands, stock=[c for c in rules.deck() if c not in dealt])
    state = new_game(rules, deal=deal, dealer=(leader - 1) % players)
    while state.phase is Phase.BIDDING:
        state = apply_move(state, legal_moves(state)[0])
    return state


@pytest.mark.parametrize(
    ("hands", "leader", "trump", "seats", "value"),
    [
        # Seat 0's A♦ wins the lead to its partner's identical A♦/1 (played
        # second), so the partner never leads its hearts.
        (
            ["6C/1 9C AD 5S/1 8S/1", "JC AD/1 5D/1 6H/1 JH", "AC JD/1 KD 2H 2H/1"],
            0, None, (0, 1), 4,
        ),
        (
            ["6C/1 9C AD 5S/1 8S/1", "JC AD/1 5D/1 6H/1 JH", "AC JD/1 KD 2H 2H/1"],
            0, None, (2,), 1,
        ),
        # Seat 1's Q♣, led before seat 2's identical Q♣/1, wins: it is not a
        # small card below the Q♣/1 that decided the search of the J♣.
        (
            ["AC/1 8C/1 4H/1 2S/1 5S/1", "JC QC 7D 10D/1 JD", "QC/1 9D 9H KH/1 3S"],
            1, Suit.DIAMONDS, (1,), 4,
        ),
        # Seat 2's A♣ is not the top of clubs that wins whatever is led: seat
        # 3, a partner of the leader, plays its identical A♣/1 first.
        (
            ["JC AD/1 3D/1 7D/1 QH", "2C/1 9C/1 2D/1 KD 9S/1",
             "AC QC/1 9D/1 8H/1 10H", "AC/1 AD 4D 7H 8S"],
            1, None, (1, 2, 3), 5,
        ),
        (
            ["JC AD/1 3D/1 7D/1 QH", "2C/1 9C/1 2D/1 KD 9S/1",
             "AC QC/1 9D/1 8H/1 10H", "AC/1 AD 4D 7H 8S"],
            1, None, (0,), 0,
        ),
        # A partner's K♦ does not make the trick sure while an opponent
        # playing before it holds the identical K♦/1.
        (
            ["10C QC QD", "KD 4S/1 9S", "7C JD KD/1", "5D 6D/1 3S/1", "2C/1 3D AH"],
            4, None, (0, 2), 0,
        ),
    ],
)  # fmt: skip
def test_with_two_decks_the_first_of_two_identical_cards_wins_in_the_search(
    hands: list[str], leader: int, trump: Suit | None, seats: tuple[int, ...], value: int
) -> None:
    """Positions where a shortcut of the fast search (quick tricks through a
    partner, small cards, a trick the opponents win whatever is led, a trick
    sure after the lead) would read identical cards as if either could win:
    solve gives the value a minimax gives (written here) and the general
    search's."""
    state = _two_decks(hands, leader, trump)
    side = sum(1 << s for s in seats)
    assert GeneralSearch(state.rules, side).value(state) == value
    assert solve(state, seats) == value
