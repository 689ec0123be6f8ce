"""Game records and their JSON: :class:`GameRecord`.

A :class:`GameRecord` holds the ruleset with every option, the seed, the
explicit first deal if there was one, and the moves. It serializes to
versioned JSON and back, and replays to every state of its game. A game in
progress is saved as its record (:mod:`counter_rules.recording`).

Loading is safe on untrusted input: the JSON is parsed (never executed),
every field is checked, every move is replayed through the rules, and any
problem raises :class:`~counter_rules.InvalidNotationError` naming where it is.
No inconsistent state can come out of it.

The JSON format, version 1::

    {
      "format": "counter-rules/game-record",
      "version": 1,
      "rules": {"game": "Counter", "options": {"players": 4, "target": null, "hook": false}},
      "seed": 42,
      "deal": null,
      "moves": ["P1:bid 2", "P2:bid 0", "...", "P1:QS", "..."],
      "result": {"over": true, "scores": [3, 8, 2, 5], "winners": [1]}
    }

``deal`` is ``null`` or ``{"hands": [["QS", ...], ...], "stock": ["2H", ...]}``;
``result`` is ``null`` or the outcome the replay must reproduce. Two fields
may be left out: ``dealer``, the seat that dealt the first hand (0 when
absent), and ``bots``, the name of the bot at each seat when bots played
(a match's records carry it).

Example:
    >>> from counter_rules import Bid, Counter, GameRecord
    >>> record = GameRecord(Counter(), 8, None, (Bid(1, 2), Bid(2, 0)))
    >>> GameRecord.from_json(record.to_json()) == record, record.final_state().bids
    (True, (None, 2, 0, None))
"""

from __future__ import annotations

import json
import typing
from collections import deque
from collections.abc import Iterator
from typing import Any

import attrs

from counter_rules.argument_checks import seed_problem, shown
from counter_rules.cards import Card
from counter_rules.deal import Deal
from counter_rules.deprecation import moved_names
from counter_rules.engine import apply_move, new_game
from counter_rules.errors import CounterRulesError, InvalidArgumentError, InvalidNotationError
from counter_rules.input_limits import read_json
from counter_rules.moves import Bid, Move, Pass, Play
from counter_rules.notation import format_move, parse_move
from counter_rules.rules_json import rules_from_dict as _rules_from_dict
from counter_rules.rules_json import rules_to_dict as _rules_to_dict
from counter_rules.rulesets.base import Ruleset
from counter_rules.state import GameState

__all__ = ["FORMAT", "VERSION", "GameRecord", "check_indent", "load_record"]

# Alike on purpose: every old home of moved names hands them over so.
if not typing.TYPE_CHECKING:  # the old homes of names that moved (deprecated)
    __getattr__ = moved_names(
        __name__,
        {
            "load_rules": "counter_rules.rules_json",
            "record_of": "counter_rules.recording",
            "replay": "counter_rules.recording",
            "rules_from_dict": "counter_rules.rules_json",
            "rules_to_dict": "counter_rules.rules_json",
            "state_from_json": "counter_rules.recording",
            "state_to_json": "counter_rules.recording",
        },
    )

FORMAT = "counter-rules/game-record"
"""The ``format`` tag of a record's JSON."""
VERSION = 1
"""The record format version this library writes and reads."""

_MAX_MOVES = 200_000


def _bad(where: str, problem: str, document: str = "record") -> InvalidNotationError:
    """An error naming the document (a record, a view) and the place in it."""
    return InvalidNotationError(
        f"{document} {where}: {problem}" if where else f"{document}: {problem}"
    )


