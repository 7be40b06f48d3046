"""Positions, notation, perft and divide; the perft suites (shipped in
ddz_fast/positions/suites/) run on the public API.

The suite counts were produced by the pure-Python reference (tests/perft/make_suites.py), so
every suite line is a check of the public (native) move generator inside a real tree walk.
"""
from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

import ddz_fast

from ddz_fast import Hand, Move
from ddz_fast.engine.game import Game
from ddz_fast.moves.notation import format_move, parse_move
from ddz_fast.positions.perft import divide, perft
from ddz_fast.positions.suites import read_perft_suites
from ddz_fast.positions.three_player import Position
from support.paths import SUITES_DIR
from support.subprocesses import SUBPROCESS_CWD

SUITE_DIR = SUITES_DIR
SUITE_LINES = [(path.name, suite, depth, nodes)
               for path in sorted(SUITE_DIR.glob("*.perft"))
               for suite in read_perft_suites(path.read_text(encoding="utf-8").splitlines())
               for depth, nodes in suite.counts]


def test_there_are_suites_of_several_shapes():
    positions = {str(suite.position) for _, suite, _, _ in SUITE_LINES}
    assert len(positions) >= 5
    assert any(s.position.prev is not None for _, s, _, _ in SUITE_LINES)


def divide_report(suite, depth: int) -> str:
    fast = divide(suite.position, depth, rules=suite.rules)
    reference = divide(suite.position, depth, rules=suite.rules, implementation="python")
    lines = [f"{'move':<24} {'public':>10} {'reference':>10}"]
    for move in sorted(set(fast) | set(reference)):
        mark = "" if fast.get(move) == reference.get(move) else "   <-- differs"
        lines.append(f"{format_move(move):<24} {fast.get(move)!s:>10} "
                     f"{reference.get(move)!s:>10}{mark}")
    return "\n".join(lines)


#: Under DDZ_FAST_IMPLEMENTATION=python the walk counts a few hundred to a thousand leaves per
#: second (deep lines with few leaves per inner node are the slowest), so the lines counting
#: more than this many leaves are slow there (and only there); every suite position is still
#: checked at its smaller depths.
PYTHON_SLOW_NODES = 2_000


def _suite_param(name, suite, depth, nodes):
    slow = ddz_fast.IMPLEMENTATION == "python" and nodes > PYTHON_SLOW_NODES
    return pytest.param(name, suite, depth, nodes, id=f"{name}:{suite.line}:d{depth}",
                        marks=[pytest.mark.slow] if slow else [])


@pytest.mark.parametrize("name, suite, depth, nodes",
                         [_suite_param(*line) for line in SUITE_LINES])
def test_perft_suite_line(name, suite, depth, nodes):
    counted = perft(suite.position, depth, rules=suite.rules)
    if counted != nodes:
        print(f"{name} line {suite.line}: {suite.position} ({suite.rules!r}) "
              f"perft {depth} = {counted}, expected {nodes}")
        print(divide_report(suite, depth))
    assert counted == nodes


# --- notation -----------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "33445566/789TJ/QKA2B 0 1 KK 0",
    "3/-/BR 2 0 - 0",
    "333444555666/789/TJQ 1 2 333444555666:airplane_solo@4 1",
    "3333BR/4/5 0 1 3333 0",
])
def test_notation_round_trips(text):
    position = Position.parse(text)
    assert str(position) == text and Position.parse(str(position)) == position


def test_ambiguous_moves_carry_their_type_and_key():
    move = parse_move("333444555666:airplane_solo@3")
    assert (move.type, move.key, move.length) == ("airplane_solo", 0, 3)
    assert parse_move(format_move(move)) == move
    assert format_move(parse_move("33344")) == "33344"
    with pytest.raises(ValueError, match="ambiguous"):
        parse_move("333444555666")


