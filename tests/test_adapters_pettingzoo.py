"""The PettingZoo adapter: a ruleset as an AEC environment."""

from __future__ import annotations

import functools
import random
import re
import warnings

import pytest

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test, render_test, seed_test  # noqa: E402
from user_ruleset import NAME as USER_RULESET  # noqa: E402
from user_ruleset import ShortRotation  # noqa: E402

from counter_rules import (  # noqa: E402
    Blackout,
    Counter,
    IllegalMoveError,
    InvalidArgumentError,
    OhHell,
    Phase,
    Suit,
    UpAndDown,
    apply_move,
    legal_moves,
    new_game,
    rules_to_dict,
    view,
)
from counter_rules.adapters.actions import ActionMap  # noqa: E402
from counter_rules.adapters.pettingzoo import (  # noqa: E402
    CounterRulesEnv,
    encode_view,
    observation_layout,
)
from counter_rules.adapters.pettingzoo import env as make_env  # noqa: E402
from counter_rules.rulesets.base import Ruleset  # noqa: E402
from counter_rules.rulesets.registry import ruleset_entry_for  # noqa: E402

RULESETS = [
    pytest.param(Counter(players=4), id="counter4"),
    pytest.param(OhHell(players=4, schedule=(3,)), id="ohhell4-3"),
    pytest.param(UpAndDown(players=3), id="upanddown3"),
    pytest.param(Blackout(players=4, simultaneous_bidding=True), id="blackout-simultaneous"),
]


def _play(env: CounterRulesEnv, seed: int) -> list[int]:
    """Random play to the end, checking every mask against the engine; returns
    the actions taken."""
    rng = random.Random(seed)
    taken = []
    for agent in env.agent_iter():
        observation, _, termination, truncation, _ = env.last()
        if termination or truncation:
            env.step(None)
            continue
        state = env.game_state
        seat = env.possible_agents.index(agent)
        assert seat == min(state.to_act)
        mask = observation["action_mask"]
        legal = [int(a) for a in np.flatnonzero(mask)]
        assert sorted(env.actions.action_of(m) for m in legal_moves(state, seat)) == legal
        assert len(legal) == len(legal_moves(state, seat))
        for other in env.agents:
            if other != agent:
                assert not env.observe(other)["action_mask"].any()
        action = rng.choice(legal)
        taken.append(action)
        env.step(action)
    return taken


@pytest.mark.parametrize("rules", RULESETS)
def test_pettingzoo_api_test_passes(rules: Ruleset) -> None:
    """PettingZoo's own API checks pass."""
    with warnings.catch_warnings():
        # Dict observations with an action mask (as in PettingZoo's classic games).
        warnings.simplefilter("ignore", UserWarning)
        api_test(CounterRulesEnv(rules), num_cycles=300)


def test_pettingzoo_seed_test_passes() -> None:
    """PettingZoo's seeding check: the same seed replays the same episode."""
    seed_test(lambda: CounterRulesEnv(OhHell(players=4, schedule=(3,))), num_cycles=50)


@pytest.mark.parametrize("rules", RULESETS)
def test_random_games_end_with_the_scores_as_rewards(rules: Ruleset) -> None:
    """Masked random play ends the game; masks are exactly the legal moves;
    the cumulative rewards are the engine's final scores."""
    env = CounterRulesEnv(rules)
    env.reset(seed=5)
    seats = env.possible_agents
    collected = dict.fromkeys(seats, 0.0)
    rng = random.Random(5)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        collected[agent] += reward
        if termination or truncation:
            env.step(None)
            continue
        env.step(rng.choice([int(a) for a in np.flatnonzero(observation["action_mask"])]))
    state = env.game_state
    assert state.is_over and env.agents == []
    assert collected == {a: float(state.scores[s]) for s, a in enumerate(seats)}


@pytest.mark.parametrize("rules", RULESETS)
def test_the_same_seed_gives_the_same_game(rules: Ruleset) -> None:
    """reset(seed=s) deals the engine's game for s; same seed and actions, same game."""
    env = CounterRulesEnv(rules)
    env.reset(seed=9)
    assert env.game_state == new_game(rules, seed=9)
    first = _play(env, 1)
    final = env.game_state
    env.reset(seed=9)
    assert _play(env, 1) == first
    assert env.game_state == final
    replayed = new_game(rules, seed=9)
    for action in first:
        replayed = apply_move(replayed, env.actions.move_of(action, min(replayed.to_act)))
    assert replayed == final


def test_unseeded_resets_follow_the_last_seed() -> None:
    """reset() after reset(seed=s) draws the same sequence of games."""
    env = CounterRulesEnv(Counter(players=4))
    games = []
    for _ in range(2):
        env.reset(seed=3)
        env.reset()
        games.append(env.game_state)
    assert games[0] == games[1]
    assert games[0] != new_game(Counter(players=4), seed=3)


