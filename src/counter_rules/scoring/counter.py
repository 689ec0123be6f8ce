"""Counter's scoring table as a pure function.

With ``P`` players, a bid ``B`` and ``W`` tricks won:

- an exact bid scores ``B``, but at least 2;
- a missed bid with no trick scores 1;
- a missed bid scores ``W - 1`` when ``W + P >= 10``, else 0.
"""

from __future__ import annotations

from counter_rules.argument_checks import shown
from counter_rules.errors import InvalidArgumentError

__all__ = ["score"]


def score(bid: int, won: int, players: int) -> int:
    """Points for one player for one hand of Counter.

    Args:
        bid: The tricks bid, 0..10.
        won: The tricks won, 0..10.
        players: The number of players, 3..5.

    Raises:
        InvalidArgumentError: An argument is out of range; the message names it.

    Example:
        >>> from counter_rules.scoring.counter import score
        >>> score(3, 3, 4), score(0, 0, 4), score(2, 0, 4), score(2, 6, 4), score(2, 6, 3)
        (3, 2, 1, 5, 0)
    """
    for name, value, low, high in (
        ("bid", bid, 0, 10),
        ("won", won, 0, 10),
        ("players", players, 3, 5),
    ):
        if type(value) is not int or not low <= value <= high:
            raise InvalidArgumentError(
                f"{name} must be an integer from {low} to {high}, got {shown(value)}"
            )
    return points(bid, won, players)


def points(bid: int, won: int, players: int) -> int:
    """:func:`score` without checking its arguments (the engine's call, with
    values it has already validated)."""
    if won == bid:
        return bid if bid >= 2 else 2
    if won == 0:
        return 1
    if won + players >= 10:
        return won - 1
    return 0
