# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, freethreading_compatible=True
"""The native perfect-information solver: who wins, every winning move and a line of play.

An OR-AND search over the core's words with a first-win cutoff and a transposition table of fixed
memory, without the GIL. ddz_fast.search.solver validates every argument and is the only caller;
ddz_fast.reference.solver is the readable specification this search must agree with.

A node is a play position with every hand visible: the hands, the player to move, the move to
beat and the passes since it. The search is written once over ``Solved``, a fused type of the
positions of playloop.pxd that Cython specialises for each table (the places where tables differ
are ``if Solved is ...`` tests, settled as it specialises, so the classic table's copy holds only
its own branches):

* ``Play``: three hands of one deck, the landlord's side (side 0) against the two peasants (side
  1), who play as one side; two passes in a row give the lead back to the last player who moved.
  A duel is a ``Play`` too (``Game.duel``): two hands, players 0 and 1 are sides 0 and 1, and one
  pass gives the lead to the other;
* ``WildPlay``: three hands with wild cards (laizi), moves the laizi generator's LzMoves (real
  cards and reading); the wild ranks are the game's, never part of a node's key;
* ``FourSeatPlay``: four hands of two decks; the landlord alone against three, or with its
  partner against two (``Game.partner``); three passes in a row give the lead back.

Values are always "the side to move wins"; a child whose mover is on the same side (a peasant
followed by its partner) keeps the value, otherwise it flips.
"""
from cpython.exc cimport PyErr_Fetch, PyErr_Restore
from cpython.object cimport PyObject
from libc.stdint cimport int8_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free, malloc
from libc.string cimport memcpy, memset

from laizigen cimport CLASS_HARD, HI_CLASS_SHIFT, LzMove
from movegen cimport *
from playloop cimport FourSeatPlay, Play, WildPlay, play_at, wild_factor, wild_moves
from rule_options cimport options_of
from memory cimport advise_huge
from rng cimport mix64
from table_positions cimport four_seat_play_of, play_of, wild_options, wild_play_of
from words cimport Words, count_moves, generate_into, reserve

from ddz_fast.moves._interned cimport move_of_word as move_of

from ddz_fast import bitboard
from ddz_fast.move import MOVE_TYPES, TYPE_CODES, Move

__all__ = ["TranspositionTable", "_solve", "_solve_laizi", "_solve_four_player",
           "_set_warm_nodes"]


def _check_layout():
    """The type codes and word constants must be those of the Python modules."""
    if list(MOVE_TYPES)[T_ROCKET] != "rocket" or TYPE_CODES["bomb"] != T_BOMB:
        raise ImportError("ddz_fast._solver was built for other move type codes; rebuild it")
    if (bitboard.COUNT_MASK, bitboard.FLAG_MASK, bitboard.TYPE_SHIFT) != (
            COUNT_MASK, FLAG_MASK, TYPE_SHIFT):
        raise ImportError("ddz_fast._solver was built for another word layout; rebuild it")


_check_layout()

# The Move of a one-deck word is the one ddz_fast.moves._interned shares (made once per word,
# then a table look-up): the classic table's results are built without a Python call per move.

cdef extern from "Python.h":
    # Declared without an exception value: poll_signals keeps the exception for the caller.
    int check_signals "PyErr_CheckSignals"()

cdef extern from *:
    """
    /* A monotonic clock in seconds, on every platform the wheels are built for. */
    #if defined(_WIN32)
    #include <windows.h>
    static double ddz_seconds(void) {
        LARGE_INTEGER frequency, counter;
        QueryPerformanceFrequency(&frequency);
        QueryPerformanceCounter(&counter);
        return (double)counter.QuadPart / (double)frequency.QuadPart;
    }
    #else
    #include <time.h>
    static double ddz_seconds(void) {
        struct timespec t;
        clock_gettime(CLOCK_MONOTONIC, &t);
        return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
    }
    #endif
    """
    double now "ddz_seconds"() nogil

cdef extern from *:
    """
    /* Spin locks on a byte, and relaxed atomic counters and flags: what two search threads
       sharing one transposition table need. */
    #if defined(_MSC_VER) && !defined(__clang__)
    #include <intrin.h>
    static void ddz_lock(volatile char* lock) {
        while (_InterlockedExchange8(lock, 1)) { while (*lock) _mm_pause(); }
    }
    static void ddz_unlock(volatile char* lock) { _InterlockedExchange8(lock, 0); }
    static long long ddz_fetch_add(volatile long long* p, long long v) {
        return _InterlockedExchangeAdd64(p, v);
    }
    static int ddz_load_int(volatile int* p) { return _InterlockedOr((volatile long*)p, 0); }
    static void ddz_store_int(volatile int* p, int v) { _InterlockedExchange((volatile long*)p, v); }
    static int ddz_add_int(volatile int* p, int v) {
        return _InterlockedExchangeAdd((volatile long*)p, v);
    }
    static void ddz_store_ll(volatile long long* p, long long v) {
        _InterlockedExchange64(p, v);
    }
    #else
    static inline void ddz_lock(volatile char* lock) {
        while (__atomic_test_and_set(lock, __ATOMIC_ACQUIRE))
            while (__atomic_load_n(lock, __ATOMIC_RELAXED)) {}
    }
    static inline void ddz_unlock(volatile char* lock) { __atomic_clear(lock, __ATOMIC_RELEASE); }
    static inline long long ddz_fetch_add(volatile long long* p, long long v) {
        return __atomic_fetch_add(p, v, __ATOMIC_RELAXED);
    }
    static inline int ddz_load_int(volatile int* p) { return __atomic_load_n(p, __ATOMIC_RELAXED); }
    static inline void ddz_store_int(volatile int* p, int v) {
        __atomic_store_n(p, v, __ATOMIC_RELAXED);
    }
    static inline int ddz_add_int(volatile int* p, int v) {
        return __atomic_fetch_add(p, v, __ATOMIC_RELAXED);
    }
    static inline void ddz_store_ll(volatile long long* p, long long v) {
        __atomic_store_n(p, v, __ATOMIC_RELAXED);
    }
    #endif
    """
    void spin_lock "ddz_lock"(char* lock) nogil
    void spin_unlock "ddz_unlock"(char* lock) nogil
    long long fetch_add "ddz_fetch_add"(long long* p, long long v) nogil
    int load_int "ddz_load_int"(int* p) nogil
    void store_int "ddz_store_int"(int* p, int v) nogil
    int add_int "ddz_add_int"(int* p, int v) nogil
    void store_ll "ddz_store_ll"(long long* p, long long v) nogil


# --- nodes and moves -----------------------------------------------------------------------------

ctypedef fused Solved:
    Play
    WildPlay
    FourSeatPlay


cdef struct Game:
    const Options* o
    int landlord            # the landlord's seat; duels: 0
    int partner             # the landlord's partner at four seats under sides="partner"; -1
    bint duel               # a Play of two hands (see the module docstring)
    bint app                # wild cards under bomb_multiplier "app" (what a bomb multiplies by)


cdef inline int units(const Solved* n) noexcept nogil:
    """The 64-bit units a move of the table takes on the move stack: a one-deck word, a two-deck
    word (two) or an LzMove (four)."""
    if Solved is Play:
        return 1
    elif Solved is FourSeatPlay:
        return 2
    else:
        return 4


cdef inline int side_of(const Game* g, int player) noexcept nogil:
    """0: the landlord's side (the landlord, its partner; a duel's first player); 1: the other."""
    if g.duel:
        return player
    return not (player == g.landlord or player == g.partner)


cdef inline bint step_word(const Game* g, Play* n, uint64_t move) noexcept nogil:
    """A Play's player to move plays the word ``move`` (0 passes); True when that empties its
    hand."""
    cdef int mover = n.player
    if g.duel:
        n.player = 1 - mover
        if move == 0:
            n.prev = 0           # after a pass the other player leads freely
            return False
    else:
        n.player = (mover + 1) % 3
        if move == 0:
            if n.passes == 1:       # the second pass in a row: the last player to move leads
                n.prev = 0
                n.passes = 0
            else:
                n.passes = 1
            return False
        n.passes = 0
    n.hands[mover] -= move & COUNT_MASK
    n.prev = move
    return n.hands[mover] == 0


cdef enum:
    PASS_INDEX = 0xFFFE     # the action index of the pass (moves are 0 .. n - 1)


cdef inline bint step(const Game* g, Solved* n, const uint64_t* moves,
                      int index) noexcept nogil:
    """The player to move plays move ``index`` of the list at ``moves`` (PASS_INDEX passes);
    True when that empties its hand, which ends the hand."""
    cdef Words view
    if Solved is Play:
        return step_word(g, n, 0 if index == PASS_INDEX else moves[index])
    else:
        view.data, view.cap = <uint64_t*>moves, 0
        return play_at(n, &view, -1 if index == PASS_INDEX else index)


cdef inline bint is_leading(const Solved* n) noexcept nogil:
    if Solved is Play:
        return n.prev == 0
    elif Solved is FourSeatPlay:
        return is_zero(n.prev)
    else:
        return n.prev.lo == 0


cdef inline uint64_t cards_of(const uint64_t* move) noexcept nogil:
    """The real cards of a one-deck word or an LzMove (whose ``lo`` is its real cards' word)."""
    return move[0] & COUNT_MASK


cdef inline bint empties(const Solved* n, const uint64_t* move) noexcept nogil:
    """Whether ``move`` plays the whole hand of the player to move."""
    cdef const TwoDecks* two
    if Solved is FourSeatPlay:
        two = <const TwoDecks*>move
        return same(counts_only(two[0]), n.hands[n.player])
    elif Solved is WildPlay:
        return (<const LzMove*>move).lo & COUNT_MASK == n.hands[n.player]
    else:
        return cards_of(move) == n.hands[n.player]


cdef inline int code_at(const Solved* n, const uint64_t* move) noexcept nogil:
    """The type code of a move."""
    if Solved is FourSeatPlay:
        return code_of((<const TwoDecks*>move)[0])
    elif Solved is WildPlay:
        return <int>((<const LzMove*>move).lo >> TYPE_SHIFT)
    else:
        return <int>(move[0] >> TYPE_SHIFT)


cdef inline bint bombs(const Solved* n, const uint64_t* move) noexcept nogil:
    """Whether a move is a bomb or the rocket."""
    cdef int code = code_at(n, move)
    return code == T_BOMB or code == T_ROCKET


# --- the transposition table ---------------------------------------------------------------------
# Clusters of two entries. An entry holds the whole node, so a hit is never a collision: the key
# check is exact. The classic table's entries take 32 bytes (three hand words and a tag of 17
# bits packed into their spare bits), two to a 64-byte cache line; the wild and four-seat tables'
# take 48 (four key words and a 64-bit stake). Entries of an older generation (an earlier solve)
# are empty.

cdef enum:
    KNOWN = 1               # flags: the value is stored ...
    WINS = 2                # ... and the side to move wins
    STAKE_KNOWN = 4
    NO_BEST = 0xFFFF
    FAR = 255               # a distance bound meaning "unbounded"
    MAX_ACTIONS = 1000      # a hand never lasts this long: 108 cards, four seats, a card an
                            # action with three passes after it at most


cdef struct Slot:
    # What an entry knows of its node, beside the key.
    uint8_t gen
    uint8_t flags
    uint8_t lo              # the winning side needs at least ``lo`` actions to finish
    uint8_t hi              # ... and at most ``hi`` (FAR: not known)
    uint8_t work            # bit length of the nodes the last search below it visited
    int8_t stake            # the classic table's stake code (see stake_search), STAKE_KNOWN
    uint16_t best           # the action that decided the node last time, tried first


cdef struct Entry:          # the classic table and duels: 32 bytes
    uint64_t key[3]
    Slot s


cdef struct WideEntry:      # wild cards and four seats: 48 bytes
    uint64_t key[4]
    Slot s
    int64_t stake           # the signed stake when STAKE_KNOWN


cdef struct Key:
    uint64_t k[4]
    uint64_t hash


