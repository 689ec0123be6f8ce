"""The command line: every subcommand, whole interactive games through
standard input (undo, explain, score sheet, save and resume), bad arguments as
one-line usage errors with status 2, broken pipes, Ctrl-C, and JSON that parses."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import attrs
import pytest
from cli_helpers import run_cli

from counter_rules import Counter, GameRecord, InvalidArgumentError, standard_deck
from counter_rules.cli import main, make_rules
from counter_rules.cli._arguments import seed_number
from counter_rules.rulesets.registry import ruleset_entries, unregister_ruleset


@pytest.fixture(autouse=True)
def _in_a_scratch_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """play saves an abandoned game in the working directory: keep it out of the checkout."""
    monkeypatch.chdir(tmp_path)


def run(argv: list[str], stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(argv, out=out, inp=io.StringIO(stdin), err=err)
    return code, out.getvalue(), err.getvalue()


def python_m(
    args: list[str], stdin: str = "", timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    return run_cli(args, stdin, timeout, module=True)


# -- demo, explain, rules ------------------------------------------------------------
def test_demo_prints_a_whole_explained_game() -> None:
    """``demo`` (used by the README) prints every hand, trick and effect."""
    code, out, _ = run(["demo", "--players", "4", "--seed", "7"])
    assert code == 0
    assert out.startswith("Counter, 4 players, first to 8 points (seed 7)\n")
    assert "\nGame over after " in out and "      - " in out
    code, quiet, _ = run(["demo", "--players", "3", "--seed", "2", "--quiet"])
    assert code == 0 and "      - " not in quiet
    assert "(s)" not in quiet  # "1 hand", "2 hands", "Winner", "Winners"


def test_explain_prints_every_effect_and_the_winner() -> None:
    """``explain`` (used by the README) prints every effect and the winner."""
    code, out, _ = run(["explain", "4S", "4D", "3S", "QS", "--trump", "H"])
    assert code == 0
    assert out.splitlines()[0] == "trick: P0:4♠  P1:4♦  P2:3♠  P3:Q♠   (trump ♥)"
    assert "winner: seat 2" in out


def test_explain_reveal_makes_a_victor_four() -> None:
    """``--reveal 0=4H`` shows a Four with the led Four: it wins outright."""
    code, out, _ = run(["explain", "4S", "9D", "KS", "--trump", "none", "--reveal", "0=4H"])
    assert code == 0 and "winner: seat 0" in out


def test_rules_lists_every_registered_ruleset_with_players() -> None:
    """``rules`` without a name lists every ruleset with its player counts."""
    code, out, _ = run(["rules"])
    assert code == 0
    for entry in ruleset_entries():
        assert f"  {entry.name} " in out
    assert "(3..5 players)" in out and "(5 or 6 players)" in out


@pytest.mark.parametrize(
    "name", ["counter", "up-and-down", "blackout", "oh-hell", "office", "north-east"]
)
def test_rules_reads_as_a_player_reads_them(name: str) -> None:
    """``rules NAME`` prints the player's text and the options, and nothing
    from the project's sources or the docstrings."""
    code, out, _ = run(["rules", name])
    assert code == 0
    assert "Options (--players N, --option NAME=VALUE):" in out
    for internal in ("seed 00", "Args:", ":class:", "``", "pipeline", "(s)"):
        assert internal not in out


def test_rules_counter_says_what_each_card_does() -> None:
    """Counter's rules name every rank's power and the scoring."""
    _, out, _ = run(["rules", "counter"])
    for rank in ("Ace:", "Two:", "Three:", "Four:", "Five:", "Six:", "Seven:", "Eight:",
                 "Nine:", "Ten:", "Jack:", "Queen:", "King:", "Scoring"):  # fmt: skip
        assert rank in out
    assert "  players              default 4                3..5 players" in out


def test_rules_lists_the_allowed_names_from_the_rulesets_own_checks() -> None:
    """A named option lists its values, read from the ruleset's check."""
    _, out, _ = run(["rules", "oh-hell"])
    assert "plain | must_trump" in out
    assert "suits such as S,H,none" in out


def test_the_rules_texts_are_the_docs_texts() -> None:
    """The docs pages include the same files the command prints."""
    docs = Path(__file__).parent.parent / "docs"
    for page, name in [("counter", "counter"), ("up_and_down", "up-and-down"),
                       ("blackout", "blackout"), ("oh_hell", "oh-hell")]:  # fmt: skip
        text = (docs / f"{page}.rst").read_text(encoding="utf-8")
        assert f"texts/{name}.rst" in text, page


