"""The engine's fast paths: what they are chosen by, and what they list ahead.

The engine lists plays, bids and tricks through a ruleset's compiled paths
when :meth:`Ruleset.shortcuts` names them (built-in rulesets, for their own
exact type), lists the next moves while it builds each state, and builds
states and trick results from their field dicts. These tests check each of
those against the rulesets' methods and the classes' own constructors.
"""

from __future__ import annotations

import hashlib

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import random_playout, rulesets, seeds

from counter_rules import (
    Card,
    Counter,
    GameState,
    HandResult,
    OhHell,
    Play,
    PlayedCard,
    Rank,
    Suit,
    TrickResult,
    apply_move,
    legal_moves,
    new_game,
    standard_deck,
)
from counter_rules.dealing import deal_order, order_from_digest, split_deal, split_from_order
from counter_rules.fast_values import passes_of
from counter_rules.moves import shared_pass
from counter_rules.play_rules import play_rules_of
from counter_rules.rulesets.base import Ruleset
from counter_rules.scoring import up_and_down

_SUITS = tuple(Suit)
_RANKS = tuple(r for r in Rank if r is not Rank.JOKER)


def _without_effects(result: TrickResult) -> TrickResult:
    return attrs.evolve(result, effects=())


@st.composite
def counter_tricks(draw: st.DrawFn) -> tuple[tuple[PlayedCard, ...], Counter]:
    """A Counter trick of 3-5 distinct cards, Fours sometimes showing another Four."""
    players = draw(st.integers(3, 5))
    # A few ranks at a time, so that the powers meet each other often.
    ranks = draw(st.lists(st.sampled_from(_RANKS), min_size=1, max_size=5, unique=True))
    pairs = draw(
        st.lists(
            st.tuples(st.sampled_from(ranks), st.sampled_from(_SUITS)),
            min_size=players,
            max_size=players,
            unique=True,
        )
    )
    played = [Card(rank, suit) for rank, suit in pairs]
    leader = draw(st.integers(0, players - 1))
    plays = []
    for i, card in enumerate(played):
        reveal = None
        if card.rank is Rank.FOUR:
            others = [Card(Rank.FOUR, s) for s in _SUITS if Card(Rank.FOUR, s) not in played]
            reveal = draw(st.none() | st.sampled_from(others)) if others else None
        plays.append(PlayedCard((leader + i) % players, card, reveal))
    return tuple(plays), Counter(players=players)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(counter_tricks(), min_size=2, max_size=6),
    st.sampled_from((*_SUITS, None)),
    st.booleans(),
)
def test_a_counter_trick_resolves_alike_whatever_was_resolved_before(
    tricks: list[tuple[tuple[PlayedCard, ...], Counter]], trump: Suit | None, doubled: bool
) -> None:
    """The records Counter's resolution keeps for the next trick (their lists
    as long as the longest trick yet) change no answer: each trick, whole or
    cut short as the search asks about it, resolves as it does when resolved
    first, after tricks of other sizes (Nines, which read every value, included)."""
    from counter_rules.rulesets import counter_tricks as rules_module

    spare = rules_module._SPARE
    kept = list(spare)
    asked = [plays[:size] for plays, _ in tricks for size in range(len(plays), 0, -1)]
    whole = [plays for plays, _ in tricks]
    try:
        alone = []
        fresh = []
        for plays in asked:
            spare.clear()  # a fresh record for each trick
            alone.append(rules_module.outcome(plays, trump, doubled, False))
        for plays in whole:
            spare.clear()
            fresh.append(rules_module.resolve(plays, trump, doubled, False, False, None))
        spare.clear()
        # Shortest first within a trick, so that each trick starts after a longer one.
        in_turn = [rules_module.outcome(plays, trump, doubled, False) for plays in reversed(asked)]
        after = [rules_module.resolve(plays, trump, doubled, False, False, None) for plays in whole]
    finally:
        spare[:] = kept
    assert in_turn[::-1] == alone
    assert after == fresh
    assert [len(result.half_values) for result in after] == [len(plays) for plays in whole]


