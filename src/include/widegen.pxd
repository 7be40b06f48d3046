# The move generator of two decks (the four-player table): movegen.pxd's walk, on wide words.
#
# Header-only, like movegen.pxd. Wide layout (ddz_fast/bitboard.py): 15 ranks x an 8-bit lane in
# 128 bits, here two words: ``lo`` holds the lanes of ranks 0..7 (rank r at bits 8r..8r+7),
# ``hi`` those of ranks 8..14 (at bits 8(r - 8)..) and, in its top lane, the type code (bits
# 56..62) and the wide bit (63). In a lane, bits 0..3 hold the count (0..8), bit 4 the main-rank
# flag. A hand is its 15 counts and the masks of the ranks it holds at least 1..8 times; the
# generators walk set bits of those masks as the one-deck ones do, and emit moves in the same
# canonical order (type, chain length, key, cards low to high).
#
# Hands and moves to beat come validated by the Python layer (at most 8 of a rank and 2 of a
# joker, a legal move); any other counts are read clipped to 8, never out of bounds.
from libc.stdint cimport uint8_t, uint32_t, uint64_t

from movegen cimport (ALL_RANKS, BLACK_JOKER, CHAIN_RANKS, NUM_RANKS, NUM_TYPES, RED_JOKER,
                      SUITED_RANKS, T_AIRPLANE, T_AIRPLANE_PAIR, T_AIRPLANE_SOLO, T_BOMB,
                      T_CHAIN, T_FOUR_TWO_PAIR, T_FOUR_TWO_SOLO, T_PAIR, T_PAIR_CHAIN, T_PASS,
                      T_ROCKET, T_SOLO, T_TRIO, T_TRIO_PAIR, T_TRIO_SOLO, NO_WINGS, PAIR_WINGS,
                      SOLO_WINGS, TYPE_SHIFT, Options, Wings, above, ctz, popcount, run_starts,
                      span)

# Chain lengths of two decks, indexed by type code (ddz_fast.shapes.MAIN_SHAPES_TWO_DECKS; a
# test checks that both say the same).
cdef extern from "shapes.h" nogil:
    const int LEN_MIN "DDZ_LEN_MIN"[NUM_TYPES]
    const int LEN_MAX2 "DDZ_LEN_MAX_TWO_DECKS"[NUM_TYPES]

cdef enum:
    LANE_FLAG = 0x10
    MOST_COPIES = 8         # of a rank 3..2 in two decks


cdef struct Wide:
    uint64_t lo
    uint64_t hi

cdef struct WideSink:
    # As movegen's Sink: moves past ``cap`` are counted, not written.
    Wide* buf
    int cap
    int n

cdef struct WideHand:
    uint8_t counts[15]
    uint32_t held[9]        # held[k]: ranks held at least k times (k = 1..8)


cdef inline void wemit(WideSink* s, Wide w) noexcept nogil:
    if s.n < s.cap:
        s.buf[s.n] = w
    s.n += 1


cdef inline Wide lane(int rank, uint64_t value) noexcept nogil:
    """``value`` (below 256) in the lane of ``rank``."""
    cdef Wide w
    if rank < 8:
        w.lo, w.hi = value << (8 * rank), 0
    else:
        w.lo, w.hi = 0, value << (8 * (rank - 8))
    return w


cdef inline Wide plus(Wide a, Wide b) noexcept nogil:
    """Two words of cards on different ranks, or adding to different bits of a lane."""
    a.lo += b.lo
    a.hi += b.hi
    return a


cdef inline bint wide_fits_one_deck(Wide w) noexcept nogil:
    """Whether no lane counts more than one deck holds: adding 11 to a count of 3..2, and 14
    to a joker's, carries into bit 4 of the lane exactly when it holds more (the flags and the
    type lane masked off first)."""
    return ((((w.lo & 0x0F0F0F0F0F0F0F0FULL) + 0x0B0B0B0B0B0B0B0BULL)
             | ((w.hi & 0x000F0F0F0F0F0F0FULL) + 0x000E0E0B0B0B0B0BULL))
            & 0x1010101010101010ULL) == 0


cdef inline uint64_t wide_narrow(Wide w) noexcept nogil:
    """The one-deck word of a wide word whose cards fit one deck: a move's canonical word."""
    cdef uint64_t word = ((w.hi >> 56) & 0x7F) << TYPE_SHIFT
    cdef uint64_t bits
    cdef int rank
    for rank in range(NUM_RANKS):
        bits = ((w.lo if rank < 8 else w.hi) >> (8 * (rank % 8))) & 0x1F
        word |= ((bits & 0xF) | ((bits & 0x10) >> 1)) << (4 * rank)
    return word


cdef inline Wide head(int code, int key, int length, int copies) noexcept nogil:
    """The type and wide bits, and ``copies`` cards of ``length`` ranks from ``key``, flagged."""
    cdef Wide w
    cdef int rank
    w.lo, w.hi = 0, (<uint64_t>(code | 0x80)) << 56
    for rank in range(key, key + length):
        w = plus(w, lane(rank, copies | LANE_FLAG))
    return w


