"""One test per rule sentence of Up to Ten and Down Again (seed 002), the
``UpAndDown`` preset, with the sentence in each docstring.

Trick-level rules go through :func:`counter_rules.resolve_trick`; who acts and
what may be played is checked on hand-built deals of the first (one-card) round
and, for the later rounds, at every state of whole games played with random legal
moves. Where a rule needs a particular result (a player falling 20 points
behind), hands are driven: every card played is the first legal one, so the
tricks each seat will win are known before the bids are made.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence

import pytest
from oh_hell_helpers import first_play_tricks, random_game

from counter_rules import (
    Bid,
    Card,
    Deal,
    GameState,
    IllegalMoveError,
    InvalidArgumentError,
    Phase,
    Play,
    PlayedCard,
    Rank,
    Suit,
    UpAndDown,
    apply_move,
    cards,
    is_legal,
    legal_moves,
    new_game,
    resolve_trick,
)
from counter_rules.views import view

# -- helpers ------------------------------------------------------------------

SPADES, HEARTS, DIAMONDS, CLUBS = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS

TABLE_1: tuple[tuple[int, Suit | None], ...] = (
    (1, SPADES), (2, HEARTS), (3, DIAMONDS), (4, CLUBS), (5, None),
    (6, SPADES), (7, HEARTS), (8, DIAMONDS), (9, CLUBS), (10, None),
    (9, SPADES), (8, HEARTS), (7, DIAMONDS), (6, CLUBS), (5, None),
    (4, SPADES), (3, HEARTS), (2, DIAMONDS), (1, CLUBS),
)  # fmt: skip
"""The seed's Table 1: (cards per hand, trump) for rounds 1 to 19."""


def card(text: str) -> Card:
    return Card.parse(text)


def deal(rules: UpAndDown, hands: Sequence[str], top: str | None = None) -> Deal:
    """Each seat gets the cards in ``hands``; the rest of the deck is the stock,
    ``top`` first when given."""
    held = [cards(hand) for hand in hands]
    first = (card(top),) if top else ()
    used = {*first, *(c for hand in held for c in hand)}
    return Deal(hands=held, stock=(*first, *(c for c in rules.deck() if c not in used)))


def one_card_game(rules: UpAndDown, hands: str, top: str | None = None) -> GameState:
    """Round 1 (one card each) on a hand-built deal: ``hands`` is seat 0's card first."""
    return new_game(rules, seed=7, deal=deal(rules, hands.split(), top))


def bid_in_turn(state: GameState, *tricks: int) -> GameState:
    """The seats to act bid these numbers in turn."""
    for n in tricks:
        seat = state.current_player
        assert seat is not None
        state = apply_move(state, Bid(seat, n))
    return state


def hand_starts(states: Sequence[GameState]) -> list[GameState]:
    """The state at the start of each hand's bidding."""
    return [s for s in states if s.phase is Phase.BIDDING and all(b is None for b in s.bids)]


def drive_hand(state: GameState, choose: Callable[[int, int], Bid]) -> GameState:
    """Play the hand that is starting: seat ``s`` bids ``choose(s, tricks s will
    win)``, then every card played is the first legal one."""
    won = first_play_tricks(state)
    done = len(state.history)
    while state.phase is Phase.BIDDING:
        seat = state.current_player
        assert seat is not None
        state = apply_move(state, choose(seat, won[seat]))
    while len(state.history) == done:
        state = apply_move(state, legal_moves(state)[0])
    return state


def playable(state: GameState) -> set[Card]:
    return {m.card for m in legal_moves(state) if isinstance(m, Play)}


GAMES = [(UpAndDown(4), 1), (UpAndDown(7), 2), (UpAndDown(3, random_trump=True), 3)]

# -- players and cards ----------------------------------------------------------


@pytest.mark.parametrize("players", range(3, 11))
def test_three_to_ten_players(players: int) -> None:
    """Players: 3–10."""
    assert UpAndDown(players).players == players


