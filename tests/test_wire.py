"""The wire: views and moves as versioned JSON, round trips, no leaks, the
schemas, and the checks made on reading."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from strategies import random_playout, rulesets, seeds

from counter_rules import (
    Bid,
    Card,
    Counter,
    GameState,
    InvalidArgumentError,
    InvalidNotationError,
    OhHell,
    Play,
    PlayerView,
    UpAndDown,
    apply_move,
    legal_moves,
    move_from_dict,
    move_from_json,
    move_to_dict,
    move_to_json,
    new_game,
    record_of,
    ruleset_entries,
    sample_world,
    view,
    view_from_dict,
    view_from_json,
    view_to_dict,
    view_to_json,
    wire_schema,
)
from counter_rules.rulesets.base import Ruleset

_SCHEMAS = {name: wire_schema(name) for name in ("view", "move", "record")}
_REGISTRY: Registry[Any] = Registry().with_resources(
    (schema["$id"], Resource.from_contents(schema)) for schema in _SCHEMAS.values()
)


def _validator(name: str) -> Draft202012Validator:
    return Draft202012Validator(_SCHEMAS[name], registry=_REGISTRY)


def _states(rules: Ruleset, seed: int, every: int = 1, limit: int = 400) -> Iterator[GameState]:
    for i, (state, _) in enumerate(random_playout(rules, seed, seed ^ 5)):
        if i % every == 0:
            yield state
        if i > limit:
            break


def _late(rules: Ruleset, seed: int, moves: int) -> GameState:
    state, rng = new_game(rules, seed), random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        state = apply_move(state, rng.choice(legal_moves(state)))
    return state


# -- round trips and leaks --------------------------------------------------------
@settings(max_examples=15, deadline=None)
@given(rules=rulesets(), seed=seeds)
@pytest.mark.slow
def test_a_view_round_trips_with_the_same_legal_moves(rules: Ruleset, seed: int) -> None:
    """view_from_json(view_to_json(v)) == v, with the same legal moves, at the
    states of a random game, for every seat."""
    for state in _states(rules, seed, every=11):
        for seat in range(state.players):
            mine = view(state, seat)
            back = view_from_json(view_to_json(mine))
            assert back == mine
            assert legal_moves(back) == legal_moves(mine)


@settings(max_examples=20, deadline=None)
@given(rules=rulesets(), seed=seeds)
@pytest.mark.slow
def test_worlds_the_seat_cannot_tell_apart_give_the_same_text(rules: Ruleset, seed: int) -> None:
    """Every world drawn by sample_world from a seat's view gives that seat the
    very same text: the wire says nothing the seat may not know."""
    rng = random.Random(seed)
    for state in _states(rules, seed, every=9):
        seat = rng.randrange(state.players)
        mine = view(state, seat)
        text = view_to_json(mine)
        for _ in range(2):
            world = sample_world(mine, rng)
            assert view_to_json(view(world, seat)) == text


@pytest.mark.parametrize("entry", ruleset_entries(), ids=lambda e: e.name)
def test_every_registered_ruleset_round_trips_and_does_not_leak(entry: Any) -> None:
    """For each registered ruleset with its default options: round trip and the
    same text in sampled worlds, at states all through a game."""
    rules = entry.build()
    rng = random.Random(3)
    for state in _states(rules, 3, every=11, limit=2_000):
        seat = rng.randrange(state.players)
        mine = view(state, seat)
        text = view_to_json(mine)
        assert view_from_json(text) == mine
        assert view_to_json(view(sample_world(mine, rng), seat)) == text


def test_cards_are_text_and_no_internal_key_is_written() -> None:
    """Cards appear as text such as "QS" and "10H"; no internal field (such as
    a card's key) reaches the wire."""
    state = _late(Counter(), 4, 60)
    data = view_to_dict(view(state, 0))
    text = view_to_json(view(state, 0))
    assert "_key" not in text and "key" not in data
    assert data["hand"] == [card.letters for card in state.hands[0]]
    assert all(isinstance(c, str) for c in data["hand"])
    assert data["trump"] in ("C", "D", "H", "S")
    assert data["phase"] == state.phase.value
    assert json.loads(text) == data


def test_jokers_and_second_decks_are_written_as_the_notation_prints_them() -> None:
    """A Joker is "Jo" (its second copy "Jo/1"), a second deck's card "QS/1"."""
    for rules in (OhHell(players=4, jokers="loser", schedule=(10,)), OhHell(players=5, decks=2)):
        state = new_game(rules, 2)
        for seat in range(rules.players):
            data = view_to_dict(view(state, seat))
            assert data["hand"] == [c.letters for c in state.hands[seat]]
            assert all(Card.parse(c) in state.hands[seat] for c in data["hand"])
    joker_texts = {c.letters for c in OhHell(players=4, jokers="loser", schedule=(10,)).deck()}
    assert "Jo" in joker_texts and "Jo/1" in joker_texts
    assert "QS/1" in {c.letters for c in OhHell(players=5, decks=2).deck()}


def test_devils_bridge_hides_the_own_card_on_the_wire() -> None:
    """Under Devil's bridge the bidder's own card is null and the others shown."""
    rules = UpAndDown(players=4, devils_bridge=True, up_to_ten=False)
    state = _late(rules, 1, 0)
    while not (state.cards_dealt == 1 and state.phase.value == "bidding"):
        state = apply_move(state, legal_moves(state)[0])
    seat = next(iter(state.to_act))
    data = view_to_dict(view(state, seat))
    assert data["hand"] is None
    assert data["others"][seat] is None
    assert all(o is not None for s, o in enumerate(data["others"]) if s != seat)
    assert view_from_dict(data) == view(state, seat)


# -- moves and records ----------------------------------------------------------------
@settings(max_examples=20, deadline=None)
@given(rules=rulesets(), seed=seeds)
def test_every_legal_move_round_trips_on_the_wire(rules: Ruleset, seed: int) -> None:
    """move_from_json(move_to_json(m)) == m and move_from_dict(move_to_dict(m)) == m
    for every legal move along a game."""
    for state in _states(rules, seed, every=3, limit=150):
        for move in legal_moves(state):
            assert move_from_json(move_to_json(move)) == move
            assert move_from_dict(move_to_dict(move)) == move


@pytest.mark.slow
def test_views_moves_and_records_match_their_schemas() -> None:
    """The shipped JSON Schemas are valid and describe what the library writes:
    views of several rulesets, every legal move, saved games."""
    for schema in _SCHEMAS.values():
        Draft202012Validator.check_schema(schema)
    views, moves, records = _validator("view"), _validator("move"), _validator("record")
    for rules in (
        Counter(players=4, target=3),
        OhHell(players=4, schedule="office", jokers="brader", decks=1),
        UpAndDown(4, blind_bidding=True, devils_bridge=True),
        OhHell(players=3, decks=2, schedule=(3, 2)),
    ):
        for state in _states(rules, 7, every=61, limit=3_000):
            for seat in range(state.players):
                views.validate(json.loads(view_to_json(view(state, seat))))
            for move in legal_moves(state):
                moves.validate(json.loads(move_to_json(move)))
            records.validate(json.loads(record_of(state).to_json()))


def test_the_schema_refuses_what_the_reader_refuses() -> None:
    """A few wrong documents fail the schema as they fail the reader."""
    views = _validator("view")
    data = view_to_dict(view(new_game(Counter(), seed=1), 0))
    for key, value in (("hand", ["Q♠"]), ("phase", "dealing"), ("version", 2)):
        wrong = {**data, key: value}
        assert not views.is_valid(wrong)
    assert not views.is_valid({**data, "seed": 1})
    assert not _validator("move").is_valid({"format": "counter-rules/move", "version": 1})


def test_wire_schema_names_the_schemas_it_has() -> None:
    """wire_schema refuses an unknown name and lists the names it knows."""
    with pytest.raises(InvalidArgumentError, match="expected one of view, move, record, got 'x'"):
        wire_schema("x")


# -- reading refuses what is wrong -------------------------------------------------
def _counter_view() -> PlayerView:
    return view(_late(Counter(), 4, 25), 1)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(version=2), "view version: this library reads version 1, got 2"),
        (lambda d: d.update(format="x"), "view format: expected 'counter-rules/view', got 'x'"),
        (lambda d: d.update(seed=3), "view: unknown field seed"),
        (lambda d: d.pop("hand"), "view: missing field hand"),
        (lambda d: d.update(seat=9), "view seat: expected a whole number from 0 to 3, got 9"),
        (lambda d: d.update(seat=True), "view seat: expected a whole number from 0 to 3"),
        (lambda d: d["hand"].__setitem__(0, "1X"), "view hand[0]: expected a card like"),
        (lambda d: d["hand"].__setitem__(0, 5), "view hand[0]: expected card text"),
        (lambda d: d.update(phase="dealing"), "view phase: expected one of bidding, playing"),
        (lambda d: d.update(bids=[1, 2]), "view bids: expected 4 items (one per seat), got 2"),
        (lambda d: d["rules"].update(game="Bridge"), "view rules.game: expected one of"),
        (lambda d: d["tricks"][0].update(winner=(d["tricks"][0]["winner"] + 1) % 4),
         "view tricks[0]: does not match the trick the rules resolve"),
        (lambda d: d["legal_moves"].pop(), "view legal_moves: do not match the moves the rules"),
        (lambda d: d["hand"].pop(), "view hand: holds 6 cards but hand_sizes says 7"),
        (lambda d: d.update(to_act=[]), "view to_act: expected no seat to act"),
        (lambda d: d.update(to_act=[1, 1]), "view to_act: a seat is listed twice"),
    ],
)  # fmt: skip
def test_a_wrong_view_raises_invalid_notation_naming_the_place(change: Any, message: str) -> None:
    """Each kind of problem raises InvalidNotationError whose message names the
    field and the value."""
    data = view_to_dict(_counter_view())
    assert data["tricks"], "the view needs a finished trick"
    change(data)
    with pytest.raises(InvalidNotationError) as caught:
        view_from_dict(data)
    assert str(caught.value).startswith(message)


