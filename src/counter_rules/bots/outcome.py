"""The library's strongest bot: :class:`OutcomeBot` (``best``).

It is :class:`~counter_rules.bots.ISMCTSBot` (information-set Monte Carlo
tree search) whose playouts end in the outcome question, with a guard
against the blunders of the last tricks.

In the plain family (plain Oh Hell and its variants, where the fast searches
run), a playout of the search that reaches a trick led from hands of
:data:`~counter_rules.bots.outcome.EXACT_FAST` cards or fewer stops there:
the hand's points are those every seat gets when, with the world's hands
open, every seat plays the rest for its own points
(:class:`~counter_rules.analysis.OutcomePoints`), not those of the fast
policy's last tricks (``ISMCTSBot``'s ``exact``). Measured, this is what
makes the bot stronger than IS-MCTS (:ref:`best-measured`).

Once few
cards are left (:attr:`~counter_rules.bots.OutcomeBot.endgame`), before it trusts its search it
draws worlds consistent with its view (:func:`~counter_rules.sample_world`)
and asks in each, with every hand open, how the hand ends after each of its
legal plays when every seat plays for its own points
(:func:`~counter_rules.analysis.outcome_values`, with the bot as the asking
seat, so that a seat indifferent between two plays is taken to choose the
one worse for the bot). The plays that give it the most points in *every*
world drawn are the safe ones:

- when exactly one play is safe, it is played without a search;
- when every play is, in the plain family (plain Oh Hell and its
  variants), as many more worlds are drawn, and the search is not asked:
  the play safe in both rounds with the most points on average (then the
  fewest for the others, then the first) is played; there the worlds of a
  second round cost less than the search, and a play that falls short in a
  few worlds in twenty is seen to; at Counter and the other rulesets the
  search's choice stands (measured, a second round there changes more
  deals and gains nothing);
- when some are, the search chooses, and a choice that is not safe (it gave
  fewer points in at least one world) is replaced by the safe play with the
  most points on average (then the fewest for the others, then the first);
  a choice that is safe is checked in as many more worlds, and replaced the
  same way by a play safe in both rounds if it falls short there;
- when none is, the search's choice stands.

Measured, the guard is what the outcome question adds to IS-MCTS: playing
every late card by the worlds' average points instead plays worse, since in
each world the other seats are taken to know every card
(:ref:`best-measured`). Everything the bot does is drawn from the ``rng`` it
is handed and from budgets of iterations and positions, not of time, so its
choices are deterministic for a seed.
"""

from __future__ import annotations

import random

import attrs

from counter_rules.analysis import Solver, fast_search, solve_worlds
from counter_rules.argument_checks import check_int
from counter_rules.bots.base import DecidingBot
from counter_rules.bots.ismcts import ISMCTSBot
from counter_rules.moves import Move, Play
from counter_rules.phase import Phase
from counter_rules.sampling import sample_world
from counter_rules.state import GameState
from counter_rules.views import PlayerView

__all__ = [
    "ENDGAME_FAST",
    "EXACT_FAST",
    "EXACT_GENERAL",
    "ENDGAME_GENERAL",
    "ITERATIONS_FAST",
    "ITERATIONS_GENERAL",
    "NODES_PER_WORLD",
    "WORLDS_FAST",
    "WORLDS_GENERAL",
    "OutcomeBot",
]

ITERATIONS_FAST = 200
"""IS-MCTS's iterations a decision in the plain family (plain Oh Hell and its
variants), as :class:`~counter_rules.bots.ISMCTSBot`'s default."""
ITERATIONS_GENERAL = 100
"""IS-MCTS's iterations a decision at Counter and the other rulesets off the
plain family's path, where a decision costs about twice as much."""
EXACT_FAST = 3
"""Cards a hand from which the search's playouts end in the outcome question
(:attr:`ISMCTSBot.exact <counter_rules.bots.ISMCTSBot.exact>`) in the plain
family."""
EXACT_GENERAL = 0
"""The same at Counter and the other rulesets, where the playouts play to the
hand's end: there the outcome search runs in compiled Python, not in the
native kernel."""
ENDGAME_FAST = 4
"""Cards left in the bot's hand from which it guards its plays where plain Oh
Hell's fast search runs (the plain family)."""
ENDGAME_GENERAL = 3
"""The same where the general search runs (Counter and the other rulesets)."""
WORLDS_FAST = 48
"""Worlds drawn for a decision of the endgame in the plain family: enough
that a play falling short in a tenth of the worlds is seen to, but for about
one time in 160 (0.9 ** 48)."""
WORLDS_GENERAL = 16
"""The same at Counter and the other rulesets, whose searches cost more."""
NODES_PER_WORLD = 2_500
"""Positions the searches of one endgame decision may visit, for each world
drawn."""


