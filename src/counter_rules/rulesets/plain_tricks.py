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
from counter_rules.rulesets._shortcuts import SUIT_OF, make_result
from counter_rules.rulesets.parts.follow import FollowRule
from counter_rules.rulesets.parts.jokers import JOKER_STYLES as _STYLES
from counter_rules.trick import Effect, PlayedCard, TrickResult

__all__ = [
    "JOKER_STYLES",
    "best_card",
    "led_suit",
    "plain_level",
    "resolve_by_rule",
    "resolve_plain",
    "resolve_suited",
    "strength",
]

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


def plain_level(card_suit: Suit | None, trump: Suit | None, led: Suit | None) -> int:
    """How a card of ``card_suit`` ranks in a plain trick: 2 for a trump, 1 for
    the led suit, 0 for a card that cannot win (the Joker styles and bowers
    decide their own cards' levels in :func:`resolve_by_rule`)."""
    if trump is not None and card_suit is trump:
        return 2
    return 1 if card_suit is led else 0


def best_card(levels: list[int], values: Sequence[int]) -> int | None:
    """The index of the winning card: the highest level, then the highest
    value; of two equal cards the first played ranks higher. ``None`` when no
    card can win (every level is 0)."""
    winner: int | None = None
    best_level = 0
    best_value = 0
    for i in range(len(levels)):
        level = levels[i]
        if level and (level > best_level or (level == best_level and values[i] > best_value)):
            winner, best_level, best_value = i, level, values[i]
    return winner


def resolve_suited(
    plays: tuple[PlayedCard, ...], trump: Suit | None, trump_card: Card | None, last_trick: bool
) -> TrickResult:
    """A trick of suited cards only (no Jokers, no bowers), without explanations:
    the engine's path for plain Oh Hell, by the same rule as :func:`resolve_by_rule`."""
    half = _HALF_STRENGTH
    suit_of = SUIT_OF
    led = suit_of[plays[0].card._key]
    values: list[int] = []
    levels: list[int] = []
    for played in plays:
        key = played.card._key
        values.append(half[key])
        levels.append(plain_level(suit_of[key], trump, led))
    # The led card always ranks (level 1 or 2), so a suited trick has a winner.
    winner: int = best_card(levels, values)  # type: ignore[assignment]
    seat = plays[winner].seat
    return make_result(
        plays, seat, winner, tuple(values), trump, led, seat, trump, False, False, (), (),
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
        return resolve_suited(tuple(plays), trump, trump_card, last_trick)
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
    reason = ""
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
            elif jokers_trump:
                levels.append(1 if card_suit is suit else 0)
            else:
                levels.append(plain_level(card_suit, trump, suit))
        winner = best_card(levels, values)
        if winner is not None:
            reason = {2: "the highest trump", 1: "the highest card of the led suit"}[levels[winner]]
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
