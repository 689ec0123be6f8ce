"""Helpers of the solver's tests: small endings of every ruleset, and a plain
minimax over the public engine to hold the solver to."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

import attrs
import pytest

import counter_rules
from counter_rules import (
    Blackout,
    Counter,
    GameState,
    Move,
    OhHell,
    Phase,
    Play,
    PlayedCard,
    Suit,
    TrickResult,
    UpAndDown,
    apply_move,
    legal_moves,
    new_game,
)
from counter_rules.rulesets.base import Ruleset

# Compiled modules call each other directly, so replacing a module's function
# cannot reach the compiled engine or solver; the pure-Python build runs the
# same source.
pure_only = pytest.mark.skipif(
    counter_rules.COMPILED, reason="compiled code calls the rules' functions directly"
)


@attrs.frozen(repr=False)
class LowestWins(OhHell):
    """A user's ruleset: Oh Hell whose lowest card of the led suit wins, and
    whose leader may not lead a card higher than every other card held."""

    def legal_plays(self, state: GameState, seat: int) -> tuple[Play, ...]:
        """Oh Hell's plays, less the highest card when leading with others held."""
        plays = super().legal_plays(state, seat)
        if state.trick or len(plays) < 2:
            return plays
        top = max(plays, key=lambda p: p.card)
        return tuple(p for p in plays if p is not top)

    def resolve(
        self,
        plays: Sequence[PlayedCard],
        trump: Suit | None,
        *,
        doubled_lead: bool = False,
        last_trick: bool = False,
        explain: bool = True,
        trump_card: Any = None,
    ) -> TrickResult:
        """The lowest card of the led suit wins (trumps are ignored)."""
        result = super().resolve(plays, trump, last_trick=last_trick, explain=False)
        return lowest_of_led_wins(result, plays)


def lowest_of_led_wins(result: TrickResult, plays: Sequence[PlayedCard]) -> TrickResult:
    """``result`` with the trick won by the lowest card of the led suit."""
    led = plays[0].card.suit
    best = min((i for i, p in enumerate(plays) if p.card.suit is led), key=lambda i: plays[i].card)
    return attrs.evolve(
        result, winner=plays[best].seat, winning_index=best, next_leader=plays[best].seat
    )


def ending_size(rules: Ruleset) -> int:
    """The cards a hand holds at most in the endings of ``rules`` the naive
    search can afford: up to 4, fewer for more players (and for Counter's
    passes)."""
    players = rules.players
    size = 4 if players <= 3 else 3 if players == 4 else 2 if players <= 6 else 1
    return size - 1 if isinstance(rules, Counter) and players >= 3 else size


RULESETS: tuple[Ruleset, ...] = (
    Counter(players=3),
    Counter(players=4),
    Counter(players=5),
    OhHell(players=2, schedule=(6,)),
    OhHell(players=3, schedule=(5,), trump="none"),
    OhHell(players=4, schedule=(5,)),
    OhHell(players=5, schedule=(4,), trump="rotation", rotation=(Suit.CLUBS,)),
    OhHell(players=6, schedule=(4,)),
    OhHell(players=7, schedule=(3,)),
    OhHell(players=10, schedule=(3,)),
    OhHell(players=4, schedule=(5,), jokers="loser"),
    OhHell(players=4, schedule=(5,), jokers="high"),
    OhHell(players=4, schedule=(5,), jokers="brader"),
    OhHell(players=4, schedule=(5,), jokers="atkinson"),
    OhHell(players=3, schedule=(5,), jokers="brader", trump="none"),
    OhHell(players=4, schedule=(5,), bowers=True),
    OhHell(players=4, schedule=(5,), follow="must_trump"),
    OhHell(players=4, schedule=(5,), trumps_broken=True),
    OhHell(players=4, schedule=(5,), decks=2),
    OhHell(players=3, schedule=(8,), decks=2, trump="rotation", rotation=(Suit.DIAMONDS,)),
    OhHell(players=5, schedule=(4,), remove_twos=True, trump="second_deck"),
    OhHell(players=4, schedule=(5,), no_trump_max=True),
    OhHell.office(),
    OhHell.north_east_blackout(players=5),
    OhHell.seven_truf(),
    UpAndDown(players=4, devils_bridge=True),
    UpAndDown(players=5, up_to_ten=True, random_trump=True),
    Blackout(players=4),
    Blackout(players=3, cooperative=True, schedule="reverse"),
    LowestWins(players=4, schedule=(5,)),
)
"""Every built-in ruleset and preset, options of every kind, and a user's ruleset."""


def ending(rules: Ruleset, seed: int, cards: int) -> GameState | None:
    """A position of the play (or a pass) reached by random legal moves once
    every hand holds at most ``cards`` cards, possibly in the middle of a
    trick, in the first hand of more than ``cards`` cards (or the first hand);
    ``None`` when the game ends first."""
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    while state.cards_dealt <= cards and state.hand_number < 12:
        hand = state.hand_number
        while state.hand_number == hand and not state.is_over:
            state = apply_move(state, rng.choice(legal_moves(state)))
        if state.is_over:
            state = new_game(rules, seed=seed)
            break
    while state.phase is Phase.BIDDING:
        state = apply_move(state, rng.choice(legal_moves(state)))
    hand = state.hand_number
    while not (state.phase is not Phase.BIDDING and max(map(len, state.hands)) <= cards):
        state = apply_move(state, rng.choice(legal_moves(state)))
        if state.hand_number != hand or state.is_over:
            return None
    for _ in range(rng.randrange(state.players)):
        after = apply_move(state, rng.choice(legal_moves(state)))
        if after.hand_number != hand or after.is_over:
            break
        state = after
    return state


