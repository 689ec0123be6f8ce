"""The native playouts (``bots/_playout.c``), of the plain family and of
rulesets whose tricks have effects (Counter): the same moves, hands, tricks
won, trump, stock and random draws as the Python playout of :class:`Policy`,
the board's leap taken back whole, and their errors; and the follow-rule
tables the Counter playout reads, against the rules' own list of plays."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import oh_hell_family, seeds

from counter_rules import (
    Blackout,
    Counter,
    OhHell,
    Phase,
    Play,
    PlayedCard,
    UpAndDown,
    apply_move,
    legal_moves,
    new_game,
    view,
)
from counter_rules.analysis._plain import plain_play
from counter_rules.board import Board
from counter_rules.bots import ISMCTSBot
from counter_rules.bots.policy import Policy, effect_playout, native_playout
from counter_rules.bots.policy import use_native_playout as use_native
from counter_rules.play_rules import (
    PlayRules,
    PlayTables,
    play_rules_of,
    suit_code,
)
from counter_rules.rulesets.base import Ruleset
from counter_rules.state import GameState

try:
    from counter_rules.bots import _playout
except ImportError:  # the pure-Python build
    _playout = None  # type: ignore[assignment]

needs_native = pytest.mark.skipif(
    _playout is None, reason="the native playout comes with the compiled build"
)


def _position(rules: Ruleset, seed: int, plays: int) -> GameState | None:
    """A state of a hand of ``rules`` after random bids and up to ``plays``
    random moves (plays, shows of Fours and passes): in its play or, at
    Counter, in a pass after a Five; ``None`` when the hand ended first."""
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    while state.phase is Phase.BIDDING:
        moves = legal_moves(state, min(state.to_act))
        state = apply_move(state, moves[rng.randrange(len(moves))])
    for _ in range(plays):
        if state.phase not in (Phase.PLAYING, Phase.PASSING):
            return None
        moves = legal_moves(state, min(state.to_act))
        state = apply_move(state, moves[rng.randrange(len(moves))])
    return state if state.phase in (Phase.PLAYING, Phase.PASSING) else None


def _played_out(
    state: GameState, greedy: bool, stop: int, seed: int, native: bool
) -> tuple[Board, random.Random]:
    previous = use_native(native)
    try:
        policy = Policy(state.rules, greedy)
        board = policy.board(state)
        rng = random.Random(seed)
        policy.play_out(board, rng, stop)
    finally:
        use_native(previous)
    return board, rng


def _leapt(board: Board) -> bool:
    return any(kind == 4 for kind, *_ in board._undo)


@needs_native
@pytest.mark.parametrize(
    "rules",
    [
        OhHell(players=4, schedule=(10,), hook=True),
        OhHell(players=3, schedule=(7,), trump="none"),
        Blackout(),
        UpAndDown(up_to_ten=True),
    ],
    ids=repr,
)
def test_the_plain_family_plays_out_natively(rules: Ruleset) -> None:
    state = _position(rules, 5, 2)
    assert state is not None and plain_play(rules, state.trump)
    board, _ = _played_out(state, True, 0, 1, True)
    assert _leapt(board) and board.over
    assert sum(board.won) == state.cards_dealt


@pytest.mark.parametrize("rules", [OhHell.office(), OhHell.north_east_blackout()], ids=repr)
def test_games_off_the_plain_path_without_play_tables_have_no_native_playout(
    rules: Ruleset,
) -> None:
    assert native_playout(rules, None, 5, True) is None
    assert effect_playout(rules, 5, True) is None
    state = _position(rules, 5, 1)
    assert state is not None
    board, _ = _played_out(state, True, 0, 1, True)
    assert not _leapt(board)


@needs_native
def test_no_native_playout_while_native_code_is_switched_off() -> None:
    rules = OhHell(players=4, schedule=(10,))
    previous = use_native(False)
    try:
        assert native_playout(rules, None, 10, True) is None
    finally:
        use_native(previous)
    assert native_playout(rules, None, 10, True) is not None


class _OwnRandom(random.Random):
    """A generator of the user's own: the native playout cannot read it."""

    def random(self) -> float:
        return super().random()


@needs_native
def test_a_generator_other_than_random_random_plays_out_in_python() -> None:
    rules = OhHell(players=4, schedule=(8,))
    state = _position(rules, 2, 3)
    assert state is not None
    policy = Policy(rules, True)
    board = policy.board(state)
    rng = _OwnRandom(4)
    policy.play_out(board, rng)
    assert board.over and not _leapt(board)
    previous = use_native(False)
    try:
        python = Policy(rules, True).board(state)
        python_rng = _OwnRandom(4)
        Policy(rules, True).play_out(python, python_rng)
    finally:
        use_native(previous)
    assert board.won == python.won and rng.getstate() == python_rng.getstate()


