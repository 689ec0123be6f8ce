"""One test per rule sentence of the Oh Hell variants of seeds 003 and 004 that
the general ``OhHell`` ruleset offers as options or presets: the office rules
(``OhHell.office``) and their "other common variants", must-trump (La Podrida),
Mark Brader's Jokers, Dick Atkinson's North-East England Blackout
(``OhHell.north_east_blackout``) and the scoring schemes; plus the validation of
the ruleset's options. Each docstring quotes the seed sentence.

Positions are built by hand: :func:`deal` gives each seat its cards and puts the
rest of the ruleset's deck in the stock, the turned or flipped card on top.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from oh_hell_helpers import hand_starts

from counter_rules import (
    Bid,
    Card,
    Deal,
    GameState,
    IllegalMoveError,
    InvalidArgumentError,
    OhHell,
    Phase,
    Play,
    PlayedCard,
    Rank,
    Suit,
    apply_move,
    cards,
    legal_moves,
    new_game,
    resolve_trick,
)

# -- helpers ------------------------------------------------------------------

SPADES, HEARTS, DIAMONDS, CLUBS = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS
JOKER, JOKER_1 = Card.parse("Jo"), Card.parse("Jo/1")


def card(text: str) -> Card:
    return Card.parse(text)


def deal(rules: OhHell, hands: Sequence[str], top: str | None = None) -> Deal:
    """Each seat gets the cards in ``hands`` (seat 0 first); the rest of the deck is
    the stock, ``top`` first when given."""
    held = [cards(hand) for hand in hands]
    first = (card(top),) if top else ()
    used = {*first, *(c for hand in held for c in hand)}
    return Deal(hands=held, stock=(*first, *(c for c in rules.deck() if c not in used)))


def game(rules: OhHell, hands: Sequence[str], top: str | None = None) -> GameState:
    return new_game(rules, seed=3, deal=deal(rules, hands, top))


def bid(state: GameState, *tricks: int) -> GameState:
    """Bids by seat 0, 1, ... when bidding is simultaneous; else in turn."""
    if state.current_player is None:
        for seat, n in enumerate(tricks):
            state = apply_move(state, Bid(seat, n))
        return state
    for n in tricks:
        seat = state.current_player
        assert seat is not None
        state = apply_move(state, Bid(seat, n))
    return state


def play(state: GameState, *texts: str) -> GameState:
    """The seats to act play in turn; ``"Jo:high"`` plays a Joker with a call."""
    for text in texts:
        seat = state.current_player
        assert seat is not None
        shown, _, call = text.partition(":")
        state = apply_move(state, Play(seat, card(shown), call=call or None))
    return state


def playable(state: GameState) -> list[str]:
    """The legal plays of the seat to act, as text (a call after a colon)."""
    return sorted(
        f"{m.card.letters}{':' + m.call if m.call else ''}"
        for m in legal_moves(state)
        if isinstance(m, Play)
    )


def trick(
    rules: OhHell,
    text: str,
    trump: Suit | None,
    *,
    leader: int = 0,
    trump_card: Card | None = None,
) -> int | None:
    """Resolve a trick given as text (``"Jo:low 5D KD"``): the winning seat."""
    plays = []
    for i, item in enumerate(text.split()):
        shown, _, call = item.partition(":")
        plays.append(PlayedCard((leader + i) % rules.players, card(shown), call=call or None))
    return resolve_trick(plays, trump=trump, rules=rules, trump_card=trump_card).winner


def random_game(rules: OhHell, seed: int) -> list[GameState]:
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    states = [state]
    while not state.is_over:
        state = apply_move(state, rng.choice(legal_moves(state)))
        states.append(state)
    return states


def office_game(rules: OhHell, top: str, size: int) -> GameState:
    """The first round of the office rules with ``top`` flipped and hands of ``size``."""
    flipped = card(top)
    rest = [c for c in rules.deck() if c != flipped]
    hands = [rest[s * size : (s + 1) * size] for s in range(rules.players)]
    stock = (flipped, *rest[len(hands) * size :])
    return new_game(rules, seed=3, deal=Deal(hands=hands, stock=stock))


# -- office rules (seed 004) ------------------------------------------------------------

OFFICE = OhHell.office(4)


def test_office_ten_rounds() -> None:
    """Play consists of ten rounds."""
    assert OFFICE.rounds == 10 and len(OFFICE.hand_sizes) == 10
    final = random_game(OFFICE, 1)[-1]
    assert final.is_over and len(final.history) == 10


@pytest.mark.parametrize(
    ("top", "size"),
    [("AS", 1), ("2H", 2), ("5D", 5), ("7C", 7), ("9S", 9), ("10H", 10), ("JD", 10),
     ("QC", 10), ("KS", 10)],
)  # fmt: skip
def test_office_flipped_card_sets_hand_size_and_trump(top: str, size: int) -> None:
    """Each round, flip a card- this indicates the trump suit as well as the number of
    cards to be dealt out. Face cards are worth ten ... An Ace counts one [choice]."""
    state = office_game(OFFICE, top, size)
    assert state.cards_dealt == size and all(len(h) == size for h in state.hands)
    assert state.trump is card(top).suit and state.trump_card == card(top)


def test_office_flipped_card_must_match_the_hand_size() -> None:
    """... the number of cards to be dealt out: a deal of another size is refused."""
    flipped = card("7C")
    rest = [c for c in OFFICE.deck() if c != flipped]
    hands = [rest[s * 6 : (s + 1) * 6] for s in range(4)]
    with pytest.raises(InvalidArgumentError, match="makes hands of 7 cards"):
        new_game(OFFICE, seed=1, deal=Deal(hands=hands, stock=(flipped, *rest[24:])))


def test_office_flipped_joker_is_ten_cards_no_trump() -> None:
    """... and Jokers are ten, no trump."""
    state = office_game(OFFICE, "Jo", 10)
    assert state.cards_dealt == 10 and state.trump is None and state.trump_card == JOKER


@pytest.mark.parametrize(
    ("top", "size"),
    [("9S", 8), ("10H", 8), ("JD", 8), ("KC", 8), ("Jo", 8), ("8S", 8), ("7S", 7), ("3D", 3)],
)
def test_office_six_players_eight_cards_at_most(top: str, size: int) -> None:
    """For six players, face cards, tens, and nines count as eight cards maximum."""
    rules = OhHell.office(6)
    state = office_game(rules, top, size)
    assert state.cards_dealt == size
    assert rules.hand_sizes == (8,) * 10


def test_office_random_deals_sometimes_flip_a_joker() -> None:
    """Jokers are ten, no trump: without the re-flip a dealt round can flip a Joker."""
    flips = [OFFICE.deal(seed, 1) for seed in range(200)]
    jokers = [d for d in flips if d.trump_card is not None and d.trump_card.is_joker]
    assert jokers and all(d.trump is None and len(d.hands[0]) == 10 for d in jokers)


def test_office_reflip_joker_never_flips_a_joker() -> None:
    """Depending on mood, a Joker may get shuffled back in and a second card flipped
    to determine hand size and trump suit."""
    rules = OhHell.office(4, reflip_joker=True)
    for seed in range(200):
        dealt = rules.deal(seed, 1)
        assert dealt.trump_card is not None and not dealt.trump_card.is_joker
        assert dealt.trump is dealt.trump_card.suit
        assert sum(len(h) for h in dealt.hands) + len(dealt.stock) == 54


def test_office_reflip_joker_refuses_a_deal_with_a_joker_flipped() -> None:
    """Depending on mood, a Joker may get shuffled back in and a second card flipped:
    with the re-flip a Joker is never the flipped card, so a hand-built deal that
    flips one cannot happen and is refused (not played as a no-trump round)."""
    with pytest.raises(InvalidArgumentError):
        office_game(OhHell.office(4, reflip_joker=True), "Jo", 10)


def test_office_bids_are_simultaneous() -> None:
    """Everyone looks at their cards and holds their hands under the table ... with a
    count of 'Ready, Steady, GO!' everyone puts their hands on the table and indicates
    their bid."""
    state = office_game(OFFICE, "3C", 3)
    assert state.to_act == {0, 1, 2, 3} and state.current_player is None
    state = apply_move(state, Bid(2, 1))
    assert state.to_act == {0, 1, 3}


def test_office_zero_bids_allowed_and_total_may_equal_the_tricks() -> None:
    """Zero bids are allowed ... If it happens that players have bid the exact number
    of tricks available, we let it ride."""
    state = bid(office_game(OFFICE, "3C", 3), 1, 1, 1)
    assert Bid(3, 0) in legal_moves(state)
    state = apply_move(state, Bid(3, 0))
    assert state.phase is Phase.PLAYING and sum(b or 0 for b in state.bids) == 3


def test_office_left_of_dealer_leads() -> None:
    """The player left of the dealer leads."""
    state = bid(office_game(OFFICE, "3C", 3), 0, 0, 0, 0)
    assert state.dealer == 0 and state.current_player == 1


OFFICE_HANDS = ("7S 8S 4H", "AS KS 2H", "3S 4S AH", "5S 6S 3H")
"""Flip 3♣: three cards each. Seat 1 wins the two spade tricks, seat 2 the heart."""


def test_office_trumps_need_not_be_broken() -> None:
    """Trumps do not have to be 'broken,' so any card may be led at any time."""
    state = bid(game(OFFICE, ("7S 8S 4H", "AC KS 2H", "3S 4S AH", "5S 6S 3H"), "3C"), 0, 0, 0, 0)
    assert playable(state) == ["2H", "AC", "KS"]


def test_trumps_must_be_broken_option() -> None:
    """Other common variants: ... Trumps must be broken before they can be led. A
    trump (♦) may not be led until one has been played to a trick of the hand."""
    rules = OhHell(players=4, schedule=(3,), trumps_broken=True)
    hands = ("8S 8C 9C", "AD KD 5S", "3D 4D 5C", "7S 6C 7C")
    state = bid(game(rules, hands, "2D"), 0, 0, 0, 0)
    assert playable(state) == ["5S"]
    with pytest.raises(IllegalMoveError, match="may not be led before they are broken"):
        apply_move(state, Play(1, card("AD")))
    state = play(state, "5S", "3D", "7S", "8S")  # seat 2 trumps: trumps are broken
    assert state.current_player == 2 and playable(state) == ["4D", "5C"]


def test_trumps_must_be_broken_unless_only_trumps_are_held() -> None:
    """Trumps must be broken before they can be led: a leader holding nothing else
    leads one anyway."""
    rules = OhHell(players=4, schedule=(3,), trumps_broken=True)
    hands = ("8S 8C 9C", "AD KD QD", "3S 4C 5C", "7S 6C 7C")
    state = bid(game(rules, hands, "2D"), 0, 0, 0, 0)
    assert playable(state) == ["AD", "KD", "QD"]


def test_office_follow_suit_else_slough_or_trump() -> None:
    """Other players must follow suit, and may slough an off suit or play a trump if
    they have none of the led suit."""
    state = bid(game(OFFICE, ("7S 8S 4H", "AS KS 2H", "3S 4S AH", "5H 6C 3H"), "3C"), 0, 0, 0, 0)
    state = play(state, "AS")
    assert playable(state) == ["3S", "4S"]
    with pytest.raises(IllegalMoveError, match="must follow"):
        apply_move(state, Play(2, card("AH")))
    state = play(state, "3S")
    assert playable(state) == ["3H", "5H", "6C"]


def test_office_joker_may_be_played_even_when_able_to_follow() -> None:
    """A player who plays a Joker may do so without restriction- in other words, you
    can play a Joker to avoid having to play another card you might normally have to
    play when following suit."""
    state = bid(game(OFFICE, ("AD 3D", "5H 6H", "Jo 9H", "Jo/1 2H"), "2C"), 0, 0, 0, 0)
    state = play(state, "5H")
    assert playable(state) == ["9H", "Jo"]
    state = play(state, "Jo")
    assert playable(state) == ["2H", "Jo/1"]


def test_office_led_joker_lets_the_next_card_set_the_suit() -> None:
    """If a player leads a Joker, there is no led suit and control passes to the next
    player to determine suit."""
    state = bid(game(OFFICE, ("AH 3D", "Jo 5H", "9H KS", "Jo/1 2H"), "2C"), 0, 0, 0, 0)
    state = play(state, "Jo")
    assert playable(state) == ["9H", "KS"]
    state = play(state, "9H")
    assert playable(state) == ["2H", "Jo/1"]
    state = play(state, "2H")
    assert playable(state) == ["AH"]
    state = play(state, "AH")
    assert state.tricks[0].winner == 0 and state.tricks[0].led_suit is HEARTS


def test_office_second_joker_also_leaves_the_suit_open() -> None:
    """The same is true if the second player plays the other Joker."""
    state = bid(game(OFFICE, ("AH 3D", "Jo 5H", "Jo/1 KS", "9H 2S"), "2C"), 0, 0, 0, 0)
    state = play(state, "Jo", "Jo/1")
    assert playable(state) == ["2S", "9H"]
    state = play(state, "9H")
    assert playable(state) == ["AH"]
    result = resolve_trick(
        [PlayedCard(1, JOKER), PlayedCard(2, JOKER_1), PlayedCard(3, card("9H")),
         PlayedCard(0, card("AH"))],
        trump=CLUBS, rules=OFFICE,
    )  # fmt: skip
    assert result.winner == 0 and result.led_suit is HEARTS


def test_office_joker_never_wins() -> None:
    """Jokers are Ultimate Fail and a guaranteed lose. A Joker can't win the trick."""
    assert trick(OFFICE, "Jo 2H 3H 4H", CLUBS) == 3
    assert trick(OFFICE, "2H Jo 3H 4S", None) == 2
    assert trick(OFFICE, "Jo Jo/1 2S 3D", None) == 2
    assert trick(OFFICE, "5S Jo 2C 3S", CLUBS) == 2


