"""The value classes the engine builds on its hot path (internal).

:class:`~counter_rules.GameState` and :class:`~counter_rules.TrickResult` are
native classes in the compiled build. In the pure-Python build
:func:`interpreted_class` makes each, from the same definition, a
:class:`FrozenFields` value that keeps its fields in an instance dict: the
engine builds a new state for every move and a new trick result for every
trick, and handing a ready dict to a fresh instance (:func:`give_fields`)
costs a fraction of a constructor. That dict must never change once the
object is handed out, so ``vars(obj)`` and ``obj.__dict__`` give a read-only
view of the fields in both builds; the engine alone reaches the dict itself,
through the internal attribute ``_fields_dict``. :func:`give_attrs_fields`
lets attrs' functions work on these classes and on
:class:`~counter_rules.PlayedCard`.

Example:
    >>> from counter_rules import Counter, apply_move, legal_moves, new_game
    >>> state = new_game(Counter(), seed=1)
    >>> while not state.tricks:
    ...     state = apply_move(state, legal_moves(state)[0])
    >>> result = state.tricks[0]
    >>> vars(result)["winner"] == result.winner
    True
    >>> vars(result)["winner"] = 5
    Traceback (most recent call last):
    ...
    TypeError: 'mappingproxy' object does not support item assignment
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, ClassVar, Final

import attrs

from counter_rules._value import FieldsValue

__all__ = [
    "FrozenFields",
    "field_names",
    "give_attrs_fields",
    "give_fields",
    "interpreted_class",
    "interpreted_maker",
]


def give_attrs_fields(cls: type, names: tuple[str, ...], defaults: Mapping[str, object]) -> None:
    """Let :func:`attrs.fields`, :func:`attrs.evolve` and :func:`attrs.asdict`
    work on ``cls``, a value class that attrs did not build (a native class in
    the compiled build), as on a frozen attrs class with the fields ``names``
    in order (``defaults`` for those that have one): attrs reads a class's
    fields from its ``__attrs_attrs__``, and ``evolve`` builds the copy by
    calling ``cls`` with the fields by name."""
    model = attrs.make_class(
        cls.__name__,
        {
            name: attrs.field(default=defaults[name]) if name in defaults else attrs.field()
            for name in names
        },
        frozen=True,
    )
    setattr(cls, "__attrs_attrs__", attrs.fields(model))  # noqa: B010  # not declared on cls


class _InstanceDict:
    __slots__ = ("__dict__",)


class FrozenFields(_InstanceDict):
    """A frozen value whose fields live in its instance dict, shown read-only.

    The view is writable only while the dict is still empty, that is while
    attrs' ``__init__``, :mod:`copy` or :mod:`pickle` fill a new instance; every
    object handed out has its fields, so its dict is never writable through
    ``vars()``.
    """

    __slots__ = ()

    # The instance dict itself, for the engine: the same C accessor as the
    # plain ``__dict__`` attribute, under an internal name. The engine reads it
    # to copy a state's fields, and sets it (with object.__setattr__) to give a
    # fresh instance its fields.
    _fields_dict: ClassVar[Any] = _InstanceDict.__dict__["__dict__"]

    @property
    def __dict__(self) -> Mapping[str, Any]:  # type: ignore[override]  # read-only view
        fields = FrozenFields._fields_dict.__get__(self)
        return MappingProxyType(fields) if fields else fields


def field_names(cls: type) -> tuple[str, ...]:
    """The public fields of the value class ``cls``, in order: a native class
    lists its attributes in ``__mypyc_attrs__``; an interpreted one names
    them as the positional parameters of its ``__init__``."""
    native: tuple[str, ...] | None = getattr(cls, "__mypyc_attrs__", None)
    if native is None:
        code = vars(cls)["__init__"].__code__
        native = code.co_varnames[1 : code.co_argcount]
    return tuple(name for name in native if not name.startswith("_"))


def interpreted_class(
    cls: type,
    check: Callable[..., None],
    checked: tuple[str, ...],
    defaults: Mapping[str, object],
    internal: tuple[str, ...] = (),
) -> type:
    """The pure-Python build's form of ``cls``, a
    :class:`~counter_rules._value.FieldsValue` that the compiled build makes
    native: ``cls``'s methods and properties on a :class:`FrozenFields` value
    whose ``__init__`` runs ``check`` on the fields ``checked`` and fills the
    instance dict in one step, and whose fields refuse every write and
    delete with the messages of the compiled build's read-only slots.
    ``defaults`` gives the fields that have one; ``internal`` names
    keyword-only fields that default to ``None``."""
    names = field_names(cls)
    every = (*names, *internal)
    params = ", ".join(
        f"{name}=_defaults[{name!r}]" if name in defaults else name for name in names
    )
    keywords = "".join(f", {name}=None" for name in internal)
    source = (
        f"def __init__(self, {params}{', *' if internal else ''}{keywords}):\n"
        f"    _check({', '.join(checked)})\n"
        f"    _give(self, {{{', '.join(f'{name!r}: {name}' for name in every)}}})\n"
    )
    scope: dict[str, Any] = {"_give": give_fields, "_check": check, "_defaults": defaults}
    exec(source, scope)  # built from the class's own field names
    init: Callable[..., None] = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    title = cls.__name__

    def refuse(self: object, name: str, value: object = None) -> None:
        if name in every:
            raise AttributeError(f"attribute {name!r} of {title!r} objects is not writable")
        raise AttributeError(f"{title!r} object has no attribute {name!r}")

    namespace = {
        key: value
        for key, value in vars(cls).items()
        if key not in ("__dict__", "__weakref__", "__init__")
    }
    namespace.update(
        __slots__=(),
        __init__=init,
        __setattr__=refuse,
        __delattr__=refuse,
        # The value's view of its fields, not FrozenFields' view of the
        # whole instance dict (which holds the engine's internal fields too).
        __dict__=vars(FieldsValue)["__dict__"],
    )
    return type(title, (FieldsValue, FrozenFields), namespace)


give_fields: Final = FrozenFields._fields_dict.__set__
"""Give a fresh :class:`FrozenFields` instance its field dict (internal)."""


def interpreted_maker(cls: type) -> Callable[..., Any]:
    """For the pure-Python build: a function that builds an instance of
    ``cls`` (a class made by :func:`interpreted_class`) from all its fields,
    positional and in order, handing it the field dict in one step without
    the constructor's check, for the engine, whose fields are right by
    construction."""
    names = field_names(cls)
    source = (
        f"def make({', '.join(names)}):\n"
        f"    new = _new(_cls)\n"
        f"    _give(new, {{{', '.join(f'{name!r}: {name}' for name in names)}}})\n"
        f"    return new\n"
    )
    scope: dict[str, Any] = {"_give": give_fields, "_new": object.__new__, "_cls": cls}
    exec(source, scope)  # built from the class's own field names
    make: Callable[..., Any] = scope["make"]
    make.__qualname__ = make.__name__ = f"make_{cls.__name__}"
    return make
