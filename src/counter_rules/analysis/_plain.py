"""The solver's fast search for plain Oh Hell (and so for bridge's card play).

It applies to the rulesets whose plays and tricks the engine runs by plain Oh
Hell's compiled path (their :meth:`Ruleset.shortcuts
<counter_rules.Ruleset.shortcuts>` say so), in the play of a hand. The position
is a few integers: each hand a bit mask over the deck, the cards of the
current trick, the leader. The rules are asked through the functions the
engine runs for those rulesets, and their answers are kept by a compact key:

- the legal plays come from
  :func:`~counter_rules.rulesets._shortcuts.plain_plays`, kept by the seat, its
  hand and the led card (the function follows the led card's suit and reads
  nothing else of the trick);
- the winner of a trick comes from
  :func:`~counter_rules.rulesets.plain_tricks.best_card` over the levels of
  :func:`~counter_rules.rulesets.plain_tricks.plain_level` and the values the
  engine's :func:`~counter_rules.rulesets.plain_tricks.resolve_suited` gives the
  cards. ``best_card`` takes the first card of the highest (level, value), so
  its answer for a trick is the answer of a pairwise fold; the search keeps,
  for every led suit and card, the set of cards ``best_card`` says beat it when
  played after it.

On that form it uses DDS's techniques:

- equivalent cards are one move: cards of one suit in one hand with no card
  between them (by that order) in another hand or in the trick;
- the transposition table is keyed by relative ranks: for each suit, who holds
  its remaining cards in order (with ties marked, for two decks), and the
  leader, so positions that differ only in which low cards are gone share an
  entry; it is looked up at the start of each trick and holds lower and upper
  bounds;
- quick tricks: a card of the leader that no card held by another seat beats
  is a sure trick, and the leader keeps the lead while cashing them, so the
  leader's side is sure of as many tricks as the leader holds such cards;
- move ordering: sure winners first, cheap winners next, low cards when the
  partner wins;
- the search asks "at least ``t`` tricks?" with a null window and finds the
  value by bisection, the table's bounds carried from one question to the next.

The module is plain typed Python, compiled with mypyc in the compiled build.
"""

from __future__ import annotations

from typing import Final

from counter_rules.cards import KEY_COUNT, SUIT_OF_KEY, Card, Suit
from counter_rules.moves import Play
from counter_rules.rulesets._shortcuts import SHORTCUT_PLAIN, plain_plays
from counter_rules.rulesets.base import Ruleset, tables_for
from counter_rules.rulesets.plain_tricks import best_card, plain_level, resolve_suited
from counter_rules.state import GameState, Phase
from counter_rules.trick import PlayedCard, played_card

__all__ = ["PlainSearch", "PlainTables", "plain_applies", "plain_tables"]

_PLAYING: Final = Phase.PLAYING
_BYTE: Final = 256
_SUITS: Final = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)


def plain_applies(state: GameState) -> bool:
    """Whether the fast search can analyse ``state``: the play of a ruleset
    whose plays and tricks the engine runs by plain Oh Hell's path."""
    if state.phase is not _PLAYING:
        return False
    shortcuts = state.rules.shortcuts()
    return shortcuts.plays == SHORTCUT_PLAIN and shortcuts.tricks == SHORTCUT_PLAIN


