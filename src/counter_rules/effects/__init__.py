"""Counter's card powers, one module per rank (:mod:`~counter_rules.effects.ace` ...
:mod:`~counter_rules.effects.king`).

Each module works on a :class:`~counter_rules.effects.base.TrickWork`, the
scratch record of one trick being resolved; the
:class:`~counter_rules.rulesets.counter.Counter` ruleset runs them in the order
of the rules (see the docs page "Counter" and "Rules interpretations"). Effects
never import the engine.
"""

from counter_rules.effects.base import TrickWork, fmt_half

__all__ = ["TrickWork", "fmt_half"]
