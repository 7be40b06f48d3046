# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, freethreading_compatible=True
"""Native kernels of the search bots (ddz_fast.search.search_bots): rollout values and ISMCTS.

Both work on determinizations, one row of hand words per deal, and play with the shared play
loop (playloop.pxd) and the core's generators: no generator of their own. They are written once
over the fused type ``Searched`` of the tables they search, which a call names:

* ``"three_player"`` (``Play``): three seats on one deck, rows of three hand words
  (InformationSet.sample);
* ``"laizi"`` (``WildPlay``): the same with wild cards, its moves the laizi generator's;
* ``"four_player"`` (``FourSeatPlay``): four seats on two decks, rows of eight 64-bit halves
  (each seat's two-deck hand word, low half first);
* ``"runfast"`` (``RunFastPlay``): Run Fast at two or three seats (RunFastInformationSet's
  positions, the third word 0 with two players).

A side is the landlord's or the peasants' in Dou Dizhu (at the four-player table with a partner,
the landlord and its partner are one side), and every Run Fast player is a side of his own; a
finish is won by the side of the seat that goes out first. An action is named by a *key*, the
128 bits of its move word as (low half, high half), the pass (0, 0): a one-deck or Run Fast
word in the low half, the two-deck word of a four-player move (in the two-deck layout even when
its cards fit one deck, as the generator makes it), the laizi word of a move with wild cards.
The player to move owns the same hand in every determinization, so its actions are the same in
all of them; every key given is looked up among them (ValueError when one is not there). The
other hands differ. ddz_fast.search.search_bots validates every argument first (the samples are
the information set's deals); the kernels run without the GIL and hold no Python object inside
their loops.

* ``_rollout_wins``: for each of the player's actions, how many finishes after it, over every
  determinization, the player's side won (perfect-information Monte Carlo's estimate).
* ``_ismcts``: single-observer information-set MCTS (Cowling, Powley and Whitehouse, 2012).
  One tree over the player's view; iteration i deals determinization ``i % K``, descends
  choosing among the children whose action is legal in that determinization by UCB1 with
  availability counts, adds one child, finishes the hand and credits each node's mover when
  its side won. The root's children can carry biases on their values (the bot's preferences
  over its own actions, such as keeping its bombs at the four-player table).
"""
import numpy as np

from libc.math cimport isfinite, log, sqrt
from libc.stdint cimport int32_t, int64_t, uint64_t
from libc.stdlib cimport free, malloc

from laizigen cimport LzMove
from movegen cimport COUNT_MASK, NUM_RANKS, Options, TwoDecks, card_count, counts_only, \
    is_bomb, same
from playloop cimport (FourSeatPlay, Play, RunFastPlay, Tally, WildPlay, following,
                       list_moves, may_pass, play_at, random_finish, seats_of, start_tally)
from rng cimport Rng, mix64, rng_below, rng_for_game
from rule_options cimport _bool_option, options_of, runfast_of
from runfastgen cimport RunFast
from table_positions cimport four_seat_play_of, play_of, wild_options, wild_play_of
from words cimport Words

from ddz_fast.rules import as_rules

__all__ = ["_rollout_wins", "_ismcts", "TABLES"]

ctypedef fused Searched:
    Play
    WildPlay
    FourSeatPlay
    RunFastPlay

#: The tables a call may name, and the columns of a row of its determinizations.
TABLES = {"three_player": 3, "laizi": 3, "four_player": 8, "runfast": 3}

cdef enum:
    OUT_OF_MEMORY = -1
    NO_MOVE = -2
    NOT_AN_ACTION = -3


cdef struct Context:
    # What every step of a search reads: its random stream, the move options, the rollout
    # policy, the seats of the landlord's side (one bit each; unread in Run Fast) and ISMCTS's
    # weight of the exploration bonus.
    Rng rng
    const Options* options
    int policy
    unsigned side
    double exploration


cdef struct Key:
    # An action's move word as two 64-bit halves; the pass is (0, 0).
    uint64_t lo
    uint64_t hi


