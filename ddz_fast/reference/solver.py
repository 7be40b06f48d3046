"""The reference solver: plain minimax with a memo, written to be read. It is the specification
of :func:`ddz_fast.search.solver.solve` and is meant for small positions only.

Everything follows docs/RULES.md, "Search":

* A game is a :class:`~ddz_fast.positions.three_player.Position` (three hands: the landlord's side
  against the two peasants, who play as one side seeing every card; with wild ranks, moves are
  read with wild cards), a :class:`~ddz_fast.positions.four_player.FourPlayerPosition` (four hands
  of two decks: the landlord alone against three, or with its ``partner`` against two) or a
  :class:`~ddz_fast.positions.duel.Duel` (two hands; the first player's side against the
  second's).
* Play goes round the seats; a player following may pass, the leader may not; once every other
  seat has passed in a row, the player who made the last move leads (in a duel, after one pass);
  the hand ends when a hand empties.
* ``wins(state)``: whether the side to move wins with best play by both sides.
* The winning moves: every first action after which the side to move still wins.
* The distance of a state: how many actions the hand lasts when the winning side ends it as fast
  as it can and the losing side delays the end as long as it can. The principal variation takes,
  at every state, the first action in canonical order (``Move.PASS`` first when following, then
  the order of ``legal_moves``) that realises the distance.
* The stake: the product of what the bombs and rockets played from this state on multiply the
  stake by (:func:`ddz_fast.move.bomb_factor`: 2 each, or under wild cards and
  ``bomb_multiplier="app"`` 2, 4 or 6), positive when the landlord's side (a duel's first player)
  wins and negative when it loses; the landlord's side maximises it and the other side minimises
  it. Spring and anti-spring need the history of the hand (who has played a card so far), which
  a position does not hold, so they are not counted.

Moves come from :func:`ddz_fast.reference.moves.legal_moves` unless the caller passes another
generator with the same results.
"""
from __future__ import annotations

from functools import lru_cache, partial
from typing import Any, Callable, Dict, FrozenSet, List, NamedTuple, Optional, Sequence, Tuple

from ..cards import Counts
from ..hand import Hand
from ..move import Move, bomb_factor
from ..rules import Rules, RulesLike, checked_rules
from ..validate import check_seat
from ..wild import check_wild
from . import moves as reference

__all__ = ["ReferenceSolution", "solve_reference"]

#: A :class:`~ddz_fast.positions.three_player.Position`, a
#: :class:`~ddz_fast.positions.four_player.FourPlayerPosition` or a
#: :class:`~ddz_fast.positions.duel.Duel`, read by their fields.
Game = Any
#: A move generator with the signature of :func:`ddz_fast.legal_moves`.
LegalMovesFn = Callable[..., Sequence[Move]]


class State(NamedTuple):
    """A node of the play tree: the hands (each packed, see :func:`_packed`), the player to
    move, the move to beat (None when leading) and the passes since it. States are their own
    memo keys."""

    hands: Tuple[int, ...]
    player: int
    prev: Optional[Move]
    passes: int


class ReferenceSolution(NamedTuple):
    wins: bool                          #: the side to move wins
    winning_moves: Tuple[Move, ...]     #: in canonical order
    distance: Optional[int]             #: actions to the end with best play (None: not asked)
    pv: Tuple[Move, ...]                #: the principal variation (empty: not asked)
    stake: Optional[int]                #: the signed stake (None: not asked)
    stake_moves: Tuple[Move, ...]       #: the first actions that get the stake


