"""Trump sources of the Oh Hell family: where a hand's trump suit comes from.

Example:
    >>> from counter_rules.rulesets.parts.trump import RotationTrump
    >>> from counter_rules import Suit
    >>> str(RotationTrump(suits=(Suit.HEARTS, None)).trump_for(3, (), 0)[0])
    '♥'
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from counter_rules.cards import Card, Suit, standard_deck
from counter_rules.dealing import hand_rng

__all__ = ["NoTrump", "RotationTrump", "SecondDeckTrump", "TrumpSource", "TurnedCardTrump"]


# Alike on purpose: a class a trump source, each with the same two methods.
@attrs.frozen
class TurnedCardTrump:
    """The top undealt card is turned; its suit is trump (a Joker: no trump)."""

    turns_card = True
    """Whether a card must be left undealt to turn."""

    def trump_for(
        self, hand_number: int, stock: Sequence[Card], seed: int
    ) -> tuple[Suit | None, Card | None]:
        """The turned card's suit, and the card."""
        if not stock:
            return None, None
        return stock[0].suit, stock[0]


@attrs.frozen(kw_only=True)
class RotationTrump:
    """A fixed rotation of trumps, hand by hand (``None``: no trump)."""

    suits: tuple[Suit | None, ...]
    """The trump of hand 1, 2, ... in turn."""
    turns_card = False
    """Whether a card must be left undealt to turn."""

    def trump_for(
        self, hand_number: int, stock: Sequence[Card], seed: int
    ) -> tuple[Suit | None, Card | None]:
        """The rotation's suit for the hand; no card shows it."""
        return self.suits[(hand_number - 1) % len(self.suits)], None


@attrs.frozen
class NoTrump:
    """Every hand at no trump."""

    turns_card = False
    """Whether a card must be left undealt to turn."""

    def trump_for(
        self, hand_number: int, stock: Sequence[Card], seed: int
    ) -> tuple[Suit | None, Card | None]:
        """No trump."""
        return None, None


@attrs.frozen(kw_only=True)
class SecondDeckTrump:
    """A card turned from a separate, separately shuffled deck (never no trump)."""

    decks: int
    """The decks in play: the turned card's copy number is past them, so it never
    equals a dealt card."""
    turns_card = False
    """Whether a card must be left undealt to turn."""

    def trump_for(
        self, hand_number: int, stock: Sequence[Card], seed: int
    ) -> tuple[Suit | None, Card | None]:
        """A random card of the second deck, and its suit."""
        card = standard_deck(self.decks)[hand_rng(seed, hand_number, "trump").randrange(52)]
        return card.suit, card


TrumpSource = TurnedCardTrump | RotationTrump | NoTrump | SecondDeckTrump
"""Any trump source."""
