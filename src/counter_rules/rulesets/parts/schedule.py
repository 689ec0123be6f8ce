"""Deal schedules of the Oh Hell family: how many cards each hand deals.

:class:`FixedSchedule` deals a list of sizes known in advance (named schedules
such as ``"up"`` or a tuple), with the play-off deals that follow it;
:class:`TurnedCardSchedule` is the office rules' schedule, where a card turned
before each deal fixes its size.

Example:
    >>> from counter_rules.rulesets.parts.schedule import named_sizes
    >>> named_sizes("eight_down_up", most=12)
    (8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8)
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from counter_rules.cards import Card, Rank, intern_card
from counter_rules.deal import DealtHand
from counter_rules.dealing import deal_order, hand_rng, sort_hand
from counter_rules.errors import InvalidArgumentError

__all__ = ["SCHEDULES", "FixedSchedule", "TurnedCardSchedule", "named_sizes"]

SCHEDULES = (
    "up", "reverse", "full", "up_and_down", "up_to_ten", "eight_down_up", "seven_truf", "office",
)  # fmt: skip
"""Named deal schedules (or give a tuple of hand sizes)."""


def named_sizes(name: str, most: int) -> tuple[int, ...]:
    """The sizes of a named schedule (not ``"office"``) when at most ``most``
    cards can be dealt to each player."""
    ten, eight, eleven = min(10, most), min(8, most), min(11, most)
    sizes = {
        "up": tuple(range(1, most + 1)),
        "reverse": tuple(range(most, 0, -1)),
        "full": (*range(1, most + 1), *range(most - 1, 0, -1)),
        "up_and_down": (*range(1, ten + 1), *range(ten - 1, 0, -1)),
        "up_to_ten": tuple(range(1, ten + 1)),
        "eight_down_up": (*range(eight, 0, -1), *range(2, eight + 1)),
        # 22 deals: every size from 1 to 11 twice, up and back down.
        "seven_truf": (*range(1, eleven + 1), *range(eleven, 0, -1)),
    }
    return sizes[name]


@attrs.frozen(kw_only=True)
class FixedSchedule:
    """Sizes known in advance, then play-off deals."""

    sizes: tuple[int, ...]
    """The cards dealt in each scheduled hand."""
    most: int
    """The most cards each player can get (play-off deals cycle up to it)."""
    no_trump_largest: bool = False
    """Hands of the largest scheduled size are played at no trump."""
    playoff_repeats_last: bool = False
    """Play-off deals repeat the last size (else they go 1, 2, 3 ...)."""

    def hand_size(self, hand_number: int) -> int:
        """The size of hand ``hand_number`` (from 1), play-off deals included."""
        sizes = self.sizes
        if hand_number <= len(sizes):
            return sizes[hand_number - 1]
        if self.playoff_repeats_last:
            return sizes[-1]
        return (hand_number - len(sizes) - 1) % self.most + 1

    def is_no_trump(self, size: int) -> bool:
        """Whether a hand of ``size`` cards is played at no trump."""
        return self.no_trump_largest and size == max(self.sizes)


@attrs.frozen(kw_only=True)
class TurnedCardSchedule:
    """The office rules: a card turned before each round fixes its size and trump."""

    rounds: int
    """How many rounds are played."""
    cap: int
    """The most cards each player can get."""
    reflip_joker: bool = False
    """A turned Joker is shuffled back and another card turned."""

    @property
    def sizes(self) -> tuple[int, ...]:
        """The largest size each round can have."""
        return (min(10, self.cap),) * self.rounds

    def size_for(self, card: Card) -> int:
        """The hand size a turned card makes: its rank, face cards and Jokers
        10, at most :attr:`cap`."""
        size = 10 if card.rank is Rank.JOKER or card.rank >= Rank.TEN else int(card.rank)
        return min(size, self.cap)

    def hand_size(self, hand_number: int) -> int:
        """The largest possible size (the turned card decides the actual one)."""
        return min(10, self.cap)

    def is_no_trump(self, size: int) -> bool:
        """A turned Joker, not the size, makes a round no trump."""
        return False

    def deal(self, deck: tuple[Card, ...], players: int, seed: int, hand_number: int) -> DealtHand:
        """Turn the top card of the shuffled ``deck`` (again while it is a Joker,
        with :attr:`reflip_joker`), then deal the hands it sizes."""
        cards = [deck[i] for i in deal_order(seed, hand_number, len(deck))]
        if self.reflip_joker and cards[0].rank is Rank.JOKER:
            rng = hand_rng(seed, hand_number, "reflip")
            while cards[0].rank is Rank.JOKER:
                joker = cards.pop(0)
                cards.insert(rng.randrange(1, len(cards) + 1), joker)
        flipped = cards[0]
        size = self.size_for(flipped)
        rest = cards[1:]
        hands = tuple(sort_hand(rest[s * size : (s + 1) * size]) for s in range(players))
        stock = (flipped, *rest[players * size :])
        return DealtHand(hands, stock, flipped.suit, flipped)

    def check_deal(
        self, hands: Sequence[Sequence[Card]], stock: Sequence[Card], players: int
    ) -> DealtHand:
        """Check the hand count and sizes of an explicit deal against its
        flipped card (``stock[0]``); the caller checks the cards themselves."""
        if len(hands) != players:
            raise InvalidArgumentError(
                f"deal.hands must have one hand per seat ({players}), got {len(hands)}"
            )
        if not stock:
            raise InvalidArgumentError(
                "deal.stock must not be empty: its top card is the flipped card that fixes "
                "the hand size and trump"
            )
        flipped = intern_card(stock[0])
        if self.reflip_joker and flipped.rank is Rank.JOKER:
            raise InvalidArgumentError(
                "deal.stock[0] is a Joker, but with reflip_joker a flipped Joker is "
                "shuffled back and another card flipped"
            )
        size = self.size_for(flipped)
        if any(len(hand) != size for hand in hands):
            noun = "card" if size == 1 else "cards"
            raise InvalidArgumentError(f"the flipped card {flipped} makes hands of {size} {noun}")
        dealt = tuple(sort_hand([intern_card(c) for c in hand]) for hand in hands)
        return DealtHand(dealt, tuple(intern_card(c) for c in stock), flipped.suit, flipped)
