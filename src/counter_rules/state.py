"""The game state: :class:`GameState`.

A :class:`GameState` is immutable: :func:`counter_rules.apply_move` returns a
new one and never changes the old, and every write to a state is refused.
States carry no validators (they would run on every move); input is validated
where it enters (:class:`Deal`, :func:`counter_rules.new_game`, the rulesets),
and whole-state invariants are checked by the property tests.

In the compiled build a state is a native class: its fields are read-only
slots that compiled code reads directly and that the engine fills in one call
for every move. The pure-Python build makes the same class from this one
definition (:func:`~counter_rules._fields.interpreted_class`): its fields
live in an instance dict that ``__init__`` fills at once and ``vars()``
shows read-only.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, Final, cast

from counter_rules._fields import field_names, give_attrs_fields, give_fields, interpreted_class
from counter_rules._value import FieldsValue
from counter_rules.argument_checks import shown
from counter_rules.cards import Card, Suit
from counter_rules.deal import Deal
from counter_rules.errors import InvalidArgumentError
from counter_rules.hand_result import HandResult
from counter_rules.phase import Phase, only_seat
from counter_rules.rulesets.base import Ruleset
from counter_rules.trick import PlayedCard, TrickResult

__all__ = [
    "GameState",
    "check_kinds",
    "derive",
    "derive_played",
    "derive_trick_done",
]


_GAME_OVER: Final = Phase.GAME_OVER

# The fields whose type a state checks as it is built, in the order of
# check_kinds' arguments: the compiled build keeps them as machine values or
# reads them as the type given, so a value of another type is refused at once.
_KINDS: Final[tuple[tuple[str, type], ...]] = (
    ("hand_number", int),
    ("dealer", int),
    ("hands", tuple),
    ("bids", tuple),
    ("tricks_won", tuple),
    ("trick", tuple),
    ("leader", int),
    ("stock", tuple),
    ("scores", tuple),
    ("tricks", tuple),
    ("to_act", frozenset),
    ("doubled_lead", bool),
    ("pending", tuple),
    ("seed", int),
    ("history", tuple),
    ("cards_dealt", int),
    ("blind", tuple),
    ("exchanges", tuple),
)
_ALLOWED: Final = {
    int: "an integer",
    bool: "True or False",
    tuple: "a tuple",
    frozenset: "a frozenset",
}


def check_kinds(
    hand_number: object,
    dealer: object,
    hands: object,
    bids: object,
    tricks_won: object,
    trick: object,
    leader: object,
    stock: object,
    scores: object,
    tricks: object,
    to_act: object,
    doubled_lead: object,
    pending: object,
    seed: object,
    history: object,
    cards_dealt: object,
    blind: object,
    exchanges: object,
) -> None:
    """Refuse a state built with a field of another type than ``_KINDS``
    gives (an int, a bool, a tuple or a frozenset, exactly), with the library's
    error naming the field. The compiled build keeps those fields as machine
    values or reads them as that type, so they are checked as the state is
    built; what they hold is checked where a state built by hand is first
    used (:mod:`counter_rules.state_checks`)."""
    if (
        type(hand_number) is int
        and type(dealer) is int
        and type(hands) is tuple
        and type(bids) is tuple
        and type(tricks_won) is tuple
        and type(trick) is tuple
        and type(leader) is int
        and type(stock) is tuple
        and type(scores) is tuple
        and type(tricks) is tuple
        and type(to_act) is frozenset
        and type(doubled_lead) is bool
        and type(pending) is tuple
        and type(seed) is int
        and type(history) is tuple
        and type(cards_dealt) is int
        and type(blind) is tuple
        and type(exchanges) is tuple
    ):
        return
    values = (
        hand_number,
        dealer,
        hands,
        bids,
        tricks_won,
        trick,
        leader,
        stock,
        scores,
        tricks,
        to_act,
        doubled_lead,
        pending,
        seed,
        history,
        cards_dealt,
        blind,
        exchanges,
    )
    for (name, kind), value in zip(_KINDS, values, strict=True):
        if type(value) is not kind:
            raise InvalidArgumentError(
                f"the state is not one a game can reach: {name} must be {_ALLOWED[kind]}, "
                f"got {shown(value)}"
            )


# The class's docstring, given to it once it is built: a native class keeps
# none of its own.
_DOC: Final = """One moment of a game. Immutable; build it with :func:`counter_rules.new_game`.

