"""Perft and divide: counting the play tree, and the perft suite files.

Perft counts the leaves of the play tree cut at a depth: a position at the depth is a leaf, and
so is a finished hand at any depth (the game ends when a hand empties). A pass is a move when
following. So ``perft(p, 0) == 1`` and, unless ``p`` is over, ``perft(p, 1)`` is the number of
legal actions.

The perft suites (files of positions and their counts) and their runner are in
:mod:`ddz_fast.positions.suites`.

A :class:`~ddz_fast.positions.runfast.RunFastPosition` is counted over the Run Fast play rules
(:func:`ddz_fast.positions.runfast.runfast_actions`: no pass at a lead, must-beat, the one-card
rule) by a walk in Python, :func:`_perft_runfast`, or with ``implementation="native"`` by the
compiled core's walk of the same rules (:mod:`ddz_fast.positions._runfast_native`).
"""
from __future__ import annotations

from typing import Dict, Optional

from ..move import Move
from .step import Hands, Implementation, LegalMovesFn, generator, play_actions, play_step
from .rollouts import perft_native
from . import _runfast_native, four_player, runfast
from .three_player import Position, _check_perft_args
from .four_player import FourPlayerPosition
from .runfast import RunFastPosition
from ..rules import Rules, RulesLike, checked_rules, three_player_table

__all__ = ["perft", "divide"]


def perft(position: Position, depth: int, *, rules: RulesLike = None,
          implementation: Implementation = None) -> int:
    """The number of leaves of the play tree below ``position`` cut at ``depth`` plies.

    ``implementation`` picks the move generator of a walk over the tree here: None (the
    public API's, :data:`ddz_fast.IMPLEMENTATION`), ``"python"`` (the pure-Python
    :mod:`ddz_fast.reference.moves`) or any function with the signature of
    :func:`ddz_fast.legal_moves`; or ``"native"`` counts the whole tree in the compiled core
    (:func:`ddz_fast.positions.rollouts.perft_native`) instead.

    A position with wild ranks (rules with ``laizi``) is counted by a walk in Python over the
    generator with wild cards (a generator given is called with ``wild=``), or with
    ``"native"`` by the compiled core over its laizi generator.

    A :class:`~ddz_fast.positions.four_player.FourPlayerPosition` of the four-player table is
    counted the same way over four seats (``rules`` default to ``four_player`` there), with
    ``"native"`` by the compiled core's walk on the words of two decks.

    A :class:`~ddz_fast.positions.runfast.RunFastPosition` is counted under Run Fast rules
    (default ``runfast``, two players for two hands) by a walk in Python over the generator,
    or with ``"native"`` by the compiled core (Ctrl-C stops it with KeyboardInterrupt).
    """
    if isinstance(position, RunFastPosition):
        return _runfast_perft(position, depth, rules, implementation)
    if isinstance(position, FourPlayerPosition):
        rules = rules or "four_player"
    if isinstance(implementation, str) and implementation == "native":
        return perft_native(position, depth, rules=rules)
    if isinstance(position, FourPlayerPosition):
        position = four_player._checked(position, depth)
        return _perft(position.hands, position.to_move, position.prev, position.passes,
                      depth, generator(implementation), four_player._four_player_rules(rules))
    position = _check_perft_args(position, depth)
    checked = three_player_table(checked_rules(rules), "perft")
    # Without wild cards on either side nothing is left to check: the plain count's entry
    # stays as cheap as before wild cards.
    wild = () if position.wild is None and not checked.laizi else position.wild_under(checked)
    return _perft(position.hands, position.to_move, position.prev, position.passes,
                  depth, generator(implementation, wild), checked)


