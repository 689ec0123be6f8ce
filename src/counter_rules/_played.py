"""The card on the table (internal home of :class:`~counter_rules.PlayedCard`).

:class:`PlayedCard` lives in this module of its own so that the compiled build
can make it a native class, whose fields compiled code reads as slots;
:mod:`counter_rules.trick` is its public home and exports it.
"""

from __future__ import annotations

import inspect
from typing import Any, Final

from counter_rules._fields import give_attrs_fields
from counter_rules.argument_checks import shown
from counter_rules.cards import Card
from counter_rules.errors import InvalidArgumentError
from counter_rules.moves import play_text

__all__ = ["PlayedCard"]

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
        self.call = call  # written last: see __setattr__

    def __setattr__(self, name: str, value: object) -> None:
        # Compiled code writes the slots in __init__ directly; every other
        # write comes here. A played card without its call is one being made.
        if hasattr(self, "call"):
            raise AttributeError(f"attribute {name!r} of 'PlayedCard' objects is not writable")
        object.__setattr__(self, name, value)

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"attribute {name!r} of 'PlayedCard' objects is not writable")

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
    seat`` would go through ``__setattr__``'s check: the slots written at C
    speed, as the compiled ``__init__`` writes them."""
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
