"""Play-phase positions: the play rules in one place, a one-line notation, perft and divide.

A position is exactly what a native play loop needs: three hand bitboards, the landlord, the
player to move, the move to beat (None when the player leads) and how many passes followed it.

Notation: five space-separated fields,

    <hand 0>/<hand 1>/<hand 2> <landlord> <to move> <move to beat> <passes>

with hands in card notation (``-`` for an empty hand), seats 0..2, the move to beat written as
in :mod:`ddz_fast.notation` (``-`` when the player to move leads) and the number of passes since
it was played (0 or 1; a second pass gives the lead back). Example: player 1 must beat a pair
of kings that player 0 has just played::

    33445566/789TJ/QKA2B 0 1 KK 0

Play rules (RULES.md, "Play"): turn order 0 -> 1 -> 2 -> 0; a player following may pass, the
leader may not; after two passes in a row the player who made the last move leads; the hand ends
when a hand empties.

Perft counts the leaves of the play tree cut at a depth: a position at the depth is a leaf, and
so is a finished hand at any depth (the game ends when a hand empties). A pass is a move when
following. So ``perft(p, 0) == 1`` and, unless ``p`` is over, ``perft(p, 1)`` is the number of
legal actions.
"""
from __future__ import annotations

import sys
import time
from dataclasses import dataclass
from typing import (Callable, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple,
                    Union)

import ddz_fast
from . import bitboard, reference
from .cards import FULL_DECK, format_cards
from .hand import Hand, HandLike, as_hand
from .move import Move
from .notation import format_move, parse_move
from .rules import Rules, RulesLike, as_rules
from ._checks import exact_move
from .validate import check_seat, is_int, shown

__all__ = ["Position", "perft", "divide", "PerftSuite", "read_perft_suites", "play_step",
           "play_actions", "remove_cards", "generator", "LegalMovesFn"]

Hands = Tuple[Hand, Hand, Hand]
#: A move generator with the signature of :func:`ddz_fast.legal_moves`.
LegalMovesFn = Callable[..., Sequence[Move]]
Implementation = Union[str, LegalMovesFn]


# --- the play rules, shared by Position, perft and the game state ----------------------------

def remove_cards(hand: Hand, move: Move) -> Hand:
    """The hand after ``move``, which it is known to hold (the caller checked legality).

    Subtracting the counts on the bitboard skips the per-rank validation of ``Hand()``: this
    runs once per node of a search.
    """
    after = Hand.__new__(Hand)
    after._counts = tuple(have - used for have, used in zip(hand.counts, move.counts))
    after._bitboard = hand.bitboard - (move.word & bitboard.COUNT_MASK)
    return after


def play_step(hands: Hands, player: int, to_beat: Optional[Move], passes: int,
              move: Move) -> Tuple[Hands, int, Optional[Move], int]:
    """(hands, player to move, move to beat, passes) after ``player`` plays ``move``."""
    following = (player + 1) % 3
    if move.is_pass:
        if passes == 1:  # the second pass in a row: the last player to play leads anything
            return hands, following, None, 0
        return hands, following, to_beat, passes + 1
    new_hands = list(hands)
    new_hands[player] = remove_cards(hands[player], move)
    return (new_hands[0], new_hands[1], new_hands[2]), following, move, 0


def play_actions(hand: Hand, to_beat: Optional[Move], rules: Rules,
                 generate: LegalMovesFn) -> List[Move]:
    """Every legal play action: ``Move.PASS`` first when following, then the generated moves."""
    moves = list(generate(hand, to_beat, rules=rules))
    return moves if to_beat is None else [Move.PASS] + moves


def generator(implementation: Implementation) -> LegalMovesFn:
    """The move generator of ``"fast"`` (the public API), ``"reference"`` or a function."""
    if callable(implementation):
        return implementation
    if not isinstance(implementation, str):
        raise TypeError(f"implementation must be 'fast', 'reference' or a legal_moves "
                        f"function, not {type(implementation).__name__}")
    if implementation == "fast":
        return ddz_fast.legal_moves  # looked up now: the public API may be swapped in later
    if implementation == "reference":
        return reference.legal_moves
    raise ValueError(f"unknown implementation {implementation!r}: use 'fast', 'reference' "
                     "or a legal_moves function")


# --- positions ---------------------------------------------------------------------------

