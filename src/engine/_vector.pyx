# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, freethreading_compatible=True
"""N tables of the play phase stepped together, natively: the core of
ddz_fast.engine.vector.VectorGame.

Each table is a playloop.pxd ``Play`` with its ``Tally``; the state arrays of the batch (the
contract of docs/engine.md, "Batched tables") are numpy arrays owned here, written in place
by every reset and step, and shown to Python as read-only views. A step validates every table's
action first (the whole batch, nothing changed yet), then plays, settles, deals the next hands
and lists every table's legal actions in one loop without the GIL. ddz_fast.engine.vector
checks the Python arguments (shapes, dtypes, seeds, rules) before they reach this module; what
could index out of a buffer (seats, action ids, hand words) is checked again here.
"""
import numpy as np

cimport numpy as cnp
from libc.stdint cimport int64_t, uint8_t, uint64_t
from libc.stdlib cimport calloc, free
from libc.string cimport memcpy, memset

from ddz_fast.moves._rule_sets cimport ActionSpace, RuleSet, lookup_id, lookup_rule_set
from dealing cimport seed_stream, stream_deal
from douzero_order cimport Memo, douzero_moves_into, memo_free
from movegen cimport COUNT_MASK, Options, card_count, popcount
from mt19937 cimport MT
from playloop cimport Play, Tally, count_action, one_deck, play_move, start_tally
from rule_options cimport options_of
from words cimport Words, generate_into, reserve

__all__ = ["_Tables", "MAX_HISTORY", "BID_WORDS"]

cnp.import_array()

cdef enum:
    # The most play-phase actions of one hand. The hand ends when a hand empties, and then the
    # other two hold a card each at least (one that emptied before would have ended it), so at
    # most 54 - 2 = 52 cards are played, in at most 52 moves. Every action but the first (the
    # landlord's lead) follows a move, and at most two passes follow one move before its
    # player leads again (a leader may not pass); the last action is a move (it ends the hand).
    # So a hand has at most 52 moves and 2 x 51 passes: 154 actions.
    HISTORY = 154
    DEAL_KITTY = 3          # the index of the kitty among the piles of a deal

#: The most actions of a hand's play phase, the width of ``history`` (see HISTORY above).
MAX_HISTORY = HISTORY

# The auction's actions in the listing of a table that bids (phase "full"): bid b (0 passes,
# 1..3 points) is the word (8 + b) << 60, type bits without cards, which no move word is (a
# move holds cards) and which is not the pass of play (0).
cdef enum:
    BID_SHIFT = 60
    BID_TAG = 8
    TOP_BID = 3

cdef inline uint64_t bid_word(int bid) noexcept nogil:
    return (<uint64_t>(BID_TAG + bid)) << BID_SHIFT

cdef inline bint is_bid_word(uint64_t word) noexcept nogil:
    return word != 0 and (word & COUNT_MASK) == 0

#: The words of the bids PASS, 1, 2 and 3 in the listing of a table that bids.
BID_WORDS = tuple(int(bid_word(bid)) for bid in range(TOP_BID + 1))


cdef struct Auction:
    # A points auction (ddz_fast.engine.bidding's rules) of a table that bids.
    int highest             # the highest bid so far (0: none)
    int bidder              # its bidder (-1: none)
    int passed              # a bit per seat that passed (it never bids again)
    int first               # the first bidder of this deal
    uint64_t kitty          # the kitty of the deal, the landlord's once known

# Step errors (the first table at fault is named).
cdef enum:
    ERR_NONE = 0
    ERR_RANGE = 1           # an action id outside 0 .. A (A: the pass)
    ERR_ILLEGAL = 2         # not one of the table's legal actions
    ERR_OVER = 3            # the table's hand is over (auto_reset=False)


cdef inline Py_ssize_t table_moves(const Play* p, const Options* o, Words* out,
                                   Py_ssize_t start) noexcept nogil:
    """The legal actions of the player to move at ``p`` into ``out`` from ``start``: the
    generator's moves in canonical order, then the pass (word 0) when following; their number,
    -1 out of memory. (DouZero's order is listed by douzero_order.pxd instead: list_one.)
    """
    cdef Py_ssize_t n
    n = generate_into(out, start, p.hands[p.player], p.prev, o)
    if n < 0:
        return -1
    if p.prev != 0:
        if not reserve(out, start + n + 1):
            return -1
        out.data[start + n] = 0
        n += 1
    return n