def played(rules: Ruleset, seed: int, stop: int | None = None) -> GameState:
    """A game of random legal moves, to its end or for ``stop`` moves."""
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    moves = 0
    while not state.is_over and moves != stop:
        state = apply_move(state, rng.choice(legal_moves(state)))
        moves += 1
    return state


def trick_start(rules: Ruleset, seed: int, cards: int) -> GameState:
    """A position of random play (random bids) of ``rules`` at the start of a
    trick of the first hand, every hand holding ``cards`` cards or fewer."""
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    while state.phase is not Phase.PLAYING or len(state.hands[min(state.to_act)]) > cards:
        state = apply_move(state, rng.choice(legal_moves(state)))
    return state


def counted_calls(
    monkeypatch: pytest.MonkeyPatch, owner: object, name: str
) -> list[tuple[object, ...]]:
    """The arguments of every call of ``owner.name`` from now on (the test's
    monkeypatch wraps it), in order."""
    calls: list[tuple[object, ...]] = []
    original = getattr(owner, name)

    def counted(*args: object) -> object:
        calls.append(args)
        return original(*args)

    monkeypatch.setattr(owner, name, counted)
    return calls


def pass_order(side: int, players: int) -> list[int]:
    """The order the solver searches simultaneous passes in: the side first."""
    return [s for s in range(players) if side >> s & 1] + [
        s for s in range(players) if not side >> s & 1
    ]


def mover(state: GameState, side: int, side_first: bool = True) -> int:
    """The seat that moves next (in a pass, the first of the side still to
    choose; with ``side_first`` false, the first seat still to choose)."""
    order = pass_order(side, state.players) if side_first else range(state.players)
    return next(s for s in order if s in state.to_act)


def step(state: GameState, move: Move) -> tuple[GameState | None, int | None, bool]:
    """The state after ``move`` (``None`` after the hand's last card), and the
    winner of the trick it completes with whether it completed one."""
    after = apply_move(state, move)
    if isinstance(move, Play) and len(state.trick) == state.players - 1:
        if len(state.hands[move.seat]) == 1:
            return None, after.history[-1].tricks[-1].winner, True
        return after, after.tricks[-1].winner, True
    return after, None, False


def naive_value(state: GameState, side: int, side_first: bool = True) -> int:
    """The most tricks not yet finished the seats of the bit set ``side`` can be
    sure of: a plain minimax over legal_moves and apply_move (passes chosen
    the side first, or with ``side_first`` false in seat order)."""
    seat = mover(state, side, side_first)
    values = []
    for move in legal_moves(state, seat):
        after, winner, done = step(state, move)
        won = 1 if done and winner is not None and side >> winner & 1 else 0
        values.append(won + (0 if after is None else naive_value(after, side, side_first)))
    return max(values) if side >> seat & 1 else min(values)


def naive_exact(state: GameState, seat: int) -> frozenset[int]:
    """The numbers of tricks not yet finished that ``seat`` can be sure of
    winning exactly, whatever the others do: a plain minimax."""
    side = 1 << seat
    mover_seat = mover(state, side)
    options = []
    for move in legal_moves(state, mover_seat):
        after, winner, done = step(state, move)
        won = 1 if done and winner == seat else 0
        later = frozenset({0}) if after is None else naive_exact(after, seat)
        options.append(frozenset(n + won for n in later))
    if mover_seat == seat:
        return frozenset().union(*options)
    return frozenset.intersection(*options)


def random_endings(rules: Ruleset, count: int) -> Iterator[tuple[int, GameState, random.Random]]:
    """Up to ``count`` small endings of ``rules`` (:func:`ending`, of a random
    size up to :func:`ending_size`), each with its seed and the generator
    that chose its size, for the test to draw more from."""
    largest = ending_size(rules)
    for seed in range(count):
        rng = random.Random(seed)
        state = ending(rules, seed, rng.randint(1, largest))
        if state is not None:
            yield seed, state, rng


Ending = tuple[tuple[int, ...], tuple[int, ...]]
"""Each seat's tricks and points at the end of a hand."""


def naive_outcome_after(state: GameState, move: Move, asker: int) -> Ending:
    """:func:`naive_outcome` once ``move`` is made (the end of the hand, as
    the engine scores it, when the move finishes it)."""
    after = apply_move(state, move)
    if after.hand_number != state.hand_number or after.is_over:
        finished = after.history[-1]
        return finished.tricks_won, finished.points
    return naive_outcome(after, asker)


def naive_outcome(state: GameState, asker: int) -> Ending:
    """Each seat's tricks and points at the end of the hand when every seat
    plays for its own points (the most for itself, then the fewest for
    ``asker``, then the first legal move; a pass chosen from the lowest seat
    up): a plain search over legal_moves and apply_move, scored by the engine."""
    seat = min(state.to_act)
    best: Ending | None = None
    for move in legal_moves(state, seat):
        end = naive_outcome_after(state, move, asker)
        if best is None or (end[1][seat], -end[1][asker]) > (best[1][seat], -best[1][asker]):
            best = end
    assert best is not None
    return best
