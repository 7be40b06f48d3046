"""ddz_fast.compat.douzero: card conversions, and the drop-in MovesGener against DouZero's own.

The drop-in must list the same set of moves as DouZero's generator, method by method and for
every ``repeat_num``, on 2,400 random hands of 1..20 cards (half of them dense: trios,
airplanes, repeated wings and bombs); and DouZero's GameEnv must play the very same games with
it as without it.
"""
from __future__ import annotations

import subprocess
import sys
from typing import List

import pytest

from ddz_fast import Hand, classify, legal_moves
from ddz_fast.compat import douzero

from support.common import random_hands, sizes
from support import peers
from support.subprocesses import SUBPROCESS_CWD

pytestmark = pytest.mark.native  # the drop-in runs on the core's MoveList

SEED = 20_241_130
NUM_HANDS = 2_400
NUM_GAMES = 300
SERIAL_METHODS = ("gen_type_8_serial_single", "gen_type_9_serial_pair",
                  "gen_type_10_serial_triple", "gen_type_11_serial_3_1",
                  "gen_type_12_serial_3_2")
PLAIN_METHODS = ("gen_type_1_single", "gen_type_2_pair", "gen_type_3_triple", "gen_type_4_bomb",
                 "gen_type_5_king_bomb", "gen_type_6_3_1", "gen_type_7_3_2", "gen_type_13_4_2",
                 "gen_type_14_4_22", "gen_moves")
REPEAT_NUMS = range(-1, 14)     # below, at and above every shortest and longest chain

needs_douzero = pytest.mark.skipif(not peers.HAVE_DOUZERO,
                                   reason="douzero is not installed (or does not import)")


def as_set(moves: List[List[int]]) -> set:
    return {tuple(sorted(move)) for move in moves}


# --- conversions -------------------------------------------------------------------------------

def test_cards_round_trip_through_hands_and_moves():
    hand = Hand("3345TTJQKA22BR")
    cards = douzero.cards_of(hand)
    assert cards == [3, 3, 4, 5, 10, 10, 11, 12, 13, 14, 17, 17, 20, 30]
    assert douzero.hand_of(cards) == hand
    assert douzero.hand_of(reversed(cards)).bitboard == hand.bitboard
    assert douzero.hand_of([]) == Hand("")
    for move in classify("333444555666", rules="douzero"):
        assert douzero.cards_of(move) == [3] * 3 + [4] * 3 + [5] * 3 + [6] * 3


def test_move_of_reads_cards_as_douzero_does():
    airplane = douzero.move_of([3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6])
    assert (airplane.type, airplane.key, airplane.length) == ("airplane", 0, 4)
    assert douzero.move_of([30, 20]).type == "rocket"
    assert douzero.move_of(iter([17, 17, 17, 3])).cards == "3222"
    with pytest.raises(ValueError, match="not a move"):
        douzero.move_of([3, 4])


@pytest.mark.parametrize("cards, message", [
    ([3, 15], "15 is not a DouZero card"),
    (["3"], "'3' is not a DouZero card"),
    ([3] * 5, "5 cards of rank 3"),
    ([20, 20], "2 cards of rank black joker"),
])
def test_bad_cards_are_refused(cards, message):
    with pytest.raises(ValueError, match=message):
        douzero.hand_of(cards)
    with pytest.raises(ValueError, match=message):
        douzero.MovesGener(cards)


def test_cards_of_refuses_other_types():
    with pytest.raises(TypeError):
        douzero.cards_of("333")


def test_importing_the_module_does_not_import_douzero():
    code = ("import sys, ddz_fast.compat.douzero as d; d.MovesGener([3, 3, 3, 4]).gen_moves(); "
            "sys.exit('douzero' in sys.modules)")
    assert subprocess.run([sys.executable, "-c", code], cwd=SUBPROCESS_CWD).returncode == 0


# --- the generator -----------------------------------------------------------------------------

@pytest.fixture(scope="module")
def hands() -> List[List[int]]:
    return [douzero.cards_of(hand) for hand in random_hands(NUM_HANDS, SEED)]


