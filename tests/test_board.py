"""The search board against the engine: every move the engine applies, made on a
board, leaves the board where the engine's new state is, and taking it back
leaves the board as it was; the board lists exactly the engine's legal moves.

Held over random legal play of every ruleset (Hypothesis draws the rulesets),
Counter's passes, Fours shown and Jokers' calls included.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs
from analysis_helpers import RULESETS, lowest_of_led_wins
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import rulesets

from counter_rules import (
    Card,
    Counter,
    GameState,
    OhHell,
    Phase,
    Play,
    PlayedCard,
    Suit,
    TrickResult,
    apply_move,
    legal_moves,
    new_game,
)
from counter_rules.board import AFTER_LAST, AFTER_PASS, Board, BoardMemo, after_trick
from counter_rules.fast_values import played_card
from counter_rules.play_rules import PlayRules
from counter_rules.rulesets.base import Ruleset


def _snapshot(board: Board) -> tuple[object, ...]:
    """Everything a board holds that the play changes."""
    return (
        tuple(board.masks),
        board.trick,
        board.leader,
        board.to_move,
        board.passing,
        board.to_pass,
        tuple(board.pending),
        board.trump,
        board.trump_card,
        board.stock,
        board.doubled_lead,
        tuple(board.won),
        board.tricks,
        board.exchanges,
        board.over,
    )


def _agrees(board: Board, state: GameState) -> None:
    """The board shows the position of ``state`` (a state of the same hand in play)."""
    assert board.hands == state.hands
    assert board.trick == state.trick
    assert board.trump is state.trump and board.trump_card == state.trump_card
    assert board.stock == state.stock and board.doubled_lead is state.doubled_lead
    assert board.tricks_won == state.tricks_won and board.tricks == state.tricks
    assert board.exchanges == state.exchanges and board.leader == state.leader
    if state.phase is Phase.PASSING:
        assert board.passing
        assert {s for s in range(state.players) if board.to_pass >> s & 1} == state.to_act
        assert tuple(board.pending) == state.pending
    else:
        assert not board.passing and {board.to_move} == state.to_act


def _board_moves(board: Board, state: GameState) -> tuple[object, ...]:
    if board.passing:
        return tuple(m for s in sorted(state.to_act) for m in board.passes(s))
    return board.moves()


def _play_hand(rules: Ruleset, seed: int) -> int:
    """Play the first hand of a game of ``rules`` on the engine and on a board
    side by side; return the moves compared."""
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    while state.phase is Phase.BIDDING:
        state = apply_move(state, rng.choice(legal_moves(state)))
    board = Board(state, rules.play_rules())
    hand = state.hand_number
    compared = 0
    while True:
        _agrees(board, state)
        legal = legal_moves(state)
        assert _board_moves(board, state) == legal
        move = rng.choice(legal)
        before = _snapshot(board)
        board.make(move)
        board.unmake()
        assert _snapshot(board) == before, move
        completes = state.phase is Phase.PLAYING and len(state.trick) == state.players - 1
        predicted = board.winner_if(move) if completes else None  # type: ignore[arg-type]
        assert _snapshot(board) == before, move
        board.make(move)
        after = apply_move(state, move)
        compared += 1
        if completes:
            done = after.tricks if after.hand_number == hand and not after.is_over else ()
            last = (done or after.history[hand - 1].tricks)[-1]
            assert predicted == last.winner, move
        if after.hand_number != hand or after.is_over:
            assert board.over
            finished = after.history[hand - 1]
            assert board.tricks_won == finished.tricks_won
            assert board.tricks == finished.tricks
            assert rules.score_hand(board) == finished.points
            return compared
        assert not board.over
        state = after


@attrs.frozen(repr=False)
class LastTrickLow(OhHell):
    """A user's ruleset whose last trick goes to the lowest card of the led
    suit: a trick's winner that depends on whether it is the last."""

    def resolve(
        self,
        plays: Sequence[PlayedCard],
        trump: Suit | None,
        *,
        doubled_lead: bool = False,
        last_trick: bool = False,
        explain: bool = True,
        trump_card: Card | None = None,
    ) -> TrickResult:
        """Oh Hell's trick, but the last goes to the led suit's lowest card."""
        result = super().resolve(plays, trump, last_trick=last_trick, explain=False)
        return lowest_of_led_wins(result, plays) if last_trick else result


