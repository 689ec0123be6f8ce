"""Integer action ids for the moves of a ruleset, shared by every adapter.

Frameworks such as OpenSpiel and PettingZoo number actions ``0..n-1``.
:class:`ActionMap` gives every move a ruleset can produce a fixed id that
depends only on the ruleset, never on the state, in these ranges (``H`` is
the largest possible hand, ``len(deck) // players``; ``D`` is ``len(deck)``;
``F`` the number of Fours in the deck; ``J`` the number of Jokers):

=====================  ==================  ===========================================
range start            size                move
=====================  ==================  ===========================================
``0``                  ``H + 1``           ``Bid(seat, n)``, id ``n``
``H + 1``              ``H + 1``           ``Bid(seat, n, blind=True)``
``2(H + 1)``           ``D``               ``Play(seat, deck[i])``
then                   ``F(F - 1)``        ``Play(seat, four, reveal=other_four)``
then                   ``2J``              ``Play(seat, joker, call="high" | "low")``
then                   ``D``               ``Pass(seat, deck[i])``
=====================  ==================  ===========================================

``deck`` is ``rules.deck()``, in its sorting order. A Four shown with a
played Four is numbered by the ordered pair (played, shown) of distinct Fours
of the deck, row by row; a Joker's call by the Joker's position among the
deck's Jokers, ``"high"`` first. The seat is not part of the id: it is the
seat to act.

Example:
    >>> from counter_rules import Bid, Card, Counter, Pass, Play
    >>> from counter_rules.adapters.actions import ActionMap
    >>> actions = ActionMap(Counter(players=4))
    >>> actions.size
    144
    >>> actions.action_of(Bid(1, 3)), actions.action_of(Play(1, Card.parse("AC")))
    (3, 28)
    >>> str(actions.move_of(28, seat=2))
    'P2:A♣'
    >>> four, other = Card.parse("4S"), Card.parse("4D")
    >>> shown = actions.action_of(Play(0, four, reveal=other))
    >>> shown, actions.move_of(shown, seat=0) == Play(0, four, other)
    (90, True)
    >>> actions.describe(actions.action_of(Pass(0, Card.parse("KH"))))
    'pass K♥'
"""

from __future__ import annotations

import operator
from typing import assert_never

from counter_rules.argument_checks import shown as shown_value
from counter_rules.cards import Card, Rank
from counter_rules.engine import legal_moves
from counter_rules.errors import InvalidArgumentError
from counter_rules.moves import Bid, Move, Pass, Play
from counter_rules.rulesets.base import Ruleset
from counter_rules.state import GameState
from counter_rules.views import PlayerView

__all__ = ["CALLS", "ActionMap"]

CALLS = ("high", "low")
"""A Joker's calls, in the order of their action ids."""


