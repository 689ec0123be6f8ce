"""analyse (the analysis of a whole game), hint (advice from a player's view)
and the command line's analyse command and play key."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

import pytest
from analysis_helpers import counted_calls, played, trick_start

from counter_rules import (
    Card,
    Counter,
    GameState,
    InvalidArgumentError,
    OhHell,
    Pass,
    Phase,
    Play,
    apply_move,
    legal_moves,
    new_game,
    record_of,
    replay,
    rules_from_dict,
    sample_world,
    state_to_json,
    view,
)
from counter_rules.analysis import (
    Analysis,
    Decision,
    Hint,
    MoveHint,
    Solver,
    _report,
    _solving,
    analyse,
    can_make,
    hint,
    move_values,
    outcome,
    outcome_values,
)
from counter_rules.cli import main
from counter_rules.rulesets.base import Ruleset


def test_every_decision_with_a_choice_is_judged(
    short_game: GameState, short_analysis: Analysis
) -> None:
    """Every play with more than one legal move is a decision, in order, and
    its values are those move_values gives for the seat alone."""
    expected = []
    for state in record_of(short_game).replay():
        if state.phase is Phase.PLAYING and len(legal_moves(state)) > 1:
            expected.append(state)
    assert len(short_analysis.decisions) == len(expected)
    for decision, state in zip(short_analysis.decisions, expected, strict=True):
        values = move_values(state)
        assert decision.seat == state.current_player
        assert decision.value == values[decision.move]
        assert decision.best == max(values.values())
        assert set(decision.best_moves) == {m for m, v in values.items() if v == decision.best}
        assert decision.lost == decision.best - decision.value >= 0
        assert decision.hand == state.hand_number and decision.trick == len(state.tricks) + 1
        bid = state.bids[decision.seat]
        assert decision.bid == bid
        assert decision.could_make_before == can_make(state, decision.seat, bid)


def test_a_bid_that_could_not_be_made_before_cannot_be_made_after(
    short_analysis: Analysis,
) -> None:
    """A seat's own move cannot make a bid it could not be sure of makeable."""
    for decision in short_analysis.decisions:
        if not decision.could_make_before:
            assert decision.could_make_after is False
        assert decision.broke_bid == (decision.could_make_before and not decision.could_make_after)


def test_a_record_and_its_final_state_give_the_same_analysis(
    short_game: GameState, short_analysis: Analysis
) -> None:
    """analyse takes a GameRecord or a GameState alike."""
    assert analyse(record_of(short_game)) == short_analysis


def test_a_running_game_is_analysed_up_to_its_state(short_game: GameState) -> None:
    """The analysis of a running game is the start of the finished game's."""
    running = played(OhHell(players=3, schedule=(4, 3)), 4, stop=12)
    assert running.phase is Phase.PLAYING
    partial = analyse(running).decisions
    assert partial == analyse(short_game).decisions[: len(partial)]


def test_the_report_names_the_costly_cards_and_the_totals(short_analysis: Analysis) -> None:
    """The report has a line for each decision that gave tricks away, lost a
    makeable bid or cost points with every seat for itself, and the tricks
    and points given away by each seat."""
    text = short_analysis.report()
    assert str(short_analysis) == text
    costly = [d for d in short_analysis.decisions if d.lost or d.broke_bid or d.points_lost]
    assert costly
    assert any(d.points_lost and not (d.lost or d.broke_bid) for d in costly)
    assert sum(line.startswith("  trick ") for line in text.splitlines()) == len(costly)
    lost = short_analysis.lost_by_seat()
    points = short_analysis.points_lost_by_seat()
    at = -1 - bool(short_analysis.broken_bids())
    assert text.splitlines()[at - 1 : at + 1 or None] == [
        "Tricks given away: " + ", ".join(f"seat {s} {n}" for s, n in enumerate(lost)),
        "Points lost with every seat for itself: "
        + ", ".join(f"seat {s} {n}" for s, n in enumerate(points)),
    ]


def test_each_decision_gives_both_questions_answers(
    short_game: GameState, short_analysis: Analysis
) -> None:
    """Every decision judged has the outcome of the move made and of the
    seat's best move with every seat for itself, as outcome_values gives them."""
    record = record_of(short_game)
    judged = [
        (state, move)
        for state, move in zip(replay(record), record.moves, strict=False)
        if state.phase is Phase.PLAYING and len(legal_moves(state, move.seat)) > 1
    ]
    assert len(judged) == len(short_analysis.decisions)
    for (state, move), d in zip(judged, short_analysis.decisions, strict=True):
        assert d.move == move and d.outcome is not None and d.best_outcome is not None
        assert d.move in d.outcome_best_moves or d.points_lost > 0
        assert d.points_lost == d.best_outcome.points[d.seat] - d.outcome.points[d.seat] >= 0
        assert outcome_values(state, d.seat)[move] == d.outcome
        assert outcome(state, d.seat) == d.best_outcome


