"""Helpers of the benchmarks' tests: a benchmark script imported as a module."""

from __future__ import annotations

import importlib.util
import pathlib
import sys
from types import ModuleType

BENCHMARKS = pathlib.Path(__file__).resolve().parent.parent / "benchmarks"
"""The folder of the benchmark scripts, beside the tests (a checkout or the sdist)."""


def benchmark(name: str) -> ModuleType:
    """The script ``benchmarks/<name>.py`` imported as the module ``name``
    (registered, so that a process pool can pickle its functions by module),
    with the benchmarks' folder on the import path, as when the script runs,
    so that a script can import another's names."""
    if str(BENCHMARKS) not in sys.path:
        sys.path.append(str(BENCHMARKS))
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module
