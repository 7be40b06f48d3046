# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, freethreading_compatible=True
"""Move() and Hand() from plain arguments, natively: the fast paths of the vocabulary.

``Move(type, key, length, counts)`` and ``Hand(counts)`` check their arguments in Python, and
Move() classifies the cards in Python: microseconds to milliseconds a call. The plain
case (exact ints; 15 counts as a tuple or list of exact ints, or as an integer numpy array) is
checked here by the same rules (one deck; a move is what the widest rule set classifies, with
the one generator of movegen.pxd) and fills the slots at once. Anything else, valid or not,
goes back to the Python checks, which convert it or raise their errors: a fast path never has
an error message of its own.

:mod:`ddz_fast.move` and :mod:`ddz_fast.hand` import this module themselves when the package is
built (and keep their Python paths when it is not); it imports nothing of the package but the
rule presets and the shape table, and reads the slots of Move and Hand from the objects it
fills.
"""
cimport numpy as cnp
from cpython.list cimport PyList_AsTuple
from cpython.long cimport PyLong_AsLongAndOverflow
from libc.stdint cimport int64_t, uint64_t

from ddz_fast.rules import WIDEST_RULES
from ddz_fast.shapes import MOVE_TYPES

from hand_rows cimport is_integers, pack_hands
from movegen cimport (BLACK_JOKER, COUNT_MASK, NUM_RANKS, NUM_TYPES, Options, T_PASS,
                      T_SPACE_SHUTTLE, TYPE_SHIFT, fits_deck, is_legal_word)
from rule_options cimport options_of
from slots cimport (HandSlots, MoveSlots, counts_tuple, get_slot, hand_slots, move_slots,
                    set_slot)

__all__ = ["fill_move", "fill_hand", "fill_hand_word"]

cnp.import_array()

cdef Options _WIDEST = options_of(WIDEST_RULES)

if len(MOVE_TYPES) != NUM_TYPES or MOVE_TYPES[T_SPACE_SHUTTLE] != "space_shuttle":
    raise ImportError("ddz_fast._fast_paths was built for other move type codes; rebuild it")
cdef tuple _TYPE_NAMES = tuple(MOVE_TYPES)
cdef dict _TYPE_CODE_OF = {name: code for code, name in enumerate(MOVE_TYPES)}

# The slot offsets of the Move and Hand classes, read from the first object of each class to
# be filled: ddz_fast.move and ddz_fast.hand import this module, so it cannot import them.
cdef type _move_class = None
cdef type _hand_class = None
cdef MoveSlots _MOVE
cdef HandSlots _HAND


cdef inline int _know_move(object move) except -1:
    global _move_class, _MOVE
    if type(move) is not _move_class:
        _MOVE = move_slots(type(move))
        _move_class = type(move)
    return 0


cdef inline int _know_hand(object hand) except -1:
    global _hand_class, _HAND
    if type(hand) is not _hand_class:
        _HAND = hand_slots(type(hand))
        _hand_class = type(hand)
    return 0


cdef inline long _small(object value, long most) noexcept:
    """``value`` when it is an exact int in 0..most, else -1."""
    cdef int overflow = 0
    cdef long small
    if type(value) is not int:
        return -1
    small = PyLong_AsLongAndOverflow(value, &overflow)
    return small if overflow == 0 and 0 <= small <= most else -1


cdef int64_t _tuple_word(tuple counts) noexcept:
    """The word of 15 exact-int counts of one deck; -1 for anything else."""
    cdef Py_ssize_t rank
    cdef long count
    cdef uint64_t word = 0
    if len(counts) != NUM_RANKS:
        return -1
    for rank in range(NUM_RANKS):
        count = _small(counts[rank], 4 if rank < BLACK_JOKER else 1)
        if count < 0:
            return -1
        word |= <uint64_t>count << (4 * rank)
    return word


cdef tuple _plain_counts(object counts):
    """Counts given as a tuple or a list, as a tuple; None for any other container."""
    if type(counts) is tuple:
        return counts
    if type(counts) is list:
        return PyList_AsTuple(counts)
    return None


def fill_move(move, type_name, key, length, counts):
    """Fill the slots of a new Move from plain, valid arguments; False leaves them to Move()."""
    cdef long k, n, rank
    cdef int64_t cards
    cdef uint64_t word
    _know_move(move)
    code = _TYPE_CODE_OF.get(type_name) if type(type_name) is str else None
    cdef tuple plain = _plain_counts(counts)
    if code is None or plain is None or get_slot(move, _MOVE.word) != NULL:
        return False
    k = _small(key, NUM_RANKS - 1)
    n = _small(length, NUM_RANKS - k) if k >= 0 else -1
    cards = _tuple_word(plain)
    if n < 0 or cards < 0:
        return False
    word = <uint64_t>cards | <uint64_t>code << TYPE_SHIFT
    for rank in range(k, k + n):
        word |= <uint64_t>8 << (4 * rank)
    if code == T_PASS:
        if word or k or n:
            return False
    elif not is_legal_word(word, &_WIDEST):
        return False
    set_slot(move, _MOVE.type, _TYPE_NAMES[code])
    set_slot(move, _MOVE.key, key)
    set_slot(move, _MOVE.length, length)
    set_slot(move, _MOVE.counts, plain)
    set_slot(move, _MOVE.word, word)
    return True


def fill_hand(hand, cards):
    """Fill the slots of a new Hand from plain, valid counts; False leaves them to Hand()."""
    cdef int64_t word = -1
    cdef uint64_t packed
    _know_hand(hand)
    cdef tuple counts = _plain_counts(cards)
    if get_slot(hand, _HAND.bitboard) != NULL:
        return False
    if counts is not None:
        word = _tuple_word(counts)
    elif (is_integers(cards) and cnp.PyArray_NDIM(<cnp.ndarray>cards) == 1
            and cnp.PyArray_DIMS(<cnp.ndarray>cards)[0] == NUM_RANKS
            and pack_hands(cards, &packed)):
        word = packed
        counts = counts_tuple(packed)
    if word < 0:
        return False
    set_slot(hand, _HAND.counts, counts)
    set_slot(hand, _HAND.bitboard, <uint64_t>word)
    return True


def fill_hand_word(hand, word):
    """Fill the slots of a new Hand from a valid hand word; False leaves it to the checks."""
    cdef uint64_t value
    _know_hand(hand)
    if (type(word) is not int or word < 0 or word > COUNT_MASK
            or get_slot(hand, _HAND.bitboard) != NULL):
        return False
    value = word
    if value & ~COUNT_MASK or not fits_deck(value):
        return False
    set_slot(hand, _HAND.counts, counts_tuple(value))
    set_slot(hand, _HAND.bitboard, word)
    return True
