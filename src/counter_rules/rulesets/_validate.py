"""Argument checks shared by the rulesets: messages name the field, the value
and what is allowed."""

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
