"""Argument checks shared by the scoring functions."""

from __future__ import annotations

from counter_rules.argument_checks import shown
from counter_rules.errors import InvalidArgumentError

_NO_LIMIT = object()


def check_flag(name: str, value: object) -> None:
    """A flag is exactly True or False."""
    if type(value) is not bool:
        raise InvalidArgumentError(f"{name} must be True or False, got {shown(value)}")


def check_counts(bid: int, won: int, cards: object = _NO_LIMIT) -> None:
    """Bids and tricks are whole numbers from 0 (and at most ``cards`` when given)."""
    for name, value in (("bid", bid), ("won", won)):
        if type(value) is not int or value < 0:
            raise InvalidArgumentError(f"{name} must be a whole number >= 0, got {shown(value)}")
    if cards is not _NO_LIMIT:
        if type(cards) is not int or cards < 1:
            raise InvalidArgumentError(f"cards must be a whole number >= 1, got {shown(cards)}")
        for name, value in (("bid", bid), ("won", won)):
            if value > cards:
                raise InvalidArgumentError(
                    f"{name} must be at most the {cards} cards dealt, got {value}"
                )
