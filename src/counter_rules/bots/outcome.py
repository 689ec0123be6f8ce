"""The library's strongest bot: :class:`OutcomeBot` (``best``).

It plays a hand in two parts:

- its bids, its passes after a Five and its plays while many cards are left
  are :class:`~counter_rules.bots.ISMCTSBot`'s (information-set Monte Carlo
  tree search, whose rollouts play the hand out quickly);
- once few cards are left (:attr:`OutcomeBot.endgame`), it plays by the
  game's own question: it draws worlds consistent with its view
  (:func:`~counter_rules.sample_world`), asks in each, with every hand open,
  how the hand ends after each of its legal plays when every seat plays for
  its own points (:func:`~counter_rules.analysis.outcome_values`, with the
  bot as the asking seat, so that a seat indifferent between two plays is
  taken to choose the one worse for the bot), and plays the card with the
  most points for itself on average; a tie goes to the card that leaves the
  others the fewest points, then to the first legal card.

Where the worlds' searches do not fit the bot's budget of positions (early
in a Counter hand, say), the bot plays by IS-MCTS for that decision.
Everything it does is drawn from the ``rng`` it is handed and from budgets of
iterations and positions, not of time, so its choices are deterministic for
a seed.
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

__all__ = ["ENDGAME_FAST", "ENDGAME_GENERAL", "TIE_ROUNDS", "OutcomeBot"]

ENDGAME_FAST = 4
"""Cards left in the bot's hand from which it plays by the outcome question
where plain Oh Hell's fast search runs (the plain family)."""
ENDGAME_GENERAL = 3
"""The same where the general search runs (Counter and the other rulesets)."""
TIE_ROUNDS = 3
"""The most rounds of worlds an endgame decision draws beyond its first while
plays tie (see :meth:`OutcomeBot.endgame_play`)."""


@attrs.frozen
class OutcomeBot(DecidingBot):
    """IS-MCTS early in a hand, every seat for its own points in sampled
    worlds late (see the module's notes).

    Args:
        iterations: IS-MCTS's iterations for the decisions it makes, from 1
            to 100,000.
        worlds: Worlds drawn for a decision of the endgame, from 1 to 256.
        endgame: The cards left in the bot's hand from which it plays by the
            outcome question, from 1 to 52; ``None`` for the game's default
            (:data:`~counter_rules.bots.outcome.ENDGAME_FAST` where the
            fast search runs, else
            :data:`~counter_rules.bots.outcome.ENDGAME_GENERAL`).
        nodes: The positions the searches of one endgame decision may visit
            in all, from 1 to 10,000,000; past it, the decision is IS-MCTS's.

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

    iterations: int = 200
    """IS-MCTS's iterations per decision, before the endgame."""
    worlds: int = 8
    """Worlds drawn for a decision of the endgame."""
    endgame: int | None = None
    """Cards left from which the bot plays by the outcome question (``None``: by game)."""
    nodes: int = 40_000
    """Positions the searches of one endgame decision may visit in all."""

    def __attrs_post_init__(self) -> None:
        check_int("OutcomeBot", "iterations", self.iterations, 1, 100_000)
        check_int("OutcomeBot", "worlds", self.worlds, 1, 256)
        if self.endgame is not None:
            check_int("OutcomeBot", "endgame", self.endgame, 1, 52)
        check_int("OutcomeBot", "nodes", self.nodes, 1, 10_000_000)

    @property
    def early(self) -> ISMCTSBot:
        """The bot of the decisions before the endgame."""
        return ISMCTSBot(iterations=self.iterations)

    def decide(self, view: PlayerView, moves: tuple[Move, ...], rng: random.Random) -> Move:
        """The bot's move among the two or more legal ``moves`` of ``view.seat``
        (:meth:`choose`, which it inherits, makes a single legal move at once)."""
        if view.phase is Phase.PLAYING and isinstance(moves[0], Play):
            chosen = self.endgame_play(view, moves, rng)
            if chosen is not None:
                return chosen
        return self.early.decide(view, moves, rng)

    def endgame_play(
        self, view: PlayerView, moves: tuple[Move, ...], rng: random.Random
    ) -> Move | None:
        """The play the outcome question picks in sampled worlds, or ``None``
        when the hand is not yet in its endgame or the searches did not fit
        the budget in at least half the worlds.

        While two or more plays tie for the most points for the bot, up to
        :data:`~counter_rules.bots.outcome.TIE_ROUNDS` more rounds of
        :attr:`worlds` worlds are drawn, within the same budget: a play that
        falls short only in some worlds shows it in more of them."""
        seat = view.seat
        left = len(view.hand or ())
        if self.endgame is not None and left > self.endgame:
            return None
        first = sample_world(view, rng)
        if self.endgame is None:
            endgame = ENDGAME_FAST if fast_search(first) else ENDGAME_GENERAL
            if left > endgame:
                return None

        spent = [0]  # the positions of every world asked so far

        def question(solver: Solver, world: GameState) -> list[tuple[int, ...]]:
            try:
                ends = solver.outcomes_after(world, moves, seat)
            finally:
                spent[0] += solver.positions
            return [ends[move].points for move in moves]

        totals = [(0, 0)] * len(moves)
        for round_ in range(1 + TIE_ROUNDS):
            budget = self.nodes - spent[0]
            if budget <= 0:
                break
            worlds = [first] if round_ == 0 else []
            worlds += [sample_world(view, rng) for _ in range(self.worlds - len(worlds))]
            solved = 0
            for answer in solve_worlds(worlds, question, count=len(worlds), budget=budget):
                if answer is None:
                    continue
                for i, points in enumerate(answer):
                    mine, theirs = totals[i]
                    totals[i] = (mine + points[seat], theirs + sum(points) - points[seat])
                solved += 1
            if solved * 2 < len(worlds):
                if round_ == 0:
                    return None
                break
            top = max(mine for mine, _ in totals)
            if sum(mine == top for mine, _ in totals) == 1:
                break
        best = max(range(len(moves)), key=lambda i: (totals[i][0], -totals[i][1], -i))
        return moves[best]
