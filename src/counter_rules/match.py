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
import random
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor
from typing import Any

import attrs

from counter_rules.argument_checks import check_seed, shorten
from counter_rules.bots.base import Bot
from counter_rules.bots.names import bot_name
from counter_rules.engine import apply_move, new_game
from counter_rules.errors import CounterRulesError, InvalidArgumentError, WorkerLostError
from counter_rules.moves import Move
from counter_rules.records import GameRecord
from counter_rules.rules_json import rules_to_dict
from counter_rules.rulesets.base import Ruleset
from counter_rules.runner import RunLost, games_text, run_on_executor, run_on_pool
from counter_rules.state import GameState
from counter_rules.stats import Estimate, mean_interval, points_interval, wilson_interval
from counter_rules.views import view

__all__ = [
    "BotResult",
    "Estimate",
    "GameOutcome",
    "MatchResult",
    "PooledResult",
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
class PooledResult:
    """The results of every copy of one bot in a match, pooled
    (:meth:`MatchResult.pooled`): the copies are the bots of one name."""

    name: str
    """The bots' name (:func:`counter_rules.bots.bot_name`)."""
    bots: tuple[int, ...]
    """The copies: their places in the match's list of bots."""
    win_rate: Estimate
    """The share of the copies' games won, ties shared: parity is still
    ``1 / players``."""
    mean_score: Estimate
    """The mean final score of a copy (each game's copies averaged; the
    interval is over games)."""
    points_per_hand: Estimate
    """The points a copy scores per hand (averaged as the mean score is)."""
    bids_made: Estimate
    """The share of the copies' hands with the bid made exactly."""
    ahead: Estimate | None
    """The paired figure: in each game, the copies' points per hand less the
    other bots' mean, averaged over games (the interval is over games, so the
    luck of each game's deal is shared by both sides); ``None`` when every bot
    of the match is a copy of this one."""

    def to_dict(self) -> dict[str, Any]:
        """The pooled result as JSON data."""
        return {
            "name": self.name,
            "bots": list(self.bots),
            "win_rate": self.win_rate.to_dict(),
            "mean_score": self.mean_score.to_dict(),
            "points_per_hand": self.points_per_hand.to_dict(),
            "bids_made": self.bids_made.to_dict(),
            "ahead": None if self.ahead is None else self.ahead.to_dict(),
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
        bots     name    win rate              mean score ...
        0-3      random  ...
        (parity: win rate 0.250; ...)
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
            "pooled": [p.to_dict() for p in self.pooled()],
            "outcomes": [
                attrs.asdict(o, filter=lambda field, _: field.name != "record")
                for o in self.outcomes
            ],
        }

    def to_json(self, *, indent: int | None = None) -> str:
        """The results as JSON text."""
        return json.dumps(self.to_dict(), indent=indent)

    def pooled(self) -> tuple[PooledResult, ...]:
        """The results with the copies of each bot (the bots of one name)
        pooled, in the order each name first comes in :attr:`bots`.

        Example:
            >>> from counter_rules import Counter
            >>> from counter_rules.bots import HeuristicBot, RandomBot
            >>> from counter_rules.match import play_match
            >>> bots = [HeuristicBot(samples=2), RandomBot(), RandomBot(), RandomBot()]
            >>> result = play_match(Counter(target=3), bots, games=4, seed=2, jobs=1)
            >>> [(p.name, p.bots) for p in result.pooled()]
            [('heuristic:samples=2', (0,)), ('random', (1, 2, 3))]
            >>> ahead = result.pooled()[0].ahead
            >>> ahead.low <= ahead.value <= ahead.high
            True
        """
        outcomes = self.outcomes
        lowest = min(o.lowest_hand for o in outcomes)
        groups: dict[str, list[int]] = {}
        for i, bot in enumerate(self.bots):
            groups.setdefault(bot.name, []).append(i)
        pooled = []
        per_hand = [[o.scores[i] / o.hands for i in range(len(self.bots))] for o in outcomes]
        for name, copies in groups.items():
            others = [i for i in range(len(self.bots)) if i not in copies]
            mine = [_mean([game[i] for i in copies]) for game in per_hand]
            ahead = None
            if others:
                rest = [_mean([game[i] for i in others]) for game in per_hand]
                ahead = mean_interval([a - b for a, b in zip(mine, rest, strict=True)])
            hands = sum(o.hands for o in outcomes)
            pooled.append(
                PooledResult(
                    name,
                    tuple(copies),
                    wilson_interval(
                        math.fsum(o.win_shares[i] for o in outcomes for i in copies),
                        len(outcomes) * len(copies),
                    ),
                    points_interval(
                        [_mean([o.scores[i] for i in copies]) for o in outcomes], lowest
                    ),
                    points_interval(mine, lowest),
                    wilson_interval(
                        sum(o.bids_made[i] for o in outcomes for i in copies), hands * len(copies)
                    ),
                    ahead,
                )
            )
        return tuple(pooled)

    def table(self) -> str:
        """A summary table for a person: a row per bot, the copies of one bot
        (:meth:`pooled`) in one row, which names them by their places in the
        list of bots."""
        pooled = self.pooled()
        places = [_places(p.bots) for p in pooled]
        width = max(6, *(len(p.name) for p in pooled))
        first = max(7, *(len(text) for text in places))
        rows = [
            f"{self.rules.name}, {self.games} game{'' if self.games == 1 else 's'} "
            f"(seed {self.seed}), ties shared; 95% confidence intervals"
            + (" (one game: no interval for the means)" if self.games == 1 else ""),
            f"{'bots':<{first}}  {'name':<{width}}  {'win rate':<21} {'mean score':<24} "
            f"{'points/hand':<24} {'bids made':<21} ahead/hand",
        ]
        for text, p in zip(places, pooled, strict=True):
            ahead = "-" if p.ahead is None else _fmt(p.ahead)
            rows.append(
                f"{text:<{first}}  {p.name:<{width}}  {p.win_rate!s:<21} "
                f"{_fmt(p.mean_score):<24} {_fmt(p.points_per_hand):<24} "
                f"{p.bids_made!s:<21} {ahead}"
            )
        rows.append(
            f"(parity: win rate {self.parity:.3f}; ahead/hand: points per hand less the "
            "other bots' mean in the same game)"
        )
        return "\n".join(rows)


def _mean(values: Sequence[float]) -> float:
    return math.fsum(values) / len(values)


def _places(bots: tuple[int, ...]) -> str:
    """Places in the list of bots as the table writes them: ``0``, ``1-3``, ``0,2``."""
    if len(bots) > 2 and bots == tuple(range(bots[0], bots[-1] + 1)):
        return f"{bots[0]}-{bots[-1]}"
    return ",".join(str(i) for i in bots)


def _fmt(e: Estimate) -> str:
    if math.isnan(e.low):  # one value: no interval
        return f"{e.value:.2f}"
    return f"{e.value:.2f} [{e.low:.2f}, {e.high:.2f}]"


def _game_seed(seed: int, index: int, what: str) -> int:
    return random.Random(f"counter-rules/match/{seed}/{index}/{what}").getrandbits(63)


def _seats(players: int, index: int) -> tuple[int, ...]:
    """The seat of each bot in game ``index``."""
    return tuple((i + index) % players for i in range(players))


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
    seat_of = _seats(rules.players, index)
    at_seat = {seat: bots[i] for i, seat in enumerate(seat_of)}
    rngs = {
        seat: random.Random(_game_seed(seed, index, f"bot/{i}")) for i, seat in enumerate(seat_of)
    }
    state = new_game(rules, _game_seed(seed, index, "deal"))
    first_dealer = state.dealer
    moves: list[Move] = []
    while not state.is_over:
        seat = min(state.to_act)
        move = at_seat[seat].choose(view(state, seat), rngs[seat])
        state = apply_move(state, move)
        moves.append(move)
    record = None
    if keep_record:
        # The moves as played: the record replays to this state.
        names = tuple(bot_name(at_seat[seat]) for seat in range(rules.players))
        record = GameRecord(rules, state.seed, None, tuple(moves), first_dealer, names)
    return _outcome(index, state, record)


def _outcome(index: int, final: GameState, record: GameRecord | None) -> GameOutcome:
    """Game ``index``'s outcome, read from its final state."""
    rules = final.rules
    seat_of = _seats(rules.players, index)
    winners = final.winners
    shares = []
    for seat in seat_of:
        if seat not in winners:
            shares.append(0.0)
        else:
            shares.append(1.0 if rules.advice.one_team else 1.0 / len(winners))
    made = tuple(
        sum(1 for h in final.history if h.bids[seat] == h.tricks_won[seat]) for seat in seat_of
    )
    return GameOutcome(
        index,
        final.seed,
        seat_of,
        tuple(final.scores[seat] for seat in seat_of),
        tuple(shares),
        len(final.history),
        made,
        min(min(h.points) for h in final.history),
        record,
    )


def _check(rules: object, bots: object, games: object, seed: object) -> tuple[Bot, ...]:
    if not isinstance(rules, Ruleset):
        raise InvalidArgumentError(f"rules must be a ruleset such as Counter(), got {rules!r:.80}")
    if not isinstance(bots, Sequence) or len(bots) != rules.players:
        raise InvalidArgumentError(
            f"bots must be a sequence of {rules.players} bots (one per seat), got {bots!r:.80}"
        )
    for i, bot in enumerate(bots):
        if not callable(getattr(bot, "choose", None)):
            raise InvalidArgumentError(
                f"bots[{i}] must have a choose(view, rng) method, got {bot!r:.80}"
            )
    if type(games) is not int or games < 1:
        raise InvalidArgumentError(f"games must be a positive integer, got {games!r:.80}")
    check_seed("seed", seed)
    return tuple(bots)


def _finished_games(
    finished: object, rules: Ruleset, bots: tuple[Bot, ...], seed: int, games: int, keep: bool
) -> dict[int, GameOutcome]:
    """The outcomes of the games ``finished`` gives (outcomes or records of
    this match's games), by game index."""
    names = tuple(bot_name(bot) for bot in bots)
    if isinstance(finished, str | bytes) or not isinstance(finished, Iterable):
        raise InvalidArgumentError(
            f"finished must be a sequence of game outcomes or records, got {finished!r:.80}"
        )
    known: dict[int, GameOutcome] = {}
    index_of: dict[int, int] | None = None
    for i, item in enumerate(finished):
        where = f"finished[{i}]"
        if isinstance(item, GameOutcome):
            index = item.index
            if type(index) is not int or not 0 <= index < games:
                raise InvalidArgumentError(
                    f"{where} is game {index!r:.40}, not one of this match's {games} games"
                )
            if item.seed != _game_seed(seed, index, "deal"):
                raise InvalidArgumentError(
                    f"{where} is not game {index} of this match (seed {seed}): its deal differs"
                )
            outcome = item if keep or item.record is None else attrs.evolve(item, record=None)
        elif isinstance(item, GameRecord):
            if index_of is None:
                index_of = {_game_seed(seed, g, "deal"): g for g in range(games)}
            index = index_of.get(item.seed, -1)
            if index < 0 or item.deal is not None or item.rules != rules:
                raise InvalidArgumentError(
                    f"{where} is not the record of a game of this match ({rules.name}, "
                    f"seed {seed}, {games} games)"
                )
            try:
                final = item.final_state()
            except CounterRulesError as exc:
                raise InvalidArgumentError(
                    f"{where} does not replay: {shorten(str(exc))}"
                ) from None
            if not final.is_over:
                raise InvalidArgumentError(f"{where} is the record of game {index}, unfinished")
            seated = tuple(names[(seat - index) % len(names)] for seat in range(len(names)))
            if item.bots is not None and item.bots != seated:
                raise InvalidArgumentError(
                    f"{where} is game {index} played by {', '.join(item.bots):.200} (seat "
                    f"by seat), not by this match's bots, which sit {', '.join(seated):.200}"
                )
            outcome = _outcome(index, final, item if keep else None)
        else:
            raise InvalidArgumentError(
                f"{where} must be a GameOutcome or a GameRecord, got {item!r:.80}"
            )
        if index in known:
            raise InvalidArgumentError(f"{where} is game {index} again")
        known[index] = outcome
    return known


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
    finished: Iterable[GameOutcome | GameRecord] = (),
    on_outcome: Callable[[GameOutcome], None] | None = None,
) -> MatchResult:
    """Play ``games`` games between ``bots`` (one per seat) and summarise them.

    Every game is a function of the match's seed and its index, so a game
    played again gives the same outcome. That is what makes a match survive
    its faults:

    - **a lost worker**: a worker process that dies (killed, out of memory)
      costs only its game in progress, which is played again; with an
      executor of yours, a lost worker costs the chunk of games it was given
      (one game in a match of up to 4096 games), which is submitted again. An
      executor that cannot take them again (a
      :class:`~concurrent.futures.ProcessPoolExecutor` breaks when a worker
      dies), or a game that lost its worker three times, stops the match at
      once with :class:`~counter_rules.WorkerLostError`, which names the games
      not played and holds every finished game's outcome;
    - **an interrupted match**: ``finished`` takes the games already played
      (the outcomes of a :class:`~counter_rules.WorkerLostError`, or the
      records written by ``keep_records`` or ``counter-rules simulate
      --records``), and only the others are played: the results are those of
      an undisturbed match.

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
        progress: Called as ``progress(games_done, games)`` as games finish
            (the ``finished`` games count as done from the start).
        keep_records: Keep every game's :class:`~counter_rules.GameRecord`
            in its outcome (:attr:`GameOutcome.record`).
        finished: Games of this match already played, as outcomes
            (:class:`GameOutcome`) or records (:class:`~counter_rules.GameRecord`,
            which are replayed); each must be a finished game of this match's
            rules and seed, in any order. A record that names its bots
            (:attr:`~counter_rules.GameRecord.bots`, as the records this
            function keeps do) must name this match's bots at their seats;
            the bots of an outcome, or of a record without them, cannot be
            checked: give the bots that played them.
        on_outcome: Called in this process with each game's outcome as soon
            as it finishes (in the order games finish; the ``finished`` games
            are not passed again): e.g. to save every game as it ends.

    Returns:
        The per-bot results; identical whatever the executor, and whether or
        not the match was interrupted and continued.

    Raises:
        InvalidArgumentError: A bad argument; the message names it.
        WorkerLostError: Workers were lost and their games could not be
            played again; ``error.outcomes`` holds every finished game.

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
        >>> first = play_match(Counter(target=3), bots, games=4, seed=9, jobs=1)
        >>> rest = play_match(
        ...     Counter(target=3), bots, games=6, seed=9, jobs=1, finished=first.outcomes
        ... )
        >>> rest == threaded
        True
    """
    checked = _check(rules, bots, games, seed)
    if jobs is not None and (type(jobs) is not int or jobs < 1):
        raise InvalidArgumentError(f"jobs must be a positive integer or None, got {jobs!r:.80}")
    if on_outcome is not None and not callable(on_outcome):
        raise InvalidArgumentError(f"on_outcome must be callable or None, got {on_outcome!r:.80}")
    outcomes = _finished_games(finished, rules, checked, seed, games, keep_records)
    todo = [g for g in range(games) if g not in outcomes]
    match: _Match = (rules, checked, seed, keep_records)

    def done(index: int, outcome: GameOutcome) -> None:
        outcomes[index] = outcome
        if on_outcome is not None:
            on_outcome(outcome)
        if progress is not None:
            progress(len(outcomes), games)

    try:
        if executor is None and jobs == 1:
            for g in todo:
                done(g, _play_one(match, g))
        elif not todo:
            pass
        elif executor is None:
            run_on_pool(jobs, _play_one, match, todo, done)
        else:
            run_on_executor(executor, _play_one, match, todo, done)
    except RunLost as lost:
        kept = tuple(outcomes[g] for g in sorted(outcomes))
        raise WorkerLostError(
            f"match stopped: {lost.reason}; {games_text(lost.lost)} not played, "
            f"{len(kept)} finished games kept in the error's outcomes (play_match with "
            f"finished=error.outcomes plays the rest)",
            kept,
            lost.lost,
        ) from None
    return _summarise(rules, checked, seed, [outcomes[g] for g in range(games)])


_Match = tuple[Ruleset, tuple[Bot, ...], int, bool]  # rules, bots, seed, keep the records


def _play_one(match: _Match, index: int) -> GameOutcome:
    rules, bots, seed, keep = match
    return play_game(rules, bots, seed, index, keep_record=keep)


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
