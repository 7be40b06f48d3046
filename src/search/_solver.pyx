# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, freethreading_compatible=True
"""The native perfect-information solver: who wins, every winning move and a line of play.

An OR-AND search over the core's words with a first-win cutoff and a transposition table of fixed
memory, without the GIL. ddz_fast.search.solver validates every argument and is the only caller;
ddz_fast.reference.solver is the readable specification this search must agree with.

A node is a play position with every hand visible: the hands, the player to move, the move to
beat and the passes since it. Two modes share one search:

* three hands: the landlord's side (side 0) against the two peasants (side 1), who play as one
  side; two passes in a row give the lead back to the last player who moved;
* a duel: two hands, players 0 and 1 are sides 0 and 1; one pass gives the lead to the other.

Values are always "the side to move wins"; a child whose mover is on the same side (a peasant
followed by its partner) keeps the value, otherwise it flips.
"""
from cpython.exc cimport PyErr_Fetch, PyErr_Restore
from cpython.object cimport PyObject
from libc.stdint cimport int8_t, int64_t, uint8_t, uint16_t, uint64_t
from libc.stdlib cimport calloc, free, malloc
from libc.string cimport memset

from movegen cimport *
from rule_options cimport options_of
from memory cimport advise_huge
from rng cimport mix64
from words cimport Words, generate_into, reserve

from ddz_fast.moves._interned cimport move_of_word as move_of

from ddz_fast import bitboard
from ddz_fast.move import MOVE_TYPES, TYPE_CODES

__all__ = ["TranspositionTable", "_solve"]


def _check_layout():
    """The type codes and word constants must be those of the Python modules."""
    if list(MOVE_TYPES)[T_ROCKET] != "rocket" or TYPE_CODES["bomb"] != T_BOMB:
        raise ImportError("ddz_fast._solver was built for other move type codes; rebuild it")
    if (bitboard.COUNT_MASK, bitboard.FLAG_MASK, bitboard.TYPE_SHIFT) != (
            COUNT_MASK, FLAG_MASK, TYPE_SHIFT):
        raise ImportError("ddz_fast._solver was built for another word layout; rebuild it")


_check_layout()

# The Move of a word is the one ddz_fast.moves._interned shares (made once per word, then a
# table look-up): the results are built here without a Python call per move.

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


# --- nodes ---------------------------------------------------------------------------------------

cdef struct Node:
    uint64_t hands[3]
    uint64_t prev        # the move word to beat; 0 when the player to move leads
    int player
    int passes              # three hands: passes since ``prev`` (0 or 1); duels: always 0


cdef struct Game:
    const Options* o
    int landlord            # three hands: the landlord's seat; duels: 0
    bint duel


cdef inline int side_of(const Game* g, int player) noexcept nogil:
    """0: the landlord (or the first player of a duel); 1: the other side."""
    if g.duel:
        return player
    return player != g.landlord


cdef inline bint step(const Game* g, Node* n, uint64_t move) noexcept nogil:
    """The player to move plays ``move`` (0 passes); True when that empties its hand."""
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


# --- the transposition table ---------------------------------------------------------------------
# Clusters of two 32-byte entries share one 64-byte cache line. An entry holds the whole node
# (three hand words and a tag of 17 bits packed into their spare bits), so a hit is never a
# collision: the key check is exact. Entries of an older generation (an earlier solve) are empty.

cdef enum:
    KNOWN = 1               # flags: the value is stored ...
    WINS = 2                # ... and the side to move wins
    STAKE_KNOWN = 4
    NO_BEST = 0xFFFF
    PASS_INDEX = 0xFFFE
    FAR = 255               # a distance bound meaning "unbounded"
    MAX_ACTIONS = 250       # a hand never lasts this long: 54 cards, at most 3 actions a card


cdef struct Entry:
    uint64_t key[3]
    uint8_t gen
    uint8_t flags
    uint8_t lo              # the winning side needs at least ``lo`` actions to finish
    uint8_t hi              # ... and at most ``hi`` (FAR: not known)
    uint8_t work            # bit length of the nodes the last search below it visited
    int8_t stake            # the exact stake value (see stake_search) when STAKE_KNOWN
    uint16_t best           # the action that decided the node last time, tried first


cdef struct Key:
    uint64_t k[3]
    uint64_t hash


