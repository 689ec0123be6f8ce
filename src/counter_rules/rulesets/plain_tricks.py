"""Plain trick play of the Oh Hell family: the winner of a trick.

Ace high (2 < 3 < ... < K < A). The highest trump wins, else the highest card
of the led suit; of two identical cards (two decks) the one played first
ranks higher. Which card may be played is the follow rule's business
(:mod:`counter_rules.rulesets.parts.follow`); the Joker styles
(:mod:`counter_rules.rulesets.parts.jokers`) and Jack Marrows' bowers change
who wins:

- ``"loser"``: a Joker never wins.
- ``"high"``: the first Joker played wins.
- ``"brader"``: the Jokers are a suit of their own; a led Joker wins unless
  trumped (the first of two led Jokers wins); a turned-up Joker makes the other
  Joker the only trump.
- ``"atkinson"``: a Joker called high wins, one called low loses.
- bowers: the jack of trumps is the highest trump, the other jack of its
  colour the second highest.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from counter_rules.cards import KEY_COUNT, Card, Rank, Suit, intern_card, standard_deck
from counter_rules.rulesets._quick import SUIT_OF, make_result
from counter_rules.rulesets.parts.follow import FollowRule
from counter_rules.rulesets.parts.jokers import JOKER_STYLES as _STYLES
from counter_rules.trick import Effect, PlayedCard, TrickResult

__all__ = ["JOKER_STYLES", "led_suit", "resolve_by_rule", "resolve_plain", "strength"]

JOKER_STYLES = tuple(_STYLES)
"""The Joker styles :class:`~counter_rules.OhHell` accepts."""

_ACE: Final = Rank.ACE
_JOKER: Final = Rank.JOKER
_JACK: Final = Rank.JACK
# The strengths of the bowers, above the Ace (14) and the Joker (15).
_RIGHT_BOWER: Final = 17
_LEFT_BOWER: Final = 16


def strength(card: Card) -> int:
    """Trick-taking strength within a suit: Ace high (14), Joker 15."""
    rank = card.rank
    if rank is _ACE:
        return 14
    return int(rank) + 1 if rank is _JOKER else int(rank)


# Twice each card's strength, by card key (the half-point values of a trick),
# filled for every card of one or two decks and the Jokers.
_HALF_STRENGTH: Final[list[int]] = [0] * KEY_COUNT
_JOKERS: Final = (intern_card(Card(_JOKER, None, 0)), intern_card(Card(_JOKER, None, 1)))
for _card in (*standard_deck(0), *standard_deck(1), *_JOKERS):
    _HALF_STRENGTH[_card._key] = 2 * strength(_card)

_PLAIN_RULES: Final = {name: FollowRule(jokers=style) for name, style in _STYLES.items()}


def led_suit(plays: Sequence[PlayedCard], jokers: str) -> tuple[Suit | None, bool]:
    """The suit to follow and whether it was set (``False`` after Jokers only),
    under the Joker style named ``jokers`` (see
    :meth:`~counter_rules.rulesets.parts.follow.FollowRule.led_suit`)."""
    return _PLAIN_RULES[jokers].led_suit(plays, None)


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
    return make_result(
        plays, seat, winner, tuple(values), trump, suit, seat, trump, False, False, (), (),
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
    """Resolve a complete trick by plain Oh Hell rules with the Joker style named ``jokers``."""
    return resolve_by_rule(
        plays,
        trump,
        _PLAIN_RULES[jokers],
        trump_card=trump_card,
        last_trick=last_trick,
        explain=explain,
    )


def _half_strength(follow: FollowRule, card: Card, trump: Suit | None) -> int:
    """Twice the card's strength in a trick with this trump (the bowers above the Ace)."""
    if follow.bowers and card.rank is _JACK and trump is not None:
        if card.suit is trump:
            return 2 * _RIGHT_BOWER
        if follow.suit_of(card, trump) is trump:
            return 2 * _LEFT_BOWER
    return _HALF_STRENGTH[card._key]


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
        return _resolve_simple(tuple(plays), trump, trump_card, last_trick)
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
    values = tuple([_half_strength(follow, p.card, trump) for p in plays])
    winner: int | None = None
    reason = ""
    outright = jokers.winning_joker(plays)
    if outright is not None:
        winner, reason = outright
    else:
        best = -1
        best_rank = 0
        for i, played in enumerate(plays):
            card = played.card
            card_suit = follow.suit_of(card, trump)
            if card.rank is _JOKER:
                if not jokers.own_suit:
                    continue  # losers and low Jokers never win
                level = 2 if jokers_trump else (1 if suit is None else 0)
            elif jokers_trump:
                level = 1 if card_suit is suit else 0
            elif trump is not None and card_suit is trump:
                level = 2
            else:
                level = 1 if card_suit is suit else 0
            if not level:
                continue
            value = values[i]
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
