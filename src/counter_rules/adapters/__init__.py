"""Optional adapters that expose any ruleset to research frameworks.

* :mod:`counter_rules.adapters.openspiel`: an OpenSpiel game written in Python
  (needs the ``openspiel`` extra: ``pip install counter-rules[openspiel]``).
* :mod:`counter_rules.adapters.pettingzoo`: a PettingZoo AEC environment
  (needs the ``pettingzoo`` extra: ``pip install counter-rules[pettingzoo]``).

Both number the moves with the same integer action ids
(:class:`counter_rules.adapters.actions.ActionMap`). Importing this package
imports neither framework; import the adapter module you need.
"""
