"""The questions bots ask a ruleset instead of its class: the target, one
team or many, Joker calls, cautious bidding, card power, a good hand's points,
and whether tricks still pay once a bid is missed."""

from __future__ import annotations

import pytest

from counter_rules import Blackout, Card, Counter, OhHell, Suit, UpAndDown
from counter_rules.rulesets.parts.jokers import JOKER_STYLES
from counter_rules.rulesets.parts.scoring_scheme import SCHEMES

_OH_HELL_FAMILY = [OhHell(), UpAndDown(), Blackout(), OhHell.office(), OhHell.north_east_blackout()]


@pytest.mark.parametrize(
    ("players", "target", "expected"), [(3, None, 9), (5, None, 7), (4, 12, 12)]
)
def test_counter_ends_at_its_effective_target(
    players: int, target: int | None, expected: int
) -> None:
    """Counter's game ends when a seat reaches the target: 9/8/7 for 3/4/5
    players unless one is given."""
    assert Counter(players=players, target=target).advice.target_score == expected


@pytest.mark.parametrize("rules", _OH_HELL_FAMILY, ids=repr)
def test_oh_hell_games_end_after_their_schedule_not_at_a_target(rules: OhHell) -> None:
    """An Oh Hell game ends after its schedule of hands: no target score."""
    assert rules.advice.target_score is None


def test_cooperative_blackout_is_played_as_one_team() -> None:
    """In cooperative Blackout all players are one team that wins or loses
    together; in every other game each seat plays for itself."""
    assert Blackout(players=3, cooperative=True).advice.one_team is True
    assert OhHell(cooperative=True).advice.one_team is True
    assert not any(rules.advice.one_team for rules in (Counter(), *_OH_HELL_FAMILY))


@pytest.mark.parametrize("style", sorted(JOKER_STYLES))
def test_only_atkinson_jokers_are_called_high_or_low(style: str) -> None:
    """Under Dick Atkinson's style a Joker is called high or low; under no other."""
    assert OhHell(jokers=style).advice.jokers_called is (style == "atkinson")


def test_counter_has_no_joker_calls() -> None:
    """Counter is played without Jokers."""
    assert Counter().advice.jokers_called is False


def test_counter_bids_cautiously_and_oh_hell_does_not() -> None:
    """In Counter an exact bid scores only its size, so bots bid low; Oh Hell's
    made bids earn a bonus."""
    assert Counter().advice.cautious_bidding is True
    assert not any(rules.advice.cautious_bidding for rules in _OH_HELL_FAMILY)


def test_a_trump_has_more_power_than_any_plain_card() -> None:
    """By rank order, the lowest trump is judged stronger than the highest
    card of another suit, and an Ace stronger than a King of the same suit."""
    rules = OhHell()
    deck = rules.deck()
    trumps = [rules.advice.trick_power(c, Suit.HEARTS) for c in deck if c.suit is Suit.HEARTS]
    others = [rules.advice.trick_power(c, Suit.HEARTS) for c in deck if c.suit is not Suit.HEARTS]
    assert min(trumps) > max(others)
    assert rules.advice.trick_power(Card.parse("AS"), None) > rules.advice.trick_power(
        Card.parse("KS"), None
    )


def test_a_jokers_power_follows_its_style() -> None:
    """A Joker that always loses is judged weakest, one that always wins
    strongest; Brader's and Atkinson's in between."""
    joker = next(c for c in OhHell(jokers="loser").deck() if c.is_joker)
    powers = {
        s: OhHell(jokers=s).advice.trick_power(joker, Suit.SPADES)
        for s in JOKER_STYLES
        if s != "none"
    }
    assert powers["loser"] == 0.0
    assert powers["high"] == 1.0
    assert powers["loser"] < powers["atkinson"] < powers["brader"] < powers["high"]


