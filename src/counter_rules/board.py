"""The search board: the play of one hand, made and unmade in place.

A :class:`Board` holds a game in play compactly: each hand a bit mask over
the deck, the current trick, the leader, trump and its card, the Six's doubled
lead, the passes chosen so far, the tricks won. :meth:`Board.make` plays a
move on it and :meth:`Board.unmake` takes the last one back, as
python-chess's ``Board.push`` and ``Board.pop`` do and as DDS makes and
unmakes its cards: a search, a playout or a solved world walks one board
instead of building an immutable :class:`~counter_rules.GameState` a move.

The board states no rule. It asks its ruleset's
:class:`~counter_rules.play_rules.PlayRules` for everything the rules decide:
the legal plays, the winner and the after-effects of a trick (kept in a
:class:`BoardMemo` by the trick's cards where resolving costs more than
keeping), who plays next and where a passed card goes. What a trick's
end changes (the tricks won, the next leader, trump, the Jacks onto the stock,
the pass after a Five, the end of the hand) is done by
:func:`after_trick`, the function the engine's transition runs too.

A board is also a :class:`~counter_rules.position.Position`: a ruleset that
reads the whole game (trumps broken, a Joker's call) reads the board as it
reads a state. The board belongs to the library's internals: it is what the
analysis module and the bots search on.

The compiled build compiles this module with mypyc.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Protocol

from counter_rules.cards import KEY_COUNT, Card, Suit
from counter_rules.fast_values import passes_of, played_card
from counter_rules.hand_result import HandResult
from counter_rules.moves import Move, Pass, Play
from counter_rules.phase import Phase
from counter_rules.play_rules import PlayRules
from counter_rules.position import Position
from counter_rules.trick import PlayedCard, TrickResult

__all__ = ["AFTER_LAST", "AFTER_PASS", "NO_CARD_BIT", "Board", "BoardMemo", "InPlay", "after_trick"]

_PLAYING: Final = Phase.PLAYING
_PASSING: Final = Phase.PASSING
_CLUBS: Final = Suit.CLUBS
_DIAMONDS: Final = Suit.DIAMONDS
_HEARTS: Final = Suit.HEARTS


def _suit_code(suit: Suit | None) -> int:
    """0 for no suit, else 1 to 4: by identity, since reading an enum member's
    ``value`` runs Python code even in the compiled build."""
    if suit is None:
        return 0  # any code apart from the suits' would serve
    if suit is _CLUBS:
        return 1
    if suit is _DIAMONDS:
        return 2
    return 3 if suit is _HEARTS else 4


# Card keys (and "none") in the packed keys of the memo.
_KEYS: Final = KEY_COUNT + 1
_PASS_CLASS: Final = Pass

# The kinds of undo records (any four distinct numbers).
_PLAY_KIND: Final = 0
_TRICK_KIND: Final = 1
_PASS_KIND: Final = 2
_EXCHANGE_KIND: Final = 3
_LEAP_KIND: Final = 4


class InPlay(Position, Protocol):
    """What a board is made from: a :class:`~counter_rules.GameState` in the
    play of a hand (or its pass) has every field."""

    @property
    def leader(self) -> int:
        """The seat that leads the current trick."""

    @property
    def to_act(self) -> frozenset[int]:
        """The seats that may act."""

    @property
    def stock(self) -> tuple[Card, ...]:
        """The undealt cards, top first."""

    @property
    def doubled_lead(self) -> bool:
        """Whether the current trick's led card is doubled."""

    @property
    def pending(self) -> tuple[Card | None, ...]:
        """The passes chosen so far."""

    @property
    def trump_card(self) -> Card | None:
        """The face-up card that shows trump."""

    @property
    def exchanges(self) -> tuple[tuple[Card | None, ...], ...]:
        """The passes of the hand so far."""


AFTER_PASS: Final = -1
"""What :func:`after_trick` gives as the next seat when every seat passes a card."""
AFTER_LAST: Final = -2
"""What :func:`after_trick` gives as the next seat after the hand's last trick."""
NO_CARD_BIT: Final = 255
"""No card (no trump card) in :meth:`Board.native_trick`'s answer: no card's bit."""


