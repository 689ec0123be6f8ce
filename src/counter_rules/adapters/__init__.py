"""Optional adapters that expose any ruleset to research frameworks.

* :mod:`counter_rules.adapters.openspiel`: an OpenSpiel game written in Python
  (needs the ``openspiel`` extra: ``pip install counter-rules[openspiel]``).
* :mod:`counter_rules.adapters.pettingzoo`: a PettingZoo AEC environment
  (needs the ``pettingzoo`` extra: ``pip install counter-rules[pettingzoo]``).

Both number the moves with the same integer action ids
(:class:`counter_rules.adapters.actions.ActionMap`). Importing this package
imports neither framework; import the adapter module you need. Without its
extra, importing an adapter raises :exc:`ModuleNotFoundError` saying which
extra to install.
"""

from __future__ import annotations


def _missing_extra(module: str, error: ModuleNotFoundError, *extras: str) -> ModuleNotFoundError:
    """The error an adapter raises when a package of its extra is missing: it
    names the package and the ``pip install`` command of each extra that
    brings it."""
    commands = " or ".join(f'pip install "counter-rules[{extra}]"' for extra in extras)
    return ModuleNotFoundError(
        f"{module} needs {error.name}, which is not installed: {commands}", name=error.name
    )
