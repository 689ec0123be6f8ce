"""The solver's public questions: :func:`solve`, :func:`move_values` and
:func:`can_make`, with the checks of their arguments and the choice of search."""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from counter_rules.analysis._general import GeneralSearch, next_mover, search_order
from counter_rules.analysis._maxn import OwnPointsSearch
from counter_rules.analysis._plain import PlainSearch, plain_applies, plain_play
from counter_rules.argument_checks import check_int, check_real, seat_problem, shown
from counter_rules.board import Board
from counter_rules.engine import apply_move, legal_moves
from counter_rules.errors import InvalidArgumentError
from counter_rules.moves import Move, Play
from counter_rules.phase import Phase
from counter_rules.rulesets.base import Ruleset
from counter_rules.state import GameState
from counter_rules.views import PlayerView

LATEST = 1e15  # seconds: a perf_counter time past any run, and small enough for a float

__all__ = [
    "LATEST",
    "Outcome",
    "Searches",
    "Solver",
    "can_make",
    "can_make_after",
    "check_position",
    "check_seat",
    "fast_search",
    "move_values",
    "outcome_positions",
    "outcome_of",
    "outcome_values_of",
    "outcomes_after",
    "side_of",
    "solve",
]


def check_position(state: object, function: str) -> GameState:
    """``state`` if the solver can analyse it; else the library's error, saying
    what to do instead."""
    if isinstance(state, PlayerView):
        raise InvalidArgumentError(
            f"{function} needs every hand open, got the view of seat {state.seat}: "
            "sample a world consistent with it first (sample_world(view, rng)) "
            "or use analysis.hint, which does"
        )
    if not isinstance(state, GameState):
        raise InvalidArgumentError(f"{function} needs a GameState, got {type(state).__name__}")
    if state.phase is Phase.BIDDING:
        raise InvalidArgumentError(
            f"{function} analyses the play of a hand, and hand {state.hand_number} is still "
            "being bid: wait until every bid is made"
        )
    if state.phase is Phase.GAME_OVER:
        raise InvalidArgumentError(f"{function} analyses the play of a hand, and the game is over")
    return state


def check_seat(seat: object, players: int, what: str) -> int:
    """``seat`` if it is a seat of a game of ``players``; else the library's
    error, naming ``what``."""
    problem = seat_problem(seat, players)
    if problem is not None:
        raise InvalidArgumentError(f"{what} must be {problem}")
    assert isinstance(seat, int)
    return seat


def side_of(seats: object, players: int) -> int:
    """The bit set of ``seats`` (a collection of seat numbers), checked."""
    if isinstance(seats, str | bytes) or not isinstance(seats, Iterable):
        raise InvalidArgumentError(
            f"seats must be a collection of seats from 0 to {players - 1} such as (0, 2), "
            f"got {seats!r:.40}"
        )
    side = 0
    for seat in seats:
        side |= 1 << check_seat(seat, players, "each of seats")
    return side