cdef inline uint64_t beat_tag(uint64_t prev) noexcept nogil:
    """What of the move to beat matters from here on: its type, key and length, and a space
    shuttle's kind (14 bits).

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


cdef inline uint64_t hash_key(const uint64_t* k) noexcept nogil:
    return mix64(k[0] ^ mix64(k[1] ^ mix64(k[2])))


cdef inline void make_key(const Node* n, Key* key) noexcept nogil:
    # The tag (beat 14 bits, player 2, passes 1) goes into bits no hand word uses: the top
    # nibble (60..63) of each word and the flag bits 3, 7, 11, 15 and 19 of the third.
    cdef uint64_t tag = beat_tag(n.prev) | (<uint64_t>n.player << 14) | (<uint64_t>n.passes << 16)
    cdef uint64_t flags = 0
    cdef int bit
    for bit in range(5):
        flags |= ((tag >> (12 + bit)) & 1) << (4 * bit + 3)
    key.k[0] = n.hands[0] | ((tag & 15) << 60)
    key.k[1] = n.hands[1] | (((tag >> 4) & 15) << 60)
    key.k[2] = n.hands[2] | (((tag >> 8) & 15) << 60) | flags
    key.hash = hash_key(key.k)


cdef inline int bit_length(int64_t x) noexcept nogil:
    cdef int n = 0
    while x > 0 and n < 255:
        x >>= 1
        n += 1
    return n


cdef class TranspositionTable:
    """A transposition table of fixed size, reused by one solve at a time."""
    cdef void* block
    cdef Entry* entries
    cdef uint64_t mask          # clusters - 1 (a power of two)
    cdef uint64_t used          # clusters a solve may have written since the last clear
    cdef uint8_t gen
    cdef readonly Py_ssize_t nbytes

    def __cinit__(self, Py_ssize_t nbytes):
        cdef size_t clusters = 1, align = 1 << 21
        while clusters * 2 * 64 <= <size_t>nbytes:
            clusters *= 2
        # calloc maps zero pages lazily: memory is touched only where the search writes.
        self.block = calloc(clusters * 64 + align, 1)
        if self.block == NULL:
            raise MemoryError(f"cannot allocate a transposition table of {nbytes} bytes")
        self.entries = <Entry*>((<size_t>self.block + align - 1) & ~(align - 1))
        advise_huge(self.entries, clusters * 64)
        self.mask = clusters - 1
        self.nbytes = clusters * 64
        self.gen = 0
        self.used = 0

    def __dealloc__(self):
        free(self.block)

    cdef uint8_t next_generation(self):
        """A new generation: every entry of the earlier ones now reads as empty.

        When the tag wraps, only the clusters the solves wrote are cleared: most solves use a
        small prefix, and clearing all of a 64 MB table (touching each of its pages) took up to
        0.2 s of CPU time, more than 255 duels of 8 cards a side take together.
        """
        if self.gen == 255:
            memset(self.entries, 0, self.used * 64)
            self.gen = 0
            self.used = 0
        self.gen += 1
        return self.gen

    cdef void wrote(self, uint64_t clusters):
        """A solve of this generation used the first ``clusters`` clusters."""
        if clusters > self.used:
            self.used = clusters


# --- the search state ----------------------------------------------------------------------------

cdef enum:
    RUNNING = 0
    OUT_OF_NODES = 1
    OUT_OF_TIME = 2
    SIGNALLED = 3
    OUT_OF_MEMORY = 4
    START_CLUSTERS = 1 << 14  # 1 MB of the table at first
    TIME_EVERY = 1023       # look at the clock every 1024 nodes
    SIGNALS_EVERY = 65535   # and for signals every 65,536


cdef struct Search:
    Game g
    Entry* table
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
    Py_ssize_t top


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
    return False


cdef inline bint room(Search* s, Py_ssize_t need) noexcept nogil:
    """Room for ``need`` words on the move stack (False, with the search stopped, when memory
    runs out)."""
    if reserve(&s.stack, need):
        return True
    s.stopped = OUT_OF_MEMORY
    return False


cdef inline Py_ssize_t moves_at(Search* s, Py_ssize_t at, const Node* n) noexcept nogil:
    """Generate the moves of the player to move into the stack at ``at``, in canonical order;
    their number, or -1 (with the search stopped) when memory runs out."""
    cdef Py_ssize_t count = generate_into(&s.stack, at, n.hands[n.player], n.prev, s.g.o)
    if count < 0:
        s.stopped = OUT_OF_MEMORY
    return count


cdef extern from *:
    """
    /* The flag bits (bit 4r + 3 of rank r) of the two jokers, and of the chain ranks 3..A. */
    #define DDZ_JOKER_FLAGS 0x0880000000000000ULL
    #define DDZ_CHAIN_FLAGS 0x0000888888888888ULL
    """
    const uint64_t JOKER_FLAGS "DDZ_JOKER_FLAGS"
    const uint64_t CHAIN_FLAGS "DDZ_CHAIN_FLAGS"


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


cdef inline int order_score(uint64_t move, uint64_t hand) noexcept nogil:
    """Higher first (0 .. SCORES - 1): the moves that leave the fewest turns to play out
    (turns_left), then the longest (they shed the most cards); bombs and the rocket last (they
    are the reserve that answers anything).

    Node counts measured on 20 duels of 10 and 12 cards a side and 20 three-hand positions
    of 20 and 25 cards, against the longest-first order: fewest turns left first searched
    23% to 58% fewer nodes (the number of distinct ranks left did almost as well); within a
    length, high keys first searched 3 times the nodes; shortest first 3 to 4 times; trying
    first the moves no opponent can beat (a cheap test of main ranks, bombs and the rocket)
    twice the nodes, and even as the last tie-break 2.5 times (duels of 12).
    """
    if is_bomb(move):
        return 0
    return (15 - min(15, turns_left(hand - (move & COUNT_MASK)))) * 21 + \
        card_count(move & COUNT_MASK)


cdef enum:
    SCORES = 16 * 21        # order_score < SCORES
    SHORT_LIST = 64         # lists sorted by insertion

cdef bint order_moves(Search* s, const Node* n, Py_ssize_t n_moves) noexcept nogil:
    """Put the ``n_moves`` moves generated on top of the stack in search order (False: out of
    memory).

    Order: by order_score, highest first; ties keep the canonical order, so the order is a
    function of the node alone and a stored best index stays valid. Short lists (most of
    them) are sorted by insertion on packed (score, position) keys; long ones by counting,
    whose pass over every possible score would cost more than the sort of a short list.
    """
    cdef Py_ssize_t i, j, fill, count
    cdef Py_ssize_t start[SCORES]
    cdef int score
    cdef uint64_t key, hand = n.hands[n.player]
    cdef uint64_t* moves
    cdef uint64_t* spare
    cdef uint64_t* keys
    if n_moves <= 1:
        return True
    if not room(s, s.top + 3 * n_moves):
        return False
    moves = s.stack.data + s.top
    spare = moves + n_moves
    keys = spare + n_moves
    for i in range(n_moves):
        spare[i] = moves[i]
    if n_moves <= SHORT_LIST:
        for i in range(n_moves):
            # A higher score first, then the earlier position: one descending key.
            key = (<uint64_t>order_score(spare[i], hand) << 32) | <uint64_t>(SHORT_LIST - i)
            j = i
            while j > 0 and keys[j - 1] < key:
                keys[j] = keys[j - 1]
                j -= 1
            keys[j] = key
        for i in range(n_moves):
            moves[i] = spare[SHORT_LIST - <Py_ssize_t>(keys[i] & 0xFFFFFFFFULL)]
        return True
    memset(start, 0, sizeof(start))
    for i in range(n_moves):
        score = order_score(spare[i], hand)
        start[SCORES - 1 - score] += 1
        keys[i] = score
    fill = 0
    for score in range(SCORES):     # counts -> first slot of each score, highest first
        count = start[score]
        start[score] = fill
        fill += count
    for i in range(n_moves):
        score = <int>keys[i]
        moves[start[SCORES - 1 - score]] = spare[i]
        start[SCORES - 1 - score] += 1
    return True


cdef inline Py_ssize_t emptying(const uint64_t* moves, Py_ssize_t n, uint64_t hand) noexcept nogil:
    """The index of a move that plays the whole hand, or -1."""
    cdef Py_ssize_t i
    for i in range(n):
        if moves[i] & COUNT_MASK == hand:
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

cdef inline Entry* cluster_of(const Search* s, uint64_t hash) noexcept nogil:
    return s.table + 2 * (hash & s.mask)


cdef inline Entry* find(const Search* s, const Key* key) noexcept nogil:
    cdef Entry* e = cluster_of(s, key.hash)
    cdef int i
    for i in range(2):
        if (e.gen == s.gen and e.key[0] == key.k[0] and e.key[1] == key.k[1]
                and e.key[2] == key.k[2]):
            return e
        e += 1
    return NULL


cdef void grow(Search* s) noexcept nogil:
    """Double the part of the table in use, moving the entries whose cluster changes."""
    cdef uint64_t old = s.mask + 1, i, j
    cdef Entry* e
    cdef Entry* dest
    if old > s.full_mask:
        s.fills = -1                # the whole table is in use: never grow again
        return
    s.mask = 2 * old - 1
    s.fills = 0
    for i in range(old):
        for j in range(2):
            e = s.table + 2 * i + j
            if e.gen == s.gen and hash_key(e.key) & old:
                dest = s.table + 2 * (i + old) + j      # unused this generation: free
                dest[0] = e[0]
                e.gen = 0
            if e.gen == s.gen:
                s.fills += 1


cdef inline Entry* claim(Search* s, const Key* key, int work) noexcept nogil:
    """The entry of the node, made when missing: an empty or stale slot first, else the first
    slot when this search cost at least as much as its node's (depth-preferred), else the
    second (always replaced)."""
    cdef Entry* e = find(s, key)
    cdef Entry* first
    if e != NULL:
        if work > e.work:
            e.work = work
        return e
    if s.fills > <int64_t>s.mask:
        grow(s)
    first = cluster_of(s, key.hash)
    if first.gen != s.gen:
        e = first
        s.fills += s.fills >= 0
    elif (first + 1).gen != s.gen:
        e = first + 1
        s.fills += s.fills >= 0
    elif work >= first.work:
        e = first
    else:
        e = first + 1
    e.key[0], e.key[1], e.key[2] = key.k[0], key.k[1], key.k[2]
    e.gen = s.gen
    e.flags = 0
    e.lo = 0
    e.hi = FAR
    e.work = work
    e.stake = 0
    e.best = NO_BEST
    return e


# --- the value: does the side to move win? -------------------------------------------------------

cdef int search(Search* s, const Node* n) noexcept nogil:
    """1 when the side to move wins ``n`` with best play, 0 when it loses, -1 when stopped.

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
    cdef Entry* e
    cdef Node child
    cdef Py_ssize_t n_moves, top = s.top, k
    cdef int64_t start_nodes
    cdef int index, best, r, side = side_of(&s.g, n.player)
    cdef bint following = n.prev != 0
    if tick(s):
        return -1
    if not following:
        make_key(n, &key)
        prefetch_write(cluster_of(s, key.hash), 64)    # fetched while the moves are generated
    n_moves = moves_at(s, top, n)
    if n_moves < 0:
        return -1
    if emptying(s.stack.data + top, n_moves, n.hands[n.player]) >= 0:
        return 1                    # cheaper to find again than to store
    if n_moves == 0:
        # Nothing beats the move: the pass is forced, and the node has the value of the next
        # one. Stored or not, the table would only repeat that node's entry.
        child = n[0]
        step(&s.g, &child, 0)
        r = search(s, &child)
        if r < 0:
            return -1
        return r if side_of(&s.g, child.player) == side else 1 - r
    best = NO_BEST
    if not following:
        e = find(s, &key)
        if e != NULL:
            if e.flags & KNOWN:
                return (e.flags & WINS) != 0
            best = e.best
    start_nodes = s.nodes
    if not order_moves(s, n, n_moves):
        return -1
    s.top = top + n_moves
    for k in range(n_moves + 2):
        index = action_index(k, n_moves, best, following)
        if index < 0:
            continue
        child = n[0]
        step(&s.g, &child, 0 if index == PASS_INDEX else s.stack.data[top + index])
        r = search(s, &child)
        if r < 0:
            s.top = top
            return -1
        if (r == 1) == (side_of(&s.g, child.player) == side):
            s.top = top
            if not following:
                e = claim(s, &key, bit_length(s.nodes - start_nodes))
                e.flags |= KNOWN | WINS
                e.best = index
            return 1
    s.top = top
    if not following:
        e = claim(s, &key, bit_length(s.nodes - start_nodes))
        e.flags = (e.flags & ~WINS) | KNOWN
    return 0


