/* Bit helpers and word-layout constants for the move generator (see ddz_fast/bitboard.py). */
#ifndef DDZ_BITS_H
#define DDZ_BITS_H

#include <stddef.h>
#include <stdint.h>

/* Free-threaded builds (no GIL) skip the caches that live in module globals and need the GIL to
 * be shared (the last rule set looked up, the spare blocks of MoveLists). */
#ifdef Py_GIL_DISABLED
#define DDZ_HAVE_GIL 0
#else
#define DDZ_HAVE_GIL 1
#endif

/* One bit per nibble of the 15 rank nibbles, the counts and the main-rank flags. */
#define DDZ_NIBBLE_ONES 0x0111111111111111ULL
#define DDZ_COUNT_MASK 0x0777777777777777ULL
#define DDZ_FLAG_MASK 0x0888888888888888ULL
/* One more than a deck holds of each rank: 5 of 3..2, 2 of each joker. */
#define DDZ_DECK_LIMIT 0x0225555555555555ULL

/* Two decks: one bit per 8-bit lane of a half word, the counts (bits 0..3) of the eight lanes
 * of the low half and of the seven rank lanes of the high half (its top lane holds the type),
 * and one more than two decks hold of each rank (9 of 3..2, 3 of each joker) in those lanes. */
#define DDZ_LANE_ONES 0x0101010101010101ULL
#define DDZ_LANE_TOPS 0x8080808080808080ULL
#define DDZ_LANE_COUNTS 0x0F0F0F0F0F0F0F0FULL
#define DDZ_HIGH_COUNTS 0x000F0F0F0F0F0F0FULL
#define DDZ_HIGH_RANKS 0x00FFFFFFFFFFFFFFULL
#define DDZ_LOW_LIMIT 0x0909090909090909ULL
#define DDZ_HIGH_LIMIT 0x0003030909090909ULL

#if defined(_MSC_VER) && !defined(__clang__)
#include <intrin.h>
static __inline int ddz_ctz(uint64_t x) {
    unsigned long index;
    _BitScanForward64(&index, x);
    return (int)index;
}
static __inline int ddz_popcount(uint64_t x) { return (int)__popcnt64(x); }
#else
/* Callers never pass 0 to ddz_ctz. */
static inline int ddz_ctz(uint64_t x) { return __builtin_ctzll(x); }
#if defined(__POPCNT__)
static inline int ddz_popcount(uint64_t x) { return __builtin_popcountll(x); }
#else
/* Without -mpopcnt the builtin is a call into libgcc; the SWAR count stays inline. */
static inline int ddz_popcount(uint64_t x) {
    x -= (x >> 1) & 0x5555555555555555ULL;
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}
#endif
#endif

/* Transparent huge pages for a large table read at random places (the shared Moves, the
 * solver's transposition table): far fewer TLB misses on its probes. Linux only; elsewhere
 * nothing. */
#if defined(__linux__)
#include <sys/mman.h>
static inline void ddz_advise_huge(void* p, size_t n) { madvise(p, n, MADV_HUGEPAGE); }
#else
static inline void ddz_advise_huge(void* p, size_t n) { (void)p; (void)n; }
#endif

/* A hint that the size bytes at p are about to be written: start fetching their cache lines.
 * Compilers delete a loop of bare prefetches as free of side effects; the empty volatile asm
 * statement keeps this one. */
#if defined(_MSC_VER) && !defined(__clang__) && (defined(_M_X64) || defined(_M_IX86))
#include <xmmintrin.h>
#endif
static inline void ddz_prefetch_write(const void* p, size_t size) {
    const char* line = (const char*)p;
    size_t i;
    for (i = 0; i < size; i += 64) {
#if defined(__GNUC__) || defined(__clang__)
        __builtin_prefetch(line + i, 1);
        __asm__ __volatile__("");
#elif defined(_MSC_VER) && (defined(_M_X64) || defined(_M_IX86))
        _mm_prefetch(line + i, _MM_HINT_T0);
#else
        (void)line;
#endif
    }
}

/* A hint that the cache line at p is about to be read (rw = 0) or written (rw = 1). */
#if defined(__GNUC__) || defined(__clang__)
#define ddz_prefetch(p, rw) __builtin_prefetch((p), (rw))
#elif defined(_MSC_VER) && (defined(_M_X64) || defined(_M_IX86))
#define ddz_prefetch(p, rw) _mm_prefetch((const char*)(p), _MM_HINT_T0)
#else
#define ddz_prefetch(p, rw) ((void)(p))
#endif

/* Publishing a pointer to readers that hold no lock: the pointer is stored last, with release
 * order, and read first, with acquire order, so a reader that sees it sees what it points to
 * and the slot's other fields. MSVC's volatile accesses have those orders (/volatile:ms, its
 * default on x86-64). */
#if defined(_MSC_VER) && !defined(__clang__)
static __inline void* ddz_load_acquire(void* const* p) { return *(void* const volatile*)p; }
static __inline void ddz_store_release(void** p, void* v) { *(void* volatile*)p = v; }
#else
static inline void* ddz_load_acquire(void* const* p) { return __atomic_load_n(p, __ATOMIC_ACQUIRE); }
static inline void ddz_store_release(void** p, void* v) { __atomic_store_n(p, v, __ATOMIC_RELEASE); }
#endif

#endif
