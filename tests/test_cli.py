"""The command line: every command, a whole interactive game through standard
input, bad input answered and asked again, JSON that parses."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from counter_rules import InvalidArgumentError, standard_deck
from counter_rules.cli import main, make_rules


def run(argv: list[str], stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(argv, out=out, inp=io.StringIO(stdin), err=err)
    return code, out.getvalue(), err.getvalue()


def test_demo_keeps_its_output() -> None:
    """``demo`` (used by the README) still prints a whole explained game."""
    code, out, _ = run(["demo", "--players", "4", "--seed", "7"])
    assert code == 0
    assert out.startswith("Counter, 4 players, first to 8 points (seed 7)\n")
    assert "\nGame over after " in out and "      - " in out


def test_explain_keeps_its_output() -> None:
    """``explain`` (used by the README) prints every effect and the winner."""
    code, out, _ = run(["explain", "4S", "4D", "3S", "QS", "--trump", "H"])
    assert code == 0
    assert out.splitlines()[0] == "trick: P0:4♠  P1:4♦  P2:3♠  P3:Q♠   (trump ♥)"
    assert "winner: seat 2" in out


def test_rules_lists_every_ruleset() -> None:
    """``rules`` without a name lists the rulesets."""
    code, out, _ = run(["rules"])
    assert code == 0
    for name in ("counter", "up-and-down", "blackout", "oh-hell", "office", "north-east"):
        assert f"  {name} " in out


@pytest.mark.parametrize(
    "name", ["counter", "up-and-down", "blackout", "oh-hell", "office", "north-east"]
)
def test_rules_shows_summary_and_options(name: str) -> None:
    """``rules NAME`` shows the rules in brief and each option with default and values."""
    code, out, _ = run(["rules", name])
    assert code == 0
    assert "Options (--players N, --option NAME=VALUE):" in out
    assert "  players " in out and "default" in out
    assert "Args:" not in out


def test_rules_counter_options() -> None:
    """Counter's options: players 3..5, target none, hook false."""
    _, out, _ = run(["rules", "counter"])
    assert "  players              default 4          3..5" in out
    assert "  hook                 default false      true | false" in out
    assert "target" in out


def test_play_a_whole_game_through_standard_input() -> None:
    """A person plays a whole seeded game by typing move numbers."""
    code, out, _ = run(
        ["play", "--rules", "counter", "--option", "target=2", "--seed", "3", "--bots", "random"],
        "1\n" * 200,
    )
    assert code == 0
    assert "You are seat 0" in out and "your hand:" in out
    assert "Your moves (bid):" in out and "Your moves (play):" in out
    assert "  trick: " in out and "      - " in out  # tricks explained with effects
    assert "Hand 1 over." in out and "\nGame over after " in out


def test_play_is_reproducible() -> None:
    """The same seed and the same answers give the same game."""
    argv = ["play", "--rules", "oh-hell", "--option", "schedule=2,3", "--seed", "5"]
    first = run(argv, "1\n" * 50)
    assert first[0] == 0
    assert run(argv, "1\n" * 50) == first


def test_bad_input_is_answered_and_asked_again() -> None:
    """Unknown text, a number out of range and an illegal card are re-asked;
    moves may be typed as they are listed."""
    code, out, _ = run(
        ["play", "--option", "target=1", "--seed", "3", "--bots", "random", "--seat", "1"],
        "hello\n0\n99\nbid 11\nbid 1\n" + "1\n" * 100,
    )
    assert code == 0
    assert out.count("is not one of your moves") == 4
    assert "'hello' is not one of your moves: type its number (1 to 11)" in out
    assert "you: 1" in out  # the bid typed as text was taken


def test_cards_can_be_typed() -> None:
    """A card typed as text (QS or Q♠) is a move."""
    code, out, _ = run(
        ["play", "--rules", "oh-hell", "--option", "schedule=1", "--seed", "2", "--bots", "random"],
        "bid 0\n" + "".join(f"{c.letters}\n" for c in standard_deck()),
    )
    assert code == 0 and "Game over" in out


def test_simultaneous_bids_and_passes_are_asked() -> None:
    """The office rules' simultaneous bids and Counter's passes reach the player."""
    code, out, _ = run(
        ["play", "--rules", "office", "--option", "rounds=1", "--seed", "4"], "1\n" * 40
    )
    assert code == 0 and "Your moves (bid):" in out
    code, out, _ = run(["play", "--seed", "3", "--option", "target=3"], "1\n" * 400)
    assert code == 0 and "Your moves (pass a card to your left):" in out
    assert "you passed " in out


def test_end_of_input_and_quit_abandon_the_game() -> None:
    """Input that ends, or q, stops the game with a message."""
    code, out, _ = run(["play", "--seed", "3"], "1\n")
    assert code == 1 and "Game abandoned (input ended)" in out
    code, out, _ = run(["play", "--seed", "3"], "q\n")
    assert code == 1 and "Game abandoned (you quit)" in out


def test_simulate_prints_a_table_and_a_progress_bar() -> None:
    """``simulate`` prints the summary table; the progress bar goes to stderr."""
    code, out, err = run(
        ["simulate", "--option", "target=2", "--bots", "heuristic,random,random,random",
         "--games", "4", "--seed", "1"]
    )  # fmt: skip
    assert code == 0
    assert "4 games (seed 1)" in out and "win rate" in out
    assert "] 4/4 games" in err


def test_simulate_json_parses() -> None:
    """``simulate --json`` prints JSON with every bot's results."""
    code, out, _ = run(
        ["simulate", "--rules", "oh-hell", "--option", "schedule=3", "--bots", "random",
         "--games", "3", "--json", "--jobs", "2"]
    )  # fmt: skip
    assert code == 0
    data = json.loads(out)
    assert data["games"] == 3 and len(data["bots"]) == 4
    assert set(data["bots"][0]) >= {"win_rate", "mean_score", "points_per_hand", "bids_made"}


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "--option", "colour=red"], "--option must be NAME=VALUE"),
        (["play", "--option", "target=lots"], "option target must be"),
        (["play", "--players", "7"], "Counter.players must be"),
        (["play", "--bots", "random,random"], "--bots must name one bot or one per seat"),
        (["play", "--seat", "4"], "--seat must be 0..3"),
        (["simulate", "--bots", "wizard"], "bot must be one of"),
    ],
)
def test_bad_options_are_errors(argv: list[str], message: str) -> None:
    """Bad options exit with status 2 and a message naming them."""
    code, _, err = run(argv, "q\n")
    assert code == 2
    assert message in err


def test_make_rules_parses_every_kind_of_value() -> None:
    """Booleans, numbers, none, hand sizes and suit rotations."""
    rules = make_rules(
        "oh-hell", 5,
        ["schedule=3,2", "hook=yes", "trump=rotation", "rotation=H,none", "decks=2"],
    )  # fmt: skip
    assert rules.players == 5 and rules.schedule == (3, 2) and rules.hook
    assert rules.rotation[1] is None and rules.decks == 2
    assert make_rules("counter", options=["target=none"]).target is None
    with pytest.raises(InvalidArgumentError, match="rules must be one of"):
        make_rules("bridge")
    with pytest.raises(InvalidArgumentError, match=r"option hook must be true \| false"):
        make_rules("counter", options=["hook=maybe"])


def test_python_dash_m_plays_through_stdin() -> None:
    """``python -m counter_rules play`` reads the moves from standard input."""
    done = subprocess.run(
        [sys.executable, "-m", "counter_rules", "play", "--option", "target=1", "--seed", "9"],
        input="1\n" * 100,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "Game over" in done.stdout
