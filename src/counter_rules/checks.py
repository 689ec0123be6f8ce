"""The old home of :mod:`counter_rules.argument_checks` and
:mod:`counter_rules.input_limits` (deprecated: import from there)."""

from __future__ import annotations

import typing

from counter_rules import argument_checks, input_limits
from counter_rules.deprecation import moved_names

__all__: list[str] = []

if not typing.TYPE_CHECKING:
    __getattr__ = moved_names(
        __name__,
        {
            **dict.fromkeys(argument_checks.__all__, "counter_rules.argument_checks"),
            **dict.fromkeys(input_limits.__all__, "counter_rules.input_limits"),
        },
    )
