"""What happened in a trick: :class:`PlayedCard`, :class:`Effect`, :class:`TrickResult`.

:func:`counter_rules.resolve_trick` returns a :class:`TrickResult`. Values are
exact: Counter's Nine can be worth ½, so :attr:`TrickResult.values` holds
:class:`fractions.Fraction` values. In the compiled build :class:`PlayedCard`
and :class:`TrickResult` are native classes, whose fields compiled code reads
as slots; :class:`Effect` is an attrs class (defined in an interpreted module).
"""

from __future__ import annotations

import inspect
from collections.abc import Mapping
from fractions import Fraction
from types import MappingProxyType
from typing import Any, Final, cast

from counter_rules._effect import Effect
from counter_rules._fields import field_names, give_attrs_fields, interpreted_class
from counter_rules._value import FieldsValue
from counter_rules.argument_checks import shown
from counter_rules.cards import Card, Suit
from counter_rules.errors import InvalidArgumentError
from counter_rules.moves import play_text

__all__ = ["Effect", "PlayedCard", "TrickResult"]

_CALLS: Final = (None, "high", "low")

_DOC: Final = """A card played to a trick by ``seat``; ``reveal`` is a Four shown alongside it.

    ``PlayedCard(seat, card, reveal=None, call=None)``: the same record as the
    :class:`~counter_rules.Play` that put it there (seat, card, reveal, call),
    as a card of the trick; it prints alike and never equals the play. A part
    of the wrong kind is refused with
    :exc:`~counter_rules.InvalidArgumentError` naming it; whether the seat and
    cards fit a ruleset is checked where the trick is resolved. A played card
    is immutable: writing an attribute raises ``AttributeError``;
    :func:`attrs.evolve`, :func:`attrs.fields` and :func:`attrs.asdict` work
    on it as on an attrs class.

    Example:
        >>> from counter_rules import Card, InvalidArgumentError, PlayedCard
        >>> str(PlayedCard(2, Card.parse("4S"), reveal=Card.parse("4H")))
        'P2:4♠+4♥'
        >>> try:
        ...     PlayedCard(-1, Card.parse("4S"))
        ... except InvalidArgumentError as error:
        ...     print(error)
        a played card's seat must be an integer from 0, got -1
"""


def _check_played(seat: object, card: object, reveal: object, call: object) -> None:
    """Refuse the parts of a played card that make none, naming the part."""
    if type(seat) is not int or seat < 0:
        raise InvalidArgumentError(
            f"a played card's seat must be an integer from 0, got {shown(seat)}"
        )
    if not isinstance(card, Card):
        raise InvalidArgumentError(f"a played card's card must be a Card, got {shown(card)}")
    if reveal is not None and not isinstance(reveal, Card):
        raise InvalidArgumentError(
            f"a played card's reveal must be a Card or None, got {shown(reveal)}"
        )
    if call not in _CALLS:
        raise InvalidArgumentError(
            f"a played card's call must be None, 'high' or 'low', got {shown(call)}"
        )


def _not_writable(name: str) -> AttributeError:
    return AttributeError(f"attribute {name!r} of 'PlayedCard' objects is not writable")


