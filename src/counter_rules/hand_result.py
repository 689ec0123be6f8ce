"""The scored result of a finished hand: :class:`HandResult`."""

from __future__ import annotations

import attrs

from counter_rules.cards import Card, Suit
from counter_rules.trick import TrickResult

__all__ = ["HandResult"]


@attrs.frozen
class HandResult:
    """The scored result of one finished hand."""

    hand_number: int
    """Which hand (1 for the first)."""
    dealer: int
    """The dealer of that hand."""
    cards_dealt: int
    """How many cards each player was dealt."""
    trump: Suit | None
    """The trump suit the hand started with."""
    bids: tuple[int, ...]
    """Each seat's bid."""
    tricks_won: tuple[int, ...]
    """The tricks each seat won."""
    points: tuple[int, ...]
    """The points each seat scored for the hand."""
    scores: tuple[int, ...]
    """The running totals after the hand."""
    blind: tuple[bool, ...] = ()
    """Which seats bid blind."""
    exchanges: tuple[tuple[Card | None, ...], ...] = ()
    """The hand's passes (Counter): for each exchange, the card each seat passed
    (``None`` where a player's view does not know it)."""
    tricks: tuple[TrickResult, ...] = ()
    """The hand's tricks, in order (as the engine resolved them, without the
    effects list; see :func:`counter_rules.explain_trick`)."""
