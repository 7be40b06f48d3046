"""Run Fast search (docs/RULES.md, "Run Fast" and "Search"): the paranoid solver, information
sets, and exact uniform deals of the cards a player cannot see.

**The solver.** :func:`solve_runfast` takes a :class:`~ddz_fast.positions.runfast.RunFastPosition`
(every hand visible) and answers for one named player (the player to move by default) whether
he goes out first with best play against the other players playing together: the rule book's
paranoid value, the named player being the Dou Dizhu solver's landlord's side and the others
its peasants, under every Run Fast rule in force (no pass at a lead, must-beat, the one-card
rule, short last hands). Its :class:`RunFastSolution` has the shape of
:class:`ddz_fast.search.solver.Solution`: ``wins`` (the side to move wins), ``player_wins``
(the named player wins, as ``landlord_wins``), ``winning_moves`` (every first action that keeps
the win for the side to move, in the order of
:meth:`~ddz_fast.positions.runfast.RunFastPosition.legal_actions`), ``pv`` and ``distance`` (a
line where the winning side ends the hand in the fewest actions and the losing side delays the
end as long as it can; the first such action in canonical order at every step), ``nodes``,
``seconds``, ``exact`` and ``stopped``. The search is an AND-OR search with a first-win cutoff
and a transposition table, then an iterative-deepening search of the distance for the line, in
Python over the public move generator (compiled when built): it is meant for
endgames (a few cards a hand), and ``max_nodes`` / ``time_limit`` bound it as they bound the
Dou Dizhu solver (``exact=False`` and only what was proven, never a guess).

**Information sets.** What a Run Fast player knows at a decision: his own hand, the cards each
player has played, so how many cards each holds (every seat was dealt the rules' hand size:
"nothing left over"), and the trick in play (the player to move, the move to beat, the passes
since it). :class:`RunFastInformationSet` holds exactly that, with the rules. Hidden is how the
unseen cards (the deck less his hand and every card played) lie: between the two other hands
with three players; with ``players = 2`` between the opponent's hand and the third hand dealt
face down, which holds the rules' hand size and is never played. Uniform sampling (RULES.md,
"Search": every deal of the unseen physical cards with the public sizes equally likely) gives a
split with ``a_r`` of the ``u_r`` unseen cards of each rank to the first hidden hand the weight
``prod_r C(u_r, a_r)``, as in Dou Dizhu. :meth:`RunFastInformationSet.sample` counts the
weighted splits rank by rank (exact integers) and reads each deal off one uniform draw of a
seeded :class:`random.Random`: exactly uniform, no rejection. Optional *constraints* (a bot's
own inferences) bound, per hidden seat and rank, how many cards it holds; sampling is then
uniform among the deals meeting them. They have the format of
:data:`ddz_fast.search.infoset.Constraints` (``{seat: {rank: count or (low, high)}}``).

Choices where the rule book is silent:

* ``wins`` and ``winning_moves`` are the side to move's, as in Dou Dizhu; ``player_wins`` is the
  named player's answer. There is no stake objective: Run Fast's payments (cards left, a closed
  hand, bomb scores) are not part of who goes out first.
* The table is a dict per solve keyed by the node (hand words, player to move, type, key and
  length of the move to beat, passes: kickers never matter, and a short form beats and is beaten
  as its full form); the rules and the named player are fixed for the solve. A node enters it
  at most once, so ``max_nodes`` bounds its memory too: there is no ``tt_megabytes``.
* ``nodes`` counts the nodes expanded (table misses) by the value search and, with ``pv``, by the
  distance search; a solve stopped by ``max_nodes`` has expanded exactly that many.
* The uniform convention leaves out what Run Fast's play reveals: under ``must_beat`` a pass
  says that the passer held nothing that beat, under the one-card rule a solo played says that
  it was the player's highest card, and the first lead says who held the three of spades (with
  two players, or whose lowest card was lower). RULES.md's sampling reads no inference from
  play; a bot that makes these gives them as constraints.
* An information set needs the cards each seat played (its card counts follow from them), and
  the move to beat among the cards its player played. With two players a sample is the
  position of the two hands in play; the face-down hand is the unseen cards the opponent was
  not dealt.
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from math import comb
from typing import Dict, List, Mapping, Optional, Sequence, Tuple

from .. import moves as api
from ..cards import NUM_RANKS, RANK_NAMES, RUNFAST_DECKS, Counts, rank_index
from ..engine.runfast import RunFastState
from ..hand import Hand, HandLike, as_hand
from ..move import Move
from ..positions.runfast import (RunFastPosition, checked_position, format_runfast_move,
                                 runfast_actions, runfast_rules)
from ..positions.step import Hands, play_step
from ..positions.three_player import check_prev_and_passes
from ..rules import Rules, RulesLike, checked_rules
from ..shapes import RUNFAST_TYPES
from ..validate import (check_bool, check_duration, check_int, check_seat, check_seed64, is_int,
                        shown)
from .infoset import Constraints

__all__ = ["RunFastSolution", "solve_runfast", "RunFastInformationSet", "MAX_SAMPLES"]

#: The most positions one :meth:`RunFastInformationSet.sample` call returns.
MAX_SAMPLES = 1 << 20
_NO_NODE_LIMIT = (1 << 63) - 1
#: Past any hand's length: "no depth is known to succeed" in the distance search's table.
_NO_DEPTH = 1 << 30
#: The search reads the clock once every this many nodes.
_CLOCK_EVERY = 1024
#: The move generator of the search: the public API's (the compiled core's Run Fast generator
#: when it is built, the reference otherwise; both list the same moves in the same order).
_legal_moves = api.legal_moves
_classify = api.classify
#: Run Fast has no jokers: ranks 3..2 only.
_RANKS = 13


# --- the solver ------------------------------------------------------------------------------

@dataclass(frozen=True)
class RunFastSolution:
    """The result of :func:`solve_runfast` (see the module docstring for each answer).

    ``exact`` is True when everything asked for was computed. When ``max_nodes`` or
    ``time_limit`` runs out first, ``exact`` is False and ``stopped`` says which (``"nodes"``
    or ``"time"``); ``wins`` and ``player_wins`` then hold a value only if it was proven (a
    winning move found, or every action refuted); ``winning_moves`` holds the winning moves
    proven so far; ``pv`` is empty and ``distance`` None unless they were finished.
    """

    position: RunFastPosition
    player: int
    wins: Optional[bool]
    player_wins: Optional[bool]
    winning_moves: Tuple[Move, ...]
    pv: Tuple[Move, ...]
    distance: Optional[int]
    nodes: int
    seconds: float
    exact: bool
    stopped: Optional[str] = None

    @property
    def best_move(self) -> Optional[Move]:
        """The move to play: the line's first action when it was computed, else the first
        winning move, else None (the side to move loses and no line was asked for)."""
        if self.pv:
            return self.pv[0]
        return self.winning_moves[0] if self.winning_moves else None

    @property
    def nodes_per_second(self) -> float:
        return self.nodes / self.seconds if self.seconds > 0 else 0.0


class _OutOfBudget(Exception):
    """The node or time budget ran out (``reason``: ``"nodes"`` or ``"time"``)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


