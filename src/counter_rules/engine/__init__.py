"""The engine: :func:`new_game`, :func:`legal_moves`, :func:`is_legal`,
:func:`apply_move` and :func:`resolve_trick`.

The engine runs the cycle every ruleset shares (deal, bid, play tricks with an
optional simultaneous pass, score, deal again) and asks the ruleset for
everything particular to a game. One function explains every rejected move;
:func:`legal_moves`, :func:`is_legal` and :func:`apply_move` agree with it
(the property tests check that for every reachable state).

This package is the engine room. This module gives the public functions
their signatures; the machinery lives beside it, compiled to C in the
compiled build: ``counter_rules.engine.transitions`` (starting a hand,
listing the legal moves, applying a bid, a pass or a play, ending a hand;
:func:`legal_moves` and :func:`apply_move` themselves) and
``counter_rules.engine.lookup_tables`` (what the engine keeps once per ruleset).

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
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from counter_rules.argument_checks import check_seed, shown
from counter_rules.cards import Card, Suit
from counter_rules.deal import Deal
from counter_rules.engine.transitions import accepts, start_hand
from counter_rules.errors import InvalidArgumentError
from counter_rules.moves import Move
from counter_rules.rulesets.base import Ruleset
from counter_rules.state import GameState
from counter_rules.trick import PlayedCard, TrickResult
from counter_rules.views import PlayerView

if TYPE_CHECKING:
    # The public signatures. At run time the functions are the engine's own,
    # which take ``seat``, ``state`` and ``move`` as any objects so that the
    # compiled build, too, answers a wrong argument with the library's error
    # instead of a TypeError.
    def legal_moves(state: GameState | PlayerView, seat: int | None = None) -> tuple[Move, ...]:
        """Every legal move now (see :func:`counter_rules.engine.transitions.legal_moves`)."""

    def apply_move(state: GameState, move: Move) -> GameState:
        """The state after a legal move (see
        :func:`counter_rules.engine.transitions.apply_move`)."""

else:
    from counter_rules.engine.transitions import apply_move, legal_moves

__all__ = ["apply_move", "explain_trick", "is_legal", "legal_moves", "new_game", "resolve_trick"]


# -- starting -----------------------------------------------------------------
def new_game(
    rules: Ruleset,
    seed: int | None = None,
    *,
    deal: Deal | None = None,
    dealer: int | None = None,
) -> GameState:
    """Start a game: the state after the first deal, ready for the first bid.

    Args:
        rules: The ruleset, e.g. ``Counter(players=4)``.
        seed: Every deal is drawn from it; the same rules and seed always give
            the same game. A seed is an integer from ``-(2**128 - 1)`` to
            ``2**128 - 1`` (:data:`~counter_rules.argument_checks.SEED_LIMIT`), so every
            game can be saved and resumed (:func:`~counter_rules.state_to_json`).
            ``None`` draws a fresh seed from the operating system (it is kept
            in :attr:`GameState.seed`, so the game can still be reproduced).
        deal: Fixes the first hand's cards exactly; later hands come from the seed.
        dealer: The seat that deals the first hand (the deal then passes to the
            left as usual); ``None`` means seat 0.
            This is how a game from a real table or from OpenSpiel (where the
            dealer is drawn by chance) is entered as it was dealt.

    Raises:
        InvalidArgumentError: ``rules`` is not a ruleset, ``seed`` is not an
            integer in that range, ``deal`` does not fit the ruleset, or ``dealer`` is not a
            seat.

    Example:
        >>> from counter_rules import Counter, Deal, new_game, standard_deck
        >>> deck = standard_deck()
        >>> deal = Deal(hands=[deck[i * 10 : i * 10 + 10] for i in range(4)], stock=deck[40:])
        >>> state = new_game(Counter(), seed=3, deal=deal)
        >>> str(state.trump_indicator), str(state.trump)
        ('2♠', '♠')
        >>> later = new_game(Counter(), seed=3, dealer=2)  # seat 2 deals, seat 3 bids first
        >>> later.dealer, later.current_player
        (2, 3)
    """
    if not isinstance(rules, Ruleset):
        raise InvalidArgumentError(f"rules must be a ruleset such as Counter(), got {shown(rules)}")
    if seed is None:
        seed = random.SystemRandom().getrandbits(63)
    else:
        check_seed("seed", seed)
    if deal is None:
        dealt = rules.deal(seed, 1)
    elif not isinstance(deal, Deal):
        raise InvalidArgumentError(f"deal must be a Deal, got {shown(deal)}")
    else:
        dealt = rules.check_deal(deal, seed, 1)
    if dealer is None:
        dealer = 0
    elif type(dealer) is not int or not 0 <= dealer < rules.players:
        raise InvalidArgumentError(
            f"dealer must be a seat 0..{rules.players - 1} or None, got {shown(dealer)}"
        )
    return start_hand(rules, 1, dealer, dealt, (0,) * rules.players, seed, (), deal)


# -- legality -----------------------------------------------------------------
def is_legal(state: GameState, move: Move) -> bool:
    """Whether ``move`` may be applied now.

    Example:
        >>> from counter_rules import Bid, Counter, is_legal, new_game
        >>> state = new_game(Counter(), seed=2)
        >>> is_legal(state, Bid(1, 3)), is_legal(state, Bid(2, 3)), is_legal(state, Bid(1, 11))
        (True, False, False)
    """
    return accepts(legal_moves(state), move)


# -- transitions --------------------------------------------------------------
# -- pure trick resolution ----------------------------------------------------
def _as_played(item: PlayedCard | tuple[int, Card] | Sequence[object]) -> PlayedCard:
    if isinstance(item, PlayedCard):
        return item
    try:
        seat, card = item
    except (TypeError, ValueError):
        raise InvalidArgumentError(
            f"each play must be a PlayedCard or a (seat, card) pair, got {shown(item)}"
        ) from None
    if isinstance(card, str):
        card = Card.parse(card)
    if type(seat) is not int or not isinstance(card, Card):
        raise InvalidArgumentError(
            f"each play must be a PlayedCard or a (seat, card) pair, got {shown(item)}"
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
        raise InvalidArgumentError(f"rules must be a ruleset such as Counter(), got {shown(rules)}")
    if trump is not None and not isinstance(trump, Suit):
        raise InvalidArgumentError(f"trump must be a Suit or None, got {shown(trump)}")
    if not isinstance(plays, Iterable) or isinstance(plays, (str, bytes, Mapping)):
        raise InvalidArgumentError(
            f"plays must be a sequence of (seat, card) pairs, got {plays!r:.80}"
        )
    for name, flag in (("doubled_lead", doubled_lead), ("last_trick", last_trick)):
        if type(flag) is not bool:
            raise InvalidArgumentError(f"{name} must be True or False, got {shown(flag)}")
    played = tuple(_as_played(p) for p in plays)
    if not played:
        raise InvalidArgumentError("a trick needs at least one card, got none")
    if trump_card is not None and not isinstance(trump_card, Card):
        raise InvalidArgumentError(f"trump_card must be a Card or None, got {shown(trump_card)}")
    rules.check_trick(played)
    return rules.resolve(
        played, trump, doubled_lead=doubled_lead, last_trick=last_trick, trump_card=trump_card
    )


def explain_trick(result: TrickResult, *, rules: Ruleset) -> TrickResult:
    """The same trick resolved again with its list of effects.

    The engine resolves tricks without building explanations (it is faster);
    the tricks in :attr:`GameState.tricks` and :attr:`HandResult.tricks` carry
    what is needed to explain them on demand.

    Raises:
        InvalidArgumentError: ``result`` is not a :class:`TrickResult` or
            ``rules`` is not a ruleset.

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
    if not isinstance(result, TrickResult):
        raise InvalidArgumentError(f"result must be a TrickResult, got {result!r:.80}")
    return resolve_trick(
        result.plays,
        trump=result.trump,
        rules=rules,
        doubled_lead=result.doubled_lead,
        last_trick=result.last_trick,
        trump_card=result.trump_card,
    )