class _Solver:
    """The rules of play of one game, with memos of everything computed."""

    def __init__(self, rules: Rules, generate: LegalMovesFn, side: FrozenSet[int]) -> None:
        self.rules = rules
        self.decks = rules.decks
        self.generate = generate
        self.landlord_side = side       # the seats of side 0
        self._wins: Dict[tuple, bool] = {}
        self._outcomes: Dict[tuple, Tuple[int, int]] = {}
        self._stakes: Dict[tuple, int] = {}
        self._moves = lru_cache(maxsize=None)(self._generated)
        self._cards = lru_cache(maxsize=None)(lambda move: _packed(move.counts))

    # --- the rules of play ---------------------------------------------------------------

    def side(self, player: int) -> int:
        """0: the landlord's side (a duel's first player); 1: the other side."""
        return 0 if player in self.landlord_side else 1

    def _generated(self, hand: int, prev: Optional[Move]) -> Tuple[Move, ...]:
        return tuple(self.generate(Hand(_unpacked(hand), decks=self.decks), prev,
                                   rules=self.rules))

    def actions(self, state: State) -> List[Move]:
        """The legal actions: the pass first when following, then the legal moves."""
        moves = list(self._moves(state.hands[state.player], state.prev))
        return moves if state.prev is None else [Move.PASS] + moves

    def after(self, state: State, action: Move) -> Tuple[State, bool]:
        """The state after ``action`` and whether it emptied the mover's hand (the end)."""
        seats = len(state.hands)
        following = (state.player + 1) % seats
        if action.is_pass:
            if state.passes == seats - 2:   # every other seat passed: the last mover leads
                return State(state.hands, following, None, 0), False
            return State(state.hands, following, state.prev, state.passes + 1), False
        hands = list(state.hands)
        hands[state.player] -= self._cards(action)
        return State(tuple(hands), following, action, 0), not hands[state.player]

    # --- who wins -------------------------------------------------------------------------

    def keeps_win(self, state: State, action: Move) -> bool:
        """Whether the side to move still wins after ``action``."""
        child, ended = self.after(state, action)
        if ended:
            return True
        same_side = self.side(child.player) == self.side(state.player)
        return self.wins(child) == same_side

    def wins(self, state: State) -> bool:
        if state not in self._wins:
            actions = self.actions(state)
            hand = state.hands[state.player]
            # The same answer as the second any() alone, sooner: a move of the whole hand
            # ends the hand at once, so look for one before searching below any action; and
            # longer moves first, which find a winning action sooner (any order gives the
            # same answer; this one keeps positions of 20 cards and more within seconds).
            self._wins[state] = (any(self._cards(a) == hand for a in actions)
                                 or any(self.keeps_win(state, a)
                                        for a in sorted(actions, key=len, reverse=True)))
        return self._wins[state]

    # --- how long the hand lasts ------------------------------------------------------------

    def outcome(self, state: State) -> Tuple[int, int]:
        """(winning side, actions to the end): the winner finishes fastest, the loser delays."""
        if state not in self._outcomes:
            mine = self.side(state.player)
            results = [self.child_outcome(state, a) for a in self.actions(state)]
            won = [d for side, d in results if side == mine]
            if won:
                self._outcomes[state] = (mine, min(won))
            else:
                self._outcomes[state] = (1 - mine, max(d for _, d in results))
        return self._outcomes[state]

    def child_outcome(self, state: State, action: Move) -> Tuple[int, int]:
        child, ended = self.after(state, action)
        if ended:
            return self.side(state.player), 1
        side, d = self.outcome(child)
        return side, d + 1

    def principal_variation(self, state: State) -> Tuple[Move, ...]:
        line = []
        while True:
            best = self.outcome(state)
            action = next(a for a in self.actions(state) if self.child_outcome(state, a) == best)
            line.append(action)
            state, ended = self.after(state, action)
            if ended:
                return tuple(line)

    # --- the stake ------------------------------------------------------------------------

    def child_stake(self, state: State, action: Move) -> int:
        child, ended = self.after(state, action)
        if ended:
            value = 1 if self.side(state.player) == 0 else -1
        else:
            value = self.stake(child)
        return value * bomb_factor(action, self.rules.bomb_multiplier)

    def stake(self, state: State) -> int:
        if state not in self._stakes:
            values = [self.child_stake(state, a) for a in self.actions(state)]
            self._stakes[state] = max(values) if self.side(state.player) == 0 else min(values)
        return self._stakes[state]


