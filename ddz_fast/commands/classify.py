"""``ddz-fast classify CARDS``: every reading of a set of cards as one move."""
from __future__ import annotations

import argparse

import ddz_fast
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
    cards = Hand(args.cards)
    readings = list(ddz_fast.classify(cards, rules=args.rules))
    if args.json:
        print_json([move_record(m) for m in readings])
    elif not readings:
        print(f"{cards or 'no cards'} is not a combination under the "
              f"{rules_name(args.rules)} rules")
    else:
        for move in readings:
            print(f"{move.type} key={RANK_LETTERS[move.key]} length={move.length}: "
                  f"{format_move(move)}")
    return 0