cdef inline uint64_t beat_tag(uint64_t prev) noexcept nogil:
    """What of a one-deck move to beat matters from here on: its type, key and length, and a
    space shuttle's kind (14 bits).

    Kickers never decide what beats a move, but for their number, which tells the kinds of
    space shuttle apart (respond and beats_word read the type, the main ranks and the number
    of cards), so two nodes that differ only in the kickers of the move to beat, and not in
    their kind, are one node.
    """
    cdef uint64_t main = prev & FLAG_MASK    # a move to beat always has a main rank
    cdef int length, kind = 0
    if prev == 0:
        return 0
    # The lowest main rank and the number of them, read on the flag bits (a rank every 4 bits).
    length = count_flags(main)
    if prev >> TYPE_SHIFT == T_SPACE_SHUTTLE:
        kind = shuttle_kind(prev, length) + 1
    return ((<uint64_t>kind << 12) | ((prev >> TYPE_SHIFT) << 8)
            | (<uint64_t>(ctz(main) >> 2) << 4) | <uint64_t>length)


cdef inline uint64_t wild_beat_tag(const LzMove* prev) noexcept nogil:
    """What of a wild move to beat matters from here on: exactly what the laizi generator's
    answer query reads (playloop.wild_moves), its type, chain length, number of cards, key and
    bomb class (31 bits); 0 when leading."""
    cdef uint64_t bomb_class
    if prev.lo == 0:
        return 0
    bomb_class = CLASS_HARD if prev.hi == 0 else (prev.hi >> HI_CLASS_SHIFT) & 3
    return ((prev.lo >> TYPE_SHIFT) << 26) | (((prev.k1 >> 32) & 0xFFFFFF) << 2) | bomb_class


cdef inline uint64_t two_decks_beat_tag(TwoDecks prev) noexcept nogil:
    """What of a two-deck move to beat matters from here on (respond reads no more): its type,
    lowest main rank and number of main ranks, and a bomb's number of cards (16 bits)."""
    cdef uint32_t main = gather_flags(prev)
    cdef int code = code_of(prev), size = 0
    if is_zero(prev):
        return 0
    if main == 0:               # no move of the rules: its type alone (no bit scan of 0)
        return <uint64_t>code << 8
    if code == T_BOMB:
        size = count_at(counts_only(prev), ctz(main))
    return ((<uint64_t>size << 12) | (<uint64_t>code << 8) | (<uint64_t>ctz(main) << 4)
            | <uint64_t>popcount(main))


cdef inline uint64_t packed_two_decks(TwoDecks hand) noexcept nogil:
    """A two-deck hand's counts in 56 bits: a nibble for each rank 3..2, two bits for each
    joker (of which two decks hold two)."""
    cdef uint64_t x = hand.lo & LANE_COUNTS, y = hand.hi & HIGH_COUNTS
    # Each step halves the gaps between the lanes' nibbles: 8 nibbles into 32 bits.
    x = (x | (x >> 4)) & 0x00FF00FF00FF00FFULL
    x = (x | (x >> 8)) & 0x0000FFFF0000FFFFULL
    x = (x | (x >> 16)) & 0xFFFFFFFFULL
    y = (y | (y >> 4)) & 0x00FF00FF00FF00FFULL
    y = (y | (y >> 8)) & 0x0000FFFF0000FFFFULL
    y = (y | (y >> 16)) & 0xFFFFFFFFULL
    y = (y & 0xFFFFF) | (((y >> 20) & 3) << 20) | (((y >> 24) & 3) << 22)
    return x | (y << 32)


cdef inline uint64_t hash_key(const Solved* n, const uint64_t* k) noexcept nogil:
    if Solved is Play:
        return mix64(k[0] ^ mix64(k[1] ^ mix64(k[2])))
    else:
        return mix64(k[0] ^ mix64(k[1] ^ mix64(k[2] ^ mix64(k[3]))))


cdef inline void make_key(const Solved* n, Key* key) noexcept nogil:
    """The whole node as its key."""
    cdef uint64_t tag, flags = 0
    cdef int bit, seat
    if Solved is Play:
        # The tag (beat 14 bits, player 2, passes 1) goes into bits no hand word uses: the top
        # nibble (60..63) of each word and the flag bits 3, 7, 11, 15 and 19 of the third.
        tag = beat_tag(n.prev) | (<uint64_t>n.player << 14) | (<uint64_t>n.passes << 16)
        for bit in range(5):
            flags |= ((tag >> (12 + bit)) & 1) << (4 * bit + 3)
        key.k[0] = n.hands[0] | ((tag & 15) << 60)
        key.k[1] = n.hands[1] | (((tag >> 4) & 15) << 60)
        key.k[2] = n.hands[2] | (((tag >> 8) & 15) << 60) | flags
    elif Solved is WildPlay:
        key.k[0], key.k[1], key.k[2] = n.hands[0], n.hands[1], n.hands[2]
        key.k[3] = (wild_beat_tag(&n.prev) | (<uint64_t>n.player << 40)
                    | (<uint64_t>n.passes << 42))
    else:
        # The tag (beat 16 bits, player 2, passes 2) in the top bytes of three packed hands.
        tag = (two_decks_beat_tag(n.prev) | (<uint64_t>n.player << 16)
               | (<uint64_t>n.passes << 18))
        for seat in range(4):
            key.k[seat] = packed_two_decks(n.hands[seat]) | (((tag >> (8 * seat)) & 0xFF) << 56)
    key.hash = hash_key(n, key.k)


cdef inline int bit_length(int64_t x) noexcept nogil:
    cdef int n = 0
    while x > 0 and n < 255:
        x >>= 1
        n += 1
    return n


cdef enum:
    CLUSTER = 64            # the bytes of a classic cluster (two Entries) ...
    WIDE_CLUSTER = 96       # ... and of a wide one (two WideEntries)
    PLAIN_LAYOUT = 1        # what the table's memory last held
    WIDE_LAYOUT = 2
    LOCKS = 1 << 16         # spin locks of the clusters when threads share the table


cdef class TranspositionTable:
    """A transposition table of fixed size, reused by one solve at a time."""
    cdef void* block
    cdef char* entries
    cdef char* locks            # LOCKS spin locks, a cluster's the one its index names
    cdef readonly Py_ssize_t nbytes
    cdef size_t used            # bytes a solve may have written since the last clear
    cdef uint8_t gen
    cdef int layout

    def __cinit__(self, Py_ssize_t nbytes):
        cdef size_t clusters = 1, align = 1 << 21
        while clusters * 2 * CLUSTER <= <size_t>nbytes:
            clusters *= 2
        # calloc maps zero pages lazily: memory is touched only where the search writes.
        self.block = calloc(clusters * CLUSTER + align, 1)
        self.locks = <char*>calloc(LOCKS, 1)
        if self.block == NULL or self.locks == NULL:
            raise MemoryError(f"cannot allocate a transposition table of {nbytes} bytes")
        self.entries = <char*>((<size_t>self.block + align - 1) & ~(align - 1))
        advise_huge(self.entries, clusters * CLUSTER)
        self.nbytes = clusters * CLUSTER
        self.gen = 0
        self.used = 0
        self.layout = PLAIN_LAYOUT

    def __dealloc__(self):
        free(self.block)
        free(self.locks)

    cdef void clear(self):
        memset(self.entries, 0, self.used)
        self.gen = 0
        self.used = 0

    cdef uint8_t next_generation(self, int layout):
        """A new generation for a solve of entries of ``layout``: every entry of the earlier
        ones now reads as empty.

        When the tag wraps, only the bytes the solves wrote are cleared: most solves use a
        small prefix, and clearing all of a 64 MB table (touching each of its pages) took up to
        0.2 s of CPU time, more than 255 duels of 8 cards a side take together. A solve of the
        other layout clears them too: an old entry read at another entry size could show a
        current generation.
        """
        if self.gen == 255 or layout != self.layout:
            self.clear()
            self.layout = layout
        self.gen += 1
        return self.gen

    cdef void wrote(self, size_t nbytes):
        """A solve of this generation used the first ``nbytes`` bytes."""
        if nbytes > self.used:
            self.used = nbytes


# --- the search state ----------------------------------------------------------------------------

cdef enum:
    RUNNING = 0
    OUT_OF_NODES = 1
    OUT_OF_TIME = 2
    SIGNALLED = 3
    OUT_OF_MEMORY = 4
    HALTED = 5              # stopped because another thread of the solve stopped
    SETTLED = 6             # a reply left because another thread settled its root action
    START_BYTES = 1 << 20   # 1 MB of the table at first
    BUSY_SLOTS = 1 << 16    # the busy counters of the nodes threads are in (a power of two)
    BUSY_DEPTH = 28         # the busy counters cover the nodes within this many cards of the
                            # root's (measured on a whole deal: 16 cards 10.4 s, 28 cards
                            # 9.2 s, every node 14.4 s, one thread 14.6 s)
    DEFERRED = 32           # the most busy children a node puts off
    TIME_EVERY = 1023       # look at the clock every 1024 nodes
    SIGNALS_EVERY = 65535   # and for signals every 65,536


cdef struct HandThreats:
    # One hand's rank masks held at least 1..4 times (held[c]), for the hand word ``hand``.
    uint64_t hand
    uint32_t held[5]


cdef struct Shared:
    # What the threads of one solve share beside the table: a stop for all, the nodes they
    # searched (counted in steps of TIME_EVERY + 1), and the next root action to search.
    int halt
    long long nodes
    long long next_action
    # Under the first win, the replies queue (root_replies), under ``lock``: the root action
    # at ``position`` of the search order hands out its replies ``item`` .. ``items`` - 1.
    char lock
    Py_ssize_t position
    Py_ssize_t item
    Py_ssize_t items
    int* pending            # per root action: its replies not yet searched to the end
    int* settled            # per root action: 1 once its verdict is known
    # Helping: a thread with no reply of the root action searched now left in the queue (or
    # none at all) searches another's beside it (next_job). jobs[i] is the reply thread i took
    # from the queue, named by a ticket (even while searched, the next odd number once
    # settled, whoever settled it); ``busy`` counts the threads inside the nodes of each slot,
    # so that two threads on one reply put off each other's nodes.
    int threads
    Job* jobs
    long long tickets
    int* busy
    # Growing the table under the first win: a thread that finds it half full (the entries
    # written, counted every TIME_EVERY + 1 nodes a thread) asks; each searching thread stops
    # at its next node (pause_for_growth), and the last to arrive grows it, all under
    # ``grow_lock``. Putting the whole table in use at once instead cost a position solved in
    # 0.34 s on one thread 2.6 s on two: writing all over a gigabyte is slow.
    char grow_lock
    int grow_request
    int arrived
    int active              # threads still taking replies
    int epoch               # growths done
    long long fills
    uint64_t mask


cdef struct Job:
    Py_ssize_t action
    Py_ssize_t k
    Py_ssize_t items
    long long ticket


cdef struct Search:
    Game g
    char* table
    char* locks             # the table's spin locks, NULL when one thread searches
    Shared* shared          # NULL when one thread searches
    int* settled            # root_replies: the settled flag of the reply's root action
    long long* ticket       # root_replies: the ticket of the reply's job, ...
    long long ticket_value  # ... which changes once another thread settled it
    int* busy               # the shared busy counters (Shared.busy), NULL when not helping
    int busy_cards          # the fewest cards of a node whose busy counter is kept
    int me                  # this thread's index among those of the solve
    bint pause              # stop at the next node: the table grows (Shared)
    uint64_t mask           # clusters in use - 1
    uint64_t full_mask      # clusters of the whole table - 1
    int64_t fills           # entries written this generation; -1: the table is all in use
    uint8_t gen
    int64_t nodes
    int64_t max_nodes
    double deadline         # monotonic seconds; 0: none
    int stopped
    int win_side            # the side the distance search measures
    PyObject* exc_type      # the exception a signal handler raised
    PyObject* exc_value
    PyObject* exc_tb
    Words stack             # the move lists of the nodes on the path, one after another
    Words scratch           # the laizi generator's output before it goes on the stack
    HandThreats threats[3]  # each seat's rank masks at its last hand searched (sure wins)
    Py_ssize_t top          # the stack's first free 64-bit unit


cdef bint poll_signals(Search* s) noexcept nogil:
    """Run Python's signal handlers; True (with the exception kept) when one raised."""
    with gil:
        if check_signals() < 0:
            PyErr_Fetch(&s.exc_type, &s.exc_value, &s.exc_tb)
            return True
    return False


