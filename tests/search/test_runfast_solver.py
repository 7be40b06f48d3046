"""The Run Fast solver (ddz_fast.search.runfast.solve_runfast): the paranoid value of
docs/RULES.md ("Run Fast", last bullet; "Search", "Perfect information").

Expected values come from hand derivations (written out beside each position) and from the
plain minimax of tests/support/runfast_minimax.py, which walks the independent play rules of
tests/support/runfast_walk.py (no code shared with ddz_fast) with no memo and no ordering.
The solver runs over the pure-Python generator (the compiled core does not play Run Fast yet),
and so do the tests' own walks (``implementation="python"``): they run the same under either
build.
"""
from __future__ import annotations

import random
from typing import List, Optional

import pytest

from ddz_fast import Hand, Move, Rules
from ddz_fast import moves as api
from ddz_fast.cards import RUNFAST_DECKS
from ddz_fast.positions.runfast import RunFastPosition, format_runfast_move
from ddz_fast.positions.step import play_step
from ddz_fast.positions.three_player import Position
from ddz_fast.search.runfast import RunFastSolution, solve_runfast
from support import runfast_minimax as minimax
from support import runfast_walk as walk

PYTHON = "python"
REFERENCE = api.implementation(PYTHON)
RUNFAST = Rules.preset("runfast")
TWO = RUNFAST.replace(players=2)
#: Every option off its default at least once, at both seat counts and both decks.
VARIANTS = {
    "runfast": RUNFAST,
    "no_must_beat": RUNFAST.replace(must_beat=False),
    "no_one_card_rule": RUNFAST.replace(one_card_rule=False),
    "no_short_last_hand": RUNFAST.replace(short_last_hand=False),
    "aaa_bomb_four_three": RUNFAST.replace(aaa_bomb=True, four_three=True),
    "two_players": TWO,
    "two_players_loose": TWO.replace(must_beat=False, one_card_rule=False, aaa_bomb=True),
    "two_players_no_short": TWO.replace(short_last_hand=False),
    "runfast_15": Rules.preset("runfast_15"),
    "runfast_15_two": Rules.preset("runfast_15").replace(players=2, four_three=True),
}
#: The twin's line lengths are compared where its whole tree (no memo) has at most this many
#: leaves: the minimax of lengths has no cutoff, and a few trees of hands of five cards have
#: millions of lines.
OUTCOME_LEAVES = 3_000


def P(text: str) -> RunFastPosition:
    return RunFastPosition.parse(text)


def texts(moves) -> List[str]:
    return [format_runfast_move(m) for m in moves]


# --- the twin's view of a position -----------------------------------------------------------

def brute_move(move: Move) -> walk.Move:
    if move.is_pass:
        return walk.PASS
    return (move.type, move.key, move.length, tuple(move.counts[:13]))


def brute_state(position: RunFastPosition) -> walk.State:
    prev = None if position.prev is None else brute_move(position.prev)
    return (tuple(h.counts[:13] for h in position.hands), position.to_move, prev,
            position.passes)


def random_position(rng: random.Random, rules: Rules) -> RunFastPosition:
    """Hands of 1 to 5 cards from the rules' deck, a random player to move and, about half the
    time, a move to beat made of other cards of the deck (never a short form: that would have
    ended the hand), with a random count of passes after it."""
    cards = [rank for rank, copies in enumerate(RUNFAST_DECKS[rules.deck_size])
             for _ in range(copies)]
    rng.shuffle(cards)
    hands = []
    for _ in range(rules.players):
        size = rng.randint(1, 5)
        hands.append(Hand([cards[:size].count(rank) for rank in range(15)]))
        cards = cards[size:]
    prev: Optional[Move] = None
    if rng.random() < 0.5:
        size = rng.randint(1, 6)
        played = Hand([cards[:size].count(rank) for rank in range(15)])
        prev = rng.choice([m for m in REFERENCE.legal_moves(played, rules=rules)
                           if not (m.type in ("trio_two", "airplane_two")
                                   and len(m) < 5 * m.length)])
    passes = rng.randrange(rules.players - 1) if prev is not None else 0
    return RunFastPosition(hands, rng.randrange(rules.players), prev, passes)


