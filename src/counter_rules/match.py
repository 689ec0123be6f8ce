"""Matches between bots: :func:`play_match`, :func:`play_game` and the results.

A match plays ``games`` seeded games of one ruleset. Game ``g`` puts bot ``i``
at seat ``(i + g) % players``, so over a multiple of ``players`` games every
bot has sat at every seat equally often. Everything random in game ``g`` (the
deal and each bot's generator) is drawn from ``(seed, g)`` alone, so a match
gives the same results whatever executor runs it, in whatever order the
games finish: the outcomes are put back in game order.

The results, per bot, each with a 95% confidence interval:

- **win rate**: a game won alone counts 1, a game tied at the top between
  ``k`` players counts ``1/k`` to each (ties are *shared*, so the rates of all
  bots add up to 1 and parity is ``1/players``); in a cooperative game a team
  win counts 1 for every bot. Wilson score interval, with the shares as the
  count of successes.
- **mean score**: the final score; Student-t interval.
- **points per hand**: each game's final score over its number of hands,
  averaged over games; Student-t interval.
- **bids made**: the share of the bot's hands in which it won exactly its bid;
  Wilson interval over hands (hands of one game are not independent, so this
  interval is a little narrower than it should be).

Example:
    >>> from counter_rules import Counter
    >>> from counter_rules.bots import RandomBot
    >>> from counter_rules.match import play_match
    >>> result = play_match(Counter(target=3), [RandomBot()] * 4, games=8, seed=1, jobs=1)
    >>> result.games, len(result.bots)
    (8, 4)
    >>> round(sum(b.win_rate.value for b in result.bots), 6)
    1.0
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from typing import Any

import attrs

from counter_rules.bots.base import Bot
from counter_rules.bots.registry import bot_name
from counter_rules.engine import apply_move, new_game
from counter_rules.errors import InvalidArgumentError
from counter_rules.records import rules_to_dict
from counter_rules.rulesets.base import Ruleset
from counter_rules.views import view

__all__ = [
    "BotResult",
    "Estimate",
    "GameOutcome",
    "MatchResult",
    "mean_interval",
    "play_game",
    "play_match",
    "wilson_interval",
]

_Z = 1.959963984540054  # the 97.5% point of the standard normal
# Student's t, 97.5% points for 1..30 degrees of freedom.
_T975 = (
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
)  # fmt: skip


@attrs.frozen
class Estimate:
    """A value with its 95% confidence interval.

    Example:
        >>> from counter_rules.match import Estimate
        >>> print(Estimate(0.5, 0.4, 0.6))
        0.500 [0.400, 0.600]
    """

    value: float
    """The point estimate."""
    low: float
    """The lower end of the 95% interval (``nan`` when it cannot be computed)."""
    high: float
    """The upper end of the 95% interval (``nan`` when it cannot be computed)."""

    def excludes(self, value: float) -> bool:
        """Whether ``value`` lies outside the interval.

        Example:
            >>> from counter_rules.match import Estimate
            >>> Estimate(0.5, 0.4, 0.6).excludes(0.25), Estimate(0.5, 0.4, 0.6).excludes(0.45)
            (True, False)
        """
        return value < self.low or value > self.high

    def to_dict(self) -> dict[str, float | None]:
        """``{"value": ..., "low": ..., "high": ...}``; ``None`` for ``nan``."""
        return {k: (None if math.isnan(v) else v) for k, v in attrs.asdict(self).items()}

    def __str__(self) -> str:
        return f"{self.value:.3f} [{self.low:.3f}, {self.high:.3f}]"


def wilson_interval(successes: float, trials: int) -> Estimate:
    """The share ``successes / trials`` with its 95% Wilson score interval.

    ``successes`` may be fractional (shared wins).

    Raises:
        InvalidArgumentError: ``trials`` is not positive or ``successes`` is
            outside ``0..trials``.

    Example:
        >>> from counter_rules.match import wilson_interval
        >>> print(wilson_interval(30, 100))
        0.300 [0.219, 0.396]
    """
    if type(trials) is not int or trials < 1:
        raise InvalidArgumentError(f"trials must be a positive integer, got {trials!r}")
    if not 0 <= successes <= trials:
        raise InvalidArgumentError(f"successes must be in 0..{trials}, got {successes!r}")
    p = successes / trials
    z2 = _Z * _Z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = _Z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return Estimate(p, low, high)


def _t975(df: int) -> float:
    if df <= len(_T975):
        return _T975[df - 1]
    # Cornish-Fisher expansion of the t quantile around the normal one.
    z = _Z
    return z + (z**3 + z) / (4 * df) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df * df)


def mean_interval(values: Sequence[float]) -> Estimate:
    """The mean of ``values`` with its 95% Student-t interval (``nan`` ends for
    a single value).

    Raises:
        InvalidArgumentError: ``values`` is empty.

    Example:
        >>> from counter_rules.match import mean_interval
        >>> print(mean_interval([1, 2, 3, 4]))
        2.500 [0.446, 4.554]
    """
    n = len(values)
    if n == 0:
        raise InvalidArgumentError("values must not be empty")
    mean = math.fsum(values) / n
    if n == 1:
        return Estimate(mean, math.nan, math.nan)
    variance = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = _t975(n - 1) * math.sqrt(variance / n)
    return Estimate(mean, mean - half, mean + half)


@attrs.frozen
class GameOutcome:
    """The result of one game of a match; every tuple is indexed by bot, not seat."""

    index: int
    """The game's index in the match, from 0."""
    seed: int
    """The seed the game was dealt from."""
    seats: tuple[int, ...]
    """The seat each bot played."""
    scores: tuple[int, ...]
    """Each bot's final score."""
    win_shares: tuple[float, ...]
    """Each bot's share of the win (see the module docs)."""
    hands: int
    """The number of hands played."""
    bids_made: tuple[int, ...]
    """How many hands each bot won exactly its bid."""


