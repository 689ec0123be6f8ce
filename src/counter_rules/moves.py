"""Moves: the decisions a player makes, as small immutable values.

Every move carries the seat that makes it. ``Move`` is the union of all move
types; dispatch on it with ``match``.

Example:
    >>> from counter_rules import Bid, Card, Pass, Play
    >>> str(Bid(0, 3)), str(Play(1, Card.parse("4S"), reveal=Card.parse("4D")))
    ('P0:bid 3', 'P1:4♠+4♦')
    >>> str(Pass(2, Card.parse("KH")))
    'P2:pass K♥'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeAlias, TypeVar

import attrs

from counter_rules.cards import KEY_COUNT, Card, Rank, intern_card, standard_deck

__all__ = ["Bid", "Move", "Pass", "Play"]


@attrs.frozen
class Bid:
    """Bid to win exactly ``tricks`` tricks this hand.

    ``blind=True`` is a blind bid, made before looking at the hand (only where
    the ruleset allows it).
    """

    seat: int
    """The bidding seat."""
    tricks: int
    """The number of tricks bid."""
    blind: bool = False
    """Whether the bid was made blind, before looking at the hand."""

    def __str__(self) -> str:
        return f"P{self.seat}:{'blind ' if self.blind else ''}bid {self.tricks}"


@attrs.frozen
class Play:
    """Play ``card`` to the current trick.

    ``reveal`` is Counter's optional part of playing a Four: another Four shown
    (not played) from the same hand, which makes the played Four a *victor*
    Four. ``Play(s, 4♠)`` and ``Play(s, 4♠, reveal=4♦)`` are different moves.
    A ``Play`` never equals the :class:`~counter_rules.PlayedCard` it puts on
    the table: one is a decision, the other a card of a trick; both print alike.
    """

    seat: int
    """The seat that plays the card."""
    card: Card
    """The card played."""
    reveal: Card | None = None
    """The Four shown (not played) with a played Four (Counter), or ``None``."""
    call: str | None = None
    """A Joker's call where the ruleset asks for one, ``"high"`` (it wins the
    trick) or ``"low"`` (it loses); ``None`` otherwise."""

    def __str__(self) -> str:
        return play_text(self.seat, self.card, self.reveal, self.call)


def play_text(
    seat: int, card: Card, reveal: Card | None, call: str | None, ascii: bool = False
) -> str:
    """The text of ``card`` played by ``seat`` (with a Four shown, or a Joker's
    call): ``P1:4♠+4♦``, ``P2:Jo(high)``; ``ascii=True`` writes ``4S``. A
    :class:`Play` and a :class:`~counter_rules.PlayedCard` print through it."""
    if ascii:
        text = f"P{seat}:{card.letters}"
        if reveal is not None:
            text += f"+{reveal.letters}"
    else:
        text = f"P{seat}:{card}"
        if reveal is not None:
            text += f"+{reveal}"
    if call is not None:
        text += f"({call})"
    return text


@attrs.frozen
class Pass:
    """Pass ``card`` face down to the player on the left (Counter, after a Five)."""

    seat: int
    """The passing seat."""
    card: Card
    """The card passed to seat ``(seat + 1) % players``."""

    def __str__(self) -> str:
        return f"P{self.seat}:pass {self.card}"


Move: TypeAlias = Bid | Play | Pass
"""Any move: :class:`Bid`, :class:`Play` or :class:`Pass`."""

PlayTable: TypeAlias = "tuple[Play | None, ...]"
"""One seat's shared plays indexed by card key, ``None`` for cards outside the
ruleset's deck (internal)."""

PassTable: TypeAlias = "tuple[Pass | None, ...]"
"""One seat's shared passes indexed by card key, ``None`` for cards outside
the ruleset's deck (internal)."""


# Shared move instances: the engine hands out one object per distinct move, so
# ``move in legal_moves(state)`` usually succeeds on identity alone.
_BIDS: dict[tuple[int, int, bool], Bid] = {}


_PLAY_TABLE_SIZE = KEY_COUNT
_Shared = TypeVar("_Shared", "Play", "Pass")
_PLAY_TABLES: dict[int, list[Play | None]] = {}


def play_table(seat: int) -> list[Play | None]:
    """Shared plays without a reveal for ``seat``, indexed by the card's key (internal)."""
    return _seat_table(_PLAY_TABLES, seat)


def _seat_table(tables: dict[int, list[_Shared | None]], seat: int) -> list[_Shared | None]:
    """``seat``'s table of shared moves in ``tables``, made empty the first time."""
    table = tables.get(seat)
    if table is None:
        table = tables[seat] = [None] * _PLAY_TABLE_SIZE
    return table


def shared_play(seat: int, card: Card, reveal: Card | None = None) -> Play:
    """The shared :class:`Play` instance for these values (internal)."""
    if reveal is None:
        table = play_table(seat)
        move = table[card._key]
        if move is None:
            move = table[card._key] = Play(seat, card)
        return move
    return reveal_play(seat, card, reveal)


