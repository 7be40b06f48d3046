# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, freethreading_compatible=True
"""The native core of ddz_fast: move generation on 64-bit rank-count words.

The public functions have the signatures, results and exceptions of :mod:`ddz_fast.reference.moves`
(which is the specification); :mod:`ddz_fast.moves.native` adds the batched API on top of the
``_batch_*`` kernels here. Every argument is checked with the very checks the reference uses
before a word reaches the generator in ``movegen.pxi``, which trusts its input.
"""
from collections.abc import Sequence

import numpy as np

cimport cython
cimport numpy as cnp
from cpython.buffer cimport PyBuffer_FillInfo
from cpython.bytes cimport PyBytes_FromStringAndSize
from cpython.list cimport PyList_New, PyList_SET_ITEM
from cpython.long cimport PyLong_CheckExact
from cpython.object cimport PyObject
from cpython.pycapsule cimport PyCapsule_New
from cpython.ref cimport Py_INCREF, Py_XDECREF
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM
from libc.limits cimport INT_MAX
from libc.stdint cimport int8_t, int16_t, int64_t, uint8_t, uint16_t
from libc.stdlib cimport free, malloc, realloc
from libc.string cimport memcmp, memcpy, memset

from ddz_fast import bitboard
from ddz_fast import laizi_ids
from ddz_fast._checks import check_action_id, check_play, check_prev, exact_move
from ddz_fast.cards import FULL_DECK, RANK_NAMES, deck_counts
from ddz_fast.bitboard import LaiziWord
from ddz_fast.hand import Hand, as_hand
from ddz_fast.move import MOVE_TYPES, TYPE_CODES, Move
from ddz_fast.shapes import MAIN_SHAPES, MAIN_SHAPES_TWO_DECKS
from ddz_fast.shapes import SHUTTLE_KINDS as SHUTTLE_KINDS_OF_SHAPES
from ddz_fast.rules import as_rules
from ddz_fast.validate import is_int, shown
from ddz_fast.wild import check_wild

from movegen cimport *
from laizigen cimport (CLASS_HARD, HI_CLASS_SHIFT, LzMove, LzQuery, LzSink, lz_answer_query,
                      lz_generate, lz_lead_query, lz_readings_query)
from rule_options cimport options_of
from hand_rows cimport is_integers, pack_hands
from slots cimport (HandSlots, MoveSlots, counts_tuple, get_slot, hand_slots, move_slots,
                   set_slot)
from words cimport MOVE_OF_WORD_NAME, Words, generate_into, reserve

# Free-threaded builds (no GIL) skip the caches that live in module globals and need the GIL
# to be shared: the last rule set looked up, and the spare blocks of MoveLists.
cdef extern from *:
    """
    #ifdef Py_GIL_DISABLED
    #define DDZ_HAVE_GIL 0
    #else
    #define DDZ_HAVE_GIL 1
    #endif
    """
    const bint HAVE_GIL "DDZ_HAVE_GIL"

cdef extern from "bits.h" nogil:
    void prefetch "ddz_prefetch"(const void* p, int rw)
    void* load_acquire "ddz_load_acquire"(void** p)
    void store_release "ddz_store_release"(void** p, void* v)

__all__ = ["MoveList", "legal_moves", "classify", "beats", "action_space", "action_id",
           "action_move"]


# --- the tables movegen.pxi shares with the Python side ------------------------------------------

def _check_layout():
    """The enum of type codes and the word constants must be those of the Python modules."""
    names = ["pass", "solo", "pair", "trio", "trio_solo", "trio_pair", "chain", "pair_chain",
             "airplane", "airplane_solo", "airplane_pair", "four_two_solo", "four_two_pair",
             "bomb", "rocket", "space_shuttle"]
    if list(MOVE_TYPES) != names or TYPE_CODES["space_shuttle"] != T_SPACE_SHUTTLE:
        raise ImportError("ddz_fast._core was built for other move type codes; rebuild it")
    if (bitboard.COUNT_MASK, bitboard.FLAG_MASK, bitboard.TYPE_SHIFT) != (
            COUNT_MASK, FLAG_MASK, TYPE_SHIFT):
        raise ImportError("ddz_fast._core was built for another word layout; rebuild it")
    # The chain lengths of shapes.h are those of the specification (the rocket has no shape),
    # for one deck and for two.
    for decks, shapes in enumerate((MAIN_SHAPES, MAIN_SHAPES_TWO_DECKS), 1):
        for name, (copies, lengths, ranks) in shapes.items():
            code = TYPE_CODES[name]
            most = LEN_MAX[code] if decks == 1 else LEN_MAX_TWO_DECKS[code]
            if (LEN_MIN[code], most) != (lengths.start, lengths.stop - 1):
                raise ImportError(f"ddz_fast._core was built for other {name} lengths; "
                                  f"rebuild it")
    # So are the space shuttle's kinds: cards per bomb, wings and lengths, in the same order.
    kinds = [(SHUTTLE_CARDS[k], k, 2 if k else 0, LEN_MIN[T_SPACE_SHUTTLE], SHUTTLE_LEN_MAX[k])
             for k in range(SHUTTLE_KINDS)]
    if kinds != [(cards, copies, per_bomb, lengths.start, lengths.stop - 1)
                 for cards, (copies, per_bomb, lengths) in SHUTTLE_KINDS_OF_SHAPES.items()]:
        raise ImportError("ddz_fast._core was built for other space shuttles; rebuild it")


_check_layout()
cnp.import_array()
_FULL_DECK_WORD = bitboard.pack(FULL_DECK)


# --- rule sets -----------------------------------------------------------------------------------

cdef struct IdTable:
    # Open addressing from move word to action id: slot i is entries[2i] (the word; 0, the
    # pass, for an empty slot) and entries[2i + 1] (its id), one cache line for both.
    const uint64_t* entries
    uint64_t mask
    int shift


cdef inline uint64_t slot_of(const IdTable* t, uint64_t word) noexcept nogil:
    return (word * 0x9E3779B97F4A7C15ULL) >> t.shift


cdef inline Py_ssize_t lookup_id(const IdTable* t, uint64_t word) noexcept nogil:
    """The action id of ``word``, or -1 when it is not in the action space."""
    cdef uint64_t slot = slot_of(t, word)
    while t.entries[2 * slot] != 0:
        if t.entries[2 * slot] == word:
            return <Py_ssize_t>t.entries[2 * slot + 1]
        slot = (slot + 1) & t.mask
    return -1


cdef class _ActionSpace:
    """Every move of one rule set: the Move tuple, a dict and a C table from word to id (the
    table holds the moves of one-deck words: at two decks, those whose cards fit one deck)."""
    cdef readonly tuple moves
    cdef readonly dict ids
    cdef object _entries              # the numpy array owning the table's memory
    cdef IdTable table

    def __init__(self, tuple moves):
        cdef Py_ssize_t i, size = 2, bits = 1
        cdef uint64_t slot, word
        while size < 2 * len(moves):
            size *= 2
            bits += 1
        self._entries = np.zeros(2 * size, dtype=np.uint64)
        cdef uint64_t[::1] entries = self._entries
        self.table = IdTable(&entries[0], size - 1, 64 - bits)
        for i, move in enumerate(moves):
            if type(move._word) is not int:
                continue                # a word of two decks: the dict has it
            word = move._word
            slot = slot_of(&self.table, word)
            while entries[2 * slot] != 0:
                slot = (slot + 1) & self.table.mask
            entries[2 * slot] = word
            entries[2 * slot + 1] = i
        self.moves = moves
        self.ids = {move._word: i for i, move in enumerate(moves)}


