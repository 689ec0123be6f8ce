"""Old import paths of names that moved (internal).

A public name that moves to another module stays importable from its old
module until the next minor release, with a :class:`DeprecationWarning` that
names the new home (the changelog lists each move). The old module hands
:func:`moved_names` its own name and the moved names' new modules (or, when
the whole module moved, :func:`module_moved` its new name), and keeps the
answer as its ``__getattr__``, which Python asks only for a name the module
does not define itself. Type checkers do not see the old paths: the module
sets its ``__getattr__`` outside ``typing.TYPE_CHECKING``.

Example:
    >>> import warnings
    >>> from counter_rules.deprecation import moved_names
    >>> getattr_ = moved_names("old.home", {"Card": "counter_rules.cards"})
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     card = getattr_("Card")
    >>> card.__module__, str(caught[0].message)
    ('counter_rules.cards', 'old.home.Card is deprecated: import it from counter_rules.cards')
"""

from __future__ import annotations

import importlib
import warnings
from collections.abc import Callable, Mapping

__all__ = ["module_moved", "moved_names"]


def moved_names(module: str, moved: Mapping[str, str]) -> Callable[[str], object]:
    """A module ``__getattr__`` for ``module`` that finds each name of
    ``moved`` in the module it maps to (``"module:other_name"`` for a name
    that was renamed too), with a warning, and raises
    :class:`AttributeError` for any other name.

    The new module is imported only when an old path is used, so the old
    module does not import its successor (nor, through it, what that imports).
    """

    def __getattr__(name: str) -> object:
        home = moved.get(name)
        if home is None:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        return _found(module, name, home)

    return __getattr__


def module_moved(module: str, home: str) -> Callable[[str], object]:
    """A module ``__getattr__`` for ``module``, which moved whole to the
    module ``home``: every name of ``home``'s ``__all__``, with a warning.

    Example:
        >>> import warnings
        >>> from counter_rules.deprecation import module_moved
        >>> getattr_ = module_moved("old.cards", "counter_rules.cards")
        >>> with warnings.catch_warnings():
        ...     warnings.simplefilter("ignore")
        ...     getattr_("Card").__name__
        'Card'
        >>> getattr_("_intern")
        Traceback (most recent call last):
        ...
        AttributeError: module 'old.cards' has no attribute '_intern'
    """

    def __getattr__(name: str) -> object:
        if name not in getattr(importlib.import_module(home), "__all__", ()):
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        return _found(module, name, home)

    return __getattr__


def _found(module: str, name: str, home: str) -> object:
    home, _, new_name = home.partition(":")
    where = f"import it from {home}" if not new_name else f"use {home}.{new_name}"
    warnings.warn(f"{module}.{name} is deprecated: {where}", DeprecationWarning, stacklevel=3)
    return getattr(importlib.import_module(home), new_name or name)
