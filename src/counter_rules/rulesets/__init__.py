"""Rulesets: immutable, validated game configurations built from parts.

- :class:`~counter_rules.rulesets.counter.Counter`: the game Counter.
- :class:`~counter_rules.rulesets.oh_hell.OhHell`: the general Oh Hell ruleset.
- :class:`~counter_rules.rulesets.up_and_down.UpAndDown`: Up to Ten and Down Again.
- :class:`~counter_rules.rulesets.blackout.Blackout`: Blackout and Cooperative Blackout.
- :mod:`~counter_rules.rulesets.registry`: every ruleset by name, with its
  options; :func:`~counter_rules.rulesets.registry.register_ruleset` adds one.
"""

from counter_rules.rulesets.base import Ruleset
from counter_rules.rulesets.blackout import Blackout
from counter_rules.rulesets.counter import Counter
from counter_rules.rulesets.oh_hell import OhHell
from counter_rules.rulesets.options import RulesetOption, RulesetSpec
from counter_rules.rulesets.registry import (
    RulesetEntry,
    register_ruleset,
    ruleset_entries,
    ruleset_entry,
    ruleset_entry_for,
)
from counter_rules.rulesets.up_and_down import UpAndDown

__all__ = [
    "Blackout",
    "Counter",
    "OhHell",
    "Ruleset",
    "RulesetEntry",
    "RulesetOption",
    "RulesetSpec",
    "UpAndDown",
    "register_ruleset",
    "ruleset_entries",
    "ruleset_entry",
    "ruleset_entry_for",
]
