"""Helpers shared by the ``ddz-fast`` subcommands: options, move text, output."""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Dict, List, Sequence, Tuple

import ddz_fast
from ddz_fast.cards import RANK_LETTERS, rank_index
from ddz_fast.hand import Hand
from ddz_fast.move import TYPE_CODES, Move
from ddz_fast.rules import PRESETS, Rules

__all__ = ["add_rules_option", "add_json_option", "split_move_text", "readings", "parse_move_text", "move_text",
           "rules_name", "print_json", "format_count", "group_by_type", "PASS_WORDS"]

PASS_WORDS = ("pass", "p")


def _preset(name: str) -> Rules:
    """argparse type of ``--rules``: a preset name, checked with the library's message."""
    try:
        return Rules.preset(name)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def add_rules_option(parser: argparse.ArgumentParser) -> None:
    """``--rules PRESET`` (default ``standard``), parsed into a :class:`Rules`."""
    parser.add_argument("--rules", type=_preset, default=PRESETS["standard"],
                        metavar="PRESET",
                        help=f"rule preset: {', '.join(PRESETS)} (default: standard)")


def add_json_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print one JSON document")


def split_move_text(text: str) -> Tuple[str, str, str]:
    """(cards, type, key rank) of move text, type and key ``""`` when not given.

    >>> split_move_text("333444555666:airplane_solo@4")
    ('333444555666', 'airplane_solo', '4')
    >>> split_move_text("trio_solo:3888")
    ('3888', 'trio_solo', '')
    """
    head, _, tail = text.strip().partition(":")
    if head.strip() in TYPE_CODES:  # the older TYPE:CARDS form
        head, tail = tail, head
    kind, _, key = tail.strip().partition("@")
    if kind and kind not in TYPE_CODES:
        raise ValueError(f"unknown move type {kind!r}: choose one of "
                         f"{', '.join(TYPE_CODES)}")
    return head, kind, key


def readings(text: str, rules: Rules) -> List[Move]:
    """Every move that move text can mean under ``rules`` (empty: not a combination).

    Accepted forms: ``CARDS``, ``CARDS:TYPE``, ``CARDS:TYPE@KEY`` (the notation of
    :mod:`ddz_fast.notation`) and ``TYPE:CARDS``. Unlike :func:`ddz_fast.notation.parse_move`
    the cards are read under the given rules, so ``333444555666`` is one move (an airplane)
    under ``standard`` even though it reads three ways under ``douzero``.

    >>> from ddz_fast.notation import format_move
    >>> [format_move(m) for m in readings("333444555666", PRESETS["standard"])]
    ['333444555666:airplane@3']
    >>> [m.key for m in readings("333444555666:airplane_solo", PRESETS["douzero"])]
    [0, 1]
    >>> readings("34", PRESETS["standard"])
    []
    """
    cards, kind, key = split_move_text(text)
    moves = list(ddz_fast.classify(Hand(cards), rules=rules))
    if kind:
        moves = [m for m in moves if m.type == kind]
    if key:
        moves = [m for m in moves if m.key == rank_index(key)]
    return moves


def parse_move_text(text: str, rules: Rules) -> Move:
    """The one move that move text names under ``rules`` (see :func:`readings`).

    >>> parse_move_text("3334", PRESETS["standard"])
    Move('trio_solo', key=0, length=1, cards='3334')
    >>> parse_move_text("pass", PRESETS["standard"])
    Move.PASS
    """
    if text.strip().lower() in PASS_WORDS:
        return Move.PASS
    moves = readings(text, rules)
    if not moves:
        raise ValueError(f"{text.strip()!r} is not a combination under the "
                         f"{rules_name(rules)} rules")
    if len(moves) > 1:
        raise ValueError(f"{text.strip()!r} reads several ways: write one of "
                         f"{', '.join(move_text(m, rules) for m in moves)}")
    return moves[0]


def move_text(move: Move, rules: Rules) -> str:
    """How to write ``move`` so that :func:`parse_move_text` reads it back under ``rules``.

    Plain cards when they make one move under ``rules``; otherwise ``CARDS:TYPE@KEY``.

    >>> move_text(parse_move_text("333444555666", PRESETS["standard"]), PRESETS["standard"])
    '333444555666'
    """
    if move.is_pass:
        return "pass"
    if len(ddz_fast.classify(move.counts, rules=rules)) == 1:
        return move.cards
    return f"{move.cards}:{move.type}@{RANK_LETTERS[move.key]}"


def rules_name(rules: Rules) -> str:
    """The preset name of ``rules`` for output, ``custom`` for any other rule set."""
    return rules.preset_name or "custom"


def print_json(document: Any) -> None:
    json.dump(document, sys.stdout, separators=(",", ":"))
    sys.stdout.write("\n")


def format_count(value: float, digits: int = 0) -> str:
    """A number with thousands separators (``format_count(12345.6) == '12,346'``)."""
    return f"{value:,.{digits}f}"


def group_by_type(moves: Sequence[Move]) -> List[Tuple[str, List[Move]]]:
    """[(type, [moves])] in canonical type order, keeping the moves' order."""
    groups: Dict[str, List[Move]] = {}
    for move in moves:
        groups.setdefault(move.type, []).append(move)
    return sorted(groups.items(), key=lambda item: TYPE_CODES[item[0]])
