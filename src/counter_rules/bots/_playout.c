/* The native playouts (counter_rules.bots.policy): Playout, of the plain
 * family, and EffectPlayout, of rulesets whose tricks have effects (below).
 *
 * Playout plays the rest of a hand of the plain family (plain Oh Hell and the
 * rulesets that share its plays and tricks) by the greedy default policy of
 * IS-MCTS's playouts, Policy.play, on bit masks. It states no rule of the
 * game and no choice of the policy of its own: everything comes in tables
 * that counter_rules.bots.policy builds, once for a ruleset, a trump and a
 * hand size, from the functions the Python playout runs:
 *
 *   - suit[c], beaters[led][c] and follows[led]: the solver's tables of the
 *     rules (counter_rules.analysis._plain.PlainTables, from plain_plays and
 *     best_card), over the search board's card bits;
 *   - next[seat]: the seat that plays after seat in a trick (the winner of a
 *     trick leads the next, as the engine does);
 *   - power[c]: the policy's fixed strength of each card (static_power);
 *   - want[bid][won][left]: the policy's wants_trick;
 *   - epsilon: the policy's share of random moves.
 *
 * Its random draws are those of the Python playout, from the same
 * random.Random: the generator's state (CPython's Mersenne Twister, whose
 * object starts with the index and the 624 words of the state) is read and
 * advanced in place, random() and randrange(n) as CPython computes them. The
 * Python side checks that at import (draws) and uses the playout only for a
 * generator of exactly random.Random. The tests hold it to the Python
 * playout: the same moves, the same hand and the same generator state after.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define MAX_SEATS 8
#define MAX_CARDS 64
#define MAX_DEALT 64
/* A seat's bid when it made none (wants_trick: it wants every trick). */
#define NO_BID 255

#include "../_native_bits.h"

/* -- CPython's Mersenne Twister, read in place -------------------------------- */

#define MT_N 624
#define MT_M 397

/* The start of CPython's random.Random object (Modules/_randommodule.c). */
typedef struct {
    PyObject_HEAD
    int index;
    uint32_t state[MT_N];
} Twister;

static PyTypeObject *twister_type = NULL;

static uint32_t twister_next(Twister *t) {
    static const uint32_t mag01[2] = {0x0U, 0x9908b0dfU};
    uint32_t *mt = t->state;
    uint32_t y;
    if (t->index >= MT_N) {
        int kk;
        for (kk = 0; kk < MT_N - MT_M; kk++) {
            y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7fffffffU);
            mt[kk] = mt[kk + MT_M] ^ (y >> 1) ^ mag01[y & 0x1U];
        }
        for (; kk < MT_N - 1; kk++) {
            y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7fffffffU);
            mt[kk] = mt[kk + (MT_M - MT_N)] ^ (y >> 1) ^ mag01[y & 0x1U];
        }
        y = (mt[MT_N - 1] & 0x80000000U) | (mt[0] & 0x7fffffffU);
        mt[MT_N - 1] = mt[MT_M - 1] ^ (y >> 1) ^ mag01[y & 0x1U];
        t->index = 0;
    }
    y = mt[t->index++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= (y >> 18);
    return y;
}

/* random.Random.random(). */
static double twister_random(Twister *t) {
    uint32_t a = twister_next(t) >> 5, b = twister_next(t) >> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
}

/* random.Random.randrange(n) for 1 <= n <= 64: _randbelow_with_getrandbits,
 * getrandbits(k) for k <= 32 taking the top k bits of one word. */
static int twister_below(Twister *t, int n) {
    int k = 0;
    while ((n >> k) != 0) {
        k++;
    }
    uint32_t r = twister_next(t) >> (32 - k);
    while (r >= (uint32_t)n) {
        r = twister_next(t) >> (32 - k);
    }
    return (int)r;
}

static Twister *as_twister(PyObject *rng) {
    if (twister_type == NULL || !PyObject_TypeCheck(rng, twister_type) ||
        Py_TYPE(rng)->tp_basicsize < (Py_ssize_t)sizeof(Twister)) {
        PyErr_SetString(PyExc_TypeError, "the playout needs a random.Random");
        return NULL;
    }
    Twister *t = (Twister *)rng;
    if (t->index < 0 || t->index > MT_N) {
        PyErr_SetString(PyExc_ValueError, "the generator's state is not a Mersenne Twister's");
        return NULL;
    }
    return t;
}

/* -- the tables ------------------------------------------------------------------ */

