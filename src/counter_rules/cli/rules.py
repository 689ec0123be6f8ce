"""``counter-rules rules``: the rulesets, and one ruleset's rules as a player
reads them with its options (defaults and the kind of value each takes)."""

from __future__ import annotations

import argparse
import re
import textwrap
import typing

from counter_rules.argument_checks import shown
from counter_rules.cards import Suit
from counter_rules.cli._arguments import UsageError
from counter_rules.cli._output import Streams
from counter_rules.cli._ruleset_args import add_plugin_argument
from counter_rules.errors import CounterRulesError, InvalidArgumentError
from counter_rules.rulesets.registry import (
    RulesetEntry,
    RulesetOption,
    import_plugin,
    option_to_json,
    ruleset_entries,
    ruleset_entry,
)

__all__ = ["DESCRIPTION", "EXAMPLES", "SUMMARY", "add_arguments", "run"]

SUMMARY = "list the rulesets, or print one's rules and options"
DESCRIPTION = (
    "Without a name, list the rulesets. With one, print its rules as a player\n"
    "reads them, then its options: each with its default and the kind of value\n"
    "it takes (give them to play and simulate as --option NAME=VALUE)."
)
EXAMPLES = ("counter-rules rules", "counter-rules rules up-and-down")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``rules``."""
    parser.add_argument("name", nargs="?", metavar="NAME", help="the ruleset, e.g. counter")
    add_plugin_argument(parser, "import MODULE first: a module of yours that registers rulesets")


def _players(entry: RulesetEntry) -> str:
    counts = entry.players
    if not counts:
        return "?"
    if len(counts) == 1:
        return str(counts[0])
    if counts == tuple(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}..{counts[-1]}" if len(counts) > 2 else f"{counts[0]} or {counts[1]}"
    return ", ".join(map(str, counts))


_PROBE = "?"  # a value no option takes: the ruleset's own check lists the allowed ones
_CHOICES = (re.compile(r"must be one of (.+?), got "), re.compile(r"must be a name \(([^)]+)\)"))


def _names(entry: RulesetEntry, option: RulesetOption) -> str | None:
    try:
        entry.build(**{option.name: _PROBE})
    except CounterRulesError as exc:
        for pattern in _CHOICES:
            found = pattern.search(str(exc))
            if found:
                return " | ".join(n.strip(" '\"") for n in found.group(1).split(","))
    except Exception:  # a user's ruleset that checks less
        return None
    return None


def _kind(entry: RulesetEntry, option: RulesetOption) -> str:
    kinds = []
    for part in option.alternatives:
        if part is bool:
            kinds.append("true | false")
        elif part is int:
            kinds.append("a whole number")
        elif part is str:
            kinds.append(_names(entry, option) or "a name")
        elif part is type(None):
            kinds.append("none")
        elif typing.get_origin(part) is tuple:
            args = option.item_alternatives
            if Suit in args:
                kinds.append("suits such as S,H,none")
            elif int in args:
                kinds.append("numbers such as 10,9,8")
            else:
                kinds.append("a list such as a,b")
    return " or ".join(kinds) or "a value"


def _default(value: object) -> str:
    data = option_to_json(value)
    if isinstance(data, list):
        return ",".join("none" if v is None else str(v).lower() for v in data) or "-"
    if data is None or isinstance(data, bool):
        return str(data).lower()
    return str(data)


def run(args: argparse.Namespace, streams: Streams) -> int:
    """Print the list or one ruleset's rules."""
    for module in args.plugin:
        import_plugin(module)
    out = streams.out
    if args.name is None:
        out.write("Rulesets (counter-rules rules NAME prints the rules and the options):\n")
        entries = ruleset_entries()
        width = max(12, *(len(entry.name) for entry in entries))  # a plugin's name may be long
        for entry in entries:
            out.write(f"  {entry.name:<{width}} {entry.title} ({_players(entry)} players)\n")
        return 0
    try:
        entry = ruleset_entry(args.name)
    except InvalidArgumentError:
        names = ", ".join(e.name for e in ruleset_entries())
        raise UsageError(
            f"NAME must be one of {names}, got {shown(args.name)}", "counter-rules rules"
        ) from None
    out.write(f"{entry.title} (--rules {entry.name}), {_players(entry)} players\n\n")
    for paragraph in entry.text.split("\n\n"):
        lines = paragraph.splitlines()
        if lines and lines[0].startswith("- "):
            out.write(paragraph.rstrip() + "\n\n")
        else:
            out.write(textwrap.fill(" ".join(lines), 76) + "\n\n")
    out.write("Options (--players N, --option NAME=VALUE):\n")
    for option in entry.options:
        default = _default(option.default)
        kind = f"{_players(entry)} players" if option.name == "players" else _kind(entry, option)
        out.write(f"  {option.name:<20} default {default:<16} {kind}\n")
    return 0
