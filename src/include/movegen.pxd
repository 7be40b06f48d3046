# The move generator: rank-count words in, move words out, no Python objects and no GIL.
#
# One generator for both word layouts (ddz_fast/bitboard.py). It is written once over ``Word``,
# a Cython fused type of ``OneDeck`` (a 64-bit word) and ``TwoDecks`` (two of them), and Cython
# compiles one copy for each: the few places where the layouts differ are ``if Word is OneDeck``
# tests, which Cython settles while it specialises, so each copy holds only its own branch and
# the one-deck copy is the code the one-deck generator was on its own (measured against the build
# before in benchmarks/results/layout_ab.md). Why fused types rather than a templated include: a
# C header included twice under macros would compile to the same two copies, but it moves the
# generator out of Cython, into a second language and out of sight of Cython's type checks;
# fused types keep one generator, in the language of the modules that cimport it, and each
# specialisation is checked as it is made.
#
# Header-only: every function is ``cdef inline`` and the tables are C constants (shapes.h), so a
# native module gets the whole generator with ``from movegen cimport ...`` and the C compiler
# inlines it there; no module has to be imported at run time for it.
#
# One deck (``OneDeck``): the count of rank r in bits 4r..4r+2, the main-rank flag of a move in
# bit 4r+3, the type code in bits 60..63. Two decks (``TwoDecks``, the four-player table): an 8-bit
# lane per rank, ``lo`` holding ranks 0..7 (rank r at bits 8r..8r+7) and ``hi`` ranks 8..14 (at
# bits 8(r - 8)..) and, in its top lane, the type code (bits 56..62) and the two-deck bit (63); in
# a lane, bits 0..3 hold the count (0..8) and bit 4 the main-rank flag. A hand is described once
# by the masks of the ranks it holds at least 1, 2, ... times (4 in one deck, 8 in two); a chain
# of length n is then a run of n set bits, and every generator walks set bits instead of ranks.
# Both emit in canonical order (type, chain length, number of cards, key, cards low to high).
#
# The two layouts differ in the game, too: two decks have bombs of 4 to 8 cards (ordered by size
# before rank), a rocket of all four jokers, pairs of jokers, longer chains (shapes.h) and no
# space shuttle.
#
# The Python layer validates hands, previous moves and rules before they get here, but every entry
# point is also safe on any bits it is handed: hand words are masked to their counts, a move to
# beat whose shape is no move of its type yields no typed answers, no bit scan ever sees 0 and no
# table is read out of bounds. A missed check then gives wrong moves, never undefined behaviour.
from libc.stdint cimport int32_t, uint32_t, uint64_t

cdef extern from "bits.h" nogil:
    uint64_t NIBBLE_ONES "DDZ_NIBBLE_ONES"
    uint64_t COUNT_MASK "DDZ_COUNT_MASK"
    uint64_t FLAG_MASK "DDZ_FLAG_MASK"
    uint64_t DECK_LIMIT "DDZ_DECK_LIMIT"
    uint64_t LANE_ONES "DDZ_LANE_ONES"
    uint64_t LANE_TOPS "DDZ_LANE_TOPS"
    uint64_t LANE_COUNTS "DDZ_LANE_COUNTS"
    uint64_t HIGH_COUNTS "DDZ_HIGH_COUNTS"
    uint64_t HIGH_RANKS "DDZ_HIGH_RANKS"
    uint64_t LOW_LIMIT "DDZ_LOW_LIMIT"
    uint64_t HIGH_LIMIT "DDZ_HIGH_LIMIT"
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

cdef enum:
    LANE_FLAG = 0x10        # two decks: the main-rank flag of a lane
    TWO_DECKS_BIT = 0x80    # the top bit of the type lane (ddz_fast.bitboard.TWO_DECKS_BIT)
    TWO_DECKS_TYPE_SHIFT = 56   # two decks: the type lane's place in ``hi``
    TWO_DECKS_COPIES = 8    # two decks: the most cards of a rank 3..2 (and of a bomb)

ctypedef uint64_t OneDeck

cdef struct TwoDecks:
    uint64_t lo             # the lanes of ranks 0..7
    uint64_t hi             # the lanes of ranks 8..14, then the type lane

ctypedef fused Word:
    OneDeck
    TwoDecks

cdef struct Options:
    # The move options of ddz_fast.rules.Rules.
    int solo_wing_max_copies
    bint trio_wing_next_to_chain
    bint rocket_in_kickers
    bint four_two
    int four_two_solo_max_copies
    bint space_shuttle

cdef struct Sink:
    # A caller-owned output buffer of words of one layout (``uint64_t*`` of one deck,
    # ``TwoDecks*`` of two). Moves past ``cap`` are counted but not written, so the caller learns
    # the size it needs, grows the buffer and generates again. The counters are ints, not
    # Py_ssize_t, so that C's aliasing rules let no store of a move word change them and they
    # stay in registers while a generator emits (a hand has at most 30,383 moves, and even a
    # word of seven cards of every rank has only 35,274).
    void* buf
    int cap
    int n

cdef struct HandInfo:
    uint32_t held[TWO_DECKS_COPIES + 1]     # held[k]: ranks held at least k times (k = 1..4
                                            # of one deck, 1..8 of two; held[0]: every rank)

