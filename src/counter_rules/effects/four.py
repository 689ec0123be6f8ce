"""Four: victor or void.

Playing a Four, a player may show (not play) another Four from their hand
(:func:`showings` lists the ways, :func:`why_not_shown` explains a wrong one): the
played Four is then a *victor* Four and wins the trick outright, whatever the
values and suits. Played without showing one it is a *void* Four and cannot win
the trick. Either way its value stays 4. A Queen in the trick removes both buffs
(see :mod:`~counter_rules.effects.queen`); if the buffs survive, the first victor
Four wins.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from counter_rules.cards import Card, Rank
from counter_rules.effects.base import TrickWork

__all__ = ["apply", "showings", "victor_index", "why_not_shown"]

_FOUR: Final = Rank.FOUR


def showings(playable: Sequence[Card], hand: Sequence[Card]) -> list[tuple[Card, Card]]:
    """Every ``(played, shown)`` pair allowed: a playable Four shown with another
    Four of the hand, in hand order.

    Example:
        >>> from counter_rules import cards
        >>> from counter_rules.effects import four
        >>> hand = cards("4C 4D 9S")
        >>> [(str(a), str(b)) for a, b in four.showings(hand, hand)]
        [('4♣', '4♦'), ('4♦', '4♣')]
        >>> four.showings(hand[2:], hand)  # only the Nine may be played
        []
    """
    pairs: list[tuple[Card, Card]] = []
    if len(hand) < 2:
        return pairs  # fewer than two cards: no second Four to show
    first: Card | None = None
    for card in hand:
        if card.rank is _FOUR:
            if first is not None:
                break
            first = card
    else:
        return pairs  # fewer than two Fours: none to show
    fours = [card for card in hand if card.rank is _FOUR]
    for card in fours:
        for c in playable:
            if c is card:
                pairs.extend([(card, other) for other in fours if other is not card])
                break
    return pairs


def why_not_shown(played: Card, shown: Card, hand: Sequence[Card] | None = None) -> str | None:
    """Why ``shown`` may not be shown with ``played`` from ``hand``, or ``None``;
    without ``hand`` (a finished trick, whose hands are not known) only the
    two cards are judged.

    Example:
        >>> from counter_rules import Card, cards
        >>> from counter_rules.effects import four
        >>> four.why_not_shown(Card.parse("9S"), Card.parse("4D"), cards("9S 4D"))
        'only a Four may be played showing another Four, not 9♠'
        >>> four.why_not_shown(Card.parse("4S"), Card.parse("4S"))
        'the card shown with 4♠ must be another Four, got 4♠'
    """
    if played.rank is not _FOUR:
        return f"only a Four may be played showing another Four, not {played}"
    if shown.rank is not _FOUR or shown == played:
        return f"the card shown with {played} must be another Four, got {shown}"
    if hand is not None and shown not in hand:
        return f"{shown} must be in the hand to be shown"
    return None


def apply(work: TrickWork) -> None:
    """Give each Four its buff: victor with a revealed Four, void without."""
    plays = work.plays
    ranks = work.ranks
    victors = voids = 0
    for i in range(work.n):
        if ranks[i] is _FOUR:
            if plays[i].reveal is not None:
                victors |= 1 << i
            else:
                voids |= 1 << i
    work.victors = victors
    work.voids = voids


def victor_index(work: TrickWork) -> int | None:
    """The index of the first Four still holding the victor buff, or ``None``."""
    victors = work.victors
    for i in range(work.n):
        if not victors >> i & 1:
            continue
        if work.explain:
            reveal = work.plays[i].reveal
            work.note(
                "four",
                f"{work.label(i)} was played showing {reveal}: a victor Four wins outright",
                _FOUR,
                i,
            )
        return i
    if work.explain:
        voids = work.voids
        for i in range(work.n):
            if voids >> i & 1:
                work.note("four", f"{work.label(i)} is a void Four: it cannot win", _FOUR, i)
    return None