def test_the_json_holds_every_decision(short_analysis: Analysis) -> None:
    """to_json is the JSON text of to_dict: every decision with its move in notation."""
    data = json.loads(short_analysis.to_json(indent=1))
    assert data == short_analysis.to_dict()
    assert len(data["decisions"]) == len(short_analysis.decisions)
    first = data["decisions"][0]
    assert set(first) == {
        "hand", "trick", "seat", "move", "value", "best", "lost", "best_moves", "bid",
        "could_make_before", "could_make_after", "outcome", "best_outcome",
        "outcome_best_moves", "points_lost",
    }  # fmt: skip
    assert rules_from_dict(data["rules"]) == short_analysis.rules


@pytest.mark.slow
def test_counter_passes_are_judged_and_slow_decisions_listed() -> None:
    """A hand of Counter: the passes after a Five are decisions too, and with a
    time limit the decisions not solved in time are listed, not guessed."""
    state = played(Counter(players=3), 5, stop=40)
    analysis = analyse(state, seconds=0.2)
    assert any(isinstance(d.move, Pass) for d in analysis.decisions)
    assert analysis.unsolved
    assert "not solved in the time given" in analysis.report()
    assert len(analysis.to_dict()["unsolved"]) == len(analysis.unsolved)


@pytest.mark.parametrize(
    ("game", "kwargs", "message"),
    [
        ("game.json", {}, "analyse needs a GameRecord or a GameState, got str"),
        (None, {"seconds": 0}, r"seconds must be a positive number up to 1e\+09 or None, got 0"),
        (None, {"seconds": True}, "got True"),
    ],
)
def test_bad_arguments_to_analyse_are_named(
    short_game: GameState, game: object, kwargs: dict[str, object], message: str
) -> None:
    """Something other than a game, or a time limit that is not a positive number."""
    with pytest.raises(InvalidArgumentError, match=message):
        analyse(short_game if game is None else game, **kwargs)  # type: ignore[arg-type]


# -- hint ---------------------------------------------------------------------------
def _to_play(seed: int) -> GameState:
    state = new_game(OhHell(players=4, schedule=(5,)), seed=seed)
    rng = random.Random(seed)
    while state.phase is Phase.BIDDING or len(state.trick) < seed % 4:
        state = apply_move(state, rng.choice(legal_moves(state)))
    return state


@pytest.mark.parametrize("seed", range(3))
def test_a_hint_values_every_legal_move_from_worlds_of_the_view(seed: int) -> None:
    """Every legal move gets an average value between 0 and the tricks left,
    and a share of worlds in which the bid can still be made."""
    state = _to_play(seed)
    seat = state.current_player
    assert seat is not None
    advice = hint(view(state, seat), rng=random.Random(seed), worlds=4)
    assert advice.worlds == 4 and advice.seat == seat and advice.bid == state.bids[seat]
    assert [m.move for m in advice.moves] == list(legal_moves(state, seat))
    for move in advice.moves:
        assert 0 <= move.value <= len(state.hands[seat])
        assert move.bid_made is not None and 0 <= move.bid_made <= 1
    assert "drawn from what seat" in str(advice)


def test_a_hint_does_not_depend_on_the_hidden_hands() -> None:
    """Two states that look the same to the seat get the same advice: the hint
    solves worlds drawn from the view, never the true hands."""
    state = _to_play(1)
    seat = state.current_player
    assert seat is not None
    other = sample_world(view(state, seat), random.Random(99))
    assert other.hands != state.hands and view(other, seat) == view(state, seat)
    first = hint(view(state, seat), rng=random.Random(3), worlds=3)
    second = hint(view(other, seat), rng=random.Random(3), worlds=3)
    assert first == second


# Trick starts where the bid of the seat to lead can be made for sure in some
# of the hint's four worlds (random.Random(3)) and not in the others.
SOME_WORLDS_MAKE_THE_BID = [
    pytest.param(Counter(players=4), 27, 4, id="counter-4"),
    pytest.param(Counter(players=3), 13, 4, id="counter-3"),
    pytest.param(OhHell(players=4, schedule=(5,)), 8, 5, id="oh-hell"),
]


