"""Shared pytest configuration: Hypothesis profiles, a ruleset of a
user's own, registered for a test (the fixture ``user_ruleset``), the
solver's plain search to run (the fixture ``plain_search``), and a short
game with its analysis (the fixtures ``short_game`` and ``short_analysis``).

``HYPOTHESIS_PROFILE=thorough pytest`` runs many more examples than the default.
Under CI (the ``CI`` variable set) the default examples are drawn from a fixed
seed, so that a run is reproducible; local runs explore new examples each time.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from analysis_helpers import played
from hypothesis import HealthCheck, settings
from user_ruleset import ShortRotation, registered

from counter_rules import GameState, OhHell
from counter_rules.analysis import Analysis, analyse
from counter_rules.analysis._plain import native_kernel, use_native

settings.register_profile(
    "default",
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "thorough",
    max_examples=500,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "ci",
    max_examples=25,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
_DEFAULT = "ci" if os.environ.get("CI") else "default"
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", _DEFAULT))


@pytest.fixture
def user_ruleset() -> Iterator[type[ShortRotation]]:
    """A ruleset of the user's own (:mod:`user_ruleset`), registered for the test."""
    with registered() as cls:
        yield cls


PLAIN_SEARCHES = ("kernel", "python") if native_kernel() else ("python",)
"""The plain search's two implementations this build has: the native kernel
(built with the compiled build) and the Python search."""


@pytest.fixture(scope="module", params=PLAIN_SEARCHES)
def plain_search(request: pytest.FixtureRequest) -> Iterator[str]:
    """The solver's plain search for the test: the native kernel or the
    Python search (each test that uses it runs on both where the build has
    the kernel)."""
    previous = use_native(request.param == "kernel")
    yield request.param
    use_native(previous)


@pytest.fixture(scope="module")
def short_game() -> GameState:
    """A finished game of two short hands of Oh Hell, played at random."""
    return played(OhHell(players=3, schedule=(4, 3)), 4)


@pytest.fixture(scope="module")
def short_analysis(short_game: GameState) -> Analysis:
    """:func:`~counter_rules.analysis.analyse` of ``short_game``, by both questions."""
    return analyse(short_game)
