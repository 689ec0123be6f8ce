"""Shared pytest configuration: Hypothesis profiles, and a ruleset of a
user's own, registered for a test (the fixture ``user_ruleset``).

``HYPOTHESIS_PROFILE=thorough pytest`` runs many more examples than the default.
Under CI (the ``CI`` variable set) the default examples are drawn from a fixed
seed, so that a run is reproducible; local runs explore new examples each time.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings
from user_ruleset import ShortRotation, registered

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
