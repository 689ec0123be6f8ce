"""A compact text notation for moves that round-trips, and a player's short answers.

``P1:bid 3``, ``P1:blind bid 3``, ``P2:Q♠`` (or ``P2:QS``), ``P2:4♠+4♦`` (a Four
played showing another), ``P2:Jo(high)`` (a Joker with its call) and
``P3:pass K♥``. :func:`format_move` writes symbols or ASCII; :func:`parse_move`
reads either (cards as :meth:`Card.parse <counter_rules.Card.parse>` accepts them).
Given a state and a seat, :func:`parse_move` also reads what a player types
for that seat (``QS``, ``bid 2``, ``pass KH``) and says why a move the seat
may not make is refused.

Example:
    >>> from counter_rules import Card, Play, format_move, parse_move
    >>> move = Play(2, Card.parse("4S"), reveal=Card.parse("4D"))
    >>> format_move(move), format_move(move, ascii=True)
    ('P2:4♠+4♦', 'P2:4S+4D')
    >>> parse_move("P2:4S+4D") == move
    True
"""

from __future__ import annotations

import re

from counter_rules.argument_checks import seat_problem, shown
from counter_rules.cards import Card
from counter_rules.engine import apply_move, is_legal
from counter_rules.engine.transitions import why_malformed
from counter_rules.errors import IllegalMoveError, InvalidArgumentError, InvalidNotationError
from counter_rules.moves import Bid, Move, Pass, Play, play_text
from counter_rules.phase import Phase
from counter_rules.state import GameState

__all__ = ["format_move", "parse_move"]

# ASCII digits only (str.isdigit also accepts characters such as "²"), and short.
_SEAT = re.compile(r"[Pp][0-9]{1,3}")
_NUMBER = re.compile(r"[0-9]{1,4}")
_MAX_SEAT = 999  # what _SEAT reads
_MAX_BID = 9999  # what _NUMBER reads


def _card_text(card: Card, ascii: bool) -> str:
    return card.letters if ascii else str(card)


def format_move(move: Move, *, ascii: bool = False) -> str:
    """The text of a move; ``ascii=True`` writes cards as ``QS`` instead of ``Q♠``.

    Every field is checked (as :func:`~counter_rules.apply_move` checks a
    move), and the text always reads back as the same move.

    Raises:
        InvalidArgumentError: ``move`` is not a move, or a field is not of its
            kind (``Play(0, None)``, ``Bid("x", "y")``), or a seat or a bid
            is past what the notation writes (seats 0 to 999, bids 0 to 9999).
    """
    problem = why_malformed(move)
    if problem is not None:
        raise InvalidArgumentError(f"cannot write the move: {problem}")
    assert isinstance(move, Bid | Pass | Play)
    if not 0 <= move.seat <= _MAX_SEAT:
        raise InvalidArgumentError(
            f"cannot write the move: a seat must be 0..{_MAX_SEAT}, got {shown(move.seat)}"
        )
    if isinstance(move, Bid) and not 0 <= move.tricks <= _MAX_BID:
        raise InvalidArgumentError(
            f"cannot write the move: a bid must be 0..{_MAX_BID}, got {shown(move.tricks)}"
        )
    if isinstance(move, Bid):
        return f"P{move.seat}:{'blind ' if move.blind else ''}bid {move.tricks}"
    if isinstance(move, Pass):
        return f"P{move.seat}:pass {_card_text(move.card, ascii)}"
    return play_text(move.seat, move.card, move.reveal, move.call, ascii)


def _bad(text: str) -> InvalidNotationError:
    return InvalidNotationError(
        "expected a move like 'P1:bid 3', 'P1:blind bid 3', 'P2:QS', 'P2:4S+4D', "
        f"'P2:Jo(high)' or 'P3:pass KH', got {shown(text, 200)}"
    )


def parse_move(text: str, *, state: GameState | None = None, seat: int | None = None) -> Move:
    """Read a move: the notation of :func:`format_move`, or a player's answer for a seat.

    Without ``state`` and ``seat``, ``text`` is the notation (symbols or ASCII),
    which names its seat: ``"P2:QS"``, ``"P1:bid 3"``.

    With both, ``text`` is what the player at ``seat`` types in ``state``,
    case and spaces aside:

    * a card to play: ``QS``, ``Q♠``, ``10h``, ``play QS``; a Four showing
      another Four (Counter): ``4S+4D`` or ``4S show 4D`` (``4S`` alone plays
      it without showing); a Joker with its call: ``Jo high``, ``Jo(low)``;
    * a bid: ``bid 2``, or ``2`` while bidding; ``blind bid 2``;
    * a pass (Counter, after a Five): ``pass KH``, or ``KH`` while passing;
    * the notation itself, ``P2:QS``, if it names ``seat``.

    A card typed without a copy suffix (``QS``) in a two-deck game is the copy
    the seat holds. The move returned is legal: one the seat may not make
    raises :class:`~counter_rules.IllegalMoveError` with the engine's reason.

    Args:
        text: The text to read.
        state: The game the answer is for (with ``seat``).
        seat: The seat that answers (with ``state``).

    Raises:
        InvalidNotationError: The text is not a move; the message quotes it
            and lists the forms accepted.
        IllegalMoveError: The answer names a move the seat may not make now;
            :attr:`~counter_rules.IllegalMoveError.reason` says why, in a
            player's words.
        GameOverError: The game is over.
        InvalidArgumentError: Only one of ``state`` and ``seat`` is given, or
            they are not a state and one of its seats.

    Example:
        >>> from counter_rules import Counter, IllegalMoveError, new_game, parse_move
        >>> parse_move("P1:blind bid 4")
        Bid(seat=1, tricks=4, blind=True)
        >>> print(parse_move("P3:pass kh"))
        P3:pass K♥
        >>> state = new_game(Counter(), seed=2)
        >>> print(parse_move("bid 2", state=state, seat=1), parse_move("3", state=state, seat=1))
        P1:bid 2 P1:bid 3
        >>> try:
        ...     parse_move("bid 2", state=state, seat=2)
        ... except IllegalMoveError as error:
        ...     print(error.reason)
        it is seat 1's turn, not seat 2's
    """
    if state is None and seat is None:
        return _parse_notation(text)
    if not isinstance(state, GameState):
        raise InvalidArgumentError(
            f"parse_move reads an answer with both state and seat, got state={state!r:.60}"
        )
    problem = seat_problem(seat, state.players)
    if problem is not None or seat is None:
        raise InvalidArgumentError(f"seat must be {problem}")
    move = _parse_answer(text, state, seat)
    if not is_legal(state, move):
        apply_move(state, move)  # raises the engine's IllegalMoveError or GameOverError
    return move


