"""The last doors of bad input: states changed by hand (recorded, played,
viewed, sampled), moves with wrong fields, records with a key twice or a
deal too big to read, values too long to echo, and the bounds of counts."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from typing import Any

import attrs
import pytest

from counter_rules import (
    Bid,
    Card,
    Counter,
    CounterRulesError,
    Deal,
    GameRecord,
    GameState,
    InvalidArgumentError,
    InvalidNotationError,
    OhHell,
    Pass,
    Play,
    Suit,
    apply_move,
    format_move,
    legal_moves,
    new_game,
    option_from_text,
    parse_move,
    record_of,
    rules_from_dict,
    sample_world,
    state_from_json,
    state_to_json,
    view,
)
from counter_rules.argument_checks import check_int, shown
from counter_rules.bots import ISMCTSBot, bot_from_name
from counter_rules.stats import wilson_interval

pytestmark = pytest.mark.faults


def _played(seed: int, moves: int) -> GameState:
    state, rng = new_game(Counter(), seed=seed), random.Random(seed)
    for _ in range(moves):
        state = apply_move(state, rng.choice(legal_moves(state)))
    return state


FIRST_HAND = _played(3, 12)  # bids made, tricks under way
while not FIRST_HAND.trick:
    FIRST_HAND = apply_move(FIRST_HAND, legal_moves(FIRST_HAND)[0])
LATER_HAND = _played(5, 140)
assert LATER_HAND.history and not LATER_HAND.is_over


def _cut_short(state: GameState) -> GameState:
    hands = (state.hands[0][1:], *state.hands[1:])
    return attrs.evolve(state, hands=hands)


def _card_in_two_hands(state: GameState) -> GameState:
    hands = list(state.hands)
    hands[1] = (state.hands[0][0], *state.hands[1][1:])
    return attrs.evolve(state, hands=tuple(hands))


def _scores_changed(state: GameState) -> GameState:
    return attrs.evolve(state, scores=(5, *state.scores[1:]))


def _trump_changed(state: GameState) -> GameState:
    other = next(s for s in Suit if s is not state.trump)
    return attrs.evolve(state, trump=other)


@pytest.mark.parametrize("state", [FIRST_HAND, LATER_HAND], ids=["first hand", "later hand"])
@pytest.mark.parametrize(
    "change", [_cut_short, _card_in_two_hands, _scores_changed, _trump_changed]
)
def test_a_state_no_replay_gives_is_not_recorded(
    state: GameState, change: Callable[[GameState], GameState]
) -> None:
    """record_of and state_to_json refuse a state that its seed, first deal
    and moves do not replay to (a hand cut short, a card in two hands, scores
    changed), in the first hand too, instead of saving another game's record."""
    record_of(state)  # the state itself records
    changed = change(state)
    for save in (record_of, state_to_json):
        with pytest.raises(InvalidArgumentError, match="cannot record this state"):
            save(changed)


# -- states changed by hand ----------------------------------------------------------
PLAYING = FIRST_HAND
BIDDING = new_game(Counter(), seed=9)
assert PLAYING.current_player is not None and PLAYING.trick

BAD_STATES: dict[str, tuple[GameState, dict[str, Any], str]] = {
    "a seat outside the table to act": (PLAYING, {"to_act": frozenset({7})}, "to_act"),
    "a negative seat to act": (PLAYING, {"to_act": frozenset({-1})}, "to_act"),
    "no seat to act in play": (PLAYING, {"to_act": frozenset()}, "one seat"),
    "two seats to act in play": (PLAYING, {"to_act": frozenset({0, 1})}, "one seat"),
    "no seat to bid": (BIDDING, {"to_act": frozenset()}, "at least one seat"),
    "bids of the wrong length": (BIDDING, {"bids": (None, None)}, "bids must be a tuple of 4"),
    "a negative bid": (PLAYING, {"bids": (-1, 2, 3, 1)}, "bids must be"),
    "phase as a string": (BIDDING, {"phase": "bidding"}, "phase must be a Phase"),
    "rules=None": (BIDDING, {"rules": None}, "rules must be a ruleset"),
    "too few hands": (BIDDING, {"hands": BIDDING.hands[:3]}, "hands must be a tuple of 4"),
    "a hand of text": (BIDDING, {"hands": ("QS", *BIDDING.hands[1:])}, "hands must be"),
    "a dealer outside the table": (BIDDING, {"dealer": -1}, "dealer must be a seat 0..3"),
    "a leader outside the table": (PLAYING, {"leader": 4}, "leader must be a seat 0..3"),
    "scores of the wrong length": (PLAYING, {"scores": (0,)}, "scores must be a tuple of 4"),
    "hand number 0": (PLAYING, {"hand_number": 0}, "hand_number must be"),
    "a played card of seat 9": (
        PLAYING,
        {"trick": (attrs.evolve(PLAYING.trick[0], seat=9),)},
        "trick must be",
    ),
    "an empty hand to play": (
        PLAYING,
        {
            "hands": tuple(
                () if s == PLAYING.current_player else h for s, h in enumerate(PLAYING.hands)
            )
        },
        "holds none",
    ),
}


