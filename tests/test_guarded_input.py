"""The one reader of JSON from outside (:func:`counter_rules.input_limits.read_json`)
and the doors that use it: records, views, ``simulate --resume``, ``show``
and ``analyse`` refuse deep nesting, numbers JSON should not hold and input
without end with the library's errors; ``simulate --resume`` credits a game
only to the bots that played it; a view's hand sizes must agree with it; the
solver's arguments are checked at the door."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

import pytest

from counter_rules import (
    Counter,
    GameRecord,
    InvalidArgumentError,
    InvalidNotationError,
    OhHell,
    Phase,
    apply_move,
    legal_moves,
    new_game,
    record_of,
    state_from_json,
    state_to_json,
    view,
    view_from_json,
    view_to_json,
)
from counter_rules.analysis import Solver, analyse
from counter_rules.cli import main
from counter_rules.input_limits import JSON_DEPTH, read_json, read_lines

SHORT = OhHell(players=3, schedule=(3,))


def run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(argv, out=out, inp=io.StringIO(""), err=err)
    return code, out.getvalue(), err.getvalue()


def _nested(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


def _played(rules: Any = SHORT, moves: int = 5, seed: int = 3) -> Any:
    state, rng = new_game(rules, seed=seed), random.Random(seed)
    for _ in range(moves):
        state = apply_move(state, rng.choice(legal_moves(state)))
    return state


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("[" * 1500 + "]" * 1500, f"nested deeper than {JSON_DEPTH}"),
        ('{"a": ' * 40 + "1" + "}" * 40, "nested deeper"),
        ('{"seed": NaN}', "NaN is not a number JSON allows"),
        ('{"seed": Infinity}', "Infinity is not a number JSON allows"),
        ('{"seed": -Infinity}', "-Infinity is not a number JSON allows"),
        ('{"seed": 1e400}', "the number '1e400' is too large"),
        ('{"seed": ' + "9" * 5000 + "}", "a number of 5000 digits"),
        ('{"seed": 1, "seed": 2}', "the key 'seed' appears twice"),
        ('{"name": "\\ud800"}', "lone surrogate"),
        (b'{"name": "\xff"}', "not UTF-8"),
        ("[1, 2", "not valid JSON"),
        (7, "expected JSON text, got int"),
    ],
)
def test_the_reader_refuses_what_no_document_holds(text: Any, problem: str) -> None:
    """Deep nesting, NaN, Infinity, numbers past a float, endless digits, a
    key twice and text that is not Unicode are refused with the library's
    error, before anything else reads the data."""
    with pytest.raises(InvalidNotationError, match=r"^message: ") as caught:
        read_json(text, "message")
    assert problem in str(caught.value)


def test_the_reader_reads_ordinary_json_and_unicode() -> None:
    """Nesting up to the limit, brackets inside text, a surrogate pair and
    ordinary numbers are read as they are."""
    assert read_json(json.dumps(_nested(JSON_DEPTH - 1)), "x") == _nested(JSON_DEPTH - 1)
    assert read_json('{"a": "' + "[[[[" * 20 + '"}', "x") == {"a": "[[[[" * 20}
    assert read_json('["\\ud83c\\udca1", 1.5, -3]', "x") == ["\U0001f0a1", 1.5, -3]
    with pytest.raises(InvalidNotationError, match="too long"):
        read_json("[1]", "x", limit=2)


def test_a_line_without_end_is_refused_after_its_limit() -> None:
    """``read_lines`` reads a line no further than its limit."""
    lines = read_lines(io.BytesIO(b"ab\n" + b"x" * 50), 10, "file")
    assert next(lines) == b"ab\n"
    with pytest.raises(InvalidNotationError, match=r"file line 2: too long"):
        next(lines)


def _deep_record() -> str:
    data = json.loads(state_to_json(_played(Counter())))
    data["rules"]["options"]["target"] = _nested(500)
    return json.dumps(data)


def test_deeply_nested_options_are_refused_by_every_reader() -> None:
    """A ruleset option nested 500 deep is an InvalidNotationError from
    state_from_json, GameRecord.from_json and view_from_json, not a
    RecursionError."""
    text = _deep_record()
    for read in (state_from_json, GameRecord.from_json):
        with pytest.raises(InvalidNotationError, match="nested deeper"):
            read(text)
    data = json.loads(view_to_json(view(_played(Counter()), 0)))
    data["rules"]["options"]["target"] = _nested(500)
    with pytest.raises(InvalidNotationError, match=r"^view text: nested deeper"):
        view_from_json(json.dumps(data))


def test_hand_sizes_that_contradict_the_view_are_refused() -> None:
    """A view whose hand sizes do not follow from the cards dealt and played
    is refused, even when their sum is right."""
    pv = view(_played(Counter(), moves=12, seed=1), 0)
    data = json.loads(view_to_json(pv))
    data["hand_sizes"][1] += 1
    data["hand_sizes"][2] -= 1
    with pytest.raises(InvalidNotationError, match=r"hand_sizes\[1\]: is 9, but a seat dealt"):
        view_from_json(json.dumps(data))
    assert view_from_json(view_to_json(pv)) == pv


def test_show_analyse_and_simulate_refuse_input_without_end() -> None:
    """A file that never ends (``/dev/zero``) is refused after the longest
    record, not read until memory runs out."""
    for argv in (["show", "/dev/zero"], ["analyse", "/dev/zero"]):
        code, _, err = run(argv)
        assert code == 2 and "too long" in err, err
    code, _, err = run(["simulate", "--games", "2", "--resume", "/dev/zero"])
    assert code == 2 and "line 1: too long" in err


def test_simulate_resume_refuses_deep_nesting(tmp_path: Path) -> None:
    """A nested record in a records file is a usage error naming its line."""
    path = tmp_path / "deep.jsonl"
    path.write_text(_deep_record() + "\n", encoding="utf-8")
    code, _, err = run(["simulate", "--games", "2", "--resume", str(path)])
    assert code == 2 and "line 1 is not a game record" in err and "nested deeper" in err


def test_simulate_resume_credits_games_only_to_the_bots_that_played_them(
    tmp_path: Path,
) -> None:
    """The records of a match name their bots; ``--resume`` with other
    ``--bots`` is refused, and a record that names no bots too."""
    path = tmp_path / "games.jsonl"
    common = ["--rules", "oh-hell", "--players", "3", "--option", "schedule=2"]
    code, _, _ = run(["simulate", *common, "--games", "2", "--records", str(path)])
    assert code == 0
    lines = path.read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[0])["bots"] == ["heuristic", "random", "random"]
    assert json.loads(lines[1])["bots"] == ["random", "heuristic", "random"]
    swapped = ["--bots", "random,heuristic,random", "--resume", str(path)]
    code, _, err = run(["simulate", *common, "--games", "3", *swapped])
    assert code == 2
    assert "line 1 is game 0 played by heuristic, random, random" in err and "--bots" in err
    same = run(["simulate", *common, "--games", "3", "--json", "--resume", str(path)])
    fresh = run(["simulate", *common, "--games", "3", "--json"])
    assert same[0] == 0 and same[1] == fresh[1]
    unnamed = json.loads(lines[0])
    del unnamed["bots"]
    path.write_text(json.dumps(unnamed) + "\n", encoding="utf-8")
    code, _, err = run(["simulate", *common, "--games", "3", "--resume", str(path)])
    assert code == 2 and "does not say which bots played it" in err


def test_a_record_names_its_bots_or_none() -> None:
    """GameRecord.bots round-trips through JSON, and a wrong value is
    refused at the door."""
    record = record_of(_played(moves=0))
    named = GameRecord(record.rules, record.seed, None, (), 0, ("a", "b", "c"))
    assert GameRecord.from_json(named.to_json()) == named
    assert "bots" not in json.loads(record.to_json())
    with pytest.raises(InvalidArgumentError, match=r"GameRecord.bots must be None or 3"):
        GameRecord(record.rules, record.seed, None, (), 0, ("a",))
    data = json.loads(named.to_json())
    data["bots"] = ["a", "b", 3]
    with pytest.raises(InvalidNotationError, match=r"record bots: expected None or 3"):
        GameRecord.from_json(json.dumps(data))


def test_the_solver_checks_its_arguments_at_the_door() -> None:
    """A deadline past any float, tricks given as text and a progress that
    cannot be called are InvalidArgumentError, not OverflowError or
    TypeError."""
    state = new_game(SHORT, seed=1)
    while state.phase is Phase.BIDDING:
        state = apply_move(state, legal_moves(state)[0])
    for deadline in (10**400, float("nan"), float("inf"), -1):
        with pytest.raises(InvalidArgumentError, match=r"Solver.deadline must be"):
            Solver(deadline=deadline)
    move = legal_moves(state)[0]
    with pytest.raises(InvalidArgumentError, match=r"tricks must be a whole number 0..3"):
        Solver().can_make_after(state, move, move.seat, "1")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="progress must be called"):
        analyse(state, progress=5)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="seconds must be a positive number"):
        analyse(state, seconds=10**400)
