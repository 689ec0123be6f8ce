"""The general Oh Hell ruleset: every variant of the seeds is an option.

:class:`OhHell` composes the parts of a plain trick-taking bidding game: the
deal schedule, where trump comes from, the bidding restrictions, the follow
rule, the decks and Jokers, the scoring scheme and the end of the game.
:class:`~counter_rules.UpAndDown` and :class:`~counter_rules.Blackout` are
presets of it.

Example:
    >>> from counter_rules import OhHell
    >>> rules = OhHell(players=4, schedule=(10,), hook=True)  # OpenSpiel's oh_hell, 10 tricks
    >>> rules.hand_sizes, rules.scoring
    ((10,), 'tricks_plus_ten')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

import attrs

from counter_rules.cards import Card, Rank, Suit, _intern, standard_deck
from counter_rules.errors import InvalidArgumentError
from counter_rules.moves import Play, PlayTable, call_play, play_table, seat_plays, shared_play
from counter_rules.rulesets._quick import (
    BIDS_FREE,
    BIDS_HOOK,
    BIDS_TOTAL,
    QUICK_NONE,
    QUICK_PLAIN,
    plain_plays,
    turn_bids,
)
from counter_rules.rulesets._validate import check_bool, check_choice, check_int
from counter_rules.rulesets.base import (
    DealtHand,
    Ruleset,
    Shortcuts,
    deal_order,
    hand_rng,
    sort_hand,
)
from counter_rules.rulesets.plain_tricks import (
    JOKER_STYLES,
    _resolve_simple,
    led_suit,
    resolve_plain,
)
from counter_rules.scoring import blackout as blackout_scoring
from counter_rules.scoring import office as office_scoring
from counter_rules.scoring import ten_plus_bid, ten_times_bid, up_and_down
from counter_rules.trick import PlayedCard, TrickResult

if TYPE_CHECKING:
    from counter_rules.state import Deal, GameState, HandResult

__all__ = ["FOLLOW_RULES", "LEADERS", "OhHell", "SCHEDULES", "SCORINGS", "TRUMP_SOURCES"]

SCHEDULES = ("up", "reverse", "full", "up_and_down", "up_to_ten", "eight_down_up", "office")
"""Named deal schedules (or give a tuple of hand sizes)."""
TRUMP_SOURCES = ("turn", "rotation", "none", "second_deck")
"""Where trump comes from."""
SCORINGS = ("tricks_plus_ten", "blackout", "ten_plus_bid", "ten_times_bid", "office", "english")
"""The scoring schemes (see :mod:`counter_rules.scoring`)."""
FOLLOW_RULES = ("plain", "must_trump")
"""Follow rules, plain or ``must_trump`` (a player void in the led suit must trump if able)."""
LEADERS = ("dealer_left", "caller_left")
"""Who leads the first trick, the dealer's left or the caller's left (the
dealer's second left) as in Up to Ten and Down Again."""

_JOKER = Rank.JOKER
_TWO = Rank.TWO
_SPADES_ROTATION: tuple[Suit | None, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


def _as_schedule(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(value)
    return value


def _as_rotation(value: Any) -> Any:
    if isinstance(value, str):
        value = value.split()
    if isinstance(value, list | tuple):
        out: list[Any] = []
        for item in value:
            if isinstance(item, str):
                item = None if item.lower() in ("none", "nt", "-") else Suit.parse(item)
            out.append(item)
        return tuple(out)
    return value


def _office_size(card: Card, cap: int) -> int:
    """The office rules' hand size from a flipped card: face cards and Jokers 10."""
    size = 10 if card.rank is _JOKER or card.rank >= Rank.TEN else int(card.rank)
    return min(size, cap)


@attrs.frozen(repr=False)
class OhHell(Ruleset):
    """The general Oh Hell ruleset. Every option is checked when it is built.

    Args:
        players: 2..10.
        schedule: Cards dealt per hand: a tuple such as ``(10,)`` or a name from
            :data:`~counter_rules.rulesets.oh_hell.SCHEDULES`: ``"up"`` (1 up to
            the most each can get, M),
            ``"reverse"`` (M down to 1), ``"full"`` (1 up to M and back),
            ``"up_and_down"`` (1 up to 10 and back), ``"up_to_ten"``,
            ``"eight_down_up"`` (8 down to 1 and back up to 8) or ``"office"``
            (each round a turned card fixes the size: see ``rounds``).
        rounds: The number of rounds of the ``"office"`` schedule.
        decks: 1 or 2 standard decks (identical cards: the first played ranks higher).
        jokers: ``"none"`` or a Joker style (two Jokers join the deck):
            ``"loser"``, ``"brader"`` or ``"atkinson"`` (see
            :mod:`counter_rules.rulesets.plain_tricks`).
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
        scoring: A name from :data:`~counter_rules.rulesets.oh_hell.SCORINGS`.
        playoff: Ties at the top after the last deal are played off with further
            deals until one player leads alone (Blackout).
        playoff_sizes: ``"from_one"``: the play-off deals go 1, 2, 3 ... cards
            (Blackout); ``"last"``: they repeat the last scheduled size.
        cooperative: All players are one team; the game is lost as soon as a
            deal has a player off their bid and won when every deal is made.
        devils_bridge: In one-card hands each player sees every other hand but
            not their own while bidding (player views show exactly that).
        leader: Who leads the first trick, from :data:`~counter_rules.rulesets.oh_hell.LEADERS`.
        reflip_joker: Under the ``"office"`` schedule, a flipped Joker is shuffled
            back and another card flipped.

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
    _deck: tuple[Card, ...] = attrs.field(init=False, repr=False, eq=False, hash=False)
    _sizes: tuple[int, ...] = attrs.field(init=False, repr=False, eq=False, hash=False)
    _simple_play: bool = attrs.field(init=False, repr=False, eq=False, hash=False)
    _quick_plays: int = attrs.field(init=False, repr=False, eq=False, hash=False)
    _quick_resolve: int = attrs.field(init=False, repr=False, eq=False, hash=False)
    _quick_bids: int = attrs.field(init=False, repr=False, eq=False, hash=False)
    _bid_rule: int = attrs.field(init=False, repr=False, eq=False, hash=False)
    _plays: tuple[PlayTable, ...] = attrs.field(init=False, repr=False, eq=False, hash=False)

    def __attrs_post_init__(self) -> None:
        owner = type(self).__name__
        check_int(owner, "players", self.players, 2, 10)
        check_int(owner, "decks", self.decks, 1, 2)
        check_choice(owner, "jokers", self.jokers, JOKER_STYLES)
        check_choice(owner, "trump", self.trump, TRUMP_SOURCES)
        check_choice(owner, "scoring", self.scoring, SCORINGS)
        check_choice(owner, "follow", self.follow, FOLLOW_RULES)
        check_choice(owner, "leader", self.leader, LEADERS)
        check_choice(owner, "playoff_sizes", self.playoff_sizes, ("from_one", "last"))
        for flag in (
            "remove_twos", "no_trump_max", "hook", "bids_must_total", "simultaneous_bidding",
            "blind_bidding", "trumps_broken", "playoff", "cooperative", "devils_bridge",
            "reflip_joker",
        ):  # fmt: skip
            check_bool(owner, flag, getattr(self, flag))
        if self.jokers != "none" and self.decks != 1:
            raise InvalidArgumentError(f"{owner}.jokers needs decks=1, got decks={self.decks}")
        if (
            not isinstance(self.rotation, tuple)
            or not self.rotation
            or not all(s is None or isinstance(s, Suit) for s in self.rotation)
        ):
            raise InvalidArgumentError(
                f"{owner}.rotation must be a non-empty sequence of suits or None, "
                f"got {self.rotation!r}"
            )
        if self.hook and (self.simultaneous_bidding or self.bids_must_total):
            raise InvalidArgumentError(
                f"{owner}.hook needs bids made in turn and free totals: "
                "it cannot go with simultaneous_bidding or bids_must_total"
            )
        if self.bids_must_total and self.simultaneous_bidding:
            raise InvalidArgumentError(
                f"{owner}.bids_must_total needs bids made in turn, not simultaneous_bidding"
            )
        if self.playoff and self.cooperative:
            raise InvalidArgumentError(f"{owner}.playoff cannot go with cooperative")
        deck = [c for d in range(self.decks) for c in standard_deck(d)]
        if self.remove_twos:
            deck = [c for c in deck if c.rank is not _TWO]
        if self.jokers != "none":
            deck += [_intern(_JOKER, None, 0), _intern(_JOKER, None, 1)]
        object.__setattr__(self, "_deck", tuple(sorted(deck)))
        object.__setattr__(self, "_sizes", self._build_sizes(owner))
        simple = self.jokers == "none" and self.follow == "plain" and not self.trumps_broken
        object.__setattr__(self, "_simple_play", simple)
        # The engine calls the quick functions directly, unless a subclass
        # overrides the methods they stand in for.
        cls = type(self)
        plain_plays_ok = simple and cls.plays_from is OhHell.plays_from
        plain_resolve_ok = self.jokers == "none" and cls.resolve_fast is OhHell.resolve_fast
        object.__setattr__(self, "_quick_plays", QUICK_PLAIN if plain_plays_ok else QUICK_NONE)
        object.__setattr__(self, "_quick_resolve", QUICK_PLAIN if plain_resolve_ok else QUICK_NONE)
        object.__setattr__(self, "_plays", seat_plays(self.players, self._deck))
        rule = BIDS_TOTAL if self.bids_must_total else BIDS_HOOK if self.hook else BIDS_FREE
        object.__setattr__(self, "_bid_rule", rule)
        quick_bids = (
            not self.simultaneous_bidding
            and not self.blind_bidding
            and cls.legal_bids is OhHell.legal_bids
            and cls.may_bid_blind is OhHell.may_bid_blind
        )
        object.__setattr__(self, "_quick_bids", rule if quick_bids else QUICK_NONE)

    def _build_sizes(self, owner: str) -> tuple[int, ...]:
        most = len(self._deck) // self.players
        if self.trump == "turn" and not self.no_trump_max:
            most = (len(self._deck) - 1) // self.players  # leave a card to turn
        schedule = self.schedule
        if isinstance(schedule, str):
            check_choice(owner, "schedule", schedule, SCHEDULES)
            if schedule == "office":
                check_int(owner, "rounds", self.rounds, 1, 100)
                if self.trump != "turn":
                    raise InvalidArgumentError(
                        f'{owner}.schedule="office" turns a card for trump: it needs '
                        f'trump="turn", got {self.trump!r}'
                    )
                return (min(10, (len(self._deck) - 1) // self.players),) * self.rounds
            ten, eight = min(10, most), min(8, most)
            sizes = {
                "up": tuple(range(1, most + 1)),
                "reverse": tuple(range(most, 0, -1)),
                "full": (*range(1, most + 1), *range(most - 1, 0, -1)),
                "up_and_down": (*range(1, ten + 1), *range(ten - 1, 0, -1)),
                "up_to_ten": tuple(range(1, ten + 1)),
                "eight_down_up": (*range(eight, 0, -1), *range(2, eight + 1)),
            }[schedule]
        else:
            if (
                not isinstance(schedule, tuple)
                or not schedule
                or not all(type(n) is int and 1 <= n <= most for n in schedule)
            ):
                raise InvalidArgumentError(
                    f"{owner}.schedule must be a name ({', '.join(SCHEDULES)}) or a non-empty "
                    f"tuple of hand sizes from 1 to {most} for {self.players} players with "
                    f"{len(self._deck)} cards, got {schedule!r}"
                )
            sizes = schedule
        if self.trump == "turn":
            top = max(sizes)
            for size in sizes:
                if size * self.players >= len(self._deck) and not (
                    self.no_trump_max and size == top
                ):
                    raise InvalidArgumentError(
                        f"{owner}.schedule deals all {len(self._deck)} cards in a hand of "
                        f"{size}: no card is left to turn for trump (use fewer cards, "
                        "no_trump_max=True or another trump source)"
                    )
        return sizes

    def __repr__(self) -> str:
        parts = [f"players={self.players}"]
        for field in attrs.fields(OhHell):
            if field.name in ("players",) or not field.init:
                continue
            value = getattr(self, field.name)
            if value != field.default:
                parts.append(f"{field.name}={value!r}")
        return f"OhHell({', '.join(parts)})"

    # -- presets of the seeds --------------------------------------------------
    @classmethod
    def office(
        cls,
        players: int = 4,
        *,
        english: bool = False,
        reflip_joker: bool = False,
        rounds: int = 10,
    ) -> OhHell:
        """The office rules of seed 004.

        Ten rounds; each round a flipped card fixes the hand size (face cards
        and Jokers count 10, at most 8 cards with six players) and trump (a
        Joker: no trump); simultaneous bids, whose total may equal the tricks;
        two Jokers that always lose and may be played at any time; a led Joker
        leaves the suit to the next card. ``english`` picks English consolation
        scoring.

        Example:
            >>> from counter_rules import OhHell
            >>> OhHell.office(players=6, english=True)
            OhHell(players=6, schedule='office', jokers='loser', simultaneous_bidding=True, scoring='english')
        """  # noqa: E501
        return cls(
            players=players,
            schedule="office",
            rounds=rounds,
            jokers="loser",
            simultaneous_bidding=True,
            scoring="english" if english else "office",
            reflip_joker=reflip_joker,
        )

    @classmethod
    def north_east_blackout(cls, players: int = 5) -> OhHell:
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
        check_int("OhHell.north_east_blackout", "players", players, 5, 6)
        size = 10 if players == 5 else 9
        return cls(
            players=players,
            schedule=(size,) * players,
            jokers="atkinson",
            remove_twos=players == 5,
            trump="rotation",
            rotation=(Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES),
            hook=True,
            scoring="blackout",
            playoff=True,
            playoff_sizes="last",
        )

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
        if self.trump == "turn" and not self.no_trump_max:
            return (len(self._deck) - 1) // self.players
        return len(self._deck) // self.players

    def deck(self) -> tuple[Card, ...]:
        """The cards dealt from: one or two decks, Jokers, without Twos if asked."""
        return self._deck

    def hand_size(self, hand_number: int) -> int:
        """The scheduled size; play-off deals go 1, 2, 3 ... after the schedule."""
        sizes = self._sizes
        if hand_number <= len(sizes):
            return sizes[hand_number - 1]
        if self.playoff_sizes == "last":
            return sizes[-1]
        return (hand_number - len(sizes) - 1) % self.max_hand_size + 1

    def _is_no_trump_hand(self, size: int) -> bool:
        return self.no_trump_max and size == max(self._sizes)

    def trump_for(
        self, hand_number: int, stock: Sequence[Card], seed: int
    ) -> tuple[Suit | None, Card | None]:
        """Trump by :attr:`trump`: the turned card, the rotation, none, or a second deck."""
        source = self.trump
        if source == "none":
            return None, None
        if source == "rotation":
            return self.rotation[(hand_number - 1) % len(self.rotation)], None
        if source == "second_deck":
            # A card of a separate deck: its copy number is past the decks in
            # play, so it never equals a card that is dealt.
            rng = hand_rng(seed, hand_number, "trump")
            card = standard_deck(self.decks)[rng.randrange(52)]
            return card.suit, card
        if not stock:
            return None, None
        return stock[0].suit, stock[0]  # a turned Joker has no suit: no trump

    def deal(self, seed: int, hand_number: int) -> DealtHand:
        """Deal a hand; the office schedule flips a card first to fix the size."""
        if self.schedule != "office":
            dealt = super().deal(seed, hand_number)
            if self._is_no_trump_hand(self.hand_size(hand_number)):
                return DealtHand(dealt.hands, dealt.stock, None, None)
            return dealt
        deck = self._deck
        cards = [deck[i] for i in deal_order(seed, hand_number, len(deck))]
        if self.reflip_joker and cards[0].rank is _JOKER:
            rng = hand_rng(seed, hand_number, "reflip")
            while cards[0].rank is _JOKER:
                joker = cards.pop(0)
                cards.insert(rng.randrange(1, len(cards) + 1), joker)
        flipped = cards[0]
        size = _office_size(flipped, (len(cards) - 1) // self.players)
        rest = cards[1:]
        hands = tuple(sort_hand(rest[s * size : (s + 1) * size]) for s in range(self.players))
        stock = (flipped, *rest[self.players * size :])
        return DealtHand(hands, stock, flipped.suit, flipped)

    def check_deal(self, deal: Deal, seed: int, hand_number: int) -> DealtHand:
        """Validate an explicit deal (sizes, the exact deck, a card to turn)."""
        if self.schedule == "office" and deal.stock:
            if self.reflip_joker and deal.stock[0].rank is _JOKER:
                raise InvalidArgumentError(
                    "deal.stock[0] is a Joker, but with reflip_joker a flipped Joker is "
                    "shuffled back and another card flipped"
                )
            size = _office_size(deal.stock[0], (len(self._deck) - 1) // self.players)
            if any(len(hand) != size for hand in deal.hands):
                raise InvalidArgumentError(
                    f"the flipped card {deal.stock[0]} makes hands of {_cards(size)}"
                )
            self._check_cards(deal)
            flipped = deal.stock[0]
            hands = tuple(sort_hand(hand) for hand in deal.hands)
            return DealtHand(hands, tuple(deal.stock), flipped.suit, flipped)
        dealt = super().check_deal(deal, seed, hand_number)
        if (
            self.trump == "turn"
            and not dealt.stock
            and not self._is_no_trump_hand(self.hand_size(hand_number))
        ):
            raise InvalidArgumentError("deal.stock must not be empty: its top card shows trump")
        if self._is_no_trump_hand(self.hand_size(hand_number)):
            return DealtHand(dealt.hands, dealt.stock, None, None)
        return dealt

    def first_leader(self, dealer: int) -> int:
        """The dealer's left, or the caller's left under ``leader="caller_left"``."""
        return (dealer + (2 if self.leader == "caller_left" else 1)) % self.players

    # -- bidding --------------------------------------------------------------
    def legal_bids(self, state: GameState, seat: int) -> tuple[int, ...]:
        """0..cards dealt, less what the hook or a forced total rules out."""
        cards = state.cards_dealt
        if self.simultaneous_bidding:
            return _RANGES[cards]
        return turn_bids(self._bid_rule, cards, state.bids)

    def may_bid_blind(self, state: GameState, seat: int) -> bool:
        """With :attr:`blind_bidding`: 20 or more points behind the leader."""
        return self.blind_bidding and max(state.scores) - state.scores[seat] >= 20

    def why_illegal_bid(self, state: GameState, seat: int, tricks: int, blind: bool) -> str:
        """Explain a bid out of range, against the hook, or an unearned blind bid."""
        cards = state.cards_dealt
        if blind and not self.may_bid_blind(state, seat):
            if not self.blind_bidding:
                return "blind bids are not allowed in this game"
            return f"seat {seat} may bid blind only when 20 or more points behind the leader"
        if not 0 <= tricks <= cards:
            return f"a bid must be from 0 to {cards}, got {tricks}"
        total = sum(b for b in state.bids if b is not None)
        if self.bids_must_total:
            if sum(b is None for b in state.bids) == 1:
                return f"the bids must total {cards}: seat {seat} must bid {cards - total}"
            return f"the bids must total {cards}: at most {cards - total} is left to bid"
        total_text = _cards(cards, "trick")
        return f"the last bidder may not bid {tricks}: the bids would total {total_text}"

    # -- playing --------------------------------------------------------------
    def _trumps_broken_yet(self, state: GameState) -> bool:
        trump = state.trump
        return any(p.card.suit is trump for t in state.tricks for p in t.plays)

    def legal_plays(self, state: GameState, seat: int) -> tuple[Play, ...]:
        """Follow suit if able (must trump if void, where asked); Jokers per style."""
        hand = state.hands[seat]
        trick = state.trick
        if self._simple_play:
            plays = self.plays_from(hand, trick, state.trump, seat)
            assert plays is not None
            return plays
        trump = state.trump
        jokers = self.jokers
        candidates: Sequence[Card] = hand
        if not trick:
            if jokers == "atkinson":
                suited = [c for c in hand if c.rank is not _JOKER]
                if suited:
                    candidates = suited
            if self.trumps_broken and trump is not None and not self._trumps_broken_yet(state):
                plain = [c for c in candidates if c.suit is not trump]
                if plain:
                    candidates = plain
        else:
            suit, suit_set = led_suit(trick, jokers)
            if suit_set:
                follow = [c for c in hand if c.suit is suit]
                if follow:
                    candidates = follow
                elif self.follow == "must_trump" and trump is not None:
                    trumps = [c for c in hand if c.suit is trump]
                    if trumps:
                        candidates = trumps
        if trick and jokers in ("loser", "atkinson"):
            free = [c for c in hand if c.rank is _JOKER and c not in candidates]
            if free:
                candidates = sort_hand([*candidates, *free])
            if jokers == "atkinson" and not state.tricks:
                suited = [c for c in candidates if c.rank is not _JOKER]
                if suited:
                    candidates = suited
        if jokers == "atkinson" and any(c.rank is _JOKER for c in candidates):
            return self._atkinson_plays(state, seat, candidates)
        table = play_table(seat)
        return tuple([table[c._key] or shared_play(seat, c) for c in candidates])

    def plays_from(
        self,
        hand: tuple[Card, ...],
        trick: tuple[PlayedCard, ...],
        trump: Suit | None,
        seat: int,
    ) -> tuple[Play, ...] | None:
        """The legal plays without Jokers, a must-trump rule or unbroken trumps
        (they need only the hand and the trick); ``None`` otherwise."""
        if not self._simple_play:
            return None
        return plain_plays(self._plays[seat], hand, trick)

    def _first_call(self, state: GameState) -> str | None:
        for plays in (*(r.plays for r in state.tricks), state.trick):
            for p in plays:
                if p.call is not None:
                    return p.call
        return None

    def _atkinson_plays(
        self, state: GameState, seat: int, candidates: Sequence[Card]
    ) -> tuple[Play, ...]:
        earlier = self._first_call(state)
        moves: list[Play] = []
        for card in candidates:
            if card.rank is not _JOKER:
                moves.append(shared_play(seat, card))
            elif earlier is not None:
                moves.append(call_play(seat, card, "low" if earlier == "high" else "high"))
            else:
                moves.append(call_play(seat, card, "high"))
                moves.append(call_play(seat, card, "low"))
        return tuple(moves)

    def why_illegal_play(self, state: GameState, play: Play) -> str:
        """Explain a play of a held card that breaks a following rule."""
        card, seat = play.card, play.seat
        if play.reveal is not None:
            return "only Counter's Fours are played showing another card"
        if play.call is not None and (self.jokers != "atkinson" or card.rank is not _JOKER):
            return "only a Joker in Dick Atkinson's rules is called high or low"
        hand = state.hands[seat]
        if card.rank is _JOKER and self.jokers == "atkinson":
            if not state.tricks:
                return "a Joker may not be played to the first trick"
            if not state.trick:
                return "a Joker may not be led while other cards are held"
            earlier = self._first_call(state)
            if earlier is None:
                return 'the first Joker of a deal must be called "high" or "low"'
            opposite = "low" if earlier == "high" else "high"
            return f'the second Joker of a deal is called "{opposite}", the opposite of the first'

        if not state.trick:
            return f"trumps ({state.trump}) may not be led before they are broken"
        suit, _ = led_suit(state.trick, self.jokers)
        follow = [c for c in hand if c.suit is suit]
        if follow:
            held = " ".join(str(c) for c in follow)
            return f"seat {seat} must follow {suit if suit else 'the Jokers'}: holds {held}"
        trumps = " ".join(str(c) for c in hand if c.suit is state.trump)
        return f"seat {seat} cannot follow {suit} and must trump: holds {trumps}"

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
            if self.jokers == "atkinson" and played.card.rank is _JOKER and played.call is None:
                raise InvalidArgumentError(
                    'a Joker under jokers="atkinson" is played with a call "high" or "low", '
                    f"got {played.card} without one"
                )
            if played.call is not None and (
                self.jokers != "atkinson"
                or played.card.rank is not _JOKER
                or played.call not in ("high", "low")
            ):
                raise InvalidArgumentError(
                    f'only a Joker under jokers="atkinson" has a call "high" or "low", '
                    f"got {played.card} called {played.call!r}"
                )
        calls = [p.call for p in plays if p.call is not None]
        if len(calls) == 2 and calls[0] == calls[1]:
            raise InvalidArgumentError(
                "the second Joker's call must be the opposite of the first's, "
                f"got {calls[1]!r} twice"
            )

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
        """Highest trump, else highest card of the led suit; Jokers per style."""
        return resolve_plain(
            plays,
            trump,
            jokers=self.jokers,
            trump_card=trump_card,
            last_trick=last_trick,
            explain=explain,
        )

    def shortcuts(self) -> Shortcuts:
        """Plain Oh Hell (no Jokers, plain following, trumps free to lead) runs
        on the engine's compiled paths."""
        return Shortcuts(self._quick_plays, self._quick_resolve, self._quick_bids)

    def resolve_fast(
        self,
        plays: tuple[PlayedCard, ...],
        trump: Suit | None,
        doubled_lead: bool,
        last_trick: bool,
        trump_card: Card | None,
    ) -> TrickResult:
        """A trick resolved without the list of effects; without Jokers the
        short path of ``resolve_plain`` (in :mod:`counter_rules.rulesets.plain_tricks`)."""
        if self.jokers == "none":
            return _resolve_simple(plays, trump, trump_card, last_trick)
        return super().resolve_fast(plays, trump, doubled_lead, last_trick, trump_card)

    # -- scoring and the end --------------------------------------------------
    def score_hand(self, state: GameState) -> tuple[int, ...]:
        """Every seat's points by :attr:`scoring`."""
        cards = state.cards_dealt
        scheme = self.scoring
        if scheme == "tricks_plus_ten":
            # The engine's common case: the bids are known to be valid.
            bids = cast("tuple[int, ...]", state.bids)
            return tuple(map(up_and_down.points, bids, state.tricks_won, state.blind))
        points = []
        for seat, won in enumerate(state.tricks_won):
            bid = state.bids[seat]
            assert bid is not None
            if scheme == "tricks_plus_ten":
                points.append(up_and_down.score(bid, won, blind=state.blind[seat]))
            elif scheme == "blackout":
                points.append(blackout_scoring.score(bid, won, cards=cards))
            elif scheme == "ten_plus_bid":
                points.append(ten_plus_bid.score(bid, won))
            elif scheme == "ten_times_bid":
                points.append(ten_times_bid.score(bid, won, cards=cards))
            else:
                points.append(
                    office_scoring.score(bid, won, cards=cards, english=scheme == "english")
                )
        return tuple(points)

    def is_game_over(self, history: Sequence[HandResult]) -> bool:
        """After the schedule; a cooperative team loses at its first failed deal;
        with :attr:`playoff`, not while two or more share the top score."""
        last = history[-1]
        if self.cooperative and last.bids != last.tricks_won:
            return True
        if len(history) < len(self._sizes):
            return False
        if self.playoff:
            top = max(last.scores)
            return last.scores.count(top) == 1
        return True

    def winners(self, state: GameState) -> tuple[int, ...]:
        """The top scores; a cooperative team wins together or not at all."""
        if self.cooperative:
            made = all(h.bids == h.tricks_won for h in state.history)
            return tuple(range(self.players)) if made else ()
        return super().winners(state)


_RANGES = [tuple(range(n + 1)) for n in range(64)]


def _cards(n: int, noun: str = "card") -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
