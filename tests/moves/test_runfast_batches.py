"""The reference's batched API under Run Fast rules: hands of the Run Fast deck, and move words
and prevs as Run Fast's 64-bit words (a Move's word without bit 125, ddz_fast.bitboard), the
moves of each hand those of its legal_moves, the masks their action ids. (The compiled core
against these: tests/moves/test_runfast_differential.py.)"""
from __future__ import annotations

import random

import numpy as np
import pytest

from ddz_fast import Hand, Move, Rules
from ddz_fast.bitboard import RUNFAST, runfast_from_word64, runfast_word64
from ddz_fast.cards import NUM_RANKS, RUNFAST_DECKS
from ddz_fast.moves import implementation

reference = implementation("python")
RULES = [Rules.preset("runfast"), Rules.preset("runfast_15").replace(aaa_bomb=True,
                                                                     four_three=True)]


def hands_of(rules: Rules, count: int, seed: int):
    rng = random.Random(seed)
    deck = [rank for rank, copies in enumerate(RUNFAST_DECKS[rules.deck_size])
            for _ in range(copies)]
    hands = []
    for _ in range(count):
        counts = [0] * NUM_RANKS
        for rank in rng.sample(deck, rng.randint(1, rules.hand_size)):
            counts[rank] += 1
        hands.append(Hand(counts))
    return hands


def test_64_bit_words_round_trip_over_the_action_space():
    for rules in RULES:
        for move in reference.action_space(rules):
            word = runfast_word64(move.word)
            assert word < 1 << 64 and runfast_from_word64(word) == move.word
            assert (move.word >= RUNFAST) == (move.type in ("trio_two", "airplane_two",
                                                            "four_three"))


@pytest.mark.parametrize("rules", RULES, ids=["runfast", "runfast_15+options"])
def test_batches_are_the_legal_moves_of_each_hand(rules):
    hands = hands_of(rules, 40, 7)
    words = np.array([hand.bitboard for hand in hands], dtype=np.uint64)
    leading = [reference.legal_moves(hand, rules=rules) for hand in hands]
    prevs = np.array([0 if i % 5 == 0 else runfast_word64(moves[len(moves) // 2].word)
                      for i, moves in enumerate(leading[1:] + leading[:1])], dtype=np.uint64)
    for hands_arg in (words, np.array([hand.counts for hand in hands], dtype=np.uint8)):
        moves, offsets = reference.legal_moves_batch(hands_arg, rules=rules)
        assert moves.dtype == np.uint64 and offsets.tolist()[-1] == len(moves)
        for i, expected in enumerate(leading):
            assert moves[offsets[i]:offsets[i + 1]].tolist() == \
                [runfast_word64(m.word) for m in expected]
    moves, offsets = reference.legal_moves_batch(words, prevs, rules=rules)
    mask = reference.legal_action_mask(words, prevs, rules=rules)
    assert mask.shape == (len(hands), len(reference.action_space(rules)))
    for i, hand in enumerate(hands):
        prev = Move.from_word(runfast_from_word64(int(prevs[i]))) if prevs[i] else None
        expected = reference.legal_moves(hand, prev, rules=rules)
        assert moves[offsets[i]:offsets[i + 1]].tolist() == \
            [runfast_word64(m.word) for m in expected]
        assert np.flatnonzero(mask[i]).tolist() == \
            sorted(reference.action_id(m, rules) for m in expected)


@pytest.mark.parametrize("hands, rules, message", [
    ([Hand("3456").bitboard, Hand("3B").bitboard], "runfast",
     "hands[1]: 1 cards of rank black joker: the 48-card Run Fast deck has 0"),
    ([Hand("AAAA").bitboard], "runfast", "hands[0]: 4 cards of rank A: the 48-card Run Fast "
                                         "deck has 3"),
    ([Hand("KKKK").bitboard], "runfast_15", "hands[0]: 4 cards of rank K: the 45-card Run "
                                            "Fast deck has 3"),
    ([Hand("3333444455556666").bitboard], "runfast_15",
     "hands[0] holds 16 cards: a Run Fast hand of 45 cards holds at most 15"),
])
def test_hands_beyond_the_runfast_deck_are_named_by_row(hands, rules, message):
    for call in (reference.legal_moves_batch, reference.legal_action_mask):
        with pytest.raises(ValueError) as caught:
            call(np.array(hands, dtype=np.uint64), rules=rules)
        assert str(caught.value) == message


def test_prevs_must_be_runfast_words_and_wild_ranks_are_refused():
    words = np.array([Hand("3456789").bitboard], dtype=np.uint64)
    trio_solo = Move.parse("5556").word     # a Dou Dizhu move, no Run Fast one
    with pytest.raises(ValueError, match=r"prevs\[0\] = 0x4.* is not a legal move under"):
        reference.legal_moves_batch(words, np.array([trio_solo], dtype=np.uint64),
                                    rules="runfast")
    # The 64-bit word of a short trio + two is a Dou Dizhu trio's: under Run Fast, the trio.
    short = np.array([Move.parse("555").word], dtype=np.uint64)
    moves, _ = reference.legal_moves_batch(np.array([Hand("666").bitboard], dtype=np.uint64),
                                           short, rules="runfast")
    assert [Move.from_word(runfast_from_word64(int(w))).type for w in moves] == ["trio_two"]
    with pytest.raises(ValueError, match="Run Fast has no wild cards"):
        reference.legal_moves_batch(words, rules="runfast", wild="3")