class PlayedCard:
    # In the compiled build this is a native class, as Card is (see there):
    # ``__new__`` refuses a bad part in words before the typed ``__init__``.
    __slots__ = ("call", "card", "reveal", "seat")
    # Positional patterns (``case PlayedCard(seat, card)``) match the fields in order.
    __match_args__: Final = ("seat", "card", "reveal", "call")

    seat: Final[int]
    """The seat that played the card."""
    card: Final[Card]
    """The card on the table."""
    reveal: Final[Card | None]
    """The Four shown with a played Four (Counter's victor Four), or ``None``."""
    call: Final[str | None]
    """The Joker's call, ``"high"`` or ``"low"``, where the ruleset asks for
    one; ``None`` otherwise."""

    def __new__(
        cls, seat: object, card: object, reveal: object = None, call: object = None
    ) -> PlayedCard:
        _check_played(seat, card, reveal, call)
        return super().__new__(cls)

    def __init__(
        self, seat: int, card: Card, reveal: Card | None = None, call: str | None = None
    ) -> None:
        self.seat = seat
        self.card = card
        self.reveal = reveal
        self.call = call

    def __setattr__(self, name: str, value: object) -> None:
        # Neither build's constructor comes here: the compiled __init__ writes
        # the slots directly, the pure build's with object.__setattr__ (see
        # _init_interpreted). So every write that comes here is refused.
        raise _not_writable(name)

    def __delattr__(self, name: str) -> None:
        raise _not_writable(name)

    def _same(self, other: PlayedCard) -> bool:
        return (
            self.seat == other.seat
            and self.card == other.card
            and self.reveal == other.reveal
            and self.call == other.call
        )

    def __eq__(self, other: object) -> bool:
        if isinstance(other, PlayedCard):
            return self is other or self._same(other)
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        if isinstance(other, PlayedCard):
            return not (self is other or self._same(other))
        return NotImplemented

    def __hash__(self) -> int:
        return hash(("PlayedCard", self.seat, self.card, self.reveal, self.call))

    def __repr__(self) -> str:
        return (
            f"PlayedCard(seat={self.seat!r}, card={self.card!r}, "
            f"reveal={self.reveal!r}, call={self.call!r})"
        )

    def __str__(self) -> str:
        return play_text(self.seat, self.card, self.reveal, self.call)

    def __reduce__(self) -> tuple[Any, ...]:
        return (PlayedCard, (self.seat, self.card, self.reveal, self.call))


_write: Final = object.__setattr__


def _init_interpreted(
    self: PlayedCard, seat: int, card: Card, reveal: Card | None = None, call: str | None = None
) -> None:
    """``PlayedCard.__init__`` in the pure-Python build, where ``self.seat =
    seat`` would go through ``__setattr__``, which refuses every write: the
    slots written at C speed, as the compiled ``__init__`` writes them."""
    _write(self, "seat", seat)
    _write(self, "card", card)
    _write(self, "reveal", reveal)
    _write(self, "call", call)


if not hasattr(PlayedCard, "__mypyc_attrs__"):  # the pure-Python build
    setattr(PlayedCard, "__init__", _init_interpreted)  # noqa: B010  # replaces a method

setattr(PlayedCard, "__doc__", _DOC)  # noqa: B010  # a native class keeps no docstring
give_attrs_fields(PlayedCard, PlayedCard.__match_args__, {"reveal": None, "call": None})
# help() and the API reference show the parts as __init__ types them.
setattr(  # noqa: B010  # read by inspect.signature
    PlayedCard,
    "__signature__",
    inspect.Signature(tuple(inspect.signature(PlayedCard.__init__).parameters.values())[1:]),
)


def _half_to_fraction(half: int) -> Fraction:
    return Fraction(half, 2)


# The fields a trick result checks as it is built, in the order of
# check_result_kinds' arguments, with the type each must have exactly (a
# Card: an instance) and whether it may be None: the compiled build keeps
# them as machine values or reads them as that type.
_RESULT_KINDS: Final[tuple[tuple[str, type, bool], ...]] = (
    ("plays", tuple, False),
    ("winner", int, True),
    ("winning_index", int, True),
    ("half_values", tuple, False),
    ("next_leader", int, False),
    ("pass_cards", bool, False),
    ("double_next_lead", bool, False),
    ("jacks", tuple, False),
    ("effects", tuple, False),
    ("doubled_lead", bool, False),
    ("last_trick", bool, False),
    ("trump_card", Card, True),
)
_KIND_TEXT: Final = {
    tuple: "a tuple",
    int: "an integer",
    bool: "True or False",
    Card: "a Card",
}


