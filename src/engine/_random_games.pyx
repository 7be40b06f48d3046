# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, freethreading_compatible=True
"""Random games of every table, natively: ddz_fast.positions.rollouts's random_games.

One kernel for the four tables of playloop.pxd (three seats on one deck, the four-player table
on two decks, three seats with wild cards, Run Fast): the deal of the table (and the wild draws
of each deal, as ddz_fast.engine.laizi draws them), the landlord (a random seat or a points
auction round the table), at four seats with partners the partner, random play to the end
(playloop.random_finish) and the settlement by sides. A Run Fast game has no landlord: its
deal is of physical cards (runfast_deal), the holder of the three of spades leads, and the
settlement is Run Fast's (playloop.runfast_scores). The entry points, one per table, take
arguments that ddz_fast.positions.rollouts has validated and check the rules again; nothing
holds a Python object or the GIL inside the loop.
"""
import numpy as np

from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint64_t
from libc.stdlib cimport free
from libc.string cimport memcpy

from ddz_fast.rules import as_rules

from dealing cimport (BID_POINTS, BID_POINTS_ONE_ROUND, BID_RANDOM, DEAL_SIZE, KITTY,
                      MAX_AUCTION_TURNS, TWO_DECK_DEAL_SIZE, TWO_DECK_KITTY, deal,
                      deal_two_decks, draw_wild, points_auction)
from movegen cimport NUM_RANKS, Options, TwoDecks, card_count, joined
from playloop cimport (FourSeatPlay, Play, RunFastPlay, Table, Tally, WildPlay, lane_counts,
                       random_finish, runfast_scores, seats_of, start_tally)
from rng cimport Rng, rng_below, rng_for_game
from rule_options cimport _bool_option, _int_option, options_of, runfast_of
from runfastgen cimport RunFast
from signals cimport PyErr_CheckSignals, raise_pending
from table_positions cimport wild_options
from words cimport Words

__all__ = ["_random_games", "_random_four_player_games", "_random_laizi_games",
           "_random_runfast_games", "_auctions", "_four_player_auctions"]


cdef struct Setup:
    # What a table's games need besides the move options.
    int bidding             # a Bidding
    int hand_size           # one deck: 17 cards a hand (and the kitty) or 18
    bint bonuses            # one deck: count the deal bonuses of the deal played
    bint partner            # four seats: the landlord picks a partner (sides="partner")
    int laizi               # wild cards: how many wild ranks each deal draws
    bint app                # wild cards: bomb_multiplier="app"
    const RunFast* rf       # Run Fast: the move options (NULL at the other tables)
    int players             # Run Fast: 2 or 3 (the third hand dealt face down with 2)
    bint must_beat          # Run Fast: the play rules and the scoring of its rules
    bint one_card_rule
    bint spade3_first       # spade3_in_first_play
    int64_t base
    int64_t bomb_score

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
    int spade3              # Run Fast: the pile dealt the three of spades
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


cdef enum:
    RUNFAST_MOST_CARDS = 48
    RUNFAST_HANDS = 3       # dealt at every Run Fast table: the last hidden when two play