# Chain lengths of each type and cards per main rank of each type including its kickers (a move
# of length n has n * CARDS[type] cards), indexed by type code; a test checks them against the
# shape table of the Python side.
cdef extern from "shapes.h" nogil:
    const int LEN_MIN "DDZ_LEN_MIN"[NUM_TYPES]
    const int LEN_MAX "DDZ_LEN_MAX"[NUM_TYPES]
    const int LEN_MAX_TWO_DECKS "DDZ_LEN_MAX_TWO_DECKS"[NUM_TYPES]
    const int CARDS "DDZ_CARDS"[NUM_TYPES]
    # The space shuttle's kinds: alone, solo wings, pair wings (shapes.h).
    enum: SHUTTLE_KINDS "DDZ_SHUTTLE_KINDS"
    const int SHUTTLE_CARDS "DDZ_SHUTTLE_CARDS"[SHUTTLE_KINDS]
    const int SHUTTLE_LEN_MAX "DDZ_SHUTTLE_LEN_MAX"[SHUTTLE_KINDS]


# --- the layouts: words and masks ----------------------------------------------------------------
# Functions that build a word from nothing take a word of the layout to build (``cards``, the
# hand's counts): only its type matters there.

cdef inline void emit(Sink* s, Word word) noexcept nogil:
    if s.n < s.cap:
        (<Word*>s.buf)[s.n] = word
    s.n += 1


cdef inline uint64_t type_word(int code) noexcept nogil:
    """The type bits of a one-deck move word."""
    return (<uint64_t>code) << TYPE_SHIFT


cdef inline uint64_t nibbles(int key, int length) noexcept nogil:
    """The nibbles of ``length`` ranks from ``key``, all bits set (one deck)."""
    return ((<uint64_t>1 << (4 * length)) - 1) << (4 * key)


cdef inline uint64_t main_part(int key, int length, int copies) noexcept nogil:
    """``copies`` cards of each of ``length`` ranks from ``key``, flagged as main ranks (one
    deck)."""
    # NIBBLE_ONES shifted down keeps a 1 in the lowest ``length`` nibbles (length 1..15).
    return (NIBBLE_ONES >> (4 * (NUM_RANKS - length))) * <uint64_t>(copies | 8) << (4 * key)


cdef inline Word plus(Word word, int rank, int value) noexcept nogil:
    """``word`` with ``value`` added to the count bits of ``rank`` (cards of a rank it has not,
    or a flag it has not)."""
    if Word is OneDeck:
        return word + ((<uint64_t>value) << (4 * rank))
    else:
        if rank < 8:
            word.lo += (<uint64_t>value) << (8 * rank)
        else:
            word.hi += (<uint64_t>value) << (8 * (rank - 8))
        return word


cdef inline Word joined(Word a, Word b) noexcept nogil:
    """The sum of two words of cards (a hand and the kitty): no count overflows its field."""
    if Word is OneDeck:
        return a + b
    else:
        a.lo += b.lo
        a.hi += b.hi
        return a


cdef inline Word head(Word cards, int code, int key, int length, int copies) noexcept nogil:
    """The move of type ``code`` and ``copies`` cards of each of ``length`` ranks from ``key``,
    flagged as main ranks, before its kickers."""
    cdef TwoDecks word
    cdef int rank
    if Word is OneDeck:
        return type_word(code) | main_part(key, length, copies)
    else:
        word.lo, word.hi = 0, (<uint64_t>(code | TWO_DECKS_BIT)) << TWO_DECKS_TYPE_SHIFT
        for rank in range(key, key + length):
            word = plus(word, rank, copies | LANE_FLAG)
        return word


cdef inline int count_at(Word counts, int rank) noexcept nogil:
    """The count of ``rank`` in a word of counts."""
    if Word is OneDeck:
        return <int>((counts >> (4 * rank)) & 7)
    else:
        return <int>(((counts.lo if rank < 8 else counts.hi) >> (8 * (rank & 7))) & 0xF)


cdef inline Word counts_only(Word word) noexcept nogil:
    """The counts of a word: its flags and type cleared (a hand word as the generator reads it)."""
    if Word is OneDeck:
        return word & COUNT_MASK
    else:
        word.lo &= LANE_COUNTS
        word.hi &= HIGH_COUNTS
        return word


cdef inline Word without(Word counts, int key, int length) noexcept nogil:
    """``counts`` without its cards of the ``length`` ranks from ``key``."""
    cdef int rank
    if Word is OneDeck:
        return counts & ~nibbles(key, length)
    else:
        for rank in range(key, key + length):
            counts = plus(counts, rank, -count_at(counts, rank))
        return counts


cdef inline bint is_zero(Word word) noexcept nogil:
    """The pass, an empty hand or no move to beat."""
    if Word is OneDeck:
        return word == 0
    else:
        return (word.lo | word.hi) == 0


cdef inline bint same(Word a, Word b) noexcept nogil:
    if Word is OneDeck:
        return a == b
    else:
        return a.lo == b.lo and a.hi == b.hi


cdef inline int code_of(Word move) noexcept nogil:
    """The type code of a move word."""
    if Word is OneDeck:
        return <int>(move >> TYPE_SHIFT)
    else:
        return <int>((move.hi >> TWO_DECKS_TYPE_SHIFT) & 0x7F)


cdef inline bint is_bomb(Word move) noexcept nogil:
    """Whether a move word is a bomb or the rocket (what doubles the stake)."""
    cdef int code = code_of(move)
    return code == T_BOMB or code == T_ROCKET


