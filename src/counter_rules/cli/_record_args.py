"""The game record a command reads: FILE, ``--game`` and ``--plugin``
(``show``, ``analyse``, ``play --resume``)."""

from __future__ import annotations

import argparse
from typing import TextIO

from counter_rules.cli._arguments import UsageError, whole_number
from counter_rules.cli._output import Streams
from counter_rules.cli._ruleset_args import add_plugin_argument
from counter_rules.errors import CounterRulesError, InvalidNotationError
from counter_rules.input_limits import JSON_LIMIT, read_bounded
from counter_rules.records import GameRecord
from counter_rules.rulesets.registry import import_plugin

__all__ = ["add_record_arguments", "read_record", "record_text"]


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
    add_plugin_argument(
        parser, "import MODULE first: a module of yours that registers the game's ruleset"
    )


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
