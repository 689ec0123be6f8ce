"""What a ruleset tells bots and the match runner: the companion they ask to
judge cards, bids, rewards and win shares without knowing the ruleset's class.

:class:`Advice` holds the questions with answers that suit the plain game; a
ruleset hands out its own (:attr:`Ruleset.advice
<counter_rules.Ruleset.advice>`), answered from the parts that state its rules.
No rule of play reads these.

Example:
    >>> from counter_rules import Card, OhHell, Suit
    >>> advice = OhHell().advice
    >>> [advice.trick_power(Card.parse(c), Suit.SPADES) for c in ("AS", "2S", "2H")]
    [1.0, 0.5, 0.0]
"""

from __future__ import annotations

from counter_rules.cards import Card, Rank, Suit
from counter_rules.moves import Play
from counter_rules.rulesets.plain_tricks import strength
from counter_rules.trick import PlayedCard

__all__ = ["Advice"]


class Advice:
    """Answers for a plain game where every seat plays for itself."""

    @property
    def one_team(self) -> bool:
        """Whether all seats play as one team that wins or loses together
        (cooperative Blackout); here: no, every seat plays for itself."""
        return False

    @property
    def target_score(self) -> int | None:
        """The score that ends the game once a seat reaches it, or ``None``
        (here) when the game ends otherwise, after a schedule of hands."""
        return None

    @property
    def jokers_called(self) -> bool:
        """Whether a Joker is played with a call, ``"high"`` (it wins the
        trick) or ``"low"`` (it loses it); here: no."""
        return False

    @property
    def cautious_bidding(self) -> bool:
        """Whether bots bid low and close to their estimate of the tricks they
        take: where an exact bid scores only its size and a missed one next to
        nothing, big bids seldom pay. Here: no (a made bid earns a bonus, and
        the estimate alone decides)."""
        return False

    def trick_power(self, card: Card, trump: Suit | None) -> float:
        """A fixed guess, in [0, 1], of how likely ``card`` is to win a trick
        when ``trump`` is trump.

        Here a card ranks by its strength within its suit, Ace high
        (:func:`~counter_rules.rulesets.plain_tricks.strength`): a trump from
        0.5 (its Two) to 1 (its Ace), any other card from 0 to 0.45; a Joker 0.5.
        """
        if card.rank is Rank.JOKER:
            return 0.5
        base = (strength(card) - 2) / 12
        if trump is not None and card.suit is trump:
            return 0.5 + 0.5 * base
        return 0.45 * base

    def good_hand_points(self, cards: int) -> float:
        """About what a good hand of ``cards`` cards each scores (bots scale
        their rewards by it); here 5."""
        return 5.0

    def more_tricks_pay(self, bid: int, won: int, left: int) -> bool:
        """Whether a seat that bid ``bid`` and cannot win exactly that many
        tricks whatever happens (it has won ``won`` and holds ``left`` cards)
        still scores more by winning tricks. Here: no."""
        return False

    # Alike on purpose: the signature of this method, which every override repeats.
    def plays_from(
        self,
        hand: tuple[Card, ...],
        trick: tuple[PlayedCard, ...],
        trump: Suit | None,
        seat: int,
    ) -> tuple[Play, ...] | None:
        """The legal plays of ``seat`` when they depend only on its hand, the
        trick so far and trump, for callers that hold no state (a bot
        completing imagined tricks); ``None`` (here) when the ruleset needs
        the whole state: then ask :meth:`~counter_rules.Ruleset.legal_plays`."""
        return None
