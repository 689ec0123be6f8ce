"""World sampling: consistent with the view, sound inferences, uniform draws."""

from __future__ import annotations

import copy
import itertools
import random
from collections import Counter as Multiset

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import random_playout, rulesets, seeds

from counter_rules import (
    Card,
    Deal,
    GameState,
    InvalidArgumentError,
    OhHell,
    Phase,
    Play,
    Suit,
    UpAndDown,
    apply_move,
    cards,
    legal_moves,
    new_game,
    record_of,
    sample_world,
    standard_deck,
    state_from_json,
    state_to_json,
    view,
)
from counter_rules._deal_sampler import DealPlan
from counter_rules.rulesets.base import Ruleset
from counter_rules.sampling import _Knowledge, _satisfies
from counter_rules.views import PlayerView


@settings(max_examples=20)
@given(rules=rulesets(), seed=seeds)
def test_inferences_hold_in_the_real_game(rules: Ruleset, seed: int) -> None:
    """Every void bound and pinned card the sampler infers from a view is true
    of the real hidden hands (the inferences are sound)."""
    for i, (state, _) in enumerate(random_playout(rules, seed, seed + 3)):
        if i % 4:
            continue
        for seat in range(state.players):
            know = _Knowledge(view(state, seat))
            for other in range(state.players):
                if other not in know.visible:
                    assert _satisfies(know, other, state.hands[other])
            for card, owner in know.pins.items():
                assert card in state.hands[owner]
        if i > 250:
            break


@settings(max_examples=20)
@given(rules=rulesets(), seed=seeds)
def test_sampled_worlds_are_consistent_and_play_on(rules: Ruleset, seed: int) -> None:
    """A sampled world keeps the view, holds every card once, satisfies the
    inferred bounds, and can be played on legally."""
    rng = random.Random(seed)
    deck = Multiset(rules.deck())
    for i, (state, _) in enumerate(random_playout(rules, seed, seed + 5)):
        if i % 6:
            continue
        seat = rng.randrange(state.players)
        mine = view(state, seat)
        world = sample_world(mine, rng, max_tries=rng.choice([0, 200]) if i < 60 else 200)
        assert view(world, seat) == mine
        held = Multiset(c for h in world.hands for c in h) + Multiset(world.stock)
        held += Multiset(p.card for p in world.trick)
        held += Multiset(p.card for t in world.tricks for p in t.plays if p.card not in t.jacks)
        assert held == deck
        know = _Knowledge(mine)
        assert all(_satisfies(know, s, world.hands[s]) for s in range(world.players))
        for _ in range(10):
            if world.is_over:
                break
            world = apply_move(world, rng.choice(legal_moves(world)))
        if i > 200:
            break


def _consistent(state: GameState, start: GameState, hands: dict[int, tuple[Card, ...]]) -> bool:
    """Independent check: could the hand so far have been played from a deal
    where the hidden seats held ``hands`` now? Replays every bid and play."""
    players = state.players
    initial = []
    for s in range(players):
        now = hands.get(s, state.hands[s])
        played = [p.card for t in state.tricks for p in t.plays if p.seat == s]
        played += [p.card for p in state.trick if p.seat == s]
        initial.append(tuple(sorted((*now, *played))))
    dealt = {c for h in initial for c in h}
    stock = tuple(c for c in start.rules.deck() if c not in dealt)
    replayed = new_game(start.rules, 0, deal=Deal(hands=initial, stock=stock))
    for move in record_of(state).moves:
        if move not in legal_moves(replayed):
            return False
        replayed = apply_move(replayed, move)
    return True


def _late_position(seed: int) -> tuple[GameState, GameState]:
    rules = OhHell(players=3, schedule=(17,), trump="none", follow="must_trump")
    rng = random.Random(seed)
    start = new_game(rules, seed)
    state = start
    while len(state.tricks) < 15:
        state = apply_move(state, rng.choice(legal_moves(state)))
    return start, state