cdef inline Py_ssize_t bid_moves(const Auction* a, Words* out, Py_ssize_t start) noexcept nogil:
    """The bids of the player to move into ``out`` from ``start``: each bid above the highest,
    then the pass (ddz_fast.engine.bidding lists the pass first); their number, -1 out of
    memory."""
    cdef int bid, n = 0
    if not reserve(out, start + TOP_BID + 1):
        return -1
    for bid in range(a.highest + 1, TOP_BID + 1):
        out.data[start + n] = bid_word(bid)
        n += 1
    out.data[start + n] = bid_word(0)
    return n + 1


cdef inline int64_t settle_play(const Play* p, const Tally* t, int64_t stake,
                                int64_t* scores) noexcept nogil:
    """What each seat wins once ``p`` is over (``t.winner`` the seat that went out): a hand
    started at play at base stake 1, without doubles or chips, as ddz_fast.engine.scoring
    settles it: the multiplier doubles per bomb and rocket and once for a spring (the landlord
    won and neither peasant played) or an anti-spring (the peasants won and the landlord made
    only its first lead); each peasant settles ``stake`` x the multiplier with the landlord.
    Returns the multiplier."""
    cdef int landlord = p.landlord, seat
    cdef bint landlord_won = t.winner == landlord, spring
    cdef int64_t multiplier = (<int64_t>1) << t.bombs, flow
    if landlord_won:
        spring = t.moves[(landlord + 1) % 3] == 0 and t.moves[(landlord + 2) % 3] == 0
    else:
        spring = t.moves[landlord] == 1
    multiplier <<= spring
    flow = stake * multiplier if landlord_won else -stake * multiplier  # each peasant pays
    for seat in range(3):
        scores[seat] = 2 * flow if seat == landlord else -flow
    return multiplier


cdef inline uint64_t seed_of(int64_t base, int64_t index, Py_ssize_t n) noexcept nogil:
    """The seed of hand ``index`` at a table whose hand 0 has seed ``base``, ``n`` tables: base
    + index x n (ddz_fast.engine.vector bounds base below 2**62, so this stays below 2**63 for
    the first 2**62 / n hands of a table)."""
    return <uint64_t>(base + index * <int64_t>n)


