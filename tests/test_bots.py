"""Bots: the protocol, determinism, legality in every ruleset, IS-MCTS budgets."""

from __future__ import annotations

import itertools
import pickle
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import random_playout, rulesets, seeds

from counter_rules import (
    Bid,
    Counter,
    Deal,
    InvalidArgumentError,
    Move,
    OhHell,
    Phase,
    Play,
    UpAndDown,
    apply_move,
    cards,
    legal_moves,
    new_game,
    sample_world,
    standard_deck,
    view,
)
from counter_rules.analysis import OutcomePoints
from counter_rules.board import Board
from counter_rules.bots import (
    BOT_NAMES,
    BOTS,
    Bot,
    BotKind,
    HeuristicBot,
    ISMCTSBot,
    PIMCBot,
    RandomBot,
    _race,
    bot_from_name,
    bot_name,
    bot_names_text,
    ismcts,
    moves_of,
)
from counter_rules.bots._estimate import card_chances
from counter_rules.bots._race import win_chances
from counter_rules.bots._tree import rewards
from counter_rules.bots.policy import Policy
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
    visits = {m: root.child(m).visits for m in candidates}  # type: ignore[union-attr]
    assert sum(visits.values()) == 40
    chosen = bot.choose(pv, random.Random(2))
    assert visits[chosen] == max(visits.values())


@pytest.mark.parametrize(
    ("rules", "window"), [(Counter(), 1.5), (OhHell(players=4, schedule=(10,)), 1.5)], ids=repr
)
def test_ismcts_searches_bids_near_the_hand_estimate(rules: Ruleset, window: float) -> None:
    """At the bid, IS-MCTS searches the bids within 1.5 of the heuristic
    estimate (capped at 5 in Counter, as the heuristic's)."""
    for seed in range(3):
        state = new_game(rules, seed=seed)
        pv = view(state, state.current_player or 0)
        expected = sum(card_chances(pv, random.Random(1), 16).values())
        if isinstance(rules, Counter):
            expected = min(expected, 5)
        bot = ISMCTSBot(iterations=10)
        _, candidates = bot._search(pv, legal_moves(pv), random.Random(1))
        offered = [m for m in legal_moves(pv) if isinstance(m, Bid)]
        near = [m for m in offered if abs(m.tricks - expected) <= window]
        # Exactly the legal bids in the window, or the nearest one if none is.
        assert candidates == (near or [min(offered, key=lambda m: abs(m.tricks - expected))])
        assert len(candidates) <= 2 * window + 1


def test_ismcts_counter_root_bias_ranks_plays_as_the_heuristic() -> None:
    """In Counter the root's bias orders the plays as the heuristic's own play
    score does, so its favourite is the move the heuristic would make."""
    for seed in range(6):
        state = new_game(Counter(), seed=seed)
        rng = random.Random(seed)
        while state.phase is not Phase.PLAYING or len(legal_moves(state)) < 3:
            state = apply_move(state, rng.choice(legal_moves(state)))
        pv = view(state, state.current_player or 0)
        moves = legal_moves(pv)
        _, bias = ISMCTSBot()._root_knowledge(pv, moves, random.Random(4))
        favourite = max(moves, key=lambda m: bias[m])
        assert favourite == HeuristicBot(samples=16).choose(pv, random.Random(4))
        assert all(-0.15 <= b <= 1.0 for b in bias.values())


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
        (lambda: ISMCTSBot(bidding="exact"), "ISMCTSBot.bidding"),
        (lambda: ISMCTSBot(exact=-1), "ISMCTSBot.exact"),
        (lambda: ISMCTSBot(exact=53), "ISMCTSBot.exact"),
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


@given(scores=st.lists(st.integers(0, 12), min_size=3, max_size=5), target=st.integers(1, 10))
@settings(max_examples=60)
def test_race_chances_are_shares_of_one_win(scores: list[int], target: int) -> None:
    """Counter's race model: the seats' chances of winning the game add up to 1,
    tied seats have equal chances, and one more point never lowers a seat's."""
    chances = win_chances(scores, target)
    assert sum(chances) == pytest.approx(1.0, abs=1e-4)
    assert all(0.0 <= c <= 1.0 + 1e-9 for c in chances)
    for i, j in itertools.combinations(range(len(scores)), 2):
        if scores[i] == scores[j]:
            assert chances[i] == pytest.approx(chances[j])
    better = win_chances([scores[0] + 1, *scores[1:]], target)
    assert better[0] >= chances[0] - 1e-9