# -- playing -------------------------------------------------------------------------
def test_play_a_whole_game_through_standard_input() -> None:
    """A person plays a whole seeded game by typing move numbers."""
    code, out, _ = run(
        ["play", "--rules", "counter", "--option", "target=2", "--seed", "3", "--bots", "random"],
        "1\n" * 400,
    )
    assert code == 0
    assert "You are seat 0" in out and "your hand:" in out
    assert "Your moves (bid):" in out and "Your moves (play):" in out
    assert "  trick 1: " in out and "Score sheet:" in out
    assert "\nGame over after " in out


def test_running_scores_are_shown_after_the_first_hand() -> None:
    """From the second hand on, each decision shows the running scores."""
    code, out, _ = run(
        ["play", "--rules", "oh-hell", "--option", "schedule=1,2", "--bots", "random"],
        "1\n" * 20,
    )
    assert code == 0
    first, second = out.split("== Hand 2: ")
    assert "  scores: " not in first and "  scores: you " in second


def test_only_one_legal_move_is_played_without_asking() -> None:
    """The last card of a hand is played for the player, with a note."""
    code, out, _ = run(
        ["play", "--rules", "oh-hell", "--option", "schedule=2", "--seed", "4", "--bots", "random"],
        "1\n1\n",
    )
    assert code == 0
    assert "(your only legal move)" in out
    assert out.count("Your bid [") == 1 and out.count("Your move [") == 1


def test_play_is_reproducible() -> None:
    """The same seed and the same answers give the same game."""
    argv = ["play", "--rules", "oh-hell", "--option", "schedule=2,3", "--seed", "5"]
    first = run(argv, "1\n" * 50)
    assert first[0] == 0
    assert run(argv, "1\n" * 50) == first


def test_bad_answers_are_answered_and_asked_again() -> None:
    """Unreadable text, a number out of range and moves the rules refuse are
    answered (the refusals with the engine's reason) and asked again; a bid is
    typed as its number."""
    code, out, _ = run(
        ["play", "--option", "target=1", "--seed", "3", "--bots", "random", "--seat", "1"],
        "hello\n11\nblind bid 1\nP2:bid 1\n1\n99\n" + "1\n" * 100,
    )
    assert code == 0
    assert "expected a card such as 'QS', 'Q♠' or '10h'" in out and "got 'hello'" in out
    assert "'11' is not allowed: " in out
    assert "'blind bid 1' is not allowed: " in out
    assert "'P2:bid 1' is not allowed: the answer names seat 2, it is read for seat 1" in out
    assert "there is no move '99': the moves are numbered 1 to " in out
    assert "bids: seat 0 " in out and "you 1" in out


def test_a_refused_card_is_answered_with_the_engines_reason() -> None:
    """A card that may not be played is refused with the reason the engine
    gives (must follow, does not hold), not one line for every refusal."""
    code, out, _ = run(
        ["play", "--rules", "oh-hell", "--option", "schedule=5", "--seed", "2", "--bots",
         "random"],
        "bid 0\n" + "".join(f"{c.letters}\n" for c in standard_deck()) * 5,
    )  # fmt: skip
    assert code == 0 and "Game over" in out
    assert "is not allowed: seat 0 does not hold " in out
    assert "is not allowed: seat 0 must follow " in out


def test_cards_can_be_typed() -> None:
    """A card typed as text (QS or Q♠) is a move."""
    code, out, _ = run(
        ["play", "--rules", "oh-hell", "--option", "schedule=1,2", "--seed", "2", "--bots",
         "random"],
        "bid 0\n" + "".join(f"{c.letters}\n" for c in standard_deck()) + "bid 0\n"
        + "".join(f"{c}\n" for c in standard_deck()),
    )  # fmt: skip
    assert code == 0 and "Game over" in out


def test_help_explain_and_score_sheet_answers() -> None:
    """?, e, e N and p answer without making a move."""
    code, out, _ = run(
        ["play", "--seed", "3", "--bots", "random", "--option", "target=2"],
        "?\n1\n1\n2\ne\ne 1\ne 9\np\nq\n",
    )
    assert code == 1
    assert "Answers:" in out and "u              undo" in out
    assert "Trick 2: seat 3 K♦" in out and "Trick 1: seat 1 A♥" in out
    assert "1. trump is ♣" in out
    assert "e N explains trick N of this hand, N from 1 to 2" in out
    assert "Score sheet:\n  hand " in out