class Searches:
    """The searches made for one ruleset and one trump, kept so that questions
    about the positions of one hand share what earlier ones found."""

    def __init__(self) -> None:
        self._made: dict[tuple[int, int, object, bool], GeneralSearch | PlainSearch] = {}
        self._own: dict[tuple[int, int], OwnPointsSearch] = {}
        self.deadline = 0.0
        """A time (of :func:`time.perf_counter`) past which every search gives
        up with :class:`~counter_rules.analysis.SearchLimitReached`; 0 for none."""
        self.node_limit = 0
        """A count of positions past which each search gives up the same way
        (deterministic, unlike a deadline); 0 for none."""
        self.budget = 0
        """A count of positions past which the searches give up together:
        every question asked of this object counts; 0 for none."""
        self.outcome_limit = 0
        """A count of positions past which the outcome search gives up, on
        top of :attr:`node_limit` (for a caller that asks the outcome question
        beside the others and can answer without it); 0 for none."""

    @property
    def positions(self) -> int:
        """The positions every search made here has visited."""
        return sum(search.nodes for search in self._made.values()) + sum(
            search.nodes for search in self._own.values()
        )

    def search(self, state: GameState, side: int) -> GeneralSearch | PlainSearch:
        """The search for ``side`` in ``state``'s ruleset (and trump, for the
        plain search)."""
        rules: Ruleset = state.rules
        plain = plain_applies(state)
        key = (id(rules), side, state.trump if plain else None, plain)
        found = self._made.get(key)
        if found is None or found.rules is not rules:
            found = PlainSearch(rules, state.trump, side) if plain else GeneralSearch(rules, side)
            self._made[key] = found
        self._limit(found)
        return found

    def own_points(self, state: GameState, asker: int) -> OwnPointsSearch:
        """The outcome search of ``state``'s ruleset with ``asker`` breaking
        ties, its tables ready for ``state``'s hand."""
        rules: Ruleset = state.rules
        key = (id(rules), asker)
        found = self._own.get(key)
        if found is None or found.rules is not rules:
            found = OwnPointsSearch(rules, asker)
            self._own[key] = found
        self._limit(found, self.outcome_limit)
        return found

    def _limit(self, search: GeneralSearch | PlainSearch | OwnPointsSearch, own: int = 0) -> None:
        """Give ``search`` this object's deadline and what is left of its limits,
        with ``own`` positions at most for this question (0: no such limit)."""
        search.deadline = self.deadline
        limit = self.node_limit
        if own:
            limit = min(limit, own) if limit else own
        if self.budget:
            left = max(1, self.budget - self.positions)
            limit = min(limit, left) if limit else left
        search.node_limit = search.nodes + limit if limit else 0

    def value(self, state: GameState, side: int) -> int:
        """What :func:`solve` answers."""
        return self.search(state, side).value(state)

    def can_make(self, state: GameState, seat: int, tricks: int) -> bool:
        """What :func:`can_make` answers."""
        need = tricks - state.tricks_won[seat]
        return self.search(state, 1 << seat).exactly(state, need)

    def move_value(self, state: GameState, move: Move, side: int) -> int:
        """The tricks not yet finished that ``side`` can be sure of once ``move``
        is made (the trick the move completes included)."""
        child = apply_move(state, move)
        if isinstance(move, Play) and len(state.trick) == state.players - 1:
            last = len(state.hands[move.seat]) == 1
            # After the hand's last trick the child is the next hand (or the
            # end of the game): the trick is the last of the hand's history.
            finished = child.history[-1].tricks[-1] if last else child.tricks[-1]
            winner = finished.winner
            won = 1 if winner is not None and side >> winner & 1 else 0
            return won if last else won + self.value(child, side)
        return self.value(child, side)

    def move_values(self, state: GameState, side: int, moves: Iterable[Move]) -> dict[Move, int]:
        """:meth:`move_value` of each of ``moves``, the moves of the seat the
        search lets choose first. Where the side is that seat alone, the
        position is asked first whether the seat can be sure of a trick: its
        best move's value is the position's, so where the answer is no,
        every move's value is 0 and no move is asked about. One seat alone
        can seldom be sure of a trick early in a hand, and one proof that it
        cannot, for the position, mostly costs less than one for each move
        (a side of several seats mostly can, and is asked move by move)."""
        moves = tuple(moves)
        if moves and side == 1 << moves[0].seat and not self.search(state, side).at_least(state, 1):
            return dict.fromkeys(moves, 0)
        return {move: self.move_value(state, move, side) for move in moves}


def can_make_after(searches: Searches, state: GameState, move: Move, seat: int, bid: int) -> bool:
    """Whether ``seat`` can still be sure of ending the hand with exactly
    ``bid`` tricks once ``move`` is made (after the hand's last card: whether
    it did)."""
    after = apply_move(state, move)
    if after.hand_number != state.hand_number or after.is_over:
        return after.history[-1].tricks_won[seat] == bid
    return searches.can_make(after, seat, bid)


def can_make_after_each(
    searches: Searches, state: GameState, moves: Iterable[Move], seat: int, bid: int
) -> dict[Move, bool]:
    """:func:`can_make_after` of each of ``moves``. Where they are all moves
    of ``seat``, the position is asked first: no move of the seat's own makes
    sure a bid that the position does not, so where the answer is no, no
    move is asked about (after the seat's move values, the table's bounds
    mostly answer the position at once)."""
    moves = tuple(moves)
    if moves and all(m.seat == seat for m in moves) and not searches.can_make(state, seat, bid):
        return dict.fromkeys(moves, False)
    return {move: can_make_after(searches, state, move, seat, bid) for move in moves}


