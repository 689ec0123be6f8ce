"""The registry of rulesets: entries derived from the builders, user rulesets
registered, recorded, loaded and played by name, options' JSON form."""

from __future__ import annotations

from importlib import metadata
from pathlib import Path

import attrs
import pytest

from counter_rules import (
    Blackout,
    Counter,
    InvalidArgumentError,
    InvalidNotationError,
    OhHell,
    Suit,
    UpAndDown,
    option_from_json,
    option_to_json,
    register_ruleset,
    rules_from_dict,
    rules_to_dict,
    ruleset_entries,
    ruleset_entry,
    ruleset_entry_for,
)
from counter_rules.rulesets.registry import import_plugin, unregister_ruleset

BUILT_IN = ["counter", "oh-hell", "up-and-down", "blackout", "office", "north-east"]


def test_every_built_in_ruleset_and_preset_is_registered() -> None:
    """The six built-in names are in the registry, in this order."""
    assert [e.name for e in ruleset_entries()][:6] == BUILT_IN


def test_oh_hell_options_are_its_attrs_fields() -> None:
    """OhHell's options are read from its attrs fields (public, init ones), so
    an option added to the class needs no second list."""
    fields = [f.name for f in attrs.fields(OhHell) if f.init and not f.name.startswith("_")]
    assert [o.name for o in ruleset_entry("oh-hell").options] == fields


def test_a_custom_init_gives_its_keyword_options() -> None:
    """UpAndDown and Blackout take their own keywords; those are their options."""
    assert [o.name for o in ruleset_entry("up-and-down").options] == [
        "players", "up_to_ten", "random_trump", "screw_the_dealer", "devils_bridge",
        "blind_bidding",
    ]  # fmt: skip
    assert ruleset_entry("blackout").option("schedule").attribute == "variant_schedule"


def test_player_counts_are_found_by_building() -> None:
    """The player range comes from the ruleset's own checks."""
    assert ruleset_entry("counter").players == (3, 4, 5)
    assert ruleset_entry("north-east").players == (5, 6)
    assert ruleset_entry("up-and-down").players == tuple(range(3, 11))


@pytest.mark.parametrize(
    "rules",
    [
        Counter(players=5, target=3, hook=True),
        UpAndDown(players=7, devils_bridge=True),
        Blackout(players=3, schedule="full", scoring="ten_plus_bid"),
        OhHell.office(players=3, english=True),
        OhHell.north_east_blackout(6),
        OhHell(players=3, schedule=(3, 1), trump="rotation", rotation=(Suit.CLUBS, None)),
    ],
)
def test_every_ruleset_round_trips_through_its_entry(rules: object) -> None:
    """rules_from_dict(rules_to_dict(r)) == r for every class and preset."""
    assert rules_from_dict(rules_to_dict(rules)) == rules  # type: ignore[arg-type]


def test_presets_are_recorded_by_their_class() -> None:
    """A preset has no game tag; its rulesets are recorded as the class they are."""
    assert ruleset_entry("office").game is None
    assert rules_to_dict(OhHell.office())["game"] == "OhHell"
    assert ruleset_entry_for(OhHell.office()) is ruleset_entry("oh-hell")


def test_options_json_form() -> None:
    """Tuples become lists, suits letters; back again by the option's type."""
    assert option_to_json((Suit.HEARTS, None, Suit.SPADES)) == ["H", None, "S"]
    assert option_from_json(["H", None], tuple[Suit | None, ...]) == (Suit.HEARTS, None)
    assert option_from_json([10, 9], tuple[int, ...] | str) == (10, 9)
    assert option_from_json("H", str) == "H"


@pytest.mark.parametrize("value", [{"a": 1}, float("nan"), float("inf"), object()])
def test_values_json_cannot_hold_are_rejected(value: object) -> None:
    """Objects, non-finite numbers and other things raise InvalidArgumentError."""
    with pytest.raises(InvalidArgumentError):
        option_from_json(value)
    with pytest.raises(InvalidArgumentError):
        option_to_json(frozenset([value]) if not isinstance(value, dict) else value)