@pytest.mark.parametrize("players", [2, 11, 0, -1])
def test_fewer_than_three_or_more_than_ten_players_is_rejected(players: int) -> None:
    """Players: 3–10. Anything else is refused, naming the field."""
    with pytest.raises(InvalidArgumentError, match=r"UpAndDown\.players"):
        UpAndDown(players)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_one_deck_with_three_to_five_players(players: int) -> None:
    """The game is played with one deck of playing cards with 3–5 players ..."""
    rules = UpAndDown(players)
    assert rules.decks == 1
    assert len(rules.deck()) == 52 == len(set(rules.deck()))
    assert {c.copy for c in rules.deck()} == {0}


@pytest.mark.parametrize("players", [6, 7, 8, 9, 10])
def test_two_decks_with_six_to_ten_players(players: int) -> None:
    """... or two decks with 6–10 players. Identical cards are distinct objects."""
    rules = UpAndDown(players)
    assert rules.decks == 2
    assert len(rules.deck()) == 104 == len(set(rules.deck()))
    assert card("QS") in rules.deck() and Card(Rank.QUEEN, SPADES, 1) in rules.deck()


def test_two_deck_game_deals_both_copies() -> None:
    """... two decks with 6–10 players: a 10-player ten-card round deals 100 of the
    104 cards, so both copies of most cards are in the players' hands."""
    start = hand_starts(random_game(UpAndDown(10, up_to_ten=True), 4))[-1]
    held = [c for hand in start.hands for c in hand]
    assert start.cards_dealt == 10 and len(held) == len(set(held)) == 100
    assert sum(c.copy == 1 for c in held) >= 46


# -- rounds, deals and trumps -------------------------------------------------


def test_nineteen_rounds() -> None:
    """There are 19 rounds in a game."""
    states = random_game(UpAndDown(4), 1)
    assert len(UpAndDown(4).hand_sizes) == 19
    assert states[-1].is_over
    assert [h.hand_number for h in states[-1].history] == list(range(1, 20))


def test_each_round_has_its_table_1_trump() -> None:
    """Each round has a corresponding trump suit (see Table 1)."""
    rules = UpAndDown(5)
    for number, (_, trump) in enumerate(TABLE_1, 1):
        assert rules.trump_for(number, (), 0) == (trump, None)


@pytest.mark.parametrize(("rules", "seed"), GAMES[:2])
def test_table_1_trump_in_play(rules: UpAndDown, seed: int) -> None:
    """Each round has a corresponding trump suit (see Table 1): the trump of every
    round of a played game, no card being turned."""
    starts = hand_starts(random_game(rules, seed))
    assert [s.trump for s in starts] == [trump for _, trump in TABLE_1]
    assert all(s.trump_card is None for s in starts)
    assert [h.trump for h in random_game(rules, seed)[-1].history] == [t for _, t in TABLE_1]


@pytest.mark.parametrize(("rules", "seed"), GAMES[:2])
def test_dealer_caller_and_leader_switch_clockwise(rules: UpAndDown, seed: int) -> None:
    """One player is the 'dealer' ... The player to the dealer's left is the 'caller'
    (bids first). And the player to the caller's left is the 'leader' (leads first).
    Each round, the roles switch clockwise. Seat 0 deals first [choice]."""
    states = random_game(rules, seed)
    players = rules.players
    for number, start in enumerate(hand_starts(states), 1):
        assert start.dealer == (number - 1) % players
        assert start.to_act == {(start.dealer + 1) % players}
        assert start.leader == (start.dealer + 2) % players
    for result in states[-1].history:
        assert result.tricks[0].plays[0].seat == (result.dealer + 2) % players


def test_caller_bids_first_and_leader_leads_first_in_round_one() -> None:
    """The player to the dealer's left is the 'caller' (bids first). And the player
    to the caller's left is the 'leader' (leads first)."""
    state = one_card_game(UpAndDown(4), "2C 3C 4C 5C")
    assert state.dealer == 0 and state.current_player == 1
    state = bid_in_turn(state, 0, 0, 0, 0)
    assert state.phase is Phase.PLAYING and state.current_player == 2


