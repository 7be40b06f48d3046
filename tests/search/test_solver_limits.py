"""Limits of a solve: node and time budgets, memory, interrupts, and argument checks."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from ddz_fast import Duel, Move, Position, solve
from ddz_fast.moves.notation import parse_move

from support.interrupts import seconds_until_interrupted
from support.subprocesses import SUBPROCESS_CWD, default_sigint

# The opening of a whole hand: far too large to solve, so every limit is reached.
OPENING = Position.parse("33455567789TJQQQA22R/56678889JJJQKKA2B/334446799TTTKKAA2 0 0 - 0")


@pytest.mark.native  # solve() is compiled only
def test_max_nodes_stops_at_exactly_the_limit():
    found = solve(OPENING, max_nodes=50_000)
    assert (found.exact, found.stopped, found.nodes) == (False, "nodes", 50_000)
    assert found.wins in (None, True)       # a value only when a winning move was proven
    assert found.pv == () and found.distance is None


@pytest.mark.native  # solve() is compiled only
def test_time_limit_stops_within_ten_percent():
    limit = 0.5
    started = time.perf_counter()
    found = solve(OPENING, time_limit=limit)
    elapsed = time.perf_counter() - started
    assert (found.exact, found.stopped) == (False, "time")
    # The search reads the clock every 1,024 nodes (well under a millisecond): it stops
    # within 10% of the limit. The wall clock around the call gets slack for a shared machine.
    assert limit <= found.seconds <= 1.1 * limit
    assert elapsed < 1.1 * limit + 0.5


@pytest.mark.native  # solve() is compiled only
def test_a_limit_never_gives_a_wrong_exact_answer():
    duel = Duel.parse("3455KK/345522 55")
    exact = solve(duel)
    for budget in (1, 10, 100, 1000):
        found = solve(duel, max_nodes=budget)
        if found.exact:
            assert (found.wins, found.winning_moves, found.pv) == \
                (exact.wins, exact.winning_moves, exact.pv)
        else:
            assert set(found.winning_moves) <= set(exact.winning_moves)
            assert found.wins in (None, exact.wins)



@pytest.mark.native  # solve() is compiled only
def test_a_stake_search_stopped_midway_reports_no_stake():
    # The stake is a maximum over the root actions: one stopped before the last action must
    # not report the best of those it finished.
    duel = Duel.parse("3455KK/345522 55")
    exact = solve(duel, objective="stake", pv=False)
    assert exact.exact and exact.stake is not None
    for budget in range(1, exact.nodes, 7):
        found = solve(duel, objective="stake", pv=False, max_nodes=budget)
        assert not found.exact
        assert (found.stake, found.stake_moves) == (None, ()), budget

RSS_SCRIPT = """
import json, resource, sys
from ddz_fast import Position, solve
position = Position.parse(sys.argv[1])
solve(Position.parse("3/4/5 0 0 - 0"))   # imports and first-use allocations
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
found = solve(position, tt_megabytes=int(sys.argv[2]), time_limit=float(sys.argv[3]))
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"before_kb": before, "after_kb": after, "nodes": found.nodes}))
"""


@pytest.mark.native  # solve() is compiled only
@pytest.mark.parametrize("megabytes", [8, 32])
def test_memory_stays_under_the_table_size(megabytes):
    # 1.5 s: millions of nodes, far more than either table holds
    result = subprocess.run([sys.executable, "-c", RSS_SCRIPT, str(OPENING), str(megabytes),
                             "1.5"],
                            capture_output=True, text=True, cwd=SUBPROCESS_CWD, timeout=120)
    assert result.returncode == 0, result.stderr
    measured = json.loads(result.stdout)
    grown_mb = (measured["after_kb"] - measured["before_kb"]) / 1024
    # The table (filled: millions of nodes were searched) plus a small constant for the move
    # stack and the root's arrays.
    assert measured["nodes"] > 1_000_000
    assert grown_mb <= megabytes + 8, measured


@pytest.mark.native  # solve() is compiled only
def test_keyboard_interrupt_stops_a_solve():
    assert seconds_until_interrupted(lambda: solve(OPENING, time_limit=30)) < 5


@pytest.mark.native  # solve() is compiled only
def test_ctrl_c_in_the_command_line_exits_130_with_one_line():
    process = subprocess.Popen([sys.executable, "-m", "ddz_fast", "solve", str(OPENING),
                                "--time-limit", "60"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, cwd=SUBPROCESS_CWD,
                               preexec_fn=default_sigint)
    time.sleep(3)                           # imports done, deep in the search
    os.kill(process.pid, signal.SIGINT)
    stdout, stderr = process.communicate(timeout=30)
    assert process.returncode == 130
    assert stderr == "ddz-fast: interrupted\n"
    assert stdout == ""


# --- argument checks ---------------------------------------------------------------------

@pytest.mark.parametrize("kwargs, error, fragment", [
    ({"objective": "score"}, ValueError, "objective"),
    ({"objective": 1}, TypeError, "objective"),
    ({"max_nodes": 0}, ValueError, "max_nodes"),
    ({"max_nodes": True}, TypeError, "max_nodes"),
    ({"max_nodes": 1.5}, TypeError, "max_nodes"),
    ({"time_limit": -1}, ValueError, "time_limit"),
    ({"time_limit": float("nan")}, ValueError, "time_limit"),
    ({"time_limit": "1"}, TypeError, "time_limit"),
    ({"tt_megabytes": 0}, ValueError, "tt_megabytes"),
    ({"tt_megabytes": 2.0}, TypeError, "tt_megabytes"),
    ({"pv": 1}, TypeError, "pv"),
    ({"every_move": 0}, TypeError, "every_move must be a bool"),
    ({"every_move": False, "objective": "stake"}, ValueError, "every_move=False"),
    ({"rules": "nope"}, ValueError, "preset"),
])
def test_bad_arguments(kwargs, error, fragment):
    with pytest.raises(error, match=fragment):
        solve(Duel.parse("3/4"), **kwargs)


def test_only_positions_and_duels_are_solved():
    with pytest.raises(TypeError, match="Position or a Duel"):
        solve("3/4")


@pytest.mark.native  # solve() is compiled only
def test_a_move_to_beat_must_be_a_move_of_the_rules():
    four_two = parse_move("333345")
    with pytest.raises(ValueError, match="not a legal move"):
        solve(Duel("6", "7", four_two), rules="openspiel")


@pytest.mark.parametrize("text, fragment", [
    ("3333/3", "one deck"),
    ("KK/", "empty"),
    ("3/4/5", "two hands"),
    ("3/4 55 66", "optional move"),
    ("3/4 56", "not a move"),
    ("3/X", "X"),
])
def test_bad_duels(text, fragment):
    with pytest.raises(ValueError, match=fragment):
        Duel.parse(text)


def test_duel_values():
    duel = Duel.parse("kk5543/225543 55")
    assert str(duel) == "3455KK/345522 55" and Duel.parse(str(duel)) == duel
    assert hash(duel) == hash(Duel.parse("3455KK/345522 55"))
    assert Duel.parse("3/4") != Duel.parse("4/3")
    assert Duel("3", "4", Move.PASS).prev is None
    with pytest.raises(TypeError):
        Duel.parse(3)
    with pytest.raises(TypeError):
        Duel("3", "4", "55")
