"""The interface between the engine and a ruleset.

The engine (:mod:`counter_rules.engine`) runs the cycle every game here shares:
deal, bid, play tricks (with an optional simultaneous pass after a trick), score,
deal again until the end. A :class:`Ruleset` supplies the parts: the deck, the
deal schedule, where trump comes from, which bids and plays are legal, how a
trick is resolved, how a hand is scored and when the game ends.
"""

from __future__ import annotations

import abc
from collections.abc import Sequence
from typing import TYPE_CHECKING

from counter_rules.cards import Card, Suit
from counter_rules.moves import Play
from counter_rules.trick import PlayedCard, TrickResult

if TYPE_CHECKING:
    from counter_rules.state import GameState

__all__ = ["Ruleset"]


class Ruleset(abc.ABC):
    """Base class of every ruleset; concrete rulesets are frozen attrs classes.

    Subclasses implement the methods below. They are called by the engine and
    are not meant to be called by users directly (use :func:`counter_rules.legal_moves`,
    :func:`counter_rules.apply_move` and :func:`counter_rules.resolve_trick`).
    """

    players: int

    @property
    @abc.abstractmethod
    def name(self) -> str:
        """A short human name of the game."""

    @abc.abstractmethod
    def deck(self) -> tuple[Card, ...]:
        """Every card the game is played with, in sorting order."""

    @abc.abstractmethod
    def hand_size(self, hand_number: int) -> int:
        """How many cards each player gets in hand ``hand_number`` (from 1)."""

    @abc.abstractmethod
    def turns_trump(self, hand_number: int) -> bool:
        """Whether the top card of the stock is turned up to show trump."""

    @abc.abstractmethod
    def initial_trump(self, hand_number: int, stock: Sequence[Card]) -> Suit | None:
        """The trump suit of a freshly dealt hand."""

    def first_dealer(self) -> int:
        """The dealer of the first hand."""
        return 0

    @abc.abstractmethod
    def legal_bids(self, state: GameState, seat: int) -> tuple[int, ...]:
        """The bids ``seat`` may make now, ascending."""

    @abc.abstractmethod
    def why_illegal_bid(self, state: GameState, seat: int, tricks: int) -> str:
        """Why bidding ``tricks`` is illegal (called only for an illegal bid)."""

    @abc.abstractmethod
    def legal_plays(self, state: GameState, seat: int) -> tuple[Play, ...]:
        """The plays ``seat`` may make to the current trick, in a stable order."""

    @abc.abstractmethod
    def why_illegal_play(self, state: GameState, play: Play) -> str:
        """Why ``play`` is illegal (called only for an illegal play of a held card)."""

    @abc.abstractmethod
    def resolve(
        self,
        plays: Sequence[PlayedCard],
        trump: Suit | None,
        *,
        doubled_lead: bool = False,
        last_trick: bool = False,
        explain: bool = True,
    ) -> TrickResult:
        """Resolve a complete trick (see :func:`counter_rules.resolve_trick`)."""

    @abc.abstractmethod
    def check_trick(self, plays: Sequence[PlayedCard]) -> None:
        """Raise :class:`~counter_rules.InvalidArgumentError` for a trick that cannot exist."""

    @abc.abstractmethod
    def score_hand(self, state: GameState) -> tuple[int, ...]:
        """The points each seat scores for the hand just finished."""

    @abc.abstractmethod
    def is_game_over(self, hand_number: int, scores: Sequence[int]) -> bool:
        """Whether the game ends after hand ``hand_number`` with these totals."""

    def winners(self, state: GameState) -> tuple[int, ...]:
        """The winning seats of a finished game: every seat tied at the top."""
        best = max(state.scores)
        return tuple(seat for seat, score in enumerate(state.scores) if score == best)