typedef struct {
    PyObject_HEAD
    int players;
    int n;
    int dealt;
    int greedy;
    double epsilon;
    unsigned char next[MAX_SEATS];
    unsigned char suit[MAX_CARDS];
    mask_t beaters[4][MAX_CARDS];
    mask_t follows[4];
    double power[MAX_CARDS];
    /* want[(bid * (dealt + 1) + won) * (dealt + 1) + left] */
    unsigned char *want;
} Playout;

/* count numbers of a sequence into masks (as unsigned 64-bit integers) or,
 * when masks is NULL, into numbers (as floats): 0, or -1 with an exception
 * set. */
static int read_sequence(PyObject *arg, Py_ssize_t count, const char *what, mask_t *masks,
                         double *numbers) {
    PyObject *seq = PySequence_Fast(arg, what);
    if (seq == NULL) {
        return -1;
    }
    if (PySequence_Fast_GET_SIZE(seq) != count) {
        PyErr_Format(PyExc_ValueError, "%s: expected %zd %s, got %zd", what, count,
                     masks != NULL ? "masks" : "numbers", PySequence_Fast_GET_SIZE(seq));
        Py_DECREF(seq);
        return -1;
    }
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *item = PySequence_Fast_GET_ITEM(seq, i);
        if (masks != NULL) {
            unsigned long long value = PyLong_AsUnsignedLongLong(item);
            masks[i] = (mask_t)value;
        } else {
            numbers[i] = PyFloat_AsDouble(item);
        }
        if (PyErr_Occurred()) {
            Py_DECREF(seq);
            return -1;
        }
    }
    Py_DECREF(seq);
    return 0;
}

static int read_masks(PyObject *arg, mask_t *out, Py_ssize_t count, const char *what) {
    return read_sequence(arg, count, what, out, NULL);
}

static int read_doubles(PyObject *arg, double *out, Py_ssize_t count, const char *what) {
    return read_sequence(arg, count, what, NULL, out);
}

/* A copy of the policy's want table for hands of dealt cards, or NULL with an
 * exception set. */
static unsigned char *copy_want(const Py_buffer *want, int dealt) {
    Py_ssize_t cube = (Py_ssize_t)(dealt + 1) * (dealt + 1) * (dealt + 1);
    if (want->len != cube) {
        PyErr_Format(PyExc_ValueError, "want: expected %zd entries, got %zd", cube, want->len);
        return NULL;
    }
    unsigned char *table = PyMem_Malloc((size_t)cube);
    if (table == NULL) {
        PyErr_NoMemory();
        return NULL;
    }
    memcpy(table, want->buf, (size_t)cube);
    return table;
}

static int Playout_init(Playout *p, PyObject *args, PyObject *kwds) {
    static char *names[] = {"next_seat", "suits", "beaters", "follows", "power",
                            "want",      "dealt", "greedy",  "epsilon", NULL};
    Py_buffer next, suits, want;
    PyObject *beaters, *follows, *power;
    int dealt, greedy;
    double epsilon;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "y*y*OOOy*ipd", names, &next, &suits, &beaters,
                                     &follows, &power, &want, &dealt, &greedy, &epsilon)) {
        return -1;
    }
    int status = -1;
    Py_ssize_t players = next.len, n = suits.len;
    if (players < 2 || players > MAX_SEATS || n < 1 || n > MAX_CARDS || dealt < 0 ||
        dealt > MAX_DEALT) {
        PyErr_Format(PyExc_ValueError,
                     "a playout takes 2..%d seats, 1..%d cards and hands of 0..%d cards, "
                     "got %zd, %zd and %d",
                     MAX_SEATS, MAX_CARDS, MAX_DEALT, players, n, dealt);
        goto done;
    }
    const unsigned char *seats = (const unsigned char *)next.buf;
    const unsigned char *suit = (const unsigned char *)suits.buf;
    for (Py_ssize_t i = 0; i < players; i++) {
        if (seats[i] >= players) {
            PyErr_Format(PyExc_ValueError, "next_seat: %d is not a seat", seats[i]);
            goto done;
        }
    }
    for (Py_ssize_t c = 0; c < n; c++) {
        if (suit[c] > 3) {
            PyErr_Format(PyExc_ValueError, "suits: %d is not a suit (0..3)", suit[c]);
            goto done;
        }
    }
    mask_t flat[4 * MAX_CARDS];
    if (read_masks(beaters, flat, 4 * n, "beaters") < 0 ||
        read_masks(follows, p->follows, 4, "follows") < 0) {
        goto done;
    }
    if (read_doubles(power, p->power, n, "power") < 0) {
        goto done;
    }
    unsigned char *table = copy_want(&want, dealt);
    if (table == NULL) {
        goto done;
    }
    PyMem_Free(p->want);
    p->want = table;
    for (int led = 0; led < 4; led++) {
        for (Py_ssize_t c = 0; c < n; c++) {
            p->beaters[led][c] = flat[led * n + c];
        }
    }
    memcpy(p->next, seats, (size_t)players);
    memcpy(p->suit, suit, (size_t)n);
    p->players = (int)players;
    p->n = (int)n;
    p->dealt = dealt;
    p->greedy = greedy;
    p->epsilon = epsilon;
    status = 0;
