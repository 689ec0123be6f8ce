"""Builders of the value objects on the engine's hot path (internal).

The rulesets' trick resolutions and the engine build a
:class:`~counter_rules.TrickResult` for every trick and a
:class:`~counter_rules.HandResult` for every hand, and look up the shared
:class:`~counter_rules.Play` (or :class:`~counter_rules.Pass`) of every held
card and the shared
:class:`~counter_rules.PlayedCard` of every card played; these functions do
it without the generic machinery of attrs. The compiled build compiles this
module with mypyc.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from counter_rules._fields import interpreted_maker
from counter_rules.cards import KEY_COUNT, Card, Suit
from counter_rules.errors import InvalidArgumentError
from counter_rules.hand_result import HandResult
from counter_rules.moves import Pass, PassTable, Play, PlayTable, shared_pass
from counter_rules.trick import Effect, PlayedCard, TrickResult

__all__ = [
    "PLAYED_TABLES",
    "make_hand_result",
    "make_result",
    "not_in_deck",
    "passes_of",
    "played_card",
    "plays_of",
]

_new: Final = object.__new__


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
    rulesets' resolutions build their results with it. The compiled build
    calls the native constructor; the pure-Python build fills the instance
    dict at once (:func:`~counter_rules._fields.interpreted_maker`), which costs a fraction of
    the interpreted constructor and its check on the engine's hot path; a
    test checks that the result equals the one ``TrickResult(...)`` builds.
    """
    return TrickResult(
        plays, winner, winning_index, half_values, trick_trump, led_suit, next_leader,
        next_trump, pass_cards, double_next_lead, jacks, effects, trump, doubled_lead,
        last_trick, trump_card,
    )  # fmt: skip


if not hasattr(TrickResult, "__mypyc_attrs__"):  # the pure-Python build
    globals()["make_result"] = interpreted_maker(TrickResult)


def make_hand_result(
    hand_number: int,
    dealer: int,
    cards_dealt: int,
    trump: Suit | None,
    bids: tuple[int, ...],
    tricks_won: tuple[int, ...],
    points: tuple[int, ...],
    scores: tuple[int, ...],
    blind: tuple[bool, ...],
    exchanges: tuple[tuple[Card | None, ...], ...],
    tricks: tuple[TrickResult, ...],
) -> HandResult:
    """A :class:`~counter_rules.HandResult` from all its fields, in order: the
    engine builds every hand's result with it.

    It sets the slots one by one instead of calling attrs' ``__init__``,
    which goes through a bound ``object.__setattr__`` per field; a test
    checks that the result equals the one ``HandResult(...)`` builds.
    """
    result = _new(HandResult)
    object.__setattr__(result, "hand_number", hand_number)
    object.__setattr__(result, "dealer", dealer)
    object.__setattr__(result, "cards_dealt", cards_dealt)
    object.__setattr__(result, "trump", trump)
    object.__setattr__(result, "bids", bids)
    object.__setattr__(result, "tricks_won", tricks_won)
    object.__setattr__(result, "points", points)
    object.__setattr__(result, "scores", scores)
    object.__setattr__(result, "blind", blind)
    object.__setattr__(result, "exchanges", exchanges)
    object.__setattr__(result, "tricks", tricks)
    return result


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
            raise not_in_deck(card)
        plays.append(play)
    return plays


def passes_of(table: PassTable, seat: int, cards: tuple[Card, ...]) -> tuple[Pass, ...]:
    """The shared passes of ``cards`` by ``seat``, from ``table`` (the seat's
    row of the per-ruleset table of passes, ``moves.seat_passes``), in the
    order of ``cards``. A card outside the ruleset's deck (a state built by
    hand) has no entry and gets its pass from ``moves.shared_pass``."""
    passes: list[Pass] = []
    for card in cards:
        found = table[card._key]
        passes.append(found if found is not None else shared_pass(seat, card))
    return tuple(passes)


def not_in_deck(card: Card) -> InvalidArgumentError:
    """The error for a held card outside the ruleset's deck (internal)."""
    return InvalidArgumentError(f"{card} is not a card of this ruleset's deck")


# Shared PlayedCard instances without reveal or call, by seat and card key.
PLAYED_TABLES: Final[list[list[PlayedCard | None]]] = [[None] * KEY_COUNT for _ in range(16)]


def played_card(seat: int, card: Card) -> PlayedCard:
    """The shared :class:`~counter_rules.PlayedCard` for ``seat`` playing
    ``card`` with no reveal or call."""
    table = PLAYED_TABLES[seat]
    played = table[card._key]
    if played is None:
        played = table[card._key] = PlayedCard(seat, card)
    return played
