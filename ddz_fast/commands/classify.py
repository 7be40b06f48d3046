"""``ddz-fast classify CARDS``: every reading of a set of cards as one move.

The key is written the same way in text and JSON: ``key`` is the rank index (0 for 3 ... 14
for the red joker, as ``Move.key``) and ``rank`` its rank letter.
"""
from __future__ import annotations

import argparse

from ddz_fast.api import classify
from ddz_fast.cards import RANK_LETTERS
from ddz_fast.hand import Hand
from ddz_fast.notation import format_move

from ._common import add_json_option, add_rules_option, print_json, rules_name
from .moves import move_record

NAME = "classify"
HELP = "every reading of a set of cards as a move"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("cards", help="the cards, e.g. 333444555666")
    add_rules_option(parser)
    add_json_option(parser)


def run(args: argparse.Namespace) -> int:
    cards = Hand(args.cards, decks=args.rules.decks)
    readings = list(classify(cards, rules=args.rules))
    if args.json:
        print_json([move_record(m, args.rules) for m in readings])
    elif not readings:
        print(f"{cards or 'no cards'} is not a combination under the "
              f"{rules_name(args.rules)} rules")
    else:
        for move in readings:
            print(f"{move.type} key={move.key} rank={RANK_LETTERS[move.key]} "
                  f"length={move.length}: {format_move(move, args.rules)}")
    return 0