@pytest.mark.parametrize("name", list(BAD_STATES))
def test_impossible_hand_built_states_get_the_librarys_error(name: str) -> None:
    """A state built by hand or by attrs.evolve with an impossible value gets
    the library's error, naming the field, from legal_moves, is_legal,
    apply_move, view and so sample_world: never an IndexError or an
    AttributeError, nor an empty list of moves or a negative seat taken."""
    state, changes, message = BAD_STATES[name]
    bad = attrs.evolve(state, **changes)
    move = legal_moves(state)[0]
    calls: list[Callable[[], object]] = [
        lambda: legal_moves(bad),
        lambda: legal_moves(bad, 0),
        lambda: apply_move(bad, move),
        lambda: sample_world(view(bad, 0), random.Random(1)),
    ]
    for call in calls:
        with pytest.raises(InvalidArgumentError, match=message) as caught:
            call()
        assert str(caught.value).startswith("the state is not one a game can reach: ")


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"seed": "1"}, "seed must be an integer, got '1'"),
        ({"hand_number": 1.0}, "hand_number must be an integer, got 1.0"),
        ({"dealer": True}, "dealer must be an integer, got True"),
        ({"leader": None}, "leader must be an integer, got None"),
        ({"cards_dealt": "10"}, "cards_dealt must be an integer, got '10'"),
        ({"doubled_lead": 1}, "doubled_lead must be True or False, got 1"),
        ({"hands": [()] * 4}, "hands must be a tuple, got [(), (), (), ()]"),
        ({"bids": None}, "bids must be a tuple, got None"),
        ({"to_act": {1}}, "to_act must be a frozenset, got {1}"),
        ({"history": ()}, None),
    ],
)
def test_a_state_built_with_a_field_of_another_type_is_refused_as_it_is_built(
    changes: dict[str, object], message: str | None
) -> None:
    """The whole-number fields, the doubled lead, the tuples and the seats to
    act are checked as a state is built (by hand, by attrs.evolve or by
    unpickling), with the library's error naming the field, in both builds:
    the compiled build keeps them as machine values or reads them as their
    type. A field of the right type builds."""
    if message is None:
        assert attrs.evolve(PLAYING, **changes).history == ()
        return
    with pytest.raises(InvalidArgumentError, match=re.escape(message)) as caught:
        attrs.evolve(PLAYING, **changes)
    assert str(caught.value).startswith("the state is not one a game can reach: ")


def test_every_field_a_state_checks_as_it_is_built_is_refused_with_another_type() -> None:
    """Each field of the table the constructor checks, given a string, is
    refused by name (the constructor's quick test and its table agree)."""
    from counter_rules.state import _KINDS

    for name, _ in _KINDS:
        with pytest.raises(InvalidArgumentError, match=f": {name} must be "):
            attrs.evolve(PLAYING, **{name: "x"})


def test_a_state_rebuilt_by_hand_unchanged_plays_as_the_engines() -> None:
    """The check refuses nothing a game reaches: the same state built by
    attrs.evolve lists the same moves and applies them alike."""
    for state in (BIDDING, PLAYING, LATER_HAND):
        copy = attrs.evolve(state)
        assert legal_moves(copy) == legal_moves(state)
        move = legal_moves(state)[-1]
        assert apply_move(copy, move) == apply_move(state, move)
        assert view(copy, 1) == view(state, 1)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"to_act": frozenset({9})}, "to_act"),
        ({"seat": 4}, "seat must be a seat 0..3"),
        ({"bids": (None,)}, "bids must be"),
        ({"hand_sizes": (10, 10)}, "hand_sizes must be"),
        ({"rules": None}, "rules must be a ruleset"),
    ],
)
def test_impossible_views_get_the_librarys_error_from_sample_world(
    changes: dict[str, Any], message: str
) -> None:
    """A view changed by hand to an impossible value is refused by sample_world."""
    bad = attrs.evolve(view(PLAYING, 0), **changes)
    with pytest.raises(InvalidArgumentError, match=message):
        sample_world(bad, random.Random(1))