def assert_equals_minimax(position: RunFastPosition, rules: Rules, player: int) -> None:
    """The solver's answers against the twin's: the value, the winning moves and, where the
    twin's tree is small, the distance and a line whose every step is the first action in
    canonical order that keeps the twin's outcome."""
    found = solve_runfast(position, rules=rules, player=player)
    state, opts = brute_state(position), walk.options(rules)
    where = f"{position} under {rules!r} for player {player}"
    assert found.exact and found.player == player, where
    assert found.player_wins == minimax.player_wins(state, player, opts), where
    assert found.wins == (found.player_wins == (position.to_move == player)), where
    assert sorted(map(brute_move, found.winning_moves)) == \
        sorted(minimax.winning_moves(state, player, opts)), where
    assert len(found.pv) == found.distance, where
    if walk.perft(state, 3 * sum(map(len, position.hands)) + 1, opts) > OUTCOME_LEAVES:
        return
    assert (found.player_wins, found.distance) == minimax.outcome(state, player, opts), where
    for action in found.pv:
        best = minimax.outcome(state, player, opts)
        first = next(a for a in position.legal_actions(rules, PYTHON)
                     if minimax.child_outcome(state, brute_move(a), player, opts) == best)
        assert action == first, where
        position = RunFastPosition(*play_step(position.hands, position.to_move, position.prev,
                                              position.passes, action))
        state = walk.play(state, brute_move(action))
    assert position.is_over, where


# --- hand-made positions ---------------------------------------------------------------------

def test_must_beat_forces_a_bomb_that_breaks_the_winning_trio():
    # Two players; seat 1 has just played the A. Seat 0 holds 3, 4 and four 7s: only the bomb
    # beats the A, so must-beat makes him play it. Seat 1 (5, 6) passes; seat 0 leads the 3 or
    # the 4 and seat 1 answers with the 6, which nothing beats, and goes out with the 5.
    position = P("347777/56 0 A 0")
    found = solve_runfast(position)
    assert (found.player_wins, found.wins, found.winning_moves) == (False, False, ())
    assert texts(found.pv) == ["7777", "pass", "3", "6", "pass", "5"]
    # Without must-beat seat 0 passes: seat 1 leads 5 or 6, a single 7 beats it, nothing beats
    # the 7, and 777 + 34 is a trio + two that goes out at once. The bomb loses as above.
    loose = solve_runfast(position, rules=TWO.replace(must_beat=False))
    assert (loose.player_wins, texts(loose.winning_moves)) == (True, ["pass"])
    assert texts(loose.pv) == ["pass", "5", "7", "pass", "34777"]


def test_the_one_card_rule_makes_the_leader_lead_his_highest_card():
    # Seat 0 holds 3, 4 and 2; seat 1 holds one card (a 4), seat 2 holds 4 and 6. While the
    # next player holds one card a solo must be the highest: seat 0 leads the 2, nobody beats
    # it, he must lead the 4 next; seat 1 cannot beat it, seat 2 must (the 6) and goes out
    # with his 4 after seat 0 (a 3) and seat 1 (a 4) pass.
    position = P("342/4/46 0 - 0")
    found = solve_runfast(position)
    assert (found.player_wins, found.winning_moves) == (False, ())
    assert texts(found.pv) == ["2", "pass", "pass", "4", "pass", "6", "pass", "pass", "4"]
    # Without the rule the 4 is led first: seat 2's forced 6 is beaten by the 2, then the 3.
    free = solve_runfast(position, rules=RUNFAST.replace(one_card_rule=False))
    assert (free.player_wins, texts(free.winning_moves)) == (True, ["4"])
    assert texts(free.pv) == ["4", "pass", "6", "2", "pass", "pass", "3"]


def test_a_short_last_hand_goes_out_at_once():
    # Seat 0 holds 444 and a 3, seat 1 an A. As the whole hand, 444 + 3 is a trio with one
    # kicker: out at once. Without short last hands there is no trio without two kickers:
    # the 4 (the highest solo: seat 1 holds one card) loses to the A at once; the 44 passes,
    # but then the 4 must be led and the A goes out, four actions, the loser's longest line.
    position = P("3444/A 0 - 0")
    found = solve_runfast(position)
    assert (found.player_wins, texts(found.winning_moves), found.distance) == \
        (True, ["3444"], 1)
    strict = solve_runfast(position, rules=TWO.replace(short_last_hand=False))
    assert (strict.player_wins, strict.winning_moves) == (False, ())
    assert texts(strict.pv) == ["44", "pass", "4", "A"]


