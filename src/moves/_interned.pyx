# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, freethreading_compatible=True
"""The one Move of each move word: made once, kept and shared.

Moves are immutable, so the Move of a word is made once and shared: by the MoveLists of one-deck
words, by the lists of Moves of two decks and of wild cards, by the play phase of a State and
by the solver's answers. One open-addressing table from word to Move serves them all
(_interned.pxd says how its words are keyed). A hit is a multiply, two compares and a load,
~10 ns where a dict needs an int object and a hash first. The one-deck words it ever holds are
moves of some rule set (51,156 under the widest: douzero's 30,383 and the 20,773 space
shuttles), the others are met a hand at a time, so a fixed size does: 2^18 slots of 32 bytes
(two to a cache line) kept below 3/4 full; past that (a caller making MoveLists of forged
words, or hands of wild cards meeting ever new readings: the action space of one wild rank
alone is half a million moves) new Moves are made and not kept. Readers take no lock: a slot's
word is written before its Move is published (bits.h), and slots are never emptied; writers
take _TABLE_LOCK, so that free-threaded builds stay safe too.
"""
cimport cython
from cpython.list cimport PyList_New
from cpython.object cimport PyObject
from cpython.ref cimport Py_INCREF
from libc.stdint cimport uint32_t, uint64_t
from libc.stdlib cimport calloc
from libc.string cimport memset

from ddz_fast import bitboard
from ddz_fast.bitboard import LaiziWord
from ddz_fast.move import MOVE_TYPES, Move
from ddz_fast.shapes import RUNFAST_OWN_TYPES

from laizigen cimport LzMove
from memory cimport advise_huge, prefetch, store_release
from movegen cimport (NUM_TYPES, TYPE_SHIFT, TwoDecks, ctz, fits_one_deck, gather_flags,
                      popcount, to_one_deck)
from runfastgen cimport RF_OWN_CODES
from slots cimport MoveSlots, counts_tuple, move_slots, set_slot

cdef extern from "Python.h":
    ctypedef struct PyListObject:
        PyObject** ob_item
    void PyObject_GC_UnTrack(void* op)

cdef enum:
    TABLE_FILL = 3 << (TABLE_BITS - 2)
    AHEAD = 32      # moves between fetching a table slot and reading it (measured: 8 < 16 < 32)

cdef enum:
    HUGE_PAGE = 1 << 21

# A word and its Move side by side (one cache line to read), in memory of huge pages where the
# system gives them: 8 MB read at random places, which pages of 4 KB spread over 2,048 TLB
# entries. calloc maps the zero pages lazily; the table lives as long as the process.
cdef void* _BLOCK = calloc(TABLE_SIZE * sizeof(Kept) + HUGE_PAGE, 1)
if _BLOCK == NULL:
    raise MemoryError("out of memory for the table of Moves")
cdef Kept* _TABLE = <Kept*>((<size_t>_BLOCK + HUGE_PAGE - 1) & ~(<size_t>HUGE_PAGE - 1))
advise_huge(_TABLE, TABLE_SIZE * sizeof(Kept))
cdef Py_ssize_t _TABLE_FILLED = 0
cdef cython.pymutex _TABLE_LOCK
cdef MoveSlots _MOVE = move_slots(Move)


cdef Kept* kept_table() noexcept:
    """The table, for the readers of other modules (find_move)."""
    return _TABLE


cdef object _decode(uint64_t word):
    """A new Move of a one-deck move word (Move._from_word without its Python loops)."""
    cdef uint32_t main = gather_flags(word)
    cdef int code = <int>(word >> TYPE_SHIFT)
    if code >= NUM_TYPES:
        raise ValueError(f"move word {word:#x} has unknown type code {code}")
    move = Move.__new__(Move)
    set_slot(move, _MOVE.type, MOVE_TYPES[code])
    set_slot(move, _MOVE.key, ctz(main) if main else 0)
    set_slot(move, _MOVE.length, popcount(main))
    set_slot(move, _MOVE.counts, counts_tuple(word))
    set_slot(move, _MOVE.word, word)
    # It refers to a str, ints and a tuple of ints only: it can be in no reference cycle, and
    # the collector, which would visit it in every list it is in, may leave it out.
    PyObject_GC_UnTrack(<PyObject*>move)
    return move


