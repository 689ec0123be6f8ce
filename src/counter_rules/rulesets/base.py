"""The interface between the engine and a ruleset.

The engine (``counter_rules.engine``) runs the cycle every game here shares:
deal, bid, play tricks (with an optional simultaneous pass after a trick), score,
deal again until the end. A :class:`Ruleset` supplies the parts: the deck and
the deal, where trump comes from, which bids and plays are legal, how a trick
is resolved, how a hand is scored and when the game ends.
"""

from __future__ import annotations

import abc
import functools
import random
import weakref
from collections.abc import Callable, Sequence
from operator import attrgetter

import attrs

from counter_rules.cards import Card, Rank, Suit, intern_card
from counter_rules.errors import InvalidArgumentError
from counter_rules.moves import Play, seat_plays
from counter_rules.rulesets._shortcuts import SHORTCUT_NONE, EngineTables, deal_order, split_deal
from counter_rules.rulesets.plain_tricks import strength
from counter_rules.trick import PlayedCard, TrickResult

__all__ = [
    "NO_SHORTCUTS",
    "DealtHand",
    "EngineTables",
    "Ruleset",
    "Shortcuts",
    "deal_order",
    "hand_rng",
    "shuffled",
    "tables_for",
]

_card_key = attrgetter("_key")


@attrs.frozen
class Shortcuts:
    """Which of the engine's built-in fast paths a ruleset's rules are.

    Each field is one of the constants of ``counter_rules.rulesets._shortcuts``:
    ``SHORTCUT_NONE`` (ask the ruleset's method), ``SHORTCUT_PLAIN`` (plain Oh Hell's
    follow rule and trick resolution) or ``SHORTCUT_COUNTER``
    (:mod:`counter_rules.rulesets.counter_tricks`); for bids, ``SHORTCUT_NONE`` or
    one of the ``BIDS_*`` rules of bids made in turn.
    """

    plays: int = SHORTCUT_NONE
    """How the engine lists a seat's plays."""
    tricks: int = SHORTCUT_NONE
    """How the engine resolves a trick."""
    bids: int = SHORTCUT_NONE
    """How the engine lists the bids of the seat to bid."""


NO_SHORTCUTS = Shortcuts()
"""No fast path: the engine asks the ruleset's methods for everything."""


def hand_rng(seed: int, hand_number: int, purpose: str = "deal") -> random.Random:
    """The random generator of one hand of a game (internal).

    A string seed is hashed with SHA-512 by :mod:`random`: stable across runs,
    platforms and Python versions, and distinct for every (seed, hand, purpose).
    """
    return random.Random(f"counter-rules/{seed}/{hand_number}/{purpose}")


def shuffled(deck: Sequence[Card], rng: random.Random) -> list[Card]:
    """A uniformly shuffled copy of ``deck``.

    Sorting by random keys is a uniform permutation (ties between 53-bit floats
    aside) and is quicker in CPython than :meth:`random.Random.shuffle`.
    """
    keys = [rng.random() for _ in deck]
    return [deck[i] for i in sorted(range(len(deck)), key=keys.__getitem__)]


# Decks seen by Ruleset.deal, by id, with their sorted form (the deck object is
# kept, so its id cannot be reused while the entry exists).
_SORTED_DECKS: dict[int, tuple[tuple[Card, ...], tuple[Card, ...]]] = {}


def _sorted_deck(deck: tuple[Card, ...]) -> tuple[Card, ...]:
    """``deck`` in sorting order (a ruleset's :meth:`Ruleset.deck` should already
    be; a custom ruleset whose deck is not still deals sorted hands)."""
    known = _SORTED_DECKS.get(id(deck))
    if known is not None and known[0] is deck:
        return known[1]
    ordered = tuple(sorted(deck, key=_card_key))
    if len(_SORTED_DECKS) > 256:
        _SORTED_DECKS.clear()
    _SORTED_DECKS[id(deck)] = (deck, ordered)
    return ordered


