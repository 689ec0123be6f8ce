"""Confidence intervals: Wilson for shares, Student t clipped to the values'
range for means."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from counter_rules import InvalidArgumentError
from counter_rules.stats import Estimate, mean_interval, wilson_interval


def test_wilson_interval_known_values() -> None:
    """Wilson score intervals match published values."""
    estimate = wilson_interval(30, 100)
    assert (round(estimate.low, 4), round(estimate.high, 4)) == (0.2189, 0.3958)
    assert wilson_interval(0, 10).low == 0.0
    assert wilson_interval(10, 10).high == 1.0
    assert wilson_interval(2.5, 10).value == 0.25


def test_mean_interval_uses_student_t() -> None:
    """Small samples use t quantiles; large ones approach the normal's."""
    estimate = mean_interval([1.0, 2.0, 3.0, 4.0])
    assert math.isclose(estimate.high - estimate.value, 3.182 * math.sqrt(5 / 3 / 4), rel_tol=1e-6)
    big = mean_interval([float(i % 2) for i in range(1000)])
    assert math.isclose(big.high - big.value, 1.9623 * math.sqrt(0.25025 / 1000), rel_tol=1e-3)
    single = mean_interval([2.0])
    assert math.isnan(single.low) and single.to_dict()["low"] is None


def test_two_games_stay_inside_the_possible_scores() -> None:
    """Two games scoring 8 and 3 give an interval that does not go below 0."""
    estimate = mean_interval([8, 3], low=0)
    assert estimate.low == 0.0 and estimate.high > 8


def test_a_single_value_has_no_interval() -> None:
    """One value: the ends are nan."""
    single = mean_interval([2.0], low=0)
    assert single.value == 2.0 and math.isnan(single.low) and math.isnan(single.high)


@given(st.lists(st.integers(0, 30), min_size=2, max_size=40))
def test_clipped_intervals_hold_the_mean_and_respect_the_bounds(values: list[int]) -> None:
    """Every clipped interval lies in the bounds and holds the sample mean."""
    estimate = mean_interval(values, low=0, high=30)
    assert 0 <= estimate.low <= estimate.value <= estimate.high <= 30


@pytest.mark.parametrize(
    ("values", "bounds", "message"),
    [([], {}, "empty"), ([1], {"low": 2}, "must lie in"), ([1], {"low": 3, "high": 2}, "above")],
)
def test_bad_arguments_are_named(
    values: list[float], bounds: dict[str, float], message: str
) -> None:
    """Empty values, values out of range and inverted bounds are rejected."""
    with pytest.raises(InvalidArgumentError, match=message):
        mean_interval(values, **bounds)


def test_estimate_excludes_and_json() -> None:
    """excludes() tests the ends; nan ends become None in JSON data."""
    assert Estimate(0.5, 0.4, 0.6).excludes(0.7)
    assert Estimate(1.0, math.nan, math.nan).to_dict() == {"value": 1.0, "low": None, "high": None}
