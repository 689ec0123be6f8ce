"""pytest's doctest collection imports every module of the package; skip an
adapter whose optional framework is not installed instead of failing to import
it. (This file sits beside the package, so it is not installed with it.)"""

from importlib import import_module

_NEEDS = {
    "counter_rules/adapters/openspiel.py": "pyspiel",
    "counter_rules/adapters/pettingzoo.py": "pettingzoo",
}


def _missing(package: str) -> bool:
    try:
        import_module(package)
    except ImportError:
        return True
    return False


collect_ignore = [module for module, package in _NEEDS.items() if _missing(package)]
