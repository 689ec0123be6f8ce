"""What the engine keeps once per ruleset, and the shared seat sets (internal).

:class:`EngineTables` holds what the engine's compiled paths need of one
ruleset: the shared :class:`~counter_rules.Play` of every seat and card, the
rules of the play (:meth:`Ruleset.play_rules <counter_rules.Ruleset.play_rules>`)
and the engine's fast paths the ruleset declares, the rule of bids in turn
among them (:meth:`Ruleset.shortcuts <counter_rules.Ruleset.shortcuts>`).
:func:`tables_for` builds them once per ruleset; states carry them, so that
nothing is looked up again on a move.
:func:`turn_bid_moves` keeps the shared bid moves of each bidder and range.
The compiled build compiles this module with mypyc.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from counter_rules.moves import Bid, Play, bid_moves
from counter_rules.per_ruleset import PerRuleset
from counter_rules.play_rules import PlayRules, play_rules_of
from counter_rules.rulesets.base import Ruleset, Shortcuts
from counter_rules.rulesets.bids_in_turn import bid_bounds, bids_between

__all__ = ["SEATS", "EngineTables", "tables_for", "turn_bid_moves"]

SEATS: Final = tuple(frozenset((s,)) for s in range(16))
"""``SEATS[s]`` is the shared one-seat set ``{s}``."""


class EngineTables(NamedTuple):
    """What the engine's fast paths need of one ruleset, built once per ruleset
    by :func:`tables_for` (internal)."""

    plays: tuple[tuple[Play | None, ...], ...]
    """For each seat, the shared plays of every card of the deck, by card key
    (``None`` for a card outside the deck)."""
    play: PlayRules
    """The rules of the play (:meth:`Ruleset.play_rules
    <counter_rules.Ruleset.play_rules>`)."""
    bid_rule: int
    """How bids in turn are listed (:attr:`~counter_rules.rulesets.base.Shortcuts.bids`)."""
    shortcuts: Shortcuts
    """The engine's fast paths the ruleset's rules are (:meth:`Ruleset.shortcuts
    <counter_rules.Ruleset.shortcuts>`), asked once."""


def _build_tables(rules: Ruleset) -> EngineTables:
    play = play_rules_of(rules)
    shortcuts = rules.shortcuts()
    return EngineTables(play.tables, play, shortcuts.bids, shortcuts)


tables_for: Final = PerRuleset(_build_tables)
"""The engine's tables for a ruleset, built once per ruleset (rulesets are
immutable, so equal rulesets share them)."""


_BID_MOVES: Final[dict[int, tuple[Bid, ...]]] = {}


def turn_bid_moves(
    rule: int, seat: int, cards: int, bids: tuple[int | None, ...]
) -> tuple[Bid, ...]:
    """The shared bid moves of ``seat`` bidding in turn under ``rule`` (a
    ``BIDS_*`` rule of :mod:`counter_rules.rulesets.bids_in_turn`)."""
    lowest, highest, excluded = bid_bounds(rule, cards, bids)
    # Bids past the cards dealt (only in a state built by hand) do not fit the
    # packed key: they are listed as the rule says, without this cache.
    packed = 0 <= lowest <= highest < 255
    key = ((seat * 256 + lowest) * 256 + highest) * 256 + excluded if packed else -1
    moves = _BID_MOVES.get(key) if packed else None
    if moves is None:
        moves = bid_moves(seat, bids_between(lowest, highest, excluded))
        if packed:
            _BID_MOVES[key] = moves
    return moves