@settings(max_examples=300, deadline=None)
@given(
    counter_tricks(),
    st.sampled_from((*_SUITS, None)),
    st.booleans(),
    st.booleans(),
    st.permutations(_SUITS),
    st.integers(0, 4),
    st.data(),
)
def test_a_counter_trick_ends_alike_whoever_leads_it_and_whatever_its_suits(
    trick: tuple[tuple[PlayedCard, ...], Counter],
    trump: Suit | None,
    doubled: bool,
    last: bool,
    order: list[Suit],
    shift: int,
    data: st.DataObject,
) -> None:
    """Counter's play rules say that a trick reads the suits only by their
    pattern, the seats only by the order of play and no trump card
    (``PlayRules.pattern_tricks`` and ``trump_card_read``; native code keeps
    one answer for a trick, all its renamings, every leader and every trump
    card): renaming the suits of a trick's cards (the Fours shown included),
    of trump and of the trump card alike, and moving every seat on by the same
    number, renames the next trump and the Jacks of the trick's outcome and
    moves its winner and next leader on alike, and changes nothing else;
    another trump card changes nothing. So for the whole trick and for each
    trick so far."""
    plays, rules = trick
    play = play_rules_of(rules)
    assert play.pattern_tricks and not play.trump_card_read
    rename = dict(zip(_SUITS, order, strict=True))

    def renamed(card: Card) -> Card:
        return Card(card.rank, rename[card.suit], card.copy) if card.suit is not None else card

    trump_card, another = data.draw(
        st.tuples(
            st.none() | st.sampled_from(rules.deck()), st.none() | st.sampled_from(rules.deck())
        )
    )
    for size in range(1, len(plays) + 1):
        cut = plays[:size]
        other = tuple(
            PlayedCard(
                (p.seat + shift) % rules.players,
                renamed(p.card),
                None if p.reveal is None else renamed(p.reveal),
            )
            for p in cut
        )
        keys = tuple(p.card._key for p in cut)
        answer = play.keyed_outcome(cut, trump, doubled, last, trump_card, keys)
        assert play.keyed_outcome(cut, trump, doubled, last, another, keys) == answer
        winner, leader, next_trump, doubled_next, passing, jacks = answer
        assert play.keyed_outcome(
            other,
            None if trump is None else rename[trump],
            doubled,
            last,
            None if trump_card is None else renamed(trump_card),
            tuple(p.card._key for p in other),
        ) == (
            None if winner is None else (winner + shift) % rules.players,
            (leader + shift) % rules.players,
            None if next_trump is None else rename[next_trump],
            doubled_next,
            passing,
            tuple(renamed(jack) for jack in jacks),
        )


def test_only_rulesets_that_say_so_have_their_tricks_kept_by_pattern() -> None:
    """``pattern_tricks`` (and no ``trump_card_read``) is Counter's while its
    class states the tricks; a subclass with its own ``resolve``, and the
    base class's rules of the play (which ask the ruleset), claim neither."""

    class OwnTricks(Counter):
        def resolve(self, *args: object, **kwargs: object) -> TrickResult:  # type: ignore[override]
            return super().resolve(*args, **kwargs)  # type: ignore[arg-type]

    counter = play_rules_of(Counter(players=5))
    assert counter.pattern_tricks and not counter.trump_card_read
    for other in (OwnTricks(players=4), OhHell(players=4, jokers="high")):
        assert not play_rules_of(other).pattern_tricks
        assert play_rules_of(other).trump_card_read
    tables = play_rules_of(OwnTricks(players=4)).native_tables(8)
    assert tables is not None and tables[-2:] == (False, True)


@given(
    st.integers(2, 7),
    st.integers(1, 2),
    st.data(),
    st.sampled_from((*_SUITS, None)),
    st.booleans(),
)
def test_oh_hell_quick_resolution_equals_the_explained_one(
    players: int, decks: int, data: st.DataObject, trump: Suit | None, last: bool
) -> None:
    """Oh Hell's short path (no Jokers, one or two decks) gives the explained result."""
    rules = OhHell(players=players, decks=decks, schedule=(1,))
    cards = data.draw(
        st.lists(st.sampled_from(rules.deck()), min_size=players, max_size=players, unique=True)
    )
    plays = tuple(PlayedCard(i, card) for i, card in enumerate(cards))
    slow = rules.resolve(plays, trump, last_trick=last, explain=True)
    from counter_rules.rulesets.plain_tricks import resolve_suited

    assert resolve_suited(plays, trump, None, last) == _without_effects(slow)