cdef object _decode_laizi(uint64_t lo, uint64_t hi):
    """A new Move of a laizi word the generator made: what Move._trusted_read makes of its
    parts, its slots filled as _decode fills a plain Move's, without the Python calls (a hand
    with wild cards meets hundreds of moves not kept yet, see benchmarks/laizi.py; the tests
    compare every field with the reference's Moves)."""
    cdef uint32_t main = gather_flags(lo)
    move = Move.__new__(Move)
    set_slot(move, _MOVE.type, MOVE_TYPES[lo >> TYPE_SHIFT])
    set_slot(move, _MOVE.key, ctz(main))
    set_slot(move, _MOVE.length, popcount(main))
    set_slot(move, _MOVE.counts, counts_tuple(lo))
    set_slot(move, _MOVE.word, LaiziWord((<object>hi) << 64 | lo))
    PyObject_GC_UnTrack(<PyObject*>move)    # as in _decode: no reference cycle possible
    return move


#: The names of Run Fast's own types by the type code of their words (None: no such type).
cdef list _RUNFAST_NAMES = [None] * NUM_TYPES
for _name, _code in RUNFAST_OWN_TYPES.items():
    _RUNFAST_NAMES[_code] = _name
if {code for code in range(NUM_TYPES) if (RF_OWN_CODES >> code) & 1} != set(
        RUNFAST_OWN_TYPES.values()):
    raise ImportError("ddz_fast's core was built for other codes of Run Fast's types; rebuild it")


cdef object _decode_runfast(uint64_t lo):
    """A new Move of Run Fast's own types from its 64-bit word (the low half of its Move word:
    the generator's word), its slots filled as _decode fills a plain Move's."""
    cdef uint32_t main = gather_flags(lo)
    name = _RUNFAST_NAMES[lo >> TYPE_SHIFT]
    if name is None or not main:
        raise ValueError(f"move word {lo:#x} is no move of Run Fast's own types")
    move = Move.__new__(Move)
    set_slot(move, _MOVE.type, name)
    set_slot(move, _MOVE.key, ctz(main))
    set_slot(move, _MOVE.length, popcount(main))
    set_slot(move, _MOVE.counts, counts_tuple(lo))
    set_slot(move, _MOVE.word, (<object>RUNFAST_HI) << 64 | lo)
    PyObject_GC_UnTrack(<PyObject*>move)    # as in _decode: no reference cycle possible
    return move


cdef object _made(uint64_t lo, uint64_t hi):
    """A new Move of a word: one-deck (``hi`` 0), two-deck (its top bit set), Run Fast's own
    (``hi`` RUNFAST_HI) or laizi."""
    if hi == 0:
        return _decode(lo)
    if hi >> 63:
        return Move._from_word(bitboard.TwoDecksWord((<object>hi << 64) | lo))
    if hi == RUNFAST_HI:
        return _decode_runfast(lo)
    return _decode_laizi(lo, hi)


cdef object _keep_move(uint64_t lo, uint64_t hi):
    """Make the Move of a word and keep it in the table (unless the table is full)."""
    global _TABLE_FILLED
    cdef Py_ssize_t slot
    cdef PyObject* found
    move = _made(lo, hi)
    with _TABLE_LOCK:
        found = find_move(_TABLE, lo, hi)     # another thread may have kept it meanwhile
        if found != NULL:
            return <object>found
        if _TABLE_FILLED < TABLE_FILL:
            slot = table_slot(lo, hi)
            while _TABLE[slot].move != NULL:
                slot = (slot + 1) & (TABLE_SIZE - 1)
            _TABLE[slot].lo, _TABLE[slot].hi = lo, hi
            Py_INCREF(move)
            store_release(&_TABLE[slot].move, <void*>move)
            _TABLE_FILLED += 1
    return move


cdef object move_of(uint64_t lo, uint64_t hi, bint keep):
    """The shared Move of a word by its two halves, made on first use and kept when ``keep``
    (a listing of a whole action space leaves the table to the hands it serves)."""
    cdef PyObject* found = find_move(_TABLE, lo, hi)
    if found != NULL:
        return <object>found
    return _keep_move(lo, hi) if keep else _made(lo, hi)


cdef object move_of_word(uint64_t word):
    """The shared Move of a one-deck move word (Move.PASS for 0), made on first use."""
    cdef PyObject* found = find_move(_TABLE, word, 0)
    if found != NULL:
        return <object>found
    return _keep_move(word, 0)


cdef PyObject* _kept(uint64_t word) except? NULL:
    """The Move of ``word``, made and kept in the table (borrowed: the table never lets go);
    NULL when the table is full."""
    _keep_move(word, 0)
    return find_move(_TABLE, word, 0)


cdef PyObject* _kept_runfast(uint64_t word) except? NULL:
    """_kept for the 64-bit word of a Run Fast move (a function of its own: Dou Dizhu's loop,
    which calls _kept, then compiles as it did without Run Fast)."""
    _keep_move(word, runfast_hi(word, RF_OWN_CODES))
    return find_move(_TABLE, word, runfast_hi(word, RF_OWN_CODES))


