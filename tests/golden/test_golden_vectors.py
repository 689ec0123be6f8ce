"""Golden vectors: fixed games of every built-in ruleset and preset replay exactly.

Like python-chess's move-generation counts, the stored vectors pin down the
number of legal moves at every step of each game, the moves chosen (by digest)
and the final scores, so a refactor that changes any rule, the order of legal
moves or the deal fails here. See ``golden_games.py`` for how the games are
played and regenerated.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from golden_games import RULESETS, SEEDS, play

_VECTORS: dict[str, dict[str, object]] = json.loads(
    (Path(__file__).parent / "vectors.json").read_text(encoding="utf-8")
)


def test_every_stored_game_is_still_defined() -> None:
    """The data and the list of games name the same games."""
    assert set(_VECTORS) == {f"{name}/{seed}" for name in RULESETS for seed in SEEDS}


@pytest.mark.parametrize("key", sorted(_VECTORS))
def test_game_replays_exactly(key: str) -> None:
    """The game has the same legal-move counts, moves and final scores as stored."""
    name, seed = key.rsplit("/", 1)
    got = play(RULESETS[name](), int(seed))
    want = _VECTORS[key]
    if got["counts"] != want["counts"]:
        got_counts = str(got["counts"]).split()
        want_counts = str(want["counts"]).split()
        step = next(
            (i for i, (a, b) in enumerate(zip(got_counts, want_counts, strict=False)) if a != b),
            min(len(got_counts), len(want_counts)),
        )
        pytest.fail(f"{key}: legal-move counts differ first at step {step}")
    assert got == want