@pytest.mark.parametrize(("rules", "seed", "cards"), SOME_WORLDS_MAKE_THE_BID)
def test_a_hint_asks_the_bid_after_each_move_only_in_worlds_where_it_can_be_made(
    rules: Ruleset, seed: int, cards: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No move of a seat's own makes a bid sure that the position does not:
    the hint asks about the bid after each move only in the worlds where the
    seat can be sure of it now, and each move's share of worlds is that of
    asking every move in every world."""
    state = trick_start(rules, seed, cards)
    seat = min(state.to_act)
    bid = state.bids[seat]
    assert bid is not None
    seen = view(state, seat)
    rng = random.Random(3)
    worlds = [sample_world(seen, rng, recordable=False) for _ in range(4)]
    makable = [can_make(world, seat, bid) for world in worlds]
    assert any(makable) and not all(makable)
    moves = legal_moves(seen)
    made = [
        sum(Solver().can_make_after(world, move, seat, bid) for world in worlds) / 4
        for move in moves
    ]
    asked = counted_calls(monkeypatch, _solving, "can_make_after")
    advice = hint(seen, rng=random.Random(3), worlds=4)
    assert advice.worlds == 4
    assert len(asked) == sum(makable) * len(moves)
    assert [m.bid_made for m in advice.moves] == made


def test_a_hint_out_of_time_says_so() -> None:
    """With no time for a single world of a Counter hand the hint solves none and says so."""
    state = new_game(Counter(), seed=3)
    while state.phase is Phase.BIDDING:
        state = apply_move(state, legal_moves(state)[0])
    seat = state.current_player
    assert seat is not None
    advice = hint(view(state, seat), rng=random.Random(1), worlds=2, seconds=0.05)
    assert advice.worlds == 0 and "No world could be solved" in str(advice)


def test_a_hint_recommends_by_the_points_only_where_half_the_worlds_have_them() -> None:
    """With the points from fewer than half the worlds solved, the best moves
    are those with the most tricks sure of alone, and the text says over how
    many worlds the points are; from half of them on, those with the most
    points."""
    q, k = (Play(0, Card.parse(text)) for text in ("QS", "KS"))
    moves = (
        MoveHint(move=q, value=1.0, bid_made=None, points=2.0),
        MoveHint(move=k, value=0.5, bid_made=None, points=7.0),
    )
    few = Hint(seat=0, moves=moves, worlds=5, bid=None, outcome_worlds=2)
    half = Hint(seat=0, moves=moves, worlds=4, bid=None, outcome_worlds=2)
    assert not few.by_points and few.best == (q,)
    assert half.by_points and half.best == (k,)
    assert "points over 2 of the 5 worlds" in str(few)
    assert str(few).endswith("(the most tricks sure of alone)")
    assert "points over" not in str(Hint(seat=0, moves=moves, worlds=2, bid=None, outcome_worlds=2))


def test_a_hint_whose_moves_all_tie_says_none_stands_out() -> None:
    """Where every move has the most of what the hint goes by (at Counter's
    first lead every world solved says the seat can be sure of no trick),
    the text says that no move stands out instead of naming them all;
    :attr:`Hint.best` still holds every move."""
    q, k = (Play(0, Card.parse(text)) for text in ("QS", "KS"))
    tied = (
        MoveHint(move=q, value=0.0, bid_made=None),
        MoveHint(move=k, value=0.0, bid_made=None),
    )
    advice = Hint(seat=0, moves=tied, worlds=3, bid=None)
    assert advice.best == (q, k)
    assert str(advice).endswith(
        "Best: none stands out (every move has the most tricks sure of alone here)"
    )
    alone = Hint(seat=0, moves=tied[:1], worlds=3, bid=None)
    assert str(alone).endswith("Best: Q♠ (the most tricks sure of alone)")


def test_a_hint_gives_the_outcome_question_a_count_of_positions_a_world(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each world's outcome question (every seat for itself) has the count of
    positions analyse gives it: a world where it does not finish keeps its
    sure-of values and leaves the time to the next worlds, so the hint
    solves every world asked; where it finishes, the points are those of the
    hint without that count."""
    state = new_game(Counter(players=4), seed=3)
    while state.phase is not Phase.PLAYING or state.trick or len(state.hands[0]) > 4:
        state = apply_move(state, legal_moves(state)[0])
    seat = state.current_player
    assert seat is not None and len(state.hands[seat]) == 4
    full = hint(view(state, seat), rng=random.Random(2), worlds=3)
    assert full.worlds == full.outcome_worlds == 3
    monkeypatch.setattr(_solving, "OUTCOME_POSITIONS_GENERAL", 20)
    capped = hint(view(state, seat), rng=random.Random(2), worlds=3)
    assert capped.worlds == 3 and capped.outcome_worlds == 0
    assert all(m.points is None for m in capped.moves)
    assert [(m.move, m.value, m.bid_made) for m in capped.moves] == [
        (m.move, m.value, m.bid_made) for m in full.moves
    ]
    assert "every seat for itself" not in str(capped).splitlines()[1]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"player_view": "state"}, "hint needs a PlayerView"),
        ({"rng": 3}, "rng must be a random.Random, got 3"),
        ({"worlds": 0}, "worlds must be a whole number from 1 up, got 0"),
        ({"seconds": -1}, "seconds must be a positive number or None, got -1"),
        ({"player_view": "bidding"}, "wait for the play"),
        ({"player_view": "not to act"}, "has no move to make now"),
    ],
)
def test_bad_arguments_to_hint_are_named(change: dict[str, object], message: str) -> None:
    """A state instead of a view, a view of a seat not to play, bad numbers."""
    state = _to_play(0)
    seat = state.current_player
    assert seat is not None
    views = {
        "state": state,
        "bidding": view(new_game(Counter(), seed=1), 1),
        "not to act": view(state, (seat + 1) % 4),
    }
    kwargs: dict[str, object] = {"player_view": view(state, seat), "rng": random.Random(1)}
    kwargs.update(change)
    if isinstance(kwargs["player_view"], str):
        kwargs["player_view"] = views[kwargs["player_view"]]
    with pytest.raises(InvalidArgumentError, match=message):
        hint(**kwargs)  # type: ignore[arg-type]


