"""Argument checks at the door, shared by the rulesets and the bots (and open
to a ruleset or bot of your own): each raises
:class:`~counter_rules.InvalidArgumentError` with a message that names the
owner's field, the value and what is allowed.

Example:
    >>> from counter_rules.argument_checks import check_int
    >>> check_int("MyRules", "players", 7, 3, 5)
    Traceback (most recent call last):
    ...
    counter_rules.errors.InvalidArgumentError: MyRules.players must be 3, 4 or 5, got 7
"""

from __future__ import annotations

import reprlib

from counter_rules.errors import InvalidArgumentError

__all__ = [
    "SEED_LIMIT",
    "check_bool",
    "check_choice",
    "check_int",
    "check_real",
    "check_seed",
    "counted",
    "seat_problem",
    "seed_problem",
    "shorten",
    "shown",
]

_SEED_BITS = 128
SEED_LIMIT = 2**_SEED_BITS
"""A seed is an integer strictly between ``-SEED_LIMIT`` and ``SEED_LIMIT``
(at most 128 bits in size). :func:`~counter_rules.new_game`,
:func:`~counter_rules.match.play_match` and a record
(:class:`~counter_rules.GameRecord`) take exactly these, so every game can be
saved and resumed; so does the command line's ``--seed``."""

_LIMIT_TEXT = f"2**{_SEED_BITS} - 1"


def shorten(text: str, limit: int = 200) -> str:
    """``text`` cut to at most ``limit`` characters, ``...`` marking the cut:
    for text from elsewhere (another error's message) put into a message.

    Example:
        >>> from counter_rules.argument_checks import shorten
        >>> shorten("x" * 300, 10)
        'xxxxxxx...'
    """
    return text if len(text) <= limit else text[: max(0, limit - 3)] + "..."


_REPR = reprlib.Repr()
_REPR.maxstring = _REPR.maxother = 200
_REPR.maxlevel = 3


def shown(value: object, limit: int = 80) -> str:
    """A value as an error message shows it: its ``repr``, cut to at most
    ``limit`` characters (``...`` marks the cut), and built without writing
    out a long list or text whole first; an integer too long to read is
    named by its size. Every message of the library shows a value it was
    given this way, so that no message is longer than the library's own words.

    Example:
        >>> from counter_rules.argument_checks import shown
        >>> shown("AS " * 1_000_000, 20)
        "'AS AS AS AS AS A..."
        >>> shown(list(range(10**6)))
        '[0, 1, 2, 3, 4, 5, ...]'
        >>> shown(7**10_000)
        'an integer of 28074 bits'
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 256:
        return f"an integer of {value.bit_length()} bits"
    try:
        text = _REPR.repr(value)
    except Exception:  # a value whose repr fails
        text = f"<{type(value).__name__} object>"
    return shorten(text, limit)


def check_int(owner: str, field: str, value: object, low: int, high: int | None = None) -> int:
    """Check that ``value`` is an int in ``low..high`` (no upper bound if ``high`` is None)."""
    if type(value) is not int or value < low or (high is not None and value > high):
        allowed = f"{low}..{high}" if high is not None else f"an integer >= {low}"
        if high is not None and high - low <= 3:
            allowed = ", ".join(str(v) for v in range(low, high)) + f" or {high}"
        raise InvalidArgumentError(f"{owner}.{field} must be {allowed}, got {shown(value)}")
    return value


def check_real(owner: str, field: str, value: object, low: float, high: float) -> float:
    """Check that ``value`` is a number (an int or a float, not a bool) from
    ``low`` to ``high``: never ``nan``, and never past what a float holds.

    Example:
        >>> from counter_rules.argument_checks import check_real
        >>> check_real("Table", "wait", float("nan"), 0, 60)
        Traceback (most recent call last):
        ...
        counter_rules.errors.InvalidArgumentError: Table.wait must be a number from 0 to 60, got nan
    """
    if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
        raise InvalidArgumentError(
            f"{owner}.{field} must be a number from {low:g} to {high:g}, got {shown(value, 40)}"
        )
    return float(value)


def check_bool(owner: str, field: str, value: object) -> bool:
    """Check that ``value`` is exactly True or False."""
    if type(value) is not bool:
        raise InvalidArgumentError(f"{owner}.{field} must be True or False, got {shown(value)}")
    return value


def check_choice(owner: str, field: str, value: object, allowed: tuple[str, ...]) -> str:
    """Check that ``value`` is one of the ``allowed`` names."""
    if not isinstance(value, str) or value not in allowed:
        names = ", ".join(repr(a) for a in allowed)
        raise InvalidArgumentError(f"{owner}.{field} must be one of {names}, got {shown(value)}")
    return value


def seed_problem(value: object) -> str | None:
    """Why ``value`` is not a seed (see :data:`SEED_LIMIT`), or ``None`` if it is one.

    Example:
        >>> from counter_rules.argument_checks import seed_problem
        >>> seed_problem(2**200)
        'an integer from -(2**128 - 1) to 2**128 - 1, got 1606938044258990275541962092341162602522202993782792835301376'
    """  # noqa: E501
    if type(value) is int and -SEED_LIMIT < value < SEED_LIMIT:
        return None
    if type(value) is int:
        # str() of an integer past a few thousand digits is refused by Python.
        bits = value.bit_length()
        shown = f"{value}" if bits <= 1000 else f"an integer of {bits} bits"
    else:
        shown = f"{value!r:.60}"
    return f"an integer from -({_LIMIT_TEXT}) to {_LIMIT_TEXT}, got {shown}"


def check_seed(field: str, value: object) -> int:
    """Check that ``value`` is a seed (see :data:`SEED_LIMIT`); the error names ``field``.

    Example:
        >>> from counter_rules.argument_checks import check_seed
        >>> check_seed("seed", 42)
        42
        >>> check_seed("seed", "42")
        Traceback (most recent call last):
        ...
        counter_rules.errors.InvalidArgumentError: seed must be an integer from -(2**128 - 1) to 2**128 - 1, got '42'
    """  # noqa: E501
    problem = seed_problem(value)
    if problem is None and isinstance(value, int):
        return value
    raise InvalidArgumentError(f"{field} must be {problem}")


def seat_problem(seat: object, players: int) -> str | None:
    """Why ``seat`` is not a seat of a ``players``-seat game, or ``None``: the
    one wording of a wrong seat (``seat must be ...``).

    Example:
        >>> from counter_rules.argument_checks import seat_problem
        >>> seat_problem(4, 4)
        'a whole number from 0 to 3, got 4'
    """
    if type(seat) is int and 0 <= seat < players:
        return None
    return f"a whole number from 0 to {players - 1}, got {shown(seat, 40)}"


def counted(number: int, noun: str) -> str:
    """``number`` and ``noun``, the noun in the plural unless the number is 1.

    Example:
        >>> from counter_rules.argument_checks import counted
        >>> counted(1, "card"), counted(3, "other seat")
        ('1 card', '3 other seats')
    """
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"
