"""The search behind :func:`~counter_rules.analysis.outcome`: every seat for
its own points (max^n), on the search board.

The question is the game's own: with every hand open, each seat to act picks
the move that gives it the most points for the hand (the ruleset's own
:meth:`~counter_rules.Ruleset.score_hand`); among those, the one that gives
the asking seat the fewest; among those, the first in
:func:`~counter_rules.legal_moves` order. In a pass after Counter's Five, the
seats still to pass choose one at a time from the lowest seat up, each knowing
the passes before it. The rule fixes one outcome for every position: a
vector of each seat's tricks at the end of the hand.

The search walks one :class:`~counter_rules.board.Board`, as the general
search does, so every rule it plays is the engine's. What makes it quicker
than a plain walk of the tree, without changing a single answer:

- a table at the start of every trick and at every pass, keyed by the
  board's key (:meth:`Board.key <counter_rules.board.Board.key>`) and the
  tricks won so far (the points read them);
- a cut when the seat to act has found a move that gives it the most points
  any end of the hand could give it and the asking seat the fewest: the moves
  after it in the order of play can only tie, and a tie goes to the first;
- shallow pruning: a seat stops looking once the move it has found already
  gives it more points than every end of the hand in which the seat that moved
  before it does at least as well as it has found elsewhere (the earlier
  seat's choice is then made, whatever this seat picks among its better
  moves);
- for the plain family, moves that the rules cannot tell apart (cards of one
  hand with no card of another hand or of the trick between them, read from
  the solver's tables of the rules, :class:`~counter_rules.analysis._plain.PlainTables`)
  searched once: they lead to the same outcome, and the first of them in the
  order of play is the one chosen;
- the hand's last trick, when every card of it is forced, played out at
  once: it is neither counted as positions nor kept in the table (most of
  the positions of a short ending are last tricks).

The module is plain typed Python, compiled with mypyc in the compiled build.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from counter_rules.analysis._plain import (
    PlainTables,
    own_kernel,
    own_value,
    plain_play,
    plain_tables,
)
from counter_rules.analysis._questions import CollectorPaused, over_budget
from counter_rules.board import Board, BoardMemo
from counter_rules.cards import Suit
from counter_rules.engine.lookup_tables import tables_for
from counter_rules.errors import SearchLimitReached
from counter_rules.moves import Pass, Play
from counter_rules.phase import Phase
from counter_rules.rulesets.base import Ruleset
from counter_rules.state import GameState

__all__ = ["HandPoints", "OwnPointsSearch", "scoring_context", "shared_points"]

_PLAYING: Final = Phase.PLAYING
# The most points a hand can give: below any real score's negative.
_NONE: Final = -(1 << 60)
# The most ends of a hand (the tricks of each seat, each from 0 to the cards
# dealt) the native search keeps points for; it is the kernel's own bound.
_NATIVE_ENDS: Final = 1 << 16
# The most seats and cards the native search takes (its masks and packing).
_NATIVE_SEATS: Final = 8
_NATIVE_CARDS: Final = 64


def scoring_context(game: GameState | Board) -> tuple[object, ...]:
    """What a hand's points read besides the tricks won: the bids, the blind
    bids, the cards dealt, the hand and its dealer, the running scores. The
    search's tables hold for one such context."""
    return (game.bids, game.blind, game.cards_dealt, game.hand_number, game.dealer, game.scores)


class HandPoints:
    """What the searches of one hand keep of its points, shared by them all
    (every world drawn from one view is scored alike)."""

    def __init__(self, rules: Ruleset | None = None, board: Board | None = None) -> None:
        self.rules = rules
        """The ruleset whose hand it is (kept, so that its id names it)."""
        self.points: dict[tuple[int, ...], tuple[int, ...]] = {}
        """Every seat's points by the tricks each won at the end of the hand."""
        self.width = 0
        """The counts of tricks a seat can end the hand with (rows of :attr:`rows`)."""
        self.rows: tuple[int, ...] | None = None
        """Each seat's points by its own tricks, seat after seat (rows of
        :attr:`width`), where the ruleset scores each seat by its own tricks
        (:attr:`Shortcuts.seat_points
        <counter_rules.rulesets.base.Shortcuts.seat_points>`); else ``None``."""
        if rules is not None and board is not None and tables_for(rules).shortcuts.seat_points:
            self.rows, self.width = _rows(rules, board)
        self.covers: dict[tuple[int, ...], tuple[int, list[int]]] = {}
        """What a native search is given to cover the ends reachable from a
        count of tricks won (see :meth:`OwnPointsSearch._cover`)."""


