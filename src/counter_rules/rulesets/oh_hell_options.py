"""The options of :class:`~counter_rules.OhHell`: their allowed values and checks.

Every option is checked on its own whatever the others are, then the
combinations; each message names the field, the value and what is allowed.
"""

from __future__ import annotations

from typing import Protocol

from counter_rules.argument_checks import check_bool, check_choice, check_int, shown
from counter_rules.cards import Suit
from counter_rules.errors import InvalidArgumentError
from counter_rules.rulesets.parts.jokers import JOKER_STYLES
from counter_rules.rulesets.parts.schedule import (
    SCHEDULES,
    FixedSchedule,
    TurnedCardSchedule,
    named_sizes,
)
from counter_rules.rulesets.parts.scoring_scheme import SCHEMES
from counter_rules.scoring.openspiel import check_points_per_trick


class Options(Protocol):
    """The options :func:`check_options` reads, as :class:`~counter_rules.OhHell`
    holds them."""

    @property
    def players(self) -> int:
        """The number of seats."""

    @property
    def schedule(self) -> tuple[int, ...] | str:
        """The deal schedule, as given."""

    @property
    def rounds(self) -> int:
        """Rounds of the ``"office"`` schedule."""

    @property
    def decks(self) -> int:
        """How many standard decks."""

    @property
    def jokers(self) -> str:
        """The Joker style, or ``"none"``."""

    @property
    def trump(self) -> str:
        """Where trump comes from."""

    @property
    def rotation(self) -> tuple[Suit | None, ...]:
        """The trump rotation."""

    @property
    def no_trump_max(self) -> bool:
        """Whether hands of the largest size are played at no trump."""

    @property
    def hook(self) -> bool:
        """Whether the last bidder may not make the bids total the cards dealt."""

    @property
    def bids_must_total(self) -> bool:
        """Whether the bids must total exactly the cards dealt."""

    @property
    def simultaneous_bidding(self) -> bool:
        """Whether everyone bids at once."""

    @property
    def follow(self) -> str:
        """The follow rule."""

    @property
    def scoring(self) -> str:
        """The scoring scheme."""

    @property
    def playoff(self) -> bool:
        """Whether ties at the top are played off."""

    @property
    def playoff_sizes(self) -> str:
        """How play-off deals are sized."""

    @property
    def cooperative(self) -> bool:
        """Whether all players win or lose together."""

    @property
    def leader(self) -> str:
        """Who leads the first trick."""

    @property
    def reflip_joker(self) -> bool:
        """Whether a flipped Joker is replaced."""

    @property
    def points_per_trick(self) -> int:
        """Points per trick won under ``scoring="openspiel"``."""

    @property
    def off_bid_penalty(self) -> bool:
        """Whether a missed bid loses points per trick off."""


__all__ = [
    "FOLLOW_RULES",
    "LEADERS",
    "MAX_SCHEDULE",
    "PLAYOFF_SIZES",
    "SCHEDULES",
    "SCORINGS",
    "TRUMP_SOURCES",
    "build_schedule",
    "Options",
    "check_options",
]

TRUMP_SOURCES = ("turn", "rotation", "none", "second_deck")
"""Where trump comes from."""
SCORINGS = SCHEMES
"""The scoring schemes (see :mod:`counter_rules.scoring`)."""
FOLLOW_RULES = ("plain", "must_trump")
"""Follow rules, plain or ``must_trump`` (a player void in the led suit must trump if able)."""
LEADERS = ("dealer_left", "caller_left")
"""Who leads the first trick, the dealer's left or the caller's left (the
dealer's second left) as in Up to Ten and Down Again: the leader sits one
more seat past the dealer than the index of the name here."""
MAX_SCHEDULE = 1000
"""The most hands a schedule given as a tuple of hand sizes may hold."""
PLAYOFF_SIZES = ("from_one", "last")
"""How play-off deals are sized: 1, 2, 3 ... cards, or the last scheduled size."""
_FLAGS = (
    "remove_twos", "no_trump_max", "hook", "bids_must_total", "simultaneous_bidding",
    "blind_bidding", "trumps_broken", "playoff", "cooperative", "devils_bridge",
    "reflip_joker", "bowers", "off_bid_penalty",
)  # fmt: skip


