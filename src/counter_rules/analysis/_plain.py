"""The solver's fast search for plain Oh Hell (and so for bridge's card play).

It applies to the rulesets whose plays and tricks the engine runs by plain Oh
Hell's compiled path (their :meth:`Ruleset.shortcuts
<counter_rules.Ruleset.shortcuts>` say so), in the play of a hand. The position
is a few integers: each hand a bit mask over the deck, the cards of the
current trick, the leader. The rules are asked through the functions the
engine runs for those rulesets, and their answers are kept by a compact key:

- the legal plays come from
  :func:`~counter_rules.rulesets.plain_tricks.plain_plays`, kept by the seat, its
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

from counter_rules.analysis._general import SearchLimitReached, over_budget
from counter_rules.builders import played_card
from counter_rules.cards import KEY_COUNT, SUIT_OF_KEY, Card, Suit
from counter_rules.engine.tables import tables_for
from counter_rules.moves import Play
from counter_rules.rulesets.base import SHORTCUT_PLAIN, Ruleset
from counter_rules.rulesets.plain_tricks import best_card, plain_level, plain_plays, resolve_suited
from counter_rules.state import GameState, Phase

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


class Entry:
    """What the table knows of the positions that match a pattern: for each
    suit, who holds its top cards (``pattern``, under ``masks``), and bounds
    on the side's tricks (or, in the exact search, the targets known to be
    makeable and not)."""

    def __init__(self, masks: list[int], pattern: list[int]) -> None:
        self.masks = masks
        self.pattern = pattern
        self.low = 0
        self.high = 255
        self.yes = 0
        self.no = 0

    def matches(self, sequences: list[int]) -> bool:
        """Whether a position whose suits' holders are ``sequences`` matches."""
        masks = self.masks
        pattern = self.pattern
        # A loop rather than all(): compiled, it costs no generator.
        for suit in range(4):  # noqa: SIM110
            if sequences[suit] & masks[suit] != pattern[suit]:
                return False
        return True


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
        trump = state.trump
        self.trump_suit = -1 if trump is None else trump.value
        # Two decks have identical cards: their positions are kept whole.
        self.ties = any(tables.tie_low[p] != p for p in range(n))
        self.code_bits = (2 * players + 3).bit_length()
        # The follow rule's answers, by seat and led card (n for a lead), then hand.
        self.follow: list[dict[int, int]] = [{} for _ in range(players * (n + 1))]
        # The table: by leader and the length of every suit in every hand.
        self.entries: dict[int, list[Entry]] = {}
        self.exact_entries: dict[int, list[Entry]] = {}
        # The lead that answered last, by the table's first key: its suit and
        # how many remaining cards of the suit rank above it.
        self.best: dict[int, int] = {}
        self.hint = -1
        self.cut = -1
        # The position being searched.
        self.hands: list[int] = [0] * players
        self.owner: list[int] = [-1] * n
        self.length: list[int] = [0] * (4 * players)
        # The lengths again, packed 5 bits each (the table's first key), and
        # every card still held.
        self.shape = 0
        self.remaining = 0
        # The cards of the trick being played, at ``base`` (each deeper trick
        # is written further on, so a trick's cards outlive the search below it).
        self.trick: list[int] = [0] * (players * (n // players + 2))
        self.base = 0
        self.trick_mask = 0
        self.leader = 0
        self.left = 0
        self.exact = False
        # The cards whose rank decided the last answer (see _relevant_top).
        self.relevant = 0
        self.sequences: list[int] = [0, 0, 0, 0]
        self.nodes = 0
        # A time (perf_counter) past which the search gives up; 0 for none.
        self.deadline = 0.0
        # A count of positions past which the search gives up; 0 for none.
        self.node_limit = 0

    # -- the position -------------------------------------------------------------
    def load(self, state: GameState) -> int:
        """Set the position to ``state``'s; return the winning place in the
        trick so far (0 when it is empty)."""
        index = self.index
        owner = self.owner
        for place in range(self.n):
            owner[place] = -1
        for k in range(4 * self.players):
            self.length[k] = 0
        for seat, hand in enumerate(state.hands):
            mask = 0
            for card in hand:
                place = index[card._key]
                mask |= 1 << place
                owner[place] = seat
                self.length[seat * 4 + self.suit[place]] += 1
            self.hands[seat] = mask
        self.shape = 0
        for k in range(4 * self.players - 1, -1, -1):
            self.shape = (self.shape << 5) | self.length[k]
        self.remaining = 0
        for mask in self.hands:
            self.remaining |= mask
        self.leader = state.leader
        self.trick_mask = 0
        self.base = 0
        self._holders()
        win = 0
        trick = state.trick
        beaters = self.beaters
        for i, played in enumerate(trick):
            place = index[played.card._key]
            self.trick[i] = place
            self.trick_mask |= 1 << place
            if i and beaters[self.suit[self.trick[0]] * self.n + self.trick[win]] >> place & 1:
                win = i
        mover = (state.leader + len(trick)) % self.players
        self.left = len(state.hands[mover])
        return win

    def _lengths(self) -> int:
        """The table's first key: the leader and every hand's suit lengths."""
        return (self.shape << 4) | self.leader

    def _holders(self) -> None:
        """For each suit, who holds its remaining cards, from the highest down
        (``code_bits`` a card; with identical cards, ties marked)."""
        owner = self.owner
        worth = self.worth
        bits = self.code_bits
        ties = self.ties
        remaining = self.remaining
        for suit in range(4):
            cards = remaining & self.suit_mask[suit]
            sequence = 0
            shift = 0
            previous = -1
            while cards:
                place = cards.bit_length() - 1
                cards ^= 1 << place
                tie = 1 if ties and previous >= 0 and worth[previous] == worth[place] else 0
                sequence |= (owner[place] * 2 + tie + 2) << shift
                shift += bits
                previous = place
            self.sequences[suit] = sequence

    def _top(self, counts: list[int]) -> int:
        """The ``counts[suit]`` highest remaining cards of each suit, as a mask."""
        remaining = self.remaining
        top = 0
        for suit in range(4):
            cards = remaining & self.suit_mask[suit]
            for _ in range(counts[suit]):
                place = cards.bit_length() - 1
                top |= 1 << place
                cards ^= 1 << place
        return top

    def _pattern(self, relevant: int) -> tuple[list[int], list[int]]:
        """The masks and pattern of an entry for the cards ``relevant``: in each
        suit, the remaining cards down to the lowest relevant one (all of them
        with identical cards in the deck)."""
        remaining = self.remaining
        bits = self.code_bits
        masks = [0, 0, 0, 0]
        pattern = [0, 0, 0, 0]
        for suit in range(4):
            cards = remaining & self.suit_mask[suit]
            if self.ties:
                count = cards.bit_count()
            else:
                low = relevant & cards
                if not low:
                    continue
                lowest = (low & -low).bit_length() - 1
                count = (cards >> lowest).bit_count()
            mask = (1 << (bits * count)) - 1
            masks[suit] = mask
            pattern[suit] = self.sequences[suit] & mask
        return masks, pattern

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
    def _candidates(self, seat: int, legal: int, pos: int, win: int, runs: list[int]) -> list[int]:
        """One card of each run of equivalent legal cards (the lowest), best
        guesses first; ``runs`` gets each run's cards, in the same order."""
        others = (self.remaining ^ self.hands[seat]) | self.trick_mask
        tie_low = self.tie_low
        tie_high = self.tie_high
        worth = self.worth
        n = self.n
        players = self.players
        side = self.side
        mine = side >> seat & 1
        base = self.base
        # What the seats after this one may play to the trick (for a lead,
        # anything they hold).
        later = 0
        for k in range(pos + 1, players):
            after = (self.leader + k) % players
            later |= self._legal(after, k) if pos else self.hands[after]
        scored: list[int] = []
        members: list[int] = []
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
                        members[-1] |= low
                        continue  # equivalent to the card kept for this run
                previous = place
                led = self.suit[self.trick[base]] if pos else suit
                safe = not self.beaters[led * n + place] & later
                if pos == 0:
                    if not safe:
                        # Safe for one round: the others who could beat it
                        # with another suit still hold the suit led.
                        danger = self.beaters[suit * n + place]
                        safe = True
                        for k in range(players):
                            if (
                                k != seat
                                and self.hands[k] & danger
                                and (
                                    self.hands[k] & self.suit_mask[suit] & danger
                                    or not self.hands[k] & self.suit_mask[suit]
                                )
                            ):
                                safe = False
                                break
                    if safe:
                        score = 3000 + worth[place]
                    else:
                        score = 1000 - worth[place]
                        # Who holds the best card of the suit, and does a
                        # player void in it hold a card that beats the lead?
                        suit_cards = self.remaining & self.suit_mask[suit]
                        top_owner = self.owner[suit_cards.bit_length() - 1]
                        if top_owner != seat and (side >> top_owner & 1) == mine:
                            score = 2500 - worth[place]
                        danger = self.beaters[suit * n + place]
                        for k in range(players):
                            if (
                                (side >> k & 1) != mine
                                and not self.hands[k] & self.suit_mask[suit]
                                and self.hands[k] & danger
                            ):
                                score -= 800
                                break
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
                scored.append(score * 256 + len(members))
                members.append(low)
        hint = self.hint
        if pos == 0 and hint >= 0:
            for k in range(len(members)):
                if members[k] >> hint & 1:
                    scored[k] = 9999 * 256 + k
        scored.sort(reverse=True)
        order: list[int] = []
        for entry in scored:
            run = members[entry % 256]
            runs.append(run)
            order.append((run & -run).bit_length() - 1)
        return order

    # -- the search ---------------------------------------------------------------------
    def _sure(self, seat: int) -> int:
        """The cards ``seat`` can cash from the lead, one trick each (a mask).

        In each suit, the highest remaining cards, while ``seat`` holds them:
        no card of the suit held elsewhere beats them, and a card of another
        suit that beats them (a trump, by ``best_card``) is no danger while
        its holder still holds the suit led, which it must then follow
        (``plain_plays`` lists the cards of the suit led whenever the hand
        holds any). Each trick cashed leaves the lead with ``seat``, and a
        player following suit discards nothing, so the suits add up.
        """
        n = self.n
        players = self.players
        hands = self.hands
        owner = self.owner
        beaters = self.beaters
        remaining = self.remaining
        sure = 0
        for suit in range(4):
            cards = remaining & self.suit_mask[suit]
            rounds = 0
            while cards:
                place = cards.bit_length() - 1
                if owner[place] != seat:
                    break
                cards ^= 1 << place
                rounds += 1
                danger = beaters[suit * n + place]
                safe = True
                for other in range(players):
                    if (
                        other != seat
                        and hands[other] & danger
                        and self.length[other * 4 + suit] < rounds
                    ):
                        safe = False
                        break
                if not safe:
                    break
                sure |= 1 << place
        return sure

    def _top_trumps(self) -> int:
        """The highest remaining trumps that one hand holds in a row from the
        top (a mask): each wins the trick it is played to (no trump, or
        identical cards in the deck, one of which may be played first: none)."""
        if self.trump_suit < 0 or self.ties:
            return 0
        cards = self._remaining(self.trump_suit)
        if not cards:
            return 0
        owner = self.owner
        holder = owner[cards.bit_length() - 1]
        top = 0
        while cards:
            place = cards.bit_length() - 1
            if owner[place] != holder:
                break
            top |= 1 << place
            cards ^= 1 << place
        return top

    def _boundary(self, target: int) -> bool:
        """At the start of a trick: whether the side can be sure of ``target``
        more tricks (exactly that many, in the exact search). Leaves in
        :attr:`relevant` the cards whose rank the answer depends on."""
        left = self.left
        self.relevant = 0
        exact = self.exact
        if exact:
            if target < 0 or target > left:
                return False
            if left == 0:
                return True
        else:
            if target <= 0:
                return True
            if target > left:
                return False
        if left == 1:
            return self._last_trick(target)
        self.nodes += 1
        if not self.nodes & 255 and over_budget(self.nodes, self.deadline, self.node_limit):
            raise SearchLimitReached
        key = self._lengths()
        table = self.exact_entries if exact else self.entries
        bucket = table.get(key)
        if self.ties:
            self._holders()
        if bucket is not None:
            for entry in bucket:
                if not entry.matches(self.sequences):
                    continue
                answer = -1
                if exact:
                    if entry.yes >> target & 1:
                        answer = 1
                    elif entry.no >> target & 1:
                        answer = 0
                elif target <= entry.low:
                    answer = 1
                elif target > entry.high:
                    answer = 0
                if answer >= 0:
                    counts = [0, 0, 0, 0]
                    for suit in range(4):
                        counts[suit] = entry.masks[suit].bit_length() // self.code_bits
                    self.relevant = self._top(counts)
                    return answer == 1
        if not exact:
            # Quick tricks: the cards the leader can cash, or those of a
            # partner it can reach with a card of a suit the partner cashes.
            leader = self.leader
            sure = self._sure(leader)
            ours = self.side >> leader & 1
            for mate in range(self.players):
                if mate == leader or (self.side >> mate & 1) != ours:
                    continue
                theirs = self._sure(mate)
                if theirs.bit_count() <= sure.bit_count():
                    continue
                for suit in range(4):
                    if theirs & self.suit_mask[suit] and self.hands[leader] & self.suit_mask[suit]:
                        sure = theirs
                        break
            count = sure.bit_count()
            if ours and count >= target:
                self._store(key, bucket, sure, True, target, left)
                self.relevant = sure
                return True
            if not ours and left - count < target:
                self._store(key, bucket, sure, False, left - count + 1, left)
                self.relevant = sure
                return False
            # Later tricks: the top trumps of one hand each win a trick, whenever played.
            trumps = self._top_trumps()
            count = trumps.bit_count()
            if trumps:
                holder = self.owner[trumps.bit_length() - 1]
                if self.side >> holder & 1:
                    if count >= target:
                        self._store(key, bucket, trumps, True, target, left)
                        self.relevant = trumps
                        return True
                elif left - count < target:
                    self._store(key, bucket, trumps, False, left - count + 1, left)
                    self.relevant = trumps
                    return False
        self.hint = self._hint(key)
        result = self._trick(0, target, 0)
        if self.cut >= 0:
            self._remember(key, self.cut)
        relevant = self.relevant
        if self.ties:
            self._holders()  # the search below changed them
        self._store(key, table.get(key), relevant, result, target, left)
        self.relevant = relevant
        return result

    def _remaining(self, suit: int) -> int:
        return self.remaining & self.suit_mask[suit]

    def _remember(self, key: int, place: int) -> None:
        suit = self.suit[place]
        above = (self._remaining(suit) >> (place + 1)).bit_count()
        self.best[key] = suit * 64 + above

    def _hint(self, key: int) -> int:
        """The leader's card that stands where the last good lead of this
        shape stood, or -1."""
        known = self.best.get(key, -1)
        if known < 0:
            return -1
        cards = self._remaining(known // 64)
        for _ in range(known % 64):
            cards ^= 1 << (cards.bit_length() - 1)
        if not cards:
            return -1
        place = cards.bit_length() - 1
        return place if self.owner[place] == self.leader else -1

    def _last_trick(self, target: int) -> bool:
        """The hand's last trick: every seat's one card is its one play."""
        players = self.players
        leader = self.leader
        n = self.n
        suit = self.suit
        hands = self.hands
        first = hands[leader].bit_length() - 1
        led = suit[first]
        best = first
        best_at = 0
        for k in range(1, players):
            place = hands[(leader + k) % players].bit_length() - 1
            if self.beaters[led * n + best] >> place & 1:
                best = place
                best_at = k
        # Whether the winner's rank decided the trick: another card of its suit in it.
        compared = False
        for k in range(players):
            place = hands[(leader + k) % players].bit_length() - 1
            if k != best_at and suit[place] == suit[best]:
                compared = True
        self.relevant = 1 << best if compared else 0
        won = self.side >> ((leader + best_at) % players) & 1
        return target == won if self.exact else target <= won

    def _store(
        self,
        key: int,
        bucket: list[Entry] | None,
        relevant: int,
        result: bool,
        target: int,
        left: int,
    ) -> None:
        """Record the answer for ``target`` under the pattern of ``relevant``."""
        masks, pattern = self._pattern(relevant)
        if bucket is None:
            bucket = []
            (self.exact_entries if self.exact else self.entries)[key] = bucket
        entry: Entry | None = None
        for known in bucket:
            if known.masks == masks and known.pattern == pattern:
                entry = known
                break
        if entry is None:
            if len(bucket) >= 16:
                del bucket[0]
            entry = Entry(masks, pattern)
            entry.high = left
            bucket.append(entry)
        if self.exact:
            if result:
                entry.yes |= 1 << target
            else:
                entry.no |= 1 << target
        elif result:
            entry.low = max(entry.low, target)
        else:
            entry.high = min(entry.high, target - 1)

    def _trick(self, pos: int, target: int, win: int) -> bool:
        """With ``pos`` cards in the trick, the best of them at ``win``. Leaves
        in :attr:`relevant` the cards whose rank the answer depends on."""
        players = self.players
        leader = self.leader
        seat = (leader + pos) % players
        maximize = (self.side >> seat & 1) == 1
        legal = self._legal(seat, pos)
        n = self.n
        suit = self.suit
        trick = self.trick
        base = self.base
        hands = self.hands
        owner = self.owner
        length = self.length
        runs: list[int] = []
        every = 0
        # Below the lowest card whose rank mattered so far, a suit's cards of
        # this hand are alike: once one of them has been tried, the rest are
        # skipped (DDS's rule of one small card a suit).
        small = [-1, -1, -1, -1]
        suit_mask = self.suit_mask
        sequences = self.sequences
        bits = self.code_bits
        for place in self._candidates(seat, legal, pos, win, runs):
            card_suit = suit[place]
            floor = small[card_suit]
            if floor >= 0:
                known = every & suit_mask[card_suit]
                lowest = (known & -known).bit_length() - 1 if known else n
                if place < lowest and floor < lowest:
                    continue
            bit = 1 << place
            # Out of the hand, out of its suit's holders (found by how many of
            # the suit's cards rank above it).
            above = (self.remaining & suit_mask[card_suit]) >> (place + 1)
            shift = bits * above.bit_count()
            sequence = sequences[card_suit]
            sequences[card_suit] = (sequence & ((1 << shift) - 1)) | (
                sequence >> (shift + bits) << shift
            )
            self.remaining ^= bit
            hands[seat] ^= bit
            owner[place] = -1
            length[seat * 4 + card_suit] -= 1
            self.shape -= 1 << (5 * (seat * 4 + card_suit))
            trick[base + pos] = place
            self.trick_mask |= bit
            if pos and self.beaters[suit[trick[base]] * n + trick[base + win]] >> place & 1:
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
                # The winner's rank decided the trick if another card of its
                # suit was played to it.
                top = trick[base + best]
                for k in range(players):
                    if k != best and suit[trick[base + k]] == suit[top]:
                        self.relevant |= 1 << top
                        break
            else:
                ok = self._trick(pos + 1, target, best)
            self.trick_mask ^= bit
            owner[place] = seat
            length[seat * 4 + card_suit] += 1
            self.shape += 1 << (5 * (seat * 4 + card_suit))
            hands[seat] ^= bit
            self.remaining |= bit
            sequence = sequences[card_suit]
            sequences[card_suit] = (
                (sequence & ((1 << shift) - 1))
                | ((seat * 2 + 2) << shift)
                | (sequence >> shift << (shift + bits))
            )
            if ok == maximize:
                if pos == 0:
                    self.cut = place
                return ok
            every |= self.relevant
            if small[card_suit] < 0:
                small[card_suit] = place
        # Every choice was needed for the answer: an equivalent card of a run
        # stands for the run, so its relevance is the whole run's.
        for run in runs:
            if every & run:
                every |= run
        self.relevant = every
        if pos == 0:
            self.cut = -1
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
        self.load(state)
        low = 0
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
