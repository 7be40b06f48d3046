# The move generator: rank-count words in, move words out, no Python objects and no GIL.
#
# Header-only: every function is ``cdef inline`` and the tables are C constants (shapes.h), so a
# native module gets the whole generator with ``from movegen cimport ...`` and the C compiler
# inlines it there; no module has to be imported at run time for it.
#
# Word layout (ddz_fast/bitboard.py): the count of rank r in bits 4r..4r+2, the main-rank flag of
# a move in bit 4r+3, the type code in bits 60..63. A hand is described once by the masks of the
# ranks it holds at least 1, 2, 3 and 4 times; a chain of length n is then a run of n set bits, and
# every generator walks set bits instead of ranks.
#
# The Python layer validates hands, previous moves and rules before they get here, but every entry
# point is also safe on any 64 bits it is handed: hand words are masked to their counts, a move
# to beat whose shape is no move of its type yields no typed answers, and no bit scan ever sees
# 0. A missed check then gives wrong moves, never undefined behaviour.
from libc.stdint cimport int32_t, uint32_t, uint64_t

cdef extern from "bits.h" nogil:
    uint64_t NIBBLE_ONES "DDZ_NIBBLE_ONES"
    uint64_t COUNT_MASK "DDZ_COUNT_MASK"
    uint64_t FLAG_MASK "DDZ_FLAG_MASK"
    uint64_t DECK_LIMIT "DDZ_DECK_LIMIT"
    int ctz "ddz_ctz"(uint64_t x)
    int popcount "ddz_popcount"(uint64_t x)
    void prefetch_write "ddz_prefetch_write"(const void* p, size_t size)

# Type codes: the order of ddz_fast.move.MOVE_TYPES (checked when the module is imported).
cdef enum:
    T_PASS, T_SOLO, T_PAIR, T_TRIO, T_TRIO_SOLO, T_TRIO_PAIR, T_CHAIN, T_PAIR_CHAIN, T_AIRPLANE,
    T_AIRPLANE_SOLO, T_AIRPLANE_PAIR, T_FOUR_TWO_SOLO, T_FOUR_TWO_PAIR, T_BOMB, T_ROCKET,
    T_SPACE_SHUTTLE, NUM_TYPES

cdef enum:
    NUM_RANKS = 15
    TYPE_SHIFT = 60
    BLACK_JOKER = 13
    RED_JOKER = 14
    ALL_RANKS = 0x7FFF      # any card: solos and solo kickers
    SUITED_RANKS = 0x1FFF   # 3..2: pairs, trios and fours (two jokers are the rocket)
    CHAIN_RANKS = 0x0FFF    # 3..A: chains never hold a 2 or a joker
    JOKERS = 0x6000

cdef struct Options:
    # The move options of ddz_fast.rules.Rules.
    int solo_wing_max_copies
    bint trio_wing_next_to_chain
    bint rocket_in_kickers
    bint four_two
    int four_two_solo_max_copies
    bint space_shuttle

cdef struct Sink:
    # A caller-owned output buffer. Moves past ``cap`` are counted but not written, so the
    # caller learns the size it needs, grows the buffer and generates again. The counters are
    # ints, not Py_ssize_t, so that C's aliasing rules let no store of a move word change them
    # and they stay in registers while a generator emits (a hand has at most 30,383 moves, and
    # even a word of seven cards of every rank has only 35,274).
    uint64_t* buf
    int cap
    int n

cdef struct HandInfo:
    uint64_t counts
    uint32_t held[5]        # held[k]: ranks held at least k times (k = 1..4)

# Chain lengths of each type and cards per main rank of each type including its kickers (a move
# of length n has n * CARDS[type] cards), indexed by type code; a test checks them against the
# shape table of the Python side.
cdef extern from "shapes.h" nogil:
    const int LEN_MIN "DDZ_LEN_MIN"[NUM_TYPES]
    const int LEN_MAX "DDZ_LEN_MAX"[NUM_TYPES]
    const int CARDS "DDZ_CARDS"[NUM_TYPES]
    # The space shuttle's kinds: alone, solo wings, pair wings (shapes.h).
    enum: SHUTTLE_KINDS "DDZ_SHUTTLE_KINDS"
    const int SHUTTLE_CARDS "DDZ_SHUTTLE_CARDS"[SHUTTLE_KINDS]
    const int SHUTTLE_LEN_MAX "DDZ_SHUTTLE_LEN_MAX"[SHUTTLE_KINDS]


