"""Fuzzing the records: valid records of several rulesets, mutated at random,
either load into a state that keeps every invariant or raise only the library's
own errors.

The mutations work on the parsed JSON (delete, duplicate or replace a key or an
item, change a value's type, change a number, truncate a string, swap two moves,
change a card in a move) and on the raw text (truncate it, repeat a key).
"""

from __future__ import annotations

import json
import math
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_properties import _check_state

from counter_rules import (
    Blackout,
    Counter,
    GameRecord,
    GameState,
    OhHell,
    UpAndDown,
    apply_move,
    legal_moves,
    new_game,
    state_from_json,
    state_to_json,
)
from counter_rules.errors import CounterRulesError
from counter_rules.rulesets.base import Ruleset

pytestmark = pytest.mark.faults  # the record fuzzer belongs to the fault suite

_RULESETS: tuple[Ruleset, ...] = (
    Counter(players=4, target=3),
    Counter(players=3, hook=True),
    OhHell(players=3, rounds=3),
    OhHell(players=4, schedule="office", jokers="brader", decks=1),
    UpAndDown(4, blind_bidding=True),
    Blackout(3, simultaneous_bidding=True),
)


def _played(rules: Ruleset, seed: int, moves: int) -> GameState:
    state, rng = new_game(rules, seed), random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        state = apply_move(state, rng.choice(legal_moves(state)))
    return state


# Records at several points of each game: just dealt, mid-hand, later hands.
_RECORDS: tuple[str, ...] = tuple(
    state_to_json(_played(rules, seed, moves))
    for seed, rules in enumerate(_RULESETS)
    for moves in (0, 7, 40)
)

_JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=6,
)
_CARD_TEXTS = st.sampled_from(["QS", "10H", "TH", "Jo", "Jo/1", "AS/1", "2C", "ZZ", "Q♠", ""])


def _containers(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The paths of every dict and list inside ``data``."""
    found = []
    if isinstance(data, dict):
        found.append(path)
        for key, value in data.items():
            found.extend(_containers(value, (*path, key)))
    elif isinstance(data, list):
        found.append(path)
        for index, value in enumerate(data):
            found.extend(_containers(value, (*path, index)))
    return found


def _at(data: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        data = data[step]
    return data


def _retyped(value: Any) -> Any:
    """The same content as another JSON type (a number as text, a text in a list...)."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return int(value) if math.isfinite(value) else str(value)
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return {str(i): v for i, v in enumerate(value)}
    if isinstance(value, dict):
        return list(value.values())
    return 0


@st.composite
def _mutate(draw: st.DrawFn, data: Any) -> None:
    """Apply one random mutation to ``data`` in place."""
    container = _at(data, draw(st.sampled_from(_containers(data))))
    keys = list(container) if isinstance(container, dict) else list(range(len(container)))
    operation = draw(
        st.sampled_from(
            ["delete", "duplicate", "replace", "number", "truncate", "swap", "card", "type"]
        )
    )
    if not keys:
        if isinstance(container, list):
            container.append(draw(_JSON_VALUES))
        else:
            container[draw(st.text(max_size=5))] = draw(_JSON_VALUES)
        return
    key = draw(st.sampled_from(keys))
    value = container[key]
    if operation == "delete":
        del container[key]
    elif operation == "duplicate":
        if isinstance(container, list):
            container.insert(key, value)
        else:
            container[f"{key}{draw(st.sampled_from(['', '_', '2']))}"] = value
    elif operation == "replace":
        container[key] = draw(_JSON_VALUES)
    elif operation == "number" and isinstance(value, int):
        container[key] = value + draw(st.sampled_from([-(2**40), -100, -2, -1, 1, 2, 100, 2**40]))
    elif operation == "truncate" and isinstance(value, str):
        container[key] = value[: draw(st.integers(0, max(len(value) - 1, 0)))]
    elif operation == "swap" and isinstance(container, list) and len(container) > 1:
        other = draw(st.sampled_from(keys))
        container[key], container[other] = container[other], value
    elif operation == "card" and isinstance(value, str):
        head, sep, _ = value.partition(":")
        container[key] = f"{head}{sep}{draw(_CARD_TEXTS)}" if sep else draw(_CARD_TEXTS)
    else:
        # "type" and the cases above that do not fit the value: change its type.
        container[key] = _retyped(value)


def _check_loaded(state: GameState) -> None:
    """A loaded state keeps the invariants of every reachable state."""
    assert isinstance(state, GameState)
    _check_state(state, full=False)


@settings(max_examples=250, deadline=None)
@given(
    st.sampled_from(_RECORDS),
    st.integers(1, 3),
    st.data(),
)
@pytest.mark.slow
def test_mutated_records_load_correctly_or_raise_library_errors(
    text: str, mutations: int, data: st.DataObject
) -> None:
    """A record with random changes either loads into a consistent state or is
    refused with a CounterRulesError; nothing else escapes."""
    record = json.loads(text)
    for _ in range(mutations):
        data.draw(_mutate(record))
    mutated = json.dumps(record, ensure_ascii=data.draw(st.booleans()))
    try:
        state = state_from_json(mutated)
    except CounterRulesError:
        pass
    else:
        _check_loaded(state)
    try:
        loaded = GameRecord.from_json(mutated)
    except CounterRulesError:
        return
    final = loaded.final_state()
    _check_loaded(final)
    # Simultaneous bids may be recorded in another order; the state is the same.
    assert state_from_json(state_to_json(final)) == final


@settings(max_examples=120, deadline=None)
@given(st.sampled_from(_RECORDS), st.data())
def test_damaged_record_text_raises_library_errors(text: str, data: st.DataObject) -> None:
    """Cut short, given a repeated key or stray bytes, record text is refused
    with a CounterRulesError or loads consistently."""
    damage = data.draw(st.sampled_from(["cut", "repeat", "bytes"]))
    if damage == "cut":
        damaged: str | bytes = text[: data.draw(st.integers(0, len(text) - 1))]
    elif damage == "repeat":
        damaged = text[:-1] + ', "moves": ' + json.dumps(data.draw(_JSON_VALUES)) + "}"
    else:
        raw = text.encode()
        cut = data.draw(st.integers(0, len(raw)))
        damaged = raw[:cut] + data.draw(st.binary(min_size=1, max_size=4)) + raw[cut:]
    for load in (state_from_json, lambda t: GameRecord.from_json(t).final_state()):
        try:
            state = load(damaged)
        except CounterRulesError:
            continue
        _check_loaded(state)


def test_unmutated_records_load_equal() -> None:
    """The records the fuzzing starts from are valid: each loads, and saves back
    to the same text."""
    for text in _RECORDS:
        assert state_to_json(state_from_json(text)) == text
