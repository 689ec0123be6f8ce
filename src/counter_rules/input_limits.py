"""What comes from outside, read within limits: JSON text
(:func:`read_json`, the one reader of JSON from outside), a whole file
(:func:`read_bounded`) and a file's lines (:func:`read_lines`), each refused
with :class:`~counter_rules.InvalidNotationError` past its limit before
anything else reads it."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator
from typing import IO, Any

from counter_rules.argument_checks import shorten, shown
from counter_rules.errors import InvalidNotationError

__all__ = ["JSON_DEPTH", "JSON_LIMIT", "read_bounded", "read_json", "read_lines"]

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
        >>> from counter_rules.input_limits import read_json
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
