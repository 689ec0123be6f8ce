"""Determinization: :func:`sample_world` deals the cards a player cannot see.

Information-set search (IS-MCTS and friends) needs complete states that agree
with what one player knows. :func:`sample_world` takes a
:class:`~counter_rules.PlayerView` and returns a :class:`~counter_rules.GameState`
in which

- the seat's own cards, every card played, the face-up cards on the stock and
  all public facts are as in the view;
- the unseen cards are dealt to the other seats and to the face-down stock with
  the right counts;
- every void the play revealed holds, under the ruleset's follow rule (Counter's
  Eight exemption, Twos following as their printed suit, led Twos asking for
  trumps; bowers, the left bower a trump under the hand's trump; must-trump;
  Jokers that may be played at any time reveal nothing; Atkinson Jokers led
  only from a hand of Jokers);
- in Counter, a Four shown with a played Four stays with its owner until an
  exchange could have moved it, and the card the seat passed is with its left
  neighbour until the next exchange; a void found before an exchange allows
  one more card of that suit per exchange since (the card the player may have
  received), except for the left neighbour, whose received card is the one
  this seat passed;
- hidden simultaneous choices already made by others (bids, passes) are drawn
  at random among the legal ones.

Every deal that satisfies these constraints is equally likely: the sampler
counts the deals (by suit and by groups of seats with the same voids) and
draws one, at a cost bounded by the hand sizes rather than by luck; rejection
tries may come first (``max_tries``). What it does not model: in Counter,
beyond the bounds above, which cards other players may have passed among
themselves (a perfect reasoner could sometimes rule out more deals), and no
sampler here weighs deals by how likely the other players' past decisions made
them (that is a matter of opponent modelling, not of the rules).

Example:
    >>> import random
    >>> from counter_rules import Counter, new_game, sample_world, view
    >>> state = new_game(Counter(), seed=11)
    >>> world = sample_world(view(state, 0), random.Random(1))
    >>> world.hands[0] == state.hands[0], view(world, 0) == view(state, 0)
    (True, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from counter_rules._deal_sampler import DealPlan
from counter_rules.argument_checks import shown
from counter_rules.cards import Card, Suit
from counter_rules.deal import Deal
from counter_rules.dealing import shuffled, sort_hand
from counter_rules.engine.transitions import listed
from counter_rules.errors import InvalidArgumentError
from counter_rules.phase import Phase
from counter_rules.play_rules import play_rules_of
from counter_rules.rulesets.base import Ruleset
from counter_rules.state import GameState
from counter_rules.state_checks import check_view
from counter_rules.trick import PlayedCard
from counter_rules.views import PlayerView

__all__ = ["sample_world"]

_STOCK = -1
# A suit key: a Suit, or None for the Jokers' suit.
_SuitKey = Suit | None
# Rejection attempts before the exact sampler (see sample_world).
_MAX_TRIES = 0
# Seeds tried for a first-hand world whose ruleset draws trump from the seed,
# and the seed found for each (ruleset, trump card).
_SEED_TRIES = 2000
_TRUMP_SEEDS: dict[tuple[Ruleset, Card | None], int] = {}


class _Knowledge:
    """What one seat's view implies about the hidden cards."""

    def __init__(self, pv: PlayerView) -> None:
        self.pv = pv
        self.me = pv.seat
        # Who receives the card this seat passes: the rules of the play say.
        self.receiver = play_rules_of(pv.rules).receiver(pv.seat)
        self.players = pv.players
        self.bounds: dict[tuple[int, _SuitKey], int] = {}
        self.pins: dict[Card, int] = {}
        visible = {self.me} if pv.hand is not None else set()
        visible |= {s for s, h in enumerate(pv.others) if h is not None}
        self.visible = visible
        self._infer()

    def counts(self, card: Card, key: _SuitKey) -> bool:
        """Whether ``card`` counts toward a bound on suit ``key``, by the
        ruleset under the hand's trump (Counter's Eight of the suit is exempt
        from voids; under bowers the left bower counts toward trump)."""
        return self.pv.rules.information.counts_toward_void(card, key, self.pv.trump)

    def _void(self, seat: int, key: _SuitKey) -> None:
        if seat not in self.visible:
            self.bounds[(seat, key)] = 0

    def _played(self, seat: int, card: Card) -> None:
        # A played card uses up the bound of the suit it counts toward (by
        # the ruleset: under bowers the left bower's is trump's).
        for (bounded, key), limit in self.bounds.items():
            if bounded == seat and self.counts(card, key):
                self.bounds[(bounded, key)] = max(0, limit - 1)

    def _trick(self, plays: Sequence[PlayedCard], trump: Suit | None, earlier: int) -> None:
        # The ruleset says what each play shows (its follow rule, written once).
        rules = self.pv.rules
        for j, played in enumerate(plays):
            seat = played.seat
            self._played(seat, played.card)
            if seat in self.visible:
                continue
            for key in rules.information.voids_shown(plays[:j], played, trump, earlier):
                self._void(seat, key)

    def _exchange(self, index: int) -> None:
        # Each seat may have received one card of any suit; but the left
        # neighbour received the card this seat passed, which is known.
        left = self.receiver
        passed = self.pv.my_exchanges[index][0]
        for seat, key in self.bounds:
            if seat == left and passed is not None:
                if self.counts(passed, key):
                    self.bounds[(seat, key)] += 1
            else:
                self.bounds[(seat, key)] += 1

    def _infer(self) -> None:
        pv = self.pv
        exchanges_done = 0
        reveals: list[tuple[PlayedCard, int]] = []
        trumps_seen = 0
        for trick in pv.tricks:
            self._trick(trick.plays, trick.trump, trumps_seen)
            trumps_seen += sum(1 for p in trick.plays if p.card.suit is trick.trump)
            reveals += [(p, exchanges_done) for p in trick.plays if p.reveal is not None]
            if trick.pass_cards and exchanges_done < len(pv.my_exchanges):
                self._exchange(exchanges_done)
                exchanges_done += 1
        self._trick(pv.trick, pv.trump, trumps_seen)
        reveals += [(p, exchanges_done) for p in pv.trick if p.reveal is not None]
        played = {p.card for t in pv.tricks for p in t.plays} | {p.card for p in pv.trick}
        for p, exchanges_before in reveals:
            if exchanges_before == exchanges_done and p.reveal not in played:
                assert p.reveal is not None
                self.pins[p.reveal] = p.seat
        if pv.my_exchanges:
            passed, _ = pv.my_exchanges[-1]
            if passed is not None and passed not in played:
                self.pins[passed] = self.receiver
        self.pins = {c: s for c, s in self.pins.items() if s not in self.visible}


