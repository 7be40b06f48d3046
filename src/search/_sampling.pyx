# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, freethreading_compatible=True
"""Exactly uniform determinizations of an information set, in native code.

The hidden cards are split between two hidden hands, A and B. ddz_fast.search.infoset reduces every
rule (the kitty cards the landlord must still hold, a bot's per-rank constraints) to, for each
rank r, the ``free[r]`` cards still to place and the range ``lo[r]..hi[r]`` of how many of them
go to A; A must get ``need`` of them in all. A split giving A ``a[r]`` free cards of each rank
has weight prod_r C(free[r], a[r]) (the number of ways to deal the physical cards).

Counting: ways[r][s] = the total weight of completing ranks r..14 with s cards still owed to A,
so ways[15][0] = 1 and ways[r][s] = sum over a in lo[r]..hi[r] of C(free[r], a) *
ways[r + 1][s - a]. Every entry is at most C(sum of free, s) (Vandermonde's identity bounds a
sum over a subset of the splits), and at most 54 cards are free, so C(54, 27) < 2**51 bounds
them all: uint64 arithmetic is exact.

Sampling: one integer X uniform in 0..ways[0][need] - 1 (rejection: no modulo bias) numbers
every (split, physical deal) pair exactly once; reading it off rank by rank (the block of
choice a at rank r holds C(free[r], a) * ways[r + 1][s - a] numbers, and X // C(free[r], a)
is uniform over the next rank's ways) yields each split with probability proportional to its
weight. ddz_fast.search.infoset validates every argument before calling in here.
"""

from libc.stdint cimport int64_t, uint64_t

from rng cimport Rng, rng_below_exact

__all__ = ["_count", "_sample"]

cdef extern from *:
    """
    /* C(n, k) for the at most four cards of a rank. */
    static const uint64_t DDZ_CHOOSE[5][5] = {
        {1, 0, 0, 0, 0}, {1, 1, 0, 0, 0}, {1, 2, 1, 0, 0}, {1, 3, 3, 1, 0}, {1, 4, 6, 4, 1}};
    """
    const uint64_t CHOOSE "DDZ_CHOOSE"[5][5]

cdef enum:
    RANKS = 15
    MAX_NEED = 54       # no hand holds more than the deck
    MAX_COPIES = 4


cdef struct Table:
    # ways[r][s] as described above; choices per (rank, owed) are a = lo[r] + j.
    uint64_t ways[RANKS + 1][MAX_NEED + 1]
    int free[RANKS]
    int lo[RANKS]
    int hi[RANKS]
    int need


cdef void fill_table(Table* t) noexcept nogil:
    cdef int r, s, a
    cdef uint64_t total
    for s in range(MAX_NEED + 1):
        t.ways[RANKS][s] = 0
    t.ways[RANKS][0] = 1
    for r in range(RANKS - 1, -1, -1):
        for s in range(MAX_NEED + 1):
            total = 0
            for a in range(t.lo[r], min(t.hi[r], s) + 1):
                total += CHOOSE[t.free[r]][a] * t.ways[r + 1][s - a]
            t.ways[r][s] = total


cdef bint load(Table* t, const int64_t[::1] free, const int64_t[::1] lo, const int64_t[::1] hi,
               int need) except False:
    cdef int r
    if free.shape[0] != RANKS or lo.shape[0] != RANKS or hi.shape[0] != RANKS:
        raise ValueError("free, lo and hi hold one entry per rank")
    if not 0 <= need <= MAX_NEED:
        raise ValueError("need out of range")
    for r in range(RANKS):
        if not (0 <= lo[r] <= hi[r] <= free[r] <= MAX_COPIES):
            raise ValueError("each rank needs 0 <= lo <= hi <= free <= 4")
        t.free[r], t.lo[r], t.hi[r] = <int>free[r], <int>lo[r], <int>hi[r]
    t.need = need
    fill_table(t)
    return True


def _count(const int64_t[::1] free, const int64_t[::1] lo, const int64_t[::1] hi,
           int need):
    """The total weight of the splits (0: none meets the constraints)."""
    cdef Table t
    load(&t, free, lo, hi, need)
    return int(t.ways[0][need])


cdef inline uint64_t draw_a(const Table* t, Rng* rng) noexcept nogil:
    """One split as the word of A's free cards."""
    cdef uint64_t x = rng_below_exact(rng, t.ways[0][t.need])
    cdef uint64_t block, word = 0
    cdef int r, a, s = t.need
    for r in range(RANKS):
        a = t.lo[r]
        while True:
            # Stays within hi[r]: x is below the sum of the blocks, so some block takes it.
            block = CHOOSE[t.free[r]][a] * t.ways[r + 1][s - a] if a <= s else 0
            if x < block:
                break
            x -= block
            a += 1
        x //= CHOOSE[t.free[r]][a]
        s -= a
        word |= (<uint64_t>a) << (4 * r)
    return word


def _sample(uint64_t[:, ::1] out, const int64_t[::1] free, const int64_t[::1] lo,
            const int64_t[::1] hi, int need, int own_seat, uint64_t own_word, int seat_a,
            uint64_t fixed_a, int seat_b, uint64_t fixed_b, uint64_t seed):
    """Fill each row of ``out`` with one determinization: the three hand words by seat.

    A holds ``fixed_a`` plus its draw, B ``fixed_b`` plus the free cards A did not get. The
    stream is splitmix64 from ``seed``. Returns the total weight; 0 (nothing written) when no
    split meets the ranges.
    """
    cdef Table t
    cdef uint64_t free_word = 0, a_word
    cdef Rng rng = Rng(seed)
    cdef Py_ssize_t i, n = out.shape[0]
    cdef int r
    load(&t, free, lo, hi, need)
    if out.shape[1] != 3 or sorted((own_seat, seat_a, seat_b)) != [0, 1, 2]:
        raise ValueError("out has three columns and the seats are 0, 1 and 2 once each")
    if t.ways[0][need] == 0:
        return 0
    for r in range(RANKS):
        free_word |= (<uint64_t>t.free[r]) << (4 * r)
    with nogil:
        for i in range(n):
            a_word = draw_a(&t, &rng)
            out[i, own_seat] = own_word
            out[i, seat_a] = fixed_a + a_word
            # Nibble-wise subtraction: a[r] <= free[r] in every nibble, so nothing borrows.
            out[i, seat_b] = fixed_b + (free_word - a_word)
    return int(t.ways[0][need])