cdef inline bint same_side(const Searched* p, const Context* c, int seat,
                           int other) noexcept nogil:
    """Whether ``seat`` and ``other`` play on one side: the landlord's (with its partner, if
    any) or the others' in Dou Dizhu; in Run Fast only a seat with itself."""
    if Searched is RunFastPlay:
        return seat == other
    else:
        return ((c.side >> seat) & 1) == ((c.side >> other) & 1)


cdef inline Searched start_of(const Searched* root, const uint64_t[:, ::1] samples,
                              Py_ssize_t row) noexcept nogil:
    """The root position with the hands of determinization ``row``."""
    cdef Searched p = root[0]
    cdef int seat
    if Searched is FourSeatPlay:
        for seat in range(4):
            p.hands[seat].lo, p.hands[seat].hi = samples[row, 2 * seat], samples[row, 2 * seat + 1]
    else:
        p.hands[0], p.hands[1], p.hands[2] = samples[row, 0], samples[row, 1], samples[row, 2]
    return p


# --- the moves of a list, whatever the table ------------------------------------------------------

cdef inline Key key_at(const Searched* p, const Words* moves, Py_ssize_t j) noexcept nogil:
    """The key of move ``j`` of ``moves`` (-1: the pass)."""
    cdef Key key = Key(0, 0)
    if j < 0:
        return key
    if Searched is FourSeatPlay:
        key.lo, key.hi = (<const TwoDecks*>moves.data)[j].lo, (<const TwoDecks*>moves.data)[j].hi
    elif Searched is WildPlay:
        key.lo, key.hi = (<const LzMove*>moves.data)[j].lo, (<const LzMove*>moves.data)[j].hi
    else:
        key.lo = moves.data[j]
    return key


cdef inline bint empties_hand(const Searched* p, const Words* moves, Py_ssize_t j) noexcept nogil:
    """Whether move ``j`` of ``moves`` plays every card of the player to move."""
    if Searched is FourSeatPlay:
        return same(counts_only((<const TwoDecks*>moves.data)[j]), p.hands[p.player])
    elif Searched is WildPlay:
        return ((<const LzMove*>moves.data)[j].lo & COUNT_MASK) == p.hands[p.player]
    else:
        return (moves.data[j] & COUNT_MASK) == p.hands[p.player]


cdef inline int cards_at(const Searched* p, const Words* moves, Py_ssize_t j) noexcept nogil:
    """The number of cards of move ``j`` of ``moves``."""
    if Searched is FourSeatPlay:
        return card_count(counts_only((<const TwoDecks*>moves.data)[j]))
    elif Searched is WildPlay:
        return card_count((<const LzMove*>moves.data)[j].lo & COUNT_MASK)
    else:
        return card_count(moves.data[j] & COUNT_MASK)


cdef inline bint bomb_at(const Searched* p, const Words* moves, Py_ssize_t j) noexcept nogil:
    """Whether move ``j`` of ``moves`` is a bomb or the rocket (of any class)."""
    if Searched is FourSeatPlay:
        return is_bomb((<const TwoDecks*>moves.data)[j])
    elif Searched is WildPlay:
        return is_bomb((<const LzMove*>moves.data)[j].lo)   # the type code of the low half
    else:
        return is_bomb(moves.data[j])


# --- finishing a hand: the rollout policies ------------------------------------------------------

cpdef enum Policy:
    RANDOM = 0      # uniformly random legal actions (playloop.random_finish)
    RULES = 1       # the rule-based policy of rules_action


cdef inline bint one_in(Rng* r, int k) noexcept nogil:
    return rng_below(r, k) == 0


