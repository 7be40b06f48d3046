# DouZero's legal actions in DouZero's own order (douzero 1.1, douzero.env.game's
# get_legal_card_play_actions), on rank counts, written as ddz_fast move words. Header-only:
# ``from douzero_order cimport Memo, douzero_moves, douzero_moves_into, ...``.
#
# DouZero lists a hand's actions generator by generator, each in the order of its Python loops,
# and keeps the duplicates its loops make (the same cards reached twice); when following it
# reads the move to beat from its cards alone (its move detector), filters each generator's
# moves by its own comparisons, adds the bombs and the rocket and, last, the pass. Everything
# here is that behaviour on counts: the lists DouZero builds are sorted multisets of ranks, so
# a count word stands for one of them exactly, and DouZero's comparisons of card values are
# comparisons of ranks (the values 3..14, 17, 20, 30 rise with the rank).
#
# Each action is then written as the first move word, in canonical order, of those cards under
# preset "douzero" (classify_counts of movegen.pxd): the word generate_into lists first for
# those cards, and DouZero's reading of them (its detector reads ``333444555666`` as the
# airplane of four, which is the canonical order's first reading too). Which word a set of
# cards gets depends on the cards alone, so a Memo keeps the answers between calls.
from libc.stdint cimport uint32_t, uint64_t
from libc.stdlib cimport calloc, free
from libc.string cimport memset

from movegen cimport (COUNT_MASK, NUM_RANKS, NUM_TYPES, Options, Sink, card_count,
                      classify_counts, popcount)
from words cimport Words, reserve

# DouZero's move types (douzero.env.utils), the answers of its move detector.
cdef enum:
    DZ_PASS = 0
    DZ_SINGLE = 1
    DZ_PAIR = 2
    DZ_TRIPLE = 3
    DZ_BOMB = 4
    DZ_KING_BOMB = 5
    DZ_3_1 = 6
    DZ_3_2 = 7
    DZ_SERIAL_SINGLE = 8
    DZ_SERIAL_PAIR = 9
    DZ_SERIAL_TRIPLE = 10
    DZ_SERIAL_3_1 = 11
    DZ_SERIAL_3_2 = 12
    DZ_4_2 = 13
    DZ_4_22 = 14
    DZ_WRONG = 15

cdef enum:
    DZ_MAX_CARDS = 20       # the largest DouZero hand (the landlord's); callers check it
    DZ_TOP_CHAIN = 11       # the ace: DouZero's chains are runs of card values 3..14
    DZ_MAX_CHAINS = 80      # the most runs one generator lists: 66 (airplanes of 12 ranks)
    DZ_MEMO_START = 1024    # a Memo's first table (slots); it doubles at half full

# DouZero's generators by the shortest chain of each (douzero.env.utils).
cdef enum:
    DZ_MIN_SINGLES = 5
    DZ_MIN_PAIRS = 3
    DZ_MIN_TRIPLES = 2


cdef struct Rival:
    # DouZero's reading of the move to beat: its type, the rank its filter compares (-1 none)
    # and its chain length (the repeat_num its serial generators get).
    int type
    int rank
    int length


cdef struct Memo:
    # Counts -> the canonical move word of those cards, by open addressing: slot i is
    # entries[2i] (the counts; 0 marks an empty slot, the pass is never stored) and
    # entries[2i + 1] (the word). Zeroed, it is empty and holds no memory.
    uint64_t* entries
    Py_ssize_t mask
    Py_ssize_t used


cdef struct DzListing:
    # Where the generators write: ``out`` from ``n`` on; ``failed`` once memory ran out.
    Words* out
    Py_ssize_t n
    bint failed


cdef struct DzHand:
    # One hand as DouZero's generators see it: the counts, the count word and, for the
    # generators that iterate ``set(cards)``, the ranks in that set's iteration order.
    int c[NUM_RANKS]
    uint64_t word
    int order[NUM_RANKS]
    int distinct


# --- small helpers ---------------------------------------------------------------------------

cdef inline uint64_t unit(int rank) noexcept nogil:
    return (<uint64_t>1) << (4 * rank)