@attrs.frozen
class BotResult:
    """One bot's results over a match."""

    name: str
    """The bot's name (:func:`counter_rules.bots.bot_name`)."""
    games: int
    """Games played."""
    win_rate: Estimate
    """The share of wins, ties shared."""
    mean_score: Estimate
    """The mean final score."""
    points_per_hand: Estimate
    """The mean over games of the points scored per hand."""
    bids_made: Estimate
    """The share of hands with the bid made exactly."""

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON data."""
        return {
            "name": self.name,
            "games": self.games,
            "win_rate": self.win_rate.to_dict(),
            "mean_score": self.mean_score.to_dict(),
            "points_per_hand": self.points_per_hand.to_dict(),
            "bids_made": self.bids_made.to_dict(),
        }


@attrs.frozen
class MatchResult:
    """The results of :func:`play_match`.

    Example:
        >>> from counter_rules import Counter
        >>> from counter_rules.bots import RandomBot
        >>> from counter_rules.match import play_match
        >>> result = play_match(Counter(target=3), [RandomBot()] * 4, games=4, seed=2, jobs=1)
        >>> print(result.table())  # doctest: +ELLIPSIS
        Counter, 4 games (seed 2), ties shared; 95% confidence intervals
        bot         win rate              mean score ...
        0 random    ...
    """

    rules: Ruleset
    """The ruleset played."""
    seed: int
    """The match seed."""
    games: int
    """The number of games."""
    bots: tuple[BotResult, ...]
    """Each bot's results, in the order the bots were given."""
    outcomes: tuple[GameOutcome, ...]
    """Every game's outcome, in game order."""
    parity: float
    """The win rate of an equal bot: ``1 / players`` (1 for a cooperative game)."""

    def to_dict(self) -> dict[str, Any]:
        """The results as JSON data (the per-game outcomes included)."""
        return {
            "rules": rules_to_dict(self.rules),
            "seed": self.seed,
            "games": self.games,
            "parity": self.parity,
            "ties": "shared",
            "bots": [b.to_dict() for b in self.bots],
            "outcomes": [attrs.asdict(o) for o in self.outcomes],
        }

    def to_json(self, *, indent: int | None = None) -> str:
        """The results as JSON text."""
        return json.dumps(self.to_dict(), indent=indent)

    def table(self) -> str:
        """A summary table for a person."""
        width = max(9, *(len(b.name) for b in self.bots))
        rows = [
            f"{self.rules.name}, {self.games} games (seed {self.seed}), ties shared; "
            "95% confidence intervals",
            f"{'bot':<{width + 2}} {'win rate':<21} {'mean score':<24} "
            f"{'points/hand':<24} bids made",
        ]
        for i, b in enumerate(self.bots):
            rows.append(
                f"{i} {b.name:<{width}} {b.win_rate!s:<21} {_fmt(b.mean_score):<24} "
                f"{_fmt(b.points_per_hand):<24} {b.bids_made}"
            )
        rows.append(f"(parity: win rate {self.parity:.3f})")
        return "\n".join(rows)