def test_up_to_ten_plays_only_the_first_ten_rounds() -> None:
    """Rule variant: 'Up to ten'. Only the first 10 rounds are played."""
    rules = UpAndDown(4, up_to_ten=True)
    assert rules.hand_sizes == tuple(range(1, 11))
    final = random_game(rules, 5)[-1]
    assert final.is_over and len(final.history) == 10
    assert [h.trump for h in final.history] == [t for _, t in TABLE_1[:10]]


def test_random_trump_turns_the_top_undealt_card() -> None:
    """Rule variant: 'Random trump' ... after all cards have been dealt, a card is
    revealed from the pile of un-dealt cards; the suit of that card is the trump
    suit for the round. Round 1 is ♠ by Table 1; here the turned 7♦ rules."""
    state = one_card_game(UpAndDown(4, random_trump=True), "2C 3C 4C 5C", top="7D")
    assert state.trump is DIAMONDS
    assert state.trump_card == card("7D") == state.stock[0]


def test_random_trump_has_no_no_trump_rounds() -> None:
    """The trump suit is not pre-determined in accordance with Table 1 ... There are
    no 'no trumps' rounds."""
    starts = hand_starts(random_game(UpAndDown(3, random_trump=True), 3))
    assert len(starts) == 19
    for start in starts:
        assert start.trump_card is not None and start.trump_card == start.stock[0]
        assert start.trump is start.trump_card.suit is not None


@pytest.mark.parametrize(("rules", "seed"), GAMES)
def test_cards_dealt_go_up_to_ten_and_down_again(rules: UpAndDown, seed: int) -> None:
    """The number of cards dealt per player corresponds to the round ... until the
    11th round, at which point players are dealt a decreasing number of cards (9
    cards in the 11th round, then 8 in the 12th, etc.). See Table 1."""
    assert rules.hand_sizes == tuple(size for size, _ in TABLE_1)
    starts = hand_starts(random_game(rules, seed))
    assert [s.cards_dealt for s in starts] == [size for size, _ in TABLE_1]
    for start in starts:
        assert all(len(hand) == start.cards_dealt for hand in start.hands)
        assert len(start.stock) == len(rules.deck()) - rules.players * start.cards_dealt


# -- bidding ------------------------------------------------------------------


def test_bidding_goes_clockwise_from_the_caller() -> None:
    """Then each player in turn, starting with the caller, 'bids' (predicts how many
    tricks they will win this round). These bids are noted down for later scoring."""
    state = one_card_game(UpAndDown(4), "2C 3C 4C 5C")
    with pytest.raises(IllegalMoveError, match="seat 1's turn"):
        apply_move(state, Bid(2, 0))
    order = []
    for n in (1, 0, 1, 0):
        order.append(state.current_player)
        state = bid_in_turn(state, n)
    assert order == [1, 2, 3, 0]
    assert state.bids == (0, 1, 0, 1)


def test_any_bid_from_zero_to_the_cards_held_without_screw_the_dealer() -> None:
    """... each player ... 'bids' (predicts how many tricks they will win this round):
    without a variant nothing more restricts the bid, not even for the dealer."""
    state = bid_in_turn(one_card_game(UpAndDown(4), "2C 3C 4C 5C"), 1, 0, 0)
    assert legal_moves(state) == (Bid(0, 0), Bid(0, 1))
    assert not is_legal(state, Bid(0, 2))


def test_screw_the_dealer_forbids_the_dealer_making_the_total() -> None:
    """Rule variant: 'Screw the dealer'. The last person to bid (i.e. the dealer),
    cannot bid a number that, when summed with every other already-made bid, would
    equal the number of cards in his or her hand."""
    rules = UpAndDown(4, screw_the_dealer=True)
    state = bid_in_turn(one_card_game(rules, "2C 3C 4C 5C"), 1, 0, 0)
    assert state.current_player == 0 == state.dealer
    assert legal_moves(state) == (Bid(0, 1),)
    with pytest.raises(IllegalMoveError, match="may not bid 0"):
        apply_move(state, Bid(0, 0))
    state = bid_in_turn(one_card_game(rules, "2C 3C 4C 5C"), 0, 0, 0)
    assert legal_moves(state) == (Bid(0, 0),)