cdef inline int count_of(uint64_t counts, int rank) noexcept nogil:
    return <int>((counts >> (4 * rank)) & 7)


cdef inline void put(DzListing* l, uint64_t counts) noexcept nogil:
    if l.failed:
        return
    if l.n >= l.out.cap and not reserve(l.out, l.n + 1):
        l.failed = True
        return
    l.out.data[l.n] = counts
    l.n += 1


cdef inline bint consecutive(uint32_t ranks) noexcept nogil:
    """Whether a set of ranks is a run of consecutive card values (DouZero's
    is_continuous_seq on them, sorted): a run of ranks inside 3..A, or a single rank."""
    cdef uint32_t low
    if ranks == 0:
        return True
    low = ranks & (~ranks + 1)
    if (ranks & (ranks - 1)) == 0:
        return True
    # A run has no gap: adding its lowest bit carries through it to one bit.
    if ((ranks + low) & ranks) != 0:
        return False
    return ranks < (1u << (DZ_TOP_CHAIN + 1))


cdef inline uint32_t ranks_with(uint64_t counts, int k) noexcept nogil:
    """The ranks of which ``counts`` holds exactly ``k`` cards."""
    cdef uint32_t m = 0
    cdef int r
    for r in range(NUM_RANKS):
        if count_of(counts, r) == k:
            m |= 1u << r
    return m


cdef inline int highest(uint32_t ranks) noexcept nogil:
    cdef int r = -1
    while ranks:
        r += 1
        ranks >>= 1
    return r


cdef inline int lowest(uint32_t ranks) noexcept nogil:
    cdef int r = 0
    if ranks == 0:
        return -1
    while not (ranks & 1):
        r += 1
        ranks >>= 1
    return r


cdef inline int rank_at(uint64_t counts, int position) noexcept nogil:
    """The rank of the card at ``position`` of the sorted cards (-1 past them)."""
    cdef int r, seen = 0
    for r in range(NUM_RANKS):
        seen += count_of(counts, r)
        if seen > position:
            return r
    return -1


# --- CPython's set of small ints ----------------------------------------------------------------
# DouZero's singles iterate ``set(cards_list)``, and a set iterates its hash table slot by slot.
# An int hashes to itself; the table starts with 8 slots and is rebuilt for ``used * 4`` (the
# smallest power of two above it) once ``fill * 5 >= mask * 3``: at the 5th distinct card, into
# 32 slots, where every card value (< 32) has its own slot and the order is sorted. With fewer
# than 5 distinct values, the 8-slot table's probing decides it. The probe sequence of CPython
# 3.7+ (Objects/setobject.c): slot ``h & mask``, then, when 9 more slots fit below the mask, the
# 9 slots after it (linear probes), then ``i = (i * 5 + 1 + perturb) & mask`` with ``perturb``
# starting at the hash and shifted right by 5 before each jump.

cdef inline int card_value(int rank) noexcept nogil:
    """DouZero's int of a rank: 3..14, then 17 for the 2, 20 and 30 for the jokers."""
    if rank < 12:
        return rank + 3
    return 17 if rank == 12 else (20 if rank == 13 else 30)


cdef inline void set_insert(int* table, Py_ssize_t mask, int value) noexcept nogil:
    """Insert a value not in the table (slots hold value + 1, 0 when empty)."""
    cdef size_t perturb = <size_t>value
    cdef size_t i = <size_t>value & <size_t>mask
    cdef size_t j
    while True:
        if table[i] == 0:
            table[i] = value + 1
            return
        if i + 9 <= <size_t>mask:
            for j in range(1, 10):
                if table[i + j] == 0:
                    table[i + j] = value + 1
                    return
        perturb >>= 5
        i = (i * 5 + 1 + perturb) & <size_t>mask


