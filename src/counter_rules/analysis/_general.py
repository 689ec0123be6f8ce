"""The solver's general search: alpha-beta on the search board.

The search walks one :class:`~counter_rules.board.Board`, making and unmaking
moves in place; the board asks the ruleset's rules of the play
(:class:`~counter_rules.play_rules.PlayRules`) for every legal move and every
trick, so the search plays exactly the game the engine plays: any ruleset,
every option, Counter's powers, the Four shown and the pass after a Five.

The search answers yes-or-no questions, as DDS does: "can the side be sure of
at least ``t`` more tricks?" (:meth:`GeneralSearch.at_least`) and "can the seat
be sure of exactly ``n`` more?" (:meth:`GeneralSearch.exactly`). A
transposition table remembers, at the start of every trick and at every pass,
what is known of the position: bounds on the side's tricks, or which targets
the seat can and cannot make, under the board's key
(:meth:`Board.key <counter_rules.board.Board.key>`: each hand as a bit mask,
the leader or the seats still to pass and the passes chosen, trump and its
card, the Six's doubled lead, and what the ruleset's plays read besides).
Each question reads what the other found: a seat sure of exactly ``n``
tricks is sure of at least ``n``, and one that cannot be sure of at least
``n`` cannot be sure of exactly ``n``.

The moves of a node are tried in this order: the move that settled the
position before (the table's), then the cards that give the trick so far to
the seat's own side, then the killers (the last two cards that made a
cut-off for the seat with as many cards held, at the same place in a trick
or in a pass) and the countermove (the card that last made a cut-off after
the same cards of a trick so far), then the cards that caused the most
cut-offs so far (the history heuristic); a lead by a seat of the other
side also scores by how few legal replies it leaves the side's seats. A
card that completes a trick is not played on the board when that trick
settles the question: the hand's last trick, or the tricks asked for won
(or, asked for exactly, more won than asked). The value of a position is
found by asking "at least 1?", "at least 2?", "at least 4?" ... and then
bisecting: a side of one seat can seldom be sure of many tricks, and the
small questions are the cheap ones.

Simultaneous passes are searched one seat after another, the side's seats
first: the others answer knowing the side's choices, which is what "sure of,
whatever the others do" asks.

A node where the mover holds :data:`PROBE_FROM` cards or more probes its
moves (:meth:`GeneralSearch.probe`): each is searched within a budget of
positions, and set aside when the budget is spent, so that a first move
whose refutation takes the whole search below it does not hold up a move
that settles the node cheaply.

The module is plain typed Python, compiled with mypyc in the compiled build.
"""

from __future__ import annotations

from typing import Any, Final

from counter_rules.analysis._plain import _LIMIT, effect_kernel
from counter_rules.analysis._questions import CollectorPaused, bisect, gallop, over_budget
from counter_rules.board import Board, BoardMemo
from counter_rules.cards import KEY_COUNT
from counter_rules.engine.lookup_tables import tables_for
from counter_rules.errors import SearchLimitReached
from counter_rules.moves import Pass, Play
from counter_rules.play_rules import suit_code
from counter_rules.rulesets.base import Ruleset
from counter_rules.state import GameState

__all__ = [
    "PROBE_FIRST",
    "PROBE_FROM",
    "GeneralSearch",
    "bisect",
    "gallop",
    "next_mover",
    "search_order",
]

