"""The rulesets' hot paths as plain functions, kept apart so that they can be compiled.

Each function here is the quick form of a ruleset method that the engine calls
on every move, trick or deal: Counter's legal plays and its trick resolution
fused into one pass, the legal plays of plain Oh Hell, and the shuffle. The rulesets' explained
forms stay the reference; the property tests check that the two agree. A build
with ``COUNTER_RULES_COMPILE=1`` compiles this module with mypyc.
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from hashlib import shake_256 as _shake_256
from typing import Final

from counter_rules.cards import Card, Rank, Suit, standard_deck
from counter_rules.effects.base import VICTOR, VOID
from counter_rules.errors import InvalidArgumentError
from counter_rules.moves import Play, PlayTable, reveal_play
from counter_rules.trick import PlayedCard, TrickResult

__all__ = [
    "BIDS_FREE",
    "BIDS_HOOK",
    "BIDS_TOTAL",
    "QUICK_COUNTER",
    "QUICK_NONE",
    "QUICK_PLAIN",
    "SUIT_OF",
    "best_of",
    "bid_bounds",
    "bids_between",
    "counter_plays",
    "deal_order",
    "plain_plays",
    "plays_of",
    "resolve_counter",
    "split_deal",
    "turn_bids",
    "trick_result",
]

QUICK_NONE: Final = 0
"""No quick path: the engine calls the ruleset's method (plays, tricks, bids)."""
QUICK_PLAIN: Final = 1
"""Plain Oh Hell: :func:`plain_plays`, and the short resolution of
:mod:`counter_rules.rulesets.plain_tricks`."""
QUICK_COUNTER: Final = 2
"""Counter: :func:`counter_plays` and :func:`resolve_counter`."""

BIDS_FREE: Final = 1
"""Bids in turn, any number from 0 to the cards dealt."""
BIDS_HOOK: Final = 2
"""Bids in turn; the last bidder may not make the bids total the cards dealt."""
BIDS_TOTAL: Final = 3
"""Bids in turn that must total the cards dealt."""

# Enum members bound once: attribute access on an Enum class is slow.
_FOUR: Final = Rank.FOUR
_TWO: Final = Rank.TWO
_EIGHT: Final = Rank.EIGHT
_DECK: Final = standard_deck()
_new: Final = object.__new__
_set: Final = object.__setattr__


def trick_result(
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
    trump: Suit | None,
    doubled_lead: bool,
    last_trick: bool,
    trump_card: Card | None,
) -> TrickResult:
    """A :class:`~counter_rules.TrickResult` without effects, built without
    attrs' ``__init__`` (the hot path; the tests check it equals the one
    ``TrickResult(...)`` builds)."""
    result = _new(TrickResult)
    _set(
        result,
        "__dict__",
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
            "effects": (),
            "trump": trump,
            "doubled_lead": doubled_lead,
            "last_trick": last_trick,
            "trump_card": trump_card,
        },
    )
    return result


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


_N1: Final = 1  # rank numbers: the fused resolution compares plain ints
_N2: Final = 2
_N3: Final = 3
_N4: Final = 4
_N5: Final = 5
_N6: Final = 6
_N7: Final = 7
_N8: Final = 8
_N9: Final = 9
_N10: Final = 10
_N11: Final = 11
_N12: Final = 12
_N13: Final = 13
_COURT_NUMBERS: Final = (11, 12, 13)
# The rank number of every card of the deck, by card key.
_RANK_OF: Final[list[int]] = [0] * 1280
for _card in _DECK:
    _RANK_OF[_card._key] = int(_card.rank)
SUIT_OF: Final[list[Suit | None]] = [None] * 1280
"""The suit of every card of up to sixteen decks (``None`` for Jokers), by
card key: a list index is cheaper than reading the card's attribute."""
for _copy in range(16):
    for _card in standard_deck(_copy):
        SUIT_OF[_card._key] = _card.suit