# --- words and masks -----------------------------------------------------------------------------

cdef inline void emit(Sink* s, uint64_t word) noexcept nogil:
    if s.n < s.cap:
        s.buf[s.n] = word
    s.n += 1


cdef inline uint64_t type_word(int code) noexcept nogil:
    return (<uint64_t>code) << TYPE_SHIFT


cdef inline uint64_t nibbles(int key, int length) noexcept nogil:
    """The nibbles of ``length`` ranks from ``key``, all bits set."""
    return ((<uint64_t>1 << (4 * length)) - 1) << (4 * key)


cdef inline uint64_t main_part(int key, int length, int copies) noexcept nogil:
    """``copies`` cards of each of ``length`` ranks from ``key``, flagged as main ranks."""
    # NIBBLE_ONES shifted down keeps a 1 in the lowest ``length`` nibbles (length 1..15).
    return (NIBBLE_ONES >> (4 * (NUM_RANKS - length))) * <uint64_t>(copies | 8) << (4 * key)


cdef inline uint32_t span(int key, int length) noexcept nogil:
    """The rank mask of ``length`` ranks from ``key``."""
    return ((1u << length) - 1) << key


cdef inline uint32_t above(int key) noexcept nogil:
    """The ranks higher than ``key``: the keys that beat it."""
    return ALL_RANKS & ~((2u << key) - 1)


cdef inline uint32_t gather_flags(uint64_t flags) noexcept nogil:
    """The nibble flags (bits 4r + 3) of a word as a 15-bit rank mask."""
    # Fold pairs of neighbours together, doubling the packed width each step, down to four
    # groups of four ranks 16 bits apart. One multiplication then moves group i by 48 - 12i
    # bits, to bits 48 + 4i: every other product of a group lands either above bit 63 or on
    # its own 4 bits below 48 (so nothing adds up and no carry reaches the result).
    cdef uint64_t x = (flags & FLAG_MASK) >> 3
    x = (x | (x >> 3)) & 0x0303030303030303ULL
    x = (x | (x >> 6)) & 0x000F000F000F000FULL
    return <uint32_t>((x * 0x0001001001001000ULL) >> 48)


cdef inline uint64_t at_least(uint64_t counts, int k) noexcept nogil:
    """Flag bit set in the nibble of every rank with a count of at least ``k``."""
    # (8 + count - k) keeps bit 3 exactly when count >= k and never borrows from the next nibble.
    return ((counts | FLAG_MASK) - <uint64_t>k * NIBBLE_ONES) & FLAG_MASK


cdef inline uint64_t cap_counts(uint64_t counts, int most) noexcept nogil:
    """``counts`` with every count limited to ``most``."""
    cdef uint64_t full = (at_least(counts, most) >> 3) * 15     # 0xF in the nibbles to cap
    return (counts & ~full) | (<uint64_t>most * NIBBLE_ONES & full)


cdef inline uint64_t cap_rank(uint64_t counts, int rank, int most) noexcept nogil:
    cdef int shift = 4 * rank
    if <int>((counts >> shift) & 7) > most:
        counts = (counts & ~(<uint64_t>15 << shift)) | (<uint64_t>most << shift)
    return counts


cdef inline int card_count(uint64_t counts) noexcept nogil:
    cdef uint64_t bytes_ = (counts & 0x0F0F0F0F0F0F0F0FULL) + ((counts >> 4) & 0x0F0F0F0F0F0F0F0FULL)
    return <int>((bytes_ * 0x0101010101010101ULL) >> 56)


