"""Oh Hell with a bonus for a streak of made bids: a ruleset plugin for counter_rules.

:class:`StreakOhHell` is plain Oh Hell (:class:`counter_rules.OhHell`) with
one more rule in its scoring: a player who makes their bid in ``streak``
hands in a row scores ``bonus`` points more on the last of them, and their
count starts again. Everything else (the deal, trump, following, the trick
winner, the base scoring: a trick scores 1 and an exact bid 10 more) comes
from :class:`~counter_rules.OhHell`.

The ruleset declares its player counts and options as its class attribute
``spec`` (a :class:`counter_rules.RulesetSpec`), and the module registers it
under the name ``oh-hell-streak`` when it is imported. The package's
``pyproject.toml`` names this module in the entry point group
``counter_rules.rulesets``, so once the package is installed,
``counter-rules rules oh-hell-streak``, ``counter-rules play --rules
oh-hell-streak``, records of its games and the adapters find it by name.
"""

from __future__ import annotations

import attrs

from counter_rules import (
    InvalidArgumentError,
    OhHell,
    RulesetOption,
    RulesetSpec,
    register_ruleset,
)
from counter_rules.position import Position

__all__ = ["NAME", "StreakOhHell"]

NAME = "oh-hell-streak"
"""The name the ruleset is registered under."""

RULES_TEXT = """\
Plain Oh Hell for three to seven players, one 52-card pack. The hands go
from one card each up to as many as the pack allows; the top undealt card
is turned up for trump.

Bidding: from the dealer's left, everyone names the exact number of tricks
they will take; the total of the bids is free (with the hook, the dealer may
not make it equal the tricks).

Play: follow the suit led if you can, else play anything. The highest trump
wins, else the highest card of the suit led; the winner leads next.

Scoring: one point a trick, and 10 more for taking exactly your bid. The
streak bonus: make your bid in STREAK hands in a row (3 unless changed) and
score BONUS points more (10 unless changed) on the last of them; the count
then starts again. The highest total after the last hand wins."""


@attrs.frozen(repr=False)
class StreakOhHell(OhHell):
    """Oh Hell with a bonus for making the bid in several hands in a row.

    Its options are those its ``spec`` declares (``players``, ``schedule``,
    ``hook``, ``streak``, ``bonus``): the command line, records and the
    adapters build it from them; the other fields of
    :class:`~counter_rules.OhHell` keep their defaults.
    """

    streak: int = 3
    """How many made bids in a row earn the bonus."""
    bonus: int = 10
    """The points the streak earns, on top of the hand's own."""

    spec = RulesetSpec(
        players=range(3, 8),
        options=(
            RulesetOption("players", 4, int),
            RulesetOption("schedule", "up", tuple[int, ...] | str),
            RulesetOption("hook", False, bool),
            RulesetOption("streak", 3, int),
            RulesetOption("bonus", 10, int),
        ),
    )

    def __attrs_post_init__(self) -> None:
        super().__attrs_post_init__()
        if self.players not in self.spec.players:
            raise InvalidArgumentError(f"StreakOhHell.players must be 3 to 7, got {self.players!r}")
        if type(self.streak) is not int or self.streak < 1:
            raise InvalidArgumentError(
                f"StreakOhHell.streak must be a whole number of hands, 1 or more, "
                f"got {self.streak!r}"
            )
        if type(self.bonus) is not int or self.bonus < 0:
            raise InvalidArgumentError(
                f"StreakOhHell.bonus must be a whole number of points, 0 or more, "
                f"got {self.bonus!r}"
            )

    @property
    def name(self) -> str:
        """The game's name."""
        return "Oh Hell with a streak bonus"

    def __repr__(self) -> str:
        return (
            f"StreakOhHell(players={self.players}, schedule={self.schedule!r}, "
            f"hook={self.hook}, streak={self.streak}, bonus={self.bonus})"
        )

    def score_hand(self, state: Position) -> tuple[int, ...]:
        """Oh Hell's points, and the bonus for each seat whose streak of made
        bids reaches a multiple of :attr:`streak` with this hand."""
        points = list(super().score_hand(state))
        for seat in range(self.players):
            if state.bids[seat] != state.tricks_won[seat]:
                continue
            run = 1  # this hand, then the finished hands back to the last miss
            for hand in reversed(state.history):
                if hand.bids[seat] != hand.tricks_won[seat]:
                    break
                run += 1
            if run % self.streak == 0:
                points[seat] += self.bonus
        return tuple(points)


register_ruleset(NAME, StreakOhHell, title="Oh Hell with a streak bonus", text=RULES_TEXT)