cdef inline int set_order(const int* c, int* order) noexcept nogil:
    """The ranks held (c[r] > 0), in the iteration order of a set built from the sorted cards;
    their number."""
    cdef int table[64]
    cdef int rebuilt[64]
    cdef Py_ssize_t mask = 7, size, slot
    cdef int r, fill = 0, n = 0
    memset(table, 0, sizeof(table))
    for r in range(NUM_RANKS):
        if c[r] == 0:
            continue
        set_insert(table, mask, card_value(r))
        fill += 1
        if fill * 5 >= mask * 3:
            size = 8
            while size <= fill * 4:
                size <<= 1
            memset(rebuilt, 0, sizeof(rebuilt))
            for slot in range(mask + 1):
                if table[slot]:
                    set_insert(rebuilt, size - 1, table[slot] - 1)
            mask = size - 1
            for slot in range(mask + 1):
                table[slot] = rebuilt[slot]
    for slot in range(mask + 1):
        if table[slot]:
            for r in range(NUM_RANKS):
                if card_value(r) == table[slot] - 1:
                    order[n] = r
                    n += 1
    return n


cdef inline void describe_hand(DzHand* h, uint64_t hand) noexcept nogil:
    cdef int r
    h.word = hand & COUNT_MASK
    for r in range(NUM_RANKS):
        h.c[r] = count_of(h.word, r)
    h.distinct = set_order(h.c, h.order)


# --- DouZero's move detector, on counts ---------------------------------------------------------

cdef inline Rival read_rival(uint64_t move) noexcept nogil:
    """DouZero's get_move_type of the cards of ``move`` (its count bits), with the rank its
    move selector compares for that type."""
    cdef Rival v
    cdef uint64_t counts = move & COUNT_MASK
    cdef int n = card_count(counts)
    cdef uint32_t held = 0, ones, twos, threes, fours
    cdef int distinct, r, low
    v.type, v.rank, v.length = DZ_WRONG, -1, 1
    for r in range(NUM_RANKS):
        if count_of(counts, r):
            held |= 1u << r
    ones, twos = ranks_with(counts, 1), ranks_with(counts, 2)
    threes, fours = ranks_with(counts, 3), ranks_with(counts, 4)
    distinct = popcount(held)
    low = lowest(held)
    if n == 0:
        v.type = DZ_PASS
        return v
    if n == 1:
        v.type, v.rank = DZ_SINGLE, low
        return v
    if n == 2:
        if distinct == 1:
            v.type, v.rank = DZ_PAIR, low
        elif held == (1u << 13 | 1u << 14):
            v.type = DZ_KING_BOMB
        return v
    if n == 3:
        if distinct == 1:
            v.type, v.rank = DZ_TRIPLE, low
        return v
    if n == 4:
        if distinct == 1:
            v.type, v.rank = DZ_BOMB, low
        elif distinct == 2 and threes:
            v.type, v.rank = DZ_3_1, rank_at(counts, 1)
        return v
    if held == ones and consecutive(held):
        v.type, v.rank, v.length = DZ_SERIAL_SINGLE, low, n
        return v
    if n == 5:
        if distinct == 2:
            v.type, v.rank = DZ_3_2, rank_at(counts, 2)
        return v
    if (n == 6 and (distinct == 2 or distinct == 3) and popcount(fours) == 1
            and (popcount(twos) == 1 or popcount(ones) == 2)):
        v.type, v.rank = DZ_4_2, rank_at(counts, 2)
        return v
    if n == 8 and ((((distinct == 3 or distinct == 2) and popcount(fours) == 1
                     and popcount(twos) == 2)) or popcount(fours) == 2):
        v.type, v.rank = DZ_4_22, highest(fours)
        return v
    if held == twos and consecutive(held):
        v.type, v.rank, v.length = DZ_SERIAL_PAIR, low, distinct
        return v
    if held == threes and consecutive(held):
        v.type, v.rank, v.length = DZ_SERIAL_TRIPLE, low, distinct
        return v
    if popcount(threes) >= DZ_MIN_TRIPLES:
        if fours:
            return v                    # its loop over the counts meets a four: no move
        # Its selector compares the highest trio of either airplane type.
        if consecutive(threes):
            if popcount(threes) == popcount(ones) + 2 * popcount(twos):
                v.type, v.rank, v.length = DZ_SERIAL_3_1, highest(threes), popcount(threes)
                return v
            if (popcount(threes) == popcount(twos)
                    and distinct == 2 * popcount(threes)):
                v.type, v.rank, v.length = DZ_SERIAL_3_2, highest(threes), popcount(threes)
                return v
        if popcount(threes) == 4:
            # Four trios, the lowest or the highest of them read as wings.
            if (consecutive(threes & ~(1u << lowest(threes)))
                    or consecutive(threes & ~(1u << highest(threes)))):
                v.type, v.rank, v.length = DZ_SERIAL_3_1, highest(threes), 3
                return v
    return v