cdef Py_ssize_t rules_action(Context* c, const Words* moves, Py_ssize_t n,
                             const Searched* p) noexcept nogil:
    """A quick rule-based action, as a simple human player would take it: the index of a move
    of ``moves``, or -1 to pass.

    A move that empties the hand is always played. Leading: the ordinary move (no bomb, no
    rocket) of the most cards, the first of them in canonical order (so the lowest), or one at
    random one time in eight. Following: a partner's move is passed (Run Fast has no partner);
    an opponent's is beaten by the cheapest ordinary move (the first in canonical order that is
    no bomb or rocket: a space shuttle's answers come after those), passed one time in eight,
    and only bombed (or rocketed) half the time when nothing else beats it. Where the rules
    forbid the pass (Run Fast's must-beat), the cheapest move is played instead.
    """
    cdef Rng* r = &c.rng
    cdef Py_ssize_t j, best = -1
    cdef int most = 0, size
    cdef int last
    for j in range(n):
        if empties_hand(p, moves, j):
            return j
    if not following(p):
        if one_in(r, 8):
            return rng_below(r, n)
        for j in range(n):
            size = cards_at(p, moves, j)
            if size > most and not bomb_at(p, moves, j):
                best, most = j, size
        return best if best >= 0 else 0
    if not may_pass(p, n):
        return 0
    last = (p.player + seats_of(p) - 1 - p.passes) % seats_of(p)
    if same_side(p, c, last, p.player) or n == 0 or one_in(r, 8):
        return -1
    for j in range(n):
        if not bomb_at(p, moves, j):
            return j
    return 0 if one_in(r, 2) else -1


cdef int rules_finish(Searched* p, Context* c, Words* buf) noexcept nogil:
    """The seat that goes out first when every player follows rules_action; OUT_OF_MEMORY."""
    cdef Py_ssize_t n
    cdef int mover
    while True:
        n = list_moves(p, c.options, buf)
        if n < 0:
            return OUT_OF_MEMORY
        if n == 0 and not may_pass(p, n):
            return NO_MOVE      # a leader with no cards: never from a validated position
        mover = p.player
        if play_at(p, buf, rules_action(c, buf, n, p)):
            return mover


cdef inline int finish(Searched* p, int mover, bint ended, Context* c, Words* buf) noexcept nogil:
    """The seat that goes out first: ``mover`` when its move ``ended`` the hand, else the
    finish from ``p`` by the context's policy; OUT_OF_MEMORY when the move list cannot grow."""
    cdef Tally t
    cdef int status
    if ended:
        return mover
    if c.policy == RULES:
        return rules_finish(p, c, buf)
    start_tally(&t, p)
    status = random_finish(p, &c.rng, c.options, buf, NULL, NULL, &t)  # 0, -1 or -2
    return t.winner if status == 0 else status


cdef int root_moves(const Searched* root, const uint64_t[:, ::1] samples,
                    const uint64_t[:, ::1] actions, const Context* c, Words* moves,
                    Py_ssize_t* index) noexcept nogil:
    """The moves of the player to move (the same in every determinization) into ``moves``,
    and each action's index among them into ``index`` (-1: the pass): 0, OUT_OF_MEMORY, or
    NOT_AN_ACTION when a key is none of the player's actions."""
    cdef Searched p = start_of(root, samples, 0)
    cdef Py_ssize_t n = list_moves(&p, c.options, moves), a, j, guess
    cdef bint passing
    cdef Key key
    if n < 0:
        return OUT_OF_MEMORY
    passing = may_pass(&p, n)
    for a in range(actions.shape[0]):
        index[a] = -2
        if actions[a, 0] == 0 and actions[a, 1] == 0:
            if not passing:
                return NOT_AN_ACTION
            index[a] = -1
            continue
        # Given in the order of the legal actions (the pass first when following), the keys
        # are found at once: the search is for any other order.
        guess = a - passing if a >= passing else 0
        for j in range(n):
            key = key_at(&p, moves, (guess + j) % n)
            if key.lo == actions[a, 0] and key.hi == actions[a, 1]:
                index[a] = (guess + j) % n
                break
        if index[a] == -2:
            return NOT_AN_ACTION
    return 0


cdef int check_status(int status) except -1:
    if status == OUT_OF_MEMORY:
        raise MemoryError("out of memory for the search's move lists")
    if status == NO_MOVE:
        raise ValueError("a player must lead with no cards: the hands are not a position")
    if status == NOT_AN_ACTION:
        raise ValueError("an action is none of the legal actions of the player to move")
    return 0


# --- the root of a search ------------------------------------------------------------------------

cdef class _Root:
    """The root of a search at one table (its hands come from each determinization), its move
    options and the seats of the landlord's side."""
    cdef Play play
    cdef WildPlay wild
    cdef FourSeatPlay four
    cdef RunFastPlay runfast
    cdef RunFast rf             # the Run Fast options ``runfast.rf`` points to
    cdef Options options
    cdef unsigned side


