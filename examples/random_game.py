"""Play one seeded game of Counter between random players and print the result.

Run: ``python examples/random_game.py``.
"""

from __future__ import annotations

import random

from counter_rules import Counter, GameState, apply_move, legal_moves, new_game


def play(seed: int, players: int = 4) -> GameState:
    """Play a whole game with uniformly random legal moves."""
    rng = random.Random(seed)
    state = new_game(Counter(players=players), seed=seed)
    while not state.is_over:
        state = apply_move(state, rng.choice(legal_moves(state)))
    return state


def main() -> None:
    """Print every hand's points and the winners."""
    final = play(seed=2024)
    for hand in final.history:
        print(f"hand {hand.hand_number}: bids {hand.bids} won {hand.tricks_won} -> {hand.points}")
    print("final scores", final.scores, "winners", final.winners)


if __name__ == "__main__":
    main()