@attrs.frozen
class QuickCounter(Counter):
    """Counter to a low target, for quick games."""

    target: int | None = 3


def test_a_user_ruleset_is_registered_recorded_and_loaded() -> None:
    """A subclass registered by a user is recorded under its tag and loads back."""
    entry = register_ruleset("quick-counter", QuickCounter, title="Counter to 3", replace=True)
    assert entry.game == "QuickCounter" and entry.players == (3, 4, 5)
    assert entry.text == "Counter to a low target, for quick games."
    data = rules_to_dict(QuickCounter(players=3))
    assert data == {"game": "QuickCounter", "options": {"players": 3, "target": 3, "hook": False}}
    assert rules_from_dict(data) == QuickCounter(players=3)
    assert ruleset_entry("quick-counter").build(players=4) == QuickCounter(players=4)
    unregister_ruleset("quick-counter")
    with pytest.raises(InvalidNotationError, match="QuickCounter"):
        rules_from_dict(data)


def test_an_unregistered_class_cannot_be_recorded() -> None:
    """A subclass nobody registered gets a message that says how to register it."""

    @attrs.frozen
    class Unknown(Counter):
        pass

    with pytest.raises(InvalidArgumentError, match="register_ruleset"):
        rules_to_dict(Unknown())


@pytest.mark.parametrize(
    ("name", "message"),
    [("Bad Name", "lower-case"), ("counter", "registered already"), ("", "lower-case")],
)
def test_bad_registrations_are_refused(name: str, message: str) -> None:
    """Names must be command-line words and unique."""
    with pytest.raises(InvalidArgumentError, match=message):
        register_ruleset(name, Counter, title="x")


def test_a_game_tag_belongs_to_one_entry() -> None:
    """Registering a second class entry with an existing tag is an error."""
    with pytest.raises(InvalidArgumentError, match="game tag 'Counter'"):
        register_ruleset("counter-again", Counter, title="again")


def test_a_builder_needs_players() -> None:
    """Every ruleset is built for a number of seats."""

    def fixed() -> Counter:
        return Counter()

    with pytest.raises(InvalidArgumentError, match="players option"):
        register_ruleset("fixed", fixed, title="fixed")  # type: ignore[arg-type]


def test_unknown_names_list_the_known_ones() -> None:
    """ruleset_entry names the rulesets it knows."""
    with pytest.raises(InvalidArgumentError, match="counter, oh-hell"):
        ruleset_entry("poker")


def test_a_missing_plugin_is_named() -> None:
    """import_plugin raises InvalidArgumentError naming the module."""
    with pytest.raises(InvalidArgumentError, match="no_such_module_xyz"):
        import_plugin("no_such_module_xyz")


ENTRY_POINT_PLUGIN = '''
import attrs
from counter_rules import Counter, register_ruleset


@attrs.frozen
class EntryPointCounter(Counter):
    """Counter from an entry point."""


register_ruleset("entry-point-counter", EntryPointCounter, title="Counter, by entry point")
'''


def test_entry_point_plugins_load_when_a_name_is_missing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A module named by an entry point of the group counter_rules.rulesets is
    imported the first time a name is not found; a broken one is named."""
    from counter_rules.rulesets import registry

    (tmp_path / "entry_point_plugin.py").write_text(ENTRY_POINT_PLUGIN, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    point = metadata.EntryPoint("counter", "entry_point_plugin", registry.ENTRY_POINT_GROUP)
    monkeypatch.setattr(registry.metadata, "entry_points", lambda group: [point])
    monkeypatch.setattr(registry, "_plugins_loaded", False)
    assert ruleset_entry("entry-point-counter").game == "EntryPointCounter"
    unregister_ruleset("entry-point-counter")
    broken = metadata.EntryPoint("broken", "no_such_module_abc", registry.ENTRY_POINT_GROUP)
    monkeypatch.setattr(registry.metadata, "entry_points", lambda group: [broken])
    monkeypatch.setattr(registry, "_plugins_loaded", False)
    with pytest.raises(InvalidArgumentError, match="plugin 'broken'"):
        ruleset_entry("anything-else")
