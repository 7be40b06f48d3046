# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, freethreading_compatible=True
"""DouZero's legal actions and features, natively: the kernels behind ddz_fast.compat.douzero's
Env and BatchFeatures.

``douzero_order`` lists one hand's actions in DouZero's order (douzero_order.pxd),
``douzero_order_batch`` those of many hands (CSR), ``write_features`` writes DouZero's features
of a batch of tables (the shared state arrays of the batched tables, validated by the caller)
and ``_Table`` is the one table an Env steps, holding its state in those arrays, shape (1, ...).
"""
import numpy as np

cimport cython
cimport numpy as cnp
from libc.stdint cimport int8_t, int64_t, uint64_t
from libc.stdlib cimport free
from libc.string cimport memcpy, memset

from ddz_fast.moves._rule_sets cimport RuleSet, lookup_rule_set
from douzero_order cimport (DZ_MAX_CARDS, Memo, douzero_moves_into, memo_free)
from movegen cimport COUNT_MASK, Options, card_count, fits_deck
from words cimport Words, reserve

__all__ = ["douzero_order", "douzero_order_batch", "write_features", "_Table", "HISTORY",
           "LANDLORD_STATE", "PEASANT_STATE"]

cnp.import_array()

cdef RuleSet _DOUZERO = lookup_rule_set("douzero")
cdef Options _OPTIONS = _DOUZERO.opts       # preset douzero's move options, fixed

cdef enum:
    CARDS = 54                  # one set of cards: 13 ranks x 4 copies, then the two jokers
    STATE_LANDLORD = 319        # x_no_action of the landlord: 5 x 54 + 17 + 17 + 15
    STATE_PEASANT = 430         # of a peasant: 7 x 54 + 20 + 17 + 15
    Z_SIZE = 810                # z: the last 15 actions, 3 to a row of 162, 5 rows
    WINDOW = 15
    BOMB_SLOTS = 15
    # The most play-phase actions of a hand, the width of a _Table's history. The hand is over
    # once a hand is empty, when the two others still hold a card each: at most 52 cards are
    # played, one or more a move, so at most 52 moves. A pass answers a move and at most two
    # passes follow one (then its player leads, and a leader plays), none after the last
    # move, which ends the hand: at most 2 x 51 passes, 154 actions in all.
    MAX_ACTIONS = 154

#: Widths of the state part of DouZero's features (x_no_action), and the history of a _Table.
LANDLORD_STATE = STATE_LANDLORD
PEASANT_STATE = STATE_PEASANT
HISTORY = MAX_ACTIONS


# --- one table's features ------------------------------------------------------------------------

cdef inline int count_of(uint64_t counts, int rank) noexcept nogil:
    return <int>((counts >> (4 * rank)) & 7)


cdef inline void cards_into(int8_t* out, uint64_t word) noexcept nogil:
    """DouZero's _cards2array: for each rank 3..2 its count as that many ones of 4 (rank by
    rank), then one entry per joker."""
    cdef int r, k, c
    memset(out, 0, CARDS)
    for r in range(13):
        c = min(count_of(word, r), 4)
        for k in range(c):
            out[4 * r + k] = 1
    out[52] = count_of(word, 13) != 0
    out[53] = count_of(word, 14) != 0


cdef inline void one_hot(int8_t* out, int size, int number) noexcept nogil:
    """DouZero's _get_one_hot_array: a one at ``number - 1``, which for 0 is Python's index -1,
    the last entry."""
    memset(out, 0, size)
    if number == 0:
        out[size - 1] = 1
    elif 0 < number <= size:
        out[number - 1] = 1


cdef inline uint64_t last_move(const uint64_t* history, int64_t length) noexcept nogil:
    """DouZero's get_last_move: the last action, or the one before it when the last is a pass."""
    if length <= 0:
        return 0
    if history[length - 1] & COUNT_MASK:
        return history[length - 1]
    return history[length - 2] if length >= 2 else 0


cdef struct TableView:
    # One table of the state arrays: its rows of hands, played and last_moves (3 each), its
    # history row and the scalars.
    const uint64_t* hands
    const uint64_t* played
    const uint64_t* last_moves
    const uint64_t* history
    int64_t history_len
    int64_t bombs
    int64_t landlord
    int64_t player