cdef inline void runfast_deal(Rng* r, const RunFast* rf, GameResult* g) noexcept nogil:
    """Shuffle the physical cards of the Run Fast deck ``rf.deck`` (Fisher-Yates) and deal
    ``rf.hand_size`` to each of the three piles ``g.piles[0..2]`` (rank-count words), as a
    uniformly random physical deal does: card 0 is the three of spades (the sorted deck starts
    with the four threes, spades first, as ddz_fast.engine.runfast's does), and ``g.spade3`` is
    the pile it lands in."""
    cdef uint8_t ranks[RUNFAST_MOST_CARDS]
    cdef uint8_t deck[RUNFAST_MOST_CARDS]
    cdef int n = 0, rank, copy, i, j
    for rank in range(NUM_RANKS):
        for copy in range(<int>((rf.deck >> (4 * rank)) & 0xF)):
            ranks[n] = rank
            n += 1
    for i in range(n):
        deck[i] = i
    for i in range(n - 1, 0, -1):
        j = <int>rng_below(r, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    g.piles[0] = g.piles[1] = g.piles[2] = g.piles[3] = 0
    for i in range(n):
        g.piles[i // rf.hand_size] += <uint64_t>1 << (4 * ranks[deck[i]])
        if deck[i] == 0:
            g.spade3 = i // rf.hand_size


cdef inline int lowest_rank(uint64_t hand) noexcept nogil:
    cdef int rank = 0
    while (hand >> (4 * rank)) & 0xF == 0:
        rank += 1
    return rank


cdef inline int runfast_leader(const GameResult* g, int players) noexcept nogil:
    """Who leads a dealt Run Fast hand (ddz_fast.engine.runfast.leader_of_deal): the holder
    of the three of spades; with two players and that card in the hidden pile, the player of
    the lower lowest rank (seat 0 on a tie)."""
    if g.spade3 < players:
        return g.spade3
    return 1 if lowest_rank(g.piles[1]) < lowest_rank(g.piles[0]) else 0


cdef inline void deal_table(Table* kind, Rng* r, GameResult* g, const Setup* s) noexcept nogil:
    """Shuffle and deal the cards of the table of ``kind`` (only its type is read)."""
    if Table is RunFastPlay:
        runfast_deal(r, s.rf, g)
    elif Table is FourSeatPlay:
        deal_two_decks(r, g.two_decks)
    else:
        deal(r, g.piles, s.hand_size)
        if Table is WildPlay:
            draw_wild(r, s.laizi, g.drawn)


cdef int choose_landlord(Table* kind, Rng* r, GameResult* g, const Setup* s) noexcept nogil:
    """Deal, and pick the landlord as ``s.bidding`` says; re-deal while nobody bids, the next
    seat bidding first (as Game does)."""
    cdef int seats = seats_of(kind), landlord, first
    if Table is RunFastPlay:            # no bidding: the deal names the leader
        deal_table(kind, r, g, s)
        g.stake = 1
        return runfast_leader(g, s.players)
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


cdef void settle(const Table* p, GameResult* g, const Setup* s) noexcept nogil:
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
    if Table is RunFastPlay:
        runfast_scores(p, &g.tally, s.base, s.bomb_score, g.scores)
        return
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
    if Table is RunFastPlay:
        p.hands[0], p.hands[1] = g.piles[0], g.piles[1]
        p.hands[2] = g.piles[2] if s.players == 3 else 0    # two players: the third is hidden
        p.prev = 0
        p.players, p.rf, p.hand_size = s.players, s.rf, s.rf.hand_size
        p.must_beat, p.one_card_rule, p.first_play = s.must_beat, s.one_card_rule, s.spade3_first
        p.player = g.landlord       # the leader
        p.passes = 0
    elif Table is FourSeatPlay:
        if s.partner:
            g.partner = (g.landlord + 1 + <int>rng_below(&r, 3)) % 4
        for seat in range(4):
            p.hands[seat] = g.two_decks[seat]
        p.hands[g.landlord] = joined(p.hands[g.landlord], g.two_decks[TWO_DECK_KITTY])
        p.prev.lo = p.prev.hi = 0
    else:
        p.hands[0], p.hands[1], p.hands[2] = g.piles[0], g.piles[1], g.piles[2]
        p.hands[g.landlord] += g.piles[KITTY]
        if Table is Play:
            p.prev = 0
        else:
            p.prev.k1 = p.prev.k2 = p.prev.lo = p.prev.hi = 0
            wild_low_to_high(g.drawn, p)
    if Table is not RunFastPlay:
        p.landlord = p.player = g.landlord
        p.passes = 0
    start_tally(&g.tally, p)
    g.tally.app = s.app
    if random_finish(p, &r, o, buf, record, recorded, &g.tally) < 0:
        return -1
    settle(p, g, s)
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
    int8_t* spade3          # Run Fast: the pile dealt the three of spades
    int8_t* cards_left      # Run Fast: (N, players)
    int16_t* bombs_won      # Run Fast: (N, players)
    int64_t* ends           # the offsets of each game's recorded moves


cdef inline void store(const Table* p, const Columns* c, Py_ssize_t i, const GameResult* g,
                       Py_ssize_t recorded) noexcept nogil:
    """Game ``i``'s row of every column."""
    cdef int seats = seats_of(p), seat
    cdef TwoDecks hand
    if Table is RunFastPlay:
        store_runfast(p, c, i, g, recorded)
        return
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


cdef inline void store_runfast(const RunFastPlay* p, const Columns* c, Py_ssize_t i,
                               const GameResult* g, Py_ssize_t recorded) noexcept nogil:
    """Game ``i``'s row of the Run Fast columns (ddz_fast.positions.rollouts.
    RunFastGames): ``landlord`` holds the leader, ``multiplier`` the winner."""
    cdef int seat, seats = p.players
    c.landlord[i], c.spade3[i] = g.landlord, g.spade3
    (<int8_t*>c.multiplier)[i] = g.tally.winner
    c.plays[i] = g.tally.actions
    for seat in range(seats):
        (<int64_t*>c.scores)[seats * i + seat] = g.scores[seat]
        c.cards_left[seats * i + seat] = card_count(p.hands[seat])
        c.bombs_won[seats * i + seat] = g.tally.bombs_won[seat]
        c.bombs[seats * i + seat] = g.tally.moves[seat]       # non-pass moves of each seat
    for seat in range(RUNFAST_HANDS):
        (<uint64_t*>c.hands)[RUNFAST_HANDS * i + seat] = g.piles[seat]
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
    if Table is RunFastPlay:
        return _runfast_games(&p, seed, start, count, s, o, record, signals_every)
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


cdef object _runfast_games(RunFastPlay* p, uint64_t seed, uint64_t start, Py_ssize_t count,
                           const Setup* s, const Options* o, bint record,
                           Py_ssize_t signals_every):
    """The result arrays of play_games at a Run Fast table (RunFastGames documents them)."""
    cdef int seats = s.players
    cdef Words buf = Words(NULL, 0), moves = Words(NULL, 0)
    cdef Columns c
    cdef int failed
    out = {
        "leader": np.empty(count, np.int8), "spade3": np.empty(count, np.int8),
        "winner": np.empty(count, np.int8), "plays": np.empty(count, np.int16),
        "seat_moves": np.empty((count, seats), np.int16),
        "scores": np.empty((count, seats), np.int64),
        "cards_left": np.empty((count, seats), np.int8),
        "bombs": np.empty((count, seats), np.int16),
        "hands": np.empty((count, RUNFAST_HANDS), np.uint64),
    }
    offsets = np.zeros(count + 1, np.int64)
    c.landlord = <int8_t*>_data(out["leader"])
    c.spade3 = <int8_t*>_data(out["spade3"])
    c.multiplier = _data(out["winner"])
    c.plays = <int16_t*>_data(out["plays"])
    c.bombs = <int16_t*>_data(out["seat_moves"])
    c.scores = _data(out["scores"])
    c.cards_left = <int8_t*>_data(out["cards_left"])
    c.bombs_won = <int16_t*>_data(out["bombs"])
    c.hands = _data(out["hands"])
    c.ends = <int64_t*>_data(offsets)
    try:
        with nogil:
            failed = play_games(p, seed, start, count, s, o, &buf,
                                &moves if record else NULL, &c, signals_every)
        if failed == 2:
            raise_pending()
        if failed:
            raise MemoryError("out of memory playing random games")
        if record:
            out["moves"] = _copy_words(moves.data, offsets[count], 1)
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


def _random_games(uint64_t seed, uint64_t start, Py_ssize_t count, rules, int bidding,
                  bint record):
    """Games ``start .. start + count - 1`` of ``seed`` as a dict of per-game arrays
    (ddz_fast.positions.rollouts.RandomGames documents them)."""
    checked = as_rules(rules)
    cdef Options options = options_of(checked)
    cdef Setup s = Setup(bidding, checked.hand_size, checked.deal_bonuses, False, 0, False,
                         NULL, 3, False, False, False, 0, 0)
    return _games(<Play*>NULL, seed, start, count, &s, &options, record, 4096)


def _random_four_player_games(uint64_t seed, uint64_t start, Py_ssize_t count, rules, int bidding,
                              bint record):
    """Games ``start .. start + count - 1`` of ``seed`` at the four-player table, as a dict of
    per-game arrays (ddz_fast.positions.rollouts.RandomGames documents them)."""
    checked = as_rules(rules)
    cdef Options options = options_of(checked, 2)   # refuses one deck: four players' rules
    cdef Setup s = Setup(bidding, TWO_DECK_DEAL_SIZE, False, checked.sides == "partner", 0,
                         False, NULL, 4, False, False, False, 0, 0)
    return _games(<FourSeatPlay*>NULL, seed, start, count, &s, &options, record, 1024)


def _random_laizi_games(uint64_t seed, uint64_t start, Py_ssize_t count, rules, int bidding,
                        bint record):
    """Games ``start .. start + count - 1`` of ``seed`` under rules with wild cards, as a dict
    of per-game arrays (ddz_fast.positions.rollouts.RandomGames documents them)."""
    checked = as_rules(rules)
    if not checked.laizi or checked.players != 3:
        raise ValueError(f"{checked!r} has no wild cards at three seats")
    cdef Options options = wild_options(checked)
    cdef Setup s = Setup(bidding, checked.hand_size, False, False, checked.laizi,
                         checked.bomb_multiplier == "app", NULL, 3, False, False, False, 0, 0)
    return _games(<WildPlay*>NULL, seed, start, count, &s, &options, record, 256)


def _random_runfast_games(uint64_t seed, uint64_t start, Py_ssize_t count, rules, int bidding,
                          bint record):
    """Games ``start .. start + count - 1`` of ``seed`` under Run Fast rules, as a dict of
    per-game arrays (ddz_fast.positions.rollouts.RunFastGames documents them); ``bidding``
    must be BID_RANDOM (Run Fast has no bidding: the deal names the leader)."""
    if bidding != BID_RANDOM:
        raise ValueError("Run Fast has no bidding: random games deal and the deal names the "
                         "leader")
    checked = as_rules(rules)
    cdef RunFast rf = runfast_of(checked)
    cdef Options unread         # Run Fast's options are the position's own (p.rf)
    cdef Setup s = Setup(BID_RANDOM, rf.hand_size, False, False, 0, False, &rf,
                         _int_option(checked, "players", 2, 3),
                         _bool_option(checked, "must_beat"), _bool_option(checked, "one_card_rule"),
                         _bool_option(checked, "spade3_in_first_play"),
                         _int_option(checked, "base", 1, 1_000_000),
                         _int_option(checked, "bomb_score", 0, 1_000_000))
    return _games(<RunFastPlay*>NULL, seed, start, count, &s, &unread, record, 4096)


cdef list _first_auctions(uint64_t seed, Py_ssize_t count, bint one_round, int seats):
    """The first points auction of games 0 .. count - 1 of ``seed`` at ``seats`` seats, as
    random_games(..., bidding="points") runs it (choose_landlord deals before the auction)."""
    cdef Rng r
    cdef int first, landlord, stake, k
    cdef GameResult g
    cdef int8_t log[2 * MAX_AUCTION_TURNS + 1]
    cdef Setup s = Setup(BID_POINTS, DEAL_SIZE, False, False, 0, False, NULL, 3, False, False,
                         False, 0, 0)
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


def _four_player_auctions(uint64_t seed, Py_ssize_t count, bint one_round):
    """The first points auction of games 0 .. count - 1 of ``seed`` at the four-player table,
    as random_games(..., bidding="points") runs it: [(first bidder, ((seat, bid), ...),
    landlord or -1, stake)]. For the differential test against ddz_fast.engine.bidding."""
    return _first_auctions(seed, count, one_round, 4)
