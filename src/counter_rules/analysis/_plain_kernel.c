/* The native kernel of the solver's plain search (counter_rules.analysis._plain).
 *
 * It searches the play of a hand of the plain family (plain Oh Hell, and so
 * bridge's card play) for one side, a bit set of seats. It states no rule of
 * the game: everything it knows of the rules comes in tables that
 * counter_rules.analysis._plain builds by asking the rules' own functions,
 *
 *   - the cards in play ("places"), by suit and then by the value the
 *     engine's trick resolution gives them, weakest first, and which of them
 *     are identical (two decks);
 *   - beaters[led][c]: the cards that beat card c when played after it in a
 *     trick led in suit led (plain_tricks.best_card over plain_level);
 *   - follows[led]: the cards that plain_tricks.plain_plays lists for a hand
 *     that holds any of them when a card of suit led was led (for any other
 *     hand it lists the whole hand: the Python side checks both answers);
 *   - next[seat]: the seat the engine asks to play after seat in a trick (the
 *     winner of a trick leads the next, as the engine does).
 *
 * The search is DDS's (Haglund and Hein's double-dummy solver for bridge),
 * written for any number of seats and any side: a null-window search ("can
 * the side be sure of t tricks?") with a transposition table written at the
 * starts of tricks, keyed by the leader and every hand's suit lengths, whose
 * entries keep only the ranks that won tricks (Ginsberg's partition search:
 * one entry answers every position that differs only in cards that never
 * mattered); quick tricks (the leader's and its partners' sure winners,
 * reached through an entry), later tricks (cards that win whenever played)
 * and the second hand's sure trick as cut-offs; equivalent cards searched
 * once, small cards of a suit searched once; moves ordered by weights that
 * depend on the seat's place in the trick, the best move of the last cut-off
 * at the same depth and the best lead stored with the table's entry first.
 *
 * The pure-Python search of counter_rules.analysis._plain is the same
 * algorithm; the tests hold the two to each other, to DDS and to a naive
 * minimax over the public engine.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SEATS 16
#define MAX_CARDS 64
/* The most tricks a hand of 64 cards in play can have left (two seats). */
#define MAX_TRICKS 32
#define KEY_WORDS 6
#define BUCKET_CAP 64
/* The table is emptied when it holds more entries than this (about 40 MB
 * with its buckets). */
#define MAX_ENTRIES (1u << 18)

#include "../_native_bits.h"

/* What the table knows of the positions that match a pattern: for each
 * suit, the holders of its top cards (pattern, under mask, one code a card
 * from the top, in the low bits first); bounds on the side's tricks from the
 * start of the trick; the numbers of tricks the side can and cannot be sure
 * of taking exactly; and the lead that answered (its suit, and how many of
 * the suit's remaining cards rank above it), for move ordering. */
typedef struct {
    mask_t mask[4];
    mask_t pattern[4];
    uint64_t yes, no;
    uint8_t low, high;
    int8_t best_suit, best_above;
} Entry;

typedef struct {
    uint64_t key[KEY_WORDS];
    Entry *entries;
    uint16_t count, next, capacity, used;
} Bucket;

typedef struct {
    PyObject_HEAD
    /* The ruleset's tables. */
    int players, side, n, key_words, code_bits, ties;
    int next[MAX_SEATS];
    int suit[MAX_CARDS];
    mask_t suit_mask[4];
    mask_t beaters[4][MAX_CARDS];
    mask_t follows[4];
    /* Per card: the identical cards (itself excluded) and the cards it
     * beats whatever suit is led, played after them; the cards that beat it
     * under some led suit. */
    mask_t same[MAX_CARDS];
    mask_t beats_always[MAX_CARDS];
    mask_t beaten_ever[MAX_CARDS];
    /* The position. */
    mask_t hands[MAX_SEATS];
    uint8_t length[MAX_SEATS][4];
    int8_t owner[MAX_CARDS];
    mask_t remaining;
    int leader, left, exact, root_pos;
    int trick[MAX_TRICKS + 1][MAX_SEATS];
    int seat_at[MAX_TRICKS + 1][MAX_SEATS];
    mask_t trick_mask;
    mask_t relevant;
    mask_t sequence[4];
    /* Move ordering: the move of the last cut-off by depth and place in the
     * trick; the lead the table suggests at the trick being searched. */
    int8_t killer[MAX_TRICKS + 1][MAX_SEATS];
    int best_lead;
    /* Limits, and the count of tricks played (DDS's "trick nodes"). */
    unsigned long long nodes, node_limit, next_check, trick_nodes;
    double deadline;
    PyObject *clock;
    jmp_buf stop;
    int stopped;
    /* The table: open addressing over buckets. */
    Bucket *buckets;
    size_t capacity, used;
    size_t entries;
} Kernel;

static PyObject *LimitReached;

/* -- the table ------------------------------------------------------------ */

static void table_clear(Kernel *k) {
    if (k->buckets != NULL) {
        for (size_t i = 0; i < k->capacity; i++) {
            free(k->buckets[i].entries);
        }
        free(k->buckets);
    }
    k->buckets = NULL;
    k->capacity = 0;
    k->used = 0;
    k->entries = 0;
}

static uint64_t key_hash(const uint64_t *key, int words) {
    uint64_t h = 0x9e3779b97f4a7c15ULL;
    for (int i = 0; i < words; i++) {
        h ^= key[i];
        h *= 0xbf58476d1ce4e5b9ULL;
        h ^= h >> 31;
    }
    return h;
}

static int table_grow(Kernel *k) {
    size_t capacity = k->capacity ? 2 * k->capacity : 4096;
    Bucket *buckets = (Bucket *)calloc(capacity, sizeof(Bucket));
    if (buckets == NULL) {
        return -1;
    }
    for (size_t i = 0; i < k->capacity; i++) {
        Bucket *old = &k->buckets[i];
        if (!old->used) {
            continue;
        }
        size_t at = key_hash(old->key, k->key_words) & (capacity - 1);
        while (buckets[at].used) {
            at = (at + 1) & (capacity - 1);
        }
        buckets[at] = *old;
    }
    free(k->buckets);
    k->buckets = buckets;
    k->capacity = capacity;
    return 0;
}

/* The bucket of key; a new one when create (NULL when not found, or out of
 * memory: the table then just forgets). */
static Bucket *table_bucket(Kernel *k, const uint64_t *key, int create) {
    if (k->capacity) {
        size_t at = key_hash(key, k->key_words) & (k->capacity - 1);
        while (k->buckets[at].used) {
            if (memcmp(k->buckets[at].key, key, sizeof(uint64_t) * k->key_words) == 0) {
                return &k->buckets[at];
            }
            at = (at + 1) & (k->capacity - 1);
        }
    }
    if (!create) {
        return NULL;
    }
    if (k->entries >= MAX_ENTRIES) {
        table_clear(k);
    }
    if (2 * (k->used + 1) > k->capacity && table_grow(k) < 0) {
        return NULL;
    }
    size_t at = key_hash(key, k->key_words) & (k->capacity - 1);
    while (k->buckets[at].used) {
        at = (at + 1) & (k->capacity - 1);
    }
    Bucket *b = &k->buckets[at];
    memset(b, 0, sizeof(Bucket));
    memcpy(b->key, key, sizeof(uint64_t) * k->key_words);
    b->used = 1;
    k->used++;
    return b;
}

/* -- the position --------------------------------------------------------- */

static inline int length_of(const Kernel *k, int seat, int suit) {
    return k->length[seat][suit];
}

/* The table's first key: the length of every suit in every hand (5 bits
 * each, twelve to a word) and the leader (the first word's top bits). */
static void make_key(const Kernel *k, uint64_t *key) {
    memset(key, 0, sizeof(uint64_t) * KEY_WORDS);
    int field = 0;
    for (int seat = 0; seat < k->players; seat++) {
        for (int s = 0; s < 4; s++, field++) {
            key[field / 12] |= (uint64_t)k->length[seat][s] << (5 * (field % 12));
        }
    }
    key[0] |= (uint64_t)k->leader << 60;
}

/* For each suit, the holders of its remaining cards from the highest down,
 * code_bits a card (with identical cards in play, the second of two
 * identical cards marked). */
static void make_sequences(Kernel *k) {
    int bits = k->code_bits;
    for (int s = 0; s < 4; s++) {
        mask_t cards = k->remaining & k->suit_mask[s];
        mask_t sequence = 0;
        int shift = 0;
        int previous = -1;
        while (cards) {
            int place = high_bit(cards);
            cards ^= BIT(place);
            mask_t code = (mask_t)k->owner[place];
            if (k->ties) {
                int tie = previous >= 0 && (k->same[place] >> previous & 1);
                code = code * 2 + (mask_t)tie;
            }
            sequence |= code << shift;
            shift += bits;
            previous = place;
        }
        k->sequence[s] = sequence;
    }
}

/* The remaining cards of each suit down to the lowest of relevant (all of
 * them with identical cards in play), as the masks and pattern of an entry. */
static void make_pattern(const Kernel *k, mask_t relevant, mask_t *masks, mask_t *pattern) {
    for (int s = 0; s < 4; s++) {
        mask_t cards = k->remaining & k->suit_mask[s];
        int count;
        if (k->ties) {
            count = count_bits(cards);
        } else {
            mask_t low = relevant & cards;
            if (!low) {
                masks[s] = 0;
                pattern[s] = 0;
                continue;
            }
            count = count_bits(cards >> low_bit(low));
        }
        int width = count * k->code_bits;
        masks[s] = width >= 64 ? ~(mask_t)0 : (BIT(width) - 1);
        pattern[s] = k->sequence[s] & masks[s];
    }
}

/* The top cards an entry's masks cover, as the cards the answer depends on. */
static mask_t entry_cards(const Kernel *k, const Entry *e) {
    mask_t top = 0;
    for (int s = 0; s < 4; s++) {
        if (!e->mask[s]) {
            continue;
        }
        int count = (high_bit(e->mask[s]) + 1) / k->code_bits;
        mask_t cards = k->remaining & k->suit_mask[s];
        while (count-- > 0 && cards) {
            int place = high_bit(cards);
            top |= BIT(place);
            cards ^= BIT(place);
        }
    }
    return top;
}

static void store(Kernel *k, const uint64_t *key, mask_t relevant, int result, int target,
                  int best) {
    mask_t masks[4], pattern[4];
    make_pattern(k, relevant, masks, pattern);
    Bucket *b = table_bucket(k, key, 1);
    if (b == NULL) {
        return;
    }
    Entry *e = NULL;
    for (int i = 0; i < b->count; i++) {
        Entry *known = &b->entries[i];
        if (memcmp(known->mask, masks, sizeof masks) == 0 &&
            memcmp(known->pattern, pattern, sizeof pattern) == 0) {
            e = known;
            break;
        }
    }
    if (e == NULL) {
        if (b->count == b->capacity && b->capacity < BUCKET_CAP) {
            int capacity = b->capacity ? 2 * b->capacity : 2;
            Entry *grown = (Entry *)realloc(b->entries, sizeof(Entry) * (size_t)capacity);
            if (grown == NULL) {
                return;
            }
            b->entries = grown;
            b->capacity = (uint16_t)capacity;
        }
        if (b->count < b->capacity) {
            e = &b->entries[b->count++];
            k->entries++;
        } else {
            /* Full: the oldest entry makes room. */
            e = &b->entries[b->next];
            b->next = (uint16_t)((b->next + 1) % b->capacity);
        }
        memcpy(e->mask, masks, sizeof masks);
        memcpy(e->pattern, pattern, sizeof pattern);
        e->low = 0;
        e->high = (uint8_t)k->left;
        e->yes = e->no = 0;
        e->best_suit = -1;
        e->best_above = 0;
    }
    if (k->exact) {
        if (result) {
            e->yes |= (uint64_t)1 << target;
        } else {
            e->no |= (uint64_t)1 << target;
        }
    }
    if (result) {
        if (target > e->low) {
            e->low = (uint8_t)target;
        }
    } else if (!k->exact && target - 1 < e->high) {
        e->high = (uint8_t)(target - 1);
    }
    if (best >= 0) {
        int s = k->suit[best];
        e->best_suit = (int8_t)s;
        e->best_above = (int8_t)count_bits((k->remaining & k->suit_mask[s]) >> best >> 1);
    }
}

/* -- limits ---------------------------------------------------------------- */

static void count_node(Kernel *k) {
    k->nodes++;
    if (k->nodes < k->next_check) {
        return;
    }
    k->next_check = k->nodes + 16384;
    if (k->node_limit && k->nodes > k->node_limit) {
        k->next_check = k->nodes + 1;
        k->stopped = 1;
        longjmp(k->stop, 1);
    }
    if (PyErr_CheckSignals() < 0) {
        k->stopped = 2;
        longjmp(k->stop, 1);
    }
    if (k->deadline > 0 && k->clock != NULL) {
        PyObject *now = PyObject_CallNoArgs(k->clock);
        if (now == NULL) {
            k->stopped = 2;
            longjmp(k->stop, 1);
        }
        double t = PyFloat_AsDouble(now);
        Py_DECREF(now);
        if (t > k->deadline) {
            k->stopped = 1;
            longjmp(k->stop, 1);
        }
    }
    if (k->node_limit && k->next_check > k->node_limit) {
        k->next_check = k->node_limit;
    }
}

/* -- the rules, from the tables -------------------------------------------- */

/* The plays of seat with the trick led by the card led (-1: a lead). */
static inline mask_t legal_plays(const Kernel *k, int seat, int led) {
    mask_t hand = k->hands[seat];
    if (led < 0) {
        return hand;
    }
    mask_t following = hand & k->follows[k->suit[led]];
    return following ? following : hand;
}

/* -- quick tricks and later tricks ----------------------------------------- */

/* The cards seat can cash from the lead, one trick each (a mask): in each
 * suit its highest remaining cards while no other seat can beat them, a
 * seat that still holds a card that follows having to follow (and those
 * cards cannot beat them). A seat that holds a card able to beat a suit's
 * card from another suit is a danger only once it may be out of the suit,
 * so such a seat never discards while the suits are cashed, and the suits
 * add up. */
static mask_t sure_cards(const Kernel *k, int seat) {
    mask_t sure = 0;
    for (int s = 0; s < 4; s++) {
        mask_t cards = k->remaining & k->suit_mask[s];
        int rounds = 0;
        while (cards) {
            int top = high_bit(cards);
            if (k->owner[top] != seat) {
                break;
            }
            cards ^= BIT(top);
            rounds++;
            mask_t danger = k->beaters[s][top];
            int safe = 1;
            for (int other = 0; other < k->players; other++) {
                if (other == seat || !(k->hands[other] & danger)) {
                    continue;
                }
                mask_t following = k->hands[other] & k->follows[s];
                if (count_bits(following) < rounds || (following & danger)) {
                    safe = 0;
                    break;
                }
            }
            if (!safe) {
                break;
            }
            sure |= BIT(top);
        }
    }
    return sure;
}

/* The leader's side's quick tricks (a mask of the cards that take them): the
 * leader's sure cards, or a partner's, reached by leading a suit the partner
 * cashes (the leader cashing its own first: their suits differ). */
static mask_t quick_tricks(const Kernel *k) {
    int leader = k->leader;
    int ours = k->side >> leader & 1;
    mask_t own = sure_cards(k, leader);
    mask_t best = own;
    for (int mate = 0; mate < k->players; mate++) {
        if (mate == leader || ((k->side >> mate & 1) != ours)) {
            continue;
        }
        mask_t theirs = sure_cards(k, mate);
        if (!theirs) {
            continue;
        }
        for (int s = 0; s < 4; s++) {
            if ((theirs & k->suit_mask[s]) && (k->hands[leader] & k->suit_mask[s])) {
                /* The partner's top card takes the lead only if no card
                 * identical to it, played first, can take the trick. */
                int top = high_bit(theirs & k->suit_mask[s]);
                if (k->same[top] & k->remaining & ~k->hands[mate]) {
                    continue;
                }
                mask_t both = own | theirs;
                if (count_bits(both) > count_bits(best)) {
                    best = both;
                }
                break;
            }
        }
    }
    return best;
}

/* Cards that win the trick they are played to, whoever leads and whatever is
 * played: each beats every other remaining card (wherever it is played and
 * whatever suit is led), and none beats it. They can only be in one hand. */
static mask_t masters(const Kernel *k) {
    mask_t found = 0;
    int holder = -1;
    for (int s = 0; s < 4; s++) {
        mask_t cards = k->remaining & k->suit_mask[s];
        while (cards) {
            int top = high_bit(cards);
            int h = k->owner[top];
            if (holder >= 0 && h != holder) {
                break;
            }
            mask_t others = k->remaining & ~k->hands[h];
            if ((others & ~k->beats_always[top]) || (others & k->beaten_ever[top])) {
                break;
            }
            holder = h;
            found |= BIT(top);
            cards ^= BIT(top);
        }
    }
    return found;
}