def _seen_cards(pv: PlayerView) -> set[Card]:
    seen: set[Card] = set(pv.hand or ())
    for hand in pv.others:
        seen.update(hand or ())
    seen.update(pv.face_up)
    for trick in pv.tricks:
        seen.update(p.card for p in trick.plays)
    seen.update(p.card for p in pv.trick)
    return seen


def _satisfies(know: _Knowledge, seat: int, cards: Sequence[Card]) -> bool:
    for (bounded, key), limit in know.bounds.items():
        if bounded == seat and sum(1 for c in cards if know.counts(c, key)) > limit:
            return False
    return True


class _Hidden:
    """What one view leaves to draw: the hidden places (seats, then the stock)
    with their room, the pinned cards, the free cards, and the bounds; the
    exact sampler's plan is counted the first time it is needed."""

    def __init__(self, pv: PlayerView) -> None:
        know = self.know = _Knowledge(pv)
        seen = _seen_cards(pv)
        unseen = [c for c in pv.rules.deck() if c not in seen]
        targets = [(s, pv.hand_sizes[s]) for s in range(pv.players) if s not in know.visible]
        targets.append((_STOCK, pv.stock_size - len(pv.face_up)))
        if sum(cap for _, cap in targets) != len(unseen):
            raise InvalidArgumentError(
                f"the view is inconsistent: {len(unseen)} unseen cards for "
                f"{sum(cap for _, cap in targets)} hidden places"
            )
        self.pinned: dict[int, list[Card]] = {t: [] for t, _ in targets}
        for card, seat in know.pins.items():
            self.pinned[seat].append(card)
        self.free = [c for c in unseen if c not in know.pins]
        self.slots = [(t, cap - len(self.pinned[t])) for t, cap in targets]
        self.bounded = [t for t, _ in targets if any(s == t for s, _ in know.bounds)]
        if any(room < 0 for _, room in self.slots):
            raise InvalidArgumentError("no deal of the unseen cards is consistent with this view")
        self.plan: tuple[DealPlan, list[list[Card]]] | None = None

    def attempt(self, rng: random.Random) -> dict[int, list[Card]] | None:
        """One rejection try: a shuffled deal, if it keeps every bound."""
        order = shuffled(self.free, rng)
        fill: dict[int, list[Card]] = {}
        at = 0
        for t, n in self.slots:
            fill[t] = self.pinned[t] + order[at : at + n]
            at += n
        know = self.know
        if all(_satisfies(know, t, fill[t]) for t in self.bounded):
            return fill
        return None

    def exact(self, rng: random.Random) -> dict[int, list[Card]]:
        """Uniform over every filling of the hidden places that keeps the
        bounds, counted and drawn by :class:`~counter_rules._deal_sampler.DealPlan`."""
        if self.plan is None:
            self.plan = self._count()
        plan, classes = self.plan
        if not plan.total:
            raise InvalidArgumentError("no deal of the unseen cards is consistent with this view")
        # The face-down stock's order is uniform too (hands are sorted anyway).
        hands = plan.draw(classes, rng, ordered=len(self.slots) - 1)
        pinned = self.pinned
        return {t: pinned[t] + hand for (t, _), hand in zip(self.slots, hands, strict=True)}

    def _count(self) -> tuple[DealPlan, list[list[Card]]]:
        know = self.know
        keys: list[_SuitKey] = sorted(
            {k for (_, k) in know.bounds}, key=lambda k: -1 if k is None else k.value
        )
        # One class per bounded suit (the cards that count toward its bounds),
        # and one for every other card.
        classes: list[list[Card]] = [[] for _ in range(len(keys) + 1)]
        for card in self.free:
            for k, key in enumerate(keys):
                if know.counts(card, key):
                    classes[k].append(card)
                    break
            else:
                classes[-1].append(card)
        places: list[tuple[int, list[int | None]]] = []
        for target, room in self.slots:
            limits: list[int | None] = []
            for key in keys:
                bound = know.bounds.get((target, key))
                if bound is not None:
                    # A pinned card of the suit uses up part of the bound.
                    bound -= sum(1 for card in self.pinned[target] if know.counts(card, key))
                limits.append(bound)
            places.append((room, [*limits, None]))
        return DealPlan([len(c) for c in classes], places), classes