@dataclass(frozen=True, init=False)
class Position:
    """A play-phase position (see the module docstring); immutable and hashable."""

    hands: Hands
    landlord: int
    to_move: int
    move_to_beat: Optional[Move] = None
    passes: int = 0

    def __init__(self, hands: Sequence[HandLike], landlord: int, to_move: int,
                 move_to_beat: Optional[Move] = None, passes: int = 0) -> None:
        if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
            raise TypeError(f"hands must be a sequence of three hands, "
                            f"not {type(hands).__name__}")
        if len(hands) != 3:
            raise ValueError("a position has exactly three hands")
        checked = tuple(as_hand(h) for h in hands)
        _check_one_deck(checked)
        landlord = check_seat("landlord", landlord)
        to_move = check_seat("to_move", to_move)
        if move_to_beat is not None:
            move_to_beat = exact_move(move_to_beat, "move_to_beat")
            if move_to_beat.is_pass:
                move_to_beat = None  # nothing to beat: the player leads
        allowed_passes = (0,) if move_to_beat is None else (0, 1)
        passes = int(passes) if is_int(passes) else passes
        if not is_int(passes) or passes not in allowed_passes:
            raise ValueError(f"passes must be one of {allowed_passes} "
                             f"{'when leading' if move_to_beat is None else 'after a move'}, "
                             f"got {shown(passes)}")
        for name, value in (("hands", checked), ("landlord", landlord), ("to_move", to_move),
                            ("move_to_beat", move_to_beat), ("passes", passes)):
            object.__setattr__(self, name, value)

    @classmethod
    def parse(cls, text: str) -> "Position":
        """The position of a notation line (see the module docstring)."""
        if not isinstance(text, str):
            raise TypeError(f"position text must be a str, not {type(text).__name__}")
        fields = text.split()
        if len(fields) != 5:
            raise ValueError(f"a position has 5 fields (hands landlord to-move move-to-beat "
                             f"passes), got {len(fields)} in {text!r}")
        hand_texts = fields[0].split("/")
        if len(hand_texts) != 3:
            raise ValueError(f"hands are three card texts separated by '/', got {fields[0]!r}")
        hands = [Hand("" if h == "-" else h) for h in hand_texts]
        seats = []
        for name, field in (("landlord", fields[1]), ("to move", fields[2]),
                            ("passes", fields[4])):
            if field not in ("0", "1", "2"):
                raise ValueError(f"{name} must be 0, 1 or 2, got {field!r}")
            seats.append(int(field))
        to_beat = None if fields[3] == "-" else parse_move(fields[3])
        return cls(hands, seats[0], seats[1], to_beat, seats[2])

    def __str__(self) -> str:
        hands = "/".join(str(h) or "-" for h in self.hands)
        to_beat = "-" if self.move_to_beat is None else format_move(self.move_to_beat)
        return f"{hands} {self.landlord} {self.to_move} {to_beat} {self.passes}"

    @property
    def is_over(self) -> bool:
        """Whether a hand is empty (the hand has ended)."""
        return any(h.bitboard == 0 for h in self.hands)

    @property
    def landlord_won(self) -> Optional[bool]:
        """True or False once over (landlord out first or not), None while play goes on."""
        if not self.is_over:
            return None
        return self.hands[self.landlord].bitboard == 0

    def legal_actions(self, rules: RulesLike = None,
                      implementation: Implementation = "fast") -> List[Move]:
        """The legal actions of the player to move (``Move.PASS`` first when following)."""
        if self.is_over:
            return []
        return play_actions(self.hands[self.to_move], self.move_to_beat, as_rules(rules),
                            generator(implementation))

    def play(self, move: Move, rules: RulesLike = None) -> "Position":
        """The position after the player to move plays ``move`` (ValueError if illegal)."""
        if not isinstance(move, Move):
            raise TypeError(f"move must be a Move, not {type(move).__name__}")
        if move not in self.legal_actions(rules):
            raise ValueError(f"{format_move(move)} is not a legal action in {self}")
        return self._after(move)

    def _after(self, move: Move) -> "Position":
        hands, to_move, to_beat, passes = play_step(self.hands, self.to_move,
                                                    self.move_to_beat, self.passes, move)
        position = Position.__new__(Position)
        for name, value in (("hands", hands), ("landlord", self.landlord),
                            ("to_move", to_move), ("move_to_beat", to_beat),
                            ("passes", passes)):
            object.__setattr__(position, name, value)
        return position