def test_office_aces_high_and_trumps_beat_the_led_suit() -> None:
    """Aces are high. High card of the led suit wins the trick. Cards of the trump suit
    beat all cards of the led suit."""
    assert trick(OFFICE, "KH AH QH AS", CLUBS) == 1
    assert trick(OFFICE, "KH AH 2C AS", CLUBS) == 2
    assert trick(OFFICE, "3C AH 2C AS", CLUBS) == 0


def test_office_trick_winner_leads_the_next() -> None:
    """The player who won the trick leads the next trick."""
    state = bid(game(OFFICE, OFFICE_HANDS, "3C"), 0, 0, 0, 0)
    state = play(state, "AS", "3S", "5S", "7S", "KS", "4S", "6S", "8S")
    assert state.current_player == 1
    state = play(state, "2H", "AH", "3H", "4H")
    assert [t.winner for t in state.history[0].tricks] == [1, 1, 2]


def test_office_scoring() -> None:
    """In both, if you make your non-zero bid, you get ten points plus your bid ... A
    successful zero bid is either worth a flat ten points (English-style) or five
    points plus the number of cards in the round. If you miss your bid, you either
    score nothing or one point for each trick taken (English-style consolation
    prizes). Seat 1 bids 1 and wins 2, seat 2 makes 1, seat 3 makes 0, seat 0 misses 2."""
    for english, points in ((False, (0, 0, 11, 8)), (True, (0, 2, 11, 10))):
        rules = OhHell.office(4, english=english)
        assert rules.scoring == ("english" if english else "office")
        state = bid(game(rules, OFFICE_HANDS, "3C"), 2, 1, 1, 0)
        state = play(state, "AS", "3S", "5S", "7S", "KS", "4S", "6S", "8S")
        state = play(state, "2H", "AH", "3H", "4H")
        (result,) = state.history
        assert result.tricks_won == (0, 2, 1, 0)
        assert result.points == points == state.scores


