"""The old home of :class:`~counter_rules.phase.Phase`,
:class:`~counter_rules.deal.Deal`, :class:`~counter_rules.deal.DealtHand`,
:class:`~counter_rules.hand_result.HandResult` and
:class:`~counter_rules.position.Position` (deprecated: import them from
those modules, or from :mod:`counter_rules`)."""

from __future__ import annotations

import typing

from counter_rules.deprecation import moved_names

__all__: list[str] = []

if not typing.TYPE_CHECKING:
    __getattr__ = moved_names(
        __name__,
        {
            "Deal": "counter_rules.deal",
            "DealtHand": "counter_rules.deal",
            "HandResult": "counter_rules.hand_result",
            "Phase": "counter_rules.phase",
            "Position": "counter_rules.position",
        },
    )
