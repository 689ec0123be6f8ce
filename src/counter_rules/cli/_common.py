"""What the subcommands share: the argument parser, usage errors, the
ruleset options (``--rules``, ``--players``, ``--option``, ``--plugin``),
bots by name, and the terminal's colours."""

from __future__ import annotations

import argparse
import os
import re
from collections.abc import Sequence
from typing import Any, NoReturn, TextIO

import attrs

from counter_rules.bots import BOT_NAMES, Bot, bot_from_name
from counter_rules.cards import Card, Suit
from counter_rules.checks import SEED_LIMIT, counted, seed_problem
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
    "Parser",
    "Streams",
    "UsageError",
    "add_ruleset_arguments",
    "bots_for",
    "card_text",
    "cli_message",
    "make_rules",
    "parse_option",
    "record_text",
    "rules_from_args",
    "seed_number",
    "suit_text",
    "wants_color",
    "whole_number",
]


class UsageError(Exception):
    """A bad argument: the command prints a one-line usage message and exits 2."""

    def __init__(self, message: str, command: str = "counter-rules") -> None:
        super().__init__(message)
        #: The command whose usage it was, e.g. ``counter-rules play``.
        self.command = command


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are :class:`UsageError`, so that
    :func:`counter_rules.cli.main` prints them on one line."""

    def error(self, message: str) -> NoReturn:
        # "argument --seat: --seat must be ..." says the name once.
        message = re.sub(r"^argument ([^:]+): (?=\1 )", "", message)
        raise UsageError(message, self.prog)


@attrs.frozen
class Streams:
    """Where a command writes and reads."""

    out: TextIO
    """Standard output."""
    inp: TextIO
    """Where ``play`` reads the player's answers."""
    err: TextIO
    """Errors and progress."""
    color: bool
    """Whether the output may hold ANSI colours."""


def wants_color(stream: TextIO, no_color: bool) -> bool:
    """Colour only on a terminal, and never with ``--no-color``, ``NO_COLOR`` set
    or ``TERM=dumb`` (a terminal that shows no colours)."""
    if no_color or os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


_SUIT_COLORS = {Suit.CLUBS: "32", Suit.DIAMONDS: "34", Suit.HEARTS: "31", Suit.SPADES: "1"}


def card_text(card: Card, color: bool) -> str:
    """A card as printed, coloured by suit (four-colour deck) when ``color``."""
    text = str(card)
    if not color:
        return text
    code = "35" if card.suit is None else _SUIT_COLORS[card.suit]
    return f"\x1b[{code}m{text}\x1b[0m"


def suit_text(suit: Suit | None, color: bool) -> str:
    """A suit symbol, coloured when ``color``; ``no trump`` for ``None``."""
    if suit is None:
        return "no trump"
    return f"\x1b[{_SUIT_COLORS[suit]}m{suit}\x1b[0m" if color else str(suit)


# -- messages in the command line's words ------------------------------------------
_FIELD = re.compile(r"^[A-Z]\w*(?:\.[a-z_]\w*)*\.([a-z_]\w*)\b")
# Python's spellings of values, outside quoted text: True, False, None, a
# tuple of whole numbers such as (13,) or (12, 13), and the word "tuple".
_PYTHON_VALUE = re.compile(
    r"""(?<![\w'"])(?:(True|False|None)|\((\d+(?:,\s*\d+)*),?\)|(tuple))(?![\w'"])"""
)


def _cli_value(match: re.Match[str]) -> str:
    word, numbers, tuple_ = match.group(1, 2, 3)
    if word is not None:
        return word.lower()
    if tuple_ is not None:
        return "list"
    if "," not in match.group(0):
        return match.group(0)  # (13) is prose, not a tuple
    return ",".join(n.strip() for n in numbers.split(","))


def cli_message(exc: BaseException) -> str:
    """A library error in the command line's words: ``Counter.players must
    ...`` reads ``--players must ...``, another field ``--option NAME ...``,
    and values are spelled as ``--option NAME=VALUE`` takes them (``true``,
    ``false``, ``none``, a list of hand sizes ``12,13``).

    Example:
        >>> from counter_rules import InvalidArgumentError
        >>> from counter_rules.cli._common import cli_message
        >>> cli_message(InvalidArgumentError("OhHell.jokers needs decks=1, got decks=2"))
        '--option jokers needs decks=1, got decks=2'
        >>> cli_message(InvalidArgumentError("OhHell.hook must be True or False, got 'maybe'"))
        "--option hook must be true or false, got 'maybe'"
        >>> cli_message(InvalidArgumentError("OhHell.schedule ..., got (12, 14)"))
        '--option schedule ..., got 12,14'
    """
    text = _PYTHON_VALUE.sub(_cli_value, str(exc))
    match = _FIELD.match(text)
    if match is None:
        return text
    field = match.group(1)
    head = "--players" if field == "players" else f"--option {field}"
    return f"{head}{text[match.end() :]}"


# -- rulesets from arguments ---------------------------------------------------------
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
    parser.add_argument(
        "--plugin", action="append", default=[], metavar="MODULE",
        help="import MODULE first: a module of yours that registers rulesets",
    )  # fmt: skip