# --- DouZero's generators, each filtered by a rank (-1: no filter) -----------------------------

cdef inline int serials(const DzHand* h, int copies, int min_serial, int repeat_num, int* keys,
                        int* lengths) noexcept nogil:
    """The chains of _gen_serial_moves (ranks held ``copies`` times or more, at least
    ``min_serial`` long, of length ``repeat_num`` or, below ``min_serial``, of every length),
    in its order: run by run, then by length, then by start. Their number."""
    cdef int r = 0, start, longest, steps, index, n = 0
    if repeat_num < min_serial:
        repeat_num = 0
    while r <= DZ_TOP_CHAIN:
        if h.c[r] < copies:
            r += 1
            continue
        start = r
        while r <= DZ_TOP_CHAIN and h.c[r] >= copies:
            r += 1
        longest = r - start
        if longest < min_serial:
            continue
        if repeat_num == 0:
            for steps in range(min_serial, longest + 1):
                for index in range(longest - steps + 1):
                    if n < DZ_MAX_CHAINS:
                        keys[n], lengths[n] = start + index, steps
                        n += 1
        elif longest >= repeat_num:
            for index in range(longest - repeat_num + 1):
                if n < DZ_MAX_CHAINS:
                    keys[n], lengths[n] = start + index, repeat_num
                    n += 1
    return n


cdef inline uint64_t run_of(int key, int length, int copies) noexcept nogil:
    cdef uint64_t w = 0
    cdef int r
    for r in range(key, key + length):
        w += <uint64_t>copies << (4 * r)
    return w


cdef inline void gen_singles(DzListing* l, const DzHand* h, int above) noexcept nogil:
    cdef int i
    for i in range(h.distinct):
        if h.order[i] > above:
            put(l, unit(h.order[i]))


cdef inline void gen_kind(DzListing* l, const DzHand* h, int least, int copies,
                          int above) noexcept nogil:
    """Pairs (least 2), trios (3) or bombs (4, exactly): ``copies`` cards of each rank held
    ``least`` times or more (bombs: exactly 4), ranks rising, above ``above``."""
    cdef int r
    for r in range(NUM_RANKS):
        if r > above and (h.c[r] == 4 if least == 4 else h.c[r] >= least):
            put(l, <uint64_t>copies * unit(r))


cdef inline void gen_rocket(DzListing* l, const DzHand* h) noexcept nogil:
    if h.c[13] and h.c[14]:
        put(l, unit(13) + unit(14))


cdef inline void gen_trio_kickers(DzListing* l, const DzHand* h, bint pairs, int above) noexcept nogil:
    """gen_type_6_3_1 (a single of set order, then each trio) or gen_type_7_3_2 (pairs, ranks
    rising, then each trio), trios above ``above``."""
    cdef int i, t, k
    if pairs:
        for k in range(NUM_RANKS):
            if h.c[k] >= 2:
                for t in range(NUM_RANKS):
                    if h.c[t] >= 3 and t != k and t > above:
                        put(l, 2 * unit(k) + 3 * unit(t))
    else:
        for i in range(h.distinct):
            k = h.order[i]
            for t in range(NUM_RANKS):
                if h.c[t] >= 3 and t != k and t > above:
                    put(l, unit(k) + 3 * unit(t))


cdef inline void gen_serial(DzListing* l, const DzHand* h, int copies, int min_serial,
                            int repeat_num, int above) noexcept nogil:
    cdef int keys[DZ_MAX_CHAINS]
    cdef int lengths[DZ_MAX_CHAINS]
    cdef int i, n = serials(h, copies, min_serial, repeat_num, keys, lengths)
    for i in range(n):
        if keys[i] > above:
            put(l, run_of(keys[i], lengths[i], copies))