def test_the_board_tells_the_winner_of_a_trick_before_it_is_played() -> None:
    """winner_if names the engine's winner of the trick a play completes,
    the last trick of a hand included, where a ruleset's winner depends on
    it being the last."""
    rules = LastTrickLow(players=3, schedule=(4,))
    for seed in range(12):
        assert _play_hand(rules, seed) > 0, seed


@given(rules=rulesets(), seed=st.integers(0, 10**6))
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_the_board_plays_every_ruleset_as_the_engine_does(rules: Ruleset, seed: int) -> None:
    """Move for move, a board shows the engine's position, lists its legal
    moves, takes each move back exactly and scores the hand as the engine."""
    assert _play_hand(rules, seed) > 0


def test_the_board_plays_every_preset_and_option_as_the_engine_does() -> None:
    """The same on every ruleset the solver's tests know: Counter with its
    passes and Fours, Jokers of every style, bowers, must-trump, unbroken
    trumps, two decks, the presets and a user's ruleset."""
    for rules in RULESETS:
        for seed in range(3):
            assert _play_hand(rules, seed) > 0, (rules, seed)


def test_a_board_of_a_finished_game_is_over_and_one_in_play_is_not() -> None:
    """A board made from a game that has ended has no seat to move and is
    over; one made in the play or in a pass is not."""
    rules = Counter(players=3)
    rng = random.Random(5)
    state = new_game(rules, seed=5)
    seen = set()
    while not state.is_over:
        if state.phase in (Phase.PLAYING, Phase.PASSING):
            assert not Board(state, rules.play_rules()).over
            seen.add(state.phase)
        state = apply_move(state, rng.choice(legal_moves(state)))
    assert seen == {Phase.PLAYING, Phase.PASSING}
    board = Board(state, rules.play_rules())
    assert board.over and board.to_move == -1 and not board.passing


def _board_after_bids(seed: int, rng: random.Random) -> Board:
    """A board of a four-player Counter game of ``seed`` once the bids are
    made (at random, by ``rng``)."""
    rules = Counter(players=4)
    state = new_game(rules, seed=seed)
    while state.phase is Phase.BIDDING:
        state = apply_move(state, rng.choice(legal_moves(state)))
    return Board(state, rules.play_rules())


def _make_random(board: Board, rng: random.Random) -> None:
    """Make a random legal move on ``board``: a play, or in a pass the pass
    of the lowest seat still to choose."""
    if board.passing:
        seat = min(s for s in range(board.players) if board.to_pass >> s & 1)
        board.make(rng.choice(board.passes(seat)))
    else:
        board.make(rng.choice(board.moves()))


def test_a_whole_unmade_hand_leaves_the_board_as_it_began() -> None:
    """Every move of a Counter hand (passes included) made, then every one
    taken back in turn: the board is where it began."""
    rng = random.Random(3)
    board = _board_after_bids(3, rng)
    start = _snapshot(board)
    made = 0
    while not board.over:
        _make_random(board, rng)
        made += 1
    assert board.results and made >= 40
    for _ in range(made):
        board.unmake()
    assert _snapshot(board) == start


