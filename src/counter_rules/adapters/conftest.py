"""pytest's doctest collection imports every module; skip an adapter whose
optional framework is not installed instead of failing to import it."""

from importlib.util import find_spec

_NEEDS = {"openspiel.py": "pyspiel", "pettingzoo.py": "pettingzoo"}

collect_ignore = [module for module, package in _NEEDS.items() if find_spec(package) is None]
