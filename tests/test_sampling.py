"""World sampling: consistent with the view, sound inferences, uniform draws."""

from __future__ import annotations

import itertools
import random
from collections import Counter as Multiset

import pytest
from hypothesis import given, settings
from strategies import random_playout, rulesets, seeds

from counter_rules import (
    Card,
    Deal,
    GameState,
    InvalidArgumentError,
    OhHell,
    Play,
    apply_move,
    legal_moves,
    new_game,
    record_of,
    sample_world,
    view,
)
from counter_rules.rulesets.base import Ruleset
from counter_rules.sampling import _Knowledge, _satisfies


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