# --- the distance: how fast the winning side can finish ------------------------------------------
# D(n) is the number of actions to the end when the winning side ends the hand as fast as it can
# and the other side delays as long as it can (infinite where ``win_side`` does not win).
# reach(n, d) answers "D(n) <= d"; the table keeps proven bounds lo <= D <= hi across calls.

cdef int reach(Search* s, const Node* n, int d) noexcept nogil:
    """1 when ``s.win_side`` can end the hand with its win within ``d`` actions, 0 when it
    cannot, -1 when stopped."""
    cdef Key key
    cdef Entry* e
    cdef Node child
    cdef Py_ssize_t n_moves, top = s.top, k
    cdef int64_t start_nodes
    cdef int index, best, r
    cdef bint winner = side_of(&s.g, n.player) == s.win_side
    cdef bint following = n.prev != 0
    if d <= 0:
        return 0
    if tick(s):
        return -1
    make_key(n, &key)
    prefetch_write(cluster_of(s, key.hash), 64)
    n_moves = moves_at(s, top, n)
    if n_moves < 0:
        return -1
    if emptying(s.stack.data + top, n_moves, n.hands[n.player]) >= 0:
        # The mover goes out now: D = 1 when it is on the winning side, else that side
        # never finishes first.
        return winner
    if n_moves == 0:                # a forced pass: D(n) = 1 + D(next node)
        child = n[0]
        step(&s.g, &child, 0)
        return reach(s, &child, d - 1)
    e = find(s, &key)
    best = NO_BEST
    if e != NULL:
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
        e = claim(s, &key, 0)
        e.lo = max(e.lo, 2)
        return 0
    s.top = top + n_moves
    for k in range(n_moves + 2):
        index = action_index(k, n_moves, best, following)
        if index < 0:
            continue
        child = n[0]
        step(&s.g, &child, 0 if index == PASS_INDEX else s.stack.data[top + index])
        r = reach(s, &child, d - 1)
        if r < 0:
            s.top = top
            return -1
        if (r == 1) == winner:      # a finish within d (winner) or a delay past d (other)
            s.top = top
            e = claim(s, &key, bit_length(s.nodes - start_nodes))
            e.best = index
            if winner:
                e.hi = min(e.hi, d)
            else:
                e.lo = max(e.lo, d + 1)
            return r
    s.top = top
    e = claim(s, &key, bit_length(s.nodes - start_nodes))
    if winner:
        e.lo = max(e.lo, d + 1)
    else:
        e.hi = min(e.hi, d)
    return not winner