@given(st.integers(0, 10_000), st.integers(0, 10_000))
def test_quick_oh_hell_scores_equal_the_scoring_module(seed: int, choices: int) -> None:
    """The engine's inline Up-and-Down scoring equals ``scoring.up_and_down.score``."""
    rules = OhHell(players=4, schedule=(5,))
    state = new_game(rules, seed)
    step = 0
    while not state.is_over:
        moves = legal_moves(state)
        state = apply_move(state, moves[(choices + step) % len(moves)])
        step += 1
    (hand,) = state.history
    expected = tuple(
        up_and_down.score(bid, won) for bid, won in zip(hand.bids, hand.tricks_won, strict=True)
    )
    assert hand.points == expected


@given(st.integers(0, 2**63), st.integers(1, 50), st.integers(1, 255))
def test_deal_order_is_a_reproducible_permutation(seed: int, hand: int, size: int) -> None:
    """Each deal's order is a permutation of the deck, the same for the same seed and hand."""
    order = deal_order(seed, hand, size)
    assert sorted(order) == list(range(size))
    assert order == deal_order(seed, hand, size)
    if size > 8:
        assert order != deal_order(seed, hand + 1, size)


@given(st.binary(min_size=8 * 255, max_size=8 * 255), st.integers(1, 255))
def test_the_native_deal_order_is_the_python_one(random_bytes: bytes, size: int) -> None:
    """The compiled build's native order of a deal gives the bytes of the
    Python path (order_from_digest) for any digest and deck size, including
    lanes that differ only in the bits both ignore; deal_order uses it."""
    native = pytest.importorskip("counter_rules._shuffle", reason="the compiled build's module")
    digest = random_bytes[: 8 * size]
    assert native.order(digest, size) == order_from_digest(digest, size)
    # The top 12 bits of a lane do not count: the Python path fixes them.
    masked = bytes(b & 0x0F if i % 8 == 7 else b for i, b in enumerate(digest))
    assert native.order(masked, size) == native.order(digest, size)
    assert deal_order(3, 1, size) == order_from_digest(
        hashlib.shake_256(b"counter-rules/3/1/deal").digest(8 * size), size
    )


@given(st.integers(0, 2**63), st.integers(1, 4), st.integers(0, 13))
def test_the_native_split_is_the_python_one(seed: int, deck_copies: int, size: int) -> None:
    """The compiled build's native split of a deal gives the hands and stock
    of the Python path (split_from_order), cards and all, for decks of 52 to
    208 cards and any hand size that fits four seats."""
    native = pytest.importorskip("counter_rules._shuffle", reason="the compiled build's module")
    deck = tuple(card for copy in range(deck_copies) for card in standard_deck(copy))[:255]
    order = deal_order(seed, 1, len(deck))
    hands, stock = native.split(deck, order, size, 4)
    assert (hands, stock) == split_from_order(deck, order, size, 4)
    assert split_deal(deck, order, size, 4) == (hands, stock)
    assert all(type(hand) is tuple for hand in hands) and type(stock) is tuple


def test_the_native_deal_order_refuses_bad_arguments_in_words() -> None:
    """A digest of the wrong length or a deck size out of range is a
    ValueError that says what is needed, never a read past the bytes."""
    native = pytest.importorskip("counter_rules._shuffle", reason="the compiled build's module")
    with pytest.raises(ValueError, match="8 bytes a card, got 52 cards and 415 bytes"):
        native.order(bytes(415), 52)
    with pytest.raises(ValueError, match="1 to 255 cards"):
        native.order(b"", 0)
    with pytest.raises(TypeError, match="digest: bytes, size: int"):
        native.order("x" * 8, 1)
    deck = standard_deck(0)
    with pytest.raises(ValueError, match="not one of distinct positions"):
        native.split(deck, bytes([0, 0]), 1, 2)
    with pytest.raises(ValueError, match="not one of distinct positions"):
        native.split(deck, bytes([52]), 1, 1)
    with pytest.raises(ValueError, match="cannot deal 3 cards to each of 2 seats"):
        native.split(deck, bytes(range(5)), 3, 2)


class _ReversedDeckCounter(Counter):
    """Counter whose deck() lists the cards out of sorting order."""

    def deck(self) -> tuple[Card, ...]:
        return tuple(reversed(super().deck()))


def test_a_deck_out_of_order_still_deals_sorted_hands() -> None:
    """The deal sorts a deck given out of order, so hands come out sorted and
    equal to the deal from the same deck in order."""
    unordered = new_game(_ReversedDeckCounter(), seed=11)
    ordered = new_game(Counter(), seed=11)
    assert unordered.hands == ordered.hands
    assert all(list(hand) == sorted(hand) for hand in unordered.hands)