#: A node of the play tree, as play_step gives it: (hands, player to move, move to beat, passes).
_Node = Tuple[Hands, int, Optional[Move], int]


class _Search:
    """One solve: the rules and the named player, the tables, and the budget."""

    def __init__(self, rules: Rules, player: int, max_nodes: int,
                 deadline: Optional[float]) -> None:
        self.rules = rules
        self.player = player
        self.max_nodes = max_nodes
        self.deadline = deadline
        self.nodes = 0
        self.values: Dict[tuple, bool] = {}        # node key -> the named player wins
        #: node key -> (the deepest depth known to fail, the shallowest known to succeed)
        self.depths: Dict[tuple, Tuple[int, int]] = {}
        self.winner_is_player = True               # set once the root's value is known
        self._moves: Dict[tuple, List[Move]] = {}

    # --- the rules of play -----------------------------------------------------------------

    def _generate(self, hand: Hand, prev: Optional[Move], rules: Rules) -> List[Move]:
        """The reference generator, once per (hand, move to beat) in a solve."""
        key = (hand.bitboard, _prev_key(prev))
        moves = self._moves.get(key)
        if moves is None:
            moves = self._moves[key] = list(_legal_moves(hand, prev, rules=rules))
        return moves

    def actions(self, node: _Node) -> List[Move]:
        hands, player, prev, _ = node
        return runfast_actions(hands, player, prev, self.rules, self._generate)

    def expand(self) -> None:
        """Count one more node, or stop: the budget is checked before the node is searched."""
        if self.nodes >= self.max_nodes:
            raise _OutOfBudget("nodes")
        self.nodes += 1
        if (self.deadline is not None and self.nodes % _CLOCK_EVERY == 0
                and time.perf_counter() >= self.deadline):
            raise _OutOfBudget("time")

    # --- who wins ---------------------------------------------------------------------------

    def player_wins(self, node: _Node) -> bool:
        """Whether the named player goes out first from ``node`` (play goes on there)."""
        key = _key(node)
        value = self.values.get(key)
        if value is not None:
            return value
        self.expand()
        hands, mover, _, _ = node
        mine = mover == self.player
        actions = self.actions(node)
        # A move of the whole hand ends it at once: look for one before searching below any.
        size = len(hands[mover])
        if any(len(action) == size for action in actions):
            value = mine
        else:
            # The side to move wins as soon as one action keeps its win (the first-win
            # cutoff); the longest moves first, as they bring the end nearest.
            value = not mine
            for action in sorted(actions, key=len, reverse=True):
                if self.player_wins(play_step(*node, action)) == mine:
                    value = mine
                    break
        self.values[key] = value
        return value

    def keeps_win(self, node: _Node, action: Move) -> bool:
        """Whether the side to move at ``node`` still wins after ``action``."""
        hands, mover, _, _ = node
        if len(action) == len(hands[mover]):
            return True
        return self.player_wins(play_step(*node, action)) == (mover == self.player)

    # --- how long the hand lasts ------------------------------------------------------------
    # The distance is found by iterative deepening: the fewest actions d within which the
    # winning side (the root's) ends the hand whatever the losing side does. Each depth is a
    # boolean search with the value search's cutoffs, far smaller than the minimax of the
    # lengths; the table keeps, per node, the deepest depth known to fail and the shallowest
    # known to succeed.

    def ends_within(self, node: _Node, depth: int) -> bool:
        """Whether the winning side wins from ``node`` within ``depth`` actions."""
        if depth <= 0:
            return False
        key = _key(node)
        fails, succeeds = self.depths.get(key, (0, _NO_DEPTH))
        if depth >= succeeds or depth <= fails:
            return depth >= succeeds
        self.expand()
        hands, mover, _, _ = node
        size = len(hands[mover])
        actions = self.actions(node)
        if (mover == self.player) == self.winner_is_player:
            found = any(len(a) == size or self.ends_within(play_step(*node, a), depth - 1)
                        for a in sorted(actions, key=len, reverse=True))
        else:   # the losing side: every action must end within the depth left
            found = all(len(a) != size and self.ends_within(play_step(*node, a), depth - 1)
                        for a in actions)
        self.depths[key] = (fails, depth) if found else (depth, succeeds)
        return found

    def distance(self, root: _Node) -> int:
        """The length of the hand from ``root`` with best play (its value known)."""
        depth = 1
        while not self.ends_within(root, depth):
            depth += 1
        return depth

    def principal_variation(self, node: _Node, distance: int) -> Tuple[Move, ...]:
        """The line of ``distance`` actions taking, at every step, the first action in
        canonical order that keeps the distance: the winning side's ends the hand within one
        action fewer, the losing side's delays it just as long."""
        line: List[Move] = []
        for left in range(distance, 0, -1):
            action = next(a for a in self.actions(node) if self._keeps_distance(node, a, left))
            line.append(action)
            node = play_step(*node, action)
        return tuple(line)

    def _keeps_distance(self, node: _Node, action: Move, left: int) -> bool:
        """Whether ``action`` ends the hand from ``node`` in ``left`` actions with best play."""
        if len(action) == len(node[0][node[1]]):    # the winning side goes out
            return left == 1
        child = play_step(*node, action)
        if (node[1] == self.player) == self.winner_is_player:
            return self.ends_within(child, left - 1)
        return not self.ends_within(child, left - 2)     # the losing side delays the most


