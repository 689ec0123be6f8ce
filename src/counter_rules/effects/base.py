"""The scratch record that Counter's card powers read and change while a trick
is resolved.

Values are kept in *half points* (integers): a Nine can be worth ½, and integer
arithmetic is exact and fast. :func:`fmt_half` prints them.
"""

from __future__ import annotations

from typing import Final, cast

from counter_rules.cards import RANK_OF_KEY, SUIT_OF_KEY, Card, Rank, Suit
from counter_rules.trick import Effect, PlayedCard

__all__ = ["TrickWork", "fmt_half", "is_one_of", "rank_bit"]


def rank_bit(rank: Rank) -> int:
    """The bit of ``rank`` in :attr:`TrickWork.present` (``1 << rank``): the
    powers and the pipeline ask whether a rank is in a trick by it.

    Example:
        >>> from counter_rules import Rank
        >>> from counter_rules.effects.base import rank_bit
        >>> rank_bit(Rank.ACE), rank_bit(Rank.KING)
        (2, 8192)
    """
    return 1 << rank


# By card key (bound here so that compiled code reads C statics): the rank,
# the suit, the rank's bit in TrickWork.present and the starting value in
# half points (twice the rank number), as plain ints.
_RANK_BY_KEY: Final[tuple[Rank | None, ...]] = RANK_OF_KEY
_SUIT_BY_KEY: Final[tuple[Suit | None, ...]] = SUIT_OF_KEY
_BIT_BY_KEY: Final[tuple[int, ...]] = tuple(0 if r is None else rank_bit(r) for r in RANK_OF_KEY)
_HALF_BY_KEY: Final[tuple[int, ...]] = tuple(0 if r is None else 2 * r for r in RANK_OF_KEY)


def is_one_of(rank: Rank, ranks: tuple[Rank, ...]) -> bool:
    """Whether ``rank`` is one of ``ranks``, by identity (cheaper than ``in``,
    which compares the ints behind the enum). The powers' constant ``ranks``
    are typed ``Final[tuple[Rank, ...]]``: mypyc keeps a constant of a
    fixed-length tuple type unboxed and builds a new tuple at every use.

    Example:
        >>> from counter_rules import Rank
        >>> from counter_rules.effects.base import is_one_of
        >>> is_one_of(Rank.QUEEN, (Rank.FOUR, Rank.QUEEN)), is_one_of(Rank.ACE, ())
        (True, False)
    """
    for one in ranks:  # noqa: SIM110 (a loop compiles to plain tests; any() makes a generator)
        if rank is one:
            return True
    return False


def fmt_half(half: int) -> str:
    """Print a value given in half points: ``fmt_half(30) == "15"``, ``fmt_half(1) == "½"``.

    Example:
        >>> from counter_rules.effects import fmt_half
        >>> fmt_half(46), fmt_half(1), fmt_half(19)
        ('23', '½', '9½')
    """
    whole, odd = divmod(half, 2)
    if not odd:
        return str(whole)
    return f"{whole}½" if whole else "½"


