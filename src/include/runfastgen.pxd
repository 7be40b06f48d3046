# The Run Fast move generator (docs/RULES.md, "Run Fast"): one-deck hand words in, 64-bit move
# words out, no Python objects and no GIL. ``from runfastgen cimport ...``.
#
# Run Fast plays one deck without jokers, and its moves fit the one-deck word of movegen.pxd: the
# solos, pairs, chains, pair chains and bombs are the very words of Dou Dizhu's moves, and its own
# types, the trio + two, the airplane with two cards a trio and four + three, are written with
# the type code of the Dou Dizhu type each stands beside (3, 8 and 11: trio, airplane and four +
# two solos, which no Run Fast move is). The code order is then the canonical order of Run
# Fast's types, and a generator that emits type by type in code order emits in canonical order.
# These 64-bit words are what this generator, a MoveList of Run Fast moves and the batched API
# hold; a Move's word adds bit 125 (ddz_fast.bitboard.RUNFAST) to the words of codes 3, 8 and 11,
# so that no Run Fast move shares a Move word with a Dou Dizhu one.
#
# A generator of its own, beside movegen.pxd's rather than options inside it: Dou Dizhu's
# generators then hold no test of the game in their loops (benchmarks/results/runfast_ab.md
# counts the instructions of both builds), and the helpers (the rank masks, the runs, the
# multisets of kicker cards) are movegen.pxd's, shared rather than copied.
#
# What differs from Dou Dizhu: kickers and wings are any cards outside the main ranks (a pair,
# repeats, the fourth card of a rank), so every kicker set is a multiset (movegen's solo_wings);
# pair chains start at two pairs; airplanes carry 2n cards; the AAA bomb (an option) is a bomb of
# three cards, the highest; no move holds more cards than a hand (``hand_size``), which bounds
# the action space; and the short last hand: a trio + two with 0 or 1 kickers, an airplane of n
# trios with 0..2n-1 wing cards, of the same type, key and length as the full form. A hand
# lists a short form only when it is the whole hand (``every`` False), the action space and
# classify list them all (``every`` True).
#
# Canonical order is the Move order: type code, length, number of cards, key, cards. Of one
# type and length the short forms have fewer cards than the full form and come first; in a hand
# a length has either its full forms (the hand holds at least the full form's cards) or its
# whole-hand short forms (it holds fewer), never both. The AAA bomb, of three cards, comes
# before the bombs of four.
#
# Safe on any bits, as movegen.pxd is: hand words are masked to their counts, a move to beat of
# no Run Fast shape gets only bombs, no bit scan sees 0.
from libc.stdint cimport uint32_t, uint64_t

from movegen cimport (CHAIN_RANKS, COUNT_MASK, FLAG_MASK, HandInfo, NIBBLE_ONES, SUITED_RANKS,
                      Sink, T_BOMB, T_CHAIN, T_PAIR, T_PAIR_CHAIN, T_SOLO, TYPE_SHIFT, above,
                      card_count, count_at, count_flags, ctz, describe, emit, gather_flags,
                      head, plain, run_starts, solo_wings, span, without)

cdef enum:
    # Run Fast's own types, by the codes of their words.
    RF_TRIO_TWO = 3
    RF_AIRPLANE_TWO = 8
    RF_FOUR_THREE = 11
    RF_OWN_CODES = (1 << RF_TRIO_TWO) | (1 << RF_AIRPLANE_TWO) | (1 << RF_FOUR_THREE)
    # Every type code of a Run Fast move.
    RF_CODES = ((1 << T_SOLO) | (1 << T_PAIR) | (1 << RF_TRIO_TWO) | (1 << T_CHAIN)
                | (1 << T_PAIR_CHAIN) | (1 << RF_AIRPLANE_TWO) | (1 << RF_FOUR_THREE)
                | (1 << T_BOMB))
    RF_ACE = 11
    # Chain lengths (ddz_fast.shapes.RUNFAST_SHAPES; ddz_fast.moves._api checks both agree).
    RF_CHAIN_MIN = 5
    RF_CHAIN_MAX = 12
    RF_PAIR_CHAIN_MIN = 2
    RF_PAIR_CHAIN_MAX = 8
    RF_AIRPLANE_MIN = 2
    RF_AIRPLANE_MAX = 5
    RF_TRIO_KICKERS = 2
    RF_FOUR_KICKERS = 3

