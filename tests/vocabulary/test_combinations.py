"""What ``Move()`` accepts: ``shapes.is_combination`` against the reference's own definition
(a move is one of its cards' moves under the widest rules of one deck or of two), on every
move of the widest action spaces and on moves one change away from them."""
from __future__ import annotations

import random
from typing import List, Tuple

import pytest

from ddz_fast import Move
from ddz_fast.cards import NUM_RANKS
from ddz_fast.move import MOVE_TYPES
from ddz_fast.reference import moves as reference
from ddz_fast.rules import WIDEST_RULES, WIDEST_TWO_DECKS
from ddz_fast.shapes import is_combination
from support.common import sample_size, sizes

Fields = Tuple[str, int, int, Tuple[int, ...]]


def fields(move: Move) -> Fields:
    return move.type, move.key, move.length, move.counts


@pytest.fixture(scope="module")
def widest_moves() -> List[Move]:
    """Every move of the widest one-deck space and a sample of the widest two-deck one."""
    two_decks = reference.action_space(WIDEST_TWO_DECKS)
    rng = random.Random(5)
    return list(reference.action_space(WIDEST_RULES)) + rng.sample(
        two_decks, min(len(two_decks), sample_size(20_000, minimum=2_000)))


def test_every_move_of_the_widest_spaces_is_a_combination(widest_moves):
    assert all(is_combination(*fields(move)) for move in widest_moves)


def near_misses(move: Move, rng: random.Random) -> List[Fields]:
    """Moves one change away: another type, key or length, a card more or fewer."""
    kind, key, length, counts = fields(move)
    out: List[Fields] = [(rng.choice(MOVE_TYPES[1:]), key, length, counts)]
    out += [(kind, k, length, counts) for k in (key - 1, key + 1) if 0 <= k < NUM_RANKS]
    out += [(kind, key, n, counts) for n in (length - 1, length + 1) if 0 < n <= NUM_RANKS - key]
    for delta in (-1, 1):
        rank = rng.randrange(NUM_RANKS)
        changed = list(counts)
        changed[rank] += delta
        if 0 <= changed[rank] <= (8 if rank < 13 else 2):
            out.append((kind, key, length, tuple(changed)))
    return out


@pytest.mark.parametrize("moves", sizes(2_000, 4_000))
def test_moves_one_change_away_are_what_the_reference_says(widest_moves, moves):
    rng = random.Random(11)
    checked = accepted = 0
    for move in rng.sample(widest_moves, sample_size(moves, minimum=500)):
        for kind, key, length, counts in near_misses(move, rng):
            candidate = Move._trusted(kind, key, length, counts)
            expected = reference._is_some_move(candidate)
            assert is_combination(kind, key, length, counts) == expected, candidate
            checked += 1
            accepted += expected
    # Both answers occur: a few changes keep a move (a key one higher), most break it.
    assert checked > 2_000 and accepted > checked // 200, (accepted, checked)


def test_move_refuses_what_no_rule_set_has_naming_it():
    with pytest.raises(ValueError, match="33 is not a solo with key 3 and length 1"):
        Move("solo", 0, 1, [2] + [0] * 14)
    # Cards of two decks are named as they are, not refused as more than one deck.
    with pytest.raises(ValueError, match="BBR is not a rocket"):
        Move("rocket", 13, 1, [0] * 13 + [2, 1])
    assert Move("rocket", 13, 1, [0] * 13 + [2, 2]).cards == "BBRR"      # two decks' rocket
    # Eleven pairs in a row fit one deck but are a chain of two decks only (3..10 at one).
    assert Move("pair_chain", 0, 11, [2] * 11 + [0] * 4).length == 11


def laizi_words(rng: random.Random, count: int) -> List[int]:
    """Words of moves read with wild cards from random hands and wild ranks (one or two),
    and as many words a bit away from one of them (a count, a flag, the reading, the class)."""
    from ddz_fast import bitboard
    from ddz_fast.reference import laizi
    from ddz_fast.rules import Rules

    deck = [rank for rank in range(NUM_RANKS) for _ in range(4 if rank < 13 else 1)]
    words: List[int] = []
    while len(words) < count:
        wild = tuple(rng.sample(range(13), rng.choice((1, 2))))
        counts = [0] * NUM_RANKS
        for rank in rng.sample(deck, rng.randrange(4, 13)):
            counts[rank] += 1
        moves = [m for m in laizi.legal_moves(counts, rules=Rules(laizi=len(wild),
                                                                   solo_wing_max_copies=4,
                                                                   four_two_solo_max_copies=2),
                                              wild=wild) if bitboard.is_laizi(m.word)]
        for move in rng.sample(moves, min(len(moves), 3)):
            words.append(move.word)
            words.append(move.word ^ (1 << rng.choice([*range(60), *range(64, 124), 124, 125])))
    return words


@pytest.mark.parametrize("count", sizes(1_500, 3_000))
def test_a_laizi_word_is_a_move_exactly_when_the_reference_reads_its_cards_so(count):
    from ddz_fast.reference import laizi

    rng = random.Random(3)
    words = laizi_words(rng, sample_size(count, minimum=300))
    valid = 0
    for word in words:
        expected = laizi._lookup(word)
        if expected is None:
            with pytest.raises(ValueError, match="no reading of its cards"):
                Move.from_word(word)
        else:
            assert Move.from_word(word) == expected and Move.from_word(word).word == word
            valid += 1
    assert valid > len(words) // 3      # every listed move's word, and a few changed ones
