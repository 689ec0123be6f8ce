"""Every option of every Oh Hell ruleset is checked, whatever the other options are.

Bad values get :class:`~counter_rules.InvalidArgumentError` naming the field
(from the constructors and presets) or :class:`~counter_rules.InvalidNotationError`
(from records), never a foreign exception or a ruleset that cannot be hashed
or compared; explicit deals of the office schedule are checked like any other.
"""

from __future__ import annotations

import math
from typing import Any

import pytest

from counter_rules import (
    Blackout,
    Deal,
    InvalidArgumentError,
    InvalidNotationError,
    OhHell,
    UpAndDown,
    cards,
    new_game,
    rules_from_dict,
    rules_to_dict,
)

# Values no option takes: not a number, unhashable, negative, text, None, a bool.
JUNK: tuple[object, ...] = (math.nan, [1, 2], {}, -5, "x", None, 1.5)

BAD_VALUES: dict[str, tuple[object, ...]] = {
    "players": (*JUNK, True, 0, 11),
    "schedule": (math.nan, {}, -5, None, True, "x", (), (0,), (1, "2"), (1.0,), ((1,),)),
    "rounds": (*JUNK, True, 0, 101),
    "decks": (*JUNK, True, 0, 3),
    "jokers": (*JUNK, True, "wild"),
    "remove_twos": (*JUNK, 1),
    "trump": (*JUNK, True, "random"),
    "rotation": (math.nan, {}, -5, None, True, (), ("X",), ("S", 3), "S Q"),
    "no_trump_max": (*JUNK, 1),
    "hook": (*JUNK, 1),
    "bids_must_total": (*JUNK, 1),
    "simultaneous_bidding": (*JUNK, 1),
    "blind_bidding": (*JUNK, 1),
    "follow": (*JUNK, True, "trump_always"),
    "trumps_broken": (*JUNK, 1),
    "scoring": (*JUNK, True, "bridge"),
    "playoff": (*JUNK, 1),
    "playoff_sizes": (*JUNK, True, "first"),
    "cooperative": (*JUNK, 1),
    "devils_bridge": (*JUNK, 1),
    "leader": (*JUNK, True, "dealer"),
    "reflip_joker": (*JUNK, 1),
    "bowers": (*JUNK, 1),
    "points_per_trick": (*JUNK, True),
    "off_bid_penalty": (*JUNK, 1),
}

# Other options the bad value is combined with: each option is checked whatever
# they are (the office schedule, a rotation, Jokers, OpenSpiel scoring ...).
CONTEXTS: tuple[dict[str, Any], ...] = (
    {},
    {"schedule": (3, 2)},
    {"schedule": "office", "jokers": "loser"},
    {"trump": "rotation", "jokers": "atkinson"},
    {"scoring": "openspiel", "trump": "none", "decks": 2},
)


def test_every_option_has_bad_values_listed() -> None:
    """The table of bad values covers every option of OhHell."""
    import attrs

    assert set(BAD_VALUES) == {f.name for f in attrs.fields(OhHell) if f.init}


@pytest.mark.parametrize("context", range(len(CONTEXTS)))
@pytest.mark.parametrize("field", sorted(BAD_VALUES))
def test_a_bad_option_is_refused_naming_the_field(field: str, context: int) -> None:
    """Every bad value of every option is refused with the library's error
    naming the field, whatever the other options."""
    for value in BAD_VALUES[field]:
        options = {**CONTEXTS[context], field: value}
        with pytest.raises(InvalidArgumentError, match=rf"OhHell\.{field}"):
            OhHell(**options)


@pytest.mark.parametrize("field", ["players", "rounds", "schedule", "jokers", "bowers"])
def test_a_bad_option_in_a_record_is_refused(field: str) -> None:
    """A record holding a bad option value is refused with the library's
    notation error (JSON cannot hold NaN as such, but Python data can)."""
    data = rules_to_dict(OhHell(players=4, schedule=(3,)))
    for value in BAD_VALUES[field]:
        if isinstance(value, tuple):
            continue  # records hold lists, which are converted
        data["options"][field] = value
        with pytest.raises(InvalidNotationError):
            rules_from_dict(data)


