"""A compact text notation for moves that round-trips.

``P1:bid 3``, ``P1:blind bid 3``, ``P2:Q♠`` (or ``P2:QS``), ``P2:4♠+4♦`` (a Four
played showing another), ``P2:Jo(high)`` (a Joker with its call) and
``P3:pass K♥``. :func:`format_move` writes symbols or ASCII; :func:`parse_move`
reads either (cards as :meth:`Card.parse <counter_rules.Card.parse>` accepts them).

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

from counter_rules._core import why_malformed
from counter_rules.cards import Card
from counter_rules.checks import shown
from counter_rules.errors import InvalidArgumentError, InvalidNotationError
from counter_rules.moves import Bid, Move, Pass, Play

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
    text = f"P{move.seat}:{_card_text(move.card, ascii)}"
    if move.reveal is not None:
        text += f"+{_card_text(move.reveal, ascii)}"
    if move.call is not None:
        text += f"({move.call})"
    return text


def _bad(text: str) -> InvalidNotationError:
    return InvalidNotationError(
        "expected a move like 'P1:bid 3', 'P1:blind bid 3', 'P2:QS', 'P2:4S+4D', "
        f"'P2:Jo(high)' or 'P3:pass KH', got {shown(text, 200)}"
    )


def parse_move(text: str) -> Move:
    """Read a move written by :func:`format_move` (symbols or ASCII).

    Raises:
        InvalidNotationError: The text is not a move; the message quotes it.

    Example:
        >>> from counter_rules import parse_move
        >>> parse_move("P1:blind bid 4")
        Bid(seat=1, tricks=4, blind=True)
        >>> print(parse_move("P3:pass kh"))
        P3:pass K♥
    """
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