/* Whether the leader's opponents win this trick whatever is led: in every
 * suit the leader holds, an opponent holds the highest card, which nobody
 * can beat. Leaves the cards that decide it in *cards. */
static int opponents_win_trick(const Kernel *k, mask_t *cards) {
    int leader = k->leader;
    int ours = k->side >> leader & 1;
    mask_t tops = 0;
    for (int s = 0; s < 4; s++) {
        if (!(k->hands[leader] & k->suit_mask[s])) {
            continue;
        }
        int top = high_bit(k->remaining & k->suit_mask[s]);
        int holder = k->owner[top];
        if ((k->side >> holder & 1) == ours) {
            return 0;
        }
        /* A card identical to it, played first, would take the trick. */
        if (k->same[top] & k->remaining & ~k->hands[holder]) {
            return 0;
        }
        mask_t danger = k->beaters[s][top];
        for (int other = 0; other < k->players; other++) {
            if (other == holder || !(k->hands[other] & danger)) {
                continue;
            }
            mask_t following = k->hands[other] & k->follows[s];
            if (!following || (following & danger)) {
                return 0;
            }
        }
        tops |= BIT(top);
    }
    *cards = tops;
    return 1;
}

/* -- move ordering ---------------------------------------------------------- */

typedef struct {
    int place;  /* the run's lowest card, searched for the run */
    int weight;
    mask_t run;
} Move;

static int rank_in_suit(const Kernel *k, int place) {
    /* 0 for the suit's lowest card still in play, upwards. */
    return count_bits((k->remaining | k->trick_mask) & k->suit_mask[k->suit[place]] &
                      (BIT(place) - 1));
}

/* The weights of move ordering: the Python search's constants
 * (_plain_search.py's WEIGHTS, in this order), handed in by set_weights
 * when _plain.py loads the kernel, so that both searches read one statement. */
enum {
    I_CHOICE,
    I_CASH,
    I_UNDER_OWN,
    I_TO_MATE,
    I_MATE_RUFF,
    I_FINESSE,
    I_AWAY,
    I_LOSER,
    I_RUFFED,
    I_KILLER,
    I_FOLLOW_KILLER,
    I_BEST_LEAD,
    I_OVERTAKE,
    I_LOW,
    I_WIN,
    I_CONTEST,
    I_DUCK,
    I_SEQ,
    WEIGHT_COUNT
};
static int weights[WEIGHT_COUNT];
#define W_CHOICE (weights[I_CHOICE])
#define W_CASH (weights[I_CASH])
#define W_UNDER_OWN (weights[I_UNDER_OWN])
#define W_TO_MATE (weights[I_TO_MATE])
#define W_MATE_RUFF (weights[I_MATE_RUFF])
#define W_FINESSE (weights[I_FINESSE])
#define W_AWAY (weights[I_AWAY])
#define W_LOSER (weights[I_LOSER])
#define W_RUFFED (weights[I_RUFFED])
#define W_KILLER (weights[I_KILLER])
#define W_FOLLOW_KILLER (weights[I_FOLLOW_KILLER])
#define W_BEST_LEAD (weights[I_BEST_LEAD])
#define W_OVERTAKE (weights[I_OVERTAKE])
#define W_LOW (weights[I_LOW])
#define W_WIN (weights[I_WIN])
#define W_CONTEST (weights[I_CONTEST])
#define W_DUCK (weights[I_DUCK])
#define W_SEQ (weights[I_SEQ])

/* Whether seat other, void in suit s, can beat the card top from another
 * suit (it may then ruff). */
static inline int can_ruff(const Kernel *k, int other, int s, int top) {
    return !(k->hands[other] & k->follows[s]) && (k->hands[other] & k->beaters[s][top]);
}

/* The leader's moves: cash the side's sure winners, lead to a partner's
 * winner or ruff, lead towards a partner's tenace; suits where the
 * opponents have fewer choices first (a smaller tree). */
static void weigh_lead(const Kernel *k, int seat, Move *moves, int count) {
    int ours = k->side >> seat & 1;
    int left = k->left;
    int players = k->players;
    for (int i = 0; i < count; i++) {
        Move *m = &moves[i];
        int s = k->suit[m->place];
        mask_t cards = k->remaining & k->suit_mask[s];
        int top = high_bit(cards);
        int holder = k->owner[top];
        mask_t below = cards & ~BIT(top);
        int second = below ? k->owner[high_bit(below)] : -1;
        int choices = 0, opponents = 0, opp_ruff = 0, mate_ruff = 0;
        int second_after_top = 0;
        int seen_holder = 0;
        int other = seat;
        for (int j = 1; j < players; j++) {
            other = k->next[other];
            int length = length_of(k, other, s);
            if (other == holder) {
                seen_holder = 1;
            }
            if (other == second && seen_holder) {
                second_after_top = 1;
            }
            if ((k->side >> other & 1) != ours) {
                choices += length ? length : left + 1;
                opponents++;
                if (!length && can_ruff(k, other, s, top)) {
                    opp_ruff = 1;
                }
            } else if (!length && can_ruff(k, other, s, top)) {
                mate_ruff = 1;
            }
        }
        int rank = rank_in_suit(k, m->place);
        int weight = opponents ? -(choices * W_CHOICE) / opponents : 0;
        int top_ours = (k->side >> holder & 1) == ours;
        if (top_ours && !opp_ruff) {
            if (holder == seat) {
                weight += (m->run >> top & 1) ? W_CASH : W_UNDER_OWN + rank;
            } else {
                weight += W_TO_MATE - rank;
            }
        } else if (mate_ruff && !opp_ruff) {
            weight += W_MATE_RUFF - rank;
        } else if (top_ours) {
            weight += W_RUFFED - rank;
        } else if (second >= 0 && second != seat && second_after_top &&
                   (k->side >> second & 1) == ours) {
            weight += W_FINESSE - rank;
        } else if (second == seat) {
            weight += W_AWAY + rank;
        } else {
            weight += W_LOSER - rank;
        }
        m->weight = weight;
    }
}

/* A follower's moves: while the side wins the trick for sure, play low
 * (never overtake); else leave it to a partner still to play who can win
 * for sure; else the cheapest card that wins for sure; else low, contesting
 * with a card of a sequence. Discards come from long suits. */
static void weigh_follow(const Kernel *k, int pos, Move *moves, int count) {
    int players = k->players;
    int left = k->left;
    int seat = k->seat_at[left][pos];
    int ours = k->side >> seat & 1;
    const int *trick = k->trick[left];
    int led = k->suit[trick[0]];
    int win = 0;
    for (int i = 1; i < pos; i++) {
        if (k->beaters[led][trick[win]] >> trick[i] & 1) {
            win = i;
        }
    }
    int winning = trick[win];
    int winner = k->seat_at[left][win];
    mask_t later_theirs = 0, later_ours = 0;
    for (int i = pos + 1; i < players; i++) {
        int after = k->seat_at[left][i];
        mask_t plays = legal_plays(k, after, trick[0]);
        if ((k->side >> after & 1) != ours) {
            later_theirs |= plays;
        } else {
            later_ours |= plays;
        }
    }
    int we_win = (k->side >> winner & 1) == ours && !(k->beaters[led][winning] & later_theirs);
    int mate_wins = 0;
    mask_t mates = later_ours & k->beaters[led][winning];
    while (mates && !we_win) {
        int c = high_bit(mates);
        mates ^= BIT(c);
        if (!(k->beaters[led][c] & later_theirs)) {
            mate_wins = 1;
            break;
        }
    }
    for (int i = 0; i < count; i++) {
        Move *m = &moves[i];
        int place = m->place;
        int s = k->suit[place];
        int rank = rank_in_suit(k, place);
        int beats = (int)(k->beaters[led][winning] >> place & 1);
        int safe = !(k->beaters[led][place] & later_theirs);
        int discard = 0;
        if (!(k->follows[led] >> place & 1)) {
            int length = length_of(k, seat, s);
            discard = (length * 64) / 36;
        }
        int weight;
        if (we_win) {
            weight = beats ? W_OVERTAKE - rank : W_LOW + discard - rank;
        } else if (mate_wins) {
            weight = beats ? W_CONTEST - rank : W_LOW + discard - rank;
        } else if (beats && safe) {
            weight = W_WIN - rank;
        } else if (beats) {
            weight = W_CONTEST - rank + (m->run != BIT(place) ? W_SEQ : 0);
        } else {
            weight = W_DUCK + discard - rank;
        }
        m->weight = weight;
    }
}

/* One move for each run of equivalent plays (the run's lowest card), with
 * its weight. Cards are equivalent when no card of another hand or of the
 * trick lies between them. */
static int moves_of(Kernel *k, int seat, mask_t legal, Move *moves) {
    mask_t others = (k->remaining ^ k->hands[seat]) | k->trick_mask;
    int count = 0;
    for (int s = 0; s < 4; s++) {
        mask_t cards = legal & k->suit_mask[s];
        int previous = -1;
        while (cards) {
            int place = low_bit(cards);
            cards &= cards - 1;
            if (previous >= 0) {
                /* The places from the previous card (and those identical to
                 * it) up to this one (and those identical to it). */
                mask_t span_low = k->same[previous] | BIT(previous);
                mask_t span_high = k->same[place] | BIT(place);
                int start = low_bit(span_low);
                int stop = high_bit(span_high);
                mask_t between = (stop >= 63 ? ~(mask_t)0 : (BIT(stop + 1) - 1)) & ~(BIT(start) - 1);
                if (!(between & others)) {
                    moves[count - 1].run |= BIT(place);
                    previous = place;
                    continue;
                }
            }
            moves[count].place = place;
            moves[count].run = BIT(place);
            moves[count].weight = 0;
            count++;
            previous = place;
        }
    }
    return count;
}

static void sort_moves(Move *moves, int count) {
    for (int i = 1; i < count; i++) {
        Move m = moves[i];
        int j = i - 1;
        while (j >= 0 && moves[j].weight < m.weight) {
            moves[j + 1] = moves[j];
            j--;
        }
        moves[j + 1] = m;
    }
}

/* -- the search -------------------------------------------------------------- */

static int trick_start(Kernel *k, int target);

/* The last trick: every seat's one card is its one play. */
static int last_trick(Kernel *k, int target) {
    int players = k->players;
    int seat = k->leader;
    int first = high_bit(k->hands[seat]);
    int led = k->suit[first];
    int best = first;
    int best_seat = seat;
    int same_suit = 0;
    for (int i = 1; i < players; i++) {
        seat = k->next[seat];
        int place = high_bit(k->hands[seat]);
        if (k->beaters[led][best] >> place & 1) {
            best = place;
            best_seat = seat;
        }
    }
    seat = k->leader;
    for (int i = 0; i < players; i++) {
        int place = high_bit(k->hands[seat]);
        if (place != best && k->suit[place] == k->suit[best]) {
            same_suit = 1;
        }
        seat = k->next[seat];
    }
    k->relevant = same_suit ? BIT(best) : 0;
    int won = k->side >> best_seat & 1;
    return k->exact ? target == won : target <= won;
}

static int in_trick(Kernel *k, int pos, int target, int win) {
    int players = k->players;
    int left = k->left;
    int seat = k->seat_at[left][pos];
    int maximize = k->side >> seat & 1;
    int *trick = k->trick[left];
    count_node(k);
    mask_t legal = legal_plays(k, seat, pos ? trick[0] : -1);
    if (pos && !k->exact && (target <= 1 || left - 1 < target)) {
        /* The side to move sure of this trick, and this trick decides the
         * answer: the side's best card cannot be beaten by any opponent
         * still to play, and beats the trick's card so far. */
        int led = k->suit[trick[0]];
        int ours = maximize;
        int decides = ours ? target <= 1 : left - 1 < target;
        if (decides) {
            mask_t theirs = 0;
            for (int i = pos; i < players; i++) {
                int after = k->seat_at[left][i];
                if ((k->side >> after & 1) != ours) {
                    theirs |= legal_plays(k, after, trick[0]);
                }
            }
            int winner_seat = k->seat_at[left][win];
            int winning = trick[win];
            if ((k->side >> winner_seat & 1) == ours && !(k->beaters[led][winning] & theirs)) {
                /* Its rank decides: it stands over the cards of its suit
                 * that the opponents still to play hold. */
                k->relevant = BIT(winning);
                return ours;
            }
            for (int i = pos; i < players; i++) {
                int mate = k->seat_at[left][i];
                if ((k->side >> mate & 1) != ours) {
                    continue;
                }
                mask_t plays = legal_plays(k, mate, trick[0]);
                mask_t candidates = plays & k->beaters[led][winning];
                while (candidates) {
                    int c = high_bit(candidates);
                    candidates ^= BIT(c);
                    /* Nor a card identical to c, which an opponent may play first. */
                    if (!((k->beaters[led][c] | k->same[c]) & theirs)) {
                        /* Beating the cards played before it: their ranks
                         * stand under c's in the pattern. */
                        k->relevant = BIT(c);
                        return ours;
                    }
                }
            }
        }
    }
    Move moves[MAX_TRICKS];
    int count = moves_of(k, seat, legal, moves);
    if (count > 1) {
        if (pos == 0) {
            weigh_lead(k, seat, moves, count);
        } else {
            weigh_follow(k, pos, moves, count);
        }
        int killer = k->killer[left][pos];
        int best_lead = pos == 0 ? k->best_lead : -1;
        for (int i = 0; i < count; i++) {
            if (killer >= 0 && (moves[i].run >> killer & 1)) {
                moves[i].weight += pos ? W_FOLLOW_KILLER : W_KILLER;
            }
            if (best_lead >= 0 && (moves[i].run >> best_lead & 1)) {
                moves[i].weight += W_BEST_LEAD;
            }
        }
        sort_moves(moves, count);
    }
    mask_t every = 0;
    /* DDS's small cards: once a card of a suit below the suit's lowest card
     * that mattered has been searched, the others below it are not. */
    int floor[4] = {-1, -1, -1, -1};
    int led_suit = pos ? k->suit[trick[0]] : -1;
    for (int i = 0; i < count; i++) {
        int place = moves[i].place;
        int s = k->suit[place];
        if (floor[s] >= 0 && place < floor[s]) {
            continue;
        }
        mask_t bit = BIT(place);
        k->hands[seat] ^= bit;
        k->length[seat][s]--;
        k->remaining ^= bit;
        k->owner[place] = -1;
        k->trick_mask |= bit;
        trick[pos] = place;
        int best = win;
        if (pos == 0) {
            best = 0;
        } else if (k->beaters[led_suit][trick[win]] >> place & 1) {
            best = pos;
        }
        int ok;
        if (pos == players - 1) {
            k->trick_nodes++;
            int winner = k->seat_at[left][best];
            int won = k->side >> winner & 1;
            mask_t saved = k->trick_mask;
            int leader = k->leader;
            k->trick_mask = 0;
            k->leader = winner;
            k->left = left - 1;
            ok = trick_start(k, target - won);
            k->left = left;
            k->leader = leader;
            k->trick_mask = saved;
            /* The winner won by rank if another card of its suit was played. */
            int top = trick[best];
            for (int j = 0; j < players; j++) {
                if (j != best && k->suit[trick[j]] == k->suit[top]) {
                    k->relevant |= BIT(top);
                    break;
                }
            }
        } else {
            ok = in_trick(k, pos + 1, target, best);
        }
        k->trick_mask ^= bit;
        k->owner[place] = (int8_t)seat;
        k->remaining |= bit;
        k->length[seat][s]++;
        k->hands[seat] |= bit;
        if (ok == maximize) {
            k->killer[left][pos] = (int8_t)place;
            if (pos == 0) {
                k->best_lead = place; /* the lead that answered, for the table */
            }
            return ok;
        }
        every |= k->relevant;
        if (floor[s] < 0) {
            mask_t known = every & k->suit_mask[s];
            int lowest = MAX_CARDS;
            if (known) {
                /* A card identical to the lowest that mattered is not below it. */
                int low = low_bit(known);
                lowest = low_bit(k->same[low] | BIT(low));
            }
            if (place < lowest) {
                floor[s] = lowest;
            }
        }
    }
    for (int i = 0; i < count; i++) {
        if (every & moves[i].run) {
            every |= moves[i].run;
        }
    }
    k->relevant = every;
    if (pos == 0) {
        k->best_lead = -1;
    }
    return !maximize;
}

static int table_lead(const Kernel *k, const Entry *e) {
    if (e->best_suit < 0) {
        return -1;
    }
    mask_t cards = k->remaining & k->suit_mask[(int)e->best_suit];
    for (int i = 0; i < e->best_above && cards; i++) {
        cards ^= BIT(high_bit(cards));
    }
    if (!cards) {
        return -1;
    }
    int place = high_bit(cards);
    return k->owner[place] == k->leader ? place : -1;
}

