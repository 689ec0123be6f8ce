"""Records of Oh Hell games written by version 0.1.0 load unchanged.

The data file holds, for each Oh Hell ruleset and preset, a game played part
way (or to the end) with random legal moves and saved by 0.1.0, with the
ruleset's repr, the scores and the phase it reached.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from counter_rules import state_from_json, state_to_json

_SAVED: dict[str, dict[str, object]] = json.loads(
    (Path(__file__).parent / "data" / "oh_hell_records_0_1_0.json").read_text(encoding="utf-8")
)


@pytest.mark.parametrize("name", sorted(_SAVED))
def test_a_record_saved_by_0_1_0_loads_to_the_same_game(name: str) -> None:
    """The saved record loads, replays to the same scores and phase, names the
    same ruleset, and saves again to the same data."""
    saved = _SAVED[name]
    text = json.dumps(saved["record"])
    state = state_from_json(text)
    assert repr(state.rules) == saved["repr"]
    assert list(state.scores) == saved["scores"]
    assert state.phase.name == saved["phase"]
    again = json.loads(state_to_json(state))
    options = again["rules"]["options"]
    old_options = saved["record"]["rules"]["options"]  # type: ignore[index]
    # Options added since 0.1.0 are written with their defaults.
    assert {k: v for k, v in options.items() if k in old_options} == old_options
    # Fields added since 0.1.0 ("dealer") are written with their defaults.
    assert again.pop("dealer") == 0
    assert {k: v for k, v in again.items() if k != "rules"} == {
        k: v
        for k, v in saved["record"].items()  # type: ignore[union-attr]
        if k != "rules"
    }
