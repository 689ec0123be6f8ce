"""The preferences the bots share, and the fast default policy of playouts.

- :func:`static_power`: a number in [0, 1] per card, the ruleset's fixed guess
  of how often it wins a trick
  (:meth:`~counter_rules.rulesets.advice.Advice.trick_power`);
- :func:`wants_trick`: whether a seat is better off winning the next trick;
- :func:`play_preference` and :func:`pass_choice`: how the heuristic bot likes
  a play, and the card it passes;
- :class:`Policy`: the default policy of IS-MCTS's playouts (see
  :class:`~counter_rules.bots.ISMCTSBot`), which plays a hand out on a search board
  (:class:`~counter_rules.board.Board`).

The compiled build plays a playout in native code (``_playout.c``): the
same moves and the same random draws, from tables of the rules and of this
module's :func:`static_power`, :func:`wants_trick` and :data:`EPSILON`. In
the plain family :func:`native_playout` builds them from the rules' tables
(:func:`~counter_rules.analysis.board_tables`); at Counter
:func:`effect_playout` builds them from the follow rule's tables
(:meth:`PlayRules.play_tables <counter_rules.play_rules.PlayRules.play_tables>`)
and asks the ruleset for every trick it has not seen. The Python playout
serves every other game, generator and build, and the tests hold the two to
each other.

The compiled build compiles this module with mypyc.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Final

from counter_rules.analysis import board_tables
from counter_rules.board import NO_CARD_BIT, Board, BoardMemo
from counter_rules.cards import KEY_COUNT, Card, Suit
from counter_rules.engine.transitions import apply_move, legal_moves
from counter_rules.moves import Bid, Move, Pass, Play
from counter_rules.phase import Phase
from counter_rules.play_rules import TRUMPS_BY_CODE, play_rules_of, suit_code
from counter_rules.rulesets.base import Ruleset
from counter_rules.state import GameState

__all__ = [
    "EPSILON",
    "KEEP_STRONG",
    "Policy",
    "effect_playout",
    "native_playout",
    "pass_choice",
    "play_preference",
    "static_power",
    "use_native_playout",
    "wants_trick",
]

KEEP_STRONG: Final = 0.15
"""How much a card's strength counts beside its chance of winning this trick:
enough to break near ties (keep strong cards, shed them when ducking)."""

EPSILON: Final = 0.1
"""The share of random moves in the greedy default policy."""

_BIDDING: Final = Phase.BIDDING


def static_power(card: Card, trump: Suit | None, rules: Ruleset) -> float:
    """A fixed guess, in [0, 1], of how likely ``card`` is to win a trick."""
    return rules.advice.trick_power(card, trump)


def wants_trick(
    rules: Ruleset,
    bid: int | None,
    won: int,
    left: int,
    players: int,
) -> bool:
    """Whether a seat that bid ``bid``, has won ``won`` and holds ``left``
    cards is better off winning the next trick.

    Under the bid: win; at the bid: lose. Once the bid cannot be made any
    more, the ruleset answers from its scoring
    (:meth:`~counter_rules.rulesets.advice.Advice.more_tricks_pay`): schemes that pay for
    tricks on a missed bid keep winning; Counter chases tricks only when
    enough of them pay and otherwise ducks for the point of a trickless hand.
    """
    if bid is None:
        return True
    if won < bid <= won + left:
        return True
    if won == bid:
        return False
    return rules.advice.more_tricks_pay(bid, won, left)


def play_preference(chance: float, power: float, want: bool) -> float:
    """How much the heuristic bot likes a play that wins the trick with
    ``chance`` and has strength ``power`` (:func:`static_power`): wanting the
    trick, a likely winner that spends little strength; else a likely loser
    that sheds strength."""
    if want:
        return chance - KEEP_STRONG * power
    return KEEP_STRONG * power - chance


def pass_choice(
    rules: Ruleset,
    moves: Sequence[Move],
    trump: Suit | None,
    want: bool,
    strength: Callable[[Card, Suit | None], float] | None = None,
) -> Move:
    """The least useful card to pass: the weakest when the seat wants tricks,
    else the strongest (by :func:`static_power`, or by ``strength`` when given,
    a function that gives the same, kept)."""
    best = moves[0]
    best_key = -2.0
    for move in moves:
        assert not isinstance(move, Bid)  # a pass or a play: one check of one class
        if strength is None:
            power = static_power(move.card, trump, rules)
        else:
            power = strength(move.card, trump)
        key = -power if want else power
        if key > best_key:
            best, best_key = move, key
    return best


def _load_playout() -> ModuleType | None:
    """The native playout, when this build has it and its random draws are
    Python's own (checked on draws that cross a refill of the generator)."""
    try:
        module = importlib.import_module("counter_rules.bots._playout")
    except ImportError:  # the pure-Python build
        return None
    bounds = bytes([0, 1, 2, 3, 5, 13, 52, 64, 0, 7] * 80)
    mine, theirs = random.Random(2026), random.Random(2026)
    expected = [theirs.random() if b == 0 else theirs.randrange(b) for b in bounds]
    if module.draws(mine, bounds) != expected or mine.getstate() != theirs.getstate():
        return None
    return module