def sort_hand(hand: Sequence[Card]) -> tuple[Card, ...]:
    """A hand in display order (suit, then rank, then copy)."""
    return tuple(sorted(hand, key=_card_key))


@attrs.frozen
class DealtHand:
    """The result of dealing one hand."""

    hands: tuple[tuple[Card, ...], ...]
    """Each seat's cards, sorted."""
    stock: tuple[Card, ...]
    """The undealt cards, top first."""
    trump: Suit | None
    """The trump suit of the hand (``None``: no trump)."""
    trump_card: Card | None
    """The face-up card that shows trump (and, in some games, the hand size)."""


class Ruleset(abc.ABC):
    """Base class of every ruleset; concrete rulesets are frozen attrs classes.

    The engine calls these methods; users call :func:`counter_rules.legal_moves`,
    :func:`counter_rules.apply_move` and :func:`counter_rules.resolve_trick`.
    """

    players: int

    def shortcuts(self) -> Shortcuts:
        """The engine's built-in fast paths this ruleset's rules are (default: none).

        The engine then lists plays, resolves tricks or lists bids in turn with
        the compiled functions that state the same rules, instead of calling
        :meth:`legal_plays`, :meth:`resolve` and :meth:`legal_bids`. A built-in
        ruleset claims them only for its own exact type, so a subclass that
        overrides a rule is always asked through its methods.
        """
        return NO_SHORTCUTS

    @property
    @abc.abstractmethod
    def name(self) -> str:
        """A short human name of the game."""

    @abc.abstractmethod
    def deck(self) -> tuple[Card, ...]:
        """Every card the hands are dealt from, in sorting order."""

    @abc.abstractmethod
    def hand_size(self, hand_number: int) -> int:
        """How many cards each player gets in hand ``hand_number`` (from 1).

        Rulesets whose deal decides the size (a turned card) return the largest
        possible size here and override :meth:`deal`.
        """

    @abc.abstractmethod
    def trump_for(
        self, hand_number: int, stock: Sequence[Card], seed: int
    ) -> tuple[Suit | None, Card | None]:
        """The trump suit of a freshly dealt hand and the card that shows it
        (``seed`` is the game's, for trump sources that draw at random)."""

    def deal(self, seed: int, hand_number: int) -> DealtHand:
        """Deal hand ``hand_number`` of a game with this seed."""
        deck = _sorted_deck(self.deck())
        order = deal_order(seed, hand_number, len(deck))
        size = self.hand_size(hand_number)
        players = self.players
        hands, stock = split_deal(deck, order, size, players)
        trump, trump_card = self.trump_for(hand_number, stock, seed)
        return DealtHand(hands, stock, trump, trump_card)

    def check_deal(self, deal: Deal, seed: int, hand_number: int) -> DealtHand:
        """Validate an explicit deal of hand ``hand_number`` and complete it."""
        size = self.hand_size(hand_number)
        if len(deal.hands) != self.players:
            raise InvalidArgumentError(
                f"deal.hands must have one hand per seat ({self.players}), got {len(deal.hands)}"
            )
        for seat, hand in enumerate(deal.hands):
            if len(hand) != size:
                raise InvalidArgumentError(
                    f"deal.hands[{seat}] must hold {size} cards, got {len(hand)}"
                )
        self._check_cards(deal)
        stock = tuple(intern_card(c) for c in deal.stock)
        hands = tuple(sort_hand([intern_card(c) for c in hand]) for hand in deal.hands)
        trump, trump_card = self.trump_for(hand_number, stock, seed)
        return DealtHand(hands, stock, trump, trump_card)

    def _check_cards(self, deal: Deal) -> None:
        deck = self.deck()
        dealt = [c for hand in deal.hands for c in hand] + list(deal.stock)
        deck_set = set(deck)
        for card in dealt:
            if card not in deck_set:
                raise InvalidArgumentError(f"card {card} is not in the deck of {self.name}")
        if len(dealt) != len(deck):
            missing = sorted(deck_set - set(dealt))
            raise InvalidArgumentError(
                f"deal must use the whole deck of {len(deck)} cards; missing "
                + " ".join(str(c) for c in missing)
            )

    def first_dealer(self) -> int:
        """The dealer of the first hand: seat 0."""
        return 0

    def first_bidder(self, dealer: int) -> int:
        """Who bids first: the dealer's left."""
        return (dealer + 1) % self.players

    def first_leader(self, dealer: int) -> int:
        """Who leads the first trick: the dealer's left."""
        return (dealer + 1) % self.players

    @property
    def simultaneous_bidding(self) -> bool:
        """Whether everyone bids at once (then ``to_act`` holds every seat)."""
        return False

    @abc.abstractmethod
    def legal_bids(self, state: GameState, seat: int) -> tuple[int, ...]:
        """The bids ``seat`` may make now, ascending."""

    def may_bid_blind(self, state: GameState, seat: int) -> bool:
        """Whether ``seat`` may now bid blind, before looking at the hand."""
        return False

    @abc.abstractmethod
    def why_illegal_bid(self, state: GameState, seat: int, tricks: int, blind: bool) -> str:
        """Why the bid is illegal (called only for an illegal bid)."""

    @abc.abstractmethod
    def legal_plays(self, state: GameState, seat: int) -> tuple[Play, ...]:
        """The plays ``seat`` may make to the current trick, in a stable order."""

    def plays_from(
        self,
        hand: tuple[Card, ...],
        trick: tuple[PlayedCard, ...],
        trump: Suit | None,
        seat: int,
    ) -> tuple[Play, ...] | None:
        """The legal plays of ``seat`` when they depend only on its hand, the
        trick so far and trump, for callers that hold no state (a bot
        completing imagined tricks). ``None`` (the default) when the ruleset
        needs the whole state: then ask :meth:`legal_plays`."""
        return None

    @abc.abstractmethod
    def why_illegal_play(self, state: GameState, play: Play) -> str:
        """Why ``play`` is illegal (called only for an illegal play of a held card)."""

    @abc.abstractmethod
    def resolve(
        self,
        plays: Sequence[PlayedCard],
        trump: Suit | None,
        *,
        doubled_lead: bool = False,
        last_trick: bool = False,
        explain: bool = True,
        trump_card: Card | None = None,
    ) -> TrickResult:
        """Resolve a complete trick (see :func:`counter_rules.resolve_trick`)."""

    @abc.abstractmethod
    def check_trick(self, plays: Sequence[PlayedCard]) -> None:
        """Raise :class:`~counter_rules.InvalidArgumentError` for a trick that cannot exist."""

    @abc.abstractmethod
    def score_hand(self, state: GameState) -> tuple[int, ...]:
        """The points each seat scores for the hand just finished."""

    @abc.abstractmethod
    def is_game_over(self, history: Sequence[HandResult]) -> bool:
        """Whether the game ends after the hands in ``history``."""

    def winners(self, state: GameState) -> tuple[int, ...]:
        """The winning seats of a finished game: every seat tied at the top."""
        best = max(state.scores)
        return tuple(seat for seat, score in enumerate(state.scores) if score == best)

    def voids_shown(
        self,
        before: Sequence[PlayedCard],
        played: PlayedCard,
        trump: Suit | None,
        trumps_played: int,
    ) -> tuple[Suit | None, ...]:
        """The suits (None = the Jokers' suit) of which the player of ``played`` is shown to hold no card that counts toward a void (see counts_toward_void), given the cards ``before`` it in the same trick (empty when it was led), the trick's trump, and how many trumps were played in earlier tricks of the hand."""  # noqa: E501
        if not before:
            return ()
        led = before[0].card.suit
        return () if played.card.suit is led else (led,)

    def own_hand_hidden(self, state: GameState) -> bool:
        """Whether in ``state`` every seat sees all the other hands but not its
        own (Devil's bridge, while a one-card hand is bid); default: never."""
        return False

    def counts_toward_void(self, card: Card, suit: Suit | None, trump: Suit | None) -> bool:
        """Whether holding ``card`` would contradict a void in ``suit`` when ``trump`` is the hand's trump (default: the card's suit is ``suit``)."""  # noqa: E501
        return card.suit is suit

    # -- what bots ask --------------------------------------------------------
    # No rule reads these: bots and the match runner ask them to judge cards,
    # bids, rewards and win shares without knowing the ruleset's class. Each
    # ruleset answers from the parts that state its rules.
    @property
    def one_team(self) -> bool:
        """Whether all seats play as one team that wins or loses together
        (cooperative Blackout); default: no, every seat plays for itself."""
        return False

    @property
    def target_score(self) -> int | None:
        """The score that ends the game once a seat reaches it, or ``None``
        (the default) when the game ends otherwise, after a schedule of hands."""
        return None

    @property
    def jokers_called(self) -> bool:
        """Whether a Joker is played with a call, ``"high"`` (it wins the
        trick) or ``"low"`` (it loses it); default: no."""
        return False

    @property
    def cautious_bidding(self) -> bool:
        """Whether bots bid low and close to their estimate of the tricks they
        take: where an exact bid scores only its size and a missed one next to
        nothing, big bids seldom pay. Default: no (a made bid earns a bonus,
        and the estimate alone decides)."""
        return False

    def trick_power(self, card: Card, trump: Suit | None) -> float:
        """A fixed guess, in [0, 1], of how likely ``card`` is to win a trick
        when ``trump`` is trump.

        The default ranks a card by its strength within its suit, Ace high
        (``counter_rules.rulesets.plain_tricks.strength``): a trump from 0.5
        (its Two) to 1 (its Ace), any other card from 0 to 0.45; a Joker 0.5.

        Example:
            >>> from counter_rules import Card, OhHell, Suit
            >>> [OhHell().trick_power(Card.parse(c), Suit.SPADES) for c in ("AS", "2S", "2H")]
            [1.0, 0.5, 0.0]
        """
        if card.rank is Rank.JOKER:
            return 0.5
        base = (strength(card) - 2) / 12
        if trump is not None and card.suit is trump:
            return 0.5 + 0.5 * base
        return 0.45 * base

    def good_hand_points(self, cards: int) -> float:
        """About what a good hand of ``cards`` cards each scores (bots scale
        their rewards by it); default 5."""
        return 5.0

    def more_tricks_pay(self, bid: int, won: int, left: int) -> bool:
        """Whether a seat that bid ``bid`` and cannot win exactly that many
        tricks whatever happens (it has won ``won`` and holds ``left`` cards)
        still scores more by winning tricks. Default: no."""
        return False