def test_a_board_counts_the_moves_made_and_takes_them_back_to_a_count() -> None:
    """``made`` counts the moves made and not taken back; ``unmake_to`` takes
    moves back until the count is the one given (what a probe of the search
    does once its budget is spent), leaving the board where it was then."""
    rng = random.Random(5)
    board = _board_after_bids(5, rng)
    assert board.made() == 0
    snapshots = []
    while not board.over:
        snapshots.append(_snapshot(board))
        _make_random(board, rng)
        assert board.made() == len(snapshots)
    for back in (len(snapshots) - 1, 23, 7, 7, 0):
        board.unmake_to(back)
        assert board.made() == back
        assert _snapshot(board) == snapshots[back]


def test_a_board_key_tells_apart_what_the_rules_read() -> None:
    """Two positions with the same cards, leader and trump have one key; the
    same with another leader, another trump or the Six's doubled lead do not."""
    rules = Counter(players=4)
    rng = random.Random(8)
    state = new_game(rules, seed=8)
    while state.phase is not Phase.PLAYING or state.trick:
        state = apply_move(state, rng.choice(legal_moves(state)))
    play = rules.play_rules()
    key = Board(state, play).key()
    assert Board(attrs.evolve(state), play).key() == key
    others = [
        attrs.evolve(state, leader=(state.leader + 1) % 4),
        attrs.evolve(state, doubled_lead=not state.doubled_lead),
        attrs.evolve(state, trump=next(s for s in type(state.trump) if s is not state.trump))
        if state.trump is not None
        else attrs.evolve(state, doubled_lead=True),
    ]
    assert all(Board(other, play).key() != key for other in others)


def _at_trick_start(rules: Ruleset, seed: int, tricks: int) -> GameState:
    """A position of random play at the start of a trick after ``tricks`` tricks."""
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    while state.phase is not Phase.PLAYING or state.trick or len(state.tricks) < tricks:
        state = apply_move(state, rng.choice(legal_moves(state)))
    return state


def _in_a_pass(seed: int) -> GameState:
    """A pass after Counter's Five, one seat having chosen its card."""
    rules = Counter(players=3)
    for attempt in range(seed, seed + 300):
        rng = random.Random(attempt)
        state = new_game(rules, seed=attempt)
        while not state.is_over and state.phase is not Phase.PASSING:
            state = apply_move(state, rng.choice(legal_moves(state)))
        if state.phase is Phase.PASSING:
            return apply_move(state, legal_moves(state, min(state.to_act))[0])
    raise AssertionError("no pass reached")


def _moved(state: GameState, seat: int, to: int) -> GameState:
    """``state`` with ``seat``'s first card in ``to``'s hand instead."""
    hands = [list(hand) for hand in state.hands]
    hands[to].append(hands[seat].pop(0))
    return attrs.evolve(state, hands=tuple(tuple(sorted(hand)) for hand in hands))


def test_each_field_of_a_board_key_alone_tells_positions_apart() -> None:
    """Positions that differ in one thing only, whatever it is (a card's
    hand, the leader, trump (each of the four suits and none), its card, the
    Six's doubled lead, the seats still to pass or a pass chosen), have
    different keys; the same position built again has the same key."""
    state = _at_trick_start(Counter(players=4), 8, 2)
    other_suit = next(s for s in Suit if s is not state.trump)
    other_card = next(c for c in state.rules.deck() if c != state.trump_card)
    changed = {
        "a card's hand": _moved(state, 0, 1),
        "another card's hand": _moved(state, 2, 3),
        "the leader": attrs.evolve(state, leader=(state.leader + 1) % 4),
        "trump": attrs.evolve(state, trump=other_suit),
        "no trump": attrs.evolve(state, trump=None),
        "trump's card": attrs.evolve(state, trump_card=other_card),
        "the doubled lead": attrs.evolve(state, doubled_lead=not state.doubled_lead),
    }
    passing = _in_a_pass(1)
    chosen = next(s for s in range(3) if passing.pending[s] is not None)
    held = passing.hands[chosen]
    pending = list(passing.pending)
    pending[chosen] = next(c for c in held if c != passing.pending[chosen])
    waiting = next(s for s in passing.to_act)
    changed_pass = {
        "a pass chosen": attrs.evolve(passing, pending=tuple(pending)),
        "the seats still to pass": attrs.evolve(passing, to_act=passing.to_act - {waiting}),
        "a card's hand in a pass": _moved(passing, 0, 1),
    }
    play = state.rules.play_rules()
    by_trump = {Board(attrs.evolve(state, trump=trump), play).key() for trump in (*Suit, None)}
    assert len(by_trump) == 5
    for base, variants in ((state, changed), (passing, changed_pass)):
        play = base.rules.play_rules()
        key = Board(base, play).key()
        assert Board(attrs.evolve(base), play).key() == key
        for name, other in variants.items():
            assert Board(other, play).key() != key, name