done:
    PyBuffer_Release(&next);
    PyBuffer_Release(&suits);
    PyBuffer_Release(&want);
    return status;
}

static void Playout_dealloc(Playout *p) {
    PyMem_Free(p->want);
    Py_TYPE(p)->tp_free((PyObject *)p);
}

/* -- the play --------------------------------------------------------------------- */

/* The most cards any of the hands holds. */
static int largest_hand(const mask_t *masks, int players) {
    int largest = 0;
    for (int s = 0; s < players; s++) {
        int held = count_bits(masks[s]);
        if (held > largest) {
            largest = held;
        }
    }
    return largest;
}

/* The policy's want for a seat that bid bid (NO_BID: none, so every trick),
 * has won won and holds left cards, in hands of side - 1 cards. */
static int wants(const unsigned char *want, int side, int bid, int won, int left) {
    return bid == NO_BID ? 1 : want[(bid * side + won) * side + left];
}

/* The i-th card (from 0) of mask, lowest first: the i-th of the moves the
 * Python playout lists, which come in the order of the board's bits. */
static int nth_card(mask_t mask, int i) {
    while (i-- > 0) {
        mask &= mask - 1;
    }
    return low_bit(mask);
}

/* The position in the trick of its best card so far (the leader's card to
 * start with; a later card takes over when it beats it). */
static int best_of(const Playout *p, const int *trick, int size) {
    int best = 0;
    int led = p->suit[trick[0]];
    for (int i = 1; i < size; i++) {
        if (p->beaters[led][trick[best]] & BIT(trick[i])) {
            best = i;
        }
    }
    return best;
}

/* Policy.play for a seat holding `legal` (its legal plays, count of them),
 * `trick` holding `size` cards; want: whether it wants the trick. */
static int choose(const Playout *p, Twister *t, mask_t legal, int count, const int *trick,
                  int size, int want) {
    if (count == 1) {
        return low_bit(legal);
    }
    if (!p->greedy || twister_random(t) < p->epsilon) {
        return nth_card(legal, twister_below(t, count));
    }
    if (size == p->players - 1) {
        /* The last card of the trick: the weakest winner when the seat wants
         * it (else the weakest card), the strongest loser when not (else the
         * weakest winner). */
        int led = p->suit[trick[0]];
        mask_t beat_best = p->beaters[led][trick[best_of(p, trick, size)]];
        int weakest_winner = -1, weakest_loser = -1, strongest_loser = -1;
        double winner_power = 0.0, loser_low = 0.0, loser_high = 0.0;
        for (mask_t rest = legal; rest; rest &= rest - 1) {
            int card = low_bit(rest);
            double power = p->power[card];
            if (beat_best & BIT(card)) {
                if (weakest_winner < 0 || power < winner_power) {
                    weakest_winner = card;
                    winner_power = power;
                }
            } else {
                if (weakest_loser < 0 || power < loser_low) {
                    weakest_loser = card;
                    loser_low = power;
                }
                if (strongest_loser < 0 || power > loser_high) {
                    strongest_loser = card;
                    loser_high = power;
                }
            }
        }
        if (want) {
            return weakest_winner >= 0 ? weakest_winner : weakest_loser;
        }
        return strongest_loser >= 0 ? strongest_loser : weakest_winner;
    }
    /* Otherwise the strongest card when the seat wants the trick, else the
     * weakest (the first of equals). */
    int best = -1;
    double best_key = -2.0;
    for (mask_t rest = legal; rest; rest &= rest - 1) {
        int card = low_bit(rest);
        double key = want ? p->power[card] : -p->power[card];
        if (key > best_key) {
            best = card;
            best_key = key;
        }
    }
    return best;
}