def test_the_others_play_together_against_the_named_player():
    # Seat 0 leads his 3 or his K. Seat 1 holds a 5, seat 2 a 4 and a 6. After the K nobody
    # can beat and the 3 goes out; so seat 0 wins leading the K, and only the K (after the 3,
    # seat 1's 5 goes out). Named, seat 1 loses: seat 0 leads the K. Named, seat 2 loses too.
    position = P("3K/5/46 0 - 0")
    assert texts(solve_runfast(position).winning_moves) == ["K"]
    for player in (1, 2):
        found = solve_runfast(position, player=player)
        assert (found.player, found.player_wins, found.wins) == (player, False, True)
        assert texts(found.winning_moves) == ["K"]     # the side to move's: seat 0's


def test_a_finished_position_has_its_winner_and_nothing_to_play():
    position = P("-/45/67 1 3 0")
    for player, won in ((0, True), (1, False), (2, False)):
        found = solve_runfast(position, player=player)
        assert (found.player_wins, found.exact, found.pv, found.distance, found.nodes) == \
            (won, True, (), 0, 0)
        assert found.wins == (won == (player == 1))


def test_the_answers_are_deterministic_and_best_move_is_the_lines_first():
    position = P("36TKK/4/589A 0 - 0")
    one, two = solve_runfast(position), solve_runfast(position)
    assert (one.winning_moves, one.pv, one.nodes) == (two.winning_moves, two.pv, two.nodes)
    assert one.best_move == one.pv[0]
    bare = solve_runfast(position, pv=False)
    assert (bare.pv, bare.distance, bare.exact) == ((), None, True)
    assert bare.best_move == (bare.winning_moves[0] if bare.winning_moves else None)
    assert isinstance(one, RunFastSolution) and one.nodes_per_second >= 0


# --- against the plain minimax ---------------------------------------------------------------

CASES = [(name, seed) for name in VARIANTS for seed in range(2)]


@pytest.mark.parametrize("variant, seed", CASES, ids=[f"{n}-{s}" for n, s in CASES])
def test_the_solver_equals_plain_minimax_on_random_positions(variant, seed):
    rules = VARIANTS[variant]
    rng = random.Random(f"runfast-solver/{variant}/{seed}")
    for _ in range(10):     # 200 positions in all (the slow step: 1,000 more)
        position = random_position(rng, rules)
        assert_equals_minimax(position, rules, rng.randrange(rules.players))


SLOW_CASES = [(name, seed) for name in VARIANTS for seed in range(100, 110)]


@pytest.mark.slow
@pytest.mark.parametrize("variant, seed", SLOW_CASES, ids=[f"{n}-{s}" for n, s in SLOW_CASES])
def test_the_solver_equals_plain_minimax_on_a_thousand_more_positions(variant, seed):
    rules = VARIANTS[variant]
    rng = random.Random(f"runfast-solver/{variant}/{seed}")
    for _ in range(10):     # 1,000 positions in all
        position = random_position(rng, rules)
        assert_equals_minimax(position, rules, rng.randrange(rules.players))


# --- budgets ---------------------------------------------------------------------------------

# Hands of eight cards and more: thousands of nodes, so every small budget runs out.
LARGE = P("345789TJ/3456TQKA/66789JQK2 0 - 0")


def test_max_nodes_stops_at_exactly_the_limit():
    found = solve_runfast(LARGE, max_nodes=500)
    assert (found.exact, found.stopped, found.nodes) == (False, "nodes", 500)
    assert found.pv == () and found.distance is None


def test_a_stop_while_the_line_is_searched_keeps_the_proven_value():
    value = solve_runfast(LARGE, pv=False)
    assert value.exact and value.nodes < 5_000
    found = solve_runfast(LARGE, max_nodes=5_000)       # the line needs far more
    assert (found.exact, found.stopped, found.pv, found.distance) == (False, "nodes", (), None)
    assert (found.player_wins, found.winning_moves) == (value.player_wins, value.winning_moves)


