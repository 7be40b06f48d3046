# The move generator of wild cards (laizi, one deck): ddz_fast/reference/laizi.py in C.
#
# Header-only, like movegen.pxd. It builds every move the way the reference does, so that both
# list the same moves: a move of a main type is one choice of natural cards for its
# main ranks (wilds fill the rest of the main part), one legal kicker set (natural cards and a
# number of wild kickers) and one way to take those wilds from the wild ranks the hand holds; a
# bomb is 4..12 cards read as one rank, at most four of them natural; solos and the rocket are
# the plain ones. The reference's module docstring says why this lists every move once.
#
# Words (ddz_fast/bitboard.py, LaiziWord): a move is two 64-bit halves. ``lo`` is the one-deck
# word of its real cards (wilds under their own rank) with the main flags of its reading and its
# type code; ``hi`` is 0 when the move keeps that plain word (Move._trusted_read: its main ranks
# hold their own cards, its pair kickers are real pairs and it is no soft or laizi bomb), else
# the rest of the laizi word: the reading counts in nibbles 0..14 (bits 64 + 4r of the word),
# the bomb class in bits 60..61 (124..125) and the LAIZI bit 62 (126).
#
# Order: canonical order (reference_laizi._canonical) is two 64-bit keys: ``k1`` holds the
# type code, chain length, number of cards and key, ``k2`` the real counts complemented
# (7 - count) with rank 3 in the top nibble, so that of two card lists the one with more of the
# lowest rank where they differ sorts first. The generators emit by type, length and key (bombs
# by size, then key), so ``k1`` already ascends and only each run of one ``k1`` is sorted, by
# ``k2`` (lz_sort checks that it ascends and sorts everything otherwise). The two keys identify
# a move under one set of wild ranks (its word follows from its type, key, length and cards),
# so equal neighbours after the sort are one move built twice and are kept once.
#
# Answers (reference_laizi._beats): the rocket beats every move but the rocket; a bomb beats
# every other move, and a bomb with more cards, then a higher class (soft < hard < laizi), then
# a higher rank; any other move one of the same type and length (so as many cards) with a lower
# key. A query says which types, lengths and keys to build and which bombs, so answers are built
# directly rather than filtered from the lead.
#
# Safe on any input: hand counts are read clipped to one deck (4 of 3..2, 1 of each joker),
# wild ranks outside 3..2 are ignored, lengths are clipped to the type's; the Python layer
# checks hands, wild ranks and moves to beat before they get here. Out of memory, ``failed`` is
# set and the sink holds no moves.
from libc.stdint cimport uint32_t, uint64_t
from libc.stdlib cimport free, qsort, realloc

from movegen cimport (BLACK_JOKER, CARDS, COUNT_MASK, LEN_MAX, LEN_MIN, NUM_RANKS, RED_JOKER,
                      T_AIRPLANE, T_AIRPLANE_PAIR, T_AIRPLANE_SOLO, T_BOMB, T_CHAIN,
                      T_FOUR_TWO_PAIR, T_FOUR_TWO_SOLO, T_PAIR, T_PAIR_CHAIN, T_ROCKET, T_SOLO,
                      T_TRIO, T_TRIO_PAIR, T_TRIO_SOLO, TYPE_SHIFT, Options)

cdef extern from * nogil:
    uint64_t bswap64 "__builtin_bswap64"(uint64_t x)    # GCC and Clang, as bits.h needs

cdef enum:
    # The bomb classes (bitboard.BOMB_CLASSES): 0 is no bomb.
    CLASS_SOFT = 1
    CLASS_HARD = 2
    CLASS_LAIZI = 3
    HI_CLASS_SHIFT = 60         # bits 124..125 of the word
    TOP_SUITED = 12             # the 2: pairs, trios, fours and bombs are of ranks 3..2
    TOP_CHAIN = 11              # the A: chains never hold a 2
    SUITED_COUNT = 13
    FIRST_CAP = 256             # moves a sink holds before it first grows


cdef inline uint64_t hi_laizi() noexcept nogil:
    """Bit 126 of a laizi word, LAIZI, in its high half."""
    return (<uint64_t>1) << 62


