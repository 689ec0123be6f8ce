"""An analysis stopped and taken up again: Analysis.to_json / from_json,
analyse(..., resume=...), and counter-rules analyse --save / --resume."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from analysis_helpers import played
from hypothesis import given, settings
from hypothesis import strategies as st

from counter_rules import (
    Counter,
    GameState,
    InvalidArgumentError,
    InvalidNotationError,
    OhHell,
    Pass,
    record_of,
    state_to_json,
)
from counter_rules.analysis import Analysis, AnalysisStopped, _report, analyse
from counter_rules.cli import main


def _stopped(whole: Analysis, kept: list[int]) -> Analysis:
    """``whole`` as a run that solved only the decisions ``kept`` would leave it."""
    return Analysis(
        rules=whole.rules,
        decisions=tuple(whole.decisions[i] for i in kept),
        unsolved=tuple(
            (d.hand, d.trick, d.move) for i, d in enumerate(whole.decisions) if i not in kept
        ),
    )


# -- to_json and from_json --------------------------------------------------------------
def test_an_analysis_reads_back_as_it_was_written(short_analysis: Analysis) -> None:
    assert Analysis.from_json(short_analysis.to_json()) == short_analysis
    assert Analysis.from_json(short_analysis.to_json(indent=1).encode()) == short_analysis
    assert Analysis.from_dict(short_analysis.to_dict()) == short_analysis


def test_an_analysis_with_passes_outcomes_and_unsolved_decisions_reads_back() -> None:
    """Counter: passes after a Five, Fours shown with another, and decisions
    left unsolved by a time limit all survive the round trip."""
    state = played(Counter(players=3), 5, stop=40)
    analysis = analyse(state, seconds=0.2)
    assert analysis.unsolved and any(isinstance(d.move, Pass) for d in analysis.decisions)
    assert Analysis.from_json(analysis.to_json()) == analysis


def _broken(whole: Analysis, change: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(whole.to_json())
    first = data["decisions"][0]
    if change == "not an object":
        return []  # type: ignore[return-value]
    if change == "unknown field":
        data["comment"] = "mine"
    elif change == "lost":
        first["lost"] += 1
    elif change == "move":
        first["move"] = "P1:ZZ"
    elif change == "seat":
        first["seat"] = (first["seat"] + 1) % 3
    elif change == "value":
        first["value"] = first["best"] + 1
        first["lost"] = -1
    elif change == "outcome":
        first["outcome"] = {"tricks": [1, 2], "points": [3, 4]}
    elif change == "totals":
        data["lost_by_seat"][0] += 1
    elif change == "rules":
        data["rules"] = {"name": "no such game"}
    elif change == "flag":
        first["could_make_before"] = "yes"
    elif change == "unsolved seat":
        data["unsolved"] = [{"hand": 1, "trick": 1, "seat": 2, "move": "P1:QS"}]
    return data


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ("not an object", "analysis: expected an object, got []"),
        ("unknown field", "analysis: unknown field comment"),
        ("lost", "analysis decisions[0].lost: expected "),
        ("move", "analysis decisions[0].move: "),
        ("seat", "analysis decisions[0].move: the move is seat "),
        ("value", "analysis decisions[0]: the value "),
        ("outcome", "analysis decisions[0].outcome.tricks: expected 3 items (one per seat), got 2"),
        ("totals", "analysis lost_by_seat: expected "),
        ("rules", "analysis rules: "),
        ("flag", "analysis decisions[0].could_make_before: expected true or false, got 'yes'"),
        ("unsolved seat", "analysis unsolved[0].seat: expected 1, the move's seat, got 2"),
    ],
)
def test_a_broken_analysis_is_refused_where_it_is_broken(
    short_analysis: Analysis, change: str, message: str
) -> None:
    with pytest.raises(InvalidNotationError) as refused:
        Analysis.from_dict(_broken(short_analysis, change))
    assert str(refused.value).startswith(message)


def test_text_that_is_no_json_is_refused() -> None:
    with pytest.raises(InvalidNotationError, match=r"^analysis: "):
        Analysis.from_json("{")


# -- analyse(..., resume=...) ---------------------------------------------------------
def test_a_stopped_analysis_taken_up_is_the_whole_analysis(
    short_game: GameState, short_analysis: Analysis
) -> None:
    """Only the decisions the earlier run did not solve are judged: the
    progress starts from the number it holds."""
    kept = [0, 2, 3]
    calls: list[tuple[int, int]] = []
    resumed = analyse(
        short_game, resume=_stopped(short_analysis, kept), progress=lambda *a: calls.append(a)
    )
    assert resumed == short_analysis
    total = len(short_analysis.decisions)
    assert calls == [(done, total) for done in range(len(kept), total + 1)]


@settings(max_examples=15, deadline=None)
@given(data=st.data())
def test_any_part_of_an_analysis_taken_up_gives_the_whole(
    short_game: GameState, short_analysis: Analysis, data: st.DataObject
) -> None:
    kept = data.draw(st.sets(st.integers(0, len(short_analysis.decisions) - 1)))
    assert (
        analyse(record_of(short_game), resume=_stopped(short_analysis, sorted(kept)))
        == short_analysis
    )


def test_a_whole_analysis_taken_up_judges_nothing(
    short_game: GameState, short_analysis: Analysis
) -> None:
    calls: list[tuple[int, int]] = []
    assert (
        analyse(short_game, resume=short_analysis, progress=lambda *a: calls.append(a))
        == short_analysis
    )
    assert calls == [(len(short_analysis.decisions), len(short_analysis.decisions))]


def test_an_analysis_taken_up_with_workers_is_the_same(
    short_game: GameState, short_analysis: Analysis
) -> None:
    assert analyse(short_game, resume=_stopped(short_analysis, [1]), jobs=2) == short_analysis


def test_an_analysis_of_another_game_is_refused(
    short_game: GameState, short_analysis: Analysis
) -> None:
    other = played(OhHell(players=3, schedule=(4, 3)), 9)
    with pytest.raises(InvalidArgumentError, match="resume is not an analysis of this game: "):
        analyse(other, resume=short_analysis)
    with pytest.raises(InvalidArgumentError, match="resume is an analysis of "):
        analyse(played(OhHell(players=4, schedule=(2,)), 1), resume=short_analysis)
    with pytest.raises(InvalidArgumentError, match="resume must be an Analysis"):
        analyse(short_game, resume=short_analysis.to_json())  # type: ignore[arg-type]


# -- the command line ----------------------------------------------------------------
def test_the_command_saves_an_analysis_and_takes_it_up(
    short_game: GameState, short_analysis: Analysis, tmp_path: Path
) -> None:
    """--save writes the analysis, unsolved decisions included, and says how
    to go on; --resume judges only what is left."""
    path = tmp_path / "game.json"
    path.write_text(state_to_json(short_game), encoding="utf-8")
    saved = tmp_path / "analysis.json"
    saved.write_text(_stopped(short_analysis, [0, 1]).to_json(), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    args = ["analyse", str(path), "--resume", str(saved), "--save", str(saved)]
    assert main(args, out=out, err=err) == 0
    assert out.getvalue() == short_analysis.report() + "\n"
    total = len(short_analysis.decisions)
    assert err.getvalue().startswith(f"2/{total} decisions")
    assert Analysis.from_json(saved.read_text(encoding="utf-8")) == short_analysis
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_the_command_says_how_to_go_on_when_decisions_are_left(tmp_path: Path) -> None:
    state = played(Counter(players=3), 5, stop=40)
    path = tmp_path / "game.json"
    path.write_text(state_to_json(state), encoding="utf-8")
    saved = tmp_path / "analysis.json"
    err = io.StringIO()
    args = ["analyse", str(path), "--seconds", "0.2", "--jobs", "1", "--save", str(saved)]
    assert main(args, out=io.StringIO(), err=err) == 0
    left = Analysis.from_json(saved.read_bytes()).unsolved
    assert left
    assert f"not solved in time: --resume {saved} takes the analysis up" in err.getvalue()


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "--resume '{path}' cannot be read: "),
        ("{", "--resume '{path}' is not an analysis: analysis: "),
        ('{"rules": 1}', "--resume '{path}' is not an analysis: analysis: missing fields"),
        ("other game", "--resume '{path}': resume is not an analysis of this game: "),
    ],
)
def test_a_bad_resume_file_is_named(
    short_game: GameState, tmp_path: Path, content: str | None, message: str
) -> None:
    path = tmp_path / "game.json"
    path.write_text(state_to_json(short_game), encoding="utf-8")
    resume = tmp_path / "analysis.json"
    if content == "other game":
        content = analyse(played(OhHell(players=3, schedule=(4, 3)), 9)).to_json()
    if content is not None:
        resume.write_text(content, encoding="utf-8")
    err = io.StringIO()
    args = ["analyse", str(path), "--resume", str(resume), "--quiet"]
    assert main(args, out=io.StringIO(), err=err) == 2
    assert message.format(path=resume) in err.getvalue()
    assert err.getvalue().count("\n") == 1


def test_a_save_file_that_cannot_be_written_is_named(short_game: GameState, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(state_to_json(short_game), encoding="utf-8")
    target = tmp_path / "missing" / "analysis.json"
    err = io.StringIO()
    assert main(["analyse", str(path), "--save", str(target), "--quiet"], err=err) == 1
    assert f"cannot write --save '{target}': " in err.getvalue()


# -- stopped by Ctrl-C -----------------------------------------------------------------
def _interrupted_after(monkeypatch: pytest.MonkeyPatch, calls: int) -> None:
    """Ctrl-C while the decision after ``calls`` judged ones is judged."""
    judge = _report._judge
    count = [0]

    def judge_then_stop(*args: Any) -> Any:
        count[0] += 1
        if count[0] > calls:
            raise KeyboardInterrupt
        return judge(*args)

    monkeypatch.setattr(_report, "_judge", judge_then_stop)


def test_ctrl_c_stops_the_analysis_with_what_it_judged(
    short_game: GameState, short_analysis: Analysis, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The KeyboardInterrupt carries the decisions judged, the rest listed as
    unsolved, and taking it up gives the whole analysis."""
    _interrupted_after(monkeypatch, 3)
    with pytest.raises(KeyboardInterrupt) as stop:
        analyse(short_game)
    assert isinstance(stop.value, AnalysisStopped)
    stopped = stop.value.analysis
    assert stopped.decisions == short_analysis.decisions[:3]
    assert stopped.unsolved == tuple(
        (d.hand, d.trick, d.move) for d in short_analysis.decisions[3:]
    )
    monkeypatch.undo()
    assert analyse(short_game, resume=stopped) == short_analysis


