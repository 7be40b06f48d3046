"""The native perft of the four-player table (perft_native of a FourPlayerPosition) against the
Python walk of ddz_fast.positions.perft.perft.

Expected counts come from outside the native walk: the hand counts of
tests/variants/four_player/test_positions.py (derivations restated below), the Python walk over the
pure-Python reference generator (``implementation="python"``), and, on hundreds of positions of
random four-player hands, the Python walk over the public generator (and over the reference
where its tree is small enough for test time). The arguments are checked as the Python walk
checks them, with the same errors.
"""
from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
import time

import pytest

from ddz_fast import Game, Position, Rules, divide, perft, perft_native
from ddz_fast.cli.main import main
from ddz_fast.moves.notation import parse_move
from ddz_fast.positions.four_player import FourPlayerPosition
from support.common import raised, sizes, tampered
from support.subprocesses import SUBPROCESS_CWD, default_sigint

pytestmark = pytest.mark.native  # the native perft

pytestmark = pytest.mark.native

FOUR = Rules.preset("four_player")
# Seat 0 leads from 33, the others hold a 4, a 5 and a 6. Its leads: 3 and 33 (33 empties the
# hand: a leaf). After 3: seat 1 passes or plays 4 (a leaf); after a pass seat 2 passes or plays
# 5 (a leaf); after two passes seat 3 passes or plays 6 (a leaf); after three passes the lead is
# seat 0's again, whose only move, 3, ends the hand. Leaves at each depth: 1: {3, 33} = 2;
# 2: 33, 3-P, 3-4 = 3; 3: 33, 3-4, 3-P-P, 3-P-5 = 4; 4: 33, 3-4, 3-P-5, 3-P-P-P, 3-P-P-6 = 5;
# 5 and deeper: the same five, 3-P-P-P then leading its last 3 = 5.
LEAD_COMES_BACK = "33/4/5/6 0 0 - 0"
HAND_COUNTS = [1, 2, 3, 4, 5, 5, 5]
# Divided by the first lead (the same derivation): at depth 3, 3 has the leaves 3-4, 3-P-P and
# 3-P-5 below it and 33 is one leaf; at depth 5, 3 has 3-4, 3-P-5, 3-P-P-6 and 3-P-P-P-3.
HAND_DIVIDES = {3: {"3": 3, "33": 1}, 5: {"3": 4, "33": 1}}
# The positions tests/variants/four_player/test_positions.py counts by a brute force from first
# principles, with their depths; and the notation's example, seat 2 beating a pair of kings.
SMALL_POSITIONS = [("3344BB/5566RR/77788/9TJQK 0 0 - 0", 4),
                   ("33333/444445/BBRR6/7777 2 1 66 1", 5),
                   ("33445566/789TJ/QKA2B/88888 0 2 KK 0", 4)]
# Four-player rule sets of the random positions: the preset, two against two, and move options
# that change what the generator lists on two-deck words (wings, kickers, four + two).
RULE_SETS = [FOUR, FOUR.replace(sides="partner"), FOUR.replace(rocket_in_kickers=False),
             FOUR.replace(solo_wing_max_copies=2),
             FOUR.replace(four_two=False, trio_wing_next_to_chain=False)]
# The reference walk is a hundred times slower than the walk over the public generator: it
# recounts the trees of at most this many leaves.
REFERENCE_LEAVES = 150


def test_the_hand_counted_tree_where_the_lead_comes_back():
    position = FourPlayerPosition.parse(LEAD_COMES_BACK)
    assert [perft_native(position, depth) for depth in range(7)] == HAND_COUNTS
    assert [perft(position, depth, implementation="native") for depth in range(7)] == \
        HAND_COUNTS
    assert perft_native(position, 10 ** 12) == 5        # a finished hand ends every line


