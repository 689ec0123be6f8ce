"""Argument checks at the door, shared by the rulesets and the bots (and open
to a ruleset or bot of your own): each raises
:class:`~counter_rules.InvalidArgumentError` with a message that names the
owner's field, the value and what is allowed.

Example:
    >>> from counter_rules.checks import check_int
    >>> check_int("MyRules", "players", 7, 3, 5)
    Traceback (most recent call last):
    ...
    counter_rules.errors.InvalidArgumentError: MyRules.players must be 3, 4 or 5, got 7
"""

from __future__ import annotations

from counter_rules.errors import InvalidArgumentError

__all__ = ["check_bool", "check_choice", "check_int"]


def check_int(owner: str, field: str, value: object, low: int, high: int | None = None) -> int:
    """Check that ``value`` is an int in ``low..high`` (no upper bound if ``high`` is None)."""
    if type(value) is not int or value < low or (high is not None and value > high):
        allowed = f"{low}..{high}" if high is not None else f"an integer >= {low}"
        if high is not None and high - low <= 3:
            allowed = ", ".join(str(v) for v in range(low, high)) + f" or {high}"
        raise InvalidArgumentError(f"{owner}.{field} must be {allowed}, got {value!r}")
    return value


def check_bool(owner: str, field: str, value: object) -> bool:
    """Check that ``value`` is exactly True or False."""
    if type(value) is not bool:
        raise InvalidArgumentError(f"{owner}.{field} must be True or False, got {value!r}")
    return value


def check_choice(owner: str, field: str, value: object, allowed: tuple[str, ...]) -> str:
    """Check that ``value`` is one of the ``allowed`` names."""
    if not isinstance(value, str) or value not in allowed:
        names = ", ".join(repr(a) for a in allowed)
        raise InvalidArgumentError(f"{owner}.{field} must be one of {names}, got {value!r}")
    return value
