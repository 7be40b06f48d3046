# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, freethreading_compatible=True
"""The play phase in native code: random games, rollouts and perft of every table, and the play
phase of a game state stepped from Python.

One random-game kernel, one perft walk and one rollout serve the three tables of playloop.pxd
(three seats on one deck, the four-player table on two decks, three seats with wild cards),
each compiled once per table; the entry points below take each table's arguments. It reuses
the move generators (``movegen.pxd``, ``words.pxd``, ``laizigen.pxd``) and adds no generator of
its own. ``_Table`` is the play phase of a :class:`ddz_fast.engine.game.State` on words,
stepped one action per call from Python. Nothing here holds a Python object or the GIL inside
its loops; the ``_random_games``, ``_random_table_games``, ``_random_laizi_games``,
``_play_out``, ``_play_out_table``, ``_play_out_laizi``, ``_perft``, ``_perft_table``,
``_perft_laizi``, ``_auctions`` and ``_table_auctions`` kernels take arguments that
:mod:`ddz_fast.positions.rollouts` has already validated, and check seats and words again
themselves.
"""
import numpy as np

cimport cython
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint32_t, uint64_t
from cpython.list cimport PyList_New, PyList_SET_ITEM
from cpython.object cimport PyObject
from cpython.ref cimport Py_INCREF
from libc.stdlib cimport calloc, free
from libc.string cimport memcpy

from laizigen cimport LzMove
from movegen cimport (BLACK_JOKER, COUNT_MASK, NUM_RANKS, NUM_TYPES, Options, RED_JOKER,
                      T_PASS, TWO_DECKS_COPIES, TwoDecks, joined, plus, popcount)
from rule_options cimport options_of
from playloop cimport (FourSeatPlay, Play, Table, Tally, WildPlay, count_action, tally_at,
                       count_of_moves, following, is_over, lane_counts, list_moves, one_deck,
                       play_at, play_move, random_finish, seats_of, start_tally)
from mt19937 cimport MT, mt_next, mt_seed
from rng cimport Rng, mix64, rng_below, rng_below_exact, rng_for_game, rng_next
from words cimport Words, generate_into, reserve

from ddz_fast.moves._interned cimport move_of_word as move_of

from ddz_fast.move import Move
from ddz_fast.rules import as_rules

cdef extern from "Python.h":
    # Declared here without Cython's ``except -1``: the exception a signal handler raises is
    # left pending while the loop unwinds, and raise_pending() propagates it with the GIL.
    int PyErr_CheckSignals() noexcept


# --- dealing and choosing the landlord -----------------------------------------------------------

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
    """The 54 ranks of one deck in order, 3333 4444 ... 2222 B R: what every shuffle starts from."""
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


cdef void deal(Rng* r, uint64_t* piles, int hand_size) noexcept nogil:
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


