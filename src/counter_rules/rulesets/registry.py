"""The registry of rulesets: one table of names, builders, player counts and options.

Every place that names a ruleset reads this table: game records
(:func:`counter_rules.rules_to_dict`, :func:`counter_rules.rules_from_dict`),
the command line (``--rules NAME``, ``counter-rules rules NAME``) and the
research adapters (OpenSpiel's game ``counter_rules``, PettingZoo's
:func:`~counter_rules.adapters.pettingzoo.env`). An entry holds

- a **name** as the command line takes it (``"counter"``, ``"oh-hell"``, ...);
- the **builder**: a ruleset class, or a preset's factory such as
  :meth:`OhHell.office <counter_rules.OhHell.office>`;
- for a class, the **game** tag that records write (the class name);
- the **options**, read from the builder itself: the attrs fields of a class
  whose ``__init__`` attrs generates (private fields and ``init=False`` ones
  left out), else the keyword parameters of its ``__init__`` or of the factory;
- the **player counts** it accepts with its default options, found by building it.

Options travel as JSON by one generic conversion: tuples become lists, a
:class:`~counter_rules.Suit` its letter (``"C"``, ``"D"``, ``"H"``, ``"S"``),
``None`` stays ``null``; reading goes back the same way, guided by the option's
type (:func:`~counter_rules.option_from_json`,
:meth:`~counter_rules.RulesetEntry.build_from_json`). As text (the command
line's ``--option NAME=VALUE``, OpenSpiel's game parameters) an option is read
by :func:`~counter_rules.option_from_text`. A ruleset a user writes joins the
table with :func:`~counter_rules.register_ruleset`; it is then recorded,
loaded, and played from the command line and the adapters like the built-in
ones. The command line imports a user's module given with ``--plugin MODULE``,
and every module named by an entry point of the group ``counter_rules.rulesets``
(loaded the first time a name is not found).

Example:
    >>> from counter_rules import OhHell, ruleset_entry
    >>> entry = ruleset_entry("north-east")
    >>> entry.players, entry.build(6) == OhHell.north_east_blackout(6)
    ((5, 6), True)
    >>> [option.name for option in ruleset_entry("counter").options]
    ['players', 'target', 'hook']
"""

from __future__ import annotations

import functools
import importlib
import inspect
import json
import math
import re
import types
import typing
from collections.abc import Callable, Mapping
from importlib import metadata
from typing import Any

import attrs

from counter_rules.cards import Suit
from counter_rules.checks import shorten, shown
from counter_rules.errors import CounterRulesError, InvalidArgumentError
from counter_rules.rulesets.base import Ruleset
from counter_rules.rulesets.blackout import Blackout
from counter_rules.rulesets.counter import Counter
from counter_rules.rulesets.oh_hell import OhHell
from counter_rules.rulesets.up_and_down import UpAndDown
from counter_rules.texts import rules_text

__all__ = [
    "ENTRY_POINT_GROUP",
    "RulesetEntry",
    "RulesetOption",
    "import_plugin",
    "load_plugins",
    "option_from_json",
    "option_from_text",
    "option_to_json",
    "register_ruleset",
    "ruleset_entries",
    "ruleset_entry",
    "ruleset_entry_for",
    "unregister_ruleset",
]

ENTRY_POINT_GROUP = "counter_rules.rulesets"
"""The entry point group whose modules are imported to register user rulesets."""

_MAX_PLAYERS = 16  # the player counts tried when an entry's range is found


@attrs.frozen
class RulesetOption:
    """One option of a ruleset, as its builder declares it."""

    name: str
    """The keyword the builder takes."""
    default: object
    """The default value (``None`` also when the builder requires the option)."""
    hint: object
    """The option's type as the builder annotates it (``object`` when unknown)."""
    attribute: str
    """The ruleset attribute that holds the option's value."""

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


