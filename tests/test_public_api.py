"""The public surface: ``__all__`` sorted and complete, every export documented,
exceptions that pickle."""

from __future__ import annotations

import ast
import functools
import inspect
import itertools
import pickle
import textwrap
import typing

import attrs
import pytest

import counter_rules
from counter_rules import (
    Card,
    CounterRulesError,
    GameOverError,
    IllegalMoveError,
    InvalidArgumentError,
    InvalidNotationError,
    Play,
    WorkerLostError,
)


def test_all_is_sorted() -> None:
    """``__all__`` is in sorted order, so additions are easy to review."""
    assert list(counter_rules.__all__) == sorted(counter_rules.__all__)


def test_all_is_complete_and_importable() -> None:
    """Every name in ``__all__`` exists, and every public class or function
    defined in the package that the top level imports is listed."""
    for name in counter_rules.__all__:
        assert hasattr(counter_rules, name), name
    exported = set(counter_rules.__all__)
    for name, value in vars(counter_rules).items():
        if name.startswith("_") or inspect.ismodule(value):
            continue
        module = getattr(value, "__module__", "") or ""
        if module.startswith("counter_rules"):
            assert name in exported, f"{name} is public but not in __all__"


def test_api_contract_names_exist() -> None:
    """The names the API contract promises are importable from the top level."""
    for name in [
        "Suit",
        "Rank",
        "Card",
        "cards",
        "Counter",
        "new_game",
        "Deal",
        "GameState",
        "Phase",
        "Bid",
        "Play",
        "Pass",
        "legal_moves",
        "apply_move",
        "resolve_trick",
        "TrickResult",
        "PlayedCard",
        "IllegalMoveError",
    ]:
        assert name in counter_rules.__all__, name


@pytest.mark.parametrize("name", counter_rules.__all__)
def test_every_export_is_documented(name: str) -> None:
    """Every public object has a docstring of its own, and so does every public
    method and every attrs field of a public class."""
    obj = getattr(counter_rules, name)
    if not (inspect.isclass(obj) or inspect.isfunction(obj)):
        return  # constants and type aliases are documented in the API reference
    assert inspect.getdoc(obj), f"{name} has no docstring"
    if inspect.isclass(obj):
        for attr, member in vars(obj).items():
            if attr.startswith("_"):
                continue
            if inspect.isfunction(member) or isinstance(member, property | classmethod):
                target = member.fget if isinstance(member, property) else member
                assert inspect.getdoc(target), f"{name}.{attr} has no docstring"


def _field_docs(cls: type) -> set[str]:
    """Names of the annotated class attributes followed by a docstring."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
    body = tree.body[0].body  # type: ignore[attr-defined]
    documented = set()
    for node, after in itertools.pairwise(body):
        if (
            isinstance(node, ast.AnnAssign)
            and isinstance(node.target, ast.Name)
            and isinstance(after, ast.Expr)
            and isinstance(after.value, ast.Constant)
            and isinstance(after.value.value, str)
        ):
            documented.add(node.target.id)
    return documented


@pytest.mark.parametrize(
    "name",
    [n for n in counter_rules.__all__ if attrs.has(getattr(counter_rules, n))],
)
def test_every_attrs_field_has_a_docstring(name: str) -> None:
    """STYLE: an attribute docstring under every public attrs field."""
    cls = getattr(counter_rules, name)
    if hasattr(cls, "__mypyc_attrs__"):
        pytest.skip("a native class has no source here; the pure-Python build checks it")
    documented: set[str] = set()
    for klass in cls.__mro__:
        if attrs.has(klass):
            documented |= _field_docs(klass)
    for field in attrs.fields(cls):
        if field.name.startswith("_"):
            continue
        assert field.name in documented, f"{name}.{field.name} has no attribute docstring"


@pytest.mark.parametrize(
    "error",
    [
        CounterRulesError("x"),
        InvalidArgumentError("bad"),
        InvalidNotationError("bad text"),
        GameOverError("over"),
        IllegalMoveError(Play(1, Card.parse("9D")), "seat 1 must follow ♠: holds 9♠"),
        WorkerLostError("match stopped: game 3 lost", (), (3, 4)),
    ],
)
def test_exceptions_pickle(error: Exception) -> None:
    """Errors survive pickling (process pools send them between processes)."""
    clone = pickle.loads(pickle.dumps(error))
    assert type(clone) is type(error)
    assert str(clone) == str(error)
    assert vars(clone) == vars(error)


def test_error_tree() -> None:
    """One tree, with ValueError as second base for the bad-value errors."""
    for cls in (IllegalMoveError, InvalidArgumentError, InvalidNotationError):
        assert issubclass(cls, CounterRulesError) and issubclass(cls, ValueError)
    assert issubclass(GameOverError, CounterRulesError)


def test_package_is_typed() -> None:
    """The package ships py.typed for type checkers."""
    import importlib.resources

    assert importlib.resources.files("counter_rules").joinpath("py.typed").is_file()


def _hinted(name: str) -> list[tuple[str, object]]:
    """The export ``name`` and, for a class, every function it defines (methods,
    static and class methods, property getters, attrs' generated methods)."""
    obj = getattr(counter_rules, name)
    found: list[tuple[str, object]] = []
    if inspect.isclass(obj):
        found.append((name, obj))
        for attr, member in vars(obj).items():
            if isinstance(member, staticmethod | classmethod):
                member = member.__func__
            elif isinstance(member, property):
                member = member.fget
            elif isinstance(member, functools.cached_property):
                member = member.func
            if inspect.isfunction(member):
                found.append((f"{name}.{attr}", member))
    elif inspect.isfunction(obj) or inspect.isbuiltin(obj):
        found.append((name, obj))
    return found


@pytest.mark.parametrize("name", counter_rules.__all__)
def test_type_hints_resolve_at_run_time(name: str) -> None:
    """``typing.get_type_hints`` works on every public class and function and
    on every method of a public class (``attrs.resolve_types`` on the attrs
    classes too): every name an annotation uses is bound at run time."""
    for label, obj in _hinted(name):
        try:
            typing.get_type_hints(obj)
        except NameError as exc:
            pytest.fail(f"{label}: {exc}")
    obj = getattr(counter_rules, name)
    if inspect.isclass(obj) and attrs.has(obj):
        attrs.resolve_types(obj)
