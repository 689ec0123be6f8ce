"""Counter at the table: which cards may be played, and how a trick is resolved.

This module puts the card powers of :mod:`counter_rules.effects` together in
the order the rules fix; the powers themselves are stated only in their
modules. Every caller goes through here: the engine after each trick (without
explanations), :func:`~counter_rules.resolve_trick` and
:func:`~counter_rules.explain_trick` (with them), the legal moves, the bots and
the adapters.

The order of a trick's resolution:

1. Fours get their buffs; a led Two makes trumps the led suit; off-suit Tens
   join the led suit at 15; a led King picks the trick's trump; Eights take the
   led suit; Twos and cards of the trick trump are trumps.
2. Values: Ace, Five, Queen, Three, Nine, then the Six's doubled lead.
3. Winner: a surviving victor Four; else, leaving out void Fours and with the
   Sevens choosing lowest or highest, the best trump or the best card of the
   led suit, the earliest of tied cards first; else nobody.
4. After the trick: the Six's lead, the Jacks onto the stock, the Five's pass.

A power's step runs only when its rank is in the trick, and an explanation is
formatted only when one is asked for: the engine's resolution costs no more
than the powers it needs.

Example:
    >>> from counter_rules import PlayedCard, Suit, cards
    >>> from counter_rules.rulesets.counter_tricks import resolve
    >>> trick = tuple(PlayedCard(s, c) for s, c in enumerate(cards("5S 6S 3S QS")))
    >>> result = resolve(trick, Suit.HEARTS, False, False, False, None)
    >>> result.winner, result.half_values, result.effects
    (2, (22, 0, 36, 0), ())
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Final

from counter_rules.cards import RANK_OF_KEY, SUIT_OF_KEY, Card, Rank, Suit
from counter_rules.effects import (
    ace,
    eight,
    five,
    four,
    jack,
    king,
    nine,
    queen,
    seven,
    six,
    ten,
    three,
    two,
)
from counter_rules.effects.base import TrickWork, fmt_half, rank_bit
from counter_rules.fast_values import make_result, plays_of
from counter_rules.moves import Play, PlayTable, reveal_play
from counter_rules.per_ruleset import PerRuleset
from counter_rules.play_rules import (
    TRUMPS_BY_CODE,
    AskedRules,
    Outcome,
    PlayRules,
    PlayTables,
    play_rules_of,
)
from counter_rules.position import Position
from counter_rules.trick import PlayedCard, TrickResult

__all__ = [
    "CounterPlayRules",
    "legal_plays",
    "outcome",
    "play_problem",
    "play_tables",
    "resolve",
    "suit_to_follow",
]

# Alike on purpose: a line a rank here (each a C static once compiled), and a
# step a rank in resolve below, in the order the rules give.
# The bit of each rank in TrickWork.present.
_ACE: Final = rank_bit(Rank.ACE)
_TWO: Final = rank_bit(Rank.TWO)
_THREE: Final = rank_bit(Rank.THREE)
_FOUR: Final = rank_bit(Rank.FOUR)
_FIVE: Final = rank_bit(Rank.FIVE)
_SIX: Final = rank_bit(Rank.SIX)
_SEVEN: Final = rank_bit(Rank.SEVEN)
_EIGHT: Final = rank_bit(Rank.EIGHT)
_NINE: Final = rank_bit(Rank.NINE)
_TEN: Final = rank_bit(Rank.TEN)
_JACK: Final = rank_bit(Rank.JACK)
_QUEEN: Final = rank_bit(Rank.QUEEN)
_KING: Final = rank_bit(Rank.KING)
_SUIT_OF: Final[tuple[Suit | None, ...]] = SUIT_OF_KEY
_RANK_OF: Final[tuple[Rank | None, ...]] = RANK_OF_KEY
_TWO_RANK: Final = Rank.TWO
_FOUR_RANK: Final = Rank.FOUR
# Records of tricks resolved, kept for the next trick (TrickWork.start): a
# resolution takes one and gives it back, so that each trick does not
# allocate a record and its three lists. A record never leaves a resolution
# (its result copies what it reads), and list.pop and list.append take one
# record for one caller at a time, whatever the threads. The list starts
# full: a list that a pop empties frees its array and the next append
# allocates it again, two reallocations a trick.
_MOST_SPARE: Final = 8
_SPARE: Final[list[TrickWork]] = [TrickWork() for _ in range(_MOST_SPARE)]


def _record(
    plays: tuple[PlayedCard, ...],
    trump: Suit | None,
    doubled_lead: bool,
    last_trick: bool,
    explain: bool,
    keys: tuple[int, ...] | None,
) -> TrickWork:
    """A record of the trick, started: a kept one where there is one."""
    try:
        work = _SPARE.pop()
    except IndexError:
        work = TrickWork()
    work.start(plays, trump, doubled_lead, last_trick, explain, keys)
    return work


def _keep(work: TrickWork) -> None:
    """Give a record back for the next trick."""
    if len(_SPARE) < _MOST_SPARE:
        _SPARE.append(work)


def resolve(
    plays: tuple[PlayedCard, ...],
    trump: Suit | None,
    doubled_lead: bool,
    last_trick: bool,
    explain: bool,
    trump_card: Card | None,
) -> TrickResult:
    """Resolve a complete trick (checked by the caller) by Counter's rules.

    With ``explain`` the result lists every effect that applied, in order;
    without, its ``effects`` are empty and nothing is formatted.
    """
    work = _record(plays, trump, doubled_lead, last_trick, explain, None)
    _run_steps(work)
    # The record's lists are longer than the trick only after a longer one.
    half = work.half
    result = make_result(
        plays,
        work.winner_seat,
        work.winner_index,
        tuple(half) if len(half) == work.n else tuple(half[: work.n]),
        work.trick_trump,
        work.led_suit,
        work.leads_next(),
        work.next_trump,
        work.pass_cards,
        work.double_next,
        work.jacks,
        () if work.effects is None else tuple(work.effects),
        trump,
        doubled_lead,
        last_trick,
        trump_card,
    )
    _keep(work)
    return result


def outcome(
    plays: tuple[PlayedCard, ...],
    trump: Suit | None,
    doubled_lead: bool,
    last_trick: bool,
    keys: tuple[int, ...] | None = None,
) -> Outcome:
    """What a complete trick (checked by the caller) changes for the play to
    go on, by Counter's rules (see :meth:`PlayRules.outcome
    <counter_rules.play_rules.PlayRules.outcome>`): :func:`resolve`'s steps
    without its result. ``keys`` are the cards' keys where the caller has
    them."""
    work = _record(plays, trump, doubled_lead, last_trick, False, keys)
    _run_steps(work)
    answer = (
        work.winner_seat,
        work.leads_next(),
        work.next_trump,
        work.double_next,
        work.pass_cards,
        work.jacks,
    )
    _keep(work)
    return answer


def _run_steps(work: TrickWork) -> None:
    """Take a complete trick's scratch record through every step of the
    rules, in order."""
    if work.explain:
        trump = work.trump
        work.note("trump", f"trump is {trump if trump is not None else 'none'}")
    present = work.present
    # 1. Buffs, suits and trumps.
    if present & _FOUR:
        four.apply(work)
    if present & _TWO:
        two.apply(work)
    if present & _TEN:
        ten.apply(work)
    if present & _KING:
        king.apply(work)
    if present & _EIGHT:
        eight.apply(work)
    two.mark_trumps(work)
    # 2. Values.
    if present & _ACE:
        ace.apply(work)
    if present & _FIVE:
        five.apply(work)
    if present & _QUEEN:
        queen.apply(work)
    if present & _THREE:
        three.apply(work)
    if present & _NINE:
        nine.apply(work)
    if work.doubled_lead:
        six.double_lead(work)
    # 3. The winner.
    _pick_winner(work, present)
    # 4. After the trick.
    if present & _SIX:
        six.after_trick(work)
    if present & _JACK:
        jack.after_trick(work)
    if present & _FIVE:
        five.after_trick(work)


def _pick_winner(work: TrickWork, present: int) -> None:
    if present & _FOUR:
        victor = four.victor_index(work)
        if victor is not None:
            work.win(victor)
            return
    if present & _SEVEN:
        seven.apply(work)
    # One pass for both pools: the best trump, else the best card of the led
    # suit; void Fours are left out, and the earliest of tied cards wins.
    voids = work.voids
    trumps = work.trumps
    suits = work.suits
    half = work.half
    led = work.led_suit
    lowest = work.lowest_wins
    best_trump = best_led = -1
    for i in range(work.n):
        if voids >> i & 1:
            continue
        value = half[i]
        if trumps >> i & 1:
            if best_trump < 0 or (value < half[best_trump] if lowest else value > half[best_trump]):
                best_trump = i
        elif suits[i] is led and (
            best_led < 0 or (value < half[best_led] if lowest else value > half[best_led])
        ):
            best_led = i
    trump_wins = best_trump >= 0
    best = best_trump if trump_wins else best_led
    if best < 0:
        if work.explain:
            work.note(
                "no-winner",
                f"no card can win: nobody takes the trick and seat {work.seat(0)} leads again",
            )
        return
    work.win(best)
    if work.explain:
        kind = "trump" if trump_wins else f"card of the led suit {led}"
        which = "lowest" if lowest else "highest"
        tied = sum(
            1
            for i in range(work.n)
            if not voids >> i & 1
            and half[i] == half[best]
            and (trumps >> i & 1 if trump_wins else suits[i] is led)
        )
        tie = " (the earliest of the tied cards)" if tied > 1 else ""
        work.note(
            "winner",
            f"{work.label(best)} wins: the {which} {kind}, worth {fmt_half(half[best])}{tie}",
            None,
            best,
        )


# -- which cards may be played ------------------------------------------------
def _must_follow(suited: list[Card]) -> bool:
    """Whether a player holding ``suited`` of the suit to follow must play one
    of them: the follow rule, with the Eight's exemption."""
    return bool(suited) and not eight.exempts(suited)


def legal_plays(
    table: PlayTable,
    hand: tuple[Card, ...],
    trick: tuple[PlayedCard, ...],
    trump: Suit | None,
    seat: int,
) -> tuple[Play, ...]:
    """Every legal play of ``seat`` (whose shared plays are ``table``): the
    playable cards, then each playable Four shown with another Four."""
    follow = two.suit_to_follow(trick[0].card, trump) if trick else None
    # One pass reading each card's key once; suits and ranks come from tables
    # by key. It sorts out every play, those of the suit to follow, and the Fours.
    suit_of = _SUIT_OF
    rank_of = _RANK_OF
    every: list[Play] = []
    suited_plays: list[Play] = []
    suited: list[Card] = []
    fours: list[Card] = []
    for card in hand:
        key = card._key
        play = table[key]
        if play is None:
            return tuple(plays_of(table, hand))  # raises: a card outside the deck
        every.append(play)
        if follow is not None and suit_of[key] is follow:
            suited_plays.append(play)
            suited.append(card)
        if rank_of[key] is _FOUR_RANK:
            fours.append(card)
    playable: Sequence[Card]
    if _must_follow(suited):
        moves, playable = suited_plays, suited
    else:
        moves, playable = every, hand
    if fours:
        for card, shown in four.showings(playable, fours):
            moves.append(reveal_play(seat, card, shown))
    return tuple(moves)


def play_problem(
    seat: int,
    hand: Sequence[Card],
    trick: Sequence[PlayedCard],
    trump: Suit | None,
    card: Card,
    shown: Card | None,
    call: str | None = None,
) -> str | None:
    """Why ``seat`` may not play ``card`` (showing ``shown``, with the Joker's
    ``call``) from ``hand``, in a player's words, or ``None`` when the play is
    legal: Counter's one decider for plays, against which the tests check
    :func:`legal_plays`."""
    if card not in hand:
        return f"seat {seat} does not hold {card}"
    if call is not None:
        return (
            "only a Joker takes a call, and Counter plays without Jokers: "
            f"got {card} called {call!r}"
        )
    if shown is not None:
        problem = four.why_not_shown(card, shown, hand)
        if problem is not None:
            return problem
    follow = two.suit_to_follow(trick[0].card, trump) if trick else None
    suited = [c for c in hand if c.suit is follow]
    if not _must_follow(suited) or any(card == c for c in suited):
        return None
    held = " ".join(str(c) for c in suited)
    why = " (a Two was led, so trumps are led)" if trick[0].card.rank is _TWO_RANK else ""
    return f"seat {seat} must follow {follow}{why}: holds {held}"


def suit_to_follow(before: Sequence[PlayedCard], trump: Suit | None) -> Suit | None:
    """The suit followers of the trick so far must play (``None`` for the leader)."""
    return two.suit_to_follow(before[0].card, trump) if before else None


def play_tables(cards: tuple[Card, ...]) -> PlayTables | None:
    """The follow rule of :func:`legal_plays` over a deck's bits (``cards[i]``
    for bit ``i``) as :class:`~counter_rules.play_rules.PlayTables`, built by
    asking the rule's own functions (:func:`~counter_rules.effects.two.suit_to_follow`,
    the Eight's exemption, :func:`~counter_rules.effects.four.showings`) about
    every led card, trump, holding of a suit and pair of Fours; ``None`` for a
    deck of more than 64 cards or more than 16 of a suit.

    Example:
        >>> from counter_rules import Counter
        >>> from counter_rules.rulesets.counter_tricks import play_tables
        >>> deck = Counter().play_rules().cards
        >>> tables = play_tables(deck)
        >>> [str(deck[mask.bit_length() - 1]) for (mask,) in tables.exempt]  # a lone Eight
        ['8♣', '8♦', '8♥', '8♠']
        >>> [str(deck[bit]) for bit in tables.shown]
        ['4♣', '4♦', '4♥', '4♠']
    """
    n = len(cards)
    if n > 64:
        return None
    by_suit: dict[Suit | None, int] = {}
    for bit, card in enumerate(cards):
        by_suit[card.suit] = by_suit.get(card.suit, 0) | 1 << bit
    masks: list[int] = []
    index = bytearray()
    for trump in TRUMPS_BY_CODE:
        for card in cards:
            mask = by_suit[two.suit_to_follow(card, trump)]
            if mask not in masks:
                masks.append(mask)
            index.append(masks.index(mask))
    exempt: list[tuple[int, ...]] = []
    for mask in masks:
        bits = [bit for bit in range(n) if mask >> bit & 1]
        if len(bits) > 16:
            return None
        freed: list[int] = []
        for subset in range(1, 1 << len(bits)):
            holding = [bits[k] for k in range(len(bits)) if subset >> k & 1]
            if not _must_follow([cards[bit] for bit in holding]):
                freed.append(sum(1 << bit for bit in holding))
        exempt.append(tuple(freed))
    shown = [bit for bit, card in enumerate(cards) if card.rank is _FOUR_RANK]
    if len(shown) > 4:
        return None
    showings: list[bytes] = []
    for playable in range(16):
        for held in range(16):
            pairs = bytearray()
            if playable & ~held == 0 and held < 1 << len(shown):
                fours = [cards[bit] for k, bit in enumerate(shown) if held >> k & 1]
                may = [cards[bit] for k, bit in enumerate(shown) if playable >> k & 1]
                for card, other in four.showings(may, fours):
                    pairs += bytes([cards.index(card), cards.index(other)])
            showings.append(bytes(pairs))
    return PlayTables(bytes(index), tuple(masks), tuple(exempt), bytes(shown), tuple(showings))


def _tables_of(rules: AskedRules) -> PlayTables | None:
    return play_tables(play_rules_of(rules).cards)


_TABLES: Final = PerRuleset(_tables_of)


class CounterPlayRules(PlayRules):
    """Counter's play for the engine and the search board: the plays by
    :func:`legal_plays` and the tricks by :func:`resolve`, each while the
    ruleset's class keeps the method it stands for (the ``plays`` and
    ``tricks`` arguments of :class:`~counter_rules.play_rules.PlayRules`);
    otherwise the ruleset's method is asked.

    The overrides repeat the base class's signatures, as overrides must; each
    is a call on the engine's hot path, so none goes through another method.
    """

    # Alike on purpose: the signature of PlayRules.__init__, which each subclass
    # that sets what its compiled statement allows repeats.
    def __init__(
        self,
        rules: AskedRules,
        context: Callable[[Position], Hashable] | None = None,
        plays: bool = False,
        tricks: bool = False,
    ) -> None:
        """As :class:`~counter_rules.play_rules.PlayRules`; Counter's tricks
        read the suits only by their pattern (which cards share a suit, which
        are trumps, which suit a Jack makes trump), the seats only by the
        order of play, and no trump card, so
        :attr:`~counter_rules.play_rules.PlayRules.pattern_tricks` holds and
        :attr:`~counter_rules.play_rules.PlayRules.trump_card_read` does not
        while :func:`resolve` states them."""
        super().__init__(rules, context, plays, tricks)
        self.pattern_tricks = tricks
        self.trump_card_read = not tricks

    # Alike on purpose: the overrides repeat the signatures of PlayRules.plays_from,
    # resolve, outcome, keyed_outcome and winner.
    def plays_from(
        self,
        hand: tuple[Card, ...],
        trick: tuple[PlayedCard, ...],
        trump: Suit | None,
        seat: int,
    ) -> tuple[Play, ...] | None:
        """By :func:`legal_plays` (which reads the hand, the led card and trump)."""
        if not self.local:
            return None
        return legal_plays(self.tables[seat], hand, trick, trump, seat)

    def play_tables(self) -> PlayTables | None:
        """:func:`play_tables` of the deck, built once per ruleset, while the
        plays are :func:`legal_plays`."""
        if not self.local:
            return None
        return _TABLES(self.asked)

    def resolve(
        self,
        trick: tuple[PlayedCard, ...],
        trump: Suit | None,
        doubled_lead: bool,
        last_trick: bool,
        trump_card: Card | None,
    ) -> TrickResult:
        """By :func:`resolve`, without explanations."""
        if not self.fast_tricks:
            return PlayRules.resolve(self, trick, trump, doubled_lead, last_trick, trump_card)
        return resolve(trick, trump, doubled_lead, last_trick, False, trump_card)

    def outcome(
        self,
        trick: tuple[PlayedCard, ...],
        trump: Suit | None,
        doubled_lead: bool,
        last_trick: bool,
        trump_card: Card | None,
    ) -> Outcome:
        """By :func:`outcome` (Counter's tricks read no trump card)."""
        if not self.fast_tricks:
            return PlayRules.outcome(self, trick, trump, doubled_lead, last_trick, trump_card)
        return outcome(trick, trump, doubled_lead, last_trick)

    def keyed_outcome(
        self,
        trick: tuple[PlayedCard, ...],
        trump: Suit | None,
        doubled_lead: bool,
        last_trick: bool,
        trump_card: Card | None,
        keys: tuple[int, ...],
    ) -> Outcome:
        """By :func:`outcome`, with the cards' keys as given."""
        if not self.fast_tricks:
            return PlayRules.keyed_outcome(
                self, trick, trump, doubled_lead, last_trick, trump_card, keys
            )
        return outcome(trick, trump, doubled_lead, last_trick, keys)
