# The random streams of the native modules: splitmix64, seeded per game or per call. Header-only,
# like movegen.pxd: ``from rng cimport Rng, rng_next, rng_below, rng_below_exact, rng_for_game``.
from libc.stdint cimport uint64_t


cdef struct Rng:
    uint64_t state


cdef inline uint64_t mix64(uint64_t z) noexcept nogil:
    """splitmix64's finaliser: a bijection of 64-bit words that scatters every input bit."""
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef inline uint64_t rng_next(Rng* r) noexcept nogil:
    r.state += 0x9E3779B97F4A7C15ULL
    return mix64(r.state)


cdef inline Py_ssize_t rng_below(Rng* r, Py_ssize_t k) noexcept nogil:
    """Uniform in 0..k-1 for 0 < k < 2**32: multiply-shift on 32 random bits.

    The bias is below k / 2**32 (under 1e-5 for the largest move list), far under what any
    playout statistic can see, and it needs no division and no rejection loop.
    """
    return <Py_ssize_t>(((rng_next(r) >> 32) * <uint64_t>k) >> 32)


cdef inline uint64_t rng_below_exact(Rng* r, uint64_t bound) noexcept nogil:
    """Exactly uniform in 0..bound-1 (bound > 0): 64-bit words below 2**64 mod bound are drawn
    again, so that every remainder is equally likely (for samplers that promise exactness)."""
    cdef uint64_t skip = (0 - bound) % bound      # 2**64 mod bound
    cdef uint64_t x = rng_next(r)
    while x < skip:
        x = rng_next(r)
    return x % bound


cdef inline Rng rng_for_game(uint64_t seed, uint64_t index) noexcept nogil:
    """The stream of game ``index`` of ``seed``: a function of the pair only, so the games can
    be split into chunks (or across threads) in any way and still come out the same."""
    return Rng(mix64(mix64(seed) + index))
