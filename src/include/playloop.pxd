# The play phase of every table, written once: a position, one step of play, the moves of the
# player to move (listed, or only counted as a perft walk needs them), the tally of the
# settlement and a random finish. Header-only, like movegen.pxd: ``from playloop cimport ...``.
#
# ``Table`` is a Cython fused type of the positions of the three tables, and every function here
# is compiled once for each (the places where they differ are ``if Table is ...`` tests, settled
# as Cython specialises, as in movegen.pxd):
#
# * ``Play``: three seats, one deck (ddz_fast.positions.three_player.Position on words), moves
#   the generator's one-deck words;
# * ``FourSeatPlay``: the four-player table on two decks (TablePosition), moves the generator's
#   two-deck words; play goes round 0 -> 1 -> 2 -> 3 -> 0;
# * ``WildPlay``: three seats, one deck and wild cards (laizi), moves the laizi generator's
#   LzMoves, whose ``lo`` holds the real cards (so a move leaves its hand as a plain move does);
#   the move to beat is kept whole, as its answers are built from its type, length, number of
#   cards and key (``k1``) and its bomb class (``hi``);
# * ``RunFastPlay``: Run Fast (docs/RULES.md, "Run Fast") at two or three seats on one deck
#   without jokers, moves runfastgen.pxd's 64-bit words. Its play rules are the differences: the
#   leader may not pass, ``must_beat`` lets a follower pass only when nothing beats
#   (may_pass), the one-card rule keeps only the highest solo while the next player holds one
#   card and the first play of a dealt hand may have to hold a 3 (list_moves). Its move
#   options are the position's own (``rf``): the ``Options`` every function takes are not read.
#
# A copy of a position is its undo. Once the other players have passed in a row (two at three
# seats, three at four), the player who made the last move leads. The moves of a position go to
# a Words buffer of 64-bit units (a one-deck word is one, a two-deck word two, an LzMove four);
# the pass is never listed, and is move -1 where a move is named by its index.
from libc.stdint cimport int64_t, uint8_t, uint64_t

from laizigen cimport (CLASS_HARD, CLASS_SOFT, HI_CLASS_SHIFT, LzMove, LzQuery, LzSink,
                       lz_answer_query, lz_generate, lz_lead_query)
from movegen cimport (BLACK_JOKER, COUNT_MASK, NUM_RANKS, Options, T_BOMB, T_ROCKET, T_SOLO,
                      TYPE_SHIFT, TwoDecks, card_count, count_at, counts_only, fits_one_deck,
                      is_bomb, is_zero, to_one_deck)
from rng cimport Rng, rng_below
from runfastgen cimport RunFast
from words cimport Words, count_moves, generate_into, reserve, runfast_generate_into


# --- positions -----------------------------------------------------------------------------------

cdef struct Play:
    uint64_t hands[3]
    uint64_t prev        # the move word to beat; 0 when the player to move leads
    int landlord
    int player
    int passes              # passes since ``prev`` was played (0 or 1)

cdef struct FourSeatPlay:
    TwoDecks hands[4]       # counts only: no flags, type or two-deck bit
    TwoDecks prev        # both halves 0 when the player to move leads
    int landlord
    int player
    int passes              # 0..2

cdef struct WildPlay:
    uint64_t hands[3]       # one-deck words, wild cards under their own rank
    LzMove prev          # ``lo == 0`` when the player to move leads
    int landlord
    int player
    int passes              # 0 or 1
    int wild[2]             # the wild ranks, low to high (-1: none)
    int nwild               # 1 or 2

cdef struct RunFastPlay:
    uint64_t hands[3]       # one-deck words; with two players the third is 0 and never read
    uint64_t prev        # the Run Fast move word to beat; 0 when the player to move leads
    int player
    int passes              # passes since ``prev`` was played (0 .. players - 2)
    int players             # 2 or 3
    const RunFast* rf       # the move options (owned by the caller, alive while play goes on)
    bint must_beat
    bint one_card_rule
    bint first_play         # spade3_in_first_play and no card played yet: the play holds a 3
    int hand_size           # the cards dealt to a hand: a loser still holding them is closed

ctypedef fused Table:
    Play
    FourSeatPlay
    WildPlay
    RunFastPlay


cdef inline int seats_of(const Table* p) noexcept nogil:
    if Table is FourSeatPlay:
        return 4
    elif Table is RunFastPlay:
        return p.players
    else:
        return 3


cdef inline bint following(const Table* p) noexcept nogil:
    """Whether the player to move has a move to beat."""
    if Table is Play or Table is RunFastPlay:
        return p.prev != 0
    elif Table is FourSeatPlay:
        return not is_zero(p.prev)
    else:
        return p.prev.lo != 0


cdef inline bint hand_empty(const Table* p, int seat) noexcept nogil:
    if Table is FourSeatPlay:
        return is_zero(p.hands[seat])
    else:
        return p.hands[seat] == 0


