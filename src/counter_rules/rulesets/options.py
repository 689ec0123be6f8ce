"""What a ruleset declares about itself: its player counts and options
(:class:`RulesetSpec`, :class:`RulesetOption`), and the options' JSON and text
forms.

A ruleset class states its spec once, where it is written, as the class
attribute ``spec``; a preset's factory is registered with its spec
(:func:`~counter_rules.register_ruleset`). The registry, records, the command
line and the adapters read it there.

Options travel as JSON by one generic conversion: tuples become lists, a
:class:`~counter_rules.Suit` its letter (``"C"``, ``"D"``, ``"H"``, ``"S"``),
``None`` stays ``null``; reading goes back the same way, guided by the
option's type (:func:`option_from_json`). As text (the command line's
``--option NAME=VALUE``, OpenSpiel's game parameters) an option is read by
:func:`option_from_text`.

Example:
    >>> from counter_rules import Counter
    >>> Counter.spec.players, [option.name for option in Counter.spec.options]
    ((3, 4, 5), ['players', 'target', 'hook'])
"""

from __future__ import annotations

import functools
import json
import math
import re
import types
import typing
from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from counter_rules.argument_checks import shown
from counter_rules.cards import Suit
from counter_rules.errors import CounterRulesError, InvalidArgumentError, InvalidNotationError
from counter_rules.input_limits import read_json

__all__ = [
    "RulesetOption",
    "RulesetSpec",
    "option_from_json",
    "option_from_text",
    "option_to_json",
]


def _check_identifier(field: str, value: object) -> bool:
    if not isinstance(value, str) or not value.isidentifier():
        raise InvalidArgumentError(
            f"RulesetOption.{field} must be a Python name such as 'players', got {value!r:.60}"
        )
    return True


@attrs.frozen
class RulesetOption:
    """One option of a ruleset, as its builder declares it."""

    name: str = attrs.field(validator=lambda _, a, v: _check_identifier("name", v))
    """The keyword the builder takes."""
    default: object
    """The default value (``None`` also when the builder requires the option)."""
    hint: object = object
    """The option's type as the builder annotates it (``object`` when unknown)."""
    attribute: str = attrs.field(
        default="", validator=lambda _, a, v: v == "" or _check_identifier("attribute", v)
    )
    """The ruleset attribute that holds the option's value (by default the
    option's own name)."""

    def __attrs_post_init__(self) -> None:
        if not self.attribute:
            object.__setattr__(self, "attribute", self.name)

    @property
    def default_json(self) -> object:
        """The default in its JSON form.

        Example:
            >>> from counter_rules import ruleset_entry
            >>> [o.default_json for o in ruleset_entry("oh-hell").options if o.name == "rotation"]
            [['S', 'H', 'D', 'C']]
        """
        return option_to_json(self.default)

    @property
    def alternatives(self) -> tuple[object, ...]:
        """The types the option accepts: its :attr:`hint` with every union
        spelled out, in order.

        Example:
            >>> from counter_rules import ruleset_entry
            >>> [o.alternatives for o in ruleset_entry("blackout").options if o.name == "players"]
            [(<class 'int'>,)]
        """
        return _flatten(self.hint)

    @property
    def item_alternatives(self) -> tuple[object, ...]:
        """The types the items of a list option accept, unions spelled out;
        ``()`` for an option that is never a list.

        Example:
            >>> from counter_rules import ruleset_entry
            >>> rotation = [o for o in ruleset_entry("oh-hell").options if o.name == "rotation"]
            >>> rotation[0].item_alternatives
            (<enum 'Suit'>, <class 'NoneType'>)
        """
        return _item_hints(self.hint) or ()


def _counts(value: object) -> tuple[int, ...]:
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise InvalidArgumentError(
            f"RulesetSpec.players must be player counts such as (3, 4, 5), got {value!r:.60}"
        )
    counts = tuple(value)
    if not all(type(n) is int and 1 <= n <= _MAX_PLAYERS for n in counts):
        raise InvalidArgumentError(
            f"RulesetSpec.players must be whole numbers 1..{_MAX_PLAYERS}, got {counts!r:.60}"
        )
    return tuple(sorted(set(counts)))


