"""The build backend: setuptools, plus mypy when the build compiles the engine.

A wheel build (``pip install .``, ``pip install counter-rules`` from the sdist,
``python -m build``) compiles the engine's hot modules with mypyc, which comes
with mypy, and falls back to pure Python when that is impossible (see
``setup.py``). This wrapper adds mypy (and the runtime dependencies it
type-checks against) to the build requirements only for builds that may
compile, so a pure-Python build downloads nothing extra.

``COUNTER_RULES_COMPILE`` chooses the build:

* unset or empty: compile a wheel if possible, else pure Python with a
  warning; an editable install (``pip install -e .``) stays pure Python, so
  that edits to the sources take effect without a rebuild;
* ``0``: pure Python;
* ``1``: compiled, and the build fails if it cannot compile.

Any other value stops the build with a message.
"""

from __future__ import annotations

import os
from typing import Any, Literal

from setuptools.build_meta import (
    build_editable,
    build_sdist,
    build_wheel,
    prepare_metadata_for_build_editable,
    prepare_metadata_for_build_wheel,
)

__all__ = [
    "build_editable",
    "build_sdist",
    "build_wheel",
    "compile_mode",
    "get_requires_for_build_editable",
    "get_requires_for_build_sdist",
    "get_requires_for_build_wheel",
    "prepare_metadata_for_build_editable",
    "prepare_metadata_for_build_wheel",
]

#: The environment variable that chooses the build.
VARIABLE = "COUNTER_RULES_COMPILE"

# mypyc comes with mypy, which type-checks the package while compiling it and
# so needs the runtime dependencies too (attrs' plugin needs attrs).
_COMPILER = ["mypy>=1.10", "attrs>=23.1", "typing-extensions>=4.6"]


def compile_mode(*, editable: bool) -> Literal["pure", "auto", "compiled"]:
    """The build ``COUNTER_RULES_COMPILE`` asks for.

    ``"auto"`` compiles when possible and falls back to pure Python;
    ``"compiled"`` fails when it cannot compile. Raises ``SystemExit`` with a
    message for a value other than unset, empty, ``0`` or ``1``.
    """
    value = os.environ.get(VARIABLE, "").strip()
    if value == "0":
        return "pure"
    if value == "1":
        return "compiled"
    if value == "":
        return "pure" if editable else "auto"
    raise SystemExit(
        f"{VARIABLE}={value!r} is not a valid choice: use 1 for the compiled build "
        "(fails without a C compiler), 0 for pure Python, or leave it unset to "
        "compile when possible and fall back to pure Python"
    )


def _compiler(*, editable: bool) -> list[str]:
    return [] if compile_mode(editable=editable) == "pure" else list(_COMPILER)


# setuptools' own hooks would run setup.py to look for setup_requires (there
# are none); these return the extra requirements directly.
def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    """Nothing beyond ``[build-system] requires``, plus mypy unless the build is pure."""
    return _compiler(editable=False)


def get_requires_for_build_editable(config_settings: dict[str, Any] | None = None) -> list[str]:
    """Nothing beyond ``[build-system] requires``, plus mypy for a compiled editable build."""
    return _compiler(editable=True)


def get_requires_for_build_sdist(config_settings: dict[str, Any] | None = None) -> list[str]:
    """Nothing beyond ``[build-system] requires``: an sdist holds sources only."""
    return []
