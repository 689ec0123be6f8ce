"""The engine's transitions (internal): starting a hand, listing the legal
moves, applying a bid, a pass or a play, and ending a hand.

Everything here runs on the hot path of :func:`~counter_rules.apply_move`.
The module is plain, fully typed Python; a build with
``COUNTER_RULES_COMPILE=1`` compiles it with mypyc (see the performance page),
and the pure-Python module is used otherwise. Input that may be malformed is
typed ``object`` here, so compiled code never rejects it with a bare
``TypeError``: the public functions explain it instead. The public signatures
are in ``counter_rules.engine``.
"""

from __future__ import annotations

from operator import add
from typing import Any, Final, cast

from counter_rules.argument_checks import seat_problem, shown
from counter_rules.board import AFTER_LAST, AFTER_PASS, after_trick
from counter_rules.cards import Card, Suit
from counter_rules.deal import Deal, DealtHand
from counter_rules.engine.lookup_tables import SEATS, EngineTables, tables_for, turn_bid_moves
from counter_rules.errors import GameOverError, IllegalMoveError, InvalidArgumentError
from counter_rules.fast_values import PLAYED_TABLES, make_hand_result, passes_of, played_card
from counter_rules.hand_result import HandResult
from counter_rules.moves import Bid, Move, Pass, Play, bid_moves
from counter_rules.phase import Phase
from counter_rules.position import Position
from counter_rules.rulesets.base import SHORTCUT_NONE, Ruleset
from counter_rules.state import GameState, derive, derive_played, derive_trick_done
from counter_rules.state_checks import check_state
from counter_rules.trick import PlayedCard, TrickResult
from counter_rules.views import PlayerView, SeatPosition

__all__ = [
    "accepts",
    "apply_move",
    "compute_legal",
    "equals_legal",
    "hand_points",
    "legal_moves",
    "listed",
    "start_hand",
    "why_illegal",
    "why_malformed",
]

_EMPTY: Final[frozenset[int]] = frozenset()
# Every seat of a table of n players, by n.
_EVERYONE: Final = tuple(frozenset(range(n)) for n in range(17))
_SEATS: Final = SEATS

_MOVE_TYPES: Final = (Bid, Play, Pass)

# Bound to Final names (see the design notes: compiled code reads them as C
# statics).
_STATE_CLASS: Final = GameState
_PLAY_CLASS: Final = Play
_BID_CLASS: Final = Bid
_PLAYED: Final = PLAYED_TABLES
_BIDDING: Final = Phase.BIDDING
_GAME_OVER: Final = Phase.GAME_OVER
_PASSING: Final = Phase.PASSING
_PLAYING: Final = Phase.PLAYING


def _make(state: GameState) -> GameState:
    """``state`` as the engine hands it out: with its legal moves listed. Where
    the caller has not listed them, they are listed here from ``state`` and
    handed to a copy of it, since nothing is written into a state once built."""
    return state if state._legal is not None else listed(state)


def _tables(state: GameState) -> EngineTables:
    """The ruleset's engine tables the state carries, or (for a state built
    by hand, which carries none) the ruleset's own. The transitions of single
    moves write the same inline (``state._tables or tables_for(...)``): a
    call costs there in the pure-Python build."""
    tables: EngineTables | None = state._tables
    if tables is None:  # a state built by hand
        return tables_for(state.rules)
    return tables


