# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, freethreading_compatible=True
"""MoveList: the legal moves of a hand as an immutable, lazy sequence of move words.

legal_moves returns one under rules of one deck without wild cards, Dou Dizhu's or Run Fast's:
it holds the 64-bit move words only (numpy can read them without a copy) and hands out each
word's one shared Move (ddz_fast.moves._interned) when one is asked for. The words of Run Fast's
moves are its generator's (runfastgen.pxd): those of its own types (trio + two, airplane with
two cards a trio, four + three) have the codes of Dou Dizhu's trio, airplane and four + two
solos, and their Moves' words add bit 125. A list of them knows it (``_own``) and reads those
codes as Run Fast's; the list's Moves, ``in``, ``==`` and ``words`` are then those of Run Fast.
"""
from collections.abc import Sequence

import numpy as np

cimport cython
cimport numpy as cnp
from cpython.buffer cimport PyBuffer_FillInfo
from cpython.bytes cimport PyBytes_FromStringAndSize
from cpython.object cimport PyObject
from libc.stdint cimport int64_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memcmp, memcpy

from ddz_fast.move import Move, listed_reading
from ddz_fast.rules import as_rules
from ddz_fast.validate import is_int, shown

from ddz_fast.moves._interned cimport (RUNFAST_HI, Kept, find_move, kept_table,
                                       move_of_runfast, move_of_word, moves_of_runfast,
                                       moves_of_words, runfast_hi, table_slot)
from ddz_fast.moves._rule_sets cimport (ActionSpace, IdTable, LastLookup, RuleSet, last_lookup,
                                        lookup_id, rule_set_of, slot_of)
from memory cimport HAVE_GIL, prefetch
from movegen cimport TYPE_SHIFT, Options, Sink, generate, prefetch_write
from runfastgen cimport RF_OWN_CODES, RunFast, rf_generate

__all__ = ["MoveList"]

cnp.import_array()

cdef Kept* _TABLE = kept_table()       # the shared Moves, read here with no lock
cdef const LastLookup* _LAST = last_lookup()  # the rule set looked up last, read inline

cdef enum:
    AHEAD = 32      # moves between fetching a table slot and reading it (measured: 8 < 16 < 32)

cdef object _TWO_TO_64 = 1 << 64
cdef object _LOW_HALF = (1 << 64) - 1
cdef object _RUNFAST_HI = RUNFAST_HI


cdef inline bint holds_own_codes(const uint64_t* words, Py_ssize_t n) noexcept:
    """Whether a word of ``words`` has the code of one of Run Fast's own types (or of the Dou
    Dizhu types beside them)."""
    cdef Py_ssize_t i
    for i in range(n):
        if (RF_OWN_CODES >> (words[i] >> TYPE_SHIFT)) & 1:
            return True
    return False


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


cdef object _text_move(object moves, object move):
    """The move of the MoveList ``moves`` that the text ``move`` names (see MoveList); None
    when ``move`` is no text, or text of no move of the list."""
    if not isinstance(move, str):
        return None
    return listed_reading(move, moves.__contains__)


