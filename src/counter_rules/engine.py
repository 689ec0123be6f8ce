"""The engine: :func:`new_game`, :func:`legal_moves`, :func:`is_legal`,
:func:`apply_move` and :func:`resolve_trick`.

The engine runs the cycle every ruleset shares (deal, bid, play tricks with an
optional simultaneous pass, score, deal again) and asks the ruleset for
everything particular to a game. One function, :func:`_why_illegal`, explains
every rejected move; :func:`legal_moves`, :func:`is_legal` and
:func:`apply_move` agree with it (the property tests check that for every
reachable state).

Example:
    >>> import random
    >>> from counter_rules import Counter, apply_move, legal_moves, new_game
    >>> rng = random.Random(0)
    >>> state = new_game(Counter(players=4), seed=1)
    >>> while not state.is_over:
    ...     state = apply_move(state, rng.choice(legal_moves(state)))
    >>> state.winners == tuple(s for s, v in enumerate(state.scores) if v == max(state.scores))
    True
"""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Iterable, Sequence
from operator import add, attrgetter
from typing import cast

from counter_rules.cards import Card, Suit
from counter_rules.errors import GameOverError, IllegalMoveError, InvalidArgumentError
from counter_rules.moves import Bid, Move, Pass, Play, bid_moves, pass_table, shared_pass
from counter_rules.rulesets.base import DealtHand, Ruleset
from counter_rules.state import Deal, GameState, HandResult, Phase
from counter_rules.trick import _PLAYED_TABLES, PlayedCard, TrickResult, played_card
from counter_rules.views import PlayerView, proxy_state

__all__ = ["apply_move", "explain_trick", "is_legal", "legal_moves", "new_game", "resolve_trick"]

_card_key = attrgetter("_key")
_new_state = object.__new__
_set_dict = object.__setattr__
_EMPTY: frozenset[int] = frozenset()
_SEATS = [frozenset((s,)) for s in range(16)]

# Enum members bound once: attribute access on an Enum class is slow.
_BIDDING = Phase.BIDDING
_GAME_OVER = Phase.GAME_OVER
_PASSING = Phase.PASSING
_PLAYING = Phase.PLAYING


# -- dealing ------------------------------------------------------------------
def _start_hand(
    rules: Ruleset,
    hand_number: int,
    dealer: int,
    dealt: DealtHand,
    scores: tuple[int, ...],
    seed: int,
    history: tuple[HandResult, ...],
) -> GameState:
    players = rules.players
    if rules.simultaneous_bidding:
        to_act = frozenset(range(players))
    else:
        to_act = _SEATS[rules.first_bidder(dealer)]
    return GameState(
        rules,
        _BIDDING,
        hand_number,
        dealer,
        dealt.hands,
        (None,) * players,
        (0,) * players,
        (),
        rules.first_leader(dealer),
        dealt.trump,
        dealt.stock,
        scores,
        (),
        to_act,
        False,
        (None,) * players,
        seed,
        history,
        len(dealt.hands[0]),
        dealt.trump_card,
        (False,) * players,
        (),
    )


def new_game(rules: Ruleset, seed: int | None = None, *, deal: Deal | None = None) -> GameState:
    """Start a game: the state after the first deal, ready for the first bid.

    Args:
        rules: The ruleset, e.g. ``Counter(players=4)``.
        seed: Every deal is drawn from it; the same rules and seed always give
            the same game. ``None`` draws a fresh seed from the operating
            system (it is kept in :attr:`GameState.seed`, so the game can still
            be reproduced).
        deal: Fixes the first hand's cards exactly; later hands come from the seed.

    Raises:
        InvalidArgumentError: ``rules`` is not a ruleset, ``seed`` is not an
            integer, or ``deal`` does not fit the ruleset.

    Example:
        >>> from counter_rules import Counter, Deal, new_game, standard_deck
        >>> deck = standard_deck()
        >>> deal = Deal(hands=[deck[i * 10 : i * 10 + 10] for i in range(4)], stock=deck[40:])
        >>> state = new_game(Counter(), seed=3, deal=deal)
        >>> str(state.trump_indicator), str(state.trump)
        ('2♠', '♠')
    """
    if not isinstance(rules, Ruleset):
        raise InvalidArgumentError(f"rules must be a ruleset such as Counter(), got {rules!r}")
    if seed is None:
        seed = random.SystemRandom().getrandbits(63)
    elif type(seed) is not int:
        raise InvalidArgumentError(f"seed must be an integer or None, got {seed!r}")
    if deal is None:
        dealt = rules.deal(seed, 1)
    elif not isinstance(deal, Deal):
        raise InvalidArgumentError(f"deal must be a Deal, got {deal!r}")
    else:
        dealt = rules.check_deal(deal, seed, 1)
    state = _start_hand(rules, 1, rules.first_dealer(), dealt, (0,) * rules.players, seed, ())
    if deal is not None:
        state.__dict__["first_deal"] = deal
    return state


