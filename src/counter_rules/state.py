"""The game state: :class:`GameState`, :class:`Phase`, :class:`Deal`, :class:`HandResult`.

A :class:`GameState` is immutable: :func:`counter_rules.apply_move` returns a
new one and never changes the old. States carry no validators (they would run
on every move); input is validated where it enters (:class:`Deal`,
:func:`counter_rules.new_game`, the rulesets), and whole-state invariants are
checked by the property tests.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from counter_rules._fields import FrozenFields
from counter_rules.cards import Card, Suit
from counter_rules.checks import shown
from counter_rules.errors import InvalidArgumentError
from counter_rules.rulesets.base import Ruleset
from counter_rules.trick import PlayedCard, TrickResult

__all__ = ["Deal", "GameState", "HandResult", "Phase"]


class Phase(enum.Enum):
    """What the game is waiting for."""

    BIDDING = "bidding"
    """Players bid, one after another from the dealer's left (or all at once)."""
    PLAYING = "playing"
    """Players play cards to the current trick."""
    PASSING = "passing"
    """Every player passes one card to the left, all at once (Counter's Five)."""
    GAME_OVER = "game over"
    """The game has ended; :attr:`GameState.winners` is known."""

    def __str__(self) -> str:
        return self.value


_GAME_OVER = Phase.GAME_OVER


def _card_tuple(value: Iterable[Card | str]) -> tuple[Card, ...]:
    if isinstance(value, str):
        value = value.split()
    elif not isinstance(value, Iterable) or isinstance(value, (Card, bytes, Mapping)):
        raise InvalidArgumentError(
            f"expected a sequence of cards or a text like 'AS 2S', got {value!r:.80}"
        )
    out = []
    for item in value:
        if isinstance(item, str):
            item = Card.parse(item)
        elif not isinstance(item, Card):
            raise InvalidArgumentError(f"expected a Card or card text, got {shown(item)}")
        out.append(item)
    return tuple(out)


def _hands_converter(value: Iterable[Iterable[Card | str] | str]) -> tuple[tuple[Card, ...], ...]:
    if not isinstance(value, Iterable) or isinstance(value, (str, bytes, Mapping)):
        raise InvalidArgumentError(
            f"hands must be a sequence with one hand per seat, got {value!r:.80}"
        )
    return tuple(_card_tuple(hand) for hand in value)


@attrs.frozen(kw_only=True)
class Deal:
    """The exact cards of one deal: a hand per seat, and the undealt stock.

    ``stock[0]`` is the top card: the trump indicator where the ruleset turns
    one up. Cards may be given as :class:`~counter_rules.Card` values or card
    text. :func:`counter_rules.new_game` checks the deal against the ruleset
    (hand sizes, the exact deck).

    Raises:
        InvalidArgumentError: A card appears twice, an item is not a card, or
            ``hands`` (or one hand, or ``stock``) is not a sequence of cards.

    Example:
        >>> from counter_rules import Deal
        >>> deal = Deal(hands=["AS 2S", "3S 4S"], stock="5S")
        >>> [len(h) for h in deal.hands], str(deal.stock[0])
        ([2, 2], '5♠')
    """

    hands: tuple[tuple[Card, ...], ...] = attrs.field(converter=_hands_converter)
    """The cards of each seat, seat 0 first."""
    stock: tuple[Card, ...] = attrs.field(default=(), converter=_card_tuple)
    """The undealt cards, top card first."""

    def __attrs_post_init__(self) -> None:
        seen: set[Card] = set()
        for card in (*(c for hand in self.hands for c in hand), *self.stock):
            if card in seen:
                raise InvalidArgumentError(f"card {card} is dealt twice")
            seen.add(card)


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