@pytest.mark.parametrize("max_tries", [200, 0], ids=["rejection", "exact-counting"])
def test_sampling_is_uniform_over_exactly_the_consistent_deals(max_tries: int) -> None:
    """On small positions, the sampler's support is exactly the deals that an
    independent replay finds consistent, and a chi-square test finds its
    frequencies uniform (both the rejection and the counting sampler)."""
    checked = 0
    for seed in range(200):
        start, state = _late_position(seed)
        seat = 0
        mine = view(state, seat)
        others = [s for s in range(3) if s != seat]
        unseen = sorted(
            c for c in state.rules.deck()
            if c not in set(state.hands[seat])
            and all(c not in {p.card for p in t.plays} for t in state.tricks)
        )  # fmt: skip
        sizes = [len(state.hands[s]) for s in others]
        support = set()
        for first in itertools.combinations(unseen, sizes[0]):
            rest = [c for c in unseen if c not in first]
            for second in itertools.combinations(rest, sizes[1]):
                hands = {others[0]: first, others[1]: second}
                if _consistent(state, start, hands):
                    support.add((first, second))
        if len(support) < 4 or len(support) == 30:
            continue  # want positions where play revealed something
        rng = random.Random(seed)
        counts: Multiset[tuple[tuple[Card, ...], ...]] = Multiset()
        draws = 150 * len(support)
        for _ in range(draws):
            world = sample_world(mine, rng, max_tries=max_tries)
            counts[(world.hands[others[0]], world.hands[others[1]])] += 1
        assert set(counts) == support
        expected = draws / len(support)
        chi2 = sum((counts[k] - expected) ** 2 / expected for k in support)
        dof = len(support) - 1
        # Wilson-Hilferty: the 99.9% quantile of chi-square with dof degrees.
        z = 3.09
        limit = dof * (1 - 2 / (9 * dof) + z * (2 / (9 * dof)) ** 0.5) ** 3
        assert chi2 < limit, (seed, chi2, limit, dof)
        checked += 1
        if checked == 3:
            return
    pytest.fail("no suitable position found")


def test_sample_world_rejects_non_views() -> None:
    """A state is not a view."""
    with pytest.raises(InvalidArgumentError, match="expected a PlayerView"):
        sample_world(new_game(OhHell(), 1), random.Random(0))  # type: ignore[arg-type]


def test_counter_pass_pins_and_reveals() -> None:
    """In Counter the card a seat passed stays with its left neighbour until the
    next exchange, and a shown Four stays with its owner."""
    from counter_rules import Counter, Phase

    rng = random.Random(1)
    found = 0
    for seed in range(300):
        state = new_game(Counter(), seed)
        while not state.is_over and state.hand_number == 1:
            state = apply_move(state, rng.choice(legal_moves(state)))
            if state.phase is Phase.PLAYING and state.exchanges and not state.trick:
                mine = view(state, 0)
                passed, _ = mine.my_exchanges[-1]
                if passed is not None and passed in state.hands[1]:
                    for _ in range(5):
                        world = sample_world(mine, rng)
                        assert passed in world.hands[1]
                    found += 1
                    break
        if found >= 3:
            return
    pytest.fail("no position with a pass found")


def test_a_shown_four_stays_with_its_owner() -> None:
    """After Play(4♠, reveal=4♦), every sampled world gives 4♦ to that player."""
    from counter_rules import Counter

    for seed in range(300):
        state = new_game(Counter(), seed)
        rng = random.Random(seed)
        while not state.is_over and state.hand_number == 1:
            reveal = [m for m in legal_moves(state) if isinstance(m, Play) and m.reveal]
            move = reveal[0] if reveal else rng.choice(legal_moves(state))
            state = apply_move(state, move)
            if reveal and not state.exchanges:
                owner = move.seat
                viewer = (owner + 1) % 4
                shown = reveal[0].reveal
                for _ in range(10):
                    assert shown in sample_world(view(state, viewer), rng).hands[owner]
                return
    pytest.fail("no Four was shown")


# -- the exact sampler on its own -----------------------------------------------
_Places = list[tuple[int, list[int | None]]]


def _deals(sizes: list[int], places: _Places) -> set[tuple[tuple[tuple[int, int], ...], ...]]:
    """Every deal of the cards (class, index) that keeps the limits, by brute force."""
    cards = [(k, i) for k, n in enumerate(sizes) for i in range(n)]
    found = set()

    def deal(
        p: int, left: list[tuple[int, int]], acc: tuple[tuple[tuple[int, int], ...], ...]
    ) -> None:
        if p == len(places):
            found.add(acc)
            return
        cap, limits = places[p]
        for hand in itertools.combinations(left, cap):
            if all(
                limit is None or sum(1 for k, _ in hand if k == c) <= limit
                for c, limit in enumerate(limits)
            ):
                deal(p + 1, [c for c in left if c not in hand], (*acc, hand))

    deal(0, cards, ())
    return found


