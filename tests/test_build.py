"""The build: a source build without a C compiler falls back to the
pure-Python package and says so where pip's normal output shows it."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

_ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.skipif(
    not (_ROOT / "setup.py").exists() or os.name != "posix",
    reason="needs the project's sources (a checkout or an unpacked sdist) and /bin/false",
)
@pytest.mark.slow
def test_a_pure_python_fallback_build_says_so_in_pips_normal_output(tmp_path: Path) -> None:
    """With no working C compiler, ``pip wheel`` (no ``-v``) prints the wheel's
    name, and the name says the build fell back to pure Python."""
    source = tmp_path / "src"
    ignore = shutil.ignore_patterns(".git", "build", "dist", "*.egg-info", "__pycache__", ".venv")
    shutil.copytree(_ROOT, source, ignore=ignore)
    env = {**os.environ, "CC": "/bin/false"}
    env.pop("COUNTER_RULES_COMPILE", None)
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--wheel-dir", str(tmp_path / "out"),
         str(source)],
        capture_output=True, text=True, env=env, check=False, timeout=600,
    )  # fmt: skip
    if done.returncode != 0 and "Could not find a version" in done.stdout + done.stderr:
        pytest.skip("the build's requirements cannot be installed here")
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "-0_pure_python_fallback-py3-none-any.whl" in done.stdout
    (wheel,) = (tmp_path / "out").iterdir()
    assert wheel.name.endswith("-0_pure_python_fallback-py3-none-any.whl")