@attrs.frozen
class RulesetEntry:
    """One ruleset of the registry (see :func:`~counter_rules.register_ruleset`)."""

    name: str
    """The name the command line takes, e.g. ``"up-and-down"``."""
    title: str
    """A one-line title for a person."""
    build: Callable[..., Ruleset]
    """The ruleset class or the preset's factory; called with the options."""
    game: str | None
    """The tag records write for a class (its name); ``None`` for a preset,
    whose rulesets are recorded under their class's entry."""
    options: tuple[RulesetOption, ...]
    """The options, in the builder's order."""
    text: str
    """The rules as a player reads them (plain text)."""

    @property
    def players(self) -> tuple[int, ...]:
        """The player counts the ruleset accepts with its default options."""
        return _player_counts(self)

    def option(self, name: str) -> RulesetOption:
        """The option called ``name``.

        Raises:
            InvalidArgumentError: The ruleset has no such option; the message
                lists the ones it has.
        """
        for option in self.options:
            if option.name == name:
                return option
        known = ", ".join(o.name for o in self.options) or "none"
        raise InvalidArgumentError(f"{self.name} has no option {shown(name)}; its options: {known}")

    def options_of(self, rules: Ruleset) -> dict[str, object]:
        """The options that rebuild ``rules`` with :attr:`build`.

        Raises:
            InvalidArgumentError: ``rules`` is not of this entry's class, an
                option has no JSON form, or the options do not rebuild an
                equal ruleset (an option kept under another attribute name
                that ``register_ruleset(attributes=...)`` does not give).

        Example:
            >>> from counter_rules import Blackout, ruleset_entry
            >>> ruleset_entry("blackout").options_of(Blackout(5, schedule="full"))["schedule"]
            'full'
        """
        if type(rules) is not self.build:
            raise InvalidArgumentError(
                f"{self.name} records rulesets of class {self.game}, got {type(rules).__name__}"
            )
        options = {}
        for option in self.options:
            value = getattr(rules, option.attribute)
            option_to_json(value)  # raises for a value a record cannot hold
            options[option.name] = value
        if self.build(**options) != rules:
            raise InvalidArgumentError(
                f"the options of {self.name} do not rebuild {shown(rules)}: give register_ruleset "
                "the attribute that holds each option"
            )
        return options

    def build_from_json(self, options: Mapping[str, object]) -> Ruleset:
        """Build the ruleset from options by name in their JSON form, as
        records write them (:func:`option_from_json`); an option left out
        keeps its default.

        Raises:
            InvalidArgumentError: ``options`` is not a mapping, names an option
                the ruleset does not have (the message lists those it has),
                or holds a value the ruleset refuses (its own message).

        Example:
            >>> from counter_rules import InvalidArgumentError, ruleset_entry
            >>> ruleset_entry("oh-hell").build_from_json({"schedule": [3, 2], "hook": True})
            OhHell(players=4, schedule=(3, 2), hook=True)
            >>> try:
            ...     ruleset_entry("counter").build_from_json({"colour": "red"})
            ... except InvalidArgumentError as exc:
            ...     print(exc)
            counter has no option 'colour'; its options: players, target, hook
        """
        return self._build_from(options, option_from_json)

    def build_from_text(self, options: Mapping[str, object]) -> Ruleset:
        """Build the ruleset from options by name as text, read as the
        command line reads ``--option NAME=VALUE`` (:func:`option_from_text`);
        a number or ``True``/``False`` stands for its text (``10``, ``true``).
        OpenSpiel's game parameters arrive this way.

        Raises:
            InvalidArgumentError: As :meth:`build_from_json`.

        Example:
            >>> from counter_rules import ruleset_entry
            >>> entry = ruleset_entry("oh-hell")
            >>> entry.build_from_text({"schedule": "3 2", "trump": "rotation", "rotation": "H -"})
            OhHell(players=4, schedule=(3, 2), trump='rotation', rotation=(<Suit.HEARTS: 2>, None))
        """
        return self._build_from(options, _option_from_scalar)

    def _build_from(
        self, options: Mapping[str, object], read: Callable[[Any, object], object]
    ) -> Ruleset:
        if not isinstance(options, Mapping):
            raise InvalidArgumentError(
                f"the options of {self.name} must map option names to values, got {options!r:.60}"
            )
        kwargs: dict[str, object] = {}
        for name, value in options.items():
            option = self.option(name)
            try:
                kwargs[option.name] = read(value, option.hint)
            except CounterRulesError as exc:
                raise InvalidArgumentError(
                    f"{self.name} option {name}: {shorten(str(exc))}"
                ) from None
        try:
            return self.build(**kwargs)
        except CounterRulesError:
            raise
        except (TypeError, ValueError, OverflowError) as exc:
            # A ruleset written by a user may not check its options as the
            # built-in ones do; its error still comes out as the library's.
            raise InvalidArgumentError(
                f"{self.name}: {type(exc).__name__}: {shorten(str(exc))}"
            ) from None


def _player_counts(entry: RulesetEntry) -> tuple[int, ...]:
    # Found once per entry (by identity: a user's option defaults need not hash).
    known = _COUNTS.get(id(entry))
    if known is not None and known[0] is entry:
        return known[1]
    counts = []
    for players in range(1, _MAX_PLAYERS + 1):
        try:
            entry.build(players=players)
        except (CounterRulesError, TypeError, ValueError):  # a user's ruleset may check less
            continue
        counts.append(players)
    _COUNTS[id(entry)] = (entry, tuple(counts))
    return tuple(counts)


_COUNTS: dict[int, tuple[RulesetEntry, tuple[int, ...]]] = {}


