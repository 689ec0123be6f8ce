"""Bots by name, as the command line and configuration files give them.

Example:
    >>> from counter_rules.bots import bot_from_name, bot_name
    >>> bot_from_name("ismcts:50")
    ISMCTSBot(iterations=50, time_limit=None, exploration=0.7, rollout='greedy', bidding='tree')
    >>> bot_name(bot_from_name("heuristic"))
    'heuristic'
"""

from __future__ import annotations

import re

from counter_rules.bots.base import Bot, RandomBot
from counter_rules.bots.heuristic import HeuristicBot
from counter_rules.bots.ismcts import MAX_ITERATIONS, ISMCTSBot
from counter_rules.bots.pimc import LEVELS, PIMCBot, level_bot
from counter_rules.checks import shown
from counter_rules.errors import InvalidArgumentError

__all__ = ["BOT_NAMES", "bot_from_name", "bot_name"]

BOT_NAMES = ("random", "heuristic", "ismcts", "pimc")
"""The names :func:`bot_from_name` knows alone (``ismcts:N`` and ``pimc:N``
with their numbers, and the levels ``level:1`` to ``level:5``)."""


def bot_from_name(name: str) -> Bot:
    """A bot from its name: ``"random"``, ``"heuristic"``, ``"ismcts"`` (200
    iterations per decision) or ``"ismcts:N"`` (N iterations, from 1 to
    ``counter_rules.bots.ismcts.MAX_ITERATIONS``, 100,000), ``"pimc"`` (16
    worlds a decision) or ``"pimc:N"`` (N worlds, 1 to 10,000), or a
    difficulty level ``"level:1"`` to ``"level:5"``
    (:func:`~counter_rules.bots.level_bot`).

    Raises:
        InvalidArgumentError: An unknown name or a bad iteration count.

    Example:
        >>> from counter_rules.bots import bot_from_name
        >>> bot_from_name("random"), bot_from_name("ismcts:500").iterations
        (RandomBot(), 500)
    """
    text = name.strip().lower() if isinstance(name, str) else ""
    base, _, arg = text.partition(":")
    if base == "random" and not arg:
        return RandomBot()
    if base == "heuristic" and not arg:
        return HeuristicBot()
    if base == "ismcts":
        if not arg:
            return ISMCTSBot()
        # ASCII digits only (str.isdigit also takes "²"), and no more than the bound has.
        if re.fullmatch(r"[0-9]{1,7}", arg) and 1 <= int(arg) <= MAX_ITERATIONS:
            return ISMCTSBot(iterations=int(arg))
        raise InvalidArgumentError(
            f"bot 'ismcts:N' needs a whole number of iterations N from 1 to "
            f"{MAX_ITERATIONS:,}, got {shown(name, 40)}"
        )
    if base == "pimc":
        if not arg:
            return PIMCBot()
        if re.fullmatch(r"[0-9]{1,5}", arg) and 1 <= int(arg) <= 10_000:
            return PIMCBot(worlds=int(arg))
        raise InvalidArgumentError(
            f"bot 'pimc:N' needs a whole number of worlds N from 1 to 10,000, got {shown(name, 40)}"
        )
    if base == "level":
        if re.fullmatch(r"[1-5]", arg):
            return level_bot(int(arg))
        raise InvalidArgumentError(
            f"bot 'level:N' needs a level N from 1 to {max(LEVELS)}, got {shown(name, 40)}"
        )
    raise InvalidArgumentError(
        f"bot must be one of random, heuristic, ismcts (or ismcts:N), pimc (or pimc:N) or "
        f"level:N, got {shown(name, 40)}"
    )


def bot_name(bot: object) -> str:
    """A short name for a bot: the inverse of :func:`bot_from_name` for the
    built-in bots with default options, else its ``repr``.

    Example:
        >>> from counter_rules.bots import HeuristicBot, ISMCTSBot, bot_name
        >>> bot_name(ISMCTSBot(iterations=80)), bot_name(HeuristicBot(samples=4))
        ('ismcts:80', 'HeuristicBot(samples=4, max_counter_bid=5)')
    """
    if bot == RandomBot():
        return "random"
    if bot == HeuristicBot():
        return "heuristic"
    if isinstance(bot, ISMCTSBot) and bot == ISMCTSBot(iterations=bot.iterations):
        return "ismcts" if bot.iterations == 200 else f"ismcts:{bot.iterations}"
    if isinstance(bot, PIMCBot) and bot == PIMCBot(worlds=bot.worlds):
        return "pimc" if bot.worlds == 16 else f"pimc:{bot.worlds}"
    for level in LEVELS:
        if bot == level_bot(level):
            return f"level:{level}"
    return repr(bot)
