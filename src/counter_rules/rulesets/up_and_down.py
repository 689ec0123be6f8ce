"""Up to Ten and Down Again (seed 002), a preset of :class:`~counter_rules.OhHell`.

3 to 10 players (two decks from 6); 19 rounds of 1, 2, ... 10, 9, ... 1 cards;
the trump of each round follows the fixed table ♠ ♥ ♦ ♣ no-trump, over and
over; the caller (dealer's left) bids first and the caller's left leads; 10
points for an exact bid plus 1 point a trick.

Example:
    >>> from counter_rules import UpAndDown
    >>> rules = UpAndDown(players=6)
    >>> rules.decks, len(rules.hand_sizes), [str(s) for s in rules.rotation]
    (2, 19, ['♠', '♥', '♦', '♣', 'None'])
"""

from __future__ import annotations

# The __init__ attrs writes for this class reads OhHell's field annotations in
# this module's namespace (for typing.get_type_hints): some name Any.
from typing import Any  # noqa: F401

import attrs

from counter_rules.argument_checks import check_bool, check_int
from counter_rules.cards import Suit
from counter_rules.rulesets.oh_hell import OhHell
from counter_rules.rulesets.options import RulesetOption, RulesetSpec

__all__ = ["TABLE_1_TRUMPS", "UpAndDown"]

TABLE_1_TRUMPS: tuple[Suit | None, ...] = (
    Suit.SPADES,
    Suit.HEARTS,
    Suit.DIAMONDS,
    Suit.CLUBS,
    None,
)
"""The seed's trump cycle by round (♠, ♥, ♦, ♣, no trump; round 1 is ♠)."""


@attrs.frozen(init=False, repr=False)
class UpAndDown(OhHell):
    """Up to Ten and Down Again. Each seed variant is one boolean option.

    Args:
        players: 3..10 (one deck up to 5 players, two decks from 6).
        up_to_ten: Only the first 10 rounds.
        random_trump: After the deal the top undealt card is turned for trump;
            no round is at no trump.
        screw_the_dealer: The dealer, bidding last, may not make the bids total
            the cards in hand.
        devils_bridge: In the one-card rounds each player bids seeing every
            other player's card but not their own.
        blind_bidding: A player 20 or more points behind the leader when the
            round starts may bid blind; a made blind bid scores 20, not 10.

    Raises:
        InvalidArgumentError: An option is out of range; the message names it.
    """

    up_to_ten: bool = False
    """Only the first 10 rounds are played."""
    random_trump: bool = False
    """Trump is the suit of the top undealt card; no no-trump rounds."""
    screw_the_dealer: bool = False
    """The last bidder (the dealer) may not make the total equal the cards."""

    def __init__(
        self,
        players: int = 4,
        *,
        up_to_ten: bool = False,
        random_trump: bool = False,
        screw_the_dealer: bool = False,
        devils_bridge: bool = False,
        blind_bidding: bool = False,
    ) -> None:
        check_int("UpAndDown", "players", players, 3, 10)
        for name, value in (
            ("up_to_ten", up_to_ten), ("random_trump", random_trump),
            ("screw_the_dealer", screw_the_dealer), ("devils_bridge", devils_bridge),
            ("blind_bidding", blind_bidding),
        ):  # fmt: skip
            check_bool("UpAndDown", name, value)
        self.__attrs_init__(
            players=players,
            schedule="up_to_ten" if up_to_ten else "up_and_down",
            decks=1 if players <= 5 else 2,
            trump="turn" if random_trump else "rotation",
            rotation=TABLE_1_TRUMPS,
            hook=screw_the_dealer,
            blind_bidding=blind_bidding,
            devils_bridge=devils_bridge,
            leader="caller_left",
            scoring="tricks_plus_ten",
            up_to_ten=up_to_ten,
            random_trump=random_trump,
            screw_the_dealer=screw_the_dealer,
        )

    @property
    def name(self) -> str:
        """``"Up to Ten and Down Again"``."""
        return "Up to Ten and Down Again"

    def __repr__(self) -> str:
        options = ", ".join(
            f"{name}=True"
            for name in (
                "up_to_ten", "random_trump", "screw_the_dealer", "devils_bridge", "blind_bidding",
            )
            if getattr(self, name)
        )  # fmt: skip
        return f"UpAndDown(players={self.players}{', ' if options else ''}{options})"


UpAndDown.spec = RulesetSpec(
    players=tuple(range(3, 11)),
    options=(
        RulesetOption("players", 4, int),
        *(
            RulesetOption(name, False, bool)
            for name in (
                "up_to_ten", "random_trump", "screw_the_dealer", "devils_bridge", "blind_bidding",
            )
        ),
    ),
)  # fmt: skip
