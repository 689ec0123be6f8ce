"""What the subcommands share: the argument parser, usage errors and the
failures that end a command, the ruleset options (``--rules``,
``--players``, ``--option``, ``--plugin``), bots by name, and the terminal's
colours."""

from __future__ import annotations

import argparse
import contextlib
import errno
import io
import os
import re
import sys
import traceback
from collections.abc import Iterator, Sequence
from typing import Any, NoReturn, TextIO, cast

import attrs

from counter_rules.bots import Bot, bot_from_name, bot_names_text
from counter_rules.cards import Card, Suit
from counter_rules.checks import (
    JSON_LIMIT,
    SEED_LIMIT,
    counted,
    read_bounded,
    seed_problem,
    shorten,
    shown,
)
from counter_rules.errors import CounterRulesError, InvalidArgumentError, InvalidNotationError
from counter_rules.records import GameRecord
from counter_rules.rulesets.base import Ruleset
from counter_rules.rulesets.registry import (
    RulesetEntry,
    import_plugin,
    option_from_text,
    ruleset_entries,
    ruleset_entry,
)

__all__ = [
    "CommandError",
    "add_record_arguments",
    "read_record",
    "OutputError",
    "Parser",
    "Streams",
    "UsageError",
    "add_ruleset_arguments",
    "bots_for",
    "bots_help",
    "card_text",
    "cli_message",
    "failure_line",
    "guarded_output",
    "make_rules",
    "parse_option",
    "quiet_stdout",
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


class CommandError(Exception):
    """A command that cannot go on (a file it cannot write, a match that
    lost its workers): it prints one line and exits 1."""


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


# -- failures while a command runs -----------------------------------------------------
def quiet_stdout() -> None:
    """Send what standard output still holds nowhere (its reader went away,
    or it cannot be written), so that the interpreter's last flush raises
    nothing either."""
    if sys.stdout is None:  # started without one
        return
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


class OutputError(OSError):
    """The command's output cannot be written (a full disk, a closed device)."""


class _Output(io.TextIOBase):
    """The command's output: every write error but a closed pipe (the reader
    went away, which ends the command quietly) becomes an :class:`OutputError`."""

    def __init__(self, stream: TextIO | None) -> None:
        super().__init__()
        self._stream = stream

    def _target(self) -> TextIO:
        if self._stream is None:  # started without one (``>&-``)
            raise OutputError(errno.EBADF, "standard output is closed")
        return self._stream

    def write(self, text: str) -> int:
        try:
            return self._target().write(text)
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise OutputError(exc.errno, exc.strerror or str(exc)) from None

    def flush(self) -> None:
        if self._stream is None:  # nothing was written: the writes raised
            return
        try:
            self._stream.flush()
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise OutputError(exc.errno, exc.strerror or str(exc)) from None

    def isatty(self) -> bool:
        return self._stream is not None and self._stream.isatty()


def guarded_output(stream: TextIO | None) -> TextIO:
    """``stream`` (``None``: a closed standard output) as a command writes
    to it: its write errors are :class:`OutputError` values."""
    return cast(TextIO, _Output(stream))


# The modules given to --plugin, in the order they were imported.
_PLUGINS: list[str] = []
_FRAME = re.compile(r'^  File "(?P<file>[^"]+)", line (?P<line>\d+), in (?P<name>.+)$', re.M)


def _plugin_modules() -> set[str]:
    """The modules of users' rulesets: --plugin modules, and the modules
    defining every registered ruleset class (entry points included) and its
    bases, outside this package."""
    names = set(_PLUGINS)
    with contextlib.suppress(CounterRulesError):
        for entry in ruleset_entries():
            classes = getattr(entry.build, "__mro__", (entry.build,))
            for cls in classes:
                module = getattr(cls, "__module__", None) or ""
                if module and module.split(".")[0] not in ("counter_rules", "builtins", "abc"):
                    names.add(module)
    return names


def _frames(exc: BaseException) -> Iterator[tuple[str | None, str, int, str]]:
    """(module or None, file, line, function) of every frame of ``exc`` and
    of the errors it came from, innermost last; a worker process's frames
    are read from its traceback's text."""
    chain: list[BaseException] = []
    cause: BaseException | None = exc
    while cause is not None and cause not in chain:
        chain.append(cause)
        cause = cause.__cause__ or cause.__context__
    for error in reversed(chain):
        if type(error).__name__ in ("RemoteTraceback", "_RemoteTraceback"):
            for match in _FRAME.finditer(str(error)):
                yield None, match["file"], int(match["line"]), match["name"].strip()
        for frame, line in traceback.walk_tb(error.__traceback__):
            code = frame.f_code
            yield frame.f_globals.get("__name__"), code.co_filename, line, code.co_name


def _module_of(path: str, modules: set[str]) -> str | None:
    for name in modules:
        module = sys.modules.get(name)
        file = getattr(module, "__file__", None)
        if file is None:
            continue
        if os.path.basename(file) == "__init__.py":
            inside = os.path.dirname(file) + os.sep
            if path.startswith(inside):
                return name
        elif os.path.normcase(path) == os.path.normcase(file):
            return name
    return None


def _plugin_failure(exc: BaseException) -> str | None:
    """A user's plugin's error in one line, or ``None`` if no plugin raised it."""
    modules = _plugin_modules()
    if not modules:
        return None
    found = None
    for module, file, line, name in _frames(exc):
        if module is None or module not in modules:
            module = next((m for m in modules if module and module.startswith(m + ".")), None)
            if module is None:
                module = _module_of(file, modules)
        if module is not None:
            found = (module, os.path.basename(file), line, name)
    if found is None:
        return None
    module, file, line, name = found
    return (
        f"the plugin {module} failed: {type(exc).__name__}: {shorten(str(exc))} "
        f"({file}, line {line}, in {shorten(name, 60)})"
    )


def failure_line(exc: BaseException, command: str) -> str | None:
    """The one line that ends ``command`` after ``exc`` (exit status 1), or
    ``None`` for an error of the library itself, whose traceback is shown.

    The failures reported this way: :class:`CommandError`; an output that
    cannot be written (a full disk, a closed device); an error raised by the
    code of a user's plugin (at any point, in a worker process too), named
    with the plugin, the place and the error.
    """
    if isinstance(exc, CommandError):
        return f"{command}: error: {exc}"
    if isinstance(exc, OutputError):
        return f"{command}: error: cannot write the output: {exc.strerror or exc}"
    plugin = _plugin_failure(exc)
    if plugin is not None:
        return f"{command}: error: {plugin}"
    return None


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
        help="import MODULE first and run its code: a module of yours that registers "
        "rulesets (only name modules you trust)",
    )  # fmt: skip


