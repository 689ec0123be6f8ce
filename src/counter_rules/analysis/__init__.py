"""Exact analysis: what is best, with every hand open (double dummy).

See :doc:`analysis`.
"""

from counter_rules.analysis._hint import Hint, MoveHint, hint
from counter_rules.analysis._report import Analysis, Decision, analyse
from counter_rules.analysis._solving import can_make, move_values, solve

__all__ = [
    "Analysis",
    "Decision",
    "Hint",
    "MoveHint",
    "analyse",
    "can_make",
    "hint",
    "move_values",
    "solve",
]
