"""One test per rule sentence of the variants added from the seeds' lists:
the office's English consolation by default, "Jokers are high" (seed 004),
Jack Marrows' bowers and 7-truf (seed 003). Each docstring says the rule in
our words.
"""

from __future__ import annotations

import pytest
from test_oh_hell_variants import bid, game, play, playable, trick

from counter_rules import (
    Bid,
    Card,
    IllegalMoveError,
    InvalidArgumentError,
    OhHell,
    PlayedCard,
    Suit,
    apply_move,
    resolve_trick,
    rules_from_dict,
    rules_to_dict,
    state_from_json,
    state_to_json,
)
from counter_rules.rulesets.parts.jokers import JOKER_STYLES

SPADES, HEARTS, DIAMONDS, CLUBS = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS

# -- the office's scoring (seed 004) ---------------------------------------------


def test_office_preset_scores_english_consolation() -> None:
    """The office plays English consolation points: a made zero scores 10 and a
    missed bid 1 point a trick."""
    rules = OhHell.office(players=4)
    assert rules.scoring == "english"
    state = bid(game(rules, ("3D", "AS", "KS", "2H"), "AC"), 0, 0, 1, 1)
    state = play(state, "AS", "KS", "2H", "3D")
    # Seat 1 bid 0 and won (1 trick), seat 0 bid 0 and made it, seats 2 and 3 missed.
    assert state.history[0].points == (10, 1, 0, 0)


def test_office_preset_keeps_the_scoring_first_taught_as_an_option() -> None:
    """The scoring the author was first taught (a made zero 5 + cards, a miss 0)
    stays available with ``english=False``."""
    rules = OhHell.office(players=4, english=False)
    assert rules.scoring == "office"
    state = bid(game(rules, ("3D", "AS", "KS", "2H"), "AC"), 0, 0, 1, 1)
    state = play(state, "AS", "KS", "2H", "3D")
    assert state.history[0].points == (6, 0, 0, 0)


def test_office_preset_checks_english() -> None:
    """``english`` is True or False."""
    with pytest.raises(InvalidArgumentError, match=r"OhHell\.office\.english"):
        OhHell.office(english="yes")  # type: ignore[arg-type]


# -- high Jokers (seed 004's "Jokers are high") ----------------------------------

HIGH = OhHell(players=4, schedule=(3,), jokers="high")


def test_high_jokers_are_a_joker_style() -> None:
    """``jokers="high"`` is one of the Joker styles; two Jokers join the deck."""
    assert "high" in JOKER_STYLES
    assert len(HIGH.deck()) == 54


def test_a_high_joker_beats_every_other_card() -> None:
    """Jokers are high: a Joker beats every other card, the highest trump included."""
    assert trick(HIGH, "AH Jo KH 2H", HEARTS) == 1
    assert trick(HIGH, "2C AH Jo QH", HEARTS) == 2


def test_the_first_high_joker_beats_the_second() -> None:
    """Of two Jokers in a trick, the one played first wins."""
    assert trick(HIGH, "AH Jo/1 Jo 2H", HEARTS) == 1
    assert trick(HIGH, "Jo 3C Jo/1 AH", HEARTS) == 0


def test_a_high_joker_may_be_played_at_any_time() -> None:
    """As in the office rules, a Joker may be played even by a player who could
    follow suit [choice: the variant changes only which Joker wins]."""
    state = bid(game(HIGH, ("3D 4D Jo", "AS KD 5D", "KS QS 2H", "2C 3C 4C"), "AC"), 0, 0, 0, 0)
    state = play(state, "KD", "KS", "2C")  # seat 1 leads; seats 2 and 3 hold no diamond
    assert playable(state) == ["3D", "4D", "Jo"]
    state = play(state, "Jo")
    assert state.tricks[0].winner == 0


def test_a_led_high_joker_lets_the_next_card_set_the_suit() -> None:
    """A led Joker sets no suit; the first card after it sets the suit to follow
    [choice, as for the office's Jokers]."""
    rules = OhHell(players=4, schedule=(2,), jokers="high")
    state = bid(game(rules, ("3D 4C", "Jo AS", "KS 2H", "2C 3C"), "AC"), 0, 0, 0, 0)
    state = play(state, "Jo")
    assert playable(state) == ["2H", "KS"]  # nothing to follow yet
    state = play(state, "KS")
    assert playable(state) == ["2C", "3C"]  # no spade: anything
    state = play(state, "2C")
    assert playable(state) == ["3D", "4C"]  # no spade either
    state = play(state, "4C")
    assert state.tricks[0].winner == 1


def test_high_jokers_round_trip_in_records() -> None:
    """A game with high Jokers saves and loads like any other."""
    state = bid(game(HIGH, ("3D 4D 5D", "AS KD Jo", "KS QS 2H", "2C 3C 4C"), "AC"), 0, 0, 0, 0)
    assert rules_from_dict(rules_to_dict(HIGH)) == HIGH
    assert state_from_json(state_to_json(state)) == state


