"""The sanity check of a state the engine did not build (internal).

The engine builds every state it hands out, and those are right by
construction: the property tests check their invariants. A state built by
hand, or changed with :func:`attrs.evolve`, arrives without the engine's
cached legal moves; :func:`~counter_rules.legal_moves`,
:func:`~counter_rules.apply_move` and :func:`~counter_rules.view` run
:func:`state_problem` on such a state first (and only then), so that an
impossible value is refused with the library's error instead of an
``IndexError`` deep in the engine, an empty list of moves, or a negative seat
read from the end of a tuple. :func:`view_problem` does the same for a view
given to :func:`~counter_rules.sample_world`.

What is checked is the shape of every field (types, lengths, seats inside
the table, the seats to act that the phase needs), not the history of the
game: whether the seed and the moves lead to the state is the question a
record asks (:func:`~counter_rules.record_of`).
"""

from __future__ import annotations

from collections.abc import Callable

from counter_rules.argument_checks import seed_problem, shown
from counter_rules.cards import Card, Suit
from counter_rules.deal import Deal
from counter_rules.errors import InvalidArgumentError
from counter_rules.hand_result import HandResult
from counter_rules.phase import Phase
from counter_rules.rulesets.base import Ruleset
from counter_rules.state import GameState
from counter_rules.trick import PlayedCard, TrickResult

__all__ = ["check_state", "check_view", "state_problem", "view_problem"]


def _is_int(value: object, low: int = 0) -> bool:
    return type(value) is int and value >= low


def _tuple_of(value: object, item: Callable[[object], bool], length: int | None = None) -> bool:
    return (
        type(value) is tuple
        and (length is None or len(value) == length)
        and all(item(v) for v in value)
    )


_CARD: frozenset[type] = frozenset((Card,))
_CARD_OR_NONE: frozenset[type] = frozenset((Card, type(None)))


def _cards(value: object) -> bool:
    """Whether ``value`` is a tuple of cards (checked at C speed: hands are long)."""
    return type(value) is tuple and set(map(type, value)) <= _CARD


def _card_or_none(value: object) -> bool:
    return value is None or isinstance(value, Card)


def _common_problem(fields: dict[str, object]) -> str | None:
    """What is wrong with the fields a state and a view share, or ``None``."""
    rules = fields["rules"]
    if not isinstance(rules, Ruleset):
        return f"rules must be a ruleset such as Counter(), got {shown(rules)}"
    players = rules.players
    last = players - 1

    def seat(value: object) -> bool:
        return type(value) is int and 0 <= value < players

    phase = fields["phase"]
    if not isinstance(phase, Phase):
        return f"phase must be a Phase, got {shown(phase)}"
    checks: list[tuple[str, bool, str]] = [
        ("hand_number", _is_int(fields["hand_number"], 1), "a whole number from 1"),
        ("dealer", seat(fields["dealer"]), "a seat 0..{last}"),
        ("leader", seat(fields["leader"]), "a seat 0..{last}"),
        (
            "bids",
            _tuple_of(fields["bids"], lambda b: b is None or _is_int(b), players),
            "a tuple of {players} bids (whole numbers from 0, or None)",
        ),
        (
            "blind",
            _tuple_of(fields["blind"], lambda b: type(b) is bool, players),
            "a tuple of {players} True or False",
        ),
        (
            "tricks_won",
            _tuple_of(fields["tricks_won"], _is_int, players),
            "a tuple of {players} whole numbers from 0",
        ),
        (
            "scores",
            _tuple_of(fields["scores"], lambda v: type(v) is int, players),
            "a tuple of {players} whole numbers",
        ),
        (
            "trick",
            _tuple_of(fields["trick"], lambda p: isinstance(p, PlayedCard) and seat(p.seat))
            and len(fields["trick"]) < players,  # type: ignore[arg-type]
            "a tuple of fewer than {players} played cards of seats 0..{last}",
        ),
        (
            "tricks",
            _tuple_of(fields["tricks"], lambda t: isinstance(t, TrickResult)),
            "a tuple of trick results",
        ),
        ("trump", fields["trump"] is None or isinstance(fields["trump"], Suit), "a Suit or None"),
        ("trump_card", _card_or_none(fields["trump_card"]), "a Card or None"),
        ("doubled_lead", type(fields["doubled_lead"]) is bool, "True or False"),
        (
            "history",
            _tuple_of(fields["history"], lambda h: isinstance(h, HandResult)),
            "a tuple of hand results",
        ),
        ("cards_dealt", _is_int(fields["cards_dealt"]), "a whole number from 0"),
    ]
    for name, right, allowed in checks:
        if not right:
            return _wrong(name, allowed, fields[name], players)
    to_act = fields["to_act"]
    if type(to_act) is not frozenset or not all(seat(s) for s in to_act):
        return f"to_act must be a frozenset of seats 0..{last}, got {shown(to_act)}"
    wanted = {
        Phase.PLAYING: (len(to_act) == 1, "one seat"),
        Phase.BIDDING: (len(to_act) >= 1, "at least one seat"),
        Phase.PASSING: (len(to_act) >= 1, "at least one seat"),
        Phase.GAME_OVER: (not to_act, "no seat"),
    }
    right, allowed = wanted[phase]
    if not right:
        return f"to_act must hold {allowed} when the game is {phase.value}, got {shown(to_act)}"
    return None


