"""Table-driven tests of the Oh Hell family's scoring functions
(:mod:`counter_rules.scoring`): each scheme's table from its seed, the whole
range of bids and tricks against the rule in words, and bad arguments.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from counter_rules import InvalidArgumentError
from counter_rules.scoring import blackout, office, ten_plus_bid, ten_times_bid, up_and_down

# -- up_and_down (seed 002): 10 (20 blind) for an exact bid, + 1 per trick ------------------


@pytest.mark.parametrize(
    ("bid", "won", "blind", "points"),
    [
        (0, 0, False, 10),
        (1, 1, False, 11),
        (3, 3, False, 13),
        (10, 10, False, 20),
        (3, 2, False, 2),
        (2, 3, False, 3),
        (0, 4, False, 4),
        (5, 0, False, 0),
        (0, 0, True, 20),
        (2, 2, True, 22),
        (10, 10, True, 30),
        (2, 1, True, 1),
        (0, 3, True, 3),
    ],
)
def test_up_and_down_table(bid: int, won: int, blind: bool, points: int) -> None:
    """10 points are awarded to each player that won the same number of tricks that
    they bid, and 1 point is awarded to each player for each trick they won. An
    acheived blind bid is worth 20 points (as opposed to the usual 10)."""
    assert up_and_down.score(bid, won, blind=blind) == points


def test_up_and_down_every_bid_and_result() -> None:
    """The bonus is for an exact bid only; the trick points always count."""
    for bid in range(11):
        for won in range(11):
            exact = bid == won
            assert up_and_down.score(bid, won) == won + 10 * exact
            assert up_and_down.score(bid, won, blind=True) == won + 20 * exact


def test_up_and_down_blind_defaults_to_false() -> None:
    assert up_and_down.score(4, 4) == up_and_down.score(4, 4, blind=False) == 14


# -- blackout (seed 003): 5 + cards dealt for an exact bid, else 0 --------------------------


@pytest.mark.parametrize(
    ("bid", "won", "cards", "points"),
    [
        (0, 0, 1, 6),
        (1, 1, 1, 6),
        (4, 4, 7, 12),
        (0, 0, 7, 12),
        (13, 13, 13, 18),
        (4, 3, 7, 0),
        (4, 5, 7, 0),
        (0, 1, 1, 0),
        (1, 0, 1, 0),
    ],
)
def test_blackout_table(bid: int, won: int, cards: int, points: int) -> None:
    """If they do manage to score the exact number bid, they score 5 points plus the
    number of cards dealt to each player in that deal. If the player wins more or
    less tricks than what they bid, they gain no score for that deal."""
    assert blackout.score(bid, won, cards=cards) == points


def test_blackout_every_bid_and_result() -> None:
    for cards in range(1, 18):
        for bid in range(cards + 1):
            for won in range(cards + 1):
                expected = 5 + cards if bid == won else 0
                assert blackout.score(bid, won, cards=cards) == expected


# -- ten_plus_bid (seed 003): 10 + bid for an exact bid, else 0 -----------------------------


@pytest.mark.parametrize(
    ("bid", "won", "points"),
    [(0, 0, 10), (1, 1, 11), (4, 4, 14), (13, 13, 23), (4, 3, 0), (4, 5, 0), (0, 2, 0)],
)
def test_ten_plus_bid_table(bid: int, won: int, points: int) -> None:
    """One common alternative scoring method is to award each successful bid 10
    points plus the amount of their bid. A bid made exactly scores 10 points plus the
    bid: a missed bid over or under scores 0."""
    assert ten_plus_bid.score(bid, won) == points


def test_ten_plus_bid_every_bid_and_result() -> None:
    for bid in range(14):
        for won in range(14):
            assert ten_plus_bid.score(bid, won) == (10 + bid if bid == won else 0)


# -- ten_times_bid (seed 003): 10 x bid; a made zero 5 x tricks; a miss 1 per trick --------


@pytest.mark.parametrize(
    ("bid", "won", "cards", "points"),
    [
        (1, 1, 1, 10),
        (3, 3, 8, 30),
        (13, 13, 13, 130),
        (0, 0, 1, 5),
        (0, 0, 8, 40),
        (0, 0, 13, 65),
        (3, 5, 8, 5),
        (3, 2, 8, 2),
        (3, 0, 8, 0),
        (0, 1, 8, 1),
    ],
)
def test_ten_times_bid_table(bid: int, won: int, cards: int, points: int) -> None:
    """For a successful bid, the score is 10 times the bid, or 5 times the total number
    of tricks played for a successful zero bid. Unsuccessful players score 1 point per
    trick won."""
    assert ten_times_bid.score(bid, won, cards=cards) == points


def test_ten_times_bid_every_bid_and_result() -> None:
    for cards in range(1, 14):
        for bid in range(cards + 1):
            for won in range(cards + 1):
                made = 10 * bid if bid else 5 * cards
                expected = made if bid == won else won
                assert ten_times_bid.score(bid, won, cards=cards) == expected


# -- office (seed 004): two ways, chosen by the table ------------------------------------


@pytest.mark.parametrize(
    ("bid", "won", "cards", "office_points", "english_points"),
    [
        (4, 4, 7, 14, 14),
        (1, 1, 1, 11, 11),
        (10, 10, 10, 20, 20),
        (0, 0, 7, 12, 10),
        (0, 0, 1, 6, 10),
        (0, 0, 10, 15, 10),
        (4, 2, 7, 0, 2),
        (4, 6, 7, 0, 6),
        (2, 0, 7, 0, 0),
        (0, 3, 7, 0, 3),
    ],
)
def test_office_table(
    bid: int, won: int, cards: int, office_points: int, english_points: int
) -> None:
    """In both, if you make your non-zero bid, you get ten points plus your bid. So a
    successful bid of four is worth 14 points. A successful zero bid is either worth a
    flat ten points (English-style) or five points plus the number of cards in the
    round. If you miss your bid, you either score nothing or one point for each trick
    taken (English-style consolation prizes)."""
    assert office.score(bid, won, cards=cards) == office_points
    assert office.score(bid, won, cards=cards, english=False) == office_points
    assert office.score(bid, won, cards=cards, english=True) == english_points


def test_office_every_bid_and_result() -> None:
    for cards in range(1, 11):
        for bid in range(cards + 1):
            for won in range(cards + 1):
                if bid == won:
                    plain, english = (10 + bid, 10 + bid) if bid else (5 + cards, 10)
                else:
                    plain, english = 0, won
                assert office.score(bid, won, cards=cards) == plain
                assert office.score(bid, won, cards=cards, english=True) == english


# -- bad arguments ---------------------------------------------------------------------

Scorer = Callable[..., int]

SCORERS: list[tuple[str, Scorer, dict[str, Any]]] = [
    ("up_and_down", up_and_down.score, {}),
    ("blackout", blackout.score, {"cards": 5}),
    ("ten_plus_bid", ten_plus_bid.score, {}),
    ("ten_times_bid", ten_times_bid.score, {"cards": 5}),
    ("office", office.score, {"cards": 5}),
    ("office-english", office.score, {"cards": 5, "english": True}),
]
SCORER_IDS = [name for name, _, _ in SCORERS]

BAD_COUNTS = [-1, -10, 1.0, 2.5, "2", None, True, False]


@pytest.mark.parametrize(("name", "scorer", "extra"), SCORERS, ids=SCORER_IDS)
@pytest.mark.parametrize("value", BAD_COUNTS, ids=repr)
def test_bad_bid_is_rejected(name: str, scorer: Scorer, extra: dict[str, Any], value: Any) -> None:
    """A bid is a whole number from 0; anything else raises, naming ``bid``."""
    with pytest.raises(InvalidArgumentError, match=r"^bid must be") as info:
        scorer(value, 1, **extra)
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize(("name", "scorer", "extra"), SCORERS, ids=SCORER_IDS)
@pytest.mark.parametrize("value", BAD_COUNTS, ids=repr)
def test_bad_won_is_rejected(name: str, scorer: Scorer, extra: dict[str, Any], value: Any) -> None:
    """Tricks won are a whole number from 0; anything else raises, naming ``won``."""
    with pytest.raises(InvalidArgumentError, match=r"^won must be"):
        scorer(1, value, **extra)


CARDS_SCORERS = [s for s in SCORERS if "cards" in s[2]]
CARDS_IDS = [name for name, _, _ in CARDS_SCORERS]


@pytest.mark.parametrize(("name", "scorer", "extra"), CARDS_SCORERS, ids=CARDS_IDS)
@pytest.mark.parametrize("value", [0, -3, 2.0, "5", None, True], ids=repr)
def test_bad_cards_is_rejected(
    name: str, scorer: Scorer, extra: dict[str, Any], value: Any
) -> None:
    """The cards dealt are a whole number from 1; anything else raises, naming ``cards``."""
    with pytest.raises(InvalidArgumentError, match=r"^cards must be"):
        scorer(0, 0, **{**extra, "cards": value})


@pytest.mark.parametrize(("name", "scorer", "extra"), CARDS_SCORERS, ids=CARDS_IDS)
@pytest.mark.parametrize(("bid", "won", "field"), [(6, 0, "bid"), (0, 6, "won"), (9, 9, "bid")])
def test_more_than_the_cards_dealt_is_rejected(
    name: str, scorer: Scorer, extra: dict[str, Any], bid: int, won: int, field: str
) -> None:
    """Nobody bids or wins more tricks than the cards dealt (5 here)."""
    with pytest.raises(InvalidArgumentError, match=rf"^{field} must be at most the 5 cards"):
        scorer(bid, won, **extra)


@pytest.mark.parametrize(("name", "scorer", "extra"), CARDS_SCORERS, ids=CARDS_IDS)
def test_cards_is_required_and_keyword_only(
    name: str, scorer: Scorer, extra: dict[str, Any]
) -> None:
    with pytest.raises(TypeError):
        scorer(1, 1)
    with pytest.raises(TypeError):
        scorer(1, 1, 5)


@pytest.mark.parametrize("value", ["no", None], ids=repr)
def test_bad_blind_flag_is_rejected(value: Any) -> None:
    """``blind`` is True or False: a made bid scored with ``blind="no"`` must not
    silently earn the blind bonus."""
    with pytest.raises(InvalidArgumentError, match="blind"):
        up_and_down.score(2, 2, blind=value)


@pytest.mark.parametrize("value", ["no", None], ids=repr)
def test_bad_english_flag_is_rejected(value: Any) -> None:
    """``english`` is True or False."""
    with pytest.raises(InvalidArgumentError, match="english"):
        office.score(0, 0, cards=5, english=value)


# -- openspiel: OpenSpiel's oh_hell with its two parameters ---------------------------


@pytest.mark.parametrize(
    ("bid", "won", "per_trick", "penalty", "points"),
    [
        (3, 3, 1, False, 13),
        (3, 2, 1, False, 2),
        (0, 0, 1, False, 10),
        (3, 3, 2, False, 16),
        (2, 5, 3, False, 15),
        (0, 0, 0, False, 10),
        (4, 2, 0, False, 0),
        (3, 3, 2, True, 16),
        (3, 1, 2, True, -4),
        (1, 4, 2, True, -6),
        (0, 2, 5, True, -10),
        (2, 3, 0, True, 0),
    ],
)
def test_openspiel_table(bid: int, won: int, per_trick: int, penalty: bool, points: int) -> None:
    """``points_per_trick`` a trick plus 10 for an exact bid; with the off-bid
    penalty a miss instead loses ``points_per_trick`` per trick off."""
    from counter_rules.scoring import openspiel

    assert openspiel.score(bid, won, points_per_trick=per_trick, off_bid_penalty=penalty) == points


def test_openspiel_with_its_defaults_is_up_and_down() -> None:
    """With 1 point a trick and no penalty, OpenSpiel's scoring is Up to Ten and Down Again's."""
    from counter_rules.scoring import openspiel

    for bid in range(11):
        for won in range(11):
            assert openspiel.score(bid, won) == up_and_down.score(bid, won)


@pytest.mark.parametrize(
    "scheme", ["tricks_plus_ten", "blackout", "ten_plus_bid", "ten_times_bid", "office", "english"]
)
def test_the_scoring_part_calls_each_schemes_function(scheme: str) -> None:
    """The ruleset's scoring part gives every seat what the scheme's own
    ``score`` function gives."""
    from counter_rules.rulesets.parts.scoring_scheme import ScoringRule

    functions: dict[str, Callable[[int, int, int], int]] = {
        "tricks_plus_ten": lambda b, w, c: up_and_down.score(b, w),
        "blackout": lambda b, w, c: blackout.score(b, w, cards=c),
        "ten_plus_bid": lambda b, w, c: ten_plus_bid.score(b, w),
        "ten_times_bid": lambda b, w, c: ten_times_bid.score(b, w, cards=c),
        "office": lambda b, w, c: office.score(b, w, cards=c),
        "english": lambda b, w, c: office.score(b, w, cards=c, english=True),
    }
    rule = ScoringRule(scheme=scheme)
    cards = 4
    for bids in ((0, 1, 2), (4, 0, 0), (1, 1, 1)):
        for won in ((0, 1, 3), (4, 0, 0), (2, 1, 1)):
            want = tuple(functions[scheme](b, w, cards) for b, w in zip(bids, won, strict=True))
            assert rule.points(bids=bids, won=won, cards=cards) == want


# -- argument bounds of Counter's and OpenSpiel's scoring functions ---------------------------


def test_counter_score_accepts_exactly_its_ranges() -> None:
    """Counter scores bids and tricks 0..10 for 3 to 5 players: the ends of each
    range are accepted and one step beyond is refused, naming the value."""
    from counter_rules.scoring import counter

    assert counter.score(0, 0, 3) == 2
    assert counter.score(10, 10, 5) == 10
    bad = {
        "bid": ((-1, 0, 4), (11, 0, 4)),
        "won": ((0, -1, 4), (0, 11, 4)),
        "players": ((0, 0, 2), (0, 0, 6)),
    }
    for name, calls in bad.items():
        for bid, won, players in calls:
            with pytest.raises(InvalidArgumentError, match=name):
                counter.score(bid, won, players)
    for value in (True, 2.0, "2"):
        with pytest.raises(InvalidArgumentError, match="bid"):
            counter.score(value, 2, 4)  # type: ignore[arg-type]


def test_openspiel_score_refuses_a_non_bool_penalty_flag() -> None:
    """OpenSpiel's off_bid_penalty is True or False; anything else is refused."""
    from counter_rules.scoring import openspiel

    for value in ("x", 1, None):
        with pytest.raises(InvalidArgumentError, match="off_bid_penalty"):
            openspiel.score(3, 2, off_bid_penalty=value)


def test_openspiel_score_refuses_negative_points_and_counts() -> None:
    """OpenSpiel's points per trick, bid and tricks won are whole numbers from 0."""
    from counter_rules.scoring import openspiel

    assert openspiel.score(0, 0, points_per_trick=0) == 10
    for kwargs, name in (
        ({"bid": 3, "won": 2, "points_per_trick": -1}, "points_per_trick"),
        ({"bid": -1, "won": 2}, "bid"),
        ({"bid": 2, "won": -1}, "won"),
    ):
        with pytest.raises(InvalidArgumentError, match=name):
            openspiel.score(**kwargs)
