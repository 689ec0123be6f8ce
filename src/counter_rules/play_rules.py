"""What a ruleset states about the play of a hand, in the form the engine and
the search board run: :class:`PlayRules`.

A ruleset hands out one :class:`PlayRules` value
(:meth:`Ruleset.play_rules <counter_rules.Ruleset.play_rules>`), built once
and shared. It answers the questions every transition of the play asks:

- which plays a seat may make (:meth:`PlayRules.plays_from` from the hand,
  the trick and trump alone where the rules allow it, else
  :meth:`PlayRules.plays` from the whole game);
- how a complete trick is resolved (:meth:`PlayRules.resolve`);
- who plays after a seat (:meth:`PlayRules.next_seat`), and who receives the
  card a seat passes (:meth:`PlayRules.receiver`, Counter's pass after a Five);
- what, besides the cards in each hand, the trump, its card, the Six's doubled
  lead and the leader, the rules read of a game in play
  (:meth:`PlayRules.context`), which the search's tables must tell apart.

The base class asks the ruleset's own methods (:meth:`Ruleset.legal_plays
<counter_rules.Ruleset.legal_plays>` and :meth:`Ruleset.resolve
<counter_rules.Ruleset.resolve>`), so it serves every ruleset, a user's
included. Counter (:mod:`counter_rules.rulesets.counter_tricks`) and plain Oh
Hell (:mod:`counter_rules.rulesets.plain_tricks`) hand out subclasses that
answer from their compiled rule functions. The engine
(:func:`~counter_rules.apply_move`), the search board (:mod:`counter_rules.board`),
the views and the world sampler read the rules only through this interface:
none of them names a game.

The compiled build compiles this module with mypyc.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Final, Protocol, TypeAlias

from counter_rules.cards import KEY_COUNT, Card, Suit
from counter_rules.fast_values import played_card
from counter_rules.moves import PassTable, Play, PlayTable, seat_passes, seat_plays
from counter_rules.per_ruleset import PerRuleset
from counter_rules.position import Position
from counter_rules.trick import PlayedCard, TrickResult

__all__ = [
    "AskedRules",
    "Outcome",
    "PlayRules",
    "PlayTables",
    "TRUMPS_BY_CODE",
    "play_rules_of",
    "suit_code",
]


Outcome: TypeAlias = tuple[int | None, int, Suit | None, bool, bool, tuple[Card, ...]]
"""What a complete trick changes for the play to go on (:meth:`PlayRules.outcome`):
the seat that wins it (``None`` for nobody), the seat that leads next, the
next trump, whether the next led card is doubled, whether every seat passes
a card, and the Jacks put face up on the stock, in the order played."""


def _card_key(card: Card) -> int:
    return card._key


def _face(card: Card) -> tuple[int, int, bool]:
    """What a card is besides its suit."""
    return (int(card.rank), card.copy, card.suit is None)


TRUMPS_BY_CODE: Final[tuple[Suit | None, ...]] = (None, *Suit)
"""The trumps by :func:`suit_code`: none, then the suits in order."""


def suit_code(suit: Suit | None) -> int:
    """A trump's number in :class:`PlayTables`: 0 for none, else the suit's
    value plus 1."""
    return 0 if suit is None else TRUMPS_BY_CODE.index(suit)


class PlayTables:
    """A follow rule that reads the hand, the trick's first card and trump
    alone, as tables over a search board's card bits (bit ``i`` stands for
    ``PlayRules.cards[i]``), for native code that must list the same plays
    in the same order as :meth:`PlayRules.plays_from`.

    A seat holding any card of ``follow_masks[follow_index[t * n + led]]``
    (``t`` the trump's :func:`suit_code`, ``led`` the trick's first card)
    must play one of them, unless its holding of those cards is one of
    ``exempt`` for that mask; it lists the playable cards lowest bit first,
    then the pairs of ``showings[p * 16 + h]``, each a card played beside a
    card shown, where ``p`` and ``h`` are the cards of ``shown`` (at most
    four) that are playable and held, as subsets of ``shown`` (bit ``k`` for
    ``shown[k]``). Every entry is built by the functions that state the rule.
    """

    def __init__(
        self,
        follow_index: bytes,
        follow_masks: tuple[int, ...],
        exempt: tuple[tuple[int, ...], ...],
        shown: bytes,
        showings: tuple[bytes, ...],
    ) -> None:
        self.follow_index = follow_index
        """By trump code and led card, the index of the mask to follow."""
        self.follow_masks = follow_masks
        """The masks of cards that must be followed."""
        self.exempt = exempt
        """By follow mask, the holdings of its cards that free a seat."""
        self.shown = shown
        """The cards that may be shown beside a play, as bits."""
        self.showings = showings
        """The (played, shown) pairs as bytes, two bits a pair, by the subsets
        of ``shown`` playable and held."""


class AskedRules(Protocol):
    """The methods of a ruleset that the base :class:`PlayRules` asks."""

    @property
    def players(self) -> int:
        """The number of seats."""

    def deck(self) -> tuple[Card, ...]:
        """Every card of the game."""

    def legal_plays(self, state: Position, seat: int) -> tuple[Play, ...]:
        """The plays ``seat`` may make now."""

    # Alike on purpose: the signature of Ruleset.resolve, which every override repeats.
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
        """A complete trick resolved."""

    def play_rules(self) -> PlayRules:
        """The ruleset's rules of the play."""

    def __hash__(self) -> int:
        """Rulesets are values."""