# The last views sampled, by identity (a bot samples one view many times): the
# view itself is kept, so its id is not reused while its entry lives.
_RECENT: dict[int, tuple[PlayerView, _Hidden]] = {}


def _hidden(pv: PlayerView) -> _Hidden:
    entry = _RECENT.get(id(pv))
    if entry is not None and entry[0] is pv:
        return entry[1]
    check_view(pv)  # once per view object: a view changed by hand is refused here
    hidden = _Hidden(pv)
    if len(_RECENT) >= 8:
        _RECENT.clear()
    _RECENT[id(pv)] = (pv, hidden)
    return hidden


def sample_world(
    player_view: PlayerView,
    rng: random.Random,
    *,
    max_tries: int = _MAX_TRIES,
    recordable: bool = True,
) -> GameState:
    """A complete state consistent with ``player_view``, the unseen cards drawn
    uniformly among the deals that agree with everything the view shows.

    The world is a function of the view and ``rng`` alone. Its seed is
    drawn from ``rng`` too, so later hands are dealt afresh (except in the
    first hand of a game whose trump card is drawn from the seed, a second
    deck's: there the seed is the first from 0 up that draws the world's
    trump).

    Saving a world: in the first hand, the world carries the deal it started
    from (:attr:`~counter_rules.GameState.first_deal`: the hands now plus the
    cards played, the stock without Counter's Jacks), with a seed that gives
    its trump, so :func:`~counter_rules.state_to_json` writes a record that
    reloads to an equal state. A record cannot express the others: after a
    Counter exchange the others' passes are not known, and in a later hand
    the earlier hands' deals would have to come from the seed, which did not
    deal them; saving such a world raises a library error instead.

    Args:
        player_view: What one seat knows (:func:`counter_rules.view`).
        rng: The source of randomness.
        max_tries: How many rejection tries (shuffle the unseen cards, deal
            them out, keep the deal if it meets every constraint) come before
            the exact sampler counts the consistent deals and draws one; ``0``
            (the default) goes to the exact sampler at once. Both draw
            uniformly from the same deals; ``max_tries`` changes the speed
            and which world a given ``rng`` gives, never the distribution.
            The count is kept for the last few view objects sampled, so a bot
            drawing many worlds from one view pays for it once.
        recordable: Whether a first-hand world carries the deal it started
            from (see "Saving a world" above). ``False`` skips finding that
            deal and a seed that draws the world's trump, which costs about as
            much as drawing the cards: the world then has no
            :attr:`~counter_rules.GameState.first_deal`, and saving it raises
            a library error. The bots pass ``False``: they play their worlds
            out and never save them. The same ``rng`` gives the same cards,
            moves and draws either way; only :attr:`~counter_rules.GameState.seed`
            may differ, in a first hand whose trump is drawn from the seed.

    Raises:
        InvalidArgumentError: ``player_view`` is not a view (or is one no
            game can show: a field changed by hand to an impossible value),
            ``rng`` is not a :class:`random.Random`, ``max_tries`` is not a
            whole number from 0 up, ``recordable`` is not a bool, or no deal
            fits the view.
    """
    if not isinstance(player_view, PlayerView):
        raise InvalidArgumentError(f"expected a PlayerView, got {shown(player_view)}")
    if not isinstance(rng, random.Random):
        raise InvalidArgumentError(f"rng must be a random.Random, got {shown(rng)}")
    if type(max_tries) is not int or max_tries < 0:
        raise InvalidArgumentError(
            f"max_tries must be an integer from 0 up, got {shown(max_tries)}"
        )
    if type(recordable) is not bool:
        raise InvalidArgumentError(f"recordable must be True or False, got {shown(recordable)}")
    hidden = _hidden(player_view)
    fill = None
    for _ in range(max_tries):
        fill = hidden.attempt(rng)
        if fill is not None:
            break
    if fill is None:
        fill = hidden.exact(rng)
    return _build(player_view, fill, rng, recordable)


