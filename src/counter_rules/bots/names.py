"""Bots by name, as the command line and configuration files give them.

:data:`BOTS` is the one table of the names: what each kind of bot is, what
the number in ``name:N`` sets, its bounds and its default. The parser
(:func:`bot_from_name`), its inverse (:func:`bot_name`), the command line's
help and errors (:func:`bot_names_text`) and the docs all read it.

A name is a kind, then its number (``ismcts:500``), then any number of
``OPTION=VALUE`` for the bot's other options (``pimc:4:nodes=20000``;
``true``, ``false`` and ``none`` are those values, a number is a number, any
other value is text), each after a colon.

Example:
    >>> from counter_rules.bots import bot_from_name, bot_name
    >>> bot_from_name("ismcts:50").iterations
    50
    >>> bot_name(bot_from_name("pimc:4:nodes=20000:ties=first"))
    'pimc:4:nodes=20000:ties=first'
    >>> bot_name(bot_from_name("heuristic"))
    'heuristic'
"""

from __future__ import annotations

import re
from collections.abc import Callable

import attrs

from counter_rules.argument_checks import shorten, shown
from counter_rules.bots.base import Bot, RandomBot
from counter_rules.bots.heuristic import HeuristicBot
from counter_rules.bots.ismcts import MAX_ITERATIONS, ISMCTSBot
from counter_rules.bots.levels import LEVELS, level_bot
from counter_rules.bots.outcome import OutcomeBot
from counter_rules.bots.pimc import FAST_SEARCH_LIMITS, GENERAL_SEARCH_LIMITS, MAX_WORLDS, PIMCBot
from counter_rules.errors import CounterRulesError, InvalidArgumentError

__all__ = ["BOTS", "BOT_NAMES", "BotKind", "bot_from_name", "bot_name", "bot_names_text"]


@attrs.frozen(kw_only=True)
class BotKind:
    """One kind of bot that :func:`bot_from_name` builds by name."""

    name: str
    """The kind's name, the start of every name of it (``"ismcts"``)."""
    summary: str
    """What the bot does, in a few words."""
    make: Callable[..., Bot]
    """What builds the bot from the number and the options: its class, or a
    function (:func:`~counter_rules.bots.level_bot`)."""
    number: str | None = None
    """The argument the number of ``name:N`` gives (``"iterations"``), or
    ``None`` for a kind without a number."""
    unit: str = ""
    """What the number counts, as the help says it (``"iterations a decision"``)."""
    low: int = 1
    """The smallest number."""
    high: int = 1
    """The largest number."""
    default: str | None = None
    """The number when the name gives none, as a person reads it, or ``None``
    when the number must be given (``level:N``)."""
    options: bool = False
    """Whether ``OPTION=VALUE`` may set the class's other fields."""

    @property
    def usage(self) -> str:
        """How the name is written: ``random``, ``ismcts[:N]``, ``level:N``."""
        if self.number is None:
            return self.name
        return f"{self.name}:N" if self.default is None else f"{self.name}[:N]"

    @property
    def bounds(self) -> str:
        """The number's bounds, in words (empty without a number)."""
        if self.number is None:
            return ""
        head = f"N {self.unit}, from" if self.unit else "N from"
        return f"{head} {self.low:,} to {self.high:,}"

    @property
    def help(self) -> str:
        """The number's bounds and default, in words (empty without a number)."""
        if self.default is None:
            return self.bounds
        return f"{self.bounds}, default {self.default}"

    def option_names(self) -> tuple[str, ...]:
        """The options ``OPTION=VALUE`` may set (none unless :attr:`options`)."""
        make = self.make
        if not self.options or not (isinstance(make, type) and attrs.has(make)):
            return ()
        return tuple(f.name for f in attrs.fields(make) if f.name != self.number)


def _default_of(cls: type, field: str) -> object:
    return attrs.fields_dict(cls)[field].default


# Alike on purpose: an entry a kind of bot, the table every reader of names reads.
BOTS: tuple[BotKind, ...] = (
    BotKind(name="random", summary="a random legal move", make=RandomBot),
    BotKind(
        name="heuristic",
        summary="bids its likely winners and plays to make its bid",
        make=HeuristicBot,
        options=True,
    ),
    BotKind(
        name="ismcts",
        summary="information-set Monte Carlo tree search",
        make=ISMCTSBot,
        number="iterations",
        unit="iterations a decision",
        high=MAX_ITERATIONS,
        default=str(_default_of(ISMCTSBot, "iterations")),
        options=True,
    ),
    BotKind(
        name="pimc",
        summary="sampled worlds, each solved exactly with every hand open",
        make=PIMCBot,
        number="worlds",
        unit="worlds a decision",
        high=MAX_WORLDS,
        default=f"{FAST_SEARCH_LIMITS.worlds} in plain Oh Hell, {GENERAL_SEARCH_LIMITS.worlds} "
        "in Counter and the other games",
        options=True,
    ),
    BotKind(
        name="best",
        summary="the strongest: IS-MCTS, then every seat for its own points in sampled "
        "worlds once few cards are left",
        make=OutcomeBot,
        options=True,
    ),
    BotKind(
        name="level",
        summary="a difficulty level for apps, from 1 (a beginner) to 5 (the strongest)",
        make=level_bot,
        number="level",
        low=min(LEVELS),
        high=max(LEVELS),
    ),
)
"""Every kind of bot :func:`bot_from_name` knows, in the order the help lists them."""

BOT_NAMES = tuple(kind.name for kind in BOTS if kind.number is None or kind.default is not None)
"""The names :func:`bot_from_name` knows alone, without a number (the kinds
of :data:`BOTS` whose number has a default, or have none)."""


