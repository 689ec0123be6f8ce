"""Advice from what one seat may know: :func:`hint`, :class:`Hint`, :class:`MoveHint`."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable

import attrs

from counter_rules.analysis._solving import Solver, outcome_positions
from counter_rules.analysis._worlds import job_count, solve_worlds
from counter_rules.engine import legal_moves
from counter_rules.errors import InvalidArgumentError, SearchLimitReached
from counter_rules.moves import Move
from counter_rules.notation import format_move
from counter_rules.phase import Phase
from counter_rules.sampling import sample_world
from counter_rules.state import GameState
from counter_rules.views import PlayerView

__all__ = ["Hint", "MoveHint", "hint"]


@attrs.frozen(kw_only=True)
class MoveHint:
    """What the worlds a :func:`hint` solved say of one legal move."""

    move: Move
    """The move."""
    value: float
    """The tricks not yet finished the seat can be sure of alone once the move
    is made, on average over the worlds solved."""
    bid_made: float | None
    """In what share of the worlds solved (0 to 1) the seat can still be sure
    of making its bid exactly once the move is made; ``None`` without a bid."""
    points: float | None = None
    """The seat's points for the hand once the move is made, with every seat
    playing for its own points (:func:`~counter_rules.analysis.outcome`, the
    seat asking), on average over the worlds where that search finished
    within its count of positions (the one :func:`~counter_rules.analysis.analyse`
    gives it); ``None`` where it finished in none."""


@attrs.frozen(kw_only=True)
class Hint:
    """Double-dummy advice for one seat, from worlds sampled from its view."""

    seat: int
    """The seat advised."""
    moves: tuple[MoveHint, ...]
    """Every legal move of the seat, in the order of
    :func:`~counter_rules.legal_moves`."""
    worlds: int
    """How many worlds were solved (the averages are over them)."""
    bid: int | None
    """The seat's bid this hand, or ``None``."""
    outcome_worlds: int = 0
    """In how many of the worlds the search with every seat for itself
    finished (:attr:`MoveHint.points` averages over them)."""

    @property
    def by_points(self) -> bool:
        """Whether :attr:`best` goes by the points with every seat for itself:
        where that search finished in at least half the worlds solved (fewer
        would be the worlds cheapest to search, not a sample of the view);
        else it goes by the tricks sure of alone."""
        return self.worlds > 0 and 2 * self.outcome_worlds >= self.worlds

    @property
    def best(self) -> tuple[Move, ...]:
        """The moves the hint recommends: those with the most points with every
        seat for itself (:attr:`by_points`); else those with the most tricks
        the seat can be sure of alone."""
        if not self.worlds:
            return ()
        if self.by_points:
            most = max(m.points or 0.0 for m in self.moves)
            return tuple(m.move for m in self.moves if (m.points or 0.0) == most)
        top = max(m.value for m in self.moves)
        return tuple(m.move for m in self.moves if m.value == top)

    def __str__(self) -> str:
        if not self.worlds:
            return "No world could be solved in the time given: try again later in the hand."
        world_word = "world" if self.worlds == 1 else "worlds"
        outcome = self.outcome_worlds > 0
        lines = [
            f"Double dummy over {self.worlds} {world_word} drawn from what seat {self.seat} "
            "sees, each solved with every hand open:",
            "  move      tricks sure of alone"
            + ("   points, every seat for itself" if outcome else "")
            + (f"   bid of {self.bid} still makeable" if self.bid is not None else ""),
        ]
        for advice in self.moves:
            text = format_move(advice.move).partition(":")[2]
            line = f"  {text:<8} {advice.value:10.2f}"
            if outcome:
                line += f"   {advice.points or 0.0:29.2f}"
            if advice.bid_made is not None:
                line += f"            {advice.bid_made:4.0%} of the worlds"
            lines.append(line)
        if outcome and self.outcome_worlds < self.worlds:
            lines.append(
                f"  (points over {self.outcome_worlds} of the {self.worlds} {world_word}: in the "
                "others the search with every seat for itself ran past its count of positions)"
            )
        question = (
            "the most points with every seat for itself"
            if self.by_points
            else "the most tricks sure of alone"
        )
        best = self.best
        if len(self.moves) > 1 and len(best) == len(self.moves):
            # Listing every move as the best would read as a recommendation.
            lines.append(f"Best: none stands out (every move has {question} here)")
        else:
            named = " or ".join(format_move(m).partition(":")[2] for m in best)
            lines.append(f"Best: {named} ({question})")
        return "\n".join(lines)


def _world_answer(
    seat: int, choices: tuple[Move, ...], bid: int | None, solver: Solver, world: GameState
) -> tuple[list[int], list[bool], list[int] | None]:
    """One world's answers for :func:`hint`: each choice's value for the seat
    alone, whether the bid can still be made for sure after it, and the
    seat's points after it with every seat for itself (``None`` where that
    search ran past its count of positions)."""
    values = solver.move_values(world, (seat,))
    makes = [False] * len(choices)
    if bid is not None:
        makable = solver.can_make_after_each(world, choices, seat, bid)
        makes = [makable[m] for m in choices]
    # The outcome question gets a count of positions, so that a world it
    # cannot settle leaves the time to the next worlds.
    solver.outcome_nodes = outcome_positions(world)
    try:
        ends = solver.outcomes_after(world, choices, seat)
        points: list[int] | None = [ends[m].points[seat] for m in choices]
    except SearchLimitReached:  # the sure-of answers stand without it
        points = None
    return [values[m] for m in choices], makes, points