def test_undo_goes_back_to_the_last_decision() -> None:
    """u restores the state before the player's last decision; a second u goes
    back one more; with none left it says so. The bots replay the same way."""
    argv = ["play", "--seed", "3", "--bots", "random", "--option", "target=2"]
    _, straight, _ = run(argv, "2\n1\nq\n")
    code, undone, _ = run(argv, "u\n1\n1\nu\nu\n2\n1\nq\n")
    assert code == 1
    assert "Nothing to undo: you have made no decision yet." in undone
    assert undone.count("Back to your last decision.") == 2
    marker = "Your bid [the number; ? for help]: 2\n"
    assert undone.endswith(straight.split(marker, 1)[1])


def test_save_and_resume(tmp_path: Path) -> None:
    """s FILE saves the game as a record; --resume FILE goes on from there,
    exactly as the unbroken game does."""
    path = tmp_path / "game.json"
    argv = ["play", "--seed", "6", "--bots", "random", "--option", "target=1"]
    _, whole, _ = run(argv, "1\n" * 400)
    code, out, _ = run(argv, f"1\n1\ns {path}\nq\n")
    assert code == 1 and f"Saved to {path}" in out
    record = GameRecord.from_json(path.read_text(encoding="utf-8"))
    assert record.rules == Counter(target=1) and record.seed == 6
    code, resumed, _ = run(["play", "--resume", str(path), "--bots", "random"], "1\n" * 400)
    assert code == 0
    assert resumed.splitlines()[-1] == whole.splitlines()[-1]


def test_resume_of_a_bad_file_is_a_usage_error(tmp_path: Path) -> None:
    """A missing file or one that is not a record: status 2, one line."""
    bad = tmp_path / "bad.json"
    bad.write_text("{}", encoding="utf-8")
    for path in (tmp_path / "missing.json", bad):
        code, _, err = run(["play", "--resume", str(path)])
        assert code == 2 and err.count("\n") == 1 and "--resume" in err


def test_resume_refuses_the_arguments_the_saved_game_decides(tmp_path: Path) -> None:
    """--resume with --rules, --players, --option or --seed: status 2, one line
    naming each of them (the saved game's ruleset and seed would win silently)."""
    path = tmp_path / "game.json"
    run(["play", "--seed", "6", "--bots", "random"], f"1\ns {path}\nq\n")
    argv = ["play", "--resume", str(path), "--rules", "up-and-down", "--players", "5",
            "--option", "hook=true", "--seed", "99"]  # fmt: skip
    code, out, err = run(argv, "1\n" * 400)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "--rules, --players, --option, --seed cannot be given with it" in err
    for extra in (["--seed", "6"], ["--rules", "counter"], ["--players", "4"]):
        code, _, err = run(["play", "--resume", str(path), *extra])
        assert code == 2 and f"{extra[0]} cannot be given" in err


def test_resume_of_a_file_of_records_asks_which_game(tmp_path: Path) -> None:
    """--resume of a file simulate --records wrote says how many records it
    holds and to pick one with --game; --game N resumes the N-th."""
    path = tmp_path / "games.jsonl"
    run(["simulate", "--games", "3", "--option", "target=1", "--records", str(path)])
    code, _, err = run(["play", "--resume", str(path)])
    assert code == 2 and err.count("\n") == 1
    assert "holds 3 records" in err and "--game N, N from 1 to 3" in err
    code, _, err = run(["play", "--resume", str(path), "--game", "4"])
    assert code == 2 and "got --game 4" in err
    code, out, _ = run(["play", "--resume", str(path), "--game", "2"], "q\n")
    second = GameRecord.from_json(path.read_text(encoding="utf-8").splitlines()[1])
    assert f"seed {second.seed}" in out
    code, _, err = run(["play", "--game", "2"])
    assert code == 2 and "--game picks a record of the --resume file" in err


def test_show_and_play_read_a_file_of_records_alike(tmp_path: Path) -> None:
    """show and play --resume pick a record of a file of records the same
    way, and word a --game beyond it the same way."""
    path = tmp_path / "games.jsonl"
    run(["simulate", "--games", "2", "--option", "target=1", "--records", str(path)])
    _, _, shown = run(["show", str(path), "--game", "3"])
    _, _, resumed = run(["play", "--resume", str(path), "--game", "3"])
    assert shown.startswith(f"counter-rules show: error: FILE {str(path)!r} holds 2 records")
    assert resumed.startswith(f"counter-rules play: error: --resume {str(path)!r} holds 2 records")
    assert (
        shown.split(" holds ")[1].split(" (see ")[0]
        == resumed.split(" holds ")[1].split(" (see ")[0]
    )
    single = tmp_path / "one.json"
    single.write_text(path.read_text(encoding="utf-8").splitlines()[0], encoding="utf-8")
    code, _, err = run(["show", str(single), "--game", "2"])
    assert code == 2 and "holds one record, so --game must be 1 or left out, got 2" in err