cdef class _RuleSet:
    """The move options of a rule set as a C struct, and its action space once asked for.

    The plain path is one deck without wild cards: a rule set of two decks is marked
    ``two_decks``, one with wild cards ``laizi``, and the public functions take those off it
    (``delegated``): to the generator on two-deck words, or to the laizi generator, which reads
    the same move options; the action ids of wild cards are counted by ddz_fast.laizi_ids, and
    the batched APIs and the action ids of a MoveList refuse wild cards."""
    cdef Options opts
    cdef _ActionSpace space
    cdef readonly bint two_decks
    cdef readonly bint laizi
    cdef readonly bint delegated
    cdef object rules

    def __init__(self, rules):
        self.two_decks = rules.decks == 2
        self.laizi = rules.laizi > 0
        self.delegated = self.two_decks or self.laizi
        self.rules = rules
        if not self.laizi:
            self.opts = options_of(rules, rules.decks)
        else:   # the same move options without the wild cards (options_of refuses those)
            self.opts = options_of(rules.replace(laizi=0, bomb_multiplier="double"))

    cdef _ActionSpace action_space(self):
        if self.laizi:
            options_of(self.rules)      # raises: the compiled generator plays no wild cards
        # Built once, then published by one assignment: concurrent callers see all or nothing
        # (free-threaded builds lock the rule set around it; with the GIL the lock is none).
        if self.space is None:
            with cython.critical_section(self):
                if self.space is None:
                    self.space = _ActionSpace(self._every_move())
        return self.space

    cdef tuple _every_move(self):
        """Every move of a full deck (two at the four-player table), in canonical order."""
        cdef Wide none
        if self.two_decks:
            none.lo = none.hi = 0
            return tuple(_wide_generate(_two_deck_hand(deck_counts(2)), none, &self.opts))
        return tuple(_generate(_FULL_DECK_WORD, 0, &self.opts))


cdef dict _BY_OPTIONS = {}    # move options and decks -> _RuleSet: at most 256 of them
cdef dict _BY_ID = {}         # id(rules) -> (rules, _RuleSet); holding rules keeps its id unique
cdef tuple _LAST = (None, None)
cdef _RuleSet _STANDARD = _RuleSet(as_rules(None))


cdef _RuleSet _rule_set(object rules):
    """The compiled options of ``rules`` (anything as_rules accepts; same errors)."""
    global _LAST
    if rules is None:
        return _STANDARD
    if _LAST[0] is rules:
        return <_RuleSet>_LAST[1]
    entry = _BY_ID.get(id(rules))
    if entry is None:
        entry = _new_entry(rules)
    if HAVE_GIL:
        _LAST = entry
    return (<tuple>entry)[1]


cdef tuple _new_entry(object rules):
    checked = as_rules(rules)
    options = (checked.solo_wing_max_copies, checked.trio_wing_next_to_chain,
               checked.rocket_in_kickers, checked.four_two, checked.four_two_solo_max_copies,
               checked.space_shuttle, checked.decks, checked.laizi)
    rule_set = _BY_OPTIONS.get(options)
    if rule_set is None:
        rule_set = _BY_OPTIONS[options] = _RuleSet(checked)
    if len(_BY_ID) >= 1024:   # callers that build a new Rules per call: keep the cache small
        _BY_ID.clear()
    entry = _BY_ID[id(rules)] = (rules, rule_set)
    return entry


def _is_legal(move, rules):
    """Whether the Move ``move`` is legal under ``rules``: its cards classify to it."""
    cdef _RuleSet rule_set = _rule_set(rules)
    if rule_set.laizi:
        options_of(rule_set.rules)  # raises: the compiled generator plays no wild cards
    if rule_set.two_decks:
        return is_legal_word(_wide_of(move._word), &rule_set.opts)
    return type(move._word) is int and is_legal_word(<uint64_t>move._word, &rule_set.opts)


# Hand and Move keep their fields in __slots__, read and written here at their offsets (slots.pxd).
cdef MoveSlots _MOVE = move_slots(Move)
cdef HandSlots _HAND = hand_slots(Hand)


# --- the Move of a word --------------------------------------------------------------------------
# Moves are immutable, so the Move of a word is made once and shared. One open-addressing table
# from word to Move serves every word a Move is made of, as its two 64-bit halves: a one-deck
# word (high half 0), a two-deck word of cards beyond one deck (the high half holds the two-deck
# bit) and a laizi word (the high half holds the reading and the LAIZI bit), which never meet.
# A hit is a multiply, two compares and a load, ~10 ns where a dict needs an int object and a
# hash first. The one-deck words it ever holds are moves of some rule set (51,156 under the
# widest: douzero's 30,383 and the 20,773 space shuttles), the others are met a hand at a time,
# so a fixed size does: 2^18 slots of 32 bytes (two to a cache line) kept below 3/4 full; past
# that (a caller making MoveLists of forged words, or hands of wild cards meeting ever new
# readings: the action space of one wild rank alone is half a million moves) new Moves are made
# and not kept. Readers take no lock: a slot's word is written before its Move is published
# (bits.h), and slots are never emptied; writers take _TABLE_LOCK, so that free-threaded builds
# stay safe too.

cdef enum:
    TABLE_BITS = 18
    TABLE_SIZE = 1 << TABLE_BITS
    TABLE_FILL = 3 << (TABLE_BITS - 2)

cdef struct Kept:
    uint64_t lo
    uint64_t hi
    void* move          # PyObject*, holding one reference; NULL: an empty slot
    void* unused        # 32 bytes a slot: no slot straddles two cache lines

cdef Kept _TABLE[TABLE_SIZE]     # a word and its Move side by side: one cache line to read
cdef Py_ssize_t _TABLE_FILLED = 0
cdef cython.pymutex _TABLE_LOCK


cdef inline Py_ssize_t _table_slot(uint64_t lo, uint64_t hi) noexcept nogil:
    return <Py_ssize_t>(((lo ^ (hi * 0xC2B2AE3D27D4EB4FULL)) * 0x9E3779B97F4A7C15ULL)
                        >> (64 - TABLE_BITS))


cdef inline PyObject* _find_move(uint64_t lo, uint64_t hi) noexcept nogil:
    """The Move of the word ``lo``, ``hi`` in the table (borrowed), NULL when it is not there."""
    cdef Py_ssize_t slot = _table_slot(lo, hi)
    cdef PyObject* move
    while True:
        move = <PyObject*>load_acquire(&_TABLE[slot].move)
        if move == NULL or (_TABLE[slot].lo == lo and _TABLE[slot].hi == hi):
            return move
        slot = (slot + 1) & (TABLE_SIZE - 1)


cdef object _made(uint64_t lo, uint64_t hi):
    """A new Move of a word: one-deck (``hi`` 0), two-deck (its top bit set) or laizi."""
    if hi == 0:
        return _decode(lo)
    if hi >> 63:
        return Move._from_word(bitboard.WideWord((<object>hi << 64) | lo))
    return _make_laizi(lo, hi)


cdef object _keep_move(uint64_t lo, uint64_t hi):
    """Make the Move of a word and keep it in the table (unless the table is full)."""
    global _TABLE_FILLED
    cdef Py_ssize_t slot
    cdef PyObject* found
    move = _made(lo, hi)
    with _TABLE_LOCK:
        found = _find_move(lo, hi)        # another thread may have kept it meanwhile
        if found != NULL:
            return <object>found
        if _TABLE_FILLED < TABLE_FILL:
            slot = _table_slot(lo, hi)
            while _TABLE[slot].move != NULL:
                slot = (slot + 1) & (TABLE_SIZE - 1)
            _TABLE[slot].lo, _TABLE[slot].hi = lo, hi
            Py_INCREF(move)
            store_release(&_TABLE[slot].move, <void*>move)
            _TABLE_FILLED += 1
    return move