def _undone(board: Board) -> tuple[object, ...]:
    return (
        list(board.masks), list(board.won), board.trick, board.leader, board.to_move,
        board.trump, board.trump_card, board.stock, board.doubled_lead,
    )  # fmt: skip


@needs_native
@pytest.mark.parametrize(
    ("rules", "plays"), [(OhHell(players=4, schedule=(9,), hook=True), 5), (Counter(), 2)], ids=repr
)
def test_unmake_takes_a_leap_back_whole(rules: Ruleset, plays: int) -> None:
    """In the plain family and at Counter (where the tricks leapt over change
    trump, its card, the stock and the doubled lead)."""
    policy = Policy(rules, True)
    leaps = 0
    for seed in range(8, 40):
        state = _position(rules, seed, plays)
        if state is None or state.phase is not Phase.PLAYING:
            continue
        board = policy.board(state)
        before = _undone(board)
        policy.play_out(board, random.Random(seed), 2)
        assert _leapt(board) and board.trick_size() == 0
        leaps += 1
        board.unmake()
        assert _undone(board) == before and not board.over
        assert board.moves() == legal_moves(state)
    assert leaps >= 20


@needs_native
@pytest.mark.parametrize(
    "rules", [OhHell(players=4, schedule=(10,), hook=True), Counter(players=4)], ids=repr
)
def test_ismcts_chooses_alike_with_and_without_the_native_playout(rules: Ruleset) -> None:
    state = _position(rules, 11, 5)
    assert state is not None and state.phase is Phase.PLAYING
    seat = min(state.to_act)
    choices = []
    for native in (True, False):
        previous = use_native(native)
        try:
            bot = ISMCTSBot(iterations=60)
            choices.append(bot.choose(view(state, seat), random.Random(6)))
        finally:
            use_native(previous)
    assert choices[0] == choices[1]


@needs_native
def test_the_native_draws_are_pythons_own() -> None:
    bounds = bytes([0, 1, 2, 7, 13, 64] * 300)
    mine, theirs = random.Random(77), random.Random(77)
    expected = [theirs.random() if b == 0 else theirs.randrange(b) for b in bounds]
    assert _playout.draws(mine, bounds) == expected
    assert mine.getstate() == theirs.getstate()


@needs_native
def test_the_native_playout_names_what_it_refuses() -> None:
    playout = native_playout(OhHell(players=4, schedule=(5,)), None, 5, True)
    assert playout is not None
    run = playout.run  # type: ignore[attr-defined]
    with pytest.raises(TypeError, match=r"random\.Random"):
        run(object(), [1, 2, 4, 8], b"", 0, bytes(4), bytes(4), 0)
    rng = random.Random(1)
    with pytest.raises(ValueError, match="expected 4 masks, got 3"):
        run(rng, [1, 2, 4], b"", 0, bytes(4), bytes(4), 0)
    with pytest.raises(ValueError, match="leader: 7 is not a seat"):
        run(rng, [1, 2, 4, 8], b"", 7, bytes(4), bytes(4), 0)
    with pytest.raises(ValueError, match="does not fit the tables"):
        run(rng, [1, 1, 4, 8], b"", 0, bytes(4), bytes(4), 0)
    with pytest.raises(ValueError, match="exceed the cards dealt"):
        run(rng, [63, 2, 4, 8], b"", 0, bytes(4), bytes(4), 0)
    with pytest.raises(ValueError, match="won: expected 4 seats, got 2"):
        run(rng, [1, 2, 4, 8], b"", 0, bytes(2), bytes(4), 0)
    assert rng.getstate() == random.Random(1).getstate()
    with pytest.raises(ValueError, match="want: expected 8 entries, got 3"):
        _playout.Playout(
            bytes([1, 0]), bytes(4), [0] * 16, [0] * 4, [0.5] * 4, b"abc", 1, True, 0.1
        )
    with pytest.raises(ValueError, match="suits: 9 is not a suit"):
        _playout.Playout(bytes([1, 0]), bytes([9]), [0] * 4, [0] * 4, [0.5], bytes(8), 1, True, 0.1)


# -- Counter: the playout of tricks with effects ----------------------------------


