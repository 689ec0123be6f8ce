/* The rules of the play of a ruleset whose tricks have effects (Counter), as
 * the native modules read them: bots/_playout.c (EffectPlayout, the playout)
 * and analysis/_plain_kernel.c (EffectSearch, the general search).
 *
 * The header states no rule. Everything comes from
 * counter_rules.play_rules.PlayRules.native_tables(), built once for a ruleset
 * from the rules' own functions:
 *
 *   - next[seat] and receiver[seat]: who plays after seat, who gets its pass;
 *   - the follow rule as PlayTables: follow_index[trump][led] picks a mask of
 *     the cards that follow, exempt[] the holdings of them that free a seat
 *     from following, shown[] and the pairs of showings[] the plays that show
 *     a card (Counter's Four);
 *   - outcome(trick, trump, doubled, last, trump_card, keys): the ruleset's
 *     answer for a trick (PlayRules.keyed_outcome), asked from here on the
 *     play's own Python values (the deck's cards, one shared PlayedCard a seat
 *     and card, show(seat, card, shown) for a play that shows a card, the
 *     trumps by code, each card's key) and kept in a table
 *     that doubles from MEMO_FIRST answers as it fills, up to memo_most
 *     (MEMO_SIZE unless the includer asks for less). Half full at that size,
 *     it forgets the complete tricks and keeps the tricks so far, which the
 *     moves' order asks about again and again (memo_keep_partial); where
 *     those fill a quarter of it, it forgets them too. Where the ruleset
 *     says that its tricks read the suits only by their pattern and the
 *     seats only by the order of play (PlayRules.pattern_tricks: suits[]
 *     and faces[] give each card's suit and what it is besides its suit), a
 *     trick without a shown card is kept under its suits renamed in the
 *     order they come, trump first, whoever leads it (pattern_key): one
 *     answer serves the trick, every renaming of it and every leader.
 *
 * The file that includes it may define MEMO_BITS first (the memo's largest
 * size is 1 << MEMO_BITS answers of 32 bytes; 16 by default).
 *
 * The file that includes it defines read_masks(arg, out, count, what) first:
 * count numbers of a sequence into masks, 0 or -1 with an exception set.
 */

#ifndef COUNTER_RULES_EFFECT_PLAY_H
#define COUNTER_RULES_EFFECT_PLAY_H

#include <Python.h>
#include <stdint.h>
#include <string.h>

#include "_kept_memory.h"
#include "_native_bits.h"

#define EFFECT_SEATS 6
#define EFFECT_CARDS 64
#define MAX_EXEMPT 8
#define MAX_SHOWN 4
#define EFFECT_MOVES (EFFECT_CARDS + 16)
#ifndef MEMO_BITS
#define MEMO_BITS 16
#endif
#define MEMO_SIZE (1 << MEMO_BITS)
#define MEMO_FIRST (1 << 10)
#define NO_CARD 255
/* A resolved trick's key holds the trick's size in its low TRICK_SIZE_BITS bits
 * (see resolved). */
#define TRICK_SIZE_BITS 4

/* The key of an entry of a table keyed by two words, open-addressed and
 * grown by doubling (pair_slot, pair_grow): the trick memo here and the
 * general search's countermoves. Such an entry starts with its PairKey. Both
 * keys hold the size of a trick of at least one card in the low bits of a, so
 * a key in use has a != 0, and a == 0 marks a free slot (the entries stay
 * small: a resolved trick takes 32 bytes, half a cache line). */
typedef struct {
    uint64_t a, b;
} PairKey;

/* A trick resolved: its key, and the winner (NO_CARD for nobody), the next
 * leader, trump, FLAG_DOUBLE and FLAG_PASS, and the Jacks. */
typedef struct {
    PairKey key;
    unsigned char winner, leader, trump, flags, njacks;
    unsigned char jacks[EFFECT_SEATS];
} Resolved;

#define FLAG_DOUBLE 1
#define FLAG_PASS 2
/* The memo keeps a trick under its suits' pattern (see pattern_key) with this
 * bit set in its key's second word; its trump is then a suit's name in the
 * pattern (0 for none), its winner and next leader and its Jacks their places
 * in the trick. */
#define PATTERN_KEY ((uint64_t)1 << 63)
/* A card's place in a key by pattern: what it is besides its suit times
 * PATTERN_NAMES, plus its suit's name; NO_PATTERN_CARD for no trump card. */
#define PATTERN_NAMES 8
#define PATTERN_CARD_BITS 9
#define NO_PATTERN_CARD ((1 << PATTERN_CARD_BITS) - 1)
#define MAX_FACES 63