# -- dealing ------------------------------------------------------------------
def start_hand(
    rules: Ruleset,
    hand_number: int,
    dealer: int,
    dealt: DealtHand,
    scores: tuple[int, ...],
    seed: int,
    history: tuple[HandResult, ...],
    first_deal: Deal | None,
) -> GameState:
    players = rules.players
    if len(dealt.hands) != players or not dealt.hands[0]:
        raise InvalidArgumentError(
            f"a deal for {players} players needs {players} hands of at least one card, "
            f"got {len(dealt.hands)} hand(s)"
        )
    tables = tables_for(rules)
    cards = len(dealt.hands[0])
    bids: tuple[int | None, ...] = (None,) * players
    legal: tuple[Move, ...] | None = None
    if rules.simultaneous_bidding:
        to_act = frozenset(range(players))
    else:
        first = rules.first_bidder(dealer)
        to_act = _SEATS[first]
        rule = tables.bid_rule
        if rule != SHORTCUT_NONE:
            legal = turn_bid_moves(rule, first, cards, bids)
    return _make(
        GameState(
            rules, _BIDDING, hand_number, dealer, dealt.hands, bids, (0,) * players, (),
            rules.first_leader(dealer), dealt.trump, dealt.stock, scores, (), to_act, False,
            (None,) * players, seed, history, cards, dealt.trump_card, (False,) * players, (),
            first_deal, _legal=legal, _tables=tables,
        )
    )  # fmt: skip


# Alike on purpose: the parameters of PlayRules.plays_from, which it asks.
def _list_plays(
    tables: EngineTables,
    hand: tuple[Card, ...],
    trick: tuple[PlayedCard, ...],
    trump: Suit | None,
    seat: int,
) -> tuple[Play, ...] | None:
    """The seat's legal plays where the ruleset's rules of play list them from
    the hand, trick and trump alone; ``None`` when they read more of the game."""
    return tables.play.plays_from(hand, trick, trump, seat)


# -- legality -----------------------------------------------------------------
def compute_legal(state: GameState) -> tuple[Move, ...]:
    """Every legal move of ``state``, listed from scratch."""
    to_act = state.to_act
    rules = state.rules
    tables = _tables(state)
    if len(to_act) == 1:
        for seat in to_act:
            return seat_moves(rules, tables, state, seat, True)
    moves: tuple[Move, ...] = ()
    for seat in sorted(to_act):
        moves += seat_moves(rules, tables, state, seat, False)
    return moves


def seat_moves(
    rules: Ruleset, tables: EngineTables, game: Position, seat: int, alone: bool
) -> tuple[Move, ...]:
    """The legal moves of ``seat``, one of the seats to act in ``game`` (``alone``
    when it is the only one): its plays by the rules of the play, its bids by
    the rule of bids in turn or the ruleset's methods, or its passes (any card
    it holds)."""
    phase = game.phase
    if phase is _PLAYING:
        return tables.play.plays(game, seat)
    if phase is _BIDDING:
        rule = tables.bid_rule
        if rule != SHORTCUT_NONE and alone:
            return turn_bid_moves(rule, seat, game.cards_dealt, game.bids)
        bids = rules.legal_bids(game, seat)
        moves = bid_moves(seat, bids)
        if rules.may_bid_blind(game, seat):
            moves += bid_moves(seat, bids, blind=True)
        return moves
    if phase is _PASSING:
        return passes_of(tables.play.passes[seat], seat, game.hands[seat])
    return ()


def legal_moves(state: GameState | PlayerView, seat: object = None) -> tuple[Move, ...]:
    """Every legal move now, in a deterministic order; only ``seat``'s when given.

    In a simultaneous phase (Counter's pass) every seat still to choose has moves.
    The tuple is computed once per state and shared. Given a
    :class:`~counter_rules.PlayerView` it returns exactly the moves of the view's
    seat, as ``legal_moves(state, seat)`` would: a bot needs nothing else.

    Raises:
        InvalidArgumentError: ``state`` is neither a state nor a view, or
            ``seat`` is not a seat of the game.

    Example:
        >>> from counter_rules import Counter, legal_moves, new_game
        >>> state = new_game(Counter(), seed=2)
        >>> [str(m) for m in legal_moves(state)[:3]]
        ['P1:bid 0', 'P1:bid 1', 'P1:bid 2']
        >>> legal_moves(state, seat=0)
        ()
    """
    # type() is a pointer compare in compiled code; reading ``__class__``
    # is a generic attribute lookup.
    if type(state) is _STATE_CLASS or isinstance(state, GameState):
        moves: tuple[Move, ...] | None = state._legal
        if moves is None:  # a state built by hand
            check_state(state)
            moves = compute_legal(state)
    elif isinstance(state, PlayerView):
        moves = view_moves(state)
    else:
        raise InvalidArgumentError(
            f"legal_moves needs a GameState or a PlayerView, got {type(state).__name__}"
        )
    if seat is None:
        return moves
    problem = seat_problem(seat, len(state.bids))
    if problem is not None:
        raise InvalidArgumentError(f"seat must be {problem}")
    return tuple([m for m in moves if m.seat == seat])


