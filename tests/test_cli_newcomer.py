"""A newcomer's commands through the real console script: long work shows
its progress from the start and stops within a budget, the help lists every
bot the parser takes, and the records say what they hold (the passes, the
decisions not solved)."""

from __future__ import annotations

import random
import re
import subprocess
from pathlib import Path

import pytest
from cli_helpers import run_cli

from counter_rules import Counter, OhHell, apply_move, legal_moves, new_game, record_of
from counter_rules.bots import BOTS


def console(
    args: list[str], stdin: str = "", timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    """Run ``counter-rules`` as a person does, through its console script."""
    return run_cli(args, stdin, timeout)


def _counter_record(tmp_path: Path, seed: int = 3, stop: int | None = None) -> Path:
    """A game of Counter with four players, random legal moves (its passes
    among them), saved as a record."""
    rng = random.Random(seed)
    state = new_game(Counter(players=4), seed=seed)
    moves = 0
    while not state.is_over and moves != stop:
        state = apply_move(state, rng.choice(legal_moves(state)))
        moves += 1
    path = tmp_path / "counter.json"
    path.write_text(record_of(state).to_json(), encoding="utf-8")
    return path


# -- long work ---------------------------------------------------------------------
def test_analyse_of_a_counter_game_says_its_limits_and_shows_progress_from_the_start(
    tmp_path: Path,
) -> None:
    """analyse on a game of Counter: a note of its limits first, then the
    progress from 0 decisions on standard error (a line, not a terminal),
    and a budget that ends it with the decisions not solved listed, each
    once."""
    path = _counter_record(tmp_path, stop=120)
    done = console(["analyse", str(path), "--budget", "2", "--seconds", "1"])
    assert done.returncode == 0, done.stderr
    note, first, *rest = done.stderr.splitlines()
    assert note.startswith("Counter: exact analysis of the first tricks of a hand can take")
    assert "stops after 2 s (--budget S)" in note and "at most 1 s (--seconds S)" in note
    assert re.fullmatch(r"0/\d+ decisions, 0 s", first)
    total = first.split("/")[1].split()[0]
    *_, last, how = rest
    assert last.startswith(f"{total}/{total} decisions, ")
    assert re.fullmatch(
        r"\d+ decisions were not solved in time: --save FILE keeps the analysis, and "
        r"--resume FILE takes it up",
        how,
    )
    unsolved = done.stdout.split("not solved in the time given:\n", 1)[1].splitlines()
    entries = [
        (where, item)
        for line in unsolved
        if line.startswith("  hand ")
        for where, _, items in [line.strip().partition(": ")]
        for item in items.split(", ")
    ]
    assert entries and len(entries) == len(set(entries))
    assert all(re.fullmatch(r"seat \d (played|passed) \S+", item) for _, item in entries)


def test_analyse_quiet_writes_nothing_on_standard_error(tmp_path: Path) -> None:
    path = _counter_record(tmp_path, stop=60)
    done = console(["analyse", str(path), "--budget", "1", "--quiet"])
    assert done.returncode == 0 and done.stderr == ""


def test_analyse_refuses_a_negative_limit() -> None:
    done = console(["analyse", "-", "--budget", "-3"])
    assert done.returncode == 2
    assert "--budget must be a number of seconds, 0 for no limit, got '-3'" in done.stderr


def test_simulate_shows_its_progress_from_the_start_off_a_terminal() -> None:
    """simulate in a log or a pipe: a line at the start (0 games), then lines
    as games finish, at most every few seconds, and the last."""
    done = console(["simulate", "--games", "3", "--option", "target=2", "--bots", "random"])
    assert done.returncode == 0, done.stderr
    lines = done.stderr.splitlines()
    assert lines[0] == "0/3 games, 0 s" and lines[-1].startswith("3/3 games, ")


def test_simulate_with_a_pimc_seat_at_counter_plays_with_pimcs_counter_limits() -> None:
    """The first try of the issue's slow match: one game of Counter to 2 points
    with PIMC at a seat, by its limits for Counter."""
    done = console(
        ["simulate", "--games", "1", "--option", "target=2", "--players", "3", "--quiet",
         "--bots", "pimc,heuristic,random"]
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert re.search(r"^0 +pimc ", done.stdout, re.MULTILINE)


# -- the help lists the bots ---------------------------------------------------------
@pytest.mark.parametrize("command", ["play", "simulate", "serve"])
def test_the_help_of_each_command_with_bots_lists_every_kind_of_bot(command: str) -> None:
    """--bots (serve: --bot) lists every name of the table the parser reads,
    with its bounds."""
    done = console([command, "--help"])
    assert done.returncode == 0
    text = " ".join(done.stdout.split())
    for kind in BOTS:
        assert kind.usage in text
        if kind.number is not None:
            assert f"from {kind.low:,} to {kind.high:,}" in text
    assert "NAME:N:OPTION=VALUE" in text


def test_serve_describes_its_seed() -> None:
    done = console(["serve", "--help"])
    text = " ".join(done.stdout.split())
    assert "--seed N the seed of the first table's game" in text


def test_a_bot_with_options_plays_by_its_name() -> None:
    """pimc:N:OPTION=VALUE, as the bots page's measurements name bots, plays."""
    done = console(
        ["simulate", "--games", "1", "--rules", "oh-hell", "--option", "schedule=3",
         "--players", "3", "--bots", "pimc:2:nodes=5000:ties=first,random,random", "--quiet"]
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "pimc:2:nodes=5000:ties=first" in done.stdout


# -- the records say what they hold -------------------------------------------------
def test_show_says_which_card_each_seat_passed(tmp_path: Path) -> None:
    """show of a game of Counter with a pass: each seat's card, and to whom."""
    path = _counter_record(tmp_path, seed=5)
    done = console(["show", str(path), "--no-color"])
    assert done.returncode == 0, done.stderr
    lines = [line for line in done.stdout.splitlines() if line.startswith("  the passes: ")]
    assert lines
    assert re.fullmatch(
        r"  the passes: seat 0 \S+ to seat 1, seat 1 \S+ to seat 2, seat 2 \S+ to seat 3, "
        r"seat 3 \S+ to seat 0",
        lines[0],
    )


def test_play_and_the_game_server_read_the_same_numbers() -> None:
    """A move's number is read by one reader (text_seat.read_move): play
    refuses a number outside the list with its message."""
    done = console(
        ["play", "--rules", "oh-hell", "--option", "schedule=3", "--seed", "4", "--bots",
         "random", "--no-color"],
        "0\n99\nq\n",
    )  # fmt: skip
    assert "there is no move '99': the moves are numbered 1 to 2, or ? for help" in done.stdout


def test_a_match_of_copies_prints_one_row_per_bot() -> None:
    done = console(
        ["simulate", "--games", "2", "--rules", "oh-hell", "--option", "schedule=2", "--bots",
         "random", "--quiet"]
    )  # fmt: skip
    rows = done.stdout.splitlines()
    assert rows[2].split()[:2] == ["0-3", "random"] and len(rows) == 4


def test_oh_hell_keeps_pimcs_measured_limits() -> None:
    """PIMC's limits where the fast search runs are those its Oh Hell
    figures were measured with: 16 worlds, 200,000 positions a question."""
    from counter_rules.bots import PIMCBot

    world = new_game(OhHell(players=4, schedule=(10,), hook=True), seed=1)
    limits = PIMCBot().limits(world)
    assert (limits.worlds, limits.nodes, limits.budget) == (16, 200_000, 0)
