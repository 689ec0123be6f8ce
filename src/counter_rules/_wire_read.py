"""Reading the wire forms: checks every field and names where a problem is (internal).

:mod:`counter_rules.wire` holds the public functions.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import attrs

from counter_rules.argument_checks import shown
from counter_rules.cards import Card, Rank, Suit
from counter_rules.engine import explain_trick, legal_moves
from counter_rules.errors import CounterRulesError, InvalidNotationError
from counter_rules.hand_result import HandResult
from counter_rules.input_limits import FieldReader
from counter_rules.moves import Bid, Move, Pass, Play
from counter_rules.phase import Phase
from counter_rules.rulesets.base import Ruleset
from counter_rules.trick import Effect, PlayedCard, TrickResult
from counter_rules.views import PlayerView

# Bounds on what a view may hold, far beyond any game, so that hostile input
# cannot make loading slow.
_MAX_SEATS = 64
_MAX_CARDS = 1_000
_MAX_HANDS = 100_000
_MAX_NUMBER = 10**15

_T = TypeVar("_T")


class Reader(FieldReader):
    """A :class:`~counter_rules.input_limits.FieldReader` that also reads cards and suits."""

    def card(self, data: object, where: str) -> Card:
        if not isinstance(data, str):
            raise self.bad(where, f"expected card text such as 'QS', got {data!r:.40}")
        try:
            return Card.parse(data)
        except InvalidNotationError as exc:
            raise self.bad(where, str(exc)) from None

    def suit(self, data: object, where: str) -> Suit | None:
        if data is None:
            return None
        if not isinstance(data, str) or data not in ("C", "D", "H", "S"):
            raise self.bad(where, f"expected null or one of C D H S, got {data!r:.40}")
        return Suit.parse(data)

    def cards(self, data: object, where: str) -> tuple[Card, ...]:
        if isinstance(data, list) and len(data) > _MAX_CARDS:
            raise self.bad(where, f"too many cards ({len(data)}, at most {_MAX_CARDS})")
        return self.items(data, where, self.card)


_MOVE_KEYS = {
    "bid": ("kind", "seat", "tricks", "blind"),
    "play": ("kind", "seat", "card", "reveal", "call"),
    "pass": ("kind", "seat", "card"),
}


def read_move(reader: Reader, data: object, where: str) -> Move:
    kind = data.get("kind") if isinstance(data, dict) else None
    if not isinstance(kind, str) or kind not in _MOVE_KEYS:
        got = kind if isinstance(data, dict) else data
        raise reader.bad(
            where, f'expected a move with "kind" one of bid, play, pass, got {shown(got, 40)}'
        )
    assert isinstance(kind, str)
    dot = "." if where else ""  # a move alone has fields "seat", in a view "legal_moves[0].seat"
    fields = reader.fields(data, where, _MOVE_KEYS[kind])
    seat = reader.number(fields["seat"], f"{where}{dot}seat", 0, _MAX_SEATS - 1)
    if kind == "bid":
        tricks = reader.number(fields["tricks"], f"{where}{dot}tricks", 0, _MAX_CARDS)
        return Bid(seat, tricks, reader.flag(fields["blind"], f"{where}{dot}blind"))
    card = reader.card(fields["card"], f"{where}{dot}card")
    if kind == "pass":
        return Pass(seat, card)
    reveal = reader.maybe(reader.card)(fields["reveal"], f"{where}{dot}reveal")
    call = fields["call"]
    if call not in (None, "high", "low"):
        raise reader.bad(f"{where}{dot}call", f'expected null, "high" or "low", got {call!r:.40}')
    return Play(seat, card, reveal, call)


def check_tag(
    reader: Reader, format: object, version: object, expected: str, expected_version: int
) -> None:
    """Check a document's format tag and version."""
    if format != expected:
        raise reader.bad("format", f"expected {expected!r}, got {format!r:.60}")
    if type(version) is not int or version != expected_version:
        raise reader.bad(
            "version", f"this library reads version {expected_version}, got {version!r:.40}"
        )


VIEW_KEYS = (
    "format", "version", "rules", "seat", "phase", "hand_number", "dealer", "leader", "to_act",
    "hand", "others", "hand_sizes", "bids", "blind", "tricks_won", "trick", "tricks", "trump",
    "trump_card", "face_up", "stock_size", "doubled_lead", "scores", "history", "cards_dealt",
    "my_pass", "my_exchanges", "legal_moves",
)  # fmt: skip
_PLAYED_KEYS = ("seat", "card", "reveal", "call")
_TRICK_KEYS = (
    "plays", "winner", "winning_index", "half_values", "trick_trump", "led_suit", "next_leader",
    "next_trump", "pass_cards", "double_next_lead", "jacks", "effects", "trump", "doubled_lead",
    "last_trick", "trump_card",
)  # fmt: skip
_EFFECT_KEYS = ("kind", "text", "rank", "index")
_HAND_KEYS = (
    "hand_number", "dealer", "cards_dealt", "trump", "bids", "tricks_won", "points", "scores",
    "blind", "exchanges", "tricks",
)  # fmt: skip
_PHASES = {phase.value: phase for phase in Phase}
_RANKS = {str(rank): rank for rank in Rank}


