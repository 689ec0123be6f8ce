"""Any ruleset as an OpenSpiel game written in Python (the ``openspiel`` extra).

Importing this module enters the game :data:`GAME_NAME` (``"counter_rules"``)
in OpenSpiel's registry: ``pyspiel.load_game("counter_rules", params)`` builds
any ruleset of the library's registry (:mod:`counter_rules.rulesets.registry`:
the built-in ones and those registered with
:func:`~counter_rules.register_ruleset`) from its name and options, and its
game string rebuilds it, so state serialization works. :func:`load_game` wraps
a ruleset object in a :class:`CounterRulesGame`, a ``pyspiel.Game`` that
OpenSpiel's Python and C++ algorithms can drive; a ruleset the registry
records becomes that same game, with the parameters that name it.
:func:`register` enters one fixed ruleset under a name of its own.

The game's shape, as OpenSpiel sees it:

* **Chance.** The first node is the only chance node: it draws the game's
  seed uniformly from ``0..num_seeds-1`` and the engine deals every hand from
  that seed (:func:`counter_rules.new_game`). The whole game's luck is in that
  one outcome, so ``num_seeds`` distinct games can occur.
* **Players.** Sequential. In a simultaneous phase (Counter's pass after a
  Five, simultaneous bidding) the seats still to choose act one at a time,
  lowest seat first; the others' choices stay hidden until all are in, so
  this is the same game.
* **Actions.** The ids of :class:`counter_rules.adapters.actions.ActionMap`.
* **Returns.** Zero until the end, then each seat's final score. The game
  ends when the ruleset ends it or, at the latest, after ``max_hands`` hands
  (then the returns are the scores so far): OpenSpiel needs a bound on the
  game's length. ``min_utility``/``max_utility`` are
  ``∓ max_hands × (10·H + 20)`` with ``H`` the largest possible hand, more
  than any scoring scheme gives.
* **Resampling.** :meth:`CounterRulesState.resample_from_infostate` draws
  a state the player cannot tell from this one with the library's exact
  sampler (:func:`counter_rules.sample_world` of
  :func:`counter_rules.view`), so OpenSpiel's information-set search
  (``open_spiel.python.algorithms.ismcts.ISMCTSBot``) runs unchanged.
* **Observations.** Strings and float32 tensors, all from
  :func:`counter_rules.view`: the observation string is the seat's view of
  the current moment; the information state string adds this hand's
  finished tricks, the seat's own passes and every finished hand. The
  observation tensor is the PettingZoo adapter's observation vector
  (:func:`counter_rules.adapters.observation.encode_view`); the information
  state tensor adds this hand's finished tricks and the seat's own passes
  (:func:`counter_rules.adapters.observation.encode_information_state`;
  finished hands only through the scores). None shows another seat's hidden
  cards or the seed. At the chance node, before the deal, both tensors are
  all zeros (a dealt state always has a phase bit set).

The game :data:`GAME_NAME` takes these parameters:

* ``ruleset``: the registry's name of the ruleset (default ``"counter"``);
* ``players``: the number of players (default 0: the ruleset's own default);
* ``options``: the ruleset's other options, as nested game parameters
  (``{"hook": True, "schedule": "10 9 8"}``, or in a game string
  ``options=(hook=True,schedule=10 9 8)``), read as the command line reads
  ``--option NAME=VALUE`` (:meth:`~counter_rules.RulesetEntry.build_from_text`):
  numbers, ``True``/``False``, text, ``none``, and lists with their items
  separated by spaces (a game string cannot hold commas) or written in JSON;
* ``num_seeds`` and ``max_hands``: as below.

A bad ruleset name or option raises :class:`~counter_rules.InvalidArgumentError`
naming the value and what is allowed.

Example (needs ``open_spiel``)::

    import pyspiel

    from counter_rules import Counter
    from counter_rules.adapters.openspiel import load_game

    up_and_down = pyspiel.load_game(
        "counter_rules", {"ruleset": "up-and-down", "players": 5, "options": {"up_to_ten": True}}
    )
    game = load_game(Counter(players=4))   # counter_rules(...,players=4,ruleset=counter)
    state = game.new_initial_state()
    state.apply_action(7)          # the chance node: seed 7
    print(state.information_state_string(state.current_player()))
    print(state.observation_tensor(0)[:52])   # seat 0's hand
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from counter_rules.adapters import _missing_extra
from counter_rules.argument_checks import shown

try:
    import numpy as np
    import pyspiel
    from numpy.typing import NDArray
except ModuleNotFoundError as error:
    raise _missing_extra(__name__, error, "openspiel") from error

from counter_rules.adapters.actions import ActionMap
from counter_rules.adapters.observation import (
    encode_information_state,
    encode_view,
    information_state_layout,
    layout_size,
    observation_layout,
)
from counter_rules.bots.base import Bot
from counter_rules.cards import Card
from counter_rules.engine import apply_move, new_game
from counter_rules.errors import CounterRulesError, IllegalMoveError, InvalidArgumentError
from counter_rules.hand_result import HandResult
from counter_rules.moves import Move
from counter_rules.rulesets.base import Ruleset
from counter_rules.rulesets.registry import (
    option_to_json,
    ruleset_entry,
    ruleset_entry_for,
)
from counter_rules.sampling import sample_world
from counter_rules.state import GameState
from counter_rules.trick import PlayedCard, TrickResult
from counter_rules.views import PlayerView, view

__all__ = [
    "DEFAULT_MAX_HANDS",
    "DEFAULT_NUM_SEEDS",
    "GAME_NAME",
    "CounterRulesGame",
    "CounterRulesState",
    "LibraryBot",
    "load_game",
    "register",
    "rules_from_parameters",
]

DEFAULT_NUM_SEEDS = 1000
"""The default number of chance outcomes (seeds) of the deal."""
DEFAULT_MAX_HANDS = 100
"""The default number of hands after which the game is cut short."""
GAME_NAME = "counter_rules"
"""The OpenSpiel name of the game that builds any registered ruleset from its
parameters ``ruleset``, ``players`` and ``options``."""

# The parameters of the game GAME_NAME and their defaults (OpenSpiel fills in
# those not given, and refuses any other name or type).
_PARAMETERS: dict[str, Any] = {
    "ruleset": "counter",
    "players": 0,
    "options": {},
    "num_seeds": DEFAULT_NUM_SEEDS,
    "max_hands": DEFAULT_MAX_HANDS,
}
_PLAY_PARAMETERS = {"num_seeds": DEFAULT_NUM_SEEDS, "max_hands": DEFAULT_MAX_HANDS}
# The most players any registered ruleset is offered (each game states its
# own number).
_MOST_PLAYERS = 16

_registered: dict[str, Ruleset] = {}


def _check_parameter(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise InvalidArgumentError(f"{name} must be a positive integer, got {shown(value)}")
    return value


def _game_type(
    short_name: str, long_name: str, players: tuple[int, int], parameters: dict[str, Any]
) -> Any:
    return pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players[1],
        min_num_players=players[0],
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


def _rules_game_type(rules: Ruleset, short_name: str) -> Any:
    parameters = _PARAMETERS if short_name == GAME_NAME else _PLAY_PARAMETERS
    return _game_type(
        short_name, f"counter_rules {rules!r}", (rules.players, rules.players), parameters
    )


def rules_from_parameters(params: Mapping[str, Any]) -> Ruleset:
    """The ruleset that the parameters of the game :data:`GAME_NAME` name:
    ``ruleset`` (a registry name, default ``"counter"``), ``players`` (0 or
    absent: the ruleset's default) and ``options`` (see the module docs);
    ``num_seeds`` and ``max_hands`` are the game's, not the ruleset's.

    Raises:
        InvalidArgumentError: An unknown parameter, ruleset name or option, or
            a value the ruleset refuses; the message names it and what is
            allowed.

    Example:
        >>> from counter_rules.adapters.openspiel import rules_from_parameters
        >>> rules_from_parameters({"ruleset": "oh-hell", "options": {"schedule": "3 2"}})
        OhHell(players=4, schedule=(3, 2))
    """
    if not isinstance(params, Mapping):
        raise InvalidArgumentError(
            f"params must be a mapping of game parameters, got {params!r:.60}"
        )
    unknown = sorted(set(params) - set(_PARAMETERS), key=str)
    if unknown:
        allowed = ", ".join(repr(name) for name in _PARAMETERS)
        raise InvalidArgumentError(
            f"unknown game parameter {shown(unknown[0])}; allowed: {allowed}"
        )
    # ruleset_entry's message names the parameter ("ruleset") and lists the names.
    entry = ruleset_entry(params.get("ruleset", _PARAMETERS["ruleset"]))
    players = params.get("players", 0)
    if isinstance(players, bool) or not isinstance(players, int) or players < 0:
        raise InvalidArgumentError(
            f"players must be a number of players, or 0 for the ruleset's default,"
            f" got {shown(players)}"
        )
    given = params.get("options") or {}
    if not isinstance(given, Mapping):
        raise InvalidArgumentError(
            f"options must be game parameters such as {{'hook': True}}, got {given!r:.60}"
        )
    # OpenSpiel's game strings name a nested group of parameters; here it is "".
    options = {k: v for k, v in given.items() if not (k == "name" and v == "")}
    if players:
        if "players" in options:
            raise InvalidArgumentError(
                "players is given twice, as a game parameter and among the options; give one"
            )
        options["players"] = players
    return entry.build_from_text(options)


def _parameter_form(value: object) -> object:
    """An option's value as an OpenSpiel game parameter: numbers, text and
    truth values as themselves, ``None`` as ``"none"``, a tuple as its items
    separated by spaces."""
    if value is None:
        return "none"
    if isinstance(value, tuple):
        return " ".join("none" if item is None else str(option_to_json(item)) for item in value)
    return value


def _keeps_in_a_game_string(value: object) -> bool:
    return not isinstance(value, str) or not any(c in value for c in ",()=")


def _read_back(value: object) -> object:
    """A parameter as OpenSpiel reads it back from a game string: text that
    looks like a truth value or a number becomes one."""
    if not isinstance(value, str) or not value:
        return value
    if value in ("True", "true", "False", "false"):
        return value in ("True", "true")
    if all(c in "+-0123456789" for c in value):
        return int(value)
    if all(c in "+-0123456789." for c in value):
        return float(value)
    return value


def _ruleset_parameters(rules: Ruleset) -> dict[str, Any]:
    """The parameters of the game :data:`GAME_NAME` that rebuild ``rules``:
    its registry name, its players and the options that differ from their
    defaults. A ruleset the registry cannot rebuild from a game string is
    named by its class, which no registry name is: loading it fails, naming it."""
    unnamed = {"ruleset": type(rules).__name__, "players": rules.players}
    try:
        entry = ruleset_entry_for(rules)
        values = entry.options_of(rules)
    except InvalidArgumentError:
        return unnamed
    options = {
        option.name: _parameter_form(values[option.name])
        for option in entry.options
        if option.name != "players" and values[option.name] != option.default
    }
    if not all(_keeps_in_a_game_string(v) for v in options.values()):
        return unnamed
    params: dict[str, Any] = {"ruleset": entry.name, "players": rules.players}
    if options:
        params["options"] = options
    try:
        read_back = {k: _read_back(v) for k, v in options.items()}
        same = rules_from_parameters({**params, "options": read_back}) == rules
    except (CounterRulesError, ValueError):
        same = False
    return params if same else unnamed


class _Shared:
    """Immutable values a state shares with its clones: OpenSpiel clones a
    Python state with :func:`copy.deepcopy` of its attributes."""

    def __init__(self, value: Any) -> None:
        self.value = value

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self


class CounterRulesGame(pyspiel.Game):  # type: ignore[misc]
    """A ruleset as an OpenSpiel game; build it with :func:`load_game`.

    Args:
        rules: The ruleset to play.
        params: OpenSpiel game parameters: ``num_seeds`` (the chance outcomes
            of the deal) and ``max_hands`` (where the game is cut short).
        short_name: The game's OpenSpiel name. Under :data:`GAME_NAME` (the
            default) the game's parameters also name the ruleset
            (``ruleset``, ``players``, ``options``), so that its game string
            rebuilds it.

    Raises:
        InvalidArgumentError: A bad ruleset or parameter.
    """

    def __init__(
        self,
        rules: Ruleset,
        params: dict[str, Any] | None = None,
        *,
        short_name: str = "counter_rules",
    ) -> None:
        actions = ActionMap(rules)
        params = {"num_seeds": DEFAULT_NUM_SEEDS, "max_hands": DEFAULT_MAX_HANDS, **(params or {})}
        unknown = sorted(set(params) - {"num_seeds", "max_hands"})
        if unknown:
            raise InvalidArgumentError(
                f"unknown game parameter {shown(unknown[0])}; allowed: 'num_seeds', 'max_hands'"
            )
        num_seeds = _check_parameter("num_seeds", params["num_seeds"])
        max_hands = _check_parameter("max_hands", params["max_hands"])
        players = rules.players
        biggest = actions.max_bid
        # Per hand: one bid and at most one play and one pass per card, per seat.
        max_length = max_hands * players * (1 + 2 * biggest)
        bound = float(max_hands * (10 * biggest + 20))
        info = pyspiel.GameInfo(
            num_distinct_actions=actions.size,
            max_chance_outcomes=num_seeds,
            num_players=players,
            min_utility=-bound,
            max_utility=bound,
            utility_sum=None,
            max_game_length=max_length,
        )
        if short_name == GAME_NAME:
            params = {**_ruleset_parameters(rules), **params}
        super().__init__(_rules_game_type(rules, short_name), info, params)
        self.rules = rules
        """The ruleset played."""
        self.actions = actions
        """The numbering of the moves (shared with the PettingZoo adapter)."""
        self.num_seeds = num_seeds
        """How many seeds the chance node draws from."""
        self.max_hands = max_hands
        """The number of hands after which the game is cut short."""

    def new_initial_state(self) -> CounterRulesState:
        """The chance node that draws the seed."""
        return CounterRulesState(self)

    def state_from(self, game_state: GameState) -> CounterRulesState:
        """An OpenSpiel state at the engine's ``game_state`` (for analysis,
        puzzles and tests: its OpenSpiel history starts empty).

        Raises:
            InvalidArgumentError: ``game_state`` is not a state of this game's ruleset.
        """
        if not isinstance(game_state, GameState) or game_state.rules != self.rules:
            raise InvalidArgumentError(
                f"game_state must be a GameState of {shown(self.rules)}, got {shown(game_state)}"
            )
        state = CounterRulesState(self)
        state._state = _Shared(game_state)
        return state

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> _Observer:
        """OpenSpiel's hook for observers: strings and tensors from the seat's view.

        ``iig_obs_type`` ``None`` or without perfect recall gives the
        observation; with perfect recall, the information state. Only the
        seat's own view is supported: public information and the seat's
        private information.

        Raises:
            InvalidArgumentError: ``params`` were given (the observer takes
                none), or ``iig_obs_type`` asks for another kind of observation.
        """
        if params:
            raise InvalidArgumentError(f"the observer takes no parameters, got {shown(params)}")
        if iig_obs_type is not None and (
            not iig_obs_type.public_info
            or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise InvalidArgumentError(
                "only the seat's own view can be observed (public_info=True, "
                "private_info=SINGLE_PLAYER), got public_info="
                f"{shown(iig_obs_type.public_info)}, private_info={iig_obs_type.private_info.name}"
            )
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return _Observer(self.actions, recall)


class CounterRulesState(pyspiel.State):  # type: ignore[misc]
    """One moment of a :class:`CounterRulesGame`: a chance node, then the engine's states."""

    def __init__(self, game: CounterRulesGame) -> None:
        super().__init__(game)
        self._fixed = _Shared((game.actions, game.num_seeds, game.max_hands))
        self._state = _Shared(None)

    # -- the engine's side ----------------------------------------------------
    @property
    def game_state(self) -> GameState | None:
        """The engine's :class:`~counter_rules.GameState`, ``None`` before the deal."""
        state: GameState | None = self._state.value
        return state

    def _actions(self) -> ActionMap:
        actions: ActionMap = self._fixed.value[0]
        return actions

    def _dealt(self) -> GameState:
        state = self.game_state
        if state is None:
            raise InvalidArgumentError("the seed is not drawn yet: apply a chance outcome first")
        return state

    def move_of(self, action: int) -> Move:
        """The engine move that ``action`` stands for, made by the seat to act.

        Raises:
            InvalidArgumentError: Before the deal, at the end, or for an id out of range.
        """
        state = self._dealt()
        if not state.to_act:
            raise InvalidArgumentError(f"the game is over; action {shown(action)} has no move")
        return self._actions().move_of(action, min(state.to_act))

    # -- OpenSpiel's API ------------------------------------------------------
    def current_player(self) -> int:
        """The seat to act: the lowest seat still to choose in a simultaneous
        phase; ``PlayerId.CHANCE`` before the deal, ``PlayerId.TERMINAL`` at the end."""
        state = self.game_state
        if state is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        return min(state.to_act)

    def _legal_actions(self, player: int) -> list[int]:
        """The ids of ``player``'s legal moves, ascending."""
        return self._actions().legal_actions(self._dealt(), player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The seeds ``0..num_seeds-1``, each with the same probability."""
        if self.game_state is not None:
            raise InvalidArgumentError("not a chance node: the seed is already drawn")
        num_seeds = self._fixed.value[1]
        return [(seed, 1.0 / num_seeds) for seed in range(num_seeds)]

    def _apply_action(self, action: int) -> None:
        """Draw the seed (at the chance node) or make the move of the seat to act.

        Raises:
            InvalidArgumentError: ``action`` is not an action id, or not a seed.
            IllegalMoveError: ``action`` is not a legal move of the seat to act.
        """
        state = self.game_state
        if state is None:
            num_seeds = self._fixed.value[1]
            if isinstance(action, bool) or not 0 <= action < num_seeds:
                raise InvalidArgumentError(
                    f"the seed must be 0..{num_seeds - 1}, got {shown(action)}"
                )
            self._state = _Shared(new_game(self._fixed.value[0].rules, seed=int(action)))
            return
        if self.is_terminal():
            raise InvalidArgumentError(f"the game is over; no action applies, got {shown(action)}")
        actions = self._actions()
        seat = min(state.to_act)
        move = actions.move_of(action, seat)
        if action not in actions.legal_actions(state, seat):
            raise IllegalMoveError(move, f"action {action} ({move}) is not legal for seat {seat}")
        self._state = _Shared(apply_move(state, move))

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> CounterRulesState:
        """A state ``player_id`` cannot tell from this one, drawn uniformly.

        The engine's exact sampler draws it: :func:`counter_rules.sample_world`
        of the player's :func:`counter_rules.view`, so every deal that agrees
        with what the player has seen is equally likely. The player's
        information state and observation strings and tensors are those of
        this state. The random generator is seeded from two calls of
        ``probability_sampler`` (a function returning floats in ``[0, 1)``, as
        OpenSpiel passes ``pyspiel.UniformProbabilitySampler(0., 1.)``).
        Like :meth:`CounterRulesGame.state_from`, the new state's OpenSpiel
        ``history()`` starts empty: no seed deals the drawn cards.

        Raises:
            InvalidArgumentError: Before the deal, ``player_id`` is not a
                seat, or ``probability_sampler`` does not return a number in
                ``[0, 1)``.
        """
        state = self._dealt()
        players = self._actions().rules.players
        if isinstance(player_id, bool) or not isinstance(player_id, int | np.integer):
            raise InvalidArgumentError(
                f"player_id must be a seat 0..{players - 1}, got {shown(player_id)}"
            )
        if not 0 <= player_id < players:
            raise InvalidArgumentError(
                f"player_id must be a seat 0..{players - 1}, got {shown(player_id)}"
            )
        seed = 0
        for _ in range(2):
            draw = probability_sampler()
            if not isinstance(draw, float | int) or not 0.0 <= draw < 1.0:
                raise InvalidArgumentError(
                    f"probability_sampler must return a number in [0, 1), got {shown(draw)}"
                )
            seed = (seed << 32) | int(draw * 2**32)
        world = sample_world(view(state, int(player_id)), random.Random(seed))
        resampled = CounterRulesState(self.get_game())
        resampled._state = _Shared(world)
        return resampled

    def _action_to_string(self, player: int, action: int) -> str:
        """``'seed 7'`` at the chance node, else the move, like ``'P1:bid 3'``."""
        if player < 0:
            return f"seed {action}"
        return str(self._actions().move_of(action, player))

    def is_terminal(self) -> bool:
        """Whether the game has ended (or reached ``max_hands`` hands)."""
        state = self.game_state
        if state is None:
            return False
        return state.is_over or len(state.history) >= self._fixed.value[2]

    def returns(self) -> list[float]:
        """Each seat's final score once the game is over; zeros before."""
        state = self.game_state
        if state is None or not self.is_terminal():
            return [0.0] * self._actions().rules.players
        return [float(score) for score in state.scores]

    def __str__(self) -> str:
        """The whole state, every hand included (for debugging, not for players)."""
        state = self.game_state
        if state is None:
            return "chance: the seed is not drawn yet"
        lines = [f"{shown(state)}"]
        lines += [f"P{seat} holds {_cards(hand)}" for seat, hand in enumerate(state.hands)]
        lines.append(_public_text(view(state, 0)))
        return "\n".join(lines)


class _RegisteredGame(CounterRulesGame):
    """The base of the classes :func:`register` hands to OpenSpiel."""

    _rules: Ruleset
    _short_name: str

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__(self._rules, dict(params or {}), short_name=self._short_name)


class _GameByName(CounterRulesGame):
    """The game OpenSpiel builds for ``pyspiel.load_game(GAME_NAME, params)``:
    the ruleset comes from the registry."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        rules = rules_from_parameters(params)
        play = {name: params[name] for name in _PLAY_PARAMETERS if name in params}
        super().__init__(rules, play, short_name=GAME_NAME)


class _Observer:
    """OpenSpiel's observer protocol: ``tensor`` (float32) and ``dict`` (a view
    of each block of the tensor, by name) are filled by :meth:`set_from`."""

    def __init__(self, actions: ActionMap, perfect_recall: bool) -> None:
        self.actions = actions
        self.perfect_recall = perfect_recall
        if perfect_recall:
            layout = information_state_layout(actions.rules)
        else:
            layout = observation_layout(actions.rules)
        self.tensor: NDArray[np.float32] = np.zeros(layout_size(layout), dtype=np.float32)
        self.dict: dict[str, NDArray[np.float32]] = {
            name: self.tensor[start : start + size] for name, start, size in layout
        }

    def set_from(self, state: CounterRulesState, player: int) -> None:
        """Fill ``tensor`` with ``player``'s vector; all zeros before the deal."""
        game_state = state.game_state
        if game_state is None:
            self.tensor.fill(0.0)
            return
        seat_view = view(game_state, player)
        if self.perfect_recall:
            self.tensor[:] = encode_information_state(seat_view, self.actions)
        else:
            self.tensor[:] = encode_view(seat_view, self.actions)

    def string_from(self, state: CounterRulesState, player: int) -> str:
        """The information state or observation string of ``player``."""
        game_state = state.game_state
        if game_state is None:
            return f"seat {player}: the deal is not drawn yet"
        seat_view = view(game_state, player)
        if self.perfect_recall:
            return information_state_text(seat_view)
        return observation_text(seat_view)