def _low_bit(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


class PlainTables:
    """What the fast search needs of one ruleset and one trump suit: the deck
    in its order, and the answers of the winner rule (built once, kept)."""

    def __init__(self, rules: Ruleset, trump: Suit | None) -> None:
        self.rules = rules
        self.trump = trump
        self.table = tables_for(rules).plays
        # The values the engine gives each card in a trick, from its own resolution.
        deck: tuple[Card, ...] = rules.deck()
        everyone = tuple([played_card(0, card) for card in deck])
        values = resolve_suited(everyone, trump, None, False).half_values
        # Deck places: by suit, then value, then key (so a suit's cards are a
        # run of bits, weakest first).
        order = sorted(
            range(len(deck)),
            key=lambda i: (_suit_number(deck[i]), values[i], deck[i]._key),
        )
        n = len(deck)
        self.n = n
        self.cards: list[Card] = [deck[i] for i in order]
        self.worth: list[int] = [values[i] for i in order]
        self.suit: list[int] = [_suit_number(card) for card in self.cards]
        self.index: list[int] = [-1] * KEY_COUNT
        for place, card in enumerate(self.cards):
            self.index[card._key] = place
        self.suit_mask: list[int] = [0, 0, 0, 0]
        for place in range(n):
            self.suit_mask[self.suit[place]] |= 1 << place
        # Ties (two decks): the first and last place of each card's value in its suit.
        self.tie_low: list[int] = list(range(n))
        self.tie_high: list[int] = list(range(n))
        for place in range(1, n):
            if self._tied(place - 1, place):
                self.tie_low[place] = self.tie_low[place - 1]
        for place in range(n - 2, -1, -1):
            if self._tied(place, place + 1):
                self.tie_high[place] = self.tie_high[place + 1]
        # beaters[led * n + a]: the cards that beat card a when played after
        # it in a trick led in suit led, by best_card.
        self.beaters: list[int] = [0] * (4 * n)
        worth = self.worth
        for led in range(4):
            levels = [plain_level(_SUITS[self.suit[p]], trump, _SUITS[led]) for p in range(n)]
            for a in range(n):
                mask = 0
                for b in range(n):
                    if b != a and best_card([levels[a], levels[b]], [worth[a], worth[b]]) == 1:
                        mask |= 1 << b
                self.beaters[led * n + a] = mask

    def _tied(self, a: int, b: int) -> bool:
        return self.suit[a] == self.suit[b] and self.worth[a] == self.worth[b]


_TABLES: Final[dict[tuple[int, int], tuple[Ruleset, PlainTables]]] = {}


def plain_tables(rules: Ruleset, trump: Suit | None) -> PlainTables:
    """The tables of ``rules`` and ``trump``, built once for the last few rulesets."""
    key = (id(rules), -1 if trump is None else trump.value)
    found = _TABLES.get(key)
    if found is not None and found[0] is rules:
        return found[1]
    if len(_TABLES) >= 32:
        _TABLES.clear()
    tables = PlainTables(rules, trump)
    _TABLES[key] = (rules, tables)
    return tables


class PlainSearch:
    """The fast search for one side (a bit set of seats), one ruleset and one
    trump suit; its tables hold for every position of such hands."""

    def __init__(self, state: GameState, side: int) -> None:
        rules: Ruleset = state.rules
        self.rules = rules
        self.side = side
        players = rules.players
        self.players = players
        tables = plain_tables(rules, state.trump)
        self.table = tables.table
        n = tables.n
        self.n = n
        self.cards = tables.cards
        self.worth = tables.worth
        self.suit = tables.suit
        self.index = tables.index
        self.suit_mask = tables.suit_mask
        self.tie_low = tables.tie_low
        self.tie_high = tables.tie_high
        self.beaters = tables.beaters
        code_bits = (2 * players + 3).bit_length()
        self.code_bits = code_bits
        # The follow rule's answers, by seat and led card (n for a lead), then hand.
        self.follow: list[dict[int, int]] = [{} for _ in range(players * (n + 1))]
        self.bounds: dict[int, int] = {}
        self.targets: dict[int, int] = {}
        self.best: dict[int, int] = {}
        # The position being searched.
        self.hands: list[int] = [0] * players
        self.owner: list[int] = [-1] * n
        # The cards of the trick being played, at ``base`` (each deeper trick
        # is written further on, so a trick's cards outlive the search below it).
        self.trick: list[int] = [0] * (players * (tables.n // players + 2))
        self.base = 0
        self.trick_mask = 0
        self.leader = 0
        self.left = 0
        self.exact = False
        self.nodes = 0

    # -- the position -------------------------------------------------------------
    def load(self, state: GameState) -> int:
        """Set the position to ``state``'s; return the winning place in the
        trick so far (0 when it is empty)."""
        index = self.index
        owner = self.owner
        for place in range(self.n):
            owner[place] = -1
        for seat, hand in enumerate(state.hands):
            mask = 0
            for card in hand:
                place = index[card._key]
                mask |= 1 << place
                owner[place] = seat
            self.hands[seat] = mask
        self.leader = state.leader
        self.trick_mask = 0
        self.base = 0
        win = 0
        trick = state.trick
        for i, played in enumerate(trick):
            place = index[played.card._key]
            self.trick[i] = place
            self.trick_mask |= 1 << place
            if i and self.beaters[self.suit[self.trick[0]] * self.n + self.trick[win]] >> place & 1:
                win = i
        mover = (state.leader + len(trick)) % self.players
        self.left = len(state.hands[mover])
        return win

    def _key(self) -> int:
        """The relative-rank key of the position at the start of a trick."""
        owner = self.owner
        worth = self.worth
        bits = self.code_bits
        remaining = 0
        for mask in self.hands:
            remaining |= mask
        key = 1
        for suit in range(4):
            cards = remaining & self.suit_mask[suit]
            previous = -1
            while cards:
                low = cards & -cards
                place = low.bit_length() - 1
                cards ^= low
                tie = 1 if previous >= 0 and worth[previous] == worth[place] else 0
                key = (key << bits) | (owner[place] * 2 + tie + 2)
                previous = place
            key <<= bits
        return (key << 4) | self.leader

    def _legal(self, seat: int, pos: int) -> int:
        """The legal plays of ``seat`` as a mask, by plain_plays, kept by hand and led card."""
        hand = self.hands[seat]
        base = self.base
        led = self.trick[base] if pos else self.n
        cache = self.follow[seat * (self.n + 1) + led]
        found = cache.get(hand, -1)
        if found >= 0:
            return found
        cards = self.cards
        held: list[Card] = []
        mask = hand
        while mask:
            low = mask & -mask
            held.append(cards[low.bit_length() - 1])
            mask ^= low
        players = self.players
        trick = tuple(
            [
                played_card((self.leader + i) % players, cards[self.trick[base + i]])
                for i in range(pos)
            ]
        )
        plays: tuple[Play, ...] = plain_plays(self.table[seat], tuple(held), trick)
        legal = 0
        for play in plays:
            legal |= 1 << self.index[play.card._key]
        cache[hand] = legal
        return legal

    # -- the moves ----------------------------------------------------------------------
    def _candidates(self, seat: int, legal: int, pos: int, win: int) -> list[int]:
        """One card of each run of equivalent legal cards, best guesses first."""
        others = self.trick_mask
        for s in range(self.players):
            if s != seat:
                others |= self.hands[s]
        tie_low = self.tie_low
        tie_high = self.tie_high
        worth = self.worth
        n = self.n
        players = self.players
        side = self.side
        mine = side >> seat & 1
        scored: list[int] = []
        base = self.base
        # Who plays after this seat in the trick, and what they hold.
        later = 0
        for k in range(pos + 1, players):
            later |= self.hands[(self.leader + k) % players]
        for suit in range(4):
            cards = legal & self.suit_mask[suit]
            previous = -1
            while cards:
                low = cards & -cards
                place = low.bit_length() - 1
                cards ^= low
                if previous >= 0:
                    start = tie_low[previous]
                    stop = tie_high[place]
                    between = ((1 << (stop + 1)) - 1) ^ ((1 << start) - 1)
                    if not between & others:
                        previous = place
                        continue  # equivalent to the card kept for this run
                previous = place
                led = self.suit[self.trick[base]] if pos else suit
                safe = not self.beaters[led * n + place] & later
                if pos == 0:
                    score = 3000 + worth[place] if safe else 1000 - worth[place]
                else:
                    winning = self.trick[base + win]
                    winner_seat = (self.leader + win) % players
                    beats = self.beaters[led * n + winning] >> place & 1
                    partner = (side >> winner_seat & 1) == mine
                    partner_safe = not self.beaters[led * n + winning] & later
                    if partner and (partner_safe or not beats):
                        score = 2000 - worth[place] if not beats else 1000 - worth[place]
                    elif beats and safe:
                        score = 3000 - worth[place]
                    elif beats:
                        score = 2000 - worth[place]
                    else:
                        score = 1000 - worth[place]
                scored.append(score * 256 + place)
        scored.sort(reverse=True)
        return [entry % 256 for entry in scored]

    # -- the search ---------------------------------------------------------------------
    def _sure(self, seat: int) -> int:
        """How many cards of ``seat`` no card held by another seat beats."""
        others = 0
        for s in range(self.players):
            if s != seat:
                others |= self.hands[s]
        n = self.n
        suit = self.suit
        beaters = self.beaters
        count = 0
        cards = self.hands[seat]
        while cards:
            low = cards & -cards
            place = low.bit_length() - 1
            cards ^= low
            if not beaters[suit[place] * n + place] & others:
                count += 1
        return count

    def _boundary(self, target: int) -> bool:
        """At the start of a trick: whether the side can be sure of ``target``
        more tricks (exactly that many, in the exact search)."""
        left = self.left
        if self.exact:
            if target < 0 or target > left:
                return False
            if left == 0:
                return True
        else:
            if target <= 0:
                return True
            if target > left:
                return False
        self.nodes += 1
        key = self._key()
        if self.exact:
            known = self.targets.get(key, 0)
            if known >> target & 1:
                return True
            if known >> (target + 64) & 1:
                return False
        else:
            known = self.bounds.get(key, left * _BYTE)
            if target <= known % _BYTE:
                return True
            if target > known // _BYTE:
                return False
            leader = self.leader
            sure = self._sure(leader)
            if self.side >> leader & 1:
                if sure >= target:
                    self.bounds[key] = max(known % _BYTE, sure) + (known // _BYTE) * _BYTE
                    return True
            elif left - sure < target:
                high = min(known // _BYTE, left - sure)
                self.bounds[key] = known % _BYTE + high * _BYTE
                return False
        result = self._trick(0, target, 0)
        if self.exact:
            known = self.targets.get(key, 0)
            self.targets[key] = known | (1 << (target if result else target + 64))
        else:
            known = self.bounds.get(key, left * _BYTE)
            low = known % _BYTE
            high = known // _BYTE
            if result:
                low = max(low, target)
            else:
                high = min(high, target - 1)
            self.bounds[key] = low + high * _BYTE
        return result

    def _trick(self, pos: int, target: int, win: int) -> bool:
        """With ``pos`` cards in the trick, the best of them at ``win``."""
        players = self.players
        leader = self.leader
        seat = (leader + pos) % players
        maximize = (self.side >> seat & 1) == 1
        legal = self._legal(seat, pos)
        n = self.n
        trick = self.trick
        base = self.base
        hands = self.hands
        owner = self.owner
        for place in self._candidates(seat, legal, pos, win):
            bit = 1 << place
            hands[seat] ^= bit
            owner[place] = -1
            trick[base + pos] = place
            self.trick_mask |= bit
            if pos and self.beaters[self.suit[trick[base]] * n + trick[base + win]] >> place & 1:
                best = pos
            else:
                best = win if pos else 0
            if pos == players - 1:
                winner = (leader + best) % players
                won = self.side >> winner & 1
                saved = self.trick_mask
                self.trick_mask = 0
                self.leader = winner
                self.left -= 1
                self.base = base + players
                ok = self._boundary(target - won)
                self.base = base
                self.left += 1
                self.leader = leader
                self.trick_mask = saved
            else:
                ok = self._trick(pos + 1, target, best)
            self.trick_mask ^= bit
            owner[place] = seat
            hands[seat] ^= bit
            if ok == maximize:
                return ok
        return not maximize

    def _root(self, state: GameState, target: int) -> bool:
        win = self.load(state)
        pos = len(state.trick)
        if pos == 0:
            return self._boundary(target)
        if self.exact:
            if target < 0 or target > self.left:
                return False
        elif target <= 0:
            return True
        elif target > self.left:
            return False
        return self._trick(pos, target, win)

    def at_least(self, state: GameState, target: int) -> bool:
        """Whether the side can be sure of at least ``target`` of the tricks not
        yet finished."""
        self.exact = False
        return self._root(state, target)

    def value(self, state: GameState) -> int:
        """The most tricks not yet finished the side can be sure of."""
        self.exact = False
        low = 0
        self.load(state)
        high = self.left
        while low < high:
            middle = (low + high + 1) // 2
            if self._root(state, middle):
                low = middle
            else:
                high = middle - 1
        return low

    def exactly(self, state: GameState, need: int) -> bool:
        """Whether the side (one seat) can be sure of exactly ``need`` of the
        tricks not yet finished."""
        self.exact = True
        return self._root(state, need)


def _suit_number(card: Card) -> int:
    suit = SUIT_OF_KEY[card._key]
    return 4 if suit is None else suit.value