class Solver:
    """The solver's questions (:func:`solve`, :func:`move_values`,
    :func:`can_make`) asked of one solver, which keeps what each answer found
    for the next questions about positions of the same game, and which can
    give up: a question that runs past ``deadline`` or visits more than
    ``nodes`` positions raises :class:`SearchLimitReached`. Bots that solve
    many positions in a time budget ask one (:class:`~counter_rules.bots.PIMCBot`
    does).

    Args:
        deadline: A :func:`time.perf_counter` time past which every question
            gives up; 0 for none.
        nodes: The most positions one question may visit (deterministic,
            unlike a deadline); 0 for no limit.
        budget: The most positions all the solver's questions may visit
            together (:attr:`positions` counts them); 0 for no limit.
        outcome_nodes: The most positions one outcome question (:meth:`outcome`,
            :meth:`outcome_values`, :meth:`outcomes_after`) may visit, on top
            of ``nodes``: for a caller that asks it beside the other questions
            and can answer without it; 0 for no such limit.

    Raises:
        InvalidArgumentError: ``deadline``, ``nodes``, ``budget`` or
            ``outcome_nodes`` out of range.

    Example:
        >>> from counter_rules import OhHell, Phase, apply_move, legal_moves, new_game
        >>> from counter_rules.analysis import SearchLimitReached, Solver
        >>> state = new_game(OhHell(players=3, schedule=(3,), trump="none"), seed=4)
        >>> while state.phase is Phase.BIDDING:  # every seat bids 0
        ...     state = apply_move(state, legal_moves(state)[0])
        >>> solver = Solver()
        >>> solver.solve(state, (1,)), solver.can_make(state, 1, 3)
        (2, False)
        >>> big = new_game(OhHell(players=4, schedule=(12,)), seed=1)
        >>> while big.phase is Phase.BIDDING:
        ...     big = apply_move(big, legal_moves(big)[0])
        >>> try:
        ...     Solver(nodes=1000).solve(big, (0,))
        ... except SearchLimitReached:
        ...     print("no answer within 1,000 positions")
        no answer within 1,000 positions
        >>> shared = Solver(budget=5000)
        >>> shared.solve(state, (1,)), shared.positions <= 5000
        (2, True)
    """

    def __init__(
        self, *, deadline: float = 0.0, nodes: int = 0, budget: int = 0, outcome_nodes: int = 0
    ) -> None:
        check_real("Solver", "deadline", deadline, 0, LATEST)
        check_int("Solver", "nodes", nodes, 0, 10**15)
        check_int("Solver", "budget", budget, 0, 10**15)
        check_int("Solver", "outcome_nodes", outcome_nodes, 0, 10**15)
        self.deadline = float(deadline)
        """The time past which questions give up (0: none)."""
        self.nodes = nodes
        """The most positions one question may visit (0: no limit)."""
        self.budget = budget
        """The most positions all the questions may visit together (0: no limit)."""
        self.outcome_nodes = outcome_nodes
        """The most positions one outcome question may visit, on top of
        :attr:`nodes` (0: no such limit)."""
        self._searches = Searches()

    @property
    def positions(self) -> int:
        """The positions the solver's questions have visited so far (those
        of a question that gave up included)."""
        return self._searches.positions

    def _ready(self) -> Searches:
        searches = self._searches
        searches.deadline = self.deadline
        searches.node_limit = self.nodes
        searches.budget = self.budget
        searches.outcome_limit = self.outcome_nodes
        return searches

    def solve(self, state: GameState, seats: Iterable[int]) -> int:
        """What :func:`solve` answers.

        Raises:
            InvalidArgumentError: As :func:`solve` does.
            SearchLimitReached: The question ran past the solver's limits.
        """
        return _solve(self._ready(), state, seats, "Solver.solve")

    def move_values(self, state: GameState, seats: Iterable[int] | None = None) -> dict[Move, int]:
        """What :func:`move_values` answers.

        Raises:
            InvalidArgumentError: As :func:`move_values` does.
            SearchLimitReached: A question ran past the solver's limits.
        """
        return _move_values(self._ready(), state, seats, "Solver.move_values")

    def can_make(self, state: GameState, seat: int, tricks: int) -> bool:
        """What :func:`can_make` answers.

        Raises:
            InvalidArgumentError: As :func:`can_make` does.
            SearchLimitReached: The question ran past the solver's limits.
        """
        return _can_make(self._ready(), state, seat, tricks, "Solver.can_make")

    def outcome(self, state: GameState, seat: int | None = None) -> Outcome:
        """What :func:`~counter_rules.analysis.outcome` answers.

        Raises:
            InvalidArgumentError: As :func:`~counter_rules.analysis.outcome` does.
            SearchLimitReached: The question ran past the solver's limits.
        """
        return outcome_of(self._ready(), state, seat, "Solver.outcome")

    def outcomes_after(
        self, state: GameState, moves: Iterable[Move], seat: int
    ) -> dict[Move, Outcome]:
        """The :func:`~counter_rules.analysis.outcome`, ``seat`` asking, once
        each of ``moves`` (legal moves of seats to act in ``state``; in a pass,
        of any seat still to pass) is made.

        Raises:
            InvalidArgumentError: As :func:`~counter_rules.analysis.outcome` does.
            SearchLimitReached: A question ran past the solver's limits.
        """
        state = check_position(state, "Solver.outcomes_after")
        seat = check_seat(seat, state.players, "Solver.outcomes_after's seat")
        return outcomes_after(self._ready(), state, moves, seat)

    def outcome_values(self, state: GameState, seat: int | None = None) -> dict[Move, Outcome]:
        """What :func:`~counter_rules.analysis.outcome_values` answers.

        Raises:
            InvalidArgumentError: As :func:`~counter_rules.analysis.outcome_values` does.
            SearchLimitReached: A question ran past the solver's limits.
        """
        return outcome_values_of(self._ready(), state, seat, "Solver.outcome_values")

    def can_make_after(self, state: GameState, move: Move, seat: int, tricks: int) -> bool:
        """Whether ``seat`` can still be sure of ending the hand with exactly
        ``tricks`` tricks once the legal ``move`` is made (after the hand's
        last card: whether it did).

        Raises:
            InvalidArgumentError: As :meth:`can_make` does, or ``move`` is not
                legal.
            SearchLimitReached: The question ran past the solver's limits.
        """
        state = check_position(state, "Solver.can_make_after")
        seat = check_seat(seat, state.players, "seat")
        _check_tricks(tricks, state)
        return can_make_after(self._ready(), state, move, seat, tricks)

    def can_make_after_each(
        self, state: GameState, moves: Iterable[Move], seat: int, tricks: int
    ) -> dict[Move, bool]:
        """:meth:`can_make_after` of each of the legal ``moves``. Where they
        are all ``seat``'s own, the position is asked first: where the seat
        cannot be sure of ``tricks`` now, no move of its own makes it sure,
        and no move is asked about.

        Raises:
            InvalidArgumentError: As :meth:`can_make_after` does.
            SearchLimitReached: A question ran past the solver's limits.
        """
        state = check_position(state, "Solver.can_make_after_each")
        seat = check_seat(seat, state.players, "seat")
        _check_tricks(tricks, state)
        return can_make_after_each(self._ready(), state, moves, seat, tricks)