def test_office_deal_passes_left() -> None:
    """The shuffle and deal passes to the next player on the left."""
    starts = hand_starts(random_game(OhHell.office(5), 2))
    assert [s.dealer for s in starts] == [n % 5 for n in range(10)]
    assert all(s.to_act == set(range(5)) for s in starts)


def test_eight_down_to_one_and_back_up_schedule() -> None:
    """Other common variants: ... Play a round with 8 cards, then 7, 6, 5, 4, 3, 2, 1,
    2, 3, 4, 5, 6, 7, and finally 8."""
    rules = OhHell(players=4, schedule="eight_down_up")
    assert rules.hand_sizes == (8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8)
    starts = hand_starts(random_game(rules, 4))
    assert [s.cards_dealt for s in starts] == list(rules.hand_sizes)


def test_trump_rotates_spades_hearts_diamonds_clubs() -> None:
    """Other common variants: ... Trump suit rotates in an orderly known fashion:
    Spades, Hearts, Diamonds, Clubs."""
    rules = OhHell(players=4, schedule="eight_down_up", trump="rotation")
    order = [SPADES, HEARTS, DIAMONDS, CLUBS]
    assert [rules.trump_for(n, (), 0)[0] for n in range(1, 9)] == order * 2
    starts = hand_starts(random_game(rules, 5))
    assert [s.trump for s in starts] == [order[n % 4] for n in range(15)]


