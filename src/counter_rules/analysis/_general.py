"""The solver's general search: alpha-beta over the engine's own transitions.

Every node is a :class:`~counter_rules.GameState` and every child is made by
:func:`~counter_rules.apply_move` from a move :func:`~counter_rules.legal_moves`
listed, so the search plays exactly the game the engine plays: any ruleset,
every option, Counter's powers, the Four shown and the pass after a Five. Only
the last play of a hand is not applied (that would score the hand and deal the
next one): its trick is resolved by the ruleset's :meth:`Ruleset.resolve
<counter_rules.Ruleset.resolve>`, the method the engine itself runs for it.

The search answers yes-or-no questions, as DDS does: "can the side be sure of
at least ``t`` more tricks?" (:meth:`GeneralSearch.at_least`) and "can the seat
be sure of exactly ``n`` more?" (:meth:`GeneralSearch.exactly`). A
transposition table remembers, at the start of every trick and at every pass,
what is known of the position: bounds on the side's tricks, or which targets
the seat can and cannot make. The position's key is compact: each hand as a
bit mask over the deck, the leader or the seats still to pass, the passes
chosen, trump and its card, the Six's doubled lead and the first Joker call
(see :func:`position_key`).

Simultaneous passes are searched one seat after another, the side's seats
first: the others answer knowing the side's choices, which is what "sure of,
whatever the others do" asks.

The module is plain typed Python, compiled with mypyc in the compiled build.
"""

from __future__ import annotations

from time import perf_counter
from typing import Final

from counter_rules.builders import played_card
from counter_rules.cards import KEY_COUNT, Card
from counter_rules.engine import apply_move, legal_moves
from counter_rules.errors import CounterRulesError
from counter_rules.moves import Move, Play
from counter_rules.rulesets.base import Ruleset
from counter_rules.state import GameState, Phase
from counter_rules.trick import PlayedCard

__all__ = ["GeneralSearch", "SearchLimitReached", "deck_index", "position_key"]

_PASSING: Final = Phase.PASSING
_PLAYING: Final = Phase.PLAYING
_PLAY: Final = Play
# Bounds are packed into one int: the lowest value known, and the highest
# value known in the next byte.
_BYTE: Final = 256


class SearchLimitReached(CounterRulesError):
    """A question to a :class:`~counter_rules.analysis.Solver` ran past the
    solver's deadline or its limit of positions, and has no answer."""


def over_budget(nodes: int, deadline: float, node_limit: int) -> bool:
    """Whether a search that has visited ``nodes`` positions is past its
    ``deadline`` (a :func:`time.perf_counter` time, 0 for none) or its
    ``node_limit`` (0 for none). Searches ask every 256 positions."""
    return bool(deadline and perf_counter() > deadline) or bool(node_limit and nodes > node_limit)


def deck_index(rules: Ruleset) -> list[int]:
    """For every card key, the card's place in the ruleset's deck (``-1`` for
    a card outside it): the bit of the card in a hand's mask."""
    index = [-1] * KEY_COUNT
    for i, card in enumerate(rules.deck()):
        index[card._key] = i
    return index