cdef inline bint tick(Search* s) noexcept nogil:
    """Count a node; True when a limit ran out or a signal stopped the search."""
    if s.stopped:
        return True
    if s.nodes >= s.max_nodes:
        s.stopped = OUT_OF_NODES
        return True
    s.nodes += 1
    if s.nodes & TIME_EVERY == 0:
        if s.deadline > 0 and now() >= s.deadline:
            s.stopped = OUT_OF_TIME
            return True
        if s.nodes & SIGNALS_EVERY == 0 and poll_signals(s):
            s.stopped = SIGNALLED
            return True
        if s.shared != NULL and shared_stop(s):
            return True
        if s.settled != NULL and load_int(s.settled):
            s.stopped = SETTLED
            return True
        if s.ticket != NULL and fetch_add(s.ticket, 0) != s.ticket_value:
            s.stopped = SETTLED
            return True
    return False


cdef bint shared_stop(Search* s) noexcept nogil:
    """Threads sharing a solve: another one stopped (or the nodes of all reached the limit,
    counted every TIME_EVERY + 1 nodes a thread)."""
    if load_int(&s.shared.halt):
        s.stopped = HALTED
        return True
    if fetch_add(&s.shared.nodes, TIME_EVERY + 1) + TIME_EVERY + 1 >= s.max_nodes:
        s.stopped = OUT_OF_NODES
        return True
    if s.fills > 0:             # entries this thread wrote since its last check
        if fetch_add(&s.shared.fills, s.fills) + s.fills > <long long>s.mask:
            store_int(&s.shared.grow_request, 1)
        s.fills = 0
    s.pause = load_int(&s.shared.grow_request) != 0
    return False


cdef inline bint room(Search* s, Py_ssize_t need) noexcept nogil:
    """Room for ``need`` units on the move stack (False, with the search stopped, when memory
    runs out)."""
    if reserve(&s.stack, need):
        return True
    s.stopped = OUT_OF_MEMORY
    return False


