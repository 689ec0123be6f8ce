"""PlayedCard: the card on the table, its checks, equality, text and copies."""

from __future__ import annotations

import copy
import pickle

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st
from source_helpers import documented_attributes

from counter_rules import Card, InvalidArgumentError, Play, PlayedCard, standard_deck

_QS = Card.parse("QS")
_4S, _4H = Card.parse("4S"), Card.parse("4H")


@pytest.mark.parametrize("name", ["seat", "card", "reveal", "call", "colour"])
def test_a_played_card_refuses_every_write(name: str) -> None:
    """A played card is immutable: writing or deleting any attribute raises
    AttributeError naming it, and the value stays."""
    played = PlayedCard(1, _QS)
    with pytest.raises(AttributeError, match=repr(name)):
        setattr(played, name, 2)
    with pytest.raises(AttributeError, match=repr(name)):
        delattr(played, name)
    assert played == PlayedCard(1, _QS) and played.seat == 1
    assert not hasattr(played, "__dict__")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((True, _QS), "seat must be an integer from 0, got True"),
        ((-1, _QS), "seat must be an integer from 0, got -1"),
        (("1", _QS), "seat must be an integer from 0, got '1'"),
        ((1, "QS"), "card must be a Card, got 'QS'"),
        ((1, None), "card must be a Card, got None"),
        ((1, _4S, "4H"), "reveal must be a Card or None, got '4H'"),
        ((1, _QS, None, "middle"), "call must be None, 'high' or 'low', got 'middle'"),
        ((1, _QS, None, ["high"]), "call must be None, 'high' or 'low', got \\['high'\\]"),
    ],
)
def test_a_bad_part_is_refused_naming_it(args: tuple[object, ...], message: str) -> None:
    """Each part of the wrong kind is an InvalidArgumentError naming the value,
    in both builds (the compiled class checks before its typed constructor)."""
    with pytest.raises(InvalidArgumentError, match=message):
        PlayedCard(*args)  # type: ignore[arg-type]


def test_keyword_construction_and_defaults() -> None:
    """PlayedCard(seat=..., card=..., reveal=..., call=...) builds the same
    value; reveal and call default to None."""
    made = PlayedCard(seat=2, card=_4S, reveal=_4H, call=None)
    assert made == PlayedCard(2, _4S, _4H)
    assert (made.seat, made.card, made.reveal, made.call) == (2, _4S, _4H, None)
    assert PlayedCard(0, _QS).reveal is None and PlayedCard(0, _QS).call is None
    joker = Card.parse("Jo")
    assert PlayedCard(3, joker, call="high").call == "high"


def test_equality_and_hash_go_by_the_fields() -> None:
    """Equal fields make equal played cards with equal hashes; any field
    differing makes them differ; a Play with the same fields never equals one."""
    base = PlayedCard(2, _4S, _4H)
    assert base == PlayedCard(2, _4S, _4H) and hash(base) == hash(PlayedCard(2, _4S, _4H))
    for other in (PlayedCard(1, _4S, _4H), PlayedCard(2, _4H, _4S), PlayedCard(2, _4S)):
        assert base != other and not base == other  # noqa: SIM201  # both operators
    assert base != Play(2, _4S, _4H) and Play(2, _4S, _4H) != base
    assert base != (2, _4S, _4H)


def test_text_repr_and_match() -> None:
    """str() prints as the play does, repr() names every field, and a
    positional pattern matches the fields in order."""
    played = PlayedCard(2, _4S, reveal=_4H)
    assert str(played) == str(Play(2, _4S, reveal=_4H)) == "P2:4♠+4♥"
    assert str(PlayedCard(0, Card.parse("Jo"), call="low")) == "P0:Jo(low)"
    assert repr(PlayedCard(1, _QS)) == f"PlayedCard(seat=1, card={_QS!r}, reveal=None, call=None)"
    match played:
        case PlayedCard(seat, card, reveal, call):
            assert (seat, card, reveal, call) == (2, _4S, _4H, None)
        case _:  # pragma: no cover - the pattern above must match
            pytest.fail("no match")


def test_attrs_functions_work_on_a_played_card() -> None:
    """attrs.fields, attrs.asdict and attrs.evolve work as on an attrs class;
    evolve checks the new value as the constructor does."""
    played = PlayedCard(2, _4S)
    assert [field.name for field in attrs.fields(PlayedCard)] == ["seat", "card", "reveal", "call"]
    assert attrs.asdict(played, recurse=False) == {
        "seat": 2,
        "card": _4S,
        "reveal": None,
        "call": None,
    }
    assert attrs.evolve(played, seat=3) == PlayedCard(3, _4S)
    with pytest.raises(InvalidArgumentError, match=r"seat must be an integer from 0, got 9\.5"):
        attrs.evolve(played, seat=9.5)


@given(
    st.integers(min_value=0, max_value=9),
    st.sampled_from(standard_deck(0)),
    st.none() | st.sampled_from(standard_deck(0)),
    st.sampled_from([None, "high", "low"]),
)
def test_copies_and_pickles_are_equal(
    seat: int, card: Card, reveal: Card | None, call: str | None
) -> None:
    """copy, deepcopy and pickle give an equal played card with the same hash."""
    played = PlayedCard(seat, card, reveal, call)
    for twin in (copy.copy(played), copy.deepcopy(played), pickle.loads(pickle.dumps(played))):
        assert twin == played and hash(twin) == hash(played)
        assert type(twin) is PlayedCard


def test_every_played_card_attribute_has_a_docstring() -> None:
    """STYLE: an attribute docstring under each field (read from the
    checkout's source, which the compiled build does not keep with the class)."""
    documented = documented_attributes("trick.py", "PlayedCard")
    assert {"seat", "card", "reveal", "call"} <= documented
    assert PlayedCard.__doc__ and "A card played to a trick" in PlayedCard.__doc__
