"""TrickResult: a value built once a trick, alike in both builds."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import attrs
import pytest

from counter_rules import (
    Card,
    Counter,
    InvalidArgumentError,
    Suit,
    TrickResult,
    cards,
    new_game,
    resolve_trick,
)
from counter_rules._value import FieldsValue
from counter_rules.fast_values import make_result

_RESULT = resolve_trick(list(enumerate(cards("5S 6S 3S JS"))), trump=Suit.HEARTS, rules=Counter())

# The fields the constructor checks, a value of the wrong type for each, and
# the words of the error.
_WRONG = {
    "plays": ([], "a tuple"),
    "winner": ("2", "an integer or None"),
    "winning_index": (1.0, "an integer or None"),
    "half_values": ([0, 0], "a tuple"),
    "next_leader": (None, "an integer"),
    "pass_cards": (1, "True or False"),
    "double_next_lead": (None, "True or False"),
    "jacks": ([], "a tuple"),
    "effects": (None, "a tuple"),
    "doubled_lead": (0, "True or False"),
    "last_trick": ("no", "True or False"),
    "trump_card": ("JS", "a Card or None"),
}


def _fields(result: TrickResult) -> dict[str, Any]:
    return attrs.asdict(result, recurse=False)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ["winner", "plays", "effects", "colour"])
def test_a_trick_result_refuses_every_write(name: str) -> None:
    """Writing or deleting a field raises AttributeError naming it, and the
    result keeps its value (it is shared by every state after the trick)."""
    before = _fields(_RESULT)
    with pytest.raises(AttributeError, match=repr(name)):
        setattr(_RESULT, name, 1)
    with pytest.raises(AttributeError, match=repr(name)):
        delattr(_RESULT, name)
    assert _fields(_RESULT) == before


@pytest.mark.parametrize("name", sorted(_WRONG))
def test_a_field_of_the_wrong_type_is_refused_naming_it(name: str) -> None:
    """The constructor (and so attrs.evolve) refuses a field of the wrong type
    with the library's error naming the field and the value, in both builds."""
    bad, allowed = _WRONG[name]
    with pytest.raises(InvalidArgumentError, match=f"{name} must be {allowed}, got"):
        attrs.evolve(_RESULT, **{name: bad})  # type: ignore[misc]


def test_the_defaults_are_the_ones_attrs_reads() -> None:
    """A result built from its first eight fields gives the others the
    defaults that attrs.fields reports, in both builds."""
    first = [getattr(_RESULT, field.name) for field in attrs.fields(TrickResult)[:8]]
    built = TrickResult(*first)
    for field in attrs.fields(TrickResult)[8:]:
        assert getattr(built, field.name) == field.default, field.name


def test_equality_hash_copies_and_the_read_only_view() -> None:
    """Equality and hashing go by the fields; copies and pickles are equal;
    vars() is a read-only view in field order; positional patterns match the
    fields in order."""
    rebuilt = TrickResult(**_fields(_RESULT))
    assert rebuilt == _RESULT and hash(rebuilt) == hash(_RESULT)
    assert attrs.evolve(_RESULT, winner=1) != _RESULT  # type: ignore[misc]
    assert _RESULT.plays != _RESULT
    for twin in (copy.copy(_RESULT), copy.deepcopy(_RESULT), pickle.loads(pickle.dumps(_RESULT))):
        assert twin == _RESULT and type(twin) is TrickResult
    assert list(vars(_RESULT)) == [field.name for field in attrs.fields(TrickResult)]
    with pytest.raises(TypeError):
        vars(_RESULT)["winner"] = 0  # type: ignore[index]
    match _RESULT:
        case TrickResult(plays, winner):
            assert (plays, winner) == (_RESULT.plays, _RESULT.winner)
        case _:  # pragma: no cover - the pattern above must match
            pytest.fail("no match")
    assert repr(_RESULT).startswith(f"TrickResult(plays={_RESULT.plays!r}, winner=")


def test_the_engine_s_builder_equals_the_constructor() -> None:
    """make_result, which the rulesets' resolutions call, builds the result
    that the constructor builds from the same fields."""
    built = make_result(*(getattr(_RESULT, field.name) for field in attrs.fields(TrickResult)))
    assert built == _RESULT and _fields(built) == _fields(_RESULT)
    assert type(built) is TrickResult
    assert _RESULT.jacks == (Card.parse("JS"),) and _RESULT.pass_cards


def test_each_value_lists_its_fields_in_the_order_they_are_named() -> None:
    """A state's and a trick result's own list of fields (what equality,
    hashing and pickling go by) is the fields read by name, in order."""
    for value in (_RESULT, new_game(Counter(), seed=4)):
        assert value._values() == FieldsValue._values(value)
        assert tuple(vars(value).values()) == value._values()
