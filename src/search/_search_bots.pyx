# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, freethreading_compatible=True
"""Native kernels of the search bots (ddz_fast.search.search_bots): rollout values and ISMCTS.

Both work on determinizations, three hand words each (InformationSet.sample), and play with the
shared play loop (playloop.pxd) and the core's generator: no generator of their own. The player to
move owns the same hand in every determinization, so its actions are the same in all of them; the
other two hands differ. ddz_fast.search.search_bots validates every argument first (the samples
against the information set, the actions against the player's hand); the kernels run without the
GIL and hold no Python object inside their loops.

* ``_rollout_wins``: for each of the player's actions, how many random finishes after it, over
  every determinization, the player's side won (perfect-information Monte Carlo's estimate).
* ``_ismcts``: single-observer information-set MCTS (Cowling, Powley and Whitehouse, 2012).
  One tree over the player's view; iteration i deals determinization ``i % K``, descends
  choosing among the children whose action is legal in that determinization by UCB1 with
  availability counts, adds one child, finishes the hand at random and credits each node's
  mover when its side won.
"""
import numpy as np

from libc.math cimport log, sqrt
from libc.stdint cimport int32_t, int64_t, uint64_t
from libc.stdlib cimport free, malloc

from movegen cimport COUNT_MASK, Options, card_count, is_bomb
from playloop cimport Play, Tally, play_move, random_finish, start_tally
from rng cimport Rng, mix64, rng_below, rng_for_game
from rule_options cimport options_of
from words cimport Words, generate_into

from ddz_fast.rules import as_rules

__all__ = ["_rollout_wins", "_ismcts"]

cdef enum:
    OUT_OF_MEMORY = -1
    NO_MOVE = -2


cdef inline bint same_side(int seat, int other, int landlord) noexcept nogil:
    return (seat == landlord) == (other == landlord)


cdef inline Play start_of(const uint64_t[:, ::1] samples, Py_ssize_t row, int landlord,
                          int to_move, uint64_t prev, int passes) noexcept nogil:
    cdef Play p
    p.hands[0], p.hands[1], p.hands[2] = samples[row, 0], samples[row, 1], samples[row, 2]
    p.prev, p.landlord, p.player, p.passes = prev, landlord, to_move, passes
    return p


# --- finishing a hand: the rollout policies ------------------------------------------------------

cpdef enum Policy:
    RANDOM = 0      # uniformly random legal actions (playloop.random_finish)
    RULES = 1       # the rule-based policy of rules_action


cdef inline bint one_in(Rng* r, int k) noexcept nogil:
    return rng_below(r, k) == 0


cdef uint64_t rules_action(Rng* r, const uint64_t* moves, Py_ssize_t n,
                           const Play* p) noexcept nogil:
    """A quick rule-based action, as a simple human player would take it.

    A move that empties the hand is always played. Leading: the ordinary move (no bomb, no
    rocket) of the most cards, the first of them in canonical order (so the lowest), or one at
    random one time in eight. Following: a partner's move is passed; an opponent's is beaten
    by the cheapest ordinary move (the first in canonical order that is no bomb or rocket: a
    space shuttle's answers come after those), passed one time in eight, and
    only bombed (or rocketed) half the time when nothing else beats it.
    """
    cdef uint64_t hand = p.hands[p.player]
    cdef Py_ssize_t j, best = -1
    cdef int most = 0, size
    cdef int last
    for j in range(n):
        if (moves[j] & COUNT_MASK) == hand:
            return moves[j]
    if p.prev == 0:
        if one_in(r, 8):
            return moves[rng_below(r, n)]
        for j in range(n):
            size = card_count(moves[j] & COUNT_MASK)
            if size > most and not is_bomb(moves[j]):
                best, most = j, size
        return moves[best if best >= 0 else 0]
    last = (p.player + (2 if p.passes == 0 else 1)) % 3
    if (last == p.landlord) == (p.player == p.landlord) or n == 0 or one_in(r, 8):
        return 0
    for j in range(n):
        if not is_bomb(moves[j]):
            return moves[j]
    return moves[0] if one_in(r, 2) else 0


cdef int rules_finish(Play* p, Rng* r, const Options* o, Words* buf) noexcept nogil:
    """The seat that goes out first when every player follows rules_action; OUT_OF_MEMORY."""
    cdef Py_ssize_t n
    cdef int mover
    while True:
        n = generate_into(buf, 0, p.hands[p.player], p.prev, o)
        if n < 0:
            return OUT_OF_MEMORY
        if n == 0 and p.prev == 0:
            return NO_MOVE      # a leader with no cards: never from a validated position
        mover = p.player
        if play_move(p, rules_action(r, buf.data, n, p)):
            return mover