def test_open_bidding_with_the_hook() -> None:
    """Other common variants: ... Bid openly, but the last player must not bid to make
    the tricks come out evenly."""
    rules = OhHell(players=4, schedule=(1,), hook=True)
    state = bid(game(rules, ("2C", "3C", "4C", "5C"), "6C"), 0, 0, 0)
    assert state.current_player == 0 and legal_moves(state) == (Bid(0, 0),)
    with pytest.raises(IllegalMoveError, match="may not bid 1"):
        apply_move(state, Bid(0, 1))


def test_openspiel_oh_hell_preset() -> None:
    """`OhHell(players=4, schedule=(10,), hook=True)` is one 10-card hand with a
    turned-up trump, the hook and 1 per trick plus 10 for an exact bid."""
    rules = OhHell(players=4, schedule=(10,), hook=True)
    assert rules.hand_sizes == (10,) and rules.trump == "turn"
    assert rules.scoring == "tricks_plus_ten"
    final = random_game(rules, 6)[-1]
    (result,) = final.history
    assert sum(result.bids) != 10
    for b, w, p in zip(result.bids, result.tricks_won, result.points, strict=True):
        assert p == w + (10 if b == w else 0)


# -- must trump (La Podrida, Romanian Whist; seed 003) -----------------------------------


def test_must_trump_when_void_in_the_led_suit() -> None:
    """Only if you have no cards of the suit led and no trumps can you discard from a
    different non-trump suit ... it is actually the usual way of playing La Podrida."""
    rules = OhHell(players=4, schedule=(2,), follow="must_trump")
    state = bid(game(rules, ("7S 8C", "AS 2S", "3D 4H", "5H 6H"), "2D"), 0, 0, 0, 0)
    state = play(state, "AS")
    assert playable(state) == ["3D"]
    with pytest.raises(IllegalMoveError, match="must trump"):
        apply_move(state, Play(2, card("4H")))
    state = play(state, "3D")
    assert playable(state) == ["5H", "6H"]  # no spade, no trump: any card
    state = play(state, "5H")
    assert playable(state) == ["7S"]  # following suit comes first