# -- legality -----------------------------------------------------------------
def _compute_legal(state: GameState) -> tuple[Move, ...]:
    phase = state.phase
    rules = state.rules
    if phase is _PLAYING:
        (seat,) = state.to_act
        return rules.legal_plays(state, seat)
    if phase is _BIDDING:
        moves: tuple[Move, ...] = ()
        to_act = state.to_act
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
        moves = d["_legal"] = _compute_legal(state)
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
    moves = _compute_legal(_derive(proxy, {"to_act": _SEATS[seat]}))
    return moves


def _type_error(move: object) -> str | None:
    """Why ``move`` is malformed (wrong field types), or ``None``.

    Needed because ``True == 1`` and ``1.0 == 1``: ``Bid(1, True)`` compares
    equal to ``Bid(1, 1)`` but is not a bid a player can make.
    """
    if not isinstance(move, Bid | Play | Pass):
        return f"expected a Bid, Play or Pass, got {type(move).__name__}"
    if type(move.seat) is not int:
        return f"a seat must be a whole number, got {move.seat!r}"
    if isinstance(move, Bid):
        if type(move.tricks) is not int:
            return f"a bid must be a whole number of tricks, got {move.tricks!r}"
        if type(move.blind) is not bool:
            return f"blind must be True or False, got {move.blind!r}"
        return None
    if not isinstance(move.card, Card):
        return f"expected a Card, got {move.card!r}"
    if isinstance(move, Play):
        if move.reveal is not None and not isinstance(move.reveal, Card):
            return f"reveal must be a Card or None, got {move.reveal!r}"
        if move.call is not None and move.call not in ("high", "low"):
            return f'call must be "high", "low" or None, got {move.call!r}'
    return None


def _accepts(legal: tuple[Move, ...], move: object) -> bool:
    for candidate in legal:
        # Moves handed out by legal_moves are shared objects: identity is the
        # common case and skips calling __eq__ on every move before it.
        if candidate is move:
            return True
    return move in legal and _type_error(move) is None


def is_legal(state: GameState, move: Move) -> bool:
    """Whether ``move`` may be applied now.

    Example:
        >>> from counter_rules import Bid, Counter, is_legal, new_game
        >>> state = new_game(Counter(), seed=2)
        >>> is_legal(state, Bid(1, 3)), is_legal(state, Bid(2, 3)), is_legal(state, Bid(1, 11))
        (True, False, False)
    """
    return _accepts(legal_moves(state), move)


def _why_illegal(state: GameState, move: object) -> str | None:
    """Why ``move`` is illegal in ``state``, in a player's words; ``None`` if legal."""
    malformed = _type_error(move)
    if malformed is not None:
        return malformed
    assert isinstance(move, Bid | Play | Pass)
    if move in legal_moves(state):
        return None
    players = state.players
    seat = move.seat
    if not 0 <= seat < players:
        return f"seat must be 0..{players - 1}, got {seat!r}"
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


# -- transitions --------------------------------------------------------------
def apply_move(state: GameState, move: Move) -> GameState:
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
    legal = state.__dict__["_legal"]
    if legal is None:
        legal = legal_moves(state)
    for candidate in legal:
        # Moves handed out by legal_moves are shared objects: identity is the
        # common case and skips calling __eq__ on every move before it.
        if candidate is move:
            break
    else:
        if not (move in legal and _type_error(move) is None):
            if state.phase is _GAME_OVER:
                raise GameOverError(f"the game is over; no move can be applied, got {move}")
            raise IllegalMoveError(move, _why_illegal(state, move) or "not legal now")
    if move.__class__ is Play or isinstance(move, Play):
        return _apply_play(state, move)
    if isinstance(move, Bid):
        return _apply_bid(state, move)
    return _apply_pass(state, move)