@pytest.mark.parametrize("depth", sorted(HAND_DIVIDES))
def test_every_divide_entry_of_the_hand_counts(depth):
    position = FourPlayerPosition.parse(LEAD_COMES_BACK)
    expected = {parse_move(cards): leaves for cards, leaves in HAND_DIVIDES[depth].items()}
    assert divide(position, depth, implementation="native") == expected
    for move, leaves in expected.items():
        assert perft_native(position.play(move), depth - 1) == leaves


@pytest.mark.parametrize("text, depth", SMALL_POSITIONS)
def test_small_positions_against_the_reference_walk_at_every_depth(text, depth):
    position = FourPlayerPosition.parse(text)
    for below in range(depth + 1):
        assert perft_native(position, below) == \
            perft(position, below, implementation="python")
    split = divide(position, depth, implementation="python")
    assert divide(position, depth, implementation="native") == split
    for move, leaves in split.items():      # each entry counted natively on its own
        assert perft_native(position.play(move), depth - 1) == leaves


def random_positions(rng: random.Random, rules: Rules, seed: int, share: float):
    """Positions of the play phase met in one random hand of ``Game(rules)``."""
    state = Game(rules).new_state(seed=seed)
    while not state.is_over:
        if state.phase == "play" and rng.random() < share:
            yield state.position()
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("hands", sizes(15, 30))
def test_random_play_positions_under_every_rule_set(hands):
    # The positions of 15 hands (three of each rule set) in the default run, of 30 in the slow
    # step; the counts asserted below are those of 30 hands, scaled.
    rng = random.Random(41)
    seen = {"lead": 0, 0: 0, 1: 0, 2: 0}
    per_rules = {rules: 0 for rules in RULE_SETS}
    by_reference = 0
    for seed in range(hands):
        rules = RULE_SETS[seed % len(RULE_SETS)]
        for position in random_positions(rng, rules, seed, 0.12):
            depth = rng.randint(1, 4)
            walked = perft(position, depth, rules=rules)
            assert perft_native(position, depth, rules=rules) == walked, \
                (str(position), depth, rules)
            if walked <= REFERENCE_LEAVES:
                assert perft(position, depth, rules=rules,
                                            implementation="python") == walked
                by_reference += 1
            seen["lead" if position.prev is None else position.passes] += 1
            per_rules[rules] += 1
    assert sum(per_rules.values()) >= 20 * hands // 3 and min(per_rules.values()) >= hands, \
        per_rules
    # Leading, and 0, 1 and 2 passes after a move:
    assert min(seen.values()) >= 2 * hands // 3, seen
    assert by_reference >= 10 * hands // 3


def test_full_deals_at_depth_three():
    # The first lead of a dealt hand (33 cards against three of 25): the widest trees.
    for seed, rules in enumerate(RULE_SETS):
        state = Game(rules).new_state(seed=seed)
        while state.phase != "play":
            state.apply(state.legal_actions()[-1])
        position = state.position()
        assert perft_native(position, 3, rules=rules) == \
            perft(position, 3, rules=rules)