The fields are positional for speed inside the engine; treat construction
by hand as internal. Equality, hashing, copying and pickling go by the
fields; :func:`attrs.evolve`, :func:`attrs.fields` and :func:`attrs.asdict`
work on a state as on an attrs class.

Example:
    >>> from counter_rules import Counter, Phase, legal_moves, new_game
    >>> state = new_game(Counter(players=4), seed=7)
    >>> state.phase is Phase.BIDDING, state.dealer, state.current_player
    (True, 0, 1)
    >>> [len(hand) for hand in state.hands]
    [10, 10, 10, 10]
    >>> len(legal_moves(state))  # bids 0..10
    11
    >>> state.dealer = 3
    Traceback (most recent call last):
    ...
    AttributeError: attribute 'dealer' of 'GameState' objects is not writable
"""


class GameState(FieldsValue):
    rules: Final[Ruleset]
    """The ruleset being played."""
    phase: Final[Phase]
    """What the game waits for."""
    hand_number: Final[int]
    """The current hand, counting from 1."""
    dealer: Final[int]
    """The dealer of the current hand."""
    hands: Final[tuple[tuple[Card, ...], ...]]
    """Each seat's cards, sorted."""
    bids: Final[tuple[int | None, ...]]
    """Each seat's bid this hand (``None`` until the seat has bid)."""
    tricks_won: Final[tuple[int, ...]]
    """Tricks each seat has won this hand."""
    trick: Final[tuple[PlayedCard, ...]]
    """The cards played so far to the current trick, leader first."""
    leader: Final[int]
    """The seat that leads (or led) the current trick."""
    trump: Final[Suit | None]
    """The current trump suit (``None`` for no trump)."""
    stock: Final[tuple[Card, ...]]
    """The undealt cards, top first; in Counter the Jacks played go on top."""
    scores: Final[tuple[int, ...]]
    """Running totals before the current hand is scored."""
    tricks: Final[tuple[TrickResult, ...]]
    """The completed tricks of the current hand, in order."""
    to_act: Final[frozenset[int]]
    """The seats that may act now; one in a sequential phase, several in a
    simultaneous one, none when the game is over."""
    doubled_lead: Final[bool]
    """Whether the current trick's led card is doubled (Counter's Six)."""
    pending: Final[tuple[Card | None, ...]]
    """Simultaneous choices made but not yet carried out (Counter's passes).
    Views hide other seats' entries."""
    seed: Final[int]
    """The seed every later deal is drawn from."""
    history: Final[tuple[HandResult, ...]]
    """The results of the finished hands, oldest first."""
    cards_dealt: Final[int]
    """How many cards each player was dealt this hand."""
    trump_card: Final[Card | None]
    """The face-up card that shows trump (in Counter the top of the stock, a Jack
    once Jacks were played), or ``None``."""
    blind: Final[tuple[bool, ...]]
    """Which seats bid blind this hand."""
    exchanges: Final[tuple[tuple[Card | None, ...], ...]]
    """The passes of this hand so far (Counter): for each exchange, the card
    each seat passed to its left, by seat. Views show a seat only the card it
    passed and the one it received (``None`` stands for a card not known)."""
    first_deal: Final[Deal | None]
    """The explicit deal the game started from, or ``None`` if it was dealt
    from the seed (kept so that the game can be recorded and replayed)."""

    # Internal, handed in by the engine as it builds a state (never written
    # afterwards): the legal moves, and the ruleset's engine tables. A state
    # built by hand or by attrs.evolve() starts without them, and the engine
    # computes them when asked, without storing them.
    _legal: Final[Any]
    _tables: Final[Any]

    def __init__(
        self,
        rules: Ruleset,
        phase: Phase,
        hand_number: object,
        dealer: object,
        hands: object,
        bids: object,
        tricks_won: object,
        trick: object,
        leader: object,
        trump: Suit | None,
        stock: object,
        scores: object,
        tricks: object,
        to_act: object,
        doubled_lead: object,
        pending: object,
        seed: object,
        history: object,
        cards_dealt: object,
        trump_card: Card | None,
        blind: object,
        exchanges: object,
        first_deal: Deal | None = None,
        *,
        _legal: Any = None,
        _tables: Any = None,
    ) -> None:
        check_kinds(
            hand_number,
            dealer,
            hands,
            bids,
            tricks_won,
            trick,
            leader,
            stock,
            scores,
            tricks,
            to_act,
            doubled_lead,
            pending,
            seed,
            history,
            cards_dealt,
            blind,
            exchanges,
        )
        self.rules = rules
        self.phase = phase
        self.hand_number = cast(int, hand_number)
        self.dealer = cast(int, dealer)
        self.hands = cast(tuple[tuple[Card, ...], ...], hands)
        self.bids = cast(tuple[int | None, ...], bids)
        self.tricks_won = cast(tuple[int, ...], tricks_won)
        self.trick = cast(tuple[PlayedCard, ...], trick)
        self.leader = cast(int, leader)
        self.trump = trump
        self.stock = cast(tuple[Card, ...], stock)
        self.scores = cast(tuple[int, ...], scores)
        self.tricks = cast(tuple[TrickResult, ...], tricks)
        self.to_act = cast(frozenset[int], to_act)
        self.doubled_lead = cast(bool, doubled_lead)
        self.pending = cast(tuple[Card | None, ...], pending)
        self.seed = cast(int, seed)
        self.history = cast(tuple[HandResult, ...], history)
        self.cards_dealt = cast(int, cards_dealt)
        self.trump_card = trump_card
        self.blind = cast(tuple[bool, ...], blind)
        self.exchanges = cast(tuple[tuple[Card | None, ...], ...], exchanges)
        self.first_deal = first_deal
        self._legal = _legal
        self._tables = _tables

    def _values(self) -> tuple[object, ...]:
        """The fields in order: what equality, hashing and pickling go by."""
        return (
            self.rules, self.phase, self.hand_number, self.dealer, self.hands, self.bids,
            self.tricks_won, self.trick, self.leader, self.trump, self.stock, self.scores,
            self.tricks, self.to_act, self.doubled_lead, self.pending, self.seed, self.history,
            self.cards_dealt, self.trump_card, self.blind, self.exchanges, self.first_deal,
        )  # fmt: skip

    # -- derived --------------------------------------------------------------
    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.hands)

    @property
    def current_player(self) -> int | None:
        """The one seat to act, or ``None`` in a simultaneous phase or at the end."""
        return only_seat(self.to_act)

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.phase is _GAME_OVER

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the top score once the game is over (all tied seats win);
        ``()`` while it goes on."""
        if self.phase is not _GAME_OVER:
            return ()
        return self.rules.winners(self)

    @property
    def trump_indicator(self) -> Card | None:
        """The face-up card that shows trump (same as :attr:`trump_card`)."""
        return self.trump_card

    @property
    def last_trick(self) -> TrickResult | None:
        """The most recently completed trick of this hand, or ``None``."""
        return self.tricks[-1] if self.tricks else None

    def __repr__(self) -> str:
        return (
            f"<GameState {self.rules!r} hand={self.hand_number} phase={self.phase.value} "
            f"to_act={sorted(self.to_act)} scores={list(self.scores)}>"
        )


# The mark of a field that derive() copies from the state it starts from.
_KEEP: Final[Any] = object()


def derive(
    state: GameState,
    *,
    rules: Any = _KEEP,
    phase: Any = _KEEP,
    hand_number: Any = _KEEP,
    dealer: Any = _KEEP,
    hands: Any = _KEEP,
    bids: Any = _KEEP,
    tricks_won: Any = _KEEP,
    trick: Any = _KEEP,
    leader: Any = _KEEP,
    trump: Any = _KEEP,
    stock: Any = _KEEP,
    scores: Any = _KEEP,
    tricks: Any = _KEEP,
    to_act: Any = _KEEP,
    doubled_lead: Any = _KEEP,
    pending: Any = _KEEP,
    seed: Any = _KEEP,
    history: Any = _KEEP,
    cards_dealt: Any = _KEEP,
    trump_card: Any = _KEEP,
    blind: Any = _KEEP,
    exchanges: Any = _KEEP,
    first_deal: Any = _KEEP,
    _legal: Any = _KEEP,
    _tables: Any = _KEEP,
) -> GameState:
    """A copy of ``state`` with the fields given replaced (the engine's two
    caches too, which are copied otherwise): how the engine builds the state
    after a move. The compiled build calls the native constructor once; the
    pure-Python build copies the state's field dict and replaces the fields
    given (``_derive_interpreted``)."""
    return GameState(
        state.rules if rules is _KEEP else rules,
        state.phase if phase is _KEEP else phase,
        state.hand_number if hand_number is _KEEP else hand_number,
        state.dealer if dealer is _KEEP else dealer,
        state.hands if hands is _KEEP else hands,
        state.bids if bids is _KEEP else bids,
        state.tricks_won if tricks_won is _KEEP else tricks_won,
        state.trick if trick is _KEEP else trick,
        state.leader if leader is _KEEP else leader,
        state.trump if trump is _KEEP else trump,
        state.stock if stock is _KEEP else stock,
        state.scores if scores is _KEEP else scores,
        state.tricks if tricks is _KEEP else tricks,
        state.to_act if to_act is _KEEP else to_act,
        state.doubled_lead if doubled_lead is _KEEP else doubled_lead,
        state.pending if pending is _KEEP else pending,
        state.seed if seed is _KEEP else seed,
        state.history if history is _KEEP else history,
        state.cards_dealt if cards_dealt is _KEEP else cards_dealt,
        state.trump_card if trump_card is _KEEP else trump_card,
        state.blind if blind is _KEEP else blind,
        state.exchanges if exchanges is _KEEP else exchanges,
        state.first_deal if first_deal is _KEEP else first_deal,
        _legal=state._legal if _legal is _KEEP else _legal,
        _tables=state._tables if _tables is _KEEP else _tables,
    )


def derive_played(
    state: GameState,
    hands: tuple[tuple[Card, ...], ...],
    trick: tuple[PlayedCard, ...],
    to_act: frozenset[int],
    legal: tuple[Any, ...] | None,
    tables: Any,
) -> GameState:
    """``derive(state, hands=hands, trick=trick, to_act=to_act, _legal=legal,
    _tables=tables)``: the state after a card played to a trick that goes on,
    the engine's most frequent transition, with the fields as arguments (a
    call that names none it leaves is cheaper in both builds)."""
    return GameState(
        state.rules, state.phase, state.hand_number, state.dealer, hands, state.bids,
        state.tricks_won, trick, state.leader, state.trump, state.stock, state.scores,
        state.tricks, to_act, state.doubled_lead, state.pending, state.seed, state.history,
        state.cards_dealt, state.trump_card, state.blind, state.exchanges, state.first_deal,
        _legal=legal, _tables=tables,
    )  # fmt: skip


def _derive_played_interpreted(
    state: GameState,
    hands: tuple[tuple[Card, ...], ...],
    trick: tuple[PlayedCard, ...],
    to_act: frozenset[int],
    legal: tuple[Any, ...] | None,
    tables: Any,
) -> GameState:
    """:func:`derive_played` in the pure-Python build, as ``_derive_interpreted``."""
    fields: dict[str, Any] = state._fields_dict.copy()  # type: ignore[attr-defined]
    fields["hands"] = hands
    fields["trick"] = trick
    fields["to_act"] = to_act
    fields["_legal"] = legal
    fields["_tables"] = tables
    new: GameState = _new_instance(GameState)
    give_fields(new, fields)
    return new


def derive_trick_done(
    state: GameState,
    phase: Phase,
    hands: tuple[tuple[Card, ...], ...],
    tricks_won: tuple[int, ...],
    leader: int,
    trump: Suit | None,
    stock: tuple[Card, ...],
    tricks: tuple[TrickResult, ...],
    to_act: frozenset[int],
    doubled_lead: bool,
    trump_card: Card | None,
    legal: tuple[Any, ...] | None,
    tables: Any,
) -> GameState:
    """:func:`derive` of the fields a trick resolved before the hand's last
    one changes (the trick itself emptied), with the fields as arguments: the
    engine's second most frequent transition."""
    return GameState(
        state.rules, phase, state.hand_number, state.dealer, hands, state.bids, tricks_won, (),
        leader, trump, stock, state.scores, tricks, to_act, doubled_lead, state.pending,
        state.seed, state.history, state.cards_dealt, trump_card, state.blind, state.exchanges,
        state.first_deal, _legal=legal, _tables=tables,
    )  # fmt: skip


