"""Speed (and agreement with DDS) of the double-dummy solver, counter_rules.analysis.

Measures, in one run and on the same positions for both programs:

1. bridge deals from the opening lead (plain Oh Hell, 4 players, 13 cards, a
   fixed trump or none, the declarer dealing): ``solve(state, (declarer,
   partner))`` against DDS's ``solve_board`` in ``OptimalOne`` mode through
   endplay (the ``dds`` extra), on the same deal, strain and declarer, one
   after the other; the values must agree. Beside the times it prints the
   positions the solver searched per deal and the tricks it played (DDS
   reports the latter as its "trick nodes", printed beside);
2. DDS agreement on many more (deal, strain, declarer) cases, at random
   points of the play;
3. a 10-card, 4-player plain Oh Hell hand from the first lead (the leader
   alone against the others): median and worst;
4. a 10-card, 4-player Counter hand from the first lead, each position
   capped at ``--counter-seconds`` (positions not solved in time are
   counted), and the same hands from later tricks;
5. ``analyse`` of a whole game record of each (each Counter decision capped
   at ``--analyse-seconds``; ``--analyse-jobs`` worker processes).

It prints which build of counter_rules it measured: the compiled one (what a
wheel install gives, with the plain search's native kernel) or the
pure-Python package. See the docs' performance page.

``--start`` picks the first deal of the list (deals are numbered), so that a
run can measure deals the solver was never tuned on; ``--counter-start`` does
the same for the Counter hands (numbered too: the issue's measure is hands 0
to 9, and hands 10 to 19 are harder); ``--tables`` times ``dd_table`` against
DDS's ``calc_dd_table`` on that many deals.

Run: ``python benchmarks/bench_solver.py [--deals 40] [--start 1000] [--cases 1000]
[--counter-start 10] [--json]``.
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

import counter_rules
from counter_rules import (
    Card,
    Counter,
    Deal,
    GameState,
    OhHell,
    Phase,
    Suit,
    apply_move,
    legal_moves,
    new_game,
    record_of,
    standard_deck,
)
from counter_rules.analysis import SearchLimitReached, Solver, analyse, dd_table, solve
from counter_rules.analysis._plain import native_kernel
from counter_rules.analysis._solving import Searches
from counter_rules.analysis.bridge import bridge_play
from counter_rules.analysis.pbn import pbn_card, to_pbn


def _bridge(seed: int) -> tuple[list[list[Card]], Suit | None, int]:
    rng = random.Random(f"bench-solver/{seed}")
    deck = list(standard_deck())
    rng.shuffle(deck)
    return (
        [sorted(deck[13 * k : 13 * k + 13]) for k in range(4)],
        rng.choice([None, *Suit]),
        (rng.randrange(4)),
    )


class _Dds:
    """DDS through endplay: the value of a position for a side, and its time."""

    def __init__(self) -> None:
        from endplay.dds import solve_board
        from endplay.dds.solve import SolveMode
        from endplay.types import Deal as BridgeDeal
        from endplay.types import Denom, Player

        self.solve_board = solve_board
        self.mode = SolveMode.OptimalOne
        self.deal = BridgeDeal
        self.player = Player
        self.denoms = {
            Suit.SPADES: Denom.spades,
            Suit.HEARTS: Denom.hearts,
            Suit.DIAMONDS: Denom.diamonds,
            Suit.CLUBS: Denom.clubs,
            None: Denom.nt,
        }
        # DDS's first call sets up its memory: not timed.
        hands, strain, declarer = _bridge(-1)
        self.value(bridge_play(hands, strain, declarer), (declarer, (declarer + 2) % 4))

    def value(self, state: GameState, side: tuple[int, int]) -> tuple[int, float]:
        """DDS's value of ``state`` for ``side`` and its time."""
        value, elapsed, _ = self.solved(state, side)
        return value, elapsed

    def solved(self, state: GameState, side: tuple[int, int]) -> tuple[int, float, int]:
        """DDS's value, its time, and the "trick nodes" it reports."""
        hands = [list(hand) for hand in state.hands]
        for played in state.trick:
            hands[played.seat].append(played.card)
        deal = self.deal(to_pbn(hands))
        deal.first = self.player(state.leader)
        deal.trump = self.denoms[state.trump]
        for played in state.trick:
            deal.play(pbn_card(played.card))
        start = time.perf_counter()
        answer = self.solve_board(deal, self.mode)
        elapsed = time.perf_counter() - start
        best = max(tricks for _, tricks in answer)
        mover = (state.leader + len(state.trick)) % 4
        left = len(state.hands[mover])
        return (best if mover in side else left - best), elapsed, int(answer._data.nodes)

    def table(self, hands: list[list[Card]]) -> tuple[Any, float]:
        """DDS's double-dummy table of a deal and its time."""
        from endplay.dds import calc_dd_table

        deal = self.deal(to_pbn(hands))
        start = time.perf_counter()
        table = calc_dd_table(deal)
        return table, time.perf_counter() - start


