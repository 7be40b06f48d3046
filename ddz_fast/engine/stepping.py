"""The play phase of a game state on words: what :class:`~ddz_fast.engine.three_player.State`
steps.

A play phase holds three hand words, the move to beat, the passes since it and the tallies the
settlement needs (non-pass moves per seat, bombs played, who went out). It lists the legal
actions of its position once, keeps them until the next step, and plays an action only if it is
one of them (membership by move word), so a rejected action changes nothing.

With the native implementation (the default) it is ``ddz_fast.engine._play_phase.PlayPhase``,
and a step is one native call. :class:`PythonPlayPhase` is its pure-Python twin on
:mod:`ddz_fast.positions.step`'s rules: it runs where the compiled core is absent or
``DDZ_FAST_IMPLEMENTATION=python``, and the tests play the same games through both.

The interface of both: ``actions()`` (the legal actions, ``Move.PASS`` first when following,
as a new list), ``contains(move)``, ``play(move, log)`` (the next seat, :data:`HAND_OVER` when
the move emptied a hand, -1 when the move is not legal; a move played is appended to the list
``log``, unless it is None, as the event ``("act", seat, move)``), ``copy()`` and the read-only
fields ``hands`` (words), ``prev`` (the move to beat, None to lead), ``prev_word`` (its word, 0
to lead), ``passes``, ``player``, ``landlord``, ``plays``, ``bombs`` and ``winner`` (-1 while
play goes on). Play phases compare by value.
"""
from __future__ import annotations

from operator import attrgetter
from typing import Any, List, Optional, Tuple

from .. import moves as api
from ..bitboard import COUNT_MASK
from ..compiled import HAVE_CORE, load
from ..hand import Hand
from ..move import Move
from ..positions.step import LegalMovesFn, generator, play_actions
from ..rules import Rules

__all__ = ["HAND_OVER", "PythonPlayPhase", "PythonStateCore", "StateCore", "STATE_CORE_FIELDS",
           "new_play_phase", "hand_of_word", "NATIVE_PLAY_PHASE"]

#: What ``play`` returns when the move ended the hand (seats are 0..2).
HAND_OVER = 3
#: Whether states step on the native play phase (the compiled core with the native implementation).
NATIVE_PLAY_PHASE = HAVE_CORE and api.IMPLEMENTATION == "native"
_play_phase = load("ddz_fast.engine._play_phase")
Words = Tuple[int, int, int]


def new_play_phase(hands: Words, landlord: int, rules: Rules) -> Any:
    """The play phase at its start: ``hands`` are three hand words of one deck (the
    landlord's with the kitty) and ``landlord`` a seat, both checked by the caller."""
    if NATIVE_PLAY_PHASE:
        return _play_phase.PlayPhase(hands, landlord, rules)
    return PythonPlayPhase(hands, landlord, rules, generator(None))


def hand_of_word(word: int) -> Hand:
    """The Hand of a hand word the state holds."""
    return Hand.from_bitboard(word)