def hint(
    player_view: PlayerView,
    *,
    rng: random.Random,
    worlds: int = 20,
    seconds: float | None = None,
    progress: Callable[[int, int], None] | None = None,
    jobs: int | None = 1,
) -> Hint:
    """For each legal move of the view's seat, over worlds sampled from the
    view: the seat's points when every seat plays for its own points, the
    tricks it can be sure of alone, and how often its bid can still be made
    for sure; :attr:`Hint.best` recommends by the points where at least half
    the worlds have them (:attr:`Hint.by_points`).

    The hint uses only what the seat may know: each world is drawn by
    :func:`~counter_rules.sample_world` from the view (never from the true
    hidden hands) and solved with every hand open, both ways (see
    :doc:`analysis`): every seat for its own points (:func:`outcome`, the
    seat asking, within the count of positions that
    :func:`~counter_rules.analysis.analyse` gives it: a world where it does
    not finish keeps the other answers), and the seat alone against the
    others (:func:`move_values` and :func:`can_make`). Averaging
    double-dummy answers over worlds is the usual stand-in for play with
    hidden cards; it overrates what the seat can know later in the hand.

    Args:
        player_view: The view of a seat that is to play (or pass).
        rng: Where the worlds come from.
        worlds: How many worlds to solve (1 or more).
        seconds: Stop after this long; the world being solved then is left
            out, and :attr:`Hint.worlds` says how many were solved. ``None``
            (the default) solves every world however long it takes.
        progress: Called with the worlds solved so far and ``worlds``: once
            before the first (with 0) and after each world solved.
        jobs: How many worlds are solved at once, each in its own worker
            process (see :func:`~counter_rules.analysis.solve_worlds`;
            ``None``: one per CPU); 1, the default, solves them one after
            another in this process. Without ``seconds`` the hint is the
            same whatever the number of workers; with it, more workers solve
            more worlds in the time on a machine with the cores for them.

    Raises:
        InvalidArgumentError: ``player_view`` is not a view of a seat to play
            or pass, or an argument is out of range.

    Example:
        >>> import random
        >>> from counter_rules import OhHell, Phase, apply_move, legal_moves, new_game, view
        >>> from counter_rules.analysis import hint
        >>> state = new_game(OhHell(players=3, schedule=(3,), trump="none"), seed=4)
        >>> while state.phase is Phase.BIDDING:
        ...     state = apply_move(state, legal_moves(state)[0])
        >>> advice = hint(view(state, 1), rng=random.Random(1), worlds=5)
        >>> advice.worlds, [str(m.move) for m in advice.moves]
        (5, ['P1:4♥', 'P1:Q♥', 'P1:3♠'])
        >>> print(advice)  # doctest: +NORMALIZE_WHITESPACE
        Double dummy over 5 worlds drawn from what seat 1 sees, each solved with every hand open:
          move      tricks sure of alone   points, every seat for itself   bid of 0 still makeable
          4♥             0.40                            8.60             80% of the worlds
          Q♥             1.20                            5.80             40% of the worlds
          3♠             0.40                            8.60             60% of the worlds
        Best: 4♥ or 3♠ (the most points with every seat for itself)
    """
    if not isinstance(player_view, PlayerView):
        raise InvalidArgumentError(
            f"hint needs a PlayerView (counter_rules.view(state, seat)), "
            f"got {type(player_view).__name__}"
        )
    if not isinstance(rng, random.Random):
        raise InvalidArgumentError(f"rng must be a random.Random, got {rng!r:.40}")
    if type(worlds) is not int or worlds < 1:
        raise InvalidArgumentError(f"worlds must be a whole number from 1 up, got {worlds!r:.40}")
    job_count(jobs)
    if seconds is not None and (
        isinstance(seconds, bool) or not isinstance(seconds, int | float) or not seconds > 0
    ):
        raise InvalidArgumentError(
            f"seconds must be a positive number or None, got {seconds!r:.40}"
        )
    seat = player_view.seat
    if player_view.phase not in (Phase.PLAYING, Phase.PASSING):
        raise InvalidArgumentError(
            f"hint advises on the play, and the game is {player_view.phase}: wait for the play"
        )
    choices = legal_moves(player_view)
    if not choices:
        raise InvalidArgumentError(f"seat {seat} has no move to make now")
    bid = player_view.bids[seat]

    totals = [0] * len(choices)
    made = [0] * len(choices)
    gained = [0] * len(choices)
    solved = 0
    outcomes = 0
    if progress is not None:
        progress(0, worlds)
    drawn = (sample_world(player_view, rng, recordable=False) for _ in range(worlds))
    question = functools.partial(_world_answer, seat, choices, bid)
    # Only the time limits the worlds: the first world out of time is the last.
    for answer in solve_worlds(drawn, question, count=worlds, seconds=seconds, jobs=jobs):
        if answer is None:
            break
        values, makes, points = answer
        for i in range(len(choices)):
            totals[i] += values[i]
            made[i] += makes[i]
        if points is not None:
            outcomes += 1
            for i in range(len(choices)):
                gained[i] += points[i]
        solved += 1
        if progress is not None:
            progress(solved, worlds)
    return Hint(
        seat=seat,
        moves=tuple(
            MoveHint(
                move=move,
                value=totals[i] / solved if solved else 0.0,
                bid_made=None if bid is None else (made[i] / solved if solved else 0.0),
                points=gained[i] / outcomes if outcomes else None,
            )
            for i, move in enumerate(choices)
        ),
        worlds=solved,
        bid=bid,
        outcome_worlds=outcomes,
    )
