"""The follow rule of the Oh Hell family: which card a player may play to a trick.

One decider, :meth:`FollowRule.why_illegal`, returns the reason a play breaks
the rule, or ``None`` when the play is legal; :meth:`FollowRule.plays` lists
exactly the plays it accepts, and :meth:`FollowRule.voids_shown` says which
suits a play proves its player does not hold.

The plain rule: a player follows the led suit if able, else plays any card;
trumps may be led at any time. Options of the seeds change it:

- ``must_trump`` (La Podrida, Romanian Whist): a player who cannot follow must
  play a trump if able.
- ``trumps_broken``: trumps may not be led before one has been played to an
  earlier trick of the hand, unless the leader holds nothing else.
- ``bowers`` (Jack Marrows): the jack of trumps ranks highest and the other
  jack of the same colour next; that jack belongs to the trump suit for
  following and winning.
- the Joker style (:mod:`~counter_rules.rulesets.parts.jokers`).

Example:
    >>> from counter_rules import Suit, cards
    >>> from counter_rules.rulesets.parts.follow import FollowRule
    >>> from counter_rules.rulesets.parts.jokers import JOKER_STYLES
    >>> rule = FollowRule(jokers=JOKER_STYLES["none"], bowers=True)
    >>> str(rule.suit_of(cards("JD")[0], Suit.HEARTS))  # the left bower is a heart
    '♥'
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from types import MappingProxyType
from typing import NamedTuple

import attrs

from counter_rules.cards import Card, Rank, Suit
from counter_rules.fast_values import plays_of
from counter_rules.moves import Play, PlayTable, any_plays, call_play
from counter_rules.position import Position
from counter_rules.rulesets import plain_tricks
from counter_rules.rulesets.parts.jokers import JokerStyle
from counter_rules.trick import PlayedCard

__all__ = ["SAME_COLOUR", "FollowRule", "PlayContext"]

_JOKER = Rank.JOKER
_JACK = Rank.JACK
_UNEXPLAINED = "illegal"

SAME_COLOUR: Mapping[Suit, Suit] = MappingProxyType(
    {suit: plain_tricks.SAME_COLOUR[suit.value] for suit in Suit}
)
"""Each suit's partner of the same colour (the left bower's suit for a trump)."""


@attrs.frozen(kw_only=True)
class PlayContext:
    """What the follow rule reads of a state besides the hand and the trick."""

    trump: Suit | None
    """The trump suit of the hand (``None``: no trump)."""
    trumps_played: int = 0
    """How many trumps were played to earlier tricks of the hand."""
    first_trick: bool = False
    """Whether the trick is the first of the hand."""
    earlier_call: str | None = None
    """The call of the first Joker played this hand, if any."""


class _Position(NamedTuple):
    """What the decider reads of one hand and trick (internal; a named tuple
    because one is built for every listing of plays)."""

    context: PlayContext
    leading: bool
    suited: bool
    led: Suit | None
    suit_set: bool
    follow: tuple[Card, ...]
    trumps: tuple[Card, ...]
    trumps_closed: bool


@attrs.frozen(kw_only=True)
class FollowRule:
    """Following suit, with the seeds' options."""

    jokers: JokerStyle
    """How Jokers are played."""
    must_trump: bool = False
    """A player who cannot follow must trump if able."""
    trumps_broken: bool = False
    """Trumps may not be led until one has been played to an earlier trick of the hand."""
    bowers: bool = False
    """The jack of the trump suit's colour partner is a trump (Jack Marrows)."""

    # -- suits -----------------------------------------------------------------
    def suit_of(self, card: Card, trump: Suit | None) -> Suit | None:
        """The suit ``card`` belongs to for following and winning (``None``: the
        Jokers; see :func:`~counter_rules.rulesets.plain_tricks.effective_suit`)."""
        return plain_tricks.effective_suit(card, trump, self.bowers)

    def led_suit(self, plays: Sequence[PlayedCard], trump: Suit | None) -> tuple[Suit | None, bool]:
        """The suit to follow and whether one is set (``False`` after Jokers only).

        A led Joker of a suit of its own asks for Jokers (``(None, True)``);
        otherwise a led Joker sets no suit and the first suited card does.
        """
        setter = self._suit_setter(plays)
        if setter is None:
            return None, False
        return self.suit_of(plays[setter].card, trump), True

    def _suit_setter(self, plays: Sequence[PlayedCard]) -> int | None:
        """The index of the card that sets the suit to follow: the first card,
        unless Jokers without a suit of their own lead (then the first suited
        card); ``None`` after such Jokers only."""
        for i, played in enumerate(plays):
            if played.card.rank is not _JOKER or self.jokers.own_suit:
                return i
        return None

    def context(self, state: Position, hand: Sequence[Card]) -> PlayContext:
        """What this rule reads of ``state`` besides ``hand`` and the trick (the
        trumps played and the first Joker's call only where they matter)."""
        earlier_call = None
        if self.jokers.called and any(c.rank is _JOKER for c in hand):
            earlier_call = self._first_call(state)
        return PlayContext(
            trump=state.trump,
            trumps_played=self._trumps_played(state),
            first_trick=not state.tricks,
            earlier_call=earlier_call,
        )

    def context_key(self, state: Position) -> Hashable:
        """What this rule reads of ``state`` besides the hands and the trick,
        as a key for the solver's tables (``None`` when it reads nothing
        more): the trumps played to earlier tricks (when trumps must be
        broken), whether the trick is the hand's first (when Jokers may not
        be played to it) and the first Joker's call (when Jokers are called)."""
        parts: list[object] = []
        if self.trumps_broken:
            parts.append(self._trumps_played(state))
        if self.jokers.lead_only_from_jokers:
            parts.append(not state.tricks)
        if self.jokers.called:
            parts.append(self._first_call(state))
        return tuple(parts) if parts else None

    def _trumps_played(self, state: Position) -> int:
        trump = state.trump
        if not self.trumps_broken or trump is None:
            return 0
        return sum(1 for t in state.tricks for p in t.plays if self.suit_of(p.card, trump) is trump)

    @staticmethod
    def _first_call(state: Position) -> str | None:
        plays = [*(p for t in state.tricks for p in t.plays), *state.trick]
        return next((p.call for p in plays if p.call is not None), None)

    # -- the decider -----------------------------------------------------------
    def why_illegal(
        self,
        hand: Sequence[Card],
        trick: Sequence[PlayedCard],
        card: Card,
        call: str | None,
        seat: int,
        context: PlayContext,
    ) -> str | None:
        """Why playing ``card`` (held in ``hand``) with ``call`` breaks the rule, or ``None``."""
        position = self._position(hand, trick, context, any_plays(seat))
        return self._why_illegal_at(position, card, call, seat)

    def _position(
        self,
        hand: Sequence[Card],
        trick: Sequence[PlayedCard],
        context: PlayContext,
        table: PlayTable,
    ) -> _Position:
        """What the decider reads of the hand and the trick, worked out once per position."""
        trump = context.trump
        led, is_set = self.led_suit(trick, trump) if trick else (None, False)
        follow: tuple[Card, ...] = ()
        if is_set:
            held = tuple(hand)
            setter = self._suit_setter(trick) or 0
            allowed = plain_tricks.plain_plays(
                table, held, tuple(trick[setter:]), trump, self.bowers
            )
            # Fewer plays than cards: the hand can follow, and must.
            if len(allowed) < len(held):
                follow = tuple(play.card for play in allowed)
        trumps: tuple[Card, ...] = ()
        if self.must_trump and trump is not None and is_set and not follow:
            trumps = tuple(c for c in hand if self.suit_of(c, trump) is trump)
        trumps_closed = (
            not trick
            and self.trumps_broken
            and trump is not None
            and not context.trumps_played
            and any(self._leads_instead_of_trump(c, trump) for c in hand)
        )
        return _Position(
            context=context,
            leading=not trick,
            suited=self.jokers.lead_only_from_jokers and any(c.rank is not _JOKER for c in hand),
            led=led,
            suit_set=is_set,
            follow=follow,
            trumps=trumps,
            trumps_closed=trumps_closed,
        )

    def _why_illegal_at(
        self, position: _Position, card: Card, call: str | None, seat: int, explain: bool = True
    ) -> str | None:
        """The decider at a position; ``explain=False`` skips writing out the
        cards a reason names (a listing needs only whether there is one)."""
        if card.rank is _JOKER or call is not None:
            reason = self._why_illegal_joker_or_call(position, card, call)
            if reason is not None or (card.rank is _JOKER and self.jokers.called):
                return reason
        trump = position.context.trump
        suit = self.suit_of(card, trump) if self.bowers else card.suit
        if position.leading:
            if position.trumps_closed and suit is trump:
                return f"trumps ({trump}) may not be led before they are broken"
            return None
        if not position.suit_set or suit is position.led:
            return None
        if card.rank is _JOKER and self.jokers.any_time:
            return None
        led = position.led
        if position.follow:
            if not explain:
                return _UNEXPLAINED
            held = " ".join(str(c) for c in position.follow)
            return f"seat {seat} must follow {'the Jokers' if led is None else led}: holds {held}"
        if position.trumps and suit is not trump:
            if not explain:
                return _UNEXPLAINED
            held = " ".join(str(c) for c in position.trumps)
            return f"seat {seat} cannot follow {led} and must trump: holds {held}"
        return None

    def _why_illegal_joker_or_call(
        self, position: _Position, card: Card, call: str | None
    ) -> str | None:
        """The rules on calls and on when a Joker may come out (a called Joker
        is decided here entirely)."""
        jokers = self.jokers
        context = position.context
        is_joker = card.rank is _JOKER
        if call is not None and not (jokers.called and is_joker):
            got = f"got {card} called {call!r}"
            if jokers.called:
                return f"only a Joker takes a call: {got}"
            if not jokers.in_deck:
                return f"only a Joker takes a call, and this ruleset plays without Jokers: {got}"
            return (
                f'only a Joker under jokers="atkinson" takes a call, and this ruleset '
                f'plays jokers="{jokers.name}": {got}'
            )
        if is_joker and jokers.lead_only_from_jokers and position.suited:
            if context.first_trick:
                return "a Joker may not be played to the first trick"
            if position.leading:
                return "a Joker may not be led while other cards are held"
        if is_joker and jokers.called:
            allowed = jokers.calls_allowed(context.earlier_call)
            if call in allowed:
                return None
            if context.earlier_call is None:
                return 'the first Joker of a deal must be called "high" or "low"'
            return f'the second Joker of a deal is called "{allowed[0]}", the opposite of the first'
        return None

    def _leads_instead_of_trump(self, card: Card, trump: Suit) -> bool:
        """Whether ``card`` may be led while trumps are unbroken."""
        if card.rank is _JOKER:
            return not self.jokers.lead_only_from_jokers
        return self.suit_of(card, trump) is not trump

    def plays(
        self,
        hand: Sequence[Card],
        trick: Sequence[PlayedCard],
        seat: int,
        context: PlayContext,
        table: PlayTable,
    ) -> tuple[Play, ...]:
        """Every play :meth:`why_illegal` accepts, in hand order (a called Joker
        high before low), as the shared plays of ``table`` (the seat's plays of
        the ruleset's deck).

        Raises:
            InvalidArgumentError: A held card is not in ``table`` (only a state
                built by hand can hold one).
        """
        position = self._position(hand, trick, context, table)
        why = self._why_illegal_at
        called = self.jokers.called
        moves: list[Play] = []
        for card in hand:
            if called and card.rank is _JOKER:
                moves.extend(
                    call_play(seat, card, call)
                    for call in self.jokers.calls_allowed(context.earlier_call)
                    if why(position, card, call, seat, False) is None
                )
            elif why(position, card, None, seat, False) is None:
                play = table[card._key]
                moves.append(play if play is not None else plays_of(table, (card,))[0])
        return tuple(moves)

    # -- what a play shows -----------------------------------------------------
    # Alike on purpose: Information.voids_shown's signature, and the deck's suits.
    def voids_shown(
        self,
        before: Sequence[PlayedCard],
        played: PlayedCard,
        trump: Suit | None,
        trumps_played: int,
        suits: Sequence[Suit | None],
    ) -> tuple[Suit | None, ...]:
        """The suits (of ``suits``, the deck's) of which the player of ``played``
        holds no card that counts toward a void (see :meth:`counts_toward_void`)."""
        card = played.card
        is_joker = card.rank is _JOKER
        jokers = self.jokers
        if not before:
            if is_joker and jokers.lead_only_from_jokers:
                return tuple(s for s in suits if s is not None)
            # Under bowers a caller may count trumps by printed suit and miss
            # an earlier left bower: the lead then shows nothing for certain.
            if (
                self.trumps_broken
                and not self.bowers
                and trump is not None
                and not trumps_played
                and not is_joker
                and card.suit is trump
            ):
                return tuple(
                    s
                    for s in suits
                    if s is not trump and not (s is None and jokers.lead_only_from_jokers)
                )
            return ()
        if is_joker and jokers.any_time:
            return ()
        led, is_set = self.led_suit(before, trump)
        suit = self.suit_of(card, trump)
        if not is_set or suit is led:
            return ()
        if self.must_trump and trump is not None and suit is not trump and led is not trump:
            return (led, trump)
        return (led,)

    def counts_toward_void(self, card: Card, suit: Suit | None, trump: Suit | None) -> bool:
        """Whether holding ``card`` contradicts a void in ``suit`` when ``trump``
        is the hand's trump: whether ``card`` belongs to ``suit`` for following
        (:meth:`suit_of`; under :attr:`bowers` the left bower belongs to trump)."""
        return self.suit_of(card, trump) is suit