def _prev_key(prev: Optional[Move]) -> Optional[Tuple[str, int, int]]:
    """What of the move to beat the legal actions depend on: kickers never matter, and a short
    last hand beats and is beaten as the full form of its type, key and length."""
    return None if prev is None else (prev.type, prev.key, prev.length)


def _key(node: _Node) -> tuple:
    hands, player, prev, passes = node
    return (tuple(h.bitboard for h in hands), player, _prev_key(prev), passes)


def _check_max_nodes(max_nodes: object) -> int:
    if max_nodes is None:
        return _NO_NODE_LIMIT
    if not is_int(max_nodes):
        raise TypeError(f"max_nodes must be an int or None, not {type(max_nodes).__name__}")
    return check_int("max_nodes", max_nodes, 1, _NO_NODE_LIMIT)


def _check_time_limit(time_limit: object) -> Optional[float]:
    if time_limit is None:
        return None
    return check_duration("time_limit", time_limit)


def solve_runfast(position: RunFastPosition, *, rules: RulesLike = None,
                  player: Optional[int] = None, max_nodes: Optional[int] = None,
                  time_limit: Optional[float] = None, pv: bool = True) -> RunFastSolution:
    """Solve a Run Fast position for ``player`` (default: the player to move) against the
    others playing together (see the module docstring for the answers).

    ``rules``: Run Fast rules (None: ``runfast``, with ``players=2`` for two hands), checked
    against the position. ``max_nodes`` and ``time_limit`` (seconds) bound the search: when
    either runs out the result comes back with ``exact=False`` (never an exception and never a
    wrong exact answer). ``pv=False`` skips the line of play and the distance, which can cost
    many times the nodes of the value. Deterministic apart from ``time_limit``. Bad arguments
    raise TypeError or ValueError naming the problem; the position is checked again, whatever
    was done to the object handed in.

    Seat 0 leads from 3, 4 and 2; seat 1 holds a 4, seat 2 a 4 and a 6. Seat 1 holds one card,
    so the one-card rule makes seat 0 lead his highest card, the 2; nobody beats it, and he must
    lead his highest again, the 4: seat 1 cannot beat it, seat 2 must, with the 6, and goes out
    with his 4. Without the rule seat 0 leads the 4 first: seat 2's 6 is then beaten by the 2,
    and the 3 goes out.

    >>> position = RunFastPosition.parse("342/4/46 0 - 0")
    >>> solve_runfast(position).player_wins
    False
    >>> found = solve_runfast(position, rules=Rules.preset("runfast").replace(one_card_rule=False))
    >>> found.player_wins, [str(m) for m in found.winning_moves], [str(m) for m in found.pv]
    (True, ['4'], ['4', 'pass', '6', '2', 'pass', 'pass', '3'])
    """
    started = time.perf_counter()
    position = checked_position(position)
    checked = runfast_rules(position, rules)
    named = position.to_move if player is None else check_seat("player", player,
                                                              position.players)
    node_limit = _check_max_nodes(max_nodes)
    seconds = _check_time_limit(time_limit)
    want_pv = check_bool("pv", pv)
    if position.is_over:
        won = position.winner == named
        wins = won == (position.to_move == named)
        return RunFastSolution(position, named, wins, won, (), (), 0, 0,
                               time.perf_counter() - started, True)
    search = _Search(checked, named, node_limit,
                     None if seconds is None else started + seconds)
    root: _Node = (position.hands, position.to_move, position.prev, position.passes)
    winning: List[Move] = []
    wins: Optional[bool] = None
    line: Tuple[Move, ...] = ()
    distance: Optional[int] = None
    stopped: Optional[str] = None
    try:
        search.expand()
        # Every root action is searched: all the winning moves are asked for, not one.
        for action in search.actions(root):
            if search.keeps_win(root, action):
                winning.append(action)
        wins = bool(winning)
        if want_pv:
            search.winner_is_player = wins == (position.to_move == named)
            distance = search.distance(root)
            line = search.principal_variation(root, distance)
    except _OutOfBudget as out:
        stopped = out.reason
        if winning:
            wins = True
    player_wins = None if wins is None else wins == (position.to_move == named)
    exact = stopped is None
    return RunFastSolution(position, named, wins, player_wins, tuple(winning),
                           line if exact else (), distance if exact else None, search.nodes,
                           time.perf_counter() - started, exact, stopped)


