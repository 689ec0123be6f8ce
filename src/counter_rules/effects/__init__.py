"""Counter's card powers, one module per rank (:mod:`~counter_rules.effects.ace` ...
:mod:`~counter_rules.effects.king`): the only statement of each power.

A module holds everything its rank does: its change to values or suits (on a
:class:`~counter_rules.effects.base.TrickWork`, the scratch record of one trick
being resolved), its part in choosing the winner, the next leader, trump or the
pass, and any rule about which cards may be played.
:mod:`counter_rules.rulesets.counter_tricks` runs them in the order of the
rules for every caller: the engine, :func:`~counter_rules.resolve_trick`, the
legal moves, world sampling and the bots (see the docs pages "Counter" and
"Rules interpretations"). Effects never import the engine.
"""

from counter_rules.effects.base import TrickWork, fmt_half

__all__ = ["TrickWork", "fmt_half"]