cdef struct RunFast:
    # The move options of a Run Fast rule set (ddz_fast.rules.Rules, game "runfast").
    uint64_t deck           # the deck's cards, a word of counts (no jokers)
    uint64_t limit          # one more than the deck holds of each rank: counts beyond it
    int hand_size           # the most cards of a hand, and of a move
    bint short_last_hand
    bint aaa_bomb
    bint four_three


cdef inline bint rf_fits(uint64_t counts, const RunFast* r) noexcept nogil:
    """Whether no count of a word of counts exceeds the Run Fast deck's (no joker, at most its
    aces and twos) and the word holds at most a hand."""
    # (8 + count - limit) keeps bit 3 exactly when the count reaches the limit (no borrow: the
    # limit of a nibble is at most 5).
    return (((counts | FLAG_MASK) - r.limit) & FLAG_MASK) == 0 and \
        card_count(counts) <= r.hand_size


cdef inline uint64_t rf_whole(uint64_t cards, int code, int key, int length) noexcept nogil:
    """The hand ``cards`` as the move of type ``code`` with ``length`` trios from ``key``: a
    short last hand (its other cards are the kickers or wings)."""
    return head(cards, code, key, length, 3) | without(cards, key, length)


cdef inline void rf_kickers(Sink* s, uint64_t base, uint64_t cards, uint32_t others, int key,
                            int length, int size) noexcept nogil:
    """``base`` plus every multiset of ``size`` cards of the hand ``cards`` outside the
    ``length`` main ranks from ``key`` (``others``: the ranks it holds there)."""
    if size == 0:
        emit(s, base)
    else:
        solo_wings(s, base, without(cards, key, length), others, size, False)


cdef inline void rf_runs(Sink* s, uint64_t cards, uint32_t held, int code, int copies, int lo,
                         int hi, uint32_t keys) noexcept nogil:
    """Chains (``copies`` 1) and pair chains (2) of lo..hi ranks of ``held``, keys in ``keys``:
    by length, then by key."""
    cdef uint32_t starts = run_starts(held, lo)
    cdef uint32_t todo
    cdef int length = lo
    while starts and length <= hi:
        todo = starts & keys
        while todo:
            emit(s, head(cards, code, ctz(todo), length, copies))
            todo &= todo - 1
        starts &= held >> length        # the runs one rank longer
        length += 1


cdef inline void rf_trio_two(Sink* s, uint64_t cards, const HandInfo* h, const RunFast* r,
                             int size, uint32_t keys, bint every) noexcept nogil:
    """Trios + two with keys in ``keys``: every form (``every``), or those of a hand of ``size``
    cards: the full forms when it holds five cards or more, else the whole hand if it is a short
    form."""
    cdef uint32_t todo
    cdef int kickers, key
    keys &= h.held[3] & SUITED_RANKS
    if not keys:
        return
    if not every and size < 3 + RF_TRIO_KICKERS:
        if r.short_last_hand:
            # Three or four cards: the trio is of a rank held exactly three times, and the rest
            # of the hand is its kicker.
            todo = keys & ~h.held[4]
            while todo:
                emit(s, rf_whole(cards, RF_TRIO_TWO, ctz(todo), 1))
                todo &= todo - 1
        return
    for kickers in range(0 if every and r.short_last_hand else RF_TRIO_KICKERS,
                         RF_TRIO_KICKERS + 1):
        if 3 + kickers > r.hand_size:
            break
        todo = keys
        while todo:
            key = ctz(todo)
            todo &= todo - 1
            rf_kickers(s, head(cards, RF_TRIO_TWO, key, 1, 3), cards, h.held[1] & ~(1u << key),
                       key, 1, kickers)