def after_trick(
    result: TrickResult,
    stock: tuple[Card, ...],
    trump_card: Card | None,
    last: bool,
    quiet: bool,
) -> tuple[tuple[Card, ...], Card | None, int]:
    """What a resolved trick (``result``) changes for the play to go on,
    besides what the result says itself (the winner's trick, the next leader,
    trump, the doubled lead): the stock, the face-up card and who acts next.

    The trick's Jacks go face up onto the stock, and the top one shows trump.
    After the hand's last trick nobody plays (:data:`AFTER_LAST`); else every
    seat passes a card when the trick says so (:data:`AFTER_PASS`); else the
    next leader plays. ``quiet`` says that the ruleset's tricks never send
    Jacks to the stock nor ask for a pass
    (:attr:`PlayRules.quiet_tricks <counter_rules.play_rules.PlayRules.quiet_tricks>`),
    so neither is read. The engine's transition and the board both run it.
    """
    if not quiet:
        jacks = result.jacks
        if jacks:
            stock = (*reversed(jacks), *stock)
            trump_card = stock[0]
    if last:
        return stock, trump_card, AFTER_LAST
    if not quiet and result.pass_cards:
        return stock, trump_card, AFTER_PASS
    return stock, trump_card, result.next_leader


class BoardMemo:
    """The resolved tricks that boards of one ruleset keep, shared by the
    boards of one search or one bot, by the tricks' cards. The table starts
    afresh once it holds ``limit`` entries."""

    # Any limit gives the same answers (a smaller one, more resolving); this
    # one bounds the memory a search keeps.
    def __init__(self, limit: int = 1 << 18) -> None:
        self.limit = limit
        """How many entries the table holds before it is cleared."""
        self.tricks: dict[int, dict[object, TrickResult]] = {}
        """Resolved tricks by what their resolution reads besides the cards
        (packed in one int), then by the cards (packed in one int, or a
        tuple when a card shows another or is called)."""
        self.size = 0
        """How many entries the table holds."""

    def count(self) -> None:
        """Count one more entry; the table starts afresh once it is full."""
        if self.size >= self.limit:
            self.tricks.clear()
            self.size = 0
        self.size += 1