def test_a_limit_never_gives_a_wrong_exact_answer():
    position = P("36TKK/4/589A 0 - 0")
    exact = solve_runfast(position)
    for budget in (1, 2, 5, 10, 30, 100, exact.nodes - 1, exact.nodes):
        found = solve_runfast(position, max_nodes=budget)
        if found.exact:
            assert (found.player_wins, found.winning_moves, found.pv) == \
                (exact.player_wins, exact.winning_moves, exact.pv)
        else:
            assert set(found.winning_moves) <= set(exact.winning_moves), budget
            assert found.wins in (None, exact.wins) and found.stopped == "nodes", budget
    assert solve_runfast(position, max_nodes=exact.nodes).exact


def test_time_limit_stops_the_search():
    found = solve_runfast(LARGE, time_limit=0.2)
    assert (found.exact, found.stopped) == (False, "time")
    assert found.seconds < 2.0      # the clock is read every 1,024 nodes; a shared machine


# --- bad input -------------------------------------------------------------------------------

@pytest.mark.parametrize("field, value, message", [
    ("hands", (Hand("3"), Hand("4"), Hand("BR")), "joker"),
    ("hands", (Hand("3333"), Hand("3"), Hand("5")), "5 of rank 3"),
    ("hands", (Hand("3"),), "two or three hands"),
    ("to_move", 3, "to_move"),
    ("passes", 1, "when leading"),
    ("prev", Move("rocket", 13, 1, [0] * 13 + [1, 1]), "no Run Fast move type"),
])
def test_a_forged_position_is_refused(field, value, message):
    position = P("3/4/5 0 - 0")
    object.__setattr__(position, field, value)
    with pytest.raises((TypeError, ValueError), match=message):
        solve_runfast(position)


def test_only_a_run_fast_position_under_run_fast_rules_is_solved():
    with pytest.raises(TypeError, match="must be a RunFastPosition, not Position"):
        solve_runfast(Position.parse("3/4/5 0 0 - 0"))
    with pytest.raises(TypeError, match="must be a RunFastPosition, not str"):
        solve_runfast("3/4/5 0 - 0")
    with pytest.raises(ValueError, match="Run Fast rules"):
        solve_runfast(P("3/4/5 0 - 0"), rules="standard")
    with pytest.raises(ValueError, match="players=2"):
        solve_runfast(P("3/4 0 - 0"), rules="runfast")
    with pytest.raises(ValueError, match="AAA:bomb@A is not a move under"):
        solve_runfast(P("3/4/5 0 AAA:bomb@A 1"))


@pytest.mark.parametrize("kwargs, error, message", [
    ({"player": 3}, ValueError, "player must be seat 0, 1 or 2, got 3"),
    ({"player": -1}, ValueError, "player must be seat"),
    ({"player": "0"}, TypeError, "player must be a seat number"),
    ({"player": True}, TypeError, "player must be a seat number"),
    ({"max_nodes": 0}, ValueError, "max_nodes must be at least 1"),
    ({"max_nodes": 1.5}, TypeError, "max_nodes must be an int or None"),
    ({"max_nodes": "10"}, TypeError, "max_nodes must be an int or None"),
    ({"max_nodes": True}, TypeError, "max_nodes must be an int or None"),
    ({"max_nodes": 1 << 63}, ValueError, "max_nodes must be at most"),
    ({"time_limit": 0}, ValueError, "time_limit must be positive"),
    ({"time_limit": -1.0}, ValueError, "time_limit must be positive"),
    ({"time_limit": float("nan")}, ValueError, "time_limit must be a finite number"),
    ({"time_limit": "1"}, TypeError, "time_limit must be a number of seconds"),
    ({"pv": 1}, TypeError, "pv must be a bool"),
    ({"rules": 3}, TypeError, "rules must be a Rules"),
])
def test_bad_arguments_are_refused_naming_the_problem(kwargs, error, message):
    with pytest.raises(error, match=message):
        solve_runfast(P("3/4/5 0 - 0"), **kwargs)


def test_a_seat_of_a_two_player_position_is_0_or_1():
    with pytest.raises(ValueError, match="player must be seat 0 or 1, got 2"):
        solve_runfast(P("3/4 0 - 0"), player=2)
