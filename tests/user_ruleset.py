"""A ruleset a user writes and registers, for the adapters' tests: Oh Hell
over two short hands whose trump follows a rotation (a list option)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import attrs

from counter_rules import OhHell, Suit, register_ruleset
from counter_rules.rulesets.registry import unregister_ruleset

NAME = "test-short-rotation"
"""The name it is registered under."""


@attrs.frozen(repr=False)
class ShortRotation(OhHell):
    """Oh Hell over a hand of two cards and one of three, trump by rotation."""

    schedule: tuple[int, ...] | str = (2, 3)
    """The deal schedule."""
    trump: str = "rotation"
    """Where trump comes from."""
    rotation: tuple[Suit | None, ...] = (Suit.HEARTS, None)
    """The trump of hand 1, 2, ..."""


@contextmanager
def registered() -> Iterator[type[ShortRotation]]:
    """:class:`ShortRotation` in the registry for the duration."""
    register_ruleset(NAME, ShortRotation, title="Short rotation (a user's ruleset)")
    try:
        yield ShortRotation
    finally:
        unregister_ruleset(NAME)