def _timed(question: Callable[[], object]) -> tuple[Any, float]:
    start = time.perf_counter()
    answer = question()
    return answer, time.perf_counter() - start


def _capped(state: GameState, seats: tuple[int, ...], seconds: float) -> tuple[int | None, float]:
    """The solved value for ``seats``, or ``None`` when not found in ``seconds``."""
    start = time.perf_counter()
    try:
        value: int | None = Solver(deadline=start + seconds).solve(state, seats)
    except SearchLimitReached:
        value = None
    return value, time.perf_counter() - start


def _summary(times: list[float]) -> dict[str, float]:
    return {"median": statistics.median(times), "worst": max(times), "count": len(times)}


def _progress(label: str, done: int, total: int) -> None:
    if total >= 10 and done % max(1, total // 10) and done != total:
        return
    print(f"  {label}: {done}/{total}", file=sys.stderr, flush=True)


def _solved(state: GameState, side: tuple[int, int]) -> tuple[int, int, int]:
    """``solve``'s answer, with the positions searched and tricks played."""
    searches = Searches()
    mask = (1 << side[0]) | (1 << side[1])
    value = searches.value(state, mask)
    search = searches.search(state, mask)
    trick_nodes = int(getattr(search, "trick_nodes", 0))
    return value, search.nodes, trick_nodes


def _deals(count: int, start: int) -> Iterator[tuple[list[list[Card]], int, GameState]]:
    """The bridge deals numbered ``start`` on: hands, declarer, card play."""
    for i in range(start, start + count):
        hands, strain, declarer = _bridge(i)
        yield hands, declarer, bridge_play(hands, strain, declarer)
        _progress("bridge deals", i + 1 - start, count)


def _spread(values: list[int]) -> dict[str, float]:
    return {"median": statistics.median(values), "worst": max(values)}


def bridge_deals(count: int, start: int, dds: _Dds | None) -> dict[str, Any]:
    ours: list[float] = []
    theirs: list[float] = []
    ratios: list[float] = []
    nodes: list[int] = []
    tricks: list[int] = []
    dds_tricks: list[int] = []
    mismatches = 0
    for _, declarer, state in _deals(count, start):
        side = (declarer, (declarer + 2) % 4)
        (value, searched, played), elapsed = _timed(partial(_solved, state, side))
        ours.append(elapsed)
        nodes.append(searched)
        tricks.append(played)
        if dds is not None:
            expected, dds_time, dds_nodes = dds.solved(state, side)
            theirs.append(dds_time)
            dds_tricks.append(dds_nodes)
            ratios.append(elapsed / dds_time)
            mismatches += value != expected
    result: dict[str, Any] = {
        "solver": _summary(ours),
        "mismatches": mismatches,
        "nodes": _spread(nodes),
        "trick_nodes": _spread(tricks),
    }
    if theirs:
        result["dds"] = _summary(theirs)
        result["dds_trick_nodes"] = _spread(dds_tricks)
        result["ratio_of_medians"] = statistics.median(ours) / statistics.median(theirs)
        result["median_ratio"] = statistics.median(ratios)
        result["worst_ratio"] = max(ratios)
    return result


def tables(count: int, start: int, dds: _Dds) -> dict[str, Any]:
    """dd_table against DDS's calc_dd_table on the same deals."""
    ours: list[float] = []
    theirs: list[float] = []
    mismatches = 0
    for hands, _, state in _deals(count, start):
        table, elapsed = _timed(partial(dd_table, state, [(0, 2), (1, 3)]))
        ours.append(elapsed)
        expected, dds_time = dds.table(hands)
        theirs.append(dds_time)
        for trump, denom in dds.denoms.items():
            for seat in range(4):
                value = table.tricks(trump, (seat + 1) % 4, (seat, (seat + 2) % 4))
                mismatches += value != expected[denom, dds.player(seat)]
    return {"solver": _summary(ours), "dds": _summary(theirs), "mismatches": mismatches}


def dds_cases(count: int, dds: _Dds) -> dict[str, Any]:
    """Random (deal, strain, declarer) cases at a random point of the play."""
    mismatches = 0
    for i in range(count):
        hands, strain, declarer = _bridge(100_000 + i)
        state = bridge_play(hands, strain, declarer)
        rng = random.Random(i)
        for _ in range(rng.randrange(20, 49)):  # 1 to 8 cards left a hand
            state = apply_move(state, rng.choice(legal_moves(state)))
        side = (declarer, (declarer + 2) % 4)
        mismatches += solve(state, side) != dds.value(state, side)[0]
        _progress("DDS cases", i + 1, count)
    return {"cases": count, "mismatches": mismatches}


def _first_lead(rules: OhHell | Counter, seed: int) -> GameState:
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    while state.phase is Phase.BIDDING:
        state = apply_move(state, rng.choice(legal_moves(state)))
    return state


def oh_hell_hands(count: int) -> dict[str, Any]:
    rules = OhHell(players=4, schedule=(10,))
    times = []
    for i in range(count):
        state = _first_lead(rules, i)
        times.append(_timed(partial(solve, state, (state.leader,)))[1])
        _progress("Oh Hell hands", i + 1, count)
    return _summary(times)


def counter_hands(count: int, seconds: float, start: int = 0) -> dict[str, Any]:
    """Hands ``start`` to ``start + count - 1`` from the first lead, and from
    the first trick with 7 and 5 cards left."""
    rules = Counter(players=4)
    result: dict[str, Any] = {}
    for cards in (10, 7, 5):
        times: list[float] = []
        unsolved = 0
        for i in range(start, start + count):
            state = _first_lead(rules, i)
            rng = random.Random(i)
            while state.phase is not Phase.PLAYING or state.trick or len(state.hands[0]) > cards:
                state = apply_move(state, rng.choice(legal_moves(state)))
            value, elapsed = _capped(state, (state.leader,), seconds)
            if value is None:
                unsolved += 1
            else:
                times.append(elapsed)
            _progress(f"Counter hands, {cards} cards", i - start + 1, count)
        result[f"{cards} cards"] = hands_summary(times, unsolved, seconds)
    return result


def hands_summary(times: list[float], unsolved: int, cap: float) -> dict[str, Any]:
    """The figures of hands solved in ``times`` seconds, ``unsolved`` more not
    within the ``cap``: the median and worst of those solved, and the issue's
    own measure, the median of every hand (an unsolved one counted as longer
    than the cap) and the hands solved within 10 s."""
    summary: dict[str, Any] = {"positions": len(times) + unsolved, "unsolved": unsolved, "cap": cap}
    if times:
        summary.update(_summary(times))
    every = sorted(times) + [math.inf] * unsolved
    summary["median_all"] = statistics.median(every) if every else None
    summary["within_10s"] = sum(1 for t in times if t <= 10.0)
    return summary


def _random_game(state: GameState, seed: int, hands: int = 1) -> GameState:
    rng = random.Random(seed)
    while not state.is_over and state.hand_number <= hands:
        after = apply_move(state, rng.choice(legal_moves(state)))
        if after.hand_number > hands:
            return state
        state = after
    return state


def analyse_records(seconds: float, jobs: int = 1) -> dict[str, Any]:
    hands, strain, declarer = _bridge(7)
    bridge = bridge_play(hands, strain, declarer).rules  # bid at random below, as the others
    games = {
        "bridge deal": _random_game(new_game(bridge, deal=Deal(hands=hands), dealer=declarer), 1),
        "Oh Hell hand (4 players, 10 cards)": _random_game(
            new_game(OhHell(players=4, schedule=(10,)), seed=2), 2
        ),
        "Counter game (4 players)": _random_game(new_game(Counter(players=4), seed=3), 3, 99),
    }
    result: dict[str, Any] = {}
    for name, game in games.items():
        cap = seconds if "Counter" in name else None
        analysis, elapsed = _timed(partial(analyse, record_of(game), seconds=cap, jobs=jobs))
        result[name] = {
            "seconds": elapsed,
            "decisions": len(analysis.decisions),
            "unsolved": len(analysis.unsolved),
            "cap": cap,
        }
        print(f"  analyse: {name} done", file=sys.stderr, flush=True)
    return result


def main() -> None:
    """Run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=40, help="bridge deals timed (default 40)")
    parser.add_argument(
        "--start", type=int, default=0, help="the number of the first bridge deal (default 0)"
    )
    parser.add_argument(
        "--tables", type=int, default=5, help="deals whose dd_table is timed (default 5)"
    )
    parser.add_argument(
        "--cases", type=int, default=1000, help="more DDS cases, mid-play (default 1000)"
    )
    parser.add_argument("--hands", type=int, default=20, help="Oh Hell hands (default 20)")
    parser.add_argument("--counter-hands", type=int, default=10, help="Counter hands (default 10)")
    parser.add_argument(
        "--counter-start", type=int, default=0,
        help="the number of the first Counter hand (default 0)",
    )  # fmt: skip
    parser.add_argument(
        "--counter-seconds", type=float, default=60.0,
        help="the cap on one Counter position (default 60)",
    )  # fmt: skip
    parser.add_argument(
        "--analyse-seconds", type=float, default=5.0,
        help="the cap on one decision of the Counter game analysed (default 5)",
    )  # fmt: skip
    parser.add_argument(
        "--analyse-jobs", type=int, default=1,
        help="the worker processes analyse judges the decisions in (default 1)",
    )  # fmt: skip
    parser.add_argument(
        "--skip-analyse", action="store_true", help="do not time analyse on game records"
    )
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args()
    try:
        dds: _Dds | None = _Dds()
    except ImportError:
        dds = None
        print("endplay is not installed (pip install -e '.[dds]'): no DDS figures", file=sys.stderr)
    figures: dict[str, Any] = {
        "build": "compiled" if counter_rules.COMPILED else "pure Python",
        "kernel": native_kernel(),
        "python": platform.python_version(),
        "machine": platform.machine(),
    }
    if args.deals:
        figures["bridge"] = bridge_deals(args.deals, args.start, dds)
    if dds is not None and args.tables:
        figures["tables"] = tables(args.tables, args.start, dds)
    if dds is not None and args.cases:
        figures["dds_cases"] = dds_cases(args.cases, dds)
    if args.hands:
        figures["oh_hell"] = oh_hell_hands(args.hands)
    if args.counter_hands:
        figures["counter"] = counter_hands(
            args.counter_hands, args.counter_seconds, args.counter_start
        )
        figures["counter_start"] = args.counter_start
    if not args.skip_analyse:
        figures["analyse"] = analyse_records(args.analyse_seconds, args.analyse_jobs)
    if args.json:
        print(json.dumps(figures, indent=1))
        return
    print(
        f"counter_rules {counter_rules.__version__}, {figures['build']} build "
        f"({'with' if figures['kernel'] else 'without'} the plain search's native kernel), "
        f"Python {figures['python']} ({figures['machine']})"
    )
    if "bridge" in figures:
        bridge = figures["bridge"]
        print(
            f"bridge deals {args.start} to {args.start + args.deals - 1} from the opening lead "
            f"({bridge['solver']['count']}): solver median {bridge['solver']['median']:.3f} s, "
            f"worst {bridge['solver']['worst']:.3f} s; positions searched median "
            f"{bridge['nodes']['median']:,.0f}, worst {bridge['nodes']['worst']:,}; tricks "
            f"played median {bridge['trick_nodes']['median']:,.0f}"
        )
        if "dds" in bridge:
            print(
                f"  DDS median {bridge['dds']['median'] * 1000:.1f} ms, worst "
                f"{bridge['dds']['worst'] * 1000:.1f} ms; DDS's trick nodes median "
                f"{bridge['dds_trick_nodes']['median']:,.0f}; ratio of medians "
                f"{bridge['ratio_of_medians']:.1f}x, median of the per-deal ratios "
                f"{bridge['median_ratio']:.1f}x, worst {bridge['worst_ratio']:.1f}x; "
                f"{bridge['mismatches']} values differ"
            )
    if "tables" in figures:
        table = figures["tables"]
        print(
            f"dd_table of {table['solver']['count']} deals: median "
            f"{table['solver']['median']:.3f} s, worst {table['solver']['worst']:.3f} s; "
            f"DDS's calc_dd_table median {table['dds']['median'] * 1000:.1f} ms; "
            f"{table['mismatches']} values differ"
        )
    if "dds_cases" in figures:
        cases = figures["dds_cases"]
        print(
            f"DDS agreement at random points of the play: {cases['mismatches']} of "
            f"{cases['cases']} values differ"
        )
    if "oh_hell" in figures:
        oh_hell = figures["oh_hell"]
        print(
            f"Oh Hell, 4 players, 10 cards, from the first lead ({oh_hell['count']}): median "
            f"{oh_hell['median'] * 1000:.2f} ms, worst {oh_hell['worst'] * 1000:.1f} ms"
        )
    for cards, summary in figures.get("counter", {}).items():
        solved = summary["positions"] - summary["unsolved"]
        first = figures["counter_start"]
        last = first + summary["positions"] - 1
        hands = f"hand {first}" if last == first else f"hands {first} to {last}"
        text = (
            f"Counter, 4 players, {cards} left, {hands}: {solved} of "
            f"{summary['positions']} solved within {summary['cap']:g} s"
        )
        if solved:
            text += f"; median {summary['median']:.3f} s, worst {summary['worst']:.3f} s"
        every = summary["median_all"]
        if every is not None:
            shown = "over the cap" if math.isinf(every) else f"{every:.3f} s"
            text += (
                f"; of all {summary['positions']} hands: median {shown}, "
                f"{summary['within_10s']} within 10 s"
            )
        print(text)
    for name, summary in figures.get("analyse", {}).items():
        text = f"analyse, {name}: {summary['seconds']:.1f} s for {summary['decisions']} decisions"
        if summary["cap"] is not None:
            text += f" ({summary['unsolved']} not solved within {summary['cap']:g} s each)"
        print(text)


if __name__ == "__main__":
    main()