def test_counter_judges_a_card_by_its_measured_power() -> None:
    """In Counter a Two wins wherever it is played: off trump it is judged the
    strongest card, stronger than as a trump."""
    rules = Counter()
    two_off = rules.advice.trick_power(Card.parse("2H"), Suit.SPADES)
    two_trump = rules.advice.trick_power(Card.parse("2S"), Suit.SPADES)
    assert two_off > two_trump
    assert two_off == max(rules.advice.trick_power(c, Suit.SPADES) for c in rules.deck())


def test_a_good_hand_scores_ten_per_card_under_ten_times_bid() -> None:
    """Ten times the bid pays about ten points per card; the other schemes
    about ten plus the cards; Counter about five."""
    assert OhHell(scoring="ten_times_bid").advice.good_hand_points(6) == 60.0
    assert OhHell().advice.good_hand_points(6) == 16.0
    assert Counter().advice.good_hand_points(10) == 5.0


@pytest.mark.parametrize("scheme", SCHEMES)
def test_tricks_pay_after_a_missed_bid_where_the_scheme_counts_them(scheme: str) -> None:
    """A seat whose bid is missed still wants tricks where a missed bid scores
    its tricks (Up and Down, English consolation points, ten times the bid,
    OpenSpiel's points per trick), not where it scores nothing."""
    rules = OhHell(scoring=scheme)
    pays = scheme in ("tricks_plus_ten", "english", "ten_times_bid", "openspiel")
    assert rules.advice.more_tricks_pay(bid=1, won=2, left=3) is pays  # over the bid
    assert rules.advice.more_tricks_pay(bid=6, won=1, left=3) is pays  # out of reach


def test_an_openspiel_penalty_makes_tricks_pay_only_under_the_bid() -> None:
    """With OpenSpiel's off-bid penalty a missed bid loses points per trick
    off: more tricks help under the bid and hurt over it."""
    rules = OhHell(scoring="openspiel", off_bid_penalty=True)
    assert rules.advice.more_tricks_pay(bid=6, won=1, left=3) is True
    assert rules.advice.more_tricks_pay(bid=1, won=2, left=3) is False


def test_no_trick_pays_without_a_card_left() -> None:
    """A seat without cards wins no more tricks."""
    assert OhHell().advice.more_tricks_pay(bid=1, won=3, left=0) is False


@pytest.mark.parametrize(
    ("players", "bid", "won", "left", "pays"),
    [
        (4, 1, 4, 6, True),  # expects 7 tricks: 6 points beat a trickless hand's 1
        (4, 1, 2, 6, False),  # expects 5: 5 + 4 < 10 scores nothing
        (5, 1, 3, 4, True),  # expects 5: 5 + 5 >= 10 scores 4
        (3, 9, 0, 3, False),  # expects 1: a trick loses the trickless point
    ],
)
def test_counter_chases_tricks_after_a_missed_bid_only_when_they_score(
    players: int, bid: int, won: int, left: int, pays: bool
) -> None:
    """A missed bid scores W - 1 once W + P >= 10, else nothing, and 1 with no
    trick: tricks are worth chasing when the tricks won and half of those left
    would score more than a trickless hand."""
    assert Counter(players=players).advice.more_tricks_pay(bid, won, left) is pays


def test_the_old_names_of_the_companions_questions_warn_and_answer() -> None:
    """``rules.trick_power(...)``, ``rules.voids_shown(...)`` and the other
    members that moved to the companions keep working with a
    DeprecationWarning that names the new place; ``first_dealer()`` is seat 0."""
    rules = OhHell(cooperative=True)
    with pytest.warns(DeprecationWarning, match=r"rules\.advice\.one_team"):
        assert rules.one_team is rules.advice.one_team  # type: ignore[attr-defined]
    card = Card.parse("AS")
    with pytest.warns(DeprecationWarning, match=r"rules\.information\.counts_toward_void"):
        assert rules.counts_toward_void(card, Suit.SPADES, None)  # type: ignore[attr-defined]
    with pytest.warns(DeprecationWarning, match="first dealer is seat 0"):
        assert Counter().first_dealer() == 0  # type: ignore[attr-defined]
    with pytest.raises(AttributeError, match="no_such_question"):
        Counter().no_such_question  # type: ignore[attr-defined]  # noqa: B018
