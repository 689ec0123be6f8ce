"""The examples of ``examples/`` are whole programs; each runs here, as its
documentation page says it does (:doc:`examples` in the docs)."""

from __future__ import annotations

import asyncio
import importlib
import importlib.util
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType

import pytest

from counter_rules import GameState, Pass, record_of, state_from_json

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def load_example(name: str) -> ModuleType:
    """Import ``examples/NAME.py`` as a module."""
    spec = importlib.util.spec_from_file_location(f"example_{name}", EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses and attrs look their module up
    spec.loader.exec_module(module)
    return module


# -- the small examples -------------------------------------------------------------
def test_random_game_example_plays_a_whole_game(capsys: pytest.CaptureFixture[str]) -> None:
    """examples/random_game.py prints every hand and the winners."""
    load_example("random_game").main()
    out = capsys.readouterr().out
    assert out.startswith("hand 1: bids") and "final scores" in out


def test_explain_trick_example_explains_both_tricks(capsys: pytest.CaptureFixture[str]) -> None:
    """examples/explain_trick.py: the victor Four wins, then a Queen cancels it."""
    load_example("explain_trick").main()
    out = capsys.readouterr().out
    assert out.count("winner:") == 2 and "winner: 1" in out


def test_llm_seat_example_plays_whole_games_with_retries() -> None:
    """examples/llm_seat.py: the scripted stand-in for a model plays whole
    games at one seat against bots; its mistakes are answered and retried."""
    tally = load_example("llm_seat").main(2)
    assert tally.games == 2 and tally.decisions > 10
    assert tally.messages > tally.decisions  # some replies were refused and retried
    assert 0 <= tally.fallbacks < tally.decisions


# -- the game server ----------------------------------------------------------------
class Player:
    """A scripted person at the game server: answers each prompt with a move
    from the listed ones (a Five when it can, so that a pass comes soon;
    else the first), with ``by_number`` a card by its number in the list (as
    ``counter-rules play`` takes it), and keeps the transcript."""

    def __init__(self, *, by_number: bool = False) -> None:
        self.transcript: list[str] = []
        self.passes = 0
        self.by_number = by_number

    def choose(self, lines: list[str]) -> str:
        self.transcript += lines
        assert len(self.transcript) < 20_000, "the game does not go on"
        listed = next(x for x in reversed(lines) if x.startswith("Your moves: "))
        items = listed.removeprefix("Your moves: ").removesuffix(".").split(", ")
        moves = [item.partition(") ")[2] or item for item in items]
        fives = [m for m in moves if m.startswith("5")]
        move = (fives or moves)[0]
        self.passes += move.startswith("pass ")
        if self.by_number and not move.startswith(("bid ", "blind bid ")):
            return str(moves.index(move) + 1)
        return move


def _until_prompt(read: Callable[[], str]) -> list[str]:
    """Lines up to and with the prompt, or to the end of the output."""
    lines = []
    while True:
        line = read()
        if not line:
            return lines
        lines.append(line.rstrip("\n"))
        if line.startswith(">>"):
            return lines


async def _tcp_game(
    server_module: ModuleType, args: list[str], player: Player, stop: Callable[[Player], bool]
) -> list[str]:
    """Play a game over TCP until ``stop(player)``, then save and quit; the last lines."""
    make = server_module.session_maker(server_module.parser().parse_args(args))
    server = await server_module.start_server(make, "127.0.0.1", 0, once=True)
    port = server.sockets[0].getsockname()[1]
    reader, writer = await asyncio.open_connection("127.0.0.1", port)

    async def exchange(line: str) -> list[str]:
        writer.write(line.encode() + b"\n")
        await writer.drain()
        return await read_prompt()

    async def read_prompt() -> list[str]:
        lines = []
        while True:
            raw = await reader.readline()
            if not raw:
                return lines
            lines.append(raw.decode().rstrip("\n"))
            if raw.startswith(b">>"):
                return lines

    lines = await read_prompt()
    assert "You are seat 0" in lines[0]
    refused = await exchange("hello")
    assert "got 'hello'; type help for help" in refused[0]
    refused = await exchange("bid 99")
    assert refused[0] == "'bid 99' is not allowed: a bid must be from 0 to 10, got 99"
    while not stop(player):
        lines = await exchange(player.choose(lines))
    saved = await exchange("save")
    assert saved[0].startswith("Saved to ")
    goodbye = await exchange("quit")
    assert goodbye[0].startswith("Goodbye. Saved to ")
    assert await reader.read() == b""  # the server closed the connection
    writer.close()
    server.close()
    await server.wait_closed()
    return goodbye


def _stdio_game(args: list[str], player: Player) -> list[str]:
    """Play a game to its end through ``--stdio`` in a subprocess; the last lines."""
    command = [sys.executable, str(EXAMPLES / "game_server.py"), "--stdio", *args]
    with subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8"
    ) as process:
        assert process.stdin is not None and process.stdout is not None
        lines = _until_prompt(process.stdout.readline)
        while lines[-1].startswith(">>"):
            process.stdin.write(player.choose(lines) + "\n")
            process.stdin.flush()
            lines = _until_prompt(process.stdout.readline)
        player.transcript += lines
        assert process.wait(timeout=60) == 0
    return lines