cdef inline void rf_airplane_two(Sink* s, uint64_t cards, const HandInfo* h, const RunFast* r,
                                 int size, int lo, int hi, uint32_t keys,
                                 bint every) noexcept nogil:
    """Airplanes of lo..hi trios with keys in ``keys``: by length, then by number of cards
    (the short forms, then the full form of 2n wing cards), then by key and wings. A hand of
    ``size`` cards (``every`` False) has the full forms of the lengths n with 5n <= size and,
    of the others, the whole hand where it is a short form."""
    cdef uint32_t held = h.held[3] & CHAIN_RANKS
    cdef uint32_t starts = run_starts(held, lo)
    cdef uint32_t todo
    cdef int length = lo, wings, key
    while starts and length <= hi and 3 * length <= r.hand_size:
        if not every and size < 5 * length:
            if r.short_last_hand:
                # Fewer cards than the full form: the main ranks are held exactly three times
                # and the rest of the hand (fewer than 2n cards) is the wings.
                todo = run_starts(held & ~h.held[4], length) & keys
                while todo:
                    emit(s, rf_whole(cards, RF_AIRPLANE_TWO, ctz(todo), length))
                    todo &= todo - 1
        else:
            for wings in range(0 if every and r.short_last_hand else 2 * length,
                               2 * length + 1):
                if 3 * length + wings > r.hand_size:
                    break
                todo = starts & keys
                while todo:
                    key = ctz(todo)
                    todo &= todo - 1
                    rf_kickers(s, head(cards, RF_AIRPLANE_TWO, key, length, 3), cards,
                               h.held[1] & ~span(key, length), key, length, wings)
        starts &= held >> length        # the runs one trio longer
        length += 1


cdef inline void rf_four_three(Sink* s, uint64_t cards, const HandInfo* h,
                               uint32_t keys) noexcept nogil:
    """Four + three (option ``four_three``): four of a rank and any three other cards."""
    cdef int key
    keys &= h.held[4] & SUITED_RANKS
    while keys:
        key = ctz(keys)
        keys &= keys - 1
        solo_wings(s, head(cards, RF_FOUR_THREE, key, 1, 4), without(cards, key, 1),
                   h.held[1] & ~(1u << key), RF_FOUR_KICKERS, False)


cdef inline void rf_bombs(Sink* s, uint64_t cards, const HandInfo* h, const RunFast* r,
                          uint32_t keys) noexcept nogil:
    """The bombs with keys in ``keys``: three aces first (option ``aaa_bomb``; three cards come
    before four in canonical order), then the bombs of four by rank."""
    if r.aaa_bomb and (keys >> RF_ACE) & 1 and count_at(cards, RF_ACE) >= 3:
        emit(s, head(cards, T_BOMB, RF_ACE, 1, 3))
    plain(s, cards, T_BOMB, h.held[4] & SUITED_RANKS & keys, 4)


