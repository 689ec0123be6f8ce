"""Bots: programs that play any ruleset from what one seat may know.

- :class:`Bot`: the protocol, ``choose(view, rng) -> Move``.
- :class:`RandomBot`: a random legal move.
- :class:`HeuristicBot`: bids its likely winners and plays to make the bid.
- :class:`ISMCTSBot`: information-set Monte Carlo tree search.
- :class:`PIMCBot`: sampled worlds solved exactly, optionally weighted by
  the other seats' bids (:mod:`counter_rules.bots.pimc`,
  :mod:`counter_rules.bots.inference`).
- :class:`SlipBot` and :func:`level_bot`: difficulty levels 1 to 5 for apps
  (:mod:`counter_rules.bots.levels`).
- :func:`bot_from_name`: ``"random"``, ``"heuristic"``, ``"ismcts"``,
  ``"ismcts:500"`` (500 iterations), ``"pimc"``, ``"pimc:8"`` (8 worlds),
  ``"pimc:4:nodes=20000"`` (another option) or ``"level:3"``, as the command
  line takes them; :data:`BOTS` is the table of these names.

Example:
    >>> import random
    >>> from counter_rules import Counter, apply_move, new_game, view
    >>> from counter_rules.bots import HeuristicBot, RandomBot
    >>> bots = [HeuristicBot(samples=4), RandomBot(), RandomBot(), RandomBot()]
    >>> state, rng = new_game(Counter(target=3), seed=1), random.Random(1)
    >>> while not state.is_over:
    ...     seat = min(state.to_act)
    ...     state = apply_move(state, bots[seat].choose(view(state, seat), rng))
    >>> state.is_over
    True
"""

from counter_rules.bots.base import Bot, RandomBot, moves_of
from counter_rules.bots.heuristic import HeuristicBot
from counter_rules.bots.ismcts import ISMCTSBot
from counter_rules.bots.levels import SlipBot, level_bot
from counter_rules.bots.names import (
    BOT_NAMES,
    BOTS,
    BotKind,
    bot_from_name,
    bot_name,
    bot_names_text,
)
from counter_rules.bots.pimc import PIMCBot, WorldScores

__all__ = [
    "BOTS",
    "BOT_NAMES",
    "Bot",
    "BotKind",
    "HeuristicBot",
    "ISMCTSBot",
    "PIMCBot",
    "RandomBot",
    "SlipBot",
    "WorldScores",
    "bot_from_name",
    "bot_name",
    "bot_names_text",
    "level_bot",
    "moves_of",
]