def test_without_must_trump_a_void_player_may_discard() -> None:
    """The plain rule: "If unable to follow suit, they may play any card." """
    rules = OhHell(players=4, schedule=(2,))
    state = bid(game(rules, ("7S 8C", "AS 2S", "3D 4H", "5H 6H"), "2D"), 0, 0, 0, 0)
    assert playable(play(state, "AS")) == ["3D", "4H"]


# -- Mark Brader's Jokers (seed 003) -----------------------------------------------------

BRADER = OhHell(players=3, schedule=(2,), jokers="brader")


def test_brader_two_jokers_join_the_deck() -> None:
    """Mark Brader suggests a variation in which two jokers are included ..."""
    assert len(BRADER.deck()) == 54
    assert JOKER in BRADER.deck() and JOKER_1 in BRADER.deck()


def test_a_call_where_jokers_are_not_called_says_so() -> None:
    """Only Atkinson's Jokers are called: a call on a Brader Joker (or on any
    card) is refused naming the Joker style; without Jokers the message says
    the ruleset has none."""
    state = bid(game(BRADER, ("3C 4C", "Jo AS", "Jo/1 KS"), "2D"), 0, 0, 0)
    assert state.current_player == 1
    with pytest.raises(IllegalMoveError) as info:
        apply_move(state, Play(1, JOKER, call="high"))
    assert str(info.value).endswith(
        'only a Joker under jokers="atkinson" takes a call, and this ruleset '
        "plays jokers=\"brader\": got Jo called 'high'"
    )
    plain = OhHell(players=3, schedule=(2,))
    state = bid(game(plain, ("3C 4C", "AS 5S", "KS 6S"), "2D"), 0, 0, 0)
    with pytest.raises(IllegalMoveError) as info:
        apply_move(state, Play(1, card("AS"), call="low"))
    assert str(info.value).endswith(
        "only a Joker takes a call, and this ruleset plays without Jokers: got A♠ called 'low'"
    )


def test_brader_led_joker_wins_unless_trumped() -> None:
    """These jokers are a suit of their own containing just two equal cards. If a
    joker is led it wins the trick unless trumped."""
    assert trick(BRADER, "Jo AS KS", HEARTS) == 0
    assert trick(BRADER, "Jo AS 2H", HEARTS) == 2
    assert trick(BRADER, "Jo/1 Jo AS", HEARTS) == 0  # two equal cards: the first wins


def test_brader_joker_not_led_is_just_another_suit() -> None:
    """These jokers are a suit of their own: played to another suit's lead a Joker
    follows no suit and cannot win."""
    assert trick(BRADER, "2S Jo KS", HEARTS) == 2
    assert trick(BRADER, "2S Jo 3D", HEARTS) == 0


def test_brader_joker_suit_must_be_followed() -> None:
    """These jokers are a suit of their own: a player holding the other Joker must
    follow a led Joker with it."""
    state = bid(game(BRADER, ("3C 4C", "Jo AS", "Jo/1 KS"), "2D"), 0, 0, 0)
    state = play(state, "Jo")
    assert playable(state) == ["Jo/1"]
    state = play(state, "Jo/1")
    assert playable(state) == ["3C", "4C"]
    state = play(state, "3C")
    assert state.tricks[0].winner == 1


def test_brader_turned_joker_makes_the_other_joker_the_only_trump() -> None:
    """If a joker is turned up the other joker is the only trump."""
    assert trick(BRADER, "AS Jo/1 2S", None, trump_card=JOKER) == 1
    assert trick(BRADER, "AS KS 2H", None, trump_card=JOKER) == 0
    assert trick(BRADER, "Jo/1 AS KS", None, trump_card=JOKER) == 0
    state = bid(game(BRADER, ("2S 3S", "AS 5C", "Jo/1 KH"), "Jo"), 0, 0, 0)
    assert state.trump is None and state.trump_card == JOKER
    state = play(state, "AS", "Jo/1", "2S")
    assert state.tricks[0].winner == 2


# -- Dick Atkinson's North-East England Blackout (seed 003) --------------------------------


def test_atkinson_five_players_fifty_cards_ten_each() -> None:
    """Dick Atkinson reports a version of Blackout for 5 or 6 players ... Two jokers
    are added to the pack, and if there are 5 players the four deuces are removed
    leaving 50 cards. With 5 players the deal is always 10 cards each."""
    rules = OhHell.north_east_blackout(5)
    deck = rules.deck()
    assert len(deck) == 50 and JOKER in deck and JOKER_1 in deck
    assert not any(c.rank is Rank.TWO for c in deck)
    assert set(rules.hand_sizes) == {10}
    for start in hand_starts(random_game(rules, 1))[:5]:
        assert all(len(h) == 10 for h in start.hands) and start.stock == ()


