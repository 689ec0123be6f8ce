"""The best bot's guard (OutcomeBot.decide): which play it makes for each
answer of the worlds drawn, and when it asks the search at all; and the
worlds and positions it draws by game."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from counter_rules import Counter, OhHell, Phase, apply_move, legal_moves, new_game, view
from counter_rules.bots import OutcomeBot
from counter_rules.bots import outcome as outcome_module
from counter_rules.bots.outcome import (
    EXACT_FAST,
    EXACT_GENERAL,
    ITERATIONS_FAST,
    ITERATIONS_GENERAL,
    NODES_PER_WORLD,
    WORLDS_FAST,
    WORLDS_GENERAL,
)
from counter_rules.errors import InvalidArgumentError
from counter_rules.moves import Move
from counter_rules.rulesets.base import Ruleset
from counter_rules.views import PlayerView

Found = tuple[list[int], list[tuple[int, int]]] | None


def _late(rules: Ruleset, cards: int = 3, plays: int = 3) -> PlayerView:
    """A play decision with ``plays`` legal plays or more and at most
    ``cards`` cards in hand, seen by the seat to play."""
    for seed in range(200):
        rng = random.Random(seed)
        state = new_game(rules, seed=seed)
        while not state.is_over and state.hand_number == 1:
            seat = min(state.to_act)
            if (
                state.phase is Phase.PLAYING
                and len(state.hands[seat]) <= cards
                and len(legal_moves(state, seat)) >= plays
            ):
                return view(state, seat)
            state = apply_move(state, rng.choice(legal_moves(state)))
    raise AssertionError("no late decision with that many plays")


class _Search:
    """A stand-in for IS-MCTS that plays a fixed index and counts its calls."""

    def __init__(self, index: int) -> None:
        self.index = index
        self.calls = 0

    def decide(self, view: PlayerView, moves: tuple[Move, ...], rng: random.Random) -> Move:
        self.calls += 1
        return moves[self.index]


@pytest.fixture
def scripted(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[list[Found], _Search]]:
    """OutcomeBot with its rounds of worlds answering from a script (one
    answer a round, in turn) and its search a stand-in playing the last play."""
    answers: list[Found] = []
    search = _Search(-1)

    def safe_plays(
        self: OutcomeBot, seen: PlayerView, moves: tuple[Move, ...], rng: random.Random
    ) -> Found:
        return answers.pop(0)

    monkeypatch.setattr(OutcomeBot, "safe_plays", safe_plays)
    monkeypatch.setattr(OutcomeBot, "early", lambda self, seen: search)
    yield answers, search
    assert not answers, "every round scripted was drawn"


def _decide(answers: list[Found], rules: Ruleset | None = None) -> tuple[int, PlayerView]:
    seen = _late(OhHell(players=4, schedule=(5,)) if rules is None else rules)
    moves = legal_moves(seen)
    move = OutcomeBot().decide(seen, moves, random.Random(0))
    return moves.index(move), seen


def test_the_one_safe_play_is_made_without_a_search(
    scripted: tuple[list[Found], _Search],
) -> None:
    """One play best in every world drawn: it is made, the search not asked."""
    answers, search = scripted
    answers.append(([1], [(9, 0), (10, 0), (9, 0)]))
    assert _decide(answers)[0] == 1
    assert search.calls == 0


def test_every_play_safe_in_two_rounds_makes_the_best_on_average_without_a_search(
    scripted: tuple[list[Found], _Search],
) -> None:
    """In the plain family, every play safe in the first round: a second round
    is drawn, the search is not asked, and of the plays safe in both the one
    with the most points (then the fewest for the others) is made."""
    answers, search = scripted
    # The second number of each pair is the others' points, negated.
    answers.append(([0, 1, 2], [(10, -5), (10, -3), (10, -4)]))
    answers.append(([0, 1, 2], [(10, -5), (10, -3), (10, -4)]))
    assert _decide(answers)[0] == 1
    assert search.calls == 0


def test_at_counter_every_play_safe_leaves_it_to_the_search(
    scripted: tuple[list[Found], _Search],
) -> None:
    """Off the plain family (Counter), every play safe in the worlds drawn
    draws no second round: the search's choice is made."""
    answers, search = scripted
    answers.append(([0, 1, 2], [(10, -5), (10, -3), (10, -4)]))
    assert _decide(answers, Counter(players=4))[0] == 2
    assert search.calls == 1