# -- the record ----------------------------------------------------------------
@attrs.frozen
class GameRecord:
    """Everything needed to replay a game exactly."""

    rules: Ruleset
    """The ruleset, with every option."""
    seed: int
    """The seed every deal is drawn from."""
    deal: Deal | None
    """The explicit first deal, or ``None`` when the seed dealt it."""
    moves: tuple[Move, ...]
    """The moves, in the order they were applied."""
    dealer: int = 0
    """The seat that dealt the first hand."""
    bots: tuple[str, ...] | None = None
    """The bot at each seat, by name (:func:`~counter_rules.bots.bot_name`),
    when bots played the game: a match's records carry them, so that a match
    that goes on from its records credits each game to the bots that played
    it (``None``: not said)."""

    def __attrs_post_init__(self) -> None:
        # Loading checks the seed and the dealer with the same functions
        # (seed_problem, _dealer_problem); the error names the field.
        wrong = next(_parts_problems(self.rules, self.seed, self.deal, self.moves), None)
        if wrong is not None:
            raise InvalidArgumentError(f"GameRecord.{wrong[0]} must be {wrong[1]}")
        problem = _dealer_problem(self.dealer, self.rules.players)
        if problem is not None:
            raise InvalidArgumentError(f"GameRecord.dealer must be {problem}")
        problem = _bots_problem(self.bots, self.rules.players)
        if problem is not None:
            raise InvalidArgumentError(f"GameRecord.bots must be {problem}")

    def replay(self) -> Iterator[GameState]:
        """Every state of the game, from the first deal to the last move."""
        state = new_game(self.rules, self.seed, deal=self.deal, dealer=self.dealer)
        yield state
        for move in self.moves:
            state = apply_move(state, move)
            yield state

    def final_state(self) -> GameState:
        """The state after the last move."""
        return deque(self.replay(), maxlen=1).pop()

    def to_dict(self) -> dict[str, Any]:
        """The record as JSON data (see the module documentation)."""
        final = self.final_state()
        deal = None
        if self.deal is not None:
            deal = {
                "hands": [[c.letters for c in hand] for hand in self.deal.hands],
                "stock": [c.letters for c in self.deal.stock],
            }
        result = None
        if final.is_over:
            result = {"over": True, "scores": list(final.scores), "winners": list(final.winners)}
        data: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "rules": _rules_to_dict(self.rules),
            "seed": self.seed,
            "deal": deal,
            "dealer": self.dealer,
            "moves": [format_move(m, ascii=True) for m in self.moves],
            "result": result,
        }
        if self.bots is not None:
            data["bots"] = list(self.bots)
        return data

    def to_json(self, *, indent: int | None = None) -> str:
        """The record as JSON text."""
        check_indent(indent)
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str | bytes) -> GameRecord:
        """Read and check a record: every field, and every move by replaying it.

        Raises:
            InvalidNotationError: The text is not a valid record; the message
                names where the problem is.
        """
        return cls.from_dict(read_json(text, "record text"))

    @classmethod
    def from_dict(cls, data: object) -> GameRecord:
        """Check JSON data (as :meth:`to_dict` writes it) and build the record."""
        record, _ = load_record(data)
        return record


def _parts_problems(
    rules: object, seed: object, deal: object, moves: object
) -> Iterator[tuple[str, str]]:
    """The wrong parts of a record, each as (field, what it must be and what it is)."""
    if not isinstance(rules, Ruleset):
        yield "rules", f"a ruleset such as Counter(), got {rules!r:.60}"
    problem = seed_problem(seed)
    if problem is not None:
        yield "seed", problem
    if deal is not None and not isinstance(deal, Deal):
        yield "deal", f"None or a Deal, got {deal!r:.60}"
    if not isinstance(moves, tuple):
        yield "moves", f"a tuple of moves (Bid, Play or Pass), got {moves!r:.60}"
    else:
        for i, move in enumerate(moves):
            if not isinstance(move, Bid | Play | Pass):
                yield f"moves[{i}]", f"a Bid, Play or Pass, got {move!r:.60}"


def _dealer_problem(dealer: object, players: int) -> str | None:
    if type(dealer) is not int or not 0 <= dealer < players:
        return f"a seat 0..{players - 1}, got {dealer!r:.40}"
    return None


_BOT_NAME = 200


def _bots_problem(bots: object, players: int) -> str | None:
    """Why ``bots`` is not ``None`` or a bot's name for each of ``players`` seats."""
    if bots is None:
        return None
    if (
        not isinstance(bots, tuple)
        or len(bots) != players
        or not all(isinstance(b, str) and 0 < len(b) <= _BOT_NAME for b in bots)
    ):
        return f"None or {players} bot names of 1 to {_BOT_NAME} characters, got {shown(bots)}"
    return None


def _fields(names: set[str]) -> str:
    return "field" if len(names) == 1 else "fields"


