"""A seat's answer: parse_move(text, state=..., seat=...) reads what a player
types, refuses a move the seat may not make with the engine's reason, and
lists the accepted forms for text it cannot read."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from strategies import random_playout, rulesets, seeds

from counter_rules import (
    Bid,
    Card,
    Counter,
    Deal,
    GameOverError,
    GameState,
    IllegalMoveError,
    InvalidArgumentError,
    InvalidNotationError,
    OhHell,
    Pass,
    Phase,
    Play,
    apply_move,
    format_move,
    legal_moves,
    new_game,
    parse_move,
    standard_deck,
)
from counter_rules.rulesets.base import Ruleset


def _ordered() -> GameState:
    """Counter with the pack dealt in order: seat 0 holds A♣..10♣, seat 1
    J♣..7♦, seat 2 8♦..4♥, seat 3 5♥..A♠; trump ♠ (2♠ turned)."""
    deck = standard_deck()
    deal = Deal(hands=[deck[i * 10 : i * 10 + 10] for i in range(4)], stock=deck[40:])
    return new_game(Counter(players=4), seed=3, deal=deal)


def _bid_round(state: GameState) -> GameState:
    for seat, bid in ((1, 3), (2, 2), (3, 2), (0, 2)):
        state = apply_move(state, Bid(seat, bid))
    return state


def _reach(rules: Ruleset, seed: int, wanted: object) -> GameState:
    rng = random.Random(seed)
    state = new_game(rules, seed)
    while not wanted(state):  # type: ignore[operator]
        state = apply_move(state, rng.choice(legal_moves(state)))
    return state


def test_a_card_is_read_in_every_spelling_a_player_types() -> None:
    """QS, Q♠, qs, ' q♠ ', 'play QS' and the notation all read as the play."""
    state = apply_move(_bid_round(_ordered()), Play(1, Card.parse("5D")))
    for text in ("8D", "8♦", "8d", " 8♦ ", "play 8D", "PLAY 8d", "P2:8D"):
        assert parse_move(text, state=state, seat=2) == Play(2, Card.parse("8D"))
    for text in ("10d", "10D", "TD", "10♦"):
        assert parse_move(text, state=state, seat=2) == Play(2, Card.parse("10D"))


def test_bid_n_and_n_alone_while_bidding_are_bids() -> None:
    """'bid 2' and '2' bid two tricks; 'blind bid 2' is a blind bid."""
    state = _ordered()
    assert parse_move("bid 2", state=state, seat=1) == Bid(1, 2)
    assert parse_move("2", state=state, seat=1) == Bid(1, 2)
    assert parse_move("Bid 10", state=state, seat=1) == Bid(1, 10)
    with pytest.raises(IllegalMoveError) as caught:
        parse_move("blind bid 2", state=state, seat=1)
    assert caught.value.move == Bid(1, 2, blind=True)


def test_a_number_alone_outside_the_bidding_is_not_read() -> None:
    """While playing, '2' is no move (it would be a card without a suit)."""
    state = _bid_round(_ordered())
    with pytest.raises(InvalidNotationError, match="got '2'"):
        parse_move("2", state=state, seat=1)


def test_bid_while_playing_is_refused_with_the_engines_reason() -> None:
    """'bid 2' is read as a bid and refused, with the engine's words."""
    state = _bid_round(_ordered())
    with pytest.raises(IllegalMoveError) as caught:
        parse_move("bid 2", state=state, seat=1)
    assert caught.value.reason == "the game is playing: expected a Play, not a Bid"


def test_pass_kh_and_kh_alone_while_passing_are_passes() -> None:
    """In Counter's pass, 'pass 4H' and '4H' both pass the card."""
    state = _bid_round(_ordered())
    for seat, card in ((1, "5D"), (2, "8D"), (3, "5H"), (0, "3C")):
        state = apply_move(state, Play(seat, Card.parse(card)))
    assert state.phase is Phase.PASSING
    assert parse_move("pass 4H", state=state, seat=2) == Pass(2, Card.parse("4H"))
    assert parse_move("4h", state=state, seat=2) == Pass(2, Card.parse("4H"))
    assert parse_move("Pass 4♥", state=state, seat=2) == Pass(2, Card.parse("4H"))
    with pytest.raises(IllegalMoveError, match="does not hold"):
        parse_move("pass QS", state=state, seat=2)


