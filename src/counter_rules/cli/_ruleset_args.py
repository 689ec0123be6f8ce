"""A ruleset from the command line's arguments: ``--rules``, ``--players``,
``--option`` and ``--plugin``."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from counter_rules.argument_checks import shorten, shown
from counter_rules.cli._arguments import cli_message, whole_number
from counter_rules.cli._failures import remember_plugin
from counter_rules.errors import CounterRulesError, InvalidArgumentError
from counter_rules.rulesets.base import Ruleset
from counter_rules.rulesets.registry import (
    RulesetEntry,
    import_plugin,
    option_from_text,
    ruleset_entries,
    ruleset_entry,
)

__all__ = [
    "add_plugin_argument",
    "add_ruleset_arguments",
    "make_rules",
    "parse_option",
    "rules_from_args",
]


def add_ruleset_arguments(parser: argparse.ArgumentParser) -> None:
    """``--rules``, ``--players``, ``--option`` (repeatable) and ``--plugin``."""
    parser.add_argument(
        "--rules",
        default="counter",
        metavar="NAME",
        help="the ruleset: counter (default), oh-hell, up-and-down, blackout, office, "
        "north-east, or a registered one (counter-rules rules lists them)",
    )
    parser.add_argument(
        "--players", type=whole_number("--players"), default=None, metavar="N",
        help="the number of players (default: the ruleset's)",
    )  # fmt: skip
    parser.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE",
        help="a ruleset option, repeatable (counter-rules rules NAME lists them)",
    )  # fmt: skip
    add_plugin_argument(
        parser,
        "import MODULE first and run its code: a module of yours that registers "
        "rulesets (only name modules you trust)",
    )


def add_plugin_argument(parser: argparse.ArgumentParser, help: str) -> None:
    """``--plugin MODULE``, repeatable: a module of the user's that registers
    rulesets, imported before the command reads its ruleset."""
    parser.add_argument("--plugin", action="append", default=[], metavar="MODULE", help=help)


parse_option = option_from_text
"""An option's value from its ``--option NAME=VALUE`` text (see
:func:`~counter_rules.rulesets.registry.option_from_text`)."""


def make_rules(name: str, players: int | None = None, options: Sequence[str] = ()) -> Ruleset:
    """A ruleset from its command-line name, ``--players`` and ``--option`` texts.

    Raises:
        InvalidArgumentError: An unknown ruleset or option, or a bad value; the
            message speaks of the command line's arguments.

    Example:
        >>> from counter_rules.cli import make_rules
        >>> make_rules("counter", 3, ["target=5"])
        Counter(players=3, target=5, hook=False)
        >>> make_rules("oh-hell", options=["schedule=10", "hook=true"])
        OhHell(players=4, schedule=(10,), hook=True)
    """
    try:
        entry = ruleset_entry(name)
    except InvalidArgumentError:
        names = ", ".join(e.name for e in ruleset_entries())
        raise InvalidArgumentError(
            f"--rules must be one of {names}, got {shown(name, 40)}"
        ) from None
    kwargs: dict[str, object] = {}
    if players is not None:
        kwargs["players"] = players
    for item in options:
        key, sep, value = item.partition("=")
        key = key.strip().replace("-", "_")
        known = [o.name for o in entry.options if o.name != "players"]
        if not sep or key not in known:
            raise InvalidArgumentError(
                f"--option must be NAME=VALUE with a NAME of {entry.name}'s options "
                f"({', '.join(known) or 'none'}), got {shown(item, 80)}"
            )
        option = entry.option(key)
        try:
            kwargs[key] = option_from_text(value, option.hint)
        except CounterRulesError as exc:
            raise InvalidArgumentError(f"--option {key}: {shorten(str(exc))}") from None
    try:
        return entry.build(**kwargs)
    except CounterRulesError as exc:
        raise InvalidArgumentError(cli_message(exc)) from None
    except (TypeError, ValueError) as exc:  # a user's ruleset that checks less
        raise InvalidArgumentError(f"{entry.name}: {shorten(str(exc))}") from None


def rules_from_args(args: argparse.Namespace) -> tuple[RulesetEntry, Ruleset]:
    """The ruleset the arguments name, after importing every ``--plugin``."""
    for module in args.plugin:
        import_plugin(module)
        remember_plugin(module)
    rules = make_rules(args.rules, args.players, args.option)
    return ruleset_entry(args.rules), rules
