"""Move(), Hand() and the Moves of a MoveList through the compiled core's fast paths.

``Move(type, key, length, counts)``, ``Hand(counts)`` and ``Hand.from_bitboard`` try a native
check of plain arguments first and fall back to their Python checks (which classify the cards
with the reference). Every test here runs the same arguments both ways, the fast path switched
off by putting back the pure-Python hook, and wants the same object or the same error.
"""
from __future__ import annotations

import random
from contextlib import contextmanager
from typing import Any, Callable, Iterator

import numpy as np
import pytest

import ddz_fast.hand as hand_module
import ddz_fast.move as move_module
from ddz_fast import Hand, Move, legal_moves
from ddz_fast.reference import moves as reference
from ddz_fast.cards import NUM_RANKS
from ddz_fast.move import MOVE_TYPES

from support.common import random_hands

pytestmark = pytest.mark.native


@contextmanager
def python_checks_only() -> Iterator[None]:
    """Switch the native fast paths off: Move() and Hand() run their Python checks alone."""
    saved = move_module._fill_plain, hand_module._fill_plain, hand_module._fill_word
    move_module._fill_plain = move_module._no_fast_path
    hand_module._fill_plain = hand_module._fill_word = hand_module._no_fast_path
    try:
        yield
    finally:
        move_module._fill_plain, hand_module._fill_plain, hand_module._fill_word = saved


def outcome(make: Callable[[], Any]) -> Any:
    """What a constructor gives: the fields of the object, or the exception's type and text."""
    try:
        made = make()
    except (TypeError, ValueError) as error:
        return type(error), str(error)
    if isinstance(made, Move):
        return made.type, made.key, made.length, made.counts, made.word
    return made.counts, made.bitboard


def both_ways(make: Callable[[], Any]) -> Any:
    fast = outcome(make)
    with python_checks_only():
        slow = outcome(make)
    assert fast == slow
    return fast


def test_the_fast_paths_are_installed():
    assert move_module._fill_plain is not move_module._no_fast_path
    assert hand_module._fill_plain is not hand_module._no_fast_path


def test_every_move_of_the_widest_rules_is_made_as_it_is():
    # The reference's action space under the widest preset is every move there is.
    for move in reference.action_space("douzero"):
        made = Move(move.type, move.key, move.length, move.counts)
        assert (made.type, made.key, made.length, made.counts, made.word) == (
            move.type, move.key, move.length, move.counts, move.word)


def _nudged(rng: random.Random, move: Move) -> tuple:
    """The arguments of ``move`` with one of them changed a little (mostly no move at all)."""
    type_, key, length, counts = move.type, move.key, move.length, list(move.counts)
    change = rng.randrange(5)
    if change == 0:
        type_ = rng.choice(MOVE_TYPES)
    elif change == 1:
        key = rng.randrange(-1, NUM_RANKS + 1)
    elif change == 2:
        length = rng.randrange(-1, 14)
    elif change == 3:
        rank = rng.randrange(NUM_RANKS)
        counts[rank] = max(0, counts[rank] + rng.choice((-1, 1, 2)))
    else:
        counts[rng.randrange(NUM_RANKS)] = rng.choice((-1, 5, 2, 1.0, True, "1"))
    return type_, key, length, tuple(counts) if rng.random() < 0.5 else counts


def test_changed_arguments_give_the_python_checks_answer():
    rng = random.Random(11)
    space = reference.action_space("douzero")
    accepted = 0
    for _ in range(600):
        arguments = _nudged(rng, rng.choice(space))
        accepted += isinstance(both_ways(lambda: Move(*arguments))[0], str)
    assert 0 < accepted < 600     # both kinds of answer were compared