def test_states_tricks_and_hands_built_on_the_hot_path_have_exactly_their_fields() -> None:
    """The engine builds states (by ``derive``), trick results and hand
    results without attrs' ``__init__``: they hold exactly the declared
    fields, in order, and equal the ones the classes' own constructors build."""
    for rules in (Counter(players=4), OhHell(players=4, schedule=(3,))):
        state = new_game(rules, seed=11)
        assert list(state.__dict__) == [f.name for f in attrs.fields(GameState)]
        rebuilt = GameState(
            **{f.alias: getattr(state, f.name) for f in attrs.fields(GameState) if f.init}
        )
        assert rebuilt == state
        while not state.tricks:
            state = apply_move(state, legal_moves(state)[0])
        result = state.tricks[0]
        assert list(result.__dict__) == [f.name for f in attrs.fields(TrickResult)]
        assert TrickResult(**attrs.asdict(result, recurse=False)) == result
        while not state.history:
            state = apply_move(state, legal_moves(state)[0])
        hand = state.history[0]
        rebuilt_hand = HandResult(**attrs.asdict(hand, recurse=False))
        assert rebuilt_hand == hand
        assert hash(rebuilt_hand) == hash(hand)


def _kinds(rules: Ruleset) -> tuple[int, int]:
    shortcuts = rules.shortcuts()
    return shortcuts.plays, shortcuts.tricks


def test_the_engine_uses_fast_paths_only_where_they_are_the_rulesets_own_rules() -> None:
    """Built-in rulesets name the engine's fast paths where they state their
    rules: not for Jokers, must-trump or unbroken trumps, and not for a method
    a subclass overrides, whose override the engine then calls; a subclass
    that only changes options keeps them."""
    from counter_rules.rulesets.base import SHORTCUT_COUNTER, SHORTCUT_NONE, SHORTCUT_PLAIN

    assert _kinds(Counter()) == (SHORTCUT_COUNTER, SHORTCUT_COUNTER)
    assert _kinds(OhHell()) == (SHORTCUT_PLAIN, SHORTCUT_PLAIN)
    assert OhHell(follow="must_trump").shortcuts().plays == SHORTCUT_NONE
    assert OhHell(trumps_broken=True).shortcuts().plays == SHORTCUT_NONE
    assert _kinds(OhHell(jokers="loser")) == (SHORTCUT_NONE, SHORTCUT_NONE)

    calls: list[int] = []

    @attrs.frozen
    class OwnPlays(Counter):
        def legal_plays(self, state: GameState, seat: int) -> tuple[Play, ...]:
            calls.append(seat)
            return super().legal_plays(state, seat)

    own = OwnPlays(players=4)
    assert _kinds(own) == (SHORTCUT_NONE, SHORTCUT_COUNTER)

    @attrs.frozen
    class Later(OhHell):
        hook: bool = True

    assert _kinds(Later(schedule=(5,))) == (SHORTCUT_PLAIN, SHORTCUT_PLAIN)
    state = new_game(own, seed=3)
    while state.hand_number == 1:
        state = apply_move(state, legal_moves(state)[-1])
    assert len(calls) >= 40  # the override listed every play of the hand


def _reference_bids(rule: str, cards: int, bids: tuple[int | None, ...]) -> tuple[int, ...]:
    """The bids the next bidder may make, straight from the rule sentences: any
    number of tricks from 0 to the cards dealt; with the hook the last bidder
    may not make the bids total the cards dealt; when the bids must total the
    cards dealt, no bid may pass what is left and the last bid makes it exact."""
    made = [b for b in bids if b is not None]
    last = len(made) == len(bids) - 1
    left = cards - sum(made)
    if rule == "total":
        return (left,) if last else tuple(range(left + 1))
    if rule == "hook" and last:
        return tuple(b for b in range(cards + 1) if b != left)
    return tuple(range(cards + 1))


@st.composite
def bidding_positions(draw: st.DrawFn) -> tuple[str, int, tuple[int | None, ...]]:
    """A bid rule, the cards dealt and the bids made so far in turn; sometimes
    bids no game allows, as a state built by hand may hold."""
    rule = draw(st.sampled_from(("free", "hook", "total")))
    players = draw(st.integers(2, 8))
    cards = draw(st.integers(1, 13))
    made = draw(st.integers(0, players - 1))
    by_hand = draw(st.booleans())
    bids: list[int | None] = []
    for _ in range(made):
        left = cards - sum(b for b in bids if b is not None)
        most = cards + 3 if by_hand else left if rule == "total" else cards
        bids.append(draw(st.integers(0, most)))
    return rule, cards, (*bids, *([None] * (players - made)))