def whole_number(name: str, low: int = 1, high: int | None = None) -> Any:
    """An argparse ``type`` for a whole number from ``low`` to ``high``
    (without ``high``: of at most nine digits)."""

    def parse(text: str) -> int:
        value = int(text) if re.fullmatch(r"[+-]?[0-9]{1,9}", text.strip()) else None
        if value is None or value < low or (high is not None and value > high):
            allowed = f"of at least {low}" if high is None else f"from {low} to {high:,}"
            raise argparse.ArgumentTypeError(
                f"{name} must be a whole number {allowed}, got {shown(text, 40)}"
            )
        return value

    return parse


def seed_number(name: str) -> Any:
    """An argparse ``type`` for a seed: a whole number that
    :func:`~counter_rules.new_game` takes (see
    :data:`~counter_rules.checks.SEED_LIMIT`)."""

    # Text longer than any seed is refused before it is turned into a number.
    digits = len(str(SEED_LIMIT))

    def parse(text: str) -> int:
        if not re.fullmatch(r"[+-]?[0-9]+", text.strip()):
            raise argparse.ArgumentTypeError(
                f"{name} must be a whole number, got {shown(text, 40)}"
            )
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
            text = stdin.read(JSON_LIMIT + 1)
            if len(text) > JSON_LIMIT:
                raise usage(f"is not a game record: longer than {JSON_LIMIT:,} characters")
        else:
            with open(path, "rb") as file:
                text = read_bounded(file, JSON_LIMIT, "file").decode("utf-8")
    except OSError as exc:
        raise usage(f"cannot be read: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise usage(f"is not a game record: not UTF-8 ({exc.reason})") from None
    except InvalidNotationError as exc:
        raise usage(f"is not a game record: {str(exc).partition(': ')[2]}") from None
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


def add_record_arguments(parser: argparse.ArgumentParser) -> None:
    """FILE, ``--game`` and ``--plugin``: the record a command reads
    (``show``, ``analyse``; see :func:`read_record`)."""
    parser.add_argument(
        "file", metavar="FILE", help="a record, or records one a line; - reads standard input"
    )
    parser.add_argument(
        "--game", type=whole_number("--game"), default=1, metavar="N",
        help="the N-th record of a file of records, from 1 (default 1)",
    )  # fmt: skip
    parser.add_argument(
        "--plugin", action="append", default=[], metavar="MODULE",
        help="import MODULE first: a module of yours that registers the game's ruleset",
    )  # fmt: skip


def read_record(args: argparse.Namespace, streams: Streams, command: str) -> GameRecord:
    """The record the arguments of :func:`add_record_arguments` name, once
    the ``--plugin`` modules are imported; a :class:`UsageError` of
    ``command`` when it cannot be read or is not a game record."""
    for module in args.plugin:
        import_plugin(module)
    label = "standard input" if args.file == "-" else f"FILE {args.file!r}"
    text = record_text(args.file, args.game, label, command, streams.inp)
    try:
        return GameRecord.from_json(text)
    except CounterRulesError as exc:
        raise UsageError(f"{label} is not a game record: {exc}", command) from None


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
        if module not in _PLUGINS:
            _PLUGINS.append(module)
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
            f"({counted(seats, seat_word)}), got {shown(spec, 80)}"
        )
    bots = []
    for name in names:
        try:
            bots.append(bot_from_name(name))
        except CounterRulesError as exc:
            raise InvalidArgumentError(f"--bots: {exc}") from None
    return bots


def bots_help(default: str) -> str:
    """The help of ``--bots`` (and ``serve --bot``): the names
    :func:`~counter_rules.bots.bot_from_name` takes, and ``default``."""
    return f"from {bot_names_text()}; default: {default}"