# --- information sets ------------------------------------------------------------------------

@dataclass(frozen=True)
class RunFastInformationSet:
    """What ``player`` knows at one moment of a Run Fast hand (immutable, hashable, checked).

    ``rules``: the Run Fast rules (a preset name is read as its rules); ``hand``: the player's
    hand; ``played``: the cards each seat in play has played this hand; ``to_move``, ``prev``
    and ``passes``: the trick, as a position has it. ``card_counts`` and ``unseen`` follow
    from those. Two information sets are equal exactly when the player cannot tell the two
    moments apart: the other hands appear nowhere in it.
    """

    rules: Rules
    player: int
    hand: Hand
    played: Tuple[Hand, ...]
    to_move: int
    prev: Optional[Move] = None
    passes: int = 0
    #: The cards each seat in play holds: the hand size less the cards it played.
    card_counts: Tuple[int, ...] = field(init=False)
    #: Per rank, the cards the player cannot see: the deck less his hand and all cards played.
    unseen: Counts = field(init=False)

    def __post_init__(self) -> None:
        _check_fields(self)

    @classmethod
    def from_position(cls, position: RunFastPosition, player: int,
                      played: Sequence[HandLike], *,
                      rules: RulesLike = None) -> "RunFastInformationSet":
        """What ``player`` knows in ``position``, given the cards each seat has played
        (``played``, one hand per seat in play). The position's other hands must be a deal the
        information set allows (each seat dealt the hand size, every card in one deck): they
        are then forgotten. ``rules`` as for :func:`solve_runfast`."""
        position = checked_position(position)
        checked = runfast_rules(position, rules)
        player = check_seat("player", player, position.players)
        info = cls(checked, player, position.hands[player],
                   _check_played(played, position.players), position.to_move, position.prev,
                   position.passes)
        for seat, hand in enumerate(position.hands):
            if len(hand) != info.card_counts[seat]:
                raise ValueError(f"seat {seat} holds {len(hand)} cards and played "
                                 f"{len(info.played[seat])}: a seat is dealt "
                                 f"{checked.hand_size}")
        _check_within_deck(checked, list(position.hands) + list(info.played),
                           "the position's hands and the cards played")
        return info

    @property
    def players(self) -> int:
        """The players in play: 3, or 2 (``players = 2``)."""
        return self.rules.players

    @property
    def hidden_seats(self) -> Tuple[int, ...]:
        """The seats in play whose hands the player cannot see, in turn order after him."""
        return tuple((self.player + k) % self.players for k in range(1, self.players))

    @property
    def hidden_hand_size(self) -> int:
        """The cards of the hand dealt face down: the hand size with two players, else 0."""
        return self.rules.hand_size if self.players == 2 else 0

    @classmethod
    def from_state(cls, state: RunFastState, player: int) -> "RunFastInformationSet":
        """What ``player`` knows at a Run Fast hand being played: his hand, the cards each
        seat has played (read from the history) and the trick."""
        if not isinstance(state, RunFastState):
            raise TypeError(f"state must be a RunFastState, not {type(state).__name__}")
        played = [[0] * NUM_RANKS for _ in range(state.rules.players)]
        for seat, action in state.history:
            for rank, count in enumerate(action.counts):
                played[seat][rank] += count
        return cls.from_position(state.position(), player, [Hand(c) for c in played],
                                 rules=state.rules)

    def deal_count(self, constraints: Optional[Constraints] = None) -> int:
        """How many deals of the unseen physical cards fit the information set (and the
        constraints): 0 when none does."""
        table = _SplitTable(self, constraints)
        return table.total

    def sample(self, n: int, seed: int, *,
               constraints: Optional[Constraints] = None) -> List[RunFastPosition]:
        """``n`` positions dealt from the information set, exactly uniformly (see the module
        docstring), from ``random.Random(seed)`` (``seed`` 0..2**64 - 1): the same seed gives
        the same positions. The player's hand and the trick are the information set's; the
        other hands are dealt. ValueError when no deal meets the constraints."""
        made: Dict[Counts, RunFastPosition] = {}     # one position per split drawn
        out = []
        for split in self._splits(n, seed, constraints):
            position = made.get(split)
            if position is None:
                position = made[split] = self._position(split)
            out.append(position)
        return out

    def _splits(self, n: int, seed: int,
                constraints: Optional[Constraints] = None) -> List[Counts]:
        """The deals of :meth:`sample` as the counts of ranks 3..2 the first hidden seat holds
        (the other hidden seat, with three players, holds the rest of the unseen cards): what
        the search bots deal, without making a position of each."""
        n = check_int("n", n, 0, MAX_SAMPLES)
        rng = random.Random(check_seed64("seed", seed))
        table = _SplitTable(self, constraints)
        if table.total == 0:
            raise ValueError("no deal of the unseen cards meets the constraints (with the card "
                             "counts)")
        return [table.draw(rng.randrange(table.total)) for _ in range(n)]

    def _hidden_counts(self, first: Counts) -> List[Counts]:
        """The 15 rank counts of each hidden seat, in :attr:`hidden_seats` order, when the first
        holds ``first`` (ranks 3..2) and the next one, with three players, the rest of the
        unseen cards."""
        counts = [first + (0, 0)]
        if len(self.hidden_seats) == 2:
            counts.append(tuple(u - a for u, a in zip(self.unseen, first)) + (0, 0))
        return counts

    def _position(self, first: Counts) -> RunFastPosition:
        """The position where the first hidden seat holds ``first``
        (:meth:`_hidden_counts`)."""
        hands: List[Optional[Hand]] = [None] * self.players
        hands[self.player] = self.hand
        for seat, counts in zip(self.hidden_seats, self._hidden_counts(first)):
            hands[seat] = Hand(counts)
        return RunFastPosition(hands, self.to_move, self.prev, self.passes)


