"""Bridges to other Dou Dizhu engines: their card encodings, action ids and move generators.

* :mod:`ddz_fast.compat.douzero`: DouZero's card integers, and ``MovesGener``, a drop-in for
  DouZero's move generator running on ddz_fast (``install()`` makes DouZero's ``GameEnv`` use
  it).
* :mod:`ddz_fast.compat.rlcard`: RLCard's action strings and ids (preset ``rlcard``).
* :mod:`ddz_fast.compat.openspiel`: OpenSpiel's ``dou_dizhu`` action ids (preset ``openspiel``).

None of these modules imports its engine: the id layouts are derived from ddz_fast's own action
spaces by a documented ordering rule, and the tests prove them against the installed engines.
Only ``ddz_fast.compat.douzero.install()`` imports DouZero, to patch it.
"""
from __future__ import annotations

from typing import Callable, Dict, Sequence, Tuple

import numpy as np

from .._checks import exact_move
from ..move import Move
from ..moves import action_space
from ..rules import Rules
from ..validate import is_int

__all__ = ["ActionLayout", "wing_ranks"]


def wing_ranks(move: Move) -> Tuple[int, ...]:
    """The ranks of an airplane's wings, low to high, a rank once per wing card.

    ``333444555+666`` (key 0, length 3) has wings ``(3, 3, 3)``: rank index 3 is the six.
    """
    main = range(move.key, move.key + move.length)
    return tuple(rank for rank, count in enumerate(move.counts)
                 for _ in range(count - 3 if rank in main else count))


class ActionLayout:
    """An engine's dense action ids for the moves of one ddz_fast preset, pass included.

    ``order`` sorts the preset's action space into the engine's id order; the plays take the
    ids ``first_play_id`` onwards, the pass takes ``pass_id``, and the ids left over out of
    ``num_actions`` (OpenSpiel's bids) are not moves.
    """

    def __init__(self, engine: str, rules: Rules, order: Callable[[Move], tuple],
                 first_play_id: int, pass_id: int, num_actions: int) -> None:
        self.engine = engine
        self.rules = rules
        self.num_actions = num_actions
        self.pass_id = pass_id
        plays = sorted(action_space(rules), key=order)
        self._moves: Dict[int, Move] = {first_play_id + i: m for i, m in enumerate(plays)}
        self._moves[pass_id] = Move.PASS
        self._ids: Dict[int, int] = {move.word: i for i, move in self._moves.items()}
        if len(self._moves) > num_actions or max(self._moves) >= num_actions:
            raise AssertionError(f"{engine}: {len(plays)} plays do not fit in its ids")

    def to_id(self, move: Move) -> int:
        """The engine's action id of ``move`` (ValueError for a move it does not know)."""
        move = exact_move(move, "move")
        try:
            return self._ids[move.word]
        except KeyError:
            raise ValueError(f"{move!r} is not a move of {self.engine} (preset "
                             f"{self.rules.preset_name})") from None

    def from_id(self, action_id: int) -> Move:
        """The move of one of the engine's action ids (ValueError for an id that is no move)."""
        if not is_int(action_id):
            raise TypeError(f"an action id is an int, not {type(action_id).__name__}")
        action_id = int(action_id)  # type: ignore[call-overload]
        if not 0 <= action_id < self.num_actions:
            raise ValueError(f"{self.engine} action ids are 0..{self.num_actions - 1}, "
                             f"not {action_id}")
        try:
            return self._moves[action_id]
        except KeyError:
            raise ValueError(f"{self.engine} action {action_id} is not a move") from None

    def moves(self) -> Sequence[Move]:
        """Every move with an id, in id order (the pass included)."""
        return [self._moves[i] for i in sorted(self._moves)]

    def id_map(self) -> np.ndarray:
        """int64[len(action_space(rules))]: the engine id of each ddz_fast action id.

        It turns ddz_fast masks into the engine's:
        ``engine_mask[:, layout.id_map()] = ddz_fast.legal_action_mask(hands, rules=rules)``.
        """
        return np.array([self._ids[m.word] for m in action_space(self.rules)], dtype=np.int64)