def view_moves(player_view: PlayerView) -> tuple[Move, ...]:
    """The legal moves of the view's seat, as ``legal_moves(state, seat)``
    gives them: the ruleset lists them from the view's public information and
    the seat's own hand (:class:`counter_rules.views.SeatPosition`)."""
    seat = player_view.seat
    if seat not in player_view.to_act:
        return ()
    if player_view.phase is _PASSING and player_view.my_pass is not None:
        return ()
    rules = player_view.rules
    return seat_moves(rules, tables_for(rules), SeatPosition(player_view), seat, True)


def why_malformed(move: object) -> str | None:
    """Why ``move`` is malformed (wrong type or field types), or ``None``.

    Needed because ``True == 1`` and ``1.0 == 1``: ``Bid(1, True)`` compares
    equal to ``Bid(1, 1)`` but is not a bid a player can make.
    """
    kind = type(move)
    if kind not in _MOVE_TYPES:
        return f"expected a Bid, Play or Pass, got {kind.__name__}"
    # Fields are read as plain objects: compiled code would otherwise check
    # them against their declared types before this function could explain.
    seat: object = getattr(move, "seat")  # noqa: B009
    if type(seat) is not int:
        return f"a seat must be a whole number, got {shown(seat)}"
    if kind is Bid:
        tricks: object = getattr(move, "tricks")  # noqa: B009
        blind: object = getattr(move, "blind")  # noqa: B009
        if type(tricks) is not int:
            return f"a bid must be a whole number of tricks, got {shown(tricks)}"
        if type(blind) is not bool:
            return f"blind must be True or False, got {shown(blind)}"
        return None
    card: object = getattr(move, "card")  # noqa: B009
    if not isinstance(card, Card):
        return f"expected a Card, got {shown(card)}"
    if kind is Play:
        reveal: object = getattr(move, "reveal")  # noqa: B009
        call: object = getattr(move, "call")  # noqa: B009
        if reveal is not None and not isinstance(reveal, Card):
            return f"reveal must be a Card or None, got {shown(reveal)}"
        if call is not None and call not in ("high", "low"):
            return f'call must be "high", "low" or None, got {shown(call)}'
    return None


def accepts(legal: tuple[Move, ...], move: object) -> bool:
    """Whether ``move`` is one of ``legal`` and well formed."""
    for candidate in legal:
        # Moves handed out by legal_moves are shared objects: identity is the
        # common case and skips calling __eq__ on every move before it.
        if candidate is move:
            return True
    return equals_legal(legal, move)


def equals_legal(legal: tuple[Move, ...], move: object) -> bool:
    """Whether ``move``, which is none of ``legal``'s own objects, equals one of
    them and is well formed (``Bid(1, True)`` equals ``Bid(1, 1)`` but is not
    a bid)."""
    return move in legal and why_malformed(move) is None


