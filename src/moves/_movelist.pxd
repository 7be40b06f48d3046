# MoveList (src/moves/_movelist.pyx), for the move API, which returns one:
# ``from ddz_fast.moves._movelist cimport MoveList, moves_of_hand``.
from libc.stdint cimport uint32_t, uint64_t

from movegen cimport Options
from runfastgen cimport RunFast

cdef class MoveList:
    cdef uint64_t* _words             # a block of its own (NULL until the list is made)
    cdef Py_ssize_t _n
    cdef uint32_t _own                # RF_OWN_CODES: Run Fast's words (0: Dou Dizhu's)
    cdef object _move_at(self, Py_ssize_t i)
    cdef int _word_of(self, object move, uint64_t* word) except -1
    cdef int _fill(self, const uint64_t* words, Py_ssize_t n) except -1
    cdef int _fill_from(self, const uint64_t[::1] words) except -1
    cdef Py_ssize_t _find(self, object move, Py_ssize_t start, Py_ssize_t stop)


cdef MoveList moves_of_hand(uint64_t hand, uint64_t prev, const Options* o)
cdef MoveList runfast_moves_of_hand(uint64_t hand, uint64_t prev, const RunFast* r)
