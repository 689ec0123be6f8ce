"""Game records: JSON round trips, replay, and rejection of damaged input."""

from __future__ import annotations

import json
import pathlib
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import random_playout, rulesets, seeds

from counter_rules import (
    Card,
    Counter,
    CounterRulesError,
    Deal,
    GameRecord,
    InvalidArgumentError,
    InvalidNotationError,
    OhHell,
    apply_move,
    format_move,
    legal_moves,
    new_game,
    parse_move,
    record_of,
    replay,
    rules_from_dict,
    rules_to_dict,
    sample_world,
    standard_deck,
    state_from_json,
    state_to_json,
    view,
)
from counter_rules.rulesets.base import Ruleset


def _played(rules: Ruleset, seed: int, moves: int) -> object:
    rng = random.Random(seed)
    state = new_game(rules, seed)
    for _ in range(moves):
        if state.is_over:
            break
        state = apply_move(state, rng.choice(legal_moves(state)))
    return state


@settings(max_examples=40)
@given(rules=rulesets(), seed=seeds, moves=st.integers(0, 400))
def test_states_round_trip_through_json(rules: Ruleset, seed: int, moves: int) -> None:
    """A game in progress saved to JSON resumes as an equal state."""
    state = _played(rules, seed, moves)
    text = state_to_json(state)  # type: ignore[arg-type]
    assert state_from_json(text) == state
    assert state_from_json(text.encode()) == state


@settings(max_examples=25)
@given(rules=rulesets(), seed=seeds)
def test_records_round_trip_and_replay(rules: Ruleset, seed: int) -> None:
    """A whole game's record round-trips, and its replay ends at the same state."""
    states = [s for s, _ in random_playout(rules, seed, seed + 7)]
    record = record_of(states[-1])
    back = GameRecord.from_json(record.to_json(indent=2))
    assert back == record
    replayed = list(replay(back))
    assert len(replayed) == len(states) and replayed[-1] == states[-1]
    assert json.loads(record.to_json())["result"]["winners"] == list(states[-1].winners)


@given(rules=rulesets())
def test_rulesets_round_trip(rules: Ruleset) -> None:
    """Every option of every ruleset survives the trip to JSON data and back."""
    data = json.loads(json.dumps(rules_to_dict(rules)))
    assert rules_from_dict(data) == rules


@given(st.sampled_from(standard_deck()), st.integers(0, 9), st.integers(0, 13))
def test_move_notation_round_trips(card: Card, seat: int, tricks: int) -> None:
    """Moves print and parse back, with symbols or ASCII."""
    from counter_rules import Bid, Pass, Play

    four, other = Card.parse("4S"), Card.parse("4H")
    for move in (
        Bid(seat, tricks),
        Bid(seat, tricks, blind=True),
        Play(seat, card),
        Play(seat, four, reveal=other),
        Play(seat, Card.parse("Jo/1"), call="low"),
        Pass(seat, card),
    ):
        assert parse_move(format_move(move)) == move
        assert parse_move(format_move(move, ascii=True)) == move


@pytest.mark.parametrize("text", ["", "P1", "1:bid 3", "P1:bid x", "P1:QX", "P1:4S+", "Px:QS",
                                  "P1:Jo(middle)", "P1:pass", "P1:sometimes bid 3"])  # fmt: skip
def test_bad_move_text_is_rejected(text: str) -> None:
    """Move text that does not parse raises InvalidNotationError quoting it."""
    with pytest.raises(InvalidNotationError, match="expected a move like"):
        parse_move(text)


def _record_data() -> dict[str, object]:
    state = _played(Counter(), 5, 60)
    data: dict[str, object] = json.loads(state_to_json(state))  # type: ignore[arg-type]
    return data


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (lambda d: d.update(version=2), "record version"),
        (lambda d: d.update(format="x"), "record format"),
        (lambda d: d.pop("seed"), "missing field"),
        (lambda d: d.update(extra=1), "unknown field"),
        (lambda d: d.update(seed="5"), "record seed"),
        (lambda d: d.update(seed=True), "record seed"),
        (lambda d: d["rules"].update(game="Poker"), "record rules.game"),
        (lambda d: d["rules"]["options"].update(players=9), "Counter.players must be"),
        (lambda d: d["rules"]["options"].update(colour="red"), "unknown option 'colour'"),
        (lambda d: d["moves"].__setitem__(3, "P1:ZZ"), r"record moves\[3\]"),
        (lambda d: d["moves"].__setitem__(0, "P3:bid 2"), r"record moves\[0\].*cannot be played"),
        (lambda d: d["moves"].append(7), r"record moves\[60\]"),
        (lambda d: d.update(result={"over": True, "scores": [0], "winners": []}), "record result"),
        (lambda d: d.update(deal={"hands": [["AS"]], "stock": []}), "record deal"),
        (
            lambda d: d.update(deal={"hands": [["1X"], [], [], []], "stock": []}),
            r"record deal.hands\[0\]\[0\]",
        ),
        (lambda d: d.update(deal={"hands": [["AS"]], "stock": []}), "expected a list of 4 hands"),
    ],
)
def test_damaged_records_are_rejected_naming_where(change: object, where: str) -> None:
    """Each kind of damage raises InvalidNotationError that says where it is."""
    data = _record_data()
    change(data)  # type: ignore[operator]
    with pytest.raises(InvalidNotationError, match=where):
        state_from_json(json.dumps(data))


