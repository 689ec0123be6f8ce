"""A bridge deal's card play as the engine's game, :func:`bridge_play`, for
the bridge players' tools (DDS, endplay) and the solver to look at the same
deal (the deal itself read and written as they write it by
:mod:`counter_rules.analysis.pbn`).

Bridge's card play is plain Oh Hell for four players with thirteen cards each
and a fixed trump (or none), the declarer dealing so that the declarer's left
leads (:doc:`analysis`). Seats 0, 1, 2 and 3 are North, East, South and West:
both go clockwise.

Example:
    >>> from counter_rules.analysis import solve
    >>> from counter_rules.analysis.bridge import bridge_play
    >>> from counter_rules.analysis.pbn import from_pbn
    >>> deal = "N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 765.876.876.7654 432.5432.5432.32"
    >>> state = bridge_play(from_pbn(deal), strain=None, declarer=0)  # North, no trump
    >>> state.leader, solve(state, (0, 2))
    (1, 13)
"""

from __future__ import annotations

import typing
from collections.abc import Sequence

from counter_rules.argument_checks import shown
from counter_rules.cards import Card, Suit
from counter_rules.deal import Deal
from counter_rules.deprecation import moved_names
from counter_rules.engine import apply_move, legal_moves, new_game
from counter_rules.errors import InvalidArgumentError
from counter_rules.phase import Phase
from counter_rules.rulesets import OhHell
from counter_rules.state import GameState

__all__ = ["bridge_play"]

if not typing.TYPE_CHECKING:  # the old homes of names that moved (deprecated)
    __getattr__ = moved_names(
        __name__,
        {name: "counter_rules.analysis.pbn" for name in ("from_pbn", "pbn_card", "to_pbn")},
    )


def bridge_play(hands: Sequence[Sequence[Card]], strain: Suit | None, declarer: int) -> GameState:
    """The card play of a bridge deal (thirteen cards a seat) with trump
    ``strain`` (``None``: no trump), the declarer's left to lead: plain Oh
    Hell's first trick, every bid 0 (double dummy reads no bid).

    Raises:
        InvalidArgumentError: ``declarer`` is not a seat 0 to 3, ``strain``
            not a suit or ``None``, or the hands are not a whole pack dealt
            thirteen a seat.

    Example:
        >>> from counter_rules.analysis.bridge import bridge_play
        >>> from counter_rules.analysis.pbn import from_pbn
        >>> from counter_rules import Suit
        >>> deal = "N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 765.876.876.7654 432.5432.5432.32"
        >>> state = bridge_play(from_pbn(deal), Suit.SPADES, declarer=2)
        >>> state.leader, str(state.trump)
        (3, '♠')
    """
    if type(declarer) is not int or not 0 <= declarer < 4:
        raise InvalidArgumentError(
            f"declarer must be a seat 0 to 3 (North to West), got {shown(declarer)}"
        )
    if strain is not None and not isinstance(strain, Suit):
        raise InvalidArgumentError(f"strain must be a Suit or None (no trump), got {shown(strain)}")
    if strain is None:
        rules = OhHell(players=4, schedule=(13,), trump="none")
    else:
        rules = OhHell(players=4, schedule=(13,), trump="rotation", rotation=(strain,))
    state = new_game(rules, deal=Deal(hands=hands), dealer=declarer)
    while state.phase is Phase.BIDDING:
        state = apply_move(state, legal_moves(state)[0])
    return state
