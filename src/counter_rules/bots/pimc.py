"""Perfect-information Monte Carlo: :class:`PIMCBot`.

The bot does what the strongest programs of trick-taking games do (GIB in
bridge, Kermit in Skat): it samples the worlds it cannot tell apart from the
real one (:func:`counter_rules.sample_world`), optionally weights each by how
well it explains the bids and plays the other seats made (inference), solves
each world exactly with every hand open (:mod:`counter_rules.analysis`), and picks the move with
the best expected score under the ruleset's own scoring.

Play
    For each world and legal move: the tricks the seat can be sure of alone
    after the move (:func:`~counter_rules.analysis.move_values`) and, while
    its bid can still be reached, whether it can be sure of ending exactly on
    it (:func:`~counter_rules.analysis.can_make`). A move scores the points
    of the bid where the bid can be made, else the points of the tricks it is
    sure of; the bot plays the best total over the worlds
    (:meth:`~counter_rules.bots.PIMCBot.evaluate` shows the scores). Both
    questions set the other seats against the seat as one side. With
    ``evaluation="each"`` a move scores instead the mean points of ending
    anywhere from the tricks the seat is sure of to those plus the tricks no
    seat is sure of alone. Measured at Oh Hell, the first scoring gives every
    play the same total in about half the decisions; a tie for the best
    total goes to the heuristic bot's play when it is among the best
    (``ties="heuristic"``).

Bidding
    By default the bot bids as the heuristic bot does. With
    ``bidding="solved"`` it bids from solved worlds instead: for each world
    (bids not yet made filled in: double dummy does not read them), the
    tricks the seat can be sure of, and for the legal bids around that
    number whether the seat can be sure of making each exactly; the bid with
    the best expected points wins. Measured, solved bids lose: a seat alone
    against the others as one side is sure of fewer tricks than it takes in
    play, so the bids fall short (the bots page of the docs has the figures).
    With ``bidding="ismcts"`` it bids as :class:`~counter_rules.bots.ISMCTSBot`
    does, which separates how much of a match is won in the bidding.

Inference
    The bids and plays already made say something about the hands behind
    them (:mod:`counter_rules.bots.inference` has the model). With
    ``inference="bids"`` (or ``True``) the bot draws several candidate worlds
    for each it solves and keeps them in proportion to the likelihood of the
    bids; with ``inference="plays"``, of the bids and the plays. The bots page
    of the docs has the measurements; inference is off by default.

Passes (Counter's Five) are chosen as the heuristic bot chooses them. The
worlds are solved in the order drawn until the count or the time budget runs
out. A world whose questions need more than ``nodes`` positions of search
each (early in a hand of Counter, whose powers make the search wide) is left
out, and so is one that needs more than its share of ``budget``, the
positions of the whole decision (shared out among the worlds not yet
solved); when no world is left, the heuristic bot decides. Counting
positions rather than seconds keeps the bot deterministic from its generator
when no time budget is set.

Limits by game
    What ``worlds``, ``nodes`` and ``budget`` are left as ``None`` take from
    the game: where the fast search of plain Oh Hell answers
    (:func:`~counter_rules.analysis.fast_search`),
    :data:`~counter_rules.bots.pimc.FAST_SEARCH_LIMITS`; for Counter and every
    other ruleset, which the general search answers,
    :data:`~counter_rules.bots.pimc.GENERAL_SEARCH_LIMITS`, which keep a
    decision of Counter under half a second (the bots page of the docs has
    the figures).
"""

from __future__ import annotations

import random
import typing
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TypeVar

import attrs

from counter_rules.analysis import Solver, fast_search, solve_worlds
from counter_rules.argument_checks import check_choice, check_int, shown
from counter_rules.bots.base import DecidingBot, moves_of
from counter_rules.bots.heuristic import HeuristicBot
from counter_rules.bots.inference import has_evidence, likelihood
from counter_rules.bots.ismcts import ISMCTSBot
from counter_rules.deprecation import moved_names
from counter_rules.engine import apply_move, legal_moves
from counter_rules.engine.transitions import hand_points
from counter_rules.errors import InvalidArgumentError
from counter_rules.moves import Bid, Move, Pass, Play
from counter_rules.phase import Phase
from counter_rules.sampling import sample_world
from counter_rules.state import GameState
from counter_rules.views import PlayerView

