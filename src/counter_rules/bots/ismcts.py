"""Information-set Monte Carlo tree search: :class:`ISMCTSBot`.

Single-observer IS-MCTS (Cowling, Powley and Whitehouse, 2012). One tree is
grown for the bot's information set; its nodes are move sequences, for every
seat. Each iteration

1. *determinizes*: draws a complete state consistent with the bot's view with
   :func:`counter_rules.sample_world` (the others' cards are unknown);
2. *selects* down the tree among the moves legal in that determinization,
   by UCB with availability counts: a child's exploration term counts the
   iterations in which its move was available, not the parent's visits;
3. *expands* one untried legal move;
4. *rolls out* to the end of the hand with a fast default policy (``"greedy"``:
   bid the sum of fixed card strengths; under the bid play the strongest card,
   or as the trick's last player the weakest card that wins it; at the bid the
   weakest, or last the strongest that loses; a tenth of the moves random. Or
   ``"random"``). With ``exact``, a playout that reaches a trick led
   from hands of at most that many cards stops there, and the hand's points
   are those of :class:`~counter_rules.analysis.OutcomePoints` (every seat
   for its own points with the world's hands open, searched exactly);
5. *backs up* the hand's result: each node is credited, for the seat that
   made its move, with that seat's points for the hand minus the others'
   mean, divided by about what a good hand scores (in a cooperative game the
   team's mean). In Counter, where the game goes to the first to reach a
   target, the credit is instead the seat's chance of winning the game from
   the scores after the hand minus the others' mean chance (from a model of
   the race in which every seat scores independently from a typical
   distribution of hand points): the bot takes risks when behind, secures
   points when near the target and values points by the standings, not by
   their number. These rewards are scaled by how much a good hand would
   move the bot's own chance, so that they span about as much as points do.

Two pieces of knowledge steer the search at the root, where the bot's own
decision is made. Its bid is searched among the bids within 1.5 of the
:class:`~counter_rules.bots.HeuristicBot`'s estimate of its winners, not among
all of them (in Counter with twice the iterations: the bid is made once a
hand and decides most of its points); and its plays start with a
*progressive bias* (Chaslot et al., 2008) towards the cards the heuristic's
trick estimate favours, a bonus that fades as the visits grow. In Counter the
bias is the heuristic's whole play score (its chance of winning the trick,
strong cards kept when winning and shed when ducking) and fades over about
twenty visits, not one: with two hundred iterations the rollouts are too
noisy to overrule the heuristic's estimate of the trick on little evidence.

With ``bidding="paired"`` the bot's own bid is not searched in the tree:
each of those bids is played out with the default policy in the same sampled
worlds and with the same random choices (common random numbers), so the bids
are compared on equal luck, and the bid with the best total reward is made.
The iterations are shared among the bids.

Below the root, bids and simultaneous decisions (Counter's pass, simultaneous
bids) are made by the default policy, not in the tree: nobody sees the others'
simultaneous choices, and bidding nodes for every seat would spread the
iterations thin.

The move played is the root's most visited child. With ``time_limit=None`` the
bot is deterministic given the ``rng``; with a time limit the number of
iterations, and so the move, depends on the machine's speed.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

import attrs

from counter_rules.analysis import OutcomePoints
from counter_rules.argument_checks import check_choice, check_int, shown
from counter_rules.bots._estimate import card_chances, move_chances
from counter_rules.bots._race import win_chances
from counter_rules.bots._tree import Node, iterate, rewards
from counter_rules.bots.base import DecidingBot
from counter_rules.bots.policy import KEEP_STRONG, Policy, static_power, wants_trick
from counter_rules.engine import apply_move
from counter_rules.errors import InvalidArgumentError
from counter_rules.moves import Bid, Move, Play
from counter_rules.phase import Phase
from counter_rules.rulesets.base import Ruleset
from counter_rules.sampling import sample_world
from counter_rules.views import PlayerView

__all__ = ["BIDDINGS", "MAX_ITERATIONS", "ROLLOUTS", "ISMCTSBot"]

ROLLOUTS = ("greedy", "random")
"""The default policies for rollouts."""
BIDDINGS = ("tree", "paired")
"""How the bot searches its own bid."""
MAX_ITERATIONS = 100_000
"""The most iterations per decision (:attr:`ISMCTSBot.iterations`): about
ten seconds a decision on a desktop machine, hours a game."""

_BIAS = 1.0  # weight of the heuristic's trick estimate at the root
_BID_WINDOW = 1.5  # bids searched around the heuristic estimate
_COUNTER_FADE = 20.0  # visits over which the root's bias halves in Counter
_PRIOR_SAMPLES = 16  # worlds for the root's heuristic estimates
_BID_ITERATIONS = 2  # Counter's bid: once a hand, and the costliest to get wrong
_MIN_RACE_SCALE = 0.02  # when the game is all but decided, rewards still differ


def _race_scale(scores: Sequence[int], seat: int, target: int) -> float:
    """How much the seat's edge in winning chances moves between a blank hand
    and a good one (four points, the others one each), over 0.8: so that the
    rewards span about as much as the points-based ones."""
    players = len(scores)
    edges = []
    for gain in (0, 4):
        after = [s + (gain if i == seat else 1) for i, s in enumerate(scores)]
        edges.append((players * win_chances(after, target)[seat] - 1) / (players - 1))
    return max(_MIN_RACE_SCALE, (edges[1] - edges[0]) / 0.8)


def _reward_scale(rules: Ruleset, cards: int) -> float:
    """About what a good hand scores, so that rewards span roughly -1..1."""
    return rules.advice.good_hand_points(cards)


def _check_positive(name: str, value: object, allowed: str) -> None:
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float)
        or not math.isfinite(value)
        or value <= 0
    ):
        raise InvalidArgumentError(f"ISMCTSBot.{name} must be {allowed}, got {shown(value)}")


@attrs.frozen
class ISMCTSBot(DecidingBot):
    """Single-observer information-set MCTS (see the module docs).

    Args:
        iterations: Iterations per decision, from 1 to 100,000
            (``counter_rules.bots.ismcts.MAX_ITERATIONS``).
        time_limit: Seconds per decision; when given, the search stops at
            whichever comes first, the iterations or the time (the move then
            depends on the machine's speed).
        exploration: The UCB exploration constant (rewards are about -1..1).
        rollout: The default policy, ``"greedy"`` or ``"random"``.
        bidding: ``"tree"`` (the bid is searched as the plays are) or
            ``"paired"`` (each candidate bid is played out in the same
            worlds; see the module docs).
        exact: From 0 to 52. A playout that comes to a trick led from hands
            of at most this many cards ends there, in the points the
            outcome question gives every seat
            (:class:`~counter_rules.analysis.OutcomePoints`: with every hand
            of the world open, every seat plays for its own points); with 0,
            playouts play to the hand's end, as the bids compared by
            ``bidding="paired"`` always do. The search of those points costs
            least in the plain family
            (:func:`~counter_rules.analysis.fast_search`).

    Raises:
        InvalidArgumentError: An option is out of range; the message names it.

    Example:
        >>> import random
        >>> from counter_rules import Counter, new_game, view
        >>> from counter_rules.bots import ISMCTSBot
        >>> first_bid = view(new_game(Counter(), seed=3), 1)
        >>> ISMCTSBot(iterations=30).choose(first_bid, random.Random(7)).tricks
        4
    """

    iterations: int = 200
    """Iterations per decision."""
    time_limit: float | None = None
    """Seconds per decision, or ``None`` for no limit."""
    exploration: float = 0.7
    """The UCB exploration constant."""
    rollout: str = "greedy"
    """The rollout policy, ``"greedy"`` or ``"random"``."""
    bidding: str = "tree"
    """How the bid is searched, ``"tree"`` or ``"paired"``."""
    exact: int = 0
    """Cards a hand from which playouts end in the exact outcome, 0 for never."""

    def __attrs_post_init__(self) -> None:
        check_int("ISMCTSBot", "iterations", self.iterations, 1, MAX_ITERATIONS)
        check_choice("ISMCTSBot", "rollout", self.rollout, ROLLOUTS)
        check_choice("ISMCTSBot", "bidding", self.bidding, BIDDINGS)
        check_int("ISMCTSBot", "exact", self.exact, 0, 52)
        if self.time_limit is not None:
            _check_positive("time_limit", self.time_limit, "a positive number of seconds or None")
        _check_positive("exploration", self.exploration, "a positive number")

    def decide(self, view: PlayerView, moves: tuple[Move, ...], rng: random.Random) -> Move:
        """Search from ``view`` and return the most visited move."""
        root, candidates = self._search(view, moves, rng)
        if not root.children:
            return candidates[0]
        best, best_key = candidates[0], (-1, -math.inf)
        for move in candidates:
            child = root.child(move)
            if child is None or not child.visits:
                continue
            key = (child.visits, child.total / child.visits)
            if key > best_key:
                best, best_key = move, key
        return best

    def _root_knowledge(
        self, view: PlayerView, moves: Sequence[Move], rng: random.Random
    ) -> tuple[list[Move], dict[Move, float]]:
        """The root moves to search and the progressive bias of each."""
        first = moves[0]
        if isinstance(first, Bid):
            sighted = [m for m in moves if isinstance(m, Bid) and not m.blind]
            if not sighted or view.hand is None:
                return list(moves), {}
            expected = sum(card_chances(view, rng, _PRIOR_SAMPLES).values())
            if view.rules.advice.cautious_bidding:
                expected = min(expected, 5.0)
            near = [m for m in sighted if abs(m.tricks - expected) <= _BID_WINDOW]
            if not near:
                near = [min(sighted, key=lambda m: abs(m.tricks - expected))]
            return [*near, *(m for m in moves if isinstance(m, Bid) and m.blind)], {}
        if isinstance(first, Play) and view.phase is Phase.PLAYING:
            me = view.seat
            want = wants_trick(
                view.rules, view.bids[me], view.tricks_won[me], len(view.hand or ()), view.players
            )
            chances = move_chances(view, moves, rng, _PRIOR_SAMPLES)
            bias = {m: (c if want else 1 - c) for m, c in zip(moves, chances, strict=True)}
            if view.rules.advice.target_score is not None:
                # As the heuristic: keep strong cards when winning, shed them
                # when ducking.
                for m in moves:
                    assert isinstance(m, Play)
                    power = static_power(m.card, view.trump, view.rules)
                    bias[m] += KEEP_STRONG * (-power if want else power - 1)
            return list(moves), bias
        return list(moves), {}

    def _search(
        self, view: PlayerView, moves: Sequence[Move], rng: random.Random
    ) -> tuple[Node, list[Move]]:
        candidates, bias = self._root_knowledge(view, moves, rng)
        root = Node(view.seat)
        for move in candidates:
            child = root.add(move, view.seat, _BIAS * bias.get(move, 0.0))
            child.avail = 0
        if len(candidates) == 1:
            return root, candidates
        policy = Policy(view.rules, self.rollout == "greedy")
        rules = view.rules
        target = rules.advice.target_score
        if target is None:
            scale, fade = _reward_scale(rules, view.cards_dealt), 1.0
        else:
            scale, fade = _race_scale(view.scores, view.seat, target), _COUNTER_FADE
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        iterations = self.iterations
        if target is not None and isinstance(moves[0], Bid):
            iterations *= _BID_ITERATIONS
        if self.bidding == "paired" and isinstance(moves[0], Bid):
            best = self._paired_bids(
                view, candidates, rng, policy, (scale, target), (iterations, deadline)
            )
            return Node(view.seat), [best]
        ends = None
        if self.exact:
            ends = OutcomePoints(rules, view.seat)
        for _ in range(iterations):
            iterate(
                root,
                candidates,
                view,
                rng,
                policy,
                (scale, fade, target),
                ends,
                self.exploration,
                self.exact,
            )
            if deadline is not None and time.perf_counter() >= deadline:
                break
        return root, candidates

    def _paired_bids(
        self,
        view: PlayerView,
        candidates: list[Move],
        rng: random.Random,
        policy: Policy,
        reward: tuple[float, int | None],
        budget: tuple[int, float | None],
    ) -> Move:
        """The bid with the best mean reward when every candidate is played
        out in the same worlds with the same random choices (common random
        numbers: the candidates differ only by the bid, not by luck)."""
        scale, target = reward
        iterations, deadline = budget
        totals = [0.0] * len(candidates)
        for _ in range(max(1, iterations // len(candidates))):
            world = sample_world(view, rng, recordable=False)
            seed = rng.getrandbits(64)
            for i, bid in enumerate(candidates):
                board = policy.finish(apply_move(world, bid), random.Random(seed))
                points = view.rules.score_hand(board)
                totals[i] += rewards(view.rules, points, board.scores, scale, target)[view.seat]
            if deadline is not None and time.perf_counter() >= deadline:
                break
        best = max(range(len(candidates)), key=totals.__getitem__)
        return candidates[best]
