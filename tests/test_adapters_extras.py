"""Importing an adapter without its extra says which extra to install."""

from __future__ import annotations

import importlib
import importlib.util
import sys

import pytest

# Each adapter's packages, in the order it imports them, and its extra.
_IMPORTS = {
    "counter_rules.adapters.openspiel": (("numpy", "pyspiel"), "openspiel"),
    "counter_rules.adapters.pettingzoo": (("numpy", "gymnasium", "pettingzoo"), "pettingzoo"),
}
_CASES = [
    (adapter, missing, extra)
    for adapter, (packages, extra) in _IMPORTS.items()
    for missing in packages
]


@pytest.mark.parametrize(("adapter", "missing", "extra"), _CASES)
def test_an_adapter_without_its_extra_names_the_extra_to_install(
    adapter: str, missing: str, extra: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With a package of the extra missing (None in sys.modules makes its
    import fail as if it were not installed), importing the adapter raises
    ModuleNotFoundError naming the first package it lacks, in its import
    order (``missing``, unless one imported before it is not installed
    either), and the pip command of the extra."""
    packages = _IMPORTS[adapter][0]
    expected = next(p for p in packages if p == missing or importlib.util.find_spec(p) is None)
    for name in list(sys.modules):
        if name == missing or name.startswith(f"{missing}."):
            monkeypatch.delitem(sys.modules, name)
        if name.startswith("counter_rules.adapters."):
            monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, missing, None)
    with pytest.raises(ModuleNotFoundError) as caught:
        importlib.import_module(adapter)
    assert caught.value.name == expected
    assert f'pip install "counter-rules[{extra}]"' in str(caught.value)
    assert f"{adapter} needs {expected}" in str(caught.value)


def test_the_shared_observation_module_names_both_extras(monkeypatch: pytest.MonkeyPatch) -> None:
    """The observation encoder, used by both adapters, names both extras."""
    for name in list(sys.modules):
        if name == "numpy" or name.startswith(("numpy.", "counter_rules.adapters.")):
            monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "numpy", None)
    with pytest.raises(ModuleNotFoundError) as caught:
        importlib.import_module("counter_rules.adapters.observation")
    message = str(caught.value)
    assert 'pip install "counter-rules[openspiel]"' in message
    assert 'pip install "counter-rules[pettingzoo]"' in message