# slots=False: the fields live in the instance dict, which the engine hands to
# a fresh instance at once (a new state is built for every move); FrozenFields
# shows that dict to everybody else read-only.
@attrs.frozen(repr=False, slots=False)
class GameState(FrozenFields):
    """One moment of a game. Immutable; build it with :func:`counter_rules.new_game`.

    The fields are positional for speed inside the engine; treat construction
    by hand as internal.

    Example:
        >>> from counter_rules import Counter, Phase, legal_moves, new_game
        >>> state = new_game(Counter(players=4), seed=7)
        >>> state.phase is Phase.BIDDING, state.dealer, state.current_player
        (True, 0, 1)
        >>> [len(hand) for hand in state.hands]
        [10, 10, 10, 10]
        >>> len(legal_moves(state))  # bids 0..10
        11
    """

    rules: Ruleset
    """The ruleset being played."""
    phase: Phase
    """What the game waits for."""
    hand_number: int
    """The current hand, counting from 1."""
    dealer: int
    """The dealer of the current hand."""
    hands: tuple[tuple[Card, ...], ...]
    """Each seat's cards, sorted."""
    bids: tuple[int | None, ...]
    """Each seat's bid this hand (``None`` until the seat has bid)."""
    tricks_won: tuple[int, ...]
    """Tricks each seat has won this hand."""
    trick: tuple[PlayedCard, ...]
    """The cards played so far to the current trick, leader first."""
    leader: int
    """The seat that leads (or led) the current trick."""
    trump: Suit | None
    """The current trump suit (``None`` for no trump)."""
    stock: tuple[Card, ...]
    """The undealt cards, top first; in Counter the Jacks played go on top."""
    scores: tuple[int, ...]
    """Running totals before the current hand is scored."""
    tricks: tuple[TrickResult, ...]
    """The completed tricks of the current hand, in order."""
    to_act: frozenset[int]
    """The seats that may act now; one in a sequential phase, several in a
    simultaneous one, none when the game is over."""
    doubled_lead: bool
    """Whether the current trick's led card is doubled (Counter's Six)."""
    pending: tuple[Card | None, ...]
    """Simultaneous choices made but not yet carried out (Counter's passes).
    Views hide other seats' entries."""
    seed: int
    """The seed every later deal is drawn from."""
    history: tuple[HandResult, ...]
    """The results of the finished hands, oldest first."""
    cards_dealt: int
    """How many cards each player was dealt this hand."""
    trump_card: Card | None
    """The face-up card that shows trump (in Counter the top of the stock, a Jack
    once Jacks were played), or ``None``."""
    blind: tuple[bool, ...]
    """Which seats bid blind this hand."""
    exchanges: tuple[tuple[Card | None, ...], ...]
    """The passes of this hand so far (Counter): for each exchange, the card
    each seat passed to its left, by seat. Views show a seat only the card it
    passed and the one it received (``None`` stands for a card not known)."""
    first_deal: Deal | None = None
    """The explicit deal the game started from, or ``None`` if it was dealt
    from the seed (kept so that the game can be recorded and replayed)."""
    # Internal, filled by the engine as it builds a state (never afterwards):
    # the legal moves, and the ruleset's engine tables. Not __init__ arguments,
    # so a state built by hand or by attrs.evolve() starts without them and the
    # engine computes them when asked, without storing them.
    _legal: Any = attrs.field(default=None, init=False, eq=False, hash=False, repr=False)
    _tables: Any = attrs.field(default=None, init=False, eq=False, hash=False, repr=False)

    # -- derived --------------------------------------------------------------
    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.hands)

    @property
    def current_player(self) -> int | None:
        """The one seat to act, or ``None`` in a simultaneous phase or at the end."""
        if len(self.to_act) == 1:
            for seat in self.to_act:
                return seat
        return None

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.phase is _GAME_OVER

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the top score once the game is over (all tied seats win);
        ``()`` while it goes on."""
        if self.phase is not Phase.GAME_OVER:
            return ()
        return self.rules.winners(self)

    @property
    def trump_indicator(self) -> Card | None:
        """The face-up card that shows trump (same as :attr:`trump_card`)."""
        return self.trump_card

    @property
    def last_trick(self) -> TrickResult | None:
        """The most recently completed trick of this hand, or ``None``."""
        return self.tricks[-1] if self.tricks else None

    def __repr__(self) -> str:
        return (
            f"<GameState {self.rules!r} hand={self.hand_number} phase={self.phase.value} "
            f"to_act={sorted(self.to_act)} scores={list(self.scores)}>"
        )