cdef inline bint fits_deck(uint64_t counts) noexcept nogil:
    """Whether no count exceeds what one deck holds (4 of 3..2, 1 of each joker)."""
    return ((counts | FLAG_MASK) - DECK_LIMIT) & FLAG_MASK == 0


cdef inline int count_flags(uint64_t word) noexcept nogil:
    """The number of nibble flags (bits 4r + 3) set in ``word``: the ranks of a flag mask, or
    the main ranks of a move. One multiplication sums the nibbles into the top one (at most
    15, so no sum carries), where no popcount instruction may be assumed."""
    return <int>((((word & FLAG_MASK) >> 3) * 0x1111111111111111ULL) >> 60)


cdef inline void describe(HandInfo* h, uint64_t counts) noexcept nogil:
    cdef int k
    h.counts = counts
    h.held[0] = ALL_RANKS
    for k in range(1, 5):
        h.held[k] = gather_flags(at_least(counts, k))


cdef enum:
    # The answer types (bit t for type code t) whose generators read held[2], and held[3];
    # every answer also reads held[1] (solos, chains and the rocket) and held[4] (bombs).
    READS_PAIRS = ((1 << T_PAIR) | (1 << T_TRIO_PAIR) | (1 << T_PAIR_CHAIN)
                   | (1 << T_AIRPLANE_PAIR) | (1 << T_FOUR_TWO_PAIR) | (1 << T_SPACE_SHUTTLE))
    READS_TRIOS = ((1 << T_TRIO) | (1 << T_TRIO_SOLO) | (1 << T_TRIO_PAIR) | (1 << T_AIRPLANE)
                   | (1 << T_AIRPLANE_SOLO) | (1 << T_AIRPLANE_PAIR))


cdef inline void describe_for(HandInfo* h, uint64_t counts, int code) noexcept nogil:
    """describe() for the answers to a move of type ``code``: the rank masks those answers
    never read are left empty (most answers are solos, which need two gathers of four)."""
    h.counts = counts
    h.held[0] = ALL_RANKS
    h.held[1] = gather_flags(at_least(counts, 1))
    h.held[2] = gather_flags(at_least(counts, 2)) if (READS_PAIRS >> code) & 1 else 0
    h.held[3] = gather_flags(at_least(counts, 3)) if (READS_TRIOS >> code) & 1 else 0
    h.held[4] = gather_flags(at_least(counts, 4))


cdef inline uint32_t run_starts(uint32_t held, int length) noexcept nogil:
    """The ranks that start a run of ``length`` consecutive ranks of ``held``."""
    # Runs of i + 1 ranks start where runs of i do and the rank i above is held; most hands
    # run out of runs after a step or two, long before ``length``.
    cdef uint32_t starts = held
    cdef int i = 1
    while starts and i < length:
        starts &= held >> i
        i += 1
    return starts


# --- kickers -------------------------------------------------------------------------------------

cdef inline void distinct_wings(Sink* s, uint64_t base, uint32_t ranks, int copies,
                         int size) noexcept nogil:
    """``base`` plus ``copies`` cards of each of ``size`` distinct ``ranks``.

    Sets of ranks come in lexicographic order, lowest ranks first, as canonical order wants.
    """
    cdef int rank
    if size <= 0:
        emit(s, base)       # no wings (never asked for by a legal shape; bounds the recursion)
        return
    if size == 1:
        while ranks:
            emit(s, base | (<uint64_t>copies << (4 * ctz(ranks))))
            ranks &= ranks - 1
        return
    # A rank can open the rest of the set only while size - 1 ranks remain above it.
    while popcount(ranks) >= size:
        rank = ctz(ranks)
        ranks &= ranks - 1
        distinct_wings(s, base | (<uint64_t>copies << (4 * rank)), ranks, copies, size - 1)