cdef struct LzMove:
    uint64_t k1         # type code, chain length, number of cards, key: canonical order first
    uint64_t k2         # the real counts, complemented, rank 3 highest
    uint64_t lo         # the one-deck word of the real cards, main flags and type code
    uint64_t hi         # 0: the plain word; else reading, bomb class and LAIZI (bits 64..127)

cdef struct LzSink:
    LzMove* buf         # grown with realloc; the caller frees it
    Py_ssize_t cap
    Py_ssize_t n
    bint failed         # out of memory: nothing more is written

cdef struct LzHand:
    int counts[15]      # the real cards, clipped to one deck
    int natural[15]     # the same with the wild ranks at 0: the cards that stand for themselves
    int wild[2]         # the wild ranks, low to high
    int nwild           # 1 or 2
    int wilds           # the wild cards held
    uint64_t word       # the counts as a one-deck word: what an exact move must play

cdef struct LzQuery:
    uint32_t codes      # the type codes to build (bit t for type t)
    int len_lo          # chain lengths of the main types (clipped to each type's)
    int len_hi
    int min_key         # main types and solos: keys above this one only (-1: every key)
    int bomb_size       # bombs above this (size, class, rank) only; (0, 0, -1): every bomb
    int bomb_class
    int bomb_key
    bint exact          # only the moves of every card of the hand (its readings)

# The state of one (type, key, length) being built: what the recursions below share.
cdef struct LzShape:
    int code
    int key
    int length
    int copies          # cards of each main rank
    int size            # cards of the kickers
    int cards           # cards of the move
    bint pair_kickers   # kickers in pairs (trio_pair, airplane_pair, four_two_pair)
    uint64_t head       # the type code and the main flags
    uint64_t main_mask  # the count bits of the main ranks
    uint64_t main_counts    # ``copies`` in each of them: a main part of its own cards

# The legal kicker sets of one shape: their natural cards as a count word and their wilds.
cdef struct LzKickers:
    uint64_t* words
    int* spares
    Py_ssize_t cap
    Py_ssize_t n
    bint failed


# --- small pieces ----------------------------------------------------------------------------

cdef inline int lz_count(uint64_t word, int rank) noexcept nogil:
    return <int>((word >> (4 * rank)) & 7)


cdef inline bint lz_grow(LzSink* s) noexcept nogil:
    cdef Py_ssize_t cap = s.cap * 2 if s.cap else FIRST_CAP
    cdef LzMove* buf = <LzMove*>realloc(s.buf, cap * sizeof(LzMove))
    if buf == NULL:
        s.failed = True
        return False
    s.buf, s.cap = buf, cap
    return True


cdef inline uint64_t lz_order(uint64_t counts) noexcept nogil:
    """The second sort key: 7 - count of each rank, rank 3 in the top nibble (the nibbles of
    the complemented counts reversed: bytes swapped, then the nibbles of each byte)."""
    cdef uint64_t x = bswap64(0x0777777777777777ULL - (counts & COUNT_MASK))
    return ((x & 0x0F0F0F0F0F0F0F0FULL) << 4) | ((x >> 4) & 0x0F0F0F0F0F0F0F0FULL)


cdef inline void lz_emit(LzSink* s, int code, int key, int length, int cards, uint64_t lo,
                         uint64_t hi) noexcept nogil:
    """One move: ``lo`` its real cards with flags and type, ``hi`` the laizi half or 0."""
    cdef LzMove* m
    if s.failed or (s.n == s.cap and not lz_grow(s)):
        return
    m = &s.buf[s.n]
    m.k1 = ((<uint64_t>code) << 56) | ((<uint64_t>length) << 48) | ((<uint64_t>cards) << 40) \
        | ((<uint64_t>key) << 32)
    m.k2 = lz_order(lo)
    m.lo, m.hi = lo, hi
    s.n += 1


cdef inline uint64_t lz_reading(int key, int length, int copies) noexcept nogil:
    """The reading nibbles of a laizi word's high half: ``copies`` on each main rank."""
    cdef uint64_t hi = 0
    cdef int rank
    for rank in range(key, key + length):
        hi |= (<uint64_t>copies) << (4 * rank)
    return hi


