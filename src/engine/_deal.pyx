# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, freethreading_compatible=True
"""The deal of a Game's hand, natively: Python's ``random.Random`` shuffle of one deck, drawn
from the Random itself (``_shuffled_deck``) or, from an int seed, by a Mersenne Twister of
its own (``_seeded_deal``), and the words of a dealt deck (``_deck_words``).
ddz_fast.engine.game checks that they deal what its Python shuffle deals before it uses them.
"""
from libc.stdint cimport uint8_t, uint64_t

from dealing cimport (DEAL_SIZE, DECK_CARDS, bit_length, deck_piles, seeded_deal, sorted_deck,
                      swap_cards)
from movegen cimport BLACK_JOKER, NUM_RANKS

__all__ = ["_shuffled_deck", "_seeded_deal", "_deck_words"]


def _shuffled_deck(rng):
    """``random.Random.shuffle`` of the deck [0]*4 + [1]*4 + ... + [12]*4 + [13, 14] with the
    Random ``rng``, as a list of ranks.

    The shuffle asks ``rng.getrandbits`` for exactly the numbers Python's own ``shuffle`` asks
    for (``_randbelow``: k = n.bit_length() bits, again while the number is n or more), so the
    deck and the stream after it are those of ``ddz_fast.engine.game``'s Python shuffle; the game
    checks the two agree when it is imported and shuffles in Python when they do not.
    """
    cdef uint8_t deck[DECK_CARDS]
    cdef int i, j, n, k
    getrandbits = rng.getrandbits
    sorted_deck(deck)
    for i in range(DECK_CARDS - 1, 0, -1):
        n = i + 1
        k = bit_length(n)
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        if j < 0:                   # never from a Random: an index must not go below the deck
            raise ValueError(f"getrandbits({k}) returned {j}")
        swap_cards(deck, i, j)
    return [deck[i] for i in range(DECK_CARDS)]


def _seeded_deal(seed, int hand_size=DEAL_SIZE):
    """The first deal of ``random.Random(seed)`` for an int seed of magnitude below 2**64, as
    four words (the three hands, then the kitty): the deal ``_deck_words(_shuffled_deck(
    random.Random(seed)), hand_size)`` gives, drawn without a Python ``Random``.

    The shuffle is dealing.pxd's seeded_deal: Python's Mersenne Twister seeded from the
    32-bit words of ``abs(seed)`` and its ``shuffle``'s draws, as ``_shuffled_deck`` describes.
    """
    cdef uint64_t magnitude
    cdef uint64_t piles[4]
    if type(seed) is not int:
        raise TypeError(f"the seed must be an int, not {type(seed).__name__}")
    _check_hand_size(hand_size)
    magnitude = abs(seed)           # OverflowError from 2**64 on
    with nogil:
        seeded_deal(magnitude, hand_size, piles)
    return (piles[0], piles[1], piles[2], piles[3])


cdef int _check_hand_size(int hand_size) except -1:
    if hand_size != DEAL_SIZE and hand_size != DECK_CARDS // 3:
        raise ValueError(f"a deal gives 17 cards each (and a kitty) or 18, not {hand_size}")
    return 0


def _deck_words(deck, int hand_size=DEAL_SIZE):
    """The words of cards 0-16, 17-33, 34-50 and 51-53 of a shuffled deck (with a hand size of
    18: 0-17, 18-35, 36-53 and an empty kitty): a list of the 54 ranks of one deck
    (ValueError for anything else)."""
    cdef uint64_t piles[4]
    cdef uint8_t ranks[DECK_CARDS]
    cdef int counts[NUM_RANKS]
    cdef int i, rank
    cdef tuple cards        # a copy: converting a rank runs no code that could change it
    _check_hand_size(hand_size)
    if type(deck) is not list:
        raise TypeError(f"a deck is a list of 54 ranks, not {type(deck).__name__}")
    cards = tuple(deck)
    if len(cards) != DECK_CARDS:
        raise ValueError(f"a deck is a list of 54 ranks, not {len(cards)}")
    for rank in range(NUM_RANKS):
        counts[rank] = 0
    for i in range(DECK_CARDS):
        rank = cards[i]
        if not 0 <= rank < NUM_RANKS:
            raise ValueError(f"a deck holds ranks 0..14, not {rank}")
        counts[rank] += 1
        ranks[i] = rank
    for rank in range(NUM_RANKS):
        if counts[rank] != (1 if rank >= BLACK_JOKER else 4):
            raise ValueError("the deck is not one deck of 54 cards")
    deck_piles(ranks, hand_size, piles)
    return (piles[0], piles[1], piles[2], piles[3])
