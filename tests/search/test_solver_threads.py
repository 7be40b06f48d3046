"""The solver on several threads: the root's actions (under ``every_move=False``, the replies to
one root action after another, a thread with none left helping another with its own) searched
by threads that share the table give the same answers as one thread, at every table, and stop
as one does (limits, Ctrl-C).

Under ``every_move=False`` the threads start only after a few million nodes of one thread's
search: most tests here start them at once (``threads_at_once``), so that small positions are
searched on threads, helping each other and growing the table."""
from __future__ import annotations

import random

import pytest

from ddz_fast import Game, Position, solve
from ddz_fast.search.bots import start_play
from ddz_fast.search.solver import MAX_THREADS

from support.common import sizes
from support.interrupts import seconds_until_interrupted
from support.solver_cases import (TABLES, opening, random_four_player_position,
                                  random_wild_position, threads_at_once)
from solver_games import duels, positions

pytestmark = pytest.mark.native  # the solver is compiled only

OPENING = Position.parse("33455567789TJQQQA22R/56678889JJJQKKA2B/334446799TTTKKAA2 0 0 - 0")
# A whole deal that one winning move does not settle quickly: unsolved in 300 s (the opening
# above takes a few milliseconds under the first win).
HARD_DEAL = start_play(Game(), 2, landlord=0).position()


@pytest.fixture(name="threads_at_once")
def threads_at_once_fixture():
    """Threads under the first win start with the search, not after one thread's warm-up."""
    with threads_at_once():
        yield


def _hard(every_move: bool) -> Position:
    """A classic position no solve finishes within the tests' limits."""
    return OPENING if every_move else HARD_DEAL


def _same(game, threads: int, one=None, **kwargs) -> None:
    """``game`` solved on ``threads`` threads gives one thread's answer (``one``, that answer
    already found with the same ``kwargs``, or solved here)."""
    one = solve(game, **kwargs) if one is None else one
    many = solve(game, threads=threads, **kwargs)
    assert one.exact and many.exact, game
    assert (many.wins, many.landlord_wins, many.winning_moves, many.pv, many.distance,
            many.stake, many.stake_moves) == (one.wins, one.landlord_wins, one.winning_moves,
                                              one.pv, one.distance, one.stake, one.stake_moves)


@pytest.mark.parametrize("count", sizes(3, 40))
def test_two_threads_answer_as_one_on_duels_and_positions(count):
    for game in duels(12, count) + positions(25, count):
        _same(game, 2)
    for game in duels(8, 3):
        _same(game, 3, objective="stake", shortest=True)


@pytest.mark.parametrize("count", sizes(3, 40))
def test_threads_find_the_first_win_of_one_thread(count, threads_at_once):
    # Under the first win the threads share the replies to each root action: the value and
    # the move (the first winning one in search order) and its line are one thread's.
    for game in duels(12, count) + positions(25, count) + positions(30, count):
        one = solve(game, every_move=False)     # one thread's answer, for both thread counts
        for threads in (2, 3):
            _same(game, threads, one=one, every_move=False)


def test_a_solve_within_the_warm_up_is_one_threads():
    # 36-card positions that one thread solves in 0.4M, 0.6M and 5.6M nodes (measured): the
    # first two within the warm-up's 4.2M nodes, searched by one thread alone (the same nodes,
    # exactly), the third on two threads after it, from the root action it was searching.
    small, medium, past = positions(36, 3)
    for game in (small, medium):
        one = solve(game, pv=False, every_move=False)
        assert solve(game, pv=False, every_move=False, threads=2).nodes == one.nodes < 1 << 22
    _same(past, 2, pv=False, every_move=False)


@pytest.mark.parametrize("table", TABLES)
def test_two_threads_answer_as_one_at_every_table(table, threads_at_once):
    rules = TABLES[table]
    rng = random.Random(f"threads:{table}")
    for i in range(12):
        partner = None
        if rules.players == 4:
            game = random_four_player_position(rng, 10 + i % 5, rules, i % 2 == 1)
            if rules.sides == "partner":
                partner = (game.landlord + 1 + i % 3) % 4
        else:
            game = random_wild_position(rng, 8 + i % 5, rules, i % 2 == 1)
        _same(game, 2, rules=rules, partner=partner, objective="stake" if i % 4 == 0 else "win")
        _same(game, 2, rules=rules, partner=partner, every_move=False)


@pytest.mark.parametrize("every_move", [True, False])
def test_the_node_limit_stops_every_thread(every_move, threads_at_once):
    # Counted in steps of 1,024 nodes a thread: the search stops within a step of each.
    found = solve(_hard(every_move), max_nodes=100_000, threads=2, every_move=every_move)
    assert (found.exact, found.stopped) == (False, "nodes")
    assert 100_000 <= found.nodes <= 100_000 + 2 * 1024


@pytest.mark.parametrize("every_move", [True, False])
@pytest.mark.parametrize("table", ["classic", "four_player_partner"])
def test_the_time_limit_stops_every_thread(table, every_move, threads_at_once):
    position, rules, partner = ((_hard(every_move), None, None) if table == "classic"
                                else opening(table))
    found = solve(position, rules=rules, partner=partner, time_limit=0.3, threads=2,
                  every_move=every_move)
    assert (found.exact, found.stopped) == (False, "time")
    assert 0.3 <= found.seconds <= 0.8


@pytest.mark.parametrize("every_move", [True, False])
def test_keyboard_interrupt_stops_every_thread(every_move, threads_at_once):
    assert seconds_until_interrupted(
        lambda: solve(_hard(every_move), time_limit=30, threads=2, every_move=every_move)) < 5
    # The table and the threads are left in order: the next solve is exact.
    assert solve(Position.parse("22/KA/5 0 1 3 0"), threads=2).exact


def test_the_warm_up_stops_as_one_thread_does():
    # The hard deal's first four million nodes take about 0.3 s on one thread: a limit or a
    # Ctrl-C within them stops the warm-up itself, before any thread starts.
    found = solve(HARD_DEAL, time_limit=0.1, threads=2, every_move=False)
    assert (found.exact, found.stopped) == (False, "time") and found.seconds < 0.3
    found = solve(HARD_DEAL, max_nodes=50_000, threads=2, every_move=False)
    assert (found.exact, found.stopped, found.nodes) == (False, "nodes", 50_000)
    assert seconds_until_interrupted(
        lambda: solve(HARD_DEAL, time_limit=30, threads=2, every_move=False), after=0.05) < 1
    assert solve(Position.parse("22/KA/5 0 1 3 0"), threads=2, every_move=False).exact


@pytest.mark.parametrize("threads, error", [(0, ValueError), (MAX_THREADS + 1, ValueError),
                                             ("2", TypeError), (2.0, TypeError),
                                             (None, TypeError)])
def test_bad_thread_counts_are_refused(threads, error):
    with pytest.raises(error, match="threads"):
        solve(Position.parse("22/KA/5 0 1 3 0"), threads=threads)
