"""The wire: views and moves as versioned JSON, for a player's client.

:func:`view_to_json` writes a :class:`~counter_rules.PlayerView` as JSON text
that any language reads: cards as text such as ``"QS"``, ``"10H"``, ``"Jo"``
(``"QS/1"`` for a second deck's card), suits as letters, phases by name, and
the seat's legal moves spelled out. It holds what the view holds and nothing
else, so two worlds the seat cannot tell apart give the very same text.
:func:`view_from_json` reads it back into an equal view, with the same legal
moves, checking everything on the way. Moves have the same kind of form
(:func:`move_to_json`, :func:`move_from_json`), for a client's answer.

The forms are described by JSON Schema files shipped in the package
(:func:`wire_schema`); :doc:`wire` shows them and an example.

Loading is safe on untrusted input: the JSON is parsed (never executed),
every field is checked, every trick is resolved again by the rules and
compared, and the legal moves are computed again and compared; any problem
raises :class:`~counter_rules.InvalidNotationError` naming where it is.

Example:
    >>> from counter_rules import Counter, new_game, view, view_from_json, view_to_json
    >>> mine = view(new_game(Counter(), seed=4), 1)
    >>> text = view_to_json(mine)
    >>> text[:58]
    '{"format": "counter-rules/view", "version": 1, "rules": {"'
    >>> view_from_json(text) == mine
    True
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from importlib import resources
from typing import Any

from counter_rules._wire_read import VIEW_KEYS, Reader, ViewReader, check_tag, read_move
from counter_rules.cards import Card, Suit
from counter_rules.engine import legal_moves
from counter_rules.errors import InvalidArgumentError
from counter_rules.hand_result import HandResult
from counter_rules.input_limits import read_json
from counter_rules.moves import Bid, Move, Pass, Play
from counter_rules.rules_json import load_rules, rules_to_dict
from counter_rules.trick import Effect, PlayedCard, TrickResult
from counter_rules.views import PlayerView

__all__ = [
    "MOVE_FORMAT",
    "VIEW_FORMAT",
    "WIRE_VERSION",
    "move_from_dict",
    "move_from_json",
    "move_to_dict",
    "move_to_json",
    "view_from_dict",
    "view_from_json",
    "view_to_dict",
    "view_to_json",
    "wire_schema",
]

VIEW_FORMAT = "counter-rules/view"
"""The ``format`` tag of a view's JSON."""
MOVE_FORMAT = "counter-rules/move"
"""The ``format`` tag of a move's JSON sent on its own (:func:`~counter_rules.move_to_json`)."""
WIRE_VERSION = 1
"""The version of the view and move forms this library writes and reads."""

_SCHEMAS = ("view", "move", "record")


def wire_schema(name: str) -> dict[str, Any]:
    """The JSON Schema of a wire form: ``"view"``, ``"move"`` or ``"record"``.

    The schemas refer to each other by their ``$id`` (a view's moves are moves,
    and so on); give all three to a validator.

    Raises:
        InvalidArgumentError: ``name`` names no schema.

    Example:
        >>> from counter_rules import wire_schema
        >>> wire_schema("view")["properties"]["format"]
        {'const': 'counter-rules/view'}
    """
    if name not in _SCHEMAS:
        raise InvalidArgumentError(f"expected one of {', '.join(_SCHEMAS)}, got {name!r:.40}")
    path = resources.files("counter_rules") / "schemas" / f"{name}-{WIRE_VERSION}.json"
    schema: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return schema


# -- writing -------------------------------------------------------------------
def _card(card: Card | None) -> str | None:
    return None if card is None else card.letters


def _cards(cards: Sequence[Card]) -> list[str]:
    return [card.letters for card in cards]


def _suit(suit: Suit | None) -> str | None:
    return None if suit is None else suit.letter


def _played(played: PlayedCard) -> dict[str, Any]:
    return {
        "seat": played.seat,
        "card": played.card.letters,
        "reveal": _card(played.reveal),
        "call": played.call,
    }


