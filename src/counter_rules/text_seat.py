"""A text seat: a player that reads and writes plain text, such as a language model.

:func:`seat_prompt` turns a seat's view into a plain-text prompt: the rules in
brief, the state of the hand (trump, bids, tricks, scores), the seat's hand
and its legal moves, written in the notation that
:func:`parse_move(text, state=..., seat=...) <counter_rules.parse_move>`
reads (``QS``, ``bid 2``, ``pass KH``). :func:`ask_text_seat` runs the loop
around a model: it sends the prompt, reads the reply as that seat's move,
answers an illegal or unreadable reply with the engine's reason and the legal
moves, and after ``tries`` replies that are no legal move, plays a fallback
move. The model is any function from a message to a reply: a chat client that
keeps the conversation, or a script in tests.

Example:
    >>> from counter_rules import Counter, new_game
    >>> from counter_rules.text_seat import ask_text_seat
    >>> state = new_game(Counter(), seed=2)
    >>> replies = iter(["I bid eleven", "bid 11", "bid 2"])
    >>> heard = []
    >>> def model(message):
    ...     heard.append(message)
    ...     return next(replies)
    >>> ask_text_seat(state, 1, model)
    Bid(seat=1, tricks=2, blind=False)
    >>> print(heard[1].splitlines()[0])
    'I bid eleven' is not a move I can read.
    >>> print(heard[2].splitlines()[0])
    'bid 11' is not allowed: a bid must be from 0 to 10, got 11
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from counter_rules.argument_checks import shown
from counter_rules.cards import Card
from counter_rules.engine import legal_moves
from counter_rules.errors import IllegalMoveError, InvalidArgumentError, InvalidNotationError
from counter_rules.moves import Bid, Move, Pass
from counter_rules.notation import format_move, parse_move
from counter_rules.phase import Phase
from counter_rules.rulesets.registry import ruleset_entry_for
from counter_rules.state import GameState
from counter_rules.trick import PlayedCard
from counter_rules.views import PlayerView, view

__all__ = ["ANSWER_RULE", "ask_text_seat", "move_text", "read_move", "seat_prompt"]

ANSWER_RULE = "Answer with exactly one of your legal moves, written as listed, and nothing else."
"""The last line of every prompt and correction."""


def move_text(move: Move) -> str:
    """A move as the seat types it: the notation without the seat, in ASCII
    (``QS``, ``4S+4D``, ``Jo(high)``, ``bid 2``, ``blind bid 2``, ``pass KH``),
    which :func:`~counter_rules.parse_move` reads back for the seat.

    Example:
        >>> from counter_rules import Card, Pass
        >>> from counter_rules.text_seat import move_text
        >>> move_text(Pass(3, Card.parse("KH")))
        'pass KH'
    """
    return format_move(move, ascii=True).partition(":")[2]


def read_move(text: str, moves: Sequence[Move], state: GameState) -> Move:
    """A person's answer as one of ``moves`` (a seat's legal moves, in the
    order they were shown): a move's number in that list, from 1, or the move
    itself as :func:`~counter_rules.parse_move` reads it for the seat (while
    bidding a number is the bid, ``2`` as ``bid 2``). ``counter-rules play``
    and the game server of the examples read their answers with it.

    Raises:
        InvalidNotationError: A number outside the list, or text that is no
            move; the message says what is expected.
        IllegalMoveError: A move the seat may not make; ``reason`` says why.

    Example:
        >>> from counter_rules import Counter, Phase, apply_move, legal_moves, new_game
        >>> from counter_rules.text_seat import read_move
        >>> state = new_game(Counter(), seed=2)
        >>> while state.phase is Phase.BIDDING:
        ...     state = apply_move(state, legal_moves(state)[0])
        >>> moves = legal_moves(state, min(state.to_act))
        >>> print(moves[1], read_move("2", moves, state), read_move("AC", moves, state))
        P1:K♣ P1:K♣ P1:A♣
        >>> from counter_rules import InvalidNotationError
        >>> try:
        ...     read_move("99", moves, state)
        ... except InvalidNotationError as unreadable:
        ...     print(unreadable)
        there is no move '99': the moves are numbered 1 to 10
    """
    if not moves:
        raise InvalidArgumentError("read_move needs the seat's legal moves, got none")
    answer = text.strip()
    numbered = not isinstance(moves[0], Bid)
    if numbered and re.fullmatch(r"[0-9]+", answer):
        if len(answer) <= 9 and 1 <= int(answer) <= len(moves):
            return moves[int(answer) - 1]
        raise InvalidNotationError(
            f"there is no move {shown(answer, 20)}: the moves are numbered 1 to {len(moves)}"
        )
    try:
        return parse_move(answer, state=state, seat=moves[0].seat)
    except InvalidNotationError as unreadable:
        if not numbered:
            raise
        raise InvalidNotationError(
            f"{unreadable}; or a move's number (1 to {len(moves)})"
        ) from None


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(card.letters for card in cards) or "none"


def _seat(seat: int, me: int) -> str:
    return "you" if seat == me else f"seat {seat}"


def _per_seat(values: Sequence[object], me: int) -> str:
    return ", ".join(f"{_seat(s, me)} {'-' if v is None else v}" for s, v in enumerate(values))


def _played(plays: Sequence[PlayedCard], me: int) -> str:
    parts = []
    for p in plays:
        text = p.card.letters
        if p.reveal is not None:
            text += f" showing {p.reveal.letters}"
        if p.call is not None:
            text += f" called {p.call}"
        parts.append(f"{_seat(p.seat, me)} {text}")
    return ", ".join(parts)


def _rules_part(pv: PlayerView) -> list[str]:
    rules = pv.rules
    try:
        entry = ruleset_entry_for(rules)
    except InvalidArgumentError:  # a ruleset that is not registered
        return [f"The game: {rules.name}, {pv.players} players ({rules!r})."]
    return [
        f"The game: {entry.title}, {pv.players} players (seats 0 to {pv.players - 1}); "
        f"the options: {rules!r}.",
        "",
        "The rules in brief:",
        entry.text.strip(),
    ]


def _table_part(pv: PlayerView) -> list[str]:
    me = pv.seat
    trump = "none" if pv.trump is None else f"{pv.trump.letter} ({pv.trump.name.lower()})"
    lines = [
        f"Hand {pv.hand_number}: {pv.cards_dealt} cards each, {_seat(pv.dealer, me)} dealt.",
        f"Trump: {trump}."
        + ("" if pv.trump_card is None else f" The card turned up: {pv.trump_card.letters}."),
    ]
    if pv.face_up:
        lines.append(f"Face up on the stock (top first): {_cards(pv.face_up)}.")
    lines.append(f"Scores before this hand: {_per_seat(pv.scores, me)}.")
    blind = [s for s, b in enumerate(pv.blind) if b]
    lines.append(
        f"Bids: {_per_seat(pv.bids, me)}"
        + (f" (blind: {', '.join(_seat(s, me) for s in blind)})" if blind else "")
        + "."
    )
    lines.append(f"Tricks won this hand: {_per_seat(pv.tricks_won, me)}.")
    for number, trick in enumerate(pv.tricks, 1):
        winner = "nobody" if trick.winner is None else _seat(trick.winner, me)
        lines.append(f"Trick {number}: {_played(trick.plays, me)}; won by {winner}.")
    if pv.trick:
        lines.append(f"The current trick so far: {_played(pv.trick, me)}.")
        if pv.doubled_lead:
            lines.append("The card led to this trick counts double.")
    lines.append(f"Cards in each hand: {_per_seat(pv.hand_sizes, me)}.")
    for given, got in pv.my_exchanges:
        passed = "?" if given is None else given.letters
        received = "?" if got is None else got.letters
        lines.append(f"You passed {passed} to your left and received {received}.")
    return lines


def _hand_part(pv: PlayerView) -> list[str]:
    if pv.hand is not None:
        return [f"Your hand: {_cards(pv.hand)}."]
    seen = "; ".join(f"seat {s}: {_cards(h)}" for s, h in enumerate(pv.others) if h is not None)
    return [f"Your own card is hidden from you while you bid; you see {seen}."]


def _moves_line(moves: Sequence[Move]) -> str:
    return "Your legal moves: " + ", ".join(move_text(m) for m in moves) + "."


def seat_prompt(player_view: PlayerView) -> str:
    """A plain-text prompt for the seat of ``player_view``: the game and its
    rules in brief, the hand so far, the seat's cards, and its legal moves in
    the notation :func:`~counter_rules.parse_move` reads.

    It says nothing the view does not hold. Cards are written as ``QS``,
    ``10H``, ``Jo``.

    Raises:
        InvalidArgumentError: ``player_view`` is not a view.

    Example:
        >>> from counter_rules import Counter, new_game, view
        >>> from counter_rules.text_seat import seat_prompt
        >>> text = seat_prompt(view(new_game(Counter(), seed=2), 1))
        >>> print(text.splitlines()[0])
        You are seat 1 in a game of Counter. It is your turn to bid.
        >>> print(text.splitlines()[-2])  # doctest: +ELLIPSIS
        Your legal moves: bid 0, bid 1, bid 2, ..., bid 10.
    """
    if not isinstance(player_view, PlayerView):
        raise InvalidArgumentError(f"expected a PlayerView, got {player_view!r:.80}")
    pv = player_view
    moves = legal_moves(pv)
    task = _task(pv, moves)
    lines = [
        f"You are seat {pv.seat} in a game of {pv.rules.name}. {task}",
        "",
        *_rules_part(pv),
        "",
        "The game so far:",
        *_table_part(pv),
        "",
        *_hand_part(pv),
    ]
    if moves:
        lines += [_moves_line(moves), ANSWER_RULE]
    return "\n".join(lines)


def _task(pv: PlayerView, moves: Sequence[Move]) -> str:
    if pv.phase is Phase.GAME_OVER:
        return "The game is over."
    if not moves:
        return "You have no move to make now."
    kind = type(moves[0])
    if kind is Bid:
        return "It is your turn to bid."
    if kind is Pass:
        return "Every player now passes one card face down to the left: choose yours."
    return "It is your turn to play a card."


def _reply_text(reply: str) -> str:
    """The answer in a reply: its last non-empty line, without quotes, backticks
    or a final full stop around it."""
    lines = [line.strip() for line in reply.strip().splitlines() if line.strip()]
    last = lines[-1] if lines else ""
    marks = "`'\"* "
    return last.strip(marks).removesuffix(".").strip(marks)


def ask_text_seat(
    state: GameState,
    seat: int,
    ask: Callable[[str], str],
    *,
    tries: int = 3,
    fallback: Callable[[PlayerView], Move] | None = None,
) -> Move:
    """Ask a text player (a language model, say) for ``seat``'s move in ``state``.

    ``ask`` is called first with :func:`seat_prompt` of the seat's view, then,
    after a reply that is no legal move, with a correction: the reply quoted,
    why it was refused (the engine's reason for an illegal move, or that it
    could not be read) and the legal moves again. A chat client passed as
    ``ask`` should add each message to the same conversation. Each reply is
    read by :func:`parse_move(..., state=state, seat=seat)
    <counter_rules.parse_move>` from its last non-empty line, without quotes
    or a final full stop. After ``tries`` replies that are no legal move, the
    move is ``fallback(view)``, or the first legal move without one.

    Args:
        state: The game.
        seat: The seat to move; it must have a move to make (in ``to_act``).
        ask: Sends a message to the player and returns its reply.
        tries: How many replies to read before falling back, at least 1.
        fallback: Chooses the move when no reply was a legal move (a bot's
            ``lambda view: bot.choose(view, rng)``); it must return a legal move.

    Returns:
        A legal move of ``seat``.

    Raises:
        InvalidArgumentError: ``seat`` has no move to make, ``tries`` is not a
            whole number from 1, ``ask`` returned something other than text,
            or ``fallback`` returned no legal move.
    """
    if not isinstance(state, GameState):
        raise InvalidArgumentError(f"expected a GameState, got {state!r:.80}")
    if type(tries) is not int or tries < 1:
        raise InvalidArgumentError(f"tries must be a whole number from 1, got {tries!r:.40}")
    pv = view(state, seat)
    moves = legal_moves(pv)
    if not moves:
        raise InvalidArgumentError(f"seat {seat} has no move to make now")
    message = seat_prompt(pv)
    for _ in range(tries):
        reply = ask(message)
        if not isinstance(reply, str):
            raise InvalidArgumentError(f"ask must return text, got {reply!r:.80}")
        answer = _reply_text(reply)
        try:
            return parse_move(answer, state=state, seat=seat)
        except IllegalMoveError as refused:
            problem = f"{answer!r:.80} is not allowed: {refused.reason}"
        except InvalidNotationError:
            problem = f"{answer!r:.80} is not a move I can read."
        message = "\n".join((problem, _moves_line(moves), ANSWER_RULE))
    move = moves[0] if fallback is None else fallback(pv)
    if move not in moves:
        raise InvalidArgumentError(
            f"fallback must return a legal move of seat {seat}, got {move!r:.80}"
        )
    return move
