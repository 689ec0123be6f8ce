"""Shared pytest configuration: Hypothesis profiles.

``HYPOTHESIS_PROFILE=thorough pytest`` runs many more examples than the default.
Under CI (the ``CI`` variable set) the default examples are drawn from a fixed
seed, so that a run is reproducible; local runs explore new examples each time.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

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