@settings(max_examples=300, deadline=None)
@given(bidding_positions())
def test_quick_bids_follow_the_bidding_rule_sentences(
    position: tuple[str, int, tuple[int | None, ...]],
) -> None:
    """The quick bid list (used by the engine and by ``legal_bids``) equals the
    rule written out: free bids, the hook on the last bidder, bids that must
    total the cards dealt."""
    from counter_rules.engine.lookup_tables import turn_bid_moves
    from counter_rules.rulesets.bids_in_turn import BIDS_FREE, BIDS_HOOK, BIDS_TOTAL, turn_bids

    rule, cards, bids = position
    code = {"free": BIDS_FREE, "hook": BIDS_HOOK, "total": BIDS_TOTAL}[rule]
    expected = _reference_bids(rule, cards, bids)
    assert turn_bids(code, cards, bids) == expected
    seat = bids.index(None)
    moves = turn_bid_moves(code, seat, cards, bids)
    assert [(m.seat, m.tricks, m.blind) for m in moves] == [(seat, b, False) for b in expected]


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(
        (
            Counter(players=4),
            Counter(players=3, hook=True),
            OhHell(players=4, schedule=(10,), hook=True),
            OhHell(players=5, schedule=(1, 2, 3), bids_must_total=True),
            OhHell(players=3, schedule=(4,)),
        )
    ),
    st.integers(0, 10_000),
)
def test_bid_moves_listed_ahead_equal_the_rulesets_legal_bids(
    rules: Counter | OhHell, seed: int
) -> None:
    """Every bidding state the engine builds already holds its legal moves:
    exactly the ruleset's ``legal_bids`` for the seat to bid, as shared moves."""
    state = new_game(rules, seed=seed)
    while state.phase.name == "BIDDING":
        listed = state._legal
        assert listed is not None
        seat = state.current_player
        assert seat is not None
        assert [(m.seat, m.tricks) for m in listed] == [
            (seat, b) for b in rules.legal_bids(state, seat)
        ]
        assert all(not m.blind for m in listed)
        state = apply_move(state, listed[seed % len(listed)])


def test_the_engine_lists_bids_itself_only_where_the_rulesets_methods_would_agree() -> None:
    """Quick bids are off for simultaneous or blind bidding and for a subclass
    that overrides ``legal_bids``; the override is then what the engine asks."""
    from counter_rules.rulesets.base import BIDS_FREE, BIDS_HOOK, BIDS_TOTAL, SHORTCUT_NONE

    assert Counter().shortcuts().bids == BIDS_FREE
    assert Counter(hook=True).shortcuts().bids == BIDS_HOOK
    assert OhHell(hook=True).shortcuts().bids == BIDS_HOOK
    assert OhHell(bids_must_total=True).shortcuts().bids == BIDS_TOTAL
    assert OhHell(simultaneous_bidding=True).shortcuts().bids == SHORTCUT_NONE
    assert OhHell(blind_bidding=True).shortcuts().bids == SHORTCUT_NONE

    @attrs.frozen
    class EvenBids(OhHell):
        def legal_bids(self, state: GameState, seat: int) -> tuple[int, ...]:
            return tuple(b for b in super().legal_bids(state, seat) if b % 2 == 0)

    even = EvenBids(players=4, schedule=(5,))
    assert even.shortcuts().bids == SHORTCUT_NONE
    state = new_game(even, seed=5)
    assert [m.tricks for m in legal_moves(state)] == [0, 2, 4]


@settings(max_examples=60, deadline=None)
@given(rules=rulesets(), seed=seeds, choice_seed=seeds)
def test_moves_listed_ahead_equal_the_moves_listed_afresh(
    rules: Ruleset, seed: int, choice_seed: int
) -> None:
    """The engine lists the next moves while it builds a state (plays, bids in
    turn); at every state of a random game they equal the moves the ruleset
    lists for a fresh copy of the state, which has no such list."""
    from counter_rules.engine.transitions import compute_legal

    for state, _ in random_playout(rules, seed, choice_seed):
        listed = state._legal
        fresh = attrs.evolve(state)
        assert fresh._legal is None
        assert listed is not None  # every state the engine hands out lists its moves
        assert listed == compute_legal(fresh)
        assert legal_moves(state) == legal_moves(fresh)
        if state.hand_number > 2:
            break


