# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, freethreading_compatible=True
"""The batched move API's kernels: the moves of many hands (CSR words) and their legal-action
masks, without the GIL, behind ddz_fast.moves.native's legal_moves_batch and legal_action_mask.

One deck without wild cards, Dou Dizhu's or Run Fast's: the other tables are batched in Python
on the move API (see ddz_fast._two_decks_batch and ddz_fast._laizi_batch), so these kernels
refuse their rules. Under Run Fast rules the move words, and the prevs, are the 64-bit words of
Run Fast's generator (runfastgen.pxd: a Move's word without its bit 125); each kernel picks its
game's generator once per call, so Dou Dizhu's loops hold no test of the game.
"""
import numpy as np

cimport cython
cimport numpy as cnp
from libc.stdint cimport int64_t, uint8_t, uint64_t
from libc.stdlib cimport free, malloc, realloc

from ddz_fast.moves._rule_sets cimport (ActionSpace, IdTable, LastLookup, RuleSet, last_lookup,
                                        lookup_id, rule_set_of)
from hand_rows cimport is_integers, pack_hands
from movegen cimport COUNT_MASK, NUM_RANKS, Options, fits_deck, is_legal_word
from runfastgen cimport RunFast, rf_fits, rf_is_legal_word
from words cimport Words, generate_into, reserve, runfast_generate_into

__all__ = ["_try_batch_moves", "_try_batch_mask", "_first_illegal", "_batch_moves",
           "_batch_mask"]

cdef const LastLookup* _LAST = last_lookup()  # the rule set looked up last, read inline

cnp.import_array()


# --- batched kernels (ddz_fast.moves.native validates their arguments) ---------------------------
# Written once for both games: ``GameOptions`` is a fused type of the two generators' option
# structs, so each kernel compiles once for Dou Dizhu's generator and once for Run Fast's, and
# neither loop holds a test of the game.

ctypedef fused GameOptions:
    Options
    RunFast


cdef inline Py_ssize_t moves_into(Words* out, Py_ssize_t start, uint64_t hand, uint64_t prev,
                                  const GameOptions* o) noexcept nogil:
    """The moves of one hand into ``out`` from ``start`` on, by the game's generator."""
    if GameOptions is RunFast:
        return runfast_generate_into(out, start, hand, prev, o)
    else:
        return generate_into(out, start, hand, prev, o)


cdef inline bint legal_word(uint64_t word, const GameOptions* o) noexcept nogil:
    """Whether ``word`` is a legal move of the game."""
    if GameOptions is RunFast:
        return rf_is_legal_word(word, o)
    else:
        return is_legal_word(word, o)


cdef Py_ssize_t batch_moves(const uint64_t* hands, const uint64_t* prevs, Py_ssize_t n,
                            const GameOptions* o, Words* out, int64_t* offsets) noexcept nogil:
    """Moves of every hand, back to back, with CSR offsets; the total, -1 out of memory."""
    cdef Py_ssize_t i, count, total = 0
    offsets[0] = 0
    for i in range(n):
        count = moves_into(out, total, hands[i], 0 if prevs == NULL else prevs[i], o)
        if count < 0:
            return -1
        total += count
        offsets[i + 1] = total
    return total


cdef bint batch_mask(const uint64_t* hands, const uint64_t* prevs, Py_ssize_t n,
                     const GameOptions* o, const IdTable* table, uint8_t* mask,
                     Py_ssize_t width) noexcept nogil:
    """Set mask[i, id] for the action id of every move of hand i; False out of memory."""
    cdef Words scratch = Words(NULL, 0)
    cdef Py_ssize_t i, j, count, action
    if not reserve(&scratch, 1024):
        return False
    for i in range(n):
        count = moves_into(&scratch, 0, hands[i], 0 if prevs == NULL else prevs[i], o)
        if count < 0:
            free(scratch.data)
            return False
        for j in range(count):
            action = lookup_id(table, scratch.data[j])
            if 0 <= action < width:
                mask[i * width + action] = 1
    free(scratch.data)
    return True


cdef Py_ssize_t first_illegal(const uint64_t* words, Py_ssize_t n,
                              const GameOptions* o) noexcept nogil:
    """The first row whose non-zero word is no legal move (zero: the hand leads), or -1."""
    cdef Py_ssize_t i
    for i in range(n):
        if words[i] != 0 and not legal_word(words[i], o):
            return i
    return -1


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
                     RuleSet rule_set):
    """(moves, offsets) of checked hand words and previous-move words (or NULL)."""
    cdef Words out = _take_spare()
    cdef Words offsets = Words(NULL, 0)
    cdef Py_ssize_t total = -1
    try:
        with nogil:
            if not (reserve(&offsets, n + 1) and reserve(&out, 64 * n + 64)):
                pass
            elif rule_set.runfast:
                total = batch_moves(hands, prevs, n, &rule_set.rf, &out,
                                    <int64_t*>offsets.data)
            else:
                total = batch_moves(hands, prevs, n, &rule_set.opts, &out,
                                    <int64_t*>offsets.data)
        if total < 0:
            raise MemoryError("out of memory generating moves")
        return _adopt(&out, total, cnp.NPY_UINT64), _adopt(&offsets, n + 1, cnp.NPY_INT64)
    finally:
        free(out.data)
        free(offsets.data)