def test_screw_the_dealer_binds_only_the_dealer() -> None:
    """The last person to bid (i.e. the dealer), cannot bid ...: the others bid freely."""
    state = one_card_game(UpAndDown(4, screw_the_dealer=True), "2C 3C 4C 5C")
    assert legal_moves(state) == (Bid(1, 0), Bid(1, 1))
    state = bid_in_turn(state, 1)
    assert legal_moves(state) == (Bid(2, 0), Bid(2, 1))


def test_screw_the_dealer_in_every_round() -> None:
    """The last person to bid (i.e. the dealer), cannot bid a number that ... would
    equal the number of cards in his or her hand: checked in every round."""
    states = random_game(UpAndDown(5, screw_the_dealer=True), 6)
    dealer_turns = 0
    for s in states:
        if s.phase is Phase.BIDDING and s.current_player == s.dealer:
            dealer_turns += 1
            total = sum(b for b in s.bids if b is not None)
            bids = [m.tricks for m in legal_moves(s) if isinstance(m, Bid)]
            expected = [n for n in range(s.cards_dealt + 1) if n + total != s.cards_dealt]
            assert bids == expected
    assert dealer_turns == 19


def test_devils_bridge_bidders_see_every_hand_but_their_own() -> None:
    """In the 1st and 19th rounds (i.e. when each hand starts with one card), each
    player holds their own hand on their forehead and looks only at every other
    player's hand to help them decide on their bid. Play then goes on as usual, each
    player seeing their own card [choice]."""
    states = random_game(UpAndDown(4, devils_bridge=True), 8)
    starts = hand_starts(states)
    for start in (starts[0], starts[18]):
        assert start.cards_dealt == 1
        for seat in range(4):
            mine = view(start, seat)
            assert mine.hand is None
            assert mine.others == tuple(
                None if s == seat else hand for s, hand in enumerate(start.hands)
            )
    playing = next(s for s in states if s.phase is Phase.PLAYING)
    assert playing.hand_number == 1
    assert all(view(playing, s).hand == playing.hands[s] for s in range(4))
    assert all(view(playing, 0).others[s] is None for s in range(4))
    for start in starts[1:18]:
        assert view(start, 1).hand == start.hands[1]
        assert view(start, 1).others == (None,) * 4


def test_without_devils_bridge_one_card_hands_are_held_as_usual() -> None:
    """Devil's bridge is a variant: without it each player sees only their own card."""
    start = random_game(UpAndDown(4), 1)[0]
    assert view(start, 2).hand == start.hands[2] and view(start, 2).others == (None,) * 4


def test_devils_bridge_is_an_accepted_option() -> None:
    """Rule variant: 'Devil's bridge'. In the 1st and 19th rounds (i.e. when each hand
    starts with one card), each player holds their own hand on their forehead and
    looks only at every other player's hand. The option is accepted and the game is
    played as usual (what each player sees is for the player views)."""
    rules = UpAndDown(4, devils_bridge=True)
    assert rules.devils_bridge
    assert rules.hand_sizes[0] == rules.hand_sizes[18] == 1
    final = random_game(rules, 8)[-1]
    assert final.is_over and len(final.history) == 19


# -- play -----------------------------------------------------------------------


@pytest.mark.parametrize(("rules", "seed"), GAMES)
def test_play_starts_with_the_leader_and_goes_clockwise(rules: UpAndDown, seed: int) -> None:
    """After bidding, each player takes turns to play one card from their hand,
    starting with the leader and going clockwise."""
    for state in random_game(rules, seed)[-1:]:
        for result in state.history:
            first = result.tricks[0].plays
            assert first[0].seat == (result.dealer + 2) % rules.players
            for trick in result.tricks:
                seats = [p.seat for p in trick.plays]
                assert seats == [(seats[0] + i) % rules.players for i in range(rules.players)]


