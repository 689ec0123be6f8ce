"""The README's quick start, as a newcomer meets it: a virtual environment
first (a stock Debian or Ubuntu Python refuses ``pip install`` outside one),
two commands, a short first look at the demo, and ``play`` mentioned."""

from __future__ import annotations

import io
import re
import shlex
from pathlib import Path

import pytest

from counter_rules.cli import main

_ROOT = Path(__file__).resolve().parent.parent


def _quick_start_commands() -> list[str]:
    readme = (_ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    return [block.strip() for block in re.findall(r"```sh\n(.*?)```", section, re.DOTALL)]


def _demo_argv(command: str) -> list[str]:
    demo = command.split("&& counter-rules ", 1)[1]
    return shlex.split(demo)


def test_the_quick_start_makes_a_virtual_environment_first() -> None:
    """The quick start is two commands; the first makes and activates a virtual
    environment before pip installs anything, and the second runs the tests in it."""
    first, second = _quick_start_commands()
    assert first.startswith("python3 -m venv .venv && . .venv/bin/activate && pip install -e . ")
    assert "\n" not in first and "\n" not in second
    assert second == "pip install -e '.[test]' && pytest"


def test_the_quick_starts_demo_is_a_short_first_look() -> None:
    """The demo the quick start runs prints a few hundred lines at most (the
    whole demo prints some 1,500), and the README points to play."""
    argv = _demo_argv(_quick_start_commands()[0])
    assert argv[0] == "demo"
    short, whole = io.StringIO(), io.StringIO()
    assert main(argv, out=short) == 0
    assert main(["demo", "--seed", "7"], out=whole) == 0
    assert len(short.getvalue().splitlines()) < 300 < 1000 < len(whole.getvalue().splitlines())
    readme = (_ROOT / "README.md").read_text(encoding="utf-8")
    assert "`counter-rules play`" in readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]


def test_ci_runs_the_readmes_commands() -> None:
    """.ci/run runs the README's test command (pytest) and its demo command."""
    ci = _ROOT / ".ci" / "run"
    if not ci.exists():
        pytest.skip("a source distribution holds no .ci/run")
    script = ci.read_text(encoding="utf-8")
    demo = " ".join(["counter-rules", *_demo_argv(_quick_start_commands()[0])])
    assert f"\n{demo} > /dev/null\n" in script
    assert "\npytest\n" in script
