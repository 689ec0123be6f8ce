"""Between games and their records: :func:`replay` a record, make the
:func:`record_of` a game, and save and resume a game as a record's JSON
(:func:`state_to_json`, :func:`state_from_json`).

Example:
    >>> import random
    >>> from counter_rules import Counter, apply_move, legal_moves, new_game
    >>> from counter_rules import record_of, replay, state_from_json, state_to_json
    >>> state, rng = new_game(Counter(), seed=8), random.Random(8)
    >>> for _ in range(30):
    ...     state = apply_move(state, rng.choice(legal_moves(state)))
    >>> state_from_json(state_to_json(state)) == state
    True
    >>> list(replay(record_of(state)))[-1] == state
    True
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from counter_rules.cards import Card
from counter_rules.errors import CounterRulesError, InvalidArgumentError
from counter_rules.input_limits import read_json
from counter_rules.moves import Bid, Move, Pass, Play
from counter_rules.phase import Phase
from counter_rules.records import GameRecord, check_indent, load_record
from counter_rules.state import GameState
from counter_rules.state_checks import check_state

__all__ = ["record_of", "replay", "state_from_json", "state_to_json"]


def replay(record: GameRecord) -> Iterator[GameState]:
    """Yield every state of a recorded game, the first deal first.

    Raises:
        IllegalMoveError: A move of the record is illegal (records read with
            :meth:`GameRecord.from_json` have been checked already).
        GameOverError: The record has moves after the end of the game.
        InvalidArgumentError: ``record`` is not a :class:`GameRecord`.
    """
    if not isinstance(record, GameRecord):
        raise InvalidArgumentError(f"expected a GameRecord, got {record!r:.80}")
    yield from record.replay()


def _hand_moves(
    state: GameState,
    dealer: int,
    bids: tuple[int | None, ...],
    blind: tuple[bool, ...],
    tricks: tuple[Any, ...],
    exchanges: tuple[tuple[Card | None, ...], ...],
    partial: tuple[Any, ...],
    pending: tuple[Card | None, ...],
) -> list[Move]:
    rules = state.rules
    players = rules.players
    moves: list[Move] = []
    if rules.simultaneous_bidding:
        order = list(range(players))
    else:
        first = rules.first_bidder(dealer)
        order = [(first + i) % players for i in range(players)]
    for seat in order:
        bid = bids[seat]
        if bid is not None:
            moves.append(Bid(seat, bid, blind[seat]))
    done = 0
    for trick in tricks:
        moves += [Play(p.seat, p.card, p.reveal, p.call) for p in trick.plays]
        if trick.pass_cards and not trick.last_trick and done < len(exchanges):
            exchange = exchanges[done]
            done += 1
            if any(c is None for c in exchange):
                raise InvalidArgumentError(
                    "cannot record this state: some passes are not known (a sampled world?)"
                )
            moves += [Pass(s, c) for s, c in enumerate(exchange) if c is not None]
    moves += [Pass(s, c) for s, c in enumerate(pending) if c is not None]
    moves += [Play(p.seat, p.card, p.reveal, p.call) for p in partial]
    return moves


def _check_state(state: object) -> None:
    if not isinstance(state, GameState):
        raise InvalidArgumentError(f"expected a GameState, got {state!r:.80}")


def _moves_of(state: GameState) -> list[Move]:
    """The moves that led to ``state``, rebuilt from its history."""
    moves: list[Move] = []
    players = state.players
    no_pending: tuple[Card | None, ...] = (None,) * players
    for hand in state.history:
        moves += _hand_moves(
            state, hand.dealer, hand.bids, hand.blind or (False,) * players, hand.tricks,
            hand.exchanges, (), no_pending,
        )  # fmt: skip
    if not state.is_over:
        pending = state.pending if state.phase is Phase.PASSING else no_pending
        moves += _hand_moves(
            state, state.dealer, state.bids, state.blind, state.tricks, state.exchanges,
            state.trick, pending,
        )  # fmt: skip
    return moves


def record_of(state: GameState) -> GameRecord:
    """The record of the game that led to ``state`` (its moves are rebuilt from
    the state's history).

    The record is checked by replaying it: it must lead to ``state`` itself.

    Raises:
        InvalidArgumentError: The state's history is incomplete (a sampled world
            does not know the passes other players made), or its seed, first
            deal and moves do not lead to it: a state changed by hand (a hand
            cut short, a card in two hands, scores changed), or a world drawn by
            :func:`~counter_rules.sample_world` in a later hand (a record holds
            only the first deal). No record of another game is made.
    """
    _check_state(state)
    if state._legal is None:  # a state built by hand
        check_state(state)
    try:
        moves = _moves_of(state)
    except CounterRulesError:
        raise
    except (LookupError, TypeError, ValueError, AttributeError):
        # A history changed by hand: the replay below could not match it either.
        raise InvalidArgumentError(
            "cannot record this state: its history is not one a game can have"
        ) from None
    first_dealer = state.history[0].dealer if state.history else state.dealer
    record = GameRecord(state.rules, state.seed, state.first_deal, tuple(moves), first_dealer)
    # The record must be of this game: its seed (and first deal) and moves
    # must replay to this very state, not to another game's.
    try:
        reached: GameState | None = record.final_state()
    except CounterRulesError:
        reached = None
    if reached != state:
        raise InvalidArgumentError(
            "cannot record this state: its seed, first deal and moves do not replay to it "
            "(a state changed by hand, a world from sample_world after the first hand, "
            "or one drawn with recordable=False: a record holds only the first deal)"
        )
    return record


def state_to_json(state: GameState, *, indent: int | None = None) -> str:
    """Save a game (finished or in progress) as record JSON.

    Raises:
        InvalidArgumentError: ``state`` is not a state, or not one its seed,
            first deal and moves replay to (see :func:`record_of`), or
            ``indent`` is not ``None`` or a count of spaces from 0 to 16.
    """
    _check_state(state)
    check_indent(indent)
    return record_of(state).to_json(indent=indent)


def state_from_json(text: str | bytes) -> GameState:
    """Resume a game saved by :func:`state_to_json`: replays and checks every move.

    Raises:
        InvalidNotationError: The text is not a valid record; the message names
            where the problem is.
    """
    _, state = load_record(read_json(text, "record text"))
    return state