# -- Jack Marrows' bowers (seed 003) ----------------------------------------------

BOWERS = OhHell(players=4, schedule=(3,), bowers=True)


def test_the_jack_of_trumps_is_highest() -> None:
    """The jack of trumps is the highest card: it beats the Ace of trumps."""
    assert trick(BOWERS, "AH JH KH 2H", HEARTS) == 1


def test_the_other_jack_of_the_colour_is_next() -> None:
    """Next comes the other jack of the same colour: above the Ace of trumps,
    below the jack of trumps."""
    assert trick(BOWERS, "AH JD KH 2H", HEARTS) == 1
    assert trick(BOWERS, "JH JD AH 2H", HEARTS) == 0
    assert trick(BOWERS, "JD AH JH 2H", HEARTS) == 2


def test_the_bowers_are_worth_more_than_the_ace() -> None:
    """The jack of trumps is worth 17 and the other jack of its colour 16, above
    the Ace (14) and a Joker (15); at no trump a jack is worth 11."""
    plays = [PlayedCard(s, Card.parse(c)) for s, c in enumerate(("AH", "JD", "JH", "QH"))]
    assert list(resolve_trick(plays, trump=HEARTS, rules=BOWERS).values) == [14, 16, 17, 12]
    assert list(resolve_trick(plays, trump=None, rules=BOWERS).values) == [14, 11, 11, 12]


def test_the_left_bower_wins_as_a_trump() -> None:
    """The other jack belongs to the trump suit for winning: played to a lead
    of its printed suit it trumps the trick."""
    assert trick(BOWERS, "AD JD KD 2D", HEARTS) == 1
    assert trick(BOWERS, "AD JD KD 2H", HEARTS) == 1


def test_the_left_bower_follows_trumps() -> None:
    """The other jack belongs to the trump suit for following: a trump lead
    asks for it, and a lead of its printed suit does not."""
    state = bid(game(BOWERS, ("3D 4C 5C", "AH KC QC", "JD 2S 3S", "2C 3H 4S"), "6H"), 0, 0, 0, 0)
    state = play(state, "AH")
    assert playable(state) == ["JD"]  # the left bower is seat 2's only trump
    rules = OhHell(players=4, schedule=(3,), bowers=True)
    state = bid(game(rules, ("3D 4C 5C", "AD KC QC", "JD 2S 3S", "2C 3H 4S"), "6H"), 0, 0, 0, 0)
    state = play(state, "AD")
    assert playable(state) == ["2S", "3S", "JD"]  # no diamond: anything


def test_bowers_change_nothing_at_no_trump() -> None:
    """With no trump there are no bowers: jacks rank as usual."""
    assert trick(BOWERS, "AD JD KD 2D", None) == 0
    assert trick(BOWERS, "QH JH 2H 3H", None) == 0


def test_bowers_is_checked_and_round_trips_in_records() -> None:
    """``bowers`` is True or False, and a ruleset with bowers saves and loads."""
    with pytest.raises(InvalidArgumentError, match=r"OhHell\.bowers"):
        OhHell(bowers=1)  # type: ignore[arg-type]
    assert rules_from_dict(rules_to_dict(BOWERS)) == BOWERS


# -- 7-truf (seed 003) -----------------------------------------------------------


def test_seven_truf_is_four_players_and_22_deals() -> None:
    """7-truf is a four-player game of 22 deals (every size from 1 to 11 twice,
    up and back down [choice: the source's list is lost])."""
    rules = OhHell.seven_truf()
    assert rules.players == 4
    assert rules.hand_sizes == (*range(1, 12), *range(11, 0, -1))


def test_seven_truf_dealer_may_not_make_the_total() -> None:
    """Players bid in turn; the dealer's bid may not make the bids total the tricks."""
    rules = OhHell(players=4, schedule=(3,), hook=True, scoring="ten_times_bid")
    assert OhHell.seven_truf().hook
    state = bid(game(rules, ("3D 4D 5D", "AS KD QD", "KS QS 2H", "2C 3C 4C"), "AC"), 1, 1, 0)
    with pytest.raises(IllegalMoveError, match="may not bid 1"):
        apply_move(state, Bid(0, 1))


def test_seven_truf_scores_ten_times_the_bid() -> None:
    """A made bid scores 10 times the bid, a made zero 5 times the tricks played,
    a miss 1 point a trick."""
    rules = OhHell.seven_truf()
    assert rules.scoring == "ten_times_bid"
    state = bid(game(rules, ("3D", "AS", "KS", "2H"), "5H"), 1, 0, 1, 1)
    state = play(state, "AS", "KS", "2H", "3D")
    assert state.history[0].points == (0, 0, 5, 10)
