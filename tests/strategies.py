"""Hypothesis strategies for rulesets and for states reached by random legal play."""

from __future__ import annotations

import random
from collections.abc import Iterator

from hypothesis import strategies as st

from counter_rules import (
    Blackout,
    Counter,
    GameState,
    Move,
    OhHell,
    Suit,
    UpAndDown,
    apply_move,
    legal_moves,
    new_game,
)
from counter_rules.rulesets.base import Ruleset
from counter_rules.rulesets.oh_hell import SCORINGS


@st.composite
def counter_rules(draw: st.DrawFn) -> Counter:
    """Any valid Counter ruleset; low targets keep the games short."""
    players = draw(st.integers(3, 5))
    target = draw(st.one_of(st.none(), st.integers(1, 12)))
    hook = draw(st.booleans())
    return Counter(players=players, target=target, hook=hook)


@st.composite
def up_and_down_rules(draw: st.DrawFn) -> UpAndDown:
    """Up to Ten and Down Again with drawn options (short games favoured)."""
    return UpAndDown(
        draw(st.integers(3, 10)),
        up_to_ten=draw(st.booleans()),
        random_trump=draw(st.booleans()),
        screw_the_dealer=draw(st.booleans()),
        devils_bridge=draw(st.booleans()),
        blind_bidding=draw(st.booleans()),
    )


@st.composite
def blackout_rules(draw: st.DrawFn) -> Blackout:
    """Blackout with drawn options."""
    cooperative = draw(st.booleans())
    players = draw(st.integers(2 if cooperative else 3, 7))
    bidding = "plain" if cooperative else draw(st.sampled_from(["plain", "hook", "simultaneous"]))
    return Blackout(
        players,
        scoring=draw(st.sampled_from(["standard", "ten_plus_bid"])),
        schedule=draw(st.sampled_from(["standard", "reverse", "full"])),
        hook=bidding == "hook",
        simultaneous_bidding=bidding == "simultaneous",
        cooperative=cooperative,
    )


@st.composite
def general_oh_hell_rules(draw: st.DrawFn) -> OhHell:
    """OhHell with every option drawn, short schedules."""
    players = draw(st.integers(2, 8))
    decks = draw(st.integers(1, 2))
    styles = ["none", "loser", "brader", "atkinson"]
    jokers = "none" if decks == 2 else draw(st.sampled_from(styles))
    remove_twos = draw(st.booleans())
    size = 52 * decks + (2 if jokers != "none" else 0) - (4 * decks if remove_twos else 0)
    most = (size - 1) // players
    schedule = tuple(draw(st.lists(st.integers(1, min(most, 12)), min_size=1, max_size=3)))
    bidding = draw(st.sampled_from(["plain", "hook", "total", "simultaneous"]))
    end = draw(st.sampled_from(["plain", "playoff", "cooperative"]))
    if end == "playoff" and bidding == "total" and players == 2:
        end = "plain"  # refused: such a play-off could never break a tie
    rotation = draw(st.lists(st.sampled_from([None, *Suit]), min_size=1, max_size=5).map(tuple))
    return OhHell(
        players=players,
        schedule=schedule,
        decks=decks,
        jokers=jokers,
        remove_twos=remove_twos,
        trump=draw(st.sampled_from(["turn", "rotation", "none", "second_deck"])),
        rotation=rotation,
        hook=bidding == "hook",
        bids_must_total=bidding == "total",
        simultaneous_bidding=bidding == "simultaneous",
        blind_bidding=draw(st.booleans()),
        follow=draw(st.sampled_from(["plain", "must_trump"])),
        trumps_broken=draw(st.booleans()),
        scoring=draw(st.sampled_from(SCORINGS)),
        playoff=end == "playoff",
        cooperative=end == "cooperative",
        devils_bridge=draw(st.booleans()),
        leader=draw(st.sampled_from(["dealer_left", "caller_left"])),
    )


@st.composite
def seed_variant_rules(draw: st.DrawFn) -> OhHell:
    """The presets of seeds 003 and 004."""
    if draw(st.booleans()):
        return OhHell.north_east_blackout(draw(st.integers(5, 6)))
    return OhHell.office(
        draw(st.integers(2, 7)),
        english=draw(st.booleans()),
        reflip_joker=draw(st.booleans()),
        rounds=draw(st.integers(1, 3)),
    )


def oh_hell_family() -> st.SearchStrategy[Ruleset]:
    """Every Oh Hell ruleset: the general one, the presets, the seeds' variants."""
    return st.one_of(
        general_oh_hell_rules(), up_and_down_rules(), blackout_rules(), seed_variant_rules()
    )


def rulesets() -> st.SearchStrategy[Ruleset]:
    """Every ruleset family the library has, with drawn options."""
    return st.one_of(counter_rules(), oh_hell_family())


seeds = st.integers(min_value=0, max_value=2**32)


def random_playout(
    rules: Ruleset, seed: int, choice_seed: int, max_moves: int = 100_000
) -> Iterator[tuple[GameState, Move | None]]:
    """Yield ``(state, move chosen from it)`` along a random legal game; the final
    state is yielded with ``None``."""
    rng = random.Random(choice_seed)
    state = new_game(rules, seed)
    for _ in range(max_moves):
        if state.is_over:
            break
        move = rng.choice(legal_moves(state))
        yield state, move
        state = apply_move(state, move)
    yield state, None
