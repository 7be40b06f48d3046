# The Mersenne Twister MT19937 (Matsumoto and Nishimura, 1998), seeded from an array of 32-bit
# words by the authors' init_by_array: the generator behind Python's ``random.Random``, so that a
# deal from an int seed can be drawn natively and still be the deal ``random.Random(seed)``
# shuffles (ddz_fast.engine.game checks the two agree before it uses this). Header-only:
# ``from mt19937 cimport MT, mt_seed, mt_next``.
from libc.stdint cimport uint32_t

cdef enum:
    MT_N = 624
    MT_M = 397


cdef struct MT:
    uint32_t state[MT_N]
    int index               # the next word of ``state`` to twist and hand out (MT_N: 0)


cdef inline void mt_seed(MT* g, const uint32_t* key, int length) noexcept nogil:
    """Seed from ``key[0..length-1]`` (length >= 1) as init_by_array does.

    Each word follows from the one before it: that word is carried in a register (``last``)
    rather than read back from the array just written, which would add a store-to-load delay
    to every one of the ~1,900 steps of the chain.
    """
    cdef uint32_t* s = g.state
    cdef uint32_t last = 19650218U
    cdef int i = 1, j = 0, k
    s[0] = last
    for k in range(1, MT_N):
        last = 1812433253U * (last ^ (last >> 30)) + <uint32_t>k
        s[k] = last
    last = s[0]
    for k in range(MT_N if MT_N > length else length, 0, -1):
        last = (s[i] ^ ((last ^ (last >> 30)) * 1664525U)) + key[j] + <uint32_t>j
        s[i] = last
        i += 1
        j += 1
        if i >= MT_N:
            s[0] = last
            i = 1
        if j >= length:
            j = 0
    for k in range(MT_N - 1, 0, -1):
        last = (s[i] ^ ((last ^ (last >> 30)) * 1566083941U)) - <uint32_t>i
        s[i] = last
        i += 1
        if i >= MT_N:
            s[0] = last
            i = 1
    s[0] = 0x80000000U         # a non-zero state whatever the key
    g.index = MT_N


cdef inline uint32_t mt_next(MT* g) noexcept nogil:
    """The next 32-bit output, tempered.

    The state is twisted one word at a time, as each is needed, in the order the whole-array
    twist updates them (each word reads the words after it before they change and the words
    before it after): the same outputs, without twisting 624 words for a shuffle's 53 draws.
    """
    cdef uint32_t* s = g.state
    cdef uint32_t y
    cdef int k = g.index if g.index < MT_N else 0
    y = (s[k] & 0x80000000U) | (s[k + 1 if k + 1 < MT_N else 0] & 0x7fffffffU)
    y = s[k + MT_M if k + MT_M < MT_N else k + MT_M - MT_N] ^ (y >> 1) ^ (
        0x9908b0dfU if y & 1 else 0U)
    s[k] = y
    g.index = k + 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9d2c5680U
    y ^= (y << 15) & 0xefc60000U
    return y ^ (y >> 18)
