"""Any ruleset as a PettingZoo AEC environment (the ``pettingzoo`` extra).

:class:`CounterRulesEnv` plays one game of a ruleset per episode; :func:`env`
builds it for a ruleset of the library's registry, by name:

* **Agents** ``"player_0"`` .. ``"player_{N-1}"``, one per seat.
* **Turns.** One agent at a time. In a simultaneous phase (Counter's pass
  after a Five, simultaneous bidding) the seats still to choose act one at a
  time, lowest seat first; the others' choices stay hidden until all are in,
  so this is the same game.
* **Actions.** ``Discrete(size)`` with the ids of
  :class:`counter_rules.adapters.actions.ActionMap`, the same as the
  OpenSpiel adapter's.
* **Observations.** A dict: ``"observation"``, a float32 vector encoding
  :func:`counter_rules.view` of the agent's seat
  (:func:`counter_rules.adapters.observation.encode_view`; layout:
  :func:`~counter_rules.adapters.observation.observation_layout`), and
  ``"action_mask"``, an int8 vector with a 1 at every legal action id of the
  agent (all zeros when it is not its turn).
* **Rewards.** Zero until the game ends; then every agent's reward is its
  final score (so the cumulative reward is the score).
* **Seeding.** ``reset(seed=s)`` deals the engine's game for seed ``s``
  (:func:`counter_rules.new_game`); the same seed gives the same game.
  ``reset()`` without a seed draws the next game's seed from the generator
  the last seeded reset started (or from the operating system's entropy).

Example (needs ``pettingzoo``)::

    from counter_rules import Counter
    from counter_rules.adapters.pettingzoo import CounterRulesEnv, env as make_env

    env = CounterRulesEnv(Counter(players=4))
    blackout = make_env("blackout", players=5, options={"schedule": "full"})
    env.reset(seed=7)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        if termination or truncation:
            action = None
        else:
            action = int(observation["action_mask"].nonzero()[0][0])
        env.step(action)
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from counter_rules.adapters import _missing_extra
from counter_rules.argument_checks import shown

try:
    import numpy as np
    from gymnasium import spaces
    from numpy.typing import NDArray
    from pettingzoo import AECEnv
except ModuleNotFoundError as error:
    raise _missing_extra(__name__, error, "pettingzoo") from error

from counter_rules.adapters.actions import ActionMap
from counter_rules.adapters.observation import encode_view, layout_size, observation_layout
from counter_rules.bots.base import Bot
from counter_rules.engine import apply_move, new_game
from counter_rules.errors import IllegalMoveError, InvalidArgumentError
from counter_rules.rulesets.base import Ruleset
from counter_rules.rulesets.registry import ruleset_entry
from counter_rules.state import GameState
from counter_rules.views import view

# encode_view and observation_layout live in counter_rules.adapters.observation
# (the OpenSpiel adapter uses them too); they stay importable from here.
__all__ = ["CounterRulesEnv", "encode_view", "env", "observation_layout"]


class CounterRulesEnv(AECEnv):  # type: ignore[misc]
    """A PettingZoo AEC environment that plays one game of ``rules`` per episode.

    Args:
        rules: The ruleset to play.
        render_mode: ``None``, ``"ansi"`` (:meth:`render` returns the whole
            state as text, every hand included) or ``"human"`` (the same text
            is printed after every :meth:`reset` and :meth:`step`, and
            :meth:`render` prints it and returns ``None``, as in PettingZoo's
            classic environments).

    Raises:
        InvalidArgumentError: A bad ruleset or render mode.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["human", "ansi"],
        "name": "counter_rules_v0",
        "is_parallelizable": False,
    }
    """PettingZoo's environment metadata."""

    def __init__(self, rules: Ruleset, render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode not in (None, "human", "ansi"):
            raise InvalidArgumentError(
                f"render_mode must be None, 'human' or 'ansi', got {shown(render_mode)}"
            )
        self.rules = rules
        """The ruleset played."""
        self.actions = ActionMap(rules)
        """The numbering of the moves (shared with the OpenSpiel adapter)."""
        self.render_mode = render_mode
        """How :meth:`render` shows the game."""
        self.possible_agents: list[str] = [f"player_{seat}" for seat in range(rules.players)]
        """Every agent's name, seat 0 first."""
        self.agents: list[str] = []
        self.layout = observation_layout(rules)
        """The observation vector's blocks (see
        :func:`~counter_rules.adapters.observation.observation_layout`)."""
        size = layout_size(self.layout)
        observation = spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, shape=(size,), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, shape=(self.actions.size,), dtype=np.int8),
            }
        )
        self._observation_spaces = {a: observation for a in self.possible_agents}
        self._action_spaces = {a: spaces.Discrete(self.actions.size) for a in self.possible_agents}
        self._seeds = random.Random()
        self.game_state: GameState | None = None
        """The engine's state of the current game (``None`` before :meth:`reset`)."""

    # -- spaces ---------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same for every agent)."""
        return self._observation_spaces[self._known(agent)]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(size)``: the ids of :class:`~counter_rules.adapters.actions.ActionMap`."""
        return self._action_spaces[self._known(agent)]

    def _known(self, agent: str) -> str:
        if agent not in self._action_spaces:
            raise InvalidArgumentError(
                f"unknown agent {shown(agent)}; the agents are {', '.join(self.possible_agents)}"
            )
        return agent

    def _seat(self, agent: str) -> int:
        return self.possible_agents.index(self._known(agent))

    def _game(self) -> GameState:
        if self.game_state is None:
            raise InvalidArgumentError("the environment has no game yet: call reset() first")
        return self.game_state

    # -- the AEC cycle --------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game: dealt from ``seed``, or from the next drawn seed."""
        if seed is not None:
            self._seeds = random.Random(seed)
            game_seed = seed
        else:
            game_seed = self._seeds.randrange(2**32)
        self.game_state = new_game(self.rules, seed=game_seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[min(self.game_state.to_act)]
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> dict[str, NDArray[Any]]:
        """``agent``'s observation vector and action mask."""
        state = self._game()
        seat = self._seat(agent)
        mask = np.zeros(self.actions.size, dtype=np.int8)
        if state.to_act and seat == min(state.to_act):
            mask[self.actions.legal_actions(state, seat)] = 1
        return {"observation": encode_view(view(state, seat), self.actions), "action_mask": mask}

    def bot_action(self, agent: str, bot: Bot, rng: random.Random) -> int:
        """The action id a bot of the library chooses for ``agent`` now, from
        that agent's view alone: how a :class:`~counter_rules.bots.PIMCBot`,
        an :class:`~counter_rules.bots.ISMCTSBot` or any other bot of
        :mod:`counter_rules.bots` plays a seat of the environment, as an
        opponent of a learner.

        Raises:
            InvalidArgumentError: ``agent`` is unknown, there is no game, or
                it is not ``agent``'s turn.

        Example (needs ``pettingzoo``)::

            import random

            from counter_rules import OhHell
            from counter_rules.bots import PIMCBot

            game = CounterRulesEnv(OhHell(players=4, schedule=(5,)))
            game.reset(seed=3)
            bot, rng = PIMCBot(worlds=4), random.Random(3)
            for agent in game.agent_iter():
                *_, termination, truncation, _ = game.last()
                done = termination or truncation
                game.step(None if done else game.bot_action(agent, bot, rng))
        """
        state = self._game()
        seat = self._seat(agent)
        if not state.to_act or seat != min(state.to_act):
            raise InvalidArgumentError(f"it is not {agent}'s turn to act")
        return self.actions.action_of(bot.choose(view(state, seat), rng))

    def step(self, action: int | None) -> None:
        """Make the move ``action`` for ``agent_selection``.

        Raises:
            InvalidArgumentError: ``action`` is not an action id.
            IllegalMoveError: ``action`` is not a legal move of the agent now.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._game()
        seat = self._seat(agent)
        if action is None:
            raise InvalidArgumentError(f"{agent} is to act and needs an action id, got None")
        move = self.actions.move_of(action, seat)
        if int(action) not in self.actions.legal_actions(state, seat):
            raise IllegalMoveError(move, f"action {action} ({move}) is not legal for {agent}")
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        state = self.game_state = apply_move(state, move)
        if state.is_over:
            self.rewards = {a: float(state.scores[s]) for s, a in enumerate(self.possible_agents)}
            self.terminations = dict.fromkeys(self.agents, True)
            # Everyone collects the final reward: agents leave in seat order.
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[min(state.to_act)]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The whole state as text, every hand included: returned with
        ``render_mode="ansi"``, printed with ``"human"`` (then ``None`` is
        returned); ``None`` without a render mode or before :meth:`reset`."""
        if self.render_mode is None or self.game_state is None:
            return None
        text = self._text(self.game_state)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    @staticmethod
    def _text(state: GameState) -> str:
        lines = [repr(state)]
        lines += [
            f"P{seat} holds {' '.join(str(c) for c in hand) or '-'}"
            for seat, hand in enumerate(state.hands)
        ]
        lines.append("trick: " + (" ".join(str(p) for p in state.trick) or "-"))
        return "\n".join(lines)

    def close(self) -> None:
        """Nothing to release."""


def env(
    ruleset: str = "counter",
    *,
    players: int | None = None,
    options: Mapping[str, object] | None = None,
    render_mode: str | None = None,
) -> CounterRulesEnv:
    """A :class:`CounterRulesEnv` of the registered ruleset called ``ruleset``.

    Args:
        ruleset: A name of the registry (:func:`~counter_rules.ruleset_entries`:
            the built-in rulesets and those registered with
            :func:`~counter_rules.register_ruleset`).
        players: The number of players (``None``: the ruleset's default).
        options: The ruleset's other options in their JSON form, as records
            write them (:meth:`~counter_rules.RulesetEntry.build_from_json`).
        render_mode: As :class:`CounterRulesEnv` takes it.

    Raises:
        InvalidArgumentError: An unknown ruleset or option, players given
            twice, or a value the ruleset refuses; the message names it and
            what is allowed.

    Example:
        >>> from counter_rules.adapters.pettingzoo import env
        >>> env("oh-hell", players=3, options={"schedule": [3, 2], "hook": True}).rules
        OhHell(players=3, schedule=(3, 2), hook=True)
    """
    entry = ruleset_entry(ruleset)
    if options is not None and not isinstance(options, Mapping):
        raise InvalidArgumentError(f"options must map option names to values, got {options!r:.60}")
    given = dict(options or {})
    if players is not None:
        if "players" in given:
            raise InvalidArgumentError(
                "players is given twice, as an argument and among the options; give one"
            )
        given["players"] = players
    return CounterRulesEnv(entry.build_from_json(given), render_mode)