@needs_douzero
def test_every_method_lists_the_moves_douzero_lists(hands):
    from douzero.env.move_generator import MovesGener

    for cards in hands:
        theirs, ours = MovesGener(list(cards)), douzero.MovesGener(list(cards))
        for name in PLAIN_METHODS:
            assert as_set(getattr(ours, name)()) == as_set(getattr(theirs, name)()), (cards, name)
        for name in SERIAL_METHODS:
            for repeat_num in REPEAT_NUMS:
                assert (as_set(getattr(ours, name)(repeat_num=repeat_num))
                        == as_set(getattr(theirs, name)(repeat_num=repeat_num))), \
                    (cards, name, repeat_num)
            assert as_set(getattr(ours, name)()) == as_set(getattr(theirs, name)())


@needs_douzero
def test_attributes_douzero_fills_are_there():
    from douzero.env.move_generator import MovesGener

    cards = [3, 3, 3, 3, 4, 4, 5, 5, 5, 9, 20, 30]
    theirs, ours = MovesGener(cards), douzero.MovesGener(cards)
    for name in ("single_card_moves", "pair_moves", "triple_cards_moves", "bomb_moves",
                 "final_bomb_moves"):
        assert as_set(getattr(ours, name)) == as_set(getattr(theirs, name)), name
    assert ours.cards_dict == theirs.cards_dict
    assert ours.cards_list is cards


def test_moves_are_fresh_sorted_lists():
    generator = douzero.MovesGener([30, 17, 5, 5, 5, 4, 3, 20])
    first = generator.gen_moves()
    assert all(move == sorted(move) for move in first)
    assert [5, 5, 5, 17] in generator.gen_type_6_3_1()
    for move in first:
        move.reverse()            # GameEnv and DouZero's move selector sort moves in place
    assert generator.gen_moves() == [sorted(move) for move in first]
    assert generator.gen_moves()[0] is not generator.gen_moves()[0]


def test_repeat_num_below_the_shortest_chain_means_every_length():
    generator = douzero.MovesGener([3, 4, 5, 6, 7, 8, 9, 9])
    every = as_set(generator.gen_type_8_serial_single())
    assert len(every) == 6
    assert as_set(generator.gen_type_8_serial_single(repeat_num=4)) == every
    assert as_set(generator.gen_type_8_serial_single(repeat_num=6)) == {(3, 4, 5, 6, 7, 8),
                                                                        (4, 5, 6, 7, 8, 9)}
    assert generator.gen_type_8_serial_single(repeat_num=8) == []


# --- DouZero's GameEnv with the drop-in --------------------------------------------------------
# peers.douzero_play deals from a seed and lets seeded random players choose among the distinct
# legal actions, sorted: the same sets of legal actions make the same games.

@needs_douzero
@pytest.mark.parametrize("games", sizes(100, NUM_GAMES))
def test_game_env_plays_the_same_games_with_the_drop_in(games):
    import douzero.env.game as game

    own = game.MovesGener
    without = [peers.douzero_play(seed) for seed in range(games)]
    with douzero.installed():
        assert game.MovesGener is douzero.MovesGener
        with_drop_in = [peers.douzero_play(seed) for seed in range(games)]
    assert game.MovesGener is own
    for seed, (a, b) in enumerate(zip(without, with_drop_in)):
        parted = next((i for i, (x, y) in enumerate(zip(a[0], b[0])) if x != y), None)
        assert a == b, f"deal {seed}: the games part at action {parted}"
    assert {winner for _, winner, _, _ in without} == {"landlord", "farmer"}


@needs_douzero
def test_install_and_uninstall():
    import douzero.env.game as game

    own = game.MovesGener
    try:
        douzero.install()
        douzero.install()                               # idempotent
        assert game.MovesGener is douzero.MovesGener and douzero.is_installed()
        with douzero.installed():                       # nested: stays installed after
            assert game.MovesGener is douzero.MovesGener
        assert game.MovesGener is douzero.MovesGener
    finally:
        douzero.uninstall()
    assert game.MovesGener is own and not douzero.is_installed()
    douzero.uninstall()                                 # a no-op when not installed
    assert game.MovesGener is own


def test_moves_of_the_drop_in_are_ddz_fast_moves():
    """The lists are the cards of ddz_fast's moves under preset douzero, move for move."""
    cards = [3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 20, 30]
    moves = legal_moves(douzero.hand_of(cards), rules="douzero")
    assert douzero.MovesGener(cards).gen_moves() == [douzero.cards_of(m) for m in moves]
