"""PIMCBot (counter_rules.bots.pimc), its inference (counter_rules.bots.inference),
SlipBot and the difficulty levels (counter_rules.bots.levels).

The bots' strength is measured by benchmarks/bench_vs_openspiel.py (the bots
page of the docs), never asserted here: these tests check legality,
determinism, the limits, the inference weights and bad arguments.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from types import MappingProxyType
from typing import Any

import attrs
import pytest
from analysis_helpers import counted_calls, trick_start

from counter_rules import (
    Bid,
    Counter,
    Deal,
    GameState,
    OhHell,
    Phase,
    Play,
    apply_move,
    legal_moves,
    new_game,
    view,
)
from counter_rules.analysis import _solving, can_make, move_values
from counter_rules.bots import (
    HeuristicBot,
    ISMCTSBot,
    OutcomeBot,
    PIMCBot,
    SlipBot,
    bot_from_name,
    bot_name,
    level_bot,
)
from counter_rules.bots.inference import bid_likelihood, play_likelihood
from counter_rules.bots.levels import LEVELS
from counter_rules.bots.pimc import FAST_SEARCH_LIMITS, GENERAL_SEARCH_LIMITS, _points_by_tricks
from counter_rules.errors import InvalidArgumentError
from counter_rules.rulesets.base import Ruleset
from counter_rules.sampling import sample_world
from counter_rules.views import PlayerView

SMALL = (
    OhHell(players=3, schedule=(3,)),
    OhHell(players=4, schedule=(4,), hook=True),
    OhHell.office(players=4),
    OhHell.north_east_blackout(players=5),
    OhHell.seven_truf(),
    Counter(players=4),
)


def _decisions(rules: Ruleset, seed: int) -> Iterator[GameState]:
    """Every position of a game's first hand played by the heuristic bot."""
    state = new_game(rules, seed=seed)
    rng = random.Random(seed)
    mover = HeuristicBot(samples=2)
    while state.hand_number == 1 and not state.is_over:
        yield state
        seat = min(state.to_act)
        state = apply_move(state, mover.choose(view(state, seat), rng))


@pytest.mark.parametrize("rules", SMALL, ids=repr)
@pytest.mark.slow
def test_pimc_chooses_a_legal_move_at_every_decision_of_a_hand(rules: Ruleset) -> None:
    """Bids, plays and passes: every choice is legal for the seat to act."""
    bot = PIMCBot(worlds=2, nodes=3_000, bidding="solved")
    for state in _decisions(rules, seed=5):
        seat = min(state.to_act)
        move = bot.choose(view(state, seat), random.Random(1))
        assert move in legal_moves(state)
        assert move.seat == seat


@pytest.mark.parametrize("rules", SMALL[:2], ids=repr)
def test_pimc_is_deterministic_from_its_generator(rules: Ruleset) -> None:
    """No time budget: the same generator gives the same move."""
    bot = PIMCBot(worlds=3, bidding="solved")
    for state in _decisions(rules, seed=8):
        seat = min(state.to_act)
        first = bot.choose(view(state, seat), random.Random(4))
        assert bot.choose(view(state, seat), random.Random(4)) == first


def test_a_world_past_the_node_limit_is_left_out_and_the_heuristic_decides() -> None:
    """With a limit no question can meet, every world is left out: the move is
    the heuristic bot's, from the same generator."""
    rules = OhHell(players=4, schedule=(8,))
    checked = 0
    for state in _decisions(rules, seed=3):
        if state.phase is not Phase.PLAYING or len(legal_moves(state)) < 2:
            continue
        seat = min(state.to_act)
        starved = PIMCBot(worlds=2, nodes=1, inference=False)
        rng_a, rng_b = random.Random(9), random.Random(9)
        for _ in starved.sample(view(state, seat), rng_b):
            pass
        expected = HeuristicBot().choose(view(state, seat), rng_b)
        assert starved.choose(view(state, seat), rng_a) == expected
        checked += 1
        if checked == 3:
            break
    assert checked == 3


