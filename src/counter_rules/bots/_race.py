"""The race to Counter's target (internal): each seat's chance to win the game.

A game of Counter is won by the most points after the hand in which someone
reaches the target, not by the most points per hand: two points when ahead
and near the target can be worth more than four when far behind. The IS-MCTS
bot therefore rewards a hand by how it changes each seat's chance of winning
the game, from :func:`win_chances`.

The model: every seat scores, hand after hand, points drawn independently
from one distribution, :data:`HAND_POINTS` (about how often the
bots of this library score 0, 1, 2, ... points in a hand of four-player
Counter: half the hands score nothing). With independent seats the
chance that the game ends at hand ``k`` with a given seat on top factors into
one score distribution per seat, so the chances are exact for the model and
cheap: no enumeration of joint scores.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Final

__all__ = ["HAND_POINTS", "win_chances"]

HAND_POINTS: tuple[float, ...] = (0.50, 0.04, 0.24, 0.17, 0.04, 0.01)
"""The chance of scoring 0, 1, 2, ... points in one hand of Counter."""

_NEGLIGIBLE: Final = 1e-6  # chance that the game is still on, below which we stop
_MOST_HANDS: Final = 80


def win_chances(scores: Sequence[int], target: int) -> tuple[float, ...]:
    """Each seat's chance to win the game from these running totals, ties shared.

    If a seat has reached ``target`` the game is over and the chances are the
    result: 1 for a lone leader, shared between tied leaders. Otherwise the
    remaining hands are played out in the model of the module docs.

    Example:
        >>> from counter_rules.bots._race import win_chances
        >>> win_chances((9, 9, 3, 0), 8)
        (0.5, 0.5, 0.0, 0.0)
        >>> chances = win_chances((7, 2, 2, 2), 8)
        >>> round(sum(chances), 6), chances[0] > 0.7 > chances[1] == chances[3]
        (1.0, True)
    """
    # The model treats every seat alike, so the chances of any order of the
    # same totals are those of the sorted totals, put back in order: one
    # computation serves every order of them.
    order = sorted(range(len(scores)), key=scores.__getitem__)
    ranked = _chances(tuple([scores[seat] for seat in order]), target)
    chances = [0.0] * len(scores)
    for place, seat in enumerate(order):
        chances[seat] = ranked[place]
    return tuple(chances)


@lru_cache(maxsize=65536)
def _chances(scores: tuple[int, ...], target: int) -> tuple[float, ...]:
    top = max(scores)
    if top >= target:
        leaders = [s == top for s in scores]
        share = 1.0 / sum(leaders)
        return tuple(share if lead else 0.0 for lead in leaders)
    players = len(scores)
    # alive[j][x]: the chance that seat j has x points (x < target) after the
    # hands so far, taken over the paths on which it never reached the target.
    alive = [[0.0] * target for _ in range(players)]
    for seat, score in enumerate(scores):
        alive[seat][score] = 1.0
    most = target + len(HAND_POINTS) - 1
    wins = [0.0] * players
    for _ in range(_MOST_HANDS):
        after = [_step(row, most) for row in alive]
        # below[j][y]: chance that seat j's new score is below y (paths alive before).
        below = []
        for row in after:
            acc, cum = 0.0, [0.0] * (most + 1)
            for y in range(most + 1):
                cum[y] = acc
                acc += row[y]
            below.append(cum)
        for seat in range(players):
            mine = after[seat]
            total = 0.0
            for y in range(target, most + 1):
                if mine[y] == 0.0:
                    continue
                # The others at most y: a polynomial in the number tied at y.
                poly = [1.0]
                for other in range(players):
                    if other == seat:
                        continue
                    lower, tied = below[other][y], after[other][y]
                    grown = [0.0] * (len(poly) + 1)
                    for m, c in enumerate(poly):
                        grown[m] += c * lower
                        grown[m + 1] += c * tied
                    poly = grown
                total += mine[y] * sum(c / (m + 1) for m, c in enumerate(poly))
            wins[seat] += total
        alive = [row[:target] for row in after]
        still = 1.0
        for row in alive:
            still *= sum(row)
        if still < _NEGLIGIBLE:
            break
    return tuple(wins)


def _step(row: Sequence[float], most: int) -> list[float]:
    """The score distribution after one more hand (scores up to ``most``)."""
    out = [0.0] * (most + 1)
    for x, p in enumerate(row):
        if p == 0.0:
            continue
        for gain, q in enumerate(HAND_POINTS):
            out[x + gain] += p * q
    return out
