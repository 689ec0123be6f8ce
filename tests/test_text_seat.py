"""The text seat: the prompt a language model reads, and the loop that reads
its replies as moves, answers refusals with the engine's reason, and falls back
after too many tries (the example agent's games: tests/test_examples.py)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from strategies import random_playout, rulesets, seeds

from counter_rules import (
    Bid,
    Card,
    Counter,
    GameState,
    InvalidArgumentError,
    Pass,
    Phase,
    Play,
    apply_move,
    legal_moves,
    new_game,
    parse_move,
    sample_world,
    view,
)
from counter_rules.rulesets.base import Ruleset
from counter_rules.text_seat import ANSWER_RULE, ask_text_seat, move_text, seat_prompt


def _listed(prompt: str) -> list[str]:
    line = next(x for x in prompt.splitlines() if x.startswith("Your legal moves: "))
    return line.removeprefix("Your legal moves: ").removesuffix(".").split(", ")


def _script(*replies: str) -> tuple[list[str], Any]:
    heard: list[str] = []
    answers: Iterator[str] = iter(replies)

    def model(message: str) -> str:
        heard.append(message)
        return next(answers)

    return heard, model


def _reach(rules: Ruleset, seed: int, wanted: Any) -> GameState:
    rng = random.Random(seed)
    state = new_game(rules, seed)
    while not wanted(state):
        state = apply_move(state, rng.choice(legal_moves(state)))
    return state


@settings(max_examples=15, deadline=None)
@given(rules=rulesets(), seed=seeds)
def test_the_prompt_lists_exactly_the_legal_moves_in_the_parsers_notation(
    rules: Ruleset, seed: int
) -> None:
    """Every move the prompt lists reads back with parse_move(state=, seat=) as
    that legal move, and every legal move is listed, at states of random games."""
    for i, (state, _) in enumerate(random_playout(rules, seed, seed ^ 6)):
        if i > 150 or state.is_over:
            break
        if i % 4:
            continue
        for seat in state.to_act:
            prompt = seat_prompt(view(state, seat))
            read = [parse_move(text, state=state, seat=seat) for text in _listed(prompt)]
            assert tuple(read) == legal_moves(state, seat)
            assert prompt.endswith(ANSWER_RULE)


@settings(max_examples=15, deadline=None)
@given(rules=rulesets(), seed=seeds)
def test_the_prompt_says_nothing_the_seat_may_not_know(rules: Ruleset, seed: int) -> None:
    """Worlds the seat cannot tell apart (sample_world of its view) give the
    very same prompt."""
    rng = random.Random(seed)
    for i, (state, _) in enumerate(random_playout(rules, seed, seed ^ 7)):
        if i > 150:
            break
        if i % 9:
            continue
        seat = rng.randrange(state.players)
        mine = view(state, seat)
        world = sample_world(mine, rng)
        assert seat_prompt(view(world, seat)) == seat_prompt(mine)


def test_the_prompt_holds_the_rules_the_table_and_the_hand() -> None:
    """The rules in brief, trump, bids, tricks, scores and the seat's cards are
    in the prompt, cards written as the parser reads them."""
    state = _reach(Counter(), 5, lambda s: len(s.tricks) >= 2)
    seat = min(state.to_act)
    prompt = seat_prompt(view(state, seat))
    assert prompt.startswith(f"You are seat {seat} in a game of Counter.")
    assert "The rules in brief:\nThree to five players" in prompt
    assert f"Trump: {state.trump.letter}" in prompt if state.trump else True
    assert "Bids: " in prompt and "Tricks won this hand: " in prompt
    assert "Scores before this hand: " in prompt and "Trick 2: " in prompt
    assert f"Your hand: {' '.join(c.letters for c in state.hands[seat])}." in prompt
    other = (seat + 1) % state.players
    assert " ".join(c.letters for c in state.hands[other]) not in prompt


def test_an_illegal_reply_is_answered_with_the_engines_reason() -> None:
    """A reply naming a move the seat may not make is answered with the
    engine's reason and the legal moves; the next legal reply is the move."""
    state = new_game(Counter(), seed=2)
    heard, model = _script("bid 11", "bid 3")
    assert ask_text_seat(state, 1, model) == Bid(1, 3)
    assert heard[1].splitlines() == [
        "'bid 11' is not allowed: a bid must be from 0 to 10, got 11",
        "Your legal moves: " + ", ".join(f"bid {n}" for n in range(11)) + ".",
        ANSWER_RULE,
    ]


def test_a_chatty_reply_is_read_from_its_last_line() -> None:
    """The answer is the reply's last non-empty line, without quotes, backticks
    or a final full stop."""
    state = new_game(Counter(), seed=2)
    for reply in ("I think two.\n\nbid 2\n", "`bid 2`", '"bid 2".', "**2**"):
        heard, model = _script(reply)
        assert ask_text_seat(state, 1, model) == Bid(1, 2)
        assert len(heard) == 1


def test_after_the_tries_the_fallback_move_is_played() -> None:
    """After ``tries`` replies that are no legal move, the fallback chooses;
    without one, the first legal move is played."""
    state = new_game(Counter(), seed=2)
    heard, model = _script("hello", "bid 12", "nonsense")
    chosen = ask_text_seat(state, 1, model, tries=3, fallback=lambda pv: legal_moves(pv)[-1])
    assert chosen == Bid(1, 10) and len(heard) == 3
    assert heard[1].startswith("'hello' is not a move I can read.")
    heard, model = _script("hello")
    assert ask_text_seat(state, 1, model, tries=1) == legal_moves(state, 1)[0]


def test_the_simultaneous_pass_asks_any_seat_still_to_choose() -> None:
    """In Counter's pass every seat in to_act is asked; 'KH' alone passes."""
    state = _reach(Counter(), 3, lambda s: s.phase is Phase.PASSING)
    for seat in sorted(state.to_act):
        card = state.hands[seat][0]
        _, model = _script(card.letters)
        move = ask_text_seat(state, seat, model)
        assert move == Pass(seat, card)
        state = apply_move(state, move)
    assert state.phase is not Phase.PASSING


def test_wrong_arguments_are_argument_errors() -> None:
    """A seat with nothing to do, tries below 1, a reply that is not text and a
    fallback that returns no legal move are argument errors."""
    state = new_game(Counter(), seed=2)
    _, model = _script("bid 2")
    with pytest.raises(InvalidArgumentError, match="seat 2 has no move to make now"):
        ask_text_seat(state, 2, model)
    with pytest.raises(InvalidArgumentError, match="tries must be a whole number from 1, got 0"):
        ask_text_seat(state, 1, model, tries=0)
    with pytest.raises(InvalidArgumentError, match="ask must return text"):
        ask_text_seat(state, 1, lambda message: None)  # type: ignore[arg-type,return-value]
    _, model = _script("nonsense")
    with pytest.raises(InvalidArgumentError, match="fallback must return a legal move"):
        ask_text_seat(state, 1, model, tries=1, fallback=lambda pv: Bid(2, 1))
    with pytest.raises(InvalidArgumentError, match="expected a PlayerView"):
        seat_prompt(state)  # type: ignore[arg-type]


def test_move_text_is_the_notation_without_the_seat() -> None:
    """move_text writes what parse_move reads for the seat."""
    four, other = Card.parse("4S"), Card.parse("4D")
    assert move_text(Play(2, four, reveal=other)) == "4S+4D"
    assert move_text(Bid(1, 2, blind=True)) == "blind bid 2"
    assert move_text(Play(0, Card.parse("Jo"), call="high")) == "Jo(high)"