_PLAYOUT: Final = _load_playout()
_RANDOM: Final = random.Random
# The native playouts built, by ruleset, trump, hand size and greediness.
_PLAYOUTS: Final[dict[tuple[int, int, int, bool], tuple[Ruleset, object]]] = {}
# A bid of none in the native playout's bids (wants_trick: every trick).
_NO_BID: Final = 255
# Whether playouts may use the native playout (a list of one, as a switch).
_NATIVE: Final = [True]


def native_playout(rules: Ruleset, trump: Suit | None, dealt: int, greedy: bool) -> object | None:
    """The native playout of ``rules`` under ``trump`` for hands of ``dealt``
    cards, kept for the last few: the policy's choices (``greedy`` or
    random) over tables in the order of the search board's card bits; or
    ``None`` where it does not apply (a build without it, native code
    switched off by :func:`use_native_playout`, a game off the plain
    family's path or a deck of more than 64 cards:
    :func:`~counter_rules.analysis.board_tables`)."""
    if _PLAYOUT is None or not _NATIVE[0]:
        return None
    key = (id(rules), -1 if trump is None else trump.value, dealt, greedy)
    found = _PLAYOUTS.get(key)
    if found is not None and found[0] is rules:
        return found[1]
    playout = _made_playout(rules, trump, dealt, greedy)
    if len(_PLAYOUTS) >= 32:
        _PLAYOUTS.clear()
    _PLAYOUTS[key] = (rules, playout)
    return playout


def _made_playout(rules: Ruleset, trump: Suit | None, dealt: int, greedy: bool) -> object | None:
    assert _PLAYOUT is not None
    tables = board_tables(rules, trump)
    if tables is None or not 0 < dealt <= 64:
        return None
    playout: object = _PLAYOUT.Playout(
        tables.next_seat,
        tables.suits,
        tables.beaters,
        tables.follows,
        [static_power(card, trump, rules) for card in tables.cards],
        _wants(rules, dealt),
        dealt,
        greedy,
        EPSILON,
    )
    return playout


def effect_playout(rules: Ruleset, dealt: int, greedy: bool) -> object | None:
    """The native playout of a ruleset whose tricks have effects (Counter) for
    hands of ``dealt`` cards, kept for the last few: its follow rule from
    :meth:`PlayRules.play_tables <counter_rules.play_rules.PlayRules.play_tables>`,
    the policy's choices (``greedy`` or random), every trick resolved by
    :meth:`PlayRules.outcome <counter_rules.play_rules.PlayRules.outcome>` and
    kept in the playout's table; or ``None`` where it does not apply (a build
    without it, native code switched off, rules without play tables, rules
    that read more of a game than the hands, the trick and trump, more than
    six seats, more than eight holdings of a suit that free a seat from
    following)."""
    if _PLAYOUT is None or not _NATIVE[0]:
        return None
    key = (id(rules), -2, dealt, greedy)
    found = _PLAYOUTS.get(key)
    if found is not None and found[0] is rules:
        return found[1]
    playout = _made_effect_playout(rules, dealt, greedy)
    if len(_PLAYOUTS) >= 32:
        _PLAYOUTS.clear()
    _PLAYOUTS[key] = (rules, playout)
    return playout


def _made_effect_playout(rules: Ruleset, dealt: int, greedy: bool) -> object | None:
    assert _PLAYOUT is not None
    play = play_rules_of(rules)
    tables = play.native_tables(_PLAYOUT.MAX_EXEMPT)
    if tables is None or not 0 < dealt <= 64:
        return None
    power = [static_power(card, trump, rules) for trump in TRUMPS_BY_CODE for card in play.cards]
    playout: object = _PLAYOUT.EffectPlayout(
        tables, power, _wants(rules, dealt), dealt, greedy, EPSILON
    )
    return playout


def _wants(rules: Ruleset, dealt: int) -> bytes:
    """:func:`wants_trick` for every bid, tricks won and cards left up to
    ``dealt``, as the native playouts read it."""
    side = range(dealt + 1)
    players = rules.players
    return bytes(
        [
            1 if wants_trick(rules, bid, won, left, players) else 0
            for bid in side
            for won in side
            for left in side
        ]
    )


