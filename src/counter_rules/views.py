"""What one player may know: :class:`PlayerView` and :func:`view`.

A view holds the seat's own hand and everything public (bids, every card played
and by whom, tricks won, revealed Fours, the trump card and the face-up cards
on the stock, scores, hand sizes, dealer, whose turn), and nothing else. In the
simultaneous phases others' pending choices are hidden; in Counter's pass a
seat knows the card it passed and, after the exchange, the card it received;
under Devil's bridge a seat bidding a one-card hand sees every other hand but
not its own. A view never depends on what the seat cannot see, and
:func:`counter_rules.legal_moves` accepts a view.

Example:
    >>> from counter_rules import Counter, legal_moves, new_game, view
    >>> state = new_game(Counter(), seed=4)
    >>> mine = view(state, 1)
    >>> mine.hand == state.hands[1], mine.hand_sizes
    (True, (10, 10, 10, 10))
    >>> legal_moves(mine) == legal_moves(state, 1)
    True
"""

from __future__ import annotations

import attrs

from counter_rules.argument_checks import seat_problem, shown
from counter_rules.cards import Card, Suit
from counter_rules.errors import InvalidArgumentError
from counter_rules.hand_result import HandResult
from counter_rules.phase import Phase, Turn
from counter_rules.play_rules import play_rules_of
from counter_rules.rulesets.base import Ruleset
from counter_rules.state import GameState
from counter_rules.state_checks import check_state
from counter_rules.trick import PlayedCard, TrickResult

__all__ = ["PlayerView", "view"]


@attrs.frozen
class PlayerView(Turn):
    """Everything seat :attr:`seat` may know at one moment. Immutable."""

    rules: Ruleset
    """The ruleset being played."""
    seat: int
    """Whose view this is."""
    phase: Phase
    """What the game waits for."""
    hand_number: int
    """The current hand, counting from 1."""
    dealer: int
    """The dealer of the current hand."""
    leader: int
    """The seat that leads (or led) the current trick."""
    to_act: frozenset[int]
    """The seats that may act now (public: everyone sees who is still to choose)."""
    hand: tuple[Card, ...] | None
    """The seat's own cards, or ``None`` while Devil's bridge hides them."""
    others: tuple[tuple[Card, ...] | None, ...]
    """Other seats' hands where the rules show them (Devil's bridge), else ``None``
    at every seat (and always ``None`` at :attr:`seat`)."""
    hand_sizes: tuple[int, ...]
    """How many cards each seat holds."""
    bids: tuple[int | None, ...]
    """The bids this hand; in simultaneous bidding others' bids read ``None``
    until every bid is in."""
    blind: tuple[bool, ...]
    """Which seats bid blind this hand (in simultaneous bidding, others' flags
    read ``False`` until every bid is in)."""
    tricks_won: tuple[int, ...]
    """Tricks each seat has won this hand."""
    trick: tuple[PlayedCard, ...]
    """The current trick so far, leader first."""
    tricks: tuple[TrickResult, ...]
    """The completed tricks of this hand (who played what, who won)."""
    trump: Suit | None
    """The current trump suit."""
    trump_card: Card | None
    """The face-up card that shows trump, or ``None``."""
    face_up: tuple[Card, ...]
    """The face-up cards on top of the stock, top first (Counter's Jacks and
    the trump indicator)."""
    stock_size: int
    """How many cards the stock holds in all (face up and face down)."""
    doubled_lead: bool
    """Whether the current trick's led card counts double (Counter's Six)."""
    scores: tuple[int, ...]
    """Running totals before this hand."""
    history: tuple[HandResult, ...]
    """The finished hands (everything in them is public once the hand is over,
    except the passes, which keep only this seat's own)."""
    cards_dealt: int
    """How many cards each player was dealt this hand."""
    my_pass: Card | None
    """The card this seat has chosen to pass and not yet exchanged, or ``None``."""
    my_exchanges: tuple[tuple[Card | None, Card | None], ...]
    """This hand's exchanges from this seat's side: (card passed, card received)."""

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.hand_sizes)

    @property
    def revealed_fours(self) -> tuple[tuple[int, Card], ...]:
        """Counter's Fours shown this hand: (seat, the Four shown), in order."""
        shown = [
            (p.seat, p.reveal)
            for t in (*(r.plays for r in self.tricks), self.trick)
            for p in t
            if p.reveal is not None
        ]
        return tuple(shown)


def _face_up_count(state: GameState) -> int:
    if not state.stock or state.trump_card is None or state.stock[0] != state.trump_card:
        return 0
    return 1 + sum(len(t.jacks) for t in state.tricks)


