"""Blackout (seed 003), a preset of :class:`~counter_rules.OhHell`.

3 to 7 players, one deck. Deals of 1, 2, ... M cards (M = 52 // players); every
deal but the last turns up the top undealt card for trump, the last is at no
trump. An exact bid scores 5 plus the cards dealt. Ties at the top are played
off with further deals from one card up until one player leads alone.

Example:
    >>> from counter_rules import Blackout
    >>> Blackout(players=5).hand_sizes
    (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
    >>> Blackout(players=5, schedule="full").hand_sizes[8:12]
    (9, 10, 9, 8)
"""

from __future__ import annotations

# The __init__ attrs writes for this class reads OhHell's field annotations in
# this module's namespace (for typing.get_type_hints): some name Any.
from typing import Any  # noqa: F401

import attrs

from counter_rules.argument_checks import check_bool, check_choice, check_int
from counter_rules.errors import InvalidArgumentError
from counter_rules.rulesets.oh_hell import OhHell
from counter_rules.rulesets.options import RulesetOption, RulesetSpec

__all__ = ["BLACKOUT_SCHEDULES", "BLACKOUT_SCORINGS", "Blackout"]

BLACKOUT_SCHEDULES = ("standard", "reverse", "full")
"""Blackout's deal orders (1 up to M, M down to 1, 1 up to M and back down)."""
BLACKOUT_SCORINGS = ("standard", "ten_plus_bid")
"""Blackout's scorings (5 + cards dealt, or 10 + the bid, for an exact bid)."""


@attrs.frozen(init=False, repr=False)
class Blackout(OhHell):
    """Blackout, with one option per variant of the seed.

    Args:
        players: 3..7 (2..7 when cooperative).
        scoring: ``"standard"`` (5 + cards dealt) or ``"ten_plus_bid"``.
        simultaneous_bidding: Everyone bids at once; no bid is seen before all are in.
        schedule: ``"standard"``, ``"reverse"`` (M cards first, at no trump,
            then down to 1) or ``"full"`` (1 up to M, at no trump, and back to 1).
        hook: The last bidder may not make the bids total the cards dealt.
        cooperative: Cooperative Blackout: all play as one team; trump comes
            from a second deck (never no trump); the bids must total the cards
            dealt; the team wins when every deal is made and loses at the first
            deal where someone misses.

    Raises:
        InvalidArgumentError: An option or combination is impossible; the
            message names the field.
    """

    variant_scoring: str = "standard"
    """The scoring as given, ``"standard"`` or ``"ten_plus_bid"``."""
    variant_schedule: str = "standard"
    """The deal order as given, ``"standard"``, ``"reverse"`` or ``"full"``."""

    def __init__(
        self,
        players: int = 4,
        *,
        scoring: str = "standard",
        simultaneous_bidding: bool = False,
        schedule: str = "standard",
        hook: bool = False,
        cooperative: bool = False,
    ) -> None:
        check_bool("Blackout", "cooperative", cooperative)
        check_int("Blackout", "players", players, 2 if cooperative else 3, 7)
        check_choice("Blackout", "scoring", scoring, BLACKOUT_SCORINGS)
        check_choice("Blackout", "schedule", schedule, BLACKOUT_SCHEDULES)
        check_bool("Blackout", "simultaneous_bidding", simultaneous_bidding)
        check_bool("Blackout", "hook", hook)
        if cooperative and (hook or simultaneous_bidding):
            raise InvalidArgumentError(
                "Blackout.cooperative bids in turn to a fixed total: it cannot go with "
                "hook or simultaneous_bidding"
            )
        self.__attrs_init__(
            players=players,
            schedule={"standard": "up", "reverse": "reverse", "full": "full"}[schedule],
            trump="second_deck" if cooperative else "turn",
            no_trump_max=not cooperative,
            hook=hook,
            bids_must_total=cooperative,
            simultaneous_bidding=simultaneous_bidding,
            scoring="blackout" if scoring == "standard" else "ten_plus_bid",
            playoff=not cooperative,
            cooperative=cooperative,
            variant_scoring=scoring,
            variant_schedule=schedule,
        )

    @property
    def name(self) -> str:
        """``"Blackout"`` or ``"Cooperative Blackout"``."""
        return "Cooperative Blackout" if self.cooperative else "Blackout"

    def __repr__(self) -> str:
        parts = [f"players={self.players}"]
        if self.variant_scoring != "standard":
            parts.append(f"scoring={self.variant_scoring!r}")
        if self.variant_schedule != "standard":
            parts.append(f"schedule={self.variant_schedule!r}")
        for flag in ("simultaneous_bidding", "hook", "cooperative"):
            if getattr(self, flag):
                parts.append(f"{flag}=True")
        return f"Blackout({', '.join(parts)})"


Blackout.spec = RulesetSpec(
    players=(3, 4, 5, 6, 7),
    options=(
        RulesetOption("players", 4, int),
        RulesetOption("scoring", "standard", str, "variant_scoring"),
        RulesetOption("simultaneous_bidding", False, bool),
        RulesetOption("schedule", "standard", str, "variant_schedule"),
        RulesetOption("hook", False, bool),
        RulesetOption("cooperative", False, bool),
    ),
)
