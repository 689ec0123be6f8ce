"""Bridge deals in and out: the PBN notation both ways
(:mod:`counter_rules.analysis.pbn`), and a bridge deal's card play as the
engine's game (:mod:`counter_rules.analysis.bridge`). The
agreement with endplay's own reading of PBN is in test_analysis_dds.py."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from counter_rules import Card, Phase, Rank, Suit, standard_deck
from counter_rules.analysis.bridge import bridge_play
from counter_rules.analysis.pbn import from_pbn, pbn_card, to_pbn
from counter_rules.errors import InvalidArgumentError

DEAL = "N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 765.876.876.7654 432.5432.5432.32"


def _deal(seed: int) -> list[list[Card]]:
    deck = list(standard_deck())
    random.Random(seed).shuffle(deck)
    return [sorted(deck[13 * k : 13 * k + 13]) for k in range(4)]


@given(st.integers(0, 2**32))
def test_a_deal_reads_back_from_its_pbn(seed: int) -> None:
    hands = _deal(seed)
    assert from_pbn(to_pbn(hands)) == tuple(tuple(h) for h in hands)


def test_pbn_lists_spades_hearts_diamonds_clubs_high_to_low_with_t_for_ten() -> None:
    hands = [
        [Card.parse(c) for c in ("2S", "AS", "10S", "KH", "3C")],
        [Card.parse("JD")],
        [],
        [Card.parse("QC"), Card.parse("9C")],
    ]
    assert to_pbn(hands) == "N:AT2.K..3 ..J. ... ...Q9"


@pytest.mark.parametrize("first", ["N", "E", "S", "W", "e"])
def test_the_first_seat_letter_says_whose_hand_comes_first(first: str) -> None:
    north_first = from_pbn(DEAL)
    parts = DEAL[2:].split()
    start = "NESW".index(first.upper())
    rotated = f"{first}:" + " ".join(parts[(start + k) % 4] for k in range(4))
    assert from_pbn(rotated) == north_first


def test_pbn_card_writes_the_suit_then_the_rank() -> None:
    assert [pbn_card(Card.parse(c)) for c in ("10H", "AS", "2C", "KD")] == ["HT", "SA", "C2", "DK"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 765.876.876.7654 432.5432.5432.32", "seat letter"),
        ("X:AKQ... ... ... ...", "seat letter"),
        ("N:AKQ... ... ...", "four hands"),
        ("N:AKQ.. ... ... ...", "four suits"),
        ("N:AKX... ... ... ...", "'X'"),
        ("N:AK... A... ... ...", "dealt twice"),
        ("N:" + "A" * 300, "PBN deal"),
        (7, "PBN deal"),
    ],
)
def test_a_broken_pbn_deal_is_refused_naming_what_is_wrong(text: object, message: str) -> None:
    with pytest.raises(InvalidArgumentError, match=message):
        from_pbn(text)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "hands",
    [
        [[Card(Rank.JOKER, None)], [], [], []],
        [[Card(Rank.ACE, Suit.SPADES, 1)], [], [], []],
        [[], [], []],
        "N:A... ... ... ...",
    ],
    ids=["joker", "second pack", "three hands", "text"],
)
def test_to_pbn_refuses_what_is_not_four_hands_of_one_pack(hands: object) -> None:
    with pytest.raises(InvalidArgumentError, match=r"hand|pack"):
        to_pbn(hands)  # type: ignore[arg-type]


def test_pbn_card_refuses_a_joker() -> None:
    with pytest.raises(InvalidArgumentError, match="standard pack"):
        pbn_card(Card(Rank.JOKER, None))


@pytest.mark.parametrize("declarer", range(4))
@pytest.mark.parametrize("strain", [None, Suit.SPADES, Suit.CLUBS])
def test_bridge_play_leads_from_the_declarer_s_left_in_the_strain(
    declarer: int, strain: Suit | None
) -> None:
    hands = _deal(declarer)
    state = bridge_play(hands, strain, declarer)
    assert state.phase is Phase.PLAYING
    assert state.to_act == frozenset({(declarer + 1) % 4})
    assert state.trump is strain
    assert state.bids == (0, 0, 0, 0)
    assert [sorted(h) for h in state.hands] == hands


@pytest.mark.parametrize(
    ("strain", "declarer", "message"),
    [(None, 4, "declarer"), (None, True, "declarer"), ("S", 0, "strain")],
)
def test_bridge_play_refuses_a_bad_declarer_or_strain(
    strain: object, declarer: object, message: str
) -> None:
    with pytest.raises(InvalidArgumentError, match=message):
        bridge_play(_deal(1), strain, declarer)  # type: ignore[arg-type]


def test_bridge_play_refuses_hands_that_are_not_a_whole_pack() -> None:
    hands = _deal(2)
    hands[0] = hands[0][:12]
    with pytest.raises(InvalidArgumentError):
        bridge_play(hands, None, 0)