cdef inline bint lz_plain(const LzShape* p, uint64_t counts) noexcept nogil:
    """Move._trusted_read's test (move._is_plain): the main ranks hold their own cards and
    pair kickers are real pairs, so the same cards make the same move without wild cards. A
    count of 0 or 2 has bits 0 and 2 of its nibble clear (counts are at most 4)."""
    if counts & p.main_mask != p.main_counts:
        return False
    return not p.pair_kickers or counts & ~p.main_mask & 0x0555555555555555ULL == 0


# --- the hand --------------------------------------------------------------------------------

cdef inline void lz_describe(LzHand* h, uint64_t counts, const int* wild,
                             int nwild) noexcept nogil:
    """The hand of the count word ``counts`` under the wild ranks ``wild`` (low to high)."""
    cdef int rank, i, count
    h.word = 0
    h.wild[0], h.wild[1] = -1, -1
    h.nwild = 0
    h.wilds = 0
    for rank in range(NUM_RANKS):
        count = min(lz_count(counts, rank), 4 if rank <= TOP_SUITED else 1)
        h.counts[rank] = count
        h.natural[rank] = count
        h.word |= (<uint64_t>count) << (4 * rank)
    for i in range(min(nwild, 2)):
        rank = wild[i]
        if 0 <= rank <= TOP_SUITED and (h.nwild == 0 or h.wild[0] != rank):
            h.wild[h.nwild] = rank
            h.nwild += 1
            h.wilds += h.counts[rank]
            h.natural[rank] = 0


# --- taking wilds from the wild ranks --------------------------------------------------------

cdef inline void lz_splits(LzSink* s, const LzHand* h, const LzShape* p, uint64_t naturals,
                           int total, const LzQuery* q) noexcept nogil:
    """The move of natural cards ``naturals`` and ``total`` wild cards, for every way to take
    them from the wild ranks (reference_laizi._wild_splits)."""
    cdef int first, lo_take, hi_take
    cdef uint64_t counts
    if h.nwild == 0:
        if total == 0:
            lz_finish(s, h, p, naturals, q)
        return
    if h.nwild == 1:
        if total <= h.counts[h.wild[0]]:
            lz_finish(s, h, p, naturals + ((<uint64_t>total) << (4 * h.wild[0])), q)
        return
    lo_take = max(0, total - h.counts[h.wild[1]])
    hi_take = min(h.counts[h.wild[0]], total)
    for first in range(lo_take, hi_take + 1):
        counts = naturals + ((<uint64_t>first) << (4 * h.wild[0])) \
            + ((<uint64_t>(total - first)) << (4 * h.wild[1]))
        lz_finish(s, h, p, counts, q)


cdef inline void lz_finish(LzSink* s, const LzHand* h, const LzShape* p, uint64_t counts,
                           const LzQuery* q) noexcept nogil:
    """Emit the move of a main type with real cards ``counts``."""
    if q.exact and counts != h.word:
        return
    if lz_plain(p, counts):
        lz_emit(s, p.code, p.key, p.length, p.cards, p.head | counts, 0)
    else:
        lz_emit(s, p.code, p.key, p.length, p.cards, p.head | counts,
                hi_laizi() | lz_reading(p.key, p.length, p.copies))


# --- kicker sets (reference_laizi._kicker_sets) ----------------------------------------------

cdef inline void lz_keep_kickers(LzKickers* k, uint64_t word, int spare) noexcept nogil:
    cdef Py_ssize_t cap
    cdef uint64_t* words
    cdef int* spares
    if k.failed:
        return
    if k.n == k.cap:
        cap = k.cap * 2 if k.cap else 64
        words = <uint64_t*>realloc(k.words, cap * sizeof(uint64_t))
        if words == NULL:
            k.failed = True
            return
        k.words = words
        spares = <int*>realloc(k.spares, cap * sizeof(int))
        if spares == NULL:
            k.failed = True
            return
        k.spares, k.cap = spares, cap
    k.words[k.n] = word
    k.spares[k.n] = spare
    k.n += 1