cdef inline void wdescribe(WideHand* h, const uint8_t* counts) noexcept nogil:
    cdef int rank, k, count
    for k in range(MOST_COPIES + 1):
        h.held[k] = 0
    h.held[0] = ALL_RANKS
    for rank in range(NUM_RANKS):
        count = min(<int>counts[rank], MOST_COPIES)
        h.counts[rank] = count
        for k in range(1, count + 1):
            h.held[k] |= 1u << rank


# --- kickers -------------------------------------------------------------------------------------

cdef inline uint32_t without_red(uint32_t ranks, int rank, bint no_rocket) noexcept nogil:
    """The ranks left to pick after ``rank``: no red joker after the black one without
    ``rocket_in_kickers``."""
    return ranks & ~(1u << RED_JOKER) if no_rocket and rank == BLACK_JOKER else ranks


cdef inline void wdistinct(WideSink* s, Wide base, uint32_t ranks, int copies, int size,
                           bint no_rocket) noexcept nogil:
    """``base`` plus ``copies`` cards of each of ``size`` distinct ``ranks``, sets of ranks in
    lexicographic order."""
    cdef int rank
    if size <= 0:
        wemit(s, base)
        return
    while popcount(ranks) >= size:
        rank = ctz(ranks)
        ranks &= ranks - 1
        wdistinct(s, plus(base, lane(rank, copies)), without_red(ranks, rank, no_rocket),
                  copies, size - 1, no_rocket)


cdef inline void wsolos(WideSink* s, Wide base, const uint8_t* avail, uint32_t ranks, int size,
                        bint no_rocket) noexcept nogil:
    """``base`` plus every multiset of ``size`` cards of ``ranks`` (each with ``avail`` of at
    least 1), at the lowest rank taken more copies first (``33 4`` < ``3 44``)."""
    cdef int rank, take
    if size <= 0:
        wemit(s, base)
        return
    while ranks:
        rank = ctz(ranks)
        ranks &= ranks - 1
        take = min(<int>avail[rank], size)
        if take == size:
            wemit(s, plus(base, lane(rank, take)))
            take -= 1
        while take > 0:
            wsolos(s, plus(base, lane(rank, take)), avail, without_red(ranks, rank, no_rocket),
                   size - take, no_rocket)
            take -= 1


cdef inline void allowance(uint8_t* avail, const WideHand* h, int most, int key,
                           int length) noexcept nogil:
    """At most ``most`` of each rank outside the main ranks key..key + length - 1."""
    cdef int rank
    for rank in range(NUM_RANKS):
        avail[rank] = min(<int>h.counts[rank], most)
    for rank in range(key, key + length):
        avail[rank] = 0


# --- the generators ------------------------------------------------------------------------------

cdef inline void wplain(WideSink* s, int code, uint32_t keys, int copies) noexcept nogil:
    while keys:
        wemit(s, head(code, ctz(keys), 1, copies))
        keys &= keys - 1


cdef inline void wruns(WideSink* s, const WideHand* h, const Options* o, int code, int copies,
                       Wings wings, int lo, int hi, uint32_t keys) noexcept nogil:
    """The chained types: a run of lo..hi ranks of 3..A, ``copies`` of each, then its wings."""
    cdef uint32_t held = h.held[copies] & CHAIN_RANKS
    cdef uint32_t starts = run_starts(held, lo)
    cdef uint32_t todo
    cdef uint8_t avail[15]
    cdef Wide word
    cdef int key, length = lo
    while starts and length <= hi:
        todo = starts & keys
        while todo:
            key = ctz(todo)
            todo &= todo - 1
            word = head(code, key, length, copies)
            if wings == NO_WINGS:
                wemit(s, word)
            elif wings == SOLO_WINGS:
                allowance(avail, h, o.solo_wing_max_copies, key, length)
                if not o.trio_wing_next_to_chain:   # no wing trio beside the chain (3..A)
                    if key > 0:
                        avail[key - 1] = min(<int>avail[key - 1], 2)
                    if key + length <= 11:
                        avail[key + length] = min(<int>avail[key + length], 2)
                wsolos(s, word, avail, h.held[1] & ~span(key, length), length,
                       not o.rocket_in_kickers)
            else:
                wdistinct(s, word, h.held[2] & ~span(key, length), 2, length,
                          not o.rocket_in_kickers)
        starts &= held >> length
        length += 1


cdef inline void wtrio_kicked(WideSink* s, const WideHand* h, int code, uint32_t keys,
                              int copies) noexcept nogil:
    """Trio + solo (``copies`` 1) or trio + pair (2): one kicker rank besides the trio."""
    cdef int key
    keys &= h.held[3] & SUITED_RANKS
    while keys:
        key = ctz(keys)
        keys &= keys - 1
        wdistinct(s, head(code, key, 1, 3), h.held[copies] & ~(1u << key), copies, 1, False)