@pytest.mark.parametrize("command", ["play", "simulate", "demo"])
def test_seed_takes_every_seed_new_game_takes_and_no_other(command: str) -> None:
    """--seed takes the 39-digit seeds up to 2**128 - 1 (and down to its
    negative), as new_game does, and every command refuses 2**128 naming the
    range."""
    assert seed_number("--seed")(str(2**128 - 1)) == 2**128 - 1
    assert seed_number("--seed")(str(-(2**128 - 1))) == -(2**128 - 1)
    code, _, err = run([command, "--seed", str(2**128)])
    assert code == 2
    assert "--seed must be an integer from -(2**128 - 1) to 2**128 - 1" in err


@pytest.mark.parametrize(
    ("rules", "players"),
    [("counter", 3), ("counter", 5), ("up-and-down", 7), ("blackout", 3), ("oh-hell", 2),
     ("office", 6), ("north-east", 5)],
)  # fmt: skip
def test_every_ruleset_and_seat_count_plays(rules: str, players: int) -> None:
    """play works for every ruleset and preset, at several seat counts, and
    from any seat."""
    argv = ["play", "--rules", rules, "--players", str(players), "--seed", "2",
            "--bots", "random", "--seat", str(players - 1)]  # fmt: skip
    if rules in ("up-and-down", "blackout", "oh-hell"):
        argv += ["--option", "up_to_ten=true" if rules == "up-and-down" else "hook=true"]
    # "0" bids 0 (or, where the hook forbids it, "1" bids 1) and picks no card.
    code, out, _ = run(argv, "0\n1\n" * 2000)
    assert code == 0, out[-500:]
    assert "Game over" in out


def test_simultaneous_bids_and_passes_are_asked() -> None:
    """The office rules' simultaneous bids and Counter's passes reach the player."""
    code, out, _ = run(["play", "--rules", "office", "--option", "rounds=1", "--seed", "4"],
                       "1\n" * 40)  # fmt: skip
    assert code == 0 and "Your moves (bid):" in out and "the bids: " in out
    code, out, _ = run(["play", "--seed", "3", "--option", "target=3"], "1\n" * 400)
    assert code == 0 and "Your moves (pass a card to your left):" in out
    assert "you passed " in out


def test_end_of_input_and_quit_abandon_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Input that ends, or q, stops the game with status 1; the message goes to
    standard error."""
    monkeypatch.chdir(tmp_path)  # the game is saved to the current directory
    code, out, err = run(["play", "--seed", "3"], "1\n")
    assert code == 1 and err.startswith("Game abandoned (the input ended). Saved to ")
    code, out, err = run(["play", "--seed", "3"], "q\n")
    assert code == 1 and err.startswith("Game abandoned (you quit). Saved to ")
    assert "Game abandoned" not in out


def test_an_abandoned_game_is_saved_and_resumes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """q and the end of the input save the game (to --save, by default
    counter-rules-game.json in the working directory); --resume goes on from
    the same position."""
    monkeypatch.chdir(tmp_path)
    argv = ["play", "--seed", "5", "--bots", "random", "--option", "target=1"]
    _, whole, _ = run(argv, "1\n" * 400)
    for answers in ("1\n1\nq\n", "1\n1\n"):
        code, _, err = run(argv, answers)
        assert code == 1
        assert "Saved to counter-rules-game.json; counter-rules play --resume" in err
        record = GameRecord.from_json(Path("counter-rules-game.json").read_text(encoding="utf-8"))
        assert record.seed == 5 and len(record.moves) > 2
        code, resumed, _ = run(["play", "--resume", "counter-rules-game.json", "--bots", "random"],
                               "1\n" * 400)  # fmt: skip
        assert code == 0 and resumed.splitlines()[-1] == whole.splitlines()[-1]
    path = tmp_path / "elsewhere.json"
    code, _, err = run([*argv, "--save", str(path)], "q\n")
    assert f"Saved to {path}" in err and path.exists()


def test_play_deals_a_fresh_printed_seed_by_default() -> None:
    """Without --seed every game deals new cards, and the seed is printed so
    the game can be dealt again."""
    seeds = set()
    for _ in range(3):
        code, out, _ = run(["play", "--bots", "random"], "q\n")
        assert code == 1
        seed = out.split(", seed ", 1)[1].split(".", 1)[0]
        seeds.add(int(seed))
    assert len(seeds) == 3
    again = run(["play", "--bots", "random", "--seed", str(seeds.pop())], "q\n")[1]
    assert "your hand:" in again


def test_colour_only_when_asked_for_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Cards are coloured on a terminal, not with --no-color or NO_COLOR, and
    never when the output is not a terminal."""

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    argv = ["play", "--rules", "oh-hell", "--option", "schedule=1", "--seed", "2"]
    for extra, coloured in [([], True), (["--no-color"], False)]:
        out = Terminal()
        main([*argv, *extra], out=out, inp=io.StringIO("1\n1\n"), err=io.StringIO())
        assert ("\x1b[" in out.getvalue()) is coloured
    monkeypatch.setenv("NO_COLOR", "1")
    out = Terminal()
    main(argv, out=out, inp=io.StringIO("1\n1\n"), err=io.StringIO())
    assert "\x1b[" not in out.getvalue()
    assert "\x1b[" not in run(argv, "1\n1\n")[1]


