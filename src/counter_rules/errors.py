"""The exception tree of :mod:`counter_rules`.

Every error the library raises on purpose derives from :class:`CounterRulesError`,
and the ones caused by a bad value also derive from :class:`ValueError`, so
``except ValueError`` keeps working in code that does not know this library::

    CounterRulesError
    ├── IllegalMoveError (ValueError)        .move, .reason
    ├── InvalidArgumentError (ValueError)    bad ruleset field, bad deal, bad trick
    ├── InvalidNotationError (ValueError)    card/move/record text that does not parse
    ├── GameOverError
    ├── SearchLimitReached                   a solver's question past its limits
    └── WorkerLostError (RuntimeError)       .outcomes, .lost: a match's worker died

Messages are lower-case, end without a period, name the offending value and say
what is allowed.

Example:
    >>> from counter_rules import Card, InvalidNotationError
    >>> try:
    ...     Card.parse("1x")
    ... except InvalidNotationError as exc:
    ...     print(exc)
    expected a card like 'Q♠' or 'QS', got '1x'
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "CounterRulesError",
    "GameOverError",
    "IllegalMoveError",
    "InvalidArgumentError",
    "InvalidNotationError",
    "SearchLimitReached",
    "WorkerLostError",
]


class CounterRulesError(Exception):
    """Base class of every error raised on purpose by :mod:`counter_rules`."""


class IllegalMoveError(CounterRulesError, ValueError):
    """A move that the rules do not allow in this state.

    The state the move was applied to is never changed.

    Args:
        move: The rejected move.
        reason: Why it is illegal, in a player's words.
    """

    def __init__(self, move: Any, reason: str) -> None:
        super().__init__(move, reason)
        #: The rejected move.
        self.move = move
        #: Why the move is illegal, in a player's words.
        self.reason = reason

    def __str__(self) -> str:
        move = str(self.move)
        if len(move) > 80:  # a malformed move may hold a long value
            move = move[:77] + "..."
        return f"illegal move {move}: {self.reason}"


class InvalidArgumentError(CounterRulesError, ValueError):
    """A bad argument: a ruleset option, a deal, or a trick that cannot exist."""


class InvalidNotationError(CounterRulesError, ValueError):
    """Text (a card, a move, a record) that does not parse."""


class GameOverError(CounterRulesError):
    """A move was applied to a game that has already ended."""


class SearchLimitReached(CounterRulesError):
    """A question to a :class:`~counter_rules.analysis.Solver` ran past the
    solver's deadline or its limit of positions, and has no answer (also
    importable from :mod:`counter_rules.analysis`)."""


class WorkerLostError(CounterRulesError, RuntimeError):
    """A match stopped because a worker died and its games could not be played
    again (an executor that breaks when a worker dies, such as a
    :class:`~concurrent.futures.ProcessPoolExecutor`, or a game that lost its
    worker three times).

    Nothing finished is lost: :attr:`outcomes` holds every finished game, and
    :func:`~counter_rules.match.play_match` continues the match from them
    (``finished=error.outcomes``).

    Args:
        message: What was lost, and why.
        outcomes: The finished games' outcomes, in game order.
        lost: The indices of the games not finished.
    """

    def __init__(self, message: str, outcomes: tuple[Any, ...] = (), lost: tuple[int, ...] = ()):
        super().__init__(message, outcomes, lost)
        #: The outcomes (:class:`~counter_rules.match.GameOutcome`) of every
        #: finished game, in game order.
        self.outcomes = outcomes
        #: The indices of the games not finished, in order.
        self.lost = lost

    def __str__(self) -> str:
        message: str = self.args[0]
        return message
