"""The companions of the Oh Hell family's rulesets, built from the parts that
state their rules: :class:`OhHellInformation` (what a seat may know) and
:class:`OhHellAdvice` (what bots ask). :class:`~counter_rules.OhHell` and its
presets hand them out as :attr:`~counter_rules.Ruleset.information` and
:attr:`~counter_rules.Ruleset.advice`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import attrs

from counter_rules.cards import Card, Rank, Suit
from counter_rules.moves import Play, PlayTable
from counter_rules.phase import Phase
from counter_rules.position import Position
from counter_rules.rulesets import plain_tricks
from counter_rules.rulesets.advice import Advice
from counter_rules.rulesets.information import Information
from counter_rules.rulesets.parts.follow import FollowRule
from counter_rules.rulesets.parts.game_end import GameEnd
from counter_rules.rulesets.parts.scoring_scheme import ScoringRule
from counter_rules.trick import PlayedCard

__all__ = ["OhHellAdvice", "OhHellInformation"]

_JOKER: Final = Rank.JOKER


@attrs.frozen
class OhHellInformation(Information):
    """What a seat may know in the Oh Hell family: the follow rule says which
    voids a play shows; Devil's bridge hides a seat's own one-card hand."""

    follow: FollowRule
    """The follow rule (with the Joker style and bowers)."""
    devils_bridge: bool = False
    """Whether one-card hands are bid seeing the others' cards but not one's own."""

    # Alike on purpose: the signature of Information.voids_shown, which every override repeats.
    def voids_shown(
        self,
        before: Sequence[PlayedCard],
        played: PlayedCard,
        trump: Suit | None,
        trumps_played: int,
    ) -> tuple[Suit | None, ...]:
        """The suits the player of ``played`` is shown not to hold, by the follow
        rule (see :meth:`~counter_rules.rulesets.parts.follow.FollowRule.voids_shown`)."""
        suits: tuple[Suit | None, ...] = (*Suit, None) if self.follow.jokers.in_deck else (*Suit,)
        return self.follow.voids_shown(before, played, trump, trumps_played, suits)

    def counts_toward_void(self, card: Card, suit: Suit | None, trump: Suit | None) -> bool:
        """Whether holding ``card`` contradicts a void in ``suit`` under ``trump``
        (under :attr:`~counter_rules.OhHell.bowers`, the left bower counts toward trump, not
        its printed suit)."""
        return self.follow.counts_toward_void(card, suit, trump)

    def own_hand_hidden(self, state: Position) -> bool:
        """Under :attr:`~counter_rules.OhHell.devils_bridge`, while a one-card hand is bid."""
        return self.devils_bridge and state.cards_dealt == 1 and state.phase is Phase.BIDDING


@attrs.frozen
class OhHellAdvice(Advice):
    """Answers for bots and the match runner in the Oh Hell family."""

    follow: FollowRule
    """The follow rule (with the Joker style and bowers)."""
    scorer: ScoringRule
    """The scoring scheme."""
    end: GameEnd
    """The end of the game (a cooperative team, play-offs)."""
    plain_tables: tuple[PlayTable, ...] | None = None
    """Each seat's shared plays where the ruleset's plays are plain following
    (they then depend on the hand and the trick alone), else ``None``."""

    @property
    def one_team(self) -> bool:
        """Whether the game end treats the seats as one team
        (:attr:`~counter_rules.OhHell.cooperative`)."""
        return self.end.cooperative

    @property
    def jokers_called(self) -> bool:
        """Whether the Joker style calls a Joker high or low (``"atkinson"``)."""
        return self.follow.jokers.called

    def trick_power(self, card: Card, trump: Suit | None) -> float:
        """A Joker's by its style
        (:attr:`~counter_rules.rulesets.parts.jokers.JokerStyle.trick_power`),
        another card's by rank (see :meth:`Advice.trick_power
        <counter_rules.rulesets.advice.Advice.trick_power>`)."""
        if card.rank is _JOKER:
            return self.follow.jokers.trick_power
        return super().trick_power(card, trump)

    def good_hand_points(self, cards: int) -> float:
        """By the scoring scheme (see
        :meth:`~counter_rules.rulesets.parts.scoring_scheme.ScoringRule.good_hand_points`)."""
        return self.scorer.good_hand_points(cards)

    def more_tricks_pay(self, bid: int, won: int, left: int) -> bool:
        """By the scoring scheme: whether one more trick scores more (see
        :meth:`~counter_rules.rulesets.parts.scoring_scheme.ScoringRule.more_tricks_pay`)."""
        return self.scorer.more_tricks_pay(bid, won, left)

    # Alike on purpose: the signature of Advice.plays_from, which every override repeats.
    def plays_from(
        self,
        hand: tuple[Card, ...],
        trick: tuple[PlayedCard, ...],
        trump: Suit | None,
        seat: int,
    ) -> tuple[Play, ...] | None:
        """The legal plays without Jokers, bowers, a must-trump rule or unbroken
        trumps (they need only the hand and the trick, by
        :func:`~counter_rules.rulesets.plain_tricks.plain_plays`); ``None``
        otherwise, or when a subclass overrides :meth:`~counter_rules.OhHell.legal_plays`."""
        if self.plain_tables is None:
            return None
        return plain_tricks.plain_plays(self.plain_tables[seat], hand, trick)