cdef inline bint lz_solo_kickers_legal(const LzShape* p, const Options* o,
                                       uint64_t naturals) noexcept nogil:
    """_solo_kickers_legal: at most the allowed copies of a rank, both jokers only where the
    rules let the rocket be kickers, and no wing trio beside an airplane where they forbid it
    (wild kickers read as fresh ranks, which keeps every limit)."""
    cdef int most = 1
    cdef int rank, edge
    if p.code == T_AIRPLANE_SOLO:
        most = o.solo_wing_max_copies
    elif p.code == T_FOUR_TWO_SOLO:
        most = o.four_two_solo_max_copies
    for rank in range(NUM_RANKS):
        if lz_count(naturals, rank) > most:
            return False
    if lz_count(naturals, BLACK_JOKER) and lz_count(naturals, RED_JOKER) \
            and not o.rocket_in_kickers:
        return False
    if p.code == T_AIRPLANE_SOLO and not o.trio_wing_next_to_chain:
        for edge in range(2):
            rank = p.key - 1 if edge == 0 else p.key + p.length
            if 0 <= rank <= TOP_CHAIN and lz_count(naturals, rank) >= 3:
                return False
    return True


cdef inline bint lz_pair_kickers_legal(const LzShape* p, uint64_t naturals,
                                       int spare) noexcept nogil:
    """_pair_kickers_legal: no jokers, at most a pair of a rank; each single natural card is
    paired by a wild, the other wilds pair up as ranks outside the main ones and the natural
    kickers' ranks, and the pairs number the shape's."""
    cdef int rank, count, singles = 0, used = 0, rest, free_ranks
    cdef int pairs = p.size // 2
    if lz_count(naturals, BLACK_JOKER) or lz_count(naturals, RED_JOKER):
        return False
    for rank in range(NUM_RANKS):
        count = lz_count(naturals, rank)
        if count > 2:
            return False
        if count == 1:
            singles += 1
        if count:
            used += 1
    rest = spare - singles
    free_ranks = SUITED_COUNT - p.length - used
    return rest >= 0 and rest % 2 == 0 and rest // 2 <= free_ranks and used + rest // 2 == pairs


cdef inline void lz_natural_sets(LzKickers* k, const LzShape* p, const Options* o,
                                 const LzHand* h, const int* pool, int start, int left,
                                 int ranks_left, uint64_t naturals) noexcept nogil:
    """Every multiset of at most ``size`` natural cards of ``pool``: the legal ones are kept
    with their wilds (reference_laizi._natural_sets, then _kickers_legal). ``ranks_left``
    prunes pair kickers, which use at most one rank per pair (every other set fails
    lz_pair_kickers_legal: its rest of wilds would be negative)."""
    cdef int rank, take
    if left <= h.wilds:         # the cards not natural are wild kickers
        if (lz_pair_kickers_legal(p, naturals, left) if p.pair_kickers
                else lz_solo_kickers_legal(p, o, naturals)):
            lz_keep_kickers(k, naturals, left)
    if ranks_left == 0:
        return
    for rank in range(start, NUM_RANKS):
        for take in range(1, min(pool[rank], left) + 1):
            lz_natural_sets(k, p, o, h, pool, rank + 1, left - take, ranks_left - 1,
                            naturals + ((<uint64_t>take) << (4 * rank)))


