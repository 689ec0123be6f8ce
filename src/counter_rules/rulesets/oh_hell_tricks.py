"""Oh Hell's tricks with Jokers and bowers, and with explanations.

:func:`resolve_by_rule` resolves a complete trick under a follow rule (its
Joker style and Jack Marrows' bowers) and, when asked, explains it. Every
card that is not a Joker is ranked by plain Oh Hell's one statement of the
winner (:func:`~counter_rules.rulesets.plain_tricks.plain_level` and
:func:`~counter_rules.rulesets.plain_tricks.best_card`); the Joker styles
(:mod:`counter_rules.rulesets.parts.jokers`) decide their own cards:

- ``"loser"``: a Joker never wins.
- ``"high"``: the first Joker played wins.
- ``"brader"``: the Jokers are a suit of their own; a led Joker wins unless
  trumped (the first of two led Jokers wins); a turned-up Joker makes the other
  Joker the only trump.
- ``"atkinson"``: a Joker called high wins, one called low loses.
- bowers: the jack of trumps is the highest trump, the other jack of its
  colour the second highest
  (:func:`~counter_rules.rulesets.plain_tricks.half_strength`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from counter_rules.cards import Card, Rank, Suit
from counter_rules.fast_values import make_result
from counter_rules.rulesets import plain_tricks
from counter_rules.rulesets.parts.follow import FollowRule
from counter_rules.trick import Effect, PlayedCard, TrickResult

__all__ = ["resolve_by_rule"]

_JOKER: Final = Rank.JOKER


def _card_name(plays: Sequence[PlayedCard], i: int) -> str:
    return f"{plays[i].card} (seat {plays[i].seat})"


def resolve_by_rule(
    plays: Sequence[PlayedCard],
    trump: Suit | None,
    follow: FollowRule,
    *,
    trump_card: Card | None,
    last_trick: bool,
    explain: bool,
) -> TrickResult:
    """Resolve a complete trick under the follow rule ``follow`` (its Joker style and bowers)."""
    jokers = follow.jokers
    if not jokers.in_deck and not follow.bowers and not explain:
        return plain_tricks.resolve_suited(tuple(plays), trump, trump_card, last_trick)
    effects: list[Effect] = []
    suit, suit_set = follow.led_suit(plays, trump)
    jokers_trump = jokers.own_suit and trump_card is not None and trump_card.rank is _JOKER
    if explain:
        if jokers_trump:
            effects.append(
                Effect("trump", "a Joker was turned up: the other Joker is the only trump")
            )
        else:
            effects.append(Effect("trump", f"trump is {trump if trump is not None else 'none'}"))
        if suit_set and plays[0].card.suit is None and not jokers.own_suit:
            effects.append(Effect("joker", f"a Joker was led: the first suited card sets {suit}"))
    bowers = follow.bowers
    values = tuple([plain_tricks.half_strength(p.card, trump, bowers) for p in plays])
    outright = jokers.winning_joker(plays)
    winner: int | None
    if outright is not None:
        winner, reason = outright
    else:
        levels: list[int] = []
        for played in plays:
            card = played.card
            card_suit = follow.suit_of(card, trump)
            if card.rank is _JOKER:
                # Losers and low Jokers never win; own-suit Jokers rank as
                # trumps when one was turned up, else as the led suit they set.
                if not jokers.own_suit:
                    levels.append(0)
                else:
                    levels.append(2 if jokers_trump else (1 if suit is None else 0))
            else:
                # A turned-up Joker leaves the suited cards without a trump.
                levels.append(
                    plain_tricks.plain_level(card_suit, None if jokers_trump else trump, suit)
                )
        winner = plain_tricks.best_card(levels, values)
        reason = (
            ""
            if winner is None
            else {2: "the highest trump", 1: "the highest card of the led suit"}[levels[winner]]
        )
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
    return make_result(
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
