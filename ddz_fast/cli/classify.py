"""``ddz-fast classify CARDS``: every reading of a set of cards as one move.

The key is written the same way in text and JSON: ``key`` is the rank index (0 for 3 ... 14
for the red joker, as ``Move.key``) and ``rank`` its rank letter.

With wild cards (``--rules laizi --wild 5``) every reading is listed, each written
``CARDS=READING`` when the cards read more than one way; a bomb's line names its class too
(soft, hard or laizi), which decides between bombs of as many cards.
"""
from __future__ import annotations

import argparse

from ddz_fast.moves import classify
from ddz_fast.cards import RANK_LETTERS
from ddz_fast.hand import Hand
from ddz_fast.moves.notation import format_move

from .common import add_json_option, add_rules_option, print_json
from .moves import context_text, move_record

NAME = "classify"
HELP = "every reading of a set of cards as a move"
#: What ``ddz-fast classify --help`` prints, as plain text: what the command does, and
#: examples of its use.
DESCRIPTION = """\
Every reading of a set of cards as one move: its type, key (the rank index,
0 for 3 ... 14 for the red joker), key rank and length, and the text that
names that reading exactly. No output means no combination.

With wild cards (--rules laizi --wild 5) every reading is listed, written
CARDS=READING when the cards read more than one way; a bomb's line names its
class too (soft, hard or laizi).
"""
EXAMPLES = """\
ddz-fast classify 333444555666 --rules douzero
ddz-fast classify 345T --rules tiandi_laizi --wild 5T
"""


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("cards", help="the cards, e.g. 333444555666")
    add_rules_option(parser, wild=True)
    add_json_option(parser)


def run(args: argparse.Namespace) -> int:
    rules, wild = args.rules, args.wild
    cards = Hand(args.cards, decks=rules.decks)
    readings = list(classify(cards, rules=rules, wild=wild))
    if args.json:
        print_json([move_record(m, rules, wild) for m in readings])
    elif not readings:
        print(f"{cards or 'no cards'} is not a combination under {context_text(args)}")
    else:
        for move in readings:
            bomb_class = "" if wild is None or move.bomb_class is None \
                else f" class={move.bomb_class}"
            print(f"{move.type} key={move.key} rank={RANK_LETTERS[move.key]} "
                  f"length={move.length}{bomb_class}: {format_move(move, rules, wild)}")
    return 0