def _public_history(
    history: tuple[HandResult, ...], seat: int, giver: int
) -> tuple[HandResult, ...]:
    if not any(h.exchanges for h in history):
        return history
    return tuple(
        attrs.evolve(h, exchanges=tuple(_mask_exchange(e, seat, giver) for e in h.exchanges))
        for h in history
    )


def _mask_exchange(
    exchange: tuple[Card | None, ...], seat: int, giver: int
) -> tuple[Card | None, ...]:
    # A seat sees the card it passed and the one it received (from ``giver``);
    # the others stay hidden (None). Masking twice changes nothing.
    keep = (seat, giver)
    return tuple(c if s in keep else None for s, c in enumerate(exchange))


def view(state: GameState, seat: int) -> PlayerView:
    """What ``seat`` may know of ``state``.

    Raises:
        InvalidArgumentError: ``seat`` is not a seat of the game.
    """
    if not isinstance(state, GameState):
        raise InvalidArgumentError(f"state must be a GameState, got {shown(state)}")
    if state._legal is None:  # a state built by hand
        check_state(state)
    players = state.players
    problem = seat_problem(seat, players)
    if problem is not None:
        raise InvalidArgumentError(f"seat must be {problem}")
    hidden_own = state.rules.information.own_hand_hidden(state)
    others: tuple[tuple[Card, ...] | None, ...] = (None,) * players
    if hidden_own:
        others = tuple(None if s == seat else h for s, h in enumerate(state.hands))
    bids = state.bids
    blind = state.blind
    if state.phase is Phase.BIDDING and state.rules.simultaneous_bidding:
        bids = tuple(b if s == seat else None for s, b in enumerate(bids))
        blind = tuple(b if s == seat else False for s, b in enumerate(blind))
    # Whose passed card the seat receives: the rules of the play say.
    giver = play_rules_of(state.rules).giver(seat)
    exchanges = tuple((e[seat], e[giver]) for e in state.exchanges)
    my_pass = state.pending[seat] if state.phase is Phase.PASSING else None
    return PlayerView(
        rules=state.rules,
        seat=seat,
        phase=state.phase,
        hand_number=state.hand_number,
        dealer=state.dealer,
        leader=state.leader,
        to_act=state.to_act,
        hand=None if hidden_own else state.hands[seat],
        others=others,
        hand_sizes=tuple(len(h) for h in state.hands),
        bids=bids,
        blind=blind,
        tricks_won=state.tricks_won,
        trick=state.trick,
        tricks=state.tricks,
        trump=state.trump,
        trump_card=state.trump_card,
        face_up=state.stock[: _face_up_count(state)],
        stock_size=len(state.stock),
        doubled_lead=state.doubled_lead,
        scores=state.scores,
        history=_public_history(state.history, seat, giver),
        cards_dealt=state.cards_dealt,
        my_pass=my_pass,
        my_exchanges=exchanges,
    )


class SeatPosition:
    """A view as a :class:`~counter_rules.position.Position`: its public fields and
    the seat's own hand (the other hands empty), which is all a ruleset reads
    to list that seat's legal moves (internal; the engine lists a view's moves
    through it)."""

    __slots__ = ("_hands", "_view")

    def __init__(self, player_view: PlayerView) -> None:
        self._view = player_view
        own = player_view.hand or ()
        seat = player_view.seat
        self._hands = tuple(own if s == seat else () for s in range(player_view.players))

    @property
    def phase(self) -> Phase:
        """What the game waits for."""
        return self._view.phase

    @property
    def hand_number(self) -> int:
        """The current hand, counting from 1."""
        return self._view.hand_number

    @property
    def dealer(self) -> int:
        """The dealer of the current hand."""
        return self._view.dealer

    # Alike on purpose: a property a field of Position, read from the view.
    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """The seat's own hand at its place; the others empty."""
        return self._hands

    @property
    def bids(self) -> tuple[int | None, ...]:
        """The bids the view shows."""
        return self._view.bids

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """Tricks each seat has won this hand."""
        return self._view.tricks_won

    @property
    def trick(self) -> tuple[PlayedCard, ...]:
        """The current trick."""
        return self._view.trick

    @property
    def trump(self) -> Suit | None:
        """The current trump suit."""
        return self._view.trump

    @property
    def scores(self) -> tuple[int, ...]:
        """Running totals before the current hand."""
        return self._view.scores

    @property
    def tricks(self) -> tuple[TrickResult, ...]:
        """The finished tricks of the hand."""
        return self._view.tricks

    @property
    def cards_dealt(self) -> int:
        """How many cards each player was dealt."""
        return self._view.cards_dealt

    @property
    def blind(self) -> tuple[bool, ...]:
        """Which seats bid blind."""
        return self._view.blind

    @property
    def history(self) -> tuple[HandResult, ...]:
        """The finished hands."""
        return self._view.history