def _instance(rng: random.Random) -> tuple[list[int], _Places]:
    """A small random problem: classes, places with limits that bind (voids,
    at most one card), some places sharing their voids (so that they form one
    group), and cards of no class."""
    sizes = [rng.randint(2, 3) for _ in range(rng.randint(1, 3))] + [rng.randint(0, 2)]
    caps = [2] * rng.randint(2, 3)
    for _ in range(sum(sizes) - sum(caps)):
        caps[rng.randrange(len(caps))] += 1
    places: _Places = []
    for cap in caps:
        if places and rng.random() < 0.4:
            limits = list(places[-1][1])
        else:
            limits = [rng.choice([None, 0, 1, 1]) for _ in sizes[:-1]] + [None]
        places.append((cap, limits))
    return sizes, places


@pytest.mark.parametrize("orientation", ["rows", "columns"])
def test_deal_plan_draws_uniformly_from_exactly_the_deals_that_keep_the_limits(
    orientation: str,
) -> None:
    """On small problems, the counting sampler (walked either way round) finds
    a deal exactly when brute force does, draws only deals brute force lists,
    draws every one of them, and a chi-square test finds the draws uniform."""
    problems, rng = random.Random(7), random.Random(8)
    # Seats sharing voids (one group), a pool of several unlimited places,
    # a seat allowed one card of a class, cards of no class.
    fixed: list[tuple[list[int], _Places]] = [
        (
            [3, 3, 1],
            [(2, [0, None, None]), (2, [0, None, None]), (2, [None, 0, None]), (1, [None] * 3)],
        ),
        ([2, 2, 2], [(2, [1, 0, None]), (2, [None] * 3), (2, [None] * 3)]),
        ([3, 2, 2], [(2, [1, None, None]), (3, [None, 0, None]), (2, [None, 0, None])]),
        ([2, 2, 1], [(2, [1, None, None]), (2, [1, None, None]), (1, [None] * 3)]),
    ]
    checked = 0
    while checked < 12:
        sizes, places = fixed.pop() if fixed else _instance(problems)
        if not 4 <= sum(sizes) <= 7:
            continue
        support = _deals(sizes, places)
        plan = DealPlan(sizes, places, orientation)
        assert bool(plan.total) == bool(support), (sizes, places)
        if not support or len(support) > 50:
            continue
        deck = standard_deck()
        classes = [[deck[13 * k + i] for i in range(n)] for k, n in enumerate(sizes)]
        label = {card: (k, i) for k, cards in enumerate(classes) for i, card in enumerate(cards)}
        counts: Multiset[tuple[tuple[tuple[int, int], ...], ...]] = Multiset()
        draws = 100 * len(support)
        for _ in range(draws):
            hands = plan.draw(classes, rng)
            counts[tuple(tuple(sorted(label[c] for c in h)) for h in hands)] += 1
        assert set(counts) == support, (sizes, places)
        if len(support) > 1:
            expected = draws / len(support)
            chi2 = sum((counts[k] - expected) ** 2 / expected for k in support)
            dof = len(support) - 1
            limit = dof * (1 - 2 / (9 * dof) + 3.09 * (2 / (9 * dof)) ** 0.5) ** 3
            assert chi2 < limit, (sizes, places, chi2, limit)
        checked += 1


def test_deal_plan_finds_no_deal_where_none_exists() -> None:
    """Too few places for the cards, or a limit below zero (a pinned card
    over its seat's bound), leave nothing to draw."""
    assert not DealPlan([2, 1], [(1, [None, None]), (1, [None, None])]).total
    assert not DealPlan([2, 1], [(2, [-1, None]), (1, [None, None])]).total
    # Both places refuse class 0, which has cards.
    assert not DealPlan([1, 1], [(1, [0, None]), (1, [0, None])]).total


# -- many players, two decks: the views that used to hang -------------------------
def _issue_13_view() -> PlayerView:
    state = new_game(UpAndDown(players=10), seed=2)
    rng = random.Random(2)
    for _ in range(605):
        state = apply_move(state, rng.choice(legal_moves(state)))
    return view(state, 5)


def test_the_ten_player_view_of_issue_13_is_sampled() -> None:
    """UpAndDown(players=10), seed 2, 605 random moves, the view of seat 5:
    every generator gives a world that keeps the view and every inferred void,
    by rejection first or by the counting sampler at once."""
    mine = _issue_13_view()
    know = _Knowledge(mine)
    assert know.bounds  # the play revealed voids: the case that hung
    for k in range(6):
        for max_tries in (0, 200):
            world = sample_world(mine, random.Random(k), max_tries=max_tries)
            assert view(world, 5) == mine
            assert all(_satisfies(know, s, world.hands[s]) for s in range(10))


