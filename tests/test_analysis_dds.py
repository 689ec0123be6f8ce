"""The solver against DDS (through endplay) on bridge deals: a bridge deal's
card play is plain Oh Hell for four players with thirteen cards each and a
fixed trump, the declarer dealing so that the declarer's left leads.

Whole deals are compared with DDS's double-dummy table (``calc_dd_table``),
positions in the middle of the play with DDS's value of the same position
(``solve_board``), with each implementation of the plain search (the fixture
``plain_search``). The whole deals and :func:`dd_table` run on the native
kernel (the compiled wheel's tests in CI); both searches run the positions.
``benchmarks/bench_solver.py`` compares a thousand more positions. Under CI
(the ``CI`` variable set), where the ``dds`` extra installs endplay, a
missing endplay fails the tests instead of skipping them.
"""

from __future__ import annotations

import os
import platform
import random
import sys
from collections.abc import Iterator

import pytest

from counter_rules import (
    Card,
    GameState,
    OhHell,
    Phase,
    Suit,
    apply_move,
    legal_moves,
    new_game,
    standard_deck,
)
from counter_rules.analysis import Solver, dd_table, solve
from counter_rules.analysis._plain import native_kernel, use_native
from counter_rules.analysis.bridge import bridge_play
from counter_rules.analysis.pbn import from_pbn, pbn_card, to_pbn

# Where the dds extra installs endplay (its marker in pyproject.toml).
ENDPLAY_INSTALLS = sys.version_info < (3, 14) and not (
    sys.platform == "darwin" and platform.machine() == "x86_64"
)

if os.environ.get("CI") and ENDPLAY_INSTALLS:
    # CI installs the dds extra: endplay's absence is a broken environment,
    # not a reason to skip the cross-check.
    import endplay  # noqa: F401
else:
    pytest.importorskip("endplay")

from endplay.dds import calc_dd_table, solve_board  # noqa: E402
from endplay.dds.solve import SolveMode  # noqa: E402
from endplay.types import Deal as BridgeDeal  # noqa: E402
from endplay.types import Denom, Player  # noqa: E402

POSITIONS = 100
"""Positions in the middle of the play compared in every build."""
WHOLE_DEALS = 20
"""Whole deals compared where the engine is compiled."""

_DENOMS = {
    Suit.SPADES: Denom.spades,
    Suit.HEARTS: Denom.hearts,
    Suit.DIAMONDS: Denom.diamonds,
    Suit.CLUBS: Denom.clubs,
    None: Denom.nt,
}


def _bridge(seed: int) -> tuple[list[list[Card]], Suit | None, int]:
    """A random deal, strain and declarer."""
    rng = random.Random(seed)
    deck = list(standard_deck())
    rng.shuffle(deck)
    hands = [sorted(deck[13 * k : 13 * k + 13]) for k in range(4)]
    return hands, rng.choice([None, *Suit]), rng.randrange(4)


def _dds_value(state: GameState, side: tuple[int, int]) -> int:
    """DDS's tricks for ``side`` from ``state`` (the current trick included)."""
    hands = [list(hand) for hand in state.hands]
    for played in state.trick:
        hands[played.seat].append(played.card)
    deal = BridgeDeal(to_pbn(hands))
    deal.first = Player(state.leader)
    deal.trump = _DENOMS[state.trump]
    for played in state.trick:
        deal.play(pbn_card(played.card))
    best = max(tricks for _, tricks in solve_board(deal, SolveMode.OptimalOne))
    mover = (state.leader + len(state.trick)) % 4
    left = len(state.hands[mover])
    return best if mover in side else left - best


def test_the_deals_are_plain_oh_hell_led_from_the_declarers_left() -> None:
    """The translation: seat 0 is North, the declarer deals and its left leads,
    trump is the strain."""
    hands, _, _ = _bridge(0)
    state = bridge_play(hands, Suit.HEARTS, 3)
    assert state.leader == 0 and state.trump is Suit.HEARTS and state.phase is Phase.PLAYING
    assert to_pbn(state.hands) == to_pbn(hands)