# -- options and their JSON form -------------------------------------------------
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
            data = json.loads(text)
        except ValueError as exc:
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


# -- reading a builder's options -----------------------------------------------------
def _made_by_attrs(build: object) -> bool:
    init = getattr(build, "__init__", None)
    code = getattr(init, "__code__", None)
    return code is not None and code.co_filename.startswith("<attrs generated")


def _hints(target: object) -> Mapping[str, object]:
    try:
        return typing.get_type_hints(target)
    except Exception:  # an annotation that names a type only imported for type checking
        return {}


def _read_options(
    build: Callable[..., Ruleset], attributes: Mapping[str, str]
) -> tuple[RulesetOption, ...]:
    if isinstance(build, type) and attrs.has(build) and _made_by_attrs(build):
        hints = _hints(build)
        options = []
        for field in attrs.fields(build):
            if not field.init or field.name.startswith("_"):
                continue
            default = field.default
            if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
                default = default.factory()
            elif default is attrs.NOTHING:
                default = None
            options.append(
                RulesetOption(
                    field.alias or field.name,
                    default,
                    hints.get(field.name, object),
                    attributes.get(field.name, field.name),
                )
            )
        return tuple(options)
    hints = _hints(getattr(build, "__init__") if isinstance(build, type) else build)  # noqa: B009
    options = []
    for parameter in inspect.signature(build).parameters.values():
        if parameter.kind not in (parameter.POSITIONAL_OR_KEYWORD, parameter.KEYWORD_ONLY):
            continue
        default = None if parameter.default is parameter.empty else parameter.default
        options.append(
            RulesetOption(
                parameter.name,
                default,
                hints.get(parameter.name, object),
                attributes.get(parameter.name, parameter.name),
            )
        )
    return tuple(options)


# -- the table --------------------------------------------------------------------
_ENTRIES: dict[str, RulesetEntry] = {}
_GAMES: dict[str, RulesetEntry] = {}
_plugins_loaded = False


def register_ruleset(
    name: str,
    build: Callable[..., Ruleset],
    *,
    title: str,
    text: str = "",
    game: str | None = None,
    attributes: Mapping[str, str] | None = None,
    replace: bool = False,
) -> RulesetEntry:
    """Add a ruleset to the registry, so records and the command line know it.

    Args:
        name: The command-line name: lower-case words joined by ``-``.
        build: The ruleset class (any :class:`~counter_rules.Ruleset` whose
            constructor takes its options as keywords, ``players`` among them),
            or a factory that returns a ruleset of a registered class (a preset).
        title: A one-line title.
        text: The rules as a player reads them; by default the first
            paragraph of the builder's docstring.
        game: The tag records write for this class (default: the class name).
            Presets have none: their rulesets are recorded by their class.
        attributes: For an option the ruleset keeps under another attribute
            name, option name -> attribute name.
        replace: Replace an entry of the same name (else that is an error).

    Returns:
        The new entry.

    Raises:
        InvalidArgumentError: A bad name, a taken name or game tag, or a
            builder without a ``players`` option.

    Example:
        >>> import attrs
        >>> from counter_rules import Counter, register_ruleset, rules_from_dict, rules_to_dict
        >>> from counter_rules.rulesets.registry import unregister_ruleset
        >>> @attrs.frozen
        ... class ShortCounter(Counter):
        ...     '''Counter to a lower default target.'''
        ...     target: int | None = 4
        >>> entry = register_ruleset("short-counter", ShortCounter, title="Counter, short")
        >>> data = rules_to_dict(ShortCounter(players=3))
        >>> data["game"], rules_from_dict(data) == ShortCounter(players=3)
        ('ShortCounter', True)
        >>> entry.players
        (3, 4, 5)
        >>> unregister_ruleset("short-counter")
    """
    if (
        not isinstance(name, str)
        or not name
        or not all(
            part.isascii() and part.isalnum() and part == part.lower() for part in name.split("-")
        )
    ):
        raise InvalidArgumentError(
            f"a ruleset name must be lower-case letters and digits, words joined by '-', "
            f"got {shown(name)}"
        )
    if not callable(build):
        raise InvalidArgumentError(f"build must be a ruleset class or factory, got {shown(build)}")
    if isinstance(build, type):
        if not issubclass(build, Ruleset):
            raise InvalidArgumentError(f"build must be a Ruleset subclass, got {shown(build)}")
        game = build.__name__ if game is None else game
    elif game is not None:
        raise InvalidArgumentError(f"a preset factory has no game tag, got game={shown(game)}")
    options = _read_options(build, attributes or {})
    if not any(o.name == "players" for o in options):
        raise InvalidArgumentError(f"{name}: the builder must take a players option")
    if not text:
        doc = inspect.getdoc(build) or title
        text = doc.split("\n\n")[0].replace("\n", " ")
    entry = RulesetEntry(name, title, build, game, options, text.strip())
    old = _ENTRIES.get(name)
    if old is not None and not replace:
        raise InvalidArgumentError(f"a ruleset named {shown(name)} is registered already")
    if game is not None and game in _GAMES and _GAMES[game].name != name:
        raise InvalidArgumentError(
            f"the game tag {shown(game)} belongs to the ruleset {shown(_GAMES[game].name)}"
        )
    if old is not None and old.game is not None:
        del _GAMES[old.game]
    _ENTRIES[name] = entry
    if game is not None:
        _GAMES[game] = entry
    return entry


