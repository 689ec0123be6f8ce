/* Memory kept from one search for the next, for the native modules that
 * include _effect_play.h: analysis/_plain_kernel.c keeps it for its general
 * search; bots/_playout.c keeps nothing (its tables live as long as its
 * playouts). A first-lead search of Counter grows its table to 2 M entries
 * (128 MB, and 8 MB of tags) and its countermoves to 24 MB; blocks that large
 * come fresh from the operating system at each allocation, and the first
 * touch of each of their pages costs a page fault. A search gives its
 * blocks back here (block_give), and the next search of the process takes
 * them (block_take): of each kind of block, the KEPT_EACH largest of at
 * least KEPT_SMALLEST bytes given back (a table at its largest and the one it
 * grew from), at most KEPT_MOST bytes in all, until kept_release() frees
 * them. A module that keeps nothing defines KEPT_NONE before it includes
 * this header. Every caller holds the GIL, which guards the lists.
 *
 * A block starts with a header of BLOCK_HEADER bytes that holds its size and
 * kind, so that a kept block larger than asked goes back with its own size,
 * and a table that grows asks for its own kind.
 *
 * On Linux a new block of HUGE_FROM bytes or more asks for huge pages
 * (madvise MADV_HUGEPAGE, where the system leaves that to the program): the
 * search reads its table and its memo of tricks at random, and with pages of
 * 4 kB nearly every such read also misses the processor's cache of page
 * addresses. First-lead searches of Counter take a tenth to a fifth less
 * time with them (docs/performance.rst). */

#ifndef COUNTER_RULES_KEPT_MEMORY_H
#define COUNTER_RULES_KEPT_MEMORY_H

#include <Python.h>
#include <string.h>
#if defined(__linux__)
#include <stdint.h>
#include <sys/mman.h>
#endif

/* The kinds of blocks: a block is taken only for its own kind, so that one
 * table does not take the block another grows into. */
enum { KEPT_MEMO, KEPT_TABLE, KEPT_TAGS, KEPT_COUNTERMOVES, KEPT_KINDS };
/* The blocks kept of each kind: a table and the one it grew from. */
#define KEPT_EACH 2
#define KEPT_SMALLEST ((size_t)1 << 20)
#ifdef KEPT_NONE
#define KEPT_MOST ((size_t)0)
#else
#define KEPT_MOST ((size_t)256 << 20)
#endif
#define BLOCK_HEADER 16
#define HUGE_PAGE ((size_t)2 << 20)
#define HUGE_FROM ((size_t)4 << 20)

typedef struct {
    size_t size; /* the bytes after the header */
    int kind;
} BlockHeader;

typedef struct {
    unsigned char *block; /* the header's address, NULL for none */
    size_t size;
} KeptBlock;

static KeptBlock kept[KEPT_KINDS][KEPT_EACH];

/* Huge pages asked for the whole huge pages inside the size bytes at
 * memory, where the system offers them (a hint: nothing changes where it
 * does not). */
static void ask_huge_pages(void *memory, size_t size) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    uintptr_t from = ((uintptr_t)memory + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1);
    uintptr_t to = ((uintptr_t)memory + size) & ~(uintptr_t)(HUGE_PAGE - 1);
    if (to > from) {
        (void)madvise((void *)from, to - from, MADV_HUGEPAGE);
    }
#else
    (void)memory;
    (void)size;
#endif
}

/* A block of kind and at least size bytes (zeroed when zero is set): for
 * KEPT_SMALLEST bytes or more, the smallest kept one of the kind that is
 * large enough; else a new one; NULL when memory is short. */
static void *block_take(int kind, size_t size, int zero) {
    KeptBlock *row = kept[kind];
    int best = -1;
    for (int i = 0; i < KEPT_EACH && size >= KEPT_SMALLEST; i++) {
        if (row[i].block != NULL && row[i].size >= size &&
            (best < 0 || row[i].size < row[best].size)) {
            best = i;
        }
    }
    if (best >= 0) {
        unsigned char *block = row[best].block;
        row[best].block = NULL;
        if (zero) {
            memset(block + BLOCK_HEADER, 0, size);
        }
        return block + BLOCK_HEADER;
    }
    unsigned char *block = zero ? PyMem_Calloc(size + BLOCK_HEADER, 1)
                                : PyMem_Malloc(size + BLOCK_HEADER);
    if (block == NULL) {
        return NULL;
    }
    if (size >= HUGE_FROM) {
        ask_huge_pages(block, size + BLOCK_HEADER);
    }
    BlockHeader header = {size, kind};
    memcpy(block, &header, sizeof header);
    return block + BLOCK_HEADER;
}

/* The header of a block of block_take. */
static BlockHeader block_header(const void *memory) {
    BlockHeader header;
    memcpy(&header, (const unsigned char *)memory - BLOCK_HEADER, sizeof header);
    return header;
}

/* The bytes kept now. */
static size_t kept_bytes(void) {
    size_t total = 0;
    for (int k = 0; k < KEPT_KINDS; k++) {
        for (int i = 0; i < KEPT_EACH; i++) {
            total += kept[k][i].block != NULL ? kept[k][i].size : 0;
        }
    }
    return total;
}

/* A block of block_take given back (NULL for none): kept for the next
 * search in place of a smaller one of its kind, where that keeps at most
 * KEPT_MOST bytes in all; else freed. */
static void block_give(void *memory) {
    if (memory == NULL) {
        return;
    }
    unsigned char *block = (unsigned char *)memory - BLOCK_HEADER;
    BlockHeader header = block_header(memory);
    KeptBlock *row = kept[header.kind];
    int slot = 0; /* a free slot, else the smallest block's */
    for (int i = 1; i < KEPT_EACH && row[slot].block != NULL; i++) {
        if (row[i].block == NULL || row[i].size < row[slot].size) {
            slot = i;
        }
    }
    size_t replaced = row[slot].block != NULL ? row[slot].size : 0;
    if (header.size < KEPT_SMALLEST || header.size <= replaced ||
        kept_bytes() - replaced + header.size > KEPT_MOST) {
        PyMem_Free(block);
        return;
    }
    PyMem_Free(row[slot].block);
    row[slot].block = block;
    row[slot].size = header.size;
}

#ifndef KEPT_NONE
/* Every kept block freed: the bytes freed. */
static size_t kept_release(void) {
    size_t total = kept_bytes();
    for (int kind = 0; kind < KEPT_KINDS; kind++) {
        for (int i = 0; i < KEPT_EACH; i++) {
            PyMem_Free(kept[kind][i].block);
            kept[kind][i].block = NULL;
        }
    }
    return total;
}
#endif

#endif