__all__ = [
    "FAST_SEARCH_LIMITS",
    "GENERAL_SEARCH_LIMITS",
    "MAX_WORLDS",
    "PIMCBot",
    "SearchLimits",
    "WorldScores",
]

# Alike on purpose: every old home of moved names hands them over so.
if not typing.TYPE_CHECKING:  # the old homes of names that moved (deprecated)
    __getattr__ = moved_names(
        __name__,
        {
            "LEVELS": "counter_rules.bots.levels",
            "SlipBot": "counter_rules.bots.levels",
            "level_bot": "counter_rules.bots.levels",
            "bid_likelihood": "counter_rules.bots.inference",
            "play_likelihood": "counter_rules.bots.inference",
        },
    )

_INFERENCE = (False, True, "bids", "plays")
_Answer = TypeVar("_Answer")

MAX_WORLDS = 10_000
"""The most worlds a :class:`PIMCBot` may solve for one decision."""


@attrs.frozen(kw_only=True)
class SearchLimits:
    """How far a :class:`PIMCBot` searches one decision."""

    worlds: int
    """Worlds solved (at most)."""
    nodes: int
    """The most positions one question about a world may take (0: no limit)."""
    budget: int
    """The most positions the whole decision may take, shared out among the
    worlds not yet solved (0: no limit)."""


FAST_SEARCH_LIMITS = SearchLimits(worlds=16, nodes=200_000, budget=0)
"""A :class:`PIMCBot`'s limits where the fast search answers (plain Oh Hell,
:func:`~counter_rules.analysis.fast_search`), for the options left ``None``."""

GENERAL_SEARCH_LIMITS = SearchLimits(worlds=4, nodes=10_000, budget=10_000)
"""A :class:`PIMCBot`'s limits where the general search answers (Counter, and
every ruleset outside the fast search), for the options left ``None``: a
decision of Counter stays under half a second."""