def _cards(cards: tuple[Card, ...] | None) -> str:
    if cards is None:
        return "(hidden)"
    return " ".join(str(c) for c in cards) or "-"


def _seat_values(values: tuple[object, ...]) -> str:
    return " ".join("?" if v is None else str(v) for v in values)


def _trick_text(plays: tuple[PlayedCard, ...]) -> str:
    return " ".join(str(p) for p in plays) or "-"


def _public_text(v: PlayerView) -> str:
    bids = tuple(
        None if b is None else f"{b}{' blind' if blind else ''}"
        for b, blind in zip(v.bids, v.blind, strict=True)
    )
    lines = [
        f"hand {v.hand_number} ({v.cards_dealt} cards), dealer P{v.dealer}, {v.phase}",
        f"to act: {' '.join(f'P{s}' for s in sorted(v.to_act)) or '-'}",
        f"trump: {v.trump or 'none'} (shown by {v.trump_card or '-'}), "
        f"face up: {_cards(v.face_up)}, stock: {v.stock_size}",
        f"bids: {_seat_values(bids)}",
        f"tricks won: {_seat_values(v.tricks_won)}",
        f"scores: {_seat_values(v.scores)}",
        f"hand sizes: {_seat_values(v.hand_sizes)}",
        f"trick (led by P{v.leader}{', lead doubled' if v.doubled_lead else ''}): "
        + _trick_text(v.trick),
    ]
    return "\n".join(lines)