cdef inline void rf_lead(Sink* s, uint64_t cards, const HandInfo* h, const RunFast* r,
                         bint every) noexcept nogil:
    """Every move of the hand (``every``: every form, short ones included: the action space of
    a deck), type by type in code order."""
    cdef int size = card_count(cards)
    plain(s, cards, T_SOLO, h.held[1], 1)
    plain(s, cards, T_PAIR, h.held[2] & SUITED_RANKS, 2)
    rf_trio_two(s, cards, h, r, size, SUITED_RANKS, every)
    rf_runs(s, cards, h.held[1] & CHAIN_RANKS, T_CHAIN, 1, RF_CHAIN_MIN,
            min(<int>RF_CHAIN_MAX, r.hand_size), CHAIN_RANKS)
    rf_runs(s, cards, h.held[2] & CHAIN_RANKS, T_PAIR_CHAIN, 2, RF_PAIR_CHAIN_MIN,
            min(<int>RF_PAIR_CHAIN_MAX, r.hand_size // 2), CHAIN_RANKS)
    rf_airplane_two(s, cards, h, r, size, RF_AIRPLANE_MIN, RF_AIRPLANE_MAX, CHAIN_RANKS, every)
    if r.four_three:
        rf_four_three(s, cards, h, SUITED_RANKS)
    rf_bombs(s, cards, h, r, SUITED_RANKS)


cdef inline void rf_respond(Sink* s, uint64_t cards, const HandInfo* h, const RunFast* r,
                            uint64_t prev) noexcept nogil:
    """The moves of the hand that beat ``prev`` (a legal move), in canonical order: its type
    and length with a higher key, then the bombs (a higher one only, when ``prev`` is one)."""
    cdef int code = <int>(prev >> TYPE_SHIFT)
    cdef uint32_t main = gather_flags(prev)
    cdef int length = count_flags(prev)
    cdef int size = card_count(cards)
    cdef uint32_t keys
    if not main:
        rf_bombs(s, cards, h, r, SUITED_RANKS)     # no shape: only what beats any move
        return
    keys = above(ctz(main))
    if code == T_BOMB:
        rf_bombs(s, cards, h, r, keys)
        return
    if length == 1:
        if code == T_SOLO:
            plain(s, cards, T_SOLO, h.held[1] & keys, 1)
        elif code == T_PAIR:
            plain(s, cards, T_PAIR, h.held[2] & SUITED_RANKS & keys, 2)
        elif code == RF_TRIO_TWO:
            rf_trio_two(s, cards, h, r, size, keys, False)
        elif code == RF_FOUR_THREE and r.four_three:
            rf_four_three(s, cards, h, keys)
    elif code == T_CHAIN:
        if RF_CHAIN_MIN <= length <= RF_CHAIN_MAX:
            rf_runs(s, cards, h.held[1] & CHAIN_RANKS, T_CHAIN, 1, length, length, keys)
    elif code == T_PAIR_CHAIN:
        if RF_PAIR_CHAIN_MIN <= length <= RF_PAIR_CHAIN_MAX:
            rf_runs(s, cards, h.held[2] & CHAIN_RANKS, T_PAIR_CHAIN, 2, length, length, keys)
    elif code == RF_AIRPLANE_TWO:
        if RF_AIRPLANE_MIN <= length <= RF_AIRPLANE_MAX:
            rf_airplane_two(s, cards, h, r, size, length, length, keys, False)
    rf_bombs(s, cards, h, r, SUITED_RANKS)


cdef inline void rf_generate(Sink* s, uint64_t hand, uint64_t prev,
                             const RunFast* r) noexcept nogil:
    """The legal moves of the hand word ``hand``: leading when ``prev`` is 0, else beating it
    (a short form only as the whole hand)."""
    cdef HandInfo h
    cdef uint64_t cards = hand & COUNT_MASK
    describe(&h, cards)
    if prev == 0:
        rf_lead(s, cards, &h, r, False)
    else:
        rf_respond(s, cards, &h, r, prev)


cdef inline void rf_every_move(Sink* s, uint64_t cards, const RunFast* r) noexcept nogil:
    """Every move of the cards ``cards`` in every form, short ones included (the action space
    of the deck's cards), none of more than a hand's cards."""
    cdef HandInfo h
    cards &= COUNT_MASK
    describe(&h, cards)
    rf_lead(s, cards, &h, r, True)


cdef enum:
    RF_MOST_READINGS = 16 * 15      # a bound of classify's readings (a few at most)


cdef inline void rf_classify(Sink* s, uint64_t counts, const RunFast* r) noexcept nogil:
    """Every move made of exactly the cards ``counts`` (within the deck and a hand), short forms
    included, in canonical order. The main ranks of a move hold exactly its copies of them and
    every card is in it, so each reading is read off the ranks held exactly 1, 2, 3 or 4
    times."""
    cdef HandInfo h
    cdef int size, length, wings
    cdef uint32_t exact1, exact2, exact3, todo
    counts &= COUNT_MASK
    size = card_count(counts)
    describe(&h, counts)
    exact1 = h.held[1] & ~h.held[2]
    exact2 = h.held[2] & ~h.held[3]
    exact3 = h.held[3] & ~h.held[4]
    if size == 1:
        plain(s, counts, T_SOLO, h.held[1], 1)
    elif size == 2:
        plain(s, counts, T_PAIR, h.held[2] & SUITED_RANKS, 2)
    if 3 <= size <= 3 + RF_TRIO_KICKERS and (size == 3 + RF_TRIO_KICKERS or r.short_last_hand):
        todo = exact3 & SUITED_RANKS            # five cards hold one trio at most
        while todo:
            emit(s, rf_whole(counts, RF_TRIO_TWO, ctz(todo), 1))
            todo &= todo - 1
    if RF_CHAIN_MIN <= size <= RF_CHAIN_MAX:
        rf_runs(s, counts, exact1 & CHAIN_RANKS, T_CHAIN, 1, size, size, CHAIN_RANKS)
    if size % 2 == 0 and RF_PAIR_CHAIN_MIN <= size // 2 <= RF_PAIR_CHAIN_MAX:
        rf_runs(s, counts, exact2 & CHAIN_RANKS, T_PAIR_CHAIN, 2, size // 2, size // 2,
                CHAIN_RANKS)
    for length in range(RF_AIRPLANE_MIN, RF_AIRPLANE_MAX + 1):
        wings = size - 3 * length
        if wings < 0:
            break
        if wings == 2 * length or (wings < 2 * length and r.short_last_hand):
            todo = run_starts(exact3 & CHAIN_RANKS, length)
            while todo:
                emit(s, rf_whole(counts, RF_AIRPLANE_TWO, ctz(todo), length))
                todo &= todo - 1
    if r.four_three and size == 4 + RF_FOUR_KICKERS:
        todo = h.held[4] & SUITED_RANKS         # seven cards hold one four at most
        while todo:
            emit(s, head(counts, RF_FOUR_THREE, ctz(todo), 1, 4) | without(counts, ctz(todo), 1))
            todo &= todo - 1
    if size == 3 and r.aaa_bomb and count_at(counts, RF_ACE) == 3:
        emit(s, head(counts, T_BOMB, RF_ACE, 1, 3))
    elif size == 4:
        plain(s, counts, T_BOMB, h.held[4] & SUITED_RANKS, 4)


cdef inline bint rf_is_legal_word(uint64_t word, const RunFast* r) noexcept nogil:
    """Whether ``word`` (any bits) is a Run Fast move of these rules: its cards, within the
    deck and a hand, classify to it."""
    cdef uint64_t found[RF_MOST_READINGS]
    cdef Sink s = Sink(&found[0], RF_MOST_READINGS, 0)
    cdef uint64_t counts = word & COUNT_MASK
    cdef int i
    if not (RF_CODES >> (word >> TYPE_SHIFT)) & 1 or not rf_fits(counts, r):
        return False
    rf_classify(&s, counts, r)
    for i in range(min(s.n, s.cap)):
        if found[i] == word:
            return True
    return False


cdef inline bint rf_beats_word(uint64_t move, uint64_t prev) noexcept nogil:
    """Whether the legal move ``move`` may be played on the legal move ``prev``: the same type
    and length and a higher key (kickers never matter: a short form beats a lower full form);
    a bomb beats any other move, and a higher bomb a lower one (three aces are the highest)."""
    cdef int code = <int>(move >> TYPE_SHIFT), prev_code = <int>(prev >> TYPE_SHIFT)
    cdef uint32_t main = gather_flags(move), prev_main = gather_flags(prev)
    if not main or not prev_main:
        return False
    if code == T_BOMB:
        return prev_code != T_BOMB or ctz(main) > ctz(prev_main)
    return (code == prev_code and count_flags(move) == count_flags(prev)
            and ctz(main) > ctz(prev_main))