def _fmt(e: Estimate) -> str:
    return f"{e.value:.2f} [{e.low:.2f}, {e.high:.2f}]"


def _game_seed(seed: int, index: int, what: str) -> int:
    return random.Random(f"counter-rules/match/{seed}/{index}/{what}").getrandbits(63)


def play_game(rules: Ruleset, bots: Sequence[Bot], seed: int, index: int = 0) -> GameOutcome:
    """Play game ``index`` of a match with this ``seed`` (see :func:`play_match`).

    Bot ``i`` sits at seat ``(i + index) % players``. In a simultaneous phase
    the seats decide in seat order, each seeing only its own view.

    Example:
        >>> from counter_rules import Counter
        >>> from counter_rules.bots import RandomBot
        >>> from counter_rules.match import play_game
        >>> outcome = play_game(Counter(target=3), [RandomBot()] * 4, seed=5, index=1)
        >>> outcome.seats, sum(outcome.win_shares)
        ((1, 2, 3, 0), 1.0)
    """
    players = rules.players
    seat_of = tuple((i + index) % players for i in range(players))
    at_seat = {seat: bots[i] for i, seat in enumerate(seat_of)}
    rngs = {
        seat: random.Random(_game_seed(seed, index, f"bot/{i}")) for i, seat in enumerate(seat_of)
    }
    game_seed = _game_seed(seed, index, "deal")
    state = new_game(rules, game_seed)
    while not state.is_over:
        seat = min(state.to_act)
        move = at_seat[seat].choose(view(state, seat), rngs[seat])
        state = apply_move(state, move)
    winners = state.winners
    cooperative = bool(getattr(rules, "cooperative", False))
    shares = []
    for seat in seat_of:
        if seat not in winners:
            shares.append(0.0)
        else:
            shares.append(1.0 if cooperative else 1.0 / len(winners))
    made = tuple(
        sum(1 for h in state.history if h.bids[seat] == h.tricks_won[seat]) for seat in seat_of
    )
    return GameOutcome(
        index,
        game_seed,
        seat_of,
        tuple(state.scores[seat] for seat in seat_of),
        tuple(shares),
        len(state.history),
        made,
    )


def _play_games(
    rules: Ruleset, bots: tuple[Bot, ...], seed: int, indices: range
) -> list[GameOutcome]:
    return [play_game(rules, bots, seed, g) for g in indices]


def _check(rules: object, bots: object, games: object, seed: object) -> tuple[Bot, ...]:
    if not isinstance(rules, Ruleset):
        raise InvalidArgumentError(f"rules must be a ruleset such as Counter(), got {rules!r}")
    if not isinstance(bots, Sequence) or len(bots) != rules.players:
        raise InvalidArgumentError(
            f"bots must be a sequence of {rules.players} bots (one per seat), got {bots!r}"
        )
    for i, bot in enumerate(bots):
        if not callable(getattr(bot, "choose", None)):
            raise InvalidArgumentError(
                f"bots[{i}] must have a choose(view, rng) method, got {bot!r}"
            )
    if type(games) is not int or games < 1:
        raise InvalidArgumentError(f"games must be a positive integer, got {games!r}")
    if type(seed) is not int:
        raise InvalidArgumentError(f"seed must be an integer, got {seed!r}")
    return tuple(bots)


