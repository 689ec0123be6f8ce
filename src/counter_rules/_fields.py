"""The base of the value classes the engine builds on its hot path (internal).

:class:`~counter_rules.TrickResult`, and :class:`~counter_rules.GameState` in the
pure-Python build, keep their fields in an instance dict: the engine builds a
new trick result for every trick and a new state for every move, and handing
a ready dict to a fresh instance costs a fraction of attrs' ``__init__``.
That dict must never change once the object is handed out, so ``vars(obj)``
and ``obj.__dict__`` give a read-only view of it; the engine alone reaches the
dict itself, through the internal attribute ``_fields_dict``.

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

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, ClassVar

import attrs

__all__ = ["FrozenFields", "give_attrs_fields"]


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