def check_result_kinds(
    plays: object,
    winner: object,
    winning_index: object,
    half_values: object,
    next_leader: object,
    pass_cards: object,
    double_next_lead: object,
    jacks: object,
    effects: object,
    doubled_lead: object,
    last_trick: object,
    trump_card: object,
) -> None:
    """Refuse a trick result built with a field of another type than
    ``_RESULT_KINDS`` gives, with the library's error naming the field; what
    the fields hold is the ruleset's to check (:func:`~counter_rules.explain_trick`
    resolves a trick read from outside again)."""
    if (
        type(plays) is tuple
        and (winner is None or type(winner) is int)
        and (winning_index is None or type(winning_index) is int)
        and type(half_values) is tuple
        and type(next_leader) is int
        and type(pass_cards) is bool
        and type(double_next_lead) is bool
        and type(jacks) is tuple
        and type(effects) is tuple
        and type(doubled_lead) is bool
        and type(last_trick) is bool
        and (trump_card is None or isinstance(trump_card, Card))
    ):
        return
    values = (
        plays, winner, winning_index, half_values, next_leader, pass_cards,
        double_next_lead, jacks, effects, doubled_lead, last_trick, trump_card,
    )  # fmt: skip
    for (name, kind, optional), value in zip(_RESULT_KINDS, values, strict=True):
        fits = isinstance(value, Card) if kind is Card else type(value) is kind
        if not (fits or (optional and value is None)):
            allowed = _KIND_TEXT[kind] + (" or None" if optional else "")
            raise InvalidArgumentError(
                f"a trick result's {name} must be {allowed}, got {shown(value)}"
            )


# The fields that have a default, as the constructor gives them.
_RESULT_DEFAULTS: Final[Mapping[str, object]] = MappingProxyType(
    {
        "pass_cards": False,
        "double_next_lead": False,
        "jacks": (),
        "effects": (),
        "trump": None,
        "doubled_lead": False,
        "last_trick": False,
        "trump_card": None,
    }
)

_RESULT_DOC: Final = """The outcome of a complete trick.

    Immutable: writing a field raises ``AttributeError``. Equality, hashing,
    copying and pickling go by the fields, ``vars(result)`` is a read-only
    view of them, and :func:`attrs.evolve`, :func:`attrs.fields` and
    :func:`attrs.asdict` work on a result as on an attrs class. The engine
    builds results; a field of the wrong type given by hand is refused with
    :exc:`~counter_rules.InvalidArgumentError` naming it.

    Example:
        >>> from counter_rules import Counter, Suit, cards, resolve_trick
        >>> result = resolve_trick(
        ...     list(enumerate(cards("4S 4D 3S QS"))), trump=Suit.HEARTS, rules=Counter()
        ... )
        >>> [str(v) for v in result.values]
        ['0', '0', '23', '0']
        >>> result.winner
        2
    """