cdef inline int top_trio(uint64_t counts) noexcept nogil:
    """The highest rank held exactly three times (what DouZero's airplane filters compare)."""
    cdef int r
    for r in range(NUM_RANKS - 1, -1, -1):
        if count_of(counts, r) == 3:
            return r
    return -1


cdef inline void combos(DzListing* l, uint64_t base, const int* cards, int m, int k,
                        bint airplane, int above) noexcept nogil:
    """``base`` plus every choice of ``k`` of the ``m`` cards (ranks, sorted), by positions in
    itertools.combinations' order, less the consecutive repeats that itertools.groupby drops;
    those kept pass the filter: the highest trio (``airplane``) or, else, the base's rank above
    ``above`` (the caller has tested it)."""
    cdef int idx[DZ_MAX_CARDS]
    cdef int i, j
    cdef uint64_t wings, last = <uint64_t>-1, move
    if k > m or k <= 0 or k > DZ_MAX_CARDS:
        return
    for i in range(k):
        idx[i] = i
    while True:
        wings = 0
        for i in range(k):
            wings += unit(cards[idx[i]])
        if wings != last:
            last = wings
            move = base + wings
            if not airplane or top_trio(move) > above:
                put(l, move)
        i = k - 1
        while i >= 0 and idx[i] == m - k + i:
            i -= 1
        if i < 0:
            return
        idx[i] += 1
        for j in range(i + 1, k):
            idx[j] = idx[j - 1] + 1


cdef inline void gen_airplane_solo(DzListing* l, const DzHand* h, int repeat_num,
                                   int above) noexcept nogil:
    """gen_type_11_serial_3_1: each airplane of gen_type_10, then every choice of as many
    cards outside its ranks, consecutive repeats dropped."""
    cdef int keys[DZ_MAX_CHAINS]
    cdef int lengths[DZ_MAX_CHAINS]
    cdef int cards[54]
    cdef int i, r, k, m, n = serials(h, 3, DZ_MIN_TRIPLES, repeat_num, keys, lengths)
    for i in range(n):
        m = 0
        for r in range(NUM_RANKS):
            if r < keys[i] or r >= keys[i] + lengths[i]:
                for k in range(h.c[r]):
                    cards[m] = r
                    m += 1
        combos(l, run_of(keys[i], lengths[i], 3), cards, m, lengths[i], True, above)


cdef inline void gen_airplane_pair(DzListing* l, const DzHand* h, int repeat_num,
                                   int above) noexcept nogil:
    """gen_type_12_serial_3_2: each airplane, then every choice of as many distinct ranks held
    twice or more outside it, as pairs."""
    cdef int keys[DZ_MAX_CHAINS]
    cdef int lengths[DZ_MAX_CHAINS]
    cdef int ranks[NUM_RANKS]
    cdef int idx[NUM_RANKS]
    cdef int i, j, q, r, m, k, n = serials(h, 3, DZ_MIN_TRIPLES, repeat_num, keys, lengths)
    cdef uint64_t base, move
    for i in range(n):
        m, k = 0, lengths[i]
        for r in range(NUM_RANKS):
            if h.c[r] >= 2 and (r < keys[i] or r >= keys[i] + k):
                ranks[m] = r
                m += 1
        if k > m:
            continue
        base = run_of(keys[i], k, 3)
        for j in range(k):
            idx[j] = j
        while True:
            move = base
            for j in range(k):
                move += 2 * unit(ranks[idx[j]])
            if top_trio(move) > above:
                put(l, move)
            j = k - 1
            while j >= 0 and idx[j] == m - k + j:
                j -= 1
            if j < 0:
                break
            idx[j] += 1
            for q in range(j + 1, k):
                idx[q] = idx[q - 1] + 1