typedef struct {
    int players;
    int n;
    int follow_count;
    int shown_count;
    unsigned char next[EFFECT_SEATS];
    unsigned char receiver[EFFECT_SEATS];
    unsigned char follow_index[5][EFFECT_CARDS];
    mask_t follow_masks[5 * EFFECT_CARDS];
    mask_t exempt[5 * EFFECT_CARDS][MAX_EXEMPT];
    unsigned char exempt_count[5 * EFFECT_CARDS];
    unsigned char shown[MAX_SHOWN];
    mask_t shown_mask; /* the bits of shown[] */
    /* The (played, shown) pairs of showings[i] are pairs[2 * j], pairs[2 * j + 1]
     * for pair_start[i] <= j < pair_start[i + 1]. */
    unsigned short pair_start[257];
    unsigned char pairs[256 * 2 * 12];
    PyObject *outcome;
    PyObject *cards;  /* a tuple */
    PyObject *trumps; /* a tuple of 5 */
    PyObject *played; /* a tuple of tuples */
    PyObject *show;
    PyObject *keys; /* a tuple: each card's key (an int) */
    unsigned char suits[EFFECT_CARDS]; /* each card's suit by code, 0 for none */
    unsigned char faces[EFFECT_CARDS]; /* each card's number besides its suit */
    int by_pattern;                    /* PlayRules.pattern_tricks */
    int trump_card_read;               /* PlayRules.trump_card_read */
    /* By leader, the seat that plays a trick's card i, and each seat's place. */
    unsigned char seat_at[EFFECT_SEATS][EFFECT_SEATS];
    unsigned char place_of[EFFECT_SEATS][EFFECT_SEATS];
    Resolved renamed;                  /* an answer kept by pattern, as asked */
    Resolved *memo;
    int memo_cap;  /* a power of two, MEMO_FIRST to memo_most */
    int memo_most; /* a power of two, MEMO_FIRST to MEMO_SIZE */
    int memo_size; /* the tricks it holds */
} EffectRules;

/* The tables of native_tables() (a tuple) read into r: 0, or -1 with an
 * exception set (r keeps what it held). */
