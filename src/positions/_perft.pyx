# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, freethreading_compatible=True
"""perft of every table, natively: ddz_fast.positions.rollouts's perft_native.

One walk for the four tables of playloop.pxd counts position.perft's leaves (a pass is a move
when following, a finished hand is a leaf at any depth): the moves of each ply in a buffer of
their own, kept for the whole walk (the laizi generator sorts what it makes, so the plies
cannot share one buffer), without the GIL. The entry points, one per table, take the fields of
a position that ddz_fast.positions.rollouts has validated and check them again; Ctrl-C stops a
count with KeyboardInterrupt within a fraction of a second.
"""
from libc.stdint cimport int64_t, uint64_t
from libc.stdlib cimport calloc, free

from ddz_fast.rules import as_rules

from dealing cimport TWO_DECK_CARDS
from movegen cimport Options
from playloop cimport (FourSeatPlay, Play, RunFastPlay, Table, WildPlay, count_of_moves,
                       is_over, list_moves, may_pass, play_at)
from rule_options cimport options_of, runfast_of
from runfastgen cimport RunFast
from signals cimport NODES_PER_SIGNAL_CHECK, interrupted, raise_pending
from table_positions cimport (four_seat_play_of, play_of, runfast_play_of, wild_options,
                              wild_play_of)
from words cimport Words

__all__ = ["_perft", "_perft_four_player", "_perft_laizi", "_perft_runfast"]


cdef enum:
    PERFT_OUT_OF_MEMORY = -1
    PERFT_INTERRUPTED = -2
    MAX_PLIES = 4 * TWO_DECK_CARDS + 1  # a hand lasts at most (seats) x (cards) actions


cdef struct Walk:
    # What every node of a perft walk shares: the options, the move lists of each ply and a
    # countdown to the next look at pending signals (Ctrl-C).
    const Options* o
    Words* plies
    int depth               # how many plies there are
    int until_signal_check


cdef int64_t perft_node(const Table* p, int depth, Walk* w, int ply) noexcept nogil:
    """position.perft's leaf count below ``p``; PERFT_OUT_OF_MEMORY or PERFT_INTERRUPTED."""
    cdef Table child
    cdef Words* moves
    cdef Py_ssize_t n, j
    cdef int64_t nodes = 0, below
    if depth == 0 or is_over(p):
        return 1
    if ply >= w.depth:          # never: a hand ends within MAX_PLIES actions
        return PERFT_OUT_OF_MEMORY
    if interrupted(&w.until_signal_check):
        return PERFT_INTERRUPTED
    moves = &w.plies[ply]
    if depth == 1:              # every child is a leaf: count the moves (without writing them)
        n = count_of_moves(p, w.o, moves)
        return PERFT_OUT_OF_MEMORY if n < 0 else n + may_pass(p, n)
    n = list_moves(p, w.o, moves)
    if n < 0:
        return PERFT_OUT_OF_MEMORY
    for j in range(-1 if may_pass(p, n) else 0, n):
        child = p[0]
        if play_at(&child, moves, j):
            nodes += 1                  # the hand ended: a leaf at any depth
            continue
        below = perft_node(&child, depth - 1, w, ply + 1)
        if below < 0:
            return below
        nodes += below
    return nodes


cdef int64_t _perft_of(const Table* p, int depth, const Options* o) except -1:
    """The perft count of ``p`` to ``depth``, without the GIL; KeyboardInterrupt when a signal
    handler raised, MemoryError when a move list could not grow."""
    cdef Walk w
    cdef int64_t nodes
    cdef int ply
    if depth < 0:
        raise ValueError(f"depth must be at least 0, got {depth}")
    w.o = o
    w.depth = max(1, min(depth, MAX_PLIES))
    w.until_signal_check = NODES_PER_SIGNAL_CHECK
    w.plies = <Words*>calloc(w.depth, sizeof(Words))
    if w.plies == NULL:
        raise MemoryError("out of memory counting perft")
    try:
        with nogil:
            nodes = perft_node(p, depth, &w, 0)
    finally:
        for ply in range(w.depth):
            free(w.plies[ply].data)
        free(w.plies)
    if nodes == PERFT_INTERRUPTED:
        raise_pending()
    if nodes < 0:
        raise MemoryError("out of memory counting perft")
    return nodes


# --- the entry points (arguments validated by ddz_fast.positions.rollouts) -------------------

def _perft(tuple hands, int landlord, int to_move, uint64_t prev, int passes, int depth,
           rules):
    """position.perft of the position given by its words, counted natively; Ctrl-C raises
    KeyboardInterrupt within a fraction of a second."""
    cdef Options options = options_of(as_rules(rules))
    cdef Play p = play_of(hands, landlord, to_move, prev, passes)
    return _perft_of(&p, depth, &options)


def _perft_four_player(tuple hands, int to_move, uint64_t prev_lo, uint64_t prev_hi,
                       int passes, int depth, rules):
    """four_player.perft of the four-player position given by its hands' counts, the player
    to move, the move to beat's two-deck word as low and high halves (both 0 when the player
    leads) and the passes since it, counted natively under a two-deck rule set; Ctrl-C raises
    KeyboardInterrupt within a fraction of a second."""
    cdef Options options = options_of(as_rules(rules), 2)
    cdef FourSeatPlay p = four_seat_play_of(hands, to_move, prev_lo, prev_hi, passes)
    return _perft_of(&p, depth, &options)


def _perft_laizi(tuple hands, int landlord, int to_move, tuple prev, int passes, int depth,
                 rules, tuple wild):
    """position.perft of a position with wild ranks ``wild`` (see wild_play_of), counted
    natively."""
    cdef Options options = wild_options(as_rules(rules))
    cdef WildPlay p = wild_play_of(hands, landlord, to_move, prev, passes, wild)
    return _perft_of(&p, depth, &options)


def _perft_runfast(tuple hands, int to_move, uint64_t prev, int passes, int depth, rules):
    """perft of the Run Fast position given by its hand words (two or three), the player to
    move, the Run Fast move word to beat (0 when leading) and the passes since it, counted
    natively under Run Fast ``rules`` (must-beat and the one-card rule as they say); Ctrl-C
    raises KeyboardInterrupt within a fraction of a second."""
    checked = as_rules(rules)
    cdef RunFast rf = runfast_of(checked)
    cdef RunFastPlay p = runfast_play_of(hands, to_move, prev, passes, &rf, checked)
    cdef Options unread     # Run Fast's options are the position's own (p.rf)
    return _perft_of(&p, depth, &unread)