static int read_bytes(PyObject *arg, int *out, Py_ssize_t most, Py_ssize_t *count,
                      const char *what) {
    Py_buffer view;
    if (PyObject_GetBuffer(arg, &view, PyBUF_SIMPLE) < 0) {
        return -1;
    }
    if (view.len > most) {
        PyErr_Format(PyExc_ValueError, "%s: at most %zd entries, got %zd", what, most, view.len);
        PyBuffer_Release(&view);
        return -1;
    }
    const unsigned char *bytes = (const unsigned char *)view.buf;
    for (Py_ssize_t i = 0; i < view.len; i++) {
        out[i] = bytes[i];
    }
    *count = view.len;
    PyBuffer_Release(&view);
    return 0;
}

/* The hands, trick, tricks won and bids of a playout's run read and checked
 * against its tables (players seats, n cards, hands of dealt): 0, or -1
 * with an exception set. Every index of want stays in its table: no hand
 * holds more cards than tricks remain, and no seat can win more than were
 * dealt. */
static int read_play(PyObject *hands, PyObject *trick_arg, PyObject *won_arg,
                     PyObject *bids_arg, int leader, int players, int n, int dealt,
                     mask_t *masks, int *trick, Py_ssize_t *size, int *won, int *bids) {
    Py_ssize_t count;
    if (read_masks(hands, masks, players, "hands") < 0 ||
        read_bytes(trick_arg, trick, players - 1, size, "trick") < 0 ||
        read_bytes(won_arg, won, players, &count, "won") < 0) {
        return -1;
    }
    if (count != players) {
        PyErr_Format(PyExc_ValueError, "won: expected %d seats, got %zd", players, count);
        return -1;
    }
    if (read_bytes(bids_arg, bids, players, &count, "bids") < 0) {
        return -1;
    }
    if (count != players) {
        PyErr_Format(PyExc_ValueError, "bids: expected %d seats, got %zd", players, count);
        return -1;
    }
    if (leader < 0 || leader >= players) {
        PyErr_Format(PyExc_ValueError, "leader: %d is not a seat", leader);
        return -1;
    }
    mask_t seen = 0;
    int tricks = 0, most = 0;
    for (int s = 0; s < players; s++) {
        tricks += won[s];
        if (count_bits(masks[s]) > most) {
            most = count_bits(masks[s]);
        }
    }
    if (tricks + most > dealt) {
        PyErr_SetString(PyExc_ValueError, "the tricks won and the hands exceed the cards dealt");
        return -1;
    }
    for (int s = 0; s < players; s++) {
        if ((bids[s] > dealt && bids[s] != NO_BID) || won[s] > dealt ||
            (n < 64 && masks[s] >> n) || (masks[s] & seen)) {
            PyErr_SetString(PyExc_ValueError,
                            "a bid, a count of tricks or a hand does not fit the tables");
            return -1;
        }
        seen |= masks[s];
    }
    for (Py_ssize_t i = 0; i < *size; i++) {
        if (trick[i] >= n || (seen & BIT(trick[i]))) {
            PyErr_SetString(PyExc_ValueError, "a card of the trick does not fit the tables");
            return -1;
        }
        seen |= BIT(trick[i]);
    }
    return 0;
}

/* The hands and tricks won at a playout's end as two new tuples: 0, or -1
 * with an exception set. */
static int played_out(const mask_t *masks, const int *won, int players, PyObject **out_masks,
                      PyObject **out_won) {
    *out_masks = PyTuple_New(players);
    *out_won = PyTuple_New(players);
    if (*out_masks == NULL || *out_won == NULL) {
        Py_CLEAR(*out_masks);
        Py_CLEAR(*out_won);
        return -1;
    }
    for (int s = 0; s < players; s++) {
        PyObject *mask = PyLong_FromUnsignedLongLong(masks[s]);
        PyObject *count_won = PyLong_FromLong(won[s]);
        if (mask == NULL || count_won == NULL) {
            Py_XDECREF(mask);
            Py_XDECREF(count_won);
            Py_CLEAR(*out_masks);
            Py_CLEAR(*out_won);
            return -1;
        }
        PyTuple_SET_ITEM(*out_masks, s, mask);
        PyTuple_SET_ITEM(*out_won, s, count_won);
    }
    return 0;
}

