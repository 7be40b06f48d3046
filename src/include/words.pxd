# A growable buffer of move words, and the generator writing into it: what every native loop
# that lists moves needs (the batched API, the play loop, the solver). Header-only, like
# movegen.pxd: ``from words cimport Words, reserve, generate_into``.
from libc.limits cimport INT_MAX
from libc.stdint cimport uint64_t
from libc.stdlib cimport realloc

from movegen cimport COUNT_MASK, Options, Sink, generate


# The name of ddz_fast._core's capsule holding its ``object move_of_word(uint64_t)``: the shared
# Move of a move word (Move.PASS for 0).
cdef extern from "bits.h":
    const char* MOVE_OF_WORD_NAME "DDZ_MOVE_OF_WORD_NAME"


cdef struct Words:
    # A buffer owned by one call (free its data when done).
    uint64_t* data
    Py_ssize_t cap


cdef inline bint reserve(Words* w, Py_ssize_t need) noexcept nogil:
    """Room for ``need`` words (False when memory runs out)."""
    cdef Py_ssize_t cap = max(need, 2 * w.cap)
    cdef uint64_t* data
    if need <= w.cap:
        return True
    data = <uint64_t*>realloc(w.data, cap * sizeof(uint64_t))
    if data == NULL:
        return False
    w.data, w.cap = data, cap
    return True


cdef inline Py_ssize_t generate_into(Words* out, Py_ssize_t start, uint64_t hand, uint64_t prev,
                                     const Options* o) noexcept nogil:
    """Generate the moves of one hand into ``out`` at ``start``; their number, -1 out of memory."""
    cdef Sink s
    while True:
        s = Sink(out.data + start, <int>min(out.cap - start, INT_MAX), 0)
        generate(&s, hand, prev, o)
        if s.n <= s.cap:
            return s.n
        if not reserve(out, start + s.n):
            return -1
