"""The parts an Oh Hell ruleset is built from, each a small frozen value.

- :mod:`~counter_rules.rulesets.parts.schedule`: how many cards each hand deals.
- :mod:`~counter_rules.rulesets.parts.trump`: where trump comes from.
- :mod:`~counter_rules.rulesets.parts.jokers`: how Jokers are played and win.
- :mod:`~counter_rules.rulesets.parts.follow`: which card may be played, and the voids a play shows.
- :mod:`~counter_rules.rulesets.parts.bidding`: which bids may be made.
- :mod:`~counter_rules.rulesets.parts.scoring_scheme`: which scheme scores a hand.
- :mod:`~counter_rules.rulesets.parts.game_end`: when the game ends.

:class:`~counter_rules.OhHell` assembles them from its keyword options.
"""