def _unbroken_game(server_module: ModuleType, args: list[str], player: Player) -> GameState:
    """The same game played through a session alone, never saved in between."""
    session = server_module.session_maker(server_module.parser().parse_args(args))()
    lines = session.start()
    while not session.over:
        lines = session.answer(player.choose(lines))
    state: GameState = session.state
    return state


@pytest.mark.slow
def test_game_server_plays_a_pass_saves_and_resumes_to_the_same_end(tmp_path: Path) -> None:
    """examples/game_server.py: a person at seat 0 over TCP is refused an
    unreadable answer and an illegal bid with the engine's reason, plays
    through Counter's simultaneous pass, saves and quits; ``--stdio --resume``
    finishes the game, answered by the moves' numbers as ``counter-rules play``
    takes them, and it ends as the same game played unbroken."""
    server = load_example("game_server")
    saved, final = tmp_path / "saved.json", tmp_path / "final.json"
    rules = ["--seed", "3", "--option", "target=3"]
    first = Player()

    def after_a_pass(player: Player) -> bool:
        return player.passes > 0 and any(x.startswith("You passed ") for x in player.transcript)

    asyncio.run(_tcp_game(server, [*rules, "--save", str(saved)], first, after_a_pass))
    assert "A Five was played: everyone passes a card face down to the left." in first.transcript
    halfway = state_from_json(saved.read_text(encoding="utf-8"))
    assert not halfway.is_over
    assert any(isinstance(m, Pass) and m.seat == 0 for m in record_of(halfway).moves)

    # The rest of the game answered by the moves' numbers in the lists.
    second = Player(by_number=True)
    last = _stdio_game(["--resume", str(saved), "--save", str(final)], second)
    assert second.transcript[1].startswith("Resumed after ")
    assert not any("there is no move" in x or "expected" in x for x in second.transcript)
    assert last[-2].startswith("Game over. Winners: ")
    resumed = state_from_json(final.read_text(encoding="utf-8"))
    assert resumed.is_over

    unbroken = _unbroken_game(server, [*rules, "--save", str(tmp_path / "unbroken.json")], Player())
    assert unbroken == resumed


def test_game_server_saves_each_game_in_a_file_named_by_its_seed(tmp_path: Path) -> None:
    """``{seed}`` in ``--save`` (as in the default) stands for the game's
    seed: the games of a server do not overwrite each other's saves."""
    server = load_example("game_server")
    args = server.parser().parse_args(["--seed", "3", "--save", str(tmp_path / "g-{seed}.json")])
    make = server.session_maker(args)
    seeds = []
    for _ in range(2):
        session = make()
        session.start()
        assert session.hang_up()[0].startswith(f"Goodbye. Saved to {tmp_path}")
        seeds.append(session.state.seed)
    assert seeds[0] != seeds[1]
    for seed in seeds:
        saved = state_from_json((tmp_path / f"g-{seed}.json").read_text(encoding="utf-8"))
        assert saved.seed == seed and not saved.is_over


