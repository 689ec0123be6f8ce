"""The soak run: many random games of every registered ruleset, checking the
engine's invariants at every move and that memory stays flat.

Plays ``--games`` games (100,000 by default), taking the registered rulesets
in turn, each at every player count it allows with its default options, and
choosing every move at random among the legal ones. At every state it checks
that

- the cards are conserved: hands, the trick, the cards taken in tricks and the
  stock hold exactly the ruleset's deck (Counter's Jacks laid on the stock are
  counted there);
- the legal moves are distinct, there is one at least while the game goes on
  and none once it is over, they belong exactly to the seats to act, and a
  phase played in turn has one seat to act;
- the move chosen applies, and the game ends: after the last move the winners
  are seats of the table;

and every ``--record-every``-th game is saved and reloaded
(:func:`~counter_rules.state_to_json`, :func:`~counter_rules.state_from_json`)
to an equal state. The resident memory of the process is read every
``--sample`` games; after the first tenth of the run (the caches warm) it
must not grow by more than ``--max-growth`` MiB. Any broken invariant or
growth past the bound ends the run with status 1.

This is a benchmark, not a test: it takes half an hour or more. Run it with a
low priority on a shared machine:
``nice python benchmarks/soak.py [--games 100000] [--seed 1] [--json]``.
The figures of the documentation's reliability page come from it.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import resource
import sys
import time
from collections.abc import Iterator

from counter_rules import (
    COMPILED,
    Card,
    GameState,
    Phase,
    Ruleset,
    __version__,
    apply_move,
    legal_moves,
    new_game,
    ruleset_entries,
    state_from_json,
    state_to_json,
)


class SoakFailure(Exception):
    """An invariant that did not hold, with what it takes to rebuild the state."""


def _rss_mib() -> float:
    """The resident memory of this process now, in MiB (the peak where the
    current figure cannot be read)."""
    try:
        with open("/proc/self/statm") as statm:
            pages = int(statm.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError):
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak / (2**20 if sys.platform == "darwin" else 2**10)


def _peak_mib() -> float:
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (2**20 if sys.platform == "darwin" else 2**10)


def _cards_in_play(state: GameState) -> list[Card]:
    found = [card for hand in state.hands for card in hand]
    found += [p.card for p in state.trick]
    for trick in state.tricks:
        found += [p.card for p in trick.plays if p.card not in trick.jacks]
    found += state.stock
    return found


def _check(state: GameState, deck: frozenset[Card], where: str) -> None:
    # Every card of a deck is distinct (a second deck's cards are copy 1), so
    # the cards are conserved when there are as many and they are the deck's.
    cards = _cards_in_play(state)
    if len(cards) != len(deck) or set(cards) != deck:
        raise SoakFailure(f"{where}: the cards are not conserved")
    legal = legal_moves(state)
    if len(set(legal)) != len(legal):
        raise SoakFailure(f"{where}: a legal move is listed twice")
    if state.is_over:
        if legal or state.to_act:
            raise SoakFailure(f"{where}: a finished game has moves or seats to act")
        return
    if not legal:
        raise SoakFailure(f"{where}: a game that goes on has no legal move")
    if {m.seat for m in legal} != set(state.to_act):
        raise SoakFailure(f"{where}: the legal moves are not those of the seats to act")
    in_turn = state.phase is Phase.PLAYING or (
        state.phase is Phase.BIDDING and not state.rules.simultaneous_bidding
    )
    if in_turn and len(state.to_act) != 1:
        raise SoakFailure(f"{where}: a phase played in turn has {len(state.to_act)} seats to act")


def _tables() -> list[tuple[str, Ruleset]]:
    """Every registered ruleset at every player count it allows."""
    tables = []
    for entry in ruleset_entries():
        for players in entry.players:
            tables.append((f"{entry.name}/{players}", entry.build(players=players)))
    return tables


def _games(count: int, seed: int) -> Iterator[tuple[int, str, Ruleset, int]]:
    tables = _tables()
    seeds = random.Random(seed)
    for game in range(count):
        name, rules = tables[game % len(tables)]
        yield game, name, rules, seeds.getrandbits(63)


def play(rules: Ruleset, seed: int, name: str, record: bool) -> tuple[int, GameState]:
    """One random game with every invariant checked; its number of moves and
    its final state."""
    deck = frozenset(rules.deck())
    if len(deck) != len(rules.deck()):
        raise SoakFailure(f"{name}: the deck holds a card twice")
    rng = random.Random(seed)
    state = new_game(rules, seed)
    moves = 0
    while True:
        where = f"{name} seed {seed} after {moves} moves"
        _check(state, deck, where)
        if state.is_over:
            break
        state = apply_move(state, rng.choice(legal_moves(state)))
        moves += 1
    if not state.winners or not set(state.winners) <= set(range(rules.players)):
        raise SoakFailure(f"{name} seed {seed}: the winners {state.winners} are not seats")
    if record and state_from_json(state_to_json(state)) != state:
        raise SoakFailure(f"{name} seed {seed}: the record does not reload to the game")
    return moves, state


def main(argv: list[str] | None = None) -> int:
    """Run the soak and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sample", type=int, default=1000, help="games between memory readings")
    parser.add_argument("--record-every", type=int, default=50)
    parser.add_argument("--max-growth", type=float, default=16.0, help="MiB")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)

    tables = _tables()
    print(
        f"soak: {args.games:,} games over {len(tables)} tables "
        f"({', '.join(name for name, _ in tables)}); counter_rules {__version__}, "
        f"{'compiled' if COMPILED else 'pure Python'}, Python {platform.python_version()}",
        file=sys.stderr,
    )
    start = time.perf_counter()
    moves = 0
    readings: list[tuple[int, float]] = [(0, _rss_mib())]
    warm_after = max(args.sample, args.games // 10)
    status = 0
    failure = None
    try:
        for game, name, rules, seed in _games(args.games, args.seed):
            played, _ = play(rules, seed, name, game % args.record_every == 0)
            moves += played
            done = game + 1
            if done % args.sample == 0 or done == args.games:
                readings.append((done, _rss_mib()))
                rate = done / (time.perf_counter() - start)
                print(
                    f"  {done:>9,} games  {moves:>12,} moves  {readings[-1][1]:8.1f} MiB  "
                    f"{rate:7.1f} games/s",
                    file=sys.stderr,
                )
    except SoakFailure as exc:
        failure = str(exc)
        status = 1
    elapsed = time.perf_counter() - start
    warm = [mib for done, mib in readings if done >= warm_after] or [readings[-1][1]]
    growth = warm[-1] - warm[0]
    if failure is None and growth > args.max_growth:
        failure = f"memory grew by {growth:.1f} MiB after warming up (bound {args.max_growth})"
        status = 1
    figures = {
        "games": readings[-1][0],
        "moves": moves,
        "tables": [name for name, _ in tables],
        "seconds": round(elapsed, 1),
        "rss_mib_start": round(readings[0][1], 1),
        "rss_mib_warm": round(warm[0], 1),
        "rss_mib_end": round(readings[-1][1], 1),
        "rss_mib_peak": round(_peak_mib(), 1),
        "growth_mib_after_warm_up": round(growth, 1),
        "compiled": COMPILED,
        "python": platform.python_version(),
        "machine": platform.machine(),
        "failure": failure,
    }
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        print(
            f"{figures['games']:,} games, {moves:,} moves in {elapsed / 60:.1f} min; "
            f"resident memory {figures['rss_mib_start']} MiB at the start, "
            f"{figures['rss_mib_warm']} MiB once warm, {figures['rss_mib_end']} MiB at the end "
            f"(peak {figures['rss_mib_peak']} MiB); "
            + (f"FAILED: {failure}" if failure else "every invariant held")
        )
    return status


if __name__ == "__main__":
    sys.exit(main())