def test_a_play_short_in_the_second_round_is_not_made(
    scripted: tuple[list[Found], _Search],
) -> None:
    """Every play safe in the first round, one short in the second: it is not
    made, though the search (which is not asked) would have made it."""
    answers, search = scripted
    answers.append(([0, 1, 2], [(10, 0), (10, 0), (10, 0)]))
    answers.append(([0, 1], [(10, 0), (10, 0), (8, 0)]))
    assert _decide(answers)[0] == 0
    assert search.calls == 0


def test_no_play_safe_in_the_second_round_leaves_it_to_the_search(
    scripted: tuple[list[Found], _Search],
) -> None:
    """Every play safe in the first round and none in the second, or the
    second round past its budget: the search's choice is made."""
    answers, search = scripted
    answers.append(([0, 1, 2], [(10, 0), (10, 0), (10, 0)]))
    answers.append(([], [(8, 0), (9, 0), (8, 0)]))
    assert _decide(answers)[0] == 2
    answers.append(([0, 1, 2], [(10, 0), (10, 0), (10, 0)]))
    answers.append(None)
    assert _decide(answers)[0] == 2
    assert search.calls == 2


def test_a_search_choice_that_is_not_safe_is_replaced(
    scripted: tuple[list[Found], _Search],
) -> None:
    """Some plays safe, the search's choice not among them: the safe play with
    the most points on average is made instead."""
    answers, search = scripted
    answers.append(([0, 1], [(10, 0), (12, 0), (3, 0)]))
    assert _decide(answers)[0] == 1
    assert search.calls == 1


def test_with_no_safe_play_the_search_decides(
    scripted: tuple[list[Found], _Search],
) -> None:
    """No play safe in every world drawn: the search's choice stands."""
    answers, search = scripted
    answers.append(([], [(10, 0), (12, 0), (3, 0)]))
    assert _decide(answers)[0] == 2
    assert search.calls == 1


@pytest.mark.parametrize(
    ("rules", "worlds"),
    [(OhHell(players=4, schedule=(5,)), WORLDS_FAST), (Counter(players=4), WORLDS_GENERAL)],
    ids=["plain", "counter"],
)
def test_the_worlds_and_positions_of_a_round_are_set_by_game(
    rules: Ruleset, worlds: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A round draws the game's worlds (48 in the plain family, 16 at Counter)
    and shares NODES_PER_WORLD positions a world among them; given ones are
    kept."""
    drawn: list[int] = []
    budgets: list[int] = []
    real_sample, real_solve = outcome_module.sample_world, outcome_module.solve_worlds

    def sample(seen: PlayerView, rng: random.Random, *, recordable: bool) -> object:
        drawn.append(1)
        assert not recordable  # the bot never saves its worlds
        return real_sample(seen, rng, recordable=recordable)

    def solve(*args: object, budget: int, **kwargs: object) -> object:
        budgets.append(budget)
        return real_solve(*args, budget=budget, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(outcome_module, "sample_world", sample)
    monkeypatch.setattr(outcome_module, "solve_worlds", solve)
    seen = _late(rules, 2, 2)
    moves = legal_moves(seen)
    OutcomeBot().safe_plays(seen, moves, random.Random(1))
    assert (len(drawn), budgets) == (worlds, [NODES_PER_WORLD * worlds])
    drawn.clear()
    budgets.clear()
    OutcomeBot(worlds=5, nodes=777).safe_plays(seen, moves, random.Random(1))
    assert (len(drawn), budgets) == (5, [777])


@pytest.mark.parametrize(
    ("rules", "iterations", "exact"),
    [
        (OhHell(players=4, schedule=(5,)), ITERATIONS_FAST, EXACT_FAST),
        (Counter(players=4), ITERATIONS_GENERAL, EXACT_GENERAL),
    ],
    ids=["plain", "counter"],
)
def test_the_search_is_set_by_game(rules: Ruleset, iterations: int, exact: int) -> None:
    """The bot's IS-MCTS takes the game's iterations and the cards from which
    its playouts end in the outcome question; given ones are kept, in a bid
    as in the play."""
    bidding = view(new_game(rules, seed=2), 1)
    for seen in (bidding, _late(rules, 2, 2)):
        search = OutcomeBot().early(seen)
        assert (search.iterations, search.exact) == (iterations, exact)
        given = OutcomeBot(iterations=30, exact=5).early(seen)
        assert (given.iterations, given.exact) == (30, 5)


def test_a_bad_exact_is_refused() -> None:
    """``exact`` out of 0..52 gets the library's error, naming it."""
    with pytest.raises(InvalidArgumentError, match=r"OutcomeBot\.exact"):
        OutcomeBot(exact=53)
