"""The native perft (ddz_fast.positions.rollouts.perft_native) against the counts of the reference.

Every line of the suites is checked: the ``*.perft`` files shipped in ddz_fast/positions/suites/
(which tests/positions/test_perft.py also walks in Python) and ``deep.txt``, whose millions of
nodes only the native count gets through in test time. All of those counts were made by
ddz_fast.reference.moves. The suite with wild cards (laizi.perft), whose counts come from the
brute-force walk of tests/variants/laizi/test_positions.py, is counted by the native walk over the
laizi generator, and positions of random hands with wild cards are counted by it and by the Python
walk.
"""
from __future__ import annotations

import random

import pytest

from ddz_fast import Game, Hand, divide, perft, perft_native
from ddz_fast.moves.notation import format_move, parse_move
from ddz_fast.positions.suites import read_perft_suites
from ddz_fast.positions.three_player import Position
from support.common import raised, sizes
from support.paths import PERFT_DIR, SUITES_DIR

pytestmark = pytest.mark.native  # the native perft

SUITE_DIR = SUITES_DIR
SUITE_FILES = sorted(SUITE_DIR.glob("*.perft")) + [PERFT_DIR / "deep.txt"]
SUITES = [(path.name, suite) for path in SUITE_FILES
          for suite in read_perft_suites(path.read_text(encoding="utf-8").splitlines())
          if not suite.rules.laizi]
LAIZI_LINES = [(suite, depth, nodes) for suite in read_perft_suites(
    (SUITE_DIR / "laizi.perft").read_text(encoding="utf-8").splitlines())
    for depth, nodes in suite.counts]
SUITE_LINES = [(name, suite, depth, nodes) for name, suite in SUITES
               for depth, nodes in suite.counts]


def test_the_suites_go_deep():
    deep = {str(suite.position) for _, suite in SUITES if max(d for d, _ in suite.counts) >= 4}
    assert len(deep) >= 5
    assert max(nodes for _, _, _, nodes in SUITE_LINES) >= 1_000_000
    assert sum(name == "deep.txt" for name, _ in SUITES) >= 4


def native_divide(suite, depth: int) -> str:
    """Per first action: the native count below it and the Python walk's."""
    lines = []
    for move in suite.position.legal_actions(suite.rules):
        child = suite.position.play(move, suite.rules)
        native = perft_native(child, depth - 1, rules=suite.rules)
        walked = perft(child, depth - 1, rules=suite.rules) if depth <= 4 else "-"
        lines.append(f"{format_move(move):<24} {native:>12} {walked:>12}")
    return "\n".join(lines)


@pytest.mark.parametrize("name, suite, depth, nodes", SUITE_LINES,
                         ids=[f"{n}:{s.line}:d{d}" for n, s, d, _ in SUITE_LINES])
def test_native_perft_suite_line(name, suite, depth, nodes):
    counted = perft_native(suite.position, depth, rules=suite.rules)
    if counted != nodes:
        print(f"{name} line {suite.line}: {suite.position} ({suite.rules!r}) "
              f"native perft {depth} = {counted}, expected {nodes}")
        print(native_divide(suite, depth))
    assert counted == nodes


def test_native_perft_is_a_perft_implementation():
    position = Position.parse("334455TTJ/6789JQK2/AA22BR99 0 0 - 0")
    assert perft(position, 6, implementation="native") == perft_native(position, 6) == 6290
    assert perft_native(position, 0) == 1


def test_the_python_walk_agrees_on_random_game_positions():
    rng = random.Random(23)
    checked = 0
    for seed in range(10):
        preset = ("standard", "rlcard", "openspiel", "douzero", "botzone")[seed % 5]
        state = Game(preset).new_state(seed=seed)
        while not state.is_over:
            if state.phase == "play" and rng.random() < 0.1:
                position = state.position()
                assert perft_native(position, 3, rules=preset) == \
                    perft(position, 3, rules=preset)
                checked += 1
            state.apply(rng.choice(state.legal_actions()))
    assert checked > 20


def test_finished_hands_are_leaves_and_depth_is_unbounded():
    over = Position(["", "4", "5"], 0, 1, parse_move("3"), 0)
    assert perft_native(over, 0) == perft_native(over, 10 ** 12) == 1
    endgame = Position.parse("3334/45/5BR 0 0 - 0")
    full_tree = perft(endgame, 60)
    assert perft_native(endgame, 60) == perft_native(endgame, 10 ** 12) == full_tree
    assert perft_native(Position(["3", "4", "5"], 0, 0), 3) == 1  # the first card ends it