static PyObject *Playout_run(Playout *p, PyObject *args) {
    PyObject *rng, *hands, *trick_arg, *won_arg, *bids_arg;
    int leader, stop;
    if (p->want == NULL) {
        PyErr_SetString(PyExc_ValueError, "the playout has no tables");
        return NULL;
    }
    if (!PyArg_ParseTuple(args, "OOOiOOi", &rng, &hands, &trick_arg, &leader, &won_arg,
                          &bids_arg, &stop)) {
        return NULL;
    }
    Twister *t = as_twister(rng);
    if (t == NULL) {
        return NULL;
    }
    int players = p->players, dealt = p->dealt, side = dealt + 1;
    mask_t masks[MAX_SEATS];
    int trick[MAX_SEATS], won[MAX_SEATS], bids[MAX_SEATS];
    Py_ssize_t size;
    if (read_play(hands, trick_arg, won_arg, bids_arg, leader, players, p->n, dealt, masks,
                  trick, &size, won, bids) < 0) {
        return NULL;
    }
    int seat = leader;
    for (Py_ssize_t i = 0; i < size; i++) {
        seat = p->next[seat];
    }
    int over = 0;
    for (;;) {
        if (size == 0) {
            int largest = largest_hand(masks, players);
            if (largest == 0) {
                over = 1;
                break;
            }
            if (stop && largest <= stop) {
                break;
            }
        }
        mask_t hand = masks[seat];
        if (hand == 0) {
            PyErr_SetString(PyExc_ValueError, "a seat to play holds no card");
            return NULL;
        }
        mask_t legal = hand;
        if (size) {
            mask_t following = hand & p->follows[p->suit[trick[0]]];
            if (following) {
                legal = following;
            }
        }
        int left = count_bits(hand);
        int want = wants(p->want, side, bids[seat], won[seat], left);
        int card = choose(p, t, legal, count_bits(legal), trick, (int)size, want);
        masks[seat] &= ~BIT(card);
        trick[size++] = card;
        if (size < players) {
            seat = p->next[seat];
            continue;
        }
        int best = best_of(p, trick, (int)size);
        int winner = leader;
        for (int i = 0; i < best; i++) {
            winner = p->next[winner];
        }
        won[winner]++;
        leader = winner;
        seat = winner;
        size = 0;
    }
    PyObject *out_masks, *out_won;
    if (played_out(masks, won, players, &out_masks, &out_won) < 0) {
        return NULL;
    }
    return Py_BuildValue("(NiNN)", PyBool_FromLong(over), leader, out_masks, out_won);
}

static PyMethodDef Playout_methods[] = {
    {"run", (PyCFunction)Playout_run, METH_VARARGS,
     "run(rng, hands, trick, leader, won, bids, stop): play the hand on by the policy, to "
     "its end or to a trick led from hands of at most stop cards (0: no stop); "
     "(whether the hand is over, the leader, the hands, the tricks won)."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject PlayoutType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "counter_rules.bots._playout.Playout",
    .tp_basicsize = sizeof(Playout),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The greedy playout of the plain family, over tables built from the rules "
              "and the policy.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Playout_init,
    .tp_dealloc = (destructor)Playout_dealloc,
    .tp_methods = Playout_methods,
};

/* -- the playout of rulesets whose tricks have effects ----------------------------
 *
 * EffectPlayout plays the rest of a hand of a ruleset whose tricks do more than
 * give the trick to a winner (Counter: a trump changed by a Jack, a lead
 * taken by a Six and doubled, a pass after a Five), by the same policy. It
 * states no rule either: it reads the rules of the play as ../_effect_play.h
 * says (the tables of PlayRules.native_tables, every trick resolved by the
 * ruleset itself and kept in a table of resolved tricks), and the policy's
 * power[trump * n + c], want, epsilon and greedy, as above.
 */

/* The playouts' tables live as long as the playouts: no memory is kept from
 * one for the next (../_kept_memory.h). */
#define KEPT_NONE
#include "../_effect_play.h"

typedef struct {
    PyObject_HEAD
    EffectRules rules;
    int dealt;
    int greedy;
    double epsilon;
    double power[5][EFFECT_CARDS];
    unsigned char *want;
} EffectPlayout;

static int EffectPlayout_init(EffectPlayout *p, PyObject *args, PyObject *kwds) {
    static char *names[] = {"tables", "power", "want", "dealt", "greedy", "epsilon", NULL};
    Py_buffer want;
    PyObject *tables, *power;
    int dealt, greedy;
    double epsilon;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOy*ipd", names, &tables, &power, &want, &dealt,
                                     &greedy, &epsilon)) {
        return -1;
    }
    int status = -1;
    double flat_power[5 * EFFECT_CARDS];
    unsigned char *table = NULL;
    if (dealt < 0 || dealt > MAX_DEALT) {
        PyErr_Format(PyExc_ValueError, "an effect playout takes hands of 0..%d cards, got %d",
                     MAX_DEALT, dealt);
        goto done;
    }
    if (effect_rules_read(&p->rules, tables) < 0) {
        goto done;
    }
    int n = p->rules.n;
    if (read_doubles(power, flat_power, 5 * n, "power") < 0) {
        goto done;
    }
    table = copy_want(&want, dealt);
    if (table == NULL) {
        goto done;
    }
    for (int i = 0; i < 5 * n; i++) {
        p->power[i / n][i % n] = flat_power[i];
    }
    PyMem_Free(p->want);
    p->want = table;
    p->dealt = dealt;
    p->greedy = greedy;
    p->epsilon = epsilon;
    status = 0;
