"""Estimates the bots share (internal): card powers, trick completions, goals.

Two tools that sample worlds (the cheap fixed guess of a card's strength is
:func:`counter_rules.bots.policy.static_power`):

- :func:`card_chances`: before the play (for bidding), how often each card of
  the hand wins a random trick against sampled hands of the others, asking the
  ruleset's own trick resolution (:func:`counter_rules.resolve_trick` without
  the explanation) who wins.
- :func:`move_chances`: during the play, how often each legal move wins the
  current trick, completing it in worlds drawn by
  :func:`counter_rules.sample_world` with the others playing random legal
  cards, through :func:`counter_rules.apply_move` (so every rule applies).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from counter_rules.cards import Card, Rank, Suit
from counter_rules.engine import apply_move, legal_moves
from counter_rules.moves import Move
from counter_rules.rulesets.base import Ruleset
from counter_rules.sampling import sample_world
from counter_rules.state import GameState
from counter_rules.trick import PlayedCard, TrickResult
from counter_rules.views import PlayerView

__all__ = ["card_chances", "hand_over", "move_chances"]


def hand_over(state: GameState, hand_number: int) -> bool:
    """Whether the hand ``hand_number`` has ended in ``state``."""
    return state.hand_number != hand_number or state.is_over


def _random_play(
    rules: Ruleset,
    hand: tuple[Card, ...],
    plays: Sequence[PlayedCard],
    rng: random.Random,
    trump: Suit | None,
    seat: int,
) -> PlayedCard:
    """A random legal play of ``hand`` to the trick so far, as the ruleset's
    own :meth:`~counter_rules.rulesets.advice.Advice.plays_from` lists them; a random card
    of the hand where the rules need more of the state than the trick."""
    legal = rules.advice.plays_from(hand, tuple(plays), trump, seat)
    if legal:
        play = legal[rng.randrange(len(legal))]
        return PlayedCard(seat, play.card, play.reveal, play.call)
    card = hand[rng.randrange(len(hand))]
    return _played(seat, card, rng.choice(("high", "low")))


def _played(seat: int, card: Card, call: str | None) -> PlayedCard:
    return PlayedCard(seat, card, None, call if card.rank is Rank.JOKER else None)


def card_chances(player_view: PlayerView, rng: random.Random, samples: int) -> dict[Card, float]:
    """For each card of the hand, how often it wins a random trick.

    Each sample draws the others' hands with :func:`counter_rules.sample_world`,
    puts the card at a random place in a trick whose other cards are random
    legal plays from those hands (the ruleset's
    :meth:`~counter_rules.rulesets.advice.Advice.plays_from`), and asks the ruleset who wins.
    """
    rules = player_view.rules
    hand = player_view.hand or ()
    me = player_view.seat
    players = player_view.players
    trump, trump_card = player_view.trump, player_view.trump_card
    atkinson = rules.advice.jokers_called
    wins = dict.fromkeys(hand, 0)
    for _ in range(samples):
        world = sample_world(player_view, rng, recordable=False)
        for card in hand:
            leader = (me - rng.randrange(players)) % players
            plays: list[PlayedCard] = []
            for i in range(players):
                seat = (leader + i) % players
                if seat == me:
                    plays.append(_played(me, card, "high" if atkinson else None))
                    continue
                held = world.hands[seat]
                if not held:
                    continue
                plays.append(_random_play(rules, held, plays, rng, trump, seat))
            result = rules.resolve(plays, trump, explain=False, trump_card=trump_card)
            if result.winner == me:
                wins[card] += 1
    return {card: won / samples for card, won in wins.items()}


def _trick_result(state: GameState, hand_number: int, done: int) -> TrickResult | None:
    """The trick completed after ``done`` tricks of hand ``hand_number``, if it is."""
    if state.hand_number != hand_number or state.is_over:
        return state.history[hand_number - 1].tricks[-1]
    if len(state.tricks) > done:
        return state.tricks[done]
    return None


def move_chances(
    player_view: PlayerView, moves: Sequence[Move], rng: random.Random, samples: int
) -> list[float]:
    """For each move (a play), how often it wins the current trick.

    Each sample draws a world consistent with the view and completes the trick
    once per move, the others playing random legal moves; the same random
    choices are used for every move of a sample, so the moves are compared on
    equal terms.
    """
    me = player_view.seat
    hand_number = player_view.hand_number
    done = len(player_view.tricks)
    wins = [0] * len(moves)
    for _ in range(samples):
        world = sample_world(player_view, rng, recordable=False)
        seed = rng.getrandbits(32)
        for i, move in enumerate(moves):
            follow = random.Random(seed)
            state = apply_move(world, move)
            result = _trick_result(state, hand_number, done)
            while result is None:
                options = legal_moves(state)
                state = apply_move(state, options[follow.randrange(len(options))])
                result = _trick_result(state, hand_number, done)
            if result.winner == me:
                wins[i] += 1
    return [won / samples for won in wins]
