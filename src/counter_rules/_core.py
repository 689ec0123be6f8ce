"""The engine's transitions, kept apart from the public functions of
:mod:`counter_rules.engine` so that they can be compiled.

Everything here runs on the hot path of :func:`~counter_rules.apply_move`:
dealing a hand, listing the legal moves, applying a bid, a pass or a play and
ending a hand. The module is plain, fully typed Python; a build with
``COUNTER_RULES_COMPILE=1`` compiles it with mypyc (see the performance page),
and the pure-Python module is used otherwise. Input that may be malformed is
typed ``object`` here, so compiled code never rejects it with a bare
``TypeError``: the public functions explain it instead.
"""

from __future__ import annotations

from bisect import insort
from operator import add, attrgetter
from typing import Final, cast

from counter_rules.cards import Card, Suit
from counter_rules.moves import Bid, Move, Pass, Play, bid_moves, pass_table, shared_pass
from counter_rules.rulesets._quick import (
    QUICK_COUNTER,
    QUICK_NONE,
    QUICK_PLAIN,
    bid_bounds,
    bids_between,
    counter_plays,
    plain_plays,
    resolve_counter,
)
from counter_rules.rulesets.base import DealtHand, Ruleset
from counter_rules.rulesets.plain_tricks import _resolve_simple
from counter_rules.state import GameState, HandResult, Phase
from counter_rules.trick import _PLAYED_TABLES, PlayedCard, TrickResult, played_card
from counter_rules.views import PlayerView, proxy_state

__all__ = [
    "SEATS",
    "accepts",
    "advance",
    "compute_legal",
    "derive",
    "legal_moves",
    "start_hand",
    "turn_bid_moves",
    "type_error",
]

_card_key: Final = attrgetter("_key")
_new_state: Final = object.__new__
_set_dict: Final = object.__setattr__
_EMPTY: Final[frozenset[int]] = frozenset()
SEATS = [frozenset((s,)) for s in range(16)]
"""``SEATS[s]`` is the shared one-seat set ``{s}``."""
_SEATS: Final = SEATS

_FIELDS: Final[dict[type, tuple[str, ...]]] = {
    Bid: ("seat", "tricks", "blind"),
    Play: ("seat", "card", "reveal", "call"),
    Pass: ("seat", "card"),
}

# Enum members bound once: attribute access on an Enum class is slow.
# Classes and tables bound to Final names: compiled code reads them from C
# statics instead of looking the imported names up in the module dict.
_STATE_CLASS: Final = GameState
_PLAY_CLASS: Final = Play
_BID_CLASS: Final = Bid
_PLAYED: Final = _PLAYED_TABLES
_BIDDING: Final = Phase.BIDDING
_GAME_OVER: Final = Phase.GAME_OVER
_PASSING: Final = Phase.PASSING
_PLAYING: Final = Phase.PLAYING


# -- dealing ------------------------------------------------------------------
def start_hand(
    rules: Ruleset,
    hand_number: int,
    dealer: int,
    dealt: DealtHand,
    scores: tuple[int, ...],
    seed: int,
    history: tuple[HandResult, ...],
) -> GameState:
    players = rules.players
    cards = len(dealt.hands[0])
    bids: tuple[int | None, ...] = (None,) * players
    legal: tuple[Move, ...] | None = None
    if rules.simultaneous_bidding:
        to_act = frozenset(range(players))
    else:
        first = rules.first_bidder(dealer)
        to_act = _SEATS[first]
        rule = rules._quick_bids
        if rule != QUICK_NONE:
            legal = turn_bid_moves(rule, first, cards, bids)
    # The fields of GameState in order, without attrs' __init__ (the hot path;
    # the tests check that the keys are exactly GameState's fields).
    fields = {
        "rules": rules,
        "phase": _BIDDING,
        "hand_number": hand_number,
        "dealer": dealer,
        "hands": dealt.hands,
        "bids": bids,
        "tricks_won": (0,) * players,
        "trick": (),
        "leader": rules.first_leader(dealer),
        "trump": dealt.trump,
        "stock": dealt.stock,
        "scores": scores,
        "tricks": (),
        "to_act": to_act,
        "doubled_lead": False,
        "pending": (None,) * players,
        "seed": seed,
        "history": history,
        "cards_dealt": cards,
        "trump_card": dealt.trump_card,
        "blind": (False,) * players,
        "exchanges": (),
        "first_deal": None,
        "_legal": legal,
    }
    state = _new_state(_STATE_CLASS)
    _set_dict(state, "__dict__", fields)
    return state


