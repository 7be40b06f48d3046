# The play phase with wild cards (laizi: one deck, three seats), as playloop.pxd is without them:
# a position, one step of play, the moves of the player to move and a random finish, all on the
# moves the laizi generator makes (laizigen.pxd). Header-only, like movegen.pxd:
# ``from laiziloop cimport LzPlay, lz_play_move, lz_moves, lz_random_finish, ...``.
#
# Hands are one-deck count words, wild cards under their own rank. A move is an LzMove: ``lo``
# holds its real cards, so it leaves its hand as a plain move does, and the move to beat is kept
# whole, since the answers are built from its type, length, number of cards and key (``k1``)
# and its bomb class (``hi``). The pass, and no move to beat, is an LzMove of ``lo == 0``.
# The plain loop (playloop.pxd) is left as it is: nothing here runs on its path.
from libc.stdint cimport int64_t, uint64_t

from laizigen cimport (CLASS_HARD, CLASS_SOFT, HI_CLASS_SHIFT, LzMove, LzQuery, LzSink,
                       lz_answer_query, lz_generate, lz_lead_query)
from movegen cimport COUNT_MASK, Options, T_BOMB, T_ROCKET, TYPE_SHIFT
from rng cimport Rng, rng_below
from tableloop cimport WideWords, wide_reserve


# --- stepping ------------------------------------------------------------------------------------

cdef struct LzPlay:
    # A play-phase position with wild ranks (ddz_fast.positions.three_player.Position); copying it is the undo.
    uint64_t hands[3]
    LzMove to_beat          # ``lo == 0`` when the player to move leads
    int landlord
    int player
    int passes              # passes since ``to_beat`` was played (0 or 1)
    int wild[2]             # the wild ranks, low to high (-1: none)
    int nwild               # 1 or 2


cdef inline bint lz_is_over(const LzPlay* p) noexcept nogil:
    return p.hands[0] == 0 or p.hands[1] == 0 or p.hands[2] == 0


cdef inline bint lz_play_move(LzPlay* p, const LzMove* move) noexcept nogil:
    """The player to move plays ``move`` (``lo == 0`` passes), as playloop's play_move. True
    when the move empties the player's hand, which ends the hand."""
    cdef int mover = p.player
    p.player = (mover + 1) % 3
    if move.lo == 0:
        if p.passes == 1:               # the second pass in a row: the last player leads
            p.to_beat.lo = p.to_beat.hi = 0
            p.passes = 0
        else:
            p.passes = 1
        return False
    p.hands[mover] -= move.lo & COUNT_MASK
    p.to_beat = move[0]
    p.passes = 0
    return p.hands[mover] == 0


# --- the moves of a position ---------------------------------------------------------------------

cdef inline int lz_code(const LzMove* m) noexcept nogil:
    return <int>(m.lo >> TYPE_SHIFT)


cdef inline int lz_cards(const LzMove* m) noexcept nogil:
    """The number of cards of a move the generator made (its ``k1`` holds it)."""
    return <int>((m.k1 >> 40) & 0xFF)


cdef inline int lz_class(const LzMove* m) noexcept nogil:
    """The bomb class code of a bomb: a bomb that keeps its plain word is hard (laizigen's
    lz_bomb gives every other one its class in ``hi``)."""
    if m.hi == 0:
        return CLASS_HARD
    return <int>((m.hi >> HI_CLASS_SHIFT) & 3)


cdef inline Py_ssize_t lz_moves(LzSink* s, const LzPlay* p, const Options* o) noexcept nogil:
    """The moves of the player to move (leading, or beating ``to_beat``; the pass apart) into
    ``s`` from index 0, in canonical order; their number, -1 out of memory. The sink's buffer
    is kept from call to call."""
    cdef LzQuery q
    cdef uint64_t k1 = p.to_beat.k1
    if p.to_beat.lo == 0:
        lz_lead_query(&q)
    else:
        lz_answer_query(&q, lz_code(&p.to_beat), <int>((k1 >> 32) & 0xFF),
                        <int>((k1 >> 48) & 0xFF), lz_cards(&p.to_beat), lz_class(&p.to_beat))
    s.n = 0
    s.failed = False
    lz_generate(s, p.hands[p.player], p.wild, p.nwild, o, &q)
    return -1 if s.failed else s.n


# --- random playouts -----------------------------------------------------------------------------

cdef struct LzTally:
    int actions             # actions taken, passes included
    int bombs               # bombs and rockets played
    int moves[3]            # non-pass moves of each seat (for spring and anti-spring)
    int winner              # the seat whose hand emptied; -1 while play goes on
    int64_t factor          # the product of what the bombs and the rocket multiply by


cdef inline void lz_start_tally(LzTally* t) noexcept nogil:
    t.actions = t.bombs = 0
    t.moves[0] = t.moves[1] = t.moves[2] = 0
    t.winner = -1
    t.factor = 1


cdef inline int lz_bomb_factor(const LzMove* m, bint app) noexcept nogil:
    """What a move multiplies the multiplier by (docs/RULES.md, "Laizi"): 1 unless a bomb or
    the rocket; ``double``, 2; ``app``, 2 for a 4-card soft bomb, 4 for a 4-card hard or laizi
    bomb, 6 for a bomb of 5 or more cards and the rocket."""
    cdef int code = lz_code(m)
    if code != T_BOMB and code != T_ROCKET:
        return 1
    if not app:
        return 2
    if code == T_ROCKET or lz_cards(m) >= 5:
        return 6
    return 2 if lz_class(m) == CLASS_SOFT else 4


cdef inline void lz_count_action(LzTally* t, int player, const LzMove* m,
                                 bint app) noexcept nogil:
    cdef int factor
    t.actions += 1
    if m.lo != 0:
        t.moves[player] += 1
        factor = lz_bomb_factor(m, app)
        t.bombs += factor > 1
        t.factor *= factor


cdef inline int lz_random_finish(LzPlay* p, Rng* r, const Options* o, bint app, LzSink* buf,
                                 WideWords* record, Py_ssize_t* recorded,
                                 LzTally* t) noexcept nogil:
    """Play uniformly random legal actions from ``p`` until a hand empties (the pass one of
    the ``n + 1`` choices when following). Each action's word is appended to ``record`` as
    its two 64-bit halves when ``record`` is not NULL (the pass (0, 0)). Returns 0, -1 when
    memory runs out, or -2 when a leader has no move (a hand of no cards: never from a dealt
    hand, since every move takes a card and the hand ends as one empties)."""
    cdef Py_ssize_t n, choice
    cdef LzMove move
    cdef int mover
    while t.winner < 0:
        n = lz_moves(buf, p, o)
        if n < 0:
            return -1
        if p.to_beat.lo == 0:
            if n == 0:
                return -2
            move = buf.buf[rng_below(r, n)]
        else:
            choice = rng_below(r, n + 1)       # 0 passes
            if choice == 0:
                move.k1 = move.k2 = move.lo = move.hi = 0
            else:
                move = buf.buf[choice - 1]
        if record != NULL:
            if not wide_reserve(record, recorded[0] + 1):
                return -1
            record.data[recorded[0]].lo = move.lo
            record.data[recorded[0]].hi = move.hi
            recorded[0] += 1
        mover = p.player
        lz_count_action(t, mover, &move, app)
        if lz_play_move(p, &move):
            t.winner = mover
    return 0