@pytest.mark.usefixtures("plain_search")
@pytest.mark.parametrize("seed", range(POSITIONS))
def test_positions_in_the_play_have_the_value_dds_gives(seed: int) -> None:
    """From a random deal played at random until each hand holds 5 to 8
    cards (possibly in the middle of a trick), the declarer's side can be sure
    of what DDS says."""
    hands, strain, declarer = _bridge(seed)
    state = bridge_play(hands, strain, declarer)
    rng = random.Random(seed)
    for _ in range(4 * (13 - rng.randint(5, 8)) + rng.randrange(4)):
        state = apply_move(state, rng.choice(legal_moves(state)))
    side = (declarer, (declarer + 2) % 4)
    assert solve(state, side) == _dds_value(state, side)


@pytest.mark.usefixtures("plain_search")
def test_one_solver_kept_across_deals_strains_and_sizes_gives_dds_values() -> None:
    """One solver asked about positions of every hand of bridge deals played
    one after another in one ruleset (each hand in another strain, no trump
    included, another seat declaring), from 4 to 7 cards a hand: each answer
    is DDS's, and a fresh solve's."""
    strains = (Suit.SPADES, Suit.HEARTS, None, Suit.DIAMONDS, Suit.CLUBS)
    rules = OhHell(players=4, schedule=(13,) * len(strains), trump="rotation", rotation=strains)
    shared = Solver()
    rng = random.Random(7)
    asked = 0
    for seed in range(3):
        state = new_game(rules, seed=seed)
        while not state.is_over:
            cards = len(state.hands[min(state.to_act)])
            if state.phase is Phase.PLAYING and 4 <= cards <= 7 and rng.random() < 0.1:
                assert state.trump is strains[state.hand_number - 1]
                seat = rng.randrange(4)
                side = (seat, (seat + 2) % 4)
                where = (seed, state.hand_number, cards)
                assert shared.solve(state, side) == _dds_value(state, side) == solve(state, side), (
                    where
                )
                assert shared.solve(state, (seat,)) == solve(state, (seat,)), where
                asked += 1
            state = apply_move(state, rng.choice(legal_moves(state)))
    assert asked >= 30


WHOLE_DEAL_SEEDS = tuple(range(1000, 1000 + WHOLE_DEALS))

on_the_kernel = pytest.mark.skipif(
    not native_kernel(), reason="whole deals run on the native kernel (the compiled build)"
)


@pytest.fixture
def kernel() -> Iterator[None]:
    previous = use_native(True)
    yield
    use_native(previous)


@on_the_kernel
@pytest.mark.usefixtures("kernel")
@pytest.mark.parametrize("seed", WHOLE_DEAL_SEEDS)
def test_whole_deals_have_the_value_of_the_dds_table(seed: int) -> None:
    """From the opening lead, the declarer's side can be sure of the tricks
    DDS's double-dummy table gives the declarer in the strain."""
    hands, strain, declarer = _bridge(seed)
    state = bridge_play(hands, strain, declarer)
    table = calc_dd_table(BridgeDeal(to_pbn(hands)))
    assert solve(state, (declarer, (declarer + 2) % 4)) == table[_DENOMS[strain], Player(declarer)]


@on_the_kernel
@pytest.mark.usefixtures("kernel")
@pytest.mark.parametrize("seed", range(2))
def test_dd_table_is_the_dds_table(seed: int) -> None:
    """dd_table gives DDS's calc_dd_table: the declarer's side's tricks in
    each strain, the declarer's left leading."""
    hands, strain, declarer = _bridge(3000 + seed)
    table = dd_table(bridge_play(hands, strain, declarer), [(0, 2), (1, 3)])
    expected = calc_dd_table(BridgeDeal(to_pbn(hands)))
    for trump in table.trumps:
        for seat in range(4):
            side = (seat, (seat + 2) % 4)
            assert (
                table.tricks(trump, (seat + 1) % 4, side) == expected[_DENOMS[trump], Player(seat)]
            )


@pytest.mark.parametrize("seed", range(12))
def test_pbn_deals_read_and_write_as_endplay_reads_and_writes_them(seed: int) -> None:
    """The library's PBN and endplay's agree both ways, whichever seat the
    text starts with (endplay writes North first)."""
    hands = _bridge(seed)[0]
    text = to_pbn(hands)
    assert BridgeDeal(text).to_pbn() == text
    first = "NESW"[seed % 4]
    parts = text[2:].split()
    rotated = f"{first}:" + " ".join(parts[("NESW".index(first) + k) % 4] for k in range(4))
    assert to_pbn(from_pbn(rotated)) == BridgeDeal(rotated).to_pbn() == text