def test_a_simultaneous_pass_is_made_one_seat_at_a_time_in_seat_order() -> None:
    """Counter's pass after a Five: the agents still to pass act lowest seat first."""
    env = CounterRulesEnv(Counter(players=4))
    env.reset(seed=0)
    rng = random.Random(0)
    while env.game_state.phase is not Phase.PASSING:
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(rng.choice([int(a) for a in np.flatnonzero(mask)]))
    order = []
    while env.game_state.phase is Phase.PASSING:
        order.append(env.agent_selection)
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(np.flatnonzero(mask)[0]))
    assert order == ["player_0", "player_1", "player_2", "player_3"]


def test_the_observation_encodes_the_view() -> None:
    """The blocks hold the seat's hand, trump, phase, bids and scores; the
    others' hands appear nowhere."""
    rules = Counter(players=4)
    state = new_game(rules, seed=2)
    state = apply_move(state, legal_moves(state)[3])  # seat 1 bids 3
    actions = ActionMap(rules)
    blocks = {name: (start, size) for name, start, size in observation_layout(rules)}

    def block(vector: object, name: str) -> list[float]:
        start, size = blocks[name]
        return [float(x) for x in vector[start : start + size]]  # type: ignore[index]

    vector = encode_view(view(state, 2), actions)
    assert vector.dtype == np.float32
    assert block(vector, "hand") == [float(c in state.hands[2]) for c in actions.deck]
    assert block(vector, "bids") == [-1.0, 3.0, -1.0, -1.0]
    assert block(vector, "seat") == [0.0, 0.0, 1.0, 0.0]
    assert block(vector, "to_act") == [0.0, 0.0, 1.0, 0.0]
    assert block(vector, "phase") == [1.0, 0.0, 0.0, 0.0]
    trump = block(vector, "trump")
    assert trump.index(1.0) == [s for s in ("♣", "♦", "♥", "♠")].index(str(state.trump))
    assert block(vector, "shown_hands") == [0.0] * (4 * 52)
    assert block(vector, "hand_sizes") == [10.0] * 4
    assert block(vector, "cards_dealt") == [10.0]


def test_the_observation_ignores_other_hands() -> None:
    """Swapping cards between two other seats leaves the observation unchanged."""
    from counter_rules import Deal

    rules = Counter(players=4)
    base = new_game(rules, seed=4)
    hands = [list(h) for h in base.hands]
    hands[1][2], hands[3][5] = hands[3][5], hands[1][2]
    swapped = new_game(rules, seed=4, deal=Deal(hands=hands, stock=base.stock))
    actions = ActionMap(rules)
    assert np.array_equal(
        encode_view(view(base, 0), actions), encode_view(view(swapped, 0), actions)
    )
    assert not np.array_equal(
        encode_view(view(base, 1), actions), encode_view(view(swapped, 1), actions)
    )


def test_bad_actions_name_the_value() -> None:
    """An unknown id, an illegal id or a missing action raises an error that
    names it, and the game is unchanged."""
    env = CounterRulesEnv(Counter(players=4))
    env.reset(seed=1)
    before = env.game_state
    size = env.actions.size
    with pytest.raises(InvalidArgumentError, match=re.escape(f"0..{size - 1}, got {size}")):
        env.step(size)
    with pytest.raises(IllegalMoveError, match=f"action {env.actions.pass_start} "):
        env.step(env.actions.pass_start)
    with pytest.raises(InvalidArgumentError, match="player_1 is to act"):
        env.step(None)
    with pytest.raises(InvalidArgumentError, match="'player_9'"):
        env.observation_space("player_9")
    assert env.game_state is before


def test_spaces_and_render() -> None:
    """Discrete actions of the shared layout; the observation fits its space."""
    rules = UpAndDown(players=3)
    env = CounterRulesEnv(rules, render_mode="ansi")
    assert env.action_space("player_0").n == ActionMap(rules).size
    env.reset(seed=0)
    observation = env.observe("player_2")
    assert env.observation_space("player_2").contains(observation)
    text = env.render()
    assert text is not None and "P0 holds" in text
    with pytest.raises(InvalidArgumentError, match="'human' or 'ansi', got 'rgb_array'"):
        CounterRulesEnv(rules, render_mode="rgb_array")