def divide(position: Position, depth: int, *, rules: RulesLike = None,
           implementation: Implementation = None) -> Dict[Move, int]:
    """Perft split by the first action: {action: leaves below it at ``depth - 1``}.

    Each subtree is counted by :func:`perft` with the same ``implementation`` (``"native"``
    included; its first actions then come from the compiled core's generator). The counts add up to
    ``perft(position, depth)``, except for a finished hand: it has no first action (``{}``)
    and is itself the one leaf perft counts.
    """
    if isinstance(position, RunFastPosition):
        position, checked = runfast.checked_perft_args(position, depth, rules)
        if depth == 0:
            raise ValueError("divide needs a depth of at least 1")
        return {move: perft(position._after(move), depth - 1, rules=checked,
                            implementation=implementation)
                for move in position.legal_actions(checked, _runfast_generator(implementation))}
    if isinstance(position, FourPlayerPosition):
        rules = rules or "four_player"     # each subtree counted as perft counts it
        position = four_player._checked(position, depth)
        if depth == 0:
            raise ValueError("divide needs a depth of at least 1")
        return {move: perft(position._after(move), depth - 1, rules=rules,
                            implementation=implementation)
                for move in position.legal_actions(rules, implementation)}
    position = _check_perft_args(position, depth)
    if depth == 0:
        raise ValueError("divide needs a depth of at least 1")
    rules = three_player_table(checked_rules(rules), "perft")
    wild = position.wild_under(rules)
    # "native" with wild ranks: the public API's generator with wild cards (the compiled laizi
    # generator) lists the first actions, since the native generator of plain words refuses them
    native_wild = bool(wild) and isinstance(implementation, str) and implementation == "native"
    first_actions = generator(None if native_wild else implementation, wild)
    return {move: perft(position._after(move), depth - 1, rules=rules,
                        implementation=implementation)
            for move in ([] if position.is_over else
                         play_actions(position.hands[position.to_move], position.prev, rules,
                                      first_actions))}


def _perft(hands: Hands, player: int, prev: Optional[Move], passes: int, depth: int,
           generate: LegalMovesFn, rules: Rules) -> int:
    """The walk, at any number of seats."""
    if depth == 0 or not all(hand.bitboard for hand in hands):
        return 1
    moves = generate(hands[player], prev, rules=rules)
    if depth == 1:  # every child is a leaf: count them without making them
        return len(moves) + (prev is not None)
    nodes = 0
    if prev is not None:
        nodes += _perft(*play_step(hands, player, prev, passes, Move.PASS), depth - 1,
                        generate, rules)
    for move in moves:
        child = play_step(hands, player, prev, passes, move)
        if not child[0][player].bitboard:  # the hand ends: a leaf
            nodes += 1
        else:
            nodes += _perft(*child, depth - 1, generate, rules)
    return nodes


def _runfast_perft(position: RunFastPosition, depth: int, rules: RulesLike,
                   implementation: Implementation) -> int:
    """:func:`perft` of a Run Fast position: checked, then walked in Python or counted in the
    compiled core."""
    position, checked = runfast.checked_perft_args(position, depth, rules)
    if isinstance(implementation, str) and implementation == "native":
        return _runfast_native.perft(position, depth, checked)
    return _perft_runfast(position.hands, position.to_move, position.prev, position.passes,
                          depth, _runfast_generator(implementation), checked)


def _runfast_generator(implementation: Implementation) -> LegalMovesFn:
    """The move generator of a Run Fast walk: ``"native"`` (whose count is the compiled
    core's) lists first actions with the public API's generator, the compiled one."""
    if isinstance(implementation, str) and implementation == "native":
        return generator(None)
    return generator(implementation)


def _perft_runfast(hands: Hands, player: int, prev: Optional[Move], passes: int, depth: int,
                   generate: LegalMovesFn, rules: Rules) -> int:
    """The Run Fast walk: :func:`_perft` with the Run Fast play rules choosing the actions."""
    if depth == 0 or not all(hand.bitboard for hand in hands):
        return 1
    actions = runfast.runfast_actions(hands, player, prev, rules, generate)
    if depth == 1:  # every child is a leaf: count them without making them
        return len(actions)
    return sum(_perft_runfast(*play_step(hands, player, prev, passes, move), depth - 1,
                              generate, rules)
               for move in actions)
