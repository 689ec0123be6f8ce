"""Train a small NumPy policy on the PettingZoo environment until it beats the
random bot.

The game is plain Oh Hell for four, one hand of five cards (``schedule=[5]``):
bid the exact number of tricks you will take; a trick scores 1 and an exact
bid 10 more. The environment is :func:`counter_rules.adapters.pettingzoo.env`;
the learner plays one seat (a different one each episode) and random bots,
which pick uniformly among the legal actions of the action mask, play the
others.

The learner is a linear softmax policy over action features: each legal
action gets a feature vector read from the observation
(:func:`~counter_rules.adapters.observation.encode_view`, whose blocks
:func:`~counter_rules.adapters.observation.observation_layout` names), its
score is the features' weighted sum, and the policy picks with the softmax of
the scores. A bid's features are the hand seen from the trump suit (which
ranks are held in trumps, how many of each rank in the other suits); a card's
features say its rank, whether it is a trump, and whether its player still
needs tricks, has made the bid, or is over it. The weights learn by
REINFORCE: after each episode every choice is made more likely in proportion
to how much the final score beat the running mean of the scores. Everything
random comes from the seed.

Then the learned policy (playing its best-scored action) and the random bot
each play the same evaluation deals at the same seats against random bots;
the learned policy scores some two points a game more: it learns to bid what
it can make, and to play high or low cards by what its bid needs.

Run: ``python examples/train_pettingzoo.py [--episodes 2000] [--games 400] [--seed 1]``
(needs the ``pettingzoo`` extra; some fifteen seconds).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence

import attrs
import numpy as np
from numpy.typing import NDArray

from counter_rules import SUITS, Bid, Pass, Play
from counter_rules.adapters.pettingzoo import CounterRulesEnv, env
from counter_rules.stats import Estimate, mean_interval

Array = NDArray[np.float64]
Chooser = Callable[[NDArray[np.float32], int, NDArray[np.intp]], int]
"""A player in the environment: (observation vector, seat, legal actions) to an action."""

_RANKS = 13
_NEEDS = 3  # still needs tricks, has made its bid, is over it


def make_env() -> CounterRulesEnv:
    """Plain Oh Hell for four players, one hand of five cards."""
    return env("oh-hell", players=4, options={"schedule": [5]})


class ActionFeatures:
    """The features of each legal action, read from the observation vector."""

    def __init__(self, game: CounterRulesEnv) -> None:
        self.actions = game.actions
        self.blocks = {name: slice(start, start + size) for name, start, size in game.layout}
        deck = game.actions.deck
        self.rank = np.array([int(card.rank) - 1 for card in deck])
        self.suit = np.array([SUITS.index(card.suit) if card.suit else -1 for card in deck])
        self.hand_size = 2 * _RANKS + 1  # trumps held, other cards held, a bias
        self.bids = self.actions.max_bid + 1
        self.size = self.bids * self.hand_size + _RANKS * 2 * _NEEDS
        """The length of an action's feature vector."""

    def __call__(
        self, observation: NDArray[np.float32], seat: int, legal: NDArray[np.intp]
    ) -> Array:
        """One row of features for each legal action."""
        block = {name: observation[where] for name, where in self.blocks.items()}
        trump = int(np.argmax(block["trump"]))  # 0..3: SUITS[trump]; 4: no trump
        is_trump = self.suit == trump
        hand = block["hand"]
        in_trumps = np.bincount(self.rank, weights=hand * is_trump, minlength=_RANKS)
        elsewhere = np.bincount(self.rank, weights=hand * ~is_trump, minlength=_RANKS)
        hand_features = np.concatenate([in_trumps, elsewhere, [1.0]])
        bid, won = block["bids"][seat], block["tricks_won"][seat]
        need = 0 if bid < 0 or won < bid else (1 if won == bid else 2)
        features = np.zeros((len(legal), self.size))
        for row, action in enumerate(legal):
            move = self.actions.move_of(int(action), seat)
            match move:
                case Bid(tricks=tricks):
                    start = tricks * self.hand_size
                    features[row, start : start + self.hand_size] = hand_features
                case Play(card=card):
                    card_index = self.actions.card_index(card)
                    column = (self.rank[card_index] * 2 + is_trump[card_index]) * _NEEDS + need
                    features[row, self.bids * self.hand_size + column] = 1.0
                case Pass():
                    raise AssertionError("plain Oh Hell has no pass")
        return features


@attrs.define
class Step:
    """One choice of the learner in an episode."""

    features: Array
    """The features of the legal actions."""
    choice: int
    """The row of the action chosen."""
    probabilities: Array
    """The policy's probabilities of the legal actions when it chose."""


class LinearPolicy:
    """A softmax over the legal actions of a weighted sum of their features."""

    def __init__(self, size: int) -> None:
        self.weights: Array = np.zeros(size)
        """The weight of each feature."""

    def probabilities(self, features: Array) -> Array:
        """The probability of each legal action (one row of features each)."""
        scores = features @ self.weights
        exp = np.exp(scores - scores.max())
        probabilities: Array = exp / exp.sum()
        return probabilities

    def reinforce(self, steps: Sequence[Step], advantage: float, learning_rate: float) -> None:
        """Make every choice more likely in proportion to ``advantage``
        (REINFORCE: the gradient of each choice's log-probability)."""
        for step in steps:
            expected = step.probabilities @ step.features
            self.weights += learning_rate * advantage * (step.features[step.choice] - expected)