cdef inline void solo_wings(Sink* s, uint64_t base, uint64_t avail, uint32_t ranks, int size,
                     bint no_rocket) noexcept nogil:
    """``base`` plus every multiset of ``size`` cards of ``ranks``, at most ``avail`` of a rank.

    Every rank of ``ranks`` has at least one card in ``avail`` (the rules allow at least one
    copy of a wing rank). Canonical order lists kickers low to high and compares them
    lexicographically, so at the lowest rank taken more copies come first (``33 4`` <
    ``3 44`` < ``3 45``).
    """
    cdef int rank, take
    cdef uint32_t rest
    if size <= 0:
        emit(s, base)       # no wings (never asked for by a legal shape; bounds the recursion)
        return
    if size == 1:
        while ranks:
            emit(s, base + (<uint64_t>1 << (4 * ctz(ranks))))
            ranks &= ranks - 1
        return
    while ranks:
        rank = ctz(ranks)
        ranks &= ranks - 1
        # Without rocket_in_kickers the black joker excludes the red one from the later picks.
        rest = ranks & ~(1u << RED_JOKER) if no_rocket and rank == BLACK_JOKER else ranks
        take = min(<int>((avail >> (4 * rank)) & 7), size)
        if take == size:
            emit(s, base + (<uint64_t>take << (4 * rank)))
            take -= 1
        while take > 0:
            solo_wings(s, base + (<uint64_t>take << (4 * rank)), avail, rest, size - take,
                       no_rocket)
            take -= 1


# --- one generator per move type -----------------------------------------------------------------
# Every generator takes (sink, hand, options, lo, hi, keys): moves of chain length lo..hi whose key rank
# is in the mask ``keys``, in canonical order (length, then key, then kickers).

cdef inline void plain(Sink* s, int code, uint32_t keys, int copies) noexcept nogil:
    """One main rank and no kickers."""
    while keys:
        emit(s, type_word(code) | main_part(ctz(keys), 1, copies))
        keys &= keys - 1


cdef enum Wings:
    NO_WINGS, SOLO_WINGS, PAIR_WINGS


cdef inline void runs(Sink* s, const HandInfo* h, const Options* o, int code, int copies,
                      Wings wings, int lo, int hi, uint32_t keys) noexcept nogil:
    """The chained types: a run of lo..hi ranks of 3..A, ``copies`` of each, then its wings.

    Inlined into each chained generator with constant ``code``, ``copies`` and ``wings``, so
    the compiler drops the branches a type never takes.
    """
    cdef uint32_t held = h.held[copies] & CHAIN_RANKS
    cdef uint32_t starts = run_starts(held, lo)
    cdef uint32_t todo
    cdef uint64_t word
    cdef int key, length = lo
    while starts and length <= hi:
        todo = starts & keys
        while todo:
            key = ctz(todo)
            todo &= todo - 1
            word = type_word(code) | main_part(key, length, copies)
            if wings == NO_WINGS:
                emit(s, word)
            elif wings == SOLO_WINGS:
                solo_wings(s, word, wing_allowance(h, o, key, length),
                           h.held[1] & ~span(key, length), length, not o.rocket_in_kickers)
            else:
                distinct_wings(s, word, h.held[2] & SUITED_RANKS & ~span(key, length), 2,
                               length)
        starts &= held >> length        # the runs one rank longer
        length += 1


cdef inline uint64_t wing_allowance(const HandInfo* h, const Options* o, int key,
                                    int length) noexcept nogil:
    """How many cards of each rank the solo wings of the airplane at key/length may take."""
    cdef uint64_t avail = cap_counts(h.counts & ~nibbles(key, length), o.solo_wing_max_copies)
    if not o.trio_wing_next_to_chain:
        # No wing trio just below or just above the chain (only 3..A are neighbours).
        if key > 0:
            avail = cap_rank(avail, key - 1, 2)
        if key + length <= 11:
            avail = cap_rank(avail, key + length, 2)
    return avail


cdef inline void gen_solo(Sink* s, const HandInfo* h, const Options* o, int lo, int hi,
                          uint32_t keys) noexcept nogil:
    plain(s, T_SOLO, h.held[1] & keys, 1)


cdef inline void gen_pair(Sink* s, const HandInfo* h, const Options* o, int lo, int hi,
                          uint32_t keys) noexcept nogil:
    plain(s, T_PAIR, h.held[2] & SUITED_RANKS & keys, 2)


