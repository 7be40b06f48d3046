"""The public move API of the chosen implementation: what ``ddz_fast.legal_moves`` and its
siblings are.

``DDZ_FAST_IMPLEMENTATION`` chooses, when this module is first imported:

* ``native`` (the default): the compiled core, :mod:`ddz_fast.moves.native`. Without a build this
  raises :class:`~ddz_fast.compiled.NativeCoreMissingError`, which names the missing build.
* ``python``: the pure-Python reference, :mod:`ddz_fast.reference.moves`, which needs no build.

Any other value is refused when the move API is first used, with an ImportError that names it
(so that the command line can say so in one line).

Modules of the package that call "the public API" import it from here, never from the
``ddz_fast`` package itself, so that nothing imports the package while it initialises.
"""
from __future__ import annotations

import os
from types import ModuleType
from typing import NoReturn, Tuple

from ..move import ListOfMoves
from ..reference import moves as _reference

__all__ = ["IMPLEMENTATION", "IMPLEMENTATIONS", "MoveList", "legal_moves", "classify", "beats",
           "action_space", "action_id", "action_move", "legal_moves_batch",
           "legal_action_mask", "implementation"]

#: The values DDZ_FAST_IMPLEMENTATION may take.
IMPLEMENTATIONS: Tuple[str, ...] = ("native", "python")
#: The implementation behind the public API: ``"native"`` or ``"python"``.
IMPLEMENTATION: str = os.environ.get("DDZ_FAST_IMPLEMENTATION") or "native"
#: What the move API says when DDZ_FAST_IMPLEMENTATION names no implementation.
UNKNOWN_IMPLEMENTATION = (f"DDZ_FAST_IMPLEMENTATION={IMPLEMENTATION!r:.100} is not an "
                          "implementation: use 'native' (the default) or 'python'")

if IMPLEMENTATION == "native":
    from .native import (MoveList, action_id, action_move, action_space, beats, classify,
                         legal_action_mask, legal_moves, legal_moves_batch)
elif IMPLEMENTATION == "python":
    action_id, action_move, action_space = \
        _reference.action_id, _reference.action_move, _reference.action_space
    beats, classify, legal_moves = _reference.beats, _reference.classify, _reference.legal_moves
    legal_moves_batch, legal_action_mask = \
        _reference.legal_moves_batch, _reference.legal_action_mask
    MoveList = ListOfMoves  # what the reference's legal_moves returns
else:
    def _unknown_implementation(*args: object, **kwargs: object) -> NoReturn:
        raise ImportError(UNKNOWN_IMPLEMENTATION)

    action_id = action_move = action_space = beats = classify = legal_moves = \
        legal_moves_batch = legal_action_mask = _unknown_implementation
    MoveList = ListOfMoves


def implementation(name: str) -> ModuleType:
    """The move API of one implementation, whichever the public one is: ``"native"`` (the
    compiled core, :mod:`ddz_fast.moves.native`; NativeCoreMissingError when it was not built)
    or ``"python"`` (the pure-Python reference, :mod:`ddz_fast.reference.moves`)."""
    if not isinstance(name, str):
        raise TypeError(f"an implementation is named by a str, not {type(name).__name__}")
    if name == "python":
        return _reference
    if name == "native":
        from . import native    # the compiled core: loaded here only when it is asked for
        return native
    raise ValueError(f"unknown implementation {name!r:.100}: use 'native' or 'python'")