cdef int distance(Search* s, const Node* n, int low) noexcept nogil:
    """D(n) by iterative deepening from ``low``; -1 when stopped or unbounded."""
    cdef int d, r
    for d in range(max(low, 1), MAX_ACTIONS):
        r = reach(s, n, d)
        if r < 0:
            return -1
        if r == 1:
            return d
    return -1


# --- the stake: the signed multiplier from here on -----------------------------------------------
# Encoded as +(k + 1) when side 0 (the landlord, or a duel's first player) wins with k bombs
# and rockets played from here, -(k + 1) when it loses: the order of the codes is the order of
# the stakes +2**k and -2**k, so side 0 maximises the code and side 1 minimises it.

cdef inline int with_bomb(int code) noexcept nogil:
    """The code when one more bomb or rocket doubles the stake."""
    return code + 1 if code > 0 else code - 1


cdef int stake_search(Search* s, const Node* n, int* out) noexcept nogil:
    """The exact stake code of ``n`` into ``out``; 0, or -1 when stopped."""
    cdef Key key
    cdef Entry* e
    cdef Node child
    cdef Py_ssize_t n_moves, top = s.top, k
    cdef int64_t start_nodes
    cdef int index, value, found = 0, side = side_of(&s.g, n.player)
    cdef bint following = n.prev != 0
    cdef uint64_t move
    if tick(s):
        return -1
    make_key(n, &key)
    e = find(s, &key)
    if e != NULL and e.flags & STAKE_KNOWN:
        out[0] = e.stake
        return 0
    start_nodes = s.nodes
    n_moves = moves_at(s, top, n)
    if n_moves < 0:
        return -1
    s.top = top + n_moves
    for k in range(-1 if following else 0, n_moves):
        move = 0 if k < 0 else s.stack.data[top + k]
        child = n[0]
        if step(&s.g, &child, move):
            value = 1 if side == 0 else -1
        elif stake_search(s, &child, &value) < 0:
            s.top = top
            return -1
        if move != 0 and is_bomb(move):
            value = with_bomb(value)
        if k == (-1 if following else 0) or (value > found if side == 0 else value < found):
            found = value
    s.top = top
    e = claim(s, &key, bit_length(s.nodes - start_nodes))
    e.flags |= STAKE_KNOWN
    e.stake = <int8_t>found
    out[0] = found
    return 0


