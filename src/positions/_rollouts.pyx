# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, freethreading_compatible=True
"""Rollouts of every table, natively: ddz_fast.positions.rollouts's play_out.

One random finish for the three tables of playloop.pxd (the finish of random_games' games,
from a given position and the seed's first stream), without the GIL. The entry points, one per
table, take the fields of a position that ddz_fast.positions.rollouts has validated and check
them again.
"""
from libc.stdint cimport uint64_t
from libc.stdlib cimport free

from ddz_fast.rules import as_rules

from movegen cimport Options
from playloop cimport (FourSeatPlay, Play, Table, Tally, WildPlay, random_finish, seats_of,
                       start_tally)
from rng cimport Rng, rng_for_game
from rule_options cimport options_of
from table_positions cimport four_seat_play_of, play_of, wild_options, wild_play_of
from words cimport Words

__all__ = ["_play_out", "_play_out_four_player", "_play_out_laizi"]


cdef tuple _finish(Table* p, uint64_t seed, const Options* o, bint app):
    """(winner, bombs, actions, non-pass moves per seat) of a random finish of ``p``. A
    position that is already over has no actions, its winner the (last) seat whose hand is
    empty."""
    cdef Rng r = rng_for_game(seed, 0)
    cdef Words buf = Words(NULL, 0)
    cdef Tally t
    cdef int status, seat
    start_tally(&t, p)
    t.app = app
    try:
        with nogil:
            status = random_finish(p, &r, o, &buf, NULL, NULL, &t)
    finally:
        free(buf.data)
    if status == -2:
        raise ValueError(f"seat {p.player} must lead with no cards")
    if status < 0:
        raise MemoryError("out of memory playing out a position")
    return t.winner, t.bombs, t.actions, tuple([t.moves[seat] for seat in range(seats_of(p))])


def _play_out(tuple hands, int landlord, int to_move, uint64_t prev, int passes,
              uint64_t seed, rules):
    """(winner, bombs, actions, non-pass moves per seat) of a random finish of a position."""
    cdef Options options = options_of(as_rules(rules))
    cdef Play p = play_of(hands, landlord, to_move, prev, passes)
    return _finish(&p, seed, &options, False)


def _play_out_four_player(tuple hands, int to_move, uint64_t prev_lo, uint64_t prev_hi,
                          int passes, uint64_t seed, rules):
    """(winner, bombs, actions, non-pass moves per seat) of a random finish of the four-player
    position given as _perft_four_player takes it (its fields checked again by four_seat_play_of),
    under a two-deck rule set, as _play_out finishes three seats."""
    cdef Options options = options_of(as_rules(rules), 2)
    cdef FourSeatPlay p = four_seat_play_of(hands, to_move, prev_lo, prev_hi, passes)
    return _finish(&p, seed, &options, False)


def _play_out_laizi(tuple hands, int landlord, int to_move, tuple prev, int passes,
                    uint64_t seed, rules, tuple wild):
    """_play_out of a position with wild ranks ``wild`` (see wild_play_of): (winner, bombs,
    actions, non-pass moves per seat) of a random finish."""
    checked = as_rules(rules)
    cdef Options options = wild_options(checked)
    cdef WildPlay p = wild_play_of(hands, landlord, to_move, prev, passes, wild)
    cdef bint app = checked.bomb_multiplier == "app"
    return _finish(&p, seed, &options, app)