cdef inline object _kept_move(uint64_t lo, uint64_t hi, bint keep):
    """The shared Move of a word, made on first use and kept when ``keep`` (a listing of a whole
    action space leaves the table to the hands it serves)."""
    cdef PyObject* found = _find_move(lo, hi)
    if found != NULL:
        return <object>found
    return _keep_move(lo, hi) if keep else _made(lo, hi)


cdef inline object _move(uint64_t word):
    """The Move of a one-deck move word, made on first use and shared."""
    cdef PyObject* found = _find_move(word, 0)
    if found != NULL:
        return <object>found
    return _keep_move(word, 0)


cdef enum:
    AHEAD = 32      # moves between fetching a table slot and reading it (measured: 8 < 16 < 32)


cdef extern from "Python.h":
    ctypedef struct PyListObject:
        PyObject** ob_item
    void PyObject_GC_UnTrack(void* op)


cdef object _move_of_word(uint64_t word):
    """The shared Move of a move word, Move.PASS for 0: for the other native modules."""
    return _move(word)


#: ``_move_of_word`` as a C function for the other native modules (``src/words.pxd`` names the
#: capsule): they list words and hand out Moves without keeping a cache of their own.
MOVE_OF_WORD = PyCapsule_New(<void*>_move_of_word, MOVE_OF_WORD_NAME, NULL)


cdef list _moves_list(const uint64_t* words, Py_ssize_t n):
    """The Moves of ``n`` words as a new list.

    The table's slots and the Moves lie scattered over megabytes, so each read is a cache
    miss. The loop fetches ahead: the slot of move i + AHEAD while move i is read, and every
    Move (to count a reference to it) before any is counted.
    """
    cdef list moves = PyList_New(n)
    cdef PyObject** items = (<PyListObject*>moves).ob_item
    cdef Py_ssize_t i
    cdef PyObject* found
    for i in range(min(n, AHEAD)):
        prefetch(&_TABLE[_table_slot(words[i], 0)], 0)
    for i in range(n):
        if i + AHEAD < n:
            prefetch(&_TABLE[_table_slot(words[i + AHEAD], 0)], 0)
        found = _find_move(words[i], 0)
        if found == NULL:
            try:
                found = _kept(words[i])
            finally:
                if found == NULL:         # an error, or a full table: no borrowed items left
                    memset(items, 0, i * sizeof(PyObject*))
            if found == NULL:
                return [_move(words[j]) for j in range(n)]
        prefetch(found, 1)
        items[i] = found                  # borrowed until counted below
    for i in range(n):
        Py_INCREF(<object>items[i])
    return moves


cdef PyObject* _kept(uint64_t word) except? NULL:
    """The Move of ``word``, made and kept in the table (borrowed: the table never lets go);
    NULL when the table is full."""
    _keep_move(word, 0)
    return _find_move(word, 0)


cdef object _decode(uint64_t word):
    """A new Move of a move word (Move._from_word without its Python loops)."""
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


# The pass has its one Move: word 0 is Move.PASS wherever a word becomes a Move.
_TABLE[_table_slot(0, 0)].lo = _TABLE[_table_slot(0, 0)].hi = 0
Py_INCREF(Move.PASS)
_TABLE[_table_slot(0, 0)].move = <void*>Move.PASS
_TABLE_FILLED = 1


# --- the words of a MoveList --------------------------------------------------------------------
# Every MoveList keeps its words in a block of its own, of 16 * (c + 1) words for a class c. The
# blocks of the lists that go are kept on a stack per class (all with the GIL held) and handed
# out again first. A list then costs no allocator call, and above all no read of the memory
# where an allocator links its free blocks: when many lists are made and dropped at a time,
# that memory has left the caches, and reading it costs more than generating the moves.

cdef enum:
    CLASS_WORDS = 16
    NUM_CLASSES = 32                # blocks of up to 512 words; larger ones go back to malloc
    STACK_DEPTH = 2048
    SPARE_BYTES = 8 << 20           # at most this much waits on the stacks

cdef uint64_t* _SPARE_BLOCKS[NUM_CLASSES][STACK_DEPTH]
cdef int _SPARE_COUNT[NUM_CLASSES]
cdef Py_ssize_t _SPARE_TOTAL = 0    # bytes
cdef Py_ssize_t _LAST_CLASS = 0     # the class of the last block taken


cdef inline Py_ssize_t block_bytes(Py_ssize_t c) noexcept nogil:
    return (c + 1) * CLASS_WORDS * sizeof(uint64_t)


cdef inline void expect_block() noexcept:
    """Start fetching the block the next list will most likely take, to write it: the top of
    the stack of the class taken last. A spare block has usually left the caches; fetched
    while the moves are generated, it is there when they are copied in."""
    cdef Py_ssize_t c = _LAST_CLASS
    if _SPARE_COUNT[c]:
        prefetch_write(_SPARE_BLOCKS[c][_SPARE_COUNT[c] - 1], block_bytes(c))


cdef uint64_t* take_block(Py_ssize_t n) except NULL:
    """A block with room for ``n`` words."""
    global _SPARE_TOTAL, _LAST_CLASS
    cdef Py_ssize_t c = n // CLASS_WORDS
    cdef uint64_t* block
    if HAVE_GIL and c < NUM_CLASSES and _SPARE_COUNT[c]:
        _LAST_CLASS = c
        _SPARE_COUNT[c] -= 1
        _SPARE_TOTAL -= block_bytes(c)
        return _SPARE_BLOCKS[c][_SPARE_COUNT[c]]
    if HAVE_GIL:
        _LAST_CLASS = min(c, NUM_CLASSES - 1)
    block = <uint64_t*>malloc(block_bytes(c))
    if block == NULL:
        raise MemoryError("out of memory for a MoveList")
    return block


cdef void give_block(uint64_t* block, Py_ssize_t n) noexcept:
    """Give back the block of a list of ``n`` words."""
    global _SPARE_TOTAL
    cdef Py_ssize_t c = n // CLASS_WORDS
    if (HAVE_GIL and c < NUM_CLASSES and _SPARE_COUNT[c] < STACK_DEPTH
            and _SPARE_TOTAL + block_bytes(c) <= SPARE_BYTES):
        _SPARE_BLOCKS[c][_SPARE_COUNT[c]] = block
        _SPARE_COUNT[c] += 1
        _SPARE_TOTAL += block_bytes(c)
    else:
        free(block)


