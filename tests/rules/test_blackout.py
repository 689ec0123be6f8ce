"""One test per rule sentence of Blackout (seed 003), the ``Blackout`` preset and
its variants, with the sentence in each docstring.

Trick-level rules go through :func:`counter_rules.resolve_trick`; the first deal
(one card each, or M in the reverse order) is built by hand; later deals are
checked at every state of games played with random legal moves, or driven: every
card played is the first legal one, so the tricks each seat will win are known
before the bids, and a test can decide who makes a bid and who misses (ties,
play-offs, cooperative wins and losses).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence

import pytest
from oh_hell_helpers import first_play_tricks, hand_starts, random_game

from counter_rules import (
    Bid,
    Blackout,
    Card,
    Deal,
    GameState,
    HandResult,
    IllegalMoveError,
    InvalidArgumentError,
    Phase,
    Play,
    Rank,
    Suit,
    apply_move,
    cards,
    legal_moves,
    new_game,
    resolve_trick,
)
from counter_rules.views import view

# -- helpers ------------------------------------------------------------------

SPADES, HEARTS, DIAMONDS, CLUBS = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS


def card(text: str) -> Card:
    return Card.parse(text)


def deal(rules: Blackout, hands: Sequence[str], top: str | None = None) -> Deal:
    """Each seat gets the cards in ``hands``; the rest of the deck is the stock,
    ``top`` first when given."""
    held = [cards(hand) for hand in hands]
    first = (card(top),) if top else ()
    used = {*first, *(c for hand in held for c in hand)}
    return Deal(hands=held, stock=(*first, *(c for c in rules.deck() if c not in used)))


def one_card_game(rules: Blackout, hands: str, top: str = "2D") -> GameState:
    """Deal 1 (one card each) on a hand-built deal: seat 0's card first."""
    return new_game(rules, seed=7, deal=deal(rules, hands.split(), top))


def bid_in_turn(state: GameState, *tricks: int) -> GameState:
    for n in tricks:
        seat = state.current_player
        assert seat is not None
        state = apply_move(state, Bid(seat, n))
    return state


def play_in_turn(state: GameState, *texts: str) -> GameState:
    for text in texts:
        seat = state.current_player
        assert seat is not None
        state = apply_move(state, Play(seat, card(text)))
    return state


Chooser = Callable[[int, int], int]
"""``choose(seat, tricks the seat will win) -> bid``."""


def made(seat: int, won: int) -> int:
    return won


def miss(won: int, cards_dealt: int) -> int:
    return won + 1 if won < cards_dealt else won - 1


def drive_hand(state: GameState, choose: Chooser) -> GameState:
    """Play the starting hand: seats bid ``choose(seat, tricks it will win)`` in the
    order the rules ask, then every card played is the first legal one."""
    won = first_play_tricks(state)
    done = len(state.history)
    while state.phase is Phase.BIDDING:
        seat = min(state.to_act)
        state = apply_move(state, Bid(seat, choose(seat, won[seat])))
    while len(state.history) == done:
        state = apply_move(state, legal_moves(state)[0])
    return state


def only(winner: int, cards_dealt: int) -> Chooser:
    """Seat ``winner`` makes its bid, everyone else misses."""
    return lambda s, w: w if s == winner else miss(w, cards_dealt)


def playable(state: GameState) -> set[Card]:
    return {m.card for m in legal_moves(state) if isinstance(m, Play)}


def trick(rules: Blackout, text: str, trump: Suit | None, leader: int = 0) -> int | None:
    plays = [((leader + i) % rules.players, card(t)) for i, t in enumerate(text.split())]
    return resolve_trick(plays, trump=trump, rules=rules).winner


def result(scores: Sequence[int], number: int = 1, cards_dealt: int = 1) -> HandResult:
    """A hand result with these running totals (bids, tricks and points don't matter)."""
    n = len(scores)
    zeros = (0,) * n
    return HandResult(number, 0, cards_dealt, None, zeros, zeros, zeros, tuple(scores))


