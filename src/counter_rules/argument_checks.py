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

import json
import math
import re
import reprlib
from collections.abc import Iterator
from typing import IO, Any

from counter_rules.errors import InvalidArgumentError, InvalidNotationError

__all__ = [
    "JSON_DEPTH",
    "JSON_LIMIT",
    "SEED_LIMIT",
    "check_bool",
    "check_choice",
    "check_int",
    "check_real",
    "check_seed",
    "counted",
    "read_bounded",
    "read_json",
    "read_lines",
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


# -- the one reader of JSON from outside ---------------------------------------
JSON_LIMIT = 20_000_000
"""The longest JSON text :func:`read_json` reads by default, in characters
(bytes for a file): far beyond any record or view of a game."""
JSON_DEPTH = 32
"""The deepest nesting of lists and objects :func:`read_json` reads; a
record or a view nests seven deep at most."""
_INT_DIGITS = 100  # a seed has at most 39; a longer number is no value of a game

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_BRACKETS = re.compile(r"[\[\]{}]")
_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]")


class _Refused(Exception):
    """A part of the JSON text that :func:`read_json` does not read."""


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    # Two readers could see two different documents in an object with a key
    # twice (one keeps the first value, another the last): it is refused.
    data = dict(pairs)
    if len(data) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _Refused(f"the key {shown(key, 60)} appears twice in one object")
            seen.add(key)
    return data


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _Refused(f"the number {shown(text, 40)} is too large")
    return value


def _short_int(text: str) -> int:
    if len(text.lstrip("-")) > _INT_DIGITS:
        raise _Refused(f"a number of {len(text.lstrip('-'))} digits (at most {_INT_DIGITS})")
    return int(text)


def _no_constant(text: str) -> object:
    raise _Refused(f"{text} is not a number JSON allows")


def _too_deep(text: str, depth: int) -> bool:
    """Whether lists and objects nest deeper than ``depth`` in ``text``,
    told without parsing it (so without recursion)."""
    if text.count("[") + text.count("{") <= depth:
        return False
    level = 0
    for bracket in _BRACKETS.findall(_STRING.sub("", text)):
        level += 1 if bracket in "[{" else -1
        if level > depth:
            return True
    return False


def read_json(
    text: object, document: str, *, limit: int = JSON_LIMIT, depth: int = JSON_DEPTH
) -> object:
    """Parse JSON text (or UTF-8 bytes) that comes from outside, refusing
    before anything else reads it what no document of the library holds:
    text longer than ``limit`` characters, lists and objects nested deeper
    than ``depth``, a key twice in one object, ``NaN``, ``Infinity`` and
    numbers too large for a float, whole numbers of more than 100 digits, and
    text that is not Unicode (bytes that are not UTF-8, a lone surrogate
    such as ``"\\ud800"``). Records, views, moves, the command line and the
    web table all read JSON through it.

    Args:
        text: The JSON text, or its UTF-8 bytes.
        document: What the text is (``"record"``, ``"view"``, ...), for the
            messages.
        limit: The longest text, in characters (bytes for ``bytes``).
        depth: The deepest nesting of lists and objects.

    Raises:
        InvalidNotationError: The text is refused or is not JSON; the message
            names the document and the problem.

    Example:
        >>> from counter_rules.argument_checks import read_json
        >>> read_json('{"seed": 7}', "message")
        {'seed': 7}
        >>> read_json('{"seed": 1e400}', "message")
        Traceback (most recent call last):
        ...
        counter_rules.errors.InvalidNotationError: message: the number '1e400' is too large
        >>> read_json("[" * 40 + "]" * 40, "message")
        Traceback (most recent call last):
        ...
        counter_rules.errors.InvalidNotationError: message: nested deeper than 32 lists and objects
    """

    def bad(problem: str) -> InvalidNotationError:
        return InvalidNotationError(f"{document}: {problem}")

    if isinstance(text, bytes | bytearray):
        if len(text) > limit:
            raise bad(f"too long ({len(text):,} bytes, at most {limit:,})")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise bad(f"not UTF-8 ({exc.reason})") from None
    if not isinstance(text, str):
        raise bad(f"expected JSON text, got {type(text).__name__}")
    if len(text) > limit:
        raise bad(f"too long ({len(text):,} characters, at most {limit:,})")
    if _too_deep(text, depth):
        raise bad(f"nested deeper than {depth} lists and objects")
    try:
        data = json.loads(
            text,
            object_pairs_hook=_unique_keys,
            parse_float=_finite,
            parse_int=_short_int,
            parse_constant=_no_constant,
        )
    except _Refused as exc:
        raise bad(str(exc)) from None
    except (ValueError, RecursionError) as exc:
        raise bad(f"not valid JSON ({shorten(str(exc))})") from None
    if _SURROGATE.search(text):
        try:
            json.dumps(data, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:
            raise bad(
                "a text holds a lone surrogate (\\ud800 to \\udfff), which is no character"
            ) from None
    return data


def read_bounded(file: IO[bytes], limit: int, document: str) -> bytes:
    """All of a binary ``file``, which must hold at most ``limit`` bytes:
    a larger file (``/dev/zero``, say) is refused after ``limit + 1`` bytes,
    never read whole.

    Raises:
        InvalidNotationError: The file holds more than ``limit`` bytes.
        OSError: The file cannot be read.
    """
    data = file.read(limit + 1)
    if len(data) > limit:
        raise InvalidNotationError(f"{document}: too long (more than {limit:,} bytes)")
    return data


def read_lines(file: IO[bytes], limit: int, document: str) -> Iterator[bytes]:
    """The lines of a binary ``file`` (each with its end of line, the last
    one perhaps without), each at most ``limit`` bytes: a longer line is
    refused after ``limit + 1`` bytes, never read whole.

    Raises:
        InvalidNotationError: A line is longer than ``limit`` bytes (the
            message gives its number, from 1).
        OSError: The file cannot be read.
    """
    number = 0
    while line := file.readline(limit + 1):
        number += 1
        if len(line) > limit:
            raise InvalidNotationError(
                f"{document} line {number}: too long (more than {limit:,} bytes)"
            )
        yield line