def play_match(
    rules: Ruleset,
    bots: Sequence[Bot],
    games: int,
    seed: int,
    executor: Executor | None = None,
    *,
    jobs: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> MatchResult:
    """Play ``games`` games between ``bots`` (one per seat) and summarise them.

    Args:
        rules: The ruleset; ``rules.players`` bots are needed.
        bots: The bots, picklable when the executor uses other processes.
        games: How many games.
        seed: Every game's deal and every bot's generator derive from
            ``(seed, game index)``.
        executor: Any :class:`concurrent.futures.Executor`, e.g. a
            ``ThreadPoolExecutor``, a ``ProcessPoolExecutor`` or
            ``dask.distributed.Client(...).get_executor()``. ``None``: a local
            ``ProcessPoolExecutor`` with ``jobs`` workers, shut down at the end.
        jobs: Worker processes when ``executor`` is ``None`` (default: one per
            CPU); ``1`` plays every game in this process, with no executor.
        progress: Called as ``progress(games_done, games)`` as games finish.

    Returns:
        The per-bot results; identical whatever the executor.

    Raises:
        InvalidArgumentError: A bad argument; the message names it.

    Example:
        >>> from concurrent.futures import ThreadPoolExecutor
        >>> from counter_rules import Counter
        >>> from counter_rules.bots import RandomBot
        >>> from counter_rules.match import play_match
        >>> bots = [RandomBot()] * 4
        >>> with ThreadPoolExecutor(2) as pool:
        ...     threaded = play_match(Counter(target=3), bots, games=6, seed=9, executor=pool)
        >>> threaded == play_match(Counter(target=3), bots, games=6, seed=9, jobs=1)
        True
    """
    checked = _check(rules, bots, games, seed)
    if jobs is not None and (type(jobs) is not int or jobs < 1):
        raise InvalidArgumentError(f"jobs must be a positive integer or None, got {jobs!r}")
    outcomes: list[GameOutcome] = []
    if executor is None and jobs == 1:
        for g in range(games):
            outcomes.append(play_game(rules, checked, seed, g))
            if progress is not None:
                progress(g + 1, games)
    elif executor is None:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            outcomes = _run(pool, rules, checked, games, seed, progress)
    else:
        outcomes = _run(executor, rules, checked, games, seed, progress)
    return _summarise(rules, checked, seed, outcomes)


def _run(
    executor: Executor,
    rules: Ruleset,
    bots: tuple[Bot, ...],
    games: int,
    seed: int,
    progress: Callable[[int, int], None] | None,
) -> list[GameOutcome]:
    # About 64 tasks: few enough to keep the overhead low, enough for progress.
    size = max(1, games // 64)
    futures: list[Future[list[GameOutcome]]] = [
        executor.submit(_play_games, rules, bots, seed, range(start, min(start + size, games)))
        for start in range(0, games, size)
    ]
    done = 0
    for future in as_completed(futures):
        done += len(future.result())
        if progress is not None:
            progress(done, games)
    outcomes = [o for future in futures for o in future.result()]
    outcomes.sort(key=lambda o: o.index)
    return outcomes


def _summarise(
    rules: Ruleset, bots: tuple[Bot, ...], seed: int, outcomes: list[GameOutcome]
) -> MatchResult:
    games = len(outcomes)
    results = []
    for i, bot in enumerate(bots):
        hands = sum(o.hands for o in outcomes)
        results.append(
            BotResult(
                bot_name(bot),
                games,
                wilson_interval(math.fsum(o.win_shares[i] for o in outcomes), games),
                mean_interval([o.scores[i] for o in outcomes]),
                mean_interval([o.scores[i] / o.hands for o in outcomes]),
                wilson_interval(sum(o.bids_made[i] for o in outcomes), hands),
            )
        )
    cooperative = bool(getattr(rules, "cooperative", False))
    return MatchResult(
        rules,
        seed,
        games,
        tuple(results),
        tuple(outcomes),
        1.0 if cooperative else 1.0 / rules.players,
    )