cdef tuple NO_HANDS = (0, 0, 0)
cdef tuple NO_TWO_DECK_HANDS = ((0,) * NUM_RANKS,) * 4


cdef _Root root_of(str table, tuple fields, rules, const uint64_t[:, ::1] samples,
                   const uint64_t[:, ::1] actions):
    """The root of ``table`` from its ``fields`` (search_bots gives them), checked again as
    the positions of table_positions.pxd are, with the shapes of the samples and actions."""
    cdef _Root root = _Root.__new__(_Root)
    checked = as_rules(rules)
    if table not in TABLES:
        raise ValueError(f"unknown table {table!r}: one of {', '.join(TABLES)}")
    if samples.shape[0] < 1 or samples.shape[1] != TABLES[table]:
        raise ValueError(f"the determinizations of {table} are rows of {TABLES[table]} words, "
                         f"at least one")
    if actions.shape[1] != 2:
        raise ValueError("the actions are keys of two 64-bit halves")
    if table == "three_player":
        landlord, to_move, prev, passes = fields
        root.play = play_of(NO_HANDS, landlord, to_move, prev, passes)
        root.options = options_of(checked)
    elif table == "laizi":
        landlord, to_move, prev, passes, wild = fields
        root.wild = wild_play_of(NO_HANDS, landlord, to_move, prev, passes, wild)
        root.options = wild_options(checked)
    elif table == "four_player":
        landlord, partner, to_move, lo, hi, passes = fields
        if not 0 <= landlord < 4 or not -1 <= partner < 4 or partner == landlord:
            raise ValueError(f"landlord {landlord} and partner {partner} (-1: none) are two "
                             f"seats 0..3")
        root.four = four_seat_play_of(NO_TWO_DECK_HANDS, to_move, lo, hi, passes)
        root.four.landlord = landlord
        root.options = options_of(checked, 2)
        if partner >= 0:
            root.side = (<unsigned>1) << partner
    else:
        to_move, prev, passes, first_play = fields
        root.rf = runfast_of(checked)
        root.runfast = runfast_root(&root.rf, checked, to_move, prev, passes, first_play)
        return root
    root.side |= (<unsigned>1) << landlord
    return root


cdef RunFastPlay runfast_root(const RunFast* rf, object checked, int to_move, uint64_t prev,
                              int passes, bint first_play) except *:
    """The root of a Run Fast search (its hands come from each determinization): the trick,
    the play rules of ``checked`` and the first-play rule when the decision is the hand's
    first play."""
    cdef RunFastPlay root
    if not 0 <= to_move < checked.players or not 0 <= passes <= checked.players - 2:
        raise ValueError(f"to_move {to_move} and passes {passes} do not fit "
                         f"{checked.players} players")
    root.hands[0] = root.hands[1] = root.hands[2] = 0
    root.prev, root.player, root.passes = prev, to_move, passes
    root.players = checked.players
    root.rf, root.hand_size = rf, rf.hand_size
    root.must_beat = _bool_option(checked, "must_beat")
    root.one_card_rule = _bool_option(checked, "one_card_rule")
    root.first_play = first_play
    return root


cdef inline Context context_of(_Root root, int policy, uint64_t seed, double exploration):
    return Context(rng_for_game(seed, 0), &root.options, policy, root.side, exploration)


# --- perfect-information Monte Carlo: finishes after each action --------------------------------

cdef int rollout_wins(const Searched* root, const uint64_t[:, ::1] samples,
                      const uint64_t[:, ::1] actions, int rollouts, Context* c,
                      int64_t[::1] wins) noexcept nogil:
    cdef Words first = Words(NULL, 0), buf = Words(NULL, 0)
    cdef Py_ssize_t* index = <Py_ssize_t*>malloc((actions.shape[0] + 1) * sizeof(Py_ssize_t))
    cdef int status = OUT_OF_MEMORY
    if index != NULL:
        status = root_moves(root, samples, actions, c, &first, index)
        if status == 0:
            status = finishes(root, samples, &first, index, actions.shape[0], rollouts, c,
                              &buf, wins)
    free(index)
    free(first.data)
    free(buf.data)
    return status