def _rows(rules: Ruleset, board: Board) -> tuple[tuple[int, ...], int]:
    """Each seat's points for the hand of ``board`` by its own tricks, seat
    after seat, from ``score_hand`` asked once for each count of tricks
    (every seat taking that many: each is scored by its own), and the length
    of a row."""
    players = len(board.masks)
    width = board.cards_dealt + 1
    flat = [0] * (players * width)
    for tricks in range(width):
        points = _scored(rules, board, (tricks,) * players)
        for seat in range(players):
            flat[seat * width + tricks] = points[seat]
    return tuple(flat), width


def _scored(rules: Ruleset, board: Board, tricks: tuple[int, ...]) -> tuple[int, ...]:
    """``score_hand`` of the hand of ``board`` ended with ``tricks`` won (the
    board is left as it was)."""
    saved = board.won
    board.won = list(tricks)
    try:
        return rules.score_hand(board)
    finally:
        board.won = saved


# The points of a few hands, by ruleset and scoring context.
_POINTS: dict[tuple[object, ...], HandPoints] = {}
_POINTS_KEPT: Final = 64

# A native search given the tables of the rules (None where the board's bits
# are not the tables' places, or the build has no kernel), with the place of
# each of the board's bits, by the ids of the tables and of the search
# board's rules (both kept, so the ids stay theirs): a new native search
# copies its tables from it instead of reading them again.
_CARDS: dict[tuple[int, int], tuple[PlainTables, object, object | None, list[int]]] = {}
_CARDS_KEPT: Final = 64


def shared_points(rules: Ruleset, context: tuple[object, ...], board: Board) -> HandPoints:
    """What the searches keep of the points of a hand of ``rules`` in
    ``context`` (:func:`scoring_context`), a position of which is ``board``:
    one for all the searches that ask about that hand."""
    key = (id(rules), *context)  # by id: a ruleset of a user's need not hash
    found = _POINTS.get(key)
    if found is None or found.rules is not rules:
        if len(_POINTS) >= _POINTS_KEPT:
            _POINTS.clear()
        found = _POINTS[key] = HandPoints(rules, board)
    return found


