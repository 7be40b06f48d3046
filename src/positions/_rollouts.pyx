# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, freethreading_compatible=True
"""Rollouts of every table, natively: ddz_fast.positions.rollouts's play_out.

One random finish for the four tables of playloop.pxd (the finish of random_games' games,
from a given position and the seed's first stream), without the GIL. The entry points, one per
table, take the fields of a position that ddz_fast.positions.rollouts has validated and check
them again.
"""
from libc.stdint cimport uint64_t
from libc.stdlib cimport free

from ddz_fast.rules import as_rules

from movegen cimport Options
from libc.stdint cimport int64_t

from movegen cimport card_count
from playloop cimport (FourSeatPlay, Play, RunFastPlay, Table, Tally, WildPlay, random_finish,
                       runfast_scores, seats_of, start_tally)
from rng cimport Rng, rng_for_game
from rule_options cimport _int_option, options_of, runfast_of
from runfastgen cimport RunFast
from table_positions cimport (four_seat_play_of, play_of, runfast_play_of, wild_options,
                              wild_play_of)
from words cimport Words

__all__ = ["_play_out", "_play_out_four_player", "_play_out_laizi", "_play_out_runfast"]


cdef int _random_finish(Table* p, uint64_t seed, const Options* o, Tally* t) except -1:
    """A random finish of ``p`` from the seed's first stream, tallied in ``t`` (started with
    start_tally); the errors of random_finish raised."""
    cdef Rng r = rng_for_game(seed, 0)
    cdef Words buf = Words(NULL, 0)
    cdef int status
    try:
        with nogil:
            status = random_finish(p, &r, o, &buf, NULL, NULL, t)
    finally:
        free(buf.data)
    if status == -2:
        raise ValueError(f"seat {p.player} must lead with no cards")
    if status < 0:
        raise MemoryError("out of memory playing out a position")
    return 0


cdef tuple _finish(Table* p, uint64_t seed, const Options* o, bint app):
    """(winner, bombs, actions, non-pass moves per seat) of a random finish of ``p``. A
    position that is already over has no actions, its winner the (last) seat whose hand is
    empty."""
    cdef Tally t
    cdef int seat
    start_tally(&t, p)
    t.app = app
    _random_finish(p, seed, o, &t)
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


def _play_out_runfast(tuple hands, int to_move, uint64_t prev, int passes, uint64_t seed,
                      rules):
    """A random finish of the Run Fast position given as _perft_runfast takes it: (winner,
    cards left per seat, bombs that won their trick per seat, actions, non-pass moves per seat,
    scores per seat). The scores are what this finish settles (playloop.runfast_scores): the
    card payments and the bombs won during it, a loser holding ``hand_size`` cards closed."""
    checked = as_rules(rules)
    cdef RunFast rf = runfast_of(checked)
    cdef RunFastPlay p = runfast_play_of(hands, to_move, prev, passes, &rf, checked)
    cdef Options unread     # Run Fast's options are the position's own (p.rf)
    cdef int64_t base = _int_option(checked, "base", 1, 1_000_000)
    cdef int64_t bomb_score = _int_option(checked, "bomb_score", 0, 1_000_000)
    cdef int64_t scores[3]
    cdef Tally t
    start_tally(&t, &p)
    _random_finish(&p, seed, &unread, &t)
    runfast_scores(&p, &t, base, bomb_score, scores)
    seats = range(p.players)
    return (t.winner, tuple([card_count(p.hands[seat]) for seat in seats]),
            tuple([t.bombs_won[seat] for seat in seats]), t.actions,
            tuple([t.moves[seat] for seat in seats]), tuple([scores[seat] for seat in seats]))