cdef inline int finish(Play* p, int mover, bint ended, int policy, Rng* r, const Options* o,
                       Words* buf) noexcept nogil:
    """The seat that goes out first: ``mover`` when its move ``ended`` the hand, else the
    finish from ``p`` by ``policy``; OUT_OF_MEMORY when the move list cannot grow."""
    cdef Tally t
    cdef int status
    if ended:
        return mover
    if policy == RULES:
        return rules_finish(p, r, o, buf)
    start_tally(&t, p)
    status = random_finish(p, r, o, buf, NULL, NULL, &t)   # 0, -1 (memory) or -2 (no move)
    return t.winner if status == 0 else status


cdef int check_status(int status) except -1:
    if status == OUT_OF_MEMORY:
        raise MemoryError("out of memory for the search's move lists")
    if status == NO_MOVE:
        raise ValueError("a player must lead with no cards: the hands are not a position")
    return 0


# --- perfect-information Monte Carlo: finishes after each action --------------------------------

cdef int rollout_wins(const uint64_t[:, ::1] samples, int landlord, int to_move,
                      uint64_t prev, int passes, const uint64_t[::1] actions, int rollouts,
                      int policy, Rng* r, const Options* o, int64_t[::1] wins) noexcept nogil:
    cdef Words buf = Words(NULL, 0)
    cdef Py_ssize_t s, a, k
    cdef Play start, p
    cdef bint ended
    cdef int winner
    for s in range(samples.shape[0]):
        start = start_of(samples, s, landlord, to_move, prev, passes)
        for a in range(actions.shape[0]):
            for k in range(rollouts):
                p = start
                ended = play_move(&p, actions[a])
                winner = finish(&p, to_move, ended, policy, r, o, &buf)
                if winner < 0:
                    free(buf.data)
                    return winner
                wins[a] += same_side(winner, to_move, landlord)
                if ended:       # the same finish every time: count the rest at once
                    wins[a] += rollouts - 1 - k
                    break
    free(buf.data)
    return 0


def _rollout_wins(const uint64_t[:, ::1] samples not None, int landlord, int to_move,
                  uint64_t prev, int passes, const uint64_t[::1] actions not None,
                  int rollouts, int policy, uint64_t seed, rules):
    """int64[len(actions)]: per action, the finishes after it by ``policy`` (``rollouts`` on
    each determinization) that the side of ``to_move`` won."""
    cdef Options options = options_of(as_rules(rules))
    cdef Rng r = rng_for_game(seed, 0)
    out = np.zeros(actions.shape[0], dtype=np.int64)
    cdef int64_t[::1] wins = out
    cdef int status
    with nogil:
        status = rollout_wins(samples, landlord, to_move, prev, passes, actions, rollouts,
                              policy, &r, &options, wins)
    check_status(status)
    return out


# --- information-set MCTS ------------------------------------------------------------------------

cdef struct Node:
    uint64_t move           # the action that leads here from the parent (0: a pass)
    int32_t parent          # -1 at the root
    int32_t mover           # the seat that plays ``move``
    int64_t visits
    int64_t avail           # selections at the parent in which ``move`` was legal
    double wins             # finishes through here that the mover's side won


cdef struct Tree:
    Node* nodes
    int32_t size
    int32_t* slots          # open addressing: (parent, move) -> child index, -1 when empty
    uint64_t mask


cdef inline uint64_t slot_of(const Tree* t, int32_t parent, uint64_t move) noexcept nogil:
    return mix64(move + mix64(<uint64_t>parent)) & t.mask


cdef inline int32_t child_of(const Tree* t, int32_t parent, uint64_t move) noexcept nogil:
    """The child of ``parent`` reached by ``move``, -1 when the tree has none."""
    cdef uint64_t slot = slot_of(t, parent, move)
    cdef int32_t index
    while True:
        index = t.slots[slot]
        if index < 0:
            return -1
        if t.nodes[index].parent == parent and t.nodes[index].move == move:
            return index
        slot = (slot + 1) & t.mask


cdef inline int32_t add_child(Tree* t, int32_t parent, uint64_t move, int mover) noexcept nogil:
    cdef uint64_t slot = slot_of(t, parent, move)
    cdef int32_t index = t.size
    while t.slots[slot] >= 0:
        slot = (slot + 1) & t.mask
    t.slots[slot] = index
    t.nodes[index] = Node(move, parent, mover, 0, 1, 0.0)
    t.size += 1
    return index