def _options(value: object) -> tuple[RulesetOption, ...]:
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise InvalidArgumentError(
            f"RulesetSpec.options must be RulesetOption values, got {value!r:.60}"
        )
    options = tuple(value)
    for option in options:
        if not isinstance(option, RulesetOption):
            raise InvalidArgumentError(
                f"RulesetSpec.options must be RulesetOption values, got {option!r:.60}"
            )
    return options


_MAX_PLAYERS = 16  # the most seats the engine's tables hold


@attrs.frozen
class RulesetSpec:
    """What a ruleset declares for the registry: the player counts it accepts
    with its default options, and its options in the builder's order."""

    players: tuple[int, ...] = attrs.field(converter=_counts)
    """The player counts the ruleset accepts with its default options."""
    options: tuple[RulesetOption, ...] = attrs.field(converter=_options)
    """The options, in the builder's order."""

    @classmethod
    def from_fields(
        cls,
        ruleset: type,
        players: tuple[int, ...],
        attributes: Mapping[str, str] | None = None,
    ) -> RulesetSpec:
        """The spec of an attrs ruleset class whose options are its ``__init__``
        fields (private and ``init=False`` fields left out), with ``players``.

        ``attributes`` maps an option to the attribute that holds its value
        where the two names differ.

        Raises:
            InvalidArgumentError: ``ruleset`` is not an attrs class.
        """
        if not isinstance(ruleset, type) or not attrs.has(ruleset):
            raise InvalidArgumentError(
                f"RulesetSpec.from_fields needs an attrs class, got {ruleset!r:.60}"
            )
        counts = _counts(players)
        hints = typing.get_type_hints(ruleset)
        if attributes is not None and not isinstance(attributes, Mapping):
            raise InvalidArgumentError(
                f"attributes must map option names to attribute names, got {attributes!r:.60}"
            )
        attributes = attributes or {}
        options = []
        for field in attrs.fields(ruleset):
            if not field.init or field.name.startswith("_"):
                continue
            default = field.default
            if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
                default = default.factory()
            elif default is attrs.NOTHING:
                default = None
            name = field.alias or field.name
            options.append(
                RulesetOption(
                    name, default, hints.get(field.name, object), attributes.get(name, field.name)
                )
            )
        return cls(counts, tuple(options))


def option_to_json(value: object) -> object:
    """An option's value as JSON data: tuples as lists, suits as letters.

    Raises:
        InvalidArgumentError: A value with no JSON form (a set, a float that is
            not finite, an object).

    Example:
        >>> from counter_rules import Suit, option_to_json
        >>> option_to_json((Suit.HEARTS, None)), option_to_json((10, 9))
        (['H', None], [10, 9])
    """
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, float) and math.isfinite(value):
        return value
    if isinstance(value, Suit):
        return value.letter
    if isinstance(value, tuple):
        return [option_to_json(item) for item in value]
    raise InvalidArgumentError(
        f"an option value must be a number, text, true/false, None, a suit or a tuple of "
        f"them, got {shown(value)}"
    )


def _flatten(hint: object) -> tuple[object, ...]:
    if isinstance(hint, types.UnionType) or typing.get_origin(hint) is typing.Union:
        return tuple(h for part in typing.get_args(hint) for h in _flatten(part))
    return (hint,)


def _item_hint(hint: object) -> object:
    for part in _flatten(hint):
        if typing.get_origin(part) is tuple:
            args = typing.get_args(part)
            if args:
                return args[0] if len(args) == 2 and args[1] is Ellipsis else _union(args)
    return object


def _union(args: tuple[Any, ...]) -> object:
    return functools.reduce(lambda a, b: a | b, args)


def option_from_json(value: object, hint: object = object) -> object:
    """An option's value from JSON data, guided by the option's type ``hint``:
    lists become tuples, a suit letter a :class:`~counter_rules.Suit` where the
    type holds suits and not text.

    Raises:
        InvalidArgumentError: An object (dict), a float that is not finite, or
            anything JSON does not hold.

    Example:
        >>> from counter_rules import Suit, option_from_json
        >>> option_from_json(["H", None], tuple[Suit | None, ...])
        (<Suit.HEARTS: 2>, None)
    """
    if isinstance(value, list):
        item = _item_hint(hint)
        return tuple(option_from_json(v, item) for v in value)
    if isinstance(value, str):
        parts = _flatten(hint)
        if Suit in parts and str not in parts and value in ("C", "D", "H", "S"):
            return Suit.parse(value)
        return value
    if value is None or isinstance(value, bool | int):
        return value
    if isinstance(value, float) and math.isfinite(value):
        return value
    raise InvalidArgumentError(
        f"expected a number, text, true/false, null or a list of them, got {value!r:.60}"
    )


