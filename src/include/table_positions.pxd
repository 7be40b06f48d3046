# The positions the native kernels are handed (perft, rollouts, the play phase of a State), read
# from their fields and checked again here, whatever the caller passed: no seat indexes out of
# the hands, no flag or type bit reaches a hand word, no lane overflows into the next, and a
# move to beat is a move word of its table. Header-only: ``from table_positions cimport ...``.
from libc.stdint cimport uint64_t

from movegen cimport (BLACK_JOKER, COUNT_MASK, card_count, NUM_RANKS, NUM_TYPES, Options, T_PASS,
                      TWO_DECKS_COPIES, TwoDecks, plus)
from playloop cimport FourSeatPlay, Play, RunFastPlay, WildPlay, one_deck
from rule_options cimport _bool_option, options_of
from runfastgen cimport RunFast, rf_fits, rf_is_legal_word

cdef enum:
    WILD_RANK_CHOICES = 13  # a wild rank is one of 3..2 (rank indices 0..12)


cdef inline Play play_of(tuple hands, int landlord, int to_move, uint64_t prev,
                         int passes) except *:
    """The Play of position fields, checked again here so that no seat indexes out of the hands
    and no flag or type bit reaches a hand word, whatever the caller passed."""
    cdef Play p
    cdef int seat
    if len(hands) != 3:
        raise ValueError(f"a position has three hands, got {len(hands)}")
    for name, value in (("landlord", landlord), ("to_move", to_move)):
        if not 0 <= value < 3:
            raise ValueError(f"{name} must be a seat 0, 1 or 2, got {value}")
    if not 0 <= passes <= (1 if prev else 0):
        raise ValueError(f"passes must be 0 or 1 after a move and 0 when leading, got {passes}")
    for seat in range(3):
        p.hands[seat] = hands[seat]
        if p.hands[seat] & ~COUNT_MASK:
            raise ValueError(f"hand word {p.hands[seat]:#x} has bits outside the rank counts")
    if not one_deck(p.hands):
        raise ValueError("the hands hold more cards of a rank than one deck has")
    p.prev = prev
    p.landlord = landlord
    p.player = to_move
    p.passes = passes
    return p


cdef inline bint is_two_deck_move(uint64_t lo, uint64_t hi) noexcept:
    """Whether two halves make a two-deck move word: counts (bits 0..3) and main-rank flags (bit
    4) only in the lanes of the 15 ranks, and in the top lane the two-deck bit and a move's
    type."""
    cdef int code = <int>((hi >> 56) & 0x7F)
    return (T_PASS < code < NUM_TYPES and (lo & ~0x1F1F1F1F1F1F1F1FULL) == 0
            and (hi & ~0x001F1F1F1F1F1F1FULL) == (<uint64_t>(0x80 | code)) << 56)


cdef inline TwoDecks two_deck_hand_of(object counts, int seat) except *:
    """The two-deck word of a hand's 15 counts, checked again: at most 8 of a rank 3..2 and 2
    of a joker, so no lane of the word overflows into the next."""
    cdef TwoDecks hand
    cdef int rank, count
    if len(counts) != NUM_RANKS:
        raise ValueError(f"hand {seat} has {len(counts)} rank counts, not {NUM_RANKS}")
    hand.lo = hand.hi = 0
    for rank in range(NUM_RANKS):
        count = counts[rank]
        if not 0 <= count <= (2 if rank >= BLACK_JOKER else TWO_DECKS_COPIES):
            raise ValueError(f"hand {seat} holds {count} cards of rank index {rank}: two "
                             f"decks have at most "
                             f"{2 if rank >= BLACK_JOKER else TWO_DECKS_COPIES}")
        hand = plus(hand, rank, count)
    return hand


cdef inline FourSeatPlay four_seat_play_of(tuple hands, int to_move, uint64_t lo, uint64_t hi,
                                           int passes) except *:
    """The FourSeatPlay of position fields, checked again here so that no seat indexes out of
    the hands, no lane of a hand overflows and the move to beat is a two-deck move word (its
    two-deck bit, a type code of a move, only counts and flags in its lanes), whatever the
    caller passed."""
    cdef FourSeatPlay p
    cdef int seat, rank, total
    if len(hands) != 4:
        raise ValueError(f"a four-player position has four hands, got {len(hands)}")
    if not 0 <= to_move < 4:
        raise ValueError(f"to_move must be a seat 0, 1, 2 or 3, got {to_move}")
    p.prev.lo, p.prev.hi = lo, hi
    if not 0 <= passes <= (0 if lo == 0 and hi == 0 else 2):
        raise ValueError(f"passes must be 0, 1 or 2 after a move and 0 when leading, "
                         f"got {passes}")
    if (lo or hi) and not is_two_deck_move(lo, hi):
        raise ValueError(f"move to beat {(<object>hi << 64) | lo:#x} is no two-deck move word")
    for seat in range(4):
        p.hands[seat] = two_deck_hand_of(hands[seat], seat)
    for rank in range(NUM_RANKS):
        total = sum([hands[seat][rank] for seat in range(4)])
        if total > (2 if rank >= BLACK_JOKER else TWO_DECKS_COPIES):
            raise ValueError(f"the hands hold {total} cards of rank index {rank}: more than "
                             f"two decks have")
    p.landlord = 0          # unread: no settlement here
    p.player = to_move
    p.passes = passes
    return p


