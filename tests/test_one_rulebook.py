"""Each Counter power is stated once, in its ``effects`` module, and the engine
runs it; so are plain Oh Hell's follow rule and trick winner, in
:mod:`counter_rules.rulesets.plain_tricks`, which the engine's fast path and
the family's full rules both run.

The tests replace a power's function in its module and play random games
through :func:`~counter_rules.new_game` / :func:`~counter_rules.apply_move`
only: the engine must follow the replacement. The solver's plain search
builds its tables from plain Oh Hell's functions, so it follows a replaced
follow rule too (with each implementation, the fixture ``plain_search``), and
steps aside for a winner rule whose shape it does not read; the general search
resolves Counter's tricks through the same powers, so a replaced power changes
its answers as it changes the engine's games. They also check
that the engine's move lists agree with the one decider of play legality, and
that nothing mutable is reachable from a state or a ruleset.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from types import ModuleType

import attrs
import pytest
from analysis_helpers import ending, naive_value, pure_only
from hypothesis import given, settings
from strategies import random_playout, rulesets, seeds

import counter_rules
from counter_rules import Counter, GameState, Phase, Play, apply_move, legal_moves, new_game
from counter_rules.analysis import release_memory, solve
from counter_rules.analysis._plain import plain_applies
from counter_rules.effects import (
    ace,
    eight,
    five,
    four,
    jack,
    king,
    nine,
    queen,
    seven,
    six,
    ten,
    three,
    two,
)
from counter_rules.rulesets import counter_tricks, plain_tricks
from counter_rules.rulesets.base import Ruleset


class PowerUsed(Exception):
    """Raised by a replaced power: proof that the engine called it."""


# Every function that states part of a power, by rank.
POWERS: list[tuple[ModuleType, str]] = [
    (ace, "apply"),
    (two, "apply"),
    (two, "mark_trumps"),
    (two, "suit_to_follow"),
    (three, "apply"),
    (four, "apply"),
    (four, "victor_index"),
    (four, "showings"),
    (five, "apply"),
    (five, "after_trick"),
    (six, "double_lead"),
    (six, "after_trick"),
    (seven, "apply"),
    (eight, "apply"),
    (eight, "exempts"),
    (nine, "apply"),
    (ten, "apply"),
    (jack, "after_trick"),
    (queen, "apply"),
    (king, "apply"),
    (king, "cancels_sevens"),
]


def _random_counter_moves(games: int) -> Iterator[GameState]:
    rng = random.Random(7)
    for seed in range(games):
        state = new_game(Counter(players=3 + seed % 3, target=6), seed)
        while not state.is_over:
            state = apply_move(state, rng.choice(legal_moves(state)))
            yield state


@pure_only
@pytest.mark.parametrize(("module", "name"), POWERS, ids=lambda v: getattr(v, "__name__", v))
def test_the_engine_runs_each_power_from_its_module(
    module: ModuleType, name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Replacing a power in its module changes what ``apply_move`` does."""
    original: Callable[..., object] = getattr(module, name)

    def replaced(*args: object) -> object:
        raise PowerUsed(f"{module.__name__}.{name}")

    monkeypatch.setattr(module, name, replaced)
    with pytest.raises(PowerUsed):
        for _ in _random_counter_moves(games=30):
            pass
    monkeypatch.setattr(module, name, original)


# Plain Oh Hell's rules, and rulesets that reach them by the engine's fast path
# (plain following, suited tricks) and by the full rules of the family (a
# must-trump follow rule, Jokers, bowers).
PLAIN_RULES: list[tuple[str, tuple[str, ...]]] = [
    ("plain_plays", ("fast", "must_trump", "bowers")),
    ("effective_suit", ("bowers",)),
    ("suits_by_key", ("bowers",)),
    ("plain_level", ("fast", "jokers", "bowers")),
    ("best_card", ("fast", "jokers", "bowers")),
    ("half_strength", ("bowers",)),
]
PLAIN_PATHS = {
    "fast": counter_rules.OhHell(players=4, schedule=(5,)),
    "must_trump": counter_rules.OhHell(players=4, schedule=(5,), follow="must_trump"),
    "jokers": counter_rules.OhHell(players=4, schedule=(5,), jokers="high"),
    "bowers": counter_rules.OhHell(players=4, schedule=(5,), bowers=True),
}


def _random_oh_hell_moves(rules: Ruleset, games: int) -> Iterator[GameState]:
    rng = random.Random(3)
    for seed in range(games):
        state = new_game(rules, seed)
        while not state.is_over:
            state = apply_move(state, rng.choice(legal_moves(state)))
            yield state


