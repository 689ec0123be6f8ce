"""Counter: Oh Hell where every rank has a power.

The ruleset composes the card powers of :mod:`counter_rules.effects` into the
trick-resolution pipeline, in the order the rules fix:

1. Fours get their buffs; a led Two makes trumps the led suit; off-suit Tens
   join the led suit at 15; a led King picks the trick's trump; Eights take the
   led suit; Twos and cards of the trick trump are trumps.
2. Values: Ace, Five, Queen, Three, Nine, then the Six's doubled lead.
3. Winner: a surviving victor Four; else, leaving out void Fours and with the
   Sevens choosing lowest or highest, the best trump or the best card of the
   led suit, the earliest of tied cards first; else nobody.
4. After the trick: the Six's lead, the Jacks onto the stock, the Five's pass.

Example:
    >>> from counter_rules import Counter
    >>> Counter(players=3).effective_target, Counter(players=5, target=12).effective_target
    (9, 12)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, cast

import attrs

from counter_rules.cards import Card, Rank, Suit, standard_deck
from counter_rules.effects import (
    ace,
    eight,
    five,
    four,
    jack,
    king,
    nine,
    queen,
    seven,
    six,
    ten,
    three,
    two,
)
from counter_rules.effects.base import VOID, TrickWork, fmt_half
from counter_rules.errors import InvalidArgumentError
from counter_rules.moves import Play, PlayTable, seat_plays
from counter_rules.rulesets._quick import (
    BIDS_FREE,
    BIDS_HOOK,
    QUICK_COUNTER,
    QUICK_NONE,
    best_of,
    counter_plays,
    resolve_counter,
    turn_bids,
)
from counter_rules.rulesets._validate import check_bool, check_int
from counter_rules.rulesets.base import Ruleset
from counter_rules.scoring import counter as counter_scoring
from counter_rules.trick import PlayedCard, TrickResult

if TYPE_CHECKING:
    from counter_rules.state import GameState, HandResult

__all__ = ["DEFAULT_TARGETS", "Counter"]

DEFAULT_TARGETS = {3: 9, 4: 8, 5: 7}
"""The recommended target score for 3, 4 and 5 players."""

_HAND_SIZE = 10
_DECK = standard_deck()

_Step = Callable[[TrickWork], None]
# (rank whose presence in the trick can make the step matter, step); None: always run.
_PIPELINE: tuple[tuple[Rank | None, _Step], ...] = (
    (Rank.FOUR, four.apply),
    (Rank.TWO, two.apply),
    (Rank.TEN, ten.apply),
    (Rank.KING, king.apply),
    (Rank.EIGHT, eight.apply),
    (None, two.mark_trumps),
    (Rank.ACE, ace.apply),
    (Rank.FIVE, five.apply),
    (Rank.QUEEN, queen.apply),
    (Rank.THREE, three.apply),
    (Rank.NINE, nine.apply),
    (None, six.double_lead),
)
_AFTER: tuple[tuple[Rank | None, _Step], ...] = (
    (Rank.SIX, six.after_trick),
    (Rank.JACK, jack.after_trick),
    (Rank.FIVE, five.after_trick),
)

# Enum members bound once: attribute access on an Enum class is slow.
_FOUR = Rank.FOUR
_TWO = Rank.TWO


def _pick_winner(work: TrickWork) -> None:
    victor = four.victor_index(work)
    if victor is not None:
        work.winner_index = victor
        work.next_leader = work.seats[victor]
        return
    seven.apply(work)
    buffs = work.buffs
    candidates = [i for i in range(work.n) if buffs[i] != VOID]
    pool = [i for i in candidates if work.is_trump[i]]
    kind = "trump"
    if not pool:
        led = work.led_suit
        pool = [i for i in candidates if work.suits[i] is led]
        kind = f"card of the led suit {led}"
    if not pool:
        if work.explain:
            work.note(
                "no-winner",
                f"no card can win: nobody takes the trick and seat {work.seats[0]} leads again",
            )
        return
    half = work.half
    best = best_of(pool, half, work.lowest_wins)
    work.winner_index = best
    work.next_leader = work.seats[best]
    if work.explain:
        which = "lowest" if work.lowest_wins else "highest"
        tied = sum(1 for i in pool if half[i] == half[best])
        tie = " (the earliest of the tied cards)" if tied > 1 else ""
        work.note(
            "winner",
            f"{work.label(best)} wins: the {which} {kind}, worth {fmt_half(half[best])}{tie}",
            None,
            best,
        )


@attrs.frozen
class Counter(Ruleset):
    """The rules of Counter (3-5 players, 10 cards each, every rank has a power).

    Args:
        players: 3, 4 or 5.
        target: The score that ends the game; ``None`` means the recommended
            9, 8 or 7 for 3, 4 or 5 players.
        hook: If true, the last bidder may not make the bids total 10 (off by
            default: the rules put no limit on the total).

    Raises:
        InvalidArgumentError: An option is out of range; the message names it.

    Example:
        >>> from counter_rules import Counter
        >>> Counter(players=6)
        Traceback (most recent call last):
        ...
        counter_rules.errors.InvalidArgumentError: Counter.players must be 3, 4 or 5, got 6
    """

    players: int = 4
    """The number of seats, 3..5."""
    target: int | None = None
    """The score that ends the game, or ``None`` for the recommended one."""
    hook: bool = False
    """Whether the last bidder may not make the bids total the tricks."""
    _plays: tuple[PlayTable, ...] = attrs.field(init=False, repr=False, eq=False, hash=False)
    _seat_counts: tuple[int, ...] = attrs.field(init=False, repr=False, eq=False, hash=False)
    _quick_plays: int = attrs.field(init=False, repr=False, eq=False, hash=False)
    _quick_resolve: int = attrs.field(init=False, repr=False, eq=False, hash=False)
    _quick_bids: int = attrs.field(init=False, repr=False, eq=False, hash=False)

    def __attrs_post_init__(self) -> None:
        check_int("Counter", "players", self.players, 3, 5)
        if self.target is not None:
            check_int("Counter", "target", self.target, 1)
        check_bool("Counter", "hook", self.hook)
        object.__setattr__(self, "_plays", seat_plays(self.players, _DECK))
        object.__setattr__(self, "_seat_counts", (self.players,) * self.players)
        # The engine calls the quick functions directly, unless a subclass
        # overrides the methods they stand in for.
        cls = type(self)
        quick_plays = QUICK_COUNTER if cls.plays_from is Counter.plays_from else QUICK_NONE
        quick_resolve = QUICK_COUNTER if cls.resolve_fast is Counter.resolve_fast else QUICK_NONE
        object.__setattr__(self, "_quick_plays", quick_plays)
        object.__setattr__(self, "_quick_resolve", quick_resolve)
        quick_bids = QUICK_NONE
        if (
            cls.legal_bids is Counter.legal_bids
            and cls.may_bid_blind is Ruleset.may_bid_blind
            and cls.simultaneous_bidding is Ruleset.simultaneous_bidding
        ):
            quick_bids = BIDS_HOOK if self.hook else BIDS_FREE
        object.__setattr__(self, "_quick_bids", quick_bids)

    @property
    def name(self) -> str:
        """``"Counter"``."""
        return "Counter"

    @property
    def effective_target(self) -> int:
        """The target in force, :attr:`target` or else 9/8/7 for 3/4/5 players."""
        return self.target if self.target is not None else DEFAULT_TARGETS[self.players]

    # -- dealing --------------------------------------------------------------
    def deck(self) -> tuple[Card, ...]:
        """The 52 cards, no Jokers."""
        return _DECK

    def hand_size(self, hand_number: int) -> int:
        """Always 10."""
        return _HAND_SIZE

    def trump_for(
        self, hand_number: int, stock: Sequence[Card], seed: int
    ) -> tuple[Suit | None, Card | None]:
        """The top card of the stock is turned face up: its suit is trump."""
        if not stock:
            raise InvalidArgumentError("deal.stock must not be empty: its top card shows trump")
        return stock[0].suit, stock[0]

    # -- bidding --------------------------------------------------------------
    def legal_bids(self, state: GameState, seat: int) -> tuple[int, ...]:
        """0..10 (the cards dealt); with :attr:`hook`, the last bidder may not
        bring the total to 10."""
        return turn_bids(BIDS_HOOK if self.hook else BIDS_FREE, state.cards_dealt, state.bids)

    def why_illegal_bid(self, state: GameState, seat: int, tricks: int, blind: bool) -> str:
        """Explain a bid out of range or against the hook."""
        if blind:
            return "Counter has no blind bids"
        if not 0 <= tricks <= state.cards_dealt:
            return f"a bid must be from 0 to {state.cards_dealt}, got {tricks}"
        total = sum(b for b in state.bids if b is not None)
        return f"the last bidder may not bid {tricks}: the bids would total {total + tricks} tricks"

    # -- playing --------------------------------------------------------------
    def legal_plays(self, state: GameState, seat: int) -> tuple[Play, ...]:
        """Follow the suit to follow (a led Two asks for trumps) unless void or
        holding only its Eight; a Four may be played with or without showing
        another Four."""
        return self.plays_from(state.hands[seat], state.trick, state.trump, seat)

    def plays_from(
        self,
        hand: tuple[Card, ...],
        trick: tuple[PlayedCard, ...],
        trump: Suit | None,
        seat: int,
    ) -> tuple[Play, ...]:
        """:meth:`legal_plays` from the hand, the trick so far and trump alone."""
        return counter_plays(self._plays[seat], hand, trick, trump, seat)

    def why_illegal_play(self, state: GameState, play: Play) -> str:
        """Explain a play of a held card that breaks the follow or Four rules."""
        hand = state.hands[play.seat]
        card = play.card
        if play.reveal is not None:
            if card.rank is not _FOUR:
                return f"only a Four may be played showing another Four, not {card}"
            if play.reveal.rank is not _FOUR or play.reveal == card:
                return f"the card shown with {card} must be another Four, got {play.reveal}"
            if play.reveal not in hand:
                return f"seat {play.seat} does not hold {play.reveal} to show"
        if state.trick:
            led = state.trick[0].card
            follow = two.suit_to_follow(led, state.trump)
            suited = [c for c in hand if c.suit is follow]
            if suited and card.suit is not follow:
                held = " ".join(str(c) for c in suited)
                why = " (a Two was led, so trumps are led)" if led.rank is _TWO else ""
                return f"seat {play.seat} must follow {follow}{why}: holds {held}"
        return "not a legal play now"

    def check_trick(self, plays: Sequence[PlayedCard]) -> None:
        """Reject a trick that cannot happen in Counter (size, seats, cards, reveals)."""
        if len(plays) != self.players:
            raise InvalidArgumentError(
                f"a Counter trick for {self.players} players has {self.players} cards, "
                f"got {len(plays)}"
            )
        leader = plays[0].seat
        seen: set[Card] = set()
        for i, played in enumerate(plays):
            if played.seat != (leader + i) % self.players:
                raise InvalidArgumentError(
                    f"card {i} of the trick should be played by seat "
                    f"{(leader + i) % self.players}, got seat {played.seat}"
                )
            if played.card.is_joker or played.card.copy:
                raise InvalidArgumentError(
                    f"Counter uses one deck without Jokers, got {played.card}"
                )
            if played.card in seen:
                raise InvalidArgumentError(f"card {played.card} is played twice")
            seen.add(played.card)
            reveal = played.reveal
            if reveal is not None and (
                played.card.rank is not _FOUR
                or reveal.rank is not _FOUR
                or reveal == played.card
                or reveal.copy
            ):
                raise InvalidArgumentError(
                    f"only a Four may show another Four, got {played.card} showing {reveal}"
                )
        for played in plays:
            if played.reveal is not None and played.reveal in seen:
                raise InvalidArgumentError(
                    f"{played.reveal} is shown from a hand but also played to the trick"
                )

    def resolve(
        self,
        plays: Sequence[PlayedCard],
        trump: Suit | None,
        *,
        doubled_lead: bool = False,
        last_trick: bool = False,
        explain: bool = True,
        trump_card: Card | None = None,
    ) -> TrickResult:
        """Run Counter's pipeline over a complete trick (see the module docs)."""
        work = TrickWork(
            plays, trump, doubled_lead=doubled_lead, last_trick=last_trick, explain=explain
        )
        if explain:
            work.note("trump", f"trump is {trump if trump is not None else 'none'}")
        present = set(work.ranks)
        for trigger, step in _PIPELINE:
            if trigger is None or trigger in present:
                step(work)
        _pick_winner(work)
        for trigger, step in _AFTER:
            if trigger in present:
                step(work)
        index = work.winner_index
        return TrickResult(
            tuple(plays),
            None if index is None else work.seats[index],
            index,
            tuple(work.half),
            work.trick_trump,
            work.led_suit,
            work.next_leader,
            work.next_trump,
            work.pass_cards,
            work.double_next,
            work.jacks,
            tuple(work.effects),
            trump,
            doubled_lead,
            last_trick,
            trump_card,
        )

    def resolve_fast(
        self,
        plays: tuple[PlayedCard, ...],
        trump: Suit | None,
        doubled_lead: bool,
        last_trick: bool,
        trump_card: Card | None,
    ) -> TrickResult:
        """A trick resolved without the list of effects: the pipeline fused
        into one function. (The engine calls that function directly, unless a
        subclass overrides this method.)"""
        return resolve_counter(plays, trump, doubled_lead, last_trick, trump_card)

    # -- scoring --------------------------------------------------------------
    def score_hand(self, state: GameState) -> tuple[int, ...]:
        """Counter's table for every seat."""
        bids = cast("tuple[int, ...]", state.bids)  # every seat has bid
        return tuple(map(counter_scoring.points, bids, state.tricks_won, self._seat_counts))

    def is_game_over(self, history: Sequence[HandResult]) -> bool:
        """Over once anybody has reached the target."""
        return max(history[-1].scores) >= self.effective_target