cdef inline void gen_four_two(DzListing* l, const DzHand* h, bint pairs, int above) noexcept nogil:
    """gen_type_13_4_2 (each four, then two of the other cards, repeats as groupby leaves
    them) or gen_type_14_4_22 (each four, then two distinct other ranks held twice or more)."""
    cdef int cards[54]
    cdef int f, r, k, m, a, b
    for f in range(NUM_RANKS):
        if h.c[f] != 4 or f <= above:
            continue
        if pairs:
            for a in range(NUM_RANKS):
                if a == f or h.c[a] < 2:
                    continue
                for b in range(a + 1, NUM_RANKS):
                    if b != f and h.c[b] >= 2:
                        put(l, 4 * unit(f) + 2 * unit(a) + 2 * unit(b))
        else:
            m = 0
            for r in range(NUM_RANKS):
                if r != f:
                    for k in range(h.c[r]):
                        cards[m] = r
                        m += 1
            combos(l, 4 * unit(f), cards, m, 2, False, -1)


cdef inline void lead_all(DzListing* l, const DzHand* h) noexcept nogil:
    """gen_moves: every generator in DouZero's order, unfiltered."""
    gen_singles(l, h, -1)
    gen_kind(l, h, 2, 2, -1)
    gen_kind(l, h, 3, 3, -1)
    gen_kind(l, h, 4, 4, -1)
    gen_rocket(l, h)
    gen_trio_kickers(l, h, False, -1)
    gen_trio_kickers(l, h, True, -1)
    gen_serial(l, h, 1, DZ_MIN_SINGLES, 0, -1)
    gen_serial(l, h, 2, DZ_MIN_PAIRS, 0, -1)
    gen_serial(l, h, 3, DZ_MIN_TRIPLES, 0, -1)
    gen_airplane_solo(l, h, 0, -1)
    gen_airplane_pair(l, h, 0, -1)
    gen_four_two(l, h, False, -1)
    gen_four_two(l, h, True, -1)


cdef inline void follow(DzListing* l, const DzHand* h, Rival v) noexcept nogil:
    """get_legal_card_play_actions against a move to beat DouZero reads as ``v``."""
    cdef int t = v.type
    if t == DZ_SINGLE:
        gen_singles(l, h, v.rank)
    elif t == DZ_PAIR:
        gen_kind(l, h, 2, 2, v.rank)
    elif t == DZ_TRIPLE:
        gen_kind(l, h, 3, 3, v.rank)
    elif t == DZ_BOMB:
        gen_kind(l, h, 4, 4, v.rank)
        gen_rocket(l, h)            # the rocket's 20 is above every bomb's first card
    elif t == DZ_3_1:
        gen_trio_kickers(l, h, False, v.rank)
    elif t == DZ_3_2:
        gen_trio_kickers(l, h, True, v.rank)
    elif t == DZ_SERIAL_SINGLE:
        gen_serial(l, h, 1, DZ_MIN_SINGLES, v.length, v.rank)
    elif t == DZ_SERIAL_PAIR:
        gen_serial(l, h, 2, DZ_MIN_PAIRS, v.length, v.rank)
    elif t == DZ_SERIAL_TRIPLE:
        gen_serial(l, h, 3, DZ_MIN_TRIPLES, v.length, v.rank)
    elif t == DZ_SERIAL_3_1:
        gen_airplane_solo(l, h, v.length, v.rank)
    elif t == DZ_SERIAL_3_2:
        gen_airplane_pair(l, h, v.length, v.rank)
    elif t == DZ_4_2:
        gen_four_two(l, h, False, v.rank)
    elif t == DZ_4_22:
        gen_four_two(l, h, True, v.rank)
    # The rocket and a move DouZero reads as none (DZ_WRONG) get no answer of their type.
    if t != DZ_BOMB and t != DZ_KING_BOMB:
        gen_kind(l, h, 4, 4, -1)
        gen_rocket(l, h)
    put(l, 0)                       # the pass, last


# --- counts -> the canonical move word ----------------------------------------------------------

cdef inline void memo_free(Memo* m) noexcept nogil:
    free(m.entries)
    m.entries, m.mask, m.used = NULL, 0, 0


cdef inline uint64_t memo_slot(uint64_t counts, Py_ssize_t mask) noexcept nogil:
    return ((counts * 0x9E3779B97F4A7C15ULL) >> 32) & <uint64_t>mask