class ViewReader(Reader):
    """Reads a view's data for a ruleset with ``players`` seats."""

    def __init__(self, rules: Ruleset) -> None:
        super().__init__("view")
        self.players = rules.players
        self.rules = rules

    def seat(self, data: object, where: str) -> int:
        return self.number(data, where, 0, self.players - 1)

    def count(self, data: object, where: str) -> int:
        return self.number(data, where, 0, _MAX_CARDS)

    def score(self, data: object, where: str) -> int:
        return self.number(data, where, -_MAX_NUMBER, _MAX_NUMBER)

    def per_seat(
        self, data: object, where: str, read: Callable[[object, str], _T]
    ) -> tuple[_T, ...]:
        return self.items(data, where, read, self.players)

    def played(self, data: object, where: str) -> PlayedCard:
        fields = self.fields(data, where, _PLAYED_KEYS)
        call = fields["call"]
        if call not in (None, "high", "low"):
            raise self.bad(f"{where}.call", f'expected null, "high" or "low", got {call!r:.40}')
        return PlayedCard(
            self.seat(fields["seat"], f"{where}.seat"),
            self.card(fields["card"], f"{where}.card"),
            self.maybe(self.card)(fields["reveal"], f"{where}.reveal"),
            call,
        )

    def effect(self, data: object, where: str) -> Effect:
        fields = self.fields(data, where, _EFFECT_KEYS)
        kind, text, rank = fields["kind"], fields["text"], fields["rank"]
        if not isinstance(kind, str) or not isinstance(text, str):
            raise self.bad(where, "expected text for kind and text")
        if rank is not None and rank not in _RANKS:
            raise self.bad(
                f"{where}.rank", f"expected null or a rank such as 'Q', got {rank!r:.40}"
            )
        index = self.maybe(self.count)(fields["index"], f"{where}.index")
        return Effect(kind, text, None if rank is None else _RANKS[rank], index)

    def trick(self, data: object, where: str) -> TrickResult:
        """A finished trick, which must be the one the rules resolve from its cards."""
        f = self.fields(data, where, _TRICK_KEYS)
        maybe_seat = self.maybe(self.seat)
        given = TrickResult(
            self.items(f["plays"], f"{where}.plays", self.played),
            maybe_seat(f["winner"], f"{where}.winner"),
            self.maybe(self.count)(f["winning_index"], f"{where}.winning_index"),
            self.items(f["half_values"], f"{where}.half_values", self.score),
            self.suit(f["trick_trump"], f"{where}.trick_trump"),
            self.suit(f["led_suit"], f"{where}.led_suit"),
            self.seat(f["next_leader"], f"{where}.next_leader"),
            self.suit(f["next_trump"], f"{where}.next_trump"),
            self.flag(f["pass_cards"], f"{where}.pass_cards"),
            self.flag(f["double_next_lead"], f"{where}.double_next_lead"),
            self.cards(f["jacks"], f"{where}.jacks"),
            self.items(f["effects"], f"{where}.effects", self.effect),
            self.suit(f["trump"], f"{where}.trump"),
            self.flag(f["doubled_lead"], f"{where}.doubled_lead"),
            self.flag(f["last_trick"], f"{where}.last_trick"),
            self.maybe(self.card)(f["trump_card"], f"{where}.trump_card"),
        )
        try:
            resolved = explain_trick(given, rules=self.rules)
        except CounterRulesError as exc:
            raise self.bad(where, f"not a trick of these rules: {exc}") from None
        if not given.effects:
            resolved = attrs.evolve(cast(Any, resolved), effects=())
        if resolved != given:
            raise self.bad(where, "does not match the trick the rules resolve from its cards")
        return given

    def exchange(self, data: object, where: str) -> tuple[Card | None, ...]:
        return self.per_seat(data, where, self.maybe(self.card))

    def hand_result(self, data: object, where: str) -> HandResult:
        f = self.fields(data, where, _HAND_KEYS)
        blind = self.items(f["blind"], f"{where}.blind", self.flag)
        if blind and len(blind) != self.players:
            raise self.bad(f"{where}.blind", f"expected [] or {self.players} items")
        return HandResult(
            self.number(f["hand_number"], f"{where}.hand_number", 1, _MAX_HANDS),
            self.seat(f["dealer"], f"{where}.dealer"),
            self.count(f["cards_dealt"], f"{where}.cards_dealt"),
            self.suit(f["trump"], f"{where}.trump"),
            self.per_seat(f["bids"], f"{where}.bids", self.count),
            self.per_seat(f["tricks_won"], f"{where}.tricks_won", self.count),
            self.per_seat(f["points"], f"{where}.points", self.score),
            self.per_seat(f["scores"], f"{where}.scores", self.score),
            blind,
            self.items(f["exchanges"], f"{where}.exchanges", self.exchange),
            self.items(f["tricks"], f"{where}.tricks", self.trick),
        )

    def view(self, fields: dict[str, Any]) -> PlayerView:
        """The view from its checked top-level fields (format, version and rules read)."""
        r, rules = self, self.rules
        phase = _PHASES.get(fields["phase"]) if isinstance(fields["phase"], str) else None
        if phase is None:
            raise r.bad(
                "phase", f"expected one of {', '.join(_PHASES)}, got {fields['phase']!r:.40}"
            )
        seat = r.seat(fields["seat"], "seat")
        to_act = r.items(fields["to_act"], "to_act", r.seat)
        if len(set(to_act)) != len(to_act):
            raise r.bad("to_act", f"a seat is listed twice in {list(to_act)}")
        maybe_cards = r.maybe(r.cards)
        pv = PlayerView(
            rules,
            seat,
            phase,
            r.number(fields["hand_number"], "hand_number", 1, _MAX_HANDS),
            r.seat(fields["dealer"], "dealer"),
            r.seat(fields["leader"], "leader"),
            frozenset(to_act),
            maybe_cards(fields["hand"], "hand"),
            r.per_seat(fields["others"], "others", maybe_cards),
            r.per_seat(fields["hand_sizes"], "hand_sizes", r.count),
            r.per_seat(fields["bids"], "bids", r.maybe(r.count)),
            r.per_seat(fields["blind"], "blind", r.flag),
            r.per_seat(fields["tricks_won"], "tricks_won", r.count),
            r.items(fields["trick"], "trick", r.played),
            r.items(fields["tricks"], "tricks", r.trick),
            r.suit(fields["trump"], "trump"),
            r.maybe(r.card)(fields["trump_card"], "trump_card"),
            r.cards(fields["face_up"], "face_up"),
            r.count(fields["stock_size"], "stock_size"),
            r.flag(fields["doubled_lead"], "doubled_lead"),
            r.per_seat(fields["scores"], "scores", r.score),
            r.items(fields["history"], "history", r.hand_result),
            r.count(fields["cards_dealt"], "cards_dealt"),
            r.maybe(r.card)(fields["my_pass"], "my_pass"),
            r.items(fields["my_exchanges"], "my_exchanges", exchange_pair(r)),
        )
        check_view(r, pv)
        moves = r.items(fields["legal_moves"], "legal_moves", lambda d, w: read_move(r, d, w))
        try:
            legal = legal_moves(pv)
        except CounterRulesError as exc:
            raise r.bad("", f"not a position of these rules: {exc}") from None
        if moves != legal:
            raise r.bad("legal_moves", "do not match the moves the rules allow in this view")
        return pv


