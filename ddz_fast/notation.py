"""Text of moves and actions: the one notation of positions, game records and the command line.

A move is written as its cards in canonical order (``"33344"``), ``pass`` for the pass. When
the same cards make more than one move under the rules in force, the type and the key rank
follow: ``"333444555666:airplane_solo@4"`` is the airplane with solo wings of 444555666 with
wings 333. When parsing, the type alone (``"3888:trio_solo"``) or nothing may be given as long
as only one move fits.

The rules in force are ``rules=``. Without it (``rules=None``) the text is read and written
under the most permissive rule set (``douzero`` with the space shuttle of ``botzone``,
:data:`ddz_fast.rules.WIDEST_RULES`), a superset of every preset: such text
round-trips under every preset, which is what positions and game records need. With a rule
set, cards are read under those rules, so ``333444555666`` is the airplane of four trios under
``standard``, where it reads no other way, and is written without a suffix there.

Bids, doubling decisions and the four-player table's choice of partner are written as their
enum names (``BID_2``, ``ROB``, ``DOUBLE``, ``SEAT_2``); which kind an action text is follows
from the phase it is played in. Moves of two decks (moves beyond one deck, and chains longer
than one deck allows) are read and written under the four-player rules, given as ``rules``.
"""
from __future__ import annotations

from typing import List, Tuple

from .api import classify
from .bidding import Bid, Double, Partner
from .cards import RANK_LETTERS, rank_index
from .clock import Action
from .move import MOVE_TYPES, PLAY_TYPES, Move
from .rules import WIDEST_RULES, Rules, RulesLike
from .validate import shown

__all__ = ["format_move", "parse_move", "readings", "split_move", "format_action",
           "parse_action", "PASS_TEXT", "PASS_WORDS"]

PASS_TEXT = "pass"
#: The words :func:`parse_move` reads as the pass (any letter case).
PASS_WORDS: Tuple[str, ...] = ("pass", "p")


def _rules_or_widest(rules: RulesLike) -> RulesLike:
    return WIDEST_RULES if rules is None else rules


def _rules_name(rules: RulesLike) -> str:
    if rules is None:
        return "widest (douzero with the space shuttle)"
    if isinstance(rules, Rules):
        return rules.preset_name or "custom"
    return str(rules)


def format_move(move: Move, rules: RulesLike = None) -> str:
    """The text of a move: its cards, with ``:TYPE@KEY`` when they read several ways.

    >>> from ddz_fast import classify
    >>> airplane = classify("333444555666", rules="standard")[0]
    >>> format_move(airplane), format_move(airplane, rules="standard")
    ('333444555666:airplane@3', '333444555666')
    """
    if not isinstance(move, Move):
        raise TypeError(f"move must be a Move, not {type(move).__name__}")
    if move.is_pass:
        return PASS_TEXT
    if list(classify(move.counts, rules=_rules_or_widest(rules))) == [move]:
        return move.cards
    return f"{move.cards}:{move.type}@{RANK_LETTERS[move.key]}"


def split_move(text: str) -> Tuple[str, str, str]:
    """(cards, type, key rank) of move text, type and key ``""`` when not given.

    >>> split_move("333444555666:airplane_solo@4")
    ('333444555666', 'airplane_solo', '4')
    >>> split_move("3888:trio_solo")
    ('3888', 'trio_solo', '')
    """
    if not isinstance(text, str):
        raise TypeError(f"move text must be a str, not {type(text).__name__}")
    cards, _, spec = text.strip().partition(":")
    kind, _, key = spec.strip().partition("@")
    if cards.strip() in MOVE_TYPES:
        raise ValueError(f"{text.strip()!r}: write the cards first, then the type "
                         f"({kind or 'CARDS'}:{cards.strip()})")
    if kind and kind not in PLAY_TYPES:
        raise ValueError(f"unknown move type {kind!r}: choose one of {', '.join(PLAY_TYPES)}")
    return cards, kind, key.strip()


def readings(text: str, rules: RulesLike = None) -> List[Move]:
    """Every move that move text can mean under ``rules`` (empty: not a combination).

    Pass is not read here (see :func:`parse_move`).

    >>> [format_move(m) for m in readings("333444555666", "standard")]
    ['333444555666:airplane@3']
    >>> [m.key for m in readings("333444555666:airplane_solo", "douzero")]
    [0, 1]
    >>> readings("34", "standard")
    []
    """
    cards, kind, key = split_move(text)
    moves = list(classify(cards, rules=_rules_or_widest(rules)))
    if kind:
        moves = [m for m in moves if m.type == kind]
    if key:
        key_rank = rank_index(key)
        moves = [m for m in moves if m.key == key_rank]
    return moves


def parse_move(text: str, rules: RulesLike = None) -> Move:
    """The one move that ``text`` names under ``rules`` (ValueError if none or several).

    >>> parse_move("3334", rules="standard")
    Move('trio_solo', key=0, length=1, cards='3334')
    >>> parse_move("pass")
    Move.PASS
    """
    if not isinstance(text, str):
        raise TypeError(f"move text must be a str, not {type(text).__name__}")
    if text.strip().lower() in PASS_WORDS:
        return Move.PASS
    candidates = readings(text, rules)
    if not candidates:
        raise ValueError(f"{text.strip()!r} is not a move: not a combination under the "
                         f"{_rules_name(rules)} rules")
    if len(candidates) > 1:
        options = ", ".join(format_move(m, rules) for m in candidates)
        raise ValueError(f"{text.strip()!r} is ambiguous: it reads several ways, "
                         f"write one of {options}")
    return candidates[0]


def format_action(action: Action, rules: RulesLike = None) -> str:
    """The text of a bid, a doubling decision, a choice of partner or a move (a move under
    ``rules``, as :func:`format_move` writes it)."""
    if isinstance(action, (Bid, Double, Partner)):
        return action.name
    return format_move(action, rules)


def parse_action(text: str, phase: str, rules: RulesLike = None) -> Action:
    """The action of ``text`` played in ``phase`` ('bidding', 'partner', 'doubling' or
    'play'; a move is read under ``rules``, as :func:`parse_move` reads it)."""
    if not isinstance(text, str):
        raise TypeError(f"action text must be a str, not {type(text).__name__}")
    enum = {"bidding": Bid, "doubling": Double, "partner": Partner}.get(phase) \
        if isinstance(phase, str) else None
    if enum is None:
        if phase != "play":
            raise ValueError(f"no actions are played in phase {shown(phase)}")
        return parse_move(text, rules)
    try:
        return enum[text]
    except KeyError:
        raise ValueError(f"{text!r} is not a {enum.__name__}: choose one of "
                         f"{', '.join(enum.__members__)}") from None