done:
    PyBuffer_Release(&want);
    return status;
}

static int EffectPlayout_traverse(EffectPlayout *p, visitproc visit, void *arg) {
    return effect_rules_traverse(&p->rules, visit, arg);
}

static int EffectPlayout_clear(EffectPlayout *p) {
    return effect_rules_clear(&p->rules);
}

static void EffectPlayout_dealloc(EffectPlayout *p) {
    PyObject_GC_UnTrack(p);
    effect_rules_free(&p->rules);
    PyMem_Free(p->want);
    Py_TYPE(p)->tp_free((PyObject *)p);
}

/* Policy.play for a play of seat; the index of the move, or -1 with an
 * exception set. */
static int choose_play(EffectPlayout *p, Twister *t, Table *g, int seat, const int *cards,
                       const int *shown, int count) {
    if (count == 1) {
        return 0;
    }
    if (!p->greedy || twister_random(t) < p->epsilon) {
        return twister_below(t, count);
    }
    int side = p->dealt + 1;
    int left = count_bits(g->masks[seat]);
    int want = wants(p->want, side, g->bids[seat], g->won[seat], left);
    const double *power = p->power[g->trump];
    if (g->size == p->rules.players - 1) {
        /* Policy._last_to_play: the moves by strength (the first of equals
         * first), tried from the weakest up when the seat wants the trick,
         * from the strongest down when not; the first that wins (loses). */
        int order[EFFECT_MOVES];
        for (int i = 0; i < count; i++) {
            int j = i;
            while (j > 0 && power[cards[order[j - 1]]] > power[cards[i]]) {
                order[j] = order[j - 1];
                j--;
            }
            order[j] = i;
        }
        if (want) {
            for (int k = 0; k < count; k++) {
                int i = order[k];
                int winner = winner_if(&p->rules, g, seat, cards[i], shown[i]);
                if (winner == -2) {
                    return -1;
                }
                if (winner == seat) {
                    return i;
                }
            }
        } else {
            int strongest[EFFECT_MOVES];
            for (int i = 0; i < count; i++) {
                int j = i;
                while (j > 0 && power[cards[strongest[j - 1]]] < power[cards[i]]) {
                    strongest[j] = strongest[j - 1];
                    j--;
                }
                strongest[j] = i;
            }
            for (int k = 0; k < count; k++) {
                int i = strongest[k];
                int winner = winner_if(&p->rules, g, seat, cards[i], shown[i]);
                if (winner == -2) {
                    return -1;
                }
                if (winner != seat) {
                    return i;
                }
            }
        }
        return order[0];
    }
    int best = 0;
    double best_key = -2.0;
    for (int i = 0; i < count; i++) {
        double key = want ? power[cards[i]] : -power[cards[i]];
        if (key > best_key) {
            best = i;
            best_key = key;
        }
    }
    return best;
}

/* Policy.play for the pass of seat (pass_choice): the card passed. */
static int choose_pass(const EffectPlayout *p, Twister *t, const Table *g, int seat) {
    mask_t hand = g->masks[seat];
    int count = count_bits(hand);
    if (count == 1) {
        return low_bit(hand);
    }
    if (!p->greedy || twister_random(t) < p->epsilon) {
        return nth_card(hand, twister_below(t, count));
    }
    int side = p->dealt + 1;
    int want = wants(p->want, side, g->bids[seat], g->won[seat], count);
    const double *power = p->power[g->trump];
    int best = low_bit(hand);
    double best_key = -2.0;
    for (mask_t rest = hand; rest; rest &= rest - 1) {
        int card = low_bit(rest);
        double key = want ? -power[card] : power[card];
        if (key > best_key) {
            best = card;
            best_key = key;
        }
    }
    return best;
}

