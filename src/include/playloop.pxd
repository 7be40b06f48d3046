# The play phase on three hand words, shared by every native loop that plays (random games,
# rollouts, perft, the search bots): a position, one step of play, and a random finish.
# Header-only, like movegen.pxd: ``from playloop cimport Play, play_move, random_finish, ...``.
from libc.stdint cimport uint64_t

from movegen cimport BLACK_JOKER, COUNT_MASK, NUM_RANKS, Options, T_BOMB, T_ROCKET, TYPE_SHIFT
from rng cimport Rng, rng_below
from words cimport Words, generate_into, reserve

# --- stepping ------------------------------------------------------------------------------------

cdef struct Play:
    # A play-phase position (ddz_fast.positions.three_player.Position) on words; copying it is the undo.
    uint64_t hands[3]
    uint64_t to_beat        # the move word to beat; 0 when the player to move leads
    int landlord
    int player
    int passes              # passes since ``to_beat`` was played (0 or 1)


cdef inline bint is_over(const Play* p) noexcept nogil:
    return p.hands[0] == 0 or p.hands[1] == 0 or p.hands[2] == 0


cdef inline bint play_move(Play* p, uint64_t move) noexcept nogil:
    """The player to move plays ``move`` (0 passes): position.play_step on words.

    Returns True when the move empties the player's hand, which ends the hand.
    """
    cdef int mover = p.player
    p.player = (mover + 1) % 3
    if move == 0:
        if p.passes == 1:               # the second pass in a row: the last player leads
            p.to_beat = 0
            p.passes = 0
        else:
            p.passes = 1
        return False
    p.hands[mover] -= move & COUNT_MASK
    p.to_beat = move
    p.passes = 0
    return p.hands[mover] == 0


# --- random playouts -----------------------------------------------------------------------------

cdef struct Tally:
    int actions             # actions taken, passes included
    int bombs               # bombs and rockets played
    int moves[3]            # non-pass moves of each seat (for spring and anti-spring)
    int winner              # the seat whose hand emptied; -1 while play goes on


cdef inline void count_action(Tally* t, int player, uint64_t move) noexcept nogil:
    cdef int code = <int>(move >> TYPE_SHIFT)
    t.actions += 1
    if move != 0:
        t.moves[player] += 1
        t.bombs += code == T_BOMB or code == T_ROCKET


cdef inline uint64_t random_action(Rng* r, const uint64_t* moves, Py_ssize_t n,
                                   bint following) noexcept nogil:
    """A uniformly random legal action: the pass is one of the ``n + 1`` choices when
    following; the leader, who holds at least one card, has ``n >= 1`` moves."""
    cdef Py_ssize_t choice
    if not following:
        return moves[rng_below(r, n)]
    choice = rng_below(r, n + 1)
    return 0 if choice == 0 else moves[choice - 1]


cdef inline bint append_word(Words* out, Py_ssize_t* size, uint64_t word) noexcept nogil:
    if not reserve(out, size[0] + 1):
        return False
    out.data[size[0]] = word
    size[0] += 1
    return True


cdef inline int random_finish(Play* p, Rng* r, const Options* o, Words* buf, Words* record,
                       Py_ssize_t* recorded, Tally* t) noexcept nogil:
    """Play uniformly random legal actions from ``p`` until a hand empties.

    Each action is also appended to ``record`` when it is not NULL. Returns 0, -1 when memory
    runs out, or -2 when a leader has no move (a hand word of no cards: never from a position
    that was validated, and every turn removes a card, so the loop always ends).
    """
    cdef Py_ssize_t n
    cdef uint64_t move
    cdef int mover
    while t.winner < 0:
        n = generate_into(buf, 0, p.hands[p.player], p.to_beat, o)
        if n < 0:
            return -1
        if n == 0 and p.to_beat == 0:
            return -2
        mover = p.player
        move = random_action(r, buf.data, n, p.to_beat != 0)
        if record != NULL and not append_word(record, recorded, move):
            return -1
        count_action(t, mover, move)
        if play_move(p, move):
            t.winner = mover
    return 0


cdef inline void start_tally(Tally* t, const Play* p) noexcept nogil:
    cdef int seat
    t.actions = t.bombs = 0
    t.moves[0] = t.moves[1] = t.moves[2] = 0
    t.winner = -1
    for seat in range(3):
        if p.hands[seat] == 0:          # a position that is already over
            t.winner = seat


cdef inline bint one_deck(const uint64_t* hands) noexcept nogil:
    """Whether three hand words hold, together, at most one deck's cards of every rank."""
    cdef int rank, seat
    cdef uint64_t count
    for rank in range(NUM_RANKS):
        count = 0
        for seat in range(3):
            count += (hands[seat] >> (4 * rank)) & 7
        if count > (1 if rank >= BLACK_JOKER else 4):
            return False
    return True


