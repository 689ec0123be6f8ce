"""Plain Oh Hell's trick rules, each stated once: which cards may be played,
and which card wins.

- The follow rule: :func:`plain_plays` (a player holding cards of the led
  suit plays one of them; a player holding none plays anything). The
  engine's path for plain Oh Hell lists plays with it, and the full follow
  rule of the family
  (:class:`~counter_rules.rulesets.parts.follow.FollowRule`, with Jokers,
  must-trump and unbroken trumps) starts from it.
- The suit a card follows: :func:`suits_by_key` and :func:`effective_suit`
  (its printed suit, but for Jack Marrows' left bower, which belongs to the
  trump suit).
- The winner: :func:`plain_level` (a trump ranks above the led suit, which
  ranks above the rest) and :func:`best_card` (the highest level, then the
  highest card; of two identical cards the one played first). The engine's
  path for tricks of suited cards (:func:`resolve_suited`) and the full
  resolution with Jokers and bowers
  (:func:`~counter_rules.rulesets.oh_hell_tricks.resolve_by_rule`) both reach
  them.

Ace high (2 < 3 < ... < K < A; :func:`strength`). The compiled build compiles
this module with mypyc.

Example:
    >>> from counter_rules import PlayedCard, cards, standard_deck
    >>> from counter_rules.moves import seat_plays
    >>> from counter_rules.rulesets.plain_tricks import plain_plays
    >>> table = seat_plays(4, standard_deck())[1]
    >>> spade_led, club_led = ((PlayedCard(0, c),) for c in cards("AS AC"))
    >>> [str(p) for p in plain_plays(table, cards("2H 9S KS"), spade_led)]
    ['P1:9♠', 'P1:K♠']
    >>> [str(p) for p in plain_plays(table, cards("2H 9S KS"), club_led)]
    ['P1:2♥', 'P1:9♠', 'P1:K♠']
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Final

from counter_rules.cards import (
    KEY_COUNT,
    RANK_OF_KEY,
    SUIT_OF_KEY,
    Card,
    Rank,
    Suit,
    intern_card,
    standard_deck,
)
from counter_rules.fast_values import make_result, not_in_deck, plays_of
from counter_rules.moves import Play, PlayTable
from counter_rules.play_rules import AskedRules, PlayRules
from counter_rules.position import Position
from counter_rules.trick import PlayedCard, TrickResult

__all__ = [
    "SAME_COLOUR",
    "PlainPlayRules",
    "best_card",
    "effective_suit",
    "half_strength",
    "plain_level",
    "plain_plays",
    "resolve_suited",
    "strength",
    "suited_winner",
    "suits_by_key",
]

_ACE: Final = Rank.ACE
_JOKER: Final = Rank.JOKER
_JACK: Final = Rank.JACK
_SUIT_OF: Final[tuple[Suit | None, ...]] = SUIT_OF_KEY
_RANK_OF: Final[tuple[Rank | None, ...]] = RANK_OF_KEY
# The strengths of the bowers, above the Ace (14) and the Joker (15).
_RIGHT_BOWER: Final = 17
_LEFT_BOWER: Final = 16

SAME_COLOUR: Final[tuple[Suit, ...]] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
"""Each suit's partner of the same colour, by the suit's index (the left
bower's suit for a trump): clubs and spades, diamonds and hearts."""


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


# -- the follow rule ------------------------------------------------------------
def _suits_under_bowers(trump: Suit) -> tuple[Suit | None, ...]:
    """Every card's suit by key when ``trump`` is trump under Jack Marrows'
    bowers: the jack of the trump suit's colour partner (the left bower) is a
    trump; every other card keeps its printed suit."""
    partner = SAME_COLOUR[trump.value]
    return tuple(
        [
            trump if suit is partner and rank is _JACK else suit
            for suit, rank in zip(_SUIT_OF, _RANK_OF, strict=True)
        ]
    )


_BOWER_SUITS: Final[tuple[tuple[Suit | None, ...], ...]] = tuple(
    [_suits_under_bowers(suit) for suit in Suit]
)


def suits_by_key(trump: Suit | None, bowers: bool) -> tuple[Suit | None, ...]:
    """The suit every card belongs to for following and winning, by card key
    (``None``: the Jokers): its printed suit, except that under ``bowers`` the
    left bower belongs to ``trump``."""
    if bowers and trump is not None:
        return _BOWER_SUITS[trump.value]
    return _SUIT_OF


def effective_suit(card: Card, trump: Suit | None, bowers: bool) -> Suit | None:
    """The suit ``card`` belongs to for following and winning (``None``: the
    Jokers), by :func:`suits_by_key`."""
    return suits_by_key(trump, bowers)[card._key]


def plain_plays(
    table: PlayTable,
    hand: tuple[Card, ...],
    trick: tuple[PlayedCard, ...],
    trump: Suit | None = None,
    bowers: bool = False,
) -> tuple[Play, ...]:
    """The follow rule: the plays a player holding ``hand`` may choose from
    when ``trick`` has been played so far. Any card to lead; else those of
    the cards that follow the suit of the trick's first card (by
    :func:`effective_suit`, under ``trump`` and ``bowers``) when the hand
    holds any; else every card.

    The plays are the seat's shared plays of ``table`` (by card key). Jokers
    never follow a suit here; the Joker styles and the other options of the
    family add their own rules on top
    (:class:`~counter_rules.rulesets.parts.follow.FollowRule`, which passes
    the trick from the card that sets the suit).

    Raises:
        InvalidArgumentError: A held card is not in ``table`` (only a state
            built by hand can hold one).
    """
    if trick:
        suit_of = suits_by_key(trump, True) if bowers else _SUIT_OF
        led = suit_of[trick[0].card._key]
        following: list[Play] = []
        for card in hand:
            key = card._key
            if suit_of[key] is led:
                play = table[key]
                if play is None:
                    raise not_in_deck(card)
                following.append(play)
        if following:
            return tuple(following)
    return tuple(plays_of(table, hand))


# -- the winner -----------------------------------------------------------------
def plain_level(card_suit: Suit | None, trump: Suit | None, led: Suit | None) -> int:
    """How a card of ``card_suit`` ranks in a plain trick: 2 for a trump, 1 for
    the led suit, 0 for a card that cannot win (the Joker styles decide their
    own cards' levels)."""
    if trump is not None and card_suit is trump:
        return 2
    return 1 if card_suit is led else 0


def best_card(levels: list[int], values: Sequence[int]) -> int | None:
    """The index of the winning card: the highest level, then the highest
    value; of two equal cards the first played ranks higher. ``None`` when no
    card can win (every level is 0)."""
    winner: int | None = None
    for i in range(len(levels)):
        level = levels[i]
        if level and (
            winner is None
            or level > levels[winner]
            or (level == levels[winner] and values[i] > values[winner])
        ):
            winner = i
    return winner


def half_strength(card: Card, trump: Suit | None, bowers: bool) -> int:
    """Twice the card's strength in a trick with this trump: under ``bowers``
    the jack of trumps (the right bower) ranks above every card and the left
    bower next."""
    if bowers and trump is not None and _RANK_OF[card._key] is _JACK:
        if _SUIT_OF[card._key] is trump:
            return 2 * _RIGHT_BOWER
        if effective_suit(card, trump, True) is trump:
            return 2 * _LEFT_BOWER
    return _HALF_STRENGTH[card._key]


def resolve_suited(
    plays: tuple[PlayedCard, ...], trump: Suit | None, trump_card: Card | None, last_trick: bool
) -> TrickResult:
    """A trick of suited cards only (no Jokers, no bowers), without explanations:
    the engine's path for plain Oh Hell, by :func:`plain_level` and :func:`best_card`."""
    levels, values, led = _levels_and_values(plays, trump)
    # The led card always ranks (level 1 or 2), so a suited trick has a winner.
    winner: int = best_card(levels, values)  # type: ignore[assignment]
    seat = plays[winner].seat
    return make_result(
        plays, seat, winner, tuple(values), trump, led, seat, trump, False, False, (), (),
        trump, False, last_trick, trump_card,
    )  # fmt: skip


def suited_winner(plays: tuple[PlayedCard, ...], trump: Suit | None) -> int:
    """The index of the card that wins a trick of suited cards only: the winner
    :func:`resolve_suited` gives, without building the result."""
    levels, values, _ = _levels_and_values(plays, trump)
    winner: int = best_card(levels, values)  # type: ignore[assignment]  # always one
    return winner


def _levels_and_values(
    plays: tuple[PlayedCard, ...], trump: Suit | None
) -> tuple[list[int], list[int], Suit | None]:
    """Each card's :func:`plain_level` and value in half points, and the led suit."""
    half = _HALF_STRENGTH
    suit_of = _SUIT_OF
    # The led suit comes from the first card's key, read in the loop: reading
    # a card's field is a generic attribute lookup in compiled code.
    led: Suit | None = None
    values: list[int] = []
    levels: list[int] = []
    for played in plays:
        key = played.card._key
        suit = suit_of[key]
        if not values:
            led = suit
        values.append(half[key])
        levels.append(plain_level(suit, trump, led))
    return levels, values, led


class PlainPlayRules(PlayRules):
    """Plain Oh Hell's play for the engine and the search board: the plays by
    :func:`plain_plays` and tricks of suited cards by :func:`resolve_suited`,
    each while the ruleset's rules are plain (the ``plays`` and ``tricks``
    arguments of :class:`~counter_rules.play_rules.PlayRules`); otherwise the
    ruleset's method is asked. Plain tricks are cheap to resolve and quiet
    (:func:`resolve_suited` keeps trump and neither passes, doubles nor moves
    Jacks).

    The overrides repeat the base class's signatures, as overrides must; each
    is a call on the engine's hot path, so none goes through another method.
    """

    # Alike on purpose: the signature of PlayRules.__init__, which each subclass
    # that sets what its compiled statement allows repeats.
    def __init__(
        self,
        rules: AskedRules,
        context: Callable[[Position], Hashable] | None = None,
        plays: bool = False,
        tricks: bool = False,
    ) -> None:
        super().__init__(rules, context, plays, tricks)
        self.cheap = tricks
        self.quiet_tricks = tricks

    # Alike on purpose: the overrides repeat the signatures of PlayRules.plays_from,
    # resolve and winner.
    def plays_from(
        self,
        hand: tuple[Card, ...],
        trick: tuple[PlayedCard, ...],
        trump: Suit | None,
        seat: int,
    ) -> tuple[Play, ...] | None:
        """By :func:`plain_plays` (which reads the hand and the led card)."""
        if not self.local:
            return None
        return plain_plays(self.tables[seat], hand, trick)

    # Alike on purpose: resolve and winner repeat PlayRules's signatures.
    def resolve(
        self,
        trick: tuple[PlayedCard, ...],
        trump: Suit | None,
        doubled_lead: bool,
        last_trick: bool,
        trump_card: Card | None,
    ) -> TrickResult:
        """By :func:`resolve_suited`."""
        if not self.fast_tricks:
            return PlayRules.resolve(self, trick, trump, doubled_lead, last_trick, trump_card)
        return resolve_suited(trick, trump, trump_card, last_trick)

    def winner(
        self,
        trick: tuple[PlayedCard, ...],
        trump: Suit | None,
        doubled_lead: bool,
        last_trick: bool,
        trump_card: Card | None,
    ) -> int | None:
        """By :func:`suited_winner`, without building the trick's result."""
        if not self.fast_tricks:
            return super().winner(trick, trump, doubled_lead, last_trick, trump_card)
        return trick[suited_winner(trick, trump)].seat
