/* The deal in C (the compiled build): its order from its random bytes, and
 * the hands and stock cut from a deck in that order.
 *
 * counter_rules.dealing.deal_order reads SHAKE-256 output as one 8-byte lane
 * per deck position and sorts the positions by 44 bits of their lane, the
 * position breaking ties. Its Python path (order_from_digest there) does it
 * with one big integer and a sort of doubles; order() here gives the same
 * bytes from the same digest with one pass over the lanes and a sort of 64-bit
 * keys. split() is split_deal there, each hand's positions sorted through a
 * bit mask. The tests hold each to its Python twin; Python falls back to its
 * own path where this module is not built.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

/* The 44 random bits of a lane: above its low byte, which holds the
 * position, and below the bits the Python path fixes to make a double. */
#define RANDOM_BITS ((((uint64_t)1 << 44) - 1) << 8)
#define MAX_DECK 255

static PyObject *order(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (nargs != 2 || !PyBytes_Check(args[0]) || !PyLong_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "order(digest: bytes, size: int)");
        return NULL;
    }
    Py_ssize_t size = PyLong_AsSsize_t(args[1]);
    if (size == -1 && PyErr_Occurred()) {
        return NULL;
    }
    if (size < 1 || size > MAX_DECK || PyBytes_GET_SIZE(args[0]) != 8 * size) {
        PyErr_Format(PyExc_ValueError,
                     "a deck of 1 to %d cards needs 8 bytes a card, got %zd cards and %zd bytes",
                     MAX_DECK, size, PyBytes_GET_SIZE(args[0]));
        return NULL;
    }
    const unsigned char *digest = (const unsigned char *)PyBytes_AS_STRING(args[0]);
    uint64_t keys[MAX_DECK];
    for (Py_ssize_t i = 0; i < size; i++) {
        uint64_t lane = 0;
        for (int b = 7; b >= 0; b--) {
            lane = (lane << 8) | digest[8 * i + b];
        }
        uint64_t key = (lane & RANDOM_BITS) | (uint64_t)i;
        /* Insertion sort: a deck is short, and the keys are all distinct. */
        Py_ssize_t j = i;
        while (j > 0 && keys[j - 1] > key) {
            keys[j] = keys[j - 1];
            j--;
        }
        keys[j] = key;
    }
    PyObject *out = PyBytes_FromStringAndSize(NULL, size);
    if (out == NULL) {
        return NULL;
    }
    char *positions = PyBytes_AS_STRING(out);
    for (Py_ssize_t i = 0; i < size; i++) {
        positions[i] = (char)(keys[i] & 0xFF);
    }
    return out;
}

/* split(deck, order, size, players): each seat's size cards, in deck order,
 * and the stock, in dealing order; order holds distinct deck positions. */
static PyObject *split(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (nargs != 4 || !PyTuple_Check(args[0]) || !PyBytes_Check(args[1]) ||
        !PyLong_Check(args[2]) || !PyLong_Check(args[3])) {
        PyErr_SetString(PyExc_TypeError,
                        "split(deck: tuple, order: bytes, size: int, players: int)");
        return NULL;
    }
    PyObject *deck = args[0];
    Py_ssize_t cards = PyTuple_GET_SIZE(deck);
    Py_ssize_t dealt = PyBytes_GET_SIZE(args[1]);
    const unsigned char *order = (const unsigned char *)PyBytes_AS_STRING(args[1]);
    Py_ssize_t size = PyLong_AsSsize_t(args[2]);
    Py_ssize_t players = PyLong_AsSsize_t(args[3]);
    if ((size == -1 || players == -1) && PyErr_Occurred()) {
        return NULL;
    }
    if (size < 0 || players < 0 || cards > 256 || size * players > dealt) {
        PyErr_Format(PyExc_ValueError,
                     "cannot deal %zd cards to each of %zd seats from %zd positions of a "
                     "deck of %zd cards (at most 256)",
                     size, players, dealt, cards);
        return NULL;
    }
    uint64_t used[4] = {0, 0, 0, 0};
    for (Py_ssize_t i = 0; i < dealt; i++) {
        unsigned char at = order[i];
        if (at >= cards || (used[at >> 6] >> (at & 63)) & 1) {
            PyErr_Format(PyExc_ValueError,
                         "the order is not one of distinct positions of a deck of %zd cards "
                         "(position %d at %zd)",
                         cards, (int)at, i);
            return NULL;
        }
        used[at >> 6] |= (uint64_t)1 << (at & 63);
    }
    PyObject *hands = PyTuple_New(players);
    PyObject *stock = PyTuple_New(dealt - size * players);
    if (hands == NULL || stock == NULL) {
        Py_XDECREF(hands);
        Py_XDECREF(stock);
        return NULL;
    }
    for (Py_ssize_t seat = 0; seat < players; seat++) {
        uint64_t mine[4] = {0, 0, 0, 0};
        for (Py_ssize_t k = seat * size; k < (seat + 1) * size; k++) {
            mine[order[k] >> 6] |= (uint64_t)1 << (order[k] & 63);
        }
        PyObject *hand = PyTuple_New(size);
        if (hand == NULL) {
            Py_DECREF(hands);
            Py_DECREF(stock);
            return NULL;
        }
        Py_ssize_t filled = 0;
        for (int word = 0; word < 4; word++) {
            for (uint64_t bits = mine[word]; bits; bits &= bits - 1) {
                PyObject *card = PyTuple_GET_ITEM(deck, word * 64 + __builtin_ctzll(bits));
                Py_INCREF(card);
                PyTuple_SET_ITEM(hand, filled++, card);
            }
        }
        PyTuple_SET_ITEM(hands, seat, hand);
    }
    for (Py_ssize_t k = size * players; k < dealt; k++) {
        PyObject *card = PyTuple_GET_ITEM(deck, order[k]);
        Py_INCREF(card);
        PyTuple_SET_ITEM(stock, k - size * players, card);
    }
    return Py_BuildValue("(NN)", hands, stock);
}

static PyMethodDef methods[] = {
    {"order", (PyCFunction)(void (*)(void))order, METH_FASTCALL,
     "order(digest, size): the deck positions in dealing order, from SHAKE-256 "
     "output of 8 bytes a position (the compiled form of "
     "counter_rules.dealing.order_from_digest)."},
    {"split", (PyCFunction)(void (*)(void))split, METH_FASTCALL,
     "split(deck, order, size, players): each seat's cards and the stock (the "
     "compiled form of counter_rules.dealing.split_deal)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef shuffle_module = {
    PyModuleDef_HEAD_INIT, "counter_rules._shuffle",
    "The deal's order and split, in C (see counter_rules.dealing).", -1, methods,
};

PyMODINIT_FUNC PyInit__shuffle(void) {
    return PyModule_Create(&shuffle_module);
}
