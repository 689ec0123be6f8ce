"""The game state: :class:`GameState`.

A :class:`GameState` is immutable: :func:`counter_rules.apply_move` returns a
new one and never changes the old. States carry no validators (they would run
on every move); input is validated where it enters (:class:`Deal`,
:func:`counter_rules.new_game`, the rulesets), and whole-state invariants are
checked by the property tests.
"""

from __future__ import annotations

from typing import Any

import attrs

from counter_rules._fields import FrozenFields
from counter_rules.cards import Card, Suit
from counter_rules.deal import Deal
from counter_rules.hand_result import HandResult
from counter_rules.phase import Phase, Turn
from counter_rules.rulesets.base import Ruleset
from counter_rules.trick import PlayedCard, TrickResult

__all__ = ["GameState"]


_GAME_OVER = Phase.GAME_OVER


# slots=False: the fields live in the instance dict, which the engine hands to
# a fresh instance at once (a new state is built for every move); FrozenFields
# shows that dict to everybody else read-only.
@attrs.frozen(repr=False, slots=False)
class GameState(FrozenFields, Turn):
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
    def winners(self) -> tuple[int, ...]:
        """The seats with the top score once the game is over (all tied seats win);
        ``()`` while it goes on."""
        if self.phase is not _GAME_OVER:
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
