"""The options of :class:`~counter_rules.OhHell`'s presets for the seeds'
named games: ``OhHell.office()``, ``OhHell.north_east_blackout()`` and
``OhHell.seven_truf()`` build an :class:`~counter_rules.OhHell` from them. The
registered presets come with their specs (:data:`OFFICE_SPEC`,
:data:`NORTH_EAST_SPEC`).

Example:
    >>> from counter_rules.rulesets.oh_hell_presets import seven_truf_options
    >>> seven_truf_options()["schedule"]
    'seven_truf'
"""

from __future__ import annotations

from counter_rules.argument_checks import check_bool, check_int
from counter_rules.cards import Suit
from counter_rules.rulesets.options import RulesetOption, RulesetSpec

__all__ = [
    "NORTH_EAST_SPEC",
    "OFFICE_SPEC",
    "north_east_blackout_options",
    "office_options",
    "seven_truf_options",
]


def office_options(
    players: int = 4, *, english: bool = True, reflip_joker: bool = False, rounds: int = 10
) -> dict[str, object]:
    """The options of the office rules (see :meth:`OhHell.office
    <counter_rules.OhHell.office>`)."""
    check_bool("OhHell.office", "english", english)
    return {
        "players": players,
        "schedule": "office",
        "rounds": rounds,
        "jokers": "loser",
        "simultaneous_bidding": True,
        "scoring": "english" if english else "office",
        "reflip_joker": reflip_joker,
    }


def seven_truf_options() -> dict[str, object]:
    """The options of 7-truf (see :meth:`OhHell.seven_truf
    <counter_rules.OhHell.seven_truf>`)."""
    return {"players": 4, "schedule": "seven_truf", "hook": True, "scoring": "ten_times_bid"}


def north_east_blackout_options(players: int = 5) -> dict[str, object]:
    """The options of North-East England Blackout (see
    :meth:`OhHell.north_east_blackout <counter_rules.OhHell.north_east_blackout>`)."""
    check_int("OhHell.north_east_blackout", "players", players, 5, 6)
    size = 10 if players == 5 else 9
    return {
        "players": players,
        "schedule": (size,) * players,
        "jokers": "atkinson",
        "remove_twos": players == 5,
        "trump": "rotation",
        "rotation": (Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES),
        "hook": True,
        "scoring": "blackout",
        "playoff": True,
        "playoff_sizes": "last",
    }


OFFICE_SPEC = RulesetSpec(
    players=tuple(range(2, 11)),
    options=(
        RulesetOption("players", 4, int),
        RulesetOption("english", True, bool),
        RulesetOption("reflip_joker", False, bool),
        RulesetOption("rounds", 10, int),
    ),
)
"""The registry's spec of :meth:`OhHell.office <counter_rules.OhHell.office>`."""

NORTH_EAST_SPEC = RulesetSpec(players=(5, 6), options=(RulesetOption("players", 5, int),))
"""The registry's spec of :meth:`OhHell.north_east_blackout
<counter_rules.OhHell.north_east_blackout>`."""
