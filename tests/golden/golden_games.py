"""The games behind the golden vectors: every built-in ruleset and preset, fixed seeds.

Each game is played from ``new_game(rules, seed)`` by choosing, at every step,
``legal_moves(state)[rng.randrange(n)]`` with ``rng = random.Random(seed)``, so
the path depends on the number *and the order* of the legal moves. The vectors
store the number of legal moves at every step, a digest of the moves played and
the final scores: any change to a rule, to the move order or to the deal shows.

Regenerate (only when a rule change is intended, and say so in the changelog)::

    python tests/golden/golden_games.py > tests/golden/vectors.json
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable

from counter_rules import (
    Blackout,
    Counter,
    OhHell,
    Suit,
    UpAndDown,
    apply_move,
    format_move,
    legal_moves,
    new_game,
)
from counter_rules.rulesets.base import Ruleset

#: Name -> a function building the ruleset. Names are stable keys of the data.
RULESETS: dict[str, Callable[[], Ruleset]] = {
    "counter-3": lambda: Counter(players=3),
    "counter-4": lambda: Counter(players=4),
    "counter-5": lambda: Counter(players=5),
    "counter-4-hook-target-12": lambda: Counter(players=4, hook=True, target=12),
    "oh-hell-default": lambda: OhHell(),
    "oh-hell-openspiel": lambda: OhHell(players=4, schedule=(10,), hook=True),
    "oh-hell-2p": lambda: OhHell(players=2, schedule=(5, 3)),
    "oh-hell-jokers-loser": lambda: OhHell(players=4, schedule=(6, 3), jokers="loser"),
    "oh-hell-jokers-brader": lambda: OhHell(players=5, schedule=(5, 4), jokers="brader"),
    "oh-hell-jokers-atkinson": lambda: OhHell(players=4, schedule=(7, 2), jokers="atkinson"),
    "oh-hell-two-decks": lambda: OhHell(players=8, schedule=(9, 4), decks=2),
    "oh-hell-must-trump": lambda: OhHell(players=4, schedule=(8,), follow="must_trump"),
    "oh-hell-trumps-broken": lambda: OhHell(players=4, schedule=(9, 5), trumps_broken=True),
    "oh-hell-rotation": lambda: OhHell(
        players=3, schedule=(4, 4, 4), trump="rotation", rotation=(Suit.HEARTS, None, Suit.CLUBS)
    ),
    "oh-hell-no-trump": lambda: OhHell(players=4, schedule=(5,), trump="none"),
    "oh-hell-second-deck": lambda: OhHell(players=4, schedule=(6, 6), trump="second_deck"),
    "oh-hell-must-total": lambda: OhHell(players=4, schedule=(3, 5), bids_must_total=True),
    "oh-hell-simultaneous-blind": lambda: OhHell(
        players=4, schedule=(4, 6, 2), simultaneous_bidding=True, blind_bidding=True
    ),
    "oh-hell-playoff-last": lambda: OhHell(
        players=3, schedule=(2,), playoff=True, playoff_sizes="last"
    ),
    "oh-hell-remove-twos": lambda: OhHell(players=5, schedule=(9,), remove_twos=True),
    "oh-hell-ten-times-bid": lambda: OhHell(players=4, schedule=(5, 5), scoring="ten_times_bid"),
    "up-and-down-4": lambda: UpAndDown(4),
    "up-and-down-10": lambda: UpAndDown(10),
    "up-and-down-variants": lambda: UpAndDown(
        5, up_to_ten=True, random_trump=True, screw_the_dealer=True, blind_bidding=True
    ),
    "up-and-down-devils-bridge": lambda: UpAndDown(3, devils_bridge=True),
    "blackout-4": lambda: Blackout(4),
    "blackout-variants": lambda: Blackout(
        5, scoring="ten_plus_bid", schedule="full", simultaneous_bidding=True
    ),
    "blackout-hook-reverse": lambda: Blackout(3, schedule="reverse", hook=True),
    "blackout-cooperative": lambda: Blackout(2, cooperative=True),
    "office": lambda: OhHell.office(players=5),
    "office-consolation": lambda: OhHell.office(players=4, english=True),
    "north-east": lambda: OhHell.north_east_blackout(),
}

SEEDS = (1, 2, 3, 4)


def play(rules: Ruleset, seed: int) -> dict[str, object]:
    """Play one game as the module docs say; return its vector."""
    rng = random.Random(seed)
    state = new_game(rules, seed)
    counts: list[int] = []
    digest = hashlib.sha256()
    while not state.is_over:
        moves = legal_moves(state)
        counts.append(len(moves))
        move = moves[rng.randrange(len(moves))]
        digest.update(format_move(move).encode() + b";")
        state = apply_move(state, move)
    return {
        "counts": " ".join(map(str, counts)),
        "moves_sha256": digest.hexdigest(),
        "scores": list(state.scores),
        "winners": list(state.winners),
    }


def vectors() -> dict[str, dict[str, object]]:
    """Every game's vector, keyed ``"<ruleset name>/<seed>"``."""
    return {
        f"{name}/{seed}": play(build(), seed) for name, build in RULESETS.items() for seed in SEEDS
    }


if __name__ == "__main__":
    print(json.dumps(vectors(), indent=1, sort_keys=True))
