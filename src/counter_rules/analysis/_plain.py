"""The solver's fast search for the plain family (plain Oh Hell, and so
bridge's card play): the tables it reads, and the choice of its two searches.

It applies to the rulesets whose plays and tricks the engine runs by plain Oh
Hell's compiled path (their :meth:`Ruleset.shortcuts
<counter_rules.Ruleset.shortcuts>` say so), in the play of a hand. Nothing of
the rules is written here a second time: :class:`PlainTables` asks the
functions the engine runs for those rulesets, once for each ruleset and trump,
and keeps their answers as tables over the deck's cards ("places": by suit,
then by the value the engine gives a card in a trick, weakest first):

- the winner: for every led suit and card, the cards that beat it when played
  after it, from :func:`~counter_rules.rulesets.plain_tricks.best_card` over
  the levels of :func:`~counter_rules.rulesets.plain_tricks.plain_level` and
  the values :func:`~counter_rules.rulesets.plain_tricks.resolve_suited`
  gives;
- the follow rule: for every led suit, the cards
  :func:`~counter_rules.rulesets.plain_tricks.plain_plays` lists for a hand
  that holds them all, and whether it lists the whole hand to a hand that
  holds none of them and for a lead (the searches read the rule in that
  shape: a hand holding a card that follows plays one, any other hand plays
  anything; a rule of another shape is left to the general search);
- the order of play: which seat :func:`~counter_rules.apply_move` asks to
  play after each seat in a trick, and that the trick's winner leads the next
  (read from one trick the engine plays).

Two searches run the same algorithm on those tables (see
:mod:`counter_rules.analysis._plain_search` for it): the native kernel
(``_plain_kernel``, plain C, built with the compiled build) when it is there
and the cards in play fit its 64-bit masks, and the pure-Python search
otherwise. The Python search asks ``plain_plays`` itself for every hand's
plays, so the tests that hold the two to each other also hold the kernel's
tables to the rule.

The kernel holds a second search on the same tables: the outcome search of
:mod:`counter_rules.analysis._maxn` (every seat for its own points), made by
:func:`own_kernel` and asked by :func:`own_value`; that module decides when
it runs. It holds a third, off the plain family's path: the general search of
:mod:`counter_rules.analysis._general` for rulesets whose tricks have effects
(Counter), made by :func:`effect_kernel`, over the ruleset's own rules of the
play.

The module is plain typed Python, compiled with mypyc in the compiled build.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from types import ModuleType
from typing import Final

import attrs

from counter_rules.analysis._plain_search import WEIGHTS, PythonSearch, SearchTables
from counter_rules.analysis._questions import CollectorPaused
from counter_rules.cards import KEY_COUNT, SUIT_OF_KEY, Card, Suit
from counter_rules.engine.lookup_tables import tables_for
from counter_rules.errors import SearchLimitReached
from counter_rules.fast_values import played_card
from counter_rules.moves import Play
from counter_rules.phase import Phase
from counter_rules.play_rules import PlayRules, play_rules_of
from counter_rules.rulesets import plain_tricks
from counter_rules.rulesets.base import SHORTCUT_PLAIN, Ruleset
from counter_rules.state import GameState

__all__ = [
    "BoardTables",
    "PlainSearch",
    "PlainTables",
    "effect_kernel",
    "native_kernel",
    "own_kernel",
    "own_value",
    "plain_applies",
    "board_tables",
    "plain_play",
    "plain_tables",
    "release_memory",
    "seat_order",
    "use_native",
]

_PLAYING: Final = Phase.PLAYING
# Of any length, for mypyc: a fixed-length tuple constant is boxed again at every use.
_SUITS: Final[tuple[Suit, ...]] = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
# The cards a kernel mask holds. A deck of up to this many cards is given to
# the kernel whole, a larger one by the cards of the hand: both serve any deck
# that fits, so a smaller value here changes only which tables are built.
_WORD: Final = 64


def _load_kernel() -> ModuleType | None:
    try:
        kernel = importlib.import_module("counter_rules.analysis._plain_kernel")
    except ImportError:  # the pure-Python build
        return None
    kernel.set_weights(WEIGHTS)
    return kernel


_KERNEL: Final = _load_kernel()
# What a search that reached its limit raises.
_LIMIT: Final[type[Exception]] = SearchLimitReached if _KERNEL is None else _KERNEL.LimitReached
# Whether the searches use the native kernel where it can (the tests switch it
# off): a list of one, so that index 0 and index -1 name the same choice.
_NATIVE: Final = [True]


def native_kernel() -> bool:
    """Whether this build has the native kernel of the plain search."""
    return _KERNEL is not None


def release_memory() -> int:
    """Free the memory the solver keeps from one search for the next, and
    return how many bytes that was.

    A search of a Counter hand from its first lead fills a table of up to
    2 million positions (about 200 MB with the memory it grew through). The
    compiled build keeps those blocks when the search ends, and the next
    search of the process takes them: memory that large otherwise comes
    fresh from the operating system every time, and touching each new page
    costs a page fault. It keeps at most 256 MB. It also keeps the tricks
    the last search of a Counter hand resolved, with their answers (up to
    32 MB), for the next search of the same rules, which then asks the
    ruleset only about tricks no earlier search met. A program that searches
    once and goes on to other work (a server between analyses, say) calls
    this to give the memory back; the next search allocates afresh and
    resolves every trick again. The tricks kept are the rules' answers as
    they were: a program that replaces one of the rules' functions while it
    runs calls this too. The pure-Python build keeps nothing and returns 0.

    Example:
        >>> from counter_rules.analysis import release_memory
        >>> released = release_memory()
        >>> release_memory()
        0
    """
    if _KERNEL is None:
        return 0
    released: int = _KERNEL.release_memory()
    return released


def use_native(native: bool) -> bool:
    """Let the plain searches made from now on use the native kernel where
    it can (``True``, the default) or always run in Python; return the
    previous choice."""
    previous = _NATIVE[0]
    _NATIVE[0] = native
    return previous


def own_kernel(players: int, asker: int, next_seat: Sequence[int]) -> object | None:
    """A new native outcome search (the kernel's ``Own``: every seat for its
    own points, :mod:`counter_rules.analysis._maxn`'s algorithm in C) for
    ``players`` seats with ``asker`` breaking ties, when this build has the
    kernel and the searches may use it (:func:`use_native`); else ``None``."""
    if _KERNEL is None or not _NATIVE[0]:
        return None
    kernel: object = _KERNEL.Own(players, asker, bytes(next_seat))
    return kernel


def effect_kernel(play: PlayRules, side: int, order: Sequence[int]) -> object | None:
    """A new native general search (the kernel's ``EffectSearch``:
    :class:`~counter_rules.analysis._general.GeneralSearch`'s algorithm in C,
    for a ruleset whose tricks have effects) for ``side`` over the rules of
    the play ``play`` (as :meth:`PlayRules.native_tables
    <counter_rules.play_rules.PlayRules.native_tables>` gives them),
    searching the passes in ``order``, when this build has the kernel, the
    searches may use it (:func:`use_native`) and the rules come as native
    tables; else ``None``."""
    if _KERNEL is None or not _NATIVE[0]:
        return None
    tables = play.native_tables(_KERNEL.MAX_EXEMPT)
    if tables is None:
        return None
    kernel: object = _KERNEL.EffectSearch(tables, side, bytes(order))
    return kernel


def own_value(
    kernel: object, hands: list[int], leader: int, trick: bytes, won: bytes, bits: bool = False
) -> tuple[int, ...]:
    """Each seat's tricks at the end of the hand, from the native outcome
    search ``kernel`` (of :func:`own_kernel`), for the position of ``hands``
    (masks over the places; with ``bits``, over the search board's bits,
    which the kernel maps by the order it was given), the trick's ``leader``
    and cards (places) and the tricks ``won``.

    Raises:
        SearchLimitReached: The search ran past its limits.
    """
    try:
        found: tuple[int, ...] = kernel.value(hands, leader, trick, won, bits)  # type: ignore[attr-defined]
    except _LIMIT:
        raise SearchLimitReached from None
    return found


def plain_applies(state: GameState) -> bool:
    """Whether the fast search can analyse ``state``: the play of a ruleset
    whose plays and tricks the engine runs by plain Oh Hell's path, with a
    follow rule of the shape the search reads (:func:`plain_play`)."""
    return state.phase is _PLAYING and plain_play(state.rules, state.trump)


def plain_play(rules: Ruleset, trump: Suit | None) -> bool:
    """Whether the fast searches take the play of ``rules`` under ``trump``:
    the engine runs its plays and tricks by plain Oh Hell's path, and its
    follow rule has the shape the searches read. A view answers it as well
    as a state of the same hand."""
    shortcuts = tables_for(rules).shortcuts
    if shortcuts.plays != SHORTCUT_PLAIN or shortcuts.tricks != SHORTCUT_PLAIN:
        return False
    return plain_tables(rules, trump).usable


def _suit_number(card: Card) -> int:
    suit = SUIT_OF_KEY[card._key]
    return 4 if suit is None else suit.value


def seat_order(rules: Ruleset) -> tuple[int, ...]:
    """For every seat, the seat that plays after it in a trick: what the
    ruleset's rules of the play say (:attr:`PlayRules.following
    <counter_rules.play_rules.PlayRules.following>`). The winner of a trick
    leads the next one under plain tricks
    (:func:`~counter_rules.rulesets.plain_tricks.resolve_suited`)."""
    return play_rules_of(rules).following


class PlainTables(SearchTables):
    """The answers of the rules for one ruleset and one trump suit, over the
    deck's places (built once, kept; see the module's docstring)."""

    def __init__(self, rules: Ruleset, trump: Suit | None) -> None:
        super().__init__()
        self.rules = rules
        self.trump = trump
        self.table = tables_for(rules).plays
        # The values the engine gives each card in a trick, from its own resolution.
        deck: tuple[Card, ...] = rules.deck()
        everyone = tuple([played_card(0, card) for card in deck])
        values = plain_tricks.resolve_suited(everyone, trump, None, False).half_values
        order = sorted(
            range(len(deck)),
            key=lambda i: (_suit_number(deck[i]), values[i], deck[i]._key),
        )
        n = len(deck)
        self.n = n
        self.cards = [deck[i] for i in order]
        self.worth = [values[i] for i in order]
        self.suit = [_suit_number(card) for card in self.cards]
        self.index = [-1] * KEY_COUNT
        for place, card in enumerate(self.cards):
            self.index[card._key] = place
        self.suit_mask = [0, 0, 0, 0]
        usable = all(s < 4 for s in self.suit)
        for place in range(n):
            if self.suit[place] < 4:
                self.suit_mask[self.suit[place]] |= 1 << place
        # Identical cards (two decks): the same group number.
        self.group = list(range(n))
        for place in range(1, n):
            if (
                self.suit[place] == self.suit[place - 1]
                and self.worth[place] == self.worth[place - 1]
            ):
                self.group[place] = self.group[place - 1]
        self.ties = any(self.group[p] != p for p in range(n))
        # beaters[led * n + a]: the cards that beat card a when played after
        # it in a trick led in suit led, by best_card.
        self.beaters = [0] * (4 * n)
        worth = self.worth
        for led in range(4):
            levels = [
                plain_tricks.plain_level(_SUITS[self.suit[p]], trump, _SUITS[led])
                if self.suit[p] < 4
                else 0
                for p in range(n)
            ]
            for a in range(n):
                mask = 0
                for b in range(n):
                    if (
                        b != a
                        and plain_tricks.best_card([levels[a], levels[b]], [worth[a], worth[b]])
                        == 1
                    ):
                        mask |= 1 << b
                self.beaters[led * n + a] = mask
        self.follows = [0, 0, 0, 0]
        self.next_seat = list(seat_order(rules))
        self.usable = usable and self._ranked_by_value() and self._read_follow_rule()
        self.on_board: BoardTables | None = None
        """These tables over the search board's card bits (:func:`board_tables`)."""
        self.on_board_made = False
        """Whether :attr:`on_board` is made."""

    def _ranked_by_value(self) -> bool:
        """Whether the winner rule has the shape the searches read: for each
        led suit, the cards of a suit either beat exactly the cards of the
        suit of lower value or none of them (so the ranks that decide are the
        top ones, and a suit's low cards are its small ones); between suits,
        whether one card beats another depends on their suits alone."""
        n = self.n
        suit = self.suit
        worth = self.worth
        for led in range(4):
            # By pair of suits: whether cards of the second beat cards of the
            # first (within a suit: those of lower value).
            relation: dict[tuple[int, int], bool] = {}
            for a in range(n):
                beaten = self.beaters[led * n + a]
                for b in range(n):
                    if a == b or (suit[a] == suit[b] and worth[a] == worth[b]):
                        if beaten >> b & 1:
                            return False
                        continue
                    beats = beaten >> b & 1 == 1
                    if suit[a] == suit[b] and worth[b] < worth[a]:
                        if beats:
                            return False
                        continue
                    if relation.setdefault((suit[a], suit[b]), beats) != beats:
                        return False
        return True

    def _plays(self, hand: list[int], led: int) -> int:
        """What plain_plays lists for seat 1 holding the places ``hand``, seat 0
        having led the place ``led`` (-1: seat 1 leads), as a mask."""
        cards = tuple([self.cards[p] for p in hand])
        trick = () if led < 0 else (played_card(0, self.cards[led]),)
        plays: tuple[Play, ...] = plain_tricks.plain_plays(self.table[1], cards, trick)
        mask = 0
        for play in plays:
            mask |= 1 << self.index[play.card._key]
        return mask

    def _read_follow_rule(self) -> bool:
        """Fill :attr:`follows` from plain_plays; whether the rule has the shape
        the searches read (cards that follow each led suit, whatever card of
        it is led; the whole hand to a hand holding none of them, and to a
        leader)."""
        n = self.n
        everything = (1 << n) - 1
        if self._plays(list(range(n)), -1) != everything:
            return False
        for led in range(4):
            # The led card is never in the hand asked about: each answer is
            # the suit's followers but that card.
            answers: list[tuple[int, int]] = []
            follows = 0
            for card in range(n):
                if self.suit[card] == led:
                    answer = self._plays([p for p in range(n) if p != card], card)
                    answers.append((card, answer))
                    follows |= answer
            for card, answer in answers:
                if answer != follows & ~(1 << card):
                    return False
                void = [p for p in range(n) if p != card and not follows >> p & 1]
                if void and self._plays(void, card) != sum(1 << p for p in void):
                    return False
            self.follows[led] = follows
        return True


_TABLES: Final[dict[tuple[int, int], tuple[Ruleset, PlainTables]]] = {}


def plain_tables(rules: Ruleset, trump: Suit | None) -> PlainTables:
    """The tables of ``rules`` and ``trump``, built once for the last few rulesets."""
    key = (id(rules), -1 if trump is None else trump.value)
    found = _TABLES.get(key)
    if found is not None and found[0] is rules:
        return found[1]
    if len(_TABLES) >= 32:
        _TABLES.clear()
    tables = PlainTables(rules, trump)
    _TABLES[key] = (rules, tables)
    return tables


@attrs.frozen
class BoardTables:
    """The rules of the play of a ruleset of the plain family under one trump,
    as tables over the search board's card bits (bit ``i`` of a hand's mask
    stands for ``cards[i]``, as on :class:`~counter_rules.board.Board`): what
    native code needs to play the hand on masks, asked once of the rules'
    own functions (:func:`board_tables`).

    - the legal plays: any card to lead; else the cards of ``follows[led]``
      that the hand holds, where ``led`` is the suit of the trick's first
      card (``suits``), when it holds any; else any card;
    - the winner: the trick's first card to start with; a later card takes
      over when its bit is in ``beaters[led * len(cards) + c]``, ``c`` the
      bit of the card that leads so far;
    - the order: ``next_seat[s]`` plays after ``s`` in a trick, and the
      winner of a trick leads the next.
    """

    cards: tuple[Card, ...]
    """The deck, in the board's bit order."""
    suits: bytes
    """Each card's suit number (0 to 3, clubs to spades), by bit."""
    beaters: tuple[int, ...]
    """By led suit and then by bit, the mask of the cards that beat the card."""
    follows: tuple[int, ...]
    """By led suit, the mask of the cards that follow it."""
    next_seat: bytes
    """By seat, the seat that plays after it in a trick."""


def board_tables(rules: Ruleset, trump: Suit | None) -> BoardTables | None:
    """The plain family's rules of the play as :class:`BoardTables`, or ``None``
    where the fast searches do not take the play (off the plain family's
    path: :func:`~counter_rules.analysis.fast_search`) or the deck has more
    than 64 cards. Built once, and kept with the tables of the fast searches.

    Example:
        >>> from counter_rules import Counter, OhHell, Suit, cards
        >>> from counter_rules.analysis import board_tables
        >>> tables = board_tables(OhHell(players=4), Suit.SPADES)
        >>> deck = tables.cards
        >>> two, ace = deck.index(*cards("2H")), deck.index(*cards("AH"))
        >>> spade = deck.index(*cards("2S"))
        >>> hearts = 2
        >>> beaten = tables.beaters[hearts * len(deck) + ace]
        >>> bool(beaten >> spade & 1), bool(beaten >> two & 1)
        (True, False)
        >>> board_tables(Counter(), None) is None
        True
    """
    if not plain_play(rules, trump):
        return None
    tables = plain_tables(rules, trump)  # kept: the board's tables are kept on it
    if not tables.on_board_made:
        tables.on_board = _board_tables(rules, tables)
        tables.on_board_made = True
    return tables.on_board


def _board_tables(rules: Ruleset, tables: PlainTables) -> BoardTables | None:
    cards = play_rules_of(rules).cards
    n = len(cards)
    if n > _WORD or n != tables.n:
        return None
    places = [tables.index[card._key] for card in cards]
    bit_of = [0] * n
    for bit, place in enumerate(places):
        bit_of[place] = bit

    def to_bits(mask: int) -> int:
        out = 0
        while mask:
            low = mask & -mask
            out |= 1 << bit_of[low.bit_length() - 1]
            mask ^= low
        return out

    return BoardTables(
        cards=cards,
        suits=bytes([tables.suit[place] for place in places]),
        beaters=tuple(
            [to_bits(tables.beaters[led * n + place]) for led in range(4) for place in places]
        ),
        follows=tuple([to_bits(follows) for follows in tables.follows]),
        next_seat=bytes(tables.next_seat),
    )


def _gather(mask: int, places: list[int]) -> int:
    """The bits of ``mask`` at ``places``, packed in that order."""
    packed = 0
    for i in range(len(places)):
        if mask >> places[i] & 1:
            packed |= 1 << i
    return packed


class PlainSearch:
    """The fast search for one side (a bit set of seats), one ruleset and one
    trump suit: the native kernel where it can, else the Python search. Each
    keeps its table for every position of such hands."""

    def __init__(self, rules: Ruleset, trump: Suit | None, side: int) -> None:
        self.rules = rules
        self.side = side
        self.tables = plain_tables(rules, trump)
        self.python: PythonSearch | None = None
        self.kernel: object = None
        self.native = _NATIVE[0] and _KERNEL is not None and self.tables.usable
        # The cards the kernel holds (a deck mask) and their deck places, in
        # the kernel's order; -1 before the first load.
        self._dealt = -1
        self._places: list[int] = []
        self._kernel_place = [-1] * self.tables.n
        self._loaded_native = False
        self.deadline = 0.0
        """A time (perf_counter) past which the search gives up; 0 for none."""
        self.node_limit = 0
        """A count of positions past which the search gives up; 0 for none."""

    @property
    def nodes(self) -> int:
        """The positions searched so far, by both searches."""
        return self._counted("nodes")

    @property
    def trick_nodes(self) -> int:
        """The tricks played so far by both searches (DDS's "trick nodes")."""
        return self._counted("trick_nodes")

    def _counted(self, name: str) -> int:
        total = 0
        for search in (self.kernel, self.python):
            if search is not None:
                total += int(getattr(search, name))
        return total

    def _kernel_cards(self, dealt: int) -> bool:
        """Give the kernel the tables of the cards ``dealt`` (a deck mask):
        the whole deck when it has 64 cards at most, else the cards of the
        hand. Whether the kernel can search them."""
        tables = self.tables
        n = tables.n
        if n <= _WORD:
            dealt = (1 << n) - 1
        if dealt == self._dealt:
            return bool(self.kernel.fits())  # type: ignore[attr-defined]
        places = [p for p in range(n) if dealt >> p & 1]
        if len(places) > _WORD:
            return False
        kernel = self.kernel
        if kernel is None:
            assert _KERNEL is not None
            kernel = self.kernel = _KERNEL.Kernel(
                self.rules.players, self.side, bytes(tables.next_seat)
            )
        if n <= _WORD:
            suits = bytes([s & 3 for s in tables.suit])
            groups = bytes([g & 255 for g in tables.group])
            beaters = tables.beaters
        else:
            suits = bytes([tables.suit[p] for p in places])
            group_of = {g: i for i, g in enumerate(sorted({tables.group[p] for p in places}))}
            groups = bytes([group_of[tables.group[p]] & 255 for p in places])
            beaters = [
                _gather(tables.beaters[led * n + p], places) for led in range(4) for p in places
            ]
        follows = [_gather(f, places) for f in tables.follows] if n > _WORD else tables.follows
        kernel.set_cards(suits, groups, beaters, follows)  # type: ignore[attr-defined]
        self._dealt = dealt
        self._places = places
        for p in range(n):
            self._kernel_place[p] = -1
        for i, p in enumerate(places):
            self._kernel_place[p] = i
        return bool(kernel.fits())  # type: ignore[attr-defined]

    def _masks(self, hands: Sequence[Sequence[Card]]) -> list[int]:
        index = self.tables.index
        masks = []
        for hand in hands:
            mask = 0
            for card in hand:
                mask |= 1 << index[card._key]
            masks.append(mask)
        return masks

    def load(
        self, hands: Sequence[Sequence[Card]], leader: int, trick: Sequence[Card], dealt: int = 0
    ) -> bool:
        """Set the position: every hand, the seat that led the trick being
        played and its cards; ``dealt`` adds cards that left the hands (a
        deck mask of the hand's tricks). Whether the kernel will search it
        (else the Python search does)."""
        masks = self._masks(hands)
        index = self.tables.index
        trick_places = [index[card._key] for card in trick]
        if self.native:
            in_play = dealt
            for mask in masks:
                in_play |= mask
            for place in trick_places:
                in_play |= 1 << place
            if self._kernel_cards(in_play):
                mine = self._kernel_place
                if self.tables.n > _WORD:
                    masks = [_gather(mask, self._places) for mask in masks]
                    trick_places = [mine[p] for p in trick_places]
                kernel = self.kernel
                kernel.load(masks, leader, bytes(trick_places))  # type: ignore[attr-defined]
                kernel.deadline = self.deadline  # type: ignore[attr-defined]
                kernel.node_limit = (  # type: ignore[attr-defined]
                    self.node_limit - self.nodes + kernel.nodes  # type: ignore[attr-defined]
                    if self.node_limit
                    else 0
                )
                self._loaded_native = True
                return True
        python = self.python
        if python is None:
            python = self.python = PythonSearch(self.tables, self.rules.players, self.side)
        python.deadline = self.deadline
        python.node_limit = self.node_limit - self.nodes + python.nodes if self.node_limit else 0
        python.load(masks, leader, trick_places)
        self._loaded_native = False
        return False

    def _state(self, state: GameState) -> bool:
        dealt = 0
        index = self.tables.index
        for trick in state.tricks:
            for played in trick.plays:
                dealt |= 1 << index[played.card._key]
        return self.load(state.hands, state.leader, [p.card for p in state.trick], dealt)

    def _ask(self, native: bool, question: str, argument: int) -> int:
        """The answer to ``question`` (``value``, ``at_least`` or ``exactly``)
        about the position loaded, from the kernel or the Python search (with
        Python's cyclic garbage collector paused, ``CollectorPaused``)."""
        try:
            if native:
                return int(getattr(self.kernel, question)(argument))
            with CollectorPaused():
                return int(getattr(self.python, question)(argument))
        except _LIMIT:
            raise SearchLimitReached from None

    def value(self, state: GameState, guess: int = -1) -> int:
        """The most tricks not yet finished the side can be sure of (``guess``,
        when known, an estimate to start from)."""
        return self._ask(self._state(state), "value", guess)

    def value_loaded(self, guess: int = -1) -> int:
        """:meth:`value` for the position of the last :meth:`load`."""
        return self._ask(self._loaded_native, "value", guess)

    def at_least(self, state: GameState, target: int) -> bool:
        """Whether the side can be sure of at least ``target`` of the tricks not
        yet finished."""
        return self._ask(self._state(state), "at_least", target) == 1

    def exactly(self, state: GameState, need: int) -> bool:
        """Whether the side (one seat) can be sure of exactly ``need`` of the
        tricks not yet finished."""
        return self._ask(self._state(state), "exactly", need) == 1
