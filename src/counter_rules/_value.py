"""The base of the library's value classes that the compiled build makes
native (internal): :class:`~counter_rules.GameState` and
:class:`~counter_rules.TrickResult`.

A value's fields, in order, are what ``_values()`` gives and what its
``__match_args__`` names; equality, hashing, pickling and the read-only view
``vars(value)`` go by them, here once for both classes.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

__all__ = ["FieldsValue"]


class FieldsValue:
    """A value equal to another of its class with the same fields."""

    __slots__ = ()

    def _values(self) -> tuple[object, ...]:
        """The fields in order: what equality, hashing and pickling go by
        (read by name here; a class may list them directly, faster)."""
        names: tuple[str, ...] = type(self).__match_args__  # type: ignore[attr-defined]
        return tuple([getattr(self, name) for name in names])

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, FieldsValue)
        return self is other or self._values() == other._values()

    def __ne__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, FieldsValue)
        return self is not other and self._values() != other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), self._values())

    @property
    def __dict__(self) -> Mapping[str, Any]:  # type: ignore[override]  # read-only view
        """The fields by name, read-only."""
        names: tuple[str, ...] = type(self).__match_args__  # type: ignore[attr-defined]
        return MappingProxyType(dict(zip(names, self._values(), strict=True)))