@given(scores=st.lists(st.integers(0, 12), min_size=3, max_size=5), target=st.integers(1, 10))
@settings(max_examples=40)
def test_race_chances_follow_the_seats_in_any_order(scores: list[int], target: int) -> None:
    """Every seat is alike in the race model: the chances of the totals in
    another order are the same chances in that order (computed once, for the
    sorted totals)."""
    _race._chances.cache_clear()
    chances = win_chances(scores, target)
    order = list(range(len(scores)))
    random.Random(sum(scores)).shuffle(order)
    moved = win_chances([scores[seat] for seat in order], target)
    assert moved == tuple(chances[seat] for seat in order)
    assert _race._chances.cache_info().misses == 1


def test_race_chances_of_a_finished_game_are_its_result() -> None:
    """After a hand in which one or more players reach the target the game
    ends; the most points win, and all tied at the top are winners."""
    assert win_chances((9, 8, 3, 0), 8) == (1.0, 0.0, 0.0, 0.0)
    assert win_chances((9, 9, 3, 0), 8) == (0.5, 0.5, 0.0, 0.0)
    assert win_chances((0, 0, 0), 9) == pytest.approx((1 / 3, 1 / 3, 1 / 3), abs=1e-6)


def test_race_values_points_by_the_standings() -> None:
    """Two points that take the leader to the target are worth more to it than
    four points to a seat far behind: the bot plays the race, not the points."""
    near = win_chances((8, 6, 5, 5), 8)[0] - win_chances((6, 6, 5, 5), 8)[0]
    far = win_chances((4, 6, 5, 5), 8)[0] - win_chances((0, 6, 5, 5), 8)[0]
    assert near > far > 0


def test_ismcts_counter_reward_is_the_edge_in_winning_chances() -> None:
    """In Counter a finished hand is credited with each seat's chance of winning
    the game minus the others' mean chance, over the search's scale."""
    from counter_rules.board import Board

    rules = Counter(target=3)
    rng = random.Random(5)
    state = new_game(rules, seed=5)
    while state.phase is Phase.BIDDING:
        state = apply_move(state, rng.choice(legal_moves(state)))
    # The hand played out on a board (as the search plays it) and, move for
    # move, through the engine, which scores it.
    board = Board(state, rules.play_rules())
    while not board.over:
        if board.passing:
            seat = min(s for s in range(4) if board.to_pass >> s & 1)
            move = rng.choice(legal_moves(state, seat))
        else:
            move = rng.choice(board.moves())
        board.make(move)
        state = apply_move(state, move)
    scores = state.history[0].scores
    chances = win_chances(scores, 3)
    points = rules.score_hand(board)
    gains = rewards(rules, points, board.scores, 0.5, 3)
    for seat in range(4):
        others = (sum(chances) - chances[seat]) / 3
        assert gains[seat] == pytest.approx((chances[seat] - others) / 0.5)
    assert rewards(rules, points, board.scores, 5.0, None) != gains


def test_ismcts_searches_counter_bids_longer() -> None:
    """The Counter bid gets twice the iterations of a play; Oh Hell bids do not."""
    bot = ISMCTSBot(iterations=12)
    for rules, factor in ((Counter(), 2), (OhHell(players=4, schedule=(5,)), 1)):
        state = new_game(rules, seed=8)
        pv = view(state, state.current_player or 0)
        root, candidates = bot._search(pv, legal_moves(pv), random.Random(1))
        if len(candidates) > 1:
            assert sum(root.child(m).visits for m in candidates) == 12 * factor  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "rules", [Counter(), OhHell(players=4, schedule=(10,), hook=True)], ids=repr
)
def test_ismcts_paired_bidding_picks_one_of_the_searched_bids(rules: Ruleset) -> None:
    """With bidding="paired" the bid is one of the bids the tree search would
    consider (near the hand's estimate), the same for the same generator."""
    bot = ISMCTSBot(iterations=12, bidding="paired")
    for seed in range(3):
        state = new_game(rules, seed=seed)
        pv = view(state, state.current_player or 0)
        searched, _ = ISMCTSBot(iterations=12)._root_knowledge(
            pv, legal_moves(pv), random.Random(1)
        )
        bid = bot.choose(pv, random.Random(1))
        assert bid in searched
        assert bid == bot.choose(pv, random.Random(1))


