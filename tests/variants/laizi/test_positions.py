"""Positions and perft with wild cards (laizi): docs/RULES.md, "Variants" > "Laizi".

The counts of ddz_fast/positions/suites/laizi.perft come from :func:`brute_perft` below, a walk
over the play tree written from the rule book ("Play": a pass is a move when following, two passes
in a row give the lead back, the hand ends when a hand empties) whose moves at each node come from
the brute force of ``tests/support/laizi_brute.py``: every move of the action space (readings
first, then the real cards that can stand for them), kept when the hand holds its real cards and,
when following, when it beats the move to beat (``laizi_brute.beats``). It shares no code with the
library's generator, walk or play rules. One tiny position per wild-rank count is also counted by
hand (see ``HAND_COUNTED``).

Rank indices: 3=0 4=1 5=2 6=3 7=4 8=5 9=6 T=7 J=8 Q=9 K=10 A=11 2=12 B=13 R=14.
"""
from __future__ import annotations

from functools import lru_cache
from typing import List, Optional, Tuple

import numpy as np
import pytest

import ddz_fast
from ddz_fast import Move, Rules, perft
from ddz_fast.moves.notation import parse_move
from ddz_fast.positions.perft import divide
from ddz_fast.positions.suites import read_perft_suites
from ddz_fast.positions.three_player import Position

from support import laizi_brute as brute
from support.paths import SUITES_DIR

SUITE = SUITES_DIR / "laizi.perft"
SUITES = list(read_perft_suites(SUITE.read_text(encoding="utf-8").splitlines()))
#: The perft walk with wild cards is Python's in both runs (a few thousand leaves a second); in
#: the pure-Python run the lines counting more than this many leaves are slow, and every
#: position is still checked at its smaller depths.
PYTHON_SLOW_NODES = 2_000
SUITE_LINES = [pytest.param(suite, depth, nodes, id=f"laizi.perft:{suite.line}:d{depth}",
                            marks=[pytest.mark.slow] if ddz_fast.IMPLEMENTATION == "python"
                            and nodes > PYTHON_SLOW_NODES else [])
               for suite in SUITES for depth, nodes in suite.counts]

Counts = Tuple[int, ...]
Node = Tuple[Tuple[Counts, Counts, Counts], int, Optional[brute.Identity], int]


# --- the brute-force walk ----------------------------------------------------------------------

class _Space:
    """The brute force's moves of at most ``max_cards`` cards, as a count matrix for the
    containment filter."""

    def __init__(self, rules: Rules, wild: Tuple[int, ...], max_cards: int) -> None:
        self.wild = wild
        self.moves = sorted(brute.moves(brute.option_dict(rules), wild, max_cards))
        self.counts = np.array([m[3] for m in self.moves], dtype=np.int8)

    @lru_cache(maxsize=None)
    def held(self, hand: Counts) -> Tuple[brute.Identity, ...]:
        """The moves whose real cards the hand holds."""
        fits = np.all(self.counts <= np.array(hand, dtype=np.int8), axis=1)
        return tuple(self.moves[i] for i in np.flatnonzero(fits))


@lru_cache(maxsize=None)
def _space(rules: Rules, wild: Tuple[int, ...], max_cards: int) -> _Space:
    return _Space(rules, wild, max_cards)


def brute_perft(space: _Space, node: Node, depth: int) -> int:
    """Leaves of the play tree below ``node`` (hands, player, move to beat, passes) at
    ``depth``, from the rule book's play rules and the brute force's moves."""
    hands, player, prev, passes = node
    if depth == 0 or not all(sum(hand) for hand in hands):
        return 1
    following = (player + 1) % 3
    nodes = 0
    if prev is not None:    # the pass; the second in a row gives the lead to the last player
        after_pass = (hands, following, None, 0) if passes == 1 else \
            (hands, following, prev, passes + 1)
        nodes += brute_perft(space, after_pass, depth - 1)
    for move in space.held(hands[player]):
        if prev is not None and not brute.beats(move, prev, space.wild):
            continue
        left = tuple(have - used for have, used in zip(hands[player], move[3]))
        children = tuple(left if seat == player else hands[seat] for seat in range(3))
        nodes += brute_perft(space, (children, following, move, 0), depth - 1)
    return nodes