def _item_hints(hint: object) -> tuple[object, ...] | None:
    """The types a list option's items may have; ``None`` for an option that
    is never a list."""
    for part in _flatten(hint):
        if typing.get_origin(part) is tuple:
            args = typing.get_args(part)
            return tuple(p for arg in args if arg is not Ellipsis for p in _flatten(arg))
    return None


def _json_scalar(text: str, parts: tuple[object, ...]) -> object:
    """One value's JSON form from its text, as the option's types read it."""
    low = text.strip().lower()
    unknown = parts == (object,)
    if low in ("none", "null", "nt", "-") and (type(None) in parts or unknown):
        return None
    if bool in parts or unknown:
        if low in ("true", "yes", "on"):
            return True
        if low in ("false", "no", "off"):
            return False
    if (int in parts or unknown) and re.fullmatch(r"[+-]?[0-9]{1,9}", low):
        return int(low)
    if float in parts and re.fullmatch(r"[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)(e[+-]?[0-9]+)?", low):
        return float(low)
    if Suit in parts and str not in parts:
        try:
            return Suit.parse(text).letter
        except CounterRulesError:
            raise InvalidArgumentError(
                f"expected suits such as S,H,none (C, D, H, S or none), got {shown(text.strip())}"
            ) from None
    return text.strip()


_LIST_SEPARATOR = re.compile(r"\s*,\s*|\s+")


def option_from_text(text: str, hint: object = object) -> object:
    """An option's value from text, as the command line's ``--option
    NAME=VALUE`` and OpenSpiel's game parameters give it, read as the option's
    type ``hint`` wants: ``true``/``false``, whole numbers, ``none``, text,
    and lists with their items separated by commas or spaces (``10,9,8``,
    ``S H none``) or written in JSON (``[10, 9, 8]``). A single number where
    a list of numbers or a name is allowed is a list of one (``schedule=10``).

    Raises:
        InvalidArgumentError: A list item that is not a suit where suits are
            wanted, or JSON text that does not parse.

    Example:
        >>> from counter_rules import Suit, option_from_text
        >>> schedule = tuple[int, ...] | str
        >>> option_from_text("10,9", schedule), option_from_text("10 9", schedule)
        ((10, 9), (10, 9))
        >>> option_from_text("10", schedule), option_from_text("up", schedule)
        ((10,), 'up')
        >>> option_from_text("h none", tuple[Suit | None, ...])
        (<Suit.HEARTS: 2>, None)
    """
    if not isinstance(text, str):
        raise InvalidArgumentError(f"expected an option's text, got {text!r:.60}")
    parts = _flatten(hint)
    items = _item_hints(hint)
    if items is None:
        return option_from_json(_json_scalar(text, parts), hint)
    if text.strip().startswith("["):
        try:
            data = read_json(text, "option")
        except InvalidNotationError as exc:
            raise InvalidArgumentError(f"expected a JSON list, got {text!r:.60} ({exc})") from None
        return option_from_json(data, hint)
    others = tuple(p for p in parts if typing.get_origin(p) is not tuple)
    words = _LIST_SEPARATOR.split(text.strip())
    if len(words) > 1 or not others:
        return option_from_json([_json_scalar(word, items) for word in words], hint)
    item = _json_scalar(text, items)
    if not isinstance(item, str):  # schedule=10: the hand sizes (10,)
        return option_from_json([item], hint)
    return option_from_json(_json_scalar(text, others), hint)


def _option_from_scalar(value: object, hint: object) -> object:
    """:func:`option_from_text` of a text, or of the text of a number or a
    truth value."""
    if isinstance(value, bool | int | float) and not (
        isinstance(value, float) and not math.isfinite(value)
    ):
        return option_from_text(json.dumps(value), hint)
    if not isinstance(value, str):
        raise InvalidArgumentError(f"expected text, a number or true/false, got {value!r:.60}")
    return option_from_text(value, hint)