def observation_text(v: PlayerView) -> str:
    """The OpenSpiel observation string: the seat's view of the current moment.

    Example:
        >>> from counter_rules import Counter, new_game, view
        >>> from counter_rules.adapters.openspiel import observation_text
        >>> print(observation_text(view(new_game(Counter(), seed=3), 2)).splitlines()[0])
        seat P2 holds 5♣ 9♣ 3♦ J♦ Q♦ 5♥ 8♥ J♥ 7♠ 8♠
    """
    lines = [f"seat P{v.seat} holds {_cards(v.hand)}"]
    lines += [f"P{seat} shows {_cards(hand)}" for seat, hand in enumerate(v.others) if hand]
    if v.my_pass is not None:
        lines.append(f"passing {v.my_pass}")
    lines.append(_public_text(v))
    return "\n".join(lines)


def _tricks_text(tricks: tuple[TrickResult, ...]) -> list[str]:
    return [
        f"  trick {n}: {_trick_text(t.plays)} -> "
        + ("nobody" if t.winner is None else f"P{t.winner}")
        for n, t in enumerate(tricks, 1)
    ]


def _hand_result_text(result: HandResult) -> list[str]:
    lines = [
        f"hand {result.hand_number}: dealer P{result.dealer}, {result.cards_dealt} cards, "
        f"trump {result.trump or 'none'}, bids {_seat_values(result.bids)}"
        + (f" (blind {_seat_values(result.blind)})" if any(result.blind) else "")
        + f", won {_seat_values(result.tricks_won)}, points {_seat_values(result.points)}"
    ]
    lines += _tricks_text(result.tricks)
    lines += [f"  exchange: {_seat_values(e)}" for e in result.exchanges]
    return lines