@attrs.frozen
class OutcomeBot(DecidingBot):
    """IS-MCTS, guarded in a hand's last tricks by the plays that are best in
    every world drawn (see the module's notes).

    Args:
        iterations: IS-MCTS's iterations a decision, from 1 to 100,000;
            ``None`` for the game's default
            (:data:`~counter_rules.bots.outcome.ITERATIONS_FAST` in the plain
            family, :data:`~counter_rules.bots.outcome.ITERATIONS_GENERAL` at
            Counter and the other rulesets, whose decisions cost more).
        worlds: Worlds drawn for a decision of the endgame, from 1 to 256;
            ``None`` for the game's default
            (:data:`~counter_rules.bots.outcome.WORLDS_FAST` in the plain
            family, :data:`~counter_rules.bots.outcome.WORLDS_GENERAL` at
            Counter and the other rulesets).
        endgame: The cards left in the bot's hand from which it guards its
            plays, from 1 to 52; ``None`` for the game's default
            (:data:`~counter_rules.bots.outcome.ENDGAME_FAST` where the
            fast search runs, else
            :data:`~counter_rules.bots.outcome.ENDGAME_GENERAL`).
        nodes: The positions the searches of one endgame decision may visit
            in all, from 1 to 10,000,000; past it, the decision is IS-MCTS's
            alone. ``None`` for
            :data:`~counter_rules.bots.outcome.NODES_PER_WORLD` for each
            world drawn.
        exact: Cards a hand from which IS-MCTS's playouts end in the outcome
            question, from 0 (never) to 52
            (:attr:`ISMCTSBot.exact <counter_rules.bots.ISMCTSBot.exact>`);
            ``None`` for the game's default
            (:data:`~counter_rules.bots.outcome.EXACT_FAST` in the plain
            family, :data:`~counter_rules.bots.outcome.EXACT_GENERAL`
            elsewhere).

    Raises:
        InvalidArgumentError: An option is out of range; the message names it.

    Example:
        >>> import random
        >>> from counter_rules import OhHell, Phase, apply_move, legal_moves, new_game, view
        >>> from counter_rules.bots import OutcomeBot
        >>> state = new_game(OhHell(players=4, schedule=(3,)), seed=5)
        >>> while state.phase is Phase.BIDDING:
        ...     state = apply_move(state, legal_moves(state)[0])
        >>> bot = OutcomeBot(worlds=4)
        >>> seat = state.current_player
        >>> move = bot.choose(view(state, seat), random.Random(1))
        >>> move in legal_moves(state), move == bot.choose(view(state, seat), random.Random(1))
        (True, True)
    """

    iterations: int | None = None
    """IS-MCTS's iterations a decision (``None``: by game)."""
    worlds: int | None = None
    """Worlds drawn for a decision of the endgame (``None``: by game)."""
    endgame: int | None = None
    """Cards left from which the bot guards its plays (``None``: by game)."""
    nodes: int | None = None
    """Positions the searches of one endgame decision may visit in all
    (``None``: by the worlds drawn)."""
    exact: int | None = None
    """Cards a hand from which IS-MCTS's playouts end in the outcome question
    (``None``: by game)."""

    def __attrs_post_init__(self) -> None:
        if self.iterations is not None:
            check_int("OutcomeBot", "iterations", self.iterations, 1, 100_000)
        if self.worlds is not None:
            check_int("OutcomeBot", "worlds", self.worlds, 1, 256)
        if self.endgame is not None:
            check_int("OutcomeBot", "endgame", self.endgame, 1, 52)
        if self.nodes is not None:
            check_int("OutcomeBot", "nodes", self.nodes, 1, 10_000_000)
        if self.exact is not None:
            check_int("OutcomeBot", "exact", self.exact, 0, 52)

    def early(self, view: PlayerView) -> ISMCTSBot:
        """The search that makes the bot's decisions (bids, passes, plays)
        where the guard does not settle them."""
        fast = fast_search(view)
        iterations = self.iterations
        if iterations is None:
            iterations = ITERATIONS_FAST if fast else ITERATIONS_GENERAL
        exact = self.exact
        if exact is None:
            exact = EXACT_FAST if fast else EXACT_GENERAL
        return ISMCTSBot(iterations=iterations, exact=exact)

    def decide(self, view: PlayerView, moves: tuple[Move, ...], rng: random.Random) -> Move:
        """The bot's move among the two or more legal ``moves`` of ``view.seat``
        (``choose``, which it inherits, makes a single legal move at once):
        IS-MCTS's, guarded in the endgame (see the module's notes)."""
        early = self.early(view)
        if view.phase is not Phase.PLAYING or not isinstance(moves[0], Play):
            return early.decide(view, moves, rng)
        # The guard draws its worlds from a copy of the generator, so that the
        # search's own draws are those it makes unguarded.
        guard = random.Random()
        guard.setstate(rng.getstate())
        found = self.safe_plays(view, moves, guard)
        if found is None:
            return early.decide(view, moves, rng)
        safe, means = found
        if len(safe) == len(moves) and fast_search(view):
            # Every play gave the most points in every world drawn: as many
            # more worlds look for a play that falls short, and the search is
            # not asked (in the plain family the worlds cost less than it does).
            again = self.safe_plays(view, moves, guard)
            if again is not None:
                safe = [i for i in safe if i in again[0]]
                means = [(a + c, b + d) for (a, b), (c, d) in zip(means, again[1], strict=True)]
                if safe:
                    return moves[max(safe, key=lambda i: (means[i], -i))]
            return early.decide(view, moves, rng)
        if len(safe) == 1:
            return moves[safe[0]]
        chosen = early.decide(view, moves, rng)
        if not safe or len(safe) == len(moves):
            return chosen
        if moves.index(chosen) in safe:
            # Safe in the worlds drawn, beside other safe plays: confirmed in as
            # many more, it stands; found short there, a play safe in both
            # rounds replaces it.
            again = self.safe_plays(view, moves, guard)
            if again is None:
                return chosen
            still = [i for i in safe if i in again[0]]
            if not still or moves.index(chosen) in still:
                return chosen
            safe = still
            means = [(a + c, b + d) for (a, b), (c, d) in zip(means, again[1], strict=True)]
        return moves[max(safe, key=lambda i: (means[i], -i))]

    def safe_plays(
        self, view: PlayerView, moves: tuple[Move, ...], rng: random.Random
    ) -> tuple[list[int], list[tuple[int, int]]] | None:
        """The plays (by index in ``moves``) that give the bot the most points
        in every world drawn, with every play's total points for the bot and
        (negated) for the others over the worlds; ``None`` when the hand is
        not yet in its endgame or the searches did not fit the budget in at
        least half the worlds (then nothing is known). The safe plays may be
        none."""
        seat = view.seat
        left = len(view.hand or ())
        if self.endgame is not None and left > self.endgame:
            return None
        fast = fast_search(view)
        if self.endgame is None and left > (ENDGAME_FAST if fast else ENDGAME_GENERAL):
            return None
        count = self.worlds
        if count is None:
            count = WORLDS_FAST if fast else WORLDS_GENERAL
        budget = NODES_PER_WORLD * count if self.nodes is None else self.nodes

        def question(solver: Solver, world: GameState) -> list[tuple[int, ...]]:
            ends = solver.outcomes_after(world, moves, seat)
            return [ends[move].points for move in moves]

        worlds = [sample_world(view, rng, recordable=False) for _ in range(count)]
        means = [(0, 0)] * len(moves)
        short = [False] * len(moves)
        solved = 0
        for answer in solve_worlds(worlds, question, count=len(worlds), budget=budget):
            if answer is None:
                continue
            worth = [points[seat] for points in answer]
            most = max(worth)
            for i, points in enumerate(answer):
                mine, theirs = means[i]
                means[i] = (mine + worth[i], theirs - (sum(points) - points[seat]))
                short[i] = short[i] or worth[i] < most
            solved += 1
        if solved * 2 < len(worlds):
            return None
        return [i for i in range(len(moves)) if not short[i]], means
