"""Plain trick play of the Oh Hell family: following, Jokers and the winner.

Ace high (2 < 3 < ... < K < A). A player follows the led suit if able; the
highest trump wins, else the highest card of the led suit; of two identical
cards (two decks) the one played first ranks higher. The Joker styles of the
seeds change this:

- ``"loser"`` (office rules, seed 004): a Joker can never win, may be played at
  any time even by a player who could follow, and a led Joker sets no suit: the
  next card played sets it.
- ``"brader"`` (Mark Brader, seed 003): the two Jokers are a suit of their own,
  with two equal cards; a led Joker wins unless trumped (the first of two led
  Jokers wins); if a Joker is turned up for trump, the other Joker is the only
  trump.
- ``"atkinson"`` (Dick Atkinson's North-East England Blackout, seed 003): a
  Joker may not be led unless the player holds nothing else, may not be played
  to the first trick, and otherwise may be played at any time; the first Joker
  played in a deal is called high (it wins the trick) or low (it loses), the
  second gets the opposite call; after a forced Joker lead the first suited card
  sets the suit.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from counter_rules.cards import Card, Rank, Suit, _intern, standard_deck
from counter_rules.rulesets._quick import SUIT_OF, trick_result
from counter_rules.trick import Effect, PlayedCard, TrickResult

__all__ = ["JOKER_STYLES", "led_suit", "resolve_plain", "strength"]

JOKER_STYLES = ("none", "loser", "brader", "atkinson")
"""The Joker styles :class:`~counter_rules.OhHell` accepts."""

_ACE: Final = Rank.ACE
_JOKER: Final = Rank.JOKER


def strength(card: Card) -> int:
    """Trick-taking strength within a suit: Ace high (14), Joker 15."""
    rank = card.rank
    if rank is _ACE:
        return 14
    return int(rank) + 1 if rank is _JOKER else int(rank)


# Twice each card's strength, by card key (the half-point values of a trick),
# filled for every card of one or two decks and the Jokers.
_HALF_STRENGTH: Final[list[int]] = [0] * 1280
_JOKERS: Final = (_intern(_JOKER, None, 0), _intern(_JOKER, None, 1))
for _card in (*standard_deck(0), *standard_deck(1), *_JOKERS):
    _HALF_STRENGTH[_card._key] = 2 * strength(_card)


def led_suit(plays: Sequence[PlayedCard], jokers: str) -> tuple[Suit | None, bool]:
    """The suit to follow and whether it was set (``False`` after Jokers only).

    Under ``"brader"`` a led Joker leads the Joker suit (``(None, True)``).
    Otherwise a led Joker sets no suit and the first suited card does.
    """
    for played in plays:
        suit = played.card.suit
        if suit is not None:
            return suit, True
        if jokers == "brader":
            return None, True
    return None, False


def _card_name(plays: Sequence[PlayedCard], i: int) -> str:
    return f"{plays[i].card} (seat {plays[i].seat})"


def _resolve_simple(
    plays: tuple[PlayedCard, ...], trump: Suit | None, trump_card: Card | None, last_trick: bool
) -> TrickResult:
    """No Jokers, no explanation: the engine's hot path (suits are never ``None``)."""
    half = _HALF_STRENGTH
    suit_of = SUIT_OF
    keys = [p.card._key for p in plays]
    values = [half[key] for key in keys]
    suit = suit_of[keys[0]]
    winner = 0
    best_trump = suit is trump
    best_value = values[0]
    for i in range(1, len(keys)):
        card_suit = suit_of[keys[i]]
        value = values[i]
        if card_suit is trump:
            if not best_trump or value > best_value:
                winner, best_trump, best_value = i, True, value
        elif not best_trump and card_suit is suit and value > best_value:
            winner, best_value = i, value
    seat = plays[winner].seat
    return trick_result(
        plays, seat, winner, tuple(values), trump, suit, seat, trump, False, False, (),
        trump, False, last_trick, trump_card,
    )  # fmt: skip


def resolve_plain(
    plays: Sequence[PlayedCard],
    trump: Suit | None,
    *,
    jokers: str,
    trump_card: Card | None,
    last_trick: bool,
    explain: bool,
) -> TrickResult:
    """Resolve a complete trick by plain Oh Hell rules with the given Joker style."""
    if jokers == "none" and not explain:
        return _resolve_simple(tuple(plays), trump, trump_card, last_trick)
    effects: list[Effect] = []
    suit, suit_set = led_suit(plays, jokers)
    jokers_trump = jokers == "brader" and trump_card is not None and trump_card.rank is _JOKER
    if explain:
        if jokers_trump:
            effects.append(
                Effect("trump", "a Joker was turned up: the other Joker is the only trump")
            )
        else:
            effects.append(Effect("trump", f"trump is {trump if trump is not None else 'none'}"))
        if suit_set and plays[0].card.suit is None and jokers != "brader":
            effects.append(Effect("joker", f"a Joker was led: the first suited card sets {suit}"))
    winner: int | None = None
    reason = ""
    if jokers == "atkinson":
        for i, played in enumerate(plays):
            if played.card.rank is _JOKER and played.call == "high":
                winner, reason = i, "a Joker called high wins the trick"
                break
    if winner is None:
        best = -1
        best_rank = 0
        for i, played in enumerate(plays):
            card = played.card
            if card.rank is _JOKER:
                if jokers != "brader":
                    continue  # losers and low Jokers never win
                level = 2 if jokers_trump else (1 if suit is None else 0)
            elif jokers_trump:
                level = 1 if card.suit is suit else 0
            elif trump is not None and card.suit is trump:
                level = 2
            else:
                level = 1 if card.suit is suit else 0
            if not level:
                continue
            value = strength(card)
            # Strictly greater: of two equal cards the first played ranks higher.
            if level > best or (level == best and value > best_rank):
                best, best_rank, winner = level, value, i
        if winner is not None:
            reason = {2: "the highest trump", 1: "the highest card of the led suit"}[best]
    if explain:
        if winner is None:
            effects.append(
                Effect("no-winner", f"no card can win: seat {plays[0].seat} leads again")
            )
        else:
            effects.append(
                Effect("winner", f"{_card_name(plays, winner)} wins: {reason}", None, winner)
            )
    seat = plays[winner].seat if winner is not None else None
    values = tuple([_HALF_STRENGTH[p.card._key] for p in plays])
    return TrickResult(
        tuple(plays),
        seat,
        winner,
        values,
        trump,
        suit,
        plays[0].seat if seat is None else seat,
        trump,
        False,
        False,
        (),
        tuple(effects),
        trump,
        False,
        last_trick,
        trump_card,
    )