class Board:
    """One hand in play, made and unmade in place (see the module's notes).

    Example:
        >>> from counter_rules import Counter, new_game, apply_move, legal_moves
        >>> from counter_rules.board import Board
        >>> state = new_game(Counter(players=4), seed=3)
        >>> while state.phase.value == "bidding":
        ...     state = apply_move(state, legal_moves(state)[1])
        >>> board = Board(state, state.rules.play_rules())
        >>> first = board.moves()[0]
        >>> board.make(first)
        >>> board.to_move, len(board.trick)
        (2, 1)
        >>> board.unmake()
        >>> board.to_move, board.trick
        (1, ())
    """

    def __init__(self, game: InPlay, rules: PlayRules, memo: BoardMemo | None = None) -> None:
        players = len(game.hands)
        bits = rules.bits
        self.rules = rules
        """The rules of the play, asked for every decision of the rules."""
        self.memo = memo if memo is not None else BoardMemo()
        """The answers of the rules kept for this board (shareable)."""
        self.players = players
        """The number of seats."""
        masks: list[int] = []
        for hand in game.hands:
            mask = 0
            for card in hand:
                mask |= bits[card._key]
            masks.append(mask)
        self.masks = masks
        """Each seat's cards as a bit mask (``rules.bits`` gives a card's bit)."""
        self._trick: list[PlayedCard] = list(game.trick)
        # The current trick's cards packed in one int (the memo's key of a
        # trick), and how many of them show a card or carry a call.
        self._cards = 0
        self._shown = 0
        for played in game.trick:
            self._cards = self._cards * _KEYS + played.card._key
            if played.reveal is not None or played.call is not None:
                self._shown += 1
        self.leader = game.leader
        """The seat that leads the current trick."""
        passing = game.phase is _PASSING
        self.passing = passing
        """Whether the seats are choosing cards to pass (Counter's Five)."""
        to_pass = 0
        to_move = -1
        if passing:
            for seat in game.to_act:
                to_pass |= 1 << seat
        elif len(game.to_act) == 1:
            for seat in game.to_act:
                to_move = seat
        self.to_pass = to_pass
        """The seats still to choose a pass, as a bit set."""
        self.to_move = to_move
        """The seat to play, or ``-1`` in a pass and at the end of the hand."""
        self.pending: list[Card | None] = list(game.pending)
        """The cards chosen to pass so far, by seat."""
        self.trump: Suit | None = game.trump
        """The current trump suit."""
        self.trump_card: Card | None = game.trump_card
        """The face-up card that shows trump."""
        self.stock: tuple[Card, ...] = game.stock
        """The undealt cards, top first."""
        self.doubled_lead = game.doubled_lead
        """Whether the current trick's led card is doubled (Counter's Six)."""
        self.won: list[int] = list(game.tricks_won)
        """The tricks each seat has won this hand."""
        self.results: list[TrickResult] = list(game.tricks)
        """The finished tricks of the hand, in order."""
        self.exchange_list: list[tuple[Card | None, ...]] = list(game.exchanges)
        """The passes of the hand so far (see :attr:`GameState.exchanges
        <counter_rules.GameState.exchanges>`)."""
        self.over = to_move < 0 and not passing
        """Whether the hand's last trick is finished."""
        self._undo: list[tuple[int, int, int, object]] = []
        # What a ruleset reads of a position, unchanged by the play.
        self.hand_number = game.hand_number
        """The hand being played, counting from 1."""
        self.dealer = game.dealer
        """The dealer of the hand."""
        self.bids: tuple[int | None, ...] = game.bids
        """Each seat's bid."""
        self.scores: tuple[int, ...] = game.scores
        """The running totals before the hand."""
        self.cards_dealt = game.cards_dealt
        """How many cards each seat was dealt."""
        self.blind: tuple[bool, ...] = game.blind
        """Which seats bid blind."""
        self.history: tuple[HandResult, ...] = game.history
        """The finished hands."""

    # -- reading ---------------------------------------------------------------
    @property
    def phase(self) -> Phase:
        """``Phase.PASSING`` during a pass, else ``Phase.PLAYING``."""
        return _PASSING if self.passing else _PLAYING

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's cards, sorted (built from the masks)."""
        return tuple([self.rules.hand_of(mask) for mask in self.masks])

    @property
    def trick(self) -> tuple[PlayedCard, ...]:
        """The cards played to the current trick, leader first."""
        return tuple(self._trick)

    @property
    def tricks(self) -> tuple[TrickResult, ...]:
        """The finished tricks of the hand."""
        return tuple(self.results)

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """The tricks each seat has won this hand."""
        return tuple(self.won)

    @property
    def exchanges(self) -> tuple[tuple[Card | None, ...], ...]:
        """The passes of the hand so far."""
        return tuple(self.exchange_list)

    def trick_size(self) -> int:
        """How many cards the current trick holds."""
        return len(self._trick)

    def trick_key(self) -> tuple[object, ...]:
        """The cards of the current trick, in order, each with the card it
        shows and its call: equal for two tricks of the same plays."""
        if not self._shown:
            return (len(self._trick), self._cards)
        return (
            len(self._trick),
            self._cards,
            tuple(
                [
                    (-1 if played.reveal is None else played.reveal._key, played.call)
                    for played in self._trick
                ]
            ),
        )

    def cards_left(self) -> int:
        """The tricks of the hand not yet finished: the cards held by the seat to
        play (in a pass, by any seat)."""
        seat = self.to_move
        mask = self.masks[seat if seat >= 0 else 0]
        return mask.bit_count()

    # -- the moves ---------------------------------------------------------------
    def moves(self) -> tuple[Play, ...]:
        """The legal plays of the seat to play."""
        return self._plays_of(self.to_move)

    def _plays_of(self, seat: int) -> tuple[Play, ...]:
        """The legal plays of ``seat`` on the trick as it stands."""
        rules = self.rules
        if rules.local:
            # The rules list them from the hand, the trick so far and trump, as
            # the engine asks them (a memo of them measured slower than listing
            # them again).
            found = rules.plays_from(
                rules.hand_of(self.masks[seat]), tuple(self._trick), self.trump, seat
            )
            if found is not None:
                return found
        return rules.plays(self, seat)

    def passes(self, seat: int) -> tuple[Pass, ...]:
        """The passes ``seat`` may choose from: any card it holds."""
        return passes_of(self.rules.passes[seat], seat, self.rules.hand_of(self.masks[seat]))

    def winner_if(self, move: Play) -> int | None:
        """The seat that wins the current trick if ``move`` completes it, or
        that would win it if it ended after ``move`` (the board is left as it
        was)."""
        cards = self._cards
        shown = self._shown
        key, seat = self._add(move)
        rules = self.rules
        last = self.masks[seat] & ~rules.bits[key] == 0
        if rules.cheap:
            winner = rules.winner(
                tuple(self._trick), self.trump, self.doubled_lead, last, self.trump_card
            )
        else:
            winner = self._resolve(last).winner
        self._take_back(cards, shown)
        return winner

    def replies(self, move: Play, seats: int) -> int:
        """How many legal plays the seats of ``seats`` (a bit a seat) would
        have in all if ``move`` led the current trick, which is empty (the
        board is left as it was)."""
        cards = self._cards
        shown = self._shown
        self._add(move)
        count = 0
        for seat in range(len(self.masks)):
            if seats >> seat & 1:
                count += len(self._plays_of(seat))
        self._take_back(cards, shown)
        return count

    def _take_back(self, cards: int, shown: int) -> None:
        """Take the card :meth:`_add` put on the trick off again, the trick's
        packed key back to ``cards`` and ``shown``."""
        self._trick.pop()
        self._cards = cards
        self._shown = shown

    def _add(self, move: Play) -> tuple[int, int]:
        """Put ``move``'s card on the current trick and into the trick's packed
        key; the card's key and the seat that plays it."""
        seat = move.seat
        card = move.card
        key = card._key
        reveal = move.reveal
        call = move.call
        if reveal is None and call is None:
            self._trick.append(played_card(seat, card))
        else:
            self._trick.append(PlayedCard(seat, card, reveal, call))
            self._shown += 1
        self._cards = self._cards * _KEYS + key
        return key, seat

    # -- making and unmaking -------------------------------------------------------
    def make(self, move: Move) -> None:
        """Play ``move`` (a legal play of the seat to play, or a pass of a seat
        still to pass) on the board."""
        if move.__class__ is _PASS_CLASS:
            assert isinstance(move, Pass)
            self._pass(move.seat, move.card)
            return
        assert isinstance(move, Play)
        cards = self._cards
        shown = self._shown
        key, seat = self._add(move)
        bit = self.rules.bits[key]
        self.masks[seat] ^= bit
        trick = self._trick
        if len(trick) < self.players:
            self._undo.append((_PLAY_KIND, seat, bit, None if shown == self._shown else True))
            self.to_move = self.rules.following[seat]
            return
        last = self.masks[seat] == 0
        result = self._resolve(last)
        saved = (
            trick, self.leader, self.trump, self.trump_card, self.stock, self.doubled_lead,
            cards, shown,
        )  # fmt: skip
        self._cards = 0
        self._shown = 0
        winner = result.winner
        self._undo.append((_TRICK_KIND, seat, bit, saved))
        if winner is not None:
            self.won[winner] += 1
        self.results.append(result)
        stock, trump_card, following = after_trick(
            result, self.stock, self.trump_card, last, self.rules.quiet_tricks
        )
        self._trick = []
        self.leader = result.next_leader
        self.trump = result.next_trump
        self.doubled_lead = result.double_next_lead
        self.stock = stock
        self.trump_card = trump_card
        if following >= 0:
            self.to_move = following
        else:
            self.to_move = -1
            if following == AFTER_LAST:
                self.over = True
            else:
                self.passing = True
                self.to_pass = (1 << self.players) - 1

    def _resolve(self, last: bool) -> TrickResult:
        """The current (complete) trick resolved, from the memo when it holds it."""
        trick = self._trick
        trump = self.trump
        trump_card = self.trump_card
        if self.rules.cheap:
            return self.rules.resolve(tuple(trick), trump, self.doubled_lead, last, trump_card)
        # Packed one to one (so a card's code subtracted would serve as well);
        # the leader is the seat of the trick's first card.
        key = _suit_code(trump) * _KEYS + (0 if trump_card is None else trump_card._key + 1)
        key = ((key * 2 + (1 if self.doubled_lead else 0)) * 2 + (1 if last else 0)) * 16
        key += self.leader
        found: TrickResult | None
        memo = self.memo
        table = memo.tricks.get(key)
        if table is None:
            table = memo.tricks[key] = {}
        cards_key: object = self._cards
        if self._shown:
            cards_key = tuple(
                [
                    (p.card._key, -1 if p.reveal is None else p.reveal._key, p.call or "")
                    for p in trick
                ]
            )
        found = table.get(cards_key)
        if found is None:
            found = self.rules.resolve(tuple(trick), trump, self.doubled_lead, last, trump_card)
            memo.count()
            memo.tricks.setdefault(key, {})[cards_key] = found
        return found

    def leap(
        self,
        masks: Sequence[int],
        won: Sequence[int],
        leader: int,
        over: bool,
        trump: Suit | None,
        trump_card: Card | None,
        stock: tuple[Card, ...],
        doubled_lead: bool,
    ) -> None:
        """Move the board to a later position of its hand, at a trick's start,
        reached by plays made elsewhere (the native playouts of
        :class:`~counter_rules.bots.policy.Policy`): every hand (``masks``),
        the tricks won, the seat that leads the next trick (the last trick's
        winner when the hand is ``over``), trump, its card, the stock and the
        doubled lead.

        The tricks leapt over count in :attr:`tricks_won` but are not listed
        in :attr:`tricks`, nor their passes in :attr:`exchanges`.
        :meth:`unmake` takes the whole leap back.
        """
        saved = (
            tuple(self.masks), tuple(self.won), self._trick, self.leader, self.to_move,
            self._cards, self._shown, self.trump, self.trump_card, self.stock,
            self.doubled_lead,
        )  # fmt: skip
        self._undo.append((_LEAP_KIND, 0, 1 if self.over else 0, saved))
        self.masks[:] = masks
        self.won[:] = won
        self._trick = []
        self._cards = 0
        self._shown = 0
        self.leader = leader
        self.over = over
        self.to_move = -1 if over else leader
        self.trump = trump
        self.trump_card = trump_card
        self.stock = stock
        self.doubled_lead = doubled_lead

    def _pass(self, seat: int, card: Card) -> None:
        self.pending[seat] = card
        self.to_pass &= ~(1 << seat)
        if self.to_pass:
            self._undo.append((_PASS_KIND, seat, 0, None))
            return
        pending = tuple(self.pending)
        rules = self.rules
        bits = rules.bits
        masks = self.masks
        for giver in range(self.players):
            given = pending[giver]
            assert given is not None
            bit = bits[given._key]
            masks[giver] ^= bit
        for giver in range(self.players):
            given = pending[giver]
            assert given is not None
            masks[rules.receiver(giver)] |= bits[given._key]
        self._undo.append((_EXCHANGE_KIND, seat, 0, pending))  # the 0 is not read
        self.exchange_list.append(pending)
        self.pending = [None] * self.players
        self.passing = False
        self.to_move = self.leader

    def made(self) -> int:
        """How many moves have been made on the board and not taken back."""
        return len(self._undo)

    def unmake_to(self, made: int) -> None:
        """Take back moves until :meth:`made` is ``made``."""
        while len(self._undo) > made:
            self.unmake()

    def unmake(self) -> None:
        """Take back the last move made."""
        kind, seat, bit, extra = self._undo.pop()
        if kind == _LEAP_KIND:
            assert isinstance(extra, tuple)
            masks, won, trick, leader, to_move, cards, shown, trump, trump_card, stock, doubled = (
                extra
            )
            self.trump = trump
            self.trump_card = trump_card
            self.stock = stock
            self.doubled_lead = doubled
            self.masks[:] = masks
            self.won[:] = won
            self._trick = trick
            self._cards = cards
            self._shown = shown
            self.leader = leader
            self.to_move = to_move
            self.over = bit == 1
            return
        if kind == _PLAY_KIND:
            self._trick.pop()
            self._cards //= _KEYS
            if extra is not None:
                self._shown -= 1
            self.masks[seat] |= bit
            self.to_move = seat
            return
        # Alike on purpose: unmaking puts back, field by field, what make changed.
        if kind == _TRICK_KIND:
            assert isinstance(extra, tuple)
            trick, leader, trump, trump_card, stock, doubled, cards, shown = extra
            result = self.results.pop()
            winner = result.winner
            if winner is not None:
                self.won[winner] -= 1
            trick.pop()
            self._trick = trick
            self._cards = cards
            self._shown = shown
            self.leader = leader
            self.trump = trump
            self.trump_card = trump_card
            self.stock = stock
            self.doubled_lead = doubled
            self.masks[seat] |= bit
            self.to_move = seat
            self.over = False
            self.passing = False
            self.to_pass = 0
            return
        if kind == _EXCHANGE_KIND:
            assert isinstance(extra, tuple)
            rules = self.rules
            bits = rules.bits
            masks = self.masks
            for giver in range(self.players):
                given: Card = extra[giver]
                masks[rules.receiver(giver)] ^= bits[given._key]
            for giver in range(self.players):
                given = extra[giver]
                masks[giver] |= bits[given._key]
            self.exchange_list.pop()
            self.pending = list(extra)
            self.passing = True
            self.to_move = -1
        self.pending[seat] = None
        self.to_pass |= 1 << seat

    def native_trick(self) -> tuple[bytes, bytes, int] | None:
        """The current trick and the trump card as the native code of rulesets
        whose tricks have effects reads them: each card's bit, each card's
        shown card's bit + 1 (0 for none), and the trump card's bit
        (:data:`NO_CARD_BIT` for none); ``None`` when a card of the trick
        carries a call, which that code has no table for."""
        bits = self.rules.bits
        cards = bytearray()
        shown = bytearray()
        for played in self._trick:
            if played.call is not None:
                return None
            cards.append(bits[played.card._key].bit_length() - 1)
            reveal = played.reveal
            shown.append(0 if reveal is None else bits[reveal._key].bit_length())
        trump_card = self.trump_card
        card_bit = NO_CARD_BIT if trump_card is None else bits[trump_card._key].bit_length() - 1
        return bytes(cards), bytes(shown), card_bit

    # -- keys ----------------------------------------------------------------------
    def key(self) -> tuple[object, ...]:
        """A key of the position at the start of a trick or during a pass: two
        positions of one ruleset with the same key play alike from here on (the
        same cards in the same hands, leader, trump and its card, doubled lead,
        passes chosen and seats still to pass, and what the rules read besides,
        :meth:`PlayRules.context <counter_rules.play_rules.PlayRules.context>`).
        The tricks already won are left out: no rule of the play reads them."""
        trump = self.trump
        trump_card = self.trump_card
        parts: list[object] = [*self.masks]
        parts.append(_suit_code(trump))
        parts.append(-1 if trump_card is None else trump_card._key)
        parts.append(1 if self.doubled_lead else 0)  # two values, either way round
        parts.append(self.leader)
        if self.passing:
            parts.append(-1 - self.to_pass)  # any one-to-one mark of the seats to pass
            for card in self.pending:
                parts.append(-1 if card is None else card._key)  # or any key below 16: no card's
        context = self.rules.context(self)
        if context is not None:
            parts.append(context)
        return tuple(parts)