def resolve_counter(
    plays: tuple[PlayedCard, ...],
    trump: Suit | None,
    doubled_lead: bool,
    last_trick: bool,
    trump_card: Card | None,
) -> TrickResult:
    """The whole pipeline in one function, without explanations: the engine's
    path after every trick. It runs the steps of :class:`~counter_rules.Counter`'s
    pipeline (the steps of its effects, the winner and the after-trick steps) in
    the same order on local lists; the tests check that it agrees with
    :meth:`Counter.resolve <counter_rules.Counter.resolve>` on random tricks.
    """
    cards = [p.card for p in plays]
    ranks = [_RANK_OF[c._key] for c in cards]
    suits = [c.suit for c in cards]
    n = len(cards)
    half = [r + r for r in ranks]
    lead_rank = ranks[0]
    led = suits[0]
    buffs: list[int] | None = None
    if _N4 in ranks:
        buffs = [0] * n
        for i in range(n):
            if ranks[i] == _N4:
                buffs[i] = VICTOR if plays[i].reveal is not None else VOID
    if lead_rank == _N2 and trump is not None:
        led = trump
    if led is not None and _N10 in ranks:
        for i in range(1, n):
            if ranks[i] == _N10 and suits[i] is not led:
                suits[i] = led
                half[i] = 30
    trick_trump = trump
    if lead_rank == _N13:
        king_suit = suits[0]
        trick_trump = None
        for i in range(1, n):
            suit = suits[i]
            if suit is not None and suit is not trump and suit is not king_suit:
                trick_trump = suit
                break
    if _N8 in ranks:
        for i in range(1, n):
            if ranks[i] == _N8 and suits[i] is not trick_trump and suits[i] is not led:
                suits[i] = led
    if _N1 in ranks:
        for i in range(n):
            if ranks[i] == _N1:
                suit = cards[i].suit
                for j in range(n):
                    if ranks[j] in _COURT_NUMBERS and cards[j].suit is suit:
                        half[i] = 28
                        break
    if _N5 in ranks and _N6 in ranks:
        five = ranks.index(_N5)
        for i in range(n):
            if ranks[i] == _N6:
                half[five] += half[i]
                half[i] = 0
    if _N12 in ranks:
        buffs = None
        if 22 in half:
            for i in range(n):
                if ranks[i] == _N12:
                    half[i] = 30
    if _N3 in ranks:
        three = ranks.index(_N3)
        for i in range(n):
            if ranks[i] == _N4 or ranks[i] == _N12:
                half[three] += half[i]
                half[i] = 0
    if _N9 in ranks:
        snapshot = tuple(half)
        for i in range(n):
            if ranks[i] == _N9:
                above = below = 0
                for j in range(n):
                    if j != i:
                        if snapshot[j] > 18:
                            above += 1
                        elif snapshot[j] < 18:
                            below += 1
                half[i] = 30 if above > below else 1 if below > above else 18
    if doubled_lead:
        half[0] *= 2
    index: int | None = None
    if buffs is not None and VICTOR in buffs:
        index = buffs.index(VICTOR)
    else:
        lowest_wins = lead_rank != _N13 and ranks.count(_N7) % 2 == 1
        candidates = range(n) if buffs is None else [i for i in range(n) if buffs[i] != VOID]
        pool = [
            i
            for i in candidates
            if ranks[i] == _N2 or (trick_trump is not None and suits[i] is trick_trump)
        ]
        if not pool:
            pool = [i for i in candidates if suits[i] is led]
        if pool:
            index = best_of(pool, half, lowest_wins)
    winner = None if index is None else plays[index].seat
    next_leader = plays[0].seat if index is None else plays[index].seat
    double_next = False
    if _N6 in ranks:
        lowest = min(half)
        if half.count(lowest) == 1:
            i = half.index(lowest)
            if ranks[i] == _N6:
                next_leader = plays[i].seat
                double_next = True
    next_trump = trump
    jacks: tuple[Card, ...] = ()
    if _N11 in ranks:
        jacks = tuple([cards[i] for i in range(n) if ranks[i] == _N11])
        next_trump = jacks[-1].suit
    return trick_result(
        tuple(plays), winner, index, tuple(half), trick_trump, led, next_leader, next_trump,
        _N5 in ranks and not last_trick, double_next, jacks, trump, doubled_lead,
        last_trick, trump_card,
    )  # fmt: skip


def counter_plays(
    table: PlayTable,
    hand: tuple[Card, ...],
    trick: tuple[PlayedCard, ...],
    trump: Suit | None,
    seat: int,
) -> tuple[Play, ...]:
    """Counter's legal plays for ``seat`` (whose shared plays are ``table``)
    from the hand, the trick so far and trump."""
    candidates: Sequence[Card] = hand
    if trick:
        led = trick[0].card
        # two.suit_to_follow and eight.exempts, inline.
        follow = trump if led.rank is _TWO and trump is not None else led.suit
        suited = [c for c in hand if c.suit is follow]
        if suited and (len(suited) > 1 or suited[0].rank is not _EIGHT):
            candidates = suited
    moves = plays_of(table, candidates)
    if candidates is not hand:
        for card in candidates:
            if card.rank is _FOUR:
                break
        else:
            return tuple(moves)  # no Four to play, so none to show
    fours = [card for card in hand if card.rank is _FOUR]
    if len(fours) > 1:
        # A Four may also be played showing another Four still in the hand.
        for card in fours:
            if any(card is c for c in candidates):
                moves.extend(reveal_play(seat, card, other) for other in fours if other is not card)
    return tuple(moves)


def plain_plays(
    table: PlayTable, hand: tuple[Card, ...], trick: tuple[PlayedCard, ...]
) -> tuple[Play, ...]:
    """Follow the led suit if able, else play anything: the legal plays of Oh
    Hell without Jokers, a must-trump rule or unbroken trumps."""
    if trick:
        led = trick[0].card.suit
        suit_of = SUIT_OF
        # One pass reading each card's key once (filtering the cards first and
        # then calling plays_of measured 3 % slower on the whole hand).
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
        >>> from counter_rules.rulesets._quick import BIDS_HOOK, turn_bids
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