def test_ctrl_c_in_the_command_saves_the_analysis_to_take_up(
    short_game: GameState, short_analysis: Analysis, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    path.write_text(state_to_json(short_game), encoding="utf-8")
    saved = tmp_path / "analysis.json"
    _interrupted_after(monkeypatch, 2)
    err = io.StringIO()
    args = ["analyse", str(path), "--jobs", "1", "--budget", "0", "--quiet", "--save", str(saved)]
    assert main(args, out=io.StringIO(), err=err) == 130
    assert f"2 decisions judged are saved to {saved}; --resume {saved} takes" in err.getvalue()
    assert Analysis.from_json(saved.read_bytes()).decisions == short_analysis.decisions[:2]
    monkeypatch.undo()
    out = io.StringIO()
    args = ["analyse", str(path), "--quiet", "--resume", str(saved)]
    assert main(args, out=out, err=io.StringIO()) == 0
    assert out.getvalue() == short_analysis.report() + "\n"


@pytest.mark.skipif(os.name != "posix", reason="sends SIGINT")
@pytest.mark.slow
def test_a_real_ctrl_c_leaves_an_analysis_to_take_up(tmp_path: Path) -> None:
    """SIGINT to the command analysing a Counter game on two workers: status
    130 within seconds, no traceback, and a saved analysis that reads back."""
    state = played(Counter(players=4), 3)
    path = tmp_path / "game.json"
    path.write_text(state_to_json(state), encoding="utf-8")
    saved = tmp_path / "analysis.json"
    process = subprocess.Popen(
        [sys.executable, "-m", "counter_rules", "analyse", str(path), "--jobs", "2",
         "--budget", "0", "--save", str(saved)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )  # fmt: skip
    assert process.stderr is not None
    process.stderr.read(1)  # the progress has started
    time.sleep(2.0)
    begun = time.monotonic()
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130
    assert b"Traceback" not in err and b"--resume" in err
    assert time.monotonic() - begun < 10
    analysis = Analysis.from_json(saved.read_bytes())
    assert analysis.unsolved