# The objects are recycled too, and kept out of the cycle collector (a MoveList refers to no
# object, so it cannot be part of a cycle).
@cython.freelist(64)
@cython.no_gc
cdef class MoveList:
    """The legal moves of a hand: an immutable, lazy sequence of :class:`~ddz_fast.Move`.

    It holds the 64-bit move words only and builds a Move when one is asked for. ``len``,
    iteration, ``in``, indexing and slicing work as on a list; ``==`` compares the moves in
    order with a list of moves or another MoveList. ``in``, ``index`` and ``count`` take a
    move's text too: the one reading of it (as :meth:`Move.parse <ddz_fast.move.Move.parse>`
    reads it) that the list holds, ValueError when the list holds several (naming them) or
    the text names no move. ``array`` is the words as a read-only ``uint64`` numpy array (no
    copy): under Run Fast rules its generator's 64-bit words, the low halves of the Moves'
    words (the format of the batched API). ``MoveList(moves)`` builds one from Move objects
    (of one game: Run Fast's own types and Dou Dizhu's trios, airplanes and four + two solos,
    whose 64-bit words share codes, do not go in one list).
    """

    def __init__(self, moves=()):
        if self._words != NULL:
            raise TypeError("a MoveList is immutable")
        cdef bint runfast = False, beside = False
        words = []
        for move in moves:
            if not isinstance(move, Move):
                raise TypeError(f"a MoveList holds Moves, not {type(move).__name__}")
            word = move._word
            if type(word) is int and word >> 64 == _RUNFAST_HI:
                runfast = True                  # one of Run Fast's own types
                word &= _LOW_HALF
            elif type(word) is int and 0 <= word < _TWO_TO_64 and (
                    RF_OWN_CODES >> (word >> TYPE_SHIFT)) & 1:
                beside = True                   # a trio, airplane or four + two solos
            words.append(word)
        if runfast and beside:
            raise ValueError("a MoveList holds the moves of one game: Run Fast's trio + two, "
                             "airplane with two cards a trio or four + three and Dou Dizhu's "
                             "trio, airplane or four + two solos do not go together")
        self._fill_from(np.array(words, dtype=np.uint64))
        self._own = RF_OWN_CODES if runfast else 0

    cdef object _move_at(self, Py_ssize_t i):
        """The Move of word ``i`` (in range)."""
        if self._own:
            return move_of_runfast(self._words[i])
        return move_of_word(self._words[i])

    cdef int _word_of(self, object move, uint64_t* word) except -1:
        """The word ``move`` has in a list like this one: 1 and ``word`` set, or 0 when no list
        like it holds the move (one of two decks, wild cards or the other game)."""
        value = move._word
        if not self._own:
            try:
                word[0] = value
            except OverflowError:       # a move of two decks or read with wild cards: in no list
                return 0
            return 1
        if type(value) is not int:      # a move of two decks or wild cards
            return 0
        if 0 <= value < _TWO_TO_64:
            word[0] = value             # a move of both games, or a Dou Dizhu trio...
            return not (RF_OWN_CODES >> (word[0] >> TYPE_SHIFT)) & 1
        if value >> 64 == _RUNFAST_HI:
            word[0] = value & _LOW_HALF
            return 1
        return 0

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

        ValueError when a move is not in that rule set's action space (a list of Run Fast's
        moves under Dou Dizhu's rules holds none of its own types, and the other way round).
        """
        cdef RuleSet rule_set = rule_set_of(_LAST, rules)
        cdef ActionSpace space = rule_set.action_space()
        cdef cnp.npy_intp n = self._n
        cdef cnp.ndarray ids = cnp.PyArray_SimpleNew(1, &n, cnp.NPY_INT64)
        cdef int64_t* out = <int64_t*>cnp.PyArray_DATA(ids)
        cdef const IdTable* table = &space.table
        cdef Py_ssize_t i, bad = -1
        if (self._own != 0) != rule_set.runfast and holds_own_codes(self._words, self._n):
            # The codes 3, 8 and 11 are another type in the other game: no such word has an
            # id there (the first of them is the move named).
            for i in range(self._n):
                if (RF_OWN_CODES >> (self._words[i] >> TYPE_SHIFT)) & 1:
                    raise ValueError(f"{self._move_at(i)!r} is not in the action space of "
                                     f"{as_rules(rules)!r}")
        for i in range(self._n):
            if i + AHEAD < self._n:       # fetch ahead, as moves_of_words does
                prefetch(&table.entries[2 * slot_of(table, self._words[i + AHEAD])], 0)
            out[i] = lookup_id(&space.table, self._words[i])
            if out[i] < 0:
                bad = i
                break
        if bad >= 0:
            raise ValueError(f"{self._move_at(bad)!r} is not in the action space of "
                             f"{as_rules(rules)!r}")
        return ids

    @property
    def words(self):
        """The Moves' words as a tuple of ints (those of Run Fast's own types with bit 125:
        :attr:`array` holds their low halves)."""
        cdef Py_ssize_t i
        if self._own:
            return tuple([(<object>runfast_hi(self._words[i], self._own)) << 64
                          | self._words[i] for i in range(self._n)])
        return tuple([self._words[i] for i in range(self._n)])

    def tolist(self):
        """The moves as a list of Move objects."""
        if self._own:
            return moves_of_runfast(self._words, self._n)
        return moves_of_words(self._words, self._n)

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
                (<MoveList>part)._own = self._own
                return part
            if not is_int(index):
                raise TypeError(f"MoveList indices must be integers or slices, "
                                f"not {type(index).__name__}")
            index = int(index)
        if not -self._n <= index < self._n:     # any int: no overflow before the check
            raise IndexError("MoveList index out of range")
        i = index
        if self._own:
            return move_of_runfast(self._words[i + self._n if i < 0 else i])
        return move_of_word(self._words[i + self._n if i < 0 else i])

    def __iter__(self):
        if self._own:
            return _RunFastMoveIterator(self, 1)
        return _MoveIterator(self, 1)

    def __reversed__(self):
        if self._own:
            return _RunFastMoveIterator(self, -1)
        return _MoveIterator(self, -1)

    cdef Py_ssize_t _find(self, object move, Py_ssize_t start, Py_ssize_t stop):
        cdef uint64_t word
        if not isinstance(move, Move):
            move = _text_move(self, move)
            if move is None:
                return -1
        if not self._word_of(move, &word):
            return -1
        for i in range(max(start, 0), min(stop, self._n)):
            if self._words[i] == word:
                return i
        return -1

    def __contains__(self, move):
        return self._find(move, 0, self._n) >= 0

    def index(self, move, start=0, stop=None):
        """The position of ``move``, or of the move its text names (ValueError when absent),
        like ``list.index``."""
        start, stop, _ = slice(start, stop).indices(self._n)
        i = self._find(move, start, stop)
        if i < 0:
            raise ValueError(f"{shown(move)} is not in the MoveList")
        return i

    def count(self, move):
        """How many times ``move``, or the move its text names, occurs (at most once in the
        moves of a hand)."""
        cdef Py_ssize_t i, found = 0
        cdef uint64_t word
        if not isinstance(move, Move):
            move = _text_move(self, move)
            if move is None:
                return 0
        if not self._word_of(move, &word):
            return 0
        for i in range(self._n):
            found += self._words[i] == word
        return found

    def __eq__(self, other):
        cdef Py_ssize_t i
        cdef uint64_t word
        if isinstance(other, MoveList):
            # The same words are the same moves, unless one list is Run Fast's and the other
            # Dou Dizhu's and a word has a code of Run Fast's own types.
            return self._n == (<MoveList>other)._n and (self._n == 0 or memcmp(
                self._words, (<MoveList>other)._words, self._n * sizeof(uint64_t)) == 0) and (
                self._own == (<MoveList>other)._own
                or not holds_own_codes(self._words, self._n))
        if not isinstance(other, list):
            return NotImplemented
        if len(other) != self._n:
            return False
        if self._own:
            for i in range(self._n):
                move = (<list>other)[i]
                if (not isinstance(move, Move) or not self._word_of(move, &word)
                        or word != self._words[i]):
                    return False
            return True
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
        shown = ", ".join([str(self._move_at(i)) for i in range(min(self._n, 8))])
        more = ", ..." if self._n > 8 else ""
        return f"<MoveList of {self._n} moves: {shown}{more}>"

    def __reduce__(self):
        return MoveList, (self.tolist(),)


Sequence.register(MoveList)


@cython.freelist(8)
@cython.final
cdef class _MoveIterator:
    """The Moves of a MoveList one by one, forwards or backwards.

    It fetches ahead as moves_of_words does: the table slot of the move AHEAD places on, and the
    Move of the one AHEAD / 2 places on, whose (borrowed) pointer it keeps until its turn. (A
    list of Run Fast's words has an iterator of its own: a test of the list's game here costs
    a Dou Dizhu list's iteration 4% more instructions a move.)
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
            prefetch(&_TABLE[table_slot(self.words[j], 0)], 0)

    cdef inline void _look(self, Py_ssize_t j) noexcept:
        cdef PyObject* move
        if 0 <= j < self.n:
            move = find_move(_TABLE, self.words[j], 0)
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
        return <object>move if move != NULL else move_of_word(self.words[i])

    def __length_hint__(self):
        return max(self.n - self.next if self.step > 0 else self.next + 1, 0)


@cython.freelist(8)
@cython.final
cdef class _RunFastMoveIterator:
    """The Moves of a MoveList of Run Fast's words one by one, forwards or backwards (each
    looked up as it comes: its own types' Moves are kept by their high half, runfast_hi)."""
    cdef MoveList moves
    cdef const uint64_t* words
    cdef Py_ssize_t next, step, n

    def __cinit__(self, MoveList moves, Py_ssize_t step):
        self.moves, self.words, self.n, self.step = moves, moves._words, moves._n, step
        self.next = 0 if step > 0 else moves._n - 1

    def __iter__(self):
        return self

    def __next__(self):
        cdef Py_ssize_t i = self.next
        if not 0 <= i < self.n:
            raise StopIteration
        self.next = i + self.step
        return move_of_runfast(self.words[i])

    def __length_hint__(self):
        return max(self.n - self.next if self.step > 0 else self.next + 1, 0)


cdef inline MoveList _new_list(const uint64_t* words, Py_ssize_t n):
    """A new MoveList of ``n`` words (copied from ``words``; NULL: left for the caller to
    write)."""
    cdef MoveList moves = MoveList.__new__(MoveList)
    moves._fill(words, n)       # _own is 0, as every C field of a new (or recycled) object
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


cdef MoveList moves_of_hand(uint64_t hand, uint64_t prev, const Options* o):
    """The moves of the hand word ``hand`` (checked), leading when ``prev`` is 0, else beating
    the legal move ``prev``, as a new MoveList."""
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


cdef MoveList runfast_moves_of_hand(uint64_t hand, uint64_t prev, const RunFast* r):
    """moves_of_hand under Run Fast rules: the moves of the hand word ``hand`` (checked),
    leading when ``prev`` is 0, else beating the legal move ``prev``, as a MoveList of Run
    Fast's words."""
    cdef uint64_t local[STACK_WORDS]
    cdef Sink s = Sink(&local[0], STACK_WORDS, 0)
    cdef MoveList moves
    expect_block()
    rf_generate(&s, hand, prev, r)
    if s.n <= s.cap:
        moves = _new_list(&local[0], s.n)
    else:
        moves = _new_list(NULL, s.n)
        s = Sink(moves._words, s.n, 0)
        with nogil:
            rf_generate(&s, hand, prev, r)
    moves._own = RF_OWN_CODES
    return moves