class ActionMap:
    """The fixed numbering of one ruleset's moves as integer action ids.

    Args:
        rules: The ruleset whose moves are numbered.

    Raises:
        InvalidArgumentError: ``rules`` is not a :class:`~counter_rules.Ruleset`.
    """

    def __init__(self, rules: Ruleset) -> None:
        if not isinstance(rules, Ruleset):
            raise InvalidArgumentError(f"rules must be a Ruleset, got {shown_value(rules)}")
        self.rules = rules
        """The ruleset whose moves are numbered."""
        self.deck: tuple[Card, ...] = rules.deck()
        """The ruleset's deck, in the order that numbers plays and passes."""
        self.max_bid = len(self.deck) // rules.players
        """The largest bid with an id: no hand can hold more cards."""
        self.fours: tuple[Card, ...] = tuple(c for c in self.deck if c.rank is Rank.FOUR)
        """The deck's Fours, in deck order (they number plays with a reveal)."""
        self.jokers: tuple[Card, ...] = tuple(c for c in self.deck if c.is_joker)
        """The deck's Jokers, in deck order (they number plays with a call)."""
        self._index = {card: i for i, card in enumerate(self.deck)}
        self._four_index = {card: i for i, card in enumerate(self.fours)}
        self._joker_index = {card: i for i, card in enumerate(self.jokers)}
        bids = self.max_bid + 1
        self.blind_start = bids
        """The id of a blind bid of 0."""
        self.play_start = 2 * bids
        """The id of playing ``deck[0]``."""
        self.reveal_start = self.play_start + len(self.deck)
        """The first id of a Four played with another Four shown."""
        fours = len(self.fours)
        self.call_start = self.reveal_start + fours * (fours - 1)
        """The first id of a Joker played with a call."""
        self.pass_start = self.call_start + len(CALLS) * len(self.jokers)
        """The id of passing ``deck[0]``."""
        self.size = self.pass_start + len(self.deck)
        """The number of action ids: they run ``0..size-1``."""

    def __repr__(self) -> str:
        return f"ActionMap({self.rules!r})"

    # -- moves to ids ---------------------------------------------------------
    def card_index(self, card: Card) -> int:
        """The position of ``card`` in :attr:`deck`.

        Raises:
            InvalidArgumentError: ``card`` is not in the deck.
        """
        return self._card_index(card, "card")

    def _card_index(self, card: Card, what: str) -> int:
        index = self._index.get(card)
        if index is None:
            raise InvalidArgumentError(f"{what} {card} is not in the deck of {self.rules.name}")
        return index

    def action_of(self, move: Move) -> int:
        """The action id of ``move`` (its seat is not part of the id).

        Raises:
            InvalidArgumentError: The move has no id in this ruleset (a bid above
                :attr:`max_bid`, a card outside the deck, a reveal or call the
                layout does not hold).
        """
        match move:
            case Bid(tricks=tricks, blind=blind):
                if not 0 <= tricks <= self.max_bid:
                    raise InvalidArgumentError(
                        f"a bid must be 0..{self.max_bid} to have an action id, got {tricks}"
                    )
                return (self.blind_start if blind else 0) + tricks
            case Play(card=card, reveal=None, call=None):
                return self.play_start + self._card_index(card, "card")
            case Play(card=card, reveal=Card() as reveal, call=None):
                played = self._four_index.get(card)
                shown = self._four_index.get(reveal)
                if played is None or shown is None or played == shown:
                    raise InvalidArgumentError(
                        f"only a Four of the deck shown with another has an action id, "
                        f"got {card} showing {reveal}"
                    )
                others = len(self.fours) - 1
                return self.reveal_start + played * others + shown - (shown > played)
            case Play(card=card, reveal=None, call=str() as call):
                joker = self._joker_index.get(card)
                if joker is None or call not in CALLS:
                    raise InvalidArgumentError(
                        f"only a Joker of the deck called 'high' or 'low' has an action id, "
                        f"got {card} called {shown_value(call)}"
                    )
                return self.call_start + len(CALLS) * joker + CALLS.index(call)
            case Play():
                raise InvalidArgumentError(f"a play with both a reveal and a call, got {move}")
            case Pass(card=card):
                return self.pass_start + self._card_index(card, "card")
            case _:
                assert_never(move)

    # -- ids to moves ---------------------------------------------------------
    def _check(self, action: int) -> int:
        # operator.index accepts numpy's integers as well as int, but no floats.
        try:
            value = operator.index(action)
        except TypeError:
            value = None
        if value is None or isinstance(action, bool):
            raise InvalidArgumentError(
                f"an action id must be an integer, got {shown_value(action)}"
            )
        if not 0 <= value < self.size:
            raise InvalidArgumentError(f"action id must be 0..{self.size - 1}, got {value}")
        return value

    def move_of(self, action: int, seat: int) -> Move:
        """The move of ``seat`` that ``action`` stands for (legal or not).

        Raises:
            InvalidArgumentError: ``action`` is not an integer in ``0..size-1``.
        """
        action = self._check(action)
        if action < self.play_start:
            blind = action >= self.blind_start
            return Bid(seat, action - (self.blind_start if blind else 0), blind)
        if action < self.reveal_start:
            return Play(seat, self.deck[action - self.play_start])
        if action < self.call_start:
            played, shown = divmod(action - self.reveal_start, len(self.fours) - 1)
            shown += shown >= played
            return Play(seat, self.fours[played], self.fours[shown])
        if action < self.pass_start:
            joker, call = divmod(action - self.call_start, len(CALLS))
            return Play(seat, self.jokers[joker], None, CALLS[call])
        return Pass(seat, self.deck[action - self.pass_start])

    def describe(self, action: int) -> str:
        """``action`` in words without the seat, like ``'bid 3'`` or ``'4♠+4♦'``.

        Raises:
            InvalidArgumentError: ``action`` is not an integer in ``0..size-1``.
        """
        text = str(self.move_of(action, 0))
        return text.split(":", 1)[1]

    # -- legal ids ------------------------------------------------------------
    def legal_actions(self, state: GameState | PlayerView, seat: int) -> list[int]:
        """The ids of the legal moves of ``seat``, ascending (empty when it is
        not the seat's turn or the game is over).

        Raises:
            InvalidArgumentError: A legal move has no id (a ruleset this layout
                does not cover).
        """
        if seat not in state.to_act:
            return []
        return sorted(self.action_of(move) for move in legal_moves(state, seat))

    def mask(self, state: GameState | PlayerView, seat: int) -> list[bool]:
        """For every id, whether it is a legal move of ``seat`` now."""
        legal = [False] * self.size
        for action in self.legal_actions(state, seat):
            legal[action] = True
        return legal
