"""Build script for the optional compiled engine.

The project's metadata lives in ``pyproject.toml``; this file only adds the
extension modules. With ``COUNTER_RULES_COMPILE=1`` in the environment, mypyc
compiles the engine's hot modules (listed below) to C; otherwise the package
is pure Python. Both builds behave the same: the test suite runs on each.
"""

from __future__ import annotations

import os

from setuptools import setup

# The modules on the engine's hot path: plain, fully typed functions.
COMPILED_MODULES = [
    "src/counter_rules/_core.py",
    "src/counter_rules/rulesets/_quick.py",
    "src/counter_rules/rulesets/plain_tricks.py",
    "src/counter_rules/rulesets/counter_tricks.py",
    "src/counter_rules/effects/base.py",
    *(
        f"src/counter_rules/effects/{rank}.py"
        for rank in (
            "ace", "two", "three", "four", "five", "six", "seven",
            "eight", "nine", "ten", "jack", "queen", "king",
        )
    ),
]  # fmt: skip


def _ext_modules() -> list[object]:
    flag = os.environ.get("COUNTER_RULES_COMPILE", "")
    if flag in ("", "0"):
        return []
    if flag != "1":
        raise SystemExit(f"COUNTER_RULES_COMPILE must be 0 or 1, got {flag!r}")
    from mypyc.build import mypycify

    return list(mypycify(COMPILED_MODULES, opt_level="3"))


setup(ext_modules=_ext_modules())
