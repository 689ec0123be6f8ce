"""The general search in C (the kernel's ``EffectSearch``) against the general
search in Python (:meth:`GeneralSearch.search`): the same answers after the
same positions visited, on Counter's positions of every kind (a trick's
start, the middle of a trick, a pass after a Five, a Four shown, a doubled
lead, a Jack's trump), for every side and both questions; the same place
where a budget stops them; and the kernel's refusals of what does not fit."""

from __future__ import annotations

import gc
import random
from collections.abc import Callable

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import seeds

from counter_rules import Card, Counter, OhHell, Phase, Suit, apply_move, legal_moves, new_game
from counter_rules.analysis import SearchLimitReached, release_memory
from counter_rules.analysis._general import GeneralSearch
from counter_rules.analysis._plain import native_kernel, use_native
from counter_rules.dealing import sort_hand
from counter_rules.play_rules import play_rules_of
from counter_rules.state import GameState
from counter_rules.trick import PlayedCard

needs_kernel = pytest.mark.skipif(
    not native_kernel(), reason="the native kernel comes with the compiled build"
)


def _late(rules: Counter, seed: int, cards: int, extra: int) -> GameState | None:
    """A position of hand 1 reached by random moves of ``seed``: the first
    with at most ``cards`` cards a hand, then ``extra`` more moves (into a
    trick or a pass); ``None`` when the hand ends first."""
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    while state.phase is not Phase.PLAYING or len(state.hands[0]) > cards:
        if state.phase not in (Phase.BIDDING, Phase.PLAYING, Phase.PASSING):
            return None
        moves = legal_moves(state, min(state.to_act))
        state = apply_move(state, moves[rng.randrange(len(moves))])
    for _ in range(extra):
        moves = legal_moves(state, min(state.to_act))
        state = apply_move(state, moves[rng.randrange(len(moves))])
        if state.phase not in (Phase.PLAYING, Phase.PASSING):
            return None
    return state


def _pair(state: GameState, side: int) -> tuple[GeneralSearch, GeneralSearch]:
    """A native search and a Python search for ``side`` in ``state``'s ruleset."""
    made: list[GeneralSearch] = []
    for native in (True, False):
        previous = use_native(native)
        try:
            made.append(GeneralSearch(state.rules, side))
        finally:
            use_native(previous)
        assert (made[-1].native is not None) == native
    return made[0], made[1]


def _both(state: GameState, side: int, ask: str, want: int) -> list[tuple[object, int]]:
    """The answer and the positions visited, by the native search then by the
    Python search; the positions only while the native table has kept every
    entry (once at its largest it gives some up, and the searches part)."""
    out = [_asked(search, state, ask, want) for search in _pair(state, side)]
    if out[0][1] < 0:
        out[1] = (out[1][0], -1)
    return out


def _asked(search: GeneralSearch, state: GameState, ask: str, want: int) -> tuple[object, int]:
    """The answer of ``search`` to ``ask`` and the positions it visited (-1
    once a native table has given entries up)."""
    if ask == "value":
        answer: object = search.value(state)
    elif ask == "exactly":
        answer = search.exactly(state, want)
    else:
        answer = search.at_least(state, want)
    kept_all = search.native is None or search.native.replaced == 0  # type: ignore[attr-defined]
    return answer, search.nodes if kept_all else -1


@needs_kernel
@settings(max_examples=120, deadline=None)
@given(
    st.sampled_from([3, 4, 5]),
    seeds,
    st.integers(1, 4),
    st.integers(0, 5),
    st.integers(1, 30),
    st.sampled_from(["value", "at_least", "exactly"]),
    st.integers(-1, 4),
)
def test_the_native_search_visits_what_the_python_search_visits(
    players: int, seed: int, cards: int, extra: int, side: int, ask: str, want: int
) -> None:
    state = _late(Counter(players=players), seed, cards, extra)
    if state is None:
        return
    side %= (1 << players) - 1
    side = side or 1
    native, python = _both(state, side, ask, want)
    assert native == python