def test_positions_from_random_games_round_trip():
    rng = random.Random(5)
    for seed in range(30):
        state = Game("douzero").new_state(seed=seed)
        while not state.is_over:
            if state.phase == "play":
                position = state.position()
                assert Position.parse(str(position)) == position
            state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("text, message", [
    ("3/4/5 0 0 -", "5 fields"),
    ("3/4 0 0 - 0", "three card texts"),
    ("3/4/5 3 0 - 0", "landlord"),
    ("3/4/5 0 0 - 1", "passes"),
    ("3/4/5 0 0 3 2", "passes"),
    ("33333/4/5 0 0 - 0", "5 cards of rank 3"),
    ("3333/3/5 0 0 - 0", "5 of"),
    ("3/4/5 0 0 345 0", "not a move"),
])
def test_bad_notation_is_rejected_with_a_reason(text, message):
    with pytest.raises(ValueError, match=message):
        Position.parse(text)


# --- perft and divide ---------------------------------------------------------------------

def test_perft_basics():
    position = Position.parse("334455TTJ/6789JQK2/AA22BR99 0 0 - 0")
    assert perft(position, 0) == 1
    assert perft(position, 1) == len(position.legal_actions())
    assert sum(divide(position, 3).values()) == perft(position, 3)
    assert Move.PASS not in divide(position, 1)  # the leader may not pass


def test_a_finished_hand_is_a_leaf_at_any_depth():
    over = Position(["", "4", "5"], 0, 1, parse_move("3"), 0)
    assert over.is_over and over.landlord_won
    assert perft(over, 0) == perft(over, 5) == 1 and over.legal_actions() == []
    # The landlord's last card ends the hand: that child is a leaf, the others go on.
    assert divide(Position(["3", "4", "5"], 0, 0), 3) == {parse_move("3"): 1}


def test_two_passes_return_the_lead():
    position = Position(["33", "4", "5"], 0, 1, parse_move("2"), 0)
    after = position.play(Move.PASS).play(Move.PASS)
    assert after.to_move == 0 and after.prev is None and after.passes == 0
    with pytest.raises(ValueError, match="not a legal action"):
        after.play(Move.PASS)


def test_public_and_reference_perft_agree_on_random_game_positions():
    rng = random.Random(11)
    checked = 0
    for seed in range(12):
        state = Game("rlcard").new_state(seed=seed)
        while not state.is_over:
            if state.phase == "play" and rng.random() < 0.08:
                position = state.position()
                assert perft(position, 2, rules="rlcard") == \
                    perft(position, 2, rules="rlcard", implementation="python")
                checked += 1
            state.apply(rng.choice(state.legal_actions()))
    assert checked > 10


def test_perft_arguments_are_checked():
    position = Position([Hand("3"), Hand("4"), Hand("5")], 0, 0)
    with pytest.raises(ValueError, match="depth"):
        perft(position, -1)
    with pytest.raises(ValueError, match="implementation"):
        perft(position, 1, implementation="turbo")
    with pytest.raises(TypeError, match="Position"):
        perft("3/4/5 0 0 - 0", 1)


def test_the_suites_ship_with_the_package():
    """The suite files are package data: the installed package (the wheel) holds them."""
    from ddz_fast.positions.suites import SUITES_DIR, suite_names, suite_path

    assert suite_names() == ["bombs", "endgames", "kickers", "laizi", "opening"]
    assert SUITES_DIR.parent == Path(ddz_fast.__file__).resolve().parent / "positions"
    assert suite_path("opening") == SUITES_DIR / "opening.perft"
    with pytest.raises(ValueError, match="no suite 'nosuch': name one of bombs, endgames"):
        suite_path("nosuch")


@pytest.mark.native    # 200,000 nodes: seconds natively, minutes in pure Python
def test_the_suite_runner_finds_suites_by_name():
    result = subprocess.run([sys.executable, "-m", "ddz_fast.positions.suites", "kickers"],
                            capture_output=True, text=True, timeout=300, cwd=SUBPROCESS_CWD)
    assert result.returncode == 0 and not result.stderr, result.stderr
    lines = result.stdout.splitlines()
    assert lines and all(line.endswith("  ok") for line in lines)
    unknown = subprocess.run([sys.executable, "-m", "ddz_fast.positions.suites", "nosuch"],
                             capture_output=True, text=True, timeout=60, cwd=SUBPROCESS_CWD)
    assert unknown.returncode == 2 and "no suite 'nosuch'" in unknown.stderr