static int trick_start(Kernel *k, int target) {
    int left = k->left;
    k->relevant = 0;
    if (k->exact) {
        if (target < 0 || target > left) {
            return 0;
        }
        if (left == 0) {
            return 1;
        }
    } else {
        if (target <= 0) {
            return 1;
        }
        if (target > left) {
            return 0;
        }
    }
    if (left == 1) {
        return last_trick(k, target);
    }
    count_node(k);
    /* The seats in the order they play this trick. */
    int seat = k->leader;
    for (int i = 0; i < k->players; i++) {
        k->seat_at[left][i] = seat;
        seat = k->next[seat];
    }
    if (!k->exact) {
        int ours = k->side >> k->leader & 1;
        mask_t quick = quick_tricks(k);
        int count = count_bits(quick);
        if (ours ? count >= target : left - count < target) {
            k->relevant = quick;
            return ours;
        }
        mask_t master = masters(k);
        if (master) {
            int holder = k->owner[high_bit(master)];
            int theirs = k->side >> holder & 1;
            count = count_bits(master);
            if (theirs ? count >= target : left - count < target) {
                k->relevant = master;
                return theirs;
            }
        }
        mask_t tops;
        if ((ours ? target > left - 1 : target <= 1) && opponents_win_trick(k, &tops)) {
            k->relevant = tops;
            return !ours;
        }
    }
    uint64_t key[KEY_WORDS];
    make_key(k, key);
    make_sequences(k);
    int best_lead = -1;
    Bucket *b = table_bucket(k, key, 0);
    if (b != NULL) {
        for (int i = b->count - 1; i >= 0; i--) {
            const Entry *e = &b->entries[i];
            int match = 1;
            for (int s = 0; s < 4; s++) {
                if ((k->sequence[s] & e->mask[s]) != e->pattern[s]) {
                    match = 0;
                    break;
                }
            }
            if (!match) {
                continue;
            }
            /* Each question reads what the other found (as the general
             * search does): exactly target found possible is at least
             * target; at least target found impossible rules out exactly
             * target. */
            int answer = -1;
            if (k->exact) {
                if (e->yes >> target & 1) {
                    answer = 1;
                } else if (e->no >> target & 1 || target > e->high) {
                    answer = 0;
                }
            } else if (target <= e->low || e->yes >> target) {
                answer = 1;
            } else if (target > e->high) {
                answer = 0;
            }
            if (answer >= 0) {
                k->relevant = entry_cards(k, e);
                return answer;
            }
            if (best_lead < 0) {
                best_lead = table_lead(k, e);
            }
        }
    }
    k->best_lead = best_lead;
    mask_t sequence[4];
    memcpy(sequence, k->sequence, sizeof sequence);
    int result = in_trick(k, 0, target, 0);
    int best = k->best_lead;
    mask_t relevant = k->relevant;
    memcpy(k->sequence, sequence, sizeof sequence); /* the tricks below wrote theirs */
    store(k, key, relevant, result, target, best);
    k->relevant = relevant;
    return result;
}

/* -- the Python type ---------------------------------------------------------- */

static int run_question(Kernel *k, int target, int exact, int *answer) {
    k->exact = exact;
    k->stopped = 0;
    k->next_check = k->nodes + 1;
    if (setjmp(k->stop)) {
        if (k->stopped == 2) {
            return -2; /* a Python error is set */
        }
        return -1;
    }
    int pos = k->root_pos;
    int left = k->left;
    if (pos == 0) {
        *answer = trick_start(k, target);
        return 0;
    }
    if (exact) {
        if (target < 0 || target > left) {
            *answer = 0;
            return 0;
        }
    } else if (target <= 0) {
        *answer = 1;
        return 0;
    } else if (target > left) {
        *answer = 0;
        return 0;
    }
    int led = k->suit[k->trick[left][0]];
    int win = 0;
    for (int i = 1; i < pos; i++) {
        if (k->beaters[led][k->trick[left][win]] >> k->trick[left][i] & 1) {
            win = i;
        }
    }
    *answer = in_trick(k, pos, target, win);
    return 0;
}

static PyObject *finish(Kernel *k, int status, PyObject *value) {
    if (status == -2) {
        return NULL;
    }
    if (status == -1) {
        PyErr_SetString(LimitReached, "the search reached its limit");
        return NULL;
    }
    return value;
}

static int Kernel_init(Kernel *k, PyObject *args, PyObject *kwds) {
    static char *names[] = {"players", "side", "order", NULL};
    int players, side;
    Py_buffer order;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "iiy*", names, &players, &side, &order)) {
        return -1;
    }
    if (players < 2 || players > MAX_SEATS || order.len != players) {
        PyBuffer_Release(&order);
        PyErr_SetString(PyExc_ValueError, "players must be 2..16, with one next seat each");
        return -1;
    }
    const unsigned char *next = (const unsigned char *)order.buf;
    for (int i = 0; i < players; i++) {
        if (next[i] >= players) {
            PyBuffer_Release(&order);
            PyErr_SetString(PyExc_ValueError, "a next seat is not a seat");
            return -1;
        }
        k->next[i] = next[i];
    }
    PyBuffer_Release(&order);
    k->players = players;
    k->side = side;
    k->n = 0;
    k->nodes = 0;
    k->trick_nodes = 0;
    k->node_limit = 0;
    k->deadline = 0.0;
    k->best_lead = -1;
    memset(k->killer, -1, sizeof k->killer);
    table_clear(k);
    if (k->clock == NULL) {
        PyObject *time = PyImport_ImportModule("time");
        if (time == NULL) {
            return -1;
        }
        k->clock = PyObject_GetAttrString(time, "perf_counter");
        Py_DECREF(time);
        if (k->clock == NULL) {
            return -1;
        }
    }
    /* Five bits for each suit length of every hand, twelve to a word. */
    k->key_words = (4 * players + 11) / 12;
    return 0;
}

static void Kernel_dealloc(Kernel *k) {
    table_clear(k);
    Py_XDECREF(k->clock);
    Py_TYPE(k)->tp_free((PyObject *)k);
}

static PyObject *Kernel_set_cards(Kernel *k, PyObject *args) {
    Py_buffer suits, same;
    PyObject *beaters, *follows;
    if (!PyArg_ParseTuple(args, "y*y*OO", &suits, &same, &beaters, &follows)) {
        return NULL;
    }
    int n = (int)suits.len;
    PyObject *result = NULL;
    PyObject *b = NULL, *f = NULL;
    if (n < 1 || n > MAX_CARDS || same.len != n) {
        PyErr_SetString(PyExc_ValueError, "1 to 64 cards, with their identical cards");
        goto done;
    }
    b = PySequence_Fast(beaters, "beaters must be a sequence");
    f = PySequence_Fast(follows, "follows must be a sequence");
    if (b == NULL || f == NULL) {
        goto done;
    }
    if (PySequence_Fast_GET_SIZE(b) != 4 * n || PySequence_Fast_GET_SIZE(f) != 4) {
        PyErr_SetString(PyExc_ValueError, "beaters: 4 masks a card; follows: 4 masks");
        goto done;
    }
    const unsigned char *suit = (const unsigned char *)suits.buf;
    const unsigned char *group = (const unsigned char *)same.buf;
    memset(k->suit_mask, 0, sizeof k->suit_mask);
    for (int p = 0; p < n; p++) {
        if (suit[p] > 3) {
            PyErr_SetString(PyExc_ValueError, "a suit is not 0..3");
            goto done;
        }
        k->suit[p] = suit[p];
        k->suit_mask[suit[p]] |= BIT(p);
    }
    k->ties = 0;
    for (int p = 0; p < n; p++) {
        k->same[p] = 0;
        for (int q = 0; q < n; q++) {
            if (q != p && group[q] == group[p]) {
                k->same[p] |= BIT(q);
                k->ties = 1;
            }
        }
    }
    for (int i = 0; i < 4 * n; i++) {
        unsigned long long value =
            PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(b, i));
        if (value == (unsigned long long)-1 && PyErr_Occurred()) {
            goto done;
        }
        k->beaters[i / n][i % n] = value;
    }
    for (int i = 0; i < 4; i++) {
        unsigned long long value =
            PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(f, i));
        if (value == (unsigned long long)-1 && PyErr_Occurred()) {
            goto done;
        }
        k->follows[i] = value;
    }
    for (int p = 0; p < n; p++) {
        mask_t always = ~(mask_t)0, ever = 0;
        for (int q = 0; q < n; q++) {
            for (int led = 0; led < 4; led++) {
                if (!(k->beaters[led][q] >> p & 1)) {
                    always &= ~BIT(q);
                }
            }
        }
        for (int led = 0; led < 4; led++) {
            ever |= k->beaters[led][p];
        }
        k->beats_always[p] = always;
        k->beaten_ever[p] = ever;
    }
    k->n = n;
    int players = k->players;
    int codes = k->ties ? 2 * players : players;
    int bits = 1;
    while ((1 << bits) < codes) {
        bits++;
    }
    k->code_bits = bits;
    memset(k->killer, -1, sizeof k->killer);
    result = Py_None;
    Py_INCREF(result);
done:
    Py_XDECREF(b);
    Py_XDECREF(f);
    PyBuffer_Release(&suits);
    PyBuffer_Release(&same);
    return result;
}

static PyObject *Kernel_fits(Kernel *k, PyObject *arg) {
    /* Whether every suit's holders fit one word: the cards in play of the
     * largest suit, code_bits each. */
    (void)arg;
    for (int s = 0; s < 4; s++) {
        if (count_bits(k->suit_mask[s]) * k->code_bits > 64) {
            Py_RETURN_FALSE;
        }
    }
    Py_RETURN_TRUE;
}

static PyObject *Kernel_load(Kernel *k, PyObject *args) {
    PyObject *hands;
    int leader;
    Py_buffer trick;
    if (!PyArg_ParseTuple(args, "Oiy*", &hands, &leader, &trick)) {
        return NULL;
    }
    PyObject *h = PySequence_Fast(hands, "hands must be a sequence");
    PyObject *result = NULL;
    if (h == NULL) {
        goto done;
    }
    if (PySequence_Fast_GET_SIZE(h) != k->players || leader < 0 || leader >= k->players ||
        trick.len >= k->players || k->n == 0) {
        PyErr_SetString(PyExc_ValueError, "one hand a seat, a leader, a trick not complete");
        goto done;
    }
    k->remaining = 0;
    for (int p = 0; p < MAX_CARDS; p++) {
        k->owner[p] = -1;
    }
    for (int seat = 0; seat < k->players; seat++) {
        unsigned long long hand = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(h, seat));
        if (hand == (unsigned long long)-1 && PyErr_Occurred()) {
            goto done;
        }
        if ((hand & k->remaining) || (k->n < 64 && (hand >> k->n))) {
            PyErr_SetString(PyExc_ValueError, "a card is held twice, or is not in play");
            goto done;
        }
        k->hands[seat] = hand;
        k->remaining |= hand;
        for (int suit = 0; suit < 4; suit++) {
            k->length[seat][suit] = (uint8_t)count_bits(hand & k->suit_mask[suit]);
        }
        mask_t cards = hand;
        while (cards) {
            int p = low_bit(cards);
            cards &= cards - 1;
            k->owner[p] = (int8_t)seat;
        }
    }
    k->leader = leader;
    int pos = (int)trick.len;
    int mover = leader;
    for (int i = 0; i < pos; i++) {
        mover = k->next[mover];
    }
    int left = count_bits(k->hands[mover]);
    if (left > MAX_TRICKS) {
        PyErr_SetString(PyExc_ValueError, "too many tricks left");
        goto done;
    }
    k->left = left;
    k->trick_mask = 0;
    for (int i = 0; i < MAX_SEATS; i++) {
        k->trick[left][i] = -1;
    }
    const unsigned char *cards = (const unsigned char *)trick.buf;
    int seat = leader;
    for (int i = 0; i < k->players; i++) {
        k->seat_at[left][i] = seat;
        seat = k->next[seat];
    }
    for (int i = 0; i < pos; i++) {
        if (cards[i] >= k->n || (k->remaining >> cards[i] & 1) ||
            (k->trick_mask >> cards[i] & 1)) {
            PyErr_SetString(PyExc_ValueError, "a card of the trick is held, or not in play");
            goto done;
        }
        k->trick[left][i] = cards[i];
        k->trick_mask |= BIT(cards[i]);
    }
    k->root_pos = pos;
    result = Py_None;
    Py_INCREF(result);
done:
    Py_XDECREF(h);
    PyBuffer_Release(&trick);
    return result;
}

static PyObject *Kernel_at_least(Kernel *k, PyObject *arg) {
    long target = PyLong_AsLong(arg);
    if (target == -1 && PyErr_Occurred()) {
        return NULL;
    }
    int answer = 0;
    int status = run_question(k, (int)target, 0, &answer);
    return finish(k, status, PyBool_FromLong(answer));
}

static PyObject *Kernel_exactly(Kernel *k, PyObject *arg) {
    long need = PyLong_AsLong(arg);
    if (need == -1 && PyErr_Occurred()) {
        return NULL;
    }
    if (need < -1 || need > MAX_TRICKS + 1) {
        Py_RETURN_FALSE;
    }
    int answer = 0;
    int status = run_question(k, (int)need, 1, &answer);
    return finish(k, status, PyBool_FromLong(answer));
}

/* The value by bisection, or stepping from a guess (DDS's way), as the
 * Python search's value(). */
static PyObject *Kernel_value(Kernel *k, PyObject *args) {
    int guess = -1;
    if (!PyArg_ParseTuple(args, "|i", &guess)) {
        return NULL;
    }
    int low = 0, high = k->left;
    if (guess > high) {
        guess = high;
    }
    while (low < high) {
        int target;
        if (guess < 0) {
            target = (low + high + 1) / 2;
        } else {
            target = guess == low ? guess + 1 : guess;
        }
        int answer = 0;
        int status = run_question(k, target, 0, &answer);
        if (status < 0) {
            return finish(k, status, NULL);
        }
        if (answer) {
            low = target;
        } else {
            high = target - 1;
        }
        if (guess >= 0) {
            guess = answer ? low : high;
        }
    }
    return PyLong_FromLong(low);
}

static PyObject *Kernel_clear(Kernel *k, PyObject *unused) {
    (void)unused;
    table_clear(k);
    Py_RETURN_NONE;
}

/* The setters' reading of a count and of a time: -1 with an error set when
 * the value is not one (or the attribute is being deleted). */
static int set_count(PyObject *value, const char *name, unsigned long long *field) {
    if (value == NULL) {
        PyErr_Format(PyExc_AttributeError, "%s cannot be deleted", name);
        return -1;
    }
    unsigned long long count = PyLong_AsUnsignedLongLong(value);
    if (count == (unsigned long long)-1 && PyErr_Occurred()) {
        return -1;
    }
    *field = count;
    return 0;
}

static int set_time(PyObject *value, const char *name, double *field) {
    if (value == NULL) {
        PyErr_Format(PyExc_AttributeError, "%s cannot be deleted", name);
        return -1;
    }
    double time = PyFloat_AsDouble(value);
    if (time == -1.0 && PyErr_Occurred()) {
        return -1;
    }
    *field = time;
    return 0;
}

/* Alike on purpose: a getter (and a setter) a field, as the C API takes them. */
static PyObject *Kernel_get_nodes(Kernel *k, void *closure) {
    (void)closure;
    return PyLong_FromUnsignedLongLong(k->nodes);
}

static PyObject *Kernel_get_trick_nodes(Kernel *k, void *closure) {
    (void)closure;
    return PyLong_FromUnsignedLongLong(k->trick_nodes);
}

static PyObject *Kernel_get_entries(Kernel *k, void *closure) {
    (void)closure;
    return PyLong_FromSize_t(k->entries);
}

static PyObject *Kernel_get_node_limit(Kernel *k, void *closure) {
    (void)closure;
    return PyLong_FromUnsignedLongLong(k->node_limit);
}

static int Kernel_set_node_limit(Kernel *k, PyObject *value, void *closure) {
    (void)closure;
    return set_count(value, "node_limit", &k->node_limit);
}

static PyObject *Kernel_get_deadline(Kernel *k, void *closure) {
    (void)closure;
    return PyFloat_FromDouble(k->deadline);
}

static int Kernel_set_deadline(Kernel *k, PyObject *value, void *closure) {
    (void)closure;
    return set_time(value, "deadline", &k->deadline);
}

