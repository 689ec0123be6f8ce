"""Rulesets: immutable, validated game configurations built from parts.

- :class:`~counter_rules.rulesets.counter.Counter`: the game Counter.
"""

from counter_rules.rulesets.base import Ruleset
from counter_rules.rulesets.counter import Counter

__all__ = ["Counter", "Ruleset"]