cdef int points_auction(Rng* r, int seats, int first, bint one_round, int* stake,
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


# --- random games --------------------------------------------------------------------------------
# ddz_fast.positions.rollouts's random_games: the deal of the table (and the wild draws of each
# deal, as ddz_fast.engine.laizi draws them), the landlord (a random seat or a points auction
# round the table), at four seats with partners the partner, random play to the end
# (playloop.random_finish) and the settlement by sides, one kernel for the three tables.

cdef struct Setup:
    # What a table's games need besides the move options.
    int bidding             # a Bidding
    int hand_size           # one deck: 17 cards a hand (and the kitty) or 18
    bint bonuses            # one deck: count the deal bonuses of the deal played
    bint partner            # four seats: the landlord picks a partner (sides="partner")
    int laizi               # wild cards: how many wild ranks each deal draws
    bint app                # wild cards: bomb_multiplier="app"

cdef struct GameResult:
    uint64_t piles[4]       # one deck: the deal, three hands (17 or 18 cards) and the kitty
    TwoDecks two_decks[5]   # two decks: the deal, four hands of 25 cards and the kitty
    int drawn[2]            # wild cards: the wild ranks in draw order (-1: none)
    int landlord
    int partner             # four seats: the landlord's partner; -1 when it plays alone
    int stake               # the base stake
    int bonuses             # deal bonuses of the deal played (0 without the option)
    int64_t multiplier
    bint side_won           # the landlord's side (the landlord, and its partner) won
    bint spring
    bint anti_spring
    int64_t scores[4]
    Tally tally

cdef enum:
    JOKER_NIBBLES = 0x11            # a black and a red joker, in the two nibbles from bit 52
    STRAIGHT_RANKS = 0x111111111111 # the low bit of the nibbles of ranks 3..A


cdef inline int deal_bonus_count(const uint64_t* piles) noexcept nogil:
    """How many deal bonuses the three dealt hands ``piles[0..2]`` (kitty apart) hold: one per
    hand with both jokers and one per hand with every rank 3..A (ddz_fast.engine.scoring's)."""
    cdef int seat, count = 0
    cdef uint64_t ranks
    for seat in range(3):
        count += ((piles[seat] >> 52) & 0xFF) == JOKER_NIBBLES
        ranks = piles[seat] & ((<uint64_t>1 << 48) - 1)  # a count 1..4 sets a low 3 bit
        count += ((ranks | ranks >> 1 | ranks >> 2) & <uint64_t>STRAIGHT_RANKS) == \
            <uint64_t>STRAIGHT_RANKS
    return count


cdef inline void deal_table(Table* kind, Rng* r, GameResult* g, const Setup* s) noexcept nogil:
    """Shuffle and deal the cards of the table of ``kind`` (only its type is read)."""
    if Table is FourSeatPlay:
        deal_two_decks(r, g.two_decks)
    else:
        deal(r, g.piles, s.hand_size)
        if Table is WildPlay:
            draw_wild(r, s.laizi, g.drawn)


cdef int choose_landlord(Table* kind, Rng* r, GameResult* g, const Setup* s) noexcept nogil:
    """Deal, and pick the landlord as ``s.bidding`` says; re-deal while nobody bids, the next
    seat bidding first (as Game does)."""
    cdef int seats = seats_of(kind), landlord, first
    if s.bidding == BID_RANDOM:
        deal_table(kind, r, g, s)
        g.stake = 1
        return <int>rng_below(r, seats)
    first = <int>rng_below(r, seats)
    while True:
        deal_table(kind, r, g, s)
        landlord = points_auction(r, seats, first, s.bidding == BID_POINTS_ONE_ROUND, &g.stake,
                                  NULL)
        if landlord >= 0:
            return landlord
        first = (first + 1) % seats


cdef void settle(const Table* p, GameResult* g) noexcept nogil:
    """Spring, anti-spring, multiplier and scores by sides (docs/RULES.md, "Scoring" and "Four
    players with two decks"; no doubles or caps): spring when the landlord's side won and no
    opponent played a card, anti-spring when the opponents won and the landlord made only its
    first lead. Each bomb and the rocket doubles (with wild cards they multiply as
    ``rules.bomb_multiplier`` says), and so do spring, anti-spring and each deal bonus. Alone,
    each opponent settles base x multiplier with the landlord; with a partner, each seat
    settles it once with a seat of the other side, so every score is +-amount."""
    cdef int seats = seats_of(p), seat, winner = g.tally.winner
    cdef bint ours, silent = True
    cdef int64_t factor, flow
    g.side_won = winner == g.landlord or winner == g.partner
    for seat in range(seats):
        if seat != g.landlord and seat != g.partner:
            silent = silent and g.tally.moves[seat] == 0
    g.spring = g.side_won and silent
    g.anti_spring = not g.side_won and g.tally.moves[g.landlord] == 1
    if Table is WildPlay:
        factor = g.tally.factor
    else:
        factor = (<int64_t>1) << g.tally.bombs
    g.multiplier = factor << (g.bonuses + g.spring + g.anti_spring)
    flow = <int64_t>g.stake * g.multiplier * (1 if g.side_won else -1)
    for seat in range(seats):
        ours = seat == g.landlord or seat == g.partner
        g.scores[seat] = flow if ours else -flow
    if g.partner < 0:
        g.scores[g.landlord] = (seats - 1) * flow


cdef inline void wild_low_to_high(const int* drawn, WildPlay* p) noexcept nogil:
    """The generator's wild ranks (low to high) of ranks in draw order."""
    p.nwild = 1 if drawn[1] < 0 else 2
    p.wild[0], p.wild[1] = drawn[0], drawn[1]
    if p.nwild == 2 and drawn[1] < drawn[0]:
        p.wild[0], p.wild[1] = drawn[1], drawn[0]


cdef int random_game(Table* p, uint64_t seed, uint64_t index, const Setup* s, const Options* o,
                     Words* buf, Words* record, Py_ssize_t* recorded,
                     GameResult* g) noexcept nogil:
    """Game ``index`` of ``seed`` at the table of ``p`` (filled with its start): deal, pick the
    landlord (and its partner), play random legal actions to the end and settle; -1 out of
    memory."""
    cdef Rng r = rng_for_game(seed, index)
    cdef int seat
    g.landlord = choose_landlord(p, &r, g, s)
    g.bonuses = 0
    g.partner = -1
    if Table is Play:
        if s.bonuses:
            g.bonuses = deal_bonus_count(g.piles)
    if Table is FourSeatPlay:
        if s.partner:
            g.partner = (g.landlord + 1 + <int>rng_below(&r, 3)) % 4
        for seat in range(4):
            p.hands[seat] = g.two_decks[seat]
        p.hands[g.landlord] = joined(p.hands[g.landlord], g.two_decks[TWO_DECK_KITTY])
        p.to_beat.lo = p.to_beat.hi = 0
    else:
        p.hands[0], p.hands[1], p.hands[2] = g.piles[0], g.piles[1], g.piles[2]
        p.hands[g.landlord] += g.piles[KITTY]
        if Table is Play:
            p.to_beat = 0
        else:
            p.to_beat.k1 = p.to_beat.k2 = p.to_beat.lo = p.to_beat.hi = 0
            wild_low_to_high(g.drawn, p)
    p.landlord = p.player = g.landlord
    p.passes = 0
    start_tally(&g.tally, p)
    g.tally.app = s.app
    if random_finish(p, &r, o, buf, record, recorded, &g.tally) < 0:
        return -1
    settle(p, g)
    return 0


cdef struct Columns:
    # Where the games go: the rows of the result arrays (ddz_fast.positions.rollouts.RandomGames),
    # of the dtypes of each table (multiplier: int64 with wild cards, else int32; scores: int32
    # at three seats without them, else int64; hands and kitty: words of one deck, counts of
    # two).
    int8_t* landlord
    uint8_t* landlord_won
    int8_t* base_stake
    void* multiplier
    int16_t* bombs
    int16_t* plays
    void* scores
    uint8_t* spring
    uint8_t* anti_spring
    void* hands
    void* kitty
    int8_t* bonuses
    int8_t* partner         # four seats
    int8_t* out_first       # four seats
    int8_t* wild            # wild cards
    int64_t* ends           # the offsets of each game's recorded moves


cdef inline void store(const Table* p, const Columns* c, Py_ssize_t i, const GameResult* g,
                       Py_ssize_t recorded) noexcept nogil:
    """Game ``i``'s row of every column."""
    cdef int seats = seats_of(p), seat
    cdef TwoDecks hand
    c.landlord[i], c.base_stake[i] = g.landlord, g.stake
    c.landlord_won[i], c.spring[i], c.anti_spring[i] = g.side_won, g.spring, g.anti_spring
    c.bombs[i], c.plays[i] = g.tally.bombs, g.tally.actions
    if Table is WildPlay:
        (<int64_t*>c.multiplier)[i] = g.multiplier
    else:
        (<int32_t*>c.multiplier)[i] = <int32_t>g.multiplier
    if Table is Play:
        c.bonuses[i] = g.bonuses
    for seat in range(seats):
        if Table is Play:
            (<int32_t*>c.scores)[3 * i + seat] = <int32_t>g.scores[seat]
        else:
            (<int64_t*>c.scores)[seats * i + seat] = g.scores[seat]
    if Table is FourSeatPlay:
        c.partner[i], c.out_first[i] = g.partner, g.tally.winner
        for seat in range(4):
            hand = g.two_decks[seat]
            if seat == g.landlord:
                hand = joined(hand, g.two_decks[TWO_DECK_KITTY])
            lane_counts(hand, <uint8_t*>c.hands + (4 * i + seat) * NUM_RANKS)
        lane_counts(g.two_decks[TWO_DECK_KITTY], <uint8_t*>c.kitty + i * NUM_RANKS)
    else:
        for seat in range(3):
            (<uint64_t*>c.hands)[3 * i + seat] = g.piles[seat] + (
                g.piles[KITTY] if seat == g.landlord else 0)
        (<uint64_t*>c.kitty)[i] = g.piles[KITTY]
        if Table is WildPlay:
            c.wild[2 * i], c.wild[2 * i + 1] = g.drawn[0], g.drawn[1]
    c.ends[i + 1] = recorded


cdef int play_games(Table* p, uint64_t seed, uint64_t start, Py_ssize_t count, const Setup* s,
                    const Options* o, Words* buf, Words* record, const Columns* c,
                    Py_ssize_t signals_every) noexcept nogil:
    """Games ``start .. start + count - 1`` of ``seed`` into the columns; 0, 1 out of memory, 2
    when a signal handler raised (looked at every ``signals_every`` games)."""
    cdef Py_ssize_t i, recorded = 0
    cdef GameResult g
    for i in range(count):
        if i % signals_every == signals_every - 1:
            with gil:
                if PyErr_CheckSignals() != 0:
                    return 2
        if random_game(p, seed, start + i, s, o, buf, record, &recorded, &g) < 0:
            return 1
        store(p, c, i, &g, recorded)
    return 0


cdef object _games(Table* kind, uint64_t seed, uint64_t start, Py_ssize_t count, const Setup* s,
                   const Options* o, bint record, Py_ssize_t signals_every):
    """The result arrays of play_games at the table of ``kind`` (only its type is read)."""
    cdef int seats = seats_of(kind)
    cdef Words buf = Words(NULL, 0), moves = Words(NULL, 0)
    cdef Columns c
    cdef int failed
    cdef Table p
    out = {
        "landlord": np.empty(count, np.int8), "landlord_won": np.empty(count, np.bool_),
        "base_stake": np.empty(count, np.int8),
        "multiplier": np.empty(count, np.int64 if Table is WildPlay else np.int32),
        "bombs": np.empty(count, np.int16), "plays": np.empty(count, np.int16),
        "scores": np.empty((count, seats), np.int32 if Table is Play else np.int64),
        "spring": np.empty(count, np.bool_),
        "anti_spring": np.empty(count, np.bool_),
        "bonuses": (np.empty if Table is Play else np.zeros)(count, np.int8),
    }
    if Table is FourSeatPlay:
        out["hands"] = np.empty((count, 4, NUM_RANKS), np.uint8)
        out["kitty"] = np.empty((count, NUM_RANKS), np.uint8)
        out["partner"] = np.empty(count, np.int8)
        out["out_first"] = np.empty(count, np.int8)
    else:
        out["hands"] = np.empty((count, 3), np.uint64)
        out["kitty"] = np.empty(count, np.uint64)
    if Table is WildPlay:
        out["wild"] = np.empty((count, 2), np.int8)
    offsets = np.zeros(count + 1, np.int64)
    c.landlord = <int8_t*>_data(out["landlord"])
    c.landlord_won = <uint8_t*>_data(out["landlord_won"])
    c.base_stake = <int8_t*>_data(out["base_stake"])
    c.multiplier = _data(out["multiplier"])
    c.bombs = <int16_t*>_data(out["bombs"])
    c.plays = <int16_t*>_data(out["plays"])
    c.scores = _data(out["scores"])
    c.spring = <uint8_t*>_data(out["spring"])
    c.anti_spring = <uint8_t*>_data(out["anti_spring"])
    c.hands = _data(out["hands"])
    c.kitty = _data(out["kitty"])
    c.bonuses = <int8_t*>_data(out["bonuses"])
    c.partner = <int8_t*>_data(out["partner"]) if Table is FourSeatPlay else NULL
    c.out_first = <int8_t*>_data(out["out_first"]) if Table is FourSeatPlay else NULL
    c.wild = <int8_t*>_data(out["wild"]) if Table is WildPlay else NULL
    c.ends = <int64_t*>_data(offsets)
    try:
        with nogil:
            failed = play_games(&p, seed, start, count, s, o, &buf,
                                &moves if record else NULL, &c, signals_every)
        if failed == 2:
            raise_pending()
        if failed:
            raise MemoryError("out of memory playing random games")
        if record:
            out["moves"] = _copy_words(moves.data, offsets[count], 1 if Table is Play else 2)
            out["offsets"] = offsets
    finally:
        free(buf.data)
        free(moves.data)
    return out


cdef uint8_t _EMPTY = 0


cdef void* _data(object array) except NULL:
    """The memory of a C-contiguous numpy array made here (a dummy address when it is empty)."""
    cdef uint8_t[::1] bytes_ = array.reshape(-1).view(np.uint8)
    return <void*>&bytes_[0] if bytes_.shape[0] else <void*>&_EMPTY


cdef object _copy_words(const uint64_t* data, Py_ssize_t n, int halves):
    """``n`` recorded moves: one-deck words (``halves`` 1, an (n,) array), or two halves each
    (an (n, 2) array: the low 64 bits, then the high 64)."""
    words = np.empty(n, np.uint64) if halves == 1 else np.empty((n, 2), np.uint64)
    cdef uint64_t[::1] dest = words.reshape(-1)
    if n:
        memcpy(&dest[0], data, n * halves * sizeof(uint64_t))
    return words


cdef Options _laizi_options(object checked) except *:
    """The move options of rules with wild cards: the laizi generator reads the plain ones."""
    return options_of(checked.replace(laizi=0, bomb_multiplier="double"))


def _random_games(uint64_t seed, uint64_t start, Py_ssize_t count, rules, int bidding,
                  bint record):
    """Games ``start .. start + count - 1`` of ``seed`` as a dict of per-game arrays
    (ddz_fast.positions.rollouts.RandomGames documents them)."""
    checked = as_rules(rules)
    cdef Options options = options_of(checked)
    cdef Setup s = Setup(bidding, checked.hand_size, checked.deal_bonuses, False, 0, False)
    return _games(<Play*>NULL, seed, start, count, &s, &options, record, 4096)


def _random_table_games(uint64_t seed, uint64_t start, Py_ssize_t count, rules, int bidding,
                        bint record):
    """Games ``start .. start + count - 1`` of ``seed`` at the four-player table, as a dict of
    per-game arrays (ddz_fast.positions.rollouts.RandomGames documents them)."""
    checked = as_rules(rules)
    cdef Options options = options_of(checked, 2)   # refuses one deck: four players' rules
    cdef Setup s = Setup(bidding, TWO_DECK_DEAL_SIZE, False, checked.sides == "partner", 0,
                         False)
    return _games(<FourSeatPlay*>NULL, seed, start, count, &s, &options, record, 1024)


def _random_laizi_games(uint64_t seed, uint64_t start, Py_ssize_t count, rules, int bidding,
                        bint record):
    """Games ``start .. start + count - 1`` of ``seed`` under rules with wild cards, as a dict
    of per-game arrays (ddz_fast.positions.rollouts.RandomGames documents them)."""
    checked = as_rules(rules)
    if not checked.laizi or checked.players != 3:
        raise ValueError(f"{checked!r} has no wild cards at three seats")
    cdef Options options = _laizi_options(checked)
    cdef Setup s = Setup(bidding, checked.hand_size, False, False, checked.laizi,
                         checked.bomb_multiplier == "app")
    return _games(<WildPlay*>NULL, seed, start, count, &s, &options, record, 256)


cdef list _first_auctions(uint64_t seed, Py_ssize_t count, bint one_round, int seats):
    """The first points auction of games 0 .. count - 1 of ``seed`` at ``seats`` seats, as
    random_games(..., bidding="points") runs it (choose_landlord deals before the auction)."""
    cdef Rng r
    cdef int first, landlord, stake, k
    cdef GameResult g
    cdef int8_t log[2 * MAX_AUCTION_TURNS + 1]
    cdef Setup s = Setup(BID_POINTS, DEAL_SIZE, False, False, 0, False)
    auctions = []
    for i in range(count):
        r = rng_for_game(seed, i)
        first = <int>rng_below(&r, seats)
        if seats == 4:
            deal_table(<FourSeatPlay*>NULL, &r, &g, &s)
        else:
            deal_table(<Play*>NULL, &r, &g, &s)
        landlord = points_auction(&r, seats, first, one_round, &stake, log)
        turns = tuple([(log[2 * k], log[2 * k + 1]) for k in range(log[2 * MAX_AUCTION_TURNS])])
        auctions.append((first, turns, landlord, stake))
    return auctions


def _auctions(uint64_t seed, Py_ssize_t count, bint one_round):
    """The first points auction of games 0 .. count - 1 of ``seed``, as random_games(...,
    bidding="points") runs it: [(first bidder, ((seat, bid), ...), landlord or -1, stake)].
    For the differential test against ddz_fast.engine.bidding."""
    return _first_auctions(seed, count, one_round, 3)


def _table_auctions(uint64_t seed, Py_ssize_t count, bint one_round):
    """The first points auction of games 0 .. count - 1 of ``seed`` at the four-player table,
    as random_games(..., bidding="points") runs it: [(first bidder, ((seat, bid), ...),
    landlord or -1, stake)]. For the differential test against ddz_fast.engine.bidding."""
    return _first_auctions(seed, count, one_round, 4)


# --- perft ---------------------------------------------------------------------------------------
# position.perft's count (a pass is a move when following, a finished hand is a leaf at any depth)
# of every table, by one walk: the moves of each ply in a buffer of their own, kept for the
# whole walk (the laizi generator sorts what it makes, so the plies cannot share one buffer).

cdef enum:
    NODES_PER_SIGNAL_CHECK = 1 << 16
    PERFT_OUT_OF_MEMORY = -1
    PERFT_INTERRUPTED = -2
    MAX_PLIES = 4 * TWO_DECK_CARDS + 1  # a hand lasts at most (seats) x (cards) actions


cdef struct Walk:
    # What every node of a perft walk shares: the options, the move lists of each ply and a
    # countdown to the next look at pending signals (Ctrl-C).
    const Options* o
    Words* plies
    int depth               # how many plies there are
    int until_signal_check


cdef inline bint interrupted(int* until_signal_check) noexcept nogil:
    """Whether a signal handler raised (KeyboardInterrupt), asked once ``until_signal_check``
    (a walk's countdown) runs out: every so many nodes of any perft walk."""
    until_signal_check[0] -= 1
    if until_signal_check[0] > 0:
        return False
    until_signal_check[0] = NODES_PER_SIGNAL_CHECK
    with gil:
        return PyErr_CheckSignals() != 0


cdef int raise_pending() except -1:
    """Propagate the exception a signal handler has set (KeyboardInterrupt for Ctrl-C)."""
    return -1


cdef int64_t perft_node(const Table* p, int depth, Walk* w, int ply) noexcept nogil:
    """position.perft's leaf count below ``p``; PERFT_OUT_OF_MEMORY or PERFT_INTERRUPTED."""
    cdef Table child
    cdef Words* moves
    cdef Py_ssize_t n, j
    cdef int64_t nodes = 0, below
    if depth == 0 or is_over(p):
        return 1
    if ply >= w.depth:          # never: a hand ends within MAX_PLIES actions
        return PERFT_OUT_OF_MEMORY
    if interrupted(&w.until_signal_check):
        return PERFT_INTERRUPTED
    moves = &w.plies[ply]
    if depth == 1:              # every child is a leaf: count the moves (without writing them)
        n = count_of_moves(p, w.o, moves)
        return PERFT_OUT_OF_MEMORY if n < 0 else n + following(p)
    n = list_moves(p, w.o, moves)
    if n < 0:
        return PERFT_OUT_OF_MEMORY
    for j in range(-1 if following(p) else 0, n):
        child = p[0]
        if play_at(&child, moves, j):
            nodes += 1                  # the hand ended: a leaf at any depth
            continue
        below = perft_node(&child, depth - 1, w, ply + 1)
        if below < 0:
            return below
        nodes += below
    return nodes


cdef int64_t _perft_of(const Table* p, int depth, const Options* o) except -1:
    """The perft count of ``p`` to ``depth``, without the GIL; KeyboardInterrupt when a signal
    handler raised, MemoryError when a move list could not grow."""
    cdef Walk w
    cdef int64_t nodes
    cdef int ply
    if depth < 0:
        raise ValueError(f"depth must be at least 0, got {depth}")
    w.o = o
    w.depth = max(1, min(depth, MAX_PLIES))
    w.until_signal_check = NODES_PER_SIGNAL_CHECK
    w.plies = <Words*>calloc(w.depth, sizeof(Words))
    if w.plies == NULL:
        raise MemoryError("out of memory counting perft")
    try:
        with nogil:
            nodes = perft_node(p, depth, &w, 0)
    finally:
        for ply in range(w.depth):
            free(w.plies[ply].data)
        free(w.plies)
    if nodes == PERFT_INTERRUPTED:
        raise_pending()
    if nodes < 0:
        raise MemoryError("out of memory counting perft")
    return nodes


# --- rollouts ------------------------------------------------------------------------------------
# play_out of a position of every table: the random finish of random_games from a given
# position, from the seed's first stream.

cdef tuple _finish(Table* p, uint64_t seed, const Options* o, bint app):
    """(winner, bombs, actions, non-pass moves per seat) of a random finish of ``p``. A
    position that is already over has no actions, its winner the (last) seat whose hand is
    empty."""
    cdef Rng r = rng_for_game(seed, 0)
    cdef Words buf = Words(NULL, 0)
    cdef Tally t
    cdef int status, seat
    start_tally(&t, p)
    t.app = app
    try:
        with nogil:
            status = random_finish(p, &r, o, &buf, NULL, NULL, &t)
    finally:
        free(buf.data)
    if status == -2:
        raise ValueError(f"seat {p.player} must lead with no cards")
    if status < 0:
        raise MemoryError("out of memory playing out a position")
    return t.winner, t.bombs, t.actions, tuple([t.moves[seat] for seat in range(seats_of(p))])


# --- the kernels' positions, checked again ----------------------------------------------------------

cdef Play _play_of(tuple hands, int landlord, int to_move, uint64_t to_beat, int passes) except *:
    """The Play of position fields, checked again here so that no seat indexes out of the hands
    and no flag or type bit reaches a hand word, whatever the caller passed."""
    cdef Play p
    cdef int seat
    if len(hands) != 3:
        raise ValueError(f"a position has three hands, got {len(hands)}")
    for name, value in (("landlord", landlord), ("to_move", to_move)):
        if not 0 <= value < 3:
            raise ValueError(f"{name} must be a seat 0, 1 or 2, got {value}")
    if not 0 <= passes <= (1 if to_beat else 0):
        raise ValueError(f"passes must be 0 or 1 after a move and 0 when leading, got {passes}")
    for seat in range(3):
        p.hands[seat] = hands[seat]
        if p.hands[seat] & ~COUNT_MASK:
            raise ValueError(f"hand word {p.hands[seat]:#x} has bits outside the rank counts")
    if not one_deck(p.hands):
        raise ValueError("the hands hold more cards of a rank than one deck has")
    p.to_beat = to_beat
    p.landlord = landlord
    p.player = to_move
    p.passes = passes
    return p


cdef bint _is_two_deck_move(uint64_t lo, uint64_t hi) noexcept:
    """Whether two halves make a two-deck move word: counts (bits 0..3) and main-rank flags (bit
    4) only in the lanes of the 15 ranks, and in the top lane the two-deck bit and a move's
    type."""
    cdef int code = <int>((hi >> 56) & 0x7F)
    return (T_PASS < code < NUM_TYPES and (lo & ~0x1F1F1F1F1F1F1F1FULL) == 0
            and (hi & ~0x001F1F1F1F1F1F1FULL) == (<uint64_t>(0x80 | code)) << 56)


cdef TwoDecks _two_deck_hand_of(object counts, int seat) except *:
    """The two-deck word of a hand's 15 counts, checked again: at most 8 of a rank 3..2 and 2
    of a joker, so no lane of the word overflows into the next."""
    cdef TwoDecks hand
    cdef int rank, count
    if len(counts) != NUM_RANKS:
        raise ValueError(f"hand {seat} has {len(counts)} rank counts, not {NUM_RANKS}")
    hand.lo = hand.hi = 0
    for rank in range(NUM_RANKS):
        count = counts[rank]
        if not 0 <= count <= (2 if rank >= BLACK_JOKER else TWO_DECKS_COPIES):
            raise ValueError(f"hand {seat} holds {count} cards of rank index {rank}: two "
                             f"decks have at most "
                             f"{2 if rank >= BLACK_JOKER else TWO_DECKS_COPIES}")
        hand = plus(hand, rank, count)
    return hand


cdef FourSeatPlay _table_play_of(tuple hands, int to_move, uint64_t lo, uint64_t hi,
                                 int passes) except *:
    """The FourSeatPlay of position fields, checked again here so that no seat indexes out of
    the hands, no lane of a hand overflows and the move to beat is a two-deck move word (its
    two-deck bit, a type code of a move, only counts and flags in its lanes), whatever the
    caller passed."""
    cdef FourSeatPlay p
    cdef int seat, rank, total
    if len(hands) != 4:
        raise ValueError(f"a four-player position has four hands, got {len(hands)}")
    if not 0 <= to_move < 4:
        raise ValueError(f"to_move must be a seat 0, 1, 2 or 3, got {to_move}")
    p.to_beat.lo, p.to_beat.hi = lo, hi
    if not 0 <= passes <= (0 if lo == 0 and hi == 0 else 2):
        raise ValueError(f"passes must be 0, 1 or 2 after a move and 0 when leading, "
                         f"got {passes}")
    if (lo or hi) and not _is_two_deck_move(lo, hi):
        raise ValueError(f"move to beat {(<object>hi << 64) | lo:#x} is no wide move word")
    for seat in range(4):
        p.hands[seat] = _two_deck_hand_of(hands[seat], seat)
    for rank in range(NUM_RANKS):
        total = sum([hands[seat][rank] for seat in range(4)])
        if total > (2 if rank >= BLACK_JOKER else TWO_DECKS_COPIES):
            raise ValueError(f"the hands hold {total} cards of rank index {rank}: more than "
                             f"two decks have")
    p.landlord = 0          # unread: no settlement here
    p.player = to_move
    p.passes = passes
    return p


cdef WildPlay _laizi_play_of(tuple hands, int landlord, int to_move, tuple to_beat, int passes,
                             tuple wild) except *:
    """The WildPlay of position fields: the hands and seats checked again by _play_of, the wild
    ranks (low to high) checked to be one or two ranks 3..2. ``to_beat`` is the move to beat
    as (low half, high half, type code, key, length, cards) of its checked Move, or () when
    the player leads."""
    cdef uint64_t lo = to_beat[0] if to_beat else 0
    cdef Play plain = _play_of(hands, landlord, to_move, lo, passes)
    cdef WildPlay p
    if not 1 <= len(wild) <= 2 or not all(0 <= rank < WILD_CHOICES for rank in wild):
        raise ValueError(f"wild ranks are one or two ranks 3..2, got {wild}")
    p.hands[0], p.hands[1], p.hands[2] = plain.hands[0], plain.hands[1], plain.hands[2]
    p.landlord, p.player, p.passes = plain.landlord, plain.player, plain.passes
    p.nwild = len(wild)
    p.wild[0], p.wild[1] = wild[0], (wild[1] if p.nwild == 2 else -1)
    p.to_beat.k1 = p.to_beat.k2 = p.to_beat.lo = p.to_beat.hi = 0
    if to_beat:
        p.to_beat.lo, p.to_beat.hi = to_beat[0], to_beat[1]
        p.to_beat.k1 = ((<uint64_t>to_beat[2]) << 56) | ((<uint64_t>to_beat[4]) << 48) \
            | ((<uint64_t>to_beat[5]) << 40) | ((<uint64_t>to_beat[3]) << 32)
    return p


# --- kernels behind ddz_fast.positions.rollouts (arguments validated there) ------------------------

def _perft(tuple hands, int landlord, int to_move, uint64_t to_beat, int passes, int depth,
           rules):
    """position.perft of the position given by its words, counted natively; Ctrl-C raises
    KeyboardInterrupt within a fraction of a second."""
    cdef Options options = options_of(as_rules(rules))
    cdef Play p = _play_of(hands, landlord, to_move, to_beat, passes)
    return _perft_of(&p, depth, &options)


def _perft_table(tuple hands, int to_move, uint64_t to_beat_lo, uint64_t to_beat_hi,
                 int passes, int depth, rules):
    """table_position.perft of the four-player position given by its hands' counts, the player
    to move, the move to beat's two-deck word as low and high halves (both 0 when the player
    leads) and the passes since it, counted natively under a two-deck rule set; Ctrl-C raises
    KeyboardInterrupt within a fraction of a second."""
    cdef Options options = options_of(as_rules(rules), 2)
    cdef FourSeatPlay p = _table_play_of(hands, to_move, to_beat_lo, to_beat_hi, passes)
    return _perft_of(&p, depth, &options)


def _perft_laizi(tuple hands, int landlord, int to_move, tuple to_beat, int passes, int depth,
                 rules, tuple wild):
    """position.perft of a position with wild ranks ``wild`` (see _laizi_play_of), counted
    natively."""
    cdef Options options = _laizi_options(as_rules(rules))
    cdef WildPlay p = _laizi_play_of(hands, landlord, to_move, to_beat, passes, wild)
    return _perft_of(&p, depth, &options)


def _play_out(tuple hands, int landlord, int to_move, uint64_t to_beat, int passes,
              uint64_t seed, rules):
    """(winner, bombs, actions, non-pass moves per seat) of a random finish of a position."""
    cdef Options options = options_of(as_rules(rules))
    cdef Play p = _play_of(hands, landlord, to_move, to_beat, passes)
    return _finish(&p, seed, &options, False)


def _play_out_table(tuple hands, int to_move, uint64_t to_beat_lo, uint64_t to_beat_hi,
                    int passes, uint64_t seed, rules):
    """(winner, bombs, actions, non-pass moves per seat) of a random finish of the four-player
    position given as _perft_table takes it (its fields checked again by _table_play_of),
    under a two-deck rule set, as _play_out finishes three seats."""
    cdef Options options = options_of(as_rules(rules), 2)
    cdef FourSeatPlay p = _table_play_of(hands, to_move, to_beat_lo, to_beat_hi, passes)
    return _finish(&p, seed, &options, False)


def _play_out_laizi(tuple hands, int landlord, int to_move, tuple to_beat, int passes,
                    uint64_t seed, rules, tuple wild):
    """_play_out of a position with wild ranks ``wild`` (see _laizi_play_of): (winner, bombs,
    actions, non-pass moves per seat) of a random finish."""
    checked = as_rules(rules)
    cdef Options options = _laizi_options(checked)
    cdef WildPlay p = _laizi_play_of(hands, landlord, to_move, to_beat, passes, wild)
    cdef bint app = checked.bomb_multiplier == "app"
    return _finish(&p, seed, &options, app)


# --- the play phase of a game state, stepped from Python ----------------------------------------
# ddz_fast.engine.game.State keeps its play phase here: three hand words, the move to beat, the passes
# and the tallies of the settlement, with the legal actions of the position generated once and
# kept until the next step. ddz_fast.engine.stepping validates what reaches _new_table; a step takes
# a Move and checks it against the legal words itself, so no input reaches a word unchecked.

# The Move of a word is the one ddz_fast.moves._interned shares (made once per word, kept in a
# table that threads read without a lock).


@cython.final
cdef class _Table:
    """The play phase of a game state on words (see above); ``ddz_fast.engine.stepping`` builds it."""
    cdef Play p
    cdef Options o
    cdef Words buf          # the legal action words, the pass (0) first when following
    cdef Py_ssize_t n       # how many; -1 until generated for this position
    cdef Tally t
    cdef object rules       # the Rules of ``o``, for pickling

    def __cinit__(self):
        self.buf = Words(NULL, 0)
        self.n = -1

    def __dealloc__(self):
        free(self.buf.data)

    cdef int _generate(self) except -1:
        """List the legal actions of the position in ``buf`` (once per position)."""
        cdef bint following = self.p.to_beat != 0
        cdef Py_ssize_t count
        if self.n >= 0:
            return 0
        if self.t.winner >= 0:
            self.n = 0                      # the hand is over: nothing is legal
            return 0
        if not reserve(&self.buf, 1):
            raise MemoryError("out of memory listing moves")
        self.buf.data[0] = 0                # the pass, kept only when following
        count = generate_into(&self.buf, following, self.p.hands[self.p.player], self.p.to_beat,
                              &self.o)
        if count < 0:
            raise MemoryError("out of memory listing moves")
        self.n = count + following
        return 0

    def actions(self):
        """The legal actions of the player to move, as a new list of Moves (listed once per
        position: asking again only builds the list)."""
        return self._actions()

    cdef list _actions(self):
        cdef Py_ssize_t i
        cdef list moves
        self._generate()
        moves = PyList_New(self.n)          # filled in place: no append, no resizing
        for i in range(self.n):
            move = move_of(self.buf.data[i])
            Py_INCREF(move)                 # PyList_SET_ITEM steals a reference
            PyList_SET_ITEM(moves, i, move)
        return moves

    cdef Py_ssize_t _find(self, object move) except -2:
        """The index of ``move`` among the legal actions, -1 when it is none of them."""
        cdef uint64_t word
        cdef Py_ssize_t i
        if not isinstance(move, Move):
            return -1
        try:
            word = move._word
        except (OverflowError, TypeError):
            return -1           # a subclass's word that is no 64-bit word is no legal move
        self._generate()
        for i in range(self.n):
            if self.buf.data[i] == word:
                return i
        return -1

    def contains(self, move):
        """Whether ``move`` is a legal action now (membership by word)."""
        return self._find(move) >= 0

    def play(self, move, list log):
        """Play ``move`` if it is legal: the next player, 3 when it ended the hand, or -1 (and
        nothing changes) when it is not a legal action. A played move is appended to ``log``
        (unless None) as the event ``("act", player, move)``."""
        return self._play(move, log)

    cdef int _play(self, move, list log) except -2:
        cdef Py_ssize_t i = self._find(move)
        cdef uint64_t word
        cdef int mover = self.p.player
        if i < 0:
            return -1
        if log is not None:
            log.append(("act", mover, move))    # first: the one step here that may fail
        word = self.buf.data[i]
        count_action(&self.t, mover, word)
        self.n = -1
        if play_move(&self.p, word):
            self.t.winner = mover
            return 3
        return self.p.player

    def copy(self):
        """An independent copy (the legal actions are listed again when asked for)."""
        cdef _Table other = _Table.__new__(_Table)
        other.p, other.o, other.t, other.rules = self.p, self.o, self.t, self.rules
        return other

    def __reduce__(self):
        # A pickled (or deep-copied) State carries its table: rebuilt from these fields.
        return _restored_table, (self.hands, self.p.landlord, self.p.player, self.p.to_beat,
                                 self.p.passes, self.t.actions, self.plays, self.t.bombs,
                                 self.t.winner, self.rules)

    @property
    def hands(self):
        """The three hand words."""
        return (self.p.hands[0], self.p.hands[1], self.p.hands[2])

    @property
    def to_beat(self):
        """The word of the move to beat, 0 when the player to move leads."""
        return self.p.to_beat

    @property
    def passes(self):
        """Passes since the move to beat was played (0 or 1)."""
        return self.p.passes

    @property
    def player(self):
        """The seat to move."""
        return self.p.player

    @property
    def landlord(self):
        return self.p.landlord

    @property
    def plays(self):
        """Non-pass moves of each seat."""
        return (self.t.moves[0], self.t.moves[1], self.t.moves[2])

    @property
    def bombs(self):
        """Bombs and rockets played."""
        return self.t.bombs

    @property
    def winner(self):
        """The seat whose hand emptied, -1 while play goes on."""
        return self.t.winner

    def to_beat_move(self):
        """The Move to beat, None when the player to move leads."""
        return None if self.p.to_beat == 0 else move_of(self.p.to_beat)

    def key(self):
        """Everything the table holds, to compare tables by value."""
        return (self.hands, self.p.to_beat, self.p.passes, self.p.player, self.p.landlord,
                self.plays, self.t.bombs, self.t.winner)

    def __eq__(self, other):
        if not isinstance(other, _Table):
            return NotImplemented
        return self.key() == (<_Table>other).key()

    def __ne__(self, other):
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    __hash__ = None


cdef object _MOVE_TYPE = Move          # read once per step: a C global, not a module dict


cdef class _StateCore:
    """The part of a :class:`ddz_fast.engine.game.State` that a Python driver calls on every step.

    A driver's loop is ``while not state.is_over: state.apply(choice(state.legal_actions()))``:
    the fields these three read live in C slots here and the play phase's step is one C call
    into the table, where a Python method costs several times the step itself. Everything else
    (the other phases, the checks that name what is wrong, the settlement) is the subclass's;
    ``ddz_fast.engine.stepping.PyStateCore`` is the pure-Python twin.
    """
    cdef public str _phase
    cdef public object _player
    cdef public object _table
    cdef public list _log
    cdef public tuple _timeouts
    cdef public bint _over

    @property
    def is_over(self):
        """Whether the hand is over (phase 'over')."""
        return self._over

    def legal_actions(self):
        """The actions ``current_player`` may apply now (empty once over), a new list each time.

        In the play phase the moves (``Move.PASS`` first when following) are listed once per
        position on words and kept until the state changes; a call builds the list from them.
        """
        if self._phase == "play":
            if type(self._table) is _Table:
                return (<_Table>self._table)._actions()
            return self._table.actions()
        return list(self._legal_tuple())

    def apply(self, action):
        """The current player takes ``action`` (ValueError/TypeError if it is not legal)."""
        cdef int after, player
        if type(action) is _MOVE_TYPE and self._phase == "play" and type(self._table) is _Table:
            # The usual step: one C call checks the move against the legal actions, plays it
            # and logs it, or changes nothing and returns -1 (then the checks below name why).
            player = self._player
            after = (<_Table>self._table)._play(action, self._log)
            if after >= 0:
                if self._timeouts[player]:
                    self._timeouts = tuple([0 if seat == player else count
                                            for seat, count in enumerate(self._timeouts)])
                if after == 3:
                    self._finish()
                else:
                    self._player = after
                return
        self._apply_checked(action)


def _new_table(tuple hands, int landlord, rules):
    """The play phase from its start: ``hands`` (three words, the landlord's with the kitty)
    checked again by _play_of, the landlord to lead."""
    cdef _Table table = _Table.__new__(_Table)
    table.rules = as_rules(rules)
    table.o = options_of(table.rules)
    table.p = _play_of(hands, landlord, landlord, 0, 0)
    start_tally(&table.t, &table.p)
    return table


def _restored_table(tuple hands, int landlord, int player, uint64_t to_beat, int passes,
                    int actions, tuple plays, int bombs, int winner, rules):
    """A table in the middle of play from the fields ``_Table.__reduce__`` gives (the
    position checked again by _play_of, the tallies taken as they were)."""
    cdef _Table table = <_Table>_new_table(hands, landlord, rules)
    cdef int seat
    table.p = _play_of(hands, landlord, player, to_beat, passes)
    if len(plays) != 3 or not -1 <= winner < 3:
        raise ValueError("a table's tallies are three move counts and a seat or -1")
    table.t.actions, table.t.bombs, table.t.winner = actions, bombs, winner
    for seat in range(3):
        table.t.moves[seat] = plays[seat]
    return table


# --- dealing a Game's hand -----------------------------------------------------------------------

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

    Python seeds its Mersenne Twister from the 32-bit words of ``abs(seed)``, lowest first
    (one word 0 for seed 0), and its ``shuffle`` asks ``getrandbits(k)``, the top k bits of
    one output, as ``_shuffled_deck`` describes.
    """
    cdef MT g
    cdef uint32_t key[2]
    cdef uint64_t magnitude
    cdef uint8_t deck[DECK_CARDS]
    cdef uint64_t piles[4]
    cdef int i, j, n, k, length
    if type(seed) is not int:
        raise TypeError(f"the seed must be an int, not {type(seed).__name__}")
    _check_hand_size(hand_size)
    magnitude = abs(seed)           # OverflowError from 2**64 on
    key[0] = <uint32_t>magnitude
    key[1] = <uint32_t>(magnitude >> 32)
    length = 2 if key[1] else 1
    sorted_deck(deck)
    with nogil:
        mt_seed(&g, key, length)
        for i in range(DECK_CARDS - 1, 0, -1):
            n = i + 1
            k = bit_length(n)
            j = mt_next(&g) >> (32 - k)     # getrandbits(k), as _shuffled_deck asks it
            while j >= n:
                j = mt_next(&g) >> (32 - k)
            swap_cards(deck, i, j)
        deck_piles(deck, hand_size, piles)
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