# Bounds are packed into one int: the lowest value known, and the highest
# value known in the next byte (any base above the most tricks of a hand).
_BYTE: Final = 256
# The numbers found possible in an entry of the targets (bits 0..63; the
# numbers found impossible are bits 64 up).
_CAN: Final = (1 << 64) - 1
# The scores of a move: the table's move above every other score (a killer
# and every cut-off counted together); the first killer above the second,
# and each above every count of cut-offs (a count past 2**47 would take a
# search of more than a hundred trillion positions). The moves that give the
# trick so far to the mover's side come before the others whatever their
# scores (GeneralSearch.moves).
_FIRST: Final = 1 << 62
_KILLER: Final = 1 << 48
_SECOND_KILLER: Final = 1 << 47
# The countermove counts as much as the second killer (measured best of the
# places tried: above the killers, between them, below them).
_COUNTERMOVE: Final = 1 << 47
# A lead by a seat of the other side scores (_FEW_REPLIES - replies) <<
# _REPLY_SHIFT, where replies is the count of legal plays it leaves the
# side's seats (none past _FEW_REPLIES): one reply fewer counts as a quarter
# of a killer (measured best of a tie-break and of this).
_FEW_REPLIES: Final = 64
_REPLY_SHIFT: Final = 46
# The countermoves kept are forgotten at once when they reach this many and
# a new one comes (the native search does the same).
_MOST_COUNTERMOVES: Final = 1 << 20
# The place of a pass in a killer's slot (any number past the places of a
# trick's cards).
_PASS_PLACE: Final = 7
# The probes (GeneralSearch.probe): the cards held from which a node probes
# its moves, and the positions of a move's first probe (measured best of
# 20,000, 50,000 and 200,000, from 4, 5 and 6 cards, on 8- and 10-card
# Counter hands). The budgets grow fourfold a round, for at most
# _PROBE_ROUNDS rounds; the last round has no budget of its own. Within
# another probe, the first budget is at least a _PROBE_SHARE-th of the
# positions that probe has left (so that a node searched again within a
# larger budget does not climb from the smallest again).
PROBE_FROM: Final = 5
PROBE_FIRST: Final = 50_000
_PROBE_ROUNDS: Final = 20
_PROBE_SHARE: Final = 16
# The first move in the order gets this many times the others' budget (the
# order's first move is the likeliest to settle the node).
_PROBE_LEAD: Final = 4


class _Spent(Exception):
    """The positions of the probe under way are spent."""


def search_order(side: int, players: int) -> list[int]:
    """The order in which the seats of a simultaneous pass are searched: the
    side's seats first."""
    return [s for s in range(players) if side >> s & 1] + [
        s for s in range(players) if not side >> s & 1
    ]


def next_mover(state: GameState, order: list[int]) -> int:
    """The seat that moves next in a search: the one to act, or in a pass the
    first in ``order`` still to choose."""
    return min(state.to_act, key=order.index)