class OwnPointsSearch:
    """The outcome search for one ruleset and one asking seat (see the
    module's notes). Its tables hold for one hand's scoring context and are
    emptied when a question comes from another."""

    def __init__(self, rules: Ruleset, asker: int) -> None:
        self.rules = rules
        """The ruleset searched."""
        self.asker = asker
        """The seat whose points break ties: the fewest for it."""
        self.players = rules.players
        self.play = tables_for(rules).play
        self.memo = BoardMemo()
        self.table: dict[tuple[object, ...], tuple[int, ...]] = {}
        self.hand = HandPoints()
        self.points = self.hand.points
        self.reach: dict[tuple[tuple[int, ...], int], list[tuple[int, ...]]] = {}
        self.context: tuple[object, ...] | None = None
        self.nodes = 0
        """The positions visited so far."""
        self.deadline = 0.0
        """A :func:`time.perf_counter` time past which the search gives up; 0 for none."""
        self.node_limit = 0
        """A count of positions past which the search gives up; 0 for none."""
        self._board: Board | None = None
        self._plain: PlainTables | None = None
        # By trump and cards dealt: the plain tables (None where the fast
        # searches do not take the play), and the native search (None where
        # the kernel does not take the hand) with the place of each card of
        # the board's bits; the native search of the position made ready.
        self._plains: dict[tuple[int, int], PlainTables | None] = {}
        self._natives: dict[tuple[int, int], tuple[object, list[int]]] = {}
        # Whether the tables of the trump and cards dealt last made ready hold.
        self._ready = False
        self._trump: Suit | None = None
        self._dealt = 0
        self._key = (-1, 0)
        self._native: object = None
        # The fewest tricks of each seat whose ends each native search holds
        # points for, by trump and cards dealt.
        self._floors: dict[tuple[int, int], tuple[int, ...]] = {}

    def board(self, state: GameState) -> Board:
        """A board of ``state`` sharing this search's memo, the tables made
        ready for its hand."""
        board = Board(state, self.play, self.memo)
        self.ready(board, state)
        return board

    def ready(self, board: Board, state: GameState) -> None:
        """Make the tables ready for ``board``, a position of ``state``'s hand.
        Asked again for another position of a hand of
        the same scoring context and trump (a playout's end, say), it only
        takes the board."""
        context = scoring_context(state)
        if context != self.context:
            self.context = context
            self.table.clear()
            self.hand = shared_points(self.rules, context, board)
            self.points = self.hand.points
            self.reach.clear()
            # The native searches read the cards, not the points: they are
            # kept, their tables emptied and their points given anew.
            for native, _ in self._natives.values():
                if native is not None:
                    native.clear()  # type: ignore[attr-defined]
            self._floors.clear()
        self._board = board
        if state.phase is not _PLAYING:
            self._plain = None
            self._native = None
            self._ready = False
            return
        trump = state.trump
        dealt = state.cards_dealt
        if not self._ready or trump is not self._trump or dealt != self._dealt:
            key = (-1 if trump is None else trump.value, dealt)
            found = self._natives.get(key)
            if found is None:
                tables = plain_tables(self.rules, trump) if plain_play(self.rules, trump) else None
                self._plains[key] = tables
                found = (None, []) if tables is None else self._made_native(tables, board, dealt)
                self._natives[key] = found
            self._plain = self._plains[key]
            self._native = found[0]
            self._trump = trump
            self._dealt = dealt
            self._key = key
            self._ready = True
        native = self._native
        if native is not None:
            self._cover(native, self._key, board.won, dealt)

    def _made_native(
        self, tables: PlainTables, board: Board, dealt: int
    ) -> tuple[object, list[int]]:
        """The native search of hands of ``dealt`` cards under ``tables``'
        trump, with the place in the tables of each card of the board's bits;
        ``None`` for the search when this build has no kernel or the hand
        does not fit it. It searches as :meth:`_search` does, position for
        position; :meth:`_cover` gives it the points it reads."""
        players = self.players
        n = tables.n
        if players > _NATIVE_SEATS or n > _NATIVE_CARDS or (dealt + 1) ** players > _NATIVE_ENDS:
            return None, []
        rules = board.rules
        key = (id(tables), id(rules))
        known = _CARDS.get(key)
        if known is None or known[0] is not tables or known[1] is not rules:
            index = tables.index
            bit_place = [index[card._key] for card in rules.cards]
            template = None
            if sorted(bit_place) == list(range(n)):
                template = own_kernel(players, 0, tables.next_seat)
                if template is None:
                    return None, []  # no kernel now: nothing to keep
                template.set_cards(  # type: ignore[attr-defined]
                    bytes(tables.suit), tables.beaters, tables.follows, bytes(bit_place)
                )
            if len(_CARDS) >= _CARDS_KEPT:
                _CARDS.clear()
            known = _CARDS[key] = (tables, rules, template, bit_place)
        template = known[2]
        if template is None:
            return None, []
        kernel = own_kernel(players, self.asker, tables.next_seat)
        if kernel is None:
            return None, []
        kernel.copy_cards(template)  # type: ignore[attr-defined]
        return kernel, known[3]

    def _cover(
        self,
        kernel: object,
        key: tuple[int, int],
        won: Sequence[int],
        dealt: int,
    ) -> None:
        """Give the native search ``kernel`` (kept under ``key``) the points of
        every end of the hand reachable from the tricks ``won``, from the
        ruleset's scoring (:meth:`points_of`): for the ends that give each
        seat at least its tricks in a floor, in one table by the tricks beyond
        the floor (radix the tricks left to give, plus one). The floor is
        lowered as positions below it are asked: a floor at the start of the
        hand would give every position of its end a table of every count of
        tricks."""
        floor = self._floors.get(key)
        if floor is not None and _at_least(won, floor):
            return
        low = tuple(won) if floor is None else tuple(map(min, won, floor))
        hand = self.hand
        rows = hand.rows
        if rows is not None:
            # Each seat scored by its own tricks: the kernel reads the rows.
            kernel.set_seat_points(bytes(low), dealt - sum(low), rows, hand.width)  # type: ignore[attr-defined]
            self._floors[key] = low
            return
        cover = hand.covers.get(low)
        if cover is None:
            players = self.players
            span = dealt - sum(low)
            flat = [0] * ((span + 1) ** players * players)
            for extra in _spread(span, players):
                at = 0
                for seat in range(players - 1, -1, -1):
                    at = at * (span + 1) + extra[seat]
                tricks = tuple([f + x for f, x in zip(low, extra, strict=True)])
                flat[at * players : (at + 1) * players] = self.points_of(tricks)
            cover = self.hand.covers[low] = (span, flat)
        kernel.set_points(bytes(low), *cover)  # type: ignore[attr-defined]
        self._floors[key] = low

    # -- points ------------------------------------------------------------------
    def points_of(self, tricks: tuple[int, ...]) -> tuple[int, ...]:
        """Every seat's points for the hand when it ends with ``tricks``."""
        found = self.points.get(tricks)
        if found is None:
            rows = self.hand.rows
            if rows is not None:
                width = self.hand.width
                found = tuple([rows[seat * width + won] for seat, won in enumerate(tricks)])
                self.points[tricks] = found
                return found
            board = self._board
            assert board is not None
            found = _scored(self.rules, board, tricks)
            self.points[tricks] = found  # a memo: without it, the same points again
        return found

    def _ends(self, won: tuple[int, ...], left: int) -> list[tuple[int, ...]]:
        """Every seat's points at each end of the hand reachable from ``won``
        with ``left`` tricks to play (a trick may go to nobody)."""
        key = (won, left)
        found = self.reach.get(key)
        if found is None:
            found = []
            for extra in _spread(left, self.players):
                found.append(
                    self.points_of(tuple([w + x for w, x in zip(won, extra, strict=True)]))
                )
            self.reach[key] = found
        return found

    # -- the search ----------------------------------------------------------------
    def _count(self) -> None:
        self.nodes += 1
        if not self.nodes & 255 and over_budget(self.nodes, self.deadline, self.node_limit):
            raise SearchLimitReached

    def mover(self, board: Board) -> int:
        """The seat that moves next: the one to play, or in a pass the lowest
        seat still to choose."""
        if not board.passing:
            return board.to_move
        to_pass = board.to_pass
        return (to_pass & -to_pass).bit_length() - 1

    def moves(self, board: Board, seat: int) -> list[Play | Pass]:
        """``seat``'s legal moves in the order of play, one of each run the
        rules cannot tell apart."""
        if board.passing:
            return list(board.passes(seat))
        plays = board.moves()
        tables = self._plain
        if tables is None or len(plays) < 2:
            return list(plays)
        return _distinct(tables, board, plays)

    def value(self, board: Board) -> tuple[int, ...]:
        """Each seat's tricks at the end of the hand, when the play goes on from
        ``board`` by the rule (the board is left as it was found): from the
        native search where this build has it and the hand fits it (it visits,
        counts and keeps the same positions), else in Python, with Python's
        cyclic garbage collector paused (``CollectorPaused``)."""
        if self._native is not None:
            return self._native_value(board)
        with CollectorPaused():
            return self._search(board, -1, _NONE, 0)

    def _native_value(self, board: Board) -> tuple[int, ...]:
        kernel = self._native
        tables = self._plain
        assert kernel is not None and tables is not None
        index = tables.index
        trick = bytes([index[played.card._key] for played in board.trick])
        kernel.nodes = self.nodes  # type: ignore[attr-defined]
        kernel.node_limit = self.node_limit  # type: ignore[attr-defined]
        kernel.deadline = self.deadline  # type: ignore[attr-defined]
        try:
            return own_value(kernel, board.masks, board.leader, trick, bytes(board.won), True)
        finally:
            self.nodes = kernel.nodes  # type: ignore[attr-defined]

    def _last_trick(self, board: Board) -> tuple[int, ...] | None:
        """The tricks won at the end of the hand when the trick about to be led
        is its last and every card of it is forced (every seat to play has one
        legal play): played out at once, neither counted as positions nor kept
        in the table (the board is left as it was found); ``None`` when the
        hand does not end so (a pass comes, or a seat has a choice)."""
        made = 0
        try:
            while not board.over and not board.passing:
                plays = board.moves()
                if len(plays) != 1:
                    break
                board.make(plays[0])
                made += 1
            return tuple(board.won) if board.over else None
        finally:
            for _ in range(made):
                board.unmake()

    def _search(self, board: Board, before: int, enough: int, limit: int) -> tuple[int, ...]:
        """The outcome from ``board``; or, once it is clear that the seat
        ``before`` (who moved just before) will not take it (it gives that seat
        fewer than ``enough`` points, or ``enough`` and the asking seat at
        least ``limit``), any outcome it will not take."""
        if board.over:
            return tuple(board.won)
        if not board.passing and not board.trick_size() and board.cards_left() == 1:
            last = self._last_trick(board)
            if last is not None:
                return last
        self._count()
        passing = board.passing
        key: tuple[object, ...] | None = None
        won = tuple(board.won)
        if passing or not board.trick_size():
            key = (board.key(), won)
            found = self.table.get(key)
            if found is not None:
                return found
        seat = self.mover(board)
        asker = self.asker
        ends = self._ends(won, board.cards_left())
        most = _NONE
        fewest = -_NONE
        for end in ends:
            if end[seat] > most:
                most = end[seat]
        for end in ends:
            if end[seat] == most and end[asker] < fewest:
                fewest = end[asker]
        best: tuple[int, ...] | None = None
        best_mine = _NONE
        best_theirs = 0
        exact = True
        for move in self.moves(board, seat):
            board.make(move)
            outcome = self._search(board, seat, best_mine, best_theirs)
            board.unmake()
            points = self.points_of(outcome)
            mine = points[seat]
            theirs = points[asker]
            if best is None or mine > best_mine or (mine == best_mine and theirs < best_theirs):
                best = outcome
                best_mine = mine
                best_theirs = theirs
                if mine == most and theirs == fewest:
                    break
                if (
                    before >= 0
                    and before != seat
                    and _settled(ends, seat, mine, before, enough, asker, limit)
                ):
                    exact = False
                    break
        assert best is not None
        if key is not None and exact:
            self.table[key] = best
        return best