cdef inline int state_into(int8_t* x, int8_t* z, const TableView* t) noexcept nogil:
    """Write the player's x_no_action into ``x`` and z into ``z`` (int8); the player's position:
    0 the landlord, 1 landlord_down, 2 landlord_up. The scalars are checked by the caller."""
    cdef int p = <int>t.player, lord = <int>t.landlord
    cdef int down = (lord + 1) % 3, up = (lord + 2) % 3, mate, j
    cdef int position = (p - lord + 3) % 3
    cdef int64_t index
    cdef uint64_t last = last_move(t.history, t.history_len)
    cards_into(x, t.hands[p])
    cards_into(x + CARDS, t.hands[(p + 1) % 3] + t.hands[(p + 2) % 3])
    if position == 0:
        cards_into(x + 2 * CARDS, last)
        cards_into(x + 3 * CARDS, t.played[up])
        cards_into(x + 4 * CARDS, t.played[down])
        one_hot(x + 5 * CARDS, 17, card_count(t.hands[up] & COUNT_MASK))
        one_hot(x + 5 * CARDS + 17, 17, card_count(t.hands[down] & COUNT_MASK))
        one_hot(x + 5 * CARDS + 34, BOMB_SLOTS, <int>t.bombs + 1)
    else:
        mate = down if p == up else up
        cards_into(x + 2 * CARDS, t.played[lord])
        cards_into(x + 3 * CARDS, t.played[mate])
        cards_into(x + 4 * CARDS, last)
        cards_into(x + 5 * CARDS, t.last_moves[lord])
        cards_into(x + 6 * CARDS, t.last_moves[mate])
        one_hot(x + 7 * CARDS, 20, card_count(t.hands[lord] & COUNT_MASK))
        one_hot(x + 7 * CARDS + 20, 17, card_count(t.hands[mate] & COUNT_MASK))
        one_hot(x + 7 * CARDS + 37, BOMB_SLOTS, <int>t.bombs + 1)
    memset(z, 0, Z_SIZE)
    for j in range(WINDOW):
        index = t.history_len - WINDOW + j
        if index >= 0:
            cards_into(z + j * CARDS, t.history[index])
    return position


ctypedef fused feature_t:
    float
    int8_t


cdef inline void convert(feature_t* out, const int8_t* values, Py_ssize_t n) noexcept nogil:
    cdef Py_ssize_t i
    if feature_t is int8_t:
        memcpy(out, values, n)
    else:
        for i in range(n):
            out[i] = values[i]


cdef struct Group:
    # The outputs of one position (see write_features), and how much of them is written.
    void* x                 # batch: (rows, S + 54); broadcast: (tables, S), of feature_t
    void* z                 # batch: (rows, 810); broadcast: (tables, 810), of feature_t
    int8_t* x_no_action     # batch: (tables, S) int8
    int8_t* z_int8          # batch: (tables, 810) int8
    void* action            # broadcast: (rows, 54) of feature_t
    int64_t* row_table
    int64_t* row_entry
    int64_t* table
    Py_ssize_t rows
    Py_ssize_t entries


cdef void write_tables(const TableView* views, Py_ssize_t n, const uint64_t* moves,
                       const int64_t* offsets, Group* groups, bint broadcast,
                       const feature_t* kind) noexcept nogil:
    """The features of every table's legal actions, each table into its position's group."""
    cdef int8_t state[STATE_PEASANT + CARDS]
    cdef int8_t z[Z_SIZE]
    cdef int8_t action[CARDS]
    cdef feature_t row[STATE_PEASANT + CARDS]
    cdef feature_t zrow[Z_SIZE]
    cdef Py_ssize_t t, j, r, e, width
    cdef int position
    cdef Group* g
    cdef feature_t* x
    for t in range(n):
        position = state_into(state, z, &views[t])
        width = STATE_LANDLORD if position == 0 else STATE_PEASANT
        g = &groups[position]
        e = g.entries
        g.entries += 1
        g.table[e] = t
        if broadcast:
            convert(<feature_t*>g.x + e * width, state, width)
            convert(<feature_t*>g.z + e * Z_SIZE, z, Z_SIZE)
        else:
            memcpy(g.x_no_action + e * width, state, width)
            memcpy(g.z_int8 + e * Z_SIZE, z, Z_SIZE)
            convert(row, state, width)
            convert(zrow, z, Z_SIZE)
        for j in range(offsets[t], offsets[t + 1]):
            r = g.rows
            g.rows += 1
            g.row_table[r] = t
            g.row_entry[r] = e
            cards_into(action, moves[j])
            if broadcast:
                convert(<feature_t*>g.action + r * CARDS, action, CARDS)
            else:
                x = <feature_t*>g.x + r * (width + CARDS)
                memcpy(x, row, width * sizeof(feature_t))
                convert(x + width, action, CARDS)
                memcpy(<feature_t*>g.z + r * Z_SIZE, zrow, Z_SIZE * sizeof(feature_t))