def _effect(effect: Effect) -> dict[str, Any]:
    rank = None if effect.rank is None else str(effect.rank)
    return {"kind": effect.kind, "text": effect.text, "rank": rank, "index": effect.index}


def _trick(result: TrickResult) -> dict[str, Any]:
    return {
        "plays": [_played(p) for p in result.plays],
        "winner": result.winner,
        "winning_index": result.winning_index,
        "half_values": list(result.half_values),
        "trick_trump": _suit(result.trick_trump),
        "led_suit": _suit(result.led_suit),
        "next_leader": result.next_leader,
        "next_trump": _suit(result.next_trump),
        "pass_cards": result.pass_cards,
        "double_next_lead": result.double_next_lead,
        "jacks": _cards(result.jacks),
        "effects": [_effect(e) for e in result.effects],
        "trump": _suit(result.trump),
        "doubled_lead": result.doubled_lead,
        "last_trick": result.last_trick,
        "trump_card": _card(result.trump_card),
    }


def _hand_result(hand: HandResult) -> dict[str, Any]:
    return {
        "hand_number": hand.hand_number,
        "dealer": hand.dealer,
        "cards_dealt": hand.cards_dealt,
        "trump": _suit(hand.trump),
        "bids": list(hand.bids),
        "tricks_won": list(hand.tricks_won),
        "points": list(hand.points),
        "scores": list(hand.scores),
        "blind": list(hand.blind),
        "exchanges": [[_card(c) for c in e] for e in hand.exchanges],
        "tricks": [_trick(t) for t in hand.tricks],
    }


def move_to_dict(move: Move) -> dict[str, Any]:
    """A move as JSON data: ``{"kind": "bid", "seat": 1, "tricks": 3, "blind": false}``,
    ``{"kind": "play", "seat": 2, "card": "4S", "reveal": "4D", "call": null}`` or
    ``{"kind": "pass", "seat": 3, "card": "KH"}``.

    Raises:
        InvalidArgumentError: ``move`` is not a move.

    Example:
        >>> from counter_rules import Bid, move_to_dict
        >>> move_to_dict(Bid(1, 3))
        {'kind': 'bid', 'seat': 1, 'tricks': 3, 'blind': False}
    """
    if isinstance(move, Bid):
        return {"kind": "bid", "seat": move.seat, "tricks": move.tricks, "blind": move.blind}
    if isinstance(move, Play):
        return {
            "kind": "play",
            "seat": move.seat,
            "card": move.card.letters,
            "reveal": _card(move.reveal),
            "call": move.call,
        }
    if isinstance(move, Pass):
        return {"kind": "pass", "seat": move.seat, "card": move.card.letters}
    raise InvalidArgumentError(f"expected a Bid, Play or Pass, got {move!r:.80}")


def move_to_json(move: Move) -> str:
    """A move as JSON text, tagged with its format and version, for sending alone.

    Raises:
        InvalidArgumentError: ``move`` is not a move.

    Example:
        >>> from counter_rules import Card, Play, move_to_json
        >>> move_to_json(Play(2, Card.parse("QS")))
        '{"format": "counter-rules/move", "version": 1, "kind": "play", "seat": 2, "card": "QS", \
"reveal": null, "call": null}'
    """
    data = move_to_dict(move)
    return json.dumps({"format": MOVE_FORMAT, "version": WIRE_VERSION, **data})