@needs_kernel
def test_every_kind_of_position_is_met() -> None:
    """The positions the property draws include passes, shown Fours, doubled
    leads and a Jack's trump; the two searches agree on each found here."""
    kinds = {"pass": 0, "shown": 0, "doubled": 0, "jack": 0}
    for seed in range(400):
        state = _late(Counter(players=4), seed, 3, seed % 5)
        if state is None:
            continue
        found = {
            "pass": state.phase is Phase.PASSING,
            "shown": any(p.reveal is not None for p in state.trick),
            "doubled": state.doubled_lead,
            "jack": state.trump_card is not None and state.trump_card.rank.value == 11,
        }
        for kind, here in found.items():
            if here and kinds[kind] < 3:
                kinds[kind] += 1
                leader = 1 << state.leader
                assert _both(state, leader, "value", 0)[0] == _both(state, leader, "value", 0)[1]
    assert all(count >= 1 for count in kinds.values()), kinds


@needs_kernel
@pytest.mark.parametrize("limit", [256, 512, 1024])
def test_a_node_budget_stops_both_searches_at_the_same_place(limit: int) -> None:
    state = _late(Counter(players=4), 2, 8, 0)
    assert state is not None
    counts = []
    for native in (True, False):
        previous = use_native(native)
        try:
            search = GeneralSearch(state.rules, 1 << state.leader)
        finally:
            use_native(previous)
        search.node_limit = limit
        with pytest.raises(SearchLimitReached):
            search.value(state)
        counts.append(search.nodes)
    # Both check every 256 positions and stop past the limit.
    assert counts[0] == counts[1] == (limit // 256 + 1) * 256


@needs_kernel
def test_a_deadline_passed_stops_the_native_search() -> None:
    state = _late(Counter(players=4), 2, 8, 0)
    assert state is not None
    search = GeneralSearch(state.rules, 1 << state.leader)
    assert search.native is not None
    search.deadline = 1e-9  # long past
    with pytest.raises(SearchLimitReached):
        search.value(state)
    assert search.nodes == 256


def test_a_ruleset_without_play_tables_is_searched_in_python() -> None:
    assert GeneralSearch(OhHell(players=4), 1).native is None


@needs_kernel
def test_the_native_search_names_what_it_refuses() -> None:
    from counter_rules.analysis import _plain_kernel  # type: ignore[attr-defined]

    rules = Counter(players=4)
    tables = play_rules_of(rules).native_tables(_plain_kernel.MAX_EXEMPT)
    assert tables is not None
    search_type = _plain_kernel.EffectSearch
    with pytest.raises(TypeError, match="the rules' tables must be a tuple"):
        search_type([], 1, bytes([0, 1, 2, 3]))
    with pytest.raises(ValueError, match="takes the 4 seats in an order"):
        search_type(tables, 1, bytes([0, 1, 2, 2]))
    with pytest.raises(ValueError, match="and side 16"):
        search_type(tables, 16, bytes([0, 1, 2, 3]))
    search = search_type(tables, 1, bytes([0, 1, 2, 3]))
    hands = [1, 2, 4, 8]
    good = (hands, b"", b"", 0, 0, False, 0, b"", 0, 255, False)
    assert search.ask(*good, 1, False) in (True, False)
    for bad in [
        ([1, 1, 4, 8], *good[1:]),  # a card in two hands
        (good[0], bytes([60]), bytes([0]), *good[3:]),  # no such card
        (*good[:3], 4, *good[4:]),  # no such leader
        (*good[:8], 7, *good[9:]),  # no such trump
        (*good[:5], True, 15, b"", *good[8:]),  # a pass without its choices
    ]:
        with pytest.raises(ValueError, match=r"does not fit the tables|values below"):
            search.ask(*bad, 1, False)

    def refuses(*args: object) -> object:
        raise RuntimeError("no trick today")

    mine = (*tables[:7], refuses, *tables[8:11], PlayedCard, *tables[12:])
    with pytest.raises(RuntimeError, match="no trick today"):
        search_type(mine, 1, bytes([0, 1, 2, 3])).ask(*good, 1, False)
    with pytest.raises(ValueError, match="52 keys, got 52, 5, 4 and 51"):
        search_type((*tables[:12], tables[12][:51], *tables[13:]), 1, bytes([0, 1, 2, 3]))
    with pytest.raises(TypeError, match="keys: entry 0 is not an int"):
        search_type((*tables[:12], ("AS", *tables[12][1:]), *tables[13:]), 1, bytes([0, 1, 2, 3]))
    suits, faces = tables[13], tables[14]
    assert isinstance(suits, bytes) and isinstance(faces, bytes)
    with pytest.raises(ValueError, match="expected 52 suits and 52 faces, got 51 and 52"):
        search_type((*tables[:13], suits[:51], *tables[14:]), 1, bytes([0, 1, 2, 3]))
    with pytest.raises(ValueError, match="card 0: suit 5 or face 0 is not"):
        search_type((*tables[:13], b"\x05" + suits[1:], *tables[14:]), 1, bytes([0, 1, 2, 3]))
    with pytest.raises(ValueError, match="card 1: suit 1 or face 64 is not"):
        search_type(
            (*tables[:14], faces[:1] + b"\x40" + faces[2:], *tables[15:]), 1, bytes([0, 1, 2, 3])
        )


@needs_kernel
def test_a_finished_hand_asks_nothing_more() -> None:
    """On a board whose hand is over, both searches answer at once: exactly
    no more tricks, and not one more."""
    state = _late(Counter(players=3), 4, 1, 0)
    assert state is not None
    for native in (True, False):
        previous = use_native(native)
        try:
            search = GeneralSearch(state.rules, 1)
        finally:
            use_native(previous)
        board = search.board(state)
        while not board.over:
            board.make(board.moves()[0])
        assert search.board_exactly(board, 0)
        assert not search.board_at_least(board, 1)
        assert search.nodes == 0


@needs_kernel
def test_a_full_table_changes_the_positions_visited_not_the_answer() -> None:
    """With its table held to its smallest size, the native search must
    replace entries (a position then takes the slot of fewest cards left):
    it answers as with room for every position, after visiting other
    positions (a lost entry is searched again, a lost best move orders the
    moves otherwise)."""
    from counter_rules.analysis import _plain_kernel  # type: ignore[attr-defined]

    state = _late(Counter(players=4), 3, 7, 0)
    assert state is not None
    side = 1 << state.leader
    roomy = GeneralSearch(state.rules, side)
    cramped = GeneralSearch(state.rules, side)
    tables = play_rules_of(state.rules).native_tables(_plain_kernel.MAX_EXEMPT)
    smallest = 1 << 12
    cramped.native = _plain_kernel.EffectSearch(tables, side, bytes(cramped.order), smallest)
    assert cramped.value(state) == roomy.value(state)
    assert roomy.native.entries > smallest  # type: ignore[attr-defined]
    assert roomy.native.replaced == 0  # type: ignore[attr-defined]
    assert cramped.native.entries <= smallest
    assert cramped.native.replaced > 0
    assert cramped.nodes != roomy.nodes
    with pytest.raises(ValueError, match="most: the table holds 4096 to 2097152 entries"):
        _plain_kernel.EffectSearch(tables, side, bytes(cramped.order), smallest - 1)


@needs_kernel
def test_a_full_trick_memo_forgets_complete_tricks_and_keeps_the_tricks_so_far() -> None:
    """The native search's memo of resolved tricks, held to 2,048 answers,
    fills and forgets: it forgets the complete tricks (some are then asked of
    the ruleset again) and keeps the tricks so far, which the moves' order
    asks about again and again (each is asked once). The answer and the
    positions visited are those of a search with room to spare."""
    from counter_rules.analysis import _plain_kernel  # type: ignore[attr-defined]

    state = _late(Counter(players=4), 6, 6, 0)
    assert state is not None
    side = 1 << state.leader
    tables = play_rules_of(state.rules).native_tables(_plain_kernel.MAX_EXEMPT)
    assert tables is not None
    asked: dict[tuple[object, ...], int] = {}
    outcome = tables[7]
    assert callable(outcome)

    def counted(trick: tuple[PlayedCard, ...], *rest: object) -> object:
        key = (tuple((p.seat, p.card, p.reveal) for p in trick), *rest[:3])
        asked[key] = asked.get(key, 0) + 1
        return outcome(trick, *rest)

    small = GeneralSearch(state.rules, side)
    small.native = _plain_kernel.EffectSearch(
        (*tables[:7], counted, *tables[8:]), side, bytes(small.order), memo_most=1 << 11
    )
    roomy = GeneralSearch(state.rules, side)
    assert (small.value(state), small.nodes) == (roomy.value(state), roomy.nodes)
    so_far = [count for key, count in asked.items() if len(key[0]) < state.players]
    complete = [count for key, count in asked.items() if len(key[0]) == state.players]
    assert len(so_far) + len(complete) > 1 << 10  # more than a half-full memo
    assert set(so_far) == {1}
    assert max(complete) > 1
    for bad in (1 << 9, 3000, 1 << 21):
        with pytest.raises(ValueError, match=f"memo_most: .* 1024 to 1048576 tricks, got {bad}"):
            _plain_kernel.EffectSearch(tables, side, bytes(small.order), memo_most=bad)


def _renamed(state: GameState, order: tuple[Suit, ...]) -> GameState:
    """``state`` with its suits renamed (suit ``i`` becomes ``order[i]``) in
    the hands, the trick, trump and the trump card."""
    rename = dict(zip(Suit, order, strict=True))

    def card(c: Card) -> Card:
        return Card(c.rank, rename[c.suit], c.copy) if c.suit is not None else c

    return attrs.evolve(
        state,
        hands=tuple(sort_hand([card(c) for c in hand]) for hand in state.hands),
        trick=tuple(
            PlayedCard(p.seat, card(p.card), None if p.reveal is None else card(p.reveal))
            for p in state.trick
        ),
        trump=None if state.trump is None else rename[state.trump],
        trump_card=None if state.trump_card is None else card(state.trump_card),
        stock=tuple(card(c) for c in state.stock),
    )


@needs_kernel
@pytest.mark.parametrize(("seed", "cards"), [(2, 5), (5, 6), (8, 5)])
def test_a_trick_alike_but_for_its_suits_is_asked_of_the_ruleset_once(
    seed: int, cards: int
) -> None:
    """Counter's tricks read the suits only by their pattern
    (``PlayRules.pattern_tricks``), so the native search keeps one answer for
    a trick and every renaming of its suits: searching a position with its
    suits renamed after the position itself, it asks the ruleset about no
    trick that renames one asked before (a Four shown aside), and answers as
    a fresh search does. Tables that do not say so ask about many such tricks
    again."""
    from counter_rules.analysis import _plain_kernel  # type: ignore[attr-defined]

    state = _late(Counter(players=4), seed, cards, 0)
    assert state is not None
    order = (Suit.HEARTS, Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS)
    other = _renamed(state, order)
    back = dict(zip(order, Suit, strict=True))
    side = 1 << state.leader
    tables = play_rules_of(state.rules).native_tables(_plain_kernel.MAX_EXEMPT)
    assert tables is not None and tables[-2:] == (True, False)
    outcome = tables[7]
    assert callable(outcome)

    def named_back(c: Card | None) -> Card | None:
        return None if c is None or c.suit is None else Card(c.rank, back[c.suit], c.copy)

    for by_pattern in (True, False):
        asked: list[tuple[object, ...]] = []
        search = GeneralSearch(state.rules, side)
        search.native = _plain_kernel.EffectSearch(
            (*tables[:7], _noting(outcome, asked), *tables[8:-2], by_pattern, tables[-1]),
            side,
            bytes(search.order),
        )
        first = search.value(state)
        before = set(asked)
        count = len(asked)
        assert len(before) > 100
        fresh = GeneralSearch(state.rules, side)
        assert search.value(other) == fresh.value(other)
        assert first == fresh.value(state)
        again = 0
        for trick, trump, doubled, last, trump_card in asked[count:]:
            assert isinstance(trick, tuple) and (trump is None or isinstance(trump, Suit))
            assert trump_card is None or isinstance(trump_card, Card)
            again += (
                tuple((seat, named_back(c)) for seat, c in trick),
                None if trump is None else back[trump],
                doubled,
                last,
                named_back(trump_card),
            ) in before
        assert again == 0 if by_pattern else again > 10


@needs_kernel
def test_a_search_starts_from_the_tricks_the_last_search_of_its_rules_resolved() -> None:
    """A search that ends hands its memo of resolved tricks on, and the next
    search of the same rules (the same outcome asked, the same cards) starts
    from it: searching a position again asks the ruleset about no trick, and
    answers alike. A search whose memo is held below its full size, and a
    search after ``release_memory``, start afresh."""
    from counter_rules.analysis import _plain_kernel  # type: ignore[attr-defined]

    state = _late(Counter(players=4), 5, 6, 0)
    assert state is not None
    side = 1 << state.leader
    tables = play_rules_of(state.rules).native_tables(_plain_kernel.MAX_EXEMPT)
    assert tables is not None
    outcome = tables[7]
    assert callable(outcome)
    asked: list[tuple[object, ...]] = []
    noting = (*tables[:7], _noting(outcome, asked), *tables[8:])
    release_memory()

    def searched(**memo: int) -> tuple[int, int]:
        before = len(asked)
        search = GeneralSearch(state.rules, side)
        search.native = _plain_kernel.EffectSearch(noting, side, bytes(search.order), **memo)
        value = search.value(state)
        search.native = None  # the search ends: its memo is handed on
        return value, len(asked) - before

    value, first = searched()
    assert first > 100
    assert searched() == (value, 0)
    assert searched(memo_most=1 << 19) == (value, first)
    assert searched() == (value, 0)  # the memo handed on waited for it
    assert release_memory() >= (1 << 10) * 32  # the memo handed on, at least
    assert searched() == (value, first)


def _noting(
    outcome: Callable[..., object], asked: list[tuple[object, ...]]
) -> Callable[..., object]:
    """``outcome``, noting in ``asked`` each trick without a Four shown it is
    asked about (its cards by seat, trump, doubled lead, last trick, trump card)."""

    def noted(trick: tuple[PlayedCard, ...], *rest: object) -> object:
        if all(p.reveal is None for p in trick):
            asked.append((tuple((p.seat, p.card) for p in trick), *rest[:4]))
        return outcome(trick, *rest)

    return noted


@needs_kernel
def test_memory_kept_from_a_search_changes_nothing_in_the_next() -> None:
    """A search gives its table, tags and countermoves back when it ends, and
    the next search of the process takes them (release_memory): the same
    question asked again, on memory that still holds the first search's
    entries under the same keys, visits every position it visited on fresh
    memory (a tag left set would answer from the old entries). The kept
    memory is freed on request."""
    state = _late(Counter(players=4), 3, 8, 0)
    assert state is not None
    release_memory()
    visited = []
    for _ in range(2):
        search = GeneralSearch(state.rules, 1 << 1)
        visited.append((search.value(state), search.nodes))
        # Tags of at least 1 MB (256 K slots) are kept too.
        assert search.native.entries * 2 > 1 << 17  # type: ignore[attr-defined]
        del search
        gc.collect()
    assert visited[0] == visited[1]
    assert release_memory() > 1 << 20
    assert release_memory() == 0


@needs_kernel
@pytest.mark.parametrize(("players", "cards", "seed"), [(4, 6, 1), (5, 7, 2)])
def test_a_table_that_grows_keeps_every_entry(players: int, cards: int, seed: int) -> None:
    """A native table that has grown past its first size (entries of one
    cache line with four seats, of more with five) has moved every entry
    into the larger table: the native search visits the positions the
    Python search visits."""
    state = _late(Counter(players=players), seed, cards, 0)
    assert state is not None
    native, python = _pair(state, 1 << state.leader)
    assert native.value(state) == python.value(state)
    assert native.native.entries > 1 << 12  # type: ignore[attr-defined]
    assert native.native.replaced == 0  # type: ignore[attr-defined]
    assert native.nodes == python.nodes


@needs_kernel
@pytest.mark.parametrize("seed", [2, 5, 11])
def test_both_searches_keep_the_same_countermoves(seed: int) -> None:
    """The countermoves kept by the native search and the Python search after
    the same search are as many (the same table, written in both)."""
    state = _late(Counter(players=4), seed, 5, 2)
    assert state is not None
    native, python = _pair(state, 1 << min(state.to_act))
    native.value(state)
    python.value(state)
    assert native.native.countermoves == len(python.countermoves) > 0  # type: ignore[attr-defined]


def _probed(
    state: GameState, side: int, ask: str, want: int, probe_from: int, probe_first: int
) -> list[tuple[object, int]]:
    """:func:`_both` with the probes set, then the answer without probes."""
    out: list[tuple[object, int]] = []
    for search in (*_pair(state, side), GeneralSearch(state.rules, side)):
        if len(out) < 2:
            search.probe_from = probe_from
            search.probe_first = probe_first
        else:
            search.probe_from = 0
        out.append(_asked(search, state, ask, want))
    if out[0][1] < 0:
        out[1] = (out[1][0], -1)
    return out


@needs_kernel
@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from([3, 4]),
    seeds,
    st.integers(3, 4),
    st.integers(0, 5),
    st.integers(1, 30),
    st.sampled_from(["value", "at_least", "exactly"]),
    st.integers(0, 3),
    st.integers(2, 3),
    st.sampled_from([20, 60, 200]),
)
def test_probes_visit_the_same_positions_natively_and_keep_the_answers(
    players: int,
    seed: int,
    cards: int,
    extra: int,
    side: int,
    ask: str,
    want: int,
    probe_from: int,
    probe_first: int,
) -> None:
    """With probes from few cards and tiny budgets (so that probes are spent
    and taken up again), the native search and the Python search visit the
    same positions, and both answer as the search without probes."""
    state = _late(Counter(players=players), seed, cards, extra)
    if state is None:
        return
    side %= (1 << players) - 1
    side = side or 1
    native, python, unprobed = _probed(state, side, ask, want, probe_from, probe_first)
    assert native == python
    assert native[0] == unprobed[0]