cdef inline void* data_of(object array):
    return NULL if array is None else cnp.PyArray_DATA(<cnp.ndarray>array)


def write_features(cnp.ndarray hands, cnp.ndarray played, cnp.ndarray last_moves,
                   cnp.ndarray history, cnp.ndarray history_len, cnp.ndarray bombs,
                   cnp.ndarray landlord, cnp.ndarray player, cnp.ndarray moves,
                   cnp.ndarray offsets, list groups, bint broadcast, bint as_float):
    """Write the features of N tables into the outputs of ``groups``.

    The caller (ddz_fast.compat.douzero.BatchFeatures) has checked every array: dtypes,
    shapes, C order, the counts, the scalars' ranges and the CSR offsets; and sized the outputs
    to each position's tables and rows. ``groups``: for landlord, landlord_down, landlord_up, a
    tuple (x, z, x_no_action, z_int8, action, row_table, row_entry, table) of C-contiguous
    arrays or None (x_no_action and z_int8 in the batch layout, action in the broadcast one).
    """
    cdef Py_ssize_t n = hands.shape[0], width = history.shape[1], t
    cdef Group out[3]
    cdef TableView* views
    cdef const uint64_t* h = <const uint64_t*>cnp.PyArray_DATA(hands)
    cdef const uint64_t* pl = <const uint64_t*>cnp.PyArray_DATA(played)
    cdef const uint64_t* lm = <const uint64_t*>cnp.PyArray_DATA(last_moves)
    cdef const uint64_t* hi = <const uint64_t*>cnp.PyArray_DATA(history)
    cdef const int64_t* hl = <const int64_t*>cnp.PyArray_DATA(history_len)
    cdef const int64_t* bo = <const int64_t*>cnp.PyArray_DATA(bombs)
    cdef const int64_t* lo = <const int64_t*>cnp.PyArray_DATA(landlord)
    cdef const int64_t* pa = <const int64_t*>cnp.PyArray_DATA(player)
    cdef const uint64_t* mv = <const uint64_t*>cnp.PyArray_DATA(moves)
    cdef const int64_t* of = <const int64_t*>cnp.PyArray_DATA(offsets)
    cdef int i
    for i in range(3):
        arrays = groups[i]
        out[i] = Group(data_of(arrays[0]), data_of(arrays[1]), <int8_t*>data_of(arrays[2]),
                       <int8_t*>data_of(arrays[3]), data_of(arrays[4]),
                       <int64_t*>data_of(arrays[5]), <int64_t*>data_of(arrays[6]),
                       <int64_t*>data_of(arrays[7]), 0, 0)
    views_array = np.empty(max(n, 1) * sizeof(TableView), dtype=np.uint8)
    views = <TableView*>cnp.PyArray_DATA(views_array)
    with nogil:
        for t in range(n):
            views[t] = TableView(h + 3 * t, pl + 3 * t, lm + 3 * t, hi + width * t, hl[t],
                                 bo[t], lo[t], pa[t])
        if as_float:
            write_tables(views, n, mv, of, out, broadcast, <const float*>NULL)
        else:
            write_tables(views, n, mv, of, out, broadcast, <const int8_t*>NULL)


# --- the order of DouZero's legal actions -----------------------------------------------------

cdef uint64_t _hand_word(object hand, str name) except? 0:
    cdef uint64_t word
    if not isinstance(hand, int):
        raise TypeError(f"{name} must be an int (a hand word), not {type(hand).__name__}")
    if not 0 <= hand < 2 ** 64:
        raise ValueError(f"{name} = {hand} is no 64-bit word")
    word = hand
    return word


