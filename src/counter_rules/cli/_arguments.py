"""The command line's parser and its arguments: :class:`Parser`, whose
errors are :class:`UsageError` values, the types of whole numbers and seeds,
and a library error in the command line's words (:func:`cli_message`)."""

from __future__ import annotations

import argparse
import re
from typing import Any, NoReturn

from counter_rules.argument_checks import SEED_LIMIT, seed_problem, shown

__all__ = ["Parser", "UsageError", "cli_message", "seed_number", "whole_number"]


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
    :data:`~counter_rules.argument_checks.SEED_LIMIT`)."""

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
        >>> from counter_rules.cli._arguments import cli_message
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
