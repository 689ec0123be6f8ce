"""The match runner: seat rotation, shared ties, intervals, and identical
results whatever executor runs the games."""

from __future__ import annotations

import json
import math
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import attrs
import pytest

from counter_rules import Blackout, Counter, InvalidArgumentError, OhHell
from counter_rules.bots import HeuristicBot, RandomBot
from counter_rules.match import MatchResult, play_game, play_match

RULES = Counter(target=3)
BOTS = [HeuristicBot(samples=2), RandomBot(), RandomBot(), RandomBot()]


@pytest.fixture(scope="module")
def serial() -> MatchResult:
    return play_match(RULES, BOTS, games=8, seed=5, jobs=1)


def test_seats_rotate_with_the_game_index() -> None:
    """Game g puts bot i at seat (i + g) % players."""
    for g in range(5):
        outcome = play_game(RULES, [RandomBot()] * 4, seed=1, index=g)
        assert outcome.seats == tuple((i + g) % 4 for i in range(4))


def test_threads_give_the_same_results(serial: MatchResult) -> None:
    """A thread pool gives exactly the serial results."""
    with ThreadPoolExecutor(3) as pool:
        assert play_match(RULES, BOTS, games=8, seed=5, executor=pool) == serial


def test_processes_give_the_same_results(serial: MatchResult) -> None:
    """A process pool (given, or the default one) gives exactly the serial results."""
    with ProcessPoolExecutor(2) as pool:
        assert play_match(RULES, BOTS, games=8, seed=5, executor=pool) == serial
    assert play_match(RULES, BOTS, games=8, seed=5, jobs=2) == serial


def test_dask_gives_the_same_results(serial: MatchResult) -> None:
    """A local dask cluster's executor gives exactly the serial results."""
    distributed = pytest.importorskip(
        "dask.distributed", reason="dask[distributed] is not installed (optional extra)"
    )
    with distributed.Client(processes=False, dashboard_address=None) as client:
        result = play_match(RULES, BOTS, games=8, seed=5, executor=client.get_executor())
    assert result == serial


def test_outcomes_are_in_game_order_and_shares_add_up(serial: MatchResult) -> None:
    """Outcomes come back in game order; each game's win shares add up to 1."""
    assert [o.index for o in serial.outcomes] == list(range(8))
    for outcome in serial.outcomes:
        assert math.isclose(sum(outcome.win_shares), 1.0)
    assert math.isclose(sum(b.win_rate.value for b in serial.bots), 1.0)
    assert serial.parity == 0.25


def test_a_different_seed_gives_different_games(serial: MatchResult) -> None:
    """The match seed reaches the deals."""
    other = play_match(RULES, BOTS, games=8, seed=6, jobs=1)
    assert [o.seed for o in other.outcomes] != [o.seed for o in serial.outcomes]


def test_intervals_contain_their_estimates(serial: MatchResult) -> None:
    """Every interval contains its point estimate; rates stay within 0..1."""
    for bot in serial.bots:
        for estimate in (bot.win_rate, bot.mean_score, bot.points_per_hand, bot.bids_made):
            assert estimate.low <= estimate.value <= estimate.high
        assert bot.win_rate.low >= 0 and bot.win_rate.high <= 1


def test_cooperative_team_wins_count_for_everyone() -> None:
    """In Cooperative Blackout a team win counts 1 for every bot; parity is 1."""
    rules = Blackout(3, cooperative=True)
    result = play_match(rules, [RandomBot()] * 3, games=4, seed=1, jobs=1)
    assert result.parity == 1.0
    for outcome in result.outcomes:
        assert set(outcome.win_shares) <= {0.0, 1.0}
        assert len(set(outcome.win_shares)) == 1


def test_json_parses_and_progress_reaches_the_end(serial: MatchResult) -> None:
    """The JSON output parses; the progress callback sees every game finish."""
    data = json.loads(serial.to_json())
    assert data["games"] == 8 and data["ties"] == "shared"
    assert [b["name"] for b in data["bots"]] == [
        "heuristic:samples=2", "random", "random", "random",
    ]  # fmt: skip
    seen: list[tuple[int, int]] = []
    play_match(RULES, BOTS, games=3, seed=5, jobs=1, progress=lambda d, t: seen.append((d, t)))
    assert seen == [(1, 3), (2, 3), (3, 3)]


def test_table_pools_the_copies_of_a_bot_in_one_row(serial: MatchResult) -> None:
    """The summary table has a row per bot, the three copies of the random bot
    in one (named by their places, 1-3), each with its paired figure, and the
    parity line."""
    rows = serial.table().splitlines()
    assert [row.split()[:2] for row in rows[2:4]] == [
        ["0", "heuristic:samples=2"],
        ["1-3", "random"],
    ]
    assert len(rows) == 5 and rows[-1].startswith("(parity")
    hero, rest = serial.pooled()
    assert hero.ahead is not None and rest.ahead is not None
    # Paired over games against the other bots' mean: one side's gain is the other's loss.
    assert hero.ahead.value == pytest.approx(-rest.ahead.value)
    assert rest.bots == (1, 2, 3)
    shares = sum(o.win_shares[i] for o in serial.outcomes for i in (1, 2, 3))
    assert rest.win_rate.value == pytest.approx(shares / (3 * serial.games))


