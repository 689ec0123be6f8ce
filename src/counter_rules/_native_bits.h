/* Bit masks of up to 64 cards, shared by the native modules of
 * counter_rules (analysis/_plain_kernel.c, bots/_playout.c): the mask type
 * and its lowest bit, highest bit, count of bits and one bit; and
 * fetch_for_write(p), a hint that the cache line of p is about to be
 * written (nothing where the compiler has no such hint). */

#ifndef COUNTER_RULES_NATIVE_BITS_H
#define COUNTER_RULES_NATIVE_BITS_H

#include <stdint.h>

typedef uint64_t mask_t;

#if defined(_MSC_VER)
#include <intrin.h>
#ifndef __cplusplus
#define inline __inline
#endif
#endif

/* The count of bits of x in a few operations, for a build whose processor
 * may have no instruction for it (the compiler's own would call a library
 * function). */
static inline int count_bits_by_steps(mask_t x) {
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}

#if defined(_MSC_VER)
static __inline int low_bit(mask_t x) {
    unsigned long i;
    _BitScanForward64(&i, x);
    return (int)i;
}
static __inline int high_bit(mask_t x) {
    unsigned long i;
    _BitScanReverse64(&i, x);
    return (int)i;
}
#define count_bits(x) count_bits_by_steps(x)
#if defined(_M_X64) || defined(_M_IX86)
#define fetch_for_write(p) _mm_prefetch((const char *)(p), _MM_HINT_T0)
#else
#define fetch_for_write(p) ((void)(p))
#endif
#else
#define low_bit(x) __builtin_ctzll(x)
#define high_bit(x) (63 - __builtin_clzll(x))
#if (defined(__x86_64__) || defined(__i386__)) && !defined(__POPCNT__)
#define count_bits(x) count_bits_by_steps(x)
#else
#define count_bits(x) __builtin_popcountll(x)
#endif
#define fetch_for_write(p) __builtin_prefetch((p), 1, 3)
#endif

#define BIT(p) (((mask_t)1) << (p))

#endif
