# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, freethreading_compatible=True
"""RLCard's Dou Dizhu observation of every table of a batch, behind
ddz_fast.compat.rlcard.rlcard_observations (which validates the arrays first).

The layout is RLCard's (``rlcard.envs.doudizhu``), described in ddz_fast/compat/rlcard.py. The
kernel is safe on any bits it is handed, as the move generator is: seats are taken modulo 3,
counts are capped at 4, a history length at the history's width and every one-hot index at
its field, so a word changed after validation (another thread stepping the tables) gives a
wrong row, never a write out of bounds.
"""
cimport numpy as cnp
from libc.stdint cimport int8_t, int64_t, uint64_t
from libc.string cimport memset

from movegen cimport COUNT_MASK, card_count

__all__ = ["_observe"]

cnp.import_array()

cdef enum:
    CARDS = 54              # one set of cards: 13 ranks x 4 copies, then the two jokers
    ROW = 901               # the peasants' observation (the landlord's is the first 790)
    RECENT = 9              # the actions of the trace RLCard shows
    # The fields of both observations, as offsets into a row.
    HAND = 0
    OTHERS = 54
    LAST_ACTION = 108
    LAST_NINE = 162
    # the landlord's
    UP_PLAYED = 648
    DOWN_PLAYED = 702
    UP_LEFT = 756           # one-hot of 17
    DOWN_LEFT = 773         # one-hot of 17
    # the peasants'
    LANDLORD_PLAYED = 648
    MATE_PLAYED = 702
    LANDLORD_FIRST = 756    # the landlord's first action (see _observe_one)
    MATE_FIRST = 810        # the teammate's first action
    LANDLORD_LEFT = 864     # one-hot of 20
    MATE_LEFT = 884         # one-hot of 17


cdef inline void put_cards(int8_t* out, uint64_t word) noexcept nogil:
    """RLCard's 54 entries of a set of cards (out zeroed): of each rank 3..2 its 4 entries
    with the first ``count`` set, then 1 for each joker held."""
    cdef uint64_t counts = word & COUNT_MASK
    cdef int rank, k, count
    for rank in range(13):
        count = min(<int>((counts >> (4 * rank)) & 7), 4)
        for k in range(count):
            out[4 * rank + k] = 1
    if (counts >> 52) & 7:
        out[52] = 1
    if (counts >> 56) & 7:
        out[53] = 1


cdef inline void put_one_hot(int8_t* out, uint64_t hand, int size) noexcept nogil:
    """RLCard's one-hot of a number of cards n in ``size`` entries: entry n - 1 (numpy's
    negative index makes it the last entry when n is 0)."""
    cdef int n = card_count(hand & COUNT_MASK)
    out[n - 1 if 0 < n <= size else size - 1] = 1


cdef void observe_one(int8_t* row, const uint64_t* hands, const uint64_t* played,
                      const uint64_t* history, int64_t filled, Py_ssize_t width,
                      int64_t landlord_seat, int64_t player_seat) noexcept nogil:
    """One table's row. RLCard numbers the landlord 0, the seat after it 1 (landlord_down) and
    the seat after that 2 (landlord_up): RLCard's player q sits at seat (landlord + q) % 3 and
    acts at history entries q, q + 3, ..."""
    cdef int landlord = <int>(<uint64_t>landlord_seat % 3)
    cdef int seat = <int>(<uint64_t>player_seat % 3)
    cdef int me = (seat - landlord + 3) % 3             # RLCard's number of the player
    cdef int mate = 3 - me                              # a peasant's teammate (1 <-> 2)
    cdef Py_ssize_t n = min(max(filled, 0), width)
    cdef Py_ssize_t i, k
    memset(row, 0, ROW)
    put_cards(row + HAND, hands[seat])
    put_cards(row + OTHERS, hands[(seat + 1) % 3] + hands[(seat + 2) % 3])
    # The last action, or the one before when the last is a pass (which may be a pass too).
    if n > 0:
        put_cards(row + LAST_ACTION,
                  history[n - 1] if history[n - 1] & COUNT_MASK or n < 2 else history[n - 2])
    # The last nine actions, oldest first, the rows before the first action left zero.
    for i in range(RECENT):
        k = n - RECENT + i
        if k >= 0:
            put_cards(row + LAST_NINE + CARDS * i, history[k])
    if me == 0:
        put_cards(row + UP_PLAYED, played[(landlord + 2) % 3])
        put_cards(row + DOWN_PLAYED, played[(landlord + 1) % 3])
        put_one_hot(row + UP_LEFT, hands[(landlord + 2) % 3], 17)
        put_one_hot(row + DOWN_LEFT, hands[(landlord + 1) % 3], 17)
        return
    put_cards(row + LANDLORD_PLAYED, played[landlord])
    put_cards(row + MATE_PLAYED, played[(landlord + mate) % 3])
    # RLCard's "last" landlord and teammate actions scan the trace from its end without
    # stopping, so each keeps the earliest: the landlord's is the hand's first action, the
    # teammate's its entry ``mate`` (none yet, all zero, before the teammate's first turn).
    if n > 0:
        put_cards(row + LANDLORD_FIRST, history[0])
    if n > mate:
        put_cards(row + MATE_FIRST, history[mate])
    put_one_hot(row + LANDLORD_LEFT, hands[landlord], 20)
    put_one_hot(row + MATE_LEFT, hands[(landlord + mate) % 3], 17)


def _observe(const uint64_t[:, ::1] hands, const uint64_t[:, ::1] played,
             const uint64_t[:, ::1] history, const int64_t[::1] history_len,
             const int64_t[::1] landlord, const int64_t[::1] player, int8_t[:, ::1] out):
    """Write every table's observation into ``out`` (N, 901), the arrays validated."""
    cdef Py_ssize_t t, n = out.shape[0], width = history.shape[1]
    if n == 0:
        return
    with nogil:
        for t in range(n):
            observe_one(&out[t, 0], &hands[t, 0], &played[t, 0],
                        &history[t, 0] if width else NULL, history_len[t], width,
                        landlord[t], player[t])
