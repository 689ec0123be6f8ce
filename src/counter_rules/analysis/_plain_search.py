"""The plain search in Python: DDS's algorithm over the tables of
:mod:`counter_rules.analysis._plain`, the fallback and cross-check of the
native kernel (``_plain_kernel.c``), which runs the same algorithm.

The position is a few integers: each hand a bit mask over the deck's places,
the cards of the current trick, the leader. The search asks "can the side be
sure of at least ``t`` of the tricks left?" (or "exactly ``t``", for one
seat) with a null window, and finds the value by bisection; it uses DDS's
techniques, written for any number of seats and any side:

- partition search: every answer carries the cards whose rank decided it
  (a card that won a trick with another card of its suit in the trick, and
  those a cut-off rested on). The transposition table is written at the
  starts of tricks, keyed by the leader and every hand's suit lengths; an
  entry keeps, for each suit, who holds the remaining cards from the top down
  to the lowest card that mattered, so it answers every position that
  differs only below those cards. It holds bounds on the side's tricks (and
  the exact targets known to be makeable and not), each question reading
  the other's answers (exactly ``t`` makeable is at least ``t``; at least
  ``t`` out of reach rules out exactly ``t``), and it stays with the search
  for every later question about hands of the same ruleset and trump;
- quick tricks: the leader's sure winners (the top cards of a suit, while no
  seat can beat them from another suit without having to follow), or a
  partner's, reached with a card of a suit the partner cashes; later tricks:
  cards that win whenever they are played; a trick the leader's opponents
  win whatever is led; and, after the lead, a trick the side to move is sure
  of when that trick decides the question;
- equivalent cards (no card of another hand or of the trick between them)
  are one move, and once a small card of a suit (below the lowest card of
  the suit that mattered so far) has been searched, the others are not;
- move ordering by weights that depend on the seat's place in the trick
  (DDS's), with the move of the last cut-off at the same depth and place, and
  the best lead of a matching table entry, first.

The follow rule is asked of
:func:`~counter_rules.rulesets.plain_tricks.plain_plays` itself, kept by the
seat, its hand and the led suit; the winner and the quick tricks read the
tables, which come from the rules.

The module is plain typed Python, compiled with mypyc in the compiled build.
"""

from __future__ import annotations

from counter_rules.analysis._questions import bisect, over_budget
from counter_rules.cards import Card
from counter_rules.errors import SearchLimitReached
from counter_rules.fast_values import played_card
from counter_rules.moves import Play, PlayTable
from counter_rules.rulesets import plain_tricks

__all__ = ["WEIGHTS", "PythonSearch", "SearchTables"]

_BUCKET: int = 64
# The table is emptied when it holds more entries than this (fewer than the
# kernel keeps: an entry costs more in Python).
_MAX_ENTRIES: int = 1 << 17

# The weights of move ordering, which the native kernel reads too (WEIGHTS,
# handed to it as it loads). They order the moves, not the answers: a weight
# one higher or lower orders alike the moves of every position the tests pin
# down.
W_CHOICE: int = 24
W_CASH: int = 60
W_UNDER_OWN: int = 0
W_TO_MATE: int = 50
W_MATE_RUFF: int = 40
W_FINESSE: int = 30
W_AWAY: int = 0
W_LOSER: int = 12
W_RUFFED: int = 5
W_KILLER: int = 60
W_FOLLOW_KILLER: int = 0
W_BEST_LEAD: int = 30
W_OVERTAKE: int = -20
W_LOW: int = 30
W_WIN: int = 80
W_CONTEST: int = 20
W_DUCK: int = 10
W_SEQ: int = 8
WEIGHTS: tuple[int, ...] = (
    W_CHOICE,
    W_CASH,
    W_UNDER_OWN,
    W_TO_MATE,
    W_MATE_RUFF,
    W_FINESSE,
    W_AWAY,
    W_LOSER,
    W_RUFFED,
    W_KILLER,
    W_FOLLOW_KILLER,
    W_BEST_LEAD,
    W_OVERTAKE,
    W_LOW,
    W_WIN,
    W_CONTEST,
    W_DUCK,
    W_SEQ,
)
"""The weights in the order the kernel's ``set_weights`` reads them."""