@pytest.mark.parametrize("arguments", [
    ("pass", 0, 0, (0,) * 15), ("pass", 0, 1, (0,) * 15), ("pass", 1, 0, (0,) * 15),
    ("solo", 0, 1, [1] + [0] * 14), ("solo", 0, 1, np.array([1] + [0] * 14)),
    ("solo", np.int64(0), 1, (1,) + (0,) * 14), ("solo", True, 1, (0, 1) + (0,) * 13),
    ("solo", 0, 1, (1,) + (0,) * 13), ("solo", 0, 1, (1,) + (0,) * 15),
    ("solo", 10 ** 30, 1, (1,) + (0,) * 14), ("solo", 0, -(10 ** 30), (1,) + (0,) * 14),
    ("Solo", 0, 1, (1,) + (0,) * 14), (b"solo", 0, 1, (1,) + (0,) * 14),
    ("rocket", 13, 1, (0,) * 13 + (1, 1)), ("rocket", 13, 2, (0,) * 13 + (1, 1)),
    ("bomb", 0, 1, (4,) + (0,) * 14), ("bomb", 13, 1, (0,) * 13 + (4, 0)),
    ("chain", 0, 12, (1,) * 12 + (0,) * 3), ("chain", 3, 12, (0,) * 3 + (1,) * 12),
    ("airplane", 0, 4, (3,) * 4 + (0,) * 11), ("airplane_solo", 1, 3, (3,) * 4 + (0,) * 11),
    ("airplane_solo", 0, 3, (3,) * 4 + (0,) * 11),
])
def test_hand_picked_arguments_give_the_python_checks_answer(arguments: tuple):
    both_ways(lambda: Move(*arguments))


def test_a_move_cannot_be_made_twice():
    move = legal_moves("34")[0]           # shared by every list that holds its word
    with pytest.raises(TypeError, match="immutable"):
        move.__init__("solo", 1, 1, (0, 1) + (0,) * 13)
    with pytest.raises(TypeError, match="immutable"):
        Move.PASS.__init__("solo", 1, 1, [0, 1] + [0] * 13)
    assert legal_moves("34")[0].cards == "3" and move.cards == "3"


def _odd_counts(rng: random.Random) -> Any:
    counts = list(random_hands(1, seed=rng.randrange(10 ** 6))[0].counts)
    change = rng.randrange(8)
    if change == 0:
        counts[rng.randrange(NUM_RANKS)] = rng.choice((-1, 5, 2, 3, 10 ** 20, 1.0, False))
    elif change == 1:
        counts = counts[:rng.choice((0, 14, 16))] if rng.random() < 0.5 else counts + [0]
    elif change == 2:
        return np.array(counts, dtype=rng.choice(
            (np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64,
             np.float64, np.bool_)))
    elif change == 3:
        return np.array(counts + counts, dtype=np.int64)[::2]       # a strided view
    elif change == 4:
        return np.array([counts])                                    # 2-D
    return tuple(counts) if change % 2 else counts


def test_hands_from_counts_give_the_python_checks_answer():
    rng = random.Random(12)
    for _ in range(1500):
        counts = _odd_counts(rng)
        both_ways(lambda: Hand(counts))


@pytest.mark.parametrize("word", [0, 0x4, 0x1 << 56, 0x1 << 52, 0x2 << 52, 0x5, 0x8, -1,
                                  1 << 64, 0x0114444444444444, 0x0114444444444445, 1.0, True,
                                  np.uint64(5), "5"])
def test_hands_from_words_give_the_python_checks_answer(word: Any):
    both_ways(lambda: Hand.from_bitboard(word))


def test_a_hand_cannot_be_made_twice():
    hand = Hand("345")
    with pytest.raises(TypeError, match="immutable"):
        hand.__init__((1,) * 15)
    assert str(hand) == "345"


def test_a_subclass_keeps_its_own_constructor():
    class Named(Hand):
        __slots__ = ("name",)

        def __init__(self, cards: Any, name: str = "") -> None:
            super().__init__(cards)
            self.name = name

    made = Named.from_bitboard(Hand("33").bitboard)
    assert type(made) is Named and made.counts == Hand("33").counts and made.name == ""


def test_the_moves_of_a_list_come_out_in_order_every_way():
    for hand in random_hands(100, seed=13):
        moves = legal_moves(hand)
        words = [m.word for m in reference.legal_moves(hand)]
        assert [m.word for m in moves.tolist()] == words
        assert [m.word for m in moves] == words
        assert [m.word for m in reversed(moves)] == words[::-1]
        assert [moves[i].word for i in range(-len(words), len(words))] == words + words
        iterator = iter(moves)
        assert iterator.__length_hint__() == len(words)
        next(iterator, None)
        assert iterator.__length_hint__() == max(len(words) - 1, 0)


def test_moves_are_shared_and_equal_to_the_references():
    first = legal_moves("33445566")
    again = legal_moves("3344556677")
    assert first[0] is again[0]
    assert first.tolist() == reference.legal_moves("33445566")