def tables_for(rules: Ruleset) -> EngineTables:
    """The engine's tables for ``rules``, built once per ruleset (rulesets are
    immutable, so equal rulesets share them)."""
    entry = _TABLES_BY_ID.get(id(rules))
    if entry is not None and entry[0]() is rules:
        return entry[1]
    tables = _tables_for_value(rules)
    _TABLES_BY_ID[id(rules)] = (weakref.ref(rules, _forget(id(rules))), tables)
    return tables


# Looked up by the ruleset's identity first (hashing a ruleset with many
# options costs more than building a game's first state), then by value.
_TABLES_BY_ID: dict[int, tuple[weakref.ref[Ruleset], EngineTables]] = {}


def _forget(key: int) -> Callable[[object], None]:
    def forget(_: object) -> None:
        _TABLES_BY_ID.pop(key, None)

    return forget


@functools.lru_cache(maxsize=256)
def _tables_for_value(rules: Ruleset) -> EngineTables:
    shortcuts = rules.shortcuts()
    return EngineTables(
        seat_plays(rules.players, rules.deck()),
        shortcuts.plays,
        shortcuts.tricks,
        shortcuts.bids,
    )


# Bound at the end, for typing.get_type_hints: the states' module imports this
# one at its top (a state holds its ruleset), so importing it at the top here
# would be a cycle.
from counter_rules.state import Deal, GameState, HandResult  # noqa: E402