@pytest.mark.parametrize(("rules", "seed"), GAMES)
def test_follow_suit_if_able_else_any_card(rules: UpAndDown, seed: int) -> None:
    """The player to play the first card of a trick can play any card they want.
    Other players can play any card they want as long as the card 'follows suit' ...;
    if a player does not have a card of this suit, they can play any card they
    want. Checked at every turn of a whole game."""
    for state in random_game(rules, seed):
        if state.phase is not Phase.PLAYING:
            continue
        seat = state.current_player
        assert seat is not None
        hand = state.hands[seat]
        if not state.trick:
            assert playable(state) == set(hand)
            continue
        led = state.trick[0].card.suit
        follow = {c for c in hand if c.suit is led}
        assert playable(state) == (follow or set(hand))


def test_a_card_that_does_not_follow_is_refused() -> None:
    """Other players can play any card they want as long as the card 'follows suit'.
    The first time in a game that a player holding the led suit could play another
    suit, that card is refused with a reason, and the state is unchanged."""
    for state in random_game(UpAndDown(4), 1):
        if state.phase is not Phase.PLAYING or not state.trick:
            continue
        seat = state.current_player
        assert seat is not None
        led = state.trick[0].card.suit
        other = [c for c in state.hands[seat] if c.suit is not led]
        if other and any(c.suit is led for c in state.hands[seat]):
            before = legal_moves(state)
            with pytest.raises(IllegalMoveError, match=f"must follow {led}"):
                apply_move(state, Play(seat, other[0]))
            assert legal_moves(state) == before and len(state.trick) < 4
            return
    pytest.fail("no position where a player could fail to follow suit")


def test_leader_may_lead_a_trump() -> None:
    """The player to play the first card of a trick can play any card they want: a
    trump too (round 1 is ♠), whatever else is held."""
    rules = UpAndDown(4)
    state = bid_in_turn(one_card_game(rules, "2C 3C AS 5C"), 0, 0, 0, 0)
    assert state.current_player == 2 and playable(state) == {card("AS")}


def trick(rules: UpAndDown, text: str, trump: Suit | None, leader: int = 0) -> int | None:
    plays = [((leader + i) % rules.players, card(t)) for i, t in enumerate(text.split())]
    return resolve_trick(plays, trump=trump, rules=rules).winner


def test_highest_card_wins_ace_high() -> None:
    """The highest card wins (an A is considered higher than a K)."""
    rules = UpAndDown(4)
    assert trick(rules, "KS AS QS 2S", None) == 1
    assert trick(rules, "AD KD 10D 9D", None) == 0
    assert trick(rules, "2H 3H 4H 5H", None, leader=2) == 1


def test_card_not_following_suit_cannot_win() -> None:
    """If a card does not follow suit, it cannot be considered higher ..."""
    rules = UpAndDown(4)
    assert trick(rules, "5H AS KS AC", DIAMONDS) == 0
    assert trick(rules, "2C AH AS AD", None) == 0


def test_trump_beats_any_other_suit() -> None:
    """... unless it is of the trump suit, in which case it is always considered
    higher than a card of any other suit."""
    rules = UpAndDown(4)
    assert trick(rules, "AH 2S KH QH", SPADES) == 1
    assert trick(rules, "AH 2S 3S QH", SPADES) == 2
    assert trick(rules, "2S AH KH 3S", SPADES) == 3


def reference_winner(plays: Sequence[PlayedCard], trump: Suit | None) -> int:
    """The seat of the highest trump, else of the highest card of the led suit (ace
    high; of two identical cards, the first played)."""
    led = plays[0].card.suit

    def rank(i: int) -> tuple[int, int, int]:
        c = plays[i].card
        level = 2 if trump is not None and c.suit is trump else int(c.suit is led)
        return (level, 14 if c.rank is Rank.ACE else int(c.rank), -i)

    return plays[max(range(len(plays)), key=rank)].seat