def test_a_card_held_and_played_is_refused() -> None:
    """A card may not be both in the hand and in a trick."""
    data = view_to_dict(_counter_view())
    data["hand"][0] = data["tricks"][0]["plays"][0]["card"]
    data["hand"].sort(key=lambda text: Card.parse(text))
    with pytest.raises(InvalidNotationError, match="appears twice"):
        view_from_dict(data)


def test_a_view_of_text_that_is_not_json_is_refused() -> None:
    """Text that is not JSON, or not an object, is refused with the library's error."""
    for text in ("", "{", "[1]", b"\xff", "null"):
        with pytest.raises(InvalidNotationError, match=r"^view"):
            view_from_json(text)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"kind": "fold", "seat": 1},
         "move: expected a move with \"kind\" one of bid, play, pass, got 'fold'"),
        ({"kind": "bid", "seat": 1, "tricks": True, "blind": False},
         "move tricks: expected a whole number"),
        ({"kind": "bid", "seat": 1, "tricks": 2}, "move: missing field blind"),
        ({"kind": "play", "seat": 1, "card": "QS", "reveal": None, "call": "up"},
         "move call: expected null"),
        ({"kind": "pass", "seat": -1, "card": "QS"}, "move seat: expected a whole number from 0"),
        ([1], "move: expected a move with \"kind\""),
        ({"kind": {"x": 1}, "seat": 0, "card": "8C"},
         "move: expected a move with \"kind\" one of bid, play, pass, got {'x': 1}"),
        ({"kind": ["play"], "seat": 0, "card": "8C"},
         "move: expected a move with \"kind\" one of bid, play, pass, got ['play']"),
    ],
)  # fmt: skip
def test_a_wrong_move_raises_invalid_notation_naming_the_field(data: Any, message: str) -> None:
    """Moves from the wire are checked field by field."""
    with pytest.raises(InvalidNotationError) as caught:
        move_from_dict(data)
    assert str(caught.value).startswith(message)