static PyObject *EffectPlayout_run(EffectPlayout *p, PyObject *args) {
    PyObject *rng, *hands, *trick_arg, *shown_arg, *won_arg, *bids_arg;
    int leader, trump, trump_card, doubled, stop;
    if (p->want == NULL || p->rules.outcome == NULL) {
        PyErr_SetString(PyExc_ValueError, "the playout has no tables");
        return NULL;
    }
    if (!PyArg_ParseTuple(args, "OOOOiOOiipi", &rng, &hands, &trick_arg, &shown_arg, &leader,
                          &won_arg, &bids_arg, &trump, &trump_card, &doubled, &stop)) {
        return NULL;
    }
    Twister *t = as_twister(rng);
    if (t == NULL) {
        return NULL;
    }
    int players = p->rules.players, dealt = p->dealt;
    Table g;
    memset(&g, 0, sizeof g);
    Py_ssize_t size, count;
    if (read_play(hands, trick_arg, won_arg, bids_arg, leader, players, p->rules.n, dealt, g.masks,
                  g.trick, &size, g.won, g.bids) < 0 ||
        read_bytes(shown_arg, g.shown, players - 1, &count, "shown") < 0) {
        return NULL;
    }
    if (count != size) {
        PyErr_Format(PyExc_ValueError, "shown: expected %zd entries, got %zd", size, count);
        return NULL;
    }
    for (Py_ssize_t i = 0; i < size; i++) {
        if (g.shown[i] > p->rules.n) {
            PyErr_SetString(PyExc_ValueError, "a card of the trick does not fit the tables");
            return NULL;
        }
    }
    if (trump < 0 || trump > 4 ||
        (trump_card != NO_CARD && (trump_card < 0 || trump_card >= p->rules.n))) {
        PyErr_Format(PyExc_ValueError, "trump %d or trump card %d does not fit the tables", trump,
                     trump_card);
        return NULL;
    }
    g.size = (int)size;
    g.leader = leader;
    g.trump = trump;
    g.trump_card = trump_card;
    g.doubled = doubled;
    unsigned char jacks[EFFECT_CARDS];
    int njacks = 0;
    int seat = leader;
    for (int i = 0; i < g.size; i++) {
        seat = p->rules.next[seat];
    }
    int over = 0;
    int cards[EFFECT_MOVES], shown[EFFECT_MOVES];
    for (;;) {
        if (g.size == 0) {
            int largest = largest_hand(g.masks, players);
            if (largest == 0) {
                over = 1;
                break;
            }
            if (stop && largest <= stop) {
                break;
            }
        }
        if (g.masks[seat] == 0) {
            PyErr_SetString(PyExc_ValueError, "a seat to play holds no card");
            return NULL;
        }
        int moves = effect_moves(&p->rules, &g, seat, cards, shown);
        int i = choose_play(p, t, &g, seat, cards, shown, moves);
        if (i < 0) {
            return NULL;
        }
        g.masks[seat] &= ~BIT(cards[i]);
        g.trick[g.size] = cards[i];
        g.shown[g.size] = shown[i];
        g.size++;
        if (g.size < players) {
            seat = p->rules.next[seat];
            continue;
        }
        int last = g.masks[seat] == 0;
        const Resolved *found = resolved(&p->rules, &g, last, 0);
        if (found == NULL) {
            return NULL;
        }
        if (found->winner != NO_CARD) {
            g.won[found->winner]++;
        }
        for (int j = 0; j < found->njacks && njacks < EFFECT_CARDS; j++) {
            jacks[njacks++] = found->jacks[j];
        }
        if (found->njacks) {
            g.trump_card = found->jacks[found->njacks - 1];
        }
        g.leader = found->leader;
        g.trump = found->trump;
        g.doubled = (found->flags & FLAG_DOUBLE) != 0;
        int pass = (found->flags & FLAG_PASS) != 0;
        g.size = 0;
        seat = g.leader;
        if (last) {
            over = 1;
            break;
        }
        if (pass) {
            /* Every seat chooses, the lowest first, from the hands before the
             * exchange; then each card goes to its receiver. */
            int given[EFFECT_SEATS];
            for (int s = 0; s < players; s++) {
                given[s] = choose_pass(p, t, &g, s);
            }
            for (int s = 0; s < players; s++) {
                g.masks[s] &= ~BIT(given[s]);
            }
            for (int s = 0; s < players; s++) {
                g.masks[p->rules.receiver[s]] |= BIT(given[s]);
            }
        }
    }
    PyObject *out_masks, *out_won;
    if (played_out(g.masks, g.won, players, &out_masks, &out_won) < 0) {
        return NULL;
    }
    return Py_BuildValue("(NiNNiiNy#)", PyBool_FromLong(over), g.leader, out_masks, out_won,
                         g.trump, g.trump_card, PyBool_FromLong(g.doubled), (const char *)jacks,
                         (Py_ssize_t)njacks);
}

