# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The native core of ddz_fast: rank-count bitboards (see ddz_fast/bitboard.py for the layout)."""
from libc.stdint cimport uint64_t

def pack_counts(counts):
    """The bitboard word of 15 counts (the caller validates them)."""
    cdef uint64_t word = 0
    cdef int rank
    for rank in range(15):
        word |= (<uint64_t>counts[rank]) << (4 * rank)
    return word

def unpack_counts(uint64_t word):
    """The 15 counts of a bitboard word."""
    return tuple(<int>((word >> (4 * rank)) & 7) for rank in range(15))