def test_the_last_card_is_played_without_search() -> None:
    """One legal move: it is chosen whatever the limits."""
    state = next(
        s for s in _decisions(OhHell(players=3, schedule=(3,)), seed=2) if len(legal_moves(s)) == 1
    )
    seat = min(state.to_act)
    assert (
        PIMCBot(worlds=1, nodes=1).choose(view(state, seat), random.Random(0))
        == (legal_moves(state)[0])
    )


def test_pimc_takes_a_sure_exact_bid_over_an_extra_trick() -> None:
    """With every card known to the bot (two players, the whole pack dealt, so
    every world is the real one), it plays so as to end exactly on its bid."""
    rules = OhHell(players=2, schedule=(26,), trump="none")
    state = new_game(rules, seed=11)
    state = apply_move(state, Bid(seat=min(state.to_act), tricks=0))
    state = apply_move(state, Bid(seat=min(state.to_act), tricks=0))
    # Play on with the lowest card until few cards are left.
    while len(state.hands[0]) > 3:
        state = apply_move(state, legal_moves(state)[0])
    assert state.phase is Phase.PLAYING

    seat = min(state.to_act)
    bid = state.bids[seat]
    assert bid is not None
    move = PIMCBot(worlds=1).choose(view(state, seat), random.Random(0))
    makers = [m for m in legal_moves(state) if can_make(apply_move(state, m), seat, bid)]
    if makers:
        assert move in makers


def test_bid_likelihood_is_one_without_other_bids_and_falls_with_the_miss() -> None:
    """No other bid made: 1. A bid far from the hand's trick powers is less
    likely than one near them."""
    rules = OhHell(players=3, schedule=(5,))
    state = new_game(rules, seed=4)
    first = min(state.to_act)
    watcher = (first + 1) % 3
    assert bid_likelihood(state, watcher) == 1.0
    advice = rules.advice
    power = sum(advice.trick_power(c, state.trump) for c in state.hands[first])
    near = apply_move(state, Bid(seat=first, tricks=round(power)))
    far_bid = 5 if power < 2.5 else 0
    far = apply_move(state, Bid(seat=first, tricks=far_bid))
    assert 0 < bid_likelihood(far, watcher) < bid_likelihood(near, watcher) <= 1


def test_without_inference_the_worlds_are_the_sampler_s_draws() -> None:
    """inference=False: ``worlds`` draws, none weighted or repeated by choice."""
    state = new_game(OhHell(players=3, schedule=(5,)), seed=4)
    state = apply_move(state, legal_moves(state)[0])
    seat = min(state.to_act)
    worlds = PIMCBot(worlds=5, inference=False).sample(view(state, seat), random.Random(2))
    assert len(worlds) == 5
    for world in worlds:
        assert world.hands[seat] == state.hands[seat]
        assert world.bids == state.bids


def test_with_inference_the_worlds_are_drawn_from_more_candidates() -> None:
    """inference=True after another seat's bid: ``worlds`` worlds, each one of
    the candidates drawn (the same generator without inference gives others)."""
    state = new_game(OhHell(players=3, schedule=(5,)), seed=4)
    state = apply_move(state, legal_moves(state)[-1])
    seat = min(state.to_act)
    bot = PIMCBot(worlds=4, candidates=3, inference=True)
    worlds = bot.sample(view(state, seat), random.Random(2))
    assert len(worlds) == 4
    assert all(world.hands[seat] == state.hands[seat] for world in worlds)


def _two_hearts(held: str, bid: int) -> GameState:
    """Three players, two cards each, spades trump: seat 1 leads A♥ and seat 2,
    holding ``held`` and having bid ``bid`` (the others 0), follows with 2♥."""
    rules = OhHell(players=3, schedule=(2,))
    hands = Deal(hands=["5D 6D", "AH 9C", held], stock="7S").hands
    used = {c for hand in hands for c in hand}
    trump_card = Deal(hands=[], stock="7S").stock
    rest = [c for c in rules.deck() if c not in used and c not in trump_card]
    state = new_game(rules, seed=1, deal=Deal(hands=hands, stock=(*trump_card, *rest)))
    while state.phase is Phase.BIDDING:
        seat = min(state.to_act)
        state = apply_move(state, Bid(seat=seat, tricks=bid if seat == 2 else 0))
    for text in ("A♥", "2♥"):
        state = apply_move(state, next(m for m in legal_moves(state) if str(m.card) == text))
    return state


