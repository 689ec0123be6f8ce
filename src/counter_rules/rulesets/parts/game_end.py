"""The end of an Oh Hell game, and who wins it.

Example:
    >>> from counter_rules.rulesets.parts.game_end import GameEnd
    >>> GameEnd(hands=3, playoff=True).is_over(hands_played=3, last_scores=(10, 10, 4))
    False
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from counter_rules.hand_result import HandResult

__all__ = ["GameEnd"]


@attrs.frozen(kw_only=True)
class GameEnd:
    """When the game ends."""

    hands: int
    """The scheduled hands."""
    playoff: bool = False
    """Ties at the top after the schedule are played off until one player leads alone."""
    cooperative: bool = False
    """All players are one team: the game is lost at the first deal where a bid is missed."""

    def is_over(
        self, *, hands_played: int, last_scores: tuple[int, ...], deal_made: bool = True
    ) -> bool:
        """Whether the game ends after ``hands_played`` hands, the last leaving
        ``last_scores`` (``deal_made``: every bid of the last hand was made)."""
        if self.cooperative and not deal_made:
            return True
        if hands_played < self.hands:
            return False
        if self.playoff:
            return last_scores.count(max(last_scores)) == 1
        return True

    def team_result(self, history: Sequence[HandResult], players: int) -> tuple[int, ...] | None:
        """For a cooperative game, the winning seats of the finished game (all
        of them when every deal was made, else none); ``None`` otherwise (the
        top scores win)."""
        if not self.cooperative:
            return None
        made = all(h.bids == h.tricks_won for h in history)
        return tuple(range(players)) if made else ()