def test_arguments_are_checked_like_the_python_perft():
    legal = Position([Hand("3"), Hand("4"), Hand("5")], 0, 1, parse_move("6"), 0)
    cases = [(legal, -1, None), (legal, 1.0, None), (legal, True, None),
             ("3/4/5 0 0 - 0", 1, None), (legal, 1, "turbo"), (legal, 1, 7),
             # four + two does not exist under openspiel: an illegal move to beat
             (Position(["6", "7", "8"], 0, 1, parse_move("333345"), 0), 1, "openspiel")]
    for position, depth, rules in cases:
        errors = [raised(lambda: count(position, depth, rules=rules))
                  for count in (perft_native, perft)]
        assert errors[0] == errors[1]
    # As in the Python walk, the move to beat is only judged where moves are generated.
    unchecked = Position(["6", "7", "8"], 0, 1, parse_move("333345"), 0)
    assert perft_native(unchecked, 0, rules="openspiel") == 1
    assert perft_native(unchecked, 2) == perft(unchecked, 2) == 1  # pass, pass


def test_native_divide_equals_the_reference_divide():
    position = Position.parse("33445566/789TJ/QKA2B 0 1 KK 0")
    for depth in (1, 3, 5):
        assert (divide(position, depth, implementation="native")
                == divide(position, depth, implementation="python"))


# --- wild cards (laizi) --------------------------------------------------------------------------

@pytest.mark.parametrize("suite, depth, nodes", LAIZI_LINES,
                         ids=[f"laizi.perft:{s.line}:d{d}" for s, d, _ in LAIZI_LINES])
def test_native_perft_counts_the_laizi_suite(suite, depth, nodes):
    assert perft_native(suite.position, depth, rules=suite.rules) == nodes
    assert perft(suite.position, depth, rules=suite.rules, implementation="native") == nodes


def test_the_laizi_suite_is_counted_natively_in_full():
    assert {s.rules.laizi for s, _, _ in LAIZI_LINES} == {1, 2}
    assert len(LAIZI_LINES) >= 30 and max(n for _, _, n in LAIZI_LINES) >= 2_000


@pytest.mark.parametrize("hands", sizes(5, 8))
def test_the_python_walk_agrees_with_wild_cards_on_random_game_positions(hands):
    # Positions met in random hands of the engine with wild cards (one and two wild ranks,
    # leading and following), counted by the Python walk over the public generator and
    # natively: depth 4 once the hands are small, depth 3 before. The 5 hands of the default
    # run (seeds 0..4) hold 40 positions of every kind; the widest trees, where most of the
    # time goes, come with seeds 5 and 7, which the slow step adds.
    rng = random.Random(5)
    checked = 0
    for seed in range(hands):
        preset = ("laizi", "tiandi_laizi")[seed % 2]
        state = Game(preset).new_state(seed=seed)
        while not state.is_over:
            if state.phase == "play" and rng.random() < 0.15:
                position = state.position()
                depth = 4 if sum(len(h) for h in position.hands) <= 24 else 3
                assert position.wild and perft_native(position, depth, rules=preset) == \
                    perft(position, depth, rules=preset), str(position)
                checked += 1
            state.apply(rng.choice(state.legal_actions()))
    assert checked > 20


def test_native_divide_with_wild_cards_equals_the_python_divide():
    position = Position.parse("4467/5888/JJQQK 1 1 3555=3333 0 w=5")
    for depth in (1, 3, 5):
        assert (divide(position, depth, rules="laizi", implementation="native")
                == divide(position, depth, rules="laizi", implementation="python"))


def test_wild_ranks_and_rules_are_checked_as_the_python_perft_checks_them():
    wild = Position.parse("3/4/6 0 0 - 0 w=5")
    tiandi = Position.parse("3/4/6 0 0 - 0 w=5T")
    plain = Position.parse("3/4/6 0 0 - 0")
    illegal = Position(("3", "4", "6"), 0, 1, parse_move("55=22", "laizi", wild="5"), wild="7")
    cases = [(wild, 1, None), (wild, 0, "standard"), (wild, 1, "tiandi_laizi"),
             (tiandi, 1, "laizi"), (plain, 1, "laizi"), (illegal, 0, "laizi"),
             (wild, -1, "laizi")]
    for position, depth, rules in cases:
        errors = [raised(lambda: count(position, depth, rules=rules))
                  for count in (perft_native, perft)]
        assert errors[0] == errors[1], (str(position), depth, rules)
    assert perft_native(wild, 0, rules="laizi") == 1
    assert perft_native(Position.parse("-/4/6 0 1 - 0 w=5"), 9, rules="laizi") == 1