def test_a_board_key_holds_what_the_rules_of_the_play_read_besides() -> None:
    """What a ruleset's rules of the play read of the game besides the cards
    (their context: the trumps already played when trumps must be broken, the
    first Joker's call) is part of the key: positions that differ in it alone
    have different keys, and in a ruleset that reads nothing more they have
    one key."""
    broken = OhHell(players=4, schedule=(8,), trumps_broken=True)
    state = _at_trick_start(broken, 3, 3)
    play = broken.play_rules()
    assert play.context(state) != play.context(attrs.evolve(state, tricks=()))
    assert Board(state, play).key() != Board(attrs.evolve(state, tricks=()), play).key()
    plain = OhHell(players=4, schedule=(8,))
    state = _at_trick_start(plain, 3, 3)
    play = plain.play_rules()
    assert Board(state, play).key() == Board(attrs.evolve(state, tricks=()), play).key()
    for first, second in (("high", "low"), (None, "low"), ((1, 2), (2, 1))):
        keys = [
            Board(state, PlayRules(plain, context=lambda game, call=call: call)).key()
            for call in (first, second)
        ]
        assert keys[0] != keys[1], (first, second)


def test_the_memo_of_tricks_tells_apart_everything_a_resolution_reads() -> None:
    """Boards sharing one memo resolve the same four cards under every trump,
    trump card, doubled lead or not, last trick or not, and leader as the
    rules of the play resolve them: the memo never answers one of them with
    another's result."""
    rules = Counter(players=4)
    play = rules.play_rules()
    state = _at_trick_start(rules, 8, 2)
    memo = BoardMemo()
    rng = random.Random(1)
    deck = rules.deck()
    for _ in range(40):
        four = rng.sample(deck, 5)
        shown = four.pop()
        for leader in (0, 2):
            plays = tuple(played_card((leader + i) % 4, card) for i, card in enumerate(four))
            last_seat = plays[-1].seat
            for trump in (*Suit, None):
                for trump_card in (None, shown):
                    for doubled in (False, True):
                        for last in (True, False):
                            hands = [(), (), (), ()]
                            hands[last_seat] = (four[-1],) if last else (four[-1], shown)
                            game = attrs.evolve(
                                state,
                                hands=tuple(hands),
                                trick=plays[:-1],
                                leader=leader,
                                trump=trump,
                                trump_card=trump_card,
                                doubled_lead=doubled,
                                to_act=frozenset({last_seat}),
                            )
                            board = Board(game, play, memo)
                            board.make(Play(last_seat, four[-1]))
                            expected = play.resolve(plays, trump, doubled, last, trump_card)
                            assert board.results[-1] == expected


def test_a_memo_counts_its_entries_and_starts_afresh_once_full() -> None:
    memo = BoardMemo(limit=3)
    memo.tricks[0] = {}
    for size in (1, 2, 3):
        memo.count()
        assert memo.size == size and memo.tricks
    memo.count()
    assert memo.size == 1 and not memo.tricks


