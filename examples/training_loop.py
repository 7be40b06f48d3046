"""A training-style loop: many tables stepped at once on arrays, with a random policy.

Each of N tables holds a hand in play (the landlord's 20 cards against 17 and 17). At every step
one decision is made at every table together: ``legal_moves_batch`` lists every table's legal moves
as words, ``legal_action_mask`` gives the same moves as a mask over the dense action ids (what a
policy network's output is masked with), a random policy picks a legal move (or passes, when
following), and the move is played on the tables' bitboards with numpy. A finished table is dealt
again. No Python object is made per move; the loop prints how many decisions a second it made.

    python examples/training_loop.py [TABLES] [SECONDS]
"""
import sys
import time

import numpy as np

from ddz_fast import action_space, legal_action_mask, legal_moves_batch
from ddz_fast.bitboard import COUNT_MASK

RULES = "standard"
DECK = np.repeat(np.arange(15), [4] * 13 + [1, 1])          # 54 cards as rank indices
SHIFTS = (4 * np.arange(15)).astype(np.uint64)


def bitboards(cards: np.ndarray) -> np.ndarray:
    """Hand bitboards (one uint64 word per row) of rows of rank indices."""
    counts = np.stack([np.bincount(row, minlength=15) for row in cards]).astype(np.uint64)
    return (counts << SHIFTS).sum(axis=1, dtype=np.uint64)


def deal(rng: np.random.Generator, n: int) -> np.ndarray:
    """(n, 3) hand words: seat 0, the landlord, has the kitty (20 cards)."""
    cards = np.stack([rng.permutation(DECK) for _ in range(n)])
    return np.stack([bitboards(cards[:, :20]), bitboards(cards[:, 20:37]),
                     bitboards(cards[:, 37:])], axis=1)


def main(tables: int = 256, seconds: float = 2.0, seed: int = 1) -> None:
    rng = np.random.default_rng(seed)
    words = np.array([move.word for move in action_space(RULES)], dtype=np.uint64)
    by_word = np.argsort(words)                              # action id of a word, by search
    sorted_words = words[by_word]
    hands = deal(rng, tables)
    to_move = np.zeros(tables, dtype=np.int64)              # the landlord leads
    prevs = np.zeros(tables, dtype=np.uint64)               # 0: the player to move leads
    passes = np.zeros(tables, dtype=np.int64)
    rows = np.arange(tables)
    decisions = finished = steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        hand = hands[rows, to_move]
        mask = legal_action_mask(hand, prevs, rules=RULES)  # the policy's input
        moves, offsets = legal_moves_batch(hand, prevs, rules=RULES)
        legal = np.diff(offsets)
        # A random policy: one legal move uniformly from each table's run of words, or a pass
        # (when following) as one more choice. A learned policy would instead take the best of
        # its logits where the mask is True; here the mask checks the choice.
        pick = (rng.random(tables) * (legal + (prevs != 0))).astype(np.int64)
        plays = pick < legal
        played = np.where(plays, moves[np.minimum(offsets[:-1] + pick, len(moves) - 1)],
                          np.uint64(0))
        ids = by_word[np.searchsorted(sorted_words, played[plays])]
        assert mask[rows[plays], ids].all() and (mask.sum(axis=1) == legal).all()
        hands[rows, to_move] -= played & np.uint64(COUNT_MASK)
        passes = np.where(plays, 0, passes + 1)
        prevs = np.where(plays, played, np.where(passes == 2, np.uint64(0), prevs))
        done = hands[rows, to_move] == 0
        to_move = (to_move + 1) % 3
        decisions += tables
        steps += 1
        if done.any():                                       # deal the finished tables again
            finished += int(done.sum())
            hands[done] = deal(rng, int(done.sum()))
            to_move[done], prevs[done], passes[done] = 0, 0, 0
    elapsed = time.perf_counter() - start
    print(f"{tables} tables, {steps} steps: {decisions:,} decisions, {finished:,} hands finished")
    print(f"{decisions / elapsed:,.0f} decisions/s")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 256,
         float(sys.argv[2]) if len(sys.argv) > 2 else 2.0)