@attrs.frozen
class PIMCBot(DecidingBot):
    """Samples worlds, solves each exactly, plays the best expected score (see
    the module docs).

    Args:
        worlds: Worlds solved per decision (at most; see ``seconds``);
            ``None``: the game's (:meth:`limits`).
        seconds: A time budget per decision: no new world is solved once it
            is spent (one always is). ``None``: no budget.
        inference: ``False`` (the default), ``True`` or ``"bids"`` (weight
            the worlds by the bids the other seats made), or ``"plays"`` (by
            their bids and the cards they played this hand); see the module
            docs and, for what each measured, the bots page of the docs.
        candidates: With inference, how many worlds are drawn for each one
            solved.
        nodes: The most positions the solver may visit to answer one
            question about a world (a world needing more is left out); 0
            for no limit; ``None``: the game's.
        budget: The most positions one decision may take over all its
            worlds, shared out among the worlds not yet solved (a world
            needing more than its share is left out); 0 for no limit;
            ``None``: the game's.
        bidding: ``"heuristic"`` (the heuristic bot's bid; PIMC plays the
            cards), ``"solved"`` (bids from solved worlds) or ``"ismcts"``
            (the bid of :class:`~counter_rules.bots.ISMCTSBot` at its default
            200 iterations).
        evaluation: ``"alone"`` (the seat against the others as one side,
            with the exact bid asked) or ``"each"`` (the tricks no seat is
            sure of alone are contested; see the module docs).
        ties: ``"heuristic"`` (a tie for the best total goes to the
            heuristic bot's play when it is among the best) or ``"first"``
            (to the first of the best, in the engine's order).

    Raises:
        InvalidArgumentError: An argument out of range.

    Example:
        >>> import random
        >>> from counter_rules import OhHell, new_game, view
        >>> from counter_rules.bots import PIMCBot
        >>> bot = PIMCBot(worlds=4, bidding="solved")
        >>> print(bot.choose(view(new_game(OhHell(players=3), seed=2), 1), random.Random(0)))
        P1:bid 1
    """

    worlds: int | None = None
    """Worlds solved per decision (at most), or ``None`` for the game's."""
    seconds: float | None = None
    """The time budget of a decision, or ``None``."""
    inference: bool | str = False
    """``False``, ``True`` or ``"bids"``, or ``"plays"``: what the worlds are weighted by."""
    candidates: int = 4
    """Worlds drawn per world solved, with inference."""
    nodes: int | None = None
    """The most positions one question about a world may take, 0, or ``None`` for the game's."""
    bidding: str = "heuristic"
    """``"heuristic"``, ``"solved"`` or ``"ismcts"``: how the bid is made."""
    evaluation: str = "alone"
    """``"alone"`` or ``"each"``: how a solved world scores a move."""
    ties: str = "heuristic"
    """``"heuristic"`` or ``"first"``: how a tie for the best total is broken."""
    budget: int | None = None
    """The most positions a decision may take, 0, or ``None`` for the game's."""

    def __attrs_post_init__(self) -> None:
        if self.worlds is not None:
            check_int("PIMCBot", "worlds", self.worlds, 1, MAX_WORLDS)
        check_int("PIMCBot", "candidates", self.candidates, 1, 100)
        if self.nodes is not None:
            check_int("PIMCBot", "nodes", self.nodes, 0, 10**12)
        if self.budget is not None:
            check_int("PIMCBot", "budget", self.budget, 0, 10**12)
        check_choice("PIMCBot", "bidding", self.bidding, ("heuristic", "solved", "ismcts"))
        check_choice("PIMCBot", "evaluation", self.evaluation, ("alone", "each"))
        check_choice("PIMCBot", "ties", self.ties, ("heuristic", "first"))
        seconds = self.seconds
        if seconds is not None and (
            isinstance(seconds, bool) or not isinstance(seconds, int | float) or not seconds > 0
        ):
            raise InvalidArgumentError(
                f"PIMCBot.seconds must be a positive number or None, got {seconds!r:.40}"
            )
        inference = self.inference
        named = isinstance(inference, str) and inference in _INFERENCE
        if not (isinstance(inference, bool) or named):
            raise InvalidArgumentError(
                f"PIMCBot.inference must be False, True, 'bids' or 'plays', got {shown(inference)}"
            )

    def decide(self, view: PlayerView, moves: tuple[Move, ...], rng: random.Random) -> Move:
        """Bid (see ``bidding``), pass as the heuristic bot does, or play the
        best total of the worlds solved."""
        first = moves[0]
        if isinstance(first, Bid) and self.bidding == "solved":
            return self._bid(view, [m for m in moves if isinstance(m, Bid)], rng)
        if isinstance(first, Bid) and self.bidding == "ismcts":
            return ISMCTSBot().choose(view, rng)
        if isinstance(first, Bid | Pass):  # bid or passed as the heuristic bot does
            return HeuristicBot().choose(view, rng)
        return self._play(view, rng)

    # -- worlds ---------------------------------------------------------------------
    def limits(self, world: GameState) -> SearchLimits:
        """The bot's limits in the game of ``world`` (a world it draws): its
        options, and for those left ``None``
        :data:`~counter_rules.bots.pimc.FAST_SEARCH_LIMITS` where the fast
        search answers, else :data:`~counter_rules.bots.pimc.GENERAL_SEARCH_LIMITS`.

        Example:
            >>> from counter_rules import Counter, OhHell, new_game
            >>> from counter_rules.bots import PIMCBot
            >>> bot = PIMCBot(worlds=8)
            >>> bot.limits(new_game(OhHell(players=4), seed=1))
            SearchLimits(worlds=8, nodes=200000, budget=0)
            >>> bot.limits(new_game(Counter(), seed=1))
            SearchLimits(worlds=8, nodes=10000, budget=10000)
        """
        game = FAST_SEARCH_LIMITS if fast_search(world) else GENERAL_SEARCH_LIMITS
        return SearchLimits(
            worlds=game.worlds if self.worlds is None else self.worlds,
            nodes=game.nodes if self.nodes is None else self.nodes,
            budget=game.budget if self.budget is None else self.budget,
        )

    def sample(self, view: PlayerView, rng: random.Random) -> list[GameState]:
        """The worlds to solve: drawn from the view, and with inference kept in
        proportion to how well they explain the other seats' bids (and with
        ``inference="plays"`` their plays)."""
        first = sample_world(view, rng, recordable=False)
        worlds = self.limits(first).worlds
        plays = self.inference == "plays"
        if not self.inference or not has_evidence(view, plays=plays):
            return [first, *(sample_world(view, rng, recordable=False) for _ in range(worlds - 1))]
        count = worlds * self.candidates
        drawn = [first, *(sample_world(view, rng, recordable=False) for _ in range(count - 1))]
        weights = [likelihood(world, view.seat, plays=plays) for world in drawn]
        if not sum(weights) > 0:
            return drawn[:worlds]
        return rng.choices(drawn, weights=weights, k=worlds)

    def _solved(
        self,
        worlds: Sequence[GameState],
        question: Callable[[Solver, GameState], _Answer],
    ) -> Iterator[_Answer | None]:
        """The answer of ``question`` in each world, under the bot's limits
        (:func:`~counter_rules.analysis.solve_worlds`): ``None`` for a world
        that needed more positions than its share, and no more worlds once
        the time or the decision's positions run out."""
        limits = self.limits(worlds[0])
        return solve_worlds(
            worlds,
            question,
            count=len(worlds),
            seconds=self.seconds,
            nodes=limits.nodes,
            budget=limits.budget,
        )

    # -- play ---------------------------------------------------------------------
    def evaluate(self, view: PlayerView, rng: random.Random) -> WorldScores:
        """What the bot finds in the worlds of a play decision: each solved
        world's expected points for each legal play (the bot plays the best
        total), drawing from ``rng`` as
        :meth:`~counter_rules.bots.base.DecidingBot.choose` does.

        Raises:
            InvalidArgumentError: The seat has no card to play now.
        """
        moves = tuple(m for m in moves_of(view) if isinstance(m, Play))
        if not moves:
            raise InvalidArgumentError(f"seat {view.seat} has no card to play now")
        me = view.seat
        bid = view.bids[me]
        won = view.tricks_won[me]
        left = len(view.hand or ())
        reachable = bid is not None and won <= bid <= won + left
        worlds = self.sample(view, rng)
        points = _points_by_tricks(worlds[0], me)

        def question(solver: Solver, world: GameState) -> tuple[list[float], tuple[bool, ...]]:
            values = solver.move_values(world, (me,))
            if self.evaluation == "each":
                return _shared_scores(solver, world, moves, values, points, won, left), ()
            makes = (False,) * len(moves)
            if reachable:
                makable = solver.can_make_after_each(world, moves, me, bid or 0)
                makes = tuple(makable[m] for m in moves)
            return _alone_scores(moves, values, makes, points, won, bid, reachable), makes

        found = list(self._solved(worlds, question))
        solved = [answer for answer in found if answer is not None]
        return WorldScores(
            moves,
            tuple(tuple(scores) for scores, _ in solved),
            tuple(makes for _, makes in solved),
            len(found),
        )

    def _play(self, view: PlayerView, rng: random.Random) -> Move:
        found = self.evaluate(view, rng)
        if not found.scores:
            return HeuristicBot().choose(view, rng)
        totals = found.totals
        top = max(totals)
        best = [m for m, total in zip(found.moves, totals, strict=True) if total == top]
        if len(best) > 1 and self.ties == "heuristic":
            move = HeuristicBot().choose(view, rng)
            if move in best:
                return move
        return best[0]

    # -- bidding ------------------------------------------------------------------
    def _bid(self, view: PlayerView, bids: list[Bid], rng: random.Random) -> Bid:
        sighted = [b for b in bids if not b.blind] or bids
        if view.hand is None:  # Devil's bridge: the card is unseen, worlds cannot tell
            move = HeuristicBot(samples=8).choose(view, rng)
            assert isinstance(move, Bid)
            return move
        me = view.seat
        score = {b.tricks: 0.0 for b in sighted}

        def question(solver: Solver, world: GameState) -> dict[int, float]:
            play = _as_play(world)
            sure = solver.solve(play, (me,))
            adds = {}
            for tricks in score:
                points = _points_by_tricks(play, me, bid=tricks)
                near = abs(tricks - sure) <= 1 or tricks == 0
                if near and solver.can_make(play, me, tricks):
                    adds[tricks] = points[tricks]
                else:
                    adds[tricks] = points[
                        sure if sure != tricks else min(sure + 1, len(points) - 1)
                    ]
            return adds

        solved = 0
        for adds in self._solved(self.sample(view, rng), question):
            if adds is None:
                continue
            solved += 1
            for tricks, add in adds.items():
                score[tricks] += add
        if not solved:
            move = HeuristicBot().choose(view, rng)
            assert isinstance(move, Bid)
            return move
        return max(sighted, key=lambda b: (score[b.tricks], -abs(b.tricks - 1)))


