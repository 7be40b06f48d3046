# The play phase of the four-player table on wide words (two decks), as playloop.pxd is for three
# seats: a position, one step of play, the moves of a position (listed or only counted, as a
# perft walk needs them), and a random finish. Header-only, like movegen.pxd:
# ``from tableloop cimport TablePlay, table_step, table_random_finish, ...``.
#
# Hands are two-deck words without type or two-deck bits (movegen.pxd's TwoDecks layout: the
# count of rank r in bits 0..3 of lane r, ``lo`` for ranks 0..7, ``hi`` for 8..14); moves are the
# two-deck words the generator makes. Play goes round the table 0 -> 1 -> 2 -> 3 -> 0; once the other three have
# passed in a row, the player who made the last move leads.
from libc.limits cimport INT_MAX
from libc.stdint cimport uint8_t
from libc.stdlib cimport realloc

from movegen cimport (NUM_RANKS, Options, Sink, T_BOMB, T_ROCKET, TwoDecks, fits_one_deck,
                      generate, narrowed)
from rng cimport Rng, rng_below

ctypedef TwoDecks Wide

cdef enum:
    SEATS = 4
    LAST_SEAT = 3           # seats wrap with ``& LAST_SEAT``


# --- words ---------------------------------------------------------------------------------------

cdef inline bint is_none(Wide w) noexcept nogil:
    """The pass, an empty hand, or no move to beat: both halves zero."""
    return (w.lo | w.hi) == 0


cdef inline Wide cards_of(Wide move) noexcept nogil:
    """The counts of a move's lanes: its flags, type and wide bits cleared."""
    move.lo &= 0x0F0F0F0F0F0F0F0FULL
    move.hi &= 0x000F0F0F0F0F0F0FULL
    return move


cdef inline void counts_of(Wide hand, uint8_t* counts) noexcept nogil:
    """The 15 rank counts of a hand word."""
    cdef int rank
    for rank in range(8):
        counts[rank] = (hand.lo >> (8 * rank)) & 0xF
    for rank in range(8, NUM_RANKS):
        counts[rank] = (hand.hi >> (8 * (rank - 8))) & 0xF


cdef inline Wide canonical(Wide move) noexcept nogil:
    """A move's canonical word (ddz_fast.bitboard) as two halves: the one-deck word (in ``lo``)
    when its cards fit one deck, else the wide word; the pass stays 0."""
    cdef Wide narrow
    if is_none(move) or not fits_one_deck(move):
        return move
    narrow.lo, narrow.hi = narrowed(move), 0
    return narrow


# --- stepping ------------------------------------------------------------------------------------

cdef struct TablePlay:
    Wide hands[4]
    Wide to_beat            # the move to beat; both halves 0 when the player to move leads
    int player
    int passes              # passes since ``to_beat`` was played (0..2)


cdef inline bint table_step(TablePlay* p, Wide move) noexcept nogil:
    """The player to move plays ``move`` (0 passes). True when it empties the player's hand,
    which ends the hand."""
    cdef int mover = p.player
    cdef Wide cards
    p.player = (mover + 1) & LAST_SEAT
    if is_none(move):
        p.passes += 1
        if p.passes == SEATS - 1:       # the other three passed: the last player leads
            p.to_beat.lo = p.to_beat.hi = 0
            p.passes = 0
        return False
    cards = cards_of(move)              # a held move: no lane borrows from the next
    p.hands[mover].lo -= cards.lo
    p.hands[mover].hi -= cards.hi
    p.to_beat = move
    p.passes = 0
    return is_none(p.hands[mover])


cdef inline bint table_is_over(const TablePlay* p) noexcept nogil:
    """Whether a hand is empty: the hand has ended."""
    return (is_none(p.hands[0]) or is_none(p.hands[1]) or is_none(p.hands[2])
            or is_none(p.hands[3]))


# --- random playouts -----------------------------------------------------------------------------

cdef struct TableTally:
    int actions             # actions taken, passes included
    int bombs               # bombs and rockets played
    int moves[4]            # non-pass moves of each seat (for spring and anti-spring)
    int winner              # the seat whose hand emptied; -1 while play goes on