def test_a_rotation_of_unknown_suits_is_an_invalid_argument() -> None:
    """``rotation=("X",)`` is an invalid argument (not a notation error), as
    the docs promise, and names the value."""
    with pytest.raises(InvalidArgumentError, match=r"OhHell\.rotation.*'X'"):
        OhHell(rotation=("X",))
    with pytest.raises(InvalidArgumentError, match=r"OhHell\.rotation"):
        OhHell(rotation="S X")


@pytest.mark.parametrize(
    ("build", "field"),
    [
        (lambda v: UpAndDown(players=v), "UpAndDown.players"),
        (lambda v: UpAndDown(up_to_ten=v), "UpAndDown.up_to_ten"),
        (lambda v: UpAndDown(blind_bidding=v), "UpAndDown.blind_bidding"),
        (lambda v: Blackout(players=v), "Blackout.players"),
        (lambda v: Blackout(scoring=v), "Blackout.scoring"),
        (lambda v: Blackout(schedule=v), "Blackout.schedule"),
        (lambda v: Blackout(hook=v), "Blackout.hook"),
        (lambda v: Blackout(cooperative=v), "Blackout.cooperative"),
        (lambda v: OhHell.office(english=v), "OhHell.office.english"),
        (lambda v: OhHell.office(rounds=v), "OhHell.rounds"),
        (lambda v: OhHell.office(reflip_joker=v), "OhHell.reflip_joker"),
        (lambda v: OhHell.office(players=v), "OhHell.players"),
        (lambda v: OhHell.north_east_blackout(v), "north_east_blackout.players"),
    ],
)
def test_every_preset_option_is_checked(build: Any, field: str) -> None:
    """The presets check each of their options the same way."""
    for value in JUNK:
        with pytest.raises(InvalidArgumentError, match=field.replace(".", r"\.")):
            build(value)


def _office_deal(rules: OhHell, hands: int) -> Deal:
    """A deal for the office schedule with ``hands`` hands of 3 cards, 3♥ flipped."""
    flipped = cards("3H")
    rest = [c for c in rules.deck() if c not in flipped]
    dealt = [rest[i * 3 : (i + 1) * 3] for i in range(hands)]
    return Deal(hands=dealt, stock=(*flipped, *rest[hands * 3 :]))


@pytest.mark.parametrize("hands", [0, 3, 5])
def test_an_office_deal_needs_one_hand_per_seat(hands: int) -> None:
    """An explicit deal of the office schedule has one hand per seat, like any other."""
    rules = OhHell.office(players=4)
    with pytest.raises(InvalidArgumentError, match=r"one hand per seat \(4\), got " + str(hands)):
        new_game(rules, seed=1, deal=_office_deal(rules, hands))


def test_an_office_deal_with_one_hand_per_seat_loads() -> None:
    """The office deal with four hands of the flipped card's size loads."""
    rules = OhHell.office(players=4)
    state = new_game(rules, seed=1, deal=_office_deal(rules, 4))
    assert [len(h) for h in state.hands] == [3, 3, 3, 3]


def test_an_office_deal_needs_a_flipped_card() -> None:
    """An office deal without a stock has no flipped card to size the hands."""
    rules = OhHell.office(players=2)
    deck = rules.deck()
    with pytest.raises(InvalidArgumentError, match="flipped card"):
        new_game(rules, seed=1, deal=Deal(hands=[deck[:27], deck[27:]], stock=()))


def test_a_playoff_that_could_never_break_a_tie_is_refused() -> None:
    """With two players whose bids must total the tricks, both bids are made or
    missed together, so a tie would be played off for ever: the ruleset is
    refused when it is built (three players can break a tie)."""
    from counter_rules import InvalidArgumentError, OhHell

    with pytest.raises(InvalidArgumentError, match="playoff cannot go with bids_must_total"):
        OhHell(players=2, schedule=(1,), bids_must_total=True, playoff=True)
    assert OhHell(players=3, schedule=(1,), bids_must_total=True, playoff=True).playoff