def _plays_from(
    rules: Ruleset,
    kind: int,
    hand: tuple[Card, ...],
    trick: tuple[PlayedCard, ...],
    trump: Suit | None,
    seat: int,
) -> tuple[Play, ...] | None:
    """``rules.plays_from(...)``, calling the ruleset's quick function directly
    (``kind`` is ``rules._quick_plays``, which the caller has read)."""
    if kind == QUICK_PLAIN:
        return plain_plays(rules._plays[seat], hand, trick)
    if kind == QUICK_COUNTER:
        return counter_plays(rules._plays[seat], hand, trick, trump, seat)
    return rules.plays_from(hand, trick, trump, seat)


def _resolve_fast(
    rules: Ruleset,
    trick: tuple[PlayedCard, ...],
    trump: Suit | None,
    doubled_lead: bool,
    last_trick: bool,
    trump_card: Card | None,
) -> TrickResult:
    """``rules.resolve_fast(...)``, calling the ruleset's quick function directly."""
    kind = rules._quick_resolve
    if kind == QUICK_PLAIN:
        return _resolve_simple(trick, trump, trump_card, last_trick)
    if kind == QUICK_COUNTER:
        return resolve_counter(trick, trump, doubled_lead, last_trick, trump_card)
    return rules.resolve_fast(trick, trump, doubled_lead, last_trick, trump_card)


_BID_MOVES: Final[dict[int, tuple[Bid, ...]]] = {}


def turn_bid_moves(
    rule: int, seat: int, cards: int, bids: tuple[int | None, ...]
) -> tuple[Bid, ...]:
    """The shared bid moves of ``seat`` bidding in turn under ``rule`` (a
    ``BIDS_*`` constant of :mod:`counter_rules.rulesets._quick`)."""
    lowest, highest, excluded = bid_bounds(rule, cards, bids)
    # Bids past the cards dealt (only in a state built by hand) do not fit the
    # packed key: they are listed as the rule says, without this cache.
    packed = 0 <= lowest <= highest < 255
    key = ((seat * 256 + lowest) * 256 + highest) * 256 + excluded if packed else -1
    moves = _BID_MOVES.get(key) if packed else None
    if moves is None:
        moves = bid_moves(seat, bids_between(lowest, highest, excluded))
        if packed:
            _BID_MOVES[key] = moves
    return moves


# -- legality -----------------------------------------------------------------
def compute_legal(state: GameState) -> tuple[Move, ...]:
    phase = state.phase
    rules = state.rules
    if phase is _PLAYING:
        (seat,) = state.to_act
        return rules.legal_plays(state, seat)
    if phase is _BIDDING:
        rule = rules._quick_bids
        to_act = state.to_act
        if rule != QUICK_NONE and len(to_act) == 1:
            for seat in to_act:
                return turn_bid_moves(rule, seat, state.cards_dealt, state.bids)
        moves: tuple[Move, ...] = ()
        for seat in to_act if len(to_act) == 1 else sorted(to_act):
            bids = rules.legal_bids(state, seat)
            moves += bid_moves(seat, bids)
            if rules.may_bid_blind(state, seat):
                moves += bid_moves(seat, bids, blind=True)
        return moves
    if phase is _PASSING:
        moves = ()
        for seat in sorted(state.to_act):
            table = pass_table(seat)
            moves += tuple(
                [table[card._key] or shared_pass(seat, card) for card in state.hands[seat]]
            )
        return moves
    return ()