@attrs.frozen
class WorldScores:
    """What :meth:`~counter_rules.bots.PIMCBot.evaluate` found for one play decision.

    Example:
        >>> import random
        >>> from counter_rules import OhHell, Phase, apply_move, legal_moves, new_game, view
        >>> from counter_rules.bots import PIMCBot
        >>> state = new_game(OhHell(players=3, schedule=(3,)), seed=2)
        >>> while state.phase is Phase.BIDDING:
        ...     state = apply_move(state, legal_moves(state)[0])
        >>> found = PIMCBot(worlds=4).evaluate(view(state, state.leader), random.Random(0))
        >>> found.drawn, len(found.scores), len(found.totals) == len(found.moves)
        (4, 4, True)
    """

    moves: tuple[Move, ...]
    """The seat's legal plays, in the engine's order."""
    scores: tuple[tuple[float, ...], ...]
    """For each world solved, each play's expected points in it."""
    sure_of_bid: tuple[tuple[bool, ...], ...]
    """For each world solved, whether after each play the seat can be sure of
    ending exactly on its bid, with the others as one side against it (all
    ``False`` once the bid is out of reach; each world's tuple is empty with
    ``evaluation="each"``, which does not ask)."""
    drawn: int
    """The worlds drawn; those not in :attr:`scores` needed more than the
    bot's ``nodes`` positions."""

    @property
    def totals(self) -> tuple[float, ...]:
        """Each play's points summed over the worlds solved."""
        return tuple(sum(column) for column in zip(*self.scores, strict=True)) or (
            (0.0,) * len(self.moves)
        )