cdef inline void gen_trio(Sink* s, const HandInfo* h, const Options* o, int lo, int hi,
                          uint32_t keys) noexcept nogil:
    plain(s, T_TRIO, h.held[3] & SUITED_RANKS & keys, 3)


cdef inline void gen_trio_solo(Sink* s, const HandInfo* h, const Options* o, int lo, int hi,
                               uint32_t keys) noexcept nogil:
    cdef int key
    keys &= h.held[3] & SUITED_RANKS
    while keys:
        key = ctz(keys)
        keys &= keys - 1
        distinct_wings(s, type_word(T_TRIO_SOLO) | main_part(key, 1, 3),
                       h.held[1] & ~(1u << key), 1, 1)


cdef inline void gen_trio_pair(Sink* s, const HandInfo* h, const Options* o, int lo, int hi,
                               uint32_t keys) noexcept nogil:
    cdef int key
    keys &= h.held[3] & SUITED_RANKS
    while keys:
        key = ctz(keys)
        keys &= keys - 1
        distinct_wings(s, type_word(T_TRIO_PAIR) | main_part(key, 1, 3),
                       h.held[2] & SUITED_RANKS & ~(1u << key), 2, 1)


cdef inline void gen_chain(Sink* s, const HandInfo* h, const Options* o, int lo, int hi,
                           uint32_t keys) noexcept nogil:
    runs(s, h, o, T_CHAIN, 1, NO_WINGS, lo, hi, keys)


cdef inline void gen_pair_chain(Sink* s, const HandInfo* h, const Options* o, int lo, int hi,
                                uint32_t keys) noexcept nogil:
    runs(s, h, o, T_PAIR_CHAIN, 2, NO_WINGS, lo, hi, keys)


cdef inline void gen_airplane(Sink* s, const HandInfo* h, const Options* o, int lo, int hi,
                              uint32_t keys) noexcept nogil:
    runs(s, h, o, T_AIRPLANE, 3, NO_WINGS, lo, hi, keys)


cdef inline void gen_airplane_solo(Sink* s, const HandInfo* h, const Options* o, int lo, int hi,
                                   uint32_t keys) noexcept nogil:
    runs(s, h, o, T_AIRPLANE_SOLO, 3, SOLO_WINGS, lo, hi, keys)


cdef inline void gen_airplane_pair(Sink* s, const HandInfo* h, const Options* o, int lo, int hi,
                                   uint32_t keys) noexcept nogil:
    runs(s, h, o, T_AIRPLANE_PAIR, 3, PAIR_WINGS, lo, hi, keys)


cdef inline void gen_four_two_solo(Sink* s, const HandInfo* h, const Options* o, int lo, int hi,
                                   uint32_t keys) noexcept nogil:
    cdef int key
    keys &= h.held[4] & SUITED_RANKS
    while keys:
        key = ctz(keys)
        keys &= keys - 1
        solo_wings(s, type_word(T_FOUR_TWO_SOLO) | main_part(key, 1, 4),
                   cap_counts(h.counts & ~nibbles(key, 1), o.four_two_solo_max_copies),
                   h.held[1] & ~(1u << key), 2, not o.rocket_in_kickers)


cdef inline void gen_four_two_pair(Sink* s, const HandInfo* h, const Options* o, int lo, int hi,
                                   uint32_t keys) noexcept nogil:
    cdef int key
    keys &= h.held[4] & SUITED_RANKS
    while keys:
        key = ctz(keys)
        keys &= keys - 1
        distinct_wings(s, type_word(T_FOUR_TWO_PAIR) | main_part(key, 1, 4),
                       h.held[2] & SUITED_RANKS & ~(1u << key), 2, 2)


cdef inline void gen_bomb(Sink* s, const HandInfo* h, const Options* o, int lo, int hi,
                          uint32_t keys) noexcept nogil:
    plain(s, T_BOMB, h.held[4] & SUITED_RANKS & keys, 4)