# -- moves ---------------------------------------------------------------------------
QS = Card.parse("QS")


@pytest.mark.parametrize(
    ("move", "message"),
    [
        (Play(0, None), "expected a Card, got None"),  # type: ignore[arg-type]
        (Bid("x", "y"), "a seat must be a whole number, got 'x'"),  # type: ignore[arg-type]
        (Bid(1, "y"), "a bid must be a whole number of tricks, got 'y'"),  # type: ignore[arg-type]
        (Bid(1, 2, "yes"), "blind must be True or False"),  # type: ignore[arg-type]
        (Pass(0, "QS"), "expected a Card, got 'QS'"),  # type: ignore[arg-type]
        (Play(0, QS, reveal="4D"), "reveal must be a Card or None"),  # type: ignore[arg-type]
        (Play(0, QS, call="middle"), 'call must be "high", "low" or None'),
        (Bid(-1, 2), "a seat must be 0..999, got -1"),
        (Bid(1, 10_000), "a bid must be 0..9999, got 10000"),
        (Play(1000, QS), "a seat must be 0..999, got 1000"),
    ],
)
def test_format_move_checks_a_moves_fields_not_only_its_class(move: object, message: str) -> None:
    """format_move checks every field as apply_move does, and what the
    notation can write: its text always reads back as the same move."""
    with pytest.raises(InvalidArgumentError, match=message):
        format_move(move)  # type: ignore[arg-type]


def test_every_move_format_move_writes_reads_back() -> None:
    """The bounds are the notation's own: the largest seat and bid read back."""
    for move in (Bid(999, 9999, True), Play(999, QS), Pass(0, QS)):
        assert parse_move(format_move(move)) == move


# -- records -------------------------------------------------------------------------
RECORD = record_of(LATER_HAND).to_json()


@pytest.mark.parametrize(
    ("old", "new", "key"),
    [
        ('"seed": ', '"seed": 1, "seed": ', "seed"),
        ('"options": {', '"options": {"hook": true, ', "hook"),
        ('"result": null', '"result": null, "result": null', "result"),
    ],
)
def test_a_record_with_a_key_twice_is_refused(old: str, new: str, key: str) -> None:
    """A JSON object with a key twice is refused: one reader keeps the first
    value, another the last, and they would replay two different games."""
    text = RECORD.replace(old, new, 1)
    assert text != RECORD
    for load in (GameRecord.from_json, state_from_json):
        with pytest.raises(InvalidNotationError, match=f"the key '{key}' appears twice"):
            load(text)


