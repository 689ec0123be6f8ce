"""Values built once per ruleset and kept (internal): :class:`PerRuleset`."""

from __future__ import annotations

import functools
import weakref
from collections.abc import Callable, Hashable
from typing import Final, Generic, TypeVar

__all__ = ["PerRuleset"]

_R = TypeVar("_R", bound=Hashable)
_T = TypeVar("_T")

# How many rulesets (by value) keep their values.
_KEPT: Final = 256


class PerRuleset(Generic[_R, _T]):
    """``build(rules)`` once per ruleset: looked up by the ruleset's identity
    first (hashing a ruleset with many options costs more than a game's first
    state), then by value, so that equal rulesets share one value. The values
    of the last 256 rulesets by value are kept; an identity entry goes when
    its ruleset does.

    Example:
        >>> from counter_rules import Counter
        >>> from counter_rules.per_ruleset import PerRuleset
        >>> names = PerRuleset(lambda rules: [rules.name])
        >>> names(Counter()) is names(Counter())
        True
    """

    def __init__(self, build: Callable[[_R], _T]) -> None:
        self._build: Callable[[_R], _T] = functools.lru_cache(maxsize=_KEPT)(build)
        self._by_id: dict[int, tuple[weakref.ref[_R], _T]] = {}

    def __call__(self, rules: _R) -> _T:
        key = id(rules)
        entry = self._by_id.get(key)
        if entry is not None and entry[0]() is rules:
            return entry[1]
        value = self._build(rules)
        by_id = self._by_id

        def forget(_: object) -> None:
            by_id.pop(key, None)

        by_id[key] = (weakref.ref(rules, forget), value)
        return value
