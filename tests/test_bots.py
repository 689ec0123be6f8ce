"""Bots: the protocol, determinism, legality in every ruleset, IS-MCTS budgets."""

from __future__ import annotations

import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import random_playout, rulesets, seeds

from counter_rules import (
    Counter,
    Deal,
    InvalidArgumentError,
    OhHell,
    Phase,
    UpAndDown,
    apply_move,
    legal_moves,
    new_game,
    sample_world,
    standard_deck,
    view,
)
from counter_rules.bots import (
    BOT_NAMES,
    Bot,
    HeuristicBot,
    ISMCTSBot,
    RandomBot,
    bot_from_name,
    bot_name,
    moves_of,
)
from counter_rules.rulesets.base import Ruleset
from counter_rules.state import GameState

FAST_BOTS: list[Bot] = [RandomBot(), HeuristicBot(samples=2), ISMCTSBot(iterations=6)]


def _states(rules: Ruleset, seed: int, every: int = 7, most: int = 8) -> list[GameState]:
    """Some states along a random game (every ``every``-th, at most ``most``)."""
    out = []
    for i, (state, move) in enumerate(random_playout(rules, seed, seed + 1)):
        if move is not None and i % every == 0:
            out.append(state)
            if len(out) == most:
                break
    return out


@pytest.mark.parametrize("bot", FAST_BOTS, ids=type)
def test_bots_follow_the_protocol_and_pickle(bot: Bot) -> None:
    """Every bot is a ``Bot`` and survives pickling (match workers need it)."""
    assert isinstance(bot, Bot)
    assert pickle.loads(pickle.dumps(bot)) == bot


@pytest.mark.parametrize("bot", FAST_BOTS, ids=type)
@pytest.mark.parametrize(
    "rules",
    [Counter(), UpAndDown(up_to_ten=True), OhHell.office(), OhHell.north_east_blackout()],
    ids=repr,
)
def test_same_rng_gives_same_move(bot: Bot, rules: Ruleset) -> None:
    """Two generators in the same state make a bot choose the same move."""
    for state in _states(rules, 11, every=5, most=5):
        for seat in sorted(state.to_act):
            pv = view(state, seat)
            first = bot.choose(pv, random.Random(99))
            assert first == bot.choose(pv, random.Random(99))
            assert first in legal_moves(state, seat)


@given(rules=rulesets(), seed=seeds)
@settings(max_examples=20)
def test_bots_only_return_legal_moves(rules: Ruleset, seed: int) -> None:
    """In states of every ruleset, every bot returns a legal move of its seat."""
    rng = random.Random(seed)
    for state in _states(rules, seed, every=9, most=4):
        for seat in sorted(state.to_act):
            for bot in FAST_BOTS:
                move = bot.choose(view(state, seat), rng)
                assert move in legal_moves(state, seat), (bot, move)


def test_bots_see_only_their_view() -> None:
    """A world drawn from a seat's view looks the same to the seat, and the bot
    plays the same move in it: nothing hidden reaches the bot."""
    bot = HeuristicBot(samples=4)
    for state in _states(Counter(), 5, every=6, most=6):
        seat = min(state.to_act)
        pv = view(state, seat)
        world = sample_world(pv, random.Random(3))
        assert view(world, seat) == pv
        assert bot.choose(view(world, seat), random.Random(8)) == bot.choose(pv, random.Random(8))


def test_whole_games_between_bots_end() -> None:
    """Heuristic and IS-MCTS bots finish whole games of Counter and Oh Hell."""
    for rules in (Counter(target=3), OhHell(players=3, schedule=(3, 2))):
        bots: list[Bot] = [HeuristicBot(samples=3), ISMCTSBot(iterations=8), RandomBot()]
        bots = bots[: rules.players] + [RandomBot()] * (rules.players - len(bots))
        state, rng = new_game(rules, seed=4), random.Random(4)
        while not state.is_over:
            seat = min(state.to_act)
            state = apply_move(state, bots[seat].choose(view(state, seat), rng))
        assert state.winners


def test_ismcts_spends_its_iterations_at_the_root() -> None:
    """Every iteration passes through one root child; the most visited is played."""
    state = new_game(Counter(), seed=8)
    while state.phase is not Phase.PLAYING:
        state = apply_move(state, legal_moves(state)[1])
    pv = view(state, state.current_player or 0)
    bot = ISMCTSBot(iterations=40)
    root, candidates = bot._search(pv, legal_moves(pv), random.Random(2))
    visits = {m: root.children[m].visits for m in candidates}
    assert sum(visits.values()) == 40
    chosen = bot.choose(pv, random.Random(2))
    assert visits[chosen] == max(visits.values())


def test_ismcts_searches_bids_near_the_hand_estimate() -> None:
    """At the bid, IS-MCTS searches the bids within 1.5 of the heuristic estimate."""
    state = new_game(Counter(), seed=8)
    pv = view(state, state.current_player or 0)
    _, candidates = ISMCTSBot(iterations=10)._search(pv, legal_moves(pv), random.Random(1))
    assert 1 <= len(candidates) <= 3
    assert all(m.tricks <= 6 for m in candidates if hasattr(m, "tricks"))


