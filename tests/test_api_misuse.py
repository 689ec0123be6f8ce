"""API misuse: every public function and class, called with wrong types, raises
only the library's own errors and changes nothing it was given.

Each entry of ``_CALLS`` is a valid call of one public name; the test then
replaces one argument at a time by a wrong value (``None``, a string, a float,
a bool, a list, an ``object()``) and checks that the call either works or raises
a :class:`~counter_rules.errors.CounterRulesError` subclass, never a bare
``TypeError``, ``AttributeError``, ``KeyError`` or ``IndexError``, and that the
states, views and records passed in are unchanged afterwards.
"""

from __future__ import annotations

import contextlib
import pickle
import random
from collections.abc import Callable
from typing import Any

import pytest

import counter_rules as cr
from counter_rules import (
    Bid,
    Card,
    Counter,
    Deal,
    GameRecord,
    InvalidArgumentError,
    InvalidNotationError,
    OhHell,
    Pass,
    Play,
    PlayedCard,
    Rank,
    Suit,
    apply_move,
    legal_moves,
    new_game,
    record_of,
    resolve_trick,
)
from counter_rules.errors import CounterRulesError


def _played_state() -> cr.GameState:
    state, rng = new_game(Counter(), seed=11), random.Random(11)
    while not state.tricks:
        state = apply_move(state, rng.choice(legal_moves(state)))
    return state


_STATE = _played_state()
_STATE2 = new_game(Counter(), seed=2)
_VIEW = cr.view(_STATE, 0)
_RECORD = record_of(_STATE)
_JSON = cr.state_to_json(_STATE)
_TRICK = _STATE.tricks[0]
_QS = Card.parse("QS")
_PLAYS = tuple((seat, card) for seat, card in enumerate(cr.cards("5S 6S 3S QS")))

_BAD_VALUES: tuple[object, ...] = (None, "x", 1.5, True, [1, 2], object(), -1, 10**6)