def _at_least(won: Sequence[int], floor: Sequence[int]) -> bool:
    """Whether every seat has won at least its tricks in ``floor``."""
    return all(won[seat] >= floor[seat] for seat in range(len(floor)))


def _settled(
    ends: list[tuple[int, ...]],
    seat: int,
    mine: int,
    before: int,
    enough: int,
    asker: int,
    limit: int,
) -> bool:
    """Whether ``seat``, having found a move worth ``mine`` to it, is sure to
    end the hand in a way the seat ``before`` will not take: in every end of
    the hand that gives ``seat`` at least ``mine``, ``before`` gets fewer than
    ``enough`` points, or ``enough`` with the asking seat at ``limit`` or more."""
    for end in ends:
        if end[seat] >= mine:
            theirs = end[before]
            if theirs > enough or (theirs == enough and end[asker] < limit):
                return False
    return True


def _spread(left: int, players: int) -> list[tuple[int, ...]]:
    """Every way of giving at most ``left`` tricks to ``players`` seats."""
    if players == 1:
        return [(n,) for n in range(left + 1)]
    out: list[tuple[int, ...]] = []
    for first in range(left + 1):  # past left, the rest has no way: nothing more
        for rest in _spread(left - first, players - 1):
            out.append((first, *rest))
    return out