@st.composite
def _crowded_rules(draw: st.DrawFn) -> Ruleset:
    """Two-deck games with many players."""
    if draw(st.booleans()):
        return UpAndDown(players=draw(st.integers(6, 10)))
    players = draw(st.integers(6, 10))
    return OhHell(
        players=players,
        decks=2,
        schedule=(draw(st.integers(6, 10)),),
        follow=draw(st.sampled_from(["plain", "must_trump"])),
    )


@settings(max_examples=10)
@given(rules=_crowded_rules(), seed=seeds)
def test_many_player_two_deck_views_are_sampled_exactly(rules: Ruleset, seed: int) -> None:
    """Along random games of two-deck rulesets with six to ten players, the
    counting sampler gives, for any seat, a world that keeps the view and
    every inferred void."""
    rng = random.Random(seed)
    for i, (state, _) in enumerate(random_playout(rules, seed, seed + 1)):
        if state.hand_number > 10:
            break
        if i % 7 or state.phase is not Phase.PLAYING:
            continue
        seat = rng.randrange(state.players)
        mine = view(state, seat)
        world = sample_world(mine, rng, max_tries=0)
        assert view(world, seat) == mine
        know = _Knowledge(mine)
        assert all(_satisfies(know, s, world.hands[s]) for s in range(state.players))


def test_the_draw_depends_only_on_the_view_and_rng() -> None:
    """Sampling the same view object again, or an equal copy of it, with
    equal generators gives equal worlds (what is counted once per view only
    saves time)."""
    mine = _issue_13_view()
    first = sample_world(mine, random.Random(4))
    again = sample_world(mine, random.Random(4))
    copied = sample_world(copy.copy(mine), random.Random(4))
    assert first == again == copied


# -- sampled worlds as records --------------------------------------------------
@settings(max_examples=25)
@given(rules=rulesets(), seed=seeds)
def test_first_hand_worlds_save_and_reload_equal(rules: Ruleset, seed: int) -> None:
    """A world sampled in the first hand carries the deal it started from
    (hands then: hands now plus the cards played) and a seed that gives its
    trump, so its record reloads to an equal state, right after the deal too;
    once Counter's passes have been exchanged, the others' passes are not
    known and recording says so."""
    rng = random.Random(seed)
    for i, (state, _) in enumerate(random_playout(rules, seed, seed + 2)):
        if state.hand_number > 1 or i > 120:
            break
        if i % 5:
            continue
        seat = rng.randrange(state.players)
        world = sample_world(view(state, seat), rng)
        if state.exchanges:
            with pytest.raises(InvalidArgumentError, match="passes are not known"):
                state_to_json(world)
            continue
        assert world.first_deal is not None
        assert state_from_json(state_to_json(world)) == world


def test_a_world_sampled_right_after_the_deal_reloads_with_its_own_hands() -> None:
    """Issue 13: a world saved right after the deal reloaded with the hands the
    seed deals; it reloads with its own."""
    state = new_game(UpAndDown(players=10), seed=2)
    world = sample_world(view(state, 5), random.Random(3))
    assert world.hands != state.hands
    assert state_from_json(state_to_json(world)).hands == world.hands


def test_a_second_deck_trump_survives_the_reload() -> None:
    """Where the first hand's trump card is drawn from the seed (a second
    deck), the world's seed draws the world's trump."""
    rules = OhHell(players=5, trump="second_deck", schedule=(6,))
    state = new_game(rules, seed=12)
    for k in range(5):
        world = sample_world(view(state, 0), random.Random(k))
        back = state_from_json(state_to_json(world))
        assert back == world and back.trump_card == state.trump_card


@settings(max_examples=25)
@given(rules=rulesets(), seed=seeds)
def test_a_world_drawn_not_recordable_differs_only_in_its_record(rules: Ruleset, seed: int) -> None:
    """recordable=False draws the same cards, bids and passes and leaves the
    generator where recordable=True leaves it; the world lacks only its first
    deal (and, where the opening picked a seed that draws the trump, has the
    drawn seed), plays on alike, and refuses to be saved."""
    rng = random.Random(seed)
    for i, (state, _) in enumerate(random_playout(rules, seed, seed + 2)):
        if i > 120 or state.is_over:
            break
        if i % 7:
            continue
        seat = rng.randrange(state.players)
        mine = view(state, seat)
        kept, lean = random.Random(i), random.Random(i)
        full = sample_world(mine, kept)
        bare = sample_world(mine, lean, recordable=False)
        assert kept.getstate() == lean.getstate()
        assert bare.first_deal is None
        assert attrs.evolve(bare, first_deal=full.first_deal, seed=full.seed) == full
        assert legal_moves(bare) == legal_moves(full)
        if state.hand_number == 1 and not state.exchanges:
            with pytest.raises(InvalidArgumentError, match="recordable=False"):
                state_to_json(bare)