def unregister_ruleset(name: str) -> None:
    """Remove the ruleset called ``name`` from the registry (records of its
    class then do not load).

    Raises:
        InvalidArgumentError: No ruleset has that name.
    """
    entry = ruleset_entry(name)
    del _ENTRIES[entry.name]
    if entry.game is not None:
        del _GAMES[entry.game]


def load_plugins() -> None:
    """Import every module named by an entry point of :data:`ENTRY_POINT_GROUP`
    (once); importing a module registers its rulesets.

    Raises:
        InvalidArgumentError: A plugin fails to import; the message names it.
    """
    global _plugins_loaded
    if _plugins_loaded:
        return
    _plugins_loaded = True
    for point in metadata.entry_points(group=ENTRY_POINT_GROUP):
        try:
            point.load()
        except Exception as exc:
            raise InvalidArgumentError(
                f"the ruleset plugin {shown(point.name)} ({point.value}) failed to load: "
                f"{shorten(str(exc))}"
            ) from exc


def import_plugin(module: str) -> None:
    """Import a user's module that registers rulesets (``--plugin MODULE``).

    Raises:
        InvalidArgumentError: The module cannot be imported; the message names it.
    """
    try:
        importlib.import_module(module)
    except Exception as exc:
        raise InvalidArgumentError(
            f"cannot import the plugin module {shown(module)}: {shorten(str(exc))}"
        ) from exc


def ruleset_entries() -> tuple[RulesetEntry, ...]:
    """Every registered ruleset, in the order they were registered.

    Example:
        >>> from counter_rules import ruleset_entries
        >>> [entry.name for entry in ruleset_entries()][:6]
        ['counter', 'oh-hell', 'up-and-down', 'blackout', 'office', 'north-east']
    """
    load_plugins()
    return tuple(_ENTRIES.values())


def ruleset_entry(name: str) -> RulesetEntry:
    """The entry of the ruleset called ``name`` (a command-line name).

    Raises:
        InvalidArgumentError: No ruleset has that name; the message lists them.
    """
    entry = _ENTRIES.get(name) if isinstance(name, str) else None
    if entry is None:
        load_plugins()
        entry = _ENTRIES.get(name) if isinstance(name, str) else None
    if entry is None:
        names = ", ".join(_ENTRIES)
        raise InvalidArgumentError(f"ruleset must be one of {names}, got {name!r:.60}")
    return entry


def ruleset_entry_for(rules: Ruleset) -> RulesetEntry:
    """The class entry that records ``rules`` (its exact class must be registered).

    Raises:
        InvalidArgumentError: The ruleset's class is not registered.

    Example:
        >>> from counter_rules import OhHell, ruleset_entry_for
        >>> ruleset_entry_for(OhHell.office()).game
        'OhHell'
    """
    for entry in _GAMES.values():
        if type(rules) is entry.build:
            return entry
    raise InvalidArgumentError(
        f"the ruleset class {type(rules).__name__} is not registered: "
        "register it with counter_rules.register_ruleset to record it"
    )


_BUILTIN: tuple[tuple[str, Callable[..., Ruleset], str], ...] = (
    ("counter", Counter, "Counter: Oh Hell where every rank has a power"),
    ("oh-hell", OhHell, "Oh Hell, every variant an option"),
    ("up-and-down", UpAndDown, "Up to Ten and Down Again"),
    ("blackout", Blackout, "Blackout (and Cooperative Blackout)"),
    ("office", OhHell.office, "Oh Hell, the office rules"),
    ("north-east", OhHell.north_east_blackout, "North-East England Blackout"),
)
# Blackout keeps the variant names it was given under other attribute names.
_BLACKOUT_ATTRIBUTES = {"scoring": "variant_scoring", "schedule": "variant_schedule"}

for _name, _build, _title in _BUILTIN:
    register_ruleset(
        _name,
        _build,
        title=_title,
        text=rules_text(_name),
        attributes=_BLACKOUT_ATTRIBUTES if _build is Blackout else None,
    )