def test_play_likelihood_counts_a_forced_card_as_certain_and_a_choice_as_less() -> None:
    """2♥ under A♥ is seat 2's only legal card when it holds no other heart
    (the play then counts 1, only seat 1's lead counts); holding K♥ too, it
    had a choice, and the world explains the 2♥ less."""
    forced = play_likelihood(_two_hearts("2H 3C", 0), 0)
    chosen = play_likelihood(_two_hearts("KH 2H", 0), 0)
    assert 0 < chosen < forced <= 1


def test_play_likelihood_follows_what_the_seat_wants() -> None:
    """Both hearts lose to the ace: a seat that wants no trick sheds the
    stronger K♥ (the 2♥ is the less likely play), a seat that wants one keeps
    it (the 2♥ is the more likely)."""
    ducking = play_likelihood(_two_hearts("KH 2H", 0), 0)
    chasing = play_likelihood(_two_hearts("KH 2H", 1), 0)
    forced = play_likelihood(_two_hearts("2H 3C", 0), 0)
    assert ducking / forced < 0.5 < chasing / forced


def test_play_likelihood_leaves_out_the_seat_s_own_plays() -> None:
    """Seat 1 led, seat 2 followed: for seat 1 only seat 2's play counts, for
    seat 2 only seat 1's lead, and they differ."""
    state = _two_hearts("KH 2H", 0)
    lead_only = play_likelihood(state, 2)
    follow_only = play_likelihood(state, 1)
    both = play_likelihood(state, 0)
    assert both == pytest.approx(lead_only * follow_only)


@pytest.mark.parametrize(
    "rules", [OhHell(players=4, schedule=(8,), hook=True), Counter(players=4)], ids=str
)
def test_play_likelihood_favours_the_real_hands_of_heuristic_players(rules: Ruleset) -> None:
    """With the heuristic bot at every seat, the real deal explains the plays
    better than a world drawn from the seat's view more often than not."""
    rng = random.Random(5)
    better = worse = 0
    for seed in range(3):
        for state in _decisions(rules, seed):
            if state.phase is not Phase.PLAYING or not (state.tricks or len(state.trick) > 1):
                continue
            seat = min(state.to_act)
            real = play_likelihood(state, seat)
            for _ in range(3):
                drawn = play_likelihood(sample_world(view(state, seat), rng), seat)
                better += real > drawn
                worse += real < drawn
    assert better > 1.2 * worse


def test_inference_by_plays_weights_worlds_and_stays_deterministic() -> None:
    """inference="plays" draws ``worlds`` worlds from the candidates, the same
    from the same generator, and plays a legal card."""
    state = next(
        s
        for s in _decisions(OhHell(players=4, schedule=(5,)), seed=3)
        if s.phase is Phase.PLAYING and s.tricks and len(legal_moves(s)) > 1
    )
    seat = min(state.to_act)
    bot = PIMCBot(worlds=3, candidates=4, inference="plays")
    first = bot.sample(view(state, seat), random.Random(8))
    assert len(first) == 3
    assert first == bot.sample(view(state, seat), random.Random(8))
    assert first != PIMCBot(worlds=3, inference=False).sample(view(state, seat), random.Random(8))
    assert bot.choose(view(state, seat), random.Random(1)) in legal_moves(state)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("worlds", 0),
        ("worlds", "8"),
        ("candidates", 0),
        ("nodes", -1),
        ("seconds", 0),
        ("seconds", True),
        ("inference", 1),
        ("inference", "cards"),
        ("bidding", "greedy"),
        ("evaluation", "max-n"),
        ("ties", "random"),
    ],
)
def test_bad_pimc_arguments_are_refused_by_name(field: str, value: object) -> None:
    with pytest.raises(InvalidArgumentError, match=field):
        PIMCBot(**{field: value})  # type: ignore[arg-type]


def test_a_time_budget_still_solves_one_world() -> None:
    """A budget already spent: the first world is still solved, the move legal."""
    state = next(
        s
        for s in _decisions(OhHell(players=3, schedule=(3,)), seed=6)
        if s.phase is Phase.PLAYING and len(legal_moves(s)) > 1
    )
    seat = min(state.to_act)
    move = PIMCBot(worlds=50, seconds=1e-9).choose(view(state, seat), random.Random(0))
    assert move in legal_moves(state)