cdef inline bint may_pass(const Table* p, Py_ssize_t n) noexcept nogil:
    """Whether the player to move, who has ``n`` moves (the pass apart), may pass: when
    following; in Run Fast under ``must_beat`` only when nothing beats."""
    if Table is RunFastPlay:
        return following(p) and not (p.must_beat and n > 0)
    else:
        return following(p)


cdef inline bint is_over(const Table* p) noexcept nogil:
    """Whether a hand is empty: the hand has ended."""
    cdef int seat
    for seat in range(seats_of(p)):
        if hand_empty(p, seat):
            return True
    return False


# --- stepping ------------------------------------------------------------------------------------

cdef inline void after_pass(Table* p) noexcept nogil:
    """The player to move passed (and is no longer the one to move)."""
    p.passes += 1
    if p.passes == seats_of(p) - 1:     # the others all passed: the last player leads
        p.passes = 0
        if Table is Play or Table is RunFastPlay:
            p.prev = 0
        elif Table is FourSeatPlay:
            p.prev.lo = p.prev.hi = 0
        else:
            p.prev.lo = p.prev.hi = 0


cdef inline bint play_move(Play* p, uint64_t move) noexcept nogil:
    """The player to move plays the one-deck word ``move`` (0 passes): position.play_step on
    words. True when the move empties the player's hand, which ends the hand."""
    cdef int mover = p.player
    p.player = (mover + 1) % 3
    if move == 0:
        after_pass(p)
        return False
    p.hands[mover] -= move & COUNT_MASK
    p.prev = move
    p.passes = 0
    return p.hands[mover] == 0


cdef inline bint play_at(Table* p, const Words* moves, Py_ssize_t j) noexcept nogil:
    """The player to move plays move ``j`` of ``moves`` (-1 passes). True when the move empties
    the player's hand, which ends the hand."""
    cdef int mover = p.player
    cdef TwoDecks two
    cdef const LzMove* wild
    if Table is Play:
        return play_move(p, 0 if j < 0 else moves.data[j])
    else:
        p.player = (mover + 1) % seats_of(p)
        if j < 0:
            after_pass(p)
            return False
        p.passes = 0
        if Table is RunFastPlay:
            p.prev = moves.data[j]
            p.first_play = False
            p.hands[mover] -= p.prev & COUNT_MASK
            return p.hands[mover] == 0
        elif Table is FourSeatPlay:
            two = (<const TwoDecks*>moves.data)[j]
            p.prev = two
            two = counts_only(two)           # a held move: no lane borrows from the next
            p.hands[mover].lo -= two.lo
            p.hands[mover].hi -= two.hi
            return is_zero(p.hands[mover])
        else:
            wild = &(<const LzMove*>moves.data)[j]
            p.prev = wild[0]
            p.hands[mover] -= wild.lo & COUNT_MASK
            return p.hands[mover] == 0


# --- the moves of a position ---------------------------------------------------------------------