def test_atkinson_six_players_nine_each() -> None:
    """... and with 6 players 9 cards each. The deuces stay: 54 cards."""
    rules = OhHell.north_east_blackout(6)
    assert len(rules.deck()) == 54 and sum(c.rank is Rank.TWO for c in rules.deck()) == 4
    assert set(rules.hand_sizes) == {9}
    start = new_game(rules, seed=2)
    assert all(len(h) == 9 for h in start.hands)


@pytest.mark.parametrize("players", [4, 7])
def test_atkinson_five_or_six_players_only(players: int) -> None:
    """... a version of Blackout for 5 or 6 players."""
    with pytest.raises(InvalidArgumentError, match=r"north_east_blackout\.players"):
        OhHell.north_east_blackout(players)


def test_atkinson_trump_rotates_hearts_clubs_diamonds_spades() -> None:
    """The trump suit rotates from deal to deal in the order hearts, clubs, diamonds,
    spades."""
    rules = OhHell.north_east_blackout(6)
    order = [HEARTS, CLUBS, DIAMONDS, SPADES]
    assert [rules.trump_for(n, (), 0)[0] for n in range(1, 7)] == [*order, *order[:2]]
    starts = hand_starts(random_game(rules, 3))
    assert [s.trump for s in starts[:6]] == [*order, *order[:2]]


# A five-player deal (seat 0 deals, ♥ trump): seat 1 leads 3♣ and seat 0's A♣ wins
# the first trick; seat 4 is void in clubs and holds a Joker; seat 0 holds the other.
ATKINSON_HANDS = (
    "Jo AC AD 3D 4D 5D 6D 7D 8D 9D",
    "3C 4C 5C 6C 7C 8C 9C 10C JC 10D",
    "QC KC JD QD KD AH 3H 4H 5H 6H",
    "7H 8H 9H 10H JH QH KH AS 3S 4S",
    "Jo/1 5S 6S 7S 8S 9S 10S JS QS KS",
)


def atkinson_game() -> GameState:
    return game(OhHell.north_east_blackout(5), ATKINSON_HANDS)


def test_atkinson_dealer_may_not_make_the_total() -> None:
    """The dealer could not make the bid total equal the number of cards dealt."""
    state = bid(atkinson_game(), 2, 2, 2, 2)
    assert state.current_player == 0 == state.dealer
    assert Bid(0, 2) not in legal_moves(state) and Bid(0, 3) in legal_moves(state)
    with pytest.raises(IllegalMoveError, match="may not bid 2"):
        apply_move(state, Bid(0, 2))


def test_atkinson_joker_not_in_the_first_trick() -> None:
    """Jokers ... could not be played in the first trick. Not even by a player void
    in the led suit."""
    state = play(bid(atkinson_game(), 0, 0, 0, 0, 0), "3C", "QC", "AS")
    assert state.current_player == 4
    assert playable(state) == sorted(f"{r}S" for r in (5, 6, 7, 8, 9, 10, "J", "Q", "K"))
    with pytest.raises(IllegalMoveError, match="first trick"):
        apply_move(state, Play(4, JOKER_1, call="high"))


def test_atkinson_joker_not_led_while_other_cards_are_held() -> None:
    """Jokers could not be led unless the player had no other cards. Seat 0 wins the
    first trick with A♣ and leads the second holding a Joker and eight diamonds."""
    state = play(bid(atkinson_game(), 0, 0, 0, 0, 0), "3C", "QC", "AS", "5S", "AC")
    assert state.current_player == 0 and len(state.tricks) == 1
    assert playable(state) == sorted(f"{r}D" for r in ("A", 3, 4, 5, 6, 7, 8, 9))
    with pytest.raises(IllegalMoveError, match="may not be led"):
        apply_move(state, Play(0, JOKER, call="high"))


# A small game with Atkinson's Jokers: three players, three cards, ♥ trump.
ATKINSON_3 = OhHell(
    players=3, schedule=(3,), jokers="atkinson", trump="rotation", rotation=(HEARTS,)
)


def test_atkinson_joker_any_time_otherwise_even_if_able_to_follow() -> None:
    """Apart from that, a joker could be played to any trick even if the player could
    have followed suit."""
    state = bid(game(ATKINSON_3, ("5S 6S Jo/1", "AS KS QS", "3S 4S Jo")), 0, 0, 0)
    state = play(state, "AS")
    assert playable(state) == ["3S", "4S"]  # first trick: no Joker
    state = play(state, "3S", "5S", "KS")
    assert playable(state) == ["4S", "Jo:high", "Jo:low"]