def test_slip_bot_keeps_its_bot_s_move_without_slips_and_slips_to_legal_moves() -> None:
    rules = OhHell(players=4, schedule=(6,))
    inner = HeuristicBot(samples=2)
    for state in _decisions(rules, seed=1):
        seat = min(state.to_act)
        never = SlipBot(inner, 0).choose(view(state, seat), random.Random(3))
        assert never == inner.choose(view(state, seat), random.Random(3))
        always = SlipBot(inner, 1).choose(view(state, seat), random.Random(3))
        assert always in legal_moves(state)
        if isinstance(always, Bid) and isinstance(never, Bid):
            bids = {m.tricks for m in legal_moves(state) if isinstance(m, Bid)}
            assert abs(always.tricks - never.tricks) == 1 or not (
                {never.tricks - 1, never.tricks + 1} & bids
            )


@pytest.mark.parametrize("slips", [-0.1, 1.5, "0.2", True])
def test_slip_bot_refuses_a_slip_chance_outside_0_to_1(slips: object) -> None:
    with pytest.raises(InvalidArgumentError, match="slips"):
        SlipBot(HeuristicBot(), slips)  # type: ignore[arg-type]


def test_levels_run_from_1_to_5_and_the_table_is_read_only() -> None:
    assert sorted(LEVELS) == [1, 2, 3, 4, 5]
    assert isinstance(LEVELS, MappingProxyType)
    assert isinstance(level_bot(1), SlipBot) and isinstance(level_bot(4), ISMCTSBot)
    assert isinstance(level_bot(5), OutcomeBot)  # the best bot is the top level
    assert level_bot(5).iterations > level_bot(4).iterations  # type: ignore[union-attr]
    for level in (0, 6, "3", 3.0, True):
        with pytest.raises(InvalidArgumentError, match="level"):
            level_bot(level)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("name", "bot", "named"),
    [
        ("pimc", PIMCBot(), "pimc"),
        ("pimc:8", PIMCBot(worlds=8), "pimc:8"),
        ("level:1", level_bot(1), "level:1"),
        ("level:4", level_bot(4), "ismcts:100"),  # any name that gives an equal bot
        ("level:5", level_bot(5), "best:iterations=400"),
    ],
)
def test_pimc_and_levels_by_name_and_back(name: str, bot: object, named: str) -> None:
    assert bot_from_name(name) == bot
    assert bot_name(bot) == named


@pytest.mark.parametrize("name", ["pimc:0", "pimc:x", "pimc:10001", "level:0", "level:6", "level"])
def test_bad_pimc_and_level_names_are_refused_with_what_is_allowed(name: str) -> None:
    with pytest.raises(InvalidArgumentError) as raised:
        bot_from_name(name)
    assert name in str(raised.value)


def test_the_match_runner_takes_pimc_by_name() -> None:
    """A one-hand match with PIMC seats runs through the runner by name."""
    from counter_rules.match import play_match

    bots = [bot_from_name(name) for name in ("pimc:2", "heuristic", "random")]
    result = play_match(OhHell(players=3, schedule=(3,)), bots, games=1, seed=4)
    assert result.games == 1


def test_with_heuristic_bidding_the_bid_is_the_heuristic_bot_s() -> None:
    """bidding="heuristic" (the default): the bid is HeuristicBot's from the
    same generator; bidding="solved" bids from the worlds it solves."""
    state = new_game(OhHell(players=4, schedule=(6,)), seed=9)
    seat = min(state.to_act)
    bid = PIMCBot(worlds=2).choose(view(state, seat), random.Random(1))
    assert bid == HeuristicBot().choose(view(state, seat), random.Random(1))
    solved = PIMCBot(worlds=2, bidding="solved").choose(view(state, seat), random.Random(1))
    assert solved in legal_moves(state)


def test_with_ismcts_bidding_the_bid_is_the_ismcts_bot_s() -> None:
    """bidding="ismcts": the bid is ISMCTSBot's (200 iterations) from the
    same generator."""
    state = new_game(OhHell(players=4, schedule=(6,)), seed=9)
    seat = min(state.to_act)
    bid = PIMCBot(worlds=2, bidding="ismcts").choose(view(state, seat), random.Random(1))
    assert bid == ISMCTSBot().choose(view(state, seat), random.Random(1))