@pytest.mark.parametrize(("rules", "seed"), GAMES)
def test_every_trick_of_a_game_goes_to_the_highest_card(rules: UpAndDown, seed: int) -> None:
    """The highest card wins (an A is considered higher than a K). If a card does not
    follow suit, it cannot be considered higher—unless it is of the trump suit ...
    Every trick the engine resolved in a whole game, against the rule in words."""
    for result in random_game(rules, seed)[-1].history:
        for played in result.tricks:
            assert played.trump is result.trump
            assert played.winner == reference_winner(played.plays, played.trump)


def test_identical_cards_first_played_is_higher() -> None:
    """If the same two cards are played in the same trick (only possible if two
    decks are in play), the card to have been played first is considered the higher
    of the two."""
    rules = UpAndDown(6)
    q0, q1 = card("QS"), Card(Rank.QUEEN, SPADES, 1)
    for first, second in ((q0, q1), (q1, q0)):
        plays = list(enumerate([card("2S"), first, card("3S"), second, card("4S"), card("5S")]))
        result = resolve_trick(plays, trump=None, rules=rules)
        assert result.winner == 1 and result.plays[1].card is first
    # Two identical trumps on another suit's lead: the first played still wins.
    h0, h1 = card("2H"), Card(Rank.TWO, HEARTS, 1)
    plays = list(enumerate([card("AS"), card("KS"), h1, card("QS"), h0, card("JS")]))
    assert resolve_trick(plays, trump=HEARTS, rules=rules).winner == 2


@pytest.mark.parametrize(("rules", "seed"), GAMES)
def test_trick_winner_leads_the_next_trick(rules: UpAndDown, seed: int) -> None:
    """The player to play the highest card wins the trick and puts the cards of that
    trick aside. That player then plays the first card of the next trick."""
    for result in random_game(rules, seed)[-1].history:
        assert sum(result.tricks_won) == len(result.tricks) == result.cards_dealt
        for before, after in itertools.pairwise(result.tricks):
            assert before.winner is not None
            assert after.plays[0].seat == before.winner


def test_trick_winner_leads_next_in_play() -> None:
    """That player then plays the first card of the next trick: after a trick the
    winner is the seat to act."""
    for state in random_game(UpAndDown(4), 1):
        if state.phase is Phase.PLAYING and state.tricks and not state.trick:
            assert state.current_player == state.tricks[-1].winner == state.leader


@pytest.mark.parametrize(("rules", "seed"), GAMES)
def test_round_is_over_once_every_card_is_played(rules: UpAndDown, seed: int) -> None:
    """Once every card in players' hands has been played, the round is over."""
    states = random_game(rules, seed)
    for before, after in itertools.pairwise(states):
        if len(after.history) > len(before.history):
            assert [len(h) for h in before.hands].count(0) == rules.players - 1
            assert len(before.trick) == rules.players - 1
        else:
            assert after.hand_number == before.hand_number


# -- scoring --------------------------------------------------------------------


@pytest.mark.parametrize(("rules", "seed"), GAMES)
def test_ten_for_an_exact_bid_and_one_per_trick(rules: UpAndDown, seed: int) -> None:
    """10 points are awarded to each player that won the same number of tricks that
    they bid, and 1 point is awarded to each player for each trick they won."""
    totals = [0] * rules.players
    made = 0
    for result in random_game(rules, seed)[-1].history:
        for seat in range(rules.players):
            bid, won = result.bids[seat], result.tricks_won[seat]
            made += bid == won
            assert result.points[seat] == (10 if bid == won else 0) + won
            totals[seat] += result.points[seat]
        assert result.scores == tuple(totals)
    assert made > 0


def test_scoring_of_one_exact_round() -> None:
    """10 points are awarded to each player that won the same number of tricks that
    they bid, and 1 point is awarded to each player for each trick they won. Round 1,
    ♠ trump: seat 2 leads 2♠, seat 0's A♠ wins."""
    state = one_card_game(UpAndDown(4), "AS 3H 2S 9H")
    state = bid_in_turn(state, 1, 0, 0, 1)  # seats 1, 2, 3, 0
    for seat, text in ((2, "2S"), (3, "9H"), (0, "AS"), (1, "3H")):
        state = apply_move(state, Play(seat, card(text)))
    (result,) = state.history
    assert result.tricks_won == (1, 0, 0, 0)
    assert result.points == (11, 0, 10, 10)
    assert state.scores == (11, 0, 10, 10) and state.hand_number == 2