static PyMethodDef EffectPlayout_methods[] = {
    {"run", (PyCFunction)EffectPlayout_run, METH_VARARGS,
     "run(rng, hands, trick, shown, leader, won, bids, trump, trump_card, doubled, stop): play "
     "the hand on by the policy, to its end or to a trick led from hands of at most stop "
     "cards (0: no stop); (whether the hand is over, the leader, the hands, the tricks won, "
     "trump, its card, the doubled lead, the Jacks put on the stock in the order played)."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject EffectPlayoutType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "counter_rules.bots._playout.EffectPlayout",
    .tp_basicsize = sizeof(EffectPlayout),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_doc = "The greedy playout of rulesets whose tricks have effects, over tables built "
              "from the rules and the policy, its tricks resolved by the ruleset.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)EffectPlayout_init,
    .tp_dealloc = (destructor)EffectPlayout_dealloc,
    .tp_traverse = (traverseproc)EffectPlayout_traverse,
    .tp_clear = (inquiry)EffectPlayout_clear,
    .tp_methods = EffectPlayout_methods,
};

/* draws(rng, bounds): for each bound, rng.random() for 0, else
 * rng.randrange(bound) (1..64), as the playout draws them. */
static PyObject *draws(PyObject *module, PyObject *args) {
    (void)module;
    PyObject *rng;
    Py_buffer bounds;
    if (!PyArg_ParseTuple(args, "Oy*", &rng, &bounds)) {
        return NULL;
    }
    Twister *t = as_twister(rng);
    if (t == NULL) {
        PyBuffer_Release(&bounds);
        return NULL;
    }
    const unsigned char *bound = (const unsigned char *)bounds.buf;
    PyObject *out = PyList_New(bounds.len);
    for (Py_ssize_t i = 0; out != NULL && i < bounds.len; i++) {
        if (bound[i] > 64) {
            PyErr_Format(PyExc_ValueError, "a bound must be 0..64, got %d", bound[i]);
            Py_CLEAR(out);
            break;
        }
        PyObject *value = bound[i] == 0 ? PyFloat_FromDouble(twister_random(t))
                                        : PyLong_FromLong(twister_below(t, bound[i]));
        if (value == NULL) {
            Py_CLEAR(out);
            break;
        }
        PyList_SET_ITEM(out, i, value);
    }
    PyBuffer_Release(&bounds);
    return out;
}

static PyMethodDef playout_functions[] = {
    {"draws", draws, METH_VARARGS,
     "draws(rng, bounds): random() for each bound 0, else randrange(bound), as the "
     "playout draws them."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef playout_module = {
    PyModuleDef_HEAD_INIT,
    .m_methods = playout_functions,
    .m_name = "counter_rules.bots._playout",
    .m_doc = "The native playouts (see counter_rules.bots.policy).",
    .m_size = -1,
};

PyMODINIT_FUNC PyInit__playout(void) {
    if (PyType_Ready(&PlayoutType) < 0 || PyType_Ready(&EffectPlayoutType) < 0) {
        return NULL;
    }
    PyObject *random = PyImport_ImportModule("_random");
    if (random == NULL) {
        return NULL;
    }
    twister_type = (PyTypeObject *)PyObject_GetAttrString(random, "Random");
    Py_DECREF(random);
    if (twister_type == NULL) {
        return NULL;
    }
    if (!PyType_Check(twister_type) || twister_type->tp_basicsize < (Py_ssize_t)sizeof(Twister)) {
        Py_CLEAR(twister_type);
        PyErr_SetString(PyExc_ImportError, "_random.Random is not the generator expected");
        return NULL;
    }
    PyObject *module = PyModule_Create(&playout_module);
    if (module == NULL) {
        return NULL;
    }
    Py_INCREF(&PlayoutType);
    if (PyModule_AddObject(module, "Playout", (PyObject *)&PlayoutType) < 0) {
        Py_DECREF(&PlayoutType);
        Py_DECREF(module);
        return NULL;
    }
    if (PyModule_AddIntConstant(module, "MAX_EXEMPT", MAX_EXEMPT) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    Py_INCREF(&EffectPlayoutType);
    if (PyModule_AddObject(module, "EffectPlayout", (PyObject *)&EffectPlayoutType) < 0) {
        Py_DECREF(&EffectPlayoutType);
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