def _parse_notation(text: str) -> Move:
    """Read the notation of :func:`format_move`."""
    if not isinstance(text, str):
        raise _bad(repr(text))
    if len(text) > 200:
        raise _bad(text[:40] + "...")
    head, sep, body = text.strip().partition(":")
    if not sep or not _SEAT.fullmatch(head):
        raise _bad(text)
    seat = int(head[1:])
    body = body.strip()
    words = body.split()
    if len(words) >= 2 and words[-2].lower() == "bid":
        if not _NUMBER.fullmatch(words[-1]) or len(words) > 3:
            raise _bad(text)
        blind = len(words) == 3
        if blind and words[0].lower() != "blind":
            raise _bad(text)
        return Bid(seat, int(words[-1]), blind)
    if len(words) == 2 and words[0].lower() == "pass":
        return Pass(seat, _parse_card(words[1], text))
    if len(words) != 1:
        raise _bad(text)
    call = None
    if body.endswith(")"):
        body, _, call_text = body[:-1].partition("(")
        call = call_text.lower()
        if call not in ("high", "low"):
            raise _bad(text)
    card_text, plus, reveal_text = body.partition("+")
    reveal = _parse_card(reveal_text, text) if plus else None
    return Play(seat, _parse_card(card_text, text), reveal, call)


def _parse_card(card_text: str, text: str) -> Card:
    try:
        return Card.parse(card_text)
    except InvalidNotationError:
        raise _bad(text) from None


_ANSWERS = (
    "a card such as 'QS', 'Q♠' or '10h', '4S+4D' (a Four showing another), 'Jo high' "
    "(a Joker's call), 'bid 2' (or '2' while bidding), 'blind bid 2' or 'pass KH' "
    "(or 'KH' while passing)"
)
_SHOW_WORDS = ("+", "show", "showing", "shows")


def _bad_answer(text: str) -> InvalidNotationError:
    return InvalidNotationError(f"expected {_ANSWERS}, got {text!r:.60}")


def _parse_answer(text: str, state: GameState, seat: int) -> Move:
    """Read a player's answer for ``seat`` (its legality is checked by the caller)."""
    if not isinstance(text, str):
        raise _bad_answer(repr(text))
    if len(text) > 200:
        raise _bad_answer(text[:40] + "...")
    stripped = text.strip()
    if _SEAT.match(stripped.partition(":")[0]) and ":" in stripped:
        move = _parse_notation(stripped)
        if move.seat != seat:
            raise IllegalMoveError(
                move, f"the answer names seat {move.seat}, it is read for seat {seat}"
            )
        return move
    words = stripped.replace("(", " ").replace(")", " ").replace("+", " + ").lower().split()
    said: set[str] = set()  # the leading keywords: "play", "blind", "bid"
    while words and words[0] in ("play", "blind", "bid") and words[0] not in said:
        said.add(words.pop(0))
    if len(words) == 1 and _NUMBER.fullmatch(words[0]) and "play" not in said:
        if state.phase is not Phase.BIDDING and not said:
            raise _bad_answer(text)  # a bare number only bids while bidding
        return Bid(seat, int(words[0]), "blind" in said)
    if not words or said - {"play"}:
        raise _bad_answer(text)
    hand = state.hands[seat]
    if words[0] == "pass":
        if len(words) != 2:
            raise _bad_answer(text)
        return Pass(seat, _held_card(words[1], hand, text))
    card = _held_card(words[0], hand, text)
    if len(words) == 1:
        passing = state.phase is Phase.PASSING and not said
        return Pass(seat, card) if passing else Play(seat, card)
    if len(words) == 2 and words[1] in ("high", "low"):
        return Play(seat, card, None, words[1])
    if len(words) == 3 and words[1] in _SHOW_WORDS:
        return Play(seat, card, _held_card(words[2], hand, text))
    raise _bad_answer(text)


def _held_card(word: str, hand: tuple[Card, ...], text: str) -> Card:
    """The card ``word`` names; without a copy suffix, the copy the hand holds."""
    try:
        card = Card.parse(word)
    except InvalidNotationError:
        raise _bad_answer(text) from None
    if card not in hand and "/" not in word:
        for held in hand:
            if held.rank is card.rank and held.suit is card.suit:
                return held
    return card