# -- simulate ------------------------------------------------------------------------
def test_simulate_defaults_work_for_every_player_count() -> None:
    """With no --bots, heuristic plays random at every other seat, whatever the count."""
    for players in ("3", "5"):
        code, out, _ = run(["simulate", "--players", players, "--games", "2",
                            "--option", "target=1"])  # fmt: skip
        assert code == 0 and "heuristic" in out


def test_simulate_table_intervals_respect_the_scores() -> None:
    """Two games: no interval of a mean score goes below 0."""
    code, out, _ = run(["simulate", "--games", "2", "--json", "--option", "target=2"])
    assert code == 0
    for bot in json.loads(out)["bots"]:
        assert bot["mean_score"]["low"] >= 0 and bot["points_per_hand"]["low"] >= 0


def test_simulate_progress_bar_when_asked() -> None:
    """The progress bar goes to stderr with --progress (by default only on a
    terminal; elsewhere a line every few seconds); --no-progress and --quiet
    silence it."""
    argv = ["simulate", "--option", "target=2", "--games", "4", "--seed", "1"]
    code, out, err = run([*argv, "--progress"])
    assert code == 0 and "4 games (seed 1)" in out and "] 4/4 games" in err
    lines = run(argv)[2].splitlines()
    assert lines[0] == "0/4 games, 0 s" and lines[-1].startswith("4/4 games, ")
    assert run([*argv, "--no-progress"])[2] == run([*argv, "--quiet"])[2] == ""


def test_simulate_json_parses_and_uses_workers() -> None:
    """``simulate --json --jobs 2`` prints JSON with every bot's results."""
    code, out, _ = run(
        ["simulate", "--rules", "oh-hell", "--option", "schedule=3", "--bots", "random",
         "--games", "3", "--json", "--jobs", "2"]
    )  # fmt: skip
    assert code == 0
    data = json.loads(out)
    assert data["games"] == 3 and len(data["bots"]) == 4
    assert set(data["bots"][0]) >= {"win_rate", "mean_score", "points_per_hand", "bids_made"}


def test_simulate_writes_records_as_json_lines(tmp_path: Path) -> None:
    """--records FILE holds one record a game, each loading and replaying."""
    path = tmp_path / "games.jsonl"
    code, _, _ = run(["simulate", "--games", "3", "--option", "target=1", "--records",
                      str(path)])  # fmt: skip
    assert code == 0
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 3
    for line in lines:
        assert GameRecord.from_json(line).final_state().is_over