def test_the_command_line_counts_natively_and_in_python_alike(capsys):
    text, depth = SMALL_POSITIONS[0]
    expected = perft(FourPlayerPosition.parse(text), depth, implementation="python")
    counts = {}
    for implementation in ("native", "python"):
        assert main(["perft", text, str(depth), "--rules", "four_player", "--implementation",
                     implementation, "--seconds", "0.01", "--json"]) == 0
        report = json.loads(capsys.readouterr().out)
        assert report["implementation"] == implementation
        counts[implementation] = report["nodes"]
    assert counts == {"native": expected, "python": expected}
    assert main(["perft", LEAD_COMES_BACK, "5", "--rules", "four_player", "--divide",
                 "--seconds", "0.01"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[:2] == ["3: 4", "33: 1"]
    assert lines[2] == "perft 5: 5 nodes (native, four_player rules)"


def test_arguments_are_checked_like_the_python_walk():
    legal = FourPlayerPosition.parse("333345/6/7/8 0 1 333345 0")
    no_four_two = FOUR.replace(four_two=False)
    cases = [(legal, -1, None), (legal, 1.0, None), (legal, True, None), (legal, "2", None),
             (legal, 1, "standard"), (legal, 1, "no_kitty"), (legal, 1, "turbo"),
             (legal, 1, 7), (legal, 1, no_four_two),     # four + two is no move there
             (tampered(legal, to_move=4), 1, None), (tampered(legal, passes=3), 1, None),
             (tampered(legal, hands=legal.hands[:3]), 1, None),
             (tampered(legal, prev="KK"), 1, None)]
    for position, depth, rules in cases:
        named = rules if rules is not None else "four_player"
        errors = [raised(lambda: count(position, depth, rules=named))
                  for count in (perft_native, perft,
                                lambda p, d, rules: perft(p, d, rules=rules,
                                                          implementation="native"))]
        assert errors[0] == errors[1] == errors[2], (str(position), depth, rules, errors)
    # As in the Python walk, the move to beat is judged only where moves are generated.
    assert perft_native(legal, 0, rules=no_four_two) == 1
    over = FourPlayerPosition.parse("-/6/7/8 0 1 333345 0")
    assert perft_native(over, 3, rules=no_four_two) == 1
    assert perft_native(legal, 2) == perft(legal, 2)


def test_what_is_no_four_player_position_is_refused_as_at_three_seats():
    # Anything but a FourPlayerPosition goes the three-seat way, with its errors.
    with pytest.raises(ValueError, match="three players with one deck, not the 4-player"):
        perft_native(Position.parse("3/4/5 0 0 - 0"), 1, rules="four_player")
    with pytest.raises(TypeError, match="position must be a Position, not str"):
        perft_native(LEAD_COMES_BACK, 1, rules="four_player")


def test_the_kernel_checks_its_words_again():
    from ddz_fast.positions import _perft   # compiled only: imported where the core is built
    hands = tuple(FourPlayerPosition.parse("33/4/5/6 0 0 - 0").hands)
    counts = tuple(h.counts for h in hands)
    nine = ((9,) + counts[0][1:],) + counts[1:]
    pair_word = FourPlayerPosition.parse("33/4/5/6 0 1 KK 0").prev.word
    for args, message in (((counts[:3], 0, 0, 0, 0), "four hands"),
                          ((counts, 4, 0, 0, 0), "to_move must be a seat"),
                          ((counts, 0, 0, 0, 1), "passes must be"),
                          ((nine, 0, 0, 0, 0), "holds 9 cards"),
                          ((counts, 1, 0x22, 1 << 63, 0), "no two-deck move word"),
                          ((counts, 1, pair_word, 0, 0), "no two-deck move word")):
        with pytest.raises(ValueError, match=message):
            _perft._perft_four_player(*args, 3, FOUR)
    with pytest.raises(ValueError, match="deck"):
        _perft._perft_four_player(counts, 0, 0, 0, 0, 3, Rules())


def test_a_deep_count_stops_on_ctrl_c():
    # The first lead of a dealt hand at depth 60: far more nodes than any test could wait for.
    script = ("import ddz_fast\n"
              "state = ddz_fast.Game('four_player').new_state(seed=3)\n"
              "while state.phase != 'play':\n"
              "    state.apply(state.legal_actions()[-1])\n"
              "position = state.position()\n"
              "print('go', flush=True)\n"
              "ddz_fast.perft_native(position, 60)\n")
    process = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, cwd=SUBPROCESS_CWD,
                               preexec_fn=default_sigint)
    try:
        assert process.stdout.readline() == "go\n"
        time.sleep(0.5)
        started = time.perf_counter()
        process.send_signal(signal.SIGINT)
        _, stderr = process.communicate(timeout=30)
    finally:
        process.kill()
        process.wait()
    assert process.returncode != 0 and "KeyboardInterrupt" in stderr, stderr
    assert time.perf_counter() - started < 10
