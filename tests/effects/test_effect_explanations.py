"""Explanations: each effect names the cards it concerns, by card and seat, and
points at the right card of the trick.

These pin the exact wording and index of the notes the effects write when a
trick is explained, so that a note naming the wrong card (or none) is caught.
"""

from __future__ import annotations

from counter_tricks import effects, trick

from counter_rules import Card, Suit, cards
from counter_rules.effects import fmt_half, four


def test_a_led_king_names_itself_and_the_third_suit_card() -> None:
    """The King's note names the led King and the first card of a third suit."""
    (note,) = effects(trick("KH 5S 3D QH", Suit.SPADES), "king")
    assert note.index == 2
    assert note.text == (
        "K♥ (seat 0) was led: 3♦ (seat 2) is the first card of a third suit, "
        "so ♦ is trump in this trick"
    )


def test_a_led_king_without_a_third_suit_points_at_the_king() -> None:
    """With no third suit, the King's note is about the led King itself."""
    (note,) = effects(trick("KH QS 9H 8H", Suit.SPADES, leader=1), "king")
    assert note.index == 0
    assert note.text.startswith("K♥ (seat 1) was led and no card of a third suit followed")


def test_a_led_two_names_itself_and_only_the_later_twos_count_as_trumps() -> None:
    """A led Two's note names it; the 'counts as a trump' note is only for the
    Twos that follow, never for the led one."""
    notes = effects(trick("2S 3S 4H 2D", Suit.HEARTS, leader=1), "two")
    assert [(n.index, n.text) for n in notes] == [
        (0, "2♠ (seat 1) was led: it is a trump, so ♥ counts as the led suit"),
        (3, "2♦ (seat 0) counts as a trump"),
    ]


def test_a_doubled_lead_names_the_led_card() -> None:
    """The Six's doubling note names the led card and its doubled value."""
    notes = effects(trick("5S 6S 3S QS", Suit.HEARTS, doubled_lead=True, leader=3), "six")
    assert (notes[0].index, notes[0].text) == (
        0,
        "5♠ (seat 3) was led after a Six took effect: its value doubles to 22",
    )


def test_a_four_may_show_another_four_it_holds() -> None:
    """A Four shown with a Four must be in the hand; when it is, nothing is wrong."""
    played, shown = Card.parse("4S"), Card.parse("4D")
    assert four.why_not_shown(played, shown, cards("4S 4D")) is None
    assert four.why_not_shown(played, shown, cards("4S 4H")) == "4♦ must be in the hand to be shown"


def test_values_print_in_whole_and_half_points() -> None:
    """Values kept in half points print as whole points, with ½ for an odd half."""
    assert [fmt_half(h) for h in (0, 1, 2, 19, 30, 46)] == ["0", "½", "1", "9½", "15", "23"]


def test_a_nine_note_counts_the_cards_above_and_below_it() -> None:
    """The Nine's note gives how many other cards are worth more and less than 9."""
    (note,) = effects(trick("9S QS 8S 3S", Suit.HEARTS), "nine")
    assert (note.index, note.text) == (
        0,
        "9♠ (seat 0) sees 1 card above 9 and 2 below: it is worth ½",
    )


def test_a_led_king_cancelling_the_sevens_points_at_the_king() -> None:
    """The note that a led King cancels the Sevens is about the led King."""
    notes = effects(trick("KS 7S 5S QS", Suit.HEARTS), "king")
    assert [(n.index, n.text) for n in notes][-1] == (
        0,
        "a King was led: the Sevens have no effect",
    )


def test_only_a_six_tying_for_the_lowest_value_gets_a_no_effect_note() -> None:
    """When the lowest value is tied, each Six among the tied cards is noted as
    having no effect, and no other card is."""
    notes = effects(trick("5S 6S 3S QS", Suit.HEARTS), "six")
    assert [(n.index, n.text) for n in notes] == [
        (1, "6♠ (seat 1) ties for the lowest value (0): no effect")
    ]


