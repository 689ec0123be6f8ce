"""The rules of each built-in ruleset as a player reads them.

One plain-text file per ruleset (``counter.rst``, ``up-and-down.rst``, ...),
written so that it reads well both in a terminal and as reStructuredText: the
command line prints it (``counter-rules rules NAME``) and the documentation
pages include it.

Example:
    >>> from counter_rules.texts import rules_text
    >>> rules_text("counter").splitlines()[0]
    'Three to five players, one 52-card pack, ten cards each every hand.'
"""

from __future__ import annotations

from importlib import resources

from counter_rules.errors import InvalidArgumentError

__all__ = ["rules_text"]


def rules_text(name: str) -> str:
    """The player's rules of the built-in ruleset ``name`` (a command-line name).

    Raises:
        InvalidArgumentError: No text has that name.
    """
    if not isinstance(name, str) or not name.replace("-", "").isalnum():
        raise InvalidArgumentError(f"no rules text is called {name!r}")
    path = resources.files(__name__).joinpath(f"{name}.rst")
    if not path.is_file():
        raise InvalidArgumentError(f"no rules text is called {name!r}")
    return path.read_text(encoding="utf-8").strip()