def test_human_rendering_prints_the_ansi_text(capsys: pytest.CaptureFixture[str]) -> None:
    """With render_mode="human" the ansi text is printed after reset and after
    every step, and render() prints it and returns None; both modes are listed
    in the metadata."""
    rules = UpAndDown(players=3)
    assert CounterRulesEnv.metadata["render_modes"] == ["human", "ansi"]
    ansi = CounterRulesEnv(rules, render_mode="ansi")
    human = CounterRulesEnv(rules, render_mode="human")
    ansi.reset(seed=4)
    human.reset(seed=4)
    assert capsys.readouterr().out == f"{ansi.render()}\n"
    action = int(np.flatnonzero(human.observe(human.agent_selection)["action_mask"])[0])
    ansi.step(action)
    human.step(action)
    after_step = capsys.readouterr().out
    assert after_step == f"{ansi.render()}\n"
    assert human.render() is None
    assert capsys.readouterr().out == after_step
    assert CounterRulesEnv(rules).render() is None
    assert capsys.readouterr().out == ""


def test_pettingzoo_render_test_passes(capsys: pytest.CaptureFixture[str]) -> None:
    """PettingZoo's own rendering checks pass for every listed render mode."""
    render_test(functools.partial(CounterRulesEnv, Counter(players=4)))
    assert "P0 holds" in capsys.readouterr().out


# -- rulesets by name, through the registry ---------------------------------------


def test_env_builds_a_registered_ruleset_by_name() -> None:
    """``env(name, players=..., options=...)`` plays the registry's ruleset of
    that name; without arguments, Counter."""
    assert make_env("blackout", players=5, options={"schedule": "full"}).rules == Blackout(
        5, schedule="full"
    )
    assert make_env().rules == Counter()
    assert make_env("office", players=3).rules == OhHell.office(players=3)


@pytest.mark.parametrize(
    "rules",
    [
        Counter(players=3, target=5, hook=True),
        OhHell(players=4, schedule=(3, 2), trump="rotation", rotation=(Suit.SPADES, None)),
        Blackout(players=4, schedule="full", scoring="ten_plus_bid"),
    ],
    ids=repr,
)
def test_env_takes_the_options_as_records_write_them(rules: Ruleset) -> None:
    """A record's options, in their JSON form, build the same ruleset."""
    options = rules_to_dict(rules)["options"]
    assert make_env(ruleset_entry_for(rules).name, options=options).rules == rules


def test_a_users_registered_ruleset_passes_the_api_test(
    user_ruleset: type[ShortRotation],
) -> None:
    """A ruleset of the user's own, once registered, is built by name with its
    options and passes PettingZoo's API test."""
    environment = make_env(USER_RULESET, players=3, options={"rotation": ["S", None]})
    assert environment.rules == user_ruleset(players=3, rotation=(Suit.SPADES, None))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        api_test(environment, num_cycles=300)
    environment = make_env(USER_RULESET, players=4)
    environment.reset(seed=5)
    assert _play(environment, 5)
    assert environment.game_state.is_over


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"ruleset": "nope"}, r"one of counter, oh-hell, .*got 'nope'"),
        ({"options": {"colour": 1}}, "counter has no option 'colour'; its options: players, "),
        ({"options": {"target": 0}}, "Counter.target must be 1..1000, got 0"),
        ({"players": 7}, "Counter.players must be 3, 4 or 5, got 7"),
        ({"players": 4, "options": {"players": 4}}, "players is given twice"),
        ({"options": [("hook", True)]}, "options must map option names to values"),
        ({"ruleset": "oh-hell", "options": {"rotation": {"S": 1}}}, "expected a number, text"),
    ],
)
def test_env_refuses_bad_names_and_options(kwargs: dict[str, object], message: str) -> None:
    """A bad ruleset name, option name or value raises the library's own
    error naming the value and what is allowed."""
    with pytest.raises(InvalidArgumentError, match=message):
        make_env(**kwargs)  # type: ignore[arg-type]


def test_a_library_bot_plays_seats_of_the_environment_by_bot_action() -> None:
    """PIMC as the opponent of a learner: bot_action gives the action id the
    bot chooses from the agent's view, and the episode runs to its end."""
    from counter_rules.bots import HeuristicBot, PIMCBot

    game = CounterRulesEnv(OhHell(players=3, schedule=(3,)))
    game.reset(seed=3)
    bots = {"player_0": PIMCBot(worlds=2), "player_1": HeuristicBot(samples=2)}
    rng = random.Random(3)
    waiting = next(a for a in game.possible_agents if a != game.agent_selection)
    with pytest.raises(InvalidArgumentError, match=r"not player_\d's turn"):
        game.bot_action(waiting, PIMCBot(), rng)
    for agent in game.agent_iter():
        *_, termination, truncation, _ = game.last()
        if termination or truncation:
            game.step(None)
            continue
        bot = bots.get(agent)
        if bot is None:
            action = int(game.observe(agent)["action_mask"].nonzero()[0][0])
        else:
            action = game.bot_action(agent, bot, rng)
            assert game.observe(agent)["action_mask"][action] == 1
        game.step(action)
    assert game.game_state is not None and game.game_state.is_over