def test_later_hand_worlds_are_not_saved_as_another_game() -> None:
    """A record holds only the first deal: the deals of a world's earlier
    hands come from its seed, which did not deal the real ones. Saving such a
    world raises a library error rather than writing a record of another game."""
    rng = random.Random(5)
    state = new_game(UpAndDown(players=4), seed=5)
    while state.hand_number < 3:
        state = apply_move(state, rng.choice(legal_moves(state)))
    world = sample_world(view(state, 1), rng)
    with pytest.raises(InvalidArgumentError, match="cannot record this state"):
        state_to_json(world)
    assert state_from_json(state_to_json(state)) == state  # the real game records


# -- bad arguments ----------------------------------------------------------------
@pytest.mark.parametrize("rng", [None, 3, "seed", random])
def test_sample_world_rejects_a_generator_that_is_not_a_random(rng: object) -> None:
    """The generator must be a random.Random; the error names the value."""
    mine = view(new_game(OhHell(), 1), 0)
    with pytest.raises(InvalidArgumentError, match=r"rng must be a random\.Random, got"):
        sample_world(mine, rng)  # type: ignore[arg-type]


@pytest.mark.parametrize("recordable", [0, 1, "yes", None])
def test_sample_world_rejects_a_recordable_that_is_not_a_bool(recordable: object) -> None:
    """recordable is True or False; the error names the value."""
    mine = view(new_game(OhHell(), 1), 0)
    message = f"recordable must be True or False, got {recordable!r}"
    with pytest.raises(InvalidArgumentError, match=message):
        sample_world(mine, random.Random(0), recordable=recordable)  # type: ignore[arg-type]


@pytest.mark.parametrize("max_tries", [-1, 1.5, True, "3", None])
def test_sample_world_rejects_a_bad_max_tries(max_tries: object) -> None:
    """max_tries is a whole number from 0 up; the error names the value."""
    mine = view(new_game(OhHell(), 1), 0)
    with pytest.raises(InvalidArgumentError, match=f"max_tries must be .*got {max_tries!r}"):
        sample_world(mine, random.Random(0), max_tries=max_tries)  # type: ignore[arg-type]


def _bowers_spade_void() -> GameState:
    """Bowers, hearts trump (the 6♥ on the stock): seat 1 leads A♠ and seat 2
    discards 6♦, showing a void in spades, J♠ included (only J♥ and J♦ are
    bowers under hearts)."""
    rules = OhHell(players=4, schedule=(3,), bowers=True)
    hands = [cards(h) for h in ("2C 3C 4C", "AS KS 5D", "6D 7D 8D", "2S 3S JS")]
    dealt = {c for hand in hands for c in hand}
    turned = Card.parse("6H")
    stock = [turned, *(c for c in rules.deck() if c not in dealt and c != turned)]
    state = new_game(rules, 1, deal=Deal(hands=hands, stock=stock))
    assert state.trump is Suit.HEARTS
    while state.phase is Phase.BIDDING:
        state = apply_move(state, legal_moves(state)[0])
    state = apply_move(state, Play(1, Card.parse("AS")))
    return apply_move(state, Play(2, Card.parse("6D")))


@pytest.mark.parametrize("max_tries", [200, 0], ids=["rejection", "exact-counting"])
def test_a_void_shown_under_bowers_holds_for_the_plain_jacks(max_tries: int) -> None:
    """Under bowers with hearts trump, J♠ is a plain spade: a seat that showed
    a spade void holds no spade in any sampled world (the sampler asks the
    ruleset with the hand's trump), while the left bower J♦ still may be dealt
    to it as a trump."""
    mine = view(_bowers_spade_void(), 0)
    rng = random.Random(5)
    worlds = [sample_world(mine, rng, max_tries=max_tries) for _ in range(600)]
    assert not [w.hands[2] for w in worlds if any(c.suit is Suit.SPADES for c in w.hands[2])]
    assert any(Card.parse("JD") in w.hands[2] for w in worlds)