def brute_count(position: Position, rules: Rules, depth: int) -> int:
    """:func:`brute_perft` of a position (its moves: those of at most its largest hand)."""
    space = _space(rules, position.wild, max(len(hand) for hand in position.hands))
    prev = None if position.prev is None else identity(position.prev)
    hands = tuple(hand.counts for hand in position.hands)
    return brute_perft(space, (hands, position.to_move, prev, position.passes), depth)


def identity(move: Move) -> brute.Identity:
    return move.type, move.key, move.length, move.counts


# --- the suite ---------------------------------------------------------------------------------

def test_the_suite_has_one_and_two_wild_ranks_leading_and_following():
    assert {len(s.position.wild) for s in SUITES} == {1, 2}
    assert {s.rules.laizi for s in SUITES} == {1, 2}
    assert any(s.position.prev is not None and s.position.passes == 1 for s in SUITES)
    assert any(s.position.prev is not None and s.position.prev.reading != s.position.prev.counts
               for s in SUITES)         # a move to beat read with wild cards


@pytest.mark.parametrize("suite, depth, nodes", SUITE_LINES)
def test_suite_counts_are_the_brute_force_walks(suite, depth, nodes):
    assert brute_count(suite.position, suite.rules, depth) == nodes


@pytest.mark.parametrize("suite, depth, nodes", SUITE_LINES)
def test_perft_counts_the_suite_with_the_public_api_and_the_reference(suite, depth, nodes):
    assert perft(suite.position, depth, rules=suite.rules) == nodes
    assert perft(suite.position, depth, rules=suite.rules, implementation="python") == nodes


# "55/6/4 0 0 - 0 w=5" (laizi): seat 0 holds two wild 5s, seat 1 a 6, seat 2 a 4.
# Depth 1: seat 0 leads the solo 5 (a wild alone is its own rank) or the pair 55 read as any
#   rank 3..2 (13 pairs, never jokers): 14.
# Depth 2: each pair empties the hand (13 leaves); after the solo 5, seat 1 passes or plays
#   its 6: 13 + 2 = 15.
# Depth 3: the 6 empties seat 1 (a leaf); after seat 1's pass, seat 2's 4 cannot beat the 5,
#   so it only passes: 13 + 1 + 1 = 15.
# Depth 4: after two passes seat 0 leads its last 5, emptying its hand: 13 + 1 + 1 = 15.
#
# "57/6/4 0 0 - 0 w=57" (tiandi laizi): seat 0 holds a wild 5 and a wild 7.
# Depth 1: the solo 5, the solo 7, and the pair 57 read as any rank 3..2 (13): 15.
# Depth 2: 13 pairs end the hand; on the 5 seat 1 passes or plays 6 (2), on the 7 it passes
#   (1): 13 + 2 + 1 = 16.
# Depth 3: 5-6 is a leaf; 5-pass and 7-pass: seat 2's 4 beats neither, it passes (1 each):
#   13 + 1 + 1 + 1 = 16.
# Depth 4: after the two passes seat 0 leads its last card and the hand ends: 16.
HAND_COUNTED = [
    ("laizi", "55/6/4 0 0 - 0 w=5", {1: 14, 2: 15, 3: 15, 4: 15}),
    ("tiandi_laizi", "57/6/4 0 0 - 0 w=57", {1: 15, 2: 16, 3: 16, 4: 16}),
]


@pytest.mark.parametrize("preset, text, counts", HAND_COUNTED)
def test_tiny_positions_counted_by_hand(preset, text, counts):
    position = Position.parse(text)
    for depth, nodes in counts.items():
        assert perft(position, depth, rules=preset) == nodes, depth
        assert brute_count(position, Rules.preset(preset), depth) == nodes, depth


def test_the_hand_counted_positions_are_suite_lines():
    lines = {(s.rules, str(s.position), d, n) for s in SUITES for d, n in s.counts}
    for preset, text, counts in HAND_COUNTED:
        for depth, nodes in counts.items():
            assert (Rules.preset(preset), text, depth, nodes) in lines


@pytest.mark.parametrize("suite", SUITES, ids=[str(s.position) for s in SUITES])
def test_divide_adds_up_to_perft_and_each_subtree_is_a_played_position(suite):
    depth = min(3, max(d for d, _ in suite.counts))
    split = divide(suite.position, depth, rules=suite.rules)
    assert list(split) == suite.position.legal_actions(suite.rules)
    assert sum(split.values()) == perft(suite.position, depth, rules=suite.rules)
    for move, nodes in split.items():
        child = suite.position.play(move, suite.rules)
        assert child.wild == suite.position.wild
        assert perft(child, depth - 1, rules=suite.rules, implementation="python") == nodes