def test_ismcts_paired_bidding_takes_the_bid_that_scores_best() -> None:
    """Paired bidding plays every candidate out in the same worlds: holding
    two Aces without trump and leading, both tricks are sure, and the bid of
    two (the only one made) is chosen over the smaller ones searched too."""
    rules = OhHell(players=4, schedule=(2,), trump="none")
    aces = list(cards("AC AH"))
    rest = [c for c in standard_deck() if c not in aces]
    hands = [rest[0:2], aces, rest[2:4], rest[4:6]]
    state = new_game(rules, seed=1, deal=Deal(hands=hands, stock=rest[6:]))
    assert state.current_player == 1
    pv = view(state, 1)
    bot = ISMCTSBot(iterations=30, bidding="paired")
    searched, _ = bot._root_knowledge(pv, legal_moves(pv), random.Random(3))
    assert Bid(1, 2) in searched and Bid(1, 0) in searched
    assert bot.choose(pv, random.Random(3)) == Bid(1, 2)


@pytest.mark.parametrize("options", [{"jokers": "high"}, {"bowers": True}])
def test_bots_play_the_newer_oh_hell_variants(options: dict[str, object]) -> None:
    """High Jokers and bowers: the heuristic bot plays whole games legally."""
    import random as _random

    from counter_rules import OhHell, apply_move, new_game, view
    from counter_rules.bots import HeuristicBot

    rules = OhHell(players=4, schedule=(4, 3), **options)  # type: ignore[arg-type]
    state = new_game(rules, seed=3)
    bot, rng = HeuristicBot(), _random.Random(3)
    while not state.is_over:
        seat = min(state.to_act)
        state = apply_move(state, bot.choose(view(state, seat), rng))
    assert state.is_over


# -- the table of bot names ----------------------------------------------------------
@pytest.mark.parametrize("kind", BOTS, ids=lambda k: k.name)
def test_every_kind_of_the_table_parses_at_its_bounds_and_refuses_beyond(kind: BotKind) -> None:
    """The parser reads the table: each kind by its name, its number at both
    bounds, and a number one past either refused naming the bounds."""
    if kind.number is None:
        assert bot_name(bot_from_name(kind.name)) == kind.name
        with pytest.raises(InvalidArgumentError, match="takes no number"):
            bot_from_name(f"{kind.name}:1")
        return
    for number in (kind.low, kind.high):
        bot = bot_from_name(f"{kind.name}:{number}")
        assert bot_from_name(bot_name(bot)) == bot
    for number in (kind.low - 1, kind.high + 1):
        with pytest.raises(InvalidArgumentError, match=f"from {kind.low:,} to {kind.high:,}"):
            bot_from_name(f"{kind.name}:{number}")
    if kind.default is None:
        with pytest.raises(InvalidArgumentError, match=f"needs '{kind.name}:N'"):
            bot_from_name(kind.name)


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("pimc:4:nodes=20000", PIMCBot(worlds=4, nodes=20_000)),
        ("pimc:nodes=5000:inference=plays", PIMCBot(nodes=5000, inference="plays")),
        ("PIMC:4:Ties=First", PIMCBot(worlds=4, ties="first")),
        ("ismcts:100:rollout=random:time-limit=0.5", ISMCTSBot(100, 0.5, rollout="random")),
        ("heuristic:samples=4", HeuristicBot(samples=4)),
        ("pimc:2:seconds=none", PIMCBot(worlds=2)),
    ],
)
def test_names_take_the_bots_other_options(name: str, expected: object) -> None:
    """NAME:N:OPTION=VALUE sets the bot's other options; bot_name writes
    them back, those that differ from the defaults."""
    bot = bot_from_name(name)
    assert bot == expected
    assert bot_from_name(bot_name(bot)) == bot


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("pimc:4:colour=red", "bot 'pimc' takes OPTION=VALUE after its number with an OPTION of"),
        ("pimc:4:nodes", "bot 'pimc' takes OPTION=VALUE"),
        ("pimc:4:nodes=1:nodes=2", "once each"),
        ("pimc:4:worlds=8", "once each"),
        ("random:x=1", "with an OPTION of none"),
        ("pimc:4:nodes=-1", "bot 'pimc:4:nodes=-1': PIMCBot.nodes must be"),
        ("ismcts:9:exploration=fast", "ISMCTSBot.exploration must be a positive number"),
    ],
)
def test_a_bad_option_is_refused_naming_it_and_what_is_allowed(name: str, message: str) -> None:
    with pytest.raises(InvalidArgumentError, match=re.escape(message)):
        bot_from_name(name)