class PlayRules:
    """The rules of the play of one ruleset, for the engine and the search.

    This base class asks the ruleset for everything (its methods
    :meth:`~counter_rules.Ruleset.legal_plays` and
    :meth:`~counter_rules.Ruleset.resolve`); a ruleset whose rules have a
    compiled statement hands out a subclass that overrides
    :meth:`plays_from` and :meth:`resolve`. Play passes to the left, and a
    pass goes to the left-hand neighbour.

    Example:
        >>> from counter_rules import Counter, OhHell, cards
        >>> rules = Counter(players=4).play_rules()
        >>> rules.next_seat(3), rules.receiver(3), rules.giver(0)
        (0, 0, 3)
        >>> play = rules.plays_from(cards("4S 4D 9H"), (), None, 1)
        >>> [str(p) for p in play]
        ['P1:4♠', 'P1:4♦', 'P1:9♥', 'P1:4♠+4♦', 'P1:4♦+4♠']
    """

    def __init__(
        self,
        rules: AskedRules,
        context: Callable[[Position], Hashable] | None = None,
        plays: bool = False,
        tricks: bool = False,
    ) -> None:
        players = rules.players
        self.asked = rules
        """The ruleset whose methods the base class asks."""
        self.reads = context
        """What the ruleset's plays and tricks read of a game besides its
        cards (see :meth:`context`), or ``None`` for nothing."""
        self.players = players
        """The number of seats."""
        deck = rules.deck()
        self.tables: tuple[PlayTable, ...] = seat_plays(players, deck)
        """For each seat, the shared play of every card of the deck by card key."""
        self.passes: tuple[PassTable, ...] = seat_passes(players, deck)
        """For each seat, the shared pass of every card of the deck by card key."""
        cards = tuple(sorted(set(deck), key=_card_key))
        self.cards: tuple[Card, ...] = cards
        """The cards of the deck in sorting order: bit ``i`` of a hand's mask
        stands for ``cards[i]``."""
        bits = [0] * KEY_COUNT
        for i, card in enumerate(cards):
            bits[card._key] = 1 << i
        self.bits: tuple[int, ...] = tuple(bits)
        """Each card's bit in a hand's mask, by card key (0 outside the deck)."""
        self.local = plays
        """Whether :meth:`plays_from` answers for every hand (a subclass's
        compiled statement of the follow rule): the legal plays then depend
        on the hand, the trick's first card and trump alone."""
        self.fast_tricks = tricks
        """Whether :meth:`resolve` is a subclass's compiled statement of the
        ruleset's tricks rather than a call of its method."""
        self.cheap = False
        """Whether the rules' answers (a hand's plays, a trick's result) cost
        so little that keeping them would cost more (the search board then
        keeps none)."""
        self.quiet_tricks = False
        """Whether the ruleset's tricks change nothing but who leads: no Jacks to
        the stock, no pass, no new trump, no doubled lead (then the engine and
        the board read none of those fields of a trick's result)."""
        self.pattern_tricks = False
        """Whether a trick's outcome reads the suits only by their pattern
        and the seats only by the order of play: renaming the suits of a
        trick's cards, of trump and of the trump card alike renames the next
        trump and the Jacks of its :meth:`outcome`, and moving every seat on
        by the same number moves its winner and next leader on alike, and
        neither changes anything else (whole tricks and tricks so far alike).
        Native code then keeps one answer for a trick, all its renamings and
        every leader."""
        self.trump_card_read = True
        """Whether a trick's outcome may read the trump card (the
        ``trump_card`` of :meth:`outcome`); native code keeps one answer for
        a trick whatever the trump card where it does not."""
        self.following: tuple[int, ...] = tuple([self.next_seat(seat) for seat in range(players)])
        """:meth:`next_seat` of every seat, for the engine's hot path."""

    def __reduce__(self) -> tuple[object, tuple[AskedRules]]:
        """Pickled as its ruleset's: a state keeps the rules of the play it was
        built with, and a copy asks the ruleset for them again."""
        return _hand_out, (self.asked,)

    def hand_of(self, mask: int) -> tuple[Card, ...]:
        """The cards of a hand's bit mask, sorted."""
        cards = self.cards
        out: list[Card] = []
        while mask:
            low = mask & -mask
            out.append(cards[low.bit_length() - 1])
            mask ^= low
        return tuple(out)

    # -- turn order ------------------------------------------------------------
    def next_seat(self, seat: int) -> int:
        """The seat that plays after ``seat`` in a trick: its left."""
        return (seat + 1) % self.players

    def receiver(self, seat: int) -> int:
        """The seat that receives the card ``seat`` passes: its left."""
        return (seat + 1) % self.players

    def giver(self, seat: int) -> int:
        """The seat whose passed card ``seat`` receives: its right."""
        return (seat - 1) % self.players

    # -- plays -------------------------------------------------------------------
    # Alike on purpose: the signature of Advice.plays_from, which the overrides
    # of this method (and of that one) repeat.
    def plays_from(
        self,
        hand: tuple[Card, ...],
        trick: tuple[PlayedCard, ...],
        trump: Suit | None,
        seat: int,
    ) -> tuple[Play, ...] | None:
        """``seat``'s legal plays from its ``hand``, the ``trick`` so far and
        ``trump`` alone, or ``None`` when the rules read more of the game (then
        :meth:`plays` answers). The base class has no such statement; a
        subclass with one overrides this method (and answers while
        :attr:`local`)."""
        return None

    def plays(self, game: Position, seat: int) -> tuple[Play, ...]:
        """``seat``'s legal plays in ``game``."""
        found = self.plays_from(game.hands[seat], game.trick, game.trump, seat)
        if found is not None:
            return found
        return self.asked.legal_plays(game, seat)

    def play_tables(self) -> PlayTables | None:
        """The follow rule of :meth:`plays_from` as :class:`PlayTables`, or
        ``None`` where the rules give none (the base class, and a ruleset
        whose plays read more than the hand, the led card and trump)."""
        return None

    def native_tables(self, most_exempt: int) -> tuple[object, ...] | None:
        """The rules of the play as the native code of rulesets whose tricks
        have effects reads them (the bots' playout, the general search): who
        plays next and who receives a pass, the follow rule of
        :meth:`play_tables`, :meth:`keyed_outcome` to resolve every trick, and
        the Python values it is called with (the deck's cards, a shared
        :class:`~counter_rules.PlayedCard` for each seat and card, the class
        for a card played showing another, the trumps by :func:`suit_code`,
        each card's key, each card's suit by :func:`suit_code`, each card's
        face: a number that only cards alike but for their suit share),
        :attr:`pattern_tricks` and :attr:`trump_card_read`.
        ``None`` where native code cannot take the play: no play tables,
        plays or tricks that read more of a game than the hands, the trick
        and trump, more than six seats, or more than ``most_exempt``
        holdings of a suit that free a seat from following."""
        tables = self.play_tables()
        players = self.players
        if tables is None or self.reads is not None or players > 6:
            return None
        if any(len(holdings) > most_exempt for holdings in tables.exempt):
            return None
        cards = self.cards
        faces = sorted({_face(card) for card in cards})
        return (
            bytes(self.following),
            bytes([self.receiver(seat) for seat in range(players)]),
            tables.follow_index,
            tables.follow_masks,
            tables.exempt,
            tables.shown,
            tables.showings,
            self.keyed_outcome,
            cards,
            TRUMPS_BY_CODE,
            tuple([tuple([played_card(seat, card) for card in cards]) for seat in range(players)]),
            PlayedCard,
            tuple([card._key for card in cards]),
            bytes([suit_code(card.suit) for card in cards]),
            bytes([faces.index(_face(card)) for card in cards]),
            self.pattern_tricks,
            self.trump_card_read,
        )

    # -- tricks ------------------------------------------------------------------
    # Alike on purpose: resolve, outcome, keyed_outcome and winner take the
    # same trick, and the subclasses with a compiled statement repeat their
    # signatures.
    def resolve(
        self,
        trick: tuple[PlayedCard, ...],
        trump: Suit | None,
        doubled_lead: bool,
        last_trick: bool,
        trump_card: Card | None,
    ) -> TrickResult:
        """A complete ``trick`` resolved without explanations, by the
        ruleset's method; a subclass with a compiled statement of the tricks
        overrides this method (and uses it while :attr:`fast_tricks`)."""
        return self.asked.resolve(
            trick,
            trump,
            doubled_lead=doubled_lead,
            last_trick=last_trick,
            explain=False,
            trump_card=trump_card,
        )

    def outcome(
        self,
        trick: tuple[PlayedCard, ...],
        trump: Suit | None,
        doubled_lead: bool,
        last_trick: bool,
        trump_card: Card | None,
    ) -> Outcome:
        """What a complete ``trick`` changes for the play to go on
        (:data:`Outcome`): the fields of :meth:`resolve`'s result that the
        play reads, which a subclass may give without building the result."""
        result = self.resolve(trick, trump, doubled_lead, last_trick, trump_card)
        return (
            result.winner,
            result.next_leader,
            result.next_trump,
            result.double_next_lead,
            result.pass_cards,
            result.jacks,
        )

    def keyed_outcome(
        self,
        trick: tuple[PlayedCard, ...],
        trump: Suit | None,
        doubled_lead: bool,
        last_trick: bool,
        trump_card: Card | None,
        keys: tuple[int, ...],
    ) -> Outcome:
        """:meth:`outcome`, asked by native code, which hands over the key of
        each card of ``trick`` as well (``keys``, in the trick's order); a
        subclass whose tricks read the keys overrides it."""
        return self.outcome(trick, trump, doubled_lead, last_trick, trump_card)

    def winner(
        self,
        trick: tuple[PlayedCard, ...],
        trump: Suit | None,
        doubled_lead: bool,
        last_trick: bool,
        trump_card: Card | None,
    ) -> int | None:
        """The seat that wins a complete ``trick`` (``None`` when nobody does):
        :meth:`resolve`'s winner."""
        return self.resolve(trick, trump, doubled_lead, last_trick, trump_card).winner

    # -- what the rules read -----------------------------------------------------
    def context(self, game: Position) -> Hashable:
        """What the legal plays and tricks of ``game`` read besides its hands,
        its current trick, trump and trump card, the Six's doubled lead and
        the leader (``None`` for nothing): two positions of one hand with the
        same cards and the same context play alike from here on. It is the
        answer of the function the ruleset gave as ``context`` (a ruleset
        whose plays read earlier tricks, for trumps broken or the first
        Joker's call, gives one), or ``None``.
        """
        reads = self.reads
        return None if reads is None else reads(game)


def _hand_out(rules: AskedRules) -> PlayRules:
    return rules.play_rules()


_PLAY_RULES: Final = PerRuleset(_hand_out)


def play_rules_of(rules: AskedRules) -> PlayRules:
    """``rules.play_rules()``, asked once per ruleset and kept: what views,
    the world sampler and the engine read of a ruleset's play."""
    return _PLAY_RULES(rules)