def test_a_trick_s_jacks_go_onto_the_stock_the_top_one_showing_trump() -> None:
    """after_trick, which the engine and the board both run: the trick's
    Jacks go face up onto the stock (the last played on top), the top card
    shows trump, and the next seat is the next leader, or a pass, or nobody
    after the hand's last trick; a quiet ruleset's trick reads neither."""
    j1, j2, card, other = (Card.parse(c) for c in ("JS", "JH", "3C", "9D"))
    plays = tuple(PlayedCard(seat, c) for seat, c in enumerate((j1, j2)))
    result = TrickResult(plays, 0, 0, (0, 0), None, None, 2, None, False, jacks=(j1, j2))
    assert after_trick(result, (card,), other, False, False) == ((j2, j1, card), j2, 2)
    assert after_trick(result, (card,), other, True, False) == ((j2, j1, card), j2, AFTER_LAST)
    assert after_trick(result, (card,), other, False, True) == ((card,), other, 2)
    passing = TrickResult(plays, 0, 0, (0, 0), None, None, 1, None, pass_cards=True)
    assert after_trick(passing, (card,), other, False, False) == ((card,), other, AFTER_PASS)
    assert after_trick(passing, (card,), other, False, True) == ((card,), other, 1)
    assert after_trick(passing, (card,), other, True, False) == ((card,), other, AFTER_LAST)


def test_a_board_reads_as_the_game_it_was_made_from() -> None:
    """What a ruleset may read of a position besides the play (the hand, the
    dealer, the bids, the scores before the hand, the cards dealt, the blind
    bids, the finished hands) is the game's; in a pass nobody is to play
    (``to_move`` is -1) and the seats still to pass are the game's."""
    rules = OhHell(players=4, schedule=(3, 4))
    state = _at_trick_start(rules, 2, 0)
    rng = random.Random(2)
    while state.hand_number < 2 or state.phase is not Phase.PLAYING:
        state = apply_move(state, rng.choice(legal_moves(state)))
    board = Board(state, rules.play_rules())
    assert board.phase is Phase.PLAYING and board.to_move == state.current_player
    assert board.hand_number == 2 and board.dealer == state.dealer
    assert board.bids == state.bids and board.scores == state.scores
    assert board.cards_dealt == 4 and board.blind == state.blind
    assert board.history == state.history and len(board.history) == 1
    passing = _in_a_pass(1)
    board = Board(passing, passing.rules.play_rules())
    assert board.phase is Phase.PASSING and board.to_move == -1 and not board.over
    assert {s for s in range(3) if board.to_pass >> s & 1} == passing.to_act


def test_each_card_of_the_deck_has_its_own_bit_and_no_other_card_has_one() -> None:
    """A hand's mask: bit i stands for the i-th card of the deck in sorting
    order; a card key outside the deck has no bit."""
    for rules in (Counter(players=4), OhHell(players=4, decks=2), OhHell(players=4, jokers="high")):
        play = rules.play_rules()
        assert list(play.cards) == sorted(set(rules.deck()), key=lambda c: c._key)
        assert [play.bits[card._key] for card in play.cards] == [
            1 << i for i in range(len(play.cards))
        ]
        inside = {card._key for card in play.cards}
        assert all(bit == 0 for key, bit in enumerate(play.bits) if key not in inside)
        assert play.hand_of(sum(1 << i for i in (0, 2, 5))) == tuple(
            play.cards[i] for i in (0, 2, 5)
        )


@given(rules=rulesets(), data=st.data())
@settings(max_examples=40, deadline=None)
def test_a_hand_of_a_mask_holds_the_card_of_every_bit_in_order(
    rules: Ruleset, data: st.DataObject
) -> None:
    """``PlayRules.hand_of`` lists the card of each set bit of a mask, lowest
    bit first, whatever the size of the deck."""
    play = rules.play_rules()
    size = len(play.cards)
    mask = data.draw(st.integers(0, (1 << size) - 1))
    assert play.hand_of(mask) == tuple(play.cards[i] for i in range(size) if mask >> i & 1)