def douzero_order(object hand, object prev=0):
    """DouZero's legal actions of the hand word ``hand`` (count bits only, at most 20 cards)
    against the move word ``prev`` (0: leading; only its cards are read), in DouZero's order
    with its duplicates and the pass (0) last when following, as a uint64 array of ddz_fast
    move words under preset ``douzero``."""
    cdef uint64_t h = _hand_word(hand, "hand"), p = _hand_word(prev, "prev")
    cdef Words out = Words(NULL, 0)
    cdef Memo memo = Memo(NULL, 0, 0)
    cdef Py_ssize_t n
    _check_hand(h, "hand")
    if not fits_deck(p & COUNT_MASK):
        raise ValueError(f"prev = {p:#x} holds more cards of a rank than one deck")
    try:
        with nogil:
            n = douzero_moves_into(&out, 0, h, p, &_OPTIONS, &memo)
        _raise_for(n)
        result = np.empty(n, dtype=np.uint64)
        if n:
            memcpy(cnp.PyArray_DATA(result), out.data, n * sizeof(uint64_t))
        return result
    finally:
        free(out.data)
        memo_free(&memo)


cdef int _check_hand(uint64_t h, str name) except -1:
    if h & ~COUNT_MASK:
        raise ValueError(f"{name} = {h:#x} is no hand word: it has bits beyond the counts")
    if not fits_deck(h):
        raise ValueError(f"{name} = {h:#x} holds more cards of a rank than one deck")
    if card_count(h) > DZ_MAX_CARDS:
        raise ValueError(f"{name} = {h:#x} holds {card_count(h)} cards: a DouZero hand holds "
                         f"at most {DZ_MAX_CARDS}")
    return 0


cdef int _raise_for(Py_ssize_t n) except -1:
    if n == -1:
        raise MemoryError("out of memory listing DouZero's actions")
    if n < 0:
        raise RuntimeError(f"DouZero's actions could not be listed (code {n})")
    return 0


def douzero_order_batch(object hands, object prevs):
    """(moves, offsets): douzero_order of every row, back to back (CSR), for (N,) uint64 hand
    words and (N,) uint64 move words to beat."""
    cdef Py_ssize_t n, i, total = 0, count = 0
    cdef Words out = Words(NULL, 0)
    cdef Memo memo = Memo(NULL, 0, 0)
    cdef const uint64_t* h
    cdef const uint64_t* p
    cdef int64_t* of
    cdef cnp.ndarray hand_words = _words(hands, "hands")
    cdef cnp.ndarray prev_words = _words(prevs, "prevs")
    n = hand_words.shape[0]
    if prev_words.shape[0] != n:
        raise ValueError(f"prevs must have shape ({n},), one word per hand, got "
                         f"{prevs.shape}")
    h = <const uint64_t*>cnp.PyArray_DATA(hand_words)
    p = <const uint64_t*>cnp.PyArray_DATA(prev_words)
    for i in range(n):
        _check_hand(h[i], f"hands[{i}]")
        if not fits_deck(p[i] & COUNT_MASK):
            raise ValueError(f"prevs[{i}] = {p[i]:#x} holds more cards of a rank than one deck")
    offsets = np.empty(n + 1, dtype=np.int64)
    of = <int64_t*>cnp.PyArray_DATA(offsets)
    try:
        with nogil:
            of[0] = 0
            for i in range(n):
                count = douzero_moves_into(&out, total, h[i], p[i], &_OPTIONS, &memo)
                if count < 0:
                    break
                total += count
                of[i + 1] = total
        _raise_for(count)
        moves = np.empty(total, dtype=np.uint64)
        if total:
            memcpy(cnp.PyArray_DATA(moves), out.data, total * sizeof(uint64_t))
        return moves, offsets
    finally:
        free(out.data)
        memo_free(&memo)


cdef cnp.ndarray _words(object array, str name):
    if not isinstance(array, np.ndarray):
        raise TypeError(f"{name} must be a numpy array, not {type(array).__name__}")
    if array.dtype != np.uint64:
        raise TypeError(f"{name} must be uint64 words, not {array.dtype}")
    if array.ndim != 1:
        raise ValueError(f"{name} must have one dimension, got {array.ndim}")
    return np.array(array, dtype=np.uint64, order="C", copy=True)   # private: checked as read