# --- positions with wild ranks: notation, play, checks -----------------------------------------

@pytest.mark.parametrize("text", [
    "44/3335/6677 0 2 3335=3333 0 w=5",
    "4A2/3TJJ/99TT 0 1 88T 0 w=T",
    "3/4/6 0 0 - 0 w=5T",
    "45Q/369/3QKK 1 2 6Q 1 w=3Q",
])
def test_notation_with_wild_ranks_round_trips(text):
    position = Position.parse(text)
    assert str(position) == text and Position.parse(str(position)) == position


def test_the_wild_field_names_rank_letters_low_to_high_and_five_fields_stay_plain():
    position = Position.parse("3/4/6 0 0 - 0 w=T5")
    assert position.wild == (2, 7) and str(position) == "3/4/6 0 0 - 0 w=5T"
    plain = Position.parse("33445566/789TJ/QKA2B 0 1 KK 0")
    assert plain.wild is None and str(plain) == "33445566/789TJ/QKA2B 0 1 KK 0"
    assert plain == Position(("33445566", "789TJ", "QKA2B"), 0, 1, parse_move("KK"))
    assert Position(("3", "4", "6"), 0, 0, wild="5T") == position
    assert Position(("3", "4", "6"), 0, 0, wild=(7, 2)) == position
    assert position != Position(("3", "4", "6"), 0, 0)
    assert len({position, Position.parse("3/4/6 0 0 - 0 w=5T"),
                Position.parse("3/4/6 0 0 - 0")}) == 2


def test_the_move_to_beat_is_written_with_its_reading_where_it_reads_several_ways():
    # 3335 with 5 wild reads as the trio + solo 333+5 and the soft bomb 3333.
    trio_solo, bomb = ddz_fast.classify("3335", rules="laizi", wild="5")
    assert (trio_solo.type, bomb.type) == ("trio_solo", "bomb")
    for move, text in ((trio_solo, "3335=333"), (bomb, "3335=3333")):
        position = Position(("44", "66", "77"), 0, 1, move, wild="5")
        assert str(position) == f"44/66/77 0 1 {text} 0 w=5"
        assert Position.parse(str(position)).prev == move


def test_play_keeps_the_wild_ranks_and_takes_the_real_cards():
    position = Position.parse("3555/66/78 0 0 - 0 w=5")
    bomb = parse_move("3555=3333", rules="laizi", wild="5")
    after = position.play(bomb, "laizi")
    assert str(after) == "-/66/78 0 1 3555=3333 0 w=5" and after.is_over
    pair = parse_move("55=88", rules="laizi", wild="5")
    after = position.play(pair, "laizi")
    assert str(after) == "35/66/78 0 1 55=88 0 w=5"
    # 66 cannot beat a pair of 8s; 78 holds no pair: both pass.
    assert after.legal_actions("laizi") == [Move.PASS]
    with pytest.raises(ValueError, match="not a legal action"):
        position.play(parse_move("55=88", rules="laizi", wild="5"), "laizi").play(
            parse_move("66"), "laizi")