def test_an_evolved_state_lists_its_own_moves_not_its_parents() -> None:
    """``attrs.evolve`` starts the copy without the parent's list of moves."""
    state = new_game(OhHell(players=3, schedule=(5,)), seed=1)
    assert [m.tricks for m in legal_moves(state)] == [0, 1, 2, 3, 4, 5]
    fewer = attrs.evolve(state, cards_dealt=2)
    assert [m.tricks for m in legal_moves(fewer)] == [0, 1, 2]
    after_bid = apply_move(state, legal_moves(state)[0])
    other_seat = attrs.evolve(after_bid, to_act=frozenset({0}))
    assert {m.seat for m in legal_moves(other_seat)} == {0}


def test_counter_subclasses_that_change_the_bidding_go_through_their_methods() -> None:
    """A Counter whose bidding is simultaneous, or whose hands are smaller, is
    listed by its own methods: the engine and ``legal_bids`` agree."""
    from counter_rules.rulesets.base import SHORTCUT_NONE

    @attrs.frozen
    class AllAtOnce(Counter):
        @property
        def simultaneous_bidding(self) -> bool:
            return True

    together = AllAtOnce(players=3)
    assert together.shortcuts().bids == SHORTCUT_NONE
    state = new_game(together, seed=4)
    assert {m.seat for m in legal_moves(state)} == {0, 1, 2}
    assert len(legal_moves(state)) == 33

    @attrs.frozen
    class EightCards(Counter):
        def hand_size(self, hand_number: int) -> int:
            return 8

    eight = new_game(EightCards(players=4, hook=True), seed=4)
    seat = eight.current_player
    assert seat is not None
    assert [m.tricks for m in legal_moves(eight)] == list(eight.rules.legal_bids(eight, seat))
    assert [m.tricks for m in legal_moves(eight)] == list(range(9))


def test_a_plain_trick_end_clears_a_doubled_lead_and_marks_the_last_trick() -> None:
    """After a plain Oh Hell trick no lead is doubled (only Counter's Sixes
    double one), and only the hand's last trick is marked as the last."""
    state = new_game(OhHell(players=4, schedule=(3,), decks=2), seed=8)
    while state.phase.name != "PLAYING":
        state = apply_move(state, legal_moves(state)[0])
    state = attrs.evolve(state, doubled_lead=True)
    while not state.tricks:
        state = apply_move(state, legal_moves(state)[-1])
    assert state.doubled_lead is False
    while not state.is_over:
        state = apply_move(state, legal_moves(state)[-1])
    (hand,) = state.history
    assert [t.last_trick for t in hand.tricks] == [False, False, True]


def test_a_card_outside_the_rulesets_deck_is_named_not_listed() -> None:
    """A hand built by hand with a card the ruleset does not deal gets a clear
    error naming the card, whatever other rulesets were built before."""
    from counter_rules import InvalidArgumentError

    OhHell(players=4, decks=2)  # fills shared plays for second-deck cards
    state = new_game(OhHell(players=4, schedule=(3,)), seed=2)
    while state.phase.name != "PLAYING":
        state = apply_move(state, legal_moves(state)[0])
    seat = state.current_player
    assert seat is not None
    foreign = Card(Rank.ACE, Suit.SPADES, copy=1)
    hands = list(state.hands)
    hands[seat] = (*hands[seat][1:], foreign)
    broken = attrs.evolve(state, hands=tuple(hands))
    with pytest.raises(InvalidArgumentError, match="A♠/1"):
        legal_moves(broken)


def test_passes_come_from_the_ruleset_table_and_a_card_outside_the_deck_still_gets_one() -> None:
    """The passes of held cards are the shared ones of the ruleset's table,
    in the order of the cards; a card the deck lacks (a state built by hand)
    gets the shared pass all the same."""
    rules = Counter(players=4)
    table = play_rules_of(rules).passes[2]
    held = (Card.parse("3C"), Card.parse("KH"))
    outside = Card(Rank.ACE, Suit.SPADES, 1)  # a second deck's card
    assert table[outside._key] is None
    passes = passes_of(table, 2, (*held, outside))
    assert [(p.seat, p.card) for p in passes] == [(2, c) for c in (*held, outside)]
    assert passes[0] is table[held[0]._key] and passes[2] is shared_pass(2, outside)