def _derive_trick_done_interpreted(
    state: GameState,
    phase: Phase,
    hands: tuple[tuple[Card, ...], ...],
    tricks_won: tuple[int, ...],
    leader: int,
    trump: Suit | None,
    stock: tuple[Card, ...],
    tricks: tuple[TrickResult, ...],
    to_act: frozenset[int],
    doubled_lead: bool,
    trump_card: Card | None,
    legal: tuple[Any, ...] | None,
    tables: Any,
) -> GameState:
    """:func:`derive_trick_done` in the pure-Python build, as ``_derive_interpreted``."""
    fields: dict[str, Any] = state._fields_dict.copy()  # type: ignore[attr-defined]
    fields["phase"] = phase
    fields["hands"] = hands
    fields["tricks_won"] = tricks_won
    fields["trick"] = ()
    fields["leader"] = leader
    fields["trump"] = trump
    fields["stock"] = stock
    fields["tricks"] = tricks
    fields["to_act"] = to_act
    fields["doubled_lead"] = doubled_lead
    fields["trump_card"] = trump_card
    fields["_legal"] = legal
    fields["_tables"] = tables
    new: GameState = _new_instance(GameState)
    give_fields(new, fields)
    return new


def _derive_interpreted(state: GameState, **changes: Any) -> GameState:
    """:func:`derive` in the pure-Python build: the parent's field dict
    copied at C speed, the changed fields written into the copy, and the copy
    given to a fresh instance."""
    fields: dict[str, Any] = state._fields_dict.copy()  # type: ignore[attr-defined]
    fields.update(changes)
    new: GameState = _new_instance(GameState)
    give_fields(new, fields)
    return new


# The fields by name, in order (the engine's two caches left out).
_FIELD_NAMES: Final[tuple[str, ...]] = field_names(GameState)

# The fields that have a default, as the constructor gives them.
_DEFAULTS: Final = MappingProxyType({"first_deal": None})
_new_instance: Final = object.__new__

if not hasattr(GameState, "__mypyc_attrs__"):  # the pure-Python build
    globals()["GameState"] = interpreted_class(
        GameState,
        check_kinds,
        tuple(name for name, _ in _KINDS),
        _DEFAULTS,
        internal=("_legal", "_tables"),
    )
    globals()["derive"] = _derive_interpreted
    globals()["derive_played"] = _derive_played_interpreted
    globals()["derive_trick_done"] = _derive_trick_done_interpreted

setattr(GameState, "__doc__", _DOC)  # noqa: B010  # a native class keeps no docstring
# Positional patterns (``case GameState(rules, phase)``) match the fields in order.
setattr(GameState, "__match_args__", _FIELD_NAMES)  # noqa: B010  # set on the built class
give_attrs_fields(GameState, _FIELD_NAMES, _DEFAULTS)
