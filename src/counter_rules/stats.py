"""Confidence intervals for match results: :class:`Estimate` and the intervals
:func:`counter_rules.match.play_match` reports.

- :func:`wilson_interval`: a share (win rate, bids made), with Wilson's score
  interval, which never leaves 0..1.
- :func:`mean_interval`: a mean (score, points per hand), with Student's t
  interval, clipped to the range the values can take.
- :func:`points_interval`: a mean of points scored, clipped at 0 unless some
  hand scored below 0.

Clipping is sound: the true mean of values that lie in ``low..high`` lies in
``low..high`` too, so cutting off the part of the t interval outside the range
drops only means that are impossible; the interval covers the true mean
whenever the unclipped one does. It matters for few games, where the t
interval is wide: two games scoring 8 and 3 give a t interval of
-26.3..37.3 for a score that cannot be negative.

Example:
    >>> from counter_rules.stats import mean_interval
    >>> print(mean_interval([8, 3]))
    5.500 [-26.265, 37.265]
    >>> print(mean_interval([8, 3], low=0))
    5.500 [0.000, 37.265]
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import attrs

from counter_rules.argument_checks import shown
from counter_rules.errors import InvalidArgumentError

__all__ = ["Estimate", "mean_interval", "points_interval", "wilson_interval"]

_Z = 1.959963984540054  # the 97.5% point of the standard normal
# Student's t, 97.5% points for 1..30 degrees of freedom.
_T975 = (
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
)  # fmt: skip


@attrs.frozen
class Estimate:
    """A value with its 95% confidence interval.

    Example:
        >>> from counter_rules.stats import Estimate
        >>> print(Estimate(0.5, 0.4, 0.6))
        0.500 [0.400, 0.600]
    """

    value: float
    """The point estimate."""
    low: float
    """The lower end of the 95% interval (``nan`` when it cannot be computed)."""
    high: float
    """The upper end of the 95% interval (``nan`` when it cannot be computed)."""

    def excludes(self, value: float) -> bool:
        """Whether ``value`` lies outside the interval.

        Example:
            >>> from counter_rules.stats import Estimate
            >>> Estimate(0.5, 0.4, 0.6).excludes(0.25), Estimate(0.5, 0.4, 0.6).excludes(0.45)
            (True, False)
        """
        return value < self.low or value > self.high

    def to_dict(self) -> dict[str, float | None]:
        """``{"value": ..., "low": ..., "high": ...}``; ``None`` for ``nan``."""
        return {k: (None if math.isnan(v) else v) for k, v in attrs.asdict(self).items()}

    def __str__(self) -> str:
        return f"{self.value:.3f} [{self.low:.3f}, {self.high:.3f}]"


def wilson_interval(successes: float, trials: int) -> Estimate:
    """The share ``successes / trials`` with its 95% Wilson score interval.

    ``successes`` may be fractional (shared wins).

    Raises:
        InvalidArgumentError: ``trials`` is not positive or ``successes`` is
            outside ``0..trials``.

    Example:
        >>> from counter_rules.stats import wilson_interval
        >>> print(wilson_interval(30, 100))
        0.300 [0.219, 0.396]
    """
    if type(trials) is not int or trials < 1:
        raise InvalidArgumentError(f"trials must be a positive integer, got {shown(trials)}")
    if not 0 <= successes <= trials:
        raise InvalidArgumentError(f"successes must be in 0..{trials}, got {shown(successes)}")
    p = successes / trials
    z2 = _Z * _Z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = _Z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return Estimate(p, low, high)


def _t975(df: int) -> float:
    if df <= len(_T975):
        return _T975[df - 1]
    # Cornish-Fisher expansion of the t quantile around the normal one.
    z = _Z
    return z + (z**3 + z) / (4 * df) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df * df)


def mean_interval(
    values: Sequence[float], *, low: float = -math.inf, high: float = math.inf
) -> Estimate:
    """The mean of ``values`` with its 95% Student-t interval, clipped to
    ``low..high``, the range the values can take (see the module docs).

    A single value has no interval: its ends are ``nan``.

    Raises:
        InvalidArgumentError: ``values`` is empty, ``low`` is above ``high``,
            or a value lies outside ``low..high``.

    Example:
        >>> from counter_rules.stats import mean_interval
        >>> print(mean_interval([1, 2, 3, 4]))
        2.500 [0.446, 4.554]
        >>> print(mean_interval([1, 2, 3, 4], low=1, high=4))
        2.500 [1.000, 4.000]
    """
    n = len(values)
    if n == 0:
        raise InvalidArgumentError("values must not be empty")
    if not low <= high:
        raise InvalidArgumentError(f"low must not be above high, got {shown(low)} > {shown(high)}")
    outside = [v for v in values if not low <= v <= high]
    if outside:
        raise InvalidArgumentError(f"values must lie in {low}..{high}, got {shown(outside[0])}")
    mean = math.fsum(values) / n
    if n == 1:
        return Estimate(mean, math.nan, math.nan)
    variance = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = _t975(n - 1) * math.sqrt(variance / n)
    return Estimate(mean, max(low, mean - half), min(high, mean + half))


def points_interval(values: Sequence[float], lowest_hand: float) -> Estimate:
    """The mean of points scored (a game's score, points per hand) with its
    95% interval, clipped at 0 when ``lowest_hand``, the lowest score of any
    seat in any hand the values come from, is not below 0: the built-in
    scorings never take points away, and a scoring with penalties shows
    negative hands and is left unclipped (see :func:`mean_interval`).

    Raises:
        InvalidArgumentError: ``values`` is empty, or one is below 0 though
            ``lowest_hand`` is not.

    Example:
        >>> from counter_rules.stats import points_interval
        >>> print(points_interval([8, 3], lowest_hand=0))
        5.500 [0.000, 37.265]
        >>> print(points_interval([8, -3], lowest_hand=-5))
        2.500 [-67.383, 72.383]
    """
    return mean_interval(values, low=0.0 if lowest_hand >= 0 else -math.inf)