cdef list moves_of_words(const uint64_t* words, Py_ssize_t n):
    """The Moves of ``n`` one-deck words as a new list.

    The table's slots and the Moves lie scattered over megabytes, so each read is a cache
    miss. The loop fetches ahead: the slot of move i + AHEAD while move i is read, and every
    Move (to count a reference to it) before any is counted.
    """
    cdef list moves = PyList_New(n)
    cdef PyObject** items = (<PyListObject*>moves).ob_item
    cdef Py_ssize_t i
    cdef PyObject* found
    for i in range(min(n, AHEAD)):
        prefetch(&_TABLE[table_slot(words[i], 0)], 0)
    for i in range(n):
        if i + AHEAD < n:
            prefetch(&_TABLE[table_slot(words[i + AHEAD], 0)], 0)
        found = find_move(_TABLE, words[i], 0)
        if found == NULL:
            try:
                found = _kept(words[i])
            finally:
                if found == NULL:         # an error, or a full table: no borrowed items left
                    memset(items, 0, i * sizeof(PyObject*))
            if found == NULL:
                return [move_of_word(words[j]) for j in range(n)]
        prefetch(found, 1)
        items[i] = found                  # borrowed until counted below
    for i in range(n):
        Py_INCREF(<object>items[i])
    return moves


cdef list _runfast_moves(const uint64_t* words, Py_ssize_t n):
    """moves_of_words for the 64-bit words of Run Fast moves, whose own types' Moves are kept
    by the high half RUNFAST_HI (runfast_hi). A copy rather than one loop for both: the test
    of the code, in the loop, cost Dou Dizhu's lists a fifth more instructions a move."""
    cdef list moves = PyList_New(n)
    cdef PyObject** items = (<PyListObject*>moves).ob_item
    cdef Py_ssize_t i
    cdef PyObject* found
    for i in range(min(n, AHEAD)):
        prefetch(&_TABLE[table_slot(words[i], runfast_hi(words[i], RF_OWN_CODES))], 0)
    for i in range(n):
        if i + AHEAD < n:
            prefetch(&_TABLE[table_slot(words[i + AHEAD],
                                        runfast_hi(words[i + AHEAD], RF_OWN_CODES))], 0)
        found = find_move(_TABLE, words[i], runfast_hi(words[i], RF_OWN_CODES))
        if found == NULL:
            try:
                found = _kept_runfast(words[i])
            finally:
                if found == NULL:         # an error, or a full table: no borrowed items left
                    memset(items, 0, i * sizeof(PyObject*))
            if found == NULL:
                return [move_of_runfast(words[j]) for j in range(n)]
        prefetch(found, 1)
        items[i] = found                  # borrowed until counted below
    for i in range(n):
        Py_INCREF(<object>items[i])
    return moves


cdef object move_of_runfast(uint64_t word):
    """The shared Move of the 64-bit word of a Run Fast move (Move.PASS for 0)."""
    return move_of(word, runfast_hi(word, RF_OWN_CODES), True)


cdef list moves_of_runfast(const uint64_t* words, Py_ssize_t n, bint keep=True):
    """The Moves of ``n`` 64-bit words of Run Fast moves as a new list, kept for later calls
    unless ``keep`` is False (a listing of a whole action space leaves the table to hands)."""
    cdef Py_ssize_t i
    if keep:
        return _runfast_moves(words, n)
    return [move_of(words[i], runfast_hi(words[i], RF_OWN_CODES), False) for i in range(n)]


cdef list moves_of_two_decks(const TwoDecks* words, Py_ssize_t n):
    """The canonical Moves of ``n`` two-deck words the generator made: the shared Move of its
    one-deck word for a move whose cards fit one deck (the same move at every table)."""
    cdef Py_ssize_t i
    return [move_of_word(to_one_deck(words[i])) if fits_one_deck(words[i]) else
            move_of(words[i].lo, words[i].hi, True) for i in range(n)]


cdef list moves_of_laizi(const LzMove* moves, Py_ssize_t n, bint keep):
    """The canonical Moves of ``n`` moves the laizi generator made (the shared Move of its plain
    word for a move that keeps one), kept for later calls when ``keep``."""
    cdef Py_ssize_t i
    return [move_of_word(moves[i].lo) if moves[i].hi == 0 else
            move_of(moves[i].lo, moves[i].hi, keep) for i in range(n)]


# The pass has its one Move: word 0 is Move.PASS wherever a word becomes a Move.
_TABLE[table_slot(0, 0)].lo = _TABLE[table_slot(0, 0)].hi = 0
Py_INCREF(Move.PASS)
_TABLE[table_slot(0, 0)].move = <void*>Move.PASS
_TABLE_FILLED = 1