cdef object _mask_of(const uint64_t* hands, const uint64_t* prevs, Py_ssize_t n,
                     RuleSet rule_set):
    """The legal-action mask (bool[N, actions]) of checked hand and previous-move words."""
    cdef ActionSpace space = rule_set.action_space()
    cdef cnp.npy_intp shape[2]
    shape[:] = [n, len(space.moves)]
    cdef cnp.ndarray mask = cnp.PyArray_ZEROS(2, shape, cnp.NPY_BOOL, 0)
    cdef uint8_t* cells = <uint8_t*>cnp.PyArray_DATA(mask)
    cdef bint ok = True
    if n:
        with nogil:
            if rule_set.runfast:
                ok = batch_mask(hands, prevs, n, &rule_set.rf, &space.table, cells, shape[1])
            else:
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


cdef bint all_runfast_hands(const uint64_t* words, Py_ssize_t n, const RunFast* r) noexcept nogil:
    """Whether every word of one deck's hands is a Run Fast hand: in its deck, at most a hand."""
    cdef Py_ssize_t i
    for i in range(n):
        if not rf_fits(words[i], r):
            return False
    return True


@cython.final
cdef class _Batch:
    """The arguments of a batched call, read and checked: hand words, previous-move words (NULL
    when every hand leads) and rules."""
    cdef uint64_t* hands
    cdef uint64_t* prevs
    cdef Py_ssize_t n
    cdef RuleSet rule_set

    def __dealloc__(self):
        free(self.hands)          # the prevs share the block


cdef _Batch _read_batch(object hands, object prevs, object rules):
    """The arguments of a batched call when they are arrays of valid hands (and legal prevs) and
    the rules are good; None for anything else."""
    cdef _Batch batch = _Batch.__new__(_Batch)
    cdef cnp.ndarray array
    cdef bint counts, ok
    try:
        batch.rule_set = rule_set_of(_LAST, rules)
    except (TypeError, ValueError):
        return None               # the full checks raise it, after any error in the hands
    if batch.rule_set.delegated and not batch.rule_set.runfast:
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
    if ok and batch.rule_set.runfast:
        ok = all_runfast_hands(batch.hands, batch.n, &batch.rule_set.rf)
    if not ok or prevs is None:
        return batch if ok else None
    if not is_integers(prevs) or not is_words(prevs, batch.n):
        return None
    batch.prevs = batch.hands + batch.n
    copy_words(prevs, batch.prevs)
    with nogil:
        if batch.rule_set.runfast:
            ok = first_illegal(batch.prevs, batch.n, &batch.rule_set.rf) < 0
        else:
            ok = first_illegal(batch.prevs, batch.n, &batch.rule_set.opts) < 0
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


# --- the kernels behind the full checks (ddz_fast.moves.native has validated their arguments) ----

def _first_illegal(const uint64_t[::1] prevs not None, rules):
    """The first row whose non-zero word is not a legal move under ``rules``, or -1."""
    cdef RuleSet rule_set = rule_set_of(_LAST, rules)
    cdef Py_ssize_t bad
    with nogil:
        if rule_set.runfast:
            bad = first_illegal(&prevs[0] if prevs.shape[0] else NULL, prevs.shape[0],
                                &rule_set.rf)
        else:
            bad = first_illegal(&prevs[0] if prevs.shape[0] else NULL, prevs.shape[0],
                                &rule_set.opts)
    return bad


def _batch_moves(const uint64_t[::1] hands not None, const uint64_t[::1] prevs, rules):
    """(moves, offsets) of validated hand words and previous-move words (or None)."""
    return _moves_of(_data_or_null(hands), _data_or_null(prevs), hands.shape[0],
                     rule_set_of(_LAST, rules))


def _batch_mask(const uint64_t[::1] hands not None, const uint64_t[::1] prevs, rules):
    """The legal-action mask (bool[N, actions]) of validated hand and previous-move words."""
    return _mask_of(_data_or_null(hands), _data_or_null(prevs), hands.shape[0],
                    rule_set_of(_LAST, rules))