def _distinct(tables: PlainTables, board: Board, plays: tuple[Play, ...]) -> list[Play | Pass]:
    """``plays`` less each play that the rules cannot tell apart from an
    earlier one: two cards of one hand are alike when every card still held
    by another seat or in the trick beats both or neither, and each beats
    both or neither of them, whatever suit is led, and both follow the same
    leads (the solver's tables of the rules, by place). The plays are plain
    (no card shown, no Joker called): the tables are read only for a ruleset
    that plays by plain Oh Hell's path."""
    index = tables.index
    seat = board.to_move
    others = 0
    rules = board.rules
    for other in range(board.players):
        if other != seat:
            for card in rules.hand_of(board.masks[other]):
                others |= 1 << index[card._key]
    for played in board.trick:
        others |= 1 << index[played.card._key]
    kept: list[Play | Pass] = []
    places: list[int] = []
    for play in plays:
        place = index[play.card._key]
        alike = False
        for earlier in places:
            if _alike(tables, earlier, place, others):
                alike = True
                break
        if not alike:
            kept.append(play)
            places.append(place)
    return kept


def _alike(tables: PlainTables, first: int, second: int, others: int) -> bool:
    """Whether the places ``first`` and ``second`` (cards of one hand) play
    alike against the cards ``others`` (a mask of places): the same suit, the
    same leads followed, and, whatever suit is led, the same cards of
    ``others`` beating them and beaten by them."""
    if tables.suit[first] != tables.suit[second]:
        return False
    n = tables.n
    beaters = tables.beaters
    for led in range(4):
        follows = tables.follows[led]
        if (follows >> first & 1) != (follows >> second & 1):
            return False
        if beaters[led * n + first] & others != beaters[led * n + second] & others:
            return False
        rest = others
        while rest:
            low = rest & -rest
            place = low.bit_length() - 1
            rest ^= low
            beaten = beaters[led * n + place]
            if (beaten >> first & 1) != (beaten >> second & 1):
                return False
    return True
