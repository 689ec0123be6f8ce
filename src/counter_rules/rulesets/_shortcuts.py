"""Plain typed helpers on the engine's hot path, kept apart so that they can be compiled.

The shared-move tables a ruleset's plays are listed from, the bid rule for bids
made in turn, plain Oh Hell's legal plays, the best card of a pool, and the
shuffle and split of a deal. The compiled build compiles this module with mypyc.
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from hashlib import shake_256 as _shake_256
from typing import Final, NamedTuple

from counter_rules.cards import RANK_OF_KEY, SUIT_OF_KEY, Card, Rank, Suit
from counter_rules.errors import InvalidArgumentError
from counter_rules.moves import Play, PlayTable
from counter_rules.trick import Effect, PlayedCard, TrickResult

__all__ = [
    "RANK_OF",
    "SUIT_OF",
    "BIDS_FREE",
    "BIDS_HOOK",
    "BIDS_TOTAL",
    "EngineTables",
    "SHORTCUT_COUNTER",
    "SHORTCUT_NONE",
    "SHORTCUT_PLAIN",
    "best_of",
    "bid_bounds",
    "bids_between",
    "deal_order",
    "make_result",
    "plain_plays",
    "plays_of",
    "split_deal",
    "turn_bids",
]

_new: Final = object.__new__

# The card tables by key, bound here so that compiled code reads them as
# C statics rather than as names of another module.
SUIT_OF: Final[tuple[Suit | None, ...]] = SUIT_OF_KEY
"""The suit of every card by card key (see :data:`counter_rules.cards.SUIT_OF_KEY`)."""
RANK_OF: Final[tuple[Rank | None, ...]] = RANK_OF_KEY
"""The rank of every card by card key (see :data:`counter_rules.cards.RANK_OF_KEY`)."""

SHORTCUT_NONE: Final = 0
"""No shortcut: the engine calls the ruleset's method (plays, tricks, bids)."""
SHORTCUT_PLAIN: Final = 1
"""Plain Oh Hell: :func:`plain_plays`, and the short resolution of
:mod:`counter_rules.rulesets.plain_tricks`."""
SHORTCUT_COUNTER: Final = 2
"""Counter: :mod:`counter_rules.rulesets.counter_tricks`."""

BIDS_FREE: Final = 1
"""Bids in turn, any number from 0 to the cards dealt."""
BIDS_HOOK: Final = 2
"""Bids in turn; the last bidder may not make the bids total the cards dealt."""
BIDS_TOTAL: Final = 3
"""Bids in turn that must total the cards dealt."""


def make_result(
    plays: tuple[PlayedCard, ...],
    winner: int | None,
    winning_index: int | None,
    half_values: tuple[int, ...],
    trick_trump: Suit | None,
    led_suit: Suit | None,
    next_leader: int,
    next_trump: Suit | None,
    pass_cards: bool,
    double_next_lead: bool,
    jacks: tuple[Card, ...],
    effects: tuple[Effect, ...],
    trump: Suit | None,
    doubled_lead: bool,
    last_trick: bool,
    trump_card: Card | None,
) -> TrickResult:
    """A :class:`~counter_rules.TrickResult` from all its fields, in order: the
    rulesets' resolutions build their results with it.

    It fills the instance dict at once instead of calling attrs' ``__init__``,
    which costs several times as much on the engine's hot path; a test checks
    that the result equals the one ``TrickResult(...)`` builds.
    """
    result = _new(TrickResult)
    object.__setattr__(
        result,
        "_fields_dict",
        {
            "plays": plays,
            "winner": winner,
            "winning_index": winning_index,
            "half_values": half_values,
            "trick_trump": trick_trump,
            "led_suit": led_suit,
            "next_leader": next_leader,
            "next_trump": next_trump,
            "pass_cards": pass_cards,
            "double_next_lead": double_next_lead,
            "jacks": jacks,
            "effects": effects,
            "trump": trump,
            "doubled_lead": doubled_lead,
            "last_trick": last_trick,
            "trump_card": trump_card,
        },
    )
    return result


class EngineTables(NamedTuple):
    """What the engine's fast paths need of one ruleset, built once per ruleset
    by :func:`counter_rules.rulesets.base.tables_for` (internal)."""

    plays: tuple[tuple[Play | None, ...], ...]
    """For each seat, the shared plays of every card of the deck, by card key
    (``None`` for a card outside the deck)."""
    play_kind: int
    """How plays are listed (:attr:`~counter_rules.rulesets.base.Shortcuts.plays`)."""
    trick_kind: int
    """How tricks are resolved (:attr:`~counter_rules.rulesets.base.Shortcuts.tricks`)."""
    bid_rule: int
    """How bids in turn are listed (:attr:`~counter_rules.rulesets.base.Shortcuts.bids`)."""


def best_of(pool: Sequence[int], half: Sequence[int], lowest_wins: bool) -> int:
    """The index in ``pool`` of the highest value (the lowest when the Sevens
    say so), the earliest of tied cards first."""
    best = pool[0]
    if lowest_wins:
        for i in pool:
            if half[i] < half[best]:
                best = i
    else:
        for i in pool:
            if half[i] > half[best]:
                best = i
    return best