# -- players, cards, deals ------------------------------------------------------


@pytest.mark.parametrize("players", range(3, 8))
def test_three_to_seven_players(players: int) -> None:
    """Players and Cards: From 3 to 7 people can play. One deck [choice: 3 to 7]."""
    rules = Blackout(players)
    assert rules.players == players and len(rules.deck()) == 52


@pytest.mark.parametrize("players", [2, 8, 11])
def test_other_player_counts_are_rejected(players: int) -> None:
    """From 3 to 7 people can play."""
    with pytest.raises(InvalidArgumentError, match=r"Blackout\.players"):
        Blackout(players)


@pytest.mark.parametrize("players", range(3, 8))
def test_deals_go_from_one_card_up_to_the_most_each_can_get(players: int) -> None:
    """The game consists of a series of hands: 1, 2, ... M cards, M = 52 // players."""
    assert Blackout(players).hand_sizes == tuple(range(1, 52 // players + 1))


def test_every_scheduled_deal_is_played() -> None:
    """The game consists of a series of hands: a played game deals 1 up to M."""
    history = random_game(Blackout(7), 1)[-1].history
    assert [h.cards_dealt for h in history][:7] == [1, 2, 3, 4, 5, 6, 7]


def test_trump_is_the_turned_up_top_card() -> None:
    """... the other deals use the standard turn-up card for determining the trump
    suit: the top card of the undealt stock."""
    state = one_card_game(Blackout(4), "2C 3C 4C 5C", top="7H")
    assert state.trump is HEARTS and state.trump_card == card("7H") == state.stock[0]


@pytest.mark.parametrize("players", [3, 4, 7])
def test_last_deal_is_at_no_trump_others_turn_a_card(players: int) -> None:
    """When playing the last deal of each game, the hand is played at no trump, thus
    no card is turned and only the highest card of the suit led will win these
    tricks."""
    starts = hand_starts(random_game(Blackout(players), players))
    scheduled = starts[: 52 // players]
    for start in scheduled[:-1]:
        assert start.trump_card == start.stock[0] and start.trump is start.stock[0].suit
    last = scheduled[-1]
    assert last.cards_dealt == 52 // players
    assert last.trump is None and last.trump_card is None


def test_no_trump_deal_highest_card_of_the_suit_led_wins() -> None:
    """... only the highest card of the suit led will win these tricks."""
    assert trick(Blackout(4), "9D AS KS 10D", None) == 3


def test_deal_passes_to_the_left() -> None:
    """In this version the deal rotates clockwise around the table to the next
    player after each completed deal."""
    starts = hand_starts(random_game(Blackout(5), 2))
    assert [s.dealer for s in starts] == [n % 5 for n in range(len(starts))]


# -- bidding --------------------------------------------------------------------


def test_bids_in_turn_from_the_dealers_left() -> None:
    """Turn to play starts left of the dealer and passes clockwise: the bidding too.
    As each player makes his bid, the scorekeeper writes them down."""
    state = one_card_game(Blackout(4), "2C 3C 4C 5C")
    order = []
    for n in (1, 1, 0, 1):
        order.append(state.current_player)
        state = bid_in_turn(state, n)
    assert order == [1, 2, 3, 0] and state.bids == (1, 1, 1, 0)


def test_bids_need_not_rise() -> None:
    """There is no requirement for each bid to be higher than the previous one."""
    state = bid_in_turn(one_card_game(Blackout(4), "2C 3C 4C 5C"), 1)
    assert legal_moves(state) == (Bid(2, 0), Bid(2, 1))


def test_bids_are_open() -> None:
    """All information about the bids is open, and any player can ask for a reminder
    of who bid what at any time during the game."""
    state = bid_in_turn(one_card_game(Blackout(4), "2C 3C 4C 5C"), 1, 0)
    assert state.bids == (None, 1, 0, None)


# -- play -----------------------------------------------------------------------


def test_play_starts_left_of_the_dealer() -> None:
    """Turn to play starts left of the dealer and passes clockwise."""
    state = bid_in_turn(one_card_game(Blackout(4), "2C 3C 4C 5C"), 0, 0, 0, 0)
    assert state.phase is Phase.PLAYING and state.current_player == 1
    state = play_in_turn(state, "3C")
    assert state.current_player == 2


@pytest.mark.parametrize(("players", "seed"), [(4, 3), (6, 4)])
def test_follow_suit_if_able_else_any_card_trumps_lead_any_time(players: int, seed: int) -> None:
    """Players must follow the suit of the card that led if possible. If unable to
    follow suit, they may play any card. Trumps can lead at any time and need not be
    'broken' first. Checked at every turn of a whole game."""
    for state in random_game(Blackout(players), seed):
        if state.phase is not Phase.PLAYING:
            continue
        seat = state.current_player
        assert seat is not None
        hand = set(state.hands[seat])
        if not state.trick:
            assert playable(state) == hand
        else:
            led = state.trick[0].card.suit
            assert playable(state) == ({c for c in hand if c.suit is led} or hand)


def test_must_follow_refuses_another_suit() -> None:
    """A player must play a card of the suit led to the trick if they contain any
    cards of the suit led. Deal 2 of a game: the first time a player could revoke."""
    for state in random_game(Blackout(4), 3):
        if state.phase is not Phase.PLAYING or not state.trick:
            continue
        seat = state.current_player
        assert seat is not None
        led = state.trick[0].card.suit
        hand = state.hands[seat]
        other = [c for c in hand if c.suit is not led]
        if other and len(other) < len(hand):
            with pytest.raises(IllegalMoveError, match="must follow"):
                apply_move(state, Play(seat, other[0]))
            return
    pytest.fail("no position where a player could revoke")


def test_highest_trump_wins() -> None:
    """The trick is won by the highest trump played ... However, if the suit led was
    not trump, and one or more players played a trump card, then the trick is won by
    the player who played the highest rank of trump."""
    rules = Blackout(4)
    assert trick(rules, "AS 2H KS QS", HEARTS) == 1
    assert trick(rules, "AS 2H 3H QS", HEARTS) == 2
    assert trick(rules, "5H AH 3S 4S", HEARTS) == 1


def test_without_trumps_the_highest_card_of_the_led_suit_wins() -> None:
    """... or, if no trumps were played, by the highest card of the suit that led
    that trick. Ace high."""
    rules = Blackout(4)
    assert trick(rules, "KC AC AS AD", HEARTS) == 1
    assert trick(rules, "KC 2C AS AD", HEARTS) == 0


@pytest.mark.parametrize(("players", "seed"), [(4, 3), (6, 4), (3, 5)])
def test_every_trick_of_a_game_goes_to_the_highest_trump_or_led_card(
    players: int, seed: int
) -> None:
    """The trick is won by the highest trump played, or, if no trumps were played, by
    the highest card of the suit that led that trick. Every trick the engine resolved
    in a whole game, against the rule in words (ace high)."""

    def strength(c: Card) -> int:
        return 14 if c.rank is Rank.ACE else int(c.rank)

    for hand in random_game(Blackout(players), seed)[-1].history:
        for played in hand.tricks:
            trump, led = played.trump, played.plays[0].card.suit
            trumps = [p for p in played.plays if trump is not None and p.card.suit is trump]
            pool = trumps or [p for p in played.plays if p.card.suit is led]
            assert played.winner == max(pool, key=lambda p: strength(p.card)).seat


@pytest.mark.parametrize(("players", "seed"), [(4, 3), (6, 4)])
def test_trick_winner_leads_the_next(players: int, seed: int) -> None:
    """The winner of a trick leads to the next. The players continue playing tricks
    on the deal until all the players cards have been played."""
    for hand in random_game(Blackout(players), seed)[-1].history:
        assert len(hand.tricks) == hand.cards_dealt == sum(hand.tricks_won)
        for before, after in itertools.pairwise(hand.tricks):
            assert after.plays[0].seat == before.winner


# -- scoring --------------------------------------------------------------------


def test_exact_bid_scores_five_plus_cards_dealt() -> None:
    """If they do manage to score the exact number bid, they score 5 points plus the
    number of cards dealt to each player in that deal. If the player wins more or
    less tricks than what they bid, they gain no score for that deal. Deal 1, ♥
    trump: 2♥ trumps seat 1's lead."""
    state = one_card_game(Blackout(4), "3D AS KS 2H", top="5H")
    state = bid_in_turn(state, 1, 0, 1, 0)  # seats 1, 2, 3, 0
    state = play_in_turn(state, "AS", "KS", "2H", "3D")
    (hand,) = state.history
    assert hand.tricks_won == (0, 0, 0, 1)
    assert hand.points == (6, 0, 6, 6) == state.scores


@pytest.mark.parametrize(("players", "seed"), [(4, 3), (6, 4)])
def test_exact_bid_scores_five_plus_cards_in_every_deal(players: int, seed: int) -> None:
    """Players only score points by precisely predicting the number of hands they
    would win. A bid that's either too high or too low scores zero points."""
    for hand in random_game(Blackout(players), seed)[-1].history:
        for bid, won, points in zip(hand.bids, hand.tricks_won, hand.points, strict=True):
            assert points == (5 + hand.cards_dealt if bid == won else 0)


def test_highest_total_wins() -> None:
    """After all the deals for that game have been played, the winner is the player
    with the highest total score. Seat 2 alone makes every bid."""
    state = new_game(Blackout(6), seed=5)
    while not state.is_over:
        state = drive_hand(state, only(2, state.cards_dealt))
    assert len(state.history) == 8 and state.winners == (2,)
    assert state.scores == (0, 0, sum(5 + n for n in range(1, 9)), 0, 0, 0)


def test_tie_at_the_top_is_played_off_from_one_card() -> None:
    """If there are two players tied for the highest score, additional hands are
    again played starting over with the one card hand and building up by one card per
    deal until, at the end of a hand there is only one player with the highest
    score. Everyone makes every scheduled bid and the first play-off deal; seat 0
    alone makes the second."""
    state = new_game(Blackout(7), seed=12)
    for _ in range(8):
        state = drive_hand(state, made)
    assert not state.is_over and len(set(state.scores)) == 1
    assert state.hand_number == 9 and state.cards_dealt == 2
    state = drive_hand(state, only(0, 2))
    assert state.is_over and state.winners == (0,)
    assert [h.cards_dealt for h in state.history] == [1, 2, 3, 4, 5, 6, 7, 1, 2]


def test_play_off_deals_turn_a_trump() -> None:
    """... additional hands are again played starting over with the one card hand:
    played like the scheduled ones, with a turned-up trump."""
    state = new_game(Blackout(7), seed=12)
    for _ in range(7):
        state = drive_hand(state, made)
    assert state.cards_dealt == 1 and state.trump_card == state.stock[0]
    assert state.trump is state.stock[0].suit


def test_everyone_plays_the_play_off_and_may_win_it() -> None:
    """All players may continue to play in these additional hands, and, in some cases
    may even defeat the tied players. Seat 6 misses deal 1 and trails the six tied
    seats by 6; it then makes both play-off deals while the others miss."""
    state = new_game(Blackout(7), seed=13)
    state = drive_hand(state, lambda s, w: miss(w, 1) if s == 6 else w)
    for _ in range(6):
        state = drive_hand(state, made)
    assert state.scores == (63,) * 6 + (57,) and not state.is_over
    state = drive_hand(state, only(6, 1))  # all tied again
    assert state.scores == (63,) * 7 and not state.is_over
    assert all(len(h) == 2 for h in state.hands)
    state = drive_hand(state, only(6, 2))
    assert state.is_over and state.winners == (6,)


def test_game_over_only_with_one_player_on_top() -> None:
    """... until, at the end of a hand there is only one player with the highest
    score. Checked on hand results."""
    rules = Blackout(5)  # 10 scheduled deals
    early = [result((9, 0, 0, 0, 0), n) for n in range(1, 10)]
    assert not rules.is_game_over(early)
    assert rules.is_game_over([*early, result((20, 15, 9, 0, 0), 10)])
    assert not rules.is_game_over([*early, result((20, 20, 9, 0, 0), 10)])
    assert not rules.is_game_over([*early, result((20, 20, 20, 20, 20), 10)])
    assert rules.is_game_over([*early, result((20, 20, 9, 0, 0), 10), result((26, 20, 9, 0, 0))])


def test_play_off_deals_go_one_card_up() -> None:
    """... starting over with the one card hand and building up by one card per deal."""
    rules = Blackout(5)
    assert [rules.hand_size(n) for n in range(11, 16)] == [1, 2, 3, 4, 5]


def test_ten_plus_bid_scoring() -> None:
    """One common alternative scoring method is to award each successful bid 10
    points plus the amount of their bid. As in the standard game, the player must
    still win the exact number of tricks bid in order to earn this score."""
    rules = Blackout(4, scoring="ten_plus_bid")
    state = one_card_game(rules, "3D AS KS 2H", top="5H")
    state = play_in_turn(bid_in_turn(state, 1, 0, 1, 0), "AS", "KS", "2H", "3D")
    assert state.history[0].points == (10, 0, 10, 11)
    for hand in random_game(rules, 6)[-1].history:
        for bid, won, points in zip(hand.bids, hand.tricks_won, hand.points, strict=True):
            assert points == (10 + bid if bid == won else 0)


# -- simultaneous bidding ---------------------------------------------------------


def test_simultaneous_bidding_every_seat_bids_at_once() -> None:
    """Simultaneous Bidding: ... In this variant, all players submit their bids at
    the same time."""
    state = one_card_game(Blackout(4, simultaneous_bidding=True), "2C 3C 4C 5C")
    assert state.to_act == {0, 1, 2, 3} and state.current_player is None
    assert {m.seat for m in legal_moves(state)} == {0, 1, 2, 3}
    for seat, n in ((3, 1), (0, 1), (2, 0)):
        state = apply_move(state, Bid(seat, n))
        assert state.phase is Phase.BIDDING
    assert state.to_act == {1}
    with pytest.raises(IllegalMoveError, match="already bid"):
        apply_move(state, Bid(0, 0))
    state = apply_move(state, Bid(1, 1))
    assert state.phase is Phase.PLAYING and state.current_player == 1
    assert state.bids == (1, 1, 0, 1)


def test_simultaneous_bids_are_hidden_until_all_are_in() -> None:
    """In order to help prevent a player from influencing his bid based on what
    previous players may have bid ... all players submit their bids at the same time:
    no player sees another's bid before every bid is in."""
    state = one_card_game(Blackout(4, simultaneous_bidding=True), "2C 3C 4C 5C")
    for seat, n in ((3, 1), (0, 1), (2, 0)):
        state = apply_move(state, Bid(seat, n))
    assert view(state, 1).bids == (None,) * 4
    assert view(state, 0).bids == (1, None, None, None)
    assert view(state, 3).bids == (None, None, None, 1)
    state = apply_move(state, Bid(1, 1))
    assert all(view(state, seat).bids == (1, 1, 0, 1) for seat in range(4))


def test_simultaneous_bids_are_unrestricted() -> None:
    """... all players submit their bids at the same time: no bid depends on another,
    so no total is forbidden."""
    state = one_card_game(Blackout(4, simultaneous_bidding=True), "2C 3C 4C 5C")
    for seat in (1, 2, 3):
        state = apply_move(state, Bid(seat, 0))
    assert legal_moves(state) == (Bid(0, 0), Bid(0, 1))


def test_hook_cannot_go_with_simultaneous_bidding() -> None:
    """The hook needs a last bidder; simultaneous bidding has none."""
    with pytest.raises(InvalidArgumentError, match=r"Blackout\.hook"):
        Blackout(4, hook=True, simultaneous_bidding=True)


# -- reverse and full orders ----------------------------------------------------------


@pytest.mark.parametrize("players", range(3, 8))
def test_reverse_deals_from_the_most_down_to_one(players: int) -> None:
    """Reverse Deals: In this variation, the individual deals are played in reverse
    order. Thus, for the first deal, the maximum number of cards are dealt, and on
    each subsequent hand one less card is dealt until the last deal, which is the one
    card hand."""
    most = 52 // players
    assert Blackout(players, schedule="reverse").hand_sizes == tuple(range(most, 0, -1))


def test_reverse_first_deal_is_at_no_trump() -> None:
    """The first, maximum card hand is played at no trump while the other deals use
    the standard turn-up card for determining the trump suit."""
    rules = Blackout(4, schedule="reverse")
    deck = rules.deck()
    state = new_game(rules, seed=1, deal=Deal(hands=[deck[i::4] for i in range(4)], stock=()))
    assert state.cards_dealt == 13 and state.trump is None and state.trump_card is None


def test_reverse_later_deals_turn_a_trump() -> None:
    """... while the other deals use the standard turn-up card for determining the
    trump suit. In all other respects the game is played identically to the standard
    game."""
    starts = hand_starts(random_game(Blackout(5, schedule="reverse"), 7))
    assert [s.cards_dealt for s in starts][:10] == list(range(10, 0, -1))
    assert starts[0].trump is None and starts[0].trump_card is None
    for start in starts[1:10]:
        assert start.trump_card == start.stock[0] and start.trump is start.stock[0].suit


@pytest.mark.parametrize("players", range(3, 8))
def test_full_rotation_goes_up_and_back_down(players: int) -> None:
    """Full Rotation: ... After the hand with the maximum deals is dealt, the next
    deal would consist of one less card and so on for each deal back down to the one
    card deal which is the last in the game."""
    most = 52 // players
    expected = (*range(1, most + 1), *range(most - 1, 0, -1))
    assert Blackout(players, schedule="full").hand_sizes == expected


def test_full_rotation_maximum_deal_at_no_trump() -> None:
    """Full Rotation: This variation is the same as the standard game, except for
    there are additional deals: the M-card deal is at no trump, every other deal turns
    a trump [choice]."""
    starts = hand_starts(random_game(Blackout(7, schedule="full"), 8))
    assert [s.cards_dealt for s in starts][:13] == [1, 2, 3, 4, 5, 6, 7, 6, 5, 4, 3, 2, 1]
    for number, start in enumerate(starts[:13], 1):
        if number == 7:
            assert start.trump is None and start.trump_card is None
        else:
            assert start.trump_card == start.stock[0] and start.trump is start.stock[0].suit


# -- the hook -------------------------------------------------------------------------


def test_hook_last_bidder_may_not_make_the_total() -> None:
    """Hook Rule: In this version, a player may not bid such that the TOTAL number of
    tricks bid so far by all players combined in this deal totals exactly the same as
    the number of tricks ... This forces each hand to be either over or under bid.
    Oftentimes, this may cause the dealer the last bidder to make a bid in which they
    would not normally want to make."""
    rules = Blackout(4, hook=True)
    state = bid_in_turn(one_card_game(rules, "2C 3C 4C 5C"), 0, 0, 0)
    assert legal_moves(state) == (Bid(0, 0),)
    with pytest.raises(IllegalMoveError, match="may not bid 1"):
        apply_move(state, Bid(0, 1))
    state = bid_in_turn(one_card_game(rules, "2C 3C 4C 5C"), 1, 0, 0)
    assert legal_moves(state) == (Bid(0, 1),)


def test_hook_in_every_deal() -> None:
    """This forces each hand to be either over or under bid."""
    history = random_game(Blackout(5, hook=True), 9)[-1].history
    assert all(sum(h.bids) != h.cards_dealt for h in history)


def test_without_hook_total_may_equal_the_tricks() -> None:
    """The hook is a variant: without it the last bidder may make the total."""
    state = bid_in_turn(one_card_game(Blackout(4), "2C 3C 4C 5C"), 0, 0, 0)
    assert legal_moves(state) == (Bid(0, 0), Bid(0, 1))


# -- cooperative Blackout ----------------------------------------------------------


@pytest.mark.parametrize("players", range(2, 8))
def test_cooperative_two_to_seven_players(players: int) -> None:
    """Similar to the standard, competitive version, this variant can be played by 2
    to 7 players. The game uses one standard deck."""
    rules = Blackout(players, cooperative=True)
    assert rules.players == players and len(rules.deck()) == 52


@pytest.mark.parametrize("players", [1, 8])
def test_cooperative_other_player_counts_are_rejected(players: int) -> None:
    """... this variant can be played by 2 to 7 players."""
    with pytest.raises(InvalidArgumentError, match=r"Blackout\.players"):
        Blackout(players, cooperative=True)


def test_cooperative_trump_from_a_second_deck_never_no_trump() -> None:
    """... a second, shuffled deck is used to determine the trump suit for each hand
    ... After the cards are dealt on each round, a card from the second deck is
    exposed, the suit of this card being set as the trump suit for the hand. Even the
    13-card deal, which uses the whole first deck, has a trump."""
    state = new_game(Blackout(4, cooperative=True), seed=14)
    starts = [state]
    while not state.is_over:
        state = drive_hand(state, made)
        starts.append(state)
    starts.pop()
    assert [s.cards_dealt for s in starts] == list(range(1, 14))
    for start in starts:
        assert start.trump_card is not None and start.trump is start.trump_card.suit
    assert starts[-1].stock == () and starts[-1].trump is not None


def test_cooperative_turned_card_plays_no_part() -> None:
    """This card and all other cards from the second deck play no further part in the
    game: the first deck is dealt and played exactly as without it."""
    state = new_game(Blackout(4, cooperative=True), seed=14)
    held = [c for hand in state.hands for c in hand]
    assert len(held) + len(state.stock) == 52 and set(held).isdisjoint(state.stock)


def test_cooperative_second_deck_card_reveals_nothing_of_the_first_deck() -> None:
    """This card and all other cards from the second deck play no further part in the
    game. Whatever card the second deck shows, a player's view shows no card of the
    first deck's undealt stock. (Seed 52: the second deck shows J♠, which is also the
    top card of the first deck's stock.)"""
    rules = Blackout(4, cooperative=True)
    for seed in (52, *range(20)):
        start = new_game(rules, seed=seed)
        for seat in range(4):
            assert view(start, seat).face_up == ()


def test_cooperative_bids_once_each_from_the_dealers_left() -> None:
    """After the trump suit is exposed, a round of bidding begins, starting with the
    player to the dealer's immediate left. Each player has exactly one opportunity to
    bid and may not pass ... A player may make a bid of 0 if he expects to win no
    tricks during the hand."""
    state = one_card_game(Blackout(4, cooperative=True), "2C 3C 4C 5C")
    assert state.current_player == 1 and Bid(1, 0) in legal_moves(state)
    order = []
    for n in (0, 1, 0, 0):
        order.append(state.current_player)
        state = bid_in_turn(state, n)
    assert order == [1, 2, 3, 0] and state.phase is Phase.PLAYING


def test_cooperative_bids_must_total_the_cards_dealt() -> None:
    """The total summation of all the bids must equal exactly the number of cards
    dealt to each player during the hand."""
    state = bid_in_turn(one_card_game(Blackout(4, cooperative=True), "2C 3C 4C 5C"), 0, 0, 0)
    assert legal_moves(state) == (Bid(0, 1),)
    with pytest.raises(IllegalMoveError, match="must bid 1"):
        apply_move(state, Bid(0, 0))
    state = bid_in_turn(one_card_game(Blackout(4, cooperative=True), "2C 3C 4C 5C"), 1)
    assert legal_moves(state) == (Bid(2, 0),)
    for hand in random_game(Blackout(5, cooperative=True), 15)[-1].history:
        assert sum(hand.bids) == hand.cards_dealt


def test_cooperative_play_starts_left_of_the_dealer() -> None:
    """Once all the bids have been made, play begins with the player to the immediate
    left of the dealer leading the first card to the first trick."""
    state = bid_in_turn(one_card_game(Blackout(4, cooperative=True), "2C 3C 4C 5C"), 0, 1, 0, 0)
    assert state.current_player == 1


def test_cooperative_team_wins_when_every_deal_is_made() -> None:
    """... every player plays towards the same common goal. All the players will
    either all win together or all lose together. Every deal made: all win."""
    state = new_game(Blackout(5, cooperative=True), seed=16)
    while not state.is_over:
        state = drive_hand(state, made)
    assert len(state.history) == 10 and state.winners == (0, 1, 2, 3, 4)


def test_cooperative_team_loses_at_the_first_failed_deal() -> None:
    """All the players will either all win together or all lose together: the game
    ends, lost by all, with the first deal where someone misses [choice]."""
    state = drive_hand(new_game(Blackout(5, cooperative=True), seed=16), made)
    won = first_play_tricks(state)
    taker = won.index(max(won))
    other = (taker + 1) % 5
    shifted = [w - (s == taker) + (s == other) for s, w in enumerate(won)]
    state = drive_hand(state, lambda s, w: shifted[s])
    assert state.is_over and len(state.history) == 2 and state.winners == ()


def test_cooperative_follow_and_trick_rules_are_the_standard_ones() -> None:
    """If he has a card of the suit originally led to the trick, he must play a card
    of that suit. If he has no cards of that suit, he may play any card from his hand,
    including a card from the trump suit. The highest card of the trump suit played to
    the trick wins the trick if it contains any. If no cards of the trump suit were
    played to the trick, the highest card of the suit originally led to the trick
    wins it."""
    rules = Blackout(3, cooperative=True)
    assert resolve_trick([(0, card("KD")), (1, card("2S")), (2, card("AD"))],
                         trump=SPADES, rules=rules).winner == 1  # fmt: skip
    assert resolve_trick([(0, card("KD")), (1, card("2C")), (2, card("AD"))],
                         trump=SPADES, rules=rules).winner == 2  # fmt: skip
    for state in random_game(Blackout(3, cooperative=True), 17):
        if state.phase is Phase.PLAYING and state.trick:
            hand = set(state.hands[state.current_player or 0])
            led = state.trick[0].card.suit
            assert playable(state) == ({c for c in hand if c.suit is led} or hand)


def test_cooperative_cannot_go_with_hook_or_simultaneous_bidding() -> None:
    """The bids of Cooperative Blackout are made in turn to a fixed total."""
    for options in ({"hook": True}, {"simultaneous_bidding": True}):
        with pytest.raises(InvalidArgumentError, match=r"Blackout\.cooperative"):
            Blackout(4, cooperative=True, **options)


# -- validation -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"schedule": "zigzag"}, "schedule"),
        ({"scoring": "ten_times_bid"}, "scoring"),
        ({"hook": 1}, "hook"),
        ({"simultaneous_bidding": "yes"}, "simultaneous_bidding"),
        ({"cooperative": None}, "cooperative"),
    ],
)
def test_bad_options_name_the_field(options: dict[str, object], field: str) -> None:
    """An unknown schedule or scoring name, or a flag that is not a bool, is refused."""
    with pytest.raises(InvalidArgumentError, match=rf"Blackout\.{field}"):
        Blackout(4, **options)  # type: ignore[arg-type]


def test_deal_must_fit_the_first_deal() -> None:
    """A hand-built first deal must give one card each and use the whole deck."""
    rules = Blackout(4)
    with pytest.raises(InvalidArgumentError, match=r"deal\.hands\[0\] must hold 1"):
        new_game(rules, seed=1, deal=deal(rules, ["2C 6C", "3C", "4C", "5C"]))
    with pytest.raises(InvalidArgumentError, match="whole deck"):
        new_game(rules, seed=1, deal=Deal(hands=["2C", "3C", "4C", "5C"], stock="6C"))