def _check_played(played: object, players: int) -> Tuple[Hand, ...]:
    if isinstance(played, (str, bytes)) or not isinstance(played, Sequence) or \
            len(played) != players:
        raise ValueError(f"played must be {players} hands (the cards each seat in play "
                         f"played), got {shown(played)}")
    return tuple(as_hand(h) for h in played)


def _check_within_deck(rules: Rules, hands: Sequence[Hand], what: str) -> None:
    deck = RUNFAST_DECKS[rules.deck_size]
    for rank, have in enumerate(map(sum, zip(*(h.counts for h in hands)))):
        if have > deck[rank]:
            raise ValueError(f"{what} hold {have} cards of rank {RANK_NAMES[rank]}: the "
                             f"{rules.deck_size}-card Run Fast deck has {deck[rank]}")


def _check_fields(info: RunFastInformationSet) -> None:
    """Every field checked (and put in canonical form), the derived fields computed: run when
    the set is made and again before it is sampled, since ``object.__setattr__`` can still
    change a frozen dataclass."""
    rules = checked_rules(info.rules)
    if rules.game != "runfast":
        raise ValueError(f"a Run Fast information set needs Run Fast rules (game='runfast'), "
                         f"not {rules!r}")
    players, size = rules.players, rules.hand_size
    player = check_seat("player", info.player, players)
    if not isinstance(info.hand, Hand):
        raise TypeError(f"hand must be a Hand, not {type(info.hand).__name__}")
    played = info.played
    if not (isinstance(played, tuple) and len(played) == players
            and all(isinstance(h, Hand) for h in played)):
        raise TypeError(f"played must be a tuple of {players} Hands, one per seat in play")
    counts = []
    for seat, gone in enumerate(played):
        if len(gone) > size:
            raise ValueError(f"seat {seat} played {len(gone)} cards: a seat is dealt {size}")
        counts.append(size - len(gone))
    if len(info.hand) != counts[player]:
        raise ValueError(f"the player's hand holds {len(info.hand)} cards and he played "
                         f"{len(played[player])}: a seat is dealt {size}")
    if counts.count(0) > 1:
        raise ValueError("at most one seat has played all its cards: the hand ends at the "
                         "first player out")
    _check_within_deck(rules, (info.hand,) + played, "the hand and the cards played")
    to_move = check_seat("to_move", info.to_move, players)
    prev, passes = check_prev_and_passes(info.prev, info.passes, players - 2)
    if prev is not None:
        if prev.type not in RUNFAST_TYPES:
            raise ValueError(f"the move to beat is a {prev.type}, which is no Run Fast move "
                             f"type ({', '.join(RUNFAST_TYPES[1:])})")
        try:
            is_move = prev in _classify(prev.counts, rules=rules)
        except ValueError:      # more cards than the deck or a hand holds
            is_move = False
        if not is_move:
            raise ValueError(f"the move to beat {format_runfast_move(prev)} is not a move "
                             f"under {rules!r}")
        last = (to_move - passes - 1) % players
        if any(p > g for p, g in zip(prev.counts, played[last].counts)):
            raise ValueError(f"the move to beat {format_runfast_move(prev)} was played by "
                             f"seat {last}, whose played cards {played[last]} do not hold it")
    deck = RUNFAST_DECKS[rules.deck_size]
    seen = [sum(column) for column in zip(info.hand.counts, *(h.counts for h in played))]
    for name, value in (("rules", rules), ("player", player), ("to_move", to_move),
                        ("prev", prev), ("passes", passes), ("card_counts", tuple(counts)),
                        ("unseen", tuple(d - s for d, s in zip(deck, seen)))):
        object.__setattr__(info, name, value)