# The objects are recycled too, and kept out of the cycle collector (a MoveList refers to no
# object, so it cannot be part of a cycle).
@cython.freelist(64)
@cython.no_gc
cdef class MoveList:
    """The legal moves of a hand: an immutable, lazy sequence of :class:`~ddz_fast.Move`.

    It holds the 64-bit move words only and builds a Move when one is asked for. ``len``,
    iteration, ``in``, indexing and slicing work as on a list; ``==`` compares the moves in
    order with a list of moves or another MoveList. ``array`` is the words as a read-only
    ``uint64`` numpy array (no copy). ``MoveList(moves)`` builds one from Move objects.
    """
    cdef uint64_t* _words             # a block of its own (NULL until the list is made)
    cdef Py_ssize_t _n

    def __init__(self, moves=()):
        if self._words != NULL:
            raise TypeError("a MoveList is immutable")
        words = []
        for move in moves:
            if not isinstance(move, Move):
                raise TypeError(f"a MoveList holds Moves, not {type(move).__name__}")
            words.append(move._word)
        self._fill_from(np.array(words, dtype=np.uint64))

    cdef int _fill(self, const uint64_t* words, Py_ssize_t n) except -1:
        """Take a block for ``n`` words and copy ``words`` in (NULL: leave it to the caller)."""
        self._words = take_block(n)
        self._n = n
        if words != NULL:
            memcpy(self._words, words, n * sizeof(uint64_t))
        return 0

    cdef int _fill_from(self, const uint64_t[::1] words) except -1:
        return self._fill(&words[0] if words.shape[0] else NULL, words.shape[0])

    def __dealloc__(self):
        if self._words != NULL:
            give_block(self._words, self._n)

    def __getbuffer__(self, Py_buffer* view, int flags):
        PyBuffer_FillInfo(view, self, self._words, self._n * sizeof(uint64_t), True, flags)

    @property
    def array(self):
        """The move words as a read-only ``uint64`` numpy array sharing this list's memory."""
        # Made straight from the pointer: np.frombuffer's trip through the buffer protocol
        # costs several times the generation of the moves.
        cdef cnp.npy_intp n = self._n
        cdef cnp.ndarray words = cnp.PyArray_SimpleNewFromData(1, &n, cnp.NPY_UINT64,
                                                              self._words)
        cnp.PyArray_CLEARFLAGS(words, cnp.NPY_ARRAY_WRITEABLE)
        cnp.set_array_base(words, self)
        return words

    def action_ids(self, rules=None):
        """The dense action id of every move under ``rules`` (int64 array, same order).

        ValueError when a move is not in that rule set's action space.
        """
        cdef _ActionSpace space = _rule_set(rules).action_space()
        cdef cnp.npy_intp n = self._n
        cdef cnp.ndarray ids = cnp.PyArray_SimpleNew(1, &n, cnp.NPY_INT64)
        cdef int64_t* out = <int64_t*>cnp.PyArray_DATA(ids)
        cdef const IdTable* table = &space.table
        cdef Py_ssize_t i, bad = -1
        for i in range(self._n):
            if i + AHEAD < self._n:       # fetch ahead, as _moves_list does
                prefetch(&table.entries[2 * slot_of(table, self._words[i + AHEAD])], 0)
            out[i] = lookup_id(&space.table, self._words[i])
            if out[i] < 0:
                bad = i
                break
        if bad >= 0:
            raise ValueError(f"{_move(self._words[bad])!r} is not in the action space of "
                             f"{as_rules(rules)!r}")
        return ids

    @property
    def words(self):
        """The move words as a tuple of ints."""
        return tuple([self._words[i] for i in range(self._n)])

    def tolist(self):
        """The moves as a list of Move objects."""
        return _moves_list(self._words, self._n)

    def __len__(self):
        return self._n

    def __getitem__(self, index):
        cdef Py_ssize_t i
        if type(index) is not int:
            if isinstance(index, slice):
                for bound in (index.start, index.stop, index.step):
                    if bound is not None and not is_int(bound):
                        raise TypeError(f"slice indices must be integers or None, "
                                        f"not {type(bound).__name__}")
                part = MoveList.__new__(MoveList)
                (<MoveList>part)._fill_from(np.ascontiguousarray(self.array[index]))
                return part
            if not is_int(index):
                raise TypeError(f"MoveList indices must be integers or slices, "
                                f"not {type(index).__name__}")
            index = int(index)
        if not -self._n <= index < self._n:     # any int: no overflow before the check
            raise IndexError("MoveList index out of range")
        i = index
        return _move(self._words[i + self._n if i < 0 else i])

    def __iter__(self):
        return _MoveIterator(self, 1)

    def __reversed__(self):
        return _MoveIterator(self, -1)

    cdef Py_ssize_t _find(self, object move, Py_ssize_t start, Py_ssize_t stop):
        cdef uint64_t word
        if not isinstance(move, Move):
            return -1
        word = move._word
        for i in range(max(start, 0), min(stop, self._n)):
            if self._words[i] == word:
                return i
        return -1

    def __contains__(self, move):
        return self._find(move, 0, self._n) >= 0

    def index(self, move, start=0, stop=None):
        """The position of ``move`` (ValueError when absent), like ``list.index``."""
        start, stop, _ = slice(start, stop).indices(self._n)
        i = self._find(move, start, stop)
        if i < 0:
            raise ValueError(f"{shown(move)} is not in the MoveList")
        return i

    def count(self, move):
        """How many times ``move`` occurs (at most once in the moves of a hand)."""
        cdef Py_ssize_t i, found = 0
        cdef uint64_t word
        if not isinstance(move, Move):
            return 0
        word = move._word
        for i in range(self._n):
            found += self._words[i] == word
        return found

    def __eq__(self, other):
        cdef Py_ssize_t i
        if isinstance(other, MoveList):
            return self._n == (<MoveList>other)._n and (self._n == 0 or memcmp(
                self._words, (<MoveList>other)._words, self._n * sizeof(uint64_t)) == 0)
        if not isinstance(other, list):
            return NotImplemented
        if len(other) != self._n:
            return False
        for i in range(self._n):
            move = (<list>other)[i]
            if not isinstance(move, Move) or move._word != self._words[i]:
                return False
        return True

    def __ne__(self, other):
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self):
        return hash(PyBytes_FromStringAndSize(<char*>self._words, self._n * sizeof(uint64_t)))

    def __repr__(self):
        shown = ", ".join([str(_move(self._words[i])) for i in range(min(self._n, 8))])
        more = ", ..." if self._n > 8 else ""
        return f"<MoveList of {self._n} moves: {shown}{more}>"

    def __reduce__(self):
        return MoveList, (self.tolist(),)


Sequence.register(MoveList)