def _opening(
    pv: PlayerView, hands: Sequence[tuple[Card, ...]], stock: tuple[Card, ...], rng: random.Random
) -> tuple[Deal | None, int]:
    """The deal a first-hand world started from, and a seed for the world.

    The hands then were the hands now plus the cards each seat has played; the
    stock was the stock now without the Jacks laid on it. The seed matters for
    a ruleset that draws the first hand's trump from it: it must draw the
    world's trump card (``None`` as the deal if no seed is found, which leaves
    the world unrecordable).
    """
    played: list[list[Card]] = [[] for _ in hands]
    for plays in (*(t.plays for t in pv.tricks), pv.trick):
        for p in plays:
            played[p.seat].append(p.card)
    jacks = sum(len(t.jacks) for t in pv.tricks)
    # The cards of a checked view and of the deck's unseen rest, each once.
    deal = Deal.of_cards(
        tuple([sort_hand((*hand, *cards)) for hand, cards in zip(hands, played, strict=True)]),
        stock[jacks:],
    )
    rules, want = pv.rules, pv.trump_card
    seed = rng.getrandbits(63)
    # Jacks laid on the stock hide the first trump card, which the deal's own
    # top card gives back whatever the seed.
    if jacks or rules.trump_for(1, deal.stock, seed)[1] == want:
        return deal, seed
    known = _TRUMP_SEEDS.get((rules, want))
    if known is not None and rules.check_deal(deal, known, 1).trump_card == want:
        return deal, known
    # The full check of the deal knows hands the ruleset plays without trump.
    if rules.check_deal(deal, seed, 1).trump_card == want:
        return deal, seed
    # The trump is drawn from the seed (a second deck's card): the first seed
    # from 0 up that draws it, the same for every world (so that the world
    # depends only on the view and rng), found once.
    for candidate in range(_SEED_TRIES):
        if (
            rules.trump_for(1, deal.stock, candidate)[1] == want
            and rules.check_deal(deal, candidate, 1).trump_card == want
        ):
            if len(_TRUMP_SEEDS) >= 4096:
                _TRUMP_SEEDS.clear()
            _TRUMP_SEEDS[rules, want] = candidate
            return deal, candidate
    return None, seed