cdef inline Py_ssize_t wild_moves(const WildPlay* p, const Options* o, Words* out) noexcept nogil:
    """The laizi generator's moves of the player to move into ``out`` (kept from call to call,
    grown as the generator needs)."""
    cdef LzQuery q
    cdef uint64_t k1 = p.prev.k1
    cdef int bomb_class
    cdef LzSink s = LzSink(<LzMove*>out.data, out.cap // 4, 0, False)
    if p.prev.lo == 0:
        lz_lead_query(&q)
    else:
        bomb_class = (CLASS_HARD if p.prev.hi == 0 else
                      <int>((p.prev.hi >> HI_CLASS_SHIFT) & 3))
        lz_answer_query(&q, <int>(p.prev.lo >> TYPE_SHIFT), <int>((k1 >> 32) & 0xFF),
                        <int>((k1 >> 48) & 0xFF), <int>((k1 >> 40) & 0xFF), bomb_class)
    lz_generate(&s, p.hands[p.player], p.wild, p.nwild, o, &q)
    out.data, out.cap = <uint64_t*>s.buf, s.cap * 4
    return -1 if s.failed else s.n


cdef inline int highest_rank(uint64_t hand) noexcept nogil:
    """The highest rank a hand word holds (-1: none)."""
    cdef int rank = NUM_RANKS - 1
    while rank >= 0 and (hand >> (4 * rank)) & 0xF == 0:
        rank -= 1
    return rank


cdef inline Py_ssize_t runfast_moves(const RunFastPlay* p, Words* out) noexcept nogil:
    """Run Fast's generator's moves of the player to move, less those the table's rules
    forbid now, kept in order: under the one-card rule (the next player holds one card) the
    solos other than the highest card; on the first play of a dealt hand the moves without a 3
    when the leader holds one."""
    cdef uint64_t hand = p.hands[p.player], move
    cdef Py_ssize_t n = runfast_generate_into(out, 0, hand, p.prev, p.rf), j, kept = 0
    cdef bint one_card, needs_three
    cdef int highest
    if n <= 0:
        return n
    one_card = p.one_card_rule and card_count(p.hands[(p.player + 1) % p.players]) == 1
    needs_three = p.first_play and (hand & 0xF) != 0
    if not one_card and not needs_three:
        return n
    highest = highest_rank(hand)
    for j in range(n):
        move = out.data[j]
        if one_card and <int>(move >> TYPE_SHIFT) == T_SOLO and \
                (move >> (4 * highest)) & 0xF == 0:
            continue
        if needs_three and (move & 0xF) == 0:
            continue
        out.data[kept] = move
        kept += 1
    return kept


cdef inline Py_ssize_t list_moves(const Table* p, const Options* o, Words* out) noexcept nogil:
    """The moves of the player to move (leading, or beating the move to beat; the pass apart)
    into ``out`` from its start, in canonical order; their number, -1 out of memory."""
    if Table is WildPlay:
        return wild_moves(p, o, out)
    elif Table is RunFastPlay:
        return runfast_moves(p, out)
    else:
        return generate_into(out, 0, p.hands[p.player], p.prev, o)


cdef inline Py_ssize_t count_of_moves(const Table* p, const Options* o,
                                      Words* scratch) noexcept nogil:
    """How many moves the player to move has (the pass apart); -1 out of memory. Only the
    laizi generator, which sorts what it makes, writes them (into ``scratch``)."""
    if Table is WildPlay:
        return wild_moves(p, o, scratch)
    elif Table is RunFastPlay:
        return runfast_moves(p, scratch)
    else:
        return count_moves(p.hands[p.player], p.prev, o)


# --- the tally of the settlement -----------------------------------------------------------------

cdef struct Tally:
    int actions             # actions taken, passes included
    int bombs               # bombs and rockets played
    int moves[4]            # non-pass moves of each seat (for spring and anti-spring)
    int winner              # the seat whose hand emptied; -1 while play goes on
    int64_t factor          # wild cards: the product of what the bombs and the rocket
    bint app                # multiply by, under bomb_multiplier "app" when ``app``, else 2
    int bombs_won[4]        # Run Fast: the bombs of each seat that won their trick (paid)


cdef inline void start_tally(Tally* t, const Table* p) noexcept nogil:
    cdef int seat
    t.actions = t.bombs = 0
    t.moves[0] = t.moves[1] = t.moves[2] = t.moves[3] = 0
    t.bombs_won[0] = t.bombs_won[1] = t.bombs_won[2] = t.bombs_won[3] = 0
    t.winner = -1
    t.factor = 1
    t.app = False
    for seat in range(seats_of(p)):
        if hand_empty(p, seat):         # a position that is already over
            t.winner = seat


cdef inline void count_action(Tally* t, int player, uint64_t move) noexcept nogil:
    """The tally of three seats on one deck after ``player`` plays the word ``move``."""
    t.actions += 1
    if move != 0:
        t.moves[player] += 1
        t.bombs += is_bomb(move)


cdef inline int wild_factor(const LzMove* m, bint app) noexcept nogil:
    """What a move multiplies the multiplier by (docs/RULES.md, "Laizi"): 1 unless a bomb or
    the rocket; ``double``, 2; ``app``, 2 for a 4-card soft bomb, 4 for a 4-card hard or laizi
    bomb, 6 for a bomb of 5 or more cards and the rocket."""
    cdef int code = <int>(m.lo >> TYPE_SHIFT)
    if code != T_BOMB and code != T_ROCKET:
        return 1
    if not app:
        return 2
    if code == T_ROCKET or ((m.k1 >> 40) & 0xFF) >= 5:
        return 6
    return 2 if m.hi != 0 and ((m.hi >> HI_CLASS_SHIFT) & 3) == CLASS_SOFT else 4


cdef inline void tally_at(Tally* t, const Table* p, int player, const Words* moves,
                          Py_ssize_t j) noexcept nogil:
    """The tally after ``player`` plays move ``j`` of ``moves`` (-1 passes)."""
    cdef int factor
    cdef uint64_t move
    if Table is Play:
        count_action(t, player, 0 if j < 0 else moves.data[j])
    elif Table is RunFastPlay:
        # A bomb wins its trick when every other player has passed after it (its player then
        # leads), or when it empties its player's hand: the engine pays it then.
        if j < 0:
            t.actions += 1
            if p.passes == p.players - 2 and is_bomb(p.prev):
                t.bombs_won[(player + 1) % p.players] += 1
        else:
            move = moves.data[j]
            count_action(t, player, move)
            if is_bomb(move) and (move & COUNT_MASK) == p.hands[player]:
                t.bombs_won[player] += 1
    else:
        t.actions += 1
        if j < 0:
            return
        t.moves[player] += 1
        if Table is FourSeatPlay:
            t.bombs += is_bomb((<const TwoDecks*>moves.data)[j])
        else:
            factor = wild_factor(&(<const LzMove*>moves.data)[j], t.app)
            t.bombs += factor > 1
            t.factor *= factor


# --- random playouts -----------------------------------------------------------------------------

cdef inline bint record_at(Words* record, Py_ssize_t* recorded, const Table* p,
                           const Words* moves, Py_ssize_t j) noexcept nogil:
    """Append move ``j`` of ``moves`` (-1: the pass) to ``record``: a one-deck word (the pass
    0), or two halves (the pass (0, 0)): a two-deck move's canonical word (its one-deck word
    when its cards fit one deck), a wild-card move's laizi word. False out of memory."""
    cdef TwoDecks word
    cdef const LzMove* wild
    if Table is Play or Table is RunFastPlay:
        if not reserve(record, recorded[0] + 1):
            return False
        record.data[recorded[0]] = 0 if j < 0 else moves.data[j]
    else:
        if not reserve(record, 2 * (recorded[0] + 1)):
            return False
        word.lo = word.hi = 0
        if j >= 0:
            if Table is FourSeatPlay:
                word = (<const TwoDecks*>moves.data)[j]
                if fits_one_deck(word):
                    word.lo, word.hi = to_one_deck(word), 0
            else:
                wild = &(<const LzMove*>moves.data)[j]
                word.lo, word.hi = wild.lo, wild.hi
        (<TwoDecks*>record.data)[recorded[0]] = word
    recorded[0] += 1
    return True


cdef inline int random_finish(Table* p, Rng* r, const Options* o, Words* buf, Words* record,
                              Py_ssize_t* recorded, Tally* t) noexcept nogil:
    """Play uniformly random legal actions from ``p`` until a hand empties (the pass one of
    the ``n + 1`` choices when following; the leader, who holds a card, has ``n >= 1``).

    Each action is also appended to ``record`` (record_at) when it is not NULL. Returns 0, -1
    when memory runs out, or -2 when a player who may not pass has no move (a hand of no
    cards: never from a position that was validated, and every turn removes a card, so the
    loop always ends).
    """
    cdef Py_ssize_t n, j
    cdef int mover
    while t.winner < 0:
        n = list_moves(p, o, buf)
        if n < 0:
            return -1
        if not may_pass(p, n):
            if n == 0:
                return -2
            j = rng_below(r, n)
        else:
            j = rng_below(r, n + 1) - 1    # -1: the pass
        if record != NULL and not record_at(record, recorded, p, buf, j):
            return -1
        mover = p.player
        tally_at(t, p, mover, buf, j)
        if play_at(p, buf, j):
            t.winner = mover
    return 0


# --- the four-player table's words ---------------------------------------------------------------

cdef inline void lane_counts(TwoDecks hand, uint8_t* counts) noexcept nogil:
    """The 15 rank counts of a two-deck hand word."""
    cdef int rank
    for rank in range(NUM_RANKS):
        counts[rank] = count_at(hand, rank)


cdef inline bint one_deck(const uint64_t* hands) noexcept nogil:
    """Whether three hand words hold, together, at most one deck's cards of every rank."""
    cdef int rank, seat
    cdef uint64_t count
    for rank in range(NUM_RANKS):
        count = 0
        for seat in range(3):
            count += (hands[seat] >> (4 * rank)) & 7
        if count > (1 if rank >= BLACK_JOKER else 4):
            return False
    return True


# --- Run Fast's settlement -----------------------------------------------------------------------

cdef inline void runfast_scores(const RunFastPlay* p, const Tally* t, int64_t base,
                                int64_t bomb_score, int64_t* scores) noexcept nogil:
    """What each seat wins (negative: pays) once ``p`` is over, ``t`` its tally, as
    ddz_fast.engine.runfast settles a hand: each loser pays the winner ``base`` per card left,
    nothing on one card, double when closed (he still holds the whole hand he was dealt,
    ``hand_size`` cards: he played no card); each bomb that won its trick earns ``bomb_score
    x base`` from each other player.
    """
    cdef int seat, seats = p.players, left, won = 0
    cdef int64_t paid, amount = bomb_score * base
    for seat in range(seats):
        won += t.bombs_won[seat]
    for seat in range(seats):
        scores[seat] = amount * (seats * t.bombs_won[seat] - won)   # (seats-1)x own - others'
    for seat in range(seats):
        if seat == t.winner:
            continue
        left = card_count(p.hands[seat])
        paid = 0 if left == 1 else base * left * (2 if left == p.hand_size else 1)
        scores[seat] -= paid
        scores[t.winner] += paid