def test_atkinson_a_call_on_a_card_that_is_not_a_joker_is_refused() -> None:
    """Under Atkinson's Jokers only a Joker is called high or low."""
    state = bid(game(ATKINSON_3, ("5S 6S Jo/1", "AS KS QS", "3S 4S Jo")), 0, 0, 0)
    seat = state.current_player
    with pytest.raises(IllegalMoveError) as info:
        apply_move(state, Play(seat, card("AS"), call="high"))
    assert str(info.value).endswith("only a Joker takes a call: got A♠ called 'high'")


def test_atkinson_first_joker_called_high_wins_second_is_low() -> None:
    """The first player of a joker could nominate it as either 'high', automatically
    winning the trick or 'low', automatically losing. The player of the second joker
    had no choice: it would be low if the first joker was high and high if the first
    was low."""
    state = bid(game(ATKINSON_3, ("5S 6S Jo/1", "AS KS QS", "3S 4S Jo")), 0, 0, 0)
    state = play(state, "AS", "3S", "5S", "KS", "Jo:high")
    assert playable(state) == ["6S", "Jo/1:low"]
    state = play(state, "6S")
    assert state.tricks[1].winner == 2
    state = play(state, "4S")
    assert playable(state) == ["Jo/1:low"]  # the call carries over to a later trick
    with pytest.raises(IllegalMoveError, match="opposite"):
        apply_move(state, Play(0, JOKER_1, call="high"))
    state = play(state, "Jo/1:low", "QS")
    assert state.history[0].tricks[2].winner == 1


def test_atkinson_joker_must_be_called() -> None:
    """The first player of a joker could nominate it as either 'high' ... or 'low':
    a Joker played without a call is refused."""
    state = bid(game(ATKINSON_3, ("5S 6S Jo/1", "AS KS QS", "3S 4S Jo")), 0, 0, 0)
    state = play(state, "AS", "3S", "5S", "KS")
    with pytest.raises(IllegalMoveError, match='called "high" or "low"'):
        apply_move(state, Play(2, JOKER))
    with pytest.raises(IllegalMoveError, match="only a Joker"):
        apply_move(state, Play(2, card("4S"), call="high"))


def test_atkinson_calls_decide_the_trick() -> None:
    """... 'high', automatically winning the trick or 'low', automatically losing."""
    assert trick(ATKINSON_3, "5D Jo:high AD", HEARTS) == 1
    assert trick(ATKINSON_3, "5D Jo:low AD", HEARTS) == 2
    assert trick(ATKINSON_3, "5D Jo:high 2H", HEARTS) == 1
    assert trick(ATKINSON_3, "5D Jo:low 2H", HEARTS) == 2
    assert trick(ATKINSON_3, "Jo:low Jo/1:high 5D", HEARTS) == 1
    assert trick(ATKINSON_3, "Jo:high Jo/1:low 5D", HEARTS) == 0


def test_atkinson_forced_joker_lead_first_suited_card_sets_the_suit() -> None:
    """If a player was forced to lead a joker, the first suited card played
    determined the suit of the trick. Seat 1 wins the first trick and holds only its
    two Jokers."""
    hands = ("4S KD 7C", "AS Jo Jo/1", "3S 5D 6C")
    state = play(bid(game(ATKINSON_3, hands), 0, 0, 0), "AS", "3S", "4S")
    assert state.current_player == 1
    assert playable(state) == ["Jo/1:high", "Jo/1:low", "Jo:high", "Jo:low"]
    state = play(state, "Jo:low")
    assert playable(state) == ["5D", "6C"]
    state = play(state, "5D")
    assert playable(state) == ["KD"]
    state = play(state, "KD")
    assert state.tricks[1].winner == 0 and state.tricks[1].led_suit is DIAMONDS
    result = resolve_trick(
        [PlayedCard(0, JOKER, call="low"), PlayedCard(1, card("5D")), PlayedCard(2, card("AC"))],
        trump=HEARTS, rules=ATKINSON_3,
    )  # fmt: skip
    assert result.winner == 1 and result.led_suit is DIAMONDS


def test_atkinson_scoring_is_blackout_scoring() -> None:
    """Dick Atkinson reports a version of Blackout: Blackout's scoring, 5 plus the
    cards dealt for an exact bid [choice]."""
    final = random_game(OhHell.north_east_blackout(5), 1)[-1]
    for hand in final.history:
        for b, w, p in zip(hand.bids, hand.tricks_won, hand.points, strict=True):
            assert p == (5 + hand.cards_dealt if b == w else 0)


# -- the scoring schemes of seed 003 -------------------------------------------------------


def test_ten_times_bid_scheme() -> None:
    """For a successful bid, the score is 10 times the bid, or 5 times the total number
    of tricks played for a successful zero bid. Unsuccessful players score 1 point per
    trick won. Seats 3 (bid 1) and 2 (bid 0) make; seat 1 bid 1 and won nothing."""
    rules = OhHell(players=4, schedule=(1,), scoring="ten_times_bid")
    state = bid(game(rules, ("3D", "AS", "KS", "2H"), "5H"), 1, 0, 1, 1)
    state = play(state, "AS", "KS", "2H", "3D")
    assert state.history[0].points == (0, 0, 5, 10)
    state = bid(game(rules, ("3D", "AS", "KS", "2H"), "5H"), 1, 0, 0, 0)
    state = play(state, "AS", "KS", "2H", "3D")
    assert state.history[0].points == (5, 0, 5, 1)