cdef int finishes(const Searched* root, const uint64_t[:, ::1] samples, const Words* first,
                  const Py_ssize_t* index, Py_ssize_t actions, int rollouts, Context* c,
                  Words* buf, int64_t[::1] wins) noexcept nogil:
    """``rollouts`` finishes after each action (``index[a]`` of the root's moves ``first``) on
    every determinization, the won ones added to ``wins``: 0, or a negative status."""
    cdef Py_ssize_t s, a, k
    cdef Searched start, p
    cdef bint ended
    cdef int winner, to_move = root.player
    for s in range(samples.shape[0]):
        start = start_of(root, samples, s)
        for a in range(actions):
            for k in range(rollouts):
                p = start
                ended = play_at(&p, first, index[a])
                winner = finish(&p, to_move, ended, c, buf)
                if winner < 0:
                    return winner
                wins[a] += same_side(&p, c, winner, to_move)
                if ended:       # the same finish every time: count the rest at once
                    wins[a] += rollouts - 1 - k
                    break
    return 0


def _rollout_wins(str table not None, tuple root not None,
                  const uint64_t[:, ::1] samples not None, const uint64_t[:, ::1] actions not None,
                  int rollouts, int policy, uint64_t seed, rules):
    """int64[len(actions)]: per action (a key), the finishes after it by ``policy``
    (``rollouts`` on each determinization) that the side of the player to move won. ``root``:
    the fields of ``table``'s decision (ddz_fast.search.search_bots)."""
    cdef _Root r = root_of(table, root, rules, samples, actions)
    if table == "three_player":
        return _rollout_wins_of(&r.play, r, samples, actions, rollouts, policy, seed)
    if table == "laizi":
        return _rollout_wins_of(&r.wild, r, samples, actions, rollouts, policy, seed)
    if table == "four_player":
        return _rollout_wins_of(&r.four, r, samples, actions, rollouts, policy, seed)
    return _rollout_wins_of(&r.runfast, r, samples, actions, rollouts, policy, seed)


cdef object _rollout_wins_of(const Searched* root, _Root r, const uint64_t[:, ::1] samples,
                             const uint64_t[:, ::1] actions, int rollouts, int policy,
                             uint64_t seed):
    cdef Context c = context_of(r, policy, seed, 0.0)
    out = np.zeros(actions.shape[0], dtype=np.int64)
    cdef int64_t[::1] wins = out
    cdef int status
    with nogil:
        status = rollout_wins(root, samples, actions, rollouts, &c, wins)
    check_status(status)
    return out


# --- information-set MCTS ------------------------------------------------------------------------

cdef struct Node:
    Key move                # the action that leads here from the parent (a pass: 0, 0)
    int32_t parent          # -1 at the root
    int32_t mover           # the seat that plays ``move``
    int64_t visits
    int64_t avail           # selections at the parent in which ``move`` was legal
    double wins             # finishes through here that the mover's side won
    double bias_ahead       # added to a root child's value when that is above one half ...
    double bias             # ... and to its value always (0 below the root)


cdef struct Tree:
    Node* nodes
    int32_t size
    int32_t* slots          # open addressing: (parent, move) -> child index, -1 when empty
    uint64_t mask
    const uint64_t* keys    # the root's actions, (lo, hi) pairs, and their children's biases
    const double* bias_ahead
    const double* bias
    Py_ssize_t actions


cdef inline uint64_t slot_of(const Tree* t, int32_t parent, Key move) noexcept nogil:
    return mix64(move.lo + mix64(move.hi + mix64(<uint64_t>parent))) & t.mask


cdef inline int32_t child_of(const Tree* t, int32_t parent, Key move) noexcept nogil:
    """The child of ``parent`` reached by ``move``, -1 when the tree has none."""
    cdef uint64_t slot = slot_of(t, parent, move)
    cdef int32_t index
    cdef const Node* node
    while True:
        index = t.slots[slot]
        if index < 0:
            return -1
        node = &t.nodes[index]
        if node.parent == parent and node.move.lo == move.lo and node.move.hi == move.hi:
            return index
        slot = (slot + 1) & t.mask