# -- the command line -----------------------------------------------------------------
def test_the_analyse_command_reports_a_saved_game(short_game: GameState, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """counter-rules analyse FILE prints the report; --json the whole analysis."""
    path = tmp_path / "game.json"
    path.write_text(state_to_json(short_game), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert main(["analyse", str(path)], out=out, err=err) == 0
    assert out.getvalue() == analyse(short_game).report() + "\n"
    count = len(analyse(short_game).decisions)
    assert err.getvalue().startswith(f"0/{count} decisions, 0 s\n")
    assert f"\n{count}/{count} decisions, " in err.getvalue()
    out = io.StringIO()
    assert main(["analyse", str(path), "--json", "--quiet"], out=out, err=err) == 0
    assert json.loads(out.getvalue()) == analyse(short_game).to_dict()


def test_the_analyse_command_picks_a_record_of_a_file(short_game: GameState, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """--game N picks the N-th line of a file of records."""
    other = played(OhHell(players=3, schedule=(2,)), 8)
    path = tmp_path / "games.jsonl"
    lines = [record_of(s).to_json() for s in (other, short_game)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = io.StringIO()
    assert main(["analyse", str(path), "--game", "2", "--quiet"], out=out) == 0
    assert out.getvalue() == analyse(short_game).report() + "\n"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seconds", "-1"], "--seconds must be a number of seconds, 0 for no limit, got '-1'"),
        (["--budget", "soon"], "--budget must be a number of seconds, 0 for no limit, got 'soon'"),
        (["--game", "3"], "holds one record, so --game must be 1 or left out"),
    ],
)
def test_bad_arguments_of_the_analyse_command_are_named(
    short_game: GameState,
    tmp_path,
    args: list[str],
    message: str,  # type: ignore[no-untyped-def]
) -> None:
    """Each bad argument ends the command with status 2 and one line naming it."""
    path = tmp_path / "game.json"
    path.write_text(state_to_json(short_game), encoding="utf-8")
    err = io.StringIO()
    assert main(["analyse", str(path), *args], out=io.StringIO(), err=err) == 2
    assert message in err.getvalue() and err.getvalue().count("\n") == 1


def test_the_play_key_a_shows_the_double_dummy_advice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In play, a shows every legal move's value over worlds drawn from the
    player's view; before the play it says the advice is for the play. The
    advice is the same whether its worlds are solved one after another or
    by two processes at once (--hint-jobs)."""
    monkeypatch.chdir(tmp_path)  # q saves the game in the working directory
    args = ["play", "--rules", "oh-hell", "--players", "3", "--option", "schedule=3", "--seed", "4"]
    texts = []
    for jobs in ("1", "2"):
        out = io.StringIO()
        main(
            [*args, "--no-color", "--hint-jobs", jobs],
            out=out,
            inp=io.StringIO("a\n1\na\nq\n"),
        )
        texts.append(out.getvalue())
    assert "The double-dummy advice is for the play: bid first." in texts[0]
    assert "Double dummy over 20 worlds drawn from what seat 0 sees" in texts[0]
    assert texts[1] == texts[0]


def test_the_report_names_passes_as_passes_and_each_unsolved_decision_once() -> None:
    """A pass reads "seat 3 passed 9♥" and its best "by passing Q♣"; the
    decisions not solved are listed by trick, each with its move, so a seat's
    pass and its play of one trick are two entries, not one entry twice."""
    c = Card.parse
    passed = Decision(
        hand=1, trick=4, seat=3, move=Pass(3, c("9H")), value=1, best=2,
        best_moves=(Pass(3, c("QC")), Pass(3, c("KC"))), bid=2,
        could_make_before=True, could_make_after=True,
    )  # fmt: skip
    analysis = Analysis(
        rules=Counter(players=4),
        decisions=(passed,),
        unsolved=((1, 5, Pass(2, c("3S"))), (1, 5, Play(2, c("4S"))), (2, 1, Play(0, c("AS")))),
    )
    lines = analysis.report().splitlines()
    assert (
        "  trick 4: seat 3 passed 9♥: gave away 1 trick "
        "(could be sure of 2 by passing Q♣ or K♣, 1 after it)"
    ) in lines
    assert "3 decisions were not solved in the time given:" in lines
    assert "  hand 1 trick 5: seat 2 passed 3♠, seat 2 played 4♠" in lines
    assert "  hand 2 trick 1: seat 0 played A♠" in lines


def test_under_a_budget_the_fewest_cards_are_analysed_first() -> None:
    """With a budget the decisions go from the fewest cards left up: every
    decision solved holds no more cards than any left unsolved, and both are
    reported in the order of the game."""
    state = played(Counter(players=3), 5, stop=60)
    analysis = analyse(state, budget=0.5)
    assert analysis.decisions and analysis.unsolved
    steps = {}
    record = record_of(state)
    for before, move in zip(replay(record), record.moves, strict=False):
        steps[(before.hand_number, len(before.tricks) + 1, move)] = len(before.hands[move.seat])
    solved = [steps[(d.hand, d.trick, d.move)] for d in analysis.decisions]
    unsolved = [steps[u] for u in analysis.unsolved]
    assert max(solved) <= min(unsolved)
    assert list(analysis.unsolved) == sorted(analysis.unsolved, key=lambda u: list(steps).index(u))


def test_a_process_keeps_the_searches_of_one_hand(
    short_game: GameState, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Under a budget the decisions go from hand to hand; the process keeps
    the searches of the hand of its last decision only (and the analysis is
    the one it makes without a budget)."""
    kept_hands: list[list[int]] = []
    judge = _report._judge

    def noted(kept: dict[int, _solving.Searches], *rest: Any) -> Decision | None:
        decision = judge(kept, *rest)
        kept_hands.append(sorted(kept))
        return decision

    monkeypatch.setattr(_report, "_judge", noted)
    analysis = analyse(short_game, budget=600)
    assert {hands[0] for hands in kept_hands} == {1, 2}
    assert all(len(hands) == 1 for hands in kept_hands)
    assert analysis.decisions == analyse(short_game).decisions


def test_the_outcome_question_gets_a_count_of_positions_a_decision(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Without a time limit ``analyse`` still ends: the outcome question has a
    count of positions a decision. A decision it cannot settle within them
    keeps its tricks and bids, without the points; where it settles, the
    points are those of the analysis without that count."""
    state = played(OhHell(players=4, schedule=(5,)), 11)
    full = analyse(state)
    monkeypatch.setattr(_solving, "OUTCOME_POSITIONS", 500)
    capped = analyse(state)
    assert not full.unsolved and not capped.unsolved
    assert all(d.outcome is not None for d in full.decisions)
    cut = [d for d in capped.decisions if d.outcome is None]
    assert cut and all(d.trick <= 2 and d.best_outcome is None for d in cut)
    for whole, part in zip(full.decisions, capped.decisions, strict=True):
        assert (whole.move, whole.value, whole.best) == (part.move, part.value, part.best)
        assert part.outcome is None or part == whole