def _apply_bid(state: GameState, move: Bid) -> GameState:
    seat = move.seat
    d = state.__dict__
    bids = list(d["bids"])
    bids[seat] = move.tricks
    nd = d.copy()
    nd["_legal"] = None
    nd["bids"] = tuple(bids)
    if move.blind:
        blind = list(d["blind"])
        blind[seat] = True
        nd["blind"] = tuple(blind)
    if None not in bids:
        nd["phase"] = _PLAYING
        leader = d["leader"]
        nd["to_act"] = _SEATS[leader]
        nd["_legal"] = d["rules"].plays_from(d["hands"][leader], (), d["trump"], leader)
    elif d["rules"].simultaneous_bidding:
        nd["to_act"] = d["to_act"] - _SEATS[seat]
    else:
        nd["to_act"] = _SEATS[(seat + 1) % len(bids)]
    new = _new_state(GameState)
    _set_dict(new, "__dict__", nd)
    return new


def _apply_pass(state: GameState, move: Pass) -> GameState:
    seat = move.seat
    card = move.card
    d = state.__dict__
    hands = d["hands"]
    pending = list(d["pending"])
    for held in hands[seat]:
        if held is card or held == card:
            pending[seat] = held
            break
    old_to_act = d["to_act"]
    to_act = old_to_act - _SEATS[seat]
    nd = d.copy()
    new = _new_state(GameState)
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
    nd["_legal"] = d["rules"].plays_from(new_hands[leader], (), d["trump"], leader)
    return new


def _derive(state: GameState, changes: dict[str, object]) -> GameState:
    """A copy of ``state`` with some fields replaced: the hot path's cheap evolve.

    ``GameState`` keeps its fields in the instance dict (``slots=False``), so a
    copy is one C-level dict copy; the legal-move cache is reset.
    """
    d = state.__dict__.copy()
    d.update(changes)
    d["_legal"] = None
    new = _new_state(GameState)
    _set_dict(new, "__dict__", d)
    return new


def _apply_play(state: GameState, move: Play) -> GameState:
    seat = move.seat
    card = move.card
    d = state.__dict__
    hands = d["hands"]
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
    if move.reveal is None and move.call is None:
        played = _PLAYED_TABLES[seat][card._key] or played_card(seat, card)
    else:
        played = PlayedCard(seat, card, move.reveal, move.call)
    trick = (*d["trick"], played)
    players = len(hands)
    nd = d.copy()
    nd["_legal"] = None
    new = _new_state(GameState)
    _set_dict(new, "__dict__", nd)
    if len(trick) < players:
        # The most frequent transition: the next seat plays to the same trick.
        nd["hands"] = hands
        nd["trick"] = trick
        following = (seat + 1) % players
        nd["to_act"] = _SEATS[following]
        # Every state a move is applied to needs its legal moves: list them now
        # where the ruleset can from the hand and trick alone.
        nd["_legal"] = state.rules.plays_from(hands[following], trick, d["trump"], following)
        return new
    last = not hands[seat]
    result = state.rules.resolve_fast(trick, d["trump"], d["doubled_lead"], last, d["trump_card"])
    won = d["tricks_won"]
    winner = result.winner
    if winner is not None:
        counts = list(won)
        counts[winner] += 1
        won = tuple(counts)
    stock = d["stock"]
    trump_card = d["trump_card"]
    if result.jacks:
        stock = (*reversed(result.jacks), *stock)
        trump_card = stock[0]
    tricks = (*d["tricks"], result)
    if last:
        return _end_hand(state, hands, won, stock, tricks, result.next_trump, trump_card)
    leader = result.next_leader
    if result.pass_cards:
        nd["phase"] = _PASSING
        nd["to_act"] = frozenset(range(players))
    else:
        nd["to_act"] = _SEATS[leader]
        nd["_legal"] = state.rules.plays_from(hands[leader], (), result.next_trump, leader)
    nd["hands"] = hands
    nd["tricks_won"] = won
    nd["trick"] = ()
    nd["leader"] = leader
    nd["trump"] = result.next_trump
    nd["stock"] = stock
    nd["tricks"] = tricks
    nd["doubled_lead"] = result.double_next_lead
    nd["trump_card"] = trump_card
    return new


