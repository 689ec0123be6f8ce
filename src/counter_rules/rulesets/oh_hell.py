"""The general Oh Hell ruleset: every variant of the seeds is an option.

:class:`OhHell` takes keyword options and assembles the parts of
:mod:`counter_rules.rulesets.parts` from them: the deal schedule, where trump
comes from, the follow rule (with the Joker style and bowers), the bidding
rule, the scoring scheme and the end of the game. Every question the engine
asks is answered by one of those parts. :class:`~counter_rules.UpAndDown` and
:class:`~counter_rules.Blackout` are presets of it.

Example:
    >>> from counter_rules import OhHell
    >>> rules = OhHell(players=4, schedule=(10,), hook=True)  # OpenSpiel's oh_hell, 10 tricks
    >>> rules.hand_sizes, rules.scoring
    ((10,), 'tricks_plus_ten')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, Self, cast

import attrs

from counter_rules.cards import Card, Rank, Suit, intern_card, standard_deck
from counter_rules.deal import Deal, DealtHand
from counter_rules.errors import InvalidArgumentError, InvalidNotationError
from counter_rules.hand_result import HandResult
from counter_rules.moves import Play, seat_plays
from counter_rules.per_ruleset import PerRuleset
from counter_rules.play_rules import PlayRules, play_rules_of
from counter_rules.position import Position
from counter_rules.rulesets import oh_hell_presets
from counter_rules.rulesets.base import SHORTCUT_NONE, SHORTCUT_PLAIN, Ruleset, Shortcuts, keeps
from counter_rules.rulesets.oh_hell_companions import OhHellAdvice, OhHellInformation
from counter_rules.rulesets.oh_hell_options import (
    FOLLOW_RULES,
    LEADERS,
    SCHEDULES,
    SCORINGS,
    TRUMP_SOURCES,
    build_schedule,
    check_options,
)
from counter_rules.rulesets.oh_hell_tricks import resolve_by_rule
from counter_rules.rulesets.options import RulesetSpec
from counter_rules.rulesets.parts.bidding import BiddingRule
from counter_rules.rulesets.parts.follow import FollowRule
from counter_rules.rulesets.parts.game_end import GameEnd
from counter_rules.rulesets.parts.jokers import JOKER_STYLES
from counter_rules.rulesets.parts.schedule import FixedSchedule, TurnedCardSchedule
from counter_rules.rulesets.parts.scoring_scheme import ScoringRule
from counter_rules.rulesets.parts.trump import (
    NoTrump,
    RotationTrump,
    SecondDeckTrump,
    TrumpSource,
    TurnedCardTrump,
)
from counter_rules.rulesets.plain_tricks import PlainPlayRules
from counter_rules.trick import PlayedCard, TrickResult

__all__ = [
    "FOLLOW_RULES",
    "LEADERS",
    "SCHEDULES",
    "SCORINGS",
    "TRUMP_SOURCES",
    "OhHell",
]

_JOKER = Rank.JOKER
_TWO = Rank.TWO
_SPADES_ROTATION: tuple[Suit | None, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


def _as_schedule(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(value)
    return value


def _as_rotation(value: Any) -> Any:
    """Suits from text (``"S H none"``) or a list; anything else is left for
    the check, which names it."""
    if isinstance(value, str):
        value = value.split()
    if isinstance(value, list | tuple):
        out: list[Any] = []
        for item in value:
            if isinstance(item, str):
                try:
                    item = None if item.lower() in ("none", "nt", "-") else Suit.parse(item)
                except InvalidNotationError:
                    return tuple(value)
            out.append(item)
        return tuple(out)
    return value


def _cards(n: int, noun: str = "card") -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


@attrs.frozen(repr=False)
class OhHell(Ruleset):
    """The general Oh Hell ruleset. Every option is checked when it is built.

    Args:
        players: 2..10.
        schedule: Cards dealt per hand: a tuple such as ``(10,)`` or a name from
            :data:`~counter_rules.rulesets.oh_hell_options.SCHEDULES`: ``"up"``
            (1 up to the most each can get, M),
            ``"reverse"`` (M down to 1), ``"full"`` (1 up to M and back),
            ``"up_and_down"`` (1 up to 10 and back), ``"up_to_ten"``,
            ``"eight_down_up"`` (8 down to 1 and back up to 8), ``"seven_truf"``
            (1 up to 11 and back down, each size twice: 22 deals) or ``"office"``
            (each round a turned card fixes the size: see ``rounds``). A
            tuple holds at most
            :data:`~counter_rules.rulesets.oh_hell_options.MAX_SCHEDULE` hands.
        rounds: The number of rounds of the ``"office"`` schedule.
        decks: 1 or 2 standard decks (identical cards: the first played ranks higher).
        jokers: ``"none"`` or a Joker style (two Jokers join the deck):
            ``"loser"``, ``"high"``, ``"brader"`` or ``"atkinson"`` (see
            :mod:`counter_rules.rulesets.parts.jokers`).
        remove_twos: Take the four Twos out of the deck (Dick Atkinson's rule
            for five players).
        trump: ``"turn"`` (the top undealt card), ``"rotation"`` (``rotation``
            by hand), ``"none"``, or ``"second_deck"`` (a card of a separate deck).
        rotation: The trump of hand 1, 2, ... in turn (``None``: no trump).
        no_trump_max: Hands of the largest size of the schedule are played at no
            trump (Blackout).
        hook: The last bidder may not make the bids total the cards dealt.
        bids_must_total: The bids must total exactly the cards dealt (the last
            bid is forced), as in Cooperative Blackout.
        simultaneous_bidding: Everyone bids at once.
        blind_bidding: A player 20 or more points behind the leader at the start
            of a hand may bid blind (scores 20 for a made bid under
            ``"tricks_plus_ten"``).
        follow: ``"plain"`` or ``"must_trump"`` (La Podrida, Romanian Whist).
        trumps_broken: Trumps may not be led until one has been played to an
            earlier trick of the hand (unless the leader holds only trumps).
        scoring: A name from :data:`~counter_rules.rulesets.oh_hell_options.SCORINGS`.
        playoff: Ties at the top after the last deal are played off with further
            deals until one player leads alone (Blackout).
        playoff_sizes: ``"from_one"``: the play-off deals go 1, 2, 3 ... cards
            (Blackout); ``"last"``: they repeat the last scheduled size.
        cooperative: All players are one team; the game is lost as soon as a
            deal has a player off their bid and won when every deal is made.
        devils_bridge: In one-card hands each player sees every other hand but
            not their own while bidding (player views show exactly that).
        leader: Who leads the first trick, from
            :data:`~counter_rules.rulesets.oh_hell_options.LEADERS`.
        reflip_joker: Under the ``"office"`` schedule, a flipped Joker is shuffled
            back and another card flipped.
        bowers: Jack Marrows' bowers: the jack of trumps is the highest card,
            the other jack of the same colour the next, and it belongs to the
            trump suit for following and winning.
        points_per_trick: Under ``scoring="openspiel"``, the points per trick won.
        off_bid_penalty: Under ``scoring="openspiel"``, a missed bid loses
            ``points_per_trick`` for each trick it is off by instead of scoring
            the tricks won.

    Raises:
        InvalidArgumentError: An option, or a combination, is impossible; the
            message names the field.
    """

    players: int = 4
    """The number of seats."""
    schedule: tuple[int, ...] | str = attrs.field(default="up", converter=_as_schedule)
    """The deal schedule, as given."""
    rounds: int = 10
    """Rounds of the ``"office"`` schedule."""
    decks: int = 1
    """How many standard decks."""
    jokers: str = "none"
    """The Joker style, or ``"none"``."""
    remove_twos: bool = False
    """Whether the four Twos are removed."""
    trump: str = "turn"
    """Where trump comes from."""
    rotation: tuple[Suit | None, ...] = attrs.field(
        default=_SPADES_ROTATION, converter=_as_rotation
    )
    """The trump rotation used with ``trump="rotation"``."""
    no_trump_max: bool = False
    """Whether hands of the largest size are played at no trump."""
    hook: bool = False
    """Whether the last bidder may not make the bids total the cards dealt."""
    bids_must_total: bool = False
    """Whether the bids must total exactly the cards dealt."""
    simultaneous_bidding: bool = False
    """Whether everyone bids at once."""
    blind_bidding: bool = False
    """Whether a player 20 or more points behind may bid blind."""
    follow: str = "plain"
    """The follow rule."""
    trumps_broken: bool = False
    """Whether trumps must be broken before they are led."""
    scoring: str = "tricks_plus_ten"
    """The scoring scheme."""
    playoff: bool = False
    """Whether ties at the top are played off with further deals."""
    playoff_sizes: str = "from_one"
    """Play-off deals go 1, 2, 3 ... cards (``"from_one"``) or repeat the last
    scheduled size (``"last"``)."""
    cooperative: bool = False
    """Whether all players win or lose together."""
    devils_bridge: bool = False
    """Whether one-card hands are bid seeing the others' cards but not one's own."""
    leader: str = "dealer_left"
    """Who leads the first trick."""
    reflip_joker: bool = False
    """Whether a Joker flipped for the office schedule is replaced."""
    bowers: bool = False
    """Whether the jacks of the trump colour are the two highest trumps."""
    points_per_trick: int = 1
    """Points per trick won under ``scoring="openspiel"``."""
    off_bid_penalty: bool = False
    """Whether, under ``scoring="openspiel"``, a missed bid loses points per trick off."""
    # The assembled parts.
    _schedule: FixedSchedule | TurnedCardSchedule = attrs.field(
        init=False, repr=False, eq=False, hash=False
    )
    _trump_source: TrumpSource = attrs.field(init=False, repr=False, eq=False, hash=False)
    _follow: FollowRule = attrs.field(init=False, repr=False, eq=False, hash=False)
    _bidding: BiddingRule = attrs.field(init=False, repr=False, eq=False, hash=False)
    _scorer: ScoringRule = attrs.field(init=False, repr=False, eq=False, hash=False)
    _end: GameEnd = attrs.field(init=False, repr=False, eq=False, hash=False)
    # The deck in sorting order, and the scheduled hand sizes.
    _deck: tuple[Card, ...] = attrs.field(init=False, repr=False, eq=False, hash=False)
    _sizes: tuple[int, ...] = attrs.field(init=False, repr=False, eq=False, hash=False)

    def __attrs_post_init__(self) -> None:
        owner = type(self).__name__
        check_options(self, owner)
        deck = [c for d in range(self.decks) for c in standard_deck(d)]
        if self.remove_twos:
            deck = [c for c in deck if c.rank is not _TWO]
        style = JOKER_STYLES[self.jokers]
        if style.in_deck:
            deck += [intern_card(Card(_JOKER, None, copy)) for copy in (0, 1)]
        _set = object.__setattr__
        trump_source = self._build_trump_source()
        _set(self, "_trump_source", trump_source)
        schedule = build_schedule(self, owner, len(deck), trump_source.turns_card)
        _set(self, "_schedule", schedule)
        _set(
            self,
            "_follow",
            FollowRule(
                jokers=style,
                must_trump=self.follow == "must_trump",
                trumps_broken=self.trumps_broken,
                bowers=self.bowers,
            ),
        )
        bidding = BiddingRule(
            hook=self.hook,
            must_total=self.bids_must_total,
            simultaneous=self.simultaneous_bidding,
            blind=self.blind_bidding,
        )
        _set(self, "_bidding", bidding)
        scorer = ScoringRule(
            scheme=self.scoring,
            points_per_trick=self.points_per_trick,
            off_bid_penalty=self.off_bid_penalty,
        )
        _set(self, "_scorer", scorer)
        end = GameEnd(hands=len(schedule.sizes), playoff=self.playoff, cooperative=self.cooperative)
        _set(self, "_end", end)
        _set(self, "_deck", tuple(sorted(deck)))
        _set(self, "_sizes", schedule.sizes)

    def _plain_resolution(self) -> bool:
        """Whether tricks are won as in plain Oh Hell (no Jokers in the deck, no bowers)."""
        follow = self._follow
        return not follow.jokers.in_deck and not follow.bowers

    def _plain_following(self) -> bool:
        """Whether the plays are plain following (and tricks plain): they then
        depend on the hand and the trick alone."""
        follow = self._follow
        return self._plain_resolution() and not follow.must_trump and not follow.trumps_broken

    def _build_trump_source(self) -> TrumpSource:
        match self.trump:
            case "turn":
                return TurnedCardTrump()
            case "rotation":
                return RotationTrump(suits=self.rotation)
            case "second_deck":
                return SecondDeckTrump(decks=self.decks)
        return NoTrump()

    def __repr__(self) -> str:
        parts = [f"players={self.players}"]
        for field in attrs.fields(OhHell):
            if field.name in ("players",) or not field.init:
                continue
            value = getattr(self, field.name)
            if value != field.default:
                parts.append(f"{field.name}={value!r}")
        return f"OhHell({', '.join(parts)})"

    # -- presets of the seeds (their options: rulesets.oh_hell_presets) --------
    @classmethod
    def office(
        cls,
        players: int = 4,
        *,
        english: bool = True,
        reflip_joker: bool = False,
        rounds: int = 10,
    ) -> Self:
        """The office rules of seed 004.

        Ten rounds; each round a flipped card fixes the hand size (face cards
        and Jokers count 10, at most 8 cards with six players) and trump (a
        Joker: no trump); simultaneous bids, whose total may equal the tricks;
        two Jokers that always lose and may be played at any time; a led Joker
        leaves the suit to the next card. The office scores English
        consolation points (``scoring="english"``); ``english=False`` gives
        the scoring its author was first taught (``scoring="office"``).

        Example:
            >>> from counter_rules import OhHell
            >>> OhHell.office(players=6)
            OhHell(players=6, schedule='office', jokers='loser', simultaneous_bidding=True, scoring='english')
        """  # noqa: E501
        options = oh_hell_presets.office_options(
            players, english=english, reflip_joker=reflip_joker, rounds=rounds
        )
        return cls(**options)  # type: ignore[arg-type]

    @classmethod
    def seven_truf(cls) -> Self:
        """7-truf, Andi Beben's four-player Indonesian game (seed 003).

        Bids in turn, the dealer (bidding last) may not make them total the
        tricks; a made bid scores 10 times the bid, a made zero 5 times the
        cards dealt, a miss 1 a trick (``scoring="ten_times_bid"``); 22 deals.
        The source's list of the 22 deals is lost: the preset deals every size
        from 1 to 11 cards twice, up and back down (``schedule="seven_truf"``),
        with a turned-up trump (see "Rules interpretations").

        Example:
            >>> from counter_rules import OhHell
            >>> rules = OhHell.seven_truf()
            >>> len(rules.hand_sizes), rules.hand_sizes[9:13]
            (22, (10, 11, 11, 10))
        """
        return cls(**oh_hell_presets.seven_truf_options())  # type: ignore[arg-type]

    @classmethod
    def north_east_blackout(cls, players: int = 5) -> Self:
        """Dick Atkinson's North-East England Blackout (seed 003).

        5 or 6 players; two Jokers join the pack and, with five players, the
        four Twos leave it; 10 cards each (9 with six players) every deal; trump
        rotates ♥ ♣ ♦ ♠; the dealer may not make the bids total the tricks;
        Jokers as in :mod:`counter_rules.rulesets.plain_tricks` (``"atkinson"``).
        Each player deals once; Blackout's scoring applies, and ties are played
        off with further deals of the same size (see "Rules interpretations").

        Example:
            >>> from counter_rules import OhHell
            >>> rules = OhHell.north_east_blackout(5)
            >>> len(rules.deck()), rules.hand_sizes
            (50, (10, 10, 10, 10, 10))
        """
        return cls(**oh_hell_presets.north_east_blackout_options(players))  # type: ignore[arg-type]

    # -- the deal -------------------------------------------------------------
    @property
    def name(self) -> str:
        """``"Oh Hell"``."""
        return "Oh Hell"

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """The cards dealt in each scheduled hand (for the office schedule, the most possible)."""
        return self._sizes

    @property
    def max_hand_size(self) -> int:
        """The most cards each player can be dealt (leaving a card to turn for
        trump where one is turned and the largest hand is not at no trump)."""
        if self._trump_source.turns_card and not self.no_trump_max:
            return (len(self._deck) - 1) // self.players
        return len(self._deck) // self.players

    def deck(self) -> tuple[Card, ...]:
        """The cards dealt from: one or two decks, Jokers, without Twos if asked."""
        return self._deck

    def hand_size(self, hand_number: int) -> int:
        """The scheduled size; play-off deals go 1, 2, 3 ... after the schedule."""
        return self._schedule.hand_size(hand_number)

    def trump_for(
        self, hand_number: int, stock: Sequence[Card], seed: int
    ) -> tuple[Suit | None, Card | None]:
        """Trump by :attr:`trump`: the turned card, the rotation, none, or a second deck."""
        return self._trump_source.trump_for(hand_number, stock, seed)

    def deal(self, seed: int, hand_number: int) -> DealtHand:
        """Deal a hand; the office schedule flips a card first to fix the size."""
        schedule = self._schedule
        if isinstance(schedule, TurnedCardSchedule):
            return schedule.deal(self._deck, self.players, seed, hand_number)
        dealt = super().deal(seed, hand_number)
        if schedule.is_no_trump(schedule.hand_size(hand_number)):
            return DealtHand(dealt.hands, dealt.stock, None, None)
        return dealt

    def check_deal(self, deal: Deal, seed: int, hand_number: int) -> DealtHand:
        """Validate an explicit deal (one hand per seat, sizes, the exact deck, a card to turn)."""
        schedule = self._schedule
        if isinstance(schedule, TurnedCardSchedule):
            dealt = schedule.check_deal(deal.hands, deal.stock, self.players)
            self._check_cards(deal)
            return dealt
        dealt = super().check_deal(deal, seed, hand_number)
        no_trump = schedule.is_no_trump(schedule.hand_size(hand_number))
        if self._trump_source.turns_card and not dealt.stock and not no_trump:
            raise InvalidArgumentError("deal.stock must not be empty: its top card shows trump")
        if no_trump:
            return DealtHand(dealt.hands, dealt.stock, None, None)
        return dealt

    def first_leader(self, dealer: int) -> int:
        """The dealer's left, or the caller's left under ``leader="caller_left"``."""
        return (dealer + LEADERS.index(self.leader) + 1) % self.players

    # -- bidding --------------------------------------------------------------
    def bid_error(self, state: Position, seat: int, tricks: int, blind: bool) -> str | None:
        """The one decider of bids: why ``seat`` may not bid ``tricks`` now
        (``blind``: before looking at the hand), or ``None`` when it may;
        :meth:`legal_bids` lists exactly the bids it accepts."""
        return self._bidding.why_illegal(
            cards=state.cards_dealt,
            bids=state.bids,
            seat=seat,
            tricks=tricks,
            blind=blind,
            scores=state.scores,
        )

    def legal_bids(self, state: Position, seat: int) -> tuple[int, ...]:
        """0..cards dealt, less what the hook or a forced total rules out."""
        return self._bidding.bids(
            cards=state.cards_dealt, bids=state.bids, seat=seat, scores=state.scores
        )

    def may_bid_blind(self, state: Position, seat: int) -> bool:
        """With :attr:`blind_bidding`: 20 or more points behind the leader."""
        return self._bidding.may_bid_blind(state.scores, seat)

    def why_illegal_bid(self, state: Position, seat: int, tricks: int, blind: bool) -> str:
        """Explain a bid out of range, against the hook or a forced total, or an
        unearned blind bid."""
        return self.bid_error(state, seat, tricks, blind) or "not a legal bid now"

    # -- playing --------------------------------------------------------------
    def play_error(self, state: Position, play: Play) -> str | None:
        """The one decider of plays of a held card: why ``play`` breaks the
        follow rule, or ``None`` when it is legal; :meth:`legal_plays` lists
        exactly the plays it accepts."""
        if play.reveal is not None:
            return "only Counter's Fours are played showing another card"
        hand = state.hands[play.seat]
        context = self._follow.context(state, hand)
        return self._follow.why_illegal(hand, state.trick, play.card, play.call, play.seat, context)

    def legal_plays(self, state: Position, seat: int) -> tuple[Play, ...]:
        """Every held card (with each call a Joker may get) the follow rule accepts."""
        hand = state.hands[seat]
        context = self._follow.context(state, hand)
        table = seat_plays(self.players, self._deck)[seat]
        return self._follow.plays(hand, state.trick, seat, context, table)

    def why_illegal_play(self, state: Position, play: Play) -> str:
        """Explain a play of a held card that breaks a following rule."""
        return self.play_error(state, play) or "not a legal play now"

    def check_trick(self, plays: Sequence[PlayedCard]) -> None:
        """Reject a trick that cannot happen: size, seat order, cards, calls."""
        if len(plays) != self.players:
            raise InvalidArgumentError(
                f"a trick for {self.players} players has {self.players} cards, got {len(plays)}"
            )
        deck = set(self._deck)
        seen: set[Card] = set()
        leader = plays[0].seat
        for i, played in enumerate(plays):
            if played.seat != (leader + i) % self.players:
                raise InvalidArgumentError(
                    f"card {i} of the trick should be played by seat "
                    f"{(leader + i) % self.players}, got seat {played.seat}"
                )
            if played.card not in deck:
                raise InvalidArgumentError(f"card {played.card} is not in the deck of this game")
            if played.card in seen:
                raise InvalidArgumentError(f"card {played.card} is played twice")
            seen.add(played.card)
            if played.reveal is not None:
                raise InvalidArgumentError("only Counter's Fours are played showing another card")
        self._follow.jokers.check_calls(plays)

    # Alike on purpose: the signature of Ruleset.resolve, which every override repeats.
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
        """Highest trump, else highest card of the led suit; Jokers and bowers per the options."""
        return resolve_by_rule(
            plays,
            trump,
            self._follow,
            trump_card=trump_card,
            last_trick=last_trick,
            explain=explain,
        )

    def shortcuts(self) -> Shortcuts:
        """Plain Oh Hell runs on the engine's compiled paths where its rules
        are plain (see :mod:`~counter_rules.rulesets.plain_tricks`): plain
        following (no Jokers, bowers, must-trump or unbroken trumps) for
        plays, no Jokers or bowers for tricks, bids in turn that are not blind;
        every scheme of :attr:`scoring` scores each seat by its own bid and
        tricks; each while the class keeps the methods that state it, so that a
        subclass that overrides one is asked through its override."""
        bids = self._bidding.in_turn_rule
        if self.simultaneous_bidding or self.blind_bidding:
            bids = SHORTCUT_NONE
        play = play_rules_of(self)  # made once per ruleset, as the engine reads them
        return Shortcuts(
            SHORTCUT_PLAIN if play.local else SHORTCUT_NONE,
            SHORTCUT_PLAIN if play.fast_tricks else SHORTCUT_NONE,
            bids if keeps(self, OhHell, *_BID_METHODS) else SHORTCUT_NONE,
            seat_points=keeps(self, OhHell, "score_hand"),
        )

    def play_rules(self) -> PlayRules:
        """Plain Oh Hell's compiled play
        (:class:`~counter_rules.rulesets.plain_tricks.PlainPlayRules`) where
        the plays or the tricks are plain (see :meth:`shortcuts`); the family's
        full rules through this ruleset's methods otherwise."""
        plays = self._plain_following() and keeps(self, OhHell, "legal_plays")
        tricks = self._plain_resolution() and keeps(self, OhHell, "resolve")
        # What the follow rule reads besides the cards (trumps broken, the
        # first Joker's call), for the solver's tables.
        return PlainPlayRules(self, self._follow.context_key, plays, tricks)

    # -- scoring and the end --------------------------------------------------
    def score_hand(self, state: Position) -> tuple[int, ...]:
        """Every seat's points by :attr:`scoring`."""
        bids = state.bids
        assert None not in bids
        return self._scorer.points(
            bids=cast("tuple[int, ...]", bids),
            won=state.tricks_won,
            cards=state.cards_dealt,
            blind=state.blind,
        )

    def is_game_over(self, history: Sequence[HandResult]) -> bool:
        """After the schedule; a cooperative team loses at its first failed deal;
        with :attr:`playoff`, not while two or more share the top score."""
        last = history[-1]
        return self._end.is_over(
            hands_played=len(history),
            last_scores=last.scores,
            deal_made=last.bids == last.tricks_won,
        )

    def winners(self, state: Position) -> tuple[int, ...]:
        """The top scores; a cooperative team wins together or not at all."""
        team = self._end.team_result(state.history, self.players)
        return super().winners(state) if team is None else team

    # -- the companions ---------------------------------------------------------
    @property
    def information(self) -> OhHellInformation:
        """What a seat may know, by the follow rule and Devil's bridge."""
        return OhHellInformation(follow=self._follow, devils_bridge=self.devils_bridge)

    @property
    def advice(self) -> OhHellAdvice:
        """Answers for bots, from the follow rule, the scoring and the game's end
        (built once per ruleset: bots ask on every move)."""
        return _ADVICE(self)

    def _build_advice(self) -> OhHellAdvice:
        plain = self._plain_following() and keeps(self, OhHell, "legal_plays")
        return OhHellAdvice(
            follow=self._follow,
            scorer=self._scorer,
            end=self._end,
            plain_tables=seat_plays(self.players, self._deck) if plain else None,
        )


_ADVICE: Final = PerRuleset(OhHell._build_advice)


_BID_METHODS = ("legal_bids", "simultaneous_bidding", "may_bid_blind")


OhHell.spec = RulesetSpec.from_fields(OhHell, players=tuple(range(2, 11)))