def test_a_records_deal_is_checked_for_size_before_its_cards_are_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two million copies of 'AS' are refused by their count, before one card
    is parsed; so is a deal with the wrong number of hands."""
    data = json.loads(record_of(new_game(Counter(), seed=1)).to_json())

    def no_parsing(text: str) -> Card:
        raise AssertionError("a card was parsed")

    monkeypatch.setattr(Card, "parse", staticmethod(no_parsing))
    data["deal"] = {"hands": [["AS"] * 500_000] * 4, "stock": []}
    with pytest.raises(InvalidNotationError, match=r"too many cards \(2000000; the deck"):
        GameRecord.from_json(json.dumps(data))
    data["deal"] = {"hands": [["AS"]] * 5, "stock": []}
    with pytest.raises(InvalidNotationError, match="expected a list of 4 hands"):
        GameRecord.from_json(json.dumps(data))


# -- long values ---------------------------------------------------------------------
HUGE = "x" * 10_000_000
HUGE_LIST = list(range(1_000_000))
HUGE_INT = 7**100_000  # too long for repr()


def _record_with(path: tuple[str | int, ...], value: object) -> str:
    data = json.loads(RECORD)
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return json.dumps(data)


UNBOUNDED: dict[str, Callable[[], object]] = {
    "record format": lambda: GameRecord.from_json(_record_with(("format",), HUGE)),
    "record version": lambda: GameRecord.from_json(_record_with(("version",), HUGE)),
    "record game": lambda: GameRecord.from_json(_record_with(("rules", "game"), HUGE)),
    "record option": lambda: GameRecord.from_json(
        _record_with(("rules", "options", "target"), HUGE)
    ),
    "record move": lambda: GameRecord.from_json(_record_with(("moves", 0), HUGE_LIST)),
    "record result": lambda: GameRecord.from_json(
        _record_with(("result",), {"over": True, "scores": HUGE_LIST, "winners": []})
    ),
    "record dealer": lambda: GameRecord.from_json(_record_with(("dealer",), HUGE)),
    "record text": lambda: state_from_json("{" + HUGE),
    "Card.parse": lambda: Card.parse(HUGE),
    "Suit.parse": lambda: Suit.parse(HUGE),
    "parse_move": lambda: parse_move(HUGE),
    "format_move": lambda: format_move(Bid(HUGE, 1)),  # type: ignore[arg-type]
    "new_game seed": lambda: new_game(Counter(), seed=HUGE),  # type: ignore[arg-type]
    "new_game rules": lambda: new_game(HUGE_LIST),  # type: ignore[arg-type]
    "new_game dealer": lambda: new_game(Counter(), 1, dealer=HUGE_INT),
    "Deal": lambda: Deal(hands=[[HUGE_LIST]]),  # type: ignore[list-item]
    "Counter target": lambda: Counter(target=HUGE),  # type: ignore[arg-type]
    "Counter players": lambda: Counter(players=HUGE_INT),
    "OhHell schedule": lambda: OhHell(schedule=tuple(HUGE_LIST)),
    "OhHell rotation": lambda: OhHell(rotation=(HUGE,)),  # type: ignore[arg-type]
    "rules_from_dict": lambda: rules_from_dict({"game": HUGE, "options": {}}),
    "option_from_text": lambda: option_from_text("[" + HUGE, tuple[int, ...]),
    "bot_from_name": lambda: bot_from_name("ismcts:" + HUGE),
    "ISMCTSBot": lambda: ISMCTSBot(iterations=HUGE_INT),
    "check_int": lambda: check_int("Mine", "size", HUGE_LIST, 1, 3),
    "legal_moves seat": lambda: legal_moves(BIDDING, HUGE_INT),  # type: ignore[arg-type]
    "view seat": lambda: view(BIDDING, HUGE),  # type: ignore[arg-type]
    "apply_move": lambda: apply_move(BIDDING, Bid(1, HUGE)),  # type: ignore[arg-type]
    "sample_world": lambda: sample_world(HUGE_LIST, random.Random(1)),  # type: ignore[arg-type]
    "a state changed by hand": lambda: legal_moves(attrs.evolve(BIDDING, seed=HUGE)),
    "wilson_interval": lambda: wilson_interval(HUGE_INT, 10),
}


@pytest.mark.parametrize("name", list(UNBOUNDED))
def test_no_error_message_echoes_an_unbounded_value(name: str) -> None:
    """A value of millions of characters (or digits) in any field gives the
    library's error with a message of a few hundred characters at most: every
    value is shortened where it is shown."""
    with pytest.raises(CounterRulesError) as caught:
        UNBOUNDED[name]()
    assert len(str(caught.value)) < 1000, str(caught.value)[:2000]


def test_shown_shortens_and_marks_the_cut() -> None:
    """shown() gives a value's repr, cut with '...', and names big integers by size."""
    assert shown("abc") == "'abc'"
    assert len(shown(HUGE)) == 80 and shown(HUGE).endswith("...")
    assert shown(HUGE_INT) == f"an integer of {HUGE_INT.bit_length()} bits"
    assert shown(HUGE_LIST, 30).startswith("[0, 1, 2")


# -- bounds --------------------------------------------------------------------------
def test_a_schedule_holds_at_most_1000_hands() -> None:
    """An Oh Hell schedule given as hand sizes has a documented bound."""
    assert len(OhHell(schedule=(1,) * 1000).schedule) == 1000  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="a tuple of 1 to 1000 hand sizes"):
        OhHell(schedule=(1,) * 1001)


def test_counts_that_set_a_games_length_have_bounds() -> None:
    """Counter's target and ISMCTS's iterations have documented bounds."""
    assert Counter(target=1000).target == 1000
    with pytest.raises(InvalidArgumentError, match=r"Counter\.target must be 1\.\.1000"):
        Counter(target=1001)
    assert bot_from_name("ismcts:100000") == ISMCTSBot(iterations=100_000)
    with pytest.raises(InvalidArgumentError, match="from 1 to 100,000"):
        bot_from_name("ismcts:100001")
    with pytest.raises(InvalidArgumentError, match=r"ISMCTSBot\.iterations must be 1\.\.100000"):
        ISMCTSBot(iterations=100_001)