def random_bot(rng: np.random.Generator) -> Chooser:
    """A player that picks uniformly among the legal actions."""
    return lambda observation, seat, legal: int(rng.choice(legal))


@attrs.frozen
class Episode:
    """What one seat did in one game."""

    score: float
    """Its final score (the environment's cumulative reward)."""
    made_bid: bool
    """Whether it took exactly the tricks it bid."""


def play(game: CounterRulesEnv, seed: int, seat: int, player: Chooser, others: Chooser) -> Episode:
    """One episode: ``player`` at ``seat``, ``others`` at every other seat."""
    game.reset(seed=seed)
    me = game.possible_agents[seat]
    score = 0.0
    for agent in game.agent_iter():
        observation, reward, termination, truncation, _ = game.last()
        if termination or truncation:
            if agent == me:
                score = float(reward)
            game.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        choose = player if agent == me else others
        game.step(choose(observation["observation"], game.possible_agents.index(agent), legal))
    state = game.game_state
    assert state is not None
    hand = state.history[-1]
    return Episode(score, hand.bids[seat] == hand.tricks_won[seat])


def train(episodes: int, seed: int, learning_rate: float = 0.01) -> Chooser:
    """Train a policy for ``episodes`` games against random bots; the learned
    player picks its best-scored action."""
    game = make_env()
    features_of = ActionFeatures(game)
    policy = LinearPolicy(features_of.size)
    rng = np.random.default_rng(seed)
    baseline = 0.0
    for episode in range(episodes):
        steps: list[Step] = []

        def learner(
            observation: NDArray[np.float32],
            seat: int,
            legal: NDArray[np.intp],
            steps: list[Step] = steps,
        ) -> int:
            features = features_of(observation, seat, legal)
            probabilities = policy.probabilities(features)
            choice = int(rng.choice(len(legal), p=probabilities))
            steps.append(Step(features, choice, probabilities))
            return int(legal[choice])

        seat = episode % game.rules.players
        result = play(game, seed * 1_000_003 + episode, seat, learner, random_bot(rng))
        policy.reinforce(steps, result.score - baseline, learning_rate)
        baseline += 0.01 * (result.score - baseline)

    def learned(observation: NDArray[np.float32], seat: int, legal: NDArray[np.intp]) -> int:
        scores = features_of(observation, seat, legal) @ policy.weights
        return int(legal[int(np.argmax(scores))])

    return learned


@attrs.frozen
class Evaluation:
    """A player's results over the evaluation games."""

    scores: tuple[float, ...]
    """Its score in each game."""
    bids_made: float
    """The share of games in which it made its bid."""

    @property
    def mean_score(self) -> Estimate:
        """The mean score with its 95% interval."""
        return mean_interval(self.scores)


def evaluate(player: Callable[[np.random.Generator], Chooser], games: int, seed: int) -> Evaluation:
    """``games`` games of ``player`` against random bots, the seat rotating.

    The deals and the bots' generators come from ``seed`` and the game's
    number, so two players evaluated with one seed play the same deals.
    """
    game = make_env()
    results = []
    for g in range(games):
        rng = np.random.default_rng([seed, g])
        results.append(play(game, seed + g, g % game.rules.players, player(rng), random_bot(rng)))
    return Evaluation(tuple(r.score for r in results), sum(r.made_bid for r in results) / games)


@attrs.frozen
class Report:
    """The learned policy against the random bot, on the same deals."""

    learned: Evaluation
    """The learned policy's results."""
    random: Evaluation
    """The random bot's results."""

    @property
    def difference(self) -> Estimate:
        """The mean over the deals of the learned policy's score minus the
        random bot's, with its 95% interval."""
        pairs = zip(self.learned.scores, self.random.scores, strict=True)
        return mean_interval([a - b for a, b in pairs])


def main(argv: Sequence[str] | None = None) -> Report:
    """Train, evaluate, and print the comparison."""
    cli = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    cli.add_argument("--episodes", type=int, default=2000, help="training games (default 2000)")
    cli.add_argument("--games", type=int, default=400, help="evaluation games (default 400)")
    cli.add_argument("--seed", type=int, default=1, help="the seed of everything (default 1)")
    args = cli.parse_args(argv)
    if args.episodes < 0 or args.games < 2:
        cli.error(
            f"--episodes must be 0 or more and --games 2 or more, got {args.episodes}, {args.games}"
        )
    learned = train(args.episodes, args.seed)
    evaluation_seed = 10**9 + args.seed  # deals the training never saw
    report = Report(
        learned=evaluate(lambda rng: learned, args.games, evaluation_seed),
        random=evaluate(random_bot, args.games, evaluation_seed),
    )
    for name, result in (("learned policy", report.learned), ("random bot", report.random)):
        print(
            f"{name:<14}  mean score {result.mean_score}, "
            f"made its bid in {result.bids_made:.0%} of {args.games} games"
        )
    print(f"{'difference':<14}  {report.difference}")
    return report


if __name__ == "__main__":
    main(sys.argv[1:])