@needs_kernel
def test_probes_are_spent_and_taken_up_again() -> None:
    """The probes of the test above do run out of positions: a budget of 20
    positions visits more positions than no probes, with the same answer."""
    state = _late(Counter(players=4), 3, 4, 0)
    assert state is not None
    side = 1 << state.leader
    tiny = _probed(state, side, "value", 0, 3, 20)
    assert tiny[0] == tiny[1]
    assert tiny[0][0] == tiny[2][0]
    assert tiny[0][1] > tiny[2][1]


@needs_kernel
def test_the_kernel_names_a_bad_probe_setting() -> None:
    state = _late(Counter(players=4), 3, 5, 0)
    assert state is not None
    native, _ = _pair(state, 1)
    with pytest.raises(ValueError, match="probe_first must be 1 to 2\\*\\*30, got 0"):
        native.native.probe_first = 0  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="probe_from must be at most 64, got 65"):
        native.native.probe_from = 65  # type: ignore[attr-defined]


@needs_kernel
@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from([3, 4]),
    seeds,
    st.integers(2, 4),
    st.integers(0, 4),
    st.booleans(),
)
def test_one_search_asked_both_questions_reads_each_from_the_other(
    players: int, seed: int, cards: int, extra: int, exact_first: bool
) -> None:
    """A seat's search asked "at least" and "exactly" in turn, one after the
    other's answers are in its table: each answer is what a fresh search
    gives, and the native search visits what the Python search visits."""
    state = _late(Counter(players=players), seed, cards, extra)
    if state is None:
        return
    side = 1 << min(state.to_act)
    left = len(state.hands[min(state.to_act)])
    asks = [("value", 0)] + [("exactly", want) for want in range(left + 1)]
    if exact_first:
        asks.reverse()
    native, python = _pair(state, side)
    for ask, want in asks:
        fresh = _asked(_pair(state, side)[1], state, ask, want)[0]
        assert _asked(native, state, ask, want)[0] == fresh
        assert _asked(python, state, ask, want)[0] == fresh
    if native.native.replaced == 0:  # type: ignore[union-attr]
        assert native.nodes == python.nodes