def apply_move(state: object, move: object) -> GameState:
    """Apply a legal move and return the new state; the old state is unchanged.

    Tricks are resolved, hands scored and the next hand dealt inside, so a loop
    of :func:`legal_moves` and :func:`apply_move` plays a whole game.

    Raises:
        IllegalMoveError: The move is not legal now; the message says why.
        GameOverError: The game has already ended.

    Example:
        >>> from counter_rules import Bid, Counter, IllegalMoveError, apply_move, new_game
        >>> state = new_game(Counter(), seed=2)
        >>> apply_move(state, Bid(1, 2)).bids
        (None, 2, None, None)
        >>> try:
        ...     apply_move(state, Bid(3, 2))
        ... except IllegalMoveError as exc:
        ...     print(exc)
        illegal move P3:bid 2: it is seat 1's turn, not seat 3's
    """
    if type(state) is not _STATE_CLASS and not isinstance(state, GameState):
        raise InvalidArgumentError(f"apply_move needs a GameState, got {type(state).__name__}")
    game: GameState = state
    legal: tuple[Move, ...] | None = game._legal
    if legal is None:  # a state built by hand
        check_state(game)
        legal = compute_legal(game)
    for candidate in legal:
        # The shared move objects of legal_moves, found by identity: the
        # common case, without a call.
        if candidate is move:
            break
    else:
        if type(move) not in _MOVE_TYPES:
            # Not a move at all (move text, say): a wrong argument, not a move the
            # rules refuse.
            hint = " (parse_move reads move text)" if isinstance(move, str) else ""
            raise InvalidArgumentError(
                f"apply_move needs a Bid, Play or Pass, got {type(move).__name__} "
                f"{move!r:.60}{hint}"
            )
        if not equals_legal(legal, move):
            if game.phase is _GAME_OVER:
                raise GameOverError(f"the game is over; no move can be applied, got {move}")
            raise IllegalMoveError(move, why_illegal(game, move) or "not legal now")
    # A legal move is exactly a Bid, a Play or a Pass (why_malformed checked it).
    legal_move: Any = move
    cls = type(move)
    if cls is _PLAY_CLASS:
        return apply_play(game, legal_move)
    if cls is _BID_CLASS:
        return apply_bid(game, legal_move)
    return apply_pass(game, legal_move)


def why_illegal(state: GameState, move: object) -> str | None:
    """Why ``move`` is illegal in ``state``, in a player's words; ``None`` if legal."""
    malformed = why_malformed(move)
    if malformed is not None:
        return malformed
    assert isinstance(move, Bid | Play | Pass)
    if move in legal_moves(state):
        return None
    players = state.players
    seat = move.seat
    problem = seat_problem(seat, players)
    if problem is not None:
        return f"seat must be {problem}"
    phase = state.phase
    if phase is _GAME_OVER:
        return "the game is over"
    wanted = {_BIDDING: Bid, _PLAYING: Play, _PASSING: Pass}[phase]
    if not isinstance(move, wanted):
        return (
            f"the game is {phase.value}: expected a {wanted.__name__}, not a {type(move).__name__}"
        )
    if seat not in state.to_act:
        if phase is _PASSING:
            return f"seat {seat} has already chosen a card to pass"
        if phase is _BIDDING and state.bids[seat] is not None:
            return f"seat {seat} has already bid"
        return f"it is seat {state.current_player}'s turn, not seat {seat}'s"
    if isinstance(move, Bid):
        return state.rules.why_illegal_bid(state, seat, move.tricks, move.blind)
    card = move.card
    if card not in state.hands[seat]:
        return f"seat {seat} does not hold {card}"
    if isinstance(move, Pass):
        return "not a legal pass now"
    return state.rules.why_illegal_play(state, move)


def apply_bid(state: GameState, move: Bid) -> GameState:
    """The state after ``move``, a legal bid in ``state``."""
    seat = move.seat
    rules = state.rules
    tables: EngineTables = state._tables or tables_for(rules)
    bids: list[int | None] = list(state.bids)
    bids[seat] = move.tricks
    new_bids = tuple(bids)
    blind = state.blind
    if move.blind:
        blind_list = list(blind)
        blind_list[seat] = True
        blind = tuple(blind_list)
    phase = state.phase
    legal: tuple[Move, ...] | None = None
    if None not in bids:
        phase = _PLAYING
        leader = state.leader
        to_act = _SEATS[leader]
        legal = _list_plays(tables, state.hands[leader], (), state.trump, leader)
    elif rules.simultaneous_bidding:
        to_act = state.to_act - _SEATS[seat]
    else:
        following = (seat + 1) % len(bids)
        to_act = _SEATS[following]
        rule = tables.bid_rule
        if rule != SHORTCUT_NONE:
            legal = turn_bid_moves(rule, following, state.cards_dealt, new_bids)
    return _make(
        derive(
            state, phase=phase, bids=new_bids, to_act=to_act, blind=blind,
            _legal=legal, _tables=tables,
        )
    )  # fmt: skip