cdef inline void gen_rocket(Sink* s, const HandInfo* h, const Options* o, int lo, int hi,
                            uint32_t keys) noexcept nogil:
    # The rocket's key is the black joker; only the black joker carries the main flag.
    if h.held[1] & JOKERS == JOKERS and keys & (1u << BLACK_JOKER):
        emit(s, type_word(T_ROCKET) | main_part(BLACK_JOKER, 1, 1) | (<uint64_t>1 << (4 * RED_JOKER)))


cdef enum:
    ALL_KINDS = (1 << SHUTTLE_KINDS) - 1


cdef inline void gen_space_shuttle(Sink* s, const HandInfo* h, const Options* o, int lo, int hi,
                                   uint32_t keys, int kinds) noexcept nogil:
    """Space shuttles of lo..hi bombs of 3..A with keys in ``keys``, of the kinds in the bit
    mask ``kinds`` (bit k: kind k of shapes.h). Canonical order: by length, then by number of
    cards, so alone, with solo wings, with pair wings; then by key, then by the wings."""
    cdef uint32_t held = h.held[4] & CHAIN_RANKS
    cdef uint32_t starts = run_starts(held, lo)
    cdef uint32_t todo, others
    cdef uint64_t word
    cdef int kind, key, length = lo
    while starts and length <= hi:
        for kind in range(SHUTTLE_KINDS):
            if not (kinds >> kind) & 1 or length > SHUTTLE_LEN_MAX[kind]:
                continue
            todo = starts & keys
            while todo:
                key = ctz(todo)
                todo &= todo - 1
                word = type_word(T_SPACE_SHUTTLE) | main_part(key, length, 4)
                others = ~span(key, length)
                if kind == 0:
                    emit(s, word)
                elif kind == 1:     # 2n solos of distinct ranks: every rank capped at one card
                    solo_wings(s, word, cap_counts(h.counts & ~nibbles(key, length), 1),
                               h.held[1] & others, 2 * length, not o.rocket_in_kickers)
                else:               # 2n pairs of distinct ranks 3..2
                    distinct_wings(s, word, h.held[2] & SUITED_RANKS & others, 2, 2 * length)
        starts &= held >> length        # the runs one bomb longer
        length += 1


cdef inline int shuttle_kind(uint64_t move, int length) noexcept nogil:
    """The kind (0..2) of a space shuttle word of ``length`` bombs; -1 for cards of none."""
    cdef int kind, cards = card_count(move & COUNT_MASK)
    for kind in range(SHUTTLE_KINDS):
        if cards == length * SHUTTLE_CARDS[kind]:
            return kind
    return -1


cdef inline void gen_type(int code, Sink* s, const HandInfo* h, const Options* o, int lo, int hi,
                         uint32_t keys) noexcept nogil:
    """The generator of type ``code`` (any code: those of no generator emit nothing; the
    space shuttle, which needs its kind too, is generated by its callers)."""
    if code == T_SOLO:
        gen_solo(s, h, o, lo, hi, keys)
    elif code == T_PAIR:
        gen_pair(s, h, o, lo, hi, keys)
    elif code == T_TRIO:
        gen_trio(s, h, o, lo, hi, keys)
    elif code == T_TRIO_SOLO:
        gen_trio_solo(s, h, o, lo, hi, keys)
    elif code == T_TRIO_PAIR:
        gen_trio_pair(s, h, o, lo, hi, keys)
    elif code == T_CHAIN:
        gen_chain(s, h, o, lo, hi, keys)
    elif code == T_PAIR_CHAIN:
        gen_pair_chain(s, h, o, lo, hi, keys)
    elif code == T_AIRPLANE:
        gen_airplane(s, h, o, lo, hi, keys)
    elif code == T_AIRPLANE_SOLO:
        gen_airplane_solo(s, h, o, lo, hi, keys)
    elif code == T_AIRPLANE_PAIR:
        gen_airplane_pair(s, h, o, lo, hi, keys)
    elif code == T_FOUR_TWO_SOLO:
        gen_four_two_solo(s, h, o, lo, hi, keys)
    elif code == T_FOUR_TWO_PAIR:
        gen_four_two_pair(s, h, o, lo, hi, keys)
    elif code == T_BOMB:
        gen_bomb(s, h, o, lo, hi, keys)
    elif code == T_ROCKET:
        gen_rocket(s, h, o, lo, hi, keys)