static PyMethodDef Kernel_methods[] = {
    {"set_cards", (PyCFunction)Kernel_set_cards, METH_VARARGS,
     "set_cards(suits, same, beaters, follows): the tables of the cards in play."},
    {"fits", (PyCFunction)Kernel_fits, METH_NOARGS,
     "fits(): whether the table's keys hold every suit of the cards in play."},
    {"load", (PyCFunction)Kernel_load, METH_VARARGS,
     "load(hands, leader, trick): the position (masks of places; the trick's places)."},
    {"at_least", (PyCFunction)Kernel_at_least, METH_O,
     "at_least(target): whether the side can be sure of target tricks."},
    {"exactly", (PyCFunction)Kernel_exactly, METH_O,
     "exactly(need): whether the side can be sure of exactly need tricks."},
    {"value", (PyCFunction)Kernel_value, METH_VARARGS,
     "value(guess=-1): the most tricks the side can be sure of."},
    {"clear", (PyCFunction)Kernel_clear, METH_NOARGS, "clear(): empty the table."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Kernel_getset[] = {
    {"nodes", (getter)Kernel_get_nodes, NULL, "Positions searched so far.", NULL},
    {"trick_nodes", (getter)Kernel_get_trick_nodes, NULL, "Tricks played so far.", NULL},
    {"entries", (getter)Kernel_get_entries, NULL, "Entries in the table.", NULL},
    {"node_limit", (getter)Kernel_get_node_limit, (setter)Kernel_set_node_limit,
     "The count of positions past which a question gives up (0: none).", NULL},
    {"deadline", (getter)Kernel_get_deadline, (setter)Kernel_set_deadline,
     "The time.perf_counter() past which a question gives up (0: none).", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject KernelType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "counter_rules.analysis._plain_kernel.Kernel",
    .tp_basicsize = sizeof(Kernel),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The plain search for one side, over tables built from the rules.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Kernel_init,
    .tp_dealloc = (destructor)Kernel_dealloc,
    .tp_methods = Kernel_methods,
    .tp_getset = Kernel_getset,
};

/* -- every seat for its own points --------------------------------------------
 *
 * The search behind counter_rules.analysis.outcome for the plain family: the
 * algorithm of counter_rules.analysis._maxn.OwnPointsSearch, step for step
 * (the same positions visited, counted and stored, so that a node budget ends
 * a search at the same place in both), over the same tables of the rules as
 * the search above and a table of every seat's points at each end of the
 * hand that the Python side fills from the ruleset's own scoring:
 *
 *   - each seat to act picks the move that gives it the most points; among
 *     those, the one that gives the asking seat the fewest; among those, the
 *     first in the order of play (order[]: the places in the order the
 *     engine lists a hand);
 *   - a table at the start of every trick, keyed by every hand, the leader
 *     and the tricks won;
 *   - the cut when a move gives the seat the most points any end of the hand
 *     could give it and the asking seat the fewest, and the shallow pruning
 *     of _maxn._settled, over the same ends (every way of giving at most the
 *     tricks left to the seats);
 *   - the cards of one hand that play alike searched once (_maxn._alike);
 *   - the last trick, whose every card is forced, played out at once, not
 *     counted and not kept.
 */

#define OWN_SEATS 8
#define OWN_MAX_POINTS (1u << 16)
#define OWN_MAX_ENTRIES (1u << 22)
#define OWN_NONE (-((int64_t)1 << 60))
#define OWN_SETTLE_SLOTS 512

/* One scan of own_settled: over the ends from an index with tricks left that
 * give a seat at least mine, the most points another seat gets (top), and
 * the fewest for the asking seat among the ends that give it those (low).
 * tag is 0 for an empty slot. */
struct OwnSettle {
    uint64_t tag;
    int64_t mine, top, low;
};

typedef struct {
    PyObject_HEAD
    int players, asker, n, span, key_words;
    int next[OWN_SEATS];
    int suit[MAX_CARDS];
    mask_t beaters[4][MAX_CARDS];
    /* beats[led][c]: the cards that c beats when played after them. */
    mask_t beats[4][MAX_CARDS];
    mask_t follows[4];
    int order[MAX_CARDS];
    /* rank[place]: where place comes in order. */
    int rank[MAX_CARDS];
    /* Points at each end of the hand, by the tricks each seat won beyond
     * low[] (radix span + 1); the most points each seat can still reach
     * from a count of tricks, and the fewest for the asking seat among
     * those ends. */
    size_t size;
    int low[OWN_SEATS];
    int64_t stride[OWN_SEATS];
    int64_t *points, *most, *fewest;
    uint8_t *known;
    /* own_settled's scans, kept by their ends and seats (OwnSettle). */
    struct OwnSettle *settles;
    /* The position. */
    mask_t hands[OWN_SEATS];
    int won[OWN_SEATS];
    int leader;
    int trick[OWN_SEATS], trick_seat[OWN_SEATS];
    /* The table. */
    uint64_t *keys, *values;
    size_t capacity, used;
    /* Limits. */
    unsigned long long nodes, node_limit;
    double deadline;
    PyObject *clock;
    jmp_buf stop;
    int stopped;
} Own;

static void own_table_clear(Own *o) {
    free(o->keys);
    free(o->values);
    o->keys = NULL;
    o->values = NULL;
    o->capacity = 0;
    o->used = 0;
}

static void own_points_clear(Own *o) {
    free(o->points);
    free(o->most);
    free(o->fewest);
    free(o->known);
    free(o->settles);
    o->points = o->most = o->fewest = NULL;
    o->known = NULL;
    o->settles = NULL;
    o->size = 0;
}

/* The slot of key (words of key_words): its own, or the empty one it would take. */
static size_t own_slot(const Own *o, const uint64_t *key) {
    int words = o->key_words;
    size_t at = key_hash(key, words) & (o->capacity - 1);
    while (o->values[at]) {
        if (memcmp(&o->keys[at * words], key, sizeof(uint64_t) * words) == 0) {
            return at;
        }
        at = (at + 1) & (o->capacity - 1);
    }
    return at;
}

/* Values are stored plus one, so that zero marks an empty slot. */
static int own_lookup(const Own *o, const uint64_t *key, uint64_t *value) {
    if (!o->capacity) {
        return 0;
    }
    size_t at = own_slot(o, key);
    if (!o->values[at]) {
        return 0;
    }
    *value = o->values[at] - 1;
    return 1;
}

static void own_store(Own *o, const uint64_t *key, uint64_t value) {
    int words = o->key_words;
    if (o->used >= OWN_MAX_ENTRIES) {
        own_table_clear(o);
    }
    if (2 * (o->used + 1) > o->capacity) {
        size_t capacity = o->capacity ? 2 * o->capacity : 256;
        uint64_t *keys = (uint64_t *)malloc(capacity * words * sizeof(uint64_t));
        uint64_t *values = (uint64_t *)calloc(capacity, sizeof(uint64_t));
        if (keys == NULL || values == NULL) {
            free(keys);
            free(values);
            return; /* out of memory: the table forgets */
        }
        uint64_t *old_keys = o->keys, *old_values = o->values;
        size_t old = o->capacity;
        o->keys = keys;
        o->values = values;
        o->capacity = capacity;
        for (size_t i = 0; i < old; i++) {
            if (old_values[i]) {
                size_t at = own_slot(o, &old_keys[i * words]);
                memcpy(&keys[at * words], &old_keys[i * words], sizeof(uint64_t) * words);
                values[at] = old_values[i];
            }
        }
        free(old_keys);
        free(old_values);
    }
    size_t at = own_slot(o, key);
    if (!o->values[at]) {
        o->used++;
        memcpy(&o->keys[at * words], key, sizeof(uint64_t) * words);
    }
    o->values[at] = value + 1;
}

static void own_count(Own *o) {
    o->nodes++;
    if (o->nodes & 255) {
        return;
    }
    if (o->node_limit && o->nodes > o->node_limit) {
        o->stopped = 1;
        longjmp(o->stop, 1);
    }
    if (PyErr_CheckSignals() < 0) {
        o->stopped = 2;
        longjmp(o->stop, 1);
    }
    if (o->deadline > 0 && o->clock != NULL) {
        PyObject *now = PyObject_CallNoArgs(o->clock);
        if (now == NULL) {
            o->stopped = 2;
            longjmp(o->stop, 1);
        }
        double t = PyFloat_AsDouble(now);
        Py_DECREF(now);
        if (t > o->deadline) {
            o->stopped = 1;
            longjmp(o->stop, 1);
        }
    }
}

static size_t own_index(const Own *o, uint64_t packed) {
    size_t index = 0;
    for (int s = 0; s < o->players; s++) {
        index += (size_t)((int)((packed >> (8 * s)) & 255) - o->low[s]) * (size_t)o->stride[s];
    }
    return index;
}

/* own_index of the tricks won so far. */
static size_t own_base(const Own *o) {
    size_t index = 0;
    for (int s = 0; s < o->players; s++) {
        index += (size_t)(o->won[s] - o->low[s]) * (size_t)o->stride[s];
    }
    return index;
}

static uint64_t own_packed_won(const Own *o) {
    uint64_t packed = 0;
    for (int s = 0; s < o->players; s++) {
        packed |= (uint64_t)o->won[s] << (8 * s);
    }
    return packed;
}

/* Visit every end of the hand from the tricks won (at index base) with at
 * most left tricks to give: the index of each, in turn, through next_end. */
typedef struct {
    int x[OWN_SEATS];
    int sum, left;
    size_t index;
} Ends;

static void ends_start(Ends *e, size_t base, int left) {
    memset(e->x, 0, sizeof e->x);
    e->sum = 0;
    e->left = left;
    e->index = base;
}

static int ends_next(const Own *o, Ends *e) {
    for (int s = 0; s < o->players; s++) {
        if (e->sum < e->left) {
            e->x[s]++;
            e->sum++;
            e->index += (size_t)o->stride[s];
            return 1;
        }
        e->sum -= e->x[s];
        e->index -= (size_t)(e->x[s] * o->stride[s]);
        e->x[s] = 0;
    }
    return 0;
}

/* The most points seat can reach from base with left tricks to give, and the
 * fewest for the asking seat among the ends that give it those. */
static void own_bounds(Own *o, size_t base, int left, int seat, int64_t *most, int64_t *fewest) {
    int players = o->players;
    int memo = o->known != NULL && base < o->size;
    if (memo && o->known[base]) {
        *most = o->most[base * players + seat];
        *fewest = o->fewest[base * players + seat];
        return;
    }
    int64_t best[OWN_SEATS], low[OWN_SEATS];
    for (int s = 0; s < players; s++) {
        best[s] = OWN_NONE;
        low[s] = -OWN_NONE;
    }
    Ends e;
    ends_start(&e, base, left);
    do {
        const int64_t *p = &o->points[e.index * players];
        for (int s = 0; s < players; s++) {
            if (p[s] > best[s]) {
                best[s] = p[s];
            }
        }
    } while (ends_next(o, &e));
    ends_start(&e, base, left);
    do {
        const int64_t *p = &o->points[e.index * players];
        for (int s = 0; s < players; s++) {
            if (p[s] == best[s] && p[o->asker] < low[s]) {
                low[s] = p[o->asker];
            }
        }
    } while (ends_next(o, &e));
    *most = best[seat];
    *fewest = low[seat];
    if (memo) {
        for (int s = 0; s < players; s++) {
            o->most[base * players + s] = best[s];
            o->fewest[base * players + s] = low[s];
        }
        o->known[base] = 1;
    }
}

/* _maxn._settled over the ends from base: seat, having found a move worth
 * mine, is settled when no end that gives it at least mine gives the seat
 * before more than enough, or enough with the asking seat below limit. The
 * most the seat before gets over those ends, and the fewest the asking seat
 * gets among the ends that give it that, are kept by (base, left, seat,
 * before, mine) in a table of OWN_SETTLE_SLOTS slots, a newer scan taking
 * the slot of an older one (the points are the same until set anew, which
 * empties it). */
static int own_settled(Own *o, size_t base, int left, int seat, int64_t mine, int before,
                       int64_t enough, int64_t limit) {
    int players = o->players;
    uint64_t tag = ((((uint64_t)base * 64 + (uint64_t)left) * OWN_SEATS + (uint64_t)seat) *
                        OWN_SEATS +
                    (uint64_t)before) +
                   1;
    struct OwnSettle *slot = NULL;
    if (o->settles == NULL && o->points != NULL) {
        o->settles = (struct OwnSettle *)calloc(OWN_SETTLE_SLOTS, sizeof(struct OwnSettle));
    }
    if (o->settles != NULL) {
        uint64_t h = (tag ^ (uint64_t)mine * 0x9E3779B97F4A7C15ull) * 0xBF58476D1CE4E5B9ull;
        slot = &o->settles[(h >> 48) & (OWN_SETTLE_SLOTS - 1)];
    }
    int64_t top, low;
    if (slot != NULL && slot->tag == tag && slot->mine == mine) {
        top = slot->top;
        low = slot->low;
    } else {
        top = OWN_NONE;
        low = -OWN_NONE;
        Ends e;
        ends_start(&e, base, left);
        do {
            const int64_t *p = &o->points[e.index * players];
            if (p[seat] >= mine) {
                int64_t theirs = p[before];
                if (theirs > top) {
                    top = theirs;
                    low = p[o->asker];
                } else if (theirs == top && p[o->asker] < low) {
                    low = p[o->asker];
                }
            }
        } while (ends_next(o, &e));
        if (slot != NULL) {
            slot->tag = tag;
            slot->mine = mine;
            slot->top = top;
            slot->low = low;
        }
    }
    return !(top > enough || (top == enough && low < limit));
}

/* _maxn._alike: places first and second of one hand against the cards others. */
static int own_alike(const Own *o, int first, int second, mask_t others) {
    if (o->suit[first] != o->suit[second]) {
        return 0;
    }
    for (int led = 0; led < 4; led++) {
        if ((o->follows[led] >> first & 1) != (o->follows[led] >> second & 1)) {
            return 0;
        }
        if ((o->beaters[led][first] & others) != (o->beaters[led][second] & others)) {
            return 0;
        }
        if ((o->beats[led][first] ^ o->beats[led][second]) & others) {
            return 0;
        }
    }
    return 1;
}

/* Whether the trick about to be led is the hand's last: every seat holds
 * one card (_maxn.OwnPointsSearch._last_trick). */
static int own_last_trick(const Own *o) {
    for (int s = 0; s < o->players; s++) {
        mask_t hand = o->hands[s];
        if (!hand || (hand & (hand - 1))) {
            return 0;
        }
    }
    return 1;
}

/* The tricks won once the last trick, every card of it forced, is played
 * from the leader round: not counted as positions, nor kept in the table. */
static uint64_t own_last_won(const Own *o) {
    int seat = o->leader;
    int first = low_bit(o->hands[seat]);
    int led = o->suit[first];
    int best = first, winner = seat;
    for (int i = 1; i < o->players; i++) {
        seat = o->next[seat];
        int place = low_bit(o->hands[seat]);
        if (o->beaters[led][best] >> place & 1) {
            best = place;
            winner = seat;
        }
    }
    return own_packed_won(o) + ((uint64_t)1 << (8 * winner));
}

static uint64_t own_search(Own *o, int pos, int win, int before, int64_t enough, int64_t limit) {
    int players = o->players;
    uint64_t key[OWN_SEATS + 2];
    if (pos == 0) {
        mask_t held = 0;
        for (int s = 0; s < players; s++) {
            held |= o->hands[s];
        }
        if (!held) {
            return own_packed_won(o);
        }
    }
    if (pos == 0 && own_last_trick(o)) {
        return own_last_won(o);
    }
    own_count(o);
    if (pos == 0) {
        for (int s = 0; s < players; s++) {
            key[s] = o->hands[s];
        }
        key[players] = own_packed_won(o);
        key[players + 1] = (uint64_t)o->leader;
        uint64_t found;
        if (own_lookup(o, key, &found)) {
            return found;
        }
    }
    int seat = pos ? o->next[o->trick_seat[pos - 1]] : o->leader;
    int asker = o->asker;
    int left = count_bits(o->hands[seat]);
    size_t base = own_base(o);
    int64_t most, fewest;
    own_bounds(o, base, left, seat, &most, &fewest);
    mask_t hand = o->hands[seat];
    mask_t legal = hand;
    int led = pos ? o->suit[o->trick[0]] : 0;
    if (pos) {
        mask_t following = hand & o->follows[led];
        if (following) {
            legal = following;
        }
    }
    int single = (legal & (legal - 1)) == 0;
    mask_t others = 0;
    if (!single) {
        for (int s = 0; s < players; s++) {
            if (s != seat) {
                others |= o->hands[s];
            }
        }
        for (int i = 0; i < pos; i++) {
            others |= BIT(o->trick[i]);
        }
    }
    /* The trick so far: the tricks searched below overwrite the position's. */
    int cards[OWN_SEATS], seats[OWN_SEATS];
    for (int i = 0; i < pos; i++) {
        cards[i] = o->trick[i];
        seats[i] = o->trick_seat[i];
    }
    int kept[MAX_CARDS];
    int kept_count = 0;
    uint64_t best = 0;
    int have = 0, exact = 1;
    int64_t best_mine = OWN_NONE, best_theirs = 0;
    /* The legal cards in the order of play (by rank). */
    mask_t ranked = 0;
    for (mask_t rest = legal; rest; rest &= rest - 1) {
        ranked |= BIT(o->rank[low_bit(rest)]);
    }
    for (; ranked; ranked &= ranked - 1) {
        int place = o->order[low_bit(ranked)];
        if (!single) {
            int alike = 0;
            for (int j = 0; j < kept_count; j++) {
                if (own_alike(o, kept[j], place, others)) {
                    alike = 1;
                    break;
                }
            }
            if (alike) {
                continue;
            }
            kept[kept_count++] = place;
        }
        mask_t bit = BIT(place);
        o->hands[seat] ^= bit;
        for (int j = 0; j < pos; j++) {
            o->trick[j] = cards[j];
            o->trick_seat[j] = seats[j];
        }
        o->trick[pos] = place;
        o->trick_seat[pos] = seat;
        int now = win;
        if (pos == 0) {
            now = 0;
        } else if (o->beaters[led][cards[win]] >> place & 1) {
            now = pos;
        }
        uint64_t outcome;
        if (pos == players - 1) {
            int winner = now == pos ? seat : seats[now];
            int leader = o->leader;
            o->won[winner]++;
            o->leader = winner;
            outcome = own_search(o, 0, 0, seat, best_mine, best_theirs);
            o->leader = leader;
            o->won[winner]--;
        } else {
            outcome = own_search(o, pos + 1, now, seat, best_mine, best_theirs);
        }
        o->hands[seat] ^= bit;
        const int64_t *p = &o->points[own_index(o, outcome) * players];
        int64_t mine = p[seat], theirs = p[asker];
        if (!have || mine > best_mine || (mine == best_mine && theirs < best_theirs)) {
            have = 1;
            best = outcome;
            best_mine = mine;
            best_theirs = theirs;
            if (mine == most && theirs == fewest) {
                break;
            }
            if (before >= 0 && before != seat &&
                own_settled(o, base, left, seat, mine, before, enough, limit)) {
                exact = 0;
                break;
            }
        }
    }
    if (pos == 0 && exact) {
        own_store(o, key, best);
    }
    return best;
}

/* The search from the position set, the trick's pos cards played (win the
 * best); -1 with a Python error set when it stopped. */
static int own_run(Own *o, int pos, int win, uint64_t *outcome) {
    o->stopped = 0;
    if (setjmp(o->stop)) {
        if (o->stopped == 1) {
            PyErr_SetString(LimitReached, "the search reached its limit");
        }
        return -1;
    }
    *outcome = own_search(o, pos, win, -1, OWN_NONE, 0);
    return 0;
}

static int Own_init(Own *o, PyObject *args, PyObject *kwds) {
    static char *names[] = {"players", "asker", "order", NULL};
    int players, asker;
    Py_buffer order;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "iiy*", names, &players, &asker, &order)) {
        return -1;
    }
    if (players < 2 || players > OWN_SEATS || order.len != players || asker < 0 ||
        asker >= players) {
        PyBuffer_Release(&order);
        PyErr_SetString(PyExc_ValueError,
                        "players must be 2..8, with one next seat each, and asker a seat");
        return -1;
    }
    const unsigned char *next = (const unsigned char *)order.buf;
    for (int i = 0; i < players; i++) {
        if (next[i] >= players) {
            PyBuffer_Release(&order);
            PyErr_SetString(PyExc_ValueError, "a next seat is not a seat");
            return -1;
        }
        o->next[i] = next[i];
    }
    PyBuffer_Release(&order);
    o->players = players;
    o->asker = asker;
    o->n = 0;
    o->span = -1;
    o->key_words = players + 2;
    o->nodes = 0;
    o->node_limit = 0;
    o->deadline = 0.0;
    own_table_clear(o);
    own_points_clear(o);
    if (o->clock == NULL) {
        PyObject *time = PyImport_ImportModule("time");
        if (time == NULL) {
            return -1;
        }
        o->clock = PyObject_GetAttrString(time, "perf_counter");
        Py_DECREF(time);
        if (o->clock == NULL) {
            return -1;
        }
    }
    return 0;
}

static void Own_dealloc(Own *o) {
    own_table_clear(o);
    own_points_clear(o);
    Py_XDECREF(o->clock);
    Py_TYPE(o)->tp_free((PyObject *)o);
}

static int read_masks(PyObject *seq, mask_t *out, Py_ssize_t count, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (fast == NULL) {
        return -1;
    }
    if (PySequence_Fast_GET_SIZE(fast) != count) {
        PyErr_Format(PyExc_ValueError, "%s: %zd masks expected", what, count);
        Py_DECREF(fast);
        return -1;
    }
    for (Py_ssize_t i = 0; i < count; i++) {
        unsigned long long value = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(fast, i));
        if (value == (unsigned long long)-1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        out[i] = value;
    }
    Py_DECREF(fast);
    return 0;
}

static PyObject *Own_set_cards(Own *o, PyObject *args) {
    Py_buffer suits, order;
    PyObject *beaters, *follows;
    if (!PyArg_ParseTuple(args, "y*OOy*", &suits, &beaters, &follows, &order)) {
        return NULL;
    }
    PyObject *result = NULL;
    int n = (int)suits.len;
    mask_t flat[4 * MAX_CARDS];
    const unsigned char *suit = (const unsigned char *)suits.buf;
    const unsigned char *places = (const unsigned char *)order.buf;
    if (n < 1 || n > MAX_CARDS || order.len != n) {
        PyErr_SetString(PyExc_ValueError, "1 to 64 cards, each once in the order of play");
        goto done;
    }
    if (read_masks(beaters, flat, 4 * n, "beaters") < 0 ||
        read_masks(follows, o->follows, 4, "follows") < 0) {
        goto done;
    }
    mask_t seen = 0;
    for (int p = 0; p < n; p++) {
        if (suit[p] > 3 || places[p] >= n || (seen >> places[p] & 1)) {
            PyErr_SetString(PyExc_ValueError, "a suit is not 0..3, or the order is not of the places");
            goto done;
        }
        seen |= BIT(places[p]);
        o->suit[p] = suit[p];
        o->order[p] = places[p];
        o->rank[places[p]] = p;
    }
    for (int led = 0; led < 4; led++) {
        for (int p = 0; p < n; p++) {
            o->beaters[led][p] = flat[led * n + p];
            o->beats[led][p] = 0;
        }
        for (int p = 0; p < n; p++) {
            mask_t rest = o->beaters[led][p];
            while (rest) {
                int q = low_bit(rest);
                rest &= rest - 1;
                o->beats[led][q] |= BIT(p);
            }
        }
    }
    o->n = n;
    own_table_clear(o);
    result = Py_None;
    Py_INCREF(result);
done:
    PyBuffer_Release(&suits);
    PyBuffer_Release(&order);
    return result;
}

static PyTypeObject OwnType;

/* copy_cards(other): the tables of the rules of another search (one given
 * them by set_cards), with no work: what set_cards would make of the same
 * arguments. */
static PyObject *Own_copy_cards(Own *o, PyObject *arg) {
    if (!PyObject_TypeCheck(arg, &OwnType)) {
        PyErr_SetString(PyExc_TypeError, "copy_cards needs another outcome search");
        return NULL;
    }
    const Own *from = (const Own *)arg;
    if (from->n < 1) {
        PyErr_SetString(PyExc_ValueError, "the search copied from has no cards yet");
        return NULL;
    }
    o->n = from->n;
    memcpy(o->suit, from->suit, sizeof o->suit);
    memcpy(o->order, from->order, sizeof o->order);
    memcpy(o->rank, from->rank, sizeof o->rank);
    memcpy(o->beaters, from->beaters, sizeof o->beaters);
    memcpy(o->beats, from->beats, sizeof o->beats);
    memcpy(o->follows, from->follows, sizeof o->follows);
    own_table_clear(o);
    Py_RETURN_NONE;
}

/* The ends of the hand a table of points covers from low[] with span tricks
 * to give (radix span + 1, a number a seat); 0 with a Python error set when
 * they do not fit. */
static size_t own_ends(const Own *o, Py_ssize_t seats, int span) {
    if (seats != o->players || span < 0 || span > 63) {
        PyErr_SetString(PyExc_ValueError, "one count a seat, and 0..63 tricks to give");
        return 0;
    }
    size_t size = 1;
    for (int s = 0; s < o->players; s++) {
        if (size * (size_t)(span + 1) > OWN_MAX_POINTS) {
            PyErr_SetString(PyExc_ValueError, "too many ends of the hand for the table");
            return 0;
        }
        size *= (size_t)(span + 1);
    }
    return size;
}

/* A new table of points for size ends, all 0 (-1 with a Python error set
 * when memory runs out). */
static int own_points_new(Own *o, size_t size) {
    int players = o->players;
    own_points_clear(o);
    o->points = (int64_t *)calloc(size * players, sizeof(int64_t));
    o->most = (int64_t *)malloc(size * players * sizeof(int64_t));
    o->fewest = (int64_t *)malloc(size * players * sizeof(int64_t));
    o->known = (uint8_t *)calloc(size, 1);
    if (o->points == NULL || o->most == NULL || o->fewest == NULL || o->known == NULL) {
        own_points_clear(o);
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

/* The table of points filled: it starts from floor[] with span tricks to give. */
static void own_points_set(Own *o, const unsigned char *floor, int span, size_t size) {
    size_t stride = 1;
    for (int s = 0; s < o->players; s++) {
        o->low[s] = floor[s];
        o->stride[s] = (int64_t)stride;
        stride *= (size_t)(span + 1);
    }
    o->size = size;
    o->span = span;
}

static PyObject *Own_set_points(Own *o, PyObject *args) {
    Py_buffer low;
    int span;
    PyObject *points;
    if (!PyArg_ParseTuple(args, "y*iO", &low, &span, &points)) {
        return NULL;
    }
    PyObject *result = NULL;
    PyObject *fast = NULL;
    int players = o->players;
    size_t size = own_ends(o, low.len, span);
    if (size == 0) {
        goto done;
    }
    fast = PySequence_Fast(points, "points must be a sequence");
    if (fast == NULL) {
        goto done;
    }
    if ((size_t)PySequence_Fast_GET_SIZE(fast) != size * players) {
        PyErr_SetString(PyExc_ValueError, "points: one number a seat at each end");
        goto done;
    }
    if (own_points_new(o, size) < 0) {
        goto done;
    }
    for (size_t i = 0; i < size * players; i++) {
        long long value = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(fast, (Py_ssize_t)i));
        if (value == -1 && PyErr_Occurred()) {
            own_points_clear(o);
            goto done;
        }
        o->points[i] = value;
    }
    own_points_set(o, (const unsigned char *)low.buf, span, size);
    result = Py_None;
    Py_INCREF(result);
done:
    Py_XDECREF(fast);
    PyBuffer_Release(&low);
    return result;
}

/* set_seat_points(low, span, rows, width): set_points for a scoring in which
 * each seat's points depend on its own tricks alone: rows[s * width + t] is
 * seat s's points for t tricks, and the points of each end are read from
 * them (ends that give more than span tricks in all are never reached, and
 * score 0 as set_points leaves them). */
static PyObject *Own_set_seat_points(Own *o, PyObject *args) {
    Py_buffer low;
    int span, width;
    PyObject *rows;
    if (!PyArg_ParseTuple(args, "y*iOi", &low, &span, &rows, &width)) {
        return NULL;
    }
    PyObject *result = NULL;
    PyObject *fast = NULL;
    int players = o->players;
    const unsigned char *floor = (const unsigned char *)low.buf;
    int64_t row[OWN_SEATS * 65];
    size_t size = own_ends(o, low.len, span);
    if (size == 0) {
        goto done;
    }
    if (width < 1 || width > 65) {
        PyErr_SetString(PyExc_ValueError, "rows of 1..65 numbers");
        goto done;
    }
    for (int s = 0; s < players; s++) {
        if (floor[s] + span >= width) {
            PyErr_SetString(PyExc_ValueError, "a seat's row ends before the tricks it may take");
            goto done;
        }
    }
    fast = PySequence_Fast(rows, "rows must be a sequence");
    if (fast == NULL) {
        goto done;
    }
    if (PySequence_Fast_GET_SIZE(fast) != (Py_ssize_t)players * width) {
        PyErr_SetString(PyExc_ValueError, "rows: one row of width numbers a seat");
        goto done;
    }
    for (Py_ssize_t i = 0; i < (Py_ssize_t)players * width; i++) {
        long long value = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(fast, i));
        if (value == -1 && PyErr_Occurred()) {
            goto done;
        }
        row[i] = value;
    }
    if (own_points_new(o, size) < 0) {
        goto done;
    }
    own_points_set(o, floor, span, size);
    /* Only the ends that give at most span tricks in all: the others stay 0. */
    Ends e;
    ends_start(&e, 0, span);
    do {
        for (int s = 0; s < players; s++) {
            o->points[e.index * players + s] = row[s * width + floor[s] + e.x[s]];
        }
    } while (ends_next(o, &e));
    result = Py_None;
    Py_INCREF(result);
done:
    Py_XDECREF(fast);
    PyBuffer_Release(&low);
    return result;
}

static PyObject *Own_value(Own *o, PyObject *args) {
    PyObject *hands;
    int leader, bits = 0;
    Py_buffer trick, won;
    if (!PyArg_ParseTuple(args, "Oiy*y*|p", &hands, &leader, &trick, &won, &bits)) {
        return NULL;
    }
    PyObject *result = NULL;
    int players = o->players;
    mask_t masks[OWN_SEATS];
    const unsigned char *cards = (const unsigned char *)trick.buf;
    const unsigned char *tricks = (const unsigned char *)won.buf;
    if (o->n == 0 || o->size == 0) {
        PyErr_SetString(PyExc_ValueError, "set_cards and set_points come first");
        goto done;
    }
    if (read_masks(hands, masks, players, "hands") < 0) {
        goto done;
    }
    if (bits) {
        /* Masks over the search board's bits: order[b] is bit b's place. */
        for (int s = 0; s < players; s++) {
            mask_t places = 0;
            for (mask_t rest = masks[s]; rest; rest &= rest - 1) {
                int b = low_bit(rest);
                if (b >= o->n) {
                    PyErr_SetString(PyExc_ValueError, "a card is not in play");
                    goto done;
                }
                places |= BIT(o->order[b]);
            }
            masks[s] = places;
        }
    }
    if (leader < 0 || leader >= players || trick.len >= players || won.len != players) {
        PyErr_SetString(PyExc_ValueError, "a leader, a trick not complete, one count a seat");
        goto done;
    }
    mask_t all = 0;
    int total = 0;
    for (int s = 0; s < players; s++) {
        if ((masks[s] & all) || (o->n < 64 && (masks[s] >> o->n))) {
            PyErr_SetString(PyExc_ValueError, "a card is held twice, or is not in play");
            goto done;
        }
        if (tricks[s] < o->low[s]) {
            PyErr_SetString(PyExc_ValueError, "fewer tricks won than the points start from");
            goto done;
        }
        all |= masks[s];
        total += tricks[s] - o->low[s];
        o->hands[s] = masks[s];
        o->won[s] = tricks[s];
    }
    int seat = leader;
    int win = 0;
    for (int i = 0; i < (int)trick.len; i++) {
        if (cards[i] >= o->n || (all >> cards[i] & 1)) {
            PyErr_SetString(PyExc_ValueError, "a card of the trick is held, or not in play");
            goto done;
        }
        all |= BIT(cards[i]);
        o->trick[i] = cards[i];
        o->trick_seat[i] = seat;
        if (i && (o->beaters[o->suit[cards[0]]][cards[win]] >> cards[i] & 1)) {
            win = i;
        }
        seat = o->next[seat];
    }
    if (total + count_bits(o->hands[seat]) > o->span) {
        PyErr_SetString(PyExc_ValueError, "more tricks than the points cover");
        goto done;
    }
    o->leader = leader;
    uint64_t outcome;
    if (own_run(o, (int)trick.len, win, &outcome) < 0) {
        goto done;
    }
    result = PyTuple_New(players);
    if (result == NULL) {
        goto done;
    }
    for (int s = 0; s < players; s++) {
        PyTuple_SET_ITEM(result, s, PyLong_FromLong((long)((outcome >> (8 * s)) & 255)));
    }
done:
    PyBuffer_Release(&trick);
    PyBuffer_Release(&won);
    return result;
}

static PyObject *Own_clear(Own *o, PyObject *unused) {
    (void)unused;
    own_table_clear(o);
    Py_RETURN_NONE;
}

/* Alike on purpose: a getter (and a setter) a field, as the C API takes them. */
static PyObject *Own_get_nodes(Own *o, void *closure) {
    (void)closure;
    return PyLong_FromUnsignedLongLong(o->nodes);
}

static int Own_set_nodes(Own *o, PyObject *value, void *closure) {
    (void)closure;
    return set_count(value, "nodes", &o->nodes);
}

static PyObject *Own_get_node_limit(Own *o, void *closure) {
    (void)closure;
    return PyLong_FromUnsignedLongLong(o->node_limit);
}

static int Own_set_node_limit(Own *o, PyObject *value, void *closure) {
    (void)closure;
    return set_count(value, "node_limit", &o->node_limit);
}

static PyObject *Own_get_deadline(Own *o, void *closure) {
    (void)closure;
    return PyFloat_FromDouble(o->deadline);
}

static int Own_set_deadline(Own *o, PyObject *value, void *closure) {
    (void)closure;
    return set_time(value, "deadline", &o->deadline);
}

static PyObject *Own_get_entries(Own *o, void *closure) {
    (void)closure;
    return PyLong_FromSize_t(o->used);
}

static PyMethodDef Own_methods[] = {
    {"set_cards", (PyCFunction)Own_set_cards, METH_VARARGS,
     "set_cards(suits, beaters, follows, order): the tables of the rules; empties the table."},
    {"copy_cards", (PyCFunction)Own_copy_cards, METH_O,
     "copy_cards(other): the tables of the rules another search was given by set_cards; "
     "empties the table."},
    {"set_points", (PyCFunction)Own_set_points, METH_VARARGS,
     "set_points(low, span, points): each seat's points at every end of the hand that "
     "gives each seat s low[s] tricks or more and span more in all, by the extra tricks "
     "of seat s in radix span + 1, lowest seat first."},
    {"set_seat_points", (PyCFunction)Own_set_seat_points, METH_VARARGS,
     "set_seat_points(low, span, rows, width): set_points where each seat's points "
     "depend on its own tricks alone, rows[s * width + t] being seat s's points for t "
     "tricks."},
    {"value", (PyCFunction)Own_value, METH_VARARGS,
     "value(hands, leader, trick, won, bits=False): each seat's tricks at the end of the "
     "hand; with bits, the hands are masks over the search board's bits (set_cards' "
     "order), not over places."},
    {"clear", (PyCFunction)Own_clear, METH_NOARGS, "clear(): empty the table."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Own_getset[] = {
    {"nodes", (getter)Own_get_nodes, (setter)Own_set_nodes, "Positions searched so far.", NULL},
    {"node_limit", (getter)Own_get_node_limit, (setter)Own_set_node_limit,
     "The count of positions past which a search stops (0: none).", NULL},
    {"deadline", (getter)Own_get_deadline, (setter)Own_set_deadline,
     "The perf_counter time past which a search stops (0: none).", NULL},
    {"entries", (getter)Own_get_entries, NULL, "Entries in the table.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject OwnType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "counter_rules.analysis._plain_kernel.Own",
    .tp_basicsize = sizeof(Own),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The outcome search (every seat for its own points) over tables built from the rules.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Own_init,
    .tp_dealloc = (destructor)Own_dealloc,
    .tp_methods = Own_methods,
    .tp_getset = Own_getset,
};

/* -- the general search on the rules' own tricks --------------------------------
 *
 * EffectSearch is the algorithm of counter_rules.analysis._general.GeneralSearch
 * step for step (the same positions visited and counted, the same moves in
 * the same order and probes, the same table entries, history, killers and
 * countermoves), for a ruleset whose tricks have effects (Counter). It
 * states no rule: it reads the rules of the play as ../_effect_play.h says,
 * every trick resolved by the ruleset itself. What it adds is the
 * representation: the position is a few masks and small numbers copied from
 * node to node, the table a hash table of fixed-size entries behind an array
 * of tags (see TAG_USED).
 *
 * Its table grows from SEARCH_FIRST to SEARCH_MOST entries (or the largest
 * power of two the caller allows, for the tests); once full, an
 * entry a position would take replaces, among the SEARCH_WAYS slots it may
 * use, the one with the fewest cards left (the cheapest to find again). The
 * answers do not change; only, once the table is full, the positions
 * visited (a position found again is searched again). Its memo of resolved
 * tricks (../_effect_play.h) grows to MEMO_SIZE answers, or the power of two
 * memo_most the caller allows (for the tests); at MEMO_SIZE, a search starts
 * from the memo the last search of the same rules ended with (memo_take_on)
 * and hands its own on as it ends (memo_hand_on).
 */

/* The memo of resolved tricks grows to 1 << 20 answers (32 MB): a search
 * of a Counter hand from its first trick resolves millions of tricks, and
 * one that forgets them asks the ruleset again (a search that resolves
 * fewer grows its memo only as far as it needs). */
#define MEMO_BITS 20
#include "../_effect_play.h"

#define SEARCH_FIRST (1u << 12)
#define SEARCH_MOST (1u << 21)
#define SEARCH_WAYS 8
#define SEARCH_FIRST_SCORE (1ULL << 62)
#define SEARCH_KILLER (1ULL << 48)
#define SEARCH_SECOND_KILLER (1ULL << 47)
#define SEARCH_COUNTERMOVE (1ULL << 47)
#define SEARCH_FEW_REPLIES 64
#define SEARCH_REPLY_SHIFT 46
#define COUNTERMOVES_FIRST (1u << 12)
#define COUNTERMOVES_MOST (1u << 20)
#define SEARCH_PASS_PLACE 7
#define PROBE_ROUNDS 20
#define PROBE_SHARE 16
#define PROBE_LEAD 4
#define SEARCH_SLOTS ((EFFECT_CARDS + 1) * 8 * EFFECT_SEATS)

/* An entry of the table: what is known of a position, followed in the table
 * by the position's key (key_words words, see spot_key and entry_key). An
 * entry and its key take stride bytes: one cache line up to four seats. */
typedef struct {
    uint64_t can, cannot; /* "exactly": the numbers found possible, impossible */
    unsigned char bounded, low, high, best;
} SearchEntry;

#define TABLE_LINE 64

/* The tag of a slot, kept apart from its entry (the tags of SEARCH_WAYS
 * slots share a cache line, where their entries take eight, or ten with five
 * or six seats): 0 for a free slot, else TAG_USED, bits of the key's hash
 * (TAG_PRINT) and the cards left (the low byte). A probe compares a key only
 * where the hash bits agree. */
#define TAG_USED 0x80000000u
#define TAG_PRINT 0x7fffff00u
#define TAG_LEFT 0xffu

/* A countermove: the card that last made a cut-off after the same cards of
 * a trick so far (its key: see countermove_key). */
typedef struct {
    PairKey key;
    unsigned char card;
} Countermove;

/* A position of the search: the hand in play (its trick, leader, trump, trump
 * card and doubled lead), the seat to play (-1 in a pass and after the last
 * trick), and in a pass the seats still to choose and each seat's choice + 1. */
typedef struct {
    Table g;
    int to_move;
    int passing;
    int to_pass;
    int pending[EFFECT_SEATS];
} Spot;

typedef struct {
    PyObject_HEAD
    EffectRules rules;
    int side;
    unsigned char order[EFFECT_SEATS];
    unsigned long long history[EFFECT_CARDS];
    /* By killer_slot, the cards + 1 of the last two cut-offs there. */
    unsigned char killers[SEARCH_SLOTS][2];
    /* The countermoves: an open-addressed table of countermove_cap slots,
     * emptied when it holds COUNTERMOVES_MOST and a new one comes. */
    Countermove *countermoves;
    size_t countermove_cap, countermove_count;
    unsigned long long nodes, node_limit;
    double deadline;
    PyObject *clock;
    /* The entries, stride bytes apart from the first cache line of
     * table_block (the block allocated). */
    unsigned char *table;
    void *table_block;
    size_t stride;
    int key_words;
    uint32_t *tags;
    size_t capacity, entries, most;
    size_t replaced; /* entries given up for others (the table at its largest) */
    /* The probes (see search_ask): the cards held from which a node probes
     * (0: none), the budget of a move's first probe, and the count of
     * positions past which the probe under way stops (0: none). */
    int probe_from;
    unsigned long long probe_first, budget_end;
} EffectSearch;

/* The bytes an entry and a key of key_words words take in the table: a
 * cache line where they fit in one. */
static size_t entry_stride(int key_words) {
    size_t size = sizeof(SearchEntry) + sizeof(uint64_t) * (size_t)key_words;
    return size <= TABLE_LINE ? TABLE_LINE : (size + 15) / 16 * 16;
}

/* release_memory(): the memo handed on (../_effect_play.h) and the kept
 * blocks (../_kept_memory.h) freed; the bytes freed. */
static PyObject *release_memory(PyObject *module, PyObject *unused) {
    (void)module;
    (void)unused;
    size_t handed_bytes = memo_release_handed();
    return PyLong_FromSize_t(handed_bytes + kept_release());
}

/* A table of capacity entries of stride bytes that starts on a cache line
 * (its entries not zeroed: an entry is read only where its tag is set), and
 * in *block the memory to give back; NULL when memory is short. */
static unsigned char *table_new(size_t capacity, size_t stride, void **block) {
    unsigned char *raw = block_take(KEPT_TABLE, capacity * stride + TABLE_LINE, 0);
    if (raw == NULL) {
        return NULL;
    }
    *block = raw;
    return raw + (TABLE_LINE - (uintptr_t)raw % TABLE_LINE) % TABLE_LINE;
}

static int EffectSearch_init(EffectSearch *s, PyObject *args, PyObject *kwds) {
    static char *names[] = {"tables", "side", "order", "most", "memo_most", NULL};
    PyObject *tables;
    int side;
    Py_buffer order;
    unsigned long most = SEARCH_MOST;
    unsigned long memo_most = MEMO_SIZE;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "Oiy*|kk", names, &tables, &side, &order,
                                     &most, &memo_most)) {
        return -1;
    }
    int status = -1;
    if (effect_rules_read(&s->rules, tables) < 0) {
        goto done;
    }
    int players = s->rules.players;
    const unsigned char *seats = (const unsigned char *)order.buf;
    int seen = 0;
    for (Py_ssize_t i = 0; i < order.len && order.len == players; i++) {
        seen |= seats[i] < players ? 1 << seats[i] : 0;
    }
    if (most < SEARCH_FIRST || most > SEARCH_MOST) {
        PyErr_Format(PyExc_ValueError, "most: the table holds %u to %u entries, got %lu",
                     SEARCH_FIRST, SEARCH_MOST, most);
        goto done;
    }
    if (memo_most < MEMO_FIRST || memo_most > MEMO_SIZE || (memo_most & (memo_most - 1))) {
        PyErr_Format(PyExc_ValueError,
                     "memo_most: the memo holds a power of two from %d to %d tricks, got %lu",
                     MEMO_FIRST, MEMO_SIZE, memo_most);
        goto done;
    }
    s->rules.memo_most = (int)memo_most;
    if (memo_take_on(&s->rules) < 0) {
        goto done;
    }
    if (order.len != players || seen != (1 << players) - 1 || side < 0 ||
        side >= (1 << players)) {
        PyErr_Format(PyExc_ValueError,
                     "an effect search takes the %d seats in an order and a side of them "
                     "(a bit set), got %zd seats and side %d",
                     players, order.len, side);
        goto done;
    }
    int key_words = players + 1;
    size_t stride = entry_stride(key_words);
    void *block;
    unsigned char *table = table_new(SEARCH_FIRST, stride, &block);
    uint32_t *tags = block_take(KEPT_TAGS, SEARCH_FIRST * sizeof(uint32_t), 1);
    if (table == NULL || tags == NULL) {
        block_give(table == NULL ? NULL : block);
        block_give(tags);
        PyErr_NoMemory();
        goto done;
    }
    if (s->clock == NULL) {
        PyObject *time = PyImport_ImportModule("time");
        if (time == NULL) {
            block_give(block);
            block_give(tags);
            goto done;
        }
        s->clock = PyObject_GetAttrString(time, "perf_counter");
        Py_DECREF(time);
        if (s->clock == NULL) {
            block_give(block);
            block_give(tags);
            goto done;
        }
    }
    block_give(s->table_block);
    block_give(s->tags);
    s->table = table;
    s->table_block = block;
    s->stride = stride;
    s->key_words = key_words;
    s->tags = tags;
    s->capacity = SEARCH_FIRST;
    s->entries = 0;
    s->replaced = 0;
    s->most = most;
    memcpy(s->order, seats, (size_t)players);
    memset(s->history, 0, sizeof s->history);
    memset(s->killers, 0, sizeof s->killers);
    block_give(s->countermoves);
    s->countermoves = NULL;
    s->countermove_cap = 0;
    s->countermove_count = 0;
    s->probe_from = 0;
    s->probe_first = 1;
    s->budget_end = 0;
    s->side = side;
    s->nodes = 0;
    s->node_limit = 0;
    s->deadline = 0.0;
    status = 0;
done:
    PyBuffer_Release(&order);
    return status;
}

static int EffectSearch_traverse(EffectSearch *s, visitproc visit, void *arg) {
    Py_VISIT(s->clock);
    return effect_rules_traverse(&s->rules, visit, arg);
}

static int EffectSearch_clear(EffectSearch *s) {
    Py_CLEAR(s->clock);
    return effect_rules_clear(&s->rules);
}

static void EffectSearch_dealloc(EffectSearch *s) {
    PyObject_GC_UnTrack(s);
    Py_CLEAR(s->clock);
    memo_hand_on(&s->rules);
    effect_rules_free(&s->rules);
    block_give(s->table_block);
    block_give(s->tags);
    block_give(s->countermoves);
    Py_TYPE(s)->tp_free((PyObject *)s);
}

/* -- the table ---------------------------------------------------------------- */

/* The key of a position at a trick's start or in a pass (Board.key), in
 * s->key_words words: every hand, then trump, its card, the doubled lead, the
 * leader and the pass. */
static void spot_key(const EffectSearch *s, const Spot *p, uint64_t *key) {
    int players = s->rules.players;
    for (int seat = 0; seat < players; seat++) {
        key[seat] = p->g.masks[seat];
    }
    uint64_t rest = (uint64_t)p->g.trump | (uint64_t)p->g.trump_card << 3 |
                    (uint64_t)p->g.doubled << 11 | (uint64_t)p->g.leader << 12;
    if (p->passing) {
        rest |= (uint64_t)1 << 15 | (uint64_t)p->to_pass << 16;
        for (int seat = 0; seat < players; seat++) {
            rest |= (uint64_t)p->pending[seat] << (22 + 7 * seat);
        }
    }
    key[players] = rest;
}

/* The hash of a key: its words mixed in one by one, as if every seat the
 * tables can take had a hand (an empty one past the players). */
static uint64_t spot_hash(const EffectSearch *s, const uint64_t *key) {
    int players = s->rules.players;
    uint64_t h = 0;
    for (int i = 0; i < EFFECT_SEATS; i++) {
        h = mix(h ^ (i < players ? key[i] : 0));
    }
    return mix(h ^ key[players]);
}

/* The entry in slot. */
static SearchEntry *entry_at(const EffectSearch *s, size_t slot) {
    return (SearchEntry *)(void *)(s->table + slot * s->stride);
}

/* The key stored after entry e. */
static uint64_t *entry_key(const SearchEntry *e) {
    return (uint64_t *)(void *)(e + 1);
}

/* The hash bits of a tag (other bits than the slot's). */
static uint32_t key_print(uint64_t h) {
    return TAG_USED | ((uint32_t)(h >> 32) & TAG_PRINT);
}

/* Whether the slot holds key, whose hash bits are print. */
static int slot_holds(const EffectSearch *s, size_t slot, const uint64_t *key, uint32_t print) {
    return (s->tags[slot] & ~TAG_LEFT) == print &&
           memcmp(entry_key(entry_at(s, slot)), key, sizeof(uint64_t) * (size_t)s->key_words) ==
               0;
}

/* The slot of key's entry (of hash h), or -1. */
static ptrdiff_t find_slot(const EffectSearch *s, const uint64_t *key, uint64_t h) {
    size_t mask = s->capacity - 1;
    uint32_t print = key_print(h);
    for (int i = 0; i < SEARCH_WAYS; i++) {
        size_t slot = (size_t)(h + (uint64_t)i) & mask;
        if (!s->tags[slot]) {
            return -1;
        }
        if (slot_holds(s, slot, key, print)) {
            return (ptrdiff_t)slot;
        }
    }
    return -1;
}

/* The slot for key (of hash h) among its SEARCH_WAYS: its own or a free one;
 * else, with cheapest, the one with the fewest cards left; else -1. */
static ptrdiff_t slot_for(const EffectSearch *s, const uint64_t *key, uint64_t h, int cheapest) {
    size_t mask = s->capacity - 1;
    uint32_t print = key_print(h);
    ptrdiff_t fewest = -1;
    for (int i = 0; i < SEARCH_WAYS; i++) {
        size_t slot = (size_t)(h + (uint64_t)i) & mask;
        uint32_t tag = s->tags[slot];
        if (!tag || slot_holds(s, slot, key, print)) {
            return (ptrdiff_t)slot;
        }
        if (fewest < 0 || (tag & TAG_LEFT) < (s->tags[fewest] & TAG_LEFT)) {
            fewest = (ptrdiff_t)slot;
        }
    }
    return cheapest ? fewest : -1;
}

/* Twice the table, its entries moved in: 1, or 0 when it is at its largest
 * or memory is short (the table is then left as it is). */
static int grow_table(EffectSearch *s) {
    if (s->capacity * 2 > s->most) {
        return 0;
    }
    size_t capacity = s->capacity * 2;
    size_t stride = s->stride;
    void *block;
    unsigned char *table = table_new(capacity, stride, &block);
    uint32_t *tags = block_take(KEPT_TAGS, capacity * sizeof(uint32_t), 1);
    if (table == NULL || tags == NULL) {
        block_give(table == NULL ? NULL : block);
        block_give(tags);
        return 0;
    }
    const unsigned char *old = s->table;
    void *old_block = s->table_block;
    uint32_t *old_tags = s->tags;
    size_t old_capacity = s->capacity;
    s->table = table;
    s->table_block = block;
    s->tags = tags;
    s->capacity = capacity;
    s->entries = 0;
    for (size_t i = 0; i < old_capacity; i++) {
        if (old_tags[i]) {
            const SearchEntry *e = (const SearchEntry *)(const void *)(old + i * stride);
            const uint64_t *key = entry_key(e);
            ptrdiff_t slot = slot_for(s, key, spot_hash(s, key), 1);
            if (!tags[slot]) {
                s->entries++;
            } else {
                s->replaced++;
            }
            memcpy(table + (size_t)slot * stride, e, stride);
            tags[slot] = old_tags[i];
        }
    }
    block_give(old_block);
    block_give(old_tags);
    return 1;
}

/* The entry of key (of hash h) to write in: found, or made (with nothing
 * known). The table grows when it is half full or key finds no free slot, up
 * to its largest; then key takes the slot of fewest cards left. */
static SearchEntry *entry_for(EffectSearch *s, const uint64_t *key, uint64_t h, int left) {
    ptrdiff_t slot = find_slot(s, key, h);
    if (slot >= 0) {
        return entry_at(s, (size_t)slot);
    }
    if (s->entries * 2 >= s->capacity) {
        grow_table(s);
    }
    slot = slot_for(s, key, h, 0);
    while (slot < 0 && grow_table(s)) {
        slot = slot_for(s, key, h, 0);
    }
    if (slot < 0) {
        slot = slot_for(s, key, h, 1);
    }
    if (!s->tags[slot]) {
        s->entries++;
    } else {
        s->replaced++;
    }
    SearchEntry *e = entry_at(s, (size_t)slot);
    memset(e, 0, sizeof *e);
    memcpy(entry_key(e), key, sizeof(uint64_t) * (size_t)s->key_words);
    e->best = NO_CARD;
    s->tags[slot] = key_print(h) | ((uint32_t)left & TAG_LEFT);
    return e;
}

/* -- the search --------------------------------------------------------------- */

/* GeneralSearch._count: 0, or -1 with LimitReached (or the error of a signal
 * handler or of the clock) set. */
static int search_count(EffectSearch *s) {
    s->nodes++;
    if (s->nodes & 255) {
        return 0;
    }
    if (PyErr_CheckSignals() < 0) {
        return -1;
    }
    int over = 0;
    if (s->deadline != 0.0) {
        PyObject *now = PyObject_CallNoArgs(s->clock);
        if (now == NULL) {
            return -1;
        }
        double t = PyFloat_AsDouble(now);
        Py_DECREF(now);
        if (t == -1.0 && PyErr_Occurred()) {
            return -1;
        }
        over = t > s->deadline;
    }
    if (over || (s->node_limit && s->nodes > s->node_limit)) {
        PyErr_SetString(LimitReached, "the search reached its limit");
        return -1;
    }
    return 0;
}

static int spot_left(const Spot *p) {
    return count_bits(p->g.masks[p->to_move >= 0 ? p->to_move : 0]);
}

/* Play card (showing shown - 1, 0 for none) for seat: 0, or -1 with an
 * exception set. */
static int spot_play(EffectSearch *s, Spot *p, int seat, int card, int shown) {
    EffectRules *r = &s->rules;
    Table *g = &p->g;
    g->masks[seat] &= ~BIT(card);
    g->trick[g->size] = card;
    g->shown[g->size] = shown;
    g->size++;
    if (g->size < r->players) {
        p->to_move = r->next[seat];
        return 0;
    }
    int last = g->masks[seat] == 0;
    const Resolved *found = resolved(r, g, last, 0);
    if (found == NULL) {
        return -1;
    }
    if (found->njacks) {
        g->trump_card = found->jacks[found->njacks - 1];
    }
    g->leader = found->leader;
    g->trump = found->trump;
    g->doubled = (found->flags & FLAG_DOUBLE) != 0;
    g->size = 0;
    if (last) {
        p->to_move = -1;
    } else if (found->flags & FLAG_PASS) {
        p->to_move = -1;
        p->passing = 1;
        p->to_pass = (1 << r->players) - 1;
    } else {
        p->to_move = g->leader;
    }
    return 0;
}

/* seat chooses card to pass; the cards change hands once every seat has. */
static void spot_pass(const EffectSearch *s, Spot *p, int seat, int card) {
    const EffectRules *r = &s->rules;
    p->pending[seat] = card + 1;
    p->to_pass &= ~(1 << seat);
    if (p->to_pass) {
        return;
    }
    for (int giver = 0; giver < r->players; giver++) {
        p->g.masks[giver] &= ~BIT(p->pending[giver] - 1);
    }
    for (int giver = 0; giver < r->players; giver++) {
        p->g.masks[r->receiver[giver]] |= BIT(p->pending[giver] - 1);
        p->pending[giver] = 0;
    }
    p->passing = 0;
    p->to_move = p->g.leader;
}

typedef struct {
    unsigned long long score;
    int card, shown, won;
} SearchMove;

/* GeneralSearch.killer_slot. */
static int killer_slot(const EffectSearch *s, const Spot *p, int seat) {
    int place = p->passing ? SEARCH_PASS_PLACE : p->g.size;
    return (count_bits(p->g.masks[seat]) * 8 + place) * s->rules.players + seat;
}

/* The score of card as a killer in slot (when it is not the table's). */
static unsigned long long killer_score(const EffectSearch *s, int slot, int card, int first) {
    if (card == first) {
        return 0;
    }
    if (s->killers[slot][0] == card + 1) {
        return SEARCH_KILLER;
    }
    return s->killers[slot][1] == card + 1 ? SEARCH_SECOND_KILLER : 0;
}

/* GeneralSearch.countermove_key: the cards of p's trick so far (each with
 * its shown card), the seat to play, trump and the doubled lead. */
static void countermove_key(const Spot *p, int seat, uint64_t *a, uint64_t *b) {
    const Table *g = &p->g;
    uint64_t cards = (uint64_t)g->size | (uint64_t)seat << 3 | (uint64_t)g->trump << 6 |
                     (uint64_t)g->doubled << 9;
    uint64_t shown = 0;
    for (int i = 0; i < g->size; i++) {
        cards |= (uint64_t)g->trick[i] << (10 + 6 * i);
        shown |= (uint64_t)g->shown[i] << (7 * i);
    }
    *a = cards;
    *b = shown;
}

static Countermove *countermove_at(const EffectSearch *s, uint64_t a, uint64_t b) {
    return &s->countermoves[pair_slot(s->countermoves, sizeof(Countermove), s->countermove_cap,
                                      a, b)];
}

/* The card of the countermove of (a, b), or -1. */
static int countermove_of(const EffectSearch *s, uint64_t a, uint64_t b) {
    if (!s->countermove_count) {
        return -1;
    }
    const Countermove *c = countermove_at(s, a, b);
    return c->key.a ? c->card : -1;
}

/* GeneralSearch._cutoff's countermove: card after (a, b). 0, or -1 with
 * MemoryError set. */
static int countermove_keep(EffectSearch *s, uint64_t a, uint64_t b, int card) {
    if (s->countermove_cap) {
        Countermove *c = countermove_at(s, a, b);
        if (c->key.a) {
            c->card = (unsigned char)card;
            return 0;
        }
    }
    if (s->countermove_count >= COUNTERMOVES_MOST) {
        memset(s->countermoves, 0, s->countermove_cap * sizeof(Countermove));
        s->countermove_count = 0;
    }
    if (2 * (s->countermove_count + 1) > s->countermove_cap) {
        Countermove *grown;
        if (s->countermove_cap) {
            grown = pair_grow(s->countermoves, sizeof(Countermove), s->countermove_cap);
        } else {
            grown = block_take(KEPT_COUNTERMOVES, COUNTERMOVES_FIRST * sizeof(Countermove), 1);
        }
        if (grown == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        s->countermoves = grown;
        s->countermove_cap = s->countermove_cap ? 2 * s->countermove_cap : COUNTERMOVES_FIRST;
    }
    Countermove *c = countermove_at(s, a, b);
    c->key.a = a;
    c->key.b = b;
    c->card = (unsigned char)card;
    s->countermove_count++;
    return 0;
}

/* The moves of a node, handed out best first by next_move in
 * GeneralSearch.moves's order: the table's card, then the cards that give
 * the trick so far to the mover's side, then the rest, each group by the
 * killers, the countermove and the history. Whether a card gives the trick
 * to the side asks the ruleset about the trick it would make, so a card is
 * asked about only when the order needs it: the cards are scanned in the
 * order of the other scores, a card that gives the trick is handed out as
 * soon as it is found, and the others once every card has been scanned. A
 * node that a cut-off settles early never asks about the cards after it. */
typedef struct {
    SearchMove moves[EFFECT_MOVES]; /* by the other scores, the table's card first */
    int count;
    int has_first;                  /* whether moves[0] is the table's card */
    int scanned;                    /* the moves asked about so far */
    int given;                      /* the moves handed out so far */
    int losers[EFFECT_MOVES];       /* the moves scanned that do not give the trick */
    int nlosers, next_loser;
    int ask, completes, mine, seat;
} MoveList;

/* GeneralSearch.few_replies: the score of a lead of card (showing shown - 1,
 * 0 for none) by a seat of the other side, by how few legal replies it
 * leaves the side's seats. */
static unsigned long long few_replies(const EffectSearch *s, const Spot *p, int card, int shown) {
    const EffectRules *r = &s->rules;
    Table led = p->g;
    led.trick[0] = card;
    led.shown[0] = shown;
    led.size = 1;
    int replies = 0;
    int cards[EFFECT_MOVES], shows[EFFECT_MOVES];
    for (int seat = 0; seat < r->players; seat++) {
        if (s->side >> seat & 1) {
            replies += effect_moves(r, &led, seat, cards, shows);
        }
    }
    return replies < SEARCH_FEW_REPLIES
               ? (unsigned long long)(SEARCH_FEW_REPLIES - replies) << SEARCH_REPLY_SHIFT
               : 0;
}

/* GeneralSearch.moves's scores but the trick's: seat's moves into list;
 * count. */
static int search_moves(EffectSearch *s, Spot *p, int seat, int first, int slot, int countered,
                        MoveList *list) {
    EffectRules *r = &s->rules;
    SearchMove *out = list->moves;
    int count = 0;
    list->count = list->has_first = list->scanned = list->given = 0;
    list->nlosers = list->next_loser = 0;
    list->ask = 0;
    list->seat = seat;
    if (p->passing) {
        for (mask_t rest = p->g.masks[seat]; rest; rest &= rest - 1) {
            int card = low_bit(rest);
            out[count].score = (card == first ? SEARCH_FIRST_SCORE : s->history[card]) +
                               killer_score(s, slot, card, first);
            out[count].card = card;
            out[count].shown = 0;
            out[count++].won = -1;
        }
    } else {
        int cards[EFFECT_MOVES], shown[EFFECT_MOVES];
        count = effect_moves(r, &p->g, seat, cards, shown);
        int completes = p->g.size == r->players - 1;
        if (count == 1 && !completes) {
            out[0].score = 0;
            out[0].card = cards[0];
            out[0].shown = shown[0];
            out[0].won = -1;
            list->count = 1;
            return 1;
        }
        list->ask = 1;
        list->completes = completes;
        list->mine = s->side >> seat & 1;
        int lead_other = p->g.size == 0 && !list->mine;
        for (int i = 0; i < count; i++) {
            unsigned long long score =
                cards[i] == first ? SEARCH_FIRST_SCORE : s->history[cards[i]];
            if (cards[i] == countered && cards[i] != first) {
                score += SEARCH_COUNTERMOVE;
            }
            if (lead_other && cards[i] != first) {
                score += few_replies(s, p, cards[i], shown[i]);
            }
            out[i].score = score + killer_score(s, slot, cards[i], first);
            out[i].card = cards[i];
            out[i].shown = shown[i];
            out[i].won = -1;
        }
    }
    /* Highest score first; the first listed first among equals. */
    for (int i = 1; i < count; i++) {
        SearchMove move = out[i];
        int j = i;
        while (j > 0 && out[j - 1].score < move.score) {
            out[j] = out[j - 1];
            j--;
        }
        out[j] = move;
    }
    list->count = count;
    list->has_first = count > 0 && out[0].card == first && first >= 0;
    return count;
}

/* Ask whether moves[i] gives the trick so far to the mover's side (its won
 * set where it completes the trick): 1 or 0, or -1 with an exception set. */
static int move_wins(EffectSearch *s, Spot *p, MoveList *list, int i) {
    SearchMove *m = &list->moves[i];
    int winner = winner_if(&s->rules, &p->g, list->seat, m->card, m->shown);
    if (winner == -2) {
        return -1;
    }
    int ours = winner >= 0 && (s->side >> winner & 1);
    if (list->completes) {
        m->won = ours;
    }
    return winner >= 0 && ours == list->mine;
}

/* The next move of list in GeneralSearch.moves's order: its index, -1 when
 * none is left, or -2 with an exception set. */
static int next_move(EffectSearch *s, Spot *p, MoveList *list) {
    if (!list->ask) {
        return list->given < list->count ? list->given++ : -1;
    }
    if (list->has_first && list->given == 0) {
        list->given = 1;
        list->scanned = 1;
        if (list->completes && move_wins(s, p, list, 0) < 0) {
            return -2;
        }
        return 0;
    }
    while (list->scanned < list->count) {
        int i = list->scanned++;
        int wins = move_wins(s, p, list, i);
        if (wins < 0) {
            return -2;
        }
        if (wins) {
            list->given++;
            return i;
        }
        list->losers[list->nlosers++] = i;
    }
    if (list->next_loser < list->nlosers) {
        list->given++;
        return list->losers[list->next_loser++];
    }
    return -1;
}

static int search_ask(EffectSearch *s, Spot *p, int want, int exact);

/* The answer after seat plays (or passes) move: 1 or 0, 2 when the
 * positions of the budget (budget_end) are spent, -1 with an exception set. */
static int search_child(EffectSearch *s, const Spot *p, int seat, const SearchMove *move, int want,
                        int exact, int last_trick) {
    int won = move->won;
    if (won >= 0 && (last_trick || (exact ? won > want : won >= want))) {
        return exact ? want == won : want <= won;
    }
    Spot child = *p;
    if (p->passing) {
        spot_pass(s, &child, seat, move->card);
    } else if (spot_play(s, &child, seat, move->card, move->shown) < 0) {
        return -1;
    }
    return search_ask(s, &child, want - (won > 0 ? won : 0), exact);
}

/* GeneralSearch.search: 1 or 0, 2 when the positions of the probe under way
 * (budget_end) are spent, or -1 with an exception set. */
static int search_ask(EffectSearch *s, Spot *p, int want, int exact) {
    if (exact) {
        if (want < 0) {
            return 0;
        }
    } else if (want <= 0) {
        return 1;
    }
    int left = spot_left(p);
    if (want > left) {
        return 0;
    }
    if (!left) {
        return 1; /* the hand is over, and nothing more was asked */
    }
    if (search_count(s) < 0) {
        return -1;
    }
    if (s->budget_end && s->nodes > s->budget_end) {
        return 2;
    }
    int seat = p->to_move;
    if (p->passing) {
        for (int i = 0; i < s->rules.players; i++) {
            if (p->to_pass >> s->order[i] & 1) {
                seat = s->order[i];
                break;
            }
        }
    }
    uint64_t key[EFFECT_SEATS + 1];
    uint64_t h = 0;
    int keyed = p->passing || p->g.size == 0;
    int first = -1;
    if (keyed) {
        spot_key(s, p, key);
        h = spot_hash(s, key);
        ptrdiff_t at = find_slot(s, key, h);
        const SearchEntry *e = at < 0 ? NULL : entry_at(s, (size_t)at);
        if (e == NULL) {
            /* A position not in the table gets an entry once searched: the
             * slot it will take is fetched while the search goes on (the
             * write would otherwise wait on memory). */
            const char *line = (const char *)entry_at(s, (size_t)slot_for(s, key, h, 1));
            fetch_for_write(line);
            fetch_for_write(line + s->stride - 1);
        } else {
            /* Each question reads what the other found: a seat sure of
             * exactly some number of tricks is sure of at least as many,
             * and one not sure of at least want is not sure of exactly
             * want (GeneralSearch.search). */
            if (exact) {
                if (want < 64 && (e->can >> want & 1)) {
                    return 1;
                }
                if ((want < 64 && (e->cannot >> want & 1)) || (e->bounded && want > e->high)) {
                    return 0;
                }
            } else {
                if ((e->bounded && want <= e->low) || (want < 64 && e->can >> want)) {
                    return 1;
                }
                if (e->bounded && want > e->high) {
                    return 0;
                }
            }
            first = e->best == NO_CARD ? -1 : e->best;
        }
    }
    int maximize = s->side >> seat & 1;
    int last_trick = left == 1;
    int result = !maximize;
    int settled = -1; /* the card of the cut-off, -1 for none */
    MoveList list;
    int slot = killer_slot(s, p, seat);
    int midtrick = !p->passing && p->g.size > 0;
    uint64_t trick_a = 0, trick_b = 0;
    int countered = -1;
    if (midtrick) {
        countermove_key(p, seat, &trick_a, &trick_b);
        countered = countermove_of(s, trick_a, trick_b);
    }
    search_moves(s, p, seat, first, slot, countered, &list);
    const SearchMove *moves = list.moves;
    int probe = s->probe_from > 0 && left >= s->probe_from && !last_trick && list.count > 1;
    int found = -1;
    if (!probe) {
        for (;;) {
            int i = next_move(s, p, &list);
            if (i == -2) {
                return -1;
            }
            if (i < 0) {
                break;
            }
            int ok = search_child(s, p, seat, &moves[i], want, exact, last_trick);
            if (ok < 0 || ok == 2) {
                return ok;
            }
            if (ok == maximize) {
                found = i;
                break;
            }
        }
    } else {
        /* Every move in the order, asked about at once: a probe may try each. */
        int order[EFFECT_MOVES];
        int norder = 0;
        for (;;) {
            int i = next_move(s, p, &list);
            if (i == -2) {
                return -1;
            }
            if (i < 0) {
                break;
            }
            order[norder++] = i;
        }
        /* GeneralSearch.probe: each move still open gets a budget of
         * positions a round (the first move in the order PROBE_LEAD times
         * as many), four times the last round's, until one settles the node
         * or none is left open; within another probe the first budget is at
         * least a PROBE_SHARE-th of what that one has left. */
        unsigned long long outer = s->budget_end;
        unsigned long long budget = s->probe_first;
        if (outer && (outer - s->nodes) / PROBE_SHARE > budget) {
            budget = (outer - s->nodes) / PROBE_SHARE;
        }
        int open = norder;
        while (open && found < 0) {
            int unlimited = budget >= s->probe_first << PROBE_ROUNDS;
            for (int k = 0; k < norder && found < 0; k++) {
                if (order[k] < 0) {
                    continue;
                }
                int i = order[k];
                unsigned long long end = s->nodes + (k == 0 ? budget * PROBE_LEAD : budget);
                s->budget_end = unlimited || (outer && end >= outer) ? outer : end;
                int ok = search_child(s, p, seat, &moves[i], want, exact, last_trick);
                s->budget_end = outer;
                if (ok < 0) {
                    return -1;
                }
                if (ok == 2) {
                    if (outer && s->nodes > outer) {
                        return 2;
                    }
                    continue;
                }
                order[k] = -1;
                open--;
                if (ok == maximize) {
                    found = i;
                }
            }
            budget *= 4;
        }
    }
    if (found >= 0) {
        int i = found;
        result = maximize;
        s->history[moves[i].card]++;
        if (s->killers[slot][0] != moves[i].card + 1) {
            s->killers[slot][1] = s->killers[slot][0];
            s->killers[slot][0] = (unsigned char)(moves[i].card + 1);
        }
        if (midtrick && countermove_keep(s, trick_a, trick_b, moves[i].card) < 0) {
            return -1;
        }
        settled = moves[i].card;
    }
    if (keyed) {
        SearchEntry *e = entry_for(s, key, h, left);
        if (settled >= 0) {
            e->best = (unsigned char)settled;
        }
        if (exact && want < 64) {
            if (result) {
                e->can |= (uint64_t)1 << want;
            } else {
                e->cannot |= (uint64_t)1 << want;
            }
        }
        /* An exact number found possible is a lower bound for the other
         * question. */
        if (!exact || result) {
            if (!e->bounded) {
                e->bounded = 1;
                e->low = 0;
                e->high = (unsigned char)left;
            }
            if (result && want > e->low) {
                e->low = (unsigned char)want;
            } else if (!result && want - 1 < e->high) {
                e->high = (unsigned char)(want - 1);
            }
        }
    }
    return result;
}

/* Read bytes of at most most values below bound into out: the count, or -1
 * with an exception set. */
static int search_bytes(PyObject *arg, int *out, int most, int bound, const char *what) {
    Py_buffer view;
    if (PyObject_GetBuffer(arg, &view, PyBUF_SIMPLE) < 0) {
        return -1;
    }
    const unsigned char *bytes = (const unsigned char *)view.buf;
    int bad = view.len > most;
    for (Py_ssize_t i = 0; !bad && i < view.len; i++) {
        bad = bytes[i] >= bound;
        out[i] = bytes[i];
    }
    int count = (int)view.len;
    PyBuffer_Release(&view);
    if (bad) {
        PyErr_Format(PyExc_ValueError, "%s: at most %d values below %d expected", what, most,
                     bound);
        return -1;
    }
    return count;
}

static PyObject *EffectSearch_ask(EffectSearch *s, PyObject *args) {
    PyObject *hands, *trick, *shown, *pending;
    int leader, to_move, passing, to_pass, trump, trump_card, doubled, want, exact;
    if (s->table == NULL || s->rules.outcome == NULL) {
        PyErr_SetString(PyExc_ValueError, "the search has no tables");
        return NULL;
    }
    if (!PyArg_ParseTuple(args, "OOOiipiOiipip", &hands, &trick, &shown, &leader, &to_move,
                          &passing, &to_pass, &pending, &trump, &trump_card, &doubled, &want,
                          &exact)) {
        return NULL;
    }
    const EffectRules *r = &s->rules;
    int players = r->players;
    Spot p;
    memset(&p, 0, sizeof p);
    if (read_masks(hands, p.g.masks, players, "hands") < 0) {
        return NULL;
    }
    int size = search_bytes(trick, p.g.trick, players - 1, r->n, "trick");
    if (size < 0 || search_bytes(shown, p.g.shown, players - 1, r->n + 1, "shown") < 0) {
        return NULL;
    }
    int given = search_bytes(pending, p.pending, players, r->n + 1, "pending");
    if (given < 0) {
        return NULL;
    }
    mask_t seen = 0;
    int clash = 0;
    for (int seat = 0; seat < players; seat++) {
        clash |= (seen & p.g.masks[seat]) != 0 || (r->n < 64 && p.g.masks[seat] >> r->n);
        seen |= p.g.masks[seat];
    }
    if (clash || leader < 0 || leader >= players || to_move < -1 || to_move >= players ||
        to_pass < 0 || to_pass >= (1 << players) || trump < 0 || trump > 4 ||
        (trump_card != NO_CARD && (trump_card < 0 || trump_card >= r->n)) ||
        (passing && (given != players || size)) || (!passing && to_pass)) {
        PyErr_SetString(PyExc_ValueError, "the position does not fit the tables");
        return NULL;
    }
    p.g.size = size;
    p.g.leader = leader;
    p.g.trump = trump;
    p.g.trump_card = trump_card;
    p.g.doubled = doubled;
    p.to_move = passing ? -1 : to_move;
    p.passing = passing;
    p.to_pass = to_pass;
    s->budget_end = 0;
    int answer = search_ask(s, &p, want, exact);
    if (answer < 0) {
        return NULL;
    }
    return PyBool_FromLong(answer);
}

/* Alike on purpose: a getter (and a setter) a field, as the C API takes them. */
static PyObject *EffectSearch_get_nodes(EffectSearch *s, void *closure) {
    (void)closure;
    return PyLong_FromUnsignedLongLong(s->nodes);
}

static int EffectSearch_set_nodes(EffectSearch *s, PyObject *value, void *closure) {
    (void)closure;
    return set_count(value, "nodes", &s->nodes);
}

static PyObject *EffectSearch_get_entries(EffectSearch *s, void *closure) {
    (void)closure;
    return PyLong_FromSize_t(s->entries);
}

static PyObject *EffectSearch_get_replaced(EffectSearch *s, void *closure) {
    (void)closure;
    return PyLong_FromSize_t(s->replaced);
}

static PyObject *EffectSearch_get_countermoves(EffectSearch *s, void *closure) {
    (void)closure;
    return PyLong_FromSize_t(s->countermove_count);
}

static PyObject *EffectSearch_get_node_limit(EffectSearch *s, void *closure) {
    (void)closure;
    return PyLong_FromUnsignedLongLong(s->node_limit);
}

static int EffectSearch_set_node_limit(EffectSearch *s, PyObject *value, void *closure) {
    (void)closure;
    return set_count(value, "node_limit", &s->node_limit);
}

static PyObject *EffectSearch_get_probe_from(EffectSearch *s, void *closure) {
    (void)closure;
    return PyLong_FromLong(s->probe_from);
}

static int EffectSearch_set_probe_from(EffectSearch *s, PyObject *value, void *closure) {
    (void)closure;
    unsigned long long cards;
    if (set_count(value, "probe_from", &cards) < 0) {
        return -1;
    }
    if (cards > EFFECT_CARDS) {
        PyErr_Format(PyExc_ValueError, "probe_from must be at most %d, got %llu", EFFECT_CARDS,
                     cards);
        return -1;
    }
    s->probe_from = (int)cards;
    return 0;
}

static PyObject *EffectSearch_get_probe_first(EffectSearch *s, void *closure) {
    (void)closure;
    return PyLong_FromUnsignedLongLong(s->probe_first);
}

static int EffectSearch_set_probe_first(EffectSearch *s, PyObject *value, void *closure) {
    (void)closure;
    unsigned long long first;
    if (set_count(value, "probe_first", &first) < 0) {
        return -1;
    }
    if (first < 1 || first > (1ULL << 30)) {
        PyErr_Format(PyExc_ValueError, "probe_first must be 1 to 2**30, got %llu", first);
        return -1;
    }
    s->probe_first = first;
    return 0;
}

static PyObject *EffectSearch_get_deadline(EffectSearch *s, void *closure) {
    (void)closure;
    return PyFloat_FromDouble(s->deadline);
}

static int EffectSearch_set_deadline(EffectSearch *s, PyObject *value, void *closure) {
    (void)closure;
    return set_time(value, "deadline", &s->deadline);
}

static PyMethodDef EffectSearch_methods[] = {
    {"ask", (PyCFunction)EffectSearch_ask, METH_VARARGS,
     "ask(hands, trick, shown, leader, to_move, passing, to_pass, pending, trump, trump_card, "
     "doubled, want, exact): GeneralSearch.ask on the position (masks of the hands; the "
     "trick's cards and each one's shown card + 1; in a pass the seats still to choose, a bit "
     "set, and each seat's choice + 1)."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef EffectSearch_getset[] = {
    {"nodes", (getter)EffectSearch_get_nodes, (setter)EffectSearch_set_nodes,
     "Positions searched so far.", NULL},
    {"entries", (getter)EffectSearch_get_entries, NULL, "Entries in the table.", NULL},
    {"countermoves", (getter)EffectSearch_get_countermoves, NULL, "Countermoves kept.", NULL},
    {"replaced", (getter)EffectSearch_get_replaced, NULL,
     "Entries given up for others once the table is at its largest.", NULL},
    {"node_limit", (getter)EffectSearch_get_node_limit, (setter)EffectSearch_set_node_limit,
     "The count of positions past which a question gives up (0: none).", NULL},
    {"deadline", (getter)EffectSearch_get_deadline, (setter)EffectSearch_set_deadline,
     "The time.perf_counter() past which a question gives up (0: none).", NULL},
    {"probe_from", (getter)EffectSearch_get_probe_from, (setter)EffectSearch_set_probe_from,
     "GeneralSearch.probe_from: the cards held from which a node probes its moves (0: none).",
     NULL},
    {"probe_first", (getter)EffectSearch_get_probe_first, (setter)EffectSearch_set_probe_first,
     "GeneralSearch.probe_first: the positions of a move's first probe.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

/* Alike on purpose: a type of the C API, in the form it takes one. */
static PyTypeObject EffectSearchType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "counter_rules.analysis._plain_kernel.EffectSearch",
    .tp_basicsize = sizeof(EffectSearch),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_doc = "The general search for one side of a ruleset whose tricks have effects, over "
              "tables built from the rules, its tricks resolved by the ruleset.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)EffectSearch_init,
    .tp_dealloc = (destructor)EffectSearch_dealloc,
    .tp_traverse = (traverseproc)EffectSearch_traverse,
    .tp_clear = (inquiry)EffectSearch_clear,
    .tp_methods = EffectSearch_methods,
    .tp_getset = EffectSearch_getset,
};

static PyObject *set_weights(PyObject *module, PyObject *arg) {
    (void)module;
    PyObject *seq = PySequence_Fast(arg, "set_weights takes a sequence of whole numbers");
    if (seq == NULL) {
        return NULL;
    }
    Py_ssize_t count = PySequence_Fast_GET_SIZE(seq);
    if (count != WEIGHT_COUNT) {
        PyErr_Format(PyExc_ValueError, "set_weights takes %d weights, got %zd", WEIGHT_COUNT,
                     count);
        Py_DECREF(seq);
        return NULL;
    }
    int values[WEIGHT_COUNT];
    for (Py_ssize_t i = 0; i < count; i++) {
        long value = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if (value == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return NULL;
        }
        if (value < -1000 || value > 1000) {
            PyErr_Format(PyExc_ValueError, "a weight must be from -1000 to 1000, got %ld", value);
            Py_DECREF(seq);
            return NULL;
        }
        values[i] = (int)value;
    }
    Py_DECREF(seq);
    memcpy(weights, values, sizeof weights);
    Py_RETURN_NONE;
}

static PyMethodDef kernel_functions[] = {
    {"set_weights", set_weights, METH_O,
     "Set the weights of move ordering (_plain_search.WEIGHTS, in its order)."},
    {"release_memory", release_memory, METH_NOARGS,
     "Free the memory the general search keeps from one search for the next; the bytes "
     "freed."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef kernel_module = {
    PyModuleDef_HEAD_INIT,
    .m_methods = kernel_functions,
    .m_name = "counter_rules.analysis._plain_kernel",
    .m_doc = "The native kernel of the solver's plain search (see _plain.py).",
    .m_size = -1,
};

PyMODINIT_FUNC PyInit__plain_kernel(void) {
    if (PyType_Ready(&KernelType) < 0 || PyType_Ready(&OwnType) < 0 ||
        PyType_Ready(&EffectSearchType) < 0) {
        return NULL;
    }
    PyObject *module = PyModule_Create(&kernel_module);
    if (module == NULL) {
        return NULL;
    }
    LimitReached = PyErr_NewException("counter_rules.analysis._plain_kernel.LimitReached",
                                      NULL, NULL);
    if (LimitReached == NULL || PyModule_AddObject(module, "LimitReached", LimitReached) < 0) {
        Py_XDECREF(LimitReached);
        Py_DECREF(module);
        return NULL;
    }
    Py_INCREF(LimitReached);
    Py_INCREF(&KernelType);
    if (PyModule_AddObject(module, "Kernel", (PyObject *)&KernelType) < 0) {
        Py_DECREF(&KernelType);
        Py_DECREF(module);
        return NULL;
    }
    Py_INCREF(&OwnType);
    if (PyModule_AddObject(module, "Own", (PyObject *)&OwnType) < 0) {
        Py_DECREF(&OwnType);
        Py_DECREF(module);
        return NULL;
    }
    Py_INCREF(&EffectSearchType);
    if (PyModule_AddObject(module, "EffectSearch", (PyObject *)&EffectSearchType) < 0) {
        Py_DECREF(&EffectSearchType);
        Py_DECREF(module);
        return NULL;
    }
    if (PyModule_AddIntConstant(module, "MAX_EXEMPT", MAX_EXEMPT) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