def test_pimc_bots_are_frozen_records() -> None:
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        PIMCBot().worlds = 3  # type: ignore[misc]


def _open_deal(seed: int, cards_left: int) -> GameState:
    """Two players, the whole pack dealt: every world is the real one."""
    state = new_game(OhHell(players=2, schedule=(26,), trump="none"), seed=seed)
    state = apply_move(state, Bid(seat=min(state.to_act), tricks=2))
    state = apply_move(state, Bid(seat=min(state.to_act), tricks=1))
    while len(state.hands[0]) > cards_left:
        state = apply_move(state, legal_moves(state)[0])
    return state


@pytest.mark.parametrize("rules", SMALL[:2] + SMALL[-1:], ids=repr)
@pytest.mark.slow
def test_pimc_plays_the_best_total_of_what_evaluate_finds(rules: Ruleset) -> None:
    """``evaluate`` gives one row of scores per world solved, one score per
    play; ``choose`` from the same generator plays the best total, a tie
    going to the heuristic bot's play when it is among the best (to the
    first of them with ``ties="first"``)."""
    bot = PIMCBot(worlds=3, nodes=3_000)
    checked = 0
    for state in _decisions(rules, seed=4):
        seat = min(state.to_act)
        plays = [m for m in legal_moves(state) if isinstance(m, Play)]
        if len(plays) < 2:
            continue
        found = bot.evaluate(view(state, seat), random.Random(6))
        assert found.moves == tuple(plays)
        assert len(found.scores) <= found.drawn <= 3
        assert all(len(row) == len(plays) for row in found.scores)
        assert len(found.sure_of_bid) == len(found.scores)
        by_order = PIMCBot(worlds=3, nodes=3_000, ties="first")
        first = by_order.choose(view(state, seat), random.Random(6))
        move = bot.choose(view(state, seat), random.Random(6))
        if found.scores:
            top = max(found.totals)
            best = [m for m, total in zip(plays, found.totals, strict=True) if total == top]
            assert first == best[0]
            assert move in best
            if len(best) > 1:
                rng = random.Random(6)
                bot.evaluate(view(state, seat), rng)
                favourite = HeuristicBot().choose(view(state, seat), rng)
                assert move == (favourite if favourite in best else best[0])
        checked += 1
    assert checked >= 3


@pytest.mark.parametrize("seed", [11, 12, 13])
def test_sure_of_bid_is_can_make_after_the_play_and_scores_the_bid(seed: int) -> None:
    """Every world is the real one: a play is sure of the bid exactly when
    the seat can be sure of making it after the play, and such a play scores
    the bid's points."""
    state = _open_deal(seed, cards_left=4)
    seat = min(state.to_act)
    bid = state.bids[seat]
    assert bid is not None
    found = PIMCBot(worlds=1).evaluate(view(state, seat), random.Random(0))
    points = _points_by_tricks(state, seat)
    for i, move in enumerate(found.moves):
        after = apply_move(state, move)
        assert found.sure_of_bid[0][i] == can_make(after, seat, bid)
        if found.sure_of_bid[0][i]:
            assert found.scores[0][i] == points[bid]


@attrs.frozen
class _Seeing(PIMCBot):
    """A PIMC bot shown the real deal as its only world."""

    world: GameState | None = None

    def sample(self, view: PlayerView, rng: random.Random) -> list[GameState]:
        assert self.world is not None
        return [self.world]


def test_pimc_asks_the_bid_after_each_play_only_where_the_world_allows_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """PIMC asks whether the bid can still be made through
    Solver.can_make_after_each: in a world where the seat cannot be sure of
    its bid (seed 8 of trick_start, four-player Counter, four cards a hand:
    the bid still in reach), no play is asked about, and none is sure of
    it."""
    state = trick_start(Counter(players=4), 8, 4)
    seat = min(state.to_act)
    asked = counted_calls(monkeypatch, _solving, "can_make_after")
    found = _Seeing(worlds=1, world=state).evaluate(view(state, seat), random.Random(0))
    assert asked == []
    assert found.sure_of_bid == ((False,) * len(found.moves),)