def test_ten_plus_bid_scheme() -> None:
    """A bid made exactly scores 10 points plus the bid: a missed bid over or under
    scores 0."""
    rules = OhHell(players=4, schedule=(1,), scoring="ten_plus_bid")
    state = bid(game(rules, ("3D", "AS", "KS", "2H"), "5H"), 1, 0, 1, 1)
    state = play(state, "AS", "KS", "2H", "3D")
    assert state.history[0].points == (0, 0, 10, 11)


# -- validation of the general ruleset ---------------------------------------------------


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"players": 11}, "players"),
        ({"players": 1}, "players"),
        ({"players": "4"}, "players"),
        ({"decks": 3}, "decks"),
        ({"schedule": "zigzag"}, "schedule"),
        ({"schedule": ()}, "schedule"),
        ({"schedule": (0,)}, "schedule"),
        ({"schedule": (14,)}, "schedule"),  # more cards than one deck holds
        ({"players": 6, "decks": 2, "schedule": (18,)}, "schedule"),
        ({"schedule": (13,)}, "schedule"),  # no card left to turn for trump
        ({"schedule": (12,), "jokers": "loser", "decks": 2}, "jokers"),
        ({"jokers": "wild"}, "jokers"),
        ({"trump": "random"}, "trump"),
        ({"rotation": ()}, "rotation"),
        ({"scoring": "bridge"}, "scoring"),
        ({"follow": "trump_always"}, "follow"),
        ({"leader": "dealer"}, "leader"),
        ({"hook": True, "simultaneous_bidding": True}, "hook"),
        ({"hook": True, "bids_must_total": True}, "hook"),
        ({"bids_must_total": True, "simultaneous_bidding": True}, "bids_must_total"),
        ({"playoff": True, "cooperative": True}, "playoff"),
        ({"trumps_broken": "yes"}, "trumps_broken"),
        ({"schedule": "office", "trump": "rotation"}, "schedule"),
    ],
)
def test_bad_options_name_the_field(options: dict[str, object], field: str) -> None:
    """Every option is checked when the ruleset is built; the message names the field."""
    with pytest.raises(InvalidArgumentError, match=rf"OhHell\.{field}"):
        OhHell(**options)  # type: ignore[arg-type]


@pytest.mark.parametrize("schedule", [(13,), (12, 13)])
def test_a_schedule_that_deals_the_whole_pack_says_no_card_is_left_to_turn(
    schedule: tuple[int, ...],
) -> None:
    """A hand of 13 for 4 players is refused with a turned trump because no card
    is left to turn, and the message names the ways out; no_trump_max allows it."""
    with pytest.raises(InvalidArgumentError) as caught:
        OhHell(players=4, schedule=schedule)
    assert str(caught.value) == (
        "OhHell.schedule deals all 52 cards in a hand of 13: no card is left to turn "
        "for trump (use fewer cards, no_trump_max=True or another trump source)"
    )
    assert OhHell(players=4, schedule=schedule, no_trump_max=True).hand_sizes == schedule


def test_a_schedule_beyond_the_pack_names_the_sizes_the_pack_deals() -> None:
    """Hand sizes the pack cannot deal at all are refused naming 1 to 13 (4 players)."""
    with pytest.raises(InvalidArgumentError, match=r"hand sizes from 1 to 13 for 4 players"):
        OhHell(players=4, schedule=(14,))


def test_possible_edge_options_are_accepted() -> None:
    """The largest schedules the decks allow are accepted."""
    assert OhHell(players=4, schedule=(13,), trump="none").hand_sizes == (13,)
    assert OhHell(players=4, schedule=(12,)).hand_sizes == (12,)
    assert OhHell(players=6, decks=2, schedule=(17,)).hand_sizes == (17,)
    assert OhHell(players=10, decks=2, schedule="up_and_down").hand_sizes[9] == 10


def test_office_preset_checks_players() -> None:
    """The office preset goes through the same checks."""
    with pytest.raises(InvalidArgumentError, match=r"OhHell\.players"):
        OhHell.office(players=11)


def test_deal_must_use_the_rulesets_deck() -> None:
    """A hand-built deal must use exactly the ruleset's deck: no Two in North-East
    England Blackout for five players."""
    hands = list(ATKINSON_HANDS)
    hands[1] = hands[1].replace("10D", "2C")
    with pytest.raises(InvalidArgumentError, match="not in the deck"):
        game(OhHell.north_east_blackout(5), hands)
