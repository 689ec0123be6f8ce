"""Difficulty levels for apps: :func:`~counter_rules.bots.level_bot`,
:data:`LEVELS`, and :class:`~counter_rules.bots.SlipBot`, which makes a bot
slip now and then as a person does."""

from __future__ import annotations

import random
from collections.abc import Mapping
from types import MappingProxyType

import attrs

from counter_rules.bots.base import moves_of
from counter_rules.bots.heuristic import HeuristicBot
from counter_rules.bots.ismcts import ISMCTSBot
from counter_rules.bots.outcome import OutcomeBot
from counter_rules.errors import InvalidArgumentError
from counter_rules.moves import Bid, Move
from counter_rules.views import PlayerView

__all__ = ["LEVELS", "SlipBot", "level_bot"]


@attrs.frozen
class SlipBot:
    """Another bot that slips now and then, as a person does: with chance
    ``slips`` it plays a random legal card instead, or bids one off.

    Example:
        >>> import random
        >>> from counter_rules import Counter, legal_moves, new_game, view
        >>> from counter_rules.bots import HeuristicBot, SlipBot
        >>> state = new_game(Counter(), seed=3)
        >>> SlipBot(HeuristicBot(samples=4), 0.5).choose(view(state, 1), random.Random(0)) in (
        ...     legal_moves(state))
        True
    """

    bot: HeuristicBot
    """The bot whose move is kept when there is no slip."""
    slips: float = 0.2
    """The chance of a slip at each decision, from 0 to 1."""

    def __attrs_post_init__(self) -> None:
        if (
            isinstance(self.slips, bool)
            or not isinstance(self.slips, int | float)
            or not (0 <= self.slips <= 1)
        ):
            raise InvalidArgumentError(
                f"SlipBot.slips must be a number from 0 to 1, got {self.slips!r:.40}"
            )

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """The bot's move, or with chance :attr:`slips` a slip."""
        move = self.bot.choose(view, rng)
        moves = moves_of(view)
        if rng.random() >= self.slips or len(moves) == 1:
            return move
        if isinstance(move, Bid):
            near = [m for m in moves if isinstance(m, Bid) and abs(m.tricks - move.tricks) == 1]
            return rng.choice(near) if near else move
        return rng.choice(moves)


LEVELS: Mapping[int, str] = MappingProxyType(
    {
        1: "a beginner: the heuristic bot, with a slip a third of the time",
        2: "a casual player: the heuristic bot, with a slip one time in eight",
        3: "a steady player: the heuristic bot",
        4: "a strong player: IS-MCTS, 100 iterations a decision",
        5: "the strongest: the best bot (OutcomeBot), IS-MCTS at 400 iterations a decision "
        "and every seat for its own points once few cards are left",
    }
)
"""The difficulty levels of :func:`~counter_rules.bots.level_bot`, from 1 (easiest) to 5; the
bots page of the docs gives each level's measured strength."""


def level_bot(level: int) -> SlipBot | HeuristicBot | ISMCTSBot | OutcomeBot:
    """A bot of difficulty ``level`` (see
    :data:`~counter_rules.bots.levels.LEVELS`), for an app that offers "easy,
    medium, hard" (``bot_from_name("level:3")`` too).

    The levels are ordered by strength as measured against the heuristic bot
    (the bots page of the docs). PIMC is not among them: measured, it plays
    below IS-MCTS at the same CPU time in both games (see
    :class:`~counter_rules.bots.PIMCBot`).

    Raises:
        InvalidArgumentError: ``level`` is not 1 to 5.

    Example:
        >>> from counter_rules.bots.levels import level_bot
        >>> level_bot(3), level_bot(5).iterations
        (HeuristicBot(samples=16, max_counter_bid=5), 400)
    """
    if type(level) is not int or level not in LEVELS:
        raise InvalidArgumentError(f"level must be 1, 2, 3, 4 or 5, got {level!r:.40}")
    if level == 1:
        return SlipBot(HeuristicBot(), 1 / 3)
    if level == 2:
        return SlipBot(HeuristicBot(), 1 / 8)
    if level == 3:
        return HeuristicBot()
    if level == 4:
        return ISMCTSBot(iterations=100)
    return OutcomeBot(iterations=400)