# name -> (function, positional arguments, keyword arguments) of a valid call.
_CALLS: dict[str, tuple[Callable[..., Any], tuple[Any, ...], dict[str, Any]]] = {
    "Bid": (Bid, (1, 3), {"blind": False}),
    "Play": (Play, (1, _QS), {}),
    "Pass": (Pass, (1, _QS), {}),
    "PlayedCard": (PlayedCard, (1, _QS), {}),
    "Card": (Card, (Rank.QUEEN, Suit.SPADES), {"copy": 0}),
    "Card.parse": (Card.parse, ("QS",), {}),
    "Suit.parse": (Suit.parse, ("S",), {}),
    "Deal": (Deal, (), {"hands": ["AS 2S", "3S 4S"], "stock": "5S"}),
    "Counter": (Counter, (4,), {"target": None, "hook": False}),
    "OhHell": (OhHell, (4,), {"rounds": 5}),
    "UpAndDown": (cr.UpAndDown, (4,), {}),
    "Blackout": (cr.Blackout, (4,), {}),
    "GameRecord": (GameRecord, (Counter(), 3, None, _RECORD.moves[:2]), {"dealer": 0}),
    "GameRecord.from_json": (GameRecord.from_json, (_RECORD.to_json(),), {}),
    "GameRecord.from_dict": (GameRecord.from_dict, (_RECORD.to_dict(),), {}),
    "apply_move": (apply_move, (_STATE, legal_moves(_STATE)[0]), {}),
    "cards": (cr.cards, ("AS 2S",), {}),
    "explain_trick": (cr.explain_trick, (_TRICK,), {"rules": _STATE.rules}),
    "format_move": (cr.format_move, (Bid(1, 3),), {"ascii": False}),
    "is_legal": (cr.is_legal, (_STATE, legal_moves(_STATE)[0]), {}),
    "legal_moves": (legal_moves, (_STATE,), {"seat": None}),
    "legal_moves(view)": (legal_moves, (_VIEW,), {}),
    "new_game": (new_game, (Counter(),), {"seed": 1, "deal": None}),
    "option_from_json": (cr.option_from_json, (3, int), {}),
    "option_from_text": (cr.option_from_text, ("10,9", tuple[int, ...] | str), {}),
    "option_to_json": (cr.option_to_json, (3,), {}),
    "parse_move": (cr.parse_move, ("P1:bid 3",), {}),
    "parse_move(answer)": (cr.parse_move, ("bid 3",), {"state": _STATE2, "seat": 1}),
    "record_of": (record_of, (_STATE,), {}),
    "RulesetOption": (cr.RulesetOption, ("players", 4, int), {"attribute": "players"}),
    "RulesetSpec": (cr.RulesetSpec, ((3, 4), (cr.RulesetOption("players", 4, int),)), {}),
    "RulesetSpec.from_fields": (cr.RulesetSpec.from_fields, (Counter, (3, 4, 5)), {}),
    "replay": (lambda record: list(cr.replay(record)), (_RECORD,), {}),
    "resolve_trick": (
        resolve_trick,
        (_PLAYS,),
        {"trump": Suit.HEARTS, "rules": Counter(), "doubled_lead": False, "last_trick": False},
    ),
    "rules_from_dict": (cr.rules_from_dict, (cr.rules_to_dict(Counter()),), {}),
    "rules_to_dict": (cr.rules_to_dict, (Counter(),), {}),
    "ruleset_entry": (cr.ruleset_entry, ("counter",), {}),
    "ruleset_entry_for": (cr.ruleset_entry_for, (Counter(),), {}),
    "sample_world": (cr.sample_world, (_VIEW, random.Random(1)), {"max_tries": 0}),
    "standard_deck": (cr.standard_deck, (0,), {}),
    "state_from_json": (cr.state_from_json, (_JSON,), {}),
    "state_to_json": (cr.state_to_json, (_STATE,), {"indent": None}),
    "view": (cr.view, (_STATE, 0), {}),
    "view_to_json": (cr.view_to_json, (_VIEW,), {"indent": None}),
    "view_from_json": (cr.view_from_json, (cr.view_to_json(_VIEW),), {}),
    "view_to_dict": (cr.view_to_dict, (_VIEW,), {}),
    "view_from_dict": (cr.view_from_dict, (cr.view_to_dict(_VIEW),), {}),
    "move_to_json": (cr.move_to_json, (Bid(1, 3),), {}),
    "move_from_json": (cr.move_from_json, (cr.move_to_json(Bid(1, 3)),), {}),
    "move_to_dict": (cr.move_to_dict, (Bid(1, 3),), {}),
    "move_from_dict": (cr.move_from_dict, (cr.move_to_dict(Bid(1, 3)),), {}),
    "wire_schema": (cr.wire_schema, ("view",), {}),
}

# Names of __all__ the table deliberately leaves out, and why.
_NOT_CALLED = {
    # Values, not callables.
    "COMPILED": "a constant",
    "Move": "a type alias",
    "SUITS": "a constant",
    # Enumerations: looking a member up by value is the standard Enum call.
    "Phase": "an Enum",
    "Rank": "an Enum",
    "Suit": "an Enum (Suit.parse is in the table)",
    # Errors take any message.
    "CounterRulesError": "an exception class",
    "GameOverError": "an exception class",
    "IllegalMoveError": "an exception class",
    "InvalidArgumentError": "an exception class",
    "InvalidNotationError": "an exception class",
    "WorkerLostError": "an exception class",
    # Results the engine builds; constructing them by hand is internal.
    "Effect": "built by the engine",
    "GameState": "built by new_game and apply_move",
    "HandResult": "built by the engine",
    "PlayerView": "built by view()",
    "TrickResult": "built by resolve_trick",
    "Ruleset": "an abstract base class",
    "RulesetEntry": "built by register_ruleset",
    "ruleset_entries": "takes no arguments",
    # Changes the global registry: its argument checks have their own tests.
    "register_ruleset": "changes global state",
}