def test_a_one_game_table_says_one_game_and_prints_no_empty_interval() -> None:
    """One game has a mean but no interval for it: the table says "1 game"
    and prints the means alone, never ``nan``."""
    table = play_match(RULES, BOTS, games=1, seed=5, jobs=1).table()
    assert "1 game (seed 5)" in table and "no interval for the means" in table
    assert "nan" not in table


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"bots": [RandomBot()] * 3}, "bots must be a sequence of 4 bots"),
        ({"bots": [RandomBot()] * 3 + [object()]}, r"bots\[3\] must have a choose"),
        ({"games": 0}, "games must be a positive integer"),
        ({"seed": "1"}, "seed must be an integer"),
        ({"seed": 2**128}, r"seed must be an integer from -\(2\*\*128 - 1\) to 2\*\*128 - 1"),
        ({"jobs": 0}, "jobs must be a positive integer"),
        ({"rules": "Counter"}, "rules must be a ruleset"),
    ],
)
def test_bad_arguments_are_rejected(kwargs: dict[str, object], message: str) -> None:
    """Bad arguments raise InvalidArgumentError naming the argument."""
    arguments: dict[str, object] = {"rules": RULES, "bots": BOTS, "games": 2, "seed": 1, "jobs": 1}
    arguments.update(kwargs)
    with pytest.raises(InvalidArgumentError, match=message):
        play_match(**arguments)  # type: ignore[arg-type]


def test_oh_hell_matches_run() -> None:
    """Matches run for the Oh Hell family too, with simultaneous bids."""
    result = play_match(OhHell.office(3, rounds=2), [RandomBot()] * 3, games=3, seed=2, jobs=1)
    assert result.games == 3 and all(o.hands >= 2 for o in result.outcomes)


def test_two_games_give_mean_intervals_inside_the_scores() -> None:
    """With two games the t interval of a mean score would run below 0; the
    match clips it to the scores the game allows."""
    result = play_match(RULES, BOTS, games=2, seed=3, jobs=1)
    for bot in result.bots:
        assert bot.mean_score.low >= 0 and bot.points_per_hand.low >= 0


def test_records_are_kept_when_asked() -> None:
    """keep_records=True puts each game's record in its outcome; the record
    replays to the outcome's scores; the JSON summary leaves records out."""
    result = play_match(RULES, BOTS, games=3, seed=4, jobs=1, keep_records=True)
    for outcome in result.outcomes:
        assert outcome.record is not None
        final = outcome.record.final_state()
        assert tuple(final.scores[s] for s in outcome.seats) == outcome.scores
    assert "record" not in json.loads(result.to_json())["outcomes"][0]
    assert play_match(RULES, BOTS, games=1, seed=4, jobs=1).outcomes[0].record is None


def test_worker_processes_give_the_same_results_and_records() -> None:
    """jobs=2 (a pool of worker processes) gives the serial results, records too."""
    serial = play_match(RULES, [RandomBot()] * 4, games=5, seed=8, jobs=1, keep_records=True)
    pooled = play_match(RULES, [RandomBot()] * 4, games=5, seed=8, jobs=2, keep_records=True)
    assert pooled == serial


def test_a_match_continues_from_the_records_or_outcomes_of_its_finished_games() -> None:
    """finished= takes the games already played, as records (in any order) or
    outcomes; only the others are played, and the results are those of an
    undisturbed match, with or without the records kept."""
    bots = [RandomBot()] * 4
    whole = play_match(RULES, bots, games=7, seed=2, jobs=1, keep_records=True)
    first = play_match(RULES, bots, games=4, seed=2, jobs=1, keep_records=True)
    records = [o.record for o in reversed(first.outcomes) if o.record is not None]
    played: list[int] = []
    resumed = play_match(
        RULES, bots, games=7, seed=2, jobs=1, keep_records=True, finished=records,
        on_outcome=lambda o: played.append(o.index),
    )  # fmt: skip
    assert resumed == whole and played == [4, 5, 6]
    plain = play_match(RULES, bots, games=7, seed=2, jobs=1)
    assert play_match(RULES, bots, games=7, seed=2, jobs=2, finished=records) == plain
    assert play_match(RULES, bots, games=7, seed=2, jobs=1, finished=first.outcomes) == plain
    seen: list[tuple[int, int]] = []
    play_match(
        RULES, bots, games=5, seed=2, jobs=1, finished=records, progress=lambda *p: seen.append(p)
    )
    assert seen == [(5, 5)]


def test_finished_games_of_another_match_are_refused() -> None:
    """A finished game must be a finished game of this match (rules, seed,
    game count), given once; the error names it."""
    bots = [RandomBot()] * 4
    first = play_match(RULES, bots, games=3, seed=2, jobs=1, keep_records=True)
    record = first.outcomes[2].record
    assert record is not None
    unfinished = attrs.evolve(record, moves=record.moves[:5])
    cases: list[tuple[object, str]] = [
        ([record], r"finished\[0\] is not the record of a game of this match"),
        ([first.outcomes[0], first.outcomes[0]], r"finished\[1\] is game 0 again"),
        ([unfinished], r"finished\[0\] is the record of game 2, unfinished"),
        (["game"], r"finished\[0\] must be a GameOutcome or a GameRecord, got 'game'"),
        ("games", "finished must be a sequence of game outcomes or records"),
    ]
    for finished, message in cases:
        games = 2 if finished == [record] else 3
        with pytest.raises(InvalidArgumentError, match=message):
            play_match(RULES, bots, games=games, seed=2, jobs=1, finished=finished)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="is not game 0 of this match"):
        play_match(RULES, bots, games=3, seed=3, jobs=1, finished=first.outcomes[:1])