static int effect_rules_read(EffectRules *r, PyObject *tables) {
    Py_buffer next, receiver, follow_index, shown, suits, faces;
    int by_pattern, trump_card_read;
    PyObject *follow_masks, *exempt, *showings, *outcome, *cards, *trumps, *played, *show, *keys;
    if (!PyTuple_Check(tables)) {
        PyErr_SetString(PyExc_TypeError, "the rules' tables must be a tuple");
        return -1;
    }
    if (!PyArg_ParseTuple(tables, "y*y*y*OOy*OOO!O!O!OO!y*y*pp;the rules' tables", &next,
                          &receiver,
                          &follow_index, &follow_masks, &exempt, &shown, &showings, &outcome,
                          &PyTuple_Type, &cards, &PyTuple_Type, &trumps, &PyTuple_Type, &played,
                          &show, &PyTuple_Type, &keys, &suits, &faces, &by_pattern,
                          &trump_card_read)) {
        return -1;
    }
    int status = -1;
    PyObject *seq = NULL;
    EffectRules *fresh = PyMem_Calloc(1, sizeof(EffectRules));
    if (fresh == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    Py_ssize_t players = next.len;
    Py_ssize_t n = follow_index.len / 5;
    if (players < 2 || players > EFFECT_SEATS || receiver.len != players || n < 1 ||
        n > EFFECT_CARDS || follow_index.len != 5 * n || shown.len > MAX_SHOWN) {
        PyErr_Format(PyExc_ValueError,
                     "the rules' tables take 2..%d seats (a receiver each), 5 x 1..%d "
                     "follow indexes and at most %d shown cards; got %zd seats, %zd "
                     "receivers, %zd follow indexes and %zd shown",
                     EFFECT_SEATS, EFFECT_CARDS, MAX_SHOWN, players, receiver.len,
                     follow_index.len, shown.len);
        goto done;
    }
    if (!PyCallable_Check(outcome) || !PyCallable_Check(show)) {
        PyErr_SetString(PyExc_TypeError, "outcome and show must be callable");
        goto done;
    }
    if (PyTuple_GET_SIZE(cards) != n || PyTuple_GET_SIZE(trumps) != 5 ||
        PyTuple_GET_SIZE(played) != players || PyTuple_GET_SIZE(keys) != n) {
        PyErr_Format(PyExc_ValueError,
                     "expected %zd cards, 5 trumps, %zd seats of plays and %zd keys, got %zd, "
                     "%zd, %zd and %zd",
                     n, players, n, PyTuple_GET_SIZE(cards), PyTuple_GET_SIZE(trumps),
                     PyTuple_GET_SIZE(played), PyTuple_GET_SIZE(keys));
        goto done;
    }
    for (Py_ssize_t k = 0; k < n; k++) {
        if (!PyLong_Check(PyTuple_GET_ITEM(keys, k))) {
            PyErr_Format(PyExc_TypeError, "keys: entry %zd is not an int", k);
            goto done;
        }
    }
    if (suits.len != n || faces.len != n) {
        PyErr_Format(PyExc_ValueError, "expected %zd suits and %zd faces, got %zd and %zd", n, n,
                     suits.len, faces.len);
        goto done;
    }
    const unsigned char *suit_codes = (const unsigned char *)suits.buf;
    const unsigned char *face_codes = (const unsigned char *)faces.buf;
    for (Py_ssize_t k = 0; k < n; k++) {
        if (suit_codes[k] > 4 || face_codes[k] > MAX_FACES) {
            PyErr_Format(PyExc_ValueError,
                         "card %zd: suit %d or face %d is not a suit's code (0-4) or a face "
                         "(0-%d)",
                         k, suit_codes[k], face_codes[k], MAX_FACES);
            goto done;
        }
        fresh->suits[k] = suit_codes[k];
        fresh->faces[k] = face_codes[k];
    }
    fresh->by_pattern = by_pattern;
    fresh->trump_card_read = trump_card_read;
    for (Py_ssize_t seat = 0; seat < players; seat++) {
        PyObject *row = PyTuple_GET_ITEM(played, seat);
        if (!PyTuple_Check(row) || PyTuple_GET_SIZE(row) != n) {
            PyErr_Format(PyExc_ValueError, "played: seat %zd needs a tuple of %zd plays", seat, n);
            goto done;
        }
    }
    const unsigned char *seats = (const unsigned char *)next.buf;
    const unsigned char *gets = (const unsigned char *)receiver.buf;
    for (Py_ssize_t i = 0; i < players; i++) {
        if (seats[i] >= players || gets[i] >= players) {
            PyErr_Format(PyExc_ValueError, "next_seat or receiver: %d or %d is not a seat",
                         seats[i], gets[i]);
            goto done;
        }
    }
    seq = PySequence_Fast(follow_masks, "follow_masks must be a sequence of masks");
    if (seq == NULL) {
        goto done;
    }
    Py_ssize_t follow_count = PySequence_Fast_GET_SIZE(seq);
    Py_CLEAR(seq);
    if (follow_count < 1 || follow_count > 5 * n) {
        PyErr_Format(PyExc_ValueError, "follow_masks: expected 1..%zd masks, got %zd", 5 * n,
                     follow_count);
        goto done;
    }
    if (read_masks(follow_masks, fresh->follow_masks, follow_count, "follow_masks") < 0) {
        goto done;
    }
    const unsigned char *index = (const unsigned char *)follow_index.buf;
    for (Py_ssize_t i = 0; i < 5 * n; i++) {
        if (index[i] >= follow_count) {
            PyErr_Format(PyExc_ValueError, "follow_index: %d is not a follow mask", index[i]);
            goto done;
        }
        fresh->follow_index[i / n][i % n] = index[i];
    }
    seq = PySequence_Fast(exempt, "exempt must be a sequence of sequences of masks");
    if (seq == NULL) {
        goto done;
    }
    if (PySequence_Fast_GET_SIZE(seq) != follow_count) {
        PyErr_Format(PyExc_ValueError, "exempt: expected %zd entries, got %zd", follow_count,
                     PySequence_Fast_GET_SIZE(seq));
        goto done;
    }
    for (Py_ssize_t i = 0; i < follow_count; i++) {
        PyObject *entry = PySequence_Fast_GET_ITEM(seq, i);
        Py_ssize_t count = PySequence_Size(entry);
        if (count < 0) {
            goto done;
        }
        if (count > MAX_EXEMPT) {
            PyErr_Format(PyExc_ValueError, "exempt: at most %d holdings a mask, got %zd",
                         MAX_EXEMPT, count);
            goto done;
        }
        if (read_masks(entry, fresh->exempt[i], count, "exempt") < 0) {
            goto done;
        }
        fresh->exempt_count[i] = (unsigned char)count;
    }
    Py_CLEAR(seq);
    const unsigned char *shown_bits = (const unsigned char *)shown.buf;
    for (Py_ssize_t k = 0; k < shown.len; k++) {
        if (shown_bits[k] >= n) {
            PyErr_Format(PyExc_ValueError, "shown: %d is not a card", shown_bits[k]);
            goto done;
        }
        fresh->shown[k] = shown_bits[k];
        fresh->shown_mask |= BIT(shown_bits[k]);
    }
    seq = PySequence_Fast(showings, "showings must be a sequence");
    if (seq == NULL) {
        goto done;
    }
    if (PySequence_Fast_GET_SIZE(seq) != 256) {
        PyErr_Format(PyExc_ValueError, "showings: expected 256 entries, got %zd",
                     PySequence_Fast_GET_SIZE(seq));
        goto done;
    }
    int at = 0;
    for (int i = 0; i < 256; i++) {
        fresh->pair_start[i] = (unsigned short)(at / 2);
        Py_buffer pairs;
        if (PyObject_GetBuffer(PySequence_Fast_GET_ITEM(seq, i), &pairs, PyBUF_SIMPLE) < 0) {
            goto done;
        }
        const unsigned char *bytes = (const unsigned char *)pairs.buf;
        int bad = pairs.len % 2 != 0 || pairs.len > 2 * 12 || at + pairs.len > 256 * 2 * 12;
        for (Py_ssize_t j = 0; !bad && j < pairs.len; j++) {
            bad = bytes[j] >= n;
        }
        if (!bad) {
            memcpy(fresh->pairs + at, bytes, (size_t)pairs.len);
            at += (int)pairs.len;
        }
        PyBuffer_Release(&pairs);
        if (bad) {
            PyErr_Format(PyExc_ValueError, "showings: entry %d is not up to 12 pairs of cards", i);
            goto done;
        }
    }
    fresh->pair_start[256] = (unsigned short)(at / 2);
    Py_CLEAR(seq);
    Resolved *memo = r->memo;
    int memo_cap = r->memo_cap;
    if (memo == NULL) {
        memo = block_take(KEPT_MEMO, MEMO_FIRST * sizeof(Resolved), 1);
        if (memo == NULL) {
            PyErr_NoMemory();
            goto done;
        }
        memo_cap = MEMO_FIRST;
    } else {
        memset(memo, 0, (size_t)memo_cap * sizeof(Resolved));
    }
    memcpy(fresh->next, seats, (size_t)players);
    memset(fresh->place_of, NO_CARD, sizeof fresh->place_of);
    for (int leader = 0; leader < players; leader++) {
        int seat = leader;
        for (int i = 0; i < players; i++) {
            fresh->seat_at[leader][i] = (unsigned char)seat;
            if (fresh->place_of[leader][seat] == NO_CARD) {
                fresh->place_of[leader][seat] = (unsigned char)i;
            }
            seat = seats[seat];
        }
    }
    memcpy(fresh->receiver, gets, (size_t)players);
    fresh->players = (int)players;
    fresh->n = (int)n;
    fresh->follow_count = (int)follow_count;
    fresh->shown_count = (int)shown.len;
    /* Swap the references in, then keep the fresh tables. */
    Py_INCREF(outcome);
    Py_INCREF(cards);
    Py_INCREF(trumps);
    Py_INCREF(played);
    Py_INCREF(show);
    Py_INCREF(keys);
    fresh->outcome = outcome;
    fresh->cards = cards;
    fresh->trumps = trumps;
    fresh->played = played;
    fresh->show = show;
    fresh->keys = keys;
    PyObject *old[6] = {r->outcome, r->cards, r->trumps, r->played, r->show, r->keys};
    *r = *fresh;
    r->memo = memo;
    r->memo_cap = memo_cap;
    r->memo_most = MEMO_SIZE; /* the includer may hold it to less */
    r->memo_size = 0;
    for (int i = 0; i < 6; i++) {
        Py_XDECREF(old[i]);
    }
    status = 0;
done:
    PyMem_Free(fresh);
    Py_XDECREF(seq);
    PyBuffer_Release(&next);
    PyBuffer_Release(&receiver);
    PyBuffer_Release(&follow_index);
    PyBuffer_Release(&shown);
    PyBuffer_Release(&suits);
    PyBuffer_Release(&faces);
    return status;
}

/* Alike on purpose: the collector's visit and clear of the same references. */
static int effect_rules_traverse(EffectRules *r, visitproc visit, void *arg) {
    Py_VISIT(r->outcome);
    Py_VISIT(r->cards);
    Py_VISIT(r->trumps);
    Py_VISIT(r->played);
    Py_VISIT(r->show);
    Py_VISIT(r->keys);
    return 0;
}

static int effect_rules_clear(EffectRules *r) {
    Py_CLEAR(r->outcome);
    Py_CLEAR(r->cards);
    Py_CLEAR(r->trumps);
    Py_CLEAR(r->played);
    Py_CLEAR(r->show);
    Py_CLEAR(r->keys);
    return 0;
}

static void effect_rules_free(EffectRules *r) {
    effect_rules_clear(r);
    block_give(r->memo);
    r->memo = NULL;
    r->memo_cap = 0;
}

/* The hand being played: the hands, tricks won and bids, the current trick,
 * its leader, trump and its card, and the doubled lead. */
typedef struct {
    mask_t masks[EFFECT_SEATS];
    int won[EFFECT_SEATS];
    int bids[EFFECT_SEATS];
    int trick[EFFECT_SEATS];
    int shown[EFFECT_SEATS]; /* the shown card + 1, 0 for none */
    int size;
    int leader;
    int trump;      /* 0 for none, else the suit's value + 1 */
    int trump_card; /* NO_CARD for none */
    int doubled;
} Table;

/* The subset of the shown cards in mask, as bits 0..3. */
static int shown_subset(const EffectRules *r, mask_t mask) {
    int out = 0;
    for (int k = 0; k < r->shown_count; k++) {
        if (mask & BIT(r->shown[k])) {
            out |= 1 << k;
        }
    }
    return out;
}

/* The legal plays of seat, in the order the Python rules list them: the
 * playable cards lowest bit first, then the (played, shown) pairs. */
static int effect_moves(const EffectRules *r, const Table *g, int seat, int *cards, int *shown) {
    mask_t hand = g->masks[seat];
    mask_t legal = hand;
    if (g->size) {
        int f = r->follow_index[g->trump][g->trick[0]];
        mask_t suited = hand & r->follow_masks[f];
        int free = 0;
        for (int i = 0; i < r->exempt_count[f]; i++) {
            if (suited == r->exempt[f][i]) {
                free = 1;
            }
        }
        if (suited && !free) {
            legal = suited;
        }
    }
    int count = 0;
    for (mask_t rest = legal; rest; rest &= rest - 1) {
        cards[count] = low_bit(rest);
        shown[count++] = 0;
    }
    /* A hand without a card that shows another has no (played, shown) pair. */
    if (hand & r->shown_mask) {
        int which = shown_subset(r, legal) * 16 + shown_subset(r, hand);
        for (int j = r->pair_start[which]; j < r->pair_start[which + 1]; j++) {
            cards[count] = r->pairs[2 * j];
            shown[count++] = r->pairs[2 * j + 1] + 1;
        }
    }
    return count;
}

static uint64_t mix(uint64_t x) {
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    x ^= x >> 33;
    return x;
}

/* The ruleset's outcome of g's trick: a new reference, or NULL with an
 * exception set. */
static PyObject *ask_outcome(const EffectRules *r, const Table *g, int last) {
    PyObject *trick = PyTuple_New(g->size);
    PyObject *keys = PyTuple_New(g->size);
    if (trick == NULL || keys == NULL) {
        Py_XDECREF(trick);
        Py_XDECREF(keys);
        return NULL;
    }
    for (int i = 0; i < g->size; i++) {
        PyObject *key = PyTuple_GET_ITEM(r->keys, g->trick[i]);
        Py_INCREF(key);
        PyTuple_SET_ITEM(keys, i, key);
    }
    int seat = g->leader;
    for (int i = 0; i < g->size; i++) {
        PyObject *card = PyTuple_GET_ITEM(r->cards, g->trick[i]);
        PyObject *play;
        if (g->shown[i]) {
            play = PyObject_CallFunction(r->show, "iOO", seat, card,
                                         PyTuple_GET_ITEM(r->cards, g->shown[i] - 1));
            if (play == NULL) {
                Py_DECREF(trick);
                Py_DECREF(keys);
                return NULL;
            }
        } else {
            play = PyTuple_GET_ITEM(PyTuple_GET_ITEM(r->played, seat), g->trick[i]);
            Py_INCREF(play);
        }
        PyTuple_SET_ITEM(trick, i, play);
        seat = r->next[seat];
    }
    PyObject *args[6] = {
        trick,
        PyTuple_GET_ITEM(r->trumps, g->trump),
        g->doubled ? Py_True : Py_False,
        last ? Py_True : Py_False,
        g->trump_card == NO_CARD ? Py_None : PyTuple_GET_ITEM(r->cards, g->trump_card),
        keys,
    };
    PyObject *answer = PyObject_Vectorcall(r->outcome, args, 6, NULL);
    Py_DECREF(trick);
    Py_DECREF(keys);
    return answer;
}

/* The index of value in the tuple (by identity, else by equality), or -1
 * (-2 with an exception set). */
static int index_in(PyObject *tuple, PyObject *value) {
    Py_ssize_t size = PyTuple_GET_SIZE(tuple);
    for (Py_ssize_t i = 0; i < size; i++) {
        if (PyTuple_GET_ITEM(tuple, i) == value) {
            return (int)i;
        }
    }
    for (Py_ssize_t i = 0; i < size; i++) {
        int equal = PyObject_RichCompareBool(PyTuple_GET_ITEM(tuple, i), value, Py_EQ);
        if (equal != 0) {
            return equal < 0 ? -2 : (int)i;
        }
    }
    return -1;
}

/* An outcome read into *out (its winner, leader, trump, flags and Jacks):
 * 1, or 0 when it does not fit the tables (with an exception set when
 * reading it raised). */
static int read_outcome(const EffectRules *r, const Table *g, PyObject *answer, Resolved *out) {
    if (!PyTuple_Check(answer) || PyTuple_GET_SIZE(answer) != 6) {
        return 0;
    }
    memset(out, 0, sizeof *out);
    PyObject *winner = PyTuple_GET_ITEM(answer, 0);
    PyObject *leader = PyTuple_GET_ITEM(answer, 1);
    PyObject *jacks = PyTuple_GET_ITEM(answer, 5);
    if ((winner != Py_None && !PyLong_Check(winner)) || !PyLong_Check(leader) ||
        !PyTuple_Check(jacks) || PyTuple_GET_SIZE(jacks) > g->size) {
        return 0;
    }
    long won = winner == Py_None ? -1 : PyLong_AsLong(winner);
    long leads = PyLong_AsLong(leader);
    int trump = index_in(r->trumps, PyTuple_GET_ITEM(answer, 2));
    int doubled = PyObject_IsTrue(PyTuple_GET_ITEM(answer, 3));
    int pass = PyObject_IsTrue(PyTuple_GET_ITEM(answer, 4));
    if (PyErr_Occurred() || won < -1 || won >= r->players || leads < 0 ||
        leads >= r->players || trump < 0 || doubled < 0 || pass < 0) {
        return 0;
    }
    for (Py_ssize_t j = 0; j < PyTuple_GET_SIZE(jacks); j++) {
        int card = index_in(r->cards, PyTuple_GET_ITEM(jacks, j));
        if (card < 0) {
            return 0;
        }
        out->jacks[j] = (unsigned char)card;
    }
    out->njacks = (unsigned char)PyTuple_GET_SIZE(jacks);
    out->winner = (unsigned char)(won < 0 ? NO_CARD : won);
    out->leader = (unsigned char)leads;
    out->trump = (unsigned char)trump;
    out->flags = (unsigned char)((doubled ? FLAG_DOUBLE : 0) | (pass ? FLAG_PASS : 0));
    return 1;
}

/* The slot of key (a, b) in table (cap entries of stride bytes, each
 * starting with its PairKey; cap a power of two): its own, or the free one
 * it would take. */
static size_t pair_slot(const void *table, size_t stride, size_t cap, uint64_t a, uint64_t b) {
    const unsigned char *base = table;
    size_t mask = cap - 1;
    size_t slot = (size_t)mix(a ^ mix(b)) & mask;
    for (;;) {
        const PairKey *key = (const PairKey *)(const void *)(base + slot * stride);
        if (!key->a || (key->a == a && key->b == b)) {
            return slot;
        }
        slot = (slot + 1) & mask;
    }
}

/* The entries of table (cap of stride bytes) moved into a new table twice
 * as large, table freed: the new table, or NULL when memory is short
 * (table is then left as it is). */
static void *pair_grow(void *table, size_t stride, size_t cap) {
    unsigned char *fresh = block_take(block_header(table).kind, cap * 2 * stride, 1);
    if (fresh == NULL) {
        return NULL;
    }
    const unsigned char *old = table;
    for (size_t i = 0; i < cap; i++) {
        const PairKey *key = (const PairKey *)(const void *)(old + i * stride);
        if (key->a) {
            memcpy(fresh + pair_slot(fresh, stride, cap * 2, key->a, key->b) * stride, key,
                   stride);
        }
    }
    block_give(table);
    return fresh;
}

/* The memo at its largest and half full, emptied of its complete tricks (a
 * card of every seat): the tricks so far, which the moves' order asks about
 * again and again, stay, unless they fill a quarter of it. The count of
 * tricks it keeps. */
static int memo_keep_partial(EffectRules *r) {
    size_t cap = (size_t)r->memo_cap;
    Resolved *fresh = block_take(KEPT_MEMO, cap * sizeof(Resolved), 1);
    int kept = 0;
    if (fresh != NULL) {
        for (size_t i = 0; i < cap; i++) {
            const Resolved *e = &r->memo[i];
            if (e->key.a && (int)(e->key.a & ((1u << TRICK_SIZE_BITS) - 1)) < r->players) {
                fresh[pair_slot(fresh, sizeof(Resolved), cap, e->key.a, e->key.b)] = *e;
                kept++;
            }
        }
    }
    if (fresh == NULL || (size_t)kept >= cap / 4) {
        block_give(fresh);
        memset(r->memo, 0, cap * sizeof(Resolved));
        return 0;
    }
    block_give(r->memo);
    r->memo = fresh;
    return kept;
}

#ifndef KEPT_NONE
/* The memo of the last search that ended with its memo allowed its full size
 * (MEMO_SIZE), kept with its answers for the next search of the same rules
 * (memo_hand_on, memo_take_on): a process that searches one position after
 * another (the worlds of a hint, one hand after another) asks the ruleset
 * only about the tricks no earlier search resolved. The same rules are told
 * by the outcome asked (equal), the cards (the same tuple) and how the
 * tricks are keyed; the references keep them alive. */
static struct {
    Resolved *memo; /* NULL for none */
    int cap, size;
    PyObject *outcome, *cards;
    int by_pattern, trump_card_read;
} handed;

/* Forget what is handed on: the memo (which is then the caller's to keep or
 * free) and the references. */
static void handed_forget(void) {
    handed.memo = NULL;
    Py_CLEAR(handed.outcome);
    Py_CLEAR(handed.cards);
}

/* The memo handed on freed: the bytes freed. */
static size_t memo_release_handed(void) {
    size_t bytes = 0;
    if (handed.memo != NULL) {
        bytes = block_header(handed.memo).size;
        PyMem_Free((unsigned char *)handed.memo - BLOCK_HEADER);
    }
    handed_forget();
    return bytes;
}

/* r's memo handed on as its search ends, where it holds answers, was
 * allowed its full size and r still has its rules (a collected cycle leaves
 * it none); the memo handed on before goes back to the kept blocks. */
static void memo_hand_on(EffectRules *r) {
    if (r->memo == NULL || !r->memo_size || r->memo_most != MEMO_SIZE || r->outcome == NULL ||
        r->cards == NULL) {
        return;
    }
    block_give(handed.memo);
    handed_forget();
    Py_INCREF(r->outcome);
    Py_INCREF(r->cards);
    handed.memo = r->memo;
    handed.cap = r->memo_cap;
    handed.size = r->memo_size;
    handed.outcome = r->outcome;
    handed.cards = r->cards;
    handed.by_pattern = r->by_pattern;
    handed.trump_card_read = r->trump_card_read;
    r->memo = NULL;
    r->memo_cap = 0;
    r->memo_size = 0;
}

/* The memo handed on taken into r (whose own goes back to the kept blocks)
 * where r has the same rules and allows its memo its full size: 1 where
 * taken, 0 where not, -1 with an exception set (the outcomes' comparison
 * raised). */
static int memo_take_on(EffectRules *r) {
    if (handed.memo == NULL || r->memo_most != MEMO_SIZE || r->cards != handed.cards ||
        r->by_pattern != handed.by_pattern || r->trump_card_read != handed.trump_card_read) {
        return 0;
    }
    int same = r->outcome == handed.outcome
                   ? 1
                   : PyObject_RichCompareBool(r->outcome, handed.outcome, Py_EQ);
    if (same <= 0) {
        return same;
    }
    block_give(r->memo);
    r->memo = handed.memo;
    r->memo_cap = handed.cap;
    r->memo_size = handed.size;
    handed_forget();
    return 1;
}
#endif

/* The suits of a trick renamed in the order they come: trump is name 1,
 * the other suits take names 2, 3, ... as the trick's cards and then its
 * trump card show them (0 names no suit). */
typedef struct {
    unsigned char name[8];             /* by suit code (0-4) */
    unsigned char suit[PATTERN_NAMES]; /* by name, the suit's code */
    int names;                         /* the last name given */
} Renaming;

/* The name of the suit of card (a bit of the tables' cards) in renaming,
 * given when the card's suit has none yet. */
static int pattern_name(const EffectRules *r, Renaming *renaming, int card) {
    int code = r->suits[card];
    if (code && !renaming->name[code]) {
        renaming->name[code] = (unsigned char)++renaming->names;
        renaming->suit[renaming->names] = (unsigned char)code;
    }
    return renaming->name[code];
}

/* The memo's key of g's trick (with last) under its suits' pattern, into a
 * and b, and the renaming that gives it: for a ruleset whose tricks read the
 * suits only by their pattern and the seats only by the order of play
 * (PlayRules.pattern_tricks), one key for a trick and every trick that
 * differs from it by its leader and a renaming of the suits (of its cards,
 * its trump and its trump card alike; the trump card only where the ruleset
 * reads it). 0 where the trick shows a card (such tricks keep their own
 * key). */
static int pattern_key(const EffectRules *r, const Table *g, int last, uint64_t *a, uint64_t *b,
                       Renaming *renaming) {
    memset(renaming->name, 0, sizeof renaming->name); /* one word */
    renaming->suit[0] = 0;
    if (g->trump) {
        renaming->name[g->trump] = 1;
        renaming->suit[1] = (unsigned char)g->trump;
    }
    renaming->names = 1;
    uint64_t key = (uint64_t)g->size;
    for (int i = 0; i < g->size; i++) {
        if (g->shown[i]) {
            return 0;
        }
        int card = g->trick[i];
        int place = r->faces[card] * PATTERN_NAMES + pattern_name(r, renaming, card);
        key |= (uint64_t)place << (TRICK_SIZE_BITS + PATTERN_CARD_BITS * i);
    }
    uint64_t trump_card = NO_PATTERN_CARD;
    if (g->trump_card != NO_CARD && r->trump_card_read) {
        trump_card = (uint64_t)(r->faces[g->trump_card] * PATTERN_NAMES +
                                pattern_name(r, renaming, g->trump_card));
    }
    *a = key;
    *b = PATTERN_KEY | (uint64_t)(g->trump != 0) | (uint64_t)g->doubled << 1 |
         (uint64_t)last << 2 | trump_card << 3;
    return 1;
}

/* found (as read from the ruleset) in the form the memo keeps it under g's
 * trick's pattern: the next trump by its name in renaming, the winner, the
 * next leader and the Jacks by their places in the trick. 0 where that form
 * cannot hold it (a next trump of a suit the trick does not name, a seat or
 * a Jack not in the trick). */
static int to_pattern(const EffectRules *r, const Table *g, const Renaming *renaming,
                      Resolved *found) {
    const unsigned char *place_of = r->place_of[g->leader];
    if ((found->trump && !renaming->name[found->trump]) ||
        (found->winner != NO_CARD && place_of[found->winner] >= g->size) ||
        place_of[found->leader] >= g->size) {
        return 0;
    }
    found->trump = renaming->name[found->trump];
    if (found->winner != NO_CARD) {
        found->winner = place_of[found->winner];
    }
    found->leader = place_of[found->leader];
    for (int j = 0; j < found->njacks && j < EFFECT_SEATS; j++) {
        int place = 0;
        while (place < g->size && g->trick[place] != found->jacks[j]) {
            place++;
        }
        if (place == g->size) {
            return 0;
        }
        found->jacks[j] = (unsigned char)place;
    }
    return 1;
}

/* An answer kept under g's trick's pattern, in r->renamed as the trick asked
 * reads it (with winner_only, its winner alone): the seats of the winner and
 * the next leader, the next trump by its code, the Jacks as cards. */
static const Resolved *from_pattern(EffectRules *r, const Table *g, const Renaming *renaming,
                                    const Resolved *kept, int winner_only) {
    Resolved *out = &r->renamed;
    const unsigned char *seat_at = r->seat_at[g->leader];
    out->winner = kept->winner == NO_CARD ? NO_CARD : seat_at[kept->winner];
    if (winner_only) {
        return out;
    }
    out->leader = seat_at[kept->leader];
    out->flags = kept->flags;
    out->njacks = kept->njacks;
    out->trump = renaming->suit[kept->trump];
    for (int j = 0; j < kept->njacks && j < EFFECT_SEATS; j++) {
        out->jacks[j] = (unsigned char)g->trick[kept->jacks[j]];
    }
    return out;
}

/* The trick of g (size cards, complete or not) resolved by the ruleset, from
 * the table of resolved tricks when it holds it (the answer is valid until
 * the next call; with winner_only, only its winner); NULL with an exception
 * set when the ruleset raises or answers what the tables cannot hold. */
static const Resolved *resolved(EffectRules *r, const Table *g, int last, int winner_only) {
    uint64_t a = (uint64_t)g->size, b = 0;
    Renaming renaming;
    int by_pattern = r->by_pattern && pattern_key(r, g, last, &a, &b, &renaming);
    if (!by_pattern) {
        for (int i = 0; i < g->size; i++) {
            a |= (uint64_t)g->trick[i] << (TRICK_SIZE_BITS + 6 * i);
            b |= (uint64_t)g->shown[i] << (7 * i);
        }
        b |= (uint64_t)g->trump << 42;
        b |= (uint64_t)(r->trump_card_read ? g->trump_card : NO_CARD) << 45;
        b |= (uint64_t)g->doubled << 53;
        b |= (uint64_t)last << 54;
        b |= (uint64_t)g->leader << 55;
    }
    size_t slot = pair_slot(r->memo, sizeof(Resolved), (size_t)r->memo_cap, a, b);
    Resolved *entry = &r->memo[slot];
    if (entry->key.a) {
        return by_pattern ? from_pattern(r, g, &renaming, entry, winner_only) : entry;
    }
    if (r->memo_size >= r->memo_cap / 2) {
        Resolved *grown = r->memo_cap < r->memo_most
                              ? pair_grow(r->memo, sizeof(Resolved), (size_t)r->memo_cap)
                              : NULL;
        if (grown != NULL) {
            r->memo = grown;
            r->memo_cap *= 2;
        } else {
            r->memo_size = memo_keep_partial(r);
        }
        slot = pair_slot(r->memo, sizeof(Resolved), (size_t)r->memo_cap, a, b);
    }
    PyObject *answer = ask_outcome(r, g, last);
    if (answer == NULL) {
        return NULL;
    }
    Resolved found;
    int fits = read_outcome(r, g, answer, &found);
    Py_DECREF(answer);
    if (!fits) {
        PyErr_SetString(PyExc_ValueError,
                        "the outcome asked is not (winner or None, leader, trump, doubled, "
                        "pass, Jacks) of the tables' seats, trumps and cards");
        return NULL;
    }
    if (by_pattern) {
        r->renamed = found;
        if (!to_pattern(r, g, &renaming, &found)) {
            return &r->renamed; /* answered, and not kept */
        }
    }
    entry = &r->memo[slot];
    *entry = found;
    entry->key.a = a;
    entry->key.b = b;
    r->memo_size++;
    return by_pattern ? &r->renamed : entry;
}

/* The seat that wins g's trick if seat plays move (card, shown) to it, as if
 * the trick ended there; -1 for nobody, -2 with an exception set. */
static int winner_if(EffectRules *r, Table *g, int seat, int card, int shown) {
    g->trick[g->size] = card;
    g->shown[g->size] = shown;
    g->size++;
    int last = (g->masks[seat] & ~BIT(card)) == 0;
    const Resolved *found = resolved(r, g, last, 1);
    g->size--;
    if (found == NULL) {
        return -2;
    }
    return found->winner == NO_CARD ? -1 : found->winner;
}

#endif