# -- the trump and the winner ---------------------------------------------------
#
# Mutants of counter_tricks.py (``tools/mutate.py`` with tests/rules/test_counter.py,
# tests/effects and tests/test_one_rulebook.py) that survive because no
# behaviour changes; every other mutant is killed by a test:
#
# - ``best_trump = best_led = -1``, 1 -> 2: any negative index means "none yet"
#   (every test of it is ``< 0`` or ``>= 0``).


def _winner_note(text: str, trump: Suit | None) -> tuple[int | None, str]:
    """The winner's note of a trick: the index it points at and its text."""
    (note,) = effects(trick(text, trump), "winner")
    return note.index, note.text


def test_an_explanation_opens_with_the_trump() -> None:
    """The first note of an explained trick says the trump, or that there is none."""
    assert str(trick("QS 5H KS 8H", Suit.HEARTS).effects[0]) == "trump is ♥"
    assert str(trick("QS 5H KS 8H", None).effects[0]) == "trump is none"
    assert trick("QS 5H KS 8H", Suit.HEARTS).effects[0].kind == "trump"


def test_the_winner_note_names_the_highest_trump_and_its_value() -> None:
    """If a trick contains trumps the highest trump wins: the note names it, by
    card and seat, and its value."""
    assert _winner_note("QS 5H KS 8H", Suit.HEARTS) == (
        3,
        "8♥ (seat 3) wins: the highest trump, worth 8",
    )


def test_the_winner_note_names_the_highest_card_of_the_led_suit() -> None:
    """Without trumps the highest card of the led suit wins: the note names the suit."""
    assert _winner_note("5S KD QS AC", Suit.HEARTS) == (
        2,
        "Q♠ (seat 2) wins: the highest card of the led suit ♠, worth 12",
    )


def test_a_led_trump_that_ties_wins_as_the_earliest_of_the_tied_trumps() -> None:
    """A led trump tied in value with a later trump (here an Eight that takes the
    led suit, trumps) wins as the earliest of the tied cards, and the note says so."""
    assert _winner_note("8H 5S KS 8S", Suit.HEARTS) == (
        0,
        "8♥ (seat 0) wins: the highest trump, worth 8 (the earliest of the tied cards)",
    )


def test_a_led_card_that_ties_wins_as_the_earliest_of_the_tied_cards_of_the_led_suit() -> None:
    """Two cards of the led suit tied for the highest value: the first played wins."""
    assert _winner_note("8S 8D 5C 3D", Suit.HEARTS) == (
        0,
        "8♠ (seat 0) wins: the highest card of the led suit ♠, worth 8 "
        "(the earliest of the tied cards)",
    )


def test_under_a_seven_the_note_names_the_lowest_trump_and_the_earliest_of_tied_ones() -> None:
    """With one Seven the lowest trump wins; of two trumps tied for the lowest
    value the earliest does."""
    assert _winner_note("8H 7S 8S 9C", Suit.HEARTS) == (
        0,
        "8♥ (seat 0) wins: the lowest trump, worth 8 (the earliest of the tied cards)",
    )


def test_a_tie_is_only_among_the_cards_that_could_win() -> None:
    """Cards of another pool with the winner's value do not tie with it: a led
    card worth as much as the winning trump, or an off-suit card worth as much as
    the winning card of the led suit."""
    assert _winner_note("8S 8H 8D 9S", Suit.HEARTS) == (
        1,
        "8♥ (seat 1) wins: the highest trump, worth 8",
    )
    assert _winner_note("6S 7S 6D 6C", Suit.HEARTS) == (
        0,
        "6♠ (seat 0) wins: the lowest card of the led suit ♠, worth 6",
    )


def test_a_trick_no_card_can_win_names_the_leader_who_leads_again() -> None:
    """If no card can win, nobody takes the trick and its leader leads again."""
    result = trick("4S 4H 4D 4C", Suit.CLUBS, leader=2)
    assert str(result.effects[-1]) == (
        "no card can win: nobody takes the trick and seat 2 leads again"
    )
