# The one Move of each move word (src/moves/_interned.pyx), for the modules that hand out Moves
# of the words they hold: ``from ddz_fast.moves._interned cimport move_of_word, ...``.
#
# One table from word to Move serves every word a Move is made of, by its two 64-bit halves: a
# one-deck word (high half 0), a two-deck word of cards beyond one deck (its high half holds the
# two-deck bit), a laizi word (its high half holds the reading and the LAIZI bit) and a Run Fast
# word of Run Fast's own types (its high half RUNFAST_HI: bit 125 of the word), which never
# meet. Readers look a word up with the inline find_move, on the table kept_table() gives, with
# no lock; what makes or keeps a Move is the module's own.
from cpython.object cimport PyObject
from libc.stdint cimport uint32_t, uint64_t

from laizigen cimport LzMove
from memory cimport load_acquire
from movegen cimport TwoDecks

cdef extern from *:
    # The high half of the Move word of Run Fast's own types (ddz_fast.bitboard.RUNFAST >> 64).
    const uint64_t RUNFAST_HI "(1ULL << 61)"

cdef enum:
    TABLE_BITS = 18
    TABLE_SIZE = 1 << TABLE_BITS

cdef struct Kept:
    uint64_t lo
    uint64_t hi
    void* move          # PyObject*, holding one reference; NULL: an empty slot
    void* unused        # 32 bytes a slot: no slot straddles two cache lines


cdef inline Py_ssize_t table_slot(uint64_t lo, uint64_t hi) noexcept nogil:
    return <Py_ssize_t>(((lo ^ (hi * 0xC2B2AE3D27D4EB4FULL)) * 0x9E3779B97F4A7C15ULL)
                        >> (64 - TABLE_BITS))


cdef inline PyObject* find_move(Kept* table, uint64_t lo, uint64_t hi) noexcept nogil:
    """The Move of the word ``lo``, ``hi`` in the table (borrowed), NULL when it is not there."""
    cdef Py_ssize_t slot = table_slot(lo, hi)
    cdef PyObject* move
    while True:
        move = <PyObject*>load_acquire(&table[slot].move)
        if move == NULL or (table[slot].lo == lo and table[slot].hi == hi):
            return move
        slot = (slot + 1) & (TABLE_SIZE - 1)


cdef Kept* kept_table() noexcept
cdef object move_of(uint64_t lo, uint64_t hi, bint keep)
cdef object move_of_word(uint64_t word)
cdef list moves_of_words(const uint64_t* words, Py_ssize_t n)
cdef list moves_of_two_decks(const TwoDecks* words, Py_ssize_t n)
cdef list moves_of_laizi(const LzMove* moves, Py_ssize_t n, bint keep)
cdef object move_of_runfast(uint64_t word)
cdef list moves_of_runfast(const uint64_t* words, Py_ssize_t n, bint keep=*)


cdef inline uint64_t runfast_hi(uint64_t word, uint32_t own_codes) noexcept nogil:
    """The high half of the Move word of the 64-bit word ``word`` of a Run Fast move when
    ``own_codes`` (bit c for type code c) holds its code: RUNFAST_HI for Run Fast's own types
    (own_codes RF_OWN_CODES), 0 for the rest (and for every word when own_codes is 0, as for
    the words of Dou Dizhu)."""
    return RUNFAST_HI if (own_codes >> (word >> 60)) & 1 else 0