def _alone_scores(
    moves: Sequence[Move],
    values: Mapping[Move, int],
    makes: Sequence[bool],
    points: Sequence[float],
    won: int,
    bid: int | None,
    reachable: bool,
) -> list[float]:
    """Each move's points in one world with the others as one side against the
    seat: the bid's points where the seat can be sure of ending on it, else
    those of the tricks it is sure of (one more when that is the bid, which it
    cannot be sure of stopping at)."""
    scores = []
    top = len(points) - 1
    for move, make in zip(moves, makes, strict=True):
        if make and bid is not None:
            scores.append(points[bid])
            continue
        sure = won + values[move]
        if reachable and sure == bid:
            sure += 1
        scores.append(points[min(sure, top)])
    return scores


def _shared_scores(
    solver: Solver,
    world: GameState,
    moves: Sequence[Move],
    values: Mapping[Move, int],
    points: Sequence[float],
    won: int,
    left: int,
) -> list[float]:
    """Each move's expected points in one world when every seat plays for
    itself: after the move, each seat can be sure of some tricks alone
    (against all the others); the tricks nobody is sure of are contested,
    and the seat ends anywhere from its own sure tricks to those plus all the
    contested ones, each count equally likely."""
    me = moves[0].seat
    others = [solver.move_values(world, (s,)) for s in range(world.players) if s != me]
    scores = []
    top = len(points) - 1
    for move in moves:
        sure = values[move]
        contested = max(0, left - sure - sum(o[move] for o in others))
        counts = range(won + sure, won + sure + contested + 1)
        scores.append(sum(points[min(t, top)] for t in counts) / len(counts))
    return scores


def _as_play(world: GameState) -> GameState:
    """A world in bidding, as the play that follows it: the bids not yet made
    made by the engine, each the first the seat may make (double dummy reads
    no bid)."""
    while world.phase is Phase.BIDDING:
        world = apply_move(world, legal_moves(world)[0])
    return world


def _points_by_tricks(world: GameState, me: int, bid: int | None = None) -> list[float]:
    """The points the seat scores for the hand with 0, 1, ... tricks (its bid
    ``bid``, else the one it made), as the engine scores the hand's end."""
    bids = [0 if b is None else b for b in world.bids]
    if bid is not None:
        bids[me] = bid
    won = list(world.tricks_won)
    table = []
    for tricks in range(world.cards_dealt + 1):
        won[me] = tricks
        table.append(float(hand_points(world, tuple(bids), tuple(won))[me]))
    return table
