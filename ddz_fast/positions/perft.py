"""Perft and divide: counting the play tree, and the perft suite files.

Perft counts the leaves of the play tree cut at a depth: a position at the depth is a leaf, and
so is a finished hand at any depth (the game ends when a hand empties). A pass is a move when
following. So ``perft(p, 0) == 1`` and, unless ``p`` is over, ``perft(p, 1)`` is the number of
legal actions.

``python -m ddz_fast.positions.perft SUITE... [--python]`` checks suite files (``tests/perft/``)
and prints each count with its timing (``--python``: with the pure-Python reference's
generator; ``--reference``, its old name, still works for one release).
"""
from __future__ import annotations

import sys
import time
from dataclasses import dataclass
from typing import Callable, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple, TypeVar

from ..move import Move
from .step import (Hands, Implementation, LegalMovesFn, generator, implementation_name,
                   play_actions, play_step, remove_cards)
from .rollouts import perft_native
from . import four_player as table_position
from .three_player import Position, _check_perft_args
from .four_player import TablePosition
from ..rules import Rules, RulesLike, as_rules, three_player_table

__all__ = ["perft", "divide", "PerftSuite", "read_perft_suites", "Timing", "time_repeated"]

T = TypeVar("T")


def perft(position: Position, depth: int, *, rules: RulesLike = None,
          implementation: Implementation = None) -> int:
    """The number of leaves of the play tree below ``position`` cut at ``depth`` plies.

    ``implementation`` picks the move generator of a walk over the tree here: None (the
    public API's, :data:`ddz_fast.IMPLEMENTATION`), ``"python"`` (the pure-Python
    :mod:`ddz_fast.reference.moves`) or any function with the signature of
    :func:`ddz_fast.legal_moves`; or ``"native"`` counts the whole tree in the compiled core
    (:func:`ddz_fast.positions.rollouts.perft_native`) instead. ``"fast"`` and ``"reference"``, the old
    names of None and ``"python"``, still work with a DeprecationWarning.

    A position with wild ranks (rules with ``laizi``) is counted by a walk in Python over the
    generator with wild cards (a generator given is called with ``wild=``), or with
    ``"native"`` by the compiled core over its laizi generator.

    A :class:`~ddz_fast.positions.four_player.TablePosition` of the four-player table is counted by
    :func:`ddz_fast.positions.four_player.perft` (a walk in Python; ``rules`` default to
    ``four_player`` there), or with ``"native"`` by the compiled core's walk on the wide words
    of two decks (:func:`ddz_fast.positions.rollouts.perft_native`), as at three seats.
    """
    implementation = implementation_name(implementation)
    if isinstance(position, TablePosition):     # the four-player table: its own walks
        if isinstance(implementation, str) and implementation == "native":
            return perft_native(position, depth, rules=rules or "four_player")
        return table_position.perft(position, depth, rules=rules or "four_player",
                                    implementation=implementation)
    if isinstance(implementation, str) and implementation == "native":
        return perft_native(position, depth, rules=rules)
    position = _check_perft_args(position, depth)
    checked = three_player_table(rules, "perft")
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
    implementation = implementation_name(implementation)
    if isinstance(position, TablePosition):
        rules = rules or "four_player"     # each subtree counted as perft counts it
        return table_position.split(position, depth, rules, implementation,
                                    lambda child, below: perft(child, below, rules=rules,
                                                               implementation=implementation))
    position = _check_perft_args(position, depth)
    if depth == 0:
        raise ValueError("divide needs a depth of at least 1")
    rules = three_player_table(rules, "perft")
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


def _unpack(position: Position) -> Tuple[Hands, int, Optional[Move], int]:
    return position.hands, position.to_move, position.prev, position.passes


