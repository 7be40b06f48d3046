# Dealing and choosing the landlord, natively: the shuffles of one deck and of two, the wild
# draws of each deal, and the points auction with uniformly random bids, as the random games
# run them (ddz_fast.engine._random_games), and the deck helpers and the seeded deal of a
# Game's hand (ddz_fast.engine._deal, ddz_fast.engine._vector). Header-only:
# ``from dealing cimport deal, points_auction, ...``.
from libc.stdint cimport int8_t, uint8_t, uint32_t, uint64_t

from movegen cimport BLACK_JOKER, RED_JOKER, TwoDecks, plus, popcount
from mt19937 cimport MT, mt_next, mt_seed
from rng cimport Rng, rng_below, rng_below_exact

cdef enum:
    DECK_CARDS = 54
    DEAL_SIZE = 17          # cards per hand; the last three cards are the kitty
    TWO_DECK_CARDS = 108
    TWO_DECK_DEAL_SIZE = 25     # cards per hand at four seats; the last eight are the kitty
    KITTY = 3               # the index of the kitty among the piles of one deck
    TWO_DECK_KITTY = 4      # ... and of two
    WILD_CHOICES = 13       # a wild rank is one of 3..2 (rank indices 0..12)

cdef enum Bidding:
    BID_RANDOM = 0          # the landlord is a uniformly random seat, base stake 1
    BID_POINTS = 1          # a points auction with uniformly random legal bids
    BID_POINTS_ONE_ROUND = 2


cdef inline void sorted_deck(uint8_t* deck) noexcept nogil:
    """The 54 ranks of one deck in order, 3333 4444 ... 2222 B R: what every shuffle starts
    from."""
    cdef int i
    for i in range(DECK_CARDS - 2):
        deck[i] = i // 4
    deck[DECK_CARDS - 2] = BLACK_JOKER
    deck[DECK_CARDS - 1] = RED_JOKER


cdef inline void swap_cards(uint8_t* deck, int i, int j) noexcept nogil:
    cdef uint8_t card = deck[i]
    deck[i] = deck[j]
    deck[j] = card


cdef inline int bit_length(int n) noexcept nogil:
    cdef int k = 0
    while (n >> k) != 0:
        k += 1
    return k


cdef inline void deck_piles(const uint8_t* deck, int hand_size, uint64_t* piles) noexcept nogil:
    """The words of a dealt deck: ``hand_size`` cards to each of ``piles[0..2]`` in turn, the
    rest (the kitty) to ``piles[3]``."""
    cdef int i, pile = 0, end = hand_size
    piles[0] = piles[1] = piles[2] = piles[3] = 0
    for i in range(DECK_CARDS):
        if i == end:            # the next pile (no division in the loop of every game)
            pile += 1
            end += hand_size
        piles[pile] += <uint64_t>1 << (4 * deck[i])     # with 17 a hand: cards 51..53, pile 3


cdef inline void seed_stream(MT* g, uint64_t magnitude) noexcept nogil:
    """The Mersenne Twister of ``random.Random(seed)`` for an int seed of absolute value
    ``magnitude``: Python seeds it from the 32-bit words of ``abs(seed)``, lowest first (one
    word 0 for seed 0)."""
    cdef uint32_t key[2]
    key[0] = <uint32_t>magnitude
    key[1] = <uint32_t>(magnitude >> 32)
    mt_seed(g, key, 2 if key[1] else 1)


cdef inline void stream_deal(MT* g, int hand_size, uint64_t* piles) noexcept nogil:
    """The next deal of the stream ``g``, as ``random.Random.shuffle`` of the sorted deck
    draws it, into the words ``piles[0..3]`` (deck_piles of ``hand_size``): its shuffle asks
    ``getrandbits(k)`` for k = n.bit_length() bits, the top k bits of one output, again while
    the number is n or more."""
    cdef uint8_t deck[DECK_CARDS]
    cdef int i, j, n, k
    sorted_deck(deck)
    for i in range(DECK_CARDS - 1, 0, -1):
        n = i + 1
        k = bit_length(n)
        j = mt_next(g) >> (32 - k)          # getrandbits(k)
        while j >= n:
            j = mt_next(g) >> (32 - k)
        swap_cards(deck, i, j)
    deck_piles(deck, hand_size, piles)


