"""What a ruleset tells about what the players may know: the companion that
player views and the world sampler ask.

:class:`Information` holds the questions with the plain game's answers; a
ruleset hands out its own (:attr:`Ruleset.information
<counter_rules.Ruleset.information>`) where its rules say more. No rule of
play reads these: they decide what a seat sees (:func:`counter_rules.view`)
and which hidden deals agree with what it saw
(:func:`counter_rules.sample_world`).

Example:
    >>> from counter_rules import OhHell, PlayedCard, Suit, cards
    >>> led, played = (PlayedCard(s, c) for s, c in enumerate(cards("AS 3H")))
    >>> OhHell().information.voids_shown((led,), played, Suit.CLUBS, 0)
    (<Suit.SPADES: 3>,)
"""

from __future__ import annotations

from collections.abc import Sequence

from counter_rules.cards import Card, Suit
from counter_rules.position import Position
from counter_rules.trick import PlayedCard

__all__ = ["Information"]


class Information:
    """The plain game's answers: a player who does not follow the led suit
    holds none of it; every seat sees its own hand."""

    # Alike on purpose: the signature of this method, which every override repeats.
    def voids_shown(
        self,
        before: Sequence[PlayedCard],
        played: PlayedCard,
        trump: Suit | None,
        trumps_played: int,
    ) -> tuple[Suit | None, ...]:
        """The suits (``None``: the Jokers' suit) of which the player of
        ``played`` is shown to hold no card that counts toward a void (see
        :meth:`counts_toward_void`), given the cards ``before`` it in the same
        trick (empty when it was led), the trick's trump, and how many trumps
        were played in earlier tricks of the hand."""
        if not before:
            return ()
        led = before[0].card.suit
        return () if played.card.suit is led else (led,)

    def counts_toward_void(self, card: Card, suit: Suit | None, trump: Suit | None) -> bool:
        """Whether holding ``card`` would contradict a void in ``suit`` when
        ``trump`` is the hand's trump (here: the card's suit is ``suit``)."""
        return card.suit is suit

    def own_hand_hidden(self, state: Position) -> bool:
        """Whether in ``state`` every seat sees all the other hands but not its
        own (Devil's bridge, while a one-card hand is bid); here: never."""
        return False
