"""Inference: how well a sampled world explains what the other seats did.

The bids and plays already made say something about the hands behind them.
The model of a player is the heuristic bot's, made soft. A seat bids about
the sum of its cards' trick powers (the ruleset's
:meth:`~counter_rules.rulesets.advice.Advice.trick_power`), with a normal
error of one trick (:func:`bid_likelihood`). A seat plays each legal card
with a chance that grows with how much the heuristic bot likes it, given
whether the seat still wants tricks (:func:`play_likelihood`).
:class:`~counter_rules.bots.PIMCBot` with ``inference`` on keeps the worlds
it draws in proportion to :func:`likelihood`.
"""

from __future__ import annotations

import math

from counter_rules.bots.policy import play_preference, static_power, wants_trick
from counter_rules.cards import Card
from counter_rules.state import GameState
from counter_rules.trick import PlayedCard
from counter_rules.views import PlayerView

__all__ = ["bid_likelihood", "has_evidence", "likelihood", "play_likelihood"]

# The spread, in tricks, of a player's bid around its hand's trick powers.
_BID_SPREAD = 1.0
# The temperature of the soft play model: a card the heuristic bot likes one
# unit less (a trick's worth of chance) is e**-2 times as likely.
_PLAY_TEMPERATURE = 0.5


def has_evidence(view: PlayerView, *, plays: bool) -> bool:
    """Whether the other seats have bid (or, with ``plays``, played a card
    this hand) in ``view``: whether there is anything for a world to explain."""
    others_bid = any(b is not None for s, b in enumerate(view.bids) if s != view.seat)
    return others_bid or (plays and _others_played(view))


def likelihood(world: GameState, seat: int, *, plays: bool) -> float:
    """How well ``world`` explains the other seats' bids
    (:func:`bid_likelihood`) and, with ``plays``, their plays
    (:func:`play_likelihood`) too."""
    return bid_likelihood(world, seat) * (play_likelihood(world, seat) if plays else 1.0)


def _others_played(view: PlayerView) -> bool:
    return any(p.seat != view.seat for t in view.tricks for p in t.plays) or any(
        p.seat != view.seat for p in view.trick
    )


def _dealt_hand(world: GameState, seat: int) -> list[Card]:
    """The cards ``seat`` held when the hand was dealt, as far as the world
    shows: those it holds and those it played this hand."""
    played = [p.card for t in world.tricks for p in t.plays if p.seat == seat]
    played += [p.card for p in world.trick if p.seat == seat]
    return [*world.hands[seat], *played]


def bid_likelihood(world: GameState, seat: int) -> float:
    """How well ``world`` explains the bids of the seats other than ``seat``:
    the likelihood of each bid if a player bids the sum of its cards' trick
    powers (:meth:`~counter_rules.rulesets.advice.Advice.trick_power`) give or
    take a normal error of one trick.

    Example:
        >>> from counter_rules import OhHell, apply_move, legal_moves, new_game
        >>> from counter_rules.bots.inference import bid_likelihood
        >>> state = new_game(OhHell(players=3, schedule=(3,)), seed=2)
        >>> state = apply_move(state, legal_moves(state)[-1])  # seat 1 bids 3
        >>> 0 < bid_likelihood(state, 2) <= 1
        True
    """
    advice = world.rules.advice
    trump = world.tricks[0].trump if world.tricks else world.trump
    log = 0.0
    for other, bid in enumerate(world.bids):
        if other == seat or bid is None:
            continue
        expected = sum(advice.trick_power(c, trump) for c in _dealt_hand(world, other))
        log -= (bid - expected) ** 2 / (2 * _BID_SPREAD**2)
    return math.exp(log)


def play_likelihood(world: GameState, seat: int) -> float:
    """How well ``world`` explains the cards the seats other than ``seat``
    played this hand (since the last pass: a world does not know the hands
    before another seat's pass).

    Each play counts with its chance under a soft copy of the heuristic bot:
    the seat, wanting the trick or not as its bid and tricks say (as the
    heuristic bot decides it), plays each of its
    legal cards (the ruleset's
    :meth:`~counter_rules.rulesets.advice.Advice.plays_from`, from the hand it
    held in the world) with a chance in proportion to ``exp(preference / 0.5)``,
    where the preference is the heuristic bot's (the chance of winning the
    trick, strong cards kept when winning and shed when ducking), the chance of
    winning being whether the card beats the trick so far by the ruleset's own
    resolution (a lead's chance is its trick power). Plays whose legal cards
    the ruleset cannot list from the hand and trick alone count 1.

    Example:
        >>> from counter_rules import OhHell, Phase, apply_move, legal_moves, new_game
        >>> from counter_rules.bots.inference import play_likelihood
        >>> state = new_game(OhHell(players=3, schedule=(4,)), seed=2)
        >>> while state.phase is Phase.BIDDING or len(state.trick) < 2:
        ...     state = apply_move(state, legal_moves(state)[0])
        >>> 0 < play_likelihood(state, min(state.to_act)) <= 1
        True
    """
    rules = world.rules
    advice = rules.advice
    players = world.players
    start = 0
    for i, trick in enumerate(world.tricks):
        if trick.pass_cards and not trick.last_trick:
            start = i + 1
    finished = world.tricks[start:]
    tricks = [(t.plays, t.trump) for t in finished]
    tricks.append((world.trick, world.trump))
    held = [list(hand) for hand in world.hands]
    for plays, _ in tricks:
        for played in plays:
            held[played.seat].append(played.card)
    won = [0] * players
    for trick in world.tricks[:start]:
        if trick.winner is not None:
            won[trick.winner] += 1
    log = 0.0
    for number, (plays, trump) in enumerate(tricks):
        for i, played in enumerate(plays):
            other = played.seat
            hand = tuple(held[other])
            held[other].remove(played.card)
            if other == seat:
                continue
            legal = advice.plays_from(hand, plays[:i], trump, other)
            if legal is None or len(legal) < 2:
                continue
            want = wants_trick(rules, world.bids[other], won[other], len(hand), players)
            scores: list[float] = []
            chosen = -1
            for play in legal:
                candidate = PlayedCard(other, play.card, play.reveal, play.call)
                if candidate == played:
                    chosen = len(scores)
                power = static_power(play.card, trump, rules)
                if i:
                    result = rules.resolve(
                        (*plays[:i], candidate), trump, explain=False, trump_card=world.trump_card
                    )
                    chance = 1.0 if result.winner == other else 0.0
                else:
                    chance = power
                scores.append(play_preference(chance, power, want) / _PLAY_TEMPERATURE)
            if chosen < 0:
                continue
            top = max(scores)
            log += scores[chosen] - top - math.log(sum(math.exp(x - top) for x in scores))
        if number < len(finished):
            winner = finished[number].winner
            if winner is not None:
                won[winner] += 1
    return math.exp(log)
