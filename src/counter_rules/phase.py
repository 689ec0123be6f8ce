"""What the game waits for, :class:`Phase`, and what a state and a view
both derive from it and from the seats to act (:class:`Turn`)."""

from __future__ import annotations

import enum
from typing import Final

__all__ = ["Phase", "Turn", "only_seat"]


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


_GAME_OVER: Final = Phase.GAME_OVER


def only_seat(to_act: frozenset[int]) -> int | None:
    """The one seat of ``to_act``, or ``None`` when it holds none or several:
    the current player of a state or a view."""
    if len(to_act) == 1:
        for seat in to_act:
            return seat
    return None


class Turn:
    """The questions about whose turn it is that a
    :class:`~counter_rules.PlayerView` answers from its ``phase`` and
    ``to_act`` (a :class:`~counter_rules.GameState` answers them alike, by
    :func:`only_seat`)."""

    __slots__ = ()

    phase: Phase
    to_act: frozenset[int]

    @property
    def current_player(self) -> int | None:
        """The one seat to act, or ``None`` in a simultaneous phase or at the end."""
        return only_seat(self.to_act)

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.phase is _GAME_OVER