def bot_names_text() -> str:
    """The names :func:`bot_from_name` takes, in the words of the command
    line's help and errors.

    Example:
        >>> from counter_rules.bots import bot_names_text
        >>> print(bot_names_text())  # doctest: +ELLIPSIS
        random, heuristic, ismcts[:N] (N iterations a decision, from 1 to 100,000, default 200), ...
    """
    kinds = [f"{k.usage} ({k.help})" if k.help else k.usage for k in BOTS]
    with_options = [k.name for k in BOTS if k.options]
    return (
        f"{', '.join(kinds[:-1])} or {kinds[-1]}; {', '.join(with_options[:-1])} and "
        f"{with_options[-1]} take more options after a colon, NAME:N:OPTION=VALUE as "
        "in pimc:4:nodes=20000"
    )


def _value(text: str) -> object:
    """An option's value from its text: a truth value, ``None``, a number, or the text."""
    text = text.strip()
    words: dict[str, object] = {"true": True, "false": False, "none": None}
    if text in words:
        return words[text]
    if re.fullmatch(r"[+-]?[0-9]{1,15}", text):
        return int(text)
    if re.fullmatch(r"[+-]?(?:[0-9]{1,15}\.[0-9]{0,15}|\.[0-9]{1,15})", text):
        return float(text)
    return text


def _text(value: object) -> str:
    """An option's value as :func:`_value` reads it back."""
    if isinstance(value, bool) or value is None:
        return str(value).lower()
    return str(value)


def bot_from_name(name: str) -> Bot:
    """A bot from its name (see :data:`BOTS`): ``"random"``, ``"heuristic"``,
    ``"ismcts"`` or ``"ismcts:N"`` (N iterations), ``"pimc"`` or ``"pimc:N"``
    (N worlds), a difficulty level ``"level:1"`` to ``"level:5"``
    (:func:`~counter_rules.bots.level_bot`); ``heuristic``, ``ismcts`` and
    ``pimc`` take their other options after the number
    (``"pimc:4:nodes=20000"``, ``"ismcts:100:rollout=random"``).

    Raises:
        InvalidArgumentError: An unknown name or option, or a number or
            value out of range; the message says what is allowed.

    Example:
        >>> from counter_rules.bots import bot_from_name
        >>> bot_from_name("random"), bot_from_name("ismcts:500").iterations
        (RandomBot(), 500)
        >>> bot_from_name("pimc:4:nodes=20000:inference=plays").inference
        'plays'
    """
    text = name.strip().lower() if isinstance(name, str) else ""
    base, *parts = text.split(":")
    kind = next((k for k in BOTS if k.name == base), None)
    if kind is None:
        raise InvalidArgumentError(f"bot must be one of {bot_names_text()}, got {shown(name, 40)}")
    arguments: dict[str, object] = {}
    if parts and "=" not in parts[0]:
        number = parts.pop(0).strip()
        digits = len(str(kind.high))
        if kind.number is None or not (
            re.fullmatch(f"[0-9]{{1,{digits}}}", number) and kind.low <= int(number) <= kind.high
        ):
            raise InvalidArgumentError(
                f"bot {kind.name!r} "
                + (
                    "takes no number"
                    if kind.number is None
                    else f"needs '{kind.name}:N' with {kind.bounds}"
                )
                + f", got {shown(name, 40)}"
            )
        arguments[kind.number] = int(number)
    elif kind.number is not None and kind.default is None:
        raise InvalidArgumentError(
            f"bot {kind.name!r} needs '{kind.name}:N' with {kind.bounds}, got {shown(name, 40)}"
        )
    allowed = kind.option_names()
    for part in parts:
        option, equals, value = part.partition("=")
        option = option.strip().replace("-", "_")
        if not equals or option not in allowed or option in arguments:
            raise InvalidArgumentError(
                f"bot {kind.name!r} takes OPTION=VALUE after its number with an OPTION of "
                f"{', '.join(allowed) or 'none'}, once each, got {shown(part, 40)} "
                f"in {shown(name, 60)}"
            )
        arguments[option] = _value(value)
    try:
        return kind.make(**arguments)
    except CounterRulesError as exc:
        raise InvalidArgumentError(f"bot {shown(name, 60)}: {shorten(str(exc))}") from None
    except (TypeError, ValueError) as exc:  # a value of the wrong kind that a class lets through
        raise InvalidArgumentError(f"bot {shown(name, 60)}: {shorten(str(exc))}") from None


def bot_name(bot: object) -> str:
    """A short name for a bot: the inverse of :func:`bot_from_name` for the
    bots of :data:`BOTS` (the number and options that differ from the
    defaults written out), else its ``repr``.

    Example:
        >>> from counter_rules.bots import HeuristicBot, ISMCTSBot, PIMCBot, bot_name
        >>> bot_name(ISMCTSBot(iterations=80)), bot_name(HeuristicBot(samples=4))
        ('ismcts:80', 'heuristic:samples=4')
        >>> bot_name(PIMCBot(nodes=5000, ties="first"))
        'pimc:nodes=5000:ties=first'
    """
    for kind in BOTS:
        make = kind.make
        if not (isinstance(make, type) and attrs.has(make) and type(bot) is make):
            continue
        number = ""
        options = []
        for field in attrs.fields(make):
            value = getattr(bot, field.name)
            if type(value) is type(field.default) and value == field.default:
                continue
            if field.name == kind.number:
                number = f":{value}"
            else:
                options.append(f":{field.name}={_text(value)}")
        text = kind.name + number + "".join(options)
        try:
            again: object = bot_from_name(text)
        except CounterRulesError:  # a value the names cannot spell (a text with a colon)
            again = None
        if again == bot:
            return text
    for level in LEVELS:
        if bot == level_bot(level):
            return f"level:{level}"
    return repr(bot)
