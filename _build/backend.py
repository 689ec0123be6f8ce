"""The build backend: setuptools, plus mypy when a compiled build is asked for.

``COUNTER_RULES_COMPILE=1`` makes ``setup.py`` compile the engine's hot modules
with mypyc, which comes with mypy; this wrapper adds mypy (and the runtime
dependencies it type-checks against) to the build requirements only then, so
a pure-Python build downloads nothing extra.
"""

from __future__ import annotations

import os
from typing import Any

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
    "get_requires_for_build_editable",
    "get_requires_for_build_sdist",
    "get_requires_for_build_wheel",
    "prepare_metadata_for_build_editable",
    "prepare_metadata_for_build_wheel",
]

# mypyc comes with mypy, which type-checks the package while compiling it and
# so needs the runtime dependencies too (attrs' plugin needs attrs).
_COMPILER = ["mypy>=1.10", "attrs>=23.1", "typing-extensions>=4.6"]


def _compiler() -> list[str]:
    return list(_COMPILER) if os.environ.get("COUNTER_RULES_COMPILE", "") == "1" else []


# setuptools' own hooks would run setup.py to look for setup_requires (there
# are none), which a compiled build cannot do before mypy is installed.
def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    """Nothing beyond ``[build-system] requires``, plus mypy for a compiled build."""
    return _compiler()


def get_requires_for_build_editable(config_settings: dict[str, Any] | None = None) -> list[str]:
    """Nothing beyond ``[build-system] requires``, plus mypy for a compiled build."""
    return _compiler()


def get_requires_for_build_sdist(config_settings: dict[str, Any] | None = None) -> list[str]:
    """Nothing beyond ``[build-system] requires``, plus mypy for a compiled build."""
    return _compiler()