cdef inline uint32_t gather_lanes(uint64_t tops) noexcept nogil:
    """Bit 7 of each of the eight lanes of a half word as an 8-bit mask (two decks)."""
    # Lane i's bit, moved to bit 8i, is multiplied up to bit 56 + i; every other product of a
    # lane lands above bit 63 or below bit 56 on a bit of its own, so nothing carries.
    return <uint32_t>((((tops >> 7) & LANE_ONES) * 0x0102040810204080ULL) >> 56)


cdef inline uint32_t gather_flags(Word word) noexcept nogil:
    """The main-rank flags of a word as a 15-bit rank mask."""
    cdef uint64_t x
    if Word is OneDeck:
        # Fold pairs of neighbours together, doubling the packed width each step, down to four
        # groups of four ranks 16 bits apart. One multiplication then moves group i by 48 - 12i
        # bits, to bits 48 + 4i: every other product of a group lands either above bit 63 or
        # on its own 4 bits below 48 (so nothing adds up and no carry reaches the result).
        x = (word & FLAG_MASK) >> 3
        x = (x | (x >> 3)) & 0x0303030303030303ULL
        x = (x | (x >> 6)) & 0x000F000F000F000FULL
        return <uint32_t>((x * 0x0001001001001000ULL) >> 48)
    else:
        return (gather_lanes(word.lo << 3)
                | (gather_lanes((word.hi & HIGH_RANKS) << 3) << 8))


cdef inline uint64_t at_least(uint64_t counts, int k) noexcept nogil:
    """Flag bit set in the nibble of every rank with a count of at least ``k`` (one deck)."""
    # (8 + count - k) keeps bit 3 exactly when count >= k and never borrows from the next nibble.
    return ((counts | FLAG_MASK) - <uint64_t>k * NIBBLE_ONES) & FLAG_MASK


cdef inline uint32_t held_at_least(Word counts, int k) noexcept nogil:
    """The ranks of which a word of counts holds at least ``k`` cards (k = 1..8)."""
    cdef uint64_t ks = <uint64_t>k * LANE_ONES
    if Word is OneDeck:
        return gather_flags(at_least(counts, k))
    else:
        # As at_least, on lanes: (0x80 + count - k) keeps bit 7 exactly when count >= k.
        return (gather_lanes(((counts.lo | LANE_TOPS) - ks) & LANE_TOPS)
                | (gather_lanes(((counts.hi | (LANE_TOPS & HIGH_RANKS)) - ks)
                                & LANE_TOPS & HIGH_RANKS) << 8))


cdef inline Word cap_counts(Word counts, int most) noexcept nogil:
    """``counts`` with every count limited to ``most``."""
    cdef uint64_t full
    cdef int rank
    if Word is OneDeck:
        full = (at_least(counts, most) >> 3) * 15     # 0xF in the nibbles to cap
        return (counts & ~full) | (<uint64_t>most * NIBBLE_ONES & full)
    else:
        for rank in range(NUM_RANKS):
            if count_at(counts, rank) > most:
                counts = plus(counts, rank, most - count_at(counts, rank))
        return counts


cdef inline Word cap_rank(Word counts, int rank, int most) noexcept nogil:
    """``counts`` with the count of ``rank`` limited to ``most``."""
    cdef int count = count_at(counts, rank)
    if count > most:
        counts = plus(counts, rank, most - count)
    return counts


cdef inline int card_count(Word counts) noexcept nogil:
    """The number of cards of a word of counts."""
    cdef uint64_t bytes_
    if Word is OneDeck:
        bytes_ = (counts & 0x0F0F0F0F0F0F0F0FULL) + ((counts >> 4) & 0x0F0F0F0F0F0F0F0FULL)
        return <int>((bytes_ * 0x0101010101010101ULL) >> 56)
    else:
        # Eight lanes of at most 15 each sum to at most 120: one byte, no carry.
        return <int>((((counts.lo & LANE_COUNTS) * LANE_ONES) >> 56)
                     + (((counts.hi & HIGH_COUNTS) * LANE_ONES) >> 56))


cdef inline bint fits_deck(Word counts) noexcept nogil:
    """Whether no count exceeds what the deck(s) of the layout hold (4 or 8 of 3..2, 1 or 2 of
    each joker)."""
    if Word is OneDeck:
        return ((counts | FLAG_MASK) - DECK_LIMIT) & FLAG_MASK == 0
    else:
        # As one deck's test, on lanes: (0x80 + count - limit) keeps bit 7 exactly when the
        # count reaches the limit (the type lane masked off first).
        return ((((counts.lo | LANE_TOPS) - LOW_LIMIT) & LANE_TOPS) == 0
                and (((counts.hi & HIGH_RANKS) | (LANE_TOPS & HIGH_RANKS)) - HIGH_LIMIT)
                & LANE_TOPS & HIGH_RANKS == 0)


cdef inline int count_flags(uint64_t word) noexcept nogil:
    """The number of nibble flags (bits 4r + 3) set in a one-deck ``word``: the ranks of a flag
    mask, or the main ranks of a move. One multiplication sums the nibbles into the top one (at
    most 15, so no sum carries), where no popcount instruction may be assumed."""
    return <int>((((word & FLAG_MASK) >> 3) * 0x1111111111111111ULL) >> 60)


