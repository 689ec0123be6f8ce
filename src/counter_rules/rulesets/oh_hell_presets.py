"""The presets of :class:`~counter_rules.OhHell` for the seeds' named games.

Each is a class method of :class:`~counter_rules.OhHell` (``OhHell.office()``,
``OhHell.north_east_blackout()``, ``OhHell.seven_truf()``) that fills in its
options.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from counter_rules.cards import Suit
from counter_rules.checks import check_bool, check_int

if TYPE_CHECKING:
    from counter_rules.rulesets.oh_hell import OhHell

__all__ = ["north_east_blackout", "office", "seven_truf"]


def office(
    cls: type[OhHell],
    players: int = 4,
    *,
    english: bool = True,
    reflip_joker: bool = False,
    rounds: int = 10,
) -> OhHell:
    """The office rules of seed 004.

    Ten rounds; each round a flipped card fixes the hand size (face cards
    and Jokers count 10, at most 8 cards with six players) and trump (a
    Joker: no trump); simultaneous bids, whose total may equal the tricks;
    two Jokers that always lose and may be played at any time; a led Joker
    leaves the suit to the next card. The office scores English
    consolation points (``scoring="english"``); ``english=False`` gives
    the scoring its author was first taught (``scoring="office"``).

    Example:
        >>> from counter_rules import OhHell
        >>> OhHell.office(players=6)
        OhHell(players=6, schedule='office', jokers='loser', simultaneous_bidding=True, scoring='english')
    """  # noqa: E501
    check_bool("OhHell.office", "english", english)
    return cls(
        players=players,
        schedule="office",
        rounds=rounds,
        jokers="loser",
        simultaneous_bidding=True,
        scoring="english" if english else "office",
        reflip_joker=reflip_joker,
    )


def seven_truf(cls: type[OhHell]) -> OhHell:
    """7-truf, Andi Beben's four-player Indonesian game (seed 003).

    Bids in turn, the dealer (bidding last) may not make them total the
    tricks; a made bid scores 10 times the bid, a made zero 5 times the
    cards dealt, a miss 1 a trick (``scoring="ten_times_bid"``); 22 deals.
    The source's list of the 22 deals is lost: the preset deals every size
    from 1 to 11 cards twice, up and back down (``schedule="seven_truf"``),
    with a turned-up trump (see "Rules interpretations").

    Example:
        >>> from counter_rules import OhHell
        >>> rules = OhHell.seven_truf()
        >>> len(rules.hand_sizes), rules.hand_sizes[9:13]
        (22, (10, 11, 11, 10))
    """
    return cls(players=4, schedule="seven_truf", hook=True, scoring="ten_times_bid")


def north_east_blackout(cls: type[OhHell], players: int = 5) -> OhHell:
    """Dick Atkinson's North-East England Blackout (seed 003).

    5 or 6 players; two Jokers join the pack and, with five players, the
    four Twos leave it; 10 cards each (9 with six players) every deal; trump
    rotates ♥ ♣ ♦ ♠; the dealer may not make the bids total the tricks;
    Jokers as in :mod:`counter_rules.rulesets.plain_tricks` (``"atkinson"``).
    Each player deals once; Blackout's scoring applies, and ties are played
    off with further deals of the same size (see "Rules interpretations").

    Example:
        >>> from counter_rules import OhHell
        >>> rules = OhHell.north_east_blackout(5)
        >>> len(rules.deck()), rules.hand_sizes
        (50, (10, 10, 10, 10, 10))
    """
    check_int("OhHell.north_east_blackout", "players", players, 5, 6)
    size = 10 if players == 5 else 9
    return cls(
        players=players,
        schedule=(size,) * players,
        jokers="atkinson",
        remove_twos=players == 5,
        trump="rotation",
        rotation=(Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES),
        hook=True,
        scoring="blackout",
        playoff=True,
        playoff_sizes="last",
    )