class PythonPlayPhase:
    """The play phase in Python (see the module docstring), on a move generator of
    :func:`ddz_fast.positions.step.generator`: ``reference`` makes it the specification's twin."""

    __slots__ = ("_hands", "_prev", "_passes", "_player", "_landlord", "_plays", "_bombs",
                 "_winner", "_rules", "_generate", "_actions")

    def __init__(self, hands: Words, landlord: int, rules: Rules,
                 generate: LegalMovesFn) -> None:
        self._hands: List[int] = list(hands)
        self._prev: Optional[Move] = None
        self._passes = 0
        self._player = self._landlord = landlord
        self._plays = [0, 0, 0]
        self._bombs = 0
        self._winner = next((seat for seat in range(3) if not hands[seat]), -1)
        self._rules = rules
        self._generate = generate
        self._actions: Optional[Tuple[Move, ...]] = None

    def _legal(self) -> Tuple[Move, ...]:
        if self._actions is None:
            self._actions = () if self._winner >= 0 else tuple(play_actions(
                hand_of_word(self._hands[self._player]), self._prev, self._rules,
                self._generate))
        return self._actions

    def actions(self) -> List[Move]:
        """The legal actions, a new list each time."""
        return list(self._legal())

    def contains(self, move: object) -> bool:
        return isinstance(move, Move) and move in self._legal()

    def play(self, move: object, log: Optional[List[Any]]) -> int:
        if not self.contains(move):
            return -1
        assert isinstance(move, Move)
        mover = self._player
        if log is not None:
            log.append(("act", mover, move))
        self._player = (mover + 1) % 3
        self._actions = None
        if move.is_pass:
            if self._passes == 1:   # the second pass in a row: the last player leads
                self._prev, self._passes = None, 0
            else:
                self._passes = 1
            return self._player
        self._hands[mover] -= move.word & COUNT_MASK
        self._prev, self._passes = move, 0
        self._plays[mover] += 1
        self._bombs += move.type in ("bomb", "rocket")
        if not self._hands[mover]:
            self._winner = mover
            return HAND_OVER
        return self._player

    def copy(self) -> "PythonPlayPhase":
        other = PythonPlayPhase(self.hands, self._landlord, self._rules, self._generate)
        for name in ("_prev", "_passes", "_player", "_bombs", "_winner"):
            setattr(other, name, getattr(self, name))
        other._plays = list(self._plays)
        return other

    hands = property(lambda self: (self._hands[0], self._hands[1], self._hands[2]))
    prev = property(lambda self: self._prev)
    prev_word = property(lambda self: 0 if self._prev is None else self._prev.word)
    passes = property(lambda self: self._passes)
    player = property(lambda self: self._player)
    landlord = property(lambda self: self._landlord)
    plays = property(lambda self: (self._plays[0], self._plays[1], self._plays[2]))
    bombs = property(lambda self: self._bombs)
    winner = property(lambda self: self._winner)

    def key(self) -> tuple:
        return (self.hands, self.prev_word, self._passes, self._player, self._landlord,
                self.plays, self._bombs, self._winner)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PythonPlayPhase):
            return NotImplemented
        return self.key() == other.key()

    __hash__ = None  # type: ignore[assignment]  # play phases change: never dict keys


#: The fields of a :class:`~ddz_fast.engine.three_player.State` that :class:`StateCore` holds.
STATE_CORE_FIELDS = ("_phase", "_player", "_play_phase", "_log", "_timeouts", "_over")


class PythonStateCore:
    """What a :class:`~ddz_fast.engine.three_player.State` does on every step of a driver's loop,
    in Python: the twin of ``ddz_fast.engine._play_phase._StateCore``, which holds these fields in
    C slots.

    ``is_over``, ``legal_actions()`` and the play phase's ``apply(move)`` (one step of the play
    phase); every other action goes to the subclass's ``_apply_checked``, and a hand that ends to
    its ``_finish``.
    """

    __slots__ = STATE_CORE_FIELDS

    is_over = property(attrgetter("_over"), doc="Whether the hand is over (phase 'over').")

    def legal_actions(self) -> List[Any]:
        """The actions ``current_player`` may apply now (empty once over), a new list each time.

        In the play phase the moves (``Move.PASS`` first when following) are listed once per
        position on words and kept until the state changes; a call builds the list from them.
        """
        if self._phase == "play":
            return self._play_phase.actions()
        return list(self._legal_tuple())  # type: ignore[attr-defined]

    def apply(self, action: Any) -> None:
        """The current player takes ``action`` (ValueError/TypeError if it is not legal)."""
        if type(action) is Move and self._phase == "play":
            # The usual step: one call of the play phase checks the move against the legal actions,
            # plays it and logs it, or changes nothing and returns -1 (then the checks name why).
            player = self._player
            after = self._play_phase.play(action, self._log)
            if after >= 0:
                if self._timeouts[player]:
                    self._timeouts = tuple(0 if seat == player else count
                                           for seat, count in enumerate(self._timeouts))
                if after == HAND_OVER:
                    self._finish()  # type: ignore[attr-defined]
                else:
                    self._player = after
                return
        self._apply_checked(action)  # type: ignore[attr-defined]


#: The base of :class:`~ddz_fast.engine.three_player.State`: in C slots with the native play phase.
StateCore: type = _play_phase._StateCore if NATIVE_PLAY_PHASE else PythonStateCore