def legal_moves(state: GameState | PlayerView, seat: int | None = None) -> tuple[Move, ...]:
    """Every legal move now, in a deterministic order; only ``seat``'s when given.

    In a simultaneous phase (Counter's pass) every seat still to choose has moves.
    The tuple is computed once per state and shared. Given a
    :class:`~counter_rules.PlayerView` it returns exactly the moves of the view's
    seat, as ``legal_moves(state, seat)`` would: a bot needs nothing else.

    Example:
        >>> from counter_rules import Counter, legal_moves, new_game
        >>> state = new_game(Counter(), seed=2)
        >>> [str(m) for m in legal_moves(state)[:3]]
        ['P1:bid 0', 'P1:bid 1', 'P1:bid 2']
        >>> legal_moves(state, seat=0)
        ()
    """
    if state.__class__ is not GameState and isinstance(state, PlayerView):
        return _view_moves(state)
    d = state.__dict__
    moves: tuple[Move, ...] | None = d["_legal"]
    if moves is None:
        # Rare on the hot path: the engine lists plays while it builds states.
        moves = d["_legal"] = compute_legal(state)
    if seat is None:
        return moves
    return tuple(m for m in moves if m.seat == seat)


def _view_moves(player_view: PlayerView) -> tuple[Move, ...]:
    seat = player_view.seat
    if seat not in player_view.to_act:
        return ()
    proxy = proxy_state(player_view)
    if player_view.phase is _PASSING and player_view.my_pass is not None:
        return ()
    moves = compute_legal(derive(proxy, {"to_act": _SEATS[seat]}))
    return moves


def type_error(move: object) -> str | None:
    """Why ``move`` is malformed (wrong field types), or ``None``.

    Needed because ``True == 1`` and ``1.0 == 1``: ``Bid(1, True)`` compares
    equal to ``Bid(1, 1)`` but is not a bid a player can make.
    """
    if not isinstance(move, Bid | Play | Pass):
        return f"expected a Bid, Play or Pass, got {type(move).__name__}"
    # Fields are read as plain objects: compiled code would otherwise check
    # them against their declared types before this function could explain.
    fields: dict[str, object] = {name: getattr(move, name) for name in _FIELDS[type(move)]}
    seat = fields["seat"]
    if type(seat) is not int:
        return f"a seat must be a whole number, got {seat!r}"
    if isinstance(move, Bid):
        tricks, blind = fields["tricks"], fields["blind"]
        if type(tricks) is not int:
            return f"a bid must be a whole number of tricks, got {tricks!r}"
        if type(blind) is not bool:
            return f"blind must be True or False, got {blind!r}"
        return None
    card = fields["card"]
    if not isinstance(card, Card):
        return f"expected a Card, got {card!r}"
    if isinstance(move, Play):
        reveal, call = fields["reveal"], fields["call"]
        if reveal is not None and not isinstance(reveal, Card):
            return f"reveal must be a Card or None, got {reveal!r}"
        if call is not None and call not in ("high", "low"):
            return f'call must be "high", "low" or None, got {call!r}'
    return None


def accepts(legal: tuple[Move, ...], move: object) -> bool:
    """Whether ``move`` is one of ``legal`` and well formed."""
    for candidate in legal:
        # Moves handed out by legal_moves are shared objects: identity is the
        # common case and skips calling __eq__ on every move before it.
        if candidate is move:
            return True
    return move in legal and type_error(move) is None


def advance(state: GameState, move: object) -> GameState | None:
    """The state after ``move`` if it is legal now, else ``None``."""
    d = state.__dict__
    legal: tuple[Move, ...] | None = d["_legal"]
    if legal is None:
        legal = d["_legal"] = compute_legal(state)
    for candidate in legal:
        # Moves handed out by legal_moves are shared objects: identity is the
        # common case and skips calling __eq__ on every move before it.
        if candidate is move:
            break
    else:
        if not (move in legal and type_error(move) is None):
            return None
    cls = type(move)
    if cls is _PLAY_CLASS or (cls is not _BID_CLASS and isinstance(move, Play)):
        return apply_play(state, cast(Play, move))
    if isinstance(move, Bid):
        return apply_bid(state, move)
    assert isinstance(move, Pass)
    return apply_pass(state, move)