# --- exact uniform splits --------------------------------------------------------------------

class _SplitTable:
    """The weighted splits of an information set's unseen cards, counted rank by rank.

    The first hidden seat A takes ``a_r`` of the ``u_r`` unseen cards of each rank,
    ``lo[r] <= a_r <= hi[r]`` (the constraints on A and, through the rest, on the other hidden
    hand), ``sum(a_r)`` its card count; a split weighs ``prod_r C(u_r, a_r)``, the deals of the
    physical cards it stands for. ``ways[r][k]`` is the total weight of the choices for ranks
    r.. that give A ``k`` cards, so ``ways[0][need]`` counts every deal, and a uniform draw
    below it names one split exactly (:meth:`draw`).
    """

    def __init__(self, info: RunFastInformationSet,
                 constraints: Optional[Constraints]) -> None:
        if not isinstance(info, RunFastInformationSet):
            raise TypeError(f"info must be a RunFastInformationSet, not {type(info).__name__}")
        _check_fields(info)
        self.unseen = info.unseen[:_RANKS]
        bounds = _bounds(info, constraints)
        seats = info.hidden_seats
        self.lo, self.hi = list(bounds[seats[0]][0]), list(bounds[seats[0]][1])
        if len(seats) == 2:     # the other hidden hand holds the rest: u_r - a_r in its bounds
            low_b, high_b = bounds[seats[1]]
            for r, u in enumerate(self.unseen):
                self.lo[r] = max(self.lo[r], u - high_b[r])
                self.hi[r] = min(self.hi[r], u - low_b[r])
        self.hi = [min(h, u) for h, u in zip(self.hi, self.unseen)]
        self.need = info.card_counts[seats[0]]
        # C(u_r, a) for every a of each rank, once: every draw reads them for each rank.
        self.choose = [[comb(u, a) for a in range(u + 1)] for u in self.unseen]
        self.ways = [[0] * (self.need + 1) for _ in range(_RANKS + 1)]
        self.ways[_RANKS][0] = 1
        for r in reversed(range(_RANKS)):
            for k in range(self.need + 1):
                self.ways[r][k] = sum(self.choose[r][a] * self.ways[r + 1][k - a]
                                      for a in range(max(self.lo[r], 0), min(self.hi[r], k) + 1))
        self.total = self.ways[0][self.need]

    def draw(self, index: int) -> Counts:
        """The split of the ``index``-th deal (0 <= index < total), in a fixed order."""
        share, k = [], self.need
        for r in range(_RANKS):
            choose, after = self.choose[r], self.ways[r + 1]
            for a in range(max(self.lo[r], 0), min(self.hi[r], k) + 1):
                weight = choose[a] * after[k - a]
                if index < weight:
                    break
                index -= weight
            # The block of this a is C(u_r, a) ways of choosing its cards times the deals of
            # the ranks after it: the index within those deals is the quotient.
            index //= choose[a]
            share.append(a)
            k -= a
        return tuple(share)