def test_each_alone_scores_the_mean_over_the_contested_tricks() -> None:
    """With ``evaluation="each"`` a play scores the mean points of ending on
    each count from the tricks the seat is sure of alone to those plus every
    trick no seat is sure of alone; nothing asks about the exact bid. (The
    bot is shown the real deal as its only world.)"""
    contested_seen = 0
    for state in _decisions(OhHell(players=4, schedule=(7,)), seed=0):
        seat = min(state.to_act)
        if state.phase is not Phase.PLAYING or len(legal_moves(state)) < 2:
            continue
        seeing = _Seeing(worlds=1, evaluation="each", world=state)
        found = seeing.evaluate(view(state, seat), random.Random(0))
        assert found.sure_of_bid == ((),)
        points = _points_by_tricks(state, seat)
        alone = [move_values(state, (s,)) for s in range(4)]
        won = state.tricks_won[seat]
        for i, move in enumerate(found.moves):
            sure = alone[seat][move]
            contested = len(state.hands[seat]) - sum(values[move] for values in alone)
            assert contested >= 0
            contested_seen += contested > 0
            counts = range(won + sure, won + sure + contested + 1)
            assert found.scores[0][i] == pytest.approx(sum(points[t] for t in counts) / len(counts))
    assert contested_seen


def test_evaluate_refuses_a_view_with_no_card_to_play() -> None:
    state = new_game(OhHell(players=3, schedule=(3,)), seed=1)
    seat = min(state.to_act)
    with pytest.raises(InvalidArgumentError, match="no card to play"):
        PIMCBot(worlds=1).evaluate(view(state, seat), random.Random(0))


# -- limits by game ------------------------------------------------------------------
def test_the_limits_left_to_the_game_follow_the_search_it_needs() -> None:
    """PIMC's options left None come from the game: plain Oh Hell's fast
    search keeps the measured 16 worlds; Counter, which the general search
    solves, takes a budget of positions for the whole decision."""
    counter = new_game(Counter(players=4), seed=1)
    oh_hell = new_game(OhHell(players=4, schedule=(10,), hook=True), seed=1)
    assert PIMCBot().limits(oh_hell) == FAST_SEARCH_LIMITS
    assert PIMCBot().limits(counter) == GENERAL_SEARCH_LIMITS
    assert GENERAL_SEARCH_LIMITS.budget > 0 and FAST_SEARCH_LIMITS.budget == 0
    mine = PIMCBot(worlds=2, nodes=7, budget=0).limits(counter)
    assert (mine.worlds, mine.nodes, mine.budget) == (2, 7, 0)


def test_a_decision_of_counter_stays_within_its_budget_of_positions(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """At Counter's first trick every world's solver gets a share of what is
    left of the decision's budget, and together they visit no more positions
    than the budget (give or take the 256 a search runs between checks)."""
    from counter_rules.analysis import Solver

    made: list[Solver] = []

    class Counting(Solver):
        def __init__(self, **kwargs: Any) -> None:
            super().__init__(**kwargs)
            made.append(self)

    monkeypatch.setattr("counter_rules.analysis._worlds.Solver", Counting)
    state = new_game(Counter(players=4), seed=11)
    while state.phase is Phase.BIDDING:
        state = apply_move(state, legal_moves(state)[0])
    seat = min(state.to_act)
    move = PIMCBot().choose(view(state, seat), random.Random(3))
    assert move in legal_moves(state)
    budget = GENERAL_SEARCH_LIMITS.budget
    assert made and all(0 < s.budget <= budget for s in made)
    assert sum(s.positions for s in made) <= budget + 256 * len(made)


def test_a_solvers_budget_counts_every_question_together() -> None:
    """Solver(budget=N): the questions together stop near N positions."""
    from counter_rules.analysis import SearchLimitReached, Solver

    state = new_game(Counter(players=4), seed=2)
    while state.phase is Phase.BIDDING:
        state = apply_move(state, legal_moves(state)[0])
    solver = Solver(budget=3000)
    with pytest.raises(SearchLimitReached):
        for seat in range(4):
            solver.solve(state, (seat,))
    assert 3000 <= solver.positions <= 3000 + 256