def seat_plays(players: int, deck: tuple[Card, ...]) -> tuple[PlayTable, ...]:
    """For each seat, the shared plays without a reveal of every card of
    ``deck``, indexed by the card's key, ``None`` for cards outside ``deck``
    (internal). Built once per deck object and player count."""
    return _per_seat(shared_play, _SEAT_PLAYS, players, deck)


def seat_passes(players: int, deck: tuple[Card, ...]) -> tuple[PassTable, ...]:
    """For each seat, the shared passes of every card of ``deck``, indexed by
    the card's key, ``None`` for cards outside ``deck`` (internal). Built once
    per deck object and player count."""
    return _per_seat(shared_pass, _SEAT_PASSES, players, deck)


def _per_seat(
    shared: Callable[[int, Card], _Shared],
    known: dict[tuple[int, int], tuple[tuple[Card, ...], tuple[tuple[_Shared | None, ...], ...]]],
    players: int,
    deck: tuple[Card, ...],
) -> tuple[tuple[_Shared | None, ...], ...]:
    """For each seat, ``shared(seat, card)`` of every card of ``deck`` by card
    key, kept in ``known`` for the deck object and player count."""
    found = known.get((players, id(deck)))
    if found is not None and found[0] is deck:
        return found[1]
    tables = []
    for seat in range(players):
        table: list[_Shared | None] = [None] * _PLAY_TABLE_SIZE
        for card in deck:
            table[card._key] = shared(seat, card)
        tables.append(tuple(table))
    if len(known) > 256:
        known.clear()
    result = tuple(tables)
    # The deck is kept with its tables, so that its id is not reused meanwhile.
    known[(players, id(deck))] = (deck, result)
    return result


_SEAT_PLAYS: dict[tuple[int, int], tuple[tuple[Card, ...], tuple[PlayTable, ...]]] = {}
_SEAT_PASSES: dict[tuple[int, int], tuple[tuple[Card, ...], tuple[PassTable, ...]]] = {}


def any_plays(seat: int) -> PlayTable:
    """The shared plays without a reveal of ``seat`` for every card there is
    (one or two decks, Jokers), indexed by the card's key (internal): for
    callers that know the seat but not the ruleset's deck."""
    table = _ANY_PLAYS.get(seat)
    if table is None:
        table = _ANY_PLAYS[seat] = seat_plays(seat + 1, _EVERY_CARD)[seat]
    return table


_ANY_PLAYS: dict[int, PlayTable] = {}
_EVERY_CARD: tuple[Card, ...] = (
    *standard_deck(0),
    *standard_deck(1),
    intern_card(Card(Rank.JOKER, None, 0)),
    intern_card(Card(Rank.JOKER, None, 1)),
)


def shared_bid(seat: int, tricks: int, blind: bool = False) -> Bid:
    """The shared :class:`Bid` instance for these values (internal)."""
    key = (seat, tricks, blind)
    move = _BIDS.get(key)
    if move is None:
        move = _BIDS[key] = Bid(seat, tricks, blind)
    return move


def shared_pass(seat: int, card: Card) -> Pass:
    """The shared :class:`Pass` instance for these values (internal)."""
    table = _seat_table(_PASS_TABLES, seat)
    move = table[card._key]
    if move is None:
        move = table[card._key] = Pass(seat, card)
    return move


_PASS_TABLES: dict[int, list[Pass | None]] = {}


_REVEALS: dict[tuple[int, int, int], Play] = {}


def reveal_play(seat: int, card: Card, reveal: Card) -> Play:
    """The shared :class:`Play` of ``card`` showing ``reveal`` (internal)."""
    key = (seat, card._key, reveal._key)
    move = _REVEALS.get(key)
    if move is None:
        move = _REVEALS[key] = Play(seat, card, reveal)
    return move


_CALLS: dict[tuple[int, int, str], Play] = {}


def call_play(seat: int, card: Card, call: str) -> Play:
    """The shared :class:`Play` of a Joker with a call (internal)."""
    key = (seat, card._key, call)
    move = _CALLS.get(key)
    if move is None:
        move = _CALLS[key] = Play(seat, card, None, call)
    return move


_BID_TUPLES: dict[tuple[int, tuple[int, ...], bool], tuple[Bid, ...]] = {}


def bid_moves(seat: int, tricks: tuple[int, ...], blind: bool = False) -> tuple[Bid, ...]:
    """The shared tuple of :class:`Bid` moves of ``seat`` for these bids (internal)."""
    key = (seat, tricks, blind)
    moves = _BID_TUPLES.get(key)
    if moves is None:
        moves = _BID_TUPLES[key] = tuple(shared_bid(seat, n, blind) for n in tricks)
    return moves
