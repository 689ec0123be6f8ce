/* Bit masks of up to 64 cards, shared by the native modules of
 * counter_rules (analysis/_plain_kernel.c, bots/_playout.c): the mask type
 * and its lowest bit, highest bit, count of bits and one bit. */

#ifndef COUNTER_RULES_NATIVE_BITS_H
#define COUNTER_RULES_NATIVE_BITS_H

#include <stdint.h>

typedef uint64_t mask_t;

#if defined(_MSC_VER)
#include <intrin.h>
#ifndef __cplusplus
#define inline __inline
#endif
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
static __inline int count_bits(mask_t x) {
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}
#else
#define low_bit(x) __builtin_ctzll(x)
#define high_bit(x) (63 - __builtin_clzll(x))
#define count_bits(x) __builtin_popcountll(x)
#endif

#define BIT(p) (((mask_t)1) << (p))

#endif