cdef inline bint fits_one_deck(TwoDecks word) noexcept nogil:
    """Whether no lane of a two-deck word counts more than one deck holds: adding 11 to a count
    of 3..2, and 14 to a joker's, carries into bit 4 of the lane exactly when it holds more (the
    flags and the type lane masked off first)."""
    return ((((word.lo & LANE_COUNTS) + 0x0B0B0B0B0B0B0B0BULL)
             | ((word.hi & HIGH_COUNTS) + 0x000E0E0B0B0B0B0BULL))
            & 0x1010101010101010ULL) == 0


cdef inline uint64_t to_one_deck(TwoDecks word) noexcept nogil:
    """The one-deck word of a two-deck word whose cards fit one deck: a move's canonical word."""
    cdef uint64_t narrow = ((word.hi >> TWO_DECKS_TYPE_SHIFT) & 0x7F) << TYPE_SHIFT
    cdef uint64_t bits
    cdef int rank
    for rank in range(NUM_RANKS):
        bits = ((word.lo if rank < 8 else word.hi) >> (8 * (rank & 7))) & 0x1F
        narrow |= ((bits & 0xF) | ((bits & LANE_FLAG) >> 1)) << (4 * rank)
    return narrow


cdef inline TwoDecks to_two_decks(uint64_t word) noexcept nogil:
    """The two-deck word of a one-deck word (hand or move): the same cards, flags and type."""
    cdef TwoDecks two
    cdef uint64_t nibble
    cdef int rank
    two.lo, two.hi = 0, 0
    if word >> TYPE_SHIFT:
        two.hi = ((word >> TYPE_SHIFT) | TWO_DECKS_BIT) << TWO_DECKS_TYPE_SHIFT
    for rank in range(NUM_RANKS):
        nibble = (word >> (4 * rank)) & 0xF
        two = plus(two, rank, <int>((nibble & 7) | ((nibble & 8) << 1)))
    return two


cdef inline uint32_t span(int key, int length) noexcept nogil:
    """The rank mask of ``length`` ranks from ``key``."""
    return ((1u << length) - 1) << key


cdef inline uint32_t above(int key) noexcept nogil:
    """The ranks higher than ``key``: the keys that beat it."""
    return ALL_RANKS & ~((2u << key) - 1)


cdef inline int len_max(Word cards, int code) noexcept nogil:
    """The longest chain of type ``code`` (a valid code) in the layout of ``cards``."""
    if Word is OneDeck:
        return LEN_MAX[code]
    else:
        return LEN_MAX_TWO_DECKS[code]


cdef inline int most_copies(Word cards) noexcept nogil:
    """The most cards of a rank 3..2 in the layout of ``cards``: the largest bomb."""
    if Word is OneDeck:
        return 4
    else:
        return TWO_DECKS_COPIES


cdef inline int joker_copies(Word cards) noexcept nogil:
    """Each joker's copies in the layout of ``cards``: the rocket holds them all."""
    if Word is OneDeck:
        return 1
    else:
        return 2


cdef inline uint32_t pair_ranks(Word cards) noexcept nogil:
    """The ranks a pair (or pair kicker) may be of: one deck has one of each joker (two jokers
    are the rocket), two decks have two (BB and RR are pairs)."""
    if Word is OneDeck:
        return SUITED_RANKS
    else:
        return ALL_RANKS


cdef inline void describe(HandInfo* h, Word counts) noexcept nogil:
    cdef int k
    h.held[0] = ALL_RANKS
    for k in range(1, most_copies(counts) + 1):
        h.held[k] = held_at_least(counts, k)


cdef enum:
    # The answer types (bit t for type code t) whose generators read held[2], and held[3];
    # every answer also reads held[1] (solos, chains and the rocket) and held[4] (bombs).
    READS_PAIRS = ((1 << T_PAIR) | (1 << T_TRIO_PAIR) | (1 << T_PAIR_CHAIN)
                   | (1 << T_AIRPLANE_PAIR) | (1 << T_FOUR_TWO_PAIR) | (1 << T_SPACE_SHUTTLE))
    READS_TRIOS = ((1 << T_TRIO) | (1 << T_TRIO_SOLO) | (1 << T_TRIO_PAIR) | (1 << T_AIRPLANE)
                   | (1 << T_AIRPLANE_SOLO) | (1 << T_AIRPLANE_PAIR))


cdef inline void describe_for(HandInfo* h, Word counts, int code) noexcept nogil:
    """describe() for the answers to a move of type ``code``: in one deck the rank masks those
    answers never read are left empty (most answers are solos, which need two gathers of
    four); two decks describe the whole hand (any bomb may be of any size up to 8)."""
    if Word is OneDeck:
        h.held[0] = ALL_RANKS
        h.held[1] = held_at_least(counts, 1)
        h.held[2] = held_at_least(counts, 2) if (READS_PAIRS >> code) & 1 else 0
        h.held[3] = held_at_least(counts, 3) if (READS_TRIOS >> code) & 1 else 0
        h.held[4] = held_at_least(counts, 4)
    else:
        describe(h, counts)


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

cdef inline uint32_t after_pick(uint32_t ranks, int rank, bint no_rocket) noexcept nogil:
    """The ranks left to pick after ``rank``: without ``rocket_in_kickers`` the black joker
    excludes the red one from the later picks."""
    return ranks & ~(1u << RED_JOKER) if no_rocket and rank == BLACK_JOKER else ranks