# --- the root ------------------------------------------------------------------------------------

cdef enum:
    OBJECTIVE_WIN = 0
    OBJECTIVE_STAKE = 1


cdef struct Root:
    Node node
    uint64_t* actions       # canonical order: the pass first when following, then the moves
    int8_t* verdicts        # per action: 1 keeps the win, 0 loses, -1 not searched (stopped)
    int8_t* stakes          # per action: its stake code (objective stake)
    Py_ssize_t count
    int value               # 1: the side to move wins, 0: it loses, -1: unknown
    int stake               # the stake code, 0 unknown
    int dist                # D of the root, -1 unknown
    uint64_t* pv
    int pv_length


cdef int child_value(Search* s, const Node* n, uint64_t action, int* out) noexcept nogil:
    """Whether ``action`` keeps the win for the side to move of ``n`` (1/0), -1 stopped."""
    cdef Node child = n[0]
    cdef int r
    if step(&s.g, &child, action):
        out[0] = 1
        return 0
    r = search(s, &child)
    if r < 0:
        return -1
    out[0] = r if side_of(&s.g, child.player) == side_of(&s.g, n.player) else 1 - r
    return 0


cdef int child_stake(Search* s, const Node* n, uint64_t action, int* out) noexcept nogil:
    cdef Node child = n[0]
    cdef int value
    if step(&s.g, &child, action):
        value = 1 if side_of(&s.g, n.player) == 0 else -1
    elif stake_search(s, &child, &value) < 0:
        return -1
    out[0] = with_bomb(value) if action != 0 and is_bomb(action) else value
    return 0