cdef inline Py_ssize_t moves_at(Search* s, Py_ssize_t at, const Solved* n) noexcept nogil:
    """Generate the moves of the player to move onto the stack at unit ``at``, in canonical
    order; their number, or -1 (with the search stopped) when memory runs out."""
    cdef Py_ssize_t count
    if Solved is Play:
        count = generate_into(&s.stack, at, n.hands[n.player], n.prev, s.g.o)
    elif Solved is FourSeatPlay:
        count = generate_into(&s.stack, at // 2, n.hands[n.player], n.prev, s.g.o)
    else:
        # The laizi generator writes from the start of a buffer it may move: it writes to a
        # scratch buffer, copied onto the stack.
        count = wild_moves(n, s.g.o, &s.scratch)
        if count >= 0 and reserve(&s.stack, at + 4 * count):
            memcpy(s.stack.data + at, s.scratch.data, 4 * count * sizeof(uint64_t))
        else:
            count = -1
    if count < 0:
        s.stopped = OUT_OF_MEMORY
    return count


cdef extern from *:
    """
    /* The flag bits (bit 4r + 3 of rank r) of the two jokers, and of the chain ranks 3..A;
       the count nibbles of a hand holding both jokers, and the jokers' rank mask. */
    #define DDZ_JOKER_FLAGS 0x0880000000000000ULL
    #define DDZ_CHAIN_FLAGS 0x0000888888888888ULL
    #define DDZ_JOKER_NIBBLES 0x0110000000000000ULL
    #define DDZ_JOKER_RANKS 0x6000U
    """
    const uint64_t JOKER_FLAGS "DDZ_JOKER_FLAGS"
    const uint64_t CHAIN_FLAGS "DDZ_CHAIN_FLAGS"
    const uint64_t JOKER_NIBBLES "DDZ_JOKER_NIBBLES"
    const uint32_t JOKER_RANKS "DDZ_JOKER_RANKS"


# --- move ordering ---------------------------------------------------------------------------

cdef inline int turns_plain(uint64_t hand) noexcept nogil:
    """A rough count of the moves ``hand`` needs to play out, chains aside: each bomb, the
    rocket, each trio and each pair or single card is one, except that every trio carries one
    pair or single (the estimate of bots.GreedyBot). Counted on the flag bits of at_least()
    directly: one bit per rank, no gathering."""
    cdef uint64_t ge1 = at_least(hand, 1)
    cdef int rocket = (ge1 & JOKER_FLAGS) == JOKER_FLAGS
    cdef int ranks = count_flags(ge1), trios_up = count_flags(at_least(hand, 3))
    cdef int bombs = count_flags(at_least(hand, 4))
    cdef int trios = trios_up - bombs
    cdef int loose = ranks - trios_up - 2 * rocket     # the ranks held once or twice
    return bombs + rocket + trios + max(0, loose - trios)


cdef inline int longest_run(uint64_t held, int* key) noexcept nogil:
    """The length of the longest run of consecutive ranks of the flag bits ``held`` (its
    lowest rank into ``key``; the lowest such run when several are as long). Runs are found
    on the flag bits themselves, a rank every 4 bits: no gathering into a rank mask."""
    cdef uint64_t starts = held, last = 0
    cdef int length = 0
    while starts:
        last = starts
        length += 1
        starts &= held >> (4 * length)
    if length:
        key[0] = ctz(last) >> 2
    return length


cdef inline int turns_left(uint64_t hand) noexcept nogil:
    """turns_plain, or one turn for the longest chain of singles (5 ranks or more) or of pairs
    (3 or more) plus turns_plain of the rest, whichever is smaller.

    Counting chains ordered the moves much better: measured on 40 duels of 12 cards a side,
    the median nodes fell from 186,272 to 92,250 (30 duels of 14: 802,751 to 200,322; 40
    three-hand positions of 25 cards: 45,972 to 40,793). Also counting airplanes, or a second
    chain after the first, changed no node count there.
    """
    cdef int best = turns_plain(hand), key = 0, length
    length = longest_run(at_least(hand, 1) & CHAIN_FLAGS, &key)
    if length >= 5:
        best = min(best, 1 + turns_plain(hand - (nibbles(key, length) & NIBBLE_ONES)))
    length = longest_run(at_least(hand, 2) & CHAIN_FLAGS, &key)
    if length >= 3:
        best = min(best, 1 + turns_plain(hand - 2 * (nibbles(key, length) & NIBBLE_ONES)))
    return best


cdef enum:
    RANK_TWO = 12           # the rank index of the 2: chains end below it


cdef inline int turns_plain_two_decks(const int* counts) noexcept nogil:
    """turns_plain of a two-deck hand given by its 15 counts: a bomb is 4 to 8 of a rank 3..2,
    the rocket all four jokers, a pair of jokers is a pair and a black and a red one are two
    single cards."""
    cdef int rank, bombs = 0, trios = 0, loose = 0
    cdef bint rocket = counts[BLACK_JOKER] == 2 and counts[RED_JOKER] == 2
    for rank in range(BLACK_JOKER):
        if counts[rank] >= 4:
            bombs += 1
        elif counts[rank] == 3:
            trios += 1
        elif counts[rank]:
            loose += 1
    if not rocket:
        loose += (counts[BLACK_JOKER] > 0) + (counts[RED_JOKER] > 0)
    return bombs + rocket + trios + max(0, loose - trios)


cdef inline int turns_left_two_decks(TwoDecks hand) noexcept nogil:
    """turns_left of a two-deck hand: turns_plain_two_decks, or one turn for the longest chain
    of singles (5 or more) or of pairs (3 or more) of 3..A plus the rest's, the smaller."""
    cdef int counts[NUM_RANKS]
    cdef int rank, copies, run, start, best_start, best_run, best, rest
    for rank in range(NUM_RANKS):
        counts[rank] = count_at(hand, rank)
    best = turns_plain_two_decks(counts)
    for copies in range(1, 3):
        run = best_run = best_start = start = 0
        for rank in range(RANK_TWO):             # chain ranks 3..A
            if counts[rank] >= copies:
                if run == 0:
                    start = rank
                run += 1
                if run > best_run:
                    best_run, best_start = run, start
            else:
                run = 0
        if best_run >= (5 if copies == 1 else 3):
            for rank in range(best_start, best_start + best_run):
                counts[rank] -= copies
            rest = turns_plain_two_decks(counts)
            for rank in range(best_start, best_start + best_run):
                counts[rank] += copies
            best = min(best, 1 + rest)
    return best


cdef enum:
    CARD_SPAN = 21          # one deck: a move holds at most 20 cards
    WIDE_CARD_SPAN = 41     # two decks: the card counts the order tells apart (40 and more: one)
    MAX_SCORES = 16 * WIDE_CARD_SPAN
    SHORT_LIST = 64         # lists sorted by insertion


cdef inline int scores_of(const Solved* n) noexcept nogil:
    """How many order scores the table has: order_score < scores_of."""
    if Solved is FourSeatPlay:
        return 16 * WIDE_CARD_SPAN
    else:
        return 16 * CARD_SPAN


cdef inline int order_score(const Solved* n, const uint64_t* move) noexcept nogil:
    """Higher first (0 .. scores_of - 1): the moves that leave the fewest turns to play out
    (turns_left), then the longest (they shed the most cards); bombs and the rocket last (they
    are the reserve that answers anything).

    Node counts measured on 20 duels of 10 and 12 cards a side and 20 three-hand positions
    of 20 and 25 cards, against the longest-first order: fewest turns left first searched
    23% to 58% fewer nodes (the number of distinct ranks left did almost as well); within a
    length, high keys first searched 3 times the nodes; shortest first 3 to 4 times; trying
    first the moves no opponent can beat (a cheap test of main ranks, bombs and the rocket)
    twice the nodes, and even as the last tie-break 2.5 times (duels of 12). A wild move's real
    cards, and a two-deck move's counts, are ordered the same way.
    """
    cdef uint64_t cards
    cdef TwoDecks left, played
    if bombs(n, move):
        return 0
    if Solved is FourSeatPlay:
        played = counts_only((<const TwoDecks*>move)[0])
        left.lo = n.hands[n.player].lo - played.lo     # a held move: no lane borrows
        left.hi = n.hands[n.player].hi - played.hi
        return ((15 - min(15, turns_left_two_decks(left))) * WIDE_CARD_SPAN
                + min(WIDE_CARD_SPAN - 1, card_count(played)))
    else:
        cards = cards_of(move)      # a wild move's ``lo`` is its real cards' word
        return (15 - min(15, turns_left(n.hands[n.player] - cards))) * CARD_SPAN + \
            card_count(cards)


cdef inline void copy_move(uint64_t* to, const uint64_t* source, int u) noexcept nogil:
    cdef int i
    for i in range(u):
        to[i] = source[i]


cdef bint order_moves(Search* s, const Solved* n, Py_ssize_t n_moves) noexcept nogil:
    """Put the ``n_moves`` moves generated on top of the stack in search order (False: out of
    memory).

    Order: by order_score, highest first; ties keep the canonical order, so the order is a
    function of the node alone and a stored best index stays valid. Short lists (most of
    them) are sorted by insertion on packed (score, position) keys; long ones by counting,
    whose pass over every possible score would cost more than the sort of a short list.
    """
    cdef Py_ssize_t i, j, fill, count, at
    cdef Py_ssize_t start[MAX_SCORES]
    cdef int score, u = units(n), scores = scores_of(n)
    cdef uint64_t key
    cdef uint64_t* moves
    cdef uint64_t* spare
    cdef uint64_t* keys
    if n_moves <= 1:
        return True
    if not room(s, s.top + (2 * u + 1) * n_moves):
        return False
    moves = s.stack.data + s.top
    spare = moves + u * n_moves
    keys = spare + u * n_moves
    for i in range(u * n_moves):
        spare[i] = moves[i]
    if n_moves <= SHORT_LIST:
        for i in range(n_moves):
            # A higher score first, then the earlier position: one descending key.
            key = ((<uint64_t>order_score(n, spare + u * i) << 32)
                   | <uint64_t>(SHORT_LIST - i))
            j = i
            while j > 0 and keys[j - 1] < key:
                keys[j] = keys[j - 1]
                j -= 1
            keys[j] = key
        for i in range(n_moves):
            copy_move(moves + u * i,
                      spare + u * (SHORT_LIST - <Py_ssize_t>(keys[i] & 0xFFFFFFFFULL)), u)
        return True
    memset(start, 0, scores * sizeof(Py_ssize_t))
    for i in range(n_moves):
        score = order_score(n, spare + u * i)
        start[scores - 1 - score] += 1
        keys[i] = score
    fill = 0
    for score in range(scores):     # counts -> first slot of each score, highest first
        count = start[score]
        start[score] = fill
        fill += count
    for i in range(n_moves):
        at = scores - 1 - <int>keys[i]
        copy_move(moves + u * start[at], spare + u * i, u)
        start[at] += 1
    return True


cdef inline Py_ssize_t emptying(const Solved* n, const uint64_t* moves,
                                Py_ssize_t count) noexcept nogil:
    """The index of a move that plays the whole hand, or -1."""
    cdef Py_ssize_t i
    cdef int u = units(n)
    for i in range(count):
        if empties(n, moves + u * i):
            return i
    return -1


cdef inline int action_index(Py_ssize_t k, Py_ssize_t n, int best, bint following) noexcept nogil:
    """The k-th action to try (k = 0 .. n + 1): the stored best one, the moves in search
    order, then the pass; -1 for a slot to skip.

    The pass comes last even when a peasant answers its partner: measured on three-hand
    positions of 20 and 25 cards, trying it first there searched 11% to 26% more nodes (and
    first in duels, 10 to 20 times more).
    """
    cdef int index
    if k == 0:
        return best if best != NO_BEST and (best < n or (best == PASS_INDEX and following)) \
            else -1
    if k <= n:
        index = <int>(k - 1)
    else:
        index = PASS_INDEX if following else -1
    return -1 if index == best else index


# --- table access ---------------------------------------------------------------------------------
# A solve starts on a small prefix of the table, which stays in the caches, and doubles it when
# it fills up (more entries written than it has clusters), up to the whole table: small solves
# stay fast and large ones get all the memory. Doubling moves each entry to the cluster its hash
# now names (the same one or the one a half-size above).

cdef inline int cluster_bytes(const Solved* n) noexcept nogil:
    if Solved is Play:
        return CLUSTER
    else:
        return WIDE_CLUSTER


cdef inline char* cluster_of(const Search* s, const Solved* n, uint64_t hash) noexcept nogil:
    return s.table + cluster_bytes(n) * (hash & s.mask)


cdef inline Slot* slot_at(const Solved* n, char* cluster, int i) noexcept nogil:
    """The slot of entry ``i`` of a cluster."""
    if Solved is Play:
        return &(<Entry*>cluster)[i].s
    else:
        return &(<WideEntry*>cluster)[i].s


cdef inline uint64_t* key_at(const Solved* n, char* cluster, int i) noexcept nogil:
    if Solved is Play:
        return (<Entry*>cluster)[i].key
    else:
        return (<WideEntry*>cluster)[i].key


cdef inline bint same_key(const Solved* n, const uint64_t* a, const uint64_t* b) noexcept nogil:
    if Solved is Play:
        return a[0] == b[0] and a[1] == b[1] and a[2] == b[2]
    else:
        return a[0] == b[0] and a[1] == b[1] and a[2] == b[2] and a[3] == b[3]


cdef inline int64_t* wide_stake(const Solved* n, Slot* slot) noexcept nogil:
    """The 64-bit stake beside a wide entry's slot (NULL for the classic table's)."""
    if Solved is Play:
        return NULL
    else:
        return <int64_t*>(<char*>slot + sizeof(Slot))


cdef inline Slot* find(const Search* s, const Solved* n, const Key* key) noexcept nogil:
    cdef char* cluster = cluster_of(s, n, key.hash)
    cdef int i
    for i in range(2):
        if slot_at(n, cluster, i).gen == s.gen and same_key(n, key_at(n, cluster, i), key.k):
            return slot_at(n, cluster, i)
    return NULL


cdef void grow(Search* s, const Solved* n) noexcept nogil:
    """Double the part of the table in use, moving the entries whose cluster changes."""
    cdef uint64_t old = s.mask + 1, i
    cdef int j, size = cluster_bytes(n) // 2
    cdef char* cluster
    cdef Slot* slot
    if old > s.full_mask:
        s.fills = -1                # the whole table is in use: never grow again
        return
    s.mask = 2 * old - 1
    s.fills = 0
    for i in range(old):
        cluster = s.table + cluster_bytes(n) * i
        for j in range(2):
            slot = slot_at(n, cluster, j)
            if slot.gen == s.gen and hash_key(n, key_at(n, cluster, j)) & old:
                # The cluster a half-size above is unused this generation: free.
                memcpy(cluster + cluster_bytes(n) * old + size * j, cluster + size * j, size)
                slot.gen = 0
            if slot.gen == s.gen:
                s.fills += 1


cdef inline Slot* claim(Search* s, const Solved* n, const Key* key, int work) noexcept nogil:
    """The entry of the node, made when missing: an empty or stale slot first, else the first
    slot when this search cost at least as much as its node's (depth-preferred), else the
    second (always replaced)."""
    cdef Slot* e = find(s, n, key)
    cdef char* cluster
    cdef int i, chosen
    if e != NULL:
        if work > e.work:
            e.work = work
        return e
    if s.fills > <int64_t>s.mask and s.shared == NULL:   # threads: pause_for_growth
        grow(s, n)
    cluster = cluster_of(s, n, key.hash)
    if slot_at(n, cluster, 0).gen != s.gen:
        chosen = 0
        s.fills += s.fills >= 0
    elif slot_at(n, cluster, 1).gen != s.gen:
        chosen = 1
        s.fills += s.fills >= 0
    elif work >= slot_at(n, cluster, 0).work:
        chosen = 0
    else:
        chosen = 1
    for i in range(4 if units(n) > 1 else 3):
        key_at(n, cluster, chosen)[i] = key.k[i]
    e = slot_at(n, cluster, chosen)
    e.gen = s.gen
    e.flags = 0
    e.lo = 0
    e.hi = FAR
    e.work = work
    e.stake = 0
    e.best = NO_BEST
    return e


# The entries as the search reads and writes them: a copy taken, or a change made, under the
# cluster's spin lock when threads share the table (and without it otherwise).

cdef void grow_shared(Search* s, const Solved* n, Shared* q) noexcept nogil:
    """Under ``q.grow_lock``, every other searching thread waiting: grow the table, then let
    them go on."""
    s.mask, s.fills = q.mask, 0
    grow(s, n)
    q.mask, q.fills = s.mask, max(s.fills, 0)
    s.fills = 0 if s.mask < s.full_mask else -1
    q.grow_request = q.arrived = 0
    store_int(&q.epoch, q.epoch + 1)


cdef void pause_for_growth(Search* s, const Solved* n) noexcept nogil:
    """Threads: wait until every searching thread has stopped at a node, the last one to
    arrive growing the table (see Shared), then go on with the table's new size."""
    cdef Shared* q = s.shared
    cdef int epoch
    s.pause = False
    spin_lock(&q.grow_lock)
    if q.grow_request:
        epoch = q.epoch
        q.arrived += 1
        if q.arrived >= q.active:
            grow_shared(s, n, q)
        else:
            spin_unlock(&q.grow_lock)
            while load_int(&q.epoch) == epoch:
                pass
            spin_lock(&q.grow_lock)     # the table as the growing thread left it
    s.mask = q.mask
    if s.mask == s.full_mask:
        s.fills = -1
    spin_unlock(&q.grow_lock)


cdef void leave_growth(Search* s, const Solved* n, Shared* q) noexcept nogil:
    """A thread that takes no more replies: no longer awaited by a growth, which it finishes
    when every other searching thread is waiting for it."""
    spin_lock(&q.grow_lock)
    q.active -= 1
    if q.grow_request and q.arrived and q.arrived >= q.active:
        grow_shared(s, n, q)
    spin_unlock(&q.grow_lock)


cdef inline void lock_cluster(const Search* s, uint64_t hash) noexcept nogil:
    if s.locks != NULL:
        spin_lock(s.locks + ((hash & s.mask) & (LOCKS - 1)))


cdef inline void unlock_cluster(const Search* s, uint64_t hash) noexcept nogil:
    if s.locks != NULL:
        spin_unlock(s.locks + ((hash & s.mask) & (LOCKS - 1)))


cdef inline bint probe(Search* s, const Solved* n, const Key* key, Slot* out,
                       int64_t* stake) noexcept nogil:
    """Copy the node's entry into ``out`` (a wide entry's stake into ``stake``); False when
    the table has none."""
    cdef Slot* e
    lock_cluster(s, key.hash)
    e = find(s, n, key)
    if e != NULL:
        out[0] = e[0]
        if Solved is not Play:
            stake[0] = wide_stake(n, e)[0]
    unlock_cluster(s, key.hash)
    return e != NULL


cdef inline void store_value(Search* s, const Solved* n, const Key* key, int work, bint wins,
                             int best) noexcept nogil:
    """The node's value (and, when it wins, the action that won it)."""
    cdef Slot* e
    lock_cluster(s, key.hash)
    e = claim(s, n, key, work)
    if wins:
        e.flags |= KNOWN | WINS
        e.best = best
    else:
        e.flags = (e.flags & ~WINS) | KNOWN
    unlock_cluster(s, key.hash)


cdef inline void store_bounds(Search* s, const Solved* n, const Key* key, int work, int best,
                              int lo, int hi) noexcept nogil:
    """Bounds of the node's distance, ``lo <= D <= hi`` (0 and FAR: nothing new), and the
    action that proved one (NO_BEST: none)."""
    cdef Slot* e
    lock_cluster(s, key.hash)
    e = claim(s, n, key, work)
    if best != NO_BEST:
        e.best = best
    e.lo = max(e.lo, lo)
    e.hi = min(e.hi, hi)
    unlock_cluster(s, key.hash)


cdef inline void store_stake(Search* s, const Solved* n, const Key* key, int work,
                             int64_t value) noexcept nogil:
    cdef Slot* e
    lock_cluster(s, key.hash)
    e = claim(s, n, key, work)
    e.flags |= STAKE_KNOWN
    if Solved is Play:
        e.stake = <int8_t>value
    else:
        wide_stake(n, e)[0] = value
    unlock_cluster(s, key.hash)


# --- a sure win: moves nobody can beat -----------------------------------------------------------

cdef struct Threats:
    # What the other side holds that can beat a rank group: the ranks some opponent holds at
    # least c times (held[c], a rank mask), and whether one holds the rocket.
    uint32_t held[5]
    bint rocket


cdef inline const HandThreats* hand_threats(HandThreats* cache, uint64_t h) noexcept nogil:
    """The rank masks of the hand word ``h``, from ``cache`` (one seat's last hand: a hand
    changes only when its seat plays) or computed into it."""
    cdef int copies
    if cache.hand != h or cache.held[0] == 0:
        cache.hand = h
        cache.held[0] = 1
        for copies in range(1, 5):
            cache.held[copies] = gather_flags(at_least(h, copies))
    return cache


cdef inline void threats_of(const Game* g, const Play* n, HandThreats* cache,
                            Threats* t) noexcept nogil:
    """The opponents' threats at ``n`` (their rank masks taken from ``cache``, one per seat)."""
    cdef uint64_t h
    cdef int seat, copies
    cdef const HandThreats* seat_threats
    t.held[1] = t.held[2] = t.held[3] = t.held[4] = 0
    t.rocket = False
    for seat in range(2 if g.duel else 3):
        h = n.hands[seat]
        if side_of(g, seat) == side_of(g, n.player) or h == 0:
            continue
        t.rocket |= (h & JOKER_NIBBLES) == JOKER_NIBBLES
        seat_threats = hand_threats(&cache[seat], h)
        for copies in range(1, 5):
            t.held[copies] |= seat_threats.held[copies]


cdef bint plan_wins(uint64_t hand, const Threats* t) noexcept nogil:
    """Whether a leading player holding ``hand`` wins at once by this plan: split the hand into
    its rank groups (all its cards of a rank: a solo, pair, trio or bomb; both jokers the
    rocket), each trio carrying one solo or pair of 3..2 as its kicker; play every group no
    opponent can beat, then the one group left, if any, which empties the hand.

    Proof: no opponent holds a move that beats such a group, so every opponent passes (and a
    partner may pass), and the lead comes back to the player; the last move ends the hand. A
    group of c copies of rank r (c < 4) is beaten only by c or more copies of a higher rank, a
    bomb or the rocket; a bomb only by a higher bomb or the rocket; the rocket by nothing; a
    trio with a kicker only by a higher trio, a bomb or the rocket (the kicker never decides).
    "Some opponent holds a higher rank c times" is a test on the bitwise or of the opponents'
    rank masks (``t``). It says nothing of how long the hand lasts, nor of the stake: the value
    search alone uses it.
    """
    cdef uint32_t mine = gather_flags(at_least(hand, 1))
    cdef bint any_bomb = t.rocket or t.held[4] != 0
    cdef int copies, rank, beatable = 0, trios = 0, small = 0
    # The trios carry at most this many beatable groups: past it, the plan fails at once (the
    # ranks come low to high, and the low ones are the beatable ones).
    cdef int carried = count_flags(at_least(hand, 3)) - count_flags(at_least(hand, 4))
    if (hand & JOKER_NIBBLES) == JOKER_NIBBLES:
        mine &= ~JOKER_RANKS                # the rocket: nothing beats it
    while mine:
        rank = ctz(mine)
        mine &= mine - 1
        copies = (hand >> (4 * rank)) & 7
        if copies == 4:
            beatable += t.rocket or (t.held[4] >> (rank + 1)) != 0
        elif any_bomb or (t.held[copies] >> (rank + 1)) != 0:
            beatable += 1
            small += copies < 3 and rank < BLACK_JOKER      # a kicker a trio may carry
        trios += copies == 3
        if beatable - carried > 1:
            return False
    return beatable - min(trios, small) <= 1


cdef bint answer_wins(const Game* g, const Play* n, const Threats* t, const uint64_t* moves,
                      Py_ssize_t count) noexcept nogil:
    """Whether one of the ``count`` moves of the player to move wins at once: a move no
    opponent can beat (none of them holds an answer to it, bombs and the rocket included), after
    which the hand left wins by :func:`plan_wins`'s plan. The opponents pass, the lead comes
    back, and the plan does the rest: any move type, following or leading. Checked on the
    cheap test of the hand left first; the opponents' answers are counted only for the moves
    that pass it."""
    cdef Py_ssize_t i
    cdef int seat
    cdef uint64_t hand = n.hands[n.player], rest
    cdef bint beaten
    for i in range(count):
        rest = hand - (moves[i] & COUNT_MASK)
        if rest == 0 or not plan_wins(rest, t):
            continue
        beaten = False
        for seat in range(2 if g.duel else 3):
            if side_of(g, seat) != side_of(g, n.player) and n.hands[seat] and \
                    count_moves(n.hands[seat], moves[i], g.o) > 0:
                beaten = True
                break
        if not beaten:
            return True
    return False


# --- the value: does the side to move win? -------------------------------------------------------

cdef inline int cards_in(const Solved* n) noexcept nogil:
    """The cards in all hands of ``n``."""
    cdef int seat, cards = 0
    for seat in range(4 if Solved is FourSeatPlay else 3):
        cards += card_count(counts_only(n.hands[seat]))
    return cards


cdef inline int* busy_of(const Search* s, const Solved* n, int cards) noexcept nogil:
    """The busy counter of ``n``, which holds ``cards`` cards, when threads help each other
    and it is near enough the root, else NULL (see Shared)."""
    cdef Key key
    if s.busy == NULL or cards < s.busy_cards:
        return NULL
    make_key(n, &key)
    return &s.busy[key.hash & (BUSY_SLOTS - 1)]


cdef int search(Search* s, const Solved* n) noexcept nogil:
    """search_node, counted in the node's busy counter while it runs (see Shared)."""
    cdef int cards, r
    cdef int* busy
    if s.busy == NULL:
        return search_node(s, n, False)
    cards = cards_in(n)     # once a node: the counter and the children's marks read it
    busy = busy_of(s, n, cards)
    if busy == NULL:
        return search_node(s, n, False)
    add_int(busy, 1)
    r = search_node(s, n, cards > s.busy_cards)
    add_int(busy, -1)
    return r


cdef inline int child_wins(Search* s, const Solved* n, Py_ssize_t top, int index,
                           int side) noexcept nogil:
    """Whether the side to move at ``n`` wins by its action ``index`` (of the moves at
    ``top`` of the stack; PASS_INDEX): 1 or 0, -1 when stopped."""
    cdef Solved child = n[0]
    cdef int r
    step(&s.g, &child, s.stack.data + top, index)
    r = search(s, &child)
    if r < 0:
        return -1
    return r if side_of(&s.g, child.player) == side else 1 - r


cdef inline bint is_busy(const Search* s, const Solved* n, Py_ssize_t top,
                         int index) noexcept nogil:
    """Whether another thread is inside the child of ``n`` by action ``index`` (ABDADA)."""
    cdef Solved child = n[0]
    cdef int* busy
    step(&s.g, &child, s.stack.data + top, index)
    busy = busy_of(s, &child, cards_in(&child))
    return busy != NULL and load_int(busy) > 0


cdef int search_node(Search* s, const Solved* n, bint marks) noexcept nogil:
    """1 when the side to move wins ``n`` with best play, 0 when it loses, -1 when stopped.
    ``marks``: its children's busy counters are read (ABDADA, below).

    Exact shortcut: a legal move that plays the whole hand wins at once (the hand ends the
    moment a player's last card is played, so nothing after it can matter).

    Only leading nodes use the table. An answering node has few actions (answers of one type,
    bombs and the pass) and its value is cheap to find again from its children, which are
    in the table when they lead; its probe was a cache miss that cost more than it saved.
    Measured with the table at answering nodes too and without it: 39% to 62% more nodes,
    and 6% to 21% less CPU time on the means (40 duels of 12 and 30 of 14 a side, 40
    three-hand positions of 25 cards and 20 of 30).
    """
    cdef Key key
    cdef Slot e
    cdef int64_t unused
    cdef Threats threats
    cdef Solved child
    cdef Py_ssize_t n_moves, top = s.top, k
    cdef int64_t start_nodes
    cdef int index, best, r, side = side_of(&s.g, n.player), u = units(n)
    cdef int deferred[DEFERRED]
    cdef int n_deferred = 0
    cdef bint following = not is_leading(n)
    if tick(s):
        return -1
    if s.pause:
        pause_for_growth(s, n)
    if not following:
        make_key(n, &key)
        prefetch_write(cluster_of(s, n, key.hash), cluster_bytes(n))  # while moves generate
    n_moves = moves_at(s, top, n)
    if n_moves < 0:
        return -1
    if emptying(n, s.stack.data + top, n_moves) >= 0:
        return 1                    # cheaper to find again than to store
    if Solved is Play:
        # Following only: a leading hand's plan is checked after the table's probe below
        # (its long move lists would cost more than the answers find).
        if following and n_moves:
            threats_of(&s.g, n, s.threats, &threats)
            if answer_wins(&s.g, n, &threats, s.stack.data + top, n_moves):
                return 1
    if n_moves == 0:
        # Nothing beats the move: the pass is forced, and the node has the value of the next
        # one. Stored or not, the table would only repeat that node's entry.
        child = n[0]
        step(&s.g, &child, NULL, PASS_INDEX)
        r = search(s, &child)
        if r < 0:
            return -1
        return r if side_of(&s.g, child.player) == side else 1 - r
    best = NO_BEST
    if not following and probe(s, n, &key, &e, &unused):
        if e.flags & KNOWN:
            return (e.flags & WINS) != 0
        best = e.best
    if Solved is Play:
        if not following:   # after the probe: a stored value is cheaper than the plan
            threats_of(&s.g, n, s.threats, &threats)
            if plan_wins(n.hands[n.player], &threats):
                return 1
    start_nodes = s.nodes
    if not order_moves(s, n, n_moves):
        return -1
    s.top = top + u * n_moves
    # ABDADA (Weill, 1996), when threads help each other near the root: a child another
    # thread is inside is put off until the others were searched, by when its value is often
    # in the table. Putting off only the children after the first, as ABDADA does, was slower
    # (whole deal seed 0: 12.2 s against 10.4 s, one thread 14.6 s): two threads that start
    # a reply together then search it in step.
    for k in range(n_moves + 2 + DEFERRED):
        if k < n_moves + 2:
            index = action_index(k, n_moves, best, following)
            if index < 0:
                continue
            if marks and n_deferred < DEFERRED and is_busy(s, n, top, index):
                deferred[n_deferred] = index
                n_deferred += 1
                continue
        elif k - n_moves - 2 < n_deferred:
            index = deferred[k - n_moves - 2]
        else:
            break
        r = child_wins(s, n, top, index, side)
        if r < 0:
            s.top = top
            return -1
        if r == 1:
            s.top = top
            if not following:
                store_value(s, n, &key, bit_length(s.nodes - start_nodes), True, index)
            return 1
    s.top = top
    if not following:
        store_value(s, n, &key, bit_length(s.nodes - start_nodes), False, NO_BEST)
    return 0


# --- the distance: how fast the winning side can finish ------------------------------------------
# D(n) is the number of actions to the end when the winning side ends the hand as fast as it can
# and the other side delays as long as it can (infinite where ``win_side`` does not win).
# reach(n, d) answers "D(n) <= d"; the table keeps proven bounds lo <= D <= hi across calls.

cdef int reach(Search* s, const Solved* n, int d) noexcept nogil:
    """1 when ``s.win_side`` can end the hand with its win within ``d`` actions, 0 when it
    cannot, -1 when stopped."""
    cdef Key key
    cdef Slot e
    cdef int64_t unused
    cdef Solved child
    cdef Py_ssize_t n_moves, top = s.top, k
    cdef int64_t start_nodes
    cdef int index, best, r, u = units(n)
    cdef bint winner = side_of(&s.g, n.player) == s.win_side
    cdef bint following = not is_leading(n)
    if d <= 0:
        return 0
    if tick(s):
        return -1
    make_key(n, &key)
    prefetch_write(cluster_of(s, n, key.hash), cluster_bytes(n))
    n_moves = moves_at(s, top, n)
    if n_moves < 0:
        return -1
    if emptying(n, s.stack.data + top, n_moves) >= 0:
        # The mover goes out now: D = 1 when it is on the winning side, else that side
        # never finishes first.
        return winner
    if n_moves == 0:                # a forced pass: D(n) = 1 + D(next node)
        child = n[0]
        step(&s.g, &child, NULL, PASS_INDEX)
        return reach(s, &child, d - 1)
    best = NO_BEST
    if probe(s, n, &key, &e, &unused):
        if e.hi <= d:
            return 1
        if e.lo > d:
            return 0
        if e.flags & KNOWN and ((e.flags & WINS) != 0) != winner:
            return 0                # the winning side does not win here at all
        best = e.best
    start_nodes = s.nodes
    if not order_moves(s, n, n_moves):
        return -1
    if d == 1:                      # nobody can end the hand with this one action
        store_bounds(s, n, &key, 0, NO_BEST, 2, FAR)
        return 0
    s.top = top + u * n_moves
    for k in range(n_moves + 2):
        index = action_index(k, n_moves, best, following)
        if index < 0:
            continue
        child = n[0]
        step(&s.g, &child, s.stack.data + top, index)
        r = reach(s, &child, d - 1)
        if r < 0:
            s.top = top
            return -1
        if (r == 1) == winner:      # a finish within d (winner) or a delay past d (other)
            s.top = top
            store_bounds(s, n, &key, bit_length(s.nodes - start_nodes), index,
                         0 if winner else d + 1, d if winner else FAR)
            return r
    s.top = top
    store_bounds(s, n, &key, bit_length(s.nodes - start_nodes), NO_BEST,
                 d + 1 if winner else 0, FAR if winner else d)
    return not winner


cdef int distance(Search* s, const Solved* n, int low) noexcept nogil:
    """D(n) by iterative deepening from ``low``; -1 when stopped or unbounded. The table's
    bounds are bytes: a distance past FAR - 1 is not searched for (a hand of one deck never
    lasts that long; a hand of four seats would have to pass round the table for most of it)."""
    cdef int d, r
    for d in range(max(low, 1), FAR):
        r = reach(s, n, d)
        if r < 0:
            return -1
        if r == 1:
            return d
    return -1


# --- the stake: the signed multiplier from here on -----------------------------------------------
# The classic table encodes it as +(k + 1) when side 0 (the landlord, or a duel's first player)
# wins with k bombs and rockets played from here, -(k + 1) when it loses: the order of the codes
# is the order of the stakes +2**k and -2**k, and a code fits the entry's byte. The wild and
# four-seat tables keep the signed stake itself (under bomb_multiplier "app" a bomb may multiply
# it by 4 or 6). Either way side 0 maximises the value and side 1 minimises it.

cdef inline int64_t with_move(const Search* s, const Solved* n, const uint64_t* move,
                              int64_t value) noexcept nogil:
    """The stake value once ``move`` (NULL: the pass) was played before it."""
    if move == NULL or not bombs(n, move):
        return value
    if Solved is Play:
        return value + 1 if value > 0 else value - 1
    elif Solved is WildPlay:
        return value * wild_factor(<const LzMove*>move, s.g.app)
    else:
        return 2 * value


cdef inline int64_t stake_of(const Solved* n, int64_t value) noexcept nogil:
    """The signed stake of a stake value."""
    if Solved is Play:
        return (<int64_t>1 << (value - 1)) if value > 0 else -(<int64_t>1 << (-value - 1))
    else:
        return value


cdef int stake_search(Search* s, const Solved* n, int64_t* out) noexcept nogil:
    """The exact stake value of ``n`` into ``out``; 0, or -1 when stopped."""
    cdef Key key
    cdef Slot e
    cdef int64_t wide = 0
    cdef Solved child
    cdef Py_ssize_t n_moves, top = s.top, k
    cdef int64_t start_nodes, value, found = 0
    cdef int side = side_of(&s.g, n.player), u = units(n)
    cdef bint following = not is_leading(n)
    cdef const uint64_t* move
    if tick(s):
        return -1
    make_key(n, &key)
    if probe(s, n, &key, &e, &wide) and e.flags & STAKE_KNOWN:
        out[0] = e.stake if Solved is Play else wide
        return 0
    start_nodes = s.nodes
    n_moves = moves_at(s, top, n)
    if n_moves < 0:
        return -1
    s.top = top + u * n_moves
    for k in range(-1 if following else 0, n_moves):
        move = NULL if k < 0 else s.stack.data + top + u * k
        child = n[0]
        if step(&s.g, &child, s.stack.data + top, PASS_INDEX if k < 0 else <int>k):
            value = 1 if side == 0 else -1
        elif stake_search(s, &child, &value) < 0:
            s.top = top
            return -1
        value = with_move(s, n, move, value)
        if k == (-1 if following else 0) or (value > found if side == 0 else value < found):
            found = value
    s.top = top
    store_stake(s, n, &key, bit_length(s.nodes - start_nodes), found)
    out[0] = found
    return 0


# --- the root ------------------------------------------------------------------------------------

cdef enum:
    OBJECTIVE_WIN = 0
    OBJECTIVE_STAKE = 1
    OBJECTIVE_FIRST_WIN = 2     # the value and one winning move: the first in search order


cdef struct Root:
    # The root's actions and what the search found of them; its node is kept beside it.
    uint64_t* moves         # the root's moves in canonical order (``count - offset`` of them)
    Py_ssize_t offset       # 1 when following: action 0 is the pass, action i move i - 1
    int8_t* verdicts        # per action: 1 keeps the win, 0 loses, -1 not searched (stopped)
    Py_ssize_t* order       # the actions in search order: the order the queue hands them out
    bint first_win          # stop at the first winning action (OBJECTIVE_FIRST_WIN)
    int64_t* stakes         # per action: its stake value (objective stake)
    Py_ssize_t count
    int value               # 1: the side to move wins, 0: it loses, -1: unknown
    int64_t stake           # the stake value, 0 unknown
    int dist                # D of the root, -1 unknown
    uint64_t* pv            # the line's actions, each as a move (all zero: the pass)
    int pv_length


cdef inline int index_of(const Root* root, Py_ssize_t action) noexcept nogil:
    """The step() index of root action ``action``."""
    return PASS_INDEX if action < root.offset else <int>(action - root.offset)


cdef int child_value(Search* s, const Solved* node, const Root* root, Py_ssize_t action,
                     int* out) noexcept nogil:
    """Whether root action ``action`` keeps the win for the side to move (1/0), -1 stopped."""
    cdef Solved child = node[0]
    cdef int r
    if step(&s.g, &child, root.moves, index_of(root, action)):
        out[0] = 1
        return 0
    r = search(s, &child)
    if r < 0:
        return -1
    out[0] = r if side_of(&s.g, child.player) == side_of(&s.g, node.player) else 1 - r
    return 0


cdef int child_stake(Search* s, const Solved* node, const Root* root, Py_ssize_t action,
                     int64_t* out) noexcept nogil:
    cdef Solved child = node[0]
    cdef int64_t value
    cdef int index = index_of(root, action)
    if step(&s.g, &child, root.moves, index):
        value = 1 if side_of(&s.g, node.player) == 0 else -1
    elif stake_search(s, &child, &value) < 0:
        return -1
    out[0] = with_move(s, &child, NULL if index == PASS_INDEX
                       else root.moves + units(&child) * index, value)
    return 0


cdef int child_distance(Search* s, const Solved* n, const uint64_t* moves, int index,
                        int d) noexcept nogil:
    """reach() of the child after action ``index``, counting the action itself: D(n via the
    action) <= d."""
    cdef Solved child = n[0]
    if step(&s.g, &child, moves, index):
        return d >= 1 and side_of(&s.g, n.player) == s.win_side
    return reach(s, &child, d - 1)


cdef int principal_variation(Search* s, const Solved* start, Root* root) noexcept nogil:
    """The line of best play from the root into ``root.pv``: at each node the first action in
    canonical order that realises the distance (D - 1 left after it). 0, or -1 when stopped."""
    cdef Solved node = start[0]
    cdef int d = root.dist, r, u = units(start), index = PASS_INDEX
    cdef Py_ssize_t n_moves, k, top = s.top
    cdef bint winner
    root.pv_length = 0
    while d > 0:
        winner = side_of(&s.g, node.player) == s.win_side
        n_moves = moves_at(s, top, &node)
        if n_moves < 0:
            return -1
        s.top = top + u * n_moves
        for k in range(0 if is_leading(&node) else -1, n_moves):
            index = PASS_INDEX if k < 0 else <int>k
            # The winning side takes an action that still finishes within d - 1; the other
            # side takes one after which the finish needs all of d - 1 (its longest delay).
            r = child_distance(s, &node, s.stack.data + top, index, d if winner else d - 1)
            if r < 0:
                s.top = top
                return -1
            if r == winner:
                break
        s.top = top
        if index == PASS_INDEX:
            memset(root.pv + u * root.pv_length, 0, u * sizeof(uint64_t))
        else:
            copy_move(root.pv + u * root.pv_length, s.stack.data + top + u * index, u)
        root.pv_length += 1
        step(&s.g, &node, s.stack.data + top, index)
        d -= 1
    return 0


cdef int winning_line(Search* s, const Solved* start, Root* root) noexcept nogil:
    """A line of play from the root to the end into ``root.pv``, the value searches' table
    warm: at each turn of the winning side, the first action in search order that keeps the
    win; at each turn of the losing side, whose every action loses, its first action in search
    order, searched for nothing. Each winning turn costs a value search of the children it
    tries, most of them found in the table. The order is the node's alone (not the table's
    stored best action), so the line is the same whatever searched the table before: one
    thread or several. 0, or -1 when stopped."""
    cdef Solved node = start[0], child
    cdef int r, u = units(start), index, chosen, first
    cdef int mover_wins = root.value
    cdef Py_ssize_t n_moves, k, top = s.top
    cdef bint following
    root.pv_length = 0
    while root.pv_length < MAX_ACTIONS:
        following = not is_leading(&node)
        n_moves = moves_at(s, top, &node)
        if n_moves < 0:
            return -1
        chosen = <int>emptying(&node, s.stack.data + top, n_moves)
        if chosen < 0 and n_moves == 0:
            chosen = PASS_INDEX             # nothing beats the move: the pass is forced
        elif chosen < 0:
            if not order_moves(s, &node, n_moves):
                return -1
            s.top = top + u * n_moves
            first = -1
            for k in range(n_moves + 2):
                index = action_index(k, n_moves, NO_BEST, following)
                if index < 0:
                    continue
                if first < 0:
                    first = index
                    if not mover_wins:
                        break
                child = node
                if step(&s.g, &child, s.stack.data + top, index):
                    chosen = index
                    break
                r = search(s, &child)
                if r < 0:
                    s.top = top
                    return -1
                if (r == 1) == (side_of(&s.g, child.player) == side_of(&s.g, node.player)):
                    chosen = index
                    break
            s.top = top
            if chosen < 0:
                chosen = first
        if chosen == PASS_INDEX:
            memset(root.pv + u * root.pv_length, 0, u * sizeof(uint64_t))
        else:
            copy_move(root.pv + u * root.pv_length, s.stack.data + top + u * chosen, u)
        root.pv_length += 1
        child = node
        if step(&s.g, &node, s.stack.data + top, chosen):
            return 0
        if side_of(&s.g, node.player) != side_of(&s.g, child.player):
            mover_wins = not mover_wins
    return -1


cdef int root_verdicts(Search* s, const Solved* node, Root* root,
                       Shared* queue) noexcept nogil:
    """Search root actions taken in turn, in search order, from ``queue`` (shared by the
    threads of a solve, or one thread's own) until none is left, each one's verdict into
    ``root.verdicts``; under ``root.first_win`` until a winning one too (the other threads
    then stopped: solve_root settles which win is the first). 0, or -1 when stopped (the
    other threads then told to stop)."""
    cdef long long i
    cdef Py_ssize_t action
    cdef int r
    while True:
        if s.shared != NULL:
            i = fetch_add(&queue.next_action, 1)
        else:
            i = queue.next_action
            queue.next_action += 1
        if i >= root.count:
            return 0
        action = root.order[i]
        if child_value(s, node, root, action, &r) < 0:
            if s.shared != NULL:
                store_int(&s.shared.halt, 1)
            return -1
        root.verdicts[action] = <int8_t>r
        if r == 1 and root.first_win:
            if s.shared != NULL:
                store_int(&s.shared.halt, 1)
            return 0


# --- threads under the first win: the replies of one root action at a time ---------------------
# Splitting the root's actions among threads wastes the work of every action after the first
# win, which a search that stops there never needed (measured: two threads 0.87x to 1.04x one
# on 36- and 45-card positions and whole deals). The threads share the replies of one root
# action instead, in search order: an action wins only if no reply of the other side beats
# it, so each reply is needed unless one of them refutes the action, and only the replies
# searched after that refutation, and those of the actions after the first win, are wasted.

cdef Py_ssize_t reply_count(Search* s, const Solved* node, const Root* root, Py_ssize_t action,
                            int* verdict) noexcept nogil:
    """The replies searched apart for root action ``action``: 0 when its verdict is known at
    once (into ``verdict``: it ends the hand, or the next player, an opponent, can); 1 when
    its child is searched whole (the side to move moves again, or only the pass answers); -1
    when memory runs out."""
    cdef Solved child = node[0]
    cdef Py_ssize_t n_moves
    if step(&s.g, &child, root.moves, index_of(root, action)):
        verdict[0] = 1
        return 0
    if side_of(&s.g, child.player) == side_of(&s.g, node.player):
        return 1
    n_moves = moves_at(s, s.top, &child)
    if n_moves < 0:
        return -1
    if emptying(&child, s.stack.data + s.top, n_moves) >= 0:
        verdict[0] = 0
        return 0
    return 1 if n_moves == 0 else n_moves + (not is_leading(&child))


cdef int reply_value(Search* s, const Solved* node, const Root* root, Py_ssize_t action,
                     Py_ssize_t k, Py_ssize_t items, int* out) noexcept nogil:
    """Whether root action ``action`` keeps the win against the opponent's reply ``k`` (its
    moves in search order, then the pass), or against every reply when it has one item
    (reply_count). 1/0 into ``out``; -1 when stopped."""
    cdef Solved child = node[0], grandchild
    cdef Py_ssize_t n_moves, top = s.top
    cdef int r
    if items == 1:
        return child_value(s, node, root, action, out)
    step(&s.g, &child, root.moves, index_of(root, action))
    n_moves = moves_at(s, top, &child)
    if n_moves < 0 or not order_moves(s, &child, n_moves):
        return -1
    grandchild = child
    s.top = top + units(node) * n_moves
    if step(&s.g, &grandchild, s.stack.data + top, <int>k if k < n_moves else PASS_INDEX):
        out[0] = 0          # the opponent went out (reply_count saw no such move: a guard)
        s.top = top
        return 0
    r = search(s, &grandchild)
    s.top = top
    if r < 0:
        return -1
    out[0] = r if side_of(&s.g, grandchild.player) == side_of(&s.g, node.player) else 1 - r
    return 0


cdef int next_reply(Search* s, const Solved* node, Root* root, Shared* queue,
                    Py_ssize_t* action, Py_ssize_t* k, Py_ssize_t* items) noexcept nogil:
    """Under the queue's lock: the next reply to search, 1; 0 when none is left or the
    search halts; -1 when memory runs out. The replies left of an action settled meanwhile
    are skipped; actions whose verdict is known at once get it here."""
    cdef int verdict = -1
    while (queue.item >= queue.items or queue.position >= root.count
           or load_int(&queue.settled[root.order[queue.position]])):
        if load_int(&queue.halt):
            return 0
        queue.position += 1
        if queue.position >= root.count:
            return 0
        action[0] = root.order[queue.position]
        queue.item = 0
        queue.items = reply_count(s, node, root, action[0], &verdict)
        if queue.items < 0:
            return -1
        queue.pending[action[0]] = <int>queue.items
        if queue.items == 0:
            root.verdicts[action[0]] = <int8_t>verdict
            store_int(&queue.settled[action[0]], 1)
            if verdict == 1:     # root_replies runs under the first win only
                store_int(&queue.halt, 1)
    action[0] = root.order[queue.position]
    k[0] = queue.item
    items[0] = queue.items
    queue.item += 1
    return 1


cdef void settle_reply(Root* root, Shared* queue, Py_ssize_t action, int r) noexcept nogil:
    """Under the queue's lock: a reply's verdict ``r`` counted for ``action``: a refuting one
    settles it lost, the last of its replies that all failed settles it won (and halts the
    search: the first win is all it asks)."""
    if queue.settled[action]:
        return
    if r == 1:
        queue.pending[action] -= 1
        if queue.pending[action]:
            return
    root.verdicts[action] = <int8_t>r
    store_int(&queue.settled[action], 1)
    if r == 1:
        store_int(&queue.halt, 1)


cdef int join_reply(Root* root, Shared* queue, int me) noexcept nogil:
    """Under the queue's lock: the thread whose reply thread ``me`` helps with (the first
    whose own reply is still searched and its action not settled), -1 when none is."""
    cdef int i
    cdef Job* job
    for i in range(queue.threads):
        job = &queue.jobs[i]
        if i != me and job.ticket % 2 == 0 and not queue.settled[job.action]:
            return i
    return -1


cdef int next_job(Search* s, const Solved* node, Root* root, Shared* queue) noexcept nogil:
    """Under the queue's lock: the job of the thread whose reply thread ``s.me`` searches
    next, its own with a reply of the queue or another's it helps with; -1 when none is
    left or the search halts, -2 when memory runs out."""
    cdef Job* own = &queue.jobs[s.me]
    cdef int found
    store_ll(&own.ticket, own.ticket | 1)   # whatever it searched last is over
    if (0 <= queue.position < root.count and queue.item >= queue.items
            and not queue.settled[root.order[queue.position]]):
        # Every reply of the action searched now is taken: help with one of them rather than
        # search the next action's, which the first win never needs if this action wins (on
        # whole deal seed 0, 14.9 s of two threads became 10.6 s, one thread's 14.6 s). Helping
        # with the first reply too, before the others are taken (young brothers wait), gave
        # 0.39x, 1.42x and 1.48x one thread on the frontier's positions of 36 and 45 cards and
        # whole deals, against 0.78x, 1.72x and 1.32x in the same way without it.
        found = join_reply(root, queue, s.me)
        if found >= 0:
            return found
    found = next_reply(s, node, root, queue, &own.action, &own.k, &own.items)
    if found < 0:
        return -2
    if found:
        own.ticket = 2 * queue.tickets
        queue.tickets += 1
        return s.me
    return -1 if load_int(&queue.halt) else join_reply(root, queue, s.me)


cdef int root_replies(Search* s, const Solved* node, Root* root,
                      Shared* queue) noexcept nogil:
    """replies_of, and then this thread leaves the table's growths (Shared)."""
    cdef int r = replies_of(s, node, root, queue)
    leave_growth(s, node, queue)
    return r


cdef int replies_of(Search* s, const Solved* node, Root* root,
                    Shared* queue) noexcept nogil:
    """One thread's share of the root's verdicts under the first win: replies taken from the
    shared queue, one root action's after another in search order, until none is left or
    the search halts; then it helps another thread with its reply, searching it beside it
    (the first to finish settles it). A reply whose action another thread settled meanwhile
    is left at once. 0, or -1 when stopped (the other threads then told to stop)."""
    cdef Job job
    cdef int owner, found, r = 0
    while True:
        spin_lock(&queue.lock)
        owner = next_job(s, node, root, queue)
        if owner >= 0:
            job = queue.jobs[owner]
        spin_unlock(&queue.lock)
        if owner < 0:
            if owner == -2:
                s.stopped = OUT_OF_MEMORY
                store_int(&queue.halt, 1)
                return -1
            return 0
        s.settled = &queue.settled[job.action]
        s.ticket, s.ticket_value = &queue.jobs[owner].ticket, job.ticket
        found = reply_value(s, node, root, job.action, job.k, job.items, &r)
        s.settled, s.ticket = NULL, NULL
        if found < 0:
            if s.stopped == SETTLED:
                s.stopped = RUNNING
                continue
            store_int(&queue.halt, 1)
            return -1
        spin_lock(&queue.lock)
        if queue.jobs[owner].ticket == job.ticket:      # not settled by a helper meanwhile
            store_ll(&queue.jobs[owner].ticket, job.ticket + 1)
            settle_reply(root, queue, job.action, r)
        spin_unlock(&queue.lock)


cdef int first_win_only(Search* s, const Solved* node, Root* root) noexcept nogil:
    """Under ``root.first_win``, after the root's actions were searched: keep the verdict of
    the first winning action in search order alone, the one a single thread finds. Threads
    stopped by another's win may have left earlier actions unsearched: they are searched here,
    in order, on the warm table. 0, or -1 when stopped."""
    cdef Py_ssize_t i, action
    cdef int r
    cdef bint found = False
    for i in range(root.count):
        action = root.order[i]
        if found:
            root.verdicts[action] = -1      # not asked for: the first win is the answer
            continue
        if root.verdicts[action] < 0:
            if child_value(s, node, root, action, &r) < 0:
                return -1
            root.verdicts[action] = <int8_t>r
        found = root.verdicts[action] == 1
    return 0


cdef int solve_root(Search* s, const Solved* node, Root* root, int objective,
                    bint want_pv, bint shortest) noexcept nogil:
    """From the root's verdicts: the value; then, unless the search stopped, the stake and
    the line of play."""
    cdef Py_ssize_t i
    cdef int side = side_of(&s.g, node.player)
    cdef int64_t best, value
    if root.first_win and not s.stopped:
        first_win_only(s, node, root)       # a stop is read below, from s.stopped
    root.value = 0
    root.stake = 0
    root.dist = -1
    root.pv_length = 0
    for i in range(root.count):
        if root.verdicts[i] == 1:
            root.value = 1
            break
        if root.verdicts[i] < 0:
            root.value = -1
    if s.stopped:
        return 0
    if objective == OBJECTIVE_STAKE:
        # The best so far is kept aside: a search stopped midway knows no stake at all.
        best = 0
        for i in range(root.count):
            if child_stake(s, node, root, i, &value) < 0:
                return 0
            root.stakes[i] = value
            if i == 0 or (value > best if side == 0 else value < best):
                best = value
        root.stake = best
    if want_pv and not shortest:
        if winning_line(s, node, root) < 0:
            root.pv_length = 0
    elif want_pv:
        s.win_side = side if root.value == 1 else 1 - side
        root.dist = distance(s, node, 1)
        if root.dist < 0:
            return 0
        if principal_variation(s, node, root) < 0:
            root.pv_length = 0
    return 0


cdef int _reraise(PyObject* kind, PyObject* value, PyObject* tb) except -1:
    PyErr_Restore(kind, value, tb)
    return -1


cdef object move_object(const Solved* n, const uint64_t* move):
    """The Move of a move on the stack (all zero: the pass): a two-deck move's canonical word
    is its one-deck word when its cards fit one deck; a wild move's word is its laizi word."""
    cdef TwoDecks two
    cdef const LzMove* wild
    if Solved is Play:
        return move_of(move[0])
    elif Solved is FourSeatPlay:
        two = (<const TwoDecks*>move)[0]
        if is_zero(two):
            return Move.PASS
        if fits_one_deck(two):
            return move_of(to_one_deck(two))
        return Move.from_word(<object>two.lo | (<object>two.hi << 64))
    else:
        wild = <const LzMove*>move
        if wild.hi == 0:
            return move_of(wild.lo)
        return Move.from_word(<object>wild.lo | (<object>wild.hi << 64))


cdef tuple root_actions(const Solved* node, const Root* root, const int8_t* marks, int mark):
    """The root actions whose mark is ``mark``, as Moves in canonical order."""
    cdef Py_ssize_t i
    found = []
    for i in range(root.count):
        if marks[i] == mark:
            found.append(Move.PASS if i < root.offset else
                         move_object(node, root.moves + units(node) * (i - root.offset)))
    return tuple(found)


cdef tuple stake_moves(const Solved* node, const Root* root):
    """The root actions that get the root's stake, as Moves; empty when it is not known."""
    cdef Py_ssize_t i
    cdef int8_t* marks
    if root.stake == 0:
        return ()
    marks = <int8_t*>calloc(root.count + 1, 1)
    if marks == NULL:
        raise MemoryError("out of memory for the solver's root")
    try:
        for i in range(root.count):
            marks[i] = root.stakes[i] == root.stake
        return root_actions(node, root, marks, 1)
    finally:
        free(marks)


cdef inline uint64_t floor_power_of_two(uint64_t x) noexcept nogil:
    """The largest power of two at most ``x`` (x >= 1): a count of clusters that a hash's low
    bits index."""
    cdef uint64_t power = 1
    while 2 * power <= x:
        power *= 2
    return power


cdef bint root_order(const Solved* node, Root* root, bint search_order) noexcept nogil:
    """``root.order``: the order the root's actions are searched in. Canonical to find every
    winning move (measured that way); for the first win, the order search() tries a node's
    moves (by order_score, highest first, ties in canonical order), the pass last. False: out
    of memory."""
    cdef Py_ssize_t i, j, n_moves = root.count - root.offset
    cdef int u = units(node)
    cdef int* score
    if not search_order:
        for i in range(root.count):
            root.order[i] = i
        return True
    score = <int*>malloc((n_moves + 1) * sizeof(int))
    if score == NULL:
        return False
    for i in range(n_moves):
        score[i] = order_score(node, root.moves + u * i)
        j = i           # insertion by descending score; equal scores keep canonical order
        while j > 0 and score[root.order[j - 1] - root.offset] < score[i]:
            root.order[j] = root.order[j - 1]
            j -= 1
        root.order[j] = i + root.offset
    if root.offset:
        root.order[n_moves] = 0             # the pass
    free(score)
    return True


# Threads under the first win start after this many nodes of one thread's search (warm_up);
# the tests set it lower with _set_warm_nodes, to search small positions on threads.
cdef int64_t warm_nodes = 1 << 22


def _set_warm_nodes(int64_t nodes):
    """Set the nodes searched on one thread before threads start (under the first win);
    return the value it replaces."""
    global warm_nodes
    old, warm_nodes = warm_nodes, nodes
    return old


cdef bint warm_up(Search* s, const Solved* node, Root* root, Shared* queue,
                  int64_t max_nodes) noexcept nogil:
    """Threads under the first win: the root searched on one thread first, for at most
    ``warm_nodes`` nodes. True when threads are still needed: the replies queue then set to
    resume at the action the warm-up was searching (the actions before it are lost). A solve
    of a fraction of a second then costs no more than on one thread."""
    s.max_nodes = min(max_nodes, warm_nodes)
    root_verdicts(s, node, root, queue)
    s.max_nodes = max_nodes
    if s.stopped != OUT_OF_NODES or max_nodes <= warm_nodes:
        return False        # solved, or stopped for good
    s.stopped = RUNNING
    queue.position = queue.next_action - 2      # next_reply moves on to the next position
    queue.nodes = s.nodes
    return True


cdef struct ThreadSearch:
    # A thread's Search and never-written bytes after it: each thread writes its counts and
    # its stack top at every node, and reads its Game at every node; without the gap the end
    # of one thread's Search shared a cache line with the start of the next one's.
    Search s
    char gap[128]


cdef class _RootThreads:
    """The threads of one solve's root: each takes the next root action from the shared queue
    and searches it (root_verdicts), or under the first win the next reply (root_replies), on
    a Search of its own, all of them on one table."""
    cdef ThreadSearch* searches
    cdef const void* node
    cdef Root* root
    cdef Shared* queue
    cdef int kind               # the table: 0 classic, 1 wild cards, 2 four seats

    def work(self, int i):
        with nogil:
            if self.kind == 0:
                share_root(&self.searches[i].s, <const Play*>self.node, self.root, self.queue)
            elif self.kind == 1:
                share_root(&self.searches[i].s, <const WildPlay*>self.node, self.root, self.queue)
            else:
                share_root(&self.searches[i].s, <const FourSeatPlay*>self.node, self.root,
                           self.queue)


cdef int share_root(Search* s, const Solved* node, Root* root, Shared* queue) noexcept nogil:
    """One thread's share of the root: replies under the first win, else whole actions."""
    if root.first_win:
        return root_replies(s, node, root, queue)
    return root_verdicts(s, node, root, queue)


cdef int search_root_in_threads(TranspositionTable table, Search* s, const Solved* node,
                                Root* root, Shared* shared, int threads) except -1:
    """The root's verdicts searched by ``threads`` threads sharing the table (the calling
    thread one of them, the one that runs Python's signal handlers: Ctrl-C stops them all).
    Into ``s``: the nodes of all, and why they stopped (the first reason but another's
    stop)."""
    cdef ThreadSearch* searches = <ThreadSearch*>calloc(threads, sizeof(ThreadSearch))
    cdef _RootThreads work = _RootThreads()
    cdef int i
    if searches == NULL:
        raise MemoryError("out of memory for the solver's threads")
    s.shared, s.locks = shared, table.locks
    if shared.jobs != NULL:                 # the first win: the table grows (Shared)
        shared.mask, shared.fills, shared.active = s.mask, max(s.fills, 0), threads
        s.fills = 0 if s.fills >= 0 else -1
    else:
        s.mask, s.fills = s.full_mask, -1   # no growing while they search
    for i in range(threads):
        searches[i].s = s[0]
        searches[i].s.me = i
        searches[i].s.busy = shared.busy
        searches[i].s.busy_cards = cards_in(node) - BUSY_DEPTH
        if i:
            searches[i].s.nodes = 0
            searches[i].s.stack.data, searches[i].s.stack.cap = NULL, 0
            searches[i].s.scratch.data, searches[i].s.scratch.cap = NULL, 0
            searches[i].s.top = 0
    work.searches, work.node, work.root, work.queue = searches, node, root, shared
    work.kind = 0 if Solved is Play else (1 if Solved is WildPlay else 2)
    import threading
    helpers = [threading.Thread(target=work.work, args=(i,)) for i in range(1, threads)]
    try:
        for helper in helpers:
            helper.start()
        work.work(0)
    finally:
        if searches[0].s.stopped:
            store_int(&shared.halt, 1)
        for helper in helpers:
            helper.join()
        s[0] = searches[0].s        # the calling thread's stack, signal and counts
        if s.stopped == HALTED:
            s.stopped = RUNNING
        for i in range(1, threads):
            s.nodes += searches[i].s.nodes
            if s.stopped == RUNNING and searches[i].s.stopped != HALTED:
                s.stopped = searches[i].s.stopped
            free(searches[i].s.stack.data)
            free(searches[i].s.scratch.data)
        free(searches)
        s.shared = NULL             # one thread from here on: the stake and the line
        s.busy = NULL
        if shared.jobs != NULL and s.fills >= 0:
            s.fills = shared.fills  # the entries of all (but a step's), for growing again
    return 0


cdef tuple run(TranspositionTable table, Solved* node, Game* g, int objective,
               int64_t max_nodes, double time_limit, int line, int threads):
    """Solve ``node`` (checked by the entry point that built it): see _solve for the result."""
    cdef Search s
    cdef Root root
    cdef Shared shared
    cdef Py_ssize_t n_moves, i
    cdef int u = units(node)
    cdef double start
    cdef size_t cluster = cluster_bytes(node)
    cdef bint warm
    memset(&s, 0, sizeof(s))
    memset(&root, 0, sizeof(root))
    memset(&shared, 0, sizeof(shared))
    s.g = g[0]
    s.table = table.entries
    s.full_mask = floor_power_of_two(table.nbytes // cluster) - 1
    s.mask = min(s.full_mask, floor_power_of_two(START_BYTES // cluster) - 1)
    s.gen = table.next_generation(PLAIN_LAYOUT if Solved is Play else WIDE_LAYOUT)
    s.max_nodes = max_nodes
    try:
        if not room(&s, 4096):
            raise MemoryError("out of memory for the solver's move stack")
        n_moves = moves_at(&s, 0, node)
        if n_moves < 0:
            raise MemoryError("out of memory for the solver's move stack")
        root.offset = 0 if is_leading(node) else 1
        root.count = n_moves + root.offset
        root.moves = <uint64_t*>malloc((u * n_moves + 1) * sizeof(uint64_t))
        root.verdicts = <int8_t*>malloc(root.count + 1)
        root.stakes = <int64_t*>calloc(root.count + 1, sizeof(int64_t))
        root.pv = <uint64_t*>malloc(u * MAX_ACTIONS * sizeof(uint64_t))
        root.order = <Py_ssize_t*>malloc((root.count + 1) * sizeof(Py_ssize_t))
        if not (root.moves and root.verdicts and root.stakes and root.pv and root.order):
            raise MemoryError("out of memory for the solver's root")
        memcpy(root.moves, s.stack.data, u * n_moves * sizeof(uint64_t))
        memset(root.verdicts, -1, root.count + 1)
        root.first_win = objective == OBJECTIVE_FIRST_WIN
        if not root_order(node, &root, root.first_win):
            raise MemoryError("out of memory for the solver's root")
        start = now()
        s.deadline = start + time_limit if time_limit > 0 else 0
        if threads > 1 and root.first_win:
            shared.position = -1
            shared.pending = <int*>calloc(root.count + 1, sizeof(int))
            shared.settled = <int*>calloc(root.count + 1, sizeof(int))
            shared.threads = threads
            shared.jobs = <Job*>calloc(threads, sizeof(Job))
            shared.busy = <int*>calloc(BUSY_SLOTS, sizeof(int))
            if (shared.pending == NULL or shared.settled == NULL or shared.jobs == NULL
                    or shared.busy == NULL):
                raise MemoryError("out of memory for the solver's root")
            for i in range(threads):
                shared.jobs[i].ticket = 1       # no job yet: nothing to help with
            with nogil:
                warm = warm_up(&s, node, &root, &shared, max_nodes)
            if warm:
                search_root_in_threads(table, &s, node, &root, &shared, threads)
        elif threads > 1 and root.count > 1:
            search_root_in_threads(table, &s, node, &root, &shared, min(threads, root.count))
        else:
            with nogil:
                root_verdicts(&s, node, &root, &shared)
        with nogil:
            solve_root(&s, node, &root, objective, line != NO_LINE, line == SHORTEST_LINE)
        seconds = now() - start
        if s.stopped == SIGNALLED:
            _reraise(s.exc_type, s.exc_value, s.exc_tb)
        return (root_actions(node, &root, root.verdicts, 1),
                stake_moves(node, &root) if objective == OBJECTIVE_STAKE else (),
                tuple([move_object(node, root.pv + u * i) for i in range(root.pv_length)]),
                root.value, stake_of(node, root.stake) if root.stake else 0, root.dist,
                s.nodes, seconds, s.stopped)
    finally:
        table.wrote(cluster * (s.mask + 1))
        free(s.stack.data)
        free(s.scratch.data)
        free(root.moves)
        free(root.verdicts)
        free(root.stakes)
        free(root.pv)
        free(root.order)
        free(shared.pending)
        free(shared.settled)
        free(shared.jobs)
        free(shared.busy)


# --- the entry points (arguments validated by ddz_fast.search.solver) ---------------------------

cdef enum:
    NO_LINE = 0             # ``line``: no line of play,
    WINNING_LINE = 1        # a winning line (winning_line),
    SHORTEST_LINE = 2       # the principal variation and its distance (principal_variation)

# Each takes the line of play to find (NO_LINE, WINNING_LINE or SHORTEST_LINE) and the threads
# that search the root's actions, and returns a
# tuple: the winning moves (Moves in canonical order, Move.PASS for the pass), the stake moves
# (the actions whose stake is the node's; empty unless the stake is known), the line of play
# (Moves; empty when not found), then ``value`` (1/0, -1 unknown), the signed stake (0 unknown),
# the distance (-1 unknown), the nodes, the seconds and the stop code (0 finished; 1 nodes, 2
# time, 4 memory ran out). A signal handler's exception (KeyboardInterrupt) propagates.

def _solve(TranspositionTable table, tuple hands, int landlord, int to_move, uint64_t prev,
           int passes, bint duel, rules, int objective, int64_t max_nodes, double time_limit,
           int line, int threads):
    """Solve a position of three hands of one deck, or a duel (two hands and a third of 0)."""
    cdef Options opts = options_of(rules)
    cdef Game g
    cdef Play node
    if duel:
        if len(hands) != 3 or hands[2] != 0 or passes or to_move or landlord:
            raise ValueError("a duel is two hands and an empty third, its first player to move")
        node = play_of((hands[0], hands[1], 0), 0, 0, prev, 0)
    else:
        node = play_of(hands, landlord, to_move, prev, passes)
    g.o, g.landlord, g.partner, g.duel, g.app = &opts, landlord, -1, duel, False
    return run(table, &node, &g, objective, max_nodes, time_limit, line, threads)


def _solve_laizi(TranspositionTable table, tuple hands, int landlord, int to_move, tuple prev,
                 int passes, tuple wild, rules, int objective, int64_t max_nodes,
                 double time_limit, int line, int threads):
    """Solve a position of three hands with wild ranks ``wild`` (the move to beat as
    table_positions.wild_play_of takes it)."""
    cdef Options opts = wild_options(rules)
    cdef WildPlay node = wild_play_of(hands, landlord, to_move, prev, passes, wild)
    cdef Game g
    g.o, g.landlord, g.partner, g.duel = &opts, landlord, -1, False
    g.app = rules.bomb_multiplier == "app"
    return run(table, &node, &g, objective, max_nodes, time_limit, line, threads)


def _solve_four_player(TranspositionTable table, tuple hands, int to_move, uint64_t prev_lo,
                       uint64_t prev_hi, int passes, int landlord, int partner, rules,
                       int objective, int64_t max_nodes, double time_limit, int line,
                       int threads):
    """Solve a position of four hands of two decks (their rank counts; the move to beat's
    two-deck word as its halves), the landlord with ``partner`` (-1: alone)."""
    cdef Options opts = options_of(rules, 2)
    cdef FourSeatPlay node = four_seat_play_of(hands, to_move, prev_lo, prev_hi, passes)
    cdef Game g
    if not 0 <= landlord < 4 or not -1 <= partner < 4 or partner == landlord:
        raise ValueError(f"the landlord ({landlord}) and partner ({partner}) are two seats")
    node.landlord = landlord
    g.o, g.landlord, g.partner, g.duel, g.app = &opts, landlord, partner, False, False
    return run(table, &node, &g, objective, max_nodes, time_limit, line, threads)
