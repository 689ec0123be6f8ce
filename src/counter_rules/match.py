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
- **mean score**: the final score; Student-t interval, clipped at 0 when no
  hand of the match scored below 0 (see :mod:`counter_rules.stats`).
- **points per hand**: each game's final score over its number of hands,
  averaged over games; Student-t interval, clipped the same way.
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
import multiprocessing
import random
import signal
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future, as_completed
from typing import Any

import attrs

from counter_rules.bots.base import Bot
from counter_rules.bots.registry import bot_name
from counter_rules.checks import check_seed
from counter_rules.engine import apply_move, new_game
from counter_rules.errors import InvalidArgumentError
from counter_rules.records import GameRecord, record_of, rules_to_dict
from counter_rules.rulesets.base import Ruleset
from counter_rules.stats import Estimate, mean_interval, points_interval, wilson_interval
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
    lowest_hand: int = 0
    """The fewest points any seat scored in one hand of the game."""
    record: GameRecord | None = None
    """The game's record, when the match was asked to keep them."""


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
            "outcomes": [
                attrs.asdict(o, filter=lambda field, _: field.name != "record")
                for o in self.outcomes
            ],
        }

    def to_json(self, *, indent: int | None = None) -> str:
        """The results as JSON text."""
        return json.dumps(self.to_dict(), indent=indent)

    def table(self) -> str:
        """A summary table for a person."""
        width = max(9, *(len(b.name) for b in self.bots))
        rows = [
            f"{self.rules.name}, {self.games} game{'' if self.games == 1 else 's'} "
            f"(seed {self.seed}), ties shared; 95% confidence intervals"
            + (" (one game: no interval for the means)" if self.games == 1 else ""),
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
    if math.isnan(e.low):  # one value: no interval
        return f"{e.value:.2f}"
    return f"{e.value:.2f} [{e.low:.2f}, {e.high:.2f}]"


def _game_seed(seed: int, index: int, what: str) -> int:
    return random.Random(f"counter-rules/match/{seed}/{index}/{what}").getrandbits(63)


def play_game(
    rules: Ruleset, bots: Sequence[Bot], seed: int, index: int = 0, *, keep_record: bool = False
) -> GameOutcome:
    """Play game ``index`` of a match with this ``seed`` (see :func:`play_match`).

    Bot ``i`` sits at seat ``(i + index) % players``. In a simultaneous phase
    the seats decide in seat order, each seeing only its own view. With
    ``keep_record`` the outcome holds the game's record.

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
    one_team = rules.advice.one_team
    shares = []
    for seat in seat_of:
        if seat not in winners:
            shares.append(0.0)
        else:
            shares.append(1.0 if one_team else 1.0 / len(winners))
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
        min(min(h.points) for h in state.history),
        record_of(state) if keep_record else None,
    )


def _play_games(
    rules: Ruleset, bots: tuple[Bot, ...], seed: int, indices: range, keep: bool
) -> list[GameOutcome]:
    return [play_game(rules, bots, seed, g, keep_record=keep) for g in indices]


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
    check_seed("seed", seed)
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
    keep_records: bool = False,
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
            pool of ``jobs`` worker processes, stopped at the end; an
            interruption (Ctrl-C) stops its workers at once.
        jobs: Worker processes when ``executor`` is ``None`` (default: one per
            CPU); ``1`` plays every game in this process, with no executor.
        progress: Called as ``progress(games_done, games)`` as games finish.
        keep_records: Keep every game's :class:`~counter_rules.GameRecord`
            in its outcome (:attr:`GameOutcome.record`).

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
            outcomes.append(play_game(rules, checked, seed, g, keep_record=keep_records))
            if progress is not None:
                progress(g + 1, games)
    elif executor is None:
        outcomes = _run_pool(jobs, (rules, checked, seed, keep_records), games, progress)
    else:
        outcomes = _run(executor, (rules, checked, seed, keep_records), games, progress)
    return _summarise(rules, checked, seed, outcomes)


def _ignore_interrupts() -> None:
    # The workers leave Ctrl-C to the parent, which stops them all at once.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


_Match = tuple[Ruleset, tuple[Bot, ...], int, bool]  # rules, bots, seed, keep the records


def _play_chunk(task: tuple[_Match, range]) -> list[GameOutcome]:
    (rules, bots, seed, keep), chunk = task
    return _play_games(rules, bots, seed, chunk, keep)


def _chunks(games: int) -> list[range]:
    # About 64 tasks: few enough to keep the overhead low, enough for progress.
    size = max(1, games // 64)
    return [range(start, min(start + size, games)) for start in range(0, games, size)]


def _run_pool(
    jobs: int | None,
    match: _Match,
    games: int,
    progress: Callable[[int, int], None] | None,
) -> list[GameOutcome]:
    outcomes: list[GameOutcome] = []
    tasks = [(match, chunk) for chunk in _chunks(games)]
    # Leaving the with block terminates the workers, also on an exception.
    with multiprocessing.get_context().Pool(jobs, initializer=_ignore_interrupts) as pool:
        for chunk in pool.imap_unordered(_play_chunk, tasks):
            outcomes += chunk
            if progress is not None:
                progress(len(outcomes), games)
    outcomes.sort(key=lambda o: o.index)
    return outcomes


def _run(
    executor: Executor,
    match: _Match,
    games: int,
    progress: Callable[[int, int], None] | None,
) -> list[GameOutcome]:
    futures: list[Future[list[GameOutcome]]] = [
        executor.submit(_play_chunk, (match, chunk)) for chunk in _chunks(games)
    ]
    done = 0
    try:
        for future in as_completed(futures):
            done += len(future.result())
            if progress is not None:
                progress(done, games)
    except BaseException:
        for future in futures:  # an interruption: drop the games not yet started
            future.cancel()
        raise
    outcomes = [o for future in futures for o in future.result()]
    outcomes.sort(key=lambda o: o.index)
    return outcomes


def _summarise(
    rules: Ruleset, bots: tuple[Bot, ...], seed: int, outcomes: list[GameOutcome]
) -> MatchResult:
    games = len(outcomes)
    lowest = min(o.lowest_hand for o in outcomes)
    results = []
    for i, bot in enumerate(bots):
        hands = sum(o.hands for o in outcomes)
        results.append(
            BotResult(
                bot_name(bot),
                games,
                wilson_interval(math.fsum(o.win_shares[i] for o in outcomes), games),
                points_interval([o.scores[i] for o in outcomes], lowest),
                points_interval([o.scores[i] / o.hands for o in outcomes], lowest),
                wilson_interval(sum(o.bids_made[i] for o in outcomes), hands),
            )
        )
    return MatchResult(
        rules,
        seed,
        games,
        tuple(results),
        tuple(outcomes),
        1.0 if rules.advice.one_team else 1.0 / rules.players,
    )