def use_native_playout(native: bool) -> bool:
    """Let playouts use the native playout where it applies (``True``, the
    default) or always play in Python; return the previous choice (the tests
    hold the two to each other)."""
    previous = _NATIVE[0]
    _NATIVE[0] = native
    return previous


class Policy:
    """The fast default policy of playouts, for one search (it keeps the cards'
    strengths and the board's memo).

    ``greedy``: bid the sum of the cards' strengths (capped for cautious
    games); under the bid play the strongest card, or as the trick's last
    player the weakest card that wins it; at the bid the weakest, or last the
    strongest that loses; pass the least useful card; a tenth of the moves
    at random. Otherwise every move is random.
    """

    def __init__(self, rules: Ruleset, greedy: bool) -> None:
        self.rules = rules
        self.greedy = greedy
        # Strengths by card key under one trump at a time (the trump changes
        # seldom; a dict keyed by suit would hash an enum every time), -1.0
        # where not yet asked.
        self.trump: Suit | None = None
        self.powers: list[float] = [-1.0] * KEY_COUNT
        self.by_trump: dict[Suit | None, list[float]] = {None: self.powers}
        # wants_trick by (bid, won, left), packed in one int.
        self.wants: dict[int, bool] = {}
        self.cautious = rules.advice.cautious_bidding
        self.play_rules = play_rules_of(rules)
        self.memo = BoardMemo()
        # The native playout of the last trump and hand size asked.
        self._native_for: tuple[Suit | None, int] | None = None
        self._native: object | None = None
        # Whether self._native is an effect playout.
        self._effects = False

    def power(self, card: Card, trump: Suit | None) -> float:
        """:func:`static_power`, kept."""
        if trump is not self.trump:
            self.trump = trump
            powers = self.by_trump.get(trump)
            if powers is None:
                powers = self.by_trump[trump] = [-1.0] * KEY_COUNT
            self.powers = powers
        key = card._key
        value = self.powers[key]
        if value < 0.0:
            value = static_power(card, trump, self.rules)
            self.powers[key] = value
        return value

    def want(self, bid: int | None, won: int, left: int, players: int) -> bool:
        """:func:`wants_trick`, kept."""
        key = ((0 if bid is None else bid + 1) * 256 + won) * 256 + left
        found = self.wants.get(key)
        if found is None:
            found = self.wants[key] = wants_trick(self.rules, bid, won, left, players)
        return found

    def board(self, state: GameState) -> Board:
        """The play of ``state`` on a board sharing this policy's memo."""
        return Board(state, self.play_rules, self.memo)

    def bid(self, state: GameState, moves: Sequence[Move], rng: random.Random) -> Move:
        """A bid of ``state``'s bidding."""
        if len(moves) == 1:
            return moves[0]
        if not self.greedy or rng.random() < EPSILON:
            return moves[rng.randrange(len(moves))]
        trump = state.trump
        target = 0.0
        for card in state.hands[moves[0].seat]:
            target += self.power(card, trump)
        if self.cautious:
            target = min(target, 5.0)
        sighted: list[Move] = [m for m in moves if isinstance(m, Bid) and not m.blind]
        if not sighted:
            sighted = list(moves)
        best = sighted[0]
        best_gap = -1.0
        for move in sighted:
            gap = abs(move.tricks - target) if isinstance(move, Bid) else 0.0
            if best_gap < 0 or gap < best_gap:
                best, best_gap = move, gap
        return best

    def play(self, board: Board, moves: Sequence[Move], rng: random.Random) -> Move:
        """A play or a pass on ``board``."""
        if len(moves) == 1:
            return moves[0]
        if not self.greedy or rng.random() < EPSILON:
            return moves[rng.randrange(len(moves))]
        first = moves[0]
        seat = first.seat
        trump = board.trump
        want = self.want(
            board.bids[seat], board.won[seat], board.masks[seat].bit_count(), board.players
        )
        if isinstance(first, Pass):
            return pass_choice(self.rules, moves, trump, want, self.power)
        if board.trick_size() == board.players - 1:
            return self._last_to_play(board, moves, want)
        best = moves[0]
        best_key = -2.0
        for move in moves:
            assert isinstance(move, Play)
            value = self.power(move.card, trump)
            key = value if want else -value
            if key > best_key:
                best, best_key = move, key
        return best

    def _last_to_play(self, board: Board, moves: Sequence[Move], want: bool) -> Move:
        """The last card of a trick: the weakest winner when it wants the trick
        (else the weakest card), the strongest loser when not (else the weakest).
        Among cards of equal strength, the first of ``moves``.

        The cards are tried from the weakest up when it wants the trick, from
        the strongest down when not, and the first that wins (or loses) is
        the answer: each try resolves a trick, the costly part of a playout
        at Counter, and the cards after it cannot be chosen."""
        trump = board.trump
        ranked: list[tuple[float, int]] = []
        for i, move in enumerate(moves):
            assert isinstance(move, Play)
            ranked.append((self.power(move.card, trump), i))
        ranked.sort()
        if want:
            for _, i in ranked:
                move = moves[i]
                assert isinstance(move, Play)
                if board.winner_if(move) == move.seat:
                    return move
        else:
            strongest = sorted([(-power, i) for power, i in ranked])
            for _, i in strongest:
                move = moves[i]
                assert isinstance(move, Play)
                if board.winner_if(move) != move.seat:
                    return move
        # Every card loses (wanted) or wins (not wanted): the weakest.
        return moves[ranked[0][1]]

    def finish(self, state: GameState, rng: random.Random) -> Board:
        """The rest of the hand of ``state`` by this policy: the bids still to
        make, then the play on a board, to the hand's last trick."""
        board = self.board(self.bid_out(state, rng))
        self.play_out(board, rng)
        return board

    def bid_out(self, state: GameState, rng: random.Random) -> GameState:
        """``state`` with the bids still to make made by this policy (the
        lowest seat first where seats bid at once)."""
        while state.phase is _BIDDING:
            moves = legal_moves(state, min(state.to_act))
            state = apply_move(state, self.bid(state, moves, rng))
        return state

    def play_out(self, board: Board, rng: random.Random, stop: int = 0) -> None:
        """The rest of the hand on ``board`` by this policy (in a pass, the
        lowest seat still to choose first); with ``stop``, only until a trick
        is to be led from hands of at most ``stop`` cards each (the end of
        the hand comes first where no such trick comes).

        Where a native playout applies (:func:`native_playout`,
        :func:`effect_playout`) it plays on from the first card played
        outside a pass, with the same moves and draws, and the board leaps
        to where it stops (:meth:`Board.leap <counter_rules.board.Board.leap>`)."""
        native = rng.__class__ is _RANDOM
        while not board.over:
            if board.passing:
                to_pass = board.to_pass
                options: Sequence[Move] = board.passes((to_pass & -to_pass).bit_length() - 1)
            else:
                if native:
                    native = False
                    if self._native_out(board, rng, stop):
                        return
                if stop and not board.trick_size() and _at_most(board.masks, stop):
                    return
                options = board.moves()
            board.make(self.play(board, options, rng))

    def _native_out(self, board: Board, rng: random.Random, stop: int) -> bool:
        """:meth:`play_out` by a native playout; whether one applied."""
        trump = board.trump
        dealt = board.cards_dealt
        asked = (trump, dealt)
        if asked != self._native_for:
            self._native_for = asked
            native = native_playout(self.rules, trump, dealt, self.greedy)
            if native is None:
                native = effect_playout(self.rules, dealt, self.greedy)
                self._effects = True
            else:
                self._effects = False
            self._native = native
        native = self._native
        if native is None:
            return False
        bits = self.play_rules.bits
        bids = bytes([_NO_BID if bid is None else bid for bid in board.bids])
        if not self._effects:
            trick = bytes([bits[played.card._key].bit_length() - 1 for played in board.trick])
            over, leader, masks, won = native.run(  # type: ignore[attr-defined]
                rng, board.masks, trick, board.leader, bytes(board.won), bids, stop
            )
            # The plain family's tricks change nothing but who leads.
            board.leap(
                masks, won, leader, over, board.trump, board.trump_card, board.stock,
                board.doubled_lead,
            )  # fmt: skip
            return True
        found = board.native_trick()
        if found is None:
            return False
        cards, shown, card_code = found
        (
            over, leader, masks, won, trump_code, card_bit, doubled, jacks,
        ) = native.run(  # type: ignore[attr-defined]
            rng, board.masks, cards, shown, board.leader, bytes(board.won),
            bids, suit_code(trump), card_code, board.doubled_lead, stop,
        )  # fmt: skip
        deck = self.play_rules.cards
        board.leap(
            masks,
            won,
            leader,
            over,
            TRUMPS_BY_CODE[trump_code],
            None if card_bit == NO_CARD_BIT else deck[card_bit],
            (*[deck[jack] for jack in reversed(jacks)], *board.stock),
            doubled,
        )
        return True


def _at_most(masks: Sequence[int], cards: int) -> bool:
    """Whether every hand of ``masks`` holds at most ``cards`` cards."""
    return all(mask.bit_count() <= cards for mask in masks)