# -- bad arguments -------------------------------------------------------------------
@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "--option", "colour=red"], "--option must be NAME=VALUE"),
        (["play", "--option", "target=lots"], "--option target must be"),
        (["play", "--players", "7"], "--players must be 3, 4 or 5, got 7"),
        (["play", "--players", "x"], "--players must be a whole number"),
        (
            ["play", "--bots", "random,random"],
            "--bots must name one bot for every other seat or one per other seat (3 other seats)",
        ),
        (
            ["simulate", "--bots", "random,random"],
            "--bots must name one bot for every seat or one per seat (4 seats)",
        ),
        (["play", "--seat", "4"], "--seat must be a seat from 0 to 3"),
        (["play", "--seat", "-1"], "--seat must be a whole number of at least 0"),
        (["play", "--hint-jobs", "0"], "--hint-jobs must be a whole number from 1 to 64"),
        (
            ["analyse", "game.json", "--jobs", "65"],
            "--jobs must be a whole number from 1 to 64",
        ),
        (["play", "--rules", "poker"], "--rules must be one of counter"),
        (["simulate", "--bots", "wizard"], "--bots: bot must be one of random, heuristic"),
        (["simulate", "--jobs", "0"], "--jobs must be a whole number from 1 to 1,024, got '0'"),
        (["simulate", "--jobs", "5000"], "--jobs must be a whole number from 1 to 1,024"),
        (["simulate", "--games", "0"], "--games must be a whole number from 1 to 100,000,000"),
        (
            ["simulate", "--bots", "ismcts:99999999999999999999"],
            "N iterations a decision, from 1 to 100,000",
        ),
        (["simulate", "--bots", "ismcts:100001"], "N iterations a decision, from 1 to 100,000"),
        (["simulate", "--bots", "ismcts:²"], "N iterations a decision, from 1 to 100,000"),
        (["simulate", "--bots", "random,random,random," + "x" * 100_000], "got 'xxxxxxxx"),
        (["simulate", "--games", "none"], "--games must be a whole number"),
        (["demo", "--players", "9"], "--players must be 3, 4 or 5"),
        (["rules", "poker"], "NAME must be one of counter"),
        (["explain", "4S", "4D", "3S", "QS", "--trump", "H", "--reveal", "x=4H"], "--reveal"),
        (["explain", "4S", "4D", "3S", "QS", "--trump", "H", "--reveal", "9=4H"], "0..3"),
        (["explain", "4S", "4D", "3S", "QS", "--trump", "H", "--reveal", "0="], "a Four"),
        (["explain", "4S", "4D", "3S", "QS", "--trump", "H", "--reveal", "=4H"], "--reveal"),
        (["explain", "4S", "4D", "3S", "QS", "--trump", "H", "--reveal", "garbage"], "I=CARD"),
        (
            [
                "explain",
                "4S",
                "4D",
                "3S",
                "QS",
                "--trump",
                "H",
                "--reveal",
                "1=4H",
                "--reveal",
                "1=4C",
            ],
            "twice",
        ),
        (["explain", "4S", "4D", "3S", "QS", "--trump", "H", "--leader", "7"], "0 to 3, got 7"),
        (["explain", "4S", "4D", "3S", "QS", "--trump", "H", "--leader", "-1"], "at least 0"),
        (["explain", "4S", "1X", "--trump", "H"], "expected a card like"),
        (["explain", "4S", "4D", "3S", "--trump", "X"], "--trump must be a suit"),
        (["explain", "4S", "4D", "--trump", "H"], "one card per player, 3 to 5: got 2"),
        (["explain", "4S", "4D", "3S", "QS", "--trump", "H", "--reveal", "1=QS"], "another Four"),
        (["play", "--rules", "oh-hell", "--option", "rotation=X"], "--option rotation: expected"),
        (
            ["play", "--rules", "oh-hell", "--option", "jokers=brader", "--option", "decks=2"],
            "--option jokers needs decks=1",
        ),
        (["bridge"], "invalid choice"),
    ],
)
def test_bad_arguments_are_one_line_and_status_2(argv: list[str], message: str) -> None:
    """Every bad argument: one line on stderr naming it, status 2, nothing on stdout."""
    code, out, err = run(argv, "q\n")
    assert code == 2
    assert message in err
    assert err.count("\n") == 1 and out == ""
    assert "jobs must be a positive integer or None" not in err
    assert len(err) < 600  # a long value is shortened


def test_a_whole_pack_schedule_on_the_command_line_names_the_cli_way_out() -> None:
    """``--option schedule=13`` (4 players, trump turned) says no card is left
    to turn and offers ``no_trump_max=true``, as ``--option`` spells it."""
    code, _, err = run(["simulate", "--rules", "oh-hell", "--option", "schedule=13"])
    assert code == 2
    assert "--option schedule deals all 52 cards in a hand of 13: no card is left" in err
    assert "no_trump_max=true or another trump source" in err
    assert "True" not in err
    code, _, err = run(["simulate", "--rules", "oh-hell", "--option", "schedule=12,14"])
    assert code == 2 and "got 12,14 " in err and "(12, 14)" not in err


def test_option_errors_spell_values_as_the_command_line_does() -> None:
    """A bad truth value is answered with ``true or false``, the spelling
    ``--option`` takes, not Python's ``True or False``."""
    code, _, err = run(["simulate", "--option", "hook=maybe"])
    assert code == 2
    assert "--option hook must be true or false, got 'maybe'" in err


def test_explain_spells_no_next_trump_as_none() -> None:
    """``explain`` writes a trick at no trump's next trump as ``none``, as its
    ``--trump`` and its "trump is none" line spell it."""
    code, out, _ = run(["explain", "4S", "9D", "3S", "--trump", "none", "--reveal", "0=4H"])
    assert code == 0
    assert out.splitlines()[-1] == "next leader: seat 0; next trump: none"


def test_explain_says_a_four_cannot_show_itself() -> None:
    """``--reveal 0=4S`` on a led 4S: the Four shows itself, and explain says so."""
    code, _, err = run(["explain", "4S", "9D", "3S", "--trump", "none", "--reveal", "0=4S"])
    assert code == 2
    assert "the card shown with 4♠ must be another Four, got 4♠" in err


