"""The terminal's colours: whether to use them, and cards and suits coloured
by suit (a four-colour deck)."""

from __future__ import annotations

import os
from typing import TextIO

from counter_rules.cards import Card, Suit

__all__ = ["card_text", "suit_text", "wants_color"]


def wants_color(stream: TextIO, no_color: bool) -> bool:
    """Colour only on a terminal, and never with ``--no-color``, ``NO_COLOR`` set
    or ``TERM=dumb`` (a terminal that shows no colours)."""
    if no_color or os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


_SUIT_COLORS = {Suit.CLUBS: "32", Suit.DIAMONDS: "34", Suit.HEARTS: "31", Suit.SPADES: "1"}


def card_text(card: Card, color: bool) -> str:
    """A card as printed, coloured by suit (four-colour deck) when ``color``."""
    text = str(card)
    if not color:
        return text
    code = "35" if card.suit is None else _SUIT_COLORS[card.suit]
    return f"\x1b[{code}m{text}\x1b[0m"


def suit_text(suit: Suit | None, color: bool) -> str:
    """A suit symbol, coloured when ``color``; ``no trump`` for ``None``."""
    if suit is None:
        return "no trump"
    return f"\x1b[{_SUIT_COLORS[suit]}m{suit}\x1b[0m" if color else str(suit)