def _packed(counts: Counts) -> int:
    """15 rank counts packed 4 bits each into an int (two decks hold at most 8 of a rank):
    states hash fast, and a move leaves a hand by one subtraction of its packed cards."""
    return sum(count << (4 * rank) for rank, count in enumerate(counts))


def _unpacked(hand: int) -> Counts:
    return tuple((hand >> (4 * rank)) & 15 for rank in range(15))


def _is_duel(game: Game) -> bool:
    """A duel has a first and a second hand; a position hands and a landlord."""
    return hasattr(game, "first") and hasattr(game, "second")


def _root(game: Game) -> State:
    if _is_duel(game):
        return State((_packed(game.first.counts), _packed(game.second.counts)), 0, game.prev, 0)
    return State(tuple(_packed(hand.counts) for hand in game.hands), game.to_move, game.prev,
                 game.passes)


def _table(game: Game, rules: RulesLike, partner: object) -> Tuple[Rules, FrozenSet[int]]:
    """The checked rules of ``game``'s table and the seats of the landlord's side: a duel and a
    position of three hands play three-player rules, four hands four-player rules, whose
    ``partner`` (under ``sides="partner"``) joins the landlord's side."""
    seats = 2 if _is_duel(game) else len(game.hands)
    checked = checked_rules("four_player" if rules is None and seats == 4 else rules)
    if checked.game != "doudizhu" or checked.players != max(seats, 3):
        raise ValueError(f"a game of {seats} hands is played under Dou Dizhu rules of "
                         f"{max(seats, 3)} players, not {checked!r}")
    if seats != 4 or checked.sides != "partner":
        if partner is not None:
            raise ValueError("partner names the landlord's partner under sides='partner'")
        return checked, frozenset((0,) if seats == 2 else (game.landlord,))
    seat = check_seat("partner", partner, 4)
    if seat == game.landlord:
        raise ValueError(f"partner must be a seat other than the landlord, seat {seat}")
    return checked, frozenset((game.landlord, seat))


def solve_reference(game: Game, *, rules: RulesLike = None, distance: bool = False,
                    stake: bool = False, partner: Optional[int] = None,
                    legal_moves: LegalMovesFn = reference.legal_moves) -> ReferenceSolution:
    """Solve a small position or duel by plain minimax (see the module docstring).

    ``rules`` are those of the game's table (three players for a position of three hands and
    for a duel, four for four hands, ``four_player`` by default there); ``partner`` names the
    landlord's partner under ``sides="partner"``. ``distance`` also computes the distance and
    the principal variation, ``stake`` the stake and the actions that get it; both search the
    whole tree, without cutoffs. ``legal_moves`` is the move generator (default: the
    pure-Python reference; any function with its signature and results, such as
    :func:`ddz_fast.legal_moves`, gives the same answers faster); a position's wild ranks are
    passed to it as ``wild=``.
    """
    if not (_is_duel(game) or hasattr(game, "to_move")):
        raise TypeError(f"game must be a Position, a FourPlayerPosition or a Duel, not "
                        f"{type(game).__name__}")
    if not _is_duel(game) and game.is_over:
        raise ValueError(f"the position {game} is over: there is nothing to solve")
    checked, side = _table(game, rules, partner)
    wild = check_wild(checked, getattr(game, "wild", None))
    solver = _Solver(checked, partial(legal_moves, wild=wild) if wild else legal_moves, side)
    state = _root(game)
    winning = tuple(a for a in solver.actions(state) if solver.keeps_win(state, a))
    dist: Optional[int] = None
    pv: Tuple[Move, ...] = ()
    if distance:
        dist = solver.outcome(state)[1]
        pv = solver.principal_variation(state)
    value: Optional[int] = None
    best: Tuple[Move, ...] = ()
    if stake:
        value = solver.stake(state)
        best = tuple(a for a in solver.actions(state) if solver.child_stake(state, a) == value)
    return ReferenceSolution(bool(winning), winning, dist, pv, value, best)