cdef inline WildPlay wild_play_of(tuple hands, int landlord, int to_move, tuple prev,
                                  int passes, tuple wild) except *:
    """The WildPlay of position fields: the hands and seats checked again by play_of, the wild
    ranks (low to high) checked to be one or two ranks 3..2. ``prev`` is the move to beat
    as (low half, high half, type code, key, length, cards) of its checked Move, or () when
    the player leads."""
    cdef uint64_t lo = prev[0] if prev else 0
    cdef Play plain = play_of(hands, landlord, to_move, lo, passes)
    cdef WildPlay p
    cdef bint ranks_ok = 1 <= len(wild) <= 2
    for rank in wild:
        ranks_ok = ranks_ok and 0 <= rank < WILD_RANK_CHOICES
    if not ranks_ok:
        raise ValueError(f"wild ranks are one or two ranks 3..2, got {wild}")
    p.hands[0], p.hands[1], p.hands[2] = plain.hands[0], plain.hands[1], plain.hands[2]
    p.landlord, p.player, p.passes = plain.landlord, plain.player, plain.passes
    p.nwild = len(wild)
    p.wild[0], p.wild[1] = wild[0], (wild[1] if p.nwild == 2 else -1)
    p.prev.k1 = p.prev.k2 = p.prev.lo = p.prev.hi = 0
    if prev:
        p.prev.lo, p.prev.hi = prev[0], prev[1]
        p.prev.k1 = ((<uint64_t>prev[2]) << 56) | ((<uint64_t>prev[4]) << 48) \
            | ((<uint64_t>prev[5]) << 40) | ((<uint64_t>prev[3]) << 32)
    return p


cdef inline Options wild_options(object checked) except *:
    """The move options of rules with wild cards: the laizi generator reads the plain ones."""
    return options_of(checked.replace(laizi=0, bomb_multiplier="double"))


cdef inline RunFastPlay runfast_play_of(tuple hands, int to_move, uint64_t prev, int passes,
                                        const RunFast* rf, object rules) except *:
    """The RunFastPlay of position fields under the Run Fast ``rules`` whose move options are
    ``rf`` (kept by the caller while play goes on), checked again here: two or three hands,
    seats inside them, hand words of counts only that together fit the rules' deck, each within
    a hand, at most one of them empty, and a move to beat that is a move of these rules. The
    first-play rule is off (a position does not know whether its lead is the hand's first)."""
    cdef RunFastPlay p
    cdef int seat, players = len(hands), empty = 0
    cdef uint64_t total = 0
    if players not in (2, 3):
        raise ValueError(f"a Run Fast position has two or three hands, got {players}")
    if players != rules.players:
        raise ValueError(f"{players} hands are played under rules with players={players}, "
                         f"not {rules!r}")
    if not 0 <= to_move < players:
        raise ValueError(f"to_move must be a seat below {players}, got {to_move}")
    if not 0 <= passes <= (players - 2 if prev else 0):
        raise ValueError(f"passes must be 0..{players - 2} after a move and 0 when leading, "
                         f"got {passes}")
    if prev and not rf_is_legal_word(prev, rf):
        raise ValueError(f"move to beat {prev:#x} is no move word of {rules!r}")
    p.hands[2] = 0
    for seat in range(players):
        p.hands[seat] = hands[seat]
        if not rf_fits(p.hands[seat], rf) or p.hands[seat] & ~COUNT_MASK:
            raise ValueError(f"hand word {p.hands[seat]:#x} is no hand of {rules!r}")
        total += p.hands[seat]
        empty += p.hands[seat] == 0
    if empty > 1:
        raise ValueError("at most one hand is empty: the hand ends at the first player out")
    for seat in range(NUM_RANKS):
        if ((total >> (4 * seat)) & 0xF) > ((rf.deck >> (4 * seat)) & 0xF):
            raise ValueError(f"the hands hold more cards of rank index {seat} than the deck")
    p.prev, p.player, p.passes, p.players, p.rf = prev, to_move, passes, players, rf
    p.must_beat = _bool_option(rules, "must_beat")
    p.one_card_rule = _bool_option(rules, "one_card_rule")
    p.first_play = False
    p.hand_size = rf.hand_size
    return p
