"""What a ruleset reads of a game at one moment: :class:`Position`.

Every :class:`~counter_rules.GameState` is a position, and so are the search
board and a view's stand-in: a ruleset answers questions about a position
without knowing the class of the state that holds it, and a state holds its
ruleset.
"""

from __future__ import annotations

from typing import Protocol

from counter_rules.cards import Card, Suit
from counter_rules.hand_result import HandResult
from counter_rules.phase import Phase
from counter_rules.trick import PlayedCard, TrickResult

__all__ = ["Position"]


class Position(Protocol):
    """What a ruleset reads of a game at one moment.

    Every :class:`~counter_rules.GameState` is a position; the methods of
    :class:`~counter_rules.Ruleset` that judge bids, plays and hands take one.
    The fields mean what the state's fields of the same names mean.
    """

    @property
    def phase(self) -> Phase:
        """What the game waits for."""

    @property
    def hand_number(self) -> int:
        """The current hand, counting from 1."""

    @property
    def dealer(self) -> int:
        """The dealer of the current hand."""

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's cards, sorted."""

    @property
    def bids(self) -> tuple[int | None, ...]:
        """Each seat's bid this hand (``None`` until the seat has bid)."""

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """Tricks each seat has won this hand."""

    @property
    def trick(self) -> tuple[PlayedCard, ...]:
        """The cards played so far to the current trick, leader first."""

    @property
    def trump(self) -> Suit | None:
        """The current trump suit."""

    @property
    def scores(self) -> tuple[int, ...]:
        """Running totals before the current hand is scored."""

    @property
    def tricks(self) -> tuple[TrickResult, ...]:
        """The completed tricks of the current hand."""

    @property
    def cards_dealt(self) -> int:
        """How many cards each player was dealt this hand."""

    @property
    def blind(self) -> tuple[bool, ...]:
        """Which seats bid blind this hand."""

    @property
    def history(self) -> tuple[HandResult, ...]:
        """The results of the finished hands, oldest first."""