def test_ismcts_time_limit_stops_the_search() -> None:
    """A tiny time limit ends the search after few iterations; the move is legal."""
    state = new_game(Counter(), seed=8)
    pv = view(state, state.current_player or 0)
    bot = ISMCTSBot(iterations=100_000, time_limit=0.05)
    assert bot.choose(pv, random.Random(1)) in legal_moves(pv)


def test_heuristic_bids_under_devils_bridge() -> None:
    """With its one card hidden, the heuristic still bids legally (0 or 1)."""
    state = new_game(UpAndDown(devils_bridge=True), seed=3)
    seat = state.current_player or 0
    pv = view(state, seat)
    assert pv.hand is None
    assert HeuristicBot(samples=8).choose(pv, random.Random(0)) in legal_moves(state, seat)


def _blind_chance() -> GameState:
    """A state where the seat to bid may bid blind on a one-card hand."""
    rules = OhHell(players=3, schedule=(5, 1), blind_bidding=True, scoring="ten_times_bid")
    for seed in range(500):
        rng = random.Random(seed)
        state = new_game(rules, seed=seed)
        while state.hand_number == 1:
            state = apply_move(state, rng.choice(legal_moves(state)))
        while state.phase is Phase.BIDDING:
            if any(getattr(m, "blind", False) for m in legal_moves(state)):
                return state
            state = apply_move(state, legal_moves(state)[0])
    raise AssertionError("no seed gave a blind bid")


def test_heuristic_bids_blind_on_tiny_hands_when_allowed() -> None:
    """20 points behind with one card, the heuristic bids blind; a seat that
    may not bid blind bids in the open."""
    state = _blind_chance()
    seat = state.current_player or 0
    bot = HeuristicBot(samples=4)
    move = bot.choose(view(state, seat), random.Random(0))
    assert move in legal_moves(state, seat) and getattr(move, "blind", False)
    fresh = new_game(OhHell(players=3, schedule=(1,), blind_bidding=True), seed=2)
    first = fresh.current_player or 0
    assert not getattr(bot.choose(view(fresh, first), random.Random(0)), "blind", True)


def test_heuristic_bids_reflect_hand_strength() -> None:
    """Holding the top trumps bids more than holding low off-suit cards."""
    bot = HeuristicBot(samples=24)
    rules = OhHell(players=4, schedule=(5,), trump="rotation")
    strong = "AS KS QS JS AH"
    weak = "2C 3C 2D 3D 4H"
    deck = [c.letters for c in standard_deck()]
    rest = [c for c in deck if c not in (strong + " " + weak).split()]
    deal = Deal(hands=[rest[0:5], strong, weak, rest[5:10]], stock=rest[10:])
    state = new_game(rules, seed=1, deal=deal)
    high = bot.expected_tricks(view(state, 1), random.Random(1))
    low = bot.expected_tricks(view(state, 2), random.Random(1))
    assert high > 3.5 and low < 0.5


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: HeuristicBot(samples=0), "HeuristicBot.samples"),
        (lambda: HeuristicBot(max_counter_bid=11), "HeuristicBot.max_counter_bid"),
        (lambda: ISMCTSBot(iterations=0), "ISMCTSBot.iterations"),
        (lambda: ISMCTSBot(exploration=-1.0), "ISMCTSBot.exploration"),
        (lambda: ISMCTSBot(time_limit=0), "ISMCTSBot.time_limit"),
        (lambda: ISMCTSBot(rollout="smart"), "ISMCTSBot.rollout"),
        (lambda: bot_from_name("clever"), "bot must be one of"),
        (lambda: bot_from_name("ismcts:x"), "ismcts:N"),
    ],
)
def test_bad_bot_options_are_rejected(make: object, message: str) -> None:
    """Bad options raise InvalidArgumentError naming the field."""
    with pytest.raises(InvalidArgumentError, match=message):
        make()  # type: ignore[operator]


def test_a_bot_asked_out_of_turn_says_so() -> None:
    """A seat with nothing to decide gets a clear error, not a random move."""
    state = new_game(Counter(), seed=3)
    with pytest.raises(InvalidArgumentError, match="has no move to make now"):
        moves_of(view(state, 0))


@pytest.mark.parametrize("name", [*BOT_NAMES, "ismcts:50"])
def test_bot_names_round_trip(name: str) -> None:
    """``bot_name`` inverts ``bot_from_name``."""
    assert bot_name(bot_from_name(name)) == name


@given(seed=st.integers(0, 1000))
@settings(max_examples=5)
def test_passes_are_legal(seed: int) -> None:
    """In Counter's simultaneous pass every seat's bot passes a card it holds."""
    rng = random.Random(seed)
    state = new_game(Counter(), seed=seed)
    while state.phase is not Phase.PASSING and not state.is_over:
        state = apply_move(state, rng.choice(legal_moves(state)))
    if state.is_over:
        return
    for seat in sorted(state.to_act):
        for bot in FAST_BOTS:
            assert bot.choose(view(state, seat), rng) in legal_moves(state, seat)
