"""``ddz-fast solve``, and the solver bot in ``simulate``."""
from __future__ import annotations

import json

import pytest

from ddz_fast import Position
from ddz_fast.engine.game import deal_cards
from support.cli import ddz


@pytest.mark.native  # the solver is compiled only
def test_solve_a_position():
    # Peasant 1 must pass so that peasant 2's 5 beats the landlord's 3 (tests/test_solver_cases).
    result = ddz("solve", "22/KA/5 0 1 3 0")
    assert result.returncode == 0 and result.stderr == ""
    lines = result.stdout.splitlines()
    assert lines[0] == "winner: the peasants"
    assert lines[1] == "winning moves: pass"
    assert lines[2] == "winning line (2 actions): pass 5"
    assert lines[3].endswith(" nodes/s") and " nodes in " in lines[3]


@pytest.mark.native  # the solver is compiled only
def test_solve_prints_the_shortest_line_on_request():
    # The first player's 3 wins, then the fours cannot beat the rocket (tests/test_solver_cases:
    # three actions, the pass first in canonical order).
    result = ddz("solve", "--duel", "BR3/44", "--shortest")
    assert result.returncode == 0
    assert result.stdout.splitlines()[2] == "shortest line (3 actions): 3 pass BR"
    result = ddz("solve", "--rules", "runfast", "342/4/46 0 - 0", "--shortest")
    assert result.returncode == 2 and "--shortest is Dou Dizhu's" in result.stderr


@pytest.mark.native  # the solver is compiled only
def test_solve_a_duel_with_a_move_to_beat_as_json():
    # The first player's ace beats the king and empties its hand (tests/test_solver_cases).
    result = ddz("solve", "--duel", "A/3 K", "--json", "--objective", "stake")
    assert result.returncode == 0
    document = json.loads(result.stdout)
    assert document["duel"] is True and document["wins"] is True
    assert document["winning_moves"] == ["A"] and document["pv"] == ["A"]
    assert document["stake"] == 1 and document["exact"] is True


@pytest.mark.native  # the solver is compiled only
def test_first_win_prints_one_winning_move():
    # Every lead of the first player wins (tests/test_solver_cases: 3, B, R and BR); with
    # --first-win the answer is one of them, and a lost duel still has none.
    result = ddz("solve", "--duel", "BR3/44", "--first-win")
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "winner: the first player"
    assert lines[1].split(": ")[0] == "winning move (the first found)"
    assert lines[1].split(": ")[1] in ("3", "B", "R", "BR")
    result = ddz("solve", "--duel", "38/9T", "--first-win")
    assert result.stdout.splitlines()[1] == "winning moves: none (the side to move loses)"


@pytest.mark.native  # the solver is compiled only
def test_solve_a_losing_side():
    result = ddz("solve", "--duel", "38/9T")
    assert result.stdout.splitlines()[:2] == ["winner: the second player",
                                              "winning moves: none (the side to move loses)"]


@pytest.mark.native  # the solver is compiled only
def test_solve_with_a_node_limit_reports_it():
    result = ddz("solve", "33455567789TJQQQA22R/56678889JJJQKKA2B/334446799TTTKKAA2 0 0 - 0",
                 "--max-nodes", "1000", "--json")
    document = json.loads(result.stdout)
    assert (document["exact"], document["stopped"], document["nodes"]) == (False, "nodes", 1000)


@pytest.mark.parametrize("args, fragment", [
    (["solve", "3/4/5 0 0 - 0 9"], "5 fields"),
    (["solve", "--duel", "3333/3"], "one deck"),
    (["solve", "--duel", "3/4", "--max-nodes", "0"], "max_nodes"),
    (["solve", "--duel", "3/4", "--tt-mb", "0"], "tt_megabytes"),
    (["solve", "--duel", "3/4", "--time-limit", "-2"], "time_limit"),
    pytest.param(["solve", "--duel", "6/7 333345", "--rules", "openspiel"], "not a legal move",
                 marks=pytest.mark.native),  # checked by the compiled solver's entry
    (["solve", "--duel", "3/4", "--objective", "fast"], "invalid choice"),
    (["solve"], "give a POSITION"),
    (["solve", "--deal", "1", "3/4/5 0 0 - 0"], "no POSITION"),
    (["solve", "--deal", "1", "--landlord", "3"], "landlord"),
    (["solve", "--deal", "1", "--rules", "four_player", "--sides", "partner"], "--partner"),
    (["solve", "--deal", "1", "--rules", "four_player", "--sides", "partner", "--partner", "0"],
     "one of seats 1, 2, 3"),
    (["solve", "--deal", "1", "--rules", "runfast"], "Dou Dizhu's"),
    (["solve", "--duel", "3/4", "--threads", "0"], "threads"),
    (["solve", "--duel", "3/4", "--landlord", "1"], "--landlord names the landlord of --deal"),
    (["solve", "--duel", "3/4", "--first-win", "--objective", "stake"], "drop one of them"),
    (["solve", "--rules", "runfast", "342/4/46 0 - 0", "--first-win"], "--first-win is Dou"),
])
def test_bad_input_is_one_line(args, fragment):
    result = ddz(*args)
    assert result.returncode == 2, result
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("ddz-fast: error: ") and fragment in lines[0]
    assert result.stdout == ""


@pytest.mark.native  # the solver is compiled only
@pytest.mark.parametrize("rules, landlord", [("standard", 0), ("laizi", 2)])
def test_solve_a_whole_deal(rules, landlord):
    # The deal of seed 5: the landlord holds its 17 cards and the kitty's 3 and leads; the
    # others hold their 17 (deal_cards is the engine's dealer, read here independently).
    result = ddz("solve", "--deal", "5", "--landlord", str(landlord), "--rules", rules,
                 "--time-limit", "0.2", "--threads", "2", "--json")
    assert result.returncode == 0, result.stderr
    document = json.loads(result.stdout)
    hands, kitty = deal_cards(5, rules=rules)
    held = [hand.counts for hand in hands]
    held[landlord] = tuple(a + b for a, b in zip(held[landlord], kitty.counts))
    position = Position.parse(document["game"])
    assert [hand.counts for hand in position.hands] == held
    assert (position.landlord, position.to_move, position.prev) == (landlord, landlord, None)
    assert (position.wild is None) == (rules == "standard")


@pytest.mark.native  # the solver is compiled only
def test_the_solver_bot_plays_in_simulate():
    result = ddz("simulate", "2", "--landlord", "solver", "--peasants", "greedy", "--seed", "3",
                 "--json", "--workers", "1")
    assert result.returncode == 0, result.stderr
    document = json.loads(result.stdout)
    assert document["hands"] == 2