# --- entry points --------------------------------------------------------------------------------

cdef inline bint type_allowed(int code, const Options* o) noexcept nogil:
    if code == T_SPACE_SHUTTLE:
        return o.space_shuttle
    return o.four_two or (code != T_FOUR_TWO_SOLO and code != T_FOUR_TWO_PAIR)


cdef inline void lead(Sink* s, const HandInfo* h, const Options* o) noexcept nogil:
    """Every move of the hand, in canonical order: type by type in the order of the type codes
    (bombs and the rocket come last, then the space shuttle where the rules have it).

    The generators are called one by one rather than through ``gen_type``, so that the compiler
    inlines them all here with their constant arguments.
    """
    gen_solo(s, h, o, 1, 1, ALL_RANKS)
    gen_pair(s, h, o, 1, 1, ALL_RANKS)
    gen_trio(s, h, o, 1, 1, ALL_RANKS)
    gen_trio_solo(s, h, o, 1, 1, ALL_RANKS)
    gen_trio_pair(s, h, o, 1, 1, ALL_RANKS)
    gen_chain(s, h, o, LEN_MIN[T_CHAIN], LEN_MAX[T_CHAIN], ALL_RANKS)
    gen_pair_chain(s, h, o, LEN_MIN[T_PAIR_CHAIN], LEN_MAX[T_PAIR_CHAIN], ALL_RANKS)
    gen_airplane(s, h, o, LEN_MIN[T_AIRPLANE], LEN_MAX[T_AIRPLANE], ALL_RANKS)
    gen_airplane_solo(s, h, o, LEN_MIN[T_AIRPLANE_SOLO], LEN_MAX[T_AIRPLANE_SOLO], ALL_RANKS)
    gen_airplane_pair(s, h, o, LEN_MIN[T_AIRPLANE_PAIR], LEN_MAX[T_AIRPLANE_PAIR], ALL_RANKS)
    if o.four_two:
        gen_four_two_solo(s, h, o, 1, 1, ALL_RANKS)
        gen_four_two_pair(s, h, o, 1, 1, ALL_RANKS)
    gen_bomb(s, h, o, 1, 1, ALL_RANKS)
    gen_rocket(s, h, o, 1, 1, ALL_RANKS)
    if o.space_shuttle:     # off: not even a look at the bombs of the hand
        gen_space_shuttle(s, h, o, LEN_MIN[T_SPACE_SHUTTLE], LEN_MAX[T_SPACE_SHUTTLE],
                          ALL_RANKS, ALL_KINDS)


cdef inline void respond(Sink* s, const HandInfo* h, const Options* o, uint64_t prev) noexcept nogil:
    """The moves that beat ``prev`` (a legal move), straight from its type, in canonical order.

    A ``prev`` of no legal shape (no main rank, or a chain length its type never has) gets no
    answer of its type: only bombs and the rocket, which beat every move but a rocket. A space
    shuttle's answers of its own type (code 15) come after the bombs and the rocket.
    """
    cdef int code = <int>(prev >> TYPE_SHIFT)
    cdef uint32_t main = gather_flags(prev)
    cdef int length = count_flags(prev)
    cdef int kind
    if code == T_ROCKET or code == T_PASS:
        return          # nothing beats the rocket; a pass is never a move to beat
    if code == T_BOMB and main:
        gen_bomb(s, h, o, 1, 1, above(ctz(main)))           # only a higher bomb beats a bomb
    else:
        if main and code < NUM_TYPES and LEN_MIN[code] <= length <= LEN_MAX[code]:
            gen_type(code, s, h, o, length, length, above(ctz(main)))
        gen_bomb(s, h, o, 1, 1, ALL_RANKS)
    gen_rocket(s, h, o, 1, 1, ALL_RANKS)
    if code == T_SPACE_SHUTTLE and main and o.space_shuttle:
        kind = shuttle_kind(prev, length)
        if kind >= 0 and LEN_MIN[code] <= length <= SHUTTLE_LEN_MAX[kind]:
            gen_space_shuttle(s, h, o, length, length, above(ctz(main)), 1 << kind)