@cython.freelist(8)
@cython.final
cdef class _MoveIterator:
    """The Moves of a MoveList one by one, forwards or backwards.

    It fetches ahead as _moves_list does: the table slot of the move AHEAD places on, and the
    Move of the one AHEAD / 2 places on, whose (borrowed) pointer it keeps until its turn.
    """
    cdef MoveList moves
    cdef const uint64_t* words
    cdef Py_ssize_t next, step, n
    cdef PyObject* found[AHEAD]         # move j at found[j % AHEAD]; NULL: not found yet

    def __cinit__(self, MoveList moves, Py_ssize_t step):
        cdef Py_ssize_t k
        self.moves, self.words, self.n, self.step = moves, moves._words, moves._n, step
        self.next = 0 if step > 0 else moves._n - 1
        for k in range(AHEAD // 2):
            self._look(self.next + k * step)
        for k in range(AHEAD // 2, AHEAD):
            self._fetch(self.next + k * step)

    cdef inline void _fetch(self, Py_ssize_t j) noexcept:
        if 0 <= j < self.n:
            prefetch(&_TABLE[_table_slot(self.words[j], 0)], 0)

    cdef inline void _look(self, Py_ssize_t j) noexcept:
        cdef PyObject* move
        if 0 <= j < self.n:
            move = _find_move(self.words[j], 0)
            self.found[j % AHEAD] = move
            if move != NULL:
                prefetch(move, 1)

    def __iter__(self):
        return self

    def __next__(self):
        cdef Py_ssize_t i = self.next
        cdef PyObject* move
        if not 0 <= i < self.n:
            raise StopIteration
        self.next = i + self.step
        self._fetch(i + AHEAD * self.step)
        self._look(i + AHEAD // 2 * self.step)
        move = self.found[i % AHEAD]
        return <object>move if move != NULL else _move(self.words[i])

    def __length_hint__(self):
        return max(self.n - self.next if self.step > 0 else self.next + 1, 0)


cdef inline MoveList _new_list(const uint64_t* words, Py_ssize_t n):
    cdef MoveList moves = MoveList.__new__(MoveList)
    moves._fill(words, n)
    return moves


# The moves are generated into a buffer on the caller's stack, so calls from several threads
# share no buffer. A hand with more moves than the buffer holds (few do: a 20-card hand has ~80
# on average) is generated again, straight into its list, with the GIL released: that is work
# of several microseconds. A call of a few hundred nanoseconds keeps the GIL: letting it go and
# taking it back costs ~45 ns alone, and with two threads calling, each hand-over of the GIL
# wakes the other thread, so that two threads did 0.65x the work of one (benchmarks/threads.py)
# where keeping it lets them take turns at full speed. Without a GIL (free-threaded builds)
# the threads run at once either way.

cdef enum:
    STACK_WORDS = 1024          # 8 KB of stack


cdef MoveList _generate(uint64_t hand, uint64_t prev, const Options* o):
    cdef uint64_t local[STACK_WORDS]
    cdef Sink s = Sink(&local[0], STACK_WORDS, 0)
    cdef MoveList moves
    expect_block()
    generate(&s, hand, prev, o)
    if s.n <= s.cap:
        return _new_list(&local[0], s.n)
    moves = _new_list(NULL, s.n)
    s = Sink(moves._words, s.n, 0)
    with nogil:
        generate(&s, hand, prev, o)
    return moves


cdef uint64_t _hand_word(object hand) except? 0:
    """The word of anything as_hand accepts (same errors: a hand beyond one deck is one)."""
    cdef PyObject* slot = get_slot(hand, _HAND.bitboard) if type(hand) is Hand else NULL
    if slot != NULL and PyLong_CheckExact(<object>slot):    # not a WideWord: one deck
        return <object>slot
    return as_hand(hand)._bitboard


cdef uint64_t _prev_word(object prev, _RuleSet rule_set, object rules) except? 0:
    """The word of the move to beat, 0 to lead; reference.check_prev's errors otherwise."""
    cdef uint64_t word
    cdef PyObject* slot
    if type(prev) is Move:
        slot = get_slot(prev, _MOVE.word)
        if slot != NULL and PyLong_CheckExact(<object>slot):  # not a WideWord: one deck
            word = <object>slot
            if word == 0 or is_legal_word(word, &rule_set.opts):
                return word
    checked = check_prev(prev, as_rules(rules), _is_legal)
    return 0 if checked is None else checked._word


# --- two decks (movegen.pxd's TwoDecks words) ---------------------------------------------------
# The four-player table: the generator on two-deck words behind the reference's checks. Its moves
# come back as a list of Moves: a move whose cards fit one deck is the shared Move of its
# one-deck word (the same move at every table), any other is made once from its two-deck word
# and kept in the same table.

cdef enum:
    WIDE_STACK = 1024

ctypedef TwoDecks Wide


cdef Wide _wide_of(object word):
    """The two-deck word of a move's canonical word: one-deck (an int) or of two decks (a
    WideWord; any other int word, a laizi word, keeps its two halves, which are no two-deck
    move)."""
    cdef Wide w
    if type(word) is int:
        return widened(word)
    w.lo, w.hi = word & 0xFFFFFFFFFFFFFFFF, word >> 64
    return w


cdef Wide _two_deck_hand(object counts):
    """The two-deck word of 15 checked counts."""
    cdef Wide hand
    cdef int rank
    hand.lo = hand.hi = 0
    for rank in range(NUM_RANKS):
        hand = plus(hand, rank, <int>counts[rank])
    return hand


cdef inline object _wide_move(Wide w):
    """The canonical Move of a two-deck word the generator made: the shared Move of its one-deck
    word when its cards fit one deck."""
    if fits_one_deck(w):
        return _move(narrowed(w))
    return _kept_move(w.lo, w.hi, True)


cdef list _wide_moves(const Wide* words, Py_ssize_t n):
    return [_wide_move(words[i]) for i in range(n)]


cdef list _wide_generate(Wide hand, Wide prev, const Options* o):
    """The moves of a two-deck hand word (leading when ``prev`` is zero, else beating it) as a
    list of Moves."""
    cdef Wide local[WIDE_STACK]
    cdef Sink s = Sink(&local[0], WIDE_STACK, 0)
    cdef Wide* buf = &local[0]
    with nogil:
        generate(&s, hand, prev, o)
    if s.n > s.cap:
        buf = <Wide*>malloc(s.n * sizeof(Wide))
        if buf == NULL:
            raise MemoryError("out of memory listing moves")
        s = Sink(buf, s.n, 0)
        with nogil:
            generate(&s, hand, prev, o)
    try:
        return _wide_moves(buf, s.n)
    finally:
        if buf != &local[0]:
            free(buf)


cdef list _two_deck_moves(object hand, object prev, object rules, _RuleSet rule_set):
    """legal_moves under a two-deck rule set: the reference's checks, the wide generator."""
    cdef Wide none
    cdef PyObject* slot = get_slot(hand, _HAND.counts) if type(hand) is Hand else NULL
    counts = <object>slot if slot != NULL else as_hand(hand, 2).counts
    checked = None if prev is None else check_prev(prev, as_rules(rules), _is_legal)
    none.lo = none.hi = 0
    return _wide_generate(_two_deck_hand(counts), none if checked is None else
                          _wide_of(checked._word), &rule_set.opts)


cdef list _two_deck_classify(tuple counts, const Options* o):
    """Every reading of exactly the cards ``counts`` (checked) as one move of two decks."""
    cdef Wide found[NUM_TYPES * NUM_RANKS]
    cdef Sink s = Sink(&found[0], NUM_TYPES * NUM_RANKS, 0)
    classify_counts(&s, _two_deck_hand(counts), o)
    return _wide_moves(found, min(s.n, s.cap))


# --- wild cards (laizigen.pxd) ------------------------------------------------------------------
# Laizi, one deck: the reference's checks (rules, wild ranks, hand, move to beat), then the laizi
# generator. Its moves come back as a list of Moves: a move that keeps its plain word is the
# shared Move of that word; any other is made once from its laizi word (the Move that
# Move._trusted_read makes of its parts) and kept in the same table.

cdef uint32_t _LEAD_CODES = (1u << (T_ROCKET + 1)) - (1u << T_SOLO)


cdef object _make_laizi(uint64_t lo, uint64_t hi):
    """A new Move of a laizi word the generator made: what Move._trusted_read makes of its
    parts, its slots filled here as _decode fills a plain Move's, without the Python calls
    (a hand with wild cards meets hundreds of moves not kept yet, see benchmarks/laizi.py;
    the tests compare every field with the reference's Moves)."""
    cdef uint32_t main = gather_flags(lo)
    move = Move.__new__(Move)
    set_slot(move, _MOVE.type, MOVE_TYPES[lo >> TYPE_SHIFT])
    set_slot(move, _MOVE.key, ctz(main))
    set_slot(move, _MOVE.length, popcount(main))
    set_slot(move, _MOVE.counts, counts_tuple(lo))
    set_slot(move, _MOVE.word, LaiziWord((<object>hi) << 64 | lo))
    PyObject_GC_UnTrack(<PyObject*>move)    # as in _decode: no reference cycle possible
    return move


cdef inline object _laizi_move(const LzMove* m, bint keep):
    """The canonical Move of a move the laizi generator made (the shared Move of its plain word
    when it keeps one), kept for later calls when ``keep``."""
    if m.hi == 0:
        return _move(m.lo)
    return _kept_move(m.lo, m.hi, keep)


cdef list _laizi_generate(uint64_t hand, tuple wild, const Options* o, const LzQuery* q,
                          bint keep=True):
    """The moves of the hand word ``hand`` (checked) under the wild ranks ``wild`` (checked,
    low to high) that the query asks for, as a list of Moves in canonical order; the Moves of
    laizi words are kept for later calls unless ``keep`` is False."""
    cdef int ranks[2]
    cdef int nwild = len(wild)
    cdef LzSink s = LzSink(NULL, 0, 0, False)
    cdef Py_ssize_t i
    ranks[0] = wild[0]
    ranks[1] = wild[1] if nwild > 1 else -1
    with nogil:
        lz_generate(&s, hand, ranks, nwild, o, q)
    try:
        if s.failed:
            raise MemoryError("out of memory listing moves")
        return [_laizi_move(&s.buf[i], keep) for i in range(s.n)]
    finally:
        free(s.buf)


cdef object _laizi_legal(object move, str name, object rules, tuple wild, _RuleSet rule_set):
    """``move`` as an exact Move if it is a move (no pass) of the checked ``rules`` and wild
    ranks ``wild``, else the reference's error (TypeError or ValueError, its message): a
    move is one of them when it is one of its own cards' readings, listed here for its type,
    length and key. A move of two decks is none (no reading holds more than one deck)."""
    move = exact_move(move, name)
    if move.is_pass:
        raise ValueError(f"{name} is a pass, which is no combination")
    if move._word >= bitboard.WIDE or not _reads_as(move, wild, rule_set):
        raise ValueError(f"{name} {move!r} is not a legal move under {rules!r} with wild "
                         f"{''.join([RANK_NAMES[rank] for rank in wild])}")
    return move


cdef bint _reads_as(object move, tuple wild, _RuleSet rule_set) except -1:
    """Whether the exact Move ``move`` (no pass, one deck) is a reading of its own cards."""
    cdef LzQuery q
    cdef uint64_t lo = move._word & 0xFFFFFFFFFFFFFFFF     # real cards, type and flags
    lz_readings_query(&q, 1u << (lo >> TYPE_SHIFT))
    q.len_lo = q.len_hi = move._length
    q.min_key = move._key - 1
    for other in _laizi_generate(lo & COUNT_MASK, wild, &rule_set.opts, &q):
        if other is move or other._word == move._word:
            return True
    return False


cdef inline int _bomb_class(uint64_t hi) noexcept:
    """The class code of a bomb's laizi word by its high half (laizigen.pxd's codes, in their
    order soft < hard < laizi): a bomb that keeps its plain word is hard."""
    return CLASS_HARD if hi == 0 else <int>((hi >> HI_CLASS_SHIFT) & 3)


cdef bint _laizi_beats(object move, object prev):
    """reference_laizi's comparison of two legal moves with wild cards, on their words: the
    rocket beats every move but the rocket; a bomb every other move, and a bomb of fewer
    cards, or as many of a lower class, or of both and a lower rank; any other move one of
    its type, length and number of cards with a lower key."""
    cdef uint64_t lo = move._word & 0xFFFFFFFFFFFFFFFF, hi = move._word >> 64
    cdef uint64_t prev_lo = prev._word & 0xFFFFFFFFFFFFFFFF, prev_hi = prev._word >> 64
    cdef int code = <int>(lo >> TYPE_SHIFT), prev_code = <int>(prev_lo >> TYPE_SHIFT)
    cdef uint32_t main = gather_flags(lo), prev_main = gather_flags(prev_lo)
    cdef int cards = card_count(lo & COUNT_MASK), prev_cards = card_count(prev_lo & COUNT_MASK)
    if code == T_ROCKET:
        return prev_code != T_ROCKET
    if code == T_BOMB and prev_code != T_BOMB:
        return prev_code != T_ROCKET
    if code != prev_code or not main or not prev_main:
        return False
    if code == T_BOMB:
        return (cards, _bomb_class(hi), ctz(main)) > (prev_cards, _bomb_class(prev_hi),
                                                     ctz(prev_main))
    return (popcount(main) == popcount(prev_main) and cards == prev_cards
            and ctz(main) > ctz(prev_main))


cdef tuple _laizi_context(object rules, object wild):
    """The checked rules and wild ranks of a call, as the reference checks them."""
    checked = as_rules(rules)
    return checked, check_wild(checked, wild)


cdef list _laizi_moves(object hand, object prev, object rules, object wild, _RuleSet rule_set):
    """legal_moves with wild cards: the reference's checks in its order, then the generator."""
    cdef LzQuery q
    checked, ranks = _laizi_context(rules, wild)
    cdef uint64_t hand_word = _hand_word(hand)
    if prev is not None:
        prev = exact_move(prev, "prev")
        prev = None if prev.is_pass else _laizi_legal(prev, "prev", checked, ranks, rule_set)
    if prev is None:
        lz_lead_query(&q)
    else:
        lz_answer_query(&q, TYPE_CODES[prev.type], prev.key, prev.length, len(prev),
                        _CLASS_CODE[prev.bomb_class])
    return _laizi_generate(hand_word, ranks, &rule_set.opts, &q)


cdef dict _LAIZI_SPACES = {}       # (checked rules, wild ranks) -> the listed action space
cdef enum:
    LAIZI_SPACES_KEPT = 2           # a one-wild space is half a million Moves: a few hundred MB


cdef tuple _laizi_action_space(object rules, object wild, _RuleSet rule_set):
    """action_space with wild cards: every move of a full deck, listed by the generator (the
    reference's definition, reference_laizi.action_space), kept for up to two wild contexts
    at a time. Its Moves do not fill the table of kept Moves, which serves hands."""
    cdef LzQuery q
    key = _laizi_context(rules, wild)
    found = _LAIZI_SPACES.get(key)
    if found is not None:
        return found
    lz_lead_query(&q)
    space = tuple(_laizi_generate(_hand_word(Hand(FULL_DECK)), key[1], &rule_set.opts, &q,
                                  False))
    if len(_LAIZI_SPACES) >= LAIZI_SPACES_KEPT:
        _LAIZI_SPACES.clear()       # one call, safe beside other threads' (no lock needed)
    _LAIZI_SPACES[key] = space
    return space


#: The bomb class codes of laizigen.pxd by name (None: no bomb).
cdef dict _CLASS_CODE = {name: code for code, name in enumerate(bitboard.BOMB_CLASSES)}


# --- the public API (ddz_fast.reference.moves's signatures) --------------------------------------------

def legal_moves(hand, prev=None, *, rules=None, wild=None):
    """Every legal play from ``hand``, in canonical order; with ``prev`` only those beating it.

    Pass is never listed: it is always allowed when following. ``prev`` of None or
    ``Move.PASS`` means the player leads. Returns a :class:`MoveList` (a list of Moves under
    rules of two decks or with wild cards, whose words a MoveList does not hold; ``wild``
    names the wild ranks, see :mod:`ddz_fast.reference.laizi`).
    """
    cdef _RuleSet rule_set
    if rules is None and prev is None and wild is None:
        # The commonest call counts no reference to a shared object: on a free-threaded build,
        # threads counting references to one rule set would contend for its cache line.
        return _generate(_hand_word(hand), 0, &_STANDARD.opts)
    rule_set = _rule_set(rules)
    if rule_set.delegated or wild is not None:
        if rule_set.laizi or wild is not None:
            return _laizi_moves(hand, prev, rules, wild, rule_set)
        return _two_deck_moves(hand, prev, rules, rule_set)
    cdef uint64_t hand_word = _hand_word(hand)
    cdef uint64_t prev_word = 0 if prev is None else _prev_word(prev, rule_set, rules)
    return _generate(hand_word, prev_word, &rule_set.opts)


def classify(cards, *, rules=None, wild=None):
    """Every interpretation of exactly these cards as one move (empty: no combination); under
    wild cards every reading (see :mod:`ddz_fast.reference.laizi`)."""
    cdef _RuleSet rule_set = _rule_set(rules)
    cdef LzQuery q
    if rule_set.laizi or wild is not None:
        checked, ranks = _laizi_context(rules, wild)
        lz_readings_query(&q, _LEAD_CODES)
        return _laizi_generate(_hand_word(cards), ranks, &rule_set.opts, &q)
    if rule_set.two_decks:
        return _two_deck_classify(as_hand(cards, 2).counts, &rule_set.opts)
    cdef uint64_t counts = _hand_word(cards)
    cdef uint64_t found[NUM_TYPES * NUM_RANKS]
    cdef Sink s = Sink(&found[0], NUM_TYPES * NUM_RANKS, 0)
    cdef Py_ssize_t i
    classify_counts(&s, counts, &rule_set.opts)
    return _moves_list(found, min(s.n, s.cap))


def beats(move, prev, *, rules=None, wild=None):
    """Whether ``move`` may be played on ``prev`` (a pass beats nothing)."""
    cdef _RuleSet rule_set
    if wild is not None or as_rules(rules).laizi:
        rule_set = _rule_set(rules)
        checked, ranks = _laizi_context(rules, wild)
        prev = _laizi_legal(prev, "prev", checked, ranks, rule_set)
        if isinstance(move, Move) and move.is_pass:
            return False
        return _laizi_beats(_laizi_legal(move, "move", checked, ranks, rule_set), prev)
    rules = as_rules(rules)
    prev = check_play(prev, "prev", rules, _is_legal)
    if isinstance(move, Move) and move.is_pass:
        return False
    move = check_play(move, "move", rules, _is_legal)
    if rules.decks == 2:
        return beats_word(_wide_of(move._word), _wide_of(prev._word))
    return beats_word(<uint64_t>move._word, <uint64_t>prev._word)


def action_space(rules=None, wild=None):
    """Every move of the rule set, in canonical order: a move's index is its dense action id."""
    cdef _RuleSet rule_set = _rule_set(rules)
    if rule_set.laizi or wild is not None:
        return _laizi_action_space(rules, wild, rule_set)
    return rule_set.action_space().moves


def action_id(move, rules=None, wild=None):
    """The dense action id of ``move`` in :func:`action_space` (ValueError if absent)."""
    cdef _RuleSet rule_set = _rule_set(rules)
    if rule_set.laizi or wild is not None:
        checked, ranks = _laizi_context(rules, wild)
        return laizi_ids.action_id(move, checked, ranks)
    if not isinstance(move, Move):
        raise TypeError(f"move must be a Move, not {type(move).__name__}")
    found = rule_set.action_space().ids.get(move._word)
    if found is None:
        raise ValueError(f"{move!r} is not in the action space of {as_rules(rules)!r}")
    return found


def action_move(action_id, rules=None, wild=None):
    """The move of a dense action id: the inverse of :func:`action_id`."""
    cdef _RuleSet rule_set = _rule_set(rules)
    if rule_set.laizi or wild is not None:
        checked, ranks = _laizi_context(rules, wild)
        return laizi_ids.action_move(action_id, checked, ranks)
    moves = rule_set.action_space().moves
    return moves[check_action_id(action_id, len(moves))]


# --- batched kernels (ddz_fast.moves.native validates their arguments) --------------------------------

cdef Py_ssize_t batch_moves(const uint64_t* hands, const uint64_t* prevs, Py_ssize_t n,
                            const Options* o, Words* out, int64_t* offsets) noexcept nogil:
    """Moves of every hand, back to back, with CSR offsets; the total, -1 out of memory."""
    cdef Py_ssize_t i, count, total = 0
    offsets[0] = 0
    for i in range(n):
        count = generate_into(out, total, hands[i], 0 if prevs == NULL else prevs[i], o)
        if count < 0:
            return -1
        total += count
        offsets[i + 1] = total
    return total


cdef bint batch_mask(const uint64_t* hands, const uint64_t* prevs, Py_ssize_t n,
                     const Options* o, const IdTable* table, uint8_t* mask,
                     Py_ssize_t width) noexcept nogil:
    """Set mask[i, id] for the action id of every move of hand i; False out of memory."""
    cdef Words scratch = Words(NULL, 0)
    cdef Py_ssize_t i, j, count, action
    if not reserve(&scratch, 1024):
        return False
    for i in range(n):
        count = generate_into(&scratch, 0, hands[i], 0 if prevs == NULL else prevs[i], o)
        if count < 0:
            free(scratch.data)
            return False
        for j in range(count):
            action = lookup_id(table, scratch.data[j])
            if 0 <= action < width:
                mask[i * width + action] = 1
    free(scratch.data)
    return True


cdef const uint64_t* _data_or_null(const uint64_t[::1] words):
    if words is None or words.shape[0] == 0:
        return NULL
    return &words[0]


# The buffers of the last batch results freed, kept for the next batched calls: their pages are
# mapped already, and on a fresh buffer the page faults cost more than generating the moves that
# fill the pages (without them, a call on 1,000 hands spent 60% of its time in the kernel). A
# few are kept, one for each thread calling at the same time; larger buffers, and those past
# SPARE_MAX words in all, go back to the system. _SPARE_LOCK is held only to take or give one
# (free-threaded builds have no GIL to do it), never while moves are generated.
cdef enum:
    SPARE_MAX = 1 << 22         # words (32 MB)
    SPARE_SLOTS = 4

cdef Words _SPARES[SPARE_SLOTS]
cdef int _SPARES_KEPT = 0
cdef Py_ssize_t _SPARE_WORDS = 0    # kept in all
cdef cython.pymutex _SPARE_LOCK


cdef Words _take_spare() noexcept:
    """The largest buffer kept (Words(NULL, 0) when none is)."""
    global _SPARES_KEPT, _SPARE_WORDS
    cdef Words spare = Words(NULL, 0)
    cdef int i, largest = 0
    with _SPARE_LOCK:
        if _SPARES_KEPT:
            for i in range(1, _SPARES_KEPT):
                if _SPARES[i].cap > _SPARES[largest].cap:
                    largest = i
            spare = _SPARES[largest]
            _SPARES_KEPT -= 1
            _SPARES[largest] = _SPARES[_SPARES_KEPT]
            _SPARE_WORDS -= spare.cap
    return spare


cdef void _give_spare(Words words) noexcept:
    """Keep ``words`` for a later batched call, in place of a smaller one when all the slots
    are taken; free what is not kept."""
    global _SPARES_KEPT, _SPARE_WORDS
    cdef int i, smallest = 0
    if words.data != NULL and words.cap <= SPARE_MAX:
        with _SPARE_LOCK:
            if _SPARES_KEPT < SPARE_SLOTS:
                smallest = _SPARES_KEPT               # a free slot
                _SPARES[smallest] = Words(NULL, 0)
            else:
                for i in range(1, SPARE_SLOTS):
                    if _SPARES[i].cap < _SPARES[smallest].cap:
                        smallest = i
            if (_SPARES[smallest].cap < words.cap
                    and _SPARE_WORDS - _SPARES[smallest].cap + words.cap <= SPARE_MAX):
                _SPARES_KEPT += smallest == _SPARES_KEPT
                _SPARE_WORDS += words.cap - _SPARES[smallest].cap
                words, _SPARES[smallest] = _SPARES[smallest], words
    free(words.data)


@cython.final
cdef class _WordArray:
    """The buffer of a batch result, the base of the numpy array that shows it: the words reach
    the caller without a copy, and the buffer becomes a spare when the array goes."""
    cdef Words words

    def __dealloc__(self):
        _give_spare(self.words)


cdef object _adopt(Words* w, cnp.npy_intp n, int typenum):
    """The first ``n`` words of ``w`` as an array of ``typenum`` (8 bytes) that takes the buffer
    over."""
    cdef _WordArray owner = _WordArray.__new__(_WordArray)
    # Give the room past the words back; shrinking in place never fails in practice.
    cdef uint64_t* data = <uint64_t*>realloc(w.data, max(n, 1) * sizeof(uint64_t))
    if data != NULL:
        w.data, w.cap = data, max(n, 1)
    array = cnp.PyArray_SimpleNewFromData(1, &n, typenum, w.data)
    owner.words = w[0]
    w[0] = Words(NULL, 0)
    cnp.set_array_base(array, owner)
    return array


cdef tuple _moves_of(const uint64_t* hands, const uint64_t* prevs, Py_ssize_t n,
                     _RuleSet rule_set):
    """(moves, offsets) of checked hand words and previous-move words (or NULL)."""
    cdef Words out = _take_spare()
    cdef Words offsets = Words(NULL, 0)
    cdef Py_ssize_t total = -1
    try:
        with nogil:
            if reserve(&offsets, n + 1) and reserve(&out, 64 * n + 64):
                total = batch_moves(hands, prevs, n, &rule_set.opts, &out,
                                    <int64_t*>offsets.data)
        if total < 0:
            raise MemoryError("out of memory generating moves")
        return _adopt(&out, total, cnp.NPY_UINT64), _adopt(&offsets, n + 1, cnp.NPY_INT64)
    finally:
        free(out.data)
        free(offsets.data)


cdef object _mask_of(const uint64_t* hands, const uint64_t* prevs, Py_ssize_t n,
                     _RuleSet rule_set):
    """The legal-action mask (bool[N, actions]) of checked hand and previous-move words."""
    cdef _ActionSpace space = rule_set.action_space()
    cdef cnp.npy_intp shape[2]
    shape[:] = [n, len(space.moves)]
    cdef cnp.ndarray mask = cnp.PyArray_ZEROS(2, shape, cnp.NPY_BOOL, 0)
    cdef uint8_t* cells = <uint8_t*>cnp.PyArray_DATA(mask)
    cdef bint ok = True
    if n:
        with nogil:
            ok = batch_mask(hands, prevs, n, &rule_set.opts, &space.table, cells, shape[1])
    if not ok:
        raise MemoryError("out of memory generating moves")
    return mask


# --- batched calls straight from the caller's arrays ---------------------------------------------
# The usual batched call passes numpy arrays of valid hands (and of legal previous moves) of a
# native integer type, under rules that as_rules accepts. Those are read, checked and packed here
# in one pass, from the array structs: the numpy checks of _batch_checks cost as much as
# generating the moves, and several times more on cold caches. Anything else (other containers,
# dtypes or byte orders, a bad row, bad rules) gets None, and ddz_fast.moves.native puts it through
# those checks, which convert it or raise the reference's exception.

cdef inline bint is_words(cnp.ndarray array, Py_ssize_t n) noexcept:
    """Whether the integer array is (n,) uint64, as _batch_checks requires of words."""
    return (cnp.PyArray_NDIM(array) == 1 and cnp.PyArray_DIMS(array)[0] == n
            and cnp.PyArray_ITEMSIZE(array) == 8 and cnp.PyArray_ISUNSIGNED(array))


cdef void copy_words(cnp.ndarray array, uint64_t* words) noexcept:
    """Copy an (N,) uint64 array (any stride) into ``words``."""
    cdef const char* data = <const char*>cnp.PyArray_DATA(array)
    cdef Py_ssize_t i, step = cnp.PyArray_STRIDES(array)[0]
    for i in range(cnp.PyArray_DIMS(array)[0]):
        words[i] = (<const uint64_t*>(data + i * step))[0]


cdef bint all_hands(const uint64_t* words, Py_ssize_t n) noexcept nogil:
    """Whether every word is a hand of one deck: counts only, none above the deck's."""
    cdef Py_ssize_t i
    for i in range(n):
        if words[i] & ~COUNT_MASK or not fits_deck(words[i]):
            return False
    return True


cdef bint all_legal(const uint64_t* words, Py_ssize_t n, const Options* o) noexcept nogil:
    """Whether every non-zero word is a legal move (zero: the hand leads)."""
    cdef Py_ssize_t i
    for i in range(n):
        if words[i] != 0 and not is_legal_word(words[i], o):
            return False
    return True


@cython.final
cdef class _Batch:
    """The arguments of a batched call, read and checked: hand words, previous-move words (NULL
    when every hand leads) and rules."""
    cdef uint64_t* hands
    cdef uint64_t* prevs
    cdef Py_ssize_t n
    cdef _RuleSet rule_set

    def __dealloc__(self):
        free(self.hands)          # the prevs share the block


cdef _Batch _read_batch(object hands, object prevs, object rules):
    """The arguments of a batched call when they are arrays of valid hands (and legal prevs) and
    the rules are good; None for anything else."""
    cdef _Batch batch = _Batch.__new__(_Batch)
    cdef cnp.ndarray array
    cdef bint counts, ok
    try:
        batch.rule_set = _rule_set(rules)
    except (TypeError, ValueError):
        return None               # the full checks raise it, after any error in the hands
    if batch.rule_set.delegated:
        return None               # the full checks refuse it
    if not is_integers(hands):
        return None
    array = hands
    batch.n = cnp.PyArray_DIMS(array)[0] if cnp.PyArray_NDIM(array) else 0
    counts = cnp.PyArray_NDIM(array) == 2 and cnp.PyArray_DIMS(array)[1] == NUM_RANKS
    if not counts and not is_words(array, batch.n):
        return None
    batch.hands = <uint64_t*>malloc(max(2 * batch.n, 1) * sizeof(uint64_t))
    if batch.hands == NULL:
        raise MemoryError("out of memory reading hands")
    if counts:
        ok = pack_hands(array, batch.hands)
    else:
        copy_words(array, batch.hands)
        ok = all_hands(batch.hands, batch.n)
    if not ok or prevs is None:
        return batch if ok else None
    if not is_integers(prevs) or not is_words(prevs, batch.n):
        return None
    batch.prevs = batch.hands + batch.n
    copy_words(prevs, batch.prevs)
    with nogil:
        ok = all_legal(batch.prevs, batch.n, &batch.rule_set.opts)
    return batch if ok else None


def _try_batch_moves(hands, prevs, rules):
    """legal_moves_batch straight from the caller's arrays; None when they need the full checks
    (see above)."""
    cdef _Batch batch = _read_batch(hands, prevs, rules)
    if batch is None:
        return None
    return _moves_of(batch.hands, batch.prevs, batch.n, batch.rule_set)


def _try_batch_mask(hands, prevs, rules):
    """legal_action_mask straight from the caller's arrays; None as for _try_batch_moves."""
    cdef _Batch batch = _read_batch(hands, prevs, rules)
    if batch is None:
        return None
    return _mask_of(batch.hands, batch.prevs, batch.n, batch.rule_set)


# --- the kernels behind the full checks (ddz_fast.moves.native has validated their arguments) ---------

def _first_illegal(const uint64_t[::1] prevs not None, rules):
    """The first row whose non-zero word is not a legal move under ``rules``, or -1."""
    cdef const Options* o = &_rule_set(rules).opts
    cdef Py_ssize_t i, bad = -1
    with nogil:
        for i in range(prevs.shape[0]):
            if prevs[i] != 0 and not is_legal_word(prevs[i], o):
                bad = i
                break
    return bad


def _batch_moves(const uint64_t[::1] hands not None, const uint64_t[::1] prevs, rules):
    """(moves, offsets) of validated hand words and previous-move words (or None)."""
    return _moves_of(_data_or_null(hands), _data_or_null(prevs), hands.shape[0],
                     _rule_set(rules))


def _batch_mask(const uint64_t[::1] hands not None, const uint64_t[::1] prevs, rules):
    """The legal-action mask (bool[N, actions]) of validated hand and previous-move words."""
    return _mask_of(_data_or_null(hands), _data_or_null(prevs), hands.shape[0],
                    _rule_set(rules))

