"""The deal-by-deal comparison of two matches' logs."""

from __future__ import annotations

import json
import pathlib
import subprocess
import sys

from bench_helpers import BENCHMARKS

_PATH = BENCHMARKS / "paired_deals.py"


def _compare(tmp_path: pathlib.Path) -> subprocess.CompletedProcess[str]:
    logs = [str(tmp_path / "control.jsonl"), str(tmp_path / "changed.jsonl")]
    return subprocess.run([sys.executable, str(_PATH), *logs], capture_output=True, text=True)


def _log(path: pathlib.Path, leads: list[tuple[float, float]]) -> None:
    lines = [json.dumps({"points": {"a": [a, a], "b": [b, b]}}) for a, b in leads]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def test_the_effect_is_the_mean_change_of_side_as_lead(tmp_path: pathlib.Path) -> None:
    """Two deals alike and one where side A gains 2 points a hand: the change
    is worth 2/3 of a point a hand, one deal changed."""
    _log(tmp_path / "control.jsonl", [(8, 7), (6, 6), (5, 9)])
    _log(tmp_path / "changed.jsonl", [(8, 7), (6, 6), (7, 9)])
    done = _compare(tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("3 deals: the change is worth +0.667 points per hand")
    assert done.stdout.rstrip().endswith("1 deals changed")


def test_logs_of_different_matches_are_refused(tmp_path: pathlib.Path) -> None:
    """Logs of different lengths are not two runs of one match."""
    _log(tmp_path / "control.jsonl", [(8, 7), (6, 6)])
    _log(tmp_path / "changed.jsonl", [(8, 7)])
    done = _compare(tmp_path)
    assert done.returncode == 2 and "same match" in done.stderr