@settings(max_examples=60)
@given(data=st.data())
def test_mutated_or_truncated_json_never_escapes_the_error_tree(data: st.DataObject) -> None:
    """Random damage to a record's text either still loads to a valid game or
    raises InvalidNotationError; never another exception."""
    text = state_to_json(_played(Counter(players=3), 2, 40))  # type: ignore[arg-type]
    how = data.draw(st.sampled_from(["truncate", "replace", "insert", "delete"]))
    at = data.draw(st.integers(0, len(text) - 1))
    if how == "truncate":
        damaged = text[:at]
    elif how == "replace":
        damaged = text[:at] + data.draw(st.characters()) + text[at + 1 :]
    elif how == "insert":
        damaged = text[:at] + data.draw(st.text(max_size=5)) + text[at:]
    else:
        damaged = text[:at] + text[at + data.draw(st.integers(1, 20)) :]
    try:
        state = state_from_json(damaged)
    except InvalidNotationError:
        return
    assert state.rules.players >= 2  # it parsed: then it is a real, replayed game


@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=4),
                    lambda c: st.lists(c, max_size=3) | st.dictionaries(st.text(max_size=6), c,
                                                                        max_size=4),
                    max_leaves=12))  # fmt: skip
def test_arbitrary_json_is_rejected_cleanly(value: object) -> None:
    """Any JSON value that is not a record raises InvalidNotationError."""
    with pytest.raises(InvalidNotationError):
        GameRecord.from_dict(value)


def test_explicit_deals_are_recorded() -> None:
    """A game started from an explicit deal records and replays that deal."""
    deck = standard_deck()
    deal = Deal(hands=[deck[i * 10 : i * 10 + 10] for i in range(4)], stock=deck[40:])
    state = new_game(Counter(), seed=1, deal=deal)
    state = apply_move(state, legal_moves(state)[0])
    back = state_from_json(state_to_json(state))
    assert back == state and back.first_deal == deal


def test_sampled_worlds_with_hidden_passes_cannot_be_recorded() -> None:
    """A sampled world does not know others' passes: recording it says so."""
    rng = random.Random(0)
    for seed in range(100):
        state = new_game(Counter(), seed)
        while not state.exchanges and not state.is_over:
            state = apply_move(state, rng.choice(legal_moves(state)))
        if state.exchanges:
            world = sample_world(view(state, 0), rng)
            with pytest.raises(CounterRulesError, match="passes are not known"):
                record_of(world)
            return
    pytest.fail("no exchange happened")


def test_records_of_the_general_ruleset_keep_every_option() -> None:
    """OhHell's options, including a rotation with no-trump entries, survive."""
    rules = OhHell(players=3, schedule=(2, 1), trump="rotation", rotation=("H", None))
    assert rules_from_dict(rules_to_dict(rules)) == rules


DATA = pathlib.Path(__file__).parent / "data" / "records_0_1_0"


@pytest.mark.parametrize("path", sorted(DATA.glob("*.json")), ids=lambda p: p.stem)
def test_records_written_by_0_1_0_load_and_replay(path: pathlib.Path) -> None:
    """Records saved by release 0.1.0 load, replay to their recorded result,
    and are written back as a record of the same game (options added since
    are written with their defaults)."""
    text = path.read_text(encoding="utf-8")
    record = GameRecord.from_json(text)
    states = list(record.replay())
    assert len(states) == len(record.moves) + 1
    assert state_from_json(text) == states[-1]
    assert GameRecord.from_json(record.to_json()) == record
    written, saved = json.loads(record.to_json()), json.loads(text)
    assert written["moves"] == saved["moves"]
    assert saved["rules"]["options"].items() <= written["rules"]["options"].items()


@pytest.mark.parametrize(
    "rules", [{"game": [], "options": {}}, {"game": {}, "options": {}}, {}, {"game": "OhHell"}]
)
def test_rules_that_are_not_a_game_name_are_a_notation_error(rules: object) -> None:
    """A game that is not a name (a list, an object) or missing keys raise
    InvalidNotationError, never TypeError."""
    data = _record_data()
    data["rules"] = rules
    with pytest.raises(InvalidNotationError, match="record rules"):
        GameRecord.from_dict(data)