def test_a_four_alone_is_played_without_showing_and_with_show_it_shows() -> None:
    """Holding two Fours, '4C' plays the Four alone; '4C+4D', '4C show 4D' and
    '4♣ showing 4♦' play it showing the other."""
    deck = standard_deck()
    fours = [c for c in deck if c.rank == 4]
    rest = [c for c in deck if c.rank != 4]
    hands = [rest[:10], fours[:2] + rest[10:18], rest[18:28], fours[2:] + rest[28:36]]
    state = new_game(Counter(), seed=1, deal=Deal(hands=hands, stock=rest[36:]))
    for seat in (1, 2, 3, 0):
        state = apply_move(state, Bid(seat, 1))
    four, other = Card.parse("4C"), Card.parse("4D")
    assert parse_move("4C", state=state, seat=1) == Play(1, four)
    for text in ("4C+4D", "4c + 4d", "4C show 4D", "4♣ showing 4♦", "P1:4C+4D"):
        assert parse_move(text, state=state, seat=1) == Play(1, four, reveal=other)
    with pytest.raises(IllegalMoveError) as caught:
        parse_move("4C show 5D", state=state, seat=1)
    assert "5♦" in caught.value.reason


def test_a_jokers_call_is_read() -> None:
    """Under Atkinson's Jokers the first Joker needs a call: 'Jo high',
    'Jo(low)'; 'Jo' alone is refused with the engine's reason."""
    rules = OhHell(players=4, jokers="atkinson", schedule=(10,))

    def has_call(state: GameState) -> bool:
        return any(isinstance(m, Play) and m.call for m in legal_moves(state))

    state = _reach(rules, 9, lambda s: s.is_over or has_call(s))
    assert not state.is_over
    call = next(m for m in legal_moves(state) if isinstance(m, Play) and m.call)
    seat, text = call.seat, call.card.letters
    assert parse_move(f"{text} high", state=state, seat=seat) == Play(seat, call.card, None, "high")
    assert parse_move(f"{text}(low)", state=state, seat=seat) == Play(seat, call.card, None, "low")
    with pytest.raises(IllegalMoveError, match='must be called "high" or "low"'):
        parse_move(text, state=state, seat=seat)


def test_a_card_without_its_copy_is_the_copy_the_seat_holds() -> None:
    """In a two-deck game 'QS' names the Q♠ the seat holds, whichever deck it
    comes from; 'QS/1' names the second deck's exactly."""
    rules = OhHell(players=5, decks=2, schedule=(10,))
    state = _reach(rules, 2, lambda s: s.phase is Phase.PLAYING)
    seat = state.current_player
    assert seat is not None
    hand = state.hands[seat]
    second = [c for c in hand if c.copy == 1 and Card(c.rank, c.suit) not in hand]
    playable = [c for c in second if Play(seat, c) in legal_moves(state)]
    assert playable, "the seed should give a second-deck card to play"
    card = playable[0]
    bare = card.letters.partition("/")[0]
    assert parse_move(bare, state=state, seat=seat) == Play(seat, card)
    assert parse_move(card.letters, state=state, seat=seat) == Play(seat, card)


def test_an_illegal_answer_says_the_engines_reason() -> None:
    """A card that does not follow suit is refused with 'must follow ...', as
    apply_move words it, and the state is untouched."""
    state = apply_move(_bid_round(_ordered()), Play(1, Card.parse("5D")))
    with pytest.raises(IllegalMoveError) as caught:
        parse_move("AH", state=state, seat=2)
    assert caught.value.reason == "seat 2 must follow ♦: holds 8♦ 9♦ 10♦ J♦ Q♦ K♦"
    with pytest.raises(IllegalMoveError) as engine:
        apply_move(state, Play(2, Card.parse("AH")))
    assert str(caught.value) == str(engine.value)
    with pytest.raises(IllegalMoveError, match="it is seat 2's turn, not seat 3's"):
        parse_move("5H", state=state, seat=3)