cdef inline int32_t add_child(Tree* t, int32_t parent, Key move, int mover) noexcept nogil:
    cdef uint64_t slot = slot_of(t, parent, move)
    cdef int32_t index = t.size
    cdef Py_ssize_t a
    while t.slots[slot] >= 0:
        slot = (slot + 1) & t.mask
    t.slots[slot] = index
    t.nodes[index] = Node(move, parent, mover, 0, 1, 0.0, 0.0, 0.0)
    for a in range(t.actions if parent == 0 else 0):
        if t.keys[2 * a] == move.lo and t.keys[2 * a + 1] == move.hi:
            t.nodes[index].bias_ahead, t.nodes[index].bias = t.bias_ahead[a], t.bias[a]
            break
    t.size += 1
    return index


cdef int32_t select_or_expand(Tree* t, int32_t node, Searched* p, Words* moves, Context* c,
                              bint* expanded, Py_ssize_t* chosen) noexcept nogil:
    """One step down from ``node`` in determinization ``p``: a new child for a random untried
    action when there is one (``expanded``), else the legal child of highest UCB1; the index of
    its move in ``moves`` goes to ``chosen`` (-1: the pass). -2 when memory runs out.

    The actions of a turn are taken in the order of State.legal_actions(): the pass first when
    it is legal, then the moves."""
    cdef Py_ssize_t n = list_moves(p, c.options, moves)
    cdef bint passing
    cdef Py_ssize_t j, untried = 0, pick
    cdef int32_t child, best = -1
    cdef double value, best_value = -1.0
    cdef Node* b
    if n < 0:
        return -2
    passing = may_pass(p, n)
    for j in range(-<Py_ssize_t>passing, n):
        child = child_of(t, node, key_at(p, moves, j))
        if child < 0:
            untried += 1
            continue
        b = &t.nodes[child]
        b.avail += 1
        value = b.wins / b.visits
        value += (b.bias_ahead if value > 0.5 else 0.0) + b.bias \
            + c.exploration * sqrt(log(<double>b.avail) / b.visits)
        if value > best_value:
            best, best_value, chosen[0] = child, value, j
    expanded[0] = untried > 0
    if untried == 0:
        return best
    pick = rng_below(&c.rng, untried)
    for j in range(-<Py_ssize_t>passing, n):
        if child_of(t, node, key_at(p, moves, j)) < 0:
            if pick == 0:
                chosen[0] = j
                return add_child(t, node, key_at(p, moves, j), p.player)
            pick -= 1
    return -2   # not reached: ``pick`` is below the number of untried actions


cdef int iterate(Tree* t, Searched p, Context* c, Words* moves) noexcept nogil:
    """One ISMCTS iteration from the root in determinization ``p``: 0, or OUT_OF_MEMORY."""
    cdef int32_t node = 0, child
    cdef Py_ssize_t j = -1
    cdef bint expanded = False, ended = False
    cdef int winner = -1, mover
    while not expanded:
        child = select_or_expand(t, node, &p, moves, c, &expanded, &j)
        if child < 0:
            return OUT_OF_MEMORY
        mover = p.player
        node = child
        ended = play_at(&p, moves, j)
        if ended:
            winner = mover
            break
    winner = finish(&p, winner, ended, c, moves)
    if winner < 0:
        return winner
    while node >= 0:
        t.nodes[node].visits += 1
        if node > 0:
            t.nodes[node].wins += same_side(&p, c, winner, t.nodes[node].mover)
        node = t.nodes[node].parent
    return 0


cdef int search(Tree* t, const Searched* root, const uint64_t[:, ::1] samples,
                const uint64_t[:, ::1] actions, int64_t iterations, Context* c) noexcept nogil:
    cdef Words moves = Words(NULL, 0)
    cdef Py_ssize_t* index = <Py_ssize_t*>malloc((actions.shape[0] + 1) * sizeof(Py_ssize_t))
    cdef int64_t i
    cdef int status
    if index == NULL:
        return OUT_OF_MEMORY
    status = root_moves(root, samples, actions, c, &moves, index)   # the keys checked
    free(index)
    t.nodes[0] = Node(Key(0, 0), -1, -1, 0, 0, 0.0, 0.0, 0.0)
    t.size = 1
    for i in range(iterations if status == 0 else 0):
        status = iterate(t, start_of(root, samples, i % samples.shape[0]), c, &moves)
        if status < 0:
            break
    free(moves.data)
    return status