cdef inline void distinct_wings(Sink* s, Word base, uint32_t ranks, int copies, int size,
                                bint no_rocket) noexcept nogil:
    """``base`` plus ``copies`` cards of each of ``size`` distinct ``ranks``.

    Sets of ranks come in lexicographic order, lowest ranks first, as canonical order wants.
    ``no_rocket`` keeps a pair of black jokers and a pair of red ones out of one set (two decks
    only: the pairs of one deck are of 3..2).
    """
    cdef int rank
    if size <= 0:
        emit(s, base)       # no wings (never asked for by a legal shape; bounds the recursion)
        return
    if size == 1:
        while ranks:
            emit(s, plus(base, ctz(ranks), copies))
            ranks &= ranks - 1
        return
    # A rank can open the rest of the set only while size - 1 ranks remain above it.
    while popcount(ranks) >= size:
        rank = ctz(ranks)
        ranks &= ranks - 1
        if Word is OneDeck:
            distinct_wings(s, plus(base, rank, copies), ranks, copies, size - 1, no_rocket)
        else:
            distinct_wings(s, plus(base, rank, copies), after_pick(ranks, rank, no_rocket),
                           copies, size - 1, no_rocket)


cdef inline void solo_wings(Sink* s, Word base, Word avail, uint32_t ranks, int size,
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
            emit(s, plus(base, ctz(ranks), 1))
            ranks &= ranks - 1
        return
    while ranks:
        rank = ctz(ranks)
        ranks &= ranks - 1
        rest = after_pick(ranks, rank, no_rocket)
        take = min(count_at(avail, rank), size)
        if take == size:
            emit(s, plus(base, rank, take))
            take -= 1
        while take > 0:
            solo_wings(s, plus(base, rank, take), avail, rest, size - take, no_rocket)
            take -= 1


# --- one generator per move type -----------------------------------------------------------------
# Every generator takes (sink, hand's counts, hand's masks, options, lo, hi, keys): moves of chain
# length lo..hi whose key rank is in the mask ``keys``, in canonical order (length, then key,
# then kickers).

cdef inline void plain(Sink* s, Word cards, int code, uint32_t keys, int copies) noexcept nogil:
    """One main rank and no kickers."""
    while keys:
        emit(s, head(cards, code, ctz(keys), 1, copies))
        keys &= keys - 1


cdef enum Wings:
    NO_WINGS, SOLO_WINGS, PAIR_WINGS


cdef inline Word wing_allowance(Word cards, const Options* o, int key,
                                int length) noexcept nogil:
    """How many cards of each rank the solo wings of the airplane at key/length may take."""
    cdef Word avail = cap_counts(without(cards, key, length), o.solo_wing_max_copies)
    if not o.trio_wing_next_to_chain:
        # No wing trio just below or just above the chain (only 3..A are neighbours).
        if key > 0:
            avail = cap_rank(avail, key - 1, 2)
        if key + length <= 11:
            avail = cap_rank(avail, key + length, 2)
    return avail


cdef inline void runs(Sink* s, Word cards, const HandInfo* h, const Options* o, int code,
                      int copies, Wings wings, int lo, int hi, uint32_t keys) noexcept nogil:
    """The chained types: a run of lo..hi ranks of 3..A, ``copies`` of each, then its wings.

    Inlined into each chained generator with constant ``code``, ``copies`` and ``wings``, so
    the compiler drops the branches a type never takes.
    """
    cdef uint32_t held = h.held[copies] & CHAIN_RANKS
    cdef uint32_t starts = run_starts(held, lo)
    cdef uint32_t todo
    cdef Word word
    cdef int key, length = lo
    while starts and length <= hi:
        todo = starts & keys
        while todo:
            key = ctz(todo)
            todo &= todo - 1
            word = head(cards, code, key, length, copies)
            if wings == NO_WINGS:
                emit(s, word)
            elif wings == SOLO_WINGS:
                solo_wings(s, word, wing_allowance(cards, o, key, length),
                           h.held[1] & ~span(key, length), length, not o.rocket_in_kickers)
            else:
                distinct_wings(s, word, h.held[2] & pair_ranks(cards) & ~span(key, length), 2,
                               length, not o.rocket_in_kickers)
        starts &= held >> length        # the runs one rank longer
        length += 1


cdef inline void gen_solo(Sink* s, Word cards, const HandInfo* h, const Options* o, int lo,
                          int hi, uint32_t keys) noexcept nogil:
    plain(s, cards, T_SOLO, h.held[1] & keys, 1)


cdef inline void gen_pair(Sink* s, Word cards, const HandInfo* h, const Options* o, int lo,
                          int hi, uint32_t keys) noexcept nogil:
    plain(s, cards, T_PAIR, h.held[2] & pair_ranks(cards) & keys, 2)


cdef inline void gen_trio(Sink* s, Word cards, const HandInfo* h, const Options* o, int lo,
                          int hi, uint32_t keys) noexcept nogil:
    plain(s, cards, T_TRIO, h.held[3] & SUITED_RANKS & keys, 3)


cdef inline void gen_trio_solo(Sink* s, Word cards, const HandInfo* h, const Options* o, int lo,
                               int hi, uint32_t keys) noexcept nogil:
    cdef int key
    keys &= h.held[3] & SUITED_RANKS
    while keys:
        key = ctz(keys)
        keys &= keys - 1
        distinct_wings(s, head(cards, T_TRIO_SOLO, key, 1, 3), h.held[1] & ~(1u << key), 1, 1,
                       False)


cdef inline void gen_trio_pair(Sink* s, Word cards, const HandInfo* h, const Options* o, int lo,
                               int hi, uint32_t keys) noexcept nogil:
    cdef int key
    keys &= h.held[3] & SUITED_RANKS
    while keys:
        key = ctz(keys)
        keys &= keys - 1
        distinct_wings(s, head(cards, T_TRIO_PAIR, key, 1, 3),
                       h.held[2] & pair_ranks(cards) & ~(1u << key), 2, 1, False)


cdef inline void gen_chain(Sink* s, Word cards, const HandInfo* h, const Options* o, int lo,
                           int hi, uint32_t keys) noexcept nogil:
    runs(s, cards, h, o, T_CHAIN, 1, NO_WINGS, lo, hi, keys)


cdef inline void gen_pair_chain(Sink* s, Word cards, const HandInfo* h, const Options* o, int lo,
                                int hi, uint32_t keys) noexcept nogil:
    runs(s, cards, h, o, T_PAIR_CHAIN, 2, NO_WINGS, lo, hi, keys)


cdef inline void gen_airplane(Sink* s, Word cards, const HandInfo* h, const Options* o, int lo,
                              int hi, uint32_t keys) noexcept nogil:
    runs(s, cards, h, o, T_AIRPLANE, 3, NO_WINGS, lo, hi, keys)


cdef inline void gen_airplane_solo(Sink* s, Word cards, const HandInfo* h, const Options* o,
                                   int lo, int hi, uint32_t keys) noexcept nogil:
    runs(s, cards, h, o, T_AIRPLANE_SOLO, 3, SOLO_WINGS, lo, hi, keys)


cdef inline void gen_airplane_pair(Sink* s, Word cards, const HandInfo* h, const Options* o,
                                   int lo, int hi, uint32_t keys) noexcept nogil:
    runs(s, cards, h, o, T_AIRPLANE_PAIR, 3, PAIR_WINGS, lo, hi, keys)


cdef inline void gen_four_two_solo(Sink* s, Word cards, const HandInfo* h, const Options* o,
                                   int lo, int hi, uint32_t keys) noexcept nogil:
    cdef int key
    keys &= h.held[4] & SUITED_RANKS
    while keys:
        key = ctz(keys)
        keys &= keys - 1
        solo_wings(s, head(cards, T_FOUR_TWO_SOLO, key, 1, 4),
                   cap_counts(without(cards, key, 1), o.four_two_solo_max_copies),
                   h.held[1] & ~(1u << key), 2, not o.rocket_in_kickers)


cdef inline void gen_four_two_pair(Sink* s, Word cards, const HandInfo* h, const Options* o,
                                   int lo, int hi, uint32_t keys) noexcept nogil:
    cdef int key
    keys &= h.held[4] & SUITED_RANKS
    while keys:
        key = ctz(keys)
        keys &= keys - 1
        distinct_wings(s, head(cards, T_FOUR_TWO_PAIR, key, 1, 4),
                       h.held[2] & pair_ranks(cards) & ~(1u << key), 2, 2,
                       not o.rocket_in_kickers)


cdef inline void gen_bombs(Sink* s, Word cards, const HandInfo* h, int size,
                           uint32_t keys) noexcept nogil:
    """The bombs of ``size`` cards whose key is in ``keys``, then (two decks) every bomb of
    more cards: by size, then by rank, as canonical order reads the cards before the key. One
    deck's bombs are four cards, whatever ``size`` says."""
    cdef int more
    if Word is OneDeck:
        plain(s, cards, T_BOMB, h.held[4] & SUITED_RANKS & keys, 4)
    else:
        size = min(max(size, 4), TWO_DECKS_COPIES)      # any size read off a word: in bounds
        plain(s, cards, T_BOMB, h.held[size] & SUITED_RANKS & keys, size)
        for more in range(size + 1, TWO_DECKS_COPIES + 1):
            plain(s, cards, T_BOMB, h.held[more] & SUITED_RANKS, more)


cdef inline void gen_rocket(Sink* s, Word cards, const HandInfo* h, uint32_t keys) noexcept nogil:
    """Every joker of the layout's deck(s); the rocket's key is the black joker, and only the
    black joker carries the main flag."""
    cdef int copies = joker_copies(cards)
    if h.held[copies] & JOKERS == JOKERS and keys & (1u << BLACK_JOKER):
        emit(s, plus(head(cards, T_ROCKET, BLACK_JOKER, 1, copies), RED_JOKER, copies))


cdef enum:
    ALL_KINDS = (1 << SHUTTLE_KINDS) - 1


cdef inline void gen_space_shuttle(Sink* s, uint64_t cards, const HandInfo* h, const Options* o,
                                   int lo, int hi, uint32_t keys, int kinds) noexcept nogil:
    """Space shuttles (one deck) of lo..hi bombs of 3..A with keys in ``keys``, of the kinds in
    the bit mask ``kinds`` (bit k: kind k of shapes.h). Canonical order: by length, then by
    number of cards, so alone, with solo wings, with pair wings; then by key, then by the
    wings."""
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
                    solo_wings(s, word, cap_counts(without(cards, key, length), 1),
                               h.held[1] & others, 2 * length, not o.rocket_in_kickers)
                else:               # 2n pairs of distinct ranks 3..2
                    distinct_wings(s, word, h.held[2] & SUITED_RANKS & others, 2, 2 * length,
                                   False)
        starts &= held >> length        # the runs one bomb longer
        length += 1


cdef inline int shuttle_kind(uint64_t move, int length) noexcept nogil:
    """The kind (0..2) of a space shuttle word of ``length`` bombs; -1 for cards of none."""
    cdef int kind, cards = card_count(move & COUNT_MASK)
    for kind in range(SHUTTLE_KINDS):
        if cards == length * SHUTTLE_CARDS[kind]:
            return kind
    return -1


cdef inline void gen_type(int code, Sink* s, Word cards, const HandInfo* h, const Options* o,
                          int lo, int hi, uint32_t keys) noexcept nogil:
    """The generator of type ``code`` (any code: those of no generator here emit nothing; bombs,
    the rocket and the space shuttle have callers of their own)."""
    if code == T_SOLO:
        gen_solo(s, cards, h, o, lo, hi, keys)
    elif code == T_PAIR:
        gen_pair(s, cards, h, o, lo, hi, keys)
    elif code == T_TRIO:
        gen_trio(s, cards, h, o, lo, hi, keys)
    elif code == T_TRIO_SOLO:
        gen_trio_solo(s, cards, h, o, lo, hi, keys)
    elif code == T_TRIO_PAIR:
        gen_trio_pair(s, cards, h, o, lo, hi, keys)
    elif code == T_CHAIN:
        gen_chain(s, cards, h, o, lo, hi, keys)
    elif code == T_PAIR_CHAIN:
        gen_pair_chain(s, cards, h, o, lo, hi, keys)
    elif code == T_AIRPLANE:
        gen_airplane(s, cards, h, o, lo, hi, keys)
    elif code == T_AIRPLANE_SOLO:
        gen_airplane_solo(s, cards, h, o, lo, hi, keys)
    elif code == T_AIRPLANE_PAIR:
        gen_airplane_pair(s, cards, h, o, lo, hi, keys)
    elif code == T_FOUR_TWO_SOLO and o.four_two:
        gen_four_two_solo(s, cards, h, o, lo, hi, keys)
    elif code == T_FOUR_TWO_PAIR and o.four_two:
        gen_four_two_pair(s, cards, h, o, lo, hi, keys)


# --- entry points --------------------------------------------------------------------------------

cdef inline bint type_allowed(int code, const Options* o) noexcept nogil:
    if code == T_SPACE_SHUTTLE:
        return o.space_shuttle
    return o.four_two or (code != T_FOUR_TWO_SOLO and code != T_FOUR_TWO_PAIR)


cdef inline void lead(Sink* s, Word cards, const HandInfo* h, const Options* o) noexcept nogil:
    """Every move of the hand, in canonical order: type by type in the order of the type codes
    (bombs and the rocket come last, then the space shuttle where the rules have it).

    The generators are called one by one rather than through ``gen_type``, so that the compiler
    inlines them all here with their constant arguments.
    """
    gen_solo(s, cards, h, o, 1, 1, ALL_RANKS)
    gen_pair(s, cards, h, o, 1, 1, ALL_RANKS)
    gen_trio(s, cards, h, o, 1, 1, ALL_RANKS)
    gen_trio_solo(s, cards, h, o, 1, 1, ALL_RANKS)
    gen_trio_pair(s, cards, h, o, 1, 1, ALL_RANKS)
    gen_chain(s, cards, h, o, LEN_MIN[T_CHAIN], len_max(cards, T_CHAIN), ALL_RANKS)
    gen_pair_chain(s, cards, h, o, LEN_MIN[T_PAIR_CHAIN], len_max(cards, T_PAIR_CHAIN), ALL_RANKS)
    gen_airplane(s, cards, h, o, LEN_MIN[T_AIRPLANE], len_max(cards, T_AIRPLANE), ALL_RANKS)
    gen_airplane_solo(s, cards, h, o, LEN_MIN[T_AIRPLANE_SOLO], len_max(cards, T_AIRPLANE_SOLO),
                      ALL_RANKS)
    gen_airplane_pair(s, cards, h, o, LEN_MIN[T_AIRPLANE_PAIR], len_max(cards, T_AIRPLANE_PAIR),
                      ALL_RANKS)
    if o.four_two:
        gen_four_two_solo(s, cards, h, o, 1, 1, ALL_RANKS)
        gen_four_two_pair(s, cards, h, o, 1, 1, ALL_RANKS)
    gen_bombs(s, cards, h, 4, ALL_RANKS)
    gen_rocket(s, cards, h, ALL_RANKS)
    if Word is OneDeck:
        if o.space_shuttle:     # off: not even a look at the bombs of the hand
            gen_space_shuttle(s, cards, h, o, LEN_MIN[T_SPACE_SHUTTLE], LEN_MAX[T_SPACE_SHUTTLE],
                              ALL_RANKS, ALL_KINDS)


cdef inline void respond(Sink* s, Word cards, const HandInfo* h, const Options* o,
                         Word prev) noexcept nogil:
    """The moves that beat ``prev`` (a legal move), straight from its type, in canonical order.

    A ``prev`` of no legal shape (no main rank, or a chain length its type never has) gets no
    answer of its type: only bombs and the rocket, which beat every move but a rocket. A bomb
    is beaten by a bomb of more cards, or of as many and a higher rank. A space shuttle's
    answers of its own type (code 15) come after the bombs and the rocket.
    """
    cdef int code = code_of(prev)
    cdef uint32_t main = gather_flags(prev)
    cdef int length, kind
    if Word is OneDeck:
        length = count_flags(prev)
    else:
        length = popcount(main)
    if code == T_ROCKET or code == T_PASS:
        return          # nothing beats the rocket; a pass is never a move to beat
    if code == T_BOMB and main:
        gen_bombs(s, cards, h, count_at(counts_only(prev), ctz(main)), above(ctz(main)))
    else:
        if main and code < NUM_TYPES and LEN_MIN[code] <= length <= len_max(cards, code):
            gen_type(code, s, cards, h, o, length, length, above(ctz(main)))
        gen_bombs(s, cards, h, 4, ALL_RANKS)
    gen_rocket(s, cards, h, ALL_RANKS)
    if Word is OneDeck:
        if code == T_SPACE_SHUTTLE and main and o.space_shuttle:
            kind = shuttle_kind(prev, length)
            if kind >= 0 and LEN_MIN[code] <= length <= SHUTTLE_LEN_MAX[kind]:
                gen_space_shuttle(s, cards, h, o, length, length, above(ctz(main)), 1 << kind)


cdef inline void generate(Sink* s, Word hand, Word prev, const Options* o) noexcept nogil:
    """The legal moves of the hand word ``hand``: leading when ``prev`` is 0, else beating it."""
    cdef HandInfo h
    cdef Word cards = counts_only(hand)
    if is_zero(prev):
        describe(&h, cards)
        lead(s, cards, &h, o)
    else:
        describe_for(&h, cards, code_of(prev))
        respond(s, cards, &h, o, prev)


cdef inline void classify_counts(Sink* s, Word counts, const Options* o) noexcept nogil:
    """Every move made of exactly the cards ``counts``, in canonical order.

    A move of type t and length n has n * CARDS[t] cards (a space shuttle of kind k n *
    SHUTTLE_CARDS[k], a bomb of two decks 4..8), so only the (type, length) pairs with the
    hand's card count can use all of it, and each of those moves does: at most one move per
    type (shuttle kind) and key, never more than NUM_TYPES * NUM_RANKS words.
    """
    cdef HandInfo h
    cdef int code, length, kind
    cdef int size = card_count(counts)
    describe(&h, counts)
    for code in range(T_SOLO, T_BOMB):
        if not type_allowed(code, o) or size % CARDS[code]:
            continue
        length = size // CARDS[code]
        if LEN_MIN[code] <= length <= len_max(counts, code):
            gen_type(code, s, counts, &h, o, length, length, ALL_RANKS)
    if 4 <= size <= most_copies(counts):
        plain(s, counts, T_BOMB, h.held[size] & SUITED_RANKS, size)
    if size == 2 * joker_copies(counts):
        gen_rocket(s, counts, &h, ALL_RANKS)
    if Word is OneDeck:
        if o.space_shuttle:
            # Of one number of cards, the kinds of more cards per bomb are the shorter shuttles:
            # pair wings, solo wings, then alone is the canonical order.
            for kind in range(SHUTTLE_KINDS - 1, -1, -1):
                if size % SHUTTLE_CARDS[kind] == 0:
                    length = size // SHUTTLE_CARDS[kind]
                    if LEN_MIN[T_SPACE_SHUTTLE] <= length <= SHUTTLE_LEN_MAX[kind]:
                        gen_space_shuttle(s, counts, &h, o, length, length, ALL_RANKS,
                                          1 << kind)


cdef inline bint is_legal_word(Word word, const Options* o) noexcept nogil:
    """Whether ``word`` (any bits) is a move of these rules: its cards classify to it."""
    cdef Word found[NUM_TYPES * NUM_RANKS]
    cdef Sink s = Sink(&found[0], NUM_TYPES * NUM_RANKS, 0)
    cdef Word counts = counts_only(word)
    cdef Py_ssize_t i
    if code_of(word) == T_PASS or not fits_deck(counts):
        return False
    classify_counts(&s, counts, o)
    for i in range(min(s.n, s.cap)):
        if same(found[i], word):
            return True
    return False


cdef inline bint beats_word(Word move, Word prev) noexcept nogil:
    """Whether the legal move ``move`` may be played on the legal move ``prev``."""
    cdef int code = code_of(move)
    cdef int prev_code = code_of(prev)
    cdef uint32_t main = gather_flags(move)
    cdef uint32_t prev_main = gather_flags(prev)
    cdef int cards, prev_cards
    if code == T_ROCKET:
        return prev_code != T_ROCKET
    if code == T_BOMB and prev_code != T_BOMB and prev_code != T_ROCKET:
        return True
    # ``main > 0`` keeps the bit scans off 0 for words of no move (never a legal move). The
    # number of cards tells the kinds of space shuttle apart (the length fixes it for the rest)
    # and, in two decks, orders bombs before their rank.
    if not (code == prev_code and main and prev_main):
        return False
    cards, prev_cards = card_count(counts_only(move)), card_count(counts_only(prev))
    if Word is TwoDecks:
        if code == T_BOMB and cards != prev_cards:
            return cards > prev_cards
    return (popcount(main) == popcount(prev_main) and ctz(main) > ctz(prev_main)
            and cards == prev_cards)