@attrs.frozen(kw_only=True)
class Outcome:
    """How a hand ends when every seat plays for its own points (see
    :func:`outcome`): one entry per seat.

    Example:
        >>> from counter_rules.analysis import Outcome
        >>> end = Outcome(tricks=(2, 0, 1), points=(12, 10, 1))
        >>> end.tricks[0], end.points[0]
        (2, 12)
        >>> str(end)
        'tricks 2 0 1, points 12 10 1'
    """

    tricks: tuple[int, ...]
    """Each seat's tricks at the end of the hand (those already won included)."""
    points: tuple[int, ...]
    """Each seat's points for the hand, by the ruleset's own scoring."""

    def __str__(self) -> str:
        tricks = " ".join(map(str, self.tricks))
        points = " ".join(map(str, self.points))
        return f"tricks {tricks}, points {points}"


def asking_seat(state: GameState, seat: object, name: str) -> tuple[int, int]:
    """The seat to act in ``state`` (in a pass: the lowest seat still to
    pass) and the asking seat (``seat``, checked, or that seat)."""
    mover = min(state.to_act)
    if seat is None:
        return mover, mover
    return mover, check_seat(seat, state.players, f"{name}'s seat")


def _finish(search: OwnPointsSearch, tricks: tuple[int, ...]) -> Outcome:
    return Outcome(tricks=tricks, points=search.points_of(tricks))


def outcome_of(searches: Searches, state: GameState, seat: object, name: str) -> Outcome:
    """What :func:`outcome` answers (``name`` is the function asked, for the messages)."""
    state = check_position(state, name)
    _, asker = asking_seat(state, seat, name)
    search = searches.own_points(state, asker)
    board = search.board(state)
    return _finish(search, search.value(board))