def apply_bid(state: GameState, move: Bid) -> GameState:
    seat = move.seat
    d = state.__dict__
    rules: Ruleset = d["rules"]
    bids: list[int | None] = list(d["bids"])
    bids[seat] = move.tricks
    new_bids = tuple(bids)
    nd = d.copy()
    nd["_legal"] = None
    nd["bids"] = new_bids
    if move.blind:
        blind = list(d["blind"])
        blind[seat] = True
        nd["blind"] = tuple(blind)
    if None not in bids:
        nd["phase"] = _PLAYING
        leader = d["leader"]
        nd["to_act"] = _SEATS[leader]
        hand = d["hands"][leader]
        nd["_legal"] = _plays_from(rules, rules._quick_plays, hand, (), d["trump"], leader)
    elif rules.simultaneous_bidding:
        nd["to_act"] = d["to_act"] - _SEATS[seat]
    else:
        following = (seat + 1) % len(bids)
        nd["to_act"] = _SEATS[following]
        rule = rules._quick_bids
        if rule != QUICK_NONE:
            nd["_legal"] = turn_bid_moves(rule, following, d["cards_dealt"], new_bids)
    new = _new_state(_STATE_CLASS)
    _set_dict(new, "__dict__", nd)
    return new


def apply_pass(state: GameState, move: Pass) -> GameState:
    seat = move.seat
    card = move.card
    d = state.__dict__
    hands = d["hands"]
    pending = list(d["pending"])
    # The card held, by identity first: comparing with == calls Card.__eq__
    # for every card before it, and the moves handed out hold the same cards.
    for held in hands[seat]:
        if held is card:
            pending[seat] = held
            break
    else:
        for held in hands[seat]:
            if held == card:
                pending[seat] = held
                break
    old_to_act = d["to_act"]
    to_act = old_to_act - _SEATS[seat]
    nd = d.copy()
    new = _new_state(_STATE_CLASS)
    _set_dict(new, "__dict__", nd)
    if to_act:
        nd["pending"] = tuple(pending)
        nd["to_act"] = to_act
        legal = d["_legal"]
        if legal is not None:
            # The pass moves are grouped by seat in seat order, one per card
            # held: the other seats' moves are the old tuple less this slice.
            start = sum(len(hands[s]) for s in old_to_act if s < seat)
            legal = legal[:start] + legal[start + len(hands[seat]) :]
        nd["_legal"] = legal
        return new
    players = len(hands)
    new_hands = []
    for s in range(players):
        given = pending[s]
        hand = [c for c in hands[s] if c is not given]
        insort(hand, pending[s - 1], key=_card_key)
        new_hands.append(tuple(hand))
    nd["hands"] = tuple(new_hands)
    nd["exchanges"] = (*d["exchanges"], tuple(pending))
    nd["pending"] = (None,) * players
    nd["phase"] = _PLAYING
    leader = d["leader"]
    nd["to_act"] = _SEATS[leader]
    rules: Ruleset = d["rules"]
    nd["_legal"] = _plays_from(rules, rules._quick_plays, new_hands[leader], (), d["trump"], leader)
    return new


def derive(state: GameState, changes: dict[str, object]) -> GameState:
    """A copy of ``state`` with some fields replaced: the hot path's cheap evolve.

    ``GameState`` keeps its fields in the instance dict (``slots=False``), so a
    copy is one C-level dict copy; the legal-move cache is reset.
    """
    d = state.__dict__.copy()
    d.update(changes)
    d["_legal"] = None
    new = _new_state(_STATE_CLASS)
    _set_dict(new, "__dict__", d)
    return new