def test_every_public_name_is_covered_or_explained() -> None:
    """Each name of counter_rules.__all__ is called with wrong types here, or
    the table says why not."""
    called = {name.split(".")[0].split("(")[0] for name in _CALLS}
    missing = set(cr.__all__) - called - set(_NOT_CALLED)
    assert not missing


def _cases() -> list[object]:
    cases = []
    for name, (_, args, kwargs) in _CALLS.items():
        slots = [str(i) for i in range(len(args))] + list(kwargs)
        cases.extend(
            pytest.param(name, slot, bad, id=f"{name}-{slot}-{type(bad).__name__}{k}")
            for slot in slots
            for k, bad in enumerate(_BAD_VALUES)
        )
    return cases


def _snapshot() -> bytes:
    return pickle.dumps((_STATE, _VIEW, _RECORD, _TRICK))


_BEFORE = _snapshot()


@pytest.mark.parametrize(("name", "slot", "bad"), _cases())
def test_wrong_argument_raises_only_library_errors(name: str, slot: str, bad: object) -> None:
    """A wrong value in any argument gives the library's own error or works;
    nothing passed in changes."""
    function, args, kwargs = _CALLS[name]
    call_args = list(args)
    call_kwargs = dict(kwargs)
    if slot.isdigit():
        call_args[int(slot)] = bad
    else:
        call_kwargs[slot] = bad
    with contextlib.suppress(CounterRulesError):
        function(*call_args, **call_kwargs)
    assert _snapshot() == _BEFORE


def test_the_valid_calls_work() -> None:
    """Every call of the table works with its valid arguments (so the misuse
    cases change one thing only)."""
    for function, args, kwargs in _CALLS.values():
        function(*args, **kwargs)


# -- the audit's findings, one test each ---------------------------------------
def test_card_refuses_a_bool_copy() -> None:
    """A card's copy is an integer from 0 to 15, never a bool."""
    with pytest.raises(InvalidNotationError, match="True"):
        Card(Rank.ACE, Suit.SPADES, copy=True)
    with pytest.raises(InvalidNotationError, match="16"):
        Card(Rank.ACE, Suit.SPADES, copy=16)
    with pytest.raises(InvalidNotationError, match=r"1\.0"):
        Card(Rank.ACE, Suit.SPADES, copy=1.0)  # type: ignore[arg-type]


def test_deal_refuses_non_iterable_hands_naming_them() -> None:
    """Deal(hands=None), a hand that is not a sequence of cards, or a stock of
    None, is an InvalidArgumentError naming the value."""
    with pytest.raises(InvalidArgumentError, match="None"):
        Deal(hands=None)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="7"):
        Deal(hands=[7])  # type: ignore[list-item]
    with pytest.raises(InvalidArgumentError, match="None"):
        Deal(hands=["AS"], stock=None)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="'AS 2S'"):
        Deal(hands="AS 2S")


def test_resolve_trick_refuses_non_iterable_plays_naming_them() -> None:
    """resolve_trick(None, ...) and flags that are not bools are
    InvalidArgumentErrors naming the value."""
    with pytest.raises(InvalidArgumentError, match="None"):
        resolve_trick(None, trump=None, rules=Counter())  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="3"):
        resolve_trick(3, trump=None, rules=Counter())  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="last_trick"):
        resolve_trick(_PLAYS, trump=None, rules=Counter(), last_trick=None)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="doubled_lead"):
        resolve_trick(_PLAYS, trump=None, rules=Counter(), doubled_lead=1)  # type: ignore[arg-type]


def test_suit_parse_refuses_non_text() -> None:
    """Suit.parse of something that is not text names it."""
    with pytest.raises(InvalidNotationError, match="None"):
        Suit.parse(None)  # type: ignore[arg-type]
