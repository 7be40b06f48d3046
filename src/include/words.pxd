# A growable buffer of move words, and the generator writing into it: what every native loop
# that lists moves needs (the batched API, the play loops, the solver). Header-only, like
# movegen.pxd: ``from words cimport Words, reserve, generate_into``. The buffer holds 64-bit
# units: a word of one deck takes one, a word of two decks two; generate_into counts in words of
# the hand's layout, and runfast_generate_into is its Run Fast twin (one-deck words).
from libc.limits cimport INT_MAX
from libc.stdint cimport uint64_t
from libc.stdlib cimport realloc

from movegen cimport Options, Sink, Word, generate
from runfastgen cimport RunFast, rf_generate


cdef struct Words:
    # A buffer owned by one call (free its data when done); ``cap`` counts 64-bit units.
    uint64_t* data
    Py_ssize_t cap


cdef inline bint reserve(Words* w, Py_ssize_t need) noexcept nogil:
    """Room for ``need`` 64-bit units (False when memory runs out)."""
    cdef Py_ssize_t cap = max(need, 2 * w.cap)
    cdef uint64_t* data
    if need <= w.cap:
        return True
    data = <uint64_t*>realloc(w.data, cap * sizeof(uint64_t))
    if data == NULL:
        return False
    w.data, w.cap = data, cap
    return True


cdef inline Py_ssize_t generate_into(Words* out, Py_ssize_t start, Word hand, Word prev,
                                     const Options* o) noexcept nogil:
    """Generate the moves of one hand into ``out`` from word ``start`` on (words of the hand's
    layout); their number, -1 out of memory."""
    cdef Py_ssize_t per = sizeof(Word) // sizeof(uint64_t)     # 64-bit units a word
    cdef Sink s
    while True:
        s = Sink((<Word*>out.data) + start, <int>min(out.cap // per - start, INT_MAX), 0)
        generate(&s, hand, prev, o)
        if s.n <= s.cap:
            return s.n
        if not reserve(out, (start + s.n) * per):
            return -1


cdef inline Py_ssize_t count_moves(Word hand, Word prev, const Options* o) noexcept nogil:
    """How many moves ``hand`` has (leading, or beating ``prev``), none of them written."""
    cdef Sink counter = Sink(NULL, 0, 0)
    generate(&counter, hand, prev, o)
    return counter.n


cdef inline Py_ssize_t runfast_generate_into(Words* out, Py_ssize_t start, uint64_t hand,
                                             uint64_t prev, const RunFast* r) noexcept nogil:
    """generate_into under Run Fast rules (runfastgen.pxd's 64-bit words)."""
    cdef Sink s
    while True:
        s = Sink(out.data + start, <int>min(out.cap - start, INT_MAX), 0)
        rf_generate(&s, hand, prev, r)
        if s.n <= s.cap:
            return s.n
        if not reserve(out, start + s.n):
            return -1