cdef inline void seeded_deal(uint64_t magnitude, int hand_size, uint64_t* piles) noexcept nogil:
    """The first deal of ``random.Random(seed)`` for an int seed of absolute value
    ``magnitude``, as the words ``piles[0..3]`` (deck_piles of ``hand_size``)."""
    cdef MT g
    seed_stream(&g, magnitude)
    stream_deal(&g, hand_size, piles)


cdef inline void deal(Rng* r, uint64_t* piles, int hand_size) noexcept nogil:
    """Shuffle one deck (Fisher-Yates) into ``piles[0..2]``, ``hand_size`` cards each (17, or
    18 without a kitty), and the kitty ``piles[3]`` (the rest), all as rank-count words."""
    cdef uint8_t deck[DECK_CARDS]
    cdef int i
    sorted_deck(deck)
    for i in range(DECK_CARDS - 1, 0, -1):
        swap_cards(deck, i, <int>rng_below(r, i + 1))
    deck_piles(deck, hand_size, piles)


cdef inline void deal_two_decks(Rng* r, TwoDecks* piles) noexcept nogil:
    """Shuffle two decks (Fisher-Yates on 3333 3333 4444 4444 ... BB RR) and deal 25 cards to
    each of ``piles[0..3]`` and the last eight to the kitty ``piles[4]``, as hand words."""
    cdef uint8_t deck[TWO_DECK_CARDS]
    cdef int i, pile
    for i in range(TWO_DECK_CARDS - 4):
        deck[i] = i // 8
    deck[TWO_DECK_CARDS - 4] = deck[TWO_DECK_CARDS - 3] = BLACK_JOKER
    deck[TWO_DECK_CARDS - 2] = deck[TWO_DECK_CARDS - 1] = RED_JOKER
    for i in range(TWO_DECK_CARDS - 1, 0, -1):
        swap_cards(deck, i, <int>rng_below(r, i + 1))
    for pile in range(TWO_DECK_KITTY + 1):
        piles[pile].lo = piles[pile].hi = 0
    for i in range(TWO_DECK_CARDS):
        pile = min(i // TWO_DECK_DEAL_SIZE, TWO_DECK_KITTY)
        piles[pile] = plus(piles[pile], deck[i], 1)


cdef inline void draw_wild(Rng* r, int count, int* drawn) noexcept nogil:
    """``count`` distinct wild ranks in draw order into ``drawn[0..1]`` (-1 past them): the
    first uniform over the 13 ranks 3..2, the second over the 12 others."""
    cdef int second
    drawn[0] = drawn[1] = -1
    if count >= 1:
        drawn[0] = <int>rng_below_exact(r, WILD_CHOICES)
    if count >= 2:
        second = <int>rng_below_exact(r, WILD_CHOICES - 1)
        drawn[1] = second + (second >= drawn[0])


cdef enum:
    MAX_AUCTION_TURNS = 7   # at four seats: each seat passes once at most, bids rise 1..3


cdef inline int points_auction(Rng* r, int seats, int first, bint one_round, int* stake,
                        int8_t* log) noexcept nogil:
    """A points auction round ``seats`` seats (bidding.py's rules) where every bidder picks a
    legal bid uniformly: it ends at a bid of 3, when the others have all passed after a bid, or
    (single round) after one turn each.

    Returns the landlord with the winning bid in ``stake``, or -1 when every seat passed. When
    ``log`` is not NULL, turn k's seat and bid (0 passes) go to log[2k] and log[2k + 1] and the
    number of turns to log[2 * MAX_AUCTION_TURNS].
    """
    cdef int highest = 0, bidder = -1, player = first, turns = 0, passed = 0, choice
    while True:
        choice = <int>rng_below(r, 4 - highest)     # 0 passes, c bids highest + c
        if log != NULL and turns < MAX_AUCTION_TURNS:
            log[2 * turns] = player
            log[2 * turns + 1] = 0 if choice == 0 else highest + choice
            log[2 * MAX_AUCTION_TURNS] = turns + 1
        if choice == 0:
            passed |= 1 << player
        else:
            highest += choice
            bidder = player
        turns += 1
        if highest == 3:
            break
        if one_round:
            if turns == seats:
                break
            player = (player + 1) % seats
            continue
        if passed == (1 << seats) - 1 or (popcount(passed) == seats - 1 and bidder >= 0):
            break
        player = (player + 1) % seats
        while passed & (1 << player):               # a player who passed never bids again
            player = (player + 1) % seats
    stake[0] = highest
    return bidder
