"""The :class:`Bot` protocol, :class:`DecidingBot` and :class:`RandomBot`.

A bot is any object with a method ``choose(view, rng) -> Move``. It sees only
its seat's :class:`~counter_rules.PlayerView` (never the full state), and every
random choice it makes comes from the ``rng`` it is handed, so the same view
and the same generator state always give the same move.

Example:
    >>> import random
    >>> from counter_rules import Counter, legal_moves, new_game, view
    >>> from counter_rules.bots import Bot, RandomBot
    >>> state = new_game(Counter(), seed=3)
    >>> bot = RandomBot()
    >>> isinstance(bot, Bot)
    True
    >>> move = bot.choose(view(state, state.current_player), random.Random(0))
    >>> move in legal_moves(state), move == bot.choose(view(state, 1), random.Random(0))
    (True, True)
"""

from __future__ import annotations

import abc
import random
from typing import Protocol, runtime_checkable

import attrs

from counter_rules.argument_checks import shown
from counter_rules.engine import legal_moves
from counter_rules.errors import InvalidArgumentError
from counter_rules.moves import Move
from counter_rules.views import PlayerView

__all__ = ["Bot", "DecidingBot", "RandomBot", "moves_of"]


@runtime_checkable
class Bot(Protocol):
    """Anything that picks a move for one seat from that seat's view.

    Bots used with :func:`counter_rules.match.play_match` must be picklable
    (they travel to worker processes) and must keep no state between calls
    that changes their choices: all randomness comes from ``rng``.
    """

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """Return one of ``legal_moves(view)``.

        Args:
            view: What the bot's seat may know now; the seat is ``view.seat``.
            rng: The only source of randomness the bot may use.
        """
        ...


def moves_of(view: PlayerView) -> tuple[Move, ...]:
    """The legal moves of the view's seat, or an error if it has none.

    Raises:
        InvalidArgumentError: The view's seat has nothing to decide now.

    Example:
        >>> from counter_rules import Counter, new_game, view
        >>> from counter_rules.bots import moves_of
        >>> state = new_game(Counter(), seed=3)
        >>> len(moves_of(view(state, 1)))
        11
        >>> moves_of(view(state, 0))
        Traceback (most recent call last):
        ...
        counter_rules.errors.InvalidArgumentError: view.seat 0 has no move to make now (to act: [1])
    """
    if not isinstance(view, PlayerView):
        raise InvalidArgumentError(f"view must be a PlayerView, got {shown(view)}")
    moves = legal_moves(view)
    if not moves:
        raise InvalidArgumentError(
            f"view.seat {view.seat} has no move to make now (to act: {sorted(view.to_act)})"
        )
    return moves


class DecidingBot(abc.ABC):
    """The base of the bots that search: :meth:`choose` makes the only legal
    move at once and hands two or more to :meth:`decide`."""

    __slots__ = ()

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """Bid, pass or play for ``view.seat``: the only legal move, or what
        :meth:`decide` chooses.

        Raises:
            InvalidArgumentError: The seat has nothing to decide now.
        """
        moves = moves_of(view)
        if len(moves) == 1:
            return moves[0]
        return self.decide(view, moves, rng)

    @abc.abstractmethod
    def decide(self, view: PlayerView, moves: tuple[Move, ...], rng: random.Random) -> Move:
        """One of ``moves``, the two or more legal moves of ``view.seat``."""


@attrs.frozen
class RandomBot:
    """Plays a uniformly random legal move.

    Example:
        >>> import random
        >>> from counter_rules import UpAndDown, new_game, view
        >>> from counter_rules.bots import RandomBot
        >>> state = new_game(UpAndDown(), seed=1)
        >>> print(RandomBot().choose(view(state, 1), random.Random(4)))
        P1:bid 0
    """

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """A random legal move of ``view.seat``.

        Raises:
            InvalidArgumentError: The seat has nothing to decide now.
        """
        moves = moves_of(view)
        return moves[rng.randrange(len(moves))]