def test_an_unreadable_answer_lists_the_forms_accepted() -> None:
    """Text that is no move raises InvalidNotationError quoting it and listing
    the accepted forms."""
    state = _ordered()
    for text in ("queen of spades", "", "bid", "bid two", "QS QS QS", "blind QS", "4S show"):
        with pytest.raises(InvalidNotationError) as caught:
            parse_move(text, state=state, seat=1)
        message = str(caught.value)
        assert message.startswith("expected a card such as 'QS', 'Q♠' or '10h', '4S+4D'")
        assert "'bid 2' (or '2' while bidding)" in message and "'pass KH'" in message
        assert message.endswith(f"got {text!r}")


def test_the_notation_of_another_seat_is_refused() -> None:
    """'P3:bid 2' typed for seat 1 is refused: it names another seat."""
    with pytest.raises(IllegalMoveError, match="the answer names seat 3, it is read for seat 1"):
        parse_move("P3:bid 2", state=_ordered(), seat=1)


def test_state_and_seat_go_together() -> None:
    """Only one of state and seat, or a seat that is not the game's, is an
    argument error; a finished game raises GameOverError."""
    state = _ordered()
    with pytest.raises(InvalidArgumentError, match="with both state and seat"):
        parse_move("QS", seat=1)
    with pytest.raises(
        InvalidArgumentError, match="seat must be a whole number from 0 to 3, got None"
    ):
        parse_move("QS", state=state)
    with pytest.raises(InvalidArgumentError, match="got 4"):
        parse_move("QS", state=state, seat=4)
    over = _reach(Counter(target=1), 1, lambda s: s.is_over)
    with pytest.raises(GameOverError):
        parse_move("bid 1", state=over, seat=0)


def _short(move: Bid | Play | Pass, ascii: bool) -> str:
    return format_move(move, ascii=ascii).partition(":")[2]


@settings(max_examples=25, deadline=None)
@given(rules=rulesets(), seed=seeds)
def test_every_legal_move_reads_back_from_its_short_form(rules: Ruleset, seed: int) -> None:
    """At every state of a random game, each legal move written without its
    seat (``QS``, ``bid 2``, ``pass K♥``, ``4♠+4♦``, ``Jo(high)``) reads back as
    that move for its seat, in symbols and in ASCII."""
    for i, (state, _) in enumerate(random_playout(rules, seed, seed ^ 3)):
        if i > 200:
            break
        for move in legal_moves(state):
            for ascii in (True, False):
                assert parse_move(_short(move, ascii), state=state, seat=move.seat) == move


@settings(max_examples=15, deadline=None)
@given(rules=rulesets(), seed=seeds)
def test_an_answer_is_legal_or_refused_with_apply_moves_reason(rules: Ruleset, seed: int) -> None:
    """Any card or bid typed for any seat either reads as a legal move or raises
    IllegalMoveError with the very message apply_move gives."""
    rng = random.Random(seed)
    deck = rules.deck()
    for i, (state, _) in enumerate(random_playout(rules, seed, seed ^ 4)):
        if i > 120 or state.is_over:
            break
        seat = rng.randrange(state.players)
        answers = [rng.choice(deck).letters, f"bid {rng.randrange(4)}", str(rng.randrange(4))]
        text = rng.choice(answers)
        try:
            move = parse_move(text, state=state, seat=seat)
        except IllegalMoveError as refused:
            with pytest.raises(IllegalMoveError) as engine:
                apply_move(state, refused.move)
            assert str(engine.value) == str(refused)
        except InvalidNotationError:
            assert text.isdigit() and state.phase is not Phase.BIDDING
        else:
            assert move in legal_moves(state, seat)