class GeneralSearch:
    """A search for one side (a bit set of seats) over one ruleset's games.

    Its tables stay valid for every position of every game of the ruleset,
    so one search can answer many questions about one hand.
    """

    def __init__(self, rules: Ruleset, side: int, order: list[int] | None = None) -> None:
        self.rules = rules
        self.side = side
        players = rules.players
        self.players = players
        # The order in which a pass's seats are searched (search_order's
        # unless given: the tests compare others).
        self.order = search_order(side, players) if order is None else order
        play = tables_for(rules).play
        self.play = play
        # The same search in C (the kernel's EffectSearch) where the build has
        # it and the ruleset's rules of the play come as native tables.
        self.native: object | None = effect_kernel(play, side, self.order)
        self.memo = BoardMemo()
        self.bounds: dict[tuple[object, ...], int] = {}
        self.targets: dict[tuple[object, ...], int] = {}
        self.best: dict[tuple[object, ...], int] = {}
        # Cutoffs made by each card key, to try such cards first elsewhere.
        self.history: list[int] = [0] * KEY_COUNT
        # The killers: by slot (killer_slot), the card keys + 1 of the last
        # two moves that made a cut-off there (0 for none), the last first.
        self.killers: list[int] = [0] * (2 * 8 * players * (KEY_COUNT + 1))
        # The countermoves: by countermove_key, the card key of the last move
        # that made a cut-off after the same cards of a trick so far.
        self.countermoves: dict[tuple[object, ...], int] = {}
        self.nodes = 0
        # A time (perf_counter) past which the search gives up; 0 for none.
        self.deadline = 0.0
        # A count of positions past which the search gives up; 0 for none.
        self.node_limit = 0
        # The probes: see probe.
        self.probe_from = PROBE_FROM
        self.probe_first = PROBE_FIRST
        # The count of positions past which the probe under way stops (0: none).
        self.budget_end = 0

    def board(self, state: GameState) -> Board:
        """A board of ``state`` sharing this search's memo."""
        return Board(state, self.play, self.memo)

    # -- the moves of a node ------------------------------------------------------
    def mover(self, board: Board) -> int:
        """The seat that moves next: the one to play, or in a pass the first in
        the search's order still to choose."""
        if not board.passing:
            return board.to_move
        to_pass = board.to_pass
        for seat in self.order:
            if to_pass >> seat & 1:
                return seat
        raise AssertionError("no seat to act")

    def killer_slot(self, board: Board, seat: int) -> int:
        """Where the killers of ``seat``'s moves on ``board`` are kept: by the
        cards the seat holds, its place in the trick (or the pass) and the
        seat."""
        place = _PASS_PLACE if board.passing else board.trick_size()
        return (board.masks[seat].bit_count() * 8 + place) * self.players + seat

    def countermove_key(self, board: Board, seat: int) -> tuple[object, ...] | None:
        """Where the countermove of ``seat``'s play on ``board`` is kept: by
        the cards of the trick so far (each with the card it shows), the
        seat, trump and the doubled lead; ``None`` at a trick's start and in
        a pass."""
        if board.passing or not board.trick_size():
            return None
        return (seat, board.trick_key(), board.trump, board.doubled_lead)

    def moves(
        self,
        board: Board,
        seat: int,
        first: int,
        slot: int = -1,
        counter_key: tuple[object, ...] | None = None,
    ) -> list[tuple[Play | Pass, int]]:
        """``seat``'s legal moves, best first: the card ``first`` (the table's),
        then those that win the trick so far for the seat's side, then the
        killers (the last two moves that made a cut-off with as many cards
        held at the same place, the last first) and the countermove of
        ``counter_key`` (:meth:`countermove_key`'s), then by how often each
        card made a cut-off; a lead by a seat of the other side also scores
        by how few replies it leaves the side (:meth:`few_replies`). Each
        comes with the tricks the side wins by it (1 or 0) when it completes
        a trick, else -1. ``slot`` is
        :meth:`killer_slot`'s (found when -1)."""
        history = self.history
        if slot < 0:
            slot = self.killer_slot(board, seat)
        killer = self.killers[2 * slot] - 1
        second = self.killers[2 * slot + 1] - 1
        countered = -1 if counter_key is None else self.countermoves.get(counter_key, -1)
        scored: list[tuple[int, int, Play | Pass, int]] = []
        if board.passing:
            passes = board.passes(seat)
            for i, choice in enumerate(passes):
                key = choice.card._key
                score = _FIRST if key == first else history[key]
                score += _killer_score(key, first, killer, second)
                scored.append((-score, i, choice, -1))
        else:
            plays = board.moves()
            completes = board.trick_size() == self.players - 1
            if len(plays) == 1 and not completes:
                return [(plays[0], -1)]
            side = self.side
            mine = side >> seat & 1
            lead_other = not mine and board.trick_size() == 0
            gives: list[bool] = []
            for i, play in enumerate(plays):
                key = play.card._key
                score = _FIRST if key == first else history[key]
                winner = board.winner_if(play)
                ours = 1 if winner is not None and side >> winner & 1 else 0
                gives.append(winner is not None and ours == mine)
                if key == countered and key != first:
                    score += _COUNTERMOVE
                if lead_other and key != first:
                    score += self.few_replies(board, play)
                score += _killer_score(key, first, killer, second)
                scored.append((-score, i, play, ours if completes else -1))
            scored.sort()
            # The table's card first (where the card has several moves, a
            # Four shown or not, the first of them by the other scores), then
            # the moves that give the trick so far to the mover's side, then
            # the others, each group by the other scores.
            head: list[tuple[int, int, Play | Pass, int]] = []
            if first >= 0 and _key_of(scored[0][2]) == first:
                head = scored[:1]
            rest = scored[len(head) :]
            scored = (
                head
                + [entry for entry in rest if gives[entry[1]]]
                + [entry for entry in rest if not gives[entry[1]]]
            )
            return [(entry[2], entry[3]) for entry in scored]
        scored.sort()
        return [(entry[2], entry[3]) for entry in scored]

    def few_replies(self, board: Board, play: Play) -> int:
        """The score of ``play``, a lead by a seat of the other side: the
        fewer legal plays it leaves the side's seats, the higher (so that the
        lead most likely to keep the side from the trick comes first)."""
        replies = board.replies(play, self.side)
        return (_FEW_REPLIES - replies) << _REPLY_SHIFT if replies < _FEW_REPLIES else 0

    def _cutoff(
        self,
        move: Play | Pass,
        key: tuple[object, ...] | None,
        slot: int,
        counter_key: tuple[object, ...] | None,
    ) -> None:
        card_key = move.card._key
        self.history[card_key] += 1
        killers = self.killers
        if killers[2 * slot] != card_key + 1:
            killers[2 * slot + 1] = killers[2 * slot]
            killers[2 * slot] = card_key + 1
        if counter_key is not None:
            countermoves = self.countermoves
            if len(countermoves) >= _MOST_COUNTERMOVES and counter_key not in countermoves:
                countermoves.clear()
            countermoves[counter_key] = card_key
        if key is not None:
            self.best[key] = card_key

    def _count(self) -> None:
        self.nodes += 1
        if not self.nodes & 255 and over_budget(self.nodes, self.deadline, self.node_limit):
            raise SearchLimitReached

    # -- the questions ------------------------------------------------------------
    def at_least(self, state: GameState, target: int) -> bool:
        """Whether the side can be sure of at least ``target`` of the tricks
        not yet finished."""
        return self.ask(self.board(state), target, False)

    def board_at_least(self, board: Board, target: int) -> bool:
        """:meth:`at_least` on a board (left as it was found)."""
        return self.ask(board, target, False)

    def exactly(self, state: GameState, need: int) -> bool:
        """Whether the side (one seat) can be sure of winning exactly ``need``
        of the tricks not yet finished."""
        return self.ask(self.board(state), need, True)

    def board_exactly(self, board: Board, need: int) -> bool:
        """:meth:`exactly` on a board (left as it was found)."""
        return self.ask(board, need, True)

    def ask(self, board: Board, want: int, exact: bool) -> bool:
        """Whether the side can be sure of at least ``want`` of the tricks not
        yet finished, or with ``exact`` of exactly ``want`` (the board is left
        as it was found): by the native search where there is one, else by
        :meth:`search`, with Python's cyclic garbage collector paused
        (``CollectorPaused``: the native search makes no Python objects that
        outlive a trick, and runs without the pause)."""
        native = self.native
        if native is not None:
            found = _native_question(board)
            if found is not None:
                return self._native_ask(native, found, want, exact)
        self.budget_end = 0
        with CollectorPaused():
            return self.search(board, want, exact)

    def _native_ask(
        self, native: Any, position: tuple[object, ...], want: int, exact: bool
    ) -> bool:
        native.nodes = self.nodes
        native.node_limit = self.node_limit
        native.deadline = self.deadline
        native.probe_from = self.probe_from
        native.probe_first = self.probe_first
        try:
            answer: bool = native.ask(*position, want, exact)
        except _LIMIT:
            raise SearchLimitReached from None
        finally:
            self.nodes = native.nodes
        return answer

    def search(self, board: Board, want: int, exact: bool) -> bool:
        """:meth:`ask` in Python. The table keeps, by position, bounds on the
        side's tricks for the first question and the numbers found possible
        and impossible for the second."""
        if exact:
            if want < 0:
                return False
        elif want <= 0:
            return True
        left = board.cards_left()
        if want > left:
            return False
        if not left:
            return True  # the hand is over, and nothing more was asked
        self._count()
        if self.budget_end and self.nodes > self.budget_end:
            raise _Spent
        seat = self.mover(board)
        passing = board.passing
        size = board.trick_size()
        key: tuple[object, ...] | None = None
        first = -1
        if passing or not size:
            key = board.key()
            # Each question reads what the other found: a seat sure of
            # exactly some number of tricks is sure of at least as many, and
            # one not sure of at least ``want`` is not sure of exactly ``want``.
            known = self.targets.get(key, 0)
            found = self.bounds.get(key)
            if exact:
                if known >> want & 1:
                    return True
                if known >> (want + 64) & 1 or (found is not None and want > found // _BYTE):
                    return False
            else:
                if (found is not None and want <= found % _BYTE) or (known & _CAN) >> want:
                    return True
                if found is not None and want > found // _BYTE:
                    return False
            first = self.best.get(key, -1)
        maximize = (self.side >> seat & 1) == 1
        last_trick = left == 1
        result = not maximize
        slot = self.killer_slot(board, seat)
        counter_key = self.countermove_key(board, seat)
        moves = self.moves(board, seat, first, slot, counter_key)
        settled: Play | Pass | None = None
        if self.probe_from and left >= self.probe_from and not last_trick and len(moves) > 1:
            settled = self.probe(board, moves, want, exact, maximize)
        else:
            for move, won in moves:
                if self.child(board, move, won, want, exact, last_trick) == maximize:
                    settled = move
                    break
        if settled is not None:
            result = maximize
            self._cutoff(settled, key, slot, counter_key)
        if key is not None:
            if exact:
                known = self.targets.get(key, 0)
                self.targets[key] = known | (1 << (want if result else want + 64))
            # An exact number found possible is a lower bound for the other
            # question.
            if not exact or result:
                known = self.bounds.get(key, left * _BYTE)
                low = known % _BYTE
                high = known // _BYTE
                if result:
                    low = max(low, want)
                else:
                    high = min(high, want - 1)
                self.bounds[key] = low + high * _BYTE
        return result

    def child(
        self, board: Board, move: Play | Pass, won: int, want: int, exact: bool, last_trick: bool
    ) -> bool:
        """The answer after ``move`` (which wins ``won`` tricks for the side, as
        :meth:`moves` gives it). A card that completes a trick is not played
        when that trick settles the question: the hand's last trick, or (for
        "at least") the tricks wanted are won, or (for "exactly") more are
        won than wanted."""
        if won >= 0 and (last_trick or (won > want if exact else won >= want)):
            return want == won if exact else want <= won
        board.make(move)
        ok = self.search(board, want - max(won, 0), exact)
        board.unmake()
        return ok

    def probe(
        self,
        board: Board,
        moves: list[tuple[Play | Pass, int]],
        want: int,
        exact: bool,
        maximize: bool,
    ) -> Play | Pass | None:
        """The move among ``moves`` (in order) that settles the node for the
        mover, or ``None`` when none does, found by probing: each move still
        open is searched within a budget of positions (``probe_first`` at
        first, four times more each round; the first move of the order four
        times as many as the others), and set aside when the budget is
        spent. A node's first move in the usual order is seldom wrong,
        but when it is, showing that can take the whole search below it
        (every card of the others against every line); a probe moves on to
        a move that settles the node more cheaply. The positions settled
        within a probe stay in the table, so a move probed again starts from
        what the last probe found."""
        outer = self.budget_end
        budget = self.probe_first
        most = budget << _PROBE_ROUNDS
        if outer:
            budget = max(budget, (outer - self.nodes) // _PROBE_SHARE)
        made = board.made()
        lead = moves[0][0]
        open_moves = moves
        while open_moves:
            unlimited = budget >= most
            still: list[tuple[Play | Pass, int]] = []
            for move, won in open_moves:
                end = self.nodes + (budget * _PROBE_LEAD if move is lead else budget)
                self.budget_end = outer if unlimited or (outer and end >= outer) else end
                try:
                    ok = self.child(board, move, won, want, exact, False)
                except _Spent:
                    board.unmake_to(made)
                    self.budget_end = outer
                    if outer and self.nodes > outer:
                        raise
                    still.append((move, won))
                    continue
                self.budget_end = outer
                if ok == maximize:
                    return move
            open_moves = still
            budget *= 4
        return None

    def value(self, state: GameState) -> int:
        """The most tricks not yet finished the side can be sure of."""
        return self.board_value(self.board(state))

    def board_value(self, board: Board) -> int:
        """:meth:`value` on a board (left as it was found)."""
        return gallop(lambda target: self.ask(board, target, False), board.cards_left())


def _key_of(move: Play | Pass) -> int:
    """The key of the card ``move`` plays or passes (a function of its own:
    the same read inline in a conditional expression makes mypyc's C code
    trip a compiler warning)."""
    return move.card._key


def _killer_score(key: int, first: int, killer: int, second: int) -> int:
    """What a card (``key``) adds to its score as the first or second killer
    of its slot, when it is not the table's card (``first``)."""
    if key == first:
        return 0
    if key == killer:
        return _KILLER
    return _SECOND_KILLER if key == second else 0


def _native_question(board: Board) -> tuple[object, ...] | None:
    """The position of ``board`` as the native search reads it (hands as
    masks; the trick and the trump card of :meth:`Board.native_trick
    <counter_rules.board.Board.native_trick>`; in a pass the seats still to
    choose and each seat's choice + 1), or ``None`` for a position it cannot
    take (a card of the trick carries a call)."""
    found = board.native_trick()
    if found is None:
        return None
    trick, shown, card_bit = found
    bits = board.rules.bits
    pending = (
        bytes([0 if card is None else bits[card._key].bit_length() for card in board.pending])
        if board.passing
        else b""
    )
    return (
        board.masks,
        trick,
        shown,
        board.leader,
        board.to_move,
        board.passing,
        board.to_pass,
        pending,
        suit_code(board.trump),
        card_bit,
        board.doubled_lead,
    )