def check_options(rules: Options, owner: str) -> None:
    """Check every option on its own, then the combinations."""
    check_int(owner, "players", rules.players, 2, 10)
    check_int(owner, "rounds", rules.rounds, 1, 100)
    check_int(owner, "decks", rules.decks, 1, 2)
    check_choice(owner, "jokers", rules.jokers, tuple(JOKER_STYLES))
    check_choice(owner, "trump", rules.trump, TRUMP_SOURCES)
    check_choice(owner, "scoring", rules.scoring, SCORINGS)
    check_choice(owner, "follow", rules.follow, FOLLOW_RULES)
    check_choice(owner, "leader", rules.leader, LEADERS)
    check_choice(owner, "playoff_sizes", rules.playoff_sizes, PLAYOFF_SIZES)
    for flag in _FLAGS:
        check_bool(owner, flag, getattr(rules, flag))
    try:
        check_points_per_trick(rules.points_per_trick)
    except InvalidArgumentError as exc:
        raise InvalidArgumentError(f"{owner}.{exc}") from None
    if isinstance(rules.schedule, str):
        check_choice(owner, "schedule", rules.schedule, SCHEDULES)
    # Any other schedule is checked by build_schedule, which knows the deck.
    if (
        not isinstance(rules.rotation, tuple)
        or not rules.rotation
        or not all(s is None or isinstance(s, Suit) for s in rules.rotation)
    ):
        raise InvalidArgumentError(
            f"{owner}.rotation must be a non-empty sequence of suits or None, "
            f"got {shown(rules.rotation)}"
        )
    if rules.jokers != "none" and rules.decks != 1:
        raise InvalidArgumentError(f"{owner}.jokers needs decks=1, got decks={rules.decks}")
    if rules.hook and (rules.simultaneous_bidding or rules.bids_must_total):
        raise InvalidArgumentError(
            f"{owner}.hook needs bids made in turn and free totals: "
            "it cannot go with simultaneous_bidding or bids_must_total"
        )
    if rules.bids_must_total and rules.simultaneous_bidding:
        raise InvalidArgumentError(
            f"{owner}.bids_must_total needs bids made in turn, not simultaneous_bidding"
        )
    if rules.playoff and rules.cooperative:
        raise InvalidArgumentError(f"{owner}.playoff cannot go with cooperative")
    if rules.playoff and rules.bids_must_total and rules.players == 2:
        # Two bids that total the tricks are made or missed together, so two
        # tied players stay tied after every play-off deal: it would never end.
        raise InvalidArgumentError(
            f"{owner}.playoff cannot go with bids_must_total for 2 players: "
            "both bids are made or missed together, so a tie could never be broken"
        )
    if rules.scoring != "openspiel" and (rules.points_per_trick != 1 or rules.off_bid_penalty):
        raise InvalidArgumentError(
            f'{owner}.points_per_trick and off_bid_penalty need scoring="openspiel", '
            f"got scoring={shown(rules.scoring)}"
        )


def build_schedule(
    rules: Options, owner: str, deck_size: int, turns_card: bool
) -> FixedSchedule | TurnedCardSchedule:
    """The schedule part of ``rules``, whose deck has ``deck_size`` cards
    (``turns_card``: one must be left to turn for trump)."""
    # A hand size the deck can deal at all; a turned card for trump is
    # checked below, so that its own reason reaches the user.
    dealt = deck_size // rules.players
    most = dealt
    if turns_card and not rules.no_trump_max:
        most = (deck_size - 1) // rules.players  # leave a card to turn
    schedule = rules.schedule
    if schedule == "office":
        if not turns_card:
            raise InvalidArgumentError(
                f'{owner}.schedule="office" turns a card for trump: it needs '
                f'trump="turn", got {shown(rules.trump)}'
            )
        return TurnedCardSchedule(
            rounds=rules.rounds,
            cap=(deck_size - 1) // rules.players,
            reflip_joker=rules.reflip_joker,
        )
    if isinstance(schedule, str):
        sizes = named_sizes(schedule, most)
    elif (
        isinstance(schedule, tuple)
        and 1 <= len(schedule) <= MAX_SCHEDULE
        and all(type(n) is int and 1 <= n <= dealt for n in schedule)
    ):
        sizes = schedule
    else:
        raise InvalidArgumentError(
            f"{owner}.schedule must be a name ({', '.join(SCHEDULES)}) or a tuple of 1 to "
            f"{MAX_SCHEDULE} hand sizes from 1 to {dealt} for {rules.players} players with "
            f"{deck_size} cards, got {shown(schedule)}"
        )
    if turns_card:
        top = max(sizes)
        for size in sizes:
            if size * rules.players >= deck_size and not (rules.no_trump_max and size == top):
                raise InvalidArgumentError(
                    f"{owner}.schedule deals all {deck_size} cards in a hand of "
                    f"{size}: no card is left to turn for trump (use fewer cards, "
                    "no_trump_max=True or another trump source)"
                )
    return FixedSchedule(
        sizes=sizes,
        most=most,
        no_trump_largest=rules.no_trump_max,
        playoff_repeats_last=rules.playoff_sizes == "last",
    )