@pure_only
@pytest.mark.parametrize(
    ("name", "path"), [(name, path) for name, paths in PLAIN_RULES for path in paths]
)
def test_the_engine_runs_plain_oh_hells_rules_from_their_module(
    name: str, path: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Replacing plain Oh Hell's follow rule or winner in
    :mod:`~counter_rules.rulesets.plain_tricks` changes what ``apply_move``
    does on the engine's fast path and on the family's full rules alike."""
    rules = PLAIN_PATHS[path]
    assert (rules.shortcuts().plays != 0) == (path == "fast")

    def replaced(*args: object) -> object:
        raise PowerUsed(f"plain_tricks.{name}")

    monkeypatch.setattr(plain_tricks, name, replaced)
    with pytest.raises(PowerUsed):
        for _ in _random_oh_hell_moves(rules, games=3):
            pass


@pure_only
@pytest.mark.parametrize("path", ["fast", "must_trump"])
def test_a_changed_follow_rule_changes_the_moves_the_engine_lists(
    path: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A follow rule that lets every card be played makes the engine offer a
    card off the led suit to a player who holds the led suit, on the fast path
    and under must-trump; the real rule never does."""

    def offered_off_suit() -> int:
        count = 0
        for state in _random_oh_hell_moves(PLAIN_PATHS[path], games=4):
            if state.phase is Phase.PLAYING and state.trick:
                led = state.trick[0].card.suit
                (seat,) = state.to_act
                if any(c.suit is led for c in state.hands[seat]):
                    count += any(m.card.suit is not led for m in legal_moves(state))
        return count

    assert offered_off_suit() == 0

    monkeypatch.setattr(plain_tricks, "plain_plays", _free_plays)
    assert offered_off_suit() > 0


def _free_plays(
    table: tuple[Play | None, ...],
    hand: tuple[counter_rules.Card, ...],
    trick: object,
    trump: object = None,
    bowers: bool = False,
) -> tuple[Play, ...]:
    """A follow rule that lets every card be played."""
    return tuple(play for card in hand if (play := table[card._key]) is not None)


def _lowest_wins(levels: list[int], values: object) -> int | None:
    """A winner rule: the highest level, then the lowest card."""
    ranked = [i for i in range(len(levels)) if levels[i]]
    if not ranked:
        return None
    return min(ranked, key=lambda i: (-levels[i], values[i], i))  # type: ignore[index]


def _answers(rules: Ruleset) -> list[tuple[int, int, int]]:
    """(solve, the naive minimax over the engine, plain search applies) for
    the first seat alone on endings of ``rules``."""
    found = []
    for seed in range(12):
        state = ending(rules, seed, 3)
        if state is not None and state.phase is Phase.PLAYING:
            found.append((solve(state, (0,)), naive_value(state, 1), int(plain_applies(state))))
    return found


@pure_only
@pytest.mark.usefixtures("plain_search")
def test_a_changed_follow_rule_changes_what_the_plain_search_answers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With a follow rule that lets every card be played, the plain search
    still takes plain Oh Hell and answers what a minimax over the engine
    answers under that rule, which is not what it answers under the real one."""
    real = _answers(counter_rules.OhHell(players=3, schedule=(4,)))
    monkeypatch.setattr(plain_tricks, "plain_plays", _free_plays)
    free = _answers(counter_rules.OhHell(players=3, schedule=(4,)))
    assert all(applies for _, _, applies in real + free)
    assert all(solved == naive for solved, naive, _ in real + free)
    assert [solved for solved, _, _ in free] != [solved for solved, _, _ in real]


@pure_only
@pytest.mark.usefixtures("plain_search")
def test_a_winner_rule_of_another_shape_leaves_the_plain_search_aside(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With a winner rule under which the lowest card wins, the plain search
    (which reads a suit's high cards as its strong ones) steps aside and the
    general search answers what a minimax over the engine answers."""
    monkeypatch.setattr(plain_tricks, "best_card", _lowest_wins)
    answers = _answers(counter_rules.OhHell(players=3, schedule=(4,)))
    assert answers and not any(applies for _, _, applies in answers)
    assert all(solved == naive for solved, naive, _ in answers)


@pure_only
def test_a_changed_nine_changes_the_games_the_engine_plays(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A variant Nine (always worth 15) makes the engine play other tricks."""
    before = [s.tricks[-1].half_values for s in _random_counter_moves(8) if s.tricks]

    def strong_nine(work: counter_rules.effects.TrickWork) -> None:
        for i in range(work.n):
            if work.ranks[i] is counter_rules.Rank.NINE:
                work.half[i] = 30

    monkeypatch.setattr(nine, "apply", strong_nine)
    after = [s.tricks[-1].half_values for s in _random_counter_moves(8) if s.tricks]
    assert before != after
    assert any(30 in values for values in after)


@settings(max_examples=25, deadline=None)
@given(seed=seeds, choice_seed=seeds)
def test_counter_plays_are_exactly_those_the_decider_allows(seed: int, choice_seed: int) -> None:
    """At every playing state, the listed plays are exactly the held cards (and
    Fours shown with Fours) for which ``play_problem`` finds nothing wrong."""
    for state, _ in random_playout(Counter(players=3 + seed % 3, target=4), seed, choice_seed):
        if state.phase is not Phase.PLAYING:
            continue
        (seat,) = state.to_act
        hand = state.hands[seat]
        candidates = [Play(seat, c) for c in hand] + [
            Play(seat, c, r) for c in hand for r in hand if r is not c
        ]
        allowed = {
            m
            for m in candidates
            if counter_tricks.play_problem(seat, hand, state.trick, state.trump, m.card, m.reveal)
            is None
        }
        assert set(legal_moves(state)) == allowed
        assert len(legal_moves(state)) == len(allowed)


def _mutable_reachable(root: object) -> list[str]:
    """Paths to every list, dict or set reachable from ``root`` through attrs
    fields (public and private) and tuples / frozensets."""
    found: list[str] = []
    seen: set[int] = set()

    def walk(value: object, path: str) -> None:
        if id(value) in seen or isinstance(value, str | int | float | bool | type(None)):
            return
        seen.add(id(value))
        if isinstance(value, list | dict | set | bytearray):
            found.append(path)
            return
        if isinstance(value, tuple | frozenset):
            for i, item in enumerate(value):
                walk(item, f"{path}[{i}]")
            return
        if attrs.has(type(value)):
            for field in attrs.fields(type(value)):
                walk(getattr(value, field.name), f"{path}.{field.name}")

    walk(root, "root")
    return found


@settings(max_examples=20, deadline=None)
@given(rules=rulesets(), seed=seeds, choice_seed=seeds)
def test_nothing_mutable_is_reachable_from_a_state_or_its_ruleset(
    rules: Ruleset, seed: int, choice_seed: int
) -> None:
    """States, their rulesets and the engine's tables they carry hold only
    immutable values, so nobody can change a state once it is handed out."""
    assert _mutable_reachable(rules) == []
    for step, (state, _) in enumerate(random_playout(rules, seed, choice_seed)):
        if step % 7 == 0:
            assert _mutable_reachable(state) == []
        if step > 60:
            break


def test_counter_defaults_cannot_be_changed_from_outside() -> None:
    """The table of recommended targets is read-only, so no caller can change
    the target of rulesets already built."""
    from counter_rules.rulesets.counter import DEFAULT_TARGETS

    with pytest.raises(TypeError):
        DEFAULT_TARGETS[4] = 1  # type: ignore[index]
    assert Counter(players=4).effective_target == 8


def test_vars_of_a_state_or_trick_result_is_read_only() -> None:
    """``vars()`` and ``__dict__`` show a state's and a trick result's fields
    without a way to change them; copying, pickling and attrs.evolve still work."""
    import copy
    import pickle

    from counter_rules import apply_move, legal_moves, new_game

    state = new_game(Counter(players=4), seed=3)
    while not state.tricks:
        state = apply_move(state, legal_moves(state)[0])
    before = attrs.asdict(state, recurse=False)
    for obj in (state, state.tricks[0]):
        fields = vars(obj)
        assert fields is obj.__dict__ or fields == obj.__dict__
        with pytest.raises(TypeError):
            fields["hand_number" if obj is state else "winner"] = 99  # type: ignore[index]
        with pytest.raises(AttributeError):
            fields.clear()  # type: ignore[attr-defined]
        assert copy.copy(obj) == obj
        assert copy.deepcopy(obj) == obj
        assert pickle.loads(pickle.dumps(obj)) == obj
    assert attrs.asdict(state, recurse=False) == before
    assert attrs.evolve(state, hand_number=2).hand_number == 2
    assert legal_moves(state) == legal_moves(attrs.evolve(state))


@pure_only
def test_a_changed_nine_changes_what_the_solver_answers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The solver's general search resolves tricks through the rules of the
    play, so a variant Nine (always worth 15) changes its answers on positions
    where a Nine decides a trick, and it answers what a plain minimax over the
    engine's own moves answers under the variant."""
    rules = Counter(players=3)
    positions = []
    for seed in range(60):
        state = ending(rules, seed, 3)
        if state is not None and state.phase is Phase.PLAYING:
            nines = [c for hand in state.hands for c in hand if c.rank is counter_rules.Rank.NINE]
            if nines:
                positions.append((state, 1 << (seed % 3)))
    before = [solve(state, [s for s in range(3) if side >> s & 1]) for state, side in positions]

    def strong_nine(work: counter_rules.effects.TrickWork) -> None:
        for i in range(work.n):
            if work.ranks[i] is counter_rules.Rank.NINE:
                work.half[i] = 30

    monkeypatch.setattr(nine, "apply", strong_nine)
    # A build with the native kernel keeps the tricks a search resolved for
    # the next search of the same rules: forget those of the real Nine, and
    # then those of this one.
    release_memory()
    after = []
    try:
        for state, side in positions:
            solved = solve(state, [s for s in range(3) if side >> s & 1])
            assert solved == naive_value(state, side)
            after.append(solved)
    finally:
        release_memory()
    assert len(positions) >= 5 and before != after