def outcome_values_of(
    searches: Searches, state: GameState, seat: object, name: str
) -> dict[Move, Outcome]:
    """What :func:`outcome_values` answers (``name`` as for :func:`outcome_of`)."""
    state = check_position(state, name)
    mover, asker = asking_seat(state, seat, name)
    return outcomes_after(searches, state, legal_moves(state, mover), asker)


def outcomes_after(
    searches: Searches, state: GameState, moves: Iterable[Move], asker: int
) -> dict[Move, Outcome]:
    """The outcome, ``asker`` breaking ties, once each of ``moves`` (legal
    moves of seats to act in ``state``) is made."""
    search = searches.own_points(state, asker)
    board: Board = search.board(state)
    out: dict[Move, Outcome] = {}
    for move in moves:
        board.make(move)
        try:
            tricks = search.value(board)
        finally:
            board.unmake()
        out[move] = _finish(search, tricks)
    return out


def fast_search(position: GameState | PlayerView) -> bool:
    """Whether the fast search of plain Oh Hell answers the solver's questions
    about ``position``: in the play of a ruleset whose plays and tricks the
    engine runs by its plain path (see :doc:`analysis`). The general search,
    which answers them for Counter and every other ruleset, visits fewer
    positions a second and needs more of them, so a caller that budgets
    positions may ask first.

    It answers for the play of the hand being bid as well, and a seat's
    :class:`~counter_rules.PlayerView` answers as the state it was made from
    does, so a bot can ask before it bids or samples any world.

    Example:
        >>> from counter_rules import Counter, OhHell, Phase, apply_move, legal_moves, new_game
        >>> from counter_rules import view
        >>> from counter_rules.analysis import fast_search
        >>> def played(rules):
        ...     state = new_game(rules, seed=1)
        ...     while state.phase is Phase.BIDDING:
        ...         state = apply_move(state, legal_moves(state)[0])
        ...     return state
        >>> fast_search(played(OhHell(players=4))), fast_search(played(Counter()))
        (True, False)
        >>> fast_search(view(new_game(OhHell(players=4), seed=1), 2))
        True
    """
    if not isinstance(position, (GameState, PlayerView)):
        raise InvalidArgumentError(
            f"fast_search needs a GameState or a PlayerView, got {type(position).__name__}"
        )
    if position.phase is Phase.GAME_OVER:
        raise InvalidArgumentError("fast_search analyses the play of a hand, and the game is over")
    return plain_play(position.rules, position.trump)


# The positions the outcome question (every seat for itself) gets where it is
# asked beside the sure-of questions (each decision of analyse, each world of
# hint): a position it cannot settle within them keeps the other answers,
# without the points. A count, not a time, keeps the answers the same on any
# machine. The plain family's search (native in the compiled build) takes a
# few hundredths of a second for its count; a position of the general search
# (Counter) costs about fifty times as much, so it gets a tenth of the count.
OUTCOME_POSITIONS = 200_000
OUTCOME_POSITIONS_GENERAL = 20_000


def outcome_positions(state: GameState) -> int:
    """The positions the outcome question about ``state`` gets where it is
    asked beside the sure-of questions (:func:`~counter_rules.analysis.analyse`,
    :func:`~counter_rules.analysis.hint`)."""
    return OUTCOME_POSITIONS if fast_search(state) else OUTCOME_POSITIONS_GENERAL


def _solve(searches: Searches, state: GameState, seats: Iterable[int], name: str) -> int:
    """What :func:`solve` answers; ``name`` is the function asked, for the
    messages."""
    state = check_position(state, name)
    return searches.value(state, side_of(seats, state.players))


def _move_values(
    searches: Searches, state: GameState, seats: Iterable[int] | None, name: str
) -> dict[Move, int]:
    """What :func:`move_values` answers (``name`` as for :func:`_solve`)."""
    state = check_position(state, name)
    side = 1 << min(state.to_act) if seats is None else side_of(seats, state.players)
    seat = next_mover(state, search_order(side, state.players))
    return searches.move_values(state, side, [m for m in legal_moves(state) if m.seat == seat])


def _can_make(searches: Searches, state: GameState, seat: int, tricks: int, name: str) -> bool:
    """What :func:`can_make` answers (``name`` as for :func:`_solve`)."""
    state = check_position(state, name)
    seat = check_seat(seat, state.players, "seat")
    _check_tricks(tricks, state)
    return searches.can_make(state, seat, tricks)


