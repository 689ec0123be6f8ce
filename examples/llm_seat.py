"""A language-model seat: one seat answers in text, bots play the others.

The seat is driven by :func:`counter_rules.text_seat.ask_text_seat`: the model
gets a plain-text prompt (the rules in brief, the hand so far, its cards and
its legal moves), its reply is read as the seat's move, and an illegal or
unreadable reply is answered with the engine's reason until the model gets it
right or runs out of tries. Here a scripted stand-in plays the model (nothing
is downloaded): it chats, sometimes names a card it does not hold or a bid it
may not make, and otherwise picks one of the legal moves the prompt lists. To
use a real model, pass a function that sends each message to your chat client
in one conversation and returns the reply.

Run: ``python examples/llm_seat.py [GAMES]``.
"""

from __future__ import annotations

import random
import sys

import attrs

from counter_rules import Counter, GameState, Move, PlayerView, apply_move, new_game, view
from counter_rules.bots import HeuristicBot
from counter_rules.rulesets.base import Ruleset
from counter_rules.text_seat import ask_text_seat

_MOVES_LINE = "Your legal moves: "


class ScriptedModel:
    """A stand-in for a language model: answers from the prompt's list of legal
    moves, with chatter, and makes a mistake now and then."""

    def __init__(self, seed: int, mistakes: float = 0.3) -> None:
        self.rng = random.Random(seed)
        self.mistakes = mistakes
        self.messages = 0

    def __call__(self, message: str) -> str:
        self.messages += 1
        listed = next(line for line in message.splitlines() if line.startswith(_MOVES_LINE))
        moves = listed.removeprefix(_MOVES_LINE).removesuffix(".").split(", ")
        if self.rng.random() < self.mistakes:
            return self.rng.choice(["I'd rather not say.", "bid 99", "play 7Z", "QS", "pass 2C"])
        return f"Let me think about the trick.\n{self.rng.choice(moves)}"


@attrs.define
class Tally:
    """What the text seat did over the games."""

    games: int = 0
    decisions: int = 0
    messages: int = 0
    fallbacks: int = 0
    wins: float = 0.0


def play_game(rules: Ruleset, seed: int, model: ScriptedModel, tally: Tally) -> GameState:
    """One game: seat 0 is the text seat, the heuristic bot plays the others."""
    bot = HeuristicBot(samples=4)
    rng = random.Random(seed)
    state = new_game(rules, seed)

    def fall_back(player_view: PlayerView) -> Move:
        tally.fallbacks += 1
        return bot.choose(player_view, rng)

    while not state.is_over:
        seat = min(state.to_act)
        if seat == 0:
            tally.decisions += 1
            move = ask_text_seat(state, 0, model, tries=3, fallback=fall_back)
        else:
            move = bot.choose(view(state, seat), rng)
        state = apply_move(state, move)
    tally.games += 1
    if 0 in state.winners:
        tally.wins += 1 / len(state.winners)
    return state


def main(games: int = 3) -> Tally:
    """Play ``games`` games of Counter and print what the text seat did."""
    model = ScriptedModel(seed=7)
    tally = Tally()
    for seed in range(games):
        final = play_game(Counter(target=4), seed, model, tally)
        print(f"game {seed + 1}: scores {list(final.scores)}, winners {list(final.winners)}")
    tally.messages = model.messages
    print(
        f"{tally.games} games, {tally.decisions} decisions of the text seat, "
        f"{tally.messages} messages to the model, {tally.fallbacks} fallback moves, "
        f"{tally.wins:g} wins"
    )
    return tally


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
