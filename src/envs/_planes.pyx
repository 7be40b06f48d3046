# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, freethreading_compatible=True
"""The planes encoding of every table of a batch (layout version 1), behind
ddz_fast.envs.planes.planes, which documents the layout and validates the arrays first.

Safe on any bits it is handed: seats are taken modulo 3, counts capped at 4, a history length
at the history's width, offsets clamped to the moves and every one-hot index to its field, so a
word changed after validation gives a wrong plane, never a write out of bounds.
"""
cimport numpy as cnp
from libc.stdint cimport int8_t, int64_t, uint64_t
from libc.string cimport memset

from movegen cimport COUNT_MASK, NUM_RANKS, card_count

__all__ = ["_encode"]

cnp.import_array()

cdef enum:
    COPIES = 4
    PLANE = COPIES * NUM_RANKS  # one card set: 4 rows (at least 1..4 copies) x 15 ranks
    RECENT = 15                 # the last actions shown
    CHANNELS = 9 + RECENT
    # the card-set channels
    C_HAND = 0
    C_UNSEEN = 1
    C_PLAYED = 2                # 2, 3, 4: me, next, previous seat
    C_TO_BEAT = 5
    C_LAST = 6                  # 6, 7, 8: me, next, previous seat
    C_RECENT = 9                # 9 ..: the last actions, most recent first
    # the info vector
    HELD_WIDTH = 21             # one-hot 0..20 cards
    I_HELD = 0                  # 0, 21, 42: me, next, previous seat
    I_ROLE = 63
    I_BOMBS = 66
    BOMBS_WIDTH = 15            # one-hot 0..14
    I_BEAT_BY = 81              # leading, next seat, previous seat
    I_PASSES = 84
    INFO = I_PASSES + RECENT


cdef inline void put_plane(int8_t* out, uint64_t word) noexcept nogil:
    """A set of cards as a 4 x 15 plane (out zeroed): row k holds 1 at each rank of which
    the set has more than k cards."""
    cdef uint64_t counts = word & COUNT_MASK
    cdef int rank, k, count
    for rank in range(NUM_RANKS):
        count = min(<int>((counts >> (4 * rank)) & 7), COPIES)
        for k in range(count):
            out[k * NUM_RANKS + rank] = 1


cdef inline void put_one_hot(int8_t* out, int64_t value, int width) noexcept nogil:
    out[min(max(value, 0), width - 1)] = 1


cdef void encode_one(int8_t* state, int8_t* info, const uint64_t* hands,
                     const uint64_t* played, const uint64_t* last_moves,
                     const uint64_t* history, int64_t filled, Py_ssize_t width, int64_t bombs,
                     int64_t landlord_seat, int64_t player_seat, uint64_t prev) noexcept nogil:
    cdef int me = <int>(<uint64_t>player_seat % 3)
    cdef int landlord = <int>(<uint64_t>landlord_seat % 3)
    cdef int i, seat
    cdef Py_ssize_t n = min(max(filled, 0), width)
    memset(state, 0, CHANNELS * PLANE)
    memset(info, 0, INFO)
    put_plane(state + C_HAND * PLANE, hands[me])
    put_plane(state + C_UNSEEN * PLANE, hands[(me + 1) % 3] + hands[(me + 2) % 3])
    for i in range(3):
        seat = (me + i) % 3
        put_plane(state + (C_PLAYED + i) * PLANE, played[seat])
        put_plane(state + (C_LAST + i) * PLANE, last_moves[seat])
        put_one_hot(info + I_HELD + HELD_WIDTH * i, card_count(hands[seat] & COUNT_MASK),
                    HELD_WIDTH)
    put_plane(state + C_TO_BEAT * PLANE, prev)
    for i in range(min(n, <Py_ssize_t>RECENT)):
        put_plane(state + (C_RECENT + i) * PLANE, history[n - 1 - i])
        info[I_PASSES + i] = (history[n - 1 - i] & COUNT_MASK) == 0
    info[I_ROLE + (me - landlord + 3) % 3] = 1
    put_one_hot(info + I_BOMBS, bombs, BOMBS_WIDTH)
    # Who played the move to beat: the seat just before when the last action is a play, else
    # (the last action a pass) the seat after, which played the one before it.
    if prev & COUNT_MASK == 0:
        info[I_BEAT_BY] = 1
    elif n > 0 and history[n - 1] & COUNT_MASK:
        info[I_BEAT_BY + 2] = 1
    else:
        info[I_BEAT_BY + 1] = 1


def _encode(const uint64_t[:, ::1] hands, const uint64_t[:, ::1] played,
            const uint64_t[:, ::1] last_moves, const uint64_t[:, ::1] history,
            const int64_t[::1] history_len, const int64_t[::1] bombs,
            const int64_t[::1] landlord, const int64_t[::1] player, const uint64_t[::1] prev,
            const uint64_t[::1] moves, const int64_t[::1] offsets,
            int8_t[:, ::1] state, int8_t[:, ::1] info, int8_t[:, ::1] actions,
            int64_t[::1] table):
    """Write the planes of every table (state and info, (N, 24 * 60) and (N, 99)) and of every
    legal action (actions (M, 60), table (M,)), the arrays validated."""
    cdef Py_ssize_t t, j, start, stop
    cdef Py_ssize_t n = hands.shape[0], m = moves.shape[0], width = history.shape[1]
    with nogil:
        for t in range(n):
            encode_one(&state[t, 0], &info[t, 0], &hands[t, 0], &played[t, 0],
                       &last_moves[t, 0], &history[t, 0] if width else NULL, history_len[t],
                       width, bombs[t], landlord[t], player[t], prev[t])
            start = min(max(offsets[t], 0), m)
            stop = min(max(offsets[t + 1], start), m)
            for j in range(start, stop):
                memset(&actions[j, 0], 0, PLANE)
                put_plane(&actions[j, 0], moves[j])
                table[j] = t