cdef inline void generate(Sink* s, uint64_t hand, uint64_t prev, const Options* o) noexcept nogil:
    """The legal moves of the hand word ``hand``: leading when ``prev`` is 0, else beating it."""
    cdef HandInfo h
    if prev == 0:
        describe(&h, hand & COUNT_MASK)
        lead(s, &h, o)
    else:
        describe_for(&h, hand & COUNT_MASK, <int>(prev >> TYPE_SHIFT))
        respond(s, &h, o, prev)


cdef inline void classify_counts(Sink* s, uint64_t counts, const Options* o) noexcept nogil:
    """Every move made of exactly the cards ``counts``, in canonical order.

    A move of type t and length n has n * CARDS[t] cards (a space shuttle of kind k n *
    SHUTTLE_CARDS[k]), so only the (type, length) pairs with the hand's card count can use all
    of it, and each of those moves does: at most one move per type (shuttle kind) and key,
    never more than NUM_TYPES * NUM_RANKS words.
    """
    cdef HandInfo h
    cdef int code, length, kind
    cdef int size = card_count(counts)
    describe(&h, counts)
    for code in range(T_SOLO, T_SPACE_SHUTTLE):
        if not type_allowed(code, o) or size % CARDS[code]:
            continue
        length = size // CARDS[code]
        if LEN_MIN[code] <= length <= LEN_MAX[code]:
            gen_type(code, s, &h, o, length, length, ALL_RANKS)
    if o.space_shuttle:
        # Of one number of cards, the kinds of more cards per bomb are the shorter shuttles:
        # pair wings, solo wings, then alone is the canonical order.
        for kind in range(SHUTTLE_KINDS - 1, -1, -1):
            if size % SHUTTLE_CARDS[kind] == 0:
                length = size // SHUTTLE_CARDS[kind]
                if LEN_MIN[T_SPACE_SHUTTLE] <= length <= SHUTTLE_LEN_MAX[kind]:
                    gen_space_shuttle(s, &h, o, length, length, ALL_RANKS, 1 << kind)


cdef inline bint is_legal_word(uint64_t word, const Options* o) noexcept nogil:
    """Whether ``word`` (any 64 bits) is a move of these rules: its cards classify to it."""
    cdef uint64_t found[NUM_TYPES * NUM_RANKS]
    cdef Sink s = Sink(&found[0], NUM_TYPES * NUM_RANKS, 0)
    cdef uint64_t counts = word & COUNT_MASK
    cdef Py_ssize_t i
    if word >> TYPE_SHIFT == T_PASS or not fits_deck(counts):
        return False
    classify_counts(&s, counts, o)
    for i in range(min(s.n, s.cap)):
        if found[i] == word:
            return True
    return False


cdef inline bint beats_word(uint64_t move, uint64_t prev) noexcept nogil:
    """Whether the legal move ``move`` may be played on the legal move ``prev``."""
    cdef int code = <int>(move >> TYPE_SHIFT)
    cdef int prev_code = <int>(prev >> TYPE_SHIFT)
    cdef uint32_t main = gather_flags(move)
    cdef uint32_t prev_main = gather_flags(prev)
    if code == T_ROCKET:
        return prev_code != T_ROCKET
    if code == T_BOMB and prev_code != T_BOMB and prev_code != T_ROCKET:
        return True
    # ``main > 0`` keeps the bit scans off 0 for words of no move (never a legal move). The
    # number of cards tells the kinds of space shuttle apart (the length fixes it for the rest).
    return (code == prev_code and main and prev_main and popcount(main) == popcount(prev_main)
            and ctz(main) > ctz(prev_main)
            and card_count(move & COUNT_MASK) == card_count(prev & COUNT_MASK))
