"""pytest's doctest collection imports every module; skip an adapter whose
optional framework is not installed instead of failing to import it."""

from importlib import import_module

_NEEDS = {"openspiel.py": "pyspiel", "pettingzoo.py": "pettingzoo"}


def _missing(package: str) -> bool:
    try:
        import_module(package)
    except ImportError:
        return True
    return False


collect_ignore = [module for module, package in _NEEDS.items() if _missing(package)]
