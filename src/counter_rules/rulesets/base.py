"""The interface between the engine and a ruleset.

The engine (:mod:`counter_rules.engine`) runs the cycle every game here shares:
deal, bid, play tricks (with an optional simultaneous pass after a trick), score,
deal again until the end. A :class:`Ruleset` states the rules it asks about:
the deck and the deal, where trump comes from, which bids and plays are legal,
how a trick is resolved, how a hand is scored and when the game ends. It
declares which of the engine's compiled paths state its rules
(:meth:`Ruleset.shortcuts`) and, for the registry, its player counts and
options (:attr:`Ruleset.spec`). Two companions answer what the rules of play
never ask: :attr:`Ruleset.information` (what a seat may know) and
:attr:`Ruleset.advice` (what bots ask).
"""

from __future__ import annotations

import abc
import warnings
from collections.abc import Sequence
from typing import Any, ClassVar, Final

import attrs

from counter_rules.cards import Card, Suit, intern_card
from counter_rules.deal import Deal, DealtHand
from counter_rules.dealing import deal_order, sort_hand, sorted_deck, split_deal
from counter_rules.errors import InvalidArgumentError
from counter_rules.hand_result import HandResult
from counter_rules.moves import Play
from counter_rules.play_rules import PlayRules
from counter_rules.position import Position
from counter_rules.rulesets.advice import Advice
from counter_rules.rulesets.bids_in_turn import BIDS_FREE, BIDS_HOOK, BIDS_TOTAL
from counter_rules.rulesets.information import Information
from counter_rules.rulesets.options import RulesetSpec
from counter_rules.trick import PlayedCard, TrickResult

__all__ = [
    "BIDS_FREE",
    "BIDS_HOOK",
    "BIDS_TOTAL",
    "NO_SHORTCUTS",
    "SHORTCUT_COUNTER",
    "SHORTCUT_NONE",
    "SHORTCUT_PLAIN",
    "Ruleset",
    "Shortcuts",
    "keeps",
]

SHORTCUT_NONE: Final = 0
"""No shortcut: the engine calls the ruleset's method (plays, tricks, bids)."""
SHORTCUT_PLAIN: Final = 1
"""Plain Oh Hell: the follow rule and winner of
:mod:`counter_rules.rulesets.plain_tricks`."""
SHORTCUT_COUNTER: Final = 2
"""Counter: :mod:`counter_rules.rulesets.counter_tricks`."""


@attrs.frozen
class Shortcuts:
    """Which of the engine's built-in fast paths a ruleset's rules are.

    ``plays`` and ``tricks`` are :data:`SHORTCUT_NONE` (ask the ruleset's
    method), :data:`SHORTCUT_PLAIN` (plain Oh Hell's follow rule and trick
    winner) or :data:`SHORTCUT_COUNTER`
    (:mod:`counter_rules.rulesets.counter_tricks`); ``bids`` is
    :data:`SHORTCUT_NONE` or one of the rules of bids made in turn
    (:data:`~counter_rules.rulesets.bids_in_turn.BIDS_FREE`,
    :data:`~counter_rules.rulesets.bids_in_turn.BIDS_HOOK`,
    :data:`~counter_rules.rulesets.bids_in_turn.BIDS_TOTAL`, stated in
    :mod:`counter_rules.rulesets.bids_in_turn`).
    """

    plays: int = SHORTCUT_NONE
    """How the engine lists a seat's plays."""
    tricks: int = SHORTCUT_NONE
    """How the engine resolves a trick."""
    bids: int = SHORTCUT_NONE
    """How the engine lists the bids of the seat to bid."""
    seat_points: bool = False
    """Whether :meth:`Ruleset.score_hand <counter_rules.Ruleset.score_hand>`
    scores each seat by its own tricks alone (and by what else the hand
    says: the bids, the blind bids, the cards dealt), whatever the others
    took. The searches then read each seat's points for every count of
    tricks from a few calls of ``score_hand``, instead of one call for each
    end of the hand."""


NO_SHORTCUTS: Final = Shortcuts()
"""No fast path: the engine asks the ruleset's methods for everything."""

_PLAIN_INFORMATION: Final = Information()
_PLAIN_ADVICE: Final = Advice()
# The members that moved to a companion: name -> companion ("" for the first
# dealer, which is seat 0 unless new_game names another).
_MOVED: Final = {
    **dict.fromkeys(("voids_shown", "counts_toward_void", "own_hand_hidden"), "information"),
    **dict.fromkeys(
        (
            "one_team", "target_score", "jokers_called", "cautious_bidding", "trick_power",
            "good_hand_points", "more_tricks_pay", "plays_from",
        ),
        "advice",
    ),
    "first_dealer": "",
}  # fmt: skip


