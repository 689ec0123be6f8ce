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