def test_the_help_text_lists_every_kind_with_its_bounds_and_default() -> None:
    text = bot_names_text()
    for kind in BOTS:
        assert kind.usage in text and kind.help in text
    assert BOT_NAMES == ("random", "heuristic", "ismcts", "pimc", "best")


def _in_play(rules: Ruleset, seed: int) -> GameState:
    state = new_game(rules, seed=seed)
    while state.phase is Phase.BIDDING:
        state = apply_move(state, legal_moves(state)[0])
    return state


def test_policy_play_out_stops_at_a_trick_led_from_small_hands() -> None:
    """With ``stop``, the playout ends as a trick is about to be led from
    hands of at most that many cards; going on from there with the same
    generator plays the hand a playout without ``stop`` plays."""
    rules = OhHell(players=4, schedule=(7,))
    state = _in_play(rules, 3)
    policy = Policy(rules, True)
    stopped = policy.board(state)
    rng = random.Random(9)
    policy.play_out(stopped, rng, 3)
    assert not stopped.over and stopped.trick_size() == 0
    assert [mask.bit_count() for mask in stopped.masks] == [3, 3, 3, 3]
    policy.play_out(stopped, rng)
    whole = policy.board(state)
    policy.play_out(whole, random.Random(9))
    assert stopped.over and whole.over
    assert stopped.won == whole.won and stopped.tricks == whole.tricks


def _last_card_by_definition(policy: Policy, board: Board, want: bool) -> Move:
    """The policy's last card of a trick straight from its definition: every
    card tried; the weakest winner when wanted (else the weakest), the
    strongest loser when not (else the weakest winner), the first of equals."""
    moves = board.moves()
    powers = []
    wins = []
    for move in moves:
        assert isinstance(move, Play)
        powers.append(policy.power(move.card, board.trump))
        wins.append(board.winner_if(move) == move.seat)
    winners = [i for i in range(len(moves)) if wins[i]]
    losers = [i for i in range(len(moves)) if not wins[i]]
    if want:
        pool = winners or losers
        return moves[min(pool, key=lambda i: (powers[i], i))]
    if losers:
        return moves[min(losers, key=lambda i: (-powers[i], i))]
    return moves[min(winners, key=lambda i: (powers[i], i))]


@settings(max_examples=40, deadline=None)
@given(rules=rulesets(), seed=seeds)
def test_the_last_card_of_a_trick_is_the_policys_definition(rules: Ruleset, seed: int) -> None:
    """The policy tries the last player's cards only until the answer is
    found; it plays the card that trying every card would choose, wanting
    the trick and not."""
    rng = random.Random(seed)
    policy = Policy(rules, True)
    for state, _ in random_playout(rules, seed, seed + 1):
        if state.phase is not Phase.PLAYING or len(state.trick) != state.players - 1:
            continue
        if rng.random() < 0.5:
            continue
        board = policy.board(state)
        moves = board.moves()
        if len(moves) < 2 or not all(isinstance(m, Play) for m in moves):
            continue
        for want in (True, False):
            assert policy._last_to_play(board, moves, want) is _last_card_by_definition(
                policy, board, want
            )


class _Asked:
    """OutcomePoints that counts the positions asked of it."""

    count = 0

    def __init__(self, rules: Ruleset, seat: int) -> None:
        self.inner = OutcomePoints(rules, seat)

    def points(self, board: Board, state: GameState) -> tuple[int, ...]:
        _Asked.count += 1
        assert all(mask.bit_count() <= 2 for mask in board.masks)
        assert board.trick_size() == 0
        return self.inner.points(board, state)


@pytest.mark.parametrize(
    ("rules", "exact", "asks"),
    [
        (OhHell(players=4, schedule=(5,)), 2, True),
        (OhHell(players=4, schedule=(5,)), 0, False),
        (Counter(), 2, True),
        (Counter(), 0, False),
    ],
    ids=["plain Oh Hell", "exact=0", "Counter", "Counter, exact=0"],
)
def test_ismcts_exact_playouts_end_in_the_outcome_question(
    rules: Ruleset, exact: int, asks: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With ``exact``, playouts stop at a trick led from hands of at most that
    many cards and take the outcome question's points there; with 0 they play
    to the end."""
    monkeypatch.setattr(ismcts, "OutcomePoints", _Asked)
    _Asked.count = 0
    state = _in_play(rules, 4)
    seat = min(state.to_act)
    ISMCTSBot(iterations=30, exact=exact).choose(view(state, seat), random.Random(1))
    assert (_Asked.count > 0) is asks
