"""Joker styles: how the two Jokers of an Oh Hell deck are played and when they win.

Each style is a value whose flags the follow rule and the trick resolution read:

- ``"none"``: no Jokers in the deck.
- ``"loser"`` (the office rules, seed 004): a Joker never wins, may be played
  at any time even by a player who could follow, and a led Joker sets no suit
  (the next card sets it).
- ``"high"`` (the office rules' "Jokers are high" variant): played as the
  office Jokers (at any time; a led Joker sets no suit), but a Joker beats
  every other card and the first Joker played beats the second.
- ``"brader"`` (Mark Brader, seed 003): the Jokers are a suit of their own of
  two equal cards; a led Joker wins unless trumped; a turned-up Joker makes the
  other Joker the only trump.
- ``"atkinson"`` (Dick Atkinson, seed 003): a Joker may be led only from a hand
  of Jokers and played to the first trick only from such a hand; otherwise at
  any time; the first Joker of a deal is called high (wins) or low (loses), the
  second gets the opposite call; a led Joker sets no suit.

Example:
    >>> from counter_rules.rulesets.parts.jokers import JOKER_STYLES
    >>> JOKER_STYLES["high"].any_time, JOKER_STYLES["high"].first_wins
    (True, True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

import attrs

from counter_rules.argument_checks import shown
from counter_rules.cards import Rank
from counter_rules.errors import InvalidArgumentError
from counter_rules.trick import PlayedCard

__all__ = ["CALLS", "JOKER_STYLES", "JokerStyle"]

CALLS = ("high", "low")
"""The calls of a Joker under the ``"atkinson"`` style."""

_JOKER = Rank.JOKER


@attrs.frozen(kw_only=True)
class JokerStyle:
    """How Jokers are played and when they win."""

    name: str
    """The option value naming the style."""
    in_deck: bool = True
    """Whether two Jokers join the deck."""
    own_suit: bool = False
    """The Jokers are a suit of their own: a led Joker asks for Jokers, and
    a turned-up Joker makes the other the only trump."""
    any_time: bool = False
    """A Joker may be played to a trick already led even by a player who could follow."""
    lead_only_from_jokers: bool = False
    """A Joker may be led, or played to the first trick, only from a hand of Jokers."""
    called: bool = False
    """The first Joker of a deal is called high or low, the second the opposite."""
    first_wins: bool = False
    """The first Joker played to a trick wins it."""
    trick_power: float = 0.5
    """A fixed guess, in [0, 1], of how likely a Joker of this style is to win
    its trick (what bots judge a Joker by; no rule reads it)."""

    def winning_joker(self, plays: Sequence[PlayedCard]) -> tuple[int, str] | None:
        """The index of the Joker that wins the trick outright, and why; ``None``
        when the trick goes to the best suited card."""
        for i, played in enumerate(plays):
            if played.card.rank is not _JOKER:
                continue
            if self.called and played.call == "high":
                return i, "a Joker called high wins the trick"
            if self.first_wins:
                return i, "a high Joker wins the trick (the first of two beats the second)"
        return None

    def check_calls(self, plays: Sequence[PlayedCard]) -> None:
        """Reject the calls of a trick that cannot happen: a called Joker
        without a call, a call on another card, or two equal calls."""
        for played in plays:
            is_joker = played.card.rank is _JOKER
            if self.called and is_joker and played.call is None:
                raise InvalidArgumentError(
                    'a Joker under jokers="atkinson" is played with a call "high" or "low", '
                    f"got {played.card} without one"
                )
            if played.call is not None and (
                not self.called or not is_joker or played.call not in CALLS
            ):
                raise InvalidArgumentError(
                    'only a Joker under jokers="atkinson" has a call "high" or "low", '
                    f"got {played.card} called {shown(played.call)}"
                )
        calls = [p.call for p in plays if p.call is not None]
        if len(calls) == 2 and calls[0] == calls[1]:
            raise InvalidArgumentError(
                "the second Joker's call must be the opposite of the first's, "
                f"got {shown(calls[1])} twice"
            )

    def calls_allowed(self, earlier: str | None) -> tuple[str, ...]:
        """The calls a Joker may get, given the first call of the deal (if any)."""
        if not self.called:
            return ()
        if earlier is None:
            return CALLS
        return ("low",) if earlier == "high" else ("high",)


JOKER_STYLES: Mapping[str, JokerStyle] = MappingProxyType(
    {
        "none": JokerStyle(name="none", in_deck=False),
        "loser": JokerStyle(name="loser", any_time=True, trick_power=0.0),
        "high": JokerStyle(name="high", any_time=True, first_wins=True, trick_power=1.0),
        "brader": JokerStyle(name="brader", own_suit=True, trick_power=0.9),
        "atkinson": JokerStyle(
            name="atkinson",
            any_time=True,
            lead_only_from_jokers=True,
            called=True,
            trick_power=0.6,
        ),
    }
)
"""The Joker styles by option value."""