def exchange_pair(r: Reader) -> Callable[[object, str], tuple[Card | None, Card | None]]:
    def pair(data: object, where: str) -> tuple[Card | None, Card | None]:
        items = r.items(data, where, r.maybe(r.card))
        if len(items) != 2:
            raise r.bad(where, f"expected [card passed, card received], got {len(items)} items")
        return items[0], items[1]

    return pair


def check_view(r: ViewReader, pv: PlayerView) -> None:
    """The checks across fields: the cards belong to the deck and appear once
    among the hands and the tricks, the hand sizes agree with the hands shown
    and with the cards dealt and played."""
    if pv.others[pv.seat] is not None:
        raise r.bad(f"others[{pv.seat}]", "expected null: the seat's own hand is in hand")
    if pv.hand is not None and len(pv.hand) != pv.hand_sizes[pv.seat]:
        raise r.bad(
            "hand", f"holds {len(pv.hand)} cards but hand_sizes says {pv.hand_sizes[pv.seat]}"
        )
    for s, held in enumerate(pv.others):
        if held is not None and len(held) != pv.hand_sizes[s]:
            raise r.bad(
                f"others[{s}]", f"holds {len(held)} cards but hand_sizes says {pv.hand_sizes[s]}"
            )
    for s, size in enumerate(pv.hand_sizes):
        # Every seat is dealt cards_dealt cards and gives one to each trick
        # (a pass after a Five gives one and takes one).
        keeps = pv.cards_dealt - len(pv.tricks) - sum(1 for p in pv.trick if p.seat == s)
        if size != keeps:
            raise r.bad(
                f"hand_sizes[{s}]",
                f"is {size}, but a seat dealt {pv.cards_dealt} cards that played "
                f"{pv.cards_dealt - keeps} holds {keeps}",
            )
    deck = set(pv.rules.deck())
    seen: set[Card] = set()
    placed = [
        ("hand", pv.hand or ()),
        *((f"others[{s}]", h or ()) for s, h in enumerate(pv.others)),
        ("trick", tuple(p.card for p in pv.trick)),
        *((f"tricks[{i}]", tuple(p.card for p in t.plays)) for i, t in enumerate(pv.tricks)),
    ]
    for where, cards in placed:
        for card in cards:
            if card not in deck:
                raise r.bad(where, f"{card} is not a card of this game's deck")
            if card in seen:
                raise r.bad(where, f"{card} appears twice")
            seen.add(card)
    if pv.is_over != (not pv.to_act):
        raise r.bad("to_act", "expected no seat to act once the game is over, and one otherwise")