cdef inline void lz_kicker_sets(LzKickers* k, const LzShape* p, const Options* o,
                                const LzHand* h) noexcept nogil:
    """The legal kicker sets of the shape ``p`` (none but the empty set for a type without
    kickers)."""
    cdef int pool[15]
    cdef int rank, most
    k.n = 0
    if p.size == 0:
        lz_keep_kickers(k, 0, 0)
        return
    # At most that many natural cards of a rank can be legal (a pruning; the checks decide).
    if p.code == T_AIRPLANE_SOLO:
        most = o.solo_wing_max_copies
    elif p.code == T_FOUR_TWO_SOLO:
        most = o.four_two_solo_max_copies
    else:
        most = 1 if p.size == 1 else 2
    for rank in range(NUM_RANKS):
        pool[rank] = min(h.natural[rank], most)
        if p.key <= rank < p.key + p.length or (p.pair_kickers and rank > TOP_SUITED):
            pool[rank] = 0
    lz_natural_sets(k, p, o, h, pool, 0, p.size, p.size // 2 if p.pair_kickers else p.size, 0)


# --- the main types --------------------------------------------------------------------------

cdef inline void lz_mains(LzSink* s, const LzHand* h, const LzShape* p, const LzKickers* k,
                          int rank, int filled, uint64_t taken, const LzQuery* q) noexcept nogil:
    """Every choice of natural cards for the main ranks from ``rank`` up (the rest filled with
    wilds, at most the hand's), crossed with every kicker set the wilds left allow."""
    cdef int most, take
    cdef Py_ssize_t i
    if rank == p.key + p.length:
        for i in range(k.n):
            # No kicker shares a rank with the main part, so the words add up.
            if filled + k.spares[i] <= h.wilds:
                lz_splits(s, h, p, taken + k.words[i], filled + k.spares[i], q)
        return
    most = min(h.natural[rank], p.copies)
    for take in range(most + 1):
        if filled + p.copies - take <= h.wilds:
            lz_mains(s, h, p, k, rank + 1, filled + p.copies - take,
                     taken + ((<uint64_t>take) << (4 * rank)), q)


cdef inline int lz_copies(int code) noexcept nogil:
    if code == T_CHAIN:
        return 1
    if code == T_PAIR or code == T_PAIR_CHAIN:
        return 2
    if code == T_FOUR_TWO_SOLO or code == T_FOUR_TWO_PAIR:
        return 4
    return 3


cdef inline bint lz_is_chain(int code) noexcept nogil:
    return T_CHAIN <= code <= T_AIRPLANE_PAIR


cdef inline void lz_main_type(LzSink* s, LzKickers* k, const LzHand* h, const Options* o,
                              int code, const LzQuery* q) noexcept nogil:
    """Every move of a main type (not solo, bomb or rocket) the query asks for."""
    cdef LzShape p
    cdef int length, key, rank, fewest
    cdef int top = TOP_CHAIN if lz_is_chain(code) else TOP_SUITED
    cdef int total = 0
    for rank in range(NUM_RANKS):
        total += h.counts[rank]
    p.code = code
    p.copies = lz_copies(code)
    p.pair_kickers = code == T_TRIO_PAIR or code == T_AIRPLANE_PAIR or code == T_FOUR_TWO_PAIR
    for length in range(max(q.len_lo, LEN_MIN[code]), min(q.len_hi, LEN_MAX[code]) + 1):
        p.length = length
        p.cards = length * CARDS[code]
        p.size = p.cards - length * p.copies
        if q.exact and p.cards != total:
            continue
        for key in range(max(q.min_key + 1, 0), top - length + 2):
            p.key = key
            fewest = 0
            for rank in range(key, key + length):
                fewest += max(0, p.copies - h.natural[rank])
            if fewest > h.wilds:
                continue
            p.head = ((<uint64_t>code) << TYPE_SHIFT)
            p.main_mask = p.main_counts = 0
            for rank in range(key, key + length):
                p.head |= (<uint64_t>8) << (4 * rank)
                p.main_mask |= (<uint64_t>7) << (4 * rank)
                p.main_counts |= (<uint64_t>p.copies) << (4 * rank)
            lz_kicker_sets(k, &p, o, h)
            if k.failed:
                s.failed = True
                return
            lz_mains(s, h, &p, k, key, 0, 0, q)


# --- solos, bombs and the rocket -------------------------------------------------------------

cdef inline void lz_solos(LzSink* s, const LzHand* h, const LzQuery* q) noexcept nogil:
    """A card played alone is its own rank, a wild one too: the plain solos."""
    cdef int rank
    for rank in range(max(q.min_key + 1, 0), NUM_RANKS):
        if h.counts[rank] and (not q.exact or h.word == (<uint64_t>1) << (4 * rank)):
            lz_emit(s, T_SOLO, rank, 1, 1, ((<uint64_t>T_SOLO) << TYPE_SHIFT)
                    | ((<uint64_t>9) << (4 * rank)), 0)


cdef inline bint lz_bomb_above(const LzQuery* q, int size, int cls, int key) noexcept nogil:
    """Whether a bomb beats the query's: more cards, then a higher class, then a higher rank."""
    if size != q.bomb_size:
        return size > q.bomb_size
    if cls != q.bomb_class:
        return cls > q.bomb_class
    return key > q.bomb_key


cdef inline void lz_bomb(LzSink* s, const LzHand* h, const LzQuery* q, int key, int naturals,
                         uint64_t counts) noexcept nogil:
    """The bomb of rank ``key`` of real cards ``counts``, ``naturals`` of them natural."""
    cdef int size = 0, rank, cls
    cdef uint64_t lo = ((<uint64_t>T_BOMB) << TYPE_SHIFT) | ((<uint64_t>8) << (4 * key)) | counts
    for rank in range(NUM_RANKS):
        size += lz_count(counts, rank)
    if naturals == 4 and size == 4:
        cls = CLASS_HARD
    elif lz_count(counts, key) == 4 and size == 4 and h.natural[key] == 0 \
            and (key == h.wild[0] or (h.nwild == 2 and key == h.wild[1])):
        cls = CLASS_LAIZI
    else:
        cls = CLASS_SOFT
    if (q.exact and counts != h.word) or not lz_bomb_above(q, size, cls, key):
        return
    if cls == CLASS_HARD:       # four natural cards of a rank that is not wild: the plain bomb
        lz_emit(s, T_BOMB, key, 1, size, lo, 0)
    else:
        lz_emit(s, T_BOMB, key, 1, size, lo, hi_laizi() | ((<uint64_t>cls) << HI_CLASS_SHIFT)
                | ((<uint64_t>size) << (4 * key)))


cdef inline void lz_bombs(LzSink* s, const LzHand* h, const LzQuery* q) noexcept nogil:
    """Bombs of 4..12 cards read as one rank 3..2: up to four natural cards and wilds for the
    rest (reference_laizi._bombs), by size and then rank, as canonical order has them."""
    cdef int size, key, naturals, filled, first
    cdef uint64_t base
    for size in range(4, 4 + h.wilds + 1):
        for key in range(TOP_SUITED + 1):
            for naturals in range(min(h.natural[key], 4, size) + 1):
                filled = size - naturals
                if filled > h.wilds:
                    continue
                base = (<uint64_t>naturals) << (4 * key)
                if h.nwild == 0:
                    if filled == 0:
                        lz_bomb(s, h, q, key, naturals, base)
                elif h.nwild == 1:
                    if filled <= h.counts[h.wild[0]]:
                        lz_bomb(s, h, q, key, naturals,
                                base + ((<uint64_t>filled) << (4 * h.wild[0])))
                else:
                    for first in range(max(0, filled - h.counts[h.wild[1]]),
                                       min(h.counts[h.wild[0]], filled) + 1):
                        lz_bomb(s, h, q, key, naturals,
                                base + ((<uint64_t>first) << (4 * h.wild[0]))
                                + ((<uint64_t>(filled - first)) << (4 * h.wild[1])))


cdef inline void lz_rocket(LzSink* s, const LzHand* h, const LzQuery* q) noexcept nogil:
    cdef uint64_t cards = ((<uint64_t>1) << (4 * BLACK_JOKER)) | ((<uint64_t>1) << (4 * RED_JOKER))
    if h.counts[BLACK_JOKER] and h.counts[RED_JOKER] and (not q.exact or h.word == cards):
        lz_emit(s, T_ROCKET, BLACK_JOKER, 1, 2, ((<uint64_t>T_ROCKET) << TYPE_SHIFT)
                | ((<uint64_t>8) << (4 * BLACK_JOKER)) | cards, 0)


# --- sorting ---------------------------------------------------------------------------------

cdef inline int lz_compare(const void* a, const void* b) noexcept nogil:
    cdef const LzMove* x = <const LzMove*>a
    cdef const LzMove* y = <const LzMove*>b
    if x.k1 != y.k1:
        return -1 if x.k1 < y.k1 else 1
    if x.k2 != y.k2:
        return -1 if x.k2 < y.k2 else 1
    if x.hi != y.hi:
        return -1 if x.hi < y.hi else 1
    if x.lo != y.lo:
        return -1 if x.lo < y.lo else 1
    return 0


cdef inline bint lz_before(const LzMove* x, const LzMove* y) noexcept nogil:
    return lz_compare(x, y) < 0


cdef inline void lz_sort_run(LzMove* run, Py_ssize_t n) noexcept nogil:
    """Sort a run of moves: by insertion when it is short, else with qsort."""
    cdef Py_ssize_t i, j
    cdef LzMove m
    if n > 16:
        qsort(run, n, sizeof(LzMove), lz_compare)
        return
    for i in range(1, n):
        m = run[i]
        j = i
        while j > 0 and lz_before(&m, &run[j - 1]):
            run[j] = run[j - 1]
            j -= 1
        run[j] = m


cdef inline void lz_sort(LzSink* s) noexcept nogil:
    """Canonical order, each move once. The generators emit by type, length, key (a bomb's
    size before its key), so the first keys already ascend and only the runs of one first
    key are sorted (by their cards); were they not to ascend, everything is."""
    cdef Py_ssize_t i, start = 0, kept = 0
    if s.n < 2:
        return
    for i in range(1, s.n):
        if s.buf[i].k1 < s.buf[i - 1].k1:
            qsort(s.buf, s.n, sizeof(LzMove), lz_compare)
            break
        if s.buf[i].k1 != s.buf[start].k1:
            lz_sort_run(&s.buf[start], i - start)
            start = i
    else:
        lz_sort_run(&s.buf[start], s.n - start)
    for i in range(1, s.n):
        if s.buf[i].lo != s.buf[kept].lo or s.buf[i].hi != s.buf[kept].hi:
            kept += 1
            s.buf[kept] = s.buf[i]
    s.n = kept + 1


# --- entry points ----------------------------------------------------------------------------

cdef inline void lz_generate(LzSink* s, uint64_t counts, const int* wild, int nwild,
                             const Options* o, const LzQuery* q) noexcept nogil:
    """The moves of the hand ``counts`` under the wild ranks that the query asks for, in
    canonical order, each once. The space shuttle is never played with wild cards."""
    cdef LzHand h
    cdef LzKickers k
    cdef int code
    k.words, k.spares, k.cap, k.n, k.failed = NULL, NULL, 0, 0, False
    lz_describe(&h, counts, wild, nwild)
    if (q.codes >> T_SOLO) & 1:
        lz_solos(s, &h, q)
    for code in range(T_PAIR, T_BOMB):
        if (q.codes >> code) & 1 and (o.four_two or (code != T_FOUR_TWO_SOLO
                                                     and code != T_FOUR_TWO_PAIR)):
            lz_main_type(s, &k, &h, o, code, q)
    free(k.words)
    free(k.spares)
    if (q.codes >> T_BOMB) & 1:
        lz_bombs(s, &h, q)
    if (q.codes >> T_ROCKET) & 1:
        lz_rocket(s, &h, q)
    if s.failed:
        s.n = 0
        return
    lz_sort(s)


cdef inline void lz_lead_query(LzQuery* q) noexcept nogil:
    """Every move of the hand."""
    q.codes = (1u << (T_ROCKET + 1)) - (1u << T_SOLO)
    q.len_lo, q.len_hi, q.min_key = 1, NUM_RANKS, -1
    q.bomb_size, q.bomb_class, q.bomb_key = 0, 0, -1
    q.exact = False


cdef inline void lz_answer_query(LzQuery* q, int code, int key, int length, int cards,
                                 int bomb_class) noexcept nogil:
    """The moves that beat a legal move of type ``code``, key, length and number of cards
    (and bomb class code 1..3 for a bomb)."""
    lz_lead_query(q)
    if code == T_ROCKET:
        q.codes = 0
    elif code == T_BOMB:
        q.codes = (1u << T_BOMB) | (1u << T_ROCKET)
        q.bomb_size, q.bomb_class, q.bomb_key = cards, bomb_class, key
    else:
        q.codes = (1u << code) | (1u << T_BOMB) | (1u << T_ROCKET)
        q.len_lo = q.len_hi = length
        q.min_key = key


cdef inline void lz_readings_query(LzQuery* q, uint32_t codes) noexcept nogil:
    """The moves of every card of the hand (classify), of the types ``codes``."""
    lz_lead_query(q)
    q.codes = codes
    q.exact = True
