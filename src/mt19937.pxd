# The Mersenne Twister MT19937 (Matsumoto and Nishimura, 1998), seeded from an array of 32-bit
# words by the authors' init_by_array: the generator behind Python's ``random.Random``, so that a
# deal from an int seed can be drawn natively and still be the deal ``random.Random(seed)``
# shuffles (ddz_fast.game checks the two agree before it uses this). Header-only:
# ``from mt19937 cimport MT, mt_seed, mt_next``.
from libc.stdint cimport uint32_t

cdef enum:
    MT_N = 624
    MT_M = 397


cdef struct MT:
    uint32_t state[MT_N]
    int index               # the next word of ``state`` to hand out; MT_N: twist first


cdef inline void mt_seed(MT* g, const uint32_t* key, int length) noexcept nogil:
    """Seed from ``key[0..length-1]`` (length >= 1) as init_by_array does."""
    cdef uint32_t* s = g.state
    cdef int i = 1, j = 0, k
    s[0] = 19650218U
    for k in range(1, MT_N):
        s[k] = 1812433253U * (s[k - 1] ^ (s[k - 1] >> 30)) + <uint32_t>k
    for k in range(MT_N if MT_N > length else length, 0, -1):
        s[i] = (s[i] ^ ((s[i - 1] ^ (s[i - 1] >> 30)) * 1664525U)) + key[j] + <uint32_t>j
        i += 1
        j += 1
        if i >= MT_N:
            s[0] = s[MT_N - 1]
            i = 1
        if j >= length:
            j = 0
    for k in range(MT_N - 1, 0, -1):
        s[i] = (s[i] ^ ((s[i - 1] ^ (s[i - 1] >> 30)) * 1566083941U)) - <uint32_t>i
        i += 1
        if i >= MT_N:
            s[0] = s[MT_N - 1]
            i = 1
    s[0] = 0x80000000U         # a non-zero state whatever the key
    g.index = MT_N


cdef inline void mt_twist(MT* g) noexcept nogil:
    cdef uint32_t* s = g.state
    cdef uint32_t y
    cdef int k
    for k in range(MT_N):
        y = (s[k] & 0x80000000U) | (s[(k + 1) % MT_N] & 0x7fffffffU)
        s[k] = s[(k + MT_M) % MT_N] ^ (y >> 1) ^ (0x9908b0dfU if y & 1 else 0U)
    g.index = 0


cdef inline uint32_t mt_next(MT* g) noexcept nogil:
    """The next 32-bit output, tempered."""
    cdef uint32_t y
    if g.index >= MT_N:
        mt_twist(g)
    y = g.state[g.index]
    g.index += 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9d2c5680U
    y ^= (y << 15) & 0xefc60000U
    return y ^ (y >> 18)