cdef int child_distance(Search* s, const Node* n, uint64_t action, int d) noexcept nogil:
    """reach() of the child after ``action``, counting the action itself: D(n via action) <= d."""
    cdef Node child = n[0]
    if step(&s.g, &child, action):
        return d >= 1 and side_of(&s.g, n.player) == s.win_side
    return reach(s, &child, d - 1)


cdef int principal_variation(Search* s, Root* root) noexcept nogil:
    """The line of best play from the root into ``root.pv``: at each node the first action in
    canonical order that realises the distance (D - 1 left after it). 0, or -1 when stopped."""
    cdef Node node = root.node
    cdef int d = root.dist, r
    cdef Py_ssize_t n_moves, k, top = s.top
    cdef bint winner
    cdef uint64_t action
    root.pv_length = 0
    while d > 0:
        winner = side_of(&s.g, node.player) == s.win_side
        n_moves = moves_at(s, top, &node)
        if n_moves < 0:
            return -1
        s.top = top + n_moves
        for k in range(-1 if node.prev != 0 else 0, n_moves):
            action = 0 if k < 0 else s.stack.data[top + k]
            # The winning side takes an action that still finishes within d - 1; the other
            # side takes one after which the finish needs all of d - 1 (its longest delay).
            r = child_distance(s, &node, action, d if winner else d - 1)
            if r < 0:
                s.top = top
                return -1
            if r == winner:
                break
        s.top = top
        root.pv[root.pv_length] = action
        root.pv_length += 1
        step(&s.g, &node, action)
        d -= 1
    return 0


cdef int solve_root(Search* s, Root* root, int objective, bint want_pv) noexcept nogil:
    """Every root action's verdict, the value, the stake and the principal variation."""
    cdef Py_ssize_t i
    cdef int r, best, value, undecided = 0, side = side_of(&s.g, root.node.player)
    root.value = -1
    root.stake = 0
    root.dist = -1
    root.pv_length = 0
    for i in range(root.count):
        root.verdicts[i] = -1
    for i in range(root.count):
        if child_value(s, &root.node, root.actions[i], &r) < 0:
            undecided = 1
            break
        root.verdicts[i] = <int8_t>r
        if r == 1:
            root.value = 1
    if not undecided and root.value < 0:
        root.value = 0
    if s.stopped:
        return 0
    if objective == OBJECTIVE_STAKE:
        # The best so far is kept aside: a search stopped midway knows no stake at all.
        best = 0
        for i in range(root.count):
            if child_stake(s, &root.node, root.actions[i], &r) < 0:
                return 0
            root.stakes[i] = <int8_t>r
            if i == 0 or (r > best if side == 0 else r < best):
                best = r
        root.stake = best
    if want_pv:
        s.win_side = side if root.value == 1 else 1 - side
        root.dist = distance(s, &root.node, 1)
        if root.dist < 0:
            return 0
        if principal_variation(s, root) < 0:
            root.pv_length = 0
    return 0