def _check_one_deck(hands: Iterable[Hand]) -> None:
    total = [sum(counts) for counts in zip(*(h.counts for h in hands))]
    for rank, (have, deck) in enumerate(zip(total, FULL_DECK)):
        if have > deck:
            raise ValueError(f"the hands hold {have} of {format_cards([0] * rank + [1])!r}: "
                             f"one deck has {deck}")


# --- perft and divide ------------------------------------------------------------------------

def perft(position: Position, depth: int, *, rules: RulesLike = None,
          implementation: Implementation = "fast") -> int:
    """The number of leaves of the play tree below ``position`` cut at ``depth`` plies.

    ``implementation`` picks the move generator: ``"fast"`` (the public API), ``"reference"``
    (the pure-Python :mod:`ddz_fast.reference`) or any function with the signature of
    :func:`ddz_fast.legal_moves`; or ``"native"`` counts the whole tree in the compiled core
    (:func:`ddz_fast.playout.perft_native`) instead of walking it here.
    """
    if isinstance(implementation, str) and implementation == "native":
        from .playout import perft_native  # imported late: playout imports this module

        return perft_native(position, depth, rules=rules)
    position = _check_perft_args(position, depth)
    return _perft(position.hands, position.to_move, position.move_to_beat, position.passes,
                  depth, generator(implementation), as_rules(rules))


def divide(position: Position, depth: int, *, rules: RulesLike = None,
           implementation: Implementation = "fast") -> Dict[Move, int]:
    """Perft split by the first action: {action: leaves below it at ``depth - 1``}.

    Each subtree is counted by :func:`perft` with the same ``implementation`` (``"native"``
    included; its first actions come from the public API). The counts add up to
    ``perft(position, depth)``, except for a finished hand: it has no first action (``{}``)
    and is itself the one leaf perft counts.
    """
    position = _check_perft_args(position, depth)
    if depth == 0:
        raise ValueError("divide needs a depth of at least 1")
    rules = as_rules(rules)
    first_actions = generator("fast" if implementation == "native" else implementation)
    return {move: perft(position._after(move), depth - 1, rules=rules,
                        implementation=implementation)
            for move in position.legal_actions(rules, first_actions)}


def _unpack(position: Position) -> Tuple[Hands, int, Optional[Move], int]:
    return position.hands, position.to_move, position.move_to_beat, position.passes


def _check_perft_args(position: Position, depth: int) -> Position:
    """The position checked again (see :func:`checked_position`); depth must be an int >= 0."""
    position = checked_position(position)
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 0:
        raise ValueError(f"depth must be a non-negative int, got {shown(depth)}")
    return position


def checked_position(position: object, name: str = "position") -> Position:
    """``position`` rebuilt through the constructor's checks: a Position is immutable, but its
    fields can still be changed with ``object.__setattr__`` (or lie in a subclass), and a walk
    over the play tree must read only what was checked."""
    if not isinstance(position, Position):
        raise TypeError(f"{name} must be a Position, not {type(position).__name__}")
    try:
        return Position(position.hands, position.landlord, position.to_move,
                        position.move_to_beat, position.passes)
    except (TypeError, ValueError) as error:
        raise type(error)(f"{name} is no valid position: {error}") from None


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
    """``python -m ddz_fast.position SUITE... [--reference]``: check suites, print nodes/s."""
    implementation = "reference" if "--reference" in argv else "fast"
    failures = 0
    for path in (a for a in argv if not a.startswith("--")):
        with open(path, encoding="utf-8") as suite_file:
            for suite in read_perft_suites(suite_file):
                for depth, expected in suite.counts:
                    start = time.perf_counter()
                    nodes = perft(suite.position, depth, rules=suite.rules,
                                  implementation=implementation)
                    seconds = time.perf_counter() - start
                    status = "ok" if nodes == expected else f"MISMATCH (expected {expected})"
                    failures += nodes != expected
                    print(f"{suite.position}  perft {depth} = {nodes}  "
                          f"{nodes / max(seconds, 1e-9):,.0f} nodes/s  {status}")
    return 1 if failures else 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(_main(sys.argv[1:]))