cdef inline void start_table_tally(TableTally* t) noexcept nogil:
    t.actions = t.bombs = 0
    t.moves[0] = t.moves[1] = t.moves[2] = t.moves[3] = 0
    t.winner = -1


cdef inline void count_table_action(TableTally* t, int player, Wide move) noexcept nogil:
    cdef int code = <int>((move.hi >> 56) & 0x7F)
    t.actions += 1
    if not is_none(move):
        t.moves[player] += 1
        t.bombs += code == T_BOMB or code == T_ROCKET


cdef struct WideWords:
    # A growable buffer of wide words owned by one call (free its data when done).
    Wide* data
    Py_ssize_t cap


cdef inline bint wide_reserve(WideWords* w, Py_ssize_t need) noexcept nogil:
    """Room for ``need`` words (False when memory runs out)."""
    cdef Py_ssize_t cap = max(need, 2 * w.cap)
    cdef Wide* data
    if need <= w.cap:
        return True
    data = <Wide*>realloc(w.data, cap * sizeof(Wide))
    if data == NULL:
        return False
    w.data, w.cap = data, cap
    return True


cdef inline void table_generate(Sink* s, Wide hand, Wide to_beat,
                                const Options* o) noexcept nogil:
    """The moves of ``hand``, leading or beating ``to_beat``, into ``s``."""
    generate(s, hand, to_beat, o)


cdef inline Py_ssize_t table_moves_at(WideWords* out, Py_ssize_t start, Wide hand, Wide to_beat,
                                      const Options* o) noexcept nogil:
    """The moves of ``hand`` (leading, or beating ``to_beat``) into ``out`` from index
    ``start``; their number, -1 out of memory. A list longer than the room left is counted,
    then made again."""
    cdef Sink s
    while True:
        s = Sink(out.data + start, <int>min(out.cap - start, INT_MAX), 0)
        table_generate(&s, hand, to_beat, o)
        if s.n <= s.cap:
            return s.n
        if not wide_reserve(out, start + s.n):
            return -1


cdef inline Py_ssize_t table_moves(WideWords* out, Wide hand, Wide to_beat,
                                   const Options* o) noexcept nogil:
    """The moves of ``hand`` (leading, or beating ``to_beat``) into ``out`` from index 0; their
    number, -1 out of memory."""
    return table_moves_at(out, 0, hand, to_beat, o)


cdef inline Py_ssize_t table_count_moves(Wide hand, Wide to_beat,
                                         const Options* o) noexcept nogil:
    """How many moves ``hand`` has (leading, or beating ``to_beat``), none of them written."""
    cdef Sink s = Sink(NULL, 0, 0)
    table_generate(&s, hand, to_beat, o)
    return s.n


cdef inline int table_random_finish(TablePlay* p, Rng* r, const Options* o, WideWords* buf,
                                    WideWords* record, Py_ssize_t* recorded,
                                    TableTally* t) noexcept nogil:
    """Play uniformly random legal actions from ``p`` until a hand empties (the pass one of
    the ``n + 1`` choices when following). Each action's canonical word is appended to
    ``record`` when it is not NULL. Returns 0, -1 when memory runs out, or -2 when a leader
    has no move (a hand of no cards: never from a dealt hand, since every move takes a card
    and the hand ends as one empties)."""
    cdef Py_ssize_t n, choice
    cdef Wide move
    cdef int mover
    while t.winner < 0:
        n = table_moves(buf, p.hands[p.player], p.to_beat, o)
        if n < 0:
            return -1
        if is_none(p.to_beat):
            if n == 0:
                return -2
            move = buf.data[rng_below(r, n)]
        else:
            choice = rng_below(r, n + 1)       # 0 passes
            if choice == 0:
                move.lo = move.hi = 0
            else:
                move = buf.data[choice - 1]
        if record != NULL:
            if not wide_reserve(record, recorded[0] + 1):
                return -1
            record.data[recorded[0]] = canonical(move)
            recorded[0] += 1
        mover = p.player
        count_table_action(t, mover, move)
        if table_step(p, move):
            t.winner = mover
    return 0
