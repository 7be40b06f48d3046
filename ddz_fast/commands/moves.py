"""``ddz-fast moves HAND [--prev MOVE]``: the legal moves of a hand, grouped by type.

``--after`` is the old name of ``--prev``, and the JSON key ``"after"`` the old name of
``"prev"``: both still work, for one release (the option with a warning on stderr).
"""
from __future__ import annotations

import argparse
import sys
from typing import Any, Dict, List

from ddz_fast.api import legal_moves
from ddz_fast.cards import RANK_LETTERS
from ddz_fast.hand import Hand
from ddz_fast.move import Move
from ddz_fast.rules import RulesLike
from ddz_fast.notation import format_move
from ddz_fast._deprecated import REMOVED_IN

from ._common import (add_json_option, add_rules_option, group_by_type, parse_move_text,
                      print_json, rules_name)

NAME = "moves"
HELP = "list the legal moves of a hand, grouped by type"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("hand", help="the hand, e.g. 33344455BR (10 or T for ten)")
    parser.add_argument("--prev", metavar="MOVE",
                        help="only the moves that beat MOVE, the move to beat, e.g. KK or "
                             "333444555666:airplane@3 when the cards read several ways")
    parser.add_argument("--after", metavar="MOVE",
                        help=f"deprecated name of --prev (removed in ddz_fast {REMOVED_IN})")
    add_rules_option(parser)
    add_json_option(parser)


def move_record(move: Move, rules: RulesLike) -> Dict[str, Any]:
    """A move as JSON-ready data: ``key`` is the rank index, ``rank`` its letter, ``text``
    the notation that names the move exactly under ``rules``."""
    return {"type": move.type, "key": move.key, "rank": RANK_LETTERS[move.key],
            "length": move.length, "cards": move.cards, "text": format_move(move, rules)}


def run(args: argparse.Namespace) -> int:
    option, text = "--prev", args.prev
    if args.after is not None:
        if args.prev is not None:
            raise ValueError("--after is the deprecated name of --prev: give only --prev")
        print(f"ddz-fast: warning: --after is deprecated and will be removed in ddz_fast "
              f"{REMOVED_IN}: use --prev", file=sys.stderr)
        option, text = "--after", args.after
    hand = Hand(args.hand, decks=args.rules.decks)
    prev = None if text is None else parse_move_text(text, args.rules)
    if prev is not None and prev.is_pass:
        raise ValueError(f"{option} needs the move to beat, not pass")
    moves: List[Move] = list(legal_moves(hand, prev, rules=args.rules))
    groups = group_by_type(moves)
    if args.json:
        prev_text = None if prev is None else format_move(prev, args.rules)
        print_json({"hand": str(hand), "rules": rules_name(args.rules), "prev": prev_text,
                    "after": prev_text,  # the deprecated name of "prev", kept one release
                    "count": len(moves),
                    "by_type": {kind: len(group) for kind, group in groups},
                    "moves": [move_record(m, args.rules) for m in moves]})
        return 0
    for kind, group in groups:
        print(f"{kind} ({len(group)}): {' '.join(format_move(m, args.rules) for m in group)}")
    rules = rules_name(args.rules)
    if prev is None:
        print(f"{len(moves)} moves under the {rules} rules")
    elif moves:
        print(f"{len(moves)} moves beating {format_move(prev, args.rules)}, or pass, "
              f"under the {rules} rules")
    else:
        print(f"no move beats {format_move(prev, args.rules)} under the {rules} rules: pass")
    return 0