def information_state_text(v: PlayerView) -> str:
    """The OpenSpiel information state string: :func:`observation_text` plus
    this hand's finished tricks, the seat's own passes and every finished hand.

    Example:
        >>> from counter_rules import Counter, new_game, view
        >>> from counter_rules.adapters.openspiel import information_state_text
        >>> text = information_state_text(view(new_game(Counter(), seed=3), 2))
        >>> text.splitlines()[-1]
        'finished hands: 0'
    """
    lines = [observation_text(v), "tricks this hand:", *_tricks_text(v.tricks)]
    lines += [f"  passed {given or '-'}, received {got or '-'}" for given, got in v.my_exchanges]
    for result in v.history:
        lines += _hand_result_text(result)
    lines.append(f"finished hands: {len(v.history)}")
    return "\n".join(lines)


class LibraryBot(pyspiel.Bot):  # type: ignore[misc]
    """A bot of the library as an OpenSpiel bot of one player, for the games
    of this adapter: OpenSpiel's ``evaluate_bots`` and any loop that calls
    ``step`` can seat a :class:`~counter_rules.bots.PIMCBot`, an
    :class:`~counter_rules.bots.ISMCTSBot` or any other
    :class:`~counter_rules.bots.Bot` next to OpenSpiel's own bots.

    ``step`` hands the library bot the seat's view alone
    (:func:`counter_rules.view`) and a generator seeded with ``seed``, so
    the bot sees what the player sees and plays the same game from the same
    seed. The library's bots keep nothing between decisions, so
    ``restart_at`` and ``inform_action`` have nothing to do.

    Raises:
        InvalidArgumentError: ``bot`` has no ``choose`` method, or
            ``player_id`` or ``seed`` is not a whole number.

    Example (needs ``open_spiel``)::

        import numpy as np
        from open_spiel.python.algorithms.evaluate_bots import evaluate_bots

        from counter_rules import OhHell
        from counter_rules.adapters.openspiel import LibraryBot, load_game
        from counter_rules.bots import HeuristicBot, PIMCBot

        game = load_game(OhHell(players=4, schedule=(5,)), max_hands=1)
        bots = [LibraryBot(PIMCBot(worlds=4), 0, seed=1)] + [
            LibraryBot(HeuristicBot(), seat, seed=seat) for seat in (1, 2, 3)
        ]
        returns = evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(5))
    """

    def __init__(self, bot: Bot, player_id: int, seed: int = 0) -> None:
        pyspiel.Bot.__init__(self)
        if not callable(getattr(bot, "choose", None)):
            raise InvalidArgumentError(
                f"bot must be a bot of the library (with a choose method), got {shown(bot)}"
            )
        for name, value in (("player_id", player_id), ("seed", seed)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise InvalidArgumentError(f"{name} must be a whole number, got {shown(value)}")
        self._bot = bot
        self._player_id = player_id
        self._rng = random.Random(seed)

    @property
    def bot(self) -> Bot:
        """The library bot that chooses the moves."""
        return self._bot

    @property
    def player_id(self) -> int:
        """The seat the bot plays."""
        return self._player_id

    def step(self, state: CounterRulesState) -> int:
        """The action id of the library bot's move for the seat, from its view.

        Raises:
            InvalidArgumentError: ``state`` is not a state of this adapter's
                games, or it is not the seat's turn.
        """
        if not isinstance(state, CounterRulesState):
            raise InvalidArgumentError(
                "LibraryBot plays the games of counter_rules.adapters.openspiel, "
                f"got {shown(state)}"
            )
        seat = self._player_id
        if state.current_player() != seat:
            raise InvalidArgumentError(
                f"it is not seat {seat}'s turn: player {state.current_player()} is to act"
            )
        move = self._bot.choose(view(state._dealt(), seat), self._rng)
        return state._actions().action_of(move)

    def restart_at(self, state: CounterRulesState) -> None:
        """Nothing to do: the library's bots keep nothing between decisions."""

    def restart(self) -> None:
        """Nothing to do: the library's bots keep nothing between decisions."""

    def inform_action(self, state: CounterRulesState, player_id: int, action: int) -> None:
        """Nothing to do: the bot reads each decision's view afresh."""


def load_game(
    rules: Ruleset,
    *,
    num_seeds: int = DEFAULT_NUM_SEEDS,
    max_hands: int = DEFAULT_MAX_HANDS,
    short_name: str = GAME_NAME,
) -> CounterRulesGame:
    """An OpenSpiel game of ``rules``.

    Under the default ``short_name`` a ruleset the registry records (every
    built-in one, and any of a class registered with
    :func:`~counter_rules.register_ruleset`) is the game :data:`GAME_NAME`
    with the parameters that name it: ``pyspiel.load_game(str(game))`` and
    state serialization rebuild it. Under another ``short_name``, or for a
    ruleset the registry does not record, the game plays and can be cloned,
    but OpenSpiel cannot rebuild it from its name; use :func:`register` for
    that.

    Raises:
        InvalidArgumentError: A bad ruleset, ``num_seeds`` or ``max_hands``.
    """
    params = {"num_seeds": num_seeds, "max_hands": max_hands}
    return CounterRulesGame(rules, params, short_name=short_name)


def register(rules: Ruleset, short_name: str) -> str:
    """Register ``rules`` with OpenSpiel as ``short_name``; return the name.

    Afterwards ``pyspiel.load_game(short_name)`` (or with parameters,
    ``pyspiel.load_game(short_name, {"num_seeds": 10})``) builds the game.
    Registering the same ruleset under the same name again does nothing.

    Raises:
        InvalidArgumentError: ``short_name`` is empty, or already names another
            game.
    """
    if not isinstance(short_name, str) or not short_name.strip():
        raise InvalidArgumentError(
            f"short_name must be a non-empty string, got {shown(short_name)}"
        )
    known = _registered.get(short_name)
    if known is not None:
        if known == rules:
            return short_name
        raise InvalidArgumentError(
            f"short_name {shown(short_name)} is already registered for {shown(known)}"
        )
    if short_name in pyspiel.registered_names():
        raise InvalidArgumentError(
            f"short_name {shown(short_name)} already names an OpenSpiel game"
        )
    ActionMap(rules)  # validates the ruleset before OpenSpiel sees it

    # OpenSpiel keeps the creator until the process exits, after Python has
    # shut down; it must be a class (as in OpenSpiel's own Python games), which
    # outlives the interpreter, not a closure, whose release then aborts Python.
    creator = type(
        f"CounterRulesGame_{short_name}",
        (_RegisteredGame,),
        {"_rules": rules, "_short_name": short_name, "__module__": __name__},
    )
    pyspiel.register_game(_rules_game_type(rules, short_name), creator)
    _registered[short_name] = rules
    return short_name


def _register_game_by_name() -> None:
    if GAME_NAME not in pyspiel.registered_names():
        game_type = _game_type(
            GAME_NAME, "counter_rules: any registered ruleset", (1, _MOST_PLAYERS), _PARAMETERS
        )
        pyspiel.register_game(game_type, _GameByName)


_register_game_by_name()
