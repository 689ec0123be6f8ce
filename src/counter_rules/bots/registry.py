"""The old home of :mod:`counter_rules.bots.names`
(deprecated: import from there)."""

from __future__ import annotations

import typing

from counter_rules.deprecation import module_moved

__all__: list[str] = []

if not typing.TYPE_CHECKING:
    __getattr__ = module_moved(__name__, "counter_rules.bots.names")
