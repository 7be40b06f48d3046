"""pytest-benchmark cases for move generation: ``pytest benchmarks --benchmark-only``.

Each case runs over the same fixed-seed hands; divide the reported time by the number of
hands (``HANDS``) for the time per hand.
"""
from __future__ import annotations

import numpy as np
import pytest

import ddz_fast
from ddz_fast import Hand

from hands import random_hands, random_runfast_hands

HANDS = 1000


@pytest.fixture(scope="module", params=[17, 20])
def hands(request):
    return [Hand(c) for c in random_hands(HANDS, request.param)]


@pytest.fixture(scope="module")
def responses():
    """(hand, previous move) pairs: each hand answers a move drawn from another hand."""
    hands = [Hand(c) for c in random_hands(HANDS, 17)]
    pairs = []
    for hand, other in zip(hands, hands[1:] + hands[:1]):
        moves = ddz_fast.legal_moves(other)
        pairs.append((hand, moves[len(moves) // 2]))
    return pairs


@pytest.mark.parametrize("preset", ["standard", "douzero"])
def test_leading_moves(benchmark, hands, preset):
    rules = ddz_fast.Rules.preset(preset)
    legal_moves = ddz_fast.legal_moves
    benchmark.extra_info["hands"] = len(hands)
    benchmark(lambda: [legal_moves(h, rules=rules) for h in hands])


def test_responses(benchmark, responses):
    legal_moves = ddz_fast.legal_moves
    benchmark.extra_info["hands"] = len(responses)
    benchmark(lambda: [legal_moves(h, prev) for h, prev in responses])


def test_classify(benchmark, hands):
    cards = [Hand(m.counts) for h in hands[:200] for m in list(ddz_fast.legal_moves(h))[:5]]
    classify = ddz_fast.classify
    benchmark.extra_info["calls"] = len(cards)
    benchmark(lambda: [classify(c) for c in cards])


def test_batched_moves(benchmark, hands):
    counts = np.array([h.counts for h in hands], dtype=np.uint8)
    benchmark.extra_info["hands"] = len(hands)
    benchmark(ddz_fast.legal_moves_batch, counts)


def test_legal_action_mask(benchmark, hands):
    counts = np.array([h.counts for h in hands], dtype=np.uint8)
    benchmark.extra_info["hands"] = len(hands)
    benchmark(ddz_fast.legal_action_mask, counts)


def test_move_objects(benchmark, hands):
    legal_moves = ddz_fast.legal_moves
    benchmark.extra_info["hands"] = len(hands)
    benchmark(lambda: [list(legal_moves(h)) for h in hands])


def test_move_words_array(benchmark, hands):
    legal_moves = ddz_fast.legal_moves
    benchmark.extra_info["hands"] = len(hands)
    benchmark(lambda: [legal_moves(h).array for h in hands])


def test_hands_from_counts(benchmark, hands):
    counts = [h.counts for h in hands]
    benchmark.extra_info["hands"] = len(counts)
    benchmark(lambda: [Hand(c) for c in counts])


def test_moves_from_fields(benchmark, hands):
    fields = [(m.type, m.key, m.length, m.counts) for h in hands[:100]
              for m in ddz_fast.legal_moves(h)][:1000]
    benchmark.extra_info["moves"] = len(fields)
    benchmark(lambda: [ddz_fast.Move(*f) for f in fields])


@pytest.mark.parametrize("preset, wild", [("laizi", "5"), ("tiandi_laizi", "32")])
def test_laizi_action_ids(benchmark, preset, wild):
    """An id to its move and back, 1000 ids spread over the laizi action space (counted, never
    listed: 6.8 million moves with 3 and 2 wild)."""
    size = ddz_fast.reference.laizi.action_space_size(preset, wild)
    ids = [i * (size // 1000) for i in range(1000)]
    action_id, action_move = ddz_fast.action_id, ddz_fast.action_move
    action_move(0, preset, wild)        # the tables of the wild context, built once
    benchmark.extra_info["calls"] = 2 * len(ids)
    benchmark(lambda: [action_id(action_move(i, preset, wild), preset, wild) for i in ids])


@pytest.fixture(scope="module", params=[(16, 48, "runfast"), (15, 45, "runfast_15")],
                ids=["runfast", "runfast_15"])
def runfast_hands(request):
    """Random deals of a Run Fast deck and its preset (benchmarks/runfast_moves.py times them
    beside Dou Dizhu's 17-card hands)."""
    size, deck, preset = request.param
    return [Hand(c) for c in random_runfast_hands(HANDS, size, deck)], preset


def test_runfast_leading_moves(benchmark, runfast_hands):
    hands, preset = runfast_hands
    rules = ddz_fast.Rules.preset(preset)
    legal_moves = ddz_fast.legal_moves
    benchmark.extra_info["hands"] = len(hands)
    benchmark.extra_info["moves"] = sum(len(legal_moves(h, rules=rules)) for h in hands)
    benchmark(lambda: [legal_moves(h, rules=rules) for h in hands])


def test_runfast_batched_moves(benchmark, runfast_hands):
    hands, preset = runfast_hands
    words = np.array([h.bitboard for h in hands], dtype=np.uint64)
    benchmark.extra_info["hands"] = len(hands)
    benchmark(ddz_fast.legal_moves_batch, words, rules=preset)
