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


def _cli_parts(command: str) -> list[list[str]]:
    """The arguments of each ``counter-rules`` command that ``command`` runs."""
    return [shlex.split(part) for part in command.split("&& counter-rules ")[1:]]


def _demo_argv(command: str) -> list[str]:
    return _cli_parts(command)[-1]


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


def test_the_quick_start_says_which_build_it_installed() -> None:
    """The first command asks counter-rules --version before the demo, which
    names the build that runs; docs/quickstart.rst installs with the same
    pip command and asks the same."""
    first = _quick_start_commands()[0]
    assert _cli_parts(first)[0] == ["--version"]
    out = io.StringIO()
    assert main(["--version"], out=out) == 0
    assert out.getvalue().rstrip().endswith(("(pure Python)", "(the compiled engine)"))
    quickstart = (_ROOT / "docs" / "quickstart.rst").read_text(encoding="utf-8")
    installs = re.findall(r"^\s*\$ (pip install .*)$", quickstart, re.MULTILINE)
    assert installs[0] == "pip install -e ." and " pip install -e . " in first
    assert "$ counter-rules --version\n" in quickstart


def test_the_readme_offers_the_quick_subset_of_the_tests() -> None:
    """The README says how long the tests take and offers pytest -m "not
    slow"; the marker is registered, and slow tests carry it."""
    import tomllib

    readme = (_ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    assert 'pytest -m "not slow"' in section and "minutes" in section
    config = tomllib.loads((_ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    markers = config["tool"]["pytest"]["ini_options"]["markers"]
    assert any(m.startswith("slow:") for m in markers)
    marked = [
        p
        for p in (_ROOT / "tests").glob("test_*.py")
        if "pytest.mark.slow" in p.read_text(encoding="utf-8")
    ]
    assert len(marked) >= 5


def test_ci_runs_the_readmes_commands() -> None:
    """.ci/run runs the README's test command (pytest) and the counter-rules
    commands of its first command (the version, the demo)."""
    ci = _ROOT / ".ci" / "run"
    if not ci.exists():
        pytest.skip("a source distribution holds no .ci/run")
    script = ci.read_text(encoding="utf-8")
    for argv in _cli_parts(_quick_start_commands()[0]):
        command = " ".join(["counter-rules", *argv])
        assert f"\n{command} > /dev/null\n" in script or f"\n{command}\n" in script, command
    assert "\npytest\n" in script
