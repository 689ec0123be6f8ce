"""The tree of :class:`~counter_rules.bots.ISMCTSBot` and one iteration of
its search (internal): the compiled build compiles this module with mypyc,
since an iteration runs tens of thousands of times a decision."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from operator import add

from counter_rules.analysis import OutcomePoints
from counter_rules.board import Board
from counter_rules.bots._race import win_chances
from counter_rules.bots.policy import Policy
from counter_rules.engine import apply_move, legal_moves
from counter_rules.moves import Move
from counter_rules.phase import Phase
from counter_rules.rulesets.base import Ruleset
from counter_rules.sampling import sample_world
from counter_rules.state import GameState
from counter_rules.views import PlayerView

__all__ = ["Node", "iterate", "rewards"]


class Node:
    """A tree node: the move sequence that leads to it, seen from one seat.

    Its children are kept by the identity of their move: the engine and the
    board hand out one shared object per distinct move, so a move of any world
    is the very object of the same move in another, and hashing a move would
    run Python code."""

    __slots__ = ("avail", "bias", "children", "move", "seat", "total", "visits")

    def __init__(self, seat: int, bias: float = 0.0, move: Move | None = None) -> None:
        self.seat = seat
        self.move = move  # keeps the move (and so the id its parent keys it by) alive
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0
        self.bias = bias

    def child(self, move: Move) -> Node | None:
        """The child of ``move``, if the tree holds one."""
        return self.children.get(id(move))

    def add(self, move: Move, seat: int, bias: float = 0.0) -> Node:
        """A new child for ``move``."""
        node = self.children[id(move)] = Node(seat, bias, move)
        return node


def rewards(
    rules: Ruleset,
    points: Sequence[int],
    scores: Sequence[int],
    scale: float,
    target: int | None,
) -> list[float]:
    """Each seat's reward for a hand that gives ``points`` to a table of
    ``scores`` before it."""
    players = len(points)
    if target is not None:
        chances = win_chances(tuple(map(add, scores, points)), target)
        return [(players * c - 1) / (players - 1) / scale for c in chances]
    if rules.advice.one_team:
        team = sum(points) / players / scale
        return [team] * players
    total = sum(points)
    return [(p - (total - p) / (players - 1)) / scale for p in points]


def iterate(
    root: Node,
    candidates: list[Move],
    view: PlayerView,
    rng: random.Random,
    policy: Policy,
    reward: tuple[float, float, int | None],
    ends: OutcomePoints | None,
    exploration: float,
    exact: int,
) -> None:
    """One iteration of IS-MCTS from ``root``: a world drawn from ``view``,
    a path down the tree chosen by UCB (``exploration``) among the moves the
    world allows, one new node, the rest of the hand by ``policy`` (ended at
    ``exact`` cards in the points of ``ends`` when given), and the rewards
    (``reward``: scale, fade of the root's bias, Counter's target) added along
    the path."""
    scale, fade, target = reward
    c = exploration
    # The world is a state while it is bid, then a board for its play.
    state: GameState = sample_world(view, rng, recordable=False)
    board: Board | None = None if state.phase is Phase.BIDDING else policy.board(state)
    node = root
    path: list[Node] = []
    moves: Sequence[Move] = candidates
    while True:
        if node is not root:
            if board is None:
                if state.phase is Phase.BIDDING:
                    # Bids below the root: the default policy.
                    to_act = state.to_act
                    seat = min(to_act)
                    options = legal_moves(state, seat) if len(to_act) > 1 else legal_moves(state)
                    state = apply_move(state, policy.bid(state, options, rng))
                    continue
                board = policy.board(state)
            if board.over:
                break
            if board.passing:
                to_pass = board.to_pass
                seat = (to_pass & -to_pass).bit_length() - 1
                if to_pass != 1 << seat:
                    # Others' simultaneous passes: the default policy.
                    board.make(policy.play(board, board.passes(seat), rng))
                    continue
                moves = board.passes(seat)
            else:
                moves = board.moves()
        seat = moves[0].seat
        children = node.children
        untried: list[Move] = []
        for move in moves:
            child = children.get(id(move))
            if child is None or not child.visits:
                untried.append(move)
            if child is not None:
                child.avail += 1
        if untried:
            move = untried[rng.randrange(len(untried))]
            child = children.get(id(move))
            if child is None:
                child = node.add(move, seat)
            path.append(child)
            if board is None:
                state = apply_move(state, move)
            else:
                board.make(move)
            break
        best_move, best_value = moves[0], -math.inf
        best_node = children[id(best_move)]
        for move in moves:
            child = children[id(move)]
            visits = child.visits
            value = (
                child.total / visits
                + c * math.sqrt(math.log(child.avail) / visits)
                + child.bias * fade / (visits + fade)
            )
            if value > best_value:
                best_move, best_value, best_node = move, value, child
        node = best_node
        path.append(node)
        if board is None:
            state = apply_move(state, best_move)
        else:
            board.make(best_move)
    if board is None:
        state = policy.bid_out(state, rng)
        board = policy.board(state)
    if ends is None:
        policy.play_out(board, rng)
        points = view.rules.score_hand(board)
    else:
        policy.play_out(board, rng, exact)
        points = view.rules.score_hand(board) if board.over else ends.points(board, state)
    gains = rewards(view.rules, points, board.scores, scale, target)
    for visited in path:
        visited.visits += 1
        visited.total += gains[visited.seat]