def test_game_server_refuses_bad_arguments_with_a_message(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A bad option, seat or bot list stops the server with one line that names it."""
    server = load_example("game_server")
    for args, message in [
        (["--option", "target"], "--option must be NAME=VALUE, got 'target'"),
        (["--seat", "4"], "--seat must be a seat from 0 to 3, got 4"),
        (["--bots", "random,random"], "--bots must name one bot, or one for each of the 3"),
    ]:
        with pytest.raises(SystemExit) as stopped:
            server.main(["--stdio", *args])
        assert stopped.value.code == 2
        assert message in capsys.readouterr().err


# -- the tournament ------------------------------------------------------------------
@pytest.mark.slow
def test_tournament_plays_every_deal_in_every_seating(capsys: pytest.CaptureFixture[str]) -> None:
    """examples/tournament.py: with its defaults (three deals here), the match
    of each rotation of the bots deals the same cards in game g, and over the
    rotations every bot sits at every seat of every deal; the table has a
    mean with an interval for every bot."""
    tournament = load_example("tournament").main(["--deals", "3"])
    players = tournament.rules.players
    assert len(tournament.matches) == players
    for g in range(3):
        games = [m.outcomes[g] for m in tournament.matches]
        assert len({game.seed for game in games}) == 1
        for bot in range(players):
            seats = {game.seats[(bot - r) % players] for r, game in enumerate(games)}
            assert seats == set(range(players))
    table = capsys.readouterr().out.splitlines()
    assert table[0].startswith("Oh Hell: 3 deals, each in 4 seatings (12 games, seed 1)")
    assert [row.split()[1] for row in table[2:]] == ["heuristic", "ismcts:25", "random", "random"]
    for standing in tournament.standings:
        assert standing.mean_score.low <= standing.mean_score.value <= standing.mean_score.high


@pytest.mark.slow
def test_tournament_standings_come_from_the_seed_alone() -> None:
    """The same seed gives the same standings, in one process or two."""
    tournament = load_example("tournament")
    args = ["--rules", "counter", "--option", "target=2", "--bots", "random", "--deals", "2"]
    with pytest.raises(SystemExit):  # one bot for four seats
        tournament.main(args)
    args[-3] = "random,heuristic,random,random"
    alone = tournament.main(args)
    assert tournament.main([*args, "--jobs", "2"]).standings == alone.standings
    assert alone.standings[1].versus_first is not None and alone.standings[0].versus_first is None


# -- the training loop ---------------------------------------------------------------
def _needs(module: str) -> None:
    """Skip without an extra's module, unless CI asks for every example
    (``COUNTER_RULES_EVERY_EXAMPLE=1``, as ``.ci/run`` sets it)."""
    if os.environ.get("COUNTER_RULES_EVERY_EXAMPLE") == "1":
        importlib.import_module(module)
    else:
        pytest.importorskip(module)


@pytest.mark.slow
def test_training_loop_beats_the_random_bot_by_a_margin(capsys: pytest.CaptureFixture[str]) -> None:
    """examples/train_pettingzoo.py, as documented (seed 1): the policy
    learned on the PettingZoo environment scores at least a point a game more
    than the random bot on the same 400 evaluation deals, the 95% interval of
    the difference above 0, and makes its bid more often."""
    _needs("pettingzoo")
    report = load_example("train_pettingzoo").main([])
    assert report.difference.value >= 1.0 and report.difference.low > 0
    assert report.learned.mean_score.value >= report.random.mean_score.value + 1.0
    assert report.learned.bids_made > report.random.bids_made
    assert capsys.readouterr().out.splitlines()[2].startswith("difference")


def test_training_step_makes_a_rewarded_choice_more_likely() -> None:
    """REINFORCE in the example: a choice followed by a score above the
    baseline becomes more likely, one below it less likely."""
    _needs("pettingzoo")  # the example imports the environment (numpy comes with it)
    train = load_example("train_pettingzoo")
    np = importlib.import_module("numpy")
    features = np.eye(3)
    for advantage, sign in ((5.0, 1), (-5.0, -1)):
        policy = train.LinearPolicy(3)
        before = policy.probabilities(features)
        policy.reinforce([train.Step(features, 1, before)], advantage, 0.1)
        assert sign * (policy.probabilities(features)[1] - before[1]) > 0


# -- the plugin package ---------------------------------------------------------------
PLUGIN = EXAMPLES / "plugin_package"


@pytest.fixture(scope="module")
def plugin_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The plugin package installed with pip into a directory of its own (put
    on ``PYTHONPATH`` by the commands that use it); built from a copy, so that
    the build leaves nothing in the checkout."""
    work = tmp_path_factory.mktemp("plugin")
    source, target = work / "source", work / "installed"
    shutil.copytree(PLUGIN, source, ignore=shutil.ignore_patterns("build", "*.egg-info"))
    pip = [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps"]
    pip += ["--no-build-isolation", "--no-index", "--target", str(target), str(source)]
    installed = subprocess.run(pip, capture_output=True, text=True)
    assert installed.returncode == 0, installed.stderr
    return target


def _with_plugin(plugin: Path | None, *args: str) -> subprocess.CompletedProcess[str]:
    """``python ARGS`` with the installed plugin on the path (none: without it)."""
    environment = dict(os.environ)
    if plugin is not None:
        environment["PYTHONPATH"] = os.pathsep.join(
            [str(plugin), *filter(None, [environment.get("PYTHONPATH")])]
        )
    return subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, env=environment, timeout=120
    )


@pytest.mark.slow
def test_plugin_package_installs_and_its_rules_are_listed(plugin_path: Path) -> None:
    """The installed plugin's entry point registers ``oh-hell-streak``:
    ``counter-rules rules`` lists it and prints its rules and options."""
    listing = _with_plugin(plugin_path, "-m", "counter_rules", "rules")
    assert "  oh-hell-streak Oh Hell with a streak bonus (3..7 players)" in listing.stdout
    rules = _with_plugin(plugin_path, "-m", "counter_rules", "rules", "oh-hell-streak")
    assert rules.returncode == 0, rules.stderr
    assert rules.stdout.startswith("Oh Hell with a streak bonus (--rules oh-hell-streak), 3..7")
    assert "The\nstreak bonus: make your bid in STREAK hands in a row" in rules.stdout
    assert "  streak               default 3 " in rules.stdout
    without = _with_plugin(None, "-m", "counter_rules", "rules", "oh-hell-streak")
    assert without.returncode == 2 and "got 'oh-hell-streak'" in without.stderr


@pytest.mark.slow
def test_plugin_ruleset_plays_a_match_whose_records_round_trip(
    plugin_path: Path, tmp_path: Path
) -> None:
    """``counter-rules simulate`` plays a match of the plugin's ruleset with an
    option changed; every record loads again, replays to the same state and
    writes the same text, and shows the streak bonus scored; without the
    plugin, a record of its game is refused with the game's name."""
    records = tmp_path / "records.jsonl"
    match = _with_plugin(
        plugin_path, "-m", "counter_rules", "simulate", "--rules", "oh-hell-streak",
        "--option", "streak=2", "--option", "schedule=3,3,3,3,3,3", "--bots", "random",
        "--games", "8", "--records", str(records),
    )  # fmt: skip
    assert match.returncode == 0, match.stderr
    assert match.stdout.startswith("Oh Hell with a streak bonus, 8 games (seed 1)")
    check = """
import attrs, json, sys
from counter_rules import GameRecord, record_of, replay, state_from_json, state_to_json
bonuses = 0
for line in open(sys.argv[1], encoding="utf-8"):
    state = state_from_json(line)
    assert type(state.rules).__name__ == "StreakOhHell" and state.rules.streak == 2
    record = GameRecord.from_json(line)
    *_, last = replay(record)
    # The match's record names its bots, which the state does not know.
    assert record.bots == ("random",) * state.players
    assert state.is_over and last == state and record_of(state) == attrs.evolve(record, bots=None)
    data = json.loads(line)
    del data["bots"]
    assert json.loads(state_to_json(state)) == data
    made = [0] * state.players
    for hand in state.history:
        for seat in range(state.players):
            made[seat] = made[seat] + 1 if hand.bids[seat] == hand.tricks_won[seat] else 0
            base = hand.tricks_won[seat] + (10 if made[seat] else 0)
            bonus = 10 if made[seat] and made[seat] % 2 == 0 else 0
            assert hand.points[seat] == base + bonus
            bonuses += bonus > 0
print(bonuses)
"""
    checked = _with_plugin(plugin_path, "-c", check, str(records))
    assert checked.returncode == 0, checked.stderr
    assert int(checked.stdout) > 0  # some streaks were rewarded
    refused = _with_plugin(None, "-c", check, str(records))
    assert "got 'StreakOhHell'" in refused.stderr


def test_plugin_ruleset_refuses_a_bad_streak_with_a_message(plugin_path: Path) -> None:
    """The plugin's own check of an option reaches the command line as the
    built-in rulesets' checks do, naming the option."""
    bad = _with_plugin(
        plugin_path, "-m", "counter_rules", "simulate", "--rules", "oh-hell-streak",
        "--option", "streak=0", "--games", "1",
    )  # fmt: skip
    assert bad.returncode == 2
    assert "--option streak must be a whole number of hands, 1 or more, got 0" in bad.stderr


# -- every example, in CI ---------------------------------------------------------------
def test_every_example_has_a_test_here_and_ci_runs_them_all() -> None:
    """Each program of examples/ is loaded by a test of this module, and
    .ci/run runs the tests with every extra and no example skipped."""
    source = Path(__file__).read_text(encoding="utf-8")
    for program in sorted(EXAMPLES.glob("*.py")):
        assert f'load_example("{program.stem}")' in source, program.name
    assert 'PLUGIN = EXAMPLES / "plugin_package"' in source
    ci = EXAMPLES.parent / ".ci" / "run"
    if not ci.exists():
        pytest.skip("a source distribution holds no .ci/run")
    every = r"\nexport [^\n]*\bCOUNTER_RULES_EVERY_EXAMPLE=1\b[^\n]*\npytest\n"
    assert re.search(every, ci.read_text(encoding="utf-8"))


@pytest.fixture(autouse=True)
def _no_stray_modules() -> Iterator[None]:
    """Each test imports the examples afresh."""
    before = set(sys.modules)
    yield
    for name in set(sys.modules) - before:
        if name.startswith("example_"):
            del sys.modules[name]