class TrickWork:
    """One trick being resolved: the cards and their changing suits, values and buffs.

    The ranks, suits and values are plain lists indexed like the trick
    (leader first), of which the first ``n`` entries belong to the trick; the
    Fours' buffs and the trumps are bit sets by the same index (plain ints,
    which compiled code keeps unboxed). Only the ruleset's pipeline creates
    it.
    """

    __slots__ = (
        "double_next",
        "doubled_lead",
        "effects",
        "explain",
        "half",
        "jacks",
        "keys",
        "last_trick",
        "led_suit",
        "lowest_wins",
        "n",
        "next_leader",
        "next_trump",
        "pass_cards",
        "plays",
        "present",
        "ranks",
        "suits",
        "trick_trump",
        "trump",
        "trumps",
        "victors",
        "voids",
        "winner_index",
        "winner_seat",
    )

    def __init__(self) -> None:
        """An empty record; :meth:`start` sets it to a trick (and again to
        each later one)."""
        #: The rank of each card.
        self.ranks: list[Rank] = []
        #: The suit each card counts as for winning (printed, until a Ten or Eight changes it).
        self.suits: list[Suit | None] = []
        #: The values in half points: twice the rank number to start with.
        self.half: list[int] = []
        #: The Fours that hold the victor buff (shown with another Four), as
        #: bits by index in the trick (bit ``1 << i`` for card ``i``).
        self.victors = 0
        #: The Fours that hold the void buff (played alone), as bits by index.
        self.voids = 0
        #: The cards that count as trumps, as bits by index.
        self.trumps = 0
        #: The key of each card, where the caller gave them (else ``None``).
        self.keys: tuple[int, ...] | None = None
        #: A bit set of the ranks in the trick (bit ``1 << rank``): the pipeline
        #: runs a power's step only when its rank is present.
        self.present = 0

    def start(
        self,
        plays: tuple[PlayedCard, ...],
        trump: Suit | None,
        doubled_lead: bool,
        last_trick: bool,
        explain: bool,
        keys: tuple[int, ...] | None = None,
    ) -> None:
        """Set the record to the start of a trick's resolution, keeping its
        lists (the pipeline keeps records for the next trick: three lists
        fewer to allocate and free a trick)."""
        self.plays = plays
        # One pass reading each card's key once (from ``keys`` where the
        # caller has them, as native code does: reading a key from a card
        # costs two attribute lookups); ranks, suits, rank bits and starting
        # values come from tables by key. (Every card has a rank: only unused
        # keys have None.)
        rank_of = cast("tuple[Rank, ...]", _RANK_BY_KEY)
        suit_of = _SUIT_BY_KEY
        bit_of = _BIT_BY_KEY
        half_of = _HALF_BY_KEY
        n = len(plays)
        ranks = self.ranks
        suits = self.suits
        half = self.half
        # The lists keep the length of the longest trick yet (a search asks
        # about tricks of every size in turn, and cutting a list and growing
        # it again costs more than the trick): past ``n`` they hold what an
        # earlier trick left, which nothing reads.
        while len(ranks) < n:
            ranks.append(Rank.ACE)
            suits.append(None)
            half.append(0)
        present = 0
        for i in range(n):
            key = plays[i].card._key if keys is None else keys[i]
            ranks[i] = rank_of[key]
            suits[i] = suit_of[key]
            half[i] = half_of[key]
            present |= bit_of[key]
        self.keys = keys
        self.victors = 0
        self.voids = 0
        self.trumps = 0
        self.n = n
        self.present = present
        self.trump = trump
        self.led_suit: Suit | None = suits[0]
        self.trick_trump: Suit | None = trump
        self.lowest_wins = False
        self.doubled_lead = doubled_lead
        self.last_trick = last_trick
        self.explain = explain
        # Effects are listed only when explanations are asked for.
        self.effects: list[Effect] | None = [] if explain else None
        self.winner_index: int | None = None
        self.winner_seat: int | None = None
        # -1 until a step names the seat that leads next (the winner, the
        # Six's lowest card); :meth:`leads_next` reads it, and names this
        # trick's leader where no step did. Reading a card's seat is a
        # generic attribute lookup: a trick reads only the seats it needs.
        self.next_leader: int = -1
        self.next_trump: Suit | None = trump
        self.pass_cards = False
        self.double_next = False
        self.jacks: tuple[Card, ...] = ()

    def note(
        self, kind: str, text: str, rank: Rank | None = None, index: int | None = None
    ) -> None:
        """Record an effect (callers check ``explain`` first, to skip formatting)."""
        if self.effects is not None:
            self.effects.append(Effect(kind, text, rank, index))

    def label(self, index: int) -> str:
        """``"Q♠ (seat 2)"``: a card of the trick for an explanation."""
        return f"{self.card(index)} (seat {self.seat(index)})"

    def card(self, index: int) -> Card:
        """Card ``index`` of the trick."""
        return self.plays[index].card

    def printed_suit(self, index: int) -> Suit | None:
        """The suit printed on card ``index`` (:attr:`suits` holds the suit it
        counts as)."""
        keys = self.keys
        if keys is None:
            return self.plays[index].card.suit
        return _SUIT_BY_KEY[keys[index]]

    def seat(self, index: int) -> int:
        """The seat that played card ``index`` of the trick."""
        return self.plays[index].seat

    def leads_next(self) -> int:
        """The seat that leads the next trick: the one a step named (the
        winner, or the Six's lowest card), else the leader of this one."""
        leader = self.next_leader
        return leader if leader >= 0 else self.seat(0)

    def win(self, index: int) -> None:
        """Card ``index`` wins the trick: its seat is the winner, and leads
        the next trick unless a later step says otherwise."""
        seat = self.seat(index)
        self.winner_index = index
        self.winner_seat = seat
        self.next_leader = seat

    # The ranks are compared by identity (each is one enum member): a
    # comparison by value would ask the int behind the enum.
    def first(self, rank: Rank) -> int:
        """The index of the first card of ``rank`` in the trick (one is there)."""
        ranks = self.ranks
        for i in range(self.n):
            if ranks[i] is rank:
                return i
        raise ValueError(f"no {rank.name.title()} in the trick")

    def count(self, rank: Rank) -> int:
        """How many cards of ``rank`` the trick holds."""
        ranks = self.ranks
        found = 0
        for i in range(self.n):
            if ranks[i] is rank:
                found += 1
        return found

    def steal(self, thief: int, victims: tuple[Rank, ...], kind: str, after: str = "") -> None:
        """The card at ``thief`` takes the whole value of every card of the
        ``victims`` ranks, which drop to 0 (the Three's and the Five's powers);
        each theft is noted as ``kind``, ending with ``after``."""
        ranks = self.ranks
        half = self.half
        rank = ranks[thief]
        for i in range(self.n):
            if is_one_of(ranks[i], victims):
                stolen = half[i]
                half[thief] += stolen
                half[i] = 0
                if self.explain:
                    self.note(
                        kind,
                        f"{self.label(thief)} steals {fmt_half(stolen)} from {self.label(i)}: "
                        f"the {rank.name.title()} is now {fmt_half(half[thief])}{after}",
                        rank,
                        thief,
                    )