def view_to_dict(player_view: PlayerView) -> dict[str, Any]:
    """A view as JSON data (what :func:`view_to_json` writes), to embed in a
    larger message.

    Raises:
        InvalidArgumentError: ``player_view`` is not a view.
    """
    if not isinstance(player_view, PlayerView):
        raise InvalidArgumentError(f"expected a PlayerView, got {player_view!r:.80}")
    pv = player_view
    return {
        "format": VIEW_FORMAT,
        "version": WIRE_VERSION,
        "rules": rules_to_dict(pv.rules),
        "seat": pv.seat,
        "phase": pv.phase.value,
        "hand_number": pv.hand_number,
        "dealer": pv.dealer,
        "leader": pv.leader,
        "to_act": sorted(pv.to_act),
        "hand": None if pv.hand is None else _cards(pv.hand),
        "others": [None if h is None else _cards(h) for h in pv.others],
        "hand_sizes": list(pv.hand_sizes),
        "bids": list(pv.bids),
        "blind": list(pv.blind),
        "tricks_won": list(pv.tricks_won),
        "trick": [_played(p) for p in pv.trick],
        "tricks": [_trick(t) for t in pv.tricks],
        "trump": _suit(pv.trump),
        "trump_card": _card(pv.trump_card),
        "face_up": _cards(pv.face_up),
        "stock_size": pv.stock_size,
        "doubled_lead": pv.doubled_lead,
        "scores": list(pv.scores),
        "history": [_hand_result(h) for h in pv.history],
        "cards_dealt": pv.cards_dealt,
        "my_pass": _card(pv.my_pass),
        "my_exchanges": [[_card(given), _card(got)] for given, got in pv.my_exchanges],
        "legal_moves": [move_to_dict(m) for m in legal_moves(pv)],
    }


def view_to_json(player_view: PlayerView, *, indent: int | None = None) -> str:
    """A view as JSON text: everything the seat may know, nothing else.

    Raises:
        InvalidArgumentError: ``player_view`` is not a view, or ``indent`` is
            not ``None`` or a count of spaces from 0 to 16.
    """
    if indent is not None and (type(indent) is not int or not 0 <= indent <= 16):
        raise InvalidArgumentError(f"indent must be None or 0..16 spaces, got {indent!r:.80}")
    return json.dumps(view_to_dict(player_view), indent=indent, ensure_ascii=False)


def move_from_dict(data: object) -> Move:
    """Read a move from :func:`move_to_dict` data, checking every field.

    Raises:
        InvalidNotationError: The data is not a move; the message says where.

    Example:
        >>> from counter_rules import move_from_dict
        >>> print(move_from_dict({"kind": "pass", "seat": 3, "card": "KH"}))
        P3:pass K♥
    """
    return read_move(Reader("move"), data, "")


def move_from_json(text: str | bytes) -> Move:
    """Read a move written by :func:`move_to_json`.

    Raises:
        InvalidNotationError: The text is not such a move; the message says where.

    Example:
        >>> from counter_rules import Bid, move_from_json, move_to_json
        >>> move_from_json(move_to_json(Bid(1, 3, blind=True)))
        Bid(seat=1, tricks=3, blind=True)
    """
    reader = Reader("move")
    data = read_json(text, "move text")
    if not isinstance(data, dict):
        raise reader.bad("", f"expected an object, got {data!r:.40}")
    body = dict(data)
    check_tag(
        reader, body.pop("format", None), body.pop("version", None), MOVE_FORMAT, WIRE_VERSION
    )
    return read_move(reader, body, "")


def view_from_dict(data: object) -> PlayerView:
    """Read a view from :func:`view_to_dict` data, checking every field.

    Raises:
        InvalidNotationError: The data is not a view; the message says where.
    """
    reader = Reader("view")
    fields = reader.fields(data, "", VIEW_KEYS)
    check_tag(reader, fields["format"], fields["version"], VIEW_FORMAT, WIRE_VERSION)
    rules = load_rules(fields["rules"], "rules", "view")
    return ViewReader(rules).view(fields)


def view_from_json(text: str | bytes) -> PlayerView:
    """Read a view written by :func:`view_to_json`: an equal view, with the same
    legal moves.

    Raises:
        InvalidNotationError: The text is not a view; the message says where.
    """
    return view_from_dict(read_json(text, "view text"))