def _perft(hands: Hands, player: int, to_beat: Optional[Move], passes: int, depth: int,
           generate: LegalMovesFn, rules: Rules) -> int:
    if depth == 0 or not (hands[0].bitboard and hands[1].bitboard and hands[2].bitboard):
        return 1
    moves = generate(hands[player], to_beat, rules=rules)
    if depth == 1:  # every child is a leaf: count them without making them
        return len(moves) + (to_beat is not None)
    nodes = 0
    if to_beat is not None:
        nodes += _perft(*play_step(hands, player, to_beat, passes, Move.PASS), depth - 1,
                        generate, rules)
    following = (player + 1) % 3
    for move in moves:
        after = remove_cards(hands[player], move)
        if not after.bitboard:  # the hand ends: a leaf
            nodes += 1
            continue
        children = list(hands)
        children[player] = after
        nodes += _perft((children[0], children[1], children[2]), following, move, 0,
                        depth - 1, generate, rules)
    return nodes


# --- timing ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Timing:
    """How long one computation took: ``runs`` repetitions in ``seconds`` in all."""

    runs: int
    seconds: float

    @property
    def per_run(self) -> float:
        return self.seconds / self.runs

    def rate(self, amount: int) -> float:
        """``amount`` per run, per second (e.g. nodes/s)."""
        return amount * self.runs / self.seconds


def time_repeated(compute: Callable[[], T], min_seconds: float = 0.2) -> Tuple[T, Timing]:
    """Run ``compute`` until at least ``min_seconds`` have passed (at least once).

    A count that takes microseconds is repeated until the total is long enough for the clock
    to measure it; one that takes longer than ``min_seconds`` runs once. Returns the last
    result and the timing.
    """
    runs = 0
    start = time.perf_counter()
    while True:
        result = compute()
        runs += 1
        seconds = time.perf_counter() - start
        if seconds >= min_seconds:
            return result, Timing(runs, seconds)


# --- perft suites ----------------------------------------------------------------------------

@dataclass(frozen=True)
class PerftSuite:
    """One position of a suite file with its rules and its expected (depth, nodes) counts."""

    rules: Rules
    position: Position
    counts: Tuple[Tuple[int, int], ...]
    line: int


def read_perft_suites(lines: Iterable[str]) -> Iterator[PerftSuite]:
    """Parse a perft suite file.

    Lines: ``rules <preset>`` (applies to the positions after it; ``standard`` before any),
    ``position <notation>``, then ``perft <depth> <nodes>`` lines for that position. Blank
    lines and lines starting with ``#`` are ignored.
    """
    rules = as_rules(None)
    current: Optional[Tuple[Position, int]] = None
    counts: List[Tuple[int, int]] = []
    for number, raw in enumerate(lines, 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        word, _, rest = line.partition(" ")
        if word == "perft" and current is not None:
            depth, nodes = (int(x) for x in rest.split())
            counts.append((depth, nodes))
            continue
        if current is not None:
            yield PerftSuite(rules, current[0], tuple(counts), current[1])
            current, counts = None, []
        if word == "rules":
            rules = as_rules(rest.strip())
        elif word == "position":
            current = (Position.parse(rest), number)
        else:
            raise ValueError(f"line {number}: expected 'rules', 'position' or 'perft', "
                             f"got {line!r}")
    if current is not None:
        yield PerftSuite(rules, current[0], tuple(counts), current[1])


def _main(argv: Sequence[str]) -> int:
    """``python -m ddz_fast.positions.perft SUITE... [--python]``: check suites, print nodes/s."""
    if "--reference" in argv:
        print("--reference is deprecated and will be removed in ddz_fast 0.3: use --python",
              file=sys.stderr)
    implementation = "python" if {"--python", "--reference"} & set(argv) else None
    failures = 0
    for path in (a for a in argv if not a.startswith("--")):
        with open(path, encoding="utf-8") as suite_file:
            for suite in read_perft_suites(suite_file):
                for depth, expected in suite.counts:
                    nodes, timing = time_repeated(
                        lambda: perft(suite.position, depth, rules=suite.rules,
                                      implementation=implementation), min_seconds=0.05)
                    status = "ok" if nodes == expected else f"MISMATCH (expected {expected})"
                    failures += nodes != expected
                    print(f"{suite.position}  perft {depth} = {nodes}  "
                          f"{timing.rate(nodes):,.0f} nodes/s over {timing.runs} runs  "
                          f"{status}")
    return 1 if failures else 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(_main(sys.argv[1:]))