class TrickResult(FieldsValue):
    plays: Final[tuple[PlayedCard, ...]]
    """The trick, leader first."""
    winner: Final[int | None]
    """The seat that wins the trick, or ``None`` when no card can win it."""
    winning_index: Final[int | None]
    """The index in :attr:`plays` of the winning card, or ``None``."""
    half_values: Final[tuple[int, ...]]
    """The final values in half points (exact integers), aligned with :attr:`plays`."""
    trick_trump: Final[Suit | None]
    """The trump suit of this trick (a led King can change it), or ``None``."""
    led_suit: Final[Suit | None]
    """The suit that counts as led for winning the trick (``None`` when a Joker
    lead left no suit)."""
    next_leader: Final[int]
    """The seat that leads the next trick."""
    next_trump: Final[Suit | None]
    """The trump suit from the next trick on (Counter's Jacks change it)."""
    pass_cards: Final[bool]
    """Whether every player now passes a card to the left (Counter's Five)."""
    double_next_lead: Final[bool]
    """Whether the next led card's value is doubled (Counter's Six took effect)."""
    jacks: Final[tuple[Card, ...]]
    """Jacks that go face up onto the stock, in the order played (Counter)."""
    effects: Final[tuple[Effect, ...]]
    """Every rule that applied, in order; each has a readable ``str()``."""
    trump: Final[Suit | None]
    """The trump suit the trick was played under (before any Jack changed it)."""
    doubled_lead: Final[bool]
    """Whether the led card was doubled (a Six took effect in the previous trick)."""
    last_trick: Final[bool]
    """Whether this was the last trick of the hand."""
    trump_card: Final[Card | None]
    """The card that showed trump when the trick was played (matters for Mark
    Brader's Jokers, where a turned Joker makes the other Joker trump)."""

    def __init__(
        self,
        plays: object,
        winner: object,
        winning_index: object,
        half_values: object,
        trick_trump: Suit | None,
        led_suit: Suit | None,
        next_leader: object,
        next_trump: Suit | None,
        pass_cards: object = False,
        double_next_lead: object = False,
        jacks: object = (),
        effects: object = (),
        trump: Suit | None = None,
        doubled_lead: object = False,
        last_trick: object = False,
        trump_card: object = None,
    ) -> None:
        check_result_kinds(
            plays, winner, winning_index, half_values, next_leader, pass_cards,
            double_next_lead, jacks, effects, doubled_lead, last_trick, trump_card,
        )  # fmt: skip
        self.plays = cast(tuple[PlayedCard, ...], plays)
        self.winner = cast(int | None, winner)
        self.winning_index = cast(int | None, winning_index)
        self.half_values = cast(tuple[int, ...], half_values)
        self.trick_trump = trick_trump
        self.led_suit = led_suit
        self.next_leader = cast(int, next_leader)
        self.next_trump = next_trump
        self.pass_cards = cast(bool, pass_cards)
        self.double_next_lead = cast(bool, double_next_lead)
        self.jacks = cast(tuple[Card, ...], jacks)
        self.effects = cast(tuple[Effect, ...], effects)
        self.trump = trump
        self.doubled_lead = cast(bool, doubled_lead)
        self.last_trick = cast(bool, last_trick)
        self.trump_card = cast(Card | None, trump_card)

    def _values(self) -> tuple[object, ...]:
        """The fields in order: what equality, hashing and pickling go by."""
        return (
            self.plays, self.winner, self.winning_index, self.half_values, self.trick_trump,
            self.led_suit, self.next_leader, self.next_trump, self.pass_cards,
            self.double_next_lead, self.jacks, self.effects, self.trump, self.doubled_lead,
            self.last_trick, self.trump_card,
        )  # fmt: skip

    def __repr__(self) -> str:
        shown_fields = ", ".join(
            f"{name}={value!r}" for name, value in zip(_RESULT_FIELDS, self._values(), strict=True)
        )
        return f"TrickResult({shown_fields})"

    @property
    def values(self) -> tuple[Fraction, ...]:
        """The exact final values, aligned with :attr:`plays`."""
        return tuple(map(_half_to_fraction, self.half_values))

    def explain(self) -> str:
        """All effects as numbered lines, for a person.

        Example:
            >>> from counter_rules import Counter, Suit, cards, resolve_trick
            >>> r = resolve_trick(list(enumerate(cards("5S 6S 3S QS"))),
            ...                   trump=Suit.HEARTS, rules=Counter())
            >>> print(r.explain())  # doctest: +ELLIPSIS
            1. ...
        """
        return "\n".join(f"{i}. {effect}" for i, effect in enumerate(self.effects, 1))


# The fields by name, in order.
_RESULT_FIELDS: Final[tuple[str, ...]] = field_names(TrickResult)

if not hasattr(TrickResult, "__mypyc_attrs__"):  # the pure-Python build
    globals()["TrickResult"] = interpreted_class(
        TrickResult,
        check_result_kinds,
        tuple(name for name, _, _ in _RESULT_KINDS),
        _RESULT_DEFAULTS,
    )

setattr(TrickResult, "__doc__", _RESULT_DOC)  # noqa: B010  # a native class keeps no docstring
# Positional patterns (``case TrickResult(plays, winner)``) match the fields in order.
setattr(TrickResult, "__match_args__", _RESULT_FIELDS)  # noqa: B010  # set on the built class
give_attrs_fields(TrickResult, _RESULT_FIELDS, _RESULT_DEFAULTS)