def apply_play(state: GameState, move: Play) -> GameState:
    seat = move.seat
    card = move.card
    d = state.__dict__
    rules: Ruleset = d["rules"]
    kind = rules._quick_plays
    hands: tuple[tuple[Card, ...], ...] = d["hands"]
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
    # Plain Oh Hell's legal plays never show or call a card: skip reading them.
    played: PlayedCard | None
    if kind == QUICK_PLAIN or (move.reveal is None and move.call is None):
        played = _PLAYED[seat][card._key]
        if played is None:
            played = played_card(seat, card)
    else:
        played = PlayedCard(seat, card, move.reveal, move.call)
    old_trick: tuple[PlayedCard, ...] = d["trick"]
    trick = (*old_trick, played)
    players = len(hands)
    nd = d.copy()
    new = _new_state(_STATE_CLASS)
    _set_dict(new, "__dict__", nd)
    nd["hands"] = hands
    if len(trick) < players:
        # The most frequent transition: the next seat plays to the same trick.
        nd["trick"] = trick
        following = (seat + 1) % players
        nd["to_act"] = _SEATS[following]
        # Every state a move is applied to needs its legal moves: list them now
        # where the ruleset can from the hand and trick alone.
        nd["_legal"] = _plays_from(rules, kind, hands[following], trick, d["trump"], following)
        return new
    last = not hands[seat]
    if rules._quick_resolve == QUICK_PLAIN:
        # Plain Oh Hell: the winner leads, trump and the stock stay.
        trump = d["trump"]
        result = _resolve_simple(trick, trump, d["trump_card"], last)
        winner = cast(int, result.winner)
        counts = list(d["tricks_won"])
        counts[winner] += 1
        tricks = (*d["tricks"], result)
        if last:
            return end_hand(state, hands, tuple(counts), d["stock"], tricks, trump, d["trump_card"])
        nd["tricks_won"] = tuple(counts)
        nd["trick"] = ()
        nd["leader"] = winner
        nd["tricks"] = tricks
        nd["doubled_lead"] = False
        nd["to_act"] = _SEATS[winner]
        nd["_legal"] = _plays_from(rules, kind, hands[winner], (), trump, winner)
        return new
    nd["_legal"] = None
    result = _resolve_fast(rules, trick, d["trump"], d["doubled_lead"], last, d["trump_card"])
    won = d["tricks_won"]
    winner_seat = result.winner
    if winner_seat is not None:
        won_list = list(won)
        won_list[winner_seat] += 1
        won = tuple(won_list)
    stock = d["stock"]
    trump_card = d["trump_card"]
    if result.jacks:
        stock = (*reversed(result.jacks), *stock)
        trump_card = stock[0]
    tricks = (*d["tricks"], result)
    if last:
        return end_hand(state, hands, won, stock, tricks, result.next_trump, trump_card)
    leader = result.next_leader
    if result.pass_cards:
        nd["phase"] = _PASSING
        nd["to_act"] = frozenset(range(players))
    else:
        nd["to_act"] = _SEATS[leader]
        nd["_legal"] = _plays_from(rules, kind, hands[leader], (), result.next_trump, leader)
    nd["tricks_won"] = won
    nd["trick"] = ()
    nd["leader"] = leader
    nd["trump"] = result.next_trump
    nd["stock"] = stock
    nd["tricks"] = tricks
    nd["doubled_lead"] = result.double_next_lead
    nd["trump_card"] = trump_card
    return new


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
        {
            "hands": hands, "tricks_won": won, "trick": (), "stock": stock, "tricks": tricks,
            "trump": trump, "trump_card": trump_card, "to_act": _EMPTY, "doubled_lead": False,
        },
    )  # fmt: skip
    points = rules.score_hand(finished)
    scores = tuple(map(add, state.scores, points))
    bids = cast("tuple[int, ...]", state.bids)  # every seat has bid by now
    first_trump = tricks[0].trump if tricks else trump
    result = HandResult(
        state.hand_number, state.dealer, state.cards_dealt, first_trump,
        bids, won, points, scores, state.blind, state.exchanges, tricks,
    )  # fmt: skip
    history = (*state.history, result)
    if rules.is_game_over(history):
        # ``finished`` has not been handed out yet: complete it in place.
        d = finished.__dict__
        d["phase"] = _GAME_OVER
        d["scores"] = scores
        d["history"] = history
        return finished
    number = state.hand_number + 1
    dealer = (state.dealer + 1) % rules.players
    new = start_hand(
        rules, number, dealer, rules.deal(state.seed, number), scores, state.seed, history
    )
    new.__dict__["first_deal"] = state.first_deal
    return new
