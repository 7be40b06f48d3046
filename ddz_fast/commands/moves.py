"""``ddz-fast moves HAND [--after MOVE]``: the legal moves of a hand, grouped by type."""
from __future__ import annotations

import argparse
from typing import Any, Dict, List

from ddz_fast.api import legal_moves
from ddz_fast.cards import RANK_LETTERS
from ddz_fast.hand import Hand
from ddz_fast.move import Move
from ddz_fast.rules import RulesLike
from ddz_fast.notation import format_move

from ._common import (add_json_option, add_rules_option, group_by_type, parse_move_text,
                      print_json, rules_name)

NAME = "moves"
HELP = "list the legal moves of a hand, grouped by type"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("hand", help="the hand, e.g. 33344455BR (10 or T for ten)")
    parser.add_argument("--after", metavar="MOVE",
                        help="only the moves that beat MOVE, e.g. KK or "
                             "333444555666:airplane@3 when the cards read several ways")
    add_rules_option(parser)
    add_json_option(parser)


def move_record(move: Move, rules: RulesLike) -> Dict[str, Any]:
    """A move as JSON-ready data: ``key`` is the rank index, ``rank`` its letter, ``text``
    the notation that names the move exactly under ``rules``."""
    return {"type": move.type, "key": move.key, "rank": RANK_LETTERS[move.key],
            "length": move.length, "cards": move.cards, "text": format_move(move, rules)}


def run(args: argparse.Namespace) -> int:
    hand = Hand(args.hand)
    after = None if args.after is None else parse_move_text(args.after, args.rules)
    if after is not None and after.is_pass:
        raise ValueError("--after needs the move to beat, not pass")
    moves: List[Move] = list(legal_moves(hand, after, rules=args.rules))
    groups = group_by_type(moves)
    if args.json:
        print_json({"hand": str(hand), "rules": rules_name(args.rules),
                    "after": None if after is None else format_move(after, args.rules),
                    "count": len(moves),
                    "by_type": {kind: len(group) for kind, group in groups},
                    "moves": [move_record(m, args.rules) for m in moves]})
        return 0
    for kind, group in groups:
        print(f"{kind} ({len(group)}): {' '.join(format_move(m, args.rules) for m in group)}")
    rules = rules_name(args.rules)
    if after is None:
        print(f"{len(moves)} moves under the {rules} rules")
    elif moves:
        print(f"{len(moves)} moves beating {format_move(after, args.rules)}, or pass, under the {rules} rules")
    else:
        print(f"no move beats {format_move(after, args.rules)} under the {rules} rules: pass")
    return 0