def _mask(index: list[int], cards: tuple[Card, ...]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << index[card._key]
    return mask


def _first_call(state: GameState) -> int:
    """0 before any Joker call this hand, 1 after a first call "high", 2 after "low"."""
    for trick in state.tricks:
        for played in trick.plays:
            if played.call is not None:
                return 1 if played.call == "high" else 2
    for played in state.trick:
        if played.call is not None:
            return 1 if played.call == "high" else 2
    return 0


def position_key(state: GameState, index: list[int], calls: bool) -> tuple[int, ...]:
    """The compact key of a position at the start of a trick or during a pass.

    Two positions with the same key are the same game from here on: the same
    cards in the same hands (the cards played follow from them), the same
    leader, or seats still to pass and passes chosen, the same trump, trump
    card and doubled lead, and (with ``calls``, for Jokers called high or low)
    the same first call. Tricks already won are left out: no rule of the
    play reads them.
    """
    key: list[int] = [_mask(index, hand) for hand in state.hands]
    trump = state.trump
    key.append(-1 if trump is None else trump.value)
    trump_card = state.trump_card
    key.append(-1 if trump_card is None else trump_card._key)
    key.append(1 if state.doubled_lead else 0)
    if state.phase is _PASSING:
        to_act = 0
        for seat in state.to_act:
            to_act |= 1 << seat
        key.append(-1 - to_act)
        for card in state.pending:
            key.append(-1 if card is None else index[card._key])
    # In a pass too: the winner of the trick with the Five leads next.
    key.append(state.leader)
    if calls:
        key.append(_first_call(state))
    return tuple(key)


def _final_winner(state: GameState, move: Move) -> int | None:
    """The winner of the hand's last trick once ``move`` completes it, by the
    ruleset's own resolution (as the engine resolves it)."""
    assert isinstance(move, _PLAY)
    if move.reveal is None and move.call is None:
        played = played_card(move.seat, move.card)
    else:
        played = PlayedCard(move.seat, move.card, move.reveal, move.call)
    trick = (*state.trick, played)
    result = state.rules.resolve(
        trick,
        state.trump,
        doubled_lead=state.doubled_lead,
        last_trick=True,
        explain=False,
        trump_card=state.trump_card,
    )
    return result.winner


def search_order(side: int, players: int) -> list[int]:
    """The order in which the seats of a simultaneous pass are searched: the
    side's seats first."""
    return [s for s in range(players) if side >> s & 1] + [
        s for s in range(players) if not side >> s & 1
    ]


def next_mover(state: GameState, order: list[int]) -> int:
    """The seat that moves next in a search: the one to act, or in a pass the
    first in ``order`` still to choose."""
    to_act = state.to_act
    if len(to_act) == 1:
        for seat in to_act:
            return seat
    for seat in order:
        if seat in to_act:
            return seat
    raise AssertionError("no seat to act")


class GeneralSearch:
    """A search for one side (a bit set of seats) over one ruleset's games.

    Its tables stay valid for every position of every game of the ruleset,
    so one search can answer many questions about one hand.
    """

    def __init__(self, rules: Ruleset, side: int) -> None:
        self.rules = rules
        self.side = side
        players = rules.players
        self.players = players
        self.order = search_order(side, players)
        self.index = deck_index(rules)
        self.calls = rules.advice.jokers_called
        self.bounds: dict[tuple[int, ...], int] = {}
        self.targets: dict[tuple[int, ...], int] = {}
        self.best: dict[tuple[int, ...], int] = {}
        # Cutoffs made by each card key, to try such cards first elsewhere.
        self.history: list[int] = [0] * KEY_COUNT
        self.nodes = 0
        # A time (perf_counter) past which the search gives up; 0 for none.
        self.deadline = 0.0
        # A count of positions past which the search gives up; 0 for none.
        self.node_limit = 0

    # -- the moves of a node ------------------------------------------------------
    def mover(self, state: GameState) -> int:
        """The seat that moves next in the search (:func:`next_mover`)."""
        return next_mover(state, self.order)

    def moves(self, state: GameState, seat: int, hint: int) -> list[Move]:
        """``seat``'s legal moves, the card ``hint`` first, then by how often
        each card made a cutoff."""
        legal = legal_moves(state)
        history = self.history
        scored: list[tuple[int, int, Move]] = []
        i = 0
        for move in legal:
            if move.seat != seat:
                continue
            key = move.card._key  # type: ignore[union-attr]  # plays and passes only
            score = 1 << 40 if key == hint else history[key]
            scored.append((-score, i, move))
            i += 1
        scored.sort()
        return [entry[2] for entry in scored]

    def _cutoff(self, move: Move, key: tuple[int, ...] | None) -> None:
        card_key = move.card._key  # type: ignore[union-attr]
        self.history[card_key] += 1
        if key is not None:
            self.best[key] = card_key

    # -- "at least t tricks" -------------------------------------------------------
    def at_least(self, state: GameState, target: int) -> bool:
        """Whether the side can be sure of at least ``target`` of the tricks
        not yet finished."""
        if target <= 0:
            return True
        seat = self.mover(state)
        hand = state.hands[seat]
        left = len(hand)
        if target > left:
            return False
        self.nodes += 1
        if not self.nodes & 255 and over_budget(self.nodes, self.deadline, self.node_limit):
            raise SearchLimitReached
        passing = state.phase is _PASSING
        trick = state.trick
        key: tuple[int, ...] | None = None
        hint = -1
        if passing or not trick:
            key = position_key(state, self.index, self.calls)
            known = self.bounds.get(key)
            if known is not None:
                if target <= known % _BYTE:
                    return True
                if target > known // _BYTE:
                    return False
            hint = self.best.get(key, -1)
        maximize = (self.side >> seat & 1) == 1
        completes = not passing and len(trick) == self.players - 1
        result = not maximize
        for move in self.moves(state, seat, hint):
            if completes:
                if left == 1:
                    winner = _final_winner(state, move)
                    won = 1 if winner is not None and self.side >> winner & 1 else 0
                    ok = target <= won
                else:
                    child = apply_move(state, move)
                    winner = child.tricks[-1].winner
                    won = 1 if winner is not None and self.side >> winner & 1 else 0
                    ok = self.at_least(child, target - won)
            else:
                ok = self.at_least(apply_move(state, move), target)
            if ok == maximize:
                result = ok
                self._cutoff(move, key)
                break
        if key is not None:
            known = self.bounds.get(key, left * _BYTE)
            low = known % _BYTE
            high = known // _BYTE
            if result:
                low = max(low, target)
            else:
                high = min(high, target - 1)
            self.bounds[key] = low + high * _BYTE
        return result

    def value(self, state: GameState) -> int:
        """The most tricks not yet finished the side can be sure of."""
        low = 0
        high = len(state.hands[self.mover(state)])
        while low < high:
            middle = (low + high + 1) // 2
            if self.at_least(state, middle):
                low = middle
            else:
                high = middle - 1
        return low

    # -- "exactly n tricks" -----------------------------------------------------
    def exactly(self, state: GameState, need: int) -> bool:
        """Whether the side (one seat) can be sure of winning exactly ``need``
        of the tricks not yet finished."""
        if need < 0:
            return False
        seat = self.mover(state)
        hand = state.hands[seat]
        left = len(hand)
        if need > left:
            return False
        self.nodes += 1
        if not self.nodes & 255 and over_budget(self.nodes, self.deadline, self.node_limit):
            raise SearchLimitReached
        passing = state.phase is _PASSING
        trick = state.trick
        key: tuple[int, ...] | None = None
        hint = -1
        if passing or not trick:
            key = position_key(state, self.index, self.calls)
            known = self.targets.get(key, 0)
            if known >> need & 1:
                return True
            if known >> (need + 64) & 1:
                return False
            hint = self.best.get(key, -1)
        maximize = (self.side >> seat & 1) == 1
        completes = not passing and len(trick) == self.players - 1
        result = not maximize
        for move in self.moves(state, seat, hint):
            if completes:
                if left == 1:
                    winner = _final_winner(state, move)
                    won = 1 if winner is not None and self.side >> winner & 1 else 0
                    ok = need == won
                else:
                    child = apply_move(state, move)
                    winner = child.tricks[-1].winner
                    won = 1 if winner is not None and self.side >> winner & 1 else 0
                    ok = self.exactly(child, need - won)
            else:
                ok = self.exactly(apply_move(state, move), need)
            if ok == maximize:
                result = ok
                self._cutoff(move, key)
                break
        if key is not None:
            known = self.targets.get(key, 0)
            self.targets[key] = known | (1 << (need if result else need + 64))
        return result