# --- the one table of an Env ----------------------------------------------------------------------

cdef inline bint douzero_bomb(uint64_t counts) noexcept nogil:
    """Whether DouZero counts the cards as a bomb (its ``action in bombs``): four of one rank
    alone, or the two jokers."""
    cdef int r
    if counts == (<uint64_t>1 << 52 | <uint64_t>1 << 56):
        return True
    for r in range(13):
        if counts == (<uint64_t>4) << (4 * r):
            return True
    return False


cdef bint _one_deck(uint64_t a, uint64_t b, uint64_t c) noexcept:
    """Whether three hand words together are cards of one deck (summed rank by rank: a sum of
    words could carry from one rank into the next)."""
    cdef int r
    for r in range(15):
        if count_of(a, r) + count_of(b, r) + count_of(c, r) > (4 if r < 13 else 1):
            return False
    return True


@cython.final
cdef class _Table:
    """One table in the state arrays (shape (1, ...)), its legal actions in DouZero's order,
    and the features of its player, written into fresh arrays as DouZero's obs holds them.

    Seats: 0 the landlord, 1 landlord_down, 2 landlord_up.
    """
    cdef readonly object hands, played, last_moves, history, history_len, bombs, landlord
    cdef readonly object player, prev
    cdef uint64_t* h
    cdef uint64_t* pl
    cdef uint64_t* lm
    cdef uint64_t* hi
    cdef int64_t* hl
    cdef int64_t* bo
    cdef int64_t* pa
    cdef uint64_t* pv
    cdef Words moves
    cdef Py_ssize_t count
    cdef Memo memo
    cdef readonly bint over

    def __cinit__(self):
        self.moves = Words(NULL, 0)
        self.memo = Memo(NULL, 0, 0)
        self.hands = np.zeros((1, 3), dtype=np.uint64)
        self.played = np.zeros((1, 3), dtype=np.uint64)
        self.last_moves = np.zeros((1, 3), dtype=np.uint64)
        self.history = np.zeros((1, MAX_ACTIONS), dtype=np.uint64)
        self.history_len = np.zeros(1, dtype=np.int64)
        self.bombs = np.zeros(1, dtype=np.int64)
        self.landlord = np.zeros(1, dtype=np.int64)
        self.player = np.zeros(1, dtype=np.int64)
        self.prev = np.zeros(1, dtype=np.uint64)
        self.h = <uint64_t*>cnp.PyArray_DATA(self.hands)
        self.pl = <uint64_t*>cnp.PyArray_DATA(self.played)
        self.lm = <uint64_t*>cnp.PyArray_DATA(self.last_moves)
        self.hi = <uint64_t*>cnp.PyArray_DATA(self.history)
        self.hl = <int64_t*>cnp.PyArray_DATA(self.history_len)
        self.bo = <int64_t*>cnp.PyArray_DATA(self.bombs)
        self.pa = <int64_t*>cnp.PyArray_DATA(self.player)
        self.pv = <uint64_t*>cnp.PyArray_DATA(self.prev)
        self.over = True

    def __dealloc__(self):
        free(self.moves.data)
        memo_free(&self.memo)

    cdef int _list(self) except -1:
        cdef Py_ssize_t n
        cdef uint64_t hand = self.h[self.pa[0]], prev = self.pv[0]
        with nogil:
            n = douzero_moves_into(&self.moves, 0, hand, prev, &_OPTIONS, &self.memo)
        _raise_for(n)
        self.count = n
        return 0

    def start(self, uint64_t landlord, uint64_t down, uint64_t up):
        """Deal: the landlord's 20 cards, landlord_down's and landlord_up's 17 (hand words of one
        deck together, checked by the caller); the landlord to play."""
        for word in (landlord, down, up):
            _check_hand(word, "a hand")
        if not _one_deck(landlord, down, up):
            raise ValueError("the three hands hold more cards of a rank than one deck")
        self.h[0], self.h[1], self.h[2] = landlord, down, up
        memset(self.pl, 0, 3 * sizeof(uint64_t))
        memset(self.lm, 0, 3 * sizeof(uint64_t))
        memset(self.hi, 0, MAX_ACTIONS * sizeof(uint64_t))
        self.hl[0] = self.bo[0] = self.pa[0] = 0
        self.pv[0] = 0
        self.over = False
        self._list()

    @property
    def num_actions(self) -> int:
        return self.count

    def words(self) -> list:
        """The legal actions' move words, in DouZero's order (Python ints)."""
        cdef Py_ssize_t i
        return [self.moves.data[i] for i in range(self.count)]

    def moves_array(self):
        """The legal actions' move words as a fresh uint64 array."""
        result = np.empty(self.count, dtype=np.uint64)
        if self.count:
            memcpy(cnp.PyArray_DATA(result), self.moves.data, self.count * sizeof(uint64_t))
        return result

    def play(self, Py_ssize_t index) -> bool:
        """Play legal action ``index`` (0 <= index < num_actions, checked by the caller); whether
        the hand is over."""
        cdef uint64_t word, counts
        cdef int64_t p = self.pa[0]
        if self.over:
            raise ValueError("the hand is over: reset() deals the next")
        if not 0 <= index < self.count:
            raise ValueError(f"action index {index} is not in 0..{self.count - 1}")
        if self.hl[0] >= MAX_ACTIONS:
            raise RuntimeError("the history is full")       # no legal hand gets here
        word = self.moves.data[index]
        counts = word & COUNT_MASK
        self.h[p] -= counts
        self.pl[p] += counts
        self.lm[p] = word
        self.hi[self.hl[0]] = word
        self.hl[0] += 1
        self.bo[0] += douzero_bomb(counts)
        if self.h[p] == 0:
            self.over = True
            self.count = 0
            return True
        self.pa[0] = (p + 1) % 3
        self.pv[0] = last_move(self.hi, self.hl[0])
        self._list()
        return False

    def observe(self):
        """(position: 0 landlord, 1 landlord_down, 2 landlord_up; x_batch float32 (n, 373 or
        484), z_batch float32 (n, 5, 162), x_no_action int8 (319 or 430,), z int8 (5, 162)),
        every array new."""
        cdef TableView view = TableView(self.h, self.pl, self.lm, self.hi, self.hl[0],
                                        self.bo[0], 0, self.pa[0])
        cdef int8_t state[STATE_PEASANT + CARDS]
        cdef int8_t z[Z_SIZE]
        cdef int8_t action[CARDS]
        cdef float row[STATE_PEASANT + CARDS]
        cdef int position
        cdef Py_ssize_t width, j, n = self.count
        cdef cnp.npy_intp dims[3]
        cdef float* x
        cdef float* zb
        if self.over:
            raise ValueError("the hand is over: reset() deals the next")
        position = state_into(state, z, &view)
        width = STATE_LANDLORD if position == 0 else STATE_PEASANT
        dims[0], dims[1] = n, width + CARDS
        x_batch = cnp.PyArray_EMPTY(2, dims, cnp.NPY_FLOAT32, 0)
        dims[1], dims[2] = 5, Z_SIZE // 5
        z_batch = cnp.PyArray_EMPTY(3, dims, cnp.NPY_FLOAT32, 0)
        dims[0] = width
        x_no_action = cnp.PyArray_EMPTY(1, dims, cnp.NPY_INT8, 0)
        dims[0], dims[1] = 5, Z_SIZE // 5
        z_int8 = cnp.PyArray_EMPTY(2, dims, cnp.NPY_INT8, 0)
        x = <float*>cnp.PyArray_DATA(x_batch)
        zb = <float*>cnp.PyArray_DATA(z_batch)
        memcpy(cnp.PyArray_DATA(x_no_action), state, width)
        memcpy(cnp.PyArray_DATA(z_int8), z, Z_SIZE)
        with nogil:
            convert(row, state, width)
            if n:
                convert(zb, z, Z_SIZE)
            for j in range(n):
                memcpy(x + j * (width + CARDS), row, width * sizeof(float))
                cards_into(action, self.moves.data[j])
                convert(x + j * (width + CARDS) + width, action, CARDS)
                if j:
                    memcpy(zb + j * Z_SIZE, zb, Z_SIZE * sizeof(float))
        return position, x_batch, z_batch, x_no_action, z_int8
