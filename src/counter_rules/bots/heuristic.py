"""A bot that plays to make its bid, for every ruleset: :class:`HeuristicBot`.

Bidding
    The bot counts its likely winners: for each card, how often it wins a
    random trick against hands drawn for the others
    (:func:`counter_rules.sample_world`), the winner decided by the ruleset's
    own trick resolution; the bid is the legal bid nearest the sum. That
    covers high trumps and Aces and Kings (which win often), the hand size and
    the number of players (more cards against it), and Counter's card powers
    (which no table of ranks captures). In Counter the bid is capped (5 by
    default): a made bid scores the bid, a missed one little, and big bids are
    seldom made. Under Devil's bridge, where the one card is hidden, it counts
    how often the unseen card would beat the cards it sees.

Blind bids
    Decided before looking at the hand: only for hands of one or two cards
    (a blind nil is then usually made, for double points) or when 40 or more
    points behind; the blind bid is the cards per player, rounded down.

Play
    Under its bid it wants the trick; at its bid it wants to lose it. Once the
    bid is out of reach it follows the scoring (see ``wants_trick``). For each
    legal move it estimates the chance of winning the trick by completing it
    in sampled worlds with the others playing random legal cards, through
    :func:`counter_rules.apply_move`, so Counter's powers, Jokers and their
    calls all count. It plays the move most (or least) likely to win, and among
    close calls keeps its strong cards (or sheds them when ducking).

Passing (Counter's Five)
    The least useful card: the weakest when it wants tricks, the strongest when
    it wants none.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs

from counter_rules.argument_checks import check_int
from counter_rules.bots._estimate import card_chances, move_chances
from counter_rules.bots.base import DecidingBot
from counter_rules.bots.policy import pass_choice, play_preference, static_power, wants_trick
from counter_rules.moves import Bid, Move, Pass, Play
from counter_rules.sampling import sample_world
from counter_rules.trick import PlayedCard
from counter_rules.views import PlayerView

__all__ = ["HeuristicBot"]


def _nearest(bids: Sequence[Bid], target: float) -> Bid:
    return min(bids, key=lambda b: (abs(b.tricks - target), b.tricks))


@attrs.frozen
class HeuristicBot(DecidingBot):
    """Bids its likely winners and plays to make the bid (see the module docs).

    Args:
        samples: Worlds sampled per decision; more is slower and steadier.
        max_counter_bid: The highest bid it makes in Counter.

    Raises:
        InvalidArgumentError: ``samples`` or ``max_counter_bid`` is out of range.

    Example:
        >>> import random
        >>> from counter_rules import Counter, new_game, view
        >>> from counter_rules.bots import HeuristicBot
        >>> seat_1 = view(new_game(Counter(), seed=3), 1)
        >>> print(HeuristicBot(samples=8).choose(seat_1, random.Random(0)))
        P1:bid 2
    """

    samples: int = 16
    """Worlds sampled per decision."""
    max_counter_bid: int = 5
    """The highest bid made in Counter."""

    def __attrs_post_init__(self) -> None:
        check_int("HeuristicBot", "samples", self.samples, 1, 10_000)
        check_int("HeuristicBot", "max_counter_bid", self.max_counter_bid, 0, 10)

    def decide(self, view: PlayerView, moves: tuple[Move, ...], rng: random.Random) -> Move:
        """Bid as the hand's likely winners say, pass or play to make the bid."""
        first = moves[0]
        if isinstance(first, Bid):
            return self._bid(view, [m for m in moves if isinstance(m, Bid)], rng)
        if isinstance(first, Pass):
            return pass_choice(view.rules, moves, view.trump, self._wants(view))
        return self._play(view, moves, rng)

    # -- bidding ----------------------------------------------------------------
    def expected_tricks(self, view: PlayerView, rng: random.Random) -> float:
        """How many tricks the hand is likely to take (the bid before rounding).

        Example:
            >>> import random
            >>> from counter_rules import OhHell, new_game, view
            >>> from counter_rules.bots import HeuristicBot
            >>> state = new_game(OhHell(players=4, schedule=(10,)), seed=5)
            >>> 0 <= HeuristicBot().expected_tricks(view(state, 1), random.Random(1)) <= 10
            True
        """
        if view.hand is None:
            return self._unseen_card_chance(view, rng)
        return sum(card_chances(view, rng, self.samples).values())

    def _unseen_card_chance(self, view: PlayerView, rng: random.Random) -> float:
        """Devil's bridge: how often the hidden single card would win."""
        rules = view.rules
        atkinson = rules.advice.jokers_called
        players = view.players
        wins = 0
        for _ in range(self.samples):
            world = sample_world(view, rng, recordable=False)
            plays = []
            for i in range(players):
                seat = (view.leader + i) % players
                for card in world.hands[seat][:1]:
                    call = ("high" if seat == view.seat else "low") if atkinson else None
                    plays.append(PlayedCard(seat, card, None, call if card.is_joker else None))
            result = rules.resolve(plays, view.trump, explain=False, trump_card=view.trump_card)
            wins += result.winner == view.seat
        return wins / self.samples

    def _blind_is_sensible(self, view: PlayerView) -> bool:
        # Decided from public facts only: the bot has not looked at its hand.
        behind = max(view.scores) - view.scores[view.seat]
        return view.cards_dealt <= 2 or behind >= 40

    def _bid(self, view: PlayerView, bids: list[Bid], rng: random.Random) -> Bid:
        blind = [b for b in bids if b.blind]
        if blind and self._blind_is_sensible(view):
            return _nearest(blind, view.cards_dealt // view.players)
        sighted = [b for b in bids if not b.blind] or bids
        expected = self.expected_tricks(view, rng)
        if view.rules.advice.cautious_bidding:
            expected = min(expected, self.max_counter_bid)
        return _nearest(sighted, expected)

    # -- play -------------------------------------------------------------------
    def _wants(self, view: PlayerView) -> bool:
        me = view.seat
        return wants_trick(
            view.rules, view.bids[me], view.tricks_won[me], len(view.hand or ()), view.players
        )

    def _play(self, view: PlayerView, moves: Sequence[Move], rng: random.Random) -> Move:
        want = self._wants(view)
        chances = move_chances(view, moves, rng, self.samples)
        best, best_score = moves[0], float("-inf")
        for move, chance in zip(moves, chances, strict=True):
            assert isinstance(move, Play)
            power = static_power(move.card, view.trump, view.rules)
            score = play_preference(chance, power, want)
            if score > best_score:
                best, best_score = move, score
        return best