def apply_pass(state: GameState, move: Pass) -> GameState:
    """The state after ``move``, a legal pass in ``state``."""
    seat = move.seat
    card = move.card
    hands = state.hands
    held_cards = hands[seat]
    pending: list[Card | None] = list(state.pending)
    # The card held, by identity first: comparing with == calls Card.__eq__
    # for every card before it, and the moves handed out hold the same cards.
    for held in held_cards:
        if held is card:
            pending[seat] = held
            break
    else:
        for held in held_cards:
            if held == card:
                pending[seat] = held
                break
    old_to_act = state.to_act
    to_act = old_to_act - _SEATS[seat]
    tables: EngineTables = state._tables or tables_for(state.rules)
    if to_act:
        legal: tuple[Move, ...] | None = state._legal
        if legal is not None:
            # The pass moves are grouped by seat in seat order, one per card
            # held: the other seats' moves are the old tuple less this slice.
            start = 0
            for other in range(seat):
                if other in old_to_act:
                    start += len(hands[other])
            legal = legal[:start] + legal[start + len(held_cards) :]
        return _make(
            derive(state, to_act=to_act, pending=tuple(pending), _legal=legal, _tables=tables)
        )
    players = len(hands)
    play = tables.play
    new_hands: list[tuple[Card, ...]] = []
    for other in range(players):
        given = pending[other]
        hand = [c for c in hands[other] if c is not given]
        received = pending[play.giver(other)]
        assert received is not None  # every seat has chosen
        _insert_sorted(hand, received)
        new_hands.append(tuple(hand))
    leader = state.leader
    return _make(
        derive(
            state, phase=_PLAYING, hands=tuple(new_hands), to_act=_SEATS[leader],
            pending=(None,) * players, exchanges=(*state.exchanges, tuple(pending)),
            _legal=_list_plays(tables, new_hands[leader], (), state.trump, leader),
            _tables=tables,
        )
    )  # fmt: skip


def _insert_sorted(hand: list[Card], card: Card) -> None:
    """Put ``card`` into ``hand`` (sorted by card key) where it sorts: after
    the cards with smaller or equal keys, as :func:`bisect.insort` does."""
    # A bisection written out reads each key it compares once; insort with
    # ``key=`` calls the key function from C for every comparison.
    key = card._key
    low = 0
    high = len(hand)
    while low < high:
        middle = (low + high) // 2
        if key < hand[middle]._key:
            high = middle
        else:
            low = middle + 1
    hand.insert(low, card)


def listed(state: GameState) -> GameState:
    """``state`` as the engine hands out a state it builds: with its legal
    moves and the ruleset's tables (a state built by hand has neither)."""
    return derive(state, _legal=compute_legal(state), _tables=_tables(state))


