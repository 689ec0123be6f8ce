"""The blunder suite: positions from real play where one choice is right in
every world a seat can imagine, and the share of them each bot gets right.

A position of the suite is a play decision, drawn from games that heuristic
bots play at every seat, late in a hand (at most ``--cards`` cards in the
seat's hand), where the seat can be sure what to do without knowing where
the unseen cards lie: ``--worlds`` worlds are drawn uniformly from those
consistent with the seat's view (:func:`counter_rules.sample_world`), and in
each the seat's points for the hand after each of its legal plays are found
with every seat for its own points
(:func:`counter_rules.analysis.outcome_values`, the seat asking). The right
plays are those with the most points in *every* world drawn; the position
joins the suite when there are some, and each other play falls short of the
most in at least a tenth of the worlds (a blunder, not a near miss). A
position found so is then confirmed in ``--confirm`` more worlds (1,024 by
default): it stays only if the same plays are right there too, so that a
play right in nearly every world (one that falls short in, say, 3 % of
them, and so in none of 128 drawn about one time in fifty) does not join
the suite as right in every one. The classic case: a seat that needs every
trick left holds the boss trump.

``python benchmarks/blunders.py --make`` writes the suite to
``tests/data/blunders.jsonl`` (one JSON object a line: the ruleset's name,
the game as record JSON, the seat, the right plays); without ``--make`` the
script reads the suite and prints each bot's share of right plays, by game::

    python benchmarks/blunders.py --make --games 80 --per-game 40
    python benchmarks/blunders.py --bots best,ismcts:200,heuristic

The compiled build makes the suite in a few minutes on one core.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from counter_rules import (
    Blackout,
    Counter,
    GameState,
    OhHell,
    Phase,
    Play,
    UpAndDown,
    apply_move,
    legal_moves,
    new_game,
    sample_world,
    state_from_json,
    state_to_json,
    view,
)
from counter_rules.analysis import outcome_values
from counter_rules.bots import HeuristicBot, bot_from_name
from counter_rules.moves import Move
from counter_rules.notation import format_move, parse_move
from counter_rules.rulesets.base import Ruleset

SUITE = Path(__file__).resolve().parent.parent / "tests" / "data" / "blunders.jsonl"

GAMES: dict[str, Ruleset] = {
    "counter": Counter(players=4),
    "oh-hell": OhHell(players=4, schedule=(10,), hook=True),
    "up-and-down": UpAndDown(players=4),
    "blackout": Blackout(players=4),
    "office": OhHell.office(),
    "north-east": OhHell.north_east_blackout(),
}
"""The games the suite draws from, by the name the suite gives them."""

SHARE_WRONG = 0.1
"""The least share of the worlds in which each wrong play falls short."""


def decisions(rules: Ruleset, seed: int, cards: int) -> Iterator[GameState]:
    """The play decisions with more than one legal play and at most ``cards``
    cards in hand, in the first hands of a game heuristic bots play."""
    rng = random.Random(seed)
    bot = HeuristicBot()
    state = new_game(rules, seed=seed)
    while not state.is_over and state.hand_number <= 3:
        seat = min(state.to_act)
        if (
            state.phase is Phase.PLAYING
            and len(state.hands[seat]) <= cards
            and len(legal_moves(state, seat)) > 1
        ):
            yield state
        state = apply_move(state, bot.choose(view(state, seat), rng))


def right_plays(state: GameState, worlds: int, rng: random.Random) -> tuple[Move, ...]:
    """The plays of the seat to play that give it the most points in every
    world drawn, when each other play falls short in at least
    :data:`SHARE_WRONG` of them; else none."""
    seat = min(state.to_act)
    seen = view(state, seat)
    moves = legal_moves(state, seat)
    short = dict.fromkeys(moves, 0)
    for _ in range(worlds):
        values = outcome_values(sample_world(seen, rng), seat)
        most = max(end.points[seat] for end in values.values())
        for move in moves:
            if values[move].points[seat] < most:
                short[move] += 1
    right = tuple(m for m in moves if short[m] == 0)
    if not right or len(right) == len(moves):
        return ()
    if any(0 < n < SHARE_WRONG * worlds for n in short.values()):
        return ()
    return right


def make(games: int, per_game: int, cards: int, worlds: int, confirm: int) -> None:
    """Write the suite."""
    rng = random.Random(2026)
    lines: list[str] = []
    for name, rules in GAMES.items():
        found = 0
        start = time.perf_counter()
        for seed in range(games):
            for state in decisions(rules, seed, cards):
                if found >= per_game:
                    break
                right = right_plays(state, worlds, rng)
                if right and confirm and right_plays(state, confirm, rng) != right:
                    right = ()
                if right:
                    found += 1
                    lines.append(
                        json.dumps(
                            {
                                "game": name,
                                "record": json.loads(state_to_json(state)),
                                "seat": min(state.to_act),
                                "right": [format_move(m, ascii=True) for m in right],
                            },
                            ensure_ascii=True,
                        )
                    )
            if found >= per_game:
                break
        elapsed = time.perf_counter() - start
        print(f"{name}: {found} positions from {seed + 1} games, {elapsed:.0f} s", file=sys.stderr)
    SUITE.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {len(lines)} positions to {SUITE.name}", file=sys.stderr)


def load() -> list[tuple[str, GameState, int, tuple[Move, ...]]]:
    """The suite: (game, state, seat, right plays) a position."""
    out = []
    for line in SUITE.read_text(encoding="utf-8").splitlines():
        data = json.loads(line)
        state = state_from_json(json.dumps(data["record"]))
        seat = data["seat"]
        right = tuple(parse_move(text, state=state, seat=seat) for text in data["right"])
        out.append((data["game"], state, seat, right))
    return out


def shares(bot_name: str, seed: int = 1) -> dict[str, tuple[int, int, float]]:
    """For each game, the right plays of the bot, the positions and the CPU
    time per decision."""
    bot = bot_from_name(bot_name)
    out: dict[str, tuple[int, int, float]] = {}
    for index, (game, state, seat, right) in enumerate(load()):
        start = time.process_time()
        move = bot.choose(view(state, seat), random.Random(seed * 100_003 + index))
        spent = time.process_time() - start
        assert isinstance(move, Play)
        good, total, cpu = out.get(game, (0, 0, 0.0))
        out[game] = (good + (move in right), total + 1, cpu + spent)
    return out


def main() -> None:
    """Make the suite, or measure bots on it."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--make", action="store_true", help="write the suite")
    parser.add_argument("--games", type=int, default=40, help="games per ruleset to draw from")
    parser.add_argument("--per-game", type=int, default=40, help="positions per ruleset")
    parser.add_argument("--cards", type=int, default=3, help="most cards in the seat's hand")
    parser.add_argument("--worlds", type=int, default=128, help="worlds drawn per position")
    parser.add_argument(
        "--confirm", type=int, default=1024, help="more worlds that confirm a position (0: none)"
    )
    parser.add_argument("--bots", default="best,ismcts:200,heuristic", help="bots to measure")
    parser.add_argument("--json", help="also write the shares to this file")
    args = parser.parse_args()
    if args.make:
        make(args.games, args.per_game, args.cards, args.worlds, args.confirm)
        return
    results: dict[str, dict[str, list[float]]] = {}
    for name in args.bots.split(","):
        found = shares(name)
        results[name] = {g: [good, total, cpu / total] for g, (good, total, cpu) in found.items()}
        for game, (good, total, cpu) in found.items():
            print(
                f"{name:>14} {game:>12}: {good}/{total} right ({good / total:.1%}), "
                f"{1000 * cpu / total:.1f} ms a decision"
            )
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