cdef inline uint64_t action_at(const Words* moves, Py_ssize_t j, bint following) noexcept nogil:
    """Action j of a turn in the order of State.legal_actions(): the pass first when following."""
    if following:
        return 0 if j == 0 else moves.data[j - 1]
    return moves.data[j]


cdef int32_t select_or_expand(Tree* t, int32_t node, Play* p, Words* moves, double exploration,
                              Rng* r, const Options* o, bint* expanded) noexcept nogil:
    """One step down from ``node`` in determinization ``p``: a new child for a random untried
    action when there is one (``expanded``), else the legal child of highest UCB1. -2 when
    memory runs out."""
    cdef bint following = p.prev != 0
    cdef Py_ssize_t n = generate_into(moves, 0, p.hands[p.player], p.prev, o)
    cdef Py_ssize_t j, total, untried = 0, pick
    cdef int32_t child, best = -1
    cdef double value, best_value = -1.0
    cdef Node* c
    if n < 0:
        return -2
    total = n + following
    for j in range(total):
        child = child_of(t, node, action_at(moves, j, following))
        if child < 0:
            untried += 1
            continue
        c = &t.nodes[child]
        c.avail += 1
        value = c.wins / c.visits + exploration * sqrt(log(<double>c.avail) / c.visits)
        if value > best_value:
            best, best_value = child, value
    expanded[0] = untried > 0
    if untried == 0:
        return best
    pick = rng_below(r, untried)
    for j in range(total):
        if child_of(t, node, action_at(moves, j, following)) < 0:
            if pick == 0:
                return add_child(t, node, action_at(moves, j, following), p.player)
            pick -= 1
    return -2   # not reached: ``pick`` is below the number of untried actions


cdef int iterate(Tree* t, Play p, double exploration, int policy, Rng* r, const Options* o,
                 Words* moves) noexcept nogil:
    """One ISMCTS iteration from the root in determinization ``p``: 0, or OUT_OF_MEMORY."""
    cdef int32_t node = 0, child
    cdef bint expanded = False, ended = False
    cdef int winner = -1, mover
    while not expanded:
        child = select_or_expand(t, node, &p, moves, exploration, r, o, &expanded)
        if child < 0:
            return OUT_OF_MEMORY
        mover = p.player
        node = child
        ended = play_move(&p, t.nodes[node].move)
        if ended:
            winner = mover
            break
    winner = finish(&p, winner, ended, policy, r, o, moves)
    if winner < 0:
        return winner
    while node >= 0:
        t.nodes[node].visits += 1
        if node > 0:
            t.nodes[node].wins += same_side(winner, t.nodes[node].mover, p.landlord)
        node = t.nodes[node].parent
    return 0


cdef int search(Tree* t, const uint64_t[:, ::1] samples, int landlord, int to_move,
                uint64_t prev, int passes, int64_t iterations, double exploration,
                int policy, Rng* r, const Options* o) noexcept nogil:
    cdef Words moves = Words(NULL, 0)
    cdef int64_t i
    cdef int status = 0
    t.nodes[0] = Node(0, -1, -1, 0, 0, 0.0)
    t.size = 1
    for i in range(iterations):
        status = iterate(t, start_of(samples, i % samples.shape[0], landlord, to_move, prev,
                                     passes), exploration, policy, r, o, &moves)
        if status < 0:
            break
    free(moves.data)
    return status


def _ismcts(const uint64_t[:, ::1] samples not None, int landlord, int to_move,
            uint64_t prev, int passes, const uint64_t[::1] actions not None,
            int64_t iterations, double exploration, int policy, uint64_t seed, rules):
    """(visits, wins) as int64 and float64 arrays over ``actions`` (the root's legal actions,
    in any order): how often the search chose each one, and the finishes it won after it."""
    cdef Options options = options_of(as_rules(rules))
    cdef Rng r = rng_for_game(seed, 0)
    cdef Tree t
    cdef uint64_t slots = 1
    cdef Py_ssize_t a
    cdef int32_t child
    cdef int status
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
            status = search(&t, samples, landlord, to_move, prev, passes, iterations,
                            exploration, policy, &r, &options)
            for a in range(actions.shape[0]):
                child = child_of(&t, 0, actions[a])
                if child >= 0:
                    v[a], w[a] = t.nodes[child].visits, t.nodes[child].wins
        check_status(status)
    finally:
        free(t.nodes)
        free(t.slots)
    return visits, wins
