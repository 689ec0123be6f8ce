"""Scoring schemes, one module each, every one a pure ``score`` function.

- :mod:`counter_rules.scoring.counter`: Counter's table.
"""
