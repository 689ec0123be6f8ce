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
- the **player counts** and **options** the ruleset declares
  (:class:`~counter_rules.RulesetSpec`: a class's ``spec`` attribute, or the
  spec a preset is registered with).

A ruleset a user writes joins the table with
:func:`~counter_rules.register_ruleset`; it is then recorded, loaded, and
played from the command line and the adapters like the built-in ones. The
command line imports a user's module given with ``--plugin MODULE``, and every
module named by an entry point of the group ``counter_rules.rulesets`` (loaded
the first time a name is not found).

Example:
    >>> from counter_rules import OhHell, ruleset_entry
    >>> entry = ruleset_entry("north-east")
    >>> entry.players, entry.build(6) == OhHell.north_east_blackout(6)
    ((5, 6), True)
    >>> [option.name for option in ruleset_entry("counter").options]
    ['players', 'target', 'hook']
"""

from __future__ import annotations

import importlib
import inspect
import typing
import warnings
from collections.abc import Callable, Mapping
from importlib import metadata
from typing import Any

import attrs

from counter_rules.argument_checks import shorten, shown
from counter_rules.errors import CounterRulesError, InvalidArgumentError
from counter_rules.rulesets.base import Ruleset
from counter_rules.rulesets.blackout import Blackout
from counter_rules.rulesets.counter import Counter
from counter_rules.rulesets.oh_hell import OhHell
from counter_rules.rulesets.oh_hell_presets import NORTH_EAST_SPEC, OFFICE_SPEC
from counter_rules.rulesets.options import (
    RulesetOption,
    RulesetSpec,
    _option_from_scalar,
    option_from_json,
    option_from_text,
    option_to_json,
)
from counter_rules.rulesets.up_and_down import UpAndDown
from counter_rules.texts import rules_text

__all__ = [
    "ENTRY_POINT_GROUP",
    "RulesetEntry",
    "RulesetOption",
    "RulesetSpec",
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
    players: tuple[int, ...] = ()
    """The player counts the ruleset accepts with its default options."""

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
    spec: RulesetSpec | None = None,
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
        spec: The player counts and options (:class:`~counter_rules.RulesetSpec`).
            By default a class's own ``spec`` attribute; a subclass that does
            not declare one, of an attrs class whose ``__init__`` attrs
            writes, gets its parent's player counts and its own fields as
            options (:meth:`RulesetSpec.from_fields
            <counter_rules.RulesetSpec.from_fields>`). A preset's factory
            is registered with its spec.
        attributes: For an option the ruleset keeps under another attribute
            name, option name -> attribute name (for a spec read from fields).
        replace: Replace an entry of the same name (else that is an error).

    Returns:
        The new entry.

    Raises:
        InvalidArgumentError: A bad name, a taken name or game tag, a spec
            that cannot be found, or a builder without a ``players`` option.

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
    spec = _spec_of(name, build, spec, attributes)
    options = spec.options
    if not any(o.name == "players" for o in options):
        raise InvalidArgumentError(f"{name}: the builder must take a players option")
    if not text:
        doc = inspect.getdoc(build) or title
        text = doc.split("\n\n")[0].replace("\n", " ")
    entry = RulesetEntry(name, title, build, game, options, text.strip(), spec.players)
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


def _made_by_attrs(build: type) -> bool:
    code = getattr(vars(build).get("__init__"), "__code__", None)
    return code is not None and code.co_filename.startswith("<attrs generated")


def _spec_of(
    name: str,
    build: Callable[..., Ruleset],
    spec: RulesetSpec | None,
    attributes: Mapping[str, str] | None,
) -> RulesetSpec:
    """The spec an entry is registered with (see :func:`register_ruleset`)."""
    if spec is not None:
        if not isinstance(spec, RulesetSpec):
            raise InvalidArgumentError(f"{name}: spec must be a RulesetSpec, got {spec!r:.60}")
        return spec
    if isinstance(build, type):
        own = build.__dict__.get("spec")
        if isinstance(own, RulesetSpec) and not attributes:
            return own
        inherited = getattr(build, "spec", None)
        if isinstance(inherited, RulesetSpec) and attrs.has(build) and _made_by_attrs(build):
            return RulesetSpec.from_fields(build, inherited.players, attributes)
        raise InvalidArgumentError(
            f"{name}: {build.__name__} declares no spec: give it a class attribute spec or "
            "pass register_ruleset(spec=RulesetSpec(players=..., options=...))"
        )
    return _factory_spec(name, build)


def _factory_spec(name: str, build: Callable[..., Ruleset]) -> RulesetSpec:
    """A preset factory registered without a spec (deprecated): its keyword
    parameters as options; the player counts of its ruleset's class that it
    builds."""
    warnings.warn(
        f"registering the preset {name!r} without spec= is deprecated: pass "
        "register_ruleset(spec=RulesetSpec(players=..., options=...))",
        DeprecationWarning,
        stacklevel=3,
    )
    try:
        hints: Mapping[str, object] = typing.get_type_hints(build)
    except Exception:  # an annotation that names a type only imported for type checking
        hints = {}
    options = tuple(
        RulesetOption(
            p.name,
            None if p.default is p.empty else p.default,
            hints.get(p.name, object),
            p.name,
        )
        for p in inspect.signature(build).parameters.values()
        if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)
    )
    counts = []
    for players in getattr(type(build()), "spec", RulesetSpec((), ())).players:
        try:
            build(players=players)
        except (CounterRulesError, TypeError, ValueError):
            continue
        counts.append(players)
    return RulesetSpec(tuple(counts), options)


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


_BUILTIN: tuple[tuple[str, Callable[..., Ruleset], str, RulesetSpec | None], ...] = (
    ("counter", Counter, "Counter: Oh Hell where every rank has a power", None),
    ("oh-hell", OhHell, "Oh Hell, every variant an option", None),
    ("up-and-down", UpAndDown, "Up to Ten and Down Again", None),
    ("blackout", Blackout, "Blackout (and Cooperative Blackout)", None),
    ("office", OhHell.office, "Oh Hell, the office rules", OFFICE_SPEC),
    ("north-east", OhHell.north_east_blackout, "North-East England Blackout", NORTH_EAST_SPEC),
)

for _name, _build, _title, _spec in _BUILTIN:
    register_ruleset(_name, _build, title=_title, text=rules_text(_name), spec=_spec)