def test_version_and_help() -> None:
    """--version everywhere; each subcommand's help has a description and an example."""
    from counter_rules import __version__

    for argv in (["--version"], ["play", "--version"], ["rules", "--version"]):
        code, out, _ = run(argv)
        assert code == 0 and out.startswith(f"counter-rules {__version__} (")
    for command in ("play", "simulate", "show", "rules", "explain", "demo"):
        code, out, _ = run([command, "--help"])
        assert code == 0 and "\nexample:\n  counter-rules " + command in out
        description = out.split("\n\n")[1]
        assert len(description) > 40 and not description.startswith("options")


# -- a newcomer's first five minutes ---------------------------------------------------
def test_bare_counter_rules_shows_help() -> None:
    """counter-rules with no command prints the help (the commands and an
    example), status 0."""
    code, out, err = run([])
    assert code == 0 and err == ""
    assert out.startswith("usage: counter-rules ") and "play" in out and "example:" in out


def test_help_command_shows_the_help_of_a_command() -> None:
    """counter-rules help, and counter-rules help COMMAND, print the help."""
    assert run(["help"])[1] == run(["--help"])[1]
    code, out, _ = run(["help", "play"])
    assert code == 0 and out == run(["play", "--help"])[1]


def test_dash_capital_v_prints_the_version_and_the_build() -> None:
    """-V is --version, at the top and for every command; it says which
    build runs."""
    from counter_rules import COMPILED, __version__

    build = "the compiled engine" if COMPILED else "pure Python"
    for argv in (["-V"], ["play", "-V"]):
        assert run(argv)[:2] == (0, f"counter-rules {__version__} ({build})\n")


def test_an_unknown_option_is_reported_by_its_subcommand() -> None:
    """counter-rules play --bogus is play's error, pointing at play's help."""
    code, _, err = run(["play", "--bogus"])
    assert code == 2
    assert err == (
        "counter-rules play: error: unrecognized arguments: --bogus "
        "(see counter-rules play --help)\n"
    )


def test_show_reads_standard_input_and_prints_the_games_name(tmp_path: Path) -> None:
    """show - reads the record from standard input; the first line names the
    game as a person reads it, not as Python writes it."""
    path = tmp_path / "game.json"
    run(["play", "--seed", "6", "--bots", "random", "--save", str(path)], "1\ns\nq\n")
    code, from_file, _ = run(["show", str(path)])
    assert code == 0
    code, from_stdin, _ = run(["show", "-"], path.read_text(encoding="utf-8"))
    assert code == 0 and from_stdin == from_file
    first = from_file.splitlines()[0]
    assert first.startswith("Counter: Oh Hell where every rank has a power, 4 players, seed 6, ")
    assert "Counter(" not in first
    code, _, err = run(["show", "-"], "{}")
    assert code == 2 and err.startswith("counter-rules show: error: standard input is not a")


def test_a_seed_too_long_to_be_one_states_the_range() -> None:
    """A seed with more digits than any seed says which seeds there are."""
    code, _, err = run(["play", "--seed", "9" * 60])
    assert code == 2
    assert "--seed must be an integer from -(2**128 - 1) to 2**128 - 1, got a number of 60" in err


def test_counts_of_one_are_singular() -> None:
    """explain with one card says '1 card', not '1 cards'."""
    code, _, err = run(["explain", "4S", "--trump", "H"])
    assert code == 2 and "got 1 card (see" in err and "1 cards" not in err


def test_a_dumb_terminal_gets_no_colour(monkeypatch: pytest.MonkeyPatch) -> None:
    """TERM=dumb turns the colours off, as NO_COLOR does."""

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.delenv("NO_COLOR", raising=False)
    argv = ["play", "--rules", "oh-hell", "--option", "schedule=1", "--seed", "2"]
    for term, coloured in (("xterm-256color", True), ("dumb", False)):
        monkeypatch.setenv("TERM", term)
        out = Terminal()
        main(argv, out=out, inp=io.StringIO("1\n1\n"), err=io.StringIO())
        assert ("\x1b[" in out.getvalue()) is coloured


def test_make_rules_parses_every_kind_of_value() -> None:
    """Booleans, numbers, none, hand sizes and suit rotations."""
    rules = make_rules(
        "oh-hell", 5,
        ["schedule=3,2", "hook=yes", "trump=rotation", "rotation=H,none", "decks=2"],
    )  # fmt: skip
    assert rules.players == 5 and rules.schedule == (3, 2) and rules.hook  # type: ignore[attr-defined]
    assert rules.rotation[1] is None and rules.decks == 2  # type: ignore[attr-defined]
    assert make_rules("counter", options=["target=none"]).target is None  # type: ignore[attr-defined]
    assert make_rules("oh-hell", options=["schedule=10"]).schedule == (10,)  # type: ignore[attr-defined]
    with pytest.raises(InvalidArgumentError, match="--rules must be one of"):
        make_rules("bridge")
    with pytest.raises(InvalidArgumentError, match="--option hook must be true or false"):
        make_rules("counter", options=["hook=maybe"])