def load_record(data: object) -> tuple[GameRecord, GameState]:
    """The record in JSON data, checked, and the state its moves reach
    (internal: :meth:`GameRecord.from_dict` and
    :func:`~counter_rules.state_from_json`)."""
    keys = {"format", "version", "rules", "seed", "deal", "moves", "result"}
    if not isinstance(data, dict):
        raise _bad("", "expected a JSON object")
    missing = keys - set(data)
    extra = set(data) - keys - {"dealer", "bots"}  # optional: seat 0, and not said
    if missing:
        raise _bad("", f"missing {_fields(missing)} {', '.join(sorted(missing))}")
    if extra:
        raise _bad("", f"unknown {_fields(extra)} {', '.join(sorted(extra))}")
    if data["format"] != FORMAT:
        raise _bad("format", f"expected {FORMAT!r}, got {shown(data['format'])}")
    version = data["version"]
    if type(version) is not int or version != VERSION:
        raise _bad("version", f"this library reads version {VERSION}, got {shown(version)}")
    rules = _rules_from_dict(data["rules"])
    seed = data["seed"]
    problem = seed_problem(seed)
    if problem is not None:
        raise _bad("seed", f"expected {problem}")
    deal = _load_deal(data["deal"], rules)
    moves_data = data["moves"]
    if not isinstance(moves_data, list):
        raise _bad("moves", "expected a list of move texts")
    if len(moves_data) > _MAX_MOVES:
        raise _bad("moves", f"too many moves ({len(moves_data)}, at most {_MAX_MOVES})")
    dealer = data.get("dealer", 0)
    problem = _dealer_problem(dealer, rules.players)
    if problem is not None:
        raise _bad("dealer", f"expected {problem}")
    bots = data.get("bots")
    problem = _bots_problem(tuple(bots) if isinstance(bots, list) else bots, rules.players)
    if problem is not None:
        raise _bad("bots", f"expected {problem}")
    try:
        state = new_game(rules, seed, deal=deal, dealer=dealer)
    except CounterRulesError as exc:
        raise _bad("deal", str(exc)) from None
    moves: list[Move] = []
    for i, text in enumerate(moves_data):
        if not isinstance(text, str):
            raise _bad(f"moves[{i}]", f"expected move text, got {shown(text)}")
        try:
            move = parse_move(text)
        except InvalidNotationError as exc:
            raise _bad(f"moves[{i}]", str(exc)) from None
        try:
            state = apply_move(state, move)
        except CounterRulesError as exc:
            raise _bad(f"moves[{i}]", f"{text!r} cannot be played: {exc}") from None
        moves.append(move)
    _check_result(data["result"], state)
    return GameRecord(rules, seed, deal, tuple(moves), dealer, bots and tuple(bots)), state


def _load_deal(data: object, rules: Ruleset) -> Deal | None:
    if data is None:
        return None
    if not isinstance(data, dict) or set(data) != {"hands", "stock"}:
        raise _bad("deal", 'expected null or an object with keys "hands" and "stock"')
    hands, stock = data["hands"], data["stock"]
    players = rules.players
    if not isinstance(hands, list) or len(hands) != players:
        raise _bad("deal.hands", f"expected a list of {players} hands (one per seat)")
    if not all(isinstance(h, list) for h in hands):
        raise _bad("deal.hands", "expected a list of lists of cards")
    if not isinstance(stock, list):
        raise _bad("deal.stock", "expected a list of cards")
    # The size is checked before a card is read: a deal cannot hold more
    # cards than the deck.
    count = sum(len(h) for h in hands) + len(stock)
    deck = len(rules.deck())
    if count > deck:
        raise _bad("deal", f"too many cards ({count}; the deck of {rules.name} has {deck})")
    for name, items in [
        *((f"deal.hands[{i}]", h) for i, h in enumerate(hands)),
        ("deal.stock", stock),
    ]:
        for j, item in enumerate(items):
            if not isinstance(item, str):
                raise _bad(f"{name}[{j}]", f"expected card text, got {shown(item)}")
            try:
                Card.parse(item)
            except InvalidNotationError as exc:
                raise _bad(f"{name}[{j}]", str(exc)) from None
    try:
        return Deal(hands=hands, stock=stock)
    except CounterRulesError as exc:
        raise _bad("deal", str(exc)) from None


def _check_result(data: object, state: GameState) -> None:
    if data is None:
        if state.is_over:
            raise _bad("result", "the replayed game is over but the record gives no result")
        return
    if not isinstance(data, dict) or set(data) != {"over", "scores", "winners"}:
        raise _bad("result", 'expected null or an object with "over", "scores", "winners"')
    expected = {"over": state.is_over, "scores": list(state.scores), "winners": list(state.winners)}
    exact_types = type(data["over"]) is bool and all(
        isinstance(v, list) and all(type(x) is int for x in v)
        for v in (data["scores"], data["winners"])
    )
    if not exact_types or data != expected:
        raise _bad(
            "result",
            f"does not match the replay: recorded {shown(data, 200)}, replayed {expected}",
        )


def check_indent(indent: object) -> None:
    """Refuse an ``indent`` of JSON text that is not ``None`` or 0 to 16 spaces."""
    if indent is not None and (type(indent) is not int or not 0 <= indent <= 16):
        raise InvalidArgumentError(f"indent must be None or 0..16 spaces, got {indent!r:.80}")