cdef inline bint memo_grow(Memo* m) noexcept nogil:
    cdef Py_ssize_t size = DZ_MEMO_START if m.entries == NULL else 2 * (m.mask + 1)
    cdef uint64_t* table = <uint64_t*>calloc(2 * size, sizeof(uint64_t))
    cdef Py_ssize_t i
    cdef uint64_t slot
    if table == NULL:
        return False
    if m.entries != NULL:
        for i in range(m.mask + 1):
            if m.entries[2 * i]:
                slot = memo_slot(m.entries[2 * i], size - 1)
                while table[2 * slot]:
                    slot = (slot + 1) & <uint64_t>(size - 1)
                table[2 * slot] = m.entries[2 * i]
                table[2 * slot + 1] = m.entries[2 * i + 1]
        free(m.entries)
    m.entries, m.mask = table, size - 1
    return True


cdef inline int word_of(Memo* m, uint64_t counts, const Options* o,
                        uint64_t* word) noexcept nogil:
    """Set ``word`` to the first move word, in canonical order, of exactly the cards
    ``counts`` (not 0); 0, or -1 out of memory, -2 when the cards are no move of ``o``."""
    cdef uint64_t found[NUM_TYPES * NUM_RANKS]
    cdef Sink s
    cdef uint64_t slot
    if m.entries != NULL:
        slot = memo_slot(counts, m.mask)
        while m.entries[2 * slot]:
            if m.entries[2 * slot] == counts:
                word[0] = m.entries[2 * slot + 1]
                return 0
            slot = (slot + 1) & <uint64_t>m.mask
    s = Sink(&found[0], NUM_TYPES * NUM_RANKS, 0)
    classify_counts(&s, counts, o)
    if s.n == 0:
        return -2
    word[0] = found[0]
    if m.entries == NULL or 2 * (m.used + 1) > m.mask + 1:
        if not memo_grow(m):
            return -1
    slot = memo_slot(counts, m.mask)
    while m.entries[2 * slot]:
        slot = (slot + 1) & <uint64_t>m.mask
    m.entries[2 * slot], m.entries[2 * slot + 1] = counts, word[0]
    m.used += 1
    return 0


# --- the entry points -----------------------------------------------------------------------------

cdef inline Py_ssize_t douzero_moves_into(Words* out, Py_ssize_t start, uint64_t hand,
                                          uint64_t prev, const Options* o,
                                          Memo* memo) noexcept nogil:
    """DouZero's legal actions of ``hand`` (its count bits) against the move ``prev`` (its
    cards; 0: leading), in DouZero's order with its duplicates, the pass (word 0) last when
    following, written to ``out`` from ``start`` on as move words of ``o`` (preset "douzero"'s
    options). Their number; -1 out of memory, -2 if a listed set of cards is no move of ``o``
    (options other than douzero's), -3 for a hand of more than DZ_MAX_CARDS cards (no DouZero
    hand: its choices of wings would grow without use, and the scratch arrays hold 20)."""
    cdef DzHand h
    cdef DzListing l = DzListing(out, start, False)
    cdef Py_ssize_t i
    cdef int status
    if card_count(hand & COUNT_MASK) > DZ_MAX_CARDS:
        return -3
    describe_hand(&h, hand)
    if (prev & COUNT_MASK) == 0:
        lead_all(&l, &h)
    else:
        follow(&l, &h, read_rival(prev))
    if l.failed:
        return -1
    for i in range(start, l.n):
        if out.data[i]:
            status = word_of(memo, out.data[i], o, &out.data[i])
            if status:
                return status
    return l.n - start


cdef inline Py_ssize_t douzero_moves(uint64_t hand, uint64_t prev, const Options* o,
                                     Words* out) noexcept nogil:
    """douzero_moves_into from word 0, with a Memo of its own (freed before it returns)."""
    cdef Memo memo = Memo(NULL, 0, 0)
    cdef Py_ssize_t n = douzero_moves_into(out, 0, hand, prev, o, &memo)
    memo_free(&memo)
    return n