def test_a_move_without_its_tag_is_refused() -> None:
    """move_from_json wants the format tag and version move_to_json writes."""
    with pytest.raises(InvalidNotationError, match="move format: expected 'counter-rules/move'"):
        move_from_json(json.dumps(move_to_dict(Bid(1, 2))))
    assert move_from_json(move_to_json(Play(0, Card.parse("QS")))) == Play(0, Card.parse("QS"))


# -- fuzzing ---------------------------------------------------------------------
_FUZZ_VIEWS = tuple(
    view_to_dict(view(_late(rules, seed, moves), seed % rules.players))
    for seed, rules in enumerate(
        (Counter(players=4, target=3), OhHell(players=3, schedule=(3, 2), jokers="brader"))
    )
    for moves in (0, 9, 40)
)


def _mutate(data: Any, rng: random.Random) -> Any:
    """One random change somewhere inside ``data`` (a copy)."""
    data = json.loads(json.dumps(data))
    node, path = data, []
    while isinstance(node, dict | list) and node and rng.random() < 0.7:
        key = rng.choice(list(node)) if isinstance(node, dict) else rng.randrange(len(node))
        if not isinstance(node[key], dict | list) or not node[key]:
            break
        path.append(key)
        node = node[key]
    if not isinstance(node, dict | list) or not node:
        return data
    key = rng.choice(list(node)) if isinstance(node, dict) else rng.randrange(len(node))
    choice = rng.randrange(6)
    if choice == 0:
        del node[key]
    elif choice == 1:
        node[key] = rng.choice([None, True, -1, 0, 1, 10**20, "QS", "", [], {}, 2.5])
    elif choice == 2 and isinstance(node[key], int) and not isinstance(node[key], bool):
        node[key] += rng.choice([-1, 1])
    elif choice == 3 and isinstance(node, list):
        node.append(node[key])
    elif choice == 4 and isinstance(node[key], str):
        node[key] = node[key][:-1]
    else:
        node[key] = rng.choice([None, "AH", "Jo", "10C", [None], {"x": 1}])
    return data


@settings(max_examples=300, deadline=None)
@given(which=st.integers(0, len(_FUZZ_VIEWS) - 1), seed=st.integers(0, 2**32))
def test_a_mutated_view_loads_or_raises_the_librarys_error(which: int, seed: int) -> None:
    """Any change to a view's data either gives a view that writes back to the
    same data and offers its legal moves, or raises InvalidNotationError."""
    data = _mutate(_FUZZ_VIEWS[which], random.Random(seed))
    try:
        loaded = view_from_dict(data)
    except InvalidNotationError:
        return
    assert view_from_dict(view_to_dict(loaded)) == loaded
    assert legal_moves(loaded) == tuple(move_from_dict(m) for m in data["legal_moves"])