# -- a user's ruleset ----------------------------------------------------------------
PLUGIN = '''
import attrs
from counter_rules import Counter, register_ruleset


@attrs.frozen
class TinyCounter(Counter):
    """Counter played to a single point."""

    target: int | None = 1


register_ruleset("tiny-counter", TinyCounter, title="Counter to one point", replace=True)
'''


def test_a_plugin_ruleset_is_listed_played_and_recorded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """--plugin MODULE imports a user's module; its ruleset is then listed,
    played and saved like a built-in one."""
    (tmp_path / "tiny_plugin.py").write_text(PLUGIN, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    code, out, _ = run(["rules", "--plugin", "tiny_plugin"])
    assert code == 0 and "tiny-counter" in out
    path = tmp_path / "tiny.json"
    code, out, _ = run(
        ["play", "--plugin", "tiny_plugin", "--rules", "tiny-counter", "--bots", "random"],
        f"1\ns {path}\n" + "1\n" * 400,
    )
    assert code == 0 and "Game over" in out
    record = GameRecord.from_json(path.read_text(encoding="utf-8"))
    assert type(record.rules).__name__ == "TinyCounter" and attrs.has(type(record.rules))
    code, _, err = run(["play", "--plugin", "no_such_plugin_module"])
    assert code == 2 and "no_such_plugin_module" in err
    unregister_ruleset("tiny-counter")


# -- the process: python -m, pipes, Ctrl-C ---------------------------------------------
def test_python_dash_m_plays_through_stdin() -> None:
    """``python -m counter_rules play`` reads the moves from standard input."""
    done = python_m(["play", "--option", "target=1", "--seed", "9"], "1\n" * 200)
    assert done.returncode == 0, done.stderr
    assert "Game over" in done.stdout


def test_a_closed_pipe_ends_quietly() -> None:
    """``demo | head -1``: no traceback when the reader goes away."""
    process = subprocess.Popen(
        [sys.executable, "-m", "counter_rules", "demo", "--quiet"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.readline()
    process.stdout.close()
    err = process.stderr.read()
    process.wait(timeout=120)
    assert b"Traceback" not in err and b"BrokenPipe" not in err
    assert process.returncode in (0, 141)


@pytest.mark.skipif(os.name != "posix", reason="sends SIGINT")
@pytest.mark.parametrize(
    ("args", "started"),
    [
        (["play", "--seed", "2"], "stdout"),
        (["simulate", "--jobs", "2", "--games", "256", "--bots", "random", "--progress"],
         "stderr"),
    ],
)  # fmt: skip
@pytest.mark.slow
def test_ctrl_c_stops_at_once_with_status_130(args: list[str], started: str) -> None:
    """Ctrl-C ends play and a simulation on workers within seconds, status 130,
    no traceback."""
    process = subprocess.Popen(
        [sys.executable, "-m", "counter_rules", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        # A parent that ignores SIGINT would pass that on; a terminal does not.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    stream = process.stdout if started == "stdout" else process.stderr
    assert stream is not None
    stream.read(1)  # the command is running: the game is dealt, or a game is done
    time.sleep(0.5)
    begun = time.monotonic()
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130
    assert b"Traceback" not in err and b"KeyboardInterrupt" not in err
    if args[0] == "play":  # the game is saved, to be resumed
        assert b"Game abandoned (Ctrl-C). Saved to counter-rules-game.json" in err
        assert Path("counter-rules-game.json").exists()
    assert time.monotonic() - begun < 10


def test_the_default_jobs_follow_the_cores_and_the_memory() -> None:
    """analyse --jobs and play --hint-jobs default to the machine's cores, at
    most 4 and one for each 1.5 GB of memory, and to 1 where neither is known
    or the memory holds less than one."""
    from counter_rules.cli import analyse as command

    gb = 1 << 30
    assert command.default_jobs(16, 64 * gb) == 4
    assert command.default_jobs(2, 64 * gb) == 2
    assert command.default_jobs(16, 3 * gb) == 2
    assert command.default_jobs(16, gb) == 1
    assert command.default_jobs(None, None) == 1
    assert command.default_jobs(os.cpu_count(), command._memory()) == command.JOBS