cdef inline void wfour_two(WideSink* s, const WideHand* h, const Options* o, int code,
                           uint32_t keys) noexcept nogil:
    cdef uint8_t avail[15]
    cdef int key
    keys &= h.held[4] & SUITED_RANKS
    while keys:
        key = ctz(keys)
        keys &= keys - 1
        if code == T_FOUR_TWO_SOLO:
            allowance(avail, h, o.four_two_solo_max_copies, key, 1)
            wsolos(s, head(code, key, 1, 4), avail, h.held[1] & ~(1u << key), 2,
                   not o.rocket_in_kickers)
        else:
            wdistinct(s, head(code, key, 1, 4), h.held[2] & ~(1u << key), 2, 2,
                      not o.rocket_in_kickers)


cdef inline void wbombs(WideSink* s, const WideHand* h, int min_size, int min_key) noexcept nogil:
    """The bombs above ``min_size`` cards of rank ``min_key`` (more cards, or as many of a
    higher rank), by size and then rank: canonical order reads the cards before the key."""
    cdef uint32_t keys
    cdef int key, size
    for size in range(max(4, min_size), MOST_COPIES + 1):
        keys = h.held[size] & SUITED_RANKS
        if size == min_size:
            keys &= above(min_key)
        while keys:
            key = ctz(keys)
            keys &= keys - 1
            wemit(s, head(T_BOMB, key, 1, size))


cdef inline void wrocket(WideSink* s, const WideHand* h) noexcept nogil:
    """All four jokers; the black joker is the key and carries the flag."""
    if h.counts[BLACK_JOKER] >= 2 and h.counts[RED_JOKER] >= 2:
        wemit(s, plus(head(T_ROCKET, BLACK_JOKER, 1, 2), lane(RED_JOKER, 2)))


cdef inline void wgen_type(int code, WideSink* s, const WideHand* h, const Options* o, int lo,
                           int hi, uint32_t keys) noexcept nogil:
    """The moves of type ``code`` (not bombs or the rocket) and lengths lo..hi."""
    if code == T_SOLO:
        wplain(s, T_SOLO, h.held[1] & keys, 1)
    elif code == T_PAIR:
        wplain(s, T_PAIR, h.held[2] & keys, 2)      # BB and RR pair too
    elif code == T_TRIO:
        wplain(s, T_TRIO, h.held[3] & SUITED_RANKS & keys, 3)
    elif code == T_TRIO_SOLO:
        wtrio_kicked(s, h, T_TRIO_SOLO, keys, 1)
    elif code == T_TRIO_PAIR:
        wtrio_kicked(s, h, T_TRIO_PAIR, keys, 2)
    elif code == T_CHAIN:
        wruns(s, h, o, T_CHAIN, 1, NO_WINGS, lo, hi, keys)
    elif code == T_PAIR_CHAIN:
        wruns(s, h, o, T_PAIR_CHAIN, 2, NO_WINGS, lo, hi, keys)
    elif code == T_AIRPLANE:
        wruns(s, h, o, T_AIRPLANE, 3, NO_WINGS, lo, hi, keys)
    elif code == T_AIRPLANE_SOLO:
        wruns(s, h, o, T_AIRPLANE_SOLO, 3, SOLO_WINGS, lo, hi, keys)
    elif code == T_AIRPLANE_PAIR:
        wruns(s, h, o, T_AIRPLANE_PAIR, 3, PAIR_WINGS, lo, hi, keys)
    elif (code == T_FOUR_TWO_SOLO or code == T_FOUR_TWO_PAIR) and o.four_two:
        wfour_two(s, h, o, code, keys)


# --- entry points --------------------------------------------------------------------------------

cdef inline void wlead(WideSink* s, const WideHand* h, const Options* o) noexcept nogil:
    """Every move of the hand, in canonical order."""
    cdef int code
    for code in range(T_SOLO, T_BOMB):
        wgen_type(code, s, h, o, LEN_MIN[code], LEN_MAX2[code], ALL_RANKS)
    wbombs(s, h, 0, -1)
    wrocket(s, h)


cdef inline void wrespond(WideSink* s, const WideHand* h, const Options* o,
                          Wide prev) noexcept nogil:
    """The moves that beat ``prev`` (a legal move of two decks), in canonical order."""
    cdef int code = <int>((prev.hi >> 56) & 0x7F)
    cdef uint32_t main = 0
    cdef int rank, length
    cdef Wide flag
    for rank in range(NUM_RANKS):
        flag = lane(rank, LANE_FLAG)
        if (prev.lo & flag.lo) | (prev.hi & flag.hi):
            main |= 1u << rank
    if code == T_ROCKET or code == T_PASS or main == 0:
        return                  # nothing beats the rocket; a pass or no move is no move to beat
    length = popcount(main)
    if code == T_BOMB:
        rank = ctz(main)
        wbombs(s, h, <int>(((prev.lo if rank < 8 else prev.hi) >> (8 * (rank % 8))) & 0xF), rank)
    else:
        if code < T_BOMB and LEN_MIN[code] <= length <= LEN_MAX2[code]:
            wgen_type(code, s, h, o, length, length, above(ctz(main)))
        wbombs(s, h, 0, -1)
    wrocket(s, h)