@pytest.mark.parametrize(("rules", "seed"), GAMES)
def test_most_points_at_the_end_wins(rules: UpAndDown, seed: int) -> None:
    """The winner is the player that has the most points by the end of the game."""
    final = random_game(rules, seed)[-1]
    top = max(final.scores)
    assert final.winners == tuple(s for s, v in enumerate(final.scores) if v == top)


# -- blind bidding ------------------------------------------------------------------


def test_blind_bid_needs_twenty_points_behind() -> None:
    """Rule variant: 'Bidding blind'. If a player is 20 points behind the player to
    have the most points, they have the option of making a bid before looking at
    their hand. At the start nobody is behind."""
    state = one_card_game(UpAndDown(4, blind_bidding=True), "2C 3C 4C 5C")
    assert not any(m.blind for m in legal_moves(state) if isinstance(m, Bid))
    with pytest.raises(IllegalMoveError, match="20 or more points behind"):
        apply_move(state, Bid(1, 0, blind=True))
    plain = one_card_game(UpAndDown(4), "2C 3C 4C 5C")
    with pytest.raises(IllegalMoveError, match="blind bids are not allowed"):
        apply_move(plain, Bid(1, 0, blind=True))


def test_blind_bid_offered_exactly_when_twenty_behind() -> None:
    """If a player is 20 points behind the player to have the most points, they have
    the option of making a bid before looking at their hand: at every bid of a game,
    blind bids are offered exactly to a seat 20 or more points behind the leader."""
    offered = 0
    for state in random_game(UpAndDown(5, blind_bidding=True), 9):
        if state.phase is not Phase.BIDDING:
            continue
        seat = state.current_player
        assert seat is not None
        behind = max(state.scores) - state.scores[seat] >= 20
        blind = [m for m in legal_moves(state) if isinstance(m, Bid) and m.blind]
        assert bool(blind) == behind
        offered += behind
    assert offered > 0


def test_made_blind_bid_scores_twenty() -> None:
    """An acheived blind bid is worth 20 points (as opposed to the usual 10). Seat 0
    misses three rounds while the others make theirs, then bids blind."""
    state = new_game(UpAndDown(3, blind_bidding=True), seed=11)
    for _ in range(3):
        state = drive_hand(state, lambda s, w: Bid(s, w if s else (w + 1) % 2))
    assert max(state.scores) - state.scores[0] >= 20
    assert all(max(state.scores) - state.scores[s] < 20 for s in (1, 2))
    probe = state
    while probe.current_player != 0:
        probe = apply_move(probe, legal_moves(probe)[0])
    probe = apply_move(probe, Bid(0, 0, blind=True))
    assert probe.blind == (True, False, False)
    assert all(view(probe, seat).blind == (True, False, False) for seat in range(3))
    won = first_play_tricks(state)
    state = drive_hand(state, lambda s, w: Bid(s, w, blind=s == 0))
    result = state.history[-1]
    assert result.blind == (True, False, False)
    assert result.points == (20 + won[0], 10 + won[1], 10 + won[2])


def test_missed_blind_bid_scores_only_the_tricks() -> None:
    """An acheived blind bid is worth 20 points: a missed one earns no bonus, just
    the point per trick won."""
    state = new_game(UpAndDown(3, blind_bidding=True), seed=11)
    for _ in range(3):
        state = drive_hand(state, lambda s, w: Bid(s, w if s else (w + 1) % 2))
    won = first_play_tricks(state)
    state = drive_hand(state, lambda s, w: Bid(s, (w + 1) % 5 if s == 0 else w, blind=s == 0))
    assert state.history[-1].points[0] == won[0]