class SearchTables:
    """What the searches read of the rules (filled by
    :class:`~counter_rules.analysis._plain.PlainTables`)."""

    def __init__(self) -> None:
        self.n = 0
        """Cards in the deck: the places."""
        self.cards: list[Card] = []
        """The card at each place."""
        self.worth: list[int] = []
        """Each place's value in a trick, from the engine's resolution."""
        self.suit: list[int] = []
        """Each place's suit (0 to 3)."""
        self.index: list[int] = []
        """Each card key's place (-1 outside the deck)."""
        self.suit_mask: list[int] = []
        """The places of each suit."""
        self.group: list[int] = []
        """Identical cards share a group number."""
        self.ties = False
        """Whether the deck holds identical cards."""
        self.beaters: list[int] = []
        """``beaters[led * n + a]``: the places that beat place ``a`` played
        after it in a trick led in suit ``led``."""
        self.follows: list[int] = []
        """For each led suit, the places that follow it."""
        self.next_seat: list[int] = []
        """The seat that plays after each seat in a trick."""
        self.table: tuple[tuple[Play | None, ...], ...] = ()
        """The engine's shared plays, by seat and card key."""
        self.usable = False
        """Whether the rules have the shape the searches read."""


class Entry:
    """What the table knows of the positions that match a pattern (see the
    kernel's ``Entry``)."""

    def __init__(self, masks: list[int], pattern: list[int], high: int) -> None:
        self.masks = masks
        self.pattern = pattern
        self.low = 0
        self.high = high
        self.yes = 0
        self.no = 0
        self.best_suit = -1
        self.best_above = 0


class Bucket:
    """The entries of one key, the oldest overwritten once full."""

    def __init__(self) -> None:
        self.entries: list[Entry] = []
        self.next = 0