cdef int _reraise(PyObject* kind, PyObject* value, PyObject* tb) except -1:
    PyErr_Restore(kind, value, tb)
    return -1


cdef tuple winning_moves(const Root* root):
    """The root actions proven to keep the win, as Moves in canonical order."""
    return tuple([move_of(root.actions[i]) for i in range(root.count) if root.verdicts[i] == 1])


cdef tuple stake_moves(const Root* root):
    """The root actions that get the root's stake, as Moves; empty when it is not known."""
    if root.stake == 0:
        return ()
    return tuple([move_of(root.actions[i]) for i in range(root.count)
                  if root.stakes[i] == root.stake])


def _solve(TranspositionTable table, tuple hands, int landlord, int to_move, uint64_t prev,
           int passes, bint duel, rules, int objective, int64_t max_nodes, double time_limit,
           bint want_pv):
    """Solve one node (arguments validated by ddz_fast.search.solver).

    Returns a tuple: the winning moves (Moves in canonical order, Move.PASS for the pass), the
    stake moves (the actions whose stake is the node's; empty unless the stake is known), the
    principal variation (Moves), then ``value`` (1/0, -1 unknown), the stake code (0 unknown),
    the distance (-1 unknown), the nodes, the seconds and the stop code (0 finished; 1 nodes,
    2 time, 4 memory ran out). A signal handler's exception (KeyboardInterrupt) propagates.
    """
    cdef Options opts
    cdef Search s
    cdef Root root
    cdef Sink sink
    cdef Py_ssize_t n_moves, i, offset
    cdef double start
    opts = options_of(rules)
    memset(&s, 0, sizeof(s))
    memset(&root, 0, sizeof(root))
    s.g.o = &opts
    s.g.landlord = landlord
    s.g.duel = duel
    s.table = table.entries
    s.full_mask = table.mask
    s.mask = min(table.mask, START_CLUSTERS - 1)
    s.gen = table.next_generation()
    s.max_nodes = max_nodes
    root.node.hands[0], root.node.hands[1], root.node.hands[2] = hands
    root.node.prev = prev
    root.node.player = to_move
    root.node.passes = passes
    try:
        if not room(&s, 4096):
            raise MemoryError("out of memory for the solver's move stack")
        n_moves = moves_at(&s, 0, &root.node)
        if n_moves < 0:
            raise MemoryError("out of memory for the solver's move stack")
        offset = 1 if prev != 0 else 0
        root.count = n_moves + offset
        root.actions = <uint64_t*>malloc((root.count + 1) * sizeof(uint64_t))
        root.verdicts = <int8_t*>malloc(root.count + 1)
        root.stakes = <int8_t*>calloc(root.count + 1, 1)
        root.pv = <uint64_t*>malloc(MAX_ACTIONS * sizeof(uint64_t))
        if not (root.actions and root.verdicts and root.stakes and root.pv):
            raise MemoryError("out of memory for the solver's root")
        root.actions[0] = 0
        for i in range(n_moves):
            root.actions[offset + i] = s.stack.data[i]
        start = now()
        s.deadline = start + time_limit if time_limit > 0 else 0
        with nogil:
            solve_root(&s, &root, objective, want_pv)
        seconds = now() - start
        if s.stopped == SIGNALLED:
            _reraise(s.exc_type, s.exc_value, s.exc_tb)
        return (winning_moves(&root),
                stake_moves(&root) if objective == OBJECTIVE_STAKE else (),
                tuple([move_of(root.pv[i]) for i in range(root.pv_length)]),
                root.value, root.stake, root.dist, s.nodes, seconds, s.stopped)
    finally:
        table.wrote(s.mask + 1)
        free(s.stack.data)
        free(root.actions)
        free(root.verdicts)
        free(root.stakes)
        free(root.pv)
