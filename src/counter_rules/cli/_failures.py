"""The failures that end a command with one line (exit status 1):
:class:`CommandError`, an output that cannot be written, and an error raised
by the code of a user's plugin, found in the traceback (:func:`failure_line`)."""

from __future__ import annotations

import contextlib
import os
import re
import sys
import traceback
from collections.abc import Iterator

from counter_rules.argument_checks import shorten
from counter_rules.cli._output import OutputError
from counter_rules.errors import CounterRulesError
from counter_rules.rulesets.registry import ruleset_entries

__all__ = ["CommandError", "failure_line", "remember_plugin"]


class CommandError(Exception):
    """A command that cannot go on (a file it cannot write, a match that
    lost its workers): it prints one line and exits 1."""


# The modules given to --plugin, in the order they were imported.
_PLUGINS: list[str] = []
_FRAME = re.compile(r'^  File "(?P<file>[^"]+)", line (?P<line>\d+), in (?P<name>.+)$', re.M)


def remember_plugin(module: str) -> None:
    """Note ``module``, imported for ``--plugin``, as a user's code whose
    errors :func:`failure_line` names."""
    if module not in _PLUGINS:
        _PLUGINS.append(module)


def _plugin_modules() -> set[str]:
    """The modules of users' rulesets: --plugin modules, and the modules
    defining every registered ruleset class (entry points included) and its
    bases, outside this package."""
    names = set(_PLUGINS)
    with contextlib.suppress(CounterRulesError):
        for entry in ruleset_entries():
            classes = getattr(entry.build, "__mro__", (entry.build,))
            for cls in classes:
                module = getattr(cls, "__module__", None) or ""
                if module and module.split(".")[0] not in ("counter_rules", "builtins", "abc"):
                    names.add(module)
    return names


def _frames(exc: BaseException) -> Iterator[tuple[str | None, str, int, str]]:
    """(module or None, file, line, function) of every frame of ``exc`` and
    of the errors it came from, innermost last; a worker process's frames
    are read from its traceback's text."""
    chain: list[BaseException] = []
    cause: BaseException | None = exc
    while cause is not None and cause not in chain:
        chain.append(cause)
        cause = cause.__cause__ or cause.__context__
    for error in reversed(chain):
        if type(error).__name__ in ("RemoteTraceback", "_RemoteTraceback"):
            for match in _FRAME.finditer(str(error)):
                yield None, match["file"], int(match["line"]), match["name"].strip()
        for frame, line in traceback.walk_tb(error.__traceback__):
            code = frame.f_code
            yield frame.f_globals.get("__name__"), code.co_filename, line, code.co_name


def _module_of(path: str, modules: set[str]) -> str | None:
    for name in modules:
        module = sys.modules.get(name)
        file = getattr(module, "__file__", None)
        if file is None:
            continue
        if os.path.basename(file) == "__init__.py":
            inside = os.path.dirname(file) + os.sep
            if path.startswith(inside):
                return name
        elif os.path.normcase(path) == os.path.normcase(file):
            return name
    return None


def _plugin_failure(exc: BaseException) -> str | None:
    """A user's plugin's error in one line, or ``None`` if no plugin raised it."""
    modules = _plugin_modules()
    if not modules:
        return None
    found = None
    for module, file, line, name in _frames(exc):
        if module is None or module not in modules:
            module = next((m for m in modules if module and module.startswith(m + ".")), None)
            if module is None:
                module = _module_of(file, modules)
        if module is not None:
            found = (module, os.path.basename(file), line, name)
    if found is None:
        return None
    module, file, line, name = found
    return (
        f"the plugin {module} failed: {type(exc).__name__}: {shorten(str(exc))} "
        f"({file}, line {line}, in {shorten(name, 60)})"
    )


def failure_line(exc: BaseException, command: str) -> str | None:
    """The one line that ends ``command`` after ``exc`` (exit status 1), or
    ``None`` for an error of the library itself, whose traceback is shown.

    The failures reported this way: :class:`CommandError`; an output that
    cannot be written (a full disk, a closed device); an error raised by the
    code of a user's plugin (at any point, in a worker process too), named
    with the plugin, the place and the error.
    """
    if isinstance(exc, CommandError):
        return f"{command}: error: {exc}"
    if isinstance(exc, OutputError):
        return f"{command}: error: cannot write the output: {exc.strerror or exc}"
    plugin = _plugin_failure(exc)
    if plugin is not None:
        return f"{command}: error: {plugin}"
    return None