def _first_dealer() -> int:
    return 0


def keeps(rules: Ruleset, owner: type[Ruleset], *methods: str) -> bool:
    """Whether the class of ``rules`` keeps the given methods as ``owner`` (a
    built-in ruleset class) states them: how a built-in ruleset knows that a
    fast path (:meth:`counter_rules.Ruleset.shortcuts`) still stands for its rules in a
    subclass.

    Example:
        >>> import attrs
        >>> from counter_rules import Counter
        >>> from counter_rules.rulesets.base import keeps
        >>> @attrs.frozen
        ... class Greedy(Counter):
        ...     def resolve(self, *args, **kwargs):
        ...         return super().resolve(*args, **kwargs)
        >>> keeps(Greedy(), Counter, "resolve"), keeps(Greedy(), Counter, "legal_plays")
        (False, True)
    """
    cls = type(rules)
    return all(getattr(cls, name) is getattr(owner, name) for name in methods)


class Ruleset(abc.ABC):
    """Base class of every ruleset; concrete rulesets are frozen attrs classes.

    The engine calls these methods; users call :func:`counter_rules.legal_moves`,
    :func:`counter_rules.apply_move` and :func:`counter_rules.resolve_trick`.
    """

    players: int

    spec: ClassVar[RulesetSpec]
    """What the ruleset declares for the registry: the player counts it
    accepts and its options (see :class:`~counter_rules.RulesetSpec`)."""

    def shortcuts(self) -> Shortcuts:
        """The engine's built-in fast paths this ruleset's rules are (default: none).

        The engine then lists plays, resolves tricks or lists bids in turn with
        the compiled functions that state the same rules, instead of calling
        :meth:`legal_plays`, :meth:`resolve` and :meth:`legal_bids`. A built-in
        ruleset claims a path only while the class keeps the methods the path
        stands for (:func:`~counter_rules.rulesets.base.keeps`), so a subclass
        that overrides a rule is asked through its methods.
        """
        return NO_SHORTCUTS

    def play_rules(self) -> PlayRules:
        """The rules of the play as the engine and the search board run them
        (see :class:`~counter_rules.play_rules.PlayRules`); the default asks
        this ruleset's :meth:`legal_plays` and :meth:`resolve`, and assumes
        they read nothing of the game but the hands, the current trick, trump
        and its card, the doubled lead and the leader. A ruleset whose plays
        read more (earlier tricks, say) returns ``PlayRules(self,
        context=...)`` with a function that gives what they read. A built-in
        ruleset hands out its compiled statement of the same rules while its
        class keeps the methods that state them. The engine asks once per
        ruleset and keeps the answer."""
        return PlayRules(self)

    @property
    @abc.abstractmethod
    def name(self) -> str:
        """A short human name of the game."""

    @abc.abstractmethod
    def deck(self) -> tuple[Card, ...]:
        """Every card the hands are dealt from, in sorting order."""

    @abc.abstractmethod
    def hand_size(self, hand_number: int) -> int:
        """How many cards each player gets in hand ``hand_number`` (from 1).

        Rulesets whose deal decides the size (a turned card) return the largest
        possible size here and override :meth:`deal`.
        """

    @abc.abstractmethod
    def trump_for(
        self, hand_number: int, stock: Sequence[Card], seed: int
    ) -> tuple[Suit | None, Card | None]:
        """The trump suit of a freshly dealt hand and the card that shows it
        (``seed`` is the game's, for trump sources that draw at random)."""

    def deal(self, seed: int, hand_number: int) -> DealtHand:
        """Deal hand ``hand_number`` of a game with this seed (by
        :mod:`counter_rules.dealing`)."""
        deck = sorted_deck(self.deck())
        order = deal_order(seed, hand_number, len(deck))
        size = self.hand_size(hand_number)
        players = self.players
        hands, stock = split_deal(deck, order, size, players)
        trump, trump_card = self.trump_for(hand_number, stock, seed)
        return DealtHand(hands, stock, trump, trump_card)

    def check_deal(self, deal: Deal, seed: int, hand_number: int) -> DealtHand:
        """Validate an explicit deal of hand ``hand_number`` and complete it."""
        size = self.hand_size(hand_number)
        if len(deal.hands) != self.players:
            raise InvalidArgumentError(
                f"deal.hands must have one hand per seat ({self.players}), got {len(deal.hands)}"
            )
        for seat, hand in enumerate(deal.hands):
            if len(hand) != size:
                raise InvalidArgumentError(
                    f"deal.hands[{seat}] must hold {size} cards, got {len(hand)}"
                )
        self._check_cards(deal)
        stock = tuple(intern_card(c) for c in deal.stock)
        hands = tuple(sort_hand([intern_card(c) for c in hand]) for hand in deal.hands)
        trump, trump_card = self.trump_for(hand_number, stock, seed)
        return DealtHand(hands, stock, trump, trump_card)

    def _check_cards(self, deal: Deal) -> None:
        deck = self.deck()
        dealt = [c for hand in deal.hands for c in hand] + list(deal.stock)
        deck_set = set(deck)
        for card in dealt:
            if card not in deck_set:
                raise InvalidArgumentError(f"card {card} is not in the deck of {self.name}")
        if len(dealt) != len(deck):
            missing = sorted(deck_set - set(dealt))
            raise InvalidArgumentError(
                f"deal must use the whole deck of {len(deck)} cards; missing "
                + " ".join(str(c) for c in missing)
            )

    def first_bidder(self, dealer: int) -> int:
        """Who bids first: the dealer's left."""
        return (dealer + 1) % self.players

    def first_leader(self, dealer: int) -> int:
        """Who leads the first trick: the dealer's left."""
        return (dealer + 1) % self.players

    @property
    def simultaneous_bidding(self) -> bool:
        """Whether everyone bids at once (then ``to_act`` holds every seat)."""
        return False

    @abc.abstractmethod
    def legal_bids(self, state: Position, seat: int) -> tuple[int, ...]:
        """The bids ``seat`` may make now, ascending."""

    def may_bid_blind(self, state: Position, seat: int) -> bool:
        """Whether ``seat`` may now bid blind, before looking at the hand."""
        return False

    @abc.abstractmethod
    def why_illegal_bid(self, state: Position, seat: int, tricks: int, blind: bool) -> str:
        """Why the bid is illegal (called only for an illegal bid)."""

    @abc.abstractmethod
    def legal_plays(self, state: Position, seat: int) -> tuple[Play, ...]:
        """The plays ``seat`` may make to the current trick, in a stable order."""

    @abc.abstractmethod
    def why_illegal_play(self, state: Position, play: Play) -> str:
        """Why ``play`` is illegal (called only for an illegal play of a held card)."""

    @abc.abstractmethod
    def resolve(
        self,
        plays: Sequence[PlayedCard],
        trump: Suit | None,
        *,
        doubled_lead: bool = False,
        last_trick: bool = False,
        explain: bool = True,
        trump_card: Card | None = None,
    ) -> TrickResult:
        """Resolve a complete trick (see :func:`counter_rules.resolve_trick`)."""

    @abc.abstractmethod
    def check_trick(self, plays: Sequence[PlayedCard]) -> None:
        """Raise :class:`~counter_rules.InvalidArgumentError` for a trick that cannot exist."""

    @abc.abstractmethod
    def score_hand(self, state: Position) -> tuple[int, ...]:
        """The points each seat scores for the hand just finished."""

    @abc.abstractmethod
    def is_game_over(self, history: Sequence[HandResult]) -> bool:
        """Whether the game ends after the hands in ``history``."""

    def winners(self, state: Position) -> tuple[int, ...]:
        """The winning seats of a finished game: every seat tied at the top."""
        best = max(state.scores)
        return tuple(seat for seat, score in enumerate(state.scores) if score == best)

    # -- the companions ---------------------------------------------------------
    @property
    def information(self) -> Information:
        """What the players may know: the questions player views and the world
        sampler ask (see :class:`~counter_rules.rulesets.information.Information`);
        default: the plain game's answers."""
        return _PLAIN_INFORMATION

    @property
    def advice(self) -> Advice:
        """What bots and the match runner ask to judge cards, bids and rewards
        (see :class:`~counter_rules.rulesets.advice.Advice`); default: answers
        that suit the plain game."""
        return _PLAIN_ADVICE


def _moved(name: str, companion: str) -> property:
    """A member that moved to a companion, kept working with a warning until
    the next minor release (see the changelog); type checkers do not see it."""

    def get(rules: Ruleset) -> Any:
        if companion:
            message = f"Ruleset.{name} is deprecated: use rules.{companion}.{name}"
        else:
            message = (
                "Ruleset.first_dealer() is deprecated: the first dealer is seat 0 "
                "unless new_game(..., dealer=k) names another"
            )
        warnings.warn(message, DeprecationWarning, stacklevel=2)
        return getattr(getattr(rules, companion), name) if companion else _first_dealer

    get.__doc__ = (
        f"Deprecated: use ``rules.{companion}.{name}``."
        if companion
        else "Deprecated: seat 0 deals first unless ``new_game(..., dealer=k)`` names another."
    )
    return property(get)


for _name, _companion in _MOVED.items():
    setattr(Ruleset, _name, _moved(_name, _companion))