class PythonSearch:
    """The search for one side (a bit set of seats) over the tables of one
    ruleset and trump; its table holds for every position of such hands."""

    def __init__(self, tables: SearchTables, players: int, side: int) -> None:
        self.tables = tables
        self.players = players
        self.side = side
        n = tables.n
        self.n = n
        self.suit = tables.suit
        self.suit_mask = tables.suit_mask
        self.beaters = tables.beaters
        self.follows = tables.follows
        self.next_seat = tables.next_seat
        self.ties = tables.ties
        codes = 2 * players if tables.ties else players
        bits = 1
        while (1 << bits) < codes:
            bits += 1
        self.code_bits = bits
        # Per place: the identical places, the places it beats whatever is
        # led (played after them), the places that beat it under some lead.
        self.same = [0] * n
        for p in range(n):
            for q in range(n):
                if q != p and tables.group[q] == tables.group[p]:
                    self.same[p] |= 1 << q
        self.beats_always: list[int] = []
        self.beaten_ever: list[int] = []
        everything = (1 << n) - 1
        for p in range(n):
            always = everything
            ever = 0
            for led in range(4):
                ever |= self.beaters[led * n + p]
                for q in range(n):
                    if not self.beaters[led * n + q] >> p & 1:
                        always &= ~(1 << q)
            self.beats_always.append(always)
            self.beaten_ever.append(ever)
        # The follow rule's answers, by seat and led suit (4: a lead), then hand.
        self.plays: list[dict[int, int]] = [{} for _ in range(players * 5)]
        self.buckets: dict[int, Bucket] = {}
        self.entries = 0
        # The position.
        self.hands = [0] * players
        self.owner = [-1] * n
        self.remaining = 0
        self.leader = 0
        self.left = 0
        self.exact = False
        self.root_pos = 0
        self.trick: list[list[int]] = []
        self.seat_at: list[list[int]] = []
        self.killer: list[list[int]] = []
        self.trick_mask = 0
        self.relevant = 0  # any start: every search sets it before reading it
        self.sequence = [0, 0, 0, 0]
        # The lead that settled this trick's position before (the table's),
        # or that answered the search just made: tried early, and stored.
        self.best_lead = -1
        self.nodes = 0
        self.trick_nodes = 0
        """Tricks played so far (DDS counts these as its "trick nodes")."""
        self.deadline = 0.0
        """A time (perf_counter) past which the search gives up; 0 for none."""
        self.node_limit = 0
        """A count of positions past which the search gives up; 0 for none."""

    # -- the position -------------------------------------------------------------
    def load(self, hands: list[int], leader: int, trick: list[int]) -> None:
        """Set the position: every hand (a mask of places), the seat that led
        the trick being played, and its cards (places)."""
        n = self.n
        players = self.players
        self.owner = [-1] * n
        self.remaining = 0
        for seat in range(players):
            mask = hands[seat]
            self.hands[seat] = mask
            self.remaining |= mask
            while mask:
                low = mask & -mask
                self.owner[low.bit_length() - 1] = seat
                mask ^= low
        self.leader = leader
        pos = len(trick)
        mover = leader
        for _ in range(pos):
            mover = self.next_seat[mover]
        left = self.hands[mover].bit_count()
        self.left = left
        if len(self.trick) < left + 1:
            self.trick = [[-1] * players for _ in range(left + 1)]
            self.seat_at = [[0] * players for _ in range(left + 1)]
            self.killer = [[-1] * players for _ in range(left + 1)]
        self.trick_mask = 0
        seat = leader
        for i in range(players):
            self.seat_at[left][i] = seat
            seat = self.next_seat[seat]
        for i in range(pos):
            self.trick[left][i] = trick[i]
            self.trick_mask |= 1 << trick[i]
        self.root_pos = pos

    def _length(self, seat: int, suit: int) -> int:
        return (self.hands[seat] & self.suit_mask[suit]).bit_count()

    def _key(self) -> int:
        """The table's first key: the leader and every hand's suit lengths."""
        key = 0
        for seat in range(self.players - 1, -1, -1):
            for suit in range(3, -1, -1):
                key = (key << 5) | self._length(seat, suit)
        return (key << 5) | self.leader

    def _sequences(self) -> None:
        """For each suit, who holds its remaining cards from the highest down."""
        bits = self.code_bits
        owner = self.owner
        for suit in range(4):
            cards = self.remaining & self.suit_mask[suit]
            sequence = 0
            shift = 0
            previous = -1
            while cards:
                place = cards.bit_length() - 1
                cards ^= 1 << place
                code = owner[place]
                if self.ties:
                    tie = 1 if previous >= 0 and self.same[place] >> previous & 1 else 0
                    code = code * 2 + tie
                sequence |= code << shift
                shift += bits
                previous = place
            self.sequence[suit] = sequence

    def _pattern(self, relevant: int) -> tuple[list[int], list[int]]:
        """An entry's masks and pattern for the cards ``relevant``: in each
        suit, the remaining cards down to the lowest relevant one (all of
        them with identical cards in the deck)."""
        masks = [0, 0, 0, 0]
        pattern = [0, 0, 0, 0]
        for suit in range(4):
            cards = self.remaining & self.suit_mask[suit]
            if self.ties:
                count = cards.bit_count()
            else:
                low = relevant & cards
                if not low:
                    continue
                count = (cards >> ((low & -low).bit_length() - 1)).bit_count()
            mask = (1 << (count * self.code_bits)) - 1
            masks[suit] = mask
            pattern[suit] = self.sequence[suit] & mask
        return masks, pattern

    def _entry_cards(self, entry: Entry) -> int:
        """The top cards an entry's masks cover: the cards its answer rests on."""
        top = 0
        for suit in range(4):
            if not entry.masks[suit]:
                continue
            count = entry.masks[suit].bit_length() // self.code_bits
            cards = self.remaining & self.suit_mask[suit]
            while count > 0 and cards:
                place = cards.bit_length() - 1
                top |= 1 << place
                cards ^= 1 << place
                count -= 1
        return top

    def _store(self, key: int, relevant: int, result: bool, target: int, best: int) -> None:
        masks, pattern = self._pattern(relevant)
        bucket = self.buckets.get(key)
        if bucket is None:
            if self.entries >= _MAX_ENTRIES:
                self.buckets.clear()
                self.entries = 0
            bucket = self.buckets[key] = Bucket()
        entry: Entry | None = None
        for known in bucket.entries:
            if known.masks == masks and known.pattern == pattern:
                entry = known
                break
        if entry is None:
            entry = Entry(masks, pattern, self.left)
            if len(bucket.entries) < _BUCKET:
                bucket.entries.append(entry)
                self.entries += 1
            else:
                bucket.entries[bucket.next] = entry
                bucket.next = (bucket.next + 1) % _BUCKET
        if self.exact:
            if result:
                entry.yes |= 1 << target
            else:
                entry.no |= 1 << target
        if result:
            entry.low = max(entry.low, target)
        elif not self.exact:
            entry.high = min(entry.high, target - 1)
        if best >= 0:
            suit = self.suit[best]
            entry.best_suit = suit
            entry.best_above = ((self.remaining & self.suit_mask[suit]) >> (best + 1)).bit_count()

    def _count_node(self) -> None:
        self.nodes += 1
        if not self.nodes & 255 and over_budget(self.nodes, self.deadline, self.node_limit):
            raise SearchLimitReached

    # -- the rules ----------------------------------------------------------------------
    def _legal(self, seat: int, led: int) -> int:
        """The plays of ``seat`` with the trick led by the place ``led`` (-1 for
        a lead), by plain_plays, kept by hand and led suit."""
        hand = self.hands[seat]
        suit = self.suit[led] if led >= 0 else 4
        cache = self.plays[seat * 5 + suit]
        found = cache.get(hand, -1)
        if found >= 0:
            return found
        cards = self.tables.cards
        held: list[Card] = []
        mask = hand
        while mask:
            low = mask & -mask
            held.append(cards[low.bit_length() - 1])
            mask ^= low
        trick = () if led < 0 else (played_card(0, cards[led]),)
        table: PlayTable = self.tables.table[seat]
        index = self.tables.index
        legal = 0
        for play in plain_tricks.plain_plays(table, tuple(held), trick):
            legal |= 1 << index[play.card._key]
        cache[hand] = legal
        return legal

    # -- quick tricks and later tricks -------------------------------------------------
    def _sure(self, seat: int) -> int:
        """The cards ``seat`` can cash from the lead, one trick each (see the
        kernel's ``sure_cards``)."""
        n = self.n
        sure = 0
        for suit in range(4):
            cards = self.remaining & self.suit_mask[suit]
            rounds = 0
            while cards:
                top = cards.bit_length() - 1
                if self.owner[top] != seat:
                    break
                cards ^= 1 << top
                rounds += 1
                danger = self.beaters[suit * n + top]
                safe = True
                for other in range(self.players):
                    if other == seat or not self.hands[other] & danger:
                        continue
                    following = self.hands[other] & self.follows[suit]
                    if following.bit_count() < rounds or following & danger:
                        safe = False
                        break
                if not safe:
                    break
                sure |= 1 << top
        return sure

    def _quick_tricks(self) -> int:
        """The leader's side's quick tricks, as the cards that take them."""
        leader = self.leader
        ours = self.side >> leader & 1
        own = self._sure(leader)
        best = own
        for mate in range(self.players):
            if mate == leader or (self.side >> mate & 1) != ours:
                continue
            theirs = self._sure(mate)
            if not theirs:
                continue
            for suit in range(4):
                if theirs & self.suit_mask[suit] and self.hands[leader] & self.suit_mask[suit]:
                    # The partner's top card takes the lead only if no card
                    # identical to it, played first, can take the trick.
                    top = (theirs & self.suit_mask[suit]).bit_length() - 1
                    if self.same[top] & self.remaining & ~self.hands[mate]:
                        continue
                    both = own | theirs
                    if both.bit_count() > best.bit_count():
                        best = both
                    break
        return best

    def _masters(self) -> int:
        """Cards that win the trick they are played to, whatever is led."""
        found = 0
        holder = -1
        for suit in range(4):
            cards = self.remaining & self.suit_mask[suit]
            while cards:
                top = cards.bit_length() - 1
                h = self.owner[top]
                if holder >= 0 and h != holder:
                    break
                others = self.remaining & ~self.hands[h]
                if others & ~self.beats_always[top] or others & self.beaten_ever[top]:
                    break
                holder = h
                found |= 1 << top
                cards ^= 1 << top
        return found

    def _opponents_win_trick(self) -> int:
        """The top cards by which the leader's opponents win this trick
        whatever is led, or -1."""
        leader = self.leader
        ours = self.side >> leader & 1
        n = self.n
        tops = 0
        for suit in range(4):
            if not self.hands[leader] & self.suit_mask[suit]:
                continue
            top = (self.remaining & self.suit_mask[suit]).bit_length() - 1
            holder = self.owner[top]
            if (self.side >> holder & 1) == ours:
                return -1
            # A card identical to it, played first, would take the trick.
            if self.same[top] & self.remaining & ~self.hands[holder]:
                return -1
            danger = self.beaters[suit * n + top]
            for other in range(self.players):
                if other == holder or not self.hands[other] & danger:
                    continue
                following = self.hands[other] & self.follows[suit]
                if not following or following & danger:
                    return -1
            tops |= 1 << top
        return tops

    # -- move ordering -----------------------------------------------------------------
    def _rank(self, place: int) -> int:
        """0 for the suit's lowest card still in play, upwards."""
        cards = (self.remaining | self.trick_mask) & self.suit_mask[self.suit[place]]
        return (cards & ((1 << place) - 1)).bit_count()

    def _can_ruff(self, other: int, suit: int, top: int) -> bool:
        """Whether ``other``, void in ``suit``, can beat ``top`` from another suit."""
        hand = self.hands[other]
        return not hand & self.follows[suit] and hand & self.beaters[suit * self.n + top] != 0

    def _weigh_lead(
        self, seat: int, places: list[int], runs: list[int], weights: list[int]
    ) -> None:
        """The leader's moves: cash the side's sure winners, lead to a
        partner's winner or ruff, lead towards a partner's tenace; suits where
        the opponents have fewer choices first (a smaller tree)."""
        ours = self.side >> seat & 1
        left = self.left
        players = self.players
        for i in range(len(places)):
            place = places[i]
            suit = self.suit[place]
            cards = self.remaining & self.suit_mask[suit]
            top = cards.bit_length() - 1
            holder = self.owner[top]
            below = cards & ~(1 << top)
            second = self.owner[below.bit_length() - 1] if below else -1
            choices = 0
            opponents = 0
            opp_ruff = False
            mate_ruff = False
            second_after_top = False
            seen_holder = False
            other = seat
            for _ in range(1, players):
                other = self.next_seat[other]
                length = self._length(other, suit)
                if other == holder:
                    seen_holder = True
                if other == second and seen_holder:
                    second_after_top = True
                if (self.side >> other & 1) != ours:
                    choices += length if length else left + 1
                    opponents += 1
                    if not length and self._can_ruff(other, suit, top):
                        opp_ruff = True
                elif not length and self._can_ruff(other, suit, top):
                    mate_ruff = True
            rank = self._rank(place)
            weight = -_div(choices * W_CHOICE, opponents) if opponents else 0
            top_ours = (self.side >> holder & 1) == ours
            if top_ours and not opp_ruff:
                if holder == seat:
                    weight += W_CASH if runs[i] >> top & 1 else W_UNDER_OWN + rank
                else:
                    weight += W_TO_MATE - rank
            elif mate_ruff and not opp_ruff:
                weight += W_MATE_RUFF - rank
            elif top_ours:
                weight += W_RUFFED - rank
            elif (
                second >= 0
                and second != seat
                and second_after_top
                and (self.side >> second & 1) == ours
            ):
                weight += W_FINESSE - rank
            elif second == seat:
                weight += W_AWAY + rank
            else:
                weight += W_LOSER - rank
            weights[i] = weight

    def _weigh_follow(
        self, pos: int, places: list[int], runs: list[int], weights: list[int]
    ) -> None:
        """A follower's moves: while the side wins the trick for sure, play
        low (never overtake); else leave it to a partner still to play who
        can win for sure; else the cheapest card that wins for sure; else low,
        contesting with a card of a sequence. Discards come from long suits."""
        players = self.players
        left = self.left
        seat = self.seat_at[left][pos]
        ours = self.side >> seat & 1
        trick = self.trick[left]
        n = self.n
        led = self.suit[trick[0]]
        win = 0
        for i in range(1, pos):
            if self.beaters[led * n + trick[win]] >> trick[i] & 1:
                win = i
        winning = trick[win]
        winner = self.seat_at[left][win]
        later_theirs = 0
        later_ours = 0
        for i in range(pos + 1, players):
            after = self.seat_at[left][i]
            plays = self._legal(after, trick[0])
            if (self.side >> after & 1) != ours:
                later_theirs |= plays
            else:
                later_ours |= plays
        beaters = self.beaters
        we_win = (self.side >> winner & 1) == ours and not beaters[led * n + winning] & later_theirs
        mate_wins = False
        mates = later_ours & beaters[led * n + winning]
        while mates and not we_win:
            card = mates.bit_length() - 1
            mates ^= 1 << card
            if not beaters[led * n + card] & later_theirs:
                mate_wins = True
                break
        for i in range(len(places)):
            place = places[i]
            rank = self._rank(place)
            beats = beaters[led * n + winning] >> place & 1
            safe = not beaters[led * n + place] & later_theirs
            discard = 0
            if not self.follows[led] >> place & 1:
                discard = _div(self._length(seat, self.suit[place]) * 64, 36)
            if we_win:
                weight = W_OVERTAKE - rank if beats else W_LOW + discard - rank
            elif mate_wins:
                weight = W_CONTEST - rank if beats else W_LOW + discard - rank
            elif beats and safe:
                weight = W_WIN - rank
            elif beats:
                weight = W_CONTEST - rank + (W_SEQ if runs[i] != 1 << place else 0)
            else:
                weight = W_DUCK + discard - rank
            weights[i] = weight

    def _moves(self, seat: int, legal: int, places: list[int], runs: list[int]) -> None:
        """One move for each run of equivalent plays (the run's lowest card)."""
        others = (self.remaining ^ self.hands[seat]) | self.trick_mask
        same = self.same
        for suit in range(4):
            cards = legal & self.suit_mask[suit]
            previous = -1
            while cards:
                low = cards & -cards
                place = low.bit_length() - 1
                cards ^= low
                if previous >= 0:
                    span_low = same[previous] | (1 << previous)
                    span_high = same[place] | (1 << place)
                    start = (span_low & -span_low).bit_length() - 1
                    stop = span_high.bit_length() - 1
                    between = ((1 << (stop + 1)) - 1) & ~((1 << start) - 1)
                    if not between & others:
                        runs[-1] |= low
                        previous = place
                        continue
                places.append(place)
                runs.append(low)
                previous = place

    # -- the search ----------------------------------------------------------------------
    def _last_trick(self, target: int) -> bool:
        """The last trick: every seat's one card is its one play."""
        n = self.n
        seat = self.leader
        first = self.hands[seat].bit_length() - 1
        led = self.suit[first]
        best = first
        best_seat = seat
        for _ in range(1, self.players):
            seat = self.next_seat[seat]
            place = self.hands[seat].bit_length() - 1
            if self.beaters[led * n + best] >> place & 1:
                best = place
                best_seat = seat
        same_suit = False
        seat = self.leader
        for _ in range(self.players):
            place = self.hands[seat].bit_length() - 1
            if place != best and self.suit[place] == self.suit[best]:
                same_suit = True
            seat = self.next_seat[seat]
        self.relevant = 1 << best if same_suit else 0
        won = self.side >> best_seat & 1
        return target == won if self.exact else target <= won

    def _second_hand(self, pos: int, target: int, win: int, maximize: bool) -> bool:
        """After the lead: whether the side to move is sure of this trick, when
        this trick decides the question (leaves the card that decides it)."""
        left = self.left
        trick = self.trick[left]
        n = self.n
        led = self.suit[trick[0]]
        ours = 1 if maximize else 0
        theirs = 0
        for i in range(pos, self.players):
            after = self.seat_at[left][i]
            if (self.side >> after & 1) != ours:
                theirs |= self._legal(after, trick[0])
        winner_seat = self.seat_at[left][win]
        winning = trick[win]
        if (self.side >> winner_seat & 1) == ours and not self.beaters[led * n + winning] & theirs:
            self.relevant = 1 << winning
            return True
        for i in range(pos, self.players):
            mate = self.seat_at[left][i]
            if (self.side >> mate & 1) != ours:
                continue
            candidates = self._legal(mate, trick[0]) & self.beaters[led * n + winning]
            while candidates:
                card = candidates.bit_length() - 1
                candidates ^= 1 << card
                # Nor a card identical to it, which an opponent may play first.
                if not (self.beaters[led * n + card] | self.same[card]) & theirs:
                    self.relevant = 1 << card
                    return True
        return False

    def _in_trick(self, pos: int, target: int, win: int) -> bool:
        players = self.players
        left = self.left
        seat = self.seat_at[left][pos]
        maximize = (self.side >> seat & 1) == 1
        trick = self.trick[left]
        n = self.n
        self._count_node()
        legal = self._legal(seat, trick[0] if pos else -1)
        if pos and not self.exact:
            decides = target <= 1 if maximize else left - 1 < target
            if decides and self._second_hand(pos, target, win, maximize):
                return maximize
        places: list[int] = []
        runs: list[int] = []
        self._moves(seat, legal, places, runs)
        count = len(places)
        if count > 1:
            weights = [0] * count  # any common start orders the moves alike
            if pos == 0:
                self._weigh_lead(seat, places, runs, weights)
            else:
                self._weigh_follow(pos, places, runs, weights)
            killer = self.killer[left][pos]
            best_lead = self.best_lead if pos == 0 else -1
            for i in range(count):
                if killer >= 0 and runs[i] >> killer & 1:
                    weights[i] += W_FOLLOW_KILLER if pos else W_KILLER
                if best_lead >= 0 and runs[i] >> best_lead & 1:
                    weights[i] += W_BEST_LEAD
            # Highest weight first; equal weights in the order generated (as
            # the kernel's stable insertion sort).
            ordered = sorted(range(count), key=lambda i: (-weights[i], i))
            places = [places[i] for i in ordered]
            runs = [runs[i] for i in ordered]
        every = 0
        floor = [-1, -1, -1, -1]
        led_suit = self.suit[trick[0]] if pos else -1
        hands = self.hands
        owner = self.owner
        for i in range(count):
            place = places[i]
            suit = self.suit[place]
            if floor[suit] >= 0 and place < floor[suit]:
                continue
            bit = 1 << place
            hands[seat] ^= bit
            self.remaining ^= bit
            owner[place] = -1
            self.trick_mask |= bit
            trick[pos] = place
            best = win
            if pos == 0:
                best = 0
            elif self.beaters[led_suit * n + trick[win]] >> place & 1:
                best = pos
            if pos == players - 1:
                self.trick_nodes += 1
                winner = self.seat_at[left][best]
                won = self.side >> winner & 1
                saved = self.trick_mask
                leader = self.leader
                self.trick_mask = 0
                self.leader = winner
                self.left = left - 1
                ok = self._trick_start(target - won)
                self.left = left
                self.leader = leader
                self.trick_mask = saved
                top = trick[best]
                for j in range(players):
                    if j != best and self.suit[trick[j]] == self.suit[top]:
                        self.relevant |= 1 << top
                        break
            else:
                ok = self._in_trick(pos + 1, target, best)
            self.trick_mask ^= bit
            owner[place] = seat
            self.remaining |= bit
            hands[seat] |= bit
            if ok == maximize:
                self.killer[left][pos] = place
                if pos == 0:
                    self.best_lead = place
                return ok
            every |= self.relevant
            if floor[suit] < 0:
                known = every & self.suit_mask[suit]
                lowest = 64 * 64
                if known:
                    # A card identical to the lowest that mattered is not below it.
                    low = known & -known
                    copies = self.same[low.bit_length() - 1] | low
                    lowest = (copies & -copies).bit_length() - 1
                if place < lowest:
                    floor[suit] = lowest
        for run in runs:
            if every & run:
                every |= run
        self.relevant = every
        if pos == 0:
            self.best_lead = -1
        return not maximize

    def _table_lead(self, entry: Entry) -> int:
        if entry.best_suit < 0:
            return -1
        cards = self.remaining & self.suit_mask[entry.best_suit]
        for _ in range(entry.best_above):
            if not cards:
                break
            cards ^= 1 << (cards.bit_length() - 1)
        if not cards:
            return -1
        place = cards.bit_length() - 1
        return place if self.owner[place] == self.leader else -1

    def _trick_start(self, target: int) -> bool:
        left = self.left
        self.relevant = 0
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
        if left == 1:
            return self._last_trick(target)
        self._count_node()
        seat = self.leader
        seats = self.seat_at[left]
        for i in range(self.players):
            seats[i] = seat
            seat = self.next_seat[seat]
        if not self.exact:
            ours = self.side >> self.leader & 1 == 1
            quick = self._quick_tricks()
            count = quick.bit_count()
            if (count >= target) if ours else (left - count < target):
                self.relevant = quick
                return ours
            master = self._masters()
            if master:
                holder = self.owner[master.bit_length() - 1]
                theirs = self.side >> holder & 1 == 1
                count = master.bit_count()
                if (count >= target) if theirs else (left - count < target):
                    self.relevant = master
                    return theirs
            if target > left - 1 if ours else target <= 1:
                tops = self._opponents_win_trick()
                if tops >= 0:
                    self.relevant = tops
                    return not ours
        key = self._key()
        self._sequences()
        best_lead = -1
        bucket = self.buckets.get(key)
        if bucket is not None:
            for i in range(len(bucket.entries) - 1, -1, -1):
                entry = bucket.entries[i]
                matched = True
                for suit in range(4):
                    if self.sequence[suit] & entry.masks[suit] != entry.pattern[suit]:
                        matched = False
                        break
                if not matched:
                    continue
                # Each question reads what the other found (as the general
                # search does).
                answer = -1
                if self.exact:
                    if entry.yes >> target & 1:
                        answer = 1
                    elif entry.no >> target & 1 or target > entry.high:
                        answer = 0
                elif target <= entry.low or entry.yes >> target:
                    answer = 1
                elif target > entry.high:
                    answer = 0
                if answer >= 0:
                    self.relevant = self._entry_cards(entry)
                    return answer == 1
                if best_lead < 0:
                    best_lead = self._table_lead(entry)
        self.best_lead = best_lead
        result = self._in_trick(0, target, 0)
        best = self.best_lead
        relevant = self.relevant
        self._sequences()  # the tricks searched below wrote theirs
        self._store(key, relevant, result, target, best)
        self.relevant = relevant
        return result

    def _root(self, target: int, exact: bool) -> bool:
        self.exact = exact
        pos = self.root_pos
        left = self.left
        if pos == 0:
            return self._trick_start(target)
        if exact:
            if target < 0 or target > left:
                return False
        elif target <= 0:
            return True
        elif target > left:
            return False
        trick = self.trick[left]
        led = self.suit[trick[0]]
        win = 0
        for i in range(1, pos):
            if self.beaters[led * self.n + trick[win]] >> trick[i] & 1:
                win = i
        return self._in_trick(pos, target, win)

    def at_least(self, target: int) -> bool:
        """Whether the side can be sure of at least ``target`` of the tricks
        not yet finished, in the position loaded."""
        return self._root(target, False)

    def exactly(self, need: int) -> bool:
        """Whether the side (one seat) can be sure of exactly ``need`` of the
        tricks not yet finished, in the position loaded."""
        return self._root(need, True)

    def value(self, guess: int = -1) -> int:
        """The most tricks not yet finished the side can be sure of, in the
        position loaded: by bisection, or stepping from ``guess`` when one
        is given (as DDS does)."""
        low = 0
        high = self.left
        if guess < 0:
            return bisect(lambda target: self._root(target, False), low, high)
        guess = min(guess, high)
        while low < high:
            target = guess + 1 if guess == low else guess
            if self._root(target, False):
                low = guess = target
            else:
                high = guess = target - 1
        return low


def _div(a: int, b: int) -> int:
    """Division rounded towards zero, as C's."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q