def _build(
    pv: PlayerView, fill: dict[int, list[Card]], rng: random.Random, recordable: bool
) -> GameState:
    players = pv.players
    hands: list[tuple[Card, ...]] = []
    for s in range(players):
        if s == pv.seat and pv.hand is not None:
            hands.append(pv.hand)
        elif pv.others[s] is not None:
            hand = pv.others[s]
            assert hand is not None
            hands.append(hand)
        else:
            hands.append(sort_hand(fill[s]))
    stock = (*pv.face_up, *fill[_STOCK])
    bids = list(pv.bids)
    if pv.phase is Phase.BIDDING and pv.rules.simultaneous_bidding:
        for s in range(players):
            if s != pv.seat and s not in pv.to_act and bids[s] is None:
                bids[s] = rng.randint(0, pv.cards_dealt)
    pending: list[Card | None] = [None] * players
    if pv.phase is Phase.PASSING:
        for s in range(players):
            if s == pv.seat:
                pending[s] = pv.my_pass
            elif s not in pv.to_act:
                pending[s] = rng.choice(hands[s])
    me = pv.seat
    exchanges = []
    for passed, received in pv.my_exchanges:
        entry: list[Card | None] = [None] * players
        entry[me] = passed
        entry[play_rules_of(pv.rules).giver(me)] = received
        exchanges.append(tuple(entry))
    first_deal: Deal | None = None
    if recordable and pv.hand_number == 1 and not pv.my_exchanges:
        # A first-hand world gets the deal it started from, so that a record
        # (seed, first deal, moves) replays to it; the others' passes are not
        # known, so a world after an exchange has none. The opening draws the
        # same one seed from rng as the line below.
        first_deal, seed = _opening(pv, hands, stock, rng)
    else:
        seed = rng.getrandbits(63)
    world = GameState(
        pv.rules,
        pv.phase,
        pv.hand_number,
        pv.dealer,
        tuple(hands),
        tuple(bids),
        pv.tricks_won,
        pv.trick,
        pv.leader,
        pv.trump,
        stock,
        pv.scores,
        pv.tricks,
        pv.to_act,
        pv.doubled_lead,
        tuple(pending),
        seed,
        pv.history,
        pv.cards_dealt,
        pv.trump_card,
        pv.blind,
        tuple(exchanges),
        first_deal,
    )
    # Handed over as the engine builds a state (its legal moves listed): a
    # world drawn from a checked view needs no check of a state built by hand.
    return listed(world)