def _same_play(native: Board, python: Board) -> None:
    assert native.masks == python.masks
    assert native.won == python.won
    assert (native.leader, native.to_move, native.over) == (
        python.leader,
        python.to_move,
        python.over,
    )
    assert (native.trump, native.trump_card, native.doubled_lead) == (
        python.trump,
        python.trump_card,
        python.doubled_lead,
    )
    assert native.stock == python.stock
    assert native.trick_size() == python.trick_size()


@needs_native
@settings(max_examples=180)
@given(
    st.one_of(oh_hell_family(), st.builds(Counter, players=st.integers(3, 5))),
    seeds,
    st.integers(0, 45),
    st.booleans(),
    st.integers(0, 6),
)
def test_the_native_playouts_play_as_the_python_playout(
    rules: Ruleset, seed: int, plays: int, greedy: bool, stop: int
) -> None:
    """From any position of the play (at Counter also a pass after a Five, a
    trick with a Four shown, a doubled lead, a trump changed by a Jack),
    greedy or random, with or without a stop: the same hands, tricks won,
    leader, end, trump and its card, stock and doubled lead, and the
    generator left in the same state."""
    state = _position(rules, seed, plays)
    if state is None:
        return
    native, native_rng = _played_out(state, greedy, stop, seed, True)
    python, python_rng = _played_out(state, greedy, stop, seed, False)
    dealt = state.cards_dealt
    applies = (
        native_playout(rules, state.trump, dealt, greedy) is not None
        or effect_playout(rules, dealt, greedy) is not None
    )
    assert _leapt(native) == applies and not _leapt(python)
    _same_play(native, python)
    assert native_rng.getstate() == python_rng.getstate()


@needs_native
def test_counter_hands_play_out_natively_over_every_power() -> None:
    """Many whole hands: each played out natively as in Python, and among
    them tricks that change trump, pass cards, double a lead and show Fours."""
    seen = set()
    for seed in range(120):
        rules = Counter(players=3 + seed % 3)
        state = _position(rules, seed, seed % 7)
        if state is None:
            continue
        native, native_rng = _played_out(state, True, 0, seed, True)
        python, python_rng = _played_out(state, True, 0, seed, False)
        _same_play(native, python)
        assert native.over and native_rng.getstate() == python_rng.getstate()
        for trick in python.tricks:
            seen.update(
                name
                for name, happened in (
                    ("jack", bool(trick.jacks)),
                    ("five", trick.pass_cards),
                    ("six", trick.double_next_lead),
                    ("four", any(p.reveal is not None for p in trick.plays)),
                    ("nobody", trick.winner is None),
                )
                if happened
            )
    assert seen == {"jack", "five", "six", "four", "nobody"}


def _plays_from_tables(
    tables: PlayTables, bits_of: dict[object, int], state: GameState, seat: int
) -> list[tuple[int, int]]:
    """The plays :class:`PlayTables` describes, as (card bit, shown bit or -1)."""
    hand = sum(1 << bits_of[card] for card in state.hands[seat])
    legal = hand
    if state.trick:
        n = len(bits_of)
        led = bits_of[state.trick[0].card]
        f = tables.follow_index[suit_code(state.trump) * n + led]
        suited = hand & tables.follow_masks[f]
        if suited and suited not in tables.exempt[f]:
            legal = suited
    plays = [(bit, -1) for bit in range(64) if legal >> bit & 1]

    def subset(mask: int) -> int:
        return sum(1 << k for k, bit in enumerate(tables.shown) if mask >> bit & 1)

    pairs = tables.showings[subset(legal) * 16 + subset(hand)]
    plays += [(pairs[i], pairs[i + 1]) for i in range(0, len(pairs), 2)]
    return plays


@settings(max_examples=60)
@given(st.integers(3, 5), seeds, st.integers(0, 40))
def test_counters_play_tables_list_the_rules_plays_in_their_order(
    players: int, seed: int, plays: int
) -> None:
    """What the native playout reads of the follow rule lists every legal
    play, in the order of the rules' own list."""
    rules = Counter(players=players)
    state = _position(rules, seed, plays)
    if state is None or state.phase is not Phase.PLAYING:
        return
    play = play_rules_of(rules)
    tables = play.play_tables()
    assert tables is not None
    bits_of: dict[object, int] = {card: bit for bit, card in enumerate(play.cards)}
    seat = min(state.to_act)
    expected = [
        (bits_of[m.card], -1 if m.reveal is None else bits_of[m.reveal])
        for m in legal_moves(state, seat)
        if isinstance(m, Play)
    ]
    assert _plays_from_tables(tables, bits_of, state, seat) == expected


