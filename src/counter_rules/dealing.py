"""The deal: how a game's seed becomes the cards of each hand.

Every random draw of a game comes from its seed here, so that the same rules
and seed always give the same game on every platform and Python version:

- :func:`deal_order`, the shuffle of a deck for one hand (SHAKE-256 of the
  seed and hand number, sorted), and :func:`split_deal`, which cuts a deck in
  that order into sorted hands and the stock;
- :func:`hand_rng`, a named random generator of one hand, for the draws some
  rules make besides the shuffle (a trump card from a second deck, a Joker
  shuffled back);
- :func:`shuffled`, a uniform shuffle from a generator a caller passes in
  (the world sampler's).

The compiled build compiles this module with mypyc.
"""

from __future__ import annotations

import importlib
import random
import struct
from collections.abc import Callable, Sequence
from hashlib import shake_256 as _shake_256
from operator import attrgetter
from typing import Any, Final

from counter_rules.cards import Card
from counter_rules.errors import InvalidArgumentError

__all__ = [
    "deal_order",
    "hand_rng",
    "order_from_digest",
    "shuffled",
    "sort_hand",
    "sorted_deck",
    "split_deal",
    "split_from_order",
]

_card_key: Final = attrgetter("_key")


def hand_rng(seed: int, hand_number: int, purpose: str = "deal") -> random.Random:
    """The random generator of one hand of a game, for one ``purpose``.

    A string seed is hashed with SHA-512 by :mod:`random`: stable across runs,
    platforms and Python versions, and distinct for every (seed, hand, purpose).

    Example:
        >>> from counter_rules.dealing import hand_rng
        >>> hand_rng(7, 1, "trump").random() == hand_rng(7, 1, "trump").random()
        True
    """
    return random.Random(f"counter-rules/{seed}/{hand_number}/{purpose}")


def shuffled(deck: Sequence[Card], rng: random.Random) -> list[Card]:
    """A uniformly shuffled copy of ``deck``.

    Sorting by random keys is a uniform permutation (ties between 53-bit floats
    aside) and is quicker in CPython than ``random.Random.shuffle``.
    """
    draw = rng.random  # looked up once, not once a card
    keys = [draw() for _ in deck]
    return [deck[i] for i in sorted(range(len(deck)), key=keys.__getitem__)]


# Decks seen by sorted_deck, by id, with their sorted form (the deck object is
# kept, so its id cannot be reused while the entry exists).
_SORTED_DECKS: Final[dict[int, tuple[tuple[Card, ...], tuple[Card, ...]]]] = {}


def sorted_deck(deck: tuple[Card, ...]) -> tuple[Card, ...]:
    """``deck`` in sorting order (a ruleset's deck should already be; a custom
    ruleset whose deck is not still deals sorted hands)."""
    known = _SORTED_DECKS.get(id(deck))
    if known is not None and known[0] is deck:
        return known[1]
    ordered = tuple(sorted(deck, key=_card_key))
    if len(_SORTED_DECKS) > 256:
        _SORTED_DECKS.clear()
    _SORTED_DECKS[id(deck)] = (deck, ordered)
    return ordered


def sort_hand(hand: Sequence[Card]) -> tuple[Card, ...]:
    """A hand in display order (suit, then rank, then copy)."""
    return tuple(sorted(hand, key=_card_key))


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
    """The shuffled order of a deck of ``size`` cards for one hand.

    ``deal_order(...)[k]`` is the deck position of the ``k``-th card dealt. Each
    position gets 44 random bits from SHAKE-256 of the seed and hand number
    (stable across runs, platforms and Python versions) and the positions are
    sorted by them: a uniform permutation, but for ties between 44-bit keys,
    which are broken by deck position (probability below 1e-9 for 106 cards).

    Example:
        >>> from counter_rules.dealing import deal_order
        >>> order = deal_order(7, 1, 52)
        >>> sorted(order) == list(range(52)), order == deal_order(7, 1, 52)
        (True, True)
    """
    layout = _ORDER_LAYOUTS.get(size) or _order_layout(size)
    digest = _shake_256(f"counter-rules/{seed}/{hand_number}/deal".encode()).digest(8 * size)
    if _NATIVE_ORDER is not None:
        return _NATIVE_ORDER(digest, size)
    return _sorted_lanes(digest, size, layout)


def order_from_digest(digest: bytes, size: int) -> bytes:
    """The deck positions in dealing order from ``digest``, SHAKE-256 output
    of 8 bytes a position (what :func:`deal_order` hashes): the positions
    sorted by 44 bits of their lanes. This is the Python path, which the
    compiled build's native ``counter_rules._shuffle.order`` follows and the
    tests hold it to."""
    return _sorted_lanes(digest, size, _ORDER_LAYOUTS.get(size) or _order_layout(size))


def _sorted_lanes(digest: bytes, size: int, layout: tuple[int, int, struct.Struct]) -> bytes:
    keep, fixed, lanes_struct = layout
    lanes = ((int.from_bytes(digest, "little") & keep) | fixed).to_bytes(8 * size, "little")
    return lanes_struct.pack(*sorted(lanes_struct.unpack(lanes)))[::8]


def split_deal(
    deck: tuple[Card, ...], order: bytes, size: int, players: int
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """Each seat's ``size`` cards and the stock, from a deck in sorting order
    and a :func:`deal_order`: sorted positions give sorted hands. The compiled
    build cuts them in C (``counter_rules._shuffle.split``), which the tests
    hold to the Python path, :func:`split_from_order`."""
    if _NATIVE_SPLIT is not None:
        return _NATIVE_SPLIT(deck, order, size, players)
    return split_from_order(deck, order, size, players)


def split_from_order(
    deck: tuple[Card, ...], order: bytes, size: int, players: int
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """:func:`split_deal`'s Python path: each seat's positions sorted."""
    hands = []
    for s in range(players):
        positions = sorted(order[s * size : s * size + size])
        hands.append(tuple([deck[i] for i in positions]))
    stock = tuple([deck[i] for i in order[players * size :]])
    return tuple(hands), stock


def _native(name: str) -> Any:
    """The compiled build's native function ``name`` of ``_shuffle.c``, or
    None in the pure-Python build."""
    try:
        native = importlib.import_module("counter_rules._shuffle")
    except ImportError:  # the pure-Python build
        return None
    return getattr(native, name)


# The compiled build's native order and split of a deal, or None.
_NATIVE_ORDER: Final[Callable[[bytes, int], bytes] | None] = _native("order")
_NATIVE_SPLIT: Final[
    Callable[
        [tuple[Card, ...], bytes, int, int],
        tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]],
    ]
    | None
] = _native("split")
