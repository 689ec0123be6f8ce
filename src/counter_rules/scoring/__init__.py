"""Scoring schemes, one module each, every one a pure ``score`` function.

- :mod:`counter_rules.scoring.counter`: Counter's table.
- :mod:`counter_rules.scoring.up_and_down`: 10 for an exact bid (20 blind) + 1 a trick.
- :mod:`counter_rules.scoring.blackout`: 5 + cards dealt for an exact bid.
- :mod:`counter_rules.scoring.ten_plus_bid`: 10 + bid for an exact bid.
- :mod:`counter_rules.scoring.ten_times_bid`: 10 x bid; a made zero 5 x tricks; a miss 1 a trick.
- :mod:`counter_rules.scoring.office`: the office rules, with or without English consolation.
- :mod:`counter_rules.scoring.openspiel`: OpenSpiel's ``oh_hell``, with its
  ``points_per_trick`` and ``off_bid_penalty``.
"""
