"""What one change to a bot is worth, deal by deal: two duplicate matches of
``bench_vs_openspiel.py`` on the same seed, compared deal by deal.

Run the match of the unchanged bot and the match of the changed one with the
same ``--seed`` and ``--hands``, each with ``--log``; where the changed bot
plays exactly as the unchanged one unless its change steps in (the best bot's
guard draws its worlds from a copy of the generator for that reason), every
deal it leaves alone scores the same in both logs, and the difference of the
two matches is the change's own effect, with the luck of the cards and of
the rest of the play taken out::

    python benchmarks/bench_vs_openspiel.py --game oh-hell --a ismcts:200 --b ismcts:200 \\
        --hands 400 --jobs 2 --log control.jsonl
    python benchmarks/bench_vs_openspiel.py --game oh-hell --a best --b ismcts:200 \\
        --hands 400 --jobs 2 --log changed.jsonl
    python benchmarks/paired_deals.py control.jsonl changed.jsonl

It prints the change's effect on side A's lead, in points per hand, with a
95 % interval over deals, and how many deals it changed.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
from pathlib import Path


def leads(path: str) -> list[float]:
    """Side A's lead over side B in each deal of a ``--log`` file, in points
    per hand (a deal is two hands)."""
    out = []
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        result = json.loads(line)
        points = result["points"]
        out.append((sum(points["a"]) - sum(points["b"])) / 2)
    return out


def main() -> None:
    """Compare two logs deal by deal and print the effect."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("control", help="the --log of the unchanged bot's match")
    parser.add_argument("changed", help="the --log of the changed bot's match, same seed")
    args = parser.parse_args()
    control, changed = leads(args.control), leads(args.changed)
    if len(control) != len(changed) or len(control) < 2:
        parser.error(f"the logs hold {len(control)} and {len(changed)} deals: play the same match")
    effect = [b - a for a, b in zip(control, changed, strict=True)]
    mean = statistics.mean(effect)
    half = 1.96 * statistics.stdev(effect) / math.sqrt(len(effect))
    touched = sum(1 for e in effect if e)
    print(
        f"{len(effect)} deals: the change is worth {mean:+.3f} points per hand to side A "
        f"[{mean - half:+.3f}, {mean + half:+.3f}], {touched} deals changed"
    )


if __name__ == "__main__":
    main()