def apply_play(state: GameState, move: Play) -> GameState:
    """The state after ``move``, a legal play in ``state``."""
    seat = move.seat
    card = move.card
    tables: EngineTables = state._tables or tables_for(state.rules)
    hands = state.hands
    hand = hands[seat]
    i = 0
    for held in hand:
        if held is card:
            break
        i += 1
    else:
        i = hand.index(card)
        card = hand[i]
    new_hands = list(hands)
    new_hands[seat] = hand[:i] + hand[i + 1 :]
    hands = tuple(new_hands)
    played: PlayedCard | None
    key = card._key
    # The shared play of this card (from the tables) has neither reveal nor
    # call: identity answers that without reading the move's fields.
    if move is tables.plays[seat][key] or (move.reveal is None and move.call is None):
        played = _PLAYED[seat][key]
        if played is None:
            played = played_card(seat, card)
    else:
        played = PlayedCard(seat, card, move.reveal, move.call)
    # Concatenated: unpacking into a display builds a list first.
    trick = state.trick + (played,)  # noqa: RUF005
    players = len(hands)
    play = tables.play
    trump = state.trump
    if len(trick) < players:
        # The most frequent transition: the next seat plays to the same trick.
        # Every state a move is applied to needs its legal moves: list them
        # now where the ruleset can from the hand and trick alone.
        following = play.following[seat]
        listed = play.plays_from(hands[following], trick, trump, following)
        after = derive_played(state, hands, trick, _SEATS[following], listed, tables)
        return after if listed is not None else _make(after)
    last = not hands[seat]
    trump_card = state.trump_card
    result = play.resolve(trick, trump, state.doubled_lead, last, trump_card)
    won = state.tricks_won
    winner_seat = result.winner
    if winner_seat is not None:
        won_list = list(won)
        won_list[winner_seat] += 1
        won = tuple(won_list)
    tricks = (*state.tricks, result)
    quiet = play.quiet_tricks
    stock, trump_card, following = after_trick(result, state.stock, trump_card, last, quiet)
    # A quiet trick (see after_trick) leaves trump, the stock and the doubled lead.
    next_trump = trump if quiet else result.next_trump
    if following == AFTER_LAST:
        return end_hand(state, hands, won, stock, tricks, next_trump, trump_card)
    legal: tuple[Move, ...] | None = None
    if following == AFTER_PASS:
        leader = result.next_leader
        phase = _PASSING
        to_act = _EVERYONE[players]
    else:
        leader = following
        phase = state.phase
        to_act = _SEATS[following]
        legal = play.plays_from(hands[following], (), next_trump, following)
    doubled = False if quiet else result.double_next_lead
    after = derive_trick_done(
        state, phase, hands, won, leader, next_trump, stock, tricks, to_act, doubled,
        trump_card, legal, tables,
    )  # fmt: skip
    return after if legal is not None else _make(after)


def hand_points(state: GameState, bids: tuple[int, ...], won: tuple[int, ...]) -> tuple[int, ...]:
    """The points each seat scores if the hand of ``state`` ends with the
    tricks ``won`` after the bids ``bids``: the ruleset's score of the hand,
    asked as :func:`end_hand` asks it (what a bot weighs before the end)."""
    return state.rules.score_hand(
        derive(state, bids=bids, tricks_won=won, to_act=_EMPTY, _legal=())
    )


def end_hand(
    state: GameState,
    hands: tuple[tuple[Card, ...], ...],
    won: tuple[int, ...],
    stock: tuple[Card, ...],
    tricks: tuple[TrickResult, ...],
    trump: Suit | None,
    trump_card: Card | None,
) -> GameState:
    rules = state.rules
    finished = derive(
        state,
        hands=hands,
        tricks_won=won,
        trick=(),
        trump=trump,
        stock=stock,
        tricks=tricks,
        to_act=_EMPTY,
        doubled_lead=False,
        trump_card=trump_card,
        _legal=(),
        _tables=_tables(state),
    )
    points = rules.score_hand(finished)
    scores = tuple(map(add, state.scores, points))
    bids = cast(tuple[int, ...], state.bids)  # every seat has bid by now
    first_trump = tricks[0].trump if tricks else trump
    hand_number = state.hand_number
    dealer = state.dealer
    result = make_hand_result(
        hand_number, dealer, state.cards_dealt, first_trump,
        bids, won, points, scores, state.blind, state.exchanges, tricks,
    )  # fmt: skip
    history = (*state.history, result)
    if rules.is_game_over(history):
        return derive(finished, phase=_GAME_OVER, scores=scores, history=history)
    number = hand_number + 1
    dealer = (dealer + 1) % rules.players
    seed = state.seed
    return start_hand(
        rules,
        number,
        dealer,
        rules.deal(seed, number),
        scores,
        seed,
        history,
        state.first_deal,
    )