@pytest.mark.parametrize("where", ["rules", "format", "version", "seed", "deal", "moves", "result"])
def test_a_set_anywhere_in_the_record_is_a_notation_error(where: str) -> None:
    """GameRecord.from_dict given a set (in any field, or as the record) raises
    InvalidNotationError, never TypeError."""
    with pytest.raises(InvalidNotationError):
        GameRecord.from_dict({1, 2})
    data = _record_data()
    data[where] = {1, 2}
    with pytest.raises(InvalidNotationError):
        GameRecord.from_dict(data)


@pytest.mark.parametrize("value", [{1, 2}, {"a": 1}, float("nan"), [[1], {}]])
def test_option_values_json_cannot_mean_are_a_notation_error(value: object) -> None:
    """An option holding a set, an object, NaN or a nested object is refused
    naming the option."""
    data = _record_data()
    data["rules"]["options"]["target"] = value  # type: ignore[index]
    with pytest.raises(InvalidNotationError, match=r"rules\.options"):
        GameRecord.from_dict(data)


# -- what a seed is -------------------------------------------------------------
_LIMIT = 2**128


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(-(_LIMIT - 1), _LIMIT - 1))
def test_every_seed_new_game_takes_saves_and_resumes(seed: int) -> None:
    """A game started from any seed new_game accepts (the integers from
    -(2**128 - 1) to 2**128 - 1) is saved and resumed equal."""
    state = new_game(Counter(), seed=seed)
    state = apply_move(state, legal_moves(state)[0])
    assert state_from_json(state_to_json(state)) == state


@pytest.mark.parametrize(
    "seed",
    [_LIMIT, -_LIMIT, 2**200, -(2**200), 10**5000],
    ids=["2**128", "-2**128", "2**200", "-2**200", "10**5000"],
)
def test_new_game_refuses_a_seed_a_record_cannot_hold(seed: int) -> None:
    """new_game refuses a seed outside the record's range, naming the range
    and the value (its digits, or its size in bits when too long to print)."""
    shown = str(seed) if seed.bit_length() <= 1000 else f"{seed.bit_length()} bits"
    with pytest.raises(InvalidArgumentError) as caught:
        new_game(Counter(), seed=seed)
    assert "-(2**128 - 1) to 2**128 - 1" in str(caught.value)
    assert shown in str(caught.value)


def test_a_record_seed_outside_the_range_names_the_range_and_value() -> None:
    """Loading a record whose seed new_game would refuse gives the same rule,
    with the whole value."""
    data = _record_data()
    data["seed"] = 2**200
    with pytest.raises(InvalidNotationError) as caught:
        GameRecord.from_dict(data)
    assert str(caught.value) == (
        f"record seed: expected an integer from -(2**128 - 1) to 2**128 - 1, got {2**200}"
    )


# -- a record checks its parts when built ----------------------------------------
_RANGE = "an integer from -(2**128 - 1) to 2**128 - 1"
_MOVES = "a tuple of moves (Bid, Play or Pass)"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("Counter", 3, None, ()),
         "GameRecord.rules must be a ruleset such as Counter(), got 'Counter'"),
        ((Counter(), "3", None, ()), f"GameRecord.seed must be {_RANGE}, got '3'"),
        ((Counter(), 2**200, None, ()), f"GameRecord.seed must be {_RANGE}, got {2**200}"),
        ((Counter(), 3, "QS", ()), "GameRecord.deal must be None or a Deal, got 'QS'"),
        ((Counter(), 3, None, ["P1:bid 3"]),
         f"GameRecord.moves must be {_MOVES}, got ['P1:bid 3']"),
        ((Counter(), 3, None, ("P1:bid 3",)),
         "GameRecord.moves[0] must be a Bid, Play or Pass, got 'P1:bid 3'"),
        ((Counter(), 3, None, (), 4), "GameRecord.dealer must be a seat 0..3, got 4"),
        ((Counter(), 3, None, (), True), "GameRecord.dealer must be a seat 0..3, got True"),
    ],
)  # fmt: skip
def test_game_record_checks_its_parts_when_built(args: tuple[object, ...], message: str) -> None:
    """GameRecord(...) refuses a wrong ruleset, seed, deal, moves or dealer at
    once, naming the field and the value (not later, in to_json)."""
    with pytest.raises(InvalidArgumentError) as caught:
        GameRecord(*args)  # type: ignore[arg-type]
    assert str(caught.value) == message


def test_a_game_record_built_from_good_parts_saves() -> None:
    """A record built by hand from a ruleset, a seed and moves saves and loads."""
    state = new_game(Counter(), seed=3)
    move = legal_moves(state)[0]
    record = GameRecord(Counter(), 3, None, (move,))
    assert GameRecord.from_json(record.to_json()) == record
