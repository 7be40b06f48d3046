# Hands given as rows of 15 integer counts in a numpy array, packed into one-deck hand words in
# one pass over the array's memory, whatever its integer type and strides. Header-only: a module
# that cimports it calls ``cnp.import_array()`` when it loads.
cimport numpy as cnp
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t

from movegen cimport NUM_RANKS, fits_deck

ctypedef fused count_t:
    int8_t
    uint8_t
    int16_t
    uint16_t
    int32_t
    uint32_t
    int64_t
    uint64_t


cdef inline bint is_integers(object array) noexcept:
    """Whether ``array`` is an ndarray (not a subclass) of a native-order integer type (bool is
    none)."""
    return (cnp.PyArray_CheckExact(array) and cnp.PyArray_ISINTEGER(<cnp.ndarray>array)
            and cnp.PyArray_ISNOTSWAPPED(<cnp.ndarray>array))


cdef inline bint pack_rows(const char* data, Py_ssize_t n, Py_ssize_t row_step,
                           Py_ssize_t rank_step, uint64_t* words,
                           const count_t* kind) noexcept nogil:
    """Pack n rows of 15 counts of type count_t (``kind`` only picks it) into hand words;
    False at the first row that is no hand of one deck."""
    cdef Py_ssize_t i
    cdef int rank
    cdef uint64_t count, word, over
    for i in range(n):
        word = over = 0
        for rank in range(NUM_RANKS):
            # A negative count converts to a huge one.
            count = <uint64_t>(<const count_t*>(data + i * row_step + rank * rank_step))[0]
            over |= count > 4
            word |= count << (4 * rank)
        if over or not fits_deck(word):
            return False
        words[i] = word
    return True


cdef inline bint pack_hands(cnp.ndarray counts, uint64_t* words) noexcept:
    """The hand words of an (N, 15) integer array, or the one word of a (15,) array; False at
    the first row that is no hand."""
    cdef const char* data = <const char*>cnp.PyArray_DATA(counts)
    cdef bint one = cnp.PyArray_NDIM(counts) == 1
    cdef Py_ssize_t n = 1 if one else cnp.PyArray_DIMS(counts)[0]
    cdef Py_ssize_t row = 0 if one else cnp.PyArray_STRIDES(counts)[0]
    cdef Py_ssize_t rank = cnp.PyArray_STRIDES(counts)[0 if one else 1]
    cdef bint signed = cnp.PyArray_ISSIGNED(counts)
    cdef Py_ssize_t size = cnp.PyArray_ITEMSIZE(counts)
    if size == 1:
        return (pack_rows(data, n, row, rank, words, <const int8_t*>NULL) if signed else
                pack_rows(data, n, row, rank, words, <const uint8_t*>NULL))
    if size == 2:
        return (pack_rows(data, n, row, rank, words, <const int16_t*>NULL) if signed else
                pack_rows(data, n, row, rank, words, <const uint16_t*>NULL))
    if size == 4:
        return (pack_rows(data, n, row, rank, words, <const int32_t*>NULL) if signed else
                pack_rows(data, n, row, rank, words, <const uint32_t*>NULL))
    if size == 8:
        return (pack_rows(data, n, row, rank, words, <const int64_t*>NULL) if signed else
                pack_rows(data, n, row, rank, words, <const uint64_t*>NULL))
    return False