def _bounds(info: RunFastInformationSet,
            constraints: Optional[Constraints]) -> Dict[int, Tuple[Counts, Counts]]:
    """Per hidden seat, the lowest and highest count of each rank 3..2 it may hold."""
    bounds = {seat: ((0,) * _RANKS, info.unseen[:_RANKS]) for seat in info.hidden_seats}
    if constraints is None:
        return bounds
    if not isinstance(constraints, Mapping):
        raise TypeError(f"constraints must be a mapping {{seat: {{rank: count or (low, high)}}}}"
                        f", not {type(constraints).__name__}")
    for seat, per_rank in constraints.items():
        seat = check_seat("a constrained seat", seat, info.players)
        if seat not in bounds:
            raise ValueError(f"seat {seat} is the player himself: constraints are about the "
                             f"hidden seats {info.hidden_seats}")
        if not isinstance(per_rank, Mapping):
            raise TypeError(f"the constraints of seat {seat} must be a mapping "
                            f"{{rank: count or (low, high)}}, not {type(per_rank).__name__}")
        low, high = list(bounds[seat][0]), list(bounds[seat][1])
        for key, value in per_rank.items():
            rank = _rank_of(key)
            low[rank], high[rank] = _range_of(value, rank, seat)
        bounds[seat] = (tuple(low), tuple(high))
    return bounds


def _rank_of(key: object) -> int:
    rank = rank_index(key.strip()) if isinstance(key, str) else \
        check_int("a constrained rank", key, 0, NUM_RANKS - 1)
    if rank >= _RANKS:
        raise ValueError(f"Run Fast has no jokers: a constrained rank is 3..2, not "
                         f"{RANK_NAMES[rank]}")
    return rank


def _range_of(value: object, rank: int, seat: int) -> Tuple[int, int]:
    what = f"the count of rank {RANK_NAMES[rank]} for seat {seat}"
    if is_int(value):
        low = high = check_int(what, value, 0, 4)
    elif isinstance(value, tuple) and len(value) == 2:
        low = check_int(f"the lowest {what}", value[0], 0, 4)
        high = check_int(f"the highest {what}", value[1], 0, 4)
        if low > high:
            raise ValueError(f"{what}: the range ({low}, {high}) is empty")
    else:
        raise TypeError(f"{what} must be an int or a (low, high) tuple, got {shown(value)}")
    return low, high
