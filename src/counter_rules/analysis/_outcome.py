"""Every seat for itself: :func:`outcome`, :func:`outcome_values` and
:class:`Outcome`, the game's own question beside :func:`solve`'s."""

from __future__ import annotations

from counter_rules.analysis._maxn import OwnPointsSearch
from counter_rules.analysis._solving import (
    Outcome,
    Searches,
    check_seat,
    outcome_of,
    outcome_values_of,
)
from counter_rules.argument_checks import shown
from counter_rules.board import Board
from counter_rules.errors import InvalidArgumentError
from counter_rules.moves import Move
from counter_rules.phase import Phase
from counter_rules.rulesets.base import Ruleset
from counter_rules.state import GameState

__all__ = ["Outcome", "OutcomePoints", "outcome", "outcome_values"]


def outcome(state: GameState, seat: int | None = None) -> Outcome:
    """How the hand ends when, with every hand open, every seat plays for its
    own points: each seat's tricks and points for the hand (by the ruleset's
    own scoring).

    This is the game's own question, beside :func:`solve`'s bridge question
    (what a group of seats can be *sure* of against all the others). The rule
    fixes one answer: the seat to act picks the move that gives it the most
    points for the hand; among those, the one that gives ``seat`` the fewest;
    among those, the first in :func:`~counter_rules.legal_moves` order. In a
    pass after Counter's Five the seats still to pass choose one at a time
    from the lowest seat up, each knowing the passes before it. See
    :doc:`analysis` for when to ask which question.

    Args:
        state: A position of the play (or of a pass) with every hand known.
        seat: The asking seat, whose points break ties (the fewest for it);
            by default the seat to act (in a pass: the lowest seat still to
            pass).

    Raises:
        InvalidArgumentError: ``state`` is a :class:`~counter_rules.PlayerView`
            (sample a world first), is not in the play of a hand, or ``seat``
            is not a seat of the game.

    Example:
        >>> from counter_rules import OhHell, Phase, apply_move, legal_moves, new_game
        >>> from counter_rules.analysis import outcome, solve
        >>> state = new_game(OhHell(players=3, schedule=(3,), trump="none"), seed=4)
        >>> while state.phase is Phase.BIDDING:  # every seat bids 0
        ...     state = apply_move(state, legal_moves(state)[0])
        >>> [" ".join(map(str, hand)) for hand in state.hands]  # seat 1 leads
        ['9♥ J♠ K♠', '4♥ Q♥ 3♠', '5♣ 5♦ 9♦']
        >>> end = outcome(state)
        >>> end.tricks, end.points  # seats 1 and 2 make their bids of 0
        ((3, 0, 0), (3, 10, 10))
        >>> solve(state, (1,))  # what seat 1 could be sure of, against the others as one side
        2
    """
    return outcome_of(Searches(), state, seat, "outcome")


def outcome_values(state: GameState, seat: int | None = None) -> dict[Move, Outcome]:
    """For each legal move of the seat to act (in a pass: of the lowest seat
    still to pass), the :func:`outcome` once that move is made, in
    :func:`~counter_rules.legal_moves` order.

    The move :func:`outcome` plays for the seat is the first of those that
    give it the most points and, among those, ``seat`` the fewest.

    Args:
        state: As for :func:`outcome`.
        seat: As for :func:`outcome`.

    Raises:
        InvalidArgumentError: As for :func:`outcome`.

    Example:
        >>> from counter_rules import OhHell, Phase, apply_move, legal_moves, new_game
        >>> from counter_rules.analysis import outcome_values
        >>> state = new_game(OhHell(players=3, schedule=(3,), trump="none"), seed=4)
        >>> while state.phase is Phase.BIDDING:  # every seat bids 0
        ...     state = apply_move(state, legal_moves(state)[0])
        >>> for move, end in outcome_values(state).items():
        ...     print(move, end)
        P1:4♥ tricks 3 0 0, points 3 10 10
        P1:Q♥ tricks 1 2 0, points 1 2 10
        P1:3♠ tricks 3 0 0, points 3 10 10
    """
    return outcome_values_of(Searches(), state, seat, "outcome_values")


class OutcomePoints:
    """The points :func:`outcome` gives every seat, asked of positions on a
    search board (:class:`~counter_rules.board.Board`) instead of states: for
    a search that plays hands out on a board, as IS-MCTS's playouts do
    (:class:`~counter_rules.bots.ISMCTSBot`'s ``exact``).

    It keeps its table and the hand's points across the positions asked of it,
    so a position met again costs a lookup. The search has no limit: ask it of
    positions it answers quickly, in the plain family
    (:func:`~counter_rules.analysis.fast_search`) a few cards a hand.

    Args:
        rules: The ruleset played.
        seat: The asking seat, whose points break ties (the fewest for it).

    Raises:
        InvalidArgumentError: ``rules`` is not a ruleset, or ``seat`` is not
            one of its seats.

    Example:
        >>> from counter_rules import OhHell, Phase, apply_move, legal_moves, new_game
        >>> from counter_rules.analysis import OutcomePoints, outcome
        >>> from counter_rules.board import Board
        >>> rules = OhHell(players=3, schedule=(3,), trump="none")
        >>> state = new_game(rules, seed=4)
        >>> while state.phase is Phase.BIDDING:  # every seat bids 0
        ...     state = apply_move(state, legal_moves(state)[0])
        >>> ends = OutcomePoints(rules, 1)
        >>> board = Board(state, rules.play_rules())
        >>> ends.points(board, state), outcome(state, 1).points
        ((3, 10, 10), (3, 10, 10))
        >>> board.make(board.moves()[1])  # seat 1 leads the Queen of hearts
        >>> ends.points(board, state)
        (1, 2, 10)
    """

    __slots__ = ("_rules", "_search")

    def __init__(self, rules: Ruleset, seat: int) -> None:
        if not isinstance(rules, Ruleset):
            raise InvalidArgumentError(f"OutcomePoints needs a ruleset, got {type(rules).__name__}")
        self._rules = rules
        asker = check_seat(seat, rules.players, "the seat of OutcomePoints")
        self._search = OwnPointsSearch(rules, asker)

    def points(self, board: Board, state: GameState) -> tuple[int, ...]:
        """Every seat's points for the hand when, from ``board``, every seat
        plays for its own points by :func:`outcome`'s rule; the board is left
        as it was found.

        Args:
            board: A position of the play of ``state``'s hand.
            state: A state of the hand in its play or in a pass (the one the
                board was made from will do): the bids, the scores and the
                trump it gives decide the points.

        Raises:
            InvalidArgumentError: ``state`` is of another ruleset or not in
                the play of a hand.
        """
        rules = self._rules
        if state.rules is not rules and state.rules != rules:
            raise InvalidArgumentError(
                f"OutcomePoints for {rules!r} was asked about a hand of {state.rules!r}"
            )
        if state.phase is not _PLAYING and state.phase is not _PASSING:
            raise InvalidArgumentError(
                "OutcomePoints needs a state in the play of a hand, got one in phase "
                f"{shown(state.phase.value)}"
            )
        search = self._search
        search.ready(board, state)
        return search.points_of(search.value(board))


_PLAYING = Phase.PLAYING
_PASSING = Phase.PASSING