def whole_number(name: str, low: int = 1) -> Any:
    """An argparse ``type`` for a whole number of at least ``low``."""

    def parse(text: str) -> int:
        if not re.fullmatch(r"[+-]?[0-9]{1,9}", text.strip()) or int(text) < low:
            raise argparse.ArgumentTypeError(
                f"{name} must be a whole number of at least {low}, got {text!r}"
            )
        return int(text)

    return parse


def seed_number(name: str) -> Any:
    """An argparse ``type`` for a seed: a whole number that
    :func:`~counter_rules.new_game` takes (see
    :data:`~counter_rules.checks.SEED_LIMIT`)."""

    # Text longer than any seed is refused before it is turned into a number.
    digits = len(str(SEED_LIMIT))

    def parse(text: str) -> int:
        if not re.fullmatch(r"[+-]?[0-9]+", text.strip()):
            raise argparse.ArgumentTypeError(f"{name} must be a whole number, got {text!r:.60}")
        if len(text.strip().lstrip("+-")) > digits:
            # Too long to be a seed: said with the range, without the number itself.
            problem = seed_problem(SEED_LIMIT)
            assert problem is not None
            raise argparse.ArgumentTypeError(
                f"{name} must be {problem.partition(', got')[0]}, got a number of "
                f"{len(text.strip().lstrip('+-'))} digits"
            )
        problem = seed_problem(int(text))
        if problem is not None:
            raise argparse.ArgumentTypeError(f"{name} must be {problem}")
        return int(text)

    return parse


def record_text(
    path: str, number: int | None, label: str, command: str, stdin: TextIO | None = None
) -> str:
    """The text of one game record in the file ``path`` (``-``: ``stdin``, when
    given): the whole file when
    it holds one record, its ``number``-th line (from 1) when it holds several,
    one a line, as ``simulate --records`` writes them.

    ``number`` is ``--game``: ``None`` when not given, which picks the one
    record and refuses a file of several. Errors are :class:`UsageError`
    values of ``command`` whose message starts with ``label`` (the argument
    that named the file).
    """

    def usage(problem: str) -> UsageError:
        return UsageError(f"{label} {problem}", command)

    try:
        if path == "-" and stdin is not None:
            text = stdin.read()
        else:
            with open(path, encoding="utf-8") as file:
                text = file.read()
    except OSError as exc:
        raise usage(f"cannot be read: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise usage(f"is not a game record: not UTF-8 ({exc.reason})") from None
    lines = [line for line in text.splitlines() if line.strip()]
    if len(lines) > 1 and lines[0].lstrip().startswith("{") and lines[0].rstrip().endswith("}"):
        if number is None or number > len(lines):
            given = "" if number is None else f", got --game {number}"
            raise usage(
                f"holds {len(lines)} records, one a line (as simulate --records writes): "
                f"pick one with --game N, N from 1 to {len(lines)}{given}"
            )
        return lines[number - 1]
    if number not in (None, 1):
        raise usage(f"holds one record, so --game must be 1 or left out, got {number}")
    return text


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
        raise InvalidArgumentError(f"--rules must be one of {names}, got {name!r}") from None
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
                f"({', '.join(known) or 'none'}), got {item!r}"
            )
        option = entry.option(key)
        try:
            kwargs[key] = option_from_text(value, option.hint)
        except CounterRulesError as exc:
            raise InvalidArgumentError(f"--option {key}: {exc}") from None
    try:
        return entry.build(**kwargs)
    except CounterRulesError as exc:
        raise InvalidArgumentError(cli_message(exc)) from None
    except (TypeError, ValueError) as exc:  # a user's ruleset that checks less
        raise InvalidArgumentError(f"{entry.name}: {exc}") from None


def rules_from_args(args: argparse.Namespace) -> tuple[RulesetEntry, Ruleset]:
    """The ruleset the arguments name, after importing every ``--plugin``."""
    for module in args.plugin:
        import_plugin(module)
    rules = make_rules(args.rules, args.players, args.option)
    return ruleset_entry(args.rules), rules


# -- bots ----------------------------------------------------------------------------
def bots_for(
    spec: str | None, seats: int, default: Sequence[str], seat_word: str = "seat"
) -> list[Bot]:
    """The bots ``--bots`` names for ``seats`` seats: one name for every seat or
    one per seat; ``None`` takes ``default`` (its last name repeated).
    ``seat_word`` is how the error names the seats (``"other seat"`` in ``play``).

    Raises:
        InvalidArgumentError: A wrong count or an unknown bot.
    """
    if spec is None:
        names = [default[min(i, len(default) - 1)] for i in range(seats)]
    else:
        names = [n.strip() for n in spec.split(",")]
        if len(names) == 1:
            names *= seats
    if len(names) != seats or not all(names):
        raise InvalidArgumentError(
            f"--bots must name one bot for every {seat_word} or one per {seat_word} "
            f"({counted(seats, seat_word)}), from {', '.join(BOT_NAMES)} or ismcts:N, "
            f"got {spec!r}"
        )
    bots = []
    for name in names:
        try:
            bots.append(bot_from_name(name))
        except CounterRulesError:
            raise InvalidArgumentError(
                f"--bots must name bots from {', '.join(BOT_NAMES)} or ismcts:N "
                f"(N iterations), got {name!r}"
            ) from None
    return bots