cdef class _Tables:
    """The native state of N tables (ddz_fast.engine.vector.VectorGame holds one)."""
    cdef readonly Py_ssize_t n
    cdef readonly Py_ssize_t num_moves      # A: the action space's moves; id A is the pass
    cdef readonly bint auto_reset
    cdef readonly bint ready                # reset at least once
    cdef readonly Py_ssize_t total          # M: the legal actions listed
    cdef readonly bint full                 # phase "full": each hand starts with its auction
    cdef readonly Py_ssize_t num_ids        # the dense ids: A + 1, and 4 bids when full
    cdef readonly bint douzero              # the legal actions are DouZero's, in its order
    cdef Memo memo                          # douzero_order.pxd's table of words by counts
    cdef MT* streams                        # full: each table's random stream (re-deals)
    cdef Auction* auctions
    cdef Options o
    cdef int hand_size
    cdef Play* tables
    cdef Tally* tallies
    cdef uint64_t* chosen                   # a step's words, once checked
    cdef Words scratch                      # the listing of a step, before it is published
    cdef ActionSpace space                  # keeps the id table alive
    cdef object rules
    cdef object _id_words                   # (A,) uint64: the word of each action id
    cdef const uint64_t* id_words
    cdef dict arrays                        # name -> the numpy array owning its memory
    cdef dict views                         # name -> its read-only view
    cdef uint64_t* hands
    cdef uint64_t* played
    cdef uint64_t* last_moves
    cdef uint64_t* history
    cdef int64_t* history_len
    cdef int64_t* bombs
    cdef int64_t* landlord
    cdef int64_t* player
    cdef uint64_t* prev
    cdef int64_t* offsets
    cdef uint8_t* over
    cdef int64_t* base_seed                 # the seed of each table's hand 0 (-1: none)
    cdef int64_t* seeds                     # the seed of each table's current hand (-1: given)
    cdef int64_t* hand_index                # the current hand's number at its table
    cdef int64_t* rewards
    cdef uint8_t* done
    cdef int64_t* final_scores
    cdef int64_t* final_winner
    cdef int64_t* final_landlord
    cdef int64_t* final_bombs
    cdef int64_t* final_multiplier
    cdef int64_t* final_seed
    cdef int64_t* final_hand
    cdef int64_t* final_stake
    cdef uint8_t* in_play
    cdef int64_t* stake
    cdef int64_t* redeals
    cdef object _moves                      # (capacity,) uint64: the CSR moves
    cdef object _ids                        # (capacity,) int64: their action ids
    cdef uint64_t* moves_data               # their data
    cdef int64_t* ids_data

    def __cinit__(self):
        self.tables = NULL
        self.tallies = NULL
        self.chosen = NULL
        self.streams = NULL
        self.auctions = NULL
        self.scratch = Words(NULL, 0)
        self.memo = Memo(NULL, 0, 0)

    def __init__(self, Py_ssize_t n, rules, bint auto_reset, bint full=False,
                 bint douzero=False):
        cdef RuleSet rule_set
        cdef cnp.ndarray words
        if n < 1:
            raise ValueError(f"a batch has one table at least, not {n}")
        self.n = n
        self.auto_reset = auto_reset
        self.rules = rules
        self.o = options_of(rules)          # checks the fields again: one deck, no wild cards
        self.hand_size = rules.hand_size
        if rules.players != 3 or self.hand_size not in (17, 18):
            raise ValueError(f"{rules!r} do not seat three players on one deck")
        rule_set = lookup_rule_set(rules)
        self.space = rule_set.action_space()
        self.num_moves = len(self.space.moves)
        self.full = full
        self.douzero = douzero
        if douzero and (full or self.hand_size != 17):
            raise ValueError("DouZero's listing is of its own game: the play phase of "
                             "20 / 17 / 17 cards")
        self.num_ids = self.num_moves + 1 + (TOP_BID + 1 if full else 0)
        if full:
            if rules.bidding != "points" or rules.single_round_auction or rules.doubling:
                raise ValueError(f"phase 'full' plays the points auction over rounds without "
                                 f"doubling, not the auction of {rules!r}")
            self.streams = <MT*>calloc(n, sizeof(MT))
            self.auctions = <Auction*>calloc(n, sizeof(Auction))
            if self.streams == NULL or self.auctions == NULL:
                raise MemoryError("out of memory for the tables")
        words = np.array([move._word for move in self.space.moves], dtype=np.uint64)
        self._id_words = words
        self.id_words = <const uint64_t*>cnp.PyArray_DATA(words)
        self.tables = <Play*>calloc(n, sizeof(Play))
        self.tallies = <Tally*>calloc(n, sizeof(Tally))
        self.chosen = <uint64_t*>calloc(n, sizeof(uint64_t))
        if self.tables == NULL or self.tallies == NULL or self.chosen == NULL:
            raise MemoryError("out of memory for the tables")
        self.arrays, self.views = {}, {}
        self.hands = <uint64_t*>self._array("hands", (n, 3), np.uint64)
        self.played = <uint64_t*>self._array("played", (n, 3), np.uint64)
        self.last_moves = <uint64_t*>self._array("last_moves", (n, 3), np.uint64)
        self.history = <uint64_t*>self._array("history", (n, HISTORY), np.uint64)
        self.history_len = <int64_t*>self._array("history_len", (n,), np.int64)
        self.bombs = <int64_t*>self._array("bombs", (n,), np.int64)
        self.landlord = <int64_t*>self._array("landlord", (n,), np.int64)
        self.player = <int64_t*>self._array("player", (n,), np.int64)
        self.prev = <uint64_t*>self._array("prev", (n,), np.uint64)
        self.offsets = <int64_t*>self._array("offsets", (n + 1,), np.int64)
        self.over = <uint8_t*>self._array("over", (n,), np.bool_)
        self.base_seed = <int64_t*>self._array("base_seed", (n,), np.int64)
        self.seeds = <int64_t*>self._array("seeds", (n,), np.int64)
        self.hand_index = <int64_t*>self._array("hand_index", (n,), np.int64)
        self.rewards = <int64_t*>self._array("rewards", (n, 3), np.int64)
        self.done = <uint8_t*>self._array("done", (n,), np.bool_)
        self.final_scores = <int64_t*>self._array("final_scores", (n, 3), np.int64)
        self.final_winner = <int64_t*>self._array("final_winner", (n,), np.int64)
        self.final_landlord = <int64_t*>self._array("final_landlord", (n,), np.int64)
        self.final_bombs = <int64_t*>self._array("final_bombs", (n,), np.int64)
        self.final_multiplier = <int64_t*>self._array("final_multiplier", (n,), np.int64)
        self.final_seed = <int64_t*>self._array("final_seed", (n,), np.int64)
        self.final_hand = <int64_t*>self._array("final_hand", (n,), np.int64)
        self.final_stake = <int64_t*>self._array("final_stake", (n,), np.int64)
        self.in_play = <uint8_t*>self._array("in_play", (n,), np.bool_)
        self.stake = <int64_t*>self._array("stake", (n,), np.int64)
        self.redeals = <int64_t*>self._array("redeals", (n,), np.int64)
        for name in ("final_winner", "final_landlord", "final_seed", "final_hand", "player",
                     "final_stake"):
            self.arrays[name][...] = -1        # no hand has ended yet; no table is set
        self._grow(64 * n)

    def __dealloc__(self):
        free(self.tables)
        free(self.tallies)
        free(self.chosen)
        free(self.streams)
        free(self.auctions)
        free(self.scratch.data)
        memo_free(&self.memo)

    cdef void* _array(self, str name, tuple shape, dtype) except NULL:
        """A zeroed array of the state, kept with its read-only view."""
        cdef cnp.ndarray array = np.zeros(shape, dtype=dtype)
        view = array.view()
        view.flags.writeable = False
        self.arrays[name] = array
        self.views[name] = view
        return cnp.PyArray_DATA(array)

    cdef int _grow(self, Py_ssize_t need) except -1:
        """CSR buffers of ``need`` entries at least: new arrays (views taken before keep the
        old ones alive, unchanged from then on)."""
        cdef Py_ssize_t capacity = max(need, 1)
        if self._moves is not None and len(self._moves) >= need:
            return 0
        if self._moves is not None:
            capacity = max(need, 2 * len(self._moves))
        moves = np.zeros(capacity, dtype=np.uint64)
        ids = np.zeros(capacity, dtype=np.int64)
        self._moves, self._ids = moves, ids
        self.moves_data = <uint64_t*>cnp.PyArray_DATA(moves)
        self.ids_data = <int64_t*>cnp.PyArray_DATA(ids)
        return 0

    # --- what Python reads ---------------------------------------------------------------------

    def view(self, str name):
        """The read-only view of the state array ``name``."""
        return self.views[name]

    @property
    def moves(self):
        """The M legal action words of every table (a read-only view)."""
        view = self._moves[:self.total]
        view.flags.writeable = False
        return view

    @property
    def action_ids(self):
        """Their action ids (a read-only view)."""
        view = self._ids[:self.total]
        view.flags.writeable = False
        return view

    @property
    def id_words_array(self):
        return self._id_words

    @property
    def bytes_per_table(self):
        """The bytes each table holds, the listing of its actions apart: its structs and its
        rows of every array."""
        cdef Py_ssize_t size = sizeof(Play) + sizeof(Tally) + sizeof(uint64_t)
        if self.full:
            size += sizeof(MT) + sizeof(Auction)
        for array in self.arrays.values():
            size += array.nbytes // self.n
        return size

    @property
    def listing_bytes(self):
        """The bytes of the buffers of the listed actions (all tables), as allocated now."""
        return self._moves.nbytes + self._ids.nbytes + self.scratch.cap * sizeof(uint64_t)

    def mask(self):
        """(N, num_ids) bool: True at every legal action id of each table."""
        cdef Py_ssize_t width = self.num_ids, t, j
        cdef cnp.ndarray mask = np.zeros((self.n, width), dtype=np.bool_)
        cdef uint8_t* cells = <uint8_t*>cnp.PyArray_DATA(mask)
        cdef const int64_t* ids = self.ids_data
        with nogil:
            for t in range(self.n):
                for j in range(self.offsets[t], self.offsets[t + 1]):
                    cells[t * width + ids[j]] = 1
        return mask

    # --- resets --------------------------------------------------------------------------------

    def reset_seeded(self, cnp.ndarray bases not None, cnp.ndarray landlords not None):
        """Deal hand 0 of every table from its seed: ``bases`` (N,) int64 in 0 .. 2**62,
        ``landlords`` (N,) int64 seats, both checked by the caller and again here."""
        cdef const int64_t* base = self._int64_column(bases, "seeds")
        cdef const int64_t* seat = self._seats(landlords)
        cdef Py_ssize_t t
        for t in range(self.n):
            if not 0 <= base[t] < (<int64_t>1) << 62:
                raise ValueError(f"table {t}: a seed is an int 0 .. 2**62 - 1, not {base[t]}")
        with nogil:
            for t in range(self.n):
                self.base_seed[t] = base[t]
                self.landlord[t] = seat[t]
                self.deal_seeded(t, 0)
        self.ready = True
        self.list_all()

    def reset_given(self, cnp.ndarray hands not None, cnp.ndarray landlords not None, bases):
        """Start every table at play from ``hands`` (N, 3) uint64 (the landlord's with the
        kitty), checked here: count bits only, one deck, the sizes of the rules' deal.
        ``bases`` (N,) int64 seeds of the hands after these (None: no later hands)."""
        cdef const uint64_t* words
        cdef const int64_t* seat = self._seats(landlords)
        cdef const int64_t* base = NULL
        cdef Py_ssize_t t
        cdef int s, size
        cdef uint64_t row[3]
        cdef int kitty = 3 if self.hand_size == 17 else 0     # 18 cards each: no kitty
        if self.full:
            raise ValueError("given deals start at play: phase 'full' deals from seeds only")
        if not (cnp.PyArray_Check(hands) and hands.dtype == np.uint64 and hands.ndim == 2
                and hands.shape[0] == self.n and hands.shape[1] == 3
                and cnp.PyArray_IS_C_CONTIGUOUS(hands)):
            raise ValueError(f"hands must be a C-contiguous ({self.n}, 3) uint64 array")
        words = <const uint64_t*>cnp.PyArray_DATA(hands)
        if bases is not None:
            base = self._int64_column(bases, "seeds")
        for t in range(self.n):
            for s in range(3):
                row[s] = words[3 * t + s]
                if row[s] & ~COUNT_MASK:
                    raise ValueError(f"table {t}: hand {s} word {row[s]:#x} has bits outside "
                                     f"the rank counts")
            if not one_deck(row) or card_count(row[0]) + card_count(row[1]) + \
                    card_count(row[2]) != 54:
                raise ValueError(f"table {t}: the hands are not exactly one deck of 54 cards")
            for s in range(3):
                size = self.hand_size + (kitty if s == seat[t] else 0)
                if card_count(row[s]) != size:
                    raise ValueError(f"table {t}: seat {s} holds {card_count(row[s])} cards, "
                                     f"not {size} (landlord {seat[t]})")
            if base != NULL and not 0 <= base[t] < (<int64_t>1) << 62:
                raise ValueError(f"table {t}: a seed is an int 0 .. 2**62 - 1, not {base[t]}")
        with nogil:
            for t in range(self.n):
                self.base_seed[t] = -1 if base == NULL else base[t]
                self.landlord[t] = seat[t]
                self.start_hand(t, words + 3 * t, 0, -1)
        self.ready = True
        self.list_all()

    cdef const int64_t* _int64_column(self, cnp.ndarray column, str name) except NULL:
        if not (cnp.PyArray_Check(column) and column.dtype == np.int64 and column.ndim == 1
                and column.shape[0] == self.n and cnp.PyArray_IS_C_CONTIGUOUS(column)):
            raise ValueError(f"{name} must be a C-contiguous ({self.n},) int64 array")
        return <const int64_t*>cnp.PyArray_DATA(column)

    cdef const int64_t* _seats(self, cnp.ndarray landlords) except NULL:
        cdef const int64_t* seat = self._int64_column(landlords, "landlord")
        cdef Py_ssize_t t
        for t in range(self.n):
            if not 0 <= seat[t] < 3:
                raise ValueError(f"table {t}: the landlord is a seat 0, 1 or 2, not {seat[t]}")
        return seat

    cdef void deal_seeded(self, Py_ssize_t t, int64_t index) noexcept nogil:
        """Deal hand ``index`` of table ``t`` from its seed; the landlord takes the kitty."""
        cdef uint64_t piles[4]
        cdef uint64_t seed = seed_of(self.base_seed[t], index, self.n)
        cdef int seat = <int>self.landlord[t]
        cdef MT stream
        cdef MT* g = &self.streams[t] if self.full else &stream
        seed_stream(g, seed)
        stream_deal(g, self.hand_size, piles)
        if self.full:
            self.seeds[t] = <int64_t>seed
            self.hand_index[t] = index
            self.redeals[t] = 0
            self.start_auction(t, piles, 0)
            return
        piles[seat] += piles[DEAL_KITTY]
        self.start_hand(t, piles, index, <int64_t>seed)

    cdef void start_auction(self, Py_ssize_t t, const uint64_t* piles, int first) noexcept nogil:
        """Table ``t`` at the start of the auction of the deal ``piles`` (three hands and the
        kitty), ``first`` to bid."""
        cdef Play* p = &self.tables[t]
        cdef Auction* a = &self.auctions[t]
        cdef int s
        for s in range(3):
            p.hands[s] = piles[s]
            self.played[3 * t + s] = 0
            self.last_moves[3 * t + s] = 0
        a.highest, a.bidder, a.passed, a.first, a.kitty = 0, -1, 0, first, piles[DEAL_KITTY]
        p.prev = 0
        p.landlord = -1
        p.player = first
        p.passes = 0
        start_tally(&self.tallies[t], p)
        memset(&self.history[t * HISTORY], 0, self.history_len[t] * sizeof(uint64_t))
        self.history_len[t] = 0
        self.landlord[t] = -1
        self.stake[t] = 0
        self.in_play[t] = False
        self.over[t] = False
        self.sync(t)

    cdef void bid_one(self, Py_ssize_t t, int bid) noexcept nogil:
        """Table ``t``'s player to move bids ``bid`` (legal; 0 passes): the points auction of
        ddz_fast.engine.bidding. It ends at a bid of 3, or when the two others have passed
        after a bid; when all three pass, the next deal of the table's stream is bid on, the
        next seat first (Game's re-deal)."""
        cdef Play* p = &self.tables[t]
        cdef Auction* a = &self.auctions[t]
        cdef int player = p.player, landlord
        cdef uint64_t piles[4]
        if bid == 0:
            a.passed |= 1 << player
        else:
            a.highest, a.bidder = bid, player
        self.stake[t] = a.highest
        if a.highest == TOP_BID or (popcount(a.passed) == 2 and a.bidder >= 0):
            landlord = a.bidder
            p.hands[landlord] += a.kitty
            self.landlord[t] = landlord
            self.start_hand(t, p.hands, self.hand_index[t], self.seeds[t])
            return
        if a.passed == 7:
            self.redeals[t] += 1
            stream_deal(&self.streams[t], self.hand_size, piles)
            self.start_auction(t, piles, (a.first + 1) % 3)
            return
        player = (player + 1) % 3
        while a.passed & (1 << player):
            player = (player + 1) % 3
        p.player = player
        self.sync(t)

    cdef void start_hand(self, Py_ssize_t t, const uint64_t* words, int64_t index,
                         int64_t seed) noexcept nogil:
        """Table ``t`` at the start of play of a hand of ``words`` (checked), its landlord
        leading."""
        cdef Play* p = &self.tables[t]
        cdef int s
        for s in range(3):
            p.hands[s] = words[s]
            self.played[3 * t + s] = 0
            self.last_moves[3 * t + s] = 0
        p.prev = 0
        p.landlord = p.player = <int>self.landlord[t]
        p.passes = 0
        start_tally(&self.tallies[t], p)
        # The entries past history_len are zero (the previous hand's are cleared), so that a
        # reader of a fixed window of history sees no action of another hand.
        memset(&self.history[t * HISTORY], 0, self.history_len[t] * sizeof(uint64_t))
        self.history_len[t] = 0
        self.over[t] = False
        self.in_play[t] = True
        if not self.full:
            self.stake[t] = 1
        self.seeds[t] = seed
        self.hand_index[t] = index
        self.sync(t)

    cdef void sync(self, Py_ssize_t t) noexcept nogil:
        """The arrays of table ``t`` from its Play and Tally."""
        cdef const Play* p = &self.tables[t]
        self.hands[3 * t] = p.hands[0]
        self.hands[3 * t + 1] = p.hands[1]
        self.hands[3 * t + 2] = p.hands[2]
        self.prev[t] = p.prev
        self.player[t] = -1 if self.over[t] else p.player
        self.bombs[t] = self.tallies[t].bombs

    cdef int list_all(self) except -1:
        """List every table's legal actions into the CSR arrays."""
        cdef Py_ssize_t t, n, total = 0
        cdef bint ok = True
        with nogil:
            self.offsets[0] = 0
            for t in range(self.n):
                n = self.list_one(t, total)
                if n < 0:
                    ok = False
                    break
                total += n
                self.offsets[t + 1] = total
        if not ok:
            raise MemoryError("out of memory listing the legal actions")
        self.publish(total)
        return 0

    cdef Py_ssize_t list_one(self, Py_ssize_t t, Py_ssize_t start) noexcept nogil:
        """Table ``t``'s legal actions into ``scratch`` from ``start``: none once over, its
        bids while it bids, else its moves."""
        cdef const Play* p = &self.tables[t]
        cdef Py_ssize_t n
        if self.over[t]:
            return 0
        if not self.in_play[t]:
            return bid_moves(&self.auctions[t], &self.scratch, start)
        if self.douzero:
            # DouZero's legal actions in its order, duplicates and all, the pass last (-2, a
            # set of cards that is no move of these options, cannot come from douzero's own).
            n = douzero_moves_into(&self.scratch, start, p.hands[p.player], p.prev, &self.o,
                                   &self.memo)
            return n if n >= 0 else -1
        return table_moves(p, &self.o, &self.scratch, start)

    cdef int publish(self, Py_ssize_t total) except -1:
        """Copy the ``total`` actions listed in ``scratch`` to the CSR arrays, with their ids."""
        cdef uint64_t* moves
        cdef int64_t* ids
        cdef Py_ssize_t j, pass_id = self.num_moves, action
        cdef bint ok = True
        self._grow(total)
        moves, ids = self.moves_data, self.ids_data
        with nogil:
            if total:
                memcpy(moves, self.scratch.data, total * sizeof(uint64_t))
            for j in range(total):
                if moves[j] == 0:
                    ids[j] = pass_id
                elif is_bid_word(moves[j]):
                    ids[j] = pass_id + 1 + <Py_ssize_t>(moves[j] >> BID_SHIFT) - BID_TAG
                else:
                    action = lookup_id(&self.space.table, moves[j])
                    ids[j] = action
                    ok = ok and action >= 0
        self.total = total
        if not ok:      # never: the action space holds every move of the deck
            raise RuntimeError("a legal move is missing from the action space")
        return 0

    # --- stepping ------------------------------------------------------------------------------

    def step(self, cnp.ndarray actions not None, bint words, where):
        """One action at every table (``where``: None, or an (N,) bool array of the tables that
        act); the arrays are checked here. ValueError naming the first table at fault, every
        table unchanged; else the step is played and the state arrays updated in place."""
        cdef const int64_t* ids = NULL
        cdef const uint64_t* action_words = NULL
        cdef const uint8_t* acting = NULL
        cdef Py_ssize_t bad
        cdef int code = ERR_NONE
        if not self.ready:
            raise ValueError("reset the tables before stepping them")
        expected = np.uint64 if words else np.int64
        if not (cnp.PyArray_Check(actions) and actions.dtype == expected and actions.ndim == 1
                and actions.shape[0] == self.n and cnp.PyArray_IS_C_CONTIGUOUS(actions)):
            raise ValueError(f"actions must be a C-contiguous ({self.n},) "
                             f"{np.dtype(expected).name} array")
        if words:
            action_words = <const uint64_t*>cnp.PyArray_DATA(actions)
        else:
            ids = <const int64_t*>cnp.PyArray_DATA(actions)
        if where is not None:
            if not (cnp.PyArray_Check(where) and where.dtype == np.bool_ and where.ndim == 1
                    and where.shape[0] == self.n and cnp.PyArray_IS_C_CONTIGUOUS(where)):
                raise ValueError(f"where must be a C-contiguous ({self.n},) bool array")
            acting = <const uint8_t*>cnp.PyArray_DATA(<cnp.ndarray>where)
        with nogil:
            bad = self.check(ids, action_words, acting, &code)
        if bad >= 0:
            self.raise_for(bad, code, actions[bad])
        self.play(acting)
        return 0

    cdef Py_ssize_t check(self, const int64_t* ids, const uint64_t* words,
                          const uint8_t* acting, int* code) noexcept nogil:
        """Find every acting table's action among its legal actions and keep its word in
        ``chosen``; the first table at fault (its error in ``code``), or -1."""
        cdef const uint64_t* moves = self.moves_data
        cdef const int64_t* listed = self.ids_data
        cdef Py_ssize_t t, j, end
        cdef int64_t action
        cdef uint64_t word
        for t in range(self.n):
            if acting != NULL and not acting[t]:
                continue
            if self.over[t]:
                code[0] = ERR_OVER
                return t
            j, end = self.offsets[t], self.offsets[t + 1]
            if ids != NULL:
                action = ids[t]
                if not 0 <= action < self.num_ids:
                    code[0] = ERR_RANGE
                    return t
                while j < end and listed[j] != action:
                    j += 1
            else:
                word = words[t]
                while j < end and moves[j] != word:
                    j += 1
            if j == end:
                code[0] = ERR_ILLEGAL
                return t
            self.chosen[t] = moves[j]
        return -1

    cdef int raise_for(self, Py_ssize_t t, int code, action) except -1:
        cdef str what = (f"word {int(action):#x}" if action.dtype == np.uint64
                         else f"action id {int(action)}")
        if code == ERR_OVER:
            raise ValueError(f"table {t}: its hand is over and no next hand was dealt "
                             f"(auto_reset=False, or a given deal without seeds): reset the "
                             f"tables, or leave it out with where=")
        if code == ERR_RANGE:
            raise ValueError(f"table {t}: {what} is out of range: ids are 0 .. "
                             f"{self.num_ids - 1} ({self.num_moves} passes)")
        raise ValueError(f"table {t}: {what} is not a legal action of player "
                         f"{self.player[t]} there")

    cdef int play(self, const uint8_t* acting) except -1:
        """Play the checked words of ``chosen`` at the acting tables, settle and deal again the
        hands that end, and list every table's legal actions."""
        cdef Py_ssize_t t, n, total = 0
        cdef bint ok = True
        with nogil:
            self.offsets[0] = 0
            for t in range(self.n):
                self.done[t] = False
                self.rewards[3 * t] = self.rewards[3 * t + 1] = self.rewards[3 * t + 2] = 0
                if acting == NULL or acting[t]:
                    self.play_one(t, self.chosen[t])
                n = self.list_one(t, total)
                if n < 0:
                    ok = False
                    break
                total += n
                self.offsets[t + 1] = total
        if not ok:
            raise MemoryError("out of memory listing the legal actions")
        self.publish(total)
        return 0

    cdef void play_one(self, Py_ssize_t t, uint64_t word) noexcept nogil:
        """Table ``t``'s player to move plays ``word`` (legal: 0 passes)."""
        cdef Play* p = &self.tables[t]
        cdef Tally* tally = &self.tallies[t]
        cdef int mover = p.player, s
        cdef int64_t multiplier
        if not self.in_play[t]:
            self.bid_one(t, <int>(word >> BID_SHIFT) - BID_TAG)
            return
        self.history[t * HISTORY + self.history_len[t]] = word
        self.history_len[t] += 1
        self.last_moves[3 * t + mover] = word
        self.played[3 * t + mover] += word & COUNT_MASK
        count_action(tally, mover, word)
        if not play_move(p, word):
            self.sync(t)
            return
        tally.winner = mover
        multiplier = settle_play(p, tally, self.stake[t], &self.rewards[3 * t])
        self.done[t] = True
        for s in range(3):
            self.final_scores[3 * t + s] = self.rewards[3 * t + s]
        self.final_winner[t] = mover
        self.final_landlord[t] = p.landlord
        self.final_bombs[t] = tally.bombs
        self.final_multiplier[t] = multiplier
        self.final_seed[t] = self.seeds[t]
        self.final_hand[t] = self.hand_index[t]
        self.final_stake[t] = self.stake[t]
        if self.auto_reset and self.base_seed[t] >= 0:
            self.deal_seeded(t, self.hand_index[t] + 1)
        else:
            self.over[t] = True
            self.sync(t)