def _check_tricks(tricks: object, state: GameState) -> None:
    if type(tricks) is not int or not 0 <= tricks <= state.cards_dealt:
        raise InvalidArgumentError(
            f"tricks must be a whole number 0..{state.cards_dealt} (the cards dealt), "
            f"got {shown(tricks, 40)}"
        )


# Alike on purpose: the examples of solve, move_values and can_make start from
# the same hand, each on its own as a reader meets it.
def solve(state: GameState, seats: Iterable[int]) -> int:
    """The most tricks the seats ``seats`` can be sure of winning together,
    with every hand open, from this position to the end of the hand.

    Only tricks not yet finished count: the trick being played does, tricks
    already won do not. The other seats play as one side against ``seats``
    (see :doc:`analysis` for what that assumption means with three or more
    players). In a pass after Counter's Five, ``seats`` choose their passes
    first and the others answer knowing them.

    Args:
        state: A position of the play (or of a pass) with every hand known.
        seats: The seats playing together, e.g. ``(0, 2)`` for a bridge
            partnership or ``(seat,)`` for one player of Oh Hell.

    Raises:
        InvalidArgumentError: ``state`` is a :class:`~counter_rules.PlayerView`
            (sample a world first), is not in the play of a hand, or ``seats``
            holds something other than seats of the game.

    Example:
        >>> from counter_rules import OhHell, Phase, apply_move, legal_moves, new_game
        >>> from counter_rules.analysis import solve
        >>> state = new_game(OhHell(players=3, schedule=(3,), trump="none"), seed=4)
        >>> while state.phase is Phase.BIDDING:  # every seat bids 0
        ...     state = apply_move(state, legal_moves(state)[0])
        >>> [" ".join(map(str, hand)) for hand in state.hands]  # seat 1 leads
        ['9♥ J♠ K♠', '4♥ Q♥ 3♠', '5♣ 5♦ 9♦']
        >>> solve(state, seats=(1,)), solve(state, seats=(0, 2))
        (2, 1)
    """
    return _solve(Searches(), state, seats, "solve")


def move_values(state: GameState, seats: Iterable[int] | None = None) -> dict[Move, int]:
    """For each legal move of the seat to act, what :func:`solve` gives for
    ``seats`` when that move is made, counting the trick the move completes.

    The largest value is what :func:`solve` gives for the position when the
    seat to act is one of ``seats``; the smallest when it is not. In a pass the
    moves are those of the seat the search lets choose first: the first of
    ``seats`` still to choose, else the first other seat still to choose.

    Args:
        state: A position of the play or of a pass, every hand known.
        seats: The seats playing together (default: the seat to act alone; in
            a pass, the first seat still to choose).

    Raises:
        InvalidArgumentError: As for :func:`solve`.

    Example:
        >>> from counter_rules import OhHell, Phase, apply_move, legal_moves, new_game
        >>> from counter_rules.analysis import move_values
        >>> state = new_game(OhHell(players=3, schedule=(3,), trump="none"), seed=4)
        >>> while state.phase is Phase.BIDDING:  # every seat bids 0
        ...     state = apply_move(state, legal_moves(state)[0])
        >>> {str(move): value for move, value in move_values(state).items()}
        {'P1:4♥': 0, 'P1:Q♥': 2, 'P1:3♠': 1}
    """
    return _move_values(Searches(), state, seats, "move_values")


def can_make(state: GameState, seat: int, tricks: int) -> bool:
    """Whether ``seat`` can be sure of ending the hand with exactly ``tricks``
    tricks in all (those it has already won this hand included), whatever the
    other seats do, every hand open.

    Exact-bid games are won and lost on this question: ``can_make(state, seat,
    bid)`` says whether the bid can still be made. It is a search of its own
    for the exact number, not read off :func:`solve`: a seat that can be sure
    of three tricks may not be able to stop at two.

    Raises:
        InvalidArgumentError: As for :func:`solve`, or ``seat`` is not a seat
            of the game, or ``tricks`` is not a whole number from 0 to the
            cards dealt.

    Example:
        >>> from counter_rules import OhHell, Phase, apply_move, legal_moves, new_game
        >>> from counter_rules.analysis import can_make
        >>> state = new_game(OhHell(players=3, schedule=(3,), trump="none"), seed=4)
        >>> while state.phase is Phase.BIDDING:  # every seat bids 0
        ...     state = apply_move(state, legal_moves(state)[0])
        >>> [can_make(state, 1, tricks) for tricks in range(4)]  # but not 3
        [True, True, True, False]
    """
    return _can_make(Searches(), state, seat, tricks, "can_make")