def _ismcts(str table not None, tuple root not None, const uint64_t[:, ::1] samples not None,
            const uint64_t[:, ::1] actions not None, int64_t iterations, double exploration,
            int policy, uint64_t seed, rules, const double[::1] bias_ahead not None,
            const double[::1] bias not None):
    """(visits, wins) as int64 and float64 arrays over ``actions`` (keys of the root's legal
    actions, in any order): how often the search chose each one, and the finishes it won
    after it. ``root`` as for _rollout_wins. ``bias`` (one finite value per action) is added
    to the value of the action's child of the root when the search chooses among them, and
    ``bias_ahead`` too when that value (its won fraction) is above one half."""
    cdef _Root r = root_of(table, root, rules, samples, actions)
    cdef Py_ssize_t a
    if iterations < 1:
        raise ValueError(f"iterations must be at least 1, got {iterations}")
    if bias_ahead.shape[0] != actions.shape[0] or bias.shape[0] != actions.shape[0]:
        raise ValueError(f"bias_ahead and bias need one value per action ({actions.shape[0]}), "
                         f"got {bias_ahead.shape[0]} and {bias.shape[0]}")
    for a in range(actions.shape[0]):
        if not (isfinite(bias_ahead[a]) and isfinite(bias[a])):
            raise ValueError(f"the biases of action {a} must be finite, got "
                             f"{bias_ahead[a]} and {bias[a]}")
    if table == "three_player":
        return _ismcts_of(&r.play, r, samples, actions, iterations, exploration, policy, seed,
                          bias_ahead, bias)
    if table == "laizi":
        return _ismcts_of(&r.wild, r, samples, actions, iterations, exploration, policy, seed,
                          bias_ahead, bias)
    if table == "four_player":
        return _ismcts_of(&r.four, r, samples, actions, iterations, exploration, policy, seed,
                          bias_ahead, bias)
    return _ismcts_of(&r.runfast, r, samples, actions, iterations, exploration, policy, seed,
                      bias_ahead, bias)


cdef tuple _ismcts_of(const Searched* root, _Root r, const uint64_t[:, ::1] samples,
                      const uint64_t[:, ::1] actions, int64_t iterations, double exploration,
                      int policy, uint64_t seed, const double[::1] bias_ahead,
                      const double[::1] bias):
    cdef Context c = context_of(r, policy, seed, exploration)
    cdef Tree t
    cdef uint64_t slots = 1
    cdef Py_ssize_t a
    cdef int32_t child
    cdef int status
    t.keys = &actions[0, 0] if actions.shape[0] else NULL
    t.bias_ahead = &bias_ahead[0] if actions.shape[0] else NULL
    t.bias = &bias[0] if actions.shape[0] else NULL
    # The root's children look their biases up by key; with no bias set (the default) there is
    # nothing to look up, and the scan would cost the root's actions for each of its children.
    t.actions = 0
    for a in range(actions.shape[0]):
        if bias_ahead[a] != 0.0 or bias[a] != 0.0:
            t.actions = actions.shape[0]
            break
    while slots < 2 * <uint64_t>(iterations + 1):
        slots <<= 1
    t.nodes = <Node*>malloc((iterations + 1) * sizeof(Node))
    t.slots = <int32_t*>malloc(slots * sizeof(int32_t))
    t.mask = slots - 1
    visits = np.zeros(actions.shape[0], dtype=np.int64)
    wins = np.zeros(actions.shape[0], dtype=np.float64)
    cdef int64_t[::1] v = visits
    cdef double[::1] w = wins
    try:
        if t.nodes == NULL or t.slots == NULL:
            raise MemoryError(f"no memory for a tree of {iterations} iterations")
        with nogil:
            for a in range(<Py_ssize_t>slots):
                t.slots[a] = -1
            status = search(&t, root, samples, actions, iterations, &c)
            for a in range(actions.shape[0] if status == 0 else 0):
                child = child_of(&t, 0, Key(actions[a, 0], actions[a, 1]))
                if child >= 0:
                    v[a], w[a] = t.nodes[child].visits, t.nodes[child].wins
        check_status(status)
    finally:
        free(t.nodes)
        free(t.slots)
    return visits, wins
