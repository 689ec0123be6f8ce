"""Names that moved stay importable from their old homes, with a warning
that names the new home, until the next minor release (see the changelog)."""

from __future__ import annotations

import importlib

import pytest

# (old module, name, new module)
MOVED = [
    ("counter_rules.bots.pimc", "LEVELS", "counter_rules.bots.levels"),
    ("counter_rules.bots.pimc", "SlipBot", "counter_rules.bots.levels"),
    ("counter_rules.bots.pimc", "level_bot", "counter_rules.bots.levels"),
    ("counter_rules.bots.pimc", "bid_likelihood", "counter_rules.bots.inference"),
    ("counter_rules.bots.pimc", "play_likelihood", "counter_rules.bots.inference"),
    ("counter_rules.analysis.bridge", "from_pbn", "counter_rules.analysis.pbn"),
    ("counter_rules.analysis.bridge", "pbn_card", "counter_rules.analysis.pbn"),
    ("counter_rules.analysis.bridge", "to_pbn", "counter_rules.analysis.pbn"),
    ("counter_rules.hands", "Deal", "counter_rules.deal"),
    ("counter_rules.hands", "DealtHand", "counter_rules.deal"),
    ("counter_rules.hands", "HandResult", "counter_rules.hand_result"),
    ("counter_rules.hands", "Phase", "counter_rules.phase"),
    ("counter_rules.hands", "Position", "counter_rules.position"),
    ("counter_rules.records", "load_rules", "counter_rules.rules_json"),
    ("counter_rules.records", "rules_from_dict", "counter_rules.rules_json"),
    ("counter_rules.records", "rules_to_dict", "counter_rules.rules_json"),
    ("counter_rules.records", "record_of", "counter_rules.recording"),
    ("counter_rules.records", "replay", "counter_rules.recording"),
    ("counter_rules.records", "state_from_json", "counter_rules.recording"),
    ("counter_rules.records", "state_to_json", "counter_rules.recording"),
]


# (old module, new module): modules that moved whole
MOVED_MODULES = [
    ("counter_rules.builders", "counter_rules.fast_values"),
    ("counter_rules.engine.tables", "counter_rules.engine.lookup_tables"),
    ("counter_rules.rulesets.bid_rules", "counter_rules.rulesets.bids_in_turn"),
    ("counter_rules.rulesets.parts.scoring", "counter_rules.rulesets.parts.scoring_scheme"),
    ("counter_rules.bots.registry", "counter_rules.bots.names"),
]
MOVED += [
    (old, name, new)
    for old, new in [
        ("counter_rules.checks", "counter_rules.argument_checks"),
        ("counter_rules.checks", "counter_rules.input_limits"),
    ]
    for name in importlib.import_module(new).__all__
]
MOVED += [
    (old, name, new) for old, new in MOVED_MODULES for name in importlib.import_module(new).__all__
]


@pytest.mark.parametrize(("old", "name", "new"), MOVED)
def test_a_moved_name_is_found_at_its_old_home_with_a_warning(
    old: str, name: str, new: str
) -> None:
    """The old path gives the very object of the new one, and warns once per
    use with both homes named."""
    with pytest.warns(DeprecationWarning, match=rf"{old}\.{name} is deprecated: .* {new}$"):
        found = getattr(importlib.import_module(old), name)
    assert found is getattr(importlib.import_module(new), name)


def test_a_renamed_name_is_found_under_its_new_name_with_a_warning() -> None:
    """The terminal's game, once ``Table``, is ``TerminalGame``."""
    from counter_rules.cli import play

    with pytest.warns(DeprecationWarning, match="play.Table is deprecated: use .*TerminalGame"):
        found = play.Table  # type: ignore[attr-defined]
    assert found is play.TerminalGame


@pytest.mark.parametrize("old", sorted({old for old, _, _ in MOVED}))
def test_an_unknown_name_of_an_old_home_is_an_attribute_error(old: str) -> None:
    """A name that never lived there is refused as Python refuses any other."""
    with pytest.raises(AttributeError, match="no_such_name"):
        getattr(importlib.import_module(old), "no_such_name")  # noqa: B009


def test_from_import_of_a_moved_name_warns_at_the_importing_line() -> None:
    """``from old import name`` works and the warning points at the import."""
    with pytest.warns(DeprecationWarning) as caught:
        from counter_rules.bots.pimc import level_bot  # type: ignore[attr-defined]
    assert callable(level_bot)
    assert caught[0].filename == __file__