def _wrong(name: str, allowed: str, value: object, players: int) -> str:
    """The problem of one field; ``allowed`` may name ``{players}`` and ``{last}``."""
    allowed = allowed.format(players=players, last=players - 1)
    return f"{name} must be {allowed}, got {shown(value)}"


def _fields(value: object, names: tuple[str, ...]) -> dict[str, object]:
    return {name: getattr(value, name) for name in names}


_COMMON = (
    "rules", "phase", "hand_number", "dealer", "leader", "bids", "blind", "tricks_won",
    "scores", "trick", "tricks", "trump", "trump_card", "doubled_lead", "history",
    "cards_dealt", "to_act",
)  # fmt: skip


def state_problem(state: GameState) -> str | None:
    """What makes ``state`` impossible (a field of the wrong type or length,
    a seat outside the table, no seat to act while the game goes on), or ``None``."""
    fields = _fields(state, (*_COMMON, "hands", "stock", "pending", "seed", "exchanges"))
    fields["first_deal"] = state.first_deal
    problem = _common_problem(fields)
    if problem is not None:
        return problem
    rules = state.rules
    assert isinstance(rules, Ruleset)
    players = rules.players
    checks: list[tuple[str, bool, str]] = [
        (
            "hands",
            _tuple_of(fields["hands"], _cards, players),
            "a tuple of {players} tuples of cards",
        ),
        ("stock", _cards(fields["stock"]), "a tuple of cards"),
        (
            "pending",
            _tuple_of(fields["pending"], _card_or_none, players),
            "a tuple of {players} cards or None",
        ),
        (
            "exchanges",
            _tuple_of(fields["exchanges"], lambda e: _tuple_of(e, _card_or_none, players)),
            "a tuple of exchanges, each a tuple of {players} cards or None",
        ),
        ("first_deal", fields["first_deal"] is None or isinstance(fields["first_deal"], Deal),
         "a Deal or None"),
    ]  # fmt: skip
    for name, right, allowed in checks:
        if not right:
            return _wrong(name, allowed, fields[name], players)
    seed = seed_problem(fields["seed"])
    if seed is not None:
        return f"seed must be {seed}"
    acts = {Phase.PLAYING: "play", Phase.PASSING: "pass"}.get(state.phase)
    if acts is not None:
        for seat in sorted(state.to_act):
            if not state.hands[seat]:
                return f"seat {seat} is to {acts} a card but holds none"
    return None


def view_problem(player_view: object) -> str | None:
    """What makes ``player_view`` (a :class:`~counter_rules.PlayerView`)
    impossible, as :func:`state_problem` says it."""
    fields = _fields(player_view, (*_COMMON, "seat", "hand", "hand_sizes", "face_up"))
    problem = _common_problem(fields)
    if problem is not None:
        return problem
    rules = fields["rules"]
    assert isinstance(rules, Ruleset)
    players = rules.players
    seat = fields["seat"]
    checks: list[tuple[str, bool, str]] = [
        ("seat", type(seat) is int and 0 <= seat < players,
         "a seat 0..{last}"),
        ("hand", fields["hand"] is None or _cards(fields["hand"]),
         "a tuple of cards or None"),
        ("hand_sizes", _tuple_of(fields["hand_sizes"], _is_int, players),
         "a tuple of {players} whole numbers from 0"),
        ("face_up", _cards(fields["face_up"]), "a tuple of cards"),
    ]  # fmt: skip
    for name, right, allowed in checks:
        if not right:
            return _wrong(name, allowed, fields[name], players)
    return None


def check_state(state: GameState) -> None:
    """Raise :class:`~counter_rules.InvalidArgumentError`, naming the field,
    for a state that :func:`state_problem` finds impossible."""
    _refuse(state_problem(state), "the state is not one a game can reach")


def check_view(player_view: object) -> None:
    """:func:`check_state` for a view given to
    :func:`~counter_rules.sample_world`, by :func:`view_problem`."""
    _refuse(view_problem(player_view), "the view is not one a game can show")


def _refuse(problem: str | None, what: str) -> None:
    if problem is not None:
        raise InvalidArgumentError(f"{what}: {problem}")