@pytest.mark.parametrize("call, kind, pattern", [
    (lambda: Position.parse("3/4/5 0 0 - 0 w=5").legal_actions(), ValueError,
     "without wild cards"),
    (lambda: Position.parse("3/4/6 0 0 - 0").legal_actions("laizi"), ValueError,
     "name them with wild="),
    (lambda: perft(Position.parse("3/4/6 0 0 - 0 w=5"), 1, rules="tiandi_laizi"), ValueError,
     "have 2 wild rank"),
    (lambda: perft(Position.parse("3/4/6 0 0 - 0 w=5T"), 0, rules="laizi"), ValueError,
     "have 1 wild rank"),
    (lambda: divide(Position.parse("3/4/6 0 0 - 0 w=5"), 1), ValueError, "without wild cards"),
    (lambda: Position.parse("3/4/6 0 0 - 0 w=5").play(parse_move("3"), "standard"), ValueError,
     "without wild cards"),
    (lambda: Position.parse("3/4/6 0 0 - 0 w="), ValueError, "names no rank"),
    (lambda: Position.parse("3/4/6 0 0 - 0 w=B"), ValueError, "joker"),
    (lambda: Position.parse("3/4/6 0 0 - 0 w=55"), ValueError, "distinct"),
    (lambda: Position.parse("3/4/6 0 0 - 0 x=5"), ValueError, "5 fields"),
    (lambda: Position(("3", "4", "6"), 0, 0, wild=2.5), TypeError, "wild must be"),
    (lambda: Position(("3", "4", "6"), 0, 0, wild="B"), ValueError, "joker"),
    # A move read with wild cards needs the position's wild ranks.
    (lambda: Position(("3", "4", "6"), 0, 1, parse_move("55=22", "laizi", wild="5")),
     ValueError, "read with wild cards"),
    # 55 read as 22 is no move when 7, not 5, is wild.
    (lambda: Position(("3", "4", "6"), 0, 1, parse_move("55=22", "laizi", wild="5"),
                      wild="7").legal_actions("laizi"), ValueError, "not a legal move"),
    (lambda: perft(Position(("3", "4", "6"), 0, 1, parse_move("55=22", "laizi", wild="5"),
                            wild="7"), 0, rules="laizi"), ValueError, "not a legal move"),
])
def test_wild_ranks_and_rules_must_agree(call, kind, pattern):
    with pytest.raises(kind, match=pattern):
        call()


def test_wild_ranks_changed_behind_the_constructor_are_checked_again():
    position = Position.parse("55/6/4 0 0 - 0 w=5")
    object.__setattr__(position, "wild", (13,))        # a joker cannot be wild
    with pytest.raises(ValueError, match="no valid position: a joker"):
        perft(position, 1, rules="laizi")
    object.__setattr__(position, "wild", None)
    with pytest.raises(ValueError, match="name them with wild="):
        perft(position, 1, rules="laizi")


def test_a_generator_given_is_called_with_the_wild_ranks():
    seen: List[object] = []

    def generate(hand, prev=None, *, rules=None, wild=None):
        seen.append(wild)
        return ddz_fast.legal_moves(hand, prev, rules=rules, wild=wild)

    position = Position.parse("55/6/4 0 0 - 0 w=5")
    assert perft(position, 2, rules="laizi", implementation=generate) == 15
    assert seen and set(seen) == {(2,)}


# --- the native core plays wild cards under rules with them only ------------------------------

NATIVE_COUNTS = [
    lambda p, r: perft(p, 1, rules=r, implementation="native"),
    lambda p, r: ddz_fast.perft_native(p, 1, rules=r),
    lambda p, r: ddz_fast.perft_native(p, 0, rules=r),
    lambda p, r: divide(p, 1, rules=r, implementation="native"),
    lambda p, r: ddz_fast.play_out(p, 1, rules=r),
    lambda p, r: ddz_fast.solve(p, rules=r),
]


@pytest.mark.native
@pytest.mark.parametrize("call", NATIVE_COUNTS, ids=["perft", "perft_native",
                                                     "perft_native_depth_0", "divide",
                                                     "play_out", "solve"])
def test_the_native_core_refuses_wild_ranks_under_plain_rules(call):
    # perft, divide, the rollout and the solver play wild cards under laizi rules only (plain
    # rules given a position with wild ranks are a mismatch): never played as a plain position.
    with pytest.raises(ValueError, match=r"play without wild cards"):
        call(Position.parse("3/4/6 0 0 - 0 w=5"), "standard")


@pytest.mark.native
def test_the_native_count_plays_wild_cards():
    # "3/4/6 0 0 - 0 w=5": seat 0's 3 is the only move and empties its hand: one leaf.
    position = Position.parse("3/4/6 0 0 - 0 w=5")
    for call in NATIVE_COUNTS[:3]:
        assert call(position, "laizi") == 1
    assert divide(position, 1, rules="laizi", implementation="native") == {parse_move("3"): 1}
    assert ddz_fast.play_out(position, 1, rules="laizi") == (0, True, 0, 1, (1, 0, 0))


@pytest.mark.native
def test_legal_actions_refuse_the_native_generator_with_wild_cards():
    position = Position.parse("55/6/4 0 0 - 0 w=5")
    with pytest.raises(ValueError, match=r"native implementation cannot play wild cards"):
        position.legal_actions("laizi", implementation="native")
    assert len(position.legal_actions("laizi", implementation="python")) == 14

