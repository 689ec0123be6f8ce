"""Exact analysis: what is best, with every hand open (double dummy).

See :doc:`analysis`.
"""

from counter_rules.analysis._solving import can_make, move_values, solve

__all__ = ["can_make", "move_values", "solve"]
