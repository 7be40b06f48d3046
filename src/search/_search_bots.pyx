# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, freethreading_compatible=True
"""Native kernels of the search bots (ddz_fast.search.search_bots): rollout values and ISMCTS.

Both work on determinizations, three hand words each (InformationSet.sample, or
RunFastInformationSet.sample's positions: with two Run Fast players the third word is 0), and
play with the shared play loop (playloop.pxd) and the core's generators: no generator of their
own. They are written once over the fused type ``Searched`` of the tables they search: Dou
Dizhu's three seats (``Play``), where a side is the landlord or the two peasants, and Run Fast
(``RunFastPlay``), where every player is a side of his own and a win is going out first. The player to
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
from playloop cimport (Play, RunFastPlay, Tally, following, list_moves, may_pass, play_at,
                       random_finish, seats_of, start_tally)
from rng cimport Rng, mix64, rng_below, rng_for_game
from rule_options cimport _bool_option, options_of, runfast_of
from runfastgen cimport RunFast
from words cimport Words

from ddz_fast.rules import as_rules

__all__ = ["_rollout_wins", "_ismcts", "_rollout_wins_runfast", "_ismcts_runfast"]

ctypedef fused Searched:
    Play
    RunFastPlay

cdef enum:
    OUT_OF_MEMORY = -1
    NO_MOVE = -2


cdef inline bint same_side(const Searched* p, int seat, int other) noexcept nogil:
    """Whether ``seat`` and ``other`` play on one side: the landlord's or the peasants' in Dou
    Dizhu; in Run Fast only a seat with itself."""
    if Searched is RunFastPlay:
        return seat == other
    else:
        return (seat == p.landlord) == (other == p.landlord)


cdef inline Searched start_of(const Searched* root, const uint64_t[:, ::1] samples,
                              Py_ssize_t row) noexcept nogil:
    """The root position with the hands of determinization ``row``."""
    cdef Searched p = root[0]
    p.hands[0], p.hands[1], p.hands[2] = samples[row, 0], samples[row, 1], samples[row, 2]
    return p


cdef inline bint play_word(Searched* p, uint64_t move) noexcept nogil:
    """The player to move plays the move word ``move`` (0 passes); True when it ends the hand."""
    cdef Words one = Words(&move, 1)
    return play_at(p, &one, -1 if move == 0 else 0)


# --- finishing a hand: the rollout policies ------------------------------------------------------

cpdef enum Policy:
    RANDOM = 0      # uniformly random legal actions (playloop.random_finish)
    RULES = 1       # the rule-based policy of rules_action


cdef inline bint one_in(Rng* r, int k) noexcept nogil:
    return rng_below(r, k) == 0


cdef Py_ssize_t rules_action(Rng* r, const uint64_t* moves, Py_ssize_t n,
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
    cdef uint64_t hand = p.hands[p.player]
    cdef Py_ssize_t j, best = -1
    cdef int most = 0, size
    cdef int last
    for j in range(n):
        if (moves[j] & COUNT_MASK) == hand:
            return j
    if not following(p):
        if one_in(r, 8):
            return rng_below(r, n)
        for j in range(n):
            size = card_count(moves[j] & COUNT_MASK)
            if size > most and not is_bomb(moves[j]):
                best, most = j, size
        return best if best >= 0 else 0
    if not may_pass(p, n):
        return 0
    last = (p.player + seats_of(p) - 1 - p.passes) % seats_of(p)
    if same_side(p, last, p.player) or n == 0 or one_in(r, 8):
        return -1
    for j in range(n):
        if not is_bomb(moves[j]):
            return j
    return 0 if one_in(r, 2) else -1


cdef int rules_finish(Searched* p, Rng* r, const Options* o, Words* buf) noexcept nogil:
    """The seat that goes out first when every player follows rules_action; OUT_OF_MEMORY."""
    cdef Py_ssize_t n
    cdef int mover
    while True:
        n = list_moves(p, o, buf)
        if n < 0:
            return OUT_OF_MEMORY
        if n == 0 and not may_pass(p, n):
            return NO_MOVE      # a leader with no cards: never from a validated position
        mover = p.player
        if play_at(p, buf, rules_action(r, buf.data, n, p)):
            return mover


cdef inline int finish(Searched* p, int mover, bint ended, int policy, Rng* r, const Options* o,
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

cdef int rollout_wins(const Searched* root, const uint64_t[:, ::1] samples,
                      const uint64_t[::1] actions, int rollouts, int policy, Rng* r,
                      const Options* o, int64_t[::1] wins) noexcept nogil:
    cdef Words buf = Words(NULL, 0)
    cdef Py_ssize_t s, a, k
    cdef Searched start, p
    cdef bint ended
    cdef int winner, to_move = root.player
    for s in range(samples.shape[0]):
        start = start_of(root, samples, s)
        for a in range(actions.shape[0]):
            for k in range(rollouts):
                p = start
                ended = play_word(&p, actions[a])
                winner = finish(&p, to_move, ended, policy, r, o, &buf)
                if winner < 0:
                    free(buf.data)
                    return winner
                wins[a] += same_side(&p, winner, to_move)
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
    cdef Play root
    root.prev, root.landlord, root.player, root.passes = prev, landlord, to_move, passes
    return _rollout_wins_of(&root, samples, actions, rollouts, policy, seed, &options)


cdef object _rollout_wins_of(const Searched* root, const uint64_t[:, ::1] samples,
                             const uint64_t[::1] actions, int rollouts, int policy,
                             uint64_t seed, const Options* o):
    cdef Rng r = rng_for_game(seed, 0)
    out = np.zeros(actions.shape[0], dtype=np.int64)
    cdef int64_t[::1] wins = out
    cdef int status
    with nogil:
        status = rollout_wins(root, samples, actions, rollouts, policy, &r, o, wins)
    check_status(status)
    return out


cdef RunFastPlay runfast_root(const RunFast* rf, object checked, int to_move, uint64_t prev,
                              int passes, bint first_play) except *:
    """The root of a Run Fast search (its hands come from each determinization): the trick,
    the play rules of ``checked`` and the first-play rule when the decision is the hand's
    first play."""
    cdef RunFastPlay root
    root.hands[0] = root.hands[1] = root.hands[2] = 0
    root.prev, root.player, root.passes = prev, to_move, passes
    root.players = checked.players
    root.rf, root.hand_size = rf, rf.hand_size
    root.must_beat = _bool_option(checked, "must_beat")
    root.one_card_rule = _bool_option(checked, "one_card_rule")
    root.first_play = first_play
    return root


def _rollout_wins_runfast(const uint64_t[:, ::1] samples not None, int to_move, uint64_t prev,
                          int passes, bint first_play, const uint64_t[::1] actions not None,
                          int rollouts, int policy, uint64_t seed, rules):
    """_rollout_wins of a Run Fast decision (Run Fast move words; a win is the player going
    out first). ``first_play``: the decision is the hand's first play under
    spade3_in_first_play."""
    checked = as_rules(rules)
    cdef RunFast rf = runfast_of(checked)
    cdef RunFastPlay root = runfast_root(&rf, checked, to_move, prev, passes, first_play)
    cdef Options unread     # Run Fast's options are the position's own
    return _rollout_wins_of(&root, samples, actions, rollouts, policy, seed, &unread)


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


cdef inline uint64_t action_at(const Words* moves, Py_ssize_t j, bint passing) noexcept nogil:
    """Action j of a turn in the order of State.legal_actions(): the pass first when it is
    legal (``passing``)."""
    if passing:
        return 0 if j == 0 else moves.data[j - 1]
    return moves.data[j]


cdef int32_t select_or_expand(Tree* t, int32_t node, Searched* p, Words* moves,
                              double exploration, Rng* r, const Options* o,
                              bint* expanded) noexcept nogil:
    """One step down from ``node`` in determinization ``p``: a new child for a random untried
    action when there is one (``expanded``), else the legal child of highest UCB1. -2 when
    memory runs out."""
    cdef Py_ssize_t n = list_moves(p, o, moves)
    cdef bint following
    cdef Py_ssize_t j, total, untried = 0, pick
    cdef int32_t child, best = -1
    cdef double value, best_value = -1.0
    cdef Node* c
    if n < 0:
        return -2
    following = may_pass(p, n)
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


cdef int iterate(Tree* t, Searched p, double exploration, int policy, Rng* r,
                 const Options* o, Words* moves) noexcept nogil:
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
        ended = play_word(&p, t.nodes[node].move)
        if ended:
            winner = mover
            break
    winner = finish(&p, winner, ended, policy, r, o, moves)
    if winner < 0:
        return winner
    while node >= 0:
        t.nodes[node].visits += 1
        if node > 0:
            t.nodes[node].wins += same_side(&p, winner, t.nodes[node].mover)
        node = t.nodes[node].parent
    return 0


cdef int search(Tree* t, const Searched* root, const uint64_t[:, ::1] samples,
                int64_t iterations, double exploration, int policy, Rng* r,
                const Options* o) noexcept nogil:
    cdef Words moves = Words(NULL, 0)
    cdef int64_t i
    cdef int status = 0
    t.nodes[0] = Node(0, -1, -1, 0, 0, 0.0)
    t.size = 1
    for i in range(iterations):
        status = iterate(t, start_of(root, samples, i % samples.shape[0]), exploration, policy,
                         r, o, &moves)
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
    cdef Play root
    root.prev, root.landlord, root.player, root.passes = prev, landlord, to_move, passes
    return _ismcts_of(&root, samples, actions, iterations, exploration, policy, seed, &options)


def _ismcts_runfast(const uint64_t[:, ::1] samples not None, int to_move, uint64_t prev,
                    int passes, bint first_play, const uint64_t[::1] actions not None,
                    int64_t iterations, double exploration, int policy, uint64_t seed, rules):
    """_ismcts of a Run Fast decision (Run Fast move words; each node's mover is credited when
    he goes out first). ``first_play`` as for _rollout_wins_runfast."""
    checked = as_rules(rules)
    cdef RunFast rf = runfast_of(checked)
    cdef RunFastPlay root = runfast_root(&rf, checked, to_move, prev, passes, first_play)
    cdef Options unread     # Run Fast's options are the position's own
    return _ismcts_of(&root, samples, actions, iterations, exploration, policy, seed, &unread)


cdef tuple _ismcts_of(const Searched* root, const uint64_t[:, ::1] samples,
                      const uint64_t[::1] actions, int64_t iterations, double exploration,
                      int policy, uint64_t seed, const Options* o):
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
            status = search(&t, root, samples, iterations, exploration, policy, &r, o)
            for a in range(actions.shape[0]):
                child = child_of(&t, 0, actions[a])
                if child >= 0:
                    v[a], w[a] = t.nodes[child].visits, t.nodes[child].wins
        check_status(status)
    finally:
        free(t.nodes)
        free(t.slots)
    return visits, wins
