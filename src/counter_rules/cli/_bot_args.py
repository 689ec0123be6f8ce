"""Bots from the command line's ``--bots`` (and ``serve --bot``)."""

from __future__ import annotations

from collections.abc import Sequence

from counter_rules.argument_checks import counted, shown
from counter_rules.bots import Bot, bot_from_name, bot_names_text
from counter_rules.errors import CounterRulesError, InvalidArgumentError

__all__ = ["bots_for", "bots_help"]


def bots_for(
    spec: str | None, seats: int, default: Sequence[str], seat_word: str = "seat"
) -> list[Bot]:
    """The bots ``--bots`` names for ``seats`` seats: one name for every seat or
    one per seat; ``None`` takes ``default`` (its last name repeated).
    ``seat_word`` is how the error names the seats (``"other seat"`` in ``play``).

    Raises:
        InvalidArgumentError: A wrong count or an unknown bot.
    """
    if spec is None:
        names = [default[min(i, len(default) - 1)] for i in range(seats)]
    else:
        names = [n.strip() for n in spec.split(",")]
        if len(names) == 1:
            names *= seats
    if len(names) != seats or not all(names):
        raise InvalidArgumentError(
            f"--bots must name one bot for every {seat_word} or one per {seat_word} "
            f"({counted(seats, seat_word)}), got {shown(spec, 80)}"
        )
    bots = []
    for name in names:
        try:
            bots.append(bot_from_name(name))
        except CounterRulesError as exc:
            raise InvalidArgumentError(f"--bots: {exc}") from None
    return bots


def bots_help(default: str) -> str:
    """The help of ``--bots`` (and ``serve --bot``): the names
    :func:`~counter_rules.bots.bot_from_name` takes, and ``default``."""
    return f"from {bot_names_text()}; default: {default}"
