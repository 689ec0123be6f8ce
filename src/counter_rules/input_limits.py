"""What comes from outside, read within limits: JSON text
(:func:`read_json`, the one reader of JSON from outside), a whole file
(:func:`read_bounded`) and a file's lines (:func:`read_lines`), each refused
with :class:`~counter_rules.InvalidNotationError` past its limit before
anything else reads it; and the fields of the JSON data read
(:class:`FieldReader`), each checked and named where it is wrong."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Iterator, Sequence
from typing import IO, Any, TypeVar

from counter_rules.argument_checks import shorten, shown
from counter_rules.errors import InvalidNotationError

__all__ = [
    "JSON_DEPTH",
    "JSON_LIMIT",
    "MOST_ITEMS",
    "FieldReader",
    "read_bounded",
    "read_json",
    "read_lines",
]

JSON_LIMIT = 20_000_000
"""The longest JSON text :func:`read_json` reads by default, in characters
(bytes for a file): far beyond any record or view of a game."""
JSON_DEPTH = 32
"""The deepest nesting of lists and objects :func:`read_json` reads; a
record or a view nests seven deep at most."""
MOST_ITEMS = 100_000
"""The longest list :meth:`FieldReader.items` reads: far beyond any list of
a game (its hands, its decisions)."""
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


_T = TypeVar("_T")


class FieldReader:
    """Checks the JSON data of one document (as :func:`read_json` gives it)
    field by field, and names the place of every problem: a record, a view,
    a move or an analysis is read with one.

    Each method returns the value checked or raises
    :class:`~counter_rules.InvalidNotationError` with the document's name,
    the place (``where``, such as ``decisions[0].move``) and what was
    expected.

    Example:
        >>> from counter_rules import InvalidNotationError
        >>> from counter_rules.input_limits import FieldReader
        >>> reader = FieldReader("analysis")
        >>> fields = reader.fields({"hand": 2}, "", ("hand",))
        >>> reader.number(fields["hand"], "hand", 1, 100)
        2
        >>> def seat(item: object, where: str) -> int:
        ...     return reader.number(item, where, 0, 3)
        >>> reader.items([1, 3], "seats", seat)
        (1, 3)
        >>> try:
        ...     reader.items([1, "x"], "seats", seat)
        ... except InvalidNotationError as exc:
        ...     print(exc)
        analysis seats[1]: expected a whole number from 0 to 3, got 'x'
    """

    def __init__(self, document: str) -> None:
        self.document = document
        """The document's name, which starts every message."""

    def bad(self, where: str, problem: str) -> InvalidNotationError:
        """The error for ``problem`` at ``where`` (``""``: the document itself)."""
        place = f"{self.document} {where}" if where else self.document
        return InvalidNotationError(f"{place}: {problem}")

    def fields(self, data: object, where: str, keys: Sequence[str]) -> dict[str, Any]:
        """``data``, an object with exactly the fields ``keys``."""
        if not isinstance(data, dict):
            raise self.bad(where, f"expected an object, got {data!r:.40}")
        missing = [k for k in keys if k not in data]
        extra = sorted(str(k) for k in data if k not in keys)
        if missing:
            raise self.bad(where, f"missing {_field_word(missing)} {', '.join(missing)}")
        if extra:
            raise self.bad(where, f"unknown {_field_word(extra)} {', '.join(extra):.80}")
        return data

    def number(self, data: object, where: str, low: int, high: int) -> int:
        """``data``, a whole number from ``low`` to ``high``."""
        if type(data) is not int or not low <= data <= high:
            raise self.bad(where, f"expected a whole number from {low} to {high}, got {data!r:.40}")
        return data

    def flag(self, data: object, where: str) -> bool:
        """``data``, ``true`` or ``false``."""
        if type(data) is not bool:
            raise self.bad(where, f"expected true or false, got {data!r:.40}")
        return data

    def items(
        self, data: object, where: str, read: Callable[[object, str], _T], size: int | None = None
    ) -> tuple[_T, ...]:
        """``data``, a list of at most :data:`MOST_ITEMS` items (of ``size``
        where given, one per seat), each read by ``read(item, place)``."""
        if not isinstance(data, list):
            raise self.bad(where, f"expected a list, got {data!r:.40}")
        if size is not None and len(data) != size:
            raise self.bad(where, f"expected {size} items (one per seat), got {len(data)}")
        if len(data) > MOST_ITEMS:
            raise self.bad(where, f"too many items ({len(data)}, at most {MOST_ITEMS})")
        return tuple(read(item, f"{where}[{i}]") for i, item in enumerate(data))

    def maybe(self, read: Callable[[object, str], _T]) -> Callable[[object, str], _T | None]:
        """``read``, which also takes ``null`` (read as ``None``)."""

        def read_or_null(data: object, where: str) -> _T | None:
            return None if data is None else read(data, where)

        return read_or_null


def _field_word(names: Sequence[str]) -> str:
    return "field" if len(names) == 1 else "fields"