def test_rules_without_a_compiled_follow_rule_give_no_play_tables() -> None:
    class OwnCounter(Counter):
        def legal_plays(self, state, seat):  # type: ignore[no-untyped-def]
            return Counter.legal_plays(self, state, seat)

    assert OwnCounter().play_rules().play_tables() is None
    assert OhHell(players=4).play_rules().play_tables() is None
    assert Counter().play_rules().play_tables() is not None


@needs_native
def test_the_counter_playout_names_what_it_refuses() -> None:
    rules = Counter(players=4)
    playout = effect_playout(rules, 10, True)
    assert playout is not None
    run = playout.run  # type: ignore[attr-defined]
    rng = random.Random(1)
    hands = [1, 2, 4, 8]
    with pytest.raises(TypeError, match=r"random\.Random"):
        run(object(), hands, b"", b"", 0, bytes(4), bytes(4), 0, 255, False, 0)
    with pytest.raises(ValueError, match="shown: expected 1 entries, got 0"):
        run(rng, hands, bytes([9]), b"", 0, bytes(4), bytes(4), 0, 255, False, 0)
    with pytest.raises(ValueError, match="trump 7 or trump card 255 does not fit"):
        run(rng, hands, b"", b"", 0, bytes(4), bytes(4), 7, 255, False, 0)
    with pytest.raises(ValueError, match="does not fit the tables"):
        run(rng, [1, 1, 4, 8], b"", b"", 0, bytes(4), bytes(4), 0, 255, False, 0)
    assert rng.getstate() == random.Random(1).getstate()
    play = play_rules_of(rules)
    tables = play.native_tables(_playout.MAX_EXEMPT)
    assert tables is not None

    def made(outcome: object, want: bytes = bytes(8), show: object = PlayedCard) -> object:
        mine = (*tables[:7], outcome, *tables[8:11], show, *tables[12:])
        return _playout.EffectPlayout(mine, [0.5] * 260, want, 1, True, 0.1)

    def refuses(*args: object) -> object:
        raise RuntimeError("no trick today")

    with pytest.raises(RuntimeError, match="no trick today"):
        made(refuses).run(rng, hands, b"", b"", 0, bytes(4), bytes(4), 0, 255, False, 0)  # type: ignore[attr-defined]
    for answer in [
        (9, 0, None, False, False, ()),
        (None, 0, "spades", False, False, ()),
        (None, 0, None, False, False, ("jack",)),
        (0, 0, None),
    ]:
        with pytest.raises(ValueError, match="the outcome asked is not"):
            made(lambda *args, a=answer: a).run(  # type: ignore[attr-defined]
                rng, hands, b"", b"", 0, bytes(4), bytes(4), 0, 255, False, 0
            )
    with pytest.raises(TypeError, match="outcome and show must be callable"):
        made(3)
    with pytest.raises(TypeError, match="outcome and show must be callable"):
        made(refuses, show=None)
    with pytest.raises(ValueError, match="want: expected 8 entries, got 3"):
        made(refuses, b"abc")


@settings(max_examples=80)
@given(st.integers(3, 5), seeds, st.integers(0, 30))
def test_a_tricks_outcome_is_what_its_resolution_says(players: int, seed: int, plays: int) -> None:
    """What the playout reads of a trick (:meth:`PlayRules.outcome`) is the
    same by Counter's steps alone as from the whole resolution (the base
    class's answer, from :meth:`PlayRules.resolve`), and the same again asked
    with the cards' keys handed over (:meth:`PlayRules.keyed_outcome`, what
    native code asks)."""
    rules = Counter(players=players)
    state = _position(rules, seed, plays)
    if state is None or state.phase is not Phase.PLAYING:
        return
    rng = random.Random(seed)
    while len(state.trick) < players - 1:
        moves = legal_moves(state)
        state = apply_move(state, moves[rng.randrange(len(moves))])
    play = play_rules_of(rules)
    for move in legal_moves(state):
        assert isinstance(move, Play)
        trick = (*state.trick, PlayedCard(move.seat, move.card, move.reveal))
        last = len(state.hands[move.seat]) == 1
        asked = (trick, state.trump, state.doubled_lead, last, state.trump_card)
        assert play.outcome(*asked) == PlayRules.outcome(play, *asked)
        keys = tuple(played.card._key for played in trick)
        assert play.keyed_outcome(*asked, keys) == PlayRules.outcome(play, *asked)