def _end_hand(
    state: GameState,
    hands: tuple[tuple[Card, ...], ...],
    won: tuple[int, ...],
    stock: tuple[Card, ...],
    tricks: tuple[TrickResult, ...],
    trump: Suit | None,
    trump_card: Card | None,
) -> GameState:
    rules = state.rules
    finished = _derive(
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
    new = _start_hand(
        rules, number, dealer, rules.deal(state.seed, number), scores, state.seed, history
    )
    new.__dict__["first_deal"] = state.first_deal
    return new


# -- pure trick resolution ----------------------------------------------------
def _as_played(item: PlayedCard | tuple[int, Card] | Sequence[object]) -> PlayedCard:
    if isinstance(item, PlayedCard):
        return item
    try:
        seat, card = item
    except (TypeError, ValueError):
        raise InvalidArgumentError(
            f"each play must be a PlayedCard or a (seat, card) pair, got {item!r}"
        ) from None
    if isinstance(card, str):
        card = Card.parse(card)
    if type(seat) is not int or not isinstance(card, Card):
        raise InvalidArgumentError(
            f"each play must be a PlayedCard or a (seat, card) pair, got {item!r}"
        )
    return PlayedCard(seat, card)


def resolve_trick(
    plays: Iterable[PlayedCard | tuple[int, Card]],
    *,
    trump: Suit | None,
    rules: Ruleset,
    doubled_lead: bool = False,
    last_trick: bool = False,
    trump_card: Card | None = None,
) -> TrickResult:
    """Resolve a complete trick by ``rules``: a pure function.

    Args:
        plays: ``(seat, card)`` pairs or :class:`PlayedCard` values, leader first.
        trump: The current trump suit, or ``None``.
        rules: The ruleset, e.g. ``Counter(players=4)``.
        doubled_lead: Whether the led card counts double (Counter's Six took
            effect in the previous trick).
        last_trick: Whether this is the last trick of the hand (no pass follows).
        trump_card: The card that shows trump, where it matters (a turned Joker
            under Mark Brader's Jokers makes the other Joker trump).

    Returns:
        The winner, the exact values, the next leader and trump, and every
        effect that applied, in order.

    Raises:
        InvalidArgumentError: The trick cannot exist under ``rules``.

    Example:
        >>> from counter_rules import Counter, Suit, cards, resolve_trick
        >>> r = resolve_trick(list(enumerate(cards("5S 6S 3S QS"))),
        ...                   trump=Suit.HEARTS, rules=Counter())
        >>> [str(v) for v in r.values], r.winner
        (['11', '0', '18', '0'], 2)
        >>> r.pass_cards
        True
    """
    if not isinstance(rules, Ruleset):
        raise InvalidArgumentError(f"rules must be a ruleset such as Counter(), got {rules!r}")
    if trump is not None and not isinstance(trump, Suit):
        raise InvalidArgumentError(f"trump must be a Suit or None, got {trump!r}")
    played = tuple(_as_played(p) for p in plays)
    if not played:
        raise InvalidArgumentError("a trick needs at least one card, got none")
    if trump_card is not None and not isinstance(trump_card, Card):
        raise InvalidArgumentError(f"trump_card must be a Card or None, got {trump_card!r}")
    rules.check_trick(played)
    return rules.resolve(
        played, trump, doubled_lead=doubled_lead, last_trick=last_trick, trump_card=trump_card
    )


def explain_trick(result: TrickResult, *, rules: Ruleset) -> TrickResult:
    """The same trick resolved again with its list of effects.

    The engine resolves tricks without building explanations (it is faster);
    the tricks in :attr:`GameState.tricks` and :attr:`HandResult.tricks` carry
    what is needed to explain them on demand.

    Example:
        >>> import random
        >>> from counter_rules import Counter, apply_move, explain_trick, legal_moves, new_game
        >>> state, rng = new_game(Counter(), seed=5), random.Random(5)
        >>> while not state.tricks:
        ...     state = apply_move(state, rng.choice(legal_moves(state)))
        >>> explained = explain_trick(state.tricks[0], rules=state.rules)
        >>> explained.winner == state.tricks[0].winner and len(explained.effects) > 0
        True
    """
    return resolve_trick(
        result.plays,
        trump=result.trump,
        rules=rules,
        doubled_lead=result.doubled_lead,
        last_trick=result.last_trick,
        trump_card=result.trump_card,
    )
