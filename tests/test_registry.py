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
    Ruleset,
    Suit,
    UpAndDown,
    option_from_json,
    option_from_text,
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

    with (
        pytest.warns(DeprecationWarning, match="without spec"),
        pytest.raises(InvalidArgumentError, match="players option"),
    ):
        register_ruleset("fixed", fixed, title="fixed")  # type: ignore[arg-type]


def test_a_preset_declares_its_spec_and_a_subclass_reads_its_fields() -> None:
    """A factory registered with a spec gets exactly it; a subclass of a
    declared class that changes a default reads its own fields with its
    parent's player counts; a factory without a spec still registers, with a
    warning, from its parameters."""
    from counter_rules import RulesetOption, RulesetSpec
    from counter_rules.rulesets.registry import unregister_ruleset

    def three_hands(players: int = 4, hook: bool = True) -> OhHell:
        return OhHell(players=players, schedule=(3, 2, 1), hook=hook)

    spec = RulesetSpec(players=(3, 4), options=(RulesetOption("players", 4, int),))
    entry = register_ruleset("three-hands", three_hands, title="three", spec=spec)
    try:
        assert entry.players == (3, 4)
        assert [o.name for o in entry.options] == ["players"]
    finally:
        unregister_ruleset("three-hands")
    with pytest.warns(DeprecationWarning, match="without spec"):
        entry = register_ruleset("three-hands", three_hands, title="three")
    try:
        assert [(o.name, o.default) for o in entry.options] == [("players", 4), ("hook", True)]
        assert entry.players == OhHell.spec.players
    finally:
        unregister_ruleset("three-hands")

    @attrs.frozen
    class LowTarget(Counter):
        target: int | None = 4

    entry = register_ruleset("low-target", LowTarget, title="low")
    try:
        assert entry.players == (3, 4, 5)
        assert entry.option("target").default == 4
        assert entry.build_from_json({"players": 3}) == LowTarget(players=3)
    finally:
        unregister_ruleset("low-target")


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


# -- options as text, and rulesets built from options ------------------------------
_SCHEDULE = tuple[int, ...] | str
_ROTATION = tuple[Suit | None, ...]
ROUND_TRIPS = [
    Counter(players=5, target=3, hook=True),
    UpAndDown(players=7, devils_bridge=True),
    Blackout(players=3, schedule="full", scoring="ten_plus_bid"),
    OhHell.office(players=3, english=True),
    OhHell(players=3, schedule=(3, 1), trump="rotation", rotation=(Suit.CLUBS, None)),
]


@pytest.mark.parametrize("text", ["10,9,8", "10, 9, 8", "10 9 8", "[10, 9, 8]"])
def test_a_list_as_text_takes_commas_spaces_or_json(text: str) -> None:
    """A list option's items are separated by commas or spaces, or written
    as a JSON list."""
    assert option_from_text(text, _SCHEDULE) == (10, 9, 8)


def test_one_number_where_a_list_or_a_name_is_allowed_is_a_list_of_one() -> None:
    """``schedule=10`` is the hand sizes (10,); ``schedule=up`` is the name."""
    assert option_from_text("10", _SCHEDULE) == (10,)
    assert option_from_text("up", _SCHEDULE) == "up"


def test_suits_as_text_read_letters_and_none() -> None:
    """Suits are read from their letters (any case) and ``none``."""
    assert option_from_text("h none S", _ROTATION) == (Suit.HEARTS, None, Suit.SPADES)
    assert option_from_text('["H", null]', _ROTATION) == (Suit.HEARTS, None)
    with pytest.raises(InvalidArgumentError, match="suits such as S,H,none"):
        option_from_text("H X", _ROTATION)


def test_text_that_is_not_a_json_list_is_named() -> None:
    """A list that starts like JSON but does not parse is refused, named."""
    with pytest.raises(InvalidArgumentError, match=r"expected a JSON list, got '\[10,'"):
        option_from_text("[10,", _SCHEDULE)
    with pytest.raises(InvalidArgumentError, match="got None"):
        option_from_text(None, _SCHEDULE)  # type: ignore[arg-type]


def test_scalars_as_text_follow_the_options_type() -> None:
    """``true``/``false`` for a truth value, whole numbers, decimals where the
    type takes them, ``none`` where it allows None, text otherwise."""
    assert option_from_text("true", bool) is True
    assert option_from_text("5", int | None) == 5
    assert option_from_text("none", int | None) is None
    assert option_from_text("none", str) == "none"
    assert option_from_text("0.25", float) == 0.25
    assert option_from_text("0.25", str) == "0.25"


@pytest.mark.parametrize("rules", ROUND_TRIPS, ids=repr)
def test_a_records_options_build_the_same_ruleset(rules: object) -> None:
    """The options a record holds, in their JSON form, rebuild the ruleset
    through its entry."""
    assert isinstance(rules, Ruleset)
    options = rules_to_dict(rules)["options"]
    assert ruleset_entry_for(rules).build_from_json(options) == rules


def test_options_as_text_build_a_ruleset() -> None:
    """Options as text (and numbers and truth values as themselves) build the
    ruleset as the command line would."""
    entry = ruleset_entry("oh-hell")
    built = entry.build_from_text(
        {"players": 5, "schedule": "3 2", "hook": True, "trump": "rotation", "rotation": "D"}
    )
    assert built == OhHell(
        players=5, schedule=(3, 2), hook=True, trump="rotation", rotation=(Suit.DIAMONDS,)
    )


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"colour": 1}, "counter has no option 'colour'; its options: players, target, hook"),
        ({"target": [1]}, "Counter.target must be 1..1000, got \\(1,\\)"),
        ({"target": {"a": 1}}, "counter option target: expected a number, text"),
        ([("target", 5)], "the options of counter must map option names to values"),
    ],
)
def test_bad_options_are_named(options: object, message: str) -> None:
    """An unknown option, a bad value or options that are not a mapping raise
    the library's error naming them and what is allowed."""
    with pytest.raises(InvalidArgumentError, match=message):
        ruleset_entry("counter").build_from_json(options)  # type: ignore[arg-type]


def test_a_users_own_type_error_comes_out_as_the_librarys() -> None:
    """A user's ruleset that checks its options less raises a TypeError of its
    own; building it from options turns that into InvalidArgumentError."""

    @attrs.frozen
    class Picky(Counter):
        """Counter that adds its target to a number."""

        target: int | None = 4

        def __attrs_post_init__(self) -> None:
            1 + self.target  # type: ignore[operator]

    register_ruleset("test-picky", Picky, title="Picky")
    try:
        with pytest.raises(InvalidArgumentError, match="test-picky: TypeError"):
            ruleset_entry("test-picky").build_from_json({"target": "x"})
    finally:
        unregister_ruleset("test-picky")
