"""The command line run in a process of its own, as a person runs it."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

_SCRIPT = shutil.which("counter-rules", path=str(Path(sys.executable).parent))


def run_cli(
    args: list[str], stdin: str = "", timeout: float = 120, *, module: bool = False
) -> subprocess.CompletedProcess[str]:
    """Run ``counter-rules`` with ``args``: the console script installed beside
    this Python, or with ``module`` (or where none is installed)
    ``python -m counter_rules``."""
    command = [_SCRIPT] if _SCRIPT and not module else [sys.executable, "-m", "counter_rules"]
    return subprocess.run(
        [*command, *args],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=timeout,
        check=False,
    )
