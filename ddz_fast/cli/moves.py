"""``ddz-fast moves HAND [--prev MOVE]``: the legal moves of a hand, grouped by type.

With wild cards (``--rules laizi --wild 5``) the moves are written as
:mod:`ddz_fast.moves.notation` writes them in that wild context: ``CARDS=READING`` when the cards
read more than one way, so every listed move names itself exactly and reads back as ``--prev``.
The JSON records then carry the reading and the bomb class as well, and the document the wild
ranks.
"""
from __future__ import annotations

import argparse
from typing import Any, Dict, List, Optional

from ddz_fast.moves import legal_moves
# _format, not format_cards: a reading may hold up to twelve cards of a rank (a bomb of four
# natural cards and eight wilds), more than the deck check of format_cards allows.
from ddz_fast.cards import RANK_LETTERS, _format
from ddz_fast.hand import Hand
from ddz_fast.move import Move
from ddz_fast.rules import RulesLike
from ddz_fast.moves.notation import format_move

from .common import (Wild, add_json_option, add_rules_option, group_by_type, parse_move_text,
                     print_json, rules_name, wild_text)

NAME = "moves"
HELP = "list the legal moves of a hand, grouped by type"
#: What ``ddz-fast moves --help`` prints, as plain text: what the command does, and
#: examples of its use.
DESCRIPTION = """\
The legal moves of a hand, grouped by type with their counts. With --prev,
only the moves that beat MOVE, the move to beat (passing is then always
possible too).

Cards are rank letters in any order: 3-9, T (or 10), J, Q, K, A, 2, B (black
joker), R (red joker); lower case and spaces are fine. When the same cards
make more than one move, name the move as CARDS:TYPE or CARDS:TYPE@KEY, e.g.
333444555666:airplane_solo@4. With wild cards (--rules laizi --wild 5) a move
whose cards read more than one way is written CARDS=READING (55=88), and every
listed move reads back as --prev. --json adds each move's type, key, rank,
length and text (with wild cards, its reading and bomb class too).
"""
EXAMPLES = """\
ddz-fast moves 33344455BR
ddz-fast moves 33344455BR --prev 333B
ddz-fast moves 355 --rules laizi --wild 5
ddz-fast moves 33344455BR --json
"""


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("hand", help="the hand, e.g. 33344455BR (10 or T for ten)")
    parser.add_argument("--prev", metavar="MOVE",
                        help="only the moves that beat MOVE, the move to beat, e.g. KK or "
                             "333444555666:airplane@3 when the cards read several ways")
    add_rules_option(parser, wild=True)
    add_json_option(parser)


def move_record(move: Move, rules: RulesLike, wild: Optional[Wild] = None) -> Dict[str, Any]:
    """A move as JSON-ready data: ``key`` is the rank index, ``rank`` its letter, ``text``
    the notation that names the move exactly under ``rules`` (and the wild ranks ``wild``);
    with wild ranks, also ``reading`` (the cards its main part is read as) and
    ``bomb_class`` (soft, hard or laizi for a bomb, else None)."""
    record: Dict[str, Any] = {
        "type": move.type, "key": move.key, "rank": RANK_LETTERS[move.key],
        "length": move.length, "cards": move.cards, "text": format_move(move, rules, wild)}
    if wild is not None:
        record.update(reading=_format(move.reading), bomb_class=move.bomb_class)
    return record


def context_text(args: argparse.Namespace) -> str:
    """``the laizi rules with wild 5``: the rules, and the wild ranks when there are any."""
    wild = "" if args.wild is None else f" with wild {wild_text(args.wild)}"
    return f"the {rules_name(args.rules)} rules{wild}"


def run(args: argparse.Namespace) -> int:
    rules, wild = args.rules, args.wild
    hand = Hand(args.hand, decks=rules.decks)
    prev = None if args.prev is None else parse_move_text(args.prev, rules, wild)
    if prev is not None and prev.is_pass:
        raise ValueError("--prev needs the move to beat, not pass")
    moves: List[Move] = list(legal_moves(hand, prev, rules=rules, wild=wild))
    groups = group_by_type(moves)
    prev_text = None if prev is None else format_move(prev, rules, wild)
    if args.json:
        document = {"hand": str(hand), "rules": rules_name(rules), "prev": prev_text,
                    "count": len(moves),
                    "by_type": {kind: len(group) for kind, group in groups},
                    "moves": [move_record(m, rules, wild) for m in moves]}
        if wild is not None:
            document["wild"] = wild_text(wild)
        print_json(document)
        return 0
    for kind, group in groups:
        print(f"{kind} ({len(group)}): {' '.join(format_move(m, rules, wild) for m in group)}")
    context = context_text(args)
    if prev is None:
        print(f"{len(moves)} moves under {context}")
    elif moves:
        print(f"{len(moves)} moves beating {prev_text}, or pass, under {context}")
    else:
        print(f"no move beats {prev_text} under {context}: pass")
    return 0