def plain_plays(
    table: PlayTable, hand: tuple[Card, ...], trick: tuple[PlayedCard, ...]
) -> tuple[Play, ...]:
    """Follow the led suit if able, else play anything: the legal plays of Oh
    Hell without Jokers, a must-trump rule or unbroken trumps."""
    if trick:
        led = trick[0].card.suit
        suit_of = SUIT_OF
        # One pass reading each card's key once: cheaper than filtering the
        # cards first and then calling plays_of.
        following: list[Play] = []
        for card in hand:
            key = card._key
            if suit_of[key] is led:
                play = table[key]
                if play is None:
                    raise _not_in_deck(card)
                following.append(play)
        if following:
            return tuple(following)
    return tuple(plays_of(table, hand))


def plays_of(table: PlayTable, cards: Sequence[Card]) -> list[Play]:
    """The shared plays of ``cards`` in a ruleset's ``table`` of one seat's plays.

    Raises:
        InvalidArgumentError: A card is not in the ruleset's deck (only a state
            built by hand can hold one).
    """
    plays: list[Play] = []
    for card in cards:
        play = table[card._key]
        if play is None:
            raise _not_in_deck(card)
        plays.append(play)
    return plays


def _not_in_deck(card: Card) -> InvalidArgumentError:
    return InvalidArgumentError(f"{card} is not a card of this ruleset's deck")


# -- bidding ------------------------------------------------------------------
def bid_bounds(rule: int, cards: int, bids: tuple[int | None, ...]) -> tuple[int, int, int]:
    """``(lowest, highest, excluded)``: the bids the next bidder may make under
    ``rule`` (one of the ``BIDS_*`` constants) are ``lowest..highest`` less
    ``excluded`` (``highest + 1`` when nothing is excluded)."""
    made = total = 0
    for bid in bids:
        if bid is not None:
            made += 1
            total += bid
    last = made == len(bids) - 1
    left = cards - total
    if rule == BIDS_TOTAL:
        return (left, left, left + 1) if last else (0, left, left + 1)
    if rule == BIDS_HOOK and last and 0 <= left <= cards:
        return 0, cards, left
    return 0, cards, cards + 1


def turn_bids(rule: int, cards: int, bids: tuple[int | None, ...]) -> tuple[int, ...]:
    """The bids the next bidder may make under ``rule``, ascending.

    Example:
        >>> from counter_rules.rulesets._shortcuts import BIDS_HOOK, turn_bids
        >>> turn_bids(BIDS_HOOK, 3, (1, 1, None))  # a bid of 1 would total 3
        (0, 2, 3)
    """
    lowest, highest, excluded = bid_bounds(rule, cards, bids)
    return bids_between(lowest, highest, excluded)


def bids_between(lowest: int, highest: int, excluded: int) -> tuple[int, ...]:
    """``lowest..highest`` less ``excluded``, the bounds :func:`bid_bounds` gives."""
    return tuple([b for b in range(lowest, highest + 1) if b != excluded])


# -- dealing ------------------------------------------------------------------
_ORDER_LAYOUTS: Final[dict[int, tuple[int, int, struct.Struct]]] = {}


def _order_layout(size: int) -> tuple[int, int, struct.Struct]:
    # Each card gets an 8-byte lane read as a little-endian double in [1, 2):
    # exponent bits fixed, 44 random mantissa bits, the card's position in the
    # low byte. Sorting the doubles sorts by the random bits; the low bytes of
    # the sorted lanes are then the shuffled positions.
    if not 0 < size < 256:
        raise InvalidArgumentError(f"a deck must hold 1 to 255 cards, got {size}")
    keep = sum(((1 << 44) - 1) << (8 + 64 * i) for i in range(size))
    fixed = sum(((0x3FF << 52) | i) << (64 * i) for i in range(size))
    layout = (keep, fixed, struct.Struct(f"<{size}d"))
    _ORDER_LAYOUTS[size] = layout
    return layout


def deal_order(seed: int, hand_number: int, size: int) -> bytes:
    """The shuffled order of a deck of ``size`` cards for one hand (internal).

    ``deal_order(...)[k]`` is the deck position of the ``k``-th card dealt. Each
    position gets 44 random bits from SHAKE-256 of the seed and hand number
    (stable across runs, platforms and Python versions) and the positions are
    sorted by them: a uniform permutation, but for ties between 44-bit keys,
    which are broken by deck position (probability below 1e-9 for 106 cards).

    Example:
        >>> from counter_rules.rulesets.base import deal_order
        >>> order = deal_order(7, 1, 52)
        >>> sorted(order) == list(range(52)), order == deal_order(7, 1, 52)
        (True, True)
    """
    keep, fixed, layout = _ORDER_LAYOUTS.get(size) or _order_layout(size)
    digest = _shake_256(f"counter-rules/{seed}/{hand_number}/deal".encode()).digest(8 * size)
    lanes = ((int.from_bytes(digest, "little") & keep) | fixed).to_bytes(8 * size, "little")
    return layout.pack(*sorted(layout.unpack(lanes)))[::8]


def split_deal(
    deck: tuple[Card, ...], order: bytes, size: int, players: int
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """Each seat's ``size`` cards and the stock, from a deck in sorting order
    and a :func:`deal_order`: sorted positions give sorted hands."""
    hands = []
    for s in range(players):
        positions = sorted(order[s * size : s * size + size])
        hands.append(tuple([deck[i] for i in positions]))
    stock = tuple([deck[i] for i in order[players * size :]])
    return tuple(hands), stock
